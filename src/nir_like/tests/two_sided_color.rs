//! lower_two_sided_color on small fragment shaders: gl_Color reads pick the back colour of
//! back faces while the enable is set; shaders without colour inputs are left alone.

mod common;

use common::assert_snapshot;
use nir_like::passes::*;
use nir_like::*;

fn state() -> TwoSidedColorState {
    TwoSidedColorState { set: 0, binding: 0, offset: 64, colors: vec![(20, 31), (21, 30)] }
}

/// color = <input at `location`>.
fn passthrough(location: u32, flat: bool) -> Shader {
    let mut s = Shader::new(Stage::Fragment);
    let mut b = Builder::main(&mut s);
    let color = b.input("gl_Color", ValueType::VEC4, location);
    let out = b.output("color", ValueType::VEC4, 0);
    let v = b.load_var(color);
    b.store_var(out, v);
    if flat {
        s.variables[color].interpolation = Interpolation::Flat;
    }
    s
}

#[test]
fn colour_reads_choose_the_back_colour_by_facing_and_enable() {
    let mut s = passthrough(20, false);
    let before = print_shader(&s);
    assert!(lower_two_sided_color(&mut s, &state()));
    validate(&s).unwrap();
    let after = print_shader(&s);
    assert_snapshot("lower_two_sided_color", &format!("{before}\n======== after ========\n{after}"));
    let back: Vec<&Variable> = s.variables.iter().map(|(_, v)| v).filter(|v| v.mode == VariableMode::ShaderIn && v.location == Some(31)).collect();
    assert_eq!(back.len(), 1, "{after}");
    assert!(s.variables.iter().any(|(_, v)| v.builtin == Some(Builtin::FrontFacing)), "{after}");
    assert!(!s.variables.iter().any(|(_, v)| v.location == Some(30)), "no secondary colour is read: {after}");
    assert_eq!(after.matches("bcsel").count(), 1, "{after}");
}

#[test]
fn the_back_colour_is_interpolated_as_the_front_one() {
    let mut s = passthrough(20, true);
    assert!(lower_two_sided_color(&mut s, &state()));
    let back = s.variables.iter().map(|(_, v)| v).find(|v| v.location == Some(31)).expect("back colour input");
    assert_eq!(back.interpolation, Interpolation::Flat);
}

#[test]
fn shaders_without_colour_inputs_are_left_alone() {
    let mut s = passthrough(3, false);
    let before = print_shader(&s);
    assert!(!lower_two_sided_color(&mut s, &state()));
    assert_eq!(before, print_shader(&s));
}
