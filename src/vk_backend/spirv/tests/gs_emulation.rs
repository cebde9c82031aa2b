//! Geometry-shader emulation's shaders, emitted and checked by spirv-val: a vertex shader
//! storing its outputs into records (`lower_outputs_to_records`).

mod common;

use common::assert_valid;
use nir_like::passes::{lower_outputs_to_records, RecordLayout, RecordStorage};
use nir_like::*;

/// A vertex shader writing gl_Position, gl_PointSize, two clip distances, a vec3, a flat
/// uint, a dvec2 and a mat2x3.
fn vertex_shader() -> Shader {
    let mut s = Shader::new(Stage::Vertex);
    let mut b = Builder::main(&mut s);
    let pos_in = b.input("pos", ValueType::VEC4, 0);
    let vec4 = b.value_type_handle(ValueType::VEC4);
    let float = b.value_type_handle(ValueType::F32);
    let pos = b.builtin("gl_Position", vec4, VariableMode::ShaderOut, Builtin::Position);
    let size = b.builtin("gl_PointSize", float, VariableMode::ShaderOut, Builtin::PointSize);
    let clip_ty = b.array_type(float, Some(2), None);
    let clip = b.builtin("gl_ClipDistance", clip_ty, VariableMode::ShaderOut, Builtin::ClipDistance);
    let n = b.output("n", ValueType::VEC3, 0);
    let id = b.output("id", ValueType::U32, 1);
    let d = b.output("d", ValueType::double(2), 2);
    let mat = b.ty(Type::Matrix { columns: 2, rows: 3, bits: 32 });
    let m = b.variable(Variable::new("m", mat, VariableMode::ShaderOut).with_location(3));
    let p = b.load_var(pos_in);
    b.store_var(pos, p);
    let x = b.channel(p, 0);
    b.store_var(size, x);
    let cd = b.deref_var(clip);
    for i in 0..2 {
        let e = b.deref_array_imm(cd, i);
        b.store_deref(e, x);
    }
    let xyz = b.swizzle(p, &[0, 1, 2]);
    b.store_var(n, xyz);
    let three = b.imm_u32(3);
    b.store_var(id, three);
    let xd = b.convert(x, BaseType::Float, 64);
    let xx = b.compose(&[xd, xd]);
    b.store_var(d, xx);
    let md = b.deref_var(m);
    for c in 0..2 {
        let e = b.deref_array_imm(md, c);
        b.store_deref(e, xyz);
    }
    s
}

#[test]
fn a_vertex_shader_storing_its_outputs_into_records_is_valid() {
    let mut s = vertex_shader();
    let layout = RecordLayout::of_outputs(&s);
    assert_eq!(layout.words_per_vertex, 4 + 1 + 2 + 3 + 1 + 4 + 6);
    assert!(lower_outputs_to_records(&mut s, &RecordStorage { set: 0, records_binding: 482, params_binding: 483, layout }));
    validate(&s).unwrap();
    assert_valid(&s);
}

#[path = "../../../nir_like/tests/gs_to_compute.rs"]
#[allow(dead_code)]
mod gs_shaders;

#[test]
fn an_emulated_geometry_shader_is_a_valid_compute_shader() {
    let mut s = gs_shaders::geometry_shader();
    let storage = gs_shaders::storage(&s);
    assert!(nir_like::passes::lower_gs_to_compute(&mut s, &storage));
    validate(&s).unwrap();
    assert_valid(&s);
}

#[test]
fn an_emulated_geometry_shader_capturing_another_stream_is_valid() {
    let mut s = gs_shaders::two_stream_geometry_shader();
    let storage = gs_shaders::two_stream_storage(&s);
    assert!(nir_like::passes::lower_gs_to_compute(&mut s, &storage));
    validate(&s).unwrap();
    assert_valid(&s);
}

#[test]
fn the_passthrough_vertex_shader_is_valid() {
    use nir_like::passes::{build_gs_passthrough_vertex, GsPassthrough};
    let gs = gs_shaders::geometry_shader();
    for points in [false, true] {
        let options = GsPassthrough { set: 0, vertices_binding: 485, layout: RecordLayout::of_outputs(&gs), primitive_id_location: Some(5), points };
        let vs = build_gs_passthrough_vertex(&gs, &options);
        validate(&vs).unwrap();
        assert_valid(&vs);
    }
}
