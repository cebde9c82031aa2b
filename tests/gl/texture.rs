//! Sampling 2D textures: upload orientation, filtering and wrapping.

use crate::harness::*;
use glow::HasContext;

/// A 2x2 texture: red, green on the first (bottom) row; blue, white on the second.
fn checker(gl: &glow::Context) -> glow::Texture {
    let texels: [u8; 16] = [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255];
    unsafe {
        let texture = gl.create_texture().expect("texture");
        gl.bind_texture(glow::TEXTURE_2D, Some(texture));
        gl.tex_image_2d(
            glow::TEXTURE_2D, 0, glow::RGBA8 as i32, 2, 2, 0, glow::RGBA, glow::UNSIGNED_BYTE,
            glow::PixelUnpackData::Slice(Some(&texels)),
        );
        gl.tex_parameter_i32(glow::TEXTURE_2D, glow::TEXTURE_MIN_FILTER, glow::NEAREST as i32);
        gl.tex_parameter_i32(glow::TEXTURE_2D, glow::TEXTURE_MAG_FILTER, glow::NEAREST as i32);
        texture
    }
}

#[test]
fn texels_land_where_gl_puts_them() {
    let t = headless(32, 32);
    let gl = &t.gl;
    let program = program(gl, TEXTURED_VS, TEXTURED_FS);
    checker(gl);
    vertices(gl, &rect(-1.0, -1.0, 1.0, 1.0, 0.0));
    unsafe {
        gl.use_program(Some(program));
        gl.uniform_1_i32(gl.get_uniform_location(program, "tex").as_ref(), 0);
        gl.draw_arrays(glow::TRIANGLES, 0, 6);
    }
    no_error(gl);
    // The first row of texel data is t = 0, the bottom of the window.
    assert_eq!(pixel(gl, 8, 8), [255, 0, 0, 255]);
    assert_eq!(pixel(gl, 24, 8), [0, 255, 0, 255]);
    assert_eq!(pixel(gl, 8, 24), [0, 0, 255, 255]);
    assert_eq!(pixel(gl, 24, 24), [255, 255, 255, 255]);
}

#[test]
fn linear_filtering_blends_neighbours() {
    let t = headless(4, 4);
    let gl = &t.gl;
    let program = program(gl, TEXTURED_VS, TEXTURED_FS);
    let texture = checker(gl);
    vertices(gl, &rect(-1.0, -1.0, 1.0, 1.0, 0.0));
    unsafe {
        gl.bind_texture(glow::TEXTURE_2D, Some(texture));
        gl.tex_parameter_i32(glow::TEXTURE_2D, glow::TEXTURE_MAG_FILTER, glow::LINEAR as i32);
        gl.tex_parameter_i32(glow::TEXTURE_2D, glow::TEXTURE_WRAP_S, glow::CLAMP_TO_EDGE as i32);
        gl.tex_parameter_i32(glow::TEXTURE_2D, glow::TEXTURE_WRAP_T, glow::CLAMP_TO_EDGE as i32);
        gl.use_program(Some(program));
        gl.draw_arrays(glow::TRIANGLES, 0, 6);
    }
    no_error(gl);
    // Pixel (1, 0)'s centre samples at (0.375, 0.125): three quarters red and one quarter
    // green across; below the bottom row's centre, so clamping keeps the bottom row only.
    assert_rgba8(pixel(gl, 1, 0), [191, 64, 0, 255], "linear mix of red and green");
}
