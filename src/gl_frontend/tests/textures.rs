//! Textures, samplers, renderbuffers and framebuffer objects: specification, parameters,
//! completeness and the errors of invalid calls.

mod common;

use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::*;

fn tex_param(pname: GLenum) -> i32 {
    let mut v = -99;
    unsafe { glGetTexParameteriv(GL_TEXTURE_2D, pname, &mut v) };
    v
}

fn level_param(pname: GLenum) -> i32 {
    let mut v = -99;
    unsafe { glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, pname, &mut v) };
    v
}

fn new_texture() -> GLuint {
    let mut t = 0;
    unsafe {
        glGenTextures(1, &mut t);
        glBindTexture(GL_TEXTURE_2D, t);
    }
    t
}

#[test]
fn tex_image_formats_and_level_queries() {
    let _ctx = current_compat_context();
    new_texture();
    unsafe {
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8 as GLint, 4, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, std::ptr::null());
        assert_eq!(glGetError(), GL_NO_ERROR);
        assert_eq!((level_param(GL_TEXTURE_WIDTH), level_param(GL_TEXTURE_HEIGHT)), (4, 2));
        assert_eq!(level_param(GL_TEXTURE_INTERNAL_FORMAT), GL_RGBA8 as i32);
        assert_eq!(level_param(GL_TEXTURE_RED_SIZE), 8);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F as GLint, 1, 1, 0, GL_RGBA, GL_FLOAT, [0.5f32; 4].as_ptr().cast());
        assert_eq!(level_param(GL_TEXTURE_RED_SIZE), 32);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT24 as GLint, 2, 2, 0, GL_DEPTH_COMPONENT, GL_FLOAT, std::ptr::null());
        assert_eq!(level_param(GL_TEXTURE_DEPTH_SIZE), 24);
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
}

#[test]
fn tex_image_errors_leave_the_level_unchanged() {
    let _ctx = current_compat_context();
    new_texture();
    let null = std::ptr::null();
    unsafe {
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8 as GLint, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, null);
        let cases: &[(&dyn Fn(), GLenum)] = &[
            (&|| glTexImage2D(GL_TEXTURE_2D, -1, GL_RGBA as GLint, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, null), GL_INVALID_VALUE),
            (&|| glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA as GLint, -1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, null), GL_INVALID_VALUE),
            (&|| glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA as GLint, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, null), GL_INVALID_VALUE),
            (&|| glTexImage2D(GL_TEXTURE_2D, 0, 0x1234, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, null), GL_INVALID_VALUE),
            (&|| glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA as GLint, 1, 1, 0, 0x1234, GL_UNSIGNED_BYTE, null), GL_INVALID_ENUM),
            (&|| glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA as GLint, 1, 1, 0, GL_RGBA, 0x1234, null), GL_INVALID_ENUM),
            (&|| glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT as GLint, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, null), GL_INVALID_OPERATION),
            (&|| glTexImage2D(GL_ARRAY_BUFFER, 0, GL_RGBA as GLint, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, null), GL_INVALID_ENUM),
            (&|| glTexSubImage2D(GL_TEXTURE_2D, 0, 2, 2, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, null), GL_INVALID_VALUE),
            (&|| glTexSubImage2D(GL_TEXTURE_2D, 3, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, null), GL_INVALID_OPERATION),
        ];
        for (i, (call, expected)) in cases.iter().enumerate() {
            call();
            assert_eq!(glGetError(), *expected, "case {i}");
        }
    }
    assert_eq!((level_param(GL_TEXTURE_WIDTH), level_param(GL_TEXTURE_HEIGHT)), (4, 4));
}

#[test]
fn texture_parameters_round_trip() {
    let _ctx = current_compat_context();
    new_texture();
    assert_eq!(tex_param(GL_TEXTURE_MIN_FILTER), GL_NEAREST_MIPMAP_LINEAR as i32);
    unsafe {
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST as GLint);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE as GLint);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST_MIPMAP_LINEAR as GLint);
        assert_eq!(glGetError(), GL_INVALID_ENUM);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, -1);
        assert_eq!(glGetError(), GL_INVALID_VALUE);
        let border = [0.25f32, 0.5, 0.75, 1.0];
        glTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, border.as_ptr());
        let mut out = [0f32; 4];
        glGetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, out.as_mut_ptr());
        assert_eq!(out, border);
    }
    assert_eq!(tex_param(GL_TEXTURE_MIN_FILTER), GL_NEAREST as i32);
    assert_eq!(tex_param(GL_TEXTURE_MAG_FILTER), GL_LINEAR as i32);
    assert_eq!(tex_param(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE as i32);
}

#[test]
fn texture_units_and_target_rules() {
    let _ctx = current_compat_context();
    let t = new_texture();
    unsafe {
        glActiveTexture(GL_TEXTURE3);
        assert_eq!(get_int(GL_ACTIVE_TEXTURE), GL_TEXTURE3 as i32);
        assert_eq!(get_int(GL_TEXTURE_BINDING_2D), 0);
        glActiveTexture(GL_TEXTURE0);
        assert_eq!(get_int(GL_TEXTURE_BINDING_2D), t as i32);
        glActiveTexture(GL_TEXTURE0 + 10_000);
        assert_eq!(glGetError(), GL_INVALID_ENUM);
        // A texture keeps the target of its first bind.
        glBindTexture(GL_TEXTURE_3D, t);
        assert_eq!(glGetError(), GL_INVALID_OPERATION);
        assert_eq!(glIsTexture(t), 1);
        glDeleteTextures(1, &t);
        assert_eq!(glIsTexture(t), 0);
        assert_eq!(get_int(GL_TEXTURE_BINDING_2D), 0);
    }
}

#[test]
fn sampler_objects() {
    let _ctx = current_compat_context();
    let mut s = 0;
    unsafe {
        glGenSamplers(1, &mut s);
        assert_eq!(glIsSampler(s), 1);
        glSamplerParameteri(s, GL_TEXTURE_MAG_FILTER, GL_NEAREST as GLint);
        glSamplerParameteri(s, GL_TEXTURE_COMPARE_FUNC, GL_RGBA as GLint);
        assert_eq!(glGetError(), GL_INVALID_ENUM);
        glSamplerParameteri(s + 100, GL_TEXTURE_MAG_FILTER, GL_NEAREST as GLint);
        assert_eq!(glGetError(), GL_INVALID_OPERATION);
        let mut v = 0;
        glGetSamplerParameteriv(s, GL_TEXTURE_MAG_FILTER, &mut v);
        assert_eq!(v, GL_NEAREST as i32);
        glBindSampler(2, s);
        glActiveTexture(GL_TEXTURE2);
        assert_eq!(get_int(GL_SAMPLER_BINDING), s as i32);
        glBindSampler(100_000, s);
        assert_eq!(glGetError(), GL_INVALID_VALUE);
        glDeleteSamplers(1, &s);
        assert_eq!(get_int(GL_SAMPLER_BINDING), 0);
    }
}

#[test]
fn framebuffer_completeness() {
    let _ctx = current_compat_context();
    let (mut fbo, mut rb) = (0, 0);
    unsafe {
        glGenFramebuffers(1, &mut fbo);
        glBindFramebuffer(GL_FRAMEBUFFER, fbo);
        assert_eq!(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT);
        let tex = new_texture();
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
        // The level has no image yet.
        assert_eq!(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8 as GLint, 16, 16, 0, GL_RGBA, GL_UNSIGNED_BYTE, std::ptr::null());
        assert_eq!(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
        glGenRenderbuffers(1, &mut rb);
        glBindRenderbuffer(GL_RENDERBUFFER, rb);
        glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, 16, 16);
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, rb);
        assert_eq!(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
        let mut v = 0;
        glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT, GL_FRAMEBUFFER_ATTACHMENT_STENCIL_SIZE, &mut v);
        assert_eq!(v, 8);
        glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME, &mut v);
        assert_eq!(v, tex as i32);
        // A colour renderbuffer on the depth attachment is incomplete.
        glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 16, 16);
        assert_eq!(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT);
        glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_WIDTH, &mut v);
        assert_eq!(v, 16);
    }
}

#[test]
fn framebuffer_errors() {
    let _ctx = current_compat_context();
    let mut fbo = 0;
    let tex = new_texture();
    unsafe {
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
        assert_eq!(glGetError(), GL_INVALID_OPERATION, "framebuffer 0 bound");
        glGenFramebuffers(1, &mut fbo);
        glBindFramebuffer(GL_FRAMEBUFFER, fbo);
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + 20, GL_TEXTURE_2D, tex, 0);
        assert_eq!(glGetError(), GL_INVALID_OPERATION);
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_RGBA, GL_TEXTURE_2D, tex, 0);
        assert_eq!(glGetError(), GL_INVALID_ENUM);
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, 4242, 0);
        assert_eq!(glGetError(), GL_INVALID_OPERATION);
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, -1);
        assert_eq!(glGetError(), GL_INVALID_VALUE);
        glBindFramebuffer(GL_RENDERBUFFER, fbo);
        assert_eq!(glGetError(), GL_INVALID_ENUM);
        glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 4, 4);
        assert_eq!(glGetError(), GL_INVALID_OPERATION, "no renderbuffer bound");
        let bufs = [GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT0];
        glDrawBuffers(2, bufs.as_ptr());
        assert_eq!(glGetError(), GL_INVALID_OPERATION, "an attachment twice");
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
        assert_eq!(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
    }
}
