//! A default framebuffer shown in an X window, shared by GLX windows and EGL window
//! surfaces: contexts render into galvan's own images (GL's lower-left origin, rows
//! bottom up), and a swap blits them upright into the window's Vulkan swapchain.

use super::backend::{self, Framebuffer, WindowTarget};
use super::x11::{self, XDisplay};

pub struct XWindowFramebuffer {
    target: WindowTarget,
    srgb: bool,
    depth_bits: u32,
    stencil_bits: u32,
    pub framebuffer: Framebuffer,
    pub width: u32,
    pub height: u32,
}

impl XWindowFramebuffer {
    /// A swapchain on `window` of `display`'s `screen` and a framebuffer of the window's
    /// present size, `width` x `height`.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        display: XDisplay,
        screen: i32,
        window: u64,
        width: u32,
        height: u32,
        srgb: bool,
        depth_bits: u32,
        stencil_bits: u32,
    ) -> Result<Self, String> {
        let (raw_display, raw_window) =
            x11::raw_handles(display, screen, window).ok_or("no display connection")?;
        let target = backend::create_window_target(raw_display, raw_window, width, height)?;
        let framebuffer = backend::create_framebuffer(width, height, srgb, depth_bits, stencil_bits)?;
        Ok(XWindowFramebuffer { target, srgb, depth_bits, stencil_bits, framebuffer, width, height })
    }

    /// Submits the current context's work and shows the colour buffer in the window.
    pub fn present(&mut self) -> Result<(), String> {
        backend::present(&mut self.target, &self.framebuffer)
    }

    /// Follows the window to a new size (as the X server reports it after a swap):
    /// a new swapchain and new, undefined buffers. Returns whether anything changed, in
    /// which case the caller rebinds the framebuffer to the context drawing into it.
    pub fn resize_to(&mut self, width: u32, height: u32) -> Result<bool, String> {
        if (width, height) == (self.width, self.height) || width == 0 || height == 0 {
            return Ok(false);
        }
        backend::resize(&mut self.target, width, height)?;
        self.framebuffer =
            backend::create_framebuffer(width, height, self.srgb, self.depth_bits, self.stencil_bits)?;
        self.width = width;
        self.height = height;
        Ok(true)
    }
}
