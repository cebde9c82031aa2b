//! The linker's separable-program rules: varyings matched by `layout(location)` under
//! different names, structures matched by their members, stages of a program pipeline
//! meeting by declaration order, gl_PerVertex redeclarations in separable programs, and
//! the buffer variables of shader storage blocks.

mod common;
use common::*;
use glsl::{link_program, LinkOptions, Stage};

const GL_FLOAT: u32 = 0x1406;
const GL_FLOAT_VEC4: u32 = 0x8B52;

/// The location the linker gave `name` on the `producer` side of the vertex-fragment
/// interface.
fn producer_location(p: &glsl::LinkedProgram, name: &str) -> Option<u32> {
    p.interface.varyings.iter().find(|v| v.producer_name == name).map(|v| v.location)
}

#[test]
fn varyings_matched_by_location_keep_each_side_s_name() {
    let vs = ok(
        Stage::Vertex,
        "#version 150
#extension GL_ARB_separate_shader_objects: require
in vec4 pos;
layout(location = 0) out struct S { vec4 a; } s;
layout(location = 2) out vec4 second;
void main() { s.a = vec4(1.0); second = vec4(0.5); gl_Position = pos; }",
    );
    let fs = ok(
        Stage::Fragment,
        "#version 150
#extension GL_ARB_separate_shader_objects: require
layout(location = 0) in struct T { vec4 a; } t;
layout(location = 2) in vec4 other;
out vec4 color;
void main() { color = t.a + other; }",
    );
    let p = link_program(&[&vs, &fs], &LinkOptions::default());
    assert!(p.success, "structures with the same members match: {}", p.info_log);
    assert_eq!(producer_location(&p, "s"), Some(0));
    assert_eq!(producer_location(&p, "second"), Some(2));
    let other = p.interface.varyings.iter().find(|v| v.name == "other").expect("the input is linked");
    assert_eq!((other.producer_name.as_str(), other.location), ("second", 2));
}

#[test]
fn pipeline_stages_meet_by_declaration_order() {
    let vs = ok(
        Stage::Vertex,
        "#version 150
in vec4 pos;
out vec4 col0;
out vec4 col1;
void main() { col0 = vec4(1.0, 0.0, 0.0, 1.0); col1 = vec4(0.0, 1.0, 0.0, 1.0); gl_Position = pos; }",
    );
    let fs = ok(
        Stage::Fragment,
        "#version 150
in vec4 color0;
in vec4 color1;
out vec4 color;
void main() { color = color1; }",
    );
    let pipeline = LinkOptions { separable: true, pipeline_stages: true, ..Default::default() };
    let p = link_program(&[&vs, &fs], &pipeline);
    assert!(p.success, "{}", p.info_log);
    let color1 = p.interface.varyings.iter().find(|v| v.name == "color1").expect("color1 meets an output");
    assert_eq!(color1.producer_name, "col1");
    // Within one program the names must match.
    let p = link_program(&[&vs, &fs], &LinkOptions::default());
    assert!(!p.success, "a non-separable program needs matching names");
}

#[test]
fn separable_programs_redeclare_gl_per_vertex_between_their_stages() {
    let vs = ok(Stage::Vertex, "#version 150\nvoid main() { gl_Position = vec4(0.0); }");
    let gs = ok(
        Stage::Geometry,
        "#version 150
layout(points) in;
layout(points, max_vertices = 1) out;
out vec4 g;
void main() { g = gl_in[0].gl_Position; EmitVertex(); }",
    );
    let separable = LinkOptions { separable: true, ..Default::default() };
    let p = link_program(&[&vs, &gs], &separable);
    assert!(!p.success, "gl_in read without redeclared gl_PerVertex blocks");
    assert!(link_program(&[&vs, &gs], &LinkOptions::default()).success, "the rule is for separable programs only");
    let vs2 = ok(Stage::Vertex, "#version 150\nout gl_PerVertex { vec4 gl_Position; };\nvoid main() { gl_Position = vec4(0.0); }");
    let gs2 = ok(
        Stage::Geometry,
        "#version 150
layout(points) in;
layout(points, max_vertices = 1) out;
in gl_PerVertex { vec4 gl_Position; } gl_in[];
out vec4 g;
void main() { g = gl_in[0].gl_Position; EmitVertex(); }",
    );
    let p = link_program(&[&vs2, &gs2], &separable);
    assert!(p.success, "{}", p.info_log);
}

#[test]
fn storage_blocks_list_their_buffer_variables() {
    let cs = ok(
        Stage::Compute,
        "#version 430
layout(local_size_x = 1) in;
struct S { float x; vec4 y; };
layout(std430, binding = 1) buffer Data { float f; S s[2]; vec4 tail[]; } data;
void main() { data.f = data.s[1].x + data.tail[0].x; }",
    );
    let p = link_program(&[&cs], &LinkOptions::default());
    assert!(p.success, "{}", p.info_log);
    let block = &p.interface.storage_blocks[0];
    let v = |n: &str| block.members.iter().find(|m| m.name == n).cloned().unwrap_or_else(|| panic!("no {n} in {:?}", block.members));
    assert_eq!((v("Data.f").offset, v("Data.f").gl_type, v("Data.f").top_level_array_size), (0, GL_FLOAT, 1));
    // std430: S is 32 bytes (vec4 alignment), starting at 16.
    assert_eq!((v("Data.s[1].x").offset, v("Data.s[1].x").top_level_array_size, v("Data.s[1].x").top_level_array_stride), (48, 2, 32));
    assert_eq!(v("Data.s[0].y").offset, 32);
    let tail = v("Data.tail[0]");
    assert_eq!((tail.offset, tail.array_size, tail.array_stride, tail.gl_type), (80, 0, 16, GL_FLOAT_VEC4));
}
