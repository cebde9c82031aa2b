//! Texture formats beyond RGBA: legacy luminance/alpha/intensity bases sampled as GL reads
//! them, packed client types, byte swapping, and compressed images decoded on upload.

mod common;

use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::*;

/// What a fragment shader reads from a 1x1 texture of `internal_format` given `texel`.
fn sampled(internal_format: GLenum, format: GLenum, texel: &[u8]) -> [u8; 4] {
    new_nearest_texture();
    unsafe {
        glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
        glTexImage2D(GL_TEXTURE_2D, 0, internal_format as GLint, 1, 1, 0, format, GL_UNSIGNED_BYTE, texel.as_ptr().cast());
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
    draw_sampling_at(0.5, 0.5)
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
    new_nearest_texture();
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
    new_nearest_texture();
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
    new_nearest_texture();
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
fn uncompressed_data_into_a_compressed_format_is_compressed() {
    let _ctx = current_compat_context();
    new_nearest_texture();
    // 8x4: a red block with alpha 0x33 on the left, a white opaque one on the right.
    let texels: Vec<u8> = (0..32).flat_map(|i| if i % 8 < 4 { [255, 0, 0, 0x33] } else { [255; 4] }).collect();
    unsafe {
        glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_S3TC_DXT5_EXT as GLint, 8, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.as_ptr().cast());
        assert_eq!(glGetError(), GL_NO_ERROR);
        let mut v = 0;
        glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED, &mut v);
        assert_eq!(v, 1);
        glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED_IMAGE_SIZE, &mut v);
        assert_eq!(v, 32, "two 16-byte DXT5 blocks");
        let mut blocks = [0u8; 32];
        glGetCompressedTexImage(GL_TEXTURE_2D, 0, blocks.as_mut_ptr().cast());
        // The blocks come back as the image: one-colour blocks are exact.
        glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, 8, 4, 0, 32, blocks.as_ptr().cast());
        let mut back = vec![0u8; 128];
        glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, back.as_mut_ptr().cast());
        assert_eq!(back, texels);
        assert_eq!(glGetError(), GL_NO_ERROR);
        // glTexSubImage changes whole blocks, and the blocks follow it.
        let green = [[0u8, 255, 0, 255]; 16];
        glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_S3TC_DXT5_EXT as GLint, 8, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.as_ptr().cast());
        glTexSubImage2D(GL_TEXTURE_2D, 0, 2, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, green.as_ptr().cast());
        assert_eq!(glGetError(), GL_INVALID_OPERATION, "a region that does not start on a block");
        glTexSubImage2D(GL_TEXTURE_2D, 0, 4, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, green.as_ptr().cast());
        assert_eq!(glGetError(), GL_NO_ERROR);
        glGetCompressedTexImage(GL_TEXTURE_2D, 0, blocks.as_mut_ptr().cast());
        glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, 8, 4, 0, 32, blocks.as_ptr().cast());
        glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, back.as_mut_ptr().cast());
        assert_eq!(&back[16..20], &[0, 255, 0, 255], "the right block's blocks are green");
        assert_eq!(&back[..4], &[255, 0, 0, 0x33]);
    }
}

#[test]
fn compressed_texture_is_sampled_decoded() {
    let _ctx = current_compat_context();
    new_nearest_texture();
    unsafe { glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 4, 4, 0, 8, DXT1_BLOCK.as_ptr().cast()) };
    assert_eq!(draw_sampling_at(0.9, 0.9), [255, 0, 0, 255]);
}

fn assert_near(actual: [u8; 4], expected: [u8; 4]) {
    assert!(actual.iter().zip(&expected).all(|(a, e)| a.abs_diff(*e) <= 2), "{actual:?} is not {expected:?}");
}

/// A 1x1 red texture with a green border colour, wrapped by `wrap_s` and filtered by `filter`.
fn red_texel_green_border(wrap_s: GLenum, filter: GLenum) {
    new_nearest_texture();
    unsafe {
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8 as GLint, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, [255u8, 0, 0, 255].as_ptr().cast());
        glTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, [0.0f32, 1.0, 0.0, 1.0].as_ptr());
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, wrap_s as GLint);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE as GLint);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, filter as GLint);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, filter as GLint);
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
}

#[test]
fn gl_clamp_blends_the_border_at_the_edge_of_a_filtered_texture() {
    let _ctx = current_compat_context();
    // s = 2 clamps to 1, the texel's edge: linear filtering takes half texel, half border.
    red_texel_green_border(GL_CLAMP, GL_LINEAR);
    assert_near(draw_sampling_at(2.0, 0.5), [128, 128, 0, 255]);
    // Inside the texture the border is not reached.
    assert_near(draw_sampling_at(0.5, 0.5), [255, 0, 0, 255]);
    // Nearest filtering never reaches the border: GL_CLAMP reads as clamp-to-edge.
    red_texel_green_border(GL_CLAMP, GL_NEAREST);
    assert_eq!(draw_sampling_at(2.0, 0.5), [255, 0, 0, 255]);
    // Clamp-to-edge stays on the texel; the same program samples it after GL_CLAMP did.
    red_texel_green_border(GL_CLAMP, GL_LINEAR);
    assert_near(draw_sampling_at(2.0, 0.5), [128, 128, 0, 255]);
    unsafe { glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE as GLint) };
    draw_full_window_quad();
    assert_eq!(pixel(8, 8), [255, 0, 0, 255]);
}

/// What a texture of `internal_format` holding `texel` reads outside, in its border of
/// (0.2, 0.4, 0.6, 0.8).
fn border_read(internal_format: GLenum, format: GLenum, texel: &[u8]) -> [u8; 4] {
    new_nearest_texture();
    unsafe {
        glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
        glTexImage2D(GL_TEXTURE_2D, 0, internal_format as GLint, 1, 1, 0, format, GL_UNSIGNED_BYTE, texel.as_ptr().cast());
        glTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, [0.2f32, 0.4, 0.6, 0.8].as_ptr());
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_BORDER as GLint);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_BORDER as GLint);
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
    draw_sampling_at(3.0, 3.0)
}

#[test]
fn the_border_colour_reads_through_the_base_format() {
    let _ctx = current_compat_context();
    assert_near(border_read(GL_RGBA8, GL_RGBA, &[0, 0, 0, 0]), [51, 102, 153, 204]);
    assert_near(border_read(GL_RGB8, GL_RGB, &[0, 0, 0]), [51, 102, 153, 255]);
    assert_near(border_read(GL_ALPHA8, GL_ALPHA, &[0]), [0, 0, 0, 204]);
    assert_near(border_read(GL_LUMINANCE8, GL_LUMINANCE, &[0]), [51, 51, 51, 255]);
    assert_near(border_read(GL_LUMINANCE8_ALPHA8, GL_LUMINANCE_ALPHA, &[0, 0]), [51, 51, 51, 204]);
    assert_near(border_read(GL_INTENSITY8, GL_LUMINANCE, &[0]), [51, 51, 51, 51]);
    assert_near(border_read(GL_R8, GL_RED, &[0]), [51, 0, 0, 255]);
    // The texture swizzle applies to the border as to any texel.
    unsafe { glTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_RGBA, [GL_ALPHA as GLint, GL_RED as GLint, GL_ZERO as GLint, GL_ONE as GLint].as_ptr()) };
    draw_full_window_quad();
    assert_near(pixel(8, 8), [255, 51, 0, 255]);
}

#[test]
fn integer_border_colours_are_kept_as_integers() {
    let _ctx = current_compat_context();
    new_nearest_texture();
    let mut ints = [0i32; 4];
    let mut uints = [0u32; 4];
    let mut floats = [0f32; 4];
    unsafe {
        glTexParameterIiv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, [-5, 7, 300, i32::MAX].as_ptr());
        glGetTexParameterIiv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, ints.as_mut_ptr());
        assert_eq!(ints, [-5, 7, 300, i32::MAX]);
        glTexParameterIuiv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, [1, 2, u32::MAX, 4].as_ptr());
        glGetTexParameterIuiv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, uints.as_mut_ptr());
        assert_eq!(uints, [1, 2, u32::MAX, 4]);
        // Other parameters go through the integer calls as through glTexParameteriv.
        glTexParameterIiv(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, [GL_CLAMP as GLint].as_ptr());
        glGetTexParameterIuiv(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, uints.as_mut_ptr());
        assert_eq!(uints[0], GL_CLAMP);
        glTexParameterIiv(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, [GL_RGBA as GLint].as_ptr());
        assert_eq!(glGetError(), GL_INVALID_ENUM);
        // Sampler objects keep them the same way; a float border reads back as floats.
        let mut sampler = 0;
        glGenSamplers(1, &mut sampler);
        glSamplerParameterIuiv(sampler, GL_TEXTURE_BORDER_COLOR, [9, 8, 7, 6].as_ptr());
        glGetSamplerParameterIuiv(sampler, GL_TEXTURE_BORDER_COLOR, uints.as_mut_ptr());
        assert_eq!(uints, [9, 8, 7, 6]);
        glSamplerParameterfv(sampler, GL_TEXTURE_BORDER_COLOR, [0.5f32, 0.25, 1.0, 0.0].as_ptr());
        glGetSamplerParameterfv(sampler, GL_TEXTURE_BORDER_COLOR, floats.as_mut_ptr());
        assert_eq!(floats, [0.5, 0.25, 1.0, 0.0]);
        glGetSamplerParameterIiv(sampler, GL_TEXTURE_MIN_FILTER, ints.as_mut_ptr());
        assert_eq!(ints[0], GL_NEAREST_MIPMAP_LINEAR as GLint);
        glSamplerParameterIiv(sampler + 100, GL_TEXTURE_BORDER_COLOR, [0; 4].as_ptr());
        assert_eq!(glGetError(), GL_INVALID_OPERATION);
    }
}

#[test]
fn integer_clear_colours_clear_integer_buffers() {
    let _ctx = current_compat_context();
    new_nearest_texture();
    let mut back = [0i32; 4];
    unsafe {
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32I as GLint, 4, 4, 0, GL_RGBA_INTEGER, GL_INT, std::ptr::null());
        // A framebuffer name never generated: EXT_framebuffer_object's bind makes it.
        glBindFramebufferEXT(GL_FRAMEBUFFER, 77);
        assert_eq!(glGetError(), GL_NO_ERROR);
        assert_eq!(glIsFramebuffer(77), 1);
        let mut texture = 0;
        glGetIntegerv(GL_TEXTURE_BINDING_2D, &mut texture);
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture as GLuint, 0);
        assert_eq!(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
        glClearColorIiEXT(-7, 1000, 0, 3);
        glClear(GL_COLOR_BUFFER_BIT);
        glReadPixels(1, 1, 1, 1, GL_RGBA_INTEGER, GL_INT, back.as_mut_ptr().cast());
        assert_eq!(back, [-7, 1000, 0, 3]);
        assert_eq!(glGetError(), GL_NO_ERROR);
        glBindFramebufferEXT(GL_FRAMEBUFFER, 0);
    }
}

/// A framebuffer whose colour attachment 0 is a 4x4 texture of `internal_format`.
fn texture_framebuffer(internal_format: GLenum, format: GLenum, ty: GLenum) -> GLuint {
    let mut fbo = 0;
    new_nearest_texture();
    unsafe {
        glTexImage2D(GL_TEXTURE_2D, 0, internal_format as GLint, 4, 4, 0, format, ty, std::ptr::null());
        let mut texture = 0;
        glGetIntegerv(GL_TEXTURE_BINDING_2D, &mut texture);
        glGenFramebuffers(1, &mut fbo);
        glBindFramebuffer(GL_FRAMEBUFFER, fbo);
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture as GLuint, 0);
        assert_eq!(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
    }
    fbo
}

#[test]
fn packed_float_colour_buffers_read_back() {
    let _ctx = current_compat_context();
    texture_framebuffer(GL_R11F_G11F_B10F, GL_RGB, GL_FLOAT);
    let mut back = [0f32; 4];
    let mut packed = 0u32;
    unsafe {
        glClearColor(0.5, 2.0, 0.25, 0.0);
        glClear(GL_COLOR_BUFFER_BIT);
        glReadPixels(2, 2, 1, 1, GL_RGBA, GL_FLOAT, back.as_mut_ptr().cast());
        assert_eq!(glGetError(), GL_NO_ERROR);
        // Every value is exact in 11- and 10-bit floats; RGB formats read alpha as 1.
        assert_eq!(back, [0.5, 2.0, 0.25, 1.0]);
        glReadPixels(2, 2, 1, 1, GL_RGB, GL_UNSIGNED_INT_10F_11F_11F_REV, (&mut packed as *mut u32).cast());
        assert_eq!(glGetError(), GL_NO_ERROR);
        // Red 0.5 (exponent 14, no mantissa) in the low 11 bits, green 2.0 next, blue 0.25 on top.
        assert_eq!(packed, (14 << 6) | ((16 << 6) << 11) | ((13 << 5) << 22));
    }
}

#[test]
fn luminance_alpha_integer_buffers_read_back_as_luminance_and_alpha() {
    let _ctx = current_compat_context();
    texture_framebuffer(GL_LUMINANCE_ALPHA32UI_EXT, GL_LUMINANCE_ALPHA_INTEGER_EXT, GL_UNSIGNED_INT);
    let texels: Vec<u32> = (0..16).flat_map(|_| [5u32, 2]).collect();
    let mut back = [9u32; 4];
    unsafe {
        glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_LUMINANCE_ALPHA_INTEGER_EXT, GL_UNSIGNED_INT, texels.as_ptr().cast());
        glReadPixels(0, 0, 1, 1, GL_RGBA_INTEGER, GL_UNSIGNED_INT, back.as_mut_ptr().cast());
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
    // ReadPixels takes luminance as red, and green and blue are zero.
    assert_eq!(back, [5, 0, 0, 2]);
}

#[test]
fn signed_components_follow_the_draw_buffer() {
    let _ctx = current_compat_context();
    assert_eq!(get_ints::<4>(GL_RGBA_SIGNED_COMPONENTS_EXT), [0, 0, 0, 0]);
    texture_framebuffer(GL_RGBA16F, GL_RGBA, GL_FLOAT);
    assert_eq!(get_ints::<4>(GL_RGBA_SIGNED_COMPONENTS_EXT), [1, 1, 1, 1]);
    texture_framebuffer(GL_LUMINANCE8_SNORM, GL_LUMINANCE, GL_FLOAT);
    assert_eq!(get_ints::<4>(GL_RGBA_SIGNED_COMPONENTS_EXT), [1, 1, 1, 0]);
    texture_framebuffer(GL_RG8I, GL_RG_INTEGER, GL_BYTE);
    assert_eq!(get_ints::<4>(GL_RGBA_SIGNED_COMPONENTS_EXT), [1, 1, 0, 0]);
    texture_framebuffer(GL_R11F_G11F_B10F, GL_RGB, GL_FLOAT);
    assert_eq!(get_ints::<4>(GL_RGBA_SIGNED_COMPONENTS_EXT), [0, 0, 0, 0]);
    texture_framebuffer(GL_RGBA8UI, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE);
    assert_eq!(get_ints::<4>(GL_RGBA_SIGNED_COMPONENTS_EXT), [0, 0, 0, 0]);
    assert_eq!(error(), GL_NO_ERROR);
}

#[test]
fn draw_pixels_refuses_integer_formats_with_every_type() {
    let _ctx = current_compat_context();
    let texel = [0i32; 4];
    unsafe {
        glDrawPixels(1, 1, GL_RGBA_INTEGER, GL_INT, texel.as_ptr().cast());
        assert_eq!(glGetError(), GL_INVALID_OPERATION);
        glDrawPixels(1, 1, GL_RGBA_INTEGER, GL_FLOAT, texel.as_ptr().cast());
        assert_eq!(glGetError(), GL_INVALID_OPERATION);
    }
}

/// (0.5, 0.25, 1.0, 0.5) written through sRGB encoding: 187.52 and 136.96 before rounding,
/// which Vulkan lets a device round either way by a step.
fn assert_srgb_encoded(back: [u8; 4]) {
    assert!((187..=188).contains(&back[0]) && (136..=138).contains(&back[1]) && back[2..] == [255, 128], "{back:?}");
}

#[test]
fn srgb_buffers_encode_only_with_framebuffer_srgb() {
    let _ctx = current_compat_context();
    texture_framebuffer(GL_SRGB8_ALPHA8, GL_RGBA, GL_UNSIGNED_BYTE);
    let mut back = [0u8; 4];
    unsafe {
        // Disabled (the default): the value is stored as it is.
        glClearColor(0.5, 0.25, 1.0, 0.5);
        glClear(GL_COLOR_BUFFER_BIT);
        glReadPixels(1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, back.as_mut_ptr().cast());
        assert_eq!(back, [128, 64, 255, 128]);
        // Enabled: colour is encoded to sRGB on the way in, alpha is not.
        glEnable(GL_FRAMEBUFFER_SRGB);
        glClear(GL_COLOR_BUFFER_BIT);
        glReadPixels(1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, back.as_mut_ptr().cast());
        assert_srgb_encoded(back);
        // Drawing follows the same switch.
        glDisable(GL_FRAMEBUFFER_SRGB);
    }
    let program = linked_program(&[
        (GL_VERTEX_SHADER, "attribute vec4 p; void main() { gl_Position = p; }"),
        (GL_FRAGMENT_SHADER, "void main() { gl_FragColor = vec4(0.5, 0.25, 1.0, 0.5); }"),
    ]);
    unsafe {
        glBindAttribLocation(program, 0, c"p".as_ptr());
        glLinkProgram(program);
        glUseProgram(program);
        glViewport(0, 0, 4, 4);
    }
    draw_full_window_quad();
    unsafe { glReadPixels(1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, back.as_mut_ptr().cast()) };
    assert_eq!(back, [128, 64, 255, 128]);
    unsafe { glEnable(GL_FRAMEBUFFER_SRGB) };
    draw_full_window_quad();
    unsafe { glReadPixels(1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, back.as_mut_ptr().cast()) };
    assert_srgb_encoded(back);
    assert_eq!(error(), GL_NO_ERROR);
}

#[test]
fn snorm16_buffers_clamp_what_is_written() {
    let _ctx = current_compat_context();
    texture_framebuffer(GL_RGBA16_SNORM, GL_RGBA, GL_FLOAT);
    let mut back = [0f32; 4];
    unsafe {
        // Signed-normalised buffers are fixed point: GL_FIXED_ONLY, the default, would
        // clamp the clear and the read-back to [0, 1]. The storage's own range shows
        // without the colour clamps.
        glClampColor(GL_CLAMP_FRAGMENT_COLOR, GL_FALSE as u32);
        glClampColor(GL_CLAMP_READ_COLOR, GL_FALSE as u32);
        glClearColor(2.0, -2.0, -0.5, 0.25);
        glClear(GL_COLOR_BUFFER_BIT);
        glReadPixels(0, 0, 1, 1, GL_RGBA, GL_FLOAT, back.as_mut_ptr().cast());
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
    // Signed normalised: [-1, 1], and -0.5 and 0.25 within a 16-bit step.
    assert_eq!(&back[..2], &[1.0, -1.0]);
    assert!((back[2] + 0.5).abs() < 1.0 / 32767.0 && (back[3] - 0.25).abs() < 1.0 / 32767.0, "{back:?}");
}

/// Blits from `read` to `draw` (4x4 framebuffers) and reads texel (1, 1) of `draw`.
fn blit_and_read(read: GLuint, draw: GLuint) -> [u8; 4] {
    let mut back = [0u8; 4];
    unsafe {
        glBindFramebuffer(GL_READ_FRAMEBUFFER, read);
        glBindFramebuffer(GL_DRAW_FRAMEBUFFER, draw);
        glBlitFramebuffer(0, 0, 4, 4, 0, 0, 4, 4, GL_COLOR_BUFFER_BIT, GL_NEAREST);
        glBindFramebuffer(GL_READ_FRAMEBUFFER, draw);
        glReadPixels(1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, back.as_mut_ptr().cast());
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
    back
}

#[test]
fn blits_convert_between_srgb_and_linear_only_with_framebuffer_srgb() {
    let _ctx = current_compat_context();
    let linear = texture_framebuffer(GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE);
    unsafe {
        glClearColor(0.5, 0.25, 1.0, 0.5);
        glClear(GL_COLOR_BUFFER_BIT);
    }
    let srgb = texture_framebuffer(GL_SRGB8_ALPHA8, GL_RGBA, GL_UNSIGNED_BYTE);
    // Disabled (the default): the bits are copied as they are, both ways.
    assert_eq!(blit_and_read(linear, srgb), [128, 64, 255, 128]);
    unsafe {
        glBindFramebuffer(GL_FRAMEBUFFER, linear);
        glClearColor(0.0, 0.0, 0.0, 0.0);
        glClear(GL_COLOR_BUFFER_BIT);
    }
    assert_eq!(blit_and_read(srgb, linear), [128, 64, 255, 128]);
    // Enabled: linear colour is encoded into the sRGB buffer ...
    unsafe { glEnable(GL_FRAMEBUFFER_SRGB) };
    assert_srgb_encoded(blit_and_read(linear, srgb));
    // ... and sRGB colour decoded out of it, back to 0.5 and 0.25 within the step the
    // encoding may round by (187..=188 decode to 0.497..0.503, 136..=138 to 0.246..0.254).
    let back = blit_and_read(srgb, linear);
    assert!((127..=129).contains(&back[0]) && (63..=65).contains(&back[1]) && back[2..] == [255, 128], "{back:?}");
}

#[test]
fn three_dimensional_textures_refuse_depth_and_stencil_formats() {
    let _ctx = current_compat_context();
    let mut textures = [0; 2];
    unsafe {
        glGenTextures(2, textures.as_mut_ptr());
        glBindTexture(GL_TEXTURE_3D, textures[0]);
        glTexStorage3D(GL_TEXTURE_3D, 1, GL_DEPTH24_STENCIL8, 8, 8, 8);
        assert_eq!(glGetError(), GL_INVALID_OPERATION);
        glTexImage3D(GL_TEXTURE_3D, 0, GL_DEPTH_COMPONENT32F as GLint, 8, 8, 8, 0, GL_DEPTH_COMPONENT, GL_FLOAT, std::ptr::null());
        assert_eq!(glGetError(), GL_INVALID_OPERATION);
        // Arrays of 2D images take them.
        glBindTexture(GL_TEXTURE_2D_ARRAY, textures[1]);
        glTexStorage3D(GL_TEXTURE_2D_ARRAY, 1, GL_DEPTH24_STENCIL8, 8, 8, 8);
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
}

#[test]
fn srgb_capability_follows_the_draw_buffer() {
    let _ctx = current_compat_context();
    let capable = || {
        let mut value: GLboolean = 2;
        unsafe { glGetBooleanv(GL_FRAMEBUFFER_SRGB_CAPABLE_EXT, &mut value) };
        GLenum::from(value)
    };
    texture_framebuffer(GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE);
    assert_eq!(capable(), GL_FALSE);
    texture_framebuffer(GL_SRGB8_ALPHA8, GL_RGBA, GL_UNSIGNED_BYTE);
    assert_eq!(capable(), GL_TRUE);
    assert_eq!(error(), GL_NO_ERROR);
}
