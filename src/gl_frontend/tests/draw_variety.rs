//! Indirect draws (ARB_draw_indirect, ARB_multi_draw_indirect, ARB_indirect_parameters),
//! base instances, primitive restart at an application index, and integer current
//! attribute values, read back as pixels, errors and query values in a 4.6 core context.

mod common;

use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::*;
use gl_frontend::Profile;

const VERTEX: &str = "#version 460 core
layout(location = 0) in vec2 pos;
layout(location = 1) in ivec4 tag;
flat out ivec4 v_tag;
void main() { gl_Position = vec4(pos, 0.0, 1.0); v_tag = tag; }
";
const FRAGMENT: &str = "#version 460 core
flat in ivec4 v_tag;
out vec4 color;
void main() { color = v_tag == ivec4(1, -2, 3, 4) ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0); }
";

/// Four quads side by side across the 64x32 window, as triangle strips of 4 vertices:
/// quad `q` covers x in [16q, 16q + 16).
fn quad_vertices() -> Vec<f32> {
    let mut v = Vec::new();
    for q in 0..4 {
        let left = -1.0 + 0.5 * q as f32;
        let right = left + 0.5;
        v.extend_from_slice(&[left, -1.0, right, -1.0, left, 1.0, right, 1.0]);
    }
    v
}

/// A 4.6 core context with the quads in attribute 0, an integer current value in
/// attribute 1 (its array disabled), the program bound and the window cleared to black.
fn setup() -> std::sync::Arc<gl_frontend::Context> {
    let ctx = current_context_with_override(4, 6, Profile::Core);
    let program = linked_program(&[(GL_VERTEX_SHADER, VERTEX), (GL_FRAGMENT_SHADER, FRAGMENT)]);
    let vertices = quad_vertices();
    unsafe {
        glUseProgram(program);
        bound_vertex_array(&vertices, 2);
        glVertexAttribI4i(1, 1, -2, 3, 4);
        glClearColor(0.0, 0.0, 0.0, 1.0);
        glClear(GL_COLOR_BUFFER_BIT);
    }
    ctx
}

/// Which of the four quads are drawn (green), read at their centres.
fn quads_drawn() -> [bool; 4] {
    [0, 1, 2, 3].map(|q| {
        let p = pixel(16 * q + 8, 16);
        assert!(p == [0, 255, 0, 255] || p == [0, 0, 0, 255], "quad {q} is green or untouched: {p:?}");
        p[1] == 255
    })
}

fn buffer(target: GLenum, words: &[u32]) -> GLuint {
    let mut b = 0;
    unsafe {
        glGenBuffers(1, &mut b);
        glBindBuffer(target, b);
        glBufferData(target, (words.len() * 4) as GLsizeiptr, words.as_ptr().cast(), GL_STATIC_DRAW);
    }
    b
}

#[test]
fn integer_current_values_reach_integer_inputs_and_queries() {
    let _ctx = setup();
    unsafe {
        glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
        let mut v = [0i32; 4];
        glGetVertexAttribIiv(1, GL_CURRENT_VERTEX_ATTRIB, v.as_mut_ptr());
        assert_eq!(v, [1, -2, 3, 4]);
        let mut u = [0u32; 4];
        glVertexAttribI2ui(2, 7, 0xFFFF_FFFF);
        glGetVertexAttribIuiv(2, GL_CURRENT_VERTEX_ATTRIB, u.as_mut_ptr());
        assert_eq!(u, [7, 0xFFFF_FFFF, 0, 1]);
        let mut f = [0.0f32; 4];
        glVertexAttrib3f(3, 0.5, 1.5, 2.5);
        glGetVertexAttribfv(3, GL_CURRENT_VERTEX_ATTRIB, f.as_mut_ptr());
        assert_eq!(f, [0.5, 1.5, 2.5, 1.0]);
    }
    assert_eq!(error(), GL_NO_ERROR);
    assert_eq!(quads_drawn(), [true, false, false, false]);
}

#[test]
fn indirect_draws_read_their_commands_from_the_buffer() {
    let _ctx = setup();
    unsafe {
        // count, instanceCount, first, baseInstance: quad 2.
        let commands = buffer(GL_DRAW_INDIRECT_BUFFER, &[4, 1, 8, 0, 4, 1, 12, 0]);
        assert_eq!(get_int(GL_DRAW_INDIRECT_BUFFER_BINDING), commands as i32);
        glDrawArraysIndirect(GL_TRIANGLE_STRIP, std::ptr::null());
        assert_eq!(error(), GL_NO_ERROR);
        assert_eq!(quads_drawn(), [false, false, true, false]);

        // Misaligned, past the end, and without a buffer.
        glDrawArraysIndirect(GL_TRIANGLE_STRIP, 2 as *const c_void);
        assert_eq!(error(), GL_INVALID_VALUE);
        glDrawArraysIndirect(GL_TRIANGLE_STRIP, 20 as *const c_void);
        assert_eq!(error(), GL_INVALID_OPERATION);
        glBindBuffer(GL_DRAW_INDIRECT_BUFFER, 0);
        glDrawArraysIndirect(GL_TRIANGLE_STRIP, std::ptr::null());
        assert_eq!(error(), GL_INVALID_OPERATION);
        assert_eq!(quads_drawn(), [false, false, true, false], "erroneous draws draw nothing");
    }
}

#[test]
fn multi_draw_elements_indirect_applies_first_index_and_base_vertex() {
    let _ctx = setup();
    unsafe {
        // Indices of one quad; each command picks its quad by base vertex.
        let indices: [u16; 4] = [0, 1, 2, 3];
        let mut ibo = 0;
        glGenBuffers(1, &mut ibo);
        glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ibo);
        glBufferData(GL_ELEMENT_ARRAY_BUFFER, 8, indices.as_ptr().cast(), GL_STATIC_DRAW);
        // count, instanceCount, firstIndex, baseVertex, baseInstance; a 24-byte stride.
        buffer(GL_DRAW_INDIRECT_BUFFER, &[4, 1, 0, 4, 0, 0, 4, 1, 0, 12, 0, 0]);
        glMultiDrawElementsIndirect(GL_TRIANGLE_STRIP, GL_UNSIGNED_SHORT, std::ptr::null(), 2, 24);
        assert_eq!(error(), GL_NO_ERROR);
        assert_eq!(quads_drawn(), [false, true, false, true]);

        // The count form draws the smaller of its parameter and the maximum.
        glClear(GL_COLOR_BUFFER_BIT);
        let parameters = buffer(GL_PARAMETER_BUFFER, &[0, 1]);
        assert_eq!(get_int(GL_PARAMETER_BUFFER_BINDING), parameters as i32);
        glMultiDrawElementsIndirectCount(GL_TRIANGLE_STRIP, GL_UNSIGNED_SHORT, std::ptr::null(), 4, 2, 24);
        assert_eq!(error(), GL_NO_ERROR);
        assert_eq!(quads_drawn(), [false, true, false, false]);
        glMultiDrawElementsIndirectCount(GL_TRIANGLE_STRIP, GL_UNSIGNED_SHORT, std::ptr::null(), 2, 2, 24);
        assert_eq!(error(), GL_INVALID_VALUE, "the parameter offset is a multiple of 4");
    }
}

#[test]
fn primitive_restart_at_an_application_index_splits_strips() {
    let _ctx = setup();
    unsafe {
        // Quad 0's strip, the restart index, quad 2's strip: without the restart the
        // strip would join them across quad 1.
        let indices: [u16; 9] = [0, 1, 2, 3, 100, 8, 9, 10, 11];
        let mut ibo = 0;
        glGenBuffers(1, &mut ibo);
        glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ibo);
        glBufferData(GL_ELEMENT_ARRAY_BUFFER, 18, indices.as_ptr().cast(), GL_STATIC_DRAW);
        glEnable(GL_PRIMITIVE_RESTART);
        glPrimitiveRestartIndex(100);
        assert_eq!(get_int(GL_PRIMITIVE_RESTART_INDEX), 100);
        glDrawElements(GL_TRIANGLE_STRIP, 9, GL_UNSIGNED_SHORT, std::ptr::null());
        assert_eq!(error(), GL_NO_ERROR);
        assert_eq!(quads_drawn(), [true, false, true, false]);

        // The type's largest value restarts only when it is the restart index.
        let largest: [u16; 9] = [0, 1, 2, 3, 0xFFFF, 8, 9, 10, 11];
        glBufferData(GL_ELEMENT_ARRAY_BUFFER, 18, largest.as_ptr().cast(), GL_STATIC_DRAW);
        glPrimitiveRestartIndex(0xFFFF);
        glClear(GL_COLOR_BUFFER_BIT);
        glDrawElements(GL_TRIANGLE_STRIP, 9, GL_UNSIGNED_SHORT, std::ptr::null());
        assert_eq!(quads_drawn(), [true, false, true, false]);
    }
    assert_eq!(error(), GL_NO_ERROR);
}
