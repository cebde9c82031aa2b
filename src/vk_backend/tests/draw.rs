//! Draws with SPIR-V compiled at test time, checked by their pixels.

mod common;
use common::*;
use vk_backend::*;

const W: u32 = 32;
const H: u32 = 32;

fn clear_black(stream: &mut CommandStream) {
    stream
        .clear(&ClearRequest { colors: &[(0, ClearColor::Float([0.0, 0.0, 0.0, 1.0]))], depth: Some(1.0), stencil: Some(0), rect: None })
        .unwrap();
}

#[test]
fn triangle_covers_its_pixels_in_gl_row_order() {
    let device = device();
    let mut stream = device.create_command_stream();
    let (image, view) = target(&device, Format::Rgba8Unorm, W, H);
    let program = color_program(&device);
    // A triangle in the lower-left half of NDC: GL's bottom rows are image rows 0 and up.
    let red = [1.0, 0.0, 0.0, 1.0];
    let v = |x: f32, y: f32| [x, y, 0.0, red[0], red[1], red[2], red[3]];
    let verts = [v(-1.0, -1.0), v(1.0, -1.0), v(-1.0, 1.0)].concat();
    let vb = vertex_buffer(&device, &mut stream, &verts);
    stream.set_render_targets(&color_targets(&view, None)).unwrap();
    clear_black(&mut stream);
    draw_colored(&mut stream, &program, &vb, 3, &RenderState::default(), W, H, None);
    let data = read_rgba8(&mut stream, &image);
    assert_eq!(texel(&data, W, 2, 2), [255, 0, 0, 255], "bottom-left (row 2) is inside");
    assert_eq!(texel(&data, W, W - 3, H - 3), [0, 0, 0, 255], "top-right is outside");
    assert_eq!(texel(&data, W, 20, 4), [255, 0, 0, 255]);
    assert_eq!(texel(&data, W, 4, 20), [255, 0, 0, 255]);
    assert_eq!(texel(&data, W, 20, 20), [0, 0, 0, 255]);
}

#[test]
fn back_face_culling_uses_gl_winding() {
    let device = device();
    let mut stream = device.create_command_stream();
    let (image, view) = target(&device, Format::Rgba8Unorm, W, H);
    let program = color_program(&device);
    let c = [0.0, 1.0, 0.0, 1.0];
    let v = |x: f32, y: f32| [x, y, 0.0, c[0], c[1], c[2], c[3]];
    // Counter-clockwise in GL's y-up window coordinates: front facing by default.
    let ccw = vertex_buffer(&device, &mut stream, &[v(-1.0, -1.0), v(1.0, -1.0), v(-1.0, 1.0)].concat());
    let cw = vertex_buffer(&device, &mut stream, &[v(-1.0, -1.0), v(-1.0, 1.0), v(1.0, -1.0)].concat());
    let mut state = RenderState::default();
    state.raster.cull_mode = CullMode::Back;
    stream.set_render_targets(&color_targets(&view, None)).unwrap();
    for (vb, drawn) in [(&ccw, true), (&cw, false)] {
        clear_black(&mut stream);
        draw_colored(&mut stream, &program, vb, 3, &state, W, H, None);
        let data = read_rgba8(&mut stream, &image);
        let want = if drawn { [0, 255, 0, 255] } else { [0, 0, 0, 255] };
        assert_eq!(texel(&data, W, 2, 2), want, "drawn={drawn}");
    }
}

#[test]
fn depth_test_keeps_the_nearer_quad_in_either_order() {
    let device = device();
    let mut stream = device.create_command_stream();
    let (image, view) = target(&device, Format::Rgba8Unorm, W, H);
    let (depth, depth_view) = target(&device, Format::D24UnormS8Uint, W, H);
    let program = color_program(&device);
    let near = quad(-1.0, -1.0, 1.0, 1.0, -0.5, [0.0, 0.0, 1.0, 1.0]);
    let far = quad(-1.0, -1.0, 1.0, 1.0, 0.5, [1.0, 1.0, 0.0, 1.0]);
    let mut state = RenderState::default();
    state.depth = DepthState { test: true, write: true, compare: CompareFunc::Less, bounds: None };
    stream.set_render_targets(&color_targets(&view, Some(&depth_view))).unwrap();
    for order in [[&near, &far], [&far, &near]] {
        clear_black(&mut stream);
        for verts in order {
            let vb = vertex_buffer(&device, &mut stream, verts);
            draw_colored(&mut stream, &program, &vb, 6, &state, W, H, None);
        }
        let data = read_rgba8(&mut stream, &image);
        assert_eq!(texel(&data, W, 16, 16), [0, 0, 255, 255]);
    }
    // GL clip z in [-1, 1] maps to depth (z + 1) / 2: z = -0.5 is 0.25.
    let mut region = ImageRegion::rect(16, 16, 1, 1);
    region.aspect = Aspect::Depth;
    let d = stream.read_image(&depth, &region).unwrap();
    let d = f32::from_le_bytes([d[0], d[1], d[2], d[3]]);
    assert!((d - 0.25).abs() < 1e-5, "depth {d}");
}

#[test]
fn blending_mixes_source_over_destination() {
    let device = device();
    let mut stream = device.create_command_stream();
    let (image, view) = target(&device, Format::Rgba8Unorm, W, H);
    let program = color_program(&device);
    let vb = vertex_buffer(&device, &mut stream, &quad(-1.0, -1.0, 1.0, 1.0, 0.0, [1.0, 0.0, 0.0, 0.5]));
    let mut state = RenderState::default();
    state.blend.attachments[0] = BlendAttachment {
        enabled: true,
        src_color: BlendFactor::SrcAlpha,
        dst_color: BlendFactor::OneMinusSrcAlpha,
        color_op: BlendOp::Add,
        src_alpha: BlendFactor::One,
        dst_alpha: BlendFactor::Zero,
        alpha_op: BlendOp::Add,
        write_mask: COLOR_MASK_ALL,
    };
    stream.set_render_targets(&color_targets(&view, None)).unwrap();
    stream.clear(&ClearRequest { colors: &[(0, ClearColor::Float([0.0, 0.0, 1.0, 1.0]))], depth: None, stencil: None, rect: None }).unwrap();
    draw_colored(&mut stream, &program, &vb, 6, &state, W, H, None);
    let data = read_rgba8(&mut stream, &image);
    assert!(close(texel(&data, W, 5, 5), [128, 0, 128, 128]), "{:?}", texel(&data, W, 5, 5));

    // Write mask: only green may change.
    state.blend.attachments[0] = BlendAttachment { write_mask: 0b0010, ..Default::default() };
    let vb2 = vertex_buffer(&device, &mut stream, &quad(-1.0, -1.0, 1.0, 1.0, 0.0, [1.0, 1.0, 1.0, 1.0]));
    draw_colored(&mut stream, &program, &vb2, 6, &state, W, H, None);
    let data = read_rgba8(&mut stream, &image);
    assert!(close(texel(&data, W, 5, 5), [128, 255, 128, 128]), "{:?}", texel(&data, W, 5, 5));
}

#[test]
fn scissor_limits_the_draw() {
    let device = device();
    let mut stream = device.create_command_stream();
    let (image, view) = target(&device, Format::Rgba8Unorm, W, H);
    let program = color_program(&device);
    let vb = vertex_buffer(&device, &mut stream, &quad(-1.0, -1.0, 1.0, 1.0, 0.0, [1.0, 1.0, 1.0, 1.0]));
    stream.set_render_targets(&color_targets(&view, None)).unwrap();
    clear_black(&mut stream);
    let scissor = Rect { x: 8, y: 4, width: 10, height: 6 };
    draw_colored(&mut stream, &program, &vb, 6, &RenderState::default(), W, H, Some(scissor));
    let data = read_rgba8(&mut stream, &image);
    for y in 0..H {
        for x in 0..W {
            let inside = (8..18).contains(&x) && (4..10).contains(&y);
            let want = if inside { [255; 4] } else { [0, 0, 0, 255] };
            assert_eq!(texel(&data, W, x, y), want, "pixel {x},{y}");
        }
    }
}

#[test]
fn stencil_test_masks_a_second_draw() {
    let device = device();
    let mut stream = device.create_command_stream();
    let (image, view) = target(&device, Format::Rgba8Unorm, W, H);
    let (_, ds_view) = target(&device, Format::D24UnormS8Uint, W, H);
    let program = color_program(&device);
    let left = vertex_buffer(&device, &mut stream, &quad(-1.0, -1.0, 0.0, 1.0, 0.0, [0.0, 0.0, 0.0, 1.0]));
    let full = vertex_buffer(&device, &mut stream, &quad(-1.0, -1.0, 1.0, 1.0, 0.0, [1.0, 0.0, 1.0, 1.0]));
    stream.set_render_targets(&color_targets(&view, Some(&ds_view))).unwrap();
    clear_black(&mut stream);
    let mut write = RenderState::default();
    write.stencil.test = true;
    write.stencil.front = StencilFace { pass: StencilOp::Replace, reference: 1, compare: CompareFunc::Always, ..Default::default() };
    write.stencil.back = write.stencil.front;
    draw_colored(&mut stream, &program, &left, 6, &write, W, H, None);
    let mut test = RenderState::default();
    test.stencil.test = true;
    test.stencil.front = StencilFace { compare: CompareFunc::Equal, reference: 1, ..Default::default() };
    test.stencil.back = test.stencil.front;
    draw_colored(&mut stream, &program, &full, 6, &test, W, H, None);
    let data = read_rgba8(&mut stream, &image);
    assert_eq!(texel(&data, W, 4, 16), [255, 0, 255, 255]);
    assert_eq!(texel(&data, W, 28, 16), [0, 0, 0, 255]);
}

#[test]
fn indexed_instanced_draw_with_base_vertex() {
    let device = device();
    let mut stream = device.create_command_stream();
    let (image, view) = target(&device, Format::Rgba8Unorm, W, H);
    let vs = module(
        &device,
        ShaderStage::Vertex,
        r#"#version 450
layout(location = 0) in vec3 pos;
layout(location = 1) in vec4 color;
layout(location = 0) out vec4 v_color;
void main() { gl_Position = vec4(pos.x + float(gl_InstanceIndex), pos.yz, 1.0); v_color = color; }
"#,
    );
    let fs = module(&device, ShaderStage::Fragment, COLOR_FS);
    let program = Program::new(&device, &ProgramDesc { modules: &[&vs, &fs], bindings: &[] }).unwrap();
    // Eight junk vertices, then a quad covering the left half; base vertex skips the junk.
    let mut verts = quad(5.0, 5.0, 6.0, 6.0, 0.0, [0.0; 4]);
    verts.extend(quad(5.0, 5.0, 6.0, 6.0, 0.0, [0.0; 4])[..14].iter());
    let q = quad(-1.0, -1.0, 0.0, 1.0, 0.0, [0.0, 1.0, 1.0, 1.0]);
    verts.extend([&q[0..7], &q[7..14], &q[14..21], &q[35..42]].concat());
    let vb = vertex_buffer(&device, &mut stream, &verts);
    let indices: Vec<u8> = [0u16, 1, 2, 0, 2, 3].iter().flat_map(|i| i.to_le_bytes()).collect();
    let ib = Buffer::new(&device, &BufferDesc { size: 12, memory: MemoryHint::DeviceLocal }).unwrap();
    stream.write_buffer(&ib, 0, &indices).unwrap();
    stream.set_render_targets(&color_targets(&view, None)).unwrap();
    clear_black(&mut stream);
    let vi = color_vertex_input();
    let (vp, sc) = full_viewport(W, H);
    stream
        .draw(&DrawRecord {
            program: &program,
            vertex_input: &vi,
            state: &RenderState::default(),
            viewports: &[vp],
            scissors: &[sc],
            vertex_buffers: &[VertexBufferBinding { binding: 0, buffer: &vb, offset: 0 }],
            index_buffer: Some(IndexBinding { buffer: &ib, offset: 0, index_type: IndexType::U16 }),
            resources: &[],
            counts: DrawCounts { count: 6, instance_count: 2, first: 0, base_vertex: 8, base_instance: 0 },
            xfb: None,
            captured_count: None,
        })
        .unwrap();
    let data = read_rgba8(&mut stream, &image);
    // Instance 0 covers the left half, instance 1 (shifted by 1 in NDC) the right half.
    assert_eq!(texel(&data, W, 3, 16), [0, 255, 255, 255]);
    assert_eq!(texel(&data, W, 28, 16), [0, 255, 255, 255]);

    // An index range past the end of the buffer is refused, not drawn.
    let err = stream.draw(&DrawRecord {
        program: &program,
        vertex_input: &vi,
        state: &RenderState::default(),
        viewports: &[vp],
        scissors: &[sc],
        vertex_buffers: &[VertexBufferBinding { binding: 0, buffer: &vb, offset: 0 }],
        index_buffer: Some(IndexBinding { buffer: &ib, offset: 0, index_type: IndexType::U16 }),
        resources: &[],
        counts: DrawCounts { count: 7, instance_count: 1, ..Default::default() },
        xfb: None,
        captured_count: None,
    });
    assert!(matches!(err, Err(Error::InvalidArgument(_))));
}

#[test]
fn second_identical_draw_hits_the_pipeline_cache() {
    let device = device();
    let mut stream = device.create_command_stream();
    let (image, view) = target(&device, Format::Rgba8Unorm, W, H);
    let program = color_program(&device);
    let vb = vertex_buffer(&device, &mut stream, &quad(-1.0, -1.0, 1.0, 1.0, 0.0, [1.0, 1.0, 1.0, 1.0]));
    stream.set_render_targets(&color_targets(&view, None)).unwrap();
    clear_black(&mut stream);
    let before = stream.pipeline_stats();
    let mut state = RenderState::default();
    draw_colored(&mut stream, &program, &vb, 6, &state, W, H, None);
    let after_first = stream.pipeline_stats();
    assert_eq!(after_first.created, before.created + 1);
    draw_colored(&mut stream, &program, &vb, 6, &state, W, H, None);
    // State the device sets dynamically does not make new pipelines.
    state.raster.cull_mode = CullMode::Front;
    state.raster.cull_mode = CullMode::None;
    state.depth.compare = CompareFunc::Always;
    state.raster.front_face = FrontFace::Clockwise;
    draw_colored(&mut stream, &program, &vb, 6, &state, W, H, None);
    let after = stream.pipeline_stats();
    assert_eq!(after.created, after_first.created, "no new pipeline for identical or dynamic state");
    assert!(after.lookups <= before.lookups + 3, "at most one hash lookup per draw");
    let data = read_rgba8(&mut stream, &image);
    assert_eq!(texel(&data, W, 1, 1), [255; 4]);
}
