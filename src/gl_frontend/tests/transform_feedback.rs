//! Transform feedback on the machine's Vulkan device: captured values read back from the
//! buffers (interleaved with array elements, skipped components and gl_Position;
//! separate buffers), appending across draws and pauses, the primitives-written query,
//! glDrawTransformFeedback, glGetTransformFeedbackVarying and the errors GL lists.

mod common;

use common::capture::{capture_buffer, read_words};
use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::*;
use gl_frontend::Profile;

const VERTEX: &str = "#version 330
layout(location = 0) in vec4 pos;
out vec4 a;
out float b[3];
flat out ivec2 c;
void main() {
    gl_Position = pos;
    a = pos * 2.0;
    b[0] = pos.x + 10.0;
    b[1] = pos.x + 20.0;
    b[2] = pos.x + 30.0;
    c = ivec2(gl_VertexID, -gl_VertexID);
}
";

/// The capturing program of this file's vertex shader (see `common::capture`).
fn capture_program(names: &[&str], mode: GLenum, points: usize) -> GLuint {
    common::capture::capture_program(VERTEX, names, mode, points)
}

#[test]
fn interleaved_capture_with_elements_skips_and_position() {
    let _ctx = current_context_with_override(4, 6, Profile::Core);
    capture_program(&["b[1]", "gl_SkipComponents1", "a", "gl_Position"], GL_INTERLEAVED_ATTRIBS, 2);
    let buffer = capture_buffer(0, 2 * 10 + 2);
    unsafe {
        glBeginTransformFeedback(GL_POINTS);
        glDrawArrays(GL_POINTS, 0, 2);
        glEndTransformFeedback();
    }
    assert_eq!(error(), GL_NO_ERROR);
    let words = read_words(buffer, 22);
    for v in 0..2 {
        let x = v as f32 + 1.0;
        let record = &words[v * 10..v * 10 + 10];
        assert_eq!(record[0], x + 20.0, "b[1] of vertex {v}");
        assert_eq!(record[1], -1.0, "the skipped component keeps its contents");
        assert_eq!(&record[2..6], &[2.0 * x, 1.0, 0.0, 2.0], "a of vertex {v}");
        assert_eq!(&record[6..10], &[x, 0.5, 0.0, 1.0], "gl_Position of vertex {v}");
    }
    assert_eq!(&words[20..], &[-1.0, -1.0], "nothing past the captured vertices");
}

#[test]
fn separate_buffers_and_varying_queries() {
    let _ctx = current_context_with_override(4, 6, Profile::Core);
    let p = capture_program(&["c", "b"], GL_SEPARATE_ATTRIBS, 3);
    let ints = capture_buffer(0, 6);
    let floats = capture_buffer(1, 9);
    unsafe {
        glBeginTransformFeedback(GL_POINTS);
        glDrawArrays(GL_POINTS, 0, 3);
        glEndTransformFeedback();
    }
    assert_eq!(error(), GL_NO_ERROR);
    let captured: Vec<i32> = read_words(ints, 6).iter().map(|f| f.to_bits() as i32).collect();
    assert_eq!(captured, vec![0, 0, 1, -1, 2, -2]);
    let b = read_words(floats, 9);
    assert_eq!(&b[3..6], &[12.0, 22.0, 32.0], "b[] of the second vertex");

    let mut value = 0;
    unsafe {
        glGetProgramiv(p, GL_TRANSFORM_FEEDBACK_VARYINGS, &mut value);
        assert_eq!(value, 2);
        glGetProgramiv(p, GL_TRANSFORM_FEEDBACK_BUFFER_MODE, &mut value);
        assert_eq!(value as GLenum, GL_SEPARATE_ATTRIBS);
        glGetProgramiv(p, GL_TRANSFORM_FEEDBACK_VARYING_MAX_LENGTH, &mut value);
        assert_eq!(value, 2);
        let (mut len, mut size, mut ty) = (0, 0, 0);
        let mut name = [0 as GLchar; 16];
        glGetTransformFeedbackVarying(p, 1, 16, &mut len, &mut size, &mut ty, name.as_mut_ptr());
        assert_eq!((len, size, ty), (1, 3, GL_FLOAT));
        glGetTransformFeedbackVarying(p, 0, 16, &mut len, &mut size, &mut ty, name.as_mut_ptr());
        assert_eq!((len, size, ty), (1, 1, GL_INT_VEC2));
        glGetTransformFeedbackVarying(p, 2, 16, &mut len, &mut size, &mut ty, name.as_mut_ptr());
        assert_eq!(error(), GL_INVALID_VALUE);
        let mut bound = 0;
        glGetIntegeri_v(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 1, &mut bound);
        assert_eq!(bound as GLuint, floats);
    }
}

#[test]
fn captures_append_across_draws_and_pauses() {
    let _ctx = current_context_with_override(4, 6, Profile::Core);
    capture_program(&["gl_Position"], GL_INTERLEAVED_ATTRIBS, 4);
    let buffer = capture_buffer(0, 4 * 4);
    unsafe {
        let mut q = 0;
        glGenQueries(1, &mut q);
        glBeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, q);
        glBeginTransformFeedback(GL_POINTS);
        glDrawArrays(GL_POINTS, 0, 2);
        glPauseTransformFeedback();
        glDrawArrays(GL_POINTS, 3, 1);
        glResumeTransformFeedback();
        glDrawArrays(GL_POINTS, 2, 1);
        glEndTransformFeedback();
        glEndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);
        assert_eq!(error(), GL_NO_ERROR);
        let xs: Vec<f32> = read_words(buffer, 16).chunks(4).map(|v| v[0]).collect();
        assert_eq!(xs, vec![1.0, 2.0, 3.0, -1.0], "the paused draw is not captured");
        let mut written = 0u32;
        glGetQueryObjectuiv(q, GL_QUERY_RESULT, &mut written);
        assert_eq!(written, 3);

        // Drawing what was captured draws three points.
        let mut generated_query = 0;
        glGenQueries(1, &mut generated_query);
        glBeginQuery(GL_PRIMITIVES_GENERATED, generated_query);
        glDrawTransformFeedback(GL_POINTS, 0);
        glEndQuery(GL_PRIMITIVES_GENERATED);
        assert_eq!(error(), GL_NO_ERROR);
        let mut generated = 0u32;
        glGetQueryObjectuiv(generated_query, GL_QUERY_RESULT, &mut generated);
        assert_eq!(generated, 3);
    }
}

#[test]
fn errors_gl_lists() {
    let _ctx = current_context_with_override(4, 6, Profile::Core);
    let p = capture_program(&["a"], GL_INTERLEAVED_ATTRIBS, 3);
    unsafe {
        // No buffer bound to the binding the program writes.
        glBeginTransformFeedback(GL_POINTS);
        assert_eq!(error(), GL_INVALID_OPERATION);
        glBeginTransformFeedback(GL_LINE_STRIP);
        assert_eq!(error(), GL_INVALID_ENUM);
        let buffer = capture_buffer(0, 64);
        glBindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, buffer, 0, 6);
        assert_eq!(error(), GL_INVALID_VALUE);
        glBindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 4, buffer, 0, 16);
        assert_eq!(error(), GL_INVALID_VALUE);
        glEndTransformFeedback();
        assert_eq!(error(), GL_INVALID_OPERATION);

        glBeginTransformFeedback(GL_POINTS);
        assert_eq!(error(), GL_NO_ERROR);
        glBeginTransformFeedback(GL_POINTS);
        assert_eq!(error(), GL_INVALID_OPERATION);
        glDrawArrays(GL_TRIANGLES, 0, 3);
        assert_eq!(error(), GL_INVALID_OPERATION, "the draw mode must match the capture");
        glUseProgram(0);
        assert_eq!(error(), GL_INVALID_OPERATION);
        glLinkProgram(p);
        assert_eq!(error(), GL_INVALID_OPERATION);
        glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, 0);
        assert_eq!(error(), GL_INVALID_OPERATION);
        let mut active = 0;
        glGetIntegerv(GL_TRANSFORM_FEEDBACK_ACTIVE, &mut active);
        assert_eq!(active, 1);
        glPauseTransformFeedback();
        glUseProgram(0);
        assert_eq!(error(), GL_NO_ERROR, "a paused capture lets the program change");
        glResumeTransformFeedback();
        assert_eq!(error(), GL_INVALID_OPERATION, "resuming needs the capture's program");
        glUseProgram(p);
        glResumeTransformFeedback();
        glEndTransformFeedback();
        assert_eq!(error(), GL_NO_ERROR);

        // Objects: names from glGen exist once bound.
        let mut xfb = 0;
        glGenTransformFeedbacks(1, &mut xfb);
        assert_eq!(glIsTransformFeedback(xfb), 0);
        glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, xfb);
        assert_eq!(glIsTransformFeedback(xfb), 1);
        glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, xfb + 100);
        assert_eq!(error(), GL_INVALID_OPERATION);
        let mut binding = 0;
        glGetTransformFeedbacki_v(xfb, GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 0, &mut binding);
        assert_eq!(binding, 0, "a new object has its own bindings");
        glDrawTransformFeedback(GL_POINTS, xfb);
        assert_eq!(error(), GL_INVALID_OPERATION, "never ended");
        glDeleteTransformFeedbacks(1, &xfb);
        let mut bound = -1;
        glGetIntegerv(GL_TRANSFORM_FEEDBACK_BINDING, &mut bound);
        assert_eq!(bound, 0);
    }
}

#[test]
fn link_errors() {
    let _ctx = current_context_with_override(4, 6, Profile::Core);
    let vs = compiled_shader(GL_VERTEX_SHADER, VERTEX);
    for (names, mode) in [
        (&["nonexistent"][..], GL_INTERLEAVED_ATTRIBS),
        (&["b[3]"][..], GL_INTERLEAVED_ATTRIBS),
        (&["a", "a"][..], GL_INTERLEAVED_ATTRIBS),
        (&["b[0].x"][..], GL_INTERLEAVED_ATTRIBS),
    ] {
        let (_, linked) = common::capture::program_with_varyings(vs, names, mode);
        assert!(!linked, "{names:?} does not link");
    }
    // ARB_transform_feedback3's markers are refused outright in separate mode.
    let names = [c"b".as_ptr(), c"gl_NextBuffer".as_ptr()];
    unsafe {
        let p = glCreateProgram();
        glTransformFeedbackVaryings(p, 2, names.as_ptr(), GL_SEPARATE_ATTRIBS);
        assert_eq!(error(), GL_INVALID_OPERATION);
        glTransformFeedbackVaryings(p, 2, names.as_ptr(), GL_INTERLEAVED_ATTRIBS);
        assert_eq!(error(), GL_NO_ERROR);
    }
}
