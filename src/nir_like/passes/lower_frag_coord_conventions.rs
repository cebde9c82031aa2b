//! ARB_fragment_coord_conventions (and GLSL 1.50's gl_FragCoord layouts):
//! `pixel_center_integer` puts gl_FragCoord.xy at integers instead of half-integers, and
//! `origin_upper_left` counts y down from the top of the framebuffer.
//!
//! Images are stored in GL's row order, so Vulkan's FragCoord is GL's default (lower-left
//! origin, half-integer centres). Integer centres subtract 0.5; the upper-left origin
//! needs the framebuffer's height, which the draw path keeps current in a uniform buffer
//! (one pipeline serves every framebuffer size).

use crate::shader::{Shader, Stage};
use crate::types::ValueType;
use crate::validate::debug_validate;
use crate::variable::{Builtin, VariableMode};

/// Where the framebuffer height lives: a float at `offset` of the buffer at
/// (`set`, `binding`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FragCoordState {
    pub set: u32,
    pub binding: u32,
    pub offset: u32,
}

/// Rewrites gl_FragCoord loads for the conventions the shader declared; `state` is needed
/// for `origin_upper_left` (without it the origin stays at the lower left). Returns whether
/// the shader changed.
pub fn lower_frag_coord_conventions(shader: &mut Shader, state: Option<&FragCoordState>) -> bool {
    if shader.stage != Stage::Fragment {
        return false;
    }
    let integer = shader.info.fragment.pixel_center_integer;
    let upper_left = shader.info.fragment.origin_upper_left.then_some(state).flatten().copied();
    let reads = super::find_builtin(shader, Builtin::FragCoord, VariableMode::ShaderIn).is_some();
    if !reads || (!integer && upper_left.is_none()) {
        shader.info.fragment.pixel_center_integer = false;
        return false;
    }
    let height_block = upper_left.map(|s| super::state_block(shader, "gl_FragCoordState", "height", ValueType::F32, s.set, s.binding, s.offset));
    let progress = super::rewrite_builtin_loads(shader, Builtin::FragCoord, |b, coord| {
        let mut x = b.channel(coord, 0);
        let mut y = b.channel(coord, 1);
        let z = b.channel(coord, 2);
        let w = b.channel(coord, 3);
        if let Some(block) = height_block {
            let root = b.deref_var(block);
            let member = b.deref_struct(root, 0);
            let height = b.load_deref(member);
            y = b.fsub(height, y);
        }
        if integer {
            let half = b.imm_f32(0.5);
            x = b.fsub(x, half);
            y = b.fsub(y, half);
        }
        b.compose(&[x, y, z, w])
    });
    shader.info.fragment.pixel_center_integer = false;
    if upper_left.is_some() {
        shader.info.fragment.origin_upper_left = false;
    }
    if progress {
        debug_validate(shader, "lower_frag_coord_conventions");
    }
    progress
}
