//! Two vertex inputs at one location: a link error in GLSL ES 3.00 (OpenGL ES 3.0
//! section 2.12.5), allowed in desktop GL and ESSL 1.00.

mod common;
use common::*;
use glsl::{link_program, CompiledShader, LinkOptions, Stage};

fn es_ok(stage: Stage, src: &str) -> CompiledShader {
    let r = compile_es(stage, src);
    assert!(r.success, "expected success, log:\n{}\nsource:\n{}", r.info_log, src);
    r
}

fn bound_to_zero(names: &[&str]) -> LinkOptions {
    LinkOptions { attrib_bindings: names.iter().map(|n| (n.to_string(), 0)).collect(), ..Default::default() }
}

const FS300: &str = "#version 300 es\nout highp vec4 color;\nvoid main() { color = vec4(0.0); }";

#[test]
fn essl_300_inputs_bound_to_one_location_fail_even_unused() {
    let vs = es_ok(Stage::Vertex, "#version 300 es\nin highp float a;\nin highp float b;\nvoid main() { gl_Position = vec4(0.0); }");
    let fs = es_ok(Stage::Fragment, FS300);
    let p = link_program(&[&vs, &fs], &bound_to_zero(&["a", "b"]));
    assert!(!p.success, "aliased inputs linked");
    assert!(p.info_log.contains("alias"), "{}", p.info_log);
    // Apart, they link.
    let apart = LinkOptions { attrib_bindings: vec![("a".into(), 0), ("b".into(), 1)], ..Default::default() };
    let p = link_program(&[&vs, &fs], &apart);
    assert!(p.success, "{}", p.info_log);
}

#[test]
fn essl_300_binding_onto_a_matrix_column_fails() {
    let vs = es_ok(Stage::Vertex, "#version 300 es\nlayout(location = 2) in highp mat4 m;\nin highp vec4 v;\nvoid main() { gl_Position = m * v; }");
    let fs = es_ok(Stage::Fragment, FS300);
    let p = link_program(&[&vs, &fs], &LinkOptions { attrib_bindings: vec![("v".into(), 4)], ..Default::default() });
    assert!(!p.success, "an input bound into a matrix's locations linked");
}

#[test]
fn essl_100_and_desktop_allow_aliasing() {
    let vs = es_ok(Stage::Vertex, "attribute highp float a;\nattribute highp float b;\nvoid main() { gl_Position = vec4(a); }");
    let fs = es_ok(Stage::Fragment, "void main() { gl_FragColor = vec4(0.0); }");
    let p = link_program(&[&vs, &fs], &bound_to_zero(&["a", "b"]));
    assert!(p.success, "{}", p.info_log);
    let vs = ok(Stage::Vertex, "#version 150\nin float a;\nin float b;\nvoid main() { gl_Position = vec4(a + b); }");
    let fs = ok(Stage::Fragment, "#version 150\nout vec4 c;\nvoid main() { c = vec4(0.0); }");
    let p = link_program(&[&vs, &fs], &bound_to_zero(&["a", "b"]));
    assert!(p.success, "{}", p.info_log);
    let location = |n: &str| p.interface.attributes.iter().find(|a| a.name == n).map(|a| a.location);
    assert_eq!((location("a"), location("b")), (Some(0), Some(0)));
}
