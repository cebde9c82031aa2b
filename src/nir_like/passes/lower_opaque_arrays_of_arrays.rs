//! Arrays of arrays of samplers and images (ARB_arrays_of_arrays) become one flat array:
//! descriptor arrays have one dimension. `tex[i][j]` becomes `tex[i * n + j]`.

use std::collections::HashMap;

use crate::arena::Handle;
use crate::builder::Builder;
use crate::instr::{DerefKind, InstrKind, Value};
use crate::shader::Shader;
use crate::types::{BaseType, Type};
use crate::validate::debug_validate;
use crate::variable::{Variable, VariableMode};

pub fn lower_opaque_arrays_of_arrays(shader: &mut Shader) -> bool {
    // Variables to flatten, with their dimensions (outermost first).
    let mut flat: HashMap<Handle<Variable>, Vec<u32>> = HashMap::new();
    for (h, var) in shader.variables.iter() {
        if var.mode != VariableMode::Image {
            continue;
        }
        let mut dims = Vec::new();
        let mut ty = var.ty;
        while let Type::Array {
            element,
            length: Some(n),
            ..
        } = &shader.types[ty]
        {
            dims.push(*n);
            ty = *element;
        }
        if dims.len() > 1 && shader.types[ty].is_opaque() {
            flat.insert(h, dims);
        }
    }
    if flat.is_empty() {
        return false;
    }
    for (&var, dims) in &flat {
        let mut leaf = shader.variables[var].ty;
        while let Type::Array { element, .. } = &shader.types[leaf] {
            leaf = *element;
        }
        let total = dims.iter().product();
        let new_ty = shader.add_type(Type::Array {
            element: leaf,
            length: Some(total),
            stride: None,
        });
        shader.variables[var].ty = new_ty;
        // The variable derefs take the new type.
        for (_, f) in shader.functions.iter_mut() {
            for (_, i) in f.instrs.iter_mut() {
                if let InstrKind::Deref(d) = &mut i.kind {
                    if d.kind == DerefKind::Var(var) {
                        d.ty = new_ty;
                    }
                }
            }
        }
    }
    // Rewrite each full-depth chain var[i0][i1]...[ik] into var[linear].
    let funcs: Vec<_> = shader.functions.handles().collect();
    for func in funcs {
        let sites = {
            let f = &shader.functions[func];
            let mut sites = Vec::new();
            for b in f.blocks_in_order() {
                for (index, &v) in f.blocks[b].instrs.iter().enumerate() {
                    if let Some((root, indices, var)) = chain(shader, f, v) {
                        if flat.get(&var).map(|d| d.len()) == Some(indices.len()) {
                            sites.push((b, index, v, root, indices, var));
                        }
                    }
                }
            }
            sites
        };
        for (block, index, deref, root, indices, var) in sites.into_iter().rev() {
            let dims = flat[&var].clone();
            let mut b = Builder::at(shader, func, block, index);
            let mut linear: Option<Value> = None;
            for (k, &i) in indices.iter().enumerate() {
                let i = b.convert(i, BaseType::Uint, 32);
                linear = Some(match linear {
                    None => i,
                    Some(acc) => {
                        let n = b.imm_u32(dims[k]);
                        let scaled = b.imul(acc, n);
                        b.iadd(scaled, i)
                    }
                });
            }
            let linear = linear.expect("at least two indices");
            if let InstrKind::Deref(d) = &mut shader.functions[func].instrs[deref].kind {
                d.kind = DerefKind::Array {
                    parent: root,
                    index: linear,
                };
            }
        }
    }
    super::opt_dce(shader);
    debug_validate(shader, "lower_opaque_arrays_of_arrays");
    true
}

/// For an opaque-typed array deref: the root variable deref, the indices outermost first,
/// and the variable.
fn chain(
    shader: &Shader,
    f: &crate::function::Function,
    v: Value,
) -> Option<(Value, Vec<Value>, Handle<Variable>)> {
    let InstrKind::Deref(d) = &f.instrs[v].kind else {
        return None;
    };
    if !shader.types[d.ty].is_opaque() || !matches!(d.kind, DerefKind::Array { .. }) {
        return None;
    }
    let mut indices = Vec::new();
    let mut cur = v;
    loop {
        match &f.instrs[cur].kind {
            InstrKind::Deref(d) => match d.kind {
                DerefKind::Array { parent, index } => {
                    indices.push(index);
                    cur = parent;
                }
                DerefKind::Var(var) => {
                    indices.reverse();
                    return Some((cur, indices, var));
                }
                _ => return None,
            },
            _ => return None,
        }
    }
}
