//! Geometry shaders emulated as compute (GALVAN_EMULATE=gs, asked for by every context of
//! this binary): the vertex stage stores records, the geometry shader runs as a compute
//! shader, a pass-through vertex shader draws what it emitted. Each test reads pixels
//! back: triangles passed through, amplification with EndPrimitive between strips, points
//! to quads, lines with adjacency, gl_PrimitiveIDIn, instanced invocations, indexed draws
//! with primitive restart, one program drawn twice with different counts, gl_PrimitiveID
//! in the fragment shader and point outputs.

mod common;

use common::geometry::{clear_and_draw, positions_and_clear, use_geometry_program, FS, VS};
use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::*;
use gl_frontend::{ContextConfig, Profile};

/// A 4.6 compatibility context (no vertex array object needed) with the geometry stage
/// emulated, on a 64x32 window.
fn emulated_context() -> std::sync::Arc<gl_frontend::Context> {
    current_context_offered(ContextConfig { major: 4, minor: 6, profile: Profile::Compatibility, emulate: Some("gs"), ..Default::default() })
}

const GREEN: [u8; 4] = [0, 255, 0, 255];
const BLACK: [u8; 4] = [0, 0, 0, 255];

fn draw(positions: &[f32], mode: GLenum) {
    clear_and_draw(positions, mode);
    assert_eq!(error(), GL_NO_ERROR);
}

/// Pixel x of NDC x on the 64-pixel-wide window.
fn px(ndc: f32) -> i32 {
    ((ndc + 1.0) * 32.0) as i32
}

/// Pixel y of NDC y on the 32-pixel-high window.
fn py(ndc: f32) -> i32 {
    ((ndc + 1.0) * 16.0) as i32
}

/// A quad of half size `h` around `centre` emitted as one strip.
const QUAD: &str = "
void quad(vec4 centre, float h, vec4 c) {
    for (int i = 0; i < 4; i++) {
        vec2 corner = vec2(float(i & 1), float(i >> 1)) * 2.0 - 1.0;
        gl_Position = centre + vec4(corner * h, 0.0, 0.0);
        g_color = c;
        EmitVertex();
    }
    EndPrimitive();
}
";

/// A geometry shader turning each point into strips drawn with [`QUAD`], at most
/// `max_vertices` of them, with `main` as its body.
fn points_to_quads(max_vertices: u32, main: &str) -> String {
    format!(
        "#version 150
layout(points) in;
layout(triangle_strip, max_vertices = {max_vertices}) out;
in vec4 v_color[];
out vec4 g_color;
{QUAD}
{main}"
    )
}

#[test]
fn the_emulated_context_offers_geometry_shaders() {
    let _ctx = emulated_context();
    let version = unsafe { std::ffi::CStr::from_ptr(glGetString(GL_VERSION).cast()).to_string_lossy().into_owned() };
    assert!(version.starts_with("4.6"), "{version}");
}

#[test]
fn triangles_pass_through() {
    let _ctx = emulated_context();
    let gs = "#version 150
layout(triangles) in;
layout(triangle_strip, max_vertices = 3) out;
in vec4 v_color[];
out vec4 g_color;
void main() {
    for (int i = 0; i < 3; i++) { gl_Position = gl_in[i].gl_Position; g_color = v_color[i]; EmitVertex(); }
}";
    use_geometry_program(VS, gs, FS);
    // The left half of the window, as two triangles.
    draw(&[-1.0, -1.0, 0.0, -1.0, 0.0, 1.0, -1.0, -1.0, 0.0, 1.0, -1.0, 1.0], GL_TRIANGLES);
    assert_eq!(pixel(4, 4), GREEN);
    assert_eq!(pixel(28, 28), GREEN);
    assert_eq!(pixel(16, 16), GREEN);
    assert_eq!(pixel(40, 16), BLACK, "the right half stays clear");
}

#[test]
fn one_point_amplified_into_two_separate_quads() {
    let _ctx = emulated_context();
    let gs = points_to_quads(8, "void main() {
    quad(gl_in[0].gl_Position - vec4(0.5, 0.0, 0.0, 0.0), 0.25, vec4(1.0, 0.0, 0.0, 1.0));
    quad(gl_in[0].gl_Position + vec4(0.5, 0.0, 0.0, 0.0), 0.25, v_color[0]);
}");
    use_geometry_program(VS, &gs, FS);
    draw(&[0.0, 0.0], GL_POINTS);
    assert_eq!(pixel(px(-0.5), py(0.0)), [255, 0, 0, 255], "left quad");
    assert_eq!(pixel(px(0.5), py(0.0)), GREEN, "right quad");
    // A strip run on across EndPrimitive would fill the gap between them.
    assert_eq!(pixel(px(0.0), py(0.0)), BLACK, "between the quads");
    assert_eq!(pixel(px(0.0), py(0.2)), BLACK, "between the quads, higher");
}

#[test]
fn points_become_quads_coloured_by_primitive_id() {
    let _ctx = emulated_context();
    let gs = points_to_quads(4, "void main() { quad(gl_in[0].gl_Position, 0.2, vec4(float(gl_PrimitiveIDIn) * 0.5, v_color[0].g, 0.0, 1.0)); }");
    use_geometry_program(VS, &gs, FS);
    draw(&[-0.6, 0.0, 0.0, 0.0, 0.6, 0.0], GL_POINTS);
    assert_eq!(pixel(px(-0.6), py(0.0)), [0, 255, 0, 255], "primitive 0");
    let middle = pixel(px(0.0), py(0.0));
    assert!((126..=129).contains(&middle[0]) && middle[1] == 255, "primitive 1: {middle:?}");
    assert_eq!(pixel(px(0.6), py(0.0)), [255, 255, 0, 255], "primitive 2");
    assert_eq!(pixel(px(-0.3), py(0.0)), BLACK, "between the quads");
}

#[test]
fn lines_with_adjacency_see_their_neighbours() {
    let _ctx = emulated_context();
    // The quad is drawn between the line's two vertices, coloured by the adjacent ones.
    let gs = "#version 150
layout(lines_adjacency) in;
layout(triangle_strip, max_vertices = 4) out;
out vec4 g_color;
void main() {
    vec4 c = vec4(gl_in[0].gl_Position.y, gl_in[3].gl_Position.y, 0.0, 1.0);
    for (int i = 0; i < 4; i++) {
        vec4 p = (i & 1) == 0 ? gl_in[1].gl_Position : gl_in[2].gl_Position;
        gl_Position = p + vec4(0.0, (i >> 1) == 0 ? -0.2 : 0.2, 0.0, 0.0);
        g_color = c;
        EmitVertex();
    }
}";
    use_geometry_program(VS, gs, FS);
    // Adjacent vertices carry the colour in y: 1.0 and 0.0; a second line left of it.
    draw(&[-1.0, 1.0, -0.4, 0.0, 0.4, 0.0, 1.0, 0.0, -1.0, 0.0, -0.9, 0.6, -0.6, 0.6, -1.0, 1.0], GL_LINES_ADJACENCY);
    assert_eq!(pixel(px(0.0), py(0.0)), [255, 0, 0, 255], "first line's quad");
    assert_eq!(pixel(px(0.6), py(0.0)), BLACK, "past the line's second vertex");
    assert_eq!(pixel(px(-0.75), py(0.6)), [0, 255, 0, 255], "second line's quad");
}

/// A geometry shader of three invocations per point, each emitting a quad of colour
/// `colour` 0.6 to the right of the previous one's.
fn three_invocations(colour: &str) -> String {
    format!(
        "#version 400
layout(points, invocations = 3) in;
layout(triangle_strip, max_vertices = 4) out;
in vec4 v_color[];
out vec4 g_color;
{QUAD}
void main() {{ quad(gl_in[0].gl_Position + vec4(float(gl_InvocationID) * 0.6 - 0.6, 0.0, 0.0, 0.0), 0.2, {colour}); }}"
    )
}

#[test]
fn instanced_invocations_each_emit_their_own_quad() {
    let _ctx = emulated_context();
    let gs = three_invocations("vec4(float(gl_InvocationID) * 0.5, 1.0, 0.0, 1.0)");
    use_geometry_program(VS, &gs, FS);
    draw(&[0.0, 0.0], GL_POINTS);
    assert_eq!(pixel(px(-0.6), py(0.0)), [0, 255, 0, 255], "invocation 0");
    let middle = pixel(px(0.0), py(0.0));
    assert!((126..=129).contains(&middle[0]) && middle[1] == 255, "invocation 1: {middle:?}");
    assert_eq!(pixel(px(0.6), py(0.0)), [255, 255, 0, 255], "invocation 2");
    assert_eq!(pixel(px(0.3), py(0.0)), BLACK, "between the quads");
}

#[test]
fn indexed_strips_restart_where_the_indices_say() {
    let _ctx = emulated_context();
    let gs = "#version 150
layout(triangles) in;
layout(triangle_strip, max_vertices = 3) out;
in vec4 v_color[];
out vec4 g_color;
void main() {
    for (int i = 0; i < 3; i++) { gl_Position = gl_in[i].gl_Position; g_color = v_color[i]; EmitVertex(); }
}";
    use_geometry_program(VS, gs, FS);
    // Two quads (left and right thirds) as strips split by a restart index.
    let positions = [-1.0f32, -1.0, -0.4, -1.0, -1.0, 1.0, -0.4, 1.0, 0.4, -1.0, 1.0, -1.0, 0.4, 1.0, 1.0, 1.0];
    positions_and_clear(&positions);
    let indices: [u16; 9] = [0, 1, 2, 3, 0xffff, 4, 5, 6, 7];
    unsafe {
        glEnable(GL_PRIMITIVE_RESTART);
        glPrimitiveRestartIndex(0xffff);
        glDrawElements(GL_TRIANGLE_STRIP, indices.len() as GLsizei, GL_UNSIGNED_SHORT, indices.as_ptr().cast());
        glDisable(GL_PRIMITIVE_RESTART);
    }
    assert_eq!(error(), GL_NO_ERROR);
    assert_eq!(pixel(px(-0.7), py(0.5)), GREEN, "left strip");
    assert_eq!(pixel(px(0.7), py(-0.5)), GREEN, "right strip");
    assert_eq!(pixel(px(0.0), py(0.0)), BLACK, "no triangle across the restart");
}

#[test]
fn one_program_drawn_twice_with_different_counts() {
    let _ctx = emulated_context();
    let gs = points_to_quads(4, "void main() { quad(gl_in[0].gl_Position, 0.15, vec4(float(gl_PrimitiveIDIn), 1.0, 0.0, 1.0)); }");
    use_geometry_program(VS, &gs, FS);
    positions_and_clear(&[-0.6, 0.0, 0.0, 0.0, 0.6, 0.0]);
    unsafe {
        glDrawArrays(GL_POINTS, 0, 1);
        glDrawArrays(GL_POINTS, 1, 2);
    }
    assert_eq!(error(), GL_NO_ERROR);
    assert_eq!(pixel(px(-0.6), py(0.0)), GREEN, "first draw, its primitive 0");
    assert_eq!(pixel(px(0.0), py(0.0)), GREEN, "second draw, its primitive 0");
    assert_eq!(pixel(px(0.6), py(0.0)), [255, 255, 0, 255], "second draw, its primitive 1");
}

#[test]
fn the_fragment_shader_reads_the_primitive_id_the_geometry_shader_wrote() {
    let _ctx = emulated_context();
    let gs = "#version 150
layout(points) in;
layout(triangle_strip, max_vertices = 4) out;
void main() {
    for (int i = 0; i < 4; i++) {
        vec2 corner = vec2(float(i & 1), float(i >> 1)) * 2.0 - 1.0;
        gl_Position = gl_in[0].gl_Position + vec4(corner * 0.2, 0.0, 0.0);
        gl_PrimitiveID = gl_PrimitiveIDIn + 1;
        EmitVertex();
    }
}";
    let fs = "#version 150
out vec4 color;
void main() { color = vec4(float(gl_PrimitiveID) * 0.5, 1.0, 0.0, 1.0); }";
    use_geometry_program(VS, gs, fs);
    draw(&[-0.5, 0.0, 0.5, 0.0], GL_POINTS);
    let first = pixel(px(-0.5), py(0.0));
    assert!((126..=129).contains(&first[0]) && first[1] == 255, "primitive id 1: {first:?}");
    assert_eq!(pixel(px(0.5), py(0.0)), [255, 255, 0, 255], "primitive id 2");
}

#[test]
fn points_out_of_fewer_vertices_than_declared() {
    let _ctx = emulated_context();
    // Up to four points declared, two emitted: the unused slots draw nothing.
    let gs = "#version 150
layout(points) in;
layout(points, max_vertices = 4) out;
in vec4 v_color[];
out vec4 g_color;
void main() {
    for (int i = 0; i < 2; i++) {
        gl_Position = gl_in[0].gl_Position + vec4(float(i) * 0.5, 0.0, 0.0, 0.0);
        gl_PointSize = 4.0;
        g_color = v_color[0];
        EmitVertex();
        EndPrimitive();
    }
}";
    use_geometry_program(VS, gs, FS);
    unsafe { glEnable(GL_PROGRAM_POINT_SIZE) };
    draw(&[-0.5, 0.0], GL_POINTS);
    assert_eq!(pixel(px(-0.5), py(0.0)), GREEN, "first point");
    assert_eq!(pixel(px(0.0), py(0.0)), GREEN, "second point");
    assert_eq!(pixel(px(0.5), py(0.0)), BLACK, "no third");
    assert_eq!(pixel(px(-0.25), py(0.0)), BLACK, "nothing between");
}

#[test]
fn a_mode_the_geometry_shader_does_not_take_is_an_error() {
    let _ctx = emulated_context();
    let gs = "#version 150
layout(triangles) in;
layout(triangle_strip, max_vertices = 3) out;
out vec4 g_color;
void main() { g_color = vec4(1.0); gl_Position = gl_in[0].gl_Position; EmitVertex(); }";
    use_geometry_program(VS, gs, FS);
    positions_and_clear(&[0.0, 0.0, 0.5, 0.0]);
    unsafe { glDrawArrays(GL_LINES, 0, 2) };
    assert_eq!(error(), GL_INVALID_OPERATION);
}

/// The result of query `q`, waited for.
fn query_result(q: GLuint) -> u64 {
    let mut value = 0u64;
    unsafe { glGetQueryObjectui64v(q, GL_QUERY_RESULT, &mut value) };
    value
}

#[test]
fn pipeline_statistics_count_each_counter_in_the_step_it_stands_for() {
    let _ctx = emulated_context();
    let gs = three_invocations("v_color[0]");
    use_geometry_program(VS, &gs, FS);
    let targets = [
        GL_VERTICES_SUBMITTED,
        GL_PRIMITIVES_SUBMITTED,
        GL_VERTEX_SHADER_INVOCATIONS,
        GL_GEOMETRY_SHADER_INVOCATIONS,
        GL_GEOMETRY_SHADER_PRIMITIVES_EMITTED,
        GL_COMPUTE_SHADER_INVOCATIONS,
    ];
    let mut queries = [0; 6];
    unsafe {
        glGenQueries(6, queries.as_mut_ptr());
        for (&target, &q) in targets.iter().zip(&queries) {
            glBeginQuery(target, q);
        }
    }
    // Two points, each run by three invocations that emit one quad (two triangles) apiece.
    draw(&[-0.5, 0.5, 0.5, -0.5], GL_POINTS);
    unsafe {
        for &target in &targets {
            glEndQuery(target);
        }
    }
    assert_eq!(error(), GL_NO_ERROR);
    let results: Vec<u64> = queries.iter().map(|&q| query_result(q)).collect();
    // The vertex side counts the GL draw's two points, not the pass-through draw's vertices;
    // the geometry shader's compute pass is no GL compute work.
    assert_eq!(results, vec![2, 2, 2, 6, 12, 0], "{targets:x?}");
    assert_eq!(pixel(px(0.5 - 0.6), py(-0.5)), GREEN, "the second point's first quad");
}
