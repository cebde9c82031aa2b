//! glDraw{Arrays,Elements}Indirect, glMultiDraw{Arrays,Elements}Indirect and their
//! ARB_indirect_parameters `Count` forms.
//!
//! The commands are read from the host copy of GL_DRAW_INDIRECT_BUFFER (shader writes are
//! read back first) and made one by one as direct draws. The draw path needs each draw's
//! counts on the host anyway: for vertex uploads from client memory, robust contexts'
//! vertex limits, line loops and quads drawn through generated indices, and the provoking
//! vertex reorder. A buffer written by shaders therefore costs a wait for the GPU here.

use crate::context::ContextState;
use crate::draw_path::draw::Indices;
use crate::types::enums::*;
use crate::types::*;

/// Bytes of one DrawArraysIndirectCommand (count, instanceCount, first, baseInstance).
const ARRAYS_COMMAND_BYTES: usize = 16;
/// Bytes of one DrawElementsIndirectCommand (count, instanceCount, firstIndex, baseVertex,
/// baseInstance).
const ELEMENTS_COMMAND_BYTES: usize = 20;

/// Where the draws of one indirect call are and how they are spaced.
#[derive(Clone, Copy)]
struct IndirectRange {
    offset: usize,
    draws: usize,
    stride: usize,
}

/// One decoded command.
struct IndirectDraw {
    count: GLsizei,
    instances: GLsizei,
    first: u32,
    base_vertex: GLint,
    base_instance: GLuint,
}

fn words(bytes: &[u8]) -> impl Iterator<Item = u32> + '_ {
    bytes.chunks_exact(4).map(|w| u32::from_ne_bytes([w[0], w[1], w[2], w[3]]))
}

impl ContextState {
    /// The bytes of `range`'s commands, checked as GL says: the offset a multiple of 4
    /// (GL_INVALID_VALUE), a buffer bound where the profile needs one and every command
    /// inside it (GL_INVALID_OPERATION). Compatibility contexts read client memory when no
    /// buffer is bound.
    fn indirect_commands(&mut self, range: IndirectRange, command_bytes: usize) -> Option<Vec<u8>> {
        if !self.check(range.offset % 4 == 0 && range.stride % 4 == 0, GL_INVALID_VALUE) {
            return None;
        }
        let end = match range.draws {
            0 => range.offset,
            n => range.offset + (n - 1) * range.stride + command_bytes,
        };
        let name = self.bindings.draw_indirect_buffer;
        if name == 0 {
            let client_allowed = !self.is_core() && !self.is_gles() && range.offset != 0;
            if !self.check(client_allowed, GL_INVALID_OPERATION) {
                return None;
            }
            // SAFETY: GL requires client commands to hold every draw they describe.
            return Some(unsafe { std::slice::from_raw_parts(range.offset as *const u8, end - range.offset) }.to_vec());
        }
        self.read_back_shader_writes(name);
        let objects = self.share.lock();
        let bytes = objects.buffers.get(name).and_then(|b| b.data.get(range.offset..end)).map(<[u8]>::to_vec);
        drop(objects);
        if !self.check(bytes.is_some(), GL_INVALID_OPERATION) {
            return None;
        }
        bytes
    }

    /// Draws `range`'s commands; `ty` is the index type of an elements draw.
    fn draw_indirect(&mut self, mode: GLenum, ty: Option<GLenum>, range: IndirectRange) {
        if let Some(ty) = ty {
            if !self.check(matches!(ty, GL_UNSIGNED_BYTE | GL_UNSIGNED_SHORT | GL_UNSIGNED_INT), GL_INVALID_ENUM) {
                return;
            }
            let element_buffer = self.vertex_arrays.get(self.bindings.vertex_array).map_or(0, |v| v.element_buffer);
            if !self.check(element_buffer != 0, GL_INVALID_OPERATION) {
                return;
            }
        }
        // GLES and core profiles draw from a vertex array object of the application's.
        if !self.check(!((self.is_core() || self.is_gles()) && self.bindings.vertex_array == 0), GL_INVALID_OPERATION) {
            return;
        }
        let command_bytes = if ty.is_some() { ELEMENTS_COMMAND_BYTES } else { ARRAYS_COMMAND_BYTES };
        let Some(bytes) = self.indirect_commands(range, command_bytes) else { return };
        let draws: Vec<IndirectDraw> = (0..range.draws)
            .map(|i| {
                let at = i * range.stride;
                let w: Vec<u32> = words(&bytes[at..at + command_bytes]).collect();
                match ty {
                    None => IndirectDraw { count: w[0] as GLsizei, instances: w[1] as GLsizei, first: w[2], base_vertex: 0, base_instance: w[3] },
                    Some(_) => IndirectDraw { count: w[0] as GLsizei, instances: w[1] as GLsizei, first: w[2], base_vertex: w[3] as GLint, base_instance: w[4] },
                }
            })
            .collect();
        for d in draws {
            // The counts are unsigned in the command: a huge one draws nothing rather than
            // reading past the end of anything.
            if d.count < 0 || d.instances < 0 || d.first > GLint::MAX as u32 {
                continue;
            }
            match ty {
                None => self.gl_draw(mode, d.first as GLint, d.count, d.instances, 0, d.base_instance, None),
                Some(ty) => {
                    let size = match ty {
                        GL_UNSIGNED_BYTE => 1,
                        GL_UNSIGNED_SHORT => 2,
                        _ => 4,
                    };
                    let indices = Indices { ty, offset: d.first as usize * size };
                    self.gl_draw(mode, 0, d.count, d.instances, d.base_vertex, d.base_instance, Some(indices));
                }
            }
        }
    }

    /// glDrawArraysIndirect and glDrawElementsIndirect (`ty` for the elements form).
    pub(crate) fn gl_draw_indirect(&mut self, mode: GLenum, ty: Option<GLenum>, indirect: *const c_void) {
        let stride = if ty.is_some() { ELEMENTS_COMMAND_BYTES } else { ARRAYS_COMMAND_BYTES };
        self.draw_indirect(mode, ty, IndirectRange { offset: indirect as usize, draws: 1, stride });
    }

    /// glMultiDrawArraysIndirect and glMultiDrawElementsIndirect: `stride` 0 packs the
    /// commands tightly.
    pub(crate) fn gl_multi_draw_indirect(&mut self, mode: GLenum, ty: Option<GLenum>, indirect: *const c_void, drawcount: GLsizei, stride: GLsizei) {
        if !self.check(drawcount >= 0 && stride >= 0, GL_INVALID_VALUE) {
            return;
        }
        let tight = if ty.is_some() { ELEMENTS_COMMAND_BYTES } else { ARRAYS_COMMAND_BYTES };
        let stride = if stride == 0 { tight } else { stride as usize };
        self.draw_indirect(mode, ty, IndirectRange { offset: indirect as usize, draws: drawcount as usize, stride });
    }

    /// glMultiDraw{Arrays,Elements}IndirectCount: the number of draws is the smaller of
    /// `max_drawcount` and the uint at `drawcount_offset` of GL_PARAMETER_BUFFER.
    pub(crate) fn gl_multi_draw_indirect_count(&mut self, mode: GLenum, ty: Option<GLenum>, indirect: *const c_void, drawcount_offset: GLintptr, max_drawcount: GLsizei, stride: GLsizei) {
        if !self.check(drawcount_offset >= 0 && drawcount_offset % 4 == 0 && max_drawcount >= 0 && stride >= 0, GL_INVALID_VALUE) {
            return;
        }
        let name = self.bindings.parameter_buffer;
        if !self.check(name != 0, GL_INVALID_OPERATION) {
            return;
        }
        self.read_back_shader_writes(name);
        let at = drawcount_offset as usize;
        let count = self.share.lock().buffers.get(name).and_then(|b| b.data.get(at..at + 4)).map(|w| u32::from_ne_bytes([w[0], w[1], w[2], w[3]]));
        let Some(count) = count else { return self.record_error(GL_INVALID_OPERATION) };
        let drawcount = count.min(max_drawcount as u32) as GLsizei;
        self.gl_multi_draw_indirect(mode, ty, indirect, drawcount, stride);
    }
}
