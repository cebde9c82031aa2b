//! Which clip planes clip is GL state (glEnable(GL_CLIP_DISTANCEi)), and in the
//! compatibility profile a plane may come from glClipPlane instead of the shader. Vulkan
//! clips against every ClipDistance element the shader writes, so the last
//! pre-rasterisation stage ends (at every exit, or before every EmitVertex) by rewriting
//! its clip distances from a small block of state the draw path keeps current:
//! - a shader that writes gl_ClipDistance keeps its value for enabled planes and writes
//!   max(value, 0) (never clipped) for disabled ones; distances it never writes are 0;
//! - a shader that writes gl_ClipVertex gets one distance per plane,
//!   dot(plane, gl_ClipVertex), with the planes in eye space; gl_ClipVertex becomes a
//!   private global;
//! - when asked, a shader that writes neither clips gl_Position against the planes the
//!   draw path gives in clip space.
//!
//! Reading the enables at run time keeps one pipeline for every combination of planes.

use crate::arena::Handle;
use crate::builder::Builder;
use crate::shader::Shader;
use crate::types::{StructMember, Type, ValueType};
use crate::validate::debug_validate;
use crate::variable::{Builtin, Variable, VariableMode};

/// GL_MAX_CLIP_PLANES and GL_MAX_CLIP_DISTANCES.
pub const MAX_CLIP_PLANES: u32 = 8;

/// Where the clip state lives: a uniform buffer holding a 32-bit mask of enabled planes
/// and `MAX_CLIP_PLANES` vec4 plane equations (16 bytes apart).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClipPlaneState {
    pub set: u32,
    pub binding: u32,
    pub enables_offset: u32,
    pub planes_offset: u32,
    /// With no gl_ClipDistance and no gl_ClipVertex written, clip gl_Position against the
    /// planes (the compatibility profile's rule).
    pub clip_position: bool,
}

/// What the distances are computed from.
enum Source {
    /// The shader's own gl_ClipDistance, of this many elements.
    Distances(Handle<Variable>, u32),
    /// dot(plane, v) with v a vec4 variable (gl_ClipVertex made private, or gl_Position).
    Planes(Handle<Variable>),
}

/// Rewrites the clip distances of the last pre-rasterisation stage; returns whether the
/// shader changed.
pub fn lower_user_clip_planes(shader: &mut Shader, state: &ClipPlaneState) -> bool {
    if !shader.stage.is_pre_rasterization() || shader.entry.is_none() {
        return false;
    }
    let distances = super::find_builtin(shader, Builtin::ClipDistance, VariableMode::ShaderOut);
    let clip_vertex = super::find_builtin(shader, Builtin::ClipVertex, VariableMode::ShaderOut);
    if let Some(cv) = clip_vertex {
        super::set_variable_mode(shader, cv, VariableMode::GlobalPrivate);
        shader.variables[cv].builtin = None;
    }
    let source = match (distances, clip_vertex) {
        (Some(d), _) => match shader.types[shader.variables[d].ty] {
            Type::Array { length: Some(n), .. } => Source::Distances(d, n.min(MAX_CLIP_PLANES)),
            _ => return clip_vertex.is_some(),
        },
        (None, Some(cv)) => Source::Planes(cv),
        // A fragment shader reading gl_CullDistance finds it after the clip distances
        // the previous stage wrote: added ones would move it.
        (None, None) if state.clip_position && super::find_builtin(shader, Builtin::CullDistance, VariableMode::ShaderOut).is_none() => {
            match super::find_builtin(shader, Builtin::Position, VariableMode::ShaderOut) {
                Some(p) => Source::Planes(p),
                None => return false,
            }
        }
        (None, None) => return false,
    };
    let (distances, count) = match source {
        Source::Distances(d, n) => (d, n),
        Source::Planes(_) => {
            // Clip and cull distances share MAX_CLIP_PLANES slots.
            let culls = super::find_builtin(shader, Builtin::CullDistance, VariableMode::ShaderOut)
                .map_or(0, |c| match shader.types[shader.variables[c].ty] {
                    Type::Array { length: Some(n), .. } => n,
                    _ => 0,
                });
            let planes = MAX_CLIP_PLANES.saturating_sub(culls);
            if planes == 0 {
                return clip_vertex.is_some();
            }
            let f32_ty = shader.add_type(Type::Vector(ValueType::F32));
            let ty = shader.add_type(Type::Array { element: f32_ty, length: Some(planes), stride: None });
            let var = Variable::new("gl_ClipDistance", ty, VariableMode::ShaderOut).with_builtin(Builtin::ClipDistance);
            (shader.add_variable(var), planes)
        }
    };
    if let Source::Distances(d, n) = source {
        // A distance the shader never writes does not clip: start every one at 0.
        let entry = shader.entry.expect("checked above");
        if let Some(first) = shader.functions[entry].blocks_in_order().into_iter().next() {
            let mut b = Builder::at(shader, entry, first, 0);
            let zero = b.imm_f32(0.0);
            let array = b.deref_var(d);
            for i in 0..n {
                let e = b.deref_array_imm(array, i);
                b.store_deref(e, zero);
            }
        }
    }
    let (block, enables_member, planes_member) = clip_state_block(shader, state);
    let epilogue = |b: &mut Builder| {
        let root = b.deref_var(block);
        let enables_ref = b.deref_struct(root, enables_member);
        let enables = b.load_deref(enables_ref);
        let planes = b.deref_struct(root, planes_member);
        let zero_f = b.imm_f32(0.0);
        let zero_u = b.imm_u32(0);
        let vertex = match source {
            Source::Planes(v) => Some(b.load_var(v)),
            Source::Distances(..) => None,
        };
        let out = b.deref_var(distances);
        for i in 0..count {
            let element = b.deref_array_imm(out, i);
            let value = match vertex {
                Some(v) => {
                    let plane_ref = b.deref_array_imm(planes, i);
                    let plane = b.load_deref(plane_ref);
                    b.fdot(plane, v)
                }
                None => b.load_deref(element),
            };
            // A disabled plane must not clip; a shader's own distance keeps its value
            // where that is already >= 0, for a fragment shader that reads it.
            let disabled = match vertex {
                Some(_) => zero_f,
                None => b.fmax(value, zero_f),
            };
            let bit = b.imm_u32(1 << i);
            let masked = b.iand(enables, bit);
            let enabled = b.ine(masked, zero_u);
            let d = b.select(enabled, value, disabled);
            b.store_deref(element, d);
        }
    };
    super::at_vertex_ends(shader, epilogue);
    debug_validate(shader, "lower_user_clip_planes");
    true
}

/// A uniform-buffer variable over the clip state (it may alias another block's binding),
/// with the member indices of the mask and of the planes.
fn clip_state_block(shader: &mut Shader, state: &ClipPlaneState) -> (Handle<Variable>, u32, u32) {
    let uint = shader.add_type(Type::Vector(ValueType::U32));
    let vec4 = shader.add_type(Type::Vector(ValueType::VEC4));
    let planes = shader.add_type(Type::Array { element: vec4, length: Some(MAX_CLIP_PLANES), stride: Some(16) });
    let member = |name: &str, ty, offset| StructMember {
        name: name.into(),
        ty,
        offset: Some(offset),
        matrix_stride: None,
        row_major: false,
    };
    let mut members = vec![member("enables", uint, state.enables_offset), member("planes", planes, state.planes_offset)];
    // Members in offset order, as block layouts want them.
    let swapped = state.planes_offset < state.enables_offset;
    if swapped {
        members.swap(0, 1);
    }
    let ty = shader.add_type(Type::Struct { name: "gl_ClipPlaneState".into(), members });
    let var = Variable::new("gl_ClipPlaneState", ty, VariableMode::Ubo).with_binding(state.set, state.binding);
    let var = shader.add_variable(var);
    if swapped {
        (var, 1, 0)
    } else {
        (var, 0, 1)
    }
}
