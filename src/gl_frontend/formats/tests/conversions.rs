//! Each conversion against numbers computed from the specification's formulas.

use gl_formats::gl::*;
use gl_formats::small_float;
use gl_formats::{pack, unpack, Extent, FormatInfo, PixelStore, TexelFormat};

fn texels(internal_format: u32) -> TexelFormat {
    TexelFormat::native(FormatInfo::lookup(internal_format).expect("format in table"))
}

fn one() -> Extent {
    Extent::new(1, 1, 1)
}

fn tight() -> PixelStore {
    PixelStore { alignment: 1, ..PixelStore::default() }
}

fn floats(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|f| f.to_ne_bytes()).collect()
}

fn read_floats(b: &[u8]) -> Vec<f32> {
    b.chunks_exact(4).map(|c| f32::from_ne_bytes(c.try_into().unwrap())).collect()
}

#[test]
fn float_to_unorm8_rounds_to_nearest() {
    // round(f * 255): 0.5 -> 127.5 -> 128; 0.25 -> 63.75 -> 64; 1/255 -> 1; clamped below 0 and above 1.
    let src = floats(&[0.5, 0.25, -3.0, 7.0]);
    let out = unpack(&tight(), GL_RGBA, GL_FLOAT, one(), &src, texels(GL_RGBA8)).unwrap();
    assert_eq!(out, vec![128, 64, 0, 255]);
    let src = floats(&[1.0 / 255.0, 0.0, 0.0, 1.0]);
    assert_eq!(unpack(&tight(), GL_RGBA, GL_FLOAT, one(), &src, texels(GL_RGBA8)).unwrap(), vec![1, 0, 0, 255]);
}

#[test]
fn unorm8_to_float_divides_by_255() {
    let mut out = vec![0u8; 16];
    pack(&tight(), GL_RGBA, GL_FLOAT, one(), &[128, 0, 255, 51], texels(GL_RGBA8), &mut out).unwrap();
    assert_eq!(read_floats(&out), vec![128.0 / 255.0, 0.0, 1.0, 51.0 / 255.0]);
}

#[test]
fn snorm_uses_the_gl42_rule() {
    // Float -> snorm8: round(clamp(f, -1, 1) * 127): -1 -> -127, 0.5 -> 63.5 -> 64, -2 -> -127.
    let src = floats(&[-1.0, 0.5, -2.0, 1.0]);
    let out = unpack(&tight(), GL_RGBA, GL_FLOAT, one(), &src, texels(GL_RGBA8_SNORM)).unwrap();
    assert_eq!(out, vec![(-127i8) as u8, 64, (-127i8) as u8, 127]);
    // snorm8 -> float: max(c / 127, -1): -128 and -127 both read -1.0.
    let mut back = vec![0u8; 16];
    pack(&tight(), GL_RGBA, GL_FLOAT, one(), &[0x80, 0x81, 64, 0], texels(GL_RGBA8_SNORM), &mut back).unwrap();
    assert_eq!(read_floats(&back), vec![-1.0, -1.0, 64.0 / 127.0, 0.0]);
}

#[test]
fn byte_data_into_unorm_texture_is_normalised_then_clamped() {
    // BYTE 64 -> 64/127 -> round(64/127 * 255) = round(128.50) = 129; BYTE -5 -> negative -> 0.
    let out = unpack(&tight(), GL_RGBA, GL_BYTE, one(), &[64, (-5i8) as u8, 127, 0], texels(GL_RGBA8)).unwrap();
    assert_eq!(out, vec![129, 0, 255, 0]);
}

#[test]
fn unorm16_conversions() {
    // 0.5 * 65535 = 32767.5 -> 32768.
    let out = unpack(&tight(), GL_RED, GL_FLOAT, one(), &floats(&[0.5]), texels(GL_R16)).unwrap();
    assert_eq!(u16::from_ne_bytes([out[0], out[1]]), 32768);
    // UNSIGNED_BYTE 255 into a 16-bit unorm texture: 1.0 -> 65535.
    let out = unpack(&tight(), GL_RED, GL_UNSIGNED_BYTE, one(), &[255], texels(GL_R16)).unwrap();
    assert_eq!(u16::from_ne_bytes([out[0], out[1]]), 65535);
    // Reading 16-bit unorm as bytes: round(0x8080 / 65535 * 255) = round(128.0) = 128.
    let mut back = [0u8; 1];
    pack(&tight(), GL_RED, GL_UNSIGNED_BYTE, one(), &0x8080u16.to_ne_bytes(), texels(GL_R16), &mut back).unwrap();
    assert_eq!(back[0], 128);
}

#[test]
fn half_floats_encode_as_ieee_binary16() {
    // 1.0 = 0x3C00, -2.0 = 0xC000, 65504 = 0x7BFF (largest), 2^-24 = 0x0001 (smallest denormal),
    // 0.1 = 0x2E66 (0.0999755859375 is nearest), 1e6 overflows to +inf 0x7C00.
    let cases = [
        (1.0f64, 0x3C00u32),
        (-2.0, 0xC000),
        (65504.0, 0x7BFF),
        (2f64.powi(-24), 0x0001),
        (0.1, 0x2E66),
        (1e6, 0x7C00),
    ];
    for (v, bits) in cases {
        assert_eq!(small_float::encode(v, 5, 10, true), bits, "half of {v}");
    }
    assert_eq!(small_float::decode(0x3555, 5, 10, true), 0.333251953125);
    // Ties go to even: 1 + 2^-11 is halfway between 0x3C00 and 0x3C01 and rounds to 0x3C00.
    assert_eq!(small_float::encode(1.0 + 2f64.powi(-11), 5, 10, true), 0x3C00);
}

#[test]
fn float_data_into_half_texture() {
    let out = unpack(&tight(), GL_RG, GL_FLOAT, one(), &floats(&[1.0, -2.0]), texels(GL_RG16F)).unwrap();
    assert_eq!(out, [0x3C00u16.to_ne_bytes(), 0xC000u16.to_ne_bytes()].concat());
}

#[test]
fn eleven_and_ten_bit_floats() {
    // Unsigned 11-bit float (5-bit exponent, 6-bit mantissa): 1.0 = 15 << 6 = 0x3C0; 10-bit: 15 << 5 = 0x1E0.
    assert_eq!(small_float::encode(1.0, 5, 6, false), 0x3C0);
    assert_eq!(small_float::encode(1.0, 5, 5, false), 0x1E0);
    // Negative values become 0 in unsigned floats; 0.5 = 14 << 6.
    assert_eq!(small_float::encode(-3.0, 5, 6, false), 0);
    assert_eq!(small_float::encode(0.5, 5, 6, false), 14 << 6);
    // Finite values past the largest (65024 for 11 bits, 64512 for 10) clamp to it; a
    // half float overflows to infinity instead.
    assert_eq!(small_float::encode(1.0e6, 5, 6, false), 0x7BF);
    assert_eq!(small_float::encode(65025.0, 5, 5, false), 0x3DF);
    assert_eq!(small_float::encode(1.0e6, 5, 10, true), 0x7C00);
    // Unpacking RGB floats into R11F_G11F_B10F stores r | g << 11 | b << 22.
    let out = unpack(&tight(), GL_RGB, GL_FLOAT, one(), &floats(&[1.0, 0.5, 1.0]), texels(GL_R11F_G11F_B10F)).unwrap();
    let expected = 0x3C0 | (14 << 6) << 11 | 0x1E0 << 22;
    assert_eq!(u32::from_ne_bytes(out.try_into().unwrap()), expected);
}

#[test]
fn rgb9e5_follows_the_shared_exponent_steps() {
    // (1, 0, 0): floor(log2 1) = 0, exp_p = 0 + 1 + 15 = 16, max_s = floor(1 / 2^(16-15-9) + 0.5) = 256,
    // so exponent 16 and red mantissa 256.
    assert_eq!(small_float::encode_rgb9e5([1.0, 0.0, 0.0]), 256 | 16 << 27);
    // (0.5, 0.25, 0): exp_p = -1 + 16 = 15, scale 2^(15-24) = 2^-9: mantissas 256 and 128.
    assert_eq!(small_float::encode_rgb9e5([0.5, 0.25, 0.0]), 256 | 128 << 9 | 15 << 27);
    // Values beyond 65408 clamp to 511 * 2^(31-24).
    let max = small_float::encode_rgb9e5([1e9, 0.0, 0.0]);
    assert_eq!(small_float::decode_rgb9e5(max)[0], 65408.0);
    // Rounding up into the next exponent: 511.75 / 2^(24-24) > 511, so exponent 25 and mantissa 256.
    assert_eq!(small_float::encode_rgb9e5([511.75, 0.0, 0.0]), 256 | 25 << 27);
}

#[test]
fn integer_formats_are_not_normalised_and_clamp_to_the_storage_range() {
    let src: Vec<u8> = [-5i32, 300, 7, 1].iter().flat_map(|v| v.to_ne_bytes()).collect();
    let out = unpack(&tight(), GL_RGBA_INTEGER, GL_INT, one(), &src, texels(GL_RGBA32I)).unwrap();
    assert_eq!(out, src);
    // The same data into RGBA8UI: -5 -> 0, 300 -> 255.
    let out = unpack(&tight(), GL_RGBA_INTEGER, GL_INT, one(), &src, texels(GL_RGBA8UI)).unwrap();
    assert_eq!(out, vec![0, 255, 7, 1]);
    // Reading RGBA8I back as UNSIGNED_INT clamps negatives to 0.
    let mut back = vec![0u8; 16];
    pack(&tight(), GL_RGBA_INTEGER, GL_UNSIGNED_INT, one(), &[0xFB, 3, 0x80, 127], texels(GL_RGBA8I), &mut back)
        .unwrap();
    let vals: Vec<u32> = back.chunks_exact(4).map(|c| u32::from_ne_bytes(c.try_into().unwrap())).collect();
    assert_eq!(vals, vec![0, 3, 0, 127]);
}

#[test]
fn rgb_formats_get_alpha_one_and_missing_components_zero() {
    let out = unpack(&tight(), GL_RGB, GL_UNSIGNED_BYTE, one(), &[10, 20, 30], texels(GL_RGB8)).unwrap();
    assert_eq!(out, vec![10, 20, 30, 255]);
    // RED data into RGBA8: green and blue 0, alpha 1.
    let out = unpack(&tight(), GL_RED, GL_UNSIGNED_BYTE, one(), &[77], texels(GL_RGBA8)).unwrap();
    assert_eq!(out, vec![77, 0, 0, 255]);
    // Integer RGB into RGB32UI stored as RGBA32UI: alpha is integer 1.
    let src: Vec<u8> = [1u32, 2, 3].iter().flat_map(|v| v.to_ne_bytes()).collect();
    let out = unpack(&tight(), GL_RGB_INTEGER, GL_UNSIGNED_INT, one(), &src, texels(GL_RGB32UI)).unwrap();
    let vals: Vec<u32> = out.chunks_exact(4).map(|c| u32::from_ne_bytes(c.try_into().unwrap())).collect();
    assert_eq!(vals, vec![1, 2, 3, 1]);
}

#[test]
fn bgra_client_data_and_bgra_storage() {
    let out = unpack(&tight(), GL_BGRA, GL_UNSIGNED_BYTE, one(), &[1, 2, 3, 4], texels(GL_RGBA8)).unwrap();
    assert_eq!(out, vec![3, 2, 1, 4]);
    let out = unpack(&tight(), GL_RGBA, GL_UNSIGNED_BYTE, one(), &[1, 2, 3, 4], texels(GL_BGRA8_EXT)).unwrap();
    assert_eq!(out, vec![3, 2, 1, 4]);
    let out = unpack(&tight(), GL_BGR, GL_UNSIGNED_BYTE, one(), &[9, 8, 7], texels(GL_RGB8)).unwrap();
    assert_eq!(out, vec![7, 8, 9, 255]);
}

#[test]
fn depth_values_clamp_for_fixed_point_depth_only() {
    let src = floats(&[2.0]);
    let d24 = unpack(&tight(), GL_DEPTH_COMPONENT, GL_FLOAT, one(), &src, texels(GL_DEPTH_COMPONENT24)).unwrap();
    assert_eq!(read_floats(&d24), vec![1.0]);
    let d32f = unpack(&tight(), GL_DEPTH_COMPONENT, GL_FLOAT, one(), &src, texels(GL_DEPTH_COMPONENT32F)).unwrap();
    assert_eq!(read_floats(&d32f), vec![2.0]);
    // UNSIGNED_SHORT depth is unorm: 0x8000 / 65535.
    let d16 = unpack(
        &tight(),
        GL_DEPTH_COMPONENT,
        GL_UNSIGNED_SHORT,
        one(),
        &0x8000u16.to_ne_bytes(),
        texels(GL_DEPTH_COMPONENT16),
    )
    .unwrap();
    assert_eq!(read_floats(&d16), vec![(32768.0f64 / 65535.0) as f32]);
}

#[test]
fn packed_depth_stencil_goes_to_a_depth_plane_then_a_stencil_plane() {
    // UNSIGNED_INT_24_8: depth in the top 24 bits, stencil in the low 8.
    let words = [(0xFFFFFFu32 << 8) | 0x5A, (0x800000 << 8) | 0x01];
    let src: Vec<u8> = words.iter().flat_map(|w| w.to_ne_bytes()).collect();
    let out = unpack(
        &tight(),
        GL_DEPTH_STENCIL,
        GL_UNSIGNED_INT_24_8,
        Extent::new(2, 1, 1),
        &src,
        texels(GL_DEPTH24_STENCIL8),
    )
    .unwrap();
    assert_eq!(out.len(), 2 * 4 + 2);
    assert_eq!(read_floats(&out[..8]), vec![1.0, (8388608.0f64 / 16777215.0) as f32]);
    assert_eq!(&out[8..], &[0x5A, 0x01]);
    // And back out as FLOAT_32_UNSIGNED_INT_24_8_REV: f32 depth, then a word with stencil in its low 8 bits.
    let mut back = vec![0u8; 16];
    pack(
        &tight(),
        GL_DEPTH_STENCIL,
        GL_FLOAT_32_UNSIGNED_INT_24_8_REV,
        Extent::new(2, 1, 1),
        &out,
        texels(GL_DEPTH24_STENCIL8),
        &mut back,
    )
    .unwrap();
    assert_eq!(f32::from_ne_bytes(back[0..4].try_into().unwrap()), 1.0);
    assert_eq!(u32::from_ne_bytes(back[4..8].try_into().unwrap()), 0x5A);
    assert_eq!(u32::from_ne_bytes(back[12..16].try_into().unwrap()), 0x01);
    // Back as UNSIGNED_INT_24_8 reproduces the original words: round(d * (2^24 - 1)).
    let mut words_back = vec![0u8; 8];
    pack(
        &tight(),
        GL_DEPTH_STENCIL,
        GL_UNSIGNED_INT_24_8,
        Extent::new(2, 1, 1),
        &out,
        texels(GL_DEPTH24_STENCIL8),
        &mut words_back,
    )
    .unwrap();
    assert_eq!(words_back, src);
}

#[test]
fn depth_stencil_data_into_a_depth_only_format_keeps_the_depth() {
    let words = [(0xFFFFFFu32 << 8) | 0x5A, (0x800000 << 8) | 0x01];
    let src: Vec<u8> = words.iter().flat_map(|w| w.to_ne_bytes()).collect();
    let out = unpack(&tight(), GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, Extent::new(2, 1, 1), &src, texels(GL_DEPTH_COMPONENT24)).unwrap();
    assert_eq!(read_floats(&out), vec![1.0, (8388608.0f64 / 16777215.0) as f32]);
}

#[test]
fn stencil_index_moves_only_the_stencil_plane() {
    let out = unpack(
        &tight(),
        GL_STENCIL_INDEX,
        GL_UNSIGNED_BYTE,
        Extent::new(3, 1, 1),
        &[1, 2, 255],
        texels(GL_STENCIL_INDEX8),
    )
    .unwrap();
    assert_eq!(out, vec![1, 2, 255]);
    // Stencil read as FLOAT gives the index itself, not a normalised value.
    let mut back = vec![0u8; 12];
    pack(&tight(), GL_STENCIL_INDEX, GL_FLOAT, Extent::new(3, 1, 1), &out, texels(GL_STENCIL_INDEX8), &mut back)
        .unwrap();
    assert_eq!(read_floats(&back), vec![1.0, 2.0, 255.0]);
    // DEPTH_COMPONENT from a depth-stencil texture reads only the depth plane.
    let mut depth = vec![0u8; 4];
    pack(&tight(), GL_DEPTH_COMPONENT, GL_FLOAT, one(), &floats(&[0.25]), texels(GL_DEPTH24_STENCIL8), &mut depth)
        .unwrap();
    assert_eq!(read_floats(&depth), vec![0.25]);
}

#[test]
fn clamp_read_color_clamps_float_sources_only_when_asked() {
    let src = floats(&[2.0, -1.0, 0.5, 1.0]);
    let mut out = vec![0u8; 16];
    pack(&tight(), GL_RGBA, GL_FLOAT, one(), &src, texels(GL_RGBA32F), &mut out).unwrap();
    assert_eq!(read_floats(&out), vec![2.0, -1.0, 0.5, 1.0]);
    gl_formats::pack_clamped(&tight(), GL_RGBA, GL_FLOAT, one(), &src, texels(GL_RGBA32F), &mut out, true).unwrap();
    assert_eq!(read_floats(&out), vec![1.0, 0.0, 0.5, 1.0]);
    // Integer sources are never clamped.
    let ints: Vec<u8> = [300i32, -4, 0, 1].iter().flat_map(|v| v.to_ne_bytes()).collect();
    let mut back = vec![0u8; 16];
    gl_formats::pack_clamped(&tight(), GL_RGBA_INTEGER, GL_INT, one(), &ints, texels(GL_RGBA32I), &mut back, true)
        .unwrap();
    assert_eq!(back, ints);
}

#[test]
fn clamp_read_color_clamps_signed_normalised_sources_to_zero_one() {
    // RGBA8_SNORM texels: -127 (-1.0), 64 (~0.504), 127 (1.0), -64 (~-0.504).
    let src: Vec<u8> = [-127i8, 64, 127, -64].iter().map(|v| *v as u8).collect();
    let mut out = vec![0u8; 16];
    gl_formats::pack_clamped(&tight(), GL_RGBA, GL_FLOAT, one(), &src, texels(GL_RGBA8_SNORM), &mut out, false).unwrap();
    let unclamped = read_floats(&out);
    assert!(unclamped[0] == -1.0 && unclamped[3] < -0.5, "{unclamped:?}");
    gl_formats::pack_clamped(&tight(), GL_RGBA, GL_FLOAT, one(), &src, texels(GL_RGBA8_SNORM), &mut out, true).unwrap();
    let clamped = read_floats(&out);
    assert_eq!([clamped[0], clamped[2], clamped[3]], [0.0, 1.0, 0.0], "{clamped:?}");
    assert!((clamped[1] - 64.0 / 127.0).abs() < 1e-6, "{clamped:?}");
}

/// A format held in a wider fallback storage, as a device without its own format stores it.
fn in_storage(internal_format: u32, storage: gl_formats::StorageFormat) -> TexelFormat {
    TexelFormat { info: FormatInfo::lookup(internal_format).expect("format in table"), storage }
}

#[test]
fn a_wider_fallback_keeps_only_the_formats_own_bits() {
    // RGB5_A1 in RGBA8: each channel is round(c / 255 * (2^k - 1)) in k bits (GL 4.6 section
    // 2.3.5.2), stored as the nearest 8-bit value; alpha 125 is 0 in one bit, 130 is 1.
    let rgb5_a1 = in_storage(GL_RGB5_A1, gl_formats::StorageFormat::Rgba8Unorm);
    let out = unpack(&tight(), GL_RGBA, GL_UNSIGNED_BYTE, Extent::new(2, 1, 1), &[252, 128, 3, 125, 0, 255, 5, 130], rgb5_a1).unwrap();
    let five = |c: u32| ((c as f64 / 255.0 * 31.0).round() / 31.0 * 255.0).round() as u8;
    assert_eq!(out, vec![five(252), five(128), five(3), 0, 0, 255, five(5), 255]);
    assert_eq!((five(252), five(128), five(3), five(5)), (255, 132, 0, 8));
    // Float data and the format's own storage round the same way.
    let mut back = vec![0u8; 16];
    pack(&tight(), GL_RGBA, GL_FLOAT, one(), &out[..4], rgb5_a1, &mut back).unwrap();
    assert_eq!(read_floats(&back)[3], 0.0);
    let native = unpack(&tight(), GL_RGBA, GL_UNSIGNED_BYTE, one(), &[252, 128, 3, 125], texels(GL_RGB5_A1)).unwrap();
    assert_eq!(u16::from_ne_bytes([native[0], native[1]]) & 1, 0, "alpha bit of the native RGB5_A1 texel");
    // R16 in R32F keeps 16 bits: 0.3 is round(0.3 * 65535) / 65535.
    let r16 = in_storage(GL_R16, gl_formats::StorageFormat::R32Float);
    let out = unpack(&tight(), GL_RED, GL_FLOAT, one(), &floats(&[0.3]), r16).unwrap();
    assert_eq!(read_floats(&out), vec![((0.3f64 * 65535.0).round() / 65535.0) as f32]);
}
