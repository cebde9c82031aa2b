//! GL's clip-space depth is [-w, w]; Vulkan's is [0, w]. Without depth clip control the
//! last pre-rasterisation stage ends with z = (z + w) / 2: before every EmitVertex in a
//! geometry shader, at every exit of the entry point otherwise.

use crate::builder::Builder;
use crate::shader::Shader;
use crate::types::{Type, ValueType};
use crate::validate::debug_validate;
use crate::variable::{Builtin, VariableMode};

/// Remaps gl_Position.z; call only for the last pre-rasterisation stage. Returns whether
/// the shader writes a position (and so changed).
pub fn lower_clip_control(shader: &mut Shader) -> bool {
    if !shader.stage.is_pre_rasterization() {
        return false;
    }
    let Some(pos) = super::find_builtin(shader, Builtin::Position, VariableMode::ShaderOut) else {
        return false;
    };
    if shader.types[shader.variables[pos].ty] != Type::Vector(ValueType::VEC4) {
        return false;
    }
    let remap = |b: &mut Builder| {
        let d = b.deref_var(pos);
        let p = b.load_deref(d);
        let x = b.channel(p, 0);
        let y = b.channel(p, 1);
        let z = b.channel(p, 2);
        let w = b.channel(p, 3);
        let sum = b.fadd(z, w);
        let half = b.imm_f32(0.5);
        let new_z = b.fmul(sum, half);
        let v = b.compose(&[x, y, new_z, w]);
        b.store_deref(d, v);
    };
    let changed = super::at_vertex_ends(shader, remap);
    debug_validate(shader, "lower_clip_control");
    changed
}
