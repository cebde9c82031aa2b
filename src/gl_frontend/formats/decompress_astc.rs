//! ASTC block decoding for 2D footprints (4x4 to 12x12), from the Khronos Data Format
//! Specification's ASTC chapter (the text of KHR_texture_compression_astc_ldr/hdr): block
//! modes, void-extent blocks, partitions, colour endpoints (`astc_endpoints`) in integer
//! sequences (`astc_integer_sequence`), weight grids with their infill, dual planes, and the
//! error colour for illegal blocks. The LDR profile decodes to RGBA8 (sRGB formats by their
//! own rule, "Weight Application"); the HDR profile to RGBA half floats.

use crate::astc_endpoints::{decode_endpoints, value_count, EndpointPair};
use crate::astc_integer_sequence::{
    decode_sequence, unquantize_endpoint, unquantize_weight, BitStream, Digit, Range, ENDPOINT_RANGES,
};

/// The LDR error colour, opaque magenta ("LDR and HDR Modes").
pub(crate) const ERROR_COLOUR: [u8; 4] = [0xFF, 0x00, 0xFF, 0xFF];

/// The HDR profile's error result: four NaNs, of the recommended pattern 0xFFFF.
const HDR_ERROR: [u16; 4] = [0xFFFF; 4];

/// Texels of the largest 2D footprint, 12x12.
const MAX_TEXELS: usize = 144;

/// Weights of the largest grid a block may carry ("Illegal Encodings").
const MAX_WEIGHTS: usize = 64;

/// Colour endpoint values of the most a block may carry ("Illegal Encodings").
const MAX_ENDPOINT_VALUES: usize = 18;

/// A block that "Illegal Encodings" lists, or a reserved block mode: every texel is the error
/// colour.
#[derive(Debug)]
struct IllegalBlock;

/// A block's weight grid, as its block mode field gives it ("Block Mode").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct BlockMode {
    grid_width: u32,
    grid_height: u32,
    dual_plane: bool,
    weight_range: Range,
}

/// Decodes the 11-bit block mode of a block that is not a void-extent block (table "2D Block
/// Mode Layout"); `None` for the reserved modes.
fn decode_block_mode(mode: u32) -> Option<BlockMode> {
    let bit = |i: u32| (mode >> i) & 1;
    let field = |at: u32, bits: u32| (mode >> at) & ((1 << bits) - 1);
    let (a, mut dual_plane, mut high_precision) = (field(5, 2), bit(10) == 1, bit(9) == 1);
    let (grid_width, grid_height, r);
    if mode & 3 != 0 {
        r = (bit(1) << 2) | (bit(0) << 1) | bit(4);
        let b = field(7, 2);
        (grid_width, grid_height) = match field(2, 2) {
            0 => (b + 4, a + 2),
            1 => (b + 8, a + 2),
            2 => (a + 2, b + 8),
            _ if bit(8) == 0 => (a + 2, bit(7) + 6),
            _ => (bit(7) + 2, a + 2),
        };
    } else {
        r = (bit(3) << 2) | (bit(2) << 1) | bit(4);
        if field(2, 2) == 0 {
            return None;
        }
        (grid_width, grid_height) = match field(5, 4) {
            0b0000..=0b0011 => (12, a + 2),
            0b0100..=0b0111 => (a + 2, 12),
            0b1100 => (6, 10),
            0b1101 => (10, 6),
            0b1000..=0b1011 => {
                (dual_plane, high_precision) = (false, false);
                (a + 6, field(9, 2) + 6)
            }
            _ => return None,
        };
    }
    let weight_range = weight_range(r, high_precision)?;
    Some(BlockMode { grid_width, grid_height, dual_plane, weight_range })
}

/// Table "Weight Range Encodings": the weights' range from the 3-bit R (2..7) and the
/// precision bit H.
fn weight_range(r: u32, high_precision: bool) -> Option<Range> {
    use Digit::{None as Bits, Quint, Trit};
    Some(match (high_precision, r) {
        (false, 2) => Range::new(Bits, 1),
        (false, 3) => Range::new(Trit, 0),
        (false, 4) => Range::new(Bits, 2),
        (false, 5) => Range::new(Quint, 0),
        (false, 6) => Range::new(Trit, 1),
        (false, 7) => Range::new(Bits, 3),
        (true, 2) => Range::new(Quint, 1),
        (true, 3) => Range::new(Trit, 2),
        (true, 4) => Range::new(Bits, 4),
        (true, 5) => Range::new(Quint, 2),
        (true, 6) => Range::new(Trit, 3),
        (true, 7) => Range::new(Bits, 5),
        _ => return None,
    })
}

/// A decoded block, before its texels are formed. It lives on the stack for one block, so
/// the weighted variant stays unboxed.
#[allow(clippy::large_enum_variant)]
enum Block {
    /// A void-extent block: one colour, UNORM16 channels for LDR, FP16 ones for HDR.
    Constant { colour: [u16; 4], hdr: bool },
    Weighted(WeightedBlock),
}

struct WeightedBlock {
    partition_count: u32,
    partition_seed: u32,
    endpoints: [EndpointPair; 4],
    /// The channel that the second weight plane drives, in dual-plane blocks.
    second_plane_channel: Option<usize>,
    /// Each texel's effective weight (0..64) per plane, after infill.
    weights: [[u8; MAX_TEXELS]; 2],
}

impl WeightedBlock {
    /// The endpoints and each channel's weight at texel (x, y) of a `width` x `height` block.
    fn texel(&self, x: u32, y: u32, width: u32, height: u32) -> (&EndpointPair, [i32; 4]) {
        let partition = if self.partition_count > 1 {
            select_partition(self.partition_seed, x, y, self.partition_count, width * height < 31)
        } else {
            0
        };
        let at = (y * width + x) as usize;
        let mut weights = [self.weights[0][at] as i32; 4];
        if let Some(channel) = self.second_plane_channel {
            weights[channel] = self.weights[1][at] as i32;
        }
        (&self.endpoints[partition], weights)
    }
}

/// Bits `start..start + count` of the block (count at most 32).
fn bits_of(block: u128, start: u32, count: u32) -> u32 {
    BitStream::new(block, 128).read(start, count)
}

/// Reads a 2D void-extent block ("Void-Extent Blocks"): reserved bits 10 and 11 must be set,
/// and each axis's extent must be empty only when all four coordinates are all ones.
fn decode_void_extent(block: u128) -> Result<Block, IllegalBlock> {
    if bits_of(block, 10, 2) != 3 {
        return Err(IllegalBlock);
    }
    let [min_s, max_s, min_t, max_t] = [12, 25, 38, 51].map(|at| bits_of(block, at, 13));
    let no_extent = [min_s, max_s, min_t, max_t].iter().all(|&c| c == 0x1FFF);
    if !no_extent && (min_s >= max_s || min_t >= max_t) {
        return Err(IllegalBlock);
    }
    let colour = [64, 80, 96, 112].map(|at| bits_of(block, at, 16) as u16);
    Ok(Block::Constant { colour, hdr: bits_of(block, 9, 1) == 1 })
}

/// Reads a block of a `width` x `height` footprint into its endpoints and per-texel weights.
fn decode_block(block: u128, width: u32, height: u32) -> Result<Block, IllegalBlock> {
    if block & 0x1FF == 0x1FC {
        return decode_void_extent(block);
    }
    let mode = decode_block_mode(bits_of(block, 0, 11)).ok_or(IllegalBlock)?;
    if mode.grid_width > width || mode.grid_height > height {
        return Err(IllegalBlock);
    }
    let planes = if mode.dual_plane { 2 } else { 1 };
    let weight_count = mode.grid_width * mode.grid_height * planes;
    if weight_count as usize > MAX_WEIGHTS {
        return Err(IllegalBlock);
    }
    let weight_bits = mode.weight_range.sequence_bits(weight_count);
    if !(24..=96).contains(&weight_bits) {
        return Err(IllegalBlock);
    }
    let partition_count = bits_of(block, 11, 2) + 1;
    if mode.dual_plane && partition_count == 4 {
        return Err(IllegalBlock);
    }

    // Colour endpoint modes ("Color Endpoint Mode"); with several partitions of different
    // classes, part of the field sits just below the weights.
    let (mut modes, mut partition_seed, mut colour_start, mut extra_mode_bits) = ([0u32; 4], 0, 17, 0);
    if partition_count == 1 {
        modes[0] = bits_of(block, 13, 4);
    } else {
        partition_seed = bits_of(block, 13, 10);
        colour_start = 29;
        let selector = bits_of(block, 23, 2);
        if selector == 0 {
            modes = [bits_of(block, 25, 4); 4];
        } else {
            extra_mode_bits = 3 * partition_count - 4;
            let field = bits_of(block, 23, 6) | (bits_of(block, 128 - weight_bits - extra_mode_bits, extra_mode_bits) << 6);
            for (p, mode) in (0..partition_count).zip(modes.iter_mut()) {
                let class = selector - 1 + ((field >> (2 + p)) & 1);
                let low = (field >> (2 + partition_count + 2 * p)) & 3;
                *mode = class * 4 + low;
            }
        }
    }
    let plane_selector_bits = if mode.dual_plane { 2 } else { 0 };
    let below_weights = 128 - weight_bits - extra_mode_bits - plane_selector_bits;
    let second_plane_channel = mode.dual_plane.then(|| bits_of(block, below_weights, 2) as usize);

    // The endpoint values' range is the largest that fits ("Data Size Determination").
    let modes = &modes[..partition_count as usize];
    let value_total: usize = modes.iter().map(|&m| value_count(m)).sum();
    if value_total > MAX_ENDPOINT_VALUES {
        return Err(IllegalBlock);
    }
    let colour_bits = below_weights.checked_sub(colour_start).ok_or(IllegalBlock)?;
    let range = ENDPOINT_RANGES
        .iter()
        .copied()
        .find(|r| r.sequence_bits(value_total as u32) <= colour_bits)
        .ok_or(IllegalBlock)?;
    let mut values = [0u8; MAX_ENDPOINT_VALUES];
    let values = &mut values[..value_total];
    decode_sequence(BitStream::new(block >> colour_start, range.sequence_bits(value_total as u32)), range, values);
    let mut endpoints = [EndpointPair::default(); 4];
    let mut next = 0;
    for (&mode, pair) in modes.iter().zip(endpoints.iter_mut()) {
        let own = &mut values[next..next + value_count(mode)];
        next += own.len();
        for v in own.iter_mut() {
            *v = unquantize_endpoint(range, *v);
        }
        *pair = decode_endpoints(mode, own);
    }

    // Weights run down from bit 127, plane 0 and plane 1 interleaved ("Weight Decoding").
    let mut grid = [0u8; MAX_WEIGHTS];
    let grid = &mut grid[..weight_count as usize];
    decode_sequence(BitStream::new(block.reverse_bits(), weight_bits), mode.weight_range, grid);
    let mut weights = [[0u8; MAX_TEXELS]; 2];
    for (plane, out) in (0..planes as usize).zip(weights.iter_mut()) {
        let mut plane_grid = [0u8; MAX_WEIGHTS];
        for (w, &q) in plane_grid.iter_mut().zip(grid.iter().skip(plane).step_by(planes as usize)) {
            *w = unquantize_weight(mode.weight_range, q);
        }
        infill(&plane_grid, mode.grid_width, mode.grid_height, width, height, out);
    }
    Ok(Block::Weighted(WeightedBlock { partition_count, partition_seed, endpoints, second_plane_channel, weights }))
}

/// Each texel's weight from a `grid_width` x `grid_height` grid, bilinearly interpolated in
/// fixed point exactly as "Weight Infill" gives it.
fn infill(grid: &[u8], grid_width: u32, grid_height: u32, width: u32, height: u32, out: &mut [u8]) {
    let scale = |block: u32| (1024 + block / 2) / (block - 1);
    let (ds, dt) = (scale(width), scale(height));
    let weight = |i: u32| grid.get(i as usize).copied().unwrap_or(0) as u32;
    for t in 0..height {
        for s in 0..width {
            let gs = (ds * s * (grid_width - 1) + 32) >> 6;
            let gt = (dt * t * (grid_height - 1) + 32) >> 6;
            let (js, fs, jt, ft) = (gs >> 4, gs & 0xF, gt >> 4, gt & 0xF);
            let v0 = js + jt * grid_width;
            let w11 = (fs * ft + 8) >> 4;
            let (w10, w01) = (ft - w11, fs - w11);
            let w00 = 16 + w11 - fs - ft;
            let sum = weight(v0) * w00 + weight(v0 + 1) * w01 + weight(v0 + grid_width) * w10
                + weight(v0 + grid_width + 1) * w11;
            if let Some(texel) = out.get_mut((t * width + s) as usize) {
                *texel = ((sum + 8) >> 4) as u8;
            }
        }
    }
}

/// The seed expansion of "Partition Pattern Generation".
fn hash52(p: u32) -> u32 {
    let mut p = p;
    p ^= p >> 15;
    p = p.wrapping_sub(p << 17);
    p = p.wrapping_add(p << 7);
    p = p.wrapping_add(p << 4);
    p ^= p >> 5;
    p = p.wrapping_add(p << 16);
    p ^= p >> 7;
    p ^= p >> 3;
    p ^= p << 6;
    p ^= p >> 17;
    p
}

/// The partition of texel (x, y) ("Partition Pattern Generation"); blocks of fewer than 31
/// texels use doubled coordinates. In 2D, z is 0, so the four seeds that scale z drop out.
fn select_partition(seed: u32, x: u32, y: u32, partition_count: u32, small_block: bool) -> usize {
    let (x, y) = if small_block { (x << 1, y << 1) } else { (x, y) };
    let seed = seed + (partition_count - 1) * 1024;
    let rnum = hash52(seed);
    let mut seeds = [0u32; 8];
    for (i, s) in seeds.iter_mut().enumerate() {
        let nibble = (rnum >> (4 * i)) & 0xF;
        *s = nibble * nibble;
    }
    let (sh1, sh2) = if seed & 1 != 0 {
        (if seed & 2 != 0 { 4 } else { 5 }, if partition_count == 3 { 6 } else { 5 })
    } else {
        (if partition_count == 3 { 6 } else { 5 }, if seed & 2 != 0 { 4 } else { 5 })
    };
    let shifts = [sh1, sh2, sh1, sh2, sh1, sh2, sh1, sh2];
    let [s1, s2, s3, s4, s5, s6, s7, s8] = std::array::from_fn(|i| seeds[i] >> shifts[i]);
    let a = (s1 * x + s2 * y + (rnum >> 14)) & 0x3F;
    let b = (s3 * x + s4 * y + (rnum >> 10)) & 0x3F;
    let mut c = (s5 * x + s6 * y + (rnum >> 6)) & 0x3F;
    let mut d = (s7 * x + s8 * y + (rnum >> 2)) & 0x3F;
    if partition_count < 4 {
        d = 0;
    }
    if partition_count < 3 {
        c = 0;
    }
    if a >= b && a >= c && a >= d {
        0
    } else if b >= c && b >= d {
        1
    } else if c >= d {
        2
    } else {
        3
    }
}

/// The UNORM16 interpolation of two 16-bit endpoint channels ("Weight Application").
fn interpolate(c0: i32, c1: i32, weight: i32) -> u16 {
    ((c0 * (64 - weight) + c1 * weight + 32) >> 6) as u16
}

/// An LDR channel's UNORM16 result as GL returns it, stored as UNORM8: 65535 is 1.0, any other
/// C is C / 65536 rounded toward zero to FP16 ("Weight Application"), and that value is
/// rounded to the nearest of the 256 steps.
fn unorm16_to_unorm8(c: u16) -> u8 {
    if c == 0xFFFF {
        return 0xFF;
    }
    // FP16 keeps 11 significant bits; C < 65536 never reaches its subnormals' limit.
    let significant = 16 - c.leading_zeros();
    let kept = c as u32 & !((1u32 << significant.saturating_sub(11)) - 1);
    ((kept * 255 + 0x8000) >> 16) as u8
}

/// Decodes one ASTC block of a `width` x `height` footprint for the LDR profile into RGBA8
/// texels, row-major in `out`. sRGB formats expand the RGB endpoints as (e << 8) | 0x80 and
/// keep the top 8 bits of the result for sRGB conversion; linear ones replicate the endpoint
/// bits and round. Illegal blocks, HDR void-extent blocks and the texels of partitions with
/// HDR endpoint modes are the error colour.
pub(crate) fn decode_ldr_block(block: &[u8], width: usize, height: usize, srgb: bool, out: &mut [u8]) {
    let texels = out.chunks_exact_mut(4).take(width * height);
    let decoded = match (<[u8; 16]>::try_from(block), footprint(width, height)) {
        (Ok(bytes), Some((w, h))) => decode_block(u128::from_le_bytes(bytes), w, h).ok().map(|b| (b, w, h)),
        _ => None,
    };
    let Some((block, w, h)) = decoded else {
        texels.for_each(|t| t.copy_from_slice(&ERROR_COLOUR));
        return;
    };
    let channel = |c: usize, value: u16| if srgb && c < 3 { (value >> 8) as u8 } else { unorm16_to_unorm8(value) };
    for (i, texel) in (0u32..).zip(texels) {
        let rgba = match &block {
            Block::Constant { hdr: true, .. } => ERROR_COLOUR,
            Block::Constant { colour, .. } => std::array::from_fn(|c| channel(c, colour[c])),
            Block::Weighted(b) => {
                let (pair, weights) = b.texel(i % w, i / w, w, h);
                if pair.hdr.iter().any(|&h| h) {
                    ERROR_COLOUR
                } else {
                    std::array::from_fn(|c| {
                        let expand = |e: i32| if srgb && c < 3 { (e << 8) | 0x80 } else { (e << 8) | e };
                        channel(c, interpolate(expand(pair.e0[c]), expand(pair.e1[c]), weights[c]))
                    })
                }
            }
        };
        texel.copy_from_slice(&rgba);
    }
}

/// The footprint as block dimensions, where it is one of ASTC's 2D ones (at most 12x12).
fn footprint(width: usize, height: usize) -> Option<(u32, u32)> {
    let valid = |d: usize| (4..=12).contains(&d);
    (valid(width) && valid(height)).then_some((width as u32, height as u32))
}

/// An LDR channel's UNORM16 result as FP16 (used by the HDR profile for LDR endpoints and
/// void extents): 65535 is 1.0, anything else C / 65536 rounded toward zero.
fn unorm16_to_half(c: u16) -> u16 {
    if c == 0xFFFF {
        return 0x3C00;
    }
    if c == 0 {
        return 0;
    }
    // C / 65536 = 1.m * 2^(e - 16), e being the index of C's top bit, whose FP16 exponent
    // field is e - 1; below 2^-14 (C < 4) FP16's subnormals hold C * 2^-16 as C * 2^8 of 2^-24.
    let e = 15 - c.leading_zeros();
    if e < 2 {
        return c << 8;
    }
    let below_top = c as u32 & ((1 << e) - 1);
    let mantissa = if e >= 10 { below_top >> (e - 10) } else { below_top << (10 - e) };
    (((e - 1) << 10) | mantissa) as u16
}

/// An HDR channel's interpolation ("Weight Application", HDR mode): 12-bit endpoints shifted
/// to 16 bits, interpolated, then the top five bits an exponent and the low eleven a
/// mantissa mapped piecewise-linearly; infinities and NaNs become the largest finite half.
fn interpolate_hdr(c0: i32, c1: i32, weight: i32) -> u16 {
    let c = interpolate(c0 << 4, c1 << 4, weight) as u32;
    let (e, m) = ((c & 0xF800) >> 11, c & 0x7FF);
    let mt = if m < 512 {
        3 * m
    } else if m >= 1536 {
        5 * m - 2048
    } else {
        4 * m - 512
    };
    let cf = ((e << 10) + (mt >> 3)) as u16;
    if cf & 0x7C00 == 0x7C00 {
        0x7BFF
    } else {
        cf
    }
}

/// Decodes one ASTC block of a `width` x `height` footprint for the HDR profile into RGBA
/// half floats, row-major in `out`. LDR endpoints and LDR void extents give their UNORM16
/// results as halves; illegal blocks are NaN (0xFFFF) in every channel.
pub(crate) fn decode_hdr_block(block: &[u8], width: usize, height: usize, out: &mut [u16]) {
    let texels = out.chunks_exact_mut(4).take(width * height);
    let decoded = match (<[u8; 16]>::try_from(block), footprint(width, height)) {
        (Ok(bytes), Some((w, h))) => decode_block(u128::from_le_bytes(bytes), w, h).ok().map(|b| (b, w, h)),
        _ => None,
    };
    let Some((block, w, h)) = decoded else {
        texels.for_each(|t| t.copy_from_slice(&HDR_ERROR));
        return;
    };
    for (i, texel) in (0u32..).zip(texels) {
        let rgba: [u16; 4] = match &block {
            Block::Constant { colour, hdr: true } => *colour,
            Block::Constant { colour, hdr: false } => colour.map(unorm16_to_half),
            Block::Weighted(b) => {
                let (pair, weights) = b.texel(i % w, i / w, w, h);
                std::array::from_fn(|c| {
                    if pair.hdr[c] {
                        interpolate_hdr(pair.e0[c], pair.e1[c], weights[c])
                    } else {
                        let expand = |e: i32| (e << 8) | e;
                        unorm16_to_half(interpolate(expand(pair.e0[c]), expand(pair.e1[c]), weights[c]))
                    }
                })
            }
        };
        texel.copy_from_slice(&rgba);
    }
}
