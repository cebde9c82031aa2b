//! The render targets of the bound draw framebuffer, and the image a read-back reads.

use vk_backend::{Image, ImageDimension, ImageRegion, RenderTargets};

use crate::context::ContextState;
use crate::draw_path::gpu_image::{storage_vk_format, AttachedView};
use crate::objects::framebuffer::{Attachment, MAX_COLOR_ATTACHMENTS};
use crate::types::enums::*;
use crate::types::*;
use crate::state::enables::Cap;
use gl_formats::TexelFormat;

/// Why the bound framebuffer cannot be drawn to or read from.
#[derive(Debug)]
pub(crate) enum TargetError {
    /// A GL error (GL_INVALID_FRAMEBUFFER_OPERATION, ...).
    Gl(GLenum),
    Backend(vk_backend::Error),
}

impl From<vk_backend::Error> for TargetError {
    fn from(e: vk_backend::Error) -> Self {
        TargetError::Backend(e)
    }
}

/// What a read-back reads: a level and layer of an image, and that level's size.
pub(crate) struct ReadSource {
    pub image: Image,
    pub level: u32,
    /// The array layer, cube face or (3D images) depth slice.
    pub layer: u32,
    pub extent: (u32, u32),
    /// The GL format of an attached image (LUMINANCE_ALPHA32UI reads back as L, 0, 0, A,
    /// not as the RG32UI it is stored in); `None` for the window's buffers.
    pub format: Option<TexelFormat>,
    /// The Vulkan format the attachment's bits are read as: a texture view's own, which
    /// may differ from its image's.
    pub view_format: vk_backend::Format,
}

impl ReadSource {
    /// The region of the source a `width` x `height` read-back at (x, y) reads.
    pub fn region(&self, x: i32, y: i32, width: u32, height: u32) -> ImageRegion {
        let rect = ImageRegion { level: self.level, ..ImageRegion::rect(x, y, width, height) };
        if self.image.desc().dimension == ImageDimension::D3 {
            ImageRegion { offset: [x, y, self.layer as i32], ..rect }
        } else {
            ImageRegion { base_layer: self.layer, ..rect }
        }
    }
}

/// Whether `format` is stored with an alpha channel its GL format lacks (RGB in RGBA).
fn has_alpha_padding(format: TexelFormat) -> bool {
    use gl_formats::BaseFormat;
    let has_alpha = matches!(format.info.base, BaseFormat::Alpha | BaseFormat::LuminanceAlpha | BaseFormat::Intensity | BaseFormat::Rgba);
    format.info.base.is_color() && !has_alpha && format.storage.channels() == 4
}

impl ContextState {
    pub(crate) fn report_target_error(&mut self, e: TargetError) {
        match e {
            TargetError::Gl(error) => self.record_error(error),
            TargetError::Backend(e) => self.backend_failed(e),
        }
    }

    /// The view behind an attachment, making GPU images as needed; `srgb_encode` says
    /// whether an sRGB image is written through its sRGB format.
    fn attachment_view(&mut self, a: Attachment, srgb_encode: bool) -> Result<Option<AttachedView>, vk_backend::Error> {
        match a {
            Attachment::None => Ok(None),
            Attachment::Texture { name, level, layer, layered } => self.texture_attachment_view(name, level, layer, layered, srgb_encode),
            Attachment::Renderbuffer { name } => self.renderbuffer_attachment_view(name, srgb_encode),
        }
    }

    /// The render targets of the draw framebuffer: draw buffer i is colour slot i.
    pub(crate) fn draw_targets(&mut self) -> Result<RenderTargets, TargetError> {
        let fb = self.bindings.draw_framebuffer;
        if fb == 0 {
            let Some(surface) = self.draw_surface.as_ref() else {
                return Err(TargetError::Gl(GL_INVALID_FRAMEBUFFER_OPERATION));
            };
            let mut targets = RenderTargets { extent: (surface.width(), surface.height()), ..Default::default() };
            targets.colors[0] = Some(surface.color_view().clone());
            targets.depth_stencil = surface.depth_stencil_view().cloned();
            return Ok(targets);
        }
        if self.framebuffer_status(fb) != GL_FRAMEBUFFER_COMPLETE {
            return Err(TargetError::Gl(GL_INVALID_FRAMEBUFFER_OPERATION));
        }
        let Some(framebuffer) = self.framebuffers.get(fb).cloned() else {
            return Err(TargetError::Gl(GL_INVALID_FRAMEBUFFER_OPERATION));
        };
        let mut targets = RenderTargets::default();
        let mut extent = (u32::MAX, u32::MAX);
        // Layered framebuffers render as many layers as the smallest attachment has.
        let mut layers = u32::MAX;
        // GL encodes to sRGB only while GL_FRAMEBUFFER_SRGB is enabled.
        let srgb_encode = self.state.enables.is(Cap::FramebufferSrgb);
        for slot in 0..MAX_COLOR_ATTACHMENTS {
            let buffer = framebuffer.draw_buffers[slot];
            if buffer == GL_NONE {
                continue;
            }
            let index = (buffer - GL_COLOR_ATTACHMENT0) as usize;
            if let Some(AttachedView { view, format }) = self.attachment_view(framebuffer.colors[index], srgb_encode)? {
                let (w, h) = view.extent();
                extent = (extent.0.min(w), extent.1.min(h));
                layers = layers.min(view.desc().layer_count);
                targets.colors[slot] = Some(view);
                if has_alpha_padding(format) {
                    targets.alpha_padding |= 1 << slot;
                }
            }
        }
        // Depth and stencil share one attachment view (the same image for both).
        let ds = if framebuffer.depth != Attachment::None { framebuffer.depth } else { framebuffer.stencil };
        if let Some(AttachedView { view, .. }) = self.attachment_view(ds, true)? {
            let (w, h) = view.extent();
            extent = (extent.0.min(w), extent.1.min(h));
            layers = layers.min(view.desc().layer_count);
            targets.depth_stencil = Some(view);
        }
        if !framebuffer.has_attachments() {
            // GL_ARB_framebuffer_no_attachments: rasterise over the default size.
            let d = framebuffer.defaults;
            extent = (d.width, d.height);
            layers = d.layers.max(1);
            targets.no_attachment_samples = self.no_attachment_samples(d.samples).max(1);
        }
        if extent.0 == u32::MAX {
            // Only attachments without images: nothing to render into.
            extent = (0, 0);
        }
        targets.extent = extent;
        targets.layers = if layers == u32::MAX { 1 } else { layers };
        Ok(targets)
    }

    /// [`Self::read_source`] for the reads that take single samples (glReadPixels,
    /// glCopyTexImage, glCopyTexSubImage): a multisample framebuffer object is
    /// GL_INVALID_OPERATION there (GL 4.6 sections 18.2.1 and 8.6).
    pub(crate) fn single_sample_read_source(&mut self, format: GLenum) -> Result<ReadSource, TargetError> {
        let source = self.read_source(format)?;
        if self.bindings.read_framebuffer != 0 && source.image.desc().samples > 1 {
            return Err(TargetError::Gl(GL_INVALID_OPERATION));
        }
        Ok(source)
    }

    /// Whether the read framebuffer's read buffer names an image: not GL_NONE, nor an
    /// attachment point with nothing attached.
    pub(crate) fn read_color_buffer_exists(&self) -> bool {
        let fb = self.bindings.read_framebuffer;
        match self.framebuffers.get(fb).filter(|_| fb != 0) {
            Some(framebuffer) => {
                let attachment = framebuffer.read_buffer.checked_sub(GL_COLOR_ATTACHMENT0).and_then(|i| framebuffer.colors.get(i as usize));
                framebuffer.read_buffer != GL_NONE && attachment.is_some_and(|&a| a != Attachment::None)
            }
            None => self.read_buffer() != GL_NONE && self.read_surface.is_some(),
        }
    }

    /// The image a read-back reads for `format` (colour, depth, stencil).
    pub(crate) fn read_source(&mut self, format: GLenum) -> Result<ReadSource, TargetError> {
        let depth_like = matches!(format, GL_DEPTH_COMPONENT | GL_STENCIL_INDEX | GL_DEPTH_STENCIL);
        let fb = self.bindings.read_framebuffer;
        if fb == 0 {
            let Some(surface) = self.read_surface.as_ref() else {
                return Err(TargetError::Gl(GL_INVALID_FRAMEBUFFER_OPERATION));
            };
            let size = (surface.width(), surface.height());
            let image = if depth_like { surface.depth_stencil_image().cloned() } else { Some(surface.color_image().clone()) };
            return image.map(|image| ReadSource { view_format: image.desc().format, image, level: 0, layer: 0, extent: size, format: None }).ok_or(TargetError::Gl(GL_INVALID_OPERATION));
        }
        if self.framebuffer_status(fb) != GL_FRAMEBUFFER_COMPLETE {
            return Err(TargetError::Gl(GL_INVALID_FRAMEBUFFER_OPERATION));
        }
        let Some(framebuffer) = self.framebuffers.get(fb).cloned() else {
            return Err(TargetError::Gl(GL_INVALID_FRAMEBUFFER_OPERATION));
        };
        let attachment = match format {
            GL_DEPTH_COMPONENT | GL_DEPTH_STENCIL => framebuffer.depth,
            GL_STENCIL_INDEX => framebuffer.stencil,
            _ if framebuffer.read_buffer == GL_NONE => return Err(TargetError::Gl(GL_INVALID_OPERATION)),
            _ => framebuffer.colors[(framebuffer.read_buffer - GL_COLOR_ATTACHMENT0) as usize],
        };
        let AttachedView { view, format } = self.attachment_view(attachment, true)?.ok_or(TargetError::Gl(GL_INVALID_OPERATION))?;
        // The image level the view shows (a texture's image may start above GL level 0).
        let (level, layer) = (view.desc().base_level, view.desc().base_layer);
        let format = Some(format).filter(|f| storage_vk_format(f.storage) == Some(view.format()));
        Ok(ReadSource { image: view.image().clone(), level, layer, extent: view.extent(), format, view_format: view.format() })
    }
}
