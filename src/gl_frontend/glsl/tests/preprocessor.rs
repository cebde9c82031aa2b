//! The preprocessor, judged by what compiles and by the messages and line numbers of
//! the info log.

mod common;
use common::*;
use glsl::Stage::{Fragment, Vertex};

#[test]
fn function_like_macros_rescan_without_recursing() {
    ok(
        Vertex,
        "#version 130\n#define F(x) (x + 1)\n#define G F\n#define SELF SELF\nint f() { int SELF = 0; return G(F(2)) + SELF; }\nvoid main() {}",
    );
}

#[test]
fn token_pasting_builds_identifiers() {
    ok(Vertex, "#version 130\n#define INT i##n##t\n#define CAT(a, b) a##b\nvoid main() { INT x = 1; CAT(fl, oat) y = 2.0; }");
}

#[test]
fn if_expressions_with_defined_and_arithmetic() {
    ok(
        Vertex,
        "#version 110\n#define A 3\n#if defined(A) && A * 2 == 6 && !defined B\nvoid main() {}\n#else\n#error wrong branch\n#endif\n",
    );
    fails_with(Vertex, "#if 1 / 0\n#endif\nvoid main() {}", "division by 0");
}

#[test]
fn error_directive_reports_its_line() {
    let r = fails_with(Fragment, "#version 110\n\n#error custom message\nvoid main() {}", "custom message");
    assert!(r.info_log.starts_with("0:3("), "log: {}", r.info_log);
}

#[test]
fn line_directive_renumbers_following_lines() {
    // GLSL 3.30 and later: the line after `#line 100` is line 100.
    let r = fails_with(Vertex, "#version 330\n#line 100\nvoid main() { undeclared_thing = 1; }", "undeclared");
    assert!(r.info_log.starts_with("0:100("), "log: {}", r.info_log);
    // Before 3.30 it is line 101.
    let r = fails_with(Vertex, "#version 120\n#line 100\nvoid main() { undeclared_thing = 1; }", "undeclared");
    assert!(r.info_log.starts_with("0:101("), "log: {}", r.info_log);
}

#[test]
fn predefined_macros() {
    ok(Vertex, "#version 150 compatibility\n#if __VERSION__ != 150 || !defined(GL_compatibility_profile)\n#error bad\n#endif\nvoid main() { int l = __LINE__; }");
    let r = compile_es(Fragment, "#version 300 es\n#if !GL_ES || !defined(GL_FRAGMENT_PRECISION_HIGH)\n#error bad\n#endif\nprecision mediump float;\nout vec4 c;\nvoid main() { c = vec4(1.0); }");
    assert!(r.success, "{}", r.info_log);
}

#[test]
fn reserved_macro_names_and_undef_of_builtins_fail() {
    fails_with(Vertex, "#define GL_FOO 1\nvoid main() {}", "reserved");
    fails_with(Vertex, "#undef __LINE__\nvoid main() {}", "cannot be undefined");
}

#[test]
fn extension_directive_behaviors() {
    ok(Vertex, "#version 120\n#extension GL_ARB_explicit_attrib_location : enable\n#extension all : warn\nvoid main() {}");
    fails_with(Vertex, "#version 120\n#extension GL_NOT_A_REAL_extension : require\nvoid main() {}", "unsupported");
    fails_with(Vertex, "#version 120\n#extension all : enable\nvoid main() {}", "all");
    let r = compile(Vertex, "#version 120\n#extension GL_NOT_A_REAL_extension : warn\nvoid main() {}");
    assert!(r.success && r.info_log.contains("warning"), "{}", r.info_log);
}

#[test]
fn version_must_come_first_and_be_supported() {
    fails_with(Vertex, "void f() {}\n#version 130\nvoid main() {}", "first line");
    fails_with(Vertex, "#version 999\nvoid main() {}", "not supported");
    let r = glsl::compile_shader(&["#version 330\nvoid main() {}"], &options(Vertex, glsl::Api::Gles));
    assert!(!r.success);
}

#[test]
fn unterminated_conditionals_and_comments_fail() {
    fails_with(Vertex, "#ifdef X\nvoid main() {}", "unterminated #if");
    fails_with(Vertex, "void main() {} /* never closed", "unterminated comment");
    fails_with(Vertex, "#endif\nvoid main() {}", "#endif without #if");
}

#[test]
fn exponential_macro_expansion_is_refused_not_hung() {
    let mut src = String::from("#define M0 x x\n");
    for i in 1..40 {
        src.push_str(&format!("#define M{} M{} M{}\n", i, i - 1, i - 1));
    }
    src.push_str("M39\nvoid main() {}\n");
    fails_with(Vertex, &src, "limit");
}
