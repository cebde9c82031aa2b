//! glPixelStore addressing: row length and alignment padding, skips, image height, byte
//! swapping, and the image size used to bounds-check a PBO.

use gl_formats::gl::*;
use gl_formats::{image_size, pack, unpack, unpack_bitmap, Extent, FormatInfo, GlError, PixelStore, TexelFormat};

fn texels(internal_format: u32) -> TexelFormat {
    TexelFormat::native(FormatInfo::lookup(internal_format).unwrap())
}

#[test]
fn rows_pad_to_the_alignment() {
    let store = PixelStore::default(); // alignment 4
                                       // 3 RGB/UNSIGNED_BYTE pixels = 9 bytes, padded to 12: two rows span 12 + 9 = 21 bytes.
    assert_eq!(image_size(&store, GL_RGB, GL_UNSIGNED_BYTE, Extent::new(3, 2, 1)), Some(21));
    // Alignment 1 packs rows tightly: 18 bytes.
    let tight = PixelStore { alignment: 1, ..store };
    assert_eq!(image_size(&tight, GL_RGB, GL_UNSIGNED_BYTE, Extent::new(3, 2, 1)), Some(18));
    // Alignment 8 with 4-byte floats (s < a): a row of 3 RED floats is 12 bytes, padded to 16.
    let eight = PixelStore { alignment: 8, ..store };
    assert_eq!(image_size(&eight, GL_RED, GL_FLOAT, Extent::new(3, 2, 1)), Some(16 + 12));
    // Alignment 2 with 4-byte elements (s >= a): no padding at all.
    let two = PixelStore { alignment: 2, ..store };
    assert_eq!(image_size(&two, GL_RGB, GL_FLOAT, Extent::new(1, 3, 1)), Some(36));
}

#[test]
fn unpack_reads_rows_at_their_padded_stride() {
    let store = PixelStore::default();
    // Two rows of one RGB pixel: 3 bytes each, stride 4; the padding byte (99) is skipped.
    let src = [1, 2, 3, 99, 4, 5, 6];
    let out = unpack(&store, GL_RGB, GL_UNSIGNED_BYTE, Extent::new(1, 2, 1), &src, texels(GL_RGB8)).unwrap();
    assert_eq!(out, vec![1, 2, 3, 255, 4, 5, 6, 255]);
}

#[test]
fn row_length_and_skips_select_a_sub_rectangle() {
    // A 4x3 image of RED bytes valued 10*y + x; read the 2x2 block at x = 1, y = 1.
    let src: Vec<u8> = (0..3).flat_map(|y| (0..4).map(move |x| 10 * y + x)).collect();
    let store = PixelStore { alignment: 1, row_length: 4, skip_pixels: 1, skip_rows: 1, ..PixelStore::default() };
    let out = unpack(&store, GL_RED, GL_UNSIGNED_BYTE, Extent::new(2, 2, 1), &src, texels(GL_R8)).unwrap();
    assert_eq!(out, vec![11, 12, 21, 22]);
    // The bytes touched end at row 2, pixel 3: 2 * 4 + 1 + 2 = 11.
    assert_eq!(image_size(&store, GL_RED, GL_UNSIGNED_BYTE, Extent::new(2, 2, 1)), Some(11));
}

#[test]
fn image_height_and_skip_images_address_3d_slices() {
    // Slices of 1x3 rows (image height 3) of which each transfer reads 2 rows; skip one slice.
    let store = PixelStore { alignment: 1, image_height: 3, skip_images: 1, ..PixelStore::default() };
    let src: Vec<u8> = (0..9).collect();
    let out = unpack(&store, GL_RED, GL_UNSIGNED_BYTE, Extent::new(1, 2, 2), &src, texels(GL_R8)).unwrap();
    assert_eq!(out, vec![3, 4, 6, 7]);
    assert_eq!(image_size(&store, GL_RED, GL_UNSIGNED_BYTE, Extent::new(1, 2, 2)), Some(8));
    assert_eq!(store.without_images().image_height, 0);
}

#[test]
fn swap_bytes_reverses_each_element() {
    let store = PixelStore { swap_bytes: true, ..PixelStore::default() };
    // A big-endian 0x1234 read with swapping is 0x1234.
    let src = 0x1234u16.to_be_bytes();
    let out = unpack(&store, GL_RED_INTEGER, GL_UNSIGNED_SHORT, Extent::new(1, 1, 1), &src, texels(GL_R16UI)).unwrap();
    assert_eq!(u16::from_ne_bytes([out[0], out[1]]), 0x1234);
    // Packed types swap the whole word.
    let src = 0xF800u16.to_be_bytes();
    let out = unpack(&store, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, Extent::new(1, 1, 1), &src, texels(GL_RGB8)).unwrap();
    assert_eq!(out, vec![255, 0, 0, 255]);
    // Bytes are not affected.
    let out = unpack(&store, GL_RGBA, GL_UNSIGNED_BYTE, Extent::new(1, 1, 1), &[1, 2, 3, 4], texels(GL_RGBA8)).unwrap();
    assert_eq!(out, vec![1, 2, 3, 4]);
    // Pack swaps on the way out too.
    let mut back = [0u8; 2];
    pack(
        &store,
        GL_RED_INTEGER,
        GL_UNSIGNED_SHORT,
        Extent::new(1, 1, 1),
        &0x1234u16.to_ne_bytes(),
        texels(GL_R16UI),
        &mut back,
    )
    .unwrap();
    assert_eq!(back, 0x1234u16.to_be_bytes());
}

#[test]
fn pack_leaves_padding_and_skipped_bytes_untouched() {
    let store = PixelStore { skip_pixels: 1, ..PixelStore::default() };
    // Two rows of one RGB pixel after one skipped pixel, row length 2: each row is 6 bytes padded
    // to a stride of 8, pixels start at 3 and 8 + 3; the image ends at byte 14.
    let row_len = PixelStore { row_length: 2, ..store };
    assert_eq!(image_size(&row_len, GL_RGB, GL_UNSIGNED_BYTE, Extent::new(1, 2, 1)), Some(14));
    let mut dst = [0xAAu8; 16];
    pack(
        &row_len,
        GL_RGB,
        GL_UNSIGNED_BYTE,
        Extent::new(1, 2, 1),
        &[1, 2, 3, 255, 4, 5, 6, 255],
        texels(GL_RGBA8),
        &mut dst,
    )
    .unwrap();
    assert_eq!(dst, [0xAA, 0xAA, 0xAA, 1, 2, 3, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA, 4, 5, 6, 0xAA, 0xAA]);
    // A buffer one byte short of the image is refused.
    let mut short = [0u8; 13];
    let err = pack(&row_len, GL_RGB, GL_UNSIGNED_BYTE, Extent::new(1, 2, 1), &[0; 8], texels(GL_RGBA8), &mut short);
    assert_eq!(err, Err(GlError::InvalidOperation));
}

#[test]
fn short_buffers_are_refused_not_overrun() {
    let store = PixelStore::default();
    let err = unpack(&store, GL_RGBA, GL_UNSIGNED_BYTE, Extent::new(2, 2, 1), &[0; 15], texels(GL_RGBA8)).unwrap_err();
    assert_eq!(err, GlError::InvalidOperation);
    let mut small = [0u8; 7];
    let err = pack(&store, GL_RGBA, GL_UNSIGNED_BYTE, Extent::new(2, 1, 1), &[0; 8], texels(GL_RGBA8), &mut small)
        .unwrap_err();
    assert_eq!(err, GlError::InvalidOperation);
}

#[test]
fn empty_images_touch_nothing_and_bad_enums_have_no_size() {
    let store = PixelStore { skip_rows: 5, ..PixelStore::default() };
    assert_eq!(image_size(&store, GL_RGBA, GL_UNSIGNED_BYTE, Extent::new(0, 4, 1)), Some(0));
    assert_eq!(image_size(&store, GL_RGBA, 0x1234, Extent::new(1, 1, 1)), None);
    assert_eq!(image_size(&store, GL_RGBA, GL_UNSIGNED_SHORT_5_6_5, Extent::new(1, 1, 1)), None);
    let huge = PixelStore {
        row_length: u32::MAX,
        skip_rows: u32::MAX,
        skip_images: u32::MAX,
        image_height: u32::MAX,
        ..store
    };
    assert_eq!(image_size(&huge, GL_RGBA, GL_FLOAT, Extent::new(u32::MAX, u32::MAX, u32::MAX)), None);
}

#[test]
fn bitmaps_honour_lsb_first_and_bit_skips() {
    // 10 pixels per row: 2 bytes, padded to alignment 4 -> stride 4.
    let store = PixelStore::default();
    assert_eq!(image_size(&store, GL_COLOR_INDEX, GL_BITMAP, Extent::new(10, 2, 1)), Some(4 + 2));
    let src = [0b1000_0001, 0b0100_0000, 0, 0, 0xFF, 0xC0];
    let bits = unpack_bitmap(&store, 10, 2, &src).unwrap();
    assert_eq!(bits[..10], [1, 0, 0, 0, 0, 0, 0, 1, 0, 1]);
    assert_eq!(bits[10..], [1; 10]);
    let lsb = PixelStore { lsb_first: true, ..store };
    let bits = unpack_bitmap(&lsb, 10, 1, &src).unwrap();
    assert_eq!(bits[..10], [1, 0, 0, 0, 0, 0, 0, 1, 0, 0]);
    let skipped = PixelStore { skip_pixels: 7, alignment: 1, ..store };
    assert_eq!(unpack_bitmap(&skipped, 2, 1, &src).unwrap(), vec![1, 0]);
    assert_eq!(unpack_bitmap(&store, 10, 2, &src[..5]), None);
}
