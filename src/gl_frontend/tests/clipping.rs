//! Clipping a program's primitives: gl_ClipDistance with the GL_CLIP_DISTANCEi enables,
//! and the compatibility profile's glClipPlane against gl_ClipVertex or gl_Position,
//! read back with glReadPixels.

mod common;

use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::*;
use gl_frontend::{make_current, Api, Context, ContextConfig, Profile};

/// A context of `config`'s version, offered even where galvan does not advertise it yet.
fn context_with_override(config: &ContextConfig) -> std::sync::Arc<Context> {
    let config = ContextConfig { offer_requested_version: true, ..*config };
    Context::new(device(), &config, None).expect("a context of the requested version")
}

fn context() -> std::sync::Arc<Context> {
    let config = ContextConfig { api: Api::Gl, major: 3, minor: 0, profile: Profile::Compatibility, ..Default::default() };
    let ctx = context_with_override(&config);
    let window = surface();
    make_current(&ctx, Some(window.clone()), Some(window)).unwrap();
    ctx
}

const FS: &str = "#version 130
void main() { gl_FragColor = vec4(0.0, 1.0, 0.0, 1.0); }";

const GREEN: [u8; 4] = [0, 255, 0, 255];
const BLACK: [u8; 4] = [0, 0, 0, 255];

/// A program with `vs`, the attribute `pos` at location 0, in use.
fn use_program(vs: &str) -> GLuint {
    unsafe {
        let p = glCreateProgram();
        glAttachShader(p, compiled_shader(GL_VERTEX_SHADER, vs));
        glAttachShader(p, compiled_shader(GL_FRAGMENT_SHADER, FS));
        glBindAttribLocation(p, 0, c"pos".as_ptr());
        glLinkProgram(p);
        let mut ok = 0;
        glGetProgramiv(p, GL_LINK_STATUS, &mut ok);
        assert_eq!(ok, 1, "the program links");
        glUseProgram(p);
        p
    }
}

/// Clears to black and draws a quad covering the 64x32 window.
fn draw_window_quad() {
    let quad: [f32; 12] = [-1.0, -1.0, 1.0, -1.0, 1.0, 1.0, -1.0, -1.0, 1.0, 1.0, -1.0, 1.0];
    unsafe {
        let mut vbo = 0;
        glGenBuffers(1, &mut vbo);
        glBindBuffer(GL_ARRAY_BUFFER, vbo);
        glBufferData(GL_ARRAY_BUFFER, 48, quad.as_ptr().cast(), GL_STATIC_DRAW);
        glVertexAttribPointer(0, 2, GL_FLOAT, 0, 0, std::ptr::null());
        glEnableVertexAttribArray(0);
        glClearColor(0.0, 0.0, 0.0, 1.0);
        glClear(GL_COLOR_BUFFER_BIT);
        glDrawArrays(GL_TRIANGLES, 0, 6);
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
}

#[test]
fn clip_distances_clip_only_where_enabled() {
    let _ctx = context();
    // Plane 0 keeps x >= 0 (the right half), plane 1 keeps y >= 0 (the upper half).
    use_program(
        "#version 130
        in vec2 pos;
        out float gl_ClipDistance[2];
        void main() {
            gl_Position = vec4(pos, 0.0, 1.0);
            gl_ClipDistance[0] = pos.x;
            gl_ClipDistance[1] = pos.y;
        }",
    );
    unsafe { assert_eq!(glIsEnabled(GL_CLIP_DISTANCE0), 0) };
    draw_window_quad();
    assert_eq!(pixel(8, 8), GREEN, "no plane enabled: nothing is clipped");
    unsafe { glEnable(GL_CLIP_DISTANCE0) };
    draw_window_quad();
    assert_eq!(pixel(8, 8), BLACK, "plane 0 clips the left half");
    assert_eq!(pixel(56, 8), GREEN, "the right half stays");
    unsafe {
        glDisable(GL_CLIP_DISTANCE0);
        glEnable(GL_CLIP_DISTANCE1);
    }
    draw_window_quad();
    assert_eq!(pixel(8, 8), BLACK, "plane 1 clips the lower half");
    assert_eq!(pixel(8, 24), GREEN, "the upper left stays with plane 0 off");
}

#[test]
fn clip_distances_computed_by_functions_returning_arrays_matrices_and_structs() {
    let _ctx = context();
    use_program(
        "#version 130
        in vec2 pos;
        struct Scale { float a; vec2 b; };
        float[2] distances(vec2 p) { float d[2]; d[0] = p.y; d[1] = 1.0; return d; }
        mat2 swap() { return mat2(0.0, 1.0, 1.0, 0.0); }
        Scale scale(float a) { return Scale(a, vec2(1.0, 2.0)); }
        void never_called(void) { gl_ClipDistance[1] = -1.0; }
        void main() {
            gl_Position = vec4(pos, 0.0, 1.0);
            // swap() * pos.yx is pos again; a wrong matrix would clip by x instead.
            float d[2] = distances(swap() * pos.yx);
            Scale s = scale(3.0);
            gl_ClipDistance[0] = d[0] * s.a * s.b.y;
            gl_ClipDistance[1] = d[1];
        }",
    );
    unsafe {
        glEnable(GL_CLIP_DISTANCE0);
        glEnable(GL_CLIP_DISTANCE1);
    }
    draw_window_quad();
    assert_eq!(pixel(8, 28), GREEN, "upper left stays");
    assert_eq!(pixel(56, 28), GREEN, "upper right stays");
    assert_eq!(pixel(8, 4), BLACK, "lower left is clipped");
    assert_eq!(pixel(56, 4), BLACK, "lower right is clipped");
}

#[test]
fn clip_planes_clip_gl_position_without_clip_outputs() {
    let _ctx = context();
    use_program(
        "#version 130
        in vec2 pos;
        void main() { gl_Position = vec4(pos, 0.0, 1.0); }",
    );
    unsafe {
        // Keeps x <= 0.5: the plane meets gl_Position as the shader wrote it.
        glClipPlane(GL_CLIP_PLANE0, [-1.0, 0.0, 0.0, 0.5].as_ptr());
        glEnable(GL_CLIP_PLANE0);
    }
    draw_window_quad();
    assert_eq!(pixel(40, 16), GREEN, "x = 0.25 is kept");
    assert_eq!(pixel(56, 16), BLACK, "x = 0.75 is clipped");
    unsafe {
        // GLSL 1.30 section 7.1: without gl_ClipVertex, gl_Position itself is compared with
        // the planes, so a projection matrix the shader does not use moves nothing.
        glMatrixMode(GL_PROJECTION);
        glScalef(0.5, 1.0, 1.0);
    }
    draw_window_quad();
    assert_eq!(pixel(40, 16), GREEN, "x = 0.27 is kept");
    assert_eq!(pixel(56, 16), BLACK, "x = 0.77 is clipped");
}

#[test]
fn clip_planes_clip_gl_clip_vertex_in_eye_space() {
    let _ctx = context();
    use_program(
        "#version 120
        attribute vec2 pos;
        void main() {
            gl_Position = vec4(pos, 0.0, 1.0);
            gl_ClipVertex = vec4(pos.y, 0.0, 0.0, 1.0);
        }",
    );
    unsafe {
        // The modelview when the plane is given moves it: x >= 0 under a translation
        // by 0.5 is x >= 0.5 in eye space.
        glTranslatef(0.5, 0.0, 0.0);
        glClipPlane(GL_CLIP_PLANE3, [1.0, 0.0, 0.0, 0.0].as_ptr());
        glLoadIdentity();
        let mut eq = [0.0f64; 4];
        glGetClipPlane(GL_CLIP_PLANE3, eq.as_mut_ptr());
        assert_eq!(eq, [1.0, 0.0, 0.0, -0.5]);
        glEnable(GL_CLIP_PLANE3);
    }
    // gl_ClipVertex.x is the window's y: rows above y = 0.5 (window row 24) stay.
    draw_window_quad();
    assert_eq!(pixel(32, 28), GREEN);
    assert_eq!(pixel(32, 20), BLACK);
}

#[test]
fn clip_plane_errors() {
    let _ctx = context();
    unsafe {
        glClipPlane(GL_CLIP_PLANE0 + 8, [0.0; 4].as_ptr());
        assert_eq!(glGetError(), GL_INVALID_ENUM);
        let mut eq = [7.0f64; 4];
        glGetClipPlane(GL_TEXTURE_2D, eq.as_mut_ptr());
        assert_eq!(glGetError(), GL_INVALID_ENUM);
        assert_eq!(eq, [7.0; 4], "nothing written on error");
        glGetClipPlane(GL_CLIP_PLANE0 + 7, eq.as_mut_ptr());
        assert_eq!(eq, [0.0; 4], "planes start as zero");
        assert_eq!(get_int(GL_MAX_CLIP_PLANES), 8);
        assert_eq!(get_int(GL_MAX_CLIP_DISTANCES), 8);
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
}

#[test]
fn clip_planes_are_compatibility_only() {
    let config = ContextConfig { api: Api::Gl, major: 3, minor: 2, profile: Profile::Core, ..Default::default() };
    let ctx = context_with_override(&config);
    make_current(&ctx, None, None).unwrap();
    unsafe {
        glClipPlane(GL_CLIP_PLANE0, [0.0; 4].as_ptr());
        assert_eq!(glGetError(), GL_INVALID_OPERATION);
    }
}

#[test]
fn clip_control_flips_the_origin_and_keeps_depth_as_given() {
    let _ctx = context();
    use_program(
        "#version 130
        in vec2 pos;
        // The upper half of the window, at depth 0.25.
        void main() { gl_Position = vec4(pos.x, pos.y * 0.5 + 0.5, 0.25, 1.0); }",
    );
    unsafe {
        assert_eq!(get_int(GL_CLIP_ORIGIN), GL_LOWER_LEFT as i32);
        assert_eq!(get_int(GL_CLIP_DEPTH_MODE), GL_NEGATIVE_ONE_TO_ONE as i32);
        glClipControl(GL_UPPER_LEFT, GL_TEXTURE_2D);
        assert_eq!(glGetError(), GL_INVALID_ENUM);
        glClipControl(GL_TEXTURE_2D, GL_ZERO_TO_ONE);
        assert_eq!(glGetError(), GL_INVALID_ENUM);
        assert_eq!(get_int(GL_CLIP_ORIGIN), GL_LOWER_LEFT as i32, "errors change nothing");
        // Culling back faces must not lose the quad when the origin flips.
        glEnable(GL_CULL_FACE);
    }
    draw_window_quad();
    assert_eq!(pixel(32, 28), GREEN, "lower-left origin: the upper half is drawn");
    assert_eq!(pixel(32, 4), BLACK);
    unsafe {
        glClipControl(GL_UPPER_LEFT, GL_NEGATIVE_ONE_TO_ONE);
        assert_eq!(get_int(GL_CLIP_ORIGIN), GL_UPPER_LEFT as i32);
    }
    draw_window_quad();
    assert_eq!(pixel(32, 4), GREEN, "upper-left origin: clip y > 0 lands on the lower rows");
    assert_eq!(pixel(32, 28), BLACK);

    // Depth: with [-1, 1] z = 0.25 is depth 0.625, with [0, 1] it is 0.25.
    unsafe {
        glClipControl(GL_LOWER_LEFT, GL_NEGATIVE_ONE_TO_ONE);
        glEnable(GL_DEPTH_TEST);
        glDepthFunc(GL_LESS);
        glClearDepth(0.5);
        glClear(GL_DEPTH_BUFFER_BIT);
    }
    draw_window_quad();
    assert_eq!(pixel(32, 28), BLACK, "0.625 fails the test against 0.5");
    unsafe {
        glClipControl(GL_LOWER_LEFT, GL_ZERO_TO_ONE);
        assert_eq!(get_int(GL_CLIP_DEPTH_MODE), GL_ZERO_TO_ONE as i32);
        glClear(GL_DEPTH_BUFFER_BIT);
    }
    draw_window_quad();
    assert_eq!(pixel(32, 28), GREEN, "0.25 passes the test against 0.5");
    unsafe {
        glDisable(GL_DEPTH_TEST);
        glClipControl(GL_LOWER_LEFT, GL_NEGATIVE_ONE_TO_ONE);
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
}

#[test]
fn cull_distances_drop_whole_primitives() {
    let config = ContextConfig { api: Api::Gl, major: 4, minor: 5, profile: Profile::Compatibility, ..Default::default() };
    let ctx = context_with_override(&config);
    let window = surface();
    make_current(&ctx, Some(window.clone()), Some(window)).unwrap();
    assert_eq!(get_int(GL_MAX_CULL_DISTANCES), 8);
    assert_eq!(get_int(GL_MAX_COMBINED_CLIP_AND_CULL_DISTANCES), 8);
    // The quad's first triangle (below the diagonal) has every vertex outside plane 0;
    // the second has none outside. Cull distances need no enable.
    use_program(
        "#version 450 compatibility
        in vec2 pos;
        out float gl_CullDistance[1];
        void main() {
            gl_Position = vec4(pos, 0.0, 1.0);
            gl_CullDistance[0] = gl_VertexID < 3 ? -1.0 : 1.0;
        }",
    );
    draw_window_quad();
    assert_eq!(pixel(56, 4), BLACK, "the culled triangle is gone");
    assert_eq!(pixel(8, 28), GREEN, "the other triangle stays");
}

#[test]
fn depth_clamp_keeps_a_raster_position_beyond_the_near_plane() {
    let _ctx = context();
    let raster = || unsafe {
        let mut valid = 0;
        glGetIntegerv(GL_CURRENT_RASTER_POSITION_VALID, &mut valid);
        let mut pos = [0.0f32; 4];
        glGetFloatv(GL_CURRENT_RASTER_POSITION, pos.as_mut_ptr());
        (valid, pos[2])
    };
    unsafe {
        // Identity matrices: object z = -2 is clip z = -2, in front of the near plane.
        glRasterPos3f(0.0, 0.0, -2.0);
        assert_eq!(raster().0, 0, "without depth clamping the near plane clips it");
        glEnable(GL_DEPTH_CLAMP);
        glRasterPos3f(0.0, 0.0, -2.0);
        assert_eq!(raster(), (1, 0.0), "clamped to the near end of the depth range");
        glDepthRange(0.75, 0.25);
        glRasterPos3f(0.0, 0.0, -2.0);
        assert_eq!(raster(), (1, 0.75), "clamped to the depth range's own near value");
        glRasterPos3f(0.0, 2.0, -2.0);
        assert_eq!(raster().0, 0, "the side planes still clip");
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
}

/// Clears to black and draws a window-covering quad in immediate mode with no program:
/// green, at eye-space z = `z` under an identity projection and modelview.
fn draw_fixed_function_quad(z: f32) {
    unsafe {
        glClearColor(0.0, 0.0, 0.0, 1.0);
        glClear(GL_COLOR_BUFFER_BIT);
        glColor4f(0.0, 1.0, 0.0, 1.0);
        glBegin(GL_QUADS);
        glVertex3f(-1.0, -1.0, z);
        glVertex3f(1.0, -1.0, z);
        glVertex3f(1.0, 1.0, z);
        glVertex3f(-1.0, 1.0, z);
        glEnd();
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
}

#[test]
fn fixed_function_clips_with_eye_space_planes() {
    let _ctx = context();
    unsafe {
        // x <= 0 given under a translation by 0.5 in x is x <= 0.5 in eye space.
        glTranslatef(0.5, 0.0, 0.0);
        glClipPlane(GL_CLIP_PLANE2, [-1.0, 0.0, 0.0, 0.0].as_ptr());
        glLoadIdentity();
    }
    // Not enabled yet: nothing is clipped.
    draw_fixed_function_quad(0.0);
    assert_eq!(pixel(56, 16), GREEN, "a disabled plane clips nothing");
    unsafe { glEnable(GL_CLIP_PLANE2) };
    draw_fixed_function_quad(0.0);
    assert_eq!(pixel(40, 16), GREEN, "x = 0.27 is kept");
    assert_eq!(pixel(56, 16), BLACK, "x = 0.77 is clipped");
    assert_eq!(pixel(8, 16), GREEN, "the left half is kept");
    unsafe {
        // The modelview at draw time moves the vertices, not the plane: with the quad
        // shifted right by 0.25 the plane still keeps eye x <= 0.5 (a plane moved along
        // would keep x <= 0.75).
        glTranslatef(0.25, 0.0, 0.0);
    }
    draw_fixed_function_quad(0.0);
    assert_eq!(pixel(40, 16), GREEN, "eye x = 0.27 is kept");
    assert_eq!(pixel(50, 16), BLACK, "eye x = 0.58 is clipped");
    assert_eq!(pixel(2, 16), BLACK, "left of the shifted quad");
    unsafe {
        glLoadIdentity();
        glDisable(GL_CLIP_PLANE2);
        // A second plane on z: -z + 0.5 >= 0 keeps z <= 0.5.
        glClipPlane(GL_CLIP_PLANE5, [0.0, 0.0, -1.0, 0.5].as_ptr());
        glEnable(GL_CLIP_PLANE5);
    }
    draw_fixed_function_quad(0.25);
    assert_eq!(pixel(32, 16), GREEN, "z = 0.25 is kept");
    draw_fixed_function_quad(0.75);
    assert_eq!(pixel(32, 16), BLACK, "z = 0.75 is clipped");
}

#[test]
fn position_invariant_vertex_programs_clip_in_eye_space() {
    let _ctx = context();
    let text = "!!ARBvp1.0\nOPTION ARB_position_invariant;\nMOV result.color, { 0.0, 1.0, 0.0, 1.0 };\nEND\n";
    unsafe {
        glProgramStringARB(GL_VERTEX_PROGRAM_ARB, GL_PROGRAM_FORMAT_ASCII_ARB, text.len() as GLsizei, text.as_ptr().cast());
        assert_eq!(glGetError(), GL_NO_ERROR);
        glEnable(GL_VERTEX_PROGRAM_ARB);
        // y >= 0 in eye space.
        glClipPlane(GL_CLIP_PLANE0, [0.0, 1.0, 0.0, 0.0].as_ptr());
        glEnable(GL_CLIP_PLANE0);
        // The projection is no part of eye space: flipping it flips the kept half on screen.
        glMatrixMode(GL_PROJECTION);
        glScalef(1.0, -1.0, 1.0);
        glMatrixMode(GL_MODELVIEW);
    }
    draw_fixed_function_quad(0.0);
    assert_eq!(pixel(32, 4), GREEN, "eye-space y > 0 lands in the lower half");
    assert_eq!(pixel(32, 28), BLACK, "eye-space y < 0 is clipped");
}
