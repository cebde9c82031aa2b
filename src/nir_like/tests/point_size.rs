//! lower_point_size on small shaders: a vertex shader without gl_PointSize gets glPointSize,
//! one with its own chooses by the enable; stages that never draw points are left alone.

mod common;

use common::{assert_snapshot, position_vertex_shader, position_vertex_shader_and};
use nir_like::passes::*;
use nir_like::*;

const STATE: PointSizeState = PointSizeState { set: 0, binding: 0, offset: 48 };

/// gl_Position = pos; optionally gl_PointSize = pos.w.
fn vertex_shader(writes_size: bool) -> Shader {
    if !writes_size {
        return position_vertex_shader();
    }
    position_vertex_shader_and(|b, p| {
        let f = b.value_type_handle(ValueType::F32);
        let size = b.builtin("gl_PointSize", f, VariableMode::ShaderOut, Builtin::PointSize);
        let w = b.channel(p, 3);
        b.store_var(size, w);
    })
}

fn point_size_outputs(s: &Shader) -> Vec<&Variable> {
    s.variables.iter().map(|(_, v)| v).filter(|v| v.builtin == Some(Builtin::PointSize) && v.mode == VariableMode::ShaderOut).collect()
}

#[test]
fn a_shader_without_point_size_writes_gl_point_size() {
    let mut s = vertex_shader(false);
    let before = print_shader(&s);
    assert!(lower_point_size(&mut s, &STATE));
    validate(&s).unwrap();
    let after = print_shader(&s);
    assert_snapshot("lower_point_size_added", &format!("{before}\n======== after ========\n{after}"));
    assert_eq!(point_size_outputs(&s).len(), 1);
    assert!(!after.contains("bcsel"), "nothing to choose from:\n{after}");
}

#[test]
fn a_shader_with_point_size_chooses_by_the_enable() {
    let mut s = vertex_shader(true);
    let before = print_shader(&s);
    assert!(lower_point_size(&mut s, &STATE));
    validate(&s).unwrap();
    let after = print_shader(&s);
    assert_snapshot("lower_point_size_chosen", &format!("{before}\n======== after ========\n{after}"));
    assert_eq!(point_size_outputs(&s).len(), 1, "the shader's own output is reused");
    assert_eq!(after.matches("bcsel").count(), 1, "{after}");
}

#[test]
fn geometry_shaders_without_point_output_are_left_alone() {
    let mut s = Shader::new(Stage::Geometry);
    s.info.geometry.output_primitive = Primitive::LineStrip;
    let mut b = Builder::main(&mut s);
    b.emit_vertex(0);
    let before = print_shader(&s);
    assert!(!lower_point_size(&mut s, &STATE));
    assert_eq!(before, print_shader(&s));
}

#[test]
fn geometry_shaders_emitting_points_write_before_every_emit() {
    let mut s = Shader::new(Stage::Geometry);
    s.info.geometry.output_primitive = Primitive::Points;
    let mut b = Builder::main(&mut s);
    b.emit_vertex(0);
    b.emit_vertex(0);
    assert!(lower_point_size(&mut s, &STATE));
    validate(&s).unwrap();
    let after = print_shader(&s);
    assert_eq!(after.matches("store_deref").count(), 2, "{after}");
}

#[test]
fn fragment_shaders_are_left_alone() {
    let mut s = Shader::new(Stage::Fragment);
    Builder::main(&mut s);
    assert!(!lower_point_size(&mut s, &STATE));
}
