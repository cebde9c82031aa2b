//! Vertex array objects: glGen/Create/Delete/Bind/IsVertexArray, glEnable/Disable
//! VertexAttribArray, glVertexAttrib{,I,L}Pointer in every format, glVertexAttribDivisor
//! and glGetVertexAttrib*.

use crate::context::ContextState;
use crate::state::Dirty;
use crate::types::enums::*;
use crate::types::*;

/// How an attribute reaches the shader.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AttribClass {
    /// Converted to float (glVertexAttribPointer), possibly normalized.
    Float { normalized: bool },
    /// Kept integer (glVertexAttribIPointer).
    Integer,
    /// 64-bit (glVertexAttribLPointer).
    Double,
}

/// One generic vertex attribute array.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VertexAttrib {
    pub enabled: bool,
    /// Components 1-4, or GL_BGRA.
    pub size: GLint,
    pub ty: GLenum,
    pub class: AttribClass,
    /// The stride as specified (0 = tightly packed).
    pub stride: GLsizei,
    /// Offset into `buffer`, or the client pointer when `buffer` is 0.
    pub pointer: usize,
    pub buffer: GLuint,
    pub divisor: GLuint,
}

impl Default for VertexAttrib {
    fn default() -> Self {
        VertexAttrib {
            enabled: false,
            size: 4,
            ty: GL_FLOAT,
            class: AttribClass::Float { normalized: false },
            stride: 0,
            pointer: 0,
            buffer: 0,
            divisor: 0,
        }
    }
}

impl VertexAttrib {
    /// Bytes between consecutive elements.
    pub fn effective_stride(&self) -> u32 {
        if self.stride != 0 {
            return self.stride as u32;
        }
        let components = if self.size == GL_BGRA as GLint { 4 } else { self.size as u32 };
        match self.ty {
            GL_BYTE | GL_UNSIGNED_BYTE => components,
            GL_SHORT | GL_UNSIGNED_SHORT | GL_HALF_FLOAT => 2 * components,
            GL_DOUBLE => 8 * components,
            GL_INT_2_10_10_10_REV | GL_UNSIGNED_INT_2_10_10_10_REV | GL_UNSIGNED_INT_10F_11F_11F_REV => 4,
            _ => 4 * components,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VertexArray {
    pub attribs: Vec<VertexAttrib>,
    pub element_buffer: GLuint,
}

/// The compatibility profile's conventional arrays (glVertexPointer and friends) follow
/// the generic ones, at the input locations the GLSL compiler gives gl_Vertex, gl_Normal,
/// gl_Color, gl_SecondaryColor, gl_FogCoord and gl_MultiTexCoord0-7.
pub const CONVENTIONAL_BASE: usize = 16;
pub const CONVENTIONAL_COUNT: usize = 13;
pub(crate) const VERTEX: usize = CONVENTIONAL_BASE;
pub(crate) const NORMAL: usize = CONVENTIONAL_BASE + 1;
pub(crate) const COLOR: usize = CONVENTIONAL_BASE + 2;
pub(crate) const SECONDARY_COLOR: usize = CONVENTIONAL_BASE + 3;
pub(crate) const FOG_COORD: usize = CONVENTIONAL_BASE + 4;
pub(crate) const TEX_COORD0: usize = CONVENTIONAL_BASE + 5;

/// The current value of a conventional attribute before any glColor/glNormal call.
pub fn conventional_default(index: usize) -> [f32; 4] {
    match index {
        NORMAL => [0.0, 0.0, 1.0, 1.0],
        COLOR => [1.0, 1.0, 1.0, 1.0],
        _ => [0.0, 0.0, 0.0, 1.0],
    }
}

impl VertexArray {
    pub fn new(max_attribs: usize) -> Self {
        let slots = max_attribs.max(CONVENTIONAL_BASE) + CONVENTIONAL_COUNT;
        VertexArray { attribs: vec![VertexAttrib::default(); slots], element_buffer: 0 }
    }
}

/// Which pointer command specified the attribute.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum PointerKind {
    Float,
    Integer,
    Double,
}

impl ContextState {
    pub(crate) fn gl_gen_vertex_arrays(&mut self, n: GLsizei, arrays: *mut GLuint, create: bool) {
        if !self.check(n >= 0, GL_INVALID_VALUE) || arrays.is_null() {
            return;
        }
        for i in 0..n as usize {
            let name = self.vertex_arrays.generate();
            if create {
                self.vertex_arrays.insert(name, VertexArray::new(self.limits.max_vertex_attribs as usize));
            }
            // SAFETY: GL requires `arrays` to hold n names.
            unsafe { *arrays.add(i) = name };
        }
    }

    pub(crate) fn gl_delete_vertex_arrays(&mut self, n: GLsizei, arrays: *const GLuint) {
        if !self.check(n >= 0, GL_INVALID_VALUE) || arrays.is_null() {
            return;
        }
        for i in 0..n as usize {
            // SAFETY: GL requires `arrays` to hold n names.
            let name = unsafe { *arrays.add(i) };
            if name == 0 {
                continue;
            }
            self.vertex_arrays.remove(name);
            if self.bindings.vertex_array == name {
                self.bindings.vertex_array = 0;
                self.state.dirty.insert(Dirty::VERTEX_INPUT);
            }
        }
    }

    pub(crate) fn gl_bind_vertex_array(&mut self, array: GLuint) {
        let max = self.limits.max_vertex_attribs as usize;
        if array != 0 && self.vertex_arrays.get_or_create(array, false, || VertexArray::new(max)).is_none() {
            return self.record_error(GL_INVALID_OPERATION);
        }
        self.bindings.vertex_array = array;
        self.state.dirty.insert(Dirty::VERTEX_INPUT);
    }

    pub(crate) fn gl_is_vertex_array(&mut self, array: GLuint) -> GLboolean {
        (array != 0 && self.vertex_arrays.exists(array)) as GLboolean
    }

    /// The bound vertex array for an attribute command, recording INVALID_VALUE for a bad
    /// index and INVALID_OPERATION for core's missing default array.
    fn attrib_mut(&mut self, index: GLuint) -> Option<&mut VertexAttrib> {
        if !self.check(index < self.limits.max_vertex_attribs, GL_INVALID_VALUE) {
            return None;
        }
        let vao = self.bindings.vertex_array;
        if !self.check(!(vao == 0 && self.is_core()), GL_INVALID_OPERATION) {
            return None;
        }
        self.vertex_arrays.get_mut(vao).map(|v| &mut v.attribs[index as usize])
    }

    pub(crate) fn gl_enable_vertex_attrib_array(&mut self, index: GLuint, enabled: bool) {
        if let Some(attrib) = self.attrib_mut(index) {
            attrib.enabled = enabled;
            self.state.dirty.insert(Dirty::VERTEX_INPUT);
        }
    }

    pub(crate) fn gl_vertex_attrib_divisor(&mut self, index: GLuint, divisor: GLuint) {
        if let Some(attrib) = self.attrib_mut(index) {
            attrib.divisor = divisor;
            self.state.dirty.insert(Dirty::VERTEX_INPUT);
        }
    }

    /// The error a pointer command's size/type combination gives, if any.
    fn pointer_format_error(&self, kind: PointerKind, size: GLint, ty: GLenum, normalized: bool) -> Option<GLenum> {
        let bgra = size == GL_BGRA as GLint;
        let type_ok = match kind {
            PointerKind::Float => matches!(
                ty,
                GL_BYTE | GL_UNSIGNED_BYTE | GL_SHORT | GL_UNSIGNED_SHORT | GL_INT | GL_UNSIGNED_INT | GL_HALF_FLOAT
                    | GL_FLOAT | GL_DOUBLE | GL_FIXED | GL_INT_2_10_10_10_REV | GL_UNSIGNED_INT_2_10_10_10_REV
                    | GL_UNSIGNED_INT_10F_11F_11F_REV
            ) && !(self.is_gles() && ty == GL_DOUBLE),
            PointerKind::Integer => {
                matches!(ty, GL_BYTE | GL_UNSIGNED_BYTE | GL_SHORT | GL_UNSIGNED_SHORT | GL_INT | GL_UNSIGNED_INT)
            }
            PointerKind::Double => ty == GL_DOUBLE,
        };
        if !type_ok {
            return Some(GL_INVALID_ENUM);
        }
        let size_ok = (1..=4).contains(&size) || (bgra && kind == PointerKind::Float && !self.is_gles());
        if !size_ok {
            return Some(GL_INVALID_VALUE);
        }
        let packed = matches!(ty, GL_INT_2_10_10_10_REV | GL_UNSIGNED_INT_2_10_10_10_REV);
        if bgra && (!matches!(ty, GL_UNSIGNED_BYTE | GL_INT_2_10_10_10_REV | GL_UNSIGNED_INT_2_10_10_10_REV) || !normalized) {
            return Some(GL_INVALID_OPERATION);
        }
        if packed && !(size == 4 || bgra) {
            return Some(GL_INVALID_OPERATION);
        }
        if ty == GL_UNSIGNED_INT_10F_11F_11F_REV && size != 3 {
            return Some(GL_INVALID_OPERATION);
        }
        None
    }

    pub(crate) fn gl_vertex_attrib_pointer(
        &mut self,
        kind: PointerKind,
        index: GLuint,
        size: GLint,
        ty: GLenum,
        normalized: GLboolean,
        stride: GLsizei,
        pointer: *const c_void,
    ) {
        if !self.check(index < self.limits.max_vertex_attribs, GL_INVALID_VALUE) {
            return;
        }
        let normalized = normalized != 0;
        if let Some(error) = self.pointer_format_error(kind, size, ty, normalized) {
            return self.record_error(error);
        }
        if !self.check(stride >= 0 && stride as u32 <= self.limits.max_vertex_attrib_stride, GL_INVALID_VALUE) {
            return;
        }
        let buffer = self.bindings.array_buffer;
        // Client-side arrays exist only in compatibility profiles and GLES, with VAO 0.
        let client_arrays_ok = !self.is_core() && self.bindings.vertex_array == 0;
        if !self.check(buffer != 0 || pointer.is_null() || client_arrays_ok, GL_INVALID_OPERATION) {
            return;
        }
        let class = match kind {
            PointerKind::Float => AttribClass::Float { normalized },
            PointerKind::Integer => AttribClass::Integer,
            PointerKind::Double => AttribClass::Double,
        };
        let Some(attrib) = self.attrib_mut(index) else { return };
        attrib.size = size;
        attrib.ty = ty;
        attrib.class = class;
        attrib.stride = stride;
        attrib.pointer = pointer as usize;
        attrib.buffer = buffer;
        self.state.dirty.insert(Dirty::VERTEX_INPUT);
    }

    /// glGetVertexAttribiv's value for the array state `pname`; `None` for another pname.
    pub(crate) fn vertex_attrib_parameter(&mut self, index: GLuint, pname: GLenum) -> Option<i64> {
        if !self.check(index < self.limits.max_vertex_attribs, GL_INVALID_VALUE) {
            return None;
        }
        let vao = self.bindings.vertex_array;
        let a = self.vertex_arrays.get(vao).map(|v| v.attribs[index as usize]).unwrap_or_default();
        Some(match pname {
            GL_VERTEX_ATTRIB_ARRAY_ENABLED => a.enabled as i64,
            GL_VERTEX_ATTRIB_ARRAY_SIZE => a.size as i64,
            GL_VERTEX_ATTRIB_ARRAY_STRIDE => a.stride as i64,
            GL_VERTEX_ATTRIB_ARRAY_TYPE => a.ty as i64,
            GL_VERTEX_ATTRIB_ARRAY_NORMALIZED => matches!(a.class, AttribClass::Float { normalized: true }) as i64,
            GL_VERTEX_ATTRIB_ARRAY_INTEGER => matches!(a.class, AttribClass::Integer) as i64,
            GL_VERTEX_ATTRIB_ARRAY_LONG => matches!(a.class, AttribClass::Double) as i64,
            GL_VERTEX_ATTRIB_ARRAY_DIVISOR => a.divisor as i64,
            GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING => a.buffer as i64,
            GL_VERTEX_ATTRIB_RELATIVE_OFFSET => 0,
            GL_VERTEX_ATTRIB_BINDING => index as i64,
            _ => return None,
        })
    }

    pub(crate) fn gl_get_vertex_attrib_pointerv(&mut self, index: GLuint, pname: GLenum, pointer: *mut *mut c_void) {
        if !self.check(pname == GL_VERTEX_ATTRIB_ARRAY_POINTER, GL_INVALID_ENUM)
            || !self.check(index < self.limits.max_vertex_attribs, GL_INVALID_VALUE)
            || pointer.is_null()
        {
            return;
        }
        let vao = self.bindings.vertex_array;
        let value = self.vertex_arrays.get(vao).map_or(0, |v| v.attribs[index as usize].pointer);
        // SAFETY: GL requires `pointer` to point at one pointer.
        unsafe { *pointer = value as *mut c_void };
    }

    /// glVertexAttrib*: the value a disabled array supplies.
    pub(crate) fn set_current_attrib(&mut self, index: GLuint, value: [f32; 4]) {
        // Attribute 0 is the position in compatibility contexts: it provokes a vertex.
        if index == 0 && self.in_begin_end() {
            return self.gl_vertex(value);
        }
        if !self.check(index < self.limits.max_vertex_attribs, GL_INVALID_VALUE) {
            return;
        }
        match self.current_attribs.get_mut(index as usize) {
            Some(slot) => *slot = value,
            None => self.record_error(GL_INVALID_VALUE),
        }
        self.state.dirty.insert(Dirty::VERTEX_INPUT);
    }

    /// glVertexAttribL*: the value a disabled array gives a double-precision input.
    pub(crate) fn set_current_attrib_double(&mut self, index: GLuint, value: [f64; 4]) {
        if !self.check(index < self.limits.max_vertex_attribs, GL_INVALID_VALUE) {
            return;
        }
        match self.current_attribs_double.get_mut(index as usize) {
            Some(slot) => *slot = value,
            None => self.record_error(GL_INVALID_VALUE),
        }
        self.state.dirty.insert(Dirty::VERTEX_INPUT);
    }

    /// glGetVertexAttrib{f,d,i}v: the current value (four numbers) or an array parameter;
    /// `None` after recording an error. The compatibility profile's attribute 0 is the
    /// vertex position, which has no current value.
    pub(crate) fn vertex_attrib_values(&mut self, index: GLuint, pname: GLenum) -> Option<Vec<f64>> {
        if pname == GL_CURRENT_VERTEX_ATTRIB {
            if !self.check(index < self.limits.max_vertex_attribs, GL_INVALID_VALUE) {
                return None;
            }
            let position = index == 0 && !self.is_core() && !self.is_gles();
            if !self.check(!position, GL_INVALID_OPERATION) {
                return None;
            }
            let v = self.current_attribs.get(index as usize).copied().unwrap_or([0.0, 0.0, 0.0, 1.0]);
            return Some(v.iter().map(|c| *c as f64).collect());
        }
        match self.vertex_attrib_parameter(index, pname) {
            Some(v) => Some(vec![v as f64]),
            None => {
                if index < self.limits.max_vertex_attribs {
                    self.record_error(GL_INVALID_ENUM);
                }
                None
            }
        }
    }

    /// glGetVertexAttribLdv: the current double value, or an array parameter as a double.
    pub(crate) fn gl_get_vertex_attrib_ldv(&mut self, index: GLuint, pname: GLenum, params: *mut GLdouble) {
        if params.is_null() {
            return;
        }
        let values: Vec<f64> = if pname == GL_CURRENT_VERTEX_ATTRIB {
            if !self.check(index < self.limits.max_vertex_attribs, GL_INVALID_VALUE) {
                return;
            }
            self.current_attribs_double.get(index as usize).copied().unwrap_or([0.0, 0.0, 0.0, 1.0]).to_vec()
        } else {
            match self.vertex_attrib_parameter(index, pname) {
                Some(v) => vec![v as f64],
                None if index < self.limits.max_vertex_attribs => return self.record_error(GL_INVALID_ENUM),
                None => return,
            }
        };
        for (i, v) in values.into_iter().enumerate() {
            // SAFETY: GL requires `params` to hold the parameter's values (four for
            // GL_CURRENT_VERTEX_ATTRIB, one otherwise).
            unsafe { *params.add(i) = v };
        }
    }

    /// The slot of a conventional array named by glEnableClientState's enum.
    pub(crate) fn client_state_slot(&self, array: GLenum) -> Option<usize> {
        Some(match array {
            GL_VERTEX_ARRAY => VERTEX,
            GL_NORMAL_ARRAY => NORMAL,
            GL_COLOR_ARRAY => COLOR,
            GL_SECONDARY_COLOR_ARRAY => SECONDARY_COLOR,
            GL_FOG_COORD_ARRAY => FOG_COORD,
            GL_TEXTURE_COORD_ARRAY => TEX_COORD0 + self.client_active_texture as usize,
            _ => return None,
        })
    }

    /// glEnableClientState / glDisableClientState (compatibility profile).
    pub(crate) fn gl_client_state(&mut self, array: GLenum, enabled: bool) {
        if !self.check(!self.is_core() && !self.is_gles(), GL_INVALID_OPERATION) {
            return;
        }
        let Some(slot) = self.client_state_slot(array) else { return self.record_error(GL_INVALID_ENUM) };
        let vao = self.bindings.vertex_array;
        if let Some(v) = self.vertex_arrays.get_mut(vao) {
            v.attribs[slot].enabled = enabled;
        }
        self.state.dirty.insert(Dirty::VERTEX_INPUT);
    }

    pub(crate) fn gl_client_active_texture(&mut self, texture: GLenum) {
        let unit = texture.wrapping_sub(GL_TEXTURE0);
        if !self.check(unit < 8, GL_INVALID_ENUM) {
            return;
        }
        self.client_active_texture = unit;
    }

    /// glVertexPointer, glNormalPointer, glColorPointer, glTexCoordPointer,
    /// glSecondaryColorPointer, glFogCoordPointer: a conventional array.
    pub(crate) fn gl_conventional_pointer(&mut self, array: GLenum, size: GLint, ty: GLenum, stride: GLsizei, pointer: *const c_void) {
        if !self.check(!self.is_core() && !self.is_gles(), GL_INVALID_OPERATION) {
            return;
        }
        let Some(slot) = self.client_state_slot(array) else { return };
        let sizes_ok = match array {
            GL_VERTEX_ARRAY => (2..=4).contains(&size),
            GL_NORMAL_ARRAY => size == 3,
            GL_COLOR_ARRAY => size == 3 || size == 4 || size == GL_BGRA as GLint,
            GL_SECONDARY_COLOR_ARRAY => size == 3 || size == GL_BGRA as GLint,
            GL_FOG_COORD_ARRAY => size == 1,
            _ => (1..=4).contains(&size),
        };
        if !self.check(sizes_ok && stride >= 0, GL_INVALID_VALUE) {
            return;
        }
        let type_ok = matches!(ty, GL_BYTE | GL_UNSIGNED_BYTE | GL_SHORT | GL_UNSIGNED_SHORT | GL_INT | GL_UNSIGNED_INT | GL_FLOAT | GL_DOUBLE | GL_HALF_FLOAT);
        if !self.check(type_ok, GL_INVALID_ENUM) {
            return;
        }
        // Colours and normals of integer types are normalized; positions and texture
        // coordinates are converted as they are.
        let normalized = matches!(array, GL_COLOR_ARRAY | GL_NORMAL_ARRAY | GL_SECONDARY_COLOR_ARRAY) && !matches!(ty, GL_FLOAT | GL_DOUBLE | GL_HALF_FLOAT);
        let buffer = self.bindings.array_buffer;
        let vao = self.bindings.vertex_array;
        if let Some(v) = self.vertex_arrays.get_mut(vao) {
            let a = &mut v.attribs[slot];
            a.size = size;
            a.ty = ty;
            a.class = AttribClass::Float { normalized };
            a.stride = stride;
            a.pointer = pointer as usize;
            a.buffer = buffer;
        }
        self.state.dirty.insert(Dirty::VERTEX_INPUT);
    }
}

