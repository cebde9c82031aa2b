//! Program objects: glCreateProgram, glAttachShader, glDetachShader, glGetAttachedShaders,
//! glBindAttribLocation, glBindFragDataLocation(Indexed), glGetProgramiv, glGetProgramInfoLog,
//! glDeleteProgram, glIsProgram. Shaders and programs share one namespace.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use crate::context::ContextState;
use crate::objects::program_link::LinkedProgram;
use crate::objects::shader::{write_gl_string, Shader};
use crate::share_group::SharedObjects;
use crate::types::enums::*;
use crate::types::*;

#[derive(Debug, Default)]
pub struct Program {
    pub shaders: Vec<GLuint>,
    pub linked: bool,
    pub validated: bool,
    pub info_log: String,
    pub delete_pending: bool,
    /// glBindAttribLocation requests, applied at the next link.
    pub attrib_bindings: HashMap<String, u32>,
    /// glBindFragDataLocation requests, applied at the next link.
    pub frag_data_bindings: HashMap<String, u32>,
    /// The dual-source blend index glBindFragDataLocationIndexed gave each of those names.
    pub frag_data_index: HashMap<String, u32>,
    /// glTransformFeedbackVaryings, applied at the next link.
    pub transform_feedback: crate::objects::transform_feedback_varyings::VaryingRequest,
    /// GL_PROGRAM_SEPARABLE: the next link makes stages a program pipeline can mix with
    /// other programs' stages.
    pub separable: bool,
    /// GL_PROGRAM_BINARY_RETRIEVABLE_HINT, kept for glGetProgramiv.
    pub binary_retrievable_hint: bool,
    /// What the last successful link produced.
    pub executable: Option<Arc<Mutex<LinkedProgram>>>,
}

/// What a name of the shader/program namespace holds.
#[derive(Debug)]
pub enum ShaderOrProgram {
    Shader(Shader),
    Program(Program),
}

impl SharedObjects {
    pub fn shader_objects_iter_programs(&self) -> impl Iterator<Item = &Program> {
        self.shader_objects.values().filter_map(|o| match o {
            ShaderOrProgram::Program(p) => Some(p),
            ShaderOrProgram::Shader(_) => None,
        })
    }
}

impl ContextState {
    /// The program named `name`: INVALID_VALUE for an unknown name, INVALID_OPERATION for a
    /// shader's name.
    pub(crate) fn with_program<R>(&mut self, name: GLuint, f: impl FnOnce(&mut Program) -> R) -> Option<R> {
        let result = match self.share.lock().shader_objects.get_mut(name) {
            Some(ShaderOrProgram::Program(p)) => Ok(f(p)),
            Some(ShaderOrProgram::Shader(_)) => Err(GL_INVALID_OPERATION),
            None => Err(GL_INVALID_VALUE),
        };
        result.map_err(|e| self.record_error(e)).ok()
    }

    pub(crate) fn gl_create_program(&mut self) -> GLuint {
        let mut objects = self.share.lock();
        let name = objects.shader_objects.generate();
        objects.shader_objects.insert(name, ShaderOrProgram::Program(Program::default()));
        name
    }

    pub(crate) fn gl_attach_shader(&mut self, program: GLuint, shader: GLuint) {
        let stage = self.with_shader(shader, |s| s.stage);
        let Some(stage) = stage else { return };
        let gles = self.api == crate::version::Api::Gles;
        let share = self.share.clone();
        let error = {
            let mut objects = share.lock();
            let stages: Vec<GLenum> = match objects.shader_objects.get(program) {
                Some(ShaderOrProgram::Program(p)) => p
                    .shaders
                    .iter()
                    .filter_map(|s| match objects.shader_objects.get(*s) {
                        Some(ShaderOrProgram::Shader(sh)) => Some(sh.stage),
                        _ => None,
                    })
                    .collect(),
                Some(ShaderOrProgram::Shader(_)) => return self.record_error(GL_INVALID_OPERATION),
                None => return self.record_error(GL_INVALID_VALUE),
            };
            match objects.shader_objects.get_mut(program) {
                Some(ShaderOrProgram::Program(p)) if p.shaders.contains(&shader) => GL_INVALID_OPERATION,
                // GLES allows one shader per stage.
                Some(ShaderOrProgram::Program(_)) if gles && stages.contains(&stage) => GL_INVALID_OPERATION,
                Some(ShaderOrProgram::Program(p)) => {
                    p.shaders.push(shader);
                    GL_NO_ERROR
                }
                _ => GL_INVALID_VALUE,
            }
        };
        if error != GL_NO_ERROR {
            self.record_error(error);
        }
    }

    pub(crate) fn gl_detach_shader(&mut self, program: GLuint, shader: GLuint) {
        if self.with_shader(shader, |_| ()).is_none() {
            return;
        }
        let Some(was_attached) = self.with_program(program, |p| {
            let before = p.shaders.len();
            p.shaders.retain(|&s| s != shader);
            before != p.shaders.len()
        }) else {
            return;
        };
        if !self.check(was_attached, GL_INVALID_OPERATION) {
            return;
        }
        self.release_pending_shader(shader);
    }

    /// Removes a delete-pending shader once no program holds it.
    fn release_pending_shader(&mut self, shader: GLuint) {
        let mut objects = self.share.lock();
        let attached = objects.shader_objects_iter_programs().any(|p| p.shaders.contains(&shader));
        if !attached && matches!(objects.shader_objects.get(shader), Some(ShaderOrProgram::Shader(s)) if s.delete_pending) {
            objects.shader_objects.remove(shader);
        }
    }

    pub(crate) fn gl_get_attached_shaders(&mut self, program: GLuint, max_count: GLsizei, count: *mut GLsizei, shaders: *mut GLuint) {
        if !self.check(max_count >= 0, GL_INVALID_VALUE) {
            return;
        }
        let Some(list) = self.with_program(program, |p| p.shaders.clone()) else { return };
        let n = list.len().min(max_count as usize);
        // SAFETY: GL requires `shaders` to hold `max_count` names and `count` to be null or valid.
        unsafe {
            if !shaders.is_null() {
                std::ptr::copy_nonoverlapping(list.as_ptr(), shaders, n);
            }
            if !count.is_null() {
                *count = n as GLsizei;
            }
        }
    }

    pub(crate) fn gl_bind_attrib_location(&mut self, program: GLuint, index: GLuint, name: *const GLchar) {
        let Some(name) = self.bindable_name(name, index < self.limits.max_vertex_attribs) else { return };
        self.with_program(program, |p| p.attrib_bindings.insert(name, index));
    }

    /// glBindFragDataLocationIndexed; glBindFragDataLocation binds index 0. Index 1 is the
    /// second colour of dual-source blending, which only the first
    /// MAX_DUAL_SOURCE_DRAW_BUFFERS draw buffers have.
    pub(crate) fn gl_bind_frag_data_location(&mut self, program: GLuint, color: GLuint, index: GLuint, name: *const GLchar) {
        let max = if index == 0 { self.limits.max_draw_buffers } else { crate::limits::MAX_DUAL_SOURCE_DRAW_BUFFERS };
        let Some(name) = self.bindable_name(name, index <= 1 && color < max) else { return };
        self.with_program(program, |p| {
            p.frag_data_index.insert(name.clone(), index);
            p.frag_data_bindings.insert(name, color)
        });
    }

    /// The name a glBind*Location call binds: GL_INVALID_VALUE unless `in_range`,
    /// GL_INVALID_OPERATION for the reserved `gl_` prefix.
    fn bindable_name(&mut self, name: *const GLchar, in_range: bool) -> Option<String> {
        if name.is_null() {
            return None;
        }
        // SAFETY: GL requires a NUL-terminated name.
        let name = unsafe { std::ffi::CStr::from_ptr(name) }.to_string_lossy().into_owned();
        if !self.check(in_range, GL_INVALID_VALUE) || !self.check(!name.starts_with("gl_"), GL_INVALID_OPERATION) {
            return None;
        }
        Some(name)
    }

    /// One value of glGetProgramiv (every pname but GL_COMPUTE_WORK_GROUP_SIZE's three).
    pub(crate) fn program_query(&mut self, program: GLuint, pname: GLenum) -> Option<GLint> {
        if let Some(value) = self.tessellation_program_parameter(program, pname) {
            return value;
        }
        let interface = matches!(
            pname,
            GL_ACTIVE_UNIFORMS | GL_ACTIVE_UNIFORM_MAX_LENGTH | GL_ACTIVE_ATTRIBUTES | GL_ACTIVE_ATTRIBUTE_MAX_LENGTH
                | GL_ACTIVE_UNIFORM_BLOCKS | GL_ACTIVE_UNIFORM_BLOCK_MAX_NAME_LENGTH | GL_ACTIVE_ATOMIC_COUNTER_BUFFERS
        );
        let xfb = matches!(pname, GL_TRANSFORM_FEEDBACK_BUFFER_MODE | GL_TRANSFORM_FEEDBACK_VARYINGS | GL_TRANSFORM_FEEDBACK_VARYING_MAX_LENGTH);
        if xfb {
            self.program_xfb_parameter(program, pname)
        } else if interface {
            self.program_interface_parameter(program, pname)
        } else {
            self.program_parameter(program, pname)
        }
    }

    pub(crate) fn program_parameter(&mut self, program: GLuint, pname: GLenum) -> Option<GLint> {
        let value = self.with_program(program, |p| match pname {
            GL_DELETE_STATUS => Some(p.delete_pending as GLint),
            GL_LINK_STATUS => Some(p.linked as GLint),
            GL_VALIDATE_STATUS => Some(p.validated as GLint),
            GL_INFO_LOG_LENGTH => Some(if p.info_log.is_empty() { 0 } else { p.info_log.len() as GLint + 1 }),
            GL_ATTACHED_SHADERS => Some(p.shaders.len() as GLint),
            GL_PROGRAM_SEPARABLE => Some(p.separable as GLint),
            GL_PROGRAM_BINARY_RETRIEVABLE_HINT => Some(p.binary_retrievable_hint as GLint),
            _ => None,
        })?;
        if value.is_none() {
            self.record_error(GL_INVALID_ENUM);
        }
        value
    }

    /// glProgramParameteri: GL_PROGRAM_SEPARABLE and GL_PROGRAM_BINARY_RETRIEVABLE_HINT,
    /// both taking effect at the next link.
    pub(crate) fn gl_program_parameteri(&mut self, program: GLuint, pname: GLenum, value: GLint) {
        let error = self.with_program(program, |p| {
            let flag = match value {
                0 | 1 => value == 1,
                _ if matches!(pname, GL_PROGRAM_SEPARABLE | GL_PROGRAM_BINARY_RETRIEVABLE_HINT) => return GL_INVALID_VALUE,
                _ => return GL_INVALID_ENUM,
            };
            match pname {
                GL_PROGRAM_SEPARABLE => p.separable = flag,
                GL_PROGRAM_BINARY_RETRIEVABLE_HINT => p.binary_retrievable_hint = flag,
                _ => return GL_INVALID_ENUM,
            }
            GL_NO_ERROR
        });
        if let Some(e) = error.filter(|&e| e != GL_NO_ERROR) {
            self.record_error(e);
        }
    }

    pub(crate) fn gl_get_program_info_log(&mut self, program: GLuint, buf_size: GLsizei, length: *mut GLsizei, out: *mut GLchar) {
        if !self.check(buf_size >= 0, GL_INVALID_VALUE) {
            return;
        }
        if let Some(text) = self.with_program(program, |p| p.info_log.clone()) {
            // SAFETY: GL requires `out` to hold `buf_size` bytes.
            unsafe { write_gl_string(&text, buf_size, length, out) };
        }
    }

    pub(crate) fn gl_delete_program(&mut self, program: GLuint) {
        if program == 0 {
            return;
        }
        let Some(shaders) = self.with_program(program, |p| {
            p.delete_pending = true;
            p.shaders.clone()
        }) else {
            return;
        };
        // A program in use (current, or a stage of one of this context's pipelines) is
        // deleted when it stops being used.
        if self.bindings.program != program && !self.program_pipelines_use(program) {
            self.share.lock().shader_objects.remove(program);
            for s in shaders {
                self.release_pending_shader(s);
            }
        }
    }

    /// glCreateShaderProgramv: one shader compiled from `strings`, linked alone into a
    /// separable program and detached again; the program's log carries the shader's.
    pub(crate) fn gl_create_shader_program(&mut self, ty: GLenum, count: GLsizei, strings: *const *const GLchar) -> GLuint {
        if !self.check(self.stage_supported(ty), GL_INVALID_ENUM) || !self.check(count >= 0, GL_INVALID_VALUE) {
            return 0;
        }
        let shader = self.gl_create_shader(ty);
        if shader == 0 {
            return 0;
        }
        self.gl_shader_source(shader, count, strings, std::ptr::null());
        self.gl_compile_shader(shader);
        let program = self.gl_create_program();
        let compiled = self.with_shader(shader, |s| (s.compiled, s.info_log.clone()));
        self.with_program(program, |p| p.separable = true);
        if let Some((true, _)) = compiled {
            self.gl_attach_shader(program, shader);
            self.gl_link_program(program);
            self.gl_detach_shader(program, shader);
        }
        if let Some((_, shader_log)) = compiled {
            self.with_program(program, |p| p.info_log = format!("{shader_log}{}", p.info_log));
        }
        self.gl_delete_shader(shader);
        program
    }

    pub(crate) fn gl_is_program(&mut self, name: GLuint) -> GLboolean {
        matches!(self.share.lock().shader_objects.get(name), Some(ShaderOrProgram::Program(_))) as GLboolean
    }
}
