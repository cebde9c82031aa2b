//! A GL format as it is actually stored on a device: its table entry plus the storage format
//! chosen for it, which is the preferred one or a fallback the device supports.

use crate::info::{Comp, ComponentKind, FormatInfo};
use crate::storage::StorageFormat;

/// A GL internal format and the storage format its texels live in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TexelFormat {
    pub info: &'static FormatInfo,
    pub storage: StorageFormat,
}

impl TexelFormat {
    /// The format in its preferred storage.
    pub fn native(info: &'static FormatInfo) -> TexelFormat {
        TexelFormat { info, storage: info.storage }
    }

    /// The preferred storage if `supported` accepts it, else the first supported fallback;
    /// `None` when the device has none of them.
    pub fn choose(info: &'static FormatInfo, supported: &dyn Fn(StorageFormat) -> bool) -> Option<TexelFormat> {
        std::iter::once(info.storage)
            .chain(fallbacks(info.storage).iter().copied())
            .find(|&s| supported(s))
            .map(|storage| TexelFormat { info, storage })
    }

    /// Whether uploads must be decompressed on the CPU (a compressed format stored
    /// uncompressed because the device cannot sample it).
    pub fn needs_decompression(&self) -> bool {
        self.info.storage.block().is_some() && self.storage.block().is_none()
    }

    /// The bits each stored channel keeps when a wider fallback holds a normalised format
    /// (RGB5_A1 in RGBA8, R16 in R32F): values are rounded to them so that texels read
    /// back as the GL format's own sizes say. `None` when the storage is the format's own,
    /// or its values are float, integer, sRGB-encoded (rounded in the storage already) or
    /// decoded from compressed blocks.
    pub fn narrowed_bits(&self) -> Option<[u8; 4]> {
        let info = self.info;
        let normalised = matches!(info.kind, ComponentKind::Unorm | ComponentKind::Snorm);
        // Compressed formats decode exactly into their fallback: nothing to round.
        if self.storage == info.storage || !normalised || info.srgb || !info.base.is_color() || info.block().is_some() {
            return None;
        }
        let b = info.bits;
        Some(info.store.map(|comp| match comp {
            Comp::R => b.red,
            Comp::G => b.green,
            Comp::B => b.blue,
            Comp::A => b.alpha,
            Comp::L => b.luminance,
            Comp::I => b.intensity,
            Comp::Zero | Comp::One => 0,
        }))
    }
}

/// Storage formats that can stand in for `storage`, best first (for compressed formats, those
/// `decompress` decodes into). Each keeps every bit of the
/// original's range and precision (RGB9_E5 fits exactly in half floats, unorm16 in f32) and
/// names channels the same way, so a format's channel assignment holds for its fallbacks.
pub fn fallbacks(storage: StorageFormat) -> &'static [StorageFormat] {
    use StorageFormat::*;
    match storage {
        R8Srgb | Rg8Srgb | Rgb8Srgb | Bgra8Srgb => &[Rgba8Srgb],
        Rgb8Unorm | Bgra8Unorm | R5G6B5Unorm | Rgba4Unorm | Rgb5A1Unorm => &[Rgba8Unorm],
        Rgb8Snorm => &[Rgba8Snorm],
        Rgb8Uint => &[Rgba8Uint],
        Rgb8Sint => &[Rgba8Sint],
        R16Unorm | R16Snorm => &[R32Float],
        Rg16Unorm | Rg16Snorm => &[Rg32Float],
        Rgba16Unorm | Rgba16Snorm => &[Rgba32Float],
        Rgb16Unorm => &[Rgba16Unorm, Rgba32Float],
        Rgb16Snorm => &[Rgba16Snorm, Rgba32Float],
        Rgb16Float => &[Rgba16Float, Rgba32Float],
        Rgb16Uint => &[Rgba16Uint],
        Rgb16Sint => &[Rgba16Sint],
        Rgb32Float => &[Rgba32Float],
        Rgb32Uint => &[Rgba32Uint],
        Rgb32Sint => &[Rgba32Sint],
        Rg11B10Float | Rgb9E5Float => &[Rgba16Float, Rgba32Float],
        D16Unorm | D24Unorm => &[D32Float],
        D24UnormS8Uint => &[D32FloatS8Uint],
        D32FloatS8Uint => &[D24UnormS8Uint],
        S8Uint => &[D24UnormS8Uint, D32FloatS8Uint],
        Bc1RgbUnorm | Bc1RgbaUnorm | Bc2Unorm | Bc3Unorm | Bc7Unorm => &[Rgba8Unorm],
        Etc2Rgb8Unorm | Etc2Rgb8A1Unorm | Etc2Rgba8Unorm => &[Rgba8Unorm],
        Bc1RgbSrgb | Bc1RgbaSrgb | Bc2Srgb | Bc3Srgb | Bc7Srgb => &[Rgba8Srgb],
        Etc2Rgb8Srgb | Etc2Rgb8A1Srgb | Etc2Rgba8Srgb => &[Rgba8Srgb],
        Astc { srgb: false, .. } => &[Rgba8Unorm],
        Astc { srgb: true, .. } => &[Rgba8Srgb],
        EacR11Unorm => &[R16Unorm],
        EacR11Snorm => &[R16Snorm],
        EacRg11Unorm => &[Rg16Unorm],
        EacRg11Snorm => &[Rg16Snorm],
        Bc4Unorm => &[R16Unorm],
        Bc4Snorm => &[R16Snorm],
        Bc5Unorm => &[Rg16Unorm],
        Bc5Snorm => &[Rg16Snorm],
        Bc6hUfloat | Bc6hSfloat => &[Rgba16Float],
        _ => &[],
    }
}
