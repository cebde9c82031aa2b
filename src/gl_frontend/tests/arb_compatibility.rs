//! GL_ARB_compatibility: advertised by compatibility contexts of GL 3.1 and up, where a
//! `#version 150` shader that enables it reads the compatibility built-ins and draws from
//! glBegin/glEnd without a vertex array object.

mod common;

use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::Profile;

#[test]
fn a_version_150_shader_enabling_it_draws_with_the_compatibility_built_ins() {
    let _ctx = current_context_with_override(4, 6, Profile::Compatibility);
    assert!(extensions().iter().any(|e| e == "GL_ARB_compatibility"));
    let vs = "#version 150\n#extension GL_ARB_compatibility : require\nvoid main() { gl_Position = ftransform(); gl_FrontColor = gl_Color; }\n";
    let fs = "#version 150\n#extension GL_ARB_compatibility : require\nvoid main() { gl_FragColor = gl_Color; }\n";
    unsafe {
        glUseProgram(linked_program(&[(GL_VERTEX_SHADER, vs), (GL_FRAGMENT_SHADER, fs)]));
        glClearColor(0.0, 0.0, 0.0, 1.0);
        glClear(GL_COLOR_BUFFER_BIT);
        glColor3f(1.0, 0.0, 1.0);
        glBegin(GL_QUADS);
        glVertex2f(-1.0, -1.0);
        glVertex2f(1.0, -1.0);
        glVertex2f(1.0, 1.0);
        glVertex2f(-1.0, 1.0);
        glEnd();
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
    assert_eq!(pixel(10, 10), [255, 0, 255, 255]);
    // Without the extension enabled, GLSL 1.50 has no gl_Color.
    let plain = "#version 150\nvoid main() { gl_FragColor = gl_Color; }\n";
    unsafe {
        let s = glCreateShader(GL_FRAGMENT_SHADER);
        let src = std::ffi::CString::new(plain).unwrap();
        glShaderSource(s, 1, &src.as_ptr(), std::ptr::null());
        glCompileShader(s);
        let mut ok = 1;
        glGetShaderiv(s, GL_COMPILE_STATUS, &mut ok);
        assert_eq!(ok, 0);
    }
}
