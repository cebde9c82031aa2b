//! glCopyPixels (compatibility profile): a rectangle of the read framebuffer drawn at the
//! raster position as glDrawPixels would draw it. Colour and depth are read back and drawn
//! as pixel rectangles through the fragment pipeline; stencil is copied into the stencil
//! buffer through the write mask.

use vk_backend::{Aspect, ImageRegion};

use super::key::PixelKind;
use super::pixel_rectangle::PixelImage;
use crate::context::ContextState;
use crate::draw_path::gpu_image::texel_format_of;
use crate::pixels::{self, HostTexels, TexelFormat};
use crate::types::enums::*;
use crate::types::*;

impl ContextState {
    pub(crate) fn gl_copy_pixels(&mut self, x: GLint, y: GLint, width: GLsizei, height: GLsizei, ty: GLenum) {
        if !self.check(!self.is_core() && !self.is_gles() && !self.in_begin_end(), GL_INVALID_OPERATION) {
            return;
        }
        if !self.check(width >= 0 && height >= 0, GL_INVALID_VALUE) {
            return;
        }
        let (format, aspect) = match ty {
            GL_COLOR => (GL_RGBA, Aspect::Color),
            GL_DEPTH => (GL_DEPTH_COMPONENT, Aspect::Depth),
            GL_STENCIL => (GL_STENCIL_INDEX, Aspect::Stencil),
            _ => return self.record_error(GL_INVALID_ENUM),
        };
        if self.state.render_mode.mode != GL_RENDER {
            return self.select_or_feedback_raster_pos(GL_COPY_PIXEL_TOKEN);
        }
        let targets = match self.draw_targets() {
            Ok(t) => t,
            Err(e) => return self.report_target_error(e),
        };
        let draw_ok = match aspect {
            Aspect::Depth => targets.depth_stencil.as_ref().is_some_and(|v| v.format().has_depth()),
            Aspect::Stencil => targets.depth_stencil.as_ref().is_some_and(|v| v.format().has_stencil()),
            _ => true,
        };
        let source = match self.read_source(format) {
            Ok(s) => s,
            Err(e) => return self.report_target_error(e),
        };
        let read_ok = match aspect {
            Aspect::Depth => source.image.desc().format.has_depth(),
            Aspect::Stencil => source.image.desc().format.has_stencil(),
            _ => true,
        };
        // A multisample read framebuffer (SAMPLE_BUFFERS 1) cannot be copied from
        // (ARB_framebuffer_object); blits resolve it.
        let single_sample = source.image.desc().samples == 1;
        if !self.check(draw_ok && read_ok && single_sample, GL_INVALID_OPERATION) {
            return;
        }
        if !self.state.raster_pos.valid || width == 0 || height == 0 {
            return;
        }
        let (w, h) = (width as u32, height as u32);
        // Pixels outside the read framebuffer are undefined: they read as zero.
        let (fw, fh) = (source.extent.0 as i64, source.extent.1 as i64);
        let x0 = (x as i64).clamp(0, fw);
        let y0 = (y as i64).clamp(0, fh);
        let x1 = (x as i64 + width as i64).clamp(0, fw);
        let y1 = (y as i64 + height as i64).clamp(0, fh);
        let (cw, ch) = ((x1 - x0).max(0) as usize, (y1 - y0).max(0) as usize);
        let read = if cw > 0 && ch > 0 {
            let region = ImageRegion { aspect, level: source.level, ..ImageRegion::rect(x0 as i32, y0 as i32, cw as u32, ch as u32) };
            match self.stream.read_image(&source.image, &region) {
                Ok(d) => d,
                Err(e) => return self.backend_failed(e),
            }
        } else {
            Vec::new()
        };
        let texel = match aspect {
            Aspect::Depth => Some(pixels::table_format(GL_DEPTH_COMPONENT32F)),
            Aspect::Stencil => None,
            _ => texel_format_of(source.image.desc().format),
        };
        let texel_bytes = texel.map_or(1, TexelFormat::bytes_per_texel);
        // The image pixel (i, j) of the copy reads framebuffer pixel (x + i, y + j).
        let at = |i: usize, j: usize| -> Option<usize> {
            let (fx, fy) = (x as i64 + i as i64 - x0, y as i64 + j as i64 - y0);
            (fx >= 0 && fy >= 0 && (fx as usize) < cw && (fy as usize) < ch).then(|| (fy as usize * cw + fx as usize) * texel_bytes)
        };
        let origin = [self.state.raster_pos.position[0], self.state.raster_pos.position[1]];
        let zoom = self.state.pixel_transfer.zoom;
        let transfer = self.state.pixel_transfer;
        match aspect {
            Aspect::Stencil => {
                let indices: Vec<u32> =
                    (0..h as usize).flat_map(|j| (0..w as usize).map(move |i| (i, j))).map(|(i, j)| at(i, j).map_or(0, |o| transfer.apply_index(read[o] as u32))).collect();
                self.write_stencil_rectangle(w, h, &indices);
            }
            _ => {
                let Some(texel) = texel else {
                    tracing::warn!(target: "galvan", "glCopyPixels from {:?} is not supported yet", source.image.desc().format);
                    return self.record_error(GL_INVALID_OPERATION);
                };
                let read_rgba = match pixels::to_rgba_f32(&read, texel, cw * ch) {
                    Ok(r) => r,
                    Err(e) => return self.record_error(e),
                };
                let mut texels = Vec::with_capacity(w as usize * h as usize);
                for j in 0..h as usize {
                    for i in 0..w as usize {
                        let p = at(i, j).map_or([0.0; 4], |o| read_rgba[o / texel_bytes]);
                        texels.push(if aspect == Aspect::Depth { [transfer.apply_depth(p[0]), 0.0, 0.0, 1.0] } else { transfer.apply_color(p) });
                    }
                }
                let kind = if aspect == Aspect::Depth { PixelKind::Depth } else { PixelKind::Color };
                self.draw_pixel_rectangle(kind, &PixelImage { width: w, height: h, texels }, origin, zoom);
            }
        }
    }
}
