//! lower_outputs_to_records: every output of a vertex shader is stored into its record,
//! where a stage emulated in compute reads it back.

mod common;

use nir_like::passes::*;
use nir_like::*;

/// gl_Position = pos, `out vec3 n` at location 1, `flat out int id` at location 2 and
/// `out dvec2 d` at location 3.
fn vertex_shader() -> Shader {
    let mut s = Shader::new(Stage::Vertex);
    let mut b = Builder::main(&mut s);
    let pos_in = b.input("pos", ValueType::VEC4, 0);
    let vec4 = b.value_type_handle(ValueType::VEC4);
    let pos = b.builtin("gl_Position", vec4, VariableMode::ShaderOut, Builtin::Position);
    let n = b.output("n", ValueType::VEC3, 1);
    let id = b.output("id", ValueType::I32, 2);
    let d = b.output("d", ValueType::double(2), 3);
    let p = b.load_var(pos_in);
    b.store_var(pos, p);
    let xyz = b.swizzle(p, &[0, 1, 2]);
    b.store_var(n, xyz);
    let seven = b.imm_i32(7);
    b.store_var(id, seven);
    let x = b.channel(p, 0);
    let x = b.convert(x, BaseType::Float, 64);
    let xx = b.compose(&[x, x]);
    b.store_var(d, xx);
    s
}

fn storage(layout: RecordLayout) -> RecordStorage {
    RecordStorage { set: 0, records_binding: 482, params_binding: 483, layout }
}

#[test]
fn the_layout_places_every_output_one_after_another() {
    let s = vertex_shader();
    let layout = RecordLayout::of_outputs(&s);
    let words: Vec<(RecordKey, u32, u32)> = layout.entries.iter().map(|e| (e.key, e.first_word, e.words)).collect();
    assert_eq!(
        words,
        [
            (RecordKey::Builtin(Builtin::Position), 0, 4),
            (RecordKey::Varying { location: 1, component: 0 }, 4, 3),
            (RecordKey::Varying { location: 2, component: 0 }, 7, 1),
            (RecordKey::Varying { location: 3, component: 0 }, 8, 4),
        ]
    );
    assert_eq!(layout.words_per_vertex, 12);
}

#[test]
fn every_output_word_is_stored_after_the_shader_body() {
    let mut s = vertex_shader();
    let layout = RecordLayout::of_outputs(&s);
    assert!(lower_outputs_to_records(&mut s, &storage(layout)));
    let after = print_shader(&s);
    validate(&s).unwrap_or_else(|e| panic!("{e:?}\n{after}"));
    let entry = after.rsplit("entry function main()").next().unwrap_or("");
    assert_eq!(entry.lines().filter(|l| l.contains("store_deref")).count(), 12, "{after}");
    assert!(s.functions.iter().any(|(_, f)| f.name == "main_body"));
    let records = s.variables.iter().map(|(_, v)| v).find(|v| v.name == "gl_OutputRecords").unwrap();
    assert_eq!((records.mode, records.binding), (VariableMode::Ssbo, Some(482)));
    // The outputs still reach the pipeline.
    assert!(s.variables.iter().any(|(_, v)| v.builtin == Some(Builtin::Position) && v.mode == VariableMode::ShaderOut));
}

#[test]
fn other_stages_and_shaders_without_outputs_are_left_alone() {
    let mut fs = Shader::new(Stage::Fragment);
    Builder::main(&mut fs);
    assert!(!lower_outputs_to_records(&mut fs, &storage(RecordLayout::default())));
    let mut vs = vertex_shader();
    assert!(!lower_outputs_to_records(&mut vs, &storage(RecordLayout::default())), "no output has a place");
}
