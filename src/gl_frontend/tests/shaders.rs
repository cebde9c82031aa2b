//! Shader and program objects: compilation through the GLSL compiler, info logs, the
//! shared shader/program namespace, attachment rules and errors.

mod common;

use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::*;

fn compile(stage: GLenum, source: &str) -> GLuint {
    unsafe {
        let s = glCreateShader(stage);
        let ptr = source.as_ptr() as *const GLchar;
        let len = source.len() as GLint;
        glShaderSource(s, 1, &ptr, &len);
        glCompileShader(s);
        s
    }
}

fn shader_int(shader: GLuint, pname: GLenum) -> i32 {
    let mut v = -99;
    unsafe { glGetShaderiv(shader, pname, &mut v) };
    v
}

fn info_log(shader: GLuint) -> String {
    let mut buf = vec![0 as GLchar; 4096];
    let mut len = 0;
    unsafe { glGetShaderInfoLog(shader, buf.len() as GLsizei, &mut len, buf.as_mut_ptr()) };
    let bytes: Vec<u8> = buf[..len as usize].iter().map(|&c| c as u8).collect();
    String::from_utf8(bytes).unwrap()
}

#[test]
fn valid_shader_compiles() {
    let _ctx = current_compat_context();
    let s = compile(GL_VERTEX_SHADER, "#version 120\nattribute vec4 p;\nvoid main() { gl_Position = p; }\n");
    assert_eq!(shader_int(s, GL_COMPILE_STATUS), 1, "{}", info_log(s));
    assert_eq!(shader_int(s, GL_SHADER_TYPE), GL_VERTEX_SHADER as i32);
    assert_eq!(error(), GL_NO_ERROR);
}

#[test]
fn invalid_shader_fails_with_a_log_naming_the_line() {
    let _ctx = current_compat_context();
    let s = compile(GL_FRAGMENT_SHADER, "#version 120\nvoid main() {\n  gl_FragColor = vec4(1.0) +;\n}\n");
    assert_eq!(shader_int(s, GL_COMPILE_STATUS), 0);
    let log = info_log(s);
    assert!(log.contains("3"), "log should name line 3: {log}");
    assert_eq!(shader_int(s, GL_INFO_LOG_LENGTH), log.len() as i32 + 1);
}

#[test]
fn shader_source_round_trips() {
    let _ctx = current_compat_context();
    let text = "void main() {}\n";
    let s = compile(GL_FRAGMENT_SHADER, text);
    let mut buf = [0 as GLchar; 64];
    let mut len = 0;
    unsafe { glGetShaderSource(s, 64, &mut len, buf.as_mut_ptr()) };
    assert_eq!(len as usize, text.len());
    assert_eq!(shader_int(s, GL_SHADER_SOURCE_LENGTH), text.len() as i32 + 1);
    // A short buffer gets a truncated, NUL-terminated string.
    unsafe { glGetShaderSource(s, 5, &mut len, buf.as_mut_ptr()) };
    assert_eq!(len, 4);
    assert_eq!(buf[4], 0);
}

#[test]
fn shader_and_program_errors() {
    let _ctx = current_compat_context();
    unsafe {
        assert_eq!(glCreateShader(GL_RGBA), 0);
        assert_eq!(glGetError(), GL_INVALID_ENUM);
        // Compute shaders need GL 4.3 or GL_ARB_compute_shader, tessellation shaders GL 4.0
        // or GL_ARB_tessellation_shader: each stage is accepted exactly when the context
        // offers its extension.
        let extensions = get_string(GL_EXTENSIONS).unwrap_or_default();
        assert!(extensions.split(' ').any(|e| e == "GL_ARB_compute_shader"));
        let compute = glCreateShader(GL_COMPUTE_SHADER);
        assert_ne!(compute, 0);
        assert_eq!(glGetError(), GL_NO_ERROR);
        glDeleteShader(compute);
        let offers_tessellation = extensions.split(' ').any(|e| e == "GL_ARB_tessellation_shader");
        let control = glCreateShader(GL_TESS_CONTROL_SHADER);
        assert_eq!(control != 0, offers_tessellation);
        assert_eq!(glGetError(), if offers_tessellation { GL_NO_ERROR } else { GL_INVALID_ENUM });
        glDeleteShader(control);
        let program = glCreateProgram();
        let shader = glCreateShader(GL_VERTEX_SHADER);
        glCompileShader(program);
        assert_eq!(glGetError(), GL_INVALID_OPERATION, "a program is not a shader");
        glCompileShader(9999);
        assert_eq!(glGetError(), GL_INVALID_VALUE);
        glAttachShader(program, shader);
        glAttachShader(program, shader);
        assert_eq!(glGetError(), GL_INVALID_OPERATION, "attached twice");
        let mut v = 0;
        glGetProgramiv(program, GL_ATTACHED_SHADERS, &mut v);
        assert_eq!(v, 1);
        glBindAttribLocation(program, 1000, c"pos".as_ptr());
        assert_eq!(glGetError(), GL_INVALID_VALUE);
        glBindAttribLocation(program, 0, c"gl_Vertex".as_ptr());
        assert_eq!(glGetError(), GL_INVALID_OPERATION);
        glGetProgramiv(program, GL_COMPILE_STATUS, &mut v);
        assert_eq!(glGetError(), GL_INVALID_ENUM);
        glDetachShader(program, shader);
        glDetachShader(program, shader);
        assert_eq!(glGetError(), GL_INVALID_OPERATION, "not attached");
    }
}

#[test]
fn deleting_an_attached_shader_waits_for_detach() {
    let _ctx = current_compat_context();
    unsafe {
        let program = glCreateProgram();
        let shader = glCreateShader(GL_FRAGMENT_SHADER);
        glAttachShader(program, shader);
        glDeleteShader(shader);
        assert_eq!(glIsShader(shader), 1);
        assert_eq!(shader_int(shader, GL_DELETE_STATUS), 1);
        glDetachShader(program, shader);
        assert_eq!(glIsShader(shader), 0);
        glDeleteProgram(program);
        assert_eq!(glIsProgram(program), 0);
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
}

#[test]
fn a_gles_program_without_a_vertex_shader_fails_to_link_with_a_log() {
    let _ctx = current_gles_context();
    let s = compile(GL_FRAGMENT_SHADER, "precision mediump float;\nvoid main() { gl_FragColor = vec4(1.0); }\n");
    assert_eq!(shader_int(s, GL_COMPILE_STATUS), 1, "{}", info_log(s));
    unsafe {
        let p = glCreateProgram();
        glAttachShader(p, s);
        glLinkProgram(p);
        let mut ok = -1;
        glGetProgramiv(p, GL_LINK_STATUS, &mut ok);
        assert_eq!(ok, 0);
        let mut len = 0;
        glGetProgramiv(p, GL_INFO_LOG_LENGTH, &mut len);
        assert!(len > 1);
        glUseProgram(p);
        assert_eq!(glGetError(), GL_INVALID_OPERATION, "an unlinked program cannot be used");
    }
}
