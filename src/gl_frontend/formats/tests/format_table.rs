//! The format table: coverage, consistency with its storage, queries, fallbacks, and a
//! pack/unpack round trip through every uncompressed format's natural client pair.

use gl_formats::gl::*;
use gl_formats::{
    pack, read_format_and_type, storage_bytes, unpack, Api, BaseFormat, Comp, ComponentKind, Extent, FormatInfo,
    PixelStore, StorageFormat, TexelFormat,
};
use std::collections::HashSet;

const CORE: Api = Api::Core { major: 4, minor: 6 };
const COMPAT: Api = Api::Compat { major: 4, minor: 6 };
const ES32: Api = Api::Es { major: 3, minor: 2 };

#[test]
fn every_internal_format_appears_once() {
    let mut seen = HashSet::new();
    for f in FormatInfo::all() {
        assert!(seen.insert(f.internal_format), "{} twice", f.name);
    }
    for required in [
        GL_ALPHA,
        GL_LUMINANCE,
        GL_LUMINANCE_ALPHA,
        GL_INTENSITY,
        GL_ALPHA8,
        GL_LUMINANCE8_ALPHA8,
        GL_INTENSITY16,
        GL_R8,
        GL_RG16,
        GL_RGB8,
        GL_RGBA16,
        GL_R8_SNORM,
        GL_RGBA16_SNORM,
        GL_R16F,
        GL_RGB32F,
        GL_R8UI,
        GL_RGBA32I,
        GL_RGB565,
        GL_RGB5_A1,
        GL_RGBA4,
        GL_RGB10_A2,
        GL_RGB10_A2UI,
        GL_R11F_G11F_B10F,
        GL_RGB9_E5,
        GL_SRGB8,
        GL_SRGB8_ALPHA8,
        GL_BGRA8_EXT,
        GL_DEPTH_COMPONENT16,
        GL_DEPTH_COMPONENT24,
        GL_DEPTH_COMPONENT32,
        GL_DEPTH_COMPONENT32F,
        GL_DEPTH24_STENCIL8,
        GL_DEPTH32F_STENCIL8,
        GL_STENCIL_INDEX8,
        GL_COMPRESSED_RGBA_S3TC_DXT5_EXT,
        GL_COMPRESSED_RG_RGTC2,
        GL_COMPRESSED_RGBA_BPTC_UNORM,
        GL_COMPRESSED_RGBA8_ETC2_EAC,
        GL_COMPRESSED_RGBA_ASTC_4x4_KHR + 13,
    ] {
        assert!(FormatInfo::lookup(required).is_some(), "{required:#x} missing");
    }
    assert!(FormatInfo::lookup(0xDEAD).is_none());
    assert!(FormatInfo::lookup(GL_UNSIGNED_BYTE).is_none());
}

#[test]
fn rows_agree_with_their_storage() {
    for f in FormatInfo::all() {
        let s = f.storage;
        match f.base {
            BaseFormat::DepthComponent => assert!(s.has_depth() && !s.has_stencil(), "{}", f.name),
            BaseFormat::DepthStencil => assert!(s.has_depth() && s.has_stencil(), "{}", f.name),
            BaseFormat::StencilIndex => assert!(s == StorageFormat::S8Uint, "{}", f.name),
            _ => {
                assert!(s.channels() > 0, "{}", f.name);
                assert_eq!(s.is_integer(), f.is_integer(), "{}", f.name);
                // Every GL component the base has lands in a channel the storage has.
                let needed = f.store.iter().filter(|c| !matches!(c, Comp::Zero | Comp::One)).count();
                assert!(needed <= s.channels() as usize, "{} needs {needed} channels", f.name);
                assert_eq!(s.block().is_some(), f.block().is_some());
                if s.block().is_none() {
                    assert!(s.texel_bytes().is_some(), "{}", f.name);
                }
            }
        }
    }
}

#[test]
fn queries_report_sizes_and_types() {
    let rgba8 = FormatInfo::lookup(GL_RGBA8).unwrap();
    assert_eq!(rgba8.component_size(GL_TEXTURE_RED_SIZE), Some(8));
    assert_eq!(rgba8.component_type(GL_TEXTURE_ALPHA_TYPE), Some(GL_UNSIGNED_NORMALIZED));
    let d24s8 = FormatInfo::lookup(GL_DEPTH24_STENCIL8).unwrap();
    assert_eq!(d24s8.component_size(GL_TEXTURE_DEPTH_SIZE), Some(24));
    assert_eq!(d24s8.component_size(GL_TEXTURE_STENCIL_SIZE), Some(8));
    assert_eq!(FormatInfo::lookup(GL_RGB9_E5).unwrap().component_size(GL_TEXTURE_SHARED_SIZE), Some(5));
    assert_eq!(FormatInfo::lookup(GL_R32I).unwrap().component_type(GL_TEXTURE_RED_TYPE), Some(GL_INT));
    assert_eq!(FormatInfo::lookup(GL_RGBA).unwrap().reported_internal_format(), GL_RGBA);
    assert_eq!(FormatInfo::lookup(GL_RGBA16F).unwrap().reported_internal_format(), GL_RGBA16F);
    assert_eq!(
        FormatInfo::lookup(GL_COMPRESSED_RGBA_ASTC_4x4_KHR + 4).unwrap().block().map(|b| (b.width, b.height, b.bytes)),
        Some((6, 6, 16))
    );
    assert_eq!(FormatInfo::lookup(GL_COMPRESSED_RGBA_S3TC_DXT1_EXT).unwrap().block().map(|b| b.bytes), Some(8));
}

#[test]
fn renderability_and_filtering_follow_the_api() {
    let f = |e| FormatInfo::lookup(e).unwrap();
    assert!(f(GL_RGBA8).is_color_renderable(CORE));
    assert!(f(GL_RGBA16F).is_color_renderable(ES32));
    assert!(!f(GL_RGB16F).is_color_renderable(ES32));
    assert!(f(GL_RGB16F).is_color_renderable(CORE));
    assert!(!f(GL_RGB9_E5).is_color_renderable(CORE));
    assert!(!f(GL_RGBA8_SNORM).is_color_renderable(ES32));
    assert!(!f(GL_COMPRESSED_RGBA_S3TC_DXT5_EXT).is_color_renderable(CORE));
    assert!(f(GL_ALPHA8).is_color_renderable(COMPAT));
    assert!(!f(GL_DEPTH_COMPONENT24).is_color_renderable(CORE));
    assert!(f(GL_DEPTH24_STENCIL8).is_depth_renderable() && f(GL_DEPTH24_STENCIL8).is_stencil_renderable());
    assert!(!f(GL_RGBA8UI).is_filterable(CORE));
    assert!(f(GL_RGBA32F).is_filterable(CORE));
    assert!(!f(GL_RGBA32F).is_filterable(ES32));
    assert!(f(GL_RGBA16F).is_filterable(ES32));
}

#[test]
fn availability_by_version_profile_and_extension() {
    let none = |_: &str| false;
    let f = |e| FormatInfo::lookup(e).unwrap();
    assert!(f(GL_RGBA8).is_available(ES32, &none));
    assert!(!f(GL_LUMINANCE8).is_available(CORE, &none));
    assert!(f(GL_LUMINANCE8).is_available(COMPAT, &none));
    assert!(!f(GL_COMPRESSED_RGBA_S3TC_DXT5_EXT).is_available(CORE, &none));
    assert!(f(GL_COMPRESSED_RGBA_S3TC_DXT5_EXT).is_available(CORE, &|e: &str| e == "GL_EXT_texture_compression_s3tc"));
    assert!(f(GL_COMPRESSED_RGBA8_ETC2_EAC).is_available(Api::Core { major: 4, minor: 3 }, &none));
    assert!(!f(GL_COMPRESSED_RGBA8_ETC2_EAC).is_available(Api::Core { major: 4, minor: 2 }, &none));
    assert!(f(GL_R16).is_available(ES32, &|e: &str| e == "GL_EXT_texture_norm16"));
}

#[test]
fn fallbacks_pick_the_first_supported_storage() {
    let d24s8 = FormatInfo::lookup(GL_DEPTH24_STENCIL8).unwrap();
    let chosen = TexelFormat::choose(d24s8, &|s| s != StorageFormat::D24UnormS8Uint).unwrap();
    assert_eq!(chosen.storage, StorageFormat::D32FloatS8Uint);
    assert_eq!(TexelFormat::choose(d24s8, &|_| true).unwrap().storage, StorageFormat::D24UnormS8Uint);
    assert!(TexelFormat::choose(d24s8, &|_| false).is_none());
    let dxt5 = FormatInfo::lookup(GL_COMPRESSED_RGBA_S3TC_DXT5_EXT).unwrap();
    let decoded = TexelFormat::choose(dxt5, &|s| s.block().is_none()).unwrap();
    assert_eq!(decoded.storage, StorageFormat::Rgba8Unorm);
    assert!(decoded.needs_decompression());
    let e5 = FormatInfo::lookup(GL_RGB9_E5).unwrap();
    assert_eq!(
        TexelFormat::choose(e5, &|s| s == StorageFormat::Rgba16Float).unwrap().storage,
        StorageFormat::Rgba16Float
    );
}

#[test]
fn fallback_storage_keeps_the_gl_meaning() {
    // BGRA8 stored as RGBA8, LUMINANCE_ALPHA stored in RG8 but read back through RGBA: same client bytes.
    let store = PixelStore { alignment: 1, ..PixelStore::default() };
    let bgra = FormatInfo::lookup(GL_BGRA8_EXT).unwrap();
    let as_rgba = TexelFormat { info: bgra, storage: StorageFormat::Rgba8Unorm };
    let stored = unpack(&store, GL_BGRA, GL_UNSIGNED_BYTE, Extent::new(1, 1, 1), &[1, 2, 3, 4], as_rgba).unwrap();
    assert_eq!(stored, vec![3, 2, 1, 4]);
    // RGB565 in RGBA8: alpha forced to one, the channels rounded to 5, 6 and 5 bits
    // (9 -> 1/31, 8 -> 2/63, 7 -> 1/31, each the nearest 8-bit value then).
    let rgb565 = FormatInfo::lookup(GL_RGB565).unwrap();
    let wide = TexelFormat { info: rgb565, storage: StorageFormat::Rgba8Unorm };
    let stored = unpack(&store, GL_RGB, GL_UNSIGNED_BYTE, Extent::new(1, 1, 1), &[9, 8, 7], wide).unwrap();
    assert_eq!(stored, vec![8, 8, 8, 255]);
    // RGB9_E5 in RGBA16F: (1, 0.5, 0) as half floats with alpha 1.
    let e5 = FormatInfo::lookup(GL_RGB9_E5).unwrap();
    let half = TexelFormat { info: e5, storage: StorageFormat::Rgba16Float };
    let word = 256u32 | 128 << 9 | 16 << 27;
    let stored =
        unpack(&store, GL_RGB, GL_UNSIGNED_INT_5_9_9_9_REV, Extent::new(1, 1, 1), &word.to_ne_bytes(), half).unwrap();
    let halves: Vec<u16> = stored.chunks_exact(2).map(|c| u16::from_ne_bytes([c[0], c[1]])).collect();
    assert_eq!(halves, vec![0x3C00, 0x3800, 0, 0x3C00]);
}

/// A deterministic byte stream (xorshift), so failures reproduce.
fn noise(len: usize, seed: u32) -> Vec<u8> {
    let mut x = seed.max(1);
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            x as u8
        })
        .collect()
}

/// Replaces float texels that are NaN or infinite (which have no unique round trip) by zero.
fn sanitise(storage: StorageFormat, bytes: &mut [u8]) {
    use StorageFormat::*;
    match storage {
        R16Float | Rg16Float | Rgba16Float => {
            for c in bytes.chunks_exact_mut(2) {
                if u16::from_ne_bytes([c[0], c[1]]) & 0x7C00 == 0x7C00 {
                    c.fill(0);
                }
            }
        }
        R32Float | Rg32Float | Rgba32Float => {
            for c in bytes.chunks_exact_mut(4) {
                if !f32::from_ne_bytes(c.try_into().unwrap()).is_finite() {
                    c.fill(0);
                }
            }
        }
        Rg11B10Float => {
            for c in bytes.chunks_exact_mut(4) {
                // Exponents of 31 (inf/NaN) are cleared field by field.
                let mut w = u32::from_ne_bytes(c.try_into().unwrap());
                for (shift, man) in [(0, 6), (11, 6), (22, 5)] {
                    if (w >> (shift + man)) & 31 == 31 {
                        w &= !(31 << (shift + man));
                    }
                }
                c.copy_from_slice(&w.to_ne_bytes());
            }
        }
        _ => {}
    }
}

#[test]
fn every_uncompressed_colour_format_round_trips_through_its_natural_client_pair() {
    let extent = Extent::new(5, 3, 2);
    let store = PixelStore { alignment: 8, row_length: 7, skip_rows: 1, skip_pixels: 2, ..PixelStore::default() };
    for (i, info) in FormatInfo::all().iter().enumerate() {
        if !info.base.is_color() || info.block().is_some() {
            continue;
        }
        let texels = TexelFormat::native(info);
        let (format, ty) = read_format_and_type(info);
        // Legacy formats have no exact client pair of their own; read them through RGBA, whose
        // components they keep.
        let rgba = if info.is_integer() { GL_RGBA_INTEGER } else { GL_RGBA };
        let (format, ty) = if info.base.is_legacy() { (rgba, ty) } else { (format, ty) };
        let len = storage_bytes(format, texels, extent).unwrap_or_else(|e| panic!("{}: {e}", info.name));
        let mut original = noise(len, i as u32 + 1);
        sanitise(info.storage, &mut original);
        let size =
            gl_formats::image_size(&store, format, ty, extent).unwrap_or_else(|| panic!("{}: no size", info.name));
        let mut client = vec![0u8; size];
        pack(&store, format, ty, extent, &original, texels, &mut client)
            .unwrap_or_else(|e| panic!("{}: {e}", info.name));
        let stored = unpack(&store, format, ty, extent, &client, texels).unwrap();
        let mut again = vec![0u8; size];
        pack(&store, format, ty, extent, &stored, texels, &mut again).unwrap();
        assert_eq!(client, again, "{}: pack(unpack(pack(x))) differs from pack(x)", info.name);
        // Where every stored channel is GL-visible and the value has one encoding, storage itself
        // survives the trip.
        let all_visible =
            info.store[..info.storage.channels() as usize].iter().all(|c| !matches!(c, Comp::Zero | Comp::One));
        let unique = info.kind != ComponentKind::Snorm && info.storage != StorageFormat::Rgb9E5Float;
        if all_visible && unique && !info.base.is_legacy() {
            assert_eq!(stored, original, "{}: storage changed on a round trip", info.name);
        }
    }
}

#[test]
fn depth_formats_round_trip() {
    let extent = Extent::new(4, 2, 1);
    let store = PixelStore::default();
    for fmt in [GL_DEPTH_COMPONENT16, GL_DEPTH_COMPONENT24, GL_DEPTH_COMPONENT32F] {
        let texels = TexelFormat::native(FormatInfo::lookup(fmt).unwrap());
        let (format, ty) = read_format_and_type(texels.info);
        let values: Vec<u8> = (0..8).flat_map(|i| (i as f32 / 7.0).to_ne_bytes()).collect();
        let size = gl_formats::image_size(&store, format, ty, extent).unwrap();
        let mut client = vec![0u8; size];
        pack(&store, format, ty, extent, &values, texels, &mut client).unwrap();
        let stored = unpack(&store, format, ty, extent, &client, texels).unwrap();
        let mut again = vec![0u8; size];
        pack(&store, format, ty, extent, &stored, texels, &mut again).unwrap();
        assert_eq!(client, again, "{fmt:#x}");
    }
}

#[test]
fn compressed_sizes_count_whole_blocks() {
    let f = |e| FormatInfo::lookup(e).unwrap().block();
    // DXT1: 8 bytes per 4x4 block; a 5x5 image needs 2x2 blocks = 32 bytes.
    assert_eq!(gl_formats::compressed_image_size(f(GL_COMPRESSED_RGB_S3TC_DXT1_EXT), Extent::new(5, 5, 1)), Some(32));
    // BPTC: 16 bytes per block; 4x4x3 array = 3 blocks.
    assert_eq!(gl_formats::compressed_image_size(f(GL_COMPRESSED_RGBA_BPTC_UNORM), Extent::new(4, 4, 3)), Some(48));
    // ASTC 12x10: a 13x11 image is 2x2 blocks of 16 bytes.
    assert_eq!(
        gl_formats::compressed_image_size(f(GL_COMPRESSED_RGBA_ASTC_4x4_KHR + 12), Extent::new(13, 11, 1)),
        Some(64)
    );
    assert_eq!(gl_formats::compressed_image_size(f(GL_RGBA8), Extent::new(4, 4, 1)), None);
}

#[test]
fn unsized_formats_take_their_effective_size_from_the_type() {
    use gl_formats::effective_internal_format as eff;
    assert_eq!(eff(GL_RGBA, GL_FLOAT, ES32), GL_RGBA32F);
    assert_eq!(eff(GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, ES32), GL_RGBA4);
    assert_eq!(eff(GL_RGB, GL_UNSIGNED_SHORT_5_6_5, ES32), GL_RGB565);
    assert_eq!(eff(GL_LUMINANCE, GL_HALF_FLOAT_OES, ES32), GL_LUMINANCE16F_ARB);
    assert_eq!(eff(GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, ES32), GL_DEPTH_COMPONENT16);
    assert_eq!(eff(GL_RGBA8, GL_FLOAT, ES32), GL_RGBA8);
    assert_eq!(eff(GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, CORE), GL_RGB10_A2);
    assert_eq!(eff(GL_RGBA, GL_FLOAT, CORE), GL_RGBA);
}

#[test]
fn the_row_copy_path_matches_the_conversion_path() {
    // SWAP_BYTES has no effect on byte elements but turns the row copy off: both paths must agree.
    let extent = Extent::new(6, 4, 2);
    let copy = PixelStore {
        alignment: 8,
        row_length: 9,
        skip_pixels: 1,
        skip_rows: 2,
        image_height: 7,
        skip_images: 1,
        ..PixelStore::default()
    };
    let convert = PixelStore { swap_bytes: true, ..copy };
    for (internal, format) in [(GL_RGBA8, GL_RGBA), (GL_BGRA8_EXT, GL_BGRA), (GL_R8UI, GL_RED_INTEGER), (GL_RG8, GL_RG)]
    {
        let texels = TexelFormat::native(FormatInfo::lookup(internal).unwrap());
        let size = gl_formats::image_size(&copy, format, GL_UNSIGNED_BYTE, extent).unwrap();
        let client = noise(size, internal);
        let a = unpack(&copy, format, GL_UNSIGNED_BYTE, extent, &client, texels).unwrap();
        let b = unpack(&convert, format, GL_UNSIGNED_BYTE, extent, &client, texels).unwrap();
        assert_eq!(a, b, "{internal:#x} unpack");
        let mut pa = vec![0u8; size];
        let mut pb = vec![0u8; size];
        pack(&copy, format, GL_UNSIGNED_BYTE, extent, &a, texels, &mut pa).unwrap();
        pack(&convert, format, GL_UNSIGNED_BYTE, extent, &a, texels, &mut pb).unwrap();
        assert_eq!(pa, pb, "{internal:#x} pack");
    }
}

/// Clears client elements of float types that are NaN or infinite.
fn sanitise_client(ty: u32, bytes: &mut [u8]) {
    match ty {
        GL_FLOAT => {
            for c in bytes.chunks_exact_mut(4) {
                if !f32::from_ne_bytes(c.try_into().unwrap()).is_finite() {
                    c.fill(0);
                }
            }
        }
        GL_HALF_FLOAT => {
            for c in bytes.chunks_exact_mut(2) {
                if u16::from_ne_bytes([c[0], c[1]]) & 0x7C00 == 0x7C00 {
                    c.fill(0);
                }
            }
        }
        _ => {}
    }
}

fn swap_all(bytes: &mut [u8], element: usize) {
    for c in bytes.chunks_exact_mut(element) {
        c.reverse();
    }
}

#[test]
fn fast_paths_agree_with_the_exact_conversion_everywhere() {
    // SWAP_BYTES forces the exact per-value path; feeding it byte-swapped data must give what
    // the copy and shuffle paths give for the same pixels.
    let extent = Extent::new(3, 2, 2);
    let fast = PixelStore {
        alignment: 4,
        row_length: 5,
        skip_pixels: 1,
        skip_rows: 1,
        image_height: 3,
        ..PixelStore::default()
    };
    let exact = PixelStore { swap_bytes: true, ..fast };
    let colour_formats = [
        GL_RED,
        GL_GREEN,
        GL_BLUE,
        GL_ALPHA,
        GL_RG,
        GL_RGB,
        GL_BGR,
        GL_RGBA,
        GL_BGRA,
        GL_LUMINANCE,
        GL_LUMINANCE_ALPHA,
    ];
    let integer_formats = [
        GL_RED_INTEGER,
        GL_GREEN_INTEGER,
        GL_BLUE_INTEGER,
        GL_ALPHA_INTEGER,
        GL_RG_INTEGER,
        GL_RGB_INTEGER,
        GL_BGR_INTEGER,
        GL_RGBA_INTEGER,
        GL_BGRA_INTEGER,
        GL_LUMINANCE_INTEGER_EXT,
        GL_LUMINANCE_ALPHA_INTEGER_EXT,
    ];
    let types = [
        (GL_UNSIGNED_BYTE, 1),
        (GL_BYTE, 1),
        (GL_UNSIGNED_SHORT, 2),
        (GL_SHORT, 2),
        (GL_UNSIGNED_INT, 4),
        (GL_INT, 4),
        (GL_HALF_FLOAT, 2),
        (GL_FLOAT, 4),
    ];
    let mut checked = 0;
    for (k, info) in FormatInfo::all().iter().enumerate() {
        if !info.base.is_color() || info.block().is_some() {
            continue;
        }
        let texels = TexelFormat::native(info);
        let formats = if info.is_integer() { integer_formats } else { colour_formats };
        for format in formats {
            for (ty, element) in types {
                let Some(size) = gl_formats::image_size(&fast, format, ty, extent) else { continue };
                let mut client = noise(size, (k * 131 + format as usize + ty as usize) as u32);
                sanitise_client(ty, &mut client);
                let Ok(a) = unpack(&fast, format, ty, extent, &client, texels) else { continue };
                let mut swapped = client.clone();
                swap_all(&mut swapped, element);
                let b = unpack(&exact, format, ty, extent, &swapped, texels).unwrap();
                assert_eq!(a, b, "unpack {} from {format:#x}/{ty:#x}", info.name);

                let mut stored = noise(a.len(), k as u32 + 7);
                sanitise(info.storage, &mut stored);
                let mut pa = vec![0u8; size];
                let mut pb = vec![0u8; size];
                pack(&fast, format, ty, extent, &stored, texels, &mut pa).unwrap();
                pack(&exact, format, ty, extent, &stored, texels, &mut pb).unwrap();
                swap_all(&mut pb, element);
                assert_eq!(pa, pb, "pack {} to {format:#x}/{ty:#x}", info.name);
                checked += 1;
            }
        }
    }
    assert!(checked > 1000, "only {checked} combinations checked");
}

#[test]
fn internalformat_queries_answer_like_texture_queries() {
    let d32fs8 = FormatInfo::lookup(GL_DEPTH32F_STENCIL8).unwrap();
    assert_eq!(d32fs8.component_size(GL_INTERNALFORMAT_DEPTH_SIZE), Some(32));
    assert_eq!(d32fs8.component_type(GL_INTERNALFORMAT_DEPTH_TYPE), Some(GL_FLOAT));
    assert_eq!(d32fs8.component_type(GL_INTERNALFORMAT_STENCIL_TYPE), Some(GL_UNSIGNED_INT));
    assert_eq!(d32fs8.component_type(GL_INTERNALFORMAT_RED_TYPE), Some(GL_NONE));
    let rgb565 = FormatInfo::lookup(GL_RGB565).unwrap();
    assert_eq!(rgb565.component_size(GL_RENDERBUFFER_GREEN_SIZE), Some(6));
    assert_eq!(rgb565.component_size(GL_INTERNALFORMAT_ALPHA_SIZE), Some(0));
    assert_eq!(rgb565.component_size(GL_TEXTURE_RED_TYPE), None);
}

#[test]
fn astc_and_etc1_take_blocks_only() {
    for format in [GL_COMPRESSED_RGBA_ASTC_4x4_KHR, GL_COMPRESSED_SRGB8_ALPHA8_ASTC_4x4_KHR + 13, GL_ETC1_RGB8_OES] {
        assert!(FormatInfo::lookup(format).unwrap().blocks_only(), "0x{format:04X}");
    }
    // Formats galvan encodes on upload, and uncompressed ones, take texels too.
    for format in [GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, GL_COMPRESSED_RG_RGTC2, GL_COMPRESSED_RGBA_BPTC_UNORM, GL_COMPRESSED_LUMINANCE_LATC1_EXT, GL_RGBA8] {
        assert!(!FormatInfo::lookup(format).unwrap().blocks_only(), "0x{format:04X}");
    }
}
