//! Texture formats beyond RGBA: legacy luminance/alpha/intensity bases sampled as GL reads
//! them, packed client types, byte swapping, and compressed images decoded on upload.

mod common;

use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::*;

fn new_texture() -> GLuint {
    let mut t = 0;
    unsafe {
        glGenTextures(1, &mut t);
        glBindTexture(GL_TEXTURE_2D, t);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST as GLint);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST as GLint);
    }
    t
}

/// What a fragment shader reads from a 1x1 texture of `internal_format` given `texel`.
fn sampled(internal_format: GLenum, format: GLenum, texel: &[u8]) -> [u8; 4] {
    new_texture();
    unsafe {
        glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
        glTexImage2D(GL_TEXTURE_2D, 0, internal_format as GLint, 1, 1, 0, format, GL_UNSIGNED_BYTE, texel.as_ptr().cast());
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
    draw_sampling(0.5)
}

/// Draws the window full of what the bound 2D texture holds at (`st`, `st`).
fn draw_sampling(st: f32) -> [u8; 4] {
    let fragment = format!("uniform sampler2D t; void main() {{ gl_FragColor = texture2D(t, vec2({st:?})); }}");
    let program = linked_program(&[(GL_VERTEX_SHADER, "attribute vec4 p; void main() { gl_Position = p; }"), (GL_FRAGMENT_SHADER, &fragment)]);
    unsafe {
        glBindAttribLocation(program, 0, c"p".as_ptr());
        glLinkProgram(program);
        glUseProgram(program);
    }
    draw_full_window_quad();
    pixel(8, 8)
}

#[test]
fn legacy_bases_sample_as_gl_reads_them() {
    let _ctx = current_compat_context();
    assert_eq!(sampled(GL_LUMINANCE8, GL_LUMINANCE, &[200]), [200, 200, 200, 255]);
    assert_eq!(sampled(GL_ALPHA8, GL_ALPHA, &[100]), [0, 0, 0, 100]);
    assert_eq!(sampled(GL_LUMINANCE_ALPHA, GL_LUMINANCE_ALPHA, &[50, 150]), [50, 50, 50, 150]);
    assert_eq!(sampled(GL_INTENSITY8, GL_LUMINANCE, &[77]), [77, 77, 77, 77]);
    assert_eq!(sampled(GL_RGB8, GL_RGB, &[1, 2, 3]), [1, 2, 3, 255]);
    // The legacy component count 1 means luminance.
    assert_eq!(sampled(1, GL_LUMINANCE, &[9]), [9, 9, 9, 255]);
}

#[test]
fn legacy_formats_are_refused_by_core_contexts() {
    let _ctx = current_context_with_override(3, 3, gl_frontend::Profile::Core);
    new_texture();
    unsafe {
        glTexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE8 as GLint, 1, 1, 0, GL_RED, GL_UNSIGNED_BYTE, [0u8; 4].as_ptr().cast());
        assert_eq!(glGetError(), GL_INVALID_VALUE);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_R8 as GLint, 1, 1, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE, [0u8; 4].as_ptr().cast());
        assert_eq!(glGetError(), GL_INVALID_ENUM);
    }
}

#[test]
fn packed_types_and_swapped_bytes_unpack_by_gls_rules() {
    let _ctx = current_compat_context();
    new_texture();
    let mut back = [0u8; 4];
    unsafe {
        // 5-6-5 red 31, green 0, blue 31: red and blue full, green zero.
        let texel: u16 = (31 << 11) | 31;
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB8 as GLint, 1, 1, 0, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, [texel].as_ptr().cast());
        glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, back.as_mut_ptr().cast());
        assert_eq!(back, [255, 0, 255, 255]);
        // A 16-bit red of 0x00FF stored byte-swapped reads as 0xFF00.
        glPixelStorei(GL_UNPACK_SWAP_BYTES, 1);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_R16 as GLint, 1, 1, 0, GL_RED, GL_UNSIGNED_SHORT, [0x00FFu16].as_ptr().cast());
        glPixelStorei(GL_UNPACK_SWAP_BYTES, 0);
        let mut red = [0u16; 1];
        glGetTexImage(GL_TEXTURE_2D, 0, GL_RED, GL_UNSIGNED_SHORT, red.as_mut_ptr().cast());
        assert_eq!(red, [0xFF00]);
        // A packed type with a format it does not fit.
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8 as GLint, 1, 1, 0, GL_RGBA, GL_UNSIGNED_SHORT_5_6_5, [0u16].as_ptr().cast());
        assert_eq!(glGetError(), GL_INVALID_OPERATION);
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
}

/// One DXT1 block: colour 0 pure red (565), colour 1 pure blue, every index 0 but the
/// first texel's, which is 1.
const DXT1_BLOCK: [u8; 8] = [0x00, 0xF8, 0x1F, 0x00, 0x01, 0x00, 0x00, 0x00];

#[test]
fn compressed_images_decode_and_keep_their_blocks() {
    let _ctx = current_compat_context();
    new_texture();
    unsafe {
        glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 4, 4, 0, 8, DXT1_BLOCK.as_ptr().cast());
        assert_eq!(glGetError(), GL_NO_ERROR);
        let mut v = 0;
        glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED, &mut v);
        assert_eq!(v, 1);
        glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED_IMAGE_SIZE, &mut v);
        assert_eq!(v, 8);
        let mut blocks = [0u8; 8];
        glGetCompressedTexImage(GL_TEXTURE_2D, 0, blocks.as_mut_ptr().cast());
        assert_eq!(blocks, DXT1_BLOCK);
        let mut texels = [0u8; 64];
        glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.as_mut_ptr().cast());
        assert_eq!(&texels[..8], &[0, 0, 255, 255, 255, 0, 0, 255]);
        assert_eq!(glGetError(), GL_NO_ERROR);
        // The size must be the blocks' size; sub-images start on a block.
        glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 4, 4, 0, 7, DXT1_BLOCK.as_ptr().cast());
        assert_eq!(glGetError(), GL_INVALID_VALUE);
        glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 1, 0, 3, 4, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 8, DXT1_BLOCK.as_ptr().cast());
        assert_eq!(glGetError(), GL_INVALID_OPERATION);
        // An uncompressed level has no blocks to return.
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8 as GLint, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, std::ptr::null());
        glGetCompressedTexImage(GL_TEXTURE_2D, 0, blocks.as_mut_ptr().cast());
        assert_eq!(glGetError(), GL_INVALID_OPERATION);
        glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, 8, DXT1_BLOCK.as_ptr().cast());
        assert_eq!(glGetError(), GL_INVALID_ENUM);
    }
}

#[test]
fn compressed_texture_is_sampled_decoded() {
    let _ctx = current_compat_context();
    new_texture();
    unsafe { glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 4, 4, 0, 8, DXT1_BLOCK.as_ptr().cast()) };
    assert_eq!(draw_sampling(0.9), [255, 0, 0, 255]);
}
