//! CPU encoding of uncompressed texels into S3TC (BC1, BC2, BC3), RGTC (BC4, BC5) and BPTC
//! (BC6H, BC7, in `compress_bptc`) blocks,
//! for glTexImage with a specific compressed internal format and uncompressed data: GL
//! compresses such an image (GL 4.6 section 8.7), so glGetCompressedTexImage and
//! GL_TEXTURE_COMPRESSED_IMAGE_SIZE have blocks to return. The encoder is a range fit: the
//! endpoints are the corners of each block's bounding box and every texel takes the nearest
//! palette entry, which keeps blocks of one or two colours exact.
//!
//! The input is what `decompress` produces for the format (RGBA8 for S3TC and BC7, 16-bit
//! normalised channels for RGTC, RGBA half floats for BC6H), so decoding the blocks gives the texels galvan samples.

use crate::pixel_store::Extent;
use crate::storage::StorageFormat;
use crate::texel_format::TexelFormat;

/// One 4x4 block of RGBA8 texels, row-major, with the texels outside the image repeating
/// the nearest one inside.
type RgbaBlock = [[u8; 4]; 16];

/// Encodes `texels` (tightly packed fallback storage covering `extent`, one depth slice
/// after another) into the blocks of `format`'s compressed format; `None` for a format
/// galvan has no encoder for or storage that is not the decoder's.
pub fn compress(format: TexelFormat, texels: &[u8], extent: Extent) -> Option<Vec<u8>> {
    use StorageFormat::*;
    let rgba8 = matches!(format.storage, Rgba8Unorm | Rgba8Srgb);
    let (w, h, d) = (extent.width as usize, extent.height as usize, extent.depth as usize);
    let texel_bytes = format.storage.color_layout()?.pixel_bytes();
    if texels.len() < w * h * d * texel_bytes {
        return None;
    }
    let encode: fn(&RgbaBlock, &mut Vec<u8>) = match format.info.storage {
        Bc1RgbUnorm | Bc1RgbSrgb if rgba8 => |b, out| out.extend(color_block(b, false)),
        Bc1RgbaUnorm | Bc1RgbaSrgb if rgba8 => |b, out| out.extend(color_block(b, true)),
        Bc2Unorm | Bc2Srgb if rgba8 => |b, out| {
            out.extend(explicit_alpha_block(b));
            out.extend(color_block(b, false));
        },
        Bc3Unorm | Bc3Srgb if rgba8 => |b, out| {
            out.extend(value_block(&b.map(|t| t[3] as f32 / 255.0), false));
            out.extend(color_block(b, false));
        },
        Bc7Unorm | Bc7Srgb if rgba8 => |b, out| out.extend(crate::compress_bptc::bc7_block(b)),
        Bc4Unorm | Bc4Snorm | Bc5Unorm | Bc5Snorm => return compress_rgtc(format, texels, extent),
        Bc6hUfloat | Bc6hSfloat => return compress_bc6h(format, texels, extent),
        _ => return None,
    };
    let mut out = Vec::new();
    for z in 0..d {
        for by in 0..h.div_ceil(4) {
            for bx in 0..w.div_ceil(4) {
                let block = gather(|x, y| {
                    let at = ((z * h + y) * w + x) * texel_bytes;
                    [texels[at], texels[at + 1], texels[at + 2], texels[at + 3]]
                }, bx, by, w, h);
                encode(&block, &mut out);
            }
        }
    }
    Some(out)
}

/// BC4 and BC5 from one or two 16-bit normalised channels.
fn compress_rgtc(format: TexelFormat, texels: &[u8], extent: Extent) -> Option<Vec<u8>> {
    use StorageFormat::*;
    let (channels, signed) = match (format.info.storage, format.storage) {
        (Bc4Unorm, R16Unorm) => (1, false),
        (Bc4Snorm, R16Snorm) => (1, true),
        (Bc5Unorm, Rg16Unorm) => (2, false),
        (Bc5Snorm, Rg16Snorm) => (2, true),
        _ => return None,
    };
    let (w, h, d) = (extent.width as usize, extent.height as usize, extent.depth as usize);
    let value = |at: usize| {
        let raw = u16::from_ne_bytes([texels[at], texels[at + 1]]);
        if signed { (raw as i16).max(-32767) as f32 / 32767.0 } else { raw as f32 / 65535.0 }
    };
    let mut out = Vec::new();
    for z in 0..d {
        for by in 0..h.div_ceil(4) {
            for bx in 0..w.div_ceil(4) {
                for c in 0..channels {
                    let block = gather(|x, y| value((((z * h + y) * w + x) * channels + c) * 2), bx, by, w, h);
                    out.extend(value_block(&block, signed));
                }
            }
        }
    }
    Some(out)
}

/// BC6H from RGBA half floats (alpha, always one, is dropped).
fn compress_bc6h(format: TexelFormat, texels: &[u8], extent: Extent) -> Option<Vec<u8>> {
    let signed = match (format.info.storage, format.storage) {
        (StorageFormat::Bc6hUfloat, StorageFormat::Rgba16Float) => false,
        (StorageFormat::Bc6hSfloat, StorageFormat::Rgba16Float) => true,
        _ => return None,
    };
    let (w, h, d) = (extent.width as usize, extent.height as usize, extent.depth as usize);
    let half = |at: usize| u16::from_ne_bytes([texels[at], texels[at + 1]]);
    let mut out = Vec::new();
    for z in 0..d {
        for by in 0..h.div_ceil(4) {
            for bx in 0..w.div_ceil(4) {
                let block = gather(|x, y| {
                    let at = ((z * h + y) * w + x) * 8;
                    [half(at), half(at + 2), half(at + 4)]
                }, bx, by, w, h);
                out.extend(crate::compress_bptc::bc6h_block(&block, signed));
            }
        }
    }
    Some(out)
}

/// The 16 texels of block (`bx`, `by`) of a `w` x `h` image, edges repeated.
fn gather<T: Copy>(at: impl Fn(usize, usize) -> T, bx: usize, by: usize, w: usize, h: usize) -> [T; 16] {
    std::array::from_fn(|i| at((bx * 4 + i % 4).min(w - 1), (by * 4 + i / 4).min(h - 1)))
}

fn to_565(c: [u8; 4]) -> u16 {
    let q = |v: u8, bits: u32| ((v as u32 * ((1 << bits) - 1) + 127) / 255) as u16;
    q(c[0], 5) << 11 | q(c[1], 6) << 5 | q(c[2], 5)
}

/// A 565 colour widened to 8 bits per channel by replicating its top bits, as decoders do.
fn from_565(c: u16) -> [i32; 3] {
    let (r, g, b) = ((c >> 11) as i32, (c >> 5 & 63) as i32, (c & 31) as i32);
    [r << 3 | r >> 2, g << 2 | g >> 4, b << 3 | b >> 2]
}

/// An 8-byte BC1 colour block. With `punch_through`, texels of alpha below one half become
/// the transparent entry of the three-colour mode; otherwise the four-colour mode is used
/// (the one BC2 and BC3 always decode).
fn color_block(block: &RgbaBlock, punch_through: bool) -> [u8; 8] {
    let transparent = |t: &[u8; 4]| punch_through && t[3] < 128;
    let opaque: Vec<&[u8; 4]> = block.iter().filter(|t| !transparent(t)).collect();
    let corner = |pick: fn(u8, u8) -> u8| {
        opaque.iter().fold(if pick(0, 1) == 0 { [255u8; 4] } else { [0u8; 4] }, |acc, t| std::array::from_fn(|c| pick(acc[c], t[c])))
    };
    let (low, high) = if opaque.is_empty() { (0, 0) } else { (to_565(corner(u8::min)), to_565(corner(u8::max))) };
    let three_colour = opaque.len() < 16;
    // Four colours need c0 > c1, three need c0 <= c1; bounding-box corners give high >= low.
    let (c0, c1) = if three_colour { (low, high) } else { (high, low) };
    let (e0, e1) = (from_565(c0), from_565(c1));
    let mix = |a: i32, b: i32, n: i32, total: i32| (a * (total - n) + b * n) / total;
    let palette: Vec<[i32; 3]> = if c0 > c1 {
        vec![e0, e1, std::array::from_fn(|c| mix(e0[c], e1[c], 1, 3)), std::array::from_fn(|c| mix(e0[c], e1[c], 2, 3))]
    } else {
        vec![e0, e1, std::array::from_fn(|c| mix(e0[c], e1[c], 1, 2))]
    };
    let mut indices = 0u32;
    for (i, t) in block.iter().enumerate() {
        let index = if transparent(t) {
            3
        } else {
            let distance = |p: &[i32; 3]| (0..3).map(|c| (p[c] - t[c] as i32).pow(2)).sum::<i32>();
            (0..palette.len()).min_by_key(|&p| distance(&palette[p])).unwrap_or(0) as u32
        };
        indices |= index << (2 * i);
    }
    let mut out = [0u8; 8];
    out[..2].copy_from_slice(&c0.to_le_bytes());
    out[2..4].copy_from_slice(&c1.to_le_bytes());
    out[4..].copy_from_slice(&indices.to_le_bytes());
    out
}

/// BC2's 8-byte alpha: four bits a texel, first texel lowest.
fn explicit_alpha_block(block: &RgbaBlock) -> [u8; 8] {
    let bits = block.iter().enumerate().fold(0u64, |acc, (i, t)| acc | (((t[3] as u64 * 15 + 127) / 255) << (4 * i)));
    bits.to_le_bytes()
}

/// An 8-byte BC4 block (BC3's alpha, one RGTC channel) of normalised values: the maximum and
/// minimum as endpoints in the eight-value mode, each texel the nearest of the eight.
fn value_block(values: &[f32; 16], signed: bool) -> [u8; 8] {
    let encode = |v: f32| if signed { ((v.clamp(-1.0, 1.0) * 127.0).round() as i8) as u8 } else { (v.clamp(0.0, 1.0) * 255.0).round() as u8 };
    let decode = |b: u8| if signed { (b as i8).max(-127) as f32 / 127.0 } else { b as f32 / 255.0 };
    let (lo, hi) = values.iter().fold((f32::MAX, f32::MIN), |(lo, hi), &v| (lo.min(v), hi.max(v)));
    let (b0, b1) = (encode(hi), encode(lo));
    let (e0, e1) = (decode(b0), decode(b1));
    let mut palette = [e0, e1, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0];
    for i in 1..7 {
        palette[i + 1] = ((7 - i) as f32 * e0 + i as f32 * e1) / 7.0;
    }
    // Equal endpoints are the six-value mode, whose index 0 still is the endpoint.
    let usable = if b0 == b1 { 1 } else { 8 };
    let mut indices = 0u64;
    for (i, &v) in values.iter().enumerate() {
        let best = (0..usable).min_by(|&a, &b| (palette[a] - v).abs().total_cmp(&(palette[b] - v).abs())).unwrap_or(0);
        indices |= (best as u64) << (3 * i);
    }
    let mut out = [0u8; 8];
    out[0] = b0;
    out[1] = b1;
    out[2..].copy_from_slice(&indices.to_le_bytes()[..6]);
    out
}
