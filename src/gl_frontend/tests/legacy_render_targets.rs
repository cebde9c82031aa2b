//! Rendering into formats whose GL components differ from Vulkan's channels: ALPHA and
//! LUMINANCE_ALPHA blend, mask and clear their alpha as GL's; RGB buffers blend with a
//! destination alpha of 1; and redefining one level of a texture keeps what was rendered
//! into the others.

mod common;

use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::*;

/// A new 4×4 texture of `internal_format` attached as colour attachment `index` of the bound
/// framebuffer.
fn attached_texture(internal_format: GLenum, index: u32) -> GLuint {
    let tex = new_nearest_texture();
    unsafe {
        glTexImage2D(GL_TEXTURE_2D, 0, internal_format as GLint, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, std::ptr::null());
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + index, GL_TEXTURE_2D, tex, 0);
    }
    tex
}

/// A white square over the viewport in immediate mode, with `blend` as glBlendFunc.
fn blend_white_square(blend: (GLenum, GLenum)) {
    unsafe {
        glViewport(0, 0, 4, 4);
        glEnable(GL_BLEND);
        glBlendFunc(blend.0, blend.1);
        glColor4f(1.0, 1.0, 1.0, 1.0);
        immediate_unit_square();
        glDisable(GL_BLEND);
    }
}

/// glReadPixels of one pixel of the read buffer in `format` as unsigned bytes.
fn read<const N: usize>(format: GLenum) -> [u8; N] {
    let mut out = [0u8; N];
    unsafe {
        glPixelStorei(GL_PACK_ALIGNMENT, 1);
        glReadPixels(1, 1, 1, 1, format, GL_UNSIGNED_BYTE, out.as_mut_ptr().cast());
    }
    out
}

#[test]
fn alpha_targets_blend_with_their_own_alpha() {
    let _ctx = current_compat_context();
    new_framebuffer();
    attached_texture(GL_ALPHA8, 0);
    assert_eq!(unsafe { glCheckFramebufferStatus(GL_FRAMEBUFFER) }, GL_FRAMEBUFFER_COMPLETE);
    unsafe {
        glClearColor(1.0, 1.0, 1.0, 0.5);
        glClear(GL_COLOR_BUFFER_BIT);
    }
    assert_eq!(read::<4>(GL_RGBA), [0, 0, 0, 128], "the cleared alpha");
    // dst' = src * 0 + dst * dst_alpha = 0.5 * 0.5.
    blend_white_square((GL_ZERO, GL_DST_ALPHA));
    assert_eq!(read::<1>(GL_ALPHA), [64], "alpha blended with the destination alpha");
    assert_eq!(error(), GL_NO_ERROR);
}

#[test]
fn luminance_alpha_targets_mask_alpha_apart_from_luminance() {
    let _ctx = current_compat_context();
    new_framebuffer();
    attached_texture(GL_LUMINANCE8_ALPHA8, 0);
    assert_eq!(unsafe { glCheckFramebufferStatus(GL_FRAMEBUFFER) }, GL_FRAMEBUFFER_COMPLETE);
    unsafe {
        glClearColor(0.8, 0.0, 0.0, 0.4);
        glClear(GL_COLOR_BUFFER_BIT);
        glColorMask(1, 1, 1, 0);
        glViewport(0, 0, 4, 4);
        glColor4f(0.2, 0.0, 0.0, 1.0);
        immediate_unit_square();
        glColorMask(1, 1, 1, 1);
    }
    assert_eq!(read::<2>(GL_LUMINANCE_ALPHA), [51, 102], "luminance drawn, alpha kept");
    // dst' = src * (1 - dst_alpha): luminance 0.6, alpha 0.6 (alpha's blend reads alpha too).
    blend_white_square((GL_ONE_MINUS_DST_ALPHA, GL_ZERO));
    assert_eq!(read::<2>(GL_LUMINANCE_ALPHA), [153, 153], "blended with the destination alpha");
    assert_eq!(error(), GL_NO_ERROR);
}

#[test]
fn rgb_targets_blend_with_a_destination_alpha_of_one() {
    let _ctx = current_compat_context();
    new_framebuffer();
    attached_texture(GL_RGBA8, 0);
    attached_texture(GL_RGB8, 1);
    assert_eq!(unsafe { glCheckFramebufferStatus(GL_FRAMEBUFFER) }, GL_FRAMEBUFFER_COMPLETE);
    unsafe {
        glClearColor(0.0, 0.0, 0.0, 0.0);
        glDrawBuffer(GL_COLOR_ATTACHMENT1);
        glClear(GL_COLOR_BUFFER_BIT);
        glDrawBuffer(GL_COLOR_ATTACHMENT0);
        glClearColor(0.0, 0.0, 0.0, 0.5);
        glClear(GL_COLOR_BUFFER_BIT);
        glDrawBuffers(2, [GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1].as_ptr());
    }
    // dst' = src * dst_alpha: half where the buffer has alpha 0.5, all of it where it has none.
    blend_white_square((GL_DST_ALPHA, GL_ZERO));
    unsafe { glReadBuffer(GL_COLOR_ATTACHMENT0) };
    assert_eq!(read::<4>(GL_RGBA), [128, 128, 128, 128], "the RGBA buffer");
    unsafe { glReadBuffer(GL_COLOR_ATTACHMENT1) };
    assert_eq!(read::<4>(GL_RGBA), [255, 255, 255, 255], "the RGB buffer");
    // (1 - dst_alpha) is 0 for the RGB buffer: its colour stays.
    blend_white_square((GL_ONE_MINUS_DST_ALPHA, GL_ONE));
    assert_eq!(read::<4>(GL_RGBA), [255, 255, 255, 255], "the RGB buffer after ONE_MINUS_DST_ALPHA");
    assert_eq!(error(), GL_NO_ERROR);
}

#[test]
fn redefining_a_level_keeps_what_was_rendered_into_the_others() {
    let _ctx = current_compat_context();
    let tex = new_nearest_texture();
    new_framebuffer();
    unsafe {
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8 as GLint, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, std::ptr::null());
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
        glClearColor(1.0, 0.0, 0.0, 1.0);
        glClear(GL_COLOR_BUFFER_BIT);
        // A new level 1 (the texture now has two levels), then rendering into it.
        glTexImage2D(GL_TEXTURE_2D, 1, GL_RGBA8 as GLint, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, std::ptr::null());
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 1);
        glClearColor(0.0, 0.0, 1.0, 1.0);
        glClear(GL_COLOR_BUFFER_BIT);
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
    }
    let mut level0 = [0u8; 64];
    let mut level1 = [0u8; 16];
    unsafe {
        glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, level0.as_mut_ptr().cast());
        glGetTexImage(GL_TEXTURE_2D, 1, GL_RGBA, GL_UNSIGNED_BYTE, level1.as_mut_ptr().cast());
    }
    assert!(level0.chunks(4).all(|t| t == [255, 0, 0, 255]), "level 0 as rendered: {level0:?}");
    assert!(level1.chunks(4).all(|t| t == [0, 0, 255, 255]), "level 1 as rendered: {level1:?}");
    assert_eq!(error(), GL_NO_ERROR);
}
