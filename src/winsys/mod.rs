//! Window systems: galvan as a glvnd vendor, for EGL and for GLX.
//!
//! glvnd's libEGL loads `libEGL_galvan.so.0` through its JSON manifest and calls
//! `__egl_Main`; from then on EGL calls reach [`egl`] and GL calls reach the
//! generated entry points of `gl_frontend`, found through the same proc-address
//! lookup.

pub mod backend;
pub mod device;
pub mod egl;
pub mod glvnd_abi;
pub mod glx;
mod thread_token;
pub mod x11;
pub mod x11_pixmap;
pub mod x11_window;
