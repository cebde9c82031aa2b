//! glBitmap (compatibility profile): a one-bit image drawn at the raster position, minus
//! its origin, in the raster colour (fragments of 0 bits are not produced), then the raster
//! position advances. Drawn as a pixel rectangle, so texturing, fog and every fragment
//! operation apply as GL says.

use super::key::PixelKind;
use super::pixel_rectangle::PixelImage;
use crate::context::ContextState;
use crate::objects::bindings::PixelStore;
use crate::types::enums::*;
use crate::types::*;

/// Bytes a `width` x `height` bitmap occupies under `store`, rows padded to the alignment.
pub fn bitmap_bytes(store: &PixelStore, width: u32, height: u32) -> usize {
    if width == 0 || height == 0 {
        return 0;
    }
    let row = bitmap_row_stride(store, width);
    let skip_rows = store.skip_rows.max(0) as usize;
    let last_row = (store.skip_pixels.max(0) as usize + width as usize).div_ceil(8);
    (skip_rows + height as usize - 1) * row + last_row
}

fn bitmap_row_stride(store: &PixelStore, width: u32) -> usize {
    let alignment = store.alignment.max(1) as usize;
    let row_pixels = if store.row_length > 0 { store.row_length as usize } else { width as usize };
    row_pixels.div_ceil(8 * alignment) * alignment
}

/// The bits of a bitmap as 0 or 1 per pixel, bottom row first, honouring ALIGNMENT,
/// ROW_LENGTH, SKIP_ROWS, SKIP_PIXELS and LSB_FIRST. `None` when `src` is too short.
pub fn unpack_bits(store: &PixelStore, width: u32, height: u32, src: &[u8]) -> Option<Vec<u8>> {
    if src.len() < bitmap_bytes(store, width, height) {
        return None;
    }
    let row = bitmap_row_stride(store, width);
    let mut out = Vec::with_capacity(width as usize * height as usize);
    for y in 0..height as usize {
        let start = (store.skip_rows.max(0) as usize + y) * row;
        for x in 0..width as usize {
            let bit = store.skip_pixels.max(0) as usize + x;
            let byte = *src.get(start + bit / 8)?;
            let shift = if store.lsb_first { bit % 8 } else { 7 - bit % 8 };
            out.push((byte >> shift) & 1);
        }
    }
    Some(out)
}

impl ContextState {
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn gl_bitmap(&mut self, width: GLsizei, height: GLsizei, xorig: f32, yorig: f32, xmove: f32, ymove: f32, data: *const u8) {
        if !self.check(!self.is_core() && !self.is_gles() && !self.in_begin_end(), GL_INVALID_OPERATION) {
            return;
        }
        if !self.check(width >= 0 && height >= 0, GL_INVALID_VALUE) {
            return;
        }
        if !self.state.raster_pos.valid {
            return;
        }
        let (w, h) = (width as u32, height as u32);
        if self.state.render_mode.mode != GL_RENDER {
            self.select_or_feedback_raster_pos(GL_BITMAP_TOKEN);
        } else if w > 0 && h > 0 {
            let store = self.bindings.unpack;
            let bytes = match self.unpack_source_bytes(data as *const c_void, bitmap_bytes(&store, w, h)) {
                Ok(b) => b,
                Err(e) => return self.record_error(e),
            };
            // A null pointer without an unpack buffer draws nothing but still advances.
            if !data.is_null() || self.bindings.pixel_unpack_buffer != 0 {
                let Some(bits) = unpack_bits(&store, w, h, &bytes) else { return self.record_error(GL_INVALID_OPERATION) };
                self.draw_bitmap_bits(w, h, &bits, xorig, yorig);
            }
        }
        self.advance_raster_pos(xmove, ymove);
    }

    /// Draws unpacked bits at the raster position minus the origin.
    pub(crate) fn draw_bitmap_bits(&mut self, w: u32, h: u32, bits: &[u8], xorig: f32, yorig: f32) {
        if !bits.contains(&1) {
            return;
        }
        let texels = bits.iter().map(|&b| [b as f32, 0.0, 0.0, 1.0]).collect();
        let image = PixelImage { width: w, height: h, texels };
        // GL takes the window position of the bitmap's lower-left corner as
        // floor(x - xorig), floor(y - yorig).
        let [x, y] = [self.state.raster_pos.position[0], self.state.raster_pos.position[1]];
        let origin = [(x - xorig).floor(), (y - yorig).floor()];
        self.draw_pixel_rectangle(PixelKind::Bitmap, &image, origin, [1.0, 1.0]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_are_padded_to_the_alignment() {
        let store = PixelStore::default();
        // 10 pixels take 2 bytes, padded to 4.
        let src = [0b1000_0000, 0b0100_0000, 0, 0, 0b0000_0001, 0, 0, 0];
        let bits = unpack_bits(&store, 10, 2, &src).unwrap();
        assert_eq!(&bits[..10], &[1, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
        assert_eq!(&bits[10..], &[0, 0, 0, 0, 0, 0, 0, 1, 0, 0]);
        assert_eq!(bitmap_bytes(&store, 10, 2), 6);
    }

    #[test]
    fn lsb_first_and_skip_pixels() {
        let store = PixelStore { lsb_first: true, skip_pixels: 1, alignment: 1, ..Default::default() };
        let bits = unpack_bits(&store, 3, 1, &[0b0000_0110]).unwrap();
        assert_eq!(bits, vec![1, 1, 0]);
        assert!(unpack_bits(&store, 9, 1, &[0]).is_none());
    }
}
