//! Programs linked from a fragment shader alone: desktop GL links them (their rendering is
//! undefined), OpenGL ES does not. One test in this binary, because it sets a process-wide
//! environment variable.

mod common;

use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::*;
use gl_frontend::Profile;

const CORE_FRAGMENT: &str = "#version 330 core
in vec4 shade;
uniform vec4 tint;
out vec4 color;
void main() { color = shade * tint; }
";

const ES_FRAGMENT: &str = "#version 100
precision mediump float;
void main() { gl_FragColor = vec4(1.0); }
";

fn link_status_and_log(stages: &[(GLenum, &str)]) -> (i32, String) {
    unsafe {
        let p = glCreateProgram();
        for &(stage, source) in stages {
            glAttachShader(p, compiled_shader(stage, source));
        }
        glLinkProgram(p);
        let mut ok = -1;
        glGetProgramiv(p, GL_LINK_STATUS, &mut ok);
        let mut log = vec![0u8; 2048];
        let mut len = 0;
        glGetProgramInfoLog(p, log.len() as GLsizei, &mut len, log.as_mut_ptr().cast());
        (ok, String::from_utf8_lossy(&log[..len.max(0) as usize]).into_owned())
    }
}

#[test]
fn a_fragment_shader_alone_links_on_desktop_and_not_on_es() {
    let _core = current_context_with_override(3, 3, Profile::Core);
    let (ok, log) = link_status_and_log(&[(GL_FRAGMENT_SHADER, CORE_FRAGMENT)]);
    assert_eq!(ok, 1, "a core program without a vertex shader links: {log}");
    unsafe {
        let p = glCreateProgram();
        glAttachShader(p, compiled_shader(GL_FRAGMENT_SHADER, CORE_FRAGMENT));
        glLinkProgram(p);
        glUseProgram(p);
        // The fragment stage's resources are there to query and set.
        assert_ne!(uniform_location(p, "tint"), -1);
        glUniform4f(uniform_location(p, "tint"), 1.0, 1.0, 1.0, 1.0);
        // Drawing is allowed; GL leaves what it draws undefined.
        draw_full_window_quad();
        glFinish();
    }
    assert_eq!(error(), GL_NO_ERROR);

    let _es = current_gles_context();
    let (ok, log) = link_status_and_log(&[(GL_FRAGMENT_SHADER, ES_FRAGMENT)]);
    assert_eq!(ok, 0, "an ES program needs a vertex shader");
    assert!(log.contains("vertex"), "the log says what is missing: {log}");
    assert_eq!(error(), GL_NO_ERROR);
}
