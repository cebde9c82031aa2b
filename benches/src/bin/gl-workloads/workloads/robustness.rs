//! What robust buffer access costs: frames of one draw whose vertex and fragment shaders
//! index a uniform block and a storage buffer sixteen times each and fetch four vertex
//! attributes (8,192 triangles over 128x128 pixels), in a plain or a robust context
//! (EGL_CONTEXT_OPENGL_ROBUST_ACCESS).

use glow::HasContext;
use galvan_benches::measurement::{Measurement, Unit};

use super::measured;
use crate::egl::{ContextRequest, GlContext};
use crate::gl_util::{bytes_of, expect_no_error, expect_pixel, program, render_target, timed};

const FRAMES: u32 = 30;
const SIZE: i32 = 128;
/// Grid cells per side: 2 * GRID^2 triangles, (GRID + 1)^2 vertices.
const GRID: u32 = 64;
const ENTRIES: usize = 256;

const VERTEX: &str = "#version 430 core
layout(location = 0) in vec2 position;
layout(location = 1) in vec4 a;
layout(location = 2) in vec4 b;
layout(location = 3) in vec4 c;
layout(std140, binding = 0) uniform Table { vec4 entries[256]; } table;
layout(std430, binding = 1) readonly buffer Weights { float weights[]; };
out vec4 tint;
void main() {
    vec4 sum = vec4(0.0);
    for (int i = 0; i < 16; i++) {
        int k = (gl_VertexID + i * 7) & 255;
        sum += table.entries[k] * weights[k];
    }
    tint = sum + a + b + c;
    gl_Position = vec4(position, 0.0, 1.0);
}
";

const FRAGMENT: &str = "#version 430 core
layout(std140, binding = 0) uniform Table { vec4 entries[256]; } table;
layout(std430, binding = 1) readonly buffer Weights { float weights[]; };
in vec4 tint;
out vec4 fragment;
void main() {
    vec4 sum = vec4(0.0);
    for (int i = 0; i < 16; i++) {
        int k = (int(gl_FragCoord.x) + int(gl_FragCoord.y) * 3 + i * 13) & 255;
        sum += table.entries[k] * weights[k];
    }
    fragment = tint + sum;
}
";

/// Every table entry is (1/64, 1/128, 0, 0) with weight 1, so sixteen lookups add
/// (0.25, 0.125, 0, 0) per stage; the attributes add (0.1, 0.1, 0.4, 1).
const EXPECTED: [u8; 4] = [153, 89, 102, 255];
const ATTRIBUTES: [[f32; 4]; 3] = [[0.1, 0.0, 0.0, 0.25], [0.0, 0.1, 0.0, 0.25], [0.0, 0.0, 0.4, 0.5]];

pub fn run(robust: bool) -> Result<Vec<Measurement>, String> {
    let request = ContextRequest { robust_access: robust, ..ContextRequest::core(4, 3) };
    let context = GlContext::create(request)?;
    let gl = &context.gl;
    // SAFETY: plain GL calls on the current context with objects it created.
    unsafe {
        let flags = gl.get_parameter_i32(glow::CONTEXT_FLAGS) as u32;
        if (flags & glow::CONTEXT_FLAG_ROBUST_ACCESS_BIT != 0) != robust {
            return Err(format!("asked for robust access {robust}, GL_CONTEXT_FLAGS is {flags:#x}"));
        }
        render_target(gl, SIZE, SIZE)?;
        let program = program(gl, &[(glow::VERTEX_SHADER, VERTEX), (glow::FRAGMENT_SHADER, FRAGMENT)])?;
        gl.use_program(Some(program));

        let table: Vec<f32> = (0..ENTRIES).flat_map(|_| [1.0 / 64.0, 1.0 / 128.0, 0.0, 0.0]).collect();
        let ubo = gl.create_buffer()?;
        gl.bind_buffer_base(glow::UNIFORM_BUFFER, 0, Some(ubo));
        gl.buffer_data_u8_slice(glow::UNIFORM_BUFFER, &bytes_of(&table), glow::STATIC_DRAW);
        let ssbo = gl.create_buffer()?;
        gl.bind_buffer_base(glow::SHADER_STORAGE_BUFFER, 1, Some(ssbo));
        gl.buffer_data_u8_slice(glow::SHADER_STORAGE_BUFFER, &bytes_of(&[1.0; ENTRIES]), glow::STATIC_DRAW);

        let vao = gl.create_vertex_array()?;
        gl.bind_vertex_array(Some(vao));
        let side = GRID + 1;
        let positions: Vec<f32> = (0..side * side)
            .flat_map(|v| [(v % side) as f32, (v / side) as f32].map(|p| p / GRID as f32 * 2.0 - 1.0))
            .collect();
        let vertices = (side * side) as usize;
        let mut streams = vec![positions];
        for attribute in ATTRIBUTES {
            streams.push(attribute.iter().copied().cycle().take(vertices * 4).collect());
        }
        for (location, data) in streams.iter().enumerate() {
            let buffer = gl.create_buffer()?;
            gl.bind_buffer(glow::ARRAY_BUFFER, Some(buffer));
            gl.buffer_data_u8_slice(glow::ARRAY_BUFFER, &bytes_of(data), glow::STATIC_DRAW);
            let size = if location == 0 { 2 } else { 4 };
            gl.vertex_attrib_pointer_f32(location as u32, size, glow::FLOAT, false, 0, 0);
            gl.enable_vertex_attrib_array(location as u32);
        }
        let indices: Vec<u32> = (0..GRID * GRID)
            .flat_map(|cell| {
                let v = cell / GRID * side + cell % GRID;
                [v, v + 1, v + side, v + 1, v + side + 1, v + side]
            })
            .collect();
        let index_buffer = gl.create_buffer()?;
        gl.bind_buffer(glow::ELEMENT_ARRAY_BUFFER, Some(index_buffer));
        let index_bytes: Vec<u8> = indices.iter().flat_map(|i| i.to_ne_bytes()).collect();
        gl.buffer_data_u8_slice(glow::ELEMENT_ARRAY_BUFFER, &index_bytes, glow::STATIC_DRAW);

        let frame = || {
            gl.clear_color(0.0, 0.0, 0.0, 0.0);
            gl.clear(glow::COLOR_BUFFER_BIT);
            gl.draw_elements(glow::TRIANGLES, indices.len() as i32, glow::UNSIGNED_INT, 0);
        };
        frame();
        let seconds = timed(gl, || {
            (0..FRAMES).for_each(|_| frame());
            Ok(())
        })?;
        let name = "UBO+SSBO+vertex-fetch frame";
        expect_no_error(gl, name)?;
        for (x, y) in [(SIZE / 2, SIZE / 2), (3, 5), (SIZE - 2, SIZE - 7)] {
            expect_pixel(gl, name, x, y, EXPECTED)?;
        }
        Ok(vec![measured(name, seconds * 1000.0 / FRAMES as f64, Unit::MillisecondsPerFrame)])
    }
}
