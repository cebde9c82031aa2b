//! Framebuffer objects with unusual attachments: a face of a cube map whose faces disagree,
//! stencil-only renderbuffers, legacy colour formats; what a program sees is what it reads
//! back, queries and errors.

mod common;

use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::*;

#[test]
fn face_of_a_cube_map_with_mismatched_faces_renders() {
    let _ctx = current_compat_context();
    let mut tex = 0;
    unsafe {
        glGenTextures(1, &mut tex);
        glBindTexture(GL_TEXTURE_CUBE_MAP, tex);
        for face in 0..6 {
            // The last face is twice the size: the cube map is incomplete, its faces are not.
            let size = if face == 5 { 16 } else { 8 };
            glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + face, 0, GL_RGBA8 as GLint, size, size, 0, GL_RGBA, GL_UNSIGNED_BYTE, std::ptr::null());
        }
        new_framebuffer();
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_CUBE_MAP_POSITIVE_X, tex, 0);
        assert_eq!(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
        glClearColor(1.0, 0.0, 0.0, 1.0);
        glClear(GL_COLOR_BUFFER_BIT);
        assert_eq!(glGetError(), GL_NO_ERROR);
        let mut texels = vec![0u8; 8 * 8 * 4];
        glGetTexImage(GL_TEXTURE_CUBE_MAP_POSITIVE_X, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.as_mut_ptr().cast());
        assert!(texels.chunks(4).all(|t| t == [255, 0, 0, 255]), "{:?}", &texels[..8]);
        // The other faces kept their (undefined, here zero) contents and their sizes.
        let mut w = 0;
        glGetTexLevelParameteriv(GL_TEXTURE_CUBE_MAP_NEGATIVE_Z, 0, GL_TEXTURE_WIDTH, &mut w);
        assert_eq!(w, 16);
    }
}

fn new_renderbuffer(internal_format: GLenum, width: i32, height: i32) -> GLuint {
    let mut rb = 0;
    unsafe {
        glGenRenderbuffers(1, &mut rb);
        glBindRenderbuffer(GL_RENDERBUFFER, rb);
        glRenderbufferStorage(GL_RENDERBUFFER, internal_format, width, height);
    }
    rb
}

#[test]
fn stencil_only_renderbuffer_is_cleared_tested_and_read_back() {
    let _ctx = current_compat_context();
    unsafe {
        let color = new_renderbuffer(GL_RGBA8, 16, 16);
        let stencil = new_renderbuffer(GL_STENCIL_INDEX8, 16, 16);
        assert_eq!(glGetError(), GL_NO_ERROR);
        let mut bits = 0;
        glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_STENCIL_SIZE, &mut bits);
        assert_eq!(bits, 8);
        new_framebuffer();
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color);
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT, GL_RENDERBUFFER, stencil);
        assert_eq!(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
        // A stencil image is no depth buffer, nor a colour one.
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, stencil);
        assert_eq!(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT);
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, 0);
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_RENDERBUFFER, stencil);
        assert_eq!(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT);
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_RENDERBUFFER, 0);

        glViewport(0, 0, 16, 16);
        glClearStencil(0x5a);
        glClearColor(0.0, 0.0, 0.0, 1.0);
        glClear(GL_COLOR_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
        let mut s = [0u8; 1];
        glReadPixels(3, 3, 1, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, s.as_mut_ptr().cast());
        assert_eq!(s[0], 0x5a);
        // Only fragments where the stencil equals 0x5a pass.
        glEnable(GL_STENCIL_TEST);
        glStencilFunc(GL_EQUAL, 0x5a, 0xff);
        let program = linked_program(&[(GL_VERTEX_SHADER, "attribute vec4 p; void main() { gl_Position = p; }"), (GL_FRAGMENT_SHADER, "void main() { gl_FragColor = vec4(0.0, 1.0, 0.0, 1.0); }")]);
        glBindAttribLocation(program, 0, c"p".as_ptr());
        glLinkProgram(program);
        glUseProgram(program);
        draw_full_window_quad();
        assert_eq!(pixel(5, 5), [0, 255, 0, 255]);
        // The quad's clear leaves blue where the test fails.
        glStencilFunc(GL_NOTEQUAL, 0x5a, 0xff);
        draw_full_window_quad();
        assert_eq!(pixel(5, 5), [0, 0, 255, 255]);
        glDisable(GL_STENCIL_TEST);
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
}

#[test]
fn separate_depth_and_stencil_images_are_unsupported() {
    let _ctx = current_compat_context();
    unsafe {
        let color = new_renderbuffer(GL_RGBA8, 4, 4);
        let depth = new_renderbuffer(GL_DEPTH_COMPONENT24, 4, 4);
        let stencil = new_renderbuffer(GL_STENCIL_INDEX8, 4, 4);
        new_framebuffer();
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color);
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, depth);
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT, GL_RENDERBUFFER, stencil);
        assert_eq!(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_UNSUPPORTED);
    }
}

#[test]
fn rgb9_e5_renderbuffer_is_accepted_but_never_complete() {
    let _ctx = current_compat_context();
    unsafe {
        let rb = new_renderbuffer(GL_RGB9_E5, 4, 4);
        assert_eq!(glGetError(), GL_NO_ERROR);
        let mut format = 0;
        glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_INTERNAL_FORMAT, &mut format);
        assert_eq!(format as GLenum, GL_RGB9_E5);
        new_framebuffer();
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
        assert_eq!(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT);
        glClear(GL_COLOR_BUFFER_BIT);
        assert_eq!(glGetError(), GL_INVALID_FRAMEBUFFER_OPERATION);
    }
}

#[test]
fn clamp_read_color_decides_whether_float_read_backs_are_clamped() {
    let _ctx = current_compat_context();
    unsafe {
        assert_eq!(get_int(GL_CLAMP_READ_COLOR) as GLenum, GL_FIXED_ONLY);
        assert_eq!(get_int(GL_CLAMP_FRAGMENT_COLOR) as GLenum, GL_FIXED_ONLY);
        assert_eq!(get_int(GL_CLAMP_VERTEX_COLOR), GL_TRUE as i32);
        let rb = new_renderbuffer(GL_RGBA32F, 4, 4);
        new_framebuffer();
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
        assert_eq!(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
        glClearColor(2.5, -1.5, 0.25, 1.0);
        glClear(GL_COLOR_BUFFER_BIT);
        let read = || {
            let mut px = [0f32; 4];
            glReadPixels(1, 1, 1, 1, GL_RGBA, GL_FLOAT, px.as_mut_ptr().cast());
            px
        };
        // A float buffer is not fixed-point: GL_FIXED_ONLY leaves it alone.
        assert_eq!(read(), [2.5, -1.5, 0.25, 1.0]);
        glClampColor(GL_CLAMP_READ_COLOR, GL_TRUE);
        assert_eq!(get_int(GL_CLAMP_READ_COLOR), GL_TRUE as i32);
        assert_eq!(read(), [1.0, 0.0, 0.25, 1.0]);
        glClampColor(GL_CLAMP_READ_COLOR, GL_FALSE);
        assert_eq!(read(), [2.5, -1.5, 0.25, 1.0]);
        glClampColor(GL_CLAMP_READ_COLOR, GL_RGBA);
        assert_eq!(glGetError(), GL_INVALID_ENUM);
        glClampColor(GL_RGBA, GL_TRUE);
        assert_eq!(glGetError(), GL_INVALID_ENUM);
        glClampColor(GL_CLAMP_FRAGMENT_COLOR, GL_FALSE);
        assert_eq!(get_int(GL_CLAMP_FRAGMENT_COLOR), GL_FALSE as i32);
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
}

#[test]
fn core_contexts_clamp_only_read_colors() {
    let _ctx = current_context_with_override(3, 3, gl_frontend::Profile::Core);
    unsafe {
        glClampColor(GL_CLAMP_VERTEX_COLOR, GL_FALSE);
        assert_eq!(glGetError(), GL_INVALID_ENUM);
        glClampColor(GL_CLAMP_READ_COLOR, GL_FALSE);
        assert_eq!(glGetError(), GL_NO_ERROR);
        assert_eq!(get_int(GL_CLAMP_READ_COLOR), GL_FALSE as i32);
    }
}
