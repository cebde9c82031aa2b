//! std140 and std430 block layout: sizes, alignments, array and matrix strides and member
//! offsets. The backends use it where a type carries no explicit offsets or strides, and
//! the GL side can use it to answer offset queries the same way.

use crate::arena::Handle;
use crate::shader::Shader;
use crate::types::{Type, ValueType};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Layout {
    /// Uniform blocks: arrays and structs aligned to 16 bytes.
    Std140,
    /// Storage blocks and push constants: natural alignment.
    Std430,
}

fn round_up(x: u32, align: u32) -> u32 {
    x.div_ceil(align.max(1)) * align.max(1)
}

/// (size, alignment) of a scalar or vector.
fn vector_size_align(vt: ValueType) -> (u32, u32) {
    let n = (vt.bits as u32 / 8).max(4);
    let comps = vt.components as u32;
    let align = match comps {
        1 => n,
        2 => 2 * n,
        _ => 4 * n,
    };
    (n * comps, align)
}

/// Byte size and alignment of `ty` in `layout`; `row_major` applies to matrices.
pub fn size_align(
    shader: &Shader,
    ty: Handle<Type>,
    layout: Layout,
    row_major: bool,
) -> (u32, u32) {
    match &shader.types[ty] {
        Type::Vector(vt) => vector_size_align(*vt),
        Type::Matrix {
            columns,
            rows,
            bits,
        } => {
            let (count, vec_len) = if row_major {
                (*rows, *columns)
            } else {
                (*columns, *rows)
            };
            let stride = matrix_stride(*columns, *rows, *bits, layout, row_major);
            let (_, align) = vector_size_align(ValueType::new(
                crate::types::BaseType::Float,
                *bits,
                vec_len,
            ));
            let align = if layout == Layout::Std140 {
                round_up(align, 16)
            } else {
                align
            };
            (stride * count as u32, align)
        }
        Type::Array {
            element,
            length,
            stride,
        } => {
            let (_, elem_align) = size_align(shader, *element, layout, row_major);
            let align = if layout == Layout::Std140 {
                round_up(elem_align, 16)
            } else {
                elem_align
            };
            let stride =
                stride.unwrap_or_else(|| array_stride(shader, *element, layout, row_major));
            (stride * length.unwrap_or(0), align)
        }
        Type::Struct { members, .. } => {
            let offsets = member_offsets(shader, ty, layout);
            let mut align = 1;
            let mut end = 0;
            for (m, off) in members.iter().zip(&offsets) {
                let (size, a) = size_align(shader, m.ty, layout, m.row_major);
                align = align.max(a);
                end = end.max(off + size);
            }
            if layout == Layout::Std140 {
                align = round_up(align, 16);
            }
            (round_up(end, align), align)
        }
        Type::Sampler { .. } | Type::Image { .. } => (0, 1),
    }
}

/// The stride between elements of an array of `element`.
pub fn array_stride(
    shader: &Shader,
    element: Handle<Type>,
    layout: Layout,
    row_major: bool,
) -> u32 {
    let (size, align) = size_align(shader, element, layout, row_major);
    let stride = round_up(size, align);
    if layout == Layout::Std140 {
        round_up(stride, 16)
    } else {
        stride
    }
}

/// The stride between the columns (rows when row-major) of a matrix.
pub fn matrix_stride(columns: u8, rows: u8, bits: u8, layout: Layout, row_major: bool) -> u32 {
    let vec_len = if row_major { columns } else { rows };
    let (_, align) =
        vector_size_align(ValueType::new(crate::types::BaseType::Float, bits, vec_len));
    if layout == Layout::Std140 {
        round_up(align, 16)
    } else {
        align
    }
}

/// The offset of every member of the struct `ty`: explicit ones as given, the others
/// placed after the previous member at their alignment.
pub fn member_offsets(shader: &Shader, ty: Handle<Type>, layout: Layout) -> Vec<u32> {
    let Type::Struct { members, .. } = &shader.types[ty] else {
        return Vec::new();
    };
    let mut offsets = Vec::with_capacity(members.len());
    let mut end = 0;
    for m in members {
        let (size, align) = size_align(shader, m.ty, layout, m.row_major);
        let offset = m.offset.unwrap_or_else(|| round_up(end, align));
        offsets.push(offset);
        end = offset + size;
        // std140: what follows a struct or array starts at a 16-byte boundary.
        if layout == Layout::Std140
            && matches!(shader.types[m.ty], Type::Struct { .. } | Type::Array { .. })
        {
            end = round_up(end, 16);
        }
    }
    offsets
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shader::Stage;
    use crate::types::StructMember;

    fn member(name: &str, ty: Handle<Type>) -> StructMember {
        StructMember {
            name: name.into(),
            ty,
            offset: None,
            matrix_stride: None,
            row_major: false,
        }
    }

    #[test]
    fn std140_and_std430_offsets_follow_the_gl_rules() {
        let mut s = Shader::new(Stage::Vertex);
        let f = s.add_type(Type::Vector(ValueType::F32));
        let v3 = s.add_type(Type::Vector(ValueType::VEC3));
        let v2 = s.add_type(Type::Vector(ValueType::VEC2));
        let farr = s.add_type(Type::Array {
            element: f,
            length: Some(3),
            stride: None,
        });
        let m3 = s.add_type(Type::Matrix {
            columns: 3,
            rows: 3,
            bits: 32,
        });
        let st = s.add_type(Type::Struct {
            name: "S".into(),
            members: vec![
                member("a", f),
                member("b", v3),
                member("c", farr),
                member("d", v2),
                member("e", m3),
                member("f", f),
            ],
        });
        // std140: a 0, b 16 (vec3 aligned 16), c 32 (array stride 16, 48 bytes), d 80, e 96
        // (3 columns of 16), f 144.
        assert_eq!(
            member_offsets(&s, st, Layout::Std140),
            vec![0, 16, 32, 80, 96, 144]
        );
        // std430: a 0, b 16, c 28 (stride 4), d 40, e 48 (column stride 16), f 96.
        assert_eq!(
            member_offsets(&s, st, Layout::Std430),
            vec![0, 16, 28, 40, 48, 96]
        );
        assert_eq!(array_stride(&s, f, Layout::Std140, false), 16);
        assert_eq!(array_stride(&s, f, Layout::Std430, false), 4);
        assert_eq!(size_align(&s, st, Layout::Std140, false), (160, 16));
    }

    #[test]
    fn explicit_offsets_win() {
        let mut s = Shader::new(Stage::Vertex);
        let f = s.add_type(Type::Vector(ValueType::F32));
        let mut b = member("b", f);
        b.offset = Some(64);
        let st = s.add_type(Type::Struct {
            name: "S".into(),
            members: vec![member("a", f), b, member("c", f)],
        });
        assert_eq!(member_offsets(&s, st, Layout::Std430), vec![0, 64, 68]);
    }
}
