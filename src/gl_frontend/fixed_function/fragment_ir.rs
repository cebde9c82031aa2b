//! GL's fixed-function fragment processing as nir_like IR, built from the state key: the
//! primary colour (the back colour on back faces with two-sided lighting), each enabled
//! texture unit combined by its GL_TEXTURE_ENV_MODE (REPLACE, MODULATE, DECAL, BLEND, ADD),
//! the colour sum, fog (linear, exp, exp2) and the alpha test.
//!
//! GL_COMBINE (ARB_texture_env_combine, ARB_texture_env_dot3, ARB_texture_env_crossbar)
//! reads any unit's texel: every enabled unit is sampled before the units are combined, and
//! its settings are uniforms read by `combine_stage`, so they never select a program.
//!
//! Texels arrive spread by their base format (luminance (L, L, L, 1), alpha (0, 0, 0, A),
//! intensity (I, I, I, I)); `combine` corrects the functions where GL's table for that
//! base format differs from the RGBA one.

use nir_like::{AluOp, Builtin, ImageDim, Interpolation, Shader, Stage, Type, Value, ValueType, Variable, VariableMode};

use super::combine_stage;
use super::ir::Gen;
use super::key::{FixedFunctionKey, PixelKind, TexTarget, TEXTURE_UNITS};
use super::uniforms::{offsets, uniforms_of, PIXEL_RECT};
use super::vertex_ir::color_interpolation;
use glsl::link_compat_varyings::{CompatVarying, CompatVaryingLocations};
use crate::types::enums::*;
use crate::types::GLenum;

/// A point sprite's texture coordinates (s, t, 0, 1). gl_PointCoord is lowered for the
/// default GL_UPPER_LEFT origin; the lower-left origin turns t over again.
fn sprite_coord(g: &mut Gen, lower_left: bool) -> Value {
    let vec2_ty = g.b.value_type_handle(ValueType::VEC2);
    let var = g.b.builtin("gl_PointCoord", vec2_ty, VariableMode::ShaderIn, Builtin::PointCoord);
    let pc = g.b.load_var(var);
    let s = g.b.channel(pc, 0);
    let t = g.b.channel(pc, 1);
    let t = if lower_left {
        let one = g.f(1.0);
        g.sub(one, t)
    } else {
        t
    };
    let zero = g.f(0.0);
    let one = g.f(1.0);
    g.b.compose(&[s, t, zero, one])
}

/// Sampler uniforms are named this plus their texture unit.
pub const SAMPLER_PREFIX: &str = "galvan_texture";

/// The compatibility varying `name` read at `location`; where the vertex stage has no
/// place for it (a GLSL or ARB stage that does not write it), GL leaves it undefined and
/// it reads as (0, 0, 0, 1).
fn read_varying(g: &mut Gen, name: &str, location: Option<u32>, interpolation: Interpolation) -> Value {
    match location {
        Some(location) => g.input(name, location, interpolation),
        None => g.vec4([0.0, 0.0, 0.0, 1.0]),
    }
}

/// The fragment stage of `key`, reading the varyings where `locations` places them, and
/// its samplers as (texture unit, sampler index, target).
pub fn build(key: &FixedFunctionKey, locations: &CompatVaryingLocations) -> (Shader, Vec<(u32, u32, GLenum)>) {
    let mut shader = Shader::new(Stage::Fragment);
    shader.info.fragment.uses_discard = key.alpha_test.is_some() || key.pixel_rectangle == Some(PixelKind::Bitmap);
    let uniforms = uniforms_of(key);
    let (offsets, _) = offsets(&uniforms);
    let mut g = Gen::new(&mut shader, &uniforms, &offsets);
    let interpolation = color_interpolation(key);
    let two_side = key.lighting.is_some_and(|l| l.two_side);

    let front = read_varying(&mut g, "gl_Color", locations.location(CompatVarying::Color), interpolation);
    let front_secondary = read_varying(&mut g, "gl_SecondaryColor", locations.location(CompatVarying::SecondaryColor), interpolation);
    let (mut c, secondary) = if two_side {
        let back = read_varying(&mut g, "gl_BackColor", locations.location(CompatVarying::BackColor), interpolation);
        let back_secondary = read_varying(&mut g, "gl_BackSecondaryColor", locations.location(CompatVarying::BackSecondaryColor), interpolation);
        let bool_ty = g.b.ty(Type::Vector(ValueType::BOOL));
        let facing_var = g.b.builtin("gl_FrontFacing", bool_ty, VariableMode::ShaderIn, Builtin::FrontFacing);
        let facing = g.b.load_var(facing_var);
        let c = g.select(facing, front, back);
        let s = g.select(facing, front_secondary, back_secondary);
        (c, s)
    } else {
        (front, front_secondary)
    };
    let mut samplers = Vec::new();
    if let Some(kind) = key.pixel_rectangle {
        c = pixel_rectangle(&mut g, kind, c, &mut samplers);
    }
    let primary = c;

    let mut texels: [Option<Value>; TEXTURE_UNITS] = [None; TEXTURE_UNITS];
    let sprite_tc = key.point_sprite.map(|sprite| sprite_coord(&mut g, sprite.lower_left));
    for unit in 0..TEXTURE_UNITS {
        let Some(tex) = key.textures[unit] else { continue };
        let index = samplers.len() as u32;
        let (dim, gl_target) = match tex.target {
            TexTarget::T1D => (ImageDim::D1, GL_TEXTURE_1D),
            TexTarget::T2D => (ImageDim::D2, GL_TEXTURE_2D),
            TexTarget::T3D => (ImageDim::D3, GL_TEXTURE_3D),
            TexTarget::Cube => (ImageDim::Cube, GL_TEXTURE_CUBE_MAP),
        };
        samplers.push((unit as u32, index, gl_target));
        let sampler_ty = g.b.ty(Type::Sampler { dim, arrayed: false, shadow: false, multisampled: false, sampled: nir_like::BaseType::Float });
        let var = g.b.variable(Variable::new(format!("{SAMPLER_PREFIX}{unit}"), sampler_ty, VariableMode::Image).with_binding(0, crate::draw_path::descriptor_arrays::SAMPLER_BINDING_BASE + index));
        let tc = match (key.point_sprite, sprite_tc) {
            (Some(sprite), Some(tc)) if sprite.coord_replace & (1 << unit) != 0 => tc,
            _ => read_varying(&mut g, &format!("gl_TexCoord{unit}"), locations.tex_coord(unit as u32), Interpolation::Smooth),
        };
        // Projective lookups divide by q; cube maps use the direction as given.
        let coord = match tex.target {
            TexTarget::Cube => g.xyz(tc),
            _ => {
                let q = g.w(tc);
                let n = if tex.target == TexTarget::T1D { 1 } else if tex.target == TexTarget::T2D { 2 } else { 3 };
                let take: Vec<u8> = (0..n).collect();
                let part = if n == 1 { g.x(tc) } else { g.b.swizzle(tc, &take) };
                if n == 1 {
                    g.div(part, q)
                } else {
                    let qs = g.b.splat(q, n);
                    g.div(part, qs)
                }
            }
        };
        let sampler = g.b.deref_var(var);
        let t = g.b.texture(sampler, coord);
        texels[unit] = Some(t);
    }
    for unit in 0..TEXTURE_UNITS {
        let (Some(tex), Some(t)) = (key.textures[unit], texels[unit]) else { continue };
        c = if combine_stage::is_combine_mode(tex.env_mode) {
            let constant = g.uniform("galvan_TexEnvColor", unit as u32);
            let sources = combine_stage::Sources { texels: &texels, previous: c, primary, constant };
            combine_stage::combine_stage(&mut g, unit, &sources)
        } else {
            combine(&mut g, tex.env_mode, tex.base_format, c, t, primary, unit)
        };
    }

    let separate_specular = key.lighting.is_some_and(|l| l.separate_specular);
    if key.color_sum || separate_specular {
        let s3 = g.xyz(secondary);
        let c3 = g.xyz(c);
        let sum = g.add(c3, s3);
        let a = g.w(c);
        let sum = g.rgb_a(sum, a);
        c = g.sat(sum);
    }

    if let Some(fog) = key.fog {
        let params = g.uniform("galvan_Fog", 1);
        let color = g.uniform("galvan_Fog", 0);
        let z4 = read_varying(&mut g, "gl_FogFragCoord", locations.location(CompatVarying::FogFragCoord), Interpolation::Smooth);
        let z = g.x(z4);
        let f = match fog.mode {
            GL_LINEAR => {
                let end = g.b.channel(params, 2);
                let scale = g.w(params);
                let d = g.sub(end, z);
                g.mul(d, scale)
            }
            mode => {
                let density = g.x(params);
                let dz = g.mul(density, z);
                let e = if mode == GL_EXP2 { g.mul(dz, dz) } else { dz };
                let ne = g.b.alu(AluOp::Fneg, &[e]);
                g.b.alu(AluOp::Fexp, &[ne])
            }
        };
        let f = g.sat(f);
        let c3 = g.xyz(c);
        let fog3 = g.xyz(color);
        let f3 = g.b.splat(f, 3);
        let mixed = g.b.alu(AluOp::Fmix, &[fog3, c3, f3]);
        let a = g.w(c);
        c = g.rgb_a(mixed, a);
    }

    if let Some(func) = key.alpha_test {
        let reference = g.uniform("galvan_AlphaRef", 0);
        let reference = g.x(reference);
        let a = g.w(c);
        let pass = match func {
            GL_NEVER => g.b.imm_bool(false),
            GL_LESS => g.lt(a, reference),
            GL_EQUAL => g.eq(a, reference),
            GL_LEQUAL => g.b.alu(AluOp::Fge, &[reference, a]),
            GL_GREATER => g.lt(reference, a),
            GL_NOTEQUAL => g.b.alu(AluOp::Fneu, &[a, reference]),
            GL_GEQUAL => g.ge(a, reference),
            _ => g.b.imm_bool(true),
        };
        let fail = g.b.alu(AluOp::Bnot, &[pass]);
        g.b.if_then(fail, |b| b.discard());
    }

    let vec4_ty = g.b.value_type_handle(ValueType::VEC4);
    let out = g.b.builtin("gl_FragColor", vec4_ty, VariableMode::ShaderOut, Builtin::FragColor);
    g.b.store_var(out, c);
    drop(g);
    (shader, samplers)
}

/// The texture unit number under which a pixel rectangle's image is bound: no GL unit.
pub const PIXEL_RECTANGLE_UNIT: u32 = u32::MAX;

/// A pixel rectangle's fragment: the image texel under the fragment (window offset from
/// the rectangle's origin over the zoomed size, sampled nearest). Colour images replace
/// the incoming colour `c`, depth images the fragment depth; a bitmap's 0 bits discard.
fn pixel_rectangle(g: &mut Gen, kind: PixelKind, c: Value, samplers: &mut Vec<(u32, u32, GLenum)>) -> Value {
    let index = samplers.len() as u32;
    samplers.push((PIXEL_RECTANGLE_UNIT, index, GL_TEXTURE_2D));
    let sampler_ty = g.b.ty(Type::Sampler { dim: ImageDim::D2, arrayed: false, shadow: false, multisampled: false, sampled: nir_like::BaseType::Float });
    let var = g.b.variable(Variable::new(format!("{SAMPLER_PREFIX}{PIXEL_RECTANGLE_UNIT}"), sampler_ty, VariableMode::Image).with_binding(0, crate::draw_path::descriptor_arrays::SAMPLER_BINDING_BASE + index));
    let vec4_ty = g.b.value_type_handle(ValueType::VEC4);
    let frag_coord_var = g.b.builtin("gl_FragCoord", vec4_ty, VariableMode::ShaderIn, Builtin::FragCoord);
    let frag_coord = g.b.load_var(frag_coord_var);
    let rect = g.uniform(PIXEL_RECT, 0);
    let xy = g.b.swizzle(frag_coord, &[0, 1]);
    let origin = g.b.swizzle(rect, &[0, 1]);
    let factors = g.b.swizzle(rect, &[2, 3]);
    let offset = g.sub(xy, origin);
    let coord = g.mul(offset, factors);
    let sampler = g.b.deref_var(var);
    let texel = g.b.texture(sampler, coord);
    match kind {
        PixelKind::Color => texel,
        PixelKind::Depth => {
            let float_ty = g.b.value_type_handle(ValueType::F32);
            let depth_var = g.b.builtin("gl_FragDepth", float_ty, VariableMode::ShaderOut, Builtin::FragDepth);
            let depth = g.x(texel);
            g.b.store_var(depth_var, depth);
            c
        }
        PixelKind::Bitmap => {
            let bit = g.x(texel);
            let half = g.f(0.5);
            let clear = g.lt(bit, half);
            g.b.if_then(clear, |b| b.discard());
            c
        }
    }
}

/// GL_TEXTURE_ENV_MODE's function of the incoming colour `c` and the texel `t`.
fn combine(g: &mut Gen, mode: GLenum, base: GLenum, c: Value, t: Value, _primary: Value, unit: usize) -> Value {
    match (mode, base) {
        // An alpha texture leaves the colour alone; one without alpha leaves the alpha.
        (GL_REPLACE | GL_MODULATE, GL_ALPHA) => {
            let (c3, ca, ta) = (g.xyz(c), g.w(c), g.w(t));
            let a = if mode == GL_REPLACE { ta } else { g.mul(ca, ta) };
            g.rgb_a(c3, a)
        }
        (GL_REPLACE, GL_RGB | GL_LUMINANCE) => {
            let (t3, ca) = (g.xyz(t), g.w(c));
            g.rgb_a(t3, ca)
        }
        // Intensity blends and adds its alpha like its colour.
        (GL_BLEND, GL_INTENSITY) => {
            let env = g.uniform("galvan_TexEnvColor", unit as u32);
            g.b.alu(AluOp::Fmix, &[c, env, t])
        }
        (GL_ADD, GL_INTENSITY) => {
            let v = g.add(c, t);
            g.sat(v)
        }
        (mode, _) => combine_rgba(g, mode, c, t, unit),
    }
}

/// GL_TEXTURE_ENV_MODE's function for an RGBA texture.
fn combine_rgba(g: &mut Gen, mode: GLenum, c: Value, t: Value, unit: usize) -> Value {
    let c3 = g.xyz(c);
    let t3 = g.xyz(t);
    let ca = g.w(c);
    let ta = g.w(t);
    match mode {
        GL_REPLACE => t,
        GL_DECAL => {
            let ta3 = g.b.splat(ta, 3);
            let rgb = g.b.alu(AluOp::Fmix, &[c3, t3, ta3]);
            g.rgb_a(rgb, ca)
        }
        GL_ADD => {
            let rgb = g.add(c3, t3);
            let a = g.mul(ca, ta);
            let v = g.rgb_a(rgb, a);
            g.sat(v)
        }
        GL_BLEND => {
            // rgb = mix(Cf, Cc, Ct), a = Af * At.
            let env = g.uniform("galvan_TexEnvColor", unit as u32);
            let env3 = g.xyz(env);
            let rgb = g.b.alu(AluOp::Fmix, &[c3, env3, t3]);
            let a = g.mul(ca, ta);
            g.rgb_a(rgb, a)
        }
        _ => g.mul(c, t),
    }
}
