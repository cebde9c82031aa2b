//! Translating GLSL types to nir_like types: value types of scalars and vectors, memory
//! types with explicit std140/std430 offsets inside blocks.

use crate::layout::{self, BlockLayout};
use crate::sema::types::{Scalar, Type};
use nir_like::{BaseType, Builder, Handle, ImageDim, StructMember, ValueType};

pub fn value_type(t: &Type) -> Option<ValueType> {
    match t {
        Type::Scalar(s) => Some(scalar_vt(*s, 1)),
        Type::Vector(s, n) => Some(scalar_vt(*s, *n)),
        _ => None,
    }
}

pub fn scalar_vt(s: Scalar, n: u8) -> ValueType {
    match s {
        Scalar::Float => ValueType::float(n),
        Scalar::Double => ValueType::double(n),
        Scalar::Int => ValueType::int(n),
        Scalar::Uint => ValueType::uint(n),
        Scalar::Bool => ValueType::bool(n),
        Scalar::Int64 => ValueType::new(BaseType::Int, 64, n),
        Scalar::Uint64 => ValueType::new(BaseType::Uint, 64, n),
    }
}

pub fn base_of(s: Scalar) -> (BaseType, u8) {
    match s {
        Scalar::Float => (BaseType::Float, 32),
        Scalar::Double => (BaseType::Float, 64),
        Scalar::Int => (BaseType::Int, 32),
        Scalar::Uint => (BaseType::Uint, 32),
        Scalar::Bool => (BaseType::Bool, 1),
        Scalar::Int64 => (BaseType::Int, 64),
        Scalar::Uint64 => (BaseType::Uint, 64),
    }
}

/// The sampled kind of an opaque type name and the rest of it: `isampler2D` gives
/// (Int, "2D") for the prefix `sampler`, `uimageCube` (Uint, "Cube") for `image`.
pub fn opaque_kind<'a>(name: &'a str, prefix: &str) -> Option<(BaseType, &'a str)> {
    let after = |first: char| name.strip_prefix(first).and_then(|r| r.strip_prefix(prefix));
    if let Some(r) = after('i') {
        Some((BaseType::Int, r))
    } else if let Some(r) = after('u') {
        Some((BaseType::Uint, r))
    } else {
        name.strip_prefix(prefix).map(|r| (BaseType::Float, r))
    }
}

/// The dimensionality, arrayness and multisampling of a sampler or image name's suffix
/// ("2DArray", "2DMS", "Cube", ...).
pub fn opaque_shape(rest: &str) -> Option<(ImageDim, bool, bool)> {
    let (rest, arrayed) = match rest.strip_suffix("Array") {
        Some(r) => (r, true),
        None => (rest, false),
    };
    let (dim, multisampled) = match rest {
        "1D" => (ImageDim::D1, false),
        "2D" => (ImageDim::D2, false),
        "3D" => (ImageDim::D3, false),
        "Cube" => (ImageDim::Cube, false),
        "2DRect" => (ImageDim::Rect, false),
        "Buffer" => (ImageDim::Buffer, false),
        "2DMS" => (ImageDim::D2, true),
        _ => return None,
    };
    Some((dim, arrayed, multisampled))
}

/// The sampler description of a GLSL sampler type name.
pub fn sampler_type(name: &str) -> Option<nir_like::Type> {
    let (sampled, rest) = opaque_kind(name, "sampler")?;
    let (rest, shadow) = match rest.strip_suffix("Shadow") {
        Some(r) => (r, true),
        None => (rest, false),
    };
    let (dim, arrayed, multisampled) = opaque_shape(rest)?;
    Some(nir_like::Type::Sampler { dim, arrayed, shadow, multisampled, sampled })
}

/// The nir_like memory type of `t`; `layout` gives blocks their explicit offsets.
pub fn nir_type(b: &mut Builder, t: &Type, layout_kind: Option<BlockLayout>) -> Result<Handle<nir_like::Type>, String> {
    nir_type_in(b, t, layout_kind, false)
}

/// The nir_like memory type of `t` whose matrices are stored in the order `row_major`
/// says (block members may name their own).
pub fn nir_type_in(b: &mut Builder, t: &Type, layout_kind: Option<BlockLayout>, row_major: bool) -> Result<Handle<nir_like::Type>, String> {
    Ok(match t {
        Type::Scalar(_) | Type::Vector(..) => b.value_type_handle(value_type(t).expect("scalar or vector")),
        Type::Matrix { cols, rows, double } => b.ty(nir_like::Type::Matrix { columns: *cols, rows: *rows, bits: if *double { 64 } else { 32 } }),
        Type::Array(e, n) => {
            let elem = nir_type_in(b, e, layout_kind, row_major)?;
            let stride = layout_kind.map(|l| layout::array_stride_in(e, l, row_major));
            b.array_type(elem, *n, stride)
        }
        Type::Struct(st) | Type::Block(st) => {
            let offsets = layout_kind.map(|l| layout::member_offsets(st, l, row_major));
            let mut members = Vec::new();
            for (i, (name, mt)) in st.members.iter().enumerate() {
                let rm = layout::member_row_major(st, i, row_major);
                let ty = nir_type_in(b, mt, layout_kind, rm)?;
                let matrix_stride = layout_kind.map(|l| layout::matrix_stride_in(mt, l, rm)).filter(|s| *s > 0);
                // Only matrices (and arrays of them) have an order; a struct's members carry their own.
                let row_major = rm && matrix_stride.is_some();
                members.push(StructMember { name: name.clone(), ty, offset: offsets.as_ref().map(|o| o[i]), matrix_stride, row_major });
            }
            b.ty(nir_like::Type::Struct { name: st.name.clone(), members })
        }
        Type::Opaque(name) => match sampler_type(name) {
            Some(s) => b.ty(s),
            None => return Err(format!("IR generation does not handle `{}' yet", name)),
        },
        Type::Void | Type::Error => return Err("IR generation met an untyped value".into()),
    })
}
