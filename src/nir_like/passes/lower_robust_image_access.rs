//! Robust image access without the device's help (robustImageAccess2): texelFetch with an
//! out-of-range level or texel, and imageLoad outside the image, read zero, as
//! KHR_robustness asks. The fetch itself is moved in bounds (level and texel clamped), so
//! the device never sees a bad address, and its result is replaced by zero when the
//! original coordinates were outside.

use crate::builder::Builder;
use crate::instr::{InstrKind, Value};
use crate::intrinsic::IntrinsicOp;
use crate::shader::Shader;
use crate::texture::{TexOp, TexSrcKind};
use crate::types::{BaseType, ImageDim, Type, ValueType};
use crate::validate::debug_validate;

/// What a robust fetch reads from.
#[derive(Clone, Copy)]
struct Shape {
    /// Components of the coordinate (layer included).
    components: u8,
    /// Whether the resource has levels to choose from (texelFetch on a mipmapped sampler).
    levels: bool,
}

fn shape_of(ty: &Type) -> Option<Shape> {
    match *ty {
        Type::Sampler { dim, arrayed, multisampled, .. } => Some(Shape {
            components: dim.coord_components() + arrayed as u8,
            levels: !multisampled && !matches!(dim, ImageDim::Buffer | ImageDim::Rect),
        }),
        Type::Image { dim, arrayed, .. } => Some(Shape { components: dim.coord_components() + arrayed as u8, levels: false }),
        _ => None,
    }
}

pub fn lower_robust_image_access(shader: &mut Shader) -> bool {
    let types = &shader.types;
    let resource_shape = |f: &crate::function::Function, deref: Value| match f.instrs.try_get(deref).map(|i| &i.kind) {
        Some(InstrKind::Deref(d)) => types.try_get(d.ty).and_then(shape_of),
        _ => None,
    };
    let sites = super::find_instrs(shader, |f, v| match &f.instrs[v].kind {
        InstrKind::Tex(t) => matches!(t.op, TexOp::Txf | TexOp::TxfMs) && resource_shape(f, t.texture).is_some(),
        InstrKind::Intrinsic(i) => i.op == IntrinsicOp::ImageLoad && resource_shape(f, i.srcs[0]).is_some(),
        _ => false,
    });
    let shapes: Vec<Shape> = sites
        .iter()
        .map(|&(func, block, index)| {
            let f = &shader.functions[func];
            let v = f.blocks[block].instrs[index];
            let deref = match &f.instrs[v].kind {
                InstrKind::Tex(t) => t.texture,
                InstrKind::Intrinsic(i) => i.srcs[0],
                _ => unreachable!("found as a fetch"),
            };
            resource_shape(f, deref).expect("found with a shape")
        })
        .collect();
    for (&(func, block, index), shape) in sites.iter().zip(shapes).rev() {
        let fetch = shader.functions[func].blocks[block].instrs[index];
        let kind = shader.functions[func].instrs[fetch].kind.clone();
        let result_ty = shader.functions[func].value_type(fetch).unwrap_or(ValueType::VEC4);
        let mut b = Builder::at(shader, func, block, index);
        let n = shape.components;
        let (replacement, in_bounds) = match kind {
            InstrKind::Tex(mut tex) => {
                let mut coord = tex.src(TexSrcKind::Coord).expect("texelFetch has coordinates");
                if let Some(offset) = tex.src(TexSrcKind::Offset) {
                    coord = b.iadd(coord, offset);
                }
                let coord_u = b.bitcast(coord, ValueType::uint(n));
                let (lod, lod_ok) = if shape.levels {
                    let lod = tex.src(TexSrcKind::Lod).unwrap_or_else(|| b.imm_i32(0));
                    let lod_u = b.bitcast(lod, ValueType::U32);
                    let levels = b.tex(TexOp::QueryLevels, tex.texture, &[], ValueType::I32);
                    let levels_u = b.bitcast(levels, ValueType::U32);
                    let lod_ok = b.ult(lod_u, levels_u);
                    // An incomplete texture has no levels: clamping to 0 keeps the fetch legal.
                    let one = b.imm_u32(1);
                    let last = b.umax(levels_u, one);
                    let last = b.isub(last, one);
                    let clamped = b.umin(lod_u, last);
                    (Some(b.bitcast(clamped, ValueType::I32)), Some(lod_ok))
                } else {
                    (None, None)
                };
                let size_srcs: Vec<(TexSrcKind, Value)> = lod.map(|l| (TexSrcKind::Lod, l)).into_iter().collect();
                let size = b.tex(TexOp::Txs, tex.texture, &size_srcs, ValueType::int(n));
                let (clamped, coord_ok) = clamp_coord(&mut b, coord_u, size, n);
                let in_bounds = match lod_ok {
                    Some(l) => b.band(l, coord_ok),
                    None => coord_ok,
                };
                tex.srcs.retain(|s| !matches!(s.kind, TexSrcKind::Offset));
                for src in &mut tex.srcs {
                    match src.kind {
                        TexSrcKind::Coord => src.value = clamped,
                        TexSrcKind::Lod => src.value = lod.unwrap_or(src.value),
                        _ => {}
                    }
                }
                (b.instr(InstrKind::Tex(tex), Some(result_ty)), in_bounds)
            }
            InstrKind::Intrinsic(mut load) => {
                let zero = b.imm_i32(0);
                let size = b.intrinsic(IntrinsicOp::ImageSize, &[load.srcs[0], zero], Some(ValueType::int(n)));
                let coord_u = b.bitcast(load.srcs[1], ValueType::uint(n));
                let (clamped, in_bounds) = clamp_coord(&mut b, coord_u, size, n);
                load.srcs[1] = clamped;
                (b.instr(InstrKind::Intrinsic(load), Some(result_ty)), in_bounds)
            }
            _ => continue,
        };
        let zero = b.imm_splat(result_ty, 0.0);
        let value = b.select(in_bounds, replacement, zero);
        // The original fetch becomes a copy of the guarded one: its uses need no change.
        shader.functions[func].instrs[fetch].kind = InstrKind::Swizzle { src: value, components: (0..result_ty.components).collect() };
    }
    if !sites.is_empty() {
        debug_validate(shader, "lower_robust_image_access");
    }
    !sites.is_empty()
}

/// The coordinate (as unsigned, so negative ones are huge) clamped to the last texel of
/// `size`, and whether it was inside. Returns signed coordinates for the fetch.
fn clamp_coord(b: &mut Builder, coord_u: Value, size: Value, n: u8) -> (Value, Value) {
    let size_u = b.bitcast(size, ValueType::uint(n));
    let inside = b.ult(coord_u, size_u);
    let inside = if n > 1 { b.ball(inside) } else { inside };
    let one = b.imm_splat(ValueType::uint(n), 1.0);
    let nonempty = b.umax(size_u, one);
    let last = b.isub(nonempty, one);
    let clamped = b.umin(coord_u, last);
    (b.bitcast(clamped, ValueType::new(BaseType::Int, 32, n)), inside)
}
