//! Buffer layouts of GL: the base alignment, size and strides of a type under std140
//! (uniform blocks and galvan's default block) and std430 (shader storage blocks).
//!
//! Every function takes the matrix order the type is stored in (`row_major`): a block
//! member's own or its block's, handed down into its structs and arrays. A row-major
//! `matCxR` is R vectors of C components; a column-major one C vectors of R.

use crate::sema::types::{Scalar, StructType, Type};

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

/// The vector a matrix is stored as: a column, or a row when row-major.
fn stored_vector(t: &Type, row_major: bool) -> Option<Type> {
    match t {
        Type::Matrix { cols, double, .. } if row_major => Some(Type::Vector(if *double { Scalar::Double } else { Scalar::Float }, *cols)),
        Type::Matrix { .. } => t.column(),
        _ => None,
    }
}

/// Base alignment of `t` stored column-major.
pub fn alignment(t: &Type, layout: BlockLayout) -> u32 {
    alignment_in(t, layout, false)
}

/// Base alignment of `t` whose matrices are stored in the order `row_major` says.
pub fn alignment_in(t: &Type, layout: BlockLayout, row_major: bool) -> u32 {
    let std140_round = |a: u32| if layout == BlockLayout::Std140 { round_up(a, 16) } else { a };
    match t {
        Type::Scalar(s) => scalar_size(*s),
        Type::Vector(s, n) => scalar_size(*s) * if *n == 2 { 2 } else { 4 },
        Type::Matrix { .. } => std140_round(alignment_in(&stored_vector(t, row_major).expect("matrix"), layout, false)),
        Type::Array(e, _) => std140_round(alignment_in(e, layout, row_major)),
        Type::Struct(s) | Type::Block(s) => {
            let a = (0..s.members.len())
                .map(|i| {
                    let rm = member_row_major(s, i, row_major);
                    alignment_in(&s.members[i].1, layout, rm).max(s.member_layout(i).and_then(|l| l.align).unwrap_or(1))
                })
                .max()
                .unwrap_or(4);
            std140_round(a)
        }
        _ => 4,
    }
}

/// The matrix order of member `i` of `s` inside something stored as `row_major` says.
pub fn member_row_major(s: &StructType, i: usize, row_major: bool) -> bool {
    s.member_layout(i).map_or(row_major, |l| l.row_major)
}

/// Distance between consecutive array elements of element type `e`, stored column-major.
pub fn array_stride(e: &Type, layout: BlockLayout) -> u32 {
    array_stride_in(e, layout, false)
}

/// Distance between consecutive array elements of element type `e`.
pub fn array_stride_in(e: &Type, layout: BlockLayout, row_major: bool) -> u32 {
    let array_align = alignment_in(&Type::Array(Box::new(e.clone()), Some(1)), layout, row_major);
    round_up(size_in(e, layout, row_major), array_align)
}

/// Distance between the columns of a column-major matrix.
pub fn matrix_stride(t: &Type, layout: BlockLayout) -> u32 {
    matrix_stride_in(t, layout, false)
}

/// Distance between the columns of a matrix (or of an array's matrices), or between its
/// rows when row-major; 0 for other types.
pub fn matrix_stride_in(t: &Type, layout: BlockLayout, row_major: bool) -> u32 {
    match t {
        Type::Matrix { .. } => alignment_in(t, layout, row_major),
        Type::Array(e, _) => matrix_stride_in(e, layout, row_major),
        _ => 0,
    }
}

/// Bytes `t` occupies stored column-major.
pub fn size(t: &Type, layout: BlockLayout) -> u32 {
    size_in(t, layout, false)
}

/// Bytes `t` occupies (without trailing padding for scalars and vectors).
pub fn size_in(t: &Type, layout: BlockLayout, row_major: bool) -> u32 {
    match t {
        Type::Scalar(s) => scalar_size(*s),
        Type::Vector(s, n) => scalar_size(*s) * *n as u32,
        Type::Matrix { cols, rows, .. } => matrix_stride_in(t, layout, row_major) * if row_major { *rows } else { *cols } as u32,
        Type::Array(e, n) => array_stride_in(e, layout, row_major) * n.unwrap_or(1),
        Type::Struct(s) | Type::Block(s) => {
            let offsets = member_offsets(s, layout, row_major);
            let end = offsets.iter().enumerate().map(|(i, o)| o + size_in(&s.members[i].1, layout, member_row_major(s, i, row_major))).max().unwrap_or(0);
            round_up(end, alignment_in(t, layout, row_major))
        }
        _ => 0,
    }
}

/// The byte offset of every member of `s`: after the previous member at the member's
/// alignment, raised to its `align`, or where its `offset` puts it.
pub fn member_offsets(s: &StructType, layout: BlockLayout, row_major: bool) -> Vec<u32> {
    let mut next = 0;
    let mut out = Vec::with_capacity(s.members.len());
    for (i, (_, mt)) in s.members.iter().enumerate() {
        let rm = member_row_major(s, i, row_major);
        let explicit = s.member_layout(i).copied().unwrap_or_default();
        let align = explicit.align.unwrap_or(1);
        let at = match explicit.offset {
            Some(o) => round_up(o, align),
            None => round_up(round_up(next, alignment_in(mt, layout, rm)), align),
        };
        out.push(at);
        next = at + size_in(mt, layout, rm);
    }
    out
}
