//! Transform feedback without the target's capture hardware (VK_EXT_transform_feedback):
//! the last vertex stage stores what it captures into a storage buffer, one record per
//! vertex of the draw, and a compute pass after the draw copies the records of GL's
//! primitives to the bound transform feedback buffers (as Asahi does on AGX).
//!
//! Records, not the GL buffers, are written here because a vertex shader invocation does
//! not know which primitives its vertex belongs to: strips, fans, loops, indexed draws and
//! primitive restart repeat or skip vertices, and GL writes only whole primitives that fit.
//! A record holds each buffer's vertex exactly as GL lays it out in that buffer (same
//! offsets, same stride), the buffers one after another, so the copy is a plain word copy
//! that knows nothing about the program's varyings.
//!
//! The record slot of an invocation is
//! `(VertexIndex - first_vertex) + (InstanceIndex - first_instance) * vertices_per_instance`,
//! with the three numbers from a small driver uniform block ([`XfbDrawParams`]); invocations
//! whose slot is not below `slot_count` store nothing. The entry point becomes
//! `main_body`, called by a new `main` that stores the record after it returns, so every
//! return of the shader is covered. The Xfb decorations are removed: the pipeline needs no
//! transformFeedback feature.

use crate::arena::Handle;
use crate::shader::{Shader, Stage};
use crate::types::{StructMember, Type, ValueType};
use crate::validate::debug_validate;
use super::lower_outputs_to_records::{begin_record_slot_entry, draw_params_block, store_packed_words, WordPacking};
use crate::variable::{Variable, VariableMode};

/// Buffers one capture can write (GL_MAX_TRANSFORM_FEEDBACK_BUFFERS).
pub const XFB_RECORD_BUFFERS: usize = 4;

/// Where the records go and where the draw's numbers come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct XfbStorage {
    pub set: u32,
    /// Storage buffer of records: `uint words[]`.
    pub records_binding: u32,
    /// Uniform buffer laid out as [`XfbDrawParams`].
    pub params_binding: u32,
    /// The record layout, from the program's buffer strides (what the copy after the draw
    /// reads, so both sides take it from one place).
    pub layout: XfbRecordLayout,
}

/// The driver uniform block the vertex stage reads, as the draw path fills it (four
/// 32-bit words).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct XfbDrawParams {
    /// gl_VertexIndex of slot 0: the draw's first vertex (with the base vertex for
    /// indexed draws, the lowest index plus the base vertex).
    pub first_vertex: u32,
    /// gl_InstanceIndex of the first instance (the draw's base instance).
    pub first_instance: u32,
    /// Record slots one instance takes.
    pub vertices_per_instance: u32,
    /// Record slots the records buffer holds; invocations past it store nothing.
    pub slot_count: u32,
}

impl XfbDrawParams {
    pub fn to_words(self) -> [u32; 4] {
        [self.first_vertex, self.first_instance, self.vertices_per_instance, self.slot_count]
    }
}

/// Where each GL buffer's vertex sits in a record, in 32-bit words.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct XfbRecordLayout {
    /// Per GL buffer index: first word of its part of the record and its stride in words
    /// (`None` for buffers the program does not write).
    pub sections: [Option<(u32, u32)>; XFB_RECORD_BUFFERS],
    pub words_per_vertex: u32,
}

impl XfbRecordLayout {
    /// The layout for GL buffer strides in bytes (0: the buffer is not written). GL
    /// strides are multiples of four.
    pub fn from_strides(strides: &[u32]) -> Self {
        let mut layout = XfbRecordLayout::default();
        for (b, &stride) in strides.iter().enumerate().take(XFB_RECORD_BUFFERS) {
            if stride == 0 {
                continue;
            }
            let words = stride.div_ceil(4);
            layout.sections[b] = Some((layout.words_per_vertex, words));
            layout.words_per_vertex += words;
        }
        layout
    }

    /// The layout of a shader's capture decorations (buffers without a decorated output,
    /// such as ones holding only skipped components, are left out).
    pub fn of_shader(shader: &Shader) -> Self {
        let mut strides = [0u32; XFB_RECORD_BUFFERS];
        for (_, v) in shader.variables.iter() {
            if let Some(x) = v.xfb.filter(|_| v.mode == VariableMode::ShaderOut) {
                if let Some(s) = strides.get_mut(x.buffer as usize) {
                    *s = (*s).max(x.stride);
                }
            }
        }
        Self::from_strides(&strides)
    }
}

/// Rewrites a vertex shader's capture decorations into record stores; returns whether it
/// changed anything. Other stages are left alone: an emulated geometry shader's captures
/// are stored by its pass-through vertex shader (`build_gs_passthrough_vertex`), which
/// carries its decorations.
pub fn lower_xfb_to_storage(shader: &mut Shader, storage: &XfbStorage) -> bool {
    if shader.stage != Stage::Vertex {
        return false;
    }
    let Some(body) = shader.entry else { return false };
    let layout = storage.layout;
    let captured: Vec<(Handle<Variable>, u32)> = shader
        .variables
        .iter()
        .filter(|(_, v)| v.mode == VariableMode::ShaderOut)
        .filter_map(|(h, v)| {
            let x = v.xfb?;
            let (first, _) = layout.sections.get(x.buffer as usize).copied().flatten()?;
            Some((h, first + x.offset / 4))
        })
        .collect();
    if captured.is_empty() {
        return false;
    }
    let records = records_variable(shader, storage);
    let params = draw_params_block(shader, "XfbDrawParams", "gl_XfbDrawParams", storage.set, storage.params_binding);
    let (mut b, slot) = begin_record_slot_entry(shader, body, params);
    let words_per_vertex = b.imm_u32(layout.words_per_vertex);
    let record = b.imul(slot, words_per_vertex);
    let root = b.deref_var(records);
    let words = b.deref_struct(root, 0);
    for (var, first_word) in &captured {
        let ty = b.shader.variables[*var].ty;
        let src = b.deref_var(*var);
        let mut word = *first_word;
        store_packed_words(&mut b, src, ty, words, record, &mut word, WordPacking::TransformFeedback);
    }
    b.pop_if();
    for (var, _) in &captured {
        shader.variables[*var].xfb = None;
    }
    debug_validate(shader, "lower_xfb_to_storage");
    true
}



fn records_variable(shader: &mut Shader, storage: &XfbStorage) -> Handle<Variable> {
    let uint = shader.add_type(Type::Vector(ValueType::U32));
    let words = shader.add_type(Type::Array { element: uint, length: None, stride: Some(4) });
    let block = shader.add_type(Type::Struct {
        name: "XfbRecords".into(),
        members: vec![StructMember { name: "words".into(), ty: words, offset: Some(0), matrix_stride: None, row_major: false }],
    });
    let mut var = Variable::new("gl_XfbRecords", block, VariableMode::Ssbo);
    var.binding = Some(storage.records_binding);
    var.descriptor_set = Some(storage.set);
    var.access.writeonly = true;
    shader.add_variable(var)
}
