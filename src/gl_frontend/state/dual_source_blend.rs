//! Dual-source blending (GL_ARB_blend_func_extended, GL_EXT_blend_func_extended): blend
//! factors that read the fragment shader's second colour, the output at location 0 with
//! index 1, and the draw-time rule that keeps them to MAX_DUAL_SOURCE_DRAW_BUFFERS draw
//! buffers.

use crate::context::ContextState;
use crate::limits::MAX_DUAL_SOURCE_DRAW_BUFFERS;
use crate::types::enums::*;
use crate::types::*;

/// The blend factors that read the second source colour.
pub fn is_dual_source_factor(f: GLenum) -> bool {
    matches!(f, GL_SRC1_COLOR | GL_ONE_MINUS_SRC1_COLOR | GL_SRC1_ALPHA | GL_ONE_MINUS_SRC1_ALPHA)
}

impl ContextState {
    /// Whether this context offers dual-source blending: the device blends with two
    /// sources and the extension of the context's API is advertised.
    pub(crate) fn dual_source_blend_offered(&self) -> bool {
        let name = if self.is_gles() { "GL_EXT_blend_func_extended" } else { "GL_ARB_blend_func_extended" };
        self.strings.has_extension(name)
    }

    /// Whether drawing now breaks the extension's rule: a blend-enabled draw buffer uses
    /// a dual-source factor while more than MAX_DUAL_SOURCE_DRAW_BUFFERS draw buffers
    /// are active (GL_INVALID_OPERATION at glBegin and every draw).
    pub(crate) fn dual_source_draw_buffers_exceeded(&self) -> bool {
        let enabled = self.state.enables.blend;
        let dual = self.state.blend.targets.iter().enumerate().any(|(i, t)| {
            enabled & (1 << i) != 0 && [t.src_rgb, t.dst_rgb, t.src_alpha, t.dst_alpha].into_iter().any(is_dual_source_factor)
        });
        dual && self.active_draw_buffers() > MAX_DUAL_SOURCE_DRAW_BUFFERS as usize
    }

    /// Draw buffers up to the last one that is not GL_NONE (the default framebuffer has one).
    fn active_draw_buffers(&self) -> usize {
        let name = self.bindings.draw_framebuffer;
        let Some(fb) = self.framebuffers.get(name).filter(|_| name != 0) else { return 1 };
        fb.draw_buffers.iter().rposition(|&b| b != GL_NONE).map_or(0, |i| i + 1)
    }
}
