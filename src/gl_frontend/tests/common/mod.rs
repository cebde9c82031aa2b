//! Helpers shared by the API tests: a current context on the calling thread.
#![allow(dead_code)]

pub mod capture;
pub mod geometry;
pub mod patches;
pub mod spirv;

use std::sync::{Arc, OnceLock};

use gl_frontend::types::enums::*;
use gl_frontend::types::*;
use gl_frontend::{entry, make_current, Api, Context, ContextConfig, DefaultFramebuffer, Profile};
use vk_backend::Device;

/// The machine's Vulkan device (lavapipe on CI), shared by the tests of one binary.
pub fn device() -> Arc<Device> {
    static DEVICE: OnceLock<Arc<Device>> = OnceLock::new();
    DEVICE.get_or_init(|| Device::new_headless().expect("a Vulkan device")).clone()
}

/// A 64x32 window surface with depth and stencil.
pub fn surface() -> DefaultFramebuffer {
    DefaultFramebuffer::allocate(&device(), 64, 32, true).expect("surface images")
}

/// A context made from `config`, current on this thread with a 64x32 window surface.
pub fn current_context(config: &ContextConfig) -> Arc<Context> {
    let ctx = Context::new(device(), config, None).expect("context");
    let window = surface();
    make_current(&ctx, Some(window.clone()), Some(window)).expect("make current");
    ctx
}

/// A compatibility context of the honest version, current on this thread with a 64x32
/// window surface.
pub fn current_compat_context() -> Arc<Context> {
    current_context(&ContextConfig { api: Api::Gl, major: 2, minor: 1, profile: Profile::Compatibility, ..Default::default() })
}

/// Projection and modelview matrices that make object coordinates the window coordinates
/// of the 64x32 surface (depth -1..1 to window depth 1..0).
pub fn window_ortho() {
    unsafe {
        entry::glMatrixMode(GL_PROJECTION);
        entry::glLoadIdentity();
        entry::glOrtho(0.0, 64.0, 0.0, 32.0, -1.0, 1.0);
        entry::glMatrixMode(GL_MODELVIEW);
        entry::glLoadIdentity();
    }
}

/// A desktop context of `major.minor` and `profile`, offered even where galvan does not
/// advertise that version yet, current on this thread with a 64x32 window surface.
pub fn current_context_with_override(major: u32, minor: u32, profile: Profile) -> Arc<Context> {
    current_context_offered(ContextConfig { api: Api::Gl, major, minor, profile, ..Default::default() })
}

/// A context of `config` with its version offered on request, current on this thread with
/// a 64x32 window surface.
pub fn current_context_offered(config: ContextConfig) -> Arc<Context> {
    let config = ContextConfig { offer_requested_version: true, ..config };
    let ctx = Context::new(device(), &config, None).expect("context of the requested version");
    let window = surface();
    make_current(&ctx, Some(window.clone()), Some(window)).expect("make current");
    ctx
}

/// Draws the window full of what the bound 2D texture holds at (`s`, `t`), through a
/// fragment shader that samples it there, and reads pixel (8, 8) back.
pub fn draw_sampling_at(s: f32, t: f32) -> [u8; 4] {
    let fragment = format!("uniform sampler2D t; void main() {{ gl_FragColor = texture2D(t, vec2({s:?}, {t:?})); }}");
    let program = linked_program(&[(GL_VERTEX_SHADER, "attribute vec4 p; void main() { gl_Position = p; }"), (GL_FRAGMENT_SHADER, &fragment)]);
    unsafe {
        entry::glBindAttribLocation(program, 0, c"p".as_ptr());
        entry::glLinkProgram(program);
        entry::glUseProgram(program);
    }
    draw_full_window_quad();
    pixel(8, 8)
}

/// Clears to blue and draws a quad over the whole viewport from attribute 0, through a
/// vertex array object of its own (as a core context needs).
pub fn draw_full_window_quad() {
    let quad: [f32; 8] = [-1.0, -1.0, 1.0, -1.0, -1.0, 1.0, 1.0, 1.0];
    bound_vertex_array(&quad, 2);
    unsafe {
        entry::glClearColor(0.0, 0.0, 1.0, 1.0);
        entry::glClear(GL_COLOR_BUFFER_BIT);
        entry::glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    }
}

/// A new vertex array object, bound, whose attribute 0 reads `data` as vectors of
/// `components` floats from a new buffer.
pub fn bound_vertex_array(data: &[f32], components: GLint) -> GLuint {
    unsafe {
        let mut vao = 0;
        entry::glGenVertexArrays(1, &mut vao);
        entry::glBindVertexArray(vao);
        let mut vbo = 0;
        entry::glGenBuffers(1, &mut vbo);
        entry::glBindBuffer(GL_ARRAY_BUFFER, vbo);
        entry::glBufferData(GL_ARRAY_BUFFER, std::mem::size_of_val(data) as GLsizeiptr, data.as_ptr().cast(), GL_STATIC_DRAW);
        entry::glVertexAttribPointer(0, components, GL_FLOAT, 0, 0, std::ptr::null());
        entry::glEnableVertexAttribArray(0);
        vao
    }
}

/// A new framebuffer object, bound to GL_FRAMEBUFFER.
pub fn new_framebuffer() -> GLuint {
    let mut fbo = 0;
    unsafe {
        entry::glGenFramebuffers(1, &mut fbo);
        entry::glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    }
    fbo
}

/// A new 2D texture with nearest filtering, bound to GL_TEXTURE_2D on the active unit.
pub fn new_nearest_texture() -> GLuint {
    let mut tex = 0;
    unsafe {
        entry::glGenTextures(1, &mut tex);
        entry::glBindTexture(GL_TEXTURE_2D, tex);
        entry::glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST as GLint);
        entry::glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST as GLint);
    }
    tex
}

/// A 1×1 RGBA8 texture of `texel` with nearest filtering, bound to GL_TEXTURE_2D on `unit`
/// (left active) and enabled for fixed-function texturing.
pub fn enable_texel_texture(unit: GLenum, texel: [u8; 4]) -> GLuint {
    unsafe { entry::glActiveTexture(unit) };
    let tex = new_nearest_texture();
    unsafe {
        entry::glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8 as GLint, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, texel.as_ptr().cast());
        entry::glEnable(GL_TEXTURE_2D);
    }
    tex
}

/// The square from (-1, -1) to (1, 1) in immediate mode, as one triangle strip
/// (compatibility contexts).
pub fn immediate_unit_square() {
    unsafe {
        entry::glBegin(GL_TRIANGLE_STRIP);
        for (x, y) in [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)] {
            entry::glVertex2f(x, y);
        }
        entry::glEnd();
    }
}

/// A GLES 2 context current on this thread.
pub fn current_gles_context() -> Arc<Context> {
    let config = ContextConfig { api: Api::Gles, major: 2, minor: 0, ..Default::default() };
    let ctx = Context::new(device(), &config, None).expect("context");
    make_current(&ctx, None, None).expect("make current");
    ctx
}

pub fn error() -> GLenum {
    unsafe { entry::glGetError() }
}

/// The extensions the current context lists through glGetStringi.
pub fn extensions() -> Vec<String> {
    (0..get_int(GL_NUM_EXTENSIONS) as u32)
        .map(|i| unsafe { std::ffi::CStr::from_ptr(entry::glGetStringi(GL_EXTENSIONS, i).cast()).to_string_lossy().into_owned() })
        .collect()
}

pub fn get_int(pname: GLenum) -> i32 {
    let mut v = [i32::MIN; 4];
    unsafe { entry::glGetIntegerv(pname, v.as_mut_ptr()) };
    v[0]
}

pub fn get_ints<const N: usize>(pname: GLenum) -> [i32; N] {
    let mut v = [i32::MIN; N];
    unsafe { entry::glGetIntegerv(pname, v.as_mut_ptr()) };
    v
}

pub fn get_floats<const N: usize>(pname: GLenum) -> [f32; N] {
    let mut v = [f32::NAN; N];
    unsafe { entry::glGetFloatv(pname, v.as_mut_ptr()) };
    v
}

pub fn get_string(name: GLenum) -> Option<String> {
    let p = unsafe { entry::glGetString(name) };
    if p.is_null() {
        None
    } else {
        Some(unsafe { std::ffi::CStr::from_ptr(p as *const _) }.to_string_lossy().into_owned())
    }
}

/// Compiles one shader on the current context, asserting success (the log otherwise).
pub fn compiled_shader(stage: GLenum, source: &str) -> GLuint {
    unsafe {
        let s = entry::glCreateShader(stage);
        let ptr = source.as_ptr() as *const GLchar;
        let len = source.len() as GLint;
        entry::glShaderSource(s, 1, &ptr, &len);
        entry::glCompileShader(s);
        let mut ok = 0;
        entry::glGetShaderiv(s, gl_frontend::types::enums::GL_COMPILE_STATUS, &mut ok);
        if ok != 1 {
            let mut log = vec![0u8; 4096];
            let mut written = 0;
            entry::glGetShaderInfoLog(s, log.len() as GLsizei, &mut written, log.as_mut_ptr() as *mut GLchar);
            panic!("shader did not compile:\n{}\n{source}", String::from_utf8_lossy(&log[..written.max(0) as usize]));
        }
        s
    }
}

/// Compiles and links `stages` into a program on the current context, asserting success
/// (the info log otherwise).
pub fn linked_program(stages: &[(GLenum, &str)]) -> GLuint {
    unsafe {
        let p = entry::glCreateProgram();
        for &(stage, source) in stages {
            entry::glAttachShader(p, compiled_shader(stage, source));
        }
        entry::glLinkProgram(p);
        let mut linked = 0;
        entry::glGetProgramiv(p, gl_frontend::types::enums::GL_LINK_STATUS, &mut linked);
        if linked != 1 {
            let mut log = vec![0u8; 4096];
            let mut len = 0;
            entry::glGetProgramInfoLog(p, log.len() as GLsizei, &mut len, log.as_mut_ptr().cast());
            panic!("the program does not link: {}", String::from_utf8_lossy(&log[..len.max(0) as usize]));
        }
        p
    }
}

/// The colour of window pixel (x, y) of the read framebuffer, as RGBA8.
pub fn pixel(x: i32, y: i32) -> [u8; 4] {
    let mut rgba = [0u8; 4];
    unsafe { entry::glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, rgba.as_mut_ptr().cast()) };
    rgba
}

/// The location of the uniform `name` in `program` (-1 when it has none).
pub fn uniform_location(program: GLuint, name: &str) -> GLint {
    let name = std::ffi::CString::new(name).expect("a name without NUL");
    unsafe { entry::glGetUniformLocation(program, name.as_ptr()) }
}

/// One triangle over the whole window: red at its first vertex (the bottom-left corner),
/// green at the second and blue at the last, the provoking vertex of flat shading.
pub fn draw_red_green_blue_window_triangle() {
    unsafe {
        entry::glBegin(GL_TRIANGLES);
        entry::glColor3f(1.0, 0.0, 0.0);
        entry::glVertex2f(-1.0, -1.0);
        entry::glColor3f(0.0, 1.0, 0.0);
        entry::glVertex2f(3.0, -1.0);
        entry::glColor3f(0.0, 0.0, 1.0);
        entry::glVertex2f(-1.0, 3.0);
        entry::glEnd();
    }
}
