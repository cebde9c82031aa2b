//! GL_CLAMP, the legacy wrap mode Vulkan lacks: the coordinate is clamped to [0, 1], and a
//! linear filter at the edge then blends the edge texels with the border colour. The
//! sampler carries CLAMP_TO_BORDER; this pass clamps the coordinates of the samplers the
//! caller names before each filtered sampling op.

use crate::builder::Builder;
use crate::instr::{InstrKind, Value};
use crate::shader::Shader;
use crate::texture::{TexOp, TexSrcKind};
use crate::types::{ImageDim, Type};
use crate::validate::debug_validate;

/// Which coordinates of a sampler binding GL_CLAMP clamps: bit 0 for s, 1 for t, 2 for r.
pub type ClampMask = u8;

/// Clamps to [0, 1] the coordinates that `clamped(binding)` names, for every filtered
/// sampling op (texelFetch and size queries are left alone, cube maps have no wrap).
/// Array layers and the comparison value are never clamped. Runs after `lower_tex_rect`,
/// whose rectangle coordinates are then normalised.
pub fn lower_tex_clamp(shader: &mut Shader, clamped: impl Fn(u32) -> ClampMask) -> bool {
    let mut sites = Vec::new();
    for (func, block, index) in super::find_instrs(shader, |f, v| {
        matches!(&f.instrs[v].kind, InstrKind::Tex(t) if matches!(t.op, TexOp::Tex | TexOp::Txb | TexOp::Txl | TexOp::Txd | TexOp::Tg4))
    }) {
        let f = &shader.functions[func];
        let tex_value = f.blocks[block].instrs[index];
        let InstrKind::Tex(tex) = &f.instrs[tex_value].kind else { continue };
        let Some(var) = super::deref_root_var(f, tex.texture) else { continue };
        let Some(binding) = shader.variables[var].binding else { continue };
        let dim_components = match &f.instrs.try_get(tex.texture).map(|i| &i.kind) {
            Some(InstrKind::Deref(d)) => match shader.types.try_get(d.ty) {
                Some(Type::Sampler { dim: ImageDim::D1, .. }) => 1,
                Some(Type::Sampler { dim: ImageDim::D2 | ImageDim::Rect, .. }) => 2,
                Some(Type::Sampler { dim: ImageDim::D3, .. }) => 3,
                _ => continue,
            },
            _ => continue,
        };
        let mask = clamped(binding) & ((1u8 << dim_components) - 1);
        if mask != 0 {
            sites.push((func, block, index, mask));
        }
    }
    for &(func, block, index, mask) in sites.iter().rev() {
        let tex_value = shader.functions[func].blocks[block].instrs[index];
        let InstrKind::Tex(tex) = shader.functions[func].instrs[tex_value].kind.clone() else { continue };
        let Some(coord) = tex.src(TexSrcKind::Coord) else { continue };
        let mut b = Builder::at(shader, func, block, index);
        let components = b.type_of(coord).components;
        let clamped_coord = if components == 1 {
            b.fsat(coord)
        } else {
            let channels: Vec<Value> = (0..components)
                .map(|i| {
                    let c = b.channel(coord, i);
                    if i < 3 && mask & (1 << i) != 0 { b.fsat(c) } else { c }
                })
                .collect();
            b.compose(&channels)
        };
        if let InstrKind::Tex(t) = &mut shader.functions[func].instrs[tex_value].kind {
            for src in t.srcs.iter_mut().filter(|s| s.kind == TexSrcKind::Coord) {
                src.value = clamped_coord;
            }
        }
    }
    if !sites.is_empty() {
        debug_validate(shader, "lower_tex_clamp");
    }
    !sites.is_empty()
}
