//! The compute shader that finishes emulated transform feedback: after a draw whose last
//! vertex stage stored one record per vertex (`lower_xfb_to_storage`), it copies the
//! records of GL's primitives into one transform feedback buffer.
//!
//! Which records, in which order, is a list of record slots the draw path works out from
//! GL's primitive rules (strips, fans and loops taken apart, indices read, restarts
//! honoured, only whole primitives that fit), so the shader is a plain gather: invocation
//! `i` copies captured word `words[i % n]` of the `i / n`-th listed vertex, `n` the words
//! the buffer's varyings cover. One dispatch per buffer; a buffer's part of a record is
//! its vertex exactly as GL lays it out. Only listed words are written: the holes
//! gl_SkipComponents leaves keep what the buffer held.

use crate::builder::Builder;
use crate::shader::{Shader, Stage};
use crate::types::{StructMember, Type, ValueType};
use crate::variable::{Builtin, Variable, VariableMode};

/// Invocations per workgroup of the copy shader.
pub const XFB_COPY_GROUP_SIZE: u32 = 64;

/// Bindings (set 0) of the copy shader.
pub mod xfb_copy_binding {
    /// The records the vertex stage stored (`uint words[]`).
    pub const RECORDS: u32 = 0;
    /// The record slot of each vertex to write, in output order (`uint slots[]`).
    pub const SLOTS: u32 = 1;
    /// The transform feedback buffer, bound whole (`uint words[]`).
    pub const DESTINATION: u32 = 2;
    /// [`super::XfbCopyParams`] as a uniform block.
    pub const PARAMS: u32 = 3;
    /// The words of a vertex the buffer's varyings cover, ascending (`uint words[]`).
    pub const WORDS: u32 = 4;
}

/// What one copy dispatch does, as its uniform block holds it (32-bit words).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct XfbCopyParams {
    /// Listed vertices to write.
    pub vertex_count: u32,
    /// Words of one record.
    pub record_words: u32,
    /// First word of this buffer's part of a record.
    pub section_word: u32,
    /// The buffer's stride in words.
    pub stride_words: u32,
    /// Word of the destination buffer the first vertex goes to.
    pub destination_word: u32,
    /// Entries of the captured-word list.
    pub word_count: u32,
}

impl XfbCopyParams {
    pub fn to_words(self) -> [u32; 8] {
        [self.vertex_count, self.record_words, self.section_word, self.stride_words, self.destination_word, self.word_count, 0, 0]
    }

    /// Workgroups a dispatch of these parameters needs.
    pub fn workgroups(self) -> u32 {
        (self.vertex_count * self.word_count).div_ceil(XFB_COPY_GROUP_SIZE)
    }
}

/// The copy shader.
pub fn build_xfb_copy() -> Shader {
    let mut s = Shader::new(Stage::Compute);
    s.name = "xfb_copy".into();
    s.info.compute.local_size = [XFB_COPY_GROUP_SIZE, 1, 1];
    let mut b = Builder::main(&mut s);
    let uint = b.value_type_handle(ValueType::U32);
    let member = |name: &str, ty, offset: u32| StructMember { name: name.into(), ty, offset: Some(offset), matrix_stride: None, row_major: false };
    let words_ty = b.array_type(uint, None, Some(4));
    let buffer = |b: &mut Builder, block: &str, name: &str, binding: u32, readonly: bool| {
        let ty = b.ty(Type::Struct { name: block.into(), members: vec![member("words", words_ty, 0)] });
        let mut var = Variable::new(name, ty, VariableMode::Ssbo).with_binding(0, binding);
        var.access.readonly = readonly;
        var.access.writeonly = !readonly;
        b.variable(var)
    };
    let records = buffer(&mut b, "XfbRecords", "records", xfb_copy_binding::RECORDS, true);
    let slots = buffer(&mut b, "XfbSlots", "slots", xfb_copy_binding::SLOTS, true);
    let destination = buffer(&mut b, "XfbDestination", "destination", xfb_copy_binding::DESTINATION, false);
    let captured_words = buffer(&mut b, "XfbCapturedWords", "captured_words", xfb_copy_binding::WORDS, true);
    let params_ty = b.ty(Type::Struct {
        name: "XfbCopyParams".into(),
        members: ["vertex_count", "record_words", "section_word", "stride_words", "destination_word", "word_count"]
            .iter()
            .enumerate()
            .map(|(i, n)| member(n, uint, 4 * i as u32))
            .collect(),
    });
    let params = b.variable(Variable::new("params", params_ty, VariableMode::Ubo).with_binding(0, xfb_copy_binding::PARAMS));
    let uvec3 = b.value_type_handle(ValueType::uint(3));
    let global_id = b.builtin("gl_GlobalInvocationID", uvec3, VariableMode::ShaderIn, Builtin::GlobalInvocationId);

    let p = b.deref_var(params);
    let mut param = |i: u32| {
        let d = b.deref_struct(p, i);
        b.load_deref(d)
    };
    let (vertex_count, record_words, section_word, stride_words, destination_word, word_count) = (param(0), param(1), param(2), param(3), param(4), param(5));
    let gid = b.load_var(global_id);
    let i = b.channel(gid, 0);
    let total = b.imul(vertex_count, word_count);
    let in_range = b.ult(i, total);
    b.push_if(in_range);
    let vertex = b.udiv(i, word_count);
    let vertex_entries = b.imul(vertex, word_count);
    let entry = b.isub(i, vertex_entries);
    let word = {
        let root = b.deref_var(captured_words);
        let list = b.deref_struct(root, 0);
        let at = b.deref_array(list, entry);
        b.load_deref(at)
    };
    let slot_list = {
        let root = b.deref_var(slots);
        b.deref_struct(root, 0)
    };
    let slot_ref = b.deref_array(slot_list, vertex);
    let slot = b.load_deref(slot_ref);
    let record = b.imul(slot, record_words);
    let record_section = b.iadd(record, section_word);
    let source_index = b.iadd(record_section, word);
    let source = {
        let root = b.deref_var(records);
        let words = b.deref_struct(root, 0);
        b.deref_array(words, source_index)
    };
    let value = b.load_deref(source);
    let vertex_words = b.imul(vertex, stride_words);
    let vertex_start = b.iadd(destination_word, vertex_words);
    let destination_base = b.iadd(vertex_start, word);
    let target = {
        let root = b.deref_var(destination);
        let words = b.deref_struct(root, 0);
        b.deref_array(words, destination_base)
    };
    b.store_deref(target, value);
    b.pop_if();
    crate::validate::debug_validate(&s, "build_xfb_copy");
    s
}
