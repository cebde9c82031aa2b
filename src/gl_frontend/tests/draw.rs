//! Draws on the machine's Vulkan device, read back with glReadPixels: a triangle with a
//! uniform colour, GL's lower-left origin and winding, depth testing, blending, and the
//! errors of invalid draws.

mod common;

use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::*;

const VERTEX: &str = "#version 120\nattribute vec2 pos;\nuniform float depth;\nvoid main() { gl_Position = vec4(pos, depth, 1.0); }\n";
const FRAGMENT: &str = "#version 120\nuniform vec4 color;\nvoid main() { gl_FragColor = color; }\n";

fn shader(stage: GLenum, source: &str) -> GLuint {
    compiled_shader(stage, source)
}

fn program_log(p: GLuint) -> String {
    let mut buf = vec![0u8; 4096];
    let mut len = 0;
    unsafe { glGetProgramInfoLog(p, 4096, &mut len, buf.as_mut_ptr().cast()) };
    String::from_utf8_lossy(&buf[..len as usize]).into_owned()
}

/// Links the test program with `pos` at attribute 0 and makes it current.
fn use_program() -> GLuint {
    unsafe {
        let p = glCreateProgram();
        glAttachShader(p, shader(GL_VERTEX_SHADER, VERTEX));
        glAttachShader(p, shader(GL_FRAGMENT_SHADER, FRAGMENT));
        glBindAttribLocation(p, 0, c"pos".as_ptr());
        glLinkProgram(p);
        let mut ok = 0;
        glGetProgramiv(p, GL_LINK_STATUS, &mut ok);
        assert_eq!(ok, 1, "link: {}", program_log(p));
        glUseProgram(p);
        assert_eq!(glGetError(), GL_NO_ERROR);
        p
    }
}

fn set_color(p: GLuint, c: [f32; 4]) {
    unsafe { glUniform4f(glGetUniformLocation(p, c"color".as_ptr()), c[0], c[1], c[2], c[3]) };
}

fn set_depth(p: GLuint, d: f32) {
    unsafe { glUniform1f(glGetUniformLocation(p, c"depth".as_ptr()), d) };
}

fn vertices(points: &[[f32; 2]]) -> GLuint {
    let mut vbo = 0;
    unsafe {
        glGenBuffers(1, &mut vbo);
        glBindBuffer(GL_ARRAY_BUFFER, vbo);
        glBufferData(GL_ARRAY_BUFFER, std::mem::size_of_val(points) as isize, points.as_ptr().cast(), GL_STATIC_DRAW);
        glVertexAttribPointer(0, 2, GL_FLOAT, 0, 0, std::ptr::null());
        glEnableVertexAttribArray(0);
    }
    vbo
}

fn clear(c: [f32; 4]) {
    unsafe {
        glClearColor(c[0], c[1], c[2], c[3]);
        glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    }
}

#[test]
fn triangle_in_the_lower_left_corner() {
    let _ctx = current_compat_context();
    let p = use_program();
    set_color(p, [0.0, 1.0, 0.0, 1.0]);
    // Lower-left half of the window: (-1,-1), (1,-1), (-1,1).
    vertices(&[[-1.0, -1.0], [1.0, -1.0], [-1.0, 1.0]]);
    clear([0.0, 0.0, 0.0, 1.0]);
    unsafe { glDrawArrays(GL_TRIANGLES, 0, 3) };
    assert_eq!(unsafe { glGetError() }, GL_NO_ERROR);
    // GL's window origin is the lower left: row 2 near the bottom is covered on the left.
    assert_eq!(pixel(2, 2), [0, 255, 0, 255]);
    assert_eq!(pixel(61, 29), [0, 0, 0, 255], "top right stays clear");
    assert_eq!(pixel(50, 2), [0, 255, 0, 255], "bottom right is inside");
    assert_eq!(pixel(2, 25), [0, 255, 0, 255], "top left is inside");
    assert_eq!(pixel(40, 20), [0, 0, 0, 255], "above the diagonal stays clear");
}

#[test]
fn culling_follows_gl_winding() {
    let _ctx = current_compat_context();
    let p = use_program();
    set_color(p, [1.0, 1.0, 1.0, 1.0]);
    // Counter-clockwise in GL's y-up window coordinates: front-facing by default.
    vertices(&[[-1.0, -1.0], [1.0, -1.0], [-1.0, 1.0]]);
    unsafe {
        glEnable(GL_CULL_FACE);
        glCullFace(GL_BACK);
        clear([0.0, 0.0, 0.0, 1.0]);
        glDrawArrays(GL_TRIANGLES, 0, 3);
        assert_eq!(pixel(2, 2), [255, 255, 255, 255], "a CCW triangle is front-facing");
        glCullFace(GL_FRONT);
        clear([0.0, 0.0, 0.0, 1.0]);
        glDrawArrays(GL_TRIANGLES, 0, 3);
        assert_eq!(pixel(2, 2), [0, 0, 0, 255], "front faces culled");
        glFrontFace(GL_CW);
        clear([0.0, 0.0, 0.0, 1.0]);
        glDrawArrays(GL_TRIANGLES, 0, 3);
        assert_eq!(pixel(2, 2), [255, 255, 255, 255], "with GL_CW the triangle is a back face");
    }
}

#[test]
fn depth_test_keeps_the_nearer_triangle() {
    let _ctx = current_compat_context();
    let p = use_program();
    vertices(&[[-1.0, -1.0], [3.0, -1.0], [-1.0, 3.0]]);
    unsafe {
        glEnable(GL_DEPTH_TEST);
        glDepthFunc(GL_LESS);
        clear([0.0, 0.0, 0.0, 1.0]);
        set_depth(p, -0.5);
        set_color(p, [1.0, 0.0, 0.0, 1.0]);
        glDrawArrays(GL_TRIANGLES, 0, 3);
        set_depth(p, 0.5);
        set_color(p, [0.0, 0.0, 1.0, 1.0]);
        glDrawArrays(GL_TRIANGLES, 0, 3);
        assert_eq!(pixel(10, 10), [255, 0, 0, 255], "the farther blue triangle fails the test");
        // GL maps clip z -0.5 to window depth 0.25 with the default depth range.
        let mut d = 0f32;
        glReadPixels(10, 10, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, (&mut d as *mut f32).cast());
        assert!((d - 0.25).abs() < 1e-3, "depth {d}");
    }
}

#[test]
fn blending_adds_colours() {
    let _ctx = current_compat_context();
    let p = use_program();
    vertices(&[[-1.0, -1.0], [3.0, -1.0], [-1.0, 3.0]]);
    unsafe {
        clear([0.25, 0.0, 0.0, 1.0]);
        glEnable(GL_BLEND);
        glBlendFunc(GL_ONE, GL_ONE);
        set_color(p, [0.5, 0.5, 0.0, 0.0]);
        glDrawArrays(GL_TRIANGLES, 0, 3);
    }
    let px = pixel(20, 20);
    assert!((px[0] as i32 - 191).abs() <= 1 && (px[1] as i32 - 128).abs() <= 1, "{px:?}");
}

#[test]
fn indexed_draw_with_base_vertex() {
    let _ctx = current_compat_context();
    let p = use_program();
    set_color(p, [1.0, 0.0, 1.0, 1.0]);
    // Two junk vertices, then the triangle; base vertex 2 skips the junk.
    vertices(&[[5.0, 5.0], [5.0, 5.0], [-1.0, -1.0], [1.0, -1.0], [-1.0, 1.0]]);
    let mut ibo = 0;
    unsafe {
        glGenBuffers(1, &mut ibo);
        glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ibo);
        let indices: [u16; 3] = [0, 1, 2];
        glBufferData(GL_ELEMENT_ARRAY_BUFFER, 6, indices.as_ptr().cast(), GL_STATIC_DRAW);
        clear([0.0, 0.0, 0.0, 1.0]);
        glDrawElementsBaseVertex(GL_TRIANGLES, 3, GL_UNSIGNED_SHORT, std::ptr::null(), 2);
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
    assert_eq!(pixel(2, 2), [255, 0, 255, 255]);
    assert_eq!(pixel(61, 29), [0, 0, 0, 255]);
}

#[test]
fn invalid_draws() {
    let _ctx = current_compat_context();
    unsafe {
        glDrawArrays(GL_TRIANGLES, 0, 3);
        assert_eq!(glGetError(), GL_NO_ERROR, "no program: compatibility contexts draw through fixed-function shaders");
        let _p = use_program();
        glDrawArrays(0x1234, 0, 3);
        assert_eq!(glGetError(), GL_INVALID_ENUM);
        glDrawArrays(GL_TRIANGLES, 0, -1);
        assert_eq!(glGetError(), GL_INVALID_VALUE);
        glDrawElements(GL_TRIANGLES, 3, GL_FLOAT, std::ptr::null());
        assert_eq!(glGetError(), GL_INVALID_ENUM);
        glDrawRangeElements(GL_TRIANGLES, 5, 1, 3, GL_UNSIGNED_SHORT, std::ptr::null());
        assert_eq!(glGetError(), GL_INVALID_VALUE);
        glUseProgram(9999);
        assert_eq!(glGetError(), GL_INVALID_VALUE);
    }
}

const TEX_VERTEX: &str = "#version 120\nattribute vec2 pos;\nvarying vec2 uv;\nvoid main() { uv = pos * 0.5 + 0.5; gl_Position = vec4(pos, 0.0, 1.0); }\n";
const TEX_FRAGMENT: &str = "#version 120\nuniform sampler2D tex;\nvarying vec2 uv;\nvoid main() { gl_FragColor = texture2D(tex, uv); }\n";

fn texture_program() -> GLuint {
    unsafe {
        let p = glCreateProgram();
        glAttachShader(p, shader(GL_VERTEX_SHADER, TEX_VERTEX));
        glAttachShader(p, shader(GL_FRAGMENT_SHADER, TEX_FRAGMENT));
        glBindAttribLocation(p, 0, c"pos".as_ptr());
        glLinkProgram(p);
        let mut ok = 0;
        glGetProgramiv(p, GL_LINK_STATUS, &mut ok);
        assert_eq!(ok, 1, "link: {}", program_log(p));
        glUseProgram(p);
        p
    }
}

#[test]
fn texture_sampling_is_upright() {
    let _ctx = current_compat_context();
    let p = texture_program();
    // A 2x2 texture: bottom row red, green; top row blue, white (t = 0 is the bottom).
    let texels: [[u8; 4]; 4] = [[255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 255], [255, 255, 255, 255]];
    let mut tex = 0;
    unsafe {
        glGenTextures(1, &mut tex);
        glActiveTexture(GL_TEXTURE1);
        glBindTexture(GL_TEXTURE_2D, tex);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8 as GLint, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.as_ptr().cast());
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST as GLint);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST as GLint);
        glUniform1i(glGetUniformLocation(p, c"tex".as_ptr()), 1);
        let mut unit = -1;
        glGetUniformiv(p, glGetUniformLocation(p, c"tex".as_ptr()), &mut unit);
        assert_eq!(unit, 1);
    }
    vertices(&[[-1.0, -1.0], [3.0, -1.0], [-1.0, 3.0]]);
    clear([0.0, 0.0, 0.0, 1.0]);
    unsafe { glDrawArrays(GL_TRIANGLES, 0, 3) };
    assert_eq!(unsafe { glGetError() }, GL_NO_ERROR);
    assert_eq!(pixel(5, 5), [255, 0, 0, 255], "bottom left samples t = 0, s = 0");
    assert_eq!(pixel(58, 5), [0, 255, 0, 255], "bottom right");
    assert_eq!(pixel(5, 27), [0, 0, 255, 255], "top left");
    assert_eq!(pixel(58, 27), [255, 255, 255, 255], "top right");
}

#[test]
fn render_to_texture_then_sample_it() {
    let _ctx = current_compat_context();
    let (mut fbo, mut tex) = (0, 0);
    unsafe {
        glGenTextures(1, &mut tex);
        glBindTexture(GL_TEXTURE_2D, tex);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8 as GLint, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, std::ptr::null());
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST as GLint);
        glGenFramebuffers(1, &mut fbo);
        glBindFramebuffer(GL_FRAMEBUFFER, fbo);
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
        glViewport(0, 0, 8, 8);
        let p = use_program();
        set_color(p, [1.0, 0.5, 0.0, 1.0]);
        vertices(&[[-1.0, -1.0], [3.0, -1.0], [-1.0, 3.0]]);
        clear([0.0, 0.0, 0.0, 1.0]);
        glDrawArrays(GL_TRIANGLES, 0, 3);
        // Back to the window; sample the texture we rendered.
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
        glViewport(0, 0, 64, 32);
        let t = texture_program();
        glUniform1i(glGetUniformLocation(t, c"tex".as_ptr()), 0);
        glActiveTexture(GL_TEXTURE0);
        glBindTexture(GL_TEXTURE_2D, tex);
        clear([0.0, 0.0, 1.0, 1.0]);
        glDrawArrays(GL_TRIANGLES, 0, 3);
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
    assert_eq!(pixel(30, 15), [255, 128, 0, 255]);
}

#[test]
fn client_side_arrays_and_indices_in_compatibility_profiles() {
    let _ctx = current_compat_context();
    let p = use_program();
    set_color(p, [1.0, 1.0, 0.0, 1.0]);
    let points: [[f32; 2]; 4] = [[9.0, 9.0], [-1.0, -1.0], [1.0, -1.0], [-1.0, 1.0]];
    let indices: [u8; 3] = [1, 2, 3];
    unsafe {
        glBindBuffer(GL_ARRAY_BUFFER, 0);
        glVertexAttribPointer(0, 2, GL_FLOAT, 0, 0, points.as_ptr().cast());
        glEnableVertexAttribArray(0);
        clear([0.0, 0.0, 0.0, 1.0]);
        glDrawElements(GL_TRIANGLES, 3, GL_UNSIGNED_BYTE, indices.as_ptr().cast());
        assert_eq!(glGetError(), GL_NO_ERROR);
        assert_eq!(pixel(2, 2), [255, 255, 0, 255]);
        assert_eq!(pixel(61, 29), [0, 0, 0, 255]);
        clear([0.0, 0.0, 0.0, 1.0]);
        glDrawArrays(GL_TRIANGLES, 1, 3);
        assert_eq!(pixel(2, 2), [255, 255, 0, 255]);
    }
}

#[test]
fn program_interface_queries() {
    let _ctx = current_compat_context();
    let p = use_program();
    unsafe {
        let mut n = 0;
        glGetProgramiv(p, GL_ACTIVE_UNIFORMS, &mut n);
        assert_eq!(n, 2);
        glGetProgramiv(p, GL_ACTIVE_ATTRIBUTES, &mut n);
        assert_eq!(n, 1);
        let mut names = Vec::new();
        for i in 0..2 {
            let (mut len, mut size, mut ty) = (0, 0, 0);
            let mut buf = [0u8; 64];
            glGetActiveUniform(p, i, 64, &mut len, &mut size, &mut ty, buf.as_mut_ptr().cast());
            names.push((String::from_utf8_lossy(&buf[..len as usize]).into_owned(), size, ty));
        }
        names.sort();
        assert_eq!(names, vec![("color".to_string(), 1, GL_FLOAT_VEC4), ("depth".to_string(), 1, GL_FLOAT)]);
        let (mut len, mut size, mut ty) = (0, 0, 0);
        let mut buf = [0u8; 64];
        glGetActiveAttrib(p, 0, 64, &mut len, &mut size, &mut ty, buf.as_mut_ptr().cast());
        assert_eq!((&buf[..len as usize], ty), (&b"pos"[..], GL_FLOAT_VEC2));
        assert_eq!(glGetAttribLocation(p, c"pos".as_ptr()), 0);
        glGetActiveUniform(p, 7, 64, &mut len, &mut size, &mut ty, buf.as_mut_ptr().cast());
        assert_eq!(glGetError(), GL_INVALID_VALUE);
        // Uniform values read back as written; a type mismatch is refused.
        let color = glGetUniformLocation(p, c"color".as_ptr());
        glUniform4f(color, 0.25, 0.5, 0.75, 1.0);
        let mut out = [0f32; 4];
        glGetUniformfv(p, color, out.as_mut_ptr());
        assert_eq!(out, [0.25, 0.5, 0.75, 1.0]);
        glUniform1i(color, 3);
        assert_eq!(glGetError(), GL_INVALID_OPERATION);
        glUniform4fv(color, 2, [0f32; 8].as_ptr());
        assert_eq!(glGetError(), GL_INVALID_OPERATION, "count > 1 on a non-array");
        // A count far beyond the uniform reads only what the uniform holds.
        let one = [0.5f32; 4];
        glUniform4fv(color, 1 << 28, one.as_ptr());
        assert_eq!(glGetError(), GL_INVALID_OPERATION, "a huge count on a non-array");
        glUniform4fv(color, 1, one.as_ptr());
        glGetUniformfv(p, color, out.as_mut_ptr());
        assert_eq!(out, one);
        glUniform4f(-1, 1.0, 1.0, 1.0, 1.0);
        assert_eq!(glGetError(), GL_NO_ERROR, "location -1 is ignored");
    }
}

#[test]
fn gles2_context_draws_with_essl_100() {
    let _ctx = current_gles_context();
    let window = surface();
    let ctx = gl_frontend::current_context().unwrap();
    gl_frontend::make_current(&ctx, Some(window.clone()), Some(window)).unwrap();
    let vs = "attribute vec2 pos;\nvoid main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
    let fs = "precision mediump float;\nuniform vec4 color;\nvoid main() { gl_FragColor = color; }\n";
    unsafe {
        let p = glCreateProgram();
        glAttachShader(p, shader(GL_VERTEX_SHADER, vs));
        glAttachShader(p, shader(GL_FRAGMENT_SHADER, fs));
        glBindAttribLocation(p, 0, c"pos".as_ptr());
        glLinkProgram(p);
        let mut ok = 0;
        glGetProgramiv(p, GL_LINK_STATUS, &mut ok);
        assert_eq!(ok, 1, "link: {}", program_log(p));
        glUseProgram(p);
        set_color(p, [0.0, 1.0, 1.0, 1.0]);
        vertices(&[[-1.0, -1.0], [3.0, -1.0], [-1.0, 3.0]]);
        glViewport(0, 0, 64, 32);
        clear([0.0, 0.0, 0.0, 1.0]);
        glDrawArrays(GL_TRIANGLES, 0, 3);
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
    assert_eq!(pixel(30, 15), [0, 255, 255, 255]);
}

#[test]
fn logic_op_xor_and_per_buffer_blend_state() {
    let _ctx = current_compat_context();
    let p = use_program();
    vertices(&[[-1.0, -1.0], [3.0, -1.0], [-1.0, 3.0]]);
    unsafe {
        clear([1.0, 0.0, 0.0, 1.0]);
        glEnable(GL_COLOR_LOGIC_OP);
        glLogicOp(GL_XOR);
        set_color(p, [1.0, 1.0, 0.0, 1.0]);
        glDrawArrays(GL_TRIANGLES, 0, 3);
        glDisable(GL_COLOR_LOGIC_OP);
        glLogicOp(GL_RGBA);
        assert_eq!(glGetError(), GL_INVALID_ENUM);
        assert_eq!(get_int(GL_LOGIC_OP_MODE), GL_XOR as i32);
        glBlendFunci(1, GL_SRC_ALPHA, GL_ONE);
        glBlendEquationi(1, GL_MAX);
        glBlendFunci(99, GL_ONE, GL_ONE);
        assert_eq!(glGetError(), GL_INVALID_VALUE);
        let mut v = 0;
        glGetIntegeri_v(GL_BLEND_SRC_RGB, 1, &mut v);
        assert_eq!(v, GL_SRC_ALPHA as i32);
        glGetIntegeri_v(GL_BLEND_SRC_RGB, 0, &mut v);
        assert_eq!(v, GL_ONE as i32);
        glGetIntegeri_v(GL_BLEND_EQUATION_RGB, 1, &mut v);
        assert_eq!(v, GL_MAX as i32);
    }
    assert_eq!(pixel(20, 20), [0, 255, 0, 0]);
}

#[test]
fn gl_depth_range_reads_the_current_depth_range() {
    let _ctx = current_compat_context();
    let fs = "#version 120\nvoid main() { gl_FragColor = vec4(gl_DepthRange.near, gl_DepthRange.far, gl_DepthRange.diff, 1.0); }\n";
    unsafe {
        let p = glCreateProgram();
        glAttachShader(p, shader(GL_VERTEX_SHADER, VERTEX));
        glAttachShader(p, shader(GL_FRAGMENT_SHADER, fs));
        glBindAttribLocation(p, 0, c"pos".as_ptr());
        glLinkProgram(p);
        let mut ok = 0;
        glGetProgramiv(p, GL_LINK_STATUS, &mut ok);
        assert_eq!(ok, 1, "link: {}", program_log(p));
        glUseProgram(p);
        vertices(&[[-1.0, -1.0], [3.0, -1.0], [-1.0, 3.0]]);
        glDepthRange(0.25, 0.75);
        clear([0.0, 0.0, 0.0, 0.0]);
        glDrawArrays(GL_TRIANGLES, 0, 3);
    }
    let px = pixel(10, 10);
    assert!((px[0] as i32 - 64).abs() <= 1 && (px[1] as i32 - 191).abs() <= 1 && (px[2] as i32 - 128).abs() <= 1, "{px:?}");
}

#[test]
fn conventional_arrays_feed_gl_vertex_and_gl_color() {
    let _ctx = current_compat_context();
    let vs = "#version 120\nvarying vec4 c;\nvoid main() { c = gl_Color; gl_Position = gl_Vertex; }\n";
    let fs = "#version 120\nvarying vec4 c;\nvoid main() { gl_FragColor = c; }\n";
    let points: [[f32; 2]; 3] = [[-1.0, -1.0], [3.0, -1.0], [-1.0, 3.0]];
    let colors: [[u8; 4]; 3] = [[255, 0, 255, 255]; 3];
    unsafe {
        let p = glCreateProgram();
        glAttachShader(p, shader(GL_VERTEX_SHADER, vs));
        glAttachShader(p, shader(GL_FRAGMENT_SHADER, fs));
        glLinkProgram(p);
        let mut ok = 0;
        glGetProgramiv(p, GL_LINK_STATUS, &mut ok);
        assert_eq!(ok, 1, "link: {}", program_log(p));
        glUseProgram(p);
        glVertexPointer(2, GL_FLOAT, 0, points.as_ptr().cast());
        glEnableClientState(GL_VERTEX_ARRAY);
        clear([0.0, 0.0, 0.0, 1.0]);
        // The colour array is disabled: gl_Color is the current colour, white.
        glDrawArrays(GL_TRIANGLES, 0, 3);
        assert_eq!(pixel(10, 10), [255, 255, 255, 255]);
        glColorPointer(4, GL_UNSIGNED_BYTE, 0, colors.as_ptr().cast());
        glEnableClientState(GL_COLOR_ARRAY);
        glDrawArrays(GL_TRIANGLES, 0, 3);
        assert_eq!(glGetError(), GL_NO_ERROR);
        glEnableClientState(GL_RGBA);
        assert_eq!(glGetError(), GL_INVALID_ENUM);
    }
    assert_eq!(pixel(10, 10), [255, 0, 255, 255]);
}

#[test]
fn fragment_only_compatibility_program_uses_fixed_function_vertices() {
    let _ctx = current_compat_context();
    let fs = "#version 110\nvoid main() { gl_FragColor = gl_Color * vec4(0.5, 1.0, 1.0, 1.0); }\n";
    let points: [[f32; 2]; 3] = [[-1.0, -1.0], [3.0, -1.0], [-1.0, 3.0]];
    unsafe {
        let p = glCreateProgram();
        glAttachShader(p, shader(GL_FRAGMENT_SHADER, fs));
        glLinkProgram(p);
        let mut ok = 0;
        glGetProgramiv(p, GL_LINK_STATUS, &mut ok);
        assert_eq!(ok, 1, "link: {}", program_log(p));
        glUseProgram(p);
        glVertexPointer(2, GL_FLOAT, 0, points.as_ptr().cast());
        glEnableClientState(GL_VERTEX_ARRAY);
        clear([0.0, 0.0, 0.0, 1.0]);
        glDrawArrays(GL_TRIANGLES, 0, 3);
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
    let px = pixel(10, 10);
    assert!((px[0] as i32 - 128).abs() <= 1 && px[1] == 255 && px[2] == 255, "{px:?}");
}
