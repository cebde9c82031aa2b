//! Fixed-function state churn in a compatibility context: one-triangle draws through
//! glVertexPointer/glNormalPointer, first with fixed state, then with lighting, a light's
//! colour and the texture environment changing between every two draws, as old programs do,
//! then through GL_COMBINE settings never drawn with before (lighting toggled as well), as
//! piglit's texture-environment tests sweep them.

use std::ffi::c_void;

use glow::HasContext;
use galvan_benches::measurement::{Measurement, Unit};

use super::measured;
use crate::egl::{ContextRequest, GlContext};
use crate::gl_util::{bytes_of, expect_no_error, expect_pixel, render_target, timed, timed_once};

/// Odd, so the last draw (an even index) is a lit one.
const DRAWS: u32 = 10_001;
const WARM_UP_DRAWS: u32 = 65;
const SIZE: i32 = 64;

const GL_LIGHTING: u32 = 0x0B50;
const GL_LIGHT0: u32 = 0x4000;
const GL_AMBIENT: u32 = 0x1200;
const GL_DIFFUSE: u32 = 0x1201;
const GL_POSITION: u32 = 0x1203;
const GL_FRONT_AND_BACK: u32 = 0x0408;
const GL_LIGHT_MODEL_AMBIENT: u32 = 0x0B53;
const GL_TEXTURE_ENV: u32 = 0x2300;
const GL_TEXTURE_ENV_MODE: u32 = 0x2200;
const GL_MODULATE: i32 = 0x2100;
const GL_REPLACE: i32 = 0x1E01;
const GL_COMBINE: i32 = 0x8570;
const GL_COMBINE_RGB: u32 = 0x8571;
const GL_RGB_SCALE: u32 = 0x8573;
const GL_SRC0_RGB: u32 = 0x8580;
const GL_OPERAND0_RGB: u32 = 0x8590;
/// GL_REPLACE, GL_MODULATE, GL_ADD, GL_ADD_SIGNED, GL_INTERPOLATE, GL_SUBTRACT.
const COMBINE_FUNCTIONS: [i32; 6] = [0x1E01, 0x2100, 0x0104, 0x8574, 0x8575, 0x84E7];
/// GL_TEXTURE, GL_CONSTANT, GL_PRIMARY_COLOR, GL_PREVIOUS.
const COMBINE_SOURCES: [i32; 4] = [0x1702, 0x8576, 0x8577, 0x8578];
/// GL_SRC_COLOR, GL_ONE_MINUS_SRC_COLOR, GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA.
const COMBINE_OPERANDS: [i32; 4] = [0x0300, 0x0301, 0x0302, 0x0303];
/// Every (function, source 0, operand 0, scale 1 or 2) once.
const COMBINE_SETTINGS: u32 = 6 * 4 * 4 * 2;
const GL_VERTEX_ARRAY: u32 = 0x8074;
const GL_NORMAL_ARRAY: u32 = 0x8075;
const GL_TEXTURE_COORD_ARRAY: u32 = 0x8078;

/// The compatibility-profile commands glow does not wrap.
struct Legacy {
    enable_client_state: unsafe extern "C" fn(u32),
    vertex_pointer: unsafe extern "C" fn(i32, u32, i32, *const c_void),
    normal_pointer: unsafe extern "C" fn(u32, i32, *const c_void),
    tex_coord_pointer: unsafe extern "C" fn(i32, u32, i32, *const c_void),
    lightfv: unsafe extern "C" fn(u32, u32, *const f32),
    materialfv: unsafe extern "C" fn(u32, u32, *const f32),
    light_modelfv: unsafe extern "C" fn(u32, *const f32),
    tex_envi: unsafe extern "C" fn(u32, u32, i32),
}

impl Legacy {
    fn load(context: &GlContext) -> Result<Legacy, String> {
        // SAFETY: each field's type is its command's C signature in the GL 2.1 specification.
        unsafe {
            Ok(Legacy {
                enable_client_state: context.command("glEnableClientState")?,
                vertex_pointer: context.command("glVertexPointer")?,
                normal_pointer: context.command("glNormalPointer")?,
                tex_coord_pointer: context.command("glTexCoordPointer")?,
                lightfv: context.command("glLightfv")?,
                materialfv: context.command("glMaterialfv")?,
                light_modelfv: context.command("glLightModelfv")?,
                tex_envi: context.command("glTexEnvi")?,
            })
        }
    }
}

/// Lit draws get light colour (red, 1, 1); a white light on material (0.5, 0.25, 0.75)
/// facing it gives half the red, then the white texture modulates nothing away.
fn light_red(i: u32) -> f32 {
    (i % 256) as f32 / 255.0
}

fn expected_lit(i: u32) -> [u8; 4] {
    [((i % 256) as f32 * 0.5).round() as u8, 64, 191, 255]
}

/// The texture's colour, which unlit draws replace the fragment with.
const TEXEL: [u8; 4] = [200, 30, 90, 255];

pub fn run() -> Result<Vec<Measurement>, String> {
    let context = GlContext::create(ContextRequest::compatibility(2, 1))?;
    let legacy = Legacy::load(&context)?;
    let gl = &context.gl;
    render_target(gl, SIZE, SIZE)?;
    // SAFETY: plain GL calls on the current context with objects it created; the array
    // pointers are offsets into the bound array buffer.
    unsafe {
        // Position (x, y, z), normal, texture coordinate per vertex, interleaved.
        let vertices = bytes_of(&[
            -0.2, -0.2, 0.0, 0.0, 0.0, 1.0, 0.5, 0.5, //
            0.2, -0.2, 0.0, 0.0, 0.0, 1.0, 0.5, 0.5, //
            0.0, 0.2, 0.0, 0.0, 0.0, 1.0, 0.5, 0.5,
        ]);
        let buffer = gl.create_buffer()?;
        gl.bind_buffer(glow::ARRAY_BUFFER, Some(buffer));
        gl.buffer_data_u8_slice(glow::ARRAY_BUFFER, &vertices, glow::STATIC_DRAW);
        let stride = 8 * 4;
        (legacy.enable_client_state)(GL_VERTEX_ARRAY);
        (legacy.vertex_pointer)(3, glow::FLOAT, stride, std::ptr::null());
        (legacy.enable_client_state)(GL_NORMAL_ARRAY);
        (legacy.normal_pointer)(glow::FLOAT, stride, (3 * 4) as *const c_void);
        (legacy.enable_client_state)(GL_TEXTURE_COORD_ARRAY);
        (legacy.tex_coord_pointer)(2, glow::FLOAT, stride, (6 * 4) as *const c_void);

        let texture = gl.create_texture()?;
        gl.bind_texture(glow::TEXTURE_2D, Some(texture));
        gl.tex_image_2d(glow::TEXTURE_2D, 0, glow::RGBA8 as i32, 1, 1, 0, glow::RGBA, glow::UNSIGNED_BYTE,
            glow::PixelUnpackData::Slice(Some(&TEXEL)));
        gl.tex_parameter_i32(glow::TEXTURE_2D, glow::TEXTURE_MIN_FILTER, glow::NEAREST as i32);
        gl.enable(glow::TEXTURE_2D);

        (legacy.light_modelfv)(GL_LIGHT_MODEL_AMBIENT, [0.0, 0.0, 0.0, 1.0].as_ptr());
        (legacy.materialfv)(GL_FRONT_AND_BACK, GL_DIFFUSE, [0.5, 0.25, 0.75, 1.0].as_ptr());
        (legacy.materialfv)(GL_FRONT_AND_BACK, GL_AMBIENT, [0.0, 0.0, 0.0, 1.0].as_ptr());
        (legacy.lightfv)(GL_LIGHT0, GL_POSITION, [0.0, 0.0, 1.0, 0.0].as_ptr());
        gl.enable(GL_LIGHT0);

        let white = gl.create_texture()?;
        gl.bind_texture(glow::TEXTURE_2D, Some(white));
        gl.tex_image_2d(glow::TEXTURE_2D, 0, glow::RGBA8 as i32, 1, 1, 0, glow::RGBA, glow::UNSIGNED_BYTE,
            glow::PixelUnpackData::Slice(Some(&[255, 255, 255, 255])));
        gl.tex_parameter_i32(glow::TEXTURE_2D, glow::TEXTURE_MIN_FILTER, glow::NEAREST as i32);

        // Even draws: lit, a new light colour, modulated by a white texture.
        // Odd draws: unlit, the texture replaces the colour.
        let set_lit = |i: u32| {
            gl.enable(GL_LIGHTING);
            (legacy.lightfv)(GL_LIGHT0, GL_DIFFUSE, [light_red(i), 1.0, 1.0, 1.0].as_ptr());
            (legacy.tex_envi)(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_MODULATE);
            gl.bind_texture(glow::TEXTURE_2D, Some(white));
        };
        let set_unlit = || {
            gl.disable(GL_LIGHTING);
            (legacy.tex_envi)(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
            gl.bind_texture(glow::TEXTURE_2D, Some(texture));
        };
        let fixed = |count: u32| -> Result<(), String> {
            (0..count).for_each(|_| gl.draw_arrays(glow::TRIANGLES, 0, 3));
            Ok(())
        };
        let toggling = |count: u32| -> Result<(), String> {
            for i in 0..count {
                if i % 2 == 0 {
                    set_lit(i);
                } else {
                    set_unlit();
                }
                gl.draw_arrays(glow::TRIANGLES, 0, 3);
            }
            Ok(())
        };

        let mut results = Vec::new();
        set_unlit();
        fixed(WARM_UP_DRAWS)?;
        let name = "draws, fixed state (unlit, GL_REPLACE)";
        let seconds = timed(gl, || fixed(DRAWS))?;
        expect_no_error(gl, name)?;
        expect_pixel(gl, name, SIZE / 2, SIZE / 2, TEXEL)?;
        results.push(measured(name, DRAWS as f64 / seconds, Unit::DrawsPerSecond));

        toggling(WARM_UP_DRAWS)?;
        let name = "draws, lighting+light colour+texenv+texture toggled";
        let seconds = timed(gl, || toggling(DRAWS))?;
        expect_no_error(gl, name)?;
        expect_pixel(gl, name, SIZE / 2, SIZE / 2, expected_lit(DRAWS - 1))?;
        results.push(measured(name, DRAWS as f64 / seconds, Unit::DrawsPerSecond));

        // Each draw a combination of GL_COMBINE settings not drawn with before: a program
        // (and pipeline) per combination unless the settings are data to the shader.
        set_unlit();
        (legacy.tex_envi)(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_COMBINE);
        let sweep = || -> Result<(), String> {
            for i in 0..COMBINE_SETTINGS {
                if i % 2 == 0 {
                    gl.enable(GL_LIGHTING);
                } else {
                    gl.disable(GL_LIGHTING);
                }
                (legacy.tex_envi)(GL_TEXTURE_ENV, GL_COMBINE_RGB, COMBINE_FUNCTIONS[(i % 6) as usize]);
                (legacy.tex_envi)(GL_TEXTURE_ENV, GL_SRC0_RGB, COMBINE_SOURCES[(i / 6 % 4) as usize]);
                (legacy.tex_envi)(GL_TEXTURE_ENV, GL_OPERAND0_RGB, COMBINE_OPERANDS[(i / 24 % 4) as usize]);
                (legacy.tex_envi)(GL_TEXTURE_ENV, GL_RGB_SCALE, 1 + (i / 96 % 2) as i32);
                gl.draw_arrays(glow::TRIANGLES, 0, 3);
            }
            Ok(())
        };
        let name = "draws, new GL_COMBINE settings each draw, lighting toggled";
        let seconds = timed_once(gl, sweep)?;
        expect_no_error(gl, name)?;
        // GL_REPLACE of the texture's colour, unlit: the texel.
        gl.disable(GL_LIGHTING);
        (legacy.tex_envi)(GL_TEXTURE_ENV, GL_COMBINE_RGB, GL_REPLACE);
        (legacy.tex_envi)(GL_TEXTURE_ENV, GL_SRC0_RGB, COMBINE_SOURCES[0]);
        (legacy.tex_envi)(GL_TEXTURE_ENV, GL_OPERAND0_RGB, COMBINE_OPERANDS[0]);
        (legacy.tex_envi)(GL_TEXTURE_ENV, GL_RGB_SCALE, 1);
        gl.draw_arrays(glow::TRIANGLES, 0, 3);
        expect_pixel(gl, name, SIZE / 2, SIZE / 2, TEXEL)?;
        results.push(measured(name, COMBINE_SETTINGS as f64 / seconds, Unit::DrawsPerSecond));
        Ok(results)
    }
}
