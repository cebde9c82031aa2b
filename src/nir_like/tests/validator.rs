//! The validator accepts what the builder makes and names what is wrong in broken IR.

use nir_like::*;

fn kinds(shader: &Shader) -> Vec<ErrorKind> {
    validate(shader)
        .err()
        .unwrap_or_default()
        .into_iter()
        .map(|e| e.kind)
        .collect()
}

fn fragment() -> Shader {
    let mut s = Shader::new(Stage::Fragment);
    Builder::main(&mut s);
    s
}

#[test]
fn a_shader_without_entry_point_is_rejected() {
    let s = Shader::new(Stage::Vertex);
    assert_eq!(kinds(&s), vec![ErrorKind::NoEntryPoint]);
}

#[test]
fn use_before_definition_in_another_branch_is_not_dominated() {
    let mut s = fragment();
    let mut b = Builder::main(&mut s);
    let c = b.imm_bool(true);
    b.push_if(c);
    let inside = b.imm_f32(1.0);
    b.pop_if();
    // `inside` is defined only on the then-path.
    let _ = b.fadd(inside, inside);
    assert!(
        kinds(&s).contains(&ErrorKind::NotDominated),
        "{:?}",
        kinds(&s)
    );
}

#[test]
fn loop_body_values_are_not_visible_in_the_continue_construct_past_the_header() {
    let mut s = fragment();
    let mut b = Builder::main(&mut s);
    b.push_loop();
    let c = b.imm_bool(true);
    b.push_if(c);
    b.continue_();
    b.pop_if();
    let late = b.imm_f32(1.0);
    b.push_continue();
    let _ = b.fneg(late);
    b.pop_loop();
    assert!(
        kinds(&s).contains(&ErrorKind::NotDominated),
        "{:?}",
        kinds(&s)
    );
}

#[test]
fn alu_source_kinds_and_result_types_are_checked() {
    let mut s = fragment();
    let mut b = Builder::main(&mut s);
    let i = b.imm_i32(1);
    let f = b.imm_f32(1.0);
    let _ = b.alu(AluOp::Fadd, &[i, f]);
    let v = b.imm_vec(&[1.0, 2.0]);
    let _ = b.alu_typed(AluOp::Fmul, &[v, v], ValueType::VEC3);
    let k = kinds(&s);
    assert!(
        k.contains(&ErrorKind::SourceType {
            index: 0,
            found: Some(ValueType::I32)
        }),
        "{k:?}"
    );
    assert!(
        k.iter().any(
            |e| matches!(e, ErrorKind::ResultType { found: Some(t), .. } if *t == ValueType::VEC3)
        ),
        "{k:?}"
    );
}

#[test]
fn mismatched_component_counts_are_rejected() {
    let mut s = fragment();
    let mut b = Builder::main(&mut s);
    let v2 = b.imm_vec(&[1.0, 2.0]);
    let v3 = b.imm_vec(&[1.0, 2.0, 3.0]);
    let _ = b.fadd(v2, v3);
    assert!(kinds(&s)
        .iter()
        .any(|e| matches!(e, ErrorKind::SourceType { index: 1, .. })));
}

#[test]
fn jumps_must_end_blocks_and_breaks_need_a_loop() {
    let mut s = fragment();
    let mut b = Builder::main(&mut s);
    b.break_();
    let _ = b.imm_f32(0.0);
    let k = kinds(&s);
    assert!(
        k.contains(&ErrorKind::JumpOutsideLoop(Jump::Break)),
        "{k:?}"
    );
    assert!(k.contains(&ErrorKind::JumpNotLast), "{k:?}");
}

#[test]
fn return_value_must_match_the_function_type() {
    let mut s = fragment();
    let mut b = Builder::main(&mut s);
    let f = b.function("f", vec![], Some(ValueType::F32));
    b.set_function(f);
    let i = b.imm_i32(0);
    b.return_(Some(i));
    assert!(kinds(&s).contains(&ErrorKind::ReturnTypeMismatch));
}

#[test]
fn stores_must_match_the_deref_type_and_inputs_are_read_only() {
    let mut s = fragment();
    let mut b = Builder::main(&mut s);
    let input = b.input("v", ValueType::VEC4, 0);
    let out = b.output("o", ValueType::VEC4, 0);
    let f = b.imm_f32(1.0);
    b.store_var(out, f);
    let v = b.imm_vec(&[0.0; 4]);
    b.store_var(input, v);
    let k = kinds(&s);
    assert!(
        k.iter()
            .any(|e| matches!(e, ErrorKind::SourceType { index: 1, .. })),
        "{k:?}"
    );
    assert!(k.contains(&ErrorKind::DerefModeMismatch), "{k:?}");
}

#[test]
fn deref_chains_must_follow_the_type() {
    let mut s = fragment();
    let mut b = Builder::main(&mut s);
    let out = b.output("o", ValueType::VEC4, 0);
    let d = b.deref_var(out);
    // A struct member of a vector does not exist.
    let _ = b.deref_struct(d, 0);
    assert!(kinds(&s).contains(&ErrorKind::DerefTypeMismatch));
}

#[test]
fn if_conditions_must_be_scalar_bools() {
    let mut s = fragment();
    let mut b = Builder::main(&mut s);
    let c = b.imm_f32(1.0);
    b.push_if(c);
    b.pop_if();
    assert!(kinds(&s).contains(&ErrorKind::ConditionNotScalarBool));
}

#[test]
fn phi_sources_must_match_predecessors() {
    let mut s = fragment();
    let mut b = Builder::main(&mut s);
    let c = b.imm_bool(true);
    let x = b.imm_f32(1.0);
    let entry = b.current_block();
    b.push_if(c);
    b.pop_if();
    // After an if the predecessors are the ends of both branches, not the entry block.
    let _ = b.phi(&[(entry, x)], ValueType::F32);
    assert!(kinds(&s).contains(&ErrorKind::PhiPredecessorMismatch));
}

#[test]
fn implicit_lod_sampling_outside_fragment_shaders_is_rejected() {
    let mut s = Shader::new(Stage::Vertex);
    let mut b = Builder::main(&mut s);
    let ty = b.ty(Type::Sampler {
        dim: ImageDim::D2,
        arrayed: false,
        shadow: false,
        multisampled: false,
        sampled: BaseType::Float,
    });
    let tex = b.variable(Variable::new("t", ty, VariableMode::Image));
    let d = b.deref_var(tex);
    let uv = b.imm_vec(&[0.0, 0.0]);
    let _ = b.texture(d, uv);
    assert!(kinds(&s).contains(&ErrorKind::StageMismatch("implicit-LOD texture op")));
}

#[test]
fn malformed_bodies_are_rejected() {
    let mut s = fragment();
    let entry = s.entry.unwrap();
    let f = &mut s.functions[entry];
    let extra = f.blocks.append(Block::default());
    f.body.push(CfNode::Block(extra));
    assert!(kinds(&s).contains(&ErrorKind::MalformedBody));
}

#[test]
fn errors_print_with_function_and_instruction() {
    let mut s = fragment();
    let mut b = Builder::main(&mut s);
    b.break_();
    let text = validate(&s).unwrap_err()[0].to_string();
    assert!(
        text.contains("function `main`") && text.contains("JumpOutsideLoop"),
        "{text}"
    );
}

#[test]
fn garbage_handles_are_reported_not_panicked_on() {
    // Handles past the end of every arena, in every place that holds one.
    let bogus_value: Value = Handle::from_index(10_000);
    let bogus_type: Handle<Type> = Handle::from_index(10_000);
    let mut s = fragment();
    let mut b = Builder::main(&mut s);
    let out = b.output("o", ValueType::F32, 0);
    let d = b.deref_var(out);
    let _ = b.fadd(bogus_value, bogus_value);
    b.instr(
        InstrKind::Deref(Deref {
            kind: DerefKind::Array {
                parent: bogus_value,
                index: bogus_value,
            },
            ty: bogus_type,
            mode: VariableMode::ShaderOut,
        }),
        None,
    );
    b.instr(
        InstrKind::Deref(Deref {
            kind: DerefKind::Var(Handle::from_index(99)),
            ty: bogus_type,
            mode: VariableMode::ShaderOut,
        }),
        None,
    );
    b.instr(
        InstrKind::Call {
            function: Handle::from_index(42),
            args: vec![bogus_value],
        },
        None,
    );
    let tex = b.instr(
        InstrKind::Deref(Deref {
            kind: DerefKind::Local(Handle::from_index(3)),
            ty: bogus_type,
            mode: VariableMode::Image,
        }),
        None,
    );
    let _ = b.tex(
        TexOp::Tex,
        tex,
        &[(TexSrcKind::Coord, bogus_value)],
        ValueType::VEC4,
    );
    b.store_deref(d, bogus_value);
    b.intrinsic(
        IntrinsicOp::LoadParam { index: 7 },
        &[],
        Some(ValueType::F32),
    );
    b.phi(&[(Handle::from_index(77), bogus_value)], ValueType::F32);
    let errors = validate(&s).unwrap_err();
    assert!(errors.len() >= 6, "{errors:?}");
    // A type table with a dangling element type.
    let mut s2 = fragment();
    s2.add_type(Type::Array {
        element: bogus_type,
        length: Some(2),
        stride: None,
    });
    assert!(kinds(&s2).contains(&ErrorKind::BadHandle("type")));
}

#[test]
fn deref_arguments_must_name_whole_variables() {
    let mut s = fragment();
    let mut b = Builder::main(&mut s);
    let vec4 = b.value_type_handle(ValueType::VEC4);
    let arr = b.array_type(vec4, Some(2), None);
    let callee = b.function(
        "f",
        vec![Param {
            name: "p".into(),
            kind: ParamKind::Deref {
                ty: vec4,
                mode: VariableMode::FunctionLocal,
            },
        }],
        None,
    );
    let local = b.local("a", arr);
    let d = b.deref_local(local);
    let elem = b.deref_array_imm(d, 1);
    b.call(callee, &[elem]);
    assert!(kinds(&s).contains(&ErrorKind::ArgumentMismatch(0)));
    // The whole-variable form is fine.
    let mut s2 = fragment();
    let mut b = Builder::main(&mut s2);
    let vec4 = b.value_type_handle(ValueType::VEC4);
    let callee = b.function(
        "f",
        vec![Param {
            name: "p".into(),
            kind: ParamKind::Deref {
                ty: vec4,
                mode: VariableMode::FunctionLocal,
            },
        }],
        None,
    );
    let w = b.local("w", vec4);
    let d = b.deref_local(w);
    b.call(callee, &[d]);
    validate(&s2).unwrap();
}

#[test]
fn the_entry_point_takes_nothing_and_returns_nothing() {
    let mut s = Shader::new(Stage::Vertex);
    let f = s
        .functions
        .append(Function::new("main", vec![], Some(ValueType::F32)));
    s.entry = Some(f);
    assert!(kinds(&s).contains(&ErrorKind::EntryPointSignature));
}

#[test]
fn sixteen_component_values_build_and_validate() {
    let mut s = fragment();
    let mut b = Builder::main(&mut s);
    let ty = b.value_type_handle(ValueType::float(16));
    let l = b.local("wide", ty);
    let v = b.imm_splat(ValueType::float(16), 1.0);
    b.store_local(l, v);
    let w = b.load_local(l);
    let _ = b.fadd(w, w);
    validate(&s).unwrap();
    assert!(print_shader(&s).contains("f32x16"));
}
