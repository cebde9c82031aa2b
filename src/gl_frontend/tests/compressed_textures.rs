//! Compressed textures: blocks the device samples itself (kept compressed on the GPU) and
//! blocks it does not (decoded on upload) read the same; the API rules of
//! glCompressedTexImage; mipmaps of compressed levels; generic compressed formats.

mod common;

use std::sync::{Arc, OnceLock};

use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::*;
use gl_frontend::{make_current, Api, Context, ContextConfig, DefaultFramebuffer, Profile};
use vk_backend::{Device, DeviceOptions, Format};

/// A DXT1 (RGBA) block in four-colour mode: colour0 red (0xF800) > colour1 blue (0x001F);
/// texels of row 0 take index 0 (red), the other rows index 1 (blue). The endpoints
/// decode exactly, whatever rounding a decoder gives the interpolated colours.
const RED_OVER_BLUE: [u8; 8] = [0x00, 0xF8, 0x1F, 0x00, 0b0000_0000, 0b0101_0101, 0b0101_0101, 0b0101_0101];

/// A DXT1 (RGBA) block in three-colour mode: colour0 blue (0x001F) <= colour1 green
/// (0x07E0); row 0 takes index 0 (blue), row 1 index 1 (green), rows 2 and 3 index 3,
/// which is transparent black.
const BLUE_GREEN_CLEAR: [u8; 8] = [0x1F, 0x00, 0xE0, 0x07, 0b0000_0000, 0b0101_0101, 0b1111_1111, 0b1111_1111];

/// A device that samples no DXT1 RGBA blocks, so that they are decoded on upload.
fn decoding_device() -> Arc<Device> {
    static DEVICE: OnceLock<Arc<Device>> = OnceLock::new();
    DEVICE.get_or_init(|| Device::new(&DeviceOptions { hidden_formats: vec![Format::Bc1RgbaUnorm], ..Default::default() }).expect("a Vulkan device")).clone()
}

/// A 3.3 compatibility context on `device`, current with a 64x32 window.
fn context_on(device: Arc<Device>) -> Arc<Context> {
    let config = ContextConfig { api: Api::Gl, major: 3, minor: 3, profile: Profile::Compatibility, offer_requested_version: true, ..Default::default() };
    let ctx = Context::new(device.clone(), &config, None).expect("context");
    let window = DefaultFramebuffer::allocate(&device, 64, 32, true).expect("surface images");
    make_current(&ctx, Some(window.clone()), Some(window)).expect("make current");
    ctx
}

/// The 8x4 DXT1 RGBA texture of the two blocks above, side by side, sampled at texel
/// centres: (x, y) -> RGBA.
fn sample_two_blocks() -> Vec<((u32, u32), [u8; 4])> {
    new_nearest_texture();
    let blocks: Vec<u8> = RED_OVER_BLUE.iter().chain(&BLUE_GREEN_CLEAR).copied().collect();
    unsafe { glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_S3TC_DXT1_EXT, 8, 4, 0, 16, blocks.as_ptr().cast()) };
    assert_eq!(error(), GL_NO_ERROR);
    [(1, 0), (2, 3), (5, 0), (6, 1), (7, 3)].into_iter().map(|(x, y)| ((x, y), draw_sampling_at((x as f32 + 0.5) / 8.0, (y as f32 + 0.5) / 4.0))).collect()
}

const EXPECTED: [((u32, u32), [u8; 4]); 5] =
    [((1, 0), [255, 0, 0, 255]), ((2, 3), [0, 0, 255, 255]), ((5, 0), [0, 0, 255, 255]), ((6, 1), [0, 255, 0, 255]), ((7, 3), [0, 0, 0, 0])];

#[test]
fn blocks_the_device_samples_read_as_the_format_decodes() {
    // lavapipe and NVIDIA sample BC1 themselves: the blocks stay compressed on the GPU.
    assert!(device().format_support(Format::Bc1RgbaUnorm).sampled, "this device samples BC1");
    let _ctx = context_on(device());
    assert_eq!(sample_two_blocks(), EXPECTED);
}

#[test]
fn blocks_decoded_on_upload_read_alike() {
    assert!(!decoding_device().format_support(Format::Bc1RgbaUnorm).sampled);
    let _ctx = context_on(decoding_device());
    assert_eq!(sample_two_blocks(), EXPECTED);
}

#[test]
fn sub_images_of_blocks_kept_compressed_replace_whole_blocks() {
    let _ctx = context_on(device());
    new_nearest_texture();
    unsafe {
        glTexStorage2D(GL_TEXTURE_2D, 1, GL_COMPRESSED_RGBA_S3TC_DXT1_EXT, 8, 4);
        glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 4, 0, 4, 4, GL_COMPRESSED_RGBA_S3TC_DXT1_EXT, 8, BLUE_GREEN_CLEAR.as_ptr().cast());
        assert_eq!(error(), GL_NO_ERROR);
        // The level's blocks are what was given (the left one zero from storage).
        let mut blocks = [0xAAu8; 16];
        glGetCompressedTexImage(GL_TEXTURE_2D, 0, blocks.as_mut_ptr().cast());
        assert_eq!(&blocks[8..], &BLUE_GREEN_CLEAR);
        assert_eq!(&blocks[..8], &[0; 8]);
    }
    assert_eq!(draw_sampling_at(6.5 / 8.0, 1.5 / 4.0), [0, 255, 0, 255]);
    // Sampled once, the image is on the GPU; a later sub-image reaches it there.
    unsafe { glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_COMPRESSED_RGBA_S3TC_DXT1_EXT, 8, RED_OVER_BLUE.as_ptr().cast()) };
    assert_eq!(draw_sampling_at(1.5 / 8.0, 0.5 / 4.0), [255, 0, 0, 255]);
    assert_eq!(draw_sampling_at(1.5 / 8.0, 2.5 / 4.0), [0, 0, 255, 255]);
    // glGetTexImage reads the texels the blocks decode to.
    let mut texels = [0u8; 8 * 4 * 4];
    unsafe { glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.as_mut_ptr().cast()) };
    let at = |x: usize, y: usize| &texels[(y * 8 + x) * 4..(y * 8 + x) * 4 + 4];
    assert_eq!(at(0, 0), [255, 0, 0, 255]);
    assert_eq!(at(5, 0), [0, 0, 255, 255]);
    assert_eq!(at(7, 3), [0, 0, 0, 0]);
    assert_eq!(error(), GL_NO_ERROR);
}

#[test]
fn generated_mipmaps_filter_texels_before_they_are_compressed() {
    let _ctx = context_on(device());
    new_nearest_texture();
    // 8x8 in four one-colour quadrants: red, green, blue, white. Level 2 (2x2) keeps
    // whole quadrants; level 3 (1x1) is the mean of all four, which no block of level 2
    // (two colours at most) could give if it were filtered from level 2's blocks.
    let quadrant = |x: usize, y: usize| match (x < 4, y < 4) {
        (true, true) => [255u8, 0, 0, 255],
        (false, true) => [0, 255, 0, 255],
        (true, false) => [0, 0, 255, 255],
        (false, false) => [255, 255, 255, 255],
    };
    let texels: Vec<u8> = (0..64).flat_map(|i| quadrant(i % 8, i / 8)).collect();
    let mut last = [0u8; 4];
    unsafe {
        glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB_S3TC_DXT1_EXT as GLint, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.as_ptr().cast());
        glGenerateMipmap(GL_TEXTURE_2D);
        assert_eq!(error(), GL_NO_ERROR);
        glGetTexImage(GL_TEXTURE_2D, 3, GL_RGBA, GL_UNSIGNED_BYTE, last.as_mut_ptr().cast());
    }
    // The mean is 0.5 a channel: 127.5 in 8 bits, which 565 keeps as 123 or 132 (red,
    // blue) and 125 or 130 (green).
    assert!(last[..3].iter().all(|v| (123..=132).contains(v)), "level 3 texel {last:?} is the mean grey");
    assert_eq!(last[3], 255);
}

#[test]
fn compressed_image_rules() {
    let _ctx = context_on(device());
    let block = [0u8; 16 * 6];
    unsafe {
        // Cube faces are square.
        let mut tex = 0;
        glGenTextures(1, &mut tex);
        glBindTexture(GL_TEXTURE_CUBE_MAP, tex);
        glCompressedTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X, 0, GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, 4, 8, 0, 32, block.as_ptr().cast());
        assert_eq!(error(), GL_INVALID_VALUE);
        // S3TC has no 3D textures; BPTC and ASTC (slice by slice) do.
        glGenTextures(1, &mut tex);
        glBindTexture(GL_TEXTURE_3D, tex);
        glCompressedTexImage3D(GL_TEXTURE_3D, 0, GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, 4, 4, 2, 0, 32, block.as_ptr().cast());
        assert_eq!(error(), GL_INVALID_OPERATION);
        glCompressedTexImage3D(GL_TEXTURE_3D, 0, GL_COMPRESSED_RGBA_BPTC_UNORM, 4, 4, 2, 0, 32, block.as_ptr().cast());
        assert_eq!(error(), GL_NO_ERROR);
        glCompressedTexImage3D(GL_TEXTURE_3D, 0, GL_COMPRESSED_RGBA_ASTC_4x4_KHR, 4, 4, 2, 0, 32, block.as_ptr().cast());
        assert_eq!(error(), GL_NO_ERROR);
        // An immutable texture is never defined again.
        glGenTextures(1, &mut tex);
        glBindTexture(GL_TEXTURE_2D, tex);
        glTexStorage2D(GL_TEXTURE_2D, 1, GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, 4, 4);
        glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, 4, 4, 0, 16, block.as_ptr().cast());
        assert_eq!(error(), GL_INVALID_OPERATION);
    }
}

#[test]
fn generic_compressed_formats_kept_uncompressed_report_their_base_format() {
    let _ctx = context_on(device());
    new_nearest_texture();
    for (generic, base) in [(GL_COMPRESSED_RGB, GL_RGB), (GL_COMPRESSED_SRGB_ALPHA, GL_RGBA), (GL_COMPRESSED_LUMINANCE, GL_LUMINANCE), (GL_COMPRESSED_RG, GL_RG)] {
        let (mut compressed, mut internal) = (-1, 0);
        unsafe {
            glTexImage2D(GL_TEXTURE_2D, 0, generic as GLint, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, std::ptr::null());
            glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED, &mut compressed);
            glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT, &mut internal);
        }
        assert_eq!((compressed, internal as GLenum), (0, base), "{generic:#x}");
    }
}

#[test]
fn es_takes_its_own_compressed_formats_as_blocks_only() {
    let config = ContextConfig { api: Api::Gles, major: 3, minor: 0, ..Default::default() };
    let _ctx = current_context(&config);
    new_nearest_texture();
    let texels = [0u8; 4 * 4 * 4];
    unsafe {
        glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA8_ETC2_EAC as GLint, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.as_ptr().cast());
        assert_eq!(error(), GL_INVALID_OPERATION);
        // RGTC, by its ES extension, is compressed from texels.
        glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RED_RGTC1 as GLint, 4, 4, 0, GL_RED, GL_UNSIGNED_BYTE, texels.as_ptr().cast());
        assert_eq!(error(), GL_NO_ERROR);
    }
}
