//! Clearing buffers to one value (ARB_clear_buffer_object) and invalidating buffers,
//! textures and framebuffers (ARB_invalidate_subdata): contents read back, and errors.

mod common;

use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::*;
use gl_frontend::Profile;

fn context() -> std::sync::Arc<gl_frontend::Context> {
    current_context_with_override(4, 6, Profile::Core)
}

/// A new buffer of `size` bytes of 0xAB, bound to GL_COPY_WRITE_BUFFER.
fn bound_buffer(size: usize) -> GLuint {
    let mut name = 0;
    unsafe {
        glGenBuffers(1, &mut name);
        glBindBuffer(GL_COPY_WRITE_BUFFER, name);
        glBufferData(GL_COPY_WRITE_BUFFER, size as GLsizeiptr, vec![0xABu8; size].as_ptr().cast(), GL_STATIC_DRAW);
    }
    name
}

fn contents(size: usize) -> Vec<u8> {
    let mut bytes = vec![0u8; size];
    unsafe { glGetBufferSubData(GL_COPY_WRITE_BUFFER, 0, size as GLsizeiptr, bytes.as_mut_ptr().cast()) };
    bytes
}

#[test]
fn clears_store_the_value_in_the_internal_format() {
    let _ctx = context();
    bound_buffer(32);
    unsafe {
        // Floats to normalized bytes, over the whole buffer.
        let value = [1.0f32, 0.0, 0.5, 1.0];
        glClearBufferData(GL_COPY_WRITE_BUFFER, GL_RGBA8, GL_RGBA, GL_FLOAT, value.as_ptr().cast());
        assert_eq!(error(), GL_NO_ERROR);
        assert_eq!(contents(32), [255u8, 0, 128, 255].repeat(8));

        // A float in the middle eight bytes, as R32F elements.
        let value = 2.5f32;
        glClearBufferSubData(GL_COPY_WRITE_BUFFER, GL_R32F, 8, 8, GL_RED, GL_FLOAT, (&value as *const f32).cast());
        assert_eq!(error(), GL_NO_ERROR);
        let bytes = contents(32);
        assert_eq!(bytes[..8], [255u8, 0, 128, 255].repeat(2)[..]);
        assert_eq!(bytes[8..16], [2.5f32.to_ne_bytes(), 2.5f32.to_ne_bytes()].concat()[..]);
        assert_eq!(bytes[16..], [255u8, 0, 128, 255].repeat(4)[..]);

        // Integers into a three-component 32-bit format; null data clears to zero.
        let value = [7u32, 8, 9];
        glClearBufferSubData(GL_COPY_WRITE_BUFFER, GL_RGB32UI, 0, 12, GL_RGB_INTEGER, GL_UNSIGNED_INT, value.as_ptr().cast());
        glClearBufferSubData(GL_COPY_WRITE_BUFFER, GL_RG16UI, 28, 4, GL_RG_INTEGER, GL_UNSIGNED_SHORT, std::ptr::null());
        assert_eq!(error(), GL_NO_ERROR);
        let bytes = contents(32);
        assert_eq!(bytes[..12], [7u32.to_ne_bytes(), 8u32.to_ne_bytes(), 9u32.to_ne_bytes()].concat()[..]);
        assert_eq!(bytes[28..], [0, 0, 0, 0]);
    }
}

#[test]
fn clear_errors() {
    let _ctx = context();
    let value = [0u8; 16];
    let data = value.as_ptr().cast();
    unsafe {
        glClearBufferData(GL_COPY_WRITE_BUFFER, GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, data);
        assert_eq!(error(), GL_INVALID_VALUE, "no buffer bound");
        glClearBufferData(GL_RGBA, GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, data);
        assert_eq!(error(), GL_INVALID_ENUM, "not a target");
        let name = bound_buffer(32);
        let cases: &[(&dyn Fn(), GLenum)] = &[
            (&|| glClearBufferData(GL_COPY_WRITE_BUFFER, GL_RGBA, GL_RGBA, GL_UNSIGNED_BYTE, data), GL_INVALID_ENUM),
            (&|| glClearBufferData(GL_COPY_WRITE_BUFFER, GL_RGB8, GL_RGB, GL_UNSIGNED_BYTE, data), GL_INVALID_ENUM),
            (&|| glClearBufferSubData(GL_COPY_WRITE_BUFFER, GL_RGBA8, 2, 4, GL_RGBA, GL_UNSIGNED_BYTE, data), GL_INVALID_VALUE),
            (&|| glClearBufferSubData(GL_COPY_WRITE_BUFFER, GL_RGBA8, 0, 6, GL_RGBA, GL_UNSIGNED_BYTE, data), GL_INVALID_VALUE),
            (&|| glClearBufferSubData(GL_COPY_WRITE_BUFFER, GL_RGBA8, 28, 8, GL_RGBA, GL_UNSIGNED_BYTE, data), GL_INVALID_VALUE),
            (&|| glClearBufferSubData(GL_COPY_WRITE_BUFFER, GL_RGBA8, -4, 4, GL_RGBA, GL_UNSIGNED_BYTE, data), GL_INVALID_VALUE),
            (&|| glClearBufferData(GL_COPY_WRITE_BUFFER, GL_RGBA8UI, GL_RGBA, GL_UNSIGNED_BYTE, data), GL_INVALID_OPERATION),
            (&|| glClearNamedBufferData(4242, GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, data), GL_INVALID_OPERATION),
        ];
        for (i, (call, expected)) in cases.iter().enumerate() {
            call();
            assert_eq!(error(), *expected, "case {i}");
        }
        assert_eq!(contents(32), vec![0xAB; 32], "failed clears change nothing");

        glMapBufferRange(GL_COPY_WRITE_BUFFER, 16, 16, GL_MAP_WRITE_BIT);
        glClearBufferSubData(GL_COPY_WRITE_BUFFER, GL_R8, 8, 16, GL_RED, GL_UNSIGNED_BYTE, data);
        assert_eq!(error(), GL_INVALID_OPERATION, "the range meets the mapping");
        glClearNamedBufferSubData(name, GL_R8, 0, 16, GL_RED, GL_UNSIGNED_BYTE, data);
        assert_eq!(error(), GL_NO_ERROR, "the range leaves the mapping alone");
        glUnmapBuffer(GL_COPY_WRITE_BUFFER);
        assert_eq!(contents(32)[..16], [0u8; 16]);
    }
}

#[test]
fn invalidation_checks_its_arguments_and_keeps_contents() {
    let _ctx = context();
    unsafe {
        let mut unused = 0;
        glGenBuffers(1, &mut unused);
        glInvalidateBufferData(unused);
        assert_eq!(error(), GL_INVALID_VALUE, "a name with no buffer yet");
        let name = bound_buffer(64);
        glInvalidateBufferSubData(name, 0, 64);
        assert_eq!(error(), GL_NO_ERROR);
        glInvalidateBufferSubData(name, 63, 2);
        assert_eq!(error(), GL_INVALID_VALUE);
        glInvalidateBufferSubData(name, -1, 0);
        assert_eq!(error(), GL_INVALID_VALUE);
        glMapBufferRange(GL_COPY_WRITE_BUFFER, 16, 16, GL_MAP_WRITE_BIT);
        glInvalidateBufferSubData(name, 0, 16);
        assert_eq!(error(), GL_NO_ERROR);
        glInvalidateBufferSubData(name, 8, 16);
        assert_eq!(error(), GL_INVALID_OPERATION);
        glInvalidateBufferData(name);
        assert_eq!(error(), GL_INVALID_OPERATION);
        glUnmapBuffer(GL_COPY_WRITE_BUFFER);

        let mut texture = 0;
        glGenTextures(1, &mut texture);
        glBindTexture(GL_TEXTURE_2D, texture);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8 as GLint, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, std::ptr::null());
        glInvalidateTexImage(texture, 0);
        glInvalidateTexSubImage(texture, 0, 0, 0, 0, 2, 2, 1);
        assert_eq!(error(), GL_NO_ERROR);
        glInvalidateTexImage(texture, -1);
        assert_eq!(error(), GL_INVALID_VALUE);
        glInvalidateTexImage(9999, 0);
        assert_eq!(error(), GL_INVALID_VALUE);

        let attachments = [GL_COLOR, GL_DEPTH];
        glInvalidateFramebuffer(GL_FRAMEBUFFER, 2, attachments.as_ptr());
        assert_eq!(error(), GL_NO_ERROR);
        let fbo_attachment = [GL_COLOR_ATTACHMENT0];
        glInvalidateFramebuffer(GL_FRAMEBUFFER, 1, fbo_attachment.as_ptr());
        assert_eq!(error(), GL_INVALID_ENUM, "the window has no attachment points");
        glInvalidateSubFramebuffer(GL_FRAMEBUFFER, 1, attachments.as_ptr(), 0, 0, -1, 4);
        assert_eq!(error(), GL_INVALID_VALUE);
        glInvalidateFramebuffer(GL_TEXTURE_2D, 1, attachments.as_ptr());
        assert_eq!(error(), GL_INVALID_ENUM);
    }
    assert_eq!(contents(64), vec![0xAB; 64], "invalidation keeps what the buffer held");
}

/// A 4x4 RGBA8 texture of one level, bound to GL_TEXTURE_2D, filled with 0x11.
fn rgba8_texture() -> GLuint {
    let mut texture = 0;
    unsafe {
        glGenTextures(1, &mut texture);
        glBindTexture(GL_TEXTURE_2D, texture);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8 as GLint, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, vec![0x11u8; 64].as_ptr().cast());
    }
    texture
}

fn texture_texels() -> Vec<[u8; 4]> {
    let mut bytes = vec![0u8; 64];
    unsafe { glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, bytes.as_mut_ptr().cast()) };
    bytes.chunks(4).map(|c| [c[0], c[1], c[2], c[3]]).collect()
}

#[test]
fn texture_clears_fill_the_level_or_a_region() {
    let _ctx = context();
    let texture = rgba8_texture();
    unsafe {
        let blue = [0.0f32, 0.0, 1.0, 1.0];
        glClearTexImage(texture, 0, GL_RGBA, GL_FLOAT, blue.as_ptr().cast());
        assert_eq!(error(), GL_NO_ERROR);
        assert_eq!(texture_texels(), vec![[0, 0, 255, 255]; 16]);
        let yellow = [255u8, 255, 0, 255];
        glClearTexSubImage(texture, 0, 1, 2, 0, 2, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, yellow.as_ptr().cast());
        assert_eq!(error(), GL_NO_ERROR);
        let texels = texture_texels();
        for (i, t) in texels.iter().enumerate() {
            let (x, y) = (i % 4, i / 4);
            let expected = if y == 2 && (1..3).contains(&x) { [255, 255, 0, 255] } else { [0, 0, 255, 255] };
            assert_eq!(*t, expected, "texel ({x}, {y})");
        }

        // A texture the GPU rendered into: the clear reaches what it holds.
        let mut fbo = 0;
        glGenFramebuffers(1, &mut fbo);
        glBindFramebuffer(GL_FRAMEBUFFER, fbo);
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture, 0);
        glClearColor(1.0, 0.0, 0.0, 1.0);
        glClear(GL_COLOR_BUFFER_BIT);
        assert_eq!(pixel(0, 0), [255, 0, 0, 255]);
        glClearTexSubImage(texture, 0, 2, 2, 0, 2, 2, 1, GL_RGBA, GL_UNSIGNED_BYTE, std::ptr::null());
        assert_eq!(error(), GL_NO_ERROR);
        assert_eq!(pixel(3, 3), [0, 0, 0, 0], "null data clears to zero");
        assert_eq!(pixel(1, 1), [255, 0, 0, 255]);
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
    }
}

#[test]
fn texture_clear_errors() {
    let _ctx = context();
    let texture = rgba8_texture();
    let data = [0u8; 16];
    let data = data.as_ptr().cast();
    unsafe {
        let cases: &[(&dyn Fn(), GLenum)] = &[
            (&|| glClearTexImage(0, 0, GL_RGBA, GL_UNSIGNED_BYTE, data), GL_INVALID_OPERATION),
            (&|| glClearTexImage(4242, 0, GL_RGBA, GL_UNSIGNED_BYTE, data), GL_INVALID_OPERATION),
            (&|| glClearTexImage(texture, 1, GL_RGBA, GL_UNSIGNED_BYTE, data), GL_INVALID_OPERATION),
            (&|| glClearTexImage(texture, 0, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, data), GL_INVALID_OPERATION),
            (&|| glClearTexSubImage(texture, 0, 3, 0, 0, 2, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, data), GL_INVALID_VALUE),
            (&|| glClearTexSubImage(texture, 0, 0, 0, 0, 1, 1, 2, GL_RGBA, GL_UNSIGNED_BYTE, data), GL_INVALID_VALUE),
            (&|| glClearTexSubImage(texture, 0, -1, 0, 0, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, data), GL_INVALID_VALUE),
        ];
        for (i, (call, expected)) in cases.iter().enumerate() {
            call();
            assert_eq!(error(), *expected, "case {i}");
        }
    }
    assert_eq!(texture_texels(), vec![[0x11; 4]; 16], "failed clears change nothing");
}
