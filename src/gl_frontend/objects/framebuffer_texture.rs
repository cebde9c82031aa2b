//! Texture attachments of framebuffer objects: glFramebufferTexture1D/2D/3D,
//! glFramebufferTextureLayer and glFramebufferTexture (layered), with GL 4.6 section 9.2.8's
//! errors. An attachment names one level and either one layer (an array layer, a cube face,
//! a 3D slice) or, layered, all of them.

use crate::context::ContextState;
use crate::objects::framebuffer::Attachment;
use crate::objects::texture_target::{self, face_index, CUBE_FACES};
use crate::types::enums::*;
use crate::types::*;

/// Which command attaches, as far as its checks differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TextureAttach {
    /// glFramebufferTexture1D/2D/3D: `textarget` names the image; `zoffset` the 3D slice.
    Dims { dims: u32, textarget: GLenum, zoffset: GLint },
    /// glFramebufferTextureLayer: one layer of an array, cube map or 3D texture.
    Layer { layer: GLint },
    /// glFramebufferTexture: the whole level, layered when the texture has layers.
    Whole,
}

/// Whether `textarget` may be named by glFramebufferTexture`dims`D.
fn textarget_fits(dims: u32, textarget: GLenum) -> bool {
    match dims {
        1 => textarget == GL_TEXTURE_1D,
        2 => matches!(textarget, GL_TEXTURE_2D | GL_TEXTURE_RECTANGLE | GL_TEXTURE_2D_MULTISAMPLE) || CUBE_FACES.contains(&textarget),
        _ => textarget == GL_TEXTURE_3D,
    }
}

/// Whether `textarget` is an image target at all (a wrong one of another dimensionality is
/// INVALID_OPERATION, an unknown enum INVALID_ENUM).
fn is_image_target(textarget: GLenum) -> bool {
    matches!(
        textarget,
        GL_TEXTURE_1D | GL_TEXTURE_2D | GL_TEXTURE_3D | GL_TEXTURE_RECTANGLE | GL_TEXTURE_2D_MULTISAMPLE | GL_TEXTURE_1D_ARRAY
            | GL_TEXTURE_2D_ARRAY | GL_TEXTURE_CUBE_MAP | GL_TEXTURE_CUBE_MAP_ARRAY | GL_TEXTURE_2D_MULTISAMPLE_ARRAY
    ) || CUBE_FACES.contains(&textarget)
}

/// Whether a texture of `target` has layers a layered attachment spans.
pub(crate) fn is_layered_target(target: GLenum) -> bool {
    matches!(
        target,
        GL_TEXTURE_1D_ARRAY | GL_TEXTURE_2D_ARRAY | GL_TEXTURE_3D | GL_TEXTURE_CUBE_MAP | GL_TEXTURE_CUBE_MAP_ARRAY | GL_TEXTURE_2D_MULTISAMPLE_ARRAY
    )
}

impl ContextState {
    /// Every texture attachment command: validates as the command `how` requires, then
    /// attaches (texture 0 detaches).
    pub(crate) fn gl_framebuffer_texture(&mut self, target: GLenum, attachment: GLenum, texture: GLuint, level: GLint, how: TextureAttach) {
        let Some(fb) = self.bound_framebuffer_name(target) else { return };
        let Some(point) = self.attachment_point(attachment) else { return };
        if let TextureAttach::Dims { dims, textarget, .. } = how {
            if !self.check(is_image_target(textarget), GL_INVALID_ENUM) {
                return;
            }
            if texture != 0 && !self.check(textarget_fits(dims, textarget), GL_INVALID_OPERATION) {
                return;
            }
        }
        if texture == 0 {
            return self.attach(fb, point, Attachment::None);
        }
        let texture_target = self.share.lock().textures.get(texture).map(|t| t.target);
        let Some(texture_target) = texture_target else {
            return self.record_error(GL_INVALID_OPERATION);
        };
        if !self.check(texture_target != GL_TEXTURE_BUFFER, GL_INVALID_OPERATION) {
            return;
        }
        let (layer, layered) = match how {
            TextureAttach::Dims { textarget, zoffset, .. } => {
                if !self.check(texture_target::texture_target_of(textarget) == texture_target, GL_INVALID_OPERATION) {
                    return;
                }
                if textarget == GL_TEXTURE_3D && !self.check(zoffset >= 0 && (zoffset as u32) < self.limits.max_3d_texture_size, GL_INVALID_VALUE) {
                    return;
                }
                let layer = if textarget == GL_TEXTURE_3D { zoffset as u32 } else { face_index(textarget) as u32 };
                (layer, false)
            }
            TextureAttach::Layer { layer } => {
                let layer_target = matches!(
                    texture_target,
                    GL_TEXTURE_3D | GL_TEXTURE_1D_ARRAY | GL_TEXTURE_2D_ARRAY | GL_TEXTURE_CUBE_MAP_ARRAY | GL_TEXTURE_2D_MULTISAMPLE_ARRAY | GL_TEXTURE_CUBE_MAP
                );
                if !self.check(layer_target, GL_INVALID_OPERATION) {
                    return;
                }
                let max_layers = match texture_target {
                    GL_TEXTURE_3D => self.limits.max_3d_texture_size,
                    GL_TEXTURE_CUBE_MAP => 6,
                    _ => self.limits.max_array_texture_layers,
                };
                if !self.check(layer >= 0 && (layer as u32) < max_layers, GL_INVALID_VALUE) {
                    return;
                }
                (layer as u32, false)
            }
            TextureAttach::Whole => (0, is_layered_target(texture_target)),
        };
        let max_level = texture_target::max_level(texture_target, &self.limits);
        if !self.check(level >= 0 && level <= max_level, GL_INVALID_VALUE) {
            return;
        }
        self.attach(fb, point, Attachment::Texture { name: texture, level: level as u32, layer, layered });
    }
}
