//! CPU decoding of compressed formats the device cannot sample, into the uncompressed
//! fallback storage `TexelFormat::choose` picked: ETC1/ETC2 and S3TC/BPTC to RGBA8 (block
//! decoders of the `texture2ddecoder` crate); ASTC to RGBA8 by the LDR profile's rules
//! (galvan's decoder, `decompress_astc`), or to RGBA half floats by the HDR profile's rules
//! where that is the storage; EAC R11/RG11 to 16-bit normalised channels by the EAC formulas
//! here (an 8-bit decode would lose three of the eleven bits), and RGTC (BC4/BC5) likewise,
//! its interpolated values being finer than 8 bits; BC6H to RGBA half floats (the `bcdec_rs`
//! crate's decoder, alpha one).

use crate::error::GlError;
use crate::pixel_store::{compressed_image_size, Extent};
use crate::storage::StorageFormat;
use crate::texel_format::TexelFormat;

/// EAC modifier tables (the ETC2 alpha tables), indexed by table index then pixel index.
const EAC_MODIFIERS: [[i32; 8]; 16] = [
    [-3, -6, -9, -15, 2, 5, 8, 14],
    [-3, -7, -10, -13, 2, 6, 9, 12],
    [-2, -5, -8, -13, 1, 4, 7, 12],
    [-2, -4, -6, -13, 1, 3, 5, 12],
    [-3, -6, -8, -12, 2, 5, 7, 11],
    [-3, -7, -9, -11, 2, 6, 8, 10],
    [-4, -7, -8, -11, 3, 6, 7, 10],
    [-3, -5, -8, -11, 2, 4, 7, 10],
    [-2, -6, -8, -10, 1, 5, 7, 9],
    [-2, -5, -8, -10, 1, 4, 7, 9],
    [-2, -4, -8, -10, 1, 3, 7, 9],
    [-2, -5, -7, -10, 1, 4, 6, 9],
    [-3, -4, -7, -10, 2, 3, 6, 9],
    [-1, -2, -3, -10, 0, 1, 2, 9],
    [-4, -6, -8, -9, 3, 5, 7, 8],
    [-3, -5, -7, -9, 2, 4, 6, 8],
];

/// Decodes one 8-byte EAC block into 16 texels (row-major, 16-bit normalised): unsigned
/// values are clamp(base * 8 + 4 + m * mult * 8, 0, 2047), signed ones
/// clamp(base * 8 + m * mult * 8, -1023, 1023), a zero multiplier standing for 1/8; the
/// 11-bit result is widened to 16 bits by replicating its top bits.
fn decode_eac_block(block: &[u8], signed: bool) -> [u16; 16] {
    let multiplier = (block[1] >> 4) as i32;
    let table = &EAC_MODIFIERS[(block[1] & 15) as usize];
    let indices = u64::from_be_bytes([0, 0, block[2], block[3], block[4], block[5], block[6], block[7]]);
    let mut out = [0u16; 16];
    for i in 0..16 {
        let modifier = table[((indices >> (45 - 3 * i)) & 7) as usize];
        let step = if multiplier == 0 { modifier } else { modifier * multiplier * 8 };
        // Pixels are numbered down columns: pixel i is at x = i / 4, y = i % 4.
        let at = (i % 4) * 4 + i / 4;
        out[at] = if signed {
            let base = (block[0] as i8).max(-127) as i32;
            let v = (base * 8 + step).clamp(-1023, 1023);
            let magnitude = v.unsigned_abs() as u16;
            let wide = (magnitude << 5) | (magnitude >> 5);
            if v < 0 {
                (wide as i16).wrapping_neg() as u16
            } else {
                wide
            }
        } else {
            let v = (block[0] as i32 * 8 + 4 + step).clamp(0, 2047) as u16;
            (v << 5) | (v >> 6)
        };
    }
    out
}

/// Decodes one 8-byte BC4 (RGTC1) block into 16 texels (row-major, 16-bit normalised): two
/// endpoints, then a 3-bit index per texel (little-endian, first texel lowest). With the
/// first endpoint above the second, indices 2-7 interpolate six values between them;
/// otherwise 2-5 interpolate four, and 6 and 7 are the format's minimum and maximum.
fn decode_bc4_block(block: &[u8], signed: bool) -> [u16; 16] {
    // Endpoints as normalised values; signed ones clamp -128 to -127 (both mean -1).
    let endpoint = |b: u8| if signed { (b as i8).max(-127) as f32 / 127.0 } else { b as f32 / 255.0 };
    let (e0, e1) = (endpoint(block[0]), endpoint(block[1]));
    let min = if signed { -1.0 } else { 0.0 };
    let mut palette = [e0, e1, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0];
    let six = if signed { (block[0] as i8).max(-127) > (block[1] as i8).max(-127) } else { block[0] > block[1] };
    if six {
        for i in 1..7 {
            palette[i + 1] = ((7 - i) as f32 * e0 + i as f32 * e1) / 7.0;
        }
    } else {
        for i in 1..5 {
            palette[i + 1] = ((5 - i) as f32 * e0 + i as f32 * e1) / 5.0;
        }
        (palette[6], palette[7]) = (min, 1.0);
    }
    let indices = u64::from_le_bytes([block[2], block[3], block[4], block[5], block[6], block[7], 0, 0]);
    let mut out = [0u16; 16];
    for (t, texel) in out.iter_mut().enumerate() {
        let v = palette[((indices >> (3 * t)) & 7) as usize];
        *texel = if signed { ((v * 32767.0).round() as i16) as u16 } else { (v * 65535.0).round() as u16 };
    }
    out
}

/// How one compressed format's blocks decode.
#[derive(Clone, Copy)]
enum Decoder {
    /// A `texture2ddecoder` 4x4 block decoder writing BGRA words; stored as RGBA8.
    Rgba8(fn(&[u8], &mut [u32])),
    /// ASTC with its block size, decoded by the LDR profile's rules for linear or sRGB
    /// formats; stored as RGBA8.
    Astc { width: usize, height: usize, srgb: bool },
    /// ASTC decoded by the HDR profile's rules; stored as RGBA half floats.
    AstcHdr { width: usize, height: usize },
    /// EAC with one or two channels; stored as 16-bit normalised channels.
    Eac { channels: usize, signed: bool },
    /// BC4 (RGTC1) or BC5 (RGTC2, two BC4 blocks); stored as 16-bit normalised channels.
    Bc4 { channels: usize, signed: bool },
    /// BC6H; stored as RGBA half floats.
    Bc6h { signed: bool },
}

impl Decoder {
    /// Bytes of one output texel.
    fn texel_bytes(self) -> usize {
        match self {
            Decoder::Rgba8(_) | Decoder::Astc { .. } => 4,
            Decoder::Eac { channels, .. } | Decoder::Bc4 { channels, .. } => 2 * channels,
            Decoder::Bc6h { .. } | Decoder::AstcHdr { .. } => 8,
        }
    }

    /// Decodes one block into `out`, its texels row-major.
    fn decode(self, block: &[u8], out: &mut [u8], texels: usize) {
        match self {
            Decoder::Astc { width, height, srgb } => {
                crate::decompress_astc::decode_ldr_block(block, width, height, srgb, out);
            }
            Decoder::AstcHdr { width, height } => {
                let mut halves = [0u16; 4 * 144];
                crate::decompress_astc::decode_hdr_block(block, width, height, &mut halves);
                for (bytes, h) in out.chunks_exact_mut(2).zip(&halves) {
                    bytes.copy_from_slice(&h.to_ne_bytes());
                }
            }
            Decoder::Rgba8(f) => {
                // Malformed blocks can trip the decoder's arithmetic checks; such a block
                // decodes to magenta instead of unwinding into GL.
                let mut words = [0u32; 16];
                let decoded = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| f(block, &mut words)));
                if decoded.is_err() {
                    words.fill(u32::from_le_bytes([255, 0, 255, 255]));
                }
                for (t, w) in words.iter().take(texels).enumerate() {
                    let [b, g, r, a] = w.to_le_bytes();
                    out[t * 4..t * 4 + 4].copy_from_slice(&[r, g, b, a]);
                }
            }
            Decoder::Bc6h { signed } => {
                let mut halves = [0u16; 48];
                bcdec_rs::bc6h_half(block, &mut halves, 12, signed);
                for (t, rgb) in halves.chunks_exact(3).enumerate() {
                    for (c, h) in rgb.iter().chain(&[0x3C00]).enumerate() {
                        out[t * 8 + c * 2..t * 8 + c * 2 + 2].copy_from_slice(&h.to_ne_bytes());
                    }
                }
            }
            Decoder::Eac { channels, signed } | Decoder::Bc4 { channels, signed } => {
                let decode_channel = if matches!(self, Decoder::Eac { .. }) { decode_eac_block } else { decode_bc4_block };
                for c in 0..channels {
                    let values = decode_channel(&block[c * 8..c * 8 + 8], signed);
                    for (t, v) in values.iter().enumerate() {
                        let at = (t * channels + c) * 2;
                        out[at..at + 2].copy_from_slice(&v.to_ne_bytes());
                    }
                }
            }
        }
    }
}

/// The decoder from `format` into `storage`, where galvan has one.
fn decoder_for(format: StorageFormat, storage: StorageFormat) -> Option<Decoder> {
    use texture2ddecoder as t;
    use StorageFormat::*;
    let rgba8 = matches!(storage, Rgba8Unorm | Rgba8Srgb);
    Some(match format {
        Etc2Rgb8Unorm | Etc2Rgb8Srgb if rgba8 => Decoder::Rgba8(t::decode_etc2_rgb_block),
        Etc2Rgb8A1Unorm | Etc2Rgb8A1Srgb if rgba8 => Decoder::Rgba8(t::decode_etc2_rgba1_block),
        Etc2Rgba8Unorm | Etc2Rgba8Srgb if rgba8 => Decoder::Rgba8(t::decode_etc2_rgba8_block),
        Bc1RgbUnorm | Bc1RgbSrgb if rgba8 => Decoder::Rgba8(t::decode_bc1_block),
        Bc1RgbaUnorm | Bc1RgbaSrgb if rgba8 => Decoder::Rgba8(t::decode_bc1a_block),
        Bc2Unorm | Bc2Srgb if rgba8 => Decoder::Rgba8(t::decode_bc2_block),
        Bc3Unorm | Bc3Srgb if rgba8 => Decoder::Rgba8(t::decode_bc3_block),
        Bc7Unorm | Bc7Srgb if rgba8 => Decoder::Rgba8(t::decode_bc7_block),
        Astc { block_width, block_height, srgb } if rgba8 => {
            Decoder::Astc { width: block_width as usize, height: block_height as usize, srgb }
        }
        // The HDR profile, for linear ASTC formats stored as half floats.
        Astc { block_width, block_height, srgb: false } if storage == Rgba16Float => {
            Decoder::AstcHdr { width: block_width as usize, height: block_height as usize }
        }
        EacR11Unorm if storage == R16Unorm => Decoder::Eac { channels: 1, signed: false },
        EacR11Snorm if storage == R16Snorm => Decoder::Eac { channels: 1, signed: true },
        EacRg11Unorm if storage == Rg16Unorm => Decoder::Eac { channels: 2, signed: false },
        EacRg11Snorm if storage == Rg16Snorm => Decoder::Eac { channels: 2, signed: true },
        Bc4Unorm if storage == R16Unorm => Decoder::Bc4 { channels: 1, signed: false },
        Bc4Snorm if storage == R16Snorm => Decoder::Bc4 { channels: 1, signed: true },
        Bc5Unorm if storage == Rg16Unorm => Decoder::Bc4 { channels: 2, signed: false },
        Bc5Snorm if storage == Rg16Snorm => Decoder::Bc4 { channels: 2, signed: true },
        Bc6hUfloat if storage == Rgba16Float => Decoder::Bc6h { signed: false },
        Bc6hSfloat if storage == Rgba16Float => Decoder::Bc6h { signed: true },
        _ => return None,
    })
}

/// Decodes compressed `data` of `texels.info`'s format covering `extent` (whole blocks, one
/// depth slice after another) into tightly packed texels of `texels.storage`, the
/// uncompressed fallback `TexelFormat::choose` picked. INVALID_VALUE when `data` is shorter
/// than the image; INVALID_OPERATION when the format is not compressed or galvan has no
/// decoder into that storage.
pub fn decompress(texels: TexelFormat, data: &[u8], extent: Extent) -> Result<Vec<u8>, GlError> {
    let compressed = texels.info.storage;
    let block = compressed.block().ok_or(GlError::InvalidOperation)?;
    let decoder = decoder_for(compressed, texels.storage).ok_or(GlError::InvalidOperation)?;
    let needed = compressed_image_size(Some(block), extent).ok_or(GlError::InvalidValue)?;
    if data.len() < needed {
        return Err(GlError::InvalidValue);
    }
    let texel_bytes = decoder.texel_bytes();
    let (bw, bh, block_bytes) = (block.width as usize, block.height as usize, block.bytes as usize);
    let (w, h) = (extent.width as usize, extent.height as usize);
    let mut out = vec![0u8; extent.texels().ok_or(GlError::InvalidValue)? * texel_bytes];
    let mut decoded = vec![0u8; bw * bh * texel_bytes];
    let mut blocks = data.chunks_exact(block_bytes);
    for z in 0..extent.depth as usize {
        for by in 0..h.div_ceil(bh) {
            for bx in 0..w.div_ceil(bw) {
                let Some(source) = blocks.next() else { return Err(GlError::InvalidValue) };
                decoder.decode(source, &mut decoded, bw * bh);
                // Copy the part of the block inside the image.
                let cols = bw.min(w - bx * bw);
                for y in 0..bh.min(h - by * bh) {
                    let dst = ((z * h + by * bh + y) * w + bx * bw) * texel_bytes;
                    let src = y * bw * texel_bytes;
                    out[dst..dst + cols * texel_bytes].copy_from_slice(&decoded[src..src + cols * texel_bytes]);
                }
            }
        }
    }
    Ok(out)
}
