//! Transform feedback test helpers: a capturing program over a vertex array of points,
//! capture buffers, and reading them back.

use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::*;

/// A program of the compiled vertex shader `vs` capturing `names` in `mode`, linked, and
/// whether it linked.
pub fn program_with_varyings(vs: GLuint, names: &[&str], mode: GLenum) -> (GLuint, bool) {
    let cnames: Vec<std::ffi::CString> = names.iter().map(|n| std::ffi::CString::new(*n).unwrap()).collect();
    let ptrs: Vec<*const GLchar> = cnames.iter().map(|c| c.as_ptr()).collect();
    unsafe {
        let p = glCreateProgram();
        glAttachShader(p, vs);
        glTransformFeedbackVaryings(p, ptrs.len() as GLsizei, ptrs.as_ptr(), mode);
        glLinkProgram(p);
        let mut linked = 0;
        glGetProgramiv(p, GL_LINK_STATUS, &mut linked);
        (p, linked == 1)
    }
}

/// A program of `vertex` capturing `names` in `mode`, linked (asserted) and current, with
/// a vertex array of `points` vec4s (x = 1, 2, 3, ...) in attribute 0 bound, and
/// rasterisation discarded.
pub fn capture_program(vertex: &str, names: &[&str], mode: GLenum, points: usize) -> GLuint {
    let vs = super::compiled_shader(GL_VERTEX_SHADER, vertex);
    let (p, linked) = program_with_varyings(vs, names, mode);
    assert!(linked, "the capturing program links");
    unsafe {
        glUseProgram(p);
        let data: Vec<f32> = (0..points).flat_map(|i| [i as f32 + 1.0, 0.5, 0.0, 1.0]).collect();
        super::bound_vertex_array(&data, 4);
        glEnable(GL_RASTERIZER_DISCARD);
        p
    }
}

/// A buffer of `words` 32-bit words, all -1, bound to transform feedback binding `index`.
pub fn capture_buffer(index: GLuint, words: usize) -> GLuint {
    let fill = vec![-1.0f32; words];
    unsafe {
        let mut b = 0;
        glGenBuffers(1, &mut b);
        glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, b);
        glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, (words * 4) as isize, fill.as_ptr().cast(), GL_STREAM_READ);
        glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, index, b);
        b
    }
}

/// The first `words` 32-bit words of `buffer`, as floats.
pub fn read_words(buffer: GLuint, words: usize) -> Vec<f32> {
    let mut out = vec![0f32; words];
    unsafe {
        glBindBuffer(GL_COPY_READ_BUFFER, buffer);
        glGetBufferSubData(GL_COPY_READ_BUFFER, 0, (words * 4) as isize, out.as_mut_ptr().cast());
    }
    out
}
