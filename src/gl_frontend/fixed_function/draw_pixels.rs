//! glDrawPixels (compatibility profile): a client image (or one from the pixel unpack
//! buffer) drawn at the raster position. Colour and depth images become pixel rectangles
//! drawn through the fragment pipeline (`pixel_rectangle`); stencil indices are written
//! straight into the stencil buffer, as GL writes them past every fragment operation but
//! the scissor test and the stencil write mask.

use vk_backend::{Aspect, ImageRegion};

use super::bitmap::{bitmap_bytes, unpack_bits};
use super::key::PixelKind;
use super::pixel_rectangle::PixelImage;
use crate::context::ContextState;
use crate::pixels::{self, HostTexels};
use crate::state::enables::Cap;
use crate::types::enums::*;
use crate::types::*;

/// The format galvan's pixel transfer reads for a legacy colour format of the same
/// layout, and how the read channels become RGBA (index into r, g, b, a, or 4 = 0, 5 = 1).
fn legacy_color_format(format: GLenum) -> Option<(GLenum, [usize; 4])> {
    Some(match format {
        GL_RED | GL_RG | GL_RGB | GL_RGBA | GL_BGRA => (format, [0, 1, 2, 3]),
        GL_BGR => (GL_RGB, [2, 1, 0, 5]),
        GL_GREEN => (GL_RED, [4, 0, 4, 5]),
        GL_BLUE => (GL_RED, [4, 4, 0, 5]),
        GL_ALPHA => (GL_RED, [4, 4, 4, 0]),
        GL_LUMINANCE => (GL_RED, [0, 0, 0, 5]),
        GL_LUMINANCE_ALPHA => (GL_RG, [0, 0, 0, 1]),
        _ => return None,
    })
}

/// Reorders unpacked RGBA texels by a channel map of `legacy_color_format`.
fn remap(texels: &mut [[f32; 4]], map: [usize; 4], read_components: usize) {
    for t in texels.iter_mut() {
        let src = *t;
        *t = map.map(|c| match c {
            4 => 0.0,
            5 => 1.0,
            c if c < read_components || c == 3 => src[c],
            _ => 0.0,
        });
    }
}

/// One stencil index of a client pixel of type `ty`.
fn read_index(bytes: &[u8], ty: GLenum) -> u32 {
    let word = || u32::from_ne_bytes(bytes[..4].try_into().unwrap_or_default());
    match ty {
        GL_UNSIGNED_BYTE | GL_BYTE => bytes[0] as u32,
        GL_UNSIGNED_SHORT | GL_SHORT => u16::from_ne_bytes([bytes[0], bytes[1]]) as u32,
        GL_FLOAT => f32::from_bits(word()).max(0.0) as u32,
        _ => word(),
    }
}

/// Bytes glDrawPixels reads of a `w` x `h` image under `store`; `None` for a combination
/// it rejects.
pub fn client_bytes(store: &crate::objects::bindings::PixelStore, w: u32, h: u32, format: GLenum, ty: GLenum) -> Option<usize> {
    if ty == GL_BITMAP {
        return Some(bitmap_bytes(store, w, h));
    }
    // Colour indices are laid out as stencil indices are.
    let read_format = if format == GL_COLOR_INDEX { GL_STENCIL_INDEX } else { legacy_color_format(format).map_or(format, |(f, _)| f) };
    pixels::client_image_bytes(store, [w, h, 1], read_format, ty).ok()
}

fn floats(bytes: &[u8]) -> Vec<[f32; 4]> {
    bytes
        .chunks_exact(16)
        .map(|t| std::array::from_fn(|i| f32::from_ne_bytes(t[4 * i..4 * i + 4].try_into().unwrap_or_default())))
        .collect()
}

impl ContextState {
    pub(crate) fn gl_draw_pixels(&mut self, width: GLsizei, height: GLsizei, format: GLenum, ty: GLenum, data: *const c_void) {
        if !self.check(!self.is_core() && !self.is_gles() && !self.in_begin_end(), GL_INVALID_OPERATION) {
            return;
        }
        if !self.check(width >= 0 && height >= 0, GL_INVALID_VALUE) {
            return;
        }
        // Packed types are valid enums; one that does not match the format's component
        // count is GL_INVALID_OPERATION, from the transfer check below.
        let valid_type = matches!(ty, GL_UNSIGNED_BYTE | GL_BYTE | GL_UNSIGNED_SHORT | GL_SHORT | GL_UNSIGNED_INT | GL_INT | GL_FLOAT | GL_HALF_FLOAT | GL_BITMAP)
            || pixels::is_packed_type(ty)
            || (format == GL_DEPTH_STENCIL && matches!(ty, GL_UNSIGNED_INT_24_8 | GL_FLOAT_32_UNSIGNED_INT_24_8_REV));
        let valid_format = legacy_color_format(format).is_some() || matches!(format, GL_DEPTH_COMPONENT | GL_STENCIL_INDEX | GL_DEPTH_STENCIL | GL_COLOR_INDEX);
        if !self.check(valid_type && (valid_format || pixels::is_integer_format(format)), GL_INVALID_ENUM) {
            return;
        }
        // GL_BITMAP is for index formats only.
        if !self.check(ty != GL_BITMAP || matches!(format, GL_STENCIL_INDEX | GL_COLOR_INDEX), GL_INVALID_ENUM) {
            return;
        }
        // A packed type needs a format of its component count, whatever the data (BGR is
        // not RGB here, though both read alike).
        let index_format = matches!(format, GL_COLOR_INDEX | GL_STENCIL_INDEX);
        if pixels::is_packed_type(ty) && pixels::client_pixel_bytes(if index_format { GL_STENCIL_INDEX } else { format }, ty).is_err() {
            return self.record_error(GL_INVALID_OPERATION);
        }
        if self.state.render_mode.mode != GL_RENDER {
            return self.select_or_feedback_raster_pos(GL_DRAW_PIXEL_TOKEN);
        }
        // Integer colours are GL_INVALID_OPERATION whatever the type: GL 3.0's rule for
        // pixel rectangles, which supersedes EXT_texture_integer's INVALID_ENUM for FLOAT.
        if !self.check(!pixels::is_integer_format(format), GL_INVALID_OPERATION) {
            return;
        }
        let targets = match self.draw_targets() {
            Ok(t) => t,
            Err(e) => return self.report_target_error(e),
        };
        let has_depth = targets.depth_stencil.as_ref().is_some_and(|v| v.format().has_depth());
        let has_stencil = targets.depth_stencil.as_ref().is_some_and(|v| v.format().has_stencil());
        let needs_ok = match format {
            GL_DEPTH_COMPONENT => has_depth,
            GL_STENCIL_INDEX => has_stencil,
            GL_DEPTH_STENCIL => has_depth && has_stencil,
            _ => true,
        };
        if !self.check(needs_ok, GL_INVALID_OPERATION) {
            return;
        }
        if !self.state.raster_pos.valid || width == 0 || height == 0 {
            return;
        }
        let (w, h) = (width as u32, height as u32);
        match format {
            GL_STENCIL_INDEX => {
                if let Some(mut indices) = self.unpack_indices(w, h, ty, data) {
                    if self.state.pixel_transfer.map_stencil {
                        let maps = &self.state.pixel_maps;
                        indices.iter_mut().for_each(|i| *i = maps.map_index(GL_PIXEL_MAP_S_TO_S, *i));
                    }
                    self.write_stencil_rectangle(w, h, &indices);
                }
            }
            // An RGBA framebuffer takes colour indices through the I_TO_R .. I_TO_A maps.
            GL_COLOR_INDEX => {
                let Some(indices) = self.unpack_indices(w, h, ty, data) else { return };
                let maps = &self.state.pixel_maps;
                let texels = indices.iter().map(|i| maps.index_to_rgba(*i)).collect();
                let image = PixelImage { width: w, height: h, texels };
                let origin = [self.state.raster_pos.position[0], self.state.raster_pos.position[1]];
                self.draw_pixel_rectangle(PixelKind::Color, &image, origin, self.state.pixel_transfer.zoom);
            }
            GL_DEPTH_COMPONENT | GL_DEPTH_STENCIL => {
                let texel = pixels::table_format(if format == GL_DEPTH_STENCIL { GL_DEPTH32F_STENCIL8 } else { GL_DEPTH_COMPONENT32F });
                if let Err(e) = pixels::check_upload(texel.info.internal_format, format, ty, self.format_api()) {
                    return self.record_error(e);
                }
                let bpt = texel.bytes_per_texel();
                let out = match self.unpack_pixels([w, h, 1], format, ty, texel, data) {
                    Ok(out) => out.unwrap_or_else(|| vec![0u8; w as usize * h as usize * bpt]),
                    Err(e) => return self.record_error(e),
                };
                let transfer = self.state.pixel_transfer;
                let texels = out.chunks_exact(bpt).map(|t| [transfer.apply_depth(f32::from_ne_bytes([t[0], t[1], t[2], t[3]])), 0.0, 0.0, 1.0]).collect();
                let stencil: Vec<u32> = out.chunks_exact(bpt).map(|t| t.get(4).copied().unwrap_or(0) as u32).collect();
                let image = PixelImage { width: w, height: h, texels };
                let origin = [self.state.raster_pos.position[0], self.state.raster_pos.position[1]];
                self.draw_pixel_rectangle(PixelKind::Depth, &image, origin, self.state.pixel_transfer.zoom);
                if format == GL_DEPTH_STENCIL {
                    self.write_stencil_rectangle(w, h, &stencil);
                }
            }
            _ => {
                let Some(image) = self.unpack_color_image(w, h, format, ty, data) else { return };
                let origin = [self.state.raster_pos.position[0], self.state.raster_pos.position[1]];
                self.draw_pixel_rectangle(PixelKind::Color, &image, origin, self.state.pixel_transfer.zoom);
            }
        }
    }

    /// A colour image of any colour format galvan's pixel transfer reads, as RGBA floats
    /// after the pixel-transfer scale and bias; `None` after recording an error.
    pub(crate) fn unpack_color_image(&mut self, w: u32, h: u32, format: GLenum, ty: GLenum, data: *const c_void) -> Option<PixelImage> {
        let (read_format, map) = legacy_color_format(format)?;
        let texel = pixels::table_format(GL_RGBA32F);
        if let Err(e) = pixels::check_upload(GL_RGBA32F, read_format, ty, self.format_api()) {
            self.record_error(e);
            return None;
        }
        let out = match self.unpack_pixels([w, h, 1], read_format, ty, texel, data) {
            Ok(out) => out.unwrap_or_else(|| vec![0u8; w as usize * h as usize * 16]),
            Err(e) => {
                self.record_error(e);
                return None;
            }
        };
        let mut texels = floats(&out);
        let read_components = match read_format {
            GL_RED => 1,
            GL_RG => 2,
            _ => 4,
        };
        remap(&mut texels, map, read_components);
        let transfer = self.state.pixel_transfer;
        if !transfer.is_identity_color() {
            texels.iter_mut().for_each(|t| *t = transfer.apply_color(*t));
        }
        if transfer.map_color {
            let maps = &self.state.pixel_maps;
            texels.iter_mut().for_each(|t| *t = maps.map_rgba(*t));
        }
        Some(PixelImage { width: w, height: h, texels })
    }

    /// Stencil indices of a client image (GL_BITMAP included), shifted and offset as
    /// glPixelTransfer says; `None` after recording an error.
    fn unpack_indices(&mut self, w: u32, h: u32, ty: GLenum, data: *const c_void) -> Option<Vec<u32>> {
        let store = self.bindings.unpack;
        let total = if ty == GL_BITMAP {
            bitmap_bytes(&store, w, h)
        } else {
            match pixels::client_image_bytes(&store, [w, h, 1], GL_STENCIL_INDEX, ty) {
                Ok(n) => n,
                Err(e) => {
                    self.record_error(e);
                    return None;
                }
            }
        };
        let bytes = match self.unpack_source_bytes(data, total) {
            Ok(b) => b,
            Err(e) => {
                self.record_error(e);
                return None;
            }
        };
        let transfer = self.state.pixel_transfer;
        let indices: Vec<u32> = if ty == GL_BITMAP {
            unpack_bits(&store, w, h, &bytes)?.into_iter().map(u32::from).collect()
        } else {
            let layout = pixels::client_geometry(&store, w, h, GL_STENCIL_INDEX, ty).ok()?;
            let mut v = Vec::with_capacity(w as usize * h as usize);
            for y in 0..h as usize {
                for x in 0..w as usize {
                    let at = layout.offset(x, y, 0);
                    let mut index = bytes.get(at..at + layout.pixel_bytes)?.to_vec();
                    if store.swap_bytes {
                        index.reverse();
                    }
                    v.push(read_index(&index, ty));
                }
            }
            v
        };
        Some(indices.into_iter().map(|i| transfer.apply_index(i)).collect())
    }

    /// `len` bytes of application pixels from client memory or the pixel unpack buffer.
    pub(crate) fn unpack_source_bytes(&self, data: *const c_void, len: usize) -> Result<Vec<u8>, GLenum> {
        let unpack_buffer = self.bindings.pixel_unpack_buffer;
        if unpack_buffer != 0 {
            let objects = self.share.lock();
            let buffer = objects.buffers.get(unpack_buffer).ok_or(GL_INVALID_OPERATION)?;
            let offset = data as usize;
            let end = offset.checked_add(len).ok_or(GL_INVALID_OPERATION)?;
            if buffer.mapping.is_some() || end > buffer.data.len() {
                return Err(GL_INVALID_OPERATION);
            }
            return Ok(buffer.data[offset..end].to_vec());
        }
        if data.is_null() {
            return Ok(vec![0; len]);
        }
        // SAFETY: GL requires client pixel memory to hold the image as the unpack state
        // describes it.
        Ok(unsafe { std::slice::from_raw_parts(data as *const u8, len) }.to_vec())
    }

    /// Writes `indices` (w x h, bottom row first) zoomed at the raster position into the
    /// stencil buffer, through the front stencil write mask and the scissor.
    pub(crate) fn write_stencil_rectangle(&mut self, w: u32, h: u32, indices: &[u32]) {
        let targets = match self.draw_targets() {
            Ok(t) => t,
            Err(e) => return self.report_target_error(e),
        };
        let Some(view) = targets.depth_stencil.clone().filter(|v| v.format().has_stencil()) else { return };
        let (fw, fh) = (targets.extent.0 as i64, targets.extent.1 as i64);
        let [rx, ry] = [self.state.raster_pos.position[0], self.state.raster_pos.position[1]];
        let [zx, zy] = self.state.pixel_transfer.zoom;
        let (low, extent) = super::pixel_rectangle::zoomed_rect([rx, ry], [w, h], [zx, zy]);
        let mut x0 = (low[0].round() as i64).clamp(0, fw);
        let mut y0 = (low[1].round() as i64).clamp(0, fh);
        let mut x1 = ((low[0] + extent[0]).round() as i64).clamp(0, fw);
        let mut y1 = ((low[1] + extent[1]).round() as i64).clamp(0, fh);
        if self.state.enables.is(Cap::ScissorTest) {
            let [sx, sy, sw, sh] = self.state.viewport.scissor().map(i64::from);
            x0 = x0.max(sx);
            y0 = y0.max(sy);
            x1 = x1.min(sx + sw);
            y1 = y1.min(sy + sh);
        }
        if x1 <= x0 || y1 <= y0 || zx == 0.0 || zy == 0.0 {
            return;
        }
        let (cw, ch) = ((x1 - x0) as u32, (y1 - y0) as u32);
        let level = view.desc().base_level;
        let region = ImageRegion { aspect: Aspect::Stencil, level, ..ImageRegion::rect(x0 as i32, y0 as i32, cw, ch) };
        let mut stencil = match self.stream.read_image(view.image(), &region) {
            Ok(s) => s,
            Err(e) => return self.backend_failed(e),
        };
        let mask = self.state.depth_stencil.front.write_mask;
        for y in 0..ch as i64 {
            for x in 0..cw as i64 {
                // The image pixel whose zoomed square holds this pixel's centre.
                let i = ((((x0 + x) as f32 + 0.5) - rx) / zx).floor();
                let j = ((((y0 + y) as f32 + 0.5) - ry) / zy).floor();
                if i < 0.0 || j < 0.0 || i >= w as f32 || j >= h as f32 {
                    continue;
                }
                let index = indices[j as usize * w as usize + i as usize];
                let slot = &mut stencil[(y * cw as i64 + x) as usize];
                *slot = ((*slot as u32 & !mask) | (index & mask)) as u8;
            }
        }
        if let Err(e) = self.stream.write_image(view.image(), &region, &stencil) {
            self.backend_failed(e);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn luminance_alpha_spreads_to_rgb() {
        let (read, map) = legacy_color_format(GL_LUMINANCE_ALPHA).unwrap();
        assert_eq!(read, GL_RG);
        let mut t = [[0.25, 0.75, 0.0, 1.0]];
        remap(&mut t, map, 2);
        assert_eq!(t, [[0.25, 0.25, 0.25, 0.75]]);
        let (_, alpha) = legacy_color_format(GL_ALPHA).unwrap();
        let mut t = [[0.5, 0.0, 0.0, 1.0]];
        remap(&mut t, alpha, 1);
        assert_eq!(t, [[0.0, 0.0, 0.0, 0.5]]);
    }

    #[test]
    fn stencil_indices_read_every_type() {
        assert_eq!(read_index(&[7], GL_UNSIGNED_BYTE), 7);
        assert_eq!(read_index(&300u16.to_ne_bytes(), GL_UNSIGNED_SHORT), 300);
        assert_eq!(read_index(&5.0f32.to_ne_bytes(), GL_FLOAT), 5);
    }
}
