//! galvan's EGL 1.5, as a glvnd vendor.
//!
//! glvnd owns the exported `egl*` symbols, eglGetDisplay, eglBindAPI and the
//! current-context record; galvan hands it the functions of [`entry_points`]
//! through `getProcAddress` and answers for its displays.
//! Platforms: EGL_MESA_platform_surfaceless, with pbuffer surfaces and surfaceless
//! contexts; EGL_KHR_platform_x11, adding window surfaces shown through a Vulkan
//! swapchain on the X window. The default display is X11's where `$DISPLAY` names a
//! server galvan can reach, surfaceless otherwise.

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
