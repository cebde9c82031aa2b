//! A GL 3.3 core context (offered through `offer_requested_version`, as piglit runs it):
//! versions and strings, the core rules, and a draw reading a uniform block.
//! One test in this binary, because it sets a process-wide environment variable.

mod common;

use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::*;
use gl_frontend::{make_current, Api, Context, ContextConfig, Profile};

const VERTEX: &str = "#version 330 core\nlayout(location = 0) in vec2 pos;\nvoid main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
const FRAGMENT: &str = "#version 330 core\nlayout(std140) uniform Colors { vec4 first; vec4 second; };\nout vec4 color;\nvoid main() { color = second; }\n";

fn shader(stage: GLenum, source: &str) -> GLuint {
    unsafe {
        let s = glCreateShader(stage);
        let ptr = source.as_ptr() as *const GLchar;
        let len = source.len() as GLint;
        glShaderSource(s, 1, &ptr, &len);
        glCompileShader(s);
        s
    }
}

#[test]
fn core_context_with_version_override_draws_from_a_uniform_block() {
    let config = ContextConfig { api: Api::Gl, major: 3, minor: 3, profile: Profile::Core, offer_requested_version: true, ..Default::default() };
    let ctx = Context::new(device(), &config, None).expect("3.3 core offered on request");
    let window = surface();
    make_current(&ctx, Some(window.clone()), Some(window)).unwrap();
    assert!(get_string(GL_VERSION).unwrap().starts_with("3.3 (Core Profile) galvan"));
    assert_eq!(get_string(GL_SHADING_LANGUAGE_VERSION).as_deref(), Some("3.30"));
    assert_eq!(get_int(GL_CONTEXT_PROFILE_MASK), GL_CONTEXT_CORE_PROFILE_BIT as i32);
    unsafe {
        // Core profiles list extensions only through glGetStringi.
        assert!(glGetString(GL_EXTENSIONS).is_null());
        assert_eq!(glGetError(), GL_INVALID_ENUM);

        let p = glCreateProgram();
        glAttachShader(p, shader(GL_VERTEX_SHADER, VERTEX));
        glAttachShader(p, shader(GL_FRAGMENT_SHADER, FRAGMENT));
        glLinkProgram(p);
        let mut ok = 0;
        glGetProgramiv(p, GL_LINK_STATUS, &mut ok);
        let mut log = vec![0u8; 2048];
        let mut len = 0;
        glGetProgramInfoLog(p, 2048, &mut len, log.as_mut_ptr().cast());
        assert_eq!(ok, 1, "{}", String::from_utf8_lossy(&log[..len as usize]));
        glUseProgram(p);

        let block = glGetUniformBlockIndex(p, c"Colors".as_ptr());
        assert_ne!(block, GL_INVALID_INDEX);
        assert_eq!(glGetUniformBlockIndex(p, c"Nope".as_ptr()), GL_INVALID_INDEX);
        // The block's interface as the linker laid it out (std140).
        let mut v = [0i32; 4];
        glGetProgramiv(p, GL_ACTIVE_UNIFORM_BLOCKS, v.as_mut_ptr());
        assert_eq!(v[0], 1);
        glGetActiveUniformBlockiv(p, block, GL_UNIFORM_BLOCK_DATA_SIZE, v.as_mut_ptr());
        assert_eq!(v[0], 32);
        glGetActiveUniformBlockiv(p, block, GL_UNIFORM_BLOCK_ACTIVE_UNIFORMS, v.as_mut_ptr());
        assert_eq!(v[0], 2);
        let names = [c"first".as_ptr(), c"second".as_ptr()];
        let mut indices = [0u32; 2];
        glGetUniformIndices(p, 2, names.as_ptr(), indices.as_mut_ptr());
        assert!(indices.iter().all(|&i| i != GL_INVALID_INDEX), "{indices:?}");
        glGetActiveUniformsiv(p, 2, indices.as_ptr(), GL_UNIFORM_OFFSET, v.as_mut_ptr());
        assert_eq!(&v[..2], &[0, 16]);
        glUniformBlockBinding(p, block, 3);
        glUniformBlockBinding(p, block + 5, 3);
        assert_eq!(glGetError(), GL_INVALID_VALUE);
        let colors: [f32; 8] = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0, 1.0, 1.0];
        let mut ubo = 0;
        glGenBuffers(1, &mut ubo);
        glBindBuffer(GL_UNIFORM_BUFFER, ubo);
        glBufferData(GL_UNIFORM_BUFFER, 32, colors.as_ptr().cast(), GL_STATIC_DRAW);
        glBindBufferBase(GL_UNIFORM_BUFFER, 3, ubo);

        // Core profiles have no default vertex array.
        glDrawArrays(GL_TRIANGLES, 0, 3);
        assert_eq!(glGetError(), GL_INVALID_OPERATION);
        let (mut vao, mut vbo) = (0, 0);
        glGenVertexArrays(1, &mut vao);
        glBindVertexArray(vao);
        glGenBuffers(1, &mut vbo);
        glBindBuffer(GL_ARRAY_BUFFER, vbo);
        let points: [f32; 6] = [-1.0, -1.0, 3.0, -1.0, -1.0, 3.0];
        glBufferData(GL_ARRAY_BUFFER, 24, points.as_ptr().cast(), GL_STATIC_DRAW);
        glVertexAttribPointer(0, 2, GL_FLOAT, 0, 0, std::ptr::null());
        glEnableVertexAttribArray(0);
        glClearColor(0.0, 0.0, 0.0, 1.0);
        glClear(GL_COLOR_BUFFER_BIT);
        glDrawArrays(GL_TRIANGLES, 0, 3);
        assert_eq!(glGetError(), GL_NO_ERROR);
        let mut px = [0u8; 4];
        glReadPixels(10, 10, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px.as_mut_ptr().cast());
        assert_eq!(px, [0, 0, 255, 255], "the block's second member");

        // No matrix stacks, immediate mode or current colour in core profiles.
        glMatrixMode(GL_MODELVIEW);
        assert_eq!(glGetError(), GL_INVALID_OPERATION);
        glBegin(GL_TRIANGLES);
        assert_eq!(glGetError(), GL_INVALID_OPERATION);
        glColor3f(1.0, 0.0, 0.0);
        assert_eq!(glGetError(), GL_INVALID_OPERATION);
        let mut m = [0.0f32; 16];
        glGetFloatv(GL_MODELVIEW_MATRIX, m.as_mut_ptr());
        assert_eq!(glGetError(), GL_INVALID_ENUM);
        glDrawArrays(GL_QUADS, 0, 4);
        assert_eq!(glGetError(), GL_INVALID_ENUM);
    }
}
