//! Geometry shaders on targets without a geometry stage (as Asahi runs them on AGX): the
//! geometry shader becomes a compute shader run after the vertex stage stored its outputs
//! into per-vertex records (`lower_outputs_to_records`), and before a pass-through vertex
//! shader (`build_gs_passthrough_vertex`) draws what it emitted.
//!
//! One invocation runs per (input primitive, geometry-shader invocation): invocation
//! `g` is primitive `g / invocations`, instance `g % invocations` (ARB_gpu_shader5's
//! instancing). Its inputs (`gl_in[]`, the user inputs) are loaded from the records of the
//! primitive's vertices, whose record slots the draw path lists, `N` a primitive;
//! gl_PrimitiveIDIn is the primitive's index within its instance, gl_InvocationID the
//! invocation.
//!
//! EmitVertex stores the current outputs (of stream 0, the only one rasterised) into the
//! output-vertex buffer at vertex `g * max_vertices + n`, `n` counting the invocation's
//! emits, and writes that vertex's index at the invocation's index cursor. Each
//! invocation owns `2 * max_vertices` index slots, enough for a restart after every
//! vertex: EndPrimitive writes a restart index at the cursor, and the slots an invocation
//! leaves unused are restart indices when it finishes. Strip outputs are drawn
//! with primitive restart; point outputs leave EndPrimitive alone and the pass-through
//! vertex shader drops the restart indices it meets as vertices.
//!
//! Vertex streams 1 to 3 (ARB_transform_feedback3: EmitStreamVertex) are never drawn,
//! only captured and counted. GLSL allows them with point output only, so a stream's
//! primitives are its vertices: EmitStreamVertex(s) stores the outputs of stream `s` that
//! transform feedback captures straight into capture records laid out as
//! `lower_xfb_to_storage` lays out its own (invocation `g`'s `n`-th vertex of stream `s`
//! at slot `(g * 3 + s - 1) * max_vertices + n`), and every invocation writes how many
//! vertices it emitted to each of the three streams, which the host reads back to count
//! and copy them. EndStreamPrimitive does nothing to points.

use crate::arena::Handle;
use crate::builder::Builder;
use crate::function::Function;
use crate::instr::InstrKind;
use crate::intrinsic::IntrinsicOp;
use crate::shader::{Primitive, Shader, Stage};
use crate::types::{StructMember, Type, ValueType};
use crate::validate::debug_validate;
use crate::variable::{Builtin, Variable, VariableMode};

use super::lower_outputs_to_records::{store_packed_words, word_array, word_buffer, WordPacking};
use super::{load_words, store_words, RecordKey, RecordLayout, XfbRecordLayout};

/// Invocations per workgroup of an emulated geometry shader.
pub const GS_COMPUTE_GROUP_SIZE: u32 = 64;

/// The index that ends a strip in the emitted index buffer.
pub const GS_RESTART_INDEX: u32 = u32::MAX;

/// Vertex streams besides stream 0 (GL_MAX_VERTEX_STREAMS less one).
pub const GS_OTHER_STREAMS: u32 = 3;

/// Where an emulated geometry shader that emits to streams 1 to 3 puts those vertices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GsOtherStreams {
    /// The vertices each invocation emitted to streams 1, 2 and 3 (`uint[]`, three a
    /// invocation).
    pub counts_binding: u32,
    /// Capture records of those vertices (`uint words[]`), laid out as `capture`.
    pub records_binding: u32,
    /// The capture layout; no words when those streams are not captured (capture is
    /// native, or the program captures none of their outputs).
    pub capture: XfbRecordLayout,
}

/// Where an emulated geometry shader reads and writes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GsComputeStorage {
    pub set: u32,
    /// The vertex stage's records (`uint words[]`), laid out as `input_layout`.
    pub records_binding: u32,
    pub input_layout: RecordLayout,
    /// The record slot of each input primitive's vertices, `N` a primitive (`uint[]`).
    pub slots_binding: u32,
    /// The emitted vertices (`uint words[]`), laid out as `output_layout`.
    pub vertices_binding: u32,
    pub output_layout: RecordLayout,
    /// The emitted indices (`uint[]`), `2 * max_vertices` per invocation.
    pub indices_binding: u32,
    /// A uniform block laid out as [`GsComputeParams`].
    pub params_binding: u32,
    /// Streams 1 to 3, for a shader that emits to them ([`gs_emits_to_other_streams`]).
    pub other_streams: Option<GsOtherStreams>,
}

/// The draw's numbers an emulated geometry shader reads (four 32-bit words).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GsComputeParams {
    /// Input primitives of the whole draw, every instance's one after another.
    pub primitive_count: u32,
    /// Input primitives of one instance (gl_PrimitiveIDIn counts within an instance).
    pub primitives_per_instance: u32,
    /// Slots the other streams' capture records buffer holds; vertices past it are not
    /// stored (0 while nothing is captured).
    pub other_stream_slots: u32,
}

impl GsComputeParams {
    pub fn to_words(self) -> [u32; 4] {
        [self.primitive_count, self.primitives_per_instance, self.other_stream_slots, 0]
    }
}

/// Whether a geometry shader emits vertices to a stream other than 0.
pub fn gs_emits_to_other_streams(shader: &Shader) -> bool {
    !super::find_instrs(shader, |f, v| matches!(&f.instrs[v].kind, InstrKind::Intrinsic(i) if matches!(i.op, IntrinsicOp::EmitVertex { stream } if stream != 0))).is_empty()
}

/// Vertices of one input primitive of a geometry shader.
pub fn gs_input_vertices(primitive: Primitive) -> u32 {
    match primitive {
        Primitive::Points => 1,
        Primitive::Lines | Primitive::LineStrip | Primitive::Isolines => 2,
        Primitive::LinesAdjacency => 4,
        Primitive::TrianglesAdjacency => 6,
        Primitive::Triangles | Primitive::TriangleStrip | Primitive::Quads => 3,
    }
}

/// Turns a geometry shader into its compute emulation; returns whether it did (other
/// stages are left alone). Run it after the rest of the lowering, with the shader not
/// the last pre-rasterisation stage (the pass-through vertex shader is).
pub fn lower_gs_to_compute(shader: &mut Shader, storage: &GsComputeStorage) -> bool {
    if shader.stage != Stage::Geometry {
        return false;
    }
    let Some(body) = shader.entry else { return false };
    let info = shader.info.geometry.clone();
    let max_vertices = info.vertices_out.max(1);
    let invocations = info.invocations.max(1);
    let input_vertices = gs_input_vertices(info.input_primitive);
    let points = info.output_primitive == Primitive::Points;
    let index_slots = 2 * max_vertices;

    // Inputs: per-vertex arrays loaded from records, the two ids set per invocation.
    let mut loaded: Vec<(Handle<Variable>, u32)> = Vec::new();
    let mut primitive_ids = Vec::new();
    let mut invocation_ids = Vec::new();
    let mut stored: Vec<(Handle<Variable>, u32)> = Vec::new();
    // Per stream 1..=3: the captured outputs and their first word in a capture record.
    let mut stream_stored: [Vec<(Handle<Variable>, u32)>; GS_OTHER_STREAMS as usize] = Default::default();
    let interface: Vec<Handle<Variable>> =
        shader.variables.iter().filter(|(_, v)| matches!(v.mode, VariableMode::ShaderIn | VariableMode::ShaderOut)).map(|(h, _)| h).collect();
    for &var in &interface {
        let v = &shader.variables[var];
        match (v.mode, v.builtin) {
            (VariableMode::ShaderIn, Some(Builtin::PrimitiveId)) => primitive_ids.push(var),
            (VariableMode::ShaderIn, Some(Builtin::InvocationId)) => invocation_ids.push(var),
            (VariableMode::ShaderIn, _) => {
                if let Some(e) = RecordKey::of(v).and_then(|k| storage.input_layout.find(k)) {
                    loaded.push((var, e.first_word));
                }
            }
            (_, _) if v.stream.unwrap_or(0) == 0 => {
                if let Some(e) = RecordKey::of(v).and_then(|k| storage.output_layout.find(k)) {
                    stored.push((var, e.first_word));
                }
            }
            (_, _) => {
                let capture = storage.other_streams.as_ref().map(|o| o.capture).unwrap_or_default();
                let section = v.xfb.and_then(|x| Some((capture.sections.get(x.buffer as usize).copied().flatten()?.0, x.offset)));
                let list = v.stream.and_then(|stream| stream_stored.get_mut(stream as usize - 1));
                if let (Some((first, offset)), Some(list)) = (section, list) {
                    list.push((var, first + offset / 4));
                }
            }
        }
    }
    for &var in &interface {
        super::set_variable_mode(shader, var, VariableMode::GlobalPrivate);
        let v = &mut shader.variables[var];
        v.builtin = None;
        v.location = None;
        v.component = None;
        v.xfb = None;
        v.stream = None;
        v.member_locations.clear();
    }

    let set = storage.set;
    let records = word_buffer(shader, "gl_InputRecords", "InputRecords", set, storage.records_binding, true);
    let slots = word_buffer(shader, "gl_PrimitiveSlots", "PrimitiveSlots", set, storage.slots_binding, true);
    let vertices = word_buffer(shader, "gl_EmittedVertices", "EmittedVertices", set, storage.vertices_binding, false);
    let indices = word_buffer(shader, "gl_EmittedIndices", "EmittedIndices", set, storage.indices_binding, false);
    shader.variables[vertices].access.writeonly = true;
    shader.variables[indices].access.writeonly = true;
    let params = params_variable(shader, set, storage.params_binding);
    let uint = shader.add_type(Type::Vector(ValueType::U32));
    let private = |shader: &mut Shader, name: &str| shader.add_variable(Variable::new(name, uint, VariableMode::GlobalPrivate));
    let invocation = private(shader, "gs_invocation");
    let emitted = private(shader, "gs_emitted");
    let cursor = private(shader, "gs_cursor");
    let uvec3 = shader.add_type(Type::Vector(ValueType::uint(3)));
    let global_id = shader.add_variable(Variable::new("gl_GlobalInvocationID", uvec3, VariableMode::ShaderIn).with_builtin(Builtin::GlobalInvocationId));

    // EmitVertex: the outputs to the invocation's next vertex, its index at the cursor.
    let emit = shader.functions.append(Function::new("gs_emit_vertex", Vec::new(), None));
    {
        let mut b = Builder::new(shader, emit);
        let n = b.load_var(emitted);
        let limit = b.imm_u32(max_vertices);
        let fits = b.ult(n, limit);
        b.push_if(fits);
        let g = b.load_var(invocation);
        let first = b.imul(g, limit);
        let vertex = b.iadd(first, n);
        let stride = b.imm_u32(storage.output_layout.words_per_vertex);
        let record = b.imul(vertex, stride);
        let words = word_array(&mut b, vertices);
        for &(var, first_word) in &stored {
            let ty = b.shader.variables[var].ty;
            let src = b.deref_var(var);
            let mut word = first_word;
            store_words(&mut b, src, ty, words, record, &mut word);
        }
        let c = b.load_var(cursor);
        let slots_per_invocation = b.imm_u32(index_slots);
        let room = b.ult(c, slots_per_invocation);
        b.push_if(room);
        let base = b.imul(g, slots_per_invocation);
        push_index(&mut b, indices, cursor, c, base, vertex);
        b.pop_if();
        b.pop_if();
        let one = b.imm_u32(1);
        let next = b.iadd(n, one);
        b.store_var(emitted, next);
    }
    // EndPrimitive: one index slot left as a restart (points need none).
    let end = shader.functions.append(Function::new("gs_end_primitive", Vec::new(), None));
    if !points {
        let mut b = Builder::new(shader, end);
        let c = b.load_var(cursor);
        let limit = b.imm_u32(index_slots);
        let room = b.ult(c, limit);
        b.push_if(room);
        let g = b.load_var(invocation);
        let base = b.imul(g, limit);
        let restart = b.imm_u32(GS_RESTART_INDEX);
        push_index(&mut b, indices, cursor, c, base, restart);
        b.pop_if();
    }
    let other_streams = storage.other_streams.as_ref().map(|o| {
        let counters: Vec<Handle<Variable>> = (1..=GS_OTHER_STREAMS).map(|stream| private(shader, &format!("gs_emitted_stream{stream}"))).collect();
        let counts = word_buffer(shader, "gl_StreamVertexCounts", "StreamVertexCounts", set, o.counts_binding, false);
        let stream_records = word_buffer(shader, "gl_StreamCaptureRecords", "StreamCaptureRecords", set, o.records_binding, false);
        shader.variables[counts].access.writeonly = true;
        shader.variables[stream_records].access.writeonly = true;
        let emits: Vec<Handle<Function>> = (1..=GS_OTHER_STREAMS)
            .map(|stream| {
                let f = shader.functions.append(Function::new(&format!("gs_emit_stream{stream}_vertex"), Vec::new(), None));
                let counter = counters[stream as usize - 1];
                let mut b = Builder::new(shader, f);
                let n = b.load_var(counter);
                let limit = b.imm_u32(max_vertices);
                let fits = b.ult(n, limit);
                b.push_if(fits);
                let g = b.load_var(invocation);
                let streams = b.imm_u32(GS_OTHER_STREAMS);
                let g_streams = b.imul(g, streams);
                let own = b.imm_u32(stream - 1);
                let list = b.iadd(g_streams, own);
                let first = b.imul(list, limit);
                let slot = b.iadd(first, n);
                let p = b.deref_var(params);
                let capacity_ref = b.deref_struct(p, 2);
                let capacity = b.load_deref(capacity_ref);
                let stored_here = b.ult(slot, capacity);
                b.push_if(stored_here);
                let record_words = b.imm_u32(o.capture.words_per_vertex);
                let record = b.imul(slot, record_words);
                let words = word_array(&mut b, stream_records);
                for &(var, first_word) in &stream_stored[stream as usize - 1] {
                    let ty = b.shader.variables[var].ty;
                    let src = b.deref_var(var);
                    let mut word = first_word;
                    store_packed_words(&mut b, src, ty, words, record, &mut word, WordPacking::TransformFeedback);
                }
                b.pop_if();
                let one = b.imm_u32(1);
                let next = b.iadd(n, one);
                b.store_var(counter, next);
                b.pop_if();
                f
            })
            .collect();
        (counters, counts, emits)
    });
    let stream_emits = other_streams.as_ref().map(|(_, _, emits)| emits.clone()).unwrap_or_default();
    replace_emits(shader, emit, end, &stream_emits);

    // The entry point: which primitive and invocation, the inputs, the body, the restarts.
    shader.functions[body].name = "main_body".into();
    let entry = shader.functions.append(Function::new("main", Vec::new(), None));
    shader.entry = Some(entry);
    let mut b = Builder::new(shader, entry);
    let p = b.deref_var(params);
    let count_ref = b.deref_struct(p, 0);
    let primitive_count = b.load_deref(count_ref);
    let per_instance_ref = b.deref_struct(p, 1);
    let per_instance = b.load_deref(per_instance_ref);
    let gid = b.load_var(global_id);
    let g = b.channel(gid, 0);
    let invocations_value = b.imm_u32(invocations);
    let total = b.imul(primitive_count, invocations_value);
    let in_range = b.ult(g, total);
    b.push_if(in_range);
    b.store_var(invocation, g);
    let zero = b.imm_u32(0);
    b.store_var(emitted, zero);
    b.store_var(cursor, zero);
    if let Some((counters, _, _)) = &other_streams {
        for &counter in counters {
            b.store_var(counter, zero);
        }
    }
    let primitive = b.udiv(g, invocations_value);
    let primitive_first = b.imul(primitive, invocations_value);
    let instance_invocation = b.isub(g, primitive_first);
    let instance = b.udiv(primitive, per_instance);
    let instance_first = b.imul(instance, per_instance);
    let primitive_in_instance = b.isub(primitive, instance_first);
    for &var in &primitive_ids {
        let value = id_value(&mut b, var, primitive_in_instance);
        b.store_var(var, value);
    }
    for &var in &invocation_ids {
        let value = id_value(&mut b, var, instance_invocation);
        b.store_var(var, value);
    }
    let n = b.imm_u32(input_vertices);
    let first_slot = b.imul(primitive, n);
    let slot_list = word_array(&mut b, slots);
    let record_words = word_array(&mut b, records);
    let stride = b.imm_u32(storage.input_layout.words_per_vertex);
    for i in 0..input_vertices {
        let offset = b.imm_u32(i);
        let at = b.iadd(first_slot, offset);
        let slot_ref = b.deref_array(slot_list, at);
        let slot = b.load_deref(slot_ref);
        let record = b.imul(slot, stride);
        for &(var, first_word) in &loaded {
            let element_ty = match b.shader.types[b.shader.variables[var].ty] {
                Type::Array { element, .. } => element,
                _ => b.shader.variables[var].ty,
            };
            let root = b.deref_var(var);
            let dst = if element_ty == b.shader.variables[var].ty { root } else { b.deref_array_imm(root, i) };
            let mut word = first_word;
            load_words(&mut b, dst, element_ty, record_words, record, &mut word);
        }
    }
    b.call(body, &[]);
    if let Some((counters, counts, _)) = &other_streams {
        let streams = b.imm_u32(GS_OTHER_STREAMS);
        let first = b.imul(g, streams);
        let list = word_array(&mut b, *counts);
        let limit = b.imm_u32(max_vertices);
        for (i, &counter) in counters.iter().enumerate() {
            let n = b.load_var(counter);
            let n = b.umin(n, limit);
            let offset = b.imm_u32(i as u32);
            let at = b.iadd(first, offset);
            let d = b.deref_array(list, at);
            b.store_deref(d, n);
        }
    }
    // The index slots the invocation left: restarts.
    b.push_loop();
    let c = b.load_var(cursor);
    let limit = b.imm_u32(index_slots);
    let done = b.uge(c, limit);
    b.push_if(done);
    b.break_();
    b.pop_if();
    let base = b.imul(g, limit);
    let restart = b.imm_u32(GS_RESTART_INDEX);
    push_index(&mut b, indices, cursor, c, base, restart);
    b.pop_loop();
    b.pop_if();

    shader.stage = Stage::Compute;
    shader.info.compute.local_size = [GS_COMPUTE_GROUP_SIZE, 1, 1];
    debug_validate(shader, "lower_gs_to_compute");
    true
}

/// `value` (a uint) as the type of the id variable `var` (GL declares them `int`).
/// Stores `index` in the invocation's index slot `base + c` (`c` the cursor's value,
/// which the caller checked is inside the invocation's slots) and moves the cursor on.
fn push_index(b: &mut Builder, indices: Handle<Variable>, cursor: Handle<Variable>, c: crate::instr::Value, base: crate::instr::Value, index: crate::instr::Value) {
    let at = b.iadd(base, c);
    let list = word_array(b, indices);
    let slot = b.deref_array(list, at);
    b.store_deref(slot, index);
    let one = b.imm_u32(1);
    let next = b.iadd(c, one);
    b.store_var(cursor, next);
}

fn id_value(b: &mut Builder, var: Handle<Variable>, value: crate::instr::Value) -> crate::instr::Value {
    let ty = b.shader.types[b.shader.variables[var].ty].as_value().unwrap_or(ValueType::I32);
    if ty == ValueType::U32 {
        value
    } else {
        b.bitcast(value, ty)
    }
}

/// Calls `emit` and `end` for stream 0's EmitVertex and EndPrimitive and `stream_emits[s -
/// 1]` for stream `s`'s EmitStreamVertex; drops the rest (the other streams' emits without
/// `stream_emits`, and their EndStreamPrimitive, which points do not need).
fn replace_emits(shader: &mut Shader, emit: Handle<Function>, end: Handle<Function>, stream_emits: &[Handle<Function>]) {
    let found = super::find_instrs(shader, |f, v| {
        matches!(&f.instrs[v].kind, InstrKind::Intrinsic(i) if matches!(i.op, IntrinsicOp::EmitVertex { .. } | IntrinsicOp::EndPrimitive { .. }))
    });
    for &(func, block, index) in found.iter().rev() {
        let f = &mut shader.functions[func];
        let v = f.blocks[block].instrs[index];
        let target = match &f.instrs[v].kind {
            InstrKind::Intrinsic(i) => match i.op {
                IntrinsicOp::EmitVertex { stream: 0 } => Some(emit),
                IntrinsicOp::EndPrimitive { stream: 0 } => Some(end),
                IntrinsicOp::EmitVertex { stream } => stream_emits.get(stream as usize - 1).copied(),
                IntrinsicOp::EndPrimitive { .. } => None,
                _ => continue,
            },
            _ => continue,
        };
        match target {
            Some(function) => f.instrs[v].kind = InstrKind::Call { function, args: Vec::new() },
            None => {
                f.blocks[block].instrs.remove(index);
            }
        }
    }
}

fn params_variable(shader: &mut Shader, set: u32, binding: u32) -> Handle<Variable> {
    let uint = shader.add_type(Type::Vector(ValueType::U32));
    let member = |name: &str, offset: u32| StructMember { name: name.into(), ty: uint, offset: Some(offset), matrix_stride: None, row_major: false };
    let block = shader.add_type(Type::Struct {
        name: "GsComputeParams".into(),
        members: vec![member("primitive_count", 0), member("primitives_per_instance", 4), member("other_stream_slots", 8)],
    });
    shader.add_variable(Variable::new("gl_GsComputeParams", block, VariableMode::Ubo).with_binding(set, binding))
}
