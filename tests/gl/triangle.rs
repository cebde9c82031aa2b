//! A triangle, upright and where GL puts it.

use crate::harness::*;
use glow::HasContext;

#[test]
fn triangle_covers_its_pixels_and_no_others() {
    let t = headless(64, 64);
    let gl = &t.gl;
    let program = program(gl, PASS_VS, UNIFORM_COLOR_FS);
    // A right triangle filling the lower-left half of the window, below the diagonal.
    vertices(gl, &[[-1.0, -1.0, 0.0, 1.0], [1.0, -1.0, 0.0, 1.0], [1.0, 1.0, 0.0, 1.0]]);
    unsafe {
        gl.clear_color(0.0, 0.0, 1.0, 1.0);
        gl.clear(glow::COLOR_BUFFER_BIT);
        set_color(gl, program, [1.0, 0.0, 0.0, 1.0]);
        gl.draw_arrays(glow::TRIANGLES, 0, 3);
    }
    no_error(gl);
    // GL's origin is the bottom-left: (60, 4) is inside, below the diagonal; (4, 60) is
    // above it, where only the clear colour is.
    assert_eq!(pixel(gl, 60, 4), [255, 0, 0, 255]);
    assert_eq!(pixel(gl, 4, 60), [0, 0, 255, 255]);
    assert_eq!(pixel(gl, 40, 20), [255, 0, 0, 255]);
    assert_eq!(pixel(gl, 20, 40), [0, 0, 255, 255]);
}

#[test]
fn viewport_places_the_drawing() {
    let t = headless(64, 64);
    let gl = &t.gl;
    let program = program(gl, PASS_VS, UNIFORM_COLOR_FS);
    vertices(gl, &rect(-1.0, -1.0, 1.0, 1.0, 0.0));
    unsafe {
        gl.clear_color(0.0, 0.0, 0.0, 1.0);
        gl.clear(glow::COLOR_BUFFER_BIT);
        gl.viewport(32, 0, 32, 32);
        set_color(gl, program, [0.0, 1.0, 0.0, 1.0]);
        gl.draw_arrays(glow::TRIANGLES, 0, 6);
    }
    no_error(gl);
    assert_eq!(pixel(gl, 48, 16), [0, 255, 0, 255], "inside the bottom-right viewport");
    assert_eq!(pixel(gl, 16, 16), [0, 0, 0, 255], "left of the viewport");
    assert_eq!(pixel(gl, 48, 48), [0, 0, 0, 255], "above the viewport");
}

#[test]
fn culling_follows_gl_winding() {
    let t = headless(32, 32);
    let gl = &t.gl;
    let program = program(gl, PASS_VS, UNIFORM_COLOR_FS);
    // Counter-clockwise in GL's window coordinates (y up): a front face by default.
    vertices(gl, &[[-1.0, -1.0, 0.0, 1.0], [1.0, -1.0, 0.0, 1.0], [-1.0, 1.0, 0.0, 1.0]]);
    unsafe {
        gl.enable(glow::CULL_FACE);
        gl.clear_color(0.0, 0.0, 0.0, 1.0);
        set_color(gl, program, [1.0, 1.0, 1.0, 1.0]);
        gl.cull_face(glow::BACK);
        gl.clear(glow::COLOR_BUFFER_BIT);
        gl.draw_arrays(glow::TRIANGLES, 0, 3);
    }
    assert_eq!(pixel(gl, 4, 4), [255, 255, 255, 255], "front face survives back-face culling");
    unsafe {
        gl.cull_face(glow::FRONT);
        gl.clear(glow::COLOR_BUFFER_BIT);
        gl.draw_arrays(glow::TRIANGLES, 0, 3);
    }
    assert_eq!(pixel(gl, 4, 4), [0, 0, 0, 255], "front face is culled by front-face culling");
    unsafe {
        gl.front_face(glow::CW);
        gl.clear(glow::COLOR_BUFFER_BIT);
        gl.draw_arrays(glow::TRIANGLES, 0, 3);
    }
    assert_eq!(pixel(gl, 4, 4), [255, 255, 255, 255], "with GL_CW the triangle is a back face");
    no_error(gl);
}
