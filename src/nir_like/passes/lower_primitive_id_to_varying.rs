//! A fragment shader reading gl_PrimitiveID behind an emulated geometry stage: the
//! vertex shader that draws the emitted vertices cannot write the built-in, so it hands
//! the value on as a flat varying (`build_gs_passthrough_vertex`) and the fragment input
//! moves to that varying's location.

use crate::shader::{Shader, Stage};
use crate::validate::debug_validate;
use crate::variable::{Builtin, Interpolation, VariableMode};

/// Turns the fragment stage's gl_PrimitiveID input into a flat input at `location`;
/// returns whether the shader reads it.
pub fn lower_primitive_id_to_varying(shader: &mut Shader, location: u32) -> bool {
    if shader.stage != Stage::Fragment {
        return false;
    }
    let Some(var) = super::find_builtin(shader, Builtin::PrimitiveId, VariableMode::ShaderIn) else { return false };
    let v = &mut shader.variables[var];
    v.builtin = None;
    v.location = Some(location);
    v.component = None;
    v.interpolation = Interpolation::Flat;
    debug_validate(shader, "lower_primitive_id_to_varying");
    true
}

/// Whether a fragment shader reads gl_PrimitiveID.
pub fn reads_primitive_id(shader: &Shader) -> bool {
    shader.stage == Stage::Fragment && super::find_builtin(shader, Builtin::PrimitiveId, VariableMode::ShaderIn).is_some()
}
