//! glClampColor in the shader: GL_CLAMP_FRAGMENT_COLOR clamps what a fragment shader
//! writes to its colour outputs, GL_CLAMP_VERTEX_COLOR what the last pre-rasterisation
//! stage writes to the compatibility colour varyings, each to [0, 1]. Each such output
//! becomes a private global and its clamped value is copied to the real output where the
//! stage finishes (every exit of a fragment shader, every vertex end of the others), so
//! the shader itself still reads back what it wrote, unclamped.

use crate::arena::Handle;
use crate::builder::Builder;
use crate::shader::{Shader, Stage};
use crate::types::{BaseType, Type};
use crate::validate::debug_validate;
use crate::variable::{Builtin, Variable, VariableMode};

/// Clamps the colour outputs: every floating-point colour output of a fragment shader, or
/// in another stage the outputs at `color_locations` (gl_FrontColor and its kin). Returns
/// whether any output was clamped.
pub fn lower_clamp_color_outputs(shader: &mut Shader, color_locations: &[u32]) -> bool {
    let fragment = shader.stage == Stage::Fragment;
    let chosen: Vec<(Handle<Variable>, Option<u32>)> = shader
        .variables
        .iter()
        .filter(|(_, v)| v.mode == VariableMode::ShaderOut)
        .filter(|(_, v)| {
            if fragment {
                v.builtin.is_none() || v.builtin == Some(Builtin::FragColor)
            } else {
                v.builtin.is_none() && v.location.is_some_and(|l| color_locations.contains(&l))
            }
        })
        .filter_map(|(h, v)| float_shape(shader, v.ty).map(|elements| (h, elements)))
        .collect();
    if chosen.is_empty() || shader.entry.is_none() {
        return false;
    }
    // (unclamped private value, real output, array length if an array)
    let mut pairs = Vec::new();
    for (var, elements) in chosen {
        let output = super::output_behind_private(shader, var, "unclamped");
        pairs.push((var, output, elements));
    }
    let copy_clamped = |b: &mut Builder| {
        for &(private, output, elements) in &pairs {
            let (from, to) = (b.deref_var(private), b.deref_var(output));
            match elements {
                None => copy_one_clamped(b, from, to),
                Some(n) => {
                    for i in 0..n {
                        let (f, t) = (b.deref_array_imm(from, i), b.deref_array_imm(to, i));
                        copy_one_clamped(b, f, t);
                    }
                }
            }
        }
    };
    if fragment {
        let entry = shader.entry.expect("checked above");
        super::at_function_exits(shader, entry, copy_clamped);
    } else {
        super::at_vertex_ends(shader, copy_clamped);
    }
    debug_validate(shader, "lower_clamp_color_outputs");
    true
}

fn copy_one_clamped(b: &mut Builder, from: crate::instr::Value, to: crate::instr::Value) {
    let value = b.load_deref(from);
    let clamped = b.fsat(value);
    b.store_deref(to, clamped);
}

/// `Some(None)` for a floating-point vector, `Some(Some(n))` for an array of `n` of them,
/// `None` for anything else (integer outputs, structs, unsized arrays) which no clamp
/// applies to.
fn float_shape(shader: &Shader, ty: Handle<Type>) -> Option<Option<u32>> {
    let is_float = |ty: Handle<Type>| matches!(&shader.types[ty], Type::Vector(vt) if vt.base == BaseType::Float && vt.bits == 32);
    match &shader.types[ty] {
        Type::Vector(_) => is_float(ty).then_some(None),
        Type::Array { element, length: Some(n), .. } => is_float(*element).then_some(Some(*n)),
        _ => None,
    }
}
