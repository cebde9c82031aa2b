//! Depth testing with GL's [-1, 1] clip-space depth.

use crate::harness::*;
use glow::HasContext;

#[test]
fn nearer_surface_wins_whatever_the_draw_order() {
    let t = headless(32, 32);
    let gl = &t.gl;
    let program = program(gl, PASS_VS, UNIFORM_COLOR_FS);
    let mut quads = rect(-1.0, -1.0, 1.0, 1.0, 0.5).to_vec(); // far: z = 0.5
    quads.extend(rect(-1.0, -1.0, 0.0, 1.0, -0.5)); // near, left half: z = -0.5
    vertices(gl, &quads);
    unsafe {
        gl.enable(glow::DEPTH_TEST);
        gl.depth_func(glow::LESS);
        gl.clear_color(0.0, 0.0, 0.0, 1.0);
        gl.clear_depth_f64(1.0);
        gl.clear(glow::COLOR_BUFFER_BIT | glow::DEPTH_BUFFER_BIT);
        // Near first, then far: the far quad must lose where the near one is.
        set_color(gl, program, [0.0, 1.0, 0.0, 1.0]);
        gl.draw_arrays(glow::TRIANGLES, 6, 6);
        set_color(gl, program, [1.0, 0.0, 0.0, 1.0]);
        gl.draw_arrays(glow::TRIANGLES, 0, 6);
    }
    no_error(gl);
    assert_eq!(pixel(gl, 8, 16), [0, 255, 0, 255], "near quad in front");
    assert_eq!(pixel(gl, 24, 16), [255, 0, 0, 255], "far quad where nothing is nearer");
}

#[test]
fn depth_range_maps_negative_z_in_front() {
    // z = -0.9 is nearer than z = 0.9 only if clip z runs over [-1, 1] as in GL; with
    // Vulkan's [0, 1] and no conversion, z = -0.9 would be clipped away.
    let t = headless(16, 16);
    let gl = &t.gl;
    let program = program(gl, PASS_VS, UNIFORM_COLOR_FS);
    let mut quads = rect(-1.0, -1.0, 1.0, 1.0, -0.9).to_vec();
    quads.extend(rect(-1.0, -1.0, 1.0, 1.0, 0.9));
    vertices(gl, &quads);
    unsafe {
        gl.enable(glow::DEPTH_TEST);
        gl.clear(glow::COLOR_BUFFER_BIT | glow::DEPTH_BUFFER_BIT);
        set_color(gl, program, [0.0, 0.0, 1.0, 1.0]);
        gl.draw_arrays(glow::TRIANGLES, 0, 6);
        set_color(gl, program, [1.0, 1.0, 0.0, 1.0]);
        gl.draw_arrays(glow::TRIANGLES, 6, 6);
    }
    no_error(gl);
    assert_eq!(pixel(gl, 8, 8), [0, 0, 255, 255]);
}

#[test]
fn depth_mask_off_keeps_the_depth_buffer() {
    let t = headless(16, 16);
    let gl = &t.gl;
    let program = program(gl, PASS_VS, UNIFORM_COLOR_FS);
    let mut quads = rect(-1.0, -1.0, 1.0, 1.0, -0.5).to_vec();
    quads.extend(rect(-1.0, -1.0, 1.0, 1.0, 0.5));
    vertices(gl, &quads);
    unsafe {
        gl.enable(glow::DEPTH_TEST);
        gl.clear(glow::COLOR_BUFFER_BIT | glow::DEPTH_BUFFER_BIT);
        gl.depth_mask(false);
        set_color(gl, program, [1.0, 0.0, 0.0, 1.0]);
        gl.draw_arrays(glow::TRIANGLES, 0, 6); // near, but writes no depth
        gl.depth_mask(true);
        set_color(gl, program, [0.0, 1.0, 0.0, 1.0]);
        gl.draw_arrays(glow::TRIANGLES, 6, 6); // far passes against the cleared 1.0
    }
    no_error(gl);
    assert_eq!(pixel(gl, 8, 8), [0, 255, 0, 255]);
}
