//! The linked form of a program whose stages galvan builds as IR itself (fixed-function
//! stages, ARB assembly programs): the interface tables the draw path reads, made the same
//! way for every such program.

use std::sync::{Arc, Mutex};

use crate::context::ContextState;
use crate::objects::program_link::LinkedProgram;
use crate::types::enums::*;
use crate::types::GLenum;

/// One sampler of a generated program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GeneratedSampler {
    /// The texture unit it samples: legacy texturing names units, not sampler uniforms.
    pub unit: u32,
    /// Its index among the program's samplers (binding 128 + index).
    pub index: u32,
    /// GL_SAMPLER_2D, GL_SAMPLER_CUBE, ...
    pub gl_type: GLenum,
    /// The sampler variable's name in the generated IR.
    pub name: String,
}

/// The sampler type that samples a texture of `target` (a 2D sampler for unknown targets).
pub fn sampler_type(target: GLenum) -> GLenum {
    match target {
        GL_TEXTURE_1D => GL_SAMPLER_1D,
        GL_TEXTURE_3D => GL_SAMPLER_3D,
        GL_TEXTURE_CUBE_MAP => GL_SAMPLER_CUBE,
        _ => GL_SAMPLER_2D,
    }
}

/// A generated stage in the form the linker's output takes.
fn linked_stage(stage: glsl::Stage, ir: nir_like::Shader) -> glsl::LinkedStage {
    let shader = glsl::CompiledShader { success: true, info_log: String::new(), stage, settings: None, ast: None, interface: None };
    glsl::LinkedStage { stage, shader, ir: Ok(ir) }
}

/// The linked program of generated stages `vs` and `fs`, whose default block holds
/// `members` (name, byte offset) in `size` bytes and whose fragment stage samples `samplers`.
pub fn generated_program(vs: nir_like::Shader, fs: nir_like::Shader, members: Vec<(String, u32)>, size: u32, samplers: &[GeneratedSampler]) -> glsl::LinkedProgram {
    // The conventional attributes the vertex stage reads, fed from arrays or current values.
    let builtin_attributes = vs
        .variables
        .iter()
        .filter(|(_, v)| v.mode == nir_like::VariableMode::ShaderIn)
        .filter_map(|(_, v)| v.location.map(|l| (v.name.clone(), l)))
        .collect();
    let uniforms = samplers
        .iter()
        .map(|s| glsl::ActiveUniform {
            name: s.name.clone(),
            gl_type: s.gl_type,
            array_size: 1,
            location: -1,
            offset: 0,
            array_stride: 0,
            matrix_stride: 0,
            block_index: -1,
            sampler_index: Some(s.index),
            row_major: false,
        })
        .collect();
    let interface = glsl::ProgramInterface {
        writes_frag_color: true,
        uniforms,
        default_block_size: size,
        sampler_count: samplers.len() as u32,
        default_block_members: members.clone(),
        sampler_uniforms: samplers.iter().map(|s| (s.name.clone(), s.index)).collect(),
        builtin_uniforms: members,
        builtin_attributes,
        ..Default::default()
    };
    let stages = vec![linked_stage(glsl::Stage::Vertex, vs), linked_stage(glsl::Stage::Fragment, fs)];
    glsl::LinkedProgram { success: true, info_log: String::new(), stages, interface }
}

impl ContextState {
    /// The executable of a generated program, each sampler reading the unit it was
    /// generated for; the link log when it fails.
    pub(crate) fn executable_from_generated(&mut self, linked: glsl::LinkedProgram, samplers: &[GeneratedSampler]) -> Result<Arc<Mutex<LinkedProgram>>, String> {
        let (exe, log) = self.executable_from_linked(linked);
        let exe = exe.ok_or(log)?;
        {
            let mut linked = exe.lock().unwrap_or_else(|p| p.into_inner());
            for s in samplers {
                if let Some(slot) = linked.sampler_units.get_mut(s.index as usize) {
                    *slot = s.unit;
                }
            }
        }
        Ok(exe)
    }
}
