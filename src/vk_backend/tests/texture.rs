//! Texture sampling, render-to-texture, and image copies and blits.

mod common;
use common::*;
use std::sync::Arc;
use vk_backend::*;

const W: u32 = 32;
const H: u32 = 32;

/// A full-screen quad whose fragment shader samples binding 128 at the fragment's UV.
fn textured_program(device: &Arc<Device>) -> Program {
    let vs = module(
        device,
        ShaderStage::Vertex,
        r#"#version 450
layout(location = 0) in vec3 pos;
layout(location = 1) in vec4 color;
layout(location = 0) out vec2 uv;
void main() { gl_Position = vec4(pos, 1.0); uv = pos.xy * 0.5 + 0.5; }
"#,
    );
    let fs = module(
        device,
        ShaderStage::Fragment,
        r#"#version 450
layout(set = 0, binding = 128) uniform sampler2D tex;
layout(set = 0, binding = 0) uniform Defaults { vec4 tint; };
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 frag;
void main() { frag = texture(tex, uv) * tint; }
"#,
    );
    let bindings = [
        BindingDesc { binding: 0, kind: BindingKind::UniformBuffer, count: 1, stages: StageMask::ALL_GRAPHICS },
        BindingDesc { binding: 128, kind: BindingKind::CombinedImageSampler, count: 1, stages: StageMask::ALL_GRAPHICS },
    ];
    Program::new(device, &ProgramDesc { modules: &[&vs, &fs], bindings: &bindings }).unwrap()
}

fn draw_textured(stream: &mut CommandStream, program: &Program, vb: &Buffer, ubo: &Buffer, view: &ImageView, sampler: &Sampler) {
    let vi = color_vertex_input();
    let (vp, sc) = full_viewport(W, H);
    let resources = [
        ResourceBinding { binding: 0, array_index: 0, resource: BoundResource::UniformBuffer { buffer: ubo, offset: 0, size: 16 } },
        ResourceBinding { binding: 128, array_index: 0, resource: BoundResource::CombinedImageSampler { view, sampler } },
    ];
    stream
        .draw(&DrawRecord {
            program,
            vertex_input: &vi,
            state: &RenderState::default(),
            viewports: &[vp],
            scissors: &[sc],
            vertex_buffers: &[VertexBufferBinding { binding: 0, buffer: vb, offset: 0 }],
            index_buffer: None,
            resources: &resources,
            counts: DrawCounts { count: 6, instance_count: 1, ..Default::default() },
            xfb: None,
            captured_count: None,
        })
        .unwrap();
}

fn white_ubo(device: &Arc<Device>, stream: &mut CommandStream) -> Buffer {
    let ubo = Buffer::new(device, &BufferDesc { size: 256, memory: MemoryHint::HostVisible }).unwrap();
    stream.write_buffer(&ubo, 0, &bytes_of(&[1.0, 1.0, 1.0, 1.0])).unwrap();
    ubo
}

const RED: [u8; 4] = [255, 0, 0, 255];
const GREEN: [u8; 4] = [0, 255, 0, 255];
const BLUE: [u8; 4] = [0, 0, 255, 255];
const WHITE: [u8; 4] = [255, 255, 255, 255];

#[test]
fn sampling_a_texture_keeps_gl_row_order() {
    let device = device();
    let mut stream = device.create_command_stream();
    let (image, view) = target(&device, Format::Rgba8Unorm, W, H);
    let program = textured_program(&device);
    // Texel row 0 (t = 0) is red, green; row 1 is blue, white.
    let tex = Image::new(&device, &ImageDesc::new_2d(Format::Rgba8Unorm, 2, 2)).unwrap();
    stream.write_image(&tex, &ImageRegion::rect(0, 0, 2, 2), &[RED, GREEN, BLUE, WHITE].concat()).unwrap();
    let tex_view = tex.create_default_view().unwrap();
    let sampler = Sampler::new(
        &device,
        &SamplerDesc { min_filter: Filter::Nearest, mag_filter: Filter::Nearest, wrap: [WrapMode::ClampToEdge; 3], ..Default::default() },
    )
    .unwrap();
    let ubo = white_ubo(&device, &mut stream);
    let vb = vertex_buffer(&device, &mut stream, &quad(-1.0, -1.0, 1.0, 1.0, 0.0, [0.0; 4]));
    stream.set_render_targets(&color_targets(&view, None)).unwrap();
    draw_textured(&mut stream, &program, &vb, &ubo, &tex_view, &sampler);
    let data = read_rgba8(&mut stream, &image);
    assert_eq!(texel(&data, W, 4, 4), RED, "bottom-left shows texel (0, 0)");
    assert_eq!(texel(&data, W, 28, 4), GREEN);
    assert_eq!(texel(&data, W, 4, 28), BLUE);
    assert_eq!(texel(&data, W, 28, 28), WHITE);

    // The uniform buffer tints: half red.
    stream.write_buffer(&ubo, 0, &bytes_of(&[0.5, 1.0, 1.0, 1.0])).unwrap();
    draw_textured(&mut stream, &program, &vb, &ubo, &tex_view, &sampler);
    let data = read_rgba8(&mut stream, &image);
    assert!(close(texel(&data, W, 4, 4), [128, 0, 0, 255]), "{:?}", texel(&data, W, 4, 4));
}

#[test]
fn render_to_an_image_then_sample_it() {
    let device = device();
    let mut stream = device.create_command_stream();
    let (screen, screen_view) = target(&device, Format::Rgba8Unorm, W, H);
    let (offscreen, offscreen_view) = target(&device, Format::Rgba8Unorm, 16, 16);
    let color = color_program(&device);
    let textured = textured_program(&device);
    // Offscreen: green left half, blue right half.
    stream.set_render_targets(&color_targets(&offscreen_view, None)).unwrap();
    stream.clear(&ClearRequest { colors: &[(0, ClearColor::Float([0.0, 0.0, 1.0, 1.0]))], depth: None, stencil: None, rect: None }).unwrap();
    let left = vertex_buffer(&device, &mut stream, &quad(-1.0, -1.0, 0.0, 1.0, 0.0, [0.0, 1.0, 0.0, 1.0]));
    draw_colored(&mut stream, &color, &left, 6, &RenderState::default(), 16, 16, None);
    // Screen: sample the offscreen image.
    let sample_view = offscreen.create_default_view().unwrap();
    let sampler = Sampler::new(&device, &SamplerDesc { min_filter: Filter::Nearest, mag_filter: Filter::Nearest, ..Default::default() }).unwrap();
    let ubo = white_ubo(&device, &mut stream);
    let vb = vertex_buffer(&device, &mut stream, &quad(-1.0, -1.0, 1.0, 1.0, 0.0, [0.0; 4]));
    stream.set_render_targets(&color_targets(&screen_view, None)).unwrap();
    draw_textured(&mut stream, &textured, &vb, &ubo, &sample_view, &sampler);
    let data = read_rgba8(&mut stream, &screen);
    assert_eq!(texel(&data, W, 3, 16), GREEN);
    assert_eq!(texel(&data, W, 28, 16), BLUE);
}

#[test]
fn copy_and_flipped_blit_between_images() {
    let device = device();
    let mut stream = device.create_command_stream();
    let src = Image::new(&device, &ImageDesc::new_2d(Format::Rgba8Unorm, 2, 2)).unwrap();
    stream.write_image(&src, &ImageRegion::rect(0, 0, 2, 2), &[RED, GREEN, BLUE, WHITE].concat()).unwrap();
    let dst = Image::new(&device, &ImageDesc::new_2d(Format::Rgba8Unorm, 4, 4)).unwrap();
    stream.copy_image(&src, &ImageRegion::rect(0, 0, 2, 2), &dst, &ImageRegion::rect(2, 2, 2, 2)).unwrap();
    let data = stream.read_image(&dst, &ImageRegion::rect(2, 2, 2, 2)).unwrap();
    assert_eq!(data, [RED, GREEN, BLUE, WHITE].concat());
    // Blit upside down into a 2x2 image: rows swap.
    let flipped = Image::new(&device, &ImageDesc::new_2d(Format::Rgba8Unorm, 2, 2)).unwrap();
    stream
        .blit(
            &src,
            &BlitRect { level: 0, layer: 0, x0: 0, y0: 0, x1: 2, y1: 2 },
            &flipped,
            &BlitRect { level: 0, layer: 0, x0: 0, y0: 2, x1: 2, y1: 0 },
            Aspect::Color,
            BlitFilter::Nearest,
        )
        .unwrap();
    let data = stream.read_image(&flipped, &ImageRegion::rect(0, 0, 2, 2)).unwrap();
    assert_eq!(data, [BLUE, WHITE, RED, GREEN].concat());
}

#[test]
fn depth_texture_upload_round_trips() {
    let device = device();
    let mut stream = device.create_command_stream();
    let depth = Image::new(&device, &ImageDesc::new_2d(Format::D24UnormS8Uint, 2, 1)).unwrap();
    let mut region = ImageRegion::rect(0, 0, 2, 1);
    region.aspect = Aspect::Depth;
    stream.write_image(&depth, &region, &bytes_of(&[0.25, 1.0])).unwrap();
    let back = stream.read_image(&depth, &region).unwrap();
    let values: Vec<f32> = back.chunks_exact(4).map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
    assert!((values[0] - 0.25).abs() < 1e-6 && values[1] == 1.0, "{values:?}");
}

#[test]
fn samplers_are_shared_by_description() {
    let device = device();
    let desc = SamplerDesc { max_anisotropy: 4.0, border: BorderColor::Float([0.2, 0.4, 0.6, 0.8]), wrap: [WrapMode::ClampToBorder; 3], ..Default::default() };
    let a = Sampler::new(&device, &desc).unwrap();
    let b = Sampler::new(&device, &desc).unwrap();
    assert_eq!(a.desc(), b.desc());
    let c = Sampler::new(&device, &SamplerDesc { compare: Some(CompareFunc::LessOrEqual), ..desc }).unwrap();
    assert_eq!(c.desc().compare, Some(CompareFunc::LessOrEqual));
}

#[test]
fn multisampled_target_resolves_to_its_average() {
    let device = device();
    if device.info().limits.max_samples < 4 {
        return;
    }
    let mut stream = device.create_command_stream();
    let ms = Image::new(&device, &ImageDesc { samples: 4, ..ImageDesc::new_2d(Format::Rgba8Unorm, 8, 8) }).unwrap();
    let ms_view = ms.create_attachment_view(0, 0).unwrap();
    let program = color_program(&device);
    // A triangle whose diagonal edge crosses pixel centres: edge pixels get partial coverage.
    let c = [1.0, 1.0, 1.0, 1.0];
    let v = |x: f32, y: f32| [x, y, 0.0, c[0], c[1], c[2], c[3]];
    let vb = vertex_buffer(&device, &mut stream, &[v(-1.0, -1.0), v(1.0, -1.0), v(-1.0, 1.0)].concat());
    stream.set_render_targets(&color_targets(&ms_view, None)).unwrap();
    stream.clear(&ClearRequest { colors: &[(0, ClearColor::Float([0.0, 0.0, 0.0, 1.0]))], depth: None, stencil: None, rect: None }).unwrap();
    draw_colored(&mut stream, &program, &vb, 3, &RenderState::default(), 8, 8, None);
    let single = Image::new(&device, &ImageDesc::new_2d(Format::Rgba8Unorm, 8, 8)).unwrap();
    stream.resolve(&ms, &ImageRegion::rect(0, 0, 8, 8), &single, &ImageRegion::rect(0, 0, 8, 8)).unwrap();
    let data = read_rgba8(&mut stream, &single);
    assert_eq!(texel(&data, 8, 1, 1), [255; 4]);
    assert_eq!(texel(&data, 8, 7, 7), [0, 0, 0, 255]);
    let partial = (0..8).map(|i| texel(&data, 8, i, 7 - i)[0]).filter(|r| *r > 0 && *r < 255).count();
    assert!(partial > 0, "edge pixels on the diagonal are partly covered");
    assert!(stream.read_image(&ms, &ImageRegion::rect(0, 0, 1, 1)).is_err(), "multisampled images are resolved, not read");
}

#[test]
fn compressed_images_take_and_give_whole_blocks() {
    let device = device();
    assert!(device.format_support(Format::Bc1RgbaUnorm).sampled, "lavapipe and NVIDIA sample BC1");
    let mut stream = device.create_command_stream();
    // 6x6: 2x2 blocks, the last column and row of blocks reaching past the edge.
    let image = Image::new(&device, &ImageDesc::new_2d(Format::Bc1RgbaUnorm, 6, 6)).unwrap();
    let blocks: Vec<u8> = (0..32).collect();
    stream.write_image(&image, &ImageRegion::rect(0, 0, 6, 6), &blocks).unwrap();
    assert_eq!(stream.read_image(&image, &ImageRegion::rect(0, 0, 6, 6)).unwrap(), blocks);
    // One block at the edge: from (4, 4), 2x2 texels to the edge.
    assert_eq!(stream.read_image(&image, &ImageRegion::rect(4, 4, 2, 2)).unwrap(), &blocks[24..]);
    // Regions that split a block are refused, as is data for the wrong number of blocks.
    assert!(stream.read_image(&image, &ImageRegion::rect(2, 0, 4, 4)).is_err());
    assert!(stream.write_image(&image, &ImageRegion::rect(0, 0, 4, 3), &blocks[..8]).is_err());
    assert!(stream.write_image(&image, &ImageRegion::rect(0, 0, 4, 4), &blocks[..16]).is_err());
}
