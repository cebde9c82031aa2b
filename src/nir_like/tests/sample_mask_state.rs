//! lower_sample_mask_state on a fragment shader that writes gl_SampleMask[0]: the shader
//! writes a private copy, and the real output gets that copy OR the state word the draw
//! path keeps (all ones while GL ignores the mask); shaders without the output, and other
//! stages, are left alone.

mod common;

use common::assert_snapshot;
use nir_like::passes::*;
use nir_like::*;

const STATE: SampleMaskState = SampleMaskState { set: 0, binding: 0, offset: 80 };

/// gl_SampleMask[0] = 5.
fn writes_sample_mask(stage: Stage) -> Shader {
    let mut s = Shader::new(stage);
    let mut b = Builder::main(&mut s);
    let int = b.value_type_handle(ValueType::I32);
    let array = b.array_type(int, Some(1), None);
    let mask = b.builtin("gl_SampleMask", array, VariableMode::ShaderOut, Builtin::SampleMask);
    let root = b.deref_var(mask);
    let element = b.deref_array_imm(root, 0);
    let five = b.imm_i32(5);
    b.store_deref(element, five);
    s
}

#[test]
fn the_mask_is_written_or_the_state_word() {
    let mut s = writes_sample_mask(Stage::Fragment);
    let before = print_shader(&s);
    assert!(lower_sample_mask_state(&mut s, &STATE));
    validate(&s).unwrap_or_else(|e| panic!("{e:?}\n{}", print_shader(&s)));
    let after = print_shader(&s);
    assert_snapshot("lower_sample_mask_state", &format!("{before}\n======== after ========\n{after}"));
    assert_eq!(after.matches("ior").count(), 1, "{after}");
    let outputs: Vec<&Variable> = s.variables.iter().map(|(_, v)| v).filter(|v| v.builtin == Some(Builtin::SampleMask)).collect();
    assert_eq!(outputs.len(), 1, "one real output: {after}");
    assert_eq!(outputs[0].mode, VariableMode::ShaderOut);
    let blocks: Vec<&Variable> = s.variables.iter().map(|(_, v)| v).filter(|v| v.mode == VariableMode::Ubo).collect();
    assert_eq!(blocks.len(), 1, "{after}");
    assert_eq!(blocks[0].name, "gl_SampleMaskState");
    assert!(after.contains("80"), "the word is read at the state's offset: {after}");
}

#[test]
fn shaders_without_the_mask_and_other_stages_are_left_alone() {
    let mut s = writes_sample_mask(Stage::Vertex);
    let before = print_shader(&s);
    assert!(!lower_sample_mask_state(&mut s, &STATE));
    assert_eq!(print_shader(&s), before);
    let mut s = Shader::new(Stage::Fragment);
    let mut b = Builder::main(&mut s);
    let out = b.output("o", ValueType::VEC4, 0);
    let one = b.imm_vec(&[1.0, 1.0, 1.0, 1.0]);
    b.store_var(out, one);
    let before = print_shader(&s);
    assert!(!lower_sample_mask_state(&mut s, &STATE));
    assert_eq!(print_shader(&s), before);
}
