//! Transform feedback of what an emulated geometry shader emits, with the device's own
//! capture (GALVAN_EMULATE=gs) and with capture emulated too (gs,xfb): every check runs
//! in both. The captured buffer is read back: strips taken apart into GL's primitives
//! with EndPrimitive splitting them, amplification, points and lines, instanced
//! geometry-shader invocations, separate buffers, only whole primitives that fit, the
//! primitive queries and glDrawTransformFeedback (by programs with and without an
//! emulated geometry shader). Vertex streams 1 to 3 are captured with capture emulated
//! (each to its own buffers, counted per stream, drawn by glDrawTransformFeedbackStream)
//! and fail to link with an info-log line with the device's own capture. The emulation's
//! pass-through vertex shader, storing its captures, passes spirv-val.

mod common;

use common::capture::{capture_buffer, read_words};
use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::*;
use gl_frontend::{ContextConfig, Profile};

/// The two ways an emulated geometry shader is captured.
const EMULATIONS: [&str; 2] = ["gs", "gs,xfb"];

/// Hands the point at attribute 0 on.
const VS: &str = "#version 150
in vec4 pos;
void main() { gl_Position = pos; }";

/// Runs `check` once in a 4.6 core context of each of [`EMULATIONS`].
fn in_each_emulation(check: impl Fn(&str)) {
    for emulate in EMULATIONS {
        let _ctx = current_context_offered(ContextConfig { major: 4, minor: 6, profile: Profile::Core, emulate: Some(emulate), ..Default::default() });
        check(emulate);
    }
}

/// Links `VS` and `gs` capturing `names` in `mode`; the link status and info log.
fn link_capturing(gs: &str, names: &[&str], mode: GLenum) -> (GLuint, bool, String) {
    let cnames: Vec<std::ffi::CString> = names.iter().map(|n| std::ffi::CString::new(*n).unwrap()).collect();
    let ptrs: Vec<*const GLchar> = cnames.iter().map(|c| c.as_ptr()).collect();
    unsafe {
        let p = glCreateProgram();
        glAttachShader(p, compiled_shader(GL_VERTEX_SHADER, VS));
        glAttachShader(p, compiled_shader(GL_GEOMETRY_SHADER, gs));
        glBindAttribLocation(p, 0, c"pos".as_ptr());
        glTransformFeedbackVaryings(p, ptrs.len() as GLsizei, ptrs.as_ptr(), mode);
        glLinkProgram(p);
        let mut linked = 0;
        glGetProgramiv(p, GL_LINK_STATUS, &mut linked);
        let mut log = vec![0u8; 4096];
        let mut len = 0;
        glGetProgramInfoLog(p, 4096, &mut len, log.as_mut_ptr().cast());
        (p, linked == 1, String::from_utf8_lossy(&log[..len as usize]).into_owned())
    }
}

/// Uses `VS` and `gs` capturing `names` in `mode`, with rasterisation discarded and the
/// points `xs` (x = each value) at attribute 0.
fn use_capturing(gs: &str, names: &[&str], mode: GLenum, xs: &[f32]) {
    let (p, linked, log) = link_capturing(gs, names, mode);
    assert!(linked, "{log}");
    let data: Vec<f32> = xs.iter().flat_map(|&x| [x, 0.5, 0.0, 1.0]).collect();
    bound_vertex_array(&data, 4);
    unsafe {
        glUseProgram(p);
        glEnable(GL_RASTERIZER_DISCARD);
    }
}

/// A new query object.
fn query() -> GLuint {
    let mut q = 0;
    unsafe { glGenQueries(1, &mut q) };
    q
}

/// The result of `query`.
fn result(query: GLuint) -> u32 {
    let mut r = 0;
    unsafe { glGetQueryObjectuiv(query, GL_QUERY_RESULT, &mut r) };
    r
}

/// Each point becomes a strip of four vertices and, after EndPrimitive, one of three:
/// `value` is 100 x + the vertex's number in the point's output (0 to 6).
const TWO_STRIPS: &str = "#version 150
layout(points) in;
layout(triangle_strip, max_vertices = 8) out;
out float value;
void main() {
    float base = gl_in[0].gl_Position.x * 100.0;
    for (int i = 0; i < 7; i++) {
        gl_Position = vec4(float(i), 0.0, 0.0, 1.0);
        value = base + float(i);
        EmitVertex();
        if (i == 3) EndPrimitive();
    }
}";

/// Draws two points through [`TWO_STRIPS`] capturing triangles into a buffer of `words`
/// words, counting with both primitive queries; the buffer and the two counts.
fn capture_two_strips(words: usize) -> (Vec<f32>, u32, u32) {
    use_capturing(TWO_STRIPS, &["value"], GL_INTERLEAVED_ATTRIBS, &[1.0, 2.0]);
    let buffer = capture_buffer(0, words);
    let (generated, written) = (query(), query());
    unsafe {
        glBeginQuery(GL_PRIMITIVES_GENERATED, generated);
        glBeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, written);
        glBeginTransformFeedback(GL_TRIANGLES);
        glDrawArrays(GL_POINTS, 0, 2);
        glEndTransformFeedback();
        glEndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);
        glEndQuery(GL_PRIMITIVES_GENERATED);
    }
    assert_eq!(error(), GL_NO_ERROR);
    (read_words(buffer, words), result(generated), result(written))
}

/// The triangles of one point of [`TWO_STRIPS`] at x: the four-vertex strip's two, the
/// second ending at its provoking vertex (GL's last-vertex convention), then the
/// three-vertex strip's one.
fn two_strips_triangles(x: f32) -> Vec<f32> {
    [0.0, 1.0, 2.0, 2.0, 1.0, 3.0, 4.0, 5.0, 6.0].iter().map(|v| 100.0 * x + v).collect()
}

#[test]
fn emitted_strips_are_captured_as_triangles() {
    in_each_emulation(|emulate| {
        let (words, generated, written) = capture_two_strips(20);
        let mut expected = two_strips_triangles(1.0);
        expected.extend(two_strips_triangles(2.0));
        expected.extend([-1.0, -1.0]);
        assert_eq!(words, expected, "{emulate}");
        assert_eq!((generated, written), (6, 6), "{emulate}: primitives generated and written");
    });
}

#[test]
fn only_whole_triangles_that_fit_are_written() {
    in_each_emulation(|emulate| {
        // Ten words hold three triangles of the six.
        let (words, generated, written) = capture_two_strips(10);
        let mut expected = two_strips_triangles(1.0)[..9].to_vec();
        expected.push(-1.0);
        assert_eq!(words, expected, "{emulate}");
        assert_eq!((generated, written), (6, 3), "{emulate}: primitives generated and written");
    });
}

#[test]
fn line_strips_and_points_are_taken_apart() {
    // A strip of three vertices (two lines), then a single vertex, which makes no line.
    let lines = "#version 150
layout(points) in;
layout(line_strip, max_vertices = 4) out;
out float value;
void main() {
    for (int i = 0; i < 4; i++) {
        gl_Position = vec4(float(i), 0.0, 0.0, 1.0);
        value = gl_in[0].gl_Position.x * 10.0 + float(i);
        EmitVertex();
        if (i == 2) EndPrimitive();
    }
}";
    // Three points, EndPrimitive between the second and the third.
    let points = "#version 150
layout(points) in;
layout(points, max_vertices = 3) out;
out float value;
void main() {
    for (int i = 0; i < 3; i++) {
        gl_Position = vec4(0.0, 0.0, 0.0, 1.0);
        value = gl_in[0].gl_Position.x * 10.0 + float(i);
        EmitVertex();
        if (i == 1) EndPrimitive();
    }
}";
    in_each_emulation(|emulate| {
        use_capturing(lines, &["value"], GL_INTERLEAVED_ATTRIBS, &[1.0, 2.0]);
        let buffer = capture_buffer(0, 10);
        unsafe {
            glBeginTransformFeedback(GL_LINES);
            glDrawArrays(GL_POINTS, 0, 2);
            glEndTransformFeedback();
        }
        assert_eq!(error(), GL_NO_ERROR);
        assert_eq!(read_words(buffer, 10), [10.0, 11.0, 11.0, 12.0, 20.0, 21.0, 21.0, 22.0, -1.0, -1.0], "{emulate}: lines");

        use_capturing(points, &["value"], GL_INTERLEAVED_ATTRIBS, &[1.0, 2.0]);
        let buffer = capture_buffer(0, 7);
        unsafe {
            glBeginTransformFeedback(GL_POINTS);
            glDrawArrays(GL_POINTS, 0, 2);
            glEndTransformFeedback();
        }
        assert_eq!(error(), GL_NO_ERROR);
        assert_eq!(read_words(buffer, 7), [10.0, 11.0, 12.0, 20.0, 21.0, 22.0, -1.0], "{emulate}: points");
    });
}

#[test]
fn invocations_are_captured_in_primitive_then_invocation_order() {
    // Each triangle's invocations emit one point each: 10 * gl_PrimitiveIDIn + invocation,
    // and the triangle's first x in a separate buffer.
    let gs = "#version 150
#extension GL_ARB_gpu_shader5 : require
layout(triangles, invocations = 2) in;
layout(points, max_vertices = 1) out;
out float value;
out float first_x;
void main() {
    gl_Position = gl_in[0].gl_Position;
    value = float(gl_PrimitiveIDIn * 10 + gl_InvocationID);
    first_x = gl_in[0].gl_Position.x;
    EmitVertex();
}";
    in_each_emulation(|emulate| {
        use_capturing(gs, &["value", "first_x"], GL_SEPARATE_ATTRIBS, &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0]);
        let (values, xs) = (capture_buffer(0, 5), capture_buffer(1, 5));
        unsafe {
            glBeginTransformFeedback(GL_POINTS);
            // Two triangles; the seventh vertex makes none.
            glDrawArrays(GL_TRIANGLES, 0, 7);
            glEndTransformFeedback();
        }
        assert_eq!(error(), GL_NO_ERROR);
        assert_eq!(read_words(values, 5), [0.0, 1.0, 10.0, 11.0, -1.0], "{emulate}: values");
        assert_eq!(read_words(xs, 5), [1.0, 1.0, 4.0, 4.0, -1.0], "{emulate}: first x");
    });
}

#[test]
fn draws_append_and_draw_transform_feedback_draws_what_they_captured() {
    in_each_emulation(|emulate| unsafe {
        use_capturing(TWO_STRIPS, &["value"], GL_INTERLEAVED_ATTRIBS, &[1.0, 2.0]);
        let buffer = capture_buffer(0, 19);
        let mut tfo = 0;
        glGenTransformFeedbacks(1, &mut tfo);
        glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, tfo);
        glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, buffer);
        glBeginTransformFeedback(GL_TRIANGLES);
        glDrawArrays(GL_POINTS, 1, 1);
        glDrawArrays(GL_POINTS, 0, 1);
        glEndTransformFeedback();
        glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, 0);
        assert_eq!(error(), GL_NO_ERROR);
        let mut expected = two_strips_triangles(2.0);
        expected.extend(two_strips_triangles(1.0));
        expected.push(-1.0);
        assert_eq!(read_words(buffer, 19), expected, "{emulate}: the second draw follows the first");

        // What was captured, drawn by a program without a geometry shader: 18 vertices,
        // six triangles.
        let plain = glCreateProgram();
        glAttachShader(plain, compiled_shader(GL_VERTEX_SHADER, VS));
        glLinkProgram(plain);
        glUseProgram(plain);
        let generated = query();
        glBeginQuery(GL_PRIMITIVES_GENERATED, generated);
        glDrawTransformFeedback(GL_TRIANGLES, tfo);
        glEndQuery(GL_PRIMITIVES_GENERATED);
        assert_eq!(error(), GL_NO_ERROR);
        assert_eq!(result(generated), 6, "{emulate}: the captured vertices");

        // And by the geometry program, reading the captured values as x: three triangles
        // for each of the 18 points.
        let (gs_program, linked, log) = link_capturing(TWO_STRIPS, &["value"], GL_INTERLEAVED_ATTRIBS);
        assert!(linked, "{log}");
        glUseProgram(gs_program);
        glBindBuffer(GL_ARRAY_BUFFER, buffer);
        glVertexAttribPointer(0, 1, GL_FLOAT, 0, 0, std::ptr::null());
        let generated = query();
        glBeginQuery(GL_PRIMITIVES_GENERATED, generated);
        glDrawTransformFeedback(GL_POINTS, tfo);
        glEndQuery(GL_PRIMITIVES_GENERATED);
        assert_eq!(error(), GL_NO_ERROR);
        assert_eq!(result(generated), 18 * 3, "{emulate}: the geometry shader's triangles");
    });
}

/// Each point emits one vertex to stream 0 and two to stream 1, which is never drawn,
/// only captured: `a` is x, `b` 10 x and then 100 x.
const TWO_STREAMS: &str = "#version 400
layout(points) in;
layout(points, max_vertices = 3) out;
layout(stream = 0) out float a;
layout(stream = 1) out float b;
void main() {
    float x = gl_in[0].gl_Position.x;
    gl_Position = gl_in[0].gl_Position;
    a = x;
    EmitStreamVertex(0);
    EndStreamPrimitive(0);
    b = 10.0 * x;
    EmitStreamVertex(1);
    b = 100.0 * x;
    EmitStreamVertex(1);
    EndStreamPrimitive(1);
}";

#[test]
fn a_capture_of_another_stream_links_only_with_capture_emulated_too() {
    in_each_emulation(|emulate| {
        let (_, linked, log) = link_capturing(TWO_STREAMS, &["a", "gl_NextBuffer", "b"], GL_INTERLEAVED_ATTRIBS);
        if emulate == "gs" {
            assert!(!linked, "{emulate}");
            assert!(log.contains("vertex streams other than 0"), "{emulate}: {log}");
        } else {
            assert!(linked, "{emulate}: {log}");
        }
        assert_eq!(error(), GL_NO_ERROR);
    });
}

/// A query object of `target` for vertex stream `stream`, begun.
fn begin_indexed(target: GLenum, stream: GLuint) -> GLuint {
    let q = query();
    unsafe { glBeginQueryIndexed(target, stream, q) };
    q
}

#[test]
fn two_streams_are_captured_to_their_own_buffers_and_counted_apart() {
    let _ctx = current_context_offered(ContextConfig { major: 4, minor: 6, profile: Profile::Core, emulate: Some("gs,xfb"), ..Default::default() });
    let mut streams = 0;
    unsafe { glGetIntegerv(GL_MAX_VERTEX_STREAMS, &mut streams) };
    assert_eq!(streams, 4);
    use_capturing(TWO_STREAMS, &["a", "gl_NextBuffer", "b"], GL_INTERLEAVED_ATTRIBS, &[1.0, 2.0, 3.0]);
    // Room for all three of stream 0's points, five of stream 1's six.
    let first = capture_buffer(0, 4);
    let second = capture_buffer(1, 5);
    let mut tfo = 0;
    unsafe {
        glGenTransformFeedbacks(1, &mut tfo);
        glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, tfo);
        glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, first);
        glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 1, second);
    }
    let queries: Vec<(GLenum, GLuint, GLuint)> = [GL_PRIMITIVES_GENERATED, GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN]
        .into_iter()
        .flat_map(|target| (0..3).map(move |stream| (target, stream)))
        .map(|(target, stream)| (target, stream, begin_indexed(target, stream)))
        .collect();
    unsafe {
        glBeginTransformFeedback(GL_POINTS);
        glDrawArrays(GL_POINTS, 0, 3);
        glEndTransformFeedback();
        for &(target, stream, _) in &queries {
            glEndQueryIndexed(target, stream);
        }
        glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, 0);
    }
    assert_eq!(error(), GL_NO_ERROR);
    assert_eq!(read_words(first, 4), [1.0, 2.0, 3.0, -1.0], "stream 0");
    assert_eq!(read_words(second, 5), [10.0, 100.0, 20.0, 200.0, 30.0], "stream 1: the points that fit");
    let counts: Vec<u32> = queries.iter().map(|&(_, _, q)| result(q)).collect();
    assert_eq!(counts, [3, 6, 0, 3, 5, 0], "generated then written, streams 0 to 2");

    // glDrawTransformFeedbackStream draws what each stream captured.
    unsafe {
        let plain = glCreateProgram();
        glAttachShader(plain, compiled_shader(GL_VERTEX_SHADER, VS));
        glLinkProgram(plain);
        glUseProgram(plain);
        for (stream, vertices) in [(0, 3), (1, 5), (2, 0)] {
            let generated = query();
            glBeginQuery(GL_PRIMITIVES_GENERATED, generated);
            glDrawTransformFeedbackStream(GL_POINTS, tfo, stream);
            glEndQuery(GL_PRIMITIVES_GENERATED);
            assert_eq!(error(), GL_NO_ERROR);
            assert_eq!(result(generated), vertices, "the points stream {stream} captured");
        }
    }
}

#[test]
fn other_streams_are_counted_without_capture() {
    let _ctx = current_context_offered(ContextConfig { major: 4, minor: 6, profile: Profile::Core, emulate: Some("gs,xfb"), ..Default::default() });
    use_capturing(TWO_STREAMS, &["a"], GL_INTERLEAVED_ATTRIBS, &[1.0, 2.0]);
    let generated = begin_indexed(GL_PRIMITIVES_GENERATED, 1);
    unsafe {
        glDrawArrays(GL_POINTS, 0, 2);
        glEndQueryIndexed(GL_PRIMITIVES_GENERATED, 1);
    }
    assert_eq!(error(), GL_NO_ERROR);
    assert_eq!(result(generated), 4, "stream 1's points");
}

/// The pass-through vertex shader of a captured geometry shader, lowered for a device
/// without capture, stores every captured word and passes spirv-val.
#[test]
fn the_capturing_passthrough_vertex_shader_is_valid_spirv() {
    use common::spirv::{compile, spirv_val};
    use nir_like::passes::*;
    let gs = "#version 150
layout(triangles) in;
layout(triangle_strip, max_vertices = 3) out;
out vec3 n;
out float f[2];
void main() {
    for (int i = 0; i < 3; i++) {
        gl_Position = gl_in[i].gl_Position;
        n = gl_in[i].gl_Position.xyz;
        f[0] = 1.0; f[1] = float(i);
        EmitVertex();
    }
}";
    let stages = [compile(glsl::Stage::Vertex, VS), compile(glsl::Stage::Geometry, gs)];
    let refs: Vec<&glsl::CompiledShader> = stages.iter().collect();
    let options = glsl::LinkOptions { transform_feedback_varyings: vec!["gl_Position".into(), "n".into(), "f[1]".into()], ..Default::default() };
    let p = glsl::link_program(&refs, &options);
    assert!(p.success, "{}", p.info_log);
    let mut ir = p.stages.iter().find(|s| s.stage == glsl::Stage::Geometry).unwrap().ir.clone().unwrap();
    let caps = nir_like::Caps { transform_feedback: false, geometry_shader: false, ..device().caps() };
    lower_for_caps(&mut ir, &caps, &LowerOptions::default());
    let layout = RecordLayout::of_outputs(&ir);
    let mut vs = build_gs_passthrough_vertex(&ir, &GsPassthrough { set: 0, vertices_binding: 485, layout, primitive_id_location: None, points: false });
    assert!(vs.variables.iter().any(|(_, v)| v.xfb.is_some()), "the outputs keep the geometry shader's capture decorations");
    let strides = &p.interface.transform_feedback.strides;
    assert_eq!(strides[0], 4 * (4 + 3 + 1));
    let storage = XfbStorage { set: 0, records_binding: 480, params_binding: 481, layout: XfbRecordLayout::from_strides(strides) };
    lower_for_caps(&mut vs, &caps, &LowerOptions { last_pre_rasterization: true, xfb_storage: Some(storage), ..Default::default() });
    let text = nir_like::print_shader(&vs);
    assert!(vs.variables.iter().all(|(_, v)| v.xfb.is_none()), "{text}");
    assert!(vs.variables.iter().any(|(_, v)| v.name == "gl_XfbRecords" && v.binding == Some(480)), "{text}");
    let words = spirv_out::emit(&vs, &spirv_out::EmitOptions { spirv_version: (1, 3), debug_names: true }).unwrap();
    if let Err(msg) = spirv_val(&words, "capturing pass-through vertex") {
        panic!("spirv-val rejected the shader:\n{msg}\n{text}");
    }
}
