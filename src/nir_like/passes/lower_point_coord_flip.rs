//! gl_PointCoord's t runs from the top of the point with GL's default UPPER_LEFT sprite
//! origin. Images are stored in GL's row order, so Vulkan's PointCoord runs from the
//! bottom: with the UPPER_LEFT origin every load becomes (s, 1 - t).

use crate::shader::{Shader, Stage};
use crate::validate::debug_validate;
use crate::variable::Builtin;

/// Flips gl_PointCoord.t; call when GL_POINT_SPRITE_COORD_ORIGIN is GL_UPPER_LEFT.
pub fn lower_point_coord_flip(shader: &mut Shader) -> bool {
    if shader.stage != Stage::Fragment {
        return false;
    }
    let progress = super::rewrite_builtin_loads(shader, Builtin::PointCoord, |b, pc| {
        let s = b.channel(pc, 0);
        let t = b.channel(pc, 1);
        let one = b.imm_f32(1.0);
        let flipped = b.fsub(one, t);
        b.compose(&[s, flipped])
    });
    if progress {
        debug_validate(shader, "lower_point_coord_flip");
    }
    progress
}
