//! Every pass, run on a small shader: the IR before and after is a snapshot (reviewed as
//! a diff), and the assertions check what the pass must have done.

mod common;

use common::assert_snapshot;
use nir_like::passes::*;
use nir_like::*;

/// Runs `pass`, returns its progress and the "before / after" text.
fn before_after(shader: &mut Shader, pass: impl FnOnce(&mut Shader) -> bool) -> (bool, String) {
    let before = print_shader(shader);
    let progress = pass(shader);
    let after = print_shader(shader);
    validate(shader).unwrap_or_else(|e| panic!("{e:?}\n{after}"));
    (
        progress,
        format!("{before}\n======== after ========\n{after}"),
    )
}

fn position_vertex_shader_with_early_return() -> Shader {
    let mut s = Shader::new(Stage::Vertex);
    let mut b = Builder::main(&mut s);
    let pos_in = b.input("pos", ValueType::VEC4, 0);
    let vec4 = b.value_type_handle(ValueType::VEC4);
    let pos = b.builtin(
        "gl_Position",
        vec4,
        VariableMode::ShaderOut,
        Builtin::Position,
    );
    let p = b.load_var(pos_in);
    b.store_var(pos, p);
    let x = b.channel(p, 0);
    let zero = b.imm_f32(0.0);
    let neg = b.flt(x, zero);
    b.push_if(neg);
    b.return_(None);
    b.pop_if();
    let half = b.imm_splat(ValueType::VEC4, 0.5);
    let q = b.fmul(p, half);
    b.store_var(pos, q);
    s
}

#[test]
fn lower_clip_control_remaps_depth_at_every_exit() {
    let mut s = position_vertex_shader_with_early_return();
    let (progress, text) = before_after(&mut s, lower_clip_control);
    assert!(progress);
    let after = print_shader(&s);
    // One remap before the early return, one at the end.
    assert_eq!(after.matches("fadd").count(), 2, "{after}");
    assert_eq!(after.matches("const 0.5\n").count(), 2, "{after}");
    assert_snapshot("lower_clip_control_vertex", &text);
}

#[test]
fn lower_clip_control_in_geometry_shaders_runs_before_each_emit() {
    let mut s = Shader::new(Stage::Geometry);
    let mut b = Builder::main(&mut s);
    let vec4 = b.value_type_handle(ValueType::VEC4);
    let pos = b.builtin(
        "gl_Position",
        vec4,
        VariableMode::ShaderOut,
        Builtin::Position,
    );
    for i in 0..2 {
        let v = b.imm_vec(&[i as f32, 0.0, 0.5, 1.0]);
        b.store_var(pos, v);
        b.emit_vertex(0);
    }
    b.end_primitive(0);
    let (progress, text) = before_after(&mut s, lower_clip_control);
    assert!(progress);
    assert_snapshot("lower_clip_control_geometry", &text);
    // Each emit is directly preceded by the store of the remapped position.
    let f = &s.functions[s.entry.unwrap()];
    let instrs = f.instrs_in_order();
    let emits: Vec<usize> = instrs
        .iter()
        .enumerate()
        .filter(|(_, v)| matches!(&f.instrs[**v].kind, InstrKind::Intrinsic(i) if matches!(i.op, IntrinsicOp::EmitVertex { .. })))
        .map(|(i, _)| i)
        .collect();
    assert_eq!(emits.len(), 2);
    for e in emits {
        assert!(
            matches!(&f.instrs[instrs[e - 1]].kind, InstrKind::Intrinsic(i) if matches!(i.op, IntrinsicOp::StoreDeref { .. }))
        );
        assert!(matches!(
            &f.instrs[instrs[e - 2]].kind,
            InstrKind::Compose(_)
        ));
    }
}

#[test]
fn lower_clip_control_leaves_fragment_shaders_alone() {
    let mut s = Shader::new(Stage::Fragment);
    Builder::main(&mut s);
    assert!(!lower_clip_control(&mut s));
}

#[test]
fn frag_color_is_broadcast_to_every_draw_buffer() {
    let mut s = Shader::new(Stage::Fragment);
    let mut b = Builder::main(&mut s);
    let vec4 = b.value_type_handle(ValueType::VEC4);
    let color = b.builtin(
        "gl_FragColor",
        vec4,
        VariableMode::ShaderOut,
        Builtin::FragColor,
    );
    let red = b.imm_vec(&[1.0, 0.0, 0.0, 1.0]);
    b.store_var(color, red);
    let (progress, text) = before_after(&mut s, |s| lower_frag_color_broadcast(s, 3));
    assert!(progress);
    assert_snapshot("lower_frag_color_broadcast", &text);
    let outputs: Vec<u32> = s
        .variables
        .iter()
        .filter(|(_, v)| v.mode == VariableMode::ShaderOut)
        .map(|(_, v)| v.location.unwrap())
        .collect();
    assert_eq!(outputs, vec![0, 1, 2]);
    assert_eq!(s.variables[color].mode, VariableMode::GlobalPrivate);
    assert!(s
        .variables
        .iter()
        .all(|(_, v)| v.builtin != Some(Builtin::FragColor)));
}

#[test]
fn frag_color_beside_a_second_blend_colour_goes_to_the_dual_source_draw_buffer_only() {
    let mut s = Shader::new(Stage::Fragment);
    let mut b = Builder::main(&mut s);
    let vec4 = b.value_type_handle(ValueType::VEC4);
    let color = b.builtin("gl_FragColor", vec4, VariableMode::ShaderOut, Builtin::FragColor);
    let mut second = Variable::new("gl_SecondaryFragColorEXT", vec4, VariableMode::ShaderOut).with_location(0);
    second.index = Some(1);
    let second = b.variable(second);
    let red = b.imm_vec(&[1.0, 0.0, 0.0, 1.0]);
    b.store_var(color, red);
    b.store_var(second, red);
    assert!(lower_frag_color_broadcast(&mut s, 8));
    validate(&s).expect("valid IR");
    let mut outputs: Vec<(Option<u32>, Option<u32>)> =
        s.variables.iter().filter(|(_, v)| v.mode == VariableMode::ShaderOut).map(|(_, v)| (v.location, v.index)).collect();
    outputs.sort();
    assert_eq!(outputs, vec![(Some(0), None), (Some(0), Some(1))]);
}

#[test]
fn constant_fold_computes_float_int_and_comparison_results() {
    let mut s = Shader::new(Stage::Fragment);
    let mut b = Builder::main(&mut s);
    let one = b.imm_f32(1.0);
    let two = b.imm_f32(2.0);
    let three = b.imm_f32(3.0);
    let sum = b.fadd(one, two);
    let prod = b.fmul(sum, three);
    let seven = b.imm_i32(7);
    let minus_two = b.imm_i32(-2);
    let rem = b.alu(AluOp::Imod, &[seven, minus_two]);
    let shifted = b.ishl(seven, seven);
    let cmp = b.flt(prod, three);
    let zero = b.imm_i32(0);
    let div0 = b.idiv(seven, zero);
    let v = b.compose(&[prod, sum]);
    let sw = b.swizzle(v, &[1, 0, 1]);
    let f = b.convert(seven, BaseType::Float, 32);
    let out = b.output("o", ValueType::float(3), 0);
    b.store_var(out, sw);
    let keep = [rem, shifted, cmp, div0, f];
    let (progress, text) = before_after(&mut s, opt_constant_fold);
    assert!(progress);
    assert_snapshot("opt_constant_fold", &text);
    let func = &s.functions[s.entry.unwrap()];
    let c = |v: Value| match &func.instrs[v].kind {
        InstrKind::Const(c) => Some(c.clone()),
        _ => None,
    };
    assert_eq!(c(prod), Some(ConstValue::f32s(&[9.0])));
    assert_eq!(
        c(keep[0]),
        Some(ConstValue::i32s(&[-1])),
        "imod takes the divisor's sign"
    );
    assert_eq!(c(keep[1]), Some(ConstValue::i32s(&[7 << 7])));
    assert_eq!(c(keep[2]), Some(ConstValue::bools(&[false])));
    assert_eq!(c(keep[3]), None, "division by zero is left for run time");
    assert_eq!(c(keep[4]), Some(ConstValue::f32s(&[7.0])));
    assert_eq!(c(sw), Some(ConstValue::f32s(&[3.0, 9.0, 3.0])));
    // A second run finds nothing more.
    assert!(!opt_constant_fold(&mut s));
}

#[test]
fn constant_fold_rounds_to_f32() {
    let mut s = Shader::new(Stage::Fragment);
    let mut b = Builder::main(&mut s);
    let a = b.imm_f32(0.1);
    let c = b.imm_f32(0.2);
    let sum = b.fadd(a, c);
    let out = b.output("o", ValueType::F32, 0);
    b.store_var(out, sum);
    assert!(opt_constant_fold(&mut s));
    let func = &s.functions[s.entry.unwrap()];
    assert_eq!(
        func.instrs[sum].kind,
        InstrKind::Const(ConstValue::f32s(&[0.1f32 + 0.2f32]))
    );
}

#[test]
fn dce_removes_unused_values_and_keeps_effects() {
    let mut s = Shader::new(Stage::Fragment);
    let mut b = Builder::main(&mut s);
    let input = b.input("v", ValueType::VEC4, 0);
    let out = b.output("o", ValueType::VEC4, 0);
    let v = b.load_var(input);
    let unused = b.fmul(v, v);
    let _unused2 = b.fadd(unused, v);
    let used = b.fsub(v, v);
    b.store_var(out, used);
    let (progress, text) = before_after(&mut s, opt_dce);
    assert!(progress);
    assert_snapshot("opt_dce", &text);
    let after = print_shader(&s);
    assert!(
        !after.contains("fmul") && !after.contains("fadd"),
        "{after}"
    );
    assert!(
        after.contains("fsub") && after.contains("store_deref"),
        "{after}"
    );
    assert!(!opt_dce(&mut s));
}

#[test]
fn optimize_folds_then_removes_the_dead_sources() {
    let mut s = Shader::new(Stage::Fragment);
    let mut b = Builder::main(&mut s);
    let one = b.imm_f32(1.0);
    let two = b.imm_f32(2.0);
    let sum = b.fadd(one, two);
    let out = b.output("o", ValueType::F32, 0);
    b.store_var(out, sum);
    assert!(optimize(&mut s));
    let text = print_shader(&s);
    assert_eq!(text.matches("const").count(), 1, "{text}");
    assert!(text.contains("const 3.0"), "{text}");
}

#[test]
fn instance_id_excludes_the_base_instance() {
    let mut s = Shader::new(Stage::Vertex);
    let mut b = Builder::main(&mut s);
    let int_ty = b.value_type_handle(ValueType::I32);
    let iid = b.builtin(
        "gl_InstanceID",
        int_ty,
        VariableMode::ShaderIn,
        Builtin::InstanceIndex,
    );
    let out = b.output("id", ValueType::I32, 0);
    let id = b.load_var(iid);
    b.store_var(out, id);
    let (progress, text) = before_after(&mut s, lower_instance_id_base);
    assert!(progress);
    assert_snapshot("lower_instance_id_base", &text);
    let base = s
        .variables
        .iter()
        .find(|(_, v)| v.builtin == Some(Builtin::BaseInstance));
    assert!(base.is_some());
    let func = &s.functions[s.entry.unwrap()];
    assert!(matches!(
        &func.instrs[id].kind,
        InstrKind::Alu {
            op: AluOp::Isub,
            ..
        }
    ));
}

/// `uniform vec4 tint; uniform float scale[2]; uniform sampler2D tex;` read by a fragment
/// shader, as a front end declares them before linking.
pub fn default_uniform_fragment() -> (Shader, Handle<Variable>) {
    let mut s = Shader::new(Stage::Fragment);
    let mut b = Builder::main(&mut s);
    let vec4 = b.value_type_handle(ValueType::VEC4);
    let f = b.value_type_handle(ValueType::F32);
    let farr = b.array_type(f, Some(2), None);
    let tint = b.variable(Variable::new("tint", vec4, VariableMode::Uniform));
    let scale = b.variable(Variable::new("scale", farr, VariableMode::Uniform));
    let sampler_ty = b.ty(Type::Sampler {
        dim: ImageDim::D2,
        arrayed: false,
        shadow: false,
        multisampled: false,
        sampled: BaseType::Float,
    });
    let tex =
        b.variable(Variable::new("tex", sampler_ty, VariableMode::Uniform).with_binding(0, 128));
    let out = b.output("o", ValueType::VEC4, 0);
    let t = b.load_var(tint);
    let sref = b.deref_var(scale);
    let s1 = b.deref_array_imm(sref, 1);
    let sv = b.load_deref(s1);
    let sv4 = b.splat(sv, 4);
    let texref = b.deref_var(tex);
    let uv = b.imm_vec(&[0.5, 0.5]);
    let texel = b.texture(texref, uv);
    let m = b.fmul(t, sv4);
    let r = b.fmul(m, texel);
    b.store_var(out, r);
    (s, tex)
}

#[test]
fn default_uniforms_become_members_of_one_ubo() {
    let (mut s, _) = default_uniform_fragment();
    let (progress, text) = before_after(&mut s, |s| {
        lower_uniforms_to_ubo(s, 0, 0, |v| match v.name.as_str() {
            "tint" => Some(0),
            "scale" => Some(16),
            _ => None,
        })
    });
    assert!(progress);
    assert_snapshot("lower_uniforms_to_ubo", &text);
    assert!(s
        .variables
        .iter()
        .all(|(_, v)| v.mode != VariableMode::Uniform));
    let ubo = s
        .variables
        .iter()
        .find(|(_, v)| v.mode == VariableMode::Ubo)
        .unwrap()
        .1;
    assert_eq!((ubo.descriptor_set, ubo.binding), (Some(0), Some(0)));
    match &s.types[ubo.ty] {
        Type::Struct { members, .. } => {
            let names: Vec<(&str, Option<u32>)> = members
                .iter()
                .map(|m| (m.name.as_str(), m.offset))
                .collect();
            assert_eq!(names, vec![("tint", Some(0)), ("scale", Some(16))]);
        }
        other => panic!("{other:?}"),
    }
    let tex = s.variables.iter().find(|(_, v)| v.name == "tex").unwrap().1;
    assert_eq!(tex.mode, VariableMode::Image);
}

#[test]
fn rectangle_texture_coordinates_are_normalised_by_the_size() {
    let mut s = Shader::new(Stage::Fragment);
    let mut b = Builder::main(&mut s);
    let ty = b.ty(Type::Sampler {
        dim: ImageDim::Rect,
        arrayed: false,
        shadow: false,
        multisampled: false,
        sampled: BaseType::Float,
    });
    let tex = b.variable(Variable::new("rect", ty, VariableMode::Image).with_binding(0, 128));
    let out = b.output("o", ValueType::VEC4, 0);
    let t = b.deref_var(tex);
    let uv = b.imm_vec(&[16.0, 8.0]);
    let texel = b.texture(t, uv);
    let icoord = b.constant(ConstValue::i32s(&[3, 4]));
    let fetched = b.tex(
        TexOp::Txf,
        t,
        &[(TexSrcKind::Coord, icoord)],
        ValueType::VEC4,
    );
    let sum = b.fadd(texel, fetched);
    b.store_var(out, sum);
    let (progress, text) = before_after(&mut s, lower_tex_rect);
    assert!(progress);
    assert_snapshot("lower_tex_rect", &text);
    let after = print_shader(&s);
    // One size query and one division, for the sample only: texelFetch keeps texel units.
    assert_eq!(after.matches("txs").count(), 1, "{after}");
    assert_eq!(after.matches("fdiv").count(), 1, "{after}");
    assert!(!lower_tex_rect(&mut Shader::new(Stage::Fragment)));
}

#[test]
fn double_vertex_inputs_become_word_pairs_over_two_locations() {
    let mut s = Shader::new(Stage::Vertex);
    let mut b = Builder::main(&mut s);
    let d3 = b.input("d3", ValueType::double(3), 2);
    let d1 = b.input("d1", ValueType::double(1), 5);
    let vec4 = b.value_type_handle(ValueType::VEC4);
    let pos = b.builtin(
        "gl_Position",
        vec4,
        VariableMode::ShaderOut,
        Builtin::Position,
    );
    let v = b.load_var(d3);
    let x = b.load_var(d1);
    let xv = b.splat(x, 3);
    let sum = b.fadd(v, xv);
    let f = b.convert(sum, BaseType::Float, 32);
    let one = b.imm_f32(1.0);
    let p = b.compose(&[f, one]);
    b.store_var(pos, p);
    let (progress, text) = before_after(&mut s, lower_vertex_attrib_64bit);
    assert!(progress);
    assert_snapshot("lower_vertex_attrib_64bit", &text);
    let inputs: Vec<(String, Option<u32>, ValueType)> = s
        .variables
        .iter()
        .filter(|(_, v)| v.mode == VariableMode::ShaderIn)
        .map(|(_, v)| {
            (
                v.name.clone(),
                v.location,
                s.types[v.ty].as_value().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        inputs,
        vec![
            ("d3_words0".to_string(), Some(2), ValueType::uint(4)),
            ("d3_words1".to_string(), Some(3), ValueType::uint(2)),
            ("d1_words0".to_string(), Some(5), ValueType::uint(2)),
        ]
    );
    assert_eq!(print_shader(&s).matches("bitcast").count(), 4);
}

#[test]
fn lower_vertex_attrib_64bit_fills_matrix_and_array_inputs_from_words() {
    let mut s = Shader::new(Stage::Vertex);
    let mut b = Builder::main(&mut s);
    // dmat3 m at location 2 (three dvec3 columns: Vulkan locations 2-7), dvec4 arr[2] at 8
    // (8-11), and an int index read dynamically.
    let dmat3 = b.ty(Type::Matrix { columns: 3, rows: 3, bits: 64 });
    let m = b.variable(Variable::new("m", dmat3, VariableMode::ShaderIn).with_location(2));
    let dvec4 = b.value_type_handle(ValueType::double(4));
    let arr_ty = b.array_type(dvec4, Some(2), None);
    let arr = b.variable(Variable::new("arr", arr_ty, VariableMode::ShaderIn).with_location(8));
    let i = b.input("i", ValueType::I32, 12);
    let vec4 = b.value_type_handle(ValueType::VEC4);
    let pos = b.builtin(
        "gl_Position",
        vec4,
        VariableMode::ShaderOut,
        Builtin::Position,
    );
    let md = b.deref_var(m);
    let col = b.deref_array_imm(md, 1);
    let c = b.load_deref(col);
    let index = b.load_var(i);
    let ad = b.deref_var(arr);
    let elem = b.deref_array(ad, index);
    let e = b.load_deref(elem);
    let xyz = b.swizzle(e, &[0, 1, 2]);
    let sum = b.fadd(c, xyz);
    let f = b.convert(sum, BaseType::Float, 32);
    let one = b.imm_f32(1.0);
    let p = b.compose(&[f, one]);
    b.store_var(pos, p);
    let (progress, text) = before_after(&mut s, lower_vertex_attrib_64bit);
    assert!(progress);
    assert_snapshot("lower_vertex_attrib_64bit_aggregates", &text);
    let inputs: Vec<(String, Option<u32>, ValueType)> = s
        .variables
        .iter()
        .filter(|(_, v)| v.mode == VariableMode::ShaderIn)
        .map(|(_, v)| (v.name.clone(), v.location, s.types[v.ty].as_value().unwrap()))
        .collect();
    let expected: Vec<(String, Option<u32>, ValueType)> = vec![
        ("i".to_string(), Some(12), ValueType::I32),
        ("m_column0_words0".to_string(), Some(2), ValueType::uint(4)),
        ("m_column0_words1".to_string(), Some(3), ValueType::uint(2)),
        ("m_column1_words0".to_string(), Some(4), ValueType::uint(4)),
        ("m_column1_words1".to_string(), Some(5), ValueType::uint(2)),
        ("m_column2_words0".to_string(), Some(6), ValueType::uint(4)),
        ("m_column2_words1".to_string(), Some(7), ValueType::uint(2)),
        ("arr_column0_words0".to_string(), Some(8), ValueType::uint(4)),
        ("arr_column0_words1".to_string(), Some(9), ValueType::uint(4)),
        ("arr_column1_words0".to_string(), Some(10), ValueType::uint(4)),
        ("arr_column1_words1".to_string(), Some(11), ValueType::uint(4)),
    ];
    assert_eq!(inputs, expected);
    // The originals are private globals now, filled once: 3 x 3 + 2 x 4 doubles rebuilt.
    for var in [m, arr] {
        assert_eq!(s.variables[var].mode, VariableMode::GlobalPrivate);
        assert_eq!(s.variables[var].location, None);
    }
    assert_eq!(print_shader(&s).matches("bitcast").count(), 17);
}

#[test]
fn lowering_follows_the_caps() {
    let build = || {
        let mut s = Shader::new(Stage::Vertex);
        let mut b = Builder::main(&mut s);
        let d = b.input("d", ValueType::double(4), 0);
        let vec4 = b.value_type_handle(ValueType::VEC4);
        let pos = b.builtin(
            "gl_Position",
            vec4,
            VariableMode::ShaderOut,
            Builtin::Position,
        );
        let v = b.load_var(d);
        let f = b.convert(v, BaseType::Float, 32);
        b.store_var(pos, f);
        s
    };
    let options = LowerOptions {
        last_pre_rasterization: true,
        ..Default::default()
    };
    let mut native = build();
    lower_for_caps(&mut native, &Caps::ALL, &options);
    let text = print_shader(&native);
    assert!(
        !text.contains("bitcast") && !text.contains("fadd"),
        "{text}"
    );

    let mut emulated = build();
    let mut caps = Caps::ALL;
    caps.apply_emulate_env("all").unwrap();
    assert!(lower_for_caps(&mut emulated, &caps, &options));
    let text = print_shader(&emulated);
    assert!(
        text.contains("bitcast"),
        "64-bit inputs fetched as words:\n{text}"
    );
    assert!(text.contains("fadd"), "clip-control epilogue:\n{text}");
}

#[test]
fn buffer_indices_are_clamped_to_the_last_element() {
    let mut s = Shader::new(Stage::Fragment);
    let mut b = Builder::main(&mut s);
    let vec4 = b.value_type_handle(ValueType::VEC4);
    let sized = b.array_type(vec4, Some(8), Some(16));
    let runtime = b.array_type(vec4, None, Some(16));
    let member = |name: &str, ty| StructMember {
        name: name.into(),
        ty,
        offset: None,
        matrix_stride: None,
        row_major: false,
    };
    let ubo_ty = b.ty(Type::Struct {
        name: "U".into(),
        members: vec![member("a", sized)],
    });
    let ssbo_ty = b.ty(Type::Struct {
        name: "S".into(),
        members: vec![member("b", runtime)],
    });
    let ubo = b.variable(Variable::new("u", ubo_ty, VariableMode::Ubo).with_binding(0, 1));
    let ssbo = b.variable(Variable::new("s", ssbo_ty, VariableMode::Ssbo).with_binding(0, 256));
    let input = b.input("i", ValueType::I32, 0);
    let i = b.load_var(input);
    let u = b.deref_var(ubo);
    let a = b.deref_struct(u, 0);
    let ua = b.deref_array(a, i);
    let x = b.load_deref(ua);
    let in_bounds = b.deref_array_imm(a, 3);
    let y = b.load_deref(in_bounds);
    let sv = b.deref_var(ssbo);
    let bm = b.deref_struct(sv, 0);
    let sb = b.deref_array(bm, i);
    let sum = b.fadd(x, y);
    b.store_deref(sb, sum);
    let (progress, text) = before_after(&mut s, lower_robust_buffer_access);
    assert!(progress);
    assert_snapshot("lower_robust_buffer_access", &text);
    let after = print_shader(&s);
    // Two dynamic indices clamped; the constant in-bounds one left alone.
    assert_eq!(after.matches("umin").count(), 2, "{after}");
    assert_eq!(after.matches("array_length").count(), 1, "{after}");
}

#[test]
fn integer_pixel_centres_and_point_coord_origin() {
    let mut s = Shader::new(Stage::Fragment);
    s.info.fragment.pixel_center_integer = true;
    let mut b = Builder::main(&mut s);
    let vec4 = b.value_type_handle(ValueType::VEC4);
    let vec2 = b.value_type_handle(ValueType::VEC2);
    let coord = b.builtin(
        "gl_FragCoord",
        vec4,
        VariableMode::ShaderIn,
        Builtin::FragCoord,
    );
    let pc = b.builtin(
        "gl_PointCoord",
        vec2,
        VariableMode::ShaderIn,
        Builtin::PointCoord,
    );
    let out = b.output("o", ValueType::VEC4, 0);
    let c = b.load_var(coord);
    let p = b.load_var(pc);
    let pp = b.compose(&[p, p]);
    let r = b.fadd(c, pp);
    b.store_var(out, r);
    let (progress, text) = before_after(&mut s, |s| {
        lower_frag_coord_conventions(s, None) & lower_point_coord_flip(s)
    });
    assert!(progress);
    assert_snapshot("lower_frag_coord_and_point_coord", &text);
    assert!(!s.info.fragment.pixel_center_integer);
    let after = print_shader(&s);
    assert!(
        after.contains("const 0.5") && after.matches("fsub").count() == 3,
        "{after}"
    );
}

#[test]
fn copy_propagation_forwards_identity_swizzles_and_casts() {
    let mut s = Shader::new(Stage::Fragment);
    let mut b = Builder::main(&mut s);
    let input = b.input("v", ValueType::VEC4, 0);
    let out = b.output("o", ValueType::VEC4, 0);
    let v = b.load_var(input);
    let same = b.swizzle(v, &[0, 1, 2, 3]);
    let cast = b.bitcast(same, ValueType::VEC4);
    let one = b.compose(&[cast]);
    let x = b.channel(one, 0);
    let zero = b.imm_f32(0.0);
    let c = b.flt(x, zero);
    let c_copy = b.swizzle(c, &[0]);
    b.push_if(c_copy);
    b.store_var(out, one);
    b.pop_if();
    let (progress, text) = before_after(&mut s, |s| {
        let p = opt_copy_prop(s);
        opt_dce(s);
        p
    });
    assert!(progress);
    assert_snapshot("opt_copy_prop", &text);
    let after = print_shader(&s);
    assert!(
        !after.contains("bitcast") && !after.contains("xyzw") && !after.contains(" vec "),
        "{after}"
    );
}

#[test]
fn arrays_of_arrays_of_samplers_become_one_flat_array() {
    let mut s = Shader::new(Stage::Fragment);
    let mut b = Builder::main(&mut s);
    let sampler = b.ty(Type::Sampler {
        dim: ImageDim::D2,
        arrayed: false,
        shadow: false,
        multisampled: false,
        sampled: BaseType::Float,
    });
    let inner = b.array_type(sampler, Some(3), None);
    let outer = b.array_type(inner, Some(2), None);
    let tex = b.variable(Variable::new("tex", outer, VariableMode::Image).with_binding(0, 128));
    let input = b.input("i", ValueType::I32, 0);
    let out = b.output("o", ValueType::VEC4, 0);
    let i = b.load_var(input);
    let t = b.deref_var(tex);
    let row = b.deref_array(t, i);
    let cell = b.deref_array_imm(row, 2);
    let uv = b.imm_vec(&[0.5, 0.5]);
    let texel = b.texture(cell, uv);
    b.store_var(out, texel);
    let (progress, text) = before_after(&mut s, lower_opaque_arrays_of_arrays);
    assert!(progress);
    assert_snapshot("lower_opaque_arrays_of_arrays", &text);
    let var = &s.variables[tex];
    assert!(matches!(
        s.types[var.ty],
        Type::Array {
            length: Some(6),
            ..
        }
    ));
    let after = print_shader(&s);
    assert!(after.contains("imul") && after.contains("iadd"), "{after}");
}

#[test]
fn dce_removes_a_long_dead_chain_in_one_run() {
    let mut s = Shader::new(Stage::Fragment);
    let mut b = Builder::main(&mut s);
    let mut v = b.imm_f32(1.0);
    for _ in 0..20_000 {
        v = b.fadd(v, v);
    }
    let start = std::time::Instant::now();
    assert!(opt_dce(&mut s));
    // Linear, not one instruction per iteration: well under a second even unoptimised.
    assert!(start.elapsed().as_secs_f64() < 2.0, "{:?}", start.elapsed());
    assert_eq!(s.functions[s.entry.unwrap()].instrs_in_order().len(), 0);
}

/// `struct S { sampler2D tex; float k; }; uniform S s; uniform S arr[2];` sampled as
/// `texture(s.tex, uv) * s.k + texture(arr[i].tex, uv) * arr[i].k`.
pub fn struct_sampler_fragment() -> Shader {
    let mut s = Shader::new(Stage::Fragment);
    let mut b = Builder::main(&mut s);
    let sampler = b.ty(Type::Sampler {
        dim: ImageDim::D2,
        arrayed: false,
        shadow: false,
        multisampled: false,
        sampled: BaseType::Float,
    });
    let f = b.value_type_handle(ValueType::F32);
    let member = |name: &str, ty| StructMember {
        name: name.into(),
        ty,
        offset: None,
        matrix_stride: None,
        row_major: false,
    };
    let st = b.ty(Type::Struct {
        name: "S".into(),
        members: vec![member("tex", sampler), member("k", f)],
    });
    let arr_ty = b.array_type(st, Some(2), None);
    let single = b.variable(Variable::new("s", st, VariableMode::Uniform));
    let arr = b.variable(Variable::new("arr", arr_ty, VariableMode::Uniform));
    let input = b.input("i", ValueType::I32, 0);
    let out = b.output("o", ValueType::VEC4, 0);
    let uv = b.imm_vec(&[0.5, 0.5]);
    let sd = b.deref_var(single);
    let tex = b.deref_struct(sd, 0);
    let t1 = b.texture(tex, uv);
    let kd = b.deref_struct(sd, 1);
    let k1 = b.load_deref(kd);
    let i = b.load_var(input);
    let ad = b.deref_var(arr);
    let elem = b.deref_array(ad, i);
    let tex2 = b.deref_struct(elem, 0);
    let t2 = b.texture(tex2, uv);
    let k2d = b.deref_struct(elem, 1);
    let k2 = b.load_deref(k2d);
    let k1v = b.splat(k1, 4);
    let k2v = b.splat(k2, 4);
    let a = b.fmul(t1, k1v);
    let c = b.fmul(t2, k2v);
    let r = b.fadd(a, c);
    b.store_var(out, r);
    s
}

#[test]
fn sampler_members_leave_their_structs() {
    let mut s = struct_sampler_fragment();
    let bindings = |name: &str| match name {
        "s.tex" => Some(128),
        "arr.tex" => Some(129),
        _ => None,
    };
    let (progress, text) = before_after(&mut s, |s| split_opaque_struct_members(s, bindings));
    assert!(progress);
    assert_snapshot("split_opaque_struct_members", &text);
    let images: Vec<(String, Option<u32>)> = s
        .variables
        .iter()
        .filter(|(_, v)| v.mode == VariableMode::Image)
        .map(|(_, v)| (v.name.clone(), v.binding))
        .collect();
    assert_eq!(
        images,
        vec![
            ("s.tex".to_string(), Some(128)),
            ("arr.tex".to_string(), Some(129))
        ]
    );
    // What is left is plain data for the default uniform block.
    assert!(lower_uniforms_to_ubo(&mut s, 0, 0, |_| None));
    validate(&s).unwrap();
}

#[test]
fn struct_declared_in_image_mode_keeps_its_data_as_a_uniform() {
    let mut s = struct_sampler_fragment();
    let handles: Vec<_> = s.variables.handles().collect();
    for h in handles {
        if s.variables[h].mode == VariableMode::Uniform {
            set_variable_mode(&mut s, h, VariableMode::Image);
        }
    }
    assert!(split_opaque_struct_members(&mut s, |_| None));
    validate(&s).unwrap();
    let data: Vec<_> = s
        .variables
        .iter()
        .filter(|(_, v)| v.mode == VariableMode::Uniform)
        .map(|(_, v)| v.name.clone())
        .collect();
    assert_eq!(data, vec!["s".to_string(), "arr".to_string()]);
}

#[test]
fn texel_fetches_and_image_loads_outside_read_zero() {
    let mut s = Shader::new(Stage::Fragment);
    let mut b = Builder::main(&mut s);
    let array_ty = b.ty(Type::Sampler {
        dim: ImageDim::D2,
        arrayed: true,
        shadow: false,
        multisampled: false,
        sampled: BaseType::Float,
    });
    let image_ty = b.ty(Type::Image {
        dim: ImageDim::D2,
        arrayed: false,
        multisampled: false,
        sampled: BaseType::Uint,
        format: ImageFormat::Rgba8ui,
    });
    let tex = b.variable(Variable::new("tex", array_ty, VariableMode::Image).with_binding(0, 128));
    let img = b.variable(Variable::new("img", image_ty, VariableMode::Image).with_binding(0, 384));
    let coord_in = b.input("c", ValueType::int(3), 0);
    let lod_in = b.input("l", ValueType::I32, 1);
    let out = b.output("o", ValueType::VEC4, 0);
    let uout = b.output("u", ValueType::uint(4), 1);
    let coord = b.load_var(coord_in);
    let lod = b.load_var(lod_in);
    let t = b.deref_var(tex);
    let offset = b.constant(ConstValue::i32s(&[1, -1]));
    let offset3 = {
        let zero = b.imm_i32(0);
        let x = b.channel(offset, 0);
        let y = b.channel(offset, 1);
        b.compose(&[x, y, zero])
    };
    let fetched = b.tex(
        TexOp::Txf,
        t,
        &[(TexSrcKind::Coord, coord), (TexSrcKind::Lod, lod), (TexSrcKind::Offset, offset3)],
        ValueType::VEC4,
    );
    b.store_var(out, fetched);
    let i = b.deref_var(img);
    let xy = b.swizzle(coord, &[0, 1]);
    let sample = b.imm_i32(0);
    let loaded = b.intrinsic(IntrinsicOp::ImageLoad, &[i, xy, sample], Some(ValueType::uint(4)));
    b.store_var(uout, loaded);
    let (progress, text) = before_after(&mut s, lower_robust_image_access);
    assert!(progress);
    assert_snapshot("lower_robust_image_access", &text);
    let after = print_shader(&s);
    // The level is checked against the level count, each coordinate against the size of
    // the level fetched, and the image load against the image's size.
    assert_eq!(after.matches("query_levels").count(), 1, "{after}");
    assert_eq!(after.matches(" txs ").count() + after.matches("txs(").count(), 1, "{after}");
    assert_eq!(after.matches("image_size").count(), 1, "{after}");
    assert_eq!(after.matches("bcsel").count(), 2, "{after}");
    assert!(!after.contains("offset"), "the offset is folded into the coordinate:\n{after}");
}

#[test]
fn robust_image_access_is_chosen_by_caps_and_the_context() {
    let build = || {
        let mut s = Shader::new(Stage::Fragment);
        let mut b = Builder::main(&mut s);
        let ty = b.ty(Type::Sampler {
            dim: ImageDim::D2,
            arrayed: false,
            shadow: false,
            multisampled: false,
            sampled: BaseType::Float,
        });
        let tex = b.variable(Variable::new("tex", ty, VariableMode::Image).with_binding(0, 128));
        let coord_in = b.input("c", ValueType::int(2), 0);
        let out = b.output("o", ValueType::VEC4, 0);
        let coord = b.load_var(coord_in);
        let t = b.deref_var(tex);
        let lod = b.imm_i32(0);
        let fetched = b.tex(TexOp::Txf, t, &[(TexSrcKind::Coord, coord), (TexSrcKind::Lod, lod)], ValueType::VEC4);
        b.store_var(out, fetched);
        s
    };
    let robust = LowerOptions { robust_access: true, ..Default::default() };
    let mut caps = Caps::ALL;
    let mut native = build();
    lower_for_caps(&mut native, &caps, &robust);
    assert!(!print_shader(&native).contains("query_levels"), "the device reads zero itself");
    caps.apply_emulate_env("robustness").unwrap();
    let mut plain = build();
    lower_for_caps(&mut plain, &caps, &LowerOptions::default());
    assert!(!print_shader(&plain).contains("query_levels"), "only robust contexts pay for it");
    let mut emulated = build();
    lower_for_caps(&mut emulated, &caps, &robust);
    assert!(print_shader(&emulated).contains("query_levels"), "{}", print_shader(&emulated));
}
