//! Clears that the colour and stencil write masks let through only in part: each channel or
//! bit the mask excludes keeps its old value, inside and outside the scissor box, for float
//! and integer colour buffers and the stencil buffer.

mod common;

use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::*;

fn read_rgba8(x: i32, y: i32) -> [u8; 4] {
    let mut out = [0u8; 4];
    unsafe { glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, out.as_mut_ptr().cast()) };
    out
}

#[test]
fn a_partial_colour_mask_keeps_the_masked_channels() {
    let _ctx = current_compat_context();
    unsafe {
        glClearColor(0.2, 0.4, 0.6, 0.8);
        glClear(GL_COLOR_BUFFER_BIT);
        glColorMask(1, 0, 1, 0);
        glClearColor(1.0, 1.0, 1.0, 1.0);
        glClear(GL_COLOR_BUFFER_BIT);
        glColorMask(1, 1, 1, 1);
    }
    assert_eq!(read_rgba8(5, 5), [255, 102, 255, 204]);
    assert_eq!(read_rgba8(63, 31), [255, 102, 255, 204]);
    assert_eq!(error(), GL_NO_ERROR);
}

#[test]
fn a_masked_clear_stays_inside_the_scissor_box() {
    let _ctx = current_compat_context();
    unsafe {
        glClearColor(0.0, 0.0, 0.0, 0.0);
        glClear(GL_COLOR_BUFFER_BIT);
        glEnable(GL_SCISSOR_TEST);
        glScissor(8, 4, 16, 8);
        glColorMask(0, 1, 0, 0);
        glClearColor(1.0, 1.0, 1.0, 1.0);
        glClear(GL_COLOR_BUFFER_BIT);
        glColorMask(1, 1, 1, 1);
        glDisable(GL_SCISSOR_TEST);
    }
    assert_eq!(read_rgba8(8, 4), [0, 255, 0, 0], "the box's first pixel");
    assert_eq!(read_rgba8(23, 11), [0, 255, 0, 0], "the box's last pixel");
    assert_eq!(read_rgba8(7, 4), [0, 0, 0, 0], "left of the box");
    assert_eq!(read_rgba8(24, 11), [0, 0, 0, 0], "right of the box");
    assert_eq!(read_rgba8(8, 12), [0, 0, 0, 0], "above the box");
}

#[test]
fn a_partial_stencil_mask_keeps_the_masked_bits() {
    let _ctx = current_compat_context();
    let mut stencil = [0u8; 1];
    unsafe {
        glClearStencil(0x55);
        glClear(GL_STENCIL_BUFFER_BIT);
        glStencilMask(0x0F);
        glClearStencil(0xFF);
        glClear(GL_STENCIL_BUFFER_BIT);
        glStencilMask(0xFF);
        glPixelStorei(GL_PACK_ALIGNMENT, 1);
        glReadPixels(3, 3, 1, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, stencil.as_mut_ptr().cast());
    }
    assert_eq!(stencil, [0x5F]);
    assert_eq!(error(), GL_NO_ERROR);
}

#[test]
fn integer_buffers_clear_through_a_partial_mask() {
    let _ctx = current_context_with_override(3, 0, gl_frontend::Profile::Compatibility);
    let fbo = new_framebuffer();
    let tex = new_nearest_texture();
    let mut texel = [0u32; 4];
    unsafe {
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32UI as GLint, 4, 4, 0, GL_RGBA_INTEGER, GL_UNSIGNED_INT, std::ptr::null());
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
        assert_eq!(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
        glClearBufferuiv(GL_COLOR, 0, [1u32, 2, 3, 4].as_ptr());
        glColorMask(0, 1, 0, 1);
        glClearBufferuiv(GL_COLOR, 0, [70000u32, 80000, 90000, 100000].as_ptr());
        glColorMask(1, 1, 1, 1);
        glReadPixels(2, 2, 1, 1, GL_RGBA_INTEGER, GL_UNSIGNED_INT, texel.as_mut_ptr().cast());
        glDeleteFramebuffers(1, &fbo);
    }
    assert_eq!(texel, [1, 80000, 3, 100000]);
    assert_eq!(error(), GL_NO_ERROR);
}
