//! Compile-time constant values: what `const` variables hold, what array sizes and
//! layout qualifiers must be.

use super::types::{Scalar, Type};

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Lit {
    B(bool),
    I(i64),
    U(u64),
    F(f64),
}

impl Lit {
    pub fn as_f64(self) -> f64 {
        match self {
            Lit::B(b) => b as i64 as f64,
            Lit::I(i) => i as f64,
            Lit::U(u) => u as f64,
            Lit::F(f) => f,
        }
    }

    pub fn as_i64(self) -> i64 {
        match self {
            Lit::B(b) => b as i64,
            Lit::I(i) => i,
            Lit::U(u) => u as i64,
            Lit::F(f) => f as i64,
        }
    }

    pub fn as_bool(self) -> bool {
        match self {
            Lit::B(b) => b,
            Lit::I(i) => i != 0,
            Lit::U(u) => u != 0,
            Lit::F(f) => f != 0.0,
        }
    }

    /// The value converted to the representation of `s`.
    pub fn convert(self, s: Scalar) -> Lit {
        match s {
            Scalar::Bool => Lit::B(self.as_bool()),
            Scalar::Int => Lit::I(self.as_i64() as i32 as i64),
            Scalar::Int64 => Lit::I(self.as_i64()),
            Scalar::Uint => Lit::U(match self {
                Lit::F(f) => f as i64 as u32 as u64,
                _ => self.as_i64() as u32 as u64,
            }),
            Scalar::Uint64 => Lit::U(self.as_i64() as u64),
            Scalar::Float => Lit::F(self.as_f64() as f32 as f64),
            Scalar::Double => Lit::F(self.as_f64()),
        }
    }
}

/// A constant: its components in column-major order (struct and array members
/// flattened).
#[derive(Clone, Debug, PartialEq)]
pub struct ConstValue {
    pub ty: Type,
    pub comps: Vec<Lit>,
}

impl ConstValue {
    pub fn scalar(ty: Type, v: Lit) -> ConstValue {
        ConstValue { ty, comps: vec![v] }
    }

    /// The value of an integer scalar constant.
    pub fn as_int(&self) -> Option<i64> {
        match (&self.ty, self.comps.first()) {
            (Type::Scalar(s), Some(v)) if s.is_integer() => Some(v.as_i64()),
            _ => None,
        }
    }
}
