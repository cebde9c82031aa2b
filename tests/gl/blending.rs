//! Blending: factors, equations, separate alpha, constant colour, colour masks.

use crate::harness::*;
use glow::HasContext;

fn setup(width: i32) -> (Gl, glow::Program) {
    let t = headless(width, width);
    let program = program(&t.gl, PASS_VS, UNIFORM_COLOR_FS);
    vertices(&t.gl, &rect(-1.0, -1.0, 1.0, 1.0, 0.0));
    (t, program)
}

#[test]
fn src_alpha_one_minus_src_alpha() {
    let (t, program) = setup(8);
    let gl = &t.gl;
    unsafe {
        gl.clear_color(0.0, 0.0, 1.0, 1.0);
        gl.clear(glow::COLOR_BUFFER_BIT);
        gl.enable(glow::BLEND);
        gl.blend_func(glow::SRC_ALPHA, glow::ONE_MINUS_SRC_ALPHA);
        set_color(gl, program, [1.0, 0.0, 0.0, 0.6]);
        gl.draw_arrays(glow::TRIANGLES, 0, 6);
    }
    no_error(gl);
    // r = 1 * 0.6, b = 1 * 0.4, a = 0.6 * 0.6 + 1 * 0.4.
    assert_rgba8(pixel(gl, 4, 4), [153, 0, 102, 194], "blended");
}

#[test]
fn separate_factors_equations_and_constant_colour() {
    let (t, program) = setup(8);
    let gl = &t.gl;
    unsafe {
        gl.clear_color(0.8, 0.2, 0.4, 1.0);
        gl.clear(glow::COLOR_BUFFER_BIT);
        gl.enable(glow::BLEND);
        gl.blend_color(0.2, 0.2, 0.2, 0.2);
        // rgb = dst - src * constant; alpha = max(src, dst).
        gl.blend_func_separate(glow::CONSTANT_COLOR, glow::ONE, glow::ONE, glow::ONE);
        gl.blend_equation_separate(glow::FUNC_REVERSE_SUBTRACT, glow::MAX);
        set_color(gl, program, [1.0, 1.0, 1.0, 0.2]);
        gl.draw_arrays(glow::TRIANGLES, 0, 6);
    }
    no_error(gl);
    assert_rgba8(pixel(gl, 4, 4), [153, 0, 51, 255], "reverse-subtract, max");
}

#[test]
fn color_mask_keeps_masked_channels() {
    let (t, program) = setup(8);
    let gl = &t.gl;
    unsafe {
        gl.clear_color(0.2, 0.2, 0.2, 0.2);
        gl.clear(glow::COLOR_BUFFER_BIT);
        gl.color_mask(true, false, true, false);
        set_color(gl, program, [1.0, 1.0, 1.0, 1.0]);
        gl.draw_arrays(glow::TRIANGLES, 0, 6);
    }
    no_error(gl);
    assert_eq!(pixel(gl, 4, 4), [255, 51, 255, 51]);
}
