//! The vertex shader that draws what an emulated geometry shader emitted
//! (`lower_gs_to_compute`): it reads emitted vertex `gl_VertexIndex` from the
//! output-vertex buffer and writes the outputs the geometry shader wrote, declared as the
//! geometry shader declared them, so the program's own fragment shader follows unchanged.
//!
//! The outputs keep the geometry shader's transform feedback decorations (of stream 0,
//! the one drawn): the pass-through shader is the captured stage, natively or through
//! `lower_xfb_to_storage`.
//!
//! gl_PrimitiveID, which a vertex stage cannot write, goes to the fragment stage as a flat
//! varying at a location the caller picks (`lower_primitive_id_to_varying` moves the
//! fragment shader's input there). gl_Layer and gl_ViewportIndex are left out. For point
//! outputs, which are drawn without primitive restart, a restart index read as a vertex
//! gets a position outside the clip volume, so the point is dropped.

use std::collections::HashMap;

use crate::arena::Handle;
use crate::builder::Builder;
use crate::shader::{Shader, Stage};
use crate::types::{StructMember, Type, ValueType};
use crate::validate::debug_validate;
use crate::variable::{Builtin, Interpolation, Variable, VariableMode};

use super::lower_gs_to_compute::GS_RESTART_INDEX;
use super::lower_outputs_to_records::{as_u32, input_builtin, word_array, word_buffer};
use super::{load_words, RecordKey, RecordLayout};

/// Where the pass-through vertex shader reads, and what it hands on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GsPassthrough {
    pub set: u32,
    /// The emitted vertices (`uint words[]`), laid out as `layout`.
    pub vertices_binding: u32,
    pub layout: RecordLayout,
    /// The varying location gl_PrimitiveID goes to, when the fragment stage reads it.
    pub primitive_id_location: Option<u32>,
    /// The geometry shader emits points: restart indices arrive as vertices.
    pub points: bool,
}

/// Built-ins a vertex shader writes as they are.
fn vertex_builtin(builtin: Builtin) -> bool {
    matches!(builtin, Builtin::Position | Builtin::PointSize | Builtin::ClipDistance | Builtin::CullDistance | Builtin::ClipVertex)
}

/// The pass-through vertex shader for the (lowered) geometry shader `gs`.
pub fn build_gs_passthrough_vertex(gs: &Shader, options: &GsPassthrough) -> Shader {
    let mut s = Shader::new(Stage::Vertex);
    s.name = "gs_passthrough".into();
    let mut types = HashMap::new();
    let mut outputs: Vec<(Handle<Variable>, u32)> = Vec::new();
    for entry in &options.layout.entries {
        let Some((_, v)) = gs.variables.iter().find(|(_, v)| v.mode == VariableMode::ShaderOut && v.stream.unwrap_or(0) == 0 && RecordKey::of(v) == Some(entry.key)) else {
            continue;
        };
        let mut var = v.clone();
        var.ty = import_type(gs, v.ty, &mut s, &mut types);
        var.stream = None;
        match v.builtin {
            Some(b) if vertex_builtin(b) => {}
            Some(Builtin::PrimitiveId) => match options.primitive_id_location {
                Some(location) => {
                    var.builtin = None;
                    var.location = Some(location);
                    var.component = None;
                    var.interpolation = Interpolation::Flat;
                }
                None => continue,
            },
            Some(_) => continue,
            None => {}
        }
        outputs.push((s.add_variable(var), entry.first_word));
    }
    let position = match outputs.iter().find(|(v, _)| s.variables[*v].builtin == Some(Builtin::Position)) {
        Some(&(v, _)) => v,
        None => {
            let vec4 = s.add_type(Type::Vector(ValueType::VEC4));
            s.add_variable(Variable::new("gl_Position", vec4, VariableMode::ShaderOut).with_builtin(Builtin::Position))
        }
    };
    let vertices = word_buffer(&mut s, "gl_EmittedVertices", "EmittedVertices", options.set, options.vertices_binding, true);
    let vertex_index = input_builtin(&mut s, "gl_VertexIndex", Builtin::VertexIndex);

    let mut b = Builder::main(&mut s);
    let vi = b.load_var(vertex_index);
    let vi = as_u32(&mut b, vi);
    let restart = b.imm_u32(GS_RESTART_INDEX);
    let is_vertex = b.ine(vi, restart);
    let zero = b.imm_u32(0);
    let vertex = if options.points { b.select(is_vertex, vi, zero) } else { vi };
    let stride = b.imm_u32(options.layout.words_per_vertex);
    let record = b.imul(vertex, stride);
    let words = word_array(&mut b, vertices);
    for &(var, first_word) in &outputs {
        let ty = b.shader.variables[var].ty;
        let dst = b.deref_var(var);
        let mut word = first_word;
        load_words(&mut b, dst, ty, words, record, &mut word);
    }
    if options.points {
        let not_vertex = b.bnot(is_vertex);
        b.push_if(not_vertex);
        let outside = b.imm_vec(&[2.0, 2.0, 2.0, 1.0]);
        b.store_var(position, outside);
        b.pop_if();
    }
    debug_validate(&s, "build_gs_passthrough_vertex");
    s
}

/// `ty` of `from`, added to `to` with every type it refers to.
fn import_type(from: &Shader, ty: Handle<Type>, to: &mut Shader, done: &mut HashMap<Handle<Type>, Handle<Type>>) -> Handle<Type> {
    if let Some(&t) = done.get(&ty) {
        return t;
    }
    let imported = match from.types[ty].clone() {
        Type::Array { element, length, stride } => Type::Array { element: import_type(from, element, to, done), length, stride },
        Type::Struct { name, members } => Type::Struct {
            name,
            members: members.into_iter().map(|m| StructMember { ty: import_type(from, m.ty, to, done), ..m }).collect(),
        },
        other => other,
    };
    let t = to.add_type(imported);
    done.insert(ty, t);
    t
}
