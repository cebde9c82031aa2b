//! ARB_fragment_coord_conventions: gl_FragCoord redeclared with `origin_upper_left` and
//! `pixel_center_integer`, and the ARB fragment program options of the same names, read
//! back through the colour a fragment writes from its own coordinate.

mod common;

use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::*;
use gl_frontend::Profile;

const VS: &str = "#version 150 compatibility
in vec2 pos;
void main() { gl_Position = vec4(pos, 0.0, 1.0); }";

/// A fragment shader writing (y / 64, fract(x), 0, 1), gl_FragCoord declared by `layout`.
fn fragment_shader(layout: &str) -> String {
    format!("#version 150 compatibility\n{layout}\nvoid main() {{ gl_FragColor = vec4(gl_FragCoord.y / 64.0, fract(gl_FragCoord.x), 0.0, 1.0); }}")
}

fn use_program(fs: &str) {
    let p = linked_program(&[(GL_VERTEX_SHADER, VS), (GL_FRAGMENT_SHADER, fs)]);
    unsafe { glUseProgram(p) };
}

/// The red and green a fragment writes when its gl_FragCoord.y is `y_value` and the
/// fraction of its gl_FragCoord.x is `x_fraction`.
fn expected(y_value: f32, x_fraction: f32) -> [u8; 2] {
    [(y_value / 64.0 * 255.0).round() as u8, (x_fraction * 255.0).round() as u8]
}

fn close(actual: [u8; 4], wanted: [u8; 2]) -> bool {
    actual[0].abs_diff(wanted[0]) <= 2 && actual[1].abs_diff(wanted[1]) <= 2
}

/// A 64 x `height` RGBA8 framebuffer object, bound for drawing and reading.
fn framebuffer(height: i32) {
    unsafe {
        let mut tex = 0;
        glGenTextures(1, &mut tex);
        glBindTexture(GL_TEXTURE_2D, tex);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8 as GLint, 64, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, std::ptr::null());
        let mut fbo = 0;
        glGenFramebuffers(1, &mut fbo);
        glBindFramebuffer(GL_FRAMEBUFFER, fbo);
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
        assert_eq!(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
        glViewport(0, 0, 64, height);
    }
}

#[test]
fn default_conventions_count_from_the_lower_left_at_half_integers() {
    let _ctx = current_context_with_override(3, 2, Profile::Compatibility);
    use_program(&fragment_shader(""));
    draw_full_window_quad();
    assert_eq!(error(), GL_NO_ERROR);
    assert!(close(pixel(3, 0), expected(0.5, 0.5)), "{:?}", pixel(3, 0));
    assert!(close(pixel(3, 31), expected(31.5, 0.5)), "{:?}", pixel(3, 31));
}

#[test]
fn upper_left_origin_counts_down_from_the_top_of_each_framebuffer() {
    let _ctx = current_context_with_override(3, 2, Profile::Compatibility);
    use_program(&fragment_shader("layout(origin_upper_left) in vec4 gl_FragCoord;"));
    // The 64x32 window: its bottom row is y = 31.5 from the top.
    draw_full_window_quad();
    assert_eq!(error(), GL_NO_ERROR);
    assert!(close(pixel(3, 0), expected(31.5, 0.5)), "{:?}", pixel(3, 0));
    assert!(close(pixel(3, 31), expected(0.5, 0.5)), "{:?}", pixel(3, 31));
    // A framebuffer 16 rows high: the same program measures from its own top.
    framebuffer(16);
    draw_full_window_quad();
    assert_eq!(error(), GL_NO_ERROR);
    assert!(close(pixel(3, 0), expected(15.5, 0.5)), "{:?}", pixel(3, 0));
    assert!(close(pixel(3, 15), expected(0.5, 0.5)), "{:?}", pixel(3, 15));
}

#[test]
fn integer_centres_with_either_origin() {
    let _ctx = current_context_with_override(3, 2, Profile::Compatibility);
    use_program(&fragment_shader("layout(pixel_center_integer) in vec4 gl_FragCoord;"));
    draw_full_window_quad();
    assert!(close(pixel(3, 0), expected(0.0, 0.0)), "{:?}", pixel(3, 0));
    assert!(close(pixel(3, 31), expected(31.0, 0.0)), "{:?}", pixel(3, 31));
    use_program(&fragment_shader("layout(origin_upper_left, pixel_center_integer) in vec4 gl_FragCoord;"));
    draw_full_window_quad();
    assert_eq!(error(), GL_NO_ERROR);
    assert!(close(pixel(3, 0), expected(31.0, 0.0)), "{:?}", pixel(3, 0));
    assert!(close(pixel(3, 31), expected(0.0, 0.0)), "{:?}", pixel(3, 31));
}

#[test]
fn fragment_program_options_move_fragment_position() {
    let _ctx = current_context_with_override(3, 2, Profile::Compatibility);
    let program = |options: &str| {
        format!("!!ARBfp1.0\n{options}PARAM scale = {{0.015625, 1, 0, 1}};\nTEMP t;\nMUL t.x, fragment.position.y, scale.x;\nFRC t.y, fragment.position.x;\nMOV t.zw, scale.zwzw;\nMOV result.color, t;\nEND\n")
    };
    let cases = [
        ("", [0.5, 0.5], [31.5, 0.5]),
        ("OPTION ARB_fragment_coord_pixel_center_integer;\n", [0.0, 0.0], [31.0, 0.0]),
        ("OPTION ARB_fragment_coord_origin_upper_left;\n", [31.5, 0.5], [0.5, 0.5]),
        ("OPTION ARB_fragment_coord_origin_upper_left;\nOPTION ARB_fragment_coord_pixel_center_integer;\n", [31.0, 0.0], [0.0, 0.0]),
    ];
    for (i, (options, bottom, top)) in cases.iter().enumerate() {
        let text = program(options);
        unsafe {
            glBindProgramARB(GL_FRAGMENT_PROGRAM_ARB, 10 + i as GLuint);
            glProgramStringARB(GL_FRAGMENT_PROGRAM_ARB, GL_PROGRAM_FORMAT_ASCII_ARB, text.len() as GLsizei, text.as_ptr().cast());
            assert_eq!(error(), GL_NO_ERROR, "{text}");
            glEnable(GL_FRAGMENT_PROGRAM_ARB);
        }
        window_ortho();
        unsafe {
            glClearColor(0.0, 0.0, 1.0, 1.0);
            glClear(GL_COLOR_BUFFER_BIT);
            glRectf(0.0, 0.0, 64.0, 32.0);
        }
        assert_eq!(error(), GL_NO_ERROR);
        assert!(close(pixel(3, 0), expected(bottom[0], bottom[1])), "{options}: {:?}", pixel(3, 0));
        assert!(close(pixel(3, 31), expected(top[0], top[1])), "{options}: {:?}", pixel(3, 31));
    }
}
