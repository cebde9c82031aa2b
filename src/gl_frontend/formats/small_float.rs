//! Floats narrower than f32: half (1.5.10), the unsigned 11- and 10-bit floats (5.6, 5.5) and
//! the shared-exponent RGB9_E5, encoded with round-to-nearest-even as GL specifies.

/// Rounds to the nearest integer, ties to even.
fn round_half_even(x: f64) -> f64 {
    let r = x.round();
    if (x - x.trunc()).abs() == 0.5 {
        2.0 * (x / 2.0).round()
    } else {
        r
    }
}

/// Encodes `v` as a float with `exp_bits` exponent bits and `man_bits` mantissa bits, with a
/// sign bit above them when `signed`. Unsigned formats take negative values as 0; values
/// beyond the largest finite one become infinity; NaN stays NaN.
pub fn encode(v: f64, exp_bits: u32, man_bits: u32, signed: bool) -> u32 {
    let exp_max = (1u32 << exp_bits) - 1;
    let bias = (1i32 << (exp_bits - 1)) - 1;
    let sign = if signed && v.is_sign_negative() && !v.is_nan() { 1u32 << (exp_bits + man_bits) } else { 0 };
    if v.is_nan() {
        return (exp_max << man_bits) | (1 << (man_bits - 1));
    }
    let a = if signed { v.abs() } else { v.max(0.0) };
    if a == 0.0 {
        return sign;
    }
    if a.is_infinite() {
        return sign | (exp_max << man_bits);
    }
    let mut e = a.log2().floor() as i32;
    // log2 of values just below a power of two may round up; correct it exactly.
    if 2f64.powi(e) > a {
        e -= 1;
    }
    let bits = if e < 1 - bias {
        // Denormal: a / 2^(1 - bias - man_bits) counts in units of the smallest denormal; a
        // carry into 2^man_bits lands on the smallest normal, which the same bits express.
        round_half_even(a / 2f64.powi(1 - bias - man_bits as i32)) as u32
    } else {
        let mut m = round_half_even(a / 2f64.powi(e - man_bits as i32)) as u32;
        if m == 1 << (man_bits + 1) {
            e += 1;
            m = 1 << man_bits;
        }
        if e > bias {
            // GL turns finite values past the largest unsigned 10/11-bit float into that
            // largest value; signed (half) floats overflow to infinity.
            let largest_finite = ((exp_max - 1) << man_bits) | ((1 << man_bits) - 1);
            return if signed { sign | (exp_max << man_bits) } else { largest_finite };
        }
        (((e + bias) as u32) << man_bits) | (m - (1 << man_bits))
    };
    sign | bits
}

/// Decodes a float with the given widths (see [`encode`]).
pub fn decode(bits: u32, exp_bits: u32, man_bits: u32, signed: bool) -> f64 {
    let exp_max = (1u32 << exp_bits) - 1;
    let bias = (1i32 << (exp_bits - 1)) - 1;
    let m = bits & ((1 << man_bits) - 1);
    let e = (bits >> man_bits) & exp_max;
    let negative = signed && (bits >> (exp_bits + man_bits)) & 1 == 1;
    let magnitude = if e == 0 {
        m as f64 * 2f64.powi(1 - bias - man_bits as i32)
    } else if e == exp_max {
        if m == 0 {
            f64::INFINITY
        } else {
            f64::NAN
        }
    } else {
        (1.0 + m as f64 / (1u32 << man_bits) as f64) * 2f64.powi(e as i32 - bias)
    };
    if negative {
        -magnitude
    } else {
        magnitude
    }
}

const E5_MANTISSA: i32 = 9;
const E5_BIAS: i32 = 15;
const E5_MAX_EXP: i32 = 31;

/// Encodes RGB as RGB9_E5 by the specification's shared-exponent steps (each component
/// clamped to [0, 65408], the exponent chosen from the largest, mantissas rounded).
pub fn encode_rgb9e5(rgb: [f64; 3]) -> u32 {
    let max_value = (((1 << E5_MANTISSA) - 1) as f64 / (1 << E5_MANTISSA) as f64) * 2f64.powi(E5_MAX_EXP - E5_BIAS);
    let c = rgb.map(|v| if v.is_nan() { 0.0 } else { v.clamp(0.0, max_value) });
    let max_c = c[0].max(c[1]).max(c[2]);
    let floor_log2 = if max_c == 0.0 { i32::MIN } else { max_c.log2().floor() as i32 };
    let exp_p = floor_log2.max(-E5_BIAS - 1) + 1 + E5_BIAS;
    let max_s = (max_c / 2f64.powi(exp_p - E5_BIAS - E5_MANTISSA) + 0.5).floor();
    let exp_s = if max_s < (1 << E5_MANTISSA) as f64 { exp_p } else { exp_p + 1 };
    let scale = 2f64.powi(exp_s - E5_BIAS - E5_MANTISSA);
    let m = c.map(|v| ((v / scale + 0.5).floor() as u32).min(511));
    m[0] | (m[1] << 9) | (m[2] << 18) | ((exp_s as u32) << 27)
}

/// Decodes RGB9_E5: component = mantissa * 2^(exponent - 15 - 9).
pub fn decode_rgb9e5(word: u32) -> [f64; 3] {
    let scale = 2f64.powi((word >> 27) as i32 - E5_BIAS - E5_MANTISSA);
    [word & 511, (word >> 9) & 511, (word >> 18) & 511].map(|m| m as f64 * scale)
}
