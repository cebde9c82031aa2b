//! glClipControl (ARB_clip_control, GL 4.5): where clip-space y = +1 lands (the window's
//! bottom row or its top row) and whether clip-space depth is [-w, w] or [0, w].
//! The draw path turns the origin into a flipped viewport (and the opposite winding, so a
//! primitive keeps its facing) and the depth mode into Vulkan's depth clip control.

use crate::context::ContextState;
use crate::state::Dirty;
use crate::types::enums::*;
use crate::types::GLenum;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClipControl {
    /// GL_LOWER_LEFT or GL_UPPER_LEFT.
    pub origin: GLenum,
    /// GL_NEGATIVE_ONE_TO_ONE or GL_ZERO_TO_ONE.
    pub depth_mode: GLenum,
}

impl Default for ClipControl {
    fn default() -> Self {
        ClipControl { origin: GL_LOWER_LEFT, depth_mode: GL_NEGATIVE_ONE_TO_ONE }
    }
}

impl ClipControl {
    /// Whether clip-space y = +1 is the window's top row turned over: the viewport flips.
    pub fn upper_left(&self) -> bool {
        self.origin == GL_UPPER_LEFT
    }

    /// Whether clip-space depth is GL's classic [-w, w].
    pub fn negative_one_to_one(&self) -> bool {
        self.depth_mode == GL_NEGATIVE_ONE_TO_ONE
    }
}

impl ContextState {
    /// glClipControl.
    pub(crate) fn gl_clip_control(&mut self, origin: GLenum, depth_mode: GLenum) {
        let valid = matches!(origin, GL_LOWER_LEFT | GL_UPPER_LEFT) && matches!(depth_mode, GL_NEGATIVE_ONE_TO_ONE | GL_ZERO_TO_ONE);
        if !self.check(valid, GL_INVALID_ENUM) || !self.check(!self.in_begin_end(), GL_INVALID_OPERATION) {
            return;
        }
        self.state.clip_control = ClipControl { origin, depth_mode };
        self.state.dirty.insert(Dirty::VIEWPORT | Dirty::RASTER);
    }
}
