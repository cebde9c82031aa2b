//! ARB_shader_subroutine at link time: each stage's subroutine functions get their
//! indices and its subroutine uniforms their locations, and the stage's index array is
//! placed in the default uniform block, where IR generation reads the index a call
//! dispatches on (so subroutines need nothing of the device). A stage that calls through
//! subroutine uniforms fails to link when its call graph has a cycle: GLSL forbids
//! recursion.

use crate::ast::{QualItem, Storage};
use crate::compile::CompiledShader;
use crate::diagnostics::{Diagnostics, SourceLoc};
use crate::options::Stage;
use crate::sema::types::Type;
use crate::sema::GlobalVar;
use std::collections::HashMap;

/// GL_MAX_SUBROUTINES: subroutine functions per stage.
pub const MAX_SUBROUTINES: u32 = 256;
/// GL_MAX_SUBROUTINE_UNIFORM_LOCATIONS: subroutine uniform locations per stage.
pub const MAX_SUBROUTINE_UNIFORM_LOCATIONS: u32 = 1024;
/// Bytes between two indices of a stage's index array (std140 `uint[]`).
pub const INDEX_STRIDE: u32 = 16;

/// A function usable through subroutine uniforms.
#[derive(Clone, Debug, PartialEq)]
pub struct Subroutine {
    pub name: String,
    /// glGetSubroutineIndex.
    pub index: u32,
    /// The subroutine types it may be called through.
    pub types: Vec<String>,
}

/// A subroutine uniform (an array is one uniform with consecutive locations).
#[derive(Clone, Debug, PartialEq)]
pub struct SubroutineUniform {
    pub name: String,
    pub subroutine_type: String,
    /// 1 for non-arrays.
    pub array_size: u32,
    pub is_array: bool,
    /// First location; element i is at location + i.
    pub location: u32,
    /// Indices of the subroutines compatible with its type.
    pub compatible: Vec<u32>,
}

/// One stage's subroutines and subroutine uniforms.
#[derive(Clone, Debug, PartialEq)]
pub struct StageSubroutines {
    pub stage: Stage,
    pub subroutines: Vec<Subroutine>,
    pub uniforms: Vec<SubroutineUniform>,
    /// GL_ACTIVE_SUBROUTINE_UNIFORM_LOCATIONS: one past the highest location used.
    pub location_count: u32,
    /// Byte offset of the stage's index array (one uint per location, INDEX_STRIDE apart)
    /// in the default block.
    pub indices_offset: u32,
}

impl StageSubroutines {
    /// The uniform at `location` and the element of it there.
    pub fn uniform_at(&self, location: u32) -> Option<(&SubroutineUniform, u32)> {
        self.uniforms.iter().find(|u| location >= u.location && location < u.location + u.array_size).map(|u| (u, location - u.location))
    }

    /// The index a location holds before any glUniformSubroutinesuiv: the lowest
    /// compatible subroutine.
    pub fn default_index(&self, location: u32) -> u32 {
        self.uniform_at(location).and_then(|(u, _)| u.compatible.iter().min().copied()).unwrap_or(0)
    }
}

/// Whether a global is a `subroutine uniform`.
pub fn is_subroutine_uniform(g: &GlobalVar) -> bool {
    g.storage == Storage::Uniform && g.qual.has(|q| matches!(q, QualItem::Subroutine(_)))
}

fn subroutine_type_of(t: &Type) -> Option<(String, u32, bool)> {
    match t {
        Type::Opaque(n) => Some((n.to_string(), 1, false)),
        Type::Array(e, n) => match &**e {
            Type::Opaque(x) => Some((x.to_string(), n.unwrap_or(1), true)),
            _ => None,
        },
        _ => None,
    }
}

/// Assigns indices and locations for every stage, places the index arrays at the end of
/// the default block (growing it) holding their default indices, and checks for
/// recursion.
pub fn link_subroutines(units: &[Vec<&CompiledShader>], interface: &mut crate::link::ProgramInterface, diags: &mut Diagnostics) {
    let mut out = Vec::new();
    let block_size = &mut interface.default_block_size;
    for unit in units {
        let stage = unit[0].stage;
        let infos: Vec<&crate::sema::ShaderInterface> = unit.iter().filter_map(|s| s.interface.as_ref()).collect();
        if infos.iter().any(|i| !i.subroutines.calls.is_empty()) {
            check_recursion(&infos, stage, diags);
        }
        let functions: Vec<&crate::subroutine::SubroutineFunction> = infos.iter().flat_map(|i| i.subroutines.functions.iter()).collect();
        let mut globals: Vec<&GlobalVar> = Vec::new();
        for g in infos.iter().flat_map(|i| i.globals.iter()).filter(|g| is_subroutine_uniform(g)) {
            if !globals.iter().any(|x| x.name == g.name) {
                globals.push(g);
            }
        }
        if functions.is_empty() && globals.is_empty() {
            continue;
        }
        let subroutines = assign_indices(&functions, stage, diags);
        let uniforms = assign_locations(&globals, &subroutines, stage, diags);
        let location_count = uniforms.iter().map(|u| u.location + u.array_size).max().unwrap_or(0);
        let indices_offset = block_size.div_ceil(16) * 16;
        *block_size = indices_offset + location_count * INDEX_STRIDE;
        let linked = StageSubroutines { stage, subroutines, uniforms, location_count, indices_offset };
        for l in 0..location_count {
            interface.initial_uniform_words.push((indices_offset + l * INDEX_STRIDE, linked.default_index(l)));
        }
        out.push(linked);
    }
    interface.default_block_size = interface.default_block_size.div_ceil(16) * 16;
    interface.subroutines = out;
}

/// `layout(index = N)` functions keep N; the others take the lowest free indices in
/// declaration order.
fn assign_indices(functions: &[&crate::subroutine::SubroutineFunction], stage: Stage, diags: &mut Diagnostics) -> Vec<Subroutine> {
    let loc = SourceLoc::default();
    let mut taken: Vec<u32> = Vec::new();
    for f in functions {
        if let Some(i) = f.explicit_index {
            if i < 0 || i >= MAX_SUBROUTINES as i64 {
                diags.error(loc, format!("subroutine `{}' has index {} outside 0 to {} (GL_MAX_SUBROUTINES)", f.name, i, MAX_SUBROUTINES - 1));
            } else if taken.contains(&(i as u32)) {
                diags.error(loc, format!("two subroutines of the {} shader have index {}", stage.name(), i));
            } else {
                taken.push(i as u32);
            }
        }
    }
    if functions.len() > MAX_SUBROUTINES as usize {
        diags.error(loc, format!("the {} shader has more than {} subroutines (GL_MAX_SUBROUTINES)", stage.name(), MAX_SUBROUTINES));
    }
    let mut next = 0u32;
    let mut out = Vec::new();
    for f in functions {
        let index = match f.explicit_index {
            Some(i) if (0..MAX_SUBROUTINES as i64).contains(&i) => i as u32,
            _ => {
                while taken.contains(&next) {
                    next += 1;
                }
                taken.push(next);
                next
            }
        };
        out.push(Subroutine { name: f.name.clone(), index, types: f.types.clone() });
    }
    out
}

/// `layout(location = N)` uniforms keep N; the others take the lowest free run.
fn assign_locations(globals: &[&GlobalVar], subroutines: &[Subroutine], stage: Stage, diags: &mut Diagnostics) -> Vec<SubroutineUniform> {
    let mut used = vec![false; MAX_SUBROUTINE_UNIFORM_LOCATIONS as usize];
    let mut out = Vec::new();
    let mut pending = Vec::new();
    for g in globals {
        let Some((ty, size, is_array)) = subroutine_type_of(&g.ty) else { continue };
        let mut compatible: Vec<u32> = subroutines.iter().filter(|s| s.types.contains(&ty)).map(|s| s.index).collect();
        compatible.sort_unstable();
        let u = SubroutineUniform { name: g.name.clone(), subroutine_type: ty, array_size: size, is_array, location: 0, compatible };
        match crate::link::explicit_int(&g.qual, "location") {
            Some(l) => {
                let fits = l >= 0 && l as u64 + size as u64 <= MAX_SUBROUTINE_UNIFORM_LOCATIONS as u64;
                if !fits || !mark(&mut used, l as u32, size) {
                    diags.error(g.loc, format!("subroutine uniform `{}' of the {} shader has an invalid or overlapping location {}", g.name, stage.name(), l));
                }
                out.push(SubroutineUniform { location: l.max(0) as u32, ..u });
            }
            None => pending.push(u),
        }
    }
    for u in pending {
        match first_free_run(&mut used, u.array_size) {
            Some(l) => out.push(SubroutineUniform { location: l, ..u }),
            None => diags.error(SourceLoc::default(), format!("the {} shader's subroutine uniforms need more than {} locations", stage.name(), MAX_SUBROUTINE_UNIFORM_LOCATIONS)),
        }
    }
    out.sort_by_key(|u| u.location);
    out
}

fn mark(used: &mut [bool], at: u32, count: u32) -> bool {
    let (a, b) = (at as usize, (at + count) as usize);
    if b > used.len() || used[a..b].iter().any(|u| *u) {
        return false;
    }
    used[a..b].iter_mut().for_each(|u| *u = true);
    true
}

fn first_free_run(used: &mut [bool], count: u32) -> Option<u32> {
    (0..=used.len().saturating_sub(count as usize)).map(|s| s as u32).find(|&s| mark(used, s, count))
}

/// Fails the link when a function can reach itself, through plain calls or through a
/// subroutine uniform that may select any subroutine of its type.
fn check_recursion(infos: &[&crate::sema::ShaderInterface], stage: Stage, diags: &mut Diagnostics) {
    let mut edges: HashMap<&str, Vec<&str>> = HashMap::new();
    for info in infos {
        for (caller, calls) in &info.subroutines.call_graph {
            let list = edges.entry(caller.as_str()).or_default();
            list.extend(calls.functions.iter().map(|s| s.as_str()));
            for t in &calls.subroutine_types {
                for i in infos {
                    list.extend(i.subroutines.functions.iter().filter(|f| f.types.contains(t)).map(|f| f.name.as_str()));
                }
            }
        }
    }
    // Depth-first search, colouring: 1 on the current path, 2 finished.
    fn visit<'a>(f: &'a str, edges: &HashMap<&'a str, Vec<&'a str>>, colour: &mut HashMap<&'a str, u8>) -> Option<&'a str> {
        match colour.get(f) {
            Some(1) => return Some(f),
            Some(_) => return None,
            None => {}
        }
        colour.insert(f, 1);
        for &g in edges.get(f).map(|v| v.as_slice()).unwrap_or(&[]) {
            if let Some(r) = visit(g, edges, colour) {
                return Some(r);
            }
        }
        colour.insert(f, 2);
        None
    }
    let mut colour = HashMap::new();
    let mut callers: Vec<&str> = edges.keys().copied().collect();
    callers.sort_unstable();
    for f in callers {
        if let Some(r) = visit(f, &edges, &mut colour) {
            diags.error(SourceLoc::default(), format!("function `{}' of the {} shader calls itself recursively", r, stage.name()));
            return;
        }
    }
}
