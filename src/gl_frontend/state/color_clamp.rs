//! glClampColor (ARB_color_buffer_float, GL 3.0): whether vertex colours, fragment colours
//! and read-back colours are clamped to [0, 1]. GL_FIXED_ONLY clamps only where the
//! colour buffer involved has fixed-point components.

use crate::context::ContextState;
use crate::types::enums::*;
use crate::types::*;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ColorClamp {
    /// GL_CLAMP_VERTEX_COLOR (compatibility profile).
    pub vertex: GLenum,
    /// GL_CLAMP_FRAGMENT_COLOR (compatibility profile).
    pub fragment: GLenum,
    /// GL_CLAMP_READ_COLOR.
    pub read: GLenum,
}

impl Default for ColorClamp {
    fn default() -> Self {
        ColorClamp { vertex: GL_TRUE, fragment: GL_FIXED_ONLY, read: GL_FIXED_ONLY }
    }
}

/// Whether a clamp setting clamps a colour buffer that is (`fixed_point`) or is not
/// fixed-point.
pub fn clamps(setting: GLenum, fixed_point: bool) -> bool {
    setting == GL_TRUE || (setting == GL_FIXED_ONLY && fixed_point)
}

impl ContextState {
    pub(crate) fn gl_clamp_color(&mut self, target: GLenum, clamp: GLenum) {
        let legacy = !self.is_core() && !self.is_gles();
        let valid_target = target == GL_CLAMP_READ_COLOR || (legacy && matches!(target, GL_CLAMP_VERTEX_COLOR | GL_CLAMP_FRAGMENT_COLOR));
        let valid_clamp = matches!(clamp, GL_FIXED_ONLY | GL_TRUE | GL_FALSE);
        if !self.check(valid_target && valid_clamp, GL_INVALID_ENUM) {
            return;
        }
        let c = &mut self.state.color_clamp;
        match target {
            GL_CLAMP_VERTEX_COLOR => c.vertex = clamp,
            GL_CLAMP_FRAGMENT_COLOR => c.fragment = clamp,
            _ => c.read = clamp,
        }
    }

    /// The value glGet reports for a clamp target, if `pname` is one this context has.
    pub(crate) fn color_clamp_value(&self, pname: GLenum) -> Option<GLenum> {
        let legacy = !self.is_core() && !self.is_gles();
        let c = &self.state.color_clamp;
        match pname {
            GL_CLAMP_READ_COLOR if !self.is_gles() => Some(c.read),
            GL_CLAMP_VERTEX_COLOR if legacy => Some(c.vertex),
            GL_CLAMP_FRAGMENT_COLOR if legacy => Some(c.fragment),
            _ => None,
        }
    }
}
