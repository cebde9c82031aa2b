//! Pixel transfer throughput on a 1024x1024 RGBA8 texture (4 MiB): uploads through
//! glTexSubImage2D from memory and from a pixel unpack buffer, read-backs through
//! glReadPixels into memory and into a pixel pack buffer. Every path's bytes are compared
//! with what went in.

use glow::HasContext;
use galvan_benches::measurement::{Measurement, Unit};

use super::measured;
use crate::egl::{ContextRequest, GlContext};
use crate::gl_util::{expect_no_error, render_target, timed};

const SIZE: i32 = 1024;
const BYTES: usize = (SIZE * SIZE * 4) as usize;
const TRANSFERS: u32 = 8;

/// Image contents that differ per `seed`, so a stale copy never passes for a fresh one.
fn pattern(seed: u32) -> Vec<u8> {
    (0..BYTES as u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 13).wrapping_add(seed * 37) as u8).collect()
}

fn megabytes_per_second(seconds: f64) -> f64 {
    (BYTES as f64 * TRANSFERS as f64) / seconds / 1e6
}

fn expect_same(what: &str, got: &[u8], expected: &[u8]) -> Result<(), String> {
    match got.iter().zip(expected).position(|(g, e)| g != e) {
        None if got.len() == expected.len() => Ok(()),
        None => Err(format!("{what}: {} bytes, expected {}", got.len(), expected.len())),
        Some(at) => Err(format!("{what}: byte {at} is {}, expected {}", got[at], expected[at])),
    }
}

pub fn run() -> Result<Vec<Measurement>, String> {
    let context = GlContext::create(ContextRequest::core(3, 3))?;
    let gl = &context.gl;
    let (_framebuffer, texture) = render_target(gl, SIZE, SIZE)?;
    let patterns: Vec<Vec<u8>> = (0..TRANSFERS).map(pattern).collect();
    let last = &patterns[TRANSFERS as usize - 1];
    let mut memory = vec![0u8; BYTES];
    let mut results = Vec::new();
    // SAFETY: plain GL calls on the current context with objects it created; every
    // transfer's slice or buffer holds the BYTES a 1024x1024 RGBA8 image needs.
    unsafe {
        gl.pixel_store_i32(glow::UNPACK_ALIGNMENT, 4);
        gl.pixel_store_i32(glow::PACK_ALIGNMENT, 4);
        gl.bind_texture(glow::TEXTURE_2D, Some(texture));
        let read_back = |into: &mut [u8]| {
            gl.read_pixels(0, 0, SIZE, SIZE, glow::RGBA, glow::UNSIGNED_BYTE, glow::PixelPackData::Slice(Some(into)));
        };
        let upload = |data: &[u8]| {
            gl.tex_sub_image_2d(glow::TEXTURE_2D, 0, 0, 0, SIZE, SIZE, glow::RGBA, glow::UNSIGNED_BYTE,
                glow::PixelUnpackData::Slice(Some(data)));
        };

        let name = "glTexSubImage2D from memory";
        upload(&patterns[1]);
        let seconds = timed(gl, || {
            patterns.iter().for_each(|p| upload(p));
            Ok(())
        })?;
        expect_no_error(gl, name)?;
        read_back(&mut memory);
        expect_same(name, &memory, last)?;
        results.push(measured(name, megabytes_per_second(seconds), Unit::MegabytesPerSecond));

        let name = "glTexSubImage2D from a pixel unpack buffer (glBufferSubData into it first)";
        let unpack = gl.create_buffer()?;
        gl.bind_buffer(glow::PIXEL_UNPACK_BUFFER, Some(unpack));
        gl.buffer_data_size(glow::PIXEL_UNPACK_BUFFER, BYTES as i32, glow::STREAM_DRAW);
        let upload_through_buffer = |data: &[u8]| {
            gl.buffer_sub_data_u8_slice(glow::PIXEL_UNPACK_BUFFER, 0, data);
            gl.tex_sub_image_2d(glow::TEXTURE_2D, 0, 0, 0, SIZE, SIZE, glow::RGBA, glow::UNSIGNED_BYTE,
                glow::PixelUnpackData::BufferOffset(0));
        };
        upload_through_buffer(&patterns[2]);
        let seconds = timed(gl, || {
            patterns.iter().rev().for_each(|p| upload_through_buffer(p));
            Ok(())
        })?;
        gl.bind_buffer(glow::PIXEL_UNPACK_BUFFER, None);
        expect_no_error(gl, name)?;
        read_back(&mut memory);
        expect_same(name, &memory, &patterns[0])?;
        results.push(measured(name, megabytes_per_second(seconds), Unit::MegabytesPerSecond));

        // The texture is the framebuffer's colour attachment: it now holds patterns[0].
        let name = "glReadPixels to memory";
        upload(last);
        memory.fill(0);
        let seconds = timed(gl, || {
            (0..TRANSFERS).for_each(|_| read_back(&mut memory));
            Ok(())
        })?;
        expect_no_error(gl, name)?;
        expect_same(name, &memory, last)?;
        results.push(measured(name, megabytes_per_second(seconds), Unit::MegabytesPerSecond));

        let name = "glReadPixels to a pixel pack buffer";
        upload(&patterns[3]);
        let pack = gl.create_buffer()?;
        gl.bind_buffer(glow::PIXEL_PACK_BUFFER, Some(pack));
        gl.buffer_data_size(glow::PIXEL_PACK_BUFFER, BYTES as i32, glow::STREAM_READ);
        gl.read_pixels(0, 0, SIZE, SIZE, glow::RGBA, glow::UNSIGNED_BYTE, glow::PixelPackData::BufferOffset(0));
        let seconds = timed(gl, || {
            for _ in 0..TRANSFERS {
                gl.read_pixels(0, 0, SIZE, SIZE, glow::RGBA, glow::UNSIGNED_BYTE, glow::PixelPackData::BufferOffset(0));
            }
            Ok(())
        })?;
        expect_no_error(gl, name)?;
        memory.fill(0);
        gl.get_buffer_sub_data(glow::PIXEL_PACK_BUFFER, 0, &mut memory);
        gl.bind_buffer(glow::PIXEL_PACK_BUFFER, None);
        expect_same(name, &memory, &patterns[3])?;
        results.push(measured(name, megabytes_per_second(seconds), Unit::MegabytesPerSecond));
    }
    Ok(results)
}
