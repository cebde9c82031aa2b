//! Which internal formats glRenderbufferStorage takes, and what rendering into the unusual
//! ones reads back as.

mod common;

use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::*;

fn bound_renderbuffer() -> GLuint {
    let mut rb = 0;
    unsafe {
        glGenRenderbuffers(1, &mut rb);
        glBindRenderbuffer(GL_RENDERBUFFER, rb);
    }
    rb
}

#[test]
fn compressed_formats_are_no_renderbuffer_formats() {
    let _ctx = current_compat_context();
    bound_renderbuffer();
    for format in [GL_COMPRESSED_RGBA, GL_COMPRESSED_RGB, GL_COMPRESSED_LUMINANCE, GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, GL_COMPRESSED_RED_RGTC1] {
        unsafe {
            glRenderbufferStorage(GL_RENDERBUFFER, format, 4, 4);
            assert_eq!(glGetError(), GL_INVALID_ENUM, "format {format:#x}");
            let mut stored = 0;
            glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_WIDTH, &mut stored);
            assert_eq!(stored, 0, "no storage for {format:#x}");
        }
    }
    unsafe {
        glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 4, 4);
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
}
