//! Block memory layouts as a program sees them: row-major matrices in uniform and
//! storage blocks (the block's order, a member's own, inside structs and arrays), read
//! and written by compute shaders and checked word by word in the buffers; the offsets
//! and strides GL reports; and the SPIR-V decorations that carry them, checked by
//! spirv-val. The version is offered through `ContextConfig::offer_requested_version`.

mod common;

use common::spirv::{compile, spirv_val};
use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::*;
use gl_frontend::{make_current, Api, Context, ContextConfig, Profile};

fn context() -> std::sync::Arc<Context> {
    let config = ContextConfig { api: Api::Gl, major: 4, minor: 6, profile: Profile::Core, offer_requested_version: true, ..Default::default() };
    let ctx = Context::new(device(), &config, None).expect("4.6 offered on request");
    let window = surface();
    make_current(&ctx, Some(window.clone()), Some(window)).unwrap();
    ctx
}

fn buffer(target: GLenum, binding: GLuint, words: &[f32]) -> GLuint {
    let mut buffer = 0;
    unsafe {
        glGenBuffers(1, &mut buffer);
        glBindBuffer(target, buffer);
        glBufferData(target, (words.len() * 4) as isize, words.as_ptr().cast(), GL_DYNAMIC_COPY);
        glBindBufferBase(target, binding, buffer);
    }
    buffer
}

fn read_floats(buffer: GLuint, words: usize) -> Vec<f32> {
    let mut out = vec![0f32; words];
    unsafe {
        glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffer);
        glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, (words * 4) as isize, out.as_mut_ptr().cast());
    }
    out
}

/// GL_UNIFORM_OFFSET, GL_UNIFORM_MATRIX_STRIDE and GL_UNIFORM_IS_ROW_MAJOR of a block member.
fn uniform_layout(program: GLuint, name: &str) -> [GLint; 3] {
    let cname = std::ffi::CString::new(name).unwrap();
    let names = [cname.as_ptr()];
    let mut index = GL_INVALID_INDEX;
    let mut out = [0; 3];
    unsafe {
        glGetUniformIndices(program, 1, names.as_ptr(), &mut index);
        assert_ne!(index, GL_INVALID_INDEX, "{name} is active");
        for (pname, value) in [GL_UNIFORM_OFFSET, GL_UNIFORM_MATRIX_STRIDE, GL_UNIFORM_IS_ROW_MAJOR].into_iter().zip(out.iter_mut()) {
            glGetActiveUniformsiv(program, 1, &index, pname, value);
        }
    }
    out
}

/// GL_OFFSET, GL_MATRIX_STRIDE and GL_IS_ROW_MAJOR of a buffer variable.
fn buffer_variable_layout(program: GLuint, name: &str) -> [GLint; 3] {
    let cname = std::ffi::CString::new(name).unwrap();
    let props = [GL_OFFSET, GL_MATRIX_STRIDE, GL_IS_ROW_MAJOR];
    let mut out = [0; 3];
    unsafe {
        let index = glGetProgramResourceIndex(program, GL_BUFFER_VARIABLE, cname.as_ptr());
        assert_ne!(index, GL_INVALID_INDEX, "{name} is active");
        glGetProgramResourceiv(program, GL_BUFFER_VARIABLE, index, 3, props.as_ptr(), 3, std::ptr::null_mut(), out.as_mut_ptr());
    }
    out
}

/// A uniform block of row-major matrices (a block default, a member's own order, a
/// struct member and an array), copied element by element into a storage buffer.
const READ_UNIFORMS: &str = "#version 430
layout(local_size_x = 1) in;
struct Pair { mat2 a; float b; };
layout(std140, row_major, binding = 1) uniform Matrices {
    mat2x3 m;
    layout(column_major) mat2x3 c;
    Pair p;
    mat3x2 arr[2];
};
layout(std430, binding = 2) buffer Copied { float v[]; };
void main() {
    int k = 0;
    for (int i = 0; i < 2; i++) for (int j = 0; j < 3; j++) v[k++] = m[i][j];
    for (int i = 0; i < 2; i++) for (int j = 0; j < 3; j++) v[k++] = c[i][j];
    for (int i = 0; i < 2; i++) for (int j = 0; j < 2; j++) v[k++] = p.a[i][j];
    v[k++] = p.b;
    for (int e = 0; e < 2; e++) for (int i = 0; i < 3; i++) for (int j = 0; j < 2; j++) v[k++] = arr[e][i][j];
}";

#[test]
fn row_major_matrices_in_a_uniform_block_read_row_by_row() {
    let _ctx = context();
    let program = linked_program(&[(GL_COMPUTE_SHADER, READ_UNIFORMS)]);
    // std140: m is 3 rows of vec2 (stride 16), c 2 columns of vec3, p.a 2 rows of vec2,
    // arr's elements 2 rows of vec3 each.
    assert_eq!(uniform_layout(program, "m"), [0, 16, 1]);
    assert_eq!(uniform_layout(program, "c"), [48, 16, 0]);
    assert_eq!(uniform_layout(program, "p.a"), [80, 16, 1]);
    assert_eq!(uniform_layout(program, "p.b"), [112, 0, 0]);
    assert_eq!(uniform_layout(program, "arr[0]"), [128, 16, 1]);
    let mut data = vec![0f32; 192 / 4];
    // Element (column i, row j) of each matrix gets a value naming it.
    let mut expected = Vec::new();
    for i in 0..2 {
        for j in 0..3 {
            data[j * 4 + i] = (10 + 3 * i + j) as f32;
            expected.push((10 + 3 * i + j) as f32);
        }
    }
    for i in 0..2 {
        for j in 0..3 {
            data[12 + i * 4 + j] = (20 + 3 * i + j) as f32;
            expected.push((20 + 3 * i + j) as f32);
        }
    }
    for i in 0..2 {
        for j in 0..2 {
            data[20 + j * 4 + i] = (30 + 2 * i + j) as f32;
            expected.push((30 + 2 * i + j) as f32);
        }
    }
    data[28] = 35.0;
    expected.push(35.0);
    for e in 0..2 {
        for i in 0..3 {
            for j in 0..2 {
                data[32 + e * 8 + j * 4 + i] = (40 + 10 * e + 2 * i + j) as f32;
                expected.push((40 + 10 * e + 2 * i + j) as f32);
            }
        }
    }
    buffer(GL_UNIFORM_BUFFER, 1, &data);
    let out = buffer(GL_SHADER_STORAGE_BUFFER, 2, &vec![0f32; expected.len()]);
    unsafe {
        glUseProgram(program);
        glDispatchCompute(1, 1, 1);
    }
    assert_eq!(error(), GL_NO_ERROR);
    assert_eq!(read_floats(out, expected.len()), expected);
}

/// A storage block whose matrices are row-major by a default declaration, written by
/// whole matrices, by columns and by single elements.
const WRITE_STORAGE: &str = "#version 430
layout(local_size_x = 1) in;
layout(row_major) buffer;
layout(std430, binding = 2) buffer Written {
    mat3x2 w;
    vec4 after;
    layout(column_major) mat2 c;
    mat2 e;
};
void main() {
    w = mat3x2(1.0, 2.0, 3.0, 4.0, 5.0, 6.0);
    after = vec4(7.0);
    c = mat2(8.0, 9.0, 10.0, 11.0);
    e[1] = vec2(12.0, 13.0);
    e[0][1] = 14.0;
}";

#[test]
fn row_major_matrices_in_a_storage_block_are_written_row_by_row() {
    let _ctx = context();
    let program = linked_program(&[(GL_COMPUTE_SHADER, WRITE_STORAGE)]);
    // std430: w is 2 rows of vec3 (stride 16), c 2 columns of vec2 (stride 8).
    assert_eq!(buffer_variable_layout(program, "w"), [0, 16, 1]);
    assert_eq!(buffer_variable_layout(program, "after"), [32, 0, 0]);
    assert_eq!(buffer_variable_layout(program, "c"), [48, 8, 0]);
    assert_eq!(buffer_variable_layout(program, "e"), [64, 8, 1]);
    let out = buffer(GL_SHADER_STORAGE_BUFFER, 2, &[0f32; 20]);
    unsafe {
        glUseProgram(program);
        glDispatchCompute(1, 1, 1);
    }
    assert_eq!(error(), GL_NO_ERROR);
    let words = read_floats(out, 20);
    // w's columns are (1, 2), (3, 4), (5, 6): row 0 is 1, 3, 5 and row 1 is 2, 4, 6.
    assert_eq!(&words[0..3], &[1.0, 3.0, 5.0]);
    assert_eq!(&words[4..7], &[2.0, 4.0, 6.0]);
    assert_eq!(&words[8..12], &[7.0; 4]);
    assert_eq!(&words[12..16], &[8.0, 9.0, 10.0, 11.0]);
    // e[1] = (12, 13) is column 1: element (1, 0) in row 0, (1, 1) in row 1; e[0][1] row 1.
    assert_eq!(&words[16..20], &[0.0, 12.0, 14.0, 13.0]);
}

/// The decorations that carry a row-major member into SPIR-V: RowMajor and the row stride
/// on the member, inside a struct too, and a module spirv-val accepts.
#[test]
fn row_major_members_carry_row_major_and_their_stride_into_spirv() {
    let shader = compile(glsl::Stage::Compute, WRITE_STORAGE);
    let p = glsl::link_program(&[&shader], &glsl::LinkOptions::default());
    assert!(p.success, "{}", p.info_log);
    let ir = p.stages[0].ir.clone().expect("compute IR");
    let text = nir_like::print_shader(&ir);
    assert!(text.contains("row_major"), "{text}");
    let words = spirv_out::emit(&ir, &spirv_out::EmitOptions { spirv_version: (1, 3), debug_names: true }).expect("SPIR-V");
    spirv_val(&words, "row-major").expect("spirv-val accepts the module");
    let asm = spirv_out::disassemble(&words);
    // The block's struct type: of the ids named "Written", the one with member decorations.
    let id = asm
        .lines()
        .filter(|l| l.contains("OpName") && l.contains("\"Written\""))
        .filter_map(|l| l.split_whitespace().nth(1))
        .find(|id| asm.contains(&format!("OpMemberDecorate {id} 0 Offset")))
        .expect("the block's type is named")
        .to_string();
    let member = |m: u32, what: &str| asm.lines().any(|l| l.contains("OpMemberDecorate") && l.contains(&format!("{id} {m} {what}")));
    assert!(member(0, "RowMajor") && member(0, "MatrixStride 16") && member(0, "Offset 0"), "w:\n{asm}");
    assert!(member(1, "Offset 32"), "after:\n{asm}");
    assert!(member(2, "ColMajor") && member(2, "MatrixStride 8") && member(2, "Offset 48"), "c:\n{asm}");
    assert!(member(3, "RowMajor") && member(3, "Offset 64"), "e:\n{asm}");
}

/// Varyings packed into one location by `layout(component)`, and an output block whose
/// members name their own locations, reach the fragment shader with their own values.
#[test]
fn varyings_packed_by_component_and_block_member_locations_keep_their_values() {
    let _ctx = context();
    let vs = "#version 450
layout(location = 0) in vec2 position;
layout(location = 0) out float b;
layout(location = 0, component = 1) out vec3 a;
layout(location = 1) out Pair { layout(location = 3) vec4 far; layout(location = 1) vec4 near; } pair;
void main() {
    a = vec3(0.0, 0.75, 1.0);
    b = 0.5;
    pair.near = vec4(0.25);
    pair.far = vec4(1.0);
    gl_Position = vec4(position, 0.0, 1.0);
}";
    let fs = "#version 450
layout(location = 0, component = 1) in vec3 a;
layout(location = 0) in float b;
layout(location = 1) in Pair { layout(location = 3) vec4 far; layout(location = 1) vec4 near; } pair;
layout(location = 0) out vec4 color;
void main() { color = vec4(b, a.y, a.z * pair.near.x, pair.far.w); }";
    let program = linked_program(&[(GL_VERTEX_SHADER, vs), (GL_FRAGMENT_SHADER, fs)]);
    unsafe { glUseProgram(program) };
    draw_full_window_quad();
    assert_eq!(error(), GL_NO_ERROR);
    let [r, g, b, a] = pixel(4, 4);
    let near = |v: u8, want: f32| (v as f32 - want * 255.0).abs() <= 1.0;
    assert!(near(r, 0.5) && near(g, 0.75) && near(b, 0.25) && near(a, 1.0), "{:?}", [r, g, b, a]);
}
