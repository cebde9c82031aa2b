//! The clip-control epilogue that reads glClipControl's depth mode from a uniform block:
//! IR before and after, and what the epilogue must compute.

mod common;

use common::{assert_snapshot, position_vertex_shader};
use nir_like::passes::*;
use nir_like::*;

const STATE: ClipControlState = ClipControlState { set: 0, binding: 0, offset: 48 };

#[test]
fn depth_mode_from_state_scales_z_and_adds_biased_w() {
    let mut s = position_vertex_shader();
    let before = print_shader(&s);
    assert!(lower_clip_control_from_state(&mut s, &STATE));
    let after = print_shader(&s);
    validate(&s).unwrap_or_else(|e| panic!("{e:?}\n{after}"));
    // z * scale + w * bias from the block, never the fixed (z + w) / 2.
    assert!(after.contains("gl_ClipControlState"), "{after}");
    assert!(!after.contains("const 0.5\n"), "{after}");
    assert_eq!(after.matches("fmul").count(), 2, "{after}");
    assert_eq!(after.matches("fadd").count(), 1, "{after}");
    let block = s.variables.iter().find(|(_, v)| v.name == "gl_ClipControlState").map(|(_, v)| v).expect("the state block");
    assert_eq!(block.mode, VariableMode::Ubo);
    assert_snapshot("lower_clip_control_from_state", &format!("{before}\n======== after ========\n{after}"));
}

#[test]
fn lower_for_caps_reads_the_state_only_without_depth_clip_control() {
    let options = LowerOptions { last_pre_rasterization: true, clip_control: Some(STATE), ..Default::default() };
    let mut native = position_vertex_shader();
    lower_for_caps(&mut native, &Caps::ALL, &options);
    assert!(!print_shader(&native).contains("gl_ClipControlState"));

    let mut caps = Caps::ALL;
    caps.apply_emulate_env("clip_control").unwrap();
    let mut emulated = position_vertex_shader();
    lower_for_caps(&mut emulated, &caps, &options);
    assert!(print_shader(&emulated).contains("gl_ClipControlState"));

    // Without a state block the epilogue keeps GL's fixed [-1, 1] mapping.
    let mut fixed = position_vertex_shader();
    lower_for_caps(&mut fixed, &caps, &LowerOptions { last_pre_rasterization: true, ..Default::default() });
    let text = print_shader(&fixed);
    assert!(!text.contains("gl_ClipControlState") && text.contains("const 0.5\n"), "{text}");
}
