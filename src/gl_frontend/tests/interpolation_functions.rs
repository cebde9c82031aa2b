//! interpolateAtCentroid / AtSample / AtOffset (GLSL 4.00, ARB_gpu_shader5): a varying that
//! equals the window x coordinate reads the pixel centre at the centroid and at sample 0 of
//! a single-sampled framebuffer; and the SPIR-V of interpolants of every shape (whole
//! variables, array elements, block and struct members, all three functions) passes spirv-val.
//! (interpolateAtOffset is not drawn: lavapipe ignores the offset, under zink as well.)
//! One draw test in this binary, because it sets a process-wide environment variable.

mod common;

use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::Profile;

const VERTEX: &str = "#version 400 core
layout(location = 0) in vec2 pos;
out float window_x;
void main() {
    gl_Position = vec4(pos, 0.0, 1.0);
    window_x = (pos.x * 0.5 + 0.5) * 64.0;
}
";
const FRAGMENT: &str = "#version 400 core
in float window_x;
out vec4 color;
void main() {
    float centre = interpolateAtCentroid(window_x) - gl_FragCoord.x;
    float sample0 = interpolateAtSample(window_x, 0) - gl_FragCoord.x;
    bool ok = abs(centre) < 0.01 && abs(sample0) < 0.01;
    color = ok ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, centre + 0.5, sample0 + 0.5, 1.0);
}
";

#[test]
fn interpolation_at_centroid_and_sample_read_the_pixel_centre() {
    let _ctx = current_context_with_override(4, 0, Profile::Core);
    let p = linked_program(&[(GL_VERTEX_SHADER, VERTEX), (GL_FRAGMENT_SHADER, FRAGMENT)]);
    let mut pixels = [0u8; 4 * 64 * 32];
    unsafe {
        glUseProgram(p);
        draw_full_window_quad();
        assert_eq!(glGetError(), GL_NO_ERROR);
        glReadPixels(0, 0, 64, 32, GL_RGBA, GL_UNSIGNED_BYTE, pixels.as_mut_ptr().cast());
    }
    for (i, px) in pixels.chunks_exact(4).enumerate() {
        assert_eq!(px, [0, 255, 0, 255], "pixel ({}, {})", i % 64, i / 64);
    }
}

#[test]
fn interpolants_of_every_shape_pass_spirv_val() {
    spirv::assert_program_valid(&[
        (
            glsl::Stage::Vertex,
            "#version 400
in vec4 pos;
out vec4 v;
out float arr[3];
out Block { vec2 m; } blk;
struct S { vec3 a; float b; };
out S s;
void main() {
    gl_Position = pos; v = pos; arr[0] = pos.x; arr[1] = pos.y; arr[2] = pos.z;
    blk.m = pos.zw; s.a = pos.xyz; s.b = pos.w;
}",
        ),
        (
            glsl::Stage::Fragment,
            "#version 400
in vec4 v;
in float arr[3];
in Block { vec2 m; } blk;
struct S { vec3 a; float b; };
in S s;
uniform int i;
out vec4 color;
void main() {
    vec2 sw = interpolateAtCentroid(v).yx;
    float e = interpolateAtSample(arr[i], gl_SampleID);
    vec2 m = interpolateAtOffset(blk.m, vec2(0.25, -0.25));
    vec3 a = interpolateAtCentroid(s.a);
    float c = interpolateAtOffset(arr[1], vec2(0.0));
    color = vec4(sw + m, e + a.x + c, s.b + gl_SamplePosition.x);
    gl_SampleMask[0] = gl_SampleMaskIn[0];
}",
        ),
    ]);
}
