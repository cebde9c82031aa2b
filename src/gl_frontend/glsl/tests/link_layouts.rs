//! Block and interface layouts the linker decides (row-major matrices, ARB_enhanced_layouts'
//! `offset`, `align` and `component`, arrays of arrays of atomic counters): the offsets and
//! strides it reports, the errors it gives, and the IR it hands on.

mod common;
use common::*;
use glsl::{link_program, LinkOptions, LinkedProgram, Stage};

const VS_HEAD: &str = "#version 150\n#extension GL_ARB_enhanced_layouts : require\n#extension GL_ARB_separate_shader_objects : require\n";

fn link(vs: &str, fs: &str) -> LinkedProgram {
    let v = ok(Stage::Vertex, &format!("{VS_HEAD}{vs}"));
    let f = ok(Stage::Fragment, &format!("{VS_HEAD}{fs}"));
    link_program(&[&v, &f], &LinkOptions::default())
}

fn uniform<'a>(p: &'a LinkedProgram, name: &str) -> &'a glsl::ActiveUniform {
    p.interface.uniforms.iter().find(|u| u.name == name).unwrap_or_else(|| panic!("no `{name}'"))
}

#[test]
fn row_major_uniform_block_members_report_row_strides_and_offsets() {
    let p = link(
        "layout(row_major) uniform;
struct S { mat3x2 a; };
layout(std140) uniform U { mat2x3 m; layout(column_major) mat2x3 c; S s[2]; float after; };
void main() { gl_Position = vec4(m[0], 1.0) + vec4(c[0], s[1].a[0].x) + vec4(after); }",
        "out vec4 color; void main() { color = vec4(1.0); }",
    );
    assert!(p.success, "{}", p.info_log);
    let layout = |n: &str| (uniform(&p, n).offset, uniform(&p, n).matrix_stride, uniform(&p, n).row_major);
    // Row-major mat2x3: three rows of vec2, 16 bytes apart in std140.
    assert_eq!(layout("m"), (0, 16, true));
    assert_eq!(layout("c"), (48, 16, false));
    // S is two rows of vec3: 32 bytes an element.
    assert_eq!(layout("s[0].a"), (80, 16, true));
    assert_eq!(layout("s[1].a"), (112, 16, true));
    assert_eq!(layout("after"), (144, 0, false));
    let block = &p.interface.uniform_blocks[0];
    assert_eq!(block.data_size, 160);
    let ir = nir_like::print_shader(p.stages[0].ir.as_ref().expect("vertex IR"));
    assert!(ir.contains("row_major"), "{ir}");
}

#[test]
fn explicit_offsets_and_aligns_place_block_members() {
    let p = link(
        "layout(std140) uniform U { layout(offset = 32) vec4 a; layout(align = 64) float b; layout(offset = 132, align = 8) float c; };
void main() { gl_Position = a + vec4(b + c); }",
        "out vec4 color; void main() { color = vec4(1.0); }",
    );
    assert!(p.success, "{}", p.info_log);
    assert_eq!(uniform(&p, "a").offset, 32);
    assert_eq!(uniform(&p, "b").offset, 64);
    // An explicit offset is rounded up to the member's align.
    assert_eq!(uniform(&p, "c").offset, 136);
}

#[test]
fn blocks_differing_in_offset_or_align_between_stages_fail_to_link() {
    let fs = |block: &str| format!("{block}\nout vec4 color; void main() {{ color = a; }}");
    let vs = "layout(std140) uniform U { layout(offset = 0) vec4 a; layout(offset = 32) vec4 b; };\nvoid main() { gl_Position = a; }";
    assert!(link(vs, &fs("layout(std140) uniform U { layout(offset = 0) vec4 a; layout(offset = 32) vec4 b; };")).success);
    let p = link(vs, &fs("layout(std140) uniform U { layout(offset = 0) vec4 a; layout(offset = 64) vec4 b; };"));
    assert!(!p.success && p.info_log.contains("differs"), "{}", p.info_log);
    let p = link(vs, &fs("layout(std140, align = 32) uniform U { layout(offset = 0) vec4 a; layout(offset = 32) vec4 b; };"));
    assert!(!p.success, "a block align on one side only linked");
}

#[test]
fn varyings_share_a_location_by_component_but_never_a_component() {
    let p = link(
        "layout(location = 0) out float b;\nlayout(location = 0, component = 1) out vec3 a;\nvoid main() { a = vec3(0.0); b = 1.0; gl_Position = vec4(0.0); }",
        "layout(location = 0, component = 1) in vec3 a;\nlayout(location = 0) in float b;\nout vec4 color;\nvoid main() { color = vec4(b, a); }",
    );
    assert!(p.success, "{}", p.info_log);
    let fs = p.stages[1].ir.as_ref().expect("fragment IR");
    let a = fs.variables.iter().find(|(_, v)| v.name == "a").expect("input a").1;
    assert_eq!((a.location, a.component), (Some(0), Some(1)));

    let p = link(
        "layout(location = 0, component = 1) out vec3 a;\nlayout(location = 0, component = 3) out float b;\nvoid main() { a = vec3(0.0); b = 1.0; gl_Position = vec4(0.0); }",
        "layout(location = 0, component = 1) in vec3 a;\nlayout(location = 0, component = 3) in float b;\nout vec4 color;\nvoid main() { color = vec4(b, a); }",
    );
    assert!(!p.success && p.info_log.contains("overlaps"), "{}", p.info_log);

    let p = link(
        "layout(location = 0) out float b;\nlayout(location = 0, component = 1) out ivec3 a;\nvoid main() { a = ivec3(0); b = 1.0; gl_Position = vec4(0.0); }",
        "layout(location = 0, component = 1) flat in ivec3 a;\nlayout(location = 0) in float b;\nout vec4 color;\nvoid main() { color = vec4(b, a); }",
    );
    assert!(!p.success && p.info_log.contains("numerical"), "{}", p.info_log);
}

#[test]
fn fragment_outputs_share_a_draw_buffer_by_component() {
    let p = link(
        "void main() { gl_Position = vec4(0.0); }",
        "layout(location = 0) out vec2 d;\nlayout(location = 0, component = 2) out vec2 e;\nvoid main() { d = vec2(0.0); e = vec2(1.0); }",
    );
    assert!(p.success, "{}", p.info_log);
    let p = link(
        "void main() { gl_Position = vec4(0.0); }",
        "layout(location = 0) out vec3 d;\nlayout(location = 0, component = 1) out float e;\nvoid main() { d = vec3(0.0); e = 1.0; }",
    );
    assert!(!p.success, "overlapping fragment outputs linked");
}

#[test]
fn block_members_carry_their_own_locations_into_the_ir() {
    // A separable vertex program, as a pipeline pairs it with fragment inputs by location.
    let v = ok(
        Stage::Vertex,
        &format!("{VS_HEAD}layout(location = 0) out block {{ layout(location = 2) vec4 c; vec4 d; layout(location = 0) vec4 a; vec4 b; }} name;\nvoid main() {{ name.a = name.b = name.c = name.d = vec4(0.0); gl_Position = vec4(0.0); }}"),
    );
    let p = link_program(&[&v], &LinkOptions { separable: true, ..Default::default() });
    assert!(p.success, "{}", p.info_log);
    let vs = p.stages[0].ir.as_ref().expect("vertex IR");
    let block = vs.variables.iter().find(|(_, v)| v.name == "block").expect("the output block").1;
    assert_eq!(block.member_locations, vec![Some(2), None, Some(0), None]);
}

#[test]
fn block_members_following_onto_a_named_location_fail_to_link() {
    let block = "block {\n layout(location = 3) vec4 a;\n layout(location = 2) float f1;\n float f2;\n layout(location = 1) float f3;\n} name;";
    let p = link(
        &format!("layout(location = 0) out {block}\nvoid main() {{ name.a = vec4(1.0); name.f1 = name.f2 = name.f3 = 0.0; gl_Position = vec4(0.0); }}"),
        &format!("layout(location = 0) in {block}\nout vec4 color;\nvoid main() {{ color = name.a; }}"),
    );
    assert!(!p.success && p.info_log.contains("takes a location"), "{}", p.info_log);
}

#[test]
fn arrays_of_arrays_of_atomic_counters_keep_both_dimensions() {
    let vs = ok(
        Stage::Vertex,
        "#version 150\n#extension GL_ARB_shader_atomic_counters : require\n#extension GL_ARB_arrays_of_arrays : require
layout(binding = 0) uniform atomic_uint a0[2][4];
uniform int n; uniform int m;
void main() { atomicCounterIncrement(a0[n][m]); gl_Position = vec4(float(atomicCounter(a0[1][3]))); }",
    );
    let p = link_program(&[&vs], &LinkOptions::default());
    assert!(p.success, "{}", p.info_log);
    let ir = p.stages[0].ir.as_ref().expect("vertex IR");
    nir_like::validate(ir).expect("valid IR");
    let var = ir.variables.iter().find(|(_, v)| v.name == "a0_buffer").expect("the counters' variable").1;
    let nir_like::Type::Struct { members, .. } = &ir.types[var.ty] else { panic!("a struct") };
    let nir_like::Type::Array { element, length: Some(2), stride: Some(16) } = &ir.types[members[0].ty] else { panic!("{:?}", ir.types[members[0].ty]) };
    assert!(matches!(ir.types[*element], nir_like::Type::Array { length: Some(4), stride: Some(4), .. }), "{:?}", ir.types[*element]);
}

#[test]
fn shader_objects_of_one_stage_agree_on_locations_components_and_offsets() {
    let head = VS_HEAD;
    let link_vs = |a: &str, b: &str| {
        let x = ok(Stage::Vertex, &format!("{head}{a}\nvoid f() {{}}"));
        let y = ok(Stage::Vertex, &format!("{head}{b}\nvoid f();\nvoid main() {{ f(); gl_Position = vec4(0.0); }}"));
        link_program(&[&x, &y], &LinkOptions { separable: true, ..Default::default() })
    };
    let p = link_vs("layout(location = 0, component = 1) out vec3 a;", "layout(location = 0) out vec3 a;");
    assert!(!p.success && p.info_log.contains("different locations"), "{}", p.info_log);
    assert!(link_vs("layout(location = 0, component = 1) out vec3 a;", "layout(location = 0, component = 1) out vec3 a;").success);
    let p = link_vs(
        "layout(std140) uniform b { layout(offset = 0) vec4 x; layout(offset = 32) vec4 y; };",
        "layout(std140) uniform b { layout(offset = 0) vec4 x; layout(offset = 64) vec4 y; };",
    );
    assert!(!p.success, "blocks with different offsets in two vertex shader objects linked");
}
