//! The scissor test, for draws and for clears.

use crate::harness::*;
use glow::HasContext;

#[test]
fn scissor_limits_draws_and_clears() {
    let t = headless(32, 32);
    let gl = &t.gl;
    let program = program(gl, PASS_VS, UNIFORM_COLOR_FS);
    vertices(gl, &rect(-1.0, -1.0, 1.0, 1.0, 0.0));
    unsafe {
        gl.clear_color(0.0, 0.0, 0.0, 1.0);
        gl.clear(glow::COLOR_BUFFER_BIT);
        gl.enable(glow::SCISSOR_TEST);
        gl.scissor(0, 0, 16, 16); // bottom-left quarter
        set_color(gl, program, [1.0, 0.0, 0.0, 1.0]);
        gl.draw_arrays(glow::TRIANGLES, 0, 6);
        gl.scissor(16, 16, 16, 16); // top-right quarter
        gl.clear_color(0.0, 1.0, 0.0, 1.0);
        gl.clear(glow::COLOR_BUFFER_BIT);
    }
    no_error(gl);
    assert_eq!(pixel(gl, 8, 8), [255, 0, 0, 255], "scissored draw");
    assert_eq!(pixel(gl, 24, 24), [0, 255, 0, 255], "scissored clear");
    assert_eq!(pixel(gl, 24, 8), [0, 0, 0, 255], "outside both");
    assert_eq!(pixel(gl, 8, 24), [0, 0, 0, 255], "outside both");
}
