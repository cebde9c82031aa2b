//! Vulkan has no loose uniforms: GL's default-block uniforms become members of one UBO
//! (conventions: set 0, binding 0), at the offsets the linker chose. Samplers and images
//! declared with the uniform mode move to the image mode.

use std::collections::HashMap;

use crate::builder::Builder;
use crate::instr::{DerefKind, InstrKind};
use crate::shader::Shader;
use crate::types::{StructMember, Type};
use crate::validate::debug_validate;
use crate::variable::{Variable, VariableMode};

/// Packs every default-block uniform into a UBO at `set`/`binding`; `offset_of` gives a
/// uniform's byte offset in the block (`None`: std140 placement after the previous one).
/// Returns whether the shader had any.
pub fn lower_uniforms_to_ubo(
    shader: &mut Shader,
    set: u32,
    binding: u32,
    offset_of: impl Fn(&Variable) -> Option<u32>,
) -> bool {
    let mut progress = false;
    let mut members = Vec::new();
    let mut member_of = HashMap::new();
    let handles: Vec<_> = shader.variables.handles().collect();
    for h in handles {
        let var = &shader.variables[h];
        if var.mode != VariableMode::Uniform {
            continue;
        }
        if shader.types[var.ty].is_opaque() || is_opaque_array(shader, var.ty) {
            super::set_variable_mode(shader, h, VariableMode::Image);
            progress = true;
            continue;
        }
        member_of.insert(h, members.len() as u32);
        members.push(StructMember {
            name: var.name.clone(),
            ty: var.ty,
            offset: offset_of(var),
            matrix_stride: None,
            row_major: false,
        });
    }
    if members.is_empty() {
        if progress {
            debug_validate(shader, "lower_uniforms_to_ubo");
        }
        return progress;
    }
    let block_ty = shader.add_type(Type::Struct {
        name: "gl_DefaultUniformBlock".into(),
        members,
    });
    let ubo = shader.add_variable(
        Variable::new("gl_DefaultUniformBlock", block_ty, VariableMode::Ubo)
            .with_binding(set, binding),
    );
    let funcs: Vec<_> = shader.functions.handles().collect();
    for func in funcs {
        // (block, index, deref, member) of every deref of a lowered uniform.
        let mut sites = Vec::new();
        let f = &shader.functions[func];
        for b in f.blocks_in_order() {
            for (i, &v) in f.blocks[b].instrs.iter().enumerate() {
                if let InstrKind::Deref(d) = &f.instrs[v].kind {
                    if let DerefKind::Var(var) = d.kind {
                        if let Some(&m) = member_of.get(&var) {
                            sites.push((b, i, v, m));
                        }
                    }
                }
            }
        }
        for &(block, index, deref, member) in sites.iter().rev() {
            let parent = Builder::at(shader, func, block, index).deref_var(ubo);
            if let InstrKind::Deref(d) = &mut shader.functions[func].instrs[deref].kind {
                d.kind = DerefKind::Struct { parent, member };
            }
        }
    }
    super::set_variable_mode(shader, ubo, VariableMode::Ubo);
    let lowered: Vec<String> = member_of
        .keys()
        .map(|h| shader.variables[*h].name.clone())
        .collect();
    shader
        .remove_unused_variables(|v| v.mode == VariableMode::Uniform && lowered.contains(&v.name));
    debug_validate(shader, "lower_uniforms_to_ubo");
    true
}

fn is_opaque_array(shader: &Shader, ty: crate::arena::Handle<Type>) -> bool {
    match &shader.types[ty] {
        Type::Array { element, .. } => {
            shader.types[*element].is_opaque() || is_opaque_array(shader, *element)
        }
        _ => false,
    }
}
