//! Separate vertex attribute formats and buffer bindings (ARB_vertex_attrib_binding,
//! GL 4.3) and their named forms (GL 4.5): draws read back as pixels, the binding state
//! through glGet, and the errors, in a 4.6 core context.

mod common;

use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::*;
use gl_frontend::Profile;

const VERTEX: &str = "#version 460 core
layout(location = 0) in vec2 pos;
layout(location = 1) in vec4 color;
layout(location = 2) in float shift;
out vec4 v_color;
void main() { gl_Position = vec4(pos.x + shift, pos.y, 0.0, 1.0); v_color = color; }
";
const FRAGMENT: &str = "#version 460 core
in vec4 v_color;
out vec4 frag;
void main() { frag = v_color; }
";

fn context() -> std::sync::Arc<gl_frontend::Context> {
    current_context_with_override(4, 6, Profile::Core)
}

fn buffer_with(bytes: &[u8]) -> GLuint {
    let mut vbo = 0;
    unsafe {
        glGenBuffers(1, &mut vbo);
        glBindBuffer(GL_COPY_WRITE_BUFFER, vbo);
        glBufferData(GL_COPY_WRITE_BUFFER, bytes.len() as GLsizeiptr, bytes.as_ptr().cast(), GL_STATIC_DRAW);
    }
    vbo
}

/// The left-half quad (x in [-1, 0]) as a triangle strip of vec2 positions.
fn left_quad() -> Vec<u8> {
    [-1.0f32, -1.0, 0.0, -1.0, -1.0, 1.0, 0.0, 1.0].iter().flat_map(|f| f.to_ne_bytes()).collect()
}

/// Per-instance records of 8 bytes: a float shift, then an RGBA8 colour.
fn instance_records() -> Vec<u8> {
    let mut bytes = Vec::new();
    for (shift, color) in [(0.0f32, [255u8, 0, 0, 255]), (1.0, [0, 255, 0, 255])] {
        bytes.extend(shift.to_ne_bytes());
        bytes.extend(color);
    }
    bytes
}

fn binding_value(pname: GLenum, index: GLuint) -> i64 {
    let mut v = -99i64;
    unsafe { glGetInteger64i_v(pname, index, &mut v) };
    v
}

fn attrib(index: GLuint, pname: GLenum) -> i32 {
    let mut v = -99;
    unsafe { glGetVertexAttribiv(index, pname, &mut v) };
    v
}

/// Positions from binding 0; shift and colour from one per-instance binding they share,
/// at relative offsets 0 and 4.
fn set_up_shared_binding(positions: GLuint, instances: GLuint) {
    unsafe {
        glVertexAttribFormat(0, 2, GL_FLOAT, 0, 0);
        glVertexAttribBinding(0, 0);
        glBindVertexBuffer(0, positions, 0, 8);
        glVertexAttribFormat(2, 1, GL_FLOAT, 0, 0);
        glVertexAttribFormat(1, 4, GL_UNSIGNED_BYTE, 1, 4);
        glVertexAttribBinding(2, 3);
        glVertexAttribBinding(1, 3);
        glVertexBindingDivisor(3, 1);
        glBindVertexBuffer(3, instances, 0, 8);
        for i in 0..3 {
            glEnableVertexAttribArray(i);
        }
    }
}

/// The drawing program and its two buffers: left-quad positions and per-instance records.
struct Scene {
    program: GLuint,
    positions: GLuint,
    instances: GLuint,
}

impl Scene {
    fn new() -> Self {
        let program = linked_program(&[(GL_VERTEX_SHADER, VERTEX), (GL_FRAGMENT_SHADER, FRAGMENT)]);
        Scene { program, positions: buffer_with(&left_quad()), instances: buffer_with(&instance_records()) }
    }

    /// Uses the program and binds a new vertex array object set up by `set_up_shared_binding`.
    fn bind_shared_binding_vertex_array(&self) {
        unsafe {
            glUseProgram(self.program);
            let mut vao = 0;
            glGenVertexArrays(1, &mut vao);
            glBindVertexArray(vao);
        }
        set_up_shared_binding(self.positions, self.instances);
    }
}

fn clear_to_blue() {
    unsafe {
        glClearColor(0.0, 0.0, 1.0, 1.0);
        glClear(GL_COLOR_BUFFER_BIT);
    }
}

#[test]
fn attributes_sharing_a_per_instance_binding_draw_each_instance() {
    let _ctx = context();
    let scene = Scene::new();
    let instances = scene.instances;
    scene.bind_shared_binding_vertex_array();
    unsafe {
        clear_to_blue();
        glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, 2);
        assert_eq!(error(), GL_NO_ERROR);
    }
    assert_eq!(pixel(16, 16), [255, 0, 0, 255], "instance 0: red, unshifted");
    assert_eq!(pixel(48, 16), [0, 255, 0, 255], "instance 1: green, shifted right");

    // Rebinding with an offset of one record starts the instances at the second one.
    unsafe {
        glBindVertexBuffer(3, instances, 8, 8);
        clear_to_blue();
        glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, 1);
    }
    assert_eq!(pixel(16, 16), [0, 0, 255, 255], "the left half is not drawn");
    assert_eq!(pixel(48, 16), [0, 255, 0, 255], "the one instance reads the second record");

    // Moving the colour to a binding of its own, read per vertex at relative offset 0
    // (the format keeps its offset of 4 until it is set again), with stride 0: one colour.
    // Yellow, then magenta that only a non-zero stride would reach.
    let yellow = buffer_with(&[[255, 255, 0, 255], [255, 0, 255, 255], [255, 0, 255, 255], [255, 0, 255, 255]].concat());
    unsafe {
        glBindVertexBuffer(3, instances, 0, 8);
        glVertexAttribBinding(1, 5);
        glBindVertexBuffer(5, yellow, 0, 0);
        assert_eq!(attrib(1, GL_VERTEX_ATTRIB_RELATIVE_OFFSET), 4);
        glVertexAttribFormat(1, 4, GL_UNSIGNED_BYTE, 1, 0);
        clear_to_blue();
        glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, 2);
        assert_eq!(error(), GL_NO_ERROR);
    }
    assert_eq!(pixel(16, 16), [255, 255, 0, 255], "stride 0 repeats the first colour");
    assert_eq!(pixel(48, 16), [255, 255, 0, 255]);
}

#[test]
fn pointer_commands_are_a_format_a_binding_and_a_buffer() {
    let _ctx = context();
    let scene = Scene::new();
    let instances = scene.instances;
    scene.bind_shared_binding_vertex_array();
    unsafe {
        assert_eq!(attrib(1, GL_VERTEX_ATTRIB_BINDING), 3);
        assert_eq!(attrib(1, GL_VERTEX_ATTRIB_RELATIVE_OFFSET), 4);
        assert_eq!(attrib(1, GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING), instances as i32);
        assert_eq!(attrib(1, GL_VERTEX_ATTRIB_ARRAY_DIVISOR), 1);
        assert_eq!(binding_value(GL_VERTEX_BINDING_BUFFER, 3), instances as i64);
        assert_eq!(binding_value(GL_VERTEX_BINDING_STRIDE, 3), 8);
        assert_eq!(binding_value(GL_VERTEX_BINDING_DIVISOR, 3), 1);
        assert_eq!(binding_value(GL_VERTEX_BINDING_OFFSET, 3), 0);

        // glVertexAttribPointer puts attribute 1 back on binding 1, with the stride made
        // explicit and the offset as the binding's.
        glBindBuffer(GL_ARRAY_BUFFER, instances);
        glVertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, 1, 0, 4 as *const c_void);
        assert_eq!(attrib(1, GL_VERTEX_ATTRIB_BINDING), 1);
        assert_eq!(attrib(1, GL_VERTEX_ATTRIB_RELATIVE_OFFSET), 0);
        assert_eq!(attrib(1, GL_VERTEX_ATTRIB_ARRAY_STRIDE), 0);
        assert_eq!(binding_value(GL_VERTEX_BINDING_STRIDE, 1), 4);
        assert_eq!(binding_value(GL_VERTEX_BINDING_OFFSET, 1), 4);
        assert_eq!(binding_value(GL_VERTEX_BINDING_BUFFER, 1), instances as i64);
        assert_eq!(attrib(1, GL_VERTEX_ATTRIB_ARRAY_DIVISOR), 0, "binding 1 is per vertex");
        // glVertexAttribDivisor sets the divisor of the attribute's own binding.
        glVertexAttribDivisor(1, 1);
        assert_eq!(binding_value(GL_VERTEX_BINDING_DIVISOR, 1), 1);
        // Binding 3 keeps what it had for attribute 2.
        assert_eq!(binding_value(GL_VERTEX_BINDING_STRIDE, 3), 8);
        // Rebound at offset 4 with stride 8, one element per instance: each instance
        // reads its own record's colour again.
        glVertexBindingDivisor(1, 1);
        glBindVertexBuffer(1, instances, 4, 8);
        clear_to_blue();
        glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, 2);
        assert_eq!(error(), GL_NO_ERROR);
    }
    assert_eq!(pixel(16, 16), [255, 0, 0, 255]);
    assert_eq!(pixel(48, 16), [0, 255, 0, 255]);
    assert!(get_int(GL_MAX_VERTEX_ATTRIB_BINDINGS) >= 16);
    assert!(get_int(GL_MAX_VERTEX_ATTRIB_RELATIVE_OFFSET) >= 2047);
}

#[test]
fn binding_errors() {
    let _ctx = context();
    let vbo = buffer_with(&[0; 64]);
    let max_bindings = get_int(GL_MAX_VERTEX_ATTRIB_BINDINGS) as GLuint;
    let max_stride = get_int(GL_MAX_VERTEX_ATTRIB_STRIDE);
    let max_offset = get_int(GL_MAX_VERTEX_ATTRIB_RELATIVE_OFFSET) as GLuint;
    unsafe {
        // No vertex array object is bound in a core context.
        glBindVertexBuffer(0, vbo, 0, 16);
        assert_eq!(error(), GL_INVALID_OPERATION);
        glVertexAttribFormat(0, 4, GL_FLOAT, 0, 0);
        assert_eq!(error(), GL_INVALID_OPERATION);
        glVertexAttribBinding(0, 0);
        assert_eq!(error(), GL_INVALID_OPERATION);
        glVertexBindingDivisor(0, 1);
        assert_eq!(error(), GL_INVALID_OPERATION);

        let mut vao = 0;
        glGenVertexArrays(1, &mut vao);
        glBindVertexArray(vao);
        let cases: &[(&dyn Fn(), GLenum)] = &[
            (&|| glBindVertexBuffer(max_bindings, vbo, 0, 16), GL_INVALID_VALUE),
            (&|| glBindVertexBuffer(0, vbo, -4, 16), GL_INVALID_VALUE),
            (&|| glBindVertexBuffer(0, vbo, 0, -1), GL_INVALID_VALUE),
            (&|| glBindVertexBuffer(0, vbo, 0, max_stride + 1), GL_INVALID_VALUE),
            (&|| glBindVertexBuffer(0, 4242, 0, 16), GL_INVALID_OPERATION),
            (&|| glVertexAttribFormat(16, 4, GL_FLOAT, 0, 0), GL_INVALID_VALUE),
            (&|| glVertexAttribFormat(0, 5, GL_FLOAT, 0, 0), GL_INVALID_VALUE),
            (&|| glVertexAttribFormat(0, 4, GL_RGBA, 0, 0), GL_INVALID_ENUM),
            (&|| glVertexAttribFormat(0, 4, GL_FLOAT, 0, max_offset + 1), GL_INVALID_VALUE),
            (&|| glVertexAttribFormat(0, GL_BGRA as GLint, GL_UNSIGNED_BYTE, 0, 0), GL_INVALID_OPERATION),
            (&|| glVertexAttribIFormat(0, 4, GL_FLOAT, 0), GL_INVALID_ENUM),
            (&|| glVertexAttribLFormat(0, 4, GL_FLOAT, 0), GL_INVALID_ENUM),
            (&|| glVertexAttribBinding(16, 0), GL_INVALID_VALUE),
            (&|| glVertexAttribBinding(0, max_bindings), GL_INVALID_VALUE),
            (&|| glVertexBindingDivisor(max_bindings, 1), GL_INVALID_VALUE),
        ];
        for (i, (call, expected)) in cases.iter().enumerate() {
            call();
            assert_eq!(error(), *expected, "case {i}");
        }
        let mut v = 0;
        glGetIntegeri_v(GL_VERTEX_BINDING_STRIDE, max_bindings, &mut v);
        assert_eq!(error(), GL_INVALID_VALUE);
        // Nothing above changed binding 0 or attribute 0.
        assert_eq!(binding_value(GL_VERTEX_BINDING_BUFFER, 0), 0);
        assert_eq!(binding_value(GL_VERTEX_BINDING_STRIDE, 0), 16);
        assert_eq!(attrib(0, GL_VERTEX_ATTRIB_ARRAY_SIZE), 4);
        assert_eq!(attrib(0, GL_VERTEX_ATTRIB_ARRAY_TYPE), GL_FLOAT as i32);
        assert_eq!(error(), GL_NO_ERROR);
    }
}

#[test]
fn named_vertex_arrays_are_set_up_without_binding_them() {
    let _ctx = context();
    let Scene { program, positions, instances } = Scene::new();
    let indices = buffer_with(&[0u16, 1, 2, 3].iter().flat_map(|i| i.to_ne_bytes()).collect::<Vec<u8>>());
    unsafe {
        let mut vao = 0;
        glCreateVertexArrays(1, &mut vao);
        glVertexArrayVertexBuffer(vao, 0, positions, 0, 8);
        glVertexArrayAttribFormat(vao, 0, 2, GL_FLOAT, 0, 0);
        glVertexArrayAttribBinding(vao, 0, 0);
        glVertexArrayAttribFormat(vao, 2, 1, GL_FLOAT, 0, 0);
        glVertexArrayAttribFormat(vao, 1, 4, GL_UNSIGNED_BYTE, 1, 4);
        glVertexArrayAttribBinding(vao, 1, 2);
        glVertexArrayAttribBinding(vao, 2, 2);
        glVertexArrayBindingDivisor(vao, 2, 1);
        glVertexArrayVertexBuffer(vao, 2, instances, 0, 8);
        glVertexArrayElementBuffer(vao, indices);
        for i in 0..3 {
            glEnableVertexArrayAttrib(vao, i);
        }
        assert_eq!(error(), GL_NO_ERROR);

        let mut v = -1;
        glGetVertexArrayiv(vao, GL_ELEMENT_ARRAY_BUFFER_BINDING, &mut v);
        assert_eq!(v, indices as i32);
        glGetVertexArrayIndexediv(vao, 1, GL_VERTEX_ATTRIB_RELATIVE_OFFSET, &mut v);
        assert_eq!(v, 4);
        glGetVertexArrayIndexediv(vao, 1, GL_VERTEX_ATTRIB_ARRAY_DIVISOR, &mut v);
        assert_eq!(v, 1);
        glGetVertexArrayIndexediv(vao, 2, GL_VERTEX_ATTRIB_ARRAY_ENABLED, &mut v);
        assert_eq!(v, 1);
        let mut offset = -1i64;
        glVertexArrayVertexBuffer(vao, 4, instances, 24, 8);
        glGetVertexArrayIndexed64iv(vao, 4, GL_VERTEX_BINDING_OFFSET, &mut offset);
        assert_eq!(offset, 24);
        assert_eq!(error(), GL_NO_ERROR);

        // A name that is no vertex array object.
        let mut unused = 0;
        glGenVertexArrays(1, &mut unused);
        glVertexArrayVertexBuffer(unused, 0, positions, 0, 8);
        assert_eq!(error(), GL_INVALID_OPERATION);
        glEnableVertexArrayAttrib(9999, 0);
        assert_eq!(error(), GL_INVALID_OPERATION);

        glUseProgram(program);
        glBindVertexArray(vao);
        clear_to_blue();
        glDrawElementsInstanced(GL_TRIANGLE_STRIP, 4, GL_UNSIGNED_SHORT, std::ptr::null(), 2);
        assert_eq!(error(), GL_NO_ERROR);
    }
    assert_eq!(pixel(16, 16), [255, 0, 0, 255]);
    assert_eq!(pixel(48, 16), [0, 255, 0, 255]);
}

