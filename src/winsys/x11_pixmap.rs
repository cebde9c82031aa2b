//! A default framebuffer whose picture lands in an X pixmap (EGL pixmap surfaces,
//! eglCopyBuffers): no swapchain reaches a pixmap, so the colour buffer is read back
//! and put into it whenever GL's rendering must become visible to X.

use super::backend::{self, ColorReader, Framebuffer};
use super::x11::{self, XDisplay};

pub struct XPixmapFramebuffer {
    display: usize,
    screen: i32,
    pixmap: u64,
    depth: u32,
    reader: ColorReader,
    pub framebuffer: Framebuffer,
    pub width: u32,
    pub height: u32,
}

impl XPixmapFramebuffer {
    /// Buffers the size of `pixmap` (`width` x `height`, X depth `depth`).
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        display: XDisplay,
        screen: i32,
        pixmap: u64,
        (width, height, depth): (u32, u32, u32),
        srgb: bool,
        depth_bits: u32,
        stencil_bits: u32,
    ) -> Result<Self, String> {
        let framebuffer = backend::create_framebuffer(width, height, srgb, depth_bits, stencil_bits)?;
        let reader = backend::create_color_reader()?;
        Ok(XPixmapFramebuffer { display: display as usize, screen, pixmap, depth, reader, framebuffer, width, height })
    }

    /// Puts what was rendered so far into the pixmap.
    pub fn update(&mut self) -> Result<(), String> {
        copy_into(&mut self.reader, &self.framebuffer, self.display as XDisplay, self.screen, self.pixmap, self.depth)
    }
}

/// Copies `framebuffer`'s colour into the X drawable `target` of depth `depth`, upright
/// and clipped to the drawable.
pub fn copy_into(
    reader: &mut ColorReader,
    framebuffer: &Framebuffer,
    display: XDisplay,
    screen: i32,
    target: u64,
    depth: u32,
) -> Result<(), String> {
    let (pixels, width, height) = reader.read_rgba8(framebuffer)?;
    if x11::put_rgba_bottom_up(display, screen, target, depth, width, height, &pixels) {
        Ok(())
    } else {
        Err(format!("XPutImage into 0x{target:x} failed"))
    }
}
