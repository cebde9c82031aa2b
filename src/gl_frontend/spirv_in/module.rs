//! The module as the translator reads it: rspirv's parse, with the type, constant,
//! decoration and name tables indexed by id, and the specialization constants replaced
//! by the values glSpecializeShader gave (or their defaults).

use std::collections::HashMap;

use rspirv::dr::{self, Instruction, Operand};
use rspirv::spirv::{BuiltIn, Capability, Decoration, ExecutionModel, Op, StorageClass, Word};

/// glSpecializeShader's constants: (SpecId, value bits).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Specialization {
    pub constants: Vec<(u32, u32)>,
}

/// Why a module cannot be used; the text goes to the info log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadError {
    /// Not valid SPIR-V (or not the SPIR-V this reader understands at all).
    Malformed(String),
    /// Valid, but uses something galvan does not translate yet.
    Unsupported(String),
    /// No entry point of that name for the shader's stage.
    NoEntryPoint(String),
    /// A specialization constant id the module does not declare.
    UnknownSpecId(u32),
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReadError::Malformed(why) => write!(f, "malformed SPIR-V: {why}"),
            ReadError::Unsupported(what) => write!(f, "SPIR-V {what} is not supported yet"),
            ReadError::NoEntryPoint(name) => write!(f, "no entry point \"{name}\" for this shader stage"),
            ReadError::UnknownSpecId(id) => write!(f, "no specialization constant has SpecId {id}"),
        }
    }
}

pub(crate) fn malformed(why: impl Into<String>) -> ReadError {
    ReadError::Malformed(why.into())
}

pub(crate) fn unsupported(what: impl Into<String>) -> ReadError {
    ReadError::Unsupported(what.into())
}

/// A SPIR-V type.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum SpvType {
    Void,
    Bool,
    Int { bits: u8, signed: bool },
    Float { bits: u8 },
    Vector { elem: Word, n: u8 },
    Matrix { column: Word, n: u8 },
    Array { elem: Word, len: u32 },
    RuntimeArray { elem: Word },
    Struct { members: Vec<Word> },
    Pointer { class: StorageClass, pointee: Word },
    Function,
    /// OpTypeImage: its sampled type, dimensionality and depth, arrayed and multisampled flags.
    Image { sampled: Word, dim: rspirv::spirv::Dim, depth: bool, arrayed: bool, multisampled: bool },
    /// OpTypeSampledImage of an image type: what GLSL's sampler types are.
    SampledImage { image: Word },
    /// Separate samplers and the rest: read but not translated yet.
    Opaque(&'static str),
}

/// A constant after specialization.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Constant {
    /// A scalar's bits (booleans are 0 or 1).
    Scalar { ty: Word, bits: u64 },
    Composite { ty: Word, parts: Vec<Word> },
    Null { ty: Word },
}

/// A module-level OpVariable.
#[derive(Clone, Debug)]
pub(crate) struct GlobalVar {
    pub id: Word,
    pub class: StorageClass,
    pub pointee: Word,
    pub initializer: Option<Word>,
}

pub(crate) struct Module {
    pub dr: dr::Module,
    pub types: HashMap<Word, SpvType>,
    pub constants: HashMap<Word, Constant>,
    pub globals: Vec<GlobalVar>,
    pub names: HashMap<Word, String>,
    pub member_names: HashMap<(Word, u32), String>,
    decorations: HashMap<Word, Vec<(Decoration, Vec<Operand>)>>,
    member_decorations: HashMap<(Word, u32), Vec<(Decoration, Vec<Operand>)>>,
    /// The id of the GLSL.std.450 import.
    pub glsl_std: Option<Word>,
}

/// Capabilities the translator handles; any other is refused by name.
const SUPPORTED_CAPABILITIES: &[Capability] = &[
    Capability::Shader,
    Capability::Matrix,
    Capability::Float64,
    Capability::Int64,
    Capability::ClipDistance,
    Capability::CullDistance,
    Capability::SampleRateShading,
    Capability::DerivativeControl,
    Capability::ImageQuery,
    Capability::Sampled1D,
    Capability::SampledBuffer,
    Capability::SampledCubeArray,
    Capability::SampledRect,
    Capability::DrawParameters,
    Capability::TransformFeedback,
    Capability::AtomicStorage,
];

pub(crate) fn stage_of(model: ExecutionModel) -> Option<nir_like::Stage> {
    Some(match model {
        ExecutionModel::Vertex => nir_like::Stage::Vertex,
        ExecutionModel::TessellationControl => nir_like::Stage::TessCtrl,
        ExecutionModel::TessellationEvaluation => nir_like::Stage::TessEval,
        ExecutionModel::Geometry => nir_like::Stage::Geometry,
        ExecutionModel::Fragment => nir_like::Stage::Fragment,
        ExecutionModel::GLCompute => nir_like::Stage::Compute,
        _ => return None,
    })
}

pub(crate) fn id_operand(inst: &Instruction, i: usize) -> Result<Word, ReadError> {
    match inst.operands.get(i) {
        Some(Operand::IdRef(id)) => Ok(*id),
        _ => Err(malformed(format!("{:?} lacks id operand {i}", inst.class.opcode))),
    }
}

pub(crate) fn literal_operand(inst: &Instruction, i: usize) -> Result<u32, ReadError> {
    match inst.operands.get(i) {
        Some(Operand::LiteralBit32(v)) => Ok(*v),
        Some(Operand::LiteralExtInstInteger(v)) => Ok(*v),
        _ => Err(malformed(format!("{:?} lacks literal operand {i}", inst.class.opcode))),
    }
}

pub(crate) fn result_id(inst: &Instruction) -> Result<Word, ReadError> {
    inst.result_id.ok_or_else(|| malformed(format!("{:?} without a result id", inst.class.opcode)))
}

impl Module {
    pub fn parse(words: &[u32], spec: &Specialization) -> Result<Module, ReadError> {
        let dr = rspirv::dr::load_words(words).map_err(|e| malformed(e.to_string()))?;
        for cap in &dr.capabilities {
            if let Some(Operand::Capability(c)) = cap.operands.first() {
                if !SUPPORTED_CAPABILITIES.contains(c) {
                    return Err(unsupported(format!("capability {c:?}")));
                }
            }
        }
        let mut m = Module {
            types: HashMap::new(),
            constants: HashMap::new(),
            globals: Vec::new(),
            names: HashMap::new(),
            member_names: HashMap::new(),
            decorations: HashMap::new(),
            member_decorations: HashMap::new(),
            glsl_std: None,
            dr: dr::Module::new(),
        };
        for i in &dr.ext_inst_imports {
            if matches!(i.operands.first(), Some(Operand::LiteralString(s)) if s == "GLSL.std.450") {
                m.glsl_std = i.result_id;
            } else {
                return Err(unsupported("extended instruction set other than GLSL.std.450"));
            }
        }
        for n in &dr.debug_names {
            match (n.class.opcode, &n.operands[..]) {
                (Op::Name, [Operand::IdRef(id), Operand::LiteralString(s)]) if !s.is_empty() => {
                    m.names.insert(*id, s.clone());
                }
                (Op::MemberName, [Operand::IdRef(id), Operand::LiteralBit32(k), Operand::LiteralString(s)]) if !s.is_empty() => {
                    m.member_names.insert((*id, *k), s.clone());
                }
                _ => {}
            }
        }
        for a in &dr.annotations {
            match (a.class.opcode, &a.operands[..]) {
                (Op::Decorate, [Operand::IdRef(id), Operand::Decoration(d), rest @ ..]) => {
                    m.decorations.entry(*id).or_default().push((*d, rest.to_vec()));
                }
                (Op::MemberDecorate, [Operand::IdRef(id), Operand::LiteralBit32(k), Operand::Decoration(d), rest @ ..]) => {
                    m.member_decorations.entry((*id, *k)).or_default().push((*d, rest.to_vec()));
                }
                (Op::DecorationGroup | Op::GroupDecorate | Op::GroupMemberDecorate, _) => {
                    return Err(unsupported("decoration groups"));
                }
                _ => {}
            }
        }
        let mut spec_ids_seen = Vec::new();
        for inst in &dr.types_global_values {
            m.global_instruction(inst, spec, &mut spec_ids_seen)?;
        }
        if let Some((id, _)) = spec.constants.iter().find(|(id, _)| !spec_ids_seen.contains(id)) {
            return Err(ReadError::UnknownSpecId(*id));
        }
        m.dr = dr;
        Ok(m)
    }

    fn global_instruction(&mut self, inst: &Instruction, spec: &Specialization, spec_ids_seen: &mut Vec<u32>) -> Result<(), ReadError> {
        let id = || result_id(inst);
        let ty = inst.result_type.unwrap_or(0);
        let spec_value = |m: &Module, seen: &mut Vec<u32>| -> Option<u32> {
            let spec_id = m.decoration_literal(inst.result_id?, Decoration::SpecId)?;
            seen.push(spec_id);
            spec.constants.iter().rev().find(|(s, _)| *s == spec_id).map(|(_, v)| *v)
        };
        let t = match inst.class.opcode {
            Op::TypeVoid => Some(SpvType::Void),
            Op::TypeBool => Some(SpvType::Bool),
            Op::TypeInt => Some(SpvType::Int { bits: literal_operand(inst, 0)? as u8, signed: literal_operand(inst, 1)? != 0 }),
            Op::TypeFloat => Some(SpvType::Float { bits: literal_operand(inst, 0)? as u8 }),
            Op::TypeVector => Some(SpvType::Vector { elem: id_operand(inst, 0)?, n: literal_operand(inst, 1)? as u8 }),
            Op::TypeMatrix => Some(SpvType::Matrix { column: id_operand(inst, 0)?, n: literal_operand(inst, 1)? as u8 }),
            Op::TypeArray => {
                let len = id_operand(inst, 1)?;
                let len = match self.constants.get(&len) {
                    Some(Constant::Scalar { bits, .. }) => *bits as u32,
                    _ => return Err(unsupported("array length that is not a constant")),
                };
                Some(SpvType::Array { elem: id_operand(inst, 0)?, len })
            }
            Op::TypeRuntimeArray => Some(SpvType::RuntimeArray { elem: id_operand(inst, 0)? }),
            Op::TypeStruct => Some(SpvType::Struct { members: (0..inst.operands.len()).map(|i| id_operand(inst, i)).collect::<Result<_, _>>()? }),
            Op::TypePointer => match (inst.operands.first(), inst.operands.get(1)) {
                (Some(Operand::StorageClass(class)), Some(Operand::IdRef(pointee))) => Some(SpvType::Pointer { class: *class, pointee: *pointee }),
                _ => return Err(malformed("OpTypePointer operands")),
            },
            Op::TypeFunction => Some(SpvType::Function),
            Op::TypeImage => match inst.operands.get(1) {
                Some(Operand::Dim(dim)) => Some(SpvType::Image {
                    sampled: id_operand(inst, 0)?,
                    dim: *dim,
                    depth: literal_operand(inst, 2)? == 1,
                    arrayed: literal_operand(inst, 3)? != 0,
                    multisampled: literal_operand(inst, 4)? != 0,
                }),
                _ => return Err(malformed("OpTypeImage without a dimensionality")),
            },
            Op::TypeSampler => Some(SpvType::Opaque("sampler")),
            Op::TypeSampledImage => Some(SpvType::SampledImage { image: id_operand(inst, 0)? }),
            Op::TypeForwardPointer => return Err(unsupported("forward pointers")),
            _ => None,
        };
        if let Some(t) = t {
            self.types.insert(id()?, t);
            return Ok(());
        }
        let constant = match inst.class.opcode {
            Op::ConstantTrue | Op::ConstantFalse => Constant::Scalar { ty, bits: (inst.class.opcode == Op::ConstantTrue) as u64 },
            Op::SpecConstantTrue | Op::SpecConstantFalse => {
                let default = inst.class.opcode == Op::SpecConstantTrue;
                let value = spec_value(self, spec_ids_seen).map_or(default, |v| v != 0);
                Constant::Scalar { ty, bits: value as u64 }
            }
            Op::Constant | Op::SpecConstant => {
                let bits = match inst.operands.first() {
                    Some(Operand::LiteralBit32(v)) => *v as u64,
                    Some(Operand::LiteralBit64(v)) => *v,
                    _ => return Err(malformed("OpConstant without a value")),
                };
                let bits = if inst.class.opcode == Op::SpecConstant { spec_value(self, spec_ids_seen).map_or(bits, |v| v as u64) } else { bits };
                Constant::Scalar { ty, bits: self.normalise_bits(ty, bits) }
            }
            Op::ConstantComposite | Op::SpecConstantComposite => {
                Constant::Composite { ty, parts: (0..inst.operands.len()).map(|i| id_operand(inst, i)).collect::<Result<_, _>>()? }
            }
            Op::ConstantNull => Constant::Null { ty },
            Op::SpecConstantOp => self.fold_spec_op(inst)?,
            Op::Variable => {
                let class = match inst.operands.first() {
                    Some(Operand::StorageClass(c)) => *c,
                    _ => return Err(malformed("OpVariable without a storage class")),
                };
                let pointee = match self.types.get(&ty) {
                    Some(SpvType::Pointer { pointee, .. }) => *pointee,
                    _ => return Err(malformed("OpVariable whose type is no pointer")),
                };
                let initializer = match inst.operands.get(1) {
                    Some(Operand::IdRef(init)) => Some(*init),
                    _ => None,
                };
                self.globals.push(GlobalVar { id: id()?, class, pointee, initializer });
                return Ok(());
            }
            Op::Undef => Constant::Null { ty },
            Op::Line | Op::NoLine | Op::ExtInst => return Ok(()),
            op => return Err(unsupported(format!("module-level {op:?}"))),
        };
        self.constants.insert(id()?, constant);
        Ok(())
    }

    /// Sign-extends narrow signed integers so the bits read the same at 64 bits.
    fn normalise_bits(&self, ty: Word, bits: u64) -> u64 {
        match self.types.get(&ty) {
            Some(SpvType::Int { bits: 32, signed: true }) => bits as u32 as i32 as i64 as u64,
            Some(SpvType::Int { bits: 32, signed: false }) | Some(SpvType::Float { bits: 32 }) => bits & 0xffff_ffff,
            _ => bits,
        }
    }

    /// OpSpecConstantOp on scalar integers and booleans, evaluated now that every
    /// specialization constant has its value.
    fn fold_spec_op(&self, inst: &Instruction) -> Result<Constant, ReadError> {
        let op = match inst.operands.first() {
            Some(Operand::LiteralSpecConstantOpInteger(op)) => *op,
            _ => return Err(malformed("OpSpecConstantOp without an opcode")),
        };
        let ty = inst.result_type.unwrap_or(0);
        let arg = |i: usize| -> Result<u64, ReadError> {
            match self.constants.get(&id_operand(inst, i + 1)?) {
                Some(Constant::Scalar { bits, .. }) => Ok(*bits),
                Some(Constant::Null { .. }) => Ok(0),
                _ => Err(unsupported(format!("OpSpecConstantOp {op:?} on composites"))),
            }
        };
        let (a, b) = (arg(0)?, if inst.operands.len() > 2 { arg(1)? } else { 0 });
        let (sa, sb) = (a as i64, b as i64);
        let bits = match op {
            Op::IAdd => a.wrapping_add(b),
            Op::ISub => a.wrapping_sub(b),
            Op::IMul => a.wrapping_mul(b),
            Op::UDiv if b != 0 => a / b,
            Op::SDiv if b != 0 => sa.wrapping_div(sb) as u64,
            Op::UMod if b != 0 => a % b,
            Op::SNegate => sa.wrapping_neg() as u64,
            Op::Not => !a,
            Op::BitwiseAnd => a & b,
            Op::BitwiseOr => a | b,
            Op::BitwiseXor => a ^ b,
            Op::ShiftLeftLogical => a.wrapping_shl(b as u32),
            Op::ShiftRightLogical => a.wrapping_shr(b as u32),
            Op::IEqual | Op::LogicalEqual => (a == b) as u64,
            Op::INotEqual | Op::LogicalNotEqual => (a != b) as u64,
            Op::ULessThan => (a < b) as u64,
            Op::UGreaterThan => (a > b) as u64,
            Op::ULessThanEqual => (a <= b) as u64,
            Op::UGreaterThanEqual => (a >= b) as u64,
            Op::SLessThan => (sa < sb) as u64,
            Op::SGreaterThan => (sa > sb) as u64,
            Op::SLessThanEqual => (sa <= sb) as u64,
            Op::SGreaterThanEqual => (sa >= sb) as u64,
            Op::LogicalNot => (a == 0) as u64,
            Op::LogicalAnd => (a != 0 && b != 0) as u64,
            Op::LogicalOr => (a != 0 || b != 0) as u64,
            Op::Select => {
                if a != 0 {
                    b
                } else {
                    arg(2)?
                }
            }
            Op::UConvert | Op::SConvert => a,
            _ => return Err(unsupported(format!("OpSpecConstantOp {op:?}"))),
        };
        Ok(Constant::Scalar { ty, bits: self.normalise_bits(ty, bits) })
    }

    pub fn decoration(&self, id: Word, d: Decoration) -> Option<&[Operand]> {
        self.decorations.get(&id)?.iter().find(|(k, _)| *k == d).map(|(_, ops)| ops.as_slice())
    }

    pub fn has_decoration(&self, id: Word, d: Decoration) -> bool {
        self.decoration(id, d).is_some()
    }

    pub fn decoration_literal(&self, id: Word, d: Decoration) -> Option<u32> {
        match self.decoration(id, d)?.first() {
            Some(Operand::LiteralBit32(v)) => Some(*v),
            _ => None,
        }
    }

    pub fn builtin(&self, id: Word) -> Option<BuiltIn> {
        match self.decoration(id, Decoration::BuiltIn)?.first() {
            Some(Operand::BuiltIn(b)) => Some(*b),
            _ => None,
        }
    }

    pub fn member_decoration(&self, id: Word, member: u32, d: Decoration) -> Option<&[Operand]> {
        self.member_decorations.get(&(id, member))?.iter().find(|(k, _)| *k == d).map(|(_, ops)| ops.as_slice())
    }

    pub fn member_literal(&self, id: Word, member: u32, d: Decoration) -> Option<u32> {
        match self.member_decoration(id, member, d)?.first() {
            Some(Operand::LiteralBit32(v)) => Some(*v),
            _ => None,
        }
    }

    pub fn member_builtin(&self, id: Word, member: u32) -> Option<BuiltIn> {
        match self.member_decoration(id, member, Decoration::BuiltIn)?.first() {
            Some(Operand::BuiltIn(b)) => Some(*b),
            _ => None,
        }
    }

    /// Members of struct type `id`; 0 for any other type.
    pub fn member_count(&self, id: Word) -> u32 {
        match self.types.get(&id) {
            Some(SpvType::Struct { members }) => members.len() as u32,
            _ => 0,
        }
    }

    pub fn ty(&self, id: Word) -> Result<&SpvType, ReadError> {
        self.types.get(&id).ok_or_else(|| malformed(format!("%{id} is no type")))
    }
}
