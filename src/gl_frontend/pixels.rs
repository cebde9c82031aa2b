//! Pixel transfer: GL's (format, type) client layouts with glPixelStore's row rules, and
//! conversion between them and galvan's texel formats. Rows are never flipped: row 0 is
//! GL's bottom row on both sides (docs/conventions.md).

use crate::objects::bindings::PixelStore;
use crate::types::enums::*;
use crate::types::*;

/// How texels are stored in galvan's images.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TexelFormat {
    /// 8-bit unsigned normalized, 1 to 4 channels (R, RG, RGBA; RGB is kept as RGBA).
    Unorm8 { channels: u8 },
    /// 16-bit unsigned normalized (GL_R16, GL_RG16, GL_RGB16 kept as RGBA, GL_RGBA16).
    Unorm16 { channels: u8 },
    /// 16-bit (half) float (GL_R16F, GL_RG16F, GL_RGB16F kept as RGBA, GL_RGBA16F).
    Float16 { channels: u8 },
    /// 32-bit float, 1 to 4 channels.
    Float32 { channels: u8 },
    /// Depth as a 32-bit float, whatever the requested depth bits were.
    Depth { bits: u8 },
    /// Depth as a 32-bit float followed by an 8-bit stencil value, padded to 8 bytes.
    DepthStencil { depth_bits: u8 },
    /// Unnormalized integers of 8, 16 or 32 bits, 1, 2 or 4 channels (RGB is kept as RGBA),
    /// read by isampler/usampler.
    Int { bits: u8, channels: u8, signed: bool },
}

impl TexelFormat {
    pub fn bytes_per_texel(self) -> usize {
        match self {
            TexelFormat::Unorm8 { channels } => channels as usize,
            TexelFormat::Unorm16 { channels } | TexelFormat::Float16 { channels } => 2 * channels as usize,
            TexelFormat::Float32 { channels } => 4 * channels as usize,
            TexelFormat::Depth { .. } => 4,
            TexelFormat::DepthStencil { .. } => 8,
            TexelFormat::Int { bits, channels, .. } => (bits as usize / 8) * channels as usize,
        }
    }

    /// Whether shaders read the format through integer samplers (GL_RGBA8UI, GL_R32I, ...).
    pub fn is_integer(self) -> bool {
        matches!(self, TexelFormat::Int { .. })
    }

    pub fn is_depth(self) -> bool {
        matches!(self, TexelFormat::Depth { .. } | TexelFormat::DepthStencil { .. })
    }

    pub fn has_stencil(self) -> bool {
        matches!(self, TexelFormat::DepthStencil { .. })
    }

    /// The bits GL_TEXTURE_*_SIZE / GL_RENDERBUFFER_*_SIZE report for `pname`.
    pub fn component_bits(self, pname: GLenum) -> u32 {
        let channel = match pname {
            GL_TEXTURE_RED_SIZE | GL_RENDERBUFFER_RED_SIZE => Some(0),
            GL_TEXTURE_GREEN_SIZE | GL_RENDERBUFFER_GREEN_SIZE => Some(1),
            GL_TEXTURE_BLUE_SIZE | GL_RENDERBUFFER_BLUE_SIZE => Some(2),
            GL_TEXTURE_ALPHA_SIZE | GL_RENDERBUFFER_ALPHA_SIZE => Some(3),
            _ => None,
        };
        match (self, channel, pname) {
            (TexelFormat::Unorm8 { channels }, Some(c), _) if c < channels => 8,
            (TexelFormat::Unorm16 { channels } | TexelFormat::Float16 { channels }, Some(c), _) if c < channels => 16,
            (TexelFormat::Float32 { channels }, Some(c), _) if c < channels => 32,
            (TexelFormat::Int { bits, channels, .. }, Some(c), _) if c < channels => bits as u32,
            (TexelFormat::Depth { bits }, None, GL_TEXTURE_DEPTH_SIZE | GL_RENDERBUFFER_DEPTH_SIZE) => bits as u32,
            (TexelFormat::DepthStencil { depth_bits }, None, GL_TEXTURE_DEPTH_SIZE | GL_RENDERBUFFER_DEPTH_SIZE) => depth_bits as u32,
            (TexelFormat::DepthStencil { .. }, None, GL_TEXTURE_STENCIL_SIZE | GL_RENDERBUFFER_STENCIL_SIZE) => 8,
            _ => 0,
        }
    }
}

/// The texel format of a sized or unsized internal format; `None` when galvan does not
/// support it yet (or it is not a format at all).
pub fn internal_texel_format(internal_format: GLenum) -> Option<TexelFormat> {
    Some(match internal_format {
        GL_RGBA | GL_RGBA8 | GL_RGB | GL_RGB8 => TexelFormat::Unorm8 { channels: 4 },
        GL_RG | GL_RG8 => TexelFormat::Unorm8 { channels: 2 },
        GL_RED | GL_R8 => TexelFormat::Unorm8 { channels: 1 },
        GL_RGBA16 | GL_RGB16 => TexelFormat::Unorm16 { channels: 4 },
        GL_RG16 => TexelFormat::Unorm16 { channels: 2 },
        GL_R16 => TexelFormat::Unorm16 { channels: 1 },
        GL_RGBA16F | GL_RGB16F => TexelFormat::Float16 { channels: 4 },
        GL_RG16F => TexelFormat::Float16 { channels: 2 },
        GL_R16F => TexelFormat::Float16 { channels: 1 },
        GL_RGBA32F | GL_RGB32F => TexelFormat::Float32 { channels: 4 },
        GL_RG32F => TexelFormat::Float32 { channels: 2 },
        GL_R32F => TexelFormat::Float32 { channels: 1 },
        GL_DEPTH_COMPONENT | GL_DEPTH_COMPONENT24 => TexelFormat::Depth { bits: 24 },
        GL_DEPTH_COMPONENT16 => TexelFormat::Depth { bits: 16 },
        GL_DEPTH_COMPONENT32 | GL_DEPTH_COMPONENT32F => TexelFormat::Depth { bits: 32 },
        GL_DEPTH_STENCIL | GL_DEPTH24_STENCIL8 => TexelFormat::DepthStencil { depth_bits: 24 },
        GL_DEPTH32F_STENCIL8 => TexelFormat::DepthStencil { depth_bits: 32 },
        _ => return legacy_texel_format(internal_format).or_else(|| integer_texel_format(internal_format)),
    })
}

/// The texel format of the compatibility profile's alpha, luminance and intensity formats
/// and of the small colour formats: kept as RGBA of at least their bits, the base format's
/// rules applied when texels are stored (`rebase_texels`).
fn legacy_texel_format(internal_format: GLenum) -> Option<TexelFormat> {
    Some(match internal_format {
        GL_ALPHA | GL_ALPHA4 | GL_ALPHA8 | GL_LUMINANCE | GL_LUMINANCE4 | GL_LUMINANCE8 | GL_LUMINANCE_ALPHA | GL_LUMINANCE4_ALPHA4
        | GL_LUMINANCE6_ALPHA2 | GL_LUMINANCE8_ALPHA8 | GL_INTENSITY | GL_INTENSITY4 | GL_INTENSITY8 | GL_R3_G3_B2 | GL_RGB4 | GL_RGB5
        | GL_RGBA2 | GL_RGBA4 | GL_RGB5_A1 | 1 | 2 | 3 | 4 => TexelFormat::Unorm8 { channels: 4 },
        GL_ALPHA12 | GL_ALPHA16 | GL_LUMINANCE12 | GL_LUMINANCE16 | GL_LUMINANCE12_ALPHA4 | GL_LUMINANCE12_ALPHA12 | GL_LUMINANCE16_ALPHA16
        | GL_INTENSITY12 | GL_INTENSITY16 | GL_RGB10 | GL_RGB12 | GL_RGB10_A2 | GL_RGBA12 => TexelFormat::Unorm16 { channels: 4 },
        _ => return None,
    })
}

/// GL's base internal format of a colour internal format (GL_ALPHA, GL_LUMINANCE,
/// GL_LUMINANCE_ALPHA, GL_INTENSITY, GL_RED, GL_RG, GL_RGB or GL_RGBA); `None` for depth,
/// stencil and unknown formats.
pub fn base_internal_format(internal_format: GLenum) -> Option<GLenum> {
    Some(match internal_format {
        GL_ALPHA | GL_ALPHA4 | GL_ALPHA8 | GL_ALPHA12 | GL_ALPHA16 => GL_ALPHA,
        1 | GL_LUMINANCE | GL_LUMINANCE4 | GL_LUMINANCE8 | GL_LUMINANCE12 | GL_LUMINANCE16 => GL_LUMINANCE,
        2 | GL_LUMINANCE_ALPHA | GL_LUMINANCE4_ALPHA4 | GL_LUMINANCE6_ALPHA2 | GL_LUMINANCE8_ALPHA8 | GL_LUMINANCE12_ALPHA4
        | GL_LUMINANCE12_ALPHA12 | GL_LUMINANCE16_ALPHA16 => GL_LUMINANCE_ALPHA,
        GL_INTENSITY | GL_INTENSITY4 | GL_INTENSITY8 | GL_INTENSITY12 | GL_INTENSITY16 => GL_INTENSITY,
        GL_RED | GL_R8 | GL_R16 | GL_R16F | GL_R32F | GL_R8I | GL_R8UI | GL_R16I | GL_R16UI | GL_R32I | GL_R32UI => GL_RED,
        GL_RG | GL_RG8 | GL_RG16 | GL_RG16F | GL_RG32F | GL_RG8I | GL_RG8UI | GL_RG16I | GL_RG16UI | GL_RG32I | GL_RG32UI => GL_RG,
        3 | GL_RGB | GL_RGB8 | GL_R3_G3_B2 | GL_RGB4 | GL_RGB5 | GL_RGB10 | GL_RGB12 | GL_RGB16 | GL_RGB16F | GL_RGB32F | GL_RGB8I
        | GL_RGB8UI | GL_RGB16I | GL_RGB16UI | GL_RGB32I | GL_RGB32UI => GL_RGB,
        4 | GL_RGBA | GL_RGBA8 | GL_RGBA2 | GL_RGBA4 | GL_RGB5_A1 | GL_RGB10_A2 | GL_RGBA12 | GL_RGBA16 | GL_RGBA16F | GL_RGBA32F
        | GL_RGBA8I | GL_RGBA8UI | GL_RGBA16I | GL_RGBA16UI | GL_RGBA32I | GL_RGBA32UI => GL_RGBA,
        _ => return None,
    })
}

/// The bits GL_TEXTURE_{RED,GREEN,BLUE,ALPHA,LUMINANCE,INTENSITY}_SIZE report for a texture
/// image: the storage's bits of the components the base format has, 0 for the others
/// (an RGB texture kept as RGBA has no alpha bits).
pub fn texture_component_bits(internal_format: GLenum, texel: TexelFormat, pname: GLenum) -> u32 {
    let Some(base) = base_internal_format(internal_format) else { return texel.component_bits(pname) };
    let red_bits = texel.component_bits(GL_TEXTURE_RED_SIZE);
    let alpha_bits = texel.component_bits(GL_TEXTURE_ALPHA_SIZE);
    match (base, pname) {
        (GL_LUMINANCE | GL_LUMINANCE_ALPHA, GL_TEXTURE_LUMINANCE_SIZE) | (GL_INTENSITY, GL_TEXTURE_INTENSITY_SIZE) => red_bits,
        (GL_ALPHA | GL_LUMINANCE_ALPHA, GL_TEXTURE_ALPHA_SIZE) => alpha_bits,
        (GL_ALPHA | GL_LUMINANCE | GL_LUMINANCE_ALPHA | GL_INTENSITY, _) => 0,
        (GL_RED | GL_RG | GL_RGB, GL_TEXTURE_ALPHA_SIZE) => 0,
        (GL_RED, GL_TEXTURE_GREEN_SIZE | GL_TEXTURE_BLUE_SIZE) | (GL_RG, GL_TEXTURE_BLUE_SIZE) => 0,
        (_, GL_TEXTURE_LUMINANCE_SIZE | GL_TEXTURE_INTENSITY_SIZE) => 0,
        _ => texel.component_bits(pname),
    }
}

/// Applies the base internal format to texels just converted from client data: luminance
/// and intensity keep red, alpha keeps alpha, the other components become 0 and a missing
/// alpha 1, which is what glGetTexImage and glReadPixels of the image return. Sampling
/// spreads them back out through `base_format_swizzle`.
pub fn rebase_texels(internal_format: GLenum, texel: TexelFormat, texels: &mut [u8]) {
    let Some(base) = base_internal_format(internal_format) else { return };
    if texel.is_integer() || matches!(base, GL_RED | GL_RG | GL_RGBA) {
        return;
    }
    let bpt = texel.bytes_per_texel();
    for chunk in texels.chunks_exact_mut(bpt) {
        let mut p = decode_texel(chunk, texel);
        let [r, _, _, a] = p.rgba;
        p.rgba = match base {
            GL_ALPHA => [0.0, 0.0, 0.0, a],
            GL_LUMINANCE | GL_INTENSITY => [r, 0.0, 0.0, 1.0],
            GL_LUMINANCE_ALPHA => [r, 0.0, 0.0, a],
            _ => [p.rgba[0], p.rgba[1], p.rgba[2], 1.0],
        };
        encode_texel(&p, chunk, texel);
    }
}

/// Where each sampled component of a texture of `internal_format` comes from, as GL
/// sources (GL_RED .. GL_ALPHA, GL_ZERO, GL_ONE): luminance spreads red over red, green
/// and blue, intensity over all four, an alpha texture reads 0 for its colour.
pub fn base_format_swizzle(internal_format: GLenum) -> [GLenum; 4] {
    match base_internal_format(internal_format) {
        Some(GL_ALPHA) => [GL_ZERO, GL_ZERO, GL_ZERO, GL_ALPHA],
        Some(GL_LUMINANCE) => [GL_RED, GL_RED, GL_RED, GL_ONE],
        Some(GL_LUMINANCE_ALPHA) => [GL_RED, GL_RED, GL_RED, GL_ALPHA],
        Some(GL_INTENSITY) => [GL_RED, GL_RED, GL_RED, GL_RED],
        Some(GL_RGB) => [GL_RED, GL_GREEN, GL_BLUE, GL_ONE],
        _ => [GL_RED, GL_GREEN, GL_BLUE, GL_ALPHA],
    }
}

/// The texel format of an integer internal format (GL_RGBA8UI, GL_R32I, ...).
fn integer_texel_format(internal_format: GLenum) -> Option<TexelFormat> {
    let (bits, channels, signed) = match internal_format {
        GL_R8I => (8, 1, true),
        GL_R8UI => (8, 1, false),
        GL_R16I => (16, 1, true),
        GL_R16UI => (16, 1, false),
        GL_R32I => (32, 1, true),
        GL_R32UI => (32, 1, false),
        GL_RG8I => (8, 2, true),
        GL_RG8UI => (8, 2, false),
        GL_RG16I => (16, 2, true),
        GL_RG16UI => (16, 2, false),
        GL_RG32I => (32, 2, true),
        GL_RG32UI => (32, 2, false),
        GL_RGB8I | GL_RGBA8I => (8, 4, true),
        GL_RGB8UI | GL_RGBA8UI => (8, 4, false),
        GL_RGB16I | GL_RGBA16I => (16, 4, true),
        GL_RGB16UI | GL_RGBA16UI => (16, 4, false),
        GL_RGB32I | GL_RGBA32I => (32, 4, true),
        GL_RGB32UI | GL_RGBA32UI => (32, 4, false),
        _ => return None,
    };
    Some(TexelFormat::Int { bits, channels, signed })
}

/// Whether a client format carries unnormalized integers (GL_RGBA_INTEGER, ...).
pub fn is_integer_format(format: GLenum) -> bool {
    matches!(
        format,
        GL_RED_INTEGER | GL_GREEN_INTEGER | GL_BLUE_INTEGER | GL_ALPHA_INTEGER | GL_RG_INTEGER | GL_RGB_INTEGER | GL_RGBA_INTEGER | GL_BGR_INTEGER | GL_BGRA_INTEGER
    )
}

fn format_components(format: GLenum) -> Option<usize> {
    Some(match format {
        GL_RED | GL_GREEN | GL_BLUE | GL_ALPHA | GL_LUMINANCE | GL_DEPTH_COMPONENT | GL_STENCIL_INDEX => 1,
        GL_RED_INTEGER | GL_GREEN_INTEGER | GL_BLUE_INTEGER | GL_ALPHA_INTEGER => 1,
        GL_RG | GL_LUMINANCE_ALPHA | GL_DEPTH_STENCIL | GL_RG_INTEGER => 2,
        GL_RGB | GL_BGR | GL_RGB_INTEGER | GL_BGR_INTEGER => 3,
        GL_RGBA | GL_BGRA | GL_ABGR_EXT | GL_RGBA_INTEGER | GL_BGRA_INTEGER => 4,
        _ => return None,
    })
}

/// The RGBA channel each client component of `format` carries, in memory order.
fn client_channels(format: GLenum) -> &'static [usize] {
    match format {
        GL_GREEN | GL_GREEN_INTEGER => &[1],
        GL_BLUE | GL_BLUE_INTEGER => &[2],
        GL_ALPHA | GL_ALPHA_INTEGER => &[3],
        GL_LUMINANCE_ALPHA => &[0, 3],
        GL_BGR | GL_BGR_INTEGER => &[2, 1, 0],
        GL_BGRA | GL_BGRA_INTEGER => &[2, 1, 0, 3],
        GL_ABGR_EXT => &[3, 2, 1, 0],
        _ => &[0, 1, 2, 3][..format_components(format).unwrap_or(0).min(4)],
    }
}

/// Bytes of one pixel in client memory, or the GL error of the combination.
pub(crate) fn client_pixel_bytes(format: GLenum, ty: GLenum) -> Result<usize, GLenum> {
    let components = format_components(format).ok_or(GL_INVALID_ENUM)?;
    match ty {
        GL_UNSIGNED_INT_24_8 if format == GL_DEPTH_STENCIL => Ok(4),
        GL_FLOAT_32_UNSIGNED_INT_24_8_REV if format == GL_DEPTH_STENCIL => Ok(8),
        GL_UNSIGNED_INT_24_8 | GL_FLOAT_32_UNSIGNED_INT_24_8_REV => Err(GL_INVALID_OPERATION),
        _ if format == GL_DEPTH_STENCIL => Err(GL_INVALID_OPERATION),
        _ if packed_fields(ty).is_some() => {
            let (bytes, fields) = packed_fields(ty).unwrap_or((0, &[]));
            let colour = matches!(format, GL_RGB | GL_BGR | GL_RGBA | GL_BGRA | GL_ABGR_EXT) || (is_integer_format(format) && components >= 3);
            if colour && fields.len() == components {
                Ok(bytes)
            } else {
                Err(GL_INVALID_OPERATION)
            }
        }
        // Integer formats take integer types only (EXT_texture_integer: INVALID_ENUM).
        GL_HALF_FLOAT | GL_FLOAT if is_integer_format(format) => Err(GL_INVALID_ENUM),
        GL_UNSIGNED_BYTE | GL_BYTE => Ok(components),
        GL_UNSIGNED_SHORT | GL_SHORT | GL_HALF_FLOAT => Ok(2 * components),
        GL_UNSIGNED_INT | GL_INT | GL_FLOAT => Ok(4 * components),
        _ => Err(GL_INVALID_ENUM),
    }
}

/// Checks that client `format`/`type` can be transferred to or from `texel`.
pub fn check_transfer(texel: TexelFormat, format: GLenum, ty: GLenum) -> Result<(), GLenum> {
    client_pixel_bytes(format, ty)?;
    let format_is_depth = matches!(format, GL_DEPTH_COMPONENT | GL_DEPTH_STENCIL);
    if format_is_depth != texel.is_depth() || (format == GL_DEPTH_STENCIL && !texel.has_stencil()) {
        return Err(GL_INVALID_OPERATION);
    }
    // Integer texels travel only as integer client data, and the other way round.
    if is_integer_format(format) != texel.is_integer() {
        return Err(GL_INVALID_OPERATION);
    }
    if texel.is_integer() {
        return Ok(());
    }
    Ok(())
}

/// The texel format for glTexImage's (internalformat, format, type), or its GL error.
pub fn texel_format_for(internal_format: GLenum, format: GLenum, ty: GLenum) -> Result<TexelFormat, GLenum> {
    let texel = internal_texel_format(internal_format).ok_or(GL_INVALID_VALUE)?;
    check_transfer(texel, format, ty)?;
    Ok(texel)
}

/// Where each row of a client image starts, by GL's pixel-store rules.
#[derive(Clone, Copy, Debug)]
pub struct ClientLayout {
    pub width: usize,
    pub height: usize,
    pub pixel_bytes: usize,
    pub row_stride: usize,
    pub first_byte: usize,
    /// Bytes from the start of client memory to the end of the last pixel.
    pub total_bytes: usize,
    /// Images of a 3D transfer (1 otherwise) and the bytes from one image to the next.
    pub depth: usize,
    pub image_stride: usize,
}

impl ClientLayout {
    /// The layout of a 3D transfer: `depth` images of `height` rows, spaced by
    /// GL_*_IMAGE_HEIGHT rows and starting GL_*_SKIP_IMAGES images in.
    pub fn new_3d(store: &PixelStore, width: u32, height: u32, depth: u32, format: GLenum, ty: GLenum) -> Result<Self, GLenum> {
        let plane = ClientLayout::new(&PixelStore { skip_images: 0, ..*store }, width, height, format, ty)?;
        let image_rows = if store.image_height > 0 { store.image_height as usize } else { height as usize };
        let image_stride = image_rows * plane.row_stride;
        let first_byte = plane.first_byte + store.skip_images.max(0) as usize * image_stride;
        let total_bytes = if plane.total_bytes == 0 || depth == 0 {
            0
        } else {
            first_byte + (depth as usize - 1) * image_stride + (plane.total_bytes - plane.first_byte)
        };
        Ok(ClientLayout { first_byte, total_bytes, depth: depth as usize, image_stride, ..plane })
    }

    pub fn new(store: &PixelStore, width: u32, height: u32, format: GLenum, ty: GLenum) -> Result<Self, GLenum> {
        let pixel_bytes = client_pixel_bytes(format, ty)?;
        let row_pixels = if store.row_length > 0 { store.row_length as usize } else { width as usize };
        let component_bytes = match ty {
            GL_UNSIGNED_BYTE | GL_BYTE => 1,
            GL_UNSIGNED_SHORT | GL_SHORT | GL_HALF_FLOAT => 2,
            _ => packed_fields(ty).map_or(4, |(bytes, _)| bytes),
        };
        let alignment = store.alignment.max(1) as usize;
        let unaligned = row_pixels * pixel_bytes;
        let row_stride = if component_bytes >= alignment { unaligned } else { unaligned.div_ceil(alignment) * alignment };
        let first_byte = store.skip_rows as usize * row_stride + store.skip_pixels as usize * pixel_bytes;
        let total_bytes = if width == 0 || height == 0 {
            0
        } else {
            first_byte + (height as usize - 1) * row_stride + width as usize * pixel_bytes
        };
        let image_stride = height as usize * row_stride;
        Ok(ClientLayout { width: width as usize, height: height as usize, pixel_bytes, row_stride, first_byte, total_bytes, depth: 1, image_stride })
    }

    fn pixel_offset(&self, x: usize, y: usize) -> usize {
        self.first_byte + y * self.row_stride + x * self.pixel_bytes
    }

    /// This layout's image `z` as a 2D layout of its own (its pixels keep their offsets
    /// from the start of client memory).
    pub fn image(&self, z: usize) -> ClientLayout {
        let first_byte = self.first_byte + z * self.image_stride;
        let image_bytes = if self.width == 0 || self.height == 0 { 0 } else { (self.height - 1) * self.row_stride + self.width * self.pixel_bytes };
        ClientLayout { first_byte, depth: 1, total_bytes: first_byte + image_bytes, ..*self }
    }
}

/// One pixel in a neutral form: colour as floats, or depth and stencil.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Pixel {
    pub rgba: [f32; 4],
    pub depth: f32,
    pub stencil: u8,
    /// Unnormalized integer channels, for integer formats.
    pub int: [i64; 4],
}

/// A packed pixel type's size in bytes and the bit widths of its components in the order
/// the format lists them; `REV` types hold the first component in the lowest bits.
fn packed_fields(ty: GLenum) -> Option<(usize, &'static [u32])> {
    Some(match ty {
        GL_UNSIGNED_BYTE_3_3_2 | GL_UNSIGNED_BYTE_2_3_3_REV => (1, &[3, 3, 2]),
        GL_UNSIGNED_SHORT_5_6_5 | GL_UNSIGNED_SHORT_5_6_5_REV => (2, &[5, 6, 5]),
        GL_UNSIGNED_SHORT_4_4_4_4 | GL_UNSIGNED_SHORT_4_4_4_4_REV => (2, &[4, 4, 4, 4]),
        GL_UNSIGNED_SHORT_5_5_5_1 => (2, &[5, 5, 5, 1]),
        GL_UNSIGNED_SHORT_1_5_5_5_REV => (2, &[5, 5, 5, 1]),
        GL_UNSIGNED_INT_8_8_8_8 | GL_UNSIGNED_INT_8_8_8_8_REV => (4, &[8, 8, 8, 8]),
        GL_UNSIGNED_INT_10_10_10_2 => (4, &[10, 10, 10, 2]),
        GL_UNSIGNED_INT_2_10_10_10_REV => (4, &[10, 10, 10, 2]),
        _ => return None,
    })
}

/// Whether `ty` is one of the packed pixel types (GL_UNSIGNED_SHORT_5_6_5, ...).
pub fn is_packed_type(ty: GLenum) -> bool {
    packed_fields(ty).is_some()
}

fn packed_is_reversed(ty: GLenum) -> bool {
    matches!(
        ty,
        GL_UNSIGNED_BYTE_2_3_3_REV | GL_UNSIGNED_SHORT_5_6_5_REV | GL_UNSIGNED_SHORT_4_4_4_4_REV | GL_UNSIGNED_SHORT_1_5_5_5_REV
            | GL_UNSIGNED_INT_8_8_8_8_REV | GL_UNSIGNED_INT_2_10_10_10_REV
    )
}

/// The (shift, width) of each component of a packed type, in the format's order.
fn packed_layout(ty: GLenum) -> Vec<(u32, u32)> {
    let Some((bytes, widths)) = packed_fields(ty) else { return Vec::new() };
    let mut fields = Vec::with_capacity(widths.len());
    if packed_is_reversed(ty) {
        let mut shift = 0;
        for &w in widths {
            fields.push((shift, w));
            shift += w;
        }
    } else {
        let mut top = 8 * bytes as u32;
        for &w in widths {
            top -= w;
            fields.push((top, w));
        }
    }
    fields
}

fn read_packed_word(bytes: &[u8], size: usize) -> u32 {
    match size {
        1 => bytes[0] as u32,
        2 => u16::from_ne_bytes([bytes[0], bytes[1]]) as u32,
        _ => u32::from_ne_bytes(bytes[..4].try_into().unwrap_or_default()),
    }
}

fn write_packed_word(bytes: &mut [u8], size: usize, word: u32) {
    match size {
        1 => bytes[0] = word as u8,
        2 => bytes[..2].copy_from_slice(&(word as u16).to_ne_bytes()),
        _ => bytes[..4].copy_from_slice(&word.to_ne_bytes()),
    }
}

/// The components of one packed pixel, normalized (or as integers for integer formats).
fn read_packed(bytes: &[u8], ty: GLenum) -> Vec<u32> {
    let size = packed_fields(ty).map_or(4, |(b, _)| b);
    let word = read_packed_word(bytes, size);
    packed_layout(ty).into_iter().map(|(shift, width)| (word >> shift) & ((1u32 << width) - 1)).collect()
}

fn write_packed(bytes: &mut [u8], ty: GLenum, values: &[u32]) {
    let size = packed_fields(ty).map_or(4, |(b, _)| b);
    let word = packed_layout(ty).into_iter().zip(values).fold(0u32, |w, ((shift, width), &v)| w | ((v & ((1u32 << width) - 1)) << shift));
    write_packed_word(bytes, size, word);
}

fn packed_widths(ty: GLenum) -> Vec<u32> {
    packed_layout(ty).into_iter().map(|(_, w)| w).collect()
}

/// One client component as an unnormalized integer.
fn read_int(bytes: &[u8], ty: GLenum, i: usize) -> i64 {
    let word = |n: usize| -> [u8; 4] { bytes[4 * n..4 * n + 4].try_into().unwrap_or_default() };
    match ty {
        GL_UNSIGNED_BYTE => bytes[i] as i64,
        GL_BYTE => bytes[i] as i8 as i64,
        GL_UNSIGNED_SHORT => u16::from_ne_bytes([bytes[2 * i], bytes[2 * i + 1]]) as i64,
        GL_SHORT => i16::from_ne_bytes([bytes[2 * i], bytes[2 * i + 1]]) as i64,
        GL_UNSIGNED_INT => u32::from_ne_bytes(word(i)) as i64,
        GL_INT => i32::from_ne_bytes(word(i)) as i64,
        _ => 0,
    }
}

/// Writes one client integer component, clamped to the type's range as GL's pack does.
fn write_int(bytes: &mut [u8], ty: GLenum, i: usize, v: i64) {
    match ty {
        GL_UNSIGNED_BYTE => bytes[i] = v.clamp(0, u8::MAX as i64) as u8,
        GL_BYTE => bytes[i] = v.clamp(i8::MIN as i64, i8::MAX as i64) as i8 as u8,
        GL_UNSIGNED_SHORT => bytes[2 * i..2 * i + 2].copy_from_slice(&(v.clamp(0, u16::MAX as i64) as u16).to_ne_bytes()),
        GL_SHORT => bytes[2 * i..2 * i + 2].copy_from_slice(&(v.clamp(i16::MIN as i64, i16::MAX as i64) as i16).to_ne_bytes()),
        GL_UNSIGNED_INT => bytes[4 * i..4 * i + 4].copy_from_slice(&(v.clamp(0, u32::MAX as i64) as u32).to_ne_bytes()),
        GL_INT => bytes[4 * i..4 * i + 4].copy_from_slice(&(v.clamp(i32::MIN as i64, i32::MAX as i64) as i32).to_ne_bytes()),
        _ => {}
    }
}

fn read_component(bytes: &[u8], ty: GLenum, i: usize) -> f32 {
    let word = |n: usize| -> [u8; 4] { bytes[4 * n..4 * n + 4].try_into().unwrap_or_default() };
    let half = |n: usize| -> [u8; 2] { [bytes[2 * n], bytes[2 * n + 1]] };
    match ty {
        GL_UNSIGNED_BYTE => bytes[i] as f32 / 255.0,
        GL_UNSIGNED_SHORT => u16::from_ne_bytes(half(i)) as f32 / 65535.0,
        GL_UNSIGNED_INT => (u32::from_ne_bytes(word(i)) as f64 / u32::MAX as f64) as f32,
        // Signed normalized client data: the most negative value and the next both map to -1.
        GL_BYTE => (bytes[i] as i8 as f32 / 127.0).max(-1.0),
        GL_SHORT => (i16::from_ne_bytes(half(i)) as f32 / 32767.0).max(-1.0),
        GL_INT => (i32::from_ne_bytes(word(i)) as f64 / i32::MAX as f64).max(-1.0) as f32,
        GL_HALF_FLOAT => half_to_f32(u16::from_ne_bytes(half(i))),
        GL_FLOAT => f32::from_ne_bytes(word(i)),
        _ => 0.0,
    }
}

fn write_component(bytes: &mut [u8], ty: GLenum, i: usize, v: f32) {
    match ty {
        GL_UNSIGNED_BYTE => bytes[i] = (v.clamp(0.0, 1.0) * 255.0).round() as u8,
        GL_UNSIGNED_SHORT => {
            let x = (v.clamp(0.0, 1.0) * 65535.0).round() as u16;
            bytes[2 * i..2 * i + 2].copy_from_slice(&x.to_ne_bytes());
        }
        GL_UNSIGNED_INT => {
            let x = (v.clamp(0.0, 1.0) as f64 * u32::MAX as f64).round() as u32;
            bytes[4 * i..4 * i + 4].copy_from_slice(&x.to_ne_bytes());
        }
        GL_BYTE => bytes[i] = (v.clamp(-1.0, 1.0) * 127.0).round() as i8 as u8,
        GL_SHORT => {
            let x = (v.clamp(-1.0, 1.0) * 32767.0).round() as i16;
            bytes[2 * i..2 * i + 2].copy_from_slice(&x.to_ne_bytes());
        }
        GL_INT => {
            let x = (v.clamp(-1.0, 1.0) as f64 * i32::MAX as f64).round() as i32;
            bytes[4 * i..4 * i + 4].copy_from_slice(&x.to_ne_bytes());
        }
        GL_HALF_FLOAT => bytes[2 * i..2 * i + 2].copy_from_slice(&f32_to_half(v).to_ne_bytes()),
        GL_FLOAT => bytes[4 * i..4 * i + 4].copy_from_slice(&v.to_ne_bytes()),
        _ => {}
    }
}

/// A half float's value (1 sign, 5 exponent, 10 mantissa bits).
pub fn half_to_f32(bits: u16) -> f32 {
    gl_formats::small_float::decode(bits as u32, 5, 10, true) as f32
}

/// `v` as a half float, rounded to nearest even as GL converts.
pub fn f32_to_half(v: f32) -> u16 {
    gl_formats::small_float::encode(v as f64, 5, 10, true) as u16
}

/// Decodes one client pixel.
fn decode_client(bytes: &[u8], format: GLenum, ty: GLenum) -> Pixel {
    let mut p = Pixel { rgba: [0.0, 0.0, 0.0, 1.0], int: [0, 0, 0, 1], ..Default::default() };
    if is_integer_format(format) {
        let packed = packed_fields(ty).is_some().then(|| read_packed(bytes, ty));
        for (i, &c) in client_channels(format).iter().enumerate() {
            p.int[c] = packed.as_ref().map_or_else(|| read_int(bytes, ty, i), |v| v[i] as i64);
        }
        return p;
    }
    if packed_fields(ty).is_some() {
        let values = read_packed(bytes, ty);
        for ((&c, v), w) in client_channels(format).iter().zip(values).zip(packed_widths(ty)) {
            p.rgba[c] = v as f32 / ((1u32 << w) - 1) as f32;
        }
        return p;
    }
    match (format, ty) {
        (GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8) => {
            let v = u32::from_ne_bytes(bytes[..4].try_into().unwrap_or_default());
            p.depth = (v >> 8) as f32 / 16777215.0;
            p.stencil = (v & 0xFF) as u8;
        }
        (GL_DEPTH_STENCIL, _) => {
            p.depth = f32::from_ne_bytes(bytes[..4].try_into().unwrap_or_default());
            p.stencil = bytes[4];
        }
        (GL_DEPTH_COMPONENT, _) => p.depth = read_component(bytes, ty, 0),
        (GL_STENCIL_INDEX, _) => p.stencil = bytes[0],
        // Luminance goes to red, green and blue (GL's conversion to RGB).
        (GL_LUMINANCE | GL_LUMINANCE_ALPHA, _) => {
            let l = read_component(bytes, ty, 0);
            p.rgba[..3].fill(l);
            if format == GL_LUMINANCE_ALPHA {
                p.rgba[3] = read_component(bytes, ty, 1);
            }
        }
        _ => {
            for (i, &c) in client_channels(format).iter().enumerate() {
                p.rgba[c] = read_component(bytes, ty, i);
            }
        }
    }
    p
}

/// How a pack to GL_LUMINANCE / GL_LUMINANCE_ALPHA computes luminance: glReadPixels sums
/// red, green and blue; glGetTexImage takes red.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Luminance {
    Sum,
    Red,
}

fn encode_client(p: &Pixel, bytes: &mut [u8], format: GLenum, ty: GLenum, luminance: Luminance) {
    if is_integer_format(format) {
        if packed_fields(ty).is_some() {
            let values: Vec<u32> = client_channels(format).iter().map(|&c| p.int[c].max(0) as u32).collect();
            return write_packed(bytes, ty, &values);
        }
        for (i, &c) in client_channels(format).iter().enumerate() {
            write_int(bytes, ty, i, p.int[c]);
        }
        return;
    }
    if packed_fields(ty).is_some() {
        let values: Vec<u32> = client_channels(format)
            .iter()
            .zip(packed_widths(ty))
            .map(|(&c, w)| {
                let max = ((1u32 << w) - 1) as f32;
                (p.rgba[c].clamp(0.0, 1.0) * max).round() as u32
            })
            .collect();
        return write_packed(bytes, ty, &values);
    }
    match (format, ty) {
        (GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8) => {
            let d = (p.depth.clamp(0.0, 1.0) * 16777215.0).round() as u32;
            bytes[..4].copy_from_slice(&((d << 8) | p.stencil as u32).to_ne_bytes());
        }
        (GL_DEPTH_STENCIL, _) => {
            bytes[..4].copy_from_slice(&p.depth.to_ne_bytes());
            bytes[4] = p.stencil;
        }
        (GL_DEPTH_COMPONENT, _) => write_component(bytes, ty, 0, p.depth),
        // Stencil indices are integers, never normalized.
        (GL_STENCIL_INDEX, GL_UNSIGNED_BYTE) => bytes[0] = p.stencil,
        (GL_STENCIL_INDEX, GL_UNSIGNED_SHORT) => bytes[..2].copy_from_slice(&(p.stencil as u16).to_ne_bytes()),
        (GL_STENCIL_INDEX, GL_UNSIGNED_INT) => bytes[..4].copy_from_slice(&(p.stencil as u32).to_ne_bytes()),
        (GL_STENCIL_INDEX, _) => bytes[..4].copy_from_slice(&(p.stencil as f32).to_ne_bytes()),
        (GL_LUMINANCE | GL_LUMINANCE_ALPHA, _) => {
            let [r, g, b, a] = p.rgba;
            let l = if luminance == Luminance::Sum { r + g + b } else { r };
            // Normalized types clamp on their own; float types keep the sum clamped as GL's
            // clamped read colour is.
            write_component(bytes, ty, 0, if matches!(ty, GL_FLOAT | GL_HALF_FLOAT) { l.min(1.0) } else { l });
            if format == GL_LUMINANCE_ALPHA {
                write_component(bytes, ty, 1, a);
            }
        }
        _ => {
            for (i, &c) in client_channels(format).iter().enumerate() {
                write_component(bytes, ty, i, p.rgba[c]);
            }
        }
    }
}

/// Decodes one stored texel.
pub fn decode_texel(bytes: &[u8], texel: TexelFormat) -> Pixel {
    let mut p = Pixel { rgba: [0.0, 0.0, 0.0, 1.0], int: [0, 0, 0, 1], ..Default::default() };
    match texel {
        TexelFormat::Unorm8 { channels } => {
            for c in 0..channels as usize {
                p.rgba[c] = bytes[c] as f32 / 255.0;
            }
        }
        TexelFormat::Unorm16 { channels } => {
            for c in 0..channels as usize {
                p.rgba[c] = u16::from_ne_bytes([bytes[2 * c], bytes[2 * c + 1]]) as f32 / 65535.0;
            }
        }
        TexelFormat::Float16 { channels } => {
            for c in 0..channels as usize {
                p.rgba[c] = half_to_f32(u16::from_ne_bytes([bytes[2 * c], bytes[2 * c + 1]]));
            }
        }
        TexelFormat::Float32 { channels } => {
            for c in 0..channels as usize {
                p.rgba[c] = f32::from_ne_bytes(bytes[4 * c..4 * c + 4].try_into().unwrap_or_default());
            }
        }
        TexelFormat::Depth { .. } => p.depth = f32::from_ne_bytes(bytes[..4].try_into().unwrap_or_default()),
        TexelFormat::DepthStencil { .. } => {
            p.depth = f32::from_ne_bytes(bytes[..4].try_into().unwrap_or_default());
            p.stencil = bytes[4];
        }
        TexelFormat::Int { bits, channels, signed } => {
            let ty = integer_type(bits, signed);
            for c in 0..channels as usize {
                p.int[c] = read_int(bytes, ty, c);
            }
        }
    }
    p
}

/// The client type whose layout matches an integer texel's components.
fn integer_type(bits: u8, signed: bool) -> GLenum {
    match (bits, signed) {
        (8, false) => GL_UNSIGNED_BYTE,
        (8, true) => GL_BYTE,
        (16, false) => GL_UNSIGNED_SHORT,
        (16, true) => GL_SHORT,
        (_, false) => GL_UNSIGNED_INT,
        (_, true) => GL_INT,
    }
}

/// Encodes one texel.
pub fn encode_texel(p: &Pixel, bytes: &mut [u8], texel: TexelFormat) {
    match texel {
        TexelFormat::Unorm8 { channels } => {
            for c in 0..channels as usize {
                bytes[c] = (p.rgba[c].clamp(0.0, 1.0) * 255.0).round() as u8;
            }
        }
        TexelFormat::Unorm16 { channels } => {
            for c in 0..channels as usize {
                let v = (p.rgba[c].clamp(0.0, 1.0) * 65535.0).round() as u16;
                bytes[2 * c..2 * c + 2].copy_from_slice(&v.to_ne_bytes());
            }
        }
        TexelFormat::Float16 { channels } => {
            for c in 0..channels as usize {
                bytes[2 * c..2 * c + 2].copy_from_slice(&f32_to_half(p.rgba[c]).to_ne_bytes());
            }
        }
        TexelFormat::Float32 { channels } => {
            for c in 0..channels as usize {
                bytes[4 * c..4 * c + 4].copy_from_slice(&p.rgba[c].to_ne_bytes());
            }
        }
        TexelFormat::Depth { .. } => bytes[..4].copy_from_slice(&p.depth.clamp(0.0, 1.0).to_ne_bytes()),
        TexelFormat::DepthStencil { .. } => {
            bytes[..4].copy_from_slice(&p.depth.clamp(0.0, 1.0).to_ne_bytes());
            bytes[4] = p.stencil;
        }
        TexelFormat::Int { bits, channels, signed } => {
            let ty = integer_type(bits, signed);
            for c in 0..channels as usize {
                write_int(bytes, ty, c, p.int[c]);
            }
        }
    }
}

/// Converts a client image (`source` from the start of client memory) into tightly
/// packed texels in `out`.
pub fn unpack(layout: &ClientLayout, source: &[u8], format: GLenum, ty: GLenum, texel: TexelFormat, out: &mut [u8]) {
    let bpt = texel.bytes_per_texel();
    for z in 0..layout.depth.max(1) {
        let image = layout.image(z);
        for y in 0..layout.height {
            for x in 0..layout.width {
                let at = image.pixel_offset(x, y);
                let p = decode_client(&source[at..at + layout.pixel_bytes], format, ty);
                let dst = ((z * layout.height + y) * layout.width + x) * bpt;
                encode_texel(&p, &mut out[dst..dst + bpt], texel);
            }
        }
    }
}

/// Converts tightly packed texels into a client image laid out as `layout` says.
#[cfg(test)]
pub fn pack(layout: &ClientLayout, texels: &[u8], texel: TexelFormat, format: GLenum, ty: GLenum, out: &mut [u8]) {
    pack_region(layout, texels, texel, (layout.width, layout.height), (0, 0), format, ty, Luminance::Sum, out);
}

/// Converts a `size` block of tightly packed texels into the client image at pixel
/// `origin` (for read-backs clipped to the framebuffer).
#[allow(clippy::too_many_arguments)]
pub fn pack_region(
    layout: &ClientLayout,
    texels: &[u8],
    texel: TexelFormat,
    size: (usize, usize),
    origin: (usize, usize),
    format: GLenum,
    ty: GLenum,
    luminance: Luminance,
    out: &mut [u8],
) {
    let bpt = texel.bytes_per_texel();
    for y in 0..size.1 {
        for x in 0..size.0 {
            let src = (y * size.0 + x) * bpt;
            let p = decode_texel(&texels[src..src + bpt], texel);
            let at = layout.pixel_offset(origin.0 + x, origin.1 + y);
            encode_client(&p, &mut out[at..at + layout.pixel_bytes], format, ty, luminance);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_are_padded_to_the_unpack_alignment() {
        let store = PixelStore::default();
        let layout = ClientLayout::new(&store, 3, 2, GL_RGB, GL_UNSIGNED_BYTE).unwrap();
        assert_eq!(layout.row_stride, 12);
        assert_eq!(layout.total_bytes, 12 + 9);
        let packed = PixelStore { alignment: 1, ..store };
        assert_eq!(ClientLayout::new(&packed, 3, 2, GL_RGB, GL_UNSIGNED_BYTE).unwrap().row_stride, 9);
    }

    #[test]
    fn rgb_bytes_become_opaque_rgba8_and_back() {
        let layout = ClientLayout::new(&PixelStore { alignment: 1, ..Default::default() }, 2, 1, GL_RGB, GL_UNSIGNED_BYTE).unwrap();
        let mut texels = [0u8; 8];
        unpack(&layout, &[255, 0, 10, 1, 2, 3], GL_RGB, GL_UNSIGNED_BYTE, TexelFormat::Unorm8 { channels: 4 }, &mut texels);
        assert_eq!(texels, [255, 0, 10, 255, 1, 2, 3, 255]);
        let out_layout = ClientLayout::new(&PixelStore::default(), 2, 1, GL_RGBA, GL_FLOAT).unwrap();
        let mut floats = [0u8; 32];
        pack(&out_layout, &texels, TexelFormat::Unorm8 { channels: 4 }, GL_RGBA, GL_FLOAT, &mut floats);
        let first = f32::from_ne_bytes(floats[..4].try_into().unwrap());
        let third = f32::from_ne_bytes(floats[8..12].try_into().unwrap());
        assert_eq!(first, 1.0);
        assert!((third - 10.0 / 255.0).abs() < 1e-6);
    }

    #[test]
    fn depth_formats_reject_colour_transfers() {
        assert_eq!(texel_format_for(GL_DEPTH_COMPONENT24, GL_RGBA, GL_UNSIGNED_BYTE), Err(GL_INVALID_OPERATION));
        assert_eq!(texel_format_for(GL_RGBA8, GL_DEPTH_COMPONENT, GL_FLOAT), Err(GL_INVALID_OPERATION));
        assert_eq!(texel_format_for(GL_RGBA8, GL_RGBA, GL_UNSIGNED_INT_24_8), Err(GL_INVALID_OPERATION));
        assert_eq!(texel_format_for(0x1234, GL_RGBA, GL_UNSIGNED_BYTE), Err(GL_INVALID_VALUE));
        assert_eq!(texel_format_for(GL_RGBA8, 0x1234, GL_UNSIGNED_BYTE), Err(GL_INVALID_ENUM));
    }

    #[test]
    fn packed_depth_stencil_round_trips() {
        let layout = ClientLayout::new(&PixelStore::default(), 1, 1, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8).unwrap();
        let client = (((0.5f64 * 16777215.0).round() as u32) << 8 | 0x7F).to_ne_bytes();
        let mut texel = [0u8; 8];
        let format = TexelFormat::DepthStencil { depth_bits: 24 };
        unpack(&layout, &client, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, format, &mut texel);
        let p = decode_texel(&texel, format);
        assert!((p.depth - 0.5).abs() < 1e-6);
        assert_eq!(p.stencil, 0x7F);
    }
}
