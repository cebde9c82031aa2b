//! The GL error each illegal format/type/internal-format combination earns.

use gl_formats::gl::*;
use gl_formats::{validate_pack, validate_sized_format, validate_upload, Api, FormatInfo, GlError};

const CORE: Api = Api::Core { major: 4, minor: 6 };
const COMPAT: Api = Api::Compat { major: 4, minor: 6 };
const ES32: Api = Api::Es { major: 3, minor: 2 };
const ES20: Api = Api::Es { major: 2, minor: 0 };

#[test]
fn legal_desktop_uploads() {
    for (internal, format, ty) in [
        (GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE),
        (GL_RGBA8, GL_BGRA, GL_UNSIGNED_INT_8_8_8_8_REV),
        (GL_RGB8, GL_RGB, GL_UNSIGNED_SHORT_5_6_5),
        (GL_RGBA32F, GL_RGBA, GL_HALF_FLOAT),
        (GL_R8, GL_RED, GL_FLOAT),
        (GL_RGBA16I, GL_RGBA_INTEGER, GL_SHORT),
        (GL_RGB10_A2UI, GL_RGBA_INTEGER, GL_UNSIGNED_INT_2_10_10_10_REV),
        (GL_DEPTH_COMPONENT24, GL_DEPTH_COMPONENT, GL_FLOAT),
        (GL_DEPTH24_STENCIL8, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8),
        (GL_DEPTH32F_STENCIL8, GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV),
        (GL_STENCIL_INDEX8, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE),
        (GL_R11F_G11F_B10F, GL_RGB, GL_UNSIGNED_INT_10F_11F_11F_REV),
    ] {
        assert_eq!(validate_upload(internal, format, ty, CORE), Ok(()), "{internal:#x} {format:#x} {ty:#x}");
    }
    assert_eq!(validate_upload(GL_LUMINANCE8_ALPHA8, GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE, COMPAT), Ok(()));
    assert_eq!(validate_upload(GL_INTENSITY16, GL_RGBA, GL_FLOAT, COMPAT), Ok(()));
}

#[test]
fn unknown_values_are_invalid_enum() {
    assert_eq!(validate_upload(GL_RGBA8, GL_RGBA, 0x1234, CORE), Err(GlError::InvalidEnum));
    assert_eq!(validate_upload(GL_RGBA8, 0x1234, GL_UNSIGNED_BYTE, CORE), Err(GlError::InvalidEnum));
    // DEPTH_STENCIL with a type that is not a depth-stencil one.
    assert_eq!(validate_upload(GL_DEPTH24_STENCIL8, GL_DEPTH_STENCIL, GL_FLOAT, CORE), Err(GlError::InvalidEnum));
    // Integer formats with float types (EXT_texture_integer names INVALID_ENUM).
    assert_eq!(validate_upload(GL_RGBA8UI, GL_RGBA_INTEGER, GL_FLOAT, CORE), Err(GlError::InvalidEnum));
    assert_eq!(validate_upload(GL_RGBA8UI, GL_RGBA_INTEGER, GL_HALF_FLOAT, CORE), Err(GlError::InvalidEnum));
    // The core profile has no legacy client formats.
    assert_eq!(validate_upload(GL_R8, GL_LUMINANCE, GL_UNSIGNED_BYTE, CORE), Err(GlError::InvalidEnum));
    assert_eq!(validate_upload(GL_R8, GL_LUMINANCE, GL_UNSIGNED_BYTE, COMPAT), Ok(()));
    // ES has no BGR format and no 3_3_2 type.
    assert_eq!(validate_upload(GL_RGB8, GL_BGR, GL_UNSIGNED_BYTE, ES32), Err(GlError::InvalidEnum));
    assert_eq!(validate_upload(GL_RGB8, GL_RGB, GL_UNSIGNED_BYTE_3_3_2, ES32), Err(GlError::InvalidEnum));
}

#[test]
fn unknown_or_unavailable_internal_formats_are_invalid_value() {
    assert_eq!(validate_upload(0x9999, GL_RGBA, GL_UNSIGNED_BYTE, CORE), Err(GlError::InvalidValue));
    // Legacy formats do not exist in the core profile.
    assert_eq!(validate_upload(GL_LUMINANCE8, GL_LUMINANCE, GL_UNSIGNED_BYTE, CORE), Err(GlError::InvalidValue));
    assert_eq!(validate_upload(4, GL_RGBA, GL_UNSIGNED_BYTE, CORE), Err(GlError::InvalidValue));
    assert_eq!(validate_upload(4, GL_RGBA, GL_UNSIGNED_BYTE, COMPAT), Ok(()));
    // R8 is GL 3.0: a 2.1 context does not have it.
    assert_eq!(
        validate_upload(GL_R8, GL_RED, GL_UNSIGNED_BYTE, Api::Compat { major: 2, minor: 1 }),
        Err(GlError::InvalidValue)
    );
}

#[test]
fn illegal_combinations_are_invalid_operation() {
    // Packed type with the wrong component count.
    assert_eq!(validate_upload(GL_RGBA8, GL_RGBA, GL_UNSIGNED_SHORT_5_6_5, CORE), Err(GlError::InvalidOperation));
    assert_eq!(validate_upload(GL_RGBA8, GL_RGB, GL_UNSIGNED_INT_8_8_8_8, CORE), Err(GlError::InvalidOperation));
    // 24_8 with a colour format.
    assert_eq!(validate_upload(GL_RGBA8, GL_RGBA, GL_UNSIGNED_INT_24_8, CORE), Err(GlError::InvalidOperation));
    // BGR takes no packed type; 5_5_5_1 has no ABGR form.
    assert_eq!(validate_upload(GL_RGB8, GL_BGR, GL_UNSIGNED_SHORT_5_6_5, CORE), Err(GlError::InvalidOperation));
    assert_eq!(validate_upload(GL_RGBA8, GL_ABGR_EXT, GL_UNSIGNED_SHORT_5_5_5_1, CORE), Err(GlError::InvalidOperation));
    assert_eq!(validate_upload(GL_RGBA8, GL_ABGR_EXT, GL_UNSIGNED_SHORT_4_4_4_4, CORE), Ok(()));
    // Integer texture with a non-integer format, and the other way round.
    assert_eq!(validate_upload(GL_RGBA8UI, GL_RGBA, GL_UNSIGNED_BYTE, CORE), Err(GlError::InvalidOperation));
    assert_eq!(validate_upload(GL_RGBA8, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, CORE), Err(GlError::InvalidOperation));
    // Depth texture with colour data, colour texture with depth data.
    assert_eq!(validate_upload(GL_DEPTH_COMPONENT24, GL_RGBA, GL_FLOAT, CORE), Err(GlError::InvalidOperation));
    assert_eq!(validate_upload(GL_RGBA8, GL_DEPTH_COMPONENT, GL_FLOAT, CORE), Err(GlError::InvalidOperation));
    // Depth data with or without stencil fits either depth base.
    assert_eq!(validate_upload(GL_DEPTH24_STENCIL8, GL_DEPTH_COMPONENT, GL_FLOAT, CORE), Ok(()));
    assert_eq!(validate_upload(GL_DEPTH_COMPONENT16, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, CORE), Ok(()));
    assert_eq!(validate_upload(GL_DEPTH_COMPONENT24, GL_STENCIL_INDEX, GL_INT, CORE), Err(GlError::InvalidOperation));
    // 10F_11F_11F_REV needs RGB.
    assert_eq!(
        validate_upload(GL_RGBA16F, GL_RGBA, GL_UNSIGNED_INT_10F_11F_11F_REV, CORE),
        Err(GlError::InvalidOperation)
    );
}

#[test]
fn es_accepts_only_its_table() {
    assert_eq!(validate_upload(GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, ES32), Ok(()));
    assert_eq!(validate_upload(GL_RGBA16F, GL_RGBA, GL_FLOAT, ES32), Ok(()));
    assert_eq!(validate_upload(GL_RGB565, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, ES32), Ok(()));
    assert_eq!(validate_upload(GL_LUMINANCE, GL_LUMINANCE, GL_UNSIGNED_BYTE, ES20), Ok(()));
    // Desktop would convert, ES refuses: RGBA8 from FLOAT, RGBA32F from HALF_FLOAT, unsized mismatch.
    assert_eq!(validate_upload(GL_RGBA8, GL_RGBA, GL_FLOAT, ES32), Err(GlError::InvalidOperation));
    assert_eq!(validate_upload(GL_RGBA32F, GL_RGBA, GL_HALF_FLOAT, ES32), Err(GlError::InvalidOperation));
    assert_eq!(validate_upload(GL_RGB, GL_RGBA, GL_UNSIGNED_BYTE, ES20), Err(GlError::InvalidOperation));
    // HALF_FLOAT (as opposed to HALF_FLOAT_OES) does not exist in ES 2.0.
    assert_eq!(validate_upload(GL_RGBA, GL_RGBA, GL_HALF_FLOAT, ES20), Err(GlError::InvalidEnum));
    // Sized formats are ES 3.0.
    assert_eq!(validate_upload(GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, ES20), Err(GlError::InvalidValue));
}

#[test]
fn read_back_checks() {
    let rgba8 = FormatInfo::lookup(GL_RGBA8).unwrap();
    let r32ui = FormatInfo::lookup(GL_R32UI).unwrap();
    let depth = FormatInfo::lookup(GL_DEPTH_COMPONENT24).unwrap();
    assert_eq!(validate_pack(rgba8, GL_BGRA, GL_UNSIGNED_BYTE, CORE), Ok(()));
    assert_eq!(validate_pack(rgba8, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, CORE), Err(GlError::InvalidOperation));
    assert_eq!(validate_pack(r32ui, GL_RGBA, GL_FLOAT, CORE), Err(GlError::InvalidOperation));
    assert_eq!(validate_pack(rgba8, GL_DEPTH_COMPONENT, GL_FLOAT, CORE), Err(GlError::InvalidOperation));
    assert_eq!(validate_pack(depth, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, CORE), Ok(()));
    assert_eq!(validate_pack(depth, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, CORE), Err(GlError::InvalidOperation));
    // ES: RGBA/UNSIGNED_BYTE always, RGBA_INTEGER/UNSIGNED_INT for unsigned integer buffers,
    // the implementation's pair, and nothing else.
    assert_eq!(validate_pack(rgba8, GL_RGBA, GL_UNSIGNED_BYTE, ES32), Ok(()));
    assert_eq!(validate_pack(rgba8, GL_RGB, GL_UNSIGNED_BYTE, ES32), Err(GlError::InvalidOperation));
    assert_eq!(validate_pack(r32ui, GL_RGBA_INTEGER, GL_UNSIGNED_INT, ES32), Ok(()));
    assert_eq!(validate_pack(r32ui, GL_RED_INTEGER, GL_UNSIGNED_INT, ES32), Ok(()));
    assert_eq!(validate_pack(r32ui, GL_RGBA_INTEGER, GL_INT, ES32), Err(GlError::InvalidOperation));
    assert_eq!(validate_pack(depth, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, ES32), Err(GlError::InvalidOperation));
    // The legacy integer luminance formats exist only in the compatibility profile.
    let l8ui = FormatInfo::lookup(GL_LUMINANCE8UI_EXT).unwrap();
    assert_eq!(validate_pack(l8ui, GL_LUMINANCE_INTEGER_EXT, GL_UNSIGNED_BYTE, COMPAT), Ok(()));
    assert_eq!(validate_pack(r32ui, GL_LUMINANCE_INTEGER_EXT, GL_UNSIGNED_INT, CORE), Err(GlError::InvalidEnum));
}

#[test]
fn storage_formats_must_be_sized() {
    assert!(validate_sized_format(GL_RGBA8, CORE).is_ok());
    assert_eq!(validate_sized_format(GL_RGBA, CORE), Err(GlError::InvalidEnum));
    assert_eq!(validate_sized_format(0x9999, CORE), Err(GlError::InvalidEnum));
    assert_eq!(validate_sized_format(GL_ALPHA8, CORE), Err(GlError::InvalidEnum));
    assert!(validate_sized_format(GL_ALPHA8, COMPAT).is_ok());
}

#[test]
fn errors_carry_gl_codes() {
    assert_eq!(GlError::InvalidEnum.code(), 0x0500);
    assert_eq!(GlError::InvalidValue.code(), 0x0501);
    assert_eq!(GlError::InvalidOperation.code(), 0x0502);
}
