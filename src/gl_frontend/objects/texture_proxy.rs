//! Proxy textures (GL_PROXY_TEXTURE_*): glTexImage on a proxy target asks whether an image
//! of that size and format could be made, without making it. The answer is read back with
//! glGetTexLevelParameter: the image's parameters when it fits, all zero when it does not.

use crate::context::ContextState;
use crate::pixels::{self, HostTexels, TexelFormat};
use crate::types::enums::*;
use crate::types::*;

use super::texture_target::{self, texture_target_of};

/// The image target whose rules a proxy target's glTexImage follows, for proxy targets.
pub fn proxied_image_target(target: GLenum) -> Option<GLenum> {
    Some(match target {
        GL_PROXY_TEXTURE_1D => GL_TEXTURE_1D,
        GL_PROXY_TEXTURE_2D => GL_TEXTURE_2D,
        GL_PROXY_TEXTURE_3D => GL_TEXTURE_3D,
        GL_PROXY_TEXTURE_1D_ARRAY => GL_TEXTURE_1D_ARRAY,
        GL_PROXY_TEXTURE_2D_ARRAY => GL_TEXTURE_2D_ARRAY,
        GL_PROXY_TEXTURE_RECTANGLE => GL_TEXTURE_RECTANGLE,
        GL_PROXY_TEXTURE_CUBE_MAP => GL_TEXTURE_CUBE_MAP_POSITIVE_X,
        GL_PROXY_TEXTURE_CUBE_MAP_ARRAY => GL_TEXTURE_CUBE_MAP_ARRAY,
        _ => return None,
    })
}

/// One proxy level's parameters; all zero after a glTexImage that did not fit.
#[derive(Clone, Copy, Debug)]
struct ProxyLevel {
    size: [u32; 3],
    internal_format: GLenum,
    texel: Option<TexelFormat>,
}

/// The proxy levels a context's glTexImage calls defined, by (proxy target, level).
#[derive(Clone, Debug, Default)]
pub struct ProxyImages {
    levels: Vec<((GLenum, i32), ProxyLevel)>,
}

impl ProxyImages {
    fn set(&mut self, key: (GLenum, i32), level: ProxyLevel) {
        match self.levels.iter_mut().find(|(k, _)| *k == key) {
            Some(slot) => slot.1 = level,
            None => self.levels.push((key, level)),
        }
    }

    fn get(&self, key: (GLenum, i32)) -> Option<&ProxyLevel> {
        self.levels.iter().find(|(k, _)| *k == key).map(|(_, l)| l)
    }
}

impl ContextState {
    /// glTexImage on a proxy target: the usual GL errors for bad arguments; otherwise the
    /// proxy level records the image when it fits and is zeroed when it does not.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn gl_proxy_tex_image(
        &mut self,
        proxy_target: GLenum,
        image_target: GLenum,
        level: GLint,
        internal_format: GLint,
        size: [GLsizei; 3],
        border: GLint,
        format: GLenum,
        ty: GLenum,
    ) {
        let fits = match self.image_shape_ok(image_target, level, size, border) {
            Ok(fits) => fits,
            Err(e) => return self.record_error(e),
        };
        let texel = match pixels::texel_format_for(internal_format as GLenum, format, ty, self.format_api(), &|f| self.texel_format(f)) {
            Ok(t) => t,
            Err(e) => return self.record_error(e),
        };
        let proxy = if fits {
            ProxyLevel { size: size.map(|s| s as u32), internal_format: internal_format as GLenum, texel: Some(texel) }
        } else {
            ProxyLevel { size: [0; 3], internal_format: 0, texel: None }
        };
        self.state.proxy_images.set((proxy_target, level), proxy);
    }

    /// glGetTexLevelParameter on a proxy target.
    pub(crate) fn proxy_level_parameter(&mut self, proxy_target: GLenum, level: GLint, pname: GLenum) -> Option<i64> {
        let image_target = proxied_image_target(proxy_target)?;
        let max_level = texture_target::max_level(texture_target_of(image_target), &self.limits);
        if !self.check(level >= 0 && level <= max_level, GL_INVALID_VALUE) {
            return None;
        }
        let proxy = self.state.proxy_images.get((proxy_target, level)).copied();
        let bits = |pname| proxy.and_then(|p| p.texel.map(|t| t.component_bits(pname) as i64)).unwrap_or(0);
        Some(match pname {
            GL_TEXTURE_WIDTH => proxy.map_or(0, |p| p.size[0] as i64),
            GL_TEXTURE_HEIGHT => proxy.map_or(0, |p| p.size[1] as i64),
            GL_TEXTURE_DEPTH => proxy.map_or(0, |p| p.size[2] as i64),
            GL_TEXTURE_INTERNAL_FORMAT => proxy.map_or(0, |p| p.internal_format as i64),
            GL_TEXTURE_RED_SIZE | GL_TEXTURE_GREEN_SIZE | GL_TEXTURE_BLUE_SIZE | GL_TEXTURE_ALPHA_SIZE | GL_TEXTURE_DEPTH_SIZE
            | GL_TEXTURE_STENCIL_SIZE | GL_TEXTURE_LUMINANCE_SIZE | GL_TEXTURE_INTENSITY_SIZE => bits(pname),
            GL_TEXTURE_BORDER | GL_TEXTURE_COMPRESSED | GL_TEXTURE_SAMPLES => 0,
            _ => {
                self.record_error(GL_INVALID_ENUM);
                return None;
            }
        })
    }
}
