//! Linking atomic counters (GL_ARB_shader_atomic_counters).
//!
//! An `atomic_uint` uniform is a 32-bit word of the buffer bound to the GL atomic counter
//! binding point its `layout(binding)` names, at its `layout(offset)` (else just after the
//! previous counter of that binding in the same shader). The counters of one binding point
//! form one active atomic counter buffer; buffer k is a storage buffer at descriptor
//! binding 448 + k (docs/conventions.md), and IR generation turns the counter built-ins
//! into atomics on its words.

use std::collections::HashMap;

use crate::compile::CompiledShader;
use crate::diagnostics::Diagnostics;
use crate::link::{explicit_int, ActiveUniform, ProgramInterface};
use crate::options::Stage;
use crate::sema::types::Type;
use crate::ast::Storage;

/// GL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS (gl_MaxAtomicCounterBindings).
pub const MAX_ATOMIC_COUNTER_BUFFER_BINDINGS: u32 = 8;
/// Counters one stage may use (gl_MaxVertexAtomicCounters, ...): none in geometry and
/// tessellation shaders.
pub fn max_counters(stage: Stage) -> u32 {
    match stage {
        Stage::Vertex | Stage::Fragment | Stage::Compute => MAX_COMBINED_COUNTERS,
        Stage::TessControl | Stage::TessEval | Stage::Geometry => 0,
    }
}
/// Counter buffers one stage may use (gl_MaxVertexAtomicCounterBuffers, ...).
pub fn max_buffers(stage: Stage) -> u32 {
    if max_counters(stage) > 0 { MAX_COMBINED_BUFFERS } else { 0 }
}
/// gl_MaxCombinedAtomicCounters.
pub const MAX_COMBINED_COUNTERS: u32 = 8;
/// gl_MaxCombinedAtomicCounterBuffers.
pub const MAX_COMBINED_BUFFERS: u32 = 8;
/// The GL type enum of `atomic_uint` (GL_UNSIGNED_INT_ATOMIC_COUNTER).
const UNSIGNED_INT_ATOMIC_COUNTER: u32 = 0x92DB;

/// One active atomic counter buffer: the counters of one binding point.
#[derive(Clone, Debug, PartialEq)]
pub struct AtomicCounterBuffer {
    /// The GL binding point (GL_ATOMIC_COUNTER_BUFFER_BINDING).
    pub binding: u32,
    /// Bytes up to the end of the last active counter (GL_ATOMIC_COUNTER_BUFFER_DATA_SIZE).
    pub data_size: u32,
    /// Indices in the program's active uniforms.
    pub active_uniforms: Vec<u32>,
    /// Stages that use a counter of the buffer.
    pub stages: Vec<Stage>,
}

/// One active atomic counter (or array of counters).
#[derive(Clone, Debug, PartialEq)]
pub struct AtomicCounter {
    pub name: String,
    /// Index in the program's atomic counter buffers (descriptor binding 448 + buffer).
    pub buffer: u32,
    /// Byte offset in the buffer.
    pub offset: u32,
    /// Elements of an array of counters; `None` for one counter.
    pub array_size: Option<u32>,
}

impl AtomicCounterBuffer {
    /// The set-0 binding of buffer `index`.
    pub fn descriptor_binding(index: u32) -> u32 {
        448 + index
    }
}

/// Whether `t` is `atomic_uint` or an array of them.
pub fn is_atomic_counter_type(t: &Type) -> bool {
    match t {
        Type::Array(e, _) => is_atomic_counter_type(e),
        Type::Opaque(name) => &**name == "atomic_uint",
        _ => false,
    }
}

/// Assigns offsets to every stage's counters and lists the active ones (those a stage
/// uses) as uniforms and buffers of `out`.
pub fn link_atomic_counters(shaders: &[&CompiledShader], out: &mut ProgramInterface, diags: &mut Diagnostics) {
    for s in shaders {
        let Some(info) = &s.interface else { continue };
        // Offsets continue per binding point within one shader.
        let mut next_offset: HashMap<u32, u32> = HashMap::new();
        for g in info.globals.iter().filter(|g| g.storage == Storage::Uniform && g.block.is_none() && is_atomic_counter_type(&g.ty)) {
            let binding = explicit_int(&g.qual, "binding").unwrap_or(0).max(0) as u32;
            let next = next_offset.entry(binding).or_insert(0);
            let offset = explicit_int(&g.qual, "offset").map_or(*next, |o| o.max(0) as u32);
            let array_size = match &g.ty {
                Type::Array(_, n) => Some(n.unwrap_or(1)),
                _ => None,
            };
            let size = 4 * array_size.unwrap_or(1);
            *next = offset + size;
            if binding >= MAX_ATOMIC_COUNTER_BUFFER_BINDINGS {
                diags.error(g.loc, format!("atomic counter `{}' has binding {} but gl_MaxAtomicCounterBindings is {}", g.name, binding, MAX_ATOMIC_COUNTER_BUFFER_BINDINGS));
                continue;
            }
            if offset % 4 != 0 {
                diags.error(g.loc, format!("atomic counter `{}' has an offset that is not a multiple of 4", g.name));
                continue;
            }
            if !info.static_uses.contains(&g.name) {
                continue;
            }
            if let Some(c) = out.atomic_counters.iter().find(|c| c.name == g.name) {
                let buffer = &mut out.atomic_counter_buffers[c.buffer as usize];
                if buffer.binding != binding || c.offset != offset || c.array_size != array_size {
                    diags.error(g.loc, format!("atomic counter `{}' is declared differently in different stages", g.name));
                } else if !buffer.stages.contains(&s.stage) {
                    buffer.stages.push(s.stage);
                }
                continue;
            }
            let overlaps = out.atomic_counters.iter().any(|c| {
                let other = &out.atomic_counter_buffers[c.buffer as usize];
                let other_size = 4 * c.array_size.unwrap_or(1);
                other.binding == binding && offset < c.offset + other_size && c.offset < offset + size
            });
            if overlaps {
                diags.error(g.loc, format!("atomic counter `{}' overlaps another counter of binding {}", g.name, binding));
                continue;
            }
            let buffer = match out.atomic_counter_buffers.iter().position(|b| b.binding == binding) {
                Some(i) => i,
                None => {
                    out.atomic_counter_buffers.push(AtomicCounterBuffer { binding, data_size: 0, active_uniforms: Vec::new(), stages: Vec::new() });
                    out.atomic_counter_buffers.len() - 1
                }
            };
            let uniform = out.uniforms.len() as u32;
            out.uniforms.push(ActiveUniform {
                name: if array_size.is_some() { format!("{}[0]", g.name) } else { g.name.clone() },
                gl_type: UNSIGNED_INT_ATOMIC_COUNTER,
                array_size: array_size.unwrap_or(1),
                location: -1,
                offset,
                array_stride: if array_size.is_some() { 4 } else { 0 },
                matrix_stride: 0,
                block_index: -1,
                sampler_index: None,
                row_major: false,
            });
            let b = &mut out.atomic_counter_buffers[buffer];
            b.data_size = b.data_size.max(offset + size);
            b.active_uniforms.push(uniform);
            if !b.stages.contains(&s.stage) {
                b.stages.push(s.stage);
            }
            out.atomic_counters.push(AtomicCounter { name: g.name.clone(), buffer: buffer as u32, offset, array_size });
        }
    }
    check_limits(shaders, out, diags);
}

/// The per-stage and combined limits on counters and counter buffers.
fn check_limits(shaders: &[&CompiledShader], out: &ProgramInterface, diags: &mut Diagnostics) {
    let mut stages: Vec<Stage> = shaders.iter().map(|s| s.stage).collect();
    stages.sort();
    stages.dedup();
    let mut combined_counters = 0;
    let mut combined_buffers = 0;
    for stage in stages {
        let uses = |s: &CompiledShader, name: &str| s.stage == stage && s.interface.as_ref().is_some_and(|i| i.static_uses.contains(name));
        let used: Vec<&AtomicCounter> = out.atomic_counters.iter().filter(|c| shaders.iter().any(|s| uses(s, &c.name))).collect();
        let counters: u32 = used.iter().map(|c| c.array_size.unwrap_or(1)).sum();
        let mut buffers: Vec<u32> = used.iter().map(|c| c.buffer).collect();
        buffers.sort_unstable();
        buffers.dedup();
        if counters > max_counters(stage) {
            diags.error(Default::default(), format!("the {} shader uses {} atomic counters, more than its limit of {}", stage.name(), counters, max_counters(stage)));
        }
        if buffers.len() as u32 > max_buffers(stage) {
            diags.error(Default::default(), format!("the {} shader uses {} atomic counter buffers, more than its limit of {}", stage.name(), buffers.len(), max_buffers(stage)));
        }
        combined_counters += counters;
        combined_buffers += buffers.len() as u32;
    }
    if combined_counters > MAX_COMBINED_COUNTERS {
        diags.error(Default::default(), format!("the program uses {} atomic counters, more than gl_MaxCombinedAtomicCounters ({})", combined_counters, MAX_COMBINED_COUNTERS));
    }
    if combined_buffers > MAX_COMBINED_BUFFERS {
        diags.error(Default::default(), format!("the program uses {} atomic counter buffers, more than gl_MaxCombinedAtomicCounterBuffers ({})", combined_buffers, MAX_COMBINED_BUFFERS));
    }
}
