//! glClipControl's depth mode where the device's depth clip control is not used
//! (a context asking to emulate clip_control, as GALVAN_EMULATE=clip_control does): the shader
//! epilogue maps depth by the mode current at each draw, read back through depth tests.

mod common;

use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::{ContextConfig, Profile};

const VS: &str = "#version 130
in vec2 pos;
void main() { gl_Position = vec4(pos, 0.25, 1.0); }";
const FS: &str = "#version 130
void main() { gl_FragColor = vec4(0.0, 1.0, 0.0, 1.0); }";

/// Clears colour to black and depth to `depth`, draws the window-covering quad at clip
/// z = 0.25 with GL_LESS, and returns the centre pixel.
fn draw_against(depth: f64) -> [u8; 4] {
    let quad: [f32; 12] = [-1.0, -1.0, 1.0, -1.0, 1.0, 1.0, -1.0, -1.0, 1.0, 1.0, -1.0, 1.0];
    let mut p = [0u8; 4];
    unsafe {
        glClearColor(0.0, 0.0, 0.0, 1.0);
        glClearDepth(depth);
        glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
        glVertexAttribPointer(0, 2, GL_FLOAT, 0, 0, quad.as_ptr().cast());
        glEnableVertexAttribArray(0);
        glDrawArrays(GL_TRIANGLES, 0, 6);
        glReadPixels(32, 16, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, p.as_mut_ptr().cast());
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
    p
}

#[test]
fn emulated_clip_control_follows_the_depth_mode_of_each_draw() {
    let _ctx = current_context_offered(ContextConfig { major: 4, minor: 5, profile: Profile::Compatibility, emulate: Some("clip_control"), ..Default::default() });
    const GREEN: [u8; 4] = [0, 255, 0, 255];
    const BLACK: [u8; 4] = [0, 0, 0, 255];
    unsafe {
        let p = glCreateProgram();
        glAttachShader(p, compiled_shader(GL_VERTEX_SHADER, VS));
        glAttachShader(p, compiled_shader(GL_FRAGMENT_SHADER, FS));
        glBindAttribLocation(p, 0, c"pos".as_ptr());
        glLinkProgram(p);
        glUseProgram(p);
        glEnable(GL_DEPTH_TEST);
        glDepthFunc(GL_LESS);
    }
    // [-1, 1]: clip z = 0.25 is depth 0.625.
    assert_eq!(draw_against(0.6), BLACK, "0.625 fails against 0.6");
    assert_eq!(draw_against(0.65), GREEN, "0.625 passes against 0.65");
    // [0, 1]: the same program, no relink, now writes depth 0.25.
    unsafe { glClipControl(GL_LOWER_LEFT, GL_ZERO_TO_ONE) };
    assert_eq!(draw_against(0.3), GREEN, "0.25 passes against 0.3");
    assert_eq!(draw_against(0.2), BLACK, "0.25 fails against 0.2");
    unsafe { glClipControl(GL_LOWER_LEFT, GL_NEGATIVE_ONE_TO_ONE) };
    assert_eq!(draw_against(0.6), BLACK, "back to [-1, 1]: 0.625 again");
}
