//! GL_ARB_texture_barrier: draws that sample the texture they render into (a feedback
//! loop), separated by glTextureBarrier, each see what the one before wrote; read back
//! with glReadPixels.

mod common;

use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::*;
use gl_frontend::Profile;

const VERTEX: &str = "#version 330
layout(location = 0) in vec2 pos;
void main() { gl_Position = vec4(pos, 0.0, 1.0); }
";

/// Adds 0.125 to the red channel of the texel under the fragment, read from the texture
/// being rendered to.
const ACCUMULATE: &str = "#version 330
uniform sampler2D target;
out vec4 colour;
void main() {
    vec4 previous = texelFetch(target, ivec2(gl_FragCoord.xy), 0);
    colour = previous + vec4(0.125, 0.0, 0.0, 0.0);
}
";

/// An 8x8 RGBA8 texture, cleared to transparent black, as the colour attachment of a new
/// framebuffer and bound on unit 0.
fn feedback_target() -> GLuint {
    unsafe {
        let mut tex = 0;
        glGenTextures(1, &mut tex);
        glBindTexture(GL_TEXTURE_2D, tex);
        glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 8, 8);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST as GLint);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST as GLint);
        new_framebuffer();
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
        assert_eq!(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
        glViewport(0, 0, 8, 8);
        glClearColor(0.0, 0.0, 0.0, 0.0);
        glClear(GL_COLOR_BUFFER_BIT);
        tex
    }
}

#[test]
fn each_draw_after_a_barrier_reads_what_the_one_before_rendered() {
    let _ctx = current_context_with_override(4, 5, Profile::Core);
    let names: Vec<String> = unsafe {
        let mut n = 0;
        glGetIntegerv(GL_NUM_EXTENSIONS, &mut n);
        (0..n as GLuint).map(|i| std::ffi::CStr::from_ptr(glGetStringi(GL_EXTENSIONS, i).cast()).to_string_lossy().into_owned()).collect()
    };
    assert!(names.iter().any(|n| n == "GL_ARB_texture_barrier"), "{names:?}");

    feedback_target();
    let program = linked_program(&[(GL_VERTEX_SHADER, VERTEX), (GL_FRAGMENT_SHADER, ACCUMULATE)]);
    bound_vertex_array(&[-1.0, -1.0, 1.0, -1.0, -1.0, 1.0, 1.0, 1.0], 2);
    unsafe {
        glUseProgram(program);
        glUniform1i(uniform_location(program, "target"), 0);
        for _ in 0..4 {
            glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
            glTextureBarrier();
        }
        assert_eq!(error(), GL_NO_ERROR);
    }
    // Four draws of 0.125 each: 0.5 of 255, rounded.
    for (x, y) in [(0, 0), (7, 7), (3, 5)] {
        assert_eq!(pixel(x, y), [128, 0, 0, 0], "pixel ({x}, {y})");
    }
}

#[test]
fn a_barrier_outside_any_feedback_loop_is_harmless() {
    let _ctx = current_context_with_override(4, 5, Profile::Core);
    unsafe {
        glTextureBarrier();
        glTextureBarrier();
        assert_eq!(error(), GL_NO_ERROR);
    }
}
