//! Default-block uniforms declared in several stages of a GLSL ES program keep one
//! precision; desktop GLSL ignores precision.

mod common;
use common::*;
use glsl::{link_program, CompiledShader, LinkOptions, Stage};

fn es_ok(stage: Stage, src: &str) -> CompiledShader {
    let r = compile_es(stage, src);
    assert!(r.success, "expected success, log:\n{}\nsource:\n{}", r.info_log, src);
    r
}

fn link_es(vs: &str, fs: &str) -> glsl::LinkedProgram {
    link_program(&[&es_ok(Stage::Vertex, vs), &es_ok(Stage::Fragment, fs)], &LinkOptions::default())
}

const VS300_UNUSED: &str = "#version 300 es\nprecision highp float;\nuniform float f;\nvoid main() { gl_Position = vec4(1.0); }";
const VS300_USED: &str = "#version 300 es\nprecision highp float;\nuniform float f;\nvoid main() { gl_Position = vec4(f); }";
const FS300_MEDIUM: &str = "#version 300 es\nprecision mediump float;\nuniform float f;\nout vec4 c;\nvoid main() { c = vec4(f); }";

#[test]
fn essl_300_uniforms_of_different_default_precision_fail_used_or_not() {
    for vs in [VS300_UNUSED, VS300_USED] {
        let p = link_es(vs, FS300_MEDIUM);
        assert!(!p.success, "mismatched precision linked:\n{vs}");
        assert!(p.info_log.contains("precision"), "{}", p.info_log);
    }
}

#[test]
fn essl_300_explicit_qualifier_and_default_of_the_same_precision_link() {
    let fs = "#version 300 es\nprecision mediump float;\nuniform highp float f;\nout vec4 c;\nvoid main() { c = vec4(f); }";
    let p = link_es(VS300_USED, fs);
    assert!(p.success, "{}", p.info_log);
}

#[test]
fn essl_300_int_defaults_differ_between_vertex_and_fragment_stages() {
    // highp int in the vertex stage, mediump int in the fragment stage (ESSL 3.00 section 4.5.4).
    let vs = "#version 300 es\nuniform int i;\nvoid main() { gl_Position = vec4(i); }";
    let fs = "#version 300 es\nprecision mediump float;\nuniform int i;\nout vec4 c;\nvoid main() { c = vec4(i); }";
    assert!(!link_es(vs, fs).success);
    let fs_highp = "#version 300 es\nprecision mediump float;\nuniform highp int i;\nout vec4 c;\nvoid main() { c = vec4(i); }";
    let p = link_es(vs, fs_highp);
    assert!(p.success, "{}", p.info_log);
}

#[test]
fn essl_100_only_uniforms_both_stages_use_must_match() {
    let vs_unused = "precision highp float;\nuniform float f;\nvoid main() { gl_Position = vec4(1.0); }";
    let vs_used = "precision highp float;\nuniform float f;\nvoid main() { gl_Position = vec4(f); }";
    let fs = "precision mediump float;\nuniform float f;\nvoid main() { gl_FragColor = vec4(f); }";
    let p = link_es(vs_unused, fs);
    assert!(p.success, "{}", p.info_log);
    assert!(!link_es(vs_used, fs).success);
    // The last precision statement in force is the declaration's.
    let fs_redeclared = "precision mediump float;\nprecision highp float;\nuniform float f;\nvoid main() { gl_FragColor = vec4(f); }";
    let p = link_es(vs_used, fs_redeclared);
    assert!(p.success, "{}", p.info_log);
}

#[test]
fn desktop_glsl_ignores_uniform_precision() {
    let vs = ok(Stage::Vertex, "#version 130\nuniform highp float f;\nvoid main() { gl_Position = vec4(f); }");
    let fs = ok(Stage::Fragment, "#version 130\nuniform mediump float f;\nvoid main() { gl_FragColor = vec4(f); }");
    let p = link_program(&[&vs, &fs], &LinkOptions::default());
    assert!(p.success, "{}", p.info_log);
}
