//! The compatibility varyings at the locations the linker gives them: eight fixed-function
//! texture units each contributing, gl_TexCoord[7] beside the back colours, more user
//! varyings than the old fixed placement left room for, and programs where one stage is
//! fixed function and the other GLSL. Read back with glReadPixels.

mod common;

use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::*;

const UNITS: u32 = 8;

/// A 2x1 texture on `unit`, enabled, added to the fragment colour (GL_ADD): black on the
/// left texel, red `red` on the right one, so only a texture coordinate s > 0.5 that
/// reached the unit adds its red.
fn enable_right_red_texture(unit: u32, red: u8) {
    unsafe { glActiveTexture(GL_TEXTURE0 + unit) };
    new_nearest_texture();
    let texels = [0u8, 0, 0, 255, red, 0, 0, 255];
    unsafe {
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8 as GLint, 2, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.as_ptr().cast());
        glEnable(GL_TEXTURE_2D);
        glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_ADD as GLint);
    }
}

/// The unit square with texture coordinate set `u` at (`s[u]`, 0.5) on every vertex.
fn square_with_coordinates(s: [f32; UNITS as usize]) {
    unsafe {
        glBegin(GL_TRIANGLE_STRIP);
        for (x, y) in [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)] {
            glColor4f(0.0, 0.0, 0.0, 1.0);
            for (u, s) in s.iter().enumerate() {
                glMultiTexCoord2f(GL_TEXTURE0 + u as u32, *s, 0.5);
            }
            glVertex2f(x, y);
        }
        glEnd();
    }
}

/// `program` in use, window coordinates as object coordinates, the window cleared to black.
fn use_on_cleared_window(program: GLuint) {
    window_ortho();
    unsafe {
        glUseProgram(program);
        glClearColor(0.0, 0.0, 0.0, 0.0);
        glClear(GL_COLOR_BUFFER_BIT);
    }
}

#[test]
fn eight_fixed_function_units_each_add_their_bit() {
    let _ctx = current_compat_context();
    assert_eq!(get_int(GL_MAX_TEXTURE_UNITS), 8);
    for unit in 0..UNITS {
        enable_right_red_texture(unit, 1 << unit);
    }
    unsafe {
        glClearColor(0.0, 0.0, 1.0, 1.0);
        glClear(GL_COLOR_BUFFER_BIT);
    }
    square_with_coordinates([0.75; 8]);
    assert_eq!(pixel(32, 16), [255, 0, 0, 255]);
    // Unit 5 alone reads the left texel: its bit (32) goes missing, and only its.
    let mut s = [0.75; 8];
    s[5] = 0.25;
    square_with_coordinates(s);
    assert_eq!(pixel(32, 16), [255 - 32, 0, 0, 255]);
    unsafe {
        // Unit 7's texture matrix moves s = 0.25 onto the right texel again.
        glActiveTexture(GL_TEXTURE7);
        glMatrixMode(GL_TEXTURE);
        glTranslatef(0.5, 0.0, 0.0);
        glMatrixMode(GL_MODELVIEW);
        // Unit 6 generates s = 0.75 from the object position, whatever its coordinates say.
        glActiveTexture(GL_TEXTURE6);
        let plane = [0.0f32, 0.0, 0.0, 0.75];
        glTexGeni(GL_S, GL_TEXTURE_GEN_MODE, GL_OBJECT_LINEAR as GLint);
        glTexGenfv(GL_S, GL_OBJECT_PLANE, plane.as_ptr());
        glEnable(GL_TEXTURE_GEN_S);
    }
    let mut s = [0.75; 8];
    s[6] = 0.25;
    s[7] = 0.25;
    square_with_coordinates(s);
    assert_eq!(pixel(32, 16), [255, 0, 0, 255]);
    unsafe {
        // Unit 7 combines: the previous colour plus its texel, as GL_ADD did.
        glActiveTexture(GL_TEXTURE7);
        glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_COMBINE as GLint);
        glTexEnvi(GL_TEXTURE_ENV, GL_COMBINE_RGB, GL_ADD as GLint);
        glTexEnvi(GL_TEXTURE_ENV, GL_SRC0_RGB, GL_PREVIOUS as GLint);
        glTexEnvi(GL_TEXTURE_ENV, GL_SRC1_RGB, GL_TEXTURE as GLint);
        glTexEnvi(GL_TEXTURE_ENV, GL_COMBINE_ALPHA, GL_REPLACE as GLint);
        glTexEnvi(GL_TEXTURE_ENV, GL_SRC0_ALPHA, GL_PREVIOUS as GLint);
    }
    square_with_coordinates(s);
    assert_eq!(pixel(32, 16), [255, 0, 0, 255]);
    // Without unit 7's texture matrix its bit (128) goes missing.
    unsafe {
        glMatrixMode(GL_TEXTURE);
        glLoadIdentity();
        glMatrixMode(GL_MODELVIEW);
    }
    square_with_coordinates(s);
    assert_eq!(pixel(32, 16), [127, 0, 0, 255]);
    assert_eq!(error(), GL_NO_ERROR);
}

#[test]
fn coord_replace_on_unit_seven_textures_a_point_sprite() {
    let _ctx = current_compat_context();
    // A texture that is red only right of s = 0.5, on unit 7, with its coordinates left
    // of it: the sprite's coordinates replace them and the right half turns red.
    enable_right_red_texture(7, 255);
    unsafe {
        glClearColor(0.0, 0.0, 0.0, 1.0);
        glClear(GL_COLOR_BUFFER_BIT);
        glEnable(GL_POINT_SPRITE);
        glTexEnvi(GL_POINT_SPRITE, GL_COORD_REPLACE, GL_TRUE as GLint);
        glPointSize(16.0);
        glBegin(GL_POINTS);
        glColor4f(0.0, 0.0, 0.0, 1.0);
        glMultiTexCoord2f(GL_TEXTURE7, 0.0, 0.0);
        glVertex2f(0.0, 0.0);
        glEnd();
    }
    assert_eq!(pixel(28, 16), [0, 0, 0, 255]);
    assert_eq!(pixel(36, 16), [255, 0, 0, 255]);
    assert_eq!(error(), GL_NO_ERROR);
}

#[test]
fn raster_position_keeps_texture_coordinate_set_seven() {
    let _ctx = current_compat_context();
    unsafe {
        glMultiTexCoord4f(GL_TEXTURE7, 0.25, 0.5, 0.75, 1.0);
        glActiveTexture(GL_TEXTURE7);
        glMatrixMode(GL_TEXTURE);
        glScalef(2.0, 1.0, 1.0);
        glMatrixMode(GL_MODELVIEW);
        glRasterPos2f(0.0, 0.0);
    }
    assert_eq!(get_floats::<4>(GL_CURRENT_RASTER_TEXTURE_COORDS), [0.5, 0.5, 0.75, 1.0]);
    assert_eq!(error(), GL_NO_ERROR);
}

/// Two triangles side by side: the left one wound counter-clockwise (front), the right
/// one clockwise (back), in window coordinates.
fn front_and_back_triangles() {
    unsafe {
        glBegin(GL_TRIANGLES);
        for (x, y) in [(0.0, 0.0), (32.0, 0.0), (0.0, 32.0), (32.0, 0.0), (32.0, 32.0), (64.0, 0.0)] {
            glVertex2f(x, y);
        }
        glEnd();
    }
}

#[test]
fn glsl_tex_coord_seven_beside_two_sided_back_colours() {
    let _ctx = current_compat_context();
    let vs = "#version 110\nvoid main() {\n gl_Position = ftransform();\n gl_FrontColor = vec4(0.0, 1.0, 0.0, 1.0);\n gl_BackColor = vec4(1.0, 0.0, 0.0, 1.0);\n gl_FrontSecondaryColor = vec4(0.0, 0.0, 0.2, 1.0);\n gl_BackSecondaryColor = vec4(0.0, 0.0, 0.6, 1.0);\n gl_TexCoord[7] = vec4(0.0, 0.0, 0.0, 0.4);\n}\n";
    let fs = "#version 110\nvoid main() { gl_FragColor = vec4(gl_Color.r, gl_TexCoord[7].w, gl_SecondaryColor.b, 1.0); }\n";
    let p = linked_program(&[(GL_VERTEX_SHADER, vs), (GL_FRAGMENT_SHADER, fs)]);
    window_ortho();
    unsafe {
        glUseProgram(p);
        glEnable(GL_VERTEX_PROGRAM_TWO_SIDE);
        glClearColor(0.0, 0.0, 0.0, 0.0);
        glClear(GL_COLOR_BUFFER_BIT);
    }
    front_and_back_triangles();
    // 0.4 * 255 = 102, 0.2 * 255 = 51, 0.6 * 255 = 153.
    assert_eq!(pixel(4, 4), [0, 102, 51, 255]);
    assert_eq!(pixel(36, 4), [255, 102, 153, 255]);
    assert_eq!(error(), GL_NO_ERROR);
}

/// A vertex shader writing `count` user varyings v0.. (each 1/64 in red) and
/// gl_FrontColor, and a fragment shader summing them beside gl_Color's green.
fn many_varyings_program(count: usize) -> GLuint {
    let decls: String = (0..count).map(|i| format!("varying vec4 v{i};\n")).collect();
    let writes: String = (0..count).map(|i| format!(" v{i} = vec4(1.0 / 64.0, 0.0, 0.0, 0.0);\n")).collect();
    let sum: String = (0..count).map(|i| format!(" + v{i}")).collect();
    let vs = format!("#version 110\n{decls}void main() {{\n gl_Position = ftransform();\n gl_FrontColor = vec4(0.0, 0.5, 0.0, 1.0);\n gl_TexCoord[0] = vec4(0.0);\n{writes}}}\n");
    let fs = format!("#version 110\n{decls}void main() {{ gl_FragColor = vec4(0.0, gl_Color.g, gl_TexCoord[0].b, 1.0){sum}; }}\n");
    linked_program(&[(GL_VERTEX_SHADER, &vs), (GL_FRAGMENT_SHADER, &fs)])
}

#[test]
fn user_varyings_past_twenty_keep_apart_from_gl_color() {
    let _ctx = current_compat_context();
    // 22 user varyings, then gl_Color and gl_TexCoord[]: 22 + 1 + 8 of the 32 locations
    // (the compatibility varyings used to sit at 20 and above).
    let p = many_varyings_program(22);
    use_on_cleared_window(p);
    front_and_back_triangles();
    // 22 / 64 * 255 = 87.7, 0.5 * 255 = 127.5.
    let [r, g, b, a] = pixel(4, 4);
    assert!((87..=88).contains(&r) && (127..=128).contains(&g) && b == 0 && a == 255, "{:?}", [r, g, b, a]);
    assert_eq!(error(), GL_NO_ERROR);
}

#[test]
fn glsl_vertex_stage_feeds_the_fixed_function_fragment_stage() {
    let _ctx = current_compat_context();
    // User varyings the fixed-function fragment stage never reads come first.
    let vs = "#version 110\nvarying vec4 a;\nvarying vec4 b;\nvoid main() {\n gl_Position = ftransform();\n a = vec4(1.0);\n b = vec4(1.0);\n gl_TexCoord[7] = vec4(1.0);\n gl_FrontColor = vec4(0.2, 0.4, 0.6, 1.0);\n}\n";
    let p = linked_program(&[(GL_VERTEX_SHADER, vs)]);
    use_on_cleared_window(p);
    front_and_back_triangles();
    assert_eq!(pixel(4, 4), [51, 102, 153, 255]);
    assert_eq!(error(), GL_NO_ERROR);
}

#[test]
fn fixed_function_vertex_stage_feeds_a_glsl_fragment_shader() {
    let _ctx = current_compat_context();
    let fs = "#version 110\nvoid main() { gl_FragColor = vec4(gl_Color.r, gl_TexCoord[7].y, gl_TexCoord[3].x, gl_SecondaryColor.b + 0.2); }\n";
    let p = linked_program(&[(GL_FRAGMENT_SHADER, fs)]);
    use_on_cleared_window(p);
    unsafe {
        // Set 7 through its texture matrix: y doubled.
        glActiveTexture(GL_TEXTURE7);
        glMatrixMode(GL_TEXTURE);
        glScalef(1.0, 2.0, 1.0);
        glMatrixMode(GL_MODELVIEW);
        glColor4f(0.2, 0.0, 0.0, 1.0);
        glSecondaryColor3f(0.0, 0.0, 0.8);
        glMultiTexCoord2f(GL_TEXTURE7, 0.0, 0.2);
        glMultiTexCoord2f(GL_TEXTURE3, 0.6, 0.0);
    }
    front_and_back_triangles();
    assert_eq!(pixel(4, 4), [51, 102, 153, 255]);
    assert_eq!(error(), GL_NO_ERROR);
}
