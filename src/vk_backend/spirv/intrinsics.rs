//! Intrinsics: loads and stores through access chains, aggregate copies, barriers,
//! fragment and geometry control, atomics, storage images and interpolation functions.

use nir_like::{
    AtomicOp, Handle, InstrKind, IntrinsicOp, MemorySemantics, Scope, Type, Value, ValueType,
    VariableMode,
};
use rspirv::dr::Operand;
use rspirv::spirv::{self, Capability, GlslStd450Op, Op, Word};

use crate::control_flow::FnState;
use crate::emitter::Emitter;
use crate::EmitError;

impl<'s> Emitter<'s> {
    /// Emits an intrinsic; returns the id of the value it defines, if any.
    pub(crate) fn emit_intrinsic(
        &mut self,
        st: &mut FnState<'s>,
        _v: Value,
        op: IntrinsicOp,
        srcs: &[Value],
        ty: Option<ValueType>,
    ) -> Result<Option<Word>, EmitError> {
        let result_type = match ty {
            Some(t) => Some(self.checked_value_type(t)?),
            None => None,
        };
        let rt = || {
            result_type
                .ok_or_else(|| EmitError::Unsupported("intrinsic without a result type".into()))
        };
        Ok(match op {
            IntrinsicOp::LoadDeref => {
                let ptr = st.get(srcs[0])?;
                let (_, mode) = deref_info(st, srcs[0])?;
                let t = ty.unwrap_or(ValueType::F32);
                if t.is_bool() && Self::explicit_layout(mode).is_some() {
                    let u = self.value_type(t.with_scalar(nir_like::BaseType::Uint, 32));
                    let raw = self.op(Op::Load, u, vec![Operand::IdRef(ptr)])?;
                    return Ok(Some(self.int_to_bool(raw, t)?));
                }
                Some(self.op(Op::Load, rt()?, vec![Operand::IdRef(ptr)])?)
            }
            IntrinsicOp::StoreDeref { write_mask } => {
                let ptr = st.get(srcs[0])?;
                let mut value = st.get(srcs[1])?;
                let mut vt = st.func.value_type(srcs[1]).unwrap_or(ValueType::F32);
                let (_, mode) = deref_info(st, srcs[0])?;
                if vt.is_bool() && Self::explicit_layout(mode).is_some() {
                    value = self.bool_to_int(value, vt)?;
                    vt = vt.with_scalar(nir_like::BaseType::Uint, 32);
                }
                let full = ((1u32 << vt.components) - 1) as u16;
                if write_mask & full == full || vt.components == 1 {
                    self.op_void(Op::Store, vec![Operand::IdRef(ptr), Operand::IdRef(value)])?;
                } else {
                    let (_, mode) = deref_info(st, srcs[0])?;
                    let class = self.storage_class(mode)?;
                    let scalar = self.value_type(vt.scalar());
                    let ptr_ty = self.pointer_type(class, scalar);
                    for c in 0..vt.components {
                        if write_mask & (1 << c) == 0 {
                            continue;
                        }
                        let index = self.const_u32(c as u32);
                        let elem = self.op(
                            Op::AccessChain,
                            ptr_ty,
                            vec![Operand::IdRef(ptr), Operand::IdRef(index)],
                        )?;
                        let part = self.op(
                            Op::CompositeExtract,
                            scalar,
                            vec![Operand::IdRef(value), Operand::LiteralBit32(c as u32)],
                        )?;
                        self.op_void(Op::Store, vec![Operand::IdRef(elem), Operand::IdRef(part)])?;
                    }
                }
                None
            }
            IntrinsicOp::CopyDeref => {
                let (dst_ty, dst_mode) = deref_info(st, srcs[0])?;
                let (src_ty, src_mode) = deref_info(st, srcs[1])?;
                let (dst, src) = (st.get(srcs[0])?, st.get(srcs[1])?);
                self.copy_memory(dst, dst_ty, dst_mode, src, src_ty, src_mode)?;
                None
            }
            IntrinsicOp::Barrier {
                execution,
                memory,
                semantics,
            } => {
                let mem_scope = self.scope(memory);
                let sem = self.semantics(semantics);
                match execution {
                    Some(exec) => {
                        let exec_scope = self.scope(exec);
                        self.op_void(
                            Op::ControlBarrier,
                            vec![
                                Operand::IdScope(exec_scope),
                                Operand::IdScope(mem_scope),
                                Operand::IdMemorySemantics(sem),
                            ],
                        )?
                    }
                    None => self.op_void(
                        Op::MemoryBarrier,
                        vec![Operand::IdScope(mem_scope), Operand::IdMemorySemantics(sem)],
                    )?,
                }
                None
            }
            IntrinsicOp::Discard => {
                self.emit_discard()?;
                None
            }
            IntrinsicOp::Demote => {
                self.demote_capability();
                self.op_void(Op::DemoteToHelperInvocation, vec![])?;
                None
            }
            IntrinsicOp::IsHelperInvocation => {
                self.demote_capability();
                self.ext("SPV_EXT_demote_to_helper_invocation");
                Some(self.op(Op::IsHelperInvocationEXT, rt()?, vec![])?)
            }
            IntrinsicOp::EmitVertex { stream } | IntrinsicOp::EndPrimitive { stream } => {
                let emit = matches!(op, IntrinsicOp::EmitVertex { .. });
                if stream == 0 {
                    self.op_void(
                        if emit {
                            Op::EmitVertex
                        } else {
                            Op::EndPrimitive
                        },
                        vec![],
                    )?;
                } else {
                    self.cap(Capability::GeometryStreams);
                    let s = self.const_u32(stream);
                    self.op_void(
                        if emit {
                            Op::EmitStreamVertex
                        } else {
                            Op::EndStreamPrimitive
                        },
                        vec![Operand::IdRef(s)],
                    )?;
                }
                None
            }
            IntrinsicOp::DerefAtomic { op: aop } => {
                let ptr = st.get(srcs[0])?;
                let (_, mode) = deref_info(st, srcs[0])?;
                let data: Vec<Word> = srcs[1..]
                    .iter()
                    .map(|s| st.get(*s))
                    .collect::<Result<_, _>>()?;
                let scope = if mode == VariableMode::Shared {
                    Scope::Workgroup
                } else {
                    Scope::Device
                };
                if ty.map(|t| t.bits == 64).unwrap_or(false) {
                    self.cap(Capability::Int64Atomics);
                }
                Some(self.atomic(aop, rt()?, ptr, scope, &data)?)
            }
            IntrinsicOp::ImageLoad | IntrinsicOp::ImageStore | IntrinsicOp::ImageAtomic { .. } => {
                let (img_ty, _) = deref_info(st, srcs[0])?;
                let ms = matches!(
                    self.shader.types[img_ty],
                    Type::Image {
                        multisampled: true,
                        ..
                    }
                );
                let coord = st.get(srcs[1])?;
                let sample = st.get(srcs[2])?;
                match op {
                    IntrinsicOp::ImageAtomic { op: aop } => {
                        let ptr_var = st.get(srcs[0])?;
                        let scalar = rt()?;
                        let ptr_ty = self.pointer_type(spirv::StorageClass::Image, scalar);
                        let zero = self.const_u32(0);
                        let s = if ms { sample } else { zero };
                        let texel = self.op(
                            Op::ImageTexelPointer,
                            ptr_ty,
                            vec![
                                Operand::IdRef(ptr_var),
                                Operand::IdRef(coord),
                                Operand::IdRef(s),
                            ],
                        )?;
                        let data: Vec<Word> = srcs[3..]
                            .iter()
                            .map(|s| st.get(*s))
                            .collect::<Result<_, _>>()?;
                        Some(self.atomic(aop, scalar, texel, Scope::Device, &data)?)
                    }
                    _ => {
                        let image = self.load_opaque(st, srcs[0])?;
                        let mut tail = Vec::new();
                        if ms {
                            tail.push(Operand::ImageOperands(spirv::ImageOperands::SAMPLE));
                            tail.push(Operand::IdRef(sample));
                        }
                        if op == IntrinsicOp::ImageLoad {
                            let mut operands = vec![Operand::IdRef(image), Operand::IdRef(coord)];
                            operands.extend(tail);
                            Some(self.op(Op::ImageRead, rt()?, operands)?)
                        } else {
                            let texel = st.get(srcs[3])?;
                            let mut operands = vec![
                                Operand::IdRef(image),
                                Operand::IdRef(coord),
                                Operand::IdRef(texel),
                            ];
                            operands.extend(tail);
                            self.op_void(Op::ImageWrite, operands)?;
                            None
                        }
                    }
                }
            }
            IntrinsicOp::ImageSize => {
                self.cap(Capability::ImageQuery);
                let image = self.load_opaque(st, srcs[0])?;
                Some(self.op(Op::ImageQuerySize, rt()?, vec![Operand::IdRef(image)])?)
            }
            IntrinsicOp::ImageSamples => {
                self.cap(Capability::ImageQuery);
                let image = self.load_opaque(st, srcs[0])?;
                Some(self.op(Op::ImageQuerySamples, rt()?, vec![Operand::IdRef(image)])?)
            }
            IntrinsicOp::InterpolateAtCentroid
            | IntrinsicOp::InterpolateAtSample
            | IntrinsicOp::InterpolateAtOffset => {
                self.cap(Capability::InterpolationFunction);
                let args: Vec<Word> = srcs.iter().map(|s| st.get(*s)).collect::<Result<_, _>>()?;
                let g = match op {
                    IntrinsicOp::InterpolateAtCentroid => GlslStd450Op::InterpolateAtCentroid,
                    IntrinsicOp::InterpolateAtSample => GlslStd450Op::InterpolateAtSample,
                    _ => GlslStd450Op::InterpolateAtOffset,
                };
                Some(self.glsl(g, rt()?, &args)?)
            }
            IntrinsicOp::LoadParam { index } => {
                Some(*st.params.get(index as usize).ok_or_else(|| {
                    EmitError::Unsupported("load_param index out of range".into())
                })?)
            }
            IntrinsicOp::ArrayLength => {
                let (block_ty, _) = deref_info(st, srcs[0])?;
                let last = match &self.shader.types[block_ty] {
                    Type::Struct { members, .. } if !members.is_empty() => members.len() as u32 - 1,
                    _ => {
                        return Err(EmitError::Unsupported(
                            "array_length of something other than a block".into(),
                        ))
                    }
                };
                let ptr = st.get(srcs[0])?;
                let u32_ty = self.value_type(ValueType::U32);
                let len = self.op(
                    Op::ArrayLength,
                    u32_ty,
                    vec![Operand::IdRef(ptr), Operand::LiteralBit32(last)],
                )?;
                if ty == Some(ValueType::U32) {
                    Some(len)
                } else {
                    Some(self.op(Op::Bitcast, rt()?, vec![Operand::IdRef(len)])?)
                }
            }
            IntrinsicOp::LoadWorkgroupSize => Some(self.workgroup_size_id()),
        })
    }

    fn demote_capability(&mut self) {
        self.cap(Capability::DemoteToHelperInvocation);
        if !self.version_at_least(6) {
            self.ext("SPV_EXT_demote_to_helper_invocation");
        }
    }

    /// Loads the image or sampled image a deref names.
    pub(crate) fn load_opaque(&mut self, st: &FnState, deref: Value) -> Result<Word, EmitError> {
        let (ty, mode) = deref_info(st, deref)?;
        let t = self.mem_type_for_mode(ty, mode)?;
        let ptr = st.get(deref)?;
        self.op(Op::Load, t, vec![Operand::IdRef(ptr)])
    }

    pub(crate) fn scope(&mut self, s: Scope) -> Word {
        let v = match s {
            Scope::Device | Scope::QueueFamily => spirv::Scope::Device,
            Scope::Workgroup => spirv::Scope::Workgroup,
            Scope::Subgroup => spirv::Scope::Subgroup,
            Scope::Invocation => spirv::Scope::Invocation,
        };
        self.const_u32(v as u32)
    }

    fn semantics(&mut self, s: MemorySemantics) -> Word {
        let mut bits = spirv::MemorySemantics::RELAXED;
        if s.buffer {
            bits |= spirv::MemorySemantics::UNIFORM_MEMORY;
        }
        if s.shared {
            bits |= spirv::MemorySemantics::WORKGROUP_MEMORY;
        }
        if s.image {
            bits |= spirv::MemorySemantics::IMAGE_MEMORY;
        }
        if !bits.is_empty() {
            bits |= spirv::MemorySemantics::ACQUIRE_RELEASE;
        }
        self.const_u32(bits.bits())
    }

    fn atomic(
        &mut self,
        op: AtomicOp,
        ty: Word,
        ptr: Word,
        scope: Scope,
        data: &[Word],
    ) -> Result<Word, EmitError> {
        let scope = self.scope(scope);
        let relaxed = self.const_u32(0);
        let mut operands = vec![
            Operand::IdRef(ptr),
            Operand::IdScope(scope),
            Operand::IdMemorySemantics(relaxed),
        ];
        let spv = match op {
            AtomicOp::Add => Op::AtomicIAdd,
            AtomicOp::Imin => Op::AtomicSMin,
            AtomicOp::Umin => Op::AtomicUMin,
            AtomicOp::Imax => Op::AtomicSMax,
            AtomicOp::Umax => Op::AtomicUMax,
            AtomicOp::And => Op::AtomicAnd,
            AtomicOp::Or => Op::AtomicOr,
            AtomicOp::Xor => Op::AtomicXor,
            AtomicOp::Exchange => Op::AtomicExchange,
            AtomicOp::CompSwap => {
                // IR order: comparand, data; SPIR-V: value, comparator.
                operands.push(Operand::IdMemorySemantics(relaxed));
                operands.push(Operand::IdRef(data[1]));
                operands.push(Operand::IdRef(data[0]));
                return self.op(Op::AtomicCompareExchange, ty, operands);
            }
        };
        operands.push(Operand::IdRef(data[0]));
        self.op(spv, ty, operands)
    }

    /// Copies `src` to `dst` member by member where their layouts differ.
    fn copy_memory(
        &mut self,
        dst: Word,
        dst_ty: Handle<Type>,
        dst_mode: VariableMode,
        src: Word,
        src_ty: Handle<Type>,
        src_mode: VariableMode,
    ) -> Result<(), EmitError> {
        let d = self.mem_type_for_mode(dst_ty, dst_mode)?;
        let s = self.mem_type_for_mode(src_ty, src_mode)?;
        let shader = self.shader;
        if d == s {
            let value = self.op(Op::Load, s, vec![Operand::IdRef(src)])?;
            return self.op_void(Op::Store, vec![Operand::IdRef(dst), Operand::IdRef(value)]);
        }
        // Bools stored as integers on one side only.
        if let (Type::Vector(dv), Type::Vector(sv)) = (&shader.types[dst_ty], &shader.types[src_ty])
        {
            if dv.is_bool() && sv.is_bool() {
                let value = self.op(Op::Load, s, vec![Operand::IdRef(src)])?;
                let converted = if Self::explicit_layout(src_mode).is_some() {
                    self.int_to_bool(value, *sv)?
                } else {
                    self.bool_to_int(value, *sv)?
                };
                return self.op_void(
                    Op::Store,
                    vec![Operand::IdRef(dst), Operand::IdRef(converted)],
                );
            }
        }
        let dst_class = self.storage_class(dst_mode)?;
        let src_class = self.storage_class(src_mode)?;
        let children: Vec<(u32, Handle<Type>, Handle<Type>)> =
            match (&shader.types[dst_ty], &shader.types[src_ty]) {
                (
                    Type::Array {
                        element: de,
                        length: Some(n),
                        ..
                    },
                    Type::Array { element: se, .. },
                ) => (0..*n).map(|i| (i, *de, *se)).collect(),
                (Type::Struct { members: dm, .. }, Type::Struct { members: sm, .. }) => dm
                    .iter()
                    .zip(sm)
                    .enumerate()
                    .map(|(i, (a, b))| (i as u32, a.ty, b.ty))
                    .collect(),
                _ => {
                    return Err(EmitError::Unsupported(
                        "copy between incompatible types".into(),
                    ))
                }
            };
        for (i, dc, sc) in children {
            let index = self.const_i32(i as i32);
            let dp_ty = {
                let t = self.mem_type_for_mode(dc, dst_mode)?;
                self.pointer_type(dst_class, t)
            };
            let sp_ty = {
                let t = self.mem_type_for_mode(sc, src_mode)?;
                self.pointer_type(src_class, t)
            };
            let dp = self.op(
                Op::AccessChain,
                dp_ty,
                vec![Operand::IdRef(dst), Operand::IdRef(index)],
            )?;
            let sp = self.op(
                Op::AccessChain,
                sp_ty,
                vec![Operand::IdRef(src), Operand::IdRef(index)],
            )?;
            self.copy_memory(dp, dc, dst_mode, sp, sc, src_mode)?;
        }
        Ok(())
    }
}

impl Emitter<'_> {
    /// A bool vector from its 32-bit integer storage form (non-zero is true).
    pub(crate) fn int_to_bool(&mut self, raw: Word, ty: ValueType) -> Result<Word, EmitError> {
        let bt = self.value_type(ty);
        let zero = self.const_splat(ty.with_scalar(nir_like::BaseType::Uint, 32), 0.0);
        self.op(
            Op::INotEqual,
            bt,
            vec![Operand::IdRef(raw), Operand::IdRef(zero)],
        )
    }

    /// The 32-bit integer storage form (1 or 0) of a bool vector.
    pub(crate) fn bool_to_int(&mut self, value: Word, ty: ValueType) -> Result<Word, EmitError> {
        let ut = ty.with_scalar(nir_like::BaseType::Uint, 32);
        let t = self.value_type(ut);
        let one = self.const_splat(ut, 1.0);
        let zero = self.const_splat(ut, 0.0);
        self.op(
            Op::Select,
            t,
            vec![
                Operand::IdRef(value),
                Operand::IdRef(one),
                Operand::IdRef(zero),
            ],
        )
    }
}

/// The type and mode of a deref value.
pub(crate) fn deref_info(
    st: &FnState,
    v: Value,
) -> Result<(Handle<Type>, VariableMode), EmitError> {
    match st.func.kind(v) {
        InstrKind::Deref(d) => Ok((d.ty, d.mode)),
        _ => Err(EmitError::Unsupported("expected a deref".into())),
    }
}
