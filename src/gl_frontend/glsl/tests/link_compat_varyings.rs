//! Where the linker places the compatibility varyings: after the user varyings of a
//! program linked whole, only those its stages use; at the deterministic locations for
//! separable programs and pipelines; and the IR's variables at those locations.

mod common;
use common::*;
use glsl::link_compat_varyings::{CompatVarying, CompatVaryingLocations, DETERMINISTIC_BASE};
use glsl::{link_program, LinkOptions, Stage};

const VS: &str = "#version 110
varying vec4 a;
varying vec4 b[3];
void main() {
    gl_Position = ftransform();
    a = vec4(1.0);
    b[0] = b[1] = b[2] = vec4(0.0);
    gl_FrontColor = vec4(1.0);
    gl_BackSecondaryColor = vec4(0.5);
    gl_TexCoord[7] = vec4(0.25);
}";

const FS: &str = "#version 110
varying vec4 a;
varying vec4 b[3];
void main() { gl_FragColor = a + b[2] + gl_Color + gl_TexCoord[7]; }";

/// The location of the variable `name` of `mode` in `stage`'s IR.
fn ir_location(p: &glsl::LinkedProgram, stage: Stage, name: &str, mode: nir_like::VariableMode) -> Option<u32> {
    let ir = p.stages.iter().find(|s| s.stage == stage)?.ir.as_ref().ok()?;
    ir.variables.iter().find(|(_, v)| v.name == name && v.mode == mode).and_then(|(_, v)| v.location)
}

#[test]
fn linked_whole_they_follow_the_user_varyings_and_take_only_what_is_used() {
    let (vs, fs) = (ok(Stage::Vertex, VS), ok(Stage::Fragment, FS));
    let p = link_program(&[&vs, &fs], &LinkOptions::default());
    assert!(p.success, "{}", p.info_log);
    let placed = p.interface.compat_varyings_read(Stage::Fragment);
    assert_eq!(placed, p.interface.compat_varyings_written(Stage::Vertex));
    // a and b take 0..4; then gl_Color, the back secondary colour and gl_TexCoord[].
    assert_eq!(placed.location(CompatVarying::Color), Some(4));
    assert_eq!(placed.location(CompatVarying::SecondaryColor), None);
    assert_eq!(placed.location(CompatVarying::BackColor), None);
    assert_eq!(placed.location(CompatVarying::BackSecondaryColor), Some(5));
    assert_eq!(placed.location(CompatVarying::FogFragCoord), None);
    assert_eq!(placed.tex_coord(7), Some(13));
    use nir_like::VariableMode::{ShaderIn, ShaderOut};
    assert_eq!(ir_location(&p, Stage::Vertex, "gl_FrontColor", ShaderOut), Some(4));
    assert_eq!(ir_location(&p, Stage::Fragment, "gl_Color", ShaderIn), Some(4));
    assert_eq!(ir_location(&p, Stage::Vertex, "gl_BackSecondaryColor", ShaderOut), Some(5));
    assert_eq!(ir_location(&p, Stage::Vertex, "gl_TexCoord", ShaderOut), Some(6));
    assert_eq!(ir_location(&p, Stage::Fragment, "gl_TexCoord", ShaderIn), Some(6));
}

#[test]
fn an_unread_user_output_goes_after_the_compatibility_varyings() {
    let vs = ok(Stage::Vertex, "#version 110\nvarying vec4 unread;\nvoid main() { gl_Position = ftransform(); unread = vec4(1.0); gl_FrontColor = vec4(1.0); }");
    let fs = ok(Stage::Fragment, "#version 110\nvoid main() { gl_FragColor = gl_Color; }");
    let p = link_program(&[&vs, &fs], &LinkOptions::default());
    assert!(p.success, "{}", p.info_log);
    assert_eq!(p.interface.compat_varyings_read(Stage::Fragment).location(CompatVarying::Color), Some(0));
    assert_eq!(ir_location(&p, Stage::Vertex, "unread", nir_like::VariableMode::ShaderOut), Some(1));
}

#[test]
fn separable_programs_and_pipelines_use_the_deterministic_placement() {
    let (vs, fs) = (ok(Stage::Vertex, VS), ok(Stage::Fragment, FS));
    let deterministic = CompatVaryingLocations::deterministic();
    for options in [LinkOptions { separable: true, ..Default::default() }, LinkOptions { separable: true, pipeline_stages: true, ..Default::default() }] {
        let p = link_program(&[&vs, &fs], &options);
        assert!(p.success, "{}", p.info_log);
        assert_eq!(p.interface.compat_varyings_read(Stage::Fragment), deterministic);
    }
    // A separable vertex stage alone writes where any fragment stage will read.
    let alone = link_program(&[&vs], &LinkOptions { separable: true, ..Default::default() });
    assert!(alone.success, "{}", alone.info_log);
    assert_eq!(ir_location(&alone, Stage::Vertex, "gl_TexCoord", nir_like::VariableMode::ShaderOut), deterministic.location(CompatVarying::TexCoord));
    assert_eq!(ir_location(&alone, Stage::Vertex, "gl_FrontColor", nir_like::VariableMode::ShaderOut), Some(DETERMINISTIC_BASE));
}

#[test]
fn too_many_varyings_with_the_compatibility_ones_fail_to_link() {
    let decls: String = (0..28).map(|i| format!("varying vec4 v{i};\n")).collect();
    let writes: String = (0..28).map(|i| format!("v{i} = vec4(0.0); ")).collect();
    let reads: String = (0..28).map(|i| format!(" + v{i}")).collect();
    let vs = ok(Stage::Vertex, &format!("#version 110\n{decls}void main() {{ gl_Position = ftransform(); {writes} gl_TexCoord[0] = vec4(0.0); }}"));
    let fs = ok(Stage::Fragment, &format!("#version 110\n{decls}void main() {{ gl_FragColor = gl_TexCoord[0]{reads}; }}"));
    let p = link_program(&[&vs, &fs], &LinkOptions::default());
    assert!(!p.success);
    assert!(p.info_log.contains("too many varyings"), "{}", p.info_log);
}

#[test]
fn a_colour_read_without_redeclaration_needs_smooth_written_colours() {
    // GLSL 1.30 section 4.3.7: a redeclared gl_FrontColor / gl_BackColor / secondary colour
    // must be interpolated as gl_Color / gl_SecondaryColor, redeclared or not.
    let fs = ok(Stage::Fragment, "#version 130\nout vec4 c;\nvoid main() { c = gl_Color + gl_SecondaryColor; }");
    for (decl, written) in [("flat out vec4 gl_BackColor;", "gl_BackColor"), ("smooth out vec4 gl_FrontSecondaryColor;", "gl_FrontSecondaryColor")] {
        let vs = ok(Stage::Vertex, &format!("#version 130\n{decl}\nvoid main() {{ gl_Position = vec4(0.0); {written} = vec4(1.0); }}"));
        let p = link_program(&[&vs, &fs], &LinkOptions::default());
        assert!(!p.success, "{decl}");
        assert!(p.info_log.contains(written), "{}", p.info_log);
    }
    // Written without a qualifier, the default matches.
    let vs = ok(Stage::Vertex, "#version 130\nvoid main() { gl_Position = vec4(0.0); gl_BackColor = gl_FrontSecondaryColor = vec4(1.0); }");
    let p = link_program(&[&vs, &fs], &LinkOptions::default());
    assert!(p.success, "{}", p.info_log);
}
