//! Contexts: creation rules, strings, make-current across threads, shared objects, and
//! the behaviour of entry points without a context or without an implementation.

mod common;

use std::sync::Arc;

use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::*;
use gl_frontend::{make_current, release_current, Api, Context, ContextConfig, ContextError, MakeCurrentError, Profile};

#[test]
fn strings_name_galvan_and_the_device() {
    let _ctx = current_compat_context();
    assert_eq!(get_string(GL_VENDOR).as_deref(), Some("galvan"));
    let renderer = get_string(GL_RENDERER).unwrap();
    assert_eq!(renderer, format!("galvan ({})", device().info().name));
    let version = get_string(GL_VERSION).unwrap();
    // A request for 2.1 gets the highest compatible version: 3.3 compatibility.
    assert!(version.starts_with("3.3 (Compatibility Profile) galvan"), "{version}");
    assert_eq!(get_string(GL_SHADING_LANGUAGE_VERSION).as_deref(), Some("3.30"));
    assert_eq!((get_int(GL_MAJOR_VERSION), get_int(GL_MINOR_VERSION)), (3, 3));
    assert_eq!(get_string(0x1234), None);
    assert_eq!(error(), GL_INVALID_ENUM);
}

#[test]
fn extensions_by_index_match_the_string() {
    let _ctx = current_compat_context();
    let all = get_string(GL_EXTENSIONS).unwrap();
    let count = get_int(GL_NUM_EXTENSIONS);
    assert!(count > 0);
    let listed: Vec<String> = (0..count as u32)
        .map(|i| unsafe { std::ffi::CStr::from_ptr(glGetStringi(GL_EXTENSIONS, i) as *const _) }.to_string_lossy().into_owned())
        .collect();
    assert_eq!(listed.join(" "), all);
    assert!(listed.iter().any(|e| e == "GL_ARB_map_buffer_range"));
    assert!(unsafe { glGetStringi(GL_EXTENSIONS, count as u32) }.is_null());
    assert_eq!(error(), GL_INVALID_VALUE);
}

#[test]
fn gles_context_reports_es_strings() {
    let _ctx = current_gles_context();
    let version = get_string(GL_VERSION).unwrap();
    assert!(version.starts_with("OpenGL ES 3.0 galvan"), "{version}");
    assert_eq!(get_string(GL_SHADING_LANGUAGE_VERSION).as_deref(), Some("OpenGL ES GLSL ES 3.00"));
    // Desktop-only capabilities are invalid in GLES.
    unsafe { glEnable(GL_PROGRAM_POINT_SIZE) };
    assert_eq!(error(), GL_INVALID_ENUM);
}

#[test]
fn versions_beyond_the_offer_are_refused() {
    if std::env::var_os("GALVAN_GL_VERSION_OVERRIDE").is_some() {
        return;
    }
    let config = ContextConfig { api: Api::Gl, major: 4, minor: 6, profile: Profile::Core, ..Default::default() };
    assert!(matches!(Context::new(device(), &config, None), Err(ContextError::Version(_))));
    let bogus = ContextConfig { major: 2, minor: 7, ..Default::default() };
    assert!(matches!(Context::new(device(), &bogus, None), Err(ContextError::Version(_))));
    // Offered on request, 4.6 core is made; versions that do not exist still are not.
    let offered = Context::new(device(), &ContextConfig { offer_requested_version: true, ..config }, None).expect("4.6 core on request");
    assert_eq!(offered.version(), (4, 6));
    let bogus = ContextConfig { offer_requested_version: true, ..bogus };
    assert!(matches!(Context::new(device(), &bogus, None), Err(ContextError::Version(_))));
}

#[test]
fn calls_without_a_current_context_do_nothing() {
    std::thread::spawn(|| unsafe {
        glEnable(GL_DEPTH_TEST);
        assert_eq!(glGetError(), GL_NO_ERROR);
        assert!(glGetString(GL_VENDOR).is_null());
    })
    .join()
    .unwrap();
}

#[test]
fn unimplemented_commands_record_invalid_operation() {
    let _ctx = current_compat_context();
    unsafe {
        glDispatchCompute(1, 1, 1);
        assert_eq!(glGetError(), GL_INVALID_OPERATION);
        glDispatchCompute(1, 1, 1);
        assert_eq!(glGetError(), GL_INVALID_OPERATION);
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
}

#[test]
fn a_context_is_current_on_one_thread_at_a_time() {
    let ctx = current_compat_context();
    let other = ctx.clone();
    let refused = std::thread::spawn(move || make_current(&other, None, None)).join().unwrap();
    assert_eq!(refused, Err(MakeCurrentError::CurrentElsewhere));
    release_current();
    let other = ctx.clone();
    std::thread::spawn(move || {
        make_current(&other, None, None).unwrap();
        unsafe { glDepthFunc(GL_EQUAL) };
        release_current();
    })
    .join()
    .unwrap();
    make_current(&ctx, None, None).unwrap();
    assert_eq!(get_int(GL_DEPTH_FUNC), GL_EQUAL as i32);
}

#[test]
fn two_contexts_on_two_threads_keep_their_own_state() {
    let threads: Vec<_> = [GL_NEVER, GL_GREATER]
        .into_iter()
        .map(|func| {
            std::thread::spawn(move || {
                let _ctx = current_compat_context();
                for _ in 0..1000 {
                    unsafe { glDepthFunc(func) };
                    assert_eq!(get_int(GL_DEPTH_FUNC), func as i32);
                }
            })
        })
        .collect();
    for t in threads {
        t.join().unwrap();
    }
}

#[test]
fn shared_contexts_share_buffers_but_not_vertex_arrays() {
    let first = current_compat_context();
    let (mut buffer, mut vao) = (0, 0);
    unsafe {
        glGenBuffers(1, &mut buffer);
        glBindBuffer(GL_ARRAY_BUFFER, buffer);
        glBufferData(GL_ARRAY_BUFFER, 4, [1u8, 2, 3, 4].as_ptr().cast(), GL_STATIC_DRAW);
        glGenVertexArrays(1, &mut vao);
        glBindVertexArray(vao);
    }
    let config = *first.config();
    let second: Arc<Context> = Context::new(device(), &config, Some(&first)).unwrap();
    make_current(&second, None, None).unwrap();
    unsafe {
        assert_eq!(glIsBuffer(buffer), 1);
        assert_eq!(glIsVertexArray(vao), 0);
        glBindBuffer(GL_ARRAY_BUFFER, buffer);
        let mut out = [0u8; 4];
        glGetBufferSubData(GL_ARRAY_BUFFER, 0, 4, out.as_mut_ptr().cast());
        assert_eq!(out, [1, 2, 3, 4]);
    }
    let unshared = Context::new(device(), &config, None).unwrap();
    make_current(&unshared, None, None).unwrap();
    assert_eq!(unsafe { glIsBuffer(buffer) }, 0);
}

#[test]
fn gl_and_gles_contexts_cannot_share() {
    let config = ContextConfig { api: Api::Gl, major: 2, minor: 0, ..Default::default() };
    let gl = Context::new(device(), &config, None).unwrap();
    let es = ContextConfig { api: Api::Gles, major: 2, minor: 0, ..Default::default() };
    assert!(matches!(Context::new(device(), &es, Some(&gl)), Err(ContextError::IncompatibleShare)));
}

#[test]
fn a_texture_respecified_in_a_shared_context_changes_the_next_fixed_function_draw() {
    let first = current_compat_context();
    let mut texture = 0;
    let draw_red_through_replace = || unsafe {
        glClearColor(0.0, 0.0, 0.0, 1.0);
        glClear(GL_COLOR_BUFFER_BIT);
        glColor4f(1.0, 0.0, 0.0, 1.0);
        glBegin(GL_TRIANGLES);
        glVertex2f(-1.0, -1.0);
        glVertex2f(3.0, -1.0);
        glVertex2f(-1.0, 3.0);
        glEnd();
        assert_eq!(glGetError(), GL_NO_ERROR);
        pixel(8, 8)
    };
    unsafe {
        glGenTextures(1, &mut texture);
        glBindTexture(GL_TEXTURE_2D, texture);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST as GLint);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8 as GLint, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, [0u8, 255, 0, 255].as_ptr().cast());
        glEnable(GL_TEXTURE_2D);
        glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE as GLint);
    }
    // GL_REPLACE on an RGBA texture takes the texel.
    assert_eq!(draw_red_through_replace(), [0, 255, 0, 255]);
    // Another context of the share group makes it an ALPHA texture, whose GL_REPLACE keeps
    // the fragment's colour and takes only the alpha.
    let second: Arc<Context> = Context::new(device(), first.config(), Some(&first)).unwrap();
    make_current(&second, None, None).unwrap();
    unsafe {
        glBindTexture(GL_TEXTURE_2D, texture);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_ALPHA8 as GLint, 1, 1, 0, GL_ALPHA, GL_UNSIGNED_BYTE, [255u8].as_ptr().cast());
        assert_eq!(glGetError(), GL_NO_ERROR);
    }
    let window = surface();
    make_current(&first, Some(window.clone()), Some(window)).unwrap();
    assert_eq!(draw_red_through_replace(), [255, 0, 0, 255]);
}
