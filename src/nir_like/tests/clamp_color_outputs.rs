//! lower_clamp_color_outputs on small shaders: fragment colour outputs and the vertex
//! colour varyings reach their outputs through fsat; integer outputs, depth and other
//! varyings are left as written.

mod common;

use common::{assert_snapshot, position_vertex_shader_and};
use nir_like::passes::*;
use nir_like::*;

const COLORS: &[u32] = &[20, 21, 30, 31];

fn outputs(s: &Shader) -> Vec<&Variable> {
    s.variables.iter().map(|(_, v)| v).filter(|v| v.mode == VariableMode::ShaderOut).collect()
}

/// Runs the pass, which must report a change, validates the result and prints it.
fn lowered(s: &mut Shader) -> String {
    assert!(lower_clamp_color_outputs(s, COLORS));
    validate(s).unwrap();
    print_shader(s)
}

#[test]
fn fragment_colour_outputs_are_stored_saturated() {
    let mut s = Shader::new(Stage::Fragment);
    let mut b = Builder::main(&mut s);
    let input = b.input("v", ValueType::VEC4, 0);
    let colour = b.output("colour", ValueType::VEC4, 0);
    let count = b.output("count", ValueType::new(BaseType::Uint, 32, 1), 1);
    let f32_ty = b.value_type_handle(ValueType::F32);
    let depth = b.builtin("gl_FragDepth", f32_ty, VariableMode::ShaderOut, Builtin::FragDepth);
    let v = b.load_var(input);
    b.store_var(colour, v);
    // The shader reads back what it wrote: that must stay unclamped.
    let back = b.load_var(colour);
    let x = b.channel(back, 0);
    b.store_var(depth, x);
    let one = b.imm_u32(1);
    b.store_var(count, one);
    let before = print_shader(&s);
    let after = lowered(&mut s);
    assert_snapshot("lower_clamp_color_outputs_fragment", &format!("{before}\n======== after ========\n{after}"));
    assert_eq!(after.matches("fsat").count(), 1, "only the float colour output: {after}");
    assert_eq!(outputs(&s).len(), 3, "one output each, as before: {after}");
    let colour_out: Vec<_> = outputs(&s).into_iter().filter(|v| v.location == Some(0)).collect();
    assert_eq!(colour_out.len(), 1);
    assert_eq!(s.variables[colour].mode, VariableMode::GlobalPrivate, "the shader's own writes and reads go to a private copy");
}

#[test]
fn arrays_of_colour_outputs_are_saturated_element_by_element() {
    let mut s = Shader::new(Stage::Fragment);
    let mut b = Builder::main(&mut s);
    let vec4 = b.value_type_handle(ValueType::VEC4);
    let array = b.array_type(vec4, Some(3), None);
    let data = b.variable(Variable::new("data", array, VariableMode::ShaderOut).with_location(0));
    let d = b.deref_var(data);
    let e = b.deref_array_imm(d, 2);
    let v = b.imm_vec(&[2.0, -1.0, 0.5, 1.0]);
    b.store_deref(e, v);
    let after = lowered(&mut s);
    assert_eq!(after.matches("fsat").count(), 3, "{after}");
}

#[test]
fn vertex_colour_varyings_are_saturated_and_texture_coordinates_are_not() {
    let mut s = position_vertex_shader_and(|b, p| {
        let front = b.output("gl_FrontColor", ValueType::VEC4, 20);
        let tex = b.output("gl_TexCoord", ValueType::VEC4, 23);
        b.store_var(front, p);
        b.store_var(tex, p);
    });
    let before = print_shader(&s);
    let after = lowered(&mut s);
    assert_snapshot("lower_clamp_color_outputs_vertex", &format!("{before}\n======== after ========\n{after}"));
    assert_eq!(after.matches("fsat").count(), 1, "{after}");
    let locations: Vec<Option<u32>> = outputs(&s).iter().map(|v| v.location).collect();
    assert!(locations.contains(&Some(20)) && locations.contains(&Some(23)), "{after}");
}

#[test]
fn geometry_shaders_store_clamped_colours_before_every_emit() {
    let mut s = Shader::new(Stage::Geometry);
    let mut b = Builder::main(&mut s);
    let front = b.output("gl_FrontColor", ValueType::VEC4, 20);
    for value in [2.0, 0.5] {
        let v = b.imm_vec(&[value; 4]);
        b.store_var(front, v);
        b.emit_vertex(0);
    }
    let after = lowered(&mut s);
    assert_eq!(after.matches("fsat").count(), 2, "{after}");
}

#[test]
fn shaders_without_colour_outputs_are_left_alone() {
    let mut s = position_vertex_shader_and(|_, _| {});
    let before = print_shader(&s);
    assert!(!lower_clamp_color_outputs(&mut s, COLORS));
    assert_eq!(before, print_shader(&s));
}
