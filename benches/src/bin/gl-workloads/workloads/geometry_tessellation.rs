//! Frames per second of the two optional pipeline stages, run natively: a geometry shader
//! that grows every point of a 128x128 grid into a quad, and a tessellation pair that
//! splits each of 8x8 patches into 16x16 quads.

use glow::HasContext;
use galvan_benches::measurement::{Measurement, Unit};

use super::measured;
use crate::egl::{ContextRequest, GlContext};
use crate::gl_util::{bytes_of, expect_no_error, expect_pixel, program, render_target, timed};

const FRAMES: u32 = 60;
const SIZE: i32 = 256;
const POINTS_PER_SIDE: u32 = 128;
const PATCHES_PER_SIDE: u32 = 8;

const POINT_VERTEX: &str = "#version 400 core
layout(location = 0) in vec2 position;
void main() { gl_Position = vec4(position, 0.0, 1.0); }
";

const QUAD_GEOMETRY: &str = "#version 400 core
layout(points) in;
layout(triangle_strip, max_vertices = 4) out;
uniform float half_size;
out vec4 color;
void main() {
    vec4 center = gl_in[0].gl_Position;
    for (int i = 0; i < 4; i++) {
        vec2 corner = vec2(float(i & 1), float(i >> 1)) * 2.0 - 1.0;
        gl_Position = center + vec4(corner * half_size, 0.0, 0.0);
        color = vec4(0.25, 0.5, 0.75, 1.0);
        EmitVertex();
    }
    EndPrimitive();
}
";

const PATCH_CONTROL: &str = "#version 400 core
layout(vertices = 4) out;
void main() {
    gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;
    if (gl_InvocationID == 0) {
        gl_TessLevelOuter[0] = 16.0;
        gl_TessLevelOuter[1] = 16.0;
        gl_TessLevelOuter[2] = 16.0;
        gl_TessLevelOuter[3] = 16.0;
        gl_TessLevelInner[0] = 16.0;
        gl_TessLevelInner[1] = 16.0;
    }
}
";

/// Corners come in the order (0,0), (1,0), (0,1), (1,1) of each patch.
const PATCH_EVALUATION: &str = "#version 400 core
layout(quads, equal_spacing, ccw) in;
out vec4 color;
void main() {
    vec4 corners[4];
    for (int i = 0; i < 4; i++)
        corners[i] = gl_in[i].gl_Position;
    vec2 t = gl_TessCoord.xy;
    vec4 bottom = mix(corners[0], corners[1], t.x);
    vec4 top = mix(corners[2], corners[3], t.x);
    gl_Position = mix(bottom, top, t.y);
    color = vec4(0.75, 0.25, 0.5, 1.0);
}
";

const FRAGMENT: &str = "#version 400 core
in vec4 color;
out vec4 fragment;
void main() { fragment = color; }
";

/// Cell centres of an n x n grid over clip space.
fn grid_centres(n: u32) -> Vec<f32> {
    (0..n * n).flat_map(|i| [i % n, i / n].map(|c| (c as f32 + 0.5) / n as f32 * 2.0 - 1.0)).collect()
}

/// Four corners per cell of an n x n grid over clip space, in the patch's corner order.
fn patch_corners(n: u32) -> Vec<f32> {
    let at = |c: u32| c as f32 / n as f32 * 2.0 - 1.0;
    (0..n * n)
        .flat_map(|i| {
            let (x, y) = (i % n, i / n);
            [at(x), at(y), at(x + 1), at(y), at(x), at(y + 1), at(x + 1), at(y + 1)]
        })
        .collect()
}

/// Frames per second of `count` vertices drawn as `mode`, after checking three pixels.
fn frames_per_second(gl: &glow::Context, name: &str, mode: u32, count: i32, expected: [u8; 4]) -> Result<f64, String> {
    // SAFETY: plain GL calls on the current context; the bound vertex array holds `count` vertices.
    let frame = || unsafe {
        gl.clear(glow::COLOR_BUFFER_BIT);
        gl.draw_arrays(mode, 0, count);
    };
    frame();
    let seconds = timed(gl, || {
        (0..FRAMES).for_each(|_| frame());
        Ok(())
    })?;
    expect_no_error(gl, name)?;
    for (x, y) in [(SIZE / 2 + 1, SIZE / 2 + 1), (0, 0), (SIZE - 1, SIZE - 1)] {
        expect_pixel(gl, name, x, y, expected)?;
    }
    Ok(FRAMES as f64 / seconds)
}

pub fn run() -> Result<Vec<Measurement>, String> {
    let context = GlContext::create(ContextRequest::core(4, 0))?;
    let gl = &context.gl;
    render_target(gl, SIZE, SIZE)?;
    let mut results = Vec::new();
    // SAFETY: plain GL calls on the current context with objects it created.
    unsafe {
        gl.clear_color(0.0, 0.0, 0.0, 0.0);
        let vao = gl.create_vertex_array()?;
        gl.bind_vertex_array(Some(vao));
        let buffer = gl.create_buffer()?;
        gl.bind_buffer(glow::ARRAY_BUFFER, Some(buffer));
        gl.enable_vertex_attrib_array(0);

        let quads = program(gl, &[
            (glow::VERTEX_SHADER, POINT_VERTEX),
            (glow::GEOMETRY_SHADER, QUAD_GEOMETRY),
            (glow::FRAGMENT_SHADER, FRAGMENT),
        ])?;
        gl.use_program(Some(quads));
        let half_size = gl.get_uniform_location(quads, "half_size");
        gl.uniform_1_f32(half_size.as_ref(), 1.0 / POINTS_PER_SIDE as f32);
        gl.buffer_data_u8_slice(glow::ARRAY_BUFFER, &bytes_of(&grid_centres(POINTS_PER_SIDE)), glow::STATIC_DRAW);
        gl.vertex_attrib_pointer_f32(0, 2, glow::FLOAT, false, 0, 0);
        let name = "geometry shader: 16384 points to quads";
        let count = (POINTS_PER_SIDE * POINTS_PER_SIDE) as i32;
        results.push(measured(name, frames_per_second(gl, name, glow::POINTS, count, [64, 128, 191, 255])?, Unit::FramesPerSecond));

        let patches = program(gl, &[
            (glow::VERTEX_SHADER, POINT_VERTEX),
            (glow::TESS_CONTROL_SHADER, PATCH_CONTROL),
            (glow::TESS_EVALUATION_SHADER, PATCH_EVALUATION),
            (glow::FRAGMENT_SHADER, FRAGMENT),
        ])?;
        gl.use_program(Some(patches));
        gl.patch_parameter_i32(glow::PATCH_VERTICES, 4);
        gl.buffer_data_u8_slice(glow::ARRAY_BUFFER, &bytes_of(&patch_corners(PATCHES_PER_SIDE)), glow::STATIC_DRAW);
        gl.vertex_attrib_pointer_f32(0, 2, glow::FLOAT, false, 0, 0);
        let name = "tessellation: 64 patches at level 16";
        let count = (PATCHES_PER_SIDE * PATCHES_PER_SIDE * 4) as i32;
        results.push(measured(name, frames_per_second(gl, name, glow::PATCHES, count, [191, 64, 128, 255])?, Unit::FramesPerSecond));
    }
    Ok(results)
}
