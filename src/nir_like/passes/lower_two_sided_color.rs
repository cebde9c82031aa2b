//! GL_VERTEX_PROGRAM_TWO_SIDE: with it enabled, a back-facing primitive's fragments see
//! the gl_BackColor and gl_BackSecondaryColor the vertex stage wrote as gl_Color and
//! gl_SecondaryColor. Vulkan has no such rule, so the fragment shader reads both colours
//! and picks one by gl_FrontFacing and an enable the draw path keeps current in a uniform
//! buffer (one pipeline serves both settings).

use crate::arena::Handle;
use crate::shader::{Shader, Stage};
use crate::types::{Type, ValueType};
use crate::validate::debug_validate;
use crate::variable::{Builtin, Variable, VariableMode};

/// Where the enable lives (a float at `offset`, non-zero when enabled), and which
/// (front input location, back colour location) pairs the previous stage writes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TwoSidedColorState {
    pub set: u32,
    pub binding: u32,
    pub offset: u32,
    pub colors: Vec<(u32, u32)>,
}

/// Makes the fragment shader's colour inputs pick the back colours of back faces while
/// the enable is set; returns whether the shader changed.
pub fn lower_two_sided_color(shader: &mut Shader, state: &TwoSidedColorState) -> bool {
    if shader.stage != Stage::Fragment || shader.entry.is_none() {
        return false;
    }
    let pairs: Vec<(Handle<Variable>, u32)> = state
        .colors
        .iter()
        .filter_map(|&(front, back)| {
            let var = shader.variables.iter().find(|(_, v)| v.mode == VariableMode::ShaderIn && v.builtin.is_none() && v.location == Some(front))?.0;
            Some((var, back))
        })
        .collect();
    if pairs.is_empty() {
        return false;
    }
    let facing = match super::find_builtin(shader, Builtin::FrontFacing, VariableMode::ShaderIn) {
        Some(v) => v,
        None => {
            let bool_ty = shader.add_type(Type::Vector(ValueType::BOOL));
            shader.add_variable(Variable::new("gl_FrontFacing", bool_ty, VariableMode::ShaderIn).with_builtin(Builtin::FrontFacing))
        }
    };
    let block = super::state_block(shader, "gl_TwoSideState", "enabled", ValueType::F32, state.set, state.binding, state.offset);
    let mut progress = false;
    for (front, location) in pairs {
        // The back colour is interpolated as the front one is declared.
        let mut back = shader.variables[front].clone();
        back.name = format!("{}_back", back.name);
        back.location = Some(location);
        back.initializer = None;
        let back = shader.add_variable(back);
        progress |= super::rewrite_variable_loads(shader, front, |b, front_value| {
            let root = b.deref_var(block);
            let member = b.deref_struct(root, 0);
            let enable = b.load_deref(member);
            let zero = b.imm_f32(0.0);
            let enabled = b.fneu(enable, zero);
            let front_facing = b.load_var(facing);
            let back_facing = b.bnot(front_facing);
            let use_back = b.band(enabled, back_facing);
            let back_value = b.load_var(back);
            b.select(use_back, back_value, front_value)
        });
    }
    debug_validate(shader, "lower_two_sided_color");
    progress
}

