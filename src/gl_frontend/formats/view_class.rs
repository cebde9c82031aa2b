//! GL_ARB_texture_view's compatibility classes: a texture view may reinterpret its
//! original's texels as any internal format of the same class (texels of one size, or
//! compressed blocks of one layout); a format outside every class views only as itself.

use crate::gl::*;

/// A class of internal formats whose texels a texture view may reinterpret one as another.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ViewClass {
    Bits128,
    Bits96,
    Bits64,
    Bits48,
    Bits32,
    Bits24,
    Bits16,
    Bits8,
    Rgtc1Red,
    Rgtc2Rg,
    BptcUnorm,
    BptcFloat,
    S3tcDxt1Rgb,
    S3tcDxt1Rgba,
    S3tcDxt3Rgba,
    S3tcDxt5Rgba,
}

/// The members of every class.
const CLASSES: &[(ViewClass, &[u32])] = &[
    (ViewClass::Bits128, &[GL_RGBA32F, GL_RGBA32UI, GL_RGBA32I]),
    (ViewClass::Bits96, &[GL_RGB32F, GL_RGB32UI, GL_RGB32I]),
    (ViewClass::Bits64, &[GL_RGBA16F, GL_RG32F, GL_RGBA16UI, GL_RG32UI, GL_RGBA16I, GL_RG32I, GL_RGBA16, GL_RGBA16_SNORM]),
    (ViewClass::Bits48, &[GL_RGB16, GL_RGB16_SNORM, GL_RGB16F, GL_RGB16UI, GL_RGB16I]),
    (
        ViewClass::Bits32,
        &[
            GL_RG16F, GL_R11F_G11F_B10F, GL_R32F, GL_RGB10_A2UI, GL_RGBA8UI, GL_RG16UI, GL_R32UI, GL_RGBA8I, GL_RG16I, GL_R32I, GL_RGB10_A2, GL_RGBA8, GL_RG16,
            GL_RGBA8_SNORM, GL_RG16_SNORM, GL_SRGB8_ALPHA8, GL_RGB9_E5,
        ],
    ),
    (ViewClass::Bits24, &[GL_RGB8, GL_RGB8_SNORM, GL_SRGB8, GL_RGB8UI, GL_RGB8I]),
    (ViewClass::Bits16, &[GL_R16F, GL_RG8UI, GL_R16UI, GL_RG8I, GL_R16I, GL_RG8, GL_R16, GL_RG8_SNORM, GL_R16_SNORM]),
    (ViewClass::Bits8, &[GL_R8UI, GL_R8I, GL_R8, GL_R8_SNORM]),
    (ViewClass::Rgtc1Red, &[GL_COMPRESSED_RED_RGTC1, GL_COMPRESSED_SIGNED_RED_RGTC1]),
    (ViewClass::Rgtc2Rg, &[GL_COMPRESSED_RG_RGTC2, GL_COMPRESSED_SIGNED_RG_RGTC2]),
    (ViewClass::BptcUnorm, &[GL_COMPRESSED_RGBA_BPTC_UNORM, GL_COMPRESSED_SRGB_ALPHA_BPTC_UNORM]),
    (ViewClass::BptcFloat, &[GL_COMPRESSED_RGB_BPTC_SIGNED_FLOAT, GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT]),
    (ViewClass::S3tcDxt1Rgb, &[GL_COMPRESSED_RGB_S3TC_DXT1_EXT, GL_COMPRESSED_SRGB_S3TC_DXT1_EXT]),
    (ViewClass::S3tcDxt1Rgba, &[GL_COMPRESSED_RGBA_S3TC_DXT1_EXT, GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT1_EXT]),
    (ViewClass::S3tcDxt3Rgba, &[GL_COMPRESSED_RGBA_S3TC_DXT3_EXT, GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT3_EXT]),
    (ViewClass::S3tcDxt5Rgba, &[GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT5_EXT]),
];

/// The class `internal_format` belongs to, `None` for a format in no class.
pub fn view_class(internal_format: u32) -> Option<ViewClass> {
    CLASSES.iter().find(|(_, members)| members.contains(&internal_format)).map(|&(class, _)| class)
}

/// Whether a texture of `original` may be viewed as `view`: the same format, or two of one class.
pub fn view_compatible(original: u32, view: u32) -> bool {
    original == view || view_class(original).is_some_and(|class| view_class(view) == Some(class))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_follow_texel_size() {
        assert!(view_compatible(GL_RGBA8, GL_R32UI));
        assert!(view_compatible(GL_RGBA8, GL_SRGB8_ALPHA8));
        assert!(view_compatible(GL_RGB9_E5, GL_RG16F));
        assert!(!view_compatible(GL_RGBA8, GL_RGB8));
        assert!(!view_compatible(GL_RGBA32F, GL_RGB32F));
        assert!(!view_compatible(GL_COMPRESSED_RED_RGTC1, GL_COMPRESSED_RG_RGTC2));
    }

    #[test]
    fn formats_outside_every_class_view_only_as_themselves() {
        assert!(view_compatible(GL_DEPTH_COMPONENT24, GL_DEPTH_COMPONENT24));
        assert!(!view_compatible(GL_DEPTH_COMPONENT24, GL_DEPTH_COMPONENT32F));
        assert!(!view_compatible(GL_RGB5_A1, GL_RGBA4));
    }
}
