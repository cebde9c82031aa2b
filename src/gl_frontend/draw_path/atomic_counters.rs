//! Atomic counter buffers (GL_ARB_shader_atomic_counters): the indexed
//! GL_ATOMIC_COUNTER_BUFFER binding points, the storage buffers draws and dispatches bind
//! for a program's active counter buffers (binding 448 + buffer index,
//! docs/conventions.md), glGetActiveAtomicCounterBufferiv and the limits.

use glsl::link_atomic::{max_buffers, max_counters, AtomicCounterBuffer, MAX_COMBINED_BUFFERS, MAX_COMBINED_COUNTERS};
use glsl::Stage;
use vk_backend::{Buffer as GpuBuffer, BufferDesc, MemoryHint};

use crate::context::ContextState;
use crate::draw_path::dispatch::OwnedResource;
use crate::draw_path::record_error::RecordError;
use crate::objects::program_link::LinkedProgram;
use crate::queries::get::Value;
use crate::types::enums::*;
use crate::types::*;

/// GL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS, as the GLSL compiler's gl_MaxAtomicCounterBindings.
pub const MAX_ATOMIC_COUNTER_BUFFER_BINDINGS: u32 = glsl::link_atomic::MAX_ATOMIC_COUNTER_BUFFER_BINDINGS;
/// GL_MAX_ATOMIC_COUNTER_BUFFER_SIZE (gl_MaxAtomicCounterBufferSize).
pub const MAX_ATOMIC_COUNTER_BUFFER_SIZE: u32 = 16384;

fn int(v: impl Into<i64>) -> Value {
    Value::Int([v.into(), 0, 0, 0], 1)
}

impl ContextState {
    /// The limits and the generic binding of atomic counters; `None` for other names.
    pub(crate) fn atomic_counter_value(&self, pname: GLenum) -> Option<Value> {
        Some(match pname {
            GL_MAX_VERTEX_ATOMIC_COUNTERS => int(max_counters(Stage::Vertex)),
            GL_MAX_FRAGMENT_ATOMIC_COUNTERS => int(max_counters(Stage::Fragment)),
            GL_MAX_GEOMETRY_ATOMIC_COUNTERS => int(max_counters(Stage::Geometry)),
            GL_MAX_TESS_CONTROL_ATOMIC_COUNTERS => int(max_counters(Stage::TessControl)),
            GL_MAX_TESS_EVALUATION_ATOMIC_COUNTERS => int(max_counters(Stage::TessEval)),
            GL_MAX_COMPUTE_ATOMIC_COUNTERS => int(max_counters(Stage::Compute)),
            GL_MAX_COMBINED_ATOMIC_COUNTERS => int(MAX_COMBINED_COUNTERS),
            GL_MAX_VERTEX_ATOMIC_COUNTER_BUFFERS => int(max_buffers(Stage::Vertex)),
            GL_MAX_FRAGMENT_ATOMIC_COUNTER_BUFFERS => int(max_buffers(Stage::Fragment)),
            GL_MAX_GEOMETRY_ATOMIC_COUNTER_BUFFERS => int(max_buffers(Stage::Geometry)),
            GL_MAX_TESS_CONTROL_ATOMIC_COUNTER_BUFFERS => int(max_buffers(Stage::TessControl)),
            GL_MAX_TESS_EVALUATION_ATOMIC_COUNTER_BUFFERS => int(max_buffers(Stage::TessEval)),
            GL_MAX_COMPUTE_ATOMIC_COUNTER_BUFFERS => int(max_buffers(Stage::Compute)),
            GL_MAX_COMBINED_ATOMIC_COUNTER_BUFFERS => int(MAX_COMBINED_BUFFERS),
            GL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS => int(MAX_ATOMIC_COUNTER_BUFFER_BINDINGS),
            GL_MAX_ATOMIC_COUNTER_BUFFER_SIZE => int(MAX_ATOMIC_COUNTER_BUFFER_SIZE),
            GL_ATOMIC_COUNTER_BUFFER_BINDING => int(self.bindings.atomic_counter_buffer),
            _ => return None,
        })
    }

    /// glGetIntegeri_v of the indexed GL_ATOMIC_COUNTER_BUFFER binding points.
    pub(crate) fn atomic_counter_indexed_value(&self, pname: GLenum, index: GLuint) -> Option<Result<Value, GLenum>> {
        if !matches!(pname, GL_ATOMIC_COUNTER_BUFFER_BINDING | GL_ATOMIC_COUNTER_BUFFER_START | GL_ATOMIC_COUNTER_BUFFER_SIZE) {
            return None;
        }
        Some(self.bindings.atomic_counter_buffers.get(index as usize).ok_or(GL_INVALID_VALUE).map(|b| {
            int(match pname {
                GL_ATOMIC_COUNTER_BUFFER_BINDING => i64::from(b.buffer),
                GL_ATOMIC_COUNTER_BUFFER_START => b.offset,
                _ => b.size,
            })
        }))
    }

    /// The storage buffers behind the program's active atomic counter buffers, from the GL
    /// binding points they name. Each buffer is marked as written by shaders.
    pub(crate) fn atomic_counter_resources(&mut self, exe: &LinkedProgram) -> Result<Vec<OwnedResource>, RecordError> {
        let mut out = Vec::new();
        for (index, counters) in exe.interface.atomic_counter_buffers.iter().enumerate() {
            let binding = AtomicCounterBuffer::descriptor_binding(index as u32);
            let point = self.bindings.atomic_counter_buffers.get(counters.binding as usize).copied().unwrap_or_default();
            if point.buffer == 0 {
                // GL leaves counters without a buffer undefined; a scratch buffer keeps the
                // program valid.
                let size = u64::from(counters.data_size.max(16));
                let buffer = GpuBuffer::new(&self.device, &BufferDesc { size, memory: MemoryHint::DeviceLocal })?;
                out.push(OwnedResource::Storage { binding, element: 0, buffer, offset: 0, size });
                continue;
            }
            let buffer = self.gpu_buffer(point.buffer)?.ok_or(RecordError::Gl(GL_INVALID_OPERATION))?;
            let offset = point.offset.max(0) as u64;
            let available = buffer.size().saturating_sub(offset);
            let size = if point.size > 0 { (point.size as u64).min(available) } else { available };
            if size < u64::from(counters.data_size) {
                return Err(RecordError::Gl(GL_INVALID_OPERATION));
            }
            if let Some(b) = self.share.lock().buffers.get_mut(point.buffer) {
                b.gpu_written = true;
            }
            out.push(OwnedResource::Storage { binding, element: 0, buffer, offset, size });
        }
        Ok(out)
    }

    /// glGetActiveAtomicCounterBufferiv: the values of `pname` for active buffer `index`.
    pub(crate) fn atomic_counter_buffer_parameter(&mut self, program: GLuint, index: GLuint, pname: GLenum) -> Option<Vec<GLint>> {
        let exe = self.with_program(program, |p| p.executable.clone())?;
        let Some(exe) = exe else {
            self.record_error(GL_INVALID_OPERATION);
            return None;
        };
        let linked = exe.lock().unwrap_or_else(|p| p.into_inner());
        let Some(b) = linked.interface.atomic_counter_buffers.get(index as usize) else {
            drop(linked);
            self.record_error(GL_INVALID_VALUE);
            return None;
        };
        let references = |stage: glsl::Stage| vec![GLint::from(b.stages.contains(&stage))];
        let value = match pname {
            GL_ATOMIC_COUNTER_BUFFER_BINDING => vec![b.binding as GLint],
            GL_ATOMIC_COUNTER_BUFFER_DATA_SIZE => vec![b.data_size as GLint],
            GL_ATOMIC_COUNTER_BUFFER_ACTIVE_ATOMIC_COUNTERS => vec![b.active_uniforms.len() as GLint],
            GL_ATOMIC_COUNTER_BUFFER_ACTIVE_ATOMIC_COUNTER_INDICES => b.active_uniforms.iter().map(|&u| u as GLint).collect(),
            GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_VERTEX_SHADER => references(glsl::Stage::Vertex),
            GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_TESS_CONTROL_SHADER => references(glsl::Stage::TessControl),
            GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_TESS_EVALUATION_SHADER => references(glsl::Stage::TessEval),
            GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_GEOMETRY_SHADER => references(glsl::Stage::Geometry),
            GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_FRAGMENT_SHADER => references(glsl::Stage::Fragment),
            GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_COMPUTE_SHADER => references(glsl::Stage::Compute),
            _ => {
                drop(linked);
                self.record_error(GL_INVALID_ENUM);
                return None;
            }
        };
        Some(value)
    }

    /// The active atomic counter buffer (index) of active uniform `uniform`, or -1.
    pub(crate) fn atomic_counter_buffer_of(linked: &LinkedProgram, uniform: GLuint) -> GLint {
        linked.interface.atomic_counter_buffers.iter().position(|b| b.active_uniforms.contains(&uniform)).map_or(-1, |i| i as GLint)
    }
}
