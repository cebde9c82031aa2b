//! The alpha test (compatibility profile): glAlphaFunc. The fixed-function fragment stage
//! and, for GLSL programs, a pass at the end of the fragment shader discard the fragment.

use crate::context::ContextState;
use crate::queries::get::Value;
use crate::state::Dirty;
use crate::types::enums::*;
use crate::types::*;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AlphaTestState {
    /// GL_ALPHA_TEST.
    pub enabled: bool,
    pub func: GLenum,
    /// Clamped to [0, 1], as the test uses it.
    pub reference: f32,
    /// As given, which queries return while fragment colours are not clamped
    /// (ARB_color_buffer_float).
    pub reference_unclamped: f32,
}

impl Default for AlphaTestState {
    fn default() -> Self {
        AlphaTestState { enabled: false, func: GL_ALWAYS, reference: 0.0, reference_unclamped: 0.0 }
    }
}

impl ContextState {
    /// The comparison and reference bits the alpha test asks of a program's fragment
    /// shader; `None` while it is off or passes every fragment (GL_ALWAYS).
    pub(crate) fn alpha_test_for_programs(&self) -> Option<(nir_like::passes::AlphaCompare, u32)> {
        use nir_like::passes::AlphaCompare as C;
        let a = &self.state.alpha_test;
        if !a.enabled {
            return None;
        }
        let compare = match a.func {
            GL_NEVER => C::Never,
            GL_LESS => C::Less,
            GL_EQUAL => C::Equal,
            GL_LEQUAL => C::LessOrEqual,
            GL_GREATER => C::Greater,
            GL_NOTEQUAL => C::NotEqual,
            GL_GEQUAL => C::GreaterOrEqual,
            _ => return None,
        };
        Some((compare, a.reference.to_bits()))
    }

    pub(crate) fn gl_alpha_func(&mut self, func: GLenum, reference: f32) {
        if !self.check(!self.is_core() && !self.is_gles(), GL_INVALID_OPERATION) {
            return;
        }
        if !self.check((GL_NEVER..=GL_ALWAYS).contains(&func), GL_INVALID_ENUM) {
            return;
        }
        self.state.alpha_test.func = func;
        self.state.alpha_test.reference = reference.clamp(0.0, 1.0);
        self.state.alpha_test.reference_unclamped = reference;
        self.state.dirty.insert(Dirty::PROGRAM | Dirty::UNIFORMS);
    }

    pub(crate) fn alpha_test_value(&self, pname: GLenum) -> Option<Value> {
        let a = &self.state.alpha_test;
        Some(match pname {
            GL_ALPHA_TEST => Value::boolean(a.enabled),
            GL_ALPHA_TEST_FUNC => Value::int(a.func as i64),
            GL_ALPHA_TEST_REF => Value::Float { v: [a.reference_unclamped as f64, 0.0, 0.0, 0.0], n: 1, normalized: true },
            _ => return None,
        })
    }
}
