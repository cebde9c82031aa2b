//! Blits, mipmap generation, immutable texture storage, sync objects and hints.

mod common;

use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::*;

fn read_rgba8(x: i32, y: i32) -> [u8; 4] {
    let mut p = [0u8; 4];
    unsafe { glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, p.as_mut_ptr().cast()) };
    p
}

#[test]
fn blit_from_an_fbo_to_the_window_scales_and_mirrors() {
    let _ctx = current_compat_context();
    let (mut fbo, mut tex) = (0, 0);
    // A 2x1 source: red on the left, green on the right.
    let texels: [[u8; 4]; 2] = [[255, 0, 0, 255], [0, 255, 0, 255]];
    unsafe {
        glGenTextures(1, &mut tex);
        glBindTexture(GL_TEXTURE_2D, tex);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8 as GLint, 2, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.as_ptr().cast());
        glGenFramebuffers(1, &mut fbo);
        glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
        glFramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
        glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
        // Mirrored horizontally into the whole 64x32 window.
        glBlitFramebuffer(0, 0, 2, 1, 64, 0, 0, 32, GL_COLOR_BUFFER_BIT, GL_NEAREST);
        assert_eq!(glGetError(), GL_NO_ERROR);
        glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
        glBlitFramebuffer(0, 0, 1, 1, 0, 0, 1, 1, GL_DEPTH_BUFFER_BIT, GL_LINEAR);
        assert_eq!(glGetError(), GL_INVALID_OPERATION, "depth blits must be nearest");
        glBlitFramebuffer(0, 0, 1, 1, 0, 0, 1, 1, 0x4, GL_NEAREST);
        assert_eq!(glGetError(), GL_INVALID_VALUE);
    }
    assert_eq!(read_rgba8(5, 20), [0, 255, 0, 255]);
    assert_eq!(read_rgba8(60, 3), [255, 0, 0, 255]);
}

#[test]
fn generate_mipmap_averages_levels() {
    let _ctx = current_compat_context();
    let (mut tex, mut fbo) = (0, 0);
    // 2x2: black, white / white, black -> one grey texel.
    let texels: [[u8; 4]; 4] = [[0, 0, 0, 255], [255, 255, 255, 255], [255, 255, 255, 255], [0, 0, 0, 255]];
    unsafe {
        glGenTextures(1, &mut tex);
        glBindTexture(GL_TEXTURE_2D, tex);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8 as GLint, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.as_ptr().cast());
        glGenerateMipmap(GL_TEXTURE_2D);
        assert_eq!(glGetError(), GL_NO_ERROR);
        let mut w = 0;
        glGetTexLevelParameteriv(GL_TEXTURE_2D, 1, GL_TEXTURE_WIDTH, &mut w);
        assert_eq!(w, 1);
        glGenFramebuffers(1, &mut fbo);
        glBindFramebuffer(GL_FRAMEBUFFER, fbo);
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 1);
        let p = read_rgba8(0, 0);
        assert!((127..=128).contains(&p[0]) && p[3] == 255, "{p:?}");
        // Rectangle textures have no mip levels.
        glGenerateMipmap(GL_TEXTURE_RECTANGLE);
        assert_eq!(glGetError(), GL_INVALID_ENUM);
    }
}

/// The one texel of level 1 of the bound 2x2 GL_TEXTURE_2D.
fn level_one_texel() -> [u8; 4] {
    let mut p = [0u8; 4];
    unsafe { glGetTexImage(GL_TEXTURE_2D, 1, GL_RGBA, GL_UNSIGNED_BYTE, p.as_mut_ptr().cast()) };
    p
}

#[test]
fn generate_mipmap_parameter_rebuilds_levels_when_the_base_changes() {
    let _ctx = current_compat_context();
    let mut tex = 0;
    let white = [[255u8; 4]; 4];
    let black_half: [[u8; 4]; 2] = [[0, 0, 0, 255], [0, 0, 0, 255]];
    unsafe {
        glGenTextures(1, &mut tex);
        glBindTexture(GL_TEXTURE_2D, tex);
        glTexParameteri(GL_TEXTURE_2D, GL_GENERATE_MIPMAP, GL_TRUE as GLint);
        assert_eq!(glGetError(), GL_NO_ERROR);
        let mut v = 0;
        glGetTexParameteriv(GL_TEXTURE_2D, GL_GENERATE_MIPMAP, &mut v);
        assert_eq!(v, GL_TRUE as GLint);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8 as GLint, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, white.as_ptr().cast());
        let mut w = 0;
        glGetTexLevelParameteriv(GL_TEXTURE_2D, 1, GL_TEXTURE_WIDTH, &mut w);
        assert_eq!(w, 1, "level 1 is made with the base level");
        assert_eq!(level_one_texel(), [255, 255, 255, 255]);
        // Half of the base turns black: level 1 follows.
        glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 2, 1, GL_RGBA, GL_UNSIGNED_BYTE, black_half.as_ptr().cast());
        let p = level_one_texel();
        assert!((127..=128).contains(&p[0]) && p[3] == 255, "{p:?}");
        // Without the parameter, levels stay as they are.
        glTexParameteri(GL_TEXTURE_2D, GL_GENERATE_MIPMAP, GL_FALSE as GLint);
        glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 1, 2, 1, GL_RGBA, GL_UNSIGNED_BYTE, black_half.as_ptr().cast());
        let p = level_one_texel();
        assert!((127..=128).contains(&p[0]), "{p:?}");
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
}

#[test]
fn tex_image_applies_the_pixel_transfer_scale_and_bias() {
    let _ctx = current_compat_context();
    let mut tex = 0;
    let grey = [[128u8, 128, 128, 128]; 4];
    let mut out = [[0u8; 4]; 4];
    unsafe {
        glGenTextures(1, &mut tex);
        glBindTexture(GL_TEXTURE_2D, tex);
        glPixelTransferf(GL_RED_SCALE, 0.5);
        glPixelTransferf(GL_GREEN_BIAS, 0.25);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8 as GLint, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, grey.as_ptr().cast());
        glTexSubImage2D(GL_TEXTURE_2D, 0, 1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, grey.as_ptr().cast());
        glPixelTransferf(GL_RED_SCALE, 1.0);
        glPixelTransferf(GL_GREEN_BIAS, 0.0);
        glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, out.as_mut_ptr().cast());
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
    // 128 * 0.5 = 64; 128 / 255 + 0.25 = 0.752 -> 192; blue and alpha as given.
    assert_eq!(out[0], [64, 192, 128, 128]);
    assert_eq!(out[3], [64, 192, 128, 128]);
}

#[test]
fn tex_sub_image_3d_of_one_slice_skips_images() {
    let _ctx = current_compat_context();
    let mut tex = 0;
    // Two 1x1 client images: red, then green.
    let client: [[u8; 4]; 2] = [[255, 0, 0, 255], [0, 255, 0, 255]];
    let zero = [[0u8; 4]; 2];
    let mut out = [[9u8; 4]; 2];
    unsafe {
        glGenTextures(1, &mut tex);
        glBindTexture(GL_TEXTURE_3D, tex);
        glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
        glTexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8 as GLint, 1, 1, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, zero.as_ptr().cast());
        // A depth of one still skips whole images.
        glPixelStorei(GL_UNPACK_SKIP_IMAGES, 1);
        glTexSubImage3D(GL_TEXTURE_3D, 0, 0, 0, 1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, client.as_ptr().cast());
        glPixelStorei(GL_UNPACK_SKIP_IMAGES, 0);
        glGetTexImage(GL_TEXTURE_3D, 0, GL_RGBA, GL_UNSIGNED_BYTE, out.as_mut_ptr().cast());
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
    assert_eq!(out, [[0, 0, 0, 0], [0, 255, 0, 255]]);
}

#[test]
fn copy_tex_image_refuses_component_counts_as_internal_format() {
    let _ctx = current_compat_context();
    let mut tex = 0;
    unsafe {
        glGenTextures(1, &mut tex);
        glBindTexture(GL_TEXTURE_2D, tex);
        for count in 1..=4 {
            glCopyTexImage2D(GL_TEXTURE_2D, 0, count, 0, 0, 4, 4, 0);
            assert_eq!(glGetError(), GL_INVALID_ENUM, "internal format {count}");
        }
        glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 0, 0, 4, 4, 0);
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
}

#[test]
fn immutable_texture_storage() {
    let _ctx = current_compat_context();
    let mut tex = 0;
    unsafe {
        glGenTextures(1, &mut tex);
        glBindTexture(GL_TEXTURE_2D, tex);
        glTexStorage2D(GL_TEXTURE_2D, 3, GL_RGBA8, 8, 4);
        assert_eq!(glGetError(), GL_NO_ERROR);
        let mut v = 0;
        glGetTexLevelParameteriv(GL_TEXTURE_2D, 2, GL_TEXTURE_WIDTH, &mut v);
        assert_eq!(v, 2);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8 as GLint, 8, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, std::ptr::null());
        assert_eq!(glGetError(), GL_INVALID_OPERATION, "immutable storage cannot be respecified");
        glTexStorage2D(GL_TEXTURE_2D, 5, GL_RGBA8, 8, 4);
        assert_eq!(glGetError(), GL_INVALID_OPERATION, "more levels than the size allows");
        glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA, 8, 4);
        assert_eq!(glGetError(), GL_INVALID_ENUM, "unsized format");
        // Sub-image updates still work.
        glTexSubImage2D(GL_TEXTURE_2D, 1, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, [1u8, 2, 3, 4].as_ptr().cast());
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
}

#[test]
fn fences_signal_after_the_work_before_them() {
    let _ctx = current_compat_context();
    unsafe {
        glClearColor(1.0, 0.0, 0.0, 1.0);
        glClear(GL_COLOR_BUFFER_BIT);
        let sync = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
        assert!(!sync.is_null());
        assert_eq!(glIsSync(sync), 1);
        let status = glClientWaitSync(sync, GL_SYNC_FLUSH_COMMANDS_BIT, 1_000_000_000);
        assert!(matches!(status, GL_CONDITION_SATISFIED | GL_ALREADY_SIGNALED), "{status:#x}");
        assert_eq!(glClientWaitSync(sync, 0, 0), GL_ALREADY_SIGNALED);
        let mut v = 0;
        let mut len = 0;
        glGetSynciv(sync, GL_SYNC_STATUS, 1, &mut len, &mut v);
        assert_eq!((v, len), (GL_SIGNALED as i32, 1));
        glDeleteSync(sync);
        assert_eq!(glIsSync(sync), 0);
        assert!(glFenceSync(GL_RGBA, 0).is_null());
        assert_eq!(glGetError(), GL_INVALID_ENUM);
        glClientWaitSync(1234 as *const c_void, 0, 0);
        assert_eq!(glGetError(), GL_INVALID_VALUE);
    }
}

#[test]
fn a_zero_timeout_polls_and_a_finish_signals() {
    let _ctx = current_compat_context();
    unsafe {
        glClear(GL_COLOR_BUFFER_BIT);
        let sync = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
        let polled = glClientWaitSync(sync, GL_SYNC_FLUSH_COMMANDS_BIT, 0);
        assert!(matches!(polled, GL_TIMEOUT_EXPIRED | GL_ALREADY_SIGNALED), "a zero timeout never waits: {polled:#x}");
        glFinish();
        assert_eq!(glClientWaitSync(sync, 0, 0), GL_ALREADY_SIGNALED, "glFinish completes the work before the fence");
        glDeleteSync(sync);
    }
}

#[test]
fn hints_are_recorded_and_validated() {
    let _ctx = current_compat_context();
    assert_eq!(get_int(GL_FRAGMENT_SHADER_DERIVATIVE_HINT), GL_DONT_CARE as i32);
    unsafe {
        glHint(GL_FRAGMENT_SHADER_DERIVATIVE_HINT, GL_NICEST);
        glHint(GL_FRAGMENT_SHADER_DERIVATIVE_HINT, GL_RGBA);
        assert_eq!(glGetError(), GL_INVALID_ENUM);
    }
    assert_eq!(get_int(GL_FRAGMENT_SHADER_DERIVATIVE_HINT), GL_NICEST as i32);
    assert_eq!(get_int(GL_DEPTH_BITS), 24);
    assert_eq!(get_int(GL_STENCIL_BITS), 8);
    assert_eq!(get_int(GL_RED_BITS), 8);
}

#[test]
fn get_tex_image_reads_host_and_gpu_contents() {
    let _ctx = current_compat_context();
    let (mut tex, mut fbo) = (0, 0);
    let texels: Vec<u8> = (0..16).collect();
    unsafe {
        glGenTextures(1, &mut tex);
        glBindTexture(GL_TEXTURE_2D, tex);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8 as GLint, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.as_ptr().cast());
        let mut out = [0u8; 16];
        glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, out.as_mut_ptr().cast());
        assert_eq!(out.to_vec(), texels);
        // Render into it, then read what the GPU holds.
        glGenFramebuffers(1, &mut fbo);
        glBindFramebuffer(GL_FRAMEBUFFER, fbo);
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
        glClearColor(0.0, 0.0, 1.0, 1.0);
        glClear(GL_COLOR_BUFFER_BIT);
        let mut floats = [0f32; 16];
        glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, floats.as_mut_ptr().cast());
        assert_eq!(&floats[..4], &[0.0, 0.0, 1.0, 1.0]);
        glGetTexImage(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, GL_FLOAT, floats.as_mut_ptr().cast());
        assert_eq!(glGetError(), GL_INVALID_OPERATION);
    }
}

#[test]
fn blit_from_a_multisample_fbo_resolves_edge_pixels() {
    let _ctx = current_compat_context();
    let (mut fbos, mut rbs) = ([0; 2], [0; 2]);
    unsafe {
        glGenFramebuffers(2, fbos.as_mut_ptr());
        glGenRenderbuffers(2, rbs.as_mut_ptr());
        glBindRenderbuffer(GL_RENDERBUFFER, rbs[0]);
        glRenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_RGBA8, 4, 4);
        glBindRenderbuffer(GL_RENDERBUFFER, rbs[1]);
        glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 4, 4);
        for (fbo, rb) in fbos.iter().zip(rbs) {
            glBindFramebuffer(GL_FRAMEBUFFER, *fbo);
            glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
        }
        // White lower-left half triangle over black: the diagonal x + y = 4 runs through the
        // centres of the pixels with i + j = 3, so those are only partly covered.
        glBindFramebuffer(GL_FRAMEBUFFER, fbos[0]);
        glViewport(0, 0, 4, 4);
        glClearColor(0.0, 0.0, 0.0, 1.0);
        glClear(GL_COLOR_BUFFER_BIT);
        glColor4f(1.0, 1.0, 1.0, 1.0);
        glBegin(GL_TRIANGLES);
        glVertex2f(-1.0, -1.0);
        glVertex2f(1.0, -1.0);
        glVertex2f(-1.0, 1.0);
        glEnd();
        glBindFramebuffer(GL_READ_FRAMEBUFFER, fbos[0]);
        glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fbos[1]);
        glBlitFramebuffer(0, 0, 4, 4, 0, 0, 2, 2, GL_COLOR_BUFFER_BIT, GL_NEAREST);
        assert_eq!(glGetError(), GL_INVALID_OPERATION, "a multisample source cannot scale");
        glBlitFramebuffer(0, 0, 4, 4, 0, 0, 4, 4, GL_COLOR_BUFFER_BIT, GL_NEAREST);
        assert_eq!(glGetError(), GL_NO_ERROR);
        glBindFramebuffer(GL_READ_FRAMEBUFFER, fbos[1]);
    }
    assert_eq!(read_rgba8(0, 0), [255, 255, 255, 255], "fully covered");
    assert_eq!(read_rgba8(3, 3), [0, 0, 0, 255], "uncovered");
    let edge = read_rgba8(1, 2);
    assert!(edge[0] > 0 && edge[0] < 255, "a half-covered pixel resolves to a blend, got {edge:?}");
    assert_eq!(edge[0], edge[1]);
}
