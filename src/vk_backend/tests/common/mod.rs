//! Helpers shared by the backend's device tests: a headless device, GLSL compiled to SPIR-V
//! by glslangValidator, render targets and vertex data.
#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Stdio};
use std::sync::Arc;
use vk_backend::*;

/// The process's one device, shared by every test as galvan shares it between contexts.
pub fn device() -> Arc<Device> {
    static DEVICE: std::sync::OnceLock<Arc<Device>> = std::sync::OnceLock::new();
    let _ = tracing_subscriber::fmt().with_test_writer().with_env_filter("warn").try_init();
    DEVICE
        .get_or_init(|| Device::new_headless().expect("a Vulkan 1.3 device (lavapipe) is required for these tests"))
        .clone()
}

/// Compiles Vulkan GLSL with glslangValidator (Debian glslang-tools) to SPIR-V words.
pub fn compile(stage: ShaderStage, source: &str) -> Vec<u32> {
    let stage_name = match stage {
        ShaderStage::Vertex => "vert",
        ShaderStage::Fragment => "frag",
        ShaderStage::Geometry => "geom",
        ShaderStage::TessControl => "tesc",
        ShaderStage::TessEvaluation => "tese",
        ShaderStage::Compute => "comp",
    };
    let out = std::env::temp_dir().join(format!("galvan-vk-test-{}-{:x}.spv", std::process::id(), hash(source)));
    let mut child = Command::new("glslangValidator")
        .args(["-V", "--stdin", "-S", stage_name, "-o"])
        .arg(&out)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("glslangValidator (glslang-tools) must be installed");
    child.stdin.take().unwrap().write_all(source.as_bytes()).unwrap();
    let result = child.wait_with_output().unwrap();
    assert!(result.status.success(), "glslang failed: {}", String::from_utf8_lossy(&result.stdout));
    let bytes = std::fs::read(&out).unwrap();
    let _ = std::fs::remove_file(&out);
    bytes.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()
}

fn hash(s: &str) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    s.hash(&mut h);
    std::thread::current().id().hash(&mut h);
    h.finish()
}

pub fn module(device: &Arc<Device>, stage: ShaderStage, source: &str) -> ShaderModule {
    ShaderModule::new(device, stage, &compile(stage, source), "main").unwrap()
}

/// Position (vec3) and colour (vec4) in, colour out.
pub const COLOR_VS: &str = r#"#version 450
layout(location = 0) in vec3 pos;
layout(location = 1) in vec4 color;
layout(location = 0) out vec4 v_color;
void main() { gl_Position = vec4(pos, 1.0); v_color = color; }
"#;

pub const COLOR_FS: &str = r#"#version 450
layout(location = 0) in vec4 v_color;
layout(location = 0) out vec4 frag;
void main() { frag = v_color; }
"#;

pub fn color_program(device: &Arc<Device>) -> Program {
    let vs = module(device, ShaderStage::Vertex, COLOR_VS);
    let fs = module(device, ShaderStage::Fragment, COLOR_FS);
    Program::new(device, &ProgramDesc { modules: &[&vs, &fs], bindings: &[] }).unwrap()
}

/// The layout of `color_program`'s interleaved vertices: vec3 position, vec4 colour.
pub fn color_vertex_input() -> VertexInput {
    let mut vi = VertexInput::new();
    vi.push_binding(VertexBindingLayout { binding: 0, stride: 28, rate: InputRate::Vertex });
    vi.push_attribute(VertexAttribute { location: 0, binding: 0, format: VertexFormat::new(VertexScalar::F32, 3), offset: 0 });
    vi.push_attribute(VertexAttribute { location: 1, binding: 0, format: VertexFormat::new(VertexScalar::F32, 4), offset: 12 });
    vi
}

/// Two triangles covering x0..x1, y0..y1 in NDC at depth z, in one colour.
pub fn quad(x0: f32, y0: f32, x1: f32, y1: f32, z: f32, c: [f32; 4]) -> Vec<f32> {
    let v = |x: f32, y: f32| [x, y, z, c[0], c[1], c[2], c[3]];
    [v(x0, y0), v(x1, y0), v(x1, y1), v(x0, y0), v(x1, y1), v(x0, y1)].concat()
}

pub fn bytes_of(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|f| f.to_le_bytes()).collect()
}

pub fn vertex_buffer(device: &Arc<Device>, stream: &mut CommandStream, data: &[f32]) -> Buffer {
    let bytes = bytes_of(data);
    let buffer = Buffer::new(device, &BufferDesc { size: bytes.len() as u64, memory: MemoryHint::HostVisible }).unwrap();
    stream.write_buffer(&buffer, 0, &bytes).unwrap();
    buffer
}

/// A single-sample 2D image of `format` with an attachment view.
pub fn target(device: &Arc<Device>, format: Format, w: u32, h: u32) -> (Image, ImageView) {
    let image = Image::new(device, &ImageDesc::new_2d(format, w, h)).unwrap();
    let view = image.create_attachment_view(0, 0).unwrap();
    (image, view)
}

pub fn color_targets(view: &ImageView, depth: Option<&ImageView>) -> RenderTargets {
    let mut t = RenderTargets { extent: view.extent(), ..Default::default() };
    t.colors[0] = Some(view.clone());
    t.depth_stencil = depth.cloned();
    t
}

pub fn full_viewport(w: u32, h: u32) -> (Viewport, Rect) {
    (
        Viewport { x: 0.0, y: 0.0, width: w as f32, height: h as f32, min_depth: 0.0, max_depth: 1.0 },
        Rect { x: 0, y: 0, width: w, height: h },
    )
}

/// Draws `vertex_count` non-indexed vertices from `vb` with the colour program.
#[allow(clippy::too_many_arguments)]
pub fn draw_colored(stream: &mut CommandStream, program: &Program, vb: &Buffer, vertex_count: u32, state: &RenderState, w: u32, h: u32, scissor: Option<Rect>) {
    let vi = color_vertex_input();
    let (vp, full) = full_viewport(w, h);
    let vbs = [VertexBufferBinding { binding: 0, buffer: vb, offset: 0 }];
    stream
        .draw(&DrawRecord {
            program,
            vertex_input: &vi,
            state,
            viewports: &[vp],
            scissors: &[scissor.unwrap_or(full)],
            vertex_buffers: &vbs,
            index_buffer: None,
            resources: &[],
            counts: DrawCounts { count: vertex_count, instance_count: 1, ..Default::default() },
            xfb: None,
            captured_count: None,
        })
        .unwrap();
}

/// RGBA8 texel at (x, y) of tightly packed rows of width `w`.
pub fn texel(data: &[u8], w: u32, x: u32, y: u32) -> [u8; 4] {
    let i = ((y * w + x) * 4) as usize;
    [data[i], data[i + 1], data[i + 2], data[i + 3]]
}

pub fn read_rgba8(stream: &mut CommandStream, image: &Image) -> Vec<u8> {
    let d = image.desc();
    stream.read_image(image, &ImageRegion::rect(0, 0, d.width, d.height)).unwrap()
}

pub fn close(a: [u8; 4], b: [u8; 4]) -> bool {
    a.iter().zip(b.iter()).all(|(x, y)| (*x as i32 - *y as i32).abs() <= 1)
}
