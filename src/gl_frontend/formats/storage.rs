//! The formats galvan stores texels in. Names follow `vk_backend::Format` wherever it has the
//! format, so the backend maps them one to one; the extra ones follow Vulkan's names.

use crate::layout::{Elem, FieldKind, Layout, Slot};

/// A storage (Vulkan-side) format. Components are named as Vulkan names them: `R` of
/// `Bgra8Unorm` is its red channel, whatever its place in memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StorageFormat {
    R8Unorm,
    R8Snorm,
    R8Uint,
    R8Sint,
    R8Srgb,
    Rg8Unorm,
    Rg8Snorm,
    Rg8Uint,
    Rg8Sint,
    Rg8Srgb,
    Rgb8Unorm,
    Rgb8Snorm,
    Rgb8Uint,
    Rgb8Sint,
    Rgb8Srgb,
    Rgba8Unorm,
    Rgba8Snorm,
    Rgba8Srgb,
    Rgba8Uint,
    Rgba8Sint,
    Bgra8Unorm,
    Bgra8Srgb,
    /// VK_FORMAT_R5G6B5_UNORM_PACK16: red in the top 5 bits.
    R5G6B5Unorm,
    /// VK_FORMAT_R4G4B4A4_UNORM_PACK16.
    Rgba4Unorm,
    /// VK_FORMAT_R5G5B5A1_UNORM_PACK16.
    Rgb5A1Unorm,
    /// VK_FORMAT_A2B10G10R10_UNORM_PACK32: red in the low 10 bits.
    Rgb10A2Unorm,
    Rgb10A2Uint,
    /// VK_FORMAT_B10G11R11_UFLOAT_PACK32.
    Rg11B10Float,
    /// VK_FORMAT_E5B9G9R9_UFLOAT_PACK32.
    Rgb9E5Float,
    R16Unorm,
    R16Snorm,
    R16Float,
    R16Uint,
    R16Sint,
    Rg16Unorm,
    Rg16Snorm,
    Rg16Float,
    Rg16Uint,
    Rg16Sint,
    Rgb16Unorm,
    Rgb16Snorm,
    Rgb16Float,
    Rgb16Uint,
    Rgb16Sint,
    Rgba16Unorm,
    Rgba16Snorm,
    Rgba16Float,
    Rgba16Uint,
    Rgba16Sint,
    R32Float,
    R32Uint,
    R32Sint,
    Rg32Float,
    Rg32Uint,
    Rg32Sint,
    Rgb32Float,
    Rgb32Uint,
    Rgb32Sint,
    Rgba32Float,
    Rgba32Uint,
    Rgba32Sint,
    D16Unorm,
    /// 24-bit depth without stencil (VK_FORMAT_X8_D24_UNORM_PACK32).
    D24Unorm,
    D24UnormS8Uint,
    D32Float,
    D32FloatS8Uint,
    S8Uint,
    Bc1RgbUnorm,
    Bc1RgbSrgb,
    Bc1RgbaUnorm,
    Bc1RgbaSrgb,
    Bc2Unorm,
    Bc2Srgb,
    Bc3Unorm,
    Bc3Srgb,
    Bc4Unorm,
    Bc4Snorm,
    Bc5Unorm,
    Bc5Snorm,
    Bc6hUfloat,
    Bc6hSfloat,
    Bc7Unorm,
    Bc7Srgb,
    Etc2Rgb8Unorm,
    Etc2Rgb8Srgb,
    Etc2Rgb8A1Unorm,
    Etc2Rgb8A1Srgb,
    Etc2Rgba8Unorm,
    Etc2Rgba8Srgb,
    EacR11Unorm,
    EacR11Snorm,
    EacRg11Unorm,
    EacRg11Snorm,
    /// ASTC LDR with the given block size in texels.
    Astc {
        block_width: u8,
        block_height: u8,
        srgb: bool,
    },
}

/// The block of a compressed format: texels per block and bytes per block.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Block {
    pub width: u8,
    pub height: u8,
    pub bytes: u8,
}

impl StorageFormat {
    /// Whether texels are stored as integers (read as integers by shaders).
    pub fn is_integer(self) -> bool {
        use StorageFormat::*;
        matches!(
            self,
            R8Uint
                | R8Sint
                | Rg8Uint
                | Rg8Sint
                | Rgb8Uint
                | Rgb8Sint
                | Rgba8Uint
                | Rgba8Sint
                | Rgb10A2Uint
                | R16Uint
                | R16Sint
                | Rg16Uint
                | Rg16Sint
                | Rgb16Uint
                | Rgb16Sint
                | Rgba16Uint
                | Rgba16Sint
                | R32Uint
                | R32Sint
                | Rg32Uint
                | Rg32Sint
                | Rgb32Uint
                | Rgb32Sint
                | Rgba32Uint
                | Rgba32Sint
        )
    }

    /// Whether the format has a depth aspect.
    pub fn has_depth(self) -> bool {
        use StorageFormat::*;
        matches!(self, D16Unorm | D24Unorm | D24UnormS8Uint | D32Float | D32FloatS8Uint)
    }

    /// Whether the format has a stencil aspect.
    pub fn has_stencil(self) -> bool {
        use StorageFormat::*;
        matches!(self, D24UnormS8Uint | D32FloatS8Uint | S8Uint)
    }

    /// The compression block, for block-compressed formats.
    pub fn block(self) -> Option<Block> {
        use StorageFormat::*;
        let b = |width, height, bytes| Some(Block { width, height, bytes });
        match self {
            Bc1RgbUnorm | Bc1RgbSrgb | Bc1RgbaUnorm | Bc1RgbaSrgb | Bc4Unorm | Bc4Snorm => b(4, 4, 8),
            Etc2Rgb8Unorm | Etc2Rgb8Srgb | Etc2Rgb8A1Unorm | Etc2Rgb8A1Srgb | EacR11Unorm | EacR11Snorm => b(4, 4, 8),
            Bc2Unorm | Bc2Srgb | Bc3Unorm | Bc3Srgb | Bc5Unorm | Bc5Snorm | Bc6hUfloat | Bc6hSfloat | Bc7Unorm
            | Bc7Srgb | Etc2Rgba8Unorm | Etc2Rgba8Srgb | EacRg11Unorm | EacRg11Snorm => b(4, 4, 16),
            Astc { block_width, block_height, .. } => b(block_width, block_height, 16),
            _ => None,
        }
    }

    /// Number of colour channels (R, RG, RGB or RGBA); 0 for depth/stencil.
    pub fn channels(self) -> u8 {
        use StorageFormat::*;
        match self {
            R8Unorm | R8Snorm | R8Uint | R8Sint | R8Srgb | R16Unorm | R16Snorm | R16Float | R16Uint | R16Sint
            | R32Float | R32Uint | R32Sint | Bc4Unorm | Bc4Snorm | EacR11Unorm | EacR11Snorm => 1,
            Rg8Unorm | Rg8Snorm | Rg8Uint | Rg8Sint | Rg8Srgb | Rg16Unorm | Rg16Snorm | Rg16Float | Rg16Uint
            | Rg16Sint | Rg32Float | Rg32Uint | Rg32Sint | Bc5Unorm | Bc5Snorm | EacRg11Unorm | EacRg11Snorm => 2,
            Rgb8Unorm | Rgb8Snorm | Rgb8Uint | Rgb8Sint | Rgb8Srgb | R5G6B5Unorm | Rg11B10Float | Rgb9E5Float
            | Rgb16Unorm | Rgb16Snorm | Rgb16Float | Rgb16Uint | Rgb16Sint | Rgb32Float | Rgb32Uint | Rgb32Sint
            | Bc1RgbUnorm | Bc1RgbSrgb | Bc6hUfloat | Bc6hSfloat | Etc2Rgb8Unorm | Etc2Rgb8Srgb => 3,
            D16Unorm | D24Unorm | D24UnormS8Uint | D32Float | D32FloatS8Uint | S8Uint => 0,
            _ => 4,
        }
    }

    /// Bytes of one texel as `unpack` writes it and `pack` reads it. Depth is exchanged as
    /// f32 and stencil as u8 (as `vk_backend`'s image transfers take them); a depth-stencil
    /// format is two planes, so this is their sum. `None` for compressed formats.
    pub fn texel_bytes(self) -> Option<usize> {
        if self.block().is_some() {
            return None;
        }
        let depth = if self.has_depth() { 4 } else { 0 };
        let stencil = if self.has_stencil() { 1 } else { 0 };
        if depth + stencil > 0 {
            return Some(depth + stencil);
        }
        self.color_layout().map(|l| l.pixel_bytes())
    }

    /// The memory layout of one colour texel; `None` for depth/stencil and compressed formats.
    pub(crate) fn color_layout(self) -> Option<Layout> {
        use Slot::*;
        use StorageFormat::*;
        const R_: &[Slot] = &[R];
        const RG: &[Slot] = &[R, G];
        const RGB: &[Slot] = &[R, G, B];
        const RGBA: &[Slot] = &[R, G, B, A];
        let (elem, slots, integer) = match self {
            R8Unorm | R8Srgb => (Elem::U8, R_, false),
            R8Snorm => (Elem::I8, R_, false),
            R8Uint => (Elem::U8, R_, true),
            R8Sint => (Elem::I8, R_, true),
            Rg8Unorm | Rg8Srgb => (Elem::U8, RG, false),
            Rg8Snorm => (Elem::I8, RG, false),
            Rg8Uint => (Elem::U8, RG, true),
            Rg8Sint => (Elem::I8, RG, true),
            Rgb8Unorm | Rgb8Srgb => (Elem::U8, RGB, false),
            Rgb8Snorm => (Elem::I8, RGB, false),
            Rgb8Uint => (Elem::U8, RGB, true),
            Rgb8Sint => (Elem::I8, RGB, true),
            Rgba8Unorm | Rgba8Srgb => (Elem::U8, RGBA, false),
            Rgba8Snorm => (Elem::I8, RGBA, false),
            Rgba8Uint => (Elem::U8, RGBA, true),
            Rgba8Sint => (Elem::I8, RGBA, true),
            Bgra8Unorm | Bgra8Srgb => (Elem::U8, &[B, G, R, A] as &[Slot], false),
            R16Unorm => (Elem::U16, R_, false),
            R16Snorm => (Elem::I16, R_, false),
            R16Float => (Elem::F16, R_, false),
            R16Uint => (Elem::U16, R_, true),
            R16Sint => (Elem::I16, R_, true),
            Rg16Unorm => (Elem::U16, RG, false),
            Rg16Snorm => (Elem::I16, RG, false),
            Rg16Float => (Elem::F16, RG, false),
            Rg16Uint => (Elem::U16, RG, true),
            Rg16Sint => (Elem::I16, RG, true),
            Rgb16Unorm => (Elem::U16, RGB, false),
            Rgb16Snorm => (Elem::I16, RGB, false),
            Rgb16Float => (Elem::F16, RGB, false),
            Rgb16Uint => (Elem::U16, RGB, true),
            Rgb16Sint => (Elem::I16, RGB, true),
            Rgba16Unorm => (Elem::U16, RGBA, false),
            Rgba16Snorm => (Elem::I16, RGBA, false),
            Rgba16Float => (Elem::F16, RGBA, false),
            Rgba16Uint => (Elem::U16, RGBA, true),
            Rgba16Sint => (Elem::I16, RGBA, true),
            R32Float => (Elem::F32, R_, false),
            R32Uint => (Elem::U32, R_, true),
            R32Sint => (Elem::I32, R_, true),
            Rg32Float => (Elem::F32, RG, false),
            Rg32Uint => (Elem::U32, RG, true),
            Rg32Sint => (Elem::I32, RG, true),
            Rgb32Float => (Elem::F32, RGB, false),
            Rgb32Uint => (Elem::U32, RGB, true),
            Rgb32Sint => (Elem::I32, RGB, true),
            Rgba32Float => (Elem::F32, RGBA, false),
            Rgba32Uint => (Elem::U32, RGBA, true),
            Rgba32Sint => (Elem::I32, RGBA, true),
            R5G6B5Unorm => return Some(Layout::packed(2, &[5, 6, 5], RGB, false, FieldKind::Unsigned, false)),
            Rgba4Unorm => return Some(Layout::packed(2, &[4, 4, 4, 4], RGBA, false, FieldKind::Unsigned, false)),
            // Vulkan's A1R5G5B5: blue in the low bits, alpha in the top one.
            Rgb5A1Unorm => return Some(Layout::packed(2, &[5, 5, 5, 1], &[B, G, R, A], true, FieldKind::Unsigned, false)),
            Rgb10A2Unorm => return Some(Layout::packed(4, &[10, 10, 10, 2], RGBA, true, FieldKind::Unsigned, false)),
            Rgb10A2Uint => return Some(Layout::packed(4, &[10, 10, 10, 2], RGBA, true, FieldKind::Unsigned, true)),
            Rg11B10Float => return Some(Layout::packed(4, &[11, 11, 10], RGB, true, FieldKind::UFloat, false)),
            Rgb9E5Float => return Some(Layout { encoding: crate::layout::Encoding::Rgb9E5, integer: false }),
            _ => return None,
        };
        Some(Layout::array(elem, slots, integer))
    }

    /// Whether the format is one Vulkan requires every device to support for sampling
    /// (so it never needs a fallback).
    pub fn always_sampleable(self) -> bool {
        use StorageFormat::*;
        matches!(
            self,
            R8Unorm
                | R8Snorm
                | R8Uint
                | R8Sint
                | Rg8Unorm
                | Rg8Snorm
                | Rg8Uint
                | Rg8Sint
                | Rgba8Unorm
                | Rgba8Snorm
                | Rgba8Srgb
                | Rgba8Uint
                | Rgba8Sint
                | Bgra8Unorm
                | Bgra8Srgb
                | R5G6B5Unorm
                | Rgb10A2Unorm
                | Rgb10A2Uint
                | Rg11B10Float
                | Rgb9E5Float
                | R16Float
                | R16Uint
                | R16Sint
                | Rg16Float
                | Rg16Uint
                | Rg16Sint
                | Rgba16Float
                | Rgba16Uint
                | Rgba16Sint
                | R32Float
                | R32Uint
                | R32Sint
                | Rg32Float
                | Rg32Uint
                | Rg32Sint
                | Rgba32Float
                | Rgba32Uint
                | Rgba32Sint
                | D16Unorm
                | D32Float
        )
    }
}
