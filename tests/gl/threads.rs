//! Several contexts current on several threads, and a shared object namespace.

use crate::harness::*;
use galvan::{Context, ContextOptions, Surface};
use glow::HasContext;

#[test]
fn two_contexts_draw_on_two_threads() {
    let colours = [[255u8, 0, 0, 255], [0, 0, 255, 255]];
    let handles: Vec<_> = colours
        .into_iter()
        .map(|rgba| {
            std::thread::spawn(move || {
                let t = headless(16, 16);
                let gl = &t.gl;
                let program = program(gl, PASS_VS, UNIFORM_COLOR_FS);
                vertices(gl, &rect(-1.0, -1.0, 1.0, 1.0, 0.0));
                let f = rgba.map(|c| c as f32 / 255.0);
                for _ in 0..20 {
                    set_color(gl, program, f);
                    unsafe { gl.draw_arrays(glow::TRIANGLES, 0, 6) };
                    assert_eq!(pixel(gl, 8, 8), rgba);
                }
            })
        })
        .collect();
    for handle in handles {
        handle.join().expect("thread drew its own colour");
    }
}

#[test]
fn shared_context_sees_the_other_contexts_buffers() {
    let first = Context::new(&ContextOptions::default(), None).unwrap();
    let second = Context::new(&ContextOptions::default(), Some(&first)).unwrap();
    let surface = Surface::headless(4, 4, false).unwrap();
    let load = |name: &std::ffi::CStr| galvan::get_proc_address(name.to_str().unwrap());
    first.make_current(Some(&surface)).unwrap();
    let gl = unsafe { glow::Context::from_loader_function_cstr(load) };
    let buffer = unsafe {
        let b = gl.create_buffer().unwrap();
        gl.bind_buffer(glow::ARRAY_BUFFER, Some(b));
        gl.buffer_data_u8_slice(glow::ARRAY_BUFFER, &[9, 8, 7, 6], glow::STATIC_DRAW);
        b
    };
    second.make_current(Some(&surface)).unwrap();
    unsafe {
        assert!(gl.is_buffer(buffer), "the name is shared");
        gl.bind_buffer(glow::ARRAY_BUFFER, Some(buffer));
        let mut back = [0u8; 4];
        gl.get_buffer_sub_data(glow::ARRAY_BUFFER, 0, &mut back);
        assert_eq!(back, [9, 8, 7, 6]);
    }
    Context::release_current();
}

#[test]
fn a_context_current_elsewhere_cannot_be_made_current() {
    let context = std::sync::Arc::new(Context::new(&ContextOptions::default(), None).unwrap());
    context.make_current(None).unwrap();
    let other = context.clone();
    let refused = std::thread::spawn(move || other.make_current(None).is_err()).join().unwrap();
    assert!(refused);
    Context::release_current();
}
