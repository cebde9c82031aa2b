//! Clears folded into load operations and inside rendering, read back as pixels.

mod common;
use common::*;
use vk_backend::*;

#[test]
fn clear_fills_whole_target() {
    let device = device();
    let mut stream = device.create_command_stream();
    let (image, view) = target(&device, Format::Rgba8Unorm, 16, 8);
    stream.set_render_targets(&color_targets(&view, None)).unwrap();
    stream
        .clear(&ClearRequest { colors: &[(0, ClearColor::Float([1.0, 0.5, 0.0, 1.0]))], depth: None, stencil: None, rect: None })
        .unwrap();
    let data = read_rgba8(&mut stream, &image);
    assert_eq!(data.len(), 16 * 8 * 4);
    for y in 0..8 {
        for x in 0..16 {
            assert!(close(texel(&data, 16, x, y), [255, 128, 0, 255]), "pixel {x},{y} = {:?}", texel(&data, 16, x, y));
        }
    }
}

#[test]
fn scissored_clear_touches_only_its_rectangle() {
    let device = device();
    let mut stream = device.create_command_stream();
    let (image, view) = target(&device, Format::Rgba8Unorm, 16, 16);
    stream.set_render_targets(&color_targets(&view, None)).unwrap();
    let red = ClearColor::Float([1.0, 0.0, 0.0, 1.0]);
    let green = ClearColor::Float([0.0, 1.0, 0.0, 1.0]);
    stream.clear(&ClearRequest { colors: &[(0, red)], depth: None, stencil: None, rect: None }).unwrap();
    let rect = Rect { x: 4, y: 2, width: 6, height: 3 };
    stream.clear(&ClearRequest { colors: &[(0, green)], depth: None, stencil: None, rect: Some(rect) }).unwrap();
    let data = read_rgba8(&mut stream, &image);
    for y in 0..16 {
        for x in 0..16 {
            let inside = (4..10).contains(&x) && (2..5).contains(&y);
            let want = if inside { [0, 255, 0, 255] } else { [255, 0, 0, 255] };
            assert_eq!(texel(&data, 16, x, y), want, "pixel {x},{y}");
        }
    }
}

#[test]
fn float_target_reads_back_exact_values() {
    let device = device();
    let mut stream = device.create_command_stream();
    let (image, view) = target(&device, Format::Rgba32Float, 4, 4);
    stream.set_render_targets(&color_targets(&view, None)).unwrap();
    let value = [0.25, -1.5, 3.0e5, 1.0];
    stream.clear(&ClearRequest { colors: &[(0, ClearColor::Float(value))], depth: None, stencil: None, rect: None }).unwrap();
    let data = stream.read_image(&image, &ImageRegion::rect(1, 1, 2, 2)).unwrap();
    let floats: Vec<f32> = data.chunks_exact(4).map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
    assert_eq!(floats.len(), 16);
    for px in floats.chunks_exact(4) {
        assert_eq!(px, value);
    }
}

#[test]
fn integer_target_clears_with_integer_values() {
    let device = device();
    let mut stream = device.create_command_stream();
    let (image, view) = target(&device, Format::R32Uint, 3, 3);
    stream.set_render_targets(&color_targets(&view, None)).unwrap();
    stream
        .clear(&ClearRequest { colors: &[(0, ClearColor::Uint([4_000_000_000, 0, 0, 0]))], depth: None, stencil: None, rect: None })
        .unwrap();
    let data = stream.read_image(&image, &ImageRegion::rect(0, 0, 3, 3)).unwrap();
    for c in data.chunks_exact(4) {
        assert_eq!(u32::from_le_bytes([c[0], c[1], c[2], c[3]]), 4_000_000_000);
    }
}

#[test]
fn depth_clear_reads_back_as_float() {
    let device = device();
    let mut stream = device.create_command_stream();
    let (_, view) = target(&device, Format::Rgba8Unorm, 8, 8);
    for format in [Format::D24UnormS8Uint, Format::D32Float, Format::D16Unorm] {
        let (depth, depth_view) = target(&device, format, 8, 8);
        stream.set_render_targets(&color_targets(&view, Some(&depth_view))).unwrap();
        stream.clear(&ClearRequest { colors: &[], depth: Some(0.75), stencil: Some(0x5a), rect: None }).unwrap();
        let mut region = ImageRegion::rect(0, 0, 8, 8);
        region.aspect = Aspect::Depth;
        let data = stream.read_image(&depth, &region).unwrap();
        for c in data.chunks_exact(4) {
            let d = f32::from_le_bytes([c[0], c[1], c[2], c[3]]);
            assert!((d - 0.75).abs() < 1e-4, "{format:?}: depth {d}");
        }
        if format.has_stencil() {
            region.aspect = Aspect::Stencil;
            let s = stream.read_image(&depth, &region).unwrap();
            assert!(s.iter().all(|v| *v == 0x5a), "{format:?}: stencil {:?}", &s[..4]);
        }
    }
}

#[test]
fn bad_regions_are_errors() {
    let device = device();
    let mut stream = device.create_command_stream();
    let (image, _) = target(&device, Format::Rgba8Unorm, 4, 4);
    assert!(matches!(stream.read_image(&image, &ImageRegion::rect(2, 2, 4, 1)), Err(Error::InvalidArgument(_))));
    assert!(matches!(stream.read_image(&image, &ImageRegion::rect(-1, 0, 1, 1)), Err(Error::InvalidArgument(_))));
    let mut depth_of_color = ImageRegion::rect(0, 0, 1, 1);
    depth_of_color.aspect = Aspect::Depth;
    assert!(matches!(stream.read_image(&image, &depth_of_color), Err(Error::InvalidArgument(_))));
    assert!(matches!(stream.write_image(&image, &ImageRegion::rect(0, 0, 2, 2), &[0u8; 15]), Err(Error::InvalidArgument(_))));
    assert!(Image::new(&device, &ImageDesc::new_2d(Format::Rgba8Unorm, 0, 4)).is_err());
}
