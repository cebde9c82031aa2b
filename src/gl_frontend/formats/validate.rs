//! Validation of format/type/internal-format combinations, returning the error the
//! specification names: INVALID_ENUM for values that are no format or type, INVALID_VALUE for
//! an unknown internal format, INVALID_OPERATION for a legal value in an illegal combination.

use crate::api::Api;
use crate::client_layout::{client_layout, format_slots};
use crate::error::GlError;
use crate::gl::*;
use crate::info::{BaseFormat, ComponentKind, FormatInfo};
use crate::layout::Slot;

/// Checks a glTexImage* / glTexSubImage* upload of `format`/`ty` data into `internal_format`
/// on `api`. Extension-only formats count as available; the caller checks
/// `FormatInfo::is_available` against its extension list where it matters.
pub fn validate_upload(internal_format: u32, format: u32, ty: u32, api: Api) -> Result<(), GlError> {
    check_enums(format, ty, api)?;
    let info = FormatInfo::lookup(internal_format).ok_or(GlError::InvalidValue)?;
    // ES takes its own compressed formats (ETC1, ETC2/EAC, ASTC) only through
    // glCompressedTexImage: no format/type combination of glTexImage names one (ES 3.2
    // table 8.2). The desktop families ES has by extension (S3TC, RGTC, BPTC) keep
    // glTexImage, as their extensions say.
    if api.is_es() && is_es_native_compressed(info) {
        return Err(GlError::InvalidOperation);
    }
    if !info.is_available(api, &|_| true) {
        return Err(GlError::InvalidValue);
    }
    client_layout(format, ty)?;
    check_core_format(format, api)?;
    if api.is_es() {
        return es_upload_combination(info, format, ty, api);
    }
    if info.block().is_some() && !info.base.is_color() {
        return Err(GlError::InvalidOperation);
    }
    if !format_fits(info, format) {
        return Err(GlError::InvalidOperation);
    }
    Ok(())
}

/// ETC1, ETC2/EAC and ASTC: the compressed formats of ES itself.
fn is_es_native_compressed(info: &FormatInfo) -> bool {
    use crate::storage::StorageFormat::*;
    info.blocks_only()
        || matches!(
            info.storage,
            Etc2Rgb8Unorm | Etc2Rgb8Srgb | Etc2Rgb8A1Unorm | Etc2Rgb8A1Srgb | Etc2Rgba8Unorm | Etc2Rgba8Srgb | EacR11Unorm | EacR11Snorm | EacRg11Unorm | EacRg11Snorm
        )
}

/// Checks an internal format for glTexStorage* / glRenderbufferStorage: it must be a sized
/// format legal on `api` (INVALID_ENUM otherwise, as TexStorage names it).
pub fn validate_sized_format(internal_format: u32, api: Api) -> Result<&'static FormatInfo, GlError> {
    let info = FormatInfo::lookup(internal_format).ok_or(GlError::InvalidEnum)?;
    if !info.sized || !info.is_available(api, &|_| true) {
        return Err(GlError::InvalidEnum);
    }
    Ok(info)
}

/// Checks a glReadPixels / glGetTexImage read of `source` texels into `format`/`ty`.
/// On ES only the canonical pair (RGBA with UNSIGNED_BYTE, RGBA_INTEGER with INT or
/// UNSIGNED_INT, RGBA with FLOAT, RGBA with UNSIGNED_INT_2_10_10_10_REV for RGB10_A2) and the
/// implementation's pair ([`read_format_and_type`]) are allowed.
pub fn validate_pack(source: &FormatInfo, format: u32, ty: u32, api: Api) -> Result<(), GlError> {
    check_enums(format, ty, api)?;
    client_layout(format, ty)?;
    check_core_format(format, api)?;
    if !format_fits_source(source, format) {
        return Err(GlError::InvalidOperation);
    }
    // ES reads colour only (depth and stencil need NV_read_depth_stencil, not exposed).
    if api.is_es() && !source.base.is_color() {
        return Err(GlError::InvalidOperation);
    }
    if api.is_es() && source.base.is_color() {
        let canonical = match (source.kind, format, ty) {
            (ComponentKind::Unorm, GL_RGBA, GL_UNSIGNED_BYTE) => true,
            (ComponentKind::Unorm, GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV) => source.internal_format == GL_RGB10_A2,
            (ComponentKind::Snorm, GL_RGBA, GL_BYTE) => true,
            (ComponentKind::Float, GL_RGBA, GL_FLOAT) => true,
            (ComponentKind::Uint, GL_RGBA_INTEGER, GL_UNSIGNED_INT) => true,
            (ComponentKind::Sint, GL_RGBA_INTEGER, GL_INT) => true,
            _ => false,
        };
        if !canonical && read_format_and_type(source) != (format, ty) {
            return Err(GlError::InvalidOperation);
        }
    }
    Ok(())
}

/// GL_IMPLEMENTATION_COLOR_READ_FORMAT / _TYPE for a read buffer of `source`: the client
/// pair that matches its storage most closely.
pub fn read_format_and_type(source: &FormatInfo) -> (u32, u32) {
    let integer = source.is_integer();
    let format = match (source.base, integer) {
        (BaseFormat::Red | BaseFormat::Luminance | BaseFormat::Intensity, false) => GL_RED,
        (BaseFormat::Alpha, true) => GL_ALPHA_INTEGER,
        (BaseFormat::Red, true) => GL_RED_INTEGER,
        (BaseFormat::Rg | BaseFormat::LuminanceAlpha, false) => GL_RG,
        (BaseFormat::Rg, true) => GL_RG_INTEGER,
        (BaseFormat::Luminance | BaseFormat::Intensity, true) => GL_LUMINANCE_INTEGER_EXT,
        (BaseFormat::LuminanceAlpha, true) => GL_LUMINANCE_ALPHA_INTEGER_EXT,
        (BaseFormat::DepthComponent, _) => GL_DEPTH_COMPONENT,
        (BaseFormat::DepthStencil, _) => GL_DEPTH_STENCIL,
        (BaseFormat::StencilIndex, _) => GL_STENCIL_INDEX,
        (_, true) => GL_RGBA_INTEGER,
        _ => GL_RGBA,
    };
    let bits = source.bits.red.max(source.bits.alpha).max(source.bits.luminance).max(source.bits.intensity);
    let ty = match source.internal_format {
        GL_RGB10_A2 | GL_RGB10_A2UI => GL_UNSIGNED_INT_2_10_10_10_REV,
        GL_R11F_G11F_B10F => GL_UNSIGNED_INT_10F_11F_11F_REV,
        GL_RGB565 => GL_UNSIGNED_SHORT_5_6_5,
        GL_DEPTH24_STENCIL8 | GL_DEPTH_STENCIL => GL_UNSIGNED_INT_24_8,
        GL_DEPTH32F_STENCIL8 => GL_FLOAT_32_UNSIGNED_INT_24_8_REV,
        _ => match (source.kind, bits) {
            (_, _) if source.base == BaseFormat::StencilIndex => GL_UNSIGNED_BYTE,
            (ComponentKind::Float, 16) => GL_HALF_FLOAT,
            (ComponentKind::Float, _) => GL_FLOAT,
            (ComponentKind::Unorm, 16) if source.base == BaseFormat::DepthComponent => GL_UNSIGNED_SHORT,
            (ComponentKind::Unorm, _) if source.has_depth() => GL_UNSIGNED_INT,
            (ComponentKind::Unorm, 16) => GL_UNSIGNED_SHORT,
            (ComponentKind::Unorm, _) => GL_UNSIGNED_BYTE,
            (ComponentKind::Snorm, 16) => GL_SHORT,
            (ComponentKind::Snorm, _) => GL_BYTE,
            (ComponentKind::Uint, 8) => GL_UNSIGNED_BYTE,
            (ComponentKind::Uint, 16) => GL_UNSIGNED_SHORT,
            (ComponentKind::Uint, _) => GL_UNSIGNED_INT,
            (ComponentKind::Sint, 8) => GL_BYTE,
            (ComponentKind::Sint, 16) => GL_SHORT,
            (ComponentKind::Sint, _) => GL_INT,
        },
    };
    // Three-component packed types carry RGB, not RGBA.
    let format = if matches!(ty, GL_UNSIGNED_SHORT_5_6_5 | GL_UNSIGNED_INT_10F_11F_11F_REV) { GL_RGB } else { format };
    (format, ty)
}

/// INVALID_ENUM for a format or type that is not a pixel format/type on `api` at all.
/// The core profile's client formats (GL 4.6 table 8.3) have no legacy bases.
fn check_core_format(format: u32, api: Api) -> Result<(), GlError> {
    let legacy_format = matches!(format, GL_ALPHA | GL_LUMINANCE | GL_LUMINANCE_ALPHA);
    if legacy_format && matches!(api, Api::Core { .. }) {
        return Err(GlError::InvalidEnum);
    }
    Ok(())
}

fn check_enums(format: u32, ty: u32, api: Api) -> Result<(), GlError> {
    if format_slots(format).is_none() || !crate::client_layout::is_pixel_type(ty) {
        return Err(GlError::InvalidEnum);
    }
    let compat_only_format = matches!(format, GL_LUMINANCE_INTEGER_EXT | GL_LUMINANCE_ALPHA_INTEGER_EXT);
    if compat_only_format && !api.is_compat() {
        return Err(GlError::InvalidEnum);
    }
    if api.is_es() {
        let es_format = matches!(
            format,
            GL_RED
                | GL_RG
                | GL_RGB
                | GL_RGBA
                | GL_BGRA
                | GL_ALPHA
                | GL_LUMINANCE
                | GL_LUMINANCE_ALPHA
                | GL_RED_INTEGER
                | GL_RG_INTEGER
                | GL_RGB_INTEGER
                | GL_RGBA_INTEGER
                | GL_DEPTH_COMPONENT
                | GL_DEPTH_STENCIL
                | GL_STENCIL_INDEX
        );
        let es_type = matches!(
            ty,
            GL_UNSIGNED_BYTE
                | GL_BYTE
                | GL_UNSIGNED_SHORT
                | GL_SHORT
                | GL_UNSIGNED_INT
                | GL_INT
                | GL_HALF_FLOAT
                | GL_HALF_FLOAT_OES
                | GL_FLOAT
                | GL_UNSIGNED_SHORT_5_6_5
                | GL_UNSIGNED_SHORT_4_4_4_4
                | GL_UNSIGNED_SHORT_5_5_5_1
                | GL_UNSIGNED_INT_2_10_10_10_REV
                | GL_UNSIGNED_INT_10F_11F_11F_REV
                | GL_UNSIGNED_INT_5_9_9_9_REV
                | GL_UNSIGNED_INT_24_8
                | GL_FLOAT_32_UNSIGNED_INT_24_8_REV
        );
        if !es_format || !es_type || (ty == GL_HALF_FLOAT && !api.at_least(3, 0)) {
            return Err(GlError::InvalidEnum);
        }
    }
    Ok(())
}

/// Whether client `format` may carry data for `info` (desktop rules): colour into colour with
/// matching integer-ness, and each depth/stencil base only from its own format.
fn format_fits(info: &FormatInfo, format: u32) -> bool {
    let Some((slots, integer)) = format_slots(format) else { return false };
    match info.base {
        // Depth textures take depth data with or without stencil beside it (the
        // specification only refuses depth data for colour formats and colour data for depth).
        BaseFormat::DepthComponent | BaseFormat::DepthStencil => matches!(format, GL_DEPTH_COMPONENT | GL_DEPTH_STENCIL),
        BaseFormat::StencilIndex => format == GL_STENCIL_INDEX,
        _ => !slots.iter().any(|s| matches!(s, Slot::Depth | Slot::Stencil)) && integer == info.is_integer(),
    }
}

/// Whether client `format` may receive data read from `source` (desktop rules): depth needs a
/// depth source, stencil a stencil source, colour a colour source of the same integer-ness.
fn format_fits_source(source: &FormatInfo, format: u32) -> bool {
    let Some((slots, integer)) = format_slots(format) else { return false };
    let depth = slots.contains(&Slot::Depth);
    let stencil = slots.contains(&Slot::Stencil);
    if depth || stencil {
        return (!depth || source.has_depth()) && (!stencil || source.has_stencil());
    }
    source.base.is_color() && integer == source.is_integer()
}

/// The ES 3.2 table 8.2 (with the unsized table 8.3 and the ES extensions galvan exposes):
/// every legal (internal format, format, type) triple.
fn es_upload_combination(info: &FormatInfo, format: u32, ty: u32, api: Api) -> Result<(), GlError> {
    let half =
        if api.at_least(3, 0) { ty == GL_HALF_FLOAT || ty == GL_HALF_FLOAT_OES } else { ty == GL_HALF_FLOAT_OES };
    let float_or_half = ty == GL_FLOAT || half;
    let ok = match info.internal_format {
        GL_RGBA8 | GL_SRGB8_ALPHA8 => format == GL_RGBA && ty == GL_UNSIGNED_BYTE,
        GL_RGB5_A1 => {
            format == GL_RGBA
                && matches!(ty, GL_UNSIGNED_BYTE | GL_UNSIGNED_SHORT_5_5_5_1 | GL_UNSIGNED_INT_2_10_10_10_REV)
        }
        GL_RGBA4 => format == GL_RGBA && matches!(ty, GL_UNSIGNED_BYTE | GL_UNSIGNED_SHORT_4_4_4_4),
        GL_RGBA8_SNORM => format == GL_RGBA && ty == GL_BYTE,
        GL_RGB10_A2 => format == GL_RGBA && ty == GL_UNSIGNED_INT_2_10_10_10_REV,
        GL_RGBA16F => format == GL_RGBA && float_or_half,
        GL_RGBA32F => format == GL_RGBA && ty == GL_FLOAT,
        GL_RGBA8UI => format == GL_RGBA_INTEGER && ty == GL_UNSIGNED_BYTE,
        GL_RGBA8I => format == GL_RGBA_INTEGER && ty == GL_BYTE,
        GL_RGB10_A2UI => format == GL_RGBA_INTEGER && ty == GL_UNSIGNED_INT_2_10_10_10_REV,
        GL_RGBA16UI => format == GL_RGBA_INTEGER && ty == GL_UNSIGNED_SHORT,
        GL_RGBA16I => format == GL_RGBA_INTEGER && ty == GL_SHORT,
        GL_RGBA32UI => format == GL_RGBA_INTEGER && ty == GL_UNSIGNED_INT,
        GL_RGBA32I => format == GL_RGBA_INTEGER && ty == GL_INT,
        GL_RGB8 | GL_SRGB8 => format == GL_RGB && ty == GL_UNSIGNED_BYTE,
        GL_RGB565 => format == GL_RGB && matches!(ty, GL_UNSIGNED_BYTE | GL_UNSIGNED_SHORT_5_6_5),
        GL_RGB8_SNORM => format == GL_RGB && ty == GL_BYTE,
        GL_R11F_G11F_B10F => format == GL_RGB && (ty == GL_UNSIGNED_INT_10F_11F_11F_REV || float_or_half),
        GL_RGB9_E5 => format == GL_RGB && (ty == GL_UNSIGNED_INT_5_9_9_9_REV || float_or_half),
        GL_RGB16F => format == GL_RGB && float_or_half,
        GL_RGB32F => format == GL_RGB && ty == GL_FLOAT,
        GL_RGB8UI => format == GL_RGB_INTEGER && ty == GL_UNSIGNED_BYTE,
        GL_RGB8I => format == GL_RGB_INTEGER && ty == GL_BYTE,
        GL_RGB16UI => format == GL_RGB_INTEGER && ty == GL_UNSIGNED_SHORT,
        GL_RGB16I => format == GL_RGB_INTEGER && ty == GL_SHORT,
        GL_RGB32UI => format == GL_RGB_INTEGER && ty == GL_UNSIGNED_INT,
        GL_RGB32I => format == GL_RGB_INTEGER && ty == GL_INT,
        GL_RG8 | GL_SRG8_EXT => format == GL_RG && ty == GL_UNSIGNED_BYTE,
        GL_RG8_SNORM => format == GL_RG && ty == GL_BYTE,
        GL_RG16F => format == GL_RG && float_or_half,
        GL_RG32F => format == GL_RG && ty == GL_FLOAT,
        GL_RG8UI => format == GL_RG_INTEGER && ty == GL_UNSIGNED_BYTE,
        GL_RG8I => format == GL_RG_INTEGER && ty == GL_BYTE,
        GL_RG16UI => format == GL_RG_INTEGER && ty == GL_UNSIGNED_SHORT,
        GL_RG16I => format == GL_RG_INTEGER && ty == GL_SHORT,
        GL_RG32UI => format == GL_RG_INTEGER && ty == GL_UNSIGNED_INT,
        GL_RG32I => format == GL_RG_INTEGER && ty == GL_INT,
        GL_R8 | GL_SR8_EXT => format == GL_RED && ty == GL_UNSIGNED_BYTE,
        GL_R8_SNORM => format == GL_RED && ty == GL_BYTE,
        GL_R16F => format == GL_RED && float_or_half,
        GL_R32F => format == GL_RED && ty == GL_FLOAT,
        GL_R8UI => format == GL_RED_INTEGER && ty == GL_UNSIGNED_BYTE,
        GL_R8I => format == GL_RED_INTEGER && ty == GL_BYTE,
        GL_R16UI => format == GL_RED_INTEGER && ty == GL_UNSIGNED_SHORT,
        GL_R16I => format == GL_RED_INTEGER && ty == GL_SHORT,
        GL_R32UI => format == GL_RED_INTEGER && ty == GL_UNSIGNED_INT,
        GL_R32I => format == GL_RED_INTEGER && ty == GL_INT,
        GL_R16 => format == GL_RED && ty == GL_UNSIGNED_SHORT,
        GL_RG16 => format == GL_RG && ty == GL_UNSIGNED_SHORT,
        GL_RGB16 => format == GL_RGB && ty == GL_UNSIGNED_SHORT,
        GL_RGBA16 => format == GL_RGBA && ty == GL_UNSIGNED_SHORT,
        GL_R16_SNORM => format == GL_RED && ty == GL_SHORT,
        GL_RG16_SNORM => format == GL_RG && ty == GL_SHORT,
        GL_RGB16_SNORM => format == GL_RGB && ty == GL_SHORT,
        GL_RGBA16_SNORM => format == GL_RGBA && ty == GL_SHORT,
        GL_BGRA8_EXT | GL_BGRA => format == GL_BGRA && ty == GL_UNSIGNED_BYTE,
        GL_DEPTH_COMPONENT16 => format == GL_DEPTH_COMPONENT && matches!(ty, GL_UNSIGNED_SHORT | GL_UNSIGNED_INT),
        GL_DEPTH_COMPONENT24 => format == GL_DEPTH_COMPONENT && ty == GL_UNSIGNED_INT,
        GL_DEPTH_COMPONENT32F => format == GL_DEPTH_COMPONENT && ty == GL_FLOAT,
        GL_DEPTH24_STENCIL8 => format == GL_DEPTH_STENCIL && ty == GL_UNSIGNED_INT_24_8,
        GL_DEPTH32F_STENCIL8 => format == GL_DEPTH_STENCIL && ty == GL_FLOAT_32_UNSIGNED_INT_24_8_REV,
        GL_STENCIL_INDEX8 | GL_STENCIL_INDEX => format == GL_STENCIL_INDEX && ty == GL_UNSIGNED_BYTE,
        // Unsized formats: the format must equal the internal format (ES 3.2 table 8.3).
        GL_RGBA => {
            format == GL_RGBA
                && (matches!(ty, GL_UNSIGNED_BYTE | GL_UNSIGNED_SHORT_4_4_4_4 | GL_UNSIGNED_SHORT_5_5_5_1)
                    || float_or_half)
        }
        GL_RGB => format == GL_RGB && (matches!(ty, GL_UNSIGNED_BYTE | GL_UNSIGNED_SHORT_5_6_5) || float_or_half),
        GL_LUMINANCE_ALPHA | GL_LUMINANCE | GL_ALPHA => {
            format == info.internal_format && (ty == GL_UNSIGNED_BYTE || float_or_half)
        }
        GL_DEPTH_COMPONENT => format == GL_DEPTH_COMPONENT && matches!(ty, GL_UNSIGNED_SHORT | GL_UNSIGNED_INT),
        GL_DEPTH_STENCIL => format == GL_DEPTH_STENCIL && ty == GL_UNSIGNED_INT_24_8,
        // S3TC, RGTC and BPTC on ES, compressed by the GL from colour data in plain
        // (unpacked) types, as the ES forms of their extensions allow.
        _ if info.block().is_some() => {
            format_fits(info, format) && (matches!(ty, GL_UNSIGNED_BYTE | GL_BYTE) || float_or_half)
        }
        _ => return Err(GlError::InvalidValue),
    };
    if ok {
        Ok(())
    } else {
        Err(GlError::InvalidOperation)
    }
}
