//! ALPHA, LUMINANCE, LUMINANCE_ALPHA and INTENSITY: LUMINANCE and INTENSITY stored in R,
//! formats with alpha in RGBA with alpha last (so they blend and mask as GL's), each read
//! through a swizzle and back by GL's component mapping (luminance to red, luminance sums
//! R + G + B).

use gl_formats::gl::*;
use gl_formats::{pack, pack_from, unpack, Extent, FormatInfo, PackSource, PixelStore, Swizzle, TexelFormat};

fn texels(internal_format: u32) -> TexelFormat {
    TexelFormat::native(FormatInfo::lookup(internal_format).unwrap())
}

fn tight() -> PixelStore {
    PixelStore { alignment: 1, ..PixelStore::default() }
}

fn one() -> Extent {
    Extent::new(1, 1, 1)
}

#[test]
fn storage_and_swizzles() {
    use Swizzle::*;
    let la = FormatInfo::lookup(GL_LUMINANCE8_ALPHA8).unwrap();
    assert_eq!(la.storage, gl_formats::StorageFormat::Rgba8Unorm);
    assert_eq!(la.sample_swizzle(), [R, R, R, A]);
    let a = FormatInfo::lookup(GL_ALPHA8).unwrap();
    assert_eq!(a.storage, gl_formats::StorageFormat::Rgba8Unorm);
    assert_eq!(a.sample_swizzle(), [Zero, Zero, Zero, A]);
    assert_eq!(FormatInfo::lookup(GL_LUMINANCE8).unwrap().storage, gl_formats::StorageFormat::R8Unorm);
    assert_eq!(FormatInfo::lookup(GL_INTENSITY8).unwrap().sample_swizzle(), [R, R, R, R]);
    assert_eq!(FormatInfo::lookup(GL_LUMINANCE).unwrap().sample_swizzle(), [R, R, R, One]);
    assert_eq!(FormatInfo::lookup(GL_RGB8).unwrap().sample_swizzle(), [R, G, B, One]);
    assert_eq!(FormatInfo::lookup(GL_RGBA8).unwrap().sample_swizzle(), [R, G, B, A]);
}

#[test]
fn uploads_take_the_components_the_base_format_keeps() {
    // LUMINANCE_ALPHA data into LUMINANCE8_ALPHA8: stored as (L, 0, 0, A).
    let out = unpack(&tight(), GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE, one(), &[200, 100], texels(GL_LUMINANCE8_ALPHA8))
        .unwrap();
    assert_eq!(out, vec![200, 0, 0, 100]);
    // RGBA data into ALPHA8 keeps only alpha; into LUMINANCE8 keeps red as L; into INTENSITY8 red as I.
    let rgba = [10, 20, 30, 40];
    assert_eq!(unpack(&tight(), GL_RGBA, GL_UNSIGNED_BYTE, one(), &rgba, texels(GL_ALPHA8)).unwrap(), vec![0, 0, 0, 40]);
    assert_eq!(unpack(&tight(), GL_RGBA, GL_UNSIGNED_BYTE, one(), &rgba, texels(GL_LUMINANCE8)).unwrap(), vec![10]);
    assert_eq!(unpack(&tight(), GL_RGBA, GL_UNSIGNED_BYTE, one(), &rgba, texels(GL_INTENSITY8)).unwrap(), vec![10]);
    // LUMINANCE data into RGBA8 replicates L into R, G and B.
    assert_eq!(
        unpack(&tight(), GL_LUMINANCE, GL_UNSIGNED_BYTE, one(), &[90], texels(GL_RGBA8)).unwrap(),
        vec![90, 90, 90, 255]
    );
}

#[test]
fn reading_back_maps_luminance_to_red() {
    let mut out = [0u8; 4];
    pack(&tight(), GL_RGBA, GL_UNSIGNED_BYTE, one(), &[200, 0, 0, 100], texels(GL_LUMINANCE8_ALPHA8), &mut out).unwrap();
    assert_eq!(out, [200, 0, 0, 100]);
    pack(&tight(), GL_RGBA, GL_UNSIGNED_BYTE, one(), &[0, 0, 0, 40], texels(GL_ALPHA8), &mut out).unwrap();
    assert_eq!(out, [0, 0, 0, 40]);
    pack(&tight(), GL_RGBA, GL_UNSIGNED_BYTE, one(), &[70], texels(GL_INTENSITY8), &mut out).unwrap();
    assert_eq!(out, [70, 0, 0, 255]);
    // A luminance texture read as LUMINANCE returns L itself (R + 0 + 0).
    let mut l = [0u8; 1];
    pack(&tight(), GL_LUMINANCE, GL_UNSIGNED_BYTE, one(), &[123], texels(GL_LUMINANCE8), &mut l).unwrap();
    assert_eq!(l, [123]);
}

#[test]
fn luminance_of_rgba_is_the_clamped_sum() {
    // (0.2, 0.2, 0.2) sums to 0.6 -> round(0.6 * 255) = 153; (0.5, 0.5, 0.5) sums to 1.5, clamped to 1.
    let mut out = [0u8; 4];
    pack(
        &tight(),
        GL_LUMINANCE_ALPHA,
        GL_UNSIGNED_BYTE,
        Extent::new(2, 1, 1),
        &[51, 51, 51, 9, 128, 128, 128, 7],
        texels(GL_RGBA8),
        &mut out,
    )
    .unwrap();
    assert_eq!(out, [153, 9, 255, 7]);
    // A float source is not clamped: (1, 2, 3) reads 6.0 as FLOAT.
    let src: Vec<u8> = [1.0f32, 2.0, 3.0, 1.0].iter().flat_map(|f| f.to_ne_bytes()).collect();
    let mut f = [0u8; 4];
    pack(&tight(), GL_LUMINANCE, GL_FLOAT, one(), &src, texels(GL_RGBA32F), &mut f).unwrap();
    assert_eq!(f32::from_ne_bytes(f), 6.0);
}

#[test]
fn luminance_of_an_rgba_texture_is_its_red() {
    let mut out = [0u8; 2];
    let src = [128, 64, 32, 9];
    pack_from(&tight(), GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE, one(), &src, texels(GL_RGBA8), &mut out, PackSource::Texture).unwrap();
    assert_eq!(out, [128, 9]);
    // The same texel read from a framebuffer sums its colour.
    pack_from(&tight(), GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE, one(), &src, texels(GL_RGBA8), &mut out, PackSource::Framebuffer { clamp_color: false }).unwrap();
    assert_eq!(out, [224, 9]);
}

#[test]
fn legacy_sizes_report_their_storage() {
    let a12 = FormatInfo::lookup(GL_ALPHA12).unwrap();
    assert_eq!(a12.component_size(GL_TEXTURE_ALPHA_SIZE), Some(16));
    assert_eq!(a12.component_size(GL_TEXTURE_RED_SIZE), Some(0));
    let l8 = FormatInfo::lookup(GL_LUMINANCE8).unwrap();
    assert_eq!(l8.component_size(GL_TEXTURE_LUMINANCE_SIZE), Some(8));
    assert_eq!(l8.component_type(GL_TEXTURE_LUMINANCE_TYPE), Some(GL_UNSIGNED_NORMALIZED));
    assert_eq!(l8.component_type(GL_TEXTURE_RED_TYPE), Some(GL_NONE));
}

#[test]
fn legacy_integer_formats_keep_integers() {
    // LUMINANCE_ALPHA_INTEGER data into LUMINANCE_ALPHA16I: stored in RGBA16I unnormalised.
    let src: Vec<u8> = [-300i16, 7].iter().flat_map(|v| v.to_ne_bytes()).collect();
    let out =
        unpack(&tight(), GL_LUMINANCE_ALPHA_INTEGER_EXT, GL_SHORT, one(), &src, texels(GL_LUMINANCE_ALPHA16I_EXT))
            .unwrap();
    let stored: Vec<u8> = [-300i16, 0, 0, 7].iter().flat_map(|v| v.to_ne_bytes()).collect();
    assert_eq!(out, stored);
    // Read back as RGBA_INTEGER: (L, 0, 0, A).
    let mut back = [0u8; 16];
    pack(&tight(), GL_RGBA_INTEGER, GL_INT, one(), &out, texels(GL_LUMINANCE_ALPHA16I_EXT), &mut back).unwrap();
    let vals: Vec<i32> = back.chunks_exact(4).map(|c| i32::from_ne_bytes(c.try_into().unwrap())).collect();
    assert_eq!(vals, vec![-300, 0, 0, 7]);
    // ALPHA8UI: alpha only, the rest reads (0, 0, 0).
    let out =
        unpack(&tight(), GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, one(), &[1, 2, 3, 4], texels(GL_ALPHA8UI_EXT)).unwrap();
    assert_eq!(out, vec![0, 0, 0, 4]);
    assert_eq!(
        FormatInfo::lookup(GL_ALPHA8UI_EXT).unwrap().sample_swizzle(),
        [Swizzle::Zero, Swizzle::Zero, Swizzle::Zero, Swizzle::A]
    );
}
