//! Invalid calls give the error the specification names and change nothing.

use crate::harness::*;
use glow::HasContext;

#[test]
fn invalid_enums_values_and_names() {
    let t = headless(8, 8);
    let gl = &t.gl;
    unsafe {
        gl.enable(0xdead);
        assert_eq!(gl.get_error(), glow::INVALID_ENUM, "glEnable(bad cap)");
        assert_eq!(gl.get_error(), glow::NO_ERROR, "glGetError resets the error");

        gl.depth_func(glow::LESS);
        gl.depth_func(0x1234);
        assert_eq!(gl.get_error(), glow::INVALID_ENUM, "glDepthFunc(bad func)");
        assert_eq!(gl.get_parameter_i32(glow::DEPTH_FUNC), glow::LESS as i32, "state unchanged");

        gl.viewport(0, 0, -1, 4);
        assert_eq!(gl.get_error(), glow::INVALID_VALUE, "negative viewport width");
        let mut viewport = [0i32; 4];
        gl.get_parameter_i32_slice(glow::VIEWPORT, &mut viewport);
        assert_eq!(viewport, [0, 0, 8, 8], "viewport unchanged");

        gl.bind_buffer(0xbeef, None);
        assert_eq!(gl.get_error(), glow::INVALID_ENUM, "glBindBuffer(bad target)");

        gl.use_program(Some(glow::NativeProgram(std::num::NonZeroU32::new(4242).unwrap())));
        assert_eq!(gl.get_error(), glow::INVALID_VALUE, "glUseProgram(never-generated name)");
    }
}

#[test]
fn buffer_ranges_are_checked() {
    let t = headless(8, 8);
    let gl = &t.gl;
    unsafe {
        let buffer = gl.create_buffer().unwrap();
        gl.bind_buffer(glow::ARRAY_BUFFER, Some(buffer));
        gl.buffer_data_size(glow::ARRAY_BUFFER, 16, glow::STATIC_DRAW);
        assert_eq!(gl.get_error(), glow::NO_ERROR);
        gl.buffer_sub_data_u8_slice(glow::ARRAY_BUFFER, 12, &[0u8; 8]);
        assert_eq!(gl.get_error(), glow::INVALID_VALUE, "sub-data past the end");
        gl.buffer_sub_data_u8_slice(glow::ARRAY_BUFFER, 8, &[1, 2, 3, 4, 5, 6, 7, 8]);
        assert_eq!(gl.get_error(), glow::NO_ERROR);
        let mut back = [0u8; 8];
        gl.get_buffer_sub_data(glow::ARRAY_BUFFER, 8, &mut back);
        assert_eq!(back, [1, 2, 3, 4, 5, 6, 7, 8]);
        assert_eq!(gl.get_buffer_parameter_i32(glow::ARRAY_BUFFER, glow::BUFFER_SIZE), 16);
        gl.map_buffer_range(glow::ARRAY_BUFFER, 8, 16, glow::MAP_READ_BIT);
        assert_eq!(gl.get_error(), glow::INVALID_VALUE, "map range past the end");
        gl.map_buffer_range(glow::ARRAY_BUFFER, 0, 4, 0);
        assert_eq!(gl.get_error(), glow::INVALID_OPERATION, "map with neither read nor write");
    }
}

#[test]
fn draw_with_bad_mode_or_count() {
    let t = headless(8, 8);
    let gl = &t.gl;
    let program = program(gl, PASS_VS, UNIFORM_COLOR_FS);
    vertices(gl, &rect(-1.0, -1.0, 1.0, 1.0, 0.0));
    unsafe {
        gl.use_program(Some(program));
        gl.draw_arrays(0x77, 0, 3);
        assert_eq!(gl.get_error(), glow::INVALID_ENUM, "bad primitive mode");
        gl.draw_arrays(glow::TRIANGLES, 0, -3);
        assert_eq!(gl.get_error(), glow::INVALID_VALUE, "negative count");
    }
}

#[test]
fn shader_errors_go_to_the_info_log() {
    let t = headless(8, 8);
    let gl = &t.gl;
    unsafe {
        let shader = gl.create_shader(glow::FRAGMENT_SHADER).unwrap();
        gl.shader_source(shader, "#version 120\nvoid main() {\n  gl_FragColor = undeclared;\n}\n");
        gl.compile_shader(shader);
        assert!(!gl.get_shader_compile_status(shader));
        let log = gl.get_shader_info_log(shader);
        assert!(log.contains("undeclared") && log.contains('3'), "log names the line: {log}");
        assert_eq!(gl.get_error(), glow::NO_ERROR, "a failed compile is no GL error");
    }
}
