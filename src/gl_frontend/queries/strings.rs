//! glGetString, glGetStringi and glGetError.

use crate::context::ContextState;
use crate::types::enums::*;
use crate::types::*;

impl ContextState {
    pub(crate) fn gl_get_string(&mut self, name: GLenum) -> *const GLubyte {
        let s = &self.strings;
        let text = match name {
            GL_VENDOR => &s.vendor,
            GL_RENDERER => &s.renderer,
            GL_VERSION => &s.version,
            GL_SHADING_LANGUAGE_VERSION => &s.shading_language_version,
            // Core profiles list extensions only through glGetStringi.
            GL_EXTENSIONS if !self.is_core() => &s.extensions,
            GL_PROGRAM_ERROR_STRING_ARB if self.arb_program_error_string().is_some() => &self.arb_programs.error_string,
            _ => {
                self.record_error(GL_INVALID_ENUM);
                return std::ptr::null();
            }
        };
        text.as_ptr() as *const GLubyte
    }

    pub(crate) fn gl_get_stringi(&mut self, name: GLenum, index: GLuint) -> *const GLubyte {
        // GL_SPIR_V_EXTENSIONS lists nothing: every index is out of range.
        let spirv = name == GL_SPIR_V_EXTENSIONS && self.spirv_supported();
        if !self.check(name == GL_EXTENSIONS || spirv, GL_INVALID_ENUM) {
            return std::ptr::null();
        }
        match self.strings.extension_list.get(index as usize).filter(|_| !spirv) {
            Some(text) => text.as_ptr() as *const GLubyte,
            None => {
                self.record_error(GL_INVALID_VALUE);
                std::ptr::null()
            }
        }
    }

    pub(crate) fn gl_get_error(&mut self) -> GLenum {
        std::mem::replace(&mut self.error, GL_NO_ERROR)
    }
}
