//! GL_DEPTH_TEXTURE_MODE (compatibility profile): a depth texel of 0.5 read by a GLSL 1.10
//! shader as luminance, intensity, alpha or red, and the parameter's absence from core
//! contexts.

mod common;

use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::*;
use gl_frontend::Profile;

const VERTEX: &str = "#version 110
attribute vec2 pos;
void main() { gl_Position = vec4(pos, 0.0, 1.0); }
";
const FRAGMENT: &str = "#version 110
uniform sampler2D depth;
void main() { gl_FragColor = texture2D(depth, vec2(0.5)); }
";

/// A bound 1×1 GL_DEPTH_COMPONENT32F texture holding 0.5, nearest filtered.
fn half_depth_texture() -> GLuint {
    let tex = new_nearest_texture();
    unsafe {
        glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT32F as GLint, 1, 1, 0, GL_DEPTH_COMPONENT, GL_FLOAT, [0.5f32].as_ptr().cast());
    }
    tex
}

fn assert_near(actual: [u8; 4], expected: [u8; 4], what: &str) {
    for (a, e) in actual.iter().zip(expected) {
        assert!((*a as i32 - e as i32).abs() <= 1, "{what}: {actual:?} != {expected:?}");
    }
}

#[test]
fn depth_texels_read_as_the_mode_says() {
    let _ctx = current_context_with_override(3, 0, Profile::Compatibility);
    half_depth_texture();
    let program = linked_program(&[(GL_VERTEX_SHADER, VERTEX), (GL_FRAGMENT_SHADER, FRAGMENT)]);
    unsafe { glUseProgram(program) };
    let mut mode = 0;
    unsafe { glGetTexParameteriv(GL_TEXTURE_2D, GL_DEPTH_TEXTURE_MODE, &mut mode) };
    assert_eq!(mode, GL_LUMINANCE as GLint, "the initial mode");
    for (mode, expected) in [
        (GL_LUMINANCE, [128, 128, 128, 255]),
        (GL_INTENSITY, [128, 128, 128, 128]),
        (GL_ALPHA, [0, 0, 0, 128]),
        (GL_RED, [128, 0, 0, 255]),
    ] {
        unsafe { glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_TEXTURE_MODE, mode as GLint) };
        assert_eq!(error(), GL_NO_ERROR);
        draw_full_window_quad();
        assert_near(pixel(10, 10), expected, &format!("mode {mode:#x}"));
    }
    unsafe { glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_TEXTURE_MODE, GL_RGBA as GLint) };
    assert_eq!(error(), GL_INVALID_ENUM);
}

#[test]
fn core_contexts_have_no_depth_texture_mode() {
    let _ctx = current_context_with_override(3, 3, Profile::Core);
    half_depth_texture();
    let mut mode = -1;
    unsafe {
        glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_TEXTURE_MODE, GL_LUMINANCE as GLint);
        assert_eq!(error(), GL_INVALID_ENUM);
        glGetTexParameteriv(GL_TEXTURE_2D, GL_DEPTH_TEXTURE_MODE, &mut mode);
        assert_eq!(error(), GL_INVALID_ENUM);
    }
    assert_eq!(mode, -1);
}
