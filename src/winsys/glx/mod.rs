//! galvan's GLX 1.4, as a glvnd vendor (`libGLX_galvan.so.0`).
//!
//! glvnd's libGLX owns the exported `glX*` symbols and the current-context record;
//! galvan hands it the functions of [`entry_points`] and renders into X windows
//! through a Vulkan swapchain made from the window (VK_KHR_xlib_surface), or into
//! pbuffers it owns. GLX_ARB_create_context (with profiles, robustness and ES
//! profiles) makes every kind of context galvan offers.

mod consts;
mod context;
mod current;
mod drawable;
mod entry_points;
mod fbconfig;
mod vendor;

pub use vendor::{glx_main, GlxApiExports, GlxApiImports};
