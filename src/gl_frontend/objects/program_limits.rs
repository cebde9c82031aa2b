//! The link-time resource limits GL states per stage and for the whole program: uniform
//! and shader storage blocks each stage references, and the shader output resources
//! (storage blocks, image uniforms and fragment outputs) of all stages together. A program
//! past any of them fails to link with a message saying which.

use crate::context::ContextState;
use crate::draw_path::dispatch::MAX_SHADER_STORAGE_BUFFER_BINDINGS;

/// Shader storage blocks one stage may reference (GL_MAX_*_SHADER_STORAGE_BLOCKS).
pub(crate) const MAX_STAGE_STORAGE_BLOCKS: u32 = 8;

/// GL_MAX_COMBINED_SHADER_OUTPUT_RESOURCES (the same enum as
/// GL_MAX_COMBINED_IMAGE_UNITS_AND_FRAGMENT_OUTPUTS, and the GLSL constant
/// gl_MaxCombinedImageUnitsAndFragmentOutputs): room for every storage block binding,
/// image unit and draw buffer at once.
pub(crate) const MAX_COMBINED_SHADER_OUTPUT_RESOURCES: u32 = 32;

impl ContextState {
    /// `Err` is the info-log line of the first limit `interface` goes past.
    pub(crate) fn check_program_resource_limits(&self, interface: &glsl::ProgramInterface, stages: &[glsl::Stage]) -> Result<(), String> {
        let (mut combined_uniform, mut combined_storage) = (0, 0);
        for &stage in stages {
            let uniform = interface.uniform_blocks.iter().filter(|b| b.stages.contains(&stage)).count() as u32;
            let storage = interface.storage_blocks.iter().filter(|b| b.stages.contains(&stage)).count() as u32;
            let max_uniform = match stage {
                glsl::Stage::Fragment => self.limits.max_fragment_uniform_blocks,
                glsl::Stage::Compute => 16,
                _ => self.limits.max_vertex_uniform_blocks,
            };
            if uniform > max_uniform {
                return Err(format!("the {} shader uses {uniform} uniform blocks, more than the {max_uniform} it may", stage.name()));
            }
            if storage > MAX_STAGE_STORAGE_BLOCKS {
                return Err(format!("the {} shader uses {storage} shader storage blocks, more than the {MAX_STAGE_STORAGE_BLOCKS} it may", stage.name()));
            }
            combined_uniform += uniform;
            combined_storage += storage;
        }
        if combined_uniform > self.limits.max_combined_uniform_blocks {
            return Err(format!("the shaders use {combined_uniform} uniform blocks together, more than the {} they may", self.limits.max_combined_uniform_blocks));
        }
        if combined_storage > MAX_SHADER_STORAGE_BUFFER_BINDINGS {
            return Err(format!("the shaders use {combined_storage} shader storage blocks together, more than the {MAX_SHADER_STORAGE_BUFFER_BINDINGS} they may"));
        }
        let fragment_outputs: u32 = interface.fragment_outputs.iter().map(|o| o.array_size.max(1)).sum();
        let outputs = combined_storage + interface.image_uniforms.len() as u32 + fragment_outputs;
        if outputs > MAX_COMBINED_SHADER_OUTPUT_RESOURCES {
            return Err(format!(
                "the shaders use {outputs} storage blocks, images and fragment outputs together, more than the {MAX_COMBINED_SHADER_OUTPUT_RESOURCES} they may"
            ));
        }
        Ok(())
    }
}
