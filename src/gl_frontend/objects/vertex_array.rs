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

/// One vertex attribute: its format and the binding it reads (GL 4.3's split of
/// glVertexAttribPointer into glVertexAttribFormat, glVertexAttribBinding and
/// glBindVertexBuffer), plus the binding's state copied in, so a draw reads one record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VertexAttrib {
    pub enabled: bool,
    /// Components 1-4, or GL_BGRA.
    pub size: GLint,
    pub ty: GLenum,
    pub class: AttribClass,
    /// The stride glVertexAttribPointer was given (0 = tightly packed): what
    /// GL_VERTEX_ATTRIB_ARRAY_STRIDE reports. Draws use `binding_stride`.
    pub stride: GLsizei,
    /// Bytes from the start of the binding's element to this attribute.
    pub relative_offset: GLuint,
    /// The vertex buffer binding the attribute reads.
    pub binding: GLuint,
    /// From the binding: its offset plus `relative_offset`, or the client pointer when
    /// `buffer` is 0.
    pub pointer: usize,
    /// From the binding: the buffer read.
    pub buffer: GLuint,
    /// From the binding: instances per element, 0 for per-vertex data.
    pub divisor: GLuint,
    /// From the binding: bytes between consecutive elements (0 repeats one element).
    pub binding_stride: u32,
}

impl VertexAttrib {
    /// The array state glGetVertexAttribiv and glGetVertexArrayIndexediv both report;
    /// `None` for another `pname`.
    pub(crate) fn array_parameter(&self, pname: GLenum) -> Option<i64> {
        Some(match pname {
            GL_VERTEX_ATTRIB_ARRAY_ENABLED => self.enabled as i64,
            GL_VERTEX_ATTRIB_ARRAY_SIZE => self.size as i64,
            GL_VERTEX_ATTRIB_ARRAY_STRIDE => self.stride as i64,
            GL_VERTEX_ATTRIB_ARRAY_TYPE => self.ty as i64,
            GL_VERTEX_ATTRIB_ARRAY_NORMALIZED => matches!(self.class, AttribClass::Float { normalized: true }) as i64,
            GL_VERTEX_ATTRIB_ARRAY_INTEGER => matches!(self.class, AttribClass::Integer) as i64,
            GL_VERTEX_ATTRIB_ARRAY_LONG => matches!(self.class, AttribClass::Double) as i64,
            GL_VERTEX_ATTRIB_ARRAY_DIVISOR => self.divisor as i64,
            GL_VERTEX_ATTRIB_RELATIVE_OFFSET => self.relative_offset as i64,
            _ => return None,
        })
    }
}

impl Default for VertexAttrib {
    fn default() -> Self {
        VertexAttrib {
            enabled: false,
            size: 4,
            ty: GL_FLOAT,
            class: AttribClass::Float { normalized: false },
            stride: 0,
            relative_offset: 0,
            binding: 0,
            pointer: 0,
            buffer: 0,
            divisor: 0,
            binding_stride: 16,
        }
    }
}

impl VertexAttrib {
    /// Bytes between consecutive elements, as the draw reads them.
    pub fn effective_stride(&self) -> u32 {
        self.binding_stride
    }

    /// Bytes of one element of this attribute's format.
    pub fn element_size(&self) -> u32 {
        tight_stride(self.size, self.ty)
    }
}

/// Bytes of one element of `size` components of `ty` (what a stride of 0 means to
/// glVertexAttribPointer).
pub fn tight_stride(size: GLint, ty: GLenum) -> u32 {
    let components = if size == GL_BGRA as GLint { 4 } else { size.clamp(0, 4) as u32 };
    match ty {
        GL_BYTE | GL_UNSIGNED_BYTE => components,
        GL_SHORT | GL_UNSIGNED_SHORT | GL_HALF_FLOAT => 2 * components,
        GL_DOUBLE => 8 * components,
        GL_INT_2_10_10_10_REV | GL_UNSIGNED_INT_2_10_10_10_REV | GL_UNSIGNED_INT_10F_11F_11F_REV => 4,
        _ => 4 * components,
    }
}

/// One vertex buffer binding point (glBindVertexBuffer, glVertexBindingDivisor).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct VertexBinding {
    pub buffer: GLuint,
    /// Byte offset into `buffer`, or the client pointer when `buffer` is 0.
    pub offset: usize,
    pub stride: u32,
    pub divisor: GLuint,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VertexArray {
    pub attribs: Vec<VertexAttrib>,
    /// The generic bindings (GL_MAX_VERTEX_ATTRIB_BINDINGS of them are visible), then one
    /// private binding per conventional array, from `CONVENTIONAL_BINDING_BASE`.
    pub bindings: Vec<VertexBinding>,
    pub element_buffer: GLuint,
    /// glEdgeFlagPointer's array (compatibility profile; see `legacy_arrays.rs`).
    pub edge_flag_array: crate::objects::legacy_arrays::StateOnlyArray,
    /// glIndexPointer's array.
    pub index_array: crate::objects::legacy_arrays::StateOnlyArray,
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

/// Generic binding points a vertex array keeps (GL_MAX_VERTEX_ATTRIB_BINDINGS is at most
/// this); the conventional arrays' private bindings follow them.
pub const CONVENTIONAL_BINDING_BASE: usize = 32;

impl VertexArray {
    pub fn new(max_attribs: usize) -> Self {
        let slots = max_attribs.max(CONVENTIONAL_BASE) + CONVENTIONAL_COUNT;
        let mut attribs: Vec<VertexAttrib> = (0..slots)
            .map(|i| {
                // Each array starts on the binding of its own index.
                let binding = if i < CONVENTIONAL_BASE { i } else { CONVENTIONAL_BINDING_BASE + i - CONVENTIONAL_BASE };
                VertexAttrib { binding: binding as GLuint, ..VertexAttrib::default() }
            })
            .collect();
        // The initial sizes GL reports for the conventional arrays that are not four wide.
        for (slot, size) in [(NORMAL, 3), (SECONDARY_COLOR, 3), (FOG_COORD, 1)] {
            attribs[slot].size = size;
        }
        let bindings = vec![VertexBinding { stride: 16, ..VertexBinding::default() }; CONVENTIONAL_BINDING_BASE + CONVENTIONAL_COUNT];
        use crate::objects::legacy_arrays::StateOnlyArray;
        VertexArray { attribs, bindings, element_buffer: 0, edge_flag_array: StateOnlyArray::edge_flags(), index_array: StateOnlyArray::color_indices() }
    }

    /// Copies the state of attribute `index`'s binding into it.
    pub fn resolve(&mut self, index: usize) {
        let Some(a) = self.attribs.get_mut(index) else { return };
        let b = self.bindings.get(a.binding as usize).copied().unwrap_or_default();
        a.buffer = b.buffer;
        a.pointer = b.offset.wrapping_add(a.relative_offset as usize);
        a.binding_stride = b.stride;
        a.divisor = b.divisor;
    }

    /// Re-reads binding `binding` into every attribute that uses it.
    pub fn resolve_binding(&mut self, binding: usize) {
        for i in 0..self.attribs.len() {
            if self.attribs[i].binding as usize == binding {
                self.resolve(i);
            }
        }
    }

    /// The binding conventional or generic array `slot` owns (what the pointer commands set).
    pub fn own_binding(slot: usize) -> usize {
        if slot < CONVENTIONAL_BASE {
            slot
        } else {
            CONVENTIONAL_BINDING_BASE + slot - CONVENTIONAL_BASE
        }
    }

    /// glBindVertexBuffer's effect on binding `binding`.
    pub fn bind_buffer(&mut self, binding: usize, buffer: GLuint, offset: usize, stride: u32) {
        if let Some(b) = self.bindings.get_mut(binding) {
            b.buffer = buffer;
            b.offset = offset;
            b.stride = stride;
            self.resolve_binding(binding);
        }
    }

    /// A deleted buffer leaves every binding of the array that held it.
    pub fn detach_buffer(&mut self, buffer: GLuint) {
        for i in 0..self.bindings.len() {
            if self.bindings[i].buffer == buffer {
                self.bindings[i].buffer = 0;
                self.resolve_binding(i);
            }
        }
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

    /// glVertexAttribDivisor: the attribute reads binding `index`, whose divisor it sets.
    pub(crate) fn gl_vertex_attrib_divisor(&mut self, index: GLuint, divisor: GLuint) {
        if self.attrib_mut(index).is_none() {
            return;
        }
        let vao = self.bindings.vertex_array;
        if let Some(v) = self.vertex_arrays.get_mut(vao) {
            let i = index as usize;
            v.attribs[i].binding = index;
            v.bindings[i].divisor = divisor;
            v.resolve_binding(i);
        }
        self.state.dirty.insert(Dirty::VERTEX_INPUT);
    }

    /// The error a pointer command's size/type combination gives, if any.
    pub(crate) fn pointer_format_error(&self, kind: PointerKind, size: GLint, ty: GLenum, normalized: bool) -> Option<GLenum> {
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
        if self.attrib_mut(index).is_none() {
            return;
        }
        // GL 4.3 defines the pointer commands as a format, attribute binding `index`, and
        // the buffer bound to that binding with the stride made explicit.
        let vao = self.bindings.vertex_array;
        let Some(v) = self.vertex_arrays.get_mut(vao) else { return };
        let i = index as usize;
        let a = &mut v.attribs[i];
        a.size = size;
        a.ty = ty;
        a.class = class;
        a.stride = stride;
        a.relative_offset = 0;
        a.binding = index;
        let binding_stride = if stride != 0 { stride as u32 } else { tight_stride(size, ty) };
        v.bind_buffer(i, buffer, pointer as usize, binding_stride);
        self.state.dirty.insert(Dirty::VERTEX_INPUT);
    }

    /// glGetVertexAttribiv's value for the array state `pname`; `None` for another pname.
    pub(crate) fn vertex_attrib_parameter(&mut self, index: GLuint, pname: GLenum) -> Option<i64> {
        if !self.check(index < self.limits.max_vertex_attribs, GL_INVALID_VALUE) {
            return None;
        }
        let vao = self.bindings.vertex_array;
        let a = self.vertex_arrays.get(vao).map(|v| v.attribs[index as usize]).unwrap_or_default();
        a.array_parameter(pname).or(match pname {
            GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING => Some(a.buffer as i64),
            GL_VERTEX_ATTRIB_BINDING => Some(a.binding as i64),
            _ => None,
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
        if !self.check(!self.is_core() && !self.is_gles(), GL_INVALID_OPERATION) || self.set_state_only_array(array, enabled) {
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
            a.relative_offset = 0;
            let binding = VertexArray::own_binding(slot);
            a.binding = binding as GLuint;
            let binding_stride = if stride != 0 { stride as u32 } else { tight_stride(size, ty) };
            v.bind_buffer(binding, buffer, pointer as usize, binding_stride);
        }
        self.state.dirty.insert(Dirty::VERTEX_INPUT);
    }
}

