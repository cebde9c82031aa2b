//! ARB_fragment_coord_conventions' `pixel_center_integer`: gl_FragCoord.xy at integers
//! instead of half-integers. Vulkan only has half-integer centres, so loads subtract 0.5.
//! (The origin needs no change: images are stored in GL's row order.)

use crate::shader::{Shader, Stage};
use crate::validate::debug_validate;
use crate::variable::Builtin;

pub fn lower_frag_coord_conventions(shader: &mut Shader) -> bool {
    if shader.stage != Stage::Fragment || !shader.info.fragment.pixel_center_integer {
        return false;
    }
    let progress = super::rewrite_builtin_loads(shader, Builtin::FragCoord, |b, coord| {
        let half = b.imm_vec(&[0.5, 0.5, 0.0, 0.0]);
        b.fsub(coord, half)
    });
    shader.info.fragment.pixel_center_integer = false;
    if progress {
        debug_validate(shader, "lower_frag_coord_conventions");
    }
    progress
}
