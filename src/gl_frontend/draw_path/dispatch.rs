//! glDispatchCompute, glDispatchComputeIndirect and glDispatchComputeGroupSizeARB,
//! glMemoryBarrier(ByRegion), glShaderStorageBlockBinding, GL_COMPUTE_WORK_GROUP_SIZE, and
//! the shader storage buffers draws and dispatches bind (binding 256 + block index, docs/conventions.md).
//!
//! Shaders write storage buffers on the GPU while GL keeps each buffer's contents in host
//! memory: a buffer bound for storage is marked, and the next host-side access
//! (glGetBufferSubData, glMapBufferRange, ...) reads the GPU copy back first.

use std::sync::{Arc, Mutex};

use vk_backend::{BoundResource, Buffer as GpuBuffer, BufferDesc, DispatchRecord, DispatchSize, ImageView, MemoryHint, ResourceBinding, Sampler};

use crate::context::ContextState;
use crate::draw_path::images::StorageResource;
use crate::draw_path::record_error::RecordError;
use crate::objects::program_link::LinkedProgram;
use crate::types::enums::*;
use crate::types::*;

/// GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS.
pub const MAX_SHADER_STORAGE_BUFFER_BINDINGS: u32 = 16;
/// GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT: no Vulkan device asks for more.
pub const SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT: u32 = 256;

/// Every barrier bit glMemoryBarrier accepts.
const ALL_BARRIER_BITS: GLbitfield = GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT
    | GL_ELEMENT_ARRAY_BARRIER_BIT
    | GL_UNIFORM_BARRIER_BIT
    | GL_TEXTURE_FETCH_BARRIER_BIT
    | GL_SHADER_IMAGE_ACCESS_BARRIER_BIT
    | GL_COMMAND_BARRIER_BIT
    | GL_PIXEL_BUFFER_BARRIER_BIT
    | GL_TEXTURE_UPDATE_BARRIER_BIT
    | GL_BUFFER_UPDATE_BARRIER_BIT
    | GL_FRAMEBUFFER_BARRIER_BIT
    | GL_TRANSFORM_FEEDBACK_BARRIER_BIT
    | GL_ATOMIC_COUNTER_BARRIER_BIT
    | GL_SHADER_STORAGE_BARRIER_BIT
    | GL_CLIENT_MAPPED_BUFFER_BARRIER_BIT
    | GL_QUERY_BUFFER_BARRIER_BIT;

/// The bits glMemoryBarrierByRegion accepts (those about fragment-shader access).
const BY_REGION_BARRIER_BITS: GLbitfield = GL_ATOMIC_COUNTER_BARRIER_BIT
    | GL_FRAMEBUFFER_BARRIER_BIT
    | GL_SHADER_IMAGE_ACCESS_BARRIER_BIT
    | GL_SHADER_STORAGE_BARRIER_BIT
    | GL_TEXTURE_FETCH_BARRIER_BIT
    | GL_UNIFORM_BARRIER_BIT;

/// A resource a draw or dispatch binds, owned until the command is recorded.
pub(crate) enum OwnedResource {
    Uniform { binding: u32, element: u32, buffer: GpuBuffer, offset: u64, size: u64 },
    Storage { binding: u32, element: u32, buffer: GpuBuffer, offset: u64, size: u64 },
    Texture { binding: u32, element: u32, view: ImageView, sampler: Sampler },
    StorageImage { binding: u32, element: u32, view: ImageView },
    TexelBuffer { binding: u32, element: u32, view: vk_backend::BufferView },
    StorageTexelBuffer { binding: u32, element: u32, view: vk_backend::BufferView },
}

impl OwnedResource {
    pub(crate) fn binding(&self) -> ResourceBinding<'_> {
        match self {
            OwnedResource::Uniform { binding, element, buffer, offset, size } => {
                ResourceBinding { binding: *binding, array_index: *element, resource: BoundResource::UniformBuffer { buffer, offset: *offset, size: *size } }
            }
            OwnedResource::Storage { binding, element, buffer, offset, size } => {
                ResourceBinding { binding: *binding, array_index: *element, resource: BoundResource::StorageBuffer { buffer, offset: *offset, size: *size } }
            }
            OwnedResource::Texture { binding, element, view, sampler } => {
                ResourceBinding { binding: *binding, array_index: *element, resource: BoundResource::CombinedImageSampler { view, sampler } }
            }
            OwnedResource::StorageImage { binding, element, view } => {
                ResourceBinding { binding: *binding, array_index: *element, resource: BoundResource::StorageImage { view } }
            }
            OwnedResource::TexelBuffer { binding, element, view } => {
                ResourceBinding { binding: *binding, array_index: *element, resource: BoundResource::UniformTexelBuffer { view } }
            }
            OwnedResource::StorageTexelBuffer { binding, element, view } => {
                ResourceBinding { binding: *binding, array_index: *element, resource: BoundResource::StorageTexelBuffer { view } }
            }
        }
    }
}

impl ContextState {
    /// The storage buffers of the program's storage blocks, from the GL binding points the
    /// blocks name. Each buffer is marked as written by shaders.
    pub(crate) fn storage_buffer_resources(&mut self, exe: &LinkedProgram) -> Result<Vec<OwnedResource>, RecordError> {
        let mut out = Vec::new();
        for block in &exe.interface.storage_blocks {
            let point = exe.storage_block_bindings.get(block.index as usize).copied().unwrap_or(0);
            let binding = self.bindings.shader_storage_buffers.get(point as usize).copied().unwrap_or_default();
            if binding.buffer == 0 {
                // GL leaves an unbound block undefined; an empty buffer keeps the program valid.
                let buffer = GpuBuffer::new(&self.device, &BufferDesc { size: 16, memory: MemoryHint::DeviceLocal })?;
                out.push(OwnedResource::Storage { binding: block.binding(), element: block.array_index, buffer, offset: 0, size: 16 });
                continue;
            }
            let (buffer, offset, size) = self.bound_range(binding)?;
            if size == 0 {
                return Err(RecordError::Gl(GL_INVALID_OPERATION));
            }
            if let Some(b) = self.share.lock().buffers.get_mut(binding.buffer) {
                b.gpu_written = true;
            }
            out.push(OwnedResource::Storage { binding: block.binding(), element: block.array_index, buffer, offset, size });
        }
        out.extend(self.atomic_counter_resources(exe)?);
        Ok(out)
    }

    /// Reads a buffer's GPU copy back into its host copy if shaders may have written it.
    pub(crate) fn read_back_shader_writes(&mut self, name: GLuint) {
        let share = self.share.clone();
        let mut objects = share.lock();
        let Some(b) = objects.buffers.get_mut(name) else { return };
        if !b.gpu_written {
            return;
        }
        b.gpu_written = false;
        let Some((gpu, generation)) = b.gpu.clone() else { return };
        if generation != b.generation {
            return;
        }
        let len = (b.data.len() as u64).min(gpu.size());
        let uploaded = b.uploaded.take();
        match self.stream.read_buffer(&gpu, 0, len) {
            Ok(bytes) => match uploaded.filter(|u| u.len() >= bytes.len()) {
                // Bytes the application changed through a persistent mapping since the upload
                // are newer than the GPU's.
                Some(u) => {
                    for ((host, gpu), old) in b.data.iter_mut().zip(&bytes).zip(&u) {
                        if host == old {
                            *host = *gpu;
                        }
                    }
                }
                None => b.data[..bytes.len()].copy_from_slice(&bytes),
            },
            Err(e) => {
                drop(objects);
                self.backend_failed(e);
            }
        }
    }

    /// The default uniform block, uniform blocks, samplers and storage blocks of a program,
    /// as a dispatch binds them.
    pub(crate) fn compute_resources(&mut self, executable: &Arc<Mutex<LinkedProgram>>) -> Result<(vk_backend::Program, Vec<OwnedResource>), RecordError> {
        let mut exe = executable.lock().unwrap_or_else(|p| p.into_inner());
        self.write_builtin_uniforms(&mut exe, 0, 1);
        let mut out = Vec::new();
        if let Some((buffer, offset, size)) = self.default_uniform_buffer(&mut exe)? {
            out.push(OwnedResource::Uniform { binding: 0, element: 0, buffer, offset, size });
        }
        for block in exe.interface.uniform_blocks.clone() {
            let point = exe.block_bindings.get(block.index as usize).copied().unwrap_or(0);
            let binding = self.bindings.uniform_buffers.get(point as usize).copied().unwrap_or_default();
            if binding.buffer == 0 {
                return Err(RecordError::Gl(GL_INVALID_OPERATION));
            }
            let (buffer, offset, size) = self.bound_range(binding)?;
            let (binding, element) = crate::draw_path::descriptor_arrays::uniform_block_descriptor(&exe.interface, &block);
            out.push(OwnedResource::Uniform { binding, element, buffer, offset, size });
        }
        out.extend(self.storage_buffer_resources(&exe)?);
        for (binding, element, resource) in self.image_resources(&exe)? {
            out.push(match resource {
                StorageResource::Image(view) => OwnedResource::StorageImage { binding, element, view },
                StorageResource::TexelBuffer(view) => OwnedResource::StorageTexelBuffer { binding, element, view },
            });
        }
        let sampler_slots = crate::draw_path::draw::sampler_slots(&exe);
        let program = exe.gpu.clone();
        drop(exe);
        for (binding, element, view, sampler) in self.sampled_textures(&sampler_slots, &Vec::new())? {
            out.push(OwnedResource::Texture { binding, element, view, sampler });
        }
        for (binding, element, view) in self.buffer_textures(&sampler_slots)? {
            out.push(OwnedResource::TexelBuffer { binding, element, view });
        }
        Ok((program, out))
    }

    /// The current program's executable when it has a compute stage whose work-group size
    /// is variable (ARB_compute_variable_group_size) or fixed as `variable` asks;
    /// INVALID_OPERATION recorded otherwise.
    fn compute_executable(&mut self, variable: bool) -> Option<Arc<Mutex<LinkedProgram>>> {
        let exe = match self.current_executable() {
            None if self.bindings.program == 0 && self.bindings.program_pipeline != 0 => self.pipeline_executable(true).ok().flatten(),
            exe => exe,
        };
        let exe = exe.filter(|e| {
            let i = &e.lock().unwrap_or_else(|p| p.into_inner()).interface;
            if variable {
                i.compute_variable_local_size
            } else {
                i.compute_local_size.is_some()
            }
        });
        if exe.is_none() {
            self.record_error(GL_INVALID_OPERATION);
        }
        exe
    }

    fn dispatch(&mut self, executable: &Arc<Mutex<LinkedProgram>>, size: Result<[u32; 3], (GLuint, u64)>, group_size: Option<[u32; 3]>) {
        let result = (|| -> Result<(), RecordError> {
            let (program, resources) = self.compute_resources(executable)?;
            let bindings: Vec<ResourceBinding> = resources.iter().map(OwnedResource::binding).collect();
            let indirect = match size {
                Ok(_) => None,
                Err((name, offset)) => Some((self.gpu_buffer(name)?.ok_or(RecordError::Gl(GL_INVALID_OPERATION))?, offset)),
            };
            let size = match (&indirect, size) {
                (Some((buffer, offset)), _) => DispatchSize::Indirect { buffer, offset: *offset },
                (None, Ok(groups)) => DispatchSize::Direct(groups),
                (None, Err(_)) => return Err(RecordError::Gl(GL_INVALID_OPERATION)),
            };
            self.stream.dispatch(&DispatchRecord { program: &program, resources: &bindings, size, group_size })?;
            Ok(())
        })();
        match result {
            Ok(()) => {}
            Err(RecordError::Gl(e)) => self.record_error(e),
            Err(RecordError::Backend(e)) => self.backend_failed(e),
        }
    }

    /// Whether `groups` is within GL_MAX_COMPUTE_WORK_GROUP_COUNT; INVALID_VALUE recorded if not.
    fn check_group_count(&mut self, groups: [GLuint; 3]) -> bool {
        let max = self.device.info().limits.max_compute_work_group_count;
        self.check(groups.iter().zip(max).all(|(g, m)| *g <= m.min(i32::MAX as u32)), GL_INVALID_VALUE)
    }

    pub(crate) fn gl_dispatch_compute(&mut self, x: GLuint, y: GLuint, z: GLuint) {
        let Some(executable) = self.compute_executable(false) else { return };
        if !self.check_group_count([x, y, z]) {
            return;
        }
        if x == 0 || y == 0 || z == 0 {
            return;
        }
        self.dispatch(&executable, Ok([x, y, z]), None);
    }

    /// glDispatchComputeGroupSizeARB: a dispatch of a variable-size program, whose
    /// pipeline is specialised for `group_size`.
    pub(crate) fn gl_dispatch_compute_group_size(&mut self, groups: [GLuint; 3], group_size: [GLuint; 3]) {
        let Some(executable) = self.compute_executable(true) else { return };
        if !self.check_group_count(groups) {
            return;
        }
        let max = self.limits.max_compute_variable_group_size;
        let invocations: u64 = group_size.iter().map(|c| u64::from(*c)).product();
        let size_ok = group_size.iter().zip(max).all(|(c, m)| (1..=m).contains(c));
        if !self.check(size_ok && invocations <= u64::from(self.limits.max_compute_variable_group_invocations), GL_INVALID_VALUE) {
            return;
        }
        if groups.contains(&0) {
            return;
        }
        self.dispatch(&executable, Ok(groups), Some(group_size));
    }

    pub(crate) fn gl_dispatch_compute_indirect(&mut self, indirect: GLintptr) {
        if !self.check(indirect >= 0 && indirect % 4 == 0, GL_INVALID_VALUE) {
            return;
        }
        let name = self.bindings.dispatch_indirect_buffer;
        let size = self.share.lock().buffers.get(name).map_or(0, |b| b.data.len());
        if !self.check(name != 0 && indirect as usize + 12 <= size, GL_INVALID_OPERATION) {
            return;
        }
        let Some(executable) = self.compute_executable(false) else { return };
        self.dispatch(&executable, Err((name, indirect as u64)), None);
    }

    /// glMemoryBarrier(ByRegion): galvan derives every barrier from what each command reads
    /// and writes, so only the argument is checked.
    pub(crate) fn gl_memory_barrier(&mut self, barriers: GLbitfield, by_region: bool) {
        if barriers == GL_ALL_BARRIER_BITS {
            return;
        }
        let allowed = if by_region { BY_REGION_BARRIER_BITS } else { ALL_BARRIER_BITS };
        self.check(barriers & !allowed == 0, GL_INVALID_VALUE);
    }

    /// glTextureBarrier (and NV_texture_barrier's name): later draws see what earlier ones
    /// rendered, also through the textures they sample.
    pub(crate) fn gl_texture_barrier(&mut self) {
        if let Err(e) = self.stream.texture_barrier() {
            self.backend_failed(e);
        }
    }

    pub(crate) fn gl_shader_storage_block_binding(&mut self, program: GLuint, block: GLuint, binding: GLuint) {
        let Some(exe) = self.with_program(program, |p| p.executable.clone()) else { return };
        let Some(exe) = exe else { return self.record_error(GL_INVALID_VALUE) };
        let mut exe = exe.lock().unwrap_or_else(|p| p.into_inner());
        let valid = (block as usize) < exe.storage_block_bindings.len() && binding < MAX_SHADER_STORAGE_BUFFER_BINDINGS;
        if valid {
            exe.storage_block_bindings[block as usize] = binding;
        }
        drop(exe);
        self.check(valid, GL_INVALID_VALUE);
    }

    /// glGetProgramiv(GL_COMPUTE_WORK_GROUP_SIZE): three values; INVALID_OPERATION for a
    /// program without a compute stage or with a variable size.
    pub(crate) fn compute_work_group_size(&mut self, program: GLuint) -> Option<[u32; 3]> {
        let exe = self.with_program(program, |p| p.executable.clone())?;
        let size = exe.and_then(|e| e.lock().unwrap_or_else(|p| p.into_inner()).interface.compute_local_size);
        if size.is_none() {
            self.record_error(GL_INVALID_OPERATION);
        }
        size
    }
}
