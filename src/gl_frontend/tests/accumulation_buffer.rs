//! The accumulation buffer's API in a context whose framebuffer has none: glClearAccum's
//! value is kept, clamped, pushed and queried; glAccum checks its operation and is then
//! refused; glClear's accumulation bit clears nothing else.

mod common;

use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;

#[test]
fn clear_accum_value_is_clamped_pushed_and_queried() {
    let _ctx = current_compat_context();
    assert_eq!(get_int(GL_ACCUM_RED_BITS), 0);
    assert_eq!(get_int(GL_ACCUM_ALPHA_BITS), 0);
    assert_eq!(get_floats::<4>(GL_ACCUM_CLEAR_VALUE), [0.0; 4]);
    unsafe {
        glClearAccum(0.25, -2.0, 3.0, 0.5);
        assert_eq!(get_floats::<4>(GL_ACCUM_CLEAR_VALUE), [0.25, -1.0, 1.0, 0.5]);
        glPushAttrib(GL_ACCUM_BUFFER_BIT);
        glClearAccum(0.0, 0.0, 0.0, 0.0);
        glPopAttrib();
        assert_eq!(get_floats::<4>(GL_ACCUM_CLEAR_VALUE), [0.25, -1.0, 1.0, 0.5]);
        glPushAttrib(GL_COLOR_BUFFER_BIT);
        glClearAccum(0.0, 0.0, 0.0, 0.0);
        glPopAttrib();
        assert_eq!(get_floats::<4>(GL_ACCUM_CLEAR_VALUE), [0.0; 4], "another group leaves it");
        assert_eq!(error(), GL_NO_ERROR);
    }
}

#[test]
fn accum_without_an_accumulation_buffer_is_refused() {
    let _ctx = current_compat_context();
    unsafe {
        glAccum(GL_ACCUM, 1.0);
        assert_eq!(error(), GL_INVALID_OPERATION);
        glAccum(GL_RGBA, 1.0);
        assert_eq!(error(), GL_INVALID_ENUM);

        glClearColor(0.0, 1.0, 0.0, 1.0);
        glClear(GL_COLOR_BUFFER_BIT | GL_ACCUM_BUFFER_BIT);
        assert_eq!(error(), GL_NO_ERROR);
    }
    assert_eq!(pixel(3, 3), [0, 255, 0, 255]);
}
