//! ARB assembly programs through the GL entry points: loading text, the error position
//! and string of a rejected program, parameters, program queries and the enables.

mod common;

use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::*;

fn load(target: GLenum, text: &str) {
    unsafe { glProgramStringARB(target, GL_PROGRAM_FORMAT_ASCII_ARB, text.len() as GLsizei, text.as_ptr() as *const _) };
}

fn program_int(target: GLenum, pname: GLenum) -> i32 {
    let mut v = -7;
    unsafe { glGetProgramivARB(target, pname, &mut v) };
    v
}

#[test]
fn vertex_program_loads_and_reports_its_resources() {
    let _ctx = current_compat_context();
    let text = "!!ARBvp1.0\nPARAM mvp[4] = { state.matrix.mvp };\nTEMP t;\n\
        DP4 result.position.x, mvp[0], vertex.position;\nDP4 result.position.y, mvp[1], vertex.position;\n\
        DP4 result.position.z, mvp[2], vertex.position;\nDP4 result.position.w, mvp[3], vertex.position;\n\
        MUL t, vertex.color, program.local[3];\nMOV result.color, t;\nEND\n";
    let mut name = 0;
    unsafe {
        glGenProgramsARB(1, &mut name);
        assert_eq!(glIsProgramARB(name), 0, "a generated name is a program only once bound");
        glBindProgramARB(GL_VERTEX_PROGRAM_ARB, name);
        assert_eq!(glIsProgramARB(name), 1);
    }
    load(GL_VERTEX_PROGRAM_ARB, text);
    assert_eq!(error(), GL_NO_ERROR);
    assert_eq!(get_int(GL_PROGRAM_ERROR_POSITION_ARB), -1);
    assert_eq!(program_int(GL_VERTEX_PROGRAM_ARB, GL_PROGRAM_INSTRUCTIONS_ARB), 6);
    assert_eq!(program_int(GL_VERTEX_PROGRAM_ARB, GL_PROGRAM_TEMPORARIES_ARB), 1);
    assert_eq!(program_int(GL_VERTEX_PROGRAM_ARB, GL_PROGRAM_ATTRIBS_ARB), 2);
    assert_eq!(program_int(GL_VERTEX_PROGRAM_ARB, GL_PROGRAM_LENGTH_ARB), text.len() as i32);
    assert_eq!(program_int(GL_VERTEX_PROGRAM_ARB, GL_PROGRAM_BINDING_ARB), name as i32);
    assert!(program_int(GL_VERTEX_PROGRAM_ARB, GL_MAX_PROGRAM_ENV_PARAMETERS_ARB) >= 96);
    let mut back = vec![0u8; text.len()];
    unsafe { glGetProgramStringARB(GL_VERTEX_PROGRAM_ARB, GL_PROGRAM_STRING_ARB, back.as_mut_ptr() as *mut _) };
    assert_eq!(back, text.as_bytes());
    // A fragment program's limits are no vertex program query.
    assert_eq!(program_int(GL_VERTEX_PROGRAM_ARB, GL_PROGRAM_TEX_INSTRUCTIONS_ARB), -7);
    assert_eq!(error(), GL_INVALID_ENUM);
    // The name belongs to the vertex target now.
    unsafe { glBindProgramARB(GL_FRAGMENT_PROGRAM_ARB, name) };
    assert_eq!(error(), GL_INVALID_OPERATION);
    unsafe { glDeleteProgramsARB(1, &name) };
    assert_eq!(program_int(GL_VERTEX_PROGRAM_ARB, GL_PROGRAM_BINDING_ARB), 0);
}

#[test]
fn rejected_program_sets_error_position_and_string() {
    let _ctx = current_compat_context();
    let text = "!!ARBfp1.0\nTEMP R0;\nMOV result.color, R1;\nEND\n";
    load(GL_FRAGMENT_PROGRAM_ARB, text);
    assert_eq!(error(), GL_INVALID_OPERATION);
    assert_eq!(get_int(GL_PROGRAM_ERROR_POSITION_ARB), text.find("R1").unwrap() as i32);
    let message = get_string(GL_PROGRAM_ERROR_STRING_ARB).expect("an error string");
    assert!(message.contains("R1"), "{message}");
    // A good program clears the position.
    load(GL_FRAGMENT_PROGRAM_ARB, "!!ARBfp1.0\nMOV result.color, fragment.color;\nEND");
    assert_eq!(error(), GL_NO_ERROR);
    assert_eq!(get_int(GL_PROGRAM_ERROR_POSITION_ARB), -1);
    unsafe { glProgramStringARB(GL_FRAGMENT_PROGRAM_ARB, GL_RGBA, 4, b"!!AR".as_ptr() as *const _) };
    assert_eq!(error(), GL_INVALID_ENUM);
}

#[test]
fn env_and_local_parameters_round_trip() {
    let _ctx = current_compat_context();
    let mut v = [0f32; 4];
    let mut d = [0f64; 4];
    unsafe {
        glProgramEnvParameter4fARB(GL_VERTEX_PROGRAM_ARB, 5, 1.0, 2.0, 3.0, 4.0);
        glGetProgramEnvParameterfvARB(GL_VERTEX_PROGRAM_ARB, 5, v.as_mut_ptr());
        assert_eq!(v, [1.0, 2.0, 3.0, 4.0]);
        glGetProgramEnvParameterfvARB(GL_FRAGMENT_PROGRAM_ARB, 5, v.as_mut_ptr());
        assert_eq!(v, [0.0; 4], "each target has its own environment");
        glProgramLocalParameter4dARB(GL_FRAGMENT_PROGRAM_ARB, 2, 0.5, -1.0, 8.0, 0.25);
        glGetProgramLocalParameterdvARB(GL_FRAGMENT_PROGRAM_ARB, 2, d.as_mut_ptr());
        assert_eq!(d, [0.5, -1.0, 8.0, 0.25]);
        let many = [1.0f32, 1.0, 1.0, 1.0, 2.0, 2.0, 2.0, 2.0];
        glProgramEnvParameters4fvEXT(GL_FRAGMENT_PROGRAM_ARB, 10, 2, many.as_ptr());
        glGetProgramEnvParameterfvARB(GL_FRAGMENT_PROGRAM_ARB, 11, v.as_mut_ptr());
        assert_eq!(v, [2.0; 4]);
        assert_eq!(error(), GL_NO_ERROR);
        let max = program_int(GL_FRAGMENT_PROGRAM_ARB, GL_MAX_PROGRAM_LOCAL_PARAMETERS_ARB) as GLuint;
        glProgramLocalParameter4fARB(GL_FRAGMENT_PROGRAM_ARB, max, 0.0, 0.0, 0.0, 0.0);
        assert_eq!(error(), GL_INVALID_VALUE);
        glProgramEnvParameter4fARB(GL_TEXTURE_2D, 0, 0.0, 0.0, 0.0, 0.0);
        assert_eq!(error(), GL_INVALID_ENUM);
    }
}

#[test]
fn program_enables() {
    let _ctx = current_compat_context();
    unsafe {
        assert_eq!(glIsEnabled(GL_VERTEX_PROGRAM_ARB), 0);
        glEnable(GL_VERTEX_PROGRAM_ARB);
        glEnable(GL_FRAGMENT_PROGRAM_ARB);
        assert_eq!(glIsEnabled(GL_VERTEX_PROGRAM_ARB), 1);
        assert_eq!(get_int(GL_FRAGMENT_PROGRAM_ARB), 1);
        glDisable(GL_FRAGMENT_PROGRAM_ARB);
        assert_eq!(glIsEnabled(GL_FRAGMENT_PROGRAM_ARB), 0);
    }
    assert_eq!(error(), GL_NO_ERROR);
}

/// Clears to black, then draws a quad over x in 0..32 (the left half of the 64x32 window)
/// in colour (0, 0, 1).
fn draw_left_half() {
    window_ortho();
    unsafe {
        glClearColor(0.0, 0.0, 0.0, 1.0);
        glClear(GL_COLOR_BUFFER_BIT);
        glColor3f(0.0, 0.0, 1.0);
        glBegin(GL_QUADS);
        glVertex2f(0.0, 0.0);
        glVertex2f(32.0, 0.0);
        glVertex2f(32.0, 32.0);
        glVertex2f(0.0, 32.0);
        glEnd();
    }
}

fn close(a: [u8; 4], b: [u8; 4]) -> bool {
    a.iter().zip(b).all(|(x, y)| x.abs_diff(y) <= 2)
}

#[test]
fn vertex_program_draws_with_fixed_function_fragments() {
    let _ctx = current_compat_context();
    // The colour comes from an env parameter picked by relative addressing; a slot past
    // the array reads as zero.
    let text = "!!ARBvp1.0\nPARAM mvp[4] = { state.matrix.mvp };\nPARAM colors[2] = { {1, 0, 0, 1}, program.env[0] };\n\
        ADDRESS a;\nARL a.x, program.env[1].x;\n\
        DP4 result.position.x, mvp[0], vertex.position;\nDP4 result.position.y, mvp[1], vertex.position;\n\
        DP4 result.position.z, mvp[2], vertex.position;\nDP4 result.position.w, mvp[3], vertex.position;\n\
        MOV result.color, colors[a.x + 1];\nEND\n";
    unsafe {
        glBindProgramARB(GL_VERTEX_PROGRAM_ARB, 1);
        load(GL_VERTEX_PROGRAM_ARB, text);
        assert_eq!(error(), GL_NO_ERROR);
        glEnable(GL_VERTEX_PROGRAM_ARB);
        glProgramEnvParameter4fARB(GL_VERTEX_PROGRAM_ARB, 0, 0.0, 1.0, 0.0, 1.0);
        glProgramEnvParameter4fARB(GL_VERTEX_PROGRAM_ARB, 1, 0.0, 0.0, 0.0, 0.0);
    }
    draw_left_half();
    assert_eq!(error(), GL_NO_ERROR);
    assert!(close(pixel(8, 16), [0, 255, 0, 255]), "{:?}", pixel(8, 16));
    assert!(close(pixel(56, 16), [0, 0, 0, 255]), "{:?}", pixel(56, 16));
    // a.x = -1 reads colors[0]; a.x = 1 reads past the array.
    unsafe { glProgramEnvParameter4fARB(GL_VERTEX_PROGRAM_ARB, 1, -1.0, 0.0, 0.0, 0.0) };
    draw_left_half();
    assert!(close(pixel(8, 16), [255, 0, 0, 255]), "{:?}", pixel(8, 16));
    unsafe { glProgramEnvParameter4fARB(GL_VERTEX_PROGRAM_ARB, 1, 1.0, 0.0, 0.0, 0.0) };
    draw_left_half();
    assert_eq!(pixel(8, 16)[..3], [0, 0, 0]);
    // Disabled, fixed function draws the vertex colour again.
    unsafe { glDisable(GL_VERTEX_PROGRAM_ARB) };
    draw_left_half();
    assert!(close(pixel(8, 16), [0, 0, 255, 255]), "{:?}", pixel(8, 16));
}

#[test]
fn fragment_program_computes_and_kills() {
    let _ctx = current_compat_context();
    // rgb = color.bgr * local[0] + (0.5 where x >= 16); fragments right of x = 24 are killed.
    let text = "!!ARBfp1.0\nTEMP t, k;\nPARAM half = 0.5;\n\
        SGE t, fragment.position.x, 16;\nMUL t, t, half;\n\
        MAD_SAT t, fragment.color.zyxw, program.local[0], t;\n\
        SUB k, 24, fragment.position.x;\nKIL k.x;\n\
        MOV result.color, t;\nEND\n";
    unsafe {
        glBindProgramARB(GL_FRAGMENT_PROGRAM_ARB, 2);
        load(GL_FRAGMENT_PROGRAM_ARB, text);
        assert_eq!(error(), GL_NO_ERROR);
        glProgramLocalParameter4fARB(GL_FRAGMENT_PROGRAM_ARB, 0, 0.5, 1.0, 1.0, 1.0);
        glEnable(GL_FRAGMENT_PROGRAM_ARB);
    }
    draw_left_half();
    assert_eq!(error(), GL_NO_ERROR);
    // Colour (0, 0, 1) swizzled to (1, 0, 0) times 0.5.
    assert!(close(pixel(8, 16), [128, 0, 0, 255]), "{:?}", pixel(8, 16));
    assert!(close(pixel(20, 16), [255, 128, 128, 255]), "{:?}", pixel(20, 16));
    assert!(close(pixel(28, 16), [0, 0, 0, 255]), "{:?}", pixel(28, 16));
    // An enabled target without a valid program makes draws fail.
    unsafe { glBindProgramARB(GL_FRAGMENT_PROGRAM_ARB, 3) };
    draw_left_half();
    assert_eq!(error(), GL_INVALID_OPERATION);
}
