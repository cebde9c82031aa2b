//! CPU cost per draw: many one-triangle draws into a small target, first with nothing
//! changing between them, then with a uniform, the vertex array, the texture and the blend
//! enable changing before every draw.

use glow::HasContext;
use galvan_benches::measurement::{Measurement, Unit};

use super::measured;
use crate::egl::{ContextRequest, GlContext};
use crate::gl_util::{bytes_of, expect_no_error, expect_pixel, program, render_target, timed};

const DRAWS: u32 = 20_000;
const WARM_UP_DRAWS: u32 = 256;
const SIZE: i32 = 64;

const VERTEX: &str = "#version 330 core
layout(location = 0) in vec2 position;
void main() { gl_Position = vec4(position, 0.0, 1.0); }
";

const FRAGMENT: &str = "#version 330 core
uniform vec4 color;
uniform sampler2D white;
out vec4 fragment;
void main() { fragment = color * texture(white, vec2(0.5)); }
";

/// The colour draw `i` writes: it changes every draw, so the last one is known.
fn color_of(i: u32) -> [f32; 4] {
    [(i % 256) as f32 / 255.0, ((i / 256) % 256) as f32 / 255.0, 0.5, 1.0]
}

fn expected_pixel(i: u32) -> [u8; 4] {
    [(i % 256) as u8, ((i / 256) % 256) as u8, 128, 255]
}

pub fn run() -> Result<Vec<Measurement>, String> {
    let context = GlContext::create(ContextRequest::core(3, 3))?;
    let gl = &context.gl;
    render_target(gl, SIZE, SIZE)?;
    let program = program(gl, &[(glow::VERTEX_SHADER, VERTEX), (glow::FRAGMENT_SHADER, FRAGMENT)])?;
    // SAFETY: plain GL calls on the current context with objects it created.
    unsafe {
        gl.use_program(Some(program));
        let color = gl.get_uniform_location(program, "color");
        let triangle = bytes_of(&[-0.2, -0.2, 0.2, -0.2, 0.0, 0.2]);
        let mut arrays = Vec::new();
        let mut textures = Vec::new();
        for _ in 0..2 {
            let vao = gl.create_vertex_array()?;
            gl.bind_vertex_array(Some(vao));
            let buffer = gl.create_buffer()?;
            gl.bind_buffer(glow::ARRAY_BUFFER, Some(buffer));
            gl.buffer_data_u8_slice(glow::ARRAY_BUFFER, &triangle, glow::STATIC_DRAW);
            gl.vertex_attrib_pointer_f32(0, 2, glow::FLOAT, false, 0, 0);
            gl.enable_vertex_attrib_array(0);
            arrays.push(vao);
            let texture = gl.create_texture()?;
            gl.bind_texture(glow::TEXTURE_2D, Some(texture));
            gl.tex_image_2d(glow::TEXTURE_2D, 0, glow::RGBA8 as i32, 1, 1, 0, glow::RGBA, glow::UNSIGNED_BYTE,
                glow::PixelUnpackData::Slice(Some(&[255, 255, 255, 255])));
            gl.tex_parameter_i32(glow::TEXTURE_2D, glow::TEXTURE_MIN_FILTER, glow::NEAREST as i32);
            textures.push(texture);
        }
        // Blending that writes the source unchanged: toggling it changes state, not pixels.
        gl.blend_func(glow::ONE, glow::ZERO);

        let plain = |count: u32| -> Result<(), String> {
            for i in 0..count {
                let c = color_of(i);
                if i + 1 == count {
                    gl.uniform_4_f32(color.as_ref(), c[0], c[1], c[2], c[3]);
                }
                gl.draw_arrays(glow::TRIANGLES, 0, 3);
            }
            Ok(())
        };
        let changing = |count: u32| -> Result<(), String> {
            for i in 0..count {
                let c = color_of(i);
                let k = (i % 2) as usize;
                gl.uniform_4_f32(color.as_ref(), c[0], c[1], c[2], c[3]);
                gl.bind_vertex_array(Some(arrays[k]));
                gl.bind_texture(glow::TEXTURE_2D, Some(textures[k]));
                if k == 0 {
                    gl.enable(glow::BLEND);
                } else {
                    gl.disable(glow::BLEND);
                }
                gl.draw_arrays(glow::TRIANGLES, 0, 3);
            }
            Ok(())
        };

        let mut results = Vec::new();
        for (name, work) in [
            ("draws, no state change", &plain as &dyn Fn(u32) -> Result<(), String>),
            ("draws, uniform+VAO+texture+blend change each", &changing),
        ] {
            gl.bind_vertex_array(Some(arrays[0]));
            gl.bind_texture(glow::TEXTURE_2D, Some(textures[0]));
            work(WARM_UP_DRAWS)?;
            let seconds = timed(gl, || work(DRAWS))?;
            expect_no_error(gl, name)?;
            expect_pixel(gl, name, SIZE / 2, SIZE / 2, expected_pixel(DRAWS - 1))?;
            results.push(measured(name, DRAWS as f64 / seconds, Unit::DrawsPerSecond));
        }
        Ok(results)
    }
}
