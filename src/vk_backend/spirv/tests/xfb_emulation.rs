//! Transform feedback emulation's shaders, emitted and checked by spirv-val: a vertex
//! shader whose captured outputs `lower_xfb_to_storage` turned into record stores.

mod common;

use common::assert_valid;
use nir_like::passes::{lower_xfb_to_storage, XfbRecordLayout, XfbStorage};
use nir_like::*;

/// Records at binding 480 and the draw's numbers at 481, laid out for `strides`.
fn storage(strides: &[u32]) -> XfbStorage {
    XfbStorage { set: 0, records_binding: 480, params_binding: 481, layout: XfbRecordLayout::from_strides(strides) }
}

#[test]
fn a_vertex_shader_storing_its_captured_outputs_is_valid() {
    let mut s = Shader::new(Stage::Vertex);
    let mut b = Builder::main(&mut s);
    let pos_in = b.input("pos", ValueType::VEC4, 0);
    let vec4 = b.value_type_handle(ValueType::VEC4);
    let pos = b.builtin("gl_Position", vec4, VariableMode::ShaderOut, Builtin::Position);
    let id = b.output("id", ValueType::U32, 0);
    let d = b.output("d", ValueType::double(2), 1);
    let mat = b.ty(Type::Matrix { columns: 2, rows: 3, bits: 32 });
    let m = b.variable(Variable::new("m", mat, VariableMode::ShaderOut).with_location(2));
    let p = b.load_var(pos_in);
    b.store_var(pos, p);
    let three = b.imm_u32(3);
    b.store_var(id, three);
    let x = b.channel(p, 0);
    let x = b.convert(x, BaseType::Float, 64);
    let xx = b.compose(&[x, x]);
    b.store_var(d, xx);
    let column = b.swizzle(p, &[0, 1, 2]);
    let md = b.deref_var(m);
    for c in 0..2 {
        let e = b.deref_array_imm(md, c);
        b.store_deref(e, column);
    }
    // Interleaved: position, id, padding to 8 bytes, d; the matrix in a buffer of its own.
    s.variables[pos].xfb = Some(XfbLocation { buffer: 0, stride: 40, offset: 0 });
    s.variables[id].xfb = Some(XfbLocation { buffer: 0, stride: 40, offset: 16 });
    s.variables[d].xfb = Some(XfbLocation { buffer: 0, stride: 40, offset: 24 });
    s.variables[m].xfb = Some(XfbLocation { buffer: 2, stride: 24, offset: 0 });
    assert!(lower_xfb_to_storage(&mut s, &storage(&[40, 0, 24])));
    validate(&s).unwrap();
    assert_valid(&s);
}

#[test]
fn the_copy_shader_is_valid() {
    let s = nir_like::passes::build_xfb_copy();
    validate(&s).unwrap();
    assert_valid(&s);
}
