//! ASTC colour endpoint modes: a partition's unquantized endpoint values (0..255 each) to its
//! two endpoint colours (Khronos Data Format Specification, ASTC: "LDR Endpoint Decoding" and
//! "HDR Endpoint Decoding"). HDR modes are decoded too; an LDR decoder turns their texels
//! into the error colour.

/// One partition's endpoint colours, RGBA. LDR channels hold 0..255, HDR channels the 12-bit
/// pseudo-logarithmic values 0..0xFFF that interpolate piecewise-logarithmically.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct EndpointPair {
    pub(crate) e0: [i32; 4],
    pub(crate) e1: [i32; 4],
    pub(crate) hdr: [bool; 4],
}

/// How many endpoint values colour endpoint mode `mode` reads: two per endpoint pair, one
/// pair more for each class (modes 0-3, 4-7, 8-11, 12-15).
pub(crate) fn value_count(mode: u32) -> usize {
    (mode as usize / 4 + 1) * 2
}

/// HDR 1.0 in the 12-bit representation, the alpha of HDR modes without their own alpha.
const HDR_ONE: i32 = 0x780;

/// The endpoints of colour endpoint mode `mode` (0..15) from its values; missing values read
/// as zero.
pub(crate) fn decode_endpoints(mode: u32, values: &[u8]) -> EndpointPair {
    let mut v = [0i32; 8];
    for (v, &value) in v.iter_mut().zip(values) {
        *v = value as i32;
    }
    let ldr = |e0: [i32; 4], e1: [i32; 4]| EndpointPair { e0, e1, hdr: [false; 4] };
    match mode {
        0 => ldr([v[0], v[0], v[0], 0xFF], [v[1], v[1], v[1], 0xFF]),
        1 => {
            let l0 = (v[0] >> 2) | (v[1] & 0xC0);
            let l1 = (l0 + (v[1] & 0x3F)).min(0xFF);
            ldr([l0, l0, l0, 0xFF], [l1, l1, l1, 0xFF])
        }
        4 => ldr([v[0], v[0], v[0], v[2]], [v[1], v[1], v[1], v[3]]),
        5 => {
            let (b0, o0) = bit_transfer_signed(v[1], v[0]);
            let (b2, o2) = bit_transfer_signed(v[3], v[2]);
            let e0 = [b0, b0, b0, b2];
            let e1 = [b0 + o0, b0 + o0, b0 + o0, b2 + o2];
            ldr(clamp_unorm8(e0), clamp_unorm8(e1))
        }
        6 => ldr(scaled(v, v[3], 0xFF), [v[0], v[1], v[2], 0xFF]),
        8 | 12 => {
            let alpha = if mode == 12 { [v[6], v[7]] } else { [0xFF, 0xFF] };
            let first = [v[0], v[2], v[4], alpha[0]];
            let second = [v[1], v[3], v[5], alpha[1]];
            if v[1] + v[3] + v[5] >= v[0] + v[2] + v[4] {
                ldr(first, second)
            } else {
                ldr(blue_contract(second), blue_contract(first))
            }
        }
        9 | 13 => {
            let (r, dr) = bit_transfer_signed(v[1], v[0]);
            let (g, dg) = bit_transfer_signed(v[3], v[2]);
            let (b, db) = bit_transfer_signed(v[5], v[4]);
            let (a, da) = if mode == 13 { bit_transfer_signed(v[7], v[6]) } else { (0xFF, 0) };
            let base = [r, g, b, a];
            let offset = [r + dr, g + dg, b + db, a + da];
            if dr + dg + db >= 0 {
                ldr(clamp_unorm8(base), clamp_unorm8(offset))
            } else {
                ldr(clamp_unorm8(blue_contract(offset)), clamp_unorm8(blue_contract(base)))
            }
        }
        10 => ldr(scaled(v, v[3], v[4]), [v[0], v[1], v[2], v[5]]),
        2 => hdr_luminance_large_range(v[0], v[1]),
        3 => hdr_luminance_small_range(v[0], v[1]),
        7 => hdr_rgb_base_scale(v),
        11 => hdr_rgb_direct(v),
        14 => {
            let mut pair = hdr_rgb_direct(v);
            (pair.e0[3], pair.e1[3], pair.hdr[3]) = (v[6], v[7], false);
            pair
        }
        _ => hdr_rgba_direct(v),
    }
}

/// Moves the top bit of `a` into `b` and leaves `a` a signed 6-bit offset: returns (b, a).
fn bit_transfer_signed(a: i32, b: i32) -> (i32, i32) {
    let b = (b >> 1) | (a & 0x80);
    let a = (a >> 1) & 0x3F;
    (b, if a & 0x20 != 0 { a - 0x40 } else { a })
}

/// Gives colours near grey more precision: red and green are stored relative to blue.
fn blue_contract([r, g, b, a]: [i32; 4]) -> [i32; 4] {
    [(r + b) >> 1, (g + b) >> 1, b, a]
}

fn clamp_unorm8(c: [i32; 4]) -> [i32; 4] {
    c.map(|x| x.clamp(0, 0xFF))
}

/// The base+scale modes' first endpoint: the RGB of `v` scaled by `scale` / 256.
fn scaled(v: [i32; 8], scale: i32, alpha: i32) -> [i32; 4] {
    [(v[0] * scale) >> 8, (v[1] * scale) >> 8, (v[2] * scale) >> 8, alpha]
}

fn hdr(e0: [i32; 4], e1: [i32; 4]) -> EndpointPair {
    EndpointPair { e0, e1, hdr: [true; 4] }
}

/// HDR endpoint mode 2.
fn hdr_luminance_large_range(v0: i32, v1: i32) -> EndpointPair {
    let (y0, y1) = if v1 >= v0 { (v0 << 4, v1 << 4) } else { ((v1 << 4) + 8, (v0 << 4) - 8) };
    hdr([y0, y0, y0, HDR_ONE], [y1, y1, y1, HDR_ONE])
}

/// HDR endpoint mode 3: a base luminance and a small offset, split by v0's mode bit.
fn hdr_luminance_small_range(v0: i32, v1: i32) -> EndpointPair {
    let (y0, d) = if v0 & 0x80 != 0 {
        (((v1 & 0xE0) << 4) | ((v0 & 0x7F) << 2), (v1 & 0x1F) << 2)
    } else {
        (((v1 & 0xF0) << 4) | ((v0 & 0x7F) << 1), (v1 & 0x0F) << 1)
    };
    let y1 = (y0 + d).min(0xFFF);
    hdr([y0, y0, y0, HDR_ONE], [y1, y1, y1, HDR_ONE])
}

/// The fields the extra bits X0.. of HDR modes 7 and 11 go to, with the bit each sets.
#[derive(Clone, Copy)]
enum Field {
    Red,
    Green,
    Blue,
    Scale,
    A,
    B0,
    B1,
    C,
    D0,
    D1,
}

/// HDR mode 7's table "Endpoint Bit Mode": per endpoint bit mode, where X0..X6 go.
const MODE_7_EXTRA_BITS: [[(Field, u32); 7]; 6] = {
    use Field::*;
    [
        [(Red, 9), (Red, 8), (Red, 7), (Red, 10), (Red, 6), (Scale, 6), (Scale, 5)],
        [(Red, 8), (Green, 5), (Red, 7), (Blue, 5), (Red, 6), (Red, 10), (Red, 9)],
        [(Red, 9), (Red, 8), (Red, 7), (Red, 6), (Scale, 7), (Scale, 6), (Scale, 5)],
        [(Red, 8), (Green, 5), (Red, 7), (Blue, 5), (Red, 6), (Scale, 6), (Scale, 5)],
        [(Green, 6), (Green, 5), (Blue, 6), (Blue, 5), (Red, 6), (Red, 7), (Scale, 5)],
        [(Green, 6), (Green, 5), (Blue, 6), (Blue, 5), (Red, 6), (Scale, 6), (Scale, 5)],
    ]
};

/// HDR endpoint mode 7: an RGB base and a scale that the first endpoint sits below it by.
fn hdr_rgb_base_scale(v: [i32; 8]) -> EndpointPair {
    let mode_bits = ((v[0] & 0xC0) >> 6) | ((v[1] & 0x80) >> 5) | ((v[2] & 0x80) >> 4);
    let (major, mode) = match mode_bits {
        m if m & 0xC != 0xC => (m >> 2, m & 3),
        0xF => (0, 5),
        m => (m & 3, 4),
    };
    let (mut red, mut green, mut blue, mut scale) = (v[0] & 0x3F, v[1] & 0x1F, v[2] & 0x1F, v[3] & 0x1F);
    let extra = [(v[1] >> 6), (v[1] >> 5), (v[2] >> 6), (v[2] >> 5), (v[3] >> 7), (v[3] >> 6), (v[3] >> 5)];
    for (x, &(field, bit)) in extra.iter().zip(&MODE_7_EXTRA_BITS[mode as usize]) {
        let target = match field {
            Field::Red => &mut red,
            Field::Green => &mut green,
            Field::Blue => &mut blue,
            _ => &mut scale,
        };
        *target |= (x & 1) << bit;
    }
    let shift = [1, 1, 2, 3, 4, 5][mode as usize];
    (red, green, blue, scale) = (red << shift, green << shift, blue << shift, scale << shift);
    // Minor components are stored as differences from the major one.
    if mode != 5 {
        (green, blue) = (red - green, red - blue);
    }
    let mut rgb = [red, green, blue];
    rgb.swap(0, major as usize);
    let clamp = |x: i32| x.clamp(0, 0xFFF);
    hdr(
        [clamp(rgb[0] - scale), clamp(rgb[1] - scale), clamp(rgb[2] - scale), HDR_ONE],
        [clamp(rgb[0]), clamp(rgb[1]), clamp(rgb[2]), HDR_ONE],
    )
}

/// HDR mode 11's table "Endpoint Bit Mode": per mode, where X0..X5 go.
const MODE_11_EXTRA_BITS: [[(Field, u32); 6]; 8] = {
    use Field::*;
    [
        [(B0, 6), (B1, 6), (D0, 6), (D1, 6), (D0, 5), (D1, 5)],
        [(B0, 6), (B1, 6), (B0, 7), (B1, 7), (D0, 5), (D1, 5)],
        [(A, 9), (C, 6), (D0, 6), (D1, 6), (D0, 5), (D1, 5)],
        [(B0, 6), (B1, 6), (A, 9), (C, 6), (D0, 5), (D1, 5)],
        [(B0, 6), (B1, 6), (B0, 7), (B1, 7), (A, 9), (A, 10)],
        [(A, 9), (A, 10), (C, 7), (C, 6), (D0, 5), (D1, 5)],
        [(B0, 6), (B1, 6), (A, 11), (C, 6), (A, 9), (A, 10)],
        [(A, 9), (A, 10), (A, 11), (C, 6), (D0, 5), (D1, 5)],
    ]
};

/// Bits of the signed d fields per mode of HDR mode 11.
const MODE_11_D_BITS: [u32; 8] = [7, 6, 7, 6, 5, 6, 5, 6];

/// HDR endpoint mode 11 (and the RGB of 14 and 15): two RGB endpoints, either given directly
/// or as a major component and differences from it.
fn hdr_rgb_direct(v: [i32; 8]) -> EndpointPair {
    let major = ((v[4] & 0x80) >> 7) | ((v[5] & 0x80) >> 6);
    if major == 3 {
        return hdr(
            [v[0] << 4, v[2] << 4, (v[4] & 0x7F) << 5, HDR_ONE],
            [v[1] << 4, v[3] << 4, (v[5] & 0x7F) << 5, HDR_ONE],
        );
    }
    let mode = (((v[1] & 0x80) >> 7) | ((v[2] & 0x80) >> 6) | ((v[3] & 0x80) >> 5)) as usize;
    let (mut a, mut b0, mut b1, mut c) = (v[0] | ((v[1] & 0x40) << 2), v[2] & 0x3F, v[3] & 0x3F, v[1] & 0x3F);
    let (mut d0, mut d1) = (v[4] & 0x1F, v[5] & 0x1F);
    let extra = [v[2] >> 6, v[3] >> 6, v[4] >> 6, v[5] >> 6, v[4] >> 5, v[5] >> 5];
    for (x, &(field, bit)) in extra.iter().zip(&MODE_11_EXTRA_BITS[mode]) {
        let target = match field {
            Field::A => &mut a,
            Field::B0 => &mut b0,
            Field::B1 => &mut b1,
            Field::C => &mut c,
            Field::D0 => &mut d0,
            _ => &mut d1,
        };
        *target |= (x & 1) << bit;
    }
    let sign_extend = |x: i32, bits: u32| (x << (32 - bits)) >> (32 - bits);
    let (d0, d1) = (sign_extend(d0, MODE_11_D_BITS[mode]), sign_extend(d1, MODE_11_D_BITS[mode]));
    // Shift so that the major component fills 12 bits.
    let shift = (mode as i32 >> 1) ^ 3;
    let [a, b0, b1, c, d0, d1] = [a, b0, b1, c, d0, d1].map(|x| x << shift);
    let clamp = |x: i32| x.clamp(0, 0xFFF);
    let mut e0 = [clamp(a - c), clamp(a - b0 - c - d0), clamp(a - b1 - c - d1), HDR_ONE];
    let mut e1 = [clamp(a), clamp(a - b0), clamp(a - b1), HDR_ONE];
    e0.swap(0, major as usize);
    e1.swap(0, major as usize);
    hdr(e0, e1)
}

/// HDR endpoint mode 15: mode 11's RGB with an HDR alpha pair, given directly or as a base
/// and a signed offset.
fn hdr_rgba_direct(v: [i32; 8]) -> EndpointPair {
    let mut pair = hdr_rgb_direct(v);
    let mode = ((v[6] >> 7) & 1) | ((v[7] >> 6) & 2);
    let (mut a0, mut a1) = (v[6] & 0x7F, v[7] & 0x7F);
    if mode == 3 {
        (a0, a1) = (a0 << 5, a1 << 5);
    } else {
        a0 |= (a1 << (mode + 1)) & 0x780;
        a1 &= 0x3F >> mode;
        a1 ^= 0x20 >> mode;
        a1 -= 0x20 >> mode;
        a0 <<= 4 - mode;
        a1 <<= 4 - mode;
        a1 = (a1 + a0).clamp(0, 0xFFF);
    }
    (pair.e0[3], pair.e1[3]) = (a0, a1);
    pair
}
