//! Vulkan takes a point's size only from the PointSize the last pre-rasterisation stage
//! writes, and requires that write whenever points are rasterised. GL takes it from
//! gl_PointSize only while GL_PROGRAM_POINT_SIZE is enabled (always in ES), from
//! glPointSize otherwise. So the stage ends (at every exit, or before every EmitVertex)
//! by writing PointSize from a small block of state the draw path keeps current: the
//! glPointSize value and whether the program's own size is used.
//!
//! Reading the state at run time keeps one pipeline for both settings of the enable.

use crate::shader::{Primitive, Shader, Stage};
use crate::types::{Type, ValueType};
use crate::validate::debug_validate;
use crate::variable::{Builtin, Variable, VariableMode};

/// Where the point-size state lives: a uniform buffer holding, at `offset`, a vec2 of
/// (glPointSize, 1.0 when the shader's gl_PointSize is used else 0.0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PointSizeState {
    pub set: u32,
    pub binding: u32,
    pub offset: u32,
}

/// Whether the stage's vertices may be rasterised as points: a vertex shader's topology
/// is draw-time state; geometry and tessellation shaders say so themselves.
fn may_draw_points(shader: &Shader) -> bool {
    match shader.stage {
        Stage::Vertex => true,
        Stage::Geometry => shader.info.geometry.output_primitive == Primitive::Points,
        Stage::TessEval => shader.info.tess.point_mode,
        _ => false,
    }
}

/// Writes the GL point size to PointSize in the last pre-rasterisation stage; returns
/// whether the shader changed.
pub fn lower_point_size(shader: &mut Shader, state: &PointSizeState) -> bool {
    if !shader.stage.is_pre_rasterization() || shader.entry.is_none() || !may_draw_points(shader) {
        return false;
    }
    let written = super::find_builtin(shader, Builtin::PointSize, VariableMode::ShaderOut);
    let point_size = match written {
        Some(v) => v,
        None => {
            let f32_ty = shader.add_type(Type::Vector(ValueType::F32));
            let var = Variable::new("gl_PointSize", f32_ty, VariableMode::ShaderOut).with_builtin(Builtin::PointSize);
            shader.add_variable(var)
        }
    };
    let block = super::state_block(shader, "gl_PointSizeState", "size_and_enable", ValueType::VEC2, state.set, state.binding, state.offset);
    let epilogue = |b: &mut crate::builder::Builder| {
        let root = b.deref_var(block);
        let member = b.deref_struct(root, 0);
        let values = b.load_deref(member);
        let fixed = b.channel(values, 0);
        let size = match written {
            Some(_) => {
                let own = b.load_var(point_size);
                let flag = b.channel(values, 1);
                let zero = b.imm_f32(0.0);
                let use_own = b.fneu(flag, zero);
                b.select(use_own, own, fixed)
            }
            None => fixed,
        };
        b.store_var(point_size, size);
    };
    super::at_vertex_ends(shader, epilogue);
    debug_validate(shader, "lower_point_size");
    true
}

