//! Blending and colour masks: glBlendFunc(Separate), glBlendEquation(Separate),
//! glBlendColor, glColorMask(i).

use crate::context::ContextState;
use crate::state::dual_source_blend::is_dual_source_factor;
use crate::state::Dirty;
use crate::types::enums::*;
use crate::types::*;

/// Blend factors and equations of one draw buffer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BlendTarget {
    pub src_rgb: GLenum,
    pub dst_rgb: GLenum,
    pub src_alpha: GLenum,
    pub dst_alpha: GLenum,
    pub equation_rgb: GLenum,
    pub equation_alpha: GLenum,
    /// Bits 0-3: red, green, blue, alpha writes enabled.
    pub color_mask: u8,
}

impl Default for BlendTarget {
    fn default() -> Self {
        BlendTarget {
            src_rgb: GL_ONE,
            dst_rgb: GL_ZERO,
            src_alpha: GL_ONE,
            dst_alpha: GL_ZERO,
            equation_rgb: GL_FUNC_ADD,
            equation_alpha: GL_FUNC_ADD,
            color_mask: 0xF,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct BlendState {
    pub targets: Vec<BlendTarget>,
    pub color: [f32; 4],
    /// glLogicOp's operation (applied while GL_COLOR_LOGIC_OP is enabled).
    pub logic_op: GLenum,
}

impl BlendState {
    pub fn new(draw_buffers: usize) -> Self {
        BlendState { targets: vec![BlendTarget::default(); draw_buffers.max(1)], color: [0.0; 4], logic_op: GL_COPY }
    }
}

/// Whether `f` is a blend factor; the dual-source ones only where `dual_source` is offered.
fn is_blend_factor(f: GLenum, dual_source: bool) -> bool {
    if is_dual_source_factor(f) {
        return dual_source;
    }
    matches!(
        f,
        GL_ZERO
            | GL_ONE
            | GL_SRC_COLOR
            | GL_ONE_MINUS_SRC_COLOR
            | GL_DST_COLOR
            | GL_ONE_MINUS_DST_COLOR
            | GL_SRC_ALPHA
            | GL_ONE_MINUS_SRC_ALPHA
            | GL_DST_ALPHA
            | GL_ONE_MINUS_DST_ALPHA
            | GL_CONSTANT_COLOR
            | GL_ONE_MINUS_CONSTANT_COLOR
            | GL_CONSTANT_ALPHA
            | GL_ONE_MINUS_CONSTANT_ALPHA
            | GL_SRC_ALPHA_SATURATE
    )
}

fn is_blend_equation(e: GLenum) -> bool {
    matches!(e, GL_FUNC_ADD | GL_FUNC_SUBTRACT | GL_FUNC_REVERSE_SUBTRACT | GL_MIN | GL_MAX)
}

impl ContextState {
    /// The draw buffers a blend command changes: all, or buffer `index` (INVALID_VALUE
    /// when out of range).
    fn blend_targets(&mut self, index: Option<GLuint>) -> Option<std::ops::Range<usize>> {
        let n = self.state.blend.targets.len();
        match index {
            None => Some(0..n),
            Some(i) if (i as usize) < n => Some(i as usize..i as usize + 1),
            Some(_) => {
                self.record_error(GL_INVALID_VALUE);
                None
            }
        }
    }

    pub(crate) fn gl_blend_func_separate(&mut self, index: Option<GLuint>, src_rgb: GLenum, dst_rgb: GLenum, src_alpha: GLenum, dst_alpha: GLenum) {
        let Some(range) = self.blend_targets(index) else { return };
        let dual_source = self.dual_source_blend_offered();
        let valid = [src_rgb, dst_rgb, src_alpha, dst_alpha].into_iter().all(|f| is_blend_factor(f, dual_source));
        if !self.check(valid, GL_INVALID_ENUM) {
            return;
        }
        for t in &mut self.state.blend.targets[range] {
            (t.src_rgb, t.dst_rgb, t.src_alpha, t.dst_alpha) = (src_rgb, dst_rgb, src_alpha, dst_alpha);
        }
        self.state.dirty.insert(Dirty::BLEND);
    }

    pub(crate) fn gl_blend_equation_separate(&mut self, index: Option<GLuint>, rgb: GLenum, alpha: GLenum) {
        let Some(range) = self.blend_targets(index) else { return };
        if !self.check(is_blend_equation(rgb) && is_blend_equation(alpha), GL_INVALID_ENUM) {
            return;
        }
        for t in &mut self.state.blend.targets[range] {
            (t.equation_rgb, t.equation_alpha) = (rgb, alpha);
        }
        self.state.dirty.insert(Dirty::BLEND);
    }

    pub(crate) fn gl_blend_color(&mut self, r: GLfloat, g: GLfloat, b: GLfloat, a: GLfloat) {
        self.state.blend.color = [r, g, b, a];
        self.state.dirty.insert(Dirty::BLEND);
    }

    pub(crate) fn gl_color_mask(&mut self, r: GLboolean, g: GLboolean, b: GLboolean, a: GLboolean) {
        let mask = (r != 0) as u8 | ((g != 0) as u8) << 1 | ((b != 0) as u8) << 2 | ((a != 0) as u8) << 3;
        for t in &mut self.state.blend.targets {
            t.color_mask = mask;
        }
        self.state.dirty.insert(Dirty::BLEND);
    }

    pub(crate) fn gl_color_maski(&mut self, index: GLuint, r: GLboolean, g: GLboolean, b: GLboolean, a: GLboolean) {
        if !self.check((index as usize) < self.state.blend.targets.len(), GL_INVALID_VALUE) {
            return;
        }
        let mask = (r != 0) as u8 | ((g != 0) as u8) << 1 | ((b != 0) as u8) << 2 | ((a != 0) as u8) << 3;
        self.state.blend.targets[index as usize].color_mask = mask;
        self.state.dirty.insert(Dirty::BLEND);
    }

    pub(crate) fn gl_logic_op(&mut self, op: GLenum) {
        if !self.check((GL_CLEAR..=GL_SET).contains(&op), GL_INVALID_ENUM) {
            return;
        }
        self.state.blend.logic_op = op;
        self.state.dirty.insert(Dirty::BLEND);
    }
}
