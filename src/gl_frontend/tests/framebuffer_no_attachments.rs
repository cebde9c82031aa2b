//! Framebuffer objects without attachments (ARB_framebuffer_no_attachments, GL 4.3):
//! glFramebufferParameteri and its queries with their errors, completeness from the default
//! size, and draws that rasterise over that size: fragment shaders store to buffers, count
//! with atomic counters and occlusion queries, at the default sample count and layers.

mod common;

use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::*;
use gl_frontend::Profile;

/// The default size the draws below render into: smaller than the 64x32 window in both
/// directions, so that the viewport (the window's) reaches past it.
const WIDTH: usize = 24;
const HEIGHT: usize = 10;

fn parameter(pname: GLenum) -> GLint {
    let mut v = -1;
    unsafe { glGetFramebufferParameteriv(GL_FRAMEBUFFER, pname, &mut v) };
    v
}

fn set_parameter(pname: GLenum, value: GLint) {
    unsafe { glFramebufferParameteri(GL_FRAMEBUFFER, pname, value) };
}

fn status() -> GLenum {
    unsafe { glCheckFramebufferStatus(GL_FRAMEBUFFER) }
}

/// A new framebuffer object without attachments, bound, sized `WIDTH` x `HEIGHT`.
fn sized_framebuffer() -> GLuint {
    let fbo = new_framebuffer();
    set_parameter(GL_FRAMEBUFFER_DEFAULT_WIDTH, WIDTH as GLint);
    set_parameter(GL_FRAMEBUFFER_DEFAULT_HEIGHT, HEIGHT as GLint);
    assert_eq!(status(), GL_FRAMEBUFFER_COMPLETE);
    fbo
}

/// A program drawing attribute 0's positions through `fragment`.
fn program_with(fragment: &str) -> GLuint {
    let vertex = "#version 430\nlayout(location = 0) in vec4 p;\nvoid main() { gl_Position = p; }\n";
    let program = linked_program(&[(GL_VERTEX_SHADER, vertex), (GL_FRAGMENT_SHADER, fragment)]);
    unsafe { glUseProgram(program) };
    program
}

/// Draws a quad over the whole viewport, as `draw_full_window_quad` does, without the
/// clear (which has nothing to clear here).
fn draw_quad() {
    let quad: [f32; 8] = [-1.0, -1.0, 1.0, -1.0, -1.0, 1.0, 1.0, 1.0];
    bound_vertex_array(&quad, 2);
    unsafe { glDrawArrays(GL_TRIANGLE_STRIP, 0, 4) };
}

/// A buffer of `words` zeroed 32-bit words bound to `target` at `index`.
fn zeroed_buffer(target: GLenum, index: GLuint, words: usize) -> GLuint {
    let zeros = vec![0u32; words];
    let mut buffer = 0;
    unsafe {
        glGenBuffers(1, &mut buffer);
        glBindBufferBase(target, index, buffer);
        glBufferData(target, (words * 4) as GLsizeiptr, zeros.as_ptr().cast(), GL_DYNAMIC_COPY);
    }
    buffer
}

fn read_words(target: GLenum, words: usize) -> Vec<u32> {
    let mut out = vec![0u32; words];
    unsafe {
        glMemoryBarrier(GL_ALL_BARRIER_BITS);
        glGetBufferSubData(target, 0, (words * 4) as GLsizeiptr, out.as_mut_ptr().cast());
    }
    out
}

fn samples_passed(draw: impl FnOnce()) -> u32 {
    let mut query = 0;
    let mut samples = 0;
    unsafe {
        glGenQueries(1, &mut query);
        glBeginQuery(GL_SAMPLES_PASSED, query);
        draw();
        glEndQuery(GL_SAMPLES_PASSED);
        glGetQueryObjectuiv(query, GL_QUERY_RESULT, &mut samples);
    }
    samples
}

#[test]
fn parameters_start_at_zero_take_values_up_to_the_limits_and_reject_the_rest() {
    let _ctx = current_context_with_override(4, 6, Profile::Core);
    // Vulkan's own minimums bound what a device offers.
    let max_width = get_int(GL_MAX_FRAMEBUFFER_WIDTH);
    let max_height = get_int(GL_MAX_FRAMEBUFFER_HEIGHT);
    let max_layers = get_int(GL_MAX_FRAMEBUFFER_LAYERS);
    let max_samples = get_int(GL_MAX_FRAMEBUFFER_SAMPLES);
    assert!(max_width >= 4096 && max_height >= 4096 && max_layers >= 256 && max_samples >= 4);
    assert_eq!(error(), GL_NO_ERROR);

    // The default framebuffer has none of these parameters.
    set_parameter(GL_FRAMEBUFFER_DEFAULT_WIDTH, 4);
    assert_eq!(error(), GL_INVALID_OPERATION);
    assert_eq!(parameter(GL_FRAMEBUFFER_DEFAULT_HEIGHT), -1);
    assert_eq!(error(), GL_INVALID_OPERATION);
    // It answers its own: a single-sample window.
    assert_eq!(parameter(GL_SAMPLES), 0);
    assert_eq!(parameter(GL_DOUBLEBUFFER), 0);
    assert_eq!(error(), GL_NO_ERROR);

    let fbo = new_framebuffer();
    for pname in [
        GL_FRAMEBUFFER_DEFAULT_WIDTH,
        GL_FRAMEBUFFER_DEFAULT_HEIGHT,
        GL_FRAMEBUFFER_DEFAULT_LAYERS,
        GL_FRAMEBUFFER_DEFAULT_SAMPLES,
        GL_FRAMEBUFFER_DEFAULT_FIXED_SAMPLE_LOCATIONS,
    ] {
        assert_eq!(parameter(pname), 0, "initial 0x{pname:04X}");
    }
    for (pname, max) in [
        (GL_FRAMEBUFFER_DEFAULT_WIDTH, max_width),
        (GL_FRAMEBUFFER_DEFAULT_HEIGHT, max_height),
        (GL_FRAMEBUFFER_DEFAULT_LAYERS, max_layers),
        (GL_FRAMEBUFFER_DEFAULT_SAMPLES, max_samples),
    ] {
        set_parameter(pname, max + 1);
        assert_eq!(error(), GL_INVALID_VALUE, "0x{pname:04X} past its limit");
        set_parameter(pname, -1);
        assert_eq!(error(), GL_INVALID_VALUE, "0x{pname:04X} negative");
        assert_eq!(parameter(pname), 0, "0x{pname:04X} kept after errors");
        unsafe { glFramebufferParameteri(GL_DRAW_FRAMEBUFFER, pname, max) };
        assert_eq!(error(), GL_NO_ERROR);
        let mut through_read = -1;
        unsafe { glGetFramebufferParameteriv(GL_READ_FRAMEBUFFER, pname, &mut through_read) };
        assert_eq!(through_read, max, "0x{pname:04X} at its limit");
    }
    set_parameter(GL_FRAMEBUFFER_DEFAULT_FIXED_SAMPLE_LOCATIONS, GL_TRUE as GLint);
    assert_eq!(parameter(GL_FRAMEBUFFER_DEFAULT_FIXED_SAMPLE_LOCATIONS), 1);

    // Wrong names and targets.
    set_parameter(GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME, 1);
    assert_eq!(error(), GL_INVALID_ENUM);
    assert_eq!(parameter(GL_TEXTURE_WIDTH), -1);
    assert_eq!(error(), GL_INVALID_ENUM);
    unsafe { glFramebufferParameteri(GL_TEXTURE_2D, GL_FRAMEBUFFER_DEFAULT_WIDTH, 1) };
    assert_eq!(error(), GL_INVALID_ENUM);

    // The named forms: framebuffer objects only, except that 0 answers its own queries.
    let mut v = -1;
    unsafe {
        glNamedFramebufferParameteri(fbo, GL_FRAMEBUFFER_DEFAULT_WIDTH, 7);
        glGetNamedFramebufferParameteriv(fbo, GL_FRAMEBUFFER_DEFAULT_WIDTH, &mut v);
        assert_eq!((v, error()), (7, GL_NO_ERROR));
        glNamedFramebufferParameteri(0, GL_FRAMEBUFFER_DEFAULT_WIDTH, 7);
        assert_eq!(error(), GL_INVALID_OPERATION);
        glNamedFramebufferParameteri(fbo + 100, GL_FRAMEBUFFER_DEFAULT_WIDTH, 7);
        assert_eq!(error(), GL_INVALID_OPERATION);
        glGetNamedFramebufferParameteriv(0, GL_FRAMEBUFFER_DEFAULT_WIDTH, &mut v);
        assert_eq!(error(), GL_INVALID_OPERATION);
        glGetNamedFramebufferParameteriv(0, GL_SAMPLE_BUFFERS, &mut v);
        assert_eq!((v, error()), (0, GL_NO_ERROR));
    }
}

#[test]
fn completeness_without_attachments_needs_a_default_width_and_height() {
    let _ctx = current_context_with_override(4, 6, Profile::Core);
    new_framebuffer();
    assert_eq!(status(), GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT);
    set_parameter(GL_FRAMEBUFFER_DEFAULT_WIDTH, 16);
    assert_eq!(status(), GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT);
    set_parameter(GL_FRAMEBUFFER_DEFAULT_HEIGHT, 16);
    assert_eq!(status(), GL_FRAMEBUFFER_COMPLETE);
    // An attachment decides completeness from then on: one without storage is incomplete.
    let texture = new_nearest_texture();
    unsafe { glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture, 0) };
    assert_eq!(status(), GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT);
    unsafe { glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, 0, 0) };
    assert_eq!(status(), GL_FRAMEBUFFER_COMPLETE);
    set_parameter(GL_FRAMEBUFFER_DEFAULT_WIDTH, 0);
    assert_eq!(status(), GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT);
    // Drawing into an incomplete framebuffer is an error, not a draw.
    program_with("#version 430\nvoid main() {}\n");
    draw_quad();
    assert_eq!(error(), GL_INVALID_FRAMEBUFFER_OPERATION);
}

#[test]
fn fragment_shaders_run_once_per_pixel_of_the_default_size_where_gl_frag_coord_says() {
    let _ctx = current_context_with_override(4, 6, Profile::Core);
    sized_framebuffer();
    program_with(
        "#version 430\n\
         layout(std430, binding = 0) buffer Hits { uint hits[]; };\n\
         void main() { atomicAdd(hits[int(gl_FragCoord.y) * 24 + int(gl_FragCoord.x)], 1u); }\n",
    );
    zeroed_buffer(GL_SHADER_STORAGE_BUFFER, 0, WIDTH * HEIGHT);
    // The window's viewport covers more than the framebuffer: only its pixels are drawn.
    draw_quad();
    assert_eq!(error(), GL_NO_ERROR);
    assert_eq!(read_words(GL_SHADER_STORAGE_BUFFER, WIDTH * HEIGHT), vec![1; WIDTH * HEIGHT]);

    // A viewport over the lower left 5x3 pixels: rows count up from the bottom.
    zeroed_buffer(GL_SHADER_STORAGE_BUFFER, 0, WIDTH * HEIGHT);
    unsafe { glViewport(0, 0, 5, 3) };
    draw_quad();
    let hits = read_words(GL_SHADER_STORAGE_BUFFER, WIDTH * HEIGHT);
    for y in 0..HEIGHT {
        for x in 0..WIDTH {
            assert_eq!(hits[y * WIDTH + x], u32::from(x < 5 && y < 3), "pixel ({x}, {y})");
        }
    }
}

#[test]
fn atomic_counters_and_occlusion_queries_count_the_pixels_drawn() {
    let _ctx = current_context_with_override(4, 6, Profile::Core);
    sized_framebuffer();
    program_with(
        "#version 430\n\
         layout(binding = 0, offset = 0) uniform atomic_uint fragments;\n\
         void main() { atomicCounterIncrement(fragments); }\n",
    );
    zeroed_buffer(GL_ATOMIC_COUNTER_BUFFER, 0, 1);
    let all = (WIDTH * HEIGHT) as u32;
    assert_eq!(samples_passed(draw_quad), all);
    assert_eq!(read_words(GL_ATOMIC_COUNTER_BUFFER, 1), [all]);

    // The scissor test cuts the rendering as it does with attachments.
    zeroed_buffer(GL_ATOMIC_COUNTER_BUFFER, 0, 1);
    unsafe {
        glEnable(GL_SCISSOR_TEST);
        glScissor(2, 1, 3, 2);
    }
    assert_eq!(samples_passed(draw_quad), 6);
    assert_eq!(read_words(GL_ATOMIC_COUNTER_BUFFER, 1), [6]);
    unsafe { glDisable(GL_SCISSOR_TEST) };

    // A smaller default size takes effect on the next draw.
    set_parameter(GL_FRAMEBUFFER_DEFAULT_WIDTH, 4);
    assert_eq!(samples_passed(draw_quad), 4 * HEIGHT as u32);
}

#[test]
fn default_samples_round_up_to_a_count_the_shader_and_queries_agree_on() {
    let _ctx = current_context_with_override(4, 6, Profile::Core);
    sized_framebuffer();
    set_parameter(GL_FRAMEBUFFER_DEFAULT_SAMPLES, 3);
    assert_eq!(status(), GL_FRAMEBUFFER_COMPLETE);
    // The parameter reads back as set; the framebuffer has the count it rounds up to.
    assert_eq!(parameter(GL_FRAMEBUFFER_DEFAULT_SAMPLES), 3);
    let samples = get_int(GL_SAMPLES);
    assert!(samples >= 3, "GL_SAMPLES {samples}");
    assert_eq!(get_int(GL_SAMPLE_BUFFERS), 1);
    assert_eq!(parameter(GL_SAMPLES), samples);
    program_with(
        "#version 430\n\
         layout(std430, binding = 0) buffer Seen { int num_samples; int shaded; };\n\
         void main() { num_samples = gl_NumSamples; atomicAdd(shaded, 1); }\n",
    );
    zeroed_buffer(GL_SHADER_STORAGE_BUFFER, 0, 2);
    // Occlusion queries count samples: every sample of every pixel passes.
    assert_eq!(samples_passed(draw_quad), samples as u32 * (WIDTH * HEIGHT) as u32);
    let seen = read_words(GL_SHADER_STORAGE_BUFFER, 2);
    assert_eq!(seen[0], samples as u32);
    // Without sample shading the shader runs once per pixel.
    assert_eq!(seen[1], (WIDTH * HEIGHT) as u32);
}

#[test]
fn default_layers_are_rendered_apart_through_gl_layer() {
    let _ctx = current_context_with_override(4, 6, Profile::Core);
    sized_framebuffer();
    set_parameter(GL_FRAMEBUFFER_DEFAULT_LAYERS, 3);
    let vertex = "#version 430\nlayout(location = 0) in vec4 p;\nvoid main() { gl_Position = p; }\n";
    // Layer l gets a quad over l + 1 columns of pixels.
    let geometry = "#version 430\n\
         layout(triangles) in;\n\
         layout(triangle_strip, max_vertices = 12) out;\n\
         void main() {\n\
             for (int l = 0; l < 3; l++) {\n\
                 float right = -1.0 + 2.0 * float(l + 1) / 24.0;\n\
                 gl_Layer = l; gl_Position = vec4(-1.0, -1.0, 0.0, 1.0); EmitVertex();\n\
                 gl_Layer = l; gl_Position = vec4(right, -1.0, 0.0, 1.0); EmitVertex();\n\
                 gl_Layer = l; gl_Position = vec4(-1.0, 1.0, 0.0, 1.0); EmitVertex();\n\
                 gl_Layer = l; gl_Position = vec4(right, 1.0, 0.0, 1.0); EmitVertex();\n\
                 EndPrimitive();\n\
             }\n\
         }\n";
    let fragment = "#version 430\n\
         layout(std430, binding = 0) buffer PerLayer { uint fragments[3]; };\n\
         void main() { atomicAdd(fragments[gl_Layer], 1u); }\n";
    let program = linked_program(&[(GL_VERTEX_SHADER, vertex), (GL_GEOMETRY_SHADER, geometry), (GL_FRAGMENT_SHADER, fragment)]);
    unsafe {
        glUseProgram(program);
        glViewport(0, 0, WIDTH as GLsizei, HEIGHT as GLsizei);
    }
    zeroed_buffer(GL_SHADER_STORAGE_BUFFER, 0, 3);
    // One triangle: the geometry shader emits the three quads.
    let triangle: [f32; 6] = [-1.0, -1.0, 1.0, -1.0, -1.0, 1.0];
    bound_vertex_array(&triangle, 2);
    unsafe { glDrawArrays(GL_TRIANGLES, 0, 3) };
    assert_eq!(error(), GL_NO_ERROR);
    let h = HEIGHT as u32;
    assert_eq!(read_words(GL_SHADER_STORAGE_BUFFER, 3), [h, 2 * h, 3 * h]);
}
