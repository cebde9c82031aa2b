//! Buffer writes, reads, copies and orphaning, checked by the bytes that come back.

mod common;
use common::*;
use vk_backend::*;

fn pattern(len: usize, seed: u8) -> Vec<u8> {
    (0..len).map(|i| (i as u8).wrapping_mul(31).wrapping_add(seed)).collect()
}

#[test]
fn write_then_read_round_trips_in_every_memory_kind() {
    let device = device();
    let mut stream = device.create_command_stream();
    for memory in [MemoryHint::HostVisible, MemoryHint::DeviceLocal, MemoryHint::Readback] {
        let buffer = Buffer::new(&device, &BufferDesc { size: 1000, memory }).unwrap();
        let data = pattern(1000, 7);
        stream.write_buffer(&buffer, 0, &data).unwrap();
        assert_eq!(stream.read_buffer(&buffer, 0, 1000).unwrap(), data, "{memory:?}");
        stream.write_buffer(&buffer, 100, &[1, 2, 3]).unwrap();
        assert_eq!(stream.read_buffer(&buffer, 99, 5).unwrap(), [data[99], 1, 2, 3, data[103]], "{memory:?}");
    }
}

#[test]
fn copy_between_buffers() {
    let device = device();
    let mut stream = device.create_command_stream();
    let a = Buffer::new(&device, &BufferDesc { size: 256, memory: MemoryHint::DeviceLocal }).unwrap();
    let b = Buffer::new(&device, &BufferDesc { size: 256, memory: MemoryHint::HostVisible }).unwrap();
    let data = pattern(256, 3);
    stream.write_buffer(&a, 0, &data).unwrap();
    stream.write_buffer(&b, 0, &[0u8; 256]).unwrap();
    stream.copy_buffer(&a, 16, &b, 64, 100).unwrap();
    let back = stream.read_buffer(&b, 0, 256).unwrap();
    assert_eq!(&back[64..164], &data[16..116]);
    assert!(back[..64].iter().all(|v| *v == 0) && back[164..].iter().all(|v| *v == 0));
    // Chained: copy inside one buffer, non-overlapping.
    stream.copy_buffer(&a, 0, &a, 128, 64).unwrap();
    assert_eq!(&stream.read_buffer(&a, 128, 64).unwrap()[..], &data[..64]);
}

#[test]
fn bad_ranges_are_errors_and_change_nothing() {
    let device = device();
    let mut stream = device.create_command_stream();
    let a = Buffer::new(&device, &BufferDesc { size: 64, memory: MemoryHint::HostVisible }).unwrap();
    stream.write_buffer(&a, 0, &[9u8; 64]).unwrap();
    assert!(matches!(stream.write_buffer(&a, 60, &[0u8; 8]), Err(Error::InvalidArgument(_))));
    assert!(matches!(stream.read_buffer(&a, u64::MAX, 2), Err(Error::InvalidArgument(_))));
    assert!(matches!(stream.copy_buffer(&a, 0, &a, 16, 32), Err(Error::InvalidArgument(_))));
    assert!(Buffer::new(&device, &BufferDesc { size: 0, memory: MemoryHint::HostVisible }).is_err());
    assert_eq!(stream.read_buffer(&a, 0, 64).unwrap(), vec![9u8; 64]);
}

#[test]
fn rewriting_a_busy_vertex_buffer_orphans_it() {
    let device = device();
    let mut stream = device.create_command_stream();
    let (image, view) = target(&device, Format::Rgba8Unorm, 8, 8);
    let program = color_program(&device);
    let red = bytes_of(&quad(-1.0, -1.0, 1.0, 1.0, 0.0, [1.0, 0.0, 0.0, 1.0]));
    let green = bytes_of(&quad(-1.0, -1.0, 1.0, 1.0, 0.0, [0.0, 1.0, 0.0, 1.0]));
    let vb = Buffer::new(&device, &BufferDesc { size: red.len() as u64, memory: MemoryHint::HostVisible }).unwrap();
    stream.write_buffer(&vb, 0, &red).unwrap();
    stream.set_render_targets(&color_targets(&view, None)).unwrap();
    draw_colored(&mut stream, &program, &vb, 6, &RenderState::default(), 8, 8, None);
    assert!(vb.is_busy(), "recorded work uses the buffer");
    // A whole rewrite while the draw is pending must not change what that draw reads.
    stream.write_buffer(&vb, 0, &green).unwrap();
    assert!(!vb.is_busy(), "fresh storage");
    let data = read_rgba8(&mut stream, &image);
    assert_eq!(texel(&data, 8, 4, 4), [255, 0, 0, 255]);
    assert_eq!(stream.read_buffer(&vb, 0, green.len() as u64).unwrap(), green);
    draw_colored(&mut stream, &program, &vb, 6, &RenderState::default(), 8, 8, None);
    let data = read_rgba8(&mut stream, &image);
    assert_eq!(texel(&data, 8, 4, 4), [0, 255, 0, 255]);
}

#[test]
fn partial_write_to_a_busy_buffer_is_ordered_after_earlier_draws() {
    let device = device();
    let mut stream = device.create_command_stream();
    let (image, view) = target(&device, Format::Rgba8Unorm, 8, 8);
    let program = color_program(&device);
    let mut verts = quad(-1.0, -1.0, 1.0, 1.0, 0.0, [1.0, 0.0, 0.0, 1.0]);
    verts.push(0.0); // one spare float so the write below is partial
    let vb = vertex_buffer(&device, &mut stream, &verts);
    stream.set_render_targets(&color_targets(&view, None)).unwrap();
    draw_colored(&mut stream, &program, &vb, 6, &RenderState::default(), 8, 8, None);
    let first = read_rgba8(&mut stream, &image);
    draw_colored(&mut stream, &program, &vb, 6, &RenderState::default(), 8, 8, None);
    // Partial rewrite: colours of all six vertices to blue, after the pending draw.
    let blue = bytes_of(&quad(-1.0, -1.0, 1.0, 1.0, 0.0, [0.0, 0.0, 1.0, 1.0]));
    stream.write_buffer(&vb, 0, &blue).unwrap();
    let mut state = RenderState::default();
    state.blend.attachments[0] = BlendAttachment {
        enabled: true,
        src_color: BlendFactor::One,
        dst_color: BlendFactor::One,
        ..Default::default()
    };
    draw_colored(&mut stream, &program, &vb, 6, &state, 8, 8, None);
    let data = read_rgba8(&mut stream, &image);
    assert_eq!(texel(&first, 8, 4, 4), [255, 0, 0, 255]);
    assert_eq!(texel(&data, 8, 4, 4), [255, 0, 255, 255], "red from the first draw plus blue from the second");
}

#[test]
fn buffer_to_image_and_back() {
    let device = device();
    let mut stream = device.create_command_stream();
    let pixels = pattern(4 * 4 * 4, 11);
    let src = Buffer::new(&device, &BufferDesc { size: 64, memory: MemoryHint::HostVisible }).unwrap();
    stream.write_buffer(&src, 0, &pixels).unwrap();
    let image = Image::new(&device, &ImageDesc::new_2d(Format::Rgba8Unorm, 4, 4)).unwrap();
    stream.copy_buffer_to_image(&src, 0, 0, 0, &image, &ImageRegion::rect(0, 0, 4, 4)).unwrap();
    let dst = Buffer::new(&device, &BufferDesc { size: 64, memory: MemoryHint::Readback }).unwrap();
    stream.copy_image_to_buffer(&image, &ImageRegion::rect(0, 0, 4, 4), &dst, 0, 0, 0).unwrap();
    assert_eq!(stream.read_buffer(&dst, 0, 64).unwrap(), pixels);
}

#[test]
fn streamed_uniforms_stay_intact_for_each_draw() {
    // Each draw reads its own streamed colour; later uploads must not overwrite earlier ones.
    let device = device();
    let mut stream = device.create_command_stream();
    let vs = module(&device, ShaderStage::Vertex, COLOR_VS);
    let fs = module(
        &device,
        ShaderStage::Fragment,
        r#"#version 450
layout(set = 0, binding = 0) uniform Defaults { vec4 color; };
layout(location = 0) in vec4 v_color;
layout(location = 0) out vec4 frag;
void main() { frag = color; }
"#,
    );
    let bindings = [BindingDesc { binding: 0, kind: BindingKind::UniformBuffer, count: 1, stages: StageMask::ALL_GRAPHICS }];
    let program = Program::new(&device, &ProgramDesc { modules: &[&vs, &fs], bindings: &bindings }).unwrap();
    let (image, view) = target(&device, Format::Rgba8Unorm, 16, 4);
    stream.set_render_targets(&color_targets(&view, None)).unwrap();
    let vi = color_vertex_input();
    let (vp, _) = full_viewport(16, 4);
    let vb = vertex_buffer(&device, &mut stream, &quad(-1.0, -1.0, 1.0, 1.0, 0.0, [0.0; 4]));
    // Sixteen one-pixel-wide columns, each with its own streamed uniform; enough uploads
    // (with 64 KiB padding) to wrap past one ring chunk.
    for x in 0..16u32 {
        let mut data = bytes_of(&[x as f32 / 15.0, 1.0 - x as f32 / 15.0, 0.0, 1.0]);
        data.resize(64 * 1024, 0);
        let (buffer, offset) = stream.stream_upload(&data).unwrap();
        stream
            .draw(&DrawRecord {
                program: &program,
                vertex_input: &vi,
                state: &RenderState::default(),
                viewports: &[vp],
                scissors: &[Rect { x: x as i32, y: 0, width: 1, height: 4 }],
                vertex_buffers: &[VertexBufferBinding { binding: 0, buffer: &vb, offset: 0 }],
                index_buffer: None,
                resources: &[ResourceBinding { binding: 0, array_index: 0, resource: BoundResource::UniformBuffer { buffer: &buffer, offset, size: 16 } }],
                counts: DrawCounts { count: 6, instance_count: 1, ..Default::default() },
                xfb: None,
                captured_count: None,
            })
            .unwrap();
    }
    let data = read_rgba8(&mut stream, &image);
    for x in 0..16u32 {
        let r = (x as f32 / 15.0 * 255.0).round() as u8;
        assert!(close(texel(&data, 16, x, 2), [r, 255 - r, 0, 255]), "column {x}: {:?}", texel(&data, 16, x, 2));
    }
}
