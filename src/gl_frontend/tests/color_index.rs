//! Colour-index state in an RGBA compatibility context: glIndex, glClearIndex, glIndexMask
//! and the index array are kept, queried, pushed and compiled into display lists as
//! GL 2.1 specifies, though RGBA rendering never reads them.

mod common;

use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::*;

#[test]
fn current_index_takes_every_form_of_gl_index() {
    let _ctx = current_compat_context();
    assert_eq!(get_floats::<1>(GL_CURRENT_INDEX), [1.0], "the initial index");
    assert_eq!(get_int(GL_INDEX_MODE), 0);
    assert_eq!(get_int(GL_RGBA_MODE), 1);
    assert_eq!(get_int(GL_INDEX_BITS), 0);
    unsafe {
        glIndexf(2.5);
        assert_eq!(get_floats::<1>(GL_CURRENT_INDEX), [2.5]);
        assert_eq!(get_int(GL_CURRENT_INDEX), 3, "integer queries round");
        // Integer indices are not normalized.
        glIndexub(200);
        assert_eq!(get_int(GL_CURRENT_INDEX), 200);
        let v: GLshort = -7;
        glIndexsv(&v);
        assert_eq!(get_int(GL_CURRENT_INDEX), -7);
        glIndexd(12.0);
        assert_eq!(get_int(GL_CURRENT_INDEX), 12);
        // Allowed between glBegin and glEnd, like the other current values.
        glBegin(GL_POINTS);
        glIndexi(9);
        glEnd();
        assert_eq!(error(), GL_NO_ERROR);
        assert_eq!(get_int(GL_CURRENT_INDEX), 9);

        // glRasterPos keeps the index current when it was set.
        assert_eq!(get_floats::<1>(GL_CURRENT_RASTER_INDEX), [1.0]);
        glRasterPos2f(0.0, 0.0);
        glIndexi(3);
        assert_eq!(get_floats::<1>(GL_CURRENT_RASTER_INDEX), [9.0]);
    }
}

#[test]
fn index_state_is_pushed_with_its_attribute_groups() {
    let _ctx = current_compat_context();
    unsafe {
        assert_eq!(get_floats::<1>(GL_INDEX_CLEAR_VALUE), [0.0]);
        assert_eq!(get_int(GL_INDEX_WRITEMASK), -1, "all bits written initially");
        glIndexi(4);
        glClearIndex(6.0);
        glIndexMask(0x0f);
        glPushAttrib(GL_CURRENT_BIT | GL_COLOR_BUFFER_BIT);
        glIndexi(5);
        glClearIndex(7.0);
        glIndexMask(0xf0);
        assert_eq!(get_int(GL_INDEX_WRITEMASK), 0xf0);
        glPopAttrib();
        assert_eq!(get_int(GL_CURRENT_INDEX), 4);
        assert_eq!(get_floats::<1>(GL_INDEX_CLEAR_VALUE), [6.0]);
        assert_eq!(get_int(GL_INDEX_WRITEMASK), 0x0f);

        // Groups outside the mask keep their new values.
        glPushAttrib(GL_CURRENT_BIT);
        glIndexi(8);
        glClearIndex(9.0);
        glPopAttrib();
        assert_eq!(get_int(GL_CURRENT_INDEX), 4);
        assert_eq!(get_floats::<1>(GL_INDEX_CLEAR_VALUE), [9.0]);
        assert_eq!(error(), GL_NO_ERROR);
    }
}

#[test]
fn display_lists_record_index_commands() {
    let _ctx = current_compat_context();
    unsafe {
        glIndexi(1);
        let list = glGenLists(1);
        glNewList(list, GL_COMPILE);
        glIndexs(21);
        glClearIndex(3.0);
        glEndList();
        assert_eq!(get_int(GL_CURRENT_INDEX), 1, "GL_COMPILE executes nothing");
        assert_eq!(get_floats::<1>(GL_INDEX_CLEAR_VALUE), [0.0]);
        glCallList(list);
        assert_eq!(get_int(GL_CURRENT_INDEX), 21);
        assert_eq!(get_floats::<1>(GL_INDEX_CLEAR_VALUE), [3.0]);
        glDeleteLists(list, 1);
        assert_eq!(error(), GL_NO_ERROR);
    }
}

#[test]
fn index_array_state_and_array_elements() {
    let _ctx = current_compat_context();
    let indices: [GLshort; 3] = [10, 20, 30];
    let mut pointer: *mut std::ffi::c_void = std::ptr::null_mut();
    unsafe {
        assert_eq!(get_int(GL_INDEX_ARRAY_TYPE), GL_FLOAT as i32);
        glIndexPointer(GL_SHORT, 0, indices.as_ptr().cast());
        assert_eq!(get_int(GL_INDEX_ARRAY_TYPE), GL_SHORT as i32);
        assert_eq!(get_int(GL_INDEX_ARRAY_STRIDE), 0);
        glGetPointerv(GL_INDEX_ARRAY_POINTER, &mut pointer);
        assert_eq!(pointer as usize, indices.as_ptr() as usize);

        // Unsigned shorts are not an index type.
        glIndexPointer(GL_UNSIGNED_SHORT, 4, indices.as_ptr().cast());
        assert_eq!(error(), GL_INVALID_ENUM);
        assert_eq!(get_int(GL_INDEX_ARRAY_TYPE), GL_SHORT as i32);

        // An enabled index array makes glArrayElement's element the current index.
        glEnableClientState(GL_INDEX_ARRAY);
        assert_eq!(glIsEnabled(GL_INDEX_ARRAY), 1);
        glArrayElement(2);
        assert_eq!(get_int(GL_CURRENT_INDEX), 30);

        glPushClientAttrib(GL_CLIENT_VERTEX_ARRAY_BIT);
        glDisableClientState(GL_INDEX_ARRAY);
        glIndexPointer(GL_INT, 8, std::ptr::null());
        glPopClientAttrib();
        assert_eq!(glIsEnabled(GL_INDEX_ARRAY), 1);
        assert_eq!(get_int(GL_INDEX_ARRAY_TYPE), GL_SHORT as i32);
        assert_eq!(get_int(GL_INDEX_ARRAY_STRIDE), 0);
        assert_eq!(error(), GL_NO_ERROR);
    }
}

#[test]
fn core_contexts_have_no_color_index() {
    let _ctx = current_context_with_override(3, 2, gl_frontend::Profile::Core);
    unsafe {
        glIndexf(3.0);
        assert_eq!(error(), GL_INVALID_OPERATION);
        glIndexMask(1);
        assert_eq!(error(), GL_INVALID_OPERATION);
        let mut v = [0.0f32; 1];
        glGetFloatv(GL_CURRENT_INDEX, v.as_mut_ptr());
        assert_eq!(error(), GL_INVALID_ENUM);
    }
}
