//! Rules of the GLSL specifications that piglit's glslparser corpus checks: each test
//! compiles what a rule forbids (and expects its message) beside what it allows.

mod common;
use common::*;
use glsl::Stage::{Fragment, Vertex};

#[test]
fn macros_have_no_stringification_operator() {
    fails_with(Fragment, "#version 110\n#define S(a, b) vec4(#a, b)\nvoid main() { }", "stringification");
    fails_with(Fragment, "#version 110\n#define S #\nvoid main() { }", "stringification");
    // Token pasting is not stringification.
    ok(Fragment, "#version 130\n#define P(a, b) a ## b\nvoid main() { float P(x, y) = 1.0; gl_FragColor = vec4(xy); }");
}

#[test]
fn array_sizes_are_not_sequences_from_glsl_120() {
    fails_with(Vertex, "#version 120\nuniform float a[(5, 3)];\nvoid main() { gl_Position = vec4(a[0]); }", "sequence");
    fails_with(Vertex, "#version 120\nuniform float a[1 + (5, 3)];\nvoid main() { gl_Position = vec4(a[0]); }", "sequence");
    ok(Vertex, "#version 120\nuniform float a[(5 + 3)];\nvoid main() { gl_Position = vec4(a[0]); }");
    // GLSL 1.10 still folds a parenthesised sequence, as global initializers need.
    ok(Vertex, "#version 110\nconst float cf = 2.0;\nfloat g = (cf, 3.0);\nvoid main() { gl_Position = vec4(g); }");
}

#[test]
fn texel_offsets_are_constant_expressions() {
    let fetch = "#version 130
uniform sampler2D s;
uniform ivec2 pos;
uniform ivec2 offset;
uniform int lod;
out vec4 c;
void main() { c = texelFetchOffset(s, pos, lod, OFFSET); }";
    fails_with(Fragment, &fetch.replace("OFFSET", "offset"), "must be a constant expression");
    // The level of detail and the coordinate may vary.
    ok(Fragment, &fetch.replace("OFFSET", "ivec2(1, -1)"));
    let sample = "#version 130
uniform sampler2D s;
uniform ivec2 o;
in vec2 p;
out vec4 c;
void main() { c = textureOffset(s, p, O) + textureLodOffset(s, p, 0.0, ivec2(1)); }";
    fails_with(Fragment, &sample.replace("O)", "o)"), "must be a constant expression");
    const OFFS: &str = "const ivec2 k = ivec2(2, 0);\n";
    ok(Fragment, &sample.replace("O)", "k)").replace("out vec4 c;\n", &format!("out vec4 c;\n{OFFS}")));
}

#[test]
fn only_gather_offsets_vary_and_only_from_glsl_400() {
    let gather = "#version VERSION
#extension GL_ARB_texture_gather : enable
uniform sampler2D s;
uniform ivec2 o;
uniform int comp;
in vec2 p;
out vec4 c;
void main() { c = CALL; }";
    let src = |v: &str, call: &str| gather.replace("VERSION", v).replace("CALL", call);
    ok(Fragment, &src("400", "textureGatherOffset(s, p, o)"));
    fails_with(Fragment, &src("400", "textureGather(s, p, comp)"), "component argument");
    fails_with(Fragment, &src("400", "textureGatherOffset(s, p, ivec2(0), comp)"), "component argument");
    ok(Fragment, &src("400", "textureGather(s, p, 2)"));
}

#[test]
fn initializer_lists_of_constants_are_constant() {
    ok(
        Fragment,
        "#version 430
const vec3[] a = {vec3(0, 1, 1), vec3(1, 1, 0), };
const vec3[] b = {{-5, -8, 3}, {0, 6, 6}, };
const vec3[] c = {{2, 4, 8, }, {1, 3, 4, }};
const vec3[] d = {b[0], c[1]};
const float e[a.length()] = {a[1].y, d[0].z};
vec3[] g = {a[0], a[1]};
out vec4 color;
void main() { color = vec4(g[0] + vec3(e[1]), 1.0); }",
    );
    // A list holding a uniform is not constant.
    fails_with(
        Fragment,
        "#version 430\nuniform float u;\nconst vec2 v = {u, 1.0};\nout vec4 c;\nvoid main() { c = vec4(v, 0.0, 1.0); }",
        "must be a constant expression",
    );
}

/// Asserts an ESSL shader fails with `needle` in its log.
fn es_fails_with(stage: glsl::Stage, src: &str, needle: &str) {
    let r = compile_es(stage, src);
    assert!(!r.success, "expected failure for:\n{}", src);
    assert!(r.info_log.contains(needle), "log lacks `{}':\n{}", needle, r.info_log);
}

fn es_ok(stage: glsl::Stage, src: &str) {
    let r = compile_es(stage, src);
    assert!(r.success, "expected success, log:\n{}\nsource:\n{}", r.info_log, src);
}

#[test]
fn essl_fragment_shaders_cannot_make_everything_invariant() {
    es_fails_with(Fragment, "#version 300 es\n#pragma STDGL invariant(all)\nvoid main() { }", "invariant(all)");
    es_ok(Vertex, "#version 300 es\n#pragma STDGL invariant(all)\nvoid main() { gl_Position = vec4(0.0); }");
    // ESSL 1.00 has no such rule.
    es_ok(Fragment, "#version 100\n#pragma STDGL invariant(all)\nvoid main() { gl_FragColor = vec4(0.0); }");
}

#[test]
fn essl_float_return_values_need_a_precision_that_declarations_agree_on() {
    es_fails_with(
        Fragment,
        "#version 100\nfloat three() { return 3.0; }\nvoid main() { gl_FragColor = vec4(three()); }",
        "no precision",
    );
    es_ok(Fragment, "#version 100\nhighp float three() { return 3.0; }\nvoid main() { gl_FragColor = vec4(three()); }");
    es_fails_with(
        Fragment,
        "#version 100\nprecision mediump float;\nfloat three();\nhighp float three() { return 3.0; }\nvoid main() { gl_FragColor = vec4(three()); }",
        "different return type",
    );
    es_ok(
        Fragment,
        "#version 100\nprecision mediump float;\nfloat three();\nmediump float three() { return 3.0; }\nvoid main() { gl_FragColor = vec4(three()); }",
    );
}

#[test]
fn uniform_block_arrays_have_a_size_and_constant_indices_before_glsl_400() {
    let indexed = "#version VERSION
uniform transform { mat4 mvp; } camera[2];
uniform int idx;
in vec4 position;
void main() { gl_Position = camera[INDEX].mvp * position; }";
    let src = |v: &str, i: &str| indexed.replace("VERSION", v).replace("INDEX", i);
    fails_with(Vertex, &src("150", "idx"), "constant integral expressions");
    ok(Vertex, &src("150", "1"));
    ok(Vertex, &src("400", "idx"));
    es_fails_with(Vertex, &src("300 es", "idx"), "constant integral expressions");
    es_ok(Vertex, &src("320 es", "idx"));
    fails_with(
        Vertex,
        "#version 150\nuniform B { float a; } blocks[];\nvoid main() { gl_Position = vec4(blocks[0].a); }",
        "must specify an array size",
    );
    es_fails_with(
        Vertex,
        "#version 300 es\nuniform B { float a; } blocks[];\nvoid main() { gl_Position = vec4(blocks[0].a); }",
        "must specify an array size",
    );
}

#[test]
fn frag_depth_is_redeclared_with_a_known_layout_before_its_use() {
    let head = "#version 130\n#extension GL_AMD_conservative_depth : require\n";
    fails_with(Fragment, &format!("{head}layout(invalid_layout) out float gl_FragDepth;\nvoid main() {{ }}"), "invalid_layout");
    fails_with(
        Fragment,
        &format!("{head}float f() {{ gl_FragDepth = 0.0; return 0.0; }}\nlayout(depth_any) out float gl_FragDepth;\nvoid main() {{ }}"),
        "after its first use",
    );
    ok(Fragment, &format!("{head}layout(depth_greater) out float gl_FragDepth;\nvoid main() {{ gl_FragDepth = 1.0; }}"));
}

#[test]
fn geometry_primitive_layouts_belong_to_the_bare_interface_qualifier() {
    use glsl::Stage::Geometry;
    fails_with(Geometry, "#version 150\nlayout(points) in float c[];\nvoid main() { }", "not allowed on a variable");
    fails_with(Geometry, "#version 150\nlayout(points) out float c;\nvoid main() { }", "not allowed on a variable");
    ok(Geometry, "#version 150\nlayout(points) in;\nlayout(points, max_vertices = 1) out;\nin float c[];\nvoid main() { gl_Position = vec4(c[0]); EmitVertex(); }");
}

#[test]
fn only_outputs_can_be_redeclared_invariant() {
    fails_with(Vertex, "#version 150\nuniform vec4 junk;\ninvariant junk;\nvoid main() { gl_Position = junk; }", "no shader output");
    fails_with(Vertex, "#version 150\nvec4 junk;\ninvariant junk;\nvoid main() { gl_Position = junk; }", "no shader output");
    ok(Vertex, "#version 150\nout vec4 v;\ninvariant v;\ninvariant gl_Position;\nvoid main() { v = vec4(1.0); gl_Position = v; }");
}

#[test]
fn glsl_140_keeps_deprecated_built_ins_only_with_arb_compatibility() {
    let src = "#version 140\nvoid main() { gl_BackColor = vec4(0.0); gl_Position = ftransform(); }";
    let mut compat = options(Vertex, glsl::Api::GlCompat);
    compat.extensions.retain(|e| e != "GL_ARB_compatibility");
    let r = glsl::compile_shader(&[src], &compat);
    assert!(!r.success, "a context without GL_ARB_compatibility accepted:\n{src}");
    compat.extensions.push("GL_ARB_compatibility".into());
    let r = glsl::compile_shader(&[src], &compat);
    assert!(r.success, "with GL_ARB_compatibility: {}", r.info_log);
    // Earlier versions always have them.
    ok(Vertex, "#version 130\nvoid main() { gl_BackColor = vec4(0.0); gl_Position = ftransform(); }");
}

#[test]
fn block_members_have_no_legacy_storage_and_no_gl_names() {
    fails_with(Vertex, "#version 150\nout block { varying vec4 a; } inst;\nvoid main() { gl_Position = vec4(0.0); }", "`varying' is not allowed");
    fails_with(Vertex, "#version 150\nin block { attribute vec4 a; } inst;\nvoid main() { gl_Position = vec4(0.0); }", "`attribute' is not allowed");
    fails_with(Vertex, "#version 150\nout block { vec4 gl_Hoagie; } inst;\nvoid main() { gl_Position = vec4(0.0); }", "reserved `gl_' prefix");
    fails_with(Vertex, "#version 150\nout block { vec4 gl_Hoagie; } inst[2];\nvoid main() { gl_Position = vec4(0.0); }", "reserved `gl_' prefix");
    ok(Vertex, "#version 150\nout gl_PerVertex { vec4 gl_Position; };\nvoid main() { gl_Position = vec4(0.0); }");
}

#[test]
fn desktop_shaders_see_the_rectangle_texture_macro_from_gl_31() {
    let src = "#version 110\n#ifndef GL_ARB_texture_rectangle\n#error no rectangle textures\n#endif\nuniform sampler2DRect s;\nvoid main() { gl_FragColor = texture2DRect(s, vec2(0.0)); }";
    let mut o = options(Fragment, glsl::Api::GlCompat);
    o.extensions.retain(|e| e != "GL_ARB_texture_rectangle");
    let r = glsl::compile_shader(&[src], &o);
    assert!(r.success, "{}", r.info_log);
    o.context_version = 30;
    let r = glsl::compile_shader(&[src], &o);
    assert!(!r.success, "a GL 3.0 context without the extension defined the macro");
}

#[test]
fn declaration_and_definition_agree_on_const_parameters() {
    fails_with(
        Fragment,
        "void f(const in int i);\nvoid main() { int i = 1; f(i); }\nvoid f(in int i) { }",
        "different parameter qualifiers",
    );
    ok(Fragment, "void f(const in int i);\nvoid main() { int i = 1; f(i); }\nvoid f(const in int i) { }");
}

#[test]
fn desktop_layout_identifiers_ignore_case() {
    use glsl::Stage::Geometry;
    // GLSL 1.50 section 4.3.8: layout identifiers are not case sensitive.
    let r = ok(Geometry, "#version 150\nlayout(TriAngleS) in;\nlayout(triangle_STRIP, maX_VERTices = 3) out;\nvoid main() { }");
    assert!(r.info_log.is_empty(), "{}", r.info_log);
    fails_with(Geometry, "#version 150\nlayout(TriAngleS) in;\nlayout(Triangle_Strip, MAX_VERTICES = 3) out;\nlayout(max_vertices = 4) out;\nvoid main() { }", "max_vertices");
    // GLSL ES 3.00 section 4.3.8 makes them case sensitive.
    let es = "#version 310 es\nlayout(Local_Size_X = 1) in;\nvoid main() { }";
    assert!(!compile_es(glsl::Stage::Compute, es).success);
    assert!(compile_es(glsl::Stage::Compute, &es.replace("Local_Size_X", "local_size_x")).success);
}

#[test]
fn an_input_and_an_output_block_may_share_a_name() {
    use glsl::Stage::Geometry;
    // GLSL 4.60 section 4.3.9: a block name may have different definitions in different
    // interfaces of one shader.
    let gs = "#version 150
layout(triangles) in;
layout(triangle_strip, max_vertices = 3) out;
in block { float foo[]; } inst_in[];
out block { float foo[]; } inst_out;
void main() { }";
    ok(Geometry, gs);
    // Within one interface the name stays unique.
    fails_with(Geometry, &gs.replace("out block", "in block").replace("inst_out;", "inst2[];"), "block name `block' is already used");
    // And no other global may take it.
    fails_with(Vertex, "#version 150\nout block { float f; } b;\nfloat block;\nvoid main() { }", "block name");
}

#[test]
fn block_members_take_only_their_block_storage() {
    // GLSL 1.50 section 4.3.7: member qualifiers must be consistent with the block's
    // interface qualifier.
    fails_with(Vertex, "#version 150\nout block { uniform vec4 a; } inst;\nvoid main() { }", "its block is `out'");
    fails_with(Vertex, "#version 150\nuniform block { in vec4 a; };\nvoid main() { }", "its block is `uniform'");
    ok(Vertex, "#version 150\nout block { out vec4 a; flat out int b; } inst;\nvoid main() { inst.a = vec4(0); inst.b = 1; }");
    ok(Vertex, "#version 150\nuniform block { uniform vec4 a; };\nvoid main() { gl_Position = a; }");
}

#[test]
fn writeonly_storage_cannot_be_read() {
    // GLSL 4.30 section 4.10: writeonly variables can be written but not read.
    let member = "#version 430\nbuffer ssbo { writeonly float a; float b[]; };\nBODY\nvoid main() { }";
    fails_with(Fragment, &member.replace("BODY", "float f() { return a; }"), "writeonly");
    fails_with(Fragment, &member.replace("BODY", "void f() { a += 1.0; }"), "writeonly");
    ok(Fragment, &member.replace("BODY", "void f() { a = b[0]; }"));
    let block = "#version 430\nwriteonly buffer Buf { float foo; float arr[]; } buf;\nvoid main() { BODY; }";
    fails_with(Vertex, &block.replace("BODY", "float r = buf.foo"), "writeonly");
    fails_with(Vertex, &block.replace("BODY", "buf.arr[0] = buf.arr[1]"), "writeonly");
    ok(Vertex, &block.replace("BODY", "buf.foo = 1.0; buf.arr[int(gl_VertexID)] = 2.0"));
    // Taking the length reads no element.
    ok(Vertex, &block.replace("BODY", "buf.foo = float(buf.arr.length())"));
    let named_member = "#version 430\nbuffer Buf { writeonly float foo; float bar; } buf;\nvoid main() { BODY; }";
    fails_with(Vertex, &named_member.replace("BODY", "float r = buf.foo"), "writeonly member");
    ok(Vertex, &named_member.replace("BODY", "buf.foo = buf.bar"));
}

#[test]
fn invariant_comes_before_any_use() {
    // GLSL 1.20 section 4.6.1: "All uses of invariant must be ... before any use of the
    // variables being declared as invariant."
    fails_with(Vertex, "#version 120\nvoid main() { gl_Position = gl_Vertex; }\ninvariant gl_Position;", "after it was used");
    fails_with(Vertex, "#version 120\nvarying vec4 v;\nvoid main() { v = gl_Vertex; gl_Position = v; }\ninvariant v;", "after it was used");
    ok(Vertex, "#version 120\ninvariant gl_Position;\nvarying vec4 v;\ninvariant v;\nvoid main() { v = gl_Vertex; gl_Position = v; }");
}

#[test]
fn only_layout_qualifiers_repeat() {
    // GLSL 4.20 section 4.7: "The layout qualifier is the only qualifier that can appear
    // more than once."
    let pack = "#version 130\n#extension GL_ARB_shading_language_420pack: enable\n";
    fails_with(Vertex, &format!("{pack}centroid centroid out float x;\nvoid main() {{ x = 1.0; }}"), "more than once");
    fails_with(Vertex, &format!("{pack}void a(const const float x) {{ }}\nvoid main() {{ }}"), "more than once");
    fails_with(Vertex, &format!("{pack}void a(in in float x) {{ }}\nvoid main() {{ }}"), "more than once");
    fails_with(Vertex, "#version 420\nflat flat out int i;\nvoid main() { i = 1; }", "more than once");
    ok(Vertex, "#version 420\nlayout(std140) layout(binding = 1) uniform B { float f; };\nlayout(location = 1) flat out int i;\nvoid main() { i = int(f); }");
    ok(Vertex, &format!("{pack}centroid out float x;\nvoid a(const in float z) {{ x = z; }}\nvoid main() {{ a(1.0); }}"));
}

#[test]
fn explicit_bindings_stay_within_the_binding_points() {
    // The default limits: 80 texture units, 72 uniform buffers, 8 storage buffers, 8 atomic
    // counter buffers.
    let samplers = "#version 150\n#extension GL_ARB_arrays_of_arrays : enable\n#extension GL_ARB_shading_language_420pack : enable
layout(binding = BINDING) uniform sampler2D s[2][2];
out vec4 c;
void main() { c = texture(s[1][1], vec2(0.0)); }";
    ok(Fragment, &samplers.replace("BINDING", "76"));
    fails_with(Fragment, &samplers.replace("BINDING", "77"), "exceeds the 80 texture units");
    let blocks = "#version 150\n#extension GL_ARB_arrays_of_arrays : enable\n#extension GL_ARB_shading_language_420pack : enable
layout(binding = BINDING) uniform Block { float a; } i[2][2];
void main() { gl_Position = vec4(i[1][1].a); }";
    ok(Vertex, &blocks.replace("BINDING", "68"));
    fails_with(Vertex, &blocks.replace("BINDING", "69"), "exceeds the 72 uniform buffer bindings");
    let storage = "#version 430\nlayout(binding = BINDING) buffer Block { float a; };\nvoid main() { gl_Position = vec4(a); }";
    ok(Vertex, &storage.replace("BINDING", "7"));
    fails_with(Vertex, &storage.replace("BINDING", "8"), "shader storage buffer bindings");
    // Atomic counters of one array share their buffer binding.
    let counters = "#version 150\n#extension GL_ARB_shader_atomic_counters : enable\n#extension GL_ARB_arrays_of_arrays : enable
layout(binding = BINDING) uniform atomic_uint x[2][2];
void main() { }";
    ok(Fragment, &counters.replace("BINDING", "7"));
    fails_with(Fragment, &counters.replace("BINDING", "8"), "atomic counter buffer bindings");
}

#[test]
fn separate_shader_objects_bring_in_and_out_to_glsl_120() {
    let vs = "#version 120\nEXT\nin vec4 p;\nout vec4 v[2];\nvoid main() { v[0] = p; v[1] = p; gl_Position = p; }";
    ok(Vertex, &vs.replace("EXT", "#extension GL_ARB_separate_shader_objects : require"));
    fails_with(Vertex, &vs.replace("EXT", ""), "storage needs GLSL 1.30");
}

#[test]
fn essl_has_no_component_layout_and_index_only_with_blend_func_extended() {
    es_fails_with(Vertex, "#version 310 es\n#extension GL_OES_shader_io_blocks : require\nprecision highp float;\nout vertex { layout(location = 0, component = 3) float x; };\nvoid main() { gl_Position = vec4(0); x = 1.0; }", "`component' is not part of GLSL ES");
    es_fails_with(Vertex, "#version 310 es\nprecision highp float;\nlayout(location = 0, component = 1) out float x;\nvoid main() { gl_Position = vec4(0); x = 1.0; }", "`component' is not part of GLSL ES");
    es_fails_with(Fragment, "#version 310 es\nprecision highp float;\nlayout(location = 0, index = 0) out vec4 c;\nvoid main() { c = vec4(0); }", "GL_EXT_blend_func_extended");
    es_ok(Fragment, "#version 310 es\n#extension GL_EXT_blend_func_extended : require\nprecision highp float;\nlayout(location = 0, index = 1) out vec4 c;\nvoid main() { c = vec4(0); }");
    // Desktop GLSL keeps both.
    ok(Fragment, "#version 440\nlayout(location = 0, index = 1) out vec4 c;\nlayout(location = 1, component = 1) out float f;\nvoid main() { c = vec4(0); f = 1.0; }");
}

#[test]
fn essl_100_second_blend_colours_need_blend_func_extended_and_pair_with_their_primary() {
    let with_ext = |body: &str| format!("#version 100\n#extension GL_EXT_blend_func_extended : require\nprecision mediump float;\nvoid main() {{ {body} }}");
    es_ok(Fragment, &with_ext("gl_FragColor = vec4(1.0); gl_SecondaryFragColorEXT = vec4(0.5);"));
    es_ok(Fragment, &with_ext("gl_FragData[0] = vec4(1.0); gl_SecondaryFragDataEXT[gl_MaxDualSourceDrawBuffersEXT - 1] = vec4(0.5);"));
    es_fails_with(Fragment, "#version 100\nprecision mediump float;\nvoid main() { gl_FragColor = vec4(1.0); gl_SecondaryFragColorEXT = vec4(0.5); }", "gl_SecondaryFragColorEXT");
    es_fails_with(Fragment, &with_ext("gl_SecondaryFragColorEXT = vec4(0.5); gl_SecondaryFragDataEXT[0] = vec4(0.5);"), "both gl_SecondaryFragColorEXT and gl_SecondaryFragDataEXT");
    es_fails_with(Fragment, &with_ext("gl_FragData[0] = vec4(1.0); gl_SecondaryFragColorEXT = vec4(0.5);"), "gl_SecondaryFragColorEXT and gl_FragData");
    es_fails_with(Fragment, &with_ext("gl_FragColor = vec4(1.0); gl_SecondaryFragDataEXT[0] = vec4(0.5);"), "gl_SecondaryFragDataEXT and gl_FragColor");
    // ESSL 3.00 names the second colour with `index'; only the constant remains.
    let es300 = "#version 300 es\n#extension GL_EXT_blend_func_extended : require\nprecision mediump float;\nlayout(location = 0) out vec4 c;\nvoid main() { BODY }";
    es_ok(Fragment, &es300.replace("BODY", "c = vec4(float(gl_MaxDualSourceDrawBuffersEXT));"));
    es_fails_with(Fragment, &es300.replace("BODY", "c = vec4(1.0); gl_SecondaryFragColorEXT = vec4(0.5);"), "gl_SecondaryFragColorEXT");
}

#[test]
fn level_and_lod_queries_take_cube_array_shadow_samplers() {
    ok(
        Fragment,
        "#version 400
#extension GL_ARB_texture_query_levels : require
uniform samplerCubeArrayShadow s;
in vec3 p;
out vec4 c;
void main() { c = vec4(float(textureQueryLevels(s)), textureQueryLod(s, p), 0.0); }",
    );
}
