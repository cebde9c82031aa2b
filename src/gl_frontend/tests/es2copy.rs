//! glCopyImageSubData (texels read back after copies between targets, renderbuffers and
//! rendered textures; the specification's errors) and GL_ARB_ES2_compatibility (precision
//! formats, shader binaries, GL_FIXED vertex arrays).

mod common;

use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::*;

/// RGBA8 texels whose bytes tell where they came from: (layer * 16 + y * 4 + x, layer, 7, 255).
fn numbered_texels(width: u32, height: u32, layers: u32) -> Vec<u8> {
    let mut out = Vec::new();
    for l in 0..layers {
        for y in 0..height {
            for x in 0..width {
                out.extend([(l * 16 + y * 4 + x) as u8, l as u8, 7, 255]);
            }
        }
    }
    out
}

/// A new texture of `target` with RGBA8 level 0 (`depth` slices or layers) from `texels`.
fn texture_with(target: GLenum, size: [i32; 3], texels: &[u8]) -> GLuint {
    let mut tex = 0;
    unsafe {
        glGenTextures(1, &mut tex);
        glBindTexture(target, tex);
        let p = texels.as_ptr().cast();
        match target {
            GL_TEXTURE_2D | GL_TEXTURE_RECTANGLE => glTexImage2D(target, 0, GL_RGBA8 as GLint, size[0], size[1], 0, GL_RGBA, GL_UNSIGNED_BYTE, p),
            GL_TEXTURE_CUBE_MAP => {
                let face_bytes = (size[0] * size[1] * 4) as usize;
                for face in 0..6 {
                    let p = texels[face * face_bytes..].as_ptr().cast();
                    glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + face as GLenum, 0, GL_RGBA8 as GLint, size[0], size[1], 0, GL_RGBA, GL_UNSIGNED_BYTE, p);
                }
            }
            _ => glTexImage3D(target, 0, GL_RGBA8 as GLint, size[0], size[1], size[2], 0, GL_RGBA, GL_UNSIGNED_BYTE, p),
        }
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
    tex
}

/// Level 0 of image `target` (a texture target or cube face) of the texture bound to
/// `binding`, as RGBA8.
fn texels_of(binding: GLenum, name: GLuint, target: GLenum, texels: usize) -> Vec<u8> {
    let mut out = vec![0u8; texels * 4];
    unsafe {
        glBindTexture(binding, name);
        glGetTexImage(target, 0, GL_RGBA, GL_UNSIGNED_BYTE, out.as_mut_ptr().cast());
    }
    out
}

fn texel(data: &[u8], width: usize, x: usize, y: usize) -> [u8; 4] {
    let i = (y * width + x) * 4;
    [data[i], data[i + 1], data[i + 2], data[i + 3]]
}

#[test]
fn copies_a_region_between_2d_textures() {
    let _ctx = current_compat_context();
    let src = texture_with(GL_TEXTURE_2D, [4, 4, 1], &numbered_texels(4, 4, 1));
    let dst = texture_with(GL_TEXTURE_2D, [4, 4, 1], &[0u8; 64]);
    unsafe { glCopyImageSubData(src, GL_TEXTURE_2D, 0, 1, 1, 0, dst, GL_TEXTURE_2D, 0, 0, 2, 0, 2, 2, 1) };
    assert_eq!(error(), GL_NO_ERROR);
    let out = texels_of(GL_TEXTURE_2D, dst, GL_TEXTURE_2D, 16);
    assert_eq!(texel(&out, 4, 0, 2), [5, 0, 7, 255], "source (1, 1) lands at (0, 2)");
    assert_eq!(texel(&out, 4, 1, 3), [10, 0, 7, 255], "source (2, 2) lands at (1, 3)");
    assert_eq!(texel(&out, 4, 2, 2), [0; 4], "outside the region stays as it was");
    assert_eq!(texel(&out, 4, 0, 0), [0; 4]);
}

#[test]
fn slices_map_to_cube_faces_and_array_layers() {
    let _ctx = current_compat_context();
    let array = texture_with(GL_TEXTURE_2D_ARRAY, [4, 4, 3], &numbered_texels(4, 4, 3));
    let cube = texture_with(GL_TEXTURE_CUBE_MAP, [4, 4, 6], &[0u8; 4 * 4 * 4 * 6]);
    // Layers 1 and 2 of the array become faces 3 (-Y) and 4 (+Z).
    unsafe { glCopyImageSubData(array, GL_TEXTURE_2D_ARRAY, 0, 0, 0, 1, cube, GL_TEXTURE_CUBE_MAP, 0, 0, 0, 3, 4, 4, 2) };
    assert_eq!(error(), GL_NO_ERROR);
    let neg_y = texels_of(GL_TEXTURE_CUBE_MAP, cube, GL_TEXTURE_CUBE_MAP_NEGATIVE_Y, 16);
    let pos_z = texels_of(GL_TEXTURE_CUBE_MAP, cube, GL_TEXTURE_CUBE_MAP_POSITIVE_Z, 16);
    let pos_y = texels_of(GL_TEXTURE_CUBE_MAP, cube, GL_TEXTURE_CUBE_MAP_POSITIVE_Y, 16);
    assert_eq!(texel(&neg_y, 4, 3, 2), [16 + 11, 1, 7, 255]);
    assert_eq!(texel(&pos_z, 4, 3, 2), [32 + 11, 2, 7, 255]);
    assert_eq!(texel(&pos_y, 4, 3, 2), [0; 4], "face 2 is untouched");
}

#[test]
fn copies_through_a_renderbuffer_and_from_rendered_contents() {
    let _ctx = current_compat_context();
    let src = texture_with(GL_TEXTURE_2D, [4, 4, 1], &numbered_texels(4, 4, 1));
    let mut rb = 0;
    unsafe {
        glGenRenderbuffers(1, &mut rb);
        glBindRenderbuffer(GL_RENDERBUFFER, rb);
        glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 4, 4);
        glCopyImageSubData(src, GL_TEXTURE_2D, 0, 0, 0, 0, rb, GL_RENDERBUFFER, 0, 0, 0, 0, 4, 4, 1);
        assert_eq!(glGetError(), GL_NO_ERROR);
        // What the renderbuffer holds, read through a framebuffer.
        new_framebuffer();
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
        assert_eq!(pixel(2, 3), [14, 0, 7, 255]);
        // Rendered contents (a clear of the renderbuffer's left half) copy back out.
        glEnable(GL_SCISSOR_TEST);
        glScissor(0, 0, 2, 4);
        glClearColor(1.0, 0.0, 0.0, 1.0);
        glClear(GL_COLOR_BUFFER_BIT);
        glDisable(GL_SCISSOR_TEST);
    }
    let dst = texture_with(GL_TEXTURE_2D, [4, 4, 1], &[0u8; 64]);
    unsafe { glCopyImageSubData(rb, GL_RENDERBUFFER, 0, 0, 0, 0, dst, GL_TEXTURE_2D, 0, 0, 0, 0, 4, 4, 1) };
    assert_eq!(error(), GL_NO_ERROR);
    let out = texels_of(GL_TEXTURE_2D, dst, GL_TEXTURE_2D, 16);
    assert_eq!(texel(&out, 4, 1, 1), [255, 0, 0, 255], "the cleared half");
    assert_eq!(texel(&out, 4, 3, 1), [7, 0, 7, 255], "the copied half");
}

#[test]
fn reinterprets_texels_of_one_view_class() {
    let _ctx = current_compat_context();
    let src = texture_with(GL_TEXTURE_2D, [1, 1, 1], &[0x00, 0x00, 0x80, 0x3f]);
    let mut dst = 0;
    unsafe {
        glGenTextures(1, &mut dst);
        glBindTexture(GL_TEXTURE_2D, dst);
        glTexStorage2D(GL_TEXTURE_2D, 1, GL_R32F, 1, 1);
        glCopyImageSubData(src, GL_TEXTURE_2D, 0, 0, 0, 0, dst, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1);
        assert_eq!(glGetError(), GL_NO_ERROR);
        let mut red = 0.0f32;
        glGetTexImage(GL_TEXTURE_2D, 0, GL_RED, GL_FLOAT, (&mut red as *mut f32).cast());
        assert_eq!(red, 1.0, "the bytes of RGBA8 (0, 0, 0x80, 0x3f) are float 1.0");
    }
}

#[test]
fn reports_the_specified_errors() {
    let _ctx = current_compat_context();
    let a = texture_with(GL_TEXTURE_2D, [8, 8, 1], &[0u8; 256]);
    let b = texture_with(GL_TEXTURE_2D, [8, 8, 1], &[0u8; 256]);
    let copy = |src: GLuint, st: GLenum, sl: GLint, dst: GLuint, dt: GLenum, at: [GLint; 3], size: [GLsizei; 3]| unsafe {
        glCopyImageSubData(src, st, sl, 0, 0, 0, dst, dt, 0, at[0], at[1], at[2], size[0], size[1], size[2]);
        glGetError()
    };
    assert_eq!(copy(a, GL_TEXTURE_CUBE_MAP_POSITIVE_X, 0, b, GL_TEXTURE_2D, [0; 3], [1, 1, 1]), GL_INVALID_ENUM, "a cube face");
    assert_eq!(copy(a, GL_TEXTURE_BUFFER, 0, b, GL_TEXTURE_2D, [0; 3], [1, 1, 1]), GL_INVALID_ENUM, "a buffer texture");
    assert_eq!(copy(a, GL_TEXTURE_3D, 0, b, GL_TEXTURE_2D, [0; 3], [1, 1, 1]), GL_INVALID_ENUM, "not the object's target");
    assert_eq!(copy(4523, GL_TEXTURE_2D, 0, b, GL_TEXTURE_2D, [0; 3], [1, 1, 1]), GL_INVALID_VALUE, "no such name");
    let mut unbound = 0;
    unsafe { glGenTextures(1, &mut unbound) };
    assert_eq!(copy(unbound, GL_TEXTURE_2D, 0, b, GL_TEXTURE_2D, [0; 3], [1, 1, 1]), GL_INVALID_OPERATION, "no storage");
    assert_eq!(copy(a, GL_TEXTURE_2D, 5, b, GL_TEXTURE_2D, [0; 3], [1, 1, 1]), GL_INVALID_VALUE, "no such level");
    assert_eq!(copy(a, GL_TEXTURE_2D, 0, b, GL_TEXTURE_2D, [4, 0, 0], [5, 1, 1]), GL_INVALID_VALUE, "past the destination's edge");
    assert_eq!(copy(a, GL_TEXTURE_2D, 0, b, GL_TEXTURE_2D, [0; 3], [1, 1, 2]), GL_INVALID_VALUE, "a second slice of a 2D texture");
    let mut wide = 0;
    unsafe {
        glGenTextures(1, &mut wide);
        glBindTexture(GL_TEXTURE_2D, wide);
        glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA16F, 8, 8);
    }
    assert_eq!(copy(a, GL_TEXTURE_2D, 0, wide, GL_TEXTURE_2D, [0; 3], [1, 1, 1]), GL_INVALID_OPERATION, "texel sizes differ");
    assert_eq!(copy(a, GL_TEXTURE_2D, 0, b, GL_TEXTURE_2D, [0; 3], [8, 8, 1]), GL_NO_ERROR);
}

#[test]
fn every_precision_is_ieee_single_or_int32() {
    let _ctx = current_compat_context();
    let query = |shader: GLenum, precision: GLenum| unsafe {
        let (mut range, mut bits) = ([-1; 2], -1);
        glGetShaderPrecisionFormat(shader, precision, range.as_mut_ptr(), &mut bits);
        (range, bits, glGetError())
    };
    for shader in [GL_VERTEX_SHADER, GL_FRAGMENT_SHADER] {
        for p in [GL_LOW_FLOAT, GL_MEDIUM_FLOAT, GL_HIGH_FLOAT] {
            assert_eq!(query(shader, p), ([127, 127], 23, GL_NO_ERROR));
        }
        for p in [GL_LOW_INT, GL_MEDIUM_INT, GL_HIGH_INT] {
            assert_eq!(query(shader, p), ([31, 30], 0, GL_NO_ERROR));
        }
    }
    assert_eq!(query(GL_GEOMETRY_SHADER, GL_HIGH_FLOAT).2, GL_INVALID_ENUM);
    assert_eq!(query(GL_VERTEX_SHADER, GL_FLOAT).2, GL_INVALID_ENUM);
}

#[test]
fn spir_v_is_the_one_shader_binary_format_taken() {
    let _ctx = current_compat_context();
    // GL_ARB_gl_spirv's format is the only one (this context offers the extension).
    assert_eq!(get_int(GL_NUM_SHADER_BINARY_FORMATS), 1);
    assert!(get_int(GL_SHADER_COMPILER) != 0);
    let mut formats = [-7; 4];
    unsafe { glGetIntegerv(GL_SHADER_BINARY_FORMATS, formats.as_mut_ptr()) };
    assert_eq!((formats, error()), ([GL_SHADER_BINARY_FORMAT_SPIR_V as i32, -7, -7, -7], GL_NO_ERROR), "one format written");
    let shader = unsafe { glCreateShader(GL_VERTEX_SHADER) };
    unsafe {
        glShaderBinary(1, &shader, 0x1234, [0u8; 4].as_ptr().cast(), 4);
        assert_eq!(glGetError(), GL_INVALID_ENUM);
        glShaderBinary(-1, &shader, 0x1234, [0u8; 4].as_ptr().cast(), 4);
        assert_eq!(glGetError(), GL_INVALID_VALUE);
        glReleaseShaderCompiler();
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
    assert!(get_int(GL_MAX_VARYING_VECTORS) >= 8);
    assert!(get_int(GL_MAX_VERTEX_UNIFORM_VECTORS) >= 128);
    assert!(get_int(GL_MAX_FRAGMENT_UNIFORM_VECTORS) >= 16);
}

#[test]
fn fixed_point_attributes_are_fetched_as_16_16() {
    let _ctx = current_compat_context();
    let program = linked_program(&[
        (GL_VERTEX_SHADER, "attribute vec2 position; attribute vec4 color; varying vec4 c; void main() { c = color; gl_Position = vec4(position, 0.0, 1.0); }"),
        (GL_FRAGMENT_SHADER, "varying vec4 c; void main() { gl_FragColor = c; }"),
    ]);
    const ONE: i32 = 1 << 16;
    // A full-window strip from a buffer; one colour from a client array (stride 0 between
    // vertices is tight, so every vertex gets its own copy).
    let positions: [i32; 8] = [-ONE, -ONE, ONE, -ONE, -ONE, ONE, ONE, ONE];
    let colors: [i32; 16] = [ONE / 4, ONE / 2, 3 * ONE / 4, ONE].repeat(4).try_into().expect("16 words");
    unsafe {
        glUseProgram(program);
        let position = glGetAttribLocation(program, c"position".as_ptr()) as GLuint;
        let color = glGetAttribLocation(program, c"color".as_ptr()) as GLuint;
        let mut vbo = 0;
        glGenBuffers(1, &mut vbo);
        glBindBuffer(GL_ARRAY_BUFFER, vbo);
        glBufferData(GL_ARRAY_BUFFER, std::mem::size_of_val(&positions) as GLsizeiptr, positions.as_ptr().cast(), GL_STATIC_DRAW);
        glVertexAttribPointer(position, 2, GL_FIXED, 0, 0, std::ptr::null());
        glEnableVertexAttribArray(position);
        glBindBuffer(GL_ARRAY_BUFFER, 0);
        glVertexAttribPointer(color, 4, GL_FIXED, 0, 0, colors.as_ptr().cast());
        glEnableVertexAttribArray(color);
        assert_eq!(glGetError(), GL_NO_ERROR);
        glClearColor(0.0, 0.0, 0.0, 0.0);
        glClear(GL_COLOR_BUFFER_BIT);
        glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
    let [r, g, b, a] = pixel(32, 16);
    for (got, want) in [(r, 64), (g, 128), (b, 191), (a, 255)] {
        assert!(got.abs_diff(want) <= 1, "pixel {:?} is (0.25, 0.5, 0.75, 1.0)", [r, g, b, a]);
    }
}
