//! Rectangle textures take texel coordinates; Vulkan samplers take normalised ones (its
//! unnormalised mode forbids mipmaps, arrays, offsets and most ops). Before each sampling
//! op on a rectangle sampler the coordinates (and gradients) are divided by the size.

use crate::builder::Builder;
use crate::instr::{InstrKind, Value};
use crate::shader::Shader;
use crate::texture::{TexOp, TexSrcKind};
use crate::types::{BaseType, ImageDim, Type, ValueType};
use crate::validate::debug_validate;

pub fn lower_tex_rect(shader: &mut Shader) -> bool {
    let sites = super::find_instrs(shader, |f, v| match &f.instrs[v].kind {
        InstrKind::Tex(t) => {
            let samples = matches!(
                t.op,
                TexOp::Tex | TexOp::Txb | TexOp::Txl | TexOp::Txd | TexOp::Tg4 | TexOp::Lod
            );
            let rect = match &f.instrs.try_get(t.texture).map(|i| &i.kind) {
                Some(InstrKind::Deref(d)) => matches!(
                    shader.types.try_get(d.ty),
                    Some(Type::Sampler {
                        dim: ImageDim::Rect,
                        ..
                    })
                ),
                _ => false,
            };
            samples && rect
        }
        _ => false,
    });
    for &(func, block, index) in sites.iter().rev() {
        let tex_value = shader.functions[func].blocks[block].instrs[index];
        let InstrKind::Tex(tex) = shader.functions[func].instrs[tex_value].kind.clone() else {
            continue;
        };
        let mut b = Builder::at(shader, func, block, index);
        let lod = b.imm_i32(0);
        let size = b.tex(
            TexOp::Txs,
            tex.texture,
            &[(TexSrcKind::Lod, lod)],
            ValueType::int(2),
        );
        let size = b.convert(size, BaseType::Float, 32);
        let scale = |b: &mut Builder, v: Value| b.fdiv(v, size);
        let mut new_srcs = tex.srcs.clone();
        for src in &mut new_srcs {
            if matches!(
                src.kind,
                TexSrcKind::Coord | TexSrcKind::Ddx | TexSrcKind::Ddy
            ) && b.type_of(src.value) == ValueType::VEC2
            {
                src.value = scale(&mut b, src.value);
            }
        }
        if let InstrKind::Tex(t) = &mut shader.functions[func].instrs[tex_value].kind {
            t.srcs = new_srcs;
        }
    }
    if !sites.is_empty() {
        debug_validate(shader, "lower_tex_rect");
    }
    !sites.is_empty()
}
