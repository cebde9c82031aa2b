//! 64-bit integer uniforms (ARB_gpu_shader_int64) in a 4.0 core context offered on request
//! (`offer_requested_version`): values beyond 32 bits reach the shader (a pixel drawn green
//! only when they compare equal there) and read back exactly; setters of another kind are
//! GL_INVALID_OPERATION, doubles and 64-bit integers on a bool included.
//! One test in this binary, because it sets a process-wide environment variable.

mod common;

use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::Profile;

const VERTEX: &str = "#version 400 core
layout(location = 0) in vec2 pos;
void main() { gl_Position = vec4(pos, 0.0, 1.0); }
";
const FRAGMENT: &str = "#version 400 core
#extension GL_ARB_gpu_shader_int64 : require
uniform i64vec2 big;
uniform uint64_t huge;
uniform bool flag;
out vec4 color;
void main() {
    bool ok = big == i64vec2(-5000000000l, 0x123456789abl) && huge == 0xfedcba9876543210ul && flag;
    color = ok ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);
}
";

fn centre_pixel() -> [u8; 4] {
    let mut p = [0u8; 4];
    unsafe { glReadPixels(8, 8, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, p.as_mut_ptr().cast()) };
    p
}

#[test]
fn int64_uniforms_reach_the_shader_and_round_trip() {
    let _ctx = current_context_with_override(4, 0, Profile::Core);
    let p = linked_program(&[(GL_VERTEX_SHADER, VERTEX), (GL_FRAGMENT_SHADER, FRAGMENT)]);
    let (big, huge, flag) = (uniform_location(p, "big"), uniform_location(p, "huge"), uniform_location(p, "flag"));
    assert!(big >= 0 && huge >= 0 && flag >= 0);
    unsafe {
        glUseProgram(p);
        let values = [-5_000_000_000i64, 0x123_4567_89ab];
        glUniform2i64vARB(big, 1, values.as_ptr());
        glUniform1ui64ARB(huge, 0xfedc_ba98_7654_3210);
        glUniform1i(flag, 1);
        assert_eq!(glGetError(), GL_NO_ERROR);

        let mut back = [0i64; 2];
        glGetUniformi64vARB(p, big, back.as_mut_ptr());
        assert_eq!(back, values);
        let mut u = [0u64];
        glGetUniformui64vARB(p, huge, u.as_mut_ptr());
        assert_eq!(u, [0xfedc_ba98_7654_3210]);
        let mut as_double = [0.0f64; 2];
        glGetUniformdv(p, big, as_double.as_mut_ptr());
        assert_eq!(as_double, [-5e9, 0x123_4567_89abi64 as f64]);

        draw_full_window_quad();
        assert_eq!(glGetError(), GL_NO_ERROR);
        assert_eq!(centre_pixel(), [0, 255, 0, 255], "the shader saw every 64-bit value");

        // Setters of the wrong kind or size change nothing.
        glUniform2i(big, 1, 2);
        assert_eq!(glGetError(), GL_INVALID_OPERATION);
        glUniform2ui64ARB(big, 1, 2);
        assert_eq!(glGetError(), GL_INVALID_OPERATION);
        glUniform3i64ARB(big, 1, 2, 3);
        assert_eq!(glGetError(), GL_INVALID_OPERATION);
        glUniform1i64ARB(flag, 0);
        assert_eq!(glGetError(), GL_INVALID_OPERATION);
        glUniform1d(flag, 0.0);
        assert_eq!(glGetError(), GL_INVALID_OPERATION);
        glGetUniformi64vARB(p, big, back.as_mut_ptr());
        assert_eq!(back, values);

        // A changed value is seen by the next draw.
        glUniform1ui64ARB(huge, 1);
        draw_full_window_quad();
        assert_eq!(centre_pixel(), [255, 0, 0, 255]);
    }
}
