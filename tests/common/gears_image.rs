//! What a gears image must show, for the tests that render the gears through galvan
//! (`galvan demo`, `examples/gears_compat`): read from a PNG, a black background and the
//! three gears' colours.

use std::path::Path;

/// The RGBA pixels of the PNG at `path`, top row first, and its size.
pub fn read_png(path: &Path) -> (Vec<u8>, u32, u32) {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut pixels = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut pixels).unwrap();
    assert_eq!(info.color_type, png::ColorType::Rgba, "{}", path.display());
    (pixels, info.width, info.height)
}

/// Black background over a quarter of the image at least, and each gear's colour over
/// at least 1% of it; `driver` names the renderer in the messages.
pub fn assert_three_gears(pixels: &[u8], driver: &str) {
    let (mut black, mut red, mut green, mut blue) = (0, 0, 0, 0);
    for p in pixels.chunks_exact(4) {
        let (r, g, b) = (p[0] as u32, p[1] as u32, p[2] as u32);
        match () {
            _ if r + g + b == 0 => black += 1,
            _ if r > 2 * (g + b) => red += 1,
            _ if g > 2 * (r + b) => green += 1,
            _ if b > r && b > g => blue += 1,
            _ => {}
        }
    }
    let total = pixels.len() / 4;
    assert!(black > total / 4, "{driver}: the background is black: {black} pixels");
    for (name, count) in [("red", red), ("green", green), ("blue", blue)] {
        assert!(count > total / 100, "{driver}: the {name} gear is drawn: {count} pixels");
    }
}
