//! Filling buffers with one value (ARB_clear_buffer_object, GL 4.3):
//! glClearBufferData, glClearBufferSubData and the named GL 4.5 forms. The value is given
//! like a pixel (format, type) and stored as one element of a buffer-texture internal
//! format, repeated over the range.

use crate::context::ContextState;
use crate::objects::bindings::PixelStore;
use crate::objects::texture_buffer::buffer_texture_format;
use crate::pixels;
use crate::state::Dirty;
use crate::types::enums::*;
use crate::types::*;

/// Which buffer a clear names: the one bound to a target, or a named one.
#[derive(Clone, Copy)]
pub(crate) enum ClearedBuffer {
    Bound(GLenum),
    Named(GLuint),
}

/// Whether `internal_format` may be cleared into a buffer: the buffer-texture formats,
/// with the three-component 32-bit ones.
fn is_buffer_format(internal_format: GLenum) -> bool {
    buffer_texture_format(internal_format).is_some() || matches!(internal_format, GL_RGB32F | GL_RGB32I | GL_RGB32UI)
}

impl ContextState {
    /// glClearBuffer{,Sub}Data and glClearNamedBuffer{,Sub}Data; `range` is None for the
    /// whole buffer.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn gl_clear_buffer_data(
        &mut self,
        which: ClearedBuffer,
        internal_format: GLenum,
        range: Option<(GLintptr, GLsizeiptr)>,
        format: GLenum,
        ty: GLenum,
        data: *const c_void,
    ) {
        let name = match which {
            ClearedBuffer::Bound(target) => match self.buffer_binding_mut(target).copied() {
                None => return self.record_error(GL_INVALID_ENUM),
                Some(0) => return self.record_error(GL_INVALID_VALUE),
                Some(name) => name,
            },
            ClearedBuffer::Named(name) => {
                let exists = name != 0 && self.share.lock().buffers.exists(name);
                if !self.check(exists, GL_INVALID_OPERATION) {
                    return;
                }
                name
            }
        };
        if !self.check(is_buffer_format(internal_format), GL_INVALID_ENUM) {
            return;
        }
        // The element as the buffer stores it: the client value converted like a texel.
        let Some(texel) = gl_formats::FormatInfo::lookup(internal_format).map(gl_formats::TexelFormat::native) else {
            return self.record_error(GL_INVALID_ENUM);
        };
        let Some(storage_size) = texel.storage.texel_bytes() else { return self.record_error(GL_INVALID_ENUM) };
        // The three-component formats are stored with a fourth component; in a buffer
        // their elements are the first three.
        let element_size = if matches!(internal_format, GL_RGB32F | GL_RGB32I | GL_RGB32UI) { 12 } else { storage_size };
        let api = self.format_api();
        let client_bytes = match pixels::client_pixel_bytes(format, ty) {
            Ok(bytes) => bytes,
            Err(_) => return self.record_error(GL_INVALID_VALUE),
        };
        if let Err(error) = pixels::check_upload(internal_format, format, ty, api) {
            // A valid format and type that do not suit the internal format (integer data
            // for a float format, ...) are an invalid operation; anything else a bad value.
            return self.record_error(if error == GL_INVALID_OPERATION { error } else { GL_INVALID_VALUE });
        }
        let element = if data.is_null() {
            vec![0u8; element_size]
        } else {
            // SAFETY: GL requires `data` to hold one pixel of `format` and `ty`.
            let source = unsafe { std::slice::from_raw_parts(data as *const u8, client_bytes) };
            let store = PixelStore { alignment: 1, ..PixelStore::default() };
            match pixels::unpack(&store, [1, 1, 1], format, ty, source, texel) {
                Ok(bytes) if bytes.len() >= element_size => bytes[..element_size].to_vec(),
                Ok(_) => return self.record_error(GL_INVALID_OPERATION),
                Err(error) => return self.record_error(error),
            }
        };

        self.read_back_shader_writes(name);
        let mut objects = self.share.lock();
        let Some(buffer) = objects.buffers.get_mut(name) else { return };
        let (offset, size) = range.unwrap_or((0, buffer.data.len() as GLsizeiptr));
        let error = if offset < 0 || size < 0 || (offset as usize).saturating_add(size as usize) > buffer.data.len() {
            GL_INVALID_VALUE
        } else if offset as usize % element_size != 0 || size as usize % element_size != 0 {
            GL_INVALID_VALUE
        } else if buffer.mapping.is_some_and(|m| {
            m.access & GL_MAP_PERSISTENT_BIT == 0 && m.offset < offset as usize + size as usize && (offset as usize) < m.offset + m.length
        }) {
            GL_INVALID_OPERATION
        } else {
            let range = offset as usize..offset as usize + size as usize;
            for chunk in buffer.data[range].chunks_exact_mut(element_size) {
                chunk.copy_from_slice(&element);
            }
            buffer.touch();
            GL_NO_ERROR
        };
        drop(objects);
        if error != GL_NO_ERROR {
            return self.record_error(error);
        }
        self.state.dirty.insert(Dirty::VERTEX_INPUT | Dirty::UNIFORMS);
    }
}
