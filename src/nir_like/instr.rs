//! Instructions. An SSA value is the handle of the instruction that defines it; each
//! instruction defines at most one value, whose type is `Instr::ty`.

use crate::alu_op::AluOp;
use crate::arena::Handle;
use crate::control_flow::Block;
use crate::function::Function;
use crate::intrinsic::Intrinsic;
use crate::texture::Tex;
use crate::types::{BaseType, Type, ValueType};
use crate::variable::{Local, Variable, VariableMode};

/// An SSA value: the instruction that defines it.
pub type Value = Handle<Instr>;

/// One instruction and the type of the value it defines.
#[derive(Clone, Debug, PartialEq)]
pub struct Instr {
    pub kind: InstrKind,
    /// The type of the defined value; `None` for derefs (see [`Deref`]) and for
    /// instructions that define nothing (stores, jumps, void calls).
    pub ty: Option<ValueType>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum InstrKind {
    Alu {
        op: AluOp,
        srcs: Vec<Value>,
    },
    /// Concatenates the components of scalars and vectors (GLSL's vecN constructors).
    Compose(Vec<Value>),
    /// Picks components by index (swizzles, single-component extraction).
    Swizzle {
        src: Value,
        components: Vec<u8>,
    },
    Const(ConstValue),
    Undef,
    Deref(Deref),
    Intrinsic(Intrinsic),
    Tex(Tex),
    /// Sits at the start of a block; one source per predecessor block.
    Phi(Vec<PhiSrc>),
    Jump(Jump),
    Call {
        function: Handle<Function>,
        args: Vec<Value>,
    },
}

/// A phi source: the value flowing in from `pred`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PhiSrc {
    pub pred: Handle<Block>,
    pub value: Value,
}

/// Structured jumps; a jump ends its block.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Jump {
    /// Leaves the innermost loop.
    Break,
    /// Goes to the innermost loop's continue construct.
    Continue,
    /// Leaves the function, with a value for non-void functions.
    Return(Option<Value>),
    /// Ends the invocation (GLSL's discard in its terminate meaning, or an abort).
    Halt,
}

/// A pointer-like value naming storage: a variable, an element or member of one.
#[derive(Clone, Debug, PartialEq)]
pub struct Deref {
    pub kind: DerefKind,
    /// The type of the storage this deref names.
    pub ty: Handle<Type>,
    pub mode: VariableMode,
}

#[derive(Clone, Debug, PartialEq)]
pub enum DerefKind {
    Var(Handle<Variable>),
    Local(Handle<Local>),
    /// The function's parameter `index`, declared as a deref parameter.
    Param(u32),
    /// Element of an array, column of a matrix or component of a vector.
    Array {
        parent: Value,
        index: Value,
    },
    Struct {
        parent: Value,
        member: u32,
    },
    /// Reinterprets the parent as `ty` (same layout required by backends).
    Cast {
        parent: Value,
    },
}

impl DerefKind {
    /// The deref this one is derived from.
    pub fn parent(&self) -> Option<Value> {
        match self {
            DerefKind::Array { parent, .. }
            | DerefKind::Struct { parent, .. }
            | DerefKind::Cast { parent } => Some(*parent),
            _ => None,
        }
    }
}

/// A constant: one bit pattern per component, low bits significant.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ConstValue {
    pub ty: ValueType,
    pub bits: Vec<u64>,
}

impl ConstValue {
    pub fn f32s(values: &[f32]) -> Self {
        ConstValue {
            ty: ValueType::float(values.len() as u8),
            bits: values.iter().map(|v| v.to_bits() as u64).collect(),
        }
    }
    pub fn f64s(values: &[f64]) -> Self {
        ConstValue {
            ty: ValueType::double(values.len() as u8),
            bits: values.iter().map(|v| v.to_bits()).collect(),
        }
    }
    pub fn i32s(values: &[i32]) -> Self {
        ConstValue {
            ty: ValueType::int(values.len() as u8),
            bits: values.iter().map(|v| *v as u32 as u64).collect(),
        }
    }
    pub fn u32s(values: &[u32]) -> Self {
        ConstValue {
            ty: ValueType::uint(values.len() as u8),
            bits: values.iter().map(|v| *v as u64).collect(),
        }
    }
    pub fn bools(values: &[bool]) -> Self {
        ConstValue {
            ty: ValueType::bool(values.len() as u8),
            bits: values.iter().map(|v| *v as u64).collect(),
        }
    }
    /// Every component of `ty` set to the bits of `value` converted to the kind of `ty`.
    pub fn splat_f64(ty: ValueType, value: f64) -> Self {
        let one = match (ty.base, ty.bits) {
            (BaseType::Float, 64) => value.to_bits(),
            (BaseType::Float, 32) => (value as f32).to_bits() as u64,
            (BaseType::Float, 16) => f32_to_f16_bits(value as f32) as u64,
            (BaseType::Bool, _) => (value != 0.0) as u64,
            (BaseType::Int, bits) => truncate(value as i64 as u64, bits),
            (BaseType::Uint, bits) => truncate(value as u64, bits),
            (BaseType::Float, _) => value.to_bits(),
        };
        ConstValue {
            ty,
            bits: vec![one; ty.components as usize],
        }
    }
    /// Component `i` as a float (floats only; other kinds convert their integer value).
    pub fn as_f64(&self, i: usize) -> f64 {
        let b = self.bits[i];
        match (self.ty.base, self.ty.bits) {
            (BaseType::Float, 64) => f64::from_bits(b),
            (BaseType::Float, 32) => f32::from_bits(b as u32) as f64,
            (BaseType::Float, 16) => f16_bits_to_f32(b as u16) as f64,
            (BaseType::Int, bits) => sign_extend(b, bits) as f64,
            _ => b as f64,
        }
    }
    /// Component `i` sign-extended to 64 bits.
    pub fn as_i64(&self, i: usize) -> i64 {
        sign_extend(self.bits[i], self.ty.bits)
    }
}

/// Keeps the low `bits` bits.
pub fn truncate(value: u64, bits: u8) -> u64 {
    if bits >= 64 {
        value
    } else {
        value & ((1u64 << bits) - 1)
    }
}

pub fn sign_extend(value: u64, bits: u8) -> i64 {
    if bits >= 64 || bits == 0 {
        value as i64
    } else {
        let shift = 64 - bits as u32;
        ((value << shift) as i64) >> shift
    }
}

/// Converts to half precision, rounding to nearest even; keeps NaN and infinities.
pub fn f32_to_f16_bits(value: f32) -> u16 {
    let x = value.to_bits();
    let sign = ((x >> 16) & 0x8000) as u16;
    let exp = ((x >> 23) & 0xff) as i32;
    let mant = x & 0x7f_ffff;
    if exp == 0xff {
        return sign | 0x7c00 | if mant != 0 { 0x200 } else { 0 };
    }
    let e = exp - 127 + 15;
    if e >= 0x1f {
        return sign | 0x7c00;
    }
    if e <= 0 {
        if e < -10 {
            return sign;
        }
        let m = mant | 0x80_0000;
        let shift = (14 - e) as u32;
        let half = 1u32 << (shift - 1);
        let rounded = (m + half - 1 + ((m >> shift) & 1)) >> shift;
        return sign | rounded as u16;
    }
    let rounded = mant + 0xfff + ((mant >> 13) & 1);
    if rounded & 0x80_0000 != 0 {
        let e = e + 1;
        if e >= 0x1f {
            return sign | 0x7c00;
        }
        return sign | ((e as u16) << 10);
    }
    sign | ((e as u16) << 10) | (rounded >> 13) as u16
}

pub fn f16_bits_to_f32(h: u16) -> f32 {
    let sign = ((h & 0x8000) as u32) << 16;
    let exp = ((h >> 10) & 0x1f) as u32;
    let mant = (h & 0x3ff) as u32;
    let bits = if exp == 0 {
        if mant == 0 {
            sign
        } else {
            let v = mant as f32 / 1024.0 / 16384.0;
            return if sign != 0 { -v } else { v };
        }
    } else if exp == 0x1f {
        sign | 0x7f80_0000 | (mant << 13)
    } else {
        sign | ((exp + 112) << 23) | (mant << 13)
    };
    f32::from_bits(bits)
}

impl InstrKind {
    /// Every value this instruction reads, in a fixed order.
    pub fn sources(&self) -> Vec<Value> {
        let mut out = Vec::new();
        self.visit_sources(|v| out.push(v));
        out
    }

    pub fn visit_sources(&self, mut f: impl FnMut(Value)) {
        match self {
            InstrKind::Alu { srcs, .. } | InstrKind::Compose(srcs) => {
                srcs.iter().for_each(|s| f(*s))
            }
            InstrKind::Swizzle { src, .. } => f(*src),
            InstrKind::Const(_) | InstrKind::Undef => {}
            InstrKind::Deref(d) => match &d.kind {
                DerefKind::Array { parent, index } => {
                    f(*parent);
                    f(*index)
                }
                DerefKind::Struct { parent, .. } | DerefKind::Cast { parent } => f(*parent),
                DerefKind::Var(_) | DerefKind::Local(_) | DerefKind::Param(_) => {}
            },
            InstrKind::Intrinsic(i) => i.srcs.iter().for_each(|s| f(*s)),
            InstrKind::Tex(t) => {
                f(t.texture);
                t.srcs.iter().for_each(|s| f(s.value))
            }
            InstrKind::Phi(srcs) => srcs.iter().for_each(|s| f(s.value)),
            InstrKind::Jump(Jump::Return(Some(v))) => f(*v),
            InstrKind::Jump(_) => {}
            InstrKind::Call { args, .. } => args.iter().for_each(|s| f(*s)),
        }
    }

    /// Applies `f` to every source in place (for rewriting uses).
    pub fn map_sources(&mut self, mut f: impl FnMut(Value) -> Value) {
        match self {
            InstrKind::Alu { srcs, .. } | InstrKind::Compose(srcs) => {
                srcs.iter_mut().for_each(|s| *s = f(*s))
            }
            InstrKind::Swizzle { src, .. } => *src = f(*src),
            InstrKind::Const(_) | InstrKind::Undef => {}
            InstrKind::Deref(d) => match &mut d.kind {
                DerefKind::Array { parent, index } => {
                    *parent = f(*parent);
                    *index = f(*index)
                }
                DerefKind::Struct { parent, .. } | DerefKind::Cast { parent } => {
                    *parent = f(*parent)
                }
                DerefKind::Var(_) | DerefKind::Local(_) | DerefKind::Param(_) => {}
            },
            InstrKind::Intrinsic(i) => i.srcs.iter_mut().for_each(|s| *s = f(*s)),
            InstrKind::Tex(t) => {
                t.texture = f(t.texture);
                t.srcs.iter_mut().for_each(|s| s.value = f(s.value))
            }
            InstrKind::Phi(srcs) => srcs.iter_mut().for_each(|s| s.value = f(s.value)),
            InstrKind::Jump(Jump::Return(Some(v))) => *v = f(*v),
            InstrKind::Jump(_) => {}
            InstrKind::Call { args, .. } => args.iter_mut().for_each(|s| *s = f(*s)),
        }
    }
}
