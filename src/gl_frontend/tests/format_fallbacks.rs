//! Formats on a device that lacks their preferred storage: the device of this binary hides
//! R16_UNORM and R5G6B5, as a device without those formats would report them, so GL_R16
//! lives in R32F and GL_RGB565 in RGBA8. Each test checks what a user sees: texels read
//! back exactly, the GL sizes of the format itself, sampling, and rendering into it.

mod common;

use std::sync::{Arc, OnceLock};

use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::*;
use gl_frontend::{make_current, Api, Context, ContextConfig, DefaultFramebuffer, Profile};
use vk_backend::{Device, DeviceOptions, Format};

fn hiding_device() -> Arc<Device> {
    static DEVICE: OnceLock<Arc<Device>> = OnceLock::new();
    DEVICE
        .get_or_init(|| Device::new(&DeviceOptions { hidden_formats: vec![Format::R16Unorm, Format::R5G6B5Unorm], ..Default::default() }).expect("a Vulkan device"))
        .clone()
}

/// A 3.3 compatibility context on the hiding device, current with a 64x32 window.
fn context() -> Arc<Context> {
    let device = hiding_device();
    let config = ContextConfig { api: Api::Gl, major: 3, minor: 3, profile: Profile::Compatibility, offer_requested_version: true, ..Default::default() };
    let ctx = Context::new(device.clone(), &config, None).expect("context");
    let window = DefaultFramebuffer::allocate(&device, 64, 32, true).expect("surface images");
    make_current(&ctx, Some(window.clone()), Some(window)).expect("make current");
    ctx
}

fn texture(internal_format: GLenum, format: GLenum, ty: GLenum, width: GLsizei, data: *const std::ffi::c_void) -> GLuint {
    let mut tex = 0;
    unsafe {
        glGenTextures(1, &mut tex);
        glBindTexture(GL_TEXTURE_2D, tex);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST as GLint);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST as GLint);
        glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
        glTexImage2D(GL_TEXTURE_2D, 0, internal_format as GLint, width, 1, 0, format, ty, data);
    }
    tex
}

#[test]
fn r16_in_a_wider_fallback_keeps_every_bit_and_its_sizes() {
    let _ctx = context();
    let values: [u16; 4] = [0, 1, 0x8001, 0xFFFF];
    texture(GL_R16, GL_RED, GL_UNSIGNED_SHORT, 4, values.as_ptr().cast());
    assert_eq!(error(), GL_NO_ERROR);
    let mut back = [0u16; 4];
    let (mut red_size, mut green_size) = (0, 0);
    unsafe {
        glGetTexImage(GL_TEXTURE_2D, 0, GL_RED, GL_UNSIGNED_SHORT, back.as_mut_ptr().cast());
        glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_RED_SIZE, &mut red_size);
        glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_GREEN_SIZE, &mut green_size);
    }
    assert_eq!(back, values);
    // The format is still GL_R16, whatever stores it.
    assert_eq!((red_size, green_size), (16, 0));
    // Sampled, texel 2 (0x8001) is half way and texel 3 full red.
    assert_eq!(draw_sampling_at(0.625, 0.5), [128, 0, 0, 255]);
    assert_eq!(draw_sampling_at(0.875, 0.5), [255, 0, 0, 255]);
    assert_eq!(error(), GL_NO_ERROR);
}

#[test]
fn rgb565_in_rgba8_samples_and_renders_as_565() {
    let _ctx = context();
    // Red 31, green 32 of 63, blue 0.
    let texel: u16 = (31 << 11) | (32 << 5);
    let tex = texture(GL_RGB565, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, 1, [texel].as_ptr().cast());
    let mut back = [0u16; 1];
    let mut green_size = 0;
    unsafe {
        glGetTexImage(GL_TEXTURE_2D, 0, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, back.as_mut_ptr().cast());
        glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_GREEN_SIZE, &mut green_size);
    }
    assert_eq!((back[0], green_size), (texel, 6));
    // Rendered into through a framebuffer, cleared to a colour 5-6-5 rounds.
    let mut fbo = 0;
    let mut read = [0u8; 4];
    unsafe {
        glGenFramebuffers(1, &mut fbo);
        glBindFramebuffer(GL_FRAMEBUFFER, fbo);
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
        assert_eq!(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
        glClearColor(0.0, 1.0, 1.0, 1.0);
        glClear(GL_COLOR_BUFFER_BIT);
        glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, read.as_mut_ptr().cast());
    }
    assert_eq!(read, [0, 255, 255, 255]);
    assert_eq!(error(), GL_NO_ERROR);
}

#[test]
fn renderbuffers_of_a_hidden_format_still_render() {
    let _ctx = context();
    let (mut rb, mut fbo) = (0, 0);
    let mut read = [0u8; 4];
    unsafe {
        glGenRenderbuffers(1, &mut rb);
        glBindRenderbuffer(GL_RENDERBUFFER, rb);
        glRenderbufferStorage(GL_RENDERBUFFER, GL_R16, 4, 4);
        glGenFramebuffers(1, &mut fbo);
        glBindFramebuffer(GL_FRAMEBUFFER, fbo);
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
        assert_eq!(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
        glClearColor(0.5, 0.0, 0.0, 1.0);
        glClear(GL_COLOR_BUFFER_BIT);
        glReadPixels(1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, read.as_mut_ptr().cast());
    }
    // One red channel; GL reads green and blue as 0 and alpha as 1.
    assert_eq!(read, [128, 0, 0, 255]);
    assert_eq!(error(), GL_NO_ERROR);
}
