//! CPU encoding into BPTC blocks (BC7 and BC6H), for glTexImage with a BPTC internal format
//! and uncompressed data (see `compress`). Each block uses one single-subset mode with
//! endpoints straight from the block's bounding box: BC7 mode 5 (7-bit colour endpoints that
//! widen to exact 0 and 255, 8-bit alpha, 2-bit indices) and BC6H mode 11 (10-bit endpoints
//! without deltas, 4-bit indices). Blocks of one colour decode to that colour up to the
//! endpoints' precision.

/// Bits written from the lowest up, as BPTC blocks are read.
struct BitWriter {
    bits: u128,
    at: u32,
}

impl BitWriter {
    fn new() -> BitWriter {
        BitWriter { bits: 0, at: 0 }
    }

    fn put(&mut self, value: u32, count: u32) {
        let mask = (1u128 << count) - 1;
        self.bits |= (value as u128 & mask) << self.at;
        self.at += count;
    }

    fn bytes(self) -> [u8; 16] {
        debug_assert_eq!(self.at, 128);
        self.bits.to_le_bytes()
    }
}

/// The interpolation weights (in 64ths) of 2-bit and 4-bit BPTC indices.
const WEIGHTS_2: [i32; 4] = [0, 21, 43, 64];
const WEIGHTS_4: [i32; 16] = [0, 4, 9, 13, 17, 21, 26, 30, 34, 38, 43, 47, 51, 55, 60, 64];

fn interpolate(a: i32, b: i32, weight: i32) -> i32 {
    ((64 - weight) * a + weight * b + 32) >> 6
}

/// For each texel, the index of the nearest palette entry under `distance`; when the first
/// texel's index has its top bit set (the anchor index has one bit fewer), the endpoints are
/// to be swapped, which the second value reports, and the indices are mirrored.
fn nearest_indices<const N: usize>(texels: usize, entries: usize, distance: impl Fn(usize, usize) -> i64) -> ([usize; N], bool) {
    let mut indices = [0usize; N];
    for (t, index) in indices.iter_mut().enumerate().take(texels) {
        *index = (0..entries).min_by_key(|&e| distance(t, e)).unwrap_or(0);
    }
    let swap = indices[0] >= entries / 2;
    if swap {
        for index in indices.iter_mut() {
            *index = entries - 1 - *index;
        }
    }
    (indices, swap)
}

/// A BC7 mode 5 block of 16 RGBA8 texels (row-major).
pub(crate) fn bc7_block(texels: &[[u8; 4]; 16]) -> [u8; 16] {
    let quantise7 = |v: u8| ((v as u32 * 127 + 127) / 255) as u8;
    let widen7 = |c: u8| ((c << 1) | (c >> 6)) as i32;
    let lowest = |c: usize| texels.iter().map(|t| t[c]).min().unwrap_or(0);
    let highest = |c: usize| texels.iter().map(|t| t[c]).max().unwrap_or(0);
    let mut low: [u8; 3] = std::array::from_fn(|c| quantise7(lowest(c)));
    let mut high: [u8; 3] = std::array::from_fn(|c| quantise7(highest(c)));
    let colour = |low: &[u8; 3], high: &[u8; 3], t: usize, e: usize| -> i64 {
        (0..3).map(|c| (interpolate(widen7(low[c]), widen7(high[c]), WEIGHTS_2[e]) - texels[t][c] as i32).pow(2) as i64).sum()
    };
    let (colour_indices, swap) = nearest_indices::<16>(16, 4, |t, e| colour(&low, &high, t, e));
    if swap {
        std::mem::swap(&mut low, &mut high);
    }
    let (mut alpha_low, mut alpha_high) = (lowest(3), highest(3));
    let alpha = |t: usize, e: usize| (interpolate(alpha_low as i32, alpha_high as i32, WEIGHTS_2[e]) - texels[t][3] as i32).abs() as i64;
    let (alpha_indices, swap_alpha) = nearest_indices::<16>(16, 4, alpha);
    if swap_alpha {
        std::mem::swap(&mut alpha_low, &mut alpha_high);
    }
    let mut out = BitWriter::new();
    // Mode 5 is five zero bits and a one; rotation 0 leaves alpha in alpha.
    out.put(1 << 5, 6);
    out.put(0, 2);
    for c in 0..3 {
        out.put(low[c] as u32, 7);
        out.put(high[c] as u32, 7);
    }
    out.put(alpha_low as u32, 8);
    out.put(alpha_high as u32, 8);
    for indices in [colour_indices, alpha_indices] {
        for (t, &index) in indices.iter().enumerate() {
            out.put(index as u32, if t == 0 { 1 } else { 2 });
        }
    }
    out.bytes()
}

/// What a BC6H mode 11 endpoint (10 bits) decodes to alone, as the finished half-float
/// value: the bits of a non-negative half, or for signed formats a signed magnitude.
fn bc6h_endpoint_value(q: i32, signed: bool) -> i32 {
    if signed {
        let magnitude = q.abs();
        let widened = match magnitude {
            0 => 0,
            m if m >= 511 => 0x7FFF,
            m => ((m << 15) + 0x4000) >> 9,
        };
        let finished = (widened * 31) >> 5;
        if q < 0 {
            -finished
        } else {
            finished
        }
    } else {
        let widened = match q {
            0 => 0,
            1023 => 0xFFFF,
            q => ((q << 16) + 0x8000) >> 10,
        };
        (widened * 31) >> 6
    }
}

/// The 10-bit endpoint whose value is nearest `value` (same domain as `bc6h_endpoint_value`).
fn bc6h_quantise(value: i32, signed: bool) -> i32 {
    let guess = if signed { (value - value.signum() * 31) / 62 } else { (value - 15) / 31 };
    let (min, max) = if signed { (-511, 511) } else { (0, 1023) };
    (guess - 2..=guess + 2).map(|q| q.clamp(min, max)).min_by_key(|&q| (bc6h_endpoint_value(q, signed) - value).abs()).unwrap_or(0)
}

/// A half float's bits as the encoder compares them: unsigned formats clamp negatives to
/// zero; both clamp to the largest finite half (NaN reads as zero).
fn half_value(bits: u16, signed: bool) -> i32 {
    let magnitude = (bits & 0x7FFF) as i32;
    let magnitude = if magnitude > 0x7C00 { 0 } else { magnitude.min(0x7BFF) };
    match (bits & 0x8000 != 0, signed) {
        (true, true) => -magnitude,
        (true, false) => 0,
        (false, _) => magnitude,
    }
}

/// A BC6H mode 11 block of 16 RGB half-float texels (row-major).
pub(crate) fn bc6h_block(texels: &[[u16; 3]; 16], signed: bool) -> [u8; 16] {
    let values: [[i32; 3]; 16] = texels.map(|t| t.map(|h| half_value(h, signed)));
    let mut low: [i32; 3] = std::array::from_fn(|c| bc6h_quantise(values.iter().map(|v| v[c]).min().unwrap_or(0), signed));
    let mut high: [i32; 3] = std::array::from_fn(|c| bc6h_quantise(values.iter().map(|v| v[c]).max().unwrap_or(0), signed));
    let distance = |t: usize, e: usize| -> i64 {
        (0..3)
            .map(|c| {
                // Interpolation happens on the widened endpoints; the comparison on finished values.
                let a = bc6h_endpoint_value(low[c], signed);
                let b = bc6h_endpoint_value(high[c], signed);
                (interpolate(a, b, WEIGHTS_4[e]) - values[t][c]).abs() as i64
            })
            .sum()
    };
    let (indices, swap) = nearest_indices::<16>(16, 16, distance);
    if swap {
        std::mem::swap(&mut low, &mut high);
    }
    let mut out = BitWriter::new();
    // Mode 11: the five mode bits 00011.
    out.put(0b00011, 5);
    for endpoint in [low, high] {
        for value in endpoint {
            out.put(value as u32, 10);
        }
    }
    for (t, &index) in indices.iter().enumerate() {
        out.put(index as u32, if t == 0 { 3 } else { 4 });
    }
    out.bytes()
}
