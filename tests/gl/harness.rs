//! Shared set-up: a headless context with a surface, glow loaded from galvan,
//! programs, and pixel read-back.

use galvan::{Context, ContextOptions, Surface};
use glow::HasContext;

pub struct Gl {
    pub gl: glow::Context,
    /// Held so the context and its surface outlive the test's GL calls.
    _context: Context,
    _surface: Surface,
}

impl Drop for Gl {
    fn drop(&mut self) {
        Context::release_current();
    }
}

/// A context of the highest version galvan offers, current on this thread with a
/// `width` x `height` RGBA8 + depth24/stencil8 surface.
pub fn headless(width: i32, height: i32) -> Gl {
    headless_with(&ContextOptions::default(), width, height)
}

pub fn headless_with(options: &ContextOptions, width: i32, height: i32) -> Gl {
    let context = Context::new(options, None).expect("context");
    let surface = Surface::headless(width as u32, height as u32, true).expect("surface");
    context.make_current(Some(&surface)).expect("make current");
    // SAFETY: galvan's loader returns GL functions for the current context's API.
    let gl = unsafe { glow::Context::from_loader_function(|name| galvan::get_proc_address(name)) };
    Gl { gl, _context: context, _surface: surface }
}

/// GLSL 1.20 shaders: the oldest dialect every galvan desktop context accepts.
pub fn program(gl: &glow::Context, vs: &str, fs: &str) -> glow::Program {
    // SAFETY: the context is current on this thread.
    unsafe {
        let program = gl.create_program().expect("program");
        for (kind, source) in [(glow::VERTEX_SHADER, vs), (glow::FRAGMENT_SHADER, fs)] {
            let shader = gl.create_shader(kind).expect("shader");
            gl.shader_source(shader, source);
            gl.compile_shader(shader);
            assert!(gl.get_shader_compile_status(shader), "{}", gl.get_shader_info_log(shader));
            gl.attach_shader(program, shader);
        }
        gl.bind_attrib_location(program, 0, "position");
        gl.link_program(program);
        assert!(gl.get_program_link_status(program), "{}", gl.get_program_info_log(program));
        program
    }
}

/// A vertex shader passing `position` through, and a fragment shader writing `color`.
pub const PASS_VS: &str = "#version 120\nattribute vec4 position;\nvoid main() { gl_Position = position; }\n";
pub const UNIFORM_COLOR_FS: &str =
    "#version 120\nuniform vec4 color;\nvoid main() { gl_FragColor = color; }\n";

/// Shaders drawing the 2D texture of unit `tex` over the rectangle they are given.
pub const TEXTURED_VS: &str = "#version 120\nattribute vec4 position;\nvarying vec2 uv;\n\
void main() { uv = position.xy * 0.5 + 0.5; gl_Position = position; }\n";
pub const TEXTURED_FS: &str = "#version 120\nuniform sampler2D tex;\nvarying vec2 uv;\n\
void main() { gl_FragColor = texture2D(tex, uv); }\n";

/// Uploads `positions` (vec4 each) into a buffer bound to attribute 0.
pub fn vertices(gl: &glow::Context, positions: &[[f32; 4]]) -> glow::Buffer {
    // SAFETY: the context is current on this thread.
    unsafe {
        if gl.version().major >= 3 {
            let vao = gl.create_vertex_array().expect("vao");
            gl.bind_vertex_array(Some(vao));
        }
        let buffer = gl.create_buffer().expect("buffer");
        gl.bind_buffer(glow::ARRAY_BUFFER, Some(buffer));
        let bytes: Vec<u8> = positions.iter().flatten().flat_map(|v| v.to_ne_bytes()).collect();
        gl.buffer_data_u8_slice(glow::ARRAY_BUFFER, &bytes, glow::STATIC_DRAW);
        gl.vertex_attrib_pointer_f32(0, 4, glow::FLOAT, false, 16, 0);
        gl.enable_vertex_attrib_array(0);
        buffer
    }
}

/// Two triangles covering the rectangle [x0, x1] x [y0, y1] at depth z (NDC).
pub fn rect(x0: f32, y0: f32, x1: f32, y1: f32, z: f32) -> [[f32; 4]; 6] {
    [
        [x0, y0, z, 1.0],
        [x1, y0, z, 1.0],
        [x1, y1, z, 1.0],
        [x0, y0, z, 1.0],
        [x1, y1, z, 1.0],
        [x0, y1, z, 1.0],
    ]
}

pub fn set_color(gl: &glow::Context, program: glow::Program, rgba: [f32; 4]) {
    // SAFETY: the context is current on this thread.
    unsafe {
        gl.use_program(Some(program));
        let location = gl.get_uniform_location(program, "color");
        assert!(location.is_some(), "uniform `color` is active");
        gl.uniform_4_f32_slice(location.as_ref(), &rgba);
    }
}

/// glReadPixels of one RGBA8 pixel; (0, 0) is the bottom-left one, as in GL.
pub fn pixel(gl: &glow::Context, x: i32, y: i32) -> [u8; 4] {
    let mut out = [0u8; 4];
    // SAFETY: the context is current; `out` holds one RGBA8 pixel.
    unsafe {
        gl.read_pixels(x, y, 1, 1, glow::RGBA, glow::UNSIGNED_BYTE, glow::PixelPackData::Slice(Some(&mut out)));
    }
    out
}

/// glReadPixels of one pixel as RGBA floats.
pub fn pixel_f32(gl: &glow::Context, x: i32, y: i32) -> [f32; 4] {
    let mut bytes = [0u8; 16];
    // SAFETY: the context is current; `bytes` holds one RGBA32F pixel.
    unsafe {
        gl.read_pixels(x, y, 1, 1, glow::RGBA, glow::FLOAT, glow::PixelPackData::Slice(Some(&mut bytes)));
    }
    let mut out = [0f32; 4];
    for (i, chunk) in bytes.chunks_exact(4).enumerate() {
        out[i] = f32::from_ne_bytes(chunk.try_into().unwrap());
    }
    out
}

pub fn no_error(gl: &glow::Context) {
    // SAFETY: the context is current on this thread.
    let error = unsafe { gl.get_error() };
    assert_eq!(error, glow::NO_ERROR, "GL error 0x{error:04x}");
}

/// Colour channels agree to one step of 8 bits: GL and Vulkan both allow a unorm
/// conversion to round either way when the exact value falls between steps.
pub fn assert_rgba8(actual: [u8; 4], expected: [u8; 4], what: &str) {
    let close = actual.iter().zip(expected).all(|(&a, e)| (a as i32 - e as i32).abs() <= 1);
    assert!(close, "{what}: read {actual:?}, expected {expected:?}");
}
