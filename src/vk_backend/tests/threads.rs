//! One device, several contexts: command streams on different threads sharing resources.

mod common;
use common::*;
use vk_backend::*;

#[test]
fn two_streams_on_two_threads_share_a_vertex_buffer() {
    let device = device();
    let program = color_program(&device);
    let vb = {
        let mut setup = device.create_command_stream();
        let vb = vertex_buffer(&device, &mut setup, &quad(-1.0, -1.0, 1.0, 1.0, 0.0, [0.0, 1.0, 0.0, 1.0]));
        setup.finish().unwrap();
        vb
    };
    let handles: Vec<_> = (0..2)
        .map(|t| {
            let (device, program, vb) = (device.clone(), program.clone(), vb.clone());
            std::thread::spawn(move || {
                let mut stream = device.create_command_stream();
                let (image, view) = target(&device, Format::Rgba8Unorm, 16, 16);
                stream.set_render_targets(&color_targets(&view, None)).unwrap();
                for frame in 0..20 {
                    let red = if (frame + t) % 2 == 0 { 1.0 } else { 0.0 };
                    stream
                        .clear(&ClearRequest { colors: &[(0, ClearColor::Float([red, 0.0, 0.0, 1.0]))], depth: None, stencil: None, rect: None })
                        .unwrap();
                    draw_colored(&mut stream, &program, &vb, 6, &RenderState::default(), 16, 16, Some(Rect { x: 0, y: 0, width: 8, height: 16 }));
                    stream.flush().unwrap();
                }
                let data = read_rgba8(&mut stream, &image);
                (t, texel(&data, 16, 2, 2), texel(&data, 16, 12, 2))
            })
        })
        .collect();
    for h in handles {
        let (t, left, right) = h.join().unwrap();
        assert_eq!(left, [0, 255, 0, 255], "thread {t}");
        let red = if (19 + t) % 2 == 0 { 255 } else { 0 };
        assert_eq!(right, [red, 0, 0, 255], "thread {t}");
    }
}

#[test]
fn a_fence_from_one_stream_orders_work_for_another() {
    let device = device();
    let program = color_program(&device);
    let mut producer = device.create_command_stream();
    let (image, view) = target(&device, Format::Rgba8Unorm, 8, 8);
    producer.set_render_targets(&color_targets(&view, None)).unwrap();
    let vb = vertex_buffer(&device, &mut producer, &quad(-1.0, -1.0, 1.0, 1.0, 0.0, [1.0, 1.0, 0.0, 1.0]));
    draw_colored(&mut producer, &program, &vb, 6, &RenderState::default(), 8, 8, None);
    let fence = producer.insert_fence().unwrap();
    let consumer = std::thread::spawn(move || {
        assert!(fence.wait(5_000_000_000).unwrap(), "the fence signals");
        assert!(fence.is_signaled().unwrap());
        let mut stream = device.create_command_stream();
        read_rgba8(&mut stream, &image)
    });
    let data = consumer.join().unwrap();
    assert_eq!(texel(&data, 8, 4, 4), [255, 255, 0, 255]);
}
