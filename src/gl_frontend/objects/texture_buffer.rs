//! Buffer textures (GL 3.1, ARB_texture_buffer_object/range): glTexBuffer and
//! glTexBufferRange attach a buffer object's data store to a GL_TEXTURE_BUFFER texture,
//! read by samplerBuffer through a texel buffer view made at draw time.

use vk_backend::Format;

use crate::context::ContextState;
use crate::state::Dirty;
use crate::types::enums::*;
use crate::types::*;

/// The buffer range a buffer texture reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TextureBuffer {
    pub buffer: GLuint,
    pub internal_format: GLenum,
    pub offset: u64,
    /// Bytes read; `None` for glTexBuffer's whole buffer (whatever its size becomes).
    pub size: Option<u64>,
}

/// The texel format a buffer-texture internal format (GL 4.6 table 8.18) is read as.
pub fn buffer_texture_format(internal_format: GLenum) -> Option<Format> {
    Some(match internal_format {
        GL_R8 => Format::R8Unorm,
        GL_R16 => Format::R16Unorm,
        GL_R16F => Format::R16Float,
        GL_R32F => Format::R32Float,
        GL_R8I => Format::R8Sint,
        GL_R16I => Format::R16Sint,
        GL_R32I => Format::R32Sint,
        GL_R8UI => Format::R8Uint,
        GL_R16UI => Format::R16Uint,
        GL_R32UI => Format::R32Uint,
        GL_RG8 => Format::Rg8Unorm,
        GL_RG16 => Format::Rg16Unorm,
        GL_RG16F => Format::Rg16Float,
        GL_RG32F => Format::Rg32Float,
        GL_RG8I => Format::Rg8Sint,
        GL_RG16I => Format::Rg16Sint,
        GL_RG32I => Format::Rg32Sint,
        GL_RG8UI => Format::Rg8Uint,
        GL_RG16UI => Format::Rg16Uint,
        GL_RG32UI => Format::Rg32Uint,
        GL_RGBA8 => Format::Rgba8Unorm,
        GL_RGBA16 => Format::Rgba16Unorm,
        GL_RGBA16F => Format::Rgba16Float,
        GL_RGBA32F => Format::Rgba32Float,
        GL_RGBA8I => Format::Rgba8Sint,
        GL_RGBA16I => Format::Rgba16Sint,
        GL_RGBA32I => Format::Rgba32Sint,
        GL_RGBA8UI => Format::Rgba8Uint,
        GL_RGBA16UI => Format::Rgba16Uint,
        GL_RGBA32UI => Format::Rgba32Uint,
        _ => return None,
    })
}

/// GL_TEXTURE_BUFFER_OFFSET_ALIGNMENT: offsets of glTexBufferRange are multiples of it.
pub const TEXTURE_BUFFER_OFFSET_ALIGNMENT: u64 = 16;

impl ContextState {
    /// glTexBuffer (`range` None) and glTexBufferRange.
    pub(crate) fn gl_tex_buffer(&mut self, target: GLenum, internal_format: GLenum, buffer: GLuint, range: Option<(GLintptr, GLsizeiptr)>) {
        if !self.check(target == GL_TEXTURE_BUFFER, GL_INVALID_ENUM) {
            return;
        }
        if !self.check(buffer_texture_format(internal_format).is_some(), GL_INVALID_ENUM) {
            return;
        }
        let attached = if buffer == 0 {
            None
        } else {
            let size = self.share.lock().buffers.get(buffer).map(|b| b.data.len() as i64);
            let Some(buffer_size) = size else {
                return self.record_error(GL_INVALID_OPERATION);
            };
            let (offset, size) = match range {
                None => (0, None),
                Some((offset, size)) => {
                    let fits = offset >= 0 && size > 0 && offset as i64 + size as i64 <= buffer_size;
                    if !self.check(fits && offset as u64 % TEXTURE_BUFFER_OFFSET_ALIGNMENT == 0, GL_INVALID_VALUE) {
                        return;
                    }
                    (offset as u64, Some(size as u64))
                }
            };
            Some(TextureBuffer { buffer, internal_format, offset, size })
        };
        let done = self.with_bound_texture(GL_TEXTURE_BUFFER, |t| {
            t.buffer = attached;
            t.buffer_format = internal_format;
            t.generation += 1;
        });
        if done.is_some() {
            self.texture_objects_changed(Dirty::NONE);
        }
    }

    /// The data store and format of the buffer texture bound on the active unit (glGet
    /// reads them); no store and GL_R8 while it is the default texture, never given one.
    pub(crate) fn bound_texture_buffer(&self) -> (Option<TextureBuffer>, GLenum) {
        let Some(index) = crate::objects::texture_target::target_index(GL_TEXTURE_BUFFER) else { return (None, GL_R8) };
        let state = |t: &crate::objects::texture::Texture| (t.buffer, t.buffer_format);
        match self.bindings.textures[self.bindings.active_texture as usize][index] {
            0 => self.default_textures[index].as_ref().map_or((None, GL_R8), state),
            name => self.share.lock().textures.get(name).map_or((None, GL_R8), state),
        }
    }

    /// glGet of ARB_texture_buffer_object's compatibility-profile state: the bound buffer
    /// texture's data store and format. `None` for other pnames.
    pub(crate) fn texture_buffer_state(&self, pname: GLenum) -> Option<i64> {
        let (attached, format) = self.bound_texture_buffer();
        Some(match pname {
            GL_TEXTURE_BUFFER_DATA_STORE_BINDING => attached.map_or(0, |b| b.buffer as i64),
            GL_TEXTURE_BUFFER_FORMAT_ARB => format as i64,
            _ => return None,
        })
    }

    /// glGetTexLevelParameter's buffer-texture values, `None` for other pnames.
    pub(crate) fn texture_buffer_parameter(&mut self, pname: GLenum) -> Option<i64> {
        let attached = self.with_bound_texture(GL_TEXTURE_BUFFER, |t| t.buffer).flatten();
        let whole = |b: &TextureBuffer| self.share.lock().buffers.get(b.buffer).map_or(0, |buf| buf.data.len() as u64);
        Some(match pname {
            GL_TEXTURE_BUFFER_DATA_STORE_BINDING => attached.map_or(0, |b| b.buffer as i64),
            GL_TEXTURE_BUFFER_OFFSET => attached.map_or(0, |b| b.offset as i64),
            GL_TEXTURE_BUFFER_SIZE => attached.map_or(0, |b| b.size.unwrap_or_else(|| whole(&b).saturating_sub(b.offset)) as i64),
            GL_TEXTURE_INTERNAL_FORMAT => attached.map_or(GL_R8 as i64, |b| b.internal_format as i64),
            _ => return None,
        })
    }
}
