//! Programs the parser must accept, and rejected ones with where the error is.

use super::ast::*;
use super::*;
use super::limits::ParseLimits;

fn parse_vp(text: &str) -> Result<Program, ParseError> {
    parse(text.as_bytes(), Target::Vertex, &ParseLimits::new(Target::Vertex))
}

fn parse_fp(text: &str) -> Result<Program, ParseError> {
    parse(text.as_bytes(), Target::Fragment, &ParseLimits::new(Target::Fragment))
}

/// The error's offset, as the index of `at` in the text.
fn error_at(result: Result<Program, ParseError>, text: &str, at: &str) {
    let err = result.expect_err("the program must be rejected");
    assert_eq!(err.position, text.find(at).expect("marker"), "{}", err.message);
    assert!(!err.message.is_empty());
}

#[test]
fn vertex_program_with_declarations_and_state() {
    let text = "!!ARBvp1.0\n\
        ATTRIB pos = vertex.position;\n\
        PARAM mvp[4] = { state.matrix.mvp };\n\
        PARAM scale = { 2, 0.5 };\n\
        TEMP r;\n\
        OUTPUT col = result.color;\n\
        DP4 result.position.x, mvp[0], pos;\n\
        DP4 result.position.y, mvp[1], pos;\n\
        DP4 result.position.z, mvp[2], pos;\n\
        DP4 result.position.w, mvp[3], pos;\n\
        MUL r, vertex.color, scale.xxxy;\n\
        RCP r.w, r.y;\n\
        SWZ col, r, 1, -x, 0, w;\n\
        END\n";
    let p = parse_vp(text).unwrap();
    assert_eq!(p.instructions.len(), 7);
    assert_eq!(p.temporaries, 1);
    assert_eq!(p.params[0], ParamSource::State(StateItem::MatrixRow { matrix: Matrix::Mvp, modifier: MatrixModifier::None, row: 0 }));
    assert_eq!(p.params[4], ParamSource::Constant([2.0, 0.5, 0.0, 1.0]));
    assert_eq!(p.instructions[0].dst.unwrap().mask, 1);
    assert_eq!(p.instructions[4].src[1].swizzle, [0, 0, 0, 1]);
    assert!(p.inputs.contains(&Input::Vertex(VertexInput::Color(0))));
    assert!(p.outputs.contains(&Output::VertexColor { back: false, secondary: false }));
}

#[test]
fn relative_addressing() {
    let text = "!!ARBvp1.0\nPARAM a[3] = { program.env[0..2] };\nADDRESS A0;\nARL A0.x, vertex.position.w;\nMOV result.position, a[A0.x - 1];\nEND";
    let p = parse_vp(text).unwrap();
    assert_eq!(p.instructions[1].src[0].register, Register::ParamRelative { base: 0, len: 3, address: 0, offset: -1 });
    let bad = "!!ARBvp1.0\nPARAM a[3] = { program.env[0..2] };\nADDRESS A0;\nMOV result.position, a[A0.y];\nEND";
    error_at(parse_vp(bad), bad, "y]");
}

#[test]
fn fragment_program_with_textures_and_options() {
    let text = "!!ARBfp1.0\nOPTION ARB_precision_hint_nicest;\nOPTION ARB_fog_exp2;\nTEMP t;\n\
        TEX t, fragment.texcoord[1], texture[2], 2D;\nTXP t.rgb, t, texture[3], CUBE;\nKIL -t.x;\n\
        MAD_SAT result.color, t, fragment.color.secondary, state.texenv[1].color;\nEND";
    let p = parse_fp(text).unwrap();
    assert_eq!(p.options.fog, Some(FogOption::Exp2));
    assert_eq!(p.instructions[0].texture, Some((2, TextureTarget::T2D)));
    assert_eq!(p.instructions[1].dst.unwrap().mask, 0b0111);
    assert!(p.instructions[3].saturate);
}

#[test]
fn rejected_programs_report_the_offending_token() {
    let cases: &[(&str, bool, &str)] = &[
        ("!!ARBvp1.0\nTEMP R0;\nMOV R1, R0;\nEND", true, "R1,"),
        ("!!ARBvp1.0\nTEMP R0;\nRCP R0, R0.xyzw;\nEND", true, ";\nEND"),
        ("!!ARBvp1.0\nTEMP vertex;\nEND", true, "vertex;"),
        ("!!ARBvp1.0\nPARAM m = state.matrix.mvp;\nEND", true, ";\nEND"),
        ("!!ARBvp1.0\nPARAM a[2] = { program.env[0] };\nEND", true, "}"),
        ("!!ARBvp1.0\nMOV result.position, vertex.normal;\nMOV result.color, vertex.attrib[2];\nEND", true, "];\nEND"),
        ("!!ARBvp1.0\nPARAM a[2] = { program.env[0], program.env[0] };\nADDRESS A0;\nMOV result.position, a[A0.x];\nEND", true, "];\nEND"),
        ("!!ARBvp1.0\nOPTION ARB_position_invariant;\nMOV result.position, vertex.position;\nEND", true, "position, vertex"),
        ("!!ARBfp1.0\nTEMP R0;\nMOV result.position, R0;\nEND", false, "position"),
        ("!!ARBfp1.0\nOPTION ARB_fog_exp;\nOPTION ARB_fog_linear;\nEND", false, "ARB_fog_linear"),
        ("!!ARBfp1.0\nTEX result.color, fragment.texcoord[0], texture[0], SHADOW2D;\nEND", false, "SHADOW2D"),
        ("!!ARBfp1.0\nSWZ result.color, fragment.color, a, b, x, r;\nEND", false, "x, r"),
        ("!!ARBfp1.0\nMOV result.color, fragment.color\n", false, ""),
    ];
    for (text, vertex, at) in cases {
        let result = if *vertex { parse_vp(text) } else { parse_fp(text) };
        let at = if at.is_empty() { text.len() } else { text.find(at).expect("marker") };
        let err = result.expect_err(text);
        assert_eq!(err.position, at, "{text}: {}", err.message);
    }
}

#[test]
fn header_selects_the_target() {
    assert_eq!(parse_vp("!!ARBfp1.0\nEND").unwrap_err().position, 0);
    assert!(parse_fp("!!ARBfp1.0\nEND").is_ok());
}

/// Every program of piglit's assembly parser corpus that needs no NV extension is
/// accepted or rejected as its `# FAIL` marker says (run where piglit is installed).
#[test]
#[ignore]
fn piglit_asmparsertest_corpus() {
    let root = std::path::Path::new("/usr/lib/x86_64-linux-gnu/piglit/tests/asmparsertest/shaders");
    let mut wrong = Vec::new();
    for (dir, target) in [("ARBvp1.0", Target::Vertex), ("ARBfp1.0", Target::Fragment)] {
        let mut files: Vec<_> = std::fs::read_dir(root.join(dir)).unwrap().map(|e| e.unwrap().path()).collect();
        files.sort();
        for file in files {
            let text = std::fs::read(&file).unwrap();
            let s = String::from_utf8_lossy(&text);
            if s.contains("# REQUIRE GL_NV") {
                continue;
            }
            let result = parse(&text, target, &ParseLimits::new(target));
            if result.is_ok() == s.contains("# FAIL") {
                wrong.push(format!("{}: {:?}", file.display(), result.err()));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
