//! A tessellation control shader as a compute shader, for targets without tessellation
//! stages (as Asahi runs tessellation on AGX): one workgroup per patch, one invocation per
//! output control point.
//!
//! The vertex stage has stored its outputs as per-vertex records
//! (`lower_outputs_to_records`); a prologue copies the patch's records into gl_in[],
//! now private arrays, so the body reads them as before. Outputs (gl_out[], patch outputs,
//! the levels) become workgroup-shared variables, so barrier() (a workgroup barrier over
//! shared memory here) lets invocations read each other's outputs as GL allows. After the
//! body, each invocation stores its control point to the patch buffer and invocation 0
//! stores the patch outputs, and the levels to a buffer of their own, which the host
//! reads to tessellate.
//!
//! The numbers of a dispatch come from the front of the control buffer: the input patch
//! size, the patches per instance (gl_PrimitiveID restarts each instance), then per patch
//! the record slot of each input control point.

use crate::arena::Handle;
use super::lower_outputs_to_records::RecordLayout;
use crate::builder::Builder;
use crate::function::Function;
use crate::instr::InstrKind;
use crate::intrinsic::IntrinsicOp;
use crate::shader::{Shader, Stage};
use crate::types::{Type, ValueType};
use crate::validate::debug_validate;
use crate::variable::{Builtin, Variable, VariableMode};

use super::interface_words::{array_length, for_each_index, element_type, input_builtin, load_word, load_words, make_plain, sync_deref_modes, store_words, type_words, words_buffer, words_of, RecordKey};

/// Words of one patch's levels in the levels buffer: outer 0-3, inner 4-5, two unused.
pub const TESS_LEVEL_WORDS: u32 = 8;
/// Words at the front of the control buffer before the record slots.
pub const TESS_CONTROL_HEADER_WORDS: u32 = 4;

/// The descriptor bindings of emulated tessellation (docs/conventions.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TessBindings {
    pub set: u32,
    /// The vertex stage's per-vertex records.
    pub vertex_records: u32,
    /// The control buffer: header, then record slots per patch.
    pub control: u32,
    /// Control points and patch outputs, `PatchLayout::patch_words` per patch.
    pub patches: u32,
    /// [`TESS_LEVEL_WORDS`] per patch.
    pub levels: u32,
    /// The tessellated points: [`TESS_COORD_WORDS`](super::TESS_COORD_WORDS) each.
    pub coords: u32,
}

/// Where the patch buffer holds each output of the control shader.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PatchLayout {
    /// Output control points per patch.
    pub vertices: u32,
    pub vertex_words: u32,
    /// First word of each per-vertex output within a control point.
    pub per_vertex: Vec<(RecordKey, u32)>,
    /// First word of each patch output within the patch (after its control points).
    pub per_patch: Vec<(RecordKey, u32)>,
    pub patch_words: u32,
}

impl PatchLayout {
    pub fn per_vertex_word(&self, key: RecordKey) -> Option<u32> {
        self.per_vertex.iter().find(|(k, _)| *k == key).map(|(_, w)| *w)
    }
    pub fn per_patch_word(&self, key: RecordKey) -> Option<u32> {
        self.per_patch.iter().find(|(k, _)| *k == key).map(|(_, w)| *w)
    }
}

/// Whether a per-vertex built-in is one the vertex stage hands on.
fn is_vertex_builtin(b: Builtin) -> bool {
    matches!(b, Builtin::Position | Builtin::PointSize | Builtin::ClipDistance | Builtin::CullDistance)
}

fn is_level(b: Option<Builtin>) -> bool {
    matches!(b, Some(Builtin::TessLevelOuter | Builtin::TessLevelInner))
}

/// Lowers a control shader to a compute shader; returns the patch layout its outputs take,
/// or why it cannot.
pub fn lower_tcs_to_compute(shader: &mut Shader, records: &RecordLayout, bindings: &TessBindings) -> Result<PatchLayout, String> {
    if shader.stage != Stage::TessCtrl {
        return Err("not a tessellation control shader".into());
    }
    let body = shader.entry.ok_or("the tessellation control shader has no main")?;
    let vertices = shader.info.tess.vertices_out;
    if vertices == 0 || vertices > 32 {
        return Err(format!("output patch size {vertices} cannot be emulated"));
    }

    let mut inputs: Vec<(Handle<Variable>, RecordKey)> = Vec::new();
    let mut per_vertex_out: Vec<(Handle<Variable>, RecordKey)> = Vec::new();
    let mut per_patch_out: Vec<(Handle<Variable>, RecordKey)> = Vec::new();
    for (h, v) in shader.variables.iter() {
        let Some(key) = RecordKey::of(v) else { continue };
        match v.mode {
            VariableMode::ShaderIn if v.builtin.is_none_or(is_vertex_builtin) => inputs.push((h, key)),
            VariableMode::ShaderOut if is_level(v.builtin) => {}
            VariableMode::ShaderOut if v.patch => per_patch_out.push((h, key)),
            VariableMode::ShaderOut => per_vertex_out.push((h, key)),
            _ => {}
        }
    }
    let mut layout = PatchLayout { vertices, ..Default::default() };
    for (h, key) in &per_vertex_out {
        let element = element_type(shader, shader.variables[*h].ty);
        layout.per_vertex.push((*key, layout.vertex_words));
        layout.vertex_words += type_words(shader, element);
    }
    let mut patch_word = vertices * layout.vertex_words;
    for (h, key) in &per_patch_out {
        layout.per_patch.push((*key, patch_word - vertices * layout.vertex_words));
        patch_word += type_words(shader, shader.variables[*h].ty);
    }
    layout.patch_words = patch_word.max(1);

    let invocation = super::find_builtin(shader, Builtin::InvocationId, VariableMode::ShaderIn);
    let primitive = super::find_builtin(shader, Builtin::PrimitiveId, VariableMode::ShaderIn);
    let patch_vertices = super::find_builtin(shader, Builtin::PatchVertices, VariableMode::ShaderIn);
    let outer = level_variable(shader, Builtin::TessLevelOuter, "gl_TessLevelOuter", 4);
    let inner = level_variable(shader, Builtin::TessLevelInner, "gl_TessLevelInner", 2);
    for (h, _) in &inputs {
        make_plain(&mut shader.variables[*h], VariableMode::GlobalPrivate);
    }
    for h in [invocation, primitive, patch_vertices].into_iter().flatten() {
        make_plain(&mut shader.variables[h], VariableMode::GlobalPrivate);
    }
    for (h, _) in per_vertex_out.iter().chain(&per_patch_out) {
        make_plain(&mut shader.variables[*h], VariableMode::Shared);
    }
    for h in [outer, inner] {
        make_plain(&mut shader.variables[h], VariableMode::Shared);
    }
    sync_deref_modes(shader);
    barriers_order_shared_memory(shader);

    let workgroup = input_builtin(shader, "gl_WorkGroupID", Builtin::WorkgroupId, ValueType::uint(3));
    let local = input_builtin(shader, "gl_LocalInvocationID", Builtin::LocalInvocationId, ValueType::uint(3));
    let record_buffer = words_buffer(shader, "gl_TessVertexRecords", bindings.set, bindings.vertex_records, true);
    let control_buffer = words_buffer(shader, "gl_TessControl", bindings.set, bindings.control, true);
    let patch_buffer = words_buffer(shader, "gl_TessPatches", bindings.set, bindings.patches, false);
    let level_buffer = words_buffer(shader, "gl_TessLevels", bindings.set, bindings.levels, false);

    shader.functions[body].name = "main_body".into();
    let entry: Handle<Function> = shader.functions.append(Function::new("main", Vec::new(), None));
    shader.entry = Some(entry);
    let mut b = Builder::new(shader, entry);
    let wg = b.load_var(workgroup);
    let patch = b.channel(wg, 0);
    let lid = b.load_var(local);
    let lane = b.channel(lid, 0);
    let control = words_of(&mut b, control_buffer);
    let zero = b.imm_u32(0);
    let input_vertices = load_word(&mut b, control, zero, 0);
    let per_instance = load_word(&mut b, control, zero, 1);
    if let Some(v) = invocation {
        let value = b.bitcast(lane, ValueType::I32);
        b.store_var(v, value);
    }
    if let Some(v) = primitive {
        let one = b.imm_u32(1);
        let divisor = b.umax(per_instance, one);
        let id = b.alu(crate::alu_op::AluOp::Umod, &[patch, divisor]);
        let value = b.bitcast(id, ValueType::I32);
        b.store_var(v, value);
    }
    if let Some(v) = patch_vertices {
        let value = b.bitcast(input_vertices, ValueType::I32);
        b.store_var(v, value);
    }

    // gl_in[]: each input control point's record, for the points the draw's patch has.
    let records_words = words_of(&mut b, record_buffer);
    let longest = inputs.iter().map(|(h, _)| array_length(b.shader, b.shader.variables[*h].ty)).max().unwrap_or(0);
    let patch_first_slot = b.imul(patch, input_vertices);
    let header = b.imm_u32(TESS_CONTROL_HEADER_WORDS);
    let slots_base = b.iadd(patch_first_slot, header);
    let record_words = b.imm_u32(records.words_per_vertex);
    let longest = b.imm_u32(longest);
    let points = b.umin(input_vertices, longest);
    for_each_index(&mut b, points, |b, j| {
        let slot_word = b.iadd(slots_base, j);
        let slot = load_word(b, control, slot_word, 0);
        let base = b.imul(slot, record_words);
        for (h, key) in &inputs {
            let ty = b.shader.variables[*h].ty;
            let Some(first) = records.find(*key).map(|e| e.first_word) else { continue };
            let length = array_length(b.shader, ty);
            if length == 0 {
                continue;
            }
            // Inputs of fewer elements than the longest one skip the points they lack.
            let length = b.imm_u32(length);
            let present = b.ult(j, length);
            b.push_if(present);
            let element = element_type(b.shader, ty);
            let array = b.deref_var(*h);
            let dst = b.deref_array(array, j);
            let mut word = first;
            load_words(b, dst, element, records_words, base, &mut word);
            b.pop_if();
        }
    });

    b.call(body, &[]);
    b.control_barrier(crate::intrinsic::MemorySemantics { acquire: true, release: true, shared: true, ..Default::default() });

    // This invocation's control point, then (invocation 0) the patch outputs and levels.
    let patches = words_of(&mut b, patch_buffer);
    let patch_words = b.imm_u32(layout.patch_words);
    let patch_base = b.imul(patch, patch_words);
    let vertex_words = b.imm_u32(layout.vertex_words);
    let point_offset = b.imul(lane, vertex_words);
    let point_base = b.iadd(patch_base, point_offset);
    for ((h, _), (_, first)) in per_vertex_out.iter().zip(&layout.per_vertex) {
        let ty = b.shader.variables[*h].ty;
        let element = element_type(b.shader, ty);
        let array = b.deref_var(*h);
        let src = if array_length(b.shader, ty) > 0 { b.deref_array(array, lane) } else { array };
        let mut word = *first;
        store_words(&mut b, src, element, patches, point_base, &mut word);
    }
    let first_lane = b.ieq(lane, zero);
    b.push_if(first_lane);
    let patch_part = b.imm_u32(vertices * layout.vertex_words);
    let patch_outputs = b.iadd(patch_base, patch_part);
    for ((h, _), (_, first)) in per_patch_out.iter().zip(&layout.per_patch) {
        let ty = b.shader.variables[*h].ty;
        let src = b.deref_var(*h);
        let mut word = *first;
        store_words(&mut b, src, ty, patches, patch_outputs, &mut word);
    }
    let levels = words_of(&mut b, level_buffer);
    let level_words = b.imm_u32(TESS_LEVEL_WORDS);
    let level_base = b.imul(patch, level_words);
    for (h, first) in [(outer, 0), (inner, 4)] {
        let ty = b.shader.variables[h].ty;
        let src = b.deref_var(h);
        let mut word = first;
        store_words(&mut b, src, ty, levels, level_base, &mut word);
    }
    b.pop_if();

    shader.stage = Stage::Compute;
    shader.info.compute.local_size = [vertices, 1, 1];
    debug_validate(shader, "lower_tcs_to_compute");
    Ok(layout)
}

/// The shared level output of `builtin`, declared when the shader writes none.
fn level_variable(shader: &mut Shader, builtin: Builtin, name: &str, count: u32) -> Handle<Variable> {
    if let Some(v) = super::find_builtin(shader, builtin, VariableMode::ShaderOut) {
        return v;
    }
    let float = shader.add_type(Type::Vector(ValueType::F32));
    let array = shader.add_type(Type::Array { element: float, length: Some(count), stride: None });
    let mut v = Variable::new(name, array, VariableMode::ShaderOut).with_builtin(builtin);
    v.patch = true;
    shader.add_variable(v)
}

/// GLSL's barrier() in a control shader orders output memory; as compute it orders the
/// shared variables the outputs became.
fn barriers_order_shared_memory(shader: &mut Shader) {
    for (_, f) in shader.functions.iter_mut() {
        for (_, i) in f.instrs.iter_mut() {
            if let InstrKind::Intrinsic(intr) = &mut i.kind {
                if let IntrinsicOp::Barrier { semantics, .. } = &mut intr.op {
                    if semantics.output {
                        semantics.output = false;
                        semantics.shared = true;
                        semantics.acquire = true;
                        semantics.release = true;
                    }
                }
            }
        }
    }
}
