//! galvan's EGL 1.5, as a glvnd vendor.
//!
//! glvnd owns the exported `egl*` symbols, eglGetDisplay, eglBindAPI and the
//! current-context record; galvan hands it the functions of [`entry_points`]
//! through `getProcAddress` and answers for its displays.
//! Platforms: EGL_MESA_platform_surfaceless (and the default display), with
//! pbuffer surfaces and surfaceless contexts.

mod attrib_list;
pub mod config;
pub mod consts;
pub mod context;
mod current;
pub mod display;
mod entry_points;
mod error;
pub mod surface;
mod vendor;

pub use vendor::egl_main;
