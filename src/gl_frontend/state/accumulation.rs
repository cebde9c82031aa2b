//! The accumulation buffer's API (compatibility profile): glClearAccum and glAccum.
//!
//! galvan's framebuffers have no accumulation buffer (GL_ACCUM_*_BITS are 0), so glClear's
//! GL_ACCUM_BUFFER_BIT clears nothing and glAccum is GL_INVALID_OPERATION, as GL 2.1
//! specifies for a framebuffer without one; the clear value is still kept, pushed with
//! GL_ACCUM_BUFFER_BIT and queried.

use crate::context::ContextState;
use crate::queries::get::Value;
use crate::types::enums::*;
use crate::types::*;

impl ContextState {
    /// glClearAccum: each component clamped to [-1, 1].
    pub(crate) fn gl_clear_accum(&mut self, color: [f32; 4]) {
        if self.check(!self.is_core() && !self.is_gles(), GL_INVALID_OPERATION) {
            self.state.clear.accum = color.map(|c| c.clamp(-1.0, 1.0));
        }
    }

    /// glAccum: the operation is checked, then refused for want of an accumulation buffer.
    pub(crate) fn gl_accum(&mut self, op: GLenum, _value: f32) {
        if !self.check(!self.is_core() && !self.is_gles(), GL_INVALID_OPERATION) {
            return;
        }
        if self.check(matches!(op, GL_ACCUM | GL_LOAD | GL_RETURN | GL_MULT | GL_ADD), GL_INVALID_ENUM) {
            self.record_error(GL_INVALID_OPERATION);
        }
    }

    pub(crate) fn accumulation_value(&self, pname: GLenum) -> Option<Value> {
        match pname {
            GL_ACCUM_CLEAR_VALUE => Some(Value::floats(self.state.clear.accum.map(f64::from), true)),
            GL_ACCUM_RED_BITS | GL_ACCUM_GREEN_BITS | GL_ACCUM_BLUE_BITS | GL_ACCUM_ALPHA_BITS => Some(Value::int(0)),
            _ => None,
        }
    }
}
