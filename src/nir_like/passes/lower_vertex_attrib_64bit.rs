//! Double-precision vertex inputs on devices without 64-bit vertex formats: each dvecN
//! input becomes 32-bit uint inputs holding its words (dvec3/dvec4 over two locations,
//! L and L+1, as a 64-bit format takes them), and every load zips the words back into
//! doubles with bitcasts. Matrix and array inputs (dmat3, dvec4[2], ...) become a private
//! global filled from their words at the start of the entry point, so every deref into
//! them, dynamic indices included, reads the doubles unchanged.

use crate::arena::Handle;
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
    let candidates: Vec<_> = shader
        .variables
        .iter()
        .filter(|(_, v)| {
            v.mode == VariableMode::ShaderIn && v.builtin.is_none() && v.location.is_some()
        })
        .map(|(h, _)| h)
        .collect();
    let mut vectors = Vec::new();
    let mut aggregates = Vec::new();
    for var in candidates {
        let ty = shader.variables[var].ty;
        match shader.types[ty] {
            Type::Vector(vt) if is_double(vt) => vectors.push((var, vt.components)),
            _ => {
                let columns = double_columns(shader, ty);
                if !columns.is_empty() {
                    aggregates.push((var, columns));
                }
            }
        }
    }
    if vectors.is_empty() && aggregates.is_empty() {
        return false;
    }
    let originals: Vec<Variable> = vectors
        .iter()
        .map(|(h, _)| shader.variables[*h].clone())
        .collect();
    for (var, components) in vectors {
        let original = shader.variables[var].clone();
        let location = original.location.unwrap_or(0);
        let parts = add_word_inputs(shader, &original, &original.name, location, components);
        let loads = super::find_instrs(shader, |f, v| match &f.instrs[v].kind {
            InstrKind::Intrinsic(i) if i.op == IntrinsicOp::LoadDeref => {
                super::deref_root_var(f, i.srcs[0]) == Some(var)
            }
            _ => false,
        });
        for &(func, block, index) in loads.iter().rev() {
            let load = shader.functions[func].blocks[block].instrs[index];
            let mut b = Builder::at(shader, func, block, index);
            let doubles = load_doubles(&mut b, &parts, components);
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
    for (var, columns) in aggregates {
        copy_in_aggregate(shader, var, &columns);
    }
    // The old derefs are dead now; drop them and the variables they named.
    super::opt_dce(shader);
    shader.remove_unused_variables(|v| originals.contains(v));
    debug_validate(shader, "lower_vertex_attrib_64bit");
    true
}

fn is_double(vt: ValueType) -> bool {
    vt.base == BaseType::Float && vt.bits == 64
}

/// One double vector inside a matrix or array input: the array/column indices that reach
/// it, and its component count.
type DoubleColumn = (Vec<u32>, u8);

/// The double vectors of a matrix, an array of double vectors or an array of double
/// matrices, in location order; empty for any other type.
fn double_columns(shader: &Shader, ty: Handle<crate::types::Type>) -> Vec<DoubleColumn> {
    match shader.types[ty].clone() {
        Type::Matrix { columns, rows, bits: 64 } => (0..columns as u32).map(|c| (vec![c], rows)).collect(),
        Type::Array { element, length: Some(n), .. } => {
            let inner: Vec<DoubleColumn> = match shader.types[element] {
                Type::Vector(vt) if is_double(vt) => vec![(Vec::new(), vt.components)],
                Type::Matrix { .. } => double_columns(shader, element),
                _ => return Vec::new(),
            };
            (0..n)
                .flat_map(|i| {
                    inner.iter().map(move |(path, comps)| {
                        let mut p = vec![i];
                        p.extend(path);
                        (p, *comps)
                    })
                })
                .collect()
        }
        _ => Vec::new(),
    }
}

/// Makes a matrix or array input a private global and fills it, before anything else the
/// entry point does, from word inputs: column k of it at its own location(s).
fn copy_in_aggregate(shader: &mut Shader, var: Handle<Variable>, columns: &[DoubleColumn]) {
    let Some(entry) = shader.entry else { return };
    let Some(first) = crate::cfg::first_block(&shader.functions[entry].body) else { return };
    let original = shader.variables[var].clone();
    let mut location = original.location.unwrap_or(0);
    let mut inputs = Vec::new();
    for (k, (path, components)) in columns.iter().enumerate() {
        let name = format!("{}_column{k}", original.name);
        inputs.push((path.clone(), *components, add_word_inputs(shader, &original, &name, location, *components)));
        location += if *components > 2 { 2 } else { 1 };
    }
    super::set_variable_mode(shader, var, VariableMode::GlobalPrivate);
    shader.variables[var].location = None;
    let mut b = Builder::at(shader, entry, first, 0);
    for (path, components, parts) in inputs {
        let doubles = load_doubles(&mut b, &parts, components);
        let value = if doubles.len() == 1 { doubles[0] } else { b.compose(&doubles) };
        let mut d = b.deref_var(var);
        for index in path {
            d = b.deref_array_imm(d, index);
        }
        b.store_deref(d, value);
    }
}

/// New uint inputs holding the words of a dvecN at `location` (and `location + 1` past
/// four words), as (variable, first word it holds).
fn add_word_inputs(shader: &mut Shader, original: &Variable, name: &str, location: u32, components: u8) -> Vec<(Handle<Variable>, u32)> {
    let words = 2 * components as u32;
    let mut parts = Vec::new();
    for (i, first) in (0..words).step_by(4).enumerate() {
        let n = (words - first).min(4) as u8;
        let ty = shader.add_type(Type::Vector(ValueType::uint(n)));
        let mut part = Variable::new(format!("{name}_words{i}"), ty, VariableMode::ShaderIn)
            .with_location(location + i as u32);
        part.interpolation = original.interpolation;
        parts.push((shader.add_variable(part), first));
    }
    parts
}

/// Loads the word inputs `parts` and zips them into `components` doubles.
fn load_doubles(b: &mut Builder, parts: &[(Handle<Variable>, u32)], components: u8) -> Vec<Value> {
    let part_values: Vec<(Value, u32)> = parts.iter().map(|&(p, first)| (b.load_var(p), first)).collect();
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
    (0..components as u32)
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
        .collect()
}
