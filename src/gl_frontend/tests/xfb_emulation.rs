//! Transform feedback emulated by vertex-shader stores and a compute copy
//! (GALVAN_EMULATE=xfb, process-wide: every test of this binary forces it), read back
//! from the captured buffers: point, line and triangle lists, strips and loops taken
//! apart, indexed draws with primitive restart, separate buffers, gl_SkipComponents holes
//! and gl_NextBuffer, pauses, whole primitives only, glDrawTransformFeedback and the
//! primitive queries.

mod common;

use common::capture::{capture_buffer, read_words};
use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::*;
use gl_frontend::{ContextConfig, Profile};

const VERTEX: &str = "#version 330
layout(location = 0) in vec4 pos;
out float x;
flat out int id;
void main() {
    gl_Position = pos;
    x = pos.x * 10.0;
    id = gl_VertexID;
}
";

/// A 4.6 core context with capture emulated.
fn emulated_context() -> std::sync::Arc<gl_frontend::Context> {
    current_context_offered(ContextConfig { major: 4, minor: 6, profile: Profile::Core, emulate: Some("xfb"), ..Default::default() })
}

/// The capturing program of this file's vertex shader (see `common::capture`).
fn capture_program(names: &[&str], mode: GLenum, points: usize) -> GLuint {
    common::capture::capture_program(VERTEX, names, mode, points)
}

/// Captures `x` of one draw of `count` vertices in `draw_mode` (the capture in
/// `primitive`) into a buffer of `words` words and returns them.
fn capture_x(primitive: GLenum, draw_mode: GLenum, count: i32, words: usize) -> Vec<f32> {
    capture_program(&["x"], GL_INTERLEAVED_ATTRIBS, count as usize);
    let buffer = capture_buffer(0, words);
    unsafe {
        glBeginTransformFeedback(primitive);
        glDrawArrays(draw_mode, 0, count);
        glEndTransformFeedback();
    }
    assert_eq!(error(), GL_NO_ERROR);
    read_words(buffer, words)
}

#[test]
fn the_emulated_context_offers_transform_feedback() {
    let _ctx = emulated_context();
    let names: Vec<String> = unsafe {
        let mut n = 0;
        glGetIntegerv(GL_NUM_EXTENSIONS, &mut n);
        (0..n as GLuint).map(|i| std::ffi::CStr::from_ptr(glGetStringi(GL_EXTENSIONS, i).cast()).to_string_lossy().into_owned()).collect()
    };
    for ext in ["GL_EXT_transform_feedback", "GL_ARB_transform_feedback2", "GL_ARB_transform_feedback3", "GL_ARB_transform_feedback_instanced"] {
        assert!(names.iter().any(|n| n == ext), "{ext} in {names:?}");
    }
}

#[test]
fn points_interleaved_with_position() {
    let _ctx = emulated_context();
    capture_program(&["x", "gl_Position", "id"], GL_INTERLEAVED_ATTRIBS, 3);
    let buffer = capture_buffer(0, 3 * 6 + 2);
    unsafe {
        glBeginTransformFeedback(GL_POINTS);
        glDrawArrays(GL_POINTS, 0, 3);
        glEndTransformFeedback();
    }
    assert_eq!(error(), GL_NO_ERROR);
    let words = read_words(buffer, 20);
    for v in 0..3 {
        let x = v as f32 + 1.0;
        let record = &words[v * 6..v * 6 + 6];
        assert_eq!(record[0], 10.0 * x, "x of vertex {v}");
        assert_eq!(&record[1..5], &[x, 0.5, 0.0, 1.0], "gl_Position of vertex {v}");
        assert_eq!(record[5].to_bits(), v as u32, "gl_VertexID of vertex {v}");
    }
    assert_eq!(&words[18..], &[-1.0, -1.0], "nothing past the captured vertices");
}

#[test]
fn line_and_triangle_lists() {
    let _ctx = emulated_context();
    // Five vertices as lines: two whole lines, the fifth vertex makes none.
    assert_eq!(capture_x(GL_LINES, GL_LINES, 5, 6), [10.0, 20.0, 30.0, 40.0, -1.0, -1.0]);
    assert_eq!(capture_x(GL_TRIANGLES, GL_TRIANGLES, 6, 7), [10.0, 20.0, 30.0, 40.0, 50.0, 60.0, -1.0]);
}

#[test]
fn strips_fans_and_loops_become_separate_primitives() {
    let _ctx = emulated_context();
    assert_eq!(capture_x(GL_LINES, GL_LINE_STRIP, 3, 5), [10.0, 20.0, 20.0, 30.0, -1.0]);
    assert_eq!(capture_x(GL_LINES, GL_LINE_LOOP, 3, 7), [10.0, 20.0, 20.0, 30.0, 30.0, 10.0, -1.0]);
    // The second triangle of a strip keeps the winding and, in GL's default last-vertex
    // convention, ends at its provoking vertex: vertices 2, 1, 3.
    assert_eq!(capture_x(GL_TRIANGLES, GL_TRIANGLE_STRIP, 4, 7), [10.0, 20.0, 30.0, 30.0, 20.0, 40.0, -1.0]);
    let fan = capture_x(GL_TRIANGLES, GL_TRIANGLE_FAN, 4, 7);
    for triangle in fan[..6].chunks(3) {
        assert!(triangle.contains(&10.0), "every fan triangle has the centre: {fan:?}");
    }
    assert_eq!(fan[6], -1.0);
}

/// Captures `x` of a triangle strip 5, 3, 4, then `restart`, then a strip 0, 1, 2, with
/// restart turned on by `enable`.
fn capture_restarted_strips(restart: u16, enable: impl FnOnce()) -> Vec<f32> {
    capture_program(&["x"], GL_INTERLEAVED_ATTRIBS, 6);
    let buffer = capture_buffer(0, 8);
    let indices: [u16; 7] = [5, 3, 4, restart, 0, 1, 2];
    unsafe {
        let mut ebo = 0;
        glGenBuffers(1, &mut ebo);
        glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo);
        glBufferData(GL_ELEMENT_ARRAY_BUFFER, 14, indices.as_ptr().cast(), GL_STATIC_DRAW);
        enable();
        glBeginTransformFeedback(GL_TRIANGLES);
        glDrawElements(GL_TRIANGLE_STRIP, 7, GL_UNSIGNED_SHORT, std::ptr::null());
        glEndTransformFeedback();
    }
    assert_eq!(error(), GL_NO_ERROR);
    read_words(buffer, 8)
}

#[test]
fn indexed_draws_with_primitive_restart() {
    let _ctx = emulated_context();
    let two_triangles = [60.0, 40.0, 50.0, 10.0, 20.0, 30.0, -1.0, -1.0];
    let fixed = capture_restarted_strips(0xffff, || unsafe { glEnable(GL_PRIMITIVE_RESTART_FIXED_INDEX) });
    assert_eq!(fixed, two_triangles, "GL_PRIMITIVE_RESTART_FIXED_INDEX");
}

#[test]
fn indexed_draws_restarting_at_an_application_index() {
    let _ctx = emulated_context();
    let two_triangles = [60.0, 40.0, 50.0, 10.0, 20.0, 30.0, -1.0, -1.0];
    let largest = capture_restarted_strips(0xffff, || unsafe {
        glEnable(GL_PRIMITIVE_RESTART);
        glPrimitiveRestartIndex(0xffff);
    });
    assert_eq!(largest, two_triangles, "restart at the type's largest value");
    // Vertex 7 does not exist; as the restart index it must never be drawn.
    let other = capture_restarted_strips(7, || unsafe {
        glEnable(GL_PRIMITIVE_RESTART);
        glPrimitiveRestartIndex(7);
    });
    assert_eq!(other, two_triangles, "restart at index 7");
}

#[test]
fn separate_buffers() {
    let _ctx = emulated_context();
    capture_program(&["id", "gl_Position"], GL_SEPARATE_ATTRIBS, 3);
    let ids = capture_buffer(0, 4);
    let positions = capture_buffer(1, 12);
    unsafe {
        glBeginTransformFeedback(GL_POINTS);
        glDrawArrays(GL_POINTS, 0, 3);
        glEndTransformFeedback();
    }
    assert_eq!(error(), GL_NO_ERROR);
    let captured: Vec<u32> = read_words(ids, 4).iter().map(|f| f.to_bits()).collect();
    assert_eq!(captured, [0, 1, 2, (-1.0f32).to_bits()]);
    assert_eq!(&read_words(positions, 12)[4..8], &[2.0, 0.5, 0.0, 1.0]);
}

#[test]
fn skipped_components_keep_the_buffers_contents_and_next_buffer_moves_on() {
    let _ctx = emulated_context();
    let names = ["x", "gl_SkipComponents2", "gl_NextBuffer", "gl_SkipComponents1", "gl_Position", "gl_SkipComponents3"];
    capture_program(&names, GL_INTERLEAVED_ATTRIBS, 2);
    let first = capture_buffer(0, 2 * 3 + 1);
    let second = capture_buffer(1, 2 * 8 + 1);
    unsafe {
        glBeginTransformFeedback(GL_POINTS);
        glDrawArrays(GL_POINTS, 0, 2);
        glEndTransformFeedback();
    }
    assert_eq!(error(), GL_NO_ERROR);
    // Buffer 0: x, two skipped words; buffer 1: a skipped word, gl_Position, three skipped.
    assert_eq!(read_words(first, 7), [10.0, -1.0, -1.0, 20.0, -1.0, -1.0, -1.0]);
    let mut expected = Vec::new();
    for x in [1.0, 2.0] {
        expected.extend([-1.0, x, 0.5, 0.0, 1.0, -1.0, -1.0, -1.0]);
    }
    expected.push(-1.0);
    assert_eq!(read_words(second, 17), expected);
}

#[test]
fn instances_are_captured_one_after_another() {
    let _ctx = emulated_context();
    capture_program(&["id"], GL_INTERLEAVED_ATTRIBS, 4);
    let buffer = capture_buffer(0, 7);
    unsafe {
        glBeginTransformFeedback(GL_LINES);
        glDrawArraysInstanced(GL_LINES, 2, 2, 3);
        glEndTransformFeedback();
    }
    assert_eq!(error(), GL_NO_ERROR);
    let captured: Vec<u32> = read_words(buffer, 7).iter().map(|f| f.to_bits()).collect();
    assert_eq!(captured, [2, 3, 2, 3, 2, 3, (-1.0f32).to_bits()]);
}

#[test]
fn pauses_appends_and_whole_primitives_that_fit() {
    let _ctx = emulated_context();
    capture_program(&["x"], GL_INTERLEAVED_ATTRIBS, 6);
    let buffer = capture_buffer(0, 7);
    unsafe {
        // Only the first five words are bound: two lines fit, the third does not.
        glBindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, buffer, 0, 20);
        let mut written_query = 0;
        glGenQueries(1, &mut written_query);
        glBeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, written_query);
        glBeginTransformFeedback(GL_LINES);
        glDrawArrays(GL_LINES, 0, 2);
        glPauseTransformFeedback();
        glDrawArrays(GL_LINES, 2, 2);
        glResumeTransformFeedback();
        glDrawArrays(GL_LINES, 4, 2);
        glDrawArrays(GL_LINES, 0, 2);
        glEndTransformFeedback();
        glEndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);
        assert_eq!(error(), GL_NO_ERROR);
        assert_eq!(read_words(buffer, 7), [10.0, 20.0, 50.0, 60.0, -1.0, -1.0, -1.0]);
        let mut written = 0u32;
        glGetQueryObjectuiv(written_query, GL_QUERY_RESULT, &mut written);
        assert_eq!(written, 2, "the line that did not fit is not counted");

        // Drawing what was captured draws four vertices: two lines.
        let mut generated_query = 0;
        glGenQueries(1, &mut generated_query);
        glBeginQuery(GL_PRIMITIVES_GENERATED, generated_query);
        glDrawTransformFeedback(GL_LINES, 0);
        glEndQuery(GL_PRIMITIVES_GENERATED);
        assert_eq!(error(), GL_NO_ERROR);
        let mut generated = 0u32;
        glGetQueryObjectuiv(generated_query, GL_QUERY_RESULT, &mut generated);
        assert_eq!(generated, 2);
    }
}
