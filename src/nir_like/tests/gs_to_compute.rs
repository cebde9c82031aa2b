//! lower_gs_to_compute and build_gs_passthrough_vertex: a geometry shader becomes a compute
//! shader reading its inputs from vertex records and storing what it emits; a vertex
//! shader reads the emitted vertices back.

mod common;

use nir_like::passes::*;
use nir_like::*;

/// Triangles in, a triangle strip of up to 4 vertices out, 2 invocations: each input vertex
/// is emitted with `c[i]` and gl_Position, then EndPrimitive; gl_PrimitiveID gets
/// gl_PrimitiveIDIn + gl_InvocationID. One emit goes to stream 1.
pub fn geometry_shader() -> Shader {
    let mut s = Shader::new(Stage::Geometry);
    s.info.geometry = GeometryInfo { input_primitive: Primitive::Triangles, output_primitive: Primitive::TriangleStrip, vertices_out: 4, invocations: 2 };
    let mut b = Builder::main(&mut s);
    let vec4 = b.value_type_handle(ValueType::VEC4);
    let int = b.value_type_handle(ValueType::I32);
    let vec4x3 = b.array_type(vec4, Some(3), None);
    let gl_in_position = b.builtin("gl_in_Position", vec4x3, VariableMode::ShaderIn, Builtin::Position);
    let c = b.variable(Variable::new("c", vec4x3, VariableMode::ShaderIn).with_location(0));
    let primitive_in = b.builtin("gl_PrimitiveIDIn", int, VariableMode::ShaderIn, Builtin::PrimitiveId);
    let invocation = b.builtin("gl_InvocationID", int, VariableMode::ShaderIn, Builtin::InvocationId);
    let position = b.builtin("gl_Position", vec4, VariableMode::ShaderOut, Builtin::Position);
    let primitive_out = b.builtin("gl_PrimitiveID", int, VariableMode::ShaderOut, Builtin::PrimitiveId);
    let color = b.output("color", ValueType::VEC4, 0);
    for i in 0..3 {
        let d = b.deref_var(gl_in_position);
        let e = b.deref_array_imm(d, i);
        let p = b.load_deref(e);
        b.store_var(position, p);
        let d = b.deref_var(c);
        let e = b.deref_array_imm(d, i);
        let v = b.load_deref(e);
        b.store_var(color, v);
        let a = b.load_var(primitive_in);
        let n = b.load_var(invocation);
        let id = b.iadd(a, n);
        b.store_var(primitive_out, id);
        b.emit_vertex(0);
    }
    b.end_primitive(0);
    b.emit_vertex(1);
    s
}

/// What the vertex stage before it stores: gl_Position, then `c` at location 0.
pub fn input_layout() -> RecordLayout {
    RecordLayout {
        entries: vec![
            RecordEntry { key: RecordKey::Builtin(Builtin::Position), first_word: 0, words: 4 },
            RecordEntry { key: RecordKey::Varying { location: 0, component: 0 }, first_word: 4, words: 4 },
        ],
        words_per_vertex: 8,
    }
}

pub fn storage(gs: &Shader) -> GsComputeStorage {
    GsComputeStorage {
        set: 0,
        records_binding: 482,
        input_layout: input_layout(),
        slots_binding: 484,
        vertices_binding: 485,
        output_layout: RecordLayout::of_outputs(gs),
        indices_binding: 486,
        params_binding: 487,
        other_streams: None,
    }
}

#[test]
fn the_geometry_shader_becomes_a_compute_shader_storing_what_it_emits() {
    let mut s = geometry_shader();
    let storage = storage(&s);
    assert_eq!(storage.output_layout.words_per_vertex, 4 + 1 + 4);
    assert!(lower_gs_to_compute(&mut s, &storage));
    let after = print_shader(&s);
    validate(&s).unwrap_or_else(|e| panic!("{e:?}\n{after}"));
    assert_eq!(s.stage, Stage::Compute);
    assert_eq!(s.info.compute.local_size, [GS_COMPUTE_GROUP_SIZE, 1, 1]);
    let intrinsics = after.lines().filter(|l| (l.contains("emit_vertex") || l.contains("end_primitive")) && !l.contains("gs_")).count();
    assert_eq!(intrinsics, 0, "{after}");
    // Three emits of stream 0 call the emit function; the stream-1 emit is gone.
    assert_eq!(after.matches("call gs_emit_vertex").count(), 3, "{after}");
    assert_eq!(after.matches("call gs_end_primitive").count(), 1, "{after}");
    // No interface variable is left but the invocation id.
    let interface: Vec<&Variable> = s.variables.iter().map(|(_, v)| v).filter(|v| matches!(v.mode, VariableMode::ShaderIn | VariableMode::ShaderOut)).collect();
    assert_eq!(interface.len(), 1);
    assert_eq!(interface[0].builtin, Some(Builtin::GlobalInvocationId));
    let bindings: Vec<u32> = s.variables.iter().filter_map(|(_, v)| v.binding).collect();
    for b in [482, 484, 485, 486, 487] {
        assert!(bindings.contains(&b), "binding {b} in {bindings:?}");
    }
}

/// Points in, points out: `a` (stream 0, captured to buffer 0) emitted once, `b` (stream
/// 1, captured to buffer 1 at word 1 of a 2-word stride) emitted twice.
pub fn two_stream_geometry_shader() -> Shader {
    let mut s = Shader::new(Stage::Geometry);
    s.info.geometry = GeometryInfo { input_primitive: Primitive::Points, output_primitive: Primitive::Points, vertices_out: 3, invocations: 1 };
    let mut b = Builder::main(&mut s);
    let a = b.output("a", ValueType::F32, 0);
    let other = b.output("b", ValueType::F32, 1);
    let one = b.imm_f32(1.0);
    b.store_var(a, one);
    b.emit_vertex(0);
    b.store_var(other, one);
    b.emit_vertex(1);
    b.emit_vertex(1);
    b.end_primitive(1);
    s.variables[a].xfb = Some(XfbLocation { buffer: 0, stride: 4, offset: 0 });
    s.variables[other].xfb = Some(XfbLocation { buffer: 1, stride: 8, offset: 4 });
    s.variables[other].stream = Some(1);
    s
}

/// [`storage`] with streams 1 to 3 counted at 488 and captured at 489 for the strides
/// of [`two_stream_geometry_shader`].
pub fn two_stream_storage(gs: &Shader) -> GsComputeStorage {
    let capture = XfbRecordLayout::from_strides(&[4, 8]);
    GsComputeStorage { other_streams: Some(GsOtherStreams { counts_binding: 488, records_binding: 489, capture }), ..storage(gs) }
}

#[test]
fn emits_to_other_streams_store_capture_records_and_counts() {
    let mut s = two_stream_geometry_shader();
    assert!(gs_emits_to_other_streams(&s));
    assert!(!gs_emits_to_other_streams(&geometry_shader_without_stream_emits()));
    let with_streams = two_stream_storage(&s);
    assert!(lower_gs_to_compute(&mut s, &with_streams));
    let after = print_shader(&s);
    validate(&s).unwrap_or_else(|e| panic!("{e:?}\n{after}"));
    assert_eq!(after.matches("call gs_emit_vertex").count(), 1, "{after}");
    assert_eq!(after.matches("call gs_emit_stream1_vertex").count(), 2, "{after}");
    // Points need no EndStreamPrimitive.
    assert_eq!(after.matches("call gs_end_primitive").count(), 0, "{after}");
    let bindings: Vec<u32> = s.variables.iter().filter_map(|(_, v)| v.binding).collect();
    for b in [488, 489] {
        assert!(bindings.contains(&b), "binding {b} in {bindings:?}");
    }
    // Without the other streams' buffers, their emits are dropped.
    let mut s = two_stream_geometry_shader();
    let stream_0_only = storage(&s);
    assert!(lower_gs_to_compute(&mut s, &stream_0_only));
    let after = print_shader(&s);
    assert_eq!(after.matches("call gs_emit_stream").count(), 0, "{after}");
    assert_eq!(after.matches("call gs_emit_vertex").count(), 1, "{after}");
}

/// [`geometry_shader`] less its stream-1 emit.
fn geometry_shader_without_stream_emits() -> Shader {
    let mut s = Shader::new(Stage::Geometry);
    s.info.geometry = GeometryInfo { input_primitive: Primitive::Points, output_primitive: Primitive::Points, vertices_out: 1, invocations: 1 };
    let mut b = Builder::main(&mut s);
    b.emit_vertex(0);
    s
}

#[test]
fn other_stages_are_left_alone() {
    let mut vs = common::position_vertex_shader();
    let storage = storage(&geometry_shader());
    assert!(!lower_gs_to_compute(&mut vs, &storage));
}

#[test]
fn the_passthrough_vertex_shader_writes_what_the_geometry_shader_wrote() {
    let gs = geometry_shader();
    let layout = RecordLayout::of_outputs(&gs);
    let options = GsPassthrough { set: 0, vertices_binding: 485, layout, primitive_id_location: Some(5), points: false };
    let vs = build_gs_passthrough_vertex(&gs, &options);
    let text = print_shader(&vs);
    validate(&vs).unwrap_or_else(|e| panic!("{e:?}\n{text}"));
    assert_eq!(vs.stage, Stage::Vertex);
    let outputs: Vec<(Option<Builtin>, Option<u32>, Interpolation)> =
        vs.variables.iter().map(|(_, v)| v).filter(|v| v.mode == VariableMode::ShaderOut).map(|v| (v.builtin, v.location, v.interpolation)).collect();
    assert_eq!(outputs, [(Some(Builtin::Position), None, Interpolation::Smooth), (None, Some(5), Interpolation::Flat), (None, Some(0), Interpolation::Smooth)]);
    assert_eq!(text.matches("store_deref").count(), 3, "{text}");
    // Without a fragment stage reading it, gl_PrimitiveID is not handed on.
    let vs = build_gs_passthrough_vertex(&gs, &GsPassthrough { primitive_id_location: None, ..options });
    assert_eq!(vs.variables.iter().filter(|(_, v)| v.mode == VariableMode::ShaderOut).count(), 2);
}

#[test]
fn a_fragment_shader_reads_gl_primitive_id_from_a_flat_varying() {
    let mut fs = Shader::new(Stage::Fragment);
    let mut b = Builder::main(&mut fs);
    let int = b.value_type_handle(ValueType::I32);
    let id = b.builtin("gl_PrimitiveID", int, VariableMode::ShaderIn, Builtin::PrimitiveId);
    let out = b.output("o", ValueType::I32, 0);
    let v = b.load_var(id);
    b.store_var(out, v);
    assert!(reads_primitive_id(&fs));
    assert!(lower_primitive_id_to_varying(&mut fs, 7));
    validate(&fs).unwrap();
    let v = &fs.variables[id];
    assert_eq!((v.builtin, v.location, v.interpolation), (None, Some(7), Interpolation::Flat));
    assert!(!lower_primitive_id_to_varying(&mut fs, 7), "nothing left to move");
}

#[test]
fn the_passthrough_vertex_shader_is_captured_as_the_geometry_shader_was() {
    let mut gs = geometry_shader();
    let color = gs.variables.iter().find(|(_, v)| v.name == "color").map(|(h, _)| h).unwrap();
    gs.variables[color].xfb = Some(XfbLocation { buffer: 0, stride: 16, offset: 0 });
    let options = GsPassthrough { set: 0, vertices_binding: 485, layout: RecordLayout::of_outputs(&gs), primitive_id_location: None, points: false };
    let mut vs = build_gs_passthrough_vertex(&gs, &options);
    let captured: Vec<&str> = vs.variables.iter().filter(|(_, v)| v.xfb.is_some()).map(|(_, v)| v.name.as_str()).collect();
    assert_eq!(captured, ["color"]);
    // Emulated capture: the decorated output becomes four record words.
    let storage = XfbStorage { set: 0, records_binding: 480, params_binding: 481, layout: XfbRecordLayout::of_shader(&vs) };
    assert!(lower_xfb_to_storage(&mut vs, &storage));
    let text = print_shader(&vs);
    validate(&vs).unwrap_or_else(|e| panic!("{e:?}\n{text}"));
    assert!(vs.variables.iter().all(|(_, v)| v.xfb.is_none()), "{text}");
    let entry = text.rsplit("entry function main()").next().unwrap_or("");
    assert_eq!(entry.lines().filter(|l| l.contains("store_deref")).count(), 4, "{text}");
}
