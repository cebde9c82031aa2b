//! Parsing and semantic analysis: what the specifications accept compiles, what they
//! call an error fails with a message at the right place.

mod common;
use common::*;
use glsl::Stage::{Fragment, Vertex};

#[test]
fn ordinary_vertex_and_fragment_shaders_compile() {
    ok(
        Vertex,
        "#version 330 core
layout(location = 0) in vec3 pos;
layout(location = 1) in vec2 uv;
uniform mat4 mvp;
uniform Block { vec4 tint; float scale[4]; } blk;
struct Light { vec3 dir; float power; };
uniform Light lights[2];
out vec2 v_uv;
flat out int v_id;
float shade(in Light l, vec3 n) { return max(dot(n, l.dir), 0.0) * l.power; }
void main() {
    float s = 0.0;
    for (int i = 0; i < 2; ++i) { s += shade(lights[i], normalize(pos)); if (s > 4.0) break; }
    gl_Position = mvp * vec4(pos * blk.scale[1], 1.0);
    v_uv = s > 0.5 ? uv : uv.yx;
    v_id = gl_VertexID;
    gl_PointSize = 1.0;
}",
    );
    ok(
        Fragment,
        "#version 130
uniform sampler2D tex;
in vec2 v_uv;
out vec4 color;
void main() {
    vec4 c = texture(tex, v_uv);
    switch (int(c.r * 4.0)) { case 0: c.g = 1.0; break; default: c.b = 0.5; }
    if (c.a < 0.1) discard;
    color = c * vec4(gl_FragCoord.xy, 0.0, 1.0);
}",
    );
    ok(Vertex, "#version 110\nattribute vec4 p;\nvarying vec4 c;\nvoid main() { c = gl_Color; gl_Position = gl_ModelViewProjectionMatrix * p + ftransform(); }");
    ok(Fragment, "#version 110\nvarying vec4 c;\nuniform sampler2D t;\nvoid main() { gl_FragColor = c * texture2D(t, c.xy); }");
    ok(Fragment, "#version 110\nvarying vec4 c;\nvoid main() { gl_FragData[0] = c; }");
}

#[test]
fn syntax_errors_report_line_and_column() {
    let r = fails_with(Vertex, "void main()\n{\n    float x = ;\n}", "syntax error");
    assert!(r.info_log.starts_with("0:3(15): error:"), "log: {}", r.info_log);
}

#[test]
fn type_errors() {
    fails_with(Vertex, "#version 120\nvoid main() { vec3 v = vec4(1.0); }", "cannot be assigned");
    fails_with(Vertex, "#version 110\nvoid main() { float f = 1; }", "cannot be assigned");
    ok(Vertex, "#version 120\nvoid main() { float f = 1; }");
    fails_with(Vertex, "#version 120\nvoid main() { vec2 v = vec2(1.0); v.z = 1.0; }", "swizzle");
    fails_with(Vertex, "#version 120\nvoid main() { vec2 v = vec2(1.0); v.xx = vec2(1.0); }", "l-value");
    fails_with(Vertex, "#version 120\nvoid main() { mat2 m = mat2(1.0); vec3 v = m * vec3(1.0); }", "incompatible types");
    fails_with(Vertex, "#version 120\nvoid main() { bool b = 1 && true; }", "scalar booleans");
}

#[test]
fn scopes_and_declarations() {
    fails_with(Vertex, "void main() { x = 1.0; }", "`x' undeclared");
    fails_with(Vertex, "void main() { float a; float a; }", "redeclared");
    ok(Vertex, "void main() { float a = 1.0; { float a = 2.0; a += 1.0; } }");
    fails_with(Vertex, "float gl_Foo;\nvoid main() {}", "reserved");
    fails_with(Vertex, "#version 120\nconst float c;\nvoid main() {}", "must be initialized");
    fails_with(Vertex, "#version 120\nuniform float u;\nvoid main() { u = 1.0; }", "read-only");
}

#[test]
fn constant_expressions_fold_for_array_sizes() {
    ok(Vertex, "#version 120\nconst int n = 3;\nfloat a[n * 2 - 1];\nvoid main() { float b[a.length()]; float c[int(max(2.0, 3.0))]; }");
    fails_with(Vertex, "#version 120\nfloat a[2 - 3];\nvoid main() {}", "greater than zero");
    fails_with(Vertex, "#version 120\nuniform int n;\nfloat a[n];\nvoid main() {}", "constant integral");
    fails_with(Vertex, "#version 120\nvoid main() { float a[2]; a[2] = 1.0; }", "out of bounds");
}

#[test]
fn overload_resolution_and_builtins() {
    ok(Vertex, "#version 130\nfloat f(float x) { return x; }\nint f(int x) { return x; }\nvoid main() { int i = f(1); float y = f(1.0) + clamp(0.5, 0.0, 1.0); uint u = max(1u, 2u); }");
    fails_with(Vertex, "#version 130\nvoid main() { float x = sin(1, 2); }", "no matching function");
    fails_with(Vertex, "#version 130\nvoid main() { float x = nonexistent(1.0); }", "no function");
    fails_with(Vertex, "#version 130\nvoid f(out float x) { x = 1.0; }\nvoid main() { f(2.0); }", "l-value");
    fails_with(Vertex, "#version 110\nvoid main() { vec2 d = dFdx(vec2(1.0)); }", "no function");
}

#[test]
fn control_flow_rules() {
    fails_with(Vertex, "void main() { break; }", "break");
    fails_with(Vertex, "float f() { return; }\nvoid main() {}", "return");
    fails_with(Vertex, "void main() { discard; }", "discard");
    fails_with(Vertex, "void main() { if (1) {} }", "boolean");
    fails_with(Vertex, "#version 130\nvoid main() { int i = 0; switch (i) { case 1: case 1: break; } }", "duplicate case");
}

#[test]
fn version_gating() {
    fails_with(Vertex, "#version 110\nin vec4 p;\nvoid main() {}", "1.30");
    fails_with(Fragment, "#version 110\nvoid main() { int a = 1 % 2; }", "1.30");
    fails_with(Fragment, "#version 130\nin vec4 c;\nattribute vec4 a;\nvoid main() {}", "vertex");
    fails_with(Fragment, "#version 130\nin int i;\nvoid main() {}", "flat");
    ok(Fragment, "#version 130\nflat in int i;\nvoid main() { gl_FragColor = vec4(i); }");
    let r = compile_es(Fragment, "#version 100\nvoid main() { float x = 1.0; gl_FragColor = vec4(x); }");
    assert!(!r.success && r.info_log.contains("precision"), "{}", r.info_log);
    let r = compile_es(Fragment, "#version 100\nprecision mediump float;\nvoid main() { float x = 1.0; gl_FragColor = vec4(x); }");
    assert!(r.success, "{}", r.info_log);
}

#[test]
fn pathological_nesting_is_an_error_not_a_crash() {
    let deep = format!("void main() {{ float x = {}1.0{}; }}", "(".repeat(5000), ")".repeat(5000));
    fails_with(Vertex, &deep, "nesting");
    let blocks = format!("void main() {}{}", "{".repeat(5000), "}".repeat(5000));
    fails_with(Vertex, &blocks, "nesting");
    let unary = format!("void main() {{ float x = {}1.0; }}", "-".repeat(5000));
    fails_with(Vertex, &unary, "nesting");
    fails_with(Vertex, "#version 120\nfloat a[100000000];\nvoid main() {}", "limit");
}

#[test]
fn garbage_input_never_panics() {
    let inputs = [
        "", "#", "##", "#define", "#if", "#line x", "@", "\u{1F600}", "void main(", "struct { } ;", "layout(", "a[", "uniform Block {",
        "#define F(x, x) x", "#define F( F(", "void main() { vec4 v; v.xyzwxyzw; }", "float f[]; void main() { f[100000] = 1.0; }",
        "void main() { int i = 99999999999999999999; }", "void main() { float x = 1e99999; }", "#version 130\nvoid main() { 1 << 40; }",
    ];
    for i in inputs {
        let _ = compile(Vertex, i);
        let _ = compile_es(Fragment, i);
    }
}

#[test]
fn misplaced_precision_and_interpolation_qualifiers_are_errors() {
    let es = compile_es(Fragment, "#version 100\nvoid f() { lowp bool b; }\nvoid main() {}\n");
    assert!(!es.success && es.info_log.contains("precision qualifiers apply only"), "{}", es.info_log);
    fails_with(Fragment, "#version 130\nhighp struct s { float a; };\nvoid main() {}\n", "precision qualifiers apply only");
    fails_with(Fragment, "#version 130\nfloat f() { smooth float x = 0.0; return x; }\nvoid main() {}\n", "interpolation qualifiers apply only");
    fails_with(Vertex, "#version 130\n#extension GL_ARB_shading_language_420pack: enable\nsmooth flat out float x;\nvoid main() {}\n", "at most one interpolation");
    ok(Fragment, "#version 130\nmediump float m;\nflat in int i;\nvoid main() {}\n");
}

#[test]
fn es_rejects_undefined_macros_in_if_and_unsized_arrays() {
    let undefined = compile_es(Vertex, "#version 300 es\n#if FOO\n#endif\nvoid main() { gl_Position = vec4(0.); }\n");
    assert!(!undefined.success && undefined.info_log.contains("undefined macro `FOO'"), "{}", undefined.info_log);
    // Short-circuited operands are not evaluated, and desktop GLSL reads them as 0.
    let short = compile_es(Vertex, "#version 300 es\n#if 1 || FOO\n#endif\nvoid main() { gl_Position = vec4(0.); }\n");
    assert!(short.success, "{}", short.info_log);
    ok(Vertex, "#version 130\n#if FOO\n#error never\n#endif\nvoid main() {}\n");
    let unsized_local = compile_es(Vertex, "#version 300 es\nvoid main() { float a[]; gl_Position = vec4(0.); }\n");
    assert!(!unsized_local.success && unsized_local.info_log.contains("needs a size"), "{}", unsized_local.info_log);
    let sized_by_init = compile_es(Vertex, "#version 300 es\nvoid main() { float a[] = float[](1.0, 2.0); gl_Position = vec4(a[1]); }\n");
    assert!(sized_by_init.success, "{}", sized_by_init.info_log);
}

#[test]
fn glsl_110_array_out_parameters_and_std430_uniform_blocks_are_errors() {
    fails_with(Fragment, "#version 110\nvoid f(out float x[2]) {}\nvoid main() {}\n", "arrays cannot be `out'");
    ok(Fragment, "#version 120\nvoid f(out float x[2]) { x[0] = 1.0; }\nvoid main() {}\n");
    fails_with(Fragment, "#version 430\nlayout(std430) uniform U { vec4 b; };\nvoid main() {}\n", "std430 applies only");
    ok(Fragment, "#version 430\nlayout(std430) buffer B { vec4 b; };\nvoid main() {}\n");
}

#[test]
fn extension_macros_and_builtins_of_newer_extensions() {
    use glsl::Stage::Compute;
    for ext in ["GL_ARB_shader_clock", "GL_ARB_shader_group_vote", "GL_ARB_shader_precision", "GL_AMD_shader_stencil_export", "GL_ARB_ES3_1_compatibility"] {
        ok(Vertex, &format!("#version 140\n#extension {ext} : require\n#if !defined {ext} || {ext} != 1\n#error not defined\n#endif\nvoid main() {{}}"));
    }
    ok(Vertex, "#version 150\n#extension GL_ARB_shader_clock : require\nvoid main() { uvec2 t = clock2x32ARB(); }");
    ok(Vertex, "#version 150\n#extension GL_ARB_shader_group_vote : require\nuniform bool b;\nvoid main() { if (anyInvocationARB(b) && allInvocationsARB(b) && allInvocationsEqualARB(b)) gl_Position = vec4(0.0); }");
    fails_with(Vertex, "#version 150\nuniform bool b;\nvoid main() { if (anyInvocationARB(b)) gl_Position = vec4(0.0); }", "anyInvocationARB");
    ok(Fragment, "#version 140\n#extension GL_AMD_shader_stencil_export : require\nvoid main() { gl_FragStencilRefAMD = 1; }");
    // EXT_demote_to_helper_invocation: `demote' is a keyword only with the extension.
    ok(Fragment, "#version 140\nvoid main() { int demote = 1; }");
    ok(Fragment, "#version 140\n#extension GL_EXT_demote_to_helper_invocation : require\nvoid main() { demote; bool h = helperInvocationEXT(); }");
    fails_with(Fragment, "#version 140\n#extension GL_EXT_demote_to_helper_invocation : require\nvoid main() { int demote = 1; }", "syntax error");
    // NV_shader_atomic_float: float image atomics.
    ok(Fragment, "#version 150\n#extension GL_ARB_shader_image_load_store : require\n#extension GL_NV_shader_atomic_float : require\nlayout(r32f) uniform image2D img;\nvoid main() { float a = imageAtomicAdd(img, ivec2(0), 1.0) + imageAtomicExchange(img, ivec2(1), 2.0); }");
    fails_with(Fragment, "#version 150\n#extension GL_ARB_shader_image_load_store : require\nlayout(r32f) uniform image2D img;\nvoid main() { float a = imageAtomicAdd(img, ivec2(0), 1.0); }", "imageAtomicAdd");
    // ARB_compute_variable_group_size.
    ok(Compute, "#version 330\n#extension GL_ARB_compute_shader : enable\n#extension GL_ARB_compute_variable_group_size : enable\nlayout(local_size_variable) in;\nvoid main() { uvec3 s = gl_LocalGroupSizeARB; }");
    fails_with(Compute, "#version 330\n#extension GL_ARB_compute_shader : enable\n#extension GL_ARB_compute_variable_group_size : enable\nlayout(local_size_x = 2) in;\nlayout(local_size_variable) in;\nvoid main() {}", "both a fixed and a variable");
}

#[test]
fn compute_local_size_rules() {
    use glsl::Stage::Compute;
    let head = "#version 330\n#extension GL_ARB_compute_shader : enable\n";
    ok(Compute, &format!("{head}layout(local_size_x = 3, local_size_y = 5, local_size_z = 7) in;\nvoid main() {{ int x[gl_WorkGroupSize.x == 3u ? 1 : -1]; int z[gl_WorkGroupSize.z == 7u ? 1 : -1]; }}"));
    fails_with(Compute, &format!("{head}void main() {{ uvec3 s = gl_WorkGroupSize; }}\nlayout(local_size_x = 3) in;"), "gl_WorkGroupSize used before");
    fails_with(Compute, &format!("{head}void main() {{ uvec3 s = gl_WorkGroupSize; }}"), "gl_WorkGroupSize used before");
    fails_with(Compute, &format!("{head}layout(local_size_y = 0) in;\nvoid main() {{}}"), "greater than zero");
    fails_with(Compute, &format!("{head}layout(local_size_y = -1) in;\nvoid main() {{}}"), "greater than zero");
    ok(Compute, &format!("{head}layout(local_size_x = 1024) in;\nvoid main() {{}}"));
    fails_with(Compute, &format!("{head}layout(local_size_x = 1025) in;\nvoid main() {{}}"), "GL_MAX_COMPUTE_WORK_GROUP_SIZE");
    fails_with(Compute, &format!("{head}layout(local_size_z = 65) in;\nvoid main() {{}}"), "GL_MAX_COMPUTE_WORK_GROUP_SIZE");
    fails_with(Compute, &format!("{head}layout(local_size_x = 26, local_size_y = 26, local_size_z = 2) in;\nvoid main() {{}}"), "GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS");
    fails_with(Compute, &format!("{head}layout(local_size_x = 1) in;\nin int i;\nvoid main() {{}}"), "no user-defined inputs or outputs");
    fails_with(Compute, &format!("{head}layout(local_size_x = 1) in;\nout int o;\nvoid main() {{}}"), "no user-defined inputs or outputs");
}

#[test]
fn es_image_formats_and_atomics() {
    let r = compile_es(Fragment, "#version 310 es\nlayout(rg32f) readonly uniform highp image2D img;\nvoid main() {}");
    assert!(!r.success && r.info_log.contains("not supported in GLSL ES"), "{}", r.info_log);
    let r = compile_es(Fragment, "#version 310 es\n#extension GL_NV_image_formats : require\nlayout(rg32f) readonly uniform highp image2D img;\nvoid main() {}");
    assert!(r.success, "{}", r.info_log);
    // ESSL 3.10 has image atomics only with OES_shader_image_atomic.
    let atomic = "layout(r32i) uniform highp iimage2D img;\nvoid main() { int v = imageAtomicAdd(img, ivec2(0), 1); }";
    let r = compile_es(Fragment, &format!("#version 310 es\n{atomic}"));
    assert!(!r.success, "{}", r.info_log);
    let r = compile_es(Fragment, &format!("#version 310 es\n#extension GL_OES_shader_image_atomic : require\n{atomic}"));
    assert!(r.success, "{}", r.info_log);
    let r = compile_es(Fragment, &format!("#version 320 es\n{atomic}"));
    assert!(r.success, "{}", r.info_log);
}

#[test]
fn transform_feedback_layouts() {
    let head = "#version 150\n#extension GL_ARB_enhanced_layouts : require\n#extension GL_ARB_gpu_shader_fp64 : require\n";
    let t = |body: &str| format!("{head}{body}\nvoid main() {{}}");
    ok(Vertex, &t("layout(xfb_offset = 0) out vec4 a;\nlayout(xfb_offset = 16) out vec4 b;\nlayout(xfb_buffer = 3, xfb_stride = 32) out vec4 c;"));
    fails_with(Vertex, &t("layout(xfb_buffer = gl_MaxTransformFeedbackBuffers) out vec4 a;"), "gl_MaxTransformFeedbackBuffers");
    fails_with(Vertex, &t("layout(xfb_offset = 2) out vec4 a;"), "multiple of 4");
    fails_with(Vertex, &t("struct S { float x; double y; };\nlayout(xfb_offset = 4) out S s;"), "multiple of 8");
    fails_with(Vertex, &t("layout(xfb_offset = 0) out vec4 a;\nlayout(xfb_offset = 0) out vec4 b;"), "overlaps");
    fails_with(Vertex, &t("layout(xfb_offset = 0) out vec4 a[];"), "unsized array");
    fails_with(Vertex, &t("layout(xfb_stride = 20, xfb_buffer = 0) out;\nlayout(xfb_stride = 32) out vec4 a;"), "conflicts");
    fails_with(Vertex, &t("layout(xfb_stride = 32, xfb_stride = 20) out vec4 a;\nlayout(xfb_buffer = 0, xfb_stride = 32) out vec4 b;"), "conflicts");
    fails_with(Vertex, &t("layout(xfb_stride = 16) out vec4 a;\nlayout(xfb_offset = 16) out vec4 b;"), "overflows xfb_stride");
    fails_with(Vertex, &t("layout(xfb_stride = (gl_MaxTransformFeedbackInterleavedComponents + 1) * 4) out vec4 a;"), "exceeds");
    fails_with(Vertex, &t("layout(xfb_offset = 16, xfb_stride = 20) out block { vec4 v; };"), "overflows xfb_stride");
    fails_with(Vertex, &t("layout(xfb_buffer = 1) out;\nout block { vec4 a; layout(xfb_buffer = 0) vec4 b; };"), "differs from its block");
    ok(Vertex, &t("layout(xfb_buffer = 1) out;\nout block { vec4 a; layout(xfb_buffer = 1, xfb_offset = 0) vec4 b; };"));
}

#[test]
fn component_layouts() {
    let head = "#version 150\n#extension GL_ARB_enhanced_layouts : require\n#extension GL_ARB_gpu_shader_fp64 : require\n#extension GL_ARB_separate_shader_objects : require\n";
    let t = |body: &str| format!("{head}{body}\nvoid main() {{}}");
    ok(Vertex, &t("layout(location = 0, component = 2) out vec2 a;\nlayout(location = 1, component = 2) out double d;"));
    fails_with(Vertex, &t("layout(component = 3) out float b;"), "needs an explicit `location'");
    fails_with(Vertex, &t("layout(location = 0, component = 3) out vec2 a;"), "does not fit");
    fails_with(Vertex, &t("layout(location = 0, component = 4) out float a;"), "out of range");
    fails_with(Vertex, &t("layout(location = 0, component = 1) out double a;"), "component 0 or 2");
    fails_with(Vertex, &t("layout(location = 0, component = 0) out dvec3 a;"), "cannot apply");
    fails_with(Vertex, &t("layout(location = 0, component = 1) out mat2 a;"), "cannot apply");
    fails_with(Fragment, &format!("{head}layout(location = 1, component = 0) in block {{ float f; }};\nvoid main() {{}}"), "cannot apply to a block");
}

#[test]
fn per_vertex_redeclaration_rules() {
    use glsl::Stage::Geometry;
    let v = |body: &str| format!("#version 150\n{body}\nvoid main() {{}}");
    ok(Vertex, &v("out gl_PerVertex { vec4 gl_Position; float gl_PointSize; };\nvoid f() { gl_Position = vec4(0.0); gl_PointSize = 1.0; }"));
    fails_with(Vertex, &v("out gl_PerVertex { vec4 gl_Position; vec4 t; };"), "not a member");
    fails_with(Vertex, &v("out gl_PerVertex { vec4 gl_Position; };\nout gl_PerVertex { vec4 gl_Position; };"), "more than once");
    fails_with(Vertex, &v("void f() { gl_PointSize = 1.0; }\nout gl_PerVertex { vec4 gl_Position; float gl_PointSize; };"), "was used");
    fails_with(Vertex, &v("out gl_PerVertex { vec4 gl_Position; };\nvoid f() { gl_PointSize = 1.0; }"), "gl_PointSize");
    fails_with(Vertex, &v("out float gl_ClipDistance[4];\nout gl_PerVertex { vec4 gl_Position; };"), "was redeclared");
    fails_with(Vertex, &v("out gl_PerVertex { vec4 gl_Position; float gl_ClipDistance[]; };\nout float gl_ClipDistance[4];"), "after gl_PerVertex");
    let g = |body: &str| format!("#version 150\nlayout(triangles) in;\nlayout(triangle_strip, max_vertices = 3) out;\n{body}\nvoid main() {{}}");
    ok(Geometry, &g("in gl_PerVertex { vec4 gl_Position; } gl_in[];\nvec4 f() { return gl_in[0].gl_Position; }"));
    fails_with(Geometry, &g("in gl_PerVertex { vec4 gl_Position; } gl_in[];\nfloat f() { return gl_in[0].gl_PointSize; }"), "gl_PointSize");
    fails_with(Geometry, &g("in gl_PerVertex { vec4 gl_Position; } foo[];"), "must be named `gl_in'");
    fails_with(Geometry, &g("out gl_PerVertex { vec4 gl_Position; } foo;"), "no instance name");
    fails_with(Geometry, &g("out gl_PerVertex { vec4 gl_Position; } foo[3];"), "no instance name");
}

#[test]
fn geometry_input_sizing() {
    use glsl::Stage::Geometry;
    let g = |body: &str| format!("#version 150\n{body}\nvoid main() {{}}");
    ok(Geometry, &g("layout(lines) in;\nin blk { vec4 c; } inst[];\nuniform int foo[inst.length() == 2 ? 1 : -1];"));
    fails_with(Geometry, &g("in vec4 a[2];\nin vec4 b[3];"), "earlier input has size 2");
    fails_with(Geometry, &g("in blk1 { vec4 c; } i2[2];\nin blk2 { vec4 c; } i3[3];"), "earlier input has size 2");
    fails_with(Geometry, &g("layout(lines) in;\nin blk { vec4 c; } i3[3];"), "input primitive has 2 vertices");
    fails_with(Geometry, &g("in vec4 c[];\nvec4 f() { return c[2]; }\nlayout(lines) in;"), "out of bounds");
    fails_with(Geometry, &g("in vec4 c[];\nint f() { return c.length(); }\nlayout(lines) in;"), "before the input layout");
}

#[test]
fn storage_interpolation_and_overload_rules_of_early_versions() {
    fails_with(Vertex, "#version 110\ninout vec4 foo;\nvoid main() {}", "not a storage qualifier");
    fails_with(Vertex, "#version 120\nvoid main() { invariant vec4 x; gl_Position = vec4(0); }", "local variables");
    fails_with(Vertex, "#version 120\nvarying vec4 x;\nvoid main() { invariant x; gl_Position = vec4(0); }", "global scope");
    ok(Vertex, "#version 120\nvarying vec4 x;\ninvariant x;\nvoid main() { gl_Position = vec4(0); }");
    fails_with(Fragment, "#version 130\nsmooth varying float x;\nvoid main() {}", "cannot be used with `varying'");
    fails_with(Fragment, "#version 130\nstruct S { vec4 v; };\nin S foo;\nvoid main() { gl_FragColor = foo.v; }", "cannot be structures");
    ok(Fragment, "#version 150\nstruct S { vec4 v; };\nin S foo;\nout vec4 c;\nvoid main() { c = foo.v; }");
    fails_with(Vertex, "#version 130\nfloat f(highp in float x) { return x; }\nvoid main() {}", "wrong order");
    let ambiguous = "vec4 f(in vec4 x, out vec4 y) { y = x; return x; }\nvec4 f(in vec4 x, out ivec4 y) { y = ivec4(x); return x; }\nvoid main() { ivec4 a = ivec4(1); vec4 b; gl_Position = f(a, b); }";
    fails_with(Vertex, &format!("#version 130\n{ambiguous}"), "ambiguous");
    ok(Vertex, &format!("#version 400\n{ambiguous}"));
}

#[test]
fn fragment_output_kinds_do_not_mix() {
    fails_with(Fragment, "#version 110\nvoid main() { gl_FragColor = vec4(1.0); if (false) gl_FragData[0] = vec4(1.0); }", "both gl_FragColor and gl_FragData");
    fails_with(Fragment, "#version 130\nout vec4 c;\nvoid main() { if (false) gl_FragData[0] = vec4(1.0); c = vec4(1.0); }", "cannot write both `c'");
    ok(Fragment, "#version 130\nout vec4 c;\nvoid main() { c = vec4(1.0); }");
}

#[test]
fn subroutine_rules() {
    let h = "#version 150\n#extension GL_ARB_shader_subroutine : require\nsubroutine void func_type(float x);\n";
    let t = |body: &str| format!("{h}{body}\nvoid main() {{}}");
    ok(Vertex, &t("subroutine (func_type) void impl(float x) {}\nsubroutine uniform func_type f[4];\nsubroutine uniform func_type g;\nvoid foo() { f[1](1.0); g(2.0); }"));
    fails_with(Vertex, &t("subroutine (func_type) void impl(float x) {}\nsubroutine uniform func_type g;\nvoid foo() { g(); }"), "do not match subroutine type");
    fails_with(Vertex, &t("subroutine (func_type) void f(int x) {}"), "does not match subroutine type");
    fails_with(Vertex, &t("subroutine (func_type) int f(float x) { return 1; }"), "does not match subroutine type");
    fails_with(Vertex, &t("subroutine (bogus) void f(float x) {}"), "not a subroutine type");
    fails_with(Vertex, &t("subroutine (func_type) void f(float x);"), "must be defined");
    fails_with(Vertex, &t("subroutine (func_type) subroutine (func_type) void f(float x) {}"), "only one `subroutine'");
    fails_with(Vertex, &t("subroutine int x;"), "must be uniforms");
    fails_with(Vertex, &t("layout(index = 2) subroutine (func_type) void f(float x) {}"), "not allowed on a subroutine function");
    fails_with(Vertex, &t("subroutine (func_type) void f(float x) {}\nvoid f(int x) {}"), "cannot be overloaded");
    fails_with(Vertex, &t("void func_type(void);"), "already a subroutine type");
}

#[test]
fn buffer_and_memory_qualifier_rules() {
    let ssbo = "#version 330\n#extension GL_ARB_shader_storage_buffer_object : require\n";
    fails_with(Fragment, &format!("{ssbo}buffer vec4 a;\nvoid main() {{}}"), "shader storage block");
    fails_with(Fragment, &format!("{ssbo}buffer ssbo {{ readonly float a; }};\nvoid main() {{ a = 1.0; }}"), "read-only");
    fails_with(Fragment, &format!("{ssbo}readonly buffer ssbo {{ float a; }} b;\nvoid main() {{ b.a = 1.0; }}"), "read-only");
    fails_with(Fragment, &format!("{ssbo}uniform Block {{ readonly int a; }};\nvoid main() {{}}"), "not allowed in a uniform block");
    fails_with(Vertex, "#version 140\nuniform a { vec4 b; };\nstruct a { vec4 c; };\nvoid main() { gl_Position = b; }", "block name");
    let img = "#version 150\n#extension GL_ARB_shader_image_load_store : require\n";
    fails_with(Vertex, &format!("{img}layout(rgba32f) readonly uniform image2D x;\nvoid f(restrict writeonly image2D y) {{}}\nvoid main() {{ f(x); }}"), "is `readonly'");
    ok(Vertex, &format!("{img}layout(rgba32f) readonly uniform image2D x;\nvoid f(readonly restrict image2D y) {{}}\nvoid main() {{ f(x); }}"));
    fails_with(Vertex, &format!("{img}layout(early_fragment_tests) uniform uint u;\nvoid main() {{}}"), "early_fragment_tests");
    fails_with(Fragment, &format!("{img}uniform Block {{ layout(r32f) int x; }};\nvoid main() {{}}"), "applies only to images");
}

#[test]
fn tessellation_control_outputs_and_sizes() {
    use glsl::Stage::{TessControl, TessEval};
    let h = "#version 150\n#extension GL_ARB_tessellation_shader : require\n";
    ok(TessControl, &format!("{h}in float xs[];\nint t[(xs.length() == gl_MaxPatchVertices) ? 1 : -1];\nlayout(vertices = 3) out;\nout float ys[];\nint u[(ys.length() == 3) ? 1 : -1];\nvoid main() {{ ys[gl_InvocationID] = 1.0; gl_out[gl_InvocationID].gl_Position = vec4(0); }}"));
    ok(TessEval, &format!("{h}layout(triangles) in;\nin float xs[];\nint t[(xs.length() == gl_MaxPatchVertices) ? 1 : -1];\nvoid main() {{}}"));
    fails_with(TessControl, &format!("{h}layout(vertices = 3) out;\nvoid main() {{ gl_out[0].gl_Position = vec4(0); }}"), "gl_InvocationID");
    fails_with(TessControl, &format!("{h}layout(vertices = 3) out;\nout vec4 x[];\nvoid main() {{ x[0] = vec4(0); }}"), "gl_InvocationID");
    fails_with(TessControl, &format!("{h}layout(vertices = 3) out;\nout vec4 x[4];\nvoid main() {{}}"), "output patch has 3 vertices");
    fails_with(TessControl, &format!("{h}int t[gl_out.length()];\nlayout(vertices = 3) out;\nvoid main() {{}}"), "constant");
}

#[test]
fn explicit_locations_frag_coord_and_array_redeclarations() {
    let eal = "#version 110\n#extension GL_ARB_explicit_attrib_location : require\n";
    fails_with(Vertex, &format!("{eal}layout(location = 0) attribute vec4 v;\nvoid main() {{ gl_Position = v; }}"), "not `attribute'");
    fails_with(Vertex, &format!("{eal}layout(location = 1) in vec4 colors[4];\nvoid main() {{ gl_Position = colors[0]; }}"), "cannot be arrays before GLSL 1.50");
    fails_with(Fragment, &format!("{eal}layout(location = 0, index = 2) out vec4 c;\nvoid main() {{ c = vec4(1.0); }}"), "must be 0 or 1");
    fails_with(Fragment, &format!("{eal}layout(index = 0) out vec4 c;\nvoid main() {{ c = vec4(1.0); }}"), "needs an explicit `location'");
    let sso = "#version 140\n#extension GL_ARB_separate_shader_objects : require\n";
    fails_with(Vertex, &format!("{sso}layout(location = 0) out mat2x4 a;\nlayout(location = 1) out vec4 b;\nvoid main() {{}}"), "overlaps");
    ok(Vertex, &format!("{sso}layout(location = 0) out mat2x4 a;\nlayout(location = 2) out vec4 b;\nvoid main() {{}}"));
    let fc = "#version 150\n";
    fails_with(Fragment, &format!("{fc}layout(origin_upper_left, pixel_center_integer) in vec4 gl_FragCoord;\nlayout(origin_upper_left) in vec4 gl_FragCoord;\nvoid main() {{}}"), "different layout");
    fails_with(Fragment, &format!("{fc}vec4 p = gl_FragCoord;\nlayout(origin_upper_left) in vec4 gl_FragCoord;\nvoid main() {{}}"), "after its first use");
    ok(Fragment, &format!("{fc}layout(origin_upper_left) in vec4 gl_FragCoord;\nvec4 p = gl_FragCoord;\nlayout(origin_upper_left) in vec4 gl_FragCoord;\nvoid main() {{}}"));
    fails_with(Fragment, &format!("{fc}layout(origin_upper_left) uniform vec4 a;\nvoid main() {{}}"), "applies only to gl_FragCoord");
    fails_with(Vertex, "#version 120\nvoid main() { float [] a; a[2] = 2.0; float [2] a; }", "index 2 was used");
    fails_with(Vertex, "#version 120\nvoid main() { float [] a; a[2] = 2.0; vec4 [3] a; }", "different element type");
    ok(Vertex, "#version 120\nvoid main() { float [] a; a[2] = 2.0; float [3] a; }");
    fails_with(Vertex, "#version 120\n#extension GL_ARB_arrays_of_arrays : enable\nuniform vec4 a[][];\nvoid main() {}", "outermost dimension");
    fails_with(Fragment, "#version 110\nuniform sampler1D s;\nvoid main() { gl_FragColor = texture1DLod(s, 0.5, 0.0); }", "texture1DLod");
    ok(Vertex, "#version 110\nuniform sampler1D s;\nvoid main() { gl_Position = texture1DLod(s, 0.5, 0.0); }");
}

#[test]
fn glsl_110_and_120_quirks() {
    fails_with(Vertex, "void f(in vec4 v[]) {}\nvoid main() {}", "unsized arrays");
    fails_with(Vertex, "uniform bool s;\nuniform vec4 a[2];\nuniform vec4 b[2];\nvoid main() { gl_Position = (s ? a : b)[0]; }", "cannot select arrays");
    fails_with(Fragment, "#version 110\nvoid main() { const float one = abs(-1.0); }", "constant expression");
    ok(Fragment, "#version 120\nvoid main() { const float one = abs(-1.0); }");
    fails_with(Vertex, "uniform mat3 a;\nvoid main() { mat2 m = mat2(a); gl_Position = gl_Vertex; }", "needs GLSL 1.20");
    ok(Vertex, "#version 120\nvoid main() { const mat2 m2 = mat2(2.0, 2.01, 2.1, 2.11); const mat4 m4 = mat4(m2); gl_Position = m4[0]; }");
    fails_with(Vertex, "vec4 foo(float x) { vec4 v; v.x = x; }\nvoid main() { gl_Position = foo(2.0); }", "no return statement");
    fails_with(Vertex, "float a(float x, float) { return x; }\nvoid main() {}", "must be named");
    fails_with(Vertex, "void main()\n{\n#pragma debug(off)\n  gl_Position = gl_Vertex;\n}", "#pragma debug");
    ok(Vertex, "#pragma debug(off)\nvoid main()\n{\n  gl_Position = gl_Vertex;\n}");
    fails_with(Vertex, "struct foo { float f; };\nvec4 foo(vec4 a) { return a; }\nvoid main() {}", "already declared as a structure");
    fails_with(Vertex, "vec4 foo(vec4 a) { return a; }\nstruct foo { float f; };\nvoid main() {}", "already declared as a function");
    fails_with(Vertex, "#version 120\nfloat f(int i) { return i; }\nvoid main() {}", "no implicit conversion");
    fails_with(Vertex, "#version 120\nfloat foo() { return 0.5; }\nconst float foo = 1.0;\nvoid main() {}", "already declared as a function");
    ok(Vertex, "const float f = 1.0;\nfloat f(float x) { return x; }\nvoid main() { gl_Position = vec4(0.0); }");
    fails_with(Vertex, "#version 120\nvoid foo(vec4 v) { gl_Position = v; }\nvoid main() { float foo = 1.0; foo(vec4(0.0)); }", "is a variable here");
    fails_with(Vertex, "#version 120\ninvariant vec2 x;\nvoid main() {}", "applies only to shader outputs");
    ok(Fragment, "#version 110\nvoid main() {\n  float foo(float x);\n  gl_FragColor = vec4(foo(0.5));\n}\nfloat foo(float x) { return x + 0.5; }");
    fails_with(Fragment, "#version 120\nvoid main() {\n  float foo(float x);\n  gl_FragColor = vec4(foo(0.5));\n}\nfloat foo(float x) { return x + 0.5; }", "inside other functions");
    ok(Vertex, "struct s2 { float f; struct s3 { int i; } s3Inst; } s2Inst = s2(1.0, s3(1));\nvoid main() {}");
    fails_with(Vertex, "#version 120\nstruct s2 { float f; struct s3 { int i; } s3Inst; };\nvoid main() {}", "embedded structure");
    fails_with(Fragment, "#extension GL_ARB_texture_rectangle: disable\nuniform sampler2DRect s;\nvoid main() {}", "sampler2DRect");
}

#[test]
fn assignment_return_and_declaration_details() {
    let r = compile_es(Fragment, "#version 100\nprecision mediump float;\nvoid f(float x[2]) { float y[2]; y = x; }\nvoid main() {}");
    assert!(!r.success && r.info_log.contains("cannot be assigned"), "{}", r.info_log);
    let r = compile_es(Vertex, "#version 100\nint f(int a);\nint f(int a);\nvoid main() { gl_Position = vec4(1.0); }");
    assert!(!r.success && r.info_log.contains("declared twice"), "{}", r.info_log);
    fails_with(Fragment, "void function(const out int i) {}\nvoid main() {}", "`const' cannot be combined");
    fails_with(Vertex, "void A(int i) {}\nvoid B(int i) { return A(i); }\nvoid main() { B(1); }", "with a value in a void function");
    fails_with(Fragment, "void main() { gl_FragColor = gl_TexCoord[gl_MaxTextureCoords]; }", "gl_MaxTextureCoords");
    let r = compile_es(glsl::Stage::Compute, "#version 310 es\nlayout(local_size_x = 1) in;\nbuffer ssbo { int c[]; vec4 d; };\nvoid main() {}");
    assert!(!r.success && r.info_log.contains("last member"), "{}", r.info_log);
}

#[test]
fn mesa_shader_integer_functions_brings_400_overload_rules() {
    let body = "void foo(float x, int y, float z) {}\nvoid foo(float x, int y, int z) {}\nvoid bar() { int a = 0; int b = 1; int c = 2; foo(a, b, c); }\nvoid main() {}";
    ok(Vertex, &format!("#version 130\n#extension GL_MESA_shader_integer_functions : enable\n{body}"));
    fails_with(Vertex, &format!("#version 130\n{body}"), "ambiguous");
    ok(Vertex, "#version 130\n#extension GL_MESA_shader_integer_functions : enable\nvoid main() { int i = 1; uint u = i; }");
}

#[test]
fn interpolants_are_shader_inputs_without_swizzles() {
    let head = "#version 150\n#extension GL_ARB_gpu_shader5 : require\n";
    ok(Fragment, &format!("{head}in vec4 v;\nin float a[2];\nin B {{ vec2 m; }} b;\nvoid main() {{ gl_FragColor = interpolateAtCentroid(v) + vec4(interpolateAtSample(a[1], 0)) + interpolateAtOffset(b.m, vec2(0.1)).xyxy; }}"));
    fails_with(Fragment, &format!("{head}in vec4 v;\nvoid main() {{ gl_FragColor = interpolateAtCentroid(v.xyzw); }}"), "component selection");
    fails_with(Fragment, &format!("{head}in vec4 v;\nvoid main() {{ vec4 t = v; gl_FragColor = interpolateAtCentroid(t); }}"), "must be a shader input");
    fails_with(Fragment, &format!("{head}uniform vec4 v;\nvoid main() {{ gl_FragColor = interpolateAtCentroid(v); }}"), "must be a shader input");
    fails_with(Fragment, &format!("{head}out vec4 v;\nvoid main() {{ v = interpolateAtCentroid(v); }}"), "must be a shader input");
    // ESSL 3.20 allows component selection.
    let r = compile_es(Fragment, "#version 320 es\nprecision mediump float;\nin vec4 v;\nout vec4 c;\nvoid main() { c = vec4(interpolateAtCentroid(v.xy), 0.0, 1.0); }");
    assert!(r.success, "{}", r.info_log);
}

#[test]
fn invariant_applies_to_inputs_after_the_vertex_stage() {
    use glsl::Stage::Geometry;
    ok(Geometry, "#version 150\nlayout(triangles) in;\nlayout(points, max_vertices = 1) out;\ninvariant in vec4 p[];\ninvariant out vec4 q;\nvoid main() { q = p[0]; EmitVertex(); }");
    ok(Fragment, "#version 150\ninvariant in vec4 v;\nout vec4 c;\nvoid main() { c = v; }");
    fails_with(Vertex, "#version 150\ninvariant in vec4 v;\nvoid main() { gl_Position = v; }", "applies only to shader outputs");
    fails_with(Fragment, "#version 150\ninvariant uniform vec4 v;\nout vec4 c;\nvoid main() { c = v; }", "invariant");
}

#[test]
fn glsl_440_interpolants_may_select_components() {
    let head = "#version 440\nout vec4 c;\n";
    let inputs = "in vec3 a;\nin vec4 arr[2];\nstruct S { vec4 f; };\nin S s;\nin B { vec4 m; vec2 n[2]; } b;\nuniform int i;\n";
    for interpolant in ["a.yx", "a[2]", "a[i]", "arr[1].zw", "arr[i].x", "s.f.wzy", "b.m.xy", "b.n[1].y", "b.n[i][0]"] {
        let src = format!("{head}{inputs}void main() {{ c = vec4(interpolateAtCentroid({interpolant}).x, interpolateAtSample({interpolant}, 0).x, interpolateAtOffset({interpolant}, vec2(0.0)).x, 1.0); }}");
        ok(Fragment, &src);
    }
    // Still only inputs, whatever the selection.
    fails_with(Fragment, &format!("{head}uniform vec4 u;\nvoid main() {{ c = vec4(interpolateAtCentroid(u.xy), 0.0, 1.0); }}"), "must be a shader input");
    fails_with(Fragment, &format!("{head}in vec4 v;\nvoid main() {{ vec4 t = v; c = vec4(interpolateAtCentroid(t.xy), 0.0, 1.0); }}"), "must be a shader input");
    // GLSL 4.30 keeps ARB_gpu_shader5's rule.
    fails_with(Fragment, "#version 430\nin vec4 v;\nout vec4 c;\nvoid main() { c = interpolateAtCentroid(v.xyzw); }", "component selection");
}

#[test]
fn readonly_storage_block_members_are_not_written_through_the_instance() {
    let head = "#version 330\n#extension GL_ARB_shader_storage_buffer_object : require\n";
    fails_with(Vertex, &format!("{head}buffer Buffer {{ readonly float foo; float bar; }} buf;\nvoid main() {{ buf.foo = 1.0; }}"), "readonly");
    ok(Vertex, &format!("{head}buffer Buffer {{ readonly float foo; float bar; }} buf;\nvoid main() {{ buf.bar = buf.foo; }}"));
    fails_with(Vertex, &format!("{head}buffer Buffer {{ readonly float foo; }};\nvoid main() {{ foo = 1.0; }}"), "read-only");
}
