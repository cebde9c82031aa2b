//! A vertex stage whose outputs a later stage reads from memory instead of from the
//! pipeline: every output (user varyings by location and component, gl_Position,
//! gl_PointSize, clip and cull distances, ...) is stored into a storage buffer of per-vertex
//! records, one record per vertex of the draw. Emulated geometry and tessellation stages
//! run as compute shaders and read their inputs from these records.
//!
//! The record slot of an invocation is the one transform feedback emulation uses
//! (`lower_xfb_to_storage`): `(VertexIndex - first_vertex) + (InstanceIndex - first_instance)
//! * vertices_per_instance` from a driver uniform block laid out as [`XfbDrawParams`];
//! invocations whose slot is not below `slot_count` store nothing. The entry point becomes
//! `main_body`, called by a new `main` that stores the record after it returns.
//!
//! A [`RecordLayout`] says where each output lives in a record, in 32-bit words; the
//! stage that reads the records finds its inputs in it by [`RecordKey`]. Values are stored
//! as their bits, one word per 32-bit component and two per 64-bit one, with no padding.
//!
//! [`XfbDrawParams`]: super::XfbDrawParams

use crate::arena::Handle;
use crate::builder::Builder;
use crate::function::Function;
use crate::instr::Value;
use crate::shader::{Shader, Stage};
use crate::types::{BaseType, StructMember, Type, ValueType};
use crate::validate::debug_validate;
use crate::variable::{Builtin, Variable, VariableMode};

/// How a stage's input finds the output that feeds it: by location and component for the
/// program's own varyings, by built-in for gl_Position and its friends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RecordKey {
    Varying { location: u32, component: u32 },
    Builtin(Builtin),
}

impl RecordKey {
    /// The key of an input or output variable.
    pub fn of(var: &Variable) -> Option<RecordKey> {
        match (var.builtin, var.location) {
            (Some(b), _) => Some(RecordKey::Builtin(b)),
            (None, Some(location)) => Some(RecordKey::Varying { location, component: var.component.unwrap_or(0) }),
            (None, None) => None,
        }
    }
}

/// One output's place in a record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RecordEntry {
    pub key: RecordKey,
    pub first_word: u32,
    pub words: u32,
}

/// Where each output of a stage lives in its per-vertex record.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RecordLayout {
    pub entries: Vec<RecordEntry>,
    pub words_per_vertex: u32,
}

impl RecordLayout {
    /// Every output of `shader`, in declaration order: per-patch outputs and those of
    /// vertex streams other than 0 are left out (no later stage reads them per vertex).
    pub fn of_outputs(shader: &Shader) -> Self {
        let mut layout = RecordLayout::default();
        for (_, v) in shader.variables.iter() {
            if v.mode != VariableMode::ShaderOut || v.patch || v.stream.unwrap_or(0) != 0 {
                continue;
            }
            let Some(key) = RecordKey::of(v) else { continue };
            if layout.find(key).is_some() {
                continue;
            }
            let words = type_words(shader, v.ty);
            if words == 0 {
                continue;
            }
            layout.entries.push(RecordEntry { key, first_word: layout.words_per_vertex, words });
            layout.words_per_vertex += words;
        }
        layout
    }

    pub fn find(&self, key: RecordKey) -> Option<&RecordEntry> {
        self.entries.iter().find(|e| e.key == key)
    }
}

/// Where the records go and where the draw's numbers come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordStorage {
    pub set: u32,
    /// Storage buffer of records: `uint words[]`.
    pub records_binding: u32,
    /// Uniform buffer laid out as [`super::XfbDrawParams`].
    pub params_binding: u32,
    pub layout: RecordLayout,
}

/// Words a value of memory type `ty` takes in a record.
pub fn type_words(shader: &Shader, ty: Handle<Type>) -> u32 {
    match &shader.types[ty] {
        Type::Vector(vt) => vt.components as u32 * if vt.bits == 64 { 2 } else { 1 },
        Type::Matrix { columns, rows, bits } => *columns as u32 * *rows as u32 * if *bits == 64 { 2 } else { 1 },
        Type::Array { element, length: Some(n), .. } => n * type_words(shader, *element),
        Type::Struct { members, .. } => members.iter().map(|m| type_words(shader, m.ty)).sum(),
        _ => 0,
    }
}

/// Stores a vertex shader's outputs into its record; returns whether it changed anything.
/// Other stages are left alone.
pub fn lower_outputs_to_records(shader: &mut Shader, storage: &RecordStorage) -> bool {
    if shader.stage != Stage::Vertex {
        return false;
    }
    let Some(body) = shader.entry else { return false };
    let stored: Vec<(Handle<Variable>, u32)> = shader
        .variables
        .iter()
        .filter(|(_, v)| v.mode == VariableMode::ShaderOut)
        .filter_map(|(h, v)| Some((h, storage.layout.find(RecordKey::of(v)?)?.first_word)))
        .collect();
    if stored.is_empty() {
        return false;
    }
    let records = word_buffer(shader, "gl_OutputRecords", "OutputRecords", storage.set, storage.records_binding, false);
    let params = draw_params_block(shader, "RecordDrawParams", "gl_RecordDrawParams", storage.set, storage.params_binding);
    let (mut b, slot) = begin_record_slot_entry(shader, body, params);
    let words_per_vertex = b.imm_u32(storage.layout.words_per_vertex);
    let record = b.imul(slot, words_per_vertex);
    let words = word_array(&mut b, records);
    for &(var, first_word) in &stored {
        let ty = b.shader.variables[var].ty;
        let src = b.deref_var(var);
        let mut word = first_word;
        store_words(&mut b, src, ty, words, record, &mut word);
    }
    b.pop_if();
    debug_validate(shader, "lower_outputs_to_records");
    true
}

/// Stores the value behind `src` (of memory type `ty`) as words `record + *word` on of
/// the `uint[]` behind `words`, advancing `*word`, each component right after the last.
pub fn store_words(b: &mut Builder, src: Value, ty: Handle<Type>, words: Value, record: Value, word: &mut u32) {
    store_packed_words(b, src, ty, words, record, word, WordPacking::Tight)
}

/// Where [`store_packed_words`] puts a 64-bit component.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum WordPacking {
    /// Right after the previous component: the emulations' own records.
    Tight,
    /// On the next even word, as transform feedback captures doubles.
    TransformFeedback,
}

/// [`store_words`] with the 64-bit placement of `packing`.
pub fn store_packed_words(b: &mut Builder, src: Value, ty: Handle<Type>, words: Value, record: Value, word: &mut u32, packing: WordPacking) {
    match b.shader.types[ty].clone() {
        Type::Vector(vt) => {
            let value = b.load_deref(src);
            for c in 0..vt.components {
                let scalar = if vt.components == 1 { value } else { b.channel(value, c) };
                if vt.bits == 64 && packing == WordPacking::TransformFeedback {
                    *word = word.next_multiple_of(2);
                }
                for part in scalar_to_words(b, scalar, vt) {
                    let dst = word_at(b, words, record, *word);
                    b.store_deref(dst, part);
                    *word += 1;
                }
            }
        }
        Type::Matrix { columns, rows, bits } => {
            let column_ty = b.value_type_handle(ValueType::new(BaseType::Float, bits, rows));
            for c in 0..columns as u32 {
                let column = b.deref_array_imm(src, c);
                store_packed_words(b, column, column_ty, words, record, word, packing);
            }
        }
        Type::Array { element, length: Some(n), .. } => {
            for i in 0..n {
                let e = b.deref_array_imm(src, i);
                store_packed_words(b, e, element, words, record, word, packing);
            }
        }
        Type::Struct { members, .. } => {
            for (i, m) in members.iter().enumerate() {
                let e = b.deref_struct(src, i as u32);
                store_packed_words(b, e, m.ty, words, record, word, packing);
            }
        }
        // Unsized arrays and opaque types are no outputs.
        _ => {}
    }
}

/// Loads words `record + *word` on of the `uint[]` behind `words` into the variable part
/// behind `dst` (of memory type `ty`), advancing `*word`: the inverse of [`store_words`].
pub fn load_words(b: &mut Builder, dst: Value, ty: Handle<Type>, words: Value, record: Value, word: &mut u32) {
    match b.shader.types[ty].clone() {
        Type::Vector(vt) => {
            let mut scalars = Vec::with_capacity(vt.components as usize);
            for _ in 0..vt.components {
                let count = if vt.bits == 64 { 2 } else { 1 };
                let mut parts = Vec::with_capacity(count);
                for _ in 0..count {
                    let src = word_at(b, words, record, *word);
                    parts.push(b.load_deref(src));
                    *word += 1;
                }
                scalars.push(words_to_scalar(b, &parts, vt));
            }
            let value = if scalars.len() == 1 { scalars[0] } else { b.compose(&scalars) };
            b.store_deref(dst, value);
        }
        Type::Matrix { columns, rows, bits } => {
            let column_ty = b.value_type_handle(ValueType::new(BaseType::Float, bits, rows));
            for c in 0..columns as u32 {
                let column = b.deref_array_imm(dst, c);
                load_words(b, column, column_ty, words, record, word);
            }
        }
        Type::Array { element, length: Some(n), .. } => {
            for i in 0..n {
                let e = b.deref_array_imm(dst, i);
                load_words(b, e, element, words, record, word);
            }
        }
        Type::Struct { members, .. } => {
            for (i, m) in members.iter().enumerate() {
                let e = b.deref_struct(dst, i as u32);
                load_words(b, e, m.ty, words, record, word);
            }
        }
        _ => {}
    }
}

/// The words of one scalar of type `vt`: its bits (two words for 64 bits); booleans and
/// small types widened to a uint.
fn scalar_to_words(b: &mut Builder, scalar: Value, vt: ValueType) -> Vec<Value> {
    if vt.bits == 64 {
        let pair = b.bitcast(scalar, ValueType::uint(2));
        vec![b.channel(pair, 0), b.channel(pair, 1)]
    } else if vt.is_bool() {
        let one = b.imm_u32(1);
        let zero = b.imm_u32(0);
        vec![b.select(scalar, one, zero)]
    } else if vt.bits == 32 {
        vec![as_u32(b, scalar)]
    } else {
        vec![b.convert(scalar, BaseType::Uint, 32)]
    }
}

/// The scalar of type `vt` that [`scalar_to_words`] turned into `parts`.
fn words_to_scalar(b: &mut Builder, parts: &[Value], vt: ValueType) -> Value {
    let scalar = vt.scalar();
    if vt.bits == 64 {
        let pair = b.compose(parts);
        b.bitcast(pair, scalar)
    } else if vt.is_bool() {
        let zero = b.imm_u32(0);
        b.ine(parts[0], zero)
    } else if vt.bits == 32 {
        if scalar == ValueType::U32 {
            parts[0]
        } else {
            b.bitcast(parts[0], scalar)
        }
    } else {
        b.convert(parts[0], scalar.base, scalar.bits)
    }
}

/// A deref of word `record + word` of `words`.
fn word_at(b: &mut Builder, words: Value, record: Value, word: u32) -> Value {
    let offset = b.imm_u32(word);
    let index = b.iadd(record, offset);
    b.deref_array(words, index)
}

/// A 32-bit scalar's bits as a uint (no instruction when it is one already).
pub(crate) fn as_u32(b: &mut Builder, value: Value) -> Value {
    if b.type_of(value) == ValueType::U32 {
        value
    } else {
        b.bitcast(value, ValueType::U32)
    }
}

/// A storage buffer `block { uint words[]; } name` at (`set`, `binding`).
pub(crate) fn word_buffer(shader: &mut Shader, name: &str, block: &str, set: u32, binding: u32, readonly: bool) -> Handle<Variable> {
    let uint = shader.add_type(Type::Vector(ValueType::U32));
    let words = shader.add_type(Type::Array { element: uint, length: None, stride: Some(4) });
    let ty = shader.add_type(Type::Struct {
        name: block.into(),
        members: vec![StructMember { name: "words".into(), ty: words, offset: Some(0), matrix_stride: None, row_major: false }],
    });
    let mut var = Variable::new(name, ty, VariableMode::Ssbo).with_binding(set, binding);
    var.access.readonly = readonly;
    shader.add_variable(var)
}

/// The `uint words[]` member of a [`word_buffer`].
pub(crate) fn word_array(b: &mut Builder, buffer: Handle<Variable>) -> Value {
    let root = b.deref_var(buffer);
    b.deref_struct(root, 0)
}

/// The uniform block of a draw's record numbers (first vertex, first instance, vertices
/// per instance, slot count), as transform feedback emulation lays them out.
pub(crate) fn draw_params_block(shader: &mut Shader, block: &str, name: &str, set: u32, binding: u32) -> Handle<Variable> {
    let uint = shader.add_type(Type::Vector(ValueType::U32));
    let member = |name: &str, offset: u32| StructMember { name: name.into(), ty: uint, offset: Some(offset), matrix_stride: None, row_major: false };
    let ty = shader.add_type(Type::Struct {
        name: block.into(),
        members: vec![member("first_vertex", 0), member("first_instance", 4), member("vertices_per_instance", 8), member("slot_count", 12)],
    });
    shader.add_variable(Variable::new(name, ty, VariableMode::Ubo).with_binding(set, binding))
}

/// Renames the entry point `body` to `main_body` and builds a new `main` that calls it,
/// then works out the invocation's record slot,
/// `(VertexIndex - first_vertex) + (InstanceIndex - first_instance) * vertices_per_instance`,
/// from the [`draw_params_block`] `params`, and opens an `if` for slots below the slot
/// count. Returns the builder inside that `if` (the caller stores and pops it) and the slot.
pub(crate) fn begin_record_slot_entry(shader: &mut Shader, body: Handle<Function>, params: Handle<Variable>) -> (Builder<'_>, Value) {
    let vertex_index = input_builtin(shader, "gl_VertexIndex", Builtin::VertexIndex);
    let instance_index = input_builtin(shader, "gl_InstanceIndex", Builtin::InstanceIndex);
    shader.functions[body].name = "main_body".into();
    let entry: Handle<Function> = shader.functions.append(Function::new("main", Vec::new(), None));
    shader.entry = Some(entry);
    let mut b = Builder::new(shader, entry);
    b.call(body, &[]);
    let p = b.deref_var(params);
    let param = |b: &mut Builder, member: u32| {
        let d = b.deref_struct(p, member);
        b.load_deref(d)
    };
    let first_vertex = param(&mut b, 0);
    let first_instance = param(&mut b, 1);
    let per_instance = param(&mut b, 2);
    let slot_count = param(&mut b, 3);
    let vi = b.load_var(vertex_index);
    let vi = as_u32(&mut b, vi);
    let ii = b.load_var(instance_index);
    let ii = as_u32(&mut b, ii);
    let vertex = b.isub(vi, first_vertex);
    let instance = b.isub(ii, first_instance);
    let instance_base = b.imul(instance, per_instance);
    let slot = b.iadd(vertex, instance_base);
    let in_range = b.ult(slot, slot_count);
    b.push_if(in_range);
    (b, slot)
}

/// The shader's input built-in, declared (as `int`, as GL declares it) when missing.
pub(crate) fn input_builtin(shader: &mut Shader, name: &str, builtin: Builtin) -> Handle<Variable> {
    if let Some(v) = super::find_builtin(shader, builtin, VariableMode::ShaderIn) {
        return v;
    }
    let int = shader.add_type(Type::Vector(ValueType::I32));
    shader.add_variable(Variable::new(name, int, VariableMode::ShaderIn).with_builtin(builtin))
}
