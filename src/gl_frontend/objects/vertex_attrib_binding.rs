//! GL 4.3's separate attribute formats and vertex buffer bindings
//! (ARB_vertex_attrib_binding): glBindVertexBuffer(s), glVertexAttrib{,I,L}Format,
//! glVertexAttribBinding, glVertexBindingDivisor, the GL_VERTEX_BINDING_* queries, and
//! GL 4.5's named forms (glVertexArrayVertexBuffer, glVertexArrayAttribFormat, ...,
//! glGetVertexArray{iv,Indexediv,Indexed64iv}).

use crate::context::ContextState;
use crate::objects::vertex_array::{AttribClass, PointerKind, VertexArray, VertexBinding};
use crate::queries::get::Value;
use crate::state::Dirty;
use crate::types::enums::*;
use crate::types::*;

/// Which vertex array a command changes: the bound one, or one named by a GL 4.5 command.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum VaoTarget {
    Bound,
    Named(GLuint),
}

impl ContextState {
    /// The name of the vertex array a command changes; INVALID_OPERATION when core has
    /// none bound or the named one does not exist.
    pub(crate) fn target_vertex_array(&mut self, target: VaoTarget) -> Option<GLuint> {
        let (name, ok) = match target {
            VaoTarget::Bound => {
                let vao = self.bindings.vertex_array;
                (vao, !(vao == 0 && self.is_core()))
            }
            VaoTarget::Named(name) => (name, name != 0 && self.vertex_arrays.exists(name)),
        };
        self.check(ok && self.vertex_arrays.get(name).is_some(), GL_INVALID_OPERATION).then_some(name)
    }

    fn vertex_array_mut_of(&mut self, name: GLuint) -> Option<&mut VertexArray> {
        if name == self.bindings.vertex_array {
            self.state.dirty.insert(Dirty::VERTEX_INPUT);
        }
        self.vertex_arrays.get_mut(name)
    }

    /// glBindVertexBuffer / glVertexArrayVertexBuffer.
    pub(crate) fn gl_bind_vertex_buffer(&mut self, target: VaoTarget, binding: GLuint, buffer: GLuint, offset: GLintptr, stride: GLsizei) {
        let Some(vao) = self.target_vertex_array(target) else { return };
        if !self.check(binding < self.limits.max_vertex_attrib_bindings, GL_INVALID_VALUE)
            || !self.check(offset >= 0 && stride >= 0 && stride as u32 <= self.limits.max_vertex_attrib_stride, GL_INVALID_VALUE)
            || !self.ensure_buffer(buffer)
        {
            return;
        }
        if let Some(v) = self.vertex_array_mut_of(vao) {
            v.bind_buffer(binding as usize, buffer, offset as usize, stride as u32);
        }
    }

    /// glBindVertexBuffers / glVertexArrayVertexBuffers: `count` bindings from `first`;
    /// null `buffers` unbinds them. A bad entry is skipped with an error, the rest bind.
    ///
    /// # Safety
    /// Non-null arrays must hold `count` elements, as GL requires.
    pub(crate) unsafe fn gl_bind_vertex_buffers(
        &mut self,
        target: VaoTarget,
        first: GLuint,
        count: GLsizei,
        buffers: *const GLuint,
        offsets: *const GLintptr,
        strides: *const GLsizei,
    ) {
        let Some(vao) = self.target_vertex_array(target) else { return };
        if !self.check(count >= 0, GL_INVALID_VALUE) {
            return;
        }
        let end = first as u64 + count as u64;
        if !self.check(end <= self.limits.max_vertex_attrib_bindings as u64, GL_INVALID_OPERATION) {
            return;
        }
        for i in 0..count as usize {
            let binding = first as usize + i;
            if buffers.is_null() {
                if let Some(v) = self.vertex_array_mut_of(vao) {
                    v.bind_buffer(binding, 0, 0, 16);
                }
                continue;
            }
            if offsets.is_null() || strides.is_null() {
                return self.record_error(GL_INVALID_VALUE);
            }
            // SAFETY: the caller's contract.
            let (buffer, offset, stride) = unsafe { (*buffers.add(i), *offsets.add(i), *strides.add(i)) };
            if !self.check(offset >= 0 && stride >= 0 && stride as u32 <= self.limits.max_vertex_attrib_stride, GL_INVALID_VALUE) {
                continue;
            }
            let exists = buffer == 0 || self.share.lock().buffers.exists(buffer);
            if !self.check(exists, GL_INVALID_OPERATION) {
                continue;
            }
            if let Some(v) = self.vertex_array_mut_of(vao) {
                v.bind_buffer(binding, buffer, offset as usize, stride as u32);
            }
        }
    }

    /// glVertexAttrib{,I,L}Format and their named forms.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn gl_vertex_attrib_format(
        &mut self,
        target: VaoTarget,
        kind: PointerKind,
        index: GLuint,
        size: GLint,
        ty: GLenum,
        normalized: GLboolean,
        relative_offset: GLuint,
    ) {
        let Some(vao) = self.target_vertex_array(target) else { return };
        if !self.check(index < self.limits.max_vertex_attribs, GL_INVALID_VALUE)
            || !self.check(relative_offset <= self.limits.max_vertex_attrib_relative_offset, GL_INVALID_VALUE)
        {
            return;
        }
        let normalized = normalized != 0;
        if let Some(error) = self.pointer_format_error(kind, size, ty, normalized) {
            return self.record_error(error);
        }
        let class = match kind {
            PointerKind::Float => AttribClass::Float { normalized },
            PointerKind::Integer => AttribClass::Integer,
            PointerKind::Double => AttribClass::Double,
        };
        if let Some(v) = self.vertex_array_mut_of(vao) {
            let a = &mut v.attribs[index as usize];
            a.size = size;
            a.ty = ty;
            a.class = class;
            a.relative_offset = relative_offset;
            v.resolve(index as usize);
        }
    }

    /// glVertexAttribBinding / glVertexArrayAttribBinding.
    pub(crate) fn gl_vertex_attrib_binding(&mut self, target: VaoTarget, index: GLuint, binding: GLuint) {
        let Some(vao) = self.target_vertex_array(target) else { return };
        if !self.check(index < self.limits.max_vertex_attribs, GL_INVALID_VALUE)
            || !self.check(binding < self.limits.max_vertex_attrib_bindings, GL_INVALID_VALUE)
        {
            return;
        }
        if let Some(v) = self.vertex_array_mut_of(vao) {
            v.attribs[index as usize].binding = binding;
            v.resolve(index as usize);
        }
    }

    /// glVertexBindingDivisor / glVertexArrayBindingDivisor.
    pub(crate) fn gl_vertex_binding_divisor(&mut self, target: VaoTarget, binding: GLuint, divisor: GLuint) {
        let Some(vao) = self.target_vertex_array(target) else { return };
        if !self.check(binding < self.limits.max_vertex_attrib_bindings, GL_INVALID_VALUE) {
            return;
        }
        if let Some(v) = self.vertex_array_mut_of(vao) {
            v.bindings[binding as usize].divisor = divisor;
            v.resolve_binding(binding as usize);
        }
    }

    /// glEnableVertexArrayAttrib / glDisableVertexArrayAttrib.
    pub(crate) fn gl_enable_vertex_array_attrib(&mut self, vaobj: GLuint, index: GLuint, enabled: bool) {
        let Some(vao) = self.target_vertex_array(VaoTarget::Named(vaobj)) else { return };
        if !self.check(index < self.limits.max_vertex_attribs, GL_INVALID_VALUE) {
            return;
        }
        if let Some(v) = self.vertex_array_mut_of(vao) {
            v.attribs[index as usize].enabled = enabled;
        }
    }

    /// glVertexArrayElementBuffer.
    pub(crate) fn gl_vertex_array_element_buffer(&mut self, vaobj: GLuint, buffer: GLuint) {
        let Some(vao) = self.target_vertex_array(VaoTarget::Named(vaobj)) else { return };
        let exists = buffer == 0 || self.share.lock().buffers.exists(buffer);
        if !self.check(exists, GL_INVALID_OPERATION) {
            return;
        }
        if let Some(v) = self.vertex_array_mut_of(vao) {
            v.element_buffer = buffer;
        }
    }

    /// glGetVertexArrayiv: the only pname is GL_ELEMENT_ARRAY_BUFFER_BINDING.
    pub(crate) fn gl_get_vertex_array_iv(&mut self, vaobj: GLuint, pname: GLenum, param: *mut GLint) {
        let Some(vao) = self.target_vertex_array(VaoTarget::Named(vaobj)) else { return };
        if !self.check(pname == GL_ELEMENT_ARRAY_BUFFER_BINDING, GL_INVALID_ENUM) || param.is_null() {
            return;
        }
        let value = self.vertex_arrays.get(vao).map_or(0, |v| v.element_buffer);
        // SAFETY: GL requires `param` to hold one value.
        unsafe { *param = value as GLint };
    }

    /// glGetVertexArrayIndexediv (attribute state) and glGetVertexArrayIndexed64iv
    /// (GL_VERTEX_BINDING_OFFSET) of a named vertex array.
    pub(crate) fn vertex_array_indexed_value(&mut self, vaobj: GLuint, index: GLuint, pname: GLenum, wide: bool) -> Option<i64> {
        let vao = self.target_vertex_array(VaoTarget::Named(vaobj))?;
        if wide {
            if !self.check(pname == GL_VERTEX_BINDING_OFFSET, GL_INVALID_ENUM)
                || !self.check(index < self.limits.max_vertex_attrib_bindings, GL_INVALID_VALUE)
            {
                return None;
            }
            return self.vertex_arrays.get(vao).map(|v| v.bindings[index as usize].offset as i64);
        }
        if !self.check(index < self.limits.max_vertex_attribs, GL_INVALID_VALUE) {
            return None;
        }
        let a = self.vertex_arrays.get(vao)?.attribs[index as usize];
        let value = a.array_parameter(pname);
        if value.is_none() {
            self.record_error(GL_INVALID_ENUM);
        }
        value
    }

    /// glGetIntegeri_v and glGetInteger64i_v of GL_VERTEX_BINDING_{BUFFER,OFFSET,STRIDE,
    /// DIVISOR}: the bound vertex array's binding `index`; `None` for another pname.
    pub(crate) fn vertex_binding_indexed_value(&self, pname: GLenum, index: GLuint) -> Option<Result<Value, GLenum>> {
        if !matches!(pname, GL_VERTEX_BINDING_BUFFER | GL_VERTEX_BINDING_OFFSET | GL_VERTEX_BINDING_STRIDE | GL_VERTEX_BINDING_DIVISOR) {
            return None;
        }
        if index >= self.limits.max_vertex_attrib_bindings {
            return Some(Err(GL_INVALID_VALUE));
        }
        let b = self
            .vertex_arrays
            .get(self.bindings.vertex_array)
            .map(|v| v.bindings[index as usize])
            .unwrap_or(VertexBinding { stride: 16, ..VertexBinding::default() });
        Some(Ok(Value::int(match pname {
            GL_VERTEX_BINDING_BUFFER => b.buffer as i64,
            GL_VERTEX_BINDING_OFFSET => b.offset as i64,
            GL_VERTEX_BINDING_STRIDE => b.stride as i64,
            _ => b.divisor as i64,
        })))
    }
}
