//! GL_ARB_shader_objects' commands that take a handle naming either a shader or a program
//! (glDeleteObjectARB, glGetObjectParameter*ARB, glGetInfoLogARB, glGetAttachedObjectsARB,
//! glGetHandleARB). Handles are the shader and program names themselves; each command
//! forwards to the shader or program command of GL 2.0 the handle's kind calls for.

use crate::context::ContextState;
use crate::objects::program::ShaderOrProgram;
use crate::types::enums::*;
use crate::types::*;

/// What a handle names.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum HandleKind {
    Shader,
    Program,
}

impl ContextState {
    /// The kind of object `handle` names; GL_INVALID_VALUE when it names none.
    pub(crate) fn handle_kind(&mut self, handle: GLhandleARB) -> Option<HandleKind> {
        let kind = match self.share.lock().shader_objects.get(handle) {
            Some(ShaderOrProgram::Shader(_)) => Some(HandleKind::Shader),
            Some(ShaderOrProgram::Program(_)) => Some(HandleKind::Program),
            None => None,
        };
        if kind.is_none() {
            self.record_error(GL_INVALID_VALUE);
        }
        kind
    }

    /// glDeleteObjectARB; handle 0 is ignored.
    pub(crate) fn gl_delete_object(&mut self, handle: GLhandleARB) {
        if handle == 0 {
            return;
        }
        match self.handle_kind(handle) {
            Some(HandleKind::Shader) => self.gl_delete_shader(handle),
            Some(HandleKind::Program) => self.gl_delete_program(handle),
            None => {}
        }
    }

    /// glGetHandleARB: the program in use for GL_PROGRAM_OBJECT_ARB.
    pub(crate) fn gl_get_handle(&mut self, pname: GLenum) -> GLhandleARB {
        if !self.check(pname == GL_PROGRAM_OBJECT_ARB, GL_INVALID_ENUM) {
            return 0;
        }
        self.bindings.program
    }

    /// glGetObjectParameterivARB: GL_OBJECT_TYPE_ARB and GL_OBJECT_SUBTYPE_ARB, then what
    /// glGetShaderiv or glGetProgramiv reports for the handle's kind.
    pub(crate) fn object_parameter(&mut self, handle: GLhandleARB, pname: GLenum) -> Option<GLint> {
        let kind = self.handle_kind(handle)?;
        match (pname, kind) {
            (GL_OBJECT_TYPE_ARB, HandleKind::Shader) => Some(GL_SHADER_OBJECT_ARB as GLint),
            (GL_OBJECT_TYPE_ARB, HandleKind::Program) => Some(GL_PROGRAM_OBJECT_ARB as GLint),
            (GL_OBJECT_SUBTYPE_ARB, HandleKind::Shader) => self.shader_parameter(handle, GL_SHADER_TYPE),
            (GL_OBJECT_SUBTYPE_ARB, HandleKind::Program) => {
                self.record_error(GL_INVALID_ENUM);
                None
            }
            (_, HandleKind::Shader) => self.shader_parameter(handle, pname),
            (_, HandleKind::Program) => self.program_query(handle, pname),
        }
    }

    /// glGetInfoLogARB: the shader's or the program's info log.
    pub(crate) fn gl_get_info_log(&mut self, handle: GLhandleARB, max_length: GLsizei, length: *mut GLsizei, log: *mut GLchar) {
        match self.handle_kind(handle) {
            Some(HandleKind::Shader) => self.gl_get_shader_text(handle, false, max_length, length, log),
            Some(HandleKind::Program) => self.gl_get_program_info_log(handle, max_length, length, log),
            None => {}
        }
    }
}
