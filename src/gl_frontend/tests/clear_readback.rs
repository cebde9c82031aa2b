//! Clears and glReadPixels on the machine's Vulkan device: window and FBO, scissor,
//! masks, float and depth/stencil read-back, texture upload, and GL's bottom-up rows.

mod common;

use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::*;

fn read_rgba8(x: i32, y: i32, w: i32, h: i32) -> Vec<[u8; 4]> {
    let mut out = vec![[0u8; 4]; (w * h) as usize];
    unsafe { glReadPixels(x, y, w, h, GL_RGBA, GL_UNSIGNED_BYTE, out.as_mut_ptr().cast()) };
    out
}

fn read_rgba_f32(x: i32, y: i32, w: i32, h: i32) -> Vec<[f32; 4]> {
    let mut out = vec![[0f32; 4]; (w * h) as usize];
    unsafe { glReadPixels(x, y, w, h, GL_RGBA, GL_FLOAT, out.as_mut_ptr().cast()) };
    out
}

fn color_fbo(internal_format: GLenum, width: i32, height: i32) -> (GLuint, GLuint) {
    let (mut fbo, mut tex) = (0, 0);
    unsafe {
        glGenTextures(1, &mut tex);
        glBindTexture(GL_TEXTURE_2D, tex);
        let ty = if internal_format == GL_RGBA32F { GL_FLOAT } else { GL_UNSIGNED_BYTE };
        glTexImage2D(GL_TEXTURE_2D, 0, internal_format as GLint, width, height, 0, GL_RGBA, ty, std::ptr::null());
        glGenFramebuffers(1, &mut fbo);
        glBindFramebuffer(GL_FRAMEBUFFER, fbo);
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
        assert_eq!(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
    }
    (fbo, tex)
}

#[test]
fn window_clear_reads_back_as_bytes_and_floats() {
    let _ctx = current_compat_context();
    unsafe {
        glClearColor(1.0, 0.5, 0.0, 1.0);
        glClear(GL_COLOR_BUFFER_BIT);
    }
    let pixels = read_rgba8(0, 0, 64, 32);
    assert!(pixels.iter().all(|p| *p == [255, 128, 0, 255]), "{:?}", &pixels[..4]);
    let floats = read_rgba_f32(3, 3, 1, 1);
    assert!((floats[0][1] - 128.0 / 255.0).abs() < 1e-6 && floats[0][0] == 1.0, "{:?}", floats[0]);
    assert_eq!(error(), GL_NO_ERROR);
}

#[test]
fn read_pixels_larger_than_the_window_fills_only_the_window_part() {
    let _ctx = current_compat_context();
    unsafe {
        glClearColor(1.0, 0.0, 1.0, 0.0);
        glClear(GL_COLOR_BUFFER_BIT);
    }
    // A 64x32 window read as 96x40 from its origin: each client row is 96 pixels long.
    let marker = [7u8; 4];
    let mut out = vec![marker; 96 * 40];
    unsafe { glReadPixels(0, 0, 96, 40, GL_RGBA, GL_UNSIGNED_BYTE, out.as_mut_ptr().cast()) };
    assert_eq!(error(), GL_NO_ERROR);
    for (i, p) in out.iter().enumerate() {
        let (x, y) = (i % 96, i / 96);
        let expected = if x < 64 && y < 32 { [255, 0, 255, 0] } else { marker };
        assert_eq!(*p, expected, "pixel ({x}, {y})");
    }
}

#[test]
fn scissored_clear_lands_bottom_up() {
    let _ctx = current_compat_context();
    unsafe {
        glClearColor(1.0, 0.0, 0.0, 1.0);
        glClear(GL_COLOR_BUFFER_BIT);
        glEnable(GL_SCISSOR_TEST);
        glScissor(10, 5, 4, 3);
        glClearColor(0.0, 1.0, 0.0, 1.0);
        glClear(GL_COLOR_BUFFER_BIT);
        glDisable(GL_SCISSOR_TEST);
    }
    let pixels = read_rgba8(0, 0, 64, 32);
    for y in 0..32 {
        for x in 0..64 {
            let inside = (10..14).contains(&x) && (5..8).contains(&y);
            let expected = if inside { [0, 255, 0, 255] } else { [255, 0, 0, 255] };
            assert_eq!(pixels[(y * 64 + x) as usize], expected, "pixel ({x}, {y})");
        }
    }
}

#[test]
fn color_mask_off_keeps_the_old_colour() {
    let _ctx = current_compat_context();
    unsafe {
        glClearColor(0.0, 0.0, 1.0, 1.0);
        glClear(GL_COLOR_BUFFER_BIT);
        glColorMask(0, 0, 0, 0);
        glClearColor(1.0, 1.0, 1.0, 1.0);
        glClear(GL_COLOR_BUFFER_BIT);
        glColorMask(1, 1, 1, 1);
    }
    assert_eq!(read_rgba8(5, 5, 1, 1)[0], [0, 0, 255, 255]);
}

#[test]
fn float_fbo_keeps_values_outside_zero_one() {
    let _ctx = current_compat_context();
    color_fbo(GL_RGBA32F, 8, 8);
    unsafe {
        glClearColor(2.5, -1.0, 0.25, 1.0);
        glClear(GL_COLOR_BUFFER_BIT);
    }
    let pixels = read_rgba_f32(0, 0, 8, 8);
    assert!(pixels.iter().all(|p| *p == [2.5, -1.0, 0.25, 1.0]), "{:?}", pixels[0]);
    assert_eq!(error(), GL_NO_ERROR);
}

#[test]
fn uploaded_texture_reads_back_in_gl_row_order() {
    let _ctx = current_compat_context();
    let (_fbo, tex) = color_fbo(GL_RGBA8, 2, 2);
    // Row 0 (bottom): red, green; row 1 (top): blue, white.
    let texels: [[u8; 4]; 4] = [[255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 255], [255, 255, 255, 255]];
    unsafe {
        glBindTexture(GL_TEXTURE_2D, tex);
        glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, texels.as_ptr().cast());
    }
    assert_eq!(read_rgba8(0, 0, 2, 2), texels.to_vec());
    // Sub-image updates after the texture reached the GPU land there too.
    unsafe { glTexSubImage2D(GL_TEXTURE_2D, 0, 1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, [9u8, 8, 7, 6].as_ptr().cast()) };
    assert_eq!(read_rgba8(1, 1, 1, 1)[0], [9, 8, 7, 6]);
    assert_eq!(error(), GL_NO_ERROR);
}

#[test]
fn texture_data_given_before_attachment_is_uploaded() {
    let _ctx = current_compat_context();
    let (mut tex, mut fbo) = (0, 0);
    let texels: Vec<u8> = (0..4 * 4 * 4).map(|i| i as u8).collect();
    unsafe {
        glGenTextures(1, &mut tex);
        glBindTexture(GL_TEXTURE_2D, tex);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8 as GLint, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.as_ptr().cast());
        glGenFramebuffers(1, &mut fbo);
        glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
        glFramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
    }
    let back: Vec<u8> = read_rgba8(0, 0, 4, 4).into_iter().flatten().collect();
    assert_eq!(back, texels);
}

#[test]
fn depth_and_stencil_clears_read_back() {
    let _ctx = current_compat_context();
    unsafe {
        glClearDepth(0.25);
        glClearStencil(0x5A);
        glClear(GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
        let mut depth = [0f32; 4];
        glReadPixels(0, 0, 2, 2, GL_DEPTH_COMPONENT, GL_FLOAT, depth.as_mut_ptr().cast());
        assert!(depth.iter().all(|d| (d - 0.25).abs() < 1e-6), "{depth:?}");
        // Rows of two bytes: pack them tightly.
        glPixelStorei(GL_PACK_ALIGNMENT, 1);
        let mut stencil = [0u8; 4];
        glReadPixels(0, 0, 2, 2, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, stencil.as_mut_ptr().cast());
        assert_eq!(stencil, [0x5A; 4]);
        // With depth writes off, the depth clear does nothing.
        glDepthMask(0);
        glClearDepth(1.0);
        glClear(GL_DEPTH_BUFFER_BIT);
        glReadPixels(0, 0, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, depth.as_mut_ptr().cast());
        assert!((depth[0] - 0.25).abs() < 1e-6);
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
}

#[test]
fn clear_buffer_targets_one_draw_buffer() {
    let _ctx = current_compat_context();
    let mut tex = [0; 2];
    let mut fbo = 0;
    unsafe {
        glGenTextures(2, tex.as_mut_ptr());
        glGenFramebuffers(1, &mut fbo);
        glBindFramebuffer(GL_FRAMEBUFFER, fbo);
        for (i, &t) in tex.iter().enumerate() {
            glBindTexture(GL_TEXTURE_2D, t);
            glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8 as GLint, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, std::ptr::null());
            glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + i as u32, GL_TEXTURE_2D, t, 0);
        }
        let bufs = [GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1];
        glDrawBuffers(2, bufs.as_ptr());
        glClearColor(0.0, 0.0, 0.0, 0.0);
        glClear(GL_COLOR_BUFFER_BIT);
        glClearBufferfv(GL_COLOR, 1, [0.0f32, 1.0, 0.0, 1.0].as_ptr());
        assert_eq!(glGetError(), GL_NO_ERROR);
        glReadBuffer(GL_COLOR_ATTACHMENT0);
        assert_eq!(read_rgba8(1, 1, 1, 1)[0], [0, 0, 0, 0]);
        glReadBuffer(GL_COLOR_ATTACHMENT1);
        assert_eq!(read_rgba8(1, 1, 1, 1)[0], [0, 255, 0, 255]);
        glClearBufferfv(GL_COLOR, 99, [0.0f32; 4].as_ptr());
        assert_eq!(glGetError(), GL_INVALID_VALUE);
        glClearBufferfv(GL_STENCIL, 0, [0.0f32; 4].as_ptr());
        assert_eq!(glGetError(), GL_INVALID_ENUM);
        glClearBufferfi(GL_DEPTH_STENCIL, 1, 1.0, 0);
        assert_eq!(glGetError(), GL_INVALID_VALUE);
    }
}

#[test]
fn read_pixels_clips_to_the_framebuffer() {
    let _ctx = current_compat_context();
    unsafe {
        glClearColor(0.0, 0.0, 1.0, 1.0);
        glClear(GL_COLOR_BUFFER_BIT);
    }
    let mut out = vec![[7u8; 4]; 4];
    unsafe { glReadPixels(62, 30, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, out.as_mut_ptr().cast()) };
    assert!(out.iter().all(|p| *p == [0, 0, 255, 255]));
    let mut untouched = vec![[7u8; 4]; 4];
    unsafe { glReadPixels(63, 31, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, untouched.as_mut_ptr().cast()) };
    assert_eq!(untouched, vec![[0, 0, 255, 255], [7; 4], [7; 4], [7; 4]]);
}

#[test]
fn read_pixels_into_a_pack_buffer() {
    let _ctx = current_compat_context();
    let mut pbo = 0;
    unsafe {
        glClearColor(0.0, 1.0, 0.0, 1.0);
        glClear(GL_COLOR_BUFFER_BIT);
        glGenBuffers(1, &mut pbo);
        glBindBuffer(GL_PIXEL_PACK_BUFFER, pbo);
        glBufferData(GL_PIXEL_PACK_BUFFER, 20, std::ptr::null(), GL_STREAM_READ);
        glReadPixels(0, 0, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, 4 as *mut c_void);
        assert_eq!(glGetError(), GL_NO_ERROR);
        glReadPixels(0, 0, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, 8 as *mut c_void);
        assert_eq!(glGetError(), GL_INVALID_OPERATION, "past the end of the buffer");
        let mut bytes = [0u8; 20];
        glGetBufferSubData(GL_PIXEL_PACK_BUFFER, 0, 20, bytes.as_mut_ptr().cast());
        assert_eq!(&bytes[..4], &[0, 0, 0, 0]);
        assert!(bytes[4..].chunks(4).all(|p| p == [0, 255, 0, 255]));
    }
}

#[test]
fn clear_and_read_errors() {
    let _ctx = current_compat_context();
    let mut out = [0u8; 16];
    unsafe {
        glClear(0x1);
        assert_eq!(glGetError(), GL_INVALID_VALUE);
        glReadPixels(0, 0, -1, 1, GL_RGBA, GL_UNSIGNED_BYTE, out.as_mut_ptr().cast());
        assert_eq!(glGetError(), GL_INVALID_VALUE);
        glReadPixels(0, 0, 1, 1, 0x1234, GL_UNSIGNED_BYTE, out.as_mut_ptr().cast());
        assert_eq!(glGetError(), GL_INVALID_ENUM);
        glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_INT_24_8, out.as_mut_ptr().cast());
        assert_eq!(glGetError(), GL_INVALID_OPERATION);
        let (_fbo, _tex) = color_fbo(GL_RGBA8, 4, 4);
        glReadPixels(0, 0, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, out.as_mut_ptr().cast());
        assert_eq!(glGetError(), GL_INVALID_OPERATION, "no depth attachment");
        let mut empty = 0;
        glGenFramebuffers(1, &mut empty);
        glBindFramebuffer(GL_FRAMEBUFFER, empty);
        glClear(GL_COLOR_BUFFER_BIT);
        assert_eq!(glGetError(), GL_INVALID_FRAMEBUFFER_OPERATION);
        glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, out.as_mut_ptr().cast());
        assert_eq!(glGetError(), GL_INVALID_FRAMEBUFFER_OPERATION);
    }
}
