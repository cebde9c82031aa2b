//! The values glClear writes: glClearColor, glClearDepth, glClearStencil (and glClearAccum's,
//! `accumulation.rs`).

use crate::context::ContextState;
use crate::types::*;

#[derive(Clone, Debug, PartialEq)]
pub struct ClearState {
    pub color: [f32; 4],
    /// glClearColorI{i,ui}EXT's colour, for integer colour buffers; glClearColor drops it.
    pub color_integer: Option<vk_backend::ClearColor>,
    pub depth: f64,
    pub stencil: i32,
    /// glClearAccum's colour (GL_ACCUM_BUFFER_BIT).
    pub accum: [f32; 4],
}

impl Default for ClearState {
    fn default() -> Self {
        ClearState { color: [0.0; 4], color_integer: None, depth: 1.0, stencil: 0, accum: [0.0; 4] }
    }
}

impl ContextState {
    pub(crate) fn gl_clear_color(&mut self, r: GLfloat, g: GLfloat, b: GLfloat, a: GLfloat) {
        // Unclamped: float colour buffers clear to values outside [0, 1] (GL 3.0+).
        self.state.clear.color = [r, g, b, a];
        self.state.clear.color_integer = None;
    }

    /// glClearColorIiEXT / glClearColorIuiEXT (EXT_texture_integer).
    pub(crate) fn gl_clear_color_integer(&mut self, color: vk_backend::ClearColor) {
        self.state.clear.color_integer = Some(color);
    }

    pub(crate) fn gl_clear_depth(&mut self, depth: f64) {
        self.state.clear.depth = depth.clamp(0.0, 1.0);
    }

    pub(crate) fn gl_clear_stencil(&mut self, s: GLint) {
        self.state.clear.stencil = s;
    }
}
