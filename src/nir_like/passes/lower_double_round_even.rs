//! roundEven on doubles, built from floor and compares. GLSL requires ties to go to the
//! even integer; Vulkan drivers are not consistent about `RoundEven` on 64-bit floats
//! (lavapipe's LLVM path rounds 1.5 and -1.5 wrongly), while floor, add and compare are
//! exact on every device that has shaderFloat64.
//!
//! For |x| < 2^52: r = floor(x + 0.5) is x rounded half up (the add is exact there);
//! when x sat exactly halfway (r - x == 0.5) and r is odd, the even neighbour is r - 1.
//! From 2^52 up every double is an integer, so x is its own result.

use crate::alu_op::AluOp;
use crate::builder::Builder;
use crate::instr::InstrKind;
use crate::shader::Shader;
use crate::types::BaseType;
use crate::validate::debug_validate;

/// Rewrites every 64-bit `fround_even`; returns whether there was one.
pub fn lower_double_round_even(shader: &mut Shader) -> bool {
    let sites = super::find_instrs(shader, |f, v| {
        matches!(f.instrs[v].kind, InstrKind::Alu { op: AluOp::FroundEven, .. })
            && f.value_type(v)
                .is_some_and(|t| t.base == BaseType::Float && t.bits == 64)
    });
    for &(func, block, index) in sites.iter().rev() {
        let instr = shader.functions[func].blocks[block].instrs[index];
        let InstrKind::Alu { srcs, .. } = &shader.functions[func].instrs[instr].kind else {
            continue;
        };
        let x = srcs[0];
        let mut b = Builder::at(shader, func, block, index);
        let result = round_half_to_even(&mut b, x);
        let n = b.type_of(result).components;
        shader.functions[func].instrs[instr].kind = InstrKind::Swizzle {
            src: result,
            components: (0..n).collect(),
        };
    }
    if !sites.is_empty() {
        debug_validate(shader, "lower_double_round_even");
    }
    !sites.is_empty()
}

fn round_half_to_even(b: &mut Builder, x: crate::instr::Value) -> crate::instr::Value {
    let ty = b.type_of(x);
    let half = b.imm_splat(ty, 0.5);
    let one = b.imm_splat(ty, 1.0);
    let limit = b.imm_splat(ty, 4503599627370496.0); // 2^52

    let shifted = b.fadd(x, half);
    let up = b.ffloor(shifted);
    // Halfway exactly, and the rounded-up integer is odd: step down to the even one.
    let distance = b.fsub(up, x);
    let was_halfway = b.feq(distance, half);
    let halved = b.fmul(up, half);
    let odd_part = b.ffract(halved);
    let zero = b.imm_splat(ty, 0.0);
    let is_odd = b.fneu(odd_part, zero);
    let step_down = b.band(was_halfway, is_odd);
    let down = b.fsub(up, one);
    let rounded = b.select(step_down, down, up);
    // Large magnitudes (and NaN or infinity, where the compare is false) stay as they are.
    let magnitude = b.fabs(x);
    let small = b.flt(magnitude, limit);
    b.select(small, rounded, x)
}
