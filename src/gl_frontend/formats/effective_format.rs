//! The sized format an unsized internal format becomes, which depends on the upload's type
//! (ES 3.2 table 8.3's effective internal formats; on desktop GL only where the type says
//! more than eight bits are wanted).

use crate::api::Api;
use crate::gl::*;

/// The internal format a texture made with `internal_format` from data of type `ty` gets.
/// Sized formats are returned unchanged, and so are unsized ones the table keeps as they are.
pub fn effective_internal_format(internal_format: u32, ty: u32, api: Api) -> u32 {
    let float = ty == GL_FLOAT;
    let half = ty == GL_HALF_FLOAT || ty == GL_HALF_FLOAT_OES;
    if api.is_es() {
        return match (internal_format, ty) {
            (GL_RGBA, GL_UNSIGNED_BYTE) => GL_RGBA8,
            (GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4) => GL_RGBA4,
            (GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1) => GL_RGB5_A1,
            (GL_RGBA, _) if float => GL_RGBA32F,
            (GL_RGBA, _) if half => GL_RGBA16F,
            (GL_RGB, GL_UNSIGNED_BYTE) => GL_RGB8,
            (GL_RGB, GL_UNSIGNED_SHORT_5_6_5) => GL_RGB565,
            (GL_RGB, _) if float => GL_RGB32F,
            (GL_RGB, _) if half => GL_RGB16F,
            (GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE) => GL_LUMINANCE8_ALPHA8,
            (GL_LUMINANCE_ALPHA, _) if float => GL_LUMINANCE_ALPHA32F_ARB,
            (GL_LUMINANCE_ALPHA, _) if half => GL_LUMINANCE_ALPHA16F_ARB,
            (GL_LUMINANCE, GL_UNSIGNED_BYTE) => GL_LUMINANCE8,
            (GL_LUMINANCE, _) if float => GL_LUMINANCE32F_ARB,
            (GL_LUMINANCE, _) if half => GL_LUMINANCE16F_ARB,
            (GL_ALPHA, GL_UNSIGNED_BYTE) => GL_ALPHA8,
            (GL_ALPHA, _) if float => GL_ALPHA32F_ARB,
            (GL_ALPHA, _) if half => GL_ALPHA16F_ARB,
            (GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT) => GL_DEPTH_COMPONENT16,
            (GL_DEPTH_COMPONENT, GL_UNSIGNED_INT) => GL_DEPTH_COMPONENT24,
            (GL_DEPTH_COMPONENT, GL_FLOAT) => GL_DEPTH_COMPONENT32F,
            (GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8) => GL_DEPTH24_STENCIL8,
            (GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV) => GL_DEPTH32F_STENCIL8,
            (GL_BGRA, GL_UNSIGNED_BYTE) => GL_BGRA8_EXT,
            _ => internal_format,
        };
    }
    match (internal_format, ty) {
        (GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV) => GL_RGB10_A2,
        (GL_RGB, GL_UNSIGNED_INT_2_10_10_10_REV) => GL_RGB10,
        (GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV) => GL_DEPTH32F_STENCIL8,
        _ => internal_format,
    }
}
