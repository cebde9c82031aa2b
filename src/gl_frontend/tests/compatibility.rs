//! The compatibility profile's legacy pipeline: matrix stacks and their queries and errors,
//! glBegin/glEnd with the current values, glRect, the built-in matrix uniforms, and drawing
//! without a program (fixed-function shaders), read back with glReadPixels.

mod common;

use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::*;

fn pixel(x: i32, y: i32) -> [u8; 4] {
    let mut p = [0u8; 4];
    unsafe { glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, p.as_mut_ptr().cast()) };
    p
}

fn clear(c: [f32; 4]) {
    unsafe {
        glClearColor(c[0], c[1], c[2], c[3]);
        glClear(GL_COLOR_BUFFER_BIT);
    }
}

fn get_doubles<const N: usize>(pname: GLenum) -> [f64; N] {
    let mut v = [f64::NAN; N];
    unsafe { glGetDoublev(pname, v.as_mut_ptr()) };
    v
}

fn assert_matrix(actual: [f64; 16], expected: [f64; 16]) {
    for (a, e) in actual.iter().zip(expected.iter()) {
        assert!((a - e).abs() < 1e-6, "{actual:?} != {expected:?}");
    }
}

fn shader(stage: GLenum, source: &str) -> GLuint {
    compiled_shader(stage, source)
}

#[test]
fn matrix_queries_follow_the_specified_formulas() {
    let _ctx = current_compat_context();
    unsafe {
        assert_eq!(get_int(GL_MATRIX_MODE), GL_MODELVIEW as i32);
        assert_eq!(get_int(GL_MAX_MODELVIEW_STACK_DEPTH), 32);
        assert!(get_int(GL_MAX_PROJECTION_STACK_DEPTH) >= 2);
        glTranslatef(1.0, 2.0, 3.0);
        glRotatef(90.0, 0.0, 0.0, 1.0);
        // T * R: R turns x into y; the translation is the last column.
        let expected = [0.0, 1.0, 0.0, 0.0, -1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 1.0, 2.0, 3.0, 1.0];
        assert_matrix(get_doubles(GL_MODELVIEW_MATRIX), expected);
        let t = get_doubles::<16>(GL_TRANSPOSE_MODELVIEW_MATRIX);
        assert_eq!([t[3], t[7], t[11]], [1.0, 2.0, 3.0]);
        glScaled(2.0, 2.0, 2.0);
        assert_eq!(get_doubles::<16>(GL_MODELVIEW_MATRIX)[10], 2.0);

        glMatrixMode(GL_PROJECTION);
        glOrtho(0.0, 4.0, 0.0, 2.0, -1.0, 1.0);
        let p = get_doubles::<16>(GL_PROJECTION_MATRIX);
        assert_matrix(p, [0.5, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, -1.0, 0.0, -1.0, -1.0, 0.0, 1.0]);
        glLoadIdentity();
        glFrustum(-1.0, 1.0, -1.0, 1.0, 1.0, 3.0);
        let f = get_doubles::<16>(GL_PROJECTION_MATRIX);
        assert_eq!([f[10], f[11], f[14], f[15]], [-2.0, -1.0, -3.0, 0.0]);

        glMatrixMode(GL_TEXTURE);
        glActiveTexture(GL_TEXTURE1);
        let m: [f32; 16] = std::array::from_fn(|i| i as f32);
        glLoadTransposeMatrixf(m.as_ptr());
        assert_eq!(get_doubles::<16>(GL_TEXTURE_MATRIX)[1], 4.0);
        glActiveTexture(GL_TEXTURE0);
        assert_eq!(get_doubles::<16>(GL_TEXTURE_MATRIX)[1], 0.0);
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
}

#[test]
fn matrix_stack_errors() {
    let _ctx = current_compat_context();
    unsafe {
        for _ in 1..32 {
            glPushMatrix();
        }
        assert_eq!(glGetError(), GL_NO_ERROR);
        assert_eq!(get_int(GL_MODELVIEW_STACK_DEPTH), 32);
        glPushMatrix();
        assert_eq!(glGetError(), GL_STACK_OVERFLOW);
        for _ in 1..32 {
            glPopMatrix();
        }
        assert_eq!(glGetError(), GL_NO_ERROR);
        glPopMatrix();
        assert_eq!(glGetError(), GL_STACK_UNDERFLOW);
        glOrtho(1.0, 1.0, 0.0, 1.0, 0.0, 1.0);
        assert_eq!(glGetError(), GL_INVALID_VALUE);
        glFrustum(-1.0, 1.0, -1.0, 1.0, 0.0, 1.0);
        assert_eq!(glGetError(), GL_INVALID_VALUE);
        glMatrixMode(GL_RGBA);
        assert_eq!(glGetError(), GL_INVALID_ENUM);
        glBegin(GL_TRIANGLES);
        glMatrixMode(GL_PROJECTION);
        glBegin(GL_POINTS);
        glEnd();
        assert_eq!(glGetError(), GL_INVALID_OPERATION);
        assert_eq!(get_int(GL_MATRIX_MODE), GL_MODELVIEW as i32);
        glEnd();
        assert_eq!(glGetError(), GL_INVALID_OPERATION);
    }
}

#[test]
fn current_values_are_queryable() {
    let _ctx = current_compat_context();
    unsafe {
        assert_eq!(get_floats::<4>(GL_CURRENT_COLOR), [1.0, 1.0, 1.0, 1.0]);
        glColor4ub(255, 0, 51, 255);
        assert_eq!(get_floats::<4>(GL_CURRENT_COLOR), [1.0, 0.0, 0.2, 1.0]);
        glNormal3f(1.0, 0.0, 0.0);
        assert_eq!(get_floats::<3>(GL_CURRENT_NORMAL), [1.0, 0.0, 0.0]);
        glMultiTexCoord2f(GL_TEXTURE0, 0.5, 0.25);
        assert_eq!(get_floats::<4>(GL_CURRENT_TEXTURE_COORDS), [0.5, 0.25, 0.0, 1.0]);
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
}

#[test]
fn begin_end_quads_through_glortho_land_on_the_expected_pixels() {
    let _ctx = current_compat_context();
    clear([0.0, 0.0, 0.0, 1.0]);
    unsafe {
        // One unit per pixel on the 64x32 window.
        glMatrixMode(GL_PROJECTION);
        glOrtho(0.0, 64.0, 0.0, 32.0, -1.0, 1.0);
        glMatrixMode(GL_MODELVIEW);
        glColor3f(1.0, 0.0, 0.0);
        glBegin(GL_QUADS);
        glVertex2i(8, 8);
        glVertex2i(24, 8);
        glVertex2i(24, 24);
        glVertex2i(8, 24);
        glEnd();
        // A polygon drawn through a translation.
        glTranslatef(32.0, 0.0, 0.0);
        glColor3ub(0, 255, 0);
        glBegin(GL_POLYGON);
        glVertex2f(0.0, 0.0);
        glVertex2f(16.0, 0.0);
        glVertex2f(20.0, 10.0);
        glVertex2f(16.0, 20.0);
        glVertex2f(0.0, 20.0);
        glEnd();
        glColor3f(0.0, 0.0, 1.0);
        glRecti(20, 24, 28, 30);
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
    assert_eq!(pixel(16, 16), [255, 0, 0, 255]);
    assert_eq!(pixel(4, 4), [0, 0, 0, 255]);
    assert_eq!(pixel(26, 16), [0, 0, 0, 255]);
    assert_eq!(pixel(40, 10), [0, 255, 0, 255]);
    assert_eq!(pixel(50, 10), [0, 255, 0, 255]);
    assert_eq!(pixel(56, 27), [0, 0, 255, 255]);
}

#[test]
fn vertex_shader_reads_the_modelview_projection_matrix() {
    let _ctx = current_compat_context();
    // ftransform() is the same product, computed by the compiler.
    let vs = "#version 110\nvoid main() { gl_Position = 0.5 * (gl_ModelViewProjectionMatrix * gl_Vertex + ftransform()); gl_FrontColor = gl_Color; }\n";
    let fs = "#version 110\nvoid main() { gl_FragColor = gl_Color; }\n";
    clear([0.0, 0.0, 0.0, 1.0]);
    unsafe {
        let p = glCreateProgram();
        glAttachShader(p, shader(GL_VERTEX_SHADER, vs));
        glAttachShader(p, shader(GL_FRAGMENT_SHADER, fs));
        glLinkProgram(p);
        glUseProgram(p);
        // The unit square scaled to a quarter and moved into the upper-right quadrant.
        glMatrixMode(GL_PROJECTION);
        glTranslatef(0.5, 0.5, 0.0);
        glMatrixMode(GL_MODELVIEW);
        glScalef(0.25, 0.25, 1.0);
        glColor3f(1.0, 1.0, 0.0);
        glBegin(GL_TRIANGLE_STRIP);
        glVertex2f(-1.0, -1.0);
        glVertex2f(1.0, -1.0);
        glVertex2f(-1.0, 1.0);
        glVertex2f(1.0, 1.0);
        glEnd();
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
    // Covers x in [0.25, 0.75] of NDC: pixels 40..56, y pixels 20..28.
    assert_eq!(pixel(48, 24), [255, 255, 0, 255]);
    assert_eq!(pixel(16, 8), [0, 0, 0, 255]);
    assert_eq!(pixel(60, 24), [0, 0, 0, 255]);
}

#[test]
fn fixed_function_texturing_modulates_the_colour() {
    let _ctx = current_compat_context();
    clear([0.0, 0.0, 0.0, 1.0]);
    let texels: [u8; 16] = [0, 255, 0, 255, 0, 255, 0, 255, 0, 255, 0, 255, 0, 255, 0, 255];
    unsafe {
        let mut tex = 0;
        glGenTextures(1, &mut tex);
        glBindTexture(GL_TEXTURE_2D, tex);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8 as GLint, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.as_ptr().cast());
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST as GLint);
        glEnable(GL_TEXTURE_2D);
        assert_eq!(glIsEnabled(GL_TEXTURE_2D), 1);
        glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_MODULATE as GLint);
        glColor4f(0.5, 1.0, 1.0, 1.0);
        glBegin(GL_QUADS);
        glTexCoord2f(0.0, 0.0);
        glVertex2f(-1.0, -1.0);
        glTexCoord2f(1.0, 0.0);
        glVertex2f(1.0, -1.0);
        glTexCoord2f(1.0, 1.0);
        glVertex2f(1.0, 1.0);
        glTexCoord2f(0.0, 1.0);
        glVertex2f(-1.0, 1.0);
        glEnd();
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
    assert_eq!(pixel(32, 16), [0, 255, 0, 255]);
}

#[test]
fn draw_arrays_and_elements_with_quads() {
    let _ctx = current_compat_context();
    clear([0.0, 0.0, 0.0, 1.0]);
    // Two quads: the left and right halves of the window, the right one drawn by index.
    let points: [[f32; 2]; 8] = [[-1.0, -1.0], [0.0, -1.0], [0.0, 1.0], [-1.0, 1.0], [0.0, -1.0], [1.0, -1.0], [1.0, 1.0], [0.0, 1.0]];
    let indices: [u8; 4] = [4, 5, 6, 7];
    unsafe {
        glVertexPointer(2, GL_FLOAT, 0, points.as_ptr().cast());
        glEnableClientState(GL_VERTEX_ARRAY);
        glColor3f(0.0, 1.0, 0.0);
        glDrawArrays(GL_QUADS, 0, 4);
        glColor3f(0.0, 0.0, 1.0);
        glDrawElements(GL_QUADS, 4, GL_UNSIGNED_BYTE, indices.as_ptr().cast());
        glShadeModel(GL_FLAT);
        assert_eq!(get_int(GL_SHADE_MODEL), GL_FLAT as i32);
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
    assert_eq!(pixel(10, 10), [0, 255, 0, 255]);
    assert_eq!(pixel(50, 20), [0, 0, 255, 255]);
}
