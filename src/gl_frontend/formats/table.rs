//! The format table: one row per GL internal format. Reported bits are those of the storage
//! galvan picks (ALPHA12 is stored in 16 bits and says so), as the specification asks.

use crate::gl::*;
use crate::info::{Availability, BaseFormat, Comp, ComponentBits, ComponentKind, FormatInfo};
use crate::storage::StorageFormat as S;
use ComponentKind::{Float, Sint, Snorm, Uint, Unorm};

const fn avail(
    gl: Option<(u8, u8)>,
    compat_only: bool,
    es: Option<(u8, u8)>,
    extensions: &'static [&'static str],
) -> Availability {
    Availability { gl, compat_only, es, extensions }
}

const GL11_ES20: Availability = avail(Some((1, 1)), false, Some((2, 0)), &[]);
const GL11_ES30: Availability = avail(Some((1, 1)), false, Some((3, 0)), &[]);
const GL11: Availability = avail(Some((1, 1)), false, None, &[]);
const NORM16: Availability = avail(Some((1, 1)), false, None, &["GL_EXT_texture_norm16"]);
const RG_NORM16: Availability = avail(Some((3, 0)), false, None, &["GL_EXT_texture_norm16"]);
const GL30_ES30: Availability = avail(Some((3, 0)), false, Some((3, 0)), &[]);
const GL30: Availability = avail(Some((3, 0)), false, None, &[]);
const GL31_ES30: Availability = avail(Some((3, 1)), false, Some((3, 0)), &[]);
const SNORM16: Availability = avail(Some((3, 1)), false, None, &["GL_EXT_texture_norm16"]);
const GL31: Availability = avail(Some((3, 1)), false, None, &[]);
const LEGACY: Availability = avail(Some((1, 1)), true, None, &[]);
const LEGACY_ES20: Availability = avail(Some((1, 1)), true, Some((2, 0)), &[]);
const LEGACY_FLOAT: Availability = avail(Some((3, 0)), true, None, &["GL_ARB_texture_float"]);
const LEGACY_SNORM: Availability = avail(Some((3, 1)), true, None, &[]);
const LEGACY_INTEGER: Availability = avail(Some((3, 0)), true, None, &["GL_EXT_texture_integer"]);
const LEGACY_SRGB: Availability = avail(Some((2, 1)), true, None, &[]);
const SRGB_GL21_ES30: Availability = avail(Some((2, 1)), false, Some((3, 0)), &[]);
const SRGB_GL21: Availability = avail(Some((2, 1)), false, None, &["GL_EXT_sRGB"]);
const DEPTH_GL14_ES20: Availability = avail(Some((1, 4)), false, Some((2, 0)), &[]);
const DEPTH_GL14_ES30: Availability = avail(Some((1, 4)), false, Some((3, 0)), &[]);
const DEPTH_GL14: Availability = avail(Some((1, 4)), false, None, &[]);
const S3TC: Availability = avail(None, false, None, &["GL_EXT_texture_compression_s3tc"]);
const S3TC_SRGB: Availability =
    avail(None, false, None, &["GL_EXT_texture_sRGB", "GL_EXT_texture_compression_s3tc_srgb"]);
const RGTC: Availability = avail(Some((3, 0)), false, None, &["GL_EXT_texture_compression_rgtc"]);
const LATC: Availability = avail(None, true, None, &["GL_EXT_texture_compression_latc"]);
const ATI_3DC: Availability = avail(None, true, None, &["GL_ATI_texture_compression_3dc"]);
const BPTC: Availability =
    avail(Some((4, 2)), false, None, &["GL_ARB_texture_compression_bptc", "GL_EXT_texture_compression_bptc"]);
const ETC2: Availability = avail(Some((4, 3)), false, Some((3, 0)), &["GL_ARB_ES3_compatibility"]);
const ETC1: Availability = avail(None, false, None, &["GL_OES_compressed_ETC1_RGB8_texture"]);
const ASTC: Availability = avail(None, false, Some((3, 2)), &["GL_KHR_texture_compression_astc_ldr"]);
const GENERIC_COMPRESSED: Availability = avail(Some((1, 3)), false, None, &[]);
const GENERIC_COMPRESSED_LEGACY: Availability = avail(Some((1, 3)), true, None, &[]);
const GENERIC_COMPRESSED_RG: Availability = avail(Some((3, 0)), false, None, &[]);

// One argument per column of the table, in column order.
#[allow(clippy::too_many_arguments)]
const fn row(
    internal_format: u32,
    name: &'static str,
    base: BaseFormat,
    kind: ComponentKind,
    bits: ComponentBits,
    storage: S,
    store: [Comp; 4],
    availability: Availability,
) -> FormatInfo {
    FormatInfo { internal_format, name, base, sized: true, kind, bits, srgb: false, storage, store, availability }
}

const fn zero_bits() -> ComponentBits {
    ComponentBits { red: 0, green: 0, blue: 0, alpha: 0, luminance: 0, intensity: 0, depth: 0, stencil: 0, shared: 0 }
}

/// A red/RG/RGB/RGBA format; the base follows from which components have bits.
const fn color(
    f: u32,
    name: &'static str,
    kind: ComponentKind,
    rgba: [u8; 4],
    storage: S,
    a: Availability,
) -> FormatInfo {
    let mut bits = zero_bits();
    bits.red = rgba[0];
    bits.green = rgba[1];
    bits.blue = rgba[2];
    bits.alpha = rgba[3];
    let (base, store) = if rgba[3] > 0 {
        (BaseFormat::Rgba, [Comp::R, Comp::G, Comp::B, Comp::A])
    } else if rgba[2] > 0 {
        (BaseFormat::Rgb, [Comp::R, Comp::G, Comp::B, Comp::One])
    } else if rgba[1] > 0 {
        (BaseFormat::Rg, [Comp::R, Comp::G, Comp::Zero, Comp::One])
    } else {
        (BaseFormat::Red, [Comp::R, Comp::Zero, Comp::Zero, Comp::One])
    };
    row(f, name, base, kind, bits, storage, store, a)
}

/// The four-channel storage that holds a format with alpha in its last channel: Vulkan blends,
/// masks and clears alpha only there, and `DST_ALPHA` reads 1 from formats without one, so
/// ALPHA and LUMINANCE_ALPHA are stored as RGBA (unused channels zero) to render like GL.
const fn with_alpha_channel(storage: S) -> S {
    match storage {
        S::R8Unorm | S::Rg8Unorm => S::Rgba8Unorm,
        S::R8Snorm | S::Rg8Snorm => S::Rgba8Snorm,
        S::R8Srgb | S::Rg8Srgb => S::Rgba8Srgb,
        S::R8Uint | S::Rg8Uint => S::Rgba8Uint,
        S::R8Sint | S::Rg8Sint => S::Rgba8Sint,
        S::R16Unorm | S::Rg16Unorm => S::Rgba16Unorm,
        S::R16Snorm | S::Rg16Snorm => S::Rgba16Snorm,
        S::R16Float | S::Rg16Float => S::Rgba16Float,
        S::R16Uint | S::Rg16Uint => S::Rgba16Uint,
        S::R16Sint | S::Rg16Sint => S::Rgba16Sint,
        S::R32Float | S::Rg32Float => S::Rgba32Float,
        S::R32Uint | S::Rg32Uint => S::Rgba32Uint,
        S::R32Sint | S::Rg32Sint => S::Rgba32Sint,
        other => other,
    }
}

/// An ALPHA format, `storage` naming its channel size (see [`with_alpha_channel`]).
const fn alpha(f: u32, name: &'static str, kind: ComponentKind, n: u8, storage: S, a: Availability) -> FormatInfo {
    let mut bits = zero_bits();
    bits.alpha = n;
    row(f, name, BaseFormat::Alpha, kind, bits, with_alpha_channel(storage), [Comp::Zero, Comp::Zero, Comp::Zero, Comp::A], a)
}

const fn luminance(f: u32, name: &'static str, kind: ComponentKind, n: u8, storage: S, a: Availability) -> FormatInfo {
    let mut bits = zero_bits();
    bits.luminance = n;
    row(f, name, BaseFormat::Luminance, kind, bits, storage, [Comp::L, Comp::Zero, Comp::Zero, Comp::One], a)
}

/// A LUMINANCE_ALPHA format: luminance in red, alpha in the last channel (see
/// [`with_alpha_channel`]).
const fn luminance_alpha(
    f: u32,
    name: &'static str,
    kind: ComponentKind,
    l: u8,
    al: u8,
    storage: S,
    a: Availability,
) -> FormatInfo {
    let mut bits = zero_bits();
    bits.luminance = l;
    bits.alpha = al;
    row(f, name, BaseFormat::LuminanceAlpha, kind, bits, with_alpha_channel(storage), [Comp::L, Comp::Zero, Comp::Zero, Comp::A], a)
}

const fn intensity(f: u32, name: &'static str, kind: ComponentKind, n: u8, storage: S, a: Availability) -> FormatInfo {
    let mut bits = zero_bits();
    bits.intensity = n;
    row(f, name, BaseFormat::Intensity, kind, bits, storage, [Comp::I, Comp::Zero, Comp::Zero, Comp::One], a)
}

const fn depth(
    f: u32,
    name: &'static str,
    kind: ComponentKind,
    d: u8,
    s: u8,
    storage: S,
    a: Availability,
) -> FormatInfo {
    let mut bits = zero_bits();
    bits.depth = d;
    bits.stencil = s;
    let base = match (d > 0, s > 0) {
        (true, true) => BaseFormat::DepthStencil,
        (true, false) => BaseFormat::DepthComponent,
        _ => BaseFormat::StencilIndex,
    };
    row(f, name, base, kind, bits, storage, [Comp::R, Comp::Zero, Comp::Zero, Comp::One], a)
}

impl FormatInfo {
    const fn unsized_(mut self) -> FormatInfo {
        self.sized = false;
        self
    }

    const fn srgb_(mut self) -> FormatInfo {
        self.srgb = true;
        self
    }

    const fn shared_(mut self, n: u8) -> FormatInfo {
        self.bits.shared = n;
        self
    }
}

const fn compressed(
    f: u32,
    name: &'static str,
    kind: ComponentKind,
    rgba: [u8; 4],
    storage: S,
    a: Availability,
) -> FormatInfo {
    color(f, name, kind, rgba, storage, a)
}

/// A luminance or luminance-alpha format in RGTC blocks (LATC, 3DC): luminance in the
/// first channel, alpha in the second, so the blocks are BC4 / BC5 read through a swizzle.
const fn luminance_rgtc(f: u32, name: &'static str, kind: ComponentKind, alpha: bool, storage: S, a: Availability) -> FormatInfo {
    let mut bits = zero_bits();
    bits.luminance = 8;
    if alpha {
        bits.alpha = 8;
        row(f, name, BaseFormat::LuminanceAlpha, kind, bits, storage, [Comp::L, Comp::A, Comp::Zero, Comp::Zero], a)
    } else {
        row(f, name, BaseFormat::Luminance, kind, bits, storage, [Comp::L, Comp::Zero, Comp::Zero, Comp::One], a)
    }
}

const fn astc(i: u32, block_width: u8, block_height: u8, srgb: bool, name: &'static str) -> FormatInfo {
    let first = if srgb { GL_COMPRESSED_SRGB8_ALPHA8_ASTC_4x4_KHR } else { GL_COMPRESSED_RGBA_ASTC_4x4_KHR };
    let f = color(first + i, name, Unorm, [8, 8, 8, 8], S::Astc { block_width, block_height, srgb }, ASTC);
    if srgb {
        f.srgb_()
    } else {
        f
    }
}

#[rustfmt::skip]
pub(crate) static FORMATS: &[FormatInfo] = &[
    // Unsized colour formats.
    color(GL_RGBA, "GL_RGBA", Unorm, [8, 8, 8, 8], S::Rgba8Unorm, GL11_ES20).unsized_(),
    color(GL_RGB, "GL_RGB", Unorm, [8, 8, 8, 0], S::Rgba8Unorm, GL11_ES20).unsized_(),
    color(GL_RG, "GL_RG", Unorm, [8, 8, 0, 0], S::Rg8Unorm, avail(Some((3, 0)), false, None, &["GL_EXT_texture_rg"])).unsized_(),
    color(GL_RED, "GL_RED", Unorm, [8, 0, 0, 0], S::R8Unorm, avail(Some((3, 0)), false, None, &["GL_EXT_texture_rg"])).unsized_(),
    color(GL_BGRA, "GL_BGRA", Unorm, [8, 8, 8, 8], S::Bgra8Unorm, avail(None, false, None, &["GL_EXT_texture_format_BGRA8888"])).unsized_(),
    color(4, "4", Unorm, [8, 8, 8, 8], S::Rgba8Unorm, LEGACY).unsized_(),
    color(3, "3", Unorm, [8, 8, 8, 0], S::Rgba8Unorm, LEGACY).unsized_(),
    color(GL_RGBA_SNORM, "GL_RGBA_SNORM", Snorm, [8, 8, 8, 8], S::Rgba8Snorm, GL31).unsized_(),
    color(GL_RGB_SNORM, "GL_RGB_SNORM", Snorm, [8, 8, 8, 0], S::Rgba8Snorm, GL31).unsized_(),
    color(GL_RG_SNORM, "GL_RG_SNORM", Snorm, [8, 8, 0, 0], S::Rg8Snorm, GL31).unsized_(),
    color(GL_RED_SNORM, "GL_RED_SNORM", Snorm, [8, 0, 0, 0], S::R8Snorm, GL31).unsized_(),
    color(GL_SRGB, "GL_SRGB", Unorm, [8, 8, 8, 0], S::Rgba8Srgb, SRGB_GL21).unsized_().srgb_(),
    color(GL_SRGB_ALPHA, "GL_SRGB_ALPHA", Unorm, [8, 8, 8, 8], S::Rgba8Srgb, SRGB_GL21).unsized_().srgb_(),
    // Legacy unsized formats.
    alpha(GL_ALPHA, "GL_ALPHA", Unorm, 8, S::R8Unorm, LEGACY_ES20).unsized_(),
    luminance(GL_LUMINANCE, "GL_LUMINANCE", Unorm, 8, S::R8Unorm, LEGACY_ES20).unsized_(),
    luminance(1, "1", Unorm, 8, S::R8Unorm, LEGACY).unsized_(),
    luminance_alpha(GL_LUMINANCE_ALPHA, "GL_LUMINANCE_ALPHA", Unorm, 8, 8, S::Rg8Unorm, LEGACY_ES20).unsized_(),
    luminance_alpha(2, "2", Unorm, 8, 8, S::Rg8Unorm, LEGACY).unsized_(),
    intensity(GL_INTENSITY, "GL_INTENSITY", Unorm, 8, S::R8Unorm, LEGACY).unsized_(),
    luminance(GL_SLUMINANCE, "GL_SLUMINANCE", Unorm, 8, S::R8Srgb, LEGACY_SRGB).unsized_().srgb_(),
    luminance_alpha(GL_SLUMINANCE_ALPHA, "GL_SLUMINANCE_ALPHA", Unorm, 8, 8, S::Rg8Srgb, LEGACY_SRGB).unsized_().srgb_(),
    // Sized unsigned normalised formats.
    color(GL_R8, "GL_R8", Unorm, [8, 0, 0, 0], S::R8Unorm, GL30_ES30),
    color(GL_RG8, "GL_RG8", Unorm, [8, 8, 0, 0], S::Rg8Unorm, GL30_ES30),
    color(GL_RGB8, "GL_RGB8", Unorm, [8, 8, 8, 0], S::Rgba8Unorm, GL11_ES30),
    color(GL_RGBA8, "GL_RGBA8", Unorm, [8, 8, 8, 8], S::Rgba8Unorm, GL11_ES30),
    color(GL_BGRA8_EXT, "GL_BGRA8_EXT", Unorm, [8, 8, 8, 8], S::Bgra8Unorm, avail(None, false, None, &["GL_EXT_texture_format_BGRA8888", "GL_EXT_texture_storage"])),
    color(GL_R16, "GL_R16", Unorm, [16, 0, 0, 0], S::R16Unorm, RG_NORM16),
    color(GL_RG16, "GL_RG16", Unorm, [16, 16, 0, 0], S::Rg16Unorm, RG_NORM16),
    color(GL_RGB16, "GL_RGB16", Unorm, [16, 16, 16, 0], S::Rgba16Unorm, NORM16),
    color(GL_RGBA16, "GL_RGBA16", Unorm, [16, 16, 16, 16], S::Rgba16Unorm, NORM16),
    color(GL_R3_G3_B2, "GL_R3_G3_B2", Unorm, [8, 8, 8, 0], S::Rgba8Unorm, GL11),
    color(GL_RGB4, "GL_RGB4", Unorm, [5, 6, 5, 0], S::R5G6B5Unorm, GL11),
    color(GL_RGB5, "GL_RGB5", Unorm, [5, 6, 5, 0], S::R5G6B5Unorm, GL11),
    color(GL_RGB565, "GL_RGB565", Unorm, [5, 6, 5, 0], S::R5G6B5Unorm, avail(Some((4, 1)), false, Some((2, 0)), &["GL_ARB_ES2_compatibility"])),
    color(GL_RGB10, "GL_RGB10", Unorm, [10, 10, 10, 0], S::Rgb10A2Unorm, GL11),
    color(GL_RGB12, "GL_RGB12", Unorm, [16, 16, 16, 0], S::Rgba16Unorm, GL11),
    color(GL_RGBA2, "GL_RGBA2", Unorm, [4, 4, 4, 4], S::Rgba4Unorm, GL11),
    color(GL_RGBA4, "GL_RGBA4", Unorm, [4, 4, 4, 4], S::Rgba4Unorm, GL11_ES20),
    color(GL_RGB5_A1, "GL_RGB5_A1", Unorm, [5, 5, 5, 1], S::Rgb5A1Unorm, GL11_ES20),
    color(GL_RGB10_A2, "GL_RGB10_A2", Unorm, [10, 10, 10, 2], S::Rgb10A2Unorm, GL11_ES30),
    color(GL_RGBA12, "GL_RGBA12", Unorm, [16, 16, 16, 16], S::Rgba16Unorm, GL11),
    color(GL_SRGB8, "GL_SRGB8", Unorm, [8, 8, 8, 0], S::Rgba8Srgb, SRGB_GL21_ES30).srgb_(),
    color(GL_SRGB8_ALPHA8, "GL_SRGB8_ALPHA8", Unorm, [8, 8, 8, 8], S::Rgba8Srgb, SRGB_GL21_ES30).srgb_(),
    color(GL_SR8_EXT, "GL_SR8_EXT", Unorm, [8, 0, 0, 0], S::R8Srgb, avail(None, false, None, &["GL_EXT_texture_sRGB_R8"])).srgb_(),
    color(GL_SRG8_EXT, "GL_SRG8_EXT", Unorm, [8, 8, 0, 0], S::Rg8Srgb, avail(None, false, None, &["GL_EXT_texture_sRGB_RG8"])).srgb_(),
    // Signed normalised formats.
    color(GL_R8_SNORM, "GL_R8_SNORM", Snorm, [8, 0, 0, 0], S::R8Snorm, GL31_ES30),
    color(GL_RG8_SNORM, "GL_RG8_SNORM", Snorm, [8, 8, 0, 0], S::Rg8Snorm, GL31_ES30),
    color(GL_RGB8_SNORM, "GL_RGB8_SNORM", Snorm, [8, 8, 8, 0], S::Rgba8Snorm, GL31_ES30),
    color(GL_RGBA8_SNORM, "GL_RGBA8_SNORM", Snorm, [8, 8, 8, 8], S::Rgba8Snorm, GL31_ES30),
    color(GL_R16_SNORM, "GL_R16_SNORM", Snorm, [16, 0, 0, 0], S::R16Snorm, SNORM16),
    color(GL_RG16_SNORM, "GL_RG16_SNORM", Snorm, [16, 16, 0, 0], S::Rg16Snorm, SNORM16),
    color(GL_RGB16_SNORM, "GL_RGB16_SNORM", Snorm, [16, 16, 16, 0], S::Rgba16Snorm, SNORM16),
    color(GL_RGBA16_SNORM, "GL_RGBA16_SNORM", Snorm, [16, 16, 16, 16], S::Rgba16Snorm, SNORM16),
    // Float formats.
    color(GL_R16F, "GL_R16F", Float, [16, 0, 0, 0], S::R16Float, GL30_ES30),
    color(GL_RG16F, "GL_RG16F", Float, [16, 16, 0, 0], S::Rg16Float, GL30_ES30),
    color(GL_RGB16F, "GL_RGB16F", Float, [16, 16, 16, 0], S::Rgba16Float, GL30_ES30),
    color(GL_RGBA16F, "GL_RGBA16F", Float, [16, 16, 16, 16], S::Rgba16Float, GL30_ES30),
    color(GL_R32F, "GL_R32F", Float, [32, 0, 0, 0], S::R32Float, GL30_ES30),
    color(GL_RG32F, "GL_RG32F", Float, [32, 32, 0, 0], S::Rg32Float, GL30_ES30),
    color(GL_RGB32F, "GL_RGB32F", Float, [32, 32, 32, 0], S::Rgba32Float, GL30_ES30),
    color(GL_RGBA32F, "GL_RGBA32F", Float, [32, 32, 32, 32], S::Rgba32Float, GL30_ES30),
    color(GL_R11F_G11F_B10F, "GL_R11F_G11F_B10F", Float, [11, 11, 10, 0], S::Rg11B10Float, GL30_ES30),
    color(GL_RGB9_E5, "GL_RGB9_E5", Float, [9, 9, 9, 0], S::Rgb9E5Float, GL30_ES30).shared_(5),
    // Integer formats.
    color(GL_R8UI, "GL_R8UI", Uint, [8, 0, 0, 0], S::R8Uint, GL30_ES30),
    color(GL_R8I, "GL_R8I", Sint, [8, 0, 0, 0], S::R8Sint, GL30_ES30),
    color(GL_R16UI, "GL_R16UI", Uint, [16, 0, 0, 0], S::R16Uint, GL30_ES30),
    color(GL_R16I, "GL_R16I", Sint, [16, 0, 0, 0], S::R16Sint, GL30_ES30),
    color(GL_R32UI, "GL_R32UI", Uint, [32, 0, 0, 0], S::R32Uint, GL30_ES30),
    color(GL_R32I, "GL_R32I", Sint, [32, 0, 0, 0], S::R32Sint, GL30_ES30),
    color(GL_RG8UI, "GL_RG8UI", Uint, [8, 8, 0, 0], S::Rg8Uint, GL30_ES30),
    color(GL_RG8I, "GL_RG8I", Sint, [8, 8, 0, 0], S::Rg8Sint, GL30_ES30),
    color(GL_RG16UI, "GL_RG16UI", Uint, [16, 16, 0, 0], S::Rg16Uint, GL30_ES30),
    color(GL_RG16I, "GL_RG16I", Sint, [16, 16, 0, 0], S::Rg16Sint, GL30_ES30),
    color(GL_RG32UI, "GL_RG32UI", Uint, [32, 32, 0, 0], S::Rg32Uint, GL30_ES30),
    color(GL_RG32I, "GL_RG32I", Sint, [32, 32, 0, 0], S::Rg32Sint, GL30_ES30),
    color(GL_RGB8UI, "GL_RGB8UI", Uint, [8, 8, 8, 0], S::Rgba8Uint, GL30_ES30),
    color(GL_RGB8I, "GL_RGB8I", Sint, [8, 8, 8, 0], S::Rgba8Sint, GL30_ES30),
    color(GL_RGB16UI, "GL_RGB16UI", Uint, [16, 16, 16, 0], S::Rgba16Uint, GL30_ES30),
    color(GL_RGB16I, "GL_RGB16I", Sint, [16, 16, 16, 0], S::Rgba16Sint, GL30_ES30),
    color(GL_RGB32UI, "GL_RGB32UI", Uint, [32, 32, 32, 0], S::Rgba32Uint, GL30_ES30),
    color(GL_RGB32I, "GL_RGB32I", Sint, [32, 32, 32, 0], S::Rgba32Sint, GL30_ES30),
    color(GL_RGBA8UI, "GL_RGBA8UI", Uint, [8, 8, 8, 8], S::Rgba8Uint, GL30_ES30),
    color(GL_RGBA8I, "GL_RGBA8I", Sint, [8, 8, 8, 8], S::Rgba8Sint, GL30_ES30),
    color(GL_RGBA16UI, "GL_RGBA16UI", Uint, [16, 16, 16, 16], S::Rgba16Uint, GL30_ES30),
    color(GL_RGBA16I, "GL_RGBA16I", Sint, [16, 16, 16, 16], S::Rgba16Sint, GL30_ES30),
    color(GL_RGBA32UI, "GL_RGBA32UI", Uint, [32, 32, 32, 32], S::Rgba32Uint, GL30_ES30),
    color(GL_RGBA32I, "GL_RGBA32I", Sint, [32, 32, 32, 32], S::Rgba32Sint, GL30_ES30),
    color(GL_RGB10_A2UI, "GL_RGB10_A2UI", Uint, [10, 10, 10, 2], S::Rgb10A2Uint, avail(Some((3, 3)), false, Some((3, 0)), &["GL_ARB_texture_rgb10_a2ui"])),
    // Legacy sized formats.
    alpha(GL_ALPHA4, "GL_ALPHA4", Unorm, 8, S::R8Unorm, LEGACY),
    alpha(GL_ALPHA8, "GL_ALPHA8", Unorm, 8, S::R8Unorm, LEGACY),
    alpha(GL_ALPHA12, "GL_ALPHA12", Unorm, 16, S::R16Unorm, LEGACY),
    alpha(GL_ALPHA16, "GL_ALPHA16", Unorm, 16, S::R16Unorm, LEGACY),
    alpha(GL_ALPHA8_SNORM, "GL_ALPHA8_SNORM", Snorm, 8, S::R8Snorm, LEGACY_SNORM),
    alpha(GL_ALPHA16_SNORM, "GL_ALPHA16_SNORM", Snorm, 16, S::R16Snorm, LEGACY_SNORM),
    alpha(GL_ALPHA16F_ARB, "GL_ALPHA16F_ARB", Float, 16, S::R16Float, LEGACY_FLOAT),
    alpha(GL_ALPHA32F_ARB, "GL_ALPHA32F_ARB", Float, 32, S::R32Float, LEGACY_FLOAT),
    luminance(GL_LUMINANCE4, "GL_LUMINANCE4", Unorm, 8, S::R8Unorm, LEGACY),
    luminance(GL_LUMINANCE8, "GL_LUMINANCE8", Unorm, 8, S::R8Unorm, LEGACY),
    luminance(GL_LUMINANCE12, "GL_LUMINANCE12", Unorm, 16, S::R16Unorm, LEGACY),
    luminance(GL_LUMINANCE16, "GL_LUMINANCE16", Unorm, 16, S::R16Unorm, LEGACY),
    luminance(GL_LUMINANCE8_SNORM, "GL_LUMINANCE8_SNORM", Snorm, 8, S::R8Snorm, LEGACY_SNORM),
    luminance(GL_LUMINANCE16_SNORM, "GL_LUMINANCE16_SNORM", Snorm, 16, S::R16Snorm, LEGACY_SNORM),
    luminance(GL_LUMINANCE16F_ARB, "GL_LUMINANCE16F_ARB", Float, 16, S::R16Float, LEGACY_FLOAT),
    luminance(GL_LUMINANCE32F_ARB, "GL_LUMINANCE32F_ARB", Float, 32, S::R32Float, LEGACY_FLOAT),
    luminance(GL_SLUMINANCE8, "GL_SLUMINANCE8", Unorm, 8, S::R8Srgb, LEGACY_SRGB).srgb_(),
    luminance_alpha(GL_LUMINANCE4_ALPHA4, "GL_LUMINANCE4_ALPHA4", Unorm, 8, 8, S::Rg8Unorm, LEGACY),
    luminance_alpha(GL_LUMINANCE6_ALPHA2, "GL_LUMINANCE6_ALPHA2", Unorm, 8, 8, S::Rg8Unorm, LEGACY),
    luminance_alpha(GL_LUMINANCE8_ALPHA8, "GL_LUMINANCE8_ALPHA8", Unorm, 8, 8, S::Rg8Unorm, LEGACY),
    luminance_alpha(GL_LUMINANCE12_ALPHA4, "GL_LUMINANCE12_ALPHA4", Unorm, 16, 16, S::Rg16Unorm, LEGACY),
    luminance_alpha(GL_LUMINANCE12_ALPHA12, "GL_LUMINANCE12_ALPHA12", Unorm, 16, 16, S::Rg16Unorm, LEGACY),
    luminance_alpha(GL_LUMINANCE16_ALPHA16, "GL_LUMINANCE16_ALPHA16", Unorm, 16, 16, S::Rg16Unorm, LEGACY),
    luminance_alpha(GL_LUMINANCE8_ALPHA8_SNORM, "GL_LUMINANCE8_ALPHA8_SNORM", Snorm, 8, 8, S::Rg8Snorm, LEGACY_SNORM),
    luminance_alpha(GL_LUMINANCE16_ALPHA16_SNORM, "GL_LUMINANCE16_ALPHA16_SNORM", Snorm, 16, 16, S::Rg16Snorm, LEGACY_SNORM),
    luminance_alpha(GL_LUMINANCE_ALPHA16F_ARB, "GL_LUMINANCE_ALPHA16F_ARB", Float, 16, 16, S::Rg16Float, LEGACY_FLOAT),
    luminance_alpha(GL_LUMINANCE_ALPHA32F_ARB, "GL_LUMINANCE_ALPHA32F_ARB", Float, 32, 32, S::Rg32Float, LEGACY_FLOAT),
    luminance_alpha(GL_SLUMINANCE8_ALPHA8, "GL_SLUMINANCE8_ALPHA8", Unorm, 8, 8, S::Rg8Srgb, LEGACY_SRGB).srgb_(),
    intensity(GL_INTENSITY4, "GL_INTENSITY4", Unorm, 8, S::R8Unorm, LEGACY),
    intensity(GL_INTENSITY8, "GL_INTENSITY8", Unorm, 8, S::R8Unorm, LEGACY),
    intensity(GL_INTENSITY12, "GL_INTENSITY12", Unorm, 16, S::R16Unorm, LEGACY),
    intensity(GL_INTENSITY16, "GL_INTENSITY16", Unorm, 16, S::R16Unorm, LEGACY),
    intensity(GL_INTENSITY8_SNORM, "GL_INTENSITY8_SNORM", Snorm, 8, S::R8Snorm, LEGACY_SNORM),
    intensity(GL_INTENSITY16_SNORM, "GL_INTENSITY16_SNORM", Snorm, 16, S::R16Snorm, LEGACY_SNORM),
    intensity(GL_INTENSITY16F_ARB, "GL_INTENSITY16F_ARB", Float, 16, S::R16Float, LEGACY_FLOAT),
    intensity(GL_INTENSITY32F_ARB, "GL_INTENSITY32F_ARB", Float, 32, S::R32Float, LEGACY_FLOAT),
    // Legacy integer (EXT_texture_integer) and unsized snorm formats.
    alpha(GL_ALPHA8UI_EXT, "GL_ALPHA8UI_EXT", Uint, 8, S::R8Uint, LEGACY_INTEGER),
    luminance(GL_LUMINANCE8UI_EXT, "GL_LUMINANCE8UI_EXT", Uint, 8, S::R8Uint, LEGACY_INTEGER),
    luminance_alpha(GL_LUMINANCE_ALPHA8UI_EXT, "GL_LUMINANCE_ALPHA8UI_EXT", Uint, 8, 8, S::Rg8Uint, LEGACY_INTEGER),
    intensity(GL_INTENSITY8UI_EXT, "GL_INTENSITY8UI_EXT", Uint, 8, S::R8Uint, LEGACY_INTEGER),
    alpha(GL_ALPHA16UI_EXT, "GL_ALPHA16UI_EXT", Uint, 16, S::R16Uint, LEGACY_INTEGER),
    luminance(GL_LUMINANCE16UI_EXT, "GL_LUMINANCE16UI_EXT", Uint, 16, S::R16Uint, LEGACY_INTEGER),
    luminance_alpha(GL_LUMINANCE_ALPHA16UI_EXT, "GL_LUMINANCE_ALPHA16UI_EXT", Uint, 16, 16, S::Rg16Uint, LEGACY_INTEGER),
    intensity(GL_INTENSITY16UI_EXT, "GL_INTENSITY16UI_EXT", Uint, 16, S::R16Uint, LEGACY_INTEGER),
    alpha(GL_ALPHA32UI_EXT, "GL_ALPHA32UI_EXT", Uint, 32, S::R32Uint, LEGACY_INTEGER),
    luminance(GL_LUMINANCE32UI_EXT, "GL_LUMINANCE32UI_EXT", Uint, 32, S::R32Uint, LEGACY_INTEGER),
    luminance_alpha(GL_LUMINANCE_ALPHA32UI_EXT, "GL_LUMINANCE_ALPHA32UI_EXT", Uint, 32, 32, S::Rg32Uint, LEGACY_INTEGER),
    intensity(GL_INTENSITY32UI_EXT, "GL_INTENSITY32UI_EXT", Uint, 32, S::R32Uint, LEGACY_INTEGER),
    alpha(GL_ALPHA8I_EXT, "GL_ALPHA8I_EXT", Sint, 8, S::R8Sint, LEGACY_INTEGER),
    luminance(GL_LUMINANCE8I_EXT, "GL_LUMINANCE8I_EXT", Sint, 8, S::R8Sint, LEGACY_INTEGER),
    luminance_alpha(GL_LUMINANCE_ALPHA8I_EXT, "GL_LUMINANCE_ALPHA8I_EXT", Sint, 8, 8, S::Rg8Sint, LEGACY_INTEGER),
    intensity(GL_INTENSITY8I_EXT, "GL_INTENSITY8I_EXT", Sint, 8, S::R8Sint, LEGACY_INTEGER),
    alpha(GL_ALPHA16I_EXT, "GL_ALPHA16I_EXT", Sint, 16, S::R16Sint, LEGACY_INTEGER),
    luminance(GL_LUMINANCE16I_EXT, "GL_LUMINANCE16I_EXT", Sint, 16, S::R16Sint, LEGACY_INTEGER),
    luminance_alpha(GL_LUMINANCE_ALPHA16I_EXT, "GL_LUMINANCE_ALPHA16I_EXT", Sint, 16, 16, S::Rg16Sint, LEGACY_INTEGER),
    intensity(GL_INTENSITY16I_EXT, "GL_INTENSITY16I_EXT", Sint, 16, S::R16Sint, LEGACY_INTEGER),
    alpha(GL_ALPHA32I_EXT, "GL_ALPHA32I_EXT", Sint, 32, S::R32Sint, LEGACY_INTEGER),
    luminance(GL_LUMINANCE32I_EXT, "GL_LUMINANCE32I_EXT", Sint, 32, S::R32Sint, LEGACY_INTEGER),
    luminance_alpha(GL_LUMINANCE_ALPHA32I_EXT, "GL_LUMINANCE_ALPHA32I_EXT", Sint, 32, 32, S::Rg32Sint, LEGACY_INTEGER),
    intensity(GL_INTENSITY32I_EXT, "GL_INTENSITY32I_EXT", Sint, 32, S::R32Sint, LEGACY_INTEGER),
    alpha(GL_ALPHA_SNORM, "GL_ALPHA_SNORM", Snorm, 8, S::R8Snorm, LEGACY_SNORM).unsized_(),
    luminance(GL_LUMINANCE_SNORM, "GL_LUMINANCE_SNORM", Snorm, 8, S::R8Snorm, LEGACY_SNORM).unsized_(),
    luminance_alpha(GL_LUMINANCE_ALPHA_SNORM, "GL_LUMINANCE_ALPHA_SNORM", Snorm, 8, 8, S::Rg8Snorm, LEGACY_SNORM).unsized_(),
    intensity(GL_INTENSITY_SNORM, "GL_INTENSITY_SNORM", Snorm, 8, S::R8Snorm, LEGACY_SNORM).unsized_(),
    // Depth and stencil.
    depth(GL_DEPTH_COMPONENT, "GL_DEPTH_COMPONENT", Unorm, 24, 0, S::D24Unorm, DEPTH_GL14_ES30).unsized_(),
    depth(GL_DEPTH_COMPONENT16, "GL_DEPTH_COMPONENT16", Unorm, 16, 0, S::D16Unorm, DEPTH_GL14_ES20),
    depth(GL_DEPTH_COMPONENT24, "GL_DEPTH_COMPONENT24", Unorm, 24, 0, S::D24Unorm, DEPTH_GL14_ES30),
    depth(GL_DEPTH_COMPONENT32, "GL_DEPTH_COMPONENT32", Unorm, 32, 0, S::D32Float, DEPTH_GL14),
    depth(GL_DEPTH_COMPONENT32F, "GL_DEPTH_COMPONENT32F", Float, 32, 0, S::D32Float, GL30_ES30),
    depth(GL_DEPTH_STENCIL, "GL_DEPTH_STENCIL", Unorm, 24, 8, S::D24UnormS8Uint, GL30_ES30).unsized_(),
    depth(GL_DEPTH24_STENCIL8, "GL_DEPTH24_STENCIL8", Unorm, 24, 8, S::D24UnormS8Uint, GL30_ES30),
    depth(GL_DEPTH32F_STENCIL8, "GL_DEPTH32F_STENCIL8", Float, 32, 8, S::D32FloatS8Uint, GL30_ES30),
    depth(GL_STENCIL_INDEX, "GL_STENCIL_INDEX", Uint, 0, 8, S::S8Uint, avail(Some((4, 4)), false, Some((3, 2)), &["GL_ARB_texture_stencil8", "GL_OES_texture_stencil8"])).unsized_(),
    depth(GL_STENCIL_INDEX1, "GL_STENCIL_INDEX1", Uint, 0, 8, S::S8Uint, GL30),
    depth(GL_STENCIL_INDEX4, "GL_STENCIL_INDEX4", Uint, 0, 8, S::S8Uint, GL30),
    depth(GL_STENCIL_INDEX8, "GL_STENCIL_INDEX8", Uint, 0, 8, S::S8Uint, avail(Some((3, 0)), false, Some((2, 0)), &[])),
    depth(GL_STENCIL_INDEX16, "GL_STENCIL_INDEX16", Uint, 0, 8, S::S8Uint, GL30),
    // Generic compressed formats: stored uncompressed.
    color(GL_COMPRESSED_RGB, "GL_COMPRESSED_RGB", Unorm, [8, 8, 8, 0], S::Rgba8Unorm, GENERIC_COMPRESSED).unsized_(),
    color(GL_COMPRESSED_RGBA, "GL_COMPRESSED_RGBA", Unorm, [8, 8, 8, 8], S::Rgba8Unorm, GENERIC_COMPRESSED).unsized_(),
    color(GL_COMPRESSED_RED, "GL_COMPRESSED_RED", Unorm, [8, 0, 0, 0], S::R8Unorm, GENERIC_COMPRESSED_RG).unsized_(),
    color(GL_COMPRESSED_RG, "GL_COMPRESSED_RG", Unorm, [8, 8, 0, 0], S::Rg8Unorm, GENERIC_COMPRESSED_RG).unsized_(),
    color(GL_COMPRESSED_SRGB, "GL_COMPRESSED_SRGB", Unorm, [8, 8, 8, 0], S::Rgba8Srgb, avail(Some((2, 1)), false, None, &[])).unsized_().srgb_(),
    color(GL_COMPRESSED_SRGB_ALPHA, "GL_COMPRESSED_SRGB_ALPHA", Unorm, [8, 8, 8, 8], S::Rgba8Srgb, avail(Some((2, 1)), false, None, &[])).unsized_().srgb_(),
    alpha(GL_COMPRESSED_ALPHA, "GL_COMPRESSED_ALPHA", Unorm, 8, S::R8Unorm, GENERIC_COMPRESSED_LEGACY).unsized_(),
    luminance(GL_COMPRESSED_LUMINANCE, "GL_COMPRESSED_LUMINANCE", Unorm, 8, S::R8Unorm, GENERIC_COMPRESSED_LEGACY).unsized_(),
    luminance_alpha(GL_COMPRESSED_LUMINANCE_ALPHA, "GL_COMPRESSED_LUMINANCE_ALPHA", Unorm, 8, 8, S::Rg8Unorm, GENERIC_COMPRESSED_LEGACY).unsized_(),
    intensity(GL_COMPRESSED_INTENSITY, "GL_COMPRESSED_INTENSITY", Unorm, 8, S::R8Unorm, GENERIC_COMPRESSED_LEGACY).unsized_(),
    luminance(GL_COMPRESSED_SLUMINANCE, "GL_COMPRESSED_SLUMINANCE", Unorm, 8, S::R8Srgb, LEGACY_SRGB).unsized_().srgb_(),
    luminance_alpha(GL_COMPRESSED_SLUMINANCE_ALPHA, "GL_COMPRESSED_SLUMINANCE_ALPHA", Unorm, 8, 8, S::Rg8Srgb, LEGACY_SRGB).unsized_().srgb_(),
    // S3TC, reporting 4 bits a channel as an approximate size (as Mesa does), which is what
    // applications size their tolerance of the lossy blocks by.
    compressed(GL_COMPRESSED_RGB_S3TC_DXT1_EXT, "GL_COMPRESSED_RGB_S3TC_DXT1_EXT", Unorm, [4, 4, 4, 0], S::Bc1RgbUnorm, S3TC),
    compressed(GL_COMPRESSED_RGBA_S3TC_DXT1_EXT, "GL_COMPRESSED_RGBA_S3TC_DXT1_EXT", Unorm, [4, 4, 4, 4], S::Bc1RgbaUnorm, S3TC),
    compressed(GL_COMPRESSED_RGBA_S3TC_DXT3_EXT, "GL_COMPRESSED_RGBA_S3TC_DXT3_EXT", Unorm, [4, 4, 4, 4], S::Bc2Unorm, S3TC),
    compressed(GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, "GL_COMPRESSED_RGBA_S3TC_DXT5_EXT", Unorm, [4, 4, 4, 4], S::Bc3Unorm, S3TC),
    compressed(GL_COMPRESSED_SRGB_S3TC_DXT1_EXT, "GL_COMPRESSED_SRGB_S3TC_DXT1_EXT", Unorm, [4, 4, 4, 0], S::Bc1RgbSrgb, S3TC_SRGB).srgb_(),
    compressed(GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT1_EXT, "GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT1_EXT", Unorm, [4, 4, 4, 4], S::Bc1RgbaSrgb, S3TC_SRGB).srgb_(),
    compressed(GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT3_EXT, "GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT3_EXT", Unorm, [4, 4, 4, 4], S::Bc2Srgb, S3TC_SRGB).srgb_(),
    compressed(GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT5_EXT, "GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT5_EXT", Unorm, [4, 4, 4, 4], S::Bc3Srgb, S3TC_SRGB).srgb_(),
    // RGTC.
    compressed(GL_COMPRESSED_RED_RGTC1, "GL_COMPRESSED_RED_RGTC1", Unorm, [8, 0, 0, 0], S::Bc4Unorm, RGTC),
    compressed(GL_COMPRESSED_SIGNED_RED_RGTC1, "GL_COMPRESSED_SIGNED_RED_RGTC1", Snorm, [8, 0, 0, 0], S::Bc4Snorm, RGTC),
    compressed(GL_COMPRESSED_RG_RGTC2, "GL_COMPRESSED_RG_RGTC2", Unorm, [8, 8, 0, 0], S::Bc5Unorm, RGTC),
    compressed(GL_COMPRESSED_SIGNED_RG_RGTC2, "GL_COMPRESSED_SIGNED_RG_RGTC2", Snorm, [8, 8, 0, 0], S::Bc5Snorm, RGTC),
    // LATC and 3DC: RGTC blocks holding luminance and alpha.
    luminance_rgtc(GL_COMPRESSED_LUMINANCE_LATC1_EXT, "GL_COMPRESSED_LUMINANCE_LATC1_EXT", Unorm, false, S::Bc4Unorm, LATC),
    luminance_rgtc(GL_COMPRESSED_SIGNED_LUMINANCE_LATC1_EXT, "GL_COMPRESSED_SIGNED_LUMINANCE_LATC1_EXT", Snorm, false, S::Bc4Snorm, LATC),
    luminance_rgtc(GL_COMPRESSED_LUMINANCE_ALPHA_LATC2_EXT, "GL_COMPRESSED_LUMINANCE_ALPHA_LATC2_EXT", Unorm, true, S::Bc5Unorm, LATC),
    luminance_rgtc(GL_COMPRESSED_SIGNED_LUMINANCE_ALPHA_LATC2_EXT, "GL_COMPRESSED_SIGNED_LUMINANCE_ALPHA_LATC2_EXT", Snorm, true, S::Bc5Snorm, LATC),
    luminance_rgtc(GL_COMPRESSED_LUMINANCE_ALPHA_3DC_ATI, "GL_COMPRESSED_LUMINANCE_ALPHA_3DC_ATI", Unorm, true, S::Bc5Unorm, ATI_3DC),
    // BPTC.
    compressed(GL_COMPRESSED_RGBA_BPTC_UNORM, "GL_COMPRESSED_RGBA_BPTC_UNORM", Unorm, [8, 8, 8, 8], S::Bc7Unorm, BPTC),
    compressed(GL_COMPRESSED_SRGB_ALPHA_BPTC_UNORM, "GL_COMPRESSED_SRGB_ALPHA_BPTC_UNORM", Unorm, [8, 8, 8, 8], S::Bc7Srgb, BPTC).srgb_(),
    compressed(GL_COMPRESSED_RGB_BPTC_SIGNED_FLOAT, "GL_COMPRESSED_RGB_BPTC_SIGNED_FLOAT", Float, [16, 16, 16, 0], S::Bc6hSfloat, BPTC),
    compressed(GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT, "GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT", Float, [16, 16, 16, 0], S::Bc6hUfloat, BPTC),
    // ETC1, ETC2 and EAC.
    compressed(GL_ETC1_RGB8_OES, "GL_ETC1_RGB8_OES", Unorm, [8, 8, 8, 0], S::Etc2Rgb8Unorm, ETC1),
    compressed(GL_COMPRESSED_RGB8_ETC2, "GL_COMPRESSED_RGB8_ETC2", Unorm, [8, 8, 8, 0], S::Etc2Rgb8Unorm, ETC2),
    compressed(GL_COMPRESSED_SRGB8_ETC2, "GL_COMPRESSED_SRGB8_ETC2", Unorm, [8, 8, 8, 0], S::Etc2Rgb8Srgb, ETC2).srgb_(),
    compressed(GL_COMPRESSED_RGB8_PUNCHTHROUGH_ALPHA1_ETC2, "GL_COMPRESSED_RGB8_PUNCHTHROUGH_ALPHA1_ETC2", Unorm, [8, 8, 8, 1], S::Etc2Rgb8A1Unorm, ETC2),
    compressed(GL_COMPRESSED_SRGB8_PUNCHTHROUGH_ALPHA1_ETC2, "GL_COMPRESSED_SRGB8_PUNCHTHROUGH_ALPHA1_ETC2", Unorm, [8, 8, 8, 1], S::Etc2Rgb8A1Srgb, ETC2).srgb_(),
    compressed(GL_COMPRESSED_RGBA8_ETC2_EAC, "GL_COMPRESSED_RGBA8_ETC2_EAC", Unorm, [8, 8, 8, 8], S::Etc2Rgba8Unorm, ETC2),
    compressed(GL_COMPRESSED_SRGB8_ALPHA8_ETC2_EAC, "GL_COMPRESSED_SRGB8_ALPHA8_ETC2_EAC", Unorm, [8, 8, 8, 8], S::Etc2Rgba8Srgb, ETC2).srgb_(),
    compressed(GL_COMPRESSED_R11_EAC, "GL_COMPRESSED_R11_EAC", Unorm, [11, 0, 0, 0], S::EacR11Unorm, ETC2),
    compressed(GL_COMPRESSED_SIGNED_R11_EAC, "GL_COMPRESSED_SIGNED_R11_EAC", Snorm, [11, 0, 0, 0], S::EacR11Snorm, ETC2),
    compressed(GL_COMPRESSED_RG11_EAC, "GL_COMPRESSED_RG11_EAC", Unorm, [11, 11, 0, 0], S::EacRg11Unorm, ETC2),
    compressed(GL_COMPRESSED_SIGNED_RG11_EAC, "GL_COMPRESSED_SIGNED_RG11_EAC", Snorm, [11, 11, 0, 0], S::EacRg11Snorm, ETC2),
    // ASTC LDR, in the registry's block order.
    astc(0, 4, 4, false, "GL_COMPRESSED_RGBA_ASTC_4x4_KHR"),
    astc(1, 5, 4, false, "GL_COMPRESSED_RGBA_ASTC_5x4_KHR"),
    astc(2, 5, 5, false, "GL_COMPRESSED_RGBA_ASTC_5x5_KHR"),
    astc(3, 6, 5, false, "GL_COMPRESSED_RGBA_ASTC_6x5_KHR"),
    astc(4, 6, 6, false, "GL_COMPRESSED_RGBA_ASTC_6x6_KHR"),
    astc(5, 8, 5, false, "GL_COMPRESSED_RGBA_ASTC_8x5_KHR"),
    astc(6, 8, 6, false, "GL_COMPRESSED_RGBA_ASTC_8x6_KHR"),
    astc(7, 8, 8, false, "GL_COMPRESSED_RGBA_ASTC_8x8_KHR"),
    astc(8, 10, 5, false, "GL_COMPRESSED_RGBA_ASTC_10x5_KHR"),
    astc(9, 10, 6, false, "GL_COMPRESSED_RGBA_ASTC_10x6_KHR"),
    astc(10, 10, 8, false, "GL_COMPRESSED_RGBA_ASTC_10x8_KHR"),
    astc(11, 10, 10, false, "GL_COMPRESSED_RGBA_ASTC_10x10_KHR"),
    astc(12, 12, 10, false, "GL_COMPRESSED_RGBA_ASTC_12x10_KHR"),
    astc(13, 12, 12, false, "GL_COMPRESSED_RGBA_ASTC_12x12_KHR"),
    astc(0, 4, 4, true, "GL_COMPRESSED_SRGB8_ALPHA8_ASTC_4x4_KHR"),
    astc(1, 5, 4, true, "GL_COMPRESSED_SRGB8_ALPHA8_ASTC_5x4_KHR"),
    astc(2, 5, 5, true, "GL_COMPRESSED_SRGB8_ALPHA8_ASTC_5x5_KHR"),
    astc(3, 6, 5, true, "GL_COMPRESSED_SRGB8_ALPHA8_ASTC_6x5_KHR"),
    astc(4, 6, 6, true, "GL_COMPRESSED_SRGB8_ALPHA8_ASTC_6x6_KHR"),
    astc(5, 8, 5, true, "GL_COMPRESSED_SRGB8_ALPHA8_ASTC_8x5_KHR"),
    astc(6, 8, 6, true, "GL_COMPRESSED_SRGB8_ALPHA8_ASTC_8x6_KHR"),
    astc(7, 8, 8, true, "GL_COMPRESSED_SRGB8_ALPHA8_ASTC_8x8_KHR"),
    astc(8, 10, 5, true, "GL_COMPRESSED_SRGB8_ALPHA8_ASTC_10x5_KHR"),
    astc(9, 10, 6, true, "GL_COMPRESSED_SRGB8_ALPHA8_ASTC_10x6_KHR"),
    astc(10, 10, 8, true, "GL_COMPRESSED_SRGB8_ALPHA8_ASTC_10x8_KHR"),
    astc(11, 10, 10, true, "GL_COMPRESSED_SRGB8_ALPHA8_ASTC_10x10_KHR"),
    astc(12, 12, 10, true, "GL_COMPRESSED_SRGB8_ALPHA8_ASTC_12x10_KHR"),
    astc(13, 12, 12, true, "GL_COMPRESSED_SRGB8_ALPHA8_ASTC_12x12_KHR"),
];
