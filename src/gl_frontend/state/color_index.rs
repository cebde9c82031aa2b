//! Colour-index state (compatibility profile): glIndex (GL_CURRENT_INDEX), glClearIndex
//! (GL_INDEX_CLEAR_VALUE) and glIndexMask (GL_INDEX_WRITEMASK).
//!
//! galvan's framebuffers are all RGBA, where GL ignores colour indices when it renders
//! (GL_INDEX_MODE is false, GL_INDEX_BITS 0); the values are still kept, pushed with
//! glPushAttrib, compiled into display lists and queried, as GL 2.1 specifies them.

use crate::context::ContextState;
use crate::queries::get::Value;
use crate::state::current_values::read_vec;
use crate::types::enums::*;
use crate::types::*;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ColorIndexState {
    /// The current colour index (GL_CURRENT_BIT), a float like every current value.
    pub current: f32,
    /// glClearIndex's value (GL_COLOR_BUFFER_BIT).
    pub clear: f32,
    /// glIndexMask's writemask (GL_COLOR_BUFFER_BIT).
    pub writemask: GLuint,
}

impl Default for ColorIndexState {
    fn default() -> Self {
        ColorIndexState { current: 1.0, clear: 0.0, writemask: !0 }
    }
}

impl ContextState {
    /// glIndex{s,i,f,d,ub}[v]: allowed between glBegin and glEnd; integer indices convert
    /// to floats unchanged (they are not normalized).
    pub(crate) fn gl_index(&mut self, index: f32) {
        if self.check(!self.is_core() && !self.is_gles(), GL_INVALID_OPERATION) {
            self.state.color_index.current = index;
        }
    }

    /// glIndex{s,i,f,d,ub}v: the index `c` points at (nothing for a null pointer).
    ///
    /// # Safety
    /// `c` is null or points at one value, as GL requires.
    pub(crate) unsafe fn gl_index_v<T: Copy + Into<f64>>(&mut self, c: *const T) {
        if let Some(v) = unsafe { read_vec(c, 1) } {
            self.gl_index(v[0])
        }
    }

    /// glClearIndex.
    pub(crate) fn gl_clear_index(&mut self, index: f32) {
        if self.check(!self.is_core() && !self.is_gles(), GL_INVALID_OPERATION) {
            self.state.color_index.clear = index;
        }
    }

    /// glIndexMask.
    pub(crate) fn gl_index_mask(&mut self, mask: GLuint) {
        if self.check(!self.is_core() && !self.is_gles(), GL_INVALID_OPERATION) {
            self.state.color_index.writemask = mask;
        }
    }

    pub(crate) fn color_index_value(&self, pname: GLenum) -> Option<Value> {
        let c = &self.state.color_index;
        Some(match pname {
            GL_CURRENT_INDEX => Value::float(c.current as f64),
            GL_INDEX_CLEAR_VALUE => Value::float(c.clear as f64),
            // Reported as a GLint: all ones reads back as -1, as other implementations do.
            GL_INDEX_WRITEMASK => Value::int(c.writemask as i32),
            GL_INDEX_MODE => Value::boolean(false),
            GL_RGBA_MODE => Value::boolean(true),
            GL_INDEX_BITS => Value::int(0),
            _ => return None,
        })
    }
}
