//! Inputs built to exhaust the compiler's stack, memory or time: each must end in a
//! verdict (an error in the info log for the ones no implementation can accept), never an
//! overflow. They compile and link on a thread with a small stack, as a GL application's
//! render thread may have, so no recursive pass may run on the caller's stack.

use glsl::{compile_shader, link_program, Api, CompileOptions, LinkOptions, Stage};

mod common;

/// Smaller than any thread a GL application runs on (Rust's default is 2 MiB).
const CALLER_STACK: usize = 256 << 10;

/// Compiles (and links, when it compiles) on a small-stack thread; returns the verdict
/// and the info log.
fn verdict(stage: Stage, api: Api, src: String) -> (bool, String) {
    let options: CompileOptions = common::options(stage, api);
    std::thread::Builder::new()
        .stack_size(CALLER_STACK)
        .spawn(move || {
            let shader = compile_shader(&[&src], &options);
            if !shader.success {
                return (false, shader.info_log.clone());
            }
            let program = link_program(&[&shader], &LinkOptions::default());
            (program.success, format!("{}{}", shader.info_log, program.info_log))
        })
        .expect("thread starts")
        .join()
        .expect("compiling must not panic")
}

fn rejected(what: &str, src: String, needle: &str) {
    let (ok, log) = verdict(Stage::Fragment, Api::GlCore, src);
    assert!(!ok, "{what}: accepted");
    assert!(log.contains(needle), "{what}: log lacks `{needle}':\n{}", &log[..log.len().min(2000)]);
}

fn finishes(what: &str, src: String) -> bool {
    let (ok, log) = verdict(Stage::Fragment, Api::GlCore, src);
    assert!(ok || log.contains("error"), "{what}: failed without an error:\n{log}");
    ok
}

fn main_with(body: &str) -> String {
    format!("#version 450\nout vec4 color;\nuniform float u;\nvoid main() {{\n{body}\n}}\n")
}

const TOO_DEEP: &str = "nesting exceeds";

#[test]
fn deep_parentheses() {
    rejected("parentheses", main_with(&format!("float x = {}u{};", "(".repeat(100_000), ")".repeat(100_000))), TOO_DEEP);
}

#[test]
fn deep_blocks() {
    rejected("blocks", main_with(&format!("{}{}", "{".repeat(100_000), "}".repeat(100_000))), TOO_DEEP);
}

#[test]
fn deep_unary_chain() {
    rejected("unary minus", main_with(&format!("float x = {}u;", "- ".repeat(100_000))), TOO_DEEP);
}

#[test]
fn long_binary_chain() {
    rejected("sum", main_with(&format!("float x = u{};", " + u".repeat(200_000))), TOO_DEEP);
}

#[test]
fn long_comma_chain() {
    rejected("comma", main_with(&format!("float x = (u{});", ", u".repeat(200_000))), TOO_DEEP);
}

#[test]
fn long_postfix_chain() {
    rejected("swizzles", main_with(&format!("float x = vec4(u){};", ".xxxx".repeat(200_000))), TOO_DEEP);
    rejected("indices", main_with(&format!("float x = vec4(u){};", "[0]".repeat(200_000))), TOO_DEEP);
}

#[test]
fn long_assignment_chain() {
    rejected("assignments", main_with(&format!("float x;{}u;", " x =".repeat(100_000))), TOO_DEEP);
}

#[test]
fn long_ternary_chain() {
    rejected("ternaries", main_with(&format!("float x = {}u;", "u > 0.0 ? u : ".repeat(100_000))), TOO_DEEP);
}

#[test]
fn long_else_if_chain() {
    rejected("else if", main_with(&format!("float x = 0.0; if (u > 0.0) x = 1.0;{}", " else if (u > 1.0) x = 1.0;".repeat(100_000))), TOO_DEEP);
}

#[test]
fn deep_calls() {
    let defs = "float f(float x) { return x; }\n";
    let src = format!("#version 450\n{defs}out vec4 color;\nuniform float u;\nvoid main() {{ float x = {}u{}; }}\n", "f(".repeat(100_000), ")".repeat(100_000));
    rejected("calls", src, TOO_DEEP);
}

/// Real shaders have chains far longer than a parenthesised nesting: these must compile.
#[test]
fn reasonable_chains_compile() {
    assert!(finishes("sum of 500", main_with(&format!("float x = u{}; color = vec4(x);", " + u".repeat(500)))));
    assert!(finishes("sum of 3000", main_with(&format!("float x = u{}; color = vec4(x);", " + u".repeat(3000)))));
    assert!(finishes("constant sum of 3000", main_with(&format!("const float x = 1.0{}; color = vec4(x);", " + 1.0".repeat(3000)))));
    assert!(finishes("swizzles of 1000", main_with(&format!("vec4 v = vec4(u){}; color = v;", ".wzyx".repeat(1000)))));
    assert!(finishes("else-if of 200", main_with(&format!("float x = 0.0; if (u > 0.0) x = 1.0;{} color = vec4(x);", " else if (u > 1.0) x = 2.0;".repeat(200)))));
    assert!(finishes("parentheses 100", main_with(&format!("float x = {}u{}; color = vec4(x);", "(".repeat(100), ")".repeat(100)))));
}

#[test]
fn deep_preprocessor_conditionals() {
    // Deep `#if` nesting is legal: it only has to finish.
    finishes("#if", format!("#version 450\n{}out vec4 color;\nvoid main() {{}}\n{}", "#if 1\n".repeat(100_000), "#endif\n".repeat(100_000)));
    rejected("#if expression", format!("#version 450\n#if {}1{}\n#endif\nvoid main() {{}}\n", "(".repeat(100_000), ")".repeat(100_000)), "too deep");
    rejected("#if unary", format!("#version 450\n#if {}1\n#endif\nvoid main() {{}}\n", "- ".repeat(100_000)), "too deep");
}

#[test]
fn macro_bombs() {
    let mut src = String::from("#version 450\n#define A0 u u u u u u u u u u\n");
    for i in 1..12 {
        let prev = format!("A{} ", i - 1).repeat(10);
        src.push_str(&format!("#define A{i} {prev}\n"));
    }
    src.push_str("float x = A11;\nvoid main() {}\n");
    rejected("object-like bomb", src, "macro expansion");
    let mut src = String::from("#version 450\n#define F0(x) x x x x x x x x x x\n");
    for i in 1..12 {
        src.push_str(&format!("#define F{i}(x) F{p}(x) F{p}(x) F{p}(x) F{p}(x)\n", p = i - 1));
    }
    src.push_str("float x = F11(u);\nvoid main() {}\n");
    rejected("function-like bomb", src, "macro expansion");
    rejected("nested arguments", format!("#version 450\n#define F(x) x\nfloat y = {}1{};\nvoid main() {{}}\n", "F(".repeat(100_000), ")".repeat(100_000)), "too deep");
}

#[test]
fn recursive_macros_end() {
    // A macro never expands inside its own expansion: these end, with a parse error.
    finishes("self", "#version 450\n#define A A A\nA\nvoid main() {}\n".into());
    finishes("mutual", "#version 450\n#define A B\n#define B A\nA B\nvoid main() {}\n".into());
    finishes("function-like", "#version 450\n#define f(x) f(f(x)) f(x)\nf(f(f(1)))\nvoid main() {}\n".into());
}

#[test]
fn enormous_arrays() {
    rejected("uniform", "#version 450\nuniform float a[2000000000];\nvoid main() {}\n".into(), "array size");
    rejected("uniform of arrays", "#version 450\nuniform float a[16777216][16777216];\nvoid main() {}\n".into(), "array too large");
    rejected("local", main_with("float a[16777216][16777216][16777216]; a[0][0][0] = u;"), "array too large");
    rejected("struct", "#version 450\nstruct S { vec4 a[16777216]; };\nuniform B { S s[16777216]; };\nvoid main() {}\n".into(), "array too large");
    rejected("ssbo", "#version 450\nbuffer B { dmat4 a[16777216][16777216]; };\nvoid main() {}\n".into(), "array too large");
    finishes("constant array", main_with(&format!("const float a[] = float[]({}0.0); color = vec4(a[3]);", "1.0, ".repeat(100_000))));
    finishes("length of enormous", main_with("float a[16777216]; color = vec4(a.length());"));
}

#[test]
fn giant_literals() {
    finishes("int", main_with(&format!("int i = {}; color = vec4(i);", "9".repeat(100_000))));
    finishes("hex", main_with(&format!("uint i = 0x{}u; color = vec4(i);", "F".repeat(100_000))));
    finishes("float", main_with(&format!("float f = {}.0e99999999999; color = vec4(f);", "9".repeat(100_000))));
    finishes("exponent", main_with(&format!("float f = 1.0e-{}; color = vec4(f);", "9".repeat(100_000))));
    finishes("#line", format!("#version 450\n#line {}\nvoid main() {{}}\n", "9".repeat(100_000)));
    finishes("#version", format!("#version {}\nvoid main() {{}}\n", "9".repeat(100_000)));
}

#[test]
fn very_long_identifiers() {
    let name = "a".repeat(1 << 20);
    finishes("variable", main_with(&format!("float {name} = u; color = vec4({name});")));
    finishes("macro", format!("#version 450\n#define {name} 1\n#if {name}\n#endif\nvoid main() {{}}\n"));
    let (_, _) = verdict(Stage::Fragment, Api::Gles, format!("#version 300 es\nprecision mediump float;\nfloat {name};\nvoid main() {{}}\n"));
}

#[test]
fn deep_struct_nesting() {
    let mut src = String::from("#version 450\nstruct S0 { float x; };\n");
    for i in 1..5_000 {
        src.push_str(&format!("struct S{i} {{ S{p} x; }};\n", p = i - 1));
    }
    src.push_str("uniform S4999 s;\nout vec4 color;\nvoid main() { color = vec4(1.0); }\n");
    finishes("structs", src);
}

#[test]
fn many_declarations() {
    let decls: String = (0..100_000).map(|i| format!("float v{i};\n")).collect();
    finishes("globals", format!("#version 450\n{decls}void main() {{}}\n"));
}
