//! The GL errors a format or pixel-transfer check can name.

use crate::gl;

/// A GL error the caller records with its entry point (the check itself never panics).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GlError {
    InvalidEnum,
    InvalidValue,
    InvalidOperation,
}

impl GlError {
    /// The value glGetError returns for this error.
    pub fn code(self) -> u32 {
        match self {
            GlError::InvalidEnum => gl::GL_INVALID_ENUM,
            GlError::InvalidValue => gl::GL_INVALID_VALUE,
            GlError::InvalidOperation => gl::GL_INVALID_OPERATION,
        }
    }
}

impl std::fmt::Display for GlError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let name = match self {
            GlError::InvalidEnum => "GL_INVALID_ENUM",
            GlError::InvalidValue => "GL_INVALID_VALUE",
            GlError::InvalidOperation => "GL_INVALID_OPERATION",
        };
        f.write_str(name)
    }
}

impl std::error::Error for GlError {}
