//! The rendered frame read back with glReadPixels and written as an RGBA PNG.

use crate::legacy_gl::{self as gl, LegacyGl};
use std::path::Path;

/// Reads the `width`×`height` colour buffer and writes it to `path`, top row first
/// (GL's rows run bottom-up).
///
/// # Safety
/// The context that loaded `gl` is current.
pub unsafe fn write_png(gl: &LegacyGl, width: i32, height: i32, path: &Path) -> Result<(), String> {
    let row = width as usize * 4;
    let mut pixels = vec![0u8; row * height as usize];
    (gl.pixel_storei)(gl::PACK_ALIGNMENT, 1);
    (gl.read_pixels)(0, 0, width, height, gl::RGBA, gl::UNSIGNED_BYTE, pixels.as_mut_ptr().cast());
    gl.check("reading the pixels back")?;
    let upright: Vec<u8> = pixels.chunks_exact(row).rev().flatten().copied().collect();
    let file = std::fs::File::create(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut encoder = png::Encoder::new(std::io::BufWriter::new(file), width as u32, height as u32);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().map_err(|e| e.to_string())?;
    writer.write_image_data(&upright).map_err(|e| e.to_string())
}
