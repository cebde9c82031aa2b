//! glViewport, glScissor and glDepthRange.

use crate::context::ContextState;
use crate::state::Dirty;
use crate::types::enums::*;
use crate::types::*;

/// Viewport rectangle (x, y, width, height), depth range and scissor box, in GL window
/// coordinates (row 0 is the bottom row, as images are stored).
#[derive(Clone, Debug, PartialEq)]
pub struct ViewportState {
    pub viewport: [f32; 4],
    pub depth_range: [f64; 2],
    pub scissor: [i32; 4],
}

impl Default for ViewportState {
    fn default() -> Self {
        ViewportState { viewport: [0.0; 4], depth_range: [0.0, 1.0], scissor: [0; 4] }
    }
}

impl ContextState {
    pub(crate) fn gl_viewport(&mut self, x: GLint, y: GLint, width: GLsizei, height: GLsizei) {
        if !self.check(width >= 0 && height >= 0, GL_INVALID_VALUE) {
            return;
        }
        let [max_w, max_h] = self.limits.max_viewport_dims;
        let w = (width as u32).min(max_w) as f32;
        let h = (height as u32).min(max_h) as f32;
        self.state.viewport.viewport = [x as f32, y as f32, w, h];
        self.state.dirty.insert(Dirty::VIEWPORT);
    }

    pub(crate) fn gl_scissor(&mut self, x: GLint, y: GLint, width: GLsizei, height: GLsizei) {
        if !self.check(width >= 0 && height >= 0, GL_INVALID_VALUE) {
            return;
        }
        self.state.viewport.scissor = [x, y, width, height];
        self.state.dirty.insert(Dirty::SCISSOR);
    }

    pub(crate) fn gl_depth_range(&mut self, near: f64, far: f64) {
        // Values are clamped to [0, 1] (no GL_NV_depth_buffer_float unclamped ranges).
        self.state.viewport.depth_range = [near.clamp(0.0, 1.0), far.clamp(0.0, 1.0)];
        self.state.dirty.insert(Dirty::VIEWPORT);
    }
}
