//! Sampler arrays: each element reads the texture of the unit its own uniform location
//! names, whether the shader indexes it with a constant or a uniform value.

mod common;

use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::*;

const VERTEX: &str = "#version 120
attribute vec2 pos;
void main() { gl_Position = vec4(pos, 0.0, 1.0); }
";

/// Colours of the 1x1 textures made for units 0 to 3.
const UNIT_COLOURS: [[u8; 4]; 4] = [[255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 255], [255, 255, 0, 255]];

/// One 1x1 texture per unit 0..4, each of its own colour, with nearest filtering.
fn bind_unit_textures() {
    unsafe {
        for (unit, colour) in UNIT_COLOURS.iter().enumerate() {
            let mut t = 0;
            glGenTextures(1, &mut t);
            glActiveTexture(GL_TEXTURE0 + unit as GLenum);
            glBindTexture(GL_TEXTURE_2D, t);
            glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8 as GLint, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, colour.as_ptr().cast());
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST as GLint);
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST as GLint);
        }
        glActiveTexture(GL_TEXTURE0);
    }
}

/// The 64x32 window in four columns of 16 pixels, column i drawn from `tex[i]` through a
/// constant index.
const FOUR_COLUMNS: &str = "#version 120
uniform sampler2D tex[4];
void main() {
    vec2 uv = vec2(0.5);
    if (gl_FragCoord.x < 16.0) gl_FragColor = texture2D(tex[0], uv);
    else if (gl_FragCoord.x < 32.0) gl_FragColor = texture2D(tex[1], uv);
    else if (gl_FragCoord.x < 48.0) gl_FragColor = texture2D(tex[2], uv);
    else gl_FragColor = texture2D(tex[3], uv);
}
";

fn draw_columns(fragment: &str, units: [GLint; 4], set_units: impl Fn(GLuint, &[GLint; 4])) -> [[u8; 4]; 4] {
    let program = linked_program(&[(GL_VERTEX_SHADER, VERTEX), (GL_FRAGMENT_SHADER, fragment)]);
    unsafe {
        glBindAttribLocation(program, 0, c"pos".as_ptr());
        glLinkProgram(program);
        glUseProgram(program);
    }
    set_units(program, &units);
    assert_eq!(error(), GL_NO_ERROR);
    bind_unit_textures();
    draw_full_window_quad();
    assert_eq!(error(), GL_NO_ERROR);
    [pixel(8, 16), pixel(24, 16), pixel(40, 16), pixel(56, 16)]
}

#[test]
fn constant_indices_read_the_units_set_through_the_array_location() {
    let _ctx = current_compat_context();
    let units = [3, 1, 0, 2];
    let got = draw_columns(FOUR_COLUMNS, units, |p, u| unsafe { glUniform1iv(uniform_location(p, "tex"), 4, u.as_ptr()) });
    assert_eq!(got, units.map(|u| UNIT_COLOURS[u as usize]));
}

#[test]
fn constant_indices_read_the_units_set_through_element_locations() {
    let _ctx = current_compat_context();
    let units = [2, 3, 1, 0];
    let got = draw_columns(FOUR_COLUMNS, units, |p, u| {
        for (i, unit) in u.iter().enumerate() {
            unsafe { glUniform1i(uniform_location(p, &format!("tex[{i}]")), *unit) };
        }
    });
    assert_eq!(got, units.map(|u| UNIT_COLOURS[u as usize]));
}

#[test]
fn uniform_index_reads_each_element() {
    let _ctx = current_compat_context();
    let fragment = "#version 120
uniform sampler2D tex[4];
uniform int column_width;
void main() {
    int i = int(gl_FragCoord.x) / column_width;
    gl_FragColor = texture2D(tex[i], vec2(0.5));
}
";
    let units = [1, 2, 3, 0];
    let got = draw_columns(fragment, units, |p, u| unsafe {
        glUniform1iv(uniform_location(p, "tex[0]"), 4, u.as_ptr());
        glUniform1i(uniform_location(p, "column_width"), 16);
    });
    assert_eq!(got, units.map(|u| UNIT_COLOURS[u as usize]));
}

#[test]
fn a_sampler_after_an_array_keeps_its_own_unit() {
    let _ctx = current_compat_context();
    let fragment = "#version 120
uniform sampler2D pair[2];
uniform sampler2D single;
void main() {
    if (gl_FragCoord.x < 16.0) gl_FragColor = texture2D(pair[0], vec2(0.5));
    else if (gl_FragCoord.x < 32.0) gl_FragColor = texture2D(pair[1], vec2(0.5));
    else gl_FragColor = texture2D(single, vec2(0.5));
}
";
    let got = draw_columns(fragment, [0; 4], |p, _| unsafe {
        glUniform1iv(uniform_location(p, "pair"), 2, [2, 1].as_ptr());
        glUniform1i(uniform_location(p, "single"), 3);
    });
    assert_eq!(got, [UNIT_COLOURS[2], UNIT_COLOURS[1], UNIT_COLOURS[3], UNIT_COLOURS[3]]);
}
