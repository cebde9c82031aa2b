//! Bad input gets an error value, never a panic: every format, type and internal format
//! (valid or not) against odd pixel-store states and buffers of every short length.

use gl_formats::gl::*;
use gl_formats::{
    image_size, pack, unpack, validate_upload, Api, Extent, FormatInfo, GlError, PixelStore, TexelFormat,
};

const FORMATS: &[u32] = &[
    GL_RED,
    GL_GREEN,
    GL_BLUE,
    GL_ALPHA,
    GL_RG,
    GL_RGB,
    GL_BGR,
    GL_RGBA,
    GL_BGRA,
    GL_ABGR_EXT,
    GL_LUMINANCE,
    GL_LUMINANCE_ALPHA,
    GL_RED_INTEGER,
    GL_RGB_INTEGER,
    GL_RGBA_INTEGER,
    GL_BGRA_INTEGER,
    GL_DEPTH_COMPONENT,
    GL_STENCIL_INDEX,
    GL_DEPTH_STENCIL,
    GL_COLOR_INDEX,
    0,
    0xFFFF_FFFF,
];

const TYPES: &[u32] = &[
    GL_UNSIGNED_BYTE,
    GL_BYTE,
    GL_UNSIGNED_SHORT,
    GL_SHORT,
    GL_UNSIGNED_INT,
    GL_INT,
    GL_HALF_FLOAT,
    GL_FLOAT,
    GL_UNSIGNED_BYTE_3_3_2,
    GL_UNSIGNED_SHORT_5_6_5_REV,
    GL_UNSIGNED_SHORT_4_4_4_4,
    GL_UNSIGNED_SHORT_1_5_5_5_REV,
    GL_UNSIGNED_INT_8_8_8_8_REV,
    GL_UNSIGNED_INT_10_10_10_2,
    GL_UNSIGNED_INT_10F_11F_11F_REV,
    GL_UNSIGNED_INT_5_9_9_9_REV,
    GL_UNSIGNED_INT_24_8,
    GL_FLOAT_32_UNSIGNED_INT_24_8_REV,
    GL_BITMAP,
    0x1234,
];

#[test]
fn every_combination_returns_a_value() {
    let stores = [
        PixelStore::default(),
        PixelStore {
            alignment: 8,
            row_length: 3,
            skip_pixels: 2,
            skip_rows: 1,
            swap_bytes: true,
            ..PixelStore::default()
        },
        PixelStore { alignment: 0, image_height: 1, skip_images: 1, ..PixelStore::default() },
    ];
    let extent = Extent::new(2, 2, 2);
    let mut refused_short = 0;
    for info in FormatInfo::all().iter().step_by(3) {
        let texels = TexelFormat::native(info);
        for &format in FORMATS {
            for &ty in TYPES {
                for api in [
                    Api::Core { major: 4, minor: 6 },
                    Api::Compat { major: 3, minor: 0 },
                    Api::Es { major: 3, minor: 2 },
                ] {
                    let _ = validate_upload(info.internal_format, format, ty, api);
                }
                for store in &stores {
                    let Some(size) = image_size(store, format, ty, extent) else { continue };
                    let full = vec![0x5Au8; size];
                    let Ok(stored) = unpack(store, format, ty, extent, &full, texels) else { continue };
                    // One byte short is refused, on both sides.
                    if size > 0 {
                        assert_eq!(
                            unpack(store, format, ty, extent, &full[..size - 1], texels),
                            Err(GlError::InvalidOperation)
                        );
                        let mut short = vec![0u8; size - 1];
                        assert_eq!(
                            pack(store, format, ty, extent, &stored, texels, &mut short),
                            Err(GlError::InvalidOperation)
                        );
                        refused_short += 1;
                    }
                    let mut out = vec![0u8; size];
                    assert_eq!(pack(store, format, ty, extent, &stored, texels, &mut out), Ok(()));
                }
            }
        }
    }
    assert!(refused_short > 100);
}

#[test]
fn compressed_texel_formats_refuse_pixel_transfer() {
    let dxt1 = TexelFormat::native(FormatInfo::lookup(GL_COMPRESSED_RGB_S3TC_DXT1_EXT).unwrap());
    let r = unpack(&PixelStore::default(), GL_RGBA, GL_UNSIGNED_BYTE, Extent::new(4, 4, 1), &[0; 64], dxt1);
    assert_eq!(r, Err(GlError::InvalidOperation));
}
