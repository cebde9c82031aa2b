//! Viewport arrays (GL 4.1, ARB_viewport_array) in a 4.6 core context: a geometry shader
//! sends one triangle to four viewports through gl_ViewportIndex, read back as pixels;
//! per-index scissor tests; the indexed queries, what the unindexed commands set, and the
//! errors.

mod common;

use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::*;
use gl_frontend::Profile;

const VERTEX: &str = "#version 460 core
void main() {
    // One triangle over the whole viewport.
    vec2 p = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);
    gl_Position = vec4(p, 0.0, 1.0);
}
";
const GEOMETRY: &str = "#version 460 core
layout(triangles) in;
layout(triangle_strip, max_vertices = 12) out;
out vec4 color;
void main() {
    for (int v = 0; v < 4; v++) {
        for (int i = 0; i < 3; i++) {
            gl_ViewportIndex = v;
            color = vec4(v == 0 || v == 3 ? 1.0 : 0.0, v == 1 || v == 3 ? 1.0 : 0.0, v == 2 ? 1.0 : 0.0, 1.0);
            gl_Position = gl_in[i].gl_Position;
            EmitVertex();
        }
        EndPrimitive();
    }
}
";
const FRAGMENT: &str = "#version 460 core
in vec4 color;
out vec4 frag;
void main() { frag = color; }
";

const RED: [u8; 4] = [255, 0, 0, 255];
const GREEN: [u8; 4] = [0, 255, 0, 255];
const BLUE: [u8; 4] = [0, 0, 255, 255];
const YELLOW: [u8; 4] = [255, 255, 0, 255];
const GREY: [u8; 4] = [51, 51, 51, 255];

/// The quadrant of the 64x32 window viewport `i` covers: left to right, bottom to top.
fn quadrant(i: usize) -> [f32; 4] {
    [(i % 2) as f32 * 32.0, (i / 2) as f32 * 16.0, 32.0, 16.0]
}

/// The centre pixel of quadrant `i`.
fn centre(i: usize) -> [u8; 4] {
    pixel((i % 2) as i32 * 32 + 16, (i / 2) as i32 * 16 + 8)
}

/// Clears to grey and draws the one triangle the geometry shader sends to viewports 0-3.
fn draw_to_four_viewports() {
    unsafe {
        glClearColor(0.2, 0.2, 0.2, 1.0);
        glClear(GL_COLOR_BUFFER_BIT);
        glDrawArrays(GL_TRIANGLES, 0, 3);
        assert_eq!(error(), GL_NO_ERROR);
    }
}

fn set_up_program() {
    let program = linked_program(&[(GL_VERTEX_SHADER, VERTEX), (GL_GEOMETRY_SHADER, GEOMETRY), (GL_FRAGMENT_SHADER, FRAGMENT)]);
    unsafe {
        glUseProgram(program);
        let mut vao = 0;
        glGenVertexArrays(1, &mut vao);
        glBindVertexArray(vao);
    }
}

fn viewport_of(index: GLuint) -> [f32; 4] {
    let mut v = [-1.0f32; 4];
    unsafe { glGetFloati_v(GL_VIEWPORT, index, v.as_mut_ptr()) };
    v
}

#[test]
fn the_geometry_shader_picks_a_viewport_for_each_primitive() {
    let _ctx = current_context_with_override(4, 6, Profile::Core);
    assert!(get_int(GL_MAX_VIEWPORTS) >= 16);
    set_up_program();
    let rects: Vec<f32> = (0..4).flat_map(quadrant).collect();
    unsafe { glViewportArrayv(0, 4, rects.as_ptr()) };
    draw_to_four_viewports();
    assert_eq!([centre(0), centre(1), centre(2), centre(3)], [RED, GREEN, BLUE, YELLOW]);

    // The scissor test of viewport 1 alone, with a box outside its quadrant.
    unsafe {
        glScissorIndexed(1, 0, 0, 4, 4);
        glEnablei(GL_SCISSOR_TEST, 1);
        assert_eq!(glIsEnabledi(GL_SCISSOR_TEST, 1), 1);
        assert_eq!(glIsEnabledi(GL_SCISSOR_TEST, 0), 0);
        assert_eq!(glIsEnabled(GL_SCISSOR_TEST), 0, "glIsEnabled asks about index 0");
    }
    draw_to_four_viewports();
    assert_eq!([centre(0), centre(1), centre(2), centre(3)], [RED, GREY, BLUE, YELLOW]);

    // glViewport sets every index: all four primitives land on the whole window, the last
    // one drawn (yellow) on top.
    unsafe {
        glDisable(GL_SCISSOR_TEST);
        glViewport(0, 0, 64, 32);
    }
    for i in 0..16 {
        assert_eq!(viewport_of(i), [0.0, 0.0, 64.0, 32.0], "viewport {i}");
    }
    draw_to_four_viewports();
    assert_eq!([centre(0), centre(1), centre(2), centre(3)], [YELLOW; 4]);
}

#[test]
fn indexed_state_reads_back_and_unindexed_commands_set_every_index() {
    let _ctx = current_context_with_override(4, 6, Profile::Core);
    unsafe {
        glViewportIndexedf(3, 1.0, 2.0, 30.0, 40.0);
        assert_eq!(viewport_of(3), [1.0, 2.0, 30.0, 40.0]);
        assert_eq!(get_floats::<4>(GL_VIEWPORT), [0.0, 0.0, 64.0, 32.0], "GL_VIEWPORT is index 0");

        glDepthRangeIndexed(2, 0.25, 0.75);
        let mut range = [0.0f64; 2];
        glGetDoublei_v(GL_DEPTH_RANGE, 2, range.as_mut_ptr());
        assert_eq!(range, [0.25, 0.75]);
        let mut rounded = [-1; 2];
        glGetIntegeri_v(GL_DEPTH_RANGE, 2, rounded.as_mut_ptr());
        assert_eq!(rounded, [0, 1], "the indexed integer query rounds");
        glDepthRangeArrayv(4, 1, [2.0f64, -1.0].as_ptr());
        glGetDoublei_v(GL_DEPTH_RANGE, 4, range.as_mut_ptr());
        assert_eq!(range, [1.0, 0.0], "clamped to [0, 1]");

        glScissorArrayv(5, 2, [1, 2, 3, 4, 5, 6, 7, 8].as_ptr());
        let mut scissor = [0; 4];
        glGetIntegeri_v(GL_SCISSOR_BOX, 6, scissor.as_mut_ptr());
        assert_eq!(scissor, [5, 6, 7, 8]);

        glEnable(GL_SCISSOR_TEST);
        for i in 0..16 {
            assert_eq!(glIsEnabledi(GL_SCISSOR_TEST, i), 1, "glEnable enables index {i}");
        }
        glScissor(9, 9, 9, 9);
        glDepthRange(0.5, 0.5);
        glGetIntegeri_v(GL_SCISSOR_BOX, 6, scissor.as_mut_ptr());
        assert_eq!(scissor, [9, 9, 9, 9]);
        glGetDoublei_v(GL_DEPTH_RANGE, 2, range.as_mut_ptr());
        assert_eq!(range, [0.5, 0.5]);
        assert_eq!(error(), GL_NO_ERROR);

        let bounds = get_floats::<2>(GL_VIEWPORT_BOUNDS_RANGE);
        let dims = get_ints::<2>(GL_MAX_VIEWPORT_DIMS);
        assert!(bounds[0] <= -2.0 * dims[0] as f32 && bounds[1] >= 2.0 * dims[0] as f32 - 1.0, "{bounds:?}");
        // A corner beyond the bounds range is clamped into it.
        glViewportIndexedf(1, -1.0e9, 0.0, 8.0, 8.0);
        assert_eq!(viewport_of(1)[0], bounds[0]);
    }
}

#[test]
fn indices_beyond_the_maximum_are_invalid_values() {
    let _ctx = current_context_with_override(4, 6, Profile::Core);
    let max = get_int(GL_MAX_VIEWPORTS) as GLuint;
    unsafe {
        let cases: &[(&dyn Fn(), GLenum)] = &[
            (&|| glViewportIndexedf(max, 0.0, 0.0, 1.0, 1.0), GL_INVALID_VALUE),
            (&|| glViewportArrayv(max - 1, 2, [0.0f32; 8].as_ptr()), GL_INVALID_VALUE),
            (&|| glViewportArrayv(0, -1, [0.0f32; 4].as_ptr()), GL_INVALID_VALUE),
            (&|| glViewportIndexedf(0, 0.0, 0.0, -1.0, 1.0), GL_INVALID_VALUE),
            (&|| glScissorIndexed(max, 0, 0, 1, 1), GL_INVALID_VALUE),
            (&|| glScissorIndexed(0, 0, 0, -1, 1), GL_INVALID_VALUE),
            (&|| glDepthRangeIndexed(max, 0.0, 1.0), GL_INVALID_VALUE),
            (&|| glEnablei(GL_SCISSOR_TEST, max), GL_INVALID_VALUE),
            (&|| glEnablei(GL_DEPTH_TEST, 0), GL_INVALID_ENUM),
        ];
        for (i, (call, expected)) in cases.iter().enumerate() {
            call();
            assert_eq!(error(), *expected, "case {i}");
        }
        let mut v = [7.0f32; 4];
        glGetFloati_v(GL_VIEWPORT, max, v.as_mut_ptr());
        assert_eq!(error(), GL_INVALID_VALUE);
        assert_eq!(v, [7.0; 4], "nothing written on error");
        // Nothing above changed viewport 0.
        assert_eq!(viewport_of(0), [0.0, 0.0, 64.0, 32.0]);
    }
}
