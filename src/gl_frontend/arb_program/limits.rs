//! GL_MAX_PROGRAM_* of each program target, and what else the parser checks indices
//! against. The native limits equal these: every program that parses runs as it is.

use super::ast::Target;
use crate::types::enums::*;
use crate::types::GLenum;

/// The resource limits of one target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProgramLimits {
    pub instructions: u32,
    pub alu_instructions: u32,
    pub tex_instructions: u32,
    pub tex_indirections: u32,
    pub temporaries: u32,
    pub parameters: u32,
    pub attribs: u32,
    pub address_registers: u32,
    pub local_parameters: u32,
    pub env_parameters: u32,
}

impl ProgramLimits {
    pub fn of(target: Target) -> ProgramLimits {
        let common = ProgramLimits {
            instructions: 16384,
            alu_instructions: 16384,
            tex_instructions: 16384,
            tex_indirections: 16384,
            temporaries: 256,
            parameters: 1024,
            attribs: 16,
            address_registers: 1,
            local_parameters: 256,
            env_parameters: 256,
        };
        match target {
            Target::Vertex => ProgramLimits { alu_instructions: 0, tex_instructions: 0, tex_indirections: 0, ..common },
            Target::Fragment => ProgramLimits { address_registers: 0, ..common },
        }
    }

    /// The value of a GL_MAX_PROGRAM_* (or GL_MAX_PROGRAM_NATIVE_*) pname.
    pub fn query(&self, pname: GLenum) -> Option<u32> {
        Some(match pname {
            GL_MAX_PROGRAM_INSTRUCTIONS_ARB | GL_MAX_PROGRAM_NATIVE_INSTRUCTIONS_ARB => self.instructions,
            GL_MAX_PROGRAM_ALU_INSTRUCTIONS_ARB | GL_MAX_PROGRAM_NATIVE_ALU_INSTRUCTIONS_ARB => self.alu_instructions,
            GL_MAX_PROGRAM_TEX_INSTRUCTIONS_ARB | GL_MAX_PROGRAM_NATIVE_TEX_INSTRUCTIONS_ARB => self.tex_instructions,
            GL_MAX_PROGRAM_TEX_INDIRECTIONS_ARB | GL_MAX_PROGRAM_NATIVE_TEX_INDIRECTIONS_ARB => self.tex_indirections,
            GL_MAX_PROGRAM_TEMPORARIES_ARB | GL_MAX_PROGRAM_NATIVE_TEMPORARIES_ARB => self.temporaries,
            GL_MAX_PROGRAM_PARAMETERS_ARB | GL_MAX_PROGRAM_NATIVE_PARAMETERS_ARB => self.parameters,
            GL_MAX_PROGRAM_ATTRIBS_ARB | GL_MAX_PROGRAM_NATIVE_ATTRIBS_ARB => self.attribs,
            GL_MAX_PROGRAM_ADDRESS_REGISTERS_ARB | GL_MAX_PROGRAM_NATIVE_ADDRESS_REGISTERS_ARB => self.address_registers,
            GL_MAX_PROGRAM_LOCAL_PARAMETERS_ARB => self.local_parameters,
            GL_MAX_PROGRAM_ENV_PARAMETERS_ARB => self.env_parameters,
            _ => return None,
        })
    }
}

/// What the parser checks indices and options against, from the context.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParseLimits {
    pub program: ProgramLimits,
    pub texture_coords: u32,
    pub texture_image_units: u32,
    pub lights: u32,
    pub clip_planes: u32,
    pub vertex_attribs: u32,
    pub draw_buffers: u32,
    pub modelview_matrices: u32,
    pub palette_matrices: u32,
    pub program_matrices: u32,
    /// GL_ARB_fragment_program_shadow is offered.
    pub shadow: bool,
    /// GL_ARB_draw_buffers is offered.
    pub draw_buffers_option: bool,
}

impl ParseLimits {
    pub fn new(target: Target) -> ParseLimits {
        ParseLimits {
            program: ProgramLimits::of(target),
            texture_coords: 8,
            texture_image_units: 16,
            lights: 8,
            clip_planes: 8,
            vertex_attribs: 16,
            draw_buffers: 8,
            modelview_matrices: 1,
            palette_matrices: 0,
            program_matrices: 8,
            shadow: true,
            draw_buffers_option: true,
        }
    }
}
