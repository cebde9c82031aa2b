//! GL's clip-space depth is [-w, w]; Vulkan's is [0, w]. Without depth clip control the
//! last pre-rasterisation stage ends with z = (z + w) / 2: before every EmitVertex in a
//! geometry shader, at every exit of the entry point otherwise.
//!
//! glClipControl(..., GL_ZERO_TO_ONE) already gives Vulkan's range, so where the depth
//! mode is draw-time state the epilogue reads it from a small block the draw path keeps
//! current: z = z * scale + w * bias, with (scale, bias) = (0.5, 0.5) for GL's
//! [-1, 1] and (1, 0) for [0, 1]. One pipeline serves both modes.

use crate::builder::Builder;
use crate::shader::Shader;
use crate::types::{Type, ValueType};
use crate::validate::debug_validate;
use crate::variable::{Builtin, VariableMode};

/// Where the depth mode lives: a uniform buffer holding, at `offset`, a vec2 of
/// (scale, bias) for z = z * scale + w * bias.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClipControlState {
    pub set: u32,
    pub binding: u32,
    pub offset: u32,
}

/// Remaps gl_Position.z to (z + w) / 2; call only for the last pre-rasterisation stage.
/// Returns whether the shader writes a position (and so changed).
pub fn lower_clip_control(shader: &mut Shader) -> bool {
    remap_depth(shader, None)
}

/// Remaps gl_Position.z by the depth mode in `state`; call only for the last
/// pre-rasterisation stage. Returns whether the shader writes a position (and so changed).
pub fn lower_clip_control_from_state(shader: &mut Shader, state: &ClipControlState) -> bool {
    remap_depth(shader, Some(state))
}

fn remap_depth(shader: &mut Shader, state: Option<&ClipControlState>) -> bool {
    if !shader.stage.is_pre_rasterization() {
        return false;
    }
    let Some(pos) = super::find_builtin(shader, Builtin::Position, VariableMode::ShaderOut) else {
        return false;
    };
    if shader.types[shader.variables[pos].ty] != Type::Vector(ValueType::VEC4) {
        return false;
    }
    let block = state.map(|s| super::state_block(shader, "gl_ClipControlState", "scale_and_bias", ValueType::VEC2, s.set, s.binding, s.offset));
    let remap = |b: &mut Builder| {
        let d = b.deref_var(pos);
        let p = b.load_deref(d);
        let x = b.channel(p, 0);
        let y = b.channel(p, 1);
        let z = b.channel(p, 2);
        let w = b.channel(p, 3);
        let new_z = match block {
            None => {
                let sum = b.fadd(z, w);
                let half = b.imm_f32(0.5);
                b.fmul(sum, half)
            }
            Some(block) => {
                let root = b.deref_var(block);
                let member = b.deref_struct(root, 0);
                let mode = b.load_deref(member);
                let scale = b.channel(mode, 0);
                let bias = b.channel(mode, 1);
                let scaled = b.fmul(z, scale);
                let shift = b.fmul(w, bias);
                b.fadd(scaled, shift)
            }
        };
        let v = b.compose(&[x, y, new_z, w]);
        b.store_deref(d, v);
    };
    let changed = super::at_vertex_ends(shader, remap);
    debug_validate(shader, "lower_clip_control");
    changed
}

