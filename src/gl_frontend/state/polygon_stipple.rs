//! glPolygonStipple / glGetPolygonStipple (compatibility profile): the 32x32 pattern kept
//! as one bit per pixel, read and written through the unpack and pack pixel-store state.

use std::ffi::c_void;

use crate::context::ContextState;
use crate::fixed_function::bitmap::{bitmap_bytes, unpack_bits};
use crate::objects::bindings::PixelStore;
use crate::types::enums::*;

/// The pattern's side in pixels.
pub const STIPPLE_SIZE: u32 = 32;

/// Row y of the pattern, bit x counted from the most significant end (pixel 0 first).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PolygonStipple {
    pub rows: [u32; STIPPLE_SIZE as usize],
}

impl Default for PolygonStipple {
    /// GL's initial pattern lets every pixel through.
    fn default() -> Self {
        PolygonStipple { rows: [u32::MAX; STIPPLE_SIZE as usize] }
    }
}

impl PolygonStipple {
    /// The pattern from one byte (0 or 1) per pixel, bottom row first.
    pub fn from_bits(bits: &[u8]) -> Self {
        let mut rows = [0u32; STIPPLE_SIZE as usize];
        for (y, row) in rows.iter_mut().enumerate() {
            for x in 0..STIPPLE_SIZE as usize {
                if bits[y * STIPPLE_SIZE as usize + x] != 0 {
                    *row |= 1 << (31 - x);
                }
            }
        }
        PolygonStipple { rows }
    }

    /// Writes the pattern as a GL_BITMAP image laid out by `store` into `out`, which holds
    /// at least [`packed_bytes`] bytes; bytes between the pattern's bits keep their values.
    pub fn pack(&self, store: &PixelStore, out: &mut [u8]) {
        let alignment = store.alignment.max(1) as usize;
        let (skip_rows, skip_pixels) = (store.skip_rows.max(0) as usize, store.skip_pixels.max(0) as usize);
        let row_pixels = if store.row_length > 0 { store.row_length as usize } else { STIPPLE_SIZE as usize };
        let stride = row_pixels.div_ceil(8 * alignment) * alignment;
        for (y, row) in self.rows.iter().enumerate() {
            let start = (skip_rows + y) * stride;
            for x in 0..STIPPLE_SIZE as usize {
                let bit = skip_pixels + x;
                let shift = if store.lsb_first { bit % 8 } else { 7 - bit % 8 };
                let byte = &mut out[start + bit / 8];
                if row >> (31 - x) & 1 != 0 {
                    *byte |= 1 << shift;
                } else {
                    *byte &= !(1 << shift);
                }
            }
        }
    }
}

/// Bytes a 32x32 GL_BITMAP image takes under `store`.
pub fn packed_bytes(store: &PixelStore) -> usize {
    bitmap_bytes(store, STIPPLE_SIZE, STIPPLE_SIZE)
}

impl ContextState {
    fn stipple_allowed(&mut self) -> bool {
        self.check(!self.is_core() && !self.is_gles(), GL_INVALID_OPERATION)
    }

    /// glPolygonStipple: the pattern from client memory or the pixel unpack buffer.
    pub(crate) fn gl_polygon_stipple(&mut self, mask: *const u8) {
        if !self.stipple_allowed() {
            return;
        }
        let store = self.bindings.unpack;
        let bytes = match self.unpack_source_bytes(mask as *const c_void, packed_bytes(&store)) {
            Ok(b) => b,
            Err(e) => return self.record_error(e),
        };
        if mask.is_null() && self.bindings.pixel_unpack_buffer == 0 {
            return;
        }
        let Some(bits) = unpack_bits(&store, STIPPLE_SIZE, STIPPLE_SIZE, &bytes) else {
            return self.record_error(GL_INVALID_OPERATION);
        };
        self.state.polygon_stipple = PolygonStipple::from_bits(&bits);
    }

    /// glGetPolygonStipple / glGetnPolygonStipple (`buf_size` bounds client memory):
    /// the pattern into client memory or the pixel pack buffer.
    pub(crate) fn gl_get_polygon_stipple(&mut self, buf_size: Option<usize>, mask: *mut u8) {
        if !self.stipple_allowed() {
            return;
        }
        let store = self.bindings.pack;
        let len = packed_bytes(&store);
        let pattern = self.state.polygon_stipple;
        let pack_buffer = self.bindings.pixel_pack_buffer;
        if pack_buffer != 0 {
            let mut objects = self.share.lock();
            let offset = mask as usize;
            let ok = match objects.buffers.get_mut(pack_buffer) {
                Some(b) if b.mapping.is_none() && offset.checked_add(len).is_some_and(|e| e <= b.data.len()) => {
                    pattern.pack(&store, &mut b.data[offset..offset + len]);
                    b.touch();
                    true
                }
                _ => false,
            };
            drop(objects);
            self.check(ok, GL_INVALID_OPERATION);
            return;
        }
        if !self.check(buf_size.map_or(true, |n| len <= n), GL_INVALID_OPERATION) || mask.is_null() {
            return;
        }
        // SAFETY: GL requires client memory to hold the pattern as the pack state lays it
        // out; glGetnPolygonStipple's bufSize was checked above.
        let out = unsafe { std::slice::from_raw_parts_mut(mask, len) };
        pattern.pack(&store, out);
    }
}
