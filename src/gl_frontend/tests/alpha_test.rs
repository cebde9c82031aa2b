//! The alpha test (compatibility profile) on GLSL programs: fragments whose gl_FragColor or
//! gl_FragData[0] alpha fails glAlphaFunc are discarded, also where main returns early, with
//! no colour buffer at all (only depth written), and each reference value takes effect.

mod common;

use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::*;

const VERTEX: &str = "#version 110
void main() { gl_Position = gl_Vertex; }
";

/// Writes `alpha` as gl_FragColor's alpha, returning early from main past a dead store.
const EARLY_RETURN: &str = "#version 110
uniform float alpha;
void main() {
    gl_FragColor = vec4(0.0, 1.0, 0.0, alpha);
    if (alpha >= 0.0)
        return;
    gl_FragColor = vec4(1.0);
}
";

const FRAG_DATA: &str = "#version 110
uniform float alpha;
void main() { gl_FragData[0] = vec4(0.0, 0.0, 1.0, alpha); }
";

fn draw_with_alpha(program: GLuint, alpha: f32) {
    unsafe {
        glClearColor(1.0, 0.0, 0.0, 1.0);
        glClear(GL_COLOR_BUFFER_BIT);
        glUniform1f(uniform_location(program, "alpha"), alpha);
        immediate_unit_square();
    }
}

#[test]
fn glsl_fragments_failing_the_alpha_test_are_discarded() {
    let _ctx = current_compat_context();
    for fragment in [EARLY_RETURN, FRAG_DATA] {
        let program = linked_program(&[(GL_VERTEX_SHADER, VERTEX), (GL_FRAGMENT_SHADER, fragment)]);
        unsafe {
            glUseProgram(program);
            glEnable(GL_ALPHA_TEST);
            glAlphaFunc(GL_GREATER, 0.5);
        }
        draw_with_alpha(program, 0.25);
        assert_eq!(pixel(10, 10), [255, 0, 0, 255], "alpha 0.25 fails GL_GREATER 0.5");
        draw_with_alpha(program, 0.75);
        assert_ne!(pixel(10, 10), [255, 0, 0, 255], "alpha 0.75 passes GL_GREATER 0.5");
        // A new reference takes effect on the next draw.
        unsafe { glAlphaFunc(GL_GREATER, 0.8) };
        draw_with_alpha(program, 0.75);
        assert_eq!(pixel(10, 10), [255, 0, 0, 255], "alpha 0.75 fails GL_GREATER 0.8");
        unsafe { glAlphaFunc(GL_LEQUAL, 0.8) };
        draw_with_alpha(program, 0.75);
        assert_ne!(pixel(10, 10), [255, 0, 0, 255], "alpha 0.75 passes GL_LEQUAL 0.8");
        unsafe { glDisable(GL_ALPHA_TEST) };
        draw_with_alpha(program, 0.0);
        assert_ne!(pixel(10, 10), [255, 0, 0, 255], "no test once disabled");
    }
    assert_eq!(error(), GL_NO_ERROR);
}

#[test]
fn the_alpha_test_applies_without_colour_buffers() {
    let _ctx = current_compat_context();
    let program = linked_program(&[(GL_VERTEX_SHADER, VERTEX), (GL_FRAGMENT_SHADER, FRAG_DATA)]);
    let depth = new_nearest_texture();
    let fbo = new_framebuffer();
    let mut value = [0f32; 1];
    unsafe {
        glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT32F as GLint, 4, 4, 0, GL_DEPTH_COMPONENT, GL_FLOAT, std::ptr::null());
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D, depth, 0);
        glDrawBuffer(GL_NONE);
        glReadBuffer(GL_NONE);
        assert_eq!(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
        glViewport(0, 0, 4, 4);
        glEnable(GL_DEPTH_TEST);
        glDepthFunc(GL_ALWAYS);
        glClearDepth(0.0);
        glClear(GL_DEPTH_BUFFER_BIT);
        glUseProgram(program);
        glEnable(GL_ALPHA_TEST);
        glAlphaFunc(GL_GREATER, 0.5);
        glUniform1f(uniform_location(program, "alpha"), 0.0);
        immediate_unit_square();
        glReadPixels(1, 1, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, value.as_mut_ptr().cast());
        assert_eq!(value, [0.0], "the discarded square left depth alone");
        glUniform1f(uniform_location(program, "alpha"), 1.0);
        immediate_unit_square();
        glReadPixels(1, 1, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, value.as_mut_ptr().cast());
        assert_eq!(value, [0.5], "the passing square wrote depth");
        glDeleteFramebuffers(1, &fbo);
    }
    assert_eq!(error(), GL_NO_ERROR);
}
