//! IR generation for geometry shaders: execution modes from the layout qualifiers, gl_in[]
//! and per-vertex inputs sized by the input primitive, emit intrinsics, streams, and the
//! varyings linked vertex -> geometry -> fragment.

mod common;
use common::*;
use glsl::{link_program, LinkOptions, LinkedProgram, Stage};
use nir_like::{print_shader, validate, Builtin, Primitive, VariableMode};

fn link3(vs: &str, gs: &str, fs: &str) -> LinkedProgram {
    let v = ok(Stage::Vertex, vs);
    let g = ok(Stage::Geometry, gs);
    let f = ok(Stage::Fragment, fs);
    let p = link_program(&[&v, &g, &f], &LinkOptions::default());
    assert!(p.success, "{}", p.info_log);
    p
}

fn stage_ir(p: &LinkedProgram, stage: Stage) -> &nir_like::Shader {
    let s = p.stages.iter().find(|s| s.stage == stage).expect("stage");
    let ir = s.ir.as_ref().unwrap_or_else(|e| panic!("no IR: {}", e));
    validate(ir).expect("valid IR");
    ir
}

const VS: &str = "#version 150
in vec4 pos;
out vec4 v_color;
void main() { v_color = pos * 0.5; gl_Position = pos; }";

const FS: &str = "#version 150
in vec4 g_color;
out vec4 color;
void main() { color = g_color; }";

#[test]
fn point_to_quad_expansion() {
    let p = link3(
        VS,
        "#version 150
layout(points) in;
layout(triangle_strip, max_vertices = 4) out;
in vec4 v_color[];
out vec4 g_color;
void main() {
    for (int i = 0; i < 4; i++) {
        vec2 corner = vec2(i & 1, i >> 1) * 2.0 - 1.0;
        gl_Position = gl_in[0].gl_Position + vec4(corner * 0.25, 0.0, 0.0);
        g_color = v_color[0] + vec4(gl_PrimitiveIDIn);
        EmitVertex();
    }
    EndPrimitive();
}",
        FS,
    );
    let gs = stage_ir(&p, Stage::Geometry);
    let g = &gs.info.geometry;
    assert_eq!((g.input_primitive, g.output_primitive, g.vertices_out, g.invocations), (Primitive::Points, Primitive::TriangleStrip, 4, 1));
    let text = print_shader(gs);
    assert!(text.contains("emit_vertex") && text.contains("end_primitive"), "{}", text);
    // gl_in[].gl_Position is an arrayed Position input of one vertex per point.
    let gl_in = gs.variables.iter().find(|(_, v)| v.builtin == Some(Builtin::Position) && v.mode == VariableMode::ShaderIn).expect("gl_in position");
    assert!(matches!(&gs.types[gl_in.1.ty], nir_like::Type::Array { length: Some(1), .. }), "{:?}", gs.types[gl_in.1.ty]);
    assert!(gs.variables.iter().any(|(_, v)| v.builtin == Some(Builtin::PrimitiveId) && v.mode == VariableMode::ShaderIn));
    // v_color: vertex output -> geometry input array at the same location; g_color likewise to the fragment shader.
    let loc = |ir: &nir_like::Shader, name: &str, mode| ir.variables.iter().find(|(_, v)| v.name == name && v.mode == mode).and_then(|(_, v)| v.location);
    let vs = stage_ir(&p, Stage::Vertex);
    let fs = stage_ir(&p, Stage::Fragment);
    assert_eq!(loc(vs, "v_color", VariableMode::ShaderOut), loc(gs, "v_color", VariableMode::ShaderIn));
    assert!(loc(gs, "v_color", VariableMode::ShaderIn).is_some());
    assert_eq!(loc(gs, "g_color", VariableMode::ShaderOut), loc(fs, "g_color", VariableMode::ShaderIn));
    let v_color = gs.variables.iter().find(|(_, v)| v.name == "v_color").expect("v_color");
    assert!(matches!(&gs.types[v_color.1.ty], nir_like::Type::Array { length: Some(1), .. }), "sized by the input primitive");
}

#[test]
fn adjacency_blocks_invocations_and_layer() {
    let p = link3(
        "#version 150
in vec4 pos;
out Data { vec4 c; } vout;
void main() { vout.c = pos; gl_Position = pos; }",
        "#version 400
layout(triangles_adjacency, invocations = 3) in;
layout(triangle_strip, max_vertices = 3) out;
in Data { vec4 c; } vin[];
out vec4 g_color;
void main() {
    for (int i = 0; i < 6; i += 2) {
        gl_Position = gl_in[i].gl_Position;
        g_color = vin[i].c;
        gl_Layer = gl_InvocationID;
        EmitVertex();
    }
}",
        FS,
    );
    let gs = stage_ir(&p, Stage::Geometry);
    let g = &gs.info.geometry;
    assert_eq!((g.input_primitive, g.invocations, g.vertices_out), (Primitive::TrianglesAdjacency, 3, 3));
    assert!(gs.variables.iter().any(|(_, v)| v.builtin == Some(Builtin::InvocationId)));
    assert!(gs.variables.iter().any(|(_, v)| v.builtin == Some(Builtin::Layer) && v.mode == VariableMode::ShaderOut));
    let block = gs.variables.iter().find(|(_, v)| v.name == "Data").expect("input block");
    assert!(matches!(&gs.types[block.1.ty], nir_like::Type::Array { length: Some(6), .. }));
    let vs = stage_ir(&p, Stage::Vertex);
    let vloc = vs.variables.iter().find(|(_, v)| v.name == "Data").and_then(|(_, v)| v.location);
    assert_eq!(vloc, block.1.location);
}

#[test]
fn streams_reach_variables_and_intrinsics() {
    let p = link3(
        VS,
        "#version 400
layout(points) in;
layout(points, max_vertices = 2) out;
layout(stream = 0) out vec4 g_color;
layout(stream = 1) out vec4 other;
void main() {
    gl_Position = gl_in[0].gl_Position;
    g_color = vec4(1.0);
    EmitStreamVertex(0);
    other = vec4(2.0);
    EmitStreamVertex(1);
    EndStreamPrimitive(1);
}",
        FS,
    );
    let gs = stage_ir(&p, Stage::Geometry);
    assert!(gs.variables.iter().any(|(_, v)| v.name == "other" && v.stream == Some(1)));
    assert!(gs.variables.iter().any(|(_, v)| v.name == "g_color" && v.stream.is_none()));
    let text = print_shader(gs);
    assert!(text.contains("emit_vertex (stream=1)") && text.contains("end_primitive (stream=1)"), "{}", text);
}

#[test]
fn per_vertex_input_indexed_by_a_variable_before_the_layout() {
    // The input primitive may come later (or from another shader of the stage).
    let g = ok(
        Stage::Geometry,
        "#version 150
in vec4 v_color[];
layout(lines) in;
layout(line_strip, max_vertices = 2) out;
out vec4 g_color;
void main() { for (int i = 0; i < 2; i++) { g_color = v_color[i]; gl_Position = gl_in[i].gl_Position; EmitVertex(); } }",
    );
    let v = ok(Stage::Vertex, VS);
    let f = ok(Stage::Fragment, FS);
    let p = link_program(&[&v, &g, &f], &LinkOptions::default());
    assert!(p.success, "{}", p.info_log);
    assert_eq!(stage_ir(&p, Stage::Geometry).info.geometry.input_primitive, Primitive::Lines);
}

#[test]
fn matrix_builtins_and_aggregate_equality() {
    let p = link3(
        "#version 420
in vec4 pos;
out vec4 v_color;
struct S { vec2 a; float b[2]; };
uniform S u;
void main() {
    mat2 m = matrixCompMult(mat2(pos), mat2(2.0));
    mat3x2 o = outerProduct(pos.xy, pos.zwx);
    S s = S(pos.xy, float[2](pos.z, pos.w));
    bool same = s == u && m != mat2(1.0) && float[2](1.0, 2.0) == s.b;
    float d = determinant(mat3(pos.xyz, pos.yzw, pos.zwx)) + determinant(transpose(m)) + inverse(mat4(pos.x))[3][3];
    m += mat2(dmat2(pos.x)) + inverse(m);
    v_color = vec4(m[0], o[2]) * (same ? d : 0.0);
    gl_Position = vec4(isinf(pos.x) || any(isnan(pos.yz)) ? 1.0 : 0.0);
    gl_Position.xy += unpackHalf2x16(packHalf2x16(pos.xy)) + unpackUnorm2x16(packSnorm2x16(pos.zw));
    gl_Position.zw += unpackSnorm4x8(packUnorm4x8(pos)).xy;
}",
        "#version 150
layout(triangles) in;
layout(triangle_strip, max_vertices = 3) out;
in vec4 v_color[3];
out vec4 g_color;
void main() { for (int i = 0; i < 3; i++) { g_color = v_color[i]; gl_Position = gl_in[i].gl_Position; EmitVertex(); } }",
        FS,
    );
    let text = print_shader(stage_ir(&p, Stage::Vertex));
    for op in ["pack_half_2x16", "unpack_half_2x16", "pack_snorm_2x16", "unpack_unorm_2x16", "fisinf", "fisnan", "ball"] {
        assert!(text.contains(op), "{} missing:\n{}", op, text);
    }
}

#[test]
fn block_without_instance_name_matches_an_instanced_block() {
    let p = link3(
        "#version 150
in vec4 pos;
out Block { vec4 to_gs; vec4 also; };
void main() { to_gs = pos; also = pos * 2.0; }",
        "#version 150
layout(triangles) in;
layout(triangle_strip, max_vertices = 3) out;
in Block { vec4 to_gs; vec4 also; } inst[];
out vec4 g_color;
void main() { for (int i = 0; i < 3; i++) { gl_Position = inst[i].to_gs; g_color = inst[i].also; EmitVertex(); } }",
        FS,
    );
    let loc = |stage| stage_ir(&p, stage).variables.iter().find(|(_, v)| v.name == "Block").and_then(|(_, v)| v.location);
    assert!(loc(Stage::Vertex).is_some());
    assert_eq!(loc(Stage::Vertex), loc(Stage::Geometry));
    assert_eq!(p.interface.varyings.iter().filter(|v| v.name == "Block").count(), 1, "{:?}", p.interface.varyings);
}

#[test]
fn several_geometry_shader_objects_form_one_stage() {
    let v = ok(Stage::Vertex, VS);
    let main = ok(
        Stage::Geometry,
        "#version 150
layout(triangle_strip, max_vertices = 3) out;
void do_vertex(int i);
void main() { for (int i = 0; i < 3; i++) do_vertex(i); }",
    );
    let helper = ok(
        Stage::Geometry,
        "#version 150
layout(triangles) in;
in vec4 v_color[];
out vec4 g_color;
void do_vertex(int i) { g_color = v_color[i]; gl_Position = gl_in[i].gl_Position; EmitVertex(); }",
    );
    let f = ok(Stage::Fragment, FS);
    let p = link_program(&[&v, &main, &helper, &f], &LinkOptions::default());
    assert!(p.success, "{}", p.info_log);
    let gs = stage_ir(&p, Stage::Geometry);
    assert_eq!(gs.info.geometry.input_primitive, Primitive::Triangles);
    assert!(print_shader(gs).contains("emit_vertex"));

    // Without an input primitive anywhere, or with two main functions, linking fails.
    let p = link_program(&[&v, &main, &f], &LinkOptions::default());
    assert!(!p.success && p.info_log.contains("input primitive"), "{}", p.info_log);
    let p = link_program(&[&v, &main, &main, &helper, &f], &LinkOptions::default());
    assert!(!p.success && p.info_log.contains("main"), "{}", p.info_log);
}

#[test]
fn shift_assign_keeps_the_signedness_of_the_left_operand() {
    let p = link3(
        "#version 150
in vec4 pos;
out vec4 v_color;
void main() { ivec2 x = ivec2(pos.xy); x >>= uvec2(1u); v_color = vec4(x, 0.0, 1.0); gl_Position = pos; }",
        "#version 150
layout(points) in;
layout(points, max_vertices = 1) out;
in vec4 v_color[];
out vec4 g_color;
void main() { g_color = v_color[0]; gl_Position = gl_in[0].gl_Position; EmitVertex(); }",
        FS,
    );
    let text = print_shader(stage_ir(&p, Stage::Vertex));
    assert!(text.contains("ishr") && !text.contains("ushr"), "{}", text);
}

#[test]
fn built_in_calls_take_members_of_gl_in_as_arguments() {
    let p = link3(
        VS,
        "#version 150
layout(triangles) in;
layout(triangle_strip, max_vertices = 3) out;
in vec4 v_color[];
out vec4 g_color;
void main() {
    for (int i = 0; i < 3; i++) {
        gl_Position = mix(gl_in[i].gl_Position, abs(gl_in[0].gl_Position), 0.25);
        g_color = v_color[i] * length(gl_in[i].gl_Position.xy);
        EmitVertex();
    }
}",
        FS,
    );
    // IR generation used to find no call target for these calls and gave no IR.
    stage_ir(&p, Stage::Geometry);
}

#[test]
fn members_of_gl_in_have_their_built_in_types() {
    let gs = "#version 150
layout(points) in;
layout(points, max_vertices = 1) out;
void main() { float x = gl_in[0].gl_Position; gl_Position = vec4(x); EmitVertex(); }";
    fails_with(Stage::Geometry, gs, "initializer of type vec4 cannot be assigned to variable of type float");
}
