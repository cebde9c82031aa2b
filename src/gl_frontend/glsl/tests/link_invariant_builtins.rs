//! ESSL 1.00's invariant built-ins: gl_FragCoord and gl_PointCoord are invariant only
//! beside an invariant gl_Position and gl_PointSize, gl_FrontFacing never.

mod common;
use common::*;
use glsl::{link_program, CompiledShader, LinkOptions, Stage};

fn es_ok(stage: Stage, src: &str) -> CompiledShader {
    let r = compile_es(stage, src);
    assert!(r.success, "expected success, log:\n{}\nsource:\n{}", r.info_log, src);
    r
}

fn links(vs: &str, fs: &str) -> bool {
    link_program(&[&es_ok(Stage::Vertex, vs), &es_ok(Stage::Fragment, fs)], &LinkOptions::default()).success
}

const VS: &str = "void main() { gl_PointSize = 1.0; gl_Position = vec4(0.0); }";
const VS_INVARIANT: &str = "invariant gl_Position;\ninvariant gl_PointSize;\nvoid main() { gl_PointSize = 1.0; gl_Position = vec4(0.0); }";
const VS_PRAGMA: &str = "#pragma STDGL invariant(all)\nvoid main() { gl_PointSize = 1.0; gl_Position = vec4(0.0); }";

#[test]
fn invariant_fragment_built_ins_need_invariant_vertex_partners() {
    let frag_coord = "invariant gl_FragCoord;\nvoid main() { gl_FragColor = vec4(gl_FragCoord.x); }";
    let point_coord = "invariant gl_PointCoord;\nvoid main() { gl_FragColor = vec4(gl_PointCoord.x); }";
    for fs in [frag_coord, point_coord] {
        assert!(!links(VS, fs), "linked without an invariant partner:\n{fs}");
        assert!(links(VS_INVARIANT, fs), "refused beside invariant partners:\n{fs}");
        assert!(links(VS_PRAGMA, fs), "refused beside invariant(all):\n{fs}");
    }
    assert!(links(VS, "void main() { gl_FragColor = vec4(gl_FragCoord.x); }"));
}

#[test]
fn gl_front_facing_is_never_invariant() {
    let fs = "invariant gl_FrontFacing;\nvoid main() { gl_FragColor = vec4(gl_FrontFacing ? 1.0 : 0.0); }";
    assert!(!links(VS_INVARIANT, fs));
}
