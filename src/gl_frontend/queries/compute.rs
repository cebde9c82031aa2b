//! glGet values of compute dispatch, shader storage, image units, uniform locations and
//! tessellation patches, plain and indexed (GL_MAX_COMPUTE_WORK_GROUP_COUNT/SIZE,
//! GL_MAX_COMPUTE_VARIABLE_GROUP_SIZE_ARB, GL_SHADER_STORAGE_BUFFER_*).

use crate::context::ContextState;
use crate::draw_path::{dispatch, images, patches};
use crate::queries::get::Value;
use crate::types::enums::*;
use crate::types::*;

/// GL_MAX_UNIFORM_LOCATIONS: GL's minimum.
pub const MAX_UNIFORM_LOCATIONS: u32 = 1024;

fn int(v: impl Into<i64>) -> Value {
    Value::Int([v.into(), 0, 0, 0], 1)
}

impl ContextState {
    /// The value of a compute, storage, image-unit or patch pname; `None` for any other.
    pub(crate) fn compute_value(&self, pname: GLenum) -> Option<Value> {
        let d = &self.device.info().limits;
        let p = &self.state.patch;
        Some(match pname {
            GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS => int(d.max_compute_work_group_invocations.min(1024)),
            GL_MAX_COMPUTE_VARIABLE_GROUP_INVOCATIONS_ARB => int(self.limits.max_compute_variable_group_invocations),
            GL_MAX_COMPUTE_SHARED_MEMORY_SIZE => int(d.max_compute_shared_memory_size),
            GL_MAX_COMPUTE_UNIFORM_BLOCKS | GL_MAX_COMPUTE_TEXTURE_IMAGE_UNITS => int(16),
            GL_MAX_COMPUTE_UNIFORM_COMPONENTS => int(1024),
            GL_MAX_COMBINED_COMPUTE_UNIFORM_COMPONENTS => int(1024 + 16 * 16384 / 4),
            GL_MAX_COMPUTE_IMAGE_UNIFORMS => int(images::MAX_IMAGE_UNITS),
            GL_MAX_COMPUTE_SHADER_STORAGE_BLOCKS | GL_MAX_FRAGMENT_SHADER_STORAGE_BLOCKS | GL_MAX_VERTEX_SHADER_STORAGE_BLOCKS
            | GL_MAX_GEOMETRY_SHADER_STORAGE_BLOCKS | GL_MAX_TESS_CONTROL_SHADER_STORAGE_BLOCKS
            | GL_MAX_TESS_EVALUATION_SHADER_STORAGE_BLOCKS => int(crate::objects::program_limits::MAX_STAGE_STORAGE_BLOCKS),
            GL_MAX_COMBINED_SHADER_STORAGE_BLOCKS => int(dispatch::MAX_SHADER_STORAGE_BUFFER_BINDINGS),
            GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS => int(dispatch::MAX_SHADER_STORAGE_BUFFER_BINDINGS),
            GL_MAX_SHADER_STORAGE_BLOCK_SIZE => int(d.max_storage_buffer_range.min(glsl::link_storage::MAX_SHADER_STORAGE_BLOCK_SIZE)),
            GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT => int(dispatch::SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT),
            GL_SHADER_STORAGE_BUFFER_BINDING => int(self.bindings.shader_storage_buffer),
            GL_DISPATCH_INDIRECT_BUFFER_BINDING => int(self.bindings.dispatch_indirect_buffer),
            GL_MAX_IMAGE_UNITS => int(images::MAX_IMAGE_UNITS),
            // The per-stage image limits the compiler's gl_Max*ImageUniforms constants give.
            GL_MAX_VERTEX_IMAGE_UNIFORMS | GL_MAX_FRAGMENT_IMAGE_UNIFORMS | GL_MAX_COMBINED_IMAGE_UNIFORMS => {
                int(images::MAX_IMAGE_UNITS)
            }
            GL_MAX_GEOMETRY_IMAGE_UNIFORMS | GL_MAX_TESS_CONTROL_IMAGE_UNIFORMS | GL_MAX_TESS_EVALUATION_IMAGE_UNIFORMS => int(0),
            // Multisample images are not offered as image units.
            GL_MAX_IMAGE_SAMPLES => int(0),
            GL_MAX_UNIFORM_LOCATIONS => int(MAX_UNIFORM_LOCATIONS),
            // gl_MaxCombinedImageUnitsAndFragmentOutputs.
            GL_MAX_COMBINED_IMAGE_UNITS_AND_FRAGMENT_OUTPUTS => int(crate::objects::program_limits::MAX_COMBINED_SHADER_OUTPUT_RESOURCES),
            GL_PATCH_VERTICES => int(p.vertices),
            GL_MAX_PATCH_VERTICES => int(patches::MAX_PATCH_VERTICES),
            GL_MAX_TESS_GEN_LEVEL => int(patches::MAX_TESS_GEN_LEVEL),
            // The other tessellation limits: GL's minimums, which the GLSL built-in
            // constants (gl_MaxTess*) report too.
            GL_MAX_TESS_CONTROL_INPUT_COMPONENTS | GL_MAX_TESS_CONTROL_OUTPUT_COMPONENTS | GL_MAX_TESS_EVALUATION_INPUT_COMPONENTS
            | GL_MAX_TESS_EVALUATION_OUTPUT_COMPONENTS => int(128),
            GL_MAX_TESS_PATCH_COMPONENTS => int(120),
            GL_MAX_TESS_CONTROL_TOTAL_OUTPUT_COMPONENTS => int(4096),
            GL_MAX_TESS_CONTROL_TEXTURE_IMAGE_UNITS | GL_MAX_TESS_EVALUATION_TEXTURE_IMAGE_UNITS => int(16),
            GL_MAX_TESS_CONTROL_UNIFORM_COMPONENTS | GL_MAX_TESS_EVALUATION_UNIFORM_COMPONENTS => int(1024),
            GL_MAX_TESS_CONTROL_UNIFORM_BLOCKS | GL_MAX_TESS_EVALUATION_UNIFORM_BLOCKS => int(self.limits.max_vertex_uniform_blocks),
            GL_MAX_COMBINED_TESS_CONTROL_UNIFORM_COMPONENTS | GL_MAX_COMBINED_TESS_EVALUATION_UNIFORM_COMPONENTS => {
                int(1024 + i64::from(self.limits.max_vertex_uniform_blocks) * i64::from(self.limits.max_uniform_block_size) / 4)
            }
            GL_PATCH_DEFAULT_OUTER_LEVEL => {
                let o = p.default_outer;
                Value::Float { v: [o[0] as f64, o[1] as f64, o[2] as f64, o[3] as f64], n: 4, normalized: false }
            }
            GL_PATCH_DEFAULT_INNER_LEVEL => {
                let i = p.default_inner;
                Value::Float { v: [i[0] as f64, i[1] as f64, 0.0, 0.0], n: 2, normalized: false }
            }
            _ => return None,
        })
    }

    /// The value of an indexed compute or storage pname; `None` for any other.
    pub(crate) fn compute_indexed_value(&self, pname: GLenum, index: GLuint) -> Option<Result<Value, GLenum>> {
        let i = index as usize;
        let d = &self.device.info().limits;
        Some(match pname {
            GL_MAX_COMPUTE_WORK_GROUP_COUNT => {
                d.max_compute_work_group_count.get(i).map(|c| int((*c).min(i32::MAX as u32))).ok_or(GL_INVALID_VALUE)
            }
            GL_MAX_COMPUTE_WORK_GROUP_SIZE => {
                let max = [1024, 1024, 64];
                d.max_compute_work_group_size.get(i).map(|c| int((*c).min(max[i]))).ok_or(GL_INVALID_VALUE)
            }
            GL_MAX_COMPUTE_VARIABLE_GROUP_SIZE_ARB => {
                self.limits.max_compute_variable_group_size.get(i).map(|c| int(*c)).ok_or(GL_INVALID_VALUE)
            }
            GL_SHADER_STORAGE_BUFFER_BINDING | GL_SHADER_STORAGE_BUFFER_START | GL_SHADER_STORAGE_BUFFER_SIZE => {
                self.bindings.shader_storage_buffers.get(i).ok_or(GL_INVALID_VALUE).map(|b| {
                    int(match pname {
                        GL_SHADER_STORAGE_BUFFER_BINDING => b.buffer as i64,
                        GL_SHADER_STORAGE_BUFFER_START => b.offset,
                        _ => b.size,
                    })
                })
            }
            _ => return None,
        })
    }
}
