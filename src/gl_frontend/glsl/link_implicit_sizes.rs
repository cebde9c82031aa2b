//! Implicitly sized global arrays (`float a[]; ... a[3] = 1.0;`) get their size at link
//! time: from a declaration with a size in another shader object of the same stage, else
//! from the largest constant index any object of the stage uses, plus one. The types the
//! rest of the linker and IR generation see are the sized ones.

use std::collections::HashMap;
use std::sync::Arc;

use crate::ast::Storage;
use crate::compile::CompiledShader;
use crate::options::Stage;
use crate::sema::types::Type;
use crate::sema::GlobalVar;

/// Whether an unsized global of `storage` in `stage` takes its size from the primitive,
/// the patch or the buffer instead of from its indices.
fn sized_elsewhere(stage: Stage, storage: Storage) -> bool {
    match storage {
        Storage::Buffer | Storage::Shared => true,
        Storage::In => matches!(stage, Stage::Geometry | Stage::TessControl | Stage::TessEval),
        Storage::Out => stage == Stage::TessControl,
        _ => false,
    }
}

fn with_outer_size(t: &Type, n: u32) -> Option<Type> {
    match t {
        Type::Array(e, None) => Some(Type::Array(e.clone(), Some(n))),
        _ => None,
    }
}

/// Whether `g` is a member of an input or output block declared without an instance name
/// (`out B { float f[]; };`): such members are sized like globals.
fn unnamed_interface_member(g: &GlobalVar) -> bool {
    g.block.is_some() && !g.name.starts_with("gl_") && matches!(g.storage, Storage::In | Storage::Out)
}

/// An input or output block instance (or array of them) whose implicitly sized members
/// have their sizes from `sizes` (by block and member name), else one element.
fn with_sized_members(t: &Type, sizes: &HashMap<(String, String), u32>) -> Option<Type> {
    match t {
        Type::Array(e, n) => with_sized_members(e, sizes).map(|e| Type::Array(Box::new(e), *n)),
        Type::Block(st) if st.members.iter().any(|(_, m)| matches!(m, Type::Array(_, None))) => {
            let mut st = (**st).clone();
            for (name, m) in st.members.iter_mut() {
                let n = sizes.get(&(st.name.clone(), name.clone())).copied().unwrap_or(1);
                if let Some(sized) = with_outer_size(m, n) {
                    *m = sized;
                }
            }
            Some(Type::Block(Arc::new(st)))
        }
        _ => None,
    }
}

/// Copies of `shaders` with every implicitly sized global array sized, or `None` when no
/// shader declares one.
pub fn size_implicit_arrays(shaders: &[&CompiledShader]) -> Option<Vec<CompiledShader>> {
    // Per stage: the size each implicitly sized name takes.
    let mut sizes: HashMap<(Stage, String), u32> = HashMap::new();
    // Per stage: the size each implicitly sized member of a named interface block takes.
    let mut member_sizes: HashMap<Stage, HashMap<(String, String), u32>> = HashMap::new();
    let mut named_blocks_to_size = false;
    for s in shaders {
        let Some(interface) = &s.interface else { continue };
        for ((block, member), n) in &interface.implicit_member_sizes {
            let size = member_sizes.entry(s.stage).or_default().entry((block.clone(), member.clone())).or_insert(0);
            *size = (*size).max(*n);
        }
        named_blocks_to_size |= interface.globals.iter().any(|g| matches!(g.storage, Storage::In | Storage::Out) && with_sized_members(&g.ty, &HashMap::new()).is_some());
        let unsized_globals = interface
            .globals
            .iter()
            .filter(|g| (g.block.is_none() || unnamed_interface_member(g)) && matches!(g.ty, Type::Array(_, None)) && !sized_elsewhere(s.stage, g.storage));
        let private = interface.implicit_array_sizes.keys().filter(|n| !interface.globals.iter().any(|g| g.name == **n));
        for name in unsized_globals.map(|g| &g.name).chain(private) {
            let stage_units = || shaders.iter().filter(|o| o.stage == s.stage).filter_map(|o| o.interface.as_ref());
            let declared = stage_units()
                .flat_map(|i| i.globals.iter().filter(|g| g.name == *name).map(|g| g.ty.clone()).chain(i.declared_types.iter().filter(|(k, _)| k.2 == *name).map(|(_, t)| t.clone())))
                .find_map(|t| match t {
                    Type::Array(_, Some(n)) => Some(n),
                    _ => None,
                });
            let indexed = stage_units().filter_map(|i| i.implicit_array_sizes.get(name).copied()).max();
            let size = match (declared, indexed) {
                // An index past the declared size keeps the types apart: the linker reports it.
                (Some(d), Some(i)) if i > d => continue,
                (Some(d), _) => d,
                (None, Some(i)) => i,
                (None, None) => 1,
            };
            sizes.insert((s.stage, name.clone()), size);
        }
    }
    if sizes.is_empty() && !named_blocks_to_size {
        return None;
    }
    let no_sizes = HashMap::new();
    let sized = shaders
        .iter()
        .map(|s| {
            let mut s = (*s).clone();
            let stage = s.stage;
            if let Some(interface) = s.interface.as_mut() {
                for g in interface.globals.iter_mut().filter(|g| g.block.is_none() || unnamed_interface_member(g)) {
                    if let Some(t) = sizes.get(&(stage, g.name.clone())).and_then(|n| with_outer_size(&g.ty, *n)) {
                        g.ty = t;
                    }
                }
                let members = member_sizes.get(&stage).unwrap_or(&no_sizes);
                for g in interface.globals.iter_mut().filter(|g| matches!(g.storage, Storage::In | Storage::Out)) {
                    if let Some(t) = with_sized_members(&g.ty, members) {
                        g.ty = t;
                    }
                }
                for (key, t) in interface.declared_types.iter_mut() {
                    if let Some(new) = sizes.get(&(stage, key.2.clone())).and_then(|n| with_outer_size(t, *n)) {
                        *t = new;
                    }
                }
            }
            s
        })
        .collect();
    Some(sized)
}
