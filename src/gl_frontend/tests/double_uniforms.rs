//! Double-precision uniforms (ARB_gpu_shader_fp64, GL 4.0) in a 4.0 core context offered
//! through `offer_requested_version`: values written with glUniform*d read back exactly,
//! matrices honour `transpose`, and mismatched setters are GL_INVALID_OPERATION.
//! One test in this binary, because it sets a process-wide environment variable.

mod common;

use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::*;
use gl_frontend::{make_current, Api, Context, ContextConfig, Profile};

const VERTEX: &str = "#version 400 core
layout(location = 0) in vec2 pos;
uniform dvec2 offset;
uniform dmat2 m;
uniform double scale[2];
void main() { gl_Position = vec4(vec2(m * (dvec2(pos) + offset) * scale[1]), 0.0, 1.0); }
";
const FRAGMENT: &str = "#version 400 core\nout vec4 color;\nvoid main() { color = vec4(0.0, 1.0, 0.0, 1.0); }\n";

fn program() -> GLuint {
    linked_program(&[(GL_VERTEX_SHADER, VERTEX), (GL_FRAGMENT_SHADER, FRAGMENT)])
}

#[test]
fn double_uniforms_round_trip_exactly() {
    let config = ContextConfig { api: Api::Gl, major: 4, minor: 0, profile: Profile::Core, offer_requested_version: true, ..Default::default() };
    let ctx = Context::new(device(), &config, None).expect("4.0 core offered on request");
    let window = surface();
    make_current(&ctx, Some(window.clone()), Some(window)).unwrap();
    let p = program();
    let (offset, m, scale) = (uniform_location(p, "offset"), uniform_location(p, "m"), uniform_location(p, "scale[1]"));
    assert!(offset >= 0 && m >= 0 && scale >= 0);
    unsafe {
        glUseProgram(p);
        // Values a float cannot hold: they must come back bit for bit.
        let x = 0.1f64;
        let y = 1.0 / 3.0;
        glUniform2d(offset, x, y);
        assert_eq!(glGetError(), GL_NO_ERROR);
        let mut back = [0.0f64; 2];
        glGetUniformdv(p, offset, back.as_mut_ptr());
        assert_eq!(back, [x, y]);
        let mut as_float = [0.0f32; 2];
        glGetUniformfv(p, offset, as_float.as_mut_ptr());
        assert_eq!(as_float, [x as f32, y as f32]);

        // Row-major input with transpose = TRUE lands column-major.
        let rows = [1.0f64, 2.0, 3.0, 4.0];
        glUniformMatrix2dv(m, 1, GL_TRUE as GLboolean, rows.as_ptr());
        let mut cols = [0.0f64; 4];
        glGetUniformdv(p, m, cols.as_mut_ptr());
        assert_eq!(cols, [1.0, 3.0, 2.0, 4.0]);

        glUniform1dv(scale, 1, [2.5f64].as_ptr());
        let mut s = [0.0f64];
        glGetUniformdv(p, scale, s.as_mut_ptr());
        assert_eq!(s, [2.5]);

        // A float setter on a double uniform, or a size mismatch, changes nothing.
        glUniform2f(offset, 9.0, 9.0);
        assert_eq!(glGetError(), GL_INVALID_OPERATION);
        glUniform3d(offset, 9.0, 9.0, 9.0);
        assert_eq!(glGetError(), GL_INVALID_OPERATION);
        glGetUniformdv(p, offset, back.as_mut_ptr());
        assert_eq!(back, [x, y]);
    }
}
