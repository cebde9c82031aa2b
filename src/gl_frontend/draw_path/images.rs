//! Image units: glBindImageTexture, and the storage images draws and dispatches bind for
//! a program's image uniforms (binding 384 + the uniform's index, docs/conventions.md).

use vk_backend::{Aspect, BufferView, Format, ImageView, ImageViewDesc, Swizzle, ViewType};

use crate::context::ContextState;
use crate::draw_path::gpu_image::{attachment_layers, vk_format};
use crate::objects::program_link::LinkedProgram;
use crate::objects::texture_buffer::buffer_texture_format;
use crate::objects::texture_target;
use crate::pixels::{self, HostTexels};
use crate::types::enums::*;
use crate::types::*;

/// GL_MAX_IMAGE_UNITS.
pub const MAX_IMAGE_UNITS: u32 = 8;

/// What glBindImageTexture put on one image unit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ImageUnit {
    pub texture: GLuint,
    pub level: GLint,
    pub layered: bool,
    pub layer: GLint,
    pub access: GLenum,
    pub format: GLenum,
}

/// Whether a GL type enum names an image type.
pub(crate) fn is_image_type(gl_type: GLenum) -> bool {
    (GL_IMAGE_1D..=GL_UNSIGNED_INT_IMAGE_2D_MULTISAMPLE_ARRAY).contains(&gl_type)
}

/// Whether a GL type enum names a buffer image type (imageBuffer and its integer kinds).
pub(crate) fn is_buffer_image(gl_type: GLenum) -> bool {
    matches!(gl_type, GL_IMAGE_BUFFER | GL_INT_IMAGE_BUFFER | GL_UNSIGNED_INT_IMAGE_BUFFER)
}

/// What an image uniform element is bound to: an image view, or a buffer image's texel buffer.
pub(crate) enum StorageResource {
    Image(ImageView),
    TexelBuffer(BufferView),
}

impl StorageResource {
    pub(crate) fn bound(&self) -> vk_backend::BoundResource<'_> {
        match self {
            StorageResource::Image(view) => vk_backend::BoundResource::StorageImage { view },
            StorageResource::TexelBuffer(view) => vk_backend::BoundResource::StorageTexelBuffer { view },
        }
    }
}

/// The view type of one layer of a texture of `target`, for an image unit bound without
/// GL_TRUE for `layered`; `None` for targets without layers, which bind whole. A 3D
/// texture binds whole too: Vulkan views a 3D image's slice for rendering only.
fn layer_view_type(target: GLenum) -> Option<ViewType> {
    match target {
        GL_TEXTURE_1D_ARRAY => Some(ViewType::D1),
        GL_TEXTURE_2D_ARRAY | GL_TEXTURE_CUBE_MAP | GL_TEXTURE_CUBE_MAP_ARRAY | GL_TEXTURE_2D_MULTISAMPLE_ARRAY => Some(ViewType::D2),
        _ => None,
    }
}

/// The texel format a buffer image without a buffer texture is given a zeroed buffer in.
fn fallback_texel_format(gl_type: GLenum) -> Format {
    match gl_type {
        GL_INT_IMAGE_BUFFER => Format::Rgba32Sint,
        GL_UNSIGNED_INT_IMAGE_BUFFER => Format::Rgba32Uint,
        _ => Format::Rgba32Float,
    }
}

/// The formats an image unit may be bound with (the image format layout qualifiers).
fn is_image_unit_format(format: GLenum) -> bool {
    matches!(
        format,
        GL_RGBA32F | GL_RGBA16F | GL_RG32F | GL_RG16F | GL_R11F_G11F_B10F | GL_R32F | GL_R16F | GL_RGBA32UI | GL_RGBA16UI
            | GL_RGB10_A2UI | GL_RGBA8UI | GL_RG32UI | GL_RG16UI | GL_RG8UI | GL_R32UI | GL_R16UI | GL_R8UI | GL_RGBA32I
            | GL_RGBA16I | GL_RGBA8I | GL_RG32I | GL_RG16I | GL_RG8I | GL_R32I | GL_R16I | GL_R8I | GL_RGBA16 | GL_RGB10_A2
            | GL_RGBA8 | GL_RG16 | GL_RG8 | GL_R16 | GL_R8 | GL_RGBA16_SNORM | GL_RGBA8_SNORM | GL_RG16_SNORM | GL_RG8_SNORM
            | GL_R16_SNORM | GL_R8_SNORM
    )
}

impl ContextState {
    pub(crate) fn gl_bind_image_texture(&mut self, unit: GLuint, texture: GLuint, level: GLint, layered: GLboolean, layer: GLint, access: GLenum, format: GLenum) {
        if !self.check(unit < MAX_IMAGE_UNITS && level >= 0 && layer >= 0, GL_INVALID_VALUE) {
            return;
        }
        if !self.check(texture == 0 || self.share.lock().textures.get(texture).is_some(), GL_INVALID_VALUE) {
            return;
        }
        if !self.check(matches!(access, GL_READ_ONLY | GL_WRITE_ONLY | GL_READ_WRITE), GL_INVALID_ENUM) {
            return;
        }
        if !self.check(is_image_unit_format(format), GL_INVALID_VALUE) {
            return;
        }
        let units = &mut self.bindings.image_units;
        if units.len() < MAX_IMAGE_UNITS as usize {
            units.resize(MAX_IMAGE_UNITS as usize, ImageUnit::default());
        }
        units[unit as usize] = ImageUnit { texture, level, layered: layered != 0, layer, access, format };
    }

    /// The storage resources of the program's image uniforms, as (binding, element, resource).
    /// A unit with no texture (or a level the texture lacks) binds nothing the shader may
    /// rely on: GL leaves such access undefined, so a small fallback takes its place.
    pub(crate) fn image_resources(&mut self, exe: &LinkedProgram) -> Result<Vec<(u32, u32, StorageResource)>, vk_backend::Error> {
        let mut out = Vec::new();
        for u in exe.interface.uniforms.iter().filter(|u| is_image_type(u.gl_type)) {
            let Some(index) = u.sampler_index else { continue };
            let Some((binding, first)) = crate::draw_path::descriptor_arrays::descriptor_of(&exe.interface, u) else { continue };
            for element in 0..u.array_size.max(1) {
                let unit = exe.sampler_units.get((index + element) as usize).copied().unwrap_or(0);
                let bound = self.bindings.image_units.get(unit as usize).copied().unwrap_or_default();
                let resource = if is_buffer_image(u.gl_type) {
                    let view = match self.unit_texel_buffer(&bound)? {
                        Some(v) => v,
                        None => self.zeroed_texel_buffer(fallback_texel_format(u.gl_type))?,
                    };
                    StorageResource::TexelBuffer(view)
                } else {
                    let view = match self.unit_storage_view(&bound)? {
                        Some(v) => v,
                        None => self.fallback_storage_view()?,
                    };
                    StorageResource::Image(view)
                };
                out.push((binding, first + element, resource));
            }
        }
        Ok(out)
    }

    /// The view of what `bound` names: its level, all layers for a layered binding (or a
    /// target without layers), else its one layer, in the unit's format; `None` when the
    /// texture has no such level or layer.
    fn unit_storage_view(&mut self, bound: &ImageUnit) -> Result<Option<ImageView>, vk_backend::Error> {
        if bound.texture == 0 {
            return Ok(None);
        }
        let share = self.share.clone();
        let mut objects = share.lock();
        let Some(texture) = objects.textures.get_mut(bound.texture) else { return Ok(None) };
        let level = bound.level as u32;
        self.ensure_texture_image(texture, level as usize)?;
        let layers = attachment_layers(texture, level);
        let Some(image) = texture.face_level(0, level as usize) else { return Ok(None) };
        let unit_format = pixels::internal_texel_format(bound.format).filter(|f| *f != image.format && f.bytes_per_texel() == image.format.bytes_per_texel());
        let target = texture.target;
        let Some(gpu) = texture.gpu.as_mut().filter(|g| g.holds_level(level)) else { return Ok(None) };
        let (view_type, first, count) = match layer_view_type(target) {
            Some(single) if !bound.layered => (single, bound.layer as u32, 1),
            _ => (texture_target::view_type(target), 0, layers),
        };
        if count == 0 || first + count > layers {
            return Ok(None);
        }
        // A 3D image's slices are its depth, not layers.
        let (first, count) = if view_type == ViewType::D3 { (0, 1) } else { (first, count) };
        let desc = ImageViewDesc {
            view_type,
            aspect: Aspect::Color,
            base_level: level - gpu.anchor,
            level_count: 1,
            base_layer: first,
            layer_count: count,
            swizzle: [Swizzle::R, Swizzle::G, Swizzle::B, Swizzle::A],
            format: unit_format.map(vk_format),
        };
        gpu.sample_view(&desc).map(Some)
    }

    /// The texel buffer a buffer image reads and writes: the unit's buffer texture's range
    /// in the unit's format. The buffer is marked as written by shaders, so reading it
    /// back fetches what they stored.
    fn unit_texel_buffer(&mut self, bound: &ImageUnit) -> Result<Option<BufferView>, vk_backend::Error> {
        if bound.texture == 0 {
            return Ok(None);
        }
        let attached = self.share.lock().textures.get(bound.texture).and_then(|t| t.buffer);
        let Some(tb) = attached else { return Ok(None) };
        if let Some(b) = self.share.lock().buffers.get_mut(tb.buffer) {
            b.gpu_written = true;
        }
        let (Some(format), Some(buffer)) = (buffer_texture_format(bound.format), self.gpu_buffer(tb.buffer)?) else { return Ok(None) };
        Ok(BufferView::new(&buffer, format, tb.offset, tb.size.unwrap_or(u64::MAX)).ok())
    }

    /// A 1x1 RGBA8 image for image uniforms whose unit has nothing bound.
    fn fallback_storage_view(&mut self) -> Result<ImageView, vk_backend::Error> {
        let image = vk_backend::Image::new(&self.device, &vk_backend::ImageDesc::new_2d(vk_backend::Format::Rgba8Unorm, 1, 1))?;
        image.create_default_view()
    }
}
