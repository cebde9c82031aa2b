//! glDrawArrays and glDrawElements compiled into a display list. GL dereferences vertex
//! arrays when the draw is compiled: the list keeps the vertices (and indices) the draw
//! read then, not the buffers or client memory they came from, which the application may
//! change or delete before the list runs. Replay points the bound vertex array at the
//! copies for the one draw and puts the arrays back afterwards.

use crate::context::ContextState;
use crate::draw_path::draw::Indices;
use crate::objects::legacy_arrays::StateOnlyArray;
use crate::objects::vertex_array::VertexAttrib;
use crate::state::Dirty;
use crate::types::enums::*;
use crate::types::*;

/// One enabled array as the draw read it: its format, and the bytes of the vertices
/// used, vertex 0 first, `attrib.stride` apart.
pub struct CapturedArray {
    index: usize,
    attrib: VertexAttrib,
    bytes: Box<[u8]>,
}

/// A draw with its vertex data (and, for glDrawElements, its indices rebased to the
/// first captured vertex) copied.
pub struct CapturedDraw {
    mode: GLenum,
    count: GLsizei,
    arrays: Vec<CapturedArray>,
    /// 32-bit indices into the captured vertices.
    indices: Option<Box<[u32]>>,
    /// The captured vertices' edge flags (one GLboolean each), where the edge flag array
    /// was enabled.
    edge_flags: Option<Box<[GLboolean]>>,
}

fn index_size(ty: GLenum) -> Option<usize> {
    match ty {
        GL_UNSIGNED_BYTE => Some(1),
        GL_UNSIGNED_SHORT => Some(2),
        GL_UNSIGNED_INT => Some(4),
        _ => None,
    }
}

/// Bytes of one element of `a` (what the last vertex needs after its start).
fn element_size(a: &VertexAttrib) -> usize {
    a.element_size() as usize
}

impl ContextState {
    /// Reads `len` bytes at `offset` of buffer `name`, or of client memory at `offset`
    /// when `name` is 0; None when the range is outside the buffer.
    ///
    /// # Safety
    /// Client memory must hold the range, as GL requires of the draw's arrays.
    unsafe fn read_array_bytes(&mut self, name: GLuint, offset: usize, len: usize) -> Option<Box<[u8]>> {
        if name == 0 {
            if offset == 0 {
                return None;
            }
            // SAFETY: the caller's contract.
            return Some(unsafe { std::slice::from_raw_parts(offset as *const u8, len) }.into());
        }
        self.read_back_shader_writes(name);
        let objects = self.share.lock();
        let data = &objects.buffers.get(name)?.data;
        data.get(offset..offset.checked_add(len)?).map(|b| b.into())
    }

    /// Copies vertices `first .. first + count` of every enabled array of the bound
    /// vertex array; None when one cannot be read (an instanced array, a bad range).
    ///
    /// # Safety
    /// As `read_array_bytes`.
    unsafe fn capture_arrays(&mut self, first: usize, count: usize) -> Option<Vec<CapturedArray>> {
        let attribs: Vec<(usize, VertexAttrib)> = self.vertex_arrays.get(self.bindings.vertex_array)?.attribs.iter().copied().enumerate().filter(|(_, a)| a.enabled).collect();
        let mut out = Vec::new();
        for (index, a) in attribs {
            if a.divisor != 0 {
                return None;
            }
            let stride = a.effective_stride() as usize;
            let len = if count == 0 { 0 } else { stride * (count - 1) + element_size(&a) };
            let bytes = unsafe { self.read_array_bytes(a.buffer, a.pointer + stride * first, len) }?;
            out.push(CapturedArray { index, attrib: VertexAttrib { stride: stride as GLsizei, buffer: 0, pointer: 0, ..a }, bytes });
        }
        Some(out)
    }

    /// glDrawArrays while a list is compiled.
    ///
    /// # Safety
    /// As glDrawArrays.
    pub(crate) unsafe fn capture_draw_arrays(&mut self, mode: GLenum, first: GLint, count: GLsizei) -> Option<CapturedDraw> {
        if first < 0 || count < 0 {
            return None;
        }
        let arrays = unsafe { self.capture_arrays(first as usize, count as usize) }?;
        let edge_flags = self.capture_edge_flags(first as usize, count as usize);
        Some(CapturedDraw { mode, count, arrays, indices: None, edge_flags })
    }

    /// glDrawElements while a list is compiled: the indices are read, the vertices from
    /// the smallest to the largest index copied.
    ///
    /// # Safety
    /// As glDrawElements.
    pub(crate) unsafe fn capture_draw_elements(&mut self, mode: GLenum, count: GLsizei, ty: GLenum, indices: *const c_void) -> Option<CapturedDraw> {
        let size = index_size(ty)?;
        if count < 0 {
            return None;
        }
        let element_buffer = self.vertex_arrays.get(self.bindings.vertex_array)?.element_buffer;
        let raw = unsafe { self.read_array_bytes(element_buffer, indices as usize, size * count as usize) }?;
        let values: Vec<u32> = raw
            .chunks_exact(size)
            .map(|c| match size {
                1 => c[0] as u32,
                2 => u16::from_ne_bytes([c[0], c[1]]) as u32,
                _ => u32::from_ne_bytes([c[0], c[1], c[2], c[3]]),
            })
            .collect();
        let (low, high) = (values.iter().min().copied().unwrap_or(0), values.iter().max().copied().unwrap_or(0));
        let vertices = if values.is_empty() { 0 } else { (high - low) as usize + 1 };
        let arrays = unsafe { self.capture_arrays(low as usize, vertices) }?;
        let rebased = values.iter().map(|v| v - low).collect();
        let edge_flags = self.capture_edge_flags(low as usize, vertices);
        Some(CapturedDraw { mode, count, arrays, indices: Some(rebased), edge_flags })
    }

    /// The edge flags of vertices `first .. first + count` when the edge flag array is
    /// enabled (an element it cannot read keeps its edge drawn).
    fn capture_edge_flags(&self, first: usize, count: usize) -> Option<Box<[GLboolean]>> {
        let enabled = self.vertex_arrays.get(self.bindings.vertex_array)?.edge_flag_array.enabled;
        enabled.then(|| (first..first + count).map(|v| self.array_edge_flag(v).unwrap_or(true) as GLboolean).collect())
    }

    /// Runs a captured draw: the bound vertex array reads the copies for this draw only.
    pub(crate) fn replay_captured_draw(&mut self, draw: &CapturedDraw) {
        let vao = self.bindings.vertex_array;
        let Some(saved) = self.vertex_arrays.get(vao).cloned() else { return self.record_error(GL_INVALID_OPERATION) };
        if let Some(v) = self.vertex_arrays.get_mut(vao) {
            for a in &mut v.attribs {
                a.enabled = false;
            }
            for c in &draw.arrays {
                if let Some(slot) = v.attribs.get_mut(c.index) {
                    *slot = VertexAttrib { pointer: c.bytes.as_ptr() as usize, ..c.attrib };
                }
            }
            v.element_buffer = 0;
            v.edge_flag_array.enabled = false;
            if let Some(flags) = &draw.edge_flags {
                v.edge_flag_array = StateOnlyArray { enabled: true, ty: GL_BOOL, stride: 0, pointer: flags.as_ptr() as usize, buffer: 0 };
            }
        }
        self.state.dirty.insert(Dirty::VERTEX_INPUT);
        let indices = draw.indices.as_ref().map(|i| Indices { ty: GL_UNSIGNED_INT, offset: i.as_ptr() as usize });
        self.gl_draw(draw.mode, 0, draw.count, 1, 0, 0, indices);
        if let Some(v) = self.vertex_arrays.get_mut(vao) {
            *v = saved;
        }
        self.state.dirty.insert(Dirty::VERTEX_INPUT);
    }
}
