//! lower_xfb_to_storage: captured outputs of a vertex shader become stores into a record
//! per vertex, laid out as the GL buffers lay out a vertex, and lose their decorations.

mod common;

use common::assert_snapshot;
use nir_like::passes::*;
use nir_like::*;

/// Records at binding 480 and the draw's numbers at 481, laid out for `strides`.
fn storage(strides: &[u32]) -> XfbStorage {
    XfbStorage { set: 0, records_binding: 480, params_binding: 481, layout: XfbRecordLayout::from_strides(strides) }
}

/// gl_Position = pos and `out vec3 n` = pos.xyz captured interleaved into buffer 0
/// (stride 28: position at 0, n at 16), `out int id` separately into buffer 1.
fn capturing_vertex_shader() -> Shader {
    let mut s = Shader::new(Stage::Vertex);
    let mut b = Builder::main(&mut s);
    let pos_in = b.input("pos", ValueType::VEC4, 0);
    let vec4 = b.value_type_handle(ValueType::VEC4);
    let pos = b.builtin("gl_Position", vec4, VariableMode::ShaderOut, Builtin::Position);
    let n = b.output("n", ValueType::VEC3, 0);
    let id = b.output("id", ValueType::I32, 1);
    let p = b.load_var(pos_in);
    b.store_var(pos, p);
    let xyz = b.swizzle(p, &[0, 1, 2]);
    b.store_var(n, xyz);
    let seven = b.imm_i32(7);
    b.store_var(id, seven);
    s.variables[pos].xfb = Some(XfbLocation { buffer: 0, stride: 28, offset: 0 });
    s.variables[n].xfb = Some(XfbLocation { buffer: 0, stride: 28, offset: 16 });
    s.variables[id].xfb = Some(XfbLocation { buffer: 1, stride: 4, offset: 0 });
    s
}

/// Stores in the new entry point, which stores nothing but record words.
fn record_stores(printed: &str) -> usize {
    let entry = printed.rsplit("entry function main()").next().unwrap_or("");
    entry.lines().filter(|l| l.contains("store_deref")).count()
}

#[test]
fn captured_outputs_are_stored_to_their_record_words() {
    let mut s = capturing_vertex_shader();
    let layout = XfbRecordLayout::of_shader(&s);
    assert_eq!(layout.words_per_vertex, 8);
    assert_eq!(layout.sections, [Some((0, 7)), Some((7, 1)), None, None]);
    let before = print_shader(&s);
    assert!(lower_xfb_to_storage(&mut s, &storage(&[28, 4])));
    let after = print_shader(&s);
    validate(&s).unwrap_or_else(|e| panic!("{e:?}\n{after}"));
    assert_snapshot("lower_xfb_to_storage_vertex", &format!("{before}\n======== after ========\n{after}"));
    assert!(s.variables.iter().all(|(_, v)| v.xfb.is_none()), "no capture decoration is left");
    // Four position words, three of n, one of id.
    assert_eq!(record_stores(&after), 8, "{after}");
    let entry = s.entry.unwrap();
    assert_eq!(s.functions[entry].name, "main");
    assert!(s.functions.iter().any(|(_, f)| f.name == "main_body"));
    let records = s.variables.iter().map(|(_, v)| v).find(|v| v.name == "gl_XfbRecords").unwrap();
    assert_eq!((records.mode, records.descriptor_set, records.binding), (VariableMode::Ssbo, Some(0), Some(480)));
    let params = s.variables.iter().map(|(_, v)| v).find(|v| v.name == "gl_XfbDrawParams").unwrap();
    assert_eq!((params.mode, params.binding), (VariableMode::Ubo, Some(481)));
    // The slot reads both vertex and instance index.
    for builtin in [Builtin::VertexIndex, Builtin::InstanceIndex] {
        assert!(s.variables.iter().any(|(_, v)| v.builtin == Some(builtin) && v.mode == VariableMode::ShaderIn));
    }
}

#[test]
fn aggregates_are_stored_element_by_element() {
    // out float a[2] and out mat2 m captured whole: 2 + 4 words.
    let mut s = Shader::new(Stage::Vertex);
    let mut b = Builder::main(&mut s);
    let f = b.value_type_handle(ValueType::F32);
    let arr = b.array_type(f, Some(2), None);
    let a = b.variable(Variable::new("a", arr, VariableMode::ShaderOut).with_location(0));
    let mat = b.ty(Type::Matrix { columns: 2, rows: 2, bits: 32 });
    let m = b.variable(Variable::new("m", mat, VariableMode::ShaderOut).with_location(1));
    let one = b.imm_f32(1.0);
    let d = b.deref_var(a);
    for i in 0..2 {
        let e = b.deref_array_imm(d, i);
        b.store_deref(e, one);
    }
    s.variables[a].xfb = Some(XfbLocation { buffer: 0, stride: 24, offset: 0 });
    s.variables[m].xfb = Some(XfbLocation { buffer: 0, stride: 24, offset: 8 });
    assert!(lower_xfb_to_storage(&mut s, &storage(&[24])));
    let after = print_shader(&s);
    validate(&s).unwrap_or_else(|e| panic!("{e:?}\n{after}"));
    assert_eq!(record_stores(&after), 6, "{after}");
}

#[test]
fn nothing_captured_or_another_stage_changes_nothing() {
    let mut plain = common::position_vertex_shader();
    let before = print_shader(&plain);
    assert!(!lower_xfb_to_storage(&mut plain, &storage(&[16])));
    assert_eq!(before, print_shader(&plain));

    let mut fragment = Shader::new(Stage::Fragment);
    Builder::main(&mut fragment);
    assert!(!lower_xfb_to_storage(&mut fragment, &storage(&[16])));
}

#[test]
fn lowering_for_a_target_with_transform_feedback_keeps_the_decorations() {
    let options = LowerOptions { last_pre_rasterization: true, xfb_storage: Some(storage(&[28, 4])), ..Default::default() };
    let mut native = capturing_vertex_shader();
    lower_for_caps(&mut native, &Caps::ALL, &options);
    assert_eq!(native.variables.iter().filter(|(_, v)| v.xfb.is_some()).count(), 3);
    assert!(!native.variables.iter().any(|(_, v)| v.name == "gl_XfbRecords"));

    let mut emulated = capturing_vertex_shader();
    let caps = Caps { transform_feedback: false, ..Caps::ALL };
    lower_for_caps(&mut emulated, &caps, &options);
    validate(&emulated).unwrap();
    assert!(emulated.variables.iter().all(|(_, v)| v.xfb.is_none()));
    assert_eq!(record_stores(&print_shader(&emulated)), 8);
}

#[test]
fn record_layout_follows_the_strides() {
    let layout = XfbRecordLayout::from_strides(&[0, 12, 0, 8]);
    assert_eq!(layout.sections, [None, Some((0, 3)), None, Some((3, 2))]);
    assert_eq!(layout.words_per_vertex, 5);
    let params = XfbDrawParams { first_vertex: 3, first_instance: 1, vertices_per_instance: 4, slot_count: 8 };
    assert_eq!(params.to_words(), [3, 1, 4, 8]);
}
