//! GL_COMBINE (ARB_texture_env_combine, ARB_texture_env_dot3, ARB_texture_env_crossbar,
//! EXT_texture_env_dot3) and GL_COMBINE4_NV (NV_texture_env_combine4) as one data-driven stage: each unit's functions, sources, operands
//! and scales are a uniform that selects among every operation the extensions define.
//!
//! Sweeping combine state then reuses one program and one pipeline instead of building,
//! compiling and creating a pipeline for every combination; only what shapes the shader
//! (which units are enabled, their targets, that their mode is GL_COMBINE) is in the key.
//! Every operation computes what a shader generated for that one combination computes, so
//! the results are the same bit for bit.

use nir_like::Value;

use super::ir::Gen;
use super::key::TEXTURE_UNITS;
use crate::state::texture_env::{Combine, TexUnitEnv};
use crate::types::enums::*;
use crate::types::GLenum;

/// A unit's combine uniform is named this plus the unit number.
pub const COMBINE_PREFIX: &str = "galvan_TexCombine";

/// vec4s of a combine uniform: (rgb function, rgb scale, alpha function, alpha scale),
/// then the rgb sources, rgb operands, alpha sources and alpha operands (one per argument).
pub const COMBINE_VEC4S: u32 = 5;

/// Whether GL_TEXTURE_ENV_MODE `mode` combines through this stage.
pub fn is_combine_mode(mode: GLenum) -> bool {
    matches!(mode, GL_COMBINE | GL_COMBINE4_NV)
}

/// Function codes are positions in this list.
const FUNCTIONS: [GLenum; 8] = [GL_REPLACE, GL_MODULATE, GL_ADD, GL_ADD_SIGNED, GL_INTERPOLATE, GL_SUBTRACT, GL_DOT3_RGB, GL_DOT3_RGBA];
const FUNCTION_REPLACE: f32 = 0.0;
const FUNCTION_ADD: f32 = 2.0;
const FUNCTION_ADD_SIGNED: f32 = 3.0;
const FUNCTION_INTERPOLATE: f32 = 4.0;
const FUNCTION_SUBTRACT: f32 = 5.0;
const FUNCTION_DOT3_RGB: f32 = 6.0;
const FUNCTION_DOT3_RGBA: f32 = 7.0;
/// GL_COMBINE4_NV's GL_ADD and GL_ADD_SIGNED: a0 * a1 + a2 * a3 (- 0.5).
const FUNCTION_ADD4: f32 = 8.0;
const FUNCTION_ADD_SIGNED4: f32 = 9.0;

/// Operand codes are positions in this list: bit 0 inverts, bit 1 takes the alpha.
const OPERANDS: [GLenum; 4] = [GL_SRC_COLOR, GL_ONE_MINUS_SRC_COLOR, GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA];

/// Source codes: zero (GL_ZERO), the previous unit's colour, the primary colour, the
/// environment colour, then unit n's texel as `SOURCE_TEXEL0 + n`.
const SOURCE_ZERO: f32 = -1.0;
const SOURCE_PREVIOUS: f32 = 0.0;
const SOURCE_PRIMARY: f32 = 1.0;
const SOURCE_CONSTANT: f32 = 2.0;
const SOURCE_TEXEL0: f32 = 3.0;

/// The code of GL_SRCn `source` read by `unit`'s combiner.
fn source_code(source: GLenum, unit: usize) -> f32 {
    match source {
        GL_ZERO => SOURCE_ZERO,
        GL_PRIMARY_COLOR => SOURCE_PRIMARY,
        GL_CONSTANT => SOURCE_CONSTANT,
        GL_TEXTURE => SOURCE_TEXEL0 + unit as f32,
        // ARB_texture_env_crossbar's GL_TEXTUREn.
        t if (GL_TEXTURE0..GL_TEXTURE0 + 32).contains(&t) => SOURCE_TEXEL0 + (t - GL_TEXTURE0) as f32,
        _ => SOURCE_PREVIOUS,
    }
}

/// (function code, scale) of `c`, in GL_COMBINE4_NV mode when `combine4`.
fn function_code(c: &Combine, combine4: bool) -> (f32, f32) {
    match c.function {
        GL_ADD if combine4 => (FUNCTION_ADD4, f32::from(c.scale)),
        GL_ADD_SIGNED if combine4 => (FUNCTION_ADD_SIGNED4, f32::from(c.scale)),
        // EXT_texture_env_dot3's functions ignore GL_RGB_SCALE, the ARB ones apply it.
        GL_DOT3_RGB_EXT => (FUNCTION_DOT3_RGB, 1.0),
        GL_DOT3_RGBA_EXT => (FUNCTION_DOT3_RGBA, 1.0),
        f => (FUNCTIONS.iter().position(|x| *x == f).unwrap_or(1) as f32, f32::from(c.scale)),
    }
}

/// The value of `unit`'s combine uniform for its environment `env`.
pub fn combine_uniform(env: &TexUnitEnv, unit: usize) -> Vec<f32> {
    let combine4 = env.mode == GL_COMBINE4_NV;
    let (rgb_function, rgb_scale) = function_code(&env.combine_rgb, combine4);
    let (alpha_function, alpha_scale) = function_code(&env.combine_alpha, combine4);
    let sources = |c: &Combine| c.sources.map(|s| source_code(s, unit));
    let operands = |c: &Combine| c.operands.map(|o| OPERANDS.iter().position(|x| *x == o).unwrap_or(0) as f32);
    let mut v = vec![rgb_function, rgb_scale, alpha_function, alpha_scale];
    for part in [sources(&env.combine_rgb), operands(&env.combine_rgb), sources(&env.combine_alpha), operands(&env.combine_alpha)] {
        v.extend(part);
    }
    v
}

/// What a combiner may read.
pub struct Sources<'t> {
    /// The texel of every enabled unit, sampled before any unit combines.
    pub texels: &'t [Option<Value>; TEXTURE_UNITS],
    pub previous: Value,
    pub primary: Value,
    /// GL_TEXTURE_ENV_COLOR of the combining unit.
    pub constant: Value,
}

/// `unit`'s GL_COMBINE result (rgb and alpha parts, scaled and clamped) as a vec4.
pub fn combine_stage(g: &mut Gen, unit: usize, s: &Sources) -> Value {
    let name = format!("{COMBINE_PREFIX}{unit}");
    let functions = g.uniform(&name, 0);
    let rgb_sources = g.uniform(&name, 1);
    let rgb_operands = g.uniform(&name, 2);
    let alpha_sources = g.uniform(&name, 3);
    let alpha_operands = g.uniform(&name, 4);

    let zero = g.vec4([0.0; 4]);
    let colour_candidates = candidates(s, zero);
    let alpha_candidates: Vec<(f32, Value)> = colour_candidates.iter().map(|&(code, v)| (code, g.w(v))).collect();
    let previous_alpha = g.w(s.previous);

    let mut rgb_args = Vec::with_capacity(4);
    let mut alpha_args = Vec::with_capacity(4);
    for i in 0..4 {
        let code = g.b.channel(rgb_sources, i);
        let v = select_source(g, code, s.previous, &colour_candidates);
        let operand = g.b.channel(rgb_operands, i);
        rgb_args.push(colour_operand(g, operand, v));
        let code = g.b.channel(alpha_sources, i);
        let a = select_source(g, code, previous_alpha, &alpha_candidates);
        let operand = g.b.channel(alpha_operands, i);
        alpha_args.push(alpha_operand(g, operand, a));
    }

    let rgb_function = g.x(functions);
    let rgb_scale = g.b.channel(functions, 1);
    let alpha_function = g.b.channel(functions, 2);
    let alpha_scale = g.w(functions);
    let rgb = function(g, rgb_function, &rgb_args, true);
    let rgb = g.scale(rgb, rgb_scale);
    let rgb = g.sat(rgb);
    let alpha = function(g, alpha_function, &alpha_args, false);
    let alpha = g.mul(alpha, alpha_scale);
    let alpha = g.sat(alpha);
    // GL_DOT3_RGBA writes the (rgb-scaled) dot product to alpha as well.
    let dot3_rgba = g.f(FUNCTION_DOT3_RGBA);
    let is_dot3_rgba = g.eq(rgb_function, dot3_rgba);
    let dot = g.w(rgb);
    let alpha = g.select(is_dot3_rgba, dot, alpha);
    g.rgb_a(rgb, alpha)
}

/// Every source other than the previous colour, with its code.
fn candidates(s: &Sources, zero: Value) -> Vec<(f32, Value)> {
    let mut out = vec![(SOURCE_ZERO, zero), (SOURCE_PRIMARY, s.primary), (SOURCE_CONSTANT, s.constant)];
    for (n, texel) in s.texels.iter().enumerate() {
        if let Some(t) = texel {
            out.push((SOURCE_TEXEL0 + n as f32, *t));
        }
    }
    out
}

/// The candidate whose code is `code`; the previous colour for any other code, which is
/// what a GL_TEXTUREn of a unit without texturing reads (crossbar leaves it undefined).
fn select_source(g: &mut Gen, code: Value, previous: Value, candidates: &[(f32, Value)]) -> Value {
    let mut v = previous;
    for &(k, candidate) in candidates {
        let k = g.f(k);
        let hit = g.eq(code, k);
        v = g.select(hit, candidate, v);
    }
    v
}

/// GL_OPERANDn_RGB applied to a colour source: the colour or its alpha in every channel,
/// either inverted (1 - x).
fn colour_operand(g: &mut Gen, code: Value, v: Value) -> Value {
    let two = g.f(2.0);
    let takes_alpha = g.ge(code, two);
    let a = g.w(v);
    let a4 = g.b.splat(a, 4);
    let picked = g.select(takes_alpha, a4, v);
    let one = g.vec4([1.0; 4]);
    let inverted = g.sub(one, picked);
    inverts(g, code, inverted, picked)
}

/// GL_OPERANDn_ALPHA applied to an alpha source: the alpha, or 1 - alpha.
fn alpha_operand(g: &mut Gen, code: Value, a: Value) -> Value {
    let one = g.f(1.0);
    let inverted = g.sub(one, a);
    inverts(g, code, inverted, a)
}

/// `inverted` for the inverting operand codes (1 and 3), else `plain`.
fn inverts(g: &mut Gen, code: Value, inverted: Value, plain: Value) -> Value {
    let one = g.f(1.0);
    let three = g.f(3.0);
    let is_one = g.eq(code, one);
    let is_three = g.eq(code, three);
    let v = g.select(is_one, inverted, plain);
    g.select(is_three, inverted, v)
}

/// GL_COMBINE_RGB (`colour`: vec4 arguments, dot3 allowed) or GL_COMBINE_ALPHA (scalar
/// arguments) selected by `code`, before the scale.
fn function(g: &mut Gen, code: Value, args: &[Value], colour: bool) -> Value {
    let half = if colour { g.vec4([0.5; 4]) } else { g.f(0.5) };
    let (a0, a1, a2, a3) = (args[0], args[1], args[2], args[3]);
    let sum = g.add(a0, a1);
    let p01 = g.mul(a0, a1);
    let p23 = g.mul(a2, a3);
    let sum4 = g.add(p01, p23);
    let mut results = vec![
        (FUNCTION_REPLACE, a0),
        (FUNCTION_ADD, sum),
        (FUNCTION_ADD_SIGNED, g.sub(sum, half)),
        (FUNCTION_INTERPOLATE, g.b.alu(nir_like::AluOp::Fmix, &[a1, a0, a2])),
        (FUNCTION_SUBTRACT, g.sub(a0, a1)),
        (FUNCTION_ADD4, sum4),
        (FUNCTION_ADD_SIGNED4, g.sub(sum4, half)),
    ];
    if colour {
        // 4 * ((a0.r - 0.5)(a1.r - 0.5) + ...) in every channel.
        let d0 = g.sub(a0, half);
        let d1 = g.sub(a1, half);
        let d0 = g.xyz(d0);
        let d1 = g.xyz(d1);
        let d = g.dot(d0, d1);
        let four = g.f(4.0);
        let d = g.mul(d, four);
        let d4 = g.b.splat(d, 4);
        results.push((FUNCTION_DOT3_RGB, d4));
        results.push((FUNCTION_DOT3_RGBA, d4));
    }
    // GL_MODULATE for every other code (the default state's function).
    let mut v = p01;
    for (k, result) in results {
        let k = g.f(k);
        let hit = g.eq(code, k);
        v = g.select(hit, result, v);
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uniform_codes_name_the_functions_sources_and_operands() {
        let mut env = TexUnitEnv::default();
        env.combine_rgb = Combine { function: GL_DOT3_RGBA, sources: [GL_TEXTURE, GL_TEXTURE1, GL_CONSTANT, GL_ZERO], operands: [GL_SRC_COLOR, GL_ONE_MINUS_SRC_ALPHA, GL_SRC_ALPHA, GL_SRC_COLOR], scale: 4 };
        env.combine_alpha = Combine { function: GL_INTERPOLATE, sources: [GL_PRIMARY_COLOR, GL_PREVIOUS, GL_TEXTURE0, GL_TEXTURE], operands: [GL_ONE_MINUS_SRC_ALPHA, GL_SRC_ALPHA, GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA], scale: 2 };
        let v = combine_uniform(&env, 2);
        assert_eq!(v.len(), COMBINE_VEC4S as usize * 4);
        assert_eq!(&v[0..4], &[FUNCTION_DOT3_RGBA, 4.0, FUNCTION_INTERPOLATE, 2.0]);
        // GL_TEXTURE of unit 2 is unit 2's texel; GL_TEXTURE1 is unit 1's.
        assert_eq!(&v[4..8], &[SOURCE_TEXEL0 + 2.0, SOURCE_TEXEL0 + 1.0, SOURCE_CONSTANT, SOURCE_ZERO]);
        assert_eq!(&v[8..12], &[0.0, 3.0, 2.0, 0.0]);
        assert_eq!(&v[12..16], &[SOURCE_PRIMARY, SOURCE_PREVIOUS, SOURCE_TEXEL0, SOURCE_TEXEL0 + 2.0]);
        assert_eq!(&v[16..20], &[3.0, 2.0, 2.0, 3.0]);
        // The EXT dot3 functions ignore the scale.
        env.combine_rgb.function = GL_DOT3_RGB_EXT;
        assert_eq!(&combine_uniform(&env, 0)[0..2], &[FUNCTION_DOT3_RGB, 1.0]);
        // GL_COMBINE4_NV turns GL_ADD and GL_ADD_SIGNED into their four-argument forms.
        env.mode = GL_COMBINE4_NV;
        env.combine_rgb.function = GL_ADD;
        env.combine_alpha.function = GL_ADD_SIGNED;
        assert_eq!(&combine_uniform(&env, 0)[0..4], &[FUNCTION_ADD4, 4.0, FUNCTION_ADD_SIGNED4, 2.0]);
    }
}
