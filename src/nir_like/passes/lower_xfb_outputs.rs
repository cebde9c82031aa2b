//! Transform feedback captures on the last pre-rasterisation stage's outputs.
//!
//! A capture of a whole output variable decorates that variable with its buffer, stride
//! and offset. GL also captures parts of outputs (`foo[2]`, `s.member`,
//! `gl_ClipDistance[1]`), which Vulkan cannot decorate on their own: each such part gets
//! an output variable of its own, at a location after every location the stage uses,
//! written from the original at every exit (or before every EmitVertex) and decorated
//! for capture. No later stage reads those variables.
//!
//! An original that no later stage reads and that is captured only in parts stops being an
//! output: it becomes a private global, so its locations go to the copies. Devices limit the
//! locations a stage may write (32 on NVIDIA), and a pipeline past the limit is invalid.

use crate::arena::Handle;
use crate::builder::Builder;
use crate::instr::InstrKind;
use crate::intrinsic::IntrinsicOp;
use crate::shader::{Shader, Stage};
use crate::types::Type;
use crate::validate::debug_validate;
use crate::variable::{Variable, VariableMode, XfbLocation};

/// One captured output, or a part of one: `path` steps into arrays (element index) and
/// structs (member index) from the variable's type; empty captures the whole variable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XfbCapture {
    pub variable: Handle<Variable>,
    pub path: Vec<u32>,
    pub location: XfbLocation,
}

/// Vec4 locations a value of type `ty` takes as a varying.
pub fn varying_slots(shader: &Shader, ty: Handle<Type>) -> u32 {
    match &shader.types[ty] {
        Type::Vector(vt) => {
            if vt.bits == 64 && vt.components > 2 {
                2
            } else {
                1
            }
        }
        Type::Matrix { columns, rows, bits } => *columns as u32 * if *bits == 64 && *rows > 2 { 2 } else { 1 },
        Type::Array { element, length, .. } => length.unwrap_or(1) * varying_slots(shader, *element),
        Type::Struct { members, .. } => members.iter().map(|m| varying_slots(shader, m.ty)).sum(),
        _ => 1,
    }
}

/// The type `path` leads to from `ty`; `None` when a step does not fit the type.
pub fn type_at_path(shader: &Shader, ty: Handle<Type>, path: &[u32]) -> Option<Handle<Type>> {
    let mut ty = ty;
    for &step in path {
        ty = match &shader.types[ty] {
            Type::Array { element, length, .. } => {
                if length.is_some_and(|n| step >= n) {
                    return None;
                }
                *element
            }
            Type::Struct { members, .. } => members.get(step as usize)?.ty,
            _ => return None,
        };
    }
    Some(ty)
}

/// The output locations the next stage reads, as `(first, count)` ranges; `Unknown` where
/// the next stage belongs to another program (separable programs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NextStageReads {
    Unknown,
    Locations(Vec<(u32, u32)>),
}

impl NextStageReads {
    fn reads(&self, first: u32, count: u32) -> bool {
        match self {
            NextStageReads::Unknown => true,
            NextStageReads::Locations(ranges) => ranges.iter().any(|&(f, n)| f < first + count && first < f + n),
        }
    }
}

/// Where capture copies go, after every location the stage already uses. 32-bit scalars
/// and vectors share a location by component with copies of the same base type (one value
/// per element of a captured array would otherwise exhaust the 32 locations devices have).
struct CopyPlacer {
    next: u32,
    /// Locations holding packed copies: (location, components used, base type).
    partial: Vec<(u32, u32, crate::types::BaseType)>,
}

impl CopyPlacer {
    fn place_whole(&mut self, slots: u32) -> u32 {
        let location = self.next;
        self.next += slots.max(1);
        location
    }

    fn place_components(&mut self, base: crate::types::BaseType, count: u32) -> (u32, Option<u32>) {
        if let Some(slot) = self.partial.iter_mut().find(|(_, used, b)| *b == base && used + count <= 4) {
            let component = slot.1;
            slot.1 += count;
            return (slot.0, Some(component));
        }
        let location = self.place_whole(1);
        self.partial.push((location, count, base));
        (location, Some(0))
    }
}

/// The 32-bit scalars and vectors an array or struct of type `ty` is made of, each with its
/// path from `ty` and its byte offset in the tightly packed capture; `None` when `ty` is
/// no aggregate, or holds matrices or 64-bit values (those keep whole locations).
fn packed_parts(shader: &Shader, ty: Handle<Type>) -> Option<Vec<(Vec<u32>, Handle<Type>, u32)>> {
    fn walk(shader: &Shader, ty: Handle<Type>, path: &mut Vec<u32>, offset: &mut u32, out: &mut Vec<(Vec<u32>, Handle<Type>, u32)>) -> bool {
        match &shader.types[ty] {
            Type::Vector(vt) if vt.bits == 32 => {
                out.push((path.clone(), ty, *offset));
                *offset += 4 * vt.components as u32;
                true
            }
            Type::Array { element, length: Some(n), .. } => (0..*n).all(|i| {
                path.push(i);
                let ok = walk(shader, *element, path, offset, out);
                path.pop();
                ok
            }),
            Type::Struct { members, .. } => members.iter().enumerate().all(|(i, m)| {
                path.push(i as u32);
                let ok = walk(shader, m.ty, path, offset, out);
                path.pop();
                ok
            }),
            _ => false,
        }
    }
    if !matches!(&shader.types[ty], Type::Array { .. } | Type::Struct { .. }) {
        return None;
    }
    let mut out = Vec::new();
    walk(shader, ty, &mut Vec::new(), &mut 0, &mut out).then_some(out)
}

/// Applies `captures` to the shader; returns whether it changed.
pub fn lower_xfb_outputs(shader: &mut Shader, captures: &[XfbCapture], next_stage: &NextStageReads) -> bool {
    if captures.is_empty() {
        return false;
    }
    // Originals captured only in parts and read by nobody give their locations back.
    let wholly_captured = |v: Handle<Variable>| captures.iter().any(|c| c.variable == v && c.path.is_empty());
    let mut unread: Vec<Handle<Variable>> = captures
        .iter()
        .map(|c| c.variable)
        .filter(|&v| !wholly_captured(v))
        .filter(|&v| {
            let var = &shader.variables[v];
            var.mode == VariableMode::ShaderOut && var.builtin.is_none() && var.location.is_some_and(|l| !next_stage.reads(l, varying_slots(shader, var.ty)))
        })
        .collect();
    unread.dedup();
    for &v in &unread {
        super::set_variable_mode(shader, v, VariableMode::GlobalPrivate);
        shader.variables[v].location = None;
    }
    let first_free = shader
        .variables
        .iter()
        .filter(|(_, v)| v.mode == VariableMode::ShaderOut && v.builtin.is_none())
        .filter_map(|(_, v)| v.location.map(|l| l + varying_slots(shader, v.ty)))
        .max()
        .unwrap_or(0);
    let mut placer = CopyPlacer { next: first_free, partial: Vec::new() };
    // (source variable, path, copy variable)
    let mut copies: Vec<(Handle<Variable>, Vec<u32>, Handle<Variable>)> = Vec::new();
    for c in captures {
        if c.path.is_empty() {
            shader.variables[c.variable].xfb = Some(c.location);
            continue;
        }
        let Some(ty) = type_at_path(shader, shader.variables[c.variable].ty, &c.path) else { continue };
        // Arrays and structs of 32-bit values are captured element by element, so each
        // element packs by component; anything else keeps whole locations.
        let parts = packed_parts(shader, ty).unwrap_or_else(|| vec![(Vec::new(), ty, 0)]);
        for (suffix, part_ty, byte_offset) in parts {
            let (location, component) = match &shader.types[part_ty] {
                Type::Vector(vt) if vt.bits == 32 => placer.place_components(vt.base, vt.components as u32),
                _ => (placer.place_whole(varying_slots(shader, part_ty)), None),
            };
            let source = &shader.variables[c.variable];
            let mut var = Variable::new(format!("{}#xfb{}", source.name, copies.len()), part_ty, VariableMode::ShaderOut).with_location(location);
            var.component = component;
            var.stream = source.stream;
            var.xfb = Some(XfbLocation { offset: c.location.offset + byte_offset, ..c.location });
            var.interpolation = crate::variable::Interpolation::Flat;
            let copy = shader.add_variable(var);
            let path = c.path.iter().chain(&suffix).copied().collect();
            copies.push((c.variable, path, copy));
        }
    }
    if !copies.is_empty() {
        let epilogue = |b: &mut Builder| {
            for (source, path, copy) in &copies {
                let mut deref = b.deref_var(*source);
                let mut ty = b.shader.variables[*source].ty;
                for &step in path {
                    let (next, is_array) = match &b.shader.types[ty] {
                        Type::Array { element, .. } => (*element, true),
                        Type::Struct { members, .. } => (members[step as usize].ty, false),
                        _ => break,
                    };
                    ty = next;
                    deref = if is_array { b.deref_array_imm(deref, step) } else { b.deref_struct(deref, step) };
                }
                let dst = b.deref_var(*copy);
                b.copy_deref(dst, deref);
            }
        };
        if shader.stage == Stage::Geometry {
            let emits = super::find_instrs(shader, |f, v| {
                matches!(&f.instrs[v].kind, InstrKind::Intrinsic(i) if matches!(i.op, IntrinsicOp::EmitVertex { .. }))
            });
            for &(func, block, index) in emits.iter().rev() {
                let mut b = Builder::at(shader, func, block, index);
                epilogue(&mut b);
            }
        } else if let Some(entry) = shader.entry {
            super::at_function_exits(shader, entry, epilogue);
        }
    }
    debug_validate(shader, "lower_xfb_outputs");
    true
}
