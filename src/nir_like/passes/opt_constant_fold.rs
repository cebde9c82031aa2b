//! Replaces ALU ops, swizzles and vector constructions whose sources are all constants
//! with the constant they compute. The instruction keeps its handle, so uses need no
//! rewriting; the sources become dead for `opt_dce`.
//!
//! Float results are computed in f64 and rounded once to the result width, which gives
//! the correctly rounded f32 result for +, -, *, / and sqrt.

use crate::alu_op::AluOp;
use crate::instr::{f32_to_f16_bits, truncate, ConstValue, InstrKind, Value};
use crate::shader::Shader;
use crate::types::{BaseType, ValueType};
use crate::validate::debug_validate;

pub fn opt_constant_fold(shader: &mut Shader) -> bool {
    let mut progress = false;
    for (_, func) in shader.functions.iter_mut() {
        for v in func.instrs_in_order() {
            let Some(ty) = func.instrs[v].ty else {
                continue;
            };
            let konst = |x: Value| match &func.instrs[x].kind {
                InstrKind::Const(c) => Some(c.clone()),
                _ => None,
            };
            let folded = match &func.instrs[v].kind {
                InstrKind::Alu { op, srcs } => {
                    let consts: Option<Vec<ConstValue>> = srcs.iter().map(|s| konst(*s)).collect();
                    consts.and_then(|c| fold_alu(*op, &c, ty))
                }
                InstrKind::Swizzle { src, components } => konst(*src).and_then(|c| {
                    let bits: Option<Vec<u64>> = components
                        .iter()
                        .map(|&i| c.bits.get(i as usize).copied())
                        .collect();
                    bits.map(|bits| ConstValue { ty, bits })
                }),
                InstrKind::Compose(srcs) => {
                    let consts: Option<Vec<ConstValue>> = srcs.iter().map(|s| konst(*s)).collect();
                    consts.map(|cs| ConstValue {
                        ty,
                        bits: cs.into_iter().flat_map(|c| c.bits).collect(),
                    })
                }
                _ => None,
            };
            if let Some(c) = folded {
                if c.ty == ty && c.bits.len() == ty.components as usize {
                    func.instrs[v].kind = InstrKind::Const(c);
                    progress = true;
                }
            }
        }
    }
    if progress {
        debug_validate(shader, "opt_constant_fold");
    }
    progress
}

/// One component, decoded from its bits by its kind.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Scalar {
    F(f64),
    I(i64),
    U(u64),
    B(bool),
}

impl Scalar {
    fn f(self) -> f64 {
        match self {
            Scalar::F(x) => x,
            Scalar::I(x) => x as f64,
            Scalar::U(x) => x as f64,
            Scalar::B(x) => x as u8 as f64,
        }
    }
    fn i(self) -> i64 {
        match self {
            Scalar::F(x) => x as i64,
            Scalar::I(x) => x,
            Scalar::U(x) => x as i64,
            Scalar::B(x) => x as i64,
        }
    }
    fn u(self) -> u64 {
        match self {
            Scalar::I(x) => x as u64,
            Scalar::U(x) => x,
            Scalar::F(x) => x as u64,
            Scalar::B(x) => x as u64,
        }
    }
    fn b(self) -> bool {
        match self {
            Scalar::B(x) => x,
            other => other.u() != 0,
        }
    }
}

fn decode(c: &ConstValue, i: usize) -> Scalar {
    let i = i.min(c.bits.len().saturating_sub(1));
    match c.ty.base {
        BaseType::Float => Scalar::F(c.as_f64(i)),
        BaseType::Int => Scalar::I(c.as_i64(i)),
        BaseType::Uint => Scalar::U(truncate(c.bits[i], c.ty.bits)),
        BaseType::Bool => Scalar::B(c.bits[i] != 0),
    }
}

fn encode(ty: ValueType, s: Scalar) -> u64 {
    match ty.base {
        BaseType::Float => match ty.bits {
            64 => s.f().to_bits(),
            16 => f32_to_f16_bits(s.f() as f32) as u64,
            _ => (s.f() as f32).to_bits() as u64,
        },
        BaseType::Int | BaseType::Uint => truncate(
            match s {
                Scalar::I(x) => x as u64,
                other => other.u(),
            },
            ty.bits,
        ),
        BaseType::Bool => s.b() as u64,
    }
}

/// Rounds a float result to the width it will be stored at, so later folds see the
/// value the GPU would.
fn round_to(ty: ValueType, x: f64) -> f64 {
    match ty.bits {
        32 => x as f32 as f64,
        _ => x,
    }
}

fn fold_alu(op: AluOp, srcs: &[ConstValue], ty: ValueType) -> Option<ConstValue> {
    use AluOp::*;
    let n = ty.components as usize;
    // Reductions across components.
    match op {
        Fdot => {
            let len = srcs[0].bits.len();
            let mut acc = 0.0f64;
            for i in 0..len {
                acc = round_to(
                    ty,
                    acc + round_to(ty, decode(&srcs[0], i).f() * decode(&srcs[1], i).f()),
                );
            }
            return Some(ConstValue {
                ty,
                bits: vec![encode(ty, Scalar::F(acc))],
            });
        }
        Bany | Ball => {
            let vals = (0..srcs[0].bits.len()).map(|i| decode(&srcs[0], i).b());
            let r = if op == Bany {
                vals.clone().any(|x| x)
            } else {
                vals.clone().all(|x| x)
            };
            return Some(ConstValue {
                ty,
                bits: vec![r as u64],
            });
        }
        _ => {}
    }
    let src_ty = srcs.first()?.ty;
    let mut bits = Vec::with_capacity(n);
    for i in 0..n {
        let a: Vec<Scalar> = srcs.iter().map(|c| decode(c, i)).collect();
        let r = fold_component(op, &a, src_ty, ty)?;
        let r = match r {
            Scalar::F(x) => Scalar::F(round_to(ty, x)),
            other => other,
        };
        bits.push(encode(ty, r));
    }
    Some(ConstValue { ty, bits })
}

fn fold_component(op: AluOp, a: &[Scalar], src: ValueType, dst: ValueType) -> Option<Scalar> {
    use AluOp::*;
    use Scalar::*;
    let f = |i: usize| a[i].f();
    let int = |i: usize| a[i].i();
    let uint = |i: usize| truncate(a[i].u(), src.bits);
    let shift_mask = (src.bits as u64).max(1) - 1;
    Some(match op {
        Fneg => F(-f(0)),
        Fabs => F(f(0).abs()),
        Fsign => F(if f(0) > 0.0 {
            1.0
        } else if f(0) < 0.0 {
            -1.0
        } else {
            0.0
        }),
        Ffloor => F(f(0).floor()),
        Fceil => F(f(0).ceil()),
        Ftrunc => F(f(0).trunc()),
        FroundEven => F(f(0).round_ties_even()),
        Ffract => F(f(0) - f(0).floor()),
        Fsat => F(f(0).clamp(0.0, 1.0)),
        Fsqrt => F(f(0).sqrt()),
        Frsq => F(1.0 / f(0).sqrt()),
        Frcp => F(1.0 / f(0)),
        Fexp2 => F(f(0).exp2()),
        Flog2 => F(f(0).log2()),
        Fexp => F(f(0).exp()),
        Flog => F(f(0).ln()),
        Fsin => F(f(0).sin()),
        Fcos => F(f(0).cos()),
        Fradians => F(f(0).to_radians()),
        Fdegrees => F(f(0).to_degrees()),
        Fadd => F(f(0) + f(1)),
        Fsub => F(f(0) - f(1)),
        Fmul => F(f(0) * f(1)),
        Fdiv => F(f(0) / f(1)),
        Fmod => F(f(0) - f(1) * (f(0) / f(1)).floor()),
        Fmin => F(f(0).min(f(1))),
        Fmax => F(f(0).max(f(1))),
        Fpow => F(f(0).powf(f(1))),
        Fstep => F(if f(1) < f(0) { 0.0 } else { 1.0 }),
        Ffma => F(f(0).mul_add(f(1), f(2))),
        Fclamp => F(f(0).max(f(1)).min(f(2))),
        Fmix => F(f(0) * (1.0 - f(2)) + f(1) * f(2)),
        Iadd => I(int(0).wrapping_add(int(1))),
        Isub => I(int(0).wrapping_sub(int(1))),
        Imul => I(int(0).wrapping_mul(int(1))),
        Ineg => I(int(0).wrapping_neg()),
        Iabs => I(int(0).wrapping_abs()),
        Idiv => I(int(0).checked_div(int(1))?),
        Udiv => U(uint(0).checked_div(uint(1))?),
        Irem => I(int(0).checked_rem(int(1))?),
        Imod => {
            let (x, y) = (int(0), int(1));
            let r = x.checked_rem(y)?;
            I(if r != 0 && (r < 0) != (y < 0) {
                r + y
            } else {
                r
            })
        }
        Umod => U(uint(0).checked_rem(uint(1))?),
        Imin => I(int(0).min(int(1))),
        Imax => I(int(0).max(int(1))),
        Umin => U(uint(0).min(uint(1))),
        Umax => U(uint(0).max(uint(1))),
        Inot => U(!a[0].u()),
        Iand => U(a[0].u() & a[1].u()),
        Ior => U(a[0].u() | a[1].u()),
        Ixor => U(a[0].u() ^ a[1].u()),
        Ishl => U(a[0].u() << (a[1].u() & shift_mask)),
        Ishr => I(int(0) >> (a[1].u() & shift_mask)),
        Ushr => U(uint(0) >> (a[1].u() & shift_mask)),
        Flt => B(f(0) < f(1)),
        Fge => B(f(0) >= f(1)),
        Feq => B(f(0) == f(1)),
        Fneu => B(f(0) != f(1)),
        Ilt => B(int(0) < int(1)),
        Ige => B(int(0) >= int(1)),
        Ult => B(uint(0) < uint(1)),
        Uge => B(uint(0) >= uint(1)),
        Ieq => B(a[0].u() == a[1].u()),
        Ine => B(a[0].u() != a[1].u()),
        Bnot => B(!a[0].b()),
        Band => B(a[0].b() && a[1].b()),
        Bor => B(a[0].b() || a[1].b()),
        Bxor => B(a[0].b() != a[1].b()),
        Beq => B(a[0].b() == a[1].b()),
        Bcsel => {
            if a[0].b() {
                a[1]
            } else {
                a[2]
            }
        }
        F2i => I(f(0) as i64),
        F2u => U(f(0) as u64),
        I2f => F(int(0) as f64),
        U2f => F(uint(0) as f64),
        F2f => F(f(0)),
        I2i => I(int(0)),
        U2u => U(uint(0)),
        B2f => F(a[0].b() as u8 as f64),
        B2i => U(a[0].b() as u64),
        F2b => B(f(0) != 0.0),
        I2b => B(a[0].u() != 0),
        Bitcast if src.bits == dst.bits && src.components == dst.components => {
            let raw = match a[0] {
                F(x) => match src.bits {
                    64 => x.to_bits(),
                    _ => (x as f32).to_bits() as u64,
                },
                other => truncate(other.u(), src.bits),
            };
            match dst.base {
                BaseType::Float => F(match dst.bits {
                    64 => f64::from_bits(raw),
                    _ => f32::from_bits(raw as u32) as f64,
                }),
                BaseType::Int => I(crate::instr::sign_extend(raw, dst.bits)),
                _ => U(raw),
            }
        }
        _ => return None,
    })
}
