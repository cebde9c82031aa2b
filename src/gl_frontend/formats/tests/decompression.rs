//! Decoding compressed formats into their uncompressed fallback storage, checked against
//! blocks whose texels follow from the format specifications by hand.

use gl_formats::gl::*;
use gl_formats::{decompress, fallbacks, Extent, FormatInfo, GlError, StorageFormat, TexelFormat};

fn decoded_into(internal_format: u32) -> TexelFormat {
    let info = FormatInfo::lookup(internal_format).unwrap();
    TexelFormat::choose(info, &|s| s.block().is_none()).expect("a fallback")
}

fn u16s(bytes: &[u8]) -> Vec<u16> {
    bytes.chunks_exact(2).map(|c| u16::from_ne_bytes([c[0], c[1]])).collect()
}

#[test]
fn eac_r11_unsigned() {
    // Base 128, multiplier 1, table 0, every index 4 (modifier +2):
    // 128 * 8 + 4 + 2 * 1 * 8 = 1044, widened to 16 bits: (1044 << 5) | (1044 >> 6) = 33424.
    let block = [128, 0x10, 0x92, 0x49, 0x24, 0x92, 0x49, 0x24];
    let texels = decoded_into(GL_COMPRESSED_R11_EAC);
    assert_eq!(texels.storage, StorageFormat::R16Unorm);
    let out = decompress(texels, &block, Extent::new(4, 4, 1)).unwrap();
    assert_eq!(u16s(&out), vec![33424; 16]);
}

#[test]
fn eac_pixels_are_numbered_down_columns() {
    // Only pixel index 1 (x = 0, y = 1) uses index 7 (+14); the others index 0 (-3).
    // 128 * 8 + 4 + 14 * 8 = 1140 and 128 * 8 + 4 - 3 * 8 = 1004.
    let indices = 7u64 << 42;
    let b = indices.to_be_bytes();
    let block = [128, 0x10, b[2], b[3], b[4], b[5], b[6], b[7]];
    let out = u16s(&decompress(decoded_into(GL_COMPRESSED_R11_EAC), &block, Extent::new(4, 4, 1)).unwrap());
    let widen = |v: u16| (v << 5) | (v >> 6);
    for (i, v) in out.iter().enumerate() {
        assert_eq!(*v, if i == 4 { widen(1140) } else { widen(1004) }, "texel {i}");
    }
}

#[test]
fn eac_signed_clamps_and_widens() {
    // Base -128 reads as -127, multiplier 0 means 1/8, table 0 index 3 (-15):
    // -127 * 8 - 15 = -1031, clamped to -1023, widened to -((1023 << 5) | (1023 >> 5)) = -32767.
    let block = [0x80, 0x00, 0x6D, 0xB6, 0xDB, 0x6D, 0xB6, 0xDB];
    let texels = decoded_into(GL_COMPRESSED_SIGNED_RG11_EAC);
    assert_eq!(texels.storage, StorageFormat::Rg16Snorm);
    let mut two = block.to_vec();
    // Green: base 0, multiplier 1, index 4 (+2): 0 * 8 + 2 * 1 * 8 = 16.
    two.extend_from_slice(&[0, 0x10, 0x92, 0x49, 0x24, 0x92, 0x49, 0x24]);
    let out = u16s(&decompress(texels, &two, Extent::new(4, 4, 1)).unwrap());
    // (16 << 5) | (16 >> 5), whose second part is 0.
    let widened_16: u16 = 16 << 5;
    for t in 0..16 {
        assert_eq!(out[2 * t] as i16, -32767);
        assert_eq!(out[2 * t + 1], widened_16);
    }
}

#[test]
fn bc1_blocks_are_clipped_to_the_image() {
    // Colour 0 = 0xF800 (pure red), colour 1 = 0, all indices 0: every texel is red. A 5x3
    // image needs 2x1 blocks; the decoded image holds exactly 15 texels.
    let block = [0x00, 0xF8, 0, 0, 0, 0, 0, 0];
    let data = [block, block].concat();
    let out = decompress(decoded_into(GL_COMPRESSED_RGB_S3TC_DXT1_EXT), &data, Extent::new(5, 3, 1)).unwrap();
    assert_eq!(out.len(), 5 * 3 * 4);
    assert!(out.chunks_exact(4).all(|t| t == [255, 0, 0, 255]));
}

#[test]
fn etc2_differential_block() {
    // Differential mode, base colour 16 in all channels (expanded to (16 << 3) | (16 >> 2) = 132),
    // table 0 (modifiers 2 and 8), every pixel index 00 (+2): 134 everywhere.
    let block = [0x80, 0x80, 0x80, 0x02, 0, 0, 0, 0];
    for format in [GL_COMPRESSED_RGB8_ETC2, GL_COMPRESSED_SRGB8_ETC2, GL_ETC1_RGB8_OES] {
        let texels = decoded_into(format);
        let out = decompress(texels, &block, Extent::new(4, 4, 1)).unwrap();
        assert!(out.chunks_exact(4).all(|t| t == [134, 134, 134, 255]), "{format:#x}");
    }
}

#[test]
fn astc_void_extent_block_is_one_colour() {
    // A void-extent LDR block (0x1FC, LDR, reserved bits and extents all ones) with the 16-bit
    // colour (0xFFFF, 0x0000, 0x8080, 0xFFFF): unorm8 of 0x8080 / 65535 is 128.
    let mut block = vec![0xFC, 0xFD, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF];
    for c in [0xFFFFu16, 0x0000, 0x8080, 0xFFFF] {
        block.extend_from_slice(&c.to_le_bytes());
    }
    let sizes = [(GL_COMPRESSED_RGBA_ASTC_4x4_KHR + 13, 12 * 12), (GL_COMPRESSED_SRGB8_ALPHA8_ASTC_4x4_KHR + 5, 8 * 5)];
    for (format, texels_per_block) in sizes {
        let texels = decoded_into(format);
        let b = texels.info.block().unwrap();
        let out = decompress(texels, &block, Extent::new(b.width as u32, b.height as u32, 1)).unwrap();
        assert_eq!(out.len(), texels_per_block * 4);
        assert!(out.chunks_exact(4).all(|t| t == [255, 0, 128, 255]), "{format:#x}");
    }
}

#[test]
fn every_compressed_format_decodes_into_each_of_its_fallbacks() {
    for info in FormatInfo::all().iter().filter(|f| f.block().is_some()) {
        let b = info.block().unwrap();
        let extent = Extent::new(b.width as u32 + 1, b.height as u32, 2);
        let data = vec![0x5Au8; gl_formats::compressed_image_size(Some(b), extent).unwrap()];
        for &storage in fallbacks(info.storage) {
            let texels = TexelFormat { info, storage };
            let out = decompress(texels, &data, extent).unwrap_or_else(|e| panic!("{}: {e}", info.name));
            assert_eq!(out.len(), extent.texels().unwrap() * storage.texel_bytes().unwrap(), "{}", info.name);
            // One byte short is INVALID_VALUE, as glCompressedTexImage's imageSize check names it.
            assert_eq!(decompress(texels, &data[..data.len() - 1], extent), Err(GlError::InvalidValue));
        }
    }
    // An uncompressed format has nothing to decode.
    let rgba8 = TexelFormat::native(FormatInfo::lookup(GL_RGBA8).unwrap());
    assert_eq!(decompress(rgba8, &[0; 64], Extent::new(4, 4, 1)), Err(GlError::InvalidOperation));
}

/// A BC4 block from its endpoints and sixteen 3-bit indices (first texel in the lowest bits).
fn bc4_block(e0: u8, e1: u8, indices: [u64; 16]) -> [u8; 8] {
    let bits = indices.iter().enumerate().fold(0u64, |b, (t, &i)| b | i << (3 * t));
    let b = bits.to_le_bytes();
    [e0, e1, b[0], b[1], b[2], b[3], b[4], b[5]]
}

#[test]
fn rgtc1_unsigned_interpolates_six_values_between_ordered_endpoints() {
    // Endpoints 255 and 0: index 0 is 255, 1 is 0, 2 is 6/7, 7 is 1/7 (of 65535).
    let mut indices = [0u64; 16];
    (indices[1], indices[2], indices[3]) = (1, 2, 7);
    let texels = decoded_into(GL_COMPRESSED_RED_RGTC1);
    assert_eq!(texels.storage, StorageFormat::R16Unorm);
    let out = u16s(&decompress(texels, &bc4_block(255, 0, indices), Extent::new(4, 4, 1)).unwrap());
    assert_eq!(&out[..4], &[65535, 0, 56173, 9362]);
    assert!(out[4..].iter().all(|&v| v == 65535));
}

#[test]
fn rgtc1_with_unordered_endpoints_has_four_steps_and_both_extremes() {
    // Endpoints 0 then 255: indices 2-5 step by fifths, 6 is the minimum, 7 the maximum.
    let mut indices = [0u64; 16];
    (indices[0], indices[1], indices[2], indices[3]) = (2, 5, 6, 7);
    let out = u16s(&decompress(decoded_into(GL_COMPRESSED_RED_RGTC1), &bc4_block(0, 255, indices), Extent::new(4, 4, 1)).unwrap());
    assert_eq!(&out[..4], &[13107, 52428, 0, 65535]);
    // Signed: -128 reads as -127 (-1.0); 6 is -1.0 and 7 is +1.0.
    let mut signed = [0u64; 16];
    (signed[0], signed[1], signed[2]) = (0, 6, 7);
    let texels = decoded_into(GL_COMPRESSED_SIGNED_RED_RGTC1);
    assert_eq!(texels.storage, StorageFormat::R16Snorm);
    let out = u16s(&decompress(texels, &bc4_block(0x80, 127, signed), Extent::new(4, 4, 1)).unwrap());
    assert_eq!([out[0] as i16, out[1] as i16, out[2] as i16], [-32767, -32767, 32767]);
}

#[test]
fn rgtc2_is_two_rgtc1_blocks_red_then_green() {
    let mut block = bc4_block(255, 0, [0; 16]).to_vec();
    block.extend_from_slice(&bc4_block(255, 0, [1; 16]));
    let texels = decoded_into(GL_COMPRESSED_RG_RGTC2);
    assert_eq!(texels.storage, StorageFormat::Rg16Unorm);
    let out = u16s(&decompress(texels, &block, Extent::new(4, 4, 1)).unwrap());
    assert!(out.chunks_exact(2).all(|t| t == [65535, 0]));
}

/// An 8x4 image whose left block is `left` and whose right block is `right` (RGBA8).
fn two_blocks(left: [u8; 4], right: [u8; 4]) -> Vec<u8> {
    (0..32).flat_map(|i| if i % 8 < 4 { left } else { right }).collect()
}

#[test]
fn s3tc_encoding_of_one_colour_blocks_decodes_to_the_colours() {
    let extent = Extent::new(8, 4, 1);
    // Channels of 0 and 255, which 565 holds exactly.
    let texels = two_blocks([255, 0, 0, 255], [0, 255, 255, 255]);
    for format in [GL_COMPRESSED_RGB_S3TC_DXT1_EXT, GL_COMPRESSED_RGBA_S3TC_DXT3_EXT, GL_COMPRESSED_RGBA_S3TC_DXT5_EXT] {
        let into = decoded_into(format);
        let blocks = gl_formats::compress(into, &texels, extent).expect("an encoder");
        let info = FormatInfo::lookup(format).unwrap();
        assert_eq!(Some(blocks.len()), gl_formats::compressed_image_size(info.block(), extent), "0x{format:04X}");
        assert_eq!(decompress(into, &blocks, extent).unwrap(), texels, "0x{format:04X}");
    }
    // DXT1 with alpha: texels below one half alpha are the transparent black of three-colour mode.
    let punch = two_blocks([0, 0, 255, 255], [200, 10, 10, 20]);
    let into = decoded_into(GL_COMPRESSED_RGBA_S3TC_DXT1_EXT);
    let decoded = decompress(into, &gl_formats::compress(into, &punch, extent).unwrap(), extent).unwrap();
    assert_eq!(decoded, two_blocks([0, 0, 255, 255], [0, 0, 0, 0]));
}

#[test]
fn s3tc_encoding_keeps_two_colours_of_a_block_and_explicit_alpha() {
    // One block, left half black and right half white with alpha 0x77: both colours are
    // endpoints; DXT3 keeps alpha to four bits (0x77 = 7 * 17).
    let texels: Vec<u8> = (0..16).flat_map(|i| if i % 4 < 2 { [0, 0, 0, 255] } else { [255, 255, 255, 0x77] }).collect();
    let into = decoded_into(GL_COMPRESSED_RGBA_S3TC_DXT3_EXT);
    let extent = Extent::new(4, 4, 1);
    assert_eq!(decompress(into, &gl_formats::compress(into, &texels, extent).unwrap(), extent).unwrap(), texels);
}

#[test]
fn rgtc_encoding_keeps_block_extremes() {
    // RGTC1: endpoints are each block's maximum and minimum, exact in 8 bits.
    let extent = Extent::new(4, 4, 1);
    let values: Vec<u16> = (0..16).map(|i| if i < 8 { 0 } else { 65535 }).collect();
    let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_ne_bytes()).collect();
    let into = decoded_into(GL_COMPRESSED_RED_RGTC1);
    let blocks = gl_formats::compress(into, &bytes, extent).unwrap();
    assert_eq!(blocks.len(), 8);
    assert_eq!(u16s(&decompress(into, &blocks, extent).unwrap()), values);
    // Signed RGTC2: -1 and 1 in each channel.
    let signed: Vec<u8> = (0..16).flat_map(|i: i16| [if i < 8 { -32767i16 } else { 32767 }, if i % 2 == 0 { 32767 } else { -32767 }]).flat_map(|v| v.to_ne_bytes()).collect();
    let into = decoded_into(GL_COMPRESSED_SIGNED_RG_RGTC2);
    let blocks = gl_formats::compress(into, &signed, extent).unwrap();
    assert_eq!(blocks.len(), 16);
    assert_eq!(decompress(into, &blocks, extent).unwrap(), signed);
}

/// RGBA half floats of an 8x4 image whose left block is `left` and right block `right`.
fn two_half_blocks(left: [u16; 3], right: [u16; 3]) -> Vec<u8> {
    (0..32).flat_map(|i| {
        let [r, g, b] = if i % 8 < 4 { left } else { right };
        [r, g, b, 0x3C00]
    }).flat_map(|h: u16| h.to_ne_bytes()).collect()
}

#[test]
fn bc7_encoding_of_one_colour_blocks_decodes_to_the_colours() {
    // Mode 5's 7-bit colour endpoints widen to exact 0 and 255; its alpha has 8 bits.
    let extent = Extent::new(8, 4, 1);
    let texels = two_blocks([255, 0, 0, 255], [0, 255, 255, 0x42]);
    for format in [GL_COMPRESSED_RGBA_BPTC_UNORM, GL_COMPRESSED_SRGB_ALPHA_BPTC_UNORM] {
        let into = decoded_into(format);
        let blocks = gl_formats::compress(into, &texels, extent).expect("an encoder");
        assert_eq!(blocks.len(), 32);
        assert_eq!(decompress(into, &blocks, extent).unwrap(), texels, "0x{format:04X}");
    }
}

#[test]
fn bc7_encoding_keeps_the_extremes_of_a_two_colour_block() {
    let texels: Vec<u8> = (0..16).flat_map(|i| if i % 3 == 0 { [0, 0, 0, 255] } else { [255, 255, 255, 0] }).collect();
    let into = decoded_into(GL_COMPRESSED_RGBA_BPTC_UNORM);
    let extent = Extent::new(4, 4, 1);
    assert_eq!(decompress(into, &gl_formats::compress(into, &texels, extent).unwrap(), extent).unwrap(), texels);
}

#[test]
fn bc6h_mode_11_block_decodes_to_its_endpoints() {
    // Mode 11 (bits 00011), both endpoints 495 in every channel: unquantised
    // ((495 << 16) + 0x8000) >> 10 = 31712, finished 31712 * 31 >> 6 = 15360, half 1.0.
    let mut bits: u128 = 0b00011;
    for c in 0..6 {
        bits |= 495u128 << (5 + 10 * c);
    }
    let into = decoded_into(GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT);
    assert_eq!(into.storage, StorageFormat::Rgba16Float);
    let out = u16s(&decompress(into, &bits.to_le_bytes(), Extent::new(4, 4, 1)).unwrap());
    assert_eq!(out, [0x3C00u16; 64].to_vec());
}

#[test]
fn bc6h_encoding_of_one_colour_blocks_decodes_close_to_the_colours() {
    let extent = Extent::new(8, 4, 1);
    // 1.0, 0.0 and 2.0 in the left block; 0.5, 65504 (the largest half) and 0 in the right.
    let texels = two_half_blocks([0x3C00, 0x0000, 0x4000], [0x3800, 0x7BFF, 0x0000]);
    let into = decoded_into(GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT);
    let blocks = gl_formats::compress(into, &texels, extent).expect("an encoder");
    assert_eq!(blocks.len(), 32);
    let out = u16s(&decompress(into, &blocks, extent).unwrap());
    for (got, want) in out.iter().zip(u16s(&texels)) {
        // Ten-bit endpoints step 31 apart in half-float bits.
        assert!((*got as i32 - want as i32).abs() <= 16, "{got:04X} for {want:04X}");
    }
    // Signed: -1.0 keeps its sign.
    let texels = two_half_blocks([0xBC00, 0x3C00, 0x0000], [0x0000, 0xC000, 0x3800]);
    let into = decoded_into(GL_COMPRESSED_RGB_BPTC_SIGNED_FLOAT);
    let out = u16s(&decompress(into, &gl_formats::compress(into, &texels, extent).unwrap(), extent).unwrap());
    for (got, want) in out.iter().zip(u16s(&texels)) {
        assert_eq!(got & 0x8000, want & 0x8000, "{got:04X} for {want:04X}");
        assert!(((got & 0x7FFF) as i32 - (want & 0x7FFF) as i32).abs() <= 31, "{got:04X} for {want:04X}");
    }
}

#[test]
fn latc_and_3dc_are_rgtc_blocks_read_as_luminance_and_alpha() {
    use gl_formats::Swizzle::{One, G, R};
    let latc1 = FormatInfo::lookup(GL_COMPRESSED_LUMINANCE_LATC1_EXT).unwrap();
    assert_eq!(latc1.storage, StorageFormat::Bc4Unorm);
    assert_eq!(latc1.sample_swizzle(), [R, R, R, One]);
    for format in [GL_COMPRESSED_LUMINANCE_ALPHA_LATC2_EXT, GL_COMPRESSED_LUMINANCE_ALPHA_3DC_ATI] {
        let info = FormatInfo::lookup(format).unwrap();
        assert_eq!(info.storage, StorageFormat::Bc5Unorm);
        assert_eq!(info.sample_swizzle(), [R, R, R, G]);
        assert_eq!((info.component_size(GL_TEXTURE_LUMINANCE_SIZE), info.component_size(GL_TEXTURE_ALPHA_SIZE)), (Some(8), Some(8)));
    }
    let signed = FormatInfo::lookup(GL_COMPRESSED_SIGNED_LUMINANCE_ALPHA_LATC2_EXT).unwrap();
    assert_eq!(signed.storage, StorageFormat::Bc5Snorm);
    // Luminance then alpha, one BC4 block each: 255 then 0 decode to 1.0 and 0.0.
    let block = [bc4_block(255, 255, [0; 16]), bc4_block(0, 0, [0; 16])].concat();
    let into = decoded_into(GL_COMPRESSED_LUMINANCE_ALPHA_LATC2_EXT);
    let out = u16s(&decompress(into, &block, Extent::new(4, 4, 1)).unwrap());
    assert!(out.chunks_exact(2).all(|t| t == [65535, 0]));
}
