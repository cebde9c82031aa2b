//! Geometry shaders on the machine's Vulkan device: one point expanded to a quad, drawn
//! and read back; and the SPIR-V of linked geometry programs checked by spirv-val.
//! The version is offered through `ContextConfig::offer_requested_version`.

mod common;

use common::geometry::{clear_and_draw, use_geometry_program, FS, VS};
use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::{make_current, Api, Context, ContextConfig, Profile};

const GS: &str = "#version 150
layout(points) in;
layout(triangle_strip, max_vertices = 4) out;
in vec4 v_color[];
out vec4 g_color;
uniform float half_size;
void main() {
    for (int i = 0; i < 4; i++) {
        vec2 corner = vec2(float(i & 1), float(i >> 1)) * 2.0 - 1.0;
        gl_Position = gl_in[0].gl_Position + vec4(corner * half_size, 0.0, 0.0);
        g_color = v_color[0] + vec4(float(gl_PrimitiveIDIn), 0.0, 0.0, 0.0);
        EmitVertex();
    }
    EndPrimitive();
}";

fn context() -> std::sync::Arc<Context> {
    let config = ContextConfig { api: Api::Gl, major: 3, minor: 2, profile: Profile::Compatibility, offer_requested_version: true, ..Default::default() };
    let ctx = Context::new(device(), &config, None).expect("3.2 offered on request");
    let window = surface();
    make_current(&ctx, Some(window.clone()), Some(window)).unwrap();
    ctx
}

#[test]
fn a_point_becomes_a_quad() {
    let _ctx = context();
    unsafe {
        let p = use_geometry_program(VS, GS, FS);
        glUniform1f(glGetUniformLocation(p, c"half_size".as_ptr()), 0.5);

        // One point at the centre of the 64x32 window.
        let point: [f32; 2] = [0.0, 0.0];
        clear_and_draw(&point, GL_POINTS);
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
    // The quad spans NDC [-0.5, 0.5]: pixels 16..48 by 8..24.
    assert_eq!(pixel(32, 16), [0, 255, 0, 255], "centre");
    assert_eq!(pixel(17, 9), [0, 255, 0, 255], "lower-left corner inside");
    assert_eq!(pixel(46, 22), [0, 255, 0, 255], "upper-right corner inside");
    assert_eq!(pixel(12, 16), [0, 0, 0, 255], "left of the quad");
    assert_eq!(pixel(32, 28), [0, 0, 0, 255], "above the quad");
    assert_eq!(pixel(2, 2), [0, 0, 0, 255], "a point alone would not reach here either");
}

/// The three stages of a geometry program pass spirv-val once lowered.
fn assert_program_valid(vs: &str, gs: &str, fs: &str) {
    spirv::assert_program_valid(&[(glsl::Stage::Vertex, vs), (glsl::Stage::Geometry, gs), (glsl::Stage::Fragment, fs)]);
}

#[test]
fn geometry_programs_pass_spirv_val() {
    assert_program_valid(VS, GS, FS);
    // Adjacency input, an input block, invocations, layer and primitive id outputs.
    assert_program_valid(
        "#version 150
in vec4 pos;
out Data { vec4 c; } vout;
void main() { vout.c = pos; gl_Position = pos; gl_PointSize = 2.0; }",
        "#version 400
layout(triangles_adjacency, invocations = 2) in;
layout(line_strip, max_vertices = 6) out;
in Data { vec4 c; } vin[];
out vec4 g_color;
void main() {
    for (int i = 0; i < gl_in.length(); i += 2) {
        gl_Position = gl_in[i].gl_Position * gl_in[i].gl_PointSize;
        g_color = vin[i].c;
        gl_Layer = gl_InvocationID;
        gl_PrimitiveID = gl_PrimitiveIDIn;
        EmitVertex();
    }
    EndPrimitive();
}",
        "#version 150
in vec4 g_color;
out vec4 color;
void main() { color = g_color + vec4(float(gl_PrimitiveID)); }",
    );
}

#[test]
fn gl_clip_vertex_from_the_vertex_shader_reaches_the_geometry_shader() {
    let _ctx = context();
    // gl_ClipVertex differs from gl_Position (it carries the window's y as x), and a
    // user varying sits beside it, so a wrong location or a lost value shows.
    let vs = "#version 150 compatibility
in vec2 pos;
out vec4 v_color;
void main() {
    v_color = vec4(0.0, 1.0, 0.0, 1.0);
    gl_Position = vec4(pos, 0.0, 1.0);
    gl_ClipVertex = vec4(pos.y, 0.0, 0.0, 1.0);
}";
    let gs = "#version 150 compatibility
layout(triangles) in;
layout(triangle_strip, max_vertices = 3) out;
in vec4 v_color[];
out vec4 g_color;
void main() {
    for (int i = 0; i < 3; i++) {
        gl_Position = gl_in[i].gl_Position;
        gl_ClipVertex = gl_in[i].gl_ClipVertex;
        g_color = v_color[i];
        EmitVertex();
    }
}";
    unsafe {
        use_geometry_program(vs, gs, FS);
        // Keep x >= 0 of the clip vertex: the upper half of the window.
        glClipPlane(GL_CLIP_PLANE0, [1.0, 0.0, 0.0, 0.0].as_ptr());
        glEnable(GL_CLIP_PLANE0);
        let quad: [f32; 12] = [-1.0, -1.0, 1.0, -1.0, 1.0, 1.0, -1.0, -1.0, 1.0, 1.0, -1.0, 1.0];
        clear_and_draw(&quad, GL_TRIANGLES);
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
    assert_eq!(pixel(8, 28), [0, 255, 0, 255], "upper left stays");
    assert_eq!(pixel(56, 28), [0, 255, 0, 255], "upper right stays");
    assert_eq!(pixel(8, 4), [0, 0, 0, 255], "lower left is clipped");
    assert_eq!(pixel(56, 4), [0, 0, 0, 255], "lower right is clipped");
}

#[test]
fn draws_of_another_primitive_kind_than_the_geometry_input_are_refused() {
    let _ctx = context();
    unsafe {
        // GS takes points: lines and triangles do not feed it.
        let p = use_geometry_program(VS, GS, FS);
        glUniform1f(glGetUniformLocation(p, c"half_size".as_ptr()), 0.5);
        let points: [f32; 6] = [0.0, 0.0, 0.5, 0.5, -0.5, 0.5];
        for mode in [GL_LINES, GL_LINE_STRIP, GL_TRIANGLES, GL_TRIANGLE_FAN] {
            clear_and_draw(&points, mode);
            assert_eq!(glGetError(), GL_INVALID_OPERATION, "mode {mode:#x}");
        }
        // Nothing was drawn by the refused draws.
        assert_eq!(pixel(32, 16), [0, 0, 0, 255]);
        clear_and_draw(&points[..2], GL_POINTS);
        assert_eq!(glGetError(), GL_NO_ERROR);
        assert_eq!(pixel(32, 16), [0, 255, 0, 255]);
    }
}
