//! Packed pixel types: field positions from GL 4.6 table 8.8 (first component in the most
//! significant bits, or the least significant for the *_REV types) and b-bit unorm scaling.

use gl_formats::gl::*;
use gl_formats::{pack, unpack, Extent, FormatInfo, PixelStore, TexelFormat};

fn texels(internal_format: u32) -> TexelFormat {
    TexelFormat::native(FormatInfo::lookup(internal_format).unwrap())
}

fn one() -> Extent {
    Extent::new(1, 1, 1)
}

fn rgba8(format: u32, ty: u32, src: &[u8]) -> Vec<u8> {
    let store = PixelStore { alignment: 1, ..PixelStore::default() };
    unpack(&store, format, ty, one(), src, texels(GL_RGBA8)).unwrap()
}

// Binary literals are grouped by field.
#[allow(clippy::unusual_byte_groupings)]
#[test]
fn byte_packed_types() {
    // 3_3_2: red bits 7..5, green 4..2, blue 1..0. Red 0b111 -> 1.0; green 0b010 -> 2/7 -> round(72.86) = 73;
    // blue 0b01 -> 1/3 -> 85.
    assert_eq!(rgba8(GL_RGB, GL_UNSIGNED_BYTE_3_3_2, &[0b111_010_01]), vec![255, 73, 85, 255]);
    // 2_3_3_REV: red bits 2..0, green 5..3, blue 7..6.
    assert_eq!(rgba8(GL_RGB, GL_UNSIGNED_BYTE_2_3_3_REV, &[0b01_010_111]), vec![255, 73, 85, 255]);
}

#[test]
fn short_packed_types() {
    // 5_6_5: red 15..11. 0xF800 is pure red; 0x07E0 pure green; 0x0010 blue 16/31 -> round(131.6) = 132.
    assert_eq!(rgba8(GL_RGB, GL_UNSIGNED_SHORT_5_6_5, &0xF800u16.to_ne_bytes()), vec![255, 0, 0, 255]);
    assert_eq!(rgba8(GL_RGB, GL_UNSIGNED_SHORT_5_6_5, &0x07E0u16.to_ne_bytes()), vec![0, 255, 0, 255]);
    assert_eq!(rgba8(GL_RGB, GL_UNSIGNED_SHORT_5_6_5, &0x0010u16.to_ne_bytes()), vec![0, 0, 132, 255]);
    // 5_6_5_REV: red in bits 4..0.
    assert_eq!(rgba8(GL_RGB, GL_UNSIGNED_SHORT_5_6_5_REV, &0x001Fu16.to_ne_bytes()), vec![255, 0, 0, 255]);
    // 4_4_4_4: 0x1234 -> r=1, g=2, b=3, a=4 in 15ths: 17, 34, 51, 68.
    assert_eq!(rgba8(GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, &0x1234u16.to_ne_bytes()), vec![17, 34, 51, 68]);
    // 4_4_4_4_REV: red in the low nibble.
    assert_eq!(rgba8(GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4_REV, &0x1234u16.to_ne_bytes()), vec![68, 51, 34, 17]);
    // 5_5_5_1: alpha is bit 0; red 15..11.
    assert_eq!(rgba8(GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1, &0xF801u16.to_ne_bytes()), vec![255, 0, 0, 255]);
    assert_eq!(rgba8(GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1, &0xF800u16.to_ne_bytes()), vec![255, 0, 0, 0]);
    // 1_5_5_5_REV: red 4..0, alpha bit 15.
    assert_eq!(rgba8(GL_RGBA, GL_UNSIGNED_SHORT_1_5_5_5_REV, &0x801Fu16.to_ne_bytes()), vec![255, 0, 0, 255]);
    // BGRA with 4_4_4_4: the first field (MSB) is blue.
    assert_eq!(rgba8(GL_BGRA, GL_UNSIGNED_SHORT_4_4_4_4, &0xF000u16.to_ne_bytes()), vec![0, 0, 255, 0]);
}

#[test]
fn int_packed_types() {
    // 8_8_8_8: red in the top byte; _REV: red in the low byte (the same bytes as RGBA/UNSIGNED_BYTE on
    // a little-endian host).
    assert_eq!(rgba8(GL_RGBA, GL_UNSIGNED_INT_8_8_8_8, &0x11223344u32.to_ne_bytes()), vec![0x11, 0x22, 0x33, 0x44]);
    assert_eq!(rgba8(GL_RGBA, GL_UNSIGNED_INT_8_8_8_8_REV, &0x11223344u32.to_ne_bytes()), vec![0x44, 0x33, 0x22, 0x11]);
    // 10_10_10_2: red 31..22; 2_10_10_10_REV: red 9..0, alpha 31..30. 512/1023 -> round(127.62) = 128.
    assert_eq!(rgba8(GL_RGBA, GL_UNSIGNED_INT_10_10_10_2, &(512u32 << 22 | 3).to_ne_bytes()), vec![128, 0, 0, 255]);
    assert_eq!(rgba8(GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, &(512u32 | 1 << 30).to_ne_bytes()), vec![128, 0, 0, 85]);
}

#[test]
fn rgb10_a2_storage_round_trips_its_own_packed_type() {
    let store = PixelStore::default();
    let word = 1023u32 | 17 << 10 | 600 << 20 | 2 << 30;
    let stored =
        unpack(&store, GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, one(), &word.to_ne_bytes(), texels(GL_RGB10_A2))
            .unwrap();
    assert_eq!(stored, word.to_ne_bytes());
    let mut back = [0u8; 4];
    pack(&store, GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, one(), &stored, texels(GL_RGB10_A2), &mut back).unwrap();
    assert_eq!(back, word.to_ne_bytes());
    // Integer variant: RGBA_INTEGER keeps raw field values.
    let stored = unpack(
        &store,
        GL_RGBA_INTEGER,
        GL_UNSIGNED_INT_2_10_10_10_REV,
        one(),
        &word.to_ne_bytes(),
        texels(GL_RGB10_A2UI),
    )
    .unwrap();
    assert_eq!(stored, word.to_ne_bytes());
    let mut ints = [0u8; 16];
    pack(&store, GL_RGBA_INTEGER, GL_UNSIGNED_INT, one(), &stored, texels(GL_RGB10_A2UI), &mut ints).unwrap();
    let vals: Vec<u32> = ints.chunks_exact(4).map(|c| u32::from_ne_bytes(c.try_into().unwrap())).collect();
    assert_eq!(vals, vec![1023, 17, 600, 2]);
}

#[test]
fn packed_float_types() {
    let store = PixelStore::default();
    // 10F_11F_11F_REV: r = 1.0 (0x3C0), g = 2.0 (16 << 6), b = 0.5 (14 << 5).
    let word = 0x3C0u32 | (16 << 6) << 11 | (14 << 5) << 22;
    let stored =
        unpack(&store, GL_RGB, GL_UNSIGNED_INT_10F_11F_11F_REV, one(), &word.to_ne_bytes(), texels(GL_RGBA32F))
            .unwrap();
    let vals: Vec<f32> = stored.chunks_exact(4).map(|c| f32::from_ne_bytes(c.try_into().unwrap())).collect();
    assert_eq!(vals, vec![1.0, 2.0, 0.5, 1.0]);
    // 5_9_9_9_REV: mantissas 256, 128, 0 with exponent 16 -> 2^(16-24) * m = 1.0, 0.5, 0.
    let word = 256u32 | 128 << 9 | 16 << 27;
    let stored =
        unpack(&store, GL_RGB, GL_UNSIGNED_INT_5_9_9_9_REV, one(), &word.to_ne_bytes(), texels(GL_RGB32F)).unwrap();
    let vals: Vec<f32> = stored.chunks_exact(4).map(|c| f32::from_ne_bytes(c.try_into().unwrap())).collect();
    assert_eq!(vals, vec![1.0, 0.5, 0.0, 1.0]);
    // RGB9_E5 storage keeps the word as is.
    let stored =
        unpack(&store, GL_RGB, GL_UNSIGNED_INT_5_9_9_9_REV, one(), &word.to_ne_bytes(), texels(GL_RGB9_E5)).unwrap();
    assert_eq!(stored, word.to_ne_bytes());
}

#[test]
fn packed_storage_formats_hold_vulkan_bit_positions() {
    let store = PixelStore { alignment: 1, ..PixelStore::default() };
    // RGB565 storage (VK R5G6B5_UNORM_PACK16): red in bits 15..11.
    let out = unpack(&store, GL_RGB, GL_UNSIGNED_BYTE, one(), &[255, 0, 0], texels(GL_RGB565)).unwrap();
    assert_eq!(u16::from_ne_bytes([out[0], out[1]]), 0xF800);
    // RGBA4 storage (R4G4B4A4_UNORM_PACK16): 0.2 -> round(0.2 * 15) = 3.
    let out = unpack(&store, GL_RGBA, GL_UNSIGNED_BYTE, one(), &[51, 0, 255, 0], texels(GL_RGBA4)).unwrap();
    assert_eq!(u16::from_ne_bytes([out[0], out[1]]), 0x30F0);
    // RGB5_A1 storage (A1R5G5B5_UNORM_PACK16): blue in bits 4..0, alpha 0.6 -> round(0.6)
    // = 1 in bit 15.
    let out = unpack(&store, GL_RGBA, GL_UNSIGNED_BYTE, one(), &[0, 0, 255, 153], texels(GL_RGB5_A1)).unwrap();
    assert_eq!(u16::from_ne_bytes([out[0], out[1]]), 0x801F);
    // Red in bits 14..10.
    let out = unpack(&store, GL_RGBA, GL_UNSIGNED_BYTE, one(), &[255, 0, 0, 0], texels(GL_RGB5_A1)).unwrap();
    assert_eq!(u16::from_ne_bytes([out[0], out[1]]), 0x7C00);
}

#[test]
fn mismatched_packed_types_are_invalid_operation() {
    let store = PixelStore::default();
    let err = unpack(&store, GL_RGBA, GL_UNSIGNED_SHORT_5_6_5, one(), &[0; 4], texels(GL_RGBA8)).unwrap_err();
    assert_eq!(err, gl_formats::GlError::InvalidOperation);
    let err = unpack(&store, GL_RGB, GL_UNSIGNED_SHORT_4_4_4_4, one(), &[0; 4], texels(GL_RGBA8)).unwrap_err();
    assert_eq!(err, gl_formats::GlError::InvalidOperation);
}
