//! Constant folding of the packing built-ins: exact IEEE binary16 conversions and the
//! normalized-integer formulas of GLSL 4.00 / ESSL 3.00 section 8.4.

mod common;
use common::*;
use glsl::sema::fold_packing::{f32_to_half, half_to_f32};
use glsl::Stage;

#[test]
fn halves_convert_exactly_to_floats() {
    assert_eq!(half_to_f32(0x3c00), 1.0);
    assert_eq!(half_to_f32(0xc000), -2.0);
    assert_eq!(half_to_f32(0x7bff), 65504.0);
    assert_eq!(half_to_f32(0xfbfe), -65472.0);
    // Smallest normal, then denormals: mantissa * 2^-24.
    assert_eq!(half_to_f32(0x0400), 2f32.powi(-14));
    assert_eq!(half_to_f32(0x03ff), 1023.0 * 2f32.powi(-24));
    assert_eq!(half_to_f32(0x0001), 2f32.powi(-24));
    assert_eq!(half_to_f32(0x8001), -(2f32.powi(-24)));
    // Signed zeros and infinities.
    assert_eq!(half_to_f32(0x0000).to_bits(), 0);
    assert_eq!(half_to_f32(0x8000).to_bits(), 0x8000_0000);
    assert_eq!(half_to_f32(0x7c00), f32::INFINITY);
    assert_eq!(half_to_f32(0xfc00), f32::NEG_INFINITY);
    assert!(half_to_f32(0x7e00).is_nan() && half_to_f32(0xfc01).is_nan());
}

#[test]
fn floats_round_to_the_nearest_half_ties_to_even() {
    assert_eq!(f32_to_half(1.0), 0x3c00);
    assert_eq!(f32_to_half(-0.0), 0x8000);
    assert_eq!(f32_to_half(65504.0), 0x7bff);
    // Past 65504 by less than half a unit (16) it stays, from there it overflows.
    assert_eq!(f32_to_half(65519.0), 0x7bff);
    assert_eq!(f32_to_half(65520.0), 0x7c00);
    assert_eq!(f32_to_half(f32::NEG_INFINITY), 0xfc00);
    assert_eq!(f32_to_half(f32::NAN) & 0x7c00, 0x7c00);
    assert_ne!(f32_to_half(f32::NAN) & 0x3ff, 0);
    // 1 + 2^-11 lies halfway between 1 and 1 + 2^-10: to the even one, 1.
    assert_eq!(f32_to_half(1.0 + 2f32.powi(-11)), 0x3c00);
    assert_eq!(f32_to_half(1.0 + 3.0 * 2f32.powi(-11)), 0x3c02);
    // Denormals, and values below half the smallest one.
    assert_eq!(f32_to_half(2f32.powi(-24)), 0x0001);
    assert_eq!(f32_to_half(1023.0 * 2f32.powi(-24)), 0x03ff);
    assert_eq!(f32_to_half(2f32.powi(-25)), 0x0000);
    assert_eq!(f32_to_half(1.5 * 2f32.powi(-25)), 0x0001);
    // Every half survives the round trip.
    for h in (0u16..=0xffff).filter(|h| h & 0x7c00 != 0x7c00 || h & 0x3ff == 0) {
        assert_eq!(f32_to_half(half_to_f32(h)), h, "{h:#06x}");
    }
}

/// Asserts that `condition` folds to true in a constant expression of a GLSL ES 3.00
/// shader: the array size it picks is negative (a compile error) otherwise.
fn folds_true(condition: &str) {
    let src = format!("#version 300 es\nconst bool holds = {condition};\nfloat check[holds ? 1 : -1];\nvoid main() {{ gl_Position = vec4(check[0]); }}");
    let r = compile_es(Stage::Vertex, &src);
    assert!(r.success, "{condition}:\n{}", r.info_log);
}

#[test]
fn packing_built_ins_are_constant_expressions() {
    let guard = compile_es(Stage::Vertex, "#version 300 es\nfloat check[false ? 1 : -1];\nvoid main() { gl_Position = vec4(check[0]); }");
    assert!(!guard.success, "a negative array size compiled");
    folds_true("unpackHalf2x16(0xfc007c00u) == vec2(1.0 / 0.0, -1.0 / 0.0)");
    folds_true("unpackHalf2x16(0x80000001u) == vec2(5.9604645e-08, -0.0)");
    folds_true("unpackHalf2x16(0x7bff03ffu) == vec2(6.097555e-05, 65504.0)");
    folds_true("packHalf2x16(vec2(1.0, -2.0)) == 0xc0003c00u");
    folds_true("packSnorm2x16(vec2(-1.0, 0.5)) == 0x40008001u");
    folds_true("unpackSnorm2x16(0x80008001u) == vec2(-1.0, -1.0)");
    folds_true("packUnorm2x16(vec2(1.0, 0.5)) == 0x8000ffffu");
    folds_true("unpackUnorm2x16(0xffff0000u) == vec2(0.0, 1.0)");
}
