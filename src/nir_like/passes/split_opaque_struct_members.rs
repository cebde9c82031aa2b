//! Vulkan keeps samplers and images out of structs. A uniform struct (or array of
//! structs) with sampler or image members is split: each such member becomes a variable
//! of its own (an array of them for an array of structs), and the struct keeps its other
//! members, which `lower_uniforms_to_ubo` then packs as usual.

use std::collections::HashMap;

use crate::arena::Handle;
use crate::builder::Builder;
use crate::instr::{DerefKind, InstrKind};
use crate::shader::Shader;
use crate::types::{StructMember, Type};
use crate::validate::debug_validate;
use crate::variable::{Variable, VariableMode};

/// What happens to one struct-typed variable.
struct Split {
    /// Array length when the variable is an array of structs.
    array: Option<u32>,
    /// New variable of each opaque member, by member index.
    opaque: HashMap<u32, Handle<Variable>>,
    /// New index of each remaining member.
    remaining: HashMap<u32, u32>,
    /// The variable's new type (struct without the opaque members, or an array of it).
    new_ty: Handle<Type>,
    new_struct: Handle<Type>,
}

/// Splits the sampler and image members out of uniform structs. `binding_of` gives the
/// binding for a member by its GL name without array indices (`s.tex`); arrays of structs
/// get one binding whose descriptor array runs over the elements in order.
pub fn split_opaque_struct_members(
    shader: &mut Shader,
    binding_of: impl Fn(&str) -> Option<u32>,
) -> bool {
    let mut splits: HashMap<Handle<Variable>, Split> = HashMap::new();
    let vars: Vec<_> = shader.variables.handles().collect();
    for var in vars {
        let v = shader.variables[var].clone();
        if !matches!(v.mode, VariableMode::Uniform | VariableMode::Image) {
            continue;
        }
        let (array, struct_ty) = match &shader.types[v.ty] {
            Type::Array {
                element,
                length: Some(n),
                ..
            } => (Some(*n), *element),
            _ => (None, v.ty),
        };
        let Type::Struct { name, members } = shader.types[struct_ty].clone() else {
            continue;
        };
        let is_opaque = |ty: Handle<Type>| match &shader.types[ty] {
            Type::Array { element, .. } => shader.types[*element].is_opaque(),
            t => t.is_opaque(),
        };
        let opaque_flags: Vec<bool> = members.iter().map(|m| is_opaque(m.ty)).collect();
        if !opaque_flags.contains(&true) {
            continue;
        }
        let mut opaque = HashMap::new();
        let mut remaining = HashMap::new();
        let mut kept: Vec<StructMember> = Vec::new();
        for (i, m) in members.iter().enumerate() {
            if opaque_flags[i] {
                let ty = match array {
                    Some(n) => shader.add_type(Type::Array {
                        element: m.ty,
                        length: Some(n),
                        stride: None,
                    }),
                    None => m.ty,
                };
                let full_name = format!("{}.{}", v.name, m.name);
                let mut new_var = Variable::new(full_name.clone(), ty, VariableMode::Image);
                new_var.descriptor_set = Some(v.descriptor_set.unwrap_or(0));
                new_var.binding = binding_of(&full_name).or(v.binding);
                opaque.insert(i as u32, shader.add_variable(new_var));
            } else {
                remaining.insert(i as u32, kept.len() as u32);
                kept.push(m.clone());
            }
        }
        let new_struct = shader.add_type(Type::Struct {
            name,
            members: kept,
        });
        let new_ty = match array {
            Some(n) => shader.add_type(Type::Array {
                element: new_struct,
                length: Some(n),
                stride: None,
            }),
            None => new_struct,
        };
        splits.insert(
            var,
            Split {
                array,
                opaque,
                remaining,
                new_ty,
                new_struct,
            },
        );
    }
    if splits.is_empty() {
        return false;
    }
    let funcs: Vec<_> = shader.functions.handles().collect();
    for func in funcs {
        // Struct-member derefs reaching a split variable, innermost rewrite last.
        let sites = {
            let f = &shader.functions[func];
            let mut sites = Vec::new();
            for b in f.blocks_in_order() {
                for (index, &v) in f.blocks[b].instrs.iter().enumerate() {
                    let InstrKind::Deref(d) = &f.instrs[v].kind else {
                        continue;
                    };
                    match d.kind {
                        DerefKind::Var(var) if splits.contains_key(&var) => {
                            sites.push((b, index, v, var))
                        }
                        DerefKind::Array { parent, .. } | DerefKind::Struct { parent, .. } => {
                            if let Some(var) = root_of_struct(f, parent, &splits) {
                                sites.push((b, index, v, var));
                            }
                        }
                        _ => {}
                    }
                }
            }
            sites
        };
        for &(block, index, deref, var) in sites.iter().rev() {
            let split = &splits[&var];
            let kind = match &shader.functions[func].instrs[deref].kind {
                InstrKind::Deref(d) => d.kind.clone(),
                _ => continue,
            };
            match kind {
                DerefKind::Var(_) => set_deref_ty(shader, func, deref, split.new_ty),
                DerefKind::Array { parent, .. }
                    if is_var_deref(shader, func, parent, var) && split.array.is_some() =>
                {
                    set_deref_ty(shader, func, deref, split.new_struct)
                }
                DerefKind::Struct { parent, member } => {
                    if let Some(&new_var) = split.opaque.get(&member) {
                        // s.tex -> tex var; s[i].tex -> tex var [i]
                        let array_index = match &shader.functions[func].instrs[parent].kind {
                            InstrKind::Deref(pd) => match pd.kind {
                                DerefKind::Array { index, .. } => Some(index),
                                _ => None,
                            },
                            _ => None,
                        };
                        let new_ty = shader.variables[new_var].ty;
                        let (kind, ty) = match (array_index, shader.types[new_ty].clone()) {
                            (Some(i), Type::Array { element, .. }) if split.array.is_some() => {
                                let root =
                                    Builder::at(shader, func, block, index).deref_var(new_var);
                                (
                                    DerefKind::Array {
                                        parent: root,
                                        index: i,
                                    },
                                    element,
                                )
                            }
                            _ => (DerefKind::Var(new_var), new_ty),
                        };
                        if let InstrKind::Deref(d) = &mut shader.functions[func].instrs[deref].kind
                        {
                            d.kind = kind;
                            d.ty = ty;
                            d.mode = VariableMode::Image;
                        }
                    } else if let Some(&new_member) = split.remaining.get(&member) {
                        if let InstrKind::Deref(d) = &mut shader.functions[func].instrs[deref].kind
                        {
                            d.kind = DerefKind::Struct {
                                parent,
                                member: new_member,
                            };
                        }
                    }
                }
                _ => {}
            }
        }
    }
    for (&var, split) in &splits {
        shader.variables[var].ty = split.new_ty;
        // What stays is plain data: a default-block uniform, whatever it was declared as.
        if shader.variables[var].mode == VariableMode::Image {
            super::set_variable_mode(shader, var, VariableMode::Uniform);
        }
    }
    super::opt_dce(shader);
    // Structs left with no members are gone entirely.
    let emptied: Vec<String> = splits
        .iter()
        .filter(|(_, s)| s.remaining.is_empty())
        .map(|(v, _)| shader.variables[*v].name.clone())
        .collect();
    shader.remove_unused_variables(|v| {
        emptied.contains(&v.name) && matches!(v.mode, VariableMode::Uniform | VariableMode::Image)
    });
    debug_validate(shader, "split_opaque_struct_members");
    true
}

/// The split variable a deref of a struct (the variable or one array element of it)
/// reaches, if any.
fn root_of_struct(
    f: &crate::function::Function,
    v: crate::instr::Value,
    splits: &HashMap<Handle<Variable>, Split>,
) -> Option<Handle<Variable>> {
    match &f.instrs[v].kind {
        InstrKind::Deref(d) => match d.kind {
            DerefKind::Var(var) if splits.contains_key(&var) => Some(var),
            DerefKind::Array { parent, .. } => match &f.instrs[parent].kind {
                InstrKind::Deref(pd) => match pd.kind {
                    DerefKind::Var(var)
                        if splits.contains_key(&var) && splits[&var].array.is_some() =>
                    {
                        Some(var)
                    }
                    _ => None,
                },
                _ => None,
            },
            _ => None,
        },
        _ => None,
    }
}

fn is_var_deref(
    shader: &Shader,
    func: Handle<crate::function::Function>,
    v: crate::instr::Value,
    var: Handle<Variable>,
) -> bool {
    matches!(&shader.functions[func].instrs[v].kind, InstrKind::Deref(d) if d.kind == DerefKind::Var(var))
}

fn set_deref_ty(
    shader: &mut Shader,
    func: Handle<crate::function::Function>,
    v: crate::instr::Value,
    ty: Handle<Type>,
) {
    if let InstrKind::Deref(d) = &mut shader.functions[func].instrs[v].kind {
        d.ty = ty;
    }
}
