//! Framebuffer 0: the window system's surface a context draws to and reads from.

use std::sync::Arc;

use vk_backend::{Device, Format, Image, ImageDesc, ImageView};

/// What framebuffer 0 renders to: the window system's colour image and optional
/// depth/stencil image. Images are stored in GL row order (docs/conventions.md); the
/// window system flips only when presenting. A context's first make-current with a draw
/// surface sets its viewport and scissor to the surface's size.
#[derive(Clone)]
pub struct DefaultFramebuffer {
    color: Image,
    color_view: ImageView,
    depth_stencil: Option<(Image, ImageView)>,
}

impl DefaultFramebuffer {
    /// Wraps window-system-owned images (same size; `depth_stencil` of a depth format).
    pub fn new(color: Image, depth_stencil: Option<Image>) -> vk_backend::Result<Self> {
        let color_view = color.create_attachment_view(0, 0)?;
        let depth_stencil = match depth_stencil {
            Some(image) => {
                let view = image.create_attachment_view(0, 0)?;
                Some((image, view))
            }
            None => None,
        };
        Ok(DefaultFramebuffer { color, color_view, depth_stencil })
    }

    /// Allocates an RGBA8 colour image and, when `depth_stencil`, a 24/8 depth-stencil
    /// image: for pbuffers, surfaceless rendering and headless programs.
    pub fn allocate(device: &Arc<Device>, width: u32, height: u32, depth_stencil: bool) -> vk_backend::Result<Self> {
        let color = Image::new(device, &ImageDesc::new_2d(Format::Rgba8Unorm, width.max(1), height.max(1)))?;
        let ds = if depth_stencil {
            Some(Image::new(device, &ImageDesc::new_2d(Format::D24UnormS8Uint, width.max(1), height.max(1)))?)
        } else {
            None
        };
        DefaultFramebuffer::new(color, ds)
    }

    pub fn width(&self) -> u32 {
        self.color.desc().width
    }

    pub fn height(&self) -> u32 {
        self.color.desc().height
    }

    /// The colour image, for presenting (blit it flipped to the swapchain image).
    pub fn color_image(&self) -> &Image {
        &self.color
    }

    pub fn depth_stencil_image(&self) -> Option<&Image> {
        self.depth_stencil.as_ref().map(|(image, _)| image)
    }

    pub(crate) fn color_view(&self) -> &ImageView {
        &self.color_view
    }

    pub(crate) fn depth_stencil_view(&self) -> Option<&ImageView> {
        self.depth_stencil.as_ref().map(|(_, view)| view)
    }

    /// Bits of depth and stencil, for glGet and framebuffer queries.
    pub(crate) fn depth_stencil_bits(&self) -> (u32, u32) {
        match self.depth_stencil.as_ref().map(|(image, _)| image.desc().format) {
            Some(Format::D24UnormS8Uint) => (24, 8),
            Some(Format::D32FloatS8Uint) => (32, 8),
            Some(Format::D16Unorm) => (16, 0),
            Some(Format::D24Unorm) => (24, 0),
            Some(Format::D32Float) => (32, 0),
            Some(Format::S8Uint) => (0, 8),
            _ => (0, 0),
        }
    }
}

impl std::fmt::Debug for DefaultFramebuffer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "DefaultFramebuffer({}x{}, depth/stencil {:?})", self.width(), self.height(), self.depth_stencil_bits())
    }
}
