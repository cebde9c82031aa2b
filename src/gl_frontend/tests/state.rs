//! Context state through the GL entry points: defaults, setters, glGet values, and the
//! errors invalid input gives, with state left unchanged.

mod common;

use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;

#[test]
fn first_make_current_sizes_viewport_and_scissor() {
    let _ctx = current_compat_context();
    assert_eq!(get_ints::<4>(GL_VIEWPORT), [0, 0, 64, 32]);
    assert_eq!(get_ints::<4>(GL_SCISSOR_BOX), [0, 0, 64, 32]);
    assert_eq!(error(), GL_NO_ERROR);
}

#[test]
fn viewport_and_scissor_reject_negative_sizes() {
    let _ctx = current_compat_context();
    unsafe {
        glViewport(1, 2, 30, 20);
        glViewport(0, 0, -1, 5);
    }
    assert_eq!(error(), GL_INVALID_VALUE);
    assert_eq!(get_ints::<4>(GL_VIEWPORT), [1, 2, 30, 20]);
    unsafe { glScissor(0, 0, 5, -5) };
    assert_eq!(error(), GL_INVALID_VALUE);
    assert_eq!(get_ints::<4>(GL_SCISSOR_BOX), [0, 0, 64, 32]);
}

#[test]
fn enable_disable_and_invalid_capability() {
    let _ctx = current_compat_context();
    unsafe {
        assert_eq!(glIsEnabled(GL_DEPTH_TEST), 0);
        assert_eq!(glIsEnabled(GL_DITHER), 1);
        glEnable(GL_DEPTH_TEST);
        glEnable(GL_BLEND);
        assert_eq!(glIsEnabled(GL_DEPTH_TEST), 1);
        assert_eq!(get_int(GL_BLEND), 1);
        glDisable(GL_DEPTH_TEST);
        assert_eq!(glIsEnabled(GL_DEPTH_TEST), 0);
        glEnable(0x1234);
        assert_eq!(error(), GL_INVALID_ENUM);
        glDisablei(GL_BLEND, 1);
        assert_eq!(glIsEnabledi(GL_BLEND, 0), 1);
        assert_eq!(glIsEnabledi(GL_BLEND, 1), 0);
        glEnablei(GL_BLEND, 99);
        assert_eq!(error(), GL_INVALID_VALUE);
    }
}

#[test]
fn blend_state_round_trips_and_rejects_bad_enums() {
    let _ctx = current_compat_context();
    unsafe {
        glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ZERO);
        glBlendEquationSeparate(GL_FUNC_SUBTRACT, GL_MAX);
        glBlendColor(0.25, 0.5, 0.75, 1.0);
        glColorMask(1, 0, 1, 0);
        glBlendFunc(GL_ONE, 0x9999);
        assert_eq!(error(), GL_INVALID_ENUM);
        glBlendEquation(GL_SRC_ALPHA);
        assert_eq!(error(), GL_INVALID_ENUM);
    }
    assert_eq!(get_int(GL_BLEND_SRC_RGB), GL_SRC_ALPHA as i32);
    assert_eq!(get_int(GL_BLEND_DST_RGB), GL_ONE_MINUS_SRC_ALPHA as i32);
    assert_eq!(get_int(GL_BLEND_SRC_ALPHA), GL_ONE as i32);
    assert_eq!(get_int(GL_BLEND_DST_ALPHA), GL_ZERO as i32);
    assert_eq!(get_int(GL_BLEND_EQUATION_RGB), GL_FUNC_SUBTRACT as i32);
    assert_eq!(get_int(GL_BLEND_EQUATION_ALPHA), GL_MAX as i32);
    assert_eq!(get_floats::<4>(GL_BLEND_COLOR), [0.25, 0.5, 0.75, 1.0]);
    let mut mask = [9u8; 4];
    unsafe { glGetBooleanv(GL_COLOR_WRITEMASK, mask.as_mut_ptr()) };
    assert_eq!(mask, [1, 0, 1, 0]);
    assert_eq!(error(), GL_NO_ERROR);
}

#[test]
fn depth_and_stencil_state() {
    let _ctx = current_compat_context();
    assert_eq!(get_int(GL_DEPTH_FUNC), GL_LESS as i32);
    unsafe {
        glDepthFunc(GL_GEQUAL);
        glDepthFunc(GL_ONE);
        assert_eq!(error(), GL_INVALID_ENUM);
        glDepthMask(0);
        glStencilFuncSeparate(GL_BACK, GL_EQUAL, 3, 0xF0);
        glStencilOp(GL_REPLACE, GL_INCR_WRAP, GL_INVERT);
        glStencilOpSeparate(GL_FRONT, GL_KEEP, 0x1234, GL_KEEP);
        assert_eq!(error(), GL_INVALID_ENUM);
        glStencilMaskSeparate(GL_FRONT, 0x0F);
    }
    assert_eq!(get_int(GL_DEPTH_FUNC), GL_GEQUAL as i32);
    assert_eq!(get_int(GL_DEPTH_WRITEMASK), 0);
    assert_eq!(get_int(GL_STENCIL_FUNC), GL_ALWAYS as i32);
    assert_eq!(get_int(GL_STENCIL_BACK_FUNC), GL_EQUAL as i32);
    assert_eq!(get_int(GL_STENCIL_BACK_REF), 3);
    assert_eq!(get_int(GL_STENCIL_BACK_VALUE_MASK), 0xF0);
    assert_eq!(get_int(GL_STENCIL_FAIL), GL_REPLACE as i32);
    assert_eq!(get_int(GL_STENCIL_PASS_DEPTH_FAIL), GL_INCR_WRAP as i32);
    assert_eq!(get_int(GL_STENCIL_BACK_PASS_DEPTH_PASS), GL_INVERT as i32);
    assert_eq!(get_int(GL_STENCIL_WRITEMASK), 0x0F);
    assert_eq!(get_int(GL_STENCIL_BACK_WRITEMASK), -1);
}

#[test]
fn raster_state() {
    let _ctx = current_compat_context();
    unsafe {
        glCullFace(GL_FRONT);
        glFrontFace(GL_CW);
        glFrontFace(GL_FRONT);
        assert_eq!(error(), GL_INVALID_ENUM);
        glPolygonOffset(2.0, 4.0);
        glLineWidth(0.0);
        assert_eq!(error(), GL_INVALID_VALUE);
        glLineWidth(1.0);
    }
    assert_eq!(get_int(GL_CULL_FACE_MODE), GL_FRONT as i32);
    assert_eq!(get_int(GL_FRONT_FACE), GL_CW as i32);
    assert_eq!(get_floats::<1>(GL_POLYGON_OFFSET_FACTOR), [2.0]);
    assert_eq!(get_floats::<1>(GL_POLYGON_OFFSET_UNITS), [4.0]);
    assert_eq!(get_floats::<1>(GL_LINE_WIDTH), [1.0]);
}

#[test]
fn clear_values_and_normalized_integer_queries() {
    let _ctx = current_compat_context();
    unsafe {
        glClearColor(1.0, 0.0, 0.5, -1.0);
        glClearDepth(0.25);
        glClearStencil(7);
    }
    // GL_FIXED_ONLY with the window's unsigned-normalised buffer clamps the query.
    assert_eq!(get_floats::<4>(GL_COLOR_CLEAR_VALUE), [1.0, 0.0, 0.5, 0.0]);
    unsafe { glClampColor(GL_CLAMP_FRAGMENT_COLOR, GL_FALSE as u32) };
    assert_eq!(get_floats::<4>(GL_COLOR_CLEAR_VALUE), [1.0, 0.0, 0.5, -1.0]);
    // Colours queried as integers map [-1, 1] onto the whole integer range.
    let ints = get_ints::<4>(GL_COLOR_CLEAR_VALUE);
    assert_eq!(ints[0], i32::MAX);
    assert_eq!(ints[1], 0);
    assert_eq!(ints[3], -i32::MAX);
    assert_eq!(get_floats::<1>(GL_DEPTH_CLEAR_VALUE), [0.25]);
    assert_eq!(get_int(GL_STENCIL_CLEAR_VALUE), 7);
}

#[test]
fn unknown_pname_is_invalid_enum_and_writes_nothing() {
    let _ctx = current_compat_context();
    let mut v = [-5i32; 4];
    unsafe { glGetIntegerv(0xDEAD, v.as_mut_ptr()) };
    assert_eq!(error(), GL_INVALID_ENUM);
    assert_eq!(v, [-5; 4]);
}

#[test]
fn errors_keep_the_first_until_read() {
    let _ctx = current_compat_context();
    unsafe {
        glDepthFunc(0);
        glViewport(0, 0, -1, -1);
    }
    assert_eq!(error(), GL_INVALID_ENUM);
    assert_eq!(error(), GL_NO_ERROR);
}

#[test]
fn limits_are_reported() {
    let _ctx = current_compat_context();
    assert!(get_int(GL_MAX_TEXTURE_SIZE) >= 1024);
    assert!(get_int(GL_MAX_VERTEX_ATTRIBS) >= 16);
    assert!(get_int(GL_MAX_DRAW_BUFFERS) >= 8);
    let dims = get_ints::<2>(GL_MAX_VIEWPORT_DIMS);
    assert!(dims[0] >= 4096 && dims[1] >= 4096);
    assert!(get_int(GL_MAX_UNIFORM_BUFFER_BINDINGS) >= 36);
    // ARB_texture_gather: every component, offsets at least GL 4.0's [-8, 7].
    assert_eq!(get_int(GL_MAX_PROGRAM_TEXTURE_GATHER_COMPONENTS_ARB), 4);
    assert!(get_int(GL_MIN_PROGRAM_TEXTURE_GATHER_OFFSET) <= -8);
    assert!(get_int(GL_MAX_PROGRAM_TEXTURE_GATHER_OFFSET) >= 7);
}

#[test]
fn pixel_store_validates_alignment() {
    let _ctx = current_compat_context();
    unsafe {
        glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
        glPixelStorei(GL_PACK_ALIGNMENT, 3);
        assert_eq!(error(), GL_INVALID_VALUE);
        glPixelStorei(0x1234, 1);
        assert_eq!(error(), GL_INVALID_ENUM);
    }
    assert_eq!(get_int(GL_UNPACK_ALIGNMENT), 1);
    assert_eq!(get_int(GL_PACK_ALIGNMENT), 4);
}

#[test]
fn draw_and_read_buffers_are_queried_from_the_bound_framebuffers() {
    let _ctx = current_compat_context();
    assert_eq!(get_int(GL_DRAW_BUFFER), GL_BACK as i32);
    assert_eq!(get_int(GL_DRAW_BUFFER0), GL_BACK as i32);
    assert_eq!(get_int(GL_DRAW_BUFFER1), GL_NONE as i32);
    assert_eq!(get_int(GL_READ_BUFFER), GL_BACK as i32);
    unsafe {
        let mut fbo = 0;
        glGenFramebuffers(1, &mut fbo);
        glBindFramebuffer(GL_FRAMEBUFFER, fbo);
        assert_eq!(get_int(GL_DRAW_BUFFER0), GL_COLOR_ATTACHMENT0 as i32);
        assert_eq!(get_int(GL_READ_BUFFER), GL_COLOR_ATTACHMENT0 as i32);
        let buffers = [GL_NONE, GL_COLOR_ATTACHMENT1];
        glDrawBuffers(2, buffers.as_ptr());
        glReadBuffer(GL_COLOR_ATTACHMENT1);
        assert_eq!(get_int(GL_DRAW_BUFFER0), GL_NONE as i32);
        assert_eq!(get_int(GL_DRAW_BUFFER1), GL_COLOR_ATTACHMENT1 as i32);
        assert_eq!(get_int(GL_READ_BUFFER), GL_COLOR_ATTACHMENT1 as i32);
        // The default framebuffer keeps its own.
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
        glReadBuffer(GL_FRONT);
        assert_eq!(get_int(GL_READ_BUFFER), GL_FRONT as i32);
        assert_eq!(get_int(GL_DRAW_BUFFER0), GL_BACK as i32);
        glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
        assert_eq!(get_int(GL_READ_BUFFER), GL_COLOR_ATTACHMENT1 as i32);
        glDeleteFramebuffers(1, &fbo);
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
}

#[test]
fn texture_coordinate_state_beyond_the_last_coordinate_set_is_invalid_operation() {
    let _ctx = current_compat_context();
    let (mut coords, mut units) = (0, 0);
    let mut v = [7.0f32; 16];
    unsafe {
        glGetIntegerv(GL_MAX_TEXTURE_COORDS, &mut coords);
        glGetIntegerv(GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS, &mut units);
        assert!(units > coords);
        glActiveTexture(GL_TEXTURE0 + coords as u32 - 1);
        glGetFloatv(GL_TEXTURE_MATRIX, v.as_mut_ptr());
        assert_eq!(glGetError(), GL_NO_ERROR);
        assert_eq!(v[0], 1.0);
        // An image unit without a coordinate set: its coordinate state does not exist.
        glActiveTexture(GL_TEXTURE0 + coords as u32);
        assert_eq!(glGetError(), GL_NO_ERROR);
        for pname in [GL_TEXTURE_MATRIX, GL_CURRENT_TEXTURE_COORDS, GL_CURRENT_RASTER_TEXTURE_COORDS, GL_TEXTURE_STACK_DEPTH] {
            glGetFloatv(pname, v.as_mut_ptr());
            assert_eq!(glGetError(), GL_INVALID_OPERATION, "pname 0x{pname:04X}");
        }
        // Per-unit texture state is still there.
        let mut enabled = 1u8;
        glGetBooleanv(GL_TEXTURE_2D, &mut enabled);
        assert_eq!((glGetError(), enabled), (GL_NO_ERROR, 0));
    }
}
