//! Shaders built with the builder, emitted for SPIR-V 1.0, 1.3, 1.5 and 1.6 and checked by
//! `spirv-val` for the matching Vulkan environment.

mod common;

use common::{assert_valid, disassemble, shaders};

#[test]
fn passthrough_vertex_shader_is_valid() {
    let s = shaders::passthrough_vertex();
    assert_valid(&s);
    let dis = disassemble(&s);
    assert!(dis.contains("OpEntryPoint Vertex"), "{dis}");
    assert!(dis.contains("BuiltIn Position"), "{dis}");
    assert!(dis.contains("Location 1"), "{dis}");
}

#[test]
fn textured_fragment_shader_is_valid() {
    let s = shaders::textured_fragment();
    assert_valid(&s);
    let dis = disassemble(&s);
    assert!(dis.contains("OpImageSampleImplicitLod"), "{dis}");
    assert!(dis.contains("OpTypeSampledImage"), "{dis}");
    assert!(dis.contains("Binding 128"), "{dis}");
    assert!(dis.contains("OriginUpperLeft"), "{dis}");
}

#[test]
fn std140_uniform_block_is_valid_and_laid_out() {
    let s = shaders::ubo_vertex();
    assert_valid(&s);
    let dis = disassemble(&s);
    assert!(dis.contains("Block"), "{dis}");
    assert!(dis.contains("MatrixStride 16"), "{dis}");
    assert!(dis.contains("ColMajor"), "{dis}");
    assert!(dis.contains("ArrayStride 16"), "{dis}");
    assert!(dis.contains("Offset 112"), "{dis}");
}

#[test]
fn loops_with_break_continue_if_else_and_discard_are_valid() {
    let s = shaders::control_flow_fragment();
    assert_valid(&s);
    let dis = disassemble(&s);
    assert!(dis.contains("OpLoopMerge"), "{dis}");
    assert!(dis.contains("OpSelectionMerge"), "{dis}");
    assert!(dis.contains("OpKill"), "{dis}");
    assert!(dis.contains("Function"), "{dis}");
}

#[test]
fn function_calls_with_value_and_deref_parameters_are_valid() {
    let s = shaders::functions_fragment();
    assert_valid(&s);
    let dis = disassemble(&s);
    assert_eq!(dis.matches("OpFunctionCall").count(), 2, "{dis}");
    assert!(dis.contains("OpReturnValue"), "{dis}");
}

#[test]
fn loop_header_phis_are_valid() {
    let s = shaders::phi_loop_fragment();
    assert_valid(&s);
    let dis = disassemble(&s);
    assert_eq!(dis.matches("OpPhi").count(), 2, "{dis}");
}

#[test]
fn spirv_val_rejects_a_broken_module() {
    // The harness must be able to fail: a module with a truncated header is rejected.
    assert!(common::spirv_val(&[0x0723_0203, 0x0001_0300], "vulkan1.1").is_err());
}

#[test]
fn emission_is_deterministic() {
    // Pipeline caches key on the words: the same IR must give the same module every time.
    for build in [
        shaders::control_flow_fragment as fn() -> nir_like::Shader,
        shaders::functions_fragment,
        shaders::phi_loop_fragment,
        shaders::ubo_vertex,
    ] {
        let a = spirv_out::emit(&build(), &Default::default()).unwrap();
        let b = spirv_out::emit(&build(), &Default::default()).unwrap();
        assert_eq!(a, b);
    }
}
