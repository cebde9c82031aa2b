//! Small GL helpers the workloads share: programs, a render target, timing and the
//! read-back checks that keep a broken path from producing a number.

use std::time::Instant;

use glow::HasContext;

/// Compiles and links `stages` (GL shader type, source), or returns the info log.
pub fn program(gl: &glow::Context, stages: &[(u32, &str)]) -> Result<glow::Program, String> {
    // SAFETY: plain GL calls on the current context with objects it created.
    unsafe {
        let program = gl.create_program()?;
        let mut shaders = Vec::new();
        for &(kind, source) in stages {
            let shader = gl.create_shader(kind)?;
            gl.shader_source(shader, source);
            gl.compile_shader(shader);
            if !gl.get_shader_compile_status(shader) {
                return Err(format!("shader {kind:#x} does not compile: {}", gl.get_shader_info_log(shader)));
            }
            gl.attach_shader(program, shader);
            shaders.push(shader);
        }
        gl.link_program(program);
        if !gl.get_program_link_status(program) {
            return Err(format!("program does not link: {}", gl.get_program_info_log(program)));
        }
        for shader in shaders {
            gl.delete_shader(shader);
        }
        Ok(program)
    }
}

/// An RGBA8 colour texture in a framebuffer object, bound for drawing and reading.
pub fn render_target(gl: &glow::Context, width: i32, height: i32) -> Result<(glow::Framebuffer, glow::Texture), String> {
    // SAFETY: plain GL calls on the current context.
    unsafe {
        let texture = gl.create_texture()?;
        gl.bind_texture(glow::TEXTURE_2D, Some(texture));
        gl.tex_image_2d(glow::TEXTURE_2D, 0, glow::RGBA8 as i32, width, height, 0, glow::RGBA, glow::UNSIGNED_BYTE,
            glow::PixelUnpackData::Slice(None));
        gl.tex_parameter_i32(glow::TEXTURE_2D, glow::TEXTURE_MIN_FILTER, glow::NEAREST as i32);
        gl.tex_parameter_i32(glow::TEXTURE_2D, glow::TEXTURE_MAG_FILTER, glow::NEAREST as i32);
        let framebuffer = gl.create_framebuffer()?;
        gl.bind_framebuffer(glow::FRAMEBUFFER, Some(framebuffer));
        gl.framebuffer_texture_2d(glow::FRAMEBUFFER, glow::COLOR_ATTACHMENT0, glow::TEXTURE_2D, Some(texture), 0);
        let status = gl.check_framebuffer_status(glow::FRAMEBUFFER);
        if status != glow::FRAMEBUFFER_COMPLETE {
            return Err(format!("render target {width}x{height} RGBA8 is incomplete: {status:#x}"));
        }
        gl.viewport(0, 0, width, height);
        gl.bind_texture(glow::TEXTURE_2D, None);
        Ok((framebuffer, texture))
    }
}

/// The RGBA8 pixel at (x, y) of the bound read framebuffer.
pub fn read_pixel(gl: &glow::Context, x: i32, y: i32) -> [u8; 4] {
    let mut pixel = [0u8; 4];
    // SAFETY: a 1x1 RGBA8 read into a 4-byte slice, no pack buffer bound.
    unsafe {
        gl.bind_buffer(glow::PIXEL_PACK_BUFFER, None);
        gl.read_pixels(x, y, 1, 1, glow::RGBA, glow::UNSIGNED_BYTE, glow::PixelPackData::Slice(Some(&mut pixel)));
    }
    pixel
}

/// Fails unless the pixel at (x, y) is `expected`, each channel within one step of 8-bit
/// rounding (a float colour written to UNORM8 may round either way).
pub fn expect_pixel(gl: &glow::Context, what: &str, x: i32, y: i32, expected: [u8; 4]) -> Result<(), String> {
    let got = read_pixel(gl, x, y);
    let close = got.iter().zip(expected).all(|(&g, e)| g.abs_diff(e) <= 1);
    if close {
        Ok(())
    } else {
        Err(format!("{what}: pixel ({x}, {y}) is {got:?}, expected {expected:?}"))
    }
}

/// Fails on a pending GL error.
pub fn expect_no_error(gl: &glow::Context, what: &str) -> Result<(), String> {
    // SAFETY: glGetError has no preconditions.
    let error = unsafe { gl.get_error() };
    if error == glow::NO_ERROR {
        Ok(())
    } else {
        Err(format!("{what}: GL error {error:#x}"))
    }
}

/// How often `timed` repeats the work: the fastest repetition is the one least disturbed
/// by other processes on a shared machine.
pub const REPETITIONS: u32 = 3;

/// Seconds the fastest of `REPETITIONS` runs of `work` takes, glFinish included, so queued
/// GPU work is counted.
pub fn timed(gl: &glow::Context, mut work: impl FnMut() -> Result<(), String>) -> Result<f64, String> {
    let mut best = f64::INFINITY;
    for _ in 0..REPETITIONS {
        // SAFETY: glFinish has no preconditions.
        unsafe { gl.finish() };
        let start = Instant::now();
        work()?;
        unsafe { gl.finish() };
        best = best.min(start.elapsed().as_secs_f64());
    }
    Ok(best)
}

/// Seconds `work` takes once, to the end of the GPU work it queued: for work whose
/// first run differs from later ones (programs built on first use).
pub fn timed_once(gl: &glow::Context, work: impl FnOnce() -> Result<(), String>) -> Result<f64, String> {
    // SAFETY: glFinish has no preconditions.
    unsafe { gl.finish() };
    let start = Instant::now();
    work()?;
    unsafe { gl.finish() };
    Ok(start.elapsed().as_secs_f64())
}

/// Float data as the bytes glBufferData takes.
pub fn bytes_of(data: &[f32]) -> Vec<u8> {
    data.iter().flat_map(|v| v.to_ne_bytes()).collect()
}
