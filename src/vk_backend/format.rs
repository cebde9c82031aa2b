//! galvan's own image formats. The front end picks one per GL internal format; `conv::map_format`
//! decides which Vulkan format backs it on this device (D24S8 falls back to D32FS8 there).

/// Which part of an image an operation touches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Aspect {
    Color,
    Depth,
    Stencil,
    /// Depth and stencil together: only for views used as attachments and for clears.
    DepthStencil,
}

/// The numeric class of a colour format, which decides clear values and blending.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FormatClass {
    /// Normalised or floating point: read as float.
    Float,
    Uint,
    Sint,
    DepthStencil,
}

/// Image formats, named by component order in memory as GL and Vulkan both do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    R8Unorm,
    R8Snorm,
    R8Uint,
    R8Sint,
    Rg8Unorm,
    Rg8Snorm,
    Rg8Uint,
    Rg8Sint,
    Rgba8Unorm,
    Rgba8Snorm,
    Rgba8Srgb,
    Rgba8Uint,
    Rgba8Sint,
    Bgra8Unorm,
    Bgra8Srgb,
    /// 16-bit packed colour, red in the top bits (GL's RGB565).
    R5G6B5Unorm,
    /// 16-bit packed colour with a one-bit alpha on top, blue in the low bits (GL's
    /// RGB5_A1; GL_UNSIGNED_SHORT_1_5_5_5_REV with GL_BGRA), a format every device has.
    Rgb5A1Unorm,
    Rgb10A2Unorm,
    Rgb10A2Uint,
    Rg11B10Float,
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
    Rgba32Float,
    Rgba32Uint,
    Rgba32Sint,
    D16Unorm,
    /// 24-bit depth without stencil (falls back to D32Float where unsupported).
    D24Unorm,
    /// 24-bit depth with 8-bit stencil (falls back to D32FloatS8Uint where unsupported).
    D24UnormS8Uint,
    D32Float,
    D32FloatS8Uint,
    S8Uint,
    /// Block-compressed formats: sampled and copied by whole blocks, never rendered to.
    /// S3TC (BC1-3), RGTC (BC4-5) and BPTC (BC6H, BC7).
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
    /// ETC2 and EAC.
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
    /// ASTC LDR with a `width` x `height` block (4x4 to 12x12 as the format lists them).
    Astc { width: u8, height: u8, srgb: bool },
}

impl Format {
    /// Whether the format has a depth component.
    pub fn has_depth(self) -> bool {
        matches!(
            self,
            Format::D16Unorm | Format::D24Unorm | Format::D24UnormS8Uint | Format::D32Float | Format::D32FloatS8Uint
        )
    }

    /// Whether the format has a stencil component.
    pub fn has_stencil(self) -> bool {
        matches!(self, Format::D24UnormS8Uint | Format::D32FloatS8Uint | Format::S8Uint)
    }

    /// Whether the format is a depth and/or stencil format.
    pub fn is_depth_stencil(self) -> bool {
        self.has_depth() || self.has_stencil()
    }

    /// The aspect an attachment view of this format covers.
    pub fn attachment_aspect(self) -> Aspect {
        match (self.has_depth(), self.has_stencil()) {
            (true, true) => Aspect::DepthStencil,
            (true, false) => Aspect::Depth,
            (false, true) => Aspect::Stencil,
            (false, false) => Aspect::Color,
        }
    }

    /// The texel width and height of one block of a block-compressed format; `None` for
    /// formats stored texel by texel.
    pub fn block_extent(self) -> Option<(u32, u32)> {
        use Format::*;
        match self {
            Bc1RgbUnorm | Bc1RgbSrgb | Bc1RgbaUnorm | Bc1RgbaSrgb | Bc2Unorm | Bc2Srgb | Bc3Unorm | Bc3Srgb | Bc4Unorm | Bc4Snorm | Bc5Unorm
            | Bc5Snorm | Bc6hUfloat | Bc6hSfloat | Bc7Unorm | Bc7Srgb | Etc2Rgb8Unorm | Etc2Rgb8Srgb | Etc2Rgb8A1Unorm | Etc2Rgb8A1Srgb
            | Etc2Rgba8Unorm | Etc2Rgba8Srgb | EacR11Unorm | EacR11Snorm | EacRg11Unorm | EacRg11Snorm => Some((4, 4)),
            Astc { width, height, .. } => Some((u32::from(width), u32::from(height))),
            _ => None,
        }
    }

    /// Whether the format is block-compressed.
    pub fn is_compressed(self) -> bool {
        self.block_extent().is_some()
    }

    /// How many texels, or blocks of a compressed format, `layers` layers of `extent`
    /// cover: the unit [`Format::texel_size`] measures. Partial blocks at an edge count whole.
    pub fn units_in(self, extent: [u32; 3], layers: u32) -> u64 {
        let (bw, bh) = self.block_extent().unwrap_or((1, 1));
        u64::from(extent[0].div_ceil(bw)) * u64::from(extent[1].div_ceil(bh)) * u64::from(extent[2]) * u64::from(layers)
    }

    /// Numeric class, deciding clear value interpretation.
    pub fn class(self) -> FormatClass {
        use Format::*;
        match self {
            R8Uint | Rg8Uint | Rgba8Uint | Rgb10A2Uint | R16Uint | Rg16Uint | Rgba16Uint | R32Uint | Rg32Uint
            | Rgba32Uint => FormatClass::Uint,
            R8Sint | Rg8Sint | Rgba8Sint | R16Sint | Rg16Sint | Rgba16Sint | R32Sint | Rg32Sint | Rgba32Sint => {
                FormatClass::Sint
            }
            D16Unorm | D24Unorm | D24UnormS8Uint | D32Float | D32FloatS8Uint | S8Uint => FormatClass::DepthStencil,
            _ => FormatClass::Float,
        }
    }

    /// Bytes of one texel of a colour format as `read_image`/`write_image` pass it: the
    /// format's own memory layout; for a block-compressed format, bytes of one block. For depth and stencil aspects see [`Aspect`] rules on
    /// `CommandStream::read_image`: depth is exchanged as `f32`, stencil as `u8`.
    pub fn texel_size(self, aspect: Aspect) -> u32 {
        use Format::*;
        match aspect {
            Aspect::Depth => return 4,
            Aspect::Stencil => return 1,
            Aspect::DepthStencil => return 0,
            Aspect::Color => {}
        }
        match self {
            R8Unorm | R8Snorm | R8Uint | R8Sint | S8Uint => 1,
            Rg8Unorm | Rg8Snorm | Rg8Uint | Rg8Sint | R5G6B5Unorm | Rgb5A1Unorm | R16Unorm | R16Snorm | R16Float | R16Uint | R16Sint | D16Unorm => 2,
            Rgba8Unorm | Rgba8Snorm | Rgba8Srgb | Rgba8Uint | Rgba8Sint | Bgra8Unorm | Bgra8Srgb | Rgb10A2Unorm
            | Rgb10A2Uint | Rg11B10Float | Rgb9E5Float | Rg16Unorm | Rg16Snorm | Rg16Float | Rg16Uint | Rg16Sint | R32Float
            | R32Uint | R32Sint | D24Unorm | D24UnormS8Uint | D32Float => 4,
            Rgba16Unorm | Rgba16Snorm | Rgba16Float | Rgba16Uint | Rgba16Sint | Rg32Float | Rg32Uint | Rg32Sint | D32FloatS8Uint => 8,
            Rgba32Float | Rgba32Uint | Rgba32Sint => 16,
            Bc1RgbUnorm | Bc1RgbSrgb | Bc1RgbaUnorm | Bc1RgbaSrgb | Bc4Unorm | Bc4Snorm | Etc2Rgb8Unorm | Etc2Rgb8Srgb | Etc2Rgb8A1Unorm
            | Etc2Rgb8A1Srgb | EacR11Unorm | EacR11Snorm => 8,
            Bc2Unorm | Bc2Srgb | Bc3Unorm | Bc3Srgb | Bc5Unorm | Bc5Snorm | Bc6hUfloat | Bc6hSfloat | Bc7Unorm | Bc7Srgb | Etc2Rgba8Unorm
            | Etc2Rgba8Srgb | EacRg11Unorm | EacRg11Snorm | Astc { .. } => 16,
        }
    }
}
