//! lower_xfb_outputs on small shaders: whole outputs are decorated in place, parts of
//! outputs get capture-only copies written at every exit (or before every EmitVertex).

mod common;

use common::assert_snapshot;
use nir_like::passes::*;
use nir_like::*;

/// gl_Position = pos; out float b[3] (location 0) = pos.x, pos.y, pos.z.
fn vertex_shader() -> (Shader, Handle<Variable>, Handle<Variable>) {
    let mut s = Shader::new(Stage::Vertex);
    let mut b = Builder::main(&mut s);
    let pos_in = b.input("pos", ValueType::VEC4, 0);
    let vec4 = b.value_type_handle(ValueType::VEC4);
    let pos = b.builtin("gl_Position", vec4, VariableMode::ShaderOut, Builtin::Position);
    let f = b.value_type_handle(ValueType::F32);
    let arr = b.array_type(f, Some(3), None);
    let out = b.variable(Variable::new("b", arr, VariableMode::ShaderOut).with_location(0));
    let p = b.load_var(pos_in);
    b.store_var(pos, p);
    let d = b.deref_var(out);
    for i in 0..3 {
        let c = b.channel(p, i as u8);
        let e = b.deref_array_imm(d, i);
        b.store_deref(e, c);
    }
    (s, pos, out)
}

#[test]
fn whole_outputs_are_decorated_and_elements_copied() {
    let (mut s, pos, b) = vertex_shader();
    let before = print_shader(&s);
    let captures = [
        XfbCapture { variable: b, path: vec![2], location: XfbLocation { buffer: 0, stride: 20, offset: 0 } },
        XfbCapture { variable: pos, path: vec![], location: XfbLocation { buffer: 0, stride: 20, offset: 4 } },
    ];
    // The fragment shader reads b: it stays an output.
    let reads_b = NextStageReads::Locations(vec![(0, 3)]);
    assert!(lower_xfb_outputs(&mut s, &captures, &reads_b));
    validate(&s).unwrap();
    let after = print_shader(&s);
    assert_snapshot("lower_xfb_outputs_vertex", &format!("{before}\n======== after ========\n{after}"));
    assert_eq!(s.variables[pos].xfb, Some(XfbLocation { buffer: 0, stride: 20, offset: 4 }));
    assert_eq!(s.variables[b].xfb, None, "a partly captured output keeps no decoration");
    let copies: Vec<&Variable> = s.variables.iter().map(|(_, v)| v).filter(|v| v.name.contains("#xfb")).collect();
    assert_eq!(copies.len(), 1);
    assert_eq!(copies[0].xfb, Some(XfbLocation { buffer: 0, stride: 20, offset: 0 }));
    assert_eq!(copies[0].location, Some(3), "after the three locations of b");
    assert!(matches!(s.types[copies[0].ty], Type::Vector(ValueType::F32)));
    assert_eq!(after.matches("copy_deref").count(), 1, "{after}");
}

#[test]
fn nothing_to_capture_changes_nothing() {
    let (mut s, _, _) = vertex_shader();
    let before = print_shader(&s);
    assert!(!lower_xfb_outputs(&mut s, &[], &NextStageReads::Unknown));
    assert_eq!(before, print_shader(&s));
}

#[test]
fn paths_follow_the_type() {
    let (s, _, b) = vertex_shader();
    let ty = s.variables[b].ty;
    assert!(type_at_path(&s, ty, &[2]).is_some());
    assert!(type_at_path(&s, ty, &[3]).is_none(), "past the end");
    assert!(type_at_path(&s, ty, &[0, 0]).is_none(), "a float has no elements");
}

#[test]
fn an_unread_output_captured_in_parts_gives_its_locations_to_the_packed_copies() {
    let (mut s, _, b) = vertex_shader();
    let captures: Vec<XfbCapture> =
        (0..3).map(|i| XfbCapture { variable: b, path: vec![i], location: XfbLocation { buffer: 0, stride: 12, offset: 4 * i } }).collect();
    // No later stage (transform feedback without a fragment shader).
    assert!(lower_xfb_outputs(&mut s, &captures, &NextStageReads::Locations(vec![])));
    validate(&s).unwrap();
    assert_eq!(s.variables[b].mode, VariableMode::GlobalPrivate, "b is no longer an output");
    assert_eq!(s.variables[b].location, None);
    let mut places: Vec<(Option<u32>, Option<u32>)> =
        s.variables.iter().map(|(_, v)| v).filter(|v| v.name.contains("#xfb")).map(|v| (v.location, v.component)).collect();
    places.sort();
    assert_eq!(places, vec![(Some(0), Some(0)), (Some(0), Some(1)), (Some(0), Some(2))], "the float copies share location 0 by component");
}

#[test]
fn an_output_of_a_separable_program_stays_an_output() {
    let (mut s, _, b) = vertex_shader();
    let captures = [XfbCapture { variable: b, path: vec![1], location: XfbLocation { buffer: 0, stride: 4, offset: 0 } }];
    assert!(lower_xfb_outputs(&mut s, &captures, &NextStageReads::Unknown));
    assert_eq!(s.variables[b].mode, VariableMode::ShaderOut);
    assert_eq!(s.variables[b].location, Some(0));
}

#[test]
fn arrays_of_structs_of_arrays_are_captured_element_by_element_and_packed() {
    // out struct S { int a[2]; int b[3]; } v[2] (locations 0..10), read by the next stage;
    // captured as v[0].a, v[0].b, v[1].a, v[1].b, tightly packed from offset 0.
    let mut s = Shader::new(Stage::Vertex);
    let mut b = Builder::main(&mut s);
    let int = b.value_type_handle(ValueType::I32);
    let a = b.array_type(int, Some(2), None);
    let bb = b.array_type(int, Some(3), None);
    let member = |name: &str, ty| StructMember { name: name.into(), ty, offset: None, matrix_stride: None, row_major: false };
    let st = b.shader.add_type(Type::Struct { name: "S".into(), members: vec![member("a", a), member("b", bb)] });
    let arr = b.array_type(st, Some(2), None);
    let v = b.variable(Variable::new("v", arr, VariableMode::ShaderOut).with_location(0));
    let captures: Vec<XfbCapture> = [(0, 0, 0), (0, 1, 8), (1, 0, 20), (1, 1, 28)]
        .iter()
        .map(|&(i, m, offset)| XfbCapture { variable: v, path: vec![i, m], location: XfbLocation { buffer: 0, stride: 40, offset } })
        .collect();
    assert!(lower_xfb_outputs(&mut s, &captures, &NextStageReads::Locations(vec![(0, 10)])));
    validate(&s).unwrap();
    let mut copies: Vec<(u32, u32, u32)> = s
        .variables
        .iter()
        .map(|(_, v)| v)
        .filter(|v| v.name.contains("#xfb"))
        .map(|v| (v.xfb.unwrap().offset, v.location.unwrap(), v.component.unwrap()))
        .collect();
    copies.sort();
    let offsets: Vec<u32> = copies.iter().map(|c| c.0).collect();
    assert_eq!(offsets, (0..10).map(|i| 4 * i).collect::<Vec<_>>(), "one copy per int, tightly packed");
    let places: Vec<(u32, u32)> = copies.iter().map(|c| (c.1, c.2)).collect();
    let expected: Vec<(u32, u32)> = (0..10).map(|i| (10 + i / 4, i % 4)).collect();
    assert_eq!(places, expected, "ten ints share three locations after v's ten");
    assert_eq!(print_shader(&s).matches("copy_deref").count(), 10);
}
