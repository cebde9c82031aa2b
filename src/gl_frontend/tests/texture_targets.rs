//! Texture targets beyond 2D, sampled on the machine's Vulkan device and read back:
//! 1D, 3D, cube maps, 1D and 2D arrays, integer formats, base/max level and swizzles,
//! plus the errors and queries of their specification.

mod common;

use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::*;
use gl_frontend::{make_current, Api, Context, ContextConfig, Profile};

fn context() -> std::sync::Arc<Context> {
    let config = ContextConfig { api: Api::Gl, major: 3, minor: 3, profile: Profile::Compatibility, offer_requested_version: true, ..Default::default() };
    let ctx = Context::new(device(), &config, None).expect("3.3 offered on request");
    let window = surface();
    make_current(&ctx, Some(window.clone()), Some(window)).unwrap();
    ctx
}

const VS: &str = "#version 130\nin vec2 pos;\nvoid main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";

/// Draws a full-window triangle with `fragment` (GLSL 1.30) and returns the pixel at (x, y).
fn draw_and_read(fragment: &str, setup: impl Fn(GLuint), x: i32, y: i32) -> [u8; 4] {
    unsafe {
        let p = glCreateProgram();
        glAttachShader(p, compiled_shader(GL_VERTEX_SHADER, VS));
        glAttachShader(p, compiled_shader(GL_FRAGMENT_SHADER, fragment));
        glBindAttribLocation(p, 0, c"pos".as_ptr());
        glLinkProgram(p);
        let mut ok = 0;
        glGetProgramiv(p, GL_LINK_STATUS, &mut ok);
        assert_eq!(ok, 1, "the program links");
        glUseProgram(p);
        setup(p);
        let points: [[f32; 2]; 3] = [[-1.0, -1.0], [3.0, -1.0], [-1.0, 3.0]];
        let mut vbo = 0;
        glGenBuffers(1, &mut vbo);
        glBindBuffer(GL_ARRAY_BUFFER, vbo);
        glBufferData(GL_ARRAY_BUFFER, std::mem::size_of_val(&points) as isize, points.as_ptr().cast(), GL_STATIC_DRAW);
        glVertexAttribPointer(0, 2, GL_FLOAT, 0, 0, std::ptr::null());
        glEnableVertexAttribArray(0);
        glClearColor(0.5, 0.5, 0.5, 0.5);
        glClear(GL_COLOR_BUFFER_BIT);
        glDrawArrays(GL_TRIANGLES, 0, 3);
        assert_eq!(glGetError(), GL_NO_ERROR);
        let mut px = [0u8; 4];
        glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px.as_mut_ptr().cast());
        px
    }
}

fn set_int(p: GLuint, name: &std::ffi::CStr, v: i32) {
    unsafe { glUniform1i(glGetUniformLocation(p, name.as_ptr()), v) };
}

fn new_texture(target: GLenum) -> GLuint {
    let mut t = 0;
    unsafe {
        glGenTextures(1, &mut t);
        glBindTexture(target, t);
        glTexParameteri(target, GL_TEXTURE_MIN_FILTER, GL_NEAREST as GLint);
        glTexParameteri(target, GL_TEXTURE_MAG_FILTER, GL_NEAREST as GLint);
    }
    t
}

/// Layer i of a 2x2 texel image filled with colour `colors[i]`.
fn layers(colors: &[[u8; 4]], texels_per_layer: usize) -> Vec<u8> {
    colors.iter().flat_map(|c| std::iter::repeat_n(*c, texels_per_layer).flatten()).collect()
}

const RED: [u8; 4] = [255, 0, 0, 255];
const GREEN: [u8; 4] = [0, 255, 0, 255];
const BLUE: [u8; 4] = [0, 0, 255, 255];
const WHITE: [u8; 4] = [255, 255, 255, 255];
const BLACK: [u8; 4] = [0, 0, 0, 255];

#[test]
fn array_layers_and_volume_slices_are_fetched_apart() {
    let _ctx = context();
    let colors = [RED, GREEN, BLUE];
    new_texture(GL_TEXTURE_2D_ARRAY);
    unsafe {
        glTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA8 as GLint, 2, 2, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, layers(&colors, 4).as_ptr().cast());
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
    let fs = "#version 130\nuniform sampler2DArray tex;\nuniform int layer;\nout vec4 c;\nvoid main() { c = texelFetch(tex, ivec3(1, 1, layer), 0); }\n";
    for (layer, color) in colors.iter().enumerate() {
        assert_eq!(draw_and_read(fs, |p| set_int(p, c"layer", layer as i32), 3, 3), *color, "layer {layer}");
    }
    new_texture(GL_TEXTURE_3D);
    unsafe { glTexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8 as GLint, 2, 2, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, layers(&colors, 4).as_ptr().cast()) };
    let fs = "#version 130\nuniform sampler3D tex;\nuniform int slice;\nout vec4 c;\nvoid main() { c = texelFetch(tex, ivec3(0, 1, slice), 0); }\n";
    assert_eq!(draw_and_read(fs, |p| set_int(p, c"slice", 2), 3, 3), BLUE);
    // textureSize reports width, height and layers / depth.
    let fs = "#version 130\nuniform sampler3D tex;\nout vec4 c;\nvoid main() { c = textureSize(tex, 0) == ivec3(2, 2, 3) ? vec4(1.0) : vec4(0.0, 0.0, 0.0, 1.0); }\n";
    assert_eq!(draw_and_read(fs, |_| {}, 3, 3), WHITE);
}

#[test]
fn one_dimensional_textures_and_arrays() {
    let _ctx = context();
    new_texture(GL_TEXTURE_1D);
    let texels = [RED, GREEN, BLUE, WHITE].concat();
    unsafe { glTexImage1D(GL_TEXTURE_1D, 0, GL_RGBA8 as GLint, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.as_ptr().cast()) };
    let fs = "#version 130\nuniform sampler1D tex;\nout vec4 c;\nvoid main() { c = texture(tex, 0.6); }\n";
    assert_eq!(draw_and_read(fs, |_| {}, 3, 3), BLUE);
    new_texture(GL_TEXTURE_1D_ARRAY);
    // Height counts layers: two layers of two texels.
    let texels = [RED, GREEN, BLUE, WHITE].concat();
    unsafe { glTexImage2D(GL_TEXTURE_1D_ARRAY, 0, GL_RGBA8 as GLint, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.as_ptr().cast()) };
    let fs = "#version 130\nuniform sampler1DArray tex;\nout vec4 c;\nvoid main() { c = texelFetch(tex, ivec2(0, 1), 0); }\n";
    assert_eq!(draw_and_read(fs, |_| {}, 3, 3), BLUE);
}

#[test]
fn cube_map_faces_are_sampled_by_direction() {
    let _ctx = context();
    new_texture(GL_TEXTURE_CUBE_MAP);
    let colors = [RED, GREEN, BLUE, WHITE, [255, 255, 0, 255], [0, 255, 255, 255]];
    unsafe {
        for (face, color) in colors.iter().enumerate() {
            let data = layers(&[*color], 4);
            glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + face as GLenum, 0, GL_RGBA8 as GLint, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, data.as_ptr().cast());
        }
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
    let fs = "#version 130\nuniform samplerCube tex;\nuniform int face;\nout vec4 c;\n\
              void main() { vec3 d[6] = vec3[6](vec3(1,0,0), vec3(-1,0,0), vec3(0,1,0), vec3(0,-1,0), vec3(0,0,1), vec3(0,0,-1)); c = texture(tex, d[face]); }\n";
    for (face, color) in colors.iter().enumerate() {
        assert_eq!(draw_and_read(fs, |p| set_int(p, c"face", face as i32), 3, 3), *color, "face {face}");
    }
    // A missing face makes the cube incomplete: sampling returns (0, 0, 0, 1).
    new_texture(GL_TEXTURE_CUBE_MAP);
    unsafe { glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X, 0, GL_RGBA8 as GLint, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, layers(&[RED], 4).as_ptr().cast()) };
    assert_eq!(draw_and_read(fs, |p| set_int(p, c"face", 0), 3, 3), BLACK);
}

#[test]
fn integer_textures_are_fetched_unnormalized() {
    let _ctx = context();
    new_texture(GL_TEXTURE_2D);
    let texel: [u32; 4] = [7, 300, 65536, 1];
    unsafe {
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32UI as GLint, 1, 1, 0, GL_RGBA_INTEGER, GL_UNSIGNED_INT, texel.as_ptr().cast());
        assert_eq!(glGetError(), GL_NO_ERROR);
        // Integer data does not go into normalized formats, nor the other way round.
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32UI as GLint, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, std::ptr::null());
        assert_eq!(glGetError(), GL_INVALID_OPERATION);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8 as GLint, 1, 1, 0, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, std::ptr::null());
        assert_eq!(glGetError(), GL_INVALID_OPERATION);
        let mut ty = 0;
        glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_RED_TYPE, &mut ty);
        assert_eq!(ty as GLenum, GL_UNSIGNED_INT);
        let mut back = [0u32; 4];
        glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA_INTEGER, GL_UNSIGNED_INT, back.as_mut_ptr().cast());
        assert_eq!(back, texel);
    }
    let fs = "#version 130\nuniform usampler2D tex;\nout vec4 c;\n\
              void main() { uvec4 v = texelFetch(tex, ivec2(0), 0); c = v == uvec4(7u, 300u, 65536u, 1u) ? vec4(1.0) : vec4(0.0, 0.0, 0.0, 1.0); }\n";
    assert_eq!(draw_and_read(fs, |_| {}, 3, 3), WHITE);
    new_texture(GL_TEXTURE_2D);
    let signed: [i8; 4] = [-5, 0, 0, 0];
    unsafe { glTexImage2D(GL_TEXTURE_2D, 0, GL_R8I as GLint, 1, 1, 0, GL_RED_INTEGER, GL_BYTE, signed.as_ptr().cast()) };
    let fs = "#version 130\nuniform isampler2D tex;\nout vec4 c;\nvoid main() { c = texelFetch(tex, ivec2(0), 0) == ivec4(-5, 0, 0, 1) ? vec4(1.0) : vec4(0.0, 0.0, 0.0, 1.0); }\n";
    assert_eq!(draw_and_read(fs, |_| {}, 3, 3), WHITE);
}

#[test]
fn base_and_max_level_choose_the_levels_sampled() {
    let _ctx = context();
    new_texture(GL_TEXTURE_2D);
    unsafe {
        for (level, (size, color)) in [(4, RED), (2, GREEN), (1, BLUE)].into_iter().enumerate() {
            let data = layers(&[color], size * size);
            glTexImage2D(GL_TEXTURE_2D, level as GLint, GL_RGBA8 as GLint, size as GLsizei, size as GLsizei, 0, GL_RGBA, GL_UNSIGNED_BYTE, data.as_ptr().cast());
        }
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST as GLint);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, 1);
    }
    let fs = "#version 130\nuniform sampler2D tex;\nout vec4 c;\nvoid main() { c = textureLod(tex, vec2(0.5), 0.0); }\n";
    assert_eq!(draw_and_read(fs, |_| {}, 3, 3), GREEN, "lod 0 is the base level");
    let fs_size = "#version 130\nuniform sampler2D tex;\nout vec4 c;\nvoid main() { c = textureSize(tex, 0) == ivec2(2) ? vec4(1.0) : vec4(0.0, 0.0, 0.0, 1.0); }\n";
    assert_eq!(draw_and_read(fs_size, |_| {}, 3, 3), WHITE, "textureSize counts from the base level");
    let fs_lod = "#version 130\nuniform sampler2D tex;\nout vec4 c;\nvoid main() { c = textureLod(tex, vec2(0.5), 5.0); }\n";
    unsafe { glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 1) };
    assert_eq!(draw_and_read(fs_lod, |_| {}, 3, 3), GREEN, "max level 1 stops the chain at level 1");
    unsafe { glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 2) };
    assert_eq!(draw_and_read(fs_lod, |_| {}, 3, 3), BLUE);
    // Swizzles rearrange what the shader reads.
    unsafe {
        let swizzle = [GL_ZERO as GLint, GL_BLUE as GLint, GL_ONE as GLint, GL_ALPHA as GLint];
        glTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_RGBA, swizzle.as_ptr());
        let mut back = [0; 4];
        glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_RGBA, back.as_mut_ptr());
        assert_eq!(back, swizzle);
    }
    assert_eq!(draw_and_read(fs, |_| {}, 3, 3), [0, 0, 255, 255], "green becomes (0, b, 1, a)");
    // A base level past the defined levels makes the texture incomplete: (0, 0, 0, 1).
    unsafe { glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, 5) };
    assert_eq!(draw_and_read(fs, |_| {}, 3, 3), BLACK);
}

#[test]
fn specification_errors_and_level_queries() {
    let _ctx = context();
    let null = std::ptr::null();
    unsafe {
        new_texture(GL_TEXTURE_CUBE_MAP);
        glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_Z, 0, GL_RGBA8 as GLint, 4, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, null);
        assert_eq!(glGetError(), GL_INVALID_VALUE, "cube faces are square");
        glTexImage2D(GL_TEXTURE_CUBE_MAP, 0, GL_RGBA8 as GLint, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, null);
        assert_eq!(glGetError(), GL_INVALID_ENUM, "the cube map itself is no image target");
        new_texture(GL_TEXTURE_CUBE_MAP_ARRAY);
        glTexStorage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 1, GL_RGBA8, 4, 4, 7);
        assert_eq!(glGetError(), GL_INVALID_VALUE, "cube map arrays hold whole cubes");
        glTexStorage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 3, GL_RGBA8, 4, 4, 12);
        assert_eq!(glGetError(), GL_NO_ERROR);
        glTexStorage3D(GL_TEXTURE_2D_ARRAY, 4, GL_RGBA8, 4, 4, 2);
        assert_eq!(glGetError(), GL_INVALID_OPERATION, "four levels are more than a 4x4 chain has");
        new_texture(GL_TEXTURE_3D);
        glTexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8 as GLint, 4, 2, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, null);
        let mut v = 0;
        glGetTexLevelParameteriv(GL_TEXTURE_3D, 0, GL_TEXTURE_DEPTH, &mut v);
        assert_eq!(v, 8);
        glTexSubImage3D(GL_TEXTURE_3D, 0, 0, 0, 7, 1, 1, 2, GL_RGBA, GL_UNSIGNED_BYTE, [0u8; 8].as_ptr().cast());
        assert_eq!(glGetError(), GL_INVALID_VALUE, "the region passes the last slice");
        glTexSubImage3D(GL_TEXTURE_3D, 0, 1, 1, 6, 1, 1, 2, GL_RGBA, GL_UNSIGNED_BYTE, [9u8, 8, 7, 6, 5, 4, 3, 2].as_ptr().cast());
        assert_eq!(glGetError(), GL_NO_ERROR);
        let mut back = vec![0u8; 4 * 2 * 8 * 4];
        glGetTexImage(GL_TEXTURE_3D, 0, GL_RGBA, GL_UNSIGNED_BYTE, back.as_mut_ptr().cast());
        let at = |x: usize, y: usize, z: usize| ((z * 2 + y) * 4 + x) * 4;
        assert_eq!(back[at(1, 1, 6)..at(1, 1, 6) + 4], [9, 8, 7, 6]);
        assert_eq!(back[at(1, 1, 7)..at(1, 1, 7) + 4], [5, 4, 3, 2]);
        assert_eq!(back[at(0, 1, 7)..at(0, 1, 7) + 4], [0, 0, 0, 0]);
        new_texture(GL_TEXTURE_RECTANGLE);
        glTexImage2D(GL_TEXTURE_RECTANGLE, 1, GL_RGBA8 as GLint, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, null);
        assert_eq!(glGetError(), GL_INVALID_VALUE, "rectangle textures have level 0 only");
        glTexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_WRAP_S, GL_REPEAT as GLint);
        assert_eq!(glGetError(), GL_INVALID_ENUM);
    }
}

#[test]
fn copies_from_the_framebuffer_into_textures() {
    let _ctx = context();
    unsafe {
        glClearColor(1.0, 0.0, 1.0, 1.0);
        glClear(GL_COLOR_BUFFER_BIT);
        new_texture(GL_TEXTURE_2D);
        glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 2, 2, 0);
        assert_eq!(glGetError(), GL_NO_ERROR);
        let mut back = [0u8; 16];
        glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, back.as_mut_ptr().cast());
        assert_eq!(back, [[255, 0, 255, 255]; 4].concat()[..]);
        // A region of one layer of an array, and of one face of a cube.
        glClearColor(0.0, 1.0, 0.0, 1.0);
        glClear(GL_COLOR_BUFFER_BIT);
        new_texture(GL_TEXTURE_2D_ARRAY);
        glTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA8 as GLint, 2, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, std::ptr::null());
        glCopyTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 1, 0, 1, 0, 0, 1, 2);
        assert_eq!(glGetError(), GL_NO_ERROR);
        let mut layers = [0u8; 32];
        glGetTexImage(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA, GL_UNSIGNED_BYTE, layers.as_mut_ptr().cast());
        let at = |x: usize, y: usize, z: usize| ((z * 2 + y) * 2 + x) * 4;
        assert_eq!(layers[at(1, 1, 1)..at(1, 1, 1) + 4], GREEN);
        assert_eq!(layers[at(0, 1, 1)..at(0, 1, 1) + 4], [0, 0, 0, 0]);
        assert_eq!(layers[at(1, 1, 0)..at(1, 1, 0) + 4], [0, 0, 0, 0]);
        glCopyTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, 2, 0, 0, 1, 1);
        assert_eq!(glGetError(), GL_INVALID_VALUE, "layer 2 of two");
        new_texture(GL_TEXTURE_CUBE_MAP);
        glCopyTexImage2D(GL_TEXTURE_CUBE_MAP_NEGATIVE_Z, 0, GL_RGBA8, 0, 0, 4, 2, 0);
        assert_eq!(glGetError(), GL_INVALID_VALUE, "cube faces are square");
        glCopyTexImage2D(GL_TEXTURE_CUBE_MAP_NEGATIVE_Z, 0, GL_DEPTH_COMPONENT24, 0, 0, 2, 2, 0);
        assert_eq!(glGetError(), GL_NO_ERROR, "the window has depth to copy");
    }
}

#[test]
fn multisample_textures_are_rendered_and_fetched_per_sample() {
    let _ctx = context();
    let (mut tex, mut fbo) = (0, 0);
    unsafe {
        glGenTextures(1, &mut tex);
        glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, tex);
        glTexStorage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 3, GL_RGBA8, 8, 8, 1);
        assert_eq!(glGetError(), GL_NO_ERROR);
        let mut samples = 0;
        glGetTexLevelParameteriv(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_SAMPLES, &mut samples);
        assert!(samples >= 3, "at least the samples asked for: {samples}");
        glTexStorage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, 8, 8, 1);
        assert_eq!(glGetError(), GL_INVALID_OPERATION, "immutable");
        glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_RGBA8, 8, 8, 1);
        assert_eq!(glGetError(), GL_INVALID_VALUE, "no samples");
        glGenFramebuffers(1, &mut fbo);
        glBindFramebuffer(GL_FRAMEBUFFER, fbo);
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D_MULTISAMPLE, tex, 0);
        glClearColor(0.0, 0.0, 1.0, 1.0);
        glClear(GL_COLOR_BUFFER_BIT);
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
    }
    let fs = "#version 150\nuniform sampler2DMS tex;\nout vec4 c;\nvoid main() { c = texelFetch(tex, ivec2(2, 2), 1); }\n";
    assert_eq!(draw_and_read(fs, |_| {}, 3, 3), BLUE);
}
