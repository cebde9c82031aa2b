//! ARB_robustness on the machine's Vulkan device: robust contexts report their flag and
//! reset strategy, the reset status, and the n-suffixed read-backs that refuse to write
//! past bufSize (GL_INVALID_OPERATION, memory untouched) and read back exactly otherwise.

mod common;

use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::*;
use gl_frontend::{Api, Context, ContextConfig, Profile};

/// A GL 2.1 compatibility context with robust buffer access, current on this thread.
fn current_robust_context(lose_context_on_reset: bool) -> std::sync::Arc<Context> {
    current_context(&ContextConfig {
        api: Api::Gl,
        major: 2,
        minor: 1,
        profile: Profile::Compatibility,
        robust: true,
        lose_context_on_reset,
        ..Default::default()
    })
}

#[test]
fn robust_context_reports_its_flag_and_reset_strategy() {
    let _ctx = current_robust_context(true);
    assert_ne!(get_int(GL_CONTEXT_FLAGS) as GLenum & GL_CONTEXT_FLAG_ROBUST_ACCESS_BIT, 0);
    assert_eq!(get_int(GL_RESET_NOTIFICATION_STRATEGY) as GLenum, GL_LOSE_CONTEXT_ON_RESET);
    assert_eq!(unsafe { glGetGraphicsResetStatus() }, GL_NO_ERROR);
    assert_eq!(unsafe { glGetGraphicsResetStatusARB() }, GL_NO_ERROR);
    assert_eq!(error(), GL_NO_ERROR);

    let _plain = current_compat_context();
    assert_eq!(get_int(GL_CONTEXT_FLAGS) as GLenum & GL_CONTEXT_FLAG_ROBUST_ACCESS_BIT, 0);
    assert_eq!(get_int(GL_RESET_NOTIFICATION_STRATEGY) as GLenum, GL_NO_RESET_NOTIFICATION);
    assert_eq!(error(), GL_NO_ERROR);
}

#[test]
fn readn_pixels_refuses_a_short_buffer_and_fills_an_exact_one() {
    let _ctx = current_compat_context();
    unsafe {
        glClearColor(1.0, 0.0, 1.0, 1.0);
        glClear(GL_COLOR_BUFFER_BIT);
        let mut pixels = [7u8; 4 * 3 * 2];
        glReadnPixels(1, 1, 3, 2, GL_RGBA, GL_UNSIGNED_BYTE, pixels.len() as GLsizei - 1, pixels.as_mut_ptr().cast());
        assert_eq!(error(), GL_INVALID_OPERATION);
        assert!(pixels.iter().all(|&b| b == 7), "a refused read-back writes nothing");
        glReadnPixels(1, 1, 3, 2, GL_RGBA, GL_UNSIGNED_BYTE, pixels.len() as GLsizei, pixels.as_mut_ptr().cast());
        assert_eq!(error(), GL_NO_ERROR);
        assert!(pixels.chunks(4).all(|p| p == [255, 0, 255, 255]), "{pixels:?}");
        // Rows padded to PACK_ALIGNMENT count: 3 RGB pixels take 12 bytes per row here.
        let mut rgb = [0u8; 21];
        glReadnPixels(0, 0, 3, 2, GL_RGB, GL_UNSIGNED_BYTE, 20, rgb.as_mut_ptr().cast());
        assert_eq!(error(), GL_INVALID_OPERATION);
        glReadnPixels(0, 0, 3, 2, GL_RGB, GL_UNSIGNED_BYTE, 21, rgb.as_mut_ptr().cast());
        assert_eq!(error(), GL_NO_ERROR);
    }
}

#[test]
fn getn_uniform_bounds_by_component_size() {
    let _ctx = current_compat_context();
    let p = linked_program(&[
        (GL_VERTEX_SHADER, "#version 120\nvoid main() { gl_Position = vec4(0.0); }\n"),
        (GL_FRAGMENT_SHADER, "#version 120\nuniform vec4 color;\nvoid main() { gl_FragColor = color; }\n"),
    ]);
    unsafe {
        glUseProgram(p);
        let loc = glGetUniformLocation(p, c"color".as_ptr());
        glUniform4f(loc, 0.25, 0.5, 0.75, 1.0);
        let mut v = [9.0f32; 4];
        glGetnUniformfv(p, loc, 15, v.as_mut_ptr());
        assert_eq!(error(), GL_INVALID_OPERATION);
        assert_eq!(v, [9.0; 4]);
        glGetnUniformfvARB(p, loc, 16, v.as_mut_ptr());
        assert_eq!(error(), GL_NO_ERROR);
        assert_eq!(v, [0.25, 0.5, 0.75, 1.0]);
        let mut i = [0i32; 4];
        glGetnUniformiv(p, loc, 12, i.as_mut_ptr());
        assert_eq!(error(), GL_INVALID_OPERATION);
        // A bad location is glGetUniform's error, whatever the size.
        glGetnUniformfv(p, 1234, 64, v.as_mut_ptr());
        assert_eq!(error(), GL_INVALID_OPERATION);
        glGetnUniformuiv(p, loc, 16, i.as_mut_ptr().cast());
        assert_eq!(error(), GL_NO_ERROR);
    }
}

#[test]
fn getn_tex_image_bounds_by_the_packed_image() {
    let _ctx = current_compat_context();
    let texels: [u8; 16] = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 160];
    unsafe {
        let mut tex = 0;
        glGenTextures(1, &mut tex);
        glBindTexture(GL_TEXTURE_2D, tex);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8 as GLint, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.as_ptr().cast());
        let mut out = [0u8; 16];
        glGetnTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, 15, out.as_mut_ptr().cast());
        assert_eq!(error(), GL_INVALID_OPERATION);
        assert_eq!(out, [0; 16]);
        glGetnTexImageARB(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, 16, out.as_mut_ptr().cast());
        assert_eq!(error(), GL_NO_ERROR);
        assert_eq!(out, texels);
        // An invalid target is GL_INVALID_ENUM, before the size is looked at.
        glGetnTexImage(GL_TEXTURE_BUFFER, 0, GL_RGBA, GL_UNSIGNED_BYTE, 0, out.as_mut_ptr().cast());
        assert_eq!(error(), GL_INVALID_ENUM);
    }
}

#[test]
fn polygon_stipple_round_trips_through_the_pixel_store() {
    let _ctx = current_compat_context();
    let pattern: Vec<u8> = (0..128u32).map(|i| (i * 37 + 5) as u8).collect();
    unsafe {
        let mut initial = [0u8; 128];
        glGetPolygonStipple(initial.as_mut_ptr());
        assert_eq!(initial, [0xff; 128], "the initial pattern passes every pixel");
        glPolygonStipple(pattern.as_ptr());
        assert_eq!(error(), GL_NO_ERROR);
        let mut back = [0u8; 128];
        glGetnPolygonStipple(127, back.as_mut_ptr());
        assert_eq!(error(), GL_INVALID_OPERATION);
        assert_eq!(back, [0; 128]);
        glGetnPolygonStippleARB(128, back.as_mut_ptr());
        assert_eq!(error(), GL_NO_ERROR);
        assert_eq!(back.to_vec(), pattern);
        // LSB_FIRST on the way out reverses each byte's bits.
        glPixelStorei(GL_PACK_LSB_FIRST, 1);
        glGetPolygonStipple(back.as_mut_ptr());
        glPixelStorei(GL_PACK_LSB_FIRST, 0);
        let reversed: Vec<u8> = pattern.iter().map(|b| b.reverse_bits()).collect();
        assert_eq!(back.to_vec(), reversed);
        // SKIP_ROWS on the way in: the pattern starts 4 bytes (one row) later.
        let mut shifted = vec![0u8; 4];
        shifted.extend_from_slice(&reversed);
        glPixelStorei(GL_UNPACK_SKIP_ROWS, 1);
        glPolygonStipple(shifted.as_ptr());
        glPixelStorei(GL_UNPACK_SKIP_ROWS, 0);
        glGetPolygonStipple(back.as_mut_ptr());
        assert_eq!(back.to_vec(), reversed);
        assert_eq!(error(), GL_NO_ERROR);
    }
}

#[test]
fn getn_pixel_map_bounds_by_bytes_of_its_type() {
    let _ctx = current_compat_context();
    let table = [0.0f32, 0.25, 0.5, 1.0];
    unsafe {
        glPixelMapfv(GL_PIXEL_MAP_R_TO_R, 4, table.as_ptr());
        assert_eq!(error(), GL_NO_ERROR);
        let mut f = [9.0f32; 4];
        glGetnPixelMapfv(GL_PIXEL_MAP_R_TO_R, 15, f.as_mut_ptr());
        assert_eq!(error(), GL_INVALID_OPERATION);
        assert_eq!(f, [9.0; 4], "a refused read-back writes nothing");
        glGetnPixelMapfvARB(GL_PIXEL_MAP_R_TO_R, 16, f.as_mut_ptr());
        assert_eq!(error(), GL_NO_ERROR);
        assert_eq!(f, table);
        // Integer forms scale colour maps to their type's full range.
        let mut us = [0u16; 4];
        glGetnPixelMapusv(GL_PIXEL_MAP_R_TO_R, 7, us.as_mut_ptr());
        assert_eq!(error(), GL_INVALID_OPERATION);
        glGetnPixelMapusvARB(GL_PIXEL_MAP_R_TO_R, 8, us.as_mut_ptr());
        assert_eq!(error(), GL_NO_ERROR);
        assert_eq!(us, [0, 16384, 32768, 65535]);
        let mut ui = [0u32; 4];
        glGetnPixelMapuiv(GL_PIXEL_MAP_R_TO_R, 15, ui.as_mut_ptr());
        assert_eq!(error(), GL_INVALID_OPERATION);
        glGetnPixelMapuivARB(GL_PIXEL_MAP_R_TO_R, 16, ui.as_mut_ptr());
        assert_eq!(error(), GL_NO_ERROR);
        assert_eq!(ui[3], u32::MAX);
        // An unknown map is GL_INVALID_ENUM whatever the size.
        glGetnPixelMapfv(GL_RGBA, 64, f.as_mut_ptr());
        assert_eq!(error(), GL_INVALID_ENUM);
    }
}

#[test]
fn polygon_stipple_is_not_in_core_profiles() {
    let _ctx = current_context_with_override(3, 2, Profile::Core);
    let pattern = [0u8; 128];
    unsafe { glPolygonStipple(pattern.as_ptr()) };
    assert_eq!(error(), GL_INVALID_OPERATION);
    // The reset query and the bounded read-backs are core GL 4.5 and ES 3.2 commands.
    assert_eq!(unsafe { glGetGraphicsResetStatus() }, GL_NO_ERROR);
    assert_eq!(error(), GL_NO_ERROR);
}

const COLOR_VS: &str = "#version 120\nattribute vec2 pos;\nattribute vec4 color;\nvarying vec4 c;\nvoid main() { c = color; gl_Position = vec4(pos, 0.0, 1.0); }\n";
const COLOR_FS: &str = "#version 120\nvarying vec4 c;\nvoid main() { gl_FragColor = c; }\n";

/// Draws a full-window strip whose `color` array (3 floats a vertex) comes from a buffer
/// holding `color_bytes`; returns the centre pixel.
fn draw_with_color_buffer(color_bytes: &[u8]) -> [u8; 4] {
    let p = linked_program(&[(GL_VERTEX_SHADER, COLOR_VS), (GL_FRAGMENT_SHADER, COLOR_FS)]);
    let quad: [f32; 8] = [-1.0, -1.0, 1.0, -1.0, -1.0, 1.0, 1.0, 1.0];
    let mut pixel = [0u8; 4];
    unsafe {
        glUseProgram(p);
        let mut vbos = [0; 2];
        glGenBuffers(2, vbos.as_mut_ptr());
        let pos = glGetAttribLocation(p, c"pos".as_ptr()) as GLuint;
        let color = glGetAttribLocation(p, c"color".as_ptr()) as GLuint;
        glBindBuffer(GL_ARRAY_BUFFER, vbos[0]);
        glBufferData(GL_ARRAY_BUFFER, 32, quad.as_ptr().cast(), GL_STATIC_DRAW);
        glVertexAttribPointer(pos, 2, GL_FLOAT, 0, 0, std::ptr::null());
        glEnableVertexAttribArray(pos);
        glBindBuffer(GL_ARRAY_BUFFER, vbos[1]);
        glBufferData(GL_ARRAY_BUFFER, color_bytes.len() as isize, color_bytes.as_ptr().cast(), GL_STATIC_DRAW);
        glVertexAttribPointer(color, 3, GL_FLOAT, 0, 0, std::ptr::null());
        glEnableVertexAttribArray(color);
        glClearColor(0.0, 0.0, 1.0, 0.0);
        glClear(GL_COLOR_BUFFER_BIT);
        glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
        glReadPixels(32, 16, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, pixel.as_mut_ptr().cast());
    }
    assert_eq!(error(), GL_NO_ERROR);
    pixel
}

#[test]
fn a_vertex_buffer_too_small_for_one_element_reads_zero() {
    let _ctx = current_compat_context();
    // 8 bytes cannot hold one vec3 of floats: every vertex reads (0, 0, 0) and w = 1.
    let bytes: Vec<u8> = [1.0f32, 1.0].iter().flat_map(|f| f.to_ne_bytes()).collect();
    assert_eq!(draw_with_color_buffer(&bytes), [0, 0, 0, 255]);
}

#[test]
fn robust_contexts_repeat_the_last_vertex_a_buffer_holds() {
    let _ctx = current_robust_context(false);
    // Two whole colours (red, then green) and a partial third; the strip reads four.
    let colors: Vec<u8> = [1.0f32, 0.0, 0.0, 0.0, 1.0, 0.0, 0.5].iter().flat_map(|f| f.to_ne_bytes()).collect();
    let centre = draw_with_color_buffer(&colors);
    // Vertices 2 and 3 repeat green: the centre, on the diagonal between vertices 1 and 2,
    // is all green; any other colour means something else was read.
    assert_eq!(centre, [0, 255, 0, 255]);
}
