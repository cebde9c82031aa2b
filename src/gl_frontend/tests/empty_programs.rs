//! glLinkProgram on a program without shaders: it links where fixed-function stages can
//! draw in its place (compatibility contexts), and fails with an info log where they
//! cannot (core profiles, forward-compatible contexts). A program made by
//! glCreateShaderProgramv has its shader detached, so relinking it is such a link.

mod common;

use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::*;
use gl_frontend::{Api, ContextConfig, Profile};

fn config(major: u32, minor: u32, profile: Profile, forward_compatible: bool) -> ContextConfig {
    ContextConfig { api: Api::Gl, major, minor, profile, forward_compatible, ..Default::default() }
}

/// Links a program without shaders; its link status and info log length.
fn link_empty() -> (GLint, GLint) {
    let (mut status, mut log) = (-1, -1);
    unsafe {
        let p = glCreateProgram();
        glLinkProgram(p);
        glGetProgramiv(p, GL_LINK_STATUS, &mut status);
        glGetProgramiv(p, GL_INFO_LOG_LENGTH, &mut log);
        glDeleteProgram(p);
    }
    (status, log)
}

#[test]
fn compatibility_contexts_link_programs_without_shaders() {
    for (major, minor) in [(2, 1), (3, 1), (3, 2)] {
        let _ctx = current_context_offered(config(major, minor, Profile::Compatibility, false));
        assert_eq!(link_empty().0, 1, "{major}.{minor}");
        assert_eq!(error(), GL_NO_ERROR);
    }
}

#[test]
fn core_and_forward_compatible_contexts_refuse_programs_without_shaders() {
    for (major, minor, profile) in [(3, 1, Profile::Compatibility), (3, 2, Profile::Core)] {
        let _ctx = current_context_offered(config(major, minor, profile, true));
        let (status, log) = link_empty();
        assert_eq!(status, 0, "{major}.{minor} {profile:?}");
        assert!(log > 1, "the info log says why");
        assert_eq!(error(), GL_NO_ERROR);
    }
    let _ctx = current_context_offered(config(4, 1, Profile::Core, false));
    assert_eq!(link_empty().0, 0, "4.1 core");
    unsafe {
        let source = c"#version 410 core\nvoid main() { gl_Position = vec4(0.0); }\n";
        let ptr = source.as_ptr();
        let p = glCreateShaderProgramv(GL_VERTEX_SHADER, 1, &ptr);
        let mut status = -1;
        glGetProgramiv(p, GL_LINK_STATUS, &mut status);
        assert_eq!(status, 1, "the separable program links");
        glLinkProgram(p);
        glGetProgramiv(p, GL_LINK_STATUS, &mut status);
        assert_eq!(status, 0, "relinking it has no shader to link");
        glDeleteProgram(p);
    }
    assert_eq!(error(), GL_NO_ERROR);
}
