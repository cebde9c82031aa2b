//! Program pipeline objects (ARB_separate_shader_objects): glGen/Create/Delete/Bind/
//! IsProgramPipeline, glUseProgramStages, glActiveShaderProgram, glGetProgramPipelineiv,
//! glValidateProgramPipeline, glGetProgramPipelineInfoLog. A pipeline names, per stage,
//! the separable program whose executable runs there; it is a container object, so each
//! context keeps its own.

use std::sync::{Arc, Mutex};

use crate::context::ContextState;
use crate::objects::program::ShaderOrProgram;
use crate::objects::program_link::LinkedProgram;
use crate::objects::shader::write_gl_string;
use crate::state::Dirty;
use crate::types::enums::*;
use crate::types::*;

/// The programmable stages in pipeline order: the glUseProgramStages bit, the shader type
/// glGetProgramPipelineiv names it by, and the compiler's stage.
pub(crate) const PIPELINE_STAGES: [(GLbitfield, GLenum, glsl::Stage); 6] = [
    (GL_VERTEX_SHADER_BIT, GL_VERTEX_SHADER, glsl::Stage::Vertex),
    (GL_TESS_CONTROL_SHADER_BIT, GL_TESS_CONTROL_SHADER, glsl::Stage::TessControl),
    (GL_TESS_EVALUATION_SHADER_BIT, GL_TESS_EVALUATION_SHADER, glsl::Stage::TessEval),
    (GL_GEOMETRY_SHADER_BIT, GL_GEOMETRY_SHADER, glsl::Stage::Geometry),
    (GL_FRAGMENT_SHADER_BIT, GL_FRAGMENT_SHADER, glsl::Stage::Fragment),
    (GL_COMPUTE_SHADER_BIT, GL_COMPUTE_SHADER, glsl::Stage::Compute),
];

/// Index of `stage` in `PIPELINE_STAGES`.
pub(crate) fn stage_slot(stage: glsl::Stage) -> usize {
    PIPELINE_STAGES.iter().position(|(_, _, s)| *s == stage).unwrap_or(0)
}

/// The executables a pipeline linked together for drawing (or dispatching), and the
/// program executables they were linked from: a relink of any of those replaces them.
#[derive(Debug)]
pub(crate) struct PipelineExecutable {
    pub sources: Vec<Arc<Mutex<LinkedProgram>>>,
    pub executable: Arc<Mutex<LinkedProgram>>,
    /// Per linked stage: the prefix and the uniform names renamed in its shaders.
    pub renames: Vec<(String, Vec<String>)>,
}

#[derive(Debug, Default)]
pub struct ProgramPipeline {
    /// Per `PIPELINE_STAGES` slot: the program whose executable runs there (0: none).
    pub stages: [GLuint; 6],
    /// glActiveShaderProgram: the program glUniform* writes while no program is current.
    pub active_program: GLuint,
    pub validated: bool,
    pub info_log: String,
    /// The stages' executables linked together, for draws and for dispatches.
    pub(crate) draw_executable: Option<PipelineExecutable>,
    pub(crate) compute_executable: Option<PipelineExecutable>,
}

impl ContextState {
    pub(crate) fn gl_gen_program_pipelines(&mut self, n: GLsizei, pipelines: *mut GLuint, create: bool) {
        if !self.check(n >= 0, GL_INVALID_VALUE) || pipelines.is_null() {
            return;
        }
        for i in 0..n as usize {
            let name = self.program_pipelines.generate();
            if create {
                self.program_pipelines.insert(name, ProgramPipeline::default());
            }
            // SAFETY: GL requires `pipelines` to hold n names.
            unsafe { *pipelines.add(i) = name };
        }
    }

    pub(crate) fn gl_delete_program_pipelines(&mut self, n: GLsizei, pipelines: *const GLuint) {
        if !self.check(n >= 0, GL_INVALID_VALUE) || pipelines.is_null() {
            return;
        }
        for i in 0..n as usize {
            // SAFETY: GL requires `pipelines` to hold n names.
            let name = unsafe { *pipelines.add(i) };
            if name == 0 {
                continue;
            }
            self.program_pipelines.remove(name);
            // Deleting the bound pipeline binds 0 in its place.
            if self.bindings.program_pipeline == name {
                self.bindings.program_pipeline = 0;
                self.state.dirty.insert(Dirty::PROGRAM | Dirty::VERTEX_INPUT | Dirty::UNIFORMS | Dirty::TEXTURES);
            }
        }
    }

    /// Whether a stage of one of this context's pipelines runs `program`.
    pub(crate) fn program_pipelines_use(&self, program: GLuint) -> bool {
        self.program_pipelines.values().any(|p| p.stages.contains(&program))
    }

    pub(crate) fn gl_is_program_pipeline(&mut self, pipeline: GLuint) -> GLboolean {
        (pipeline != 0 && self.program_pipelines.exists(pipeline)) as GLboolean
    }

    /// The pipeline named `name`, created if glGenProgramPipelines only reserved it;
    /// INVALID_OPERATION for a name never generated.
    fn pipeline_mut(&mut self, name: GLuint) -> Option<&mut ProgramPipeline> {
        if name == 0 || self.program_pipelines.get_or_create(name, false, ProgramPipeline::default).is_none() {
            self.record_error(GL_INVALID_OPERATION);
            return None;
        }
        self.program_pipelines.get_mut(name)
    }

    pub(crate) fn gl_bind_program_pipeline(&mut self, pipeline: GLuint) {
        // The stages of an active, unpaused capture stay, as with glUseProgram.
        if !self.check(!self.transform_feedback.capturing(), GL_INVALID_OPERATION) {
            return;
        }
        if pipeline != 0 && self.pipeline_mut(pipeline).is_none() {
            return;
        }
        self.bindings.program_pipeline = pipeline;
        self.state.dirty.insert(Dirty::PROGRAM | Dirty::VERTEX_INPUT | Dirty::UNIFORMS | Dirty::TEXTURES);
    }

    /// A linked program's executable stages and whether it was linked separable; records
    /// INVALID_VALUE for an unknown name and INVALID_OPERATION for a shader or an unlinked
    /// program.
    fn linked_program_stages(&mut self, program: GLuint) -> Option<(Vec<glsl::Stage>, bool)> {
        let found = self.with_program(program, |p| p.executable.clone().filter(|_| p.linked).map(|e| {
            let e = e.lock().unwrap_or_else(|p| p.into_inner());
            (e.stages.clone(), e.link_options.separable)
        }))?;
        if found.is_none() {
            self.record_error(GL_INVALID_OPERATION);
        }
        found
    }

    pub(crate) fn gl_use_program_stages(&mut self, pipeline: GLuint, stages: GLbitfield, program: GLuint) {
        let known: GLbitfield = PIPELINE_STAGES.iter().map(|(bit, _, _)| bit).fold(0, |a, b| a | b);
        if !self.check(stages == GL_ALL_SHADER_BITS || stages & !known == 0, GL_INVALID_VALUE) {
            return;
        }
        if self.pipeline_mut(pipeline).is_none() {
            return;
        }
        // Nor may the stages of the bound pipeline change under it.
        if !self.check(!(self.transform_feedback.capturing() && self.bindings.program_pipeline == pipeline), GL_INVALID_OPERATION) {
            return;
        }
        let program_stages = if program == 0 {
            Vec::new()
        } else {
            let Some((program_stages, separable)) = self.linked_program_stages(program) else { return };
            if !self.check(separable, GL_INVALID_OPERATION) {
                return;
            }
            program_stages
        };
        let Some(p) = self.program_pipelines.get_mut(pipeline) else { return };
        for (slot, (bit, _, stage)) in PIPELINE_STAGES.iter().enumerate() {
            if stages & bit != 0 {
                // A stage the program has no executable for is left without one.
                p.stages[slot] = if program_stages.contains(stage) { program } else { 0 };
            }
        }
        if self.bindings.program_pipeline == pipeline {
            self.state.dirty.insert(Dirty::PROGRAM | Dirty::VERTEX_INPUT | Dirty::UNIFORMS | Dirty::TEXTURES);
        }
    }

    pub(crate) fn gl_active_shader_program(&mut self, pipeline: GLuint, program: GLuint) {
        if program != 0 && self.linked_program_stages(program).is_none() {
            return;
        }
        if let Some(p) = self.pipeline_mut(pipeline) {
            p.active_program = program;
        }
    }

    /// glGetProgramPipelineiv's value for `pname`; INVALID_ENUM for an unknown one.
    pub(crate) fn program_pipeline_parameter(&mut self, pipeline: GLuint, pname: GLenum) -> Option<GLint> {
        let p = self.pipeline_mut(pipeline)?;
        let value = match pname {
            GL_ACTIVE_PROGRAM => Some(p.active_program as GLint),
            GL_VALIDATE_STATUS => Some(p.validated as GLint),
            GL_INFO_LOG_LENGTH => Some(if p.info_log.is_empty() { 0 } else { p.info_log.len() as GLint + 1 }),
            _ => PIPELINE_STAGES.iter().position(|(_, ty, _)| *ty == pname).map(|slot| p.stages[slot] as GLint),
        };
        // Tessellation stages are there only with tessellation shaders.
        let tessellation = matches!(pname, GL_TESS_CONTROL_SHADER | GL_TESS_EVALUATION_SHADER);
        if value.is_none() || (tessellation && !self.has_tessellation_shaders()) {
            self.record_error(GL_INVALID_ENUM);
            return None;
        }
        value
    }

    fn has_tessellation_shaders(&self) -> bool {
        match self.api {
            crate::version::Api::Gles => self.version >= (3, 2),
            crate::version::Api::Gl => self.version >= (4, 0),
        }
    }

    pub(crate) fn gl_validate_program_pipeline(&mut self, pipeline: GLuint) {
        if self.pipeline_mut(pipeline).is_none() {
            return;
        }
        let result = self.pipeline_validation(pipeline);
        if let Some(p) = self.program_pipelines.get_mut(pipeline) {
            p.validated = result.is_ok();
            p.info_log = result.err().unwrap_or_default();
        }
    }

    pub(crate) fn gl_get_program_pipeline_info_log(&mut self, pipeline: GLuint, buf_size: GLsizei, length: *mut GLsizei, out: *mut GLchar) {
        if !self.check(buf_size >= 0, GL_INVALID_VALUE) {
            return;
        }
        let Some(p) = self.pipeline_mut(pipeline) else { return };
        let text = p.info_log.clone();
        // SAFETY: GL requires `out` to hold `buf_size` bytes.
        unsafe { write_gl_string(&text, buf_size, length, out) };
    }

    /// The executables of a pipeline's stages, by slot (None where no program is linked).
    pub(crate) fn pipeline_stage_executables(&self, pipeline: GLuint) -> [Option<Arc<Mutex<LinkedProgram>>>; 6] {
        let mut out: [Option<Arc<Mutex<LinkedProgram>>>; 6] = Default::default();
        let Some(p) = self.program_pipelines.get(pipeline) else { return out };
        let objects = self.share.lock();
        for (slot, &program) in p.stages.iter().enumerate() {
            if let Some(ShaderOrProgram::Program(prog)) = objects.shader_objects.get(program) {
                out[slot] = prog.executable.clone();
            }
        }
        out
    }

    /// The executable of the bound pipeline's last vertex-processing stage (vertex,
    /// tessellation or geometry), whose outputs transform feedback captures.
    pub(crate) fn pipeline_last_vertex_stage_executable(&self) -> Option<Arc<Mutex<LinkedProgram>>> {
        let [vs, tcs, tes, gs, ..] = self.pipeline_stage_executables(self.bindings.program_pipeline);
        gs.or(tes).or(tcs).or(vs)
    }

    /// Whether the pipeline can run, as glValidateProgramPipeline and draws judge it
    /// (OpenGL 4.6, section 11.1.3.11); `Err` is the info-log text saying why not.
    pub(crate) fn pipeline_validation(&self, pipeline: GLuint) -> Result<(), String> {
        let Some(p) = self.program_pipelines.get(pipeline) else { return Err("no such program pipeline\n".into()) };
        let executables = self.pipeline_stage_executables(pipeline);
        for (slot, &program) in p.stages.iter().enumerate() {
            if program == 0 {
                continue;
            }
            let Some(exe) = &executables[slot] else {
                return Err(format!("program {program} of the {} stage is not linked\n", PIPELINE_STAGES[slot].2.name()));
            };
            let (stages, separable) = {
                let e = exe.lock().unwrap_or_else(|p| p.into_inner());
                (e.stages.clone(), e.link_options.separable)
            };
            if !separable {
                return Err(format!("program {program} was relinked without GL_PROGRAM_SEPARABLE\n"));
            }
            // A program active for some of its stages must be active for all of them.
            for stage in stages {
                if p.stages[stage_slot(stage)] != program {
                    return Err(format!("program {program} is active for some but not all of its stages (not the {} stage)\n", stage.name()));
                }
            }
            // ... and no other program may run between two of its stages.
            let first = p.stages.iter().position(|&s| s == program).unwrap_or(slot);
            let last = p.stages[..5].iter().rposition(|&s| s == program).unwrap_or(slot);
            if (first..=last).any(|s| p.stages[s] != 0 && p.stages[s] != program) {
                return Err(format!("another program runs between two stages of program {program}\n"));
            }
        }
        // Samplers of different types may not share a texture unit.
        let mut units: Vec<(u32, GLenum)> = Vec::new();
        for exe in executables.iter().flatten() {
            let e = exe.lock().unwrap_or_else(|p| p.into_inner());
            for u in e.interface.uniforms.iter().filter(|u| !crate::draw_path::images::is_image_type(u.gl_type)) {
                let Some(base) = u.sampler_index else { continue };
                for s in base..base + u.array_size.max(1) {
                    let unit = e.sampler_units.get(s as usize).copied().unwrap_or(0);
                    if units.iter().any(|&(other, ty)| other == unit && ty != u.gl_type) {
                        return Err(format!("samplers of different types use texture unit {unit}\n"));
                    }
                    units.push((unit, u.gl_type));
                }
            }
        }
        let active = |stage: glsl::Stage| p.stages[stage_slot(stage)] != 0;
        let pre_vertex = [glsl::Stage::TessControl, glsl::Stage::TessEval, glsl::Stage::Geometry];
        if pre_vertex.into_iter().any(active) && !active(glsl::Stage::Vertex) {
            return Err("the pipeline has tessellation or geometry stages but no vertex stage\n".into());
        }
        if self.api == crate::version::Api::Gles && !active(glsl::Stage::Compute) && (!active(glsl::Stage::Vertex) || !active(glsl::Stage::Fragment)) {
            return Err("an OpenGL ES pipeline needs both a vertex and a fragment stage\n".into());
        }
        Ok(())
    }
}
