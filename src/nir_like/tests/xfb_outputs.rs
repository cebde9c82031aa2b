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
