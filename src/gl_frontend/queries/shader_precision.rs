//! The ES 2.0 shader-compiler queries (GL_ARB_ES2_compatibility, core since GL 4.1):
//! glGetShaderPrecisionFormat and glReleaseShaderCompiler (glShaderBinary, which takes
//! SPIR-V only, is objects/shader_spirv.rs).
//!
//! Every shader galvan builds runs on Vulkan in 32 bits whatever its precision qualifier
//! says (the qualifiers are accepted and ignored), so each precision reports IEEE float32
//! or two's-complement int32.

use crate::context::ContextState;
use crate::types::enums::*;
use crate::types::*;

/// (range [log2 of the smallest and largest magnitudes], precision in bits) that
/// glGetShaderPrecisionFormat reports for `precision_type`; `None` for a bad enum.
pub fn precision_format(shader_type: GLenum, precision_type: GLenum) -> Option<([GLint; 2], GLint)> {
    if !matches!(shader_type, GL_VERTEX_SHADER | GL_FRAGMENT_SHADER) {
        return None;
    }
    match precision_type {
        // float32: magnitudes from 2^-126 to 2^127 (stated as 127 both ways), 23 mantissa bits.
        GL_LOW_FLOAT | GL_MEDIUM_FLOAT | GL_HIGH_FLOAT => Some(([127, 127], 23)),
        // int32: -2^31 to 2^31 - 1, exact.
        GL_LOW_INT | GL_MEDIUM_INT | GL_HIGH_INT => Some(([31, 30], 0)),
        _ => None,
    }
}

impl ContextState {
    /// glGetShaderPrecisionFormat: GL_INVALID_ENUM for a shader type other than vertex or
    /// fragment, or a precision type that is none of the six.
    pub(crate) fn gl_get_shader_precision_format(&mut self, shader_type: GLenum, precision_type: GLenum, range: *mut GLint, precision: *mut GLint) {
        let Some((r, p)) = precision_format(shader_type, precision_type) else {
            return self.record_error(GL_INVALID_ENUM);
        };
        // SAFETY: GL requires `range` to hold two values and `precision` one.
        unsafe {
            if !range.is_null() {
                *range = r[0];
                *range.add(1) = r[1];
            }
            if !precision.is_null() {
                *precision = p;
            }
        }
    }
}
