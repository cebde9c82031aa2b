//! A program's transform feedback varyings: glTransformFeedbackVaryings (applied at the
//! next link), glGetTransformFeedbackVarying and the program's GL_TRANSFORM_FEEDBACK_*
//! parameters.

use crate::context::ContextState;
use crate::objects::shader::write_gl_string;
use crate::types::enums::*;
use crate::types::*;

/// What glTransformFeedbackVaryings asked of a program.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VaryingRequest {
    pub names: Vec<String>,
    pub separate: bool,
}

impl ContextState {
    pub(crate) fn gl_transform_feedback_varyings(&mut self, program: GLuint, count: GLsizei, varyings: *const *const GLchar, mode: GLenum) {
        if self.with_program(program, |_| ()).is_none() {
            return;
        }
        if !self.check(count >= 0, GL_INVALID_VALUE) {
            return;
        }
        if !self.check(matches!(mode, GL_INTERLEAVED_ATTRIBS | GL_SEPARATE_ATTRIBS), GL_INVALID_ENUM) {
            return;
        }
        let separate = mode == GL_SEPARATE_ATTRIBS;
        if !self.check(!separate || count as u32 <= glsl::link_xfb::MAX_SEPARATE_ATTRIBS, GL_INVALID_VALUE) {
            return;
        }
        let mut names = Vec::with_capacity(count as usize);
        for i in 0..count as usize {
            // SAFETY: GL requires `varyings` to hold `count` NUL-terminated strings.
            let p = unsafe { if varyings.is_null() { std::ptr::null() } else { *varyings.add(i) } };
            if p.is_null() {
                return self.record_error(GL_INVALID_VALUE);
            }
            // SAFETY: as above.
            names.push(unsafe { std::ffi::CStr::from_ptr(p) }.to_string_lossy().into_owned());
        }
        // ARB_transform_feedback3's markers exist only in interleaved mode, and each
        // gl_NextBuffer needs a buffer after it.
        let special = |n: &String| n == "gl_NextBuffer" || n.starts_with("gl_SkipComponents") && matches!(&n[17..], "1" | "2" | "3" | "4");
        let next_buffers = names.iter().filter(|n| *n == "gl_NextBuffer").count();
        let misplaced = separate && names.iter().any(special);
        if !self.check(!misplaced && next_buffers < glsl::link_xfb::MAX_BUFFERS as usize, GL_INVALID_OPERATION) {
            return;
        }
        self.with_program(program, |p| p.transform_feedback = VaryingRequest { names, separate });
    }

    /// The linked capture layout of `program` (empty before a successful link).
    fn linked_xfb_layout(&mut self, program: GLuint) -> Option<glsl::link_xfb::TransformFeedbackLayout> {
        let executable = self.with_program(program, |p| p.executable.clone())?;
        Some(executable.map(|e| e.lock().unwrap_or_else(|p| p.into_inner()).interface.transform_feedback.clone()).unwrap_or_default())
    }

    /// GL_TRANSFORM_FEEDBACK_BUFFER_MODE, _VARYINGS and _VARYING_MAX_LENGTH of a program.
    pub(crate) fn program_xfb_parameter(&mut self, program: GLuint, pname: GLenum) -> Option<GLint> {
        if pname == GL_TRANSFORM_FEEDBACK_BUFFER_MODE {
            let separate = self.with_program(program, |p| p.transform_feedback.separate)?;
            return Some(if separate { GL_SEPARATE_ATTRIBS } else { GL_INTERLEAVED_ATTRIBS } as GLint);
        }
        let layout = self.linked_xfb_layout(program)?;
        Some(match pname {
            GL_TRANSFORM_FEEDBACK_VARYINGS => layout.varyings.len() as GLint,
            _ => layout.varyings.iter().map(|v| v.name.len() as GLint + 1).max().unwrap_or(0),
        })
    }

    #[allow(clippy::too_many_arguments)]
    pub(crate) fn gl_get_transform_feedback_varying(
        &mut self,
        program: GLuint,
        index: GLuint,
        buf_size: GLsizei,
        length: *mut GLsizei,
        size: *mut GLsizei,
        ty: *mut GLenum,
        name: *mut GLchar,
    ) {
        let Some(layout) = self.linked_xfb_layout(program) else { return };
        let Some(v) = layout.varyings.get(index as usize) else { return self.record_error(GL_INVALID_VALUE) };
        if !self.check(buf_size >= 0, GL_INVALID_VALUE) {
            return;
        }
        // SAFETY: GL requires the pointers to be null or valid, `name` to hold `buf_size` bytes.
        unsafe {
            if !size.is_null() {
                *size = v.size as GLsizei;
            }
            if !ty.is_null() {
                *ty = v.gl_type as GLenum;
            }
            write_gl_string(&v.name, buf_size, length, name);
        }
    }

    /// Whether `program` may be relinked: not while a transform feedback capture uses it.
    pub(crate) fn program_relink_allowed(&self, program: GLuint) -> bool {
        !self.transform_feedback.uses_program(program)
    }
}
