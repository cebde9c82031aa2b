//! The printed form of a shader that uses every kind of construct, kept as a snapshot.

mod common;

use common::assert_snapshot;
use nir_like::*;

#[test]
fn printed_vertex_shader_matches_snapshot() {
    let mut s = Shader::new(Stage::Vertex);
    s.name = "sample".into();
    let mut b = Builder::main(&mut s);
    let pos = b.input("pos", ValueType::VEC4, 0);
    let vec4 = b.value_type_handle(ValueType::VEC4);
    let mat4 = b.ty(Type::Matrix {
        columns: 4,
        rows: 4,
        bits: 32,
    });
    let block = b.ty(Type::Struct {
        name: "Block".into(),
        members: vec![StructMember {
            name: "m".into(),
            ty: mat4,
            offset: Some(0),
            matrix_stride: Some(16),
            row_major: true,
        }],
    });
    let ubo = b.variable(Variable::new("ubo", block, VariableMode::Ubo).with_binding(0, 1));
    let position = b.builtin(
        "gl_Position",
        vec4,
        VariableMode::ShaderOut,
        Builtin::Position,
    );
    let id_ty = b.value_type_handle(ValueType::I32);
    let mut flat = Variable::new("id", id_ty, VariableMode::ShaderOut).with_location(0);
    flat.interpolation = Interpolation::Flat;
    let flat = b.variable(flat);
    let helper = b.function(
        "twice",
        vec![Param {
            name: "x".into(),
            kind: ParamKind::Value(ValueType::F32),
        }],
        Some(ValueType::F32),
    );
    let main_fn = b.func;
    b.set_function(helper);
    let x = b.load_param(0);
    let r = b.fadd(x, x);
    b.return_(Some(r));
    b.set_function(main_fn);
    let p = b.load_var(pos);
    let u = b.deref_var(ubo);
    let m = b.deref_struct(u, 0);
    let c0 = b.deref_array_imm(m, 0);
    let col = b.load_deref(c0);
    let sum = b.fadd(p, col);
    b.store_var(position, sum);
    let int_ty = b.shader.add_type(Type::Vector(ValueType::I32));
    let count = b.local("n", int_ty);
    let zero = b.imm_i32(0);
    b.store_local(count, zero);
    b.push_loop();
    let n = b.load_local(count);
    let limit = b.imm_i32(3);
    let done = b.ige(n, limit);
    b.push_if(done);
    b.break_();
    b.push_else();
    let w = b.channel(p, 3);
    let _ = b.call(helper, &[w]);
    b.pop_if();
    b.push_continue();
    let n = b.load_local(count);
    let one = b.imm_i32(1);
    let n1 = b.iadd(n, one);
    b.store_local(count, n1);
    b.pop_loop();
    let n = b.load_local(count);
    b.store_var(flat, n);
    validate(&s).unwrap();
    assert_snapshot("printed_vertex_shader", &print_shader(&s));
}
