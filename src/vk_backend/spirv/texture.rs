//! Texture instructions: sampling (implicit and explicit LOD, bias, gradients, depth
//! comparison), fetches, gathers and queries on combined image samplers.

use nir_like::{BaseType, ImageDim, InstrKind, Tex, TexOp, TexSrcKind, Type, ValueType};
use rspirv::dr::Operand;
use rspirv::spirv::{Capability, ImageOperands, Op, Word};

use crate::control_flow::FnState;
use crate::emitter::Emitter;
use crate::intrinsics::deref_info;
use crate::EmitError;

impl<'s> Emitter<'s> {
    pub(crate) fn emit_tex(
        &mut self,
        st: &mut FnState<'s>,
        t: &Tex,
        ty: ValueType,
    ) -> Result<Word, EmitError> {
        let (sampler_ty, _) = deref_info(st, t.texture)?;
        let Type::Sampler {
            dim,
            arrayed,
            shadow,
            multisampled,
            sampled,
        } = self.shader.types[sampler_ty].clone()
        else {
            return Err(EmitError::Unsupported(
                "texture op on something other than a sampler".into(),
            ));
        };
        let sampled_image = self.load_opaque(st, t.texture)?;
        let src = |k: TexSrcKind| t.src(k);
        let id_of = |st: &FnState, k: TexSrcKind| -> Result<Option<Word>, EmitError> {
            match t.src(k) {
                Some(v) => Ok(Some(st.get(v)?)),
                None => Ok(None),
            }
        };
        let coord = id_of(st, TexSrcKind::Coord)?;
        let comparator = id_of(st, TexSrcKind::Comparator)?;
        let result = self.checked_value_type(ty)?;

        // Image operands, in the order of their mask bits.
        let mut mask = ImageOperands::NONE;
        let mut extra = Vec::new();
        if let Some(b) = id_of(st, TexSrcKind::Bias)? {
            mask |= ImageOperands::BIAS;
            extra.push(Operand::IdRef(b));
        }
        let lod = id_of(st, TexSrcKind::Lod)?;
        let wants_lod =
            matches!(t.op, TexOp::Txl | TexOp::Txf) && dim != ImageDim::Buffer && !multisampled;
        if let (Some(l), true) = (lod, wants_lod) {
            mask |= ImageOperands::LOD;
            extra.push(Operand::IdRef(l));
        }
        if t.op == TexOp::Txd {
            let (dx, dy) = (id_of(st, TexSrcKind::Ddx)?, id_of(st, TexSrcKind::Ddy)?);
            if let (Some(dx), Some(dy)) = (dx, dy) {
                mask |= ImageOperands::GRAD;
                extra.push(Operand::IdRef(dx));
                extra.push(Operand::IdRef(dy));
            }
        }
        if let Some(o) = src(TexSrcKind::Offset) {
            let is_const = matches!(st.func.kind(o), InstrKind::Const(_));
            if is_const {
                mask |= ImageOperands::CONST_OFFSET;
            } else {
                self.cap(Capability::ImageGatherExtended);
                mask |= ImageOperands::OFFSET;
            }
            extra.push(Operand::IdRef(st.get(o)?));
        }
        if let Some(offsets) = t.gather_offsets {
            self.cap(Capability::ImageGatherExtended);
            mask |= ImageOperands::CONST_OFFSETS;
            let c = self.const_offsets(offsets);
            extra.push(Operand::IdRef(c));
        }
        if t.op == TexOp::TxfMs {
            let s = id_of(st, TexSrcKind::MsIndex)?.unwrap_or_else(|| self.const_i32(0));
            mask |= ImageOperands::SAMPLE;
            extra.push(Operand::IdRef(s));
        }
        if let Some(m) = id_of(st, TexSrcKind::MinLod)? {
            self.cap(Capability::MinLod);
            mask |= ImageOperands::MIN_LOD;
            extra.push(Operand::IdRef(m));
        }
        let mut operands_with = |head: Vec<Operand>| -> Vec<Operand> {
            let mut ops = head;
            if !mask.is_empty() {
                ops.push(Operand::ImageOperands(mask));
                ops.append(&mut extra);
            }
            ops
        };
        let need_coord =
            || coord.ok_or_else(|| EmitError::Unsupported("texture op without coordinates".into()));

        let image_of = |e: &mut Self| -> Result<Word, EmitError> {
            if dim == ImageDim::Buffer {
                return Ok(sampled_image);
            }
            let image_ty = e.image_type(
                dim,
                arrayed,
                shadow,
                multisampled,
                sampled,
                1,
                nir_like::ImageFormat::Unknown,
            )?;
            e.op(Op::Image, image_ty, vec![Operand::IdRef(sampled_image)])
        };
        match t.op {
            TexOp::Tex | TexOp::Txb | TexOp::Txl | TexOp::Txd => {
                let explicit = matches!(t.op, TexOp::Txl | TexOp::Txd);
                let c = need_coord()?;
                match comparator {
                    Some(dref) if shadow => {
                        let op = if explicit {
                            Op::ImageSampleDrefExplicitLod
                        } else {
                            Op::ImageSampleDrefImplicitLod
                        };
                        let f = self.value_type(ValueType::F32);
                        let r = self.op(
                            op,
                            f,
                            operands_with(vec![
                                Operand::IdRef(sampled_image),
                                Operand::IdRef(c),
                                Operand::IdRef(dref),
                            ]),
                        )?;
                        self.widen(r, ValueType::F32, ty)
                    }
                    _ => {
                        let op = if explicit {
                            Op::ImageSampleExplicitLod
                        } else {
                            Op::ImageSampleImplicitLod
                        };
                        let v4 = self.value_type(ValueType::new(sampled, 32, 4));
                        let r = self.op(
                            op,
                            v4,
                            operands_with(vec![Operand::IdRef(sampled_image), Operand::IdRef(c)]),
                        )?;
                        self.narrow(r, ValueType::new(sampled, 32, 4), ty)
                    }
                }
            }
            TexOp::Txf | TexOp::TxfMs => {
                let c = need_coord()?;
                let image = image_of(self)?;
                let v4 = self.value_type(ValueType::new(sampled, 32, 4));
                let r = self.op(
                    Op::ImageFetch,
                    v4,
                    operands_with(vec![Operand::IdRef(image), Operand::IdRef(c)]),
                )?;
                self.narrow(r, ValueType::new(sampled, 32, 4), ty)
            }
            TexOp::Tg4 => {
                let c = need_coord()?;
                let v4 = self.value_type(ValueType::new(sampled, 32, 4));
                let r = match comparator {
                    Some(dref) if shadow => self.op(
                        Op::ImageDrefGather,
                        v4,
                        operands_with(vec![
                            Operand::IdRef(sampled_image),
                            Operand::IdRef(c),
                            Operand::IdRef(dref),
                        ]),
                    )?,
                    _ => {
                        let comp = self.const_u32(t.component as u32);
                        self.op(
                            Op::ImageGather,
                            v4,
                            operands_with(vec![
                                Operand::IdRef(sampled_image),
                                Operand::IdRef(c),
                                Operand::IdRef(comp),
                            ]),
                        )?
                    }
                };
                self.narrow(r, ValueType::new(sampled, 32, 4), ty)
            }
            TexOp::Txs => {
                self.cap(Capability::ImageQuery);
                let image = image_of(self)?;
                if multisampled || dim == ImageDim::Buffer {
                    self.op(Op::ImageQuerySize, result, vec![Operand::IdRef(image)])
                } else {
                    let l = match lod {
                        Some(l) => l,
                        None => self.const_i32(0),
                    };
                    self.op(
                        Op::ImageQuerySizeLod,
                        result,
                        vec![Operand::IdRef(image), Operand::IdRef(l)],
                    )
                }
            }
            TexOp::QueryLevels => {
                self.cap(Capability::ImageQuery);
                let image = image_of(self)?;
                self.op(Op::ImageQueryLevels, result, vec![Operand::IdRef(image)])
            }
            TexOp::TextureSamples => {
                self.cap(Capability::ImageQuery);
                let image = image_of(self)?;
                self.op(Op::ImageQuerySamples, result, vec![Operand::IdRef(image)])
            }
            TexOp::Lod => {
                self.cap(Capability::ImageQuery);
                let c = need_coord()?;
                self.op(
                    Op::ImageQueryLod,
                    result,
                    vec![Operand::IdRef(sampled_image), Operand::IdRef(c)],
                )
            }
        }
    }

    /// A scalar result widened to the IR's vector type (shadow lookups typed as vec4).
    fn widen(&mut self, v: Word, from: ValueType, to: ValueType) -> Result<Word, EmitError> {
        if from == to {
            return Ok(v);
        }
        let t = self.checked_value_type(to)?;
        self.op(
            Op::CompositeConstruct,
            t,
            (0..to.components).map(|_| Operand::IdRef(v)).collect(),
        )
    }

    /// The first components of a 4-component result, as the IR asked.
    fn narrow(&mut self, v: Word, from: ValueType, to: ValueType) -> Result<Word, EmitError> {
        if from == to {
            return Ok(v);
        }
        if to.base != from.base || to.bits != from.bits {
            return Err(EmitError::Unsupported(
                "texture result of another kind than the sampler's".into(),
            ));
        }
        let comps: Vec<u8> = (0..to.components).collect();
        self.swizzle(v, from, to, &comps)
    }

    /// The constant array of four ivec2 offsets of textureGatherOffsets.
    fn const_offsets(&mut self, offsets: [[i32; 2]; 4]) -> Word {
        let ivec2 = ValueType::new(BaseType::Int, 32, 2);
        let elem_ty = self.value_type(ivec2);
        let four = self.const_u32(4);
        let array_ty = self.global(
            Op::TypeArray,
            None,
            vec![Operand::IdRef(elem_ty), Operand::IdRef(four)],
        );
        let parts: Vec<Operand> = offsets
            .iter()
            .map(|o| {
                Operand::IdRef(self.constant(ivec2, &[o[0] as u32 as u64, o[1] as u32 as u64]))
            })
            .collect();
        self.global(Op::ConstantComposite, Some(array_ty), parts)
    }
}
