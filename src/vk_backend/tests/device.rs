//! The device: identity, limits, capabilities, programs and descriptor paths.

mod common;
use common::*;
use vk_backend::*;

#[test]
fn device_reports_identity_limits_and_caps() {
    let device = device();
    let info = device.info();
    assert!(!info.name.is_empty() && !info.driver_name.is_empty());
    assert!(info.api_version >= (1, 3, 0), "{:?}", info.api_version);
    let l = &info.limits;
    assert!(l.max_image_dimension_2d >= 4096);
    assert!(l.max_color_attachments >= 4 && l.max_color_attachments <= 8);
    assert!(l.max_vertex_input_attributes >= 16);
    assert!(l.max_uniform_buffer_range >= 16384);
    assert!(l.min_uniform_buffer_offset_alignment.is_power_of_two());
    assert!(l.max_samples >= 1 && l.max_samples.is_power_of_two());
    assert!(l.point_size_range[1] >= 1.0 && l.line_width_range[0] <= 1.0);
    assert!(info.features.extended_dynamic_state && info.features.extended_dynamic_state2);
    let caps = device.caps();
    assert_eq!(caps.geometry_shader, info.features.geometry_shader);
    assert_eq!(caps.depth_clip_control, info.features.depth_clip_control);
    assert_eq!(caps.fp64, info.features.shader_float64);
    assert!(!list_devices().unwrap().is_empty());
}

#[test]
fn device_selection_by_name_and_index() {
    let names = list_devices().unwrap();
    let by_index = Device::new(&DeviceOptions { selector: Some("0".into()), ..Default::default() }).unwrap();
    assert_eq!(by_index.info().name, names[0]);
    let word = names[0].split_whitespace().next().unwrap().to_uppercase();
    let by_name = Device::new(&DeviceOptions { selector: Some(word), ..Default::default() }).unwrap();
    assert_eq!(by_name.info().name, names[0]);
    let none = Device::new(&DeviceOptions { selector: Some("no such gpu".into()), ..Default::default() });
    assert!(matches!(none, Err(Error::NoDevice(_))));
}

#[test]
fn bad_programs_and_bindings_are_errors() {
    let device = device();
    assert!(matches!(ShaderModule::new(&device, ShaderStage::Vertex, &[1, 2, 3, 4, 5], "main"), Err(Error::Shader(_))));
    let vs = module(&device, ShaderStage::Vertex, COLOR_VS);
    let fs = module(&device, ShaderStage::Fragment, COLOR_FS);
    let dup = [
        BindingDesc { binding: 1, kind: BindingKind::UniformBuffer, count: 1, stages: StageMask::ALL_GRAPHICS },
        BindingDesc { binding: 1, kind: BindingKind::UniformBuffer, count: 1, stages: StageMask::ALL_GRAPHICS },
    ];
    assert!(Program::new(&device, &ProgramDesc { modules: &[&vs, &fs], bindings: &dup }).is_err());
    assert!(Program::new(&device, &ProgramDesc { modules: &[&vs, &vs], bindings: &[] }).is_err());
    let max = device.info().limits.max_per_stage_samplers;
    if max < u32::MAX {
        let too_many = [BindingDesc { binding: 128, kind: BindingKind::CombinedImageSampler, count: max + 1, stages: StageMask::ALL_GRAPHICS }];
        let result = Program::new(&device, &ProgramDesc { modules: &[&vs, &fs], bindings: &too_many });
        assert!(matches!(result, Err(Error::InvalidArgument(_))));
    }

    // A draw naming a binding the program lacks is refused.
    let program = color_program(&device);
    let mut stream = device.create_command_stream();
    let (_, view) = target(&device, Format::Rgba8Unorm, 4, 4);
    stream.set_render_targets(&color_targets(&view, None)).unwrap();
    let vb = vertex_buffer(&device, &mut stream, &quad(-1.0, -1.0, 1.0, 1.0, 0.0, [1.0; 4]));
    let ubo = Buffer::new(&device, &BufferDesc { size: 64, memory: MemoryHint::HostVisible }).unwrap();
    let vi = color_vertex_input();
    let (vp, sc) = full_viewport(4, 4);
    let result = stream.draw(&DrawRecord {
        program: &program,
        vertex_input: &vi,
        state: &RenderState::default(),
        viewports: &[vp],
        scissors: &[sc],
        vertex_buffers: &[VertexBufferBinding { binding: 0, buffer: &vb, offset: 0 }],
        index_buffer: None,
        resources: &[ResourceBinding { binding: 3, array_index: 0, resource: BoundResource::UniformBuffer { buffer: &ubo, offset: 0, size: 64 } }],
        counts: DrawCounts { count: 6, instance_count: 1, ..Default::default() },
        xfb: None,
        captured_count: None,
    });
    assert!(matches!(result, Err(Error::InvalidArgument(_))));
}

#[test]
fn pooled_descriptor_sets_bind_sampler_arrays() {
    // Pooled descriptor sets, as on devices without push descriptors.
    let device = Device::new(&DeviceOptions { force_fallbacks: true, ..Default::default() }).unwrap();
    let count = 12;
    let vs = module(&device, ShaderStage::Vertex, COLOR_VS);
    let fs_src = format!(
        r#"#version 450
layout(set = 0, binding = 128) uniform sampler2D tex[{count}];
layout(location = 0) in vec4 v_color;
layout(location = 0) out vec4 frag;
void main() {{ frag = texture(tex[{last}], vec2(0.5)) + texture(tex[0], vec2(0.5)); }}
"#,
        last = count - 1
    );
    let fs = module(&device, ShaderStage::Fragment, &fs_src);
    let bindings = [BindingDesc { binding: 128, kind: BindingKind::CombinedImageSampler, count, stages: StageMask::ALL_GRAPHICS }];
    let program = Program::new(&device, &ProgramDesc { modules: &[&vs, &fs], bindings: &bindings }).unwrap();
    let mut stream = device.create_command_stream();
    let red = Image::new(&device, &ImageDesc::new_2d(Format::Rgba8Unorm, 1, 1)).unwrap();
    let blue = Image::new(&device, &ImageDesc::new_2d(Format::Rgba8Unorm, 1, 1)).unwrap();
    stream.write_image(&red, &ImageRegion::rect(0, 0, 1, 1), &[255, 0, 0, 0]).unwrap();
    stream.write_image(&blue, &ImageRegion::rect(0, 0, 1, 1), &[0, 0, 255, 255]).unwrap();
    let (red_view, blue_view) = (red.create_default_view().unwrap(), blue.create_default_view().unwrap());
    let sampler = Sampler::new(&device, &SamplerDesc::default()).unwrap();
    let resources: Vec<ResourceBinding> = (0..count)
        .map(|i| ResourceBinding {
            binding: 128,
            array_index: i,
            resource: BoundResource::CombinedImageSampler { view: if i == 0 { &red_view } else { &blue_view }, sampler: &sampler },
        })
        .collect();
    let (image, view) = target(&device, Format::Rgba8Unorm, 4, 4);
    stream.set_render_targets(&color_targets(&view, None)).unwrap();
    let vb = vertex_buffer(&device, &mut stream, &quad(-1.0, -1.0, 1.0, 1.0, 0.0, [0.0; 4]));
    let vi = color_vertex_input();
    let (vp, sc) = full_viewport(4, 4);
    for _ in 0..2 {
        stream
            .draw(&DrawRecord {
                program: &program,
                vertex_input: &vi,
                state: &RenderState::default(),
                viewports: &[vp],
                scissors: &[sc],
                vertex_buffers: &[VertexBufferBinding { binding: 0, buffer: &vb, offset: 0 }],
                index_buffer: None,
                resources: &resources,
                counts: DrawCounts { count: 6, instance_count: 1, ..Default::default() },
                xfb: None,
                captured_count: None,
            })
            .unwrap();
    }
    let data = read_rgba8(&mut stream, &image);
    assert_eq!(texel(&data, 4, 1, 1), [255, 0, 255, 255]);
}

#[test]
fn multiple_render_targets_get_their_own_outputs() {
    let device = device();
    let vs = module(&device, ShaderStage::Vertex, COLOR_VS);
    let fs = module(
        &device,
        ShaderStage::Fragment,
        r#"#version 450
layout(location = 0) in vec4 v_color;
layout(location = 0) out vec4 out0;
layout(location = 2) out vec4 out2;
void main() { out0 = v_color; out2 = vec4(1.0) - v_color; }
"#,
    );
    let program = Program::new(&device, &ProgramDesc { modules: &[&vs, &fs], bindings: &[] }).unwrap();
    let mut stream = device.create_command_stream();
    let (a, a_view) = target(&device, Format::Rgba8Unorm, 4, 4);
    let (b, b_view) = target(&device, Format::Rgba16Float, 4, 4);
    let mut targets = RenderTargets { extent: (4, 4), ..Default::default() };
    targets.colors[0] = Some(a_view);
    targets.colors[2] = Some(b_view);
    stream.set_render_targets(&targets).unwrap();
    let vb = vertex_buffer(&device, &mut stream, &quad(-1.0, -1.0, 1.0, 1.0, 0.0, [1.0, 0.0, 0.25, 1.0]));
    draw_colored(&mut stream, &program, &vb, 6, &RenderState::default(), 4, 4, None);
    assert_eq!(texel(&read_rgba8(&mut stream, &a), 4, 2, 2), [255, 0, 64, 255]);
    let half = stream.read_image(&b, &ImageRegion::rect(2, 2, 1, 1)).unwrap();
    let h = |i: usize| u16::from_le_bytes([half[2 * i], half[2 * i + 1]]);
    // f16 bit patterns of 0.0, 1.0, 0.75, 0.0.
    assert_eq!([h(0), h(1), h(2), h(3)], [0x0000, 0x3c00, 0x3a00, 0x0000]);
}

#[test]
fn generated_mipmaps_average_the_level_above() {
    let device = device();
    let mut stream = device.create_command_stream();
    let image = Image::new(&device, &ImageDesc { levels: 3, ..ImageDesc::new_2d(Format::Rgba8Unorm, 4, 4) }).unwrap();
    let pixels: Vec<u8> = (0..16).flat_map(|i| if i % 2 == 0 { [255, 0, 0, 255] } else { [0, 0, 255, 255] }).collect();
    stream.write_image(&image, &ImageRegion::rect(0, 0, 4, 4), &pixels).unwrap();
    stream.generate_mipmaps(&image).unwrap();
    let mut region = ImageRegion::rect(0, 0, 1, 1);
    region.level = 2;
    let top = stream.read_image(&image, &region).unwrap();
    assert!(close([top[0], top[1], top[2], top[3]], [128, 0, 128, 255]) || close([top[0], top[1], top[2], top[3]], [127, 0, 127, 255]), "{top:?}");
}

#[test]
fn swapchains_need_presentation_support() {
    let device = device();
    let display = raw_window_handle::RawDisplayHandle::Xlib(raw_window_handle::XlibDisplayHandle::new(None, 0));
    let window = raw_window_handle::RawWindowHandle::Xlib(raw_window_handle::XlibWindowHandle::new(1));
    // SAFETY: a headless device refuses before the handles are used.
    let result = unsafe { Swapchain::new(&device, display, window, 64, 64, true) };
    assert!(matches!(result, Err(Error::MissingFeature(_))));
}
