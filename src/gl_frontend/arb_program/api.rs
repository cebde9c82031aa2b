//! The GL commands of ARB_vertex_program and ARB_fragment_program: program objects,
//! loading text, parameters, queries and the two enables.

use std::ffi::CString;

use super::ast::Target;
use super::limits::{ParseLimits, ProgramLimits};
use super::objects::slot;
use crate::context::ContextState;
use crate::queries::get::Value;
use crate::types::enums::*;
use crate::types::*;

/// The program target a GL enum names.
fn target_of(target: GLenum) -> Option<Target> {
    match target {
        GL_VERTEX_PROGRAM_ARB => Some(Target::Vertex),
        GL_FRAGMENT_PROGRAM_ARB => Some(Target::Fragment),
        _ => None,
    }
}

impl ContextState {
    /// Assembly programs exist in compatibility contexts only.
    fn arb_programs_available(&self) -> bool {
        !self.is_core() && !self.is_gles()
    }

    /// `target` as a program target, or GL_INVALID_ENUM.
    fn arb_target(&mut self, target: GLenum) -> Option<Target> {
        let t = target_of(target).filter(|_| self.arb_programs_available());
        if t.is_none() {
            self.record_error(GL_INVALID_ENUM);
        }
        t
    }

    pub(crate) fn gl_gen_programs_arb(&mut self, n: GLsizei) -> Option<Vec<GLuint>> {
        if !self.check(n >= 0, GL_INVALID_VALUE) {
            return None;
        }
        Some(self.arb_programs.generate(n as usize))
    }

    pub(crate) fn gl_delete_programs_arb(&mut self, names: &[GLuint]) {
        for &name in names {
            self.arb_programs.delete(name);
        }
    }

    pub(crate) fn gl_is_program_arb(&self, name: GLuint) -> GLboolean {
        self.arb_programs.is_program(name) as GLboolean
    }

    pub(crate) fn gl_bind_program_arb(&mut self, target: GLenum, name: GLuint) {
        let Some(t) = self.arb_target(target) else { return };
        if !self.arb_programs.bind(t, name) {
            self.record_error(GL_INVALID_OPERATION);
        }
    }

    /// The limits programs of `target` are parsed against in this context.
    fn arb_parse_limits(&self, target: Target) -> ParseLimits {
        let mut limits = ParseLimits::new(target);
        limits.texture_image_units = self.limits.max_texture_image_units;
        limits.vertex_attribs = self.limits.max_vertex_attribs.min(16);
        limits.draw_buffers = self.limits.max_draw_buffers;
        limits
    }

    pub(crate) fn gl_program_string_arb(&mut self, target: GLenum, format: GLenum, text: &[u8]) {
        let Some(t) = self.arb_target(target) else { return };
        if !self.check(format == GL_PROGRAM_FORMAT_ASCII_ARB, GL_INVALID_ENUM) {
            return;
        }
        let limits = self.arb_parse_limits(t);
        match super::parse(text, t, &limits) {
            Ok(program) => self.arb_programs.load(t, text.to_vec(), program),
            Err(e) => {
                tracing::debug!(target: "galvan", "assembly program rejected at {}: {}", e.position, e.message);
                self.arb_programs.error_position = e.position as i32;
                self.arb_programs.error_string = CString::new(e.message.replace('\0', " ")).unwrap_or_default();
                self.record_error(GL_INVALID_OPERATION);
            }
        }
    }

    /// glGetProgramivARB's value of `pname` for the bound program of `target`.
    pub(crate) fn gl_get_program_arb(&mut self, target: GLenum, pname: GLenum) -> Option<i32> {
        let t = self.arb_target(target)?;
        let limits = ProgramLimits::of(t);
        let vertex = t == Target::Vertex;
        let fragment_only = matches!(
            pname,
            GL_PROGRAM_ALU_INSTRUCTIONS_ARB
                | GL_PROGRAM_NATIVE_ALU_INSTRUCTIONS_ARB
                | GL_PROGRAM_TEX_INSTRUCTIONS_ARB
                | GL_PROGRAM_NATIVE_TEX_INSTRUCTIONS_ARB
                | GL_PROGRAM_TEX_INDIRECTIONS_ARB
                | GL_PROGRAM_NATIVE_TEX_INDIRECTIONS_ARB
                | GL_MAX_PROGRAM_ALU_INSTRUCTIONS_ARB
                | GL_MAX_PROGRAM_NATIVE_ALU_INSTRUCTIONS_ARB
                | GL_MAX_PROGRAM_TEX_INSTRUCTIONS_ARB
                | GL_MAX_PROGRAM_NATIVE_TEX_INSTRUCTIONS_ARB
                | GL_MAX_PROGRAM_TEX_INDIRECTIONS_ARB
                | GL_MAX_PROGRAM_NATIVE_TEX_INDIRECTIONS_ARB
        );
        let vertex_only = matches!(
            pname,
            GL_PROGRAM_ADDRESS_REGISTERS_ARB
                | GL_PROGRAM_NATIVE_ADDRESS_REGISTERS_ARB
                | GL_MAX_PROGRAM_ADDRESS_REGISTERS_ARB
                | GL_MAX_PROGRAM_NATIVE_ADDRESS_REGISTERS_ARB
        );
        if (fragment_only && vertex) || (vertex_only && !vertex) {
            self.record_error(GL_INVALID_ENUM);
            return None;
        }
        if let Some(v) = limits.query(pname) {
            return Some(v as i32);
        }
        let name = self.arb_programs.bound[slot(t)];
        let object = self.arb_programs.current(t);
        let p = object.program.as_deref();
        let count = |f: &dyn Fn(&super::Program) -> usize| p.map_or(0, |p| f(p) as i32);
        let value = match pname {
            GL_PROGRAM_LENGTH_ARB => object.source.len() as i32,
            GL_PROGRAM_FORMAT_ARB => GL_PROGRAM_FORMAT_ASCII_ARB as i32,
            GL_PROGRAM_BINDING_ARB => name as i32,
            GL_PROGRAM_INSTRUCTIONS_ARB | GL_PROGRAM_NATIVE_INSTRUCTIONS_ARB => count(&|p| p.instructions.len()),
            GL_PROGRAM_TEMPORARIES_ARB | GL_PROGRAM_NATIVE_TEMPORARIES_ARB => count(&|p| p.temporaries as usize),
            GL_PROGRAM_PARAMETERS_ARB | GL_PROGRAM_NATIVE_PARAMETERS_ARB => count(&|p| p.params.len()),
            GL_PROGRAM_ATTRIBS_ARB | GL_PROGRAM_NATIVE_ATTRIBS_ARB => count(&|p| p.inputs.len()),
            GL_PROGRAM_ADDRESS_REGISTERS_ARB | GL_PROGRAM_NATIVE_ADDRESS_REGISTERS_ARB => count(&|p| p.address_registers as usize),
            GL_PROGRAM_ALU_INSTRUCTIONS_ARB | GL_PROGRAM_NATIVE_ALU_INSTRUCTIONS_ARB => count(&|p| p.instructions.len() - p.texture_instructions()),
            GL_PROGRAM_TEX_INSTRUCTIONS_ARB | GL_PROGRAM_NATIVE_TEX_INSTRUCTIONS_ARB => count(&|p| p.texture_instructions()),
            GL_PROGRAM_TEX_INDIRECTIONS_ARB | GL_PROGRAM_NATIVE_TEX_INDIRECTIONS_ARB => count(&|p| (p.texture_instructions() > 0) as usize),
            GL_PROGRAM_UNDER_NATIVE_LIMITS_ARB => 1,
            _ => {
                self.record_error(GL_INVALID_ENUM);
                return None;
            }
        };
        Some(value)
    }

    /// glGetProgramStringARB: the bound program's text.
    pub(crate) fn gl_get_program_string_arb(&mut self, target: GLenum, pname: GLenum) -> Option<Vec<u8>> {
        let t = self.arb_target(target)?;
        if !self.check(pname == GL_PROGRAM_STRING_ARB, GL_INVALID_ENUM) {
            return None;
        }
        Some(self.arb_programs.current(t).source.clone())
    }

    /// The env (or the bound program's local) parameters `index..index + count` of `target`,
    /// after the errors of an out-of-range index.
    fn arb_parameters(&mut self, target: GLenum, local: bool, index: GLuint, count: usize) -> Option<&mut [[f32; 4]]> {
        let t = self.arb_target(target)?;
        let limits = ProgramLimits::of(t);
        let limit = if local { limits.local_parameters } else { limits.env_parameters } as usize;
        if index as usize + count > limit {
            self.record_error(GL_INVALID_VALUE);
            return None;
        }
        let params = if local { &mut self.arb_programs.current_mut(t).locals } else { &mut self.arb_programs.env[slot(t)] };
        Some(&mut params[index as usize..index as usize + count])
    }

    pub(crate) fn gl_program_parameters_arb(&mut self, target: GLenum, local: bool, index: GLuint, values: &[[f32; 4]]) {
        if let Some(params) = self.arb_parameters(target, local, index, values.len()) {
            params.copy_from_slice(values);
        }
    }

    pub(crate) fn gl_get_program_parameter_arb(&mut self, target: GLenum, local: bool, index: GLuint) -> Option<[f32; 4]> {
        self.arb_parameters(target, local, index, 1).map(|p| p[0])
    }

    /// glEnable/glDisable of GL_VERTEX_PROGRAM_ARB or GL_FRAGMENT_PROGRAM_ARB; false for
    /// other capabilities.
    pub(crate) fn set_arb_program_enable(&mut self, cap: GLenum, on: bool) -> bool {
        match target_of(cap).filter(|_| self.arb_programs_available()) {
            Some(t) => {
                self.arb_programs.enabled[slot(t)] = on;
                true
            }
            None => false,
        }
    }

    pub(crate) fn arb_program_enabled(&self, cap: GLenum) -> Option<bool> {
        target_of(cap).filter(|_| self.arb_programs_available()).map(|t| self.arb_programs.enabled[slot(t)])
    }

    /// glGet of the assembly-program state: the enables, the error position, the program
    /// matrices.
    pub(crate) fn arb_program_value(&self, pname: GLenum) -> Option<Value> {
        if !self.arb_programs_available() {
            return None;
        }
        if let Some(on) = self.arb_program_enabled(pname) {
            return Some(Value::boolean(on));
        }
        Some(match pname {
            GL_PROGRAM_ERROR_POSITION_ARB => Value::int(self.arb_programs.error_position as i64),
            GL_MAX_PROGRAM_MATRICES_ARB => Value::int(ParseLimits::new(Target::Vertex).program_matrices as i64),
            GL_MAX_PROGRAM_MATRIX_STACK_DEPTH_ARB => Value::int(1),
            _ => return None,
        })
    }

    /// GL_PROGRAM_ERROR_STRING_ARB for glGetString.
    pub(crate) fn arb_program_error_string(&self) -> Option<*const GLubyte> {
        self.arb_programs_available().then(|| self.arb_programs.error_string.as_ptr() as *const GLubyte)
    }
}
