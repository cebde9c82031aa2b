//! Fixed-function drawing without a program (compatibility profile): lighting, fog, the
//! alpha test, flat shading and point sizes, read back with glReadPixels.

mod common;

use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;

fn assert_near(actual: [u8; 4], expected: [u8; 4]) {
    for (a, e) in actual.iter().zip(expected) {
        assert!((*a as i32 - e as i32).abs() <= 3, "{actual:?} != {expected:?}");
    }
}

unsafe fn clear_black() {
    glClearColor(0.0, 0.0, 0.0, 0.0);
    glClear(GL_COLOR_BUFFER_BIT);
}

/// A full-window quad facing the viewer.
unsafe fn quad() {
    glBegin(GL_QUADS);
    glNormal3f(0.0, 0.0, 1.0);
    glVertex2f(-1.0, -1.0);
    glVertex2f(1.0, -1.0);
    glVertex2f(1.0, 1.0);
    glVertex2f(-1.0, 1.0);
    glEnd();
}

#[test]
fn a_directional_light_lights_the_diffuse_material() {
    let _ctx = current_compat_context();
    unsafe {
        clear_black();
        glEnable(GL_LIGHTING);
        glEnable(GL_LIGHT0);
        glLightModelfv(GL_LIGHT_MODEL_AMBIENT, [0.0f32, 0.0, 0.0, 1.0].as_ptr());
        glMaterialfv(GL_FRONT, GL_DIFFUSE, [0.5f32, 0.25, 0.0, 1.0].as_ptr());
        // Light 0 shines down -z from the viewer: N.L = 1.
        quad();
        assert_near(pixel(10, 10), [128, 64, 0, 255]);
        // Half the light from 60 degrees off the normal.
        glLightfv(GL_LIGHT0, GL_POSITION, [0.0f32, 3.0f32.sqrt(), 1.0, 0.0].as_ptr());
        quad();
        assert_near(pixel(10, 10), [64, 32, 0, 255]);
        // Colour material takes the diffuse colour from glColor.
        glLightfv(GL_LIGHT0, GL_POSITION, [0.0f32, 0.0, 1.0, 0.0].as_ptr());
        glEnable(GL_COLOR_MATERIAL);
        glColor3f(0.0, 0.0, 1.0);
        quad();
        assert_near(pixel(10, 10), [0, 0, 255, 255]);
        glDisable(GL_LIGHTING);
        glColor3f(0.0, 1.0, 0.0);
        quad();
        assert_near(pixel(10, 10), [0, 255, 0, 255]);
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
}

#[test]
fn linear_fog_mixes_by_the_fog_coordinate() {
    let _ctx = current_compat_context();
    unsafe {
        clear_black();
        glEnable(GL_FOG);
        glFogi(GL_FOG_MODE, GL_LINEAR as i32);
        glFogf(GL_FOG_START, 0.0);
        glFogf(GL_FOG_END, 2.0);
        glFogfv(GL_FOG_COLOR, [0.0f32, 0.0, 1.0, 1.0].as_ptr());
        glFogi(GL_FOG_COORD_SRC, GL_FOG_COORD as i32);
        glFogCoordf(1.0);
        glColor3f(1.0, 0.0, 0.0);
        quad();
        assert_near(pixel(10, 10), [128, 0, 128, 255]);
        // Exponential fog: f = e^-(density * c).
        glFogi(GL_FOG_MODE, GL_EXP as i32);
        glFogf(GL_FOG_DENSITY, std::f32::consts::LN_2);
        quad();
        assert_near(pixel(10, 10), [128, 0, 128, 255]);
    }
}

#[test]
fn the_alpha_test_discards_fragments() {
    let _ctx = current_compat_context();
    unsafe {
        clear_black();
        glEnable(GL_ALPHA_TEST);
        glAlphaFunc(GL_GREATER, 0.5);
        glColor4f(1.0, 1.0, 1.0, 0.25);
        quad();
        assert_eq!(pixel(10, 10), [0, 0, 0, 0]);
        glColor4f(1.0, 1.0, 1.0, 0.75);
        quad();
        assert_near(pixel(10, 10), [255, 255, 255, 191]);
    }
}

#[test]
fn flat_shading_takes_the_last_vertex_colour() {
    let _ctx = current_compat_context();
    unsafe {
        clear_black();
        glShadeModel(GL_FLAT);
        draw_red_green_blue_window_triangle();
        assert_eq!(pixel(2, 2), [0, 0, 255, 255]);
        assert_eq!(pixel(40, 20), [0, 0, 255, 255]);
    }
}

#[test]
fn points_take_the_point_size() {
    let _ctx = current_compat_context();
    unsafe {
        clear_black();
        glPointSize(9.0);
        glColor3f(1.0, 1.0, 1.0);
        glBegin(GL_POINTS);
        glVertex2f(0.0, 0.0);
        glEnd();
        // The window is 64x32: the point covers 28..36 by 12..20.
        assert_eq!(pixel(29, 13), [255, 255, 255, 255]);
        assert_eq!(pixel(35, 19), [255, 255, 255, 255]);
        assert_eq!(pixel(26, 10), [0, 0, 0, 0]);
    }
}

/// A quad textured with unit 0's 2D texture at coordinates (0.5, 0.5).
unsafe fn textured_quad() {
    glTexCoord2f(0.5, 0.5);
    quad();
}

#[test]
fn a_draw_after_a_state_change_uses_the_changed_state() {
    // The program a draw uses is cached between draws: every change that selects another
    // program must reach the next draw, whichever call made it.
    let _ctx = current_compat_context();
    unsafe {
        clear_black();
        enable_texel_texture(GL_TEXTURE0, [255, 0, 0, 128]);
        glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE as i32);
        glColor4f(0.0, 1.0, 0.0, 1.0);
        textured_quad();
        assert_near(pixel(10, 10), [255, 0, 0, 128]);
        // The same draw again: nothing changed, nothing differs.
        textured_quad();
        assert_near(pixel(10, 10), [255, 0, 0, 128]);
        // The bound texture respecified as GL_ALPHA: GL_REPLACE keeps the primary colour.
        let alpha = [64u8];
        glTexImage2D(GL_TEXTURE_2D, 0, GL_ALPHA8 as i32, 1, 1, 0, GL_ALPHA, GL_UNSIGNED_BYTE, alpha.as_ptr().cast());
        textured_quad();
        assert_near(pixel(10, 10), [0, 255, 0, 64]);
        // Another texture environment.
        glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_MODULATE as i32);
        glColor4f(0.0, 1.0, 0.0, 0.5);
        textured_quad();
        assert_near(pixel(10, 10), [0, 255, 0, 32]);
        // Texturing off, then a light's colour changed between two lit draws.
        glDisable(GL_TEXTURE_2D);
        glEnable(GL_LIGHTING);
        glEnable(GL_LIGHT0);
        glLightModelfv(GL_LIGHT_MODEL_AMBIENT, [0.0f32, 0.0, 0.0, 1.0].as_ptr());
        glMaterialfv(GL_FRONT, GL_DIFFUSE, [1.0f32, 1.0, 1.0, 1.0].as_ptr());
        glLightfv(GL_LIGHT0, GL_DIFFUSE, [0.0f32, 0.0, 1.0, 1.0].as_ptr());
        quad();
        assert_near(pixel(10, 10), [0, 0, 255, 255]);
        glLightfv(GL_LIGHT0, GL_DIFFUSE, [1.0f32, 0.0, 0.0, 1.0].as_ptr());
        quad();
        assert_near(pixel(10, 10), [255, 0, 0, 255]);
        // Smooth, then flat shading of the same triangle: the corner at the first vertex
        // turns from its own colour to the last vertex's.
        glDisable(GL_LIGHTING);
        for (model, expected) in [(GL_SMOOTH, [255, 0, 0, 255]), (GL_FLAT, [0, 0, 255, 255])] {
            glShadeModel(model);
            draw_red_green_blue_window_triangle();
            assert_near(pixel(0, 0), expected);
        }
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
}

#[test]
fn an_incomplete_texture_leaves_its_unit_out_of_fixed_function_texturing() {
    let _ctx = current_compat_context();
    unsafe {
        clear_black();
        enable_texel_texture(GL_TEXTURE0, [255, 0, 0, 255]);
        glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE as i32);
        glColor4f(0.0, 1.0, 0.0, 1.0);
        textured_quad();
        assert_near(pixel(10, 10), [255, 0, 0, 255]);
        // A mipmap filter on a texture of one 1x1 level is complete; on a 2x2 level without
        // the level below it is not, and the unit acts as if texturing were off.
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST as i32);
        let red = [[255u8, 0, 0, 255]; 4];
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8 as i32, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, red.as_ptr().cast());
        textured_quad();
        assert_near(pixel(10, 10), [0, 255, 0, 255]);
        assert_eq!(error(), GL_NO_ERROR);
    }
}

#[test]
fn the_default_texture_is_sampled() {
    let _ctx = current_compat_context();
    unsafe {
        clear_black();
        glActiveTexture(GL_TEXTURE0);
        glBindTexture(GL_TEXTURE_2D, 0);
        let blue = [0u8, 0, 255, 255];
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8 as i32, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, blue.as_ptr().cast());
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST as i32);
        glEnable(GL_TEXTURE_2D);
        glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE as i32);
        glColor4f(0.0, 1.0, 0.0, 1.0);
        textured_quad();
        assert_near(pixel(10, 10), blue);
        glDisable(GL_TEXTURE_2D);
        assert_eq!(error(), GL_NO_ERROR);
    }
}

#[test]
fn materials_set_between_begin_and_end_light_their_vertices() {
    let _ctx = current_compat_context();
    let red = [1.0f32, 0.0, 0.0, 1.0];
    let green = [0.0f32, 1.0, 0.0, 1.0];
    let black = [0.0f32, 0.0, 0.0, 1.0];
    unsafe {
        clear_black();
        glEnable(GL_LIGHTING);
        glEnable(GL_LIGHT0);
        glLightModelfv(GL_LIGHT_MODEL_AMBIENT, black.as_ptr());
        glMaterialfv(GL_FRONT_AND_BACK, GL_DIFFUSE, black.as_ptr());
        // Two quads in one strip, the left one's vertices red, the right one's green.
        glShadeModel(GL_FLAT);
        glBegin(GL_TRIANGLE_STRIP);
        glNormal3f(0.0, 0.0, 1.0);
        glMaterialfv(GL_FRONT_AND_BACK, GL_DIFFUSE, red.as_ptr());
        for (x, y) in [(-1.0, -1.0), (-1.0, 1.0), (0.0, -1.0), (0.0, 1.0)] {
            glVertex2f(x, y);
        }
        glMaterialfv(GL_FRONT_AND_BACK, GL_DIFFUSE, green.as_ptr());
        glVertex2f(1.0, -1.0);
        glVertex2f(1.0, 1.0);
        glEnd();
        assert_near(pixel(10, 16), [255, 0, 0, 255]);
        assert_near(pixel(54, 16), [0, 255, 0, 255]);
        // After glEnd the material is the one set last.
        let mut diffuse = [0.0f32; 4];
        glGetMaterialfv(GL_FRONT, GL_DIFFUSE, diffuse.as_mut_ptr());
        assert_eq!(diffuse, green);
        glShadeModel(GL_SMOOTH);
        glDisable(GL_LIGHTING);
    }
}

#[test]
fn a_vertex_shader_reads_the_material_of_glbegin() {
    let _ctx = current_compat_context();
    let vs = "void main() { gl_FrontColor = gl_FrontMaterial.diffuse; gl_Position = gl_Vertex; }";
    let fs = "void main() { gl_FragColor = gl_Color; }";
    let program = linked_program(&[(GL_VERTEX_SHADER, vs), (GL_FRAGMENT_SHADER, fs)]);
    unsafe {
        clear_black();
        glUseProgram(program);
        glMaterialfv(GL_FRONT, GL_DIFFUSE, [0.0f32, 0.0, 1.0, 1.0].as_ptr());
        glBegin(GL_QUADS);
        for (x, y) in [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)] {
            // Per-vertex materials feed fixed-function lighting only.
            glMaterialfv(GL_FRONT, GL_DIFFUSE, [1.0f32, 0.0, 0.0, 1.0].as_ptr());
            glVertex2f(x, y);
        }
        glEnd();
        assert_near(pixel(32, 16), [0, 0, 255, 255]);
        glUseProgram(0);
    }
}
