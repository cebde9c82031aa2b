//! glClampColor on rendering: GL_CLAMP_FRAGMENT_COLOR clamps what reaches floating-point
//! and signed-normalised colour buffers, GL_CLAMP_VERTEX_COLOR the colours the vertex stage
//! hands on; each read back as floats.

mod common;

use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::*;

/// A 4x4 framebuffer whose one colour attachment is a texture of `internal_format`, bound
/// for drawing and reading, with read clamping off so the stored values come back as they are.
fn framebuffer_of(internal_format: GLenum) {
    unsafe {
        let mut tex = 0;
        glGenTextures(1, &mut tex);
        glBindTexture(GL_TEXTURE_2D, tex);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST as GLint);
        glTexImage2D(GL_TEXTURE_2D, 0, internal_format as GLint, 4, 4, 0, GL_RGBA, GL_FLOAT, std::ptr::null());
        let mut fbo = 0;
        glGenFramebuffers(1, &mut fbo);
        glBindFramebuffer(GL_FRAMEBUFFER, fbo);
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
        assert_eq!(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
        glViewport(0, 0, 4, 4);
        glClampColor(GL_CLAMP_READ_COLOR, GL_FALSE);
        glClearColor(0.0, 0.0, 0.0, 0.0);
    }
}

/// Clears, draws a quad over the framebuffer and reads one pixel back as floats.
fn draw_and_read() -> [f32; 4] {
    let mut rgba = [0f32; 4];
    unsafe {
        glClear(GL_COLOR_BUFFER_BIT);
        glRectf(-1.0, -1.0, 1.0, 1.0);
        glReadPixels(1, 1, 1, 1, GL_RGBA, GL_FLOAT, rgba.as_mut_ptr().cast());
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
    rgba
}

fn assert_close(actual: [f32; 4], expected: [f32; 4], what: &str) {
    assert!(actual.iter().zip(expected).all(|(a, e)| (a - e).abs() < 0.01), "{what}: expected {expected:?}, read {actual:?}");
}

const OUT_OF_RANGE_FS: &str = "#version 110\nvoid main() { gl_FragColor = vec4(2.0, -1.0, 0.5, 3.0); }\n";
const POSITION_VS: &str = "#version 110\nvoid main() { gl_Position = gl_Vertex; }\n";

#[test]
fn fragment_clamping_follows_the_setting_on_a_float_buffer() {
    let _ctx = current_compat_context();
    framebuffer_of(GL_RGBA32F);
    let program = linked_program(&[(GL_VERTEX_SHADER, POSITION_VS), (GL_FRAGMENT_SHADER, OUT_OF_RANGE_FS)]);
    unsafe { glUseProgram(program) };
    // GL_FIXED_ONLY, the default, leaves a float buffer alone.
    assert_close(draw_and_read(), [2.0, -1.0, 0.5, 3.0], "default (GL_FIXED_ONLY)");
    unsafe { glClampColor(GL_CLAMP_FRAGMENT_COLOR, GL_TRUE) };
    assert_close(draw_and_read(), [1.0, 0.0, 0.5, 1.0], "GL_TRUE");
    unsafe { glClampColor(GL_CLAMP_FRAGMENT_COLOR, GL_FALSE) };
    assert_close(draw_and_read(), [2.0, -1.0, 0.5, 3.0], "GL_FALSE");
}

#[test]
fn a_shader_reading_its_own_output_sees_it_unclamped() {
    let _ctx = current_compat_context();
    framebuffer_of(GL_RGBA16F);
    let fs = "#version 110\nvoid main() { gl_FragColor = vec4(2.0); gl_FragColor = gl_FragColor * vec4(0.25, 0.75, 1.0, -1.0); }\n";
    let program = linked_program(&[(GL_VERTEX_SHADER, POSITION_VS), (GL_FRAGMENT_SHADER, fs)]);
    unsafe {
        glUseProgram(program);
        glClampColor(GL_CLAMP_FRAGMENT_COLOR, GL_TRUE);
    }
    assert_close(draw_and_read(), [0.5, 1.0, 1.0, 0.0], "clamped once, at the end");
}

#[test]
fn fixed_only_clamps_a_signed_normalised_buffer_to_zero_one() {
    let _ctx = current_compat_context();
    framebuffer_of(GL_RGBA8_SNORM);
    let fs = "#version 110\nvoid main() { gl_FragColor = vec4(-0.5, 0.25, 2.0, -1.0); }\n";
    let program = linked_program(&[(GL_VERTEX_SHADER, POSITION_VS), (GL_FRAGMENT_SHADER, fs)]);
    unsafe { glUseProgram(program) };
    assert_close(draw_and_read(), [0.0, 0.25, 1.0, 0.0], "GL_FIXED_ONLY on a fixed-point buffer");
    unsafe { glClampColor(GL_CLAMP_FRAGMENT_COLOR, GL_FALSE) };
    assert_close(draw_and_read(), [-0.5, 0.25, 1.0, -1.0], "GL_FALSE: only the format's own range");
}

#[test]
fn vertex_colours_are_clamped_before_interpolation_unless_turned_off() {
    let _ctx = current_compat_context();
    framebuffer_of(GL_RGBA32F);
    unsafe {
        glClampColor(GL_CLAMP_FRAGMENT_COLOR, GL_FALSE);
        glColor4f(2.0, -1.0, 0.5, 3.0);
    }
    // GL_TRUE, the default: fixed-function colours are clamped after the vertex stage.
    assert_close(draw_and_read(), [1.0, 0.0, 0.5, 1.0], "default (GL_TRUE)");
    unsafe { glClampColor(GL_CLAMP_VERTEX_COLOR, GL_FALSE) };
    assert_close(draw_and_read(), [2.0, -1.0, 0.5, 3.0], "GL_FALSE");
    // A GLSL vertex shader's gl_FrontColor obeys the same setting.
    let vs = "#version 110\nvoid main() { gl_Position = gl_Vertex; gl_FrontColor = vec4(4.0, -2.0, 0.25, 1.5); }\n";
    let fs = "#version 110\nvoid main() { gl_FragColor = gl_Color; }\n";
    let program = linked_program(&[(GL_VERTEX_SHADER, vs), (GL_FRAGMENT_SHADER, fs)]);
    unsafe { glUseProgram(program) };
    assert_close(draw_and_read(), [4.0, -2.0, 0.25, 1.5], "GLSL, GL_FALSE");
    unsafe { glClampColor(GL_CLAMP_VERTEX_COLOR, GL_TRUE) };
    assert_close(draw_and_read(), [1.0, 0.0, 0.25, 1.0], "GLSL, GL_TRUE");
}

#[test]
fn clamped_fragment_colours_clamp_queried_colour_state() {
    let _ctx = current_compat_context();
    let query = |pname: GLenum| {
        let mut v = [0f32; 4];
        unsafe { glGetFloatv(pname, v.as_mut_ptr()) };
        v
    };
    let out_of_range = [2.0f32, -1.0, 0.5, 3.0];
    unsafe {
        glClearColor(2.0, -1.0, 0.5, 3.0);
        glBlendColor(2.0, -1.0, 0.5, 3.0);
        glFogfv(GL_FOG_COLOR, out_of_range.as_ptr());
    }
    // The window is fixed point: GL_FIXED_ONLY clamps.
    for pname in [GL_COLOR_CLEAR_VALUE, GL_BLEND_COLOR, GL_FOG_COLOR] {
        assert_close(query(pname), [1.0, 0.0, 0.5, 1.0], "GL_FIXED_ONLY, window");
    }
    // A float framebuffer leaves GL_FIXED_ONLY's values as they were given.
    framebuffer_of(GL_RGBA32F);
    unsafe { glClearColor(2.0, -1.0, 0.5, 3.0) };
    for pname in [GL_COLOR_CLEAR_VALUE, GL_BLEND_COLOR, GL_FOG_COLOR] {
        assert_close(query(pname), out_of_range, "GL_FIXED_ONLY, float framebuffer");
    }
    unsafe { glClampColor(GL_CLAMP_FRAGMENT_COLOR, GL_TRUE) };
    assert_close(query(GL_BLEND_COLOR), [1.0, 0.0, 0.5, 1.0], "GL_TRUE, float framebuffer");
    unsafe {
        glTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, out_of_range.as_ptr());
        let mut border = [0f32; 4];
        glGetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, border.as_mut_ptr());
        assert_close(border, [1.0, 0.0, 0.5, 1.0], "border colour, GL_TRUE");
        glClampColor(GL_CLAMP_FRAGMENT_COLOR, GL_FALSE);
        glGetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, border.as_mut_ptr());
        assert_close(border, out_of_range, "border colour, GL_FALSE");
        // The texture environment colour and the alpha reference are kept as given too.
        glTexEnvfv(GL_TEXTURE_ENV, GL_TEXTURE_ENV_COLOR, out_of_range.as_ptr());
        let mut env = [0f32; 4];
        glGetTexEnvfv(GL_TEXTURE_ENV, GL_TEXTURE_ENV_COLOR, env.as_mut_ptr());
        assert_close(env, out_of_range, "texture environment colour, GL_FALSE");
        glAlphaFunc(GL_GREATER, 1.5);
        assert_eq!(query(GL_ALPHA_TEST_REF)[0], 1.5, "alpha reference, GL_FALSE");
        glClampColor(GL_CLAMP_FRAGMENT_COLOR, GL_TRUE);
        glGetTexEnvfv(GL_TEXTURE_ENV, GL_TEXTURE_ENV_COLOR, env.as_mut_ptr());
        assert_close(env, [1.0, 0.0, 0.5, 1.0], "texture environment colour, GL_TRUE");
        assert_eq!(query(GL_ALPHA_TEST_REF)[0], 1.0, "alpha reference, GL_TRUE");
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
}
