//! The Vulkan image behind a texture or renderbuffer, created (and filled from the host
//! copy) the first time the GPU needs it. From then on the GPU image holds the contents.

use vk_backend::{Aspect, Format, Image, ImageDesc, ImageRegion, ImageView};

use crate::context::ContextState;
use crate::objects::texture::TexImage;
use crate::pixels::TexelFormat;
use crate::types::*;

/// A GPU image and the attachment views made of it so far (one per level).
#[derive(Clone, Debug)]
pub struct GpuImage {
    pub image: Image,
    pub attachment_views: Vec<Option<ImageView>>,
    /// The view shaders sample, made once.
    pub sample_view: Option<ImageView>,
}

impl GpuImage {
    fn new(image: Image) -> Self {
        let levels = image.desc().levels as usize;
        GpuImage { image, attachment_views: vec![None; levels], sample_view: None }
    }

    /// The view of every level for sampling, made once.
    pub fn sample_view(&mut self) -> vk_backend::Result<ImageView> {
        if let Some(v) = &self.sample_view {
            return Ok(v.clone());
        }
        let view = self.image.create_default_view()?;
        self.sample_view = Some(view.clone());
        Ok(view)
    }

    /// The attachment view of `level`, made once.
    pub fn attachment_view(&mut self, level: u32) -> vk_backend::Result<ImageView> {
        let slot = &mut self.attachment_views[level as usize];
        if let Some(v) = slot {
            return Ok(v.clone());
        }
        let view = self.image.create_attachment_view(level, 0)?;
        *slot = Some(view.clone());
        Ok(view)
    }
}

/// The Vulkan format backing a texel format.
pub fn vk_format(format: TexelFormat) -> Format {
    match format {
        TexelFormat::Unorm8 { channels: 1 } => Format::R8Unorm,
        TexelFormat::Unorm8 { channels: 2 } => Format::Rg8Unorm,
        TexelFormat::Unorm8 { .. } => Format::Rgba8Unorm,
        TexelFormat::Float32 { channels: 1 } => Format::R32Float,
        TexelFormat::Float32 { channels: 2 } => Format::Rg32Float,
        TexelFormat::Float32 { .. } => Format::Rgba32Float,
        TexelFormat::Depth { bits: 16 } => Format::D16Unorm,
        TexelFormat::Depth { bits: 24 } => Format::D24Unorm,
        TexelFormat::Depth { .. } => Format::D32Float,
        TexelFormat::DepthStencil { depth_bits: 24 } => Format::D24UnormS8Uint,
        TexelFormat::DepthStencil { .. } => Format::D32FloatS8Uint,
    }
}

/// The texel format galvan uses for a Vulkan format it reads back.
pub fn texel_format_of(format: Format) -> Option<TexelFormat> {
    Some(match format {
        Format::R8Unorm => TexelFormat::Unorm8 { channels: 1 },
        Format::Rg8Unorm => TexelFormat::Unorm8 { channels: 2 },
        // sRGB images read back their stored (encoded) values, as GL's glReadPixels does.
        Format::Rgba8Unorm | Format::Rgba8Srgb => TexelFormat::Unorm8 { channels: 4 },
        Format::R32Float => TexelFormat::Float32 { channels: 1 },
        Format::Rg32Float => TexelFormat::Float32 { channels: 2 },
        Format::Rgba32Float => TexelFormat::Float32 { channels: 4 },
        Format::D16Unorm => TexelFormat::Depth { bits: 16 },
        Format::D24Unorm => TexelFormat::Depth { bits: 24 },
        Format::D32Float => TexelFormat::Depth { bits: 32 },
        Format::D24UnormS8Uint => TexelFormat::DepthStencil { depth_bits: 24 },
        Format::D32FloatS8Uint => TexelFormat::DepthStencil { depth_bits: 32 },
        _ => return None,
    })
}

/// Splits galvan's host texels into what `write_image` takes per aspect: colour as is,
/// depth as f32, stencil as bytes.
pub fn aspect_bytes(format: TexelFormat, data: &[u8], aspect: Aspect) -> Vec<u8> {
    match (format, aspect) {
        (TexelFormat::DepthStencil { .. }, Aspect::Depth) => data.chunks_exact(8).flat_map(|t| [t[0], t[1], t[2], t[3]]).collect(),
        (TexelFormat::DepthStencil { .. }, Aspect::Stencil) => data.chunks_exact(8).map(|t| t[4]).collect(),
        _ => data.to_vec(),
    }
}

/// Joins read-back aspects into galvan's host texel layout.
pub fn join_depth_stencil(depth: &[u8], stencil: &[u8]) -> Vec<u8> {
    depth.chunks_exact(4).zip(stencil).flat_map(|(d, &s)| [d[0], d[1], d[2], d[3], s, 0, 0, 0]).collect()
}

/// The aspects an upload of `format` writes.
pub fn upload_aspects(format: TexelFormat) -> &'static [Aspect] {
    match format {
        TexelFormat::DepthStencil { .. } => &[Aspect::Depth, Aspect::Stencil],
        TexelFormat::Depth { .. } => &[Aspect::Depth],
        _ => &[Aspect::Color],
    }
}

impl ContextState {
    /// Creates an image for `levels` (level 0 first, consecutive) and uploads them.
    pub(crate) fn create_gpu_image(&mut self, levels: &[&TexImage]) -> Result<GpuImage, vk_backend::Error> {
        let base = levels[0];
        let mut desc = ImageDesc::new_2d(vk_format(base.format), base.width.max(1), base.height.max(1));
        desc.levels = levels.len() as u32;
        let image = Image::new(&self.device, &desc)?;
        for (level, tex) in levels.iter().enumerate() {
            if tex.width == 0 || tex.height == 0 {
                continue;
            }
            for &aspect in upload_aspects(tex.format) {
                let region = ImageRegion { aspect, ..ImageRegion::rect(0, 0, tex.width, tex.height) };
                let region = ImageRegion { level: level as u32, ..region };
                self.stream.write_image(&image, &region, &aspect_bytes(tex.format, &tex.data, aspect))?;
            }
        }
        Ok(GpuImage::new(image))
    }

    /// The attachment view of a texture level, creating the texture's image if needed.
    pub(crate) fn texture_attachment_view(&mut self, name: GLuint, level: u32) -> Result<Option<ImageView>, vk_backend::Error> {
        let share = self.share.clone();
        let mut objects = share.lock();
        let Some(texture) = objects.textures.get_mut(name) else { return Ok(None) };
        if texture.gpu.is_none() {
            let chain = texture.mip_chain();
            if chain.is_empty() {
                return Ok(None);
            }
            texture.gpu = Some(self.create_gpu_image(&chain)?);
        }
        let gpu = texture.gpu.as_mut().expect("created above");
        if level >= gpu.image.desc().levels {
            return Ok(None);
        }
        gpu.attachment_view(level).map(Some)
    }

    /// The attachment view of a renderbuffer, creating its image if needed.
    pub(crate) fn renderbuffer_attachment_view(&mut self, name: GLuint) -> Result<Option<ImageView>, vk_backend::Error> {
        let share = self.share.clone();
        let mut objects = share.lock();
        let Some(rb) = objects.renderbuffers.get_mut(name) else { return Ok(None) };
        let Some(format) = rb.format else { return Ok(None) };
        if rb.gpu.is_none() {
            let mut desc = ImageDesc::new_2d(vk_format(format), rb.width.max(1), rb.height.max(1));
            desc.samples = rb.samples.max(1);
            rb.gpu = Some(GpuImage::new(Image::new(&self.device, &desc)?));
        }
        rb.gpu.as_mut().expect("created above").attachment_view(0).map(Some)
    }
}
