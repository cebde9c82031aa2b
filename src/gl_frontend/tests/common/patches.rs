//! Shared by the tessellation tests, native and emulated: the quad-domain stages over
//! four control points, and patches drawn from 2D corners.

use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::*;

/// Hands `pos` on to the control stage as `v_pos`.
pub const VS: &str = "#version 400
in vec2 pos;
out vec2 v_pos;
void main() { v_pos = pos; gl_Position = vec4(pos, 0.0, 1.0); }";

/// The quad domain over the four control points (bilinear), cyan for a 4-vertex patch.
pub const QUAD_TES: &str = "#version 400
layout(quads, equal_spacing, ccw) in;
in vec2 c_pos[];
out vec4 color;
void main() {
    vec2 bottom = mix(c_pos[0], c_pos[1], gl_TessCoord.x);
    vec2 top = mix(c_pos[2], c_pos[3], gl_TessCoord.x);
    gl_Position = vec4(mix(bottom, top, gl_TessCoord.y), 0.0, 1.0);
    color = vec4(0.0, 1.0, float(gl_PatchVerticesIn) / 4.0, 1.0);
}";

/// Draws the evaluation stage's `color`.
pub const FS: &str = "#version 400
in vec4 color;
out vec4 frag;
void main() { frag = color; }";

/// The window's corners as one 4-vertex patch, in the order QUAD_TES expects.
pub const WINDOW_QUAD: [f32; 8] = [-1.0, -1.0, 1.0, -1.0, -1.0, 1.0, 1.0, 1.0];

/// Binds `corners` (vec2 each) as `pos` of `program`, clears to blue and draws them as
/// patches of `per_patch` vertices.
pub fn draw_patches(program: GLuint, corners: &[f32], per_patch: i32) {
    unsafe {
        let mut vao = 0;
        glGenVertexArrays(1, &mut vao);
        glBindVertexArray(vao);
        let mut vbo = 0;
        glGenBuffers(1, &mut vbo);
        glBindBuffer(GL_ARRAY_BUFFER, vbo);
        glBufferData(GL_ARRAY_BUFFER, std::mem::size_of_val(corners) as GLsizeiptr, corners.as_ptr().cast(), GL_STATIC_DRAW);
        let pos = glGetAttribLocation(program, c"pos".as_ptr());
        glVertexAttribPointer(pos as GLuint, 2, GL_FLOAT, 0, 0, std::ptr::null());
        glEnableVertexAttribArray(pos as GLuint);
        glClearColor(0.0, 0.0, 1.0, 1.0);
        glClear(GL_COLOR_BUFFER_BIT);
        glUseProgram(program);
        glPatchParameteri(GL_PATCH_VERTICES, per_patch);
        glDrawArrays(GL_PATCHES, 0, (corners.len() / 2) as GLsizei);
    }
}
