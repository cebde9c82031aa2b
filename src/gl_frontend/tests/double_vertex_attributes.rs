//! Double-precision vertex inputs (ARB_vertex_attrib_64bit, GL 4.1) in a 4.1 core context
//! offered through `offer_requested_version`: dvec4 and dmat2x3 arrays and a dvec3 current
//! value reach the shader bit for bit, GL counts one location a column, and the L commands
//! give the errors the specification lists.
//! One test in this binary, because it sets a process-wide environment variable.

mod common;

use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::*;
use gl_frontend::Profile;

const VERTEX: &str = "#version 410 core
layout(location = 0) in vec2 pos;
in dvec4 a;
in dmat2x3 m;
in dvec3 c;
uniform dvec4 expect_a;
uniform dmat2x3 expect_m;
uniform dvec3 expect_c;
out vec4 color;
void main() {
    gl_Position = vec4(pos, 0.0, 1.0);
    bool ok = a == expect_a && m == expect_m && c == expect_c;
    color = ok ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);
}
";
const FRAGMENT: &str = "#version 410 core\nin vec4 color;\nout vec4 frag;\nvoid main() { frag = color; }\n";

fn location(p: GLuint, name: &str, attribute: bool) -> GLint {
    let c = std::ffi::CString::new(name).unwrap();
    unsafe { if attribute { glGetAttribLocation(p, c.as_ptr()) } else { glGetUniformLocation(p, c.as_ptr()) } }
}

#[test]
fn double_vertex_inputs_read_exact_values() {
    let _ctx = current_context_with_override(4, 1, Profile::Core);
    // Bind a dvec4 to 1 and the dmat2x3 to 2: its columns are GL locations 2 and 3, so the
    // dvec3 fits at 4 although Vulkan gives each of these dvec3/dvec4 two locations.
    let p = unsafe {
        let vs = compiled_shader(GL_VERTEX_SHADER, VERTEX);
        let fs = compiled_shader(GL_FRAGMENT_SHADER, FRAGMENT);
        let p = glCreateProgram();
        glAttachShader(p, vs);
        glAttachShader(p, fs);
        for (name, index) in [("a", 1), ("m", 2), ("c", 4)] {
            let n = std::ffi::CString::new(name).unwrap();
            glBindAttribLocation(p, index, n.as_ptr());
        }
        glLinkProgram(p);
        let mut linked = 0;
        glGetProgramiv(p, GL_LINK_STATUS, &mut linked);
        assert_eq!(linked, 1);
        p
    };
    assert_eq!([location(p, "a", true), location(p, "m", true), location(p, "c", true)], [1, 2, 4]);

    // Values a float cannot hold.
    let a = [0.1f64, 1.0 / 3.0, -2.5e-300, 1.0e300];
    let m = [1.0f64 + f64::EPSILON, 2.0 / 3.0, -0.7, 5.0e-310, 123456789.123456789, -1.0 / 7.0];
    let c = [std::f64::consts::PI, -std::f64::consts::E, 0.2];
    // Per vertex: a, then m's two columns.
    let mut doubles = Vec::new();
    for _ in 0..4 {
        doubles.extend_from_slice(&a);
        doubles.extend_from_slice(&m);
    }
    let quad: [f32; 8] = [-1.0, -1.0, 1.0, -1.0, -1.0, 1.0, 1.0, 1.0];
    unsafe {
        glUseProgram(p);
        glUniform4dv(location(p, "expect_a", false), 1, a.as_ptr());
        glUniformMatrix2x3dv(location(p, "expect_m", false), 1, GL_FALSE as GLboolean, m.as_ptr());
        glUniform3dv(location(p, "expect_c", false), 1, c.as_ptr());

        let mut vao = 0;
        glGenVertexArrays(1, &mut vao);
        glBindVertexArray(vao);
        let mut buffers = [0; 2];
        glGenBuffers(2, buffers.as_mut_ptr());
        glBindBuffer(GL_ARRAY_BUFFER, buffers[0]);
        glBufferData(GL_ARRAY_BUFFER, 32, quad.as_ptr().cast(), GL_STATIC_DRAW);
        glVertexAttribPointer(0, 2, GL_FLOAT, 0, 0, std::ptr::null());
        glEnableVertexAttribArray(0);
        glBindBuffer(GL_ARRAY_BUFFER, buffers[1]);
        glBufferData(GL_ARRAY_BUFFER, (doubles.len() * 8) as GLsizeiptr, doubles.as_ptr().cast(), GL_STATIC_DRAW);
        let stride = 10 * 8;
        glVertexAttribLPointer(1, 4, GL_DOUBLE, stride, std::ptr::null());
        glVertexAttribLPointer(2, 3, GL_DOUBLE, stride, (4 * 8) as *const _);
        glVertexAttribLPointer(3, 3, GL_DOUBLE, stride, (7 * 8) as *const _);
        for i in 1..4 {
            glEnableVertexAttribArray(i);
        }
        // The dvec3 comes from the current value of disabled array 4.
        glVertexAttribL3d(4, c[0], c[1], c[2]);
        assert_eq!(glGetError(), GL_NO_ERROR);

        glClearColor(0.0, 0.0, 1.0, 1.0);
        glClear(GL_COLOR_BUFFER_BIT);
        glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
        assert_eq!(glGetError(), GL_NO_ERROR);
        assert_eq!(pixel(16, 16), [0, 255, 0, 255]);

        // One component off in the current value: the shader sees it.
        glVertexAttribL3d(4, c[0], c[1], 0.2000000000000001);
        glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
        assert_eq!(pixel(16, 16), [255, 0, 0, 255]);

        // Queries.
        let mut current = [0.0f64; 4];
        glGetVertexAttribLdv(4, GL_CURRENT_VERTEX_ATTRIB, current.as_mut_ptr());
        assert_eq!(current, [c[0], c[1], 0.2000000000000001, 1.0]);
        let mut long = 0;
        glGetVertexAttribiv(1, GL_VERTEX_ATTRIB_ARRAY_LONG, &mut long);
        assert_eq!(long, 1);
        glGetVertexAttribiv(0, GL_VERTEX_ATTRIB_ARRAY_LONG, &mut long);
        assert_eq!(long, 0);
        let mut size = [0.0f64];
        glGetVertexAttribLdv(2, GL_VERTEX_ATTRIB_ARRAY_SIZE, size.as_mut_ptr());
        assert_eq!(size, [3.0]);

        // Errors: L pointers take GL_DOUBLE only, 1-4 components, an index below the limit.
        glVertexAttribLPointer(1, 4, GL_FLOAT, 0, std::ptr::null());
        assert_eq!(glGetError(), GL_INVALID_ENUM);
        glVertexAttribLPointer(1, 5, GL_DOUBLE, 0, std::ptr::null());
        assert_eq!(glGetError(), GL_INVALID_VALUE);
        glVertexAttribLPointer(1, GL_BGRA as GLint, GL_DOUBLE, 0, std::ptr::null());
        assert_eq!(glGetError(), GL_INVALID_VALUE);
        let max = get_int(GL_MAX_VERTEX_ATTRIBS) as GLuint;
        glVertexAttribL1d(max, 1.0);
        assert_eq!(glGetError(), GL_INVALID_VALUE);
        glVertexAttribL4dv(max, a.as_ptr());
        assert_eq!(glGetError(), GL_INVALID_VALUE);
        glGetVertexAttribLdv(max, GL_CURRENT_VERTEX_ATTRIB, current.as_mut_ptr());
        assert_eq!(glGetError(), GL_INVALID_VALUE);
        glGetVertexAttribLdv(1, GL_TEXTURE_2D, current.as_mut_ptr());
        assert_eq!(glGetError(), GL_INVALID_ENUM);
    }
}
