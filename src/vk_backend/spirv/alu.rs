//! ALU ops: core SPIR-V instructions where they exist, GLSL.std.450 for the rest, and
//! short sequences where neither matches GLSL's meaning exactly.

use nir_like::{AluOp, BaseType, Value, ValueType};
use rspirv::dr::Operand;
use rspirv::spirv::{Capability, GlslStd450Op, Op, Word};

use crate::control_flow::FnState;
use crate::emitter::Emitter;
use crate::EmitError;

impl<'s> Emitter<'s> {
    pub(crate) fn emit_alu(
        &mut self,
        st: &mut FnState<'s>,
        op: AluOp,
        srcs: &[Value],
        ty: ValueType,
    ) -> Result<Word, EmitError> {
        let ids = srcs
            .iter()
            .map(|s| st.get(*s))
            .collect::<Result<Vec<_>, _>>()?;
        let types: Vec<ValueType> = srcs
            .iter()
            .map(|s| st.func.value_type(*s).unwrap_or(ty))
            .collect();
        let t = self.checked_value_type(ty)?;
        let a = |i: usize| Operand::IdRef(ids[i]);
        use AluOp::*;
        let core = |op: Op| -> Option<Op> { Some(op) };
        // Ops that map to one core instruction with the sources as operands.
        let simple = match op {
            Fneg => core(Op::FNegate),
            Fadd => core(Op::FAdd),
            Fsub => core(Op::FSub),
            Fmul => core(Op::FMul),
            Fdiv => core(Op::FDiv),
            Fmod => core(Op::FMod),
            Frem => core(Op::FRem),
            Ineg => core(Op::SNegate),
            Iadd => core(Op::IAdd),
            Isub => core(Op::ISub),
            Imul => core(Op::IMul),
            Idiv => core(Op::SDiv),
            Udiv => core(Op::UDiv),
            Irem => core(Op::SRem),
            Umod => core(Op::UMod),
            Inot => core(Op::Not),
            Iand => core(Op::BitwiseAnd),
            Ior => core(Op::BitwiseOr),
            Ixor => core(Op::BitwiseXor),
            Ishl => core(Op::ShiftLeftLogical),
            Ishr => core(Op::ShiftRightArithmetic),
            Ushr => core(Op::ShiftRightLogical),
            IbitfieldExtract => core(Op::BitFieldSExtract),
            UbitfieldExtract => core(Op::BitFieldUExtract),
            BitfieldInsert => core(Op::BitFieldInsert),
            BitfieldReverse => core(Op::BitReverse),
            BitCount => core(Op::BitCount),
            Flt => core(Op::FOrdLessThan),
            Fge => core(Op::FOrdGreaterThanEqual),
            Feq => core(Op::FOrdEqual),
            Fneu => core(Op::FUnordNotEqual),
            Ilt => core(Op::SLessThan),
            Ige => core(Op::SGreaterThanEqual),
            Ult => core(Op::ULessThan),
            Uge => core(Op::UGreaterThanEqual),
            Ieq => core(Op::IEqual),
            Ine => core(Op::INotEqual),
            Fisnan => core(Op::IsNan),
            Fisinf => core(Op::IsInf),
            Bnot => core(Op::LogicalNot),
            Band => core(Op::LogicalAnd),
            Bor => core(Op::LogicalOr),
            Bxor => core(Op::LogicalNotEqual),
            Beq => core(Op::LogicalEqual),
            FquantizeF16 => core(Op::QuantizeToF16),
            Fddx | Fddy | Fwidth => core(match op {
                Fddx => Op::DPdx,
                Fddy => Op::DPdy,
                _ => Op::Fwidth,
            }),
            FddxFine | FddyFine | FwidthFine | FddxCoarse | FddyCoarse | FwidthCoarse => {
                self.cap(Capability::DerivativeControl);
                core(match op {
                    FddxFine => Op::DPdxFine,
                    FddyFine => Op::DPdyFine,
                    FwidthFine => Op::FwidthFine,
                    FddxCoarse => Op::DPdxCoarse,
                    FddyCoarse => Op::DPdyCoarse,
                    _ => Op::FwidthCoarse,
                })
            }
            F2i => core(Op::ConvertFToS),
            F2u => core(Op::ConvertFToU),
            I2f => core(Op::ConvertSToF),
            U2f => core(Op::ConvertUToF),
            _ => None,
        };
        if let Some(spv) = simple {
            // These want unsigned result and operand types; other integer ops take either.
            let unsigned_only = matches!(spv, Op::UDiv | Op::UMod | Op::ConvertFToU);
            if unsigned_only && ty.base == BaseType::Int {
                return self.via_unsigned(spv, ty, &ids, &types);
            }
            return self.op(spv, t, (0..ids.len()).map(a).collect());
        }
        let ext = match op {
            Fabs => Some(GlslStd450Op::FAbs),
            Fsign => Some(GlslStd450Op::FSign),
            Iabs => Some(GlslStd450Op::SAbs),
            Isign => Some(GlslStd450Op::SSign),
            Ffloor => Some(GlslStd450Op::Floor),
            Fceil => Some(GlslStd450Op::Ceil),
            Ftrunc => Some(GlslStd450Op::Trunc),
            FroundEven => Some(GlslStd450Op::RoundEven),
            Fround => Some(GlslStd450Op::Round),
            Ffract => Some(GlslStd450Op::Fract),
            Fradians => Some(GlslStd450Op::Radians),
            Fdegrees => Some(GlslStd450Op::Degrees),
            Fsin => Some(GlslStd450Op::Sin),
            Fcos => Some(GlslStd450Op::Cos),
            Ftan => Some(GlslStd450Op::Tan),
            Fasin => Some(GlslStd450Op::Asin),
            Facos => Some(GlslStd450Op::Acos),
            Fatan => Some(GlslStd450Op::Atan),
            Fsinh => Some(GlslStd450Op::Sinh),
            Fcosh => Some(GlslStd450Op::Cosh),
            Ftanh => Some(GlslStd450Op::Tanh),
            Fasinh => Some(GlslStd450Op::Asinh),
            Facosh => Some(GlslStd450Op::Acosh),
            Fatanh => Some(GlslStd450Op::Atanh),
            Fatan2 => Some(GlslStd450Op::Atan2),
            Fpow => Some(GlslStd450Op::Pow),
            Fexp => Some(GlslStd450Op::Exp),
            Flog => Some(GlslStd450Op::Log),
            Fexp2 => Some(GlslStd450Op::Exp2),
            Flog2 => Some(GlslStd450Op::Log2),
            Fsqrt => Some(GlslStd450Op::Sqrt),
            Frsq => Some(GlslStd450Op::InverseSqrt),
            Fmin => Some(GlslStd450Op::FMin),
            Fmax => Some(GlslStd450Op::FMax),
            Imin => Some(GlslStd450Op::SMin),
            Imax => Some(GlslStd450Op::SMax),
            Umin => Some(GlslStd450Op::UMin),
            Umax => Some(GlslStd450Op::UMax),
            Fclamp => Some(GlslStd450Op::FClamp),
            Iclamp => Some(GlslStd450Op::SClamp),
            Uclamp => Some(GlslStd450Op::UClamp),
            Fmix => Some(GlslStd450Op::FMix),
            Fstep => Some(GlslStd450Op::Step),
            Fsmoothstep => Some(GlslStd450Op::SmoothStep),
            Ffma => Some(GlslStd450Op::Fma),
            Ldexp => Some(GlslStd450Op::Ldexp),
            Flength => Some(GlslStd450Op::Length),
            Fdistance => Some(GlslStd450Op::Distance),
            Fcross => Some(GlslStd450Op::Cross),
            Fnormalize => Some(GlslStd450Op::Normalize),
            Ffaceforward => Some(GlslStd450Op::FaceForward),
            Freflect => Some(GlslStd450Op::Reflect),
            Frefract => Some(GlslStd450Op::Refract),
            FindLsb => Some(GlslStd450Op::FindILsb),
            IfindMsb => Some(GlslStd450Op::FindSMsb),
            UfindMsb => Some(GlslStd450Op::FindUMsb),
            PackSnorm4x8 => Some(GlslStd450Op::PackSnorm4x8),
            PackUnorm4x8 => Some(GlslStd450Op::PackUnorm4x8),
            PackSnorm2x16 => Some(GlslStd450Op::PackSnorm2x16),
            PackUnorm2x16 => Some(GlslStd450Op::PackUnorm2x16),
            PackHalf2x16 => Some(GlslStd450Op::PackHalf2x16),
            UnpackSnorm4x8 => Some(GlslStd450Op::UnpackSnorm4x8),
            UnpackUnorm4x8 => Some(GlslStd450Op::UnpackUnorm4x8),
            UnpackSnorm2x16 => Some(GlslStd450Op::UnpackSnorm2x16),
            UnpackUnorm2x16 => Some(GlslStd450Op::UnpackUnorm2x16),
            UnpackHalf2x16 => Some(GlslStd450Op::UnpackHalf2x16),
            _ => None,
        };
        if let Some(g) = ext {
            if matches!(op, FindLsb | IfindMsb | UfindMsb) && types[0].bits != 32 {
                return Err(EmitError::Unsupported(format!(
                    "{} on {}-bit integers",
                    op.name(),
                    types[0].bits
                )));
            }
            return self.glsl(g, t, &ids);
        }
        match op {
            Fsat => {
                let zero = self.const_splat(ty, 0.0);
                let one = self.const_splat(ty, 1.0);
                self.glsl(GlslStd450Op::FClamp, t, &[ids[0], zero, one])
            }
            Frcp => {
                let one = self.const_splat(ty, 1.0);
                self.op(Op::FDiv, t, vec![Operand::IdRef(one), a(0)])
            }
            Imod => {
                // From SRem: add the divisor when the remainder's sign differs from it.
                // (Some drivers get OpSMod wrong for negative operands.)
                let r = self.op(Op::SRem, t, vec![a(0), a(1)])?;
                let zero = self.const_splat(ty, 0.0);
                let bt = self.value_type(ValueType::bool(ty.components));
                let nonzero = self.op(
                    Op::INotEqual,
                    bt,
                    vec![Operand::IdRef(r), Operand::IdRef(zero)],
                )?;
                let r_neg = self.op(
                    Op::SLessThan,
                    bt,
                    vec![Operand::IdRef(r), Operand::IdRef(zero)],
                )?;
                let b_neg = self.op(Op::SLessThan, bt, vec![a(1), Operand::IdRef(zero)])?;
                let differ = self.op(
                    Op::LogicalNotEqual,
                    bt,
                    vec![Operand::IdRef(r_neg), Operand::IdRef(b_neg)],
                )?;
                let fix = self.op(
                    Op::LogicalAnd,
                    bt,
                    vec![Operand::IdRef(nonzero), Operand::IdRef(differ)],
                )?;
                let adjusted = self.op(Op::IAdd, t, vec![Operand::IdRef(r), a(1)])?;
                self.op(
                    Op::Select,
                    t,
                    vec![
                        Operand::IdRef(fix),
                        Operand::IdRef(adjusted),
                        Operand::IdRef(r),
                    ],
                )
            }
            Fdot => {
                if types[0].components == 1 {
                    self.op(Op::FMul, t, vec![a(0), a(1)])
                } else {
                    self.op(Op::Dot, t, vec![a(0), a(1)])
                }
            }
            Bany | Ball => {
                if types[0].components == 1 {
                    Ok(ids[0])
                } else {
                    self.op(if op == Bany { Op::Any } else { Op::All }, t, vec![a(0)])
                }
            }
            Bcsel => {
                let mut cond = ids[0];
                if types[0].components == 1 && ty.components > 1 && !self.version_at_least(4) {
                    let bt = self.value_type(ValueType::bool(ty.components));
                    cond = self.op(
                        Op::CompositeConstruct,
                        bt,
                        (0..ty.components).map(|_| Operand::IdRef(ids[0])).collect(),
                    )?;
                }
                self.op(Op::Select, t, vec![Operand::IdRef(cond), a(1), a(2)])
            }
            FrexpSig | FrexpExp => {
                let ft = self.value_type(types[0]);
                let it = self.value_type(types[0].with_scalar(BaseType::Int, 32));
                let st_ty = self.pair_struct(ft, it);
                let pair = self.glsl(GlslStd450Op::FrexpStruct, st_ty, &ids)?;
                let member = if op == FrexpSig { 0 } else { 1 };
                let r = self.op(
                    Op::CompositeExtract,
                    if member == 0 { ft } else { it },
                    vec![Operand::IdRef(pair), Operand::LiteralBit32(member)],
                )?;
                if member == 1 && ty.bits != 32 {
                    self.op(Op::SConvert, t, vec![Operand::IdRef(r)])
                } else {
                    Ok(r)
                }
            }
            UmulHigh | ImulHigh | UaddCarry | UsubBorrow => {
                // These produce a two-member struct; GLSL wants one member.
                let unsigned = matches!(op, UaddCarry | UsubBorrow | UmulHigh);
                let member_ty = if unsigned {
                    ty.with_scalar(BaseType::Uint, ty.bits)
                } else {
                    ty
                };
                let mt = self.value_type(member_ty);
                let mut args = ids.clone();
                if unsigned && ty.base != BaseType::Uint {
                    args = args
                        .iter()
                        .map(|&x| self.op(Op::Bitcast, mt, vec![Operand::IdRef(x)]))
                        .collect::<Result<_, _>>()?;
                }
                let pair_ty = self.pair_struct(mt, mt);
                let spv = match op {
                    UmulHigh => Op::UMulExtended,
                    ImulHigh => Op::SMulExtended,
                    UaddCarry => Op::IAddCarry,
                    _ => Op::ISubBorrow,
                };
                let pair = self.op(spv, pair_ty, args.into_iter().map(Operand::IdRef).collect())?;
                let r = self.op(
                    Op::CompositeExtract,
                    mt,
                    vec![Operand::IdRef(pair), Operand::LiteralBit32(1)],
                )?;
                if mt != t {
                    self.op(Op::Bitcast, t, vec![Operand::IdRef(r)])
                } else {
                    Ok(r)
                }
            }
            F2f => {
                if types[0] == ty {
                    Ok(ids[0])
                } else {
                    self.op(Op::FConvert, t, vec![a(0)])
                }
            }
            I2i | U2u => {
                let from = types[0];
                if from == ty {
                    return Ok(ids[0]);
                }
                if from.bits == ty.bits {
                    return self.op(Op::Bitcast, t, vec![a(0)]);
                }
                if op == I2i {
                    self.op(Op::SConvert, t, vec![a(0)])
                } else {
                    // OpUConvert must produce an unsigned type.
                    let ut = self.value_type(ty.with_scalar(BaseType::Uint, ty.bits));
                    let r = self.op(Op::UConvert, ut, vec![a(0)])?;
                    if ut == t {
                        Ok(r)
                    } else {
                        self.op(Op::Bitcast, t, vec![Operand::IdRef(r)])
                    }
                }
            }
            B2f | B2i => {
                let one = self.const_splat(ty, 1.0);
                let zero = self.const_splat(ty, 0.0);
                self.op(
                    Op::Select,
                    t,
                    vec![a(0), Operand::IdRef(one), Operand::IdRef(zero)],
                )
            }
            F2b => {
                let zero = self.const_splat(types[0], 0.0);
                self.op(Op::FUnordNotEqual, t, vec![a(0), Operand::IdRef(zero)])
            }
            I2b => {
                let zero = self.const_splat(types[0], 0.0);
                self.op(Op::INotEqual, t, vec![a(0), Operand::IdRef(zero)])
            }
            Bitcast => {
                if types[0] == ty {
                    Ok(ids[0])
                } else {
                    self.op(Op::Bitcast, t, vec![a(0)])
                }
            }
            _ => Err(EmitError::Unsupported(format!("ALU op {}", op.name()))),
        }
    }

    /// Runs `spv` on unsigned copies of integer operands and casts the result back to `ty`.
    fn via_unsigned(
        &mut self,
        spv: Op,
        ty: ValueType,
        ids: &[Word],
        types: &[ValueType],
    ) -> Result<Word, EmitError> {
        let ut = self.value_type(ty.with_scalar(BaseType::Uint, ty.bits));
        let mut operands = Vec::new();
        for (id, t) in ids.iter().zip(types) {
            if t.base == BaseType::Int {
                let u = self.value_type(t.with_scalar(BaseType::Uint, t.bits));
                operands.push(Operand::IdRef(self.op(
                    Op::Bitcast,
                    u,
                    vec![Operand::IdRef(*id)],
                )?));
            } else {
                operands.push(Operand::IdRef(*id));
            }
        }
        let r = self.op(spv, ut, operands)?;
        let t = self.value_type(ty);
        self.op(Op::Bitcast, t, vec![Operand::IdRef(r)])
    }
}
