//! ARB_shader_subroutine: indices, locations and the index array the linker assigns,
//! link errors, and the dispatch IR generation emits for calls through subroutine uniforms.

mod common;
use common::*;
use glsl::{link_program, LinkOptions, Stage};

const FS: &str = "#version 150
#extension GL_ARB_shader_subroutine : require
#extension GL_ARB_explicit_uniform_location : require
out vec4 color;
uniform float scale;
subroutine vec4 colour_t(float x);
subroutine float chan_t();
subroutine uniform colour_t pick;
layout(location = 5) subroutine uniform chan_t chans[2];
subroutine(colour_t) vec4 red(float x) { return vec4(x, 0.0, 0.0, 1.0); }
layout(index = 0) subroutine(colour_t) vec4 green(float x) { return vec4(0.0, x, 0.0, 1.0); }
subroutine(chan_t) float full() { return 1.0; }
subroutine(chan_t) float empty() { return 0.0; }
uniform int k;
void main() { color = pick(scale) + vec4(0.0, 0.0, chans[k](), 0.0) * chans[1](); }";

fn vs() -> glsl::CompiledShader {
    ok(Stage::Vertex, "#version 150\nin vec4 p;\nvoid main() { gl_Position = p; }")
}

#[test]
fn indices_and_locations_follow_layouts_then_declaration_order() {
    let fs = ok(Stage::Fragment, FS);
    let p = link_program(&[&vs(), &fs], &LinkOptions::default());
    assert!(p.success, "{}", p.info_log);
    let s = p.interface.subroutines.iter().find(|s| s.stage == Stage::Fragment).expect("fragment subroutines");
    let index = |n: &str| s.subroutines.iter().find(|x| x.name == n).map(|x| x.index);
    // green keeps its explicit index 0; the others take 1, 2, 3 in order.
    assert_eq!((index("green"), index("red"), index("full"), index("empty")), (Some(0), Some(1), Some(2), Some(3)));
    let uniform = |n: &str| s.uniforms.iter().find(|u| u.name == n).cloned().expect(n);
    assert_eq!((uniform("chans").location, uniform("chans").array_size), (5, 2));
    assert_eq!(uniform("pick").location, 0);
    assert_eq!(uniform("pick").compatible, vec![0, 1]);
    assert_eq!(uniform("chans").compatible, vec![2, 3]);
    assert_eq!(s.location_count, 7);
    assert_eq!(s.default_index(0), 0);
    assert_eq!(s.default_index(6), 2);
    // Subroutine uniforms are no ordinary uniforms; the index array follows the block's
    // uniforms and fits inside it.
    assert!(p.interface.uniforms.iter().all(|u| u.name != "pick" && !u.name.starts_with("chans")));
    assert!(s.indices_offset >= 16);
    assert!(s.indices_offset + 7 * glsl::link_subroutine::INDEX_STRIDE <= p.interface.default_block_size);
    assert!(p.interface.subroutines.iter().all(|s| s.stage != Stage::Vertex));
}

#[test]
fn calls_dispatch_on_the_index_array() {
    let fs = ok(Stage::Fragment, FS);
    let p = link_program(&[&vs(), &fs], &LinkOptions::default());
    assert!(p.success, "{}", p.info_log);
    let ir = p.stages.iter().find(|s| s.stage == Stage::Fragment).unwrap().ir.as_ref().expect("IR");
    nir_like::validate(ir).expect("valid IR");
    let text = nir_like::print_shader(ir);
    assert!(text.contains("gl_SubroutineIndices"), "{}", text);
    for f in ["red", "green", "full", "empty"] {
        assert!(text.contains(&format!("call {}", f)) || text.contains(&format!("@{}", f)), "no call to {}:\n{}", f, text);
    }
    assert!(text.matches("ieq").count() >= 3, "{}", text);
}

#[test]
fn recursion_through_subroutines_fails_to_link() {
    let fs = ok(
        Stage::Fragment,
        "#version 150
#extension GL_ARB_shader_subroutine : require
out vec4 color;
subroutine void a_t(int x);
subroutine void b_t(int x);
subroutine uniform a_t fa;
subroutine uniform b_t fb;
subroutine(a_t) void impl_a(int x) { if (x > 0) fb(x - 1); }
subroutine(b_t) void impl_b(int x) { if (x > 0) fa(x - 1); }
void main() { fa(42); color = vec4(1.0); }",
    );
    let p = link_program(&[&vs(), &fs], &LinkOptions::default());
    assert!(!p.success);
    assert!(p.info_log.contains("recursively"), "{}", p.info_log);
}

#[test]
fn duplicate_explicit_indices_fail_to_link() {
    let fs = ok(
        Stage::Fragment,
        "#version 150
#extension GL_ARB_shader_subroutine : require
#extension GL_ARB_explicit_uniform_location : require
out vec4 color;
subroutine float t();
subroutine uniform t u;
layout(index = 3) subroutine(t) float one() { return 1.0; }
layout(index = 3) subroutine(t) float two() { return 2.0; }
void main() { color = vec4(u()); }",
    );
    let p = link_program(&[&vs(), &fs], &LinkOptions::default());
    assert!(!p.success);
    assert!(p.info_log.contains("index 3"), "{}", p.info_log);
}
