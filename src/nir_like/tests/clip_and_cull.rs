//! The clip and cull passes, run on small shaders: the IR before and after is a snapshot,
//! and the assertions check what each pass must have done.

mod common;

use common::assert_snapshot;
use nir_like::passes::*;
use nir_like::*;

fn before_after(shader: &mut Shader, pass: impl FnOnce(&mut Shader) -> bool) -> (bool, String) {
    let before = print_shader(shader);
    let progress = pass(shader);
    let after = print_shader(shader);
    validate(shader).unwrap_or_else(|e| panic!("{e:?}\n{after}"));
    (progress, format!("{before}\n======== after ========\n{after}"))
}

const STATE: ClipPlaneState = ClipPlaneState { set: 0, binding: 0, enables_offset: 64, planes_offset: 80, clip_position: false };

fn float_array(b: &mut Builder, n: u32) -> Handle<Type> {
    let f = b.value_type_handle(ValueType::F32);
    b.array_type(f, Some(n), None)
}

/// gl_Position = pos; gl_ClipDistance[i] = pos.x for i < n.
fn vertex_shader_writing_distances(n: u32) -> Shader {
    let mut s = Shader::new(Stage::Vertex);
    let mut b = Builder::main(&mut s);
    let pos_in = b.input("pos", ValueType::VEC4, 0);
    let vec4 = b.value_type_handle(ValueType::VEC4);
    let pos = b.builtin("gl_Position", vec4, VariableMode::ShaderOut, Builtin::Position);
    let arr = float_array(&mut b, n);
    let dist = b.builtin("gl_ClipDistance", arr, VariableMode::ShaderOut, Builtin::ClipDistance);
    let p = b.load_var(pos_in);
    b.store_var(pos, p);
    let x = b.channel(p, 0);
    let d = b.deref_var(dist);
    for i in 0..n {
        let e = b.deref_array_imm(d, i);
        b.store_deref(e, x);
    }
    s
}

fn clip_state_var(s: &Shader) -> &Variable {
    s.variables.iter().map(|(_, v)| v).find(|v| v.mode == VariableMode::Ubo).expect("the clip state block")
}

#[test]
fn disabled_clip_distances_are_masked_by_the_enables() {
    let mut s = vertex_shader_writing_distances(3);
    let (progress, text) = before_after(&mut s, |s| lower_user_clip_planes(s, &STATE));
    assert!(progress);
    assert_snapshot("lower_user_clip_planes_distances", &text);
    let after = print_shader(&s);
    // One test of the mask and one select per written distance.
    assert_eq!(after.matches("bcsel").count(), 3, "{after}");
    assert_eq!(after.matches("iand").count(), 3, "{after}");
    let block = clip_state_var(&s);
    assert_eq!((block.descriptor_set, block.binding), (Some(0), Some(0)));
    // Still exactly one clip-distance output, of the shader's own size.
    let outs: Vec<_> = s.variables.iter().filter(|(_, v)| v.builtin == Some(Builtin::ClipDistance)).collect();
    assert_eq!(outs.len(), 1);
    assert!(matches!(s.types[outs[0].1.ty], Type::Array { length: Some(3), .. }));
}

#[test]
fn clip_vertex_becomes_eight_plane_distances() {
    let mut s = Shader::new(Stage::Vertex);
    let mut b = Builder::main(&mut s);
    let pos_in = b.input("pos", ValueType::VEC4, 0);
    let vec4 = b.value_type_handle(ValueType::VEC4);
    let pos = b.builtin("gl_Position", vec4, VariableMode::ShaderOut, Builtin::Position);
    let cv = b.builtin("gl_ClipVertex", vec4, VariableMode::ShaderOut, Builtin::ClipVertex);
    let p = b.load_var(pos_in);
    b.store_var(pos, p);
    b.store_var(cv, p);
    let (progress, text) = before_after(&mut s, |s| lower_user_clip_planes(s, &STATE));
    assert!(progress);
    assert_snapshot("lower_user_clip_planes_clip_vertex", &text);
    assert_eq!(s.variables[cv].mode, VariableMode::GlobalPrivate);
    assert!(s.variables.iter().all(|(_, v)| v.builtin != Some(Builtin::ClipVertex)));
    let after = print_shader(&s);
    assert_eq!(after.matches("fdot").count(), MAX_CLIP_PLANES as usize, "{after}");
    let dist = s.variables.iter().find(|(_, v)| v.builtin == Some(Builtin::ClipDistance)).expect("distances");
    assert!(matches!(s.types[dist.1.ty], Type::Array { length: Some(8), .. }));
}

/// gl_Position = gl_ClipVertex = pos.
fn vertex_shader_writing_clip_vertex() -> (Shader, Handle<Variable>) {
    let mut s = Shader::new(Stage::Vertex);
    let mut b = Builder::main(&mut s);
    let pos_in = b.input("pos", ValueType::VEC4, 0);
    let vec4 = b.value_type_handle(ValueType::VEC4);
    let pos = b.builtin("gl_Position", vec4, VariableMode::ShaderOut, Builtin::Position);
    let cv = b.builtin("gl_ClipVertex", vec4, VariableMode::ShaderOut, Builtin::ClipVertex);
    let p = b.load_var(pos_in);
    b.store_var(pos, p);
    b.store_var(cv, p);
    (s, cv)
}

#[test]
fn clip_vertex_is_handed_on_as_a_varying_before_the_last_stage() {
    let (mut s, cv) = vertex_shader_writing_clip_vertex();
    let (progress, text) = before_after(&mut s, |s| lower_clip_vertex_varying(s, 3, false));
    assert!(progress);
    assert_snapshot("lower_clip_vertex_varying_output", &text);
    let v = &s.variables[cv];
    assert_eq!((v.mode, v.builtin, v.location), (VariableMode::ShaderOut, None, Some(3)));
    // No clip distances here: the last stage computes them.
    assert!(s.variables.iter().all(|(_, v)| v.builtin != Some(Builtin::ClipDistance)));
}

#[test]
fn clip_vertex_of_the_last_stage_stays_for_the_clip_planes() {
    let (mut s, cv) = vertex_shader_writing_clip_vertex();
    assert!(!lower_clip_vertex_varying(&mut s, 3, true));
    assert_eq!(s.variables[cv].builtin, Some(Builtin::ClipVertex));
    // The whole chain of the last stage: distances from the planes, no gl_ClipVertex left.
    let options = LowerOptions { last_pre_rasterization: true, clip_vertex_location: Some(3), clip_planes: Some(STATE), ..Default::default() };
    lower_for_caps(&mut s, &Caps::ALL, &options);
    validate(&s).unwrap();
    assert!(s.variables.iter().all(|(_, v)| v.builtin != Some(Builtin::ClipVertex) && v.location != Some(3)));
    assert_eq!(print_shader(&s).matches("fdot").count(), MAX_CLIP_PLANES as usize);
}

#[test]
fn geometry_shaders_read_gl_in_clip_vertex_from_the_varying() {
    let mut s = Shader::new(Stage::Geometry);
    let mut b = Builder::main(&mut s);
    let vec4 = b.value_type_handle(ValueType::VEC4);
    let per_vertex = b.array_type(vec4, Some(3), None);
    let cv_in = b.builtin("gl_in_ClipVertex", per_vertex, VariableMode::ShaderIn, Builtin::ClipVertex);
    let cv_out = b.builtin("gl_ClipVertex", vec4, VariableMode::ShaderOut, Builtin::ClipVertex);
    for i in 0..3 {
        let arr = b.deref_var(cv_in);
        let e = b.deref_array_imm(arr, i);
        let v = b.load_deref(e);
        b.store_var(cv_out, v);
        b.emit_vertex(0);
    }
    let (progress, text) = before_after(&mut s, |s| lower_clip_vertex_varying(s, 5, true));
    assert!(progress);
    assert_snapshot("lower_clip_vertex_varying_input", &text);
    let input = &s.variables[cv_in];
    assert_eq!((input.mode, input.builtin, input.location), (VariableMode::ShaderIn, None, Some(5)));
    assert_eq!(s.variables[cv_out].builtin, Some(Builtin::ClipVertex), "the geometry shader's own output is clipped");
}

#[test]
fn position_is_clipped_only_when_asked() {
    let mut s = Shader::new(Stage::Vertex);
    let mut b = Builder::main(&mut s);
    let vec4 = b.value_type_handle(ValueType::VEC4);
    let pos = b.builtin("gl_Position", vec4, VariableMode::ShaderOut, Builtin::Position);
    let p = b.imm_vec(&[0.0, 0.0, 0.0, 1.0]);
    b.store_var(pos, p);
    let mut core = s.clone();
    assert!(!lower_user_clip_planes(&mut core, &STATE));
    assert!(core.variables.iter().all(|(_, v)| v.builtin != Some(Builtin::ClipDistance)));
    let compat = ClipPlaneState { clip_position: true, ..STATE };
    assert!(lower_user_clip_planes(&mut s, &compat));
    validate(&s).unwrap();
    let after = print_shader(&s);
    assert_eq!(after.matches("fdot").count(), 8, "{after}");
}

#[test]
fn geometry_shaders_mask_before_each_emit() {
    let mut s = Shader::new(Stage::Geometry);
    let mut b = Builder::main(&mut s);
    let arr = float_array(&mut b, 1);
    let dist = b.builtin("gl_ClipDistance", arr, VariableMode::ShaderOut, Builtin::ClipDistance);
    for i in 0..2 {
        let v = b.imm_f32(i as f32 - 0.5);
        let d = b.deref_var(dist);
        let e = b.deref_array_imm(d, 0);
        b.store_deref(e, v);
        b.emit_vertex(0);
    }
    assert!(lower_user_clip_planes(&mut s, &STATE));
    validate(&s).unwrap();
    let after = print_shader(&s);
    assert_eq!(after.matches("bcsel").count(), 2, "{after}");
}

#[test]
fn fragment_shaders_are_left_alone() {
    let mut s = Shader::new(Stage::Fragment);
    let mut b = Builder::main(&mut s);
    let arr = float_array(&mut b, 2);
    b.builtin("gl_ClipDistance", arr, VariableMode::ShaderIn, Builtin::ClipDistance);
    assert!(!lower_user_clip_planes(&mut s, &STATE));
}

const CULL: CullEmulation = CullEmulation { location: 5, count: 3 };

#[test]
fn emulated_cull_distances_become_values_and_outside_flags() {
    let mut s = Shader::new(Stage::Vertex);
    let mut b = Builder::main(&mut s);
    let arr = float_array(&mut b, 3);
    let cull = b.builtin("gl_CullDistance", arr, VariableMode::ShaderOut, Builtin::CullDistance);
    let d = b.deref_var(cull);
    for i in 0..3 {
        let v = b.imm_f32(i as f32 - 1.0);
        let e = b.deref_array_imm(d, i);
        b.store_deref(e, v);
    }
    let (progress, text) = before_after(&mut s, |s| lower_cull_distance(s, &CULL, true));
    assert!(progress);
    assert_snapshot("lower_cull_distance_vertex", &text);
    assert!(s.variables.iter().all(|(_, v)| v.builtin != Some(Builtin::CullDistance)));
    assert_eq!(s.variables[cull].mode, VariableMode::GlobalPrivate);
    let outputs: Vec<(u32, Interpolation)> = s
        .variables
        .iter()
        .filter(|(_, v)| v.mode == VariableMode::ShaderOut)
        .map(|(_, v)| (v.location.unwrap(), v.interpolation))
        .collect();
    assert_eq!(outputs, vec![(5, Interpolation::Smooth), (6, Interpolation::NoPerspective)]);
    // One outside test per written distance.
    let after = print_shader(&s);
    assert_eq!(after.matches("flt").count(), 3, "{after}");
}

#[test]
fn emulated_cull_distances_discard_culled_fragments_first() {
    let mut s = Shader::new(Stage::Fragment);
    let mut b = Builder::main(&mut s);
    let arr = float_array(&mut b, 3);
    let cull = b.builtin("gl_CullDistance", arr, VariableMode::ShaderIn, Builtin::CullDistance);
    let vec4 = b.value_type_handle(ValueType::VEC4);
    let color = b.variable(Variable::new("color", vec4, VariableMode::ShaderOut).with_location(0));
    let d = b.deref_var(cull);
    let e = b.deref_array_imm(d, 2);
    let x = b.load_deref(e);
    let v = b.splat(x, 4);
    b.store_var(color, v);
    let old_entry = s.entry.unwrap();
    let (progress, text) = before_after(&mut s, |s| lower_cull_distance(s, &CULL, false));
    assert!(progress);
    assert_snapshot("lower_cull_distance_fragment", &text);
    let entry = s.entry.unwrap();
    assert_ne!(entry, old_entry);
    assert_eq!(s.functions[entry].name, "main");
    let after = print_shader(&s);
    assert_eq!(after.matches("discard").count(), 1, "{after}");
    let inputs: Vec<(u32, Interpolation)> = s
        .variables
        .iter()
        .filter(|(_, v)| v.mode == VariableMode::ShaderIn)
        .map(|(_, v)| (v.location.unwrap(), v.interpolation))
        .collect();
    assert_eq!(inputs, vec![(6, Interpolation::NoPerspective), (5, Interpolation::Smooth)]);
}

#[test]
fn native_cull_distances_are_left_alone() {
    let mut s = Shader::new(Stage::Vertex);
    let mut b = Builder::main(&mut s);
    let arr = float_array(&mut b, 2);
    b.builtin("gl_CullDistance", arr, VariableMode::ShaderOut, Builtin::CullDistance);
    let options = LowerOptions { last_pre_rasterization: true, cull_emulation: Some(CULL), ..Default::default() };
    lower_for_caps(&mut s, &Caps::ALL, &options);
    assert!(s.variables.iter().any(|(_, v)| v.builtin == Some(Builtin::CullDistance)));
    let mut caps = Caps::ALL;
    caps.apply_emulate_env("cull").unwrap();
    let mut s2 = Shader::new(Stage::Vertex);
    let mut b = Builder::main(&mut s2);
    let arr = float_array(&mut b, 2);
    b.builtin("gl_CullDistance", arr, VariableMode::ShaderOut, Builtin::CullDistance);
    lower_for_caps(&mut s2, &caps, &options);
    assert!(s2.variables.iter().all(|(_, v)| v.builtin != Some(Builtin::CullDistance)));
}
