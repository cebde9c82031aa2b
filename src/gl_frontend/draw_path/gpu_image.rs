//! The Vulkan image behind a texture or renderbuffer, created (and filled from the host
//! copy) the first time the GPU needs it. From then on the GPU image holds the contents.

use vk_backend::{Aspect, Format, Image, ImageDesc, ImageRegion, ImageView, ImageViewDesc, Swizzle, ViewType};

use crate::context::ContextState;
use crate::objects::sampler::SamplerState;
use crate::objects::texture::Texture;
use crate::objects::texture_image::Region;
use crate::objects::texture_target::{self, SampleKind};
use crate::pixels::TexelFormat;
use crate::types::enums::*;
use crate::types::*;

/// A GPU image and the views made of it so far.
#[derive(Clone, Debug)]
pub struct GpuImage {
    pub image: Image,
    /// The GL level the image's level 0 holds (a texture defined from a base level above 0
    /// starts its image there).
    pub anchor: u32,
    /// Attachment views made so far, by (image level, first layer, layer count).
    attachment_views: Vec<((u32, u32, u32), ImageView)>,
    /// Sampling views made so far, by what they were made with (base and max level, swizzle).
    sample_views: Vec<ImageView>,
}

impl GpuImage {
    fn new(image: Image, anchor: u32) -> Self {
        GpuImage { image, anchor, attachment_views: Vec::new(), sample_views: Vec::new() }
    }

    /// Whether the image holds GL level `level`.
    pub fn holds_level(&self, level: u32) -> bool {
        level >= self.anchor && level - self.anchor < self.image.desc().levels
    }

    /// A view for sampling, made once per description.
    pub fn sample_view(&mut self, desc: &ImageViewDesc) -> vk_backend::Result<ImageView> {
        if let Some(v) = self.sample_views.iter().find(|v| v.desc() == desc) {
            return Ok(v.clone());
        }
        let view = self.image.create_view(desc)?;
        self.sample_views.push(view.clone());
        Ok(view)
    }

    /// The attachment view of `count` layers from `first` of image level `level`, made once.
    pub fn attachment_view(&mut self, level: u32, first: u32, count: u32) -> vk_backend::Result<ImageView> {
        let key = (level, first, count);
        if let Some((_, v)) = self.attachment_views.iter().find(|(k, _)| *k == key) {
            return Ok(v.clone());
        }
        let view = self.image.create_layers_attachment_view(level, first, count)?;
        self.attachment_views.push((key, view.clone()));
        Ok(view)
    }
}

/// The layers an attachment of GL level `level` of `texture` can name: array layers, cube
/// faces (six a cube), or the level's depth slices for a 3D texture.
pub fn attachment_layers(texture: &Texture, level: u32) -> u32 {
    let Some(image) = texture.face_level(0, level as usize) else { return 0 };
    match texture.target {
        GL_TEXTURE_1D_ARRAY => image.height,
        GL_TEXTURE_2D_ARRAY | GL_TEXTURE_CUBE_MAP_ARRAY | GL_TEXTURE_2D_MULTISAMPLE_ARRAY | GL_TEXTURE_3D => image.depth,
        GL_TEXTURE_CUBE_MAP => 6,
        _ => 1,
    }
}

/// The image region of a GL sub-image: where `region` of `level` of `face` lies in an
/// image made for `target` (array layers are Vulkan layers, cube faces too).
pub fn image_region(target: GLenum, face: usize, image_level: u32, region: &Region, aspect: Aspect) -> ImageRegion {
    let [x, y, z] = region.offset;
    let [w, h, d] = region.size;
    let (offset, extent, base_layer, layer_count) = match target {
        GL_TEXTURE_1D_ARRAY => ([x, 0, 0], [w, 1, 1], y, h),
        GL_TEXTURE_2D_ARRAY | GL_TEXTURE_CUBE_MAP_ARRAY | GL_TEXTURE_2D_MULTISAMPLE_ARRAY => ([x, y, 0], [w, h, 1], z, d),
        GL_TEXTURE_CUBE_MAP => ([x, y, 0], [w, h, 1], face as u32, 1),
        _ => ([x, y, z], [w, h, d], 0, 1),
    };
    ImageRegion { aspect, level: image_level, base_layer, layer_count, offset: offset.map(|o| o as i32), extent }
}

/// A GL swizzle source as a view component.
fn map_swizzle(source: GLenum) -> Swizzle {
    match source {
        GL_GREEN => Swizzle::G,
        GL_BLUE => Swizzle::B,
        GL_ALPHA => Swizzle::A,
        GL_ZERO => Swizzle::Zero,
        GL_ONE => Swizzle::One,
        _ => Swizzle::R,
    }
}

/// The Vulkan format backing a texel format.
pub fn vk_format(format: TexelFormat) -> Format {
    match format {
        TexelFormat::Unorm8 { channels: 1 } => Format::R8Unorm,
        TexelFormat::Unorm8 { channels: 2 } => Format::Rg8Unorm,
        TexelFormat::Unorm8 { .. } => Format::Rgba8Unorm,
        TexelFormat::Unorm16 { channels: 1 } => Format::R16Unorm,
        TexelFormat::Unorm16 { channels: 2 } => Format::Rg16Unorm,
        TexelFormat::Unorm16 { .. } => Format::Rgba16Unorm,
        TexelFormat::Float16 { channels: 1 } => Format::R16Float,
        TexelFormat::Float16 { channels: 2 } => Format::Rg16Float,
        TexelFormat::Float16 { .. } => Format::Rgba16Float,
        TexelFormat::Float32 { channels: 1 } => Format::R32Float,
        TexelFormat::Float32 { channels: 2 } => Format::Rg32Float,
        TexelFormat::Float32 { .. } => Format::Rgba32Float,
        TexelFormat::Depth { bits: 16 } => Format::D16Unorm,
        TexelFormat::Depth { bits: 24 } => Format::D24Unorm,
        TexelFormat::Depth { .. } => Format::D32Float,
        TexelFormat::DepthStencil { depth_bits: 24 } => Format::D24UnormS8Uint,
        TexelFormat::DepthStencil { .. } => Format::D32FloatS8Uint,
        TexelFormat::Int { bits, channels, signed } => match (bits, channels, signed) {
            (8, 1, false) => Format::R8Uint,
            (8, 1, true) => Format::R8Sint,
            (8, 2, false) => Format::Rg8Uint,
            (8, 2, true) => Format::Rg8Sint,
            (8, _, false) => Format::Rgba8Uint,
            (8, _, true) => Format::Rgba8Sint,
            (16, 1, false) => Format::R16Uint,
            (16, 1, true) => Format::R16Sint,
            (16, 2, false) => Format::Rg16Uint,
            (16, 2, true) => Format::Rg16Sint,
            (16, _, false) => Format::Rgba16Uint,
            (16, _, true) => Format::Rgba16Sint,
            (_, 1, false) => Format::R32Uint,
            (_, 1, true) => Format::R32Sint,
            (_, 2, false) => Format::Rg32Uint,
            (_, 2, true) => Format::Rg32Sint,
            (_, _, false) => Format::Rgba32Uint,
            (_, _, true) => Format::Rgba32Sint,
        },
    }
}

/// The texel format galvan uses for a Vulkan format it reads back.
pub fn texel_format_of(format: Format) -> Option<TexelFormat> {
    Some(match format {
        Format::R8Unorm => TexelFormat::Unorm8 { channels: 1 },
        Format::Rg8Unorm => TexelFormat::Unorm8 { channels: 2 },
        // sRGB images read back their stored (encoded) values, as GL's glReadPixels does.
        Format::Rgba8Unorm | Format::Rgba8Srgb => TexelFormat::Unorm8 { channels: 4 },
        Format::R16Unorm => TexelFormat::Unorm16 { channels: 1 },
        Format::Rg16Unorm => TexelFormat::Unorm16 { channels: 2 },
        Format::Rgba16Unorm => TexelFormat::Unorm16 { channels: 4 },
        Format::R16Float => TexelFormat::Float16 { channels: 1 },
        Format::Rg16Float => TexelFormat::Float16 { channels: 2 },
        Format::Rgba16Float => TexelFormat::Float16 { channels: 4 },
        Format::R32Float => TexelFormat::Float32 { channels: 1 },
        Format::Rg32Float => TexelFormat::Float32 { channels: 2 },
        Format::Rgba32Float => TexelFormat::Float32 { channels: 4 },
        Format::D16Unorm => TexelFormat::Depth { bits: 16 },
        Format::D24Unorm => TexelFormat::Depth { bits: 24 },
        Format::D32Float => TexelFormat::Depth { bits: 32 },
        Format::D24UnormS8Uint => TexelFormat::DepthStencil { depth_bits: 24 },
        Format::D32FloatS8Uint => TexelFormat::DepthStencil { depth_bits: 32 },
        Format::R8Uint => TexelFormat::Int { bits: 8, channels: 1, signed: false },
        Format::R8Sint => TexelFormat::Int { bits: 8, channels: 1, signed: true },
        Format::Rg8Uint => TexelFormat::Int { bits: 8, channels: 2, signed: false },
        Format::Rg8Sint => TexelFormat::Int { bits: 8, channels: 2, signed: true },
        Format::Rgba8Uint => TexelFormat::Int { bits: 8, channels: 4, signed: false },
        Format::Rgba8Sint => TexelFormat::Int { bits: 8, channels: 4, signed: true },
        Format::R16Uint => TexelFormat::Int { bits: 16, channels: 1, signed: false },
        Format::R16Sint => TexelFormat::Int { bits: 16, channels: 1, signed: true },
        Format::Rg16Uint => TexelFormat::Int { bits: 16, channels: 2, signed: false },
        Format::Rg16Sint => TexelFormat::Int { bits: 16, channels: 2, signed: true },
        Format::Rgba16Uint => TexelFormat::Int { bits: 16, channels: 4, signed: false },
        Format::Rgba16Sint => TexelFormat::Int { bits: 16, channels: 4, signed: true },
        Format::R32Uint => TexelFormat::Int { bits: 32, channels: 1, signed: false },
        Format::R32Sint => TexelFormat::Int { bits: 32, channels: 1, signed: true },
        Format::Rg32Uint => TexelFormat::Int { bits: 32, channels: 2, signed: false },
        Format::Rg32Sint => TexelFormat::Int { bits: 32, channels: 2, signed: true },
        Format::Rgba32Uint => TexelFormat::Int { bits: 32, channels: 4, signed: false },
        Format::Rgba32Sint => TexelFormat::Int { bits: 32, channels: 4, signed: true },
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
    /// Makes the GPU image of `texture` holding its levels from `anchor` on (every face and
    /// layer), uploaded from the host copy.
    fn create_texture_image(&mut self, texture: &Texture, anchor: usize) -> Result<Option<GpuImage>, vk_backend::Error> {
        let levels = texture.chain_from(anchor);
        let Some(base) = texture.level(anchor).filter(|_| levels > 0) else { return Ok(None) };
        let target = texture.target;
        let (width, height, depth, layers) = match target {
            GL_TEXTURE_1D => (base.width, 1, 1, 1),
            GL_TEXTURE_1D_ARRAY => (base.width, 1, 1, base.height),
            GL_TEXTURE_3D => (base.width, base.height, base.depth, 1),
            GL_TEXTURE_2D_ARRAY | GL_TEXTURE_CUBE_MAP_ARRAY => (base.width, base.height, 1, base.depth),
            GL_TEXTURE_CUBE_MAP => (base.width, base.height, 1, 6),
            _ => (base.width, base.height, 1, 1),
        };
        let desc = ImageDesc {
            dimension: texture_target::image_dimension(target),
            format: vk_format(base.format),
            width,
            height,
            depth,
            layers,
            levels: levels as u32,
            samples: base.samples.max(1),
        };
        let image = Image::new(&self.device, &desc)?;
        // Multisample images have no host contents to upload.
        let host_images = if desc.samples > 1 { &[][..] } else { &texture.faces[..] };
        for (face, images) in host_images.iter().enumerate() {
            for (image_level, tex) in images.iter().skip(anchor).take(levels).enumerate() {
                let Some(tex) = tex else { continue };
                let region = Region { offset: [0; 3], size: tex.size() };
                for &aspect in upload_aspects(tex.format) {
                    let r = image_region(target, face, image_level as u32, &region, aspect);
                    self.stream.write_image(&image, &r, &aspect_bytes(tex.format, &tex.data, aspect))?;
                }
            }
        }
        Ok(Some(GpuImage::new(image, anchor as u32)))
    }

    /// Makes sure `texture` has a GPU image holding level `level` when it can: the image
    /// starts at level 0 when the levels from there reach `level`, else at `level` itself.
    fn ensure_texture_image(&mut self, texture: &mut Texture, level: usize) -> Result<(), vk_backend::Error> {
        if texture.gpu.as_ref().is_some_and(|g| g.holds_level(level as u32)) {
            return Ok(());
        }
        let anchor = if texture.chain_from(0) > level { 0 } else { level };
        if let Some(gpu) = self.create_texture_image(texture, anchor)? {
            texture.gpu = Some(gpu);
        }
        Ok(())
    }

    /// Writes `texels` (tightly packed, galvan's host layout) into `region` of GL level
    /// `level` of `face` in a texture's GPU image, in stream order.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn write_texture_region(&mut self, gpu: &GpuImage, target: GLenum, face: usize, level: u32, region: &Region, texel: TexelFormat, texels: &[u8]) -> Result<(), vk_backend::Error> {
        if !gpu.holds_level(level) {
            return Ok(());
        }
        for &aspect in upload_aspects(texel) {
            let r = image_region(target, face, level - gpu.anchor, region, aspect);
            self.stream.write_image(&gpu.image, &r, &aspect_bytes(texel, texels, aspect))?;
        }
        Ok(())
    }

    /// Reads GL level `level` of `face` back from a texture's GPU image, in galvan's host
    /// layout; `None` when the image does not hold that level.
    pub(crate) fn read_texture_level(&mut self, gpu: &GpuImage, target: GLenum, face: usize, level: u32, like: &crate::objects::texture::TexImage) -> Result<Option<Vec<u8>>, vk_backend::Error> {
        if !gpu.holds_level(level) || like.is_empty() {
            return Ok(None);
        }
        let region = Region { offset: [0; 3], size: like.size() };
        let read = |stream: &mut vk_backend::CommandStream, aspect| stream.read_image(&gpu.image, &image_region(target, face, level - gpu.anchor, &region, aspect));
        let data = match like.format {
            TexelFormat::DepthStencil { .. } => {
                let depth = read(&mut self.stream, Aspect::Depth)?;
                join_depth_stencil(&depth, &read(&mut self.stream, Aspect::Stencil)?)
            }
            TexelFormat::Depth { .. } => read(&mut self.stream, Aspect::Depth)?,
            _ => read(&mut self.stream, Aspect::Color)?,
        };
        Ok(Some(data))
    }

    /// The attachment view of a texture level: one layer (an array layer, a cube face, a 3D
    /// slice) or, for a layered attachment, all of them; creates the texture's image if needed.
    pub(crate) fn texture_attachment_view(&mut self, name: GLuint, level: u32, layer: u32, layered: bool) -> Result<Option<ImageView>, vk_backend::Error> {
        let share = self.share.clone();
        let mut objects = share.lock();
        let Some(texture) = objects.textures.get_mut(name) else { return Ok(None) };
        self.ensure_texture_image(texture, level as usize)?;
        let layers = attachment_layers(texture, level);
        let Some(gpu) = texture.gpu.as_mut().filter(|g| g.holds_level(level)) else { return Ok(None) };
        let image_level = level - gpu.anchor;
        let (first, count) = if layered { (0, layers) } else { (layer, 1) };
        if count == 0 || first + count > layers {
            return Ok(None);
        }
        gpu.attachment_view(image_level, first, count).map(Some)
    }

    /// The view and sampler state a sampler of GLSL type `sampler_type` reads on texture
    /// `unit`: the bound texture's levels base..max with its swizzle, or an incomplete
    /// texture's (0, 0, 0, 1) when it cannot be sampled.
    pub(crate) fn texture_sample_view(&mut self, unit: u32, sampler_type: GLenum) -> Result<(ImageView, SamplerState), vk_backend::Error> {
        if let Some(pixels) = self.pixel_rectangle.as_ref().filter(|_| unit == crate::fixed_function::fragment_ir::PIXEL_RECTANGLE_UNIT) {
            return Ok(pixels.sample());
        }
        let (target, kind) = texture_target::sampler_type_target(sampler_type);
        let index = texture_target::target_index(target);
        let name = index.and_then(|i| self.bindings.textures.get(unit as usize).map(|t| t[i])).unwrap_or(0);
        let sampler_name = self.bindings.samplers.get(unit as usize).copied().unwrap_or(0);
        let share = self.share.clone();
        let mut objects = share.lock();
        let sampler_override = objects.samplers.get(sampler_name).map(|s| s.state);
        let mut found = None;
        if let Some(texture) = objects.textures.get_mut(name).filter(|_| name != 0) {
            let state = sampler_override.unwrap_or(texture.sampler);
            if texture.is_complete(&state) {
                let base = texture.effective_base_level();
                self.ensure_texture_image(texture, base as usize)?;
                let max = texture.effective_max_level();
                let (swizzle, stencil) = (texture.swizzle, texture.depth_stencil_mode == GL_STENCIL_INDEX);
                // The base format's own spreading (luminance, intensity, alpha), then the
                // application's GL_TEXTURE_SWIZZLE_* on top of it.
                let base_swizzle = texture.face_level(0, base as usize).map_or([GL_RED, GL_GREEN, GL_BLUE, GL_ALPHA], |i| crate::pixels::base_format_swizzle(i.internal_format));
                let swizzle = swizzle.map(|source| match source {
                    GL_RED => base_swizzle[0],
                    GL_GREEN => base_swizzle[1],
                    GL_BLUE => base_swizzle[2],
                    GL_ALPHA => base_swizzle[3],
                    other => other,
                });
                if let Some(gpu) = texture.gpu.as_mut().filter(|g| g.holds_level(base)) {
                    let d = *gpu.image.desc();
                    let last = (gpu.anchor + d.levels - 1).min(max.max(base));
                    let aspect = if d.format.has_depth() && !(stencil && d.format.has_stencil()) {
                        Aspect::Depth
                    } else if d.format.has_stencil() {
                        Aspect::Stencil
                    } else {
                        Aspect::Color
                    };
                    let desc = ImageViewDesc {
                        view_type: texture_target::view_type(target),
                        aspect,
                        base_level: base - gpu.anchor,
                        level_count: last - base + 1,
                        base_layer: 0,
                        layer_count: d.layers,
                        swizzle: swizzle.map(map_swizzle),
                        format: None,
                    };
                    found = Some((gpu.sample_view(&desc)?, state));
                }
            }
        }
        drop(objects);
        match found {
            Some(f) => Ok(f),
            None => {
                let mut state = sampler_override.unwrap_or_else(|| SamplerState::new(target));
                // Integer formats are never filtered.
                if kind != SampleKind::Float {
                    (state.min_filter, state.mag_filter) = (GL_NEAREST, GL_NEAREST);
                }
                Ok((self.fallback_texture_view(target, kind)?, state))
            }
        }
    }

    /// What sampling an incomplete texture returns, (0, 0, 0, 1), as a 1x1 view of the type
    /// and kind the shader declares, made once per type and kind.
    fn fallback_texture_view(&mut self, target: GLenum, kind: SampleKind) -> Result<ImageView, vk_backend::Error> {
        let view_type = texture_target::view_type(target);
        if let Some((_, view)) = self.fallback_texture.iter().find(|(key, _)| *key == (view_type, kind)) {
            return Ok(view.clone());
        }
        let format = match kind {
            SampleKind::Float => Format::Rgba8Unorm,
            SampleKind::Sint => Format::Rgba8Sint,
            SampleKind::Uint => Format::Rgba8Uint,
        };
        let layers = if matches!(view_type, ViewType::Cube | ViewType::CubeArray) { 6 } else { 1 };
        let mut desc = ImageDesc::new_2d(format, 1, 1);
        desc.dimension = texture_target::image_dimension(target);
        desc.layers = layers;
        let image = Image::new(&self.device, &desc)?;
        let texels: Vec<u8> = (0..layers).flat_map(|_| [0, 0, 0, 1]).map(|v| if kind == SampleKind::Float { v * 255 } else { v }).collect();
        let region = ImageRegion { layer_count: layers, ..ImageRegion::rect(0, 0, 1, 1) };
        self.stream.write_image(&image, &region, &texels)?;
        let view = image.create_view(&ImageViewDesc {
            view_type,
            aspect: Aspect::Color,
            base_level: 0,
            level_count: 1,
            base_layer: 0,
            layer_count: layers,
            swizzle: [Swizzle::R, Swizzle::G, Swizzle::B, Swizzle::A],
            format: None,
        })?;
        self.fallback_texture.push(((view_type, kind), view.clone()));
        Ok(view)
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
            rb.gpu = Some(GpuImage::new(Image::new(&self.device, &desc)?, 0));
        }
        rb.gpu.as_mut().expect("created above").attachment_view(0, 0, 1).map(Some)
    }
}

/// The shape used to key fallback views.
pub type FallbackKey = (ViewType, SampleKind);
