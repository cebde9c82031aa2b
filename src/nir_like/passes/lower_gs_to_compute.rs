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

use crate::arena::Handle;
use crate::builder::Builder;
use crate::function::Function;
use crate::instr::InstrKind;
use crate::intrinsic::IntrinsicOp;
use crate::shader::{Primitive, Shader, Stage};
use crate::types::{StructMember, Type, ValueType};
use crate::validate::debug_validate;
use crate::variable::{Builtin, Variable, VariableMode};

use super::lower_outputs_to_records::{word_array, word_buffer};
use super::{load_words, store_words, RecordKey, RecordLayout};

/// Invocations per workgroup of an emulated geometry shader.
pub const GS_COMPUTE_GROUP_SIZE: u32 = 64;

/// The index that ends a strip in the emitted index buffer.
pub const GS_RESTART_INDEX: u32 = u32::MAX;

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
}

/// The draw's numbers an emulated geometry shader reads (four 32-bit words).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GsComputeParams {
    /// Input primitives of the whole draw, every instance's one after another.
    pub primitive_count: u32,
    /// Input primitives of one instance (gl_PrimitiveIDIn counts within an instance).
    pub primitives_per_instance: u32,
}

impl GsComputeParams {
    pub fn to_words(self) -> [u32; 4] {
        [self.primitive_count, self.primitives_per_instance, 0, 0]
    }
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
            _ => {}
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
    replace_emits(shader, emit, end);

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

/// Calls `emit` and `end` for stream 0's EmitVertex and EndPrimitive; drops the other
/// streams' (they are not rasterised).
fn replace_emits(shader: &mut Shader, emit: Handle<Function>, end: Handle<Function>) {
    let found = super::find_instrs(shader, |f, v| {
        matches!(&f.instrs[v].kind, InstrKind::Intrinsic(i) if matches!(i.op, IntrinsicOp::EmitVertex { .. } | IntrinsicOp::EndPrimitive { .. }))
    });
    for &(func, block, index) in found.iter().rev() {
        let f = &mut shader.functions[func];
        let v = f.blocks[block].instrs[index];
        let (stream, target) = match &f.instrs[v].kind {
            InstrKind::Intrinsic(i) => match i.op {
                IntrinsicOp::EmitVertex { stream } => (stream, emit),
                IntrinsicOp::EndPrimitive { stream } => (stream, end),
                _ => continue,
            },
            _ => continue,
        };
        if stream == 0 {
            f.instrs[v].kind = InstrKind::Call { function: target, args: Vec::new() };
        } else {
            f.blocks[block].instrs.remove(index);
        }
    }
}

fn params_variable(shader: &mut Shader, set: u32, binding: u32) -> Handle<Variable> {
    let uint = shader.add_type(Type::Vector(ValueType::U32));
    let member = |name: &str, offset: u32| StructMember { name: name.into(), ty: uint, offset: Some(offset), matrix_stride: None, row_major: false };
    let block = shader.add_type(Type::Struct { name: "GsComputeParams".into(), members: vec![member("primitive_count", 0), member("primitives_per_instance", 4)] });
    shader.add_variable(Variable::new("gl_GsComputeParams", block, VariableMode::Ubo).with_binding(set, binding))
}
