//! Sweeping GL_COMBINE's settings reuses one fixed-function program and its pipeline: the
//! settings are uniforms, so a program that applications and piglit switch through
//! thousands of combinations of is built and compiled once.
//!
//! One test in this binary: the device's pipeline count is shared by every test of it.

mod common;

use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::*;

unsafe fn quad() {
    glBegin(GL_QUADS);
    for (x, y) in [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)] {
        glTexCoord2f(0.5, 0.5);
        glVertex2f(x, y);
    }
    glEnd();
}

#[test]
fn combine_settings_change_the_colour_without_new_pipelines() {
    let _ctx = current_compat_context();
    unsafe {
        enable_texel_texture(GL_TEXTURE0, [255, 128, 0, 255]);
        glColor4ub(0, 64, 255, 255);
        glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_COMBINE as GLint);
        quad();
        let first = pixel(10, 10);
        let created = device().pipeline_stats().created;

        let mut colours = vec![first];
        for function in [GL_REPLACE, GL_ADD, GL_SUBTRACT, GL_ADD_SIGNED] {
            for source in [GL_TEXTURE, GL_PRIMARY_COLOR] {
                for operand in [GL_SRC_COLOR, GL_ONE_MINUS_SRC_COLOR] {
                    glTexEnvi(GL_TEXTURE_ENV, GL_COMBINE_RGB, function as GLint);
                    glTexEnvi(GL_TEXTURE_ENV, GL_SRC0_RGB, source as GLint);
                    glTexEnvi(GL_TEXTURE_ENV, GL_OPERAND0_RGB, operand as GLint);
                    glTexEnvf(GL_TEXTURE_ENV, GL_RGB_SCALE, if operand == GL_SRC_COLOR { 1.0 } else { 2.0 });
                    quad();
                    colours.push(pixel(10, 10));
                }
            }
        }
        assert_eq!(glGetError(), GL_NO_ERROR);
        assert_eq!(device().pipeline_stats().created, created, "combine settings made new pipelines");
        // The settings took effect: the sweep drew many different colours.
        colours.sort();
        colours.dedup();
        assert!(colours.len() >= 8, "{colours:?}");
        // GL_REPLACE of the texel, then of the primary colour.
        glTexEnvi(GL_TEXTURE_ENV, GL_COMBINE_RGB, GL_REPLACE as GLint);
        glTexEnvi(GL_TEXTURE_ENV, GL_SRC0_RGB, GL_TEXTURE as GLint);
        glTexEnvi(GL_TEXTURE_ENV, GL_OPERAND0_RGB, GL_SRC_COLOR as GLint);
        glTexEnvf(GL_TEXTURE_ENV, GL_RGB_SCALE, 1.0);
        quad();
        assert_eq!(pixel(10, 10), [255, 128, 0, 255]);
        glTexEnvi(GL_TEXTURE_ENV, GL_SRC0_RGB, GL_PRIMARY_COLOR as GLint);
        quad();
        assert_eq!(pixel(10, 10), [0, 64, 255, 255]);
    }
}
