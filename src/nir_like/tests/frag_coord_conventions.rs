//! lower_frag_coord_conventions on a fragment shader that writes gl_FragCoord out: integer
//! centres subtract 0.5 from x and y, the upper-left origin turns y over the framebuffer
//! height read from the state block, and shaders without either are left alone.

mod common;

use common::assert_snapshot;
use nir_like::passes::*;
use nir_like::*;

const STATE: FragCoordState = FragCoordState { set: 0, binding: 0, offset: 48 };

/// o = gl_FragCoord, with the given conventions declared.
fn frag_coord_out(upper_left: bool, integer: bool) -> Shader {
    let mut s = Shader::new(Stage::Fragment);
    s.info.fragment.origin_upper_left = upper_left;
    s.info.fragment.pixel_center_integer = integer;
    let mut b = Builder::main(&mut s);
    let vec4 = b.value_type_handle(ValueType::VEC4);
    let coord = b.builtin("gl_FragCoord", vec4, VariableMode::ShaderIn, Builtin::FragCoord);
    let out = b.output("o", ValueType::VEC4, 0);
    let c = b.load_var(coord);
    b.store_var(out, c);
    s
}

fn lowered(upper_left: bool, integer: bool, state: Option<&FragCoordState>) -> (bool, Shader, String) {
    let mut s = frag_coord_out(upper_left, integer);
    let before = print_shader(&s);
    let progress = lower_frag_coord_conventions(&mut s, state);
    validate(&s).unwrap_or_else(|e| panic!("{e:?}\n{}", print_shader(&s)));
    let after = print_shader(&s);
    (progress, s, format!("{before}\n======== after ========\n{after}"))
}

/// The UBO variables the pass added (the framebuffer-height block).
fn state_blocks(s: &Shader) -> Vec<&Variable> {
    s.variables.iter().map(|(_, v)| v).filter(|v| v.mode == VariableMode::Ubo).collect()
}

#[test]
fn upper_left_origin_with_integer_centres_reads_the_height() {
    let (progress, s, text) = lowered(true, true, Some(&STATE));
    assert!(progress);
    assert_snapshot("lower_frag_coord_upper_left_integer", &text);
    let after = print_shader(&s);
    // height - y, then x - 0.5 and y - 0.5.
    assert_eq!(after.matches("fsub").count(), 3, "{after}");
    let blocks = state_blocks(&s);
    assert_eq!(blocks.len(), 1, "{after}");
    assert_eq!(blocks[0].name, "gl_FragCoordState");
    assert!(after.contains("48"), "the height is read at the state's offset: {after}");
    assert!(!s.info.fragment.origin_upper_left && !s.info.fragment.pixel_center_integer);
}

#[test]
fn upper_left_origin_alone_only_turns_y_over() {
    let (progress, s, text) = lowered(true, false, Some(&STATE));
    assert!(progress);
    assert_snapshot("lower_frag_coord_upper_left", &text);
    let after = print_shader(&s);
    assert_eq!(after.matches("fsub").count(), 1, "{after}");
    assert!(!after.contains("0.5"), "half-integer centres stay: {after}");
    assert_eq!(state_blocks(&s).len(), 1);
}

#[test]
fn integer_centres_alone_need_no_state() {
    let (progress, s, _) = lowered(false, true, Some(&STATE));
    assert!(progress);
    let after = print_shader(&s);
    assert_eq!(after.matches("fsub").count(), 2, "{after}");
    assert!(state_blocks(&s).is_empty(), "{after}");
}

#[test]
fn default_conventions_and_a_missing_state_leave_the_shader_alone() {
    for (upper_left, state) in [(false, Some(&STATE)), (true, None)] {
        let mut s = frag_coord_out(upper_left, false);
        let before = print_shader(&s);
        assert!(!lower_frag_coord_conventions(&mut s, state));
        assert_eq!(before, print_shader(&s));
    }
}
