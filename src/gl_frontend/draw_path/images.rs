//! Image units: glBindImageTexture, and the storage images draws and dispatches bind for
//! a program's image uniforms (binding 384 + the uniform's index, docs/conventions.md).

use vk_backend::ImageView;

use crate::context::ContextState;
use crate::objects::program_link::LinkedProgram;
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

    /// The storage image views of the program's image uniforms, as (binding, element, view).
    /// A unit with no texture (or a level the texture lacks) binds nothing the shader may
    /// rely on: GL leaves such access undefined, so a 1x1 fallback image takes its place.
    pub(crate) fn image_resources(&mut self, exe: &LinkedProgram) -> Result<Vec<(u32, u32, ImageView)>, vk_backend::Error> {
        let mut out = Vec::new();
        for u in exe.interface.uniforms.iter().filter(|u| is_image_type(u.gl_type)) {
            let Some(index) = u.sampler_index else { continue };
            let Some((binding, first)) = crate::draw_path::descriptor_arrays::descriptor_of(&exe.interface, u) else { continue };
            for element in 0..u.array_size.max(1) {
                let unit = exe.sampler_units.get((index + element) as usize).copied().unwrap_or(0);
                let bound = self.bindings.image_units.get(unit as usize).copied().unwrap_or_default();
                let view = match bound.texture {
                    0 => None,
                    t => self.texture_attachment_view(t, bound.level as u32, 0, false, true)?.map(|a| a.view),
                };
                let view = match view {
                    Some(v) => v,
                    None => self.fallback_storage_view()?,
                };
                out.push((binding, first + element, view));
            }
        }
        Ok(out)
    }

    /// A 1x1 RGBA8 image for image uniforms whose unit has nothing bound.
    fn fallback_storage_view(&mut self) -> Result<ImageView, vk_backend::Error> {
        let image = vk_backend::Image::new(&self.device, &vk_backend::ImageDesc::new_2d(vk_backend::Format::Rgba8Unorm, 1, 1))?;
        image.create_default_view()
    }
}
