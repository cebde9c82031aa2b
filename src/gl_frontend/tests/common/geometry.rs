//! Shared by the geometry shader tests, native and emulated: a pass-through vertex
//! shader, the fragment shader drawing `g_color`, and 2D points at attribute 0.

use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::*;

use super::compiled_shader;

/// Hands `pos` on as gl_Position with a green `v_color`.
pub const VS: &str = "#version 150
in vec2 pos;
out vec4 v_color;
void main() { v_color = vec4(0.0, 1.0, 0.0, 1.0); gl_Position = vec4(pos, 0.0, 1.0); }";

/// Draws the geometry shader's `g_color`.
pub const FS: &str = "#version 150
in vec4 g_color;
out vec4 color;
void main() { color = g_color; }";

/// Links `vs`, `gs` and `fs` with `pos` at attribute 0 and uses the program, asserting
/// the link with its info log.
pub fn use_geometry_program(vs: &str, gs: &str, fs: &str) -> GLuint {
    unsafe {
        let p = glCreateProgram();
        glAttachShader(p, compiled_shader(GL_VERTEX_SHADER, vs));
        glAttachShader(p, compiled_shader(GL_GEOMETRY_SHADER, gs));
        glAttachShader(p, compiled_shader(GL_FRAGMENT_SHADER, fs));
        glBindAttribLocation(p, 0, c"pos".as_ptr());
        glLinkProgram(p);
        let mut ok = 0;
        glGetProgramiv(p, GL_LINK_STATUS, &mut ok);
        let mut log = vec![0u8; 4096];
        let mut len = 0;
        glGetProgramInfoLog(p, 4096, &mut len, log.as_mut_ptr().cast());
        assert_eq!(ok, 1, "{}", String::from_utf8_lossy(&log[..len as usize]));
        glUseProgram(p);
        p
    }
}

/// Puts `positions` (2D) in a buffer read by attribute 0 and clears to black.
pub fn positions_and_clear(positions: &[f32]) {
    unsafe {
        let mut vbo = 0;
        glGenBuffers(1, &mut vbo);
        glBindBuffer(GL_ARRAY_BUFFER, vbo);
        glBufferData(GL_ARRAY_BUFFER, std::mem::size_of_val(positions) as GLsizeiptr, positions.as_ptr().cast(), GL_STATIC_DRAW);
        glVertexAttribPointer(0, 2, GL_FLOAT, 0, 0, std::ptr::null());
        glEnableVertexAttribArray(0);
        glClearColor(0.0, 0.0, 0.0, 1.0);
        glClear(GL_COLOR_BUFFER_BIT);
    }
}

/// Clears to black and draws `positions` (2D, attribute 0) as `mode`.
pub fn clear_and_draw(positions: &[f32], mode: GLenum) {
    positions_and_clear(positions);
    unsafe { glDrawArrays(mode, 0, positions.len() as GLsizei / 2) };
}
