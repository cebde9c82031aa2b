//! imageSize (GL_ARB_shader_image_size) on every image type, through image units bound
//! layered or one layer at a time, on textures and texture views; the sizes a compute
//! shader reads are written to a storage buffer and read back.
//! The version is offered through `ContextConfig::offer_requested_version`.

mod common;

use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::*;
use gl_frontend::{Api, Context, ContextConfig, Profile};

fn context() -> std::sync::Arc<Context> {
    current_context_offered(ContextConfig { api: Api::Gl, major: 4, minor: 3, profile: Profile::Core, ..Default::default() })
}

/// The size a compute shader's imageSize reports for an image uniform of `image_type`
/// (`components` of them) on image unit 0, padded with -1.
fn image_size(image_type: &str, format: &str, components: usize) -> [i32; 3] {
    let swizzle = ["ivec3(s, -1, -1)", "ivec3(s, -1)", "s"][components - 1];
    let cs = format!(
        "#version 430
layout(local_size_x = 1) in;
layout({format}, binding = 0) readonly uniform {image_type} img;
layout(std430, binding = 2) buffer Result {{ ivec3 size; }};
void main() {{
    {} s = imageSize(img);
    size = {swizzle};
}}",
        ["int", "ivec2", "ivec3"][components - 1]
    );
    let program = linked_program(&[(GL_COMPUTE_SHADER, &cs)]);
    let mut buffer = 0;
    let mut out = [0i32; 3];
    unsafe {
        glGenBuffers(1, &mut buffer);
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffer);
        glBufferData(GL_SHADER_STORAGE_BUFFER, 16, [0u8; 16].as_ptr().cast(), GL_DYNAMIC_COPY);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, buffer);
        glUseProgram(program);
        glDispatchCompute(1, 1, 1);
        glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
        glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, 12, out.as_mut_ptr().cast());
    }
    assert_eq!(error(), GL_NO_ERROR, "{image_type}");
    out
}

/// A texture of `target` with immutable RGBA8 storage of `size` (glTexStorage's sizes).
fn storage(target: GLenum, size: [i32; 3]) -> GLuint {
    let mut tex = 0;
    unsafe {
        glGenTextures(1, &mut tex);
        glBindTexture(target, tex);
        match target {
            GL_TEXTURE_1D => glTexStorage1D(target, 1, GL_RGBA8, size[0]),
            GL_TEXTURE_2D | GL_TEXTURE_RECTANGLE | GL_TEXTURE_1D_ARRAY | GL_TEXTURE_CUBE_MAP => glTexStorage2D(target, 1, GL_RGBA8, size[0], size[1]),
            GL_TEXTURE_2D_MULTISAMPLE => glTexStorage2DMultisample(target, 4, GL_RGBA8, size[0], size[1], GL_TRUE as GLboolean),
            GL_TEXTURE_2D_MULTISAMPLE_ARRAY => glTexStorage3DMultisample(target, 4, GL_RGBA8, size[0], size[1], size[2], GL_TRUE as GLboolean),
            _ => glTexStorage3D(target, 1, GL_RGBA8, size[0], size[1], size[2]),
        }
    }
    assert_eq!(error(), GL_NO_ERROR);
    tex
}

fn bind_unit(tex: GLuint, layered: bool, layer: i32) {
    unsafe { glBindImageTexture(0, tex, 0, layered as GLboolean, layer, GL_READ_ONLY, GL_RGBA8) };
    assert_eq!(error(), GL_NO_ERROR);
}

#[test]
fn every_image_type_reports_its_size_bound_layered() {
    let _ctx = context();
    let cases: &[(GLenum, [i32; 3], &str, usize, [i32; 3])] = &[
        (GL_TEXTURE_1D, [16, 1, 1], "image1D", 1, [16, -1, -1]),
        (GL_TEXTURE_2D, [16, 8, 1], "image2D", 2, [16, 8, -1]),
        (GL_TEXTURE_3D, [8, 4, 2], "image3D", 3, [8, 4, 2]),
        (GL_TEXTURE_RECTANGLE, [12, 4, 1], "image2DRect", 2, [12, 4, -1]),
        (GL_TEXTURE_CUBE_MAP, [8, 8, 1], "imageCube", 2, [8, 8, -1]),
        (GL_TEXTURE_1D_ARRAY, [16, 3, 1], "image1DArray", 2, [16, 3, -1]),
        (GL_TEXTURE_2D_ARRAY, [16, 8, 5], "image2DArray", 3, [16, 8, 5]),
        // A cube map array counts cubes, not layers.
        (GL_TEXTURE_CUBE_MAP_ARRAY, [8, 8, 12], "imageCubeArray", 3, [8, 8, 2]),
        (GL_TEXTURE_2D_MULTISAMPLE, [16, 8, 1], "image2DMS", 2, [16, 8, -1]),
        (GL_TEXTURE_2D_MULTISAMPLE_ARRAY, [16, 8, 3], "image2DMSArray", 3, [16, 8, 3]),
    ];
    for &(target, size, image_type, components, expected) in cases {
        let tex = storage(target, size);
        bind_unit(tex, true, 0);
        assert_eq!(image_size(image_type, "rgba8", components), expected, "{image_type}");
    }
}

#[test]
fn one_layer_of_an_array_binds_as_a_plain_image() {
    let _ctx = context();
    let tex = storage(GL_TEXTURE_2D_ARRAY, [16, 8, 5]);
    bind_unit(tex, false, 3);
    assert_eq!(image_size("image2D", "rgba8", 2), [16, 8, -1]);
    let cube = storage(GL_TEXTURE_CUBE_MAP, [4, 4, 1]);
    bind_unit(cube, false, 5);
    assert_eq!(image_size("image2D", "rgba8", 2), [4, 4, -1], "a cube map face");
}

#[test]
fn a_buffer_image_counts_texels_of_the_unit_format() {
    let _ctx = context();
    let (mut buffer, mut tex) = (0, 0);
    unsafe {
        glGenBuffers(1, &mut buffer);
        glBindBuffer(GL_TEXTURE_BUFFER, buffer);
        glBufferData(GL_TEXTURE_BUFFER, 16 * 24, std::ptr::null(), GL_STATIC_DRAW);
        glGenTextures(1, &mut tex);
        glBindTexture(GL_TEXTURE_BUFFER, tex);
        glTexBuffer(GL_TEXTURE_BUFFER, GL_RGBA32F, buffer);
        glBindImageTexture(0, tex, 0, GL_FALSE as GLboolean, 0, GL_READ_ONLY, GL_RGBA32F);
    }
    assert_eq!(error(), GL_NO_ERROR);
    assert_eq!(image_size("imageBuffer", "rgba32f", 1), [24, -1, -1]);
}

#[test]
fn stores_to_a_buffer_image_reach_the_buffer() {
    let _ctx = context();
    let cs = "#version 430
layout(local_size_x = 4) in;
layout(r32ui, binding = 0) uniform uimageBuffer img;
void main() {
    int i = int(gl_GlobalInvocationID.x);
    imageStore(img, i, uvec4(uint(imageSize(img)) * 10u + uint(i)));
}";
    let program = linked_program(&[(GL_COMPUTE_SHADER, cs)]);
    let (mut buffer, mut tex) = (0, 0);
    let mut out = [0u32; 4];
    unsafe {
        glGenBuffers(1, &mut buffer);
        glBindBuffer(GL_TEXTURE_BUFFER, buffer);
        glBufferData(GL_TEXTURE_BUFFER, 16, [0u8; 16].as_ptr().cast(), GL_STATIC_DRAW);
        glGenTextures(1, &mut tex);
        glBindTexture(GL_TEXTURE_BUFFER, tex);
        glTexBuffer(GL_TEXTURE_BUFFER, GL_R32UI, buffer);
        glBindImageTexture(0, tex, 0, GL_FALSE as GLboolean, 0, GL_WRITE_ONLY, GL_R32UI);
        glUseProgram(program);
        glDispatchCompute(1, 1, 1);
        glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
        glGetBufferSubData(GL_TEXTURE_BUFFER, 0, 16, out.as_mut_ptr().cast());
    }
    assert_eq!(error(), GL_NO_ERROR);
    assert_eq!(out, [40, 41, 42, 43]);
}

#[test]
fn views_report_the_layers_they_see() {
    let _ctx = context();
    let tex = storage(GL_TEXTURE_2D_ARRAY, [8, 8, 12]);
    let (mut array_view, mut cube_view) = (0, 0);
    unsafe {
        glGenTextures(1, &mut array_view);
        glTextureView(array_view, GL_TEXTURE_2D_ARRAY, tex, GL_RGBA8, 0, 1, 2, 7);
        glGenTextures(1, &mut cube_view);
        glTextureView(cube_view, GL_TEXTURE_CUBE_MAP_ARRAY, tex, GL_RGBA8, 0, 1, 0, 12);
    }
    assert_eq!(error(), GL_NO_ERROR);
    bind_unit(array_view, true, 0);
    assert_eq!(image_size("image2DArray", "rgba8", 3), [8, 8, 7]);
    bind_unit(cube_view, true, 0);
    assert_eq!(image_size("imageCubeArray", "rgba8", 3), [8, 8, 2]);
}

#[test]
fn the_extension_is_offered() {
    let _ctx = context();
    assert!(extensions().iter().any(|e| e == "GL_ARB_shader_image_size"));
}
