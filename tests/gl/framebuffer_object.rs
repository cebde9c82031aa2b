//! Rendering into framebuffer objects: texture and renderbuffer attachments, depth,
//! float colour read back, and sampling what was rendered.

use crate::harness::*;
use glow::HasContext;

fn texture(gl: &glow::Context, internal: u32, format: u32, kind: u32, size: i32) -> glow::Texture {
    unsafe {
        let texture = gl.create_texture().expect("texture");
        gl.bind_texture(glow::TEXTURE_2D, Some(texture));
        gl.tex_image_2d(glow::TEXTURE_2D, 0, internal as i32, size, size, 0, format, kind, glow::PixelUnpackData::Slice(None));
        gl.tex_parameter_i32(glow::TEXTURE_2D, glow::TEXTURE_MIN_FILTER, glow::NEAREST as i32);
        gl.tex_parameter_i32(glow::TEXTURE_2D, glow::TEXTURE_MAG_FILTER, glow::NEAREST as i32);
        texture
    }
}

#[test]
fn render_to_texture_then_sample_it() {
    let t = headless(16, 16);
    let gl = &t.gl;
    let colour = texture(gl, glow::RGBA8, glow::RGBA, glow::UNSIGNED_BYTE, 8);
    unsafe {
        let fbo = gl.create_framebuffer().expect("fbo");
        gl.bind_framebuffer(glow::FRAMEBUFFER, Some(fbo));
        gl.framebuffer_texture_2d(glow::FRAMEBUFFER, glow::COLOR_ATTACHMENT0, glow::TEXTURE_2D, Some(colour), 0);
        assert_eq!(gl.check_framebuffer_status(glow::FRAMEBUFFER), glow::FRAMEBUFFER_COMPLETE);
        gl.viewport(0, 0, 8, 8);
        gl.clear_color(0.0, 0.0, 0.0, 1.0);
        gl.clear(glow::COLOR_BUFFER_BIT);
    }
    // Fill only the right half of the 8x8 texture with yellow.
    let fill = program(gl, PASS_VS, UNIFORM_COLOR_FS);
    vertices(gl, &rect(0.0, -1.0, 1.0, 1.0, 0.0));
    set_color(gl, fill, [1.0, 1.0, 0.0, 1.0]);
    unsafe { gl.draw_arrays(glow::TRIANGLES, 0, 6) };
    assert_eq!(pixel(gl, 6, 3), [255, 255, 0, 255], "read back from the FBO");
    assert_eq!(pixel(gl, 1, 3), [0, 0, 0, 255], "read back from the FBO");
    // Back to the window: draw the texture over it.
    let show = program(
        gl,
        "#version 120\nattribute vec4 position;\nvarying vec2 uv;\nvoid main() { uv = position.xy * 0.5 + 0.5; gl_Position = position; }\n",
        "#version 120\nuniform sampler2D tex;\nvarying vec2 uv;\nvoid main() { gl_FragColor = texture2D(tex, uv); }\n",
    );
    vertices(gl, &rect(-1.0, -1.0, 1.0, 1.0, 0.0));
    unsafe {
        gl.bind_framebuffer(glow::FRAMEBUFFER, None);
        gl.viewport(0, 0, 16, 16);
        gl.bind_texture(glow::TEXTURE_2D, Some(colour));
        gl.use_program(Some(show));
        gl.draw_arrays(glow::TRIANGLES, 0, 6);
    }
    no_error(gl);
    assert_eq!(pixel(gl, 12, 8), [255, 255, 0, 255], "sampled the rendered half");
    assert_eq!(pixel(gl, 3, 8), [0, 0, 0, 255], "sampled the cleared half");
}

#[test]
fn float_colour_reads_back_unclamped() {
    let t = headless(8, 8);
    let gl = &t.gl;
    let colour = texture(gl, glow::RGBA32F, glow::RGBA, glow::FLOAT, 4);
    unsafe {
        let fbo = gl.create_framebuffer().expect("fbo");
        gl.bind_framebuffer(glow::FRAMEBUFFER, Some(fbo));
        gl.framebuffer_texture_2d(glow::FRAMEBUFFER, glow::COLOR_ATTACHMENT0, glow::TEXTURE_2D, Some(colour), 0);
        assert_eq!(gl.check_framebuffer_status(glow::FRAMEBUFFER), glow::FRAMEBUFFER_COMPLETE);
        gl.viewport(0, 0, 4, 4);
    }
    let fill = program(gl, PASS_VS, UNIFORM_COLOR_FS);
    vertices(gl, &rect(-1.0, -1.0, 1.0, 1.0, 0.0));
    set_color(gl, fill, [2.5, -1.0, 0.125, 1000.0]);
    unsafe { gl.draw_arrays(glow::TRIANGLES, 0, 6) };
    no_error(gl);
    assert_eq!(pixel_f32(gl, 2, 2), [2.5, -1.0, 0.125, 1000.0]);
}

#[test]
fn renderbuffer_depth_attachment_tests_depth() {
    let t = headless(8, 8);
    let gl = &t.gl;
    let colour = texture(gl, glow::RGBA8, glow::RGBA, glow::UNSIGNED_BYTE, 8);
    unsafe {
        let fbo = gl.create_framebuffer().expect("fbo");
        gl.bind_framebuffer(glow::FRAMEBUFFER, Some(fbo));
        gl.framebuffer_texture_2d(glow::FRAMEBUFFER, glow::COLOR_ATTACHMENT0, glow::TEXTURE_2D, Some(colour), 0);
        let depth = gl.create_renderbuffer().expect("renderbuffer");
        gl.bind_renderbuffer(glow::RENDERBUFFER, Some(depth));
        gl.renderbuffer_storage(glow::RENDERBUFFER, glow::DEPTH24_STENCIL8, 8, 8);
        gl.framebuffer_renderbuffer(glow::FRAMEBUFFER, glow::DEPTH_STENCIL_ATTACHMENT, glow::RENDERBUFFER, Some(depth));
        assert_eq!(gl.check_framebuffer_status(glow::FRAMEBUFFER), glow::FRAMEBUFFER_COMPLETE);
        gl.enable(glow::DEPTH_TEST);
        gl.clear(glow::COLOR_BUFFER_BIT | glow::DEPTH_BUFFER_BIT);
    }
    let fill = program(gl, PASS_VS, UNIFORM_COLOR_FS);
    let mut quads = rect(-1.0, -1.0, 1.0, 1.0, -0.5).to_vec();
    quads.extend(rect(-1.0, -1.0, 1.0, 1.0, 0.5));
    vertices(gl, &quads);
    set_color(gl, fill, [0.0, 0.0, 1.0, 1.0]);
    unsafe { gl.draw_arrays(glow::TRIANGLES, 0, 6) };
    set_color(gl, fill, [1.0, 0.0, 0.0, 1.0]);
    unsafe { gl.draw_arrays(glow::TRIANGLES, 6, 6) };
    no_error(gl);
    assert_eq!(pixel(gl, 4, 4), [0, 0, 255, 255]);
}

#[test]
fn incomplete_framebuffer_is_reported() {
    let t = headless(8, 8);
    let gl = &t.gl;
    unsafe {
        let fbo = gl.create_framebuffer().expect("fbo");
        gl.bind_framebuffer(glow::FRAMEBUFFER, Some(fbo));
        assert_eq!(
            gl.check_framebuffer_status(glow::FRAMEBUFFER),
            glow::FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT
        );
        gl.clear(glow::COLOR_BUFFER_BIT);
        assert_eq!(gl.get_error(), glow::INVALID_FRAMEBUFFER_OPERATION);
    }
}
