//! GL_COMBINE texture environments (ARB_texture_env_combine, ARB_texture_env_dot3,
//! ARB_texture_env_crossbar, EXT_texture_env_dot3) drawn and read back, against the
//! results the specifications' formulas give for the same texels and colours.

mod common;

use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::*;

/// Unit 0's and unit 1's 1x1 textures, the primary colour and the environment colours.
const TEXEL0: [u8; 4] = [200, 100, 50, 160];
const TEXEL1: [u8; 4] = [30, 220, 128, 90];
const PRIMARY: [u8; 4] = [180, 60, 240, 200];
const CONSTANT0: [u8; 4] = [64, 128, 192, 32];
const CONSTANT1: [u8; 4] = [10, 240, 100, 180];

fn unit_float(v: [u8; 4]) -> [f32; 4] {
    v.map(|c| c as f32 / 255.0)
}

/// One GL_COMBINE_RGB or GL_COMBINE_ALPHA setting.
#[derive(Clone, Copy, Debug)]
struct Setting {
    function: GLenum,
    sources: [GLenum; 3],
    operands: [GLenum; 3],
    scale: f32,
}

/// The values a unit's combiner reads.
struct Inputs {
    texels: [[f32; 4]; 2],
    unit: usize,
    previous: [f32; 4],
    primary: [f32; 4],
    constant: [f32; 4],
}

impl Inputs {
    fn source(&self, source: GLenum) -> [f32; 4] {
        match source {
            GL_TEXTURE => self.texels[self.unit],
            GL_TEXTURE0 => self.texels[0],
            GL_TEXTURE1 => self.texels[1],
            GL_CONSTANT => self.constant,
            GL_PRIMARY_COLOR => self.primary,
            _ => self.previous,
        }
    }
}

/// The argument (r, g, b, a) of GL_OPERANDn applied to `v` (table 3.20 of GL 1.5).
fn operand(v: [f32; 4], operand: GLenum) -> [f32; 4] {
    match operand {
        GL_SRC_COLOR => v,
        GL_ONE_MINUS_SRC_COLOR => v.map(|c| 1.0 - c),
        GL_SRC_ALPHA => [v[3]; 4],
        _ => [1.0 - v[3]; 4],
    }
}

/// GL_COMBINE's function of the arguments, per channel (table 3.19), before the scale.
fn function(function: GLenum, a: [[f32; 4]; 3]) -> [f32; 4] {
    let dot = 4.0 * (0..3).map(|i| (a[0][i] - 0.5) * (a[1][i] - 0.5)).sum::<f32>();
    std::array::from_fn(|i| match function {
        GL_REPLACE => a[0][i],
        GL_MODULATE => a[0][i] * a[1][i],
        GL_ADD => a[0][i] + a[1][i],
        GL_ADD_SIGNED => a[0][i] + a[1][i] - 0.5,
        GL_INTERPOLATE => a[0][i] * a[2][i] + a[1][i] * (1.0 - a[2][i]),
        GL_SUBTRACT => a[0][i] - a[1][i],
        _ => dot,
    })
}

/// The colour GL_COMBINE with `rgb` and `alpha` makes from `inputs`.
fn combined(rgb: &Setting, alpha: &Setting, inputs: &Inputs) -> [f32; 4] {
    let args = |s: &Setting| std::array::from_fn(|i| operand(inputs.source(s.sources[i]), s.operands[i]));
    let clamp = |v: f32| v.clamp(0.0, 1.0);
    // The EXT dot3 functions leave out the scale.
    let rgb_scale = if matches!(rgb.function, GL_DOT3_RGB_EXT | GL_DOT3_RGBA_EXT) { 1.0 } else { rgb.scale };
    let c = function(rgb.function, args(rgb)).map(|v| clamp(v * rgb_scale));
    let a = clamp(function(alpha.function, args(alpha))[3] * alpha.scale);
    // DOT3_RGBA puts the dot product in alpha as well.
    let a = if matches!(rgb.function, GL_DOT3_RGBA | GL_DOT3_RGBA_EXT) { c[0] } else { a };
    [c[0], c[1], c[2], a]
}

fn to_u8(v: [f32; 4]) -> [u8; 4] {
    v.map(|c| (c * 255.0).round() as u8)
}

/// Within one step of 8-bit quantisation: the shader's float result and the reference's
/// may round to neighbouring values.
fn assert_within_one_step(actual: [u8; 4], expected: [u8; 4], what: &str) {
    for (a, e) in actual.iter().zip(expected) {
        assert!((*a as i32 - e as i32).abs() <= 1, "{what}: read {actual:?}, the formulas give {expected:?}");
    }
}

unsafe fn set_combine(rgb: &Setting, alpha: &Setting) {
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_COMBINE as GLint);
    glTexEnvi(GL_TEXTURE_ENV, GL_COMBINE_RGB, rgb.function as GLint);
    glTexEnvi(GL_TEXTURE_ENV, GL_COMBINE_ALPHA, alpha.function as GLint);
    for i in 0..3 {
        glTexEnvi(GL_TEXTURE_ENV, GL_SRC0_RGB + i as GLenum, rgb.sources[i] as GLint);
        glTexEnvi(GL_TEXTURE_ENV, GL_OPERAND0_RGB + i as GLenum, rgb.operands[i] as GLint);
        glTexEnvi(GL_TEXTURE_ENV, GL_SRC0_ALPHA + i as GLenum, alpha.sources[i] as GLint);
        glTexEnvi(GL_TEXTURE_ENV, GL_OPERAND0_ALPHA + i as GLenum, alpha.operands[i] as GLint);
    }
    glTexEnvf(GL_TEXTURE_ENV, GL_RGB_SCALE, rgb.scale);
    glTexEnvf(GL_TEXTURE_ENV, GL_ALPHA_SCALE, alpha.scale);
}

/// Two textured units, the primary colour and both environment colours set; unit 0
/// modulates (GL_MODULATE), unit 1 is left active.
unsafe fn two_units() {
    enable_texel_texture(GL_TEXTURE0, TEXEL0);
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_MODULATE as GLint);
    glTexEnvfv(GL_TEXTURE_ENV, GL_TEXTURE_ENV_COLOR, unit_float(CONSTANT0).as_ptr());
    enable_texel_texture(GL_TEXTURE1, TEXEL1);
    glTexEnvfv(GL_TEXTURE_ENV, GL_TEXTURE_ENV_COLOR, unit_float(CONSTANT1).as_ptr());
    glColor4ub(PRIMARY[0], PRIMARY[1], PRIMARY[2], PRIMARY[3]);
}

/// A full-window quad with both units' coordinates at the texel's centre.
unsafe fn quad() {
    glBegin(GL_QUADS);
    for (x, y) in [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)] {
        glMultiTexCoord2f(GL_TEXTURE0, 0.5, 0.5);
        glMultiTexCoord2f(GL_TEXTURE1, 0.5, 0.5);
        glVertex2f(x, y);
    }
    glEnd();
}

/// What unit 1 reads: unit 0's GL_MODULATE result as the previous colour.
fn unit1_inputs() -> Inputs {
    let (t0, p) = (unit_float(TEXEL0), unit_float(PRIMARY));
    Inputs { texels: [t0, unit_float(TEXEL1)], unit: 1, previous: std::array::from_fn(|i| t0[i] * p[i]), primary: p, constant: unit_float(CONSTANT1) }
}

#[test]
fn every_combine_function_operand_and_scale_gives_the_specified_colour() {
    let _ctx = current_compat_context();
    let functions = [GL_REPLACE, GL_MODULATE, GL_ADD, GL_ADD_SIGNED, GL_INTERPOLATE, GL_SUBTRACT, GL_DOT3_RGB, GL_DOT3_RGBA];
    let alpha_functions = [GL_REPLACE, GL_MODULATE, GL_ADD, GL_ADD_SIGNED, GL_INTERPOLATE, GL_SUBTRACT];
    // Crossbar sources (GL_TEXTURE0 read by unit 1) among the others.
    let source_sets = [[GL_TEXTURE, GL_PREVIOUS, GL_TEXTURE0], [GL_CONSTANT, GL_PRIMARY_COLOR, GL_TEXTURE], [GL_TEXTURE0, GL_CONSTANT, GL_PREVIOUS]];
    let operand_sets = [
        [GL_SRC_COLOR, GL_SRC_COLOR, GL_SRC_ALPHA],
        [GL_ONE_MINUS_SRC_COLOR, GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA],
        [GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_SRC_COLOR],
    ];
    let inputs = unit1_inputs();
    let mut n = 0;
    unsafe {
        two_units();
        for function in functions {
            for sources in source_sets {
                for operands in operand_sets {
                    for scale in [1.0, 2.0, 4.0] {
                        let rgb = Setting { function, sources, operands, scale };
                        let alpha = Setting {
                            function: alpha_functions[n % alpha_functions.len()],
                            sources: [sources[2], sources[0], sources[1]],
                            operands: [GL_ONE_MINUS_SRC_ALPHA, GL_SRC_ALPHA, GL_SRC_ALPHA],
                            scale: [1.0, 2.0, 4.0][n / 3 % 3],
                        };
                        n += 1;
                        set_combine(&rgb, &alpha);
                        quad();
                        let expected = to_u8(combined(&rgb, &alpha, &inputs));
                        assert_within_one_step(pixel(20, 10), expected, &format!("rgb {rgb:?}, alpha {alpha:?}"));
                    }
                }
            }
        }
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
}

#[test]
fn dot3_of_the_ext_extension_ignores_the_scale() {
    let _ctx = current_compat_context();
    let inputs = unit1_inputs();
    unsafe {
        two_units();
        for function in [GL_DOT3_RGB_EXT, GL_DOT3_RGBA_EXT, GL_DOT3_RGB, GL_DOT3_RGBA] {
            // (1 - texel) . primary is positive here, small enough that the scale shows.
            let rgb = Setting { function, sources: [GL_TEXTURE, GL_PRIMARY_COLOR, GL_CONSTANT], operands: [GL_ONE_MINUS_SRC_COLOR, GL_SRC_COLOR, GL_SRC_COLOR], scale: 2.0 };
            let alpha = Setting { function: GL_REPLACE, sources: [GL_TEXTURE0; 3], operands: [GL_SRC_ALPHA; 3], scale: 1.0 };
            set_combine(&rgb, &alpha);
            quad();
            assert_within_one_step(pixel(20, 10), to_u8(combined(&rgb, &alpha, &inputs)), &format!("{function:#x}"));
        }
        // The reference really differs between the two: the scale shows.
        let ext = Setting { function: GL_DOT3_RGB_EXT, sources: [GL_TEXTURE, GL_PRIMARY_COLOR, GL_CONSTANT], operands: [GL_ONE_MINUS_SRC_COLOR, GL_SRC_COLOR, GL_SRC_COLOR], scale: 2.0 };
        let arb = Setting { function: GL_DOT3_RGB, ..ext };
        let alpha = Setting { function: GL_REPLACE, sources: [GL_TEXTURE0; 3], operands: [GL_SRC_ALPHA; 3], scale: 1.0 };
        assert_ne!(to_u8(combined(&ext, &alpha, &inputs)), to_u8(combined(&arb, &alpha, &inputs)));
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
}

#[test]
fn combine_on_both_units_chains_through_previous() {
    let _ctx = current_compat_context();
    unsafe {
        two_units();
        // Unit 0: ADD_SIGNED of its texel and the primary colour, scaled by 2; alpha SUBTRACT.
        glActiveTexture(GL_TEXTURE0);
        let rgb0 = Setting { function: GL_ADD_SIGNED, sources: [GL_TEXTURE, GL_PRIMARY_COLOR, GL_CONSTANT], operands: [GL_SRC_COLOR, GL_ONE_MINUS_SRC_COLOR, GL_SRC_COLOR], scale: 2.0 };
        let alpha0 = Setting { function: GL_SUBTRACT, sources: [GL_PRIMARY_COLOR, GL_TEXTURE, GL_CONSTANT], operands: [GL_SRC_ALPHA; 3], scale: 1.0 };
        set_combine(&rgb0, &alpha0);
        // Unit 1: INTERPOLATE between the previous colour and its texel by the constant's alpha.
        glActiveTexture(GL_TEXTURE1);
        let rgb1 = Setting { function: GL_INTERPOLATE, sources: [GL_PREVIOUS, GL_TEXTURE, GL_CONSTANT], operands: [GL_SRC_COLOR, GL_SRC_COLOR, GL_SRC_ALPHA], scale: 1.0 };
        let alpha1 = Setting { function: GL_ADD, sources: [GL_PREVIOUS, GL_TEXTURE1, GL_CONSTANT], operands: [GL_SRC_ALPHA; 3], scale: 1.0 };
        set_combine(&rgb1, &alpha1);
        quad();
        let (t0, t1, p) = (unit_float(TEXEL0), unit_float(TEXEL1), unit_float(PRIMARY));
        let unit0 = Inputs { texels: [t0, t1], unit: 0, previous: p, primary: p, constant: unit_float(CONSTANT0) };
        let previous = combined(&rgb0, &alpha0, &unit0);
        let unit1 = Inputs { texels: [t0, t1], unit: 1, previous, primary: p, constant: unit_float(CONSTANT1) };
        assert_within_one_step(pixel(5, 5), to_u8(combined(&rgb1, &alpha1, &unit1)), "two combining units");
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
}

#[test]
fn a_crossbar_source_reads_the_last_texture_unit() {
    let _ctx = current_compat_context();
    let mut units = 0;
    unsafe {
        glGetIntegerv(GL_MAX_TEXTURE_UNITS, &mut units);
        let last = GL_TEXTURE0 + units as GLenum - 1;
        enable_texel_texture(GL_TEXTURE0, TEXEL0);
        enable_texel_texture(last, TEXEL1);
        // The last unit passes the colour on; unit 0 adds the last unit's texel to it.
        let pass_on = Setting { function: GL_REPLACE, sources: [GL_PREVIOUS; 3], operands: [GL_SRC_COLOR, GL_SRC_COLOR, GL_SRC_ALPHA], scale: 1.0 };
        let pass_on_alpha = Setting { operands: [GL_SRC_ALPHA; 3], ..pass_on };
        set_combine(&pass_on, &pass_on_alpha);
        glActiveTexture(GL_TEXTURE0);
        let rgb = Setting { function: GL_ADD, sources: [GL_PRIMARY_COLOR, last, GL_CONSTANT], operands: [GL_SRC_COLOR, GL_SRC_COLOR, GL_SRC_ALPHA], scale: 1.0 };
        let alpha = Setting { function: GL_MODULATE, sources: [GL_PRIMARY_COLOR, last, GL_CONSTANT], operands: [GL_SRC_ALPHA; 3], scale: 1.0 };
        set_combine(&rgb, &alpha);
        glColor4ub(PRIMARY[0] / 2, PRIMARY[1] / 2, PRIMARY[2] / 2, PRIMARY[3]);
        glBegin(GL_QUADS);
        for (x, y) in [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)] {
            glMultiTexCoord2f(GL_TEXTURE0, 0.5, 0.5);
            glMultiTexCoord2f(last, 0.5, 0.5);
            glVertex2f(x, y);
        }
        glEnd();
        let p = unit_float([PRIMARY[0] / 2, PRIMARY[1] / 2, PRIMARY[2] / 2, PRIMARY[3]]);
        let t = unit_float(TEXEL1);
        let expected = [(p[0] + t[0]).min(1.0), (p[1] + t[1]).min(1.0), (p[2] + t[2]).min(1.0), p[3] * t[3]];
        assert_within_one_step(pixel(30, 20), to_u8(expected), "unit 0 reading the last unit's texel");
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
}

#[test]
fn combine4_adds_two_products() {
    let _ctx = current_compat_context();
    unsafe {
        enable_texel_texture(GL_TEXTURE0, TEXEL0);
        glTexEnvfv(GL_TEXTURE_ENV, GL_TEXTURE_ENV_COLOR, unit_float(CONSTANT0).as_ptr());
        glColor4ub(PRIMARY[0], PRIMARY[1], PRIMARY[2], PRIMARY[3]);
        glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_COMBINE4_NV as GLint);
        let sources = [GL_TEXTURE, GL_PRIMARY_COLOR, GL_CONSTANT, GL_ZERO];
        let (t, p, k) = (unit_float(TEXEL0), unit_float(PRIMARY), unit_float(CONSTANT0));
        for (function, bias) in [(GL_ADD, 0.0), (GL_ADD_SIGNED, 0.5)] {
            glTexEnvi(GL_TEXTURE_ENV, GL_COMBINE_RGB, function as GLint);
            glTexEnvi(GL_TEXTURE_ENV, GL_COMBINE_ALPHA, function as GLint);
            for (i, source) in sources.iter().enumerate() {
                glTexEnvi(GL_TEXTURE_ENV, [GL_SRC0_RGB, GL_SRC1_RGB, GL_SRC2_RGB, GL_SOURCE3_RGB_NV][i], *source as GLint);
                glTexEnvi(GL_TEXTURE_ENV, [GL_SRC0_ALPHA, GL_SRC1_ALPHA, GL_SRC2_ALPHA, GL_SOURCE3_ALPHA_NV][i], *source as GLint);
            }
            // a0 * a1 + a2 * (1 - 0): the texel times the primary colour plus the constant.
            glTexEnvi(GL_TEXTURE_ENV, GL_OPERAND2_RGB, GL_SRC_COLOR as GLint);
            glTexEnvi(GL_TEXTURE_ENV, GL_OPERAND3_RGB_NV, GL_ONE_MINUS_SRC_COLOR as GLint);
            glTexEnvi(GL_TEXTURE_ENV, GL_OPERAND3_ALPHA_NV, GL_ONE_MINUS_SRC_ALPHA as GLint);
            quad();
            let expected: [f32; 4] = std::array::from_fn(|i| (t[i] * p[i] + k[i] - bias).clamp(0.0, 1.0));
            assert_within_one_step(pixel(20, 10), to_u8(expected), &format!("{function:#x}"));
        }
        let mut operand3 = 0;
        glGetTexEnviv(GL_TEXTURE_ENV, GL_OPERAND3_RGB_NV, &mut operand3);
        assert_eq!(operand3 as GLenum, GL_ONE_MINUS_SRC_COLOR);
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
}
