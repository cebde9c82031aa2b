//! Rules that ARB_shading_language_420pack, ARB_enhanced_layouts, ARB_gpu_shader5 and
//! MESA_shader_integer_functions add: each test compiles what a rule forbids (and
//! expects its message) beside what it allows.

mod common;
use common::*;
use glsl::{link_program, LinkOptions, Stage::{Fragment, Geometry, Vertex}};

#[test]
fn repeated_default_layouts_need_420pack() {
    let gs = "#version 150
#extension GL_ARB_gpu_shader5 : enable
EXT
layout(points) in;
layout(points) out;
layout(stream=2) layout(stream=1) out;
void main() { }";
    fails_with(Geometry, &gs.replace("EXT", ""), "multiple layout qualifiers");
    ok(Geometry, &gs.replace("EXT", "#extension GL_ARB_shading_language_420pack : enable"));
}

#[test]
fn the_last_repeated_max_vertices_of_a_declaration_wins() {
    let gs = ok(
        Geometry,
        "#version 150
#extension GL_ARB_shading_language_420pack: enable
layout(lines) in;
layout(line_strip, max_vertices=2) layout(max_vertices=3) out;
layout(max_vertices=MAX) out;
void main() { }"
            .replace("MAX", "3")
            .as_str(),
    );
    let p = link_program(&[&gs], &LinkOptions::default());
    assert!(p.success, "{}", p.info_log);
    // 2 was overridden by 3 in its own declaration, so 2 later disagrees.
    fails_with(
        Geometry,
        "#version 150
#extension GL_ARB_shading_language_420pack: enable
layout(lines) in;
layout(line_strip, max_vertices=2) layout(max_vertices=3) out;
layout(max_vertices=2) out;
void main() { }",
        "conflicts with an earlier declaration",
    );
}

#[test]
fn at_most_one_auxiliary_storage_qualifier() {
    let fs = "#version 150
#extension GL_ARB_gpu_shader5: require
QUAL in vec4 x;
out vec4 c;
void main() { c = x; }";
    fails_with(Fragment, &fs.replace("QUAL", "sample centroid"), "at most one of");
    ok(Fragment, &fs.replace("QUAL", "sample"));
    ok(Fragment, &fs.replace("QUAL", "centroid"));
}

#[test]
fn uniform_block_members_take_no_interpolation() {
    let fs = "#version 150
#extension GL_ARB_gpu_shader5: require
uniform things { QUAL vec4 x; };
out vec4 c;
void main() { c = x; }";
    fails_with(Fragment, &fs.replace("QUAL", "sample"), "not allowed in uniform and buffer blocks");
    fails_with(Fragment, &fs.replace("QUAL", "flat"), "not allowed in uniform and buffer blocks");
    ok(Fragment, &fs.replace("QUAL", ""));
}

#[test]
fn precise_cannot_redeclare_a_global_inside_a_function() {
    let vs = "#version 150
#extension GL_ARB_gpu_shader5: require
float x;
BODY
void main() { gl_Position = vec4(x); }";
    fails_with(Vertex, &vs.replace("BODY", "void foo() { precise x; }"), "cannot redeclare the global");
    ok(Vertex, &vs.replace("BODY", "precise x;"));
    ok(Vertex, &vs.replace("BODY", "void foo() { float y; precise y; y = 1.0; }"));
}

#[test]
fn block_members_stay_on_their_blocks_stream() {
    let gs = "#version 150
#extension GL_ARB_gpu_shader5 : enable
layout(points) in;
layout(points, max_vertices=3) out;
DEFAULT
out Block1 { MEMBER vec4 var1; vec4 var2; };
void main() { }";
    let src = |d: &str, m: &str| gs.replace("DEFAULT", d).replace("MEMBER", m);
    fails_with(Geometry, &src("", "layout(stream=1)"), "differs from its block's stream");
    ok(Geometry, &src("", "layout(stream=0)"));
    ok(Geometry, &src("layout(stream=1) out;", "layout(stream=1)"));
    fails_with(Geometry, &src("layout(stream=1) out;", "layout(stream=0)"), "differs from its block's stream");
}

#[test]
fn block_member_locations_follow_enhanced_layouts() {
    let fs = "#version 150
#extension GL_ARB_enhanced_layouts: require
#extension GL_ARB_separate_shader_objects: require
BLOCK
out vec4 c;
void main() { c = vec4(1.0); }";
    let src = |b: &str| fs.replace("BLOCK", b);
    // Without a block location: all members or none.
    fails_with(Fragment, &src("in block { vec4 a; layout(location = 1) float f1; };"), "either all of its members");
    ok(Fragment, &src("in block { layout(location = 0) vec4 a; layout(location = 1) float f1; };"));
    ok(Fragment, &src("layout(location = 0) in block { vec4 a; layout(location = 2) float f1; float f2; };"));
    // A block array takes its location at block level only.
    fails_with(Fragment, &src("in Block { layout(location = 1) float f; } b[2];"), "cannot have locations");
    ok(Fragment, &src("layout(location = 1) in Block { float f; } b[2];"));
    // Structure members take no locations.
    fails_with(Fragment, &src("layout(location = 0) in struct S { vec4 a; layout(location = 1) float f; } s;"), "structure member");
}

#[test]
fn geometry_input_blocks_strip_the_per_vertex_array_before_the_location_rule() {
    ok(
        Geometry,
        "#version 150
#extension GL_ARB_enhanced_layouts: require
#extension GL_ARB_separate_shader_objects: require
layout(points) in;
layout(points, max_vertices=1) out;
in Block { layout(location = 1) float f; } b[];
void main() { }",
    );
}

#[test]
fn align_needs_std140_or_std430_and_rounds_explicit_offsets() {
    let vs = "#version 140
#extension GL_ARB_enhanced_layouts : enable
BLOCK
void main() { }";
    let src = |b: &str| vs.replace("BLOCK", b);
    fails_with(Vertex, &src("layout(shared, align = 32) uniform block { vec4 a; };"), "std140 or std430");
    fails_with(Vertex, &src("layout(packed, align = 32) uniform block { vec4 a; };"), "std140 or std430");
    ok(Vertex, &src("layout(std140, align = 32) uniform block { vec4 a; };"));
    // A default std140 from `layout(std140) uniform;' is as good as the block's own.
    ok(Vertex, &src("layout(std140) uniform;\nlayout(align = 32) uniform block { vec4 a; };"));
    // offset 8 rounded up to align 16 puts var1 at 16..24, so 20 is inside it.
    fails_with(
        Vertex,
        &src("layout(std140) uniform block { layout(offset = 8, align = 16) vec2 var1; layout(offset = 20) float var2; };"),
        "overlaps",
    );
    ok(Vertex, &src("layout(std140) uniform block { layout(offset = 8, align = 16) vec2 var1; layout(offset = 24) float var2; };"));
}

#[test]
fn subroutine_indices_are_constant_and_not_negative() {
    let vs = "#version 150
#extension GL_ARB_shader_subroutine: require
#extension GL_ARB_enhanced_layouts: require
#extension GL_ARB_explicit_uniform_location: require
const int start = START;
subroutine void func_type();
layout(index = start + 2) subroutine (func_type) void f() {}
subroutine uniform func_type u;
void main() { u(); }";
    fails_with(Vertex, &vs.replace("START", "-3"), "negative");
    ok(Vertex, &vs.replace("START", "-2"));
}

#[test]
fn integer_functions_come_with_mesa_shader_integer_functions() {
    let fs = "#version 130
EXT
uniform uvec4 u;
uniform ivec4 i;
uniform vec4 f;
out vec4 c;
void main() {
    uvec4 carry, borrow, hi, lo;
    ivec4 ihi, ilo, e;
    uvec4 s = uaddCarry(u, u, carry) + usubBorrow(u, u, borrow);
    umulExtended(u, u, hi, lo);
    imulExtended(i, i, ihi, ilo);
    ivec4 b = bitfieldExtract(i, 1, 3) + bitfieldInsert(i, i, 2, 4) + bitfieldReverse(i) + bitCount(u) + findLSB(u) + findMSB(i);
    vec4 m = frexp(f, e);
    c = vec4(s) + vec4(b) + ldexp(m, e);
}";
    fails_with(Fragment, &fs.replace("EXT", ""), "bitCount");
    ok(Fragment, &fs.replace("EXT", "#extension GL_MESA_shader_integer_functions : require"));
}

#[test]
fn bitfield_functions_and_ldexp_fold_in_constant_expressions() {
    let fs = "#version 150
#extension GL_ARB_gpu_shader5 : require
out vec4 c;
void main() {
    float a[SIZE];
    c = vec4(a.length());
}";
    // Each size is 4 only when folded right; a wrong value gives a different length,
    // a missing fold no constant at all.
    for (size, want) in [
        ("bitfieldExtract(0x070, 4, 4)", 7),
        ("-bitfieldExtract(0x0f0, 4, 3) + 3", 4),
        ("bitfieldExtract(-8, 3, 2) + 5", 4),
        ("int(bitfieldExtract(0xf0u, 4, 3))", 7),
        ("bitfieldInsert(0, 1, 2, 1)", 4),
        ("bitfieldInsert(0xff, 0, 0, 4) >> 4", 15),
        ("int(ldexp(0.5, 3))", 4),
        // A denormal result flushes to zero, keeping its sign.
        ("floatBitsToInt(ldexp(-0.5, -127)) == floatBitsToInt(-0.0) ? 4 : 1", 4),
    ] {
        let src = fs.replace("SIZE", size);
        let r = compile(Fragment, &src);
        assert!(r.success, "{size}: {}", r.info_log);
        let arrays: Vec<_> = r.interface.as_ref().expect("checked").declared_types.values().filter_map(|t| match t {
            glsl::sema::types::Type::Array(_, Some(n)) => Some(*n),
            _ => None,
        }).collect();
        assert_eq!(arrays, vec![want], "{size}");
    }
}

#[test]
fn shaders_agree_on_the_binding_of_a_shared_uniform_or_block() {
    let vs = "#version 130
#extension GL_ARB_shading_language_420pack: require
#extension GL_ARB_uniform_buffer_object: require
layout(binding = B) uniform sampler2D tex;
layout(binding = B) uniform Block { vec4 color; };
in vec4 p;
out vec4 v;
void main() { v = color + texture2D(tex, p.xy); gl_Position = p; }";
    let fs = "#version 130
#extension GL_ARB_shading_language_420pack: require
#extension GL_ARB_uniform_buffer_object: require
layout(binding = 1) uniform sampler2D tex;
layout(binding = 1) uniform Block { vec4 color; };
in vec4 v;
out vec4 c;
void main() { c = v * color * texture2D(tex, v.xy); }";
    let fs = ok(Fragment, fs);
    let same = ok(Vertex, &vs.replace("B)", "1)"));
    let p = link_program(&[&same, &fs], &LinkOptions::default());
    assert!(p.success, "{}", p.info_log);
    let other = ok(Vertex, &vs.replace("B)", "0)"));
    let p = link_program(&[&other, &fs], &LinkOptions::default());
    assert!(!p.success);
    assert!(p.info_log.contains("uniform `tex' has bindings 0 and 1"), "{}", p.info_log);
    assert!(p.info_log.contains("uniform block `Block' has bindings 0 and 1"), "{}", p.info_log);
}
