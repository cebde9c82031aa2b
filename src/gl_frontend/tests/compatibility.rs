//! The compatibility profile's legacy pipeline: matrix stacks and their queries and errors,
//! glBegin/glEnd with the current values, glRect, the built-in matrix uniforms, and drawing
//! without a program (fixed-function shaders), read back with glReadPixels.

mod common;

use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::*;

fn clear(c: [f32; 4]) {
    unsafe {
        glClearColor(c[0], c[1], c[2], c[3]);
        glClear(GL_COLOR_BUFFER_BIT);
    }
}

/// Clears the window to opaque black, the background most tests read against.
fn clear_black() {
    clear([0.0, 0.0, 0.0, 1.0]);
}

/// A quad over the whole window whose texture coordinates run from (0, 0) at the bottom
/// left to (1, 1) at the top right, in the current colour.
fn textured_window_quad() {
    unsafe {
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
    clear_black();
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
    clear_black();
    unsafe {
        glUseProgram(linked_program(&[(GL_VERTEX_SHADER, vs), (GL_FRAGMENT_SHADER, fs)]));
        // The unit square scaled to a quarter and moved into the upper-right quadrant.
        glMatrixMode(GL_PROJECTION);
        glTranslatef(0.5, 0.5, 0.0);
        glMatrixMode(GL_MODELVIEW);
        glScalef(0.25, 0.25, 1.0);
        glColor3f(1.0, 1.0, 0.0);
        immediate_unit_square();
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
    clear_black();
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
        textured_window_quad();
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
    assert_eq!(pixel(32, 16), [0, 255, 0, 255]);
}

#[test]
fn draw_arrays_and_elements_with_quads() {
    let _ctx = current_compat_context();
    clear_black();
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

/// The window-space square 10..30 x 10..30 at object depth `z`, through glOrtho over the
/// 64x32 window, as a triangle strip from a client vertex array.
fn draw_square_array(z: f32) {
    let square: [f32; 12] = [10.0, 10.0, z, 30.0, 10.0, z, 10.0, 30.0, z, 30.0, 30.0, z];
    unsafe {
        glVertexPointer(3, GL_FLOAT, 0, square.as_ptr().cast());
        glEnableClientState(GL_VERTEX_ARRAY);
        glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
        glDisableClientState(GL_VERTEX_ARRAY);
    }
}

#[test]
fn selection_records_a_hit_per_name_with_its_depth_range() {
    let _ctx = current_compat_context();
    window_ortho();
    let mut buffer = [0u32; 32];
    unsafe {
        glSelectBuffer(32, buffer.as_mut_ptr());
        assert_eq!(glRenderMode(GL_SELECT), 0);
        assert_eq!(get_int(GL_RENDER_MODE), GL_SELECT as i32);
        glInitNames();
        glPushName(1);
        // Object depth 0.5 is window depth 0.25, -0.5 is 0.75 (glOrtho's z is negated).
        draw_square_array(0.5);
        draw_square_array(-0.5);
        glPushName(2);
        // Entirely outside the view volume: no hit.
        glBegin(GL_TRIANGLES);
        glVertex2f(100.0, 100.0);
        glVertex2f(120.0, 100.0);
        glVertex2f(100.0, 120.0);
        glEnd();
        glLoadName(3);
        glBegin(GL_POINTS);
        glVertex3f(5.0, 5.0, 0.0);
        glEnd();
        assert_eq!(get_int(GL_NAME_STACK_DEPTH), 2);
        assert_eq!(glRenderMode(GL_RENDER), 2);
    }
    let depth = |z: f64| (z * u32::MAX as f64).round() as u32;
    assert_eq!(&buffer[..4], &[1, depth(0.25), depth(0.75), 1]);
    assert_eq!(&buffer[4..9], &[2, depth(0.5), depth(0.5), 1, 3]);
    assert_eq!(error(), GL_NO_ERROR);
}

#[test]
fn selection_errors_and_overflow() {
    let _ctx = current_compat_context();
    window_ortho();
    unsafe {
        // No select buffer yet.
        assert_eq!(glRenderMode(GL_SELECT), 0);
        assert_eq!(error(), GL_INVALID_OPERATION);
        assert_eq!(glRenderMode(GL_LINE), 0);
        assert_eq!(error(), GL_INVALID_ENUM);
        let mut small = [0u32; 3];
        glSelectBuffer(-1, small.as_mut_ptr());
        assert_eq!(error(), GL_INVALID_VALUE);
        glSelectBuffer(3, small.as_mut_ptr());
        glRenderMode(GL_SELECT);
        glSelectBuffer(3, small.as_mut_ptr());
        assert_eq!(error(), GL_INVALID_OPERATION);
        glLoadName(5);
        assert_eq!(error(), GL_INVALID_OPERATION, "glLoadName needs a name on the stack");
        glPopName();
        assert_eq!(error(), GL_STACK_UNDERFLOW);
        for i in 0..get_int(GL_MAX_NAME_STACK_DEPTH) {
            glPushName(i as u32);
        }
        assert_eq!(error(), GL_NO_ERROR);
        glPushName(99);
        assert_eq!(error(), GL_STACK_OVERFLOW);
        glInitNames();
        glPushName(7);
        draw_square_array(0.0);
        // Four values of the record do not fit in three.
        assert_eq!(glRenderMode(GL_RENDER), -1);
        assert_eq!(small[0], 1);
    }
}

#[test]
fn feedback_reports_clipped_polygons_lines_and_points_with_their_values() {
    let _ctx = current_compat_context();
    window_ortho();
    let mut buffer = [-1.0f32; 64];
    unsafe {
        glFeedbackBuffer(64, GL_3D_COLOR, buffer.as_mut_ptr());
        glRenderMode(GL_FEEDBACK);
        glColor4f(0.25, 0.5, 0.75, 1.0);
        glBegin(GL_TRIANGLES);
        glVertex3f(10.0, 10.0, 0.5);
        glVertex3f(20.0, 10.0, 0.5);
        glVertex3f(10.0, 20.0, 0.5);
        glEnd();
        glPassThrough(42.0);
        // A line from inside to beyond the right edge ends on it.
        glBegin(GL_LINES);
        glVertex2f(32.0, 16.0);
        glVertex2f(96.0, 16.0);
        glEnd();
        glBegin(GL_POINTS);
        glVertex2f(1.0, 2.0);
        glVertex2f(-1.0, 2.0);
        glEnd();
        let count = glRenderMode(GL_RENDER);
        let c = [0.25, 0.5, 0.75, 1.0];
        let mut expected = vec![GL_POLYGON_TOKEN as f32, 3.0];
        for (x, y) in [(10.0, 10.0), (20.0, 10.0), (10.0, 20.0)] {
            expected.extend([x, y, 0.25]);
            expected.extend(c);
        }
        expected.extend([GL_PASS_THROUGH_TOKEN as f32, 42.0, GL_LINE_RESET_TOKEN as f32]);
        for x in [32.0, 64.0] {
            expected.extend([x, 16.0, 0.5]);
            expected.extend(c);
        }
        expected.extend([GL_POINT_TOKEN as f32, 1.0, 2.0, 0.5]);
        expected.extend(c);
        assert_eq!(count as usize, expected.len());
        for (i, (a, e)) in buffer.iter().zip(&expected).enumerate() {
            assert!((a - e).abs() < 1e-4, "value {i}: {a} != {e} in {buffer:?}");
        }
        // Nothing was drawn.
        assert_eq!(error(), GL_NO_ERROR);
    }
}

#[test]
fn feedback_reads_vertex_arrays_and_culls() {
    let _ctx = current_compat_context();
    window_ortho();
    let positions: [f32; 8] = [1.0, 2.0, 0.0, 1.0, 3.0, 4.0, 0.0, 1.0];
    let tex: [f32; 8] = [5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0];
    let mut buffer = [-1.0f32; 32];
    unsafe {
        glVertexPointer(4, GL_FLOAT, 0, positions.as_ptr().cast());
        glTexCoordPointer(4, GL_FLOAT, 0, tex.as_ptr().cast());
        glEnableClientState(GL_VERTEX_ARRAY);
        glEnableClientState(GL_TEXTURE_COORD_ARRAY);
        glFeedbackBuffer(32, GL_4D_COLOR_TEXTURE, buffer.as_mut_ptr());
        glRenderMode(GL_FEEDBACK);
        let indices: [u8; 2] = [1, 0];
        glDrawElements(GL_LINES, 2, GL_UNSIGNED_BYTE, indices.as_ptr().cast());
        let count = glRenderMode(GL_RENDER);
        let white = [1.0, 1.0, 1.0, 1.0];
        let mut expected = vec![GL_LINE_RESET_TOKEN as f32, 3.0, 4.0, 0.5, 1.0];
        expected.extend(white);
        expected.extend([9.0, 10.0, 11.0, 12.0, 1.0, 2.0, 0.5, 1.0]);
        expected.extend(white);
        expected.extend([5.0, 6.0, 7.0, 8.0]);
        assert_eq!(&buffer[..count as usize], &expected[..]);

        // A clockwise triangle is culled as a back face.
        glEnable(GL_CULL_FACE);
        glFeedbackBuffer(32, GL_2D, buffer.as_mut_ptr());
        glRenderMode(GL_FEEDBACK);
        glBegin(GL_TRIANGLES);
        glVertex2f(10.0, 10.0);
        glVertex2f(10.0, 20.0);
        glVertex2f(20.0, 10.0);
        glEnd();
        assert_eq!(glRenderMode(GL_RENDER), 0);
        let mut pointer = std::ptr::null_mut();
        glGetPointerv(GL_FEEDBACK_BUFFER_POINTER, &mut pointer);
        assert_eq!(pointer as usize, buffer.as_ptr() as usize);
        glFeedbackBuffer(32, GL_RGBA, buffer.as_mut_ptr());
        assert_eq!(error(), GL_INVALID_ENUM);
    }
}

#[test]
fn array_element_provokes_vertices_from_the_enabled_arrays() {
    let _ctx = current_compat_context();
    window_ortho();
    let positions: [f32; 8] = [0.0, 0.0, 64.0, 0.0, 64.0, 32.0, 0.0, 32.0];
    let colors: [u8; 16] = [255, 0, 0, 255, 255, 0, 0, 255, 255, 0, 0, 255, 255, 0, 0, 255];
    unsafe {
        clear([0.0, 0.0, 1.0, 1.0]);
        glVertexPointer(2, GL_FLOAT, 0, positions.as_ptr().cast());
        glColorPointer(4, GL_UNSIGNED_BYTE, 0, colors.as_ptr().cast());
        glEnableClientState(GL_VERTEX_ARRAY);
        glEnableClientState(GL_COLOR_ARRAY);
        glBegin(GL_QUADS);
        for i in 0..4 {
            glArrayElement(i);
        }
        glEnd();
        assert_eq!(error(), GL_NO_ERROR);
        assert_eq!(pixel(32, 16), [255, 0, 0, 255]);
        // Outside glBegin/glEnd the elements only become current values.
        glDisableClientState(GL_VERTEX_ARRAY);
        glColor4f(0.0, 0.0, 0.0, 0.0);
        glArrayElement(2);
        assert_eq!(get_floats::<4>(GL_CURRENT_COLOR), [1.0, 0.0, 0.0, 1.0]);
    }
}

#[test]
fn multi_draw_arrays_and_elements_draw_each_range_and_refuse_negative_counts() {
    let _ctx = current_compat_context();
    window_ortho();
    // Two quads: the left and the right half of the window.
    let positions: [f32; 16] = [0.0, 0.0, 32.0, 0.0, 32.0, 32.0, 0.0, 32.0, 32.0, 0.0, 64.0, 0.0, 64.0, 32.0, 32.0, 32.0];
    unsafe {
        glVertexPointer(2, GL_FLOAT, 0, positions.as_ptr().cast());
        glEnableClientState(GL_VERTEX_ARRAY);
        clear_black();
        glColor3f(0.0, 1.0, 0.0);
        let first = [0, 4];
        let count = [4, -1];
        glMultiDrawArrays(GL_TRIANGLE_FAN, first.as_ptr(), count.as_ptr(), 2);
        assert_eq!(error(), GL_INVALID_VALUE);
        glMultiDrawArrays(GL_TRIANGLE_FAN, first.as_ptr(), count.as_ptr(), -1);
        assert_eq!(error(), GL_INVALID_VALUE);
        assert_eq!(pixel(16, 16), [0, 0, 0, 255], "an erroneous command draws nothing");
        let count = [4, 0];
        glMultiDrawArrays(GL_TRIANGLE_FAN, first.as_ptr(), count.as_ptr(), 2);
        assert_eq!((pixel(16, 16), pixel(48, 16)), ([0, 255, 0, 255], [0, 0, 0, 255]));

        glColor3f(1.0, 0.0, 0.0);
        let right: [u16; 4] = [0, 1, 2, 3];
        let left: [u16; 4] = [3, 2, 1, 0];
        let indices = [right.as_ptr().cast::<c_void>(), left.as_ptr().cast()];
        let counts = [4, 4];
        let bases = [4, 0];
        glMultiDrawElementsBaseVertex(GL_TRIANGLE_FAN, counts.as_ptr(), GL_UNSIGNED_SHORT, indices.as_ptr(), 2, bases.as_ptr());
        assert_eq!((pixel(16, 16), pixel(48, 16)), ([255, 0, 0, 255], [255, 0, 0, 255]));
        assert_eq!(error(), GL_NO_ERROR);
    }
}

#[test]
fn pixel_maps_round_trip_and_turn_colour_indices_into_rgba() {
    let _ctx = current_compat_context();
    unsafe {
        assert_eq!(get_int(GL_PIXEL_MAP_I_TO_R_SIZE), 1);
        let red = [1.0f32, 0.0, 0.0, 1.0];
        let green = [0.0f32, 1.0, 0.0, 1.0];
        let blue = [0.0f32, 0.0, 1.0, 1.0];
        let alpha = [1.0f32; 4];
        glPixelMapfv(GL_PIXEL_MAP_I_TO_R, 4, red.as_ptr());
        glPixelMapfv(GL_PIXEL_MAP_I_TO_G, 4, green.as_ptr());
        glPixelMapfv(GL_PIXEL_MAP_I_TO_B, 4, blue.as_ptr());
        glPixelMapfv(GL_PIXEL_MAP_I_TO_A, 4, alpha.as_ptr());
        assert_eq!(get_int(GL_PIXEL_MAP_I_TO_R_SIZE), 4);
        let mut back = [0u16; 4];
        glGetPixelMapusv(GL_PIXEL_MAP_I_TO_G, back.as_mut_ptr());
        assert_eq!(back, [0, 65535, 0, 65535]);
        // Index tables are powers of two in size.
        glPixelMapfv(GL_PIXEL_MAP_I_TO_R, 3, red.as_ptr());
        assert_eq!(error(), GL_INVALID_VALUE);
        glPixelMapfv(GL_RGBA, 1, red.as_ptr());
        assert_eq!(error(), GL_INVALID_ENUM);
        let stencil = [5u32, 6];
        glPixelMapuiv(GL_PIXEL_MAP_S_TO_S, 2, stencil.as_ptr());
        let mut got = [0u32; 2];
        glGetPixelMapuiv(GL_PIXEL_MAP_S_TO_S, got.as_mut_ptr());
        assert_eq!(got, stencil);

        clear_black();
        // Indices 0..3 in four columns of a 4x1 image, each 8 pixels wide by zoom.
        let image: [u8; 4] = [0, 1, 2, 3];
        glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
        glPixelZoom(8.0, 8.0);
        glWindowPos2i(0, 0);
        glDrawPixels(4, 1, GL_COLOR_INDEX, GL_UNSIGNED_BYTE, image.as_ptr().cast());
        glPixelZoom(1.0, 1.0);
        assert_eq!(error(), GL_NO_ERROR);
        assert_eq!(pixel(4, 4), [255, 0, 0, 255]);
        assert_eq!(pixel(12, 4), [0, 255, 0, 255]);
        assert_eq!(pixel(20, 4), [0, 0, 255, 255]);
        assert_eq!(pixel(28, 4), [255, 255, 255, 255]);

        // GL_MAP_COLOR sends RGBA images through R_TO_R .. A_TO_A: red is inverted.
        let invert = [1.0f32, 0.0];
        let identity = [0.0f32, 1.0];
        glPixelMapfv(GL_PIXEL_MAP_R_TO_R, 2, invert.as_ptr());
        for map in [GL_PIXEL_MAP_G_TO_G, GL_PIXEL_MAP_B_TO_B, GL_PIXEL_MAP_A_TO_A] {
            glPixelMapfv(map, 2, identity.as_ptr());
        }
        glPixelTransferi(GL_MAP_COLOR, 1);
        let rgba: [f32; 4] = [0.0, 0.0, 1.0, 1.0];
        glWindowPos2i(40, 10);
        glDrawPixels(1, 1, GL_RGBA, GL_FLOAT, rgba.as_ptr().cast());
        glPixelTransferi(GL_MAP_COLOR, 0);
        assert_eq!(pixel(40, 10), [255, 0, 255, 255]);
    }
}

/// Draws a counter-clockwise (front-facing) triangle over x in [0, 32) and a clockwise
/// (back-facing) one over x in [32, 64), in window coordinates.
fn draw_front_and_back_triangles() {
    unsafe {
        glBegin(GL_TRIANGLES);
        glVertex2f(0.0, 0.0);
        glVertex2f(32.0, 0.0);
        glVertex2f(0.0, 32.0);
        glVertex2f(32.0, 0.0);
        glVertex2f(32.0, 32.0);
        glVertex2f(64.0, 0.0);
        glEnd();
    }
}

#[test]
fn vertex_program_two_side_gives_back_faces_the_back_colours() {
    let _ctx = current_compat_context();
    let vs = "#version 110\nvoid main() {\n gl_Position = ftransform();\n gl_FrontColor = vec4(0.0, 1.0, 0.0, 1.0);\n gl_BackColor = vec4(1.0, 0.0, 0.0, 1.0);\n gl_FrontSecondaryColor = vec4(0.0, 0.0, 0.2, 1.0);\n gl_BackSecondaryColor = vec4(0.0, 0.0, 0.6, 1.0);\n}\n";
    let fs = "#version 110\nvoid main() { gl_FragColor = vec4(gl_Color.rg, gl_SecondaryColor.b, 1.0); }\n";
    let p = linked_program(&[(GL_VERTEX_SHADER, vs), (GL_FRAGMENT_SHADER, fs)]);
    window_ortho();
    unsafe {
        glUseProgram(p);
        assert_eq!(glIsEnabled(GL_VERTEX_PROGRAM_TWO_SIDE), 0);
        clear_black();
        draw_front_and_back_triangles();
        // Disabled: both faces take the front colours.
        assert_eq!(pixel(4, 4), [0, 255, 51, 255]);
        assert_eq!(pixel(36, 4), [0, 255, 51, 255]);

        glEnable(GL_VERTEX_PROGRAM_TWO_SIDE);
        assert_eq!(glIsEnabled(GL_VERTEX_PROGRAM_TWO_SIDE), 1);
        clear_black();
        draw_front_and_back_triangles();
        assert_eq!(pixel(4, 4), [0, 255, 51, 255]);
        assert_eq!(pixel(36, 4), [255, 0, 153, 255]);

        // glFrontFace decides which face is the back one.
        glFrontFace(GL_CW);
        clear_black();
        draw_front_and_back_triangles();
        assert_eq!(pixel(4, 4), [255, 0, 153, 255]);
        assert_eq!(pixel(36, 4), [0, 255, 51, 255]);
        glFrontFace(GL_CCW);

        glDisable(GL_VERTEX_PROGRAM_TWO_SIDE);
        clear_black();
        draw_front_and_back_triangles();
        assert_eq!(pixel(36, 4), [0, 255, 51, 255]);
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
}

#[test]
fn polygon_mode_line_outlines_only_edges_with_the_edge_flag() {
    let _ctx = current_compat_context();
    window_ortho();
    unsafe {
        assert_eq!(get_int(GL_EDGE_FLAG), 1);
        glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
        clear_black();
        glColor3f(0.0, 1.0, 0.0);
        glBegin(GL_POLYGON);
        glVertex2f(10.5, 10.5);
        glVertex2f(30.5, 10.5);
        glVertex2f(30.5, 20.5);
        glEdgeFlag(GL_FALSE as GLboolean);
        glVertex2f(10.5, 20.5);
        glEnd();
        assert_eq!(get_int(GL_EDGE_FLAG), 0);
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
    let green = [0, 255, 0, 255];
    let black = [0, 0, 0, 255];
    assert_eq!(pixel(20, 10), green, "bottom edge");
    assert_eq!(pixel(30, 15), green, "right edge");
    assert_eq!(pixel(20, 20), green, "top edge");
    assert_eq!(pixel(10, 15), black, "the left edge starts at a vertex without the flag");
    assert_eq!(pixel(20, 15), black, "no diagonal inside the polygon");
    unsafe {
        // glPushAttrib(GL_CURRENT_BIT) keeps the edge flag.
        glPushAttrib(GL_CURRENT_BIT);
        glEdgeFlag(GL_TRUE as GLboolean);
        glPopAttrib();
        assert_eq!(get_int(GL_EDGE_FLAG), 0);
        glEdgeFlag(GL_TRUE as GLboolean);
        glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
    }
}

#[test]
fn multi_draw_arrays_in_a_display_list_keeps_the_vertices_it_was_compiled_with() {
    let _ctx = current_compat_context();
    window_ortho();
    // Two squares: x in [4, 12] and [40, 48], y in [4, 12].
    let mut vertices: [f32; 16] = [4.0, 4.0, 12.0, 4.0, 4.0, 12.0, 12.0, 12.0, 40.0, 4.0, 48.0, 4.0, 40.0, 12.0, 48.0, 12.0];
    let first = [0, 4];
    let count = [4, 4];
    unsafe {
        glVertexPointer(2, GL_FLOAT, 0, vertices.as_ptr().cast());
        glEnableClientState(GL_VERTEX_ARRAY);
        let list = glGenLists(1);
        clear_black();
        glColor3f(1.0, 1.0, 1.0);
        glNewList(list, GL_COMPILE);
        glMultiDrawArrays(GL_TRIANGLE_STRIP, first.as_ptr(), count.as_ptr(), 2);
        glEndList();
        assert_eq!(glGetError(), GL_NO_ERROR);
        assert_eq!(pixel(8, 8), [0, 0, 0, 255], "GL_COMPILE draws nothing yet");
        // Moved after compilation: the list draws where the vertices were.
        for v in vertices.iter_mut() {
            *v += 14.0;
        }
        clear_black();
        glCallList(list);
        assert_eq!(glGetError(), GL_NO_ERROR);
        assert_eq!(pixel(8, 8), [255, 255, 255, 255]);
        assert_eq!(pixel(44, 8), [255, 255, 255, 255]);
        assert_eq!(pixel(22, 22), [0, 0, 0, 255]);
        assert_eq!(pixel(26, 8), [0, 0, 0, 255]);

        // glMultiDrawElements: the second square only, through client indices.
        let indices: [u16; 4] = [0, 1, 2, 3];
        let second: [u16; 4] = [4, 5, 6, 7];
        let lists = [indices.as_ptr().cast::<c_void>(), second.as_ptr().cast::<c_void>()];
        let element_counts = [0, 4];
        let list3 = glGenLists(1);
        glNewList(list3, GL_COMPILE);
        glMultiDrawElements(GL_TRIANGLE_STRIP, element_counts.as_ptr(), GL_UNSIGNED_SHORT, lists.as_ptr(), 2);
        glEndList();
        for v in vertices.iter_mut() {
            *v -= 14.0;
        }
        clear_black();
        glCallList(list3);
        assert_eq!(glGetError(), GL_NO_ERROR);
        assert_eq!(pixel(8, 8), [0, 0, 0, 255]);
        assert_eq!(pixel(58, 22), [255, 255, 255, 255], "drawn from the vertices moved before compilation");
        assert_eq!(pixel(44, 8), [0, 0, 0, 255]);
        glDisableClientState(GL_VERTEX_ARRAY);

        // A negative count is GL_INVALID_VALUE, as outside a list.
        let bad = [4, -1];
        let list2 = glGenLists(1);
        glNewList(list2, GL_COMPILE_AND_EXECUTE);
        glMultiDrawArrays(GL_TRIANGLE_STRIP, first.as_ptr(), bad.as_ptr(), 2);
        glEndList();
        assert_eq!(glGetError(), GL_INVALID_VALUE);
    }
}

/// Draws the bound 2D texture over the whole window with GL_REPLACE.
fn draw_replaced_texture() {
    draw_texture_with_env(GL_REPLACE);
}

/// Draws the bound 2D texture over the whole window with texture environment `mode`.
fn draw_texture_with_env(mode: GLenum) {
    unsafe {
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST as GLint);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST as GLint);
        glEnable(GL_TEXTURE_2D);
        glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, mode as GLint);
        textured_window_quad();
        glDisable(GL_TEXTURE_2D);
    }
}

#[test]
fn luminance_alpha_and_intensity_textures_store_their_base_format() {
    let _ctx = current_compat_context();
    clear([0.0, 0.0, 0.0, 0.0]);
    unsafe {
        let mut tex = 0;
        glGenTextures(1, &mut tex);
        glBindTexture(GL_TEXTURE_2D, tex);
        // Luminance 0.4 (102), alpha 0.8 (204): red, green and blue all read luminance.
        let la: [u8; 2] = [102, 204];
        glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE8_ALPHA8 as GLint, 1, 1, 0, GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE, la.as_ptr().cast());
        assert_eq!(glGetError(), GL_NO_ERROR);
        let mut bits = [0i32; 3];
        glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_LUMINANCE_SIZE, &mut bits[0]);
        glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_ALPHA_SIZE, &mut bits[1]);
        glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_RED_SIZE, &mut bits[2]);
        assert_eq!(bits, [8, 8, 0]);
        draw_replaced_texture();
        assert_eq!(pixel(10, 10), [102, 102, 102, 204]);
        // glGetTexImage returns luminance as red, with green and blue 0.
        let mut back = [9u8; 4];
        glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, back.as_mut_ptr().cast());
        assert_eq!(back, [102, 0, 0, 204]);

        // Intensity from RGBA data keeps only red, in all four channels.
        let rgba: [u8; 4] = [51, 200, 100, 7];
        glTexImage2D(GL_TEXTURE_2D, 0, GL_INTENSITY8 as GLint, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba.as_ptr().cast());
        draw_replaced_texture();
        assert_eq!(pixel(10, 10), [51, 51, 51, 51]);

        // An alpha texture updated with glTexSubImage and GL_ALPHA data.
        glTexImage2D(GL_TEXTURE_2D, 0, GL_ALPHA8 as GLint, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba.as_ptr().cast());
        let alpha: [u8; 1] = [153];
        glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_ALPHA, GL_UNSIGNED_BYTE, alpha.as_ptr().cast());
        assert_eq!(glGetError(), GL_NO_ERROR);
        glColor4f(1.0, 0.0, 1.0, 1.0);
        draw_replaced_texture();
        assert_eq!(pixel(10, 10), [255, 0, 255, 153], "GL_REPLACE of an alpha texture keeps the colour");
        glColor4f(0.0, 1.0, 1.0, 0.0);
        draw_texture_with_env(GL_MODULATE);
        assert_eq!(pixel(10, 10), [0, 255, 255, 0], "GL_MODULATE of an alpha texture keeps the colour");
        glColor4f(1.0, 1.0, 1.0, 1.0);
    }
}

#[test]
fn packed_and_reordered_client_formats_unpack_and_pack() {
    let _ctx = current_compat_context();
    clear([0.0, 0.0, 0.0, 0.0]);
    unsafe {
        let mut tex = 0;
        glGenTextures(1, &mut tex);
        glBindTexture(GL_TEXTURE_2D, tex);
        // 5_6_5: red in the top five bits. Full red, half-ish green (32 of 63), no blue.
        let rgb565: [u16; 1] = [(31 << 11) | (32 << 5)];
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB8 as GLint, 1, 1, 0, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, rgb565.as_ptr().cast());
        assert_eq!(glGetError(), GL_NO_ERROR);
        draw_replaced_texture();
        assert_eq!(pixel(5, 5), [255, 130, 0, 255]);

        // ABGR: alpha first in memory; GL_BLUE alone sets blue only.
        let abgr: [u8; 4] = [255, 10, 20, 30];
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8 as GLint, 1, 1, 0, GL_ABGR_EXT, GL_UNSIGNED_BYTE, abgr.as_ptr().cast());
        draw_replaced_texture();
        assert_eq!(pixel(5, 5), [30, 20, 10, 255]);
        let blue: [u8; 4] = [77, 0, 0, 0];
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8 as GLint, 1, 1, 0, GL_BLUE, GL_UNSIGNED_BYTE, blue.as_ptr().cast());
        draw_replaced_texture();
        assert_eq!(pixel(5, 5), [0, 0, 77, 255]);

        // Packed types need a format with as many components.
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8 as GLint, 1, 1, 0, GL_RGBA, GL_UNSIGNED_SHORT_5_6_5, rgb565.as_ptr().cast());
        assert_eq!(glGetError(), GL_INVALID_OPERATION);

        // glReadPixels packs luminance as red + green + blue, and into 4_4_4_4 words.
        clear([0.25, 0.25, 0.25, 1.0]);
        let mut l = [0u8; 4];
        glReadPixels(0, 0, 1, 1, GL_LUMINANCE, GL_UNSIGNED_BYTE, l.as_mut_ptr().cast());
        assert_eq!(l[0], 192, "3 x 64/255");
        clear([1.0, 0.0, 0.0, 1.0]);
        let mut word = [0u16; 2];
        glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, word.as_mut_ptr().cast());
        assert_eq!(word[0], 0xF00F);
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
}

#[test]
fn proxy_textures_report_what_fits_and_zero_what_does_not() {
    let _ctx = current_compat_context();
    unsafe {
        let level_width = |level: i32| {
            let mut w = -1;
            glGetTexLevelParameteriv(GL_PROXY_TEXTURE_2D, level, GL_TEXTURE_WIDTH, &mut w);
            w
        };
        glTexImage2D(GL_PROXY_TEXTURE_2D, 0, GL_RGBA8 as GLint, 8, 4, 0, GL_RGBA, GL_FLOAT, std::ptr::null());
        assert_eq!(glGetError(), GL_NO_ERROR);
        assert_eq!(level_width(0), 8);
        let mut format = 0;
        glGetTexLevelParameteriv(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT, &mut format);
        assert_eq!(format as GLenum, GL_RGBA8);
        // Bad arguments are errors and leave the proxy as it was.
        glTexImage2D(GL_PROXY_TEXTURE_2D, 0, GL_RGBA8 as GLint, -8, 4, 0, GL_RGBA, GL_FLOAT, std::ptr::null());
        assert_eq!(glGetError(), GL_INVALID_VALUE);
        glTexImage2D(GL_PROXY_TEXTURE_2D, 0, GL_RGBA8 as GLint, 8, 4, 0, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT_8_8_8_8, std::ptr::null());
        assert_eq!(glGetError(), GL_INVALID_OPERATION);
        assert_eq!(level_width(0), 8);
        // Too large is no error: the proxy is zeroed.
        let max = get_int(GL_MAX_TEXTURE_SIZE);
        glTexImage2D(GL_PROXY_TEXTURE_2D, 0, GL_RGBA8 as GLint, 2 * max, 4, 0, GL_RGBA, GL_FLOAT, std::ptr::null());
        assert_eq!(glGetError(), GL_NO_ERROR);
        assert_eq!(level_width(0), 0);
        // A proxy is no bound texture: the real 2D target is untouched.
        let mut real = -1;
        glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, &mut real);
        assert_eq!(real, 0);
    }
}

#[test]
fn a_mipmap_level_may_not_exceed_the_halved_maximum_size() {
    let _ctx = current_compat_context();
    unsafe {
        let max = get_int(GL_MAX_TEXTURE_SIZE);
        let mut tex = 0;
        glGenTextures(1, &mut tex);
        glBindTexture(GL_TEXTURE_2D, tex);
        glTexImage2D(GL_TEXTURE_2D, 1, GL_RGBA8 as GLint, max, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, std::ptr::null());
        assert_eq!(glGetError(), GL_INVALID_VALUE);
        glTexImage2D(GL_TEXTURE_2D, 1, GL_RGBA8 as GLint, max / 2, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, std::ptr::null());
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
}

#[test]
fn draw_pixels_takes_packed_types_that_match_the_format() {
    let _ctx = current_compat_context();
    clear_black();
    unsafe {
        window_ortho();
        glRasterPos2i(0, 0);
        let rgb565: [u16; 4] = [0x001F; 4];
        glDrawPixels(2, 2, GL_RED, GL_UNSIGNED_SHORT_5_6_5, rgb565.as_ptr().cast());
        assert_eq!(glGetError(), GL_INVALID_OPERATION);
        glDrawPixels(2, 2, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, rgb565.as_ptr().cast());
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
    assert_eq!(pixel(1, 1), [0, 0, 255, 255], "blue in the low five bits");
}

/// Draws the red-green-blue window triangle smooth, then flat, and checks the corner pixel
/// (0, 0) next to the red first vertex each time (the last vertex, blue, provokes flat
/// colours); within 4 of 255 for the interpolation at the pixel centre.
fn assert_corner_smooth_then_flat(smooth: [i32; 4], flat: [i32; 4]) {
    for (model, expected) in [(GL_SMOOTH, smooth), (GL_FLAT, flat)] {
        unsafe { glShadeModel(model) };
        clear_black();
        draw_red_green_blue_window_triangle();
        let got = pixel(0, 0);
        assert!(got.iter().zip(expected).all(|(g, e)| (*g as i32 - e).abs() <= 4), "{model:#x}: {got:?} != {expected:?}");
    }
    unsafe { glShadeModel(GL_SMOOTH) };
}

#[test]
fn flat_shading_makes_glsl_colour_varyings_take_the_provoking_vertex() {
    let _ctx = current_compat_context();
    let vs = "#version 110\nvoid main() { gl_Position = ftransform(); gl_FrontColor = gl_Color; gl_FrontSecondaryColor = gl_Color; }\n";
    // Red from the primary colour, blue from the secondary: each must be flat.
    let fs = "#version 110\nvoid main() { gl_FragColor = vec4(gl_Color.r, 0.0, gl_SecondaryColor.b, 1.0); }\n";
    unsafe {
        glUseProgram(linked_program(&[(GL_VERTEX_SHADER, vs), (GL_FRAGMENT_SHADER, fs)]));
        assert_corner_smooth_then_flat([255, 0, 0, 255], [0, 0, 255, 255]);
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
}

#[test]
fn flat_shading_and_gl_clamp_apply_together_to_one_glsl_draw() {
    let _ctx = current_compat_context();
    let vs = "#version 110\nvoid main() { gl_Position = ftransform(); gl_FrontColor = gl_Color; }\n";
    // s = 2 clamps to the edge of a 1x1 red texture with a green border: linear filtering
    // takes half texel, half border, so green reads 0.5 only where GL_CLAMP is emulated.
    let fs = "#version 110\nuniform sampler2D t;\nvoid main() { gl_FragColor = vec4(gl_Color.r, texture2D(t, vec2(2.0, 0.5)).g, gl_Color.b, 1.0); }\n";
    unsafe {
        let mut texture = 0;
        glGenTextures(1, &mut texture);
        glBindTexture(GL_TEXTURE_2D, texture);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8 as GLint, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, [255u8, 0, 0, 255].as_ptr().cast());
        glTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, [0.0f32, 1.0, 0.0, 1.0].as_ptr());
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP as GLint);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR as GLint);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR as GLint);
        glUseProgram(linked_program(&[(GL_VERTEX_SHADER, vs), (GL_FRAGMENT_SHADER, fs)]));
        assert_corner_smooth_then_flat([255, 128, 0, 255], [0, 128, 255, 255]);
        glDeleteTextures(1, &texture);
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
}
