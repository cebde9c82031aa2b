//! Buffer objects: glGen/Create/Delete/Bind, glBufferData, glBufferStorage,
//! glBufferSubData, glGetBufferSubData, glMapBuffer(Range), glFlushMappedBufferRange,
//! glUnmapBuffer, glCopyBufferSubData, glBindBufferBase/Range and the parameter queries.
//!
//! Contents live in host memory owned by the buffer; the draw path uploads what a draw
//! reads. A mapping hands out a pointer into that memory, which stays put until the
//! buffer is respecified or deleted.

use crate::context::ContextState;
use crate::objects::bindings::IndexedBuffer;
use crate::state::Dirty;
use crate::types::enums::*;
use crate::types::*;

/// An active mapping of a buffer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mapping {
    pub offset: usize,
    pub length: usize,
    pub access: GLbitfield,
}

#[derive(Default)]
pub struct Buffer {
    pub data: Vec<u8>,
    pub usage: GLenum,
    /// Set by glBufferStorage: the size can no longer change.
    pub immutable: bool,
    pub storage_flags: GLbitfield,
    pub mapping: Option<Mapping>,
    /// Bumped on every host-side change, so the draw path knows to upload again.
    pub generation: u64,
    /// The GPU copy draws read, and the generation it holds.
    pub gpu: Option<(vk_backend::Buffer, u64)>,
    /// Shaders may have written the GPU copy (shader storage): the host copy is read back
    /// before the next host-side access.
    pub gpu_written: bool,
    /// While persistently mapped: the host bytes the GPU copy was last uploaded from. A
    /// read-back takes the GPU's bytes only where these still match the host copy, so what
    /// the application wrote through the mapping since is kept.
    pub uploaded: Option<Vec<u8>>,
}

impl Buffer {
    /// Marks the host copy changed.
    pub fn touch(&mut self) {
        self.generation += 1;
        self.gpu_written = false;
        self.uploaded = None;
    }

    fn new() -> Self {
        Buffer { usage: GL_STATIC_DRAW, ..Default::default() }
    }

    /// Mapped with GL_MAP_PERSISTENT_BIT: the GPU may use the buffer while the application
    /// reads and writes it through the mapping.
    pub(crate) fn mapped_persistently(&self) -> bool {
        self.mapping.is_some_and(|m| m.access & GL_MAP_PERSISTENT_BIT != 0)
    }

    /// Mapped in a way that forbids other access (a persistent map allows it).
    pub(crate) fn mapped_exclusively(&self) -> bool {
        self.mapping.is_some_and(|m| m.access & GL_MAP_PERSISTENT_BIT == 0)
    }
}

const MAP_ACCESS_BITS: GLbitfield = GL_MAP_READ_BIT
    | GL_MAP_WRITE_BIT
    | GL_MAP_INVALIDATE_RANGE_BIT
    | GL_MAP_INVALIDATE_BUFFER_BIT
    | GL_MAP_FLUSH_EXPLICIT_BIT
    | GL_MAP_UNSYNCHRONIZED_BIT
    | GL_MAP_PERSISTENT_BIT
    | GL_MAP_COHERENT_BIT;

const STORAGE_BITS: GLbitfield = GL_MAP_READ_BIT
    | GL_MAP_WRITE_BIT
    | GL_MAP_PERSISTENT_BIT
    | GL_MAP_COHERENT_BIT
    | GL_DYNAMIC_STORAGE_BIT
    | GL_CLIENT_STORAGE_BIT;

fn is_usage(usage: GLenum) -> bool {
    matches!(
        usage,
        GL_STREAM_DRAW
            | GL_STREAM_READ
            | GL_STREAM_COPY
            | GL_STATIC_DRAW
            | GL_STATIC_READ
            | GL_STATIC_COPY
            | GL_DYNAMIC_DRAW
            | GL_DYNAMIC_READ
            | GL_DYNAMIC_COPY
    )
}

/// A checked `offset + size <= len` for GL's signed offsets and sizes.
fn range_in(offset: isize, size: isize, len: usize) -> Option<std::ops::Range<usize>> {
    if offset < 0 || size < 0 {
        return None;
    }
    let end = (offset as usize).checked_add(size as usize)?;
    (end <= len).then_some(offset as usize..end)
}

impl ContextState {
    /// The binding point of a buffer target; `None` for an invalid target.
    pub(crate) fn buffer_binding_mut(&mut self, target: GLenum) -> Option<&mut GLuint> {
        let b = &mut self.bindings;
        Some(match target {
            GL_ARRAY_BUFFER => &mut b.array_buffer,
            GL_ELEMENT_ARRAY_BUFFER => {
                let vao = b.vertex_array;
                return self.vertex_arrays.get_mut(vao).map(|v| &mut v.element_buffer);
            }
            GL_COPY_READ_BUFFER => &mut b.copy_read_buffer,
            GL_COPY_WRITE_BUFFER => &mut b.copy_write_buffer,
            GL_PIXEL_PACK_BUFFER => &mut b.pixel_pack_buffer,
            GL_PIXEL_UNPACK_BUFFER => &mut b.pixel_unpack_buffer,
            GL_UNIFORM_BUFFER => &mut b.uniform_buffer,
            GL_TEXTURE_BUFFER => &mut b.texture_buffer,
            GL_TRANSFORM_FEEDBACK_BUFFER => &mut b.transform_feedback_buffer,
            GL_SHADER_STORAGE_BUFFER => &mut b.shader_storage_buffer,
            GL_DRAW_INDIRECT_BUFFER => &mut b.draw_indirect_buffer,
            GL_DISPATCH_INDIRECT_BUFFER => &mut b.dispatch_indirect_buffer,
            GL_PARAMETER_BUFFER => &mut b.parameter_buffer,
            GL_ATOMIC_COUNTER_BUFFER => &mut b.atomic_counter_buffer,
            GL_QUERY_BUFFER => &mut b.query_buffer,
            _ => return None,
        })
    }

    /// The buffer bound to `target`, recording INVALID_ENUM for a bad target and
    /// INVALID_OPERATION when none is bound.
    fn bound_buffer(&mut self, target: GLenum) -> Option<GLuint> {
        match self.buffer_binding_mut(target).copied() {
            None => {
                self.record_error(GL_INVALID_ENUM);
                None
            }
            Some(0) => {
                self.record_error(GL_INVALID_OPERATION);
                None
            }
            Some(name) => Some(name),
        }
    }

    pub(crate) fn gl_gen_buffers(&mut self, n: GLsizei, buffers: *mut GLuint, create: bool) {
        if !self.check(n >= 0, GL_INVALID_VALUE) || buffers.is_null() {
            return;
        }
        let mut objects = self.share.lock();
        for i in 0..n as usize {
            let name = objects.buffers.generate();
            if create {
                objects.buffers.insert(name, Buffer::new());
            }
            // SAFETY: GL requires `buffers` to hold n names.
            unsafe { *buffers.add(i) = name };
        }
    }

    pub(crate) fn gl_delete_buffers(&mut self, n: GLsizei, buffers: *const GLuint) {
        if !self.check(n >= 0, GL_INVALID_VALUE) || buffers.is_null() {
            return;
        }
        for i in 0..n as usize {
            // SAFETY: GL requires `buffers` to hold n names.
            let name = unsafe { *buffers.add(i) };
            if name == 0 {
                continue;
            }
            self.share.lock().buffers.remove(name);
            self.unbind_buffer_everywhere(name);
        }
    }

    /// Deleting a buffer unbinds it from this context's binding points.
    fn unbind_buffer_everywhere(&mut self, name: GLuint) {
        for target in [
            GL_ARRAY_BUFFER, GL_ELEMENT_ARRAY_BUFFER, GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER,
            GL_PIXEL_PACK_BUFFER, GL_PIXEL_UNPACK_BUFFER, GL_UNIFORM_BUFFER, GL_TEXTURE_BUFFER,
            GL_TRANSFORM_FEEDBACK_BUFFER, GL_SHADER_STORAGE_BUFFER, GL_DRAW_INDIRECT_BUFFER,
            GL_DISPATCH_INDIRECT_BUFFER, GL_ATOMIC_COUNTER_BUFFER, GL_QUERY_BUFFER, GL_PARAMETER_BUFFER,
        ] {
            if let Some(binding) = self.buffer_binding_mut(target) {
                if *binding == name {
                    *binding = 0;
                }
            }
        }
        let b = &mut self.bindings;
        for indexed in b.uniform_buffers.iter_mut().chain(b.shader_storage_buffers.iter_mut()).chain(b.atomic_counter_buffers.iter_mut()) {
            if indexed.buffer == name {
                *indexed = IndexedBuffer::default();
            }
        }
        self.transform_feedback.unbind_buffer(name);
        let vao = self.bindings.vertex_array;
        if let Some(v) = self.vertex_arrays.get_mut(vao) {
            v.detach_buffer(name);
        }
        self.state.dirty.insert(Dirty::VERTEX_INPUT | Dirty::UNIFORMS);
    }

    pub(crate) fn gl_is_buffer(&mut self, name: GLuint) -> GLboolean {
        self.share.lock().buffers.exists(name) as GLboolean
    }

    /// Makes sure an object exists under `name` for a bind; false (with the error recorded)
    /// when the name was never generated and the profile requires it.
    pub(crate) fn ensure_buffer(&mut self, name: GLuint) -> bool {
        if name == 0 {
            return true;
        }
        let allow_unreserved = !self.is_core() && !self.is_gles();
        let created = self.share.lock().buffers.get_or_create(name, allow_unreserved, Buffer::new).is_some();
        self.check(created, GL_INVALID_OPERATION)
    }

    pub(crate) fn gl_bind_buffer(&mut self, target: GLenum, buffer: GLuint) {
        let valid_target = self.buffer_binding_mut(target).is_some();
        if !self.check(valid_target, GL_INVALID_ENUM) || !self.ensure_buffer(buffer) {
            return;
        }
        if let Some(binding) = self.buffer_binding_mut(target) {
            *binding = buffer;
        }
        if target == GL_ELEMENT_ARRAY_BUFFER {
            self.state.dirty.insert(Dirty::VERTEX_INPUT);
        }
    }

    pub(crate) fn gl_bind_buffer_range(&mut self, target: GLenum, index: GLuint, buffer: GLuint, offset: isize, size: isize, whole: bool) {
        let (points, alignment) = match target {
            GL_UNIFORM_BUFFER => (self.bindings.uniform_buffers.len(), self.limits.uniform_buffer_offset_alignment),
            GL_SHADER_STORAGE_BUFFER => (self.bindings.shader_storage_buffers.len(), crate::draw_path::dispatch::SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT),
            // Counters are 32-bit words.
            GL_ATOMIC_COUNTER_BUFFER => (self.bindings.atomic_counter_buffers.len(), 4),
            _ => return self.record_error(GL_INVALID_ENUM),
        };
        if !self.check((index as usize) < points, GL_INVALID_VALUE) {
            return;
        }
        if !whole && buffer != 0 {
            let aligned = offset % alignment as isize == 0;
            if !self.check(offset >= 0 && size > 0 && aligned, GL_INVALID_VALUE) {
                return;
            }
        }
        if !self.ensure_buffer(buffer) {
            return;
        }
        let (offset, size) = if whole { (0, 0) } else { (offset as i64, size as i64) };
        if target == GL_ATOMIC_COUNTER_BUFFER {
            self.bindings.atomic_counter_buffers[index as usize] = IndexedBuffer { buffer, offset, size };
            self.bindings.atomic_counter_buffer = buffer;
            return;
        }
        if target == GL_SHADER_STORAGE_BUFFER {
            self.bindings.shader_storage_buffers[index as usize] = IndexedBuffer { buffer, offset, size };
            self.bindings.shader_storage_buffer = buffer;
            return;
        }
        self.bindings.uniform_buffers[index as usize] = IndexedBuffer { buffer, offset, size };
        self.bindings.uniform_buffer = buffer;
        self.state.dirty.insert(Dirty::UNIFORMS);
    }

    pub(crate) fn gl_buffer_data(&mut self, target: GLenum, size: isize, data: *const c_void, usage: GLenum) {
        let Some(name) = self.bound_buffer(target) else { return };
        if !self.check(size >= 0, GL_INVALID_VALUE) || !self.check(is_usage(usage), GL_INVALID_ENUM) {
            return;
        }
        let mut objects = self.share.lock();
        let Some(buffer) = objects.buffers.get_mut(name) else { return };
        if buffer.immutable {
            drop(objects);
            return self.record_error(GL_INVALID_OPERATION);
        }
        // Respecifying a mapped buffer unmaps it.
        buffer.mapping = None;
        buffer.touch();
        buffer.usage = usage;
        buffer.data = if data.is_null() {
            vec![0; size as usize]
        } else {
            // SAFETY: GL requires `data` to hold `size` bytes.
            unsafe { std::slice::from_raw_parts(data as *const u8, size as usize) }.to_vec()
        };
        drop(objects);
        self.state.dirty.insert(Dirty::VERTEX_INPUT | Dirty::UNIFORMS);
    }

    pub(crate) fn gl_buffer_storage(&mut self, target: GLenum, size: isize, data: *const c_void, flags: GLbitfield) {
        let Some(name) = self.bound_buffer(target) else { return };
        if !self.check(size > 0 && flags & !STORAGE_BITS == 0, GL_INVALID_VALUE) {
            return;
        }
        // Persistent maps need a read or write bit; coherent needs persistent.
        let flags_consistent = (flags & GL_MAP_PERSISTENT_BIT == 0 || flags & (GL_MAP_READ_BIT | GL_MAP_WRITE_BIT) != 0)
            && (flags & GL_MAP_COHERENT_BIT == 0 || flags & GL_MAP_PERSISTENT_BIT != 0);
        if !self.check(flags_consistent, GL_INVALID_VALUE) {
            return;
        }
        let mut objects = self.share.lock();
        let Some(buffer) = objects.buffers.get_mut(name) else { return };
        if buffer.immutable {
            drop(objects);
            return self.record_error(GL_INVALID_OPERATION);
        }
        buffer.immutable = true;
        buffer.touch();
        buffer.storage_flags = flags;
        buffer.usage = GL_DYNAMIC_DRAW;
        buffer.mapping = None;
        buffer.data = if data.is_null() {
            vec![0; size as usize]
        } else {
            // SAFETY: GL requires `data` to hold `size` bytes.
            unsafe { std::slice::from_raw_parts(data as *const u8, size as usize) }.to_vec()
        };
        drop(objects);
        self.state.dirty.insert(Dirty::VERTEX_INPUT | Dirty::UNIFORMS);
    }

    pub(crate) fn gl_buffer_sub_data(&mut self, target: GLenum, offset: isize, size: isize, data: *const c_void) {
        let Some(name) = self.bound_buffer(target) else { return };
        self.read_back_shader_writes(name);
        let mut objects = self.share.lock();
        let Some(buffer) = objects.buffers.get_mut(name) else { return };
        let error = match range_in(offset, size, buffer.data.len()) {
            None => GL_INVALID_VALUE,
            Some(_) if buffer.mapped_exclusively() => GL_INVALID_OPERATION,
            Some(_) if buffer.immutable && buffer.storage_flags & GL_DYNAMIC_STORAGE_BIT == 0 => GL_INVALID_OPERATION,
            Some(range) => {
                if !data.is_null() {
                    // SAFETY: GL requires `data` to hold `size` bytes.
                    let src = unsafe { std::slice::from_raw_parts(data as *const u8, range.len()) };
                    buffer.data[range].copy_from_slice(src);
                    buffer.touch();
                }
                GL_NO_ERROR
            }
        };
        drop(objects);
        if error != GL_NO_ERROR {
            self.record_error(error);
        } else {
            self.state.dirty.insert(Dirty::VERTEX_INPUT | Dirty::UNIFORMS);
        }
    }

    pub(crate) fn gl_get_buffer_sub_data(&mut self, target: GLenum, offset: isize, size: isize, data: *mut c_void) {
        let Some(name) = self.bound_buffer(target) else { return };
        self.read_back_shader_writes(name);
        let objects = self.share.lock();
        let Some(buffer) = objects.buffers.get(name) else { return };
        let error = match range_in(offset, size, buffer.data.len()) {
            None => GL_INVALID_VALUE,
            Some(_) if buffer.mapped_exclusively() => GL_INVALID_OPERATION,
            Some(range) => {
                if !data.is_null() {
                    // SAFETY: GL requires `data` to have room for `size` bytes.
                    let dst = unsafe { std::slice::from_raw_parts_mut(data as *mut u8, range.len()) };
                    dst.copy_from_slice(&buffer.data[range]);
                }
                GL_NO_ERROR
            }
        };
        drop(objects);
        if error != GL_NO_ERROR {
            self.record_error(error);
        }
    }

    pub(crate) fn gl_map_buffer_range(&mut self, target: GLenum, offset: isize, length: isize, access: GLbitfield) -> *mut c_void {
        let Some(name) = self.bound_buffer(target) else { return std::ptr::null_mut() };
        self.read_back_shader_writes(name);
        let mut objects = self.share.lock();
        let Some(buffer) = objects.buffers.get_mut(name) else { return std::ptr::null_mut() };
        let read = access & GL_MAP_READ_BIT != 0;
        let write = access & GL_MAP_WRITE_BIT != 0;
        let invalidate_or_unsync = GL_MAP_INVALIDATE_RANGE_BIT | GL_MAP_INVALIDATE_BUFFER_BIT | GL_MAP_UNSYNCHRONIZED_BIT;
        let storage_needed = access & (GL_MAP_READ_BIT | GL_MAP_WRITE_BIT | GL_MAP_PERSISTENT_BIT | GL_MAP_COHERENT_BIT);
        let range = range_in(offset, length, buffer.data.len());
        let error = if range.is_none() || access & !MAP_ACCESS_BITS != 0 {
            GL_INVALID_VALUE
        } else if length == 0
            || buffer.mapping.is_some()
            || !(read || write)
            || (read && access & invalidate_or_unsync != 0)
            || (access & GL_MAP_FLUSH_EXPLICIT_BIT != 0 && !write)
            || (buffer.immutable && storage_needed & !buffer.storage_flags != 0)
            || (!buffer.immutable && access & (GL_MAP_PERSISTENT_BIT | GL_MAP_COHERENT_BIT) != 0)
        {
            GL_INVALID_OPERATION
        } else {
            GL_NO_ERROR
        };
        if error != GL_NO_ERROR {
            drop(objects);
            self.record_error(error);
            return std::ptr::null_mut();
        }
        let range = range.unwrap_or_default();
        buffer.mapping = Some(Mapping { offset: range.start, length: range.len(), access });
        // The pointer stays valid until unmap: the Vec is not resized while mapped.
        buffer.data[range.start..].as_mut_ptr() as *mut c_void
    }

    pub(crate) fn gl_map_buffer(&mut self, target: GLenum, access: GLenum) -> *mut c_void {
        let bits = match access {
            GL_READ_ONLY => GL_MAP_READ_BIT,
            GL_WRITE_ONLY => GL_MAP_WRITE_BIT,
            GL_READ_WRITE => GL_MAP_READ_BIT | GL_MAP_WRITE_BIT,
            _ => {
                self.record_error(GL_INVALID_ENUM);
                return std::ptr::null_mut();
            }
        };
        let Some(name) = self.bound_buffer(target) else { return std::ptr::null_mut() };
        let size = self.share.lock().buffers.get(name).map_or(0, |b| b.data.len());
        if size == 0 {
            // Mapping an empty buffer succeeds in GL with a non-null but unusable pointer;
            // galvan reports it as an error-free null map of zero bytes.
            return std::ptr::null_mut();
        }
        self.gl_map_buffer_range(target, 0, size as isize, bits)
    }

    pub(crate) fn gl_unmap_buffer(&mut self, target: GLenum) -> GLboolean {
        let Some(name) = self.bound_buffer(target) else { return 0 };
        // Shaders may have written a persistently mapped buffer; the host copy stays the contents.
        self.read_back_shader_writes(name);
        let was_mapped = self.share.lock().buffers.get_mut(name).and_then(|b| {
            b.touch();
            b.mapping.take()
        }).is_some();
        if !self.check(was_mapped, GL_INVALID_OPERATION) {
            return 0;
        }
        self.state.dirty.insert(Dirty::VERTEX_INPUT | Dirty::UNIFORMS);
        1
    }

    pub(crate) fn gl_flush_mapped_buffer_range(&mut self, target: GLenum, offset: isize, length: isize) {
        let Some(name) = self.bound_buffer(target) else { return };
        let mapping = self.share.lock().buffers.get(name).and_then(|b| b.mapping);
        let Some(m) = mapping.filter(|m| m.access & GL_MAP_FLUSH_EXPLICIT_BIT != 0) else {
            return self.record_error(GL_INVALID_OPERATION);
        };
        if !self.check(range_in(offset, length, m.length).is_some(), GL_INVALID_VALUE) {
            return;
        }
        // Contents are host memory already; the next draw's upload picks them up.
        self.state.dirty.insert(Dirty::VERTEX_INPUT | Dirty::UNIFORMS);
    }

    pub(crate) fn gl_copy_buffer_sub_data(&mut self, read_target: GLenum, write_target: GLenum, read_offset: isize, write_offset: isize, size: isize) {
        let Some(read) = self.bound_buffer(read_target) else { return };
        let Some(write) = self.bound_buffer(write_target) else { return };
        self.read_back_shader_writes(read);
        self.read_back_shader_writes(write);
        let mut objects = self.share.lock();
        let (Some(src_len), Some(dst_len)) = (
            objects.buffers.get(read).map(|b| b.data.len()),
            objects.buffers.get(write).map(|b| b.data.len()),
        ) else {
            return;
        };
        let src = range_in(read_offset, size, src_len);
        let dst = range_in(write_offset, size, dst_len);
        let mapped = objects.buffers.get(read).is_some_and(Buffer::mapped_exclusively)
            || objects.buffers.get(write).is_some_and(Buffer::mapped_exclusively);
        let error = match (src, dst) {
            (Some(s), Some(d)) if read == write && s.start < d.end && d.start < s.end => GL_INVALID_VALUE,
            (Some(_), Some(_)) if mapped => GL_INVALID_OPERATION,
            (Some(s), Some(d)) => {
                if read == write {
                    if let Some(b) = objects.buffers.get_mut(read) {
                        b.data.copy_within(s, d.start);
                        b.touch();
                    }
                } else {
                    let bytes = objects.buffers.get(read).map(|b| b.data[s].to_vec()).unwrap_or_default();
                    if let Some(b) = objects.buffers.get_mut(write) {
                        b.data[d].copy_from_slice(&bytes);
                        b.touch();
                    }
                }
                GL_NO_ERROR
            }
            _ => GL_INVALID_VALUE,
        };
        drop(objects);
        if error != GL_NO_ERROR {
            self.record_error(error);
        } else {
            self.state.dirty.insert(Dirty::VERTEX_INPUT | Dirty::UNIFORMS);
        }
    }

    /// Makes what shaders wrote into persistently mapped buffers visible through their
    /// mappings; called once this context's queue has drained (glFinish, a fence wait), which
    /// is when GL_ARB_buffer_storage promises the application sees GPU writes.
    pub(crate) fn read_back_persistent_maps(&mut self) {
        let names: Vec<GLuint> = self.share.lock().buffers.iter().filter(|(_, b)| b.gpu_written && b.mapped_persistently()).map(|(n, _)| n).collect();
        for name in names {
            self.read_back_shader_writes(name);
        }
    }

    /// glGetBufferParameteri64v's value for `pname`.
    pub(crate) fn buffer_parameter(&mut self, target: GLenum, pname: GLenum) -> Option<i64> {
        let name = self.bound_buffer(target)?;
        let objects = self.share.lock();
        let b = objects.buffers.get(name)?;
        let value = match pname {
            GL_BUFFER_SIZE => b.data.len() as i64,
            GL_BUFFER_USAGE => b.usage as i64,
            GL_BUFFER_MAPPED => b.mapping.is_some() as i64,
            GL_BUFFER_ACCESS => match b.mapping.map(|m| m.access & (GL_MAP_READ_BIT | GL_MAP_WRITE_BIT)) {
                Some(GL_MAP_READ_BIT) => GL_READ_ONLY as i64,
                Some(GL_MAP_WRITE_BIT) => GL_WRITE_ONLY as i64,
                _ => GL_READ_WRITE as i64,
            },
            GL_BUFFER_ACCESS_FLAGS => b.mapping.map_or(0, |m| m.access) as i64,
            GL_BUFFER_MAP_OFFSET => b.mapping.map_or(0, |m| m.offset) as i64,
            GL_BUFFER_MAP_LENGTH => b.mapping.map_or(0, |m| m.length) as i64,
            GL_BUFFER_IMMUTABLE_STORAGE => b.immutable as i64,
            GL_BUFFER_STORAGE_FLAGS => b.storage_flags as i64,
            _ => {
                drop(objects);
                self.record_error(GL_INVALID_ENUM);
                return None;
            }
        };
        Some(value)
    }

    pub(crate) fn gl_get_buffer_pointerv(&mut self, target: GLenum, pname: GLenum, params: *mut *mut c_void) {
        if !self.check(pname == GL_BUFFER_MAP_POINTER, GL_INVALID_ENUM) || params.is_null() {
            return;
        }
        let Some(name) = self.bound_buffer(target) else { return };
        let mut objects = self.share.lock();
        let pointer = match objects.buffers.get_mut(name) {
            Some(b) => match b.mapping {
                Some(m) => b.data[m.offset..].as_mut_ptr() as *mut c_void,
                None => std::ptr::null_mut(),
            },
            None => std::ptr::null_mut(),
        };
        // SAFETY: GL requires `params` to point at one pointer.
        unsafe { *params = pointer };
    }
}
