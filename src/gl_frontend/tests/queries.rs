//! Query objects and conditional rendering on the machine's Vulkan device: samples counted
//! across flushes, boolean occlusion results, primitives generated, elapsed time and
//! timestamps, the errors GL specifies, and draws discarded by a failed condition.

mod common;

use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::*;

const VERTEX: &str = "#version 120\nattribute vec2 pos;\nuniform float depth;\nvoid main() { gl_Position = vec4(pos, depth, 1.0); }\n";
const FRAGMENT: &str = "#version 120\nuniform vec4 color;\nvoid main() { gl_FragColor = color; }\n";

/// A program drawing `pos` at `depth` in `color`, current, with a full-window quad bound.
fn setup() -> GLuint {
    let p = linked_program(&[(GL_VERTEX_SHADER, VERTEX), (GL_FRAGMENT_SHADER, FRAGMENT)]);
    let quad: [[f32; 2]; 6] = [[-1.0, -1.0], [1.0, -1.0], [1.0, 1.0], [-1.0, -1.0], [1.0, 1.0], [-1.0, 1.0]];
    unsafe {
        glUseProgram(p);
        let mut vbo = 0;
        glGenBuffers(1, &mut vbo);
        glBindBuffer(GL_ARRAY_BUFFER, vbo);
        glBufferData(GL_ARRAY_BUFFER, std::mem::size_of_val(&quad) as isize, quad.as_ptr().cast(), GL_STATIC_DRAW);
        let loc = glGetAttribLocation(p, c"pos".as_ptr()) as GLuint;
        glVertexAttribPointer(loc, 2, GL_FLOAT, 0, 0, std::ptr::null());
        glEnableVertexAttribArray(loc);
        glClearColor(0.0, 0.0, 0.0, 1.0);
        glClearDepth(1.0);
        glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    }
    set(p, [0.0, 1.0, 0.0, 1.0], 0.0);
    p
}

fn set(p: GLuint, color: [f32; 4], depth: f32) {
    unsafe {
        glUniform4f(glGetUniformLocation(p, c"color".as_ptr()), color[0], color[1], color[2], color[3]);
        glUniform1f(glGetUniformLocation(p, c"depth".as_ptr()), depth);
    }
}

fn draw_quad() {
    unsafe { glDrawArrays(GL_TRIANGLES, 0, 6) };
}

fn result_u64(q: GLuint) -> u64 {
    let mut v = 0u64;
    unsafe { glGetQueryObjectui64v(q, GL_QUERY_RESULT, &mut v) };
    v
}

fn new_query() -> GLuint {
    let mut q = 0;
    unsafe { glGenQueries(1, &mut q) };
    q
}

const WINDOW_PIXELS: u64 = 64 * 32;

#[test]
fn samples_passed_sums_across_flushes_and_read_backs() {
    let _ctx = current_compat_context();
    setup();
    let q = new_query();
    unsafe {
        glBeginQuery(GL_SAMPLES_PASSED, q);
        draw_quad();
        glFlush();
        draw_quad();
        // A read-back ends the batch in the middle of the query.
        assert_eq!(pixel(3, 3), [0, 255, 0, 255]);
        draw_quad();
        glEndQuery(GL_SAMPLES_PASSED);
    }
    assert_eq!(result_u64(q), 3 * WINDOW_PIXELS);
    let mut available = 0;
    unsafe { glGetQueryObjectiv(q, GL_QUERY_RESULT_AVAILABLE, &mut available) };
    assert_eq!(available, 1);
    assert_eq!(error(), GL_NO_ERROR);
}

#[test]
fn samples_passed_counts_only_draws_inside_the_query() {
    let _ctx = current_compat_context();
    setup();
    let q = new_query();
    unsafe {
        draw_quad(); // before: not counted, though in the same rendering
        glBeginQuery(GL_SAMPLES_PASSED, q);
        glEndQuery(GL_SAMPLES_PASSED);
        draw_quad(); // after: not counted
    }
    assert_eq!(result_u64(q), 0);
    assert_eq!(error(), GL_NO_ERROR);
}

#[test]
fn depth_test_decides_any_samples_passed() {
    let _ctx = current_compat_context();
    let p = setup();
    let (hidden, visible) = (new_query(), new_query());
    unsafe {
        glEnable(GL_DEPTH_TEST);
        draw_quad(); // depth 0.5 everywhere
        set(p, [1.0, 0.0, 0.0, 1.0], 0.5); // behind: fails GL_LESS
        glBeginQuery(GL_ANY_SAMPLES_PASSED, hidden);
        draw_quad();
        glEndQuery(GL_ANY_SAMPLES_PASSED);
        set(p, [1.0, 0.0, 0.0, 1.0], -0.5);
        glBeginQuery(GL_ANY_SAMPLES_PASSED, visible);
        draw_quad();
        glEndQuery(GL_ANY_SAMPLES_PASSED);
    }
    assert_eq!(result_u64(hidden), 0);
    // A boolean result: GL_TRUE, not the sample count.
    assert_eq!(result_u64(visible), 1);
    assert_eq!(error(), GL_NO_ERROR);
}

#[test]
fn primitives_generated_counts_triangles() {
    let _ctx = current_compat_context();
    setup();
    let q = new_query();
    unsafe {
        glBeginQuery(GL_PRIMITIVES_GENERATED, q);
        draw_quad();
        draw_quad();
        glEndQuery(GL_PRIMITIVES_GENERATED);
    }
    assert_eq!(result_u64(q), 4);
    assert_eq!(error(), GL_NO_ERROR);
}

#[test]
fn timestamps_increase_and_bracket_elapsed_time() {
    let _ctx = current_compat_context();
    setup();
    let (start, elapsed, end) = (new_query(), new_query(), new_query());
    let mut before = 0i64;
    unsafe {
        glGetInteger64v(GL_TIMESTAMP, &mut before);
        glQueryCounter(start, GL_TIMESTAMP);
        glBeginQuery(GL_TIME_ELAPSED, elapsed);
        for _ in 0..20 {
            draw_quad();
        }
        glEndQuery(GL_TIME_ELAPSED);
        glQueryCounter(end, GL_TIMESTAMP);
    }
    let (t0, dt, t1) = (result_u64(start), result_u64(elapsed), result_u64(end));
    assert!(before as u64 <= t0, "glGet GL_TIMESTAMP {before} after the counter {t0}");
    assert!(t0 < t1, "timestamps {t0} then {t1}");
    assert!(dt > 0 && dt <= t1 - t0, "elapsed {dt} outside {t0}..{t1}");
    let mut bits = 0;
    unsafe { glGetQueryiv(GL_TIMESTAMP, GL_QUERY_COUNTER_BITS, &mut bits) };
    assert_eq!(bits, 64);
    assert_eq!(error(), GL_NO_ERROR);
}

#[test]
fn query_errors_follow_the_specification() {
    let _ctx = current_compat_context();
    setup();
    let (a, b) = (new_query(), new_query());
    let mut v = 0;
    unsafe {
        glBeginQuery(GL_TIMESTAMP, a);
        assert_eq!(error(), GL_INVALID_ENUM);
        glBeginQuery(GL_SAMPLES_PASSED, 0);
        assert_eq!(error(), GL_INVALID_OPERATION);
        glEndQuery(GL_SAMPLES_PASSED);
        assert_eq!(error(), GL_INVALID_OPERATION, "no active query");
        glBeginQuery(GL_SAMPLES_PASSED, a);
        assert_eq!(error(), GL_NO_ERROR);
        glBeginQuery(GL_ANY_SAMPLES_PASSED, b);
        assert_eq!(error(), GL_INVALID_OPERATION, "occlusion targets share one binding");
        glBeginQuery(GL_PRIMITIVES_GENERATED, a);
        assert_eq!(error(), GL_INVALID_OPERATION, "already active under another target");
        glGetQueryObjectiv(a, GL_QUERY_RESULT, &mut v);
        assert_eq!(error(), GL_INVALID_OPERATION, "result of an active query");
        glGetQueryiv(GL_SAMPLES_PASSED, GL_CURRENT_QUERY, &mut v);
        assert_eq!(v as GLuint, a);
        glGetQueryiv(GL_ANY_SAMPLES_PASSED, GL_CURRENT_QUERY, &mut v);
        assert_eq!(v, 0);
        glEndQuery(GL_ANY_SAMPLES_PASSED);
        assert_eq!(error(), GL_INVALID_OPERATION, "ended under another target");
        glEndQuery(GL_SAMPLES_PASSED);
        glBeginQuery(GL_TIME_ELAPSED, a);
        assert_eq!(error(), GL_INVALID_OPERATION, "a name keeps its target");
        glBeginQueryIndexed(GL_PRIMITIVES_GENERATED, 4, b);
        assert_eq!(error(), GL_INVALID_VALUE);
        glBeginQueryIndexed(GL_SAMPLES_PASSED, 1, b);
        assert_eq!(error(), GL_INVALID_VALUE);
        glGetQueryObjectiv(a, GL_QUERY_COUNTER_BITS, &mut v);
        assert_eq!(error(), GL_INVALID_ENUM);
        glGetQueryObjectiv(12345, GL_QUERY_RESULT, &mut v);
        assert_eq!(error(), GL_INVALID_OPERATION, "not a query object");
        glQueryCounter(a, GL_TIMESTAMP);
        assert_eq!(error(), GL_INVALID_OPERATION, "an occlusion query's name");
        glGenQueries(-1, &mut v as *mut GLint as *mut GLuint);
        assert_eq!(error(), GL_INVALID_VALUE);
        assert_eq!(glIsQuery(a), 1);
        assert_eq!(glIsQuery(b), 0, "only generated, never begun");
        glDeleteQueries(1, &a);
        assert_eq!(glIsQuery(a), 0);
    }
}

#[test]
fn conditional_render_discards_draws_of_a_failed_query() {
    let _ctx = current_compat_context();
    let p = setup();
    let (none, some) = (new_query(), new_query());
    unsafe {
        glBeginQuery(GL_SAMPLES_PASSED, none);
        glEndQuery(GL_SAMPLES_PASSED);
        glBeginQuery(GL_SAMPLES_PASSED, some);
        draw_quad();
        glEndQuery(GL_SAMPLES_PASSED);

        set(p, [1.0, 0.0, 0.0, 1.0], 0.0);
        glBeginConditionalRender(none, GL_QUERY_WAIT);
        draw_quad();
        glEndConditionalRender();
        assert_eq!(pixel(5, 5), [0, 255, 0, 255], "drawn though its query found nothing");

        glBeginConditionalRender(none, GL_QUERY_WAIT_INVERTED);
        draw_quad();
        glEndConditionalRender();
        assert_eq!(pixel(5, 5), [255, 0, 0, 255], "inverted condition discarded the draw");

        set(p, [0.0, 0.0, 1.0, 1.0], 0.0);
        glBeginConditionalRender(some, GL_QUERY_NO_WAIT);
        draw_quad();
        glEndConditionalRender();
        assert_eq!(pixel(5, 5), [0, 0, 255, 255]);

        glClearColor(1.0, 1.0, 1.0, 1.0);
        glBeginConditionalRender(none, GL_QUERY_BY_REGION_WAIT);
        glClear(GL_COLOR_BUFFER_BIT);
        glEndConditionalRender();
        assert_eq!(pixel(5, 5), [0, 0, 255, 255], "clear discarded");
        assert_eq!(error(), GL_NO_ERROR);

        glBeginConditionalRender(0, GL_QUERY_WAIT);
        assert_eq!(error(), GL_INVALID_VALUE);
        glBeginConditionalRender(none, GL_SAMPLES_PASSED);
        assert_eq!(error(), GL_INVALID_ENUM);
        glEndConditionalRender();
        assert_eq!(error(), GL_INVALID_OPERATION);
        glBeginConditionalRender(none, GL_QUERY_WAIT);
        glBeginConditionalRender(none, GL_QUERY_WAIT);
        assert_eq!(error(), GL_INVALID_OPERATION);
        glBeginQuery(GL_SAMPLES_PASSED, none);
        assert_eq!(error(), GL_INVALID_OPERATION, "the condition's query cannot restart");
        glEndConditionalRender();
        assert_eq!(error(), GL_NO_ERROR);
    }
}

#[test]
fn query_results_land_in_the_query_buffer() {
    let _ctx = current_compat_context();
    setup();
    let q = new_query();
    let mut out = [0xffu8; 24];
    unsafe {
        glBeginQuery(GL_SAMPLES_PASSED, q);
        draw_quad();
        glEndQuery(GL_SAMPLES_PASSED);
        let mut buffer = 0;
        glGenBuffers(1, &mut buffer);
        glBindBuffer(GL_QUERY_BUFFER, buffer);
        glBufferData(GL_QUERY_BUFFER, 24, out.as_ptr().cast(), GL_STATIC_DRAW);
        // With a query buffer bound, the pointer argument is an offset into it.
        glGetQueryObjectui64v(q, GL_QUERY_RESULT, 8 as *mut GLuint64);
        glGetQueryObjectuiv(q, GL_QUERY_RESULT_AVAILABLE, 16 as *mut GLuint);
        assert_eq!(error(), GL_NO_ERROR);
        glGetQueryObjectui64v(q, GL_QUERY_RESULT, 20 as *mut GLuint64);
        assert_eq!(error(), GL_INVALID_OPERATION, "past the buffer's end");
        glGetQueryBufferObjectuiv(q, buffer, GL_QUERY_RESULT, 0);
        glGetBufferSubData(GL_QUERY_BUFFER, 0, 24, out.as_mut_ptr().cast());
        glBindBuffer(GL_QUERY_BUFFER, 0);
    }
    assert_eq!(u32::from_le_bytes(out[0..4].try_into().unwrap()) as u64, WINDOW_PIXELS);
    assert_eq!(out[4..8], [0xff; 4], "a 32-bit result writes 4 bytes");
    assert_eq!(u64::from_le_bytes(out[8..16].try_into().unwrap()), WINDOW_PIXELS);
    assert_eq!(u32::from_le_bytes(out[16..20].try_into().unwrap()), 1);
    assert_eq!(error(), GL_NO_ERROR);
}

/// A result written into a buffer is what a later draw reads from it: here the instance
/// count of an indirect draw, so the query's answer decides whether the draw draws.
#[test]
fn indirect_draw_reads_a_query_result_from_its_buffer() {
    let _ctx = current_compat_context();
    let p = setup();
    let (hidden, visible) = (new_query(), new_query());
    // Two DrawArraysIndirectCommands (count, instanceCount, first, baseInstance); each
    // instance count is overwritten by a query result.
    let commands: [u32; 8] = [6, 7, 0, 0, 6, 7, 0, 0];
    unsafe {
        glEnable(GL_DEPTH_TEST);
        draw_quad(); // green at depth 0
        set(p, [1.0, 0.0, 0.0, 1.0], 0.5);
        glBeginQuery(GL_ANY_SAMPLES_PASSED, hidden);
        draw_quad(); // behind: fails GL_LESS
        glEndQuery(GL_ANY_SAMPLES_PASSED);
        set(p, [1.0, 0.0, 0.0, 1.0], -0.5);
        glColorMask(0, 0, 0, 0);
        glBeginQuery(GL_ANY_SAMPLES_PASSED, visible);
        draw_quad(); // in front, but writes no colour
        glEndQuery(GL_ANY_SAMPLES_PASSED);
        glColorMask(1, 1, 1, 1);
        glDisable(GL_DEPTH_TEST);

        let mut buffer = 0;
        glGenBuffers(1, &mut buffer);
        glBindBuffer(GL_DRAW_INDIRECT_BUFFER, buffer);
        glBufferData(GL_DRAW_INDIRECT_BUFFER, 32, commands.as_ptr().cast(), GL_STATIC_DRAW);
        set(p, [0.0, 0.0, 1.0, 1.0], 0.0);
        glGetQueryBufferObjectuiv(hidden, buffer, GL_QUERY_RESULT, 4);
        glDrawArraysIndirect(GL_TRIANGLES, std::ptr::null());
        assert_eq!(pixel(3, 3), [0, 255, 0, 255], "no samples passed: no instances drawn");
        glGetQueryBufferObjectuiv(visible, buffer, GL_QUERY_RESULT, 20);
        glDrawArraysIndirect(GL_TRIANGLES, 16 as *const c_void);
        assert_eq!(pixel(3, 3), [0, 0, 255, 255], "samples passed: one instance drawn");
    }
    assert_eq!(error(), GL_NO_ERROR);
}

#[test]
fn query_buffer_writes_report_bad_buffers_and_ranges() {
    let _ctx = current_compat_context();
    setup();
    let q = new_query();
    unsafe {
        glBeginQuery(GL_SAMPLES_PASSED, q);
        draw_quad();
        glEndQuery(GL_SAMPLES_PASSED);
        let mut buffer = 0;
        glGenBuffers(1, &mut buffer);
        glBindBuffer(GL_QUERY_BUFFER, buffer);
        glBufferData(GL_QUERY_BUFFER, 16, std::ptr::null(), GL_STATIC_DRAW);
        glBindBuffer(GL_QUERY_BUFFER, 0);

        glGetQueryBufferObjectuiv(q, buffer + 100, GL_QUERY_RESULT, 0);
        assert_eq!(error(), GL_INVALID_OPERATION, "no such buffer");
        glGetQueryBufferObjectuiv(q, buffer, GL_QUERY_RESULT, -4);
        assert_eq!(error(), GL_INVALID_VALUE, "negative offset");
        glGetQueryBufferObjecti64v(q, buffer, GL_QUERY_RESULT, 12);
        assert_eq!(error(), GL_INVALID_OPERATION, "past the buffer's end");
        glGetQueryBufferObjectuiv(q, buffer, GL_TEXTURE_2D, 0);
        assert_eq!(error(), GL_INVALID_ENUM);

        glBindBuffer(GL_QUERY_BUFFER, buffer);
        glMapBufferRange(GL_QUERY_BUFFER, 0, 16, GL_MAP_READ_BIT);
        glGetQueryObjectuiv(q, GL_QUERY_RESULT, std::ptr::null_mut());
        assert_eq!(error(), GL_INVALID_OPERATION, "the buffer is mapped");
        glUnmapBuffer(GL_QUERY_BUFFER);
        glBindBuffer(GL_QUERY_BUFFER, 0);
        assert_eq!(result_u64(q), WINDOW_PIXELS);
        glBindBuffer(GL_QUERY_BUFFER, buffer);

        // The target and the 64-bit result both land; nothing else is touched.
        glGetQueryObjectuiv(q, GL_QUERY_TARGET, std::ptr::null_mut());
        glGetQueryObjecti64v(q, GL_QUERY_RESULT_NO_WAIT, 8 as *mut GLint64);
        assert_eq!(error(), GL_NO_ERROR);
        let mut out = [0u8; 16];
        glGetBufferSubData(GL_QUERY_BUFFER, 0, 16, out.as_mut_ptr().cast());
        glBindBuffer(GL_QUERY_BUFFER, 0);
        assert_eq!(u32::from_le_bytes(out[0..4].try_into().unwrap()), GL_SAMPLES_PASSED);
        assert_eq!(out[4..8], [0; 4]);
        // The result was known: GL_QUERY_RESULT_NO_WAIT writes it.
        assert_eq!(i64::from_le_bytes(out[8..16].try_into().unwrap()), WINDOW_PIXELS as i64);
    }
}

fn begin_queries(targets: &[GLenum]) -> Vec<GLuint> {
    targets
        .iter()
        .map(|t| {
            let q = new_query();
            unsafe { glBeginQuery(*t, q) };
            q
        })
        .collect()
}

fn end_queries(targets: &[GLenum]) {
    for t in targets {
        unsafe { glEndQuery(*t) };
    }
}

#[test]
fn pipeline_statistics_count_submitted_vertices_and_primitives_across_flushes() {
    let _ctx = current_compat_context();
    setup();
    let targets = [GL_VERTICES_SUBMITTED, GL_PRIMITIVES_SUBMITTED, GL_CLIPPING_INPUT_PRIMITIVES, GL_VERTEX_SHADER_INVOCATIONS];
    // A draw before the queries begin does not count.
    draw_quad();
    let queries = begin_queries(&targets);
    draw_quad();
    unsafe { glFlush() };
    draw_quad();
    // A read-back ends the batch in the middle of the queries.
    assert_eq!(pixel(3, 3), [0, 255, 0, 255]);
    draw_quad();
    end_queries(&targets);
    // A draw after the queries end does not count either.
    draw_quad();
    assert_eq!(result_u64(queries[0]), 3 * 6);
    assert_eq!(result_u64(queries[1]), 3 * 2);
    assert_eq!(result_u64(queries[2]), 3 * 2);
    // Each submitted vertex is shaded at most once, and each distinct corner at least once per draw.
    let shaded = result_u64(queries[3]);
    assert!((3 * 4..=3 * 6).contains(&shaded), "{shaded} vertex shader invocations");
    let mut bits = 0;
    unsafe { glGetQueryiv(GL_VERTICES_SUBMITTED, GL_QUERY_COUNTER_BITS, &mut bits) };
    assert_eq!(bits, 64);
    assert_eq!(error(), GL_NO_ERROR);
}

#[test]
fn fragment_shader_invocations_follow_the_covered_area() {
    let _ctx = current_compat_context();
    setup();
    let q = new_query();
    unsafe {
        glBeginQuery(GL_FRAGMENT_SHADER_INVOCATIONS, q);
        glEndQuery(GL_FRAGMENT_SHADER_INVOCATIONS);
    }
    assert_eq!(result_u64(q), 0);
    unsafe {
        glBeginQuery(GL_FRAGMENT_SHADER_INVOCATIONS, q);
        draw_quad();
        glEndQuery(GL_FRAGMENT_SHADER_INVOCATIONS);
    }
    // Every pixel of the window runs the fragment shader at least once.
    assert!(result_u64(q) >= WINDOW_PIXELS, "{}", result_u64(q));
    assert_eq!(error(), GL_NO_ERROR);
}

#[test]
fn compute_shader_invocations_count_dispatched_invocations() {
    let _ctx = current_context_with_override(4, 6, gl_frontend::Profile::Core);
    let cs = "#version 430\nlayout(local_size_x = 4, local_size_y = 2) in;\nlayout(std430, binding = 0) buffer B { uint n; };\nvoid main() { atomicAdd(n, 1u); }\n";
    let p = linked_program(&[(GL_COMPUTE_SHADER, cs)]);
    let q = new_query();
    unsafe {
        let mut buffer = 0;
        glGenBuffers(1, &mut buffer);
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffer);
        glBufferData(GL_SHADER_STORAGE_BUFFER, 4, [0u32].as_ptr().cast(), GL_DYNAMIC_COPY);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, buffer);
        glUseProgram(p);
        glDispatchCompute(1, 1, 1);
        glBeginQuery(GL_COMPUTE_SHADER_INVOCATIONS, q);
        glDispatchCompute(3, 1, 1);
        glFlush();
        glDispatchCompute(1, 2, 1);
        glEndQuery(GL_COMPUTE_SHADER_INVOCATIONS);
        glDispatchCompute(1, 1, 1);
    }
    assert_eq!(result_u64(q), (3 + 2) * 8);
    assert_eq!(error(), GL_NO_ERROR);
}

#[test]
fn pipeline_statistics_query_errors_follow_the_specification() {
    let _ctx = current_compat_context();
    setup();
    let (a, b) = (new_query(), new_query());
    unsafe {
        glBeginQuery(GL_VERTICES_SUBMITTED, a);
        // One query per target at a time.
        glBeginQuery(GL_VERTICES_SUBMITTED, b);
        assert_eq!(error(), GL_INVALID_OPERATION);
        // Another target counts beside it.
        glBeginQuery(GL_PRIMITIVES_SUBMITTED, b);
        assert_eq!(error(), GL_NO_ERROR);
        glEndQuery(GL_VERTICES_SUBMITTED);
        glEndQuery(GL_PRIMITIVES_SUBMITTED);
        // A name keeps the target it was first begun with.
        glBeginQuery(GL_PRIMITIVES_SUBMITTED, a);
        assert_eq!(error(), GL_INVALID_OPERATION);
        glEndQuery(GL_GEOMETRY_SHADER_INVOCATIONS);
        assert_eq!(error(), GL_INVALID_OPERATION);
    }
    let mut target = 0;
    unsafe { glGetQueryObjectiv(b, GL_QUERY_TARGET, &mut target) };
    assert_eq!(target as GLenum, GL_PRIMITIVES_SUBMITTED);
}

#[test]
fn opengl_es_has_no_pipeline_statistics() {
    let _ctx = current_gles_context();
    let q = new_query();
    unsafe { glBeginQuery(GL_VERTICES_SUBMITTED, q) };
    assert_eq!(error(), GL_INVALID_ENUM);
}
