//! ARB_shader_subroutine in a 4.5 compatibility context offered on request
//! (`offer_requested_version`): the per-stage queries and the program interface
//! resources, draws that switch subroutines (a plain and an array subroutine uniform,
//! indexed by a uniform) read back, glUseProgram resetting the selection, the errors of
//! glUniformSubroutinesuiv, and a display list recording glUniformSubroutinesuiv and a
//! draw whose vertex buffer is deleted before the list runs.
//! One test in this binary, because it sets a process-wide environment variable.

mod common;

use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::*;
use gl_frontend::Profile;

const VERTEX: &str = "#version 150
in vec2 pos;
void main() { gl_Position = vec4(pos, 0.0, 1.0); }
";

const FRAGMENT: &str = "#version 150
#extension GL_ARB_shader_subroutine : require
out vec4 color;
uniform int pick;
subroutine vec4 colour_t(float x);
subroutine float chan_t();
subroutine uniform colour_t colour;
subroutine uniform chan_t chans[2];
subroutine(colour_t) vec4 red(float x) { return vec4(x, 0.0, 0.0, 1.0); }
subroutine(colour_t) vec4 green(float x) { return vec4(0.0, x, 0.0, 1.0); }
subroutine(chan_t) float full() { return 1.0; }
subroutine(chan_t) float empty() { return 0.0; }
void main() { color = colour(1.0) + vec4(0.0, 0.0, chans[pick](), 0.0); }
";

fn pixel() -> [u8; 4] {
    let mut rgba = [0u8; 4];
    unsafe { glReadPixels(10, 10, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, rgba.as_mut_ptr().cast()) };
    rgba
}

fn index(p: GLuint, name: &str) -> GLuint {
    let c = std::ffi::CString::new(name).unwrap();
    unsafe { glGetSubroutineIndex(p, GL_FRAGMENT_SHADER, c.as_ptr()) }
}

fn location(p: GLuint, name: &str) -> GLint {
    let c = std::ffi::CString::new(name).unwrap();
    unsafe { glGetSubroutineUniformLocation(p, GL_FRAGMENT_SHADER, c.as_ptr()) }
}

fn stage_value(p: GLuint, pname: GLenum) -> GLint {
    let mut v = -7;
    unsafe { glGetProgramStageiv(p, GL_FRAGMENT_SHADER, pname, &mut v) };
    v
}

/// Sets the three locations: `colour`, then `chans[0]`, `chans[1]`, in location order.
fn select(p: GLuint, colour: &str, chan0: &str, chan1: &str) {
    let mut indices = [0u32; 3];
    indices[location(p, "colour") as usize] = index(p, colour);
    indices[location(p, "chans[0]") as usize] = index(p, chan0);
    indices[location(p, "chans[1]") as usize] = index(p, chan1);
    unsafe { glUniformSubroutinesuiv(GL_FRAGMENT_SHADER, 3, indices.as_ptr()) };
}

#[test]
fn subroutine_uniforms_select_the_function_a_draw_calls() {
    let _ctx = current_context_with_override(4, 5, Profile::Compatibility);
    let p = linked_program(&[(GL_VERTEX_SHADER, VERTEX), (GL_FRAGMENT_SHADER, FRAGMENT)]);
    unsafe {
        assert_eq!(get_int(GL_MAX_SUBROUTINES), 256);
        assert_eq!(get_int(GL_MAX_SUBROUTINE_UNIFORM_LOCATIONS), 1024);
        assert_eq!(stage_value(p, GL_ACTIVE_SUBROUTINES), 4);
        assert_eq!(stage_value(p, GL_ACTIVE_SUBROUTINE_UNIFORMS), 2);
        assert_eq!(stage_value(p, GL_ACTIVE_SUBROUTINE_UNIFORM_LOCATIONS), 3);
        assert_eq!(stage_value(p, GL_ACTIVE_SUBROUTINE_MAX_LENGTH), "green".len() as GLint + 1);
        assert_eq!(stage_value(p, GL_ACTIVE_SUBROUTINE_UNIFORM_MAX_LENGTH), "chans[0]".len() as GLint + 1);
        let mut v = -7;
        glGetProgramStageiv(p, GL_VERTEX_SHADER, GL_ACTIVE_SUBROUTINES, &mut v);
        assert_eq!(v, 0, "the vertex stage has none");
        let mut indices: Vec<GLuint> = ["red", "green", "full", "empty"].iter().map(|n| index(p, n)).collect();
        assert!(indices.iter().all(|&i| i < 4));
        indices.sort_unstable();
        indices.dedup();
        assert_eq!(indices.len(), 4, "distinct indices");
        assert_eq!(index(p, "main"), GL_INVALID_INDEX);
        assert_eq!(location(p, "chans[1]"), location(p, "chans") + 1);
        assert_eq!(location(p, "nothing"), -1);

        // The uniform's compatible subroutines, by the old query and by the resource one.
        let chans = (0..2u32)
            .find(|&u| {
                let mut name = [0 as GLchar; 32];
                let mut len = 0;
                glGetActiveSubroutineUniformName(p, GL_FRAGMENT_SHADER, u, 32, &mut len, name.as_mut_ptr());
                std::ffi::CStr::from_ptr(name.as_ptr()).to_str().unwrap() == "chans[0]"
            })
            .expect("chans is listed");
        let mut n = 0;
        glGetActiveSubroutineUniformiv(p, GL_FRAGMENT_SHADER, chans, GL_NUM_COMPATIBLE_SUBROUTINES, &mut n);
        assert_eq!(n, 2);
        let mut compatible = [0; 2];
        glGetActiveSubroutineUniformiv(p, GL_FRAGMENT_SHADER, chans, GL_COMPATIBLE_SUBROUTINES, compatible.as_mut_ptr());
        compatible.sort_unstable();
        let mut want = [index(p, "full") as GLint, index(p, "empty") as GLint];
        want.sort_unstable();
        assert_eq!(compatible, want);
        glGetActiveSubroutineUniformiv(p, GL_FRAGMENT_SHADER, chans, GL_UNIFORM_SIZE, &mut n);
        assert_eq!(n, 2);
        let props = [GL_NUM_COMPATIBLE_SUBROUTINES, GL_ARRAY_SIZE, GL_LOCATION];
        let mut values = [0; 3];
        glGetProgramResourceiv(p, GL_FRAGMENT_SUBROUTINE_UNIFORM, chans, 3, props.as_ptr(), 3, std::ptr::null_mut(), values.as_mut_ptr());
        assert_eq!(values, [2, 2, location(p, "chans")]);
        let mut name = [0 as GLchar; 32];
        glGetActiveSubroutineName(p, GL_FRAGMENT_SHADER, index(p, "empty"), 32, std::ptr::null_mut(), name.as_mut_ptr());
        assert_eq!(std::ffi::CStr::from_ptr(name.as_ptr()).to_str().unwrap(), "empty");
        let mut resources = 0;
        glGetProgramInterfaceiv(p, GL_FRAGMENT_SUBROUTINE, GL_ACTIVE_RESOURCES, &mut resources);
        assert_eq!(resources, 4);
        assert_eq!(glGetError(), GL_NO_ERROR);

        // Draws read back: the selection decides the colour.
        glUseProgram(p);
        let pick = glGetUniformLocation(p, c"pick".as_ptr());
        glUniform1i(pick, 1);
        select(p, "green", "empty", "full");
        assert_eq!(glGetError(), GL_NO_ERROR);
        draw_full_window_quad();
        assert_eq!(pixel(), [0, 255, 255, 255]);
        select(p, "red", "full", "empty");
        glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
        assert_eq!(pixel(), [255, 0, 0, 255]);
        glUniform1i(pick, 0);
        glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
        assert_eq!(pixel(), [255, 0, 255, 255]);
        let mut selected = 99;
        glGetUniformSubroutineuiv(GL_FRAGMENT_SHADER, location(p, "colour"), &mut selected);
        assert_eq!(selected, index(p, "red"));

        // Errors glUniformSubroutinesuiv reports.
        let two = [index(p, "red"); 2];
        glUniformSubroutinesuiv(GL_FRAGMENT_SHADER, 2, two.as_ptr());
        assert_eq!(glGetError(), GL_INVALID_VALUE, "a count other than the locations");
        let wrong = [index(p, "full"); 3];
        glUniformSubroutinesuiv(GL_FRAGMENT_SHADER, 3, wrong.as_ptr());
        assert_eq!(glGetError(), GL_INVALID_OPERATION, "a subroutine of another type");
        let beyond = [77u32; 3];
        glUniformSubroutinesuiv(GL_FRAGMENT_SHADER, 3, beyond.as_ptr());
        assert_eq!(glGetError(), GL_INVALID_VALUE, "no such subroutine");
        glUniformSubroutinesuiv(GL_VERTEX_SHADER, 0, std::ptr::null());
        glGetUniformSubroutineuiv(GL_FRAGMENT_SHADER, 3, &mut selected);
        assert_eq!(glGetError(), GL_INVALID_VALUE, "a location past the last");

        // A display list replays the selection and the draw, although the draw's vertex
        // buffer is gone by then.
        let mut vbo = 0;
        glGenBuffers(1, &mut vbo);
        glBindBuffer(GL_ARRAY_BUFFER, vbo);
        let quad: [f32; 8] = [-1.0, -1.0, 1.0, -1.0, -1.0, 1.0, 1.0, 1.0];
        glBufferData(GL_ARRAY_BUFFER, 32, quad.as_ptr().cast(), GL_STATIC_DRAW);
        glVertexAttribPointer(0, 2, GL_FLOAT, 0, 0, std::ptr::null());
        glEnableVertexAttribArray(0);
        let list = glGenLists(1);
        glNewList(list, GL_COMPILE);
        select(p, "green", "empty", "empty");
        glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
        glEndList();
        assert_eq!(glGetError(), GL_NO_ERROR);
        glDeleteBuffers(1, &vbo);
        glClear(GL_COLOR_BUFFER_BIT);
        select(p, "red", "full", "full");
        glCallList(list);
        assert_eq!(glGetError(), GL_NO_ERROR);
        assert_eq!(pixel(), [0, 255, 0, 255]);

        // glUseProgram sets every location back to a compatible default.
        glUseProgram(0);
        glUseProgram(p);
        glGetUniformSubroutineuiv(GL_FRAGMENT_SHADER, location(p, "chans"), &mut selected);
        assert!(selected == index(p, "full") || selected == index(p, "empty"));
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
}
