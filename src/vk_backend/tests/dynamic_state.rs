//! State the device sets dynamically: each changes pixels without a new pipeline.

mod common;
use common::*;
use std::sync::Arc;
use vk_backend::*;

const W: u32 = 16;
const H: u32 = 16;

fn setup(device: &Arc<Device>) -> (CommandStream, Image) {
    let mut stream = device.create_command_stream();
    let (image, view) = target(device, Format::Rgba8Unorm, W, H);
    stream.set_render_targets(&color_targets(&view, None)).unwrap();
    stream.clear(&ClearRequest { colors: &[(0, ClearColor::Float([0.0, 0.0, 0.0, 1.0]))], depth: None, stencil: None, rect: None }).unwrap();
    (stream, image)
}

fn draw_indexed(stream: &mut CommandStream, program: &Program, vb: &Buffer, ib: &Buffer, count: u32, state: &RenderState) {
    let vi = color_vertex_input();
    let (vp, sc) = full_viewport(W, H);
    stream
        .draw(&DrawRecord {
            program,
            vertex_input: &vi,
            state,
            viewports: &[vp],
            scissors: &[sc],
            vertex_buffers: &[VertexBufferBinding { binding: 0, buffer: vb, offset: 0 }],
            index_buffer: Some(IndexBinding { buffer: ib, offset: 0, index_type: IndexType::U16 }),
            resources: &[],
            counts: DrawCounts { count, instance_count: 1, ..Default::default() },
            xfb: None,
            captured_count: None,
        })
        .unwrap();
}

#[test]
fn logic_op_xors_into_the_target() {
    let device = device();
    if !device.info().features.logic_op {
        return;
    }
    let (mut stream, image) = setup(&device);
    let program = color_program(&device);
    let vb = vertex_buffer(&device, &mut stream, &quad(-1.0, -1.0, 1.0, 1.0, 0.0, [1.0, 1.0, 0.0, 1.0]));
    draw_colored(&mut stream, &program, &vb, 6, &RenderState::default(), W, H, None);
    let created = stream.pipeline_stats().created;
    let mut state = RenderState::default();
    state.blend.logic_op = Some(LogicOp::Xor);
    let vb2 = vertex_buffer(&device, &mut stream, &quad(-1.0, -1.0, 1.0, 1.0, 0.0, [1.0, 0.0, 1.0, 1.0]));
    draw_colored(&mut stream, &program, &vb2, 6, &state, W, H, None);
    let data = read_rgba8(&mut stream, &image);
    assert_eq!(texel(&data, W, 8, 8), [0, 255, 255, 0], "yellow xor magenta, alpha 1 xor 1");
    if device.info().features.eds3_logic_op_enable && device.info().features.extended_dynamic_state2_logic_op {
        assert_eq!(stream.pipeline_stats().created, created, "logic op is dynamic here");
    }
}

#[test]
fn primitive_restart_splits_strips() {
    let device = device();
    let (mut stream, image) = setup(&device);
    let program = color_program(&device);
    let c = [1.0, 1.0, 1.0, 1.0];
    let v = |x: f32, y: f32| [x, y, 0.0, c[0], c[1], c[2], c[3]];
    // Two strips: a left-bottom quad and a right-top quad, separated by the restart index.
    let verts = [
        v(-1.0, -1.0), v(-0.5, -1.0), v(-1.0, -0.5), v(-0.5, -0.5),
        v(0.5, 0.5), v(1.0, 0.5), v(0.5, 1.0), v(1.0, 1.0),
    ]
    .concat();
    let vb = vertex_buffer(&device, &mut stream, &verts);
    let indices: Vec<u8> = [0u16, 1, 2, 3, 0xffff, 4, 5, 6, 7].iter().flat_map(|i| i.to_le_bytes()).collect();
    let ib = Buffer::new(&device, &BufferDesc { size: indices.len() as u64, memory: MemoryHint::HostVisible }).unwrap();
    stream.write_buffer(&ib, 0, &indices).unwrap();
    let mut state = RenderState { topology: Topology::TriangleStrip, ..Default::default() };
    state.raster.primitive_restart = true;
    draw_indexed(&mut stream, &program, &vb, &ib, 9, &state);
    let data = read_rgba8(&mut stream, &image);
    assert_eq!(texel(&data, W, 1, 1), [255; 4]);
    assert_eq!(texel(&data, W, 14, 14), [255; 4]);
    assert_eq!(texel(&data, W, 8, 8), [0, 0, 0, 255], "no triangle joins the strips");
}

#[test]
fn provoking_vertex_picks_the_flat_colour() {
    let device = device();
    let vs = module(
        &device,
        ShaderStage::Vertex,
        r#"#version 450
layout(location = 0) in vec3 pos;
layout(location = 1) in vec4 color;
layout(location = 0) flat out vec4 v_color;
void main() { gl_Position = vec4(pos, 1.0); v_color = color; }
"#,
    );
    let fs = module(
        &device,
        ShaderStage::Fragment,
        r#"#version 450
layout(location = 0) flat in vec4 v_color;
layout(location = 0) out vec4 frag;
void main() { frag = v_color; }
"#,
    );
    let program = Program::new(&device, &ProgramDesc { modules: &[&vs, &fs], bindings: &[] }).unwrap();
    let row = |x: f32, y: f32, c: [f32; 4]| [x, y, 0.0, c[0], c[1], c[2], c[3]];
    let verts = [
        row(-1.0, -1.0, [1.0, 0.0, 0.0, 1.0]),
        row(3.0, -1.0, [0.0, 1.0, 0.0, 1.0]),
        row(-1.0, 3.0, [0.0, 0.0, 1.0, 1.0]),
    ]
    .concat();
    for (last, want) in [(true, [0, 0, 255, 255]), (false, [255, 0, 0, 255])] {
        if !last && !device.info().features.provoking_vertex_last {
            continue;
        }
        let (mut stream, image) = setup(&device);
        let vb = vertex_buffer(&device, &mut stream, &verts);
        let mut state = RenderState::default();
        state.raster.provoking_vertex_last = last;
        draw_colored(&mut stream, &program, &vb, 3, &state, W, H, None);
        let data = read_rgba8(&mut stream, &image);
        assert_eq!(texel(&data, W, 8, 8), want, "last vertex provoking: {last}");
    }
}

#[test]
fn depth_clamp_keeps_geometry_beyond_the_far_plane() {
    let device = device();
    if !device.info().features.depth_clamp {
        return;
    }
    let program = color_program(&device);
    for (clamp, drawn) in [(false, false), (true, true)] {
        let (mut stream, image) = setup(&device);
        let vb = vertex_buffer(&device, &mut stream, &quad(-1.0, -1.0, 1.0, 1.0, 1.5, [0.0, 1.0, 0.0, 1.0]));
        let mut state = RenderState::default();
        state.raster.depth_clamp = clamp;
        draw_colored(&mut stream, &program, &vb, 6, &state, W, H, None);
        let data = read_rgba8(&mut stream, &image);
        let want = if drawn { [0, 255, 0, 255] } else { [0, 0, 0, 255] };
        assert_eq!(texel(&data, W, 8, 8), want, "depth clamp {clamp}");
    }
}

#[test]
fn eight_bit_indices_draw_natively_and_widened() {
    let plain = device();
    let fallback = Device::new(&DeviceOptions { force_fallbacks: true, ..Default::default() }).unwrap();
    assert!(!fallback.info().features.index_type_uint8);
    for device in [plain, fallback] {
        let (mut stream, image) = setup(&device);
        let program = color_program(&device);
        let c = [1.0, 0.5, 0.0, 1.0];
        let v = |x: f32, y: f32| [x, y, 0.0, c[0], c[1], c[2], c[3]];
        let vb = vertex_buffer(&device, &mut stream, &[v(-1.0, -1.0), v(0.0, -1.0), v(-1.0, 0.0), v(0.0, 0.0)].concat());
        // Two triangles of a strip split by the 8-bit restart index; index 0 unused at first.
        let indices = [9u8, 0, 1, 2, 0xff, 1, 3, 2];
        let ib = Buffer::new(&device, &BufferDesc { size: 8, memory: MemoryHint::DeviceLocal }).unwrap();
        stream.write_buffer(&ib, 0, &indices).unwrap();
        let mut state = RenderState { topology: Topology::TriangleStrip, ..Default::default() };
        state.raster.primitive_restart = true;
        let vi = color_vertex_input();
        let (vp, sc) = full_viewport(W, H);
        stream
            .draw(&DrawRecord {
                program: &program,
                vertex_input: &vi,
                state: &state,
                viewports: &[vp],
                scissors: &[sc],
                vertex_buffers: &[VertexBufferBinding { binding: 0, buffer: &vb, offset: 0 }],
                index_buffer: Some(IndexBinding { buffer: &ib, offset: 0, index_type: IndexType::U8 }),
                resources: &[],
                counts: DrawCounts { count: 7, instance_count: 1, first: 1, ..Default::default() },
                xfb: None,
                captured_count: None,
            })
            .unwrap();
        let data = read_rgba8(&mut stream, &image);
        let native = device.info().features.index_type_uint8;
        assert!(close(texel(&data, W, 1, 1), [255, 128, 0, 255]), "native u8: {native}");
        assert!(close(texel(&data, W, 6, 6), [255, 128, 0, 255]), "native u8: {native}");
        assert_eq!(texel(&data, W, 12, 12), [0, 0, 0, 255]);
    }
}
