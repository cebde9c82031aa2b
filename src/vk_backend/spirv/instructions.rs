//! Per-instruction emission: constants, vector construction and swizzles, derefs as
//! access chains, calls; ALU, intrinsics and textures have files of their own.

use nir_like::{DerefKind, InstrKind, Type, Value};
use rspirv::dr::Operand;
use rspirv::spirv::Op;

use crate::control_flow::FnState;
use crate::emitter::Emitter;
use crate::EmitError;

impl<'s> Emitter<'s> {
    pub(crate) fn emit_instr(&mut self, st: &mut FnState<'s>, v: Value) -> Result<(), EmitError> {
        let instr = &st.func.instrs[v];
        let id = match &instr.kind {
            InstrKind::Alu { op, srcs } => {
                let ty = instr
                    .ty
                    .ok_or_else(|| EmitError::Unsupported("ALU without a type".into()))?;
                self.emit_alu(st, *op, srcs, ty)?
            }
            InstrKind::Compose(srcs) => {
                let ty = instr.ty.unwrap_or(nir_like::ValueType::F32);
                if srcs.len() == 1 && st.func.value_type(srcs[0]) == Some(ty) {
                    st.get(srcs[0])?
                } else {
                    let t = self.checked_value_type(ty)?;
                    let ids = srcs
                        .iter()
                        .map(|s| st.get(*s).map(Operand::IdRef))
                        .collect::<Result<Vec<_>, _>>()?;
                    self.op(Op::CompositeConstruct, t, ids)?
                }
            }
            InstrKind::Swizzle { src, components } => {
                let src_ty = st.func.value_type(*src).unwrap_or(nir_like::ValueType::F32);
                let ty = instr.ty.unwrap_or(src_ty);
                let src_id = st.get(*src)?;
                self.swizzle(src_id, src_ty, ty, components)?
            }
            InstrKind::Const(c) => {
                if c.ty.components > 4 {
                    return Err(EmitError::Unsupported(
                        "constant wider than 4 components".into(),
                    ));
                }
                self.constant(c.ty, &c.bits)
            }
            InstrKind::Undef => {
                let t = self.checked_value_type(instr.ty.unwrap_or(nir_like::ValueType::F32))?;
                self.global(Op::Undef, Some(t), vec![])
            }
            InstrKind::Deref(d) => match &d.kind {
                DerefKind::Var(var) => self.variable_ids[var.index()],
                DerefKind::Local(l) => st.locals[l.index()],
                DerefKind::Param(i) => st.params[*i as usize],
                DerefKind::Array { parent, index } => {
                    let ptr = self.pointer_to(d.ty, d.mode)?;
                    let (p, i) = (st.get(*parent)?, st.get(*index)?);
                    if matches!(
                        self.shader.types[d.ty],
                        Type::Sampler { .. } | Type::Image { .. }
                    ) && !matches!(st.func.kind(*index), InstrKind::Const(_))
                    {
                        let cap = if matches!(self.shader.types[d.ty], Type::Sampler { .. }) {
                            rspirv::spirv::Capability::SampledImageArrayDynamicIndexing
                        } else {
                            rspirv::spirv::Capability::StorageImageArrayDynamicIndexing
                        };
                        self.cap(cap);
                    }
                    self.op(
                        Op::AccessChain,
                        ptr,
                        vec![Operand::IdRef(p), Operand::IdRef(i)],
                    )?
                }
                DerefKind::Struct { parent, member } => {
                    let ptr = self.pointer_to(d.ty, d.mode)?;
                    let p = st.get(*parent)?;
                    let m = self.const_i32(*member as i32);
                    self.op(
                        Op::AccessChain,
                        ptr,
                        vec![Operand::IdRef(p), Operand::IdRef(m)],
                    )?
                }
                DerefKind::Cast { parent } => {
                    let parent_ty = match st.func.kind(*parent) {
                        InstrKind::Deref(pd) => Some(self.pointer_to(pd.ty, pd.mode)?),
                        _ => None,
                    };
                    if parent_ty != Some(self.pointer_to(d.ty, d.mode)?) {
                        return Err(EmitError::Unsupported(
                            "deref cast between different types".into(),
                        ));
                    }
                    st.get(*parent)?
                }
            },
            InstrKind::Intrinsic(intr) => {
                match self.emit_intrinsic(st, v, intr.op, &intr.srcs, instr.ty)? {
                    Some(id) => id,
                    None => return Ok(()),
                }
            }
            InstrKind::Tex(t) => {
                self.emit_tex(st, t, instr.ty.unwrap_or(nir_like::ValueType::VEC4))?
            }
            InstrKind::Phi(srcs) => {
                let t = self.checked_value_type(instr.ty.unwrap_or(nir_like::ValueType::F32))?;
                let srcs = srcs.clone();
                self.emit_phi(st, &srcs, t)?
            }
            InstrKind::Jump(_) => return Ok(()),
            InstrKind::Call { function, args } => {
                let ret = match instr.ty {
                    Some(t) => self.checked_value_type(t)?,
                    None => self.void_type,
                };
                let mut operands = vec![Operand::IdRef(self.function_ids[function.index()])];
                for a in args {
                    operands.push(Operand::IdRef(st.get(*a)?));
                }
                self.op(Op::FunctionCall, ret, operands)?
            }
        };
        st.bind(v, id);
        Ok(())
    }

    /// Components `components` of `src` (of type `src_ty`) as a value of type `ty`.
    pub(crate) fn swizzle(
        &mut self,
        src: rspirv::spirv::Word,
        src_ty: nir_like::ValueType,
        ty: nir_like::ValueType,
        components: &[u8],
    ) -> Result<rspirv::spirv::Word, EmitError> {
        let t = self.checked_value_type(ty)?;
        if src_ty.components == 1 {
            if components.len() == 1 {
                return Ok(src);
            }
            return self.op(
                Op::CompositeConstruct,
                t,
                components.iter().map(|_| Operand::IdRef(src)).collect(),
            );
        }
        if components.len() == 1 {
            return self.op(
                Op::CompositeExtract,
                t,
                vec![
                    Operand::IdRef(src),
                    Operand::LiteralBit32(components[0] as u32),
                ],
            );
        }
        let identity = components.len() == src_ty.components as usize
            && components.iter().enumerate().all(|(i, &c)| i == c as usize);
        if identity {
            return Ok(src);
        }
        let mut operands = vec![Operand::IdRef(src), Operand::IdRef(src)];
        operands.extend(components.iter().map(|&c| Operand::LiteralBit32(c as u32)));
        self.op(Op::VectorShuffle, t, operands)
    }
}
