//! The client-memory layout of a (format, type) pair (GL 4.6 tables 8.2 to 8.5, 8.8): which
//! elements a pixel has, in which order, and how its bits are packed.

use crate::error::GlError;
use crate::gl::*;
use crate::layout::{Elem, Encoding, FieldKind, Layout, Slot};

/// The components of a client format in memory order, and whether it is an integer format.
/// `None` when `format` is not a pixel format.
pub(crate) fn format_slots(format: u32) -> Option<(&'static [Slot], bool)> {
    use Slot::*;
    Some(match format {
        GL_RED => (&[R], false),
        GL_GREEN => (&[G], false),
        GL_BLUE => (&[B], false),
        GL_ALPHA => (&[A], false),
        GL_RG => (&[R, G], false),
        GL_RGB => (&[R, G, B], false),
        GL_BGR => (&[B, G, R], false),
        GL_RGBA => (&[R, G, B, A], false),
        GL_BGRA => (&[B, G, R, A], false),
        GL_ABGR_EXT => (&[A, B, G, R], false),
        GL_LUMINANCE => (&[L], false),
        GL_LUMINANCE_ALPHA => (&[L, A], false),
        GL_LUMINANCE_INTEGER_EXT => (&[L], true),
        GL_LUMINANCE_ALPHA_INTEGER_EXT => (&[L, A], true),
        GL_RED_INTEGER => (&[R], true),
        GL_GREEN_INTEGER => (&[G], true),
        GL_BLUE_INTEGER => (&[B], true),
        GL_ALPHA_INTEGER => (&[A], true),
        GL_RG_INTEGER => (&[R, G], true),
        GL_RGB_INTEGER => (&[R, G, B], true),
        GL_BGR_INTEGER => (&[B, G, R], true),
        GL_RGBA_INTEGER => (&[R, G, B, A], true),
        GL_BGRA_INTEGER => (&[B, G, R, A], true),
        GL_DEPTH_COMPONENT => (&[Depth], false),
        GL_STENCIL_INDEX => (&[Stencil], false),
        GL_DEPTH_STENCIL => (&[Depth, Stencil], false),
        _ => return None,
    })
}

/// The scalar element of a non-packed type.
pub(crate) fn type_elem(ty: u32) -> Option<Elem> {
    Some(match ty {
        GL_UNSIGNED_BYTE => Elem::U8,
        GL_BYTE => Elem::I8,
        GL_UNSIGNED_SHORT => Elem::U16,
        GL_SHORT => Elem::I16,
        GL_UNSIGNED_INT => Elem::U32,
        GL_INT => Elem::I32,
        GL_HALF_FLOAT | GL_HALF_FLOAT_OES => Elem::F16,
        GL_FLOAT => Elem::F32,
        _ => return None,
    })
}

/// A packed type: word bytes, field widths in component order, and whether reversed.
fn packed_type(ty: u32) -> Option<(u8, &'static [u8], bool)> {
    Some(match ty {
        GL_UNSIGNED_BYTE_3_3_2 => (1, &[3, 3, 2], false),
        GL_UNSIGNED_BYTE_2_3_3_REV => (1, &[3, 3, 2], true),
        GL_UNSIGNED_SHORT_5_6_5 => (2, &[5, 6, 5], false),
        GL_UNSIGNED_SHORT_5_6_5_REV => (2, &[5, 6, 5], true),
        GL_UNSIGNED_SHORT_4_4_4_4 => (2, &[4, 4, 4, 4], false),
        GL_UNSIGNED_SHORT_4_4_4_4_REV => (2, &[4, 4, 4, 4], true),
        GL_UNSIGNED_SHORT_5_5_5_1 => (2, &[5, 5, 5, 1], false),
        GL_UNSIGNED_SHORT_1_5_5_5_REV => (2, &[5, 5, 5, 1], true),
        GL_UNSIGNED_INT_8_8_8_8 => (4, &[8, 8, 8, 8], false),
        GL_UNSIGNED_INT_8_8_8_8_REV => (4, &[8, 8, 8, 8], true),
        GL_UNSIGNED_INT_10_10_10_2 => (4, &[10, 10, 10, 2], false),
        GL_UNSIGNED_INT_2_10_10_10_REV => (4, &[10, 10, 10, 2], true),
        _ => return None,
    })
}

/// Whether `ty` is a pixel type at all (including GL_BITMAP).
pub(crate) fn is_pixel_type(ty: u32) -> bool {
    type_elem(ty).is_some()
        || packed_type(ty).is_some()
        || matches!(
            ty,
            GL_UNSIGNED_INT_10F_11F_11F_REV
                | GL_UNSIGNED_INT_5_9_9_9_REV
                | GL_UNSIGNED_INT_24_8
                | GL_FLOAT_32_UNSIGNED_INT_24_8_REV
                | GL_BITMAP
        )
}

/// Whether `ty` is one of the float types an integer format may not use.
pub(crate) fn is_float_type(ty: u32) -> bool {
    matches!(
        ty,
        GL_FLOAT | GL_HALF_FLOAT | GL_HALF_FLOAT_OES | GL_UNSIGNED_INT_10F_11F_11F_REV | GL_UNSIGNED_INT_5_9_9_9_REV
    )
}

/// The formats a packed type may be used with (GL 4.6 table 8.8; BGR takes no packed type).
fn packed_type_allows(ty: u32, format: u32) -> bool {
    let rgb = matches!(format, GL_RGB | GL_RGB_INTEGER);
    let rgba = matches!(format, GL_RGBA | GL_BGRA | GL_RGBA_INTEGER | GL_BGRA_INTEGER);
    match ty {
        GL_UNSIGNED_BYTE_3_3_2 | GL_UNSIGNED_BYTE_2_3_3_REV | GL_UNSIGNED_SHORT_5_6_5 | GL_UNSIGNED_SHORT_5_6_5_REV => {
            rgb
        }
        GL_UNSIGNED_SHORT_4_4_4_4
        | GL_UNSIGNED_SHORT_4_4_4_4_REV
        | GL_UNSIGNED_INT_8_8_8_8
        | GL_UNSIGNED_INT_8_8_8_8_REV => rgba || format == GL_ABGR_EXT,
        GL_UNSIGNED_SHORT_5_5_5_1
        | GL_UNSIGNED_SHORT_1_5_5_5_REV
        | GL_UNSIGNED_INT_10_10_10_2
        | GL_UNSIGNED_INT_2_10_10_10_REV => rgba,
        GL_UNSIGNED_INT_10F_11F_11F_REV | GL_UNSIGNED_INT_5_9_9_9_REV => format == GL_RGB,
        GL_UNSIGNED_INT_24_8 | GL_FLOAT_32_UNSIGNED_INT_24_8_REV => format == GL_DEPTH_STENCIL,
        _ => true,
    }
}

/// The layout of `format`/`type` in client memory, or the error the specification names for
/// the pair: INVALID_ENUM for a value that is no format or type, for DEPTH_STENCIL with a type
/// that is not a depth-stencil one, and for integer formats with FLOAT or HALF_FLOAT
/// (EXT_texture_integer's rule); INVALID_OPERATION for a packed type with a format table 8.8
/// does not pair it with.
pub(crate) fn client_layout(format: u32, ty: u32) -> Result<Layout, GlError> {
    let (slots, integer) = format_slots(format).ok_or(GlError::InvalidEnum)?;
    if !is_pixel_type(ty) || ty == GL_BITMAP {
        return Err(GlError::InvalidEnum);
    }
    if format == GL_DEPTH_STENCIL && !matches!(ty, GL_UNSIGNED_INT_24_8 | GL_FLOAT_32_UNSIGNED_INT_24_8_REV) {
        return Err(GlError::InvalidEnum);
    }
    if !packed_type_allows(ty, format) {
        return Err(GlError::InvalidOperation);
    }
    if integer && is_float_type(ty) {
        return Err(GlError::InvalidEnum);
    }
    if let Some(elem) = type_elem(ty) {
        return Ok(Layout::array(elem, slots, integer));
    }
    Ok(match ty {
        GL_UNSIGNED_INT_24_8 => Layout::packed(4, &[24, 8], slots, false, FieldKind::Unsigned, false),
        GL_FLOAT_32_UNSIGNED_INT_24_8_REV => Layout { encoding: Encoding::Float32Stencil8, integer: false },
        GL_UNSIGNED_INT_10F_11F_11F_REV => Layout::packed(4, &[11, 11, 10], slots, true, FieldKind::UFloat, false),
        GL_UNSIGNED_INT_5_9_9_9_REV => Layout { encoding: Encoding::Rgb9E5, integer: false },
        _ => {
            let (word_bytes, bits, reversed) = packed_type(ty).ok_or(GlError::InvalidEnum)?;
            if slots.len() != bits.len() {
                return Err(GlError::InvalidOperation);
            }
            Layout::packed(word_bytes, bits, slots, reversed, FieldKind::Unsigned, integer)
        }
    })
}
