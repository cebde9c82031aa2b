//! Built-ins on bits and packed values: bitfield functions, carries and extended
//! multiplies, the trinary min/max/mid of AMD_shader_trinary_minmax, the pack/unpack
//! family and the functions that return a second result through an `out` parameter
//! (frexp, modf, uaddCarry, ...). Each is one IR op or a short sequence of them.

use super::{GResult, Gen, Rv};
use crate::ast::Expr;
use crate::sema::builtins::Signature;
use crate::sema::types::{Scalar, Type as SType};
use nir_like::{AluOp as A, BaseType, Value, ValueType};

impl Gen<'_, '_> {
    /// Generates `name` when this file owns it; `None` leaves it to the caller.
    pub(super) fn bits_builtin(&mut self, name: &str, sig: &Signature, args: &[Expr], vals: &[Value]) -> GResult<Option<Rv>> {
        let ret_n = sig.ret.vector_size().max(1);
        let first = sig.params.first().and_then(|p| p.0.scalar());
        let float = first.is_some_and(|s| matches!(s, Scalar::Float | Scalar::Double));
        let unsigned = matches!(first, Some(Scalar::Uint | Scalar::Uint64));
        let v = match name {
            "min3" | "max3" | "mid3" => {
                let w = self.widen(vals, ret_n);
                let (min, max) = match (float, unsigned) {
                    (true, _) => (A::Fmin, A::Fmax),
                    (false, true) => (A::Umin, A::Umax),
                    (false, false) => (A::Imin, A::Imax),
                };
                match name {
                    "min3" => {
                        let ab = self.b.alu(min, &w[..2]);
                        self.b.alu(min, &[ab, w[2]])
                    }
                    "max3" => {
                        let ab = self.b.alu(max, &w[..2]);
                        self.b.alu(max, &[ab, w[2]])
                    }
                    // The median: max(min(a, b), min(max(a, b), c)).
                    _ => {
                        let lo = self.b.alu(min, &w[..2]);
                        let hi = self.b.alu(max, &w[..2]);
                        let hi_c = self.b.alu(min, &[hi, w[2]]);
                        self.b.alu(max, &[lo, hi_c])
                    }
                }
            }
            "isinf" => self.b.alu(A::Fisinf, vals),
            "bitfieldExtract" => {
                let op = if unsigned { A::UbitfieldExtract } else { A::IbitfieldExtract };
                self.b.alu(op, vals)
            }
            "bitfieldInsert" => self.b.alu(A::BitfieldInsert, vals),
            "bitfieldReverse" => self.b.alu(A::BitfieldReverse, vals),
            "bitCount" => self.b.alu(A::BitCount, vals),
            "findLSB" => self.b.alu(A::FindLsb, vals),
            "findMSB" => self.b.alu(if unsigned { A::UfindMsb } else { A::IfindMsb }, vals),
            "uaddCarry" | "usubBorrow" => {
                let (result, flag) = if name == "uaddCarry" {
                    (self.b.alu(A::Iadd, &vals[..2]), self.b.alu(A::UaddCarry, &vals[..2]))
                } else {
                    (self.b.alu(A::Isub, &vals[..2]), self.b.alu(A::UsubBorrow, &vals[..2]))
                };
                self.store_out(&args[2], &sig.params[2].0, flag)?;
                result
            }
            "umulExtended" | "imulExtended" => {
                let high = if name == "umulExtended" { A::UmulHigh } else { A::ImulHigh };
                let msb = self.b.alu(high, &vals[..2]);
                let lsb = self.b.alu(A::Imul, &vals[..2]);
                self.store_out(&args[2], &sig.params[2].0, msb)?;
                self.store_out(&args[3], &sig.params[3].0, lsb)?;
                return Ok(Some(Rv::None));
            }
            "frexp" => {
                let significand = self.b.alu(A::FrexpSig, &vals[..1]);
                let exponent = self.b.alu(A::FrexpExp, &vals[..1]);
                self.store_out(&args[1], &sig.params[1].0, exponent)?;
                significand
            }
            "modf" => {
                let whole = self.b.alu(A::Ftrunc, &vals[..1]);
                let fraction = self.b.alu(A::Fsub, &[vals[0], whole]);
                self.store_out(&args[1], &sig.params[1].0, whole)?;
                fraction
            }
            "packUnorm2x16" => self.b.alu(A::PackUnorm2x16, vals),
            "packSnorm2x16" => self.b.alu(A::PackSnorm2x16, vals),
            "packUnorm4x8" => self.b.alu(A::PackUnorm4x8, vals),
            "packSnorm4x8" => self.b.alu(A::PackSnorm4x8, vals),
            "packHalf2x16" => self.b.alu(A::PackHalf2x16, vals),
            "unpackUnorm2x16" => self.b.alu(A::UnpackUnorm2x16, vals),
            "unpackSnorm2x16" => self.b.alu(A::UnpackSnorm2x16, vals),
            "unpackUnorm4x8" => self.b.alu(A::UnpackUnorm4x8, vals),
            "unpackSnorm4x8" => self.b.alu(A::UnpackSnorm4x8, vals),
            "unpackHalf2x16" => self.b.alu(A::UnpackHalf2x16, vals),
            // 64-bit values from and to pairs of 32-bit ones: a reinterpretation.
            "packDouble2x32" => self.b.bitcast(vals[0], ValueType::new(BaseType::Float, 64, 1)),
            "unpackDouble2x32" | "unpackUint2x32" => self.b.bitcast(vals[0], ValueType::new(BaseType::Uint, 32, 2)),
            "unpackInt2x32" => self.b.bitcast(vals[0], ValueType::new(BaseType::Int, 32, 2)),
            "packUint2x32" => self.b.bitcast(vals[0], ValueType::new(BaseType::Uint, 64, 1)),
            "packInt2x32" => self.b.bitcast(vals[0], ValueType::new(BaseType::Int, 64, 1)),
            _ => return Ok(None),
        };
        Ok(Some(Rv::V(v)))
    }

    /// Writes a built-in's second result to its `out` argument, converting from the
    /// parameter's type to the argument's as an assignment would.
    fn store_out(&mut self, arg: &Expr, param_ty: &SType, v: Value) -> GResult<()> {
        let place = self.place(arg)?;
        let v = self.convert_rv(Rv::V(v), param_ty, &place.ty)?;
        self.store(place.deref, &place.ty, place.swizzle.as_deref(), v)
    }
}
