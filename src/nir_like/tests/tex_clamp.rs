//! `lower_tex_clamp`: GL_CLAMP's coordinate clamp before filtered sampling.

mod common;

use common::assert_snapshot;
use nir_like::passes::*;
use nir_like::*;

fn sampler(b: &mut Builder, dim: ImageDim, arrayed: bool, name: &str, binding: u32) -> Handle<Variable> {
    let ty = b.ty(Type::Sampler { dim, arrayed, shadow: false, multisampled: false, sampled: BaseType::Float });
    b.variable(Variable::new(name, ty, VariableMode::Image).with_binding(0, binding))
}

/// texture(a, uv) + texture(layers, uvl) + texelFetch(a, ivec2(3, 4)).
fn two_samplers() -> Shader {
    let mut s = Shader::new(Stage::Fragment);
    let mut b = Builder::main(&mut s);
    let a = sampler(&mut b, ImageDim::D2, false, "a", 128);
    let layers = sampler(&mut b, ImageDim::D2, true, "layers", 129);
    let out = b.output("o", ValueType::VEC4, 0);
    let ta = b.deref_var(a);
    let uv = b.imm_vec(&[1.5, -0.5]);
    let first = b.texture(ta, uv);
    let tl = b.deref_var(layers);
    let uvl = b.imm_vec(&[1.5, -0.5, 7.0]);
    let second = b.texture(tl, uvl);
    let icoord = b.constant(ConstValue::i32s(&[3, 4]));
    let fetched = b.tex(TexOp::Txf, ta, &[(TexSrcKind::Coord, icoord)], ValueType::VEC4);
    let sum = b.fadd(first, second);
    let sum = b.fadd(sum, fetched);
    b.store_var(out, sum);
    s
}

#[test]
fn clamped_coordinates_are_saturated_and_layers_are_not() {
    let mut s = two_samplers();
    let before = print_shader(&s);
    let progress = lower_tex_clamp(&mut s, |binding| match binding {
        128 => 0b01, // s only
        129 => 0b111,
        _ => 0,
    });
    let after = print_shader(&s);
    validate(&s).unwrap_or_else(|e| panic!("{e:?}\n{after}"));
    assert!(progress);
    assert_snapshot("lower_tex_clamp", &format!("{before}\n======== after ========\n{after}"));
    // s of `a`, s and t of `layers` (its layer coordinate stays): three saturations,
    // none for texelFetch.
    assert_eq!(after.matches("fsat").count(), 3, "{after}");
}

#[test]
fn samplers_without_gl_clamp_are_left_alone() {
    let mut s = two_samplers();
    let before = print_shader(&s);
    assert!(!lower_tex_clamp(&mut s, |_| 0));
    assert_eq!(before, print_shader(&s));
    assert!(!lower_tex_clamp(&mut Shader::new(Stage::Fragment), |_| 0b111));
}

#[test]
fn a_one_dimensional_coordinate_is_saturated_whole() {
    let mut s = Shader::new(Stage::Fragment);
    let mut b = Builder::main(&mut s);
    let line = sampler(&mut b, ImageDim::D1, false, "line", 130);
    let out = b.output("o", ValueType::VEC4, 0);
    let t = b.deref_var(line);
    let x = b.imm_f32(2.0);
    let texel = b.texture(t, x);
    b.store_var(out, texel);
    assert!(lower_tex_clamp(&mut s, |_| 0b111));
    let after = print_shader(&s);
    validate(&s).unwrap_or_else(|e| panic!("{e:?}\n{after}"));
    assert_eq!(after.matches("fsat").count(), 1, "{after}");
}
