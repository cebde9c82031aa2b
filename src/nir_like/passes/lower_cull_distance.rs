//! Cull distances on targets without them (ARB_cull_distance emulated): a primitive is
//! dropped when all its vertices are outside one cull plane (distance < 0).
//!
//! The last pre-rasterisation stage keeps gl_CullDistance as a private array and, at
//! every exit (or before every EmitVertex), writes two kinds of vec4 outputs from
//! `CullEmulation::location` on:
//! - the distances themselves (`values`, smooth), for a fragment shader that reads
//!   gl_CullDistance;
//! - per plane, 1 where the vertex is outside and -`INSIDE` where it is inside
//!   (`outside`, noperspective).
//!
//! Interpolating `outside` gives exactly 1 across a primitive whose vertices are all
//! outside one plane, and a negative value wherever an inside vertex has any weight above
//! 1 / `INSIDE`; so the fragment shader, wrapped in a new entry point, discards its
//! fragment when any interpolated `outside` is positive. The primitive is still
//! rasterised, but nothing of it is written.

use crate::arena::Handle;
use crate::builder::Builder;
use crate::function::Function;
use crate::instr::Value;
use crate::shader::{Shader, Stage};
use crate::types::{Type, ValueType};
use crate::validate::debug_validate;
use crate::variable::{Builtin, Interpolation, Variable, VariableMode};

/// How far an inside vertex pulls the interpolated outside flag below zero.
const INSIDE: f32 = 1.0e6;

/// Where the emulation's varyings go, and how many cull distances the last
/// pre-rasterisation stage writes (the fragment shader cannot know it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CullEmulation {
    /// First of 2 * ceil(count / 4) free varying locations.
    pub location: u32,
    /// Cull distances written, 1 to 8.
    pub count: u32,
}

impl CullEmulation {
    /// vec4 locations per kind of output.
    fn vectors(&self) -> u32 {
        self.count.clamp(1, 8).div_ceil(4)
    }
}

/// Emulates cull distances in the last pre-rasterisation stage (`last_pre_rasterization`)
/// or the fragment shader; returns whether the shader changed.
pub fn lower_cull_distance(shader: &mut Shader, emulation: &CullEmulation, last_pre_rasterization: bool) -> bool {
    match shader.stage {
        Stage::Fragment => lower_fragment(shader, emulation),
        s if s.is_pre_rasterization() && last_pre_rasterization => lower_last_vertex_stage(shader, emulation),
        _ => false,
    }
}

fn vec4_varying(shader: &mut Shader, name: String, mode: VariableMode, location: u32, interpolation: Interpolation) -> Handle<Variable> {
    let ty = shader.add_type(Type::Vector(ValueType::VEC4));
    let mut var = Variable::new(name, ty, mode).with_location(location);
    var.interpolation = interpolation;
    shader.add_variable(var)
}

/// Turns the built-in `var` into a private global; returns its length.
fn make_private(shader: &mut Shader, var: Handle<Variable>) -> u32 {
    super::set_variable_mode(shader, var, VariableMode::GlobalPrivate);
    shader.variables[var].builtin = None;
    match shader.types[shader.variables[var].ty] {
        Type::Array { length: Some(n), .. } => n,
        _ => 0,
    }
}

fn lower_last_vertex_stage(shader: &mut Shader, emulation: &CullEmulation) -> bool {
    let Some(cull) = super::find_builtin(shader, Builtin::CullDistance, VariableMode::ShaderOut) else {
        return false;
    };
    let length = make_private(shader, cull);
    let vectors = emulation.vectors();
    let values: Vec<_> = (0..vectors)
        .map(|j| vec4_varying(shader, format!("gl_CullDistance_values{j}"), VariableMode::ShaderOut, emulation.location + j, Interpolation::Smooth))
        .collect();
    let outside: Vec<_> = (0..vectors)
        .map(|j| vec4_varying(shader, format!("gl_CullDistance_outside{j}"), VariableMode::ShaderOut, emulation.location + vectors + j, Interpolation::NoPerspective))
        .collect();
    let epilogue = |b: &mut Builder| {
        let zero = b.imm_f32(0.0);
        let one = b.imm_f32(1.0);
        let inside = b.imm_f32(-INSIDE);
        let array = b.deref_var(cull);
        for j in 0..vectors {
            let mut distances = Vec::new();
            let mut flags = Vec::new();
            for c in 0..4 {
                let i = 4 * j + c;
                if i < length.min(emulation.count) {
                    let e = b.deref_array_imm(array, i);
                    let d = b.load_deref(e);
                    let out = b.flt(d, zero);
                    distances.push(d);
                    flags.push(b.select(out, one, inside));
                } else {
                    distances.push(zero);
                    flags.push(inside);
                }
            }
            let v = b.compose(&distances);
            b.store_var(values[j as usize], v);
            let f = b.compose(&flags);
            b.store_var(outside[j as usize], f);
        }
    };
    super::at_vertex_ends(shader, epilogue);
    debug_validate(shader, "lower_cull_distance");
    true
}

fn lower_fragment(shader: &mut Shader, emulation: &CullEmulation) -> bool {
    let Some(body) = shader.entry else {
        return false;
    };
    let vectors = emulation.vectors();
    let outside: Vec<_> = (0..vectors)
        .map(|j| vec4_varying(shader, format!("gl_CullDistance_outside{j}"), VariableMode::ShaderIn, emulation.location + vectors + j, Interpolation::NoPerspective))
        .collect();
    // The shader's own gl_CullDistance, read from the values.
    let read = super::find_builtin(shader, Builtin::CullDistance, VariableMode::ShaderIn).map(|cull| {
        let length = make_private(shader, cull);
        let values: Vec<_> = (0..vectors)
            .map(|j| vec4_varying(shader, format!("gl_CullDistance_values{j}"), VariableMode::ShaderIn, emulation.location + j, Interpolation::Smooth))
            .collect();
        (cull, length, values)
    });
    // A new entry point: discard a culled fragment, fill gl_CullDistance, run the shader.
    shader.functions[body].name = "main_body".into();
    let entry: Handle<Function> = shader.functions.append(Function::new("main", Vec::new(), None));
    shader.entry = Some(entry);
    let mut b = Builder::new(shader, entry);
    let zero = b.imm_splat(ValueType::VEC4, 0.0);
    let mut culled: Option<Value> = None;
    for &o in &outside {
        let flags = b.load_var(o);
        let positive = b.flt(zero, flags);
        let any = b.bany(positive);
        culled = Some(match culled {
            Some(c) => b.bor(c, any),
            None => any,
        });
    }
    if let Some(culled) = culled {
        b.push_if(culled);
        b.discard();
        b.pop_if();
    }
    if let Some((cull, length, values)) = read {
        let array = b.deref_var(cull);
        let loaded: Vec<Value> = values.iter().map(|&v| b.load_var(v)).collect();
        for i in 0..length.min(4 * vectors) {
            let d = b.channel(loaded[(i / 4) as usize], (i % 4) as u8);
            let e = b.deref_array_imm(array, i);
            b.store_deref(e, d);
        }
    }
    b.call(body, &[]);
    debug_validate(shader, "lower_cull_distance");
    true
}
