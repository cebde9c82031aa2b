//! Vertex arrays and attribute pointers in every format, and their errors.

mod common;

use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::*;

fn attrib(index: GLuint, pname: GLenum) -> i32 {
    let mut v = -99;
    unsafe { glGetVertexAttribiv(index, pname, &mut v) };
    v
}

fn bound_vertex_buffer() -> GLuint {
    let mut vbo = 0;
    unsafe {
        glGenBuffers(1, &mut vbo);
        glBindBuffer(GL_ARRAY_BUFFER, vbo);
        glBufferData(GL_ARRAY_BUFFER, 256, std::ptr::null(), GL_STATIC_DRAW);
    }
    vbo
}

#[test]
fn attribute_formats_are_recorded() {
    let _ctx = current_compat_context();
    let vbo = bound_vertex_buffer();
    unsafe {
        glVertexAttribPointer(0, 3, GL_FLOAT, 0, 12, 4 as *const c_void);
        glVertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, 1, 0, std::ptr::null());
        glVertexAttribPointer(2, GL_BGRA as GLint, GL_UNSIGNED_BYTE, 1, 0, std::ptr::null());
        glVertexAttribPointer(3, 4, GL_INT_2_10_10_10_REV, 1, 0, std::ptr::null());
        glVertexAttribPointer(4, 3, GL_UNSIGNED_INT_10F_11F_11F_REV, 0, 0, std::ptr::null());
        glVertexAttribIPointer(5, 2, GL_SHORT, 0, std::ptr::null());
        glVertexAttribLPointer(6, 2, GL_DOUBLE, 0, std::ptr::null());
        glVertexAttribPointer(7, 2, GL_HALF_FLOAT, 0, 0, std::ptr::null());
        glVertexAttribPointer(8, 1, GL_FIXED, 0, 0, std::ptr::null());
        glEnableVertexAttribArray(0);
        glVertexAttribDivisor(1, 3);
        assert_eq!(glGetError(), GL_NO_ERROR);
        let mut pointer = std::ptr::null_mut();
        glGetVertexAttribPointerv(0, GL_VERTEX_ATTRIB_ARRAY_POINTER, &mut pointer);
        assert_eq!(pointer as usize, 4);
    }
    assert_eq!(attrib(0, GL_VERTEX_ATTRIB_ARRAY_ENABLED), 1);
    assert_eq!(attrib(0, GL_VERTEX_ATTRIB_ARRAY_SIZE), 3);
    assert_eq!(attrib(0, GL_VERTEX_ATTRIB_ARRAY_STRIDE), 12);
    assert_eq!(attrib(0, GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING), vbo as i32);
    assert_eq!(attrib(1, GL_VERTEX_ATTRIB_ARRAY_NORMALIZED), 1);
    assert_eq!(attrib(1, GL_VERTEX_ATTRIB_ARRAY_DIVISOR), 3);
    assert_eq!(attrib(2, GL_VERTEX_ATTRIB_ARRAY_SIZE), GL_BGRA as i32);
    assert_eq!(attrib(3, GL_VERTEX_ATTRIB_ARRAY_TYPE), GL_INT_2_10_10_10_REV as i32);
    assert_eq!(attrib(5, GL_VERTEX_ATTRIB_ARRAY_INTEGER), 1);
    assert_eq!(attrib(6, GL_VERTEX_ATTRIB_ARRAY_LONG), 1);
    assert_eq!(attrib(7, GL_VERTEX_ATTRIB_ARRAY_TYPE), GL_HALF_FLOAT as i32);
    assert_eq!(attrib(1, GL_VERTEX_ATTRIB_ARRAY_ENABLED), 0);
}

#[test]
fn invalid_attribute_formats() {
    let _ctx = current_compat_context();
    bound_vertex_buffer();
    let null = std::ptr::null();
    unsafe {
        let cases: &[(&dyn Fn(), GLenum)] = &[
            (&|| glVertexAttribPointer(0, 5, GL_FLOAT, 0, 0, null), GL_INVALID_VALUE),
            (&|| glVertexAttribPointer(0, 0, GL_FLOAT, 0, 0, null), GL_INVALID_VALUE),
            (&|| glVertexAttribPointer(0, 4, GL_RGBA, 0, 0, null), GL_INVALID_ENUM),
            (&|| glVertexAttribPointer(0, 4, GL_FLOAT, 0, -4, null), GL_INVALID_VALUE),
            (&|| glVertexAttribPointer(99, 4, GL_FLOAT, 0, 0, null), GL_INVALID_VALUE),
            (&|| glVertexAttribPointer(0, GL_BGRA as GLint, GL_FLOAT, 1, 0, null), GL_INVALID_OPERATION),
            (&|| glVertexAttribPointer(0, GL_BGRA as GLint, GL_UNSIGNED_BYTE, 0, 0, null), GL_INVALID_OPERATION),
            (&|| glVertexAttribPointer(0, 3, GL_INT_2_10_10_10_REV, 1, 0, null), GL_INVALID_OPERATION),
            (&|| glVertexAttribPointer(0, 4, GL_UNSIGNED_INT_10F_11F_11F_REV, 0, 0, null), GL_INVALID_OPERATION),
            (&|| glVertexAttribIPointer(0, 4, GL_FLOAT, 0, null), GL_INVALID_ENUM),
            (&|| glVertexAttribLPointer(0, 4, GL_FLOAT, 0, null), GL_INVALID_ENUM),
        ];
        for (i, (call, expected)) in cases.iter().enumerate() {
            call();
            assert_eq!(glGetError(), *expected, "case {i}");
        }
    }
    // Nothing changed attribute 0.
    assert_eq!(attrib(0, GL_VERTEX_ATTRIB_ARRAY_SIZE), 4);
    assert_eq!(attrib(0, GL_VERTEX_ATTRIB_ARRAY_TYPE), GL_FLOAT as i32);
}

#[test]
fn vertex_array_objects_keep_their_own_state() {
    let _ctx = current_compat_context();
    let vbo = bound_vertex_buffer();
    let mut vaos = [0; 2];
    unsafe {
        glGenVertexArrays(2, vaos.as_mut_ptr());
        glBindVertexArray(vaos[0]);
        glEnableVertexAttribArray(3);
        glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, vbo);
        glBindVertexArray(vaos[1]);
        assert_eq!(attrib(3, GL_VERTEX_ATTRIB_ARRAY_ENABLED), 0);
        assert_eq!(get_int(GL_ELEMENT_ARRAY_BUFFER_BINDING), 0);
        glBindVertexArray(vaos[0]);
        assert_eq!(attrib(3, GL_VERTEX_ATTRIB_ARRAY_ENABLED), 1);
        assert_eq!(get_int(GL_ELEMENT_ARRAY_BUFFER_BINDING), vbo as i32);
        assert_eq!(get_int(GL_VERTEX_ARRAY_BINDING), vaos[0] as i32);
        glBindVertexArray(12345);
        assert_eq!(glGetError(), GL_INVALID_OPERATION);
        assert_eq!(get_int(GL_VERTEX_ARRAY_BINDING), vaos[0] as i32);
        glDeleteVertexArrays(2, vaos.as_ptr());
        assert_eq!(get_int(GL_VERTEX_ARRAY_BINDING), 0);
        assert_eq!(glIsVertexArray(vaos[0]), 0);
    }
}

#[test]
fn client_arrays_only_with_the_default_vertex_array() {
    let _ctx = current_compat_context();
    let data = [0f32; 8];
    let mut vao = 0;
    unsafe {
        // Compatibility profile, VAO 0, no buffer: a client-side array.
        glVertexAttribPointer(0, 2, GL_FLOAT, 0, 0, data.as_ptr().cast());
        assert_eq!(glGetError(), GL_NO_ERROR);
        glGenVertexArrays(1, &mut vao);
        glBindVertexArray(vao);
        glVertexAttribPointer(0, 2, GL_FLOAT, 0, 0, data.as_ptr().cast());
        assert_eq!(glGetError(), GL_INVALID_OPERATION);
    }
}

#[test]
fn secondary_colour_and_fog_coordinate_arrays_feed_fixed_function_drawing() {
    let _ctx = current_compat_context();
    unsafe {
        glClearColor(0.0, 0.0, 0.0, 0.0);
        glClear(GL_COLOR_BUFFER_BIT);
        let corners: [f32; 8] = [-1.0, -1.0, 1.0, -1.0, 1.0, 1.0, -1.0, 1.0];
        let secondary: [f32; 12] = [0.0, 0.0, 1.0, 0.0, 0.0, 1.0, 0.0, 0.0, 1.0, 0.0, 0.0, 1.0];
        let fog: [f32; 4] = [1.0; 4];
        glVertexPointer(2, GL_FLOAT, 0, corners.as_ptr().cast());
        glSecondaryColorPointer(3, GL_FLOAT, 0, secondary.as_ptr().cast());
        glFogCoordPointer(GL_FLOAT, 0, fog.as_ptr().cast());
        assert_eq!(error(), GL_NO_ERROR);
        glEnableClientState(GL_VERTEX_ARRAY);
        glEnableClientState(GL_SECONDARY_COLOR_ARRAY);
        glColor3f(1.0, 0.0, 0.0);
        // The colour sum adds the blue secondary colour to the red primary one.
        glEnable(GL_COLOR_SUM);
        glDrawArrays(GL_QUADS, 0, 4);
        assert_eq!(pixel(10, 10), [255, 0, 255, 255]);

        // Linear fog from 0 to 2 at coordinate 1 mixes half of the green fog colour in.
        glDisable(GL_COLOR_SUM);
        glEnableClientState(GL_FOG_COORD_ARRAY);
        glEnable(GL_FOG);
        glFogi(GL_FOG_MODE, GL_LINEAR as i32);
        glFogf(GL_FOG_START, 0.0);
        glFogf(GL_FOG_END, 2.0);
        glFogi(GL_FOG_COORD_SRC, GL_FOG_COORD as i32);
        glFogfv(GL_FOG_COLOR, [0.0f32, 1.0, 0.0, 1.0].as_ptr());
        glDrawArrays(GL_QUADS, 0, 4);
        let p = pixel(10, 10);
        assert!((p[0] as i32 - 128).abs() <= 2 && (p[1] as i32 - 128).abs() <= 2 && p[2] == 0, "{p:?}");

        glSecondaryColorPointer(2, GL_FLOAT, 0, secondary.as_ptr().cast());
        assert_eq!(error(), GL_INVALID_VALUE);
    }
}

#[test]
fn the_current_value_of_a_generic_attribute_is_queried_in_every_type() {
    let _ctx = current_compat_context();
    unsafe {
        glVertexAttrib4f(3, 1.0, 2.5, -3.0, 4.0);
        let mut f = [0.0f32; 4];
        glGetVertexAttribfv(3, GL_CURRENT_VERTEX_ATTRIB, f.as_mut_ptr());
        assert_eq!(f, [1.0, 2.5, -3.0, 4.0]);
        let mut d = [0.0f64; 4];
        glGetVertexAttribdv(3, GL_CURRENT_VERTEX_ATTRIB, d.as_mut_ptr());
        assert_eq!(d, [1.0, 2.5, -3.0, 4.0]);
        let mut i = [0i32; 4];
        glGetVertexAttribiv(3, GL_CURRENT_VERTEX_ATTRIB, i.as_mut_ptr());
        assert_eq!(i, [1, 2, -3, 4]);
        glGetVertexAttribfv(3, GL_VERTEX_ATTRIB_ARRAY_SIZE, f.as_mut_ptr());
        assert_eq!(f[0], 4.0);
        assert_eq!(error(), GL_NO_ERROR);
        // Attribute 0 is the position in the compatibility profile: it has no current value.
        glGetVertexAttribfv(0, GL_CURRENT_VERTEX_ATTRIB, f.as_mut_ptr());
        assert_eq!(error(), GL_INVALID_OPERATION);
        glGetVertexAttribfv(get_int(GL_MAX_VERTEX_ATTRIBS) as GLuint, GL_CURRENT_VERTEX_ATTRIB, f.as_mut_ptr());
        assert_eq!(error(), GL_INVALID_VALUE);
        glGetVertexAttribdv(3, GL_TEXTURE_2D, d.as_mut_ptr());
        assert_eq!(error(), GL_INVALID_ENUM);
    }
}

#[test]
fn clip_plane_enables_are_read_through_get_booleanv() {
    let _ctx = current_compat_context();
    unsafe {
        let max = get_int(GL_MAX_CLIP_PLANES) as GLenum;
        let last = GL_CLIP_PLANE0 + max - 1;
        let mut b: GLboolean = 1;
        glGetBooleanv(last, &mut b);
        assert_eq!((b as u32, error()), (GL_FALSE, GL_NO_ERROR));
        glEnable(last);
        glGetBooleanv(last, &mut b);
        assert_eq!((b as u32, error()), (GL_TRUE, GL_NO_ERROR));
        glGetBooleanv(GL_CLIP_PLANE0 + max, &mut b);
        assert_eq!(error(), GL_INVALID_ENUM);
    }
}
