//! Display lists and attribute stacks (compatibility profile): what glNewList records,
//! what it executes at once, glCallList(s) with the list base, names, nesting, errors;
//! glPushAttrib/glPopAttrib and the client stack. Checked with pixels and queries.

mod common;

use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;

fn clear_black() {
    unsafe {
        glClearColor(0.0, 0.0, 0.0, 0.0);
        glClear(GL_COLOR_BUFFER_BIT);
    }
}

/// A red full-window quad drawn with glBegin/glEnd.
unsafe fn red_quad() {
    glColor3f(1.0, 0.0, 0.0);
    glBegin(GL_QUADS);
    glVertex2f(-1.0, -1.0);
    glVertex2f(1.0, -1.0);
    glVertex2f(1.0, 1.0);
    glVertex2f(-1.0, 1.0);
    glEnd();
}

#[test]
fn compile_records_without_drawing_and_call_list_draws() {
    let _ctx = current_compat_context();
    unsafe {
        clear_black();
        let list = glGenLists(1);
        assert_ne!(list, 0);
        assert_eq!(glIsList(list), GL_TRUE as u8);
        glNewList(list, GL_COMPILE);
        assert_eq!(get_int(GL_LIST_INDEX), list as i32);
        assert_eq!(get_int(GL_LIST_MODE), GL_COMPILE as i32);
        red_quad();
        glEndList();
        assert_eq!(get_int(GL_LIST_INDEX), 0);
        // Nothing drawn and the current colour untouched while compiling.
        assert_eq!(pixel(10, 10), [0, 0, 0, 0]);
        assert_eq!(get_floats::<4>(GL_CURRENT_COLOR), [1.0, 1.0, 1.0, 1.0]);
        glCallList(list);
        assert_eq!(pixel(10, 10), [255, 0, 0, 255]);
        assert_eq!(get_floats::<4>(GL_CURRENT_COLOR), [1.0, 0.0, 0.0, 1.0]);
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
}

#[test]
fn compile_and_execute_draws_while_recording() {
    let _ctx = current_compat_context();
    unsafe {
        clear_black();
        glNewList(5, GL_COMPILE_AND_EXECUTE);
        red_quad();
        glEndList();
        assert_eq!(pixel(3, 3), [255, 0, 0, 255]);
        clear_black();
        glCallList(5);
        assert_eq!(pixel(3, 3), [255, 0, 0, 255]);
    }
}

#[test]
fn state_changes_and_matrices_are_recorded() {
    let _ctx = current_compat_context();
    unsafe {
        glNewList(1, GL_COMPILE);
        glClearColor(0.0, 0.0, 1.0, 1.0);
        glClear(GL_COLOR_BUFFER_BIT);
        glMatrixMode(GL_MODELVIEW);
        glTranslatef(0.5, 0.0, 0.0);
        let m: [f32; 16] = [2.0, 0.0, 0.0, 0.0, 0.0, 2.0, 0.0, 0.0, 0.0, 0.0, 2.0, 0.0, 0.0, 0.0, 0.0, 1.0];
        glMultMatrixf(m.as_ptr());
        glEndList();
        // The list copied the matrix: changing the array afterwards does not matter.
        assert_eq!(get_floats::<4>(GL_COLOR_CLEAR_VALUE), [0.0, 0.0, 0.0, 0.0]);
        glCallList(1);
        assert_eq!(get_floats::<4>(GL_COLOR_CLEAR_VALUE), [0.0, 0.0, 1.0, 1.0]);
        assert_eq!(pixel(0, 0), [0, 0, 255, 255]);
        let mv = get_floats::<16>(GL_MODELVIEW_MATRIX);
        assert_eq!([mv[0], mv[12]], [2.0, 0.5]);
    }
}

#[test]
fn commands_gl_executes_immediately_are_not_recorded() {
    let _ctx = current_compat_context();
    unsafe {
        glNewList(1, GL_COMPILE);
        glPixelStorei(GL_UNPACK_ALIGNMENT, 2);
        let mut tex = 0;
        glGenTextures(1, &mut tex);
        glEnableClientState(GL_VERTEX_ARRAY);
        glEndList();
        assert_eq!(get_int(GL_UNPACK_ALIGNMENT), 2);
        assert_ne!(tex, 0);
        assert_eq!(glIsEnabled(GL_VERTEX_ARRAY), GL_TRUE as u8);
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
}

#[test]
fn call_lists_adds_the_base_to_every_name_type() {
    let _ctx = current_compat_context();
    unsafe {
        let base = glGenLists(3);
        for i in 0..3 {
            glNewList(base + i, GL_COMPILE);
            glTranslatef(1.0 + i as f32 * 10.0, 0.0, 0.0);
            glEndList();
        }
        glListBase(base);
        assert_eq!(get_int(GL_LIST_BASE), base as i32);
        let bytes: [u8; 2] = [0, 2];
        glCallLists(2, GL_UNSIGNED_BYTE, bytes.as_ptr().cast());
        assert_eq!(get_floats::<16>(GL_MODELVIEW_MATRIX)[12], 22.0);
        glLoadIdentity();
        let two_bytes: [u8; 2] = [0, 1];
        glCallLists(1, GL_2_BYTES, two_bytes.as_ptr().cast());
        assert_eq!(get_floats::<16>(GL_MODELVIEW_MATRIX)[12], 11.0);
        glLoadIdentity();
        let floats = [2.0f32];
        glCallLists(1, GL_FLOAT, floats.as_ptr().cast());
        assert_eq!(get_floats::<16>(GL_MODELVIEW_MATRIX)[12], 21.0);
        glCallLists(1, GL_RGBA, floats.as_ptr().cast());
        assert_eq!(glGetError(), GL_INVALID_ENUM);
        glCallLists(-1, GL_FLOAT, floats.as_ptr().cast());
        assert_eq!(glGetError(), GL_INVALID_VALUE);
    }
}

#[test]
fn nested_lists_use_the_base_at_execution() {
    let _ctx = current_compat_context();
    unsafe {
        glNewList(10, GL_COMPILE);
        glTranslatef(1.0, 0.0, 0.0);
        glEndList();
        glNewList(20, GL_COMPILE);
        let names = [10u32];
        glCallLists(1, GL_UNSIGNED_INT, names.as_ptr().cast());
        glCallList(10);
        glEndList();
        glListBase(0);
        glCallList(20);
        assert_eq!(get_floats::<16>(GL_MODELVIEW_MATRIX)[12], 2.0);
        // A list calling itself stops at GL_MAX_LIST_NESTING.
        glLoadIdentity();
        glNewList(30, GL_COMPILE);
        glTranslatef(1.0, 0.0, 0.0);
        glCallList(30);
        glEndList();
        glCallList(30);
        assert_eq!(get_floats::<16>(GL_MODELVIEW_MATRIX)[12], get_int(GL_MAX_LIST_NESTING) as f32);
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
}

#[test]
fn list_errors_and_deletion() {
    let _ctx = current_compat_context();
    unsafe {
        glNewList(0, GL_COMPILE);
        assert_eq!(glGetError(), GL_INVALID_VALUE);
        glNewList(1, GL_RGBA);
        assert_eq!(glGetError(), GL_INVALID_ENUM);
        glEndList();
        assert_eq!(glGetError(), GL_INVALID_OPERATION);
        glNewList(1, GL_COMPILE);
        glNewList(2, GL_COMPILE);
        assert_eq!(glGetError(), GL_INVALID_OPERATION);
        glEndList();
        assert_eq!(glGenLists(-1), 0);
        assert_eq!(glGetError(), GL_INVALID_VALUE);
        glDeleteLists(1, -1);
        assert_eq!(glGetError(), GL_INVALID_VALUE);
        let first = glGenLists(4);
        glDeleteLists(first, 4);
        assert_eq!(glIsList(first), GL_FALSE as u8);
        assert_eq!(glIsList(1), GL_TRUE as u8);
        glDeleteLists(1, 1);
        assert_eq!(glIsList(1), GL_FALSE as u8);
        // Calling a deleted or never defined list does nothing.
        glCallList(1);
        glCallList(12345);
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
}

#[test]
fn errors_in_a_list_are_reported_when_it_runs() {
    let _ctx = current_compat_context();
    unsafe {
        glNewList(1, GL_COMPILE);
        glMatrixMode(GL_RGBA);
        glEndList();
        assert_eq!(glGetError(), GL_NO_ERROR);
        glCallList(1);
        assert_eq!(glGetError(), GL_INVALID_ENUM);
    }
}

#[test]
fn tex_image_in_a_list_copies_the_client_image() {
    let _ctx = current_compat_context();
    unsafe {
        let mut tex = 0;
        glGenTextures(1, &mut tex);
        glBindTexture(GL_TEXTURE_2D, tex);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST as i32);
        let mut texel: [u8; 4] = [0, 255, 0, 255];
        glNewList(1, GL_COMPILE);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA as i32, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, texel.as_ptr().cast());
        glEndList();
        texel = [255, 0, 0, 255];
        let _ = texel;
        glCallList(1);
        glEnable(GL_TEXTURE_2D);
        glColor3f(1.0, 1.0, 1.0);
        glBegin(GL_QUADS);
        glTexCoord2f(0.5, 0.5);
        glVertex2f(-1.0, -1.0);
        glVertex2f(1.0, -1.0);
        glVertex2f(1.0, 1.0);
        glVertex2f(-1.0, 1.0);
        glEnd();
        assert_eq!(pixel(8, 8), [0, 255, 0, 255]);
    }
}

#[test]
fn one_dimensional_images_and_the_stipple_are_compiled_with_their_data() {
    let _ctx = current_compat_context();
    unsafe {
        let mut tex = 0;
        glGenTextures(1, &mut tex);
        glBindTexture(GL_TEXTURE_1D, tex);
        let mut texels: [u8; 8] = [0, 255, 0, 255, 0, 0, 255, 255];
        let mut pattern = [0x55u8; 128];
        glNewList(1, GL_COMPILE);
        glTexImage1D(GL_TEXTURE_1D, 0, GL_RGBA as i32, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.as_ptr().cast());
        glTexSubImage1D(GL_TEXTURE_1D, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, texels.as_ptr().cast());
        glPolygonStipple(pattern.as_ptr());
        glEndList();
        assert_eq!(glGetError(), GL_NO_ERROR);
        let mut width = -1;
        glGetTexLevelParameteriv(GL_TEXTURE_1D, 0, GL_TEXTURE_WIDTH, &mut width);
        assert_eq!(width, 0, "GL_COMPILE defines no image yet");
        let mut stipple = [0u8; 128];
        glGetPolygonStipple(stipple.as_mut_ptr());
        assert_eq!(stipple, [0xff; 128], "nor a stipple");

        // The list keeps what the commands read when it was compiled.
        texels = [255; 8];
        pattern = [0; 128];
        let _ = (texels, pattern);
        glCallList(1);
        glGetTexLevelParameteriv(GL_TEXTURE_1D, 0, GL_TEXTURE_WIDTH, &mut width);
        assert_eq!(width, 2);
        let mut read = [0u8; 8];
        glGetTexImage(GL_TEXTURE_1D, 0, GL_RGBA, GL_UNSIGNED_BYTE, read.as_mut_ptr().cast());
        assert_eq!(read, [0, 255, 0, 255, 0, 255, 0, 255], "the sub-image replaced the second texel");
        glGetPolygonStipple(stipple.as_mut_ptr());
        assert_eq!(stipple, [0x55; 128]);
        assert_eq!(glGetError(), GL_NO_ERROR);

        // Called between glBegin and glEnd, the image and stipple commands are errors.
        glBegin(GL_POINTS);
        glCallList(1);
        glEnd();
        assert_eq!(glGetError(), GL_INVALID_OPERATION);
    }
}

#[test]
fn pop_attrib_restores_the_pushed_groups_only() {
    let _ctx = current_compat_context();
    unsafe {
        glColor3f(0.0, 1.0, 0.0);
        glPushAttrib(GL_CURRENT_BIT | GL_ENABLE_BIT | GL_DEPTH_BUFFER_BIT);
        assert_eq!(get_int(GL_ATTRIB_STACK_DEPTH), 1);
        glColor3f(1.0, 0.0, 0.0);
        glEnable(GL_DEPTH_TEST);
        glEnable(GL_LIGHTING);
        glDepthFunc(GL_GREATER);
        glClearColor(0.5, 0.5, 0.5, 0.5);
        glPopAttrib();
        assert_eq!(get_int(GL_ATTRIB_STACK_DEPTH), 0);
        assert_eq!(get_floats::<4>(GL_CURRENT_COLOR), [0.0, 1.0, 0.0, 1.0]);
        assert_eq!(glIsEnabled(GL_DEPTH_TEST), GL_FALSE as u8);
        assert_eq!(glIsEnabled(GL_LIGHTING), GL_FALSE as u8);
        assert_eq!(get_int(GL_DEPTH_FUNC), GL_LESS as i32);
        // GL_COLOR_BUFFER_BIT was not pushed: the clear colour stays.
        assert_eq!(get_floats::<4>(GL_COLOR_CLEAR_VALUE), [0.5, 0.5, 0.5, 0.5]);
        glPopAttrib();
        assert_eq!(glGetError(), GL_STACK_UNDERFLOW);
        for _ in 0..get_int(GL_MAX_ATTRIB_STACK_DEPTH) {
            glPushAttrib(GL_ALL_ATTRIB_BITS);
        }
        assert_eq!(glGetError(), GL_NO_ERROR);
        glPushAttrib(GL_ALL_ATTRIB_BITS);
        assert_eq!(glGetError(), GL_STACK_OVERFLOW);
    }
}

#[test]
fn push_attrib_in_a_list_and_texture_bit() {
    let _ctx = current_compat_context();
    unsafe {
        let mut tex = [0; 2];
        glGenTextures(2, tex.as_mut_ptr());
        glBindTexture(GL_TEXTURE_2D, tex[0]);
        glNewList(1, GL_COMPILE);
        glPushAttrib(GL_TEXTURE_BIT | GL_LIGHTING_BIT);
        glShadeModel(GL_FLAT);
        glBindTexture(GL_TEXTURE_2D, tex[1]);
        glPopAttrib();
        glEndList();
        glCallList(1);
        assert_eq!(get_int(GL_TEXTURE_BINDING_2D), tex[0] as i32);
        assert_eq!(get_int(GL_SHADE_MODEL), GL_SMOOTH as i32);
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
}

#[test]
fn client_attrib_stack_restores_pixel_store_and_arrays() {
    let _ctx = current_compat_context();
    unsafe {
        glPushClientAttrib(GL_CLIENT_ALL_ATTRIB_BITS);
        glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
        glEnableClientState(GL_COLOR_ARRAY);
        glPopClientAttrib();
        assert_eq!(get_int(GL_UNPACK_ALIGNMENT), 4);
        assert_eq!(glIsEnabled(GL_COLOR_ARRAY), GL_FALSE as u8);
        glPopClientAttrib();
        assert_eq!(glGetError(), GL_STACK_UNDERFLOW);
    }
}

#[test]
fn lighting_state_queries_and_errors() {
    let _ctx = current_compat_context();
    unsafe {
        let mut v = [0.0f32; 4];
        glGetLightfv(GL_LIGHT0, GL_DIFFUSE, v.as_mut_ptr());
        assert_eq!(v, [1.0; 4]);
        glGetLightfv(GL_LIGHT1, GL_DIFFUSE, v.as_mut_ptr());
        assert_eq!(v, [0.0, 0.0, 0.0, 1.0]);
        // Positions are stored in eye coordinates.
        glTranslatef(1.0, 2.0, 3.0);
        glLightfv(GL_LIGHT2, GL_POSITION, [0.0f32, 0.0, 0.0, 1.0].as_ptr());
        glGetLightfv(GL_LIGHT2, GL_POSITION, v.as_mut_ptr());
        assert_eq!(v, [1.0, 2.0, 3.0, 1.0]);
        glLightf(GL_LIGHT0, GL_SPOT_CUTOFF, 100.0);
        assert_eq!(glGetError(), GL_INVALID_VALUE);
        glLightf(GL_LIGHT0, GL_DIFFUSE, 1.0);
        assert_eq!(glGetError(), GL_INVALID_ENUM);
        glMaterialf(GL_FRONT, GL_SHININESS, 20.0);
        glGetMaterialfv(GL_FRONT, GL_SHININESS, v.as_mut_ptr());
        assert_eq!(v[0], 20.0);
        let mut i = [0i32; 4];
        glGetMaterialiv(GL_BACK, GL_DIFFUSE, i.as_mut_ptr());
        assert!((i[0] as f64 / i32::MAX as f64 - 0.8).abs() < 1e-6);
        glLightModeli(GL_LIGHT_MODEL_TWO_SIDE, 1);
        assert_eq!(get_int(GL_LIGHT_MODEL_TWO_SIDE), 1);
        glFogi(GL_FOG_MODE, GL_LINEAR as i32);
        assert_eq!(get_int(GL_FOG_MODE), GL_LINEAR as i32);
        glFogf(GL_FOG_DENSITY, -1.0);
        assert_eq!(glGetError(), GL_INVALID_VALUE);
        glAlphaFunc(GL_GREATER, 2.0);
        assert_eq!(get_floats::<1>(GL_ALPHA_TEST_REF), [1.0]);
        glTexGeni(GL_S, GL_TEXTURE_GEN_MODE, GL_SPHERE_MAP as i32);
        glTexGeni(GL_R, GL_TEXTURE_GEN_MODE, GL_SPHERE_MAP as i32);
        assert_eq!(glGetError(), GL_INVALID_ENUM);
        let mut mode = 0;
        glGetTexGeniv(GL_S, GL_TEXTURE_GEN_MODE, &mut mode);
        assert_eq!(mode, GL_SPHERE_MAP as i32);
        // Colour material follows the current colour.
        glEnable(GL_COLOR_MATERIAL);
        glColor4f(0.25, 0.5, 0.75, 1.0);
        glGetMaterialfv(GL_FRONT, GL_AMBIENT, v.as_mut_ptr());
        assert_eq!(v, [0.25, 0.5, 0.75, 1.0]);
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
}
