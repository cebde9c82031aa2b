//! glReadPixels: a rectangle of the read framebuffer, clipped to it, converted to the
//! application's format and type, into client memory or the pixel pack buffer. Rows go
//! bottom-up from row 0, as images are stored (docs/conventions.md).

use crate::context::ContextState;
use crate::draw_path::gpu_image::{read_host_texels, texel_format_of};
use crate::pixels;
use crate::types::enums::*;
use crate::types::*;

impl ContextState {
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn gl_read_pixels(&mut self, x: GLint, y: GLint, width: GLsizei, height: GLsizei, format: GLenum, ty: GLenum, pixels_ptr: *mut c_void) {
        if !self.check(width >= 0 && height >= 0, GL_INVALID_VALUE) {
            return;
        }
        if let Err(e) = pixels::client_pixel_bytes(format, ty) {
            return self.record_error(e);
        }
        let total_bytes = match pixels::client_image_bytes(&self.bindings.pack, [width as u32, height as u32, 1], format, ty) {
            Ok(n) => n,
            Err(e) => return self.record_error(e),
        };
        let source = match self.single_sample_read_source(format) {
            Ok(s) => s,
            Err(e) => return self.report_target_error(e),
        };
        let Some(texel) = source.format.or_else(|| texel_format_of(source.image.desc().format)) else {
            tracing::warn!(target: "galvan", "glReadPixels from {:?} is not supported yet", source.image.desc().format);
            return self.record_error(GL_INVALID_OPERATION);
        };
        if let Err(e) = pixels::check_pack(texel, format, ty, self.format_api()) {
            return self.record_error(e);
        }
        // Where the client image goes: the pack buffer or client memory.
        let pack_buffer = self.bindings.pixel_pack_buffer;
        if pack_buffer != 0 {
            let objects = self.share.lock();
            let fits = objects.buffers.get(pack_buffer).is_some_and(|b| {
                b.mapping.is_none() && (pixels_ptr as usize).checked_add(total_bytes).is_some_and(|end| end <= b.data.len())
            });
            drop(objects);
            if !self.check(fits, GL_INVALID_OPERATION) {
                return;
            }
        } else if pixels_ptr.is_null() {
            return;
        }
        // Clip to the framebuffer: pixels outside it are left as they were.
        let (fw, fh) = (source.extent.0 as i64, source.extent.1 as i64);
        let x0 = (x as i64).clamp(0, fw);
        let y0 = (y as i64).clamp(0, fh);
        let x1 = (x as i64 + width as i64).clamp(0, fw);
        let y1 = (y as i64 + height as i64).clamp(0, fh);
        if x1 <= x0 || y1 <= y0 {
            return;
        }
        let (cw, ch) = ((x1 - x0) as u32, (y1 - y0) as u32);
        let rect = source.region(x0 as i32, y0 as i32, cw, ch);
        let texels = match read_host_texels(&mut self.stream, &source.image, &rect, texel) {
            Ok(t) => t,
            Err(e) => return self.backend_failed(e),
        };
        let origin = ((x0 - x as i64) as u32, (y0 - y as i64) as u32);
        let store = self.bindings.pack;
        let fixed_point = texel.info.kind != gl_formats::ComponentKind::Float;
        let clamp = crate::state::color_clamp::clamps(self.state.color_clamp.read, fixed_point);
        let pack = |out: &mut [u8]| pixels::pack(&store, width as u32, origin, [cw, ch, 1], format, ty, &texels, texel, gl_formats::PackSource::Framebuffer { clamp_color: clamp }, out);
        let packed = if pack_buffer != 0 {
            let mut objects = self.share.lock();
            objects.buffers.get_mut(pack_buffer).map_or(Ok(()), |b| {
                b.touch();
                pack(&mut b.data[pixels_ptr as usize..pixels_ptr as usize + total_bytes])
            })
        } else {
            // SAFETY: GL requires client memory to hold the image as the pack state lays it out.
            pack(unsafe { std::slice::from_raw_parts_mut(pixels_ptr as *mut u8, total_bytes) })
        };
        if let Err(e) = packed {
            self.record_error(e);
        }
    }
}
