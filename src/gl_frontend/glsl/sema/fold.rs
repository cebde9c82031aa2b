//! Constant folding of built-in function calls, so constant expressions such as array
//! sizes may use them (GLSL 1.20+ allows built-ins in constant expressions).

use super::builtins::Signature;
use super::constant::{ConstValue, Lit};
use super::types::{Scalar, Type};

fn vals(c: &ConstValue) -> Vec<f64> {
    c.comps.iter().map(|v| v.as_f64()).collect()
}

fn make(ty: &Type, values: impl IntoIterator<Item = Lit>) -> ConstValue {
    let s = ty.scalar().unwrap_or(Scalar::Float);
    ConstValue { ty: ty.clone(), comps: values.into_iter().map(|v| v.convert(s)).collect() }
}

fn fl(ty: &Type, values: impl IntoIterator<Item = f64>) -> ConstValue {
    make(ty, values.into_iter().map(Lit::F))
}

/// Component `i` of an argument, broadcasting scalars.
fn at(v: &[f64], i: usize) -> f64 {
    v[if v.len() == 1 { 0 } else { i.min(v.len() - 1) }]
}

fn round_even(x: f64) -> f64 {
    let r = x.round();
    if (x - x.trunc()).abs() == 0.5 {
        2.0 * (x / 2.0).round()
    } else {
        r
    }
}

/// Folds `name` applied to constant arguments; `None` when it cannot (or need not).
pub fn fold(name: &str, sig: &Signature, args: &[&ConstValue]) -> Option<ConstValue> {
    let ret = &sig.ret;
    let n = ret.components().max(1) as usize;
    let a: Vec<Vec<f64>> = args.iter().map(|c| vals(c)).collect();
    let int_arg = args.first().and_then(|c| c.ty.scalar()).is_some_and(|s| s.is_integer());
    let unary = |f: &dyn Fn(f64) -> f64| Some(fl(ret, (0..n).map(|i| f(at(&a[0], i)))));
    let binary = |f: &dyn Fn(f64, f64) -> f64| Some(fl(ret, (0..n).map(|i| f(at(&a[0], i), at(&a[1], i)))));
    if args.iter().any(|c| c.ty.is_matrix()) && !matches!(name, "matrixCompMult" | "transpose" | "determinant" | "inverse") {
        return None;
    }
    match (name, args.len()) {
        ("radians", 1) => unary(&|x| x.to_radians()),
        ("degrees", 1) => unary(&|x| x.to_degrees()),
        ("sin", 1) => unary(&f64::sin),
        ("cos", 1) => unary(&f64::cos),
        ("tan", 1) => unary(&f64::tan),
        ("asin", 1) => unary(&f64::asin),
        ("acos", 1) => unary(&f64::acos),
        ("atan", 1) => unary(&f64::atan),
        ("atan", 2) => binary(&f64::atan2),
        ("sinh", 1) => unary(&f64::sinh),
        ("cosh", 1) => unary(&f64::cosh),
        ("tanh", 1) => unary(&f64::tanh),
        ("asinh", 1) => unary(&f64::asinh),
        ("acosh", 1) => unary(&f64::acosh),
        ("atanh", 1) => unary(&f64::atanh),
        ("pow", 2) => binary(&f64::powf),
        ("exp", 1) => unary(&f64::exp),
        ("log", 1) => unary(&f64::ln),
        ("exp2", 1) => unary(&f64::exp2),
        ("log2", 1) => unary(&f64::log2),
        ("sqrt", 1) => unary(&f64::sqrt),
        ("inversesqrt", 1) => unary(&|x| 1.0 / x.sqrt()),
        ("abs", 1) => {
            if int_arg {
                Some(make(ret, args[0].comps.iter().map(|v| match v {
                    Lit::I(i) => Lit::I(i.wrapping_abs()),
                    x => *x,
                })))
            } else {
                unary(&f64::abs)
            }
        }
        ("sign", 1) => unary(&|x| if x > 0.0 { 1.0 } else if x < 0.0 { -1.0 } else { 0.0 }),
        ("floor", 1) => unary(&f64::floor),
        ("ceil", 1) => unary(&f64::ceil),
        ("trunc", 1) => unary(&f64::trunc),
        ("round", 1) => unary(&round_even),
        ("roundEven", 1) => unary(&round_even),
        ("fract", 1) => unary(&|x| x - x.floor()),
        ("mod", 2) => binary(&|x, y| x - y * (x / y).floor()),
        ("min", 2) => {
            if int_arg {
                Some(make(ret, (0..n).map(|i| min_lit(args[0], args[1], i, true))))
            } else {
                binary(&f64::min)
            }
        }
        ("max", 2) => {
            if int_arg {
                Some(make(ret, (0..n).map(|i| min_lit(args[0], args[1], i, false))))
            } else {
                binary(&f64::max)
            }
        }
        ("clamp", 3) => {
            if int_arg {
                Some(make(ret, (0..n).map(|i| {
                    let lo = min_lit(args[0], args[1], i, false);
                    let lo_c = ConstValue { ty: args[0].ty.clone(), comps: vec![lo] };
                    min_lit(&lo_c, args[2], i, true)
                })))
            } else {
                Some(fl(ret, (0..n).map(|i| at(&a[0], i).max(at(&a[1], i)).min(at(&a[2], i)))))
            }
        }
        ("mix", 3) => {
            if args[2].ty.scalar() == Some(Scalar::Bool) {
                Some(make(ret, (0..n).map(|i| {
                    let pick = args[2].comps[i.min(args[2].comps.len() - 1)].as_bool();
                    let src = if pick { args[1] } else { args[0] };
                    src.comps[i.min(src.comps.len() - 1)]
                })))
            } else {
                Some(fl(ret, (0..n).map(|i| at(&a[0], i) * (1.0 - at(&a[2], i)) + at(&a[1], i) * at(&a[2], i))))
            }
        }
        ("min3", 3) | ("max3", 3) | ("mid3", 3) => Some(make(ret, (0..n).map(|i| {
            let mut v = [args[0], args[1], args[2]].map(|c| c.comps[i.min(c.comps.len() - 1)]);
            v.sort_by(|x, y| match (x, y) {
                (Lit::I(p), Lit::I(q)) => p.cmp(q),
                (Lit::U(p), Lit::U(q)) => p.cmp(q),
                _ => x.as_f64().total_cmp(&y.as_f64()),
            });
            match name {
                "min3" => v[0],
                "mid3" => v[1],
                _ => v[2],
            }
        }))),
        ("step", 2) => binary(&|e, x| if x < e { 0.0 } else { 1.0 }),
        ("smoothstep", 3) => Some(fl(ret, (0..n).map(|i| {
            let (e0, e1, x) = (at(&a[0], i), at(&a[1], i), at(&a[2], i));
            let t = ((x - e0) / (e1 - e0)).clamp(0.0, 1.0);
            t * t * (3.0 - 2.0 * t)
        }))),
        ("isnan", 1) => Some(make(ret, a[0].iter().map(|x| Lit::B(x.is_nan())))),
        ("isinf", 1) => Some(make(ret, a[0].iter().map(|x| Lit::B(x.is_infinite())))),
        ("fma", 3) => Some(fl(ret, (0..n).map(|i| at(&a[0], i) * at(&a[1], i) + at(&a[2], i)))),
        ("length", 1) => Some(fl(ret, [a[0].iter().map(|x| x * x).sum::<f64>().sqrt()])),
        ("distance", 2) => Some(fl(ret, [a[0].iter().zip(&a[1]).map(|(x, y)| (x - y) * (x - y)).sum::<f64>().sqrt()])),
        ("dot", 2) => Some(fl(ret, [a[0].iter().zip(&a[1]).map(|(x, y)| x * y).sum::<f64>()])),
        ("cross", 2) => {
            let (x, y) = (&a[0], &a[1]);
            Some(fl(ret, [x[1] * y[2] - y[1] * x[2], x[2] * y[0] - y[2] * x[0], x[0] * y[1] - y[0] * x[1]]))
        }
        ("normalize", 1) => {
            let len = a[0].iter().map(|x| x * x).sum::<f64>().sqrt();
            Some(fl(ret, a[0].iter().map(|x| x / len)))
        }
        ("faceforward", 3) => {
            let d: f64 = a[2].iter().zip(&a[1]).map(|(x, y)| x * y).sum();
            Some(fl(ret, a[0].iter().map(|x| if d < 0.0 { *x } else { -x })))
        }
        ("reflect", 2) => {
            let d: f64 = a[1].iter().zip(&a[0]).map(|(x, y)| x * y).sum();
            Some(fl(ret, (0..n).map(|i| a[0][i] - 2.0 * d * a[1][i])))
        }
        ("refract", 3) => {
            let d: f64 = a[1].iter().zip(&a[0]).map(|(x, y)| x * y).sum();
            let eta = a[2][0];
            let k = 1.0 - eta * eta * (1.0 - d * d);
            Some(fl(ret, (0..n).map(|i| if k < 0.0 { 0.0 } else { eta * a[0][i] - (eta * d + k.sqrt()) * a[1][i] })))
        }
        ("matrixCompMult", 2) => binary(&|x, y| x * y),
        ("outerProduct", 2) => {
            let (c, r) = (&a[0], &a[1]);
            Some(fl(ret, (0..r.len()).flat_map(|j| c.iter().map(move |ci| ci * r[j]))))
        }
        ("transpose", 1) => {
            let (cols, rows) = match &args[0].ty {
                Type::Matrix { cols, rows, .. } => (*cols as usize, *rows as usize),
                _ => return None,
            };
            Some(fl(ret, (0..rows).flat_map(|r| (0..cols).map(move |c| (r, c))).map(|(r, c)| a[0][c * rows + r])))
        }
        ("determinant", 1) => Some(fl(ret, [det(&a[0])?])),
        ("inverse", 1) => inverse(&a[0]).map(|v| fl(ret, v)),
        ("lessThan", 2) => cmp(ret, args, |x, y| x < y),
        ("lessThanEqual", 2) => cmp(ret, args, |x, y| x <= y),
        ("greaterThan", 2) => cmp(ret, args, |x, y| x > y),
        ("greaterThanEqual", 2) => cmp(ret, args, |x, y| x >= y),
        ("equal", 2) => cmp(ret, args, |x, y| x == y),
        ("notEqual", 2) => cmp(ret, args, |x, y| x != y),
        ("any", 1) => Some(make(ret, [Lit::B(args[0].comps.iter().any(|v| v.as_bool()))])),
        ("all", 1) => Some(make(ret, [Lit::B(args[0].comps.iter().all(|v| v.as_bool()))])),
        ("not", 1) => Some(make(ret, args[0].comps.iter().map(|v| Lit::B(!v.as_bool())))),
        ("floatBitsToInt", 1) => Some(make(ret, a[0].iter().map(|x| Lit::I((*x as f32).to_bits() as i32 as i64)))),
        ("floatBitsToUint", 1) => Some(make(ret, a[0].iter().map(|x| Lit::U((*x as f32).to_bits() as u64)))),
        ("intBitsToFloat", 1) | ("uintBitsToFloat", 1) => {
            Some(make(ret, args[0].comps.iter().map(|v| Lit::F(f32::from_bits(v.as_i64() as u32) as f64))))
        }
        ("bitCount", 1) => Some(make(ret, args[0].comps.iter().map(|v| Lit::I((v.as_i64() as u32).count_ones() as i64)))),
        ("findLSB", 1) => Some(make(ret, args[0].comps.iter().map(|v| {
            let x = v.as_i64() as u32;
            Lit::I(if x == 0 { -1 } else { x.trailing_zeros() as i64 })
        }))),
        ("findMSB", 1) => Some(make(ret, args[0].comps.iter().map(|v| {
            let x = match v {
                Lit::I(i) if *i < 0 => !(*i as i32) as u32,
                _ => v.as_i64() as u32,
            };
            Lit::I(if x == 0 { -1 } else { 31 - x.leading_zeros() as i64 })
        }))),
        ("bitfieldExtract", 3) => {
            let (offset, bits) = (args[1].comps.first()?.as_i64(), args[2].comps.first()?.as_i64());
            if !(0..=32).contains(&bits) || offset < 0 || offset + bits > 32 {
                return None; // undefined results are left to run time
            }
            Some(make(ret, args[0].comps.iter().map(|v| {
                let field = if bits == 0 { 0 } else { ((v.as_i64() as u32 as u64) >> offset) & ((1u64 << bits) - 1) };
                match v {
                    // Signed extraction copies the field's top bit upwards.
                    Lit::I(_) if bits > 0 => Lit::I(((field << (64 - bits)) as i64) >> (64 - bits)),
                    Lit::I(_) => Lit::I(0),
                    _ => Lit::U(field),
                }
            })))
        }
        ("bitfieldInsert", 4) => {
            let (offset, bits) = (args[2].comps.first()?.as_i64(), args[3].comps.first()?.as_i64());
            if !(0..=32).contains(&bits) || offset < 0 || offset + bits > 32 {
                return None;
            }
            let mask = (((1u64 << bits) - 1) << offset) as u32;
            Some(make(ret, args[0].comps.iter().zip(&args[1].comps).map(|(base, insert)| {
                let b = base.as_i64() as u32;
                let r = (b & !mask) | (((insert.as_i64() as u32 as u64) << offset) as u32 & mask);
                match base {
                    Lit::I(_) => Lit::I(r as i32 as i64),
                    _ => Lit::U(r as u64),
                }
            })))
        }
        // GLSL 4.00 section 4.1.4 lets denormals flush to zero; a folded result does.
        ("ldexp", 2) => Some(fl(ret, (0..n).map(|i| {
            let r = at(&a[0], i) * 2f64.powi(at(&a[1], i) as i32);
            let denormal = if ret.scalar() == Some(Scalar::Double) { r.abs() < f64::MIN_POSITIVE } else { (r as f32).abs() < f32::MIN_POSITIVE };
            if denormal { 0.0f64.copysign(r) } else { r }
        }))),
        ("packHalf2x16" | "unpackHalf2x16" | "packSnorm2x16" | "unpackSnorm2x16" | "packUnorm2x16" | "unpackUnorm2x16", 1)
        | ("packSnorm4x8" | "unpackSnorm4x8" | "packUnorm4x8" | "unpackUnorm4x8", 1) => super::fold_packing::fold(name, args[0]),
        ("bitfieldReverse", 1) => Some(make(ret, args[0].comps.iter().map(|v| match v {
            Lit::I(i) => Lit::I((*i as u32).reverse_bits() as i32 as i64),
            x => Lit::U((x.as_i64() as u32).reverse_bits() as u64),
        }))),
        _ => None,
    }
}

fn min_lit(a: &ConstValue, b: &ConstValue, i: usize, min: bool) -> Lit {
    let x = a.comps[i.min(a.comps.len() - 1)];
    let y = b.comps[i.min(b.comps.len() - 1)];
    let less = match (x, y) {
        (Lit::I(p), Lit::I(q)) => p < q,
        (Lit::U(p), Lit::U(q)) => p < q,
        _ => x.as_f64() < y.as_f64(),
    };
    if less == min {
        x
    } else {
        y
    }
}

fn cmp(ret: &Type, args: &[&ConstValue], f: impl Fn(f64, f64) -> bool) -> Option<ConstValue> {
    let comps = args[0]
        .comps
        .iter()
        .zip(&args[1].comps)
        .map(|(x, y)| Lit::B(f(x.as_f64(), y.as_f64())))
        .collect();
    Some(ConstValue { ty: ret.clone(), comps })
}

fn det(m: &[f64]) -> Option<f64> {
    Some(match m.len() {
        4 => m[0] * m[3] - m[2] * m[1],
        9 => {
            m[0] * (m[4] * m[8] - m[7] * m[5]) - m[3] * (m[1] * m[8] - m[7] * m[2]) + m[6] * (m[1] * m[5] - m[4] * m[2])
        }
        16 => {
            let minor = |skip_c: usize| {
                let mut sub = Vec::with_capacity(9);
                for c in 0..4 {
                    if c == skip_c {
                        continue;
                    }
                    for r in 1..4 {
                        sub.push(m[c * 4 + r]);
                    }
                }
                det(&sub).unwrap_or(0.0)
            };
            (0..4).map(|c| m[c * 4] * minor(c) * if c % 2 == 0 { 1.0 } else { -1.0 }).sum()
        }
        _ => return None,
    })
}

fn inverse(m: &[f64]) -> Option<Vec<f64>> {
    let n = match m.len() {
        4 => 2,
        9 => 3,
        16 => 4,
        _ => return None,
    };
    // Gauss-Jordan on a row-major copy (the transpose of GL's column-major layout).
    let mut a: Vec<Vec<f64>> = (0..n).map(|r| (0..n).map(|c| m[c * n + r]).collect()).collect();
    let mut inv: Vec<Vec<f64>> = (0..n).map(|r| (0..n).map(|c| if r == c { 1.0 } else { 0.0 }).collect()).collect();
    for col in 0..n {
        let pivot = (col..n).max_by(|x, y| a[*x][col].abs().total_cmp(&a[*y][col].abs()))?;
        if a[pivot][col] == 0.0 {
            return None;
        }
        a.swap(col, pivot);
        inv.swap(col, pivot);
        let p = a[col][col];
        for c in 0..n {
            a[col][c] /= p;
            inv[col][c] /= p;
        }
        for r in 0..n {
            if r != col {
                let f = a[r][col];
                for c in 0..n {
                    a[r][c] -= f * a[col][c];
                    inv[r][c] -= f * inv[col][c];
                }
            }
        }
    }
    Some((0..n).flat_map(|c| (0..n).map(move |r| (r, c))).map(|(r, c)| inv[r][c]).collect())
}
