//! lower_gs_outputs_to_temporaries: a geometry shader that writes gl_Layer once and emits
//! twice hands the value to both vertices; other stages are left alone.

mod common;

use common::position_vertex_shader_and;
use nir_like::passes::*;
use nir_like::*;

#[test]
fn an_output_written_once_reaches_every_emitted_vertex() {
    let mut s = Shader::new(Stage::Geometry);
    let mut b = Builder::main(&mut s);
    let int = b.value_type_handle(ValueType::new(BaseType::Int, 32, 1));
    let layer = b.builtin("gl_Layer", int, VariableMode::ShaderOut, Builtin::Layer);
    let position = b.output("pos", ValueType::VEC4, 0);
    let three = b.imm_i32(3);
    b.store_var(layer, three);
    for x in [0.0, 1.0] {
        let p = b.imm_vec(&[x, 0.0, 0.0, 1.0]);
        b.store_var(position, p);
        b.emit_vertex(0);
    }
    assert!(lower_gs_outputs_to_temporaries(&mut s));
    validate(&s).unwrap();
    let after = print_shader(&s);
    // Two outputs copied before each of the two emits.
    assert_eq!(after.matches("copy_deref").count(), 4, "{after}");
    let outputs: Vec<&Variable> = s.variables.iter().map(|(_, v)| v).filter(|v| v.mode == VariableMode::ShaderOut).collect();
    assert_eq!(outputs.len(), 2, "{after}");
    assert!(outputs.iter().any(|v| v.builtin == Some(Builtin::Layer)));
    assert!(outputs.iter().any(|v| v.location == Some(0)));
    assert_eq!(s.variables[layer].mode, VariableMode::GlobalPrivate, "the shader writes a private copy");
}

#[test]
fn other_stages_keep_their_outputs() {
    let mut s = position_vertex_shader_and(|_, _| {});
    let before = print_shader(&s);
    assert!(!lower_gs_outputs_to_temporaries(&mut s));
    assert_eq!(before, print_shader(&s));
}
