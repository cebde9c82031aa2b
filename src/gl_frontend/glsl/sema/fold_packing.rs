//! Constant folding of the packing built-ins (GLSL 4.00 / ESSL 3.00 section 8.4,
//! "Floating-Point Pack and Unpack Functions").
//!
//! A built-in call on constant arguments is a constant expression (ESSL 3.00 section
//! 4.3.3), so `const vec2 v = unpackHalf2x16(0x3c00u);` must compile, and the value is
//! the one the spec defines rather than whatever the device computes. Arithmetic is done
//! in single precision, as the functions are defined on floats.

use super::constant::{ConstValue, Lit};
use super::types::Type;

/// Folds one packing function of a single constant argument; `None` for other names.
pub fn fold(name: &str, arg: &ConstValue) -> Option<ConstValue> {
    let floats = || arg.comps.iter().map(|c| c.as_f64() as f32).collect::<Vec<f32>>();
    let word = || arg.comps.first().map(|c| c.as_i64() as u32);
    let packed = |v: u32| Some(ConstValue { ty: Type::UINT, comps: vec![Lit::U(v as u64)] });
    let unpacked = |v: Vec<f32>| Some(ConstValue { ty: Type::Vector(super::types::Scalar::Float, v.len() as u8), comps: v.into_iter().map(|x| Lit::F(x as f64)).collect() });
    match name {
        "packHalf2x16" => packed(pack(&floats(), 16, |x| f32_to_half(x) as u32)),
        "unpackHalf2x16" => unpacked(unpack(word()?, 16, 2, |h| half_to_f32(h as u16))),
        "packSnorm2x16" => packed(pack(&floats(), 16, |x| snorm(x, 32767.0) as i16 as u16 as u32)),
        "unpackSnorm2x16" => unpacked(unpack(word()?, 16, 2, |v| (v as u16 as i16 as f32 / 32767.0).clamp(-1.0, 1.0))),
        "packUnorm2x16" => packed(pack(&floats(), 16, |x| unorm(x, 65535.0))),
        "unpackUnorm2x16" => unpacked(unpack(word()?, 16, 2, |v| v as f32 / 65535.0)),
        "packSnorm4x8" => packed(pack(&floats(), 8, |x| snorm(x, 127.0) as i8 as u8 as u32)),
        "unpackSnorm4x8" => unpacked(unpack(word()?, 8, 4, |v| (v as u8 as i8 as f32 / 127.0).clamp(-1.0, 1.0))),
        "packUnorm4x8" => packed(pack(&floats(), 8, |x| unorm(x, 255.0))),
        "unpackUnorm4x8" => unpacked(unpack(word()?, 8, 4, |v| v as f32 / 255.0)),
        _ => None,
    }
}

/// The components converted by `convert`, the first in the least significant bits.
fn pack(components: &[f32], bits: u32, convert: impl Fn(f32) -> u32) -> u32 {
    let mask = (1u32 << bits) - 1;
    components.iter().enumerate().fold(0, |word, (i, x)| word | ((convert(*x) & mask) << (bits * i as u32)))
}

/// `count` fields of `bits` bits from the least significant end, each converted.
fn unpack(word: u32, bits: u32, count: u32, convert: impl Fn(u32) -> f32) -> Vec<f32> {
    let mask = (1u32 << bits) - 1;
    (0..count).map(|i| convert((word >> (bits * i)) & mask)).collect()
}

/// round(clamp(x, -1, 1) * scale), ties to even as Mesa's folding does.
fn snorm(x: f32, scale: f32) -> i32 {
    (x.clamp(-1.0, 1.0) * scale).round_ties_even() as i32
}

/// round(clamp(x, 0, 1) * scale), ties to even.
fn unorm(x: f32, scale: f32) -> u32 {
    (x.clamp(0.0, 1.0) * scale).round_ties_even() as u32
}

/// The value of an IEEE 754 binary16 number: every half is exactly a float, denormals
/// included; infinities stay infinite, NaNs stay NaN, the sign of zero is kept.
pub fn half_to_f32(h: u16) -> f32 {
    let sign = ((h as u32) & 0x8000) << 16;
    let exponent = ((h >> 10) & 0x1f) as u32;
    let mantissa = (h & 0x3ff) as u32;
    let magnitude = match exponent {
        // Denormal (or zero): mantissa * 2^-24, exact in a float.
        0 => return f32::from_bits(sign | (mantissa as f32 * 2f32.powi(-24)).to_bits()),
        0x1f => 0x7f80_0000 | (mantissa << 13),
        _ => ((exponent + 127 - 15) << 23) | (mantissa << 13),
    };
    f32::from_bits(sign | magnitude)
}

/// The binary16 nearest to `x`, ties to even: values past the largest half (65504) by
/// half a unit or more become infinities, values too small for the denormals zeros,
/// NaNs stay NaN (quiet).
pub fn f32_to_half(x: f32) -> u16 {
    let bits = x.to_bits();
    let sign = ((bits >> 16) & 0x8000) as u16;
    let exponent = ((bits >> 23) & 0xff) as i32;
    let mantissa = bits & 0x7f_ffff;
    if exponent == 0xff {
        return sign | 0x7c00 | if mantissa != 0 { 0x200 | (mantissa >> 13) as u16 } else { 0 };
    }
    if exponent == 0 {
        // Float denormals are far below the smallest half denormal (2^-24).
        return sign;
    }
    let unbiased = exponent - 127;
    if unbiased > 15 {
        return sign | 0x7c00;
    }
    let significand = mantissa | 0x80_0000;
    let magnitude = if unbiased >= -14 {
        // Normal: a carry out of the rounded mantissa steps the exponent, up to infinity.
        (((unbiased + 15) as u32) << 10) + shift_right_round_even(significand, 13) - 0x400
    } else {
        // Denormal: the significand in units of 2^-24.
        shift_right_round_even(significand, (-unbiased - 1) as u32)
    };
    sign | magnitude as u16
}

/// `value >> shift` rounded to nearest, ties to even.
fn shift_right_round_even(value: u32, shift: u32) -> u32 {
    if shift == 0 {
        return value;
    }
    if shift > 32 {
        return 0;
    }
    let value = value as u64;
    let quotient = value >> shift;
    let remainder = value & ((1u64 << shift) - 1);
    let half = 1u64 << (shift - 1);
    (quotient + u64::from(remainder > half || (remainder == half && quotient & 1 == 1))) as u32
}
