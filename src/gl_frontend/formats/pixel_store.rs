//! glPixelStore state and the addressing it implies (GL 4.6 section 8.4.3.1): where each
//! pixel of an image lies in client memory, and how many bytes the image spans.

use crate::client_layout::client_layout;
use crate::gl;
use crate::layout::Layout;

/// One direction's glPixelStore state (pack or unpack). `Default` is GL's initial state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PixelStore {
    /// Row alignment in bytes: 1, 2, 4 or 8.
    pub alignment: u32,
    pub row_length: u32,
    pub image_height: u32,
    pub skip_pixels: u32,
    pub skip_rows: u32,
    pub skip_images: u32,
    pub swap_bytes: bool,
    pub lsb_first: bool,
}

impl Default for PixelStore {
    fn default() -> Self {
        PixelStore {
            alignment: 4,
            row_length: 0,
            image_height: 0,
            skip_pixels: 0,
            skip_rows: 0,
            skip_images: 0,
            swap_bytes: false,
            lsb_first: false,
        }
    }
}

impl PixelStore {
    /// The same state with IMAGE_HEIGHT and SKIP_IMAGES cleared: 1D and 2D transfers and
    /// ReadPixels ignore them.
    pub fn without_images(&self) -> PixelStore {
        PixelStore { image_height: 0, skip_images: 0, ..*self }
    }
}

/// The size of an image in texels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Extent {
    pub width: u32,
    pub height: u32,
    pub depth: u32,
}

impl Extent {
    pub fn new(width: u32, height: u32, depth: u32) -> Extent {
        Extent { width, height, depth }
    }

    /// Texels in the image, `None` on overflow.
    pub fn texels(&self) -> Option<usize> {
        (self.width as usize).checked_mul(self.height as usize)?.checked_mul(self.depth as usize)
    }

    pub fn is_empty(&self) -> bool {
        self.width == 0 || self.height == 0 || self.depth == 0
    }
}

/// Byte offsets of an image in client memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Geometry {
    pub pixel_bytes: usize,
    pub row_stride: usize,
    pub image_stride: usize,
    /// Offset of the first pixel (after the skips).
    pub start: usize,
    /// Bytes from the buffer's start to one past the last byte touched.
    pub end: usize,
}

impl Geometry {
    /// Offset of pixel (x, y, z).
    pub fn offset(&self, x: usize, y: usize, z: usize) -> usize {
        self.start + z * self.image_stride + y * self.row_stride + x * self.pixel_bytes
    }
}

/// Addressing of an image of `layout` pixels; `None` on arithmetic overflow.
pub(crate) fn geometry(store: &PixelStore, layout: &Layout, extent: Extent) -> Option<Geometry> {
    let pixel_bytes = layout.pixel_bytes();
    let s = layout.element_bytes();
    let n = layout.elements();
    let a = store.alignment.max(1) as usize;
    let l = if store.row_length > 0 { store.row_length } else { extent.width } as usize;
    let row_bytes = s.checked_mul(n)?.checked_mul(l)?;
    let row_stride = if s >= a { row_bytes } else { row_bytes.div_ceil(a).checked_mul(a)? };
    let rows = if store.image_height > 0 { store.image_height } else { extent.height } as usize;
    let image_stride = row_stride.checked_mul(rows)?;
    let start = (store.skip_pixels as usize)
        .checked_mul(pixel_bytes)?
        .checked_add((store.skip_rows as usize).checked_mul(row_stride)?)?
        .checked_add((store.skip_images as usize).checked_mul(image_stride)?)?;
    let end = if extent.is_empty() {
        0
    } else {
        start
            .checked_add((extent.depth as usize - 1).checked_mul(image_stride)?)?
            .checked_add((extent.height as usize - 1).checked_mul(row_stride)?)?
            .checked_add((extent.width as usize).checked_mul(pixel_bytes)?)?
    };
    Some(Geometry { pixel_bytes, row_stride, image_stride, start, end })
}

/// Bytes of client memory (from the pointer or PBO offset) that a transfer of `extent` pixels
/// of `format`/`type` touches under `store`, skips included: what to bounds-check a PBO or
/// pointer against. `None` for a format/type pair that is not a legal client layout, or on
/// overflow. An empty extent touches nothing.
pub fn image_size(store: &PixelStore, format: u32, ty: u32, extent: Extent) -> Option<usize> {
    if ty == gl::GL_BITMAP {
        return bitmap_size(store, extent);
    }
    let layout = client_layout(format, ty).ok()?;
    geometry(store, &layout, extent).map(|g| g.end)
}

/// Where each pixel of a `format`/`ty` image of `extent` lies in client memory under
/// `store`; `None` for a pair that is no client layout, or on overflow.
pub fn client_geometry(store: &PixelStore, format: u32, ty: u32, extent: Extent) -> Option<Geometry> {
    geometry(store, &client_layout(format, ty).ok()?, extent)
}

/// Bytes of one client pixel of `format`/`ty`, or the GL error the pair earns
/// (INVALID_ENUM for values that are no format or type, INVALID_OPERATION for a packed type
/// the format does not take).
pub fn client_pixel_bytes(format: u32, ty: u32) -> Result<usize, crate::error::GlError> {
    client_layout(format, ty).map(|l| l.pixel_bytes())
}

/// Bytes of compressed data for `extent` texels of a block-compressed format: whole blocks in
/// width and height, times depth (glCompressedTexImage's imageSize must equal it). `None` for
/// an uncompressed format or on overflow.
pub fn compressed_image_size(block: Option<crate::storage::Block>, extent: Extent) -> Option<usize> {
    let b = block?;
    (extent.width as usize)
        .div_ceil(b.width as usize)
        .checked_mul((extent.height as usize).div_ceil(b.height as usize))?
        .checked_mul(extent.depth as usize)?
        .checked_mul(b.bytes as usize)
}

/// Size of a GL_BITMAP image: one bit per pixel, rows padded to ALIGNMENT bytes, SKIP_PIXELS
/// counted in bits.
fn bitmap_size(store: &PixelStore, extent: Extent) -> Option<usize> {
    if extent.is_empty() {
        return Some(0);
    }
    let a = store.alignment.max(1) as usize;
    let l = if store.row_length > 0 { store.row_length } else { extent.width } as usize;
    let row_stride = l.div_ceil(8 * a).checked_mul(a)?;
    let rows = if store.image_height > 0 { store.image_height } else { extent.height } as usize;
    let image_stride = row_stride.checked_mul(rows)?;
    let last_row_bytes = (store.skip_pixels as usize).checked_add(extent.width as usize)?.div_ceil(8);
    (store.skip_rows as usize + extent.height as usize - 1)
        .checked_mul(row_stride)?
        .checked_add((store.skip_images as usize + extent.depth as usize - 1).checked_mul(image_stride)?)?
        .checked_add(last_row_bytes)
}

/// Expands a GL_BITMAP image into one byte per pixel (0 or 1), honouring ALIGNMENT,
/// ROW_LENGTH, SKIP_PIXELS, SKIP_ROWS and LSB_FIRST; for glBitmap, glPolygonStipple and
/// stencil/colour-index DrawPixels. `None` when `src` is too short.
pub fn unpack_bitmap(store: &PixelStore, width: u32, height: u32, src: &[u8]) -> Option<Vec<u8>> {
    let extent = Extent::new(width, height, 1);
    let store = store.without_images();
    if src.len() < bitmap_size(&store, extent)? {
        return None;
    }
    let a = store.alignment.max(1) as usize;
    let l = if store.row_length > 0 { store.row_length } else { width } as usize;
    let row_stride = l.div_ceil(8 * a) * a;
    let mut out = Vec::with_capacity(width as usize * height as usize);
    for y in 0..height as usize {
        let row = &src[(store.skip_rows as usize + y) * row_stride..];
        for x in 0..width as usize {
            let bit = store.skip_pixels as usize + x;
            let byte = row[bit / 8];
            let shift = if store.lsb_first { bit % 8 } else { 7 - bit % 8 };
            out.push((byte >> shift) & 1);
        }
    }
    Some(out)
}
