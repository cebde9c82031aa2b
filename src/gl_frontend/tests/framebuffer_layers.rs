//! Framebuffer attachments of one layer, face or slice (glFramebufferTexture1D/3D,
//! glFramebufferTextureLayer, cube faces) and layered ones (glFramebufferTexture): what is
//! rendered lands in that layer only and reads back; the attachment queries and errors;
//! 16-bit normalized and half-float textures; textureGatherOffsets.

mod common;

use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::*;
use gl_frontend::{make_current, Api, Context, ContextConfig, Profile};

fn context() -> std::sync::Arc<Context> {
    let config = ContextConfig { api: Api::Gl, major: 4, minor: 6, profile: Profile::Compatibility, offer_requested_version: true, ..Default::default() };
    let ctx = Context::new(device(), &config, None).expect("4.6 offered on request");
    let window = surface();
    make_current(&ctx, Some(window.clone()), Some(window)).unwrap();
    ctx
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

/// Clears the bound framebuffer to `rgba` and reads pixel (1, 1).
fn clear_and_read(rgba: [f32; 4]) -> [u8; 4] {
    unsafe {
        assert_eq!(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
        glClearColor(rgba[0], rgba[1], rgba[2], rgba[3]);
        glClear(GL_COLOR_BUFFER_BIT);
        read_pixel()
    }
}

fn read_pixel() -> [u8; 4] {
    let mut px = [0u8; 4];
    unsafe { glReadPixels(1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px.as_mut_ptr().cast()) };
    px
}

fn attachment_param(pname: GLenum) -> GLint {
    let mut v = -1;
    unsafe { glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, pname, &mut v) };
    v
}

#[test]
fn layers_faces_and_slices_are_rendered_apart_and_read_back() {
    let _ctx = context();
    unsafe {
        // A 2D array of three 4x4 layers: clear layer 1 green, layer 2 blue.
        let array = new_texture(GL_TEXTURE_2D_ARRAY);
        glTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA8 as GLint, 4, 4, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, std::ptr::null());
        let fbo = new_framebuffer();
        glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, array, 0, 1);
        assert_eq!(glGetError(), GL_NO_ERROR);
        assert_eq!(attachment_param(GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER), 1);
        assert_eq!(attachment_param(GL_FRAMEBUFFER_ATTACHMENT_LAYERED), 0);
        assert_eq!(clear_and_read([0.0, 1.0, 0.0, 1.0]), [0, 255, 0, 255]);
        glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, array, 0, 2);
        assert_eq!(clear_and_read([0.0, 0.0, 1.0, 1.0]), [0, 0, 255, 255]);
        // Layer 1 kept its green.
        glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, array, 0, 1);
        assert_eq!(read_pixel(), [0, 255, 0, 255]);
        // A layer past the texture's depth is incomplete; past the limit an error.
        glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, array, 0, 3);
        assert_eq!(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT);
        glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, array, 0, -1);
        assert_eq!(glGetError(), GL_INVALID_VALUE);

        // Cube faces through glFramebufferTexture2D.
        let cube = new_texture(GL_TEXTURE_CUBE_MAP);
        for face in 0..6 {
            glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + face, 0, GL_RGBA8 as GLint, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, std::ptr::null());
        }
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_CUBE_MAP_NEGATIVE_Y, cube, 0);
        assert_eq!(attachment_param(GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_CUBE_MAP_FACE), GL_TEXTURE_CUBE_MAP_NEGATIVE_Y as GLint);
        assert_eq!(clear_and_read([1.0, 0.0, 0.0, 1.0]), [255, 0, 0, 255]);
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_CUBE_MAP_POSITIVE_Z, cube, 0);
        assert_eq!(clear_and_read([0.0, 0.0, 1.0, 1.0]), [0, 0, 255, 255]);
        let mut face = [0u8; 64];
        glGetTexImage(GL_TEXTURE_CUBE_MAP_NEGATIVE_Y, 0, GL_RGBA, GL_UNSIGNED_BYTE, face.as_mut_ptr().cast());
        assert_eq!(&face[..4], &[255, 0, 0, 255], "the -Y face holds its clear");
        // A face target for a 2D texture is INVALID_OPERATION, a bogus target INVALID_ENUM.
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, cube, 0);
        assert_eq!(glGetError(), GL_INVALID_OPERATION);
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RGBA, cube, 0);
        assert_eq!(glGetError(), GL_INVALID_ENUM);

        // A slice of a 3D texture through glFramebufferTexture3D.
        let volume = new_texture(GL_TEXTURE_3D);
        glTexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8 as GLint, 4, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, std::ptr::null());
        glFramebufferTexture3D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_3D, volume, 0, 2);
        assert_eq!(glGetError(), GL_NO_ERROR);
        assert_eq!(attachment_param(GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER), 2);
        assert_eq!(clear_and_read([1.0, 1.0, 0.0, 1.0]), [255, 255, 0, 255]);
        let mut slices = vec![0u8; 4 * 4 * 4 * 4];
        glGetTexImage(GL_TEXTURE_3D, 0, GL_RGBA, GL_UNSIGNED_BYTE, slices.as_mut_ptr().cast());
        assert_eq!(&slices[2 * 64..2 * 64 + 4], &[255, 255, 0, 255], "slice 2 holds the clear");
        assert_ne!(&slices[64..68], &[255, 255, 0, 255], "slice 1 does not");

        // A 1D texture through glFramebufferTexture1D.
        let line = new_texture(GL_TEXTURE_1D);
        glTexImage1D(GL_TEXTURE_1D, 0, GL_RGBA8 as GLint, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, std::ptr::null());
        glFramebufferTexture1D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_1D, line, 0);
        assert_eq!(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
        glClearColor(0.0, 1.0, 1.0, 1.0);
        glClear(GL_COLOR_BUFFER_BIT);
        let mut texels = [0u8; 32];
        glGetTexImage(GL_TEXTURE_1D, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.as_mut_ptr().cast());
        assert_eq!(&texels[28..32], &[0, 255, 255, 255]);

        // Layered and single-layer attachments together are incomplete.
        glFramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, array, 0);
        assert_eq!(attachment_param(GL_FRAMEBUFFER_ATTACHMENT_LAYERED), 1);
        glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, array, 0, 0);
        assert_eq!(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS);
        glDeleteFramebuffers(1, &fbo);
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
}

#[test]
fn a_layered_framebuffer_clears_and_renders_every_layer_by_gl_layer() {
    let _ctx = context();
    unsafe {
        let array = new_texture(GL_TEXTURE_2D_ARRAY);
        glTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA8 as GLint, 4, 4, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, std::ptr::null());
        let fbo = new_framebuffer();
        glFramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, array, 0);
        assert_eq!(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
        glViewport(0, 0, 4, 4);
        glClearColor(1.0, 0.0, 0.0, 1.0);
        glClear(GL_COLOR_BUFFER_BIT);
        // A geometry shader sends one full-viewport triangle to layer 2 only.
        let program = linked_program(&[
            (GL_VERTEX_SHADER, "#version 150\nin vec2 pos;\nvoid main() { gl_Position = vec4(pos, 0.0, 1.0); }\n"),
            (
                GL_GEOMETRY_SHADER,
                "#version 150\nlayout(triangles) in;\nlayout(triangle_strip, max_vertices = 3) out;\nvoid main() {\n  for (int i = 0; i < 3; i++) { gl_Layer = 2; gl_Position = gl_in[i].gl_Position; EmitVertex(); }\n  EndPrimitive();\n}\n",
            ),
            (GL_FRAGMENT_SHADER, "#version 150\nout vec4 c;\nvoid main() { c = vec4(0.0, 1.0, 0.0, 1.0); }\n"),
        ]);
        glUseProgram(program);
        let points: [[f32; 2]; 3] = [[-1.0, -1.0], [3.0, -1.0], [-1.0, 3.0]];
        let (mut vao, mut vbo) = (0, 0);
        glGenVertexArrays(1, &mut vao);
        glBindVertexArray(vao);
        glGenBuffers(1, &mut vbo);
        glBindBuffer(GL_ARRAY_BUFFER, vbo);
        glBufferData(GL_ARRAY_BUFFER, std::mem::size_of_val(&points) as isize, points.as_ptr().cast(), GL_STATIC_DRAW);
        glVertexAttribPointer(0, 2, GL_FLOAT, 0, 0, std::ptr::null());
        glEnableVertexAttribArray(0);
        glDrawArrays(GL_TRIANGLES, 0, 3);
        assert_eq!(glGetError(), GL_NO_ERROR);
        let mut texels = vec![0u8; 4 * 4 * 3 * 4];
        glGetTexImage(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.as_mut_ptr().cast());
        let layer = |l: usize| &texels[l * 64 + 20..l * 64 + 24];
        assert_eq!(layer(0), &[255, 0, 0, 255], "layer 0 cleared, not drawn");
        assert_eq!(layer(1), &[255, 0, 0, 255], "layer 1 cleared, not drawn");
        assert_eq!(layer(2), &[0, 255, 0, 255], "layer 2 drawn");
        glDeleteFramebuffers(1, &fbo);
    }
}

#[test]
fn sixteen_bit_normalized_and_half_float_textures_keep_their_values() {
    let _ctx = context();
    unsafe {
        new_texture(GL_TEXTURE_2D);
        let texels: [u16; 4] = [0, 1000, 32768, 65535];
        glTexImage2D(GL_TEXTURE_2D, 0, GL_R16 as GLint, 2, 2, 0, GL_RED, GL_UNSIGNED_SHORT, texels.as_ptr().cast());
        assert_eq!(glGetError(), GL_NO_ERROR);
        let mut bits = 0;
        glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_RED_SIZE, &mut bits);
        assert_eq!(bits, 16);
        let mut back = [0u16; 4];
        glGetTexImage(GL_TEXTURE_2D, 0, GL_RED, GL_UNSIGNED_SHORT, back.as_mut_ptr().cast());
        assert_eq!(back, texels, "16 bits survive the round trip");

        // Half floats from GL_HALF_FLOAT client data, read back as floats.
        let halves: [u16; 2] = [0x3C00, 0xC000]; // 1.0, -2.0
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RG16F as GLint, 1, 1, 0, GL_RG, GL_HALF_FLOAT, halves.as_ptr().cast());
        assert_eq!(glGetError(), GL_NO_ERROR);
        let mut floats = [0f32; 2];
        glGetTexImage(GL_TEXTURE_2D, 0, GL_RG, GL_FLOAT, floats.as_mut_ptr().cast());
        assert_eq!(floats, [1.0, -2.0]);

        // Rendering into GL_RG16 and reading back as bytes.
        let rg = new_texture(GL_TEXTURE_2D);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RG16 as GLint, 4, 4, 0, GL_RG, GL_UNSIGNED_SHORT, std::ptr::null());
        let fbo = new_framebuffer();
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, rg, 0);
        assert_eq!(clear_and_read([1.0, 0.5, 1.0, 1.0]), [255, 128, 0, 255], "no blue or alpha in RG");
        glDeleteFramebuffers(1, &fbo);
    }
}

#[test]
fn texture_gather_offsets_reads_four_offset_texels() {
    let _ctx = context();
    unsafe {
        // An 8x8 red texture whose texel (x, y) holds 8y + x.
        let tex = new_texture(GL_TEXTURE_2D);
        let texels: Vec<u8> = (0..64).collect();
        glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_R8 as GLint, 8, 8, 0, GL_RED, GL_UNSIGNED_BYTE, texels.as_ptr().cast());
        let target = new_texture(GL_TEXTURE_2D);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F as GLint, 1, 1, 0, GL_RGBA, GL_FLOAT, std::ptr::null());
        let fbo = new_framebuffer();
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, target, 0);
        glBindTexture(GL_TEXTURE_2D, tex);
        let program = linked_program(&[
            (GL_VERTEX_SHADER, "#version 150\nin vec2 pos;\nvoid main() { gl_Position = vec4(pos, 0.0, 1.0); }\n"),
            (
                GL_FRAGMENT_SHADER,
                "#version 400\nuniform sampler2D s;\nout vec4 c;\nconst ivec2 o[4] = ivec2[4](ivec2(0, 0), ivec2(1, 0), ivec2(0, 1), ivec2(-1, -1));\nvoid main() { c = textureGatherOffsets(s, vec2(3.0, 3.0) / 8.0, o) * 255.0; }\n",
            ),
        ]);
        glUseProgram(program);
        glViewport(0, 0, 1, 1);
        let points: [[f32; 2]; 3] = [[-1.0, -1.0], [3.0, -1.0], [-1.0, 3.0]];
        let (mut vao, mut vbo) = (0, 0);
        glGenVertexArrays(1, &mut vao);
        glBindVertexArray(vao);
        glGenBuffers(1, &mut vbo);
        glBindBuffer(GL_ARRAY_BUFFER, vbo);
        glBufferData(GL_ARRAY_BUFFER, std::mem::size_of_val(&points) as isize, points.as_ptr().cast(), GL_STATIC_DRAW);
        glVertexAttribPointer(0, 2, GL_FLOAT, 0, 0, std::ptr::null());
        glEnableVertexAttribArray(0);
        glDrawArrays(GL_TRIANGLES, 0, 3);
        assert_eq!(glGetError(), GL_NO_ERROR);
        let mut px = [0f32; 4];
        glReadPixels(0, 0, 1, 1, GL_RGBA, GL_FLOAT, px.as_mut_ptr().cast());
        // (3/8, 3/8) is the corner shared by texels (2..3, 2..3): component i is texel
        // (i0, j0) of the footprint moved by o[i], that is texel (2, 2) + o[i].
        let at = |x: i32, y: i32| (8 * y + x) as f32;
        assert_eq!(px.map(f32::round), [at(2, 2), at(3, 2), at(2, 3), at(1, 1)], "{px:?}");
        glDeleteFramebuffers(1, &fbo);
    }
}
