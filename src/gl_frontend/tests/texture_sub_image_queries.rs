//! glGetTextureSubImage and glGetCompressedTextureSubImage: boxes of levels read back by
//! texture name, and the errors of GL 4.6 section 8.11.4.

mod common;

use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::*;

/// A 4x4 RGBA8 2D texture whose texel (x, y) is (x, y, 7, 255).
fn gradient_texture() -> GLuint {
    let mut texels = Vec::new();
    for y in 0..4u8 {
        for x in 0..4u8 {
            texels.extend_from_slice(&[x, y, 7, 255]);
        }
    }
    let mut tex = 0;
    unsafe {
        glGenTextures(1, &mut tex);
        glBindTexture(GL_TEXTURE_2D, tex);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8 as GLint, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.as_ptr().cast());
    }
    tex
}

#[test]
fn a_box_of_a_2d_level_reads_back_its_texels() {
    let _ctx = current_compat_context();
    let tex = gradient_texture();
    let mut out = [0u8; 2 * 2 * 4];
    unsafe {
        glGetTextureSubImage(tex, 0, 1, 2, 0, 2, 2, 1, GL_RGBA, GL_UNSIGNED_BYTE, out.len() as GLsizei, out.as_mut_ptr().cast());
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
    assert_eq!(out, [1, 2, 7, 255, 2, 2, 7, 255, 1, 3, 7, 255, 2, 3, 7, 255]);
}

#[test]
fn pack_skips_place_the_box_and_count_against_buf_size() {
    let _ctx = current_compat_context();
    let tex = gradient_texture();
    let mut out = [0u8; 4 * 4 * 4];
    unsafe {
        glPixelStorei(GL_PACK_ROW_LENGTH, 4);
        glPixelStorei(GL_PACK_SKIP_PIXELS, 2);
        glPixelStorei(GL_PACK_SKIP_ROWS, 2);
        glGetTextureSubImage(tex, 0, 2, 2, 0, 2, 2, 1, GL_RGBA, GL_UNSIGNED_BYTE, out.len() as GLsizei, out.as_mut_ptr().cast());
        assert_eq!(glGetError(), GL_NO_ERROR);
        glGetTextureSubImage(tex, 0, 2, 2, 0, 2, 2, 1, GL_RGBA, GL_UNSIGNED_BYTE, out.len() as GLsizei - 1, out.as_mut_ptr().cast());
        assert_eq!(glGetError(), GL_INVALID_OPERATION, "the skipped rows and pixels need the whole buffer");
        glPixelStorei(GL_PACK_ROW_LENGTH, 0);
        glPixelStorei(GL_PACK_SKIP_PIXELS, 0);
        glPixelStorei(GL_PACK_SKIP_ROWS, 0);
    }
    // Texel (3, 3) lands where the whole image would have it.
    assert_eq!(out[(3 * 4 + 3) * 4..][..4], [3, 3, 7, 255]);
    assert_eq!(out[0..4], [0, 0, 0, 0], "pixels before the skips are left alone");
}

#[test]
fn the_names_levels_offsets_and_sizes_are_checked() {
    let _ctx = current_compat_context();
    let mut out = [0u8; 8 * 8 * 4];
    let len = out.len() as GLsizei;
    let p = out.as_mut_ptr().cast();
    unsafe {
        glGetTextureSubImage(42, 0, 0, 0, 0, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, len, p);
        assert_eq!(glGetError(), GL_INVALID_OPERATION, "no such texture");
        let mut unbound = 0;
        glGenTextures(1, &mut unbound);
        glGetCompressedTextureSubImage(unbound, 0, 0, 0, 0, 1, 1, 1, len, p);
        assert_eq!(glGetError(), GL_INVALID_OPERATION, "a name never bound is no texture yet");

        let mut tex = 0;
        glGenTextures(1, &mut tex);
        glBindTexture(GL_TEXTURE_2D, tex);
        glTexStorage2D(GL_TEXTURE_2D, 4, GL_RGBA8, 8, 8);
        glGetTextureSubImage(tex, 0, 0, 0, 0, 8, 8, 1, GL_RGBA, GL_DEPTH_FUNC, len, p);
        assert_eq!(glGetError(), GL_INVALID_ENUM);
        glGetTextureSubImage(tex, -1, 0, 0, 0, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, len, p);
        assert_eq!(glGetError(), GL_INVALID_VALUE);
        glGetTextureSubImage(tex, 99, 0, 0, 0, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, len, p);
        assert_eq!(glGetError(), GL_INVALID_VALUE);
        glGetTextureSubImage(tex, 4, 0, 0, 0, 1, 1, 1, GL_RGBA, GL_FLOAT, len, p);
        assert_eq!(glGetError(), GL_INVALID_VALUE, "past the storage's levels a level has no texels");
        glGetTextureSubImage(tex, 0, -1, 0, 0, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, len, p);
        assert_eq!(glGetError(), GL_INVALID_VALUE);
        glGetTextureSubImage(tex, 0, 0, 0, 0, -1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, len, p);
        assert_eq!(glGetError(), GL_INVALID_VALUE);
        glGetTextureSubImage(tex, 0, 4, 0, 0, 5, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, len, p);
        assert_eq!(glGetError(), GL_INVALID_VALUE, "past the level's width");
        glGetTextureSubImage(tex, 0, 0, 0, 1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, len, p);
        assert_eq!(glGetError(), GL_INVALID_VALUE, "a 2D level has one slice");
        glGetTextureSubImage(tex, 0, 0, 0, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, len, p);
        assert_eq!(glGetError(), GL_NO_ERROR, "an empty box is no error");
        glGetCompressedTextureSubImage(tex, 0, 0, 0, 0, 4, 4, 1, len, p);
        assert_eq!(glGetError(), GL_INVALID_OPERATION, "the level is not compressed");
    }
}

#[test]
fn a_level_of_no_texels_reads_only_an_empty_box() {
    let _ctx = current_compat_context();
    let mut out = [0u8; 64];
    let p = out.as_mut_ptr().cast();
    unsafe {
        let mut tex = 0;
        glGenTextures(1, &mut tex);
        glBindTexture(GL_TEXTURE_2D, tex);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8 as GLint, 0, 0, 0, GL_RGBA, GL_UNSIGNED_BYTE, std::ptr::null());
        glGetTextureSubImage(tex, 0, 0, 0, 0, 0, 0, 0, GL_RGBA, GL_UNSIGNED_BYTE, 64, p);
        assert_eq!(glGetError(), GL_NO_ERROR);
        glGetTextureSubImage(tex, 0, 1, 2, 0, 0, 0, 0, GL_RGBA, GL_UNSIGNED_BYTE, 64, p);
        assert_eq!(glGetError(), GL_INVALID_VALUE);
        glGetTextureSubImage(tex, 0, 0, 0, 0, 2, 2, 1, GL_RGBA, GL_UNSIGNED_BYTE, 64, p);
        assert_eq!(glGetError(), GL_INVALID_VALUE);
    }
}

#[test]
fn cube_map_faces_are_layers_of_a_cube_complete_level() {
    let _ctx = current_compat_context();
    let mut out = vec![0u8; 2 * 2 * 6 * 4];
    let len = out.len() as GLsizei;
    unsafe {
        let mut tex = 0;
        glGenTextures(1, &mut tex);
        glBindTexture(GL_TEXTURE_CUBE_MAP, tex);
        // Faces 0 to 4, face n filled with the value 10 * (n + 1); face 5 left undefined.
        let mut other = 0;
        glGenTextures(1, &mut other);
        glBindTexture(GL_TEXTURE_CUBE_MAP, other);
        for face in 0..5u32 {
            glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + face, 0, GL_RGBA as GLint, 8, 8, 0, GL_RGBA, GL_FLOAT, std::ptr::null());
        }
        glGetTextureSubImage(other, 0, 0, 0, 0, 8, 8, 1, GL_RGBA, GL_UNSIGNED_BYTE, 8 * 8 * 6 * 4, vec![0u8; 8 * 8 * 6 * 4].as_mut_ptr().cast());
        assert_eq!(glGetError(), GL_INVALID_OPERATION, "face 5 of a texture made without data is undefined");
        glBindTexture(GL_TEXTURE_CUBE_MAP, tex);
        for face in 0..5u32 {
            let texels = [10 * (face as u8 + 1); 2 * 2 * 4];
            glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + face, 0, GL_RGBA8 as GLint, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.as_ptr().cast());
        }
        glGetTextureSubImage(tex, 0, 0, 0, 0, 2, 2, 5, GL_RGBA, GL_UNSIGNED_BYTE, len, out.as_mut_ptr().cast());
        assert_eq!(glGetError(), GL_INVALID_OPERATION, "face 5 is undefined: the cube map is not cube complete");
        let texels = [60u8; 2 * 2 * 4];
        glTexImage2D(GL_TEXTURE_CUBE_MAP_NEGATIVE_Z, 0, GL_RGBA8 as GLint, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.as_ptr().cast());
        glGetTextureSubImage(tex, 0, 0, 0, 7, 2, 2, 1, GL_RGBA, GL_UNSIGNED_BYTE, len, out.as_mut_ptr().cast());
        assert_eq!(glGetError(), GL_INVALID_VALUE, "a cube map has six layers");
        glGetTextureSubImage(tex, 0, 1, 1, 2, 1, 1, 2, GL_RGBA, GL_UNSIGNED_BYTE, len, out.as_mut_ptr().cast());
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
    assert_eq!(out[..8], [30, 30, 30, 30, 40, 40, 40, 40], "faces 2 and 3, one texel each");
}

#[test]
fn array_layers_read_back_from_the_gpu_after_rendering() {
    let _ctx = current_compat_context();
    let (mut tex, mut fbo) = (0, 0);
    let mut out = [0u8; 4];
    unsafe {
        glGenTextures(1, &mut tex);
        glBindTexture(GL_TEXTURE_2D_ARRAY, tex);
        glTexStorage3D(GL_TEXTURE_2D_ARRAY, 1, GL_RGBA8, 4, 4, 3);
        glGenFramebuffers(1, &mut fbo);
        glBindFramebuffer(GL_FRAMEBUFFER, fbo);
        glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex, 0, 2);
        glClearColor(0.0, 1.0, 0.0, 1.0);
        glClear(GL_COLOR_BUFFER_BIT);
        glGetTextureSubImage(tex, 0, 3, 3, 2, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, 4, out.as_mut_ptr().cast());
        assert_eq!(glGetError(), GL_NO_ERROR);
        assert_eq!(out, [0, 255, 0, 255], "layer 2 was cleared");
        glGetTextureSubImage(tex, 0, 3, 3, 1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, 4, out.as_mut_ptr().cast());
        assert_eq!(out, [0, 0, 0, 0], "layer 1 was not");
    }
}

#[test]
fn compressed_boxes_are_whole_blocks() {
    let _ctx = current_compat_context();
    // An 8x8 DXT1 level: four blocks of 8 bytes, block n's bytes all n + 1.
    let mut blocks = Vec::new();
    for n in 0..4u8 {
        blocks.extend_from_slice(&[n + 1; 8]);
    }
    let mut out = [0u8; 32];
    unsafe {
        let mut tex = 0;
        glGenTextures(1, &mut tex);
        glBindTexture(GL_TEXTURE_2D, tex);
        glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 8, 8, 0, 32, blocks.as_ptr().cast());
        assert_eq!(glGetError(), GL_NO_ERROR);
        glGetCompressedTextureSubImage(tex, 0, 4, 0, 0, 4, 8, 1, 32, out.as_mut_ptr().cast());
        assert_eq!(glGetError(), GL_NO_ERROR);
        assert_eq!(out[..16], [[2u8; 8], [4u8; 8]].concat()[..], "the right column of blocks");
        glGetCompressedTextureSubImage(tex, 0, 2, 0, 0, 4, 4, 1, 32, out.as_mut_ptr().cast());
        assert_eq!(glGetError(), GL_INVALID_OPERATION, "the box starts inside a block");
        glGetCompressedTextureSubImage(tex, 0, 0, 0, 0, 3, 4, 1, 32, out.as_mut_ptr().cast());
        assert_eq!(glGetError(), GL_INVALID_OPERATION, "the box ends inside a block, short of the edge");
        glGetCompressedTextureSubImage(tex, 0, 0, 0, 0, 8, 8, 1, 31, out.as_mut_ptr().cast());
        assert_eq!(glGetError(), GL_INVALID_OPERATION, "four blocks do not fit in 31 bytes");
    }
}

#[test]
fn the_extension_is_offered() {
    let _ctx = current_compat_context();
    assert!(extensions().iter().any(|e| e == "GL_ARB_get_texture_sub_image"));
}

