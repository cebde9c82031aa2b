//! Input and output block members with locations of their own (ARB_enhanced_layouts):
//! a member without one follows the member before it, so two may land on one location,
//! which GLSL 4.40 section 4.4.1 makes a link error.

use crate::ast::Storage;
use crate::compile::CompiledShader;
use crate::diagnostics::Diagnostics;
use crate::link::explicit_int;
use crate::sema::types::Type;
use crate::sema::GlobalVar;

/// The block type under any array dimensions of `t`.
fn block_of(t: &Type) -> Option<&std::sync::Arc<crate::sema::types::StructType>> {
    match t {
        Type::Array(e, _) => block_of(e),
        Type::Block(st) | Type::Struct(st) => Some(st),
        _ => None,
    }
}

/// Link errors for every input and output block of `shader` whose members' locations
/// overlap.
pub fn check_block_member_locations(shader: &CompiledShader, globals: &[GlobalVar], diags: &mut Diagnostics) {
    let mut seen: Vec<(&str, Storage)> = Vec::new();
    for g in globals.iter().filter(|g| matches!(g.storage, Storage::In | Storage::Out)) {
        let Some(block) = g.block.as_deref() else { continue };
        if seen.contains(&(block, g.storage)) {
            continue;
        }
        seen.push((block, g.storage));
        let ty = if g.name != block && block_of(&g.ty).is_some() { g.ty.clone() } else { crate::sema::unnamed_block_type(block, g.storage, globals) };
        let Some(st) = block_of(&ty) else { continue };
        if st.member_layouts.iter().all(|l| l.location.is_none()) {
            continue;
        }
        let mut next = explicit_int(&g.qual, "location").unwrap_or(0).max(0) as u32;
        let mut taken: Vec<(u32, u32, &str)> = Vec::new();
        for (i, (name, mt)) in st.members.iter().enumerate() {
            let start = st.member_layout(i).and_then(|l| l.location).unwrap_or(next);
            let end = start + crate::link::slots(mt).max(1);
            if let Some((_, _, other)) = taken.iter().find(|(a, b, _)| start < *b && *a < end) {
                diags.error(g.loc, format!("{} shader block `{block}': member `{name}' takes a location of `{other}'", shader.stage.name()));
                break;
            }
            taken.push((start, end, name));
            next = end;
        }
    }
}
