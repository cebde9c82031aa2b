//! ARB_shader_subroutine's commands: the per-stage subroutine and subroutine uniform
//! queries, glUniformSubroutinesuiv and glGetUniformSubroutineuiv. The index a subroutine
//! uniform location selects lives in the current program's default block (the array
//! `link_subroutine` placed), where the shaders' dispatch reads it; glUseProgram sets
//! every location back to its default, as the indices are not kept across program changes.

use crate::context::ContextState;
use crate::objects::program_link::LinkedProgram;
use crate::objects::shader::write_gl_string;
use crate::state::Dirty;
use crate::types::enums::*;
use crate::types::*;
use glsl::link_subroutine::{StageSubroutines, INDEX_STRIDE};
use std::sync::{Arc, Mutex};

/// The stage a shader type names.
pub(crate) fn shader_type_stage(shader_type: GLenum) -> Option<glsl::Stage> {
    Some(match shader_type {
        GL_VERTEX_SHADER => glsl::Stage::Vertex,
        GL_TESS_CONTROL_SHADER => glsl::Stage::TessControl,
        GL_TESS_EVALUATION_SHADER => glsl::Stage::TessEval,
        GL_GEOMETRY_SHADER => glsl::Stage::Geometry,
        GL_FRAGMENT_SHADER => glsl::Stage::Fragment,
        GL_COMPUTE_SHADER => glsl::Stage::Compute,
        _ => return None,
    })
}

/// The stage of a GL_*_SUBROUTINE (false) or GL_*_SUBROUTINE_UNIFORM (true) interface.
pub(crate) fn subroutine_interface(interface: GLenum) -> Option<(glsl::Stage, bool)> {
    Some(match interface {
        GL_VERTEX_SUBROUTINE => (glsl::Stage::Vertex, false),
        GL_TESS_CONTROL_SUBROUTINE => (glsl::Stage::TessControl, false),
        GL_TESS_EVALUATION_SUBROUTINE => (glsl::Stage::TessEval, false),
        GL_GEOMETRY_SUBROUTINE => (glsl::Stage::Geometry, false),
        GL_FRAGMENT_SUBROUTINE => (glsl::Stage::Fragment, false),
        GL_COMPUTE_SUBROUTINE => (glsl::Stage::Compute, false),
        GL_VERTEX_SUBROUTINE_UNIFORM => (glsl::Stage::Vertex, true),
        GL_TESS_CONTROL_SUBROUTINE_UNIFORM => (glsl::Stage::TessControl, true),
        GL_TESS_EVALUATION_SUBROUTINE_UNIFORM => (glsl::Stage::TessEval, true),
        GL_GEOMETRY_SUBROUTINE_UNIFORM => (glsl::Stage::Geometry, true),
        GL_FRAGMENT_SUBROUTINE_UNIFORM => (glsl::Stage::Fragment, true),
        GL_COMPUTE_SUBROUTINE_UNIFORM => (glsl::Stage::Compute, true),
        _ => return None,
    })
}

/// A subroutine uniform's name as GL reports it: arrays as "name[0]".
pub(crate) fn subroutine_uniform_name(u: &glsl::link_subroutine::SubroutineUniform) -> String {
    if u.is_array {
        format!("{}[0]", u.name)
    } else {
        u.name.clone()
    }
}

/// The subroutines of `exe`'s `stage` (an empty list where the stage has none).
pub(crate) fn stage_of(exe: &LinkedProgram, stage: glsl::Stage) -> StageSubroutines {
    exe.interface.subroutines.iter().find(|s| s.stage == stage).cloned().unwrap_or(StageSubroutines {
        stage,
        subroutines: Vec::new(),
        uniforms: Vec::new(),
        location_count: 0,
        indices_offset: 0,
    })
}

/// Which element of `u` (if any) `query` names: "u", "u[0]" or, for arrays, "u[i]".
fn names_uniform(u: &glsl::link_subroutine::SubroutineUniform, query: &str) -> Option<u32> {
    if query == u.name {
        return Some(0);
    }
    let digits = query.strip_prefix(u.name.as_str())?.strip_prefix('[')?.strip_suffix(']')?;
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let element: u32 = digits.parse().ok()?;
    (element < u.array_size).then_some(element)
}

/// Writes the indices of `stage` (one per location) into the program's default block.
fn write_indices(exe: &mut LinkedProgram, stage: &StageSubroutines, indices: &[u32]) {
    for (l, index) in indices.iter().enumerate() {
        let at = (stage.indices_offset + l as u32 * INDEX_STRIDE) as usize;
        if let Some(slot) = exe.uniform_data.get_mut(at..at + 4) {
            slot.copy_from_slice(&index.to_ne_bytes());
        }
    }
    exe.uniform_generation += 1;
}

impl ContextState {
    /// The subroutines of `program`'s stage `shader_type`, after the checks every per-stage
    /// query makes: INVALID_ENUM for a bad shader type, INVALID_VALUE / INVALID_OPERATION
    /// for a bad name, INVALID_OPERATION when the program is not linked.
    fn program_stage_subroutines(&mut self, program: GLuint, shader_type: GLenum) -> Option<StageSubroutines> {
        let exe = self.with_program(program, |p| p.executable.clone())?;
        let Some(stage) = shader_type_stage(shader_type) else {
            self.record_error(GL_INVALID_ENUM);
            return None;
        };
        let Some(exe) = exe else {
            self.record_error(GL_INVALID_OPERATION);
            return None;
        };
        let exe = exe.lock().unwrap_or_else(|p| p.into_inner());
        Some(stage_of(&exe, stage))
    }

    /// The executable that runs `stage` now: the current program's, else the bound
    /// pipeline's program for that stage.
    fn stage_executable(&mut self, stage: glsl::Stage) -> Option<Arc<Mutex<LinkedProgram>>> {
        let program = if self.bindings.program != 0 {
            self.bindings.program
        } else {
            let slot = crate::objects::program_pipeline::stage_slot(stage);
            self.program_pipelines.get(self.bindings.program_pipeline).map_or(0, |p| p.stages[slot])
        };
        if program == 0 {
            return None;
        }
        let exe = self.with_program(program, |p| p.executable.clone()).flatten()?;
        let has_stage = exe.lock().unwrap_or_else(|p| p.into_inner()).stages.contains(&stage);
        has_stage.then_some(exe)
    }

    pub(crate) fn gl_get_subroutine_uniform_location(&mut self, program: GLuint, shader_type: GLenum, name: &str) -> GLint {
        let Some(s) = self.program_stage_subroutines(program, shader_type) else { return -1 };
        s.uniforms.iter().find_map(|u| names_uniform(u, name).map(|e| (u.location + e) as GLint)).unwrap_or(-1)
    }

    pub(crate) fn gl_get_subroutine_index(&mut self, program: GLuint, shader_type: GLenum, name: &str) -> GLuint {
        let Some(s) = self.program_stage_subroutines(program, shader_type) else { return GL_INVALID_INDEX };
        s.subroutines.iter().find(|f| f.name == name).map_or(GL_INVALID_INDEX, |f| f.index)
    }

    /// glGetActiveSubroutineUniformiv: the values of `pname` for subroutine uniform `index`.
    pub(crate) fn gl_get_active_subroutine_uniformiv(&mut self, program: GLuint, shader_type: GLenum, index: GLuint, pname: GLenum) -> Option<Vec<GLint>> {
        let s = self.program_stage_subroutines(program, shader_type)?;
        let Some(u) = s.uniforms.get(index as usize) else {
            self.record_error(GL_INVALID_VALUE);
            return None;
        };
        let values = match pname {
            GL_NUM_COMPATIBLE_SUBROUTINES => vec![u.compatible.len() as GLint],
            GL_COMPATIBLE_SUBROUTINES => u.compatible.iter().map(|&c| c as GLint).collect(),
            GL_UNIFORM_SIZE => vec![u.array_size as GLint],
            GL_UNIFORM_NAME_LENGTH => vec![subroutine_uniform_name(u).len() as GLint + 1],
            _ => {
                self.record_error(GL_INVALID_ENUM);
                return None;
            }
        };
        Some(values)
    }

    /// glGetActiveSubroutineUniformName (`uniform`) and glGetActiveSubroutineName.
    pub(crate) fn gl_get_active_subroutine_name(&mut self, program: GLuint, shader_type: GLenum, index: GLuint, buf_size: GLsizei, length: *mut GLsizei, name: *mut GLchar, uniform: bool) {
        let Some(s) = self.program_stage_subroutines(program, shader_type) else { return };
        let text = if uniform {
            s.uniforms.get(index as usize).map(subroutine_uniform_name)
        } else {
            // Subroutines are listed by index.
            s.subroutines.iter().find(|f| f.index == index).map(|f| f.name.clone())
        };
        let Some(text) = text else { return self.record_error(GL_INVALID_VALUE) };
        if !self.check(buf_size >= 0, GL_INVALID_VALUE) {
            return;
        }
        // SAFETY: GL requires `name` to hold `buf_size` bytes and `length` to be null or valid.
        unsafe { write_gl_string(&text, buf_size, length, name) };
    }

    pub(crate) fn gl_get_program_stageiv(&mut self, program: GLuint, shader_type: GLenum, pname: GLenum) -> Option<GLint> {
        let s = self.program_stage_subroutines(program, shader_type)?;
        let longest = |names: &mut dyn Iterator<Item = String>| names.map(|n| n.len() as GLint + 1).max().unwrap_or(0);
        Some(match pname {
            GL_ACTIVE_SUBROUTINE_UNIFORMS => s.uniforms.len() as GLint,
            GL_ACTIVE_SUBROUTINE_UNIFORM_LOCATIONS => s.location_count as GLint,
            GL_ACTIVE_SUBROUTINES => s.subroutines.len() as GLint,
            GL_ACTIVE_SUBROUTINE_UNIFORM_MAX_LENGTH => longest(&mut s.uniforms.iter().map(subroutine_uniform_name)),
            GL_ACTIVE_SUBROUTINE_MAX_LENGTH => longest(&mut s.subroutines.iter().map(|f| f.name.clone())),
            _ => {
                self.record_error(GL_INVALID_ENUM);
                return None;
            }
        })
    }

    /// glUniformSubroutinesuiv: one index per location of the stage's current program.
    pub(crate) fn gl_uniform_subroutinesuiv(&mut self, shader_type: GLenum, indices: &[GLuint]) {
        let Some(stage) = shader_type_stage(shader_type) else { return self.record_error(GL_INVALID_ENUM) };
        let Some(exe) = self.stage_executable(stage) else { return self.record_error(GL_INVALID_OPERATION) };
        let mut linked = exe.lock().unwrap_or_else(|p| p.into_inner());
        let s = stage_of(&linked, stage);
        let error = if indices.len() != s.location_count as usize {
            Some(GL_INVALID_VALUE)
        } else if indices.iter().any(|&i| !s.subroutines.iter().any(|f| f.index == i)) {
            Some(GL_INVALID_VALUE)
        } else if (0..s.location_count).any(|l| s.uniform_at(l).is_some_and(|(u, _)| !u.compatible.contains(&indices[l as usize]))) {
            Some(GL_INVALID_OPERATION)
        } else {
            write_indices(&mut linked, &s, indices);
            None
        };
        drop(linked);
        match error {
            Some(e) => self.record_error(e),
            None => self.state.dirty.insert(Dirty::UNIFORMS),
        }
    }

    /// glGetUniformSubroutineuiv: the index at `location` of the stage's current program.
    pub(crate) fn gl_get_uniform_subroutineuiv(&mut self, shader_type: GLenum, location: GLint) -> Option<GLuint> {
        let Some(stage) = shader_type_stage(shader_type) else {
            self.record_error(GL_INVALID_ENUM);
            return None;
        };
        let Some(exe) = self.stage_executable(stage) else {
            self.record_error(GL_INVALID_OPERATION);
            return None;
        };
        let linked = exe.lock().unwrap_or_else(|p| p.into_inner());
        let s = stage_of(&linked, stage);
        if location < 0 || location as u32 >= s.location_count {
            drop(linked);
            self.record_error(GL_INVALID_VALUE);
            return None;
        }
        let at = (s.indices_offset + location as u32 * INDEX_STRIDE) as usize;
        linked.uniform_data.get(at..at + 4).map(|b| u32::from_ne_bytes([b[0], b[1], b[2], b[3]]))
    }

    /// glUseProgram: every subroutine uniform location of `program` selects its default
    /// subroutine again.
    pub(crate) fn reset_subroutine_indices(&mut self, program: GLuint) {
        if program == 0 {
            return;
        }
        let Some(Some(exe)) = self.with_program(program, |p| p.executable.clone()) else { return };
        let mut linked = exe.lock().unwrap_or_else(|p| p.into_inner());
        for s in linked.interface.subroutines.clone() {
            let defaults: Vec<u32> = (0..s.location_count).map(|l| s.default_index(l)).collect();
            write_indices(&mut linked, &s, &defaults);
        }
    }
}
