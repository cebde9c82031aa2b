//! Double-precision vertex inputs on devices without 64-bit vertex formats: each dvecN
//! input becomes 32-bit uint inputs holding its words (dvec3/dvec4 over two locations,
//! L and L+1, which GL reserves for them), and every load zips the words back into
//! doubles with bitcasts.

use crate::builder::Builder;
use crate::instr::{InstrKind, Value};
use crate::intrinsic::IntrinsicOp;
use crate::shader::{Shader, Stage};
use crate::types::{BaseType, Type, ValueType};
use crate::validate::debug_validate;
use crate::variable::{Variable, VariableMode};

pub fn lower_vertex_attrib_64bit(shader: &mut Shader) -> bool {
    if shader.stage != Stage::Vertex {
        return false;
    }
    let inputs: Vec<_> = shader
        .variables
        .iter()
        .filter(|(_, v)| {
            v.mode == VariableMode::ShaderIn && v.builtin.is_none() && v.location.is_some()
        })
        .filter_map(|(h, v)| match shader.types[v.ty] {
            Type::Vector(vt) if vt.base == BaseType::Float && vt.bits == 64 => {
                Some((h, vt.components))
            }
            _ => None,
        })
        .collect();
    if inputs.is_empty() {
        return false;
    }
    let originals: Vec<Variable> = inputs
        .iter()
        .map(|(h, _)| shader.variables[*h].clone())
        .collect();
    for (var, components) in inputs {
        let original = shader.variables[var].clone();
        let location = original.location.unwrap_or(0);
        let words = 2 * components as u32;
        // (variable, first word it holds)
        let mut parts = Vec::new();
        for (i, first) in (0..words).step_by(4).enumerate() {
            let n = (words - first).min(4) as u8;
            let ty = shader.add_type(Type::Vector(ValueType::uint(n)));
            let mut part = Variable::new(
                format!("{}_words{i}", original.name),
                ty,
                VariableMode::ShaderIn,
            )
            .with_location(location + i as u32);
            part.interpolation = original.interpolation;
            parts.push((shader.add_variable(part), first));
        }
        let loads = super::find_instrs(shader, |f, v| match &f.instrs[v].kind {
            InstrKind::Intrinsic(i) if i.op == IntrinsicOp::LoadDeref => {
                super::deref_root_var(f, i.srcs[0]) == Some(var)
            }
            _ => false,
        });
        for &(func, block, index) in loads.iter().rev() {
            let load = shader.functions[func].blocks[block].instrs[index];
            let mut b = Builder::at(shader, func, block, index);
            let part_values: Vec<(Value, u32)> = parts
                .iter()
                .map(|&(p, first)| (b.load_var(p), first))
                .collect();
            // The part holding word `w`, and the component of it.
            let word = |w: u32| -> (Value, u8) {
                let (value, first) = part_values
                    .iter()
                    .rev()
                    .find(|(_, first)| *first <= w)
                    .copied()
                    .unwrap_or(part_values[0]);
                (value, (w - first) as u8)
            };
            let doubles: Vec<Value> = (0..components as u32)
                .map(|c| {
                    let (lo_src, lo) = word(2 * c);
                    let (hi_src, hi) = word(2 * c + 1);
                    let pair = if lo_src == hi_src {
                        b.swizzle(lo_src, &[lo, hi])
                    } else {
                        let l = b.channel(lo_src, lo);
                        let h = b.channel(hi_src, hi);
                        b.compose(&[l, h])
                    };
                    b.bitcast(pair, ValueType::double(1))
                })
                .collect();
            shader.functions[func].instrs[load].kind = if doubles.len() == 1 {
                InstrKind::Swizzle {
                    src: doubles[0],
                    components: vec![0],
                }
            } else {
                InstrKind::Compose(doubles)
            };
        }
    }
    // The old derefs are dead now; drop them and the variables they named.
    super::opt_dce(shader);
    shader.remove_unused_variables(|v| originals.contains(v));
    debug_validate(shader, "lower_vertex_attrib_64bit");
    true
}
