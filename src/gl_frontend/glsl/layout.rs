//! Buffer layouts of GL: the base alignment, size and strides of a type under std140
//! (uniform blocks and galvan's default block) and std430 (shader storage blocks).

use crate::sema::types::{Scalar, Type};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BlockLayout {
    Std140,
    Std430,
}

fn round_up(v: u32, a: u32) -> u32 {
    v.div_ceil(a.max(1)) * a.max(1)
}

fn scalar_size(s: Scalar) -> u32 {
    match s {
        Scalar::Double | Scalar::Int64 | Scalar::Uint64 => 8,
        _ => 4,
    }
}

/// Base alignment of `t`.
pub fn alignment(t: &Type, layout: BlockLayout) -> u32 {
    match t {
        Type::Scalar(s) => scalar_size(*s),
        Type::Vector(s, n) => scalar_size(*s) * if *n == 2 { 2 } else { 4 },
        Type::Matrix { .. } => {
            let col = t.column().expect("matrix");
            let a = alignment(&col, layout);
            if layout == BlockLayout::Std140 {
                round_up(a, 16)
            } else {
                a
            }
        }
        Type::Array(e, _) => {
            let a = alignment(e, layout);
            if layout == BlockLayout::Std140 {
                round_up(a, 16)
            } else {
                a
            }
        }
        Type::Struct(s) | Type::Block(s) => {
            let a = s.members.iter().map(|(_, m)| alignment(m, layout)).max().unwrap_or(4);
            if layout == BlockLayout::Std140 {
                round_up(a, 16)
            } else {
                a
            }
        }
        _ => 4,
    }
}

/// Distance between consecutive array elements of element type `e`.
pub fn array_stride(e: &Type, layout: BlockLayout) -> u32 {
    round_up(size(e, layout), alignment(&Type::Array(Box::new(e.clone()), Some(1)), layout))
}

/// Distance between the columns of a column-major matrix.
pub fn matrix_stride(t: &Type, layout: BlockLayout) -> u32 {
    match t {
        Type::Matrix { .. } => alignment(t, layout),
        Type::Array(e, _) => matrix_stride(e, layout),
        _ => 0,
    }
}

/// Bytes `t` occupies (without trailing padding for scalars and vectors).
pub fn size(t: &Type, layout: BlockLayout) -> u32 {
    match t {
        Type::Scalar(s) => scalar_size(*s),
        Type::Vector(s, n) => scalar_size(*s) * *n as u32,
        Type::Matrix { cols, .. } => matrix_stride(t, layout) * *cols as u32,
        Type::Array(e, n) => array_stride(e, layout) * n.unwrap_or(1),
        Type::Struct(s) | Type::Block(s) => {
            let mut off = 0;
            for (_, m) in &s.members {
                off = round_up(off, alignment(m, layout)) + size(m, layout);
            }
            round_up(off, alignment(t, layout))
        }
        _ => 0,
    }
}
