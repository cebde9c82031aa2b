//! The conventional arrays' own glGet state (GL_VERTEX_ARRAY_SIZE, GL_COLOR_ARRAY_TYPE,
//! GL_TEXTURE_COORD_ARRAY_STRIDE, GL_VERTEX_ARRAY_BUFFER_BINDING, ...), and the two arrays
//! of the compatibility profile that feed no shader input: edge flags (glEdgeFlagPointer)
//! and colour indices (glIndexPointer).
//!
//! galvan renders in RGBA mode only, where GL ignores colour indices, so the index array
//! only sets the current index through glArrayElement. Edge flags decide which edges of
//! polygons drawn with glPolygonMode(GL_LINE) or which vertices in GL_POINT mode are drawn
//! (`draw_path/immediate.rs` builds the outlines): glBegin/glEnd takes each vertex's flag
//! from glEdgeFlag, array draws and glArrayElement from the enabled edge flag array.

use crate::context::ContextState;
use crate::objects::vertex_array::{tight_stride, AttribClass, VertexAttrib, COLOR, FOG_COORD, NORMAL, SECONDARY_COLOR, TEX_COORD0, VERTEX};
use crate::queries::get::Value;
use crate::state::Dirty;
use crate::types::enums::*;
use crate::types::*;

/// An array no shader reads: what glEdgeFlagPointer and glIndexPointer specify.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StateOnlyArray {
    pub enabled: bool,
    pub ty: GLenum,
    pub stride: GLsizei,
    /// The client pointer, or the offset into `buffer`.
    pub pointer: usize,
    pub buffer: GLuint,
}

impl StateOnlyArray {
    fn new(ty: GLenum) -> Self {
        StateOnlyArray { enabled: false, ty, stride: 0, pointer: 0, buffer: 0 }
    }

    /// The edge flag array's initial state (its type is always GL_BOOL).
    pub fn edge_flags() -> Self {
        Self::new(GL_BOOL)
    }

    /// The colour index array's initial state.
    pub fn color_indices() -> Self {
        Self::new(GL_FLOAT)
    }

    /// The array as a one-component attribute, so the CPU fetch of the other arrays
    /// reads its elements (an edge flag is one GLboolean, an unsigned byte).
    fn as_attrib(&self) -> VertexAttrib {
        let ty = if self.ty == GL_BOOL { GL_UNSIGNED_BYTE } else { self.ty };
        let stride = if self.stride == 0 { tight_stride(1, ty) } else { self.stride as u32 };
        VertexAttrib { enabled: self.enabled, size: 1, ty, class: AttribClass::Float { normalized: false }, stride: self.stride, pointer: self.pointer, buffer: self.buffer, binding_stride: stride, ..Default::default() }
    }
}

/// What one conventional-array pname asks about.
enum ArrayProperty {
    Size,
    Type,
    Stride,
    BufferBinding,
}

impl ContextState {
    /// The state-only array glEnableClientState's `array` names, if it names one.
    fn state_only_array(&mut self, array: GLenum) -> Option<&mut StateOnlyArray> {
        let vao = self.vertex_arrays.get_mut(self.bindings.vertex_array)?;
        match array {
            GL_EDGE_FLAG_ARRAY => Some(&mut vao.edge_flag_array),
            GL_INDEX_ARRAY => Some(&mut vao.index_array),
            _ => None,
        }
    }

    /// glEnableClientState / glDisableClientState of GL_EDGE_FLAG_ARRAY or GL_INDEX_ARRAY;
    /// false when `array` is neither.
    pub(crate) fn set_state_only_array(&mut self, array: GLenum, enabled: bool) -> bool {
        if !matches!(array, GL_EDGE_FLAG_ARRAY | GL_INDEX_ARRAY) {
            return false;
        }
        if let Some(a) = self.state_only_array(array) {
            a.enabled = enabled;
        }
        true
    }

    /// glIsEnabled of GL_EDGE_FLAG_ARRAY or GL_INDEX_ARRAY.
    pub(crate) fn state_only_array_enabled(&self, array: GLenum) -> Option<bool> {
        let vao = self.vertex_arrays.get(self.bindings.vertex_array);
        match array {
            GL_EDGE_FLAG_ARRAY => Some(vao.is_some_and(|v| v.edge_flag_array.enabled)),
            GL_INDEX_ARRAY => Some(vao.is_some_and(|v| v.index_array.enabled)),
            _ => None,
        }
    }

    /// Vertex `index`'s element of the enabled edge flag array (`None` when it is
    /// disabled or the element lies past its buffer's end).
    pub(crate) fn array_edge_flag(&self, index: usize) -> Option<bool> {
        let array = self.vertex_arrays.get(self.bindings.vertex_array)?.edge_flag_array;
        array.enabled.then(|| self.fetch_array_element(&array.as_attrib(), index)).flatten().map(|v| v[0] != 0.0)
    }

    /// Vertex `index`'s element of the enabled colour index array.
    pub(crate) fn array_color_index(&self, index: usize) -> Option<f32> {
        let array = self.vertex_arrays.get(self.bindings.vertex_array)?.index_array;
        array.enabled.then(|| self.fetch_array_element(&array.as_attrib(), index)).flatten().map(|v| v[0])
    }

    /// glEdgeFlagPointer.
    pub(crate) fn gl_edge_flag_pointer(&mut self, stride: GLsizei, pointer: *const c_void) {
        self.set_state_only_pointer(GL_EDGE_FLAG_ARRAY, GL_BOOL, stride, pointer);
    }

    /// glIndexPointer: GL_UNSIGNED_BYTE, GL_SHORT, GL_INT, GL_FLOAT or GL_DOUBLE indices.
    pub(crate) fn gl_index_pointer(&mut self, ty: GLenum, stride: GLsizei, pointer: *const c_void) {
        if !self.check(matches!(ty, GL_UNSIGNED_BYTE | GL_SHORT | GL_INT | GL_FLOAT | GL_DOUBLE), GL_INVALID_ENUM) {
            return;
        }
        self.set_state_only_pointer(GL_INDEX_ARRAY, ty, stride, pointer);
    }

    fn set_state_only_pointer(&mut self, array: GLenum, ty: GLenum, stride: GLsizei, pointer: *const c_void) {
        if !self.check(!self.is_core() && !self.is_gles(), GL_INVALID_OPERATION) || !self.check(stride >= 0, GL_INVALID_VALUE) {
            return;
        }
        let buffer = self.bindings.array_buffer;
        if let Some(a) = self.state_only_array(array) {
            *a = StateOnlyArray { ty, stride, pointer: pointer as usize, buffer, ..*a };
        }
        self.state.dirty.insert(Dirty::VERTEX_INPUT);
    }

    /// glGetPointerv of the state-only arrays.
    pub(crate) fn state_only_array_pointer(&self, pname: GLenum) -> Option<usize> {
        let vao = self.vertex_arrays.get(self.bindings.vertex_array);
        match pname {
            GL_EDGE_FLAG_ARRAY_POINTER => Some(vao.map_or(0, |v| v.edge_flag_array.pointer)),
            GL_INDEX_ARRAY_POINTER => Some(vao.map_or(0, |v| v.index_array.pointer)),
            _ => None,
        }
    }

    /// glGet of a conventional array's size, type, stride or buffer binding; `None` for
    /// another pname.
    pub(crate) fn conventional_array_value(&self, pname: GLenum) -> Option<Value> {
        use ArrayProperty::*;
        let tex_coord = TEX_COORD0 + self.client_active_texture as usize;
        let (slot, property) = match pname {
            GL_VERTEX_ARRAY_SIZE => (Some(VERTEX), Size),
            GL_VERTEX_ARRAY_TYPE => (Some(VERTEX), Type),
            GL_VERTEX_ARRAY_STRIDE => (Some(VERTEX), Stride),
            GL_VERTEX_ARRAY_BUFFER_BINDING => (Some(VERTEX), BufferBinding),
            GL_NORMAL_ARRAY_TYPE => (Some(NORMAL), Type),
            GL_NORMAL_ARRAY_STRIDE => (Some(NORMAL), Stride),
            GL_NORMAL_ARRAY_BUFFER_BINDING => (Some(NORMAL), BufferBinding),
            GL_COLOR_ARRAY_SIZE => (Some(COLOR), Size),
            GL_COLOR_ARRAY_TYPE => (Some(COLOR), Type),
            GL_COLOR_ARRAY_STRIDE => (Some(COLOR), Stride),
            GL_COLOR_ARRAY_BUFFER_BINDING => (Some(COLOR), BufferBinding),
            GL_SECONDARY_COLOR_ARRAY_SIZE => (Some(SECONDARY_COLOR), Size),
            GL_SECONDARY_COLOR_ARRAY_TYPE => (Some(SECONDARY_COLOR), Type),
            GL_SECONDARY_COLOR_ARRAY_STRIDE => (Some(SECONDARY_COLOR), Stride),
            GL_SECONDARY_COLOR_ARRAY_BUFFER_BINDING => (Some(SECONDARY_COLOR), BufferBinding),
            GL_FOG_COORD_ARRAY_TYPE => (Some(FOG_COORD), Type),
            GL_FOG_COORD_ARRAY_STRIDE => (Some(FOG_COORD), Stride),
            GL_FOG_COORD_ARRAY_BUFFER_BINDING => (Some(FOG_COORD), BufferBinding),
            GL_TEXTURE_COORD_ARRAY_SIZE => (Some(tex_coord), Size),
            GL_TEXTURE_COORD_ARRAY_TYPE => (Some(tex_coord), Type),
            GL_TEXTURE_COORD_ARRAY_STRIDE => (Some(tex_coord), Stride),
            GL_TEXTURE_COORD_ARRAY_BUFFER_BINDING => (Some(tex_coord), BufferBinding),
            GL_EDGE_FLAG_ARRAY_STRIDE | GL_EDGE_FLAG_ARRAY_BUFFER_BINDING | GL_INDEX_ARRAY_TYPE | GL_INDEX_ARRAY_STRIDE | GL_INDEX_ARRAY_BUFFER_BINDING => {
                (None, Stride)
            }
            _ => return None,
        };
        let vao = self.vertex_arrays.get(self.bindings.vertex_array)?;
        let Some(slot) = slot else {
            let v = match pname {
                GL_EDGE_FLAG_ARRAY_STRIDE => vao.edge_flag_array.stride as i64,
                GL_EDGE_FLAG_ARRAY_BUFFER_BINDING => vao.edge_flag_array.buffer as i64,
                GL_INDEX_ARRAY_TYPE => vao.index_array.ty as i64,
                GL_INDEX_ARRAY_STRIDE => vao.index_array.stride as i64,
                _ => vao.index_array.buffer as i64,
            };
            return Some(Value::int(v));
        };
        let a = vao.attribs.get(slot)?;
        Some(Value::int(match property {
            Size => a.size as i64,
            Type => a.ty as i64,
            Stride => a.stride as i64,
            BufferBinding => a.buffer as i64,
        }))
    }
}
