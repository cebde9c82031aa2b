//! Point parameters and point sprites of the compatibility profile: glPointParameter's
//! values, errors and queries, the fixed-function size clamp and distance attenuation, and
//! GL_COORD_REPLACE with both sprite origins, read back with glReadPixels.

mod common;

use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::GLenum;

const WHITE: [u8; 4] = [255, 255, 255, 255];
const BLACK: [u8; 4] = [0, 0, 0, 0];
const RED: [u8; 4] = [255, 0, 0, 255];
const GREEN: [u8; 4] = [0, 255, 0, 255];
const BLUE: [u8; 4] = [0, 0, 255, 255];

unsafe fn clear_black() {
    glClearColor(0.0, 0.0, 0.0, 0.0);
    glClear(GL_COLOR_BUFFER_BIT);
}

/// One white point at (0, 0, z): the window centre, pixel (32, 16) of the 64x32 window.
unsafe fn centre_point(z: f32) {
    glColor3f(1.0, 1.0, 1.0);
    glBegin(GL_POINTS);
    glVertex3f(0.0, 0.0, z);
    glEnd();
}

/// Asserts that the point drawn last covers exactly the pixels from `first` to `last`
/// (inclusive corners): both corners white, the pixels just outside them black.
fn assert_point_covers(first: (i32, i32), last: (i32, i32)) {
    assert_eq!(pixel(first.0, first.1), WHITE, "first pixel {first:?}");
    assert_eq!(pixel(last.0, last.1), WHITE, "last pixel {last:?}");
    assert_eq!(pixel(first.0 - 1, first.1 - 1), BLACK, "before {first:?}");
    assert_eq!(pixel(last.0 + 1, last.1 + 1), BLACK, "after {last:?}");
}

fn get_float(pname: GLenum) -> f32 {
    get_floats::<1>(pname)[0]
}

#[test]
fn point_parameters_have_their_defaults_and_keep_what_is_set() {
    let _ctx = current_compat_context();
    unsafe {
        let range = get_floats::<2>(GL_POINT_SIZE_RANGE);
        assert_eq!(get_float(GL_POINT_SIZE_MIN), 0.0);
        assert_eq!(get_float(GL_POINT_SIZE_MAX), range[1]);
        assert_eq!(get_float(GL_POINT_FADE_THRESHOLD_SIZE), 1.0);
        assert_eq!(get_floats::<3>(GL_POINT_DISTANCE_ATTENUATION), [1.0, 0.0, 0.0]);
        assert_eq!(get_int(GL_POINT_SPRITE_COORD_ORIGIN), GL_UPPER_LEFT as i32);

        glPointParameterf(GL_POINT_SIZE_MIN, 2.0);
        glPointParameteri(GL_POINT_SIZE_MAX, 5);
        glPointParameterfv(GL_POINT_FADE_THRESHOLD_SIZE, [3.5f32].as_ptr());
        glPointParameterfv(GL_POINT_DISTANCE_ATTENUATION, [0.5f32, 0.25, 0.125].as_ptr());
        glPointParameteriv(GL_POINT_SPRITE_COORD_ORIGIN, [GL_LOWER_LEFT as i32].as_ptr());
        assert_eq!(error(), GL_NO_ERROR);
        assert_eq!(get_float(GL_POINT_SIZE_MIN), 2.0);
        assert_eq!(get_float(GL_POINT_SIZE_MAX), 5.0);
        assert_eq!(get_float(GL_POINT_FADE_THRESHOLD_SIZE), 3.5);
        assert_eq!(get_floats::<3>(GL_POINT_DISTANCE_ATTENUATION), [0.5, 0.25, 0.125]);
        assert_eq!(get_int(GL_POINT_SPRITE_COORD_ORIGIN), GL_LOWER_LEFT as i32);
    }
}

#[test]
fn bad_point_parameters_are_rejected_and_change_nothing() {
    let _ctx = current_compat_context();
    unsafe {
        glPointParameterf(GL_POINT_SIZE_MIN, -1.0);
        assert_eq!(error(), GL_INVALID_VALUE);
        glPointParameterf(GL_POINT_FADE_THRESHOLD_SIZE, -0.5);
        assert_eq!(error(), GL_INVALID_VALUE);
        glPointParameteri(GL_POINT_SPRITE_COORD_ORIGIN, GL_TEXTURE_2D as i32);
        assert_eq!(error(), GL_INVALID_VALUE);
        // The attenuation's three coefficients come through the vector forms only.
        glPointParameterf(GL_POINT_DISTANCE_ATTENUATION, 2.0);
        assert_eq!(error(), GL_INVALID_ENUM);
        glPointParameterf(GL_POINT_SIZE, 2.0);
        assert_eq!(error(), GL_INVALID_ENUM);
        assert_eq!(get_float(GL_POINT_SIZE_MIN), 0.0);
        assert_eq!(get_float(GL_POINT_FADE_THRESHOLD_SIZE), 1.0);
        assert_eq!(get_int(GL_POINT_SPRITE_COORD_ORIGIN), GL_UPPER_LEFT as i32);
        assert_eq!(get_floats::<3>(GL_POINT_DISTANCE_ATTENUATION), [1.0, 0.0, 0.0]);
    }
}

#[test]
fn the_point_size_is_clamped_to_the_size_range() {
    let _ctx = current_compat_context();
    unsafe {
        clear_black();
        glPointSize(9.0);
        glPointParameterf(GL_POINT_SIZE_MAX, 2.0);
        centre_point(0.0);
        // Two pixels wide around the centre: 31 and 32.
        assert_point_covers((31, 15), (32, 16));

        clear_black();
        glPointSize(1.0);
        glPointParameterf(GL_POINT_SIZE_MAX, 64.0);
        glPointParameterf(GL_POINT_SIZE_MIN, 8.0);
        centre_point(0.0);
        assert_point_covers((28, 12), (35, 19));
    }
}

#[test]
fn distance_attenuation_divides_the_size_by_the_root_of_the_polynomial() {
    let _ctx = current_compat_context();
    unsafe {
        clear_black();
        glPointSize(8.0);
        // At eye z = -0.5: 8 / sqrt(16 * 0.25) = 4 pixels, 30..34 by 14..18.
        glPointParameterfv(GL_POINT_DISTANCE_ATTENUATION, [0.0f32, 0.0, 16.0].as_ptr());
        centre_point(-0.5);
        assert_point_covers((30, 14), (33, 17));

        // The constant term alone: 8 / sqrt(0.25) = 16 pixels, 24..40 by 8..24.
        clear_black();
        glPointParameterfv(GL_POINT_DISTANCE_ATTENUATION, [0.25f32, 0.0, 0.0].as_ptr());
        centre_point(0.0);
        assert_point_covers((24, 8), (39, 23));
    }
}

/// A 2x2 texture on unit 0: red, green in row 0 (t = 0), blue, white in row 1, sampled
/// without filtering; texturing replaces the colour.
unsafe fn bind_quadrant_texture() {
    let mut tex = 0;
    glGenTextures(1, &mut tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST as i32);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST as i32);
    let texels: [u8; 16] = [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255];
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8 as i32, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.as_ptr().cast());
    glEnable(GL_TEXTURE_2D);
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE as i32);
}

/// A 16-pixel sprite at the window centre (24..40 by 8..24) whose own texture coordinate
/// picks the green texel.
unsafe fn sprite() {
    glPointSize(16.0);
    glBegin(GL_POINTS);
    glTexCoord2f(0.75, 0.25);
    glVertex2f(0.0, 0.0);
    glEnd();
}

/// The colours of the sprite's quadrants: (upper left, upper right, lower left, lower right).
fn quadrants() -> [[u8; 4]; 4] {
    [pixel(26, 22), pixel(38, 22), pixel(26, 10), pixel(38, 10)]
}

#[test]
fn coord_replace_textures_a_sprite_from_its_upper_left_corner_by_default() {
    let _ctx = current_compat_context();
    unsafe {
        clear_black();
        bind_quadrant_texture();
        glEnable(GL_POINT_SPRITE);
        glTexEnvi(GL_POINT_SPRITE, GL_COORD_REPLACE, GL_TRUE as i32);
        assert_eq!(error(), GL_NO_ERROR);
        sprite();
        // t = 0 at the top: texel row 0 (red, green) lies over row 1 (blue, white).
        assert_eq!(quadrants(), [RED, GREEN, BLUE, WHITE]);

        clear_black();
        glPointParameteri(GL_POINT_SPRITE_COORD_ORIGIN, GL_LOWER_LEFT as i32);
        sprite();
        assert_eq!(quadrants(), [BLUE, WHITE, RED, GREEN]);
    }
}

#[test]
fn without_coord_replace_or_sprites_points_keep_their_texture_coordinates() {
    let _ctx = current_compat_context();
    unsafe {
        clear_black();
        bind_quadrant_texture();
        glEnable(GL_POINT_SPRITE);
        sprite();
        assert_eq!(quadrants(), [GREEN; 4]);

        clear_black();
        glTexEnvi(GL_POINT_SPRITE, GL_COORD_REPLACE, GL_TRUE as i32);
        glDisable(GL_POINT_SPRITE);
        sprite();
        assert_eq!(quadrants(), [GREEN; 4]);
    }
}

#[test]
fn coord_replace_leaves_other_primitives_alone() {
    let _ctx = current_compat_context();
    unsafe {
        clear_black();
        bind_quadrant_texture();
        glEnable(GL_POINT_SPRITE);
        glTexEnvi(GL_POINT_SPRITE, GL_COORD_REPLACE, GL_TRUE as i32);
        sprite();
        assert_eq!(pixel(26, 22), RED);
        // A window-filling quad after the sprite keeps its own coordinate: white.
        glBegin(GL_QUADS);
        glTexCoord2f(0.75, 0.75);
        glVertex2f(-1.0, -1.0);
        glVertex2f(1.0, -1.0);
        glVertex2f(1.0, 1.0);
        glVertex2f(-1.0, 1.0);
        glEnd();
        assert_eq!(pixel(26, 22), WHITE);
        assert_eq!(pixel(2, 2), WHITE);
    }
}

#[test]
fn coord_replace_is_per_unit_and_pushed_with_the_point_bit() {
    let _ctx = current_compat_context();
    unsafe {
        let coord_replace = |unit: u32| {
            glActiveTexture(GL_TEXTURE0 + unit);
            let mut v = -1;
            glGetTexEnviv(GL_POINT_SPRITE, GL_COORD_REPLACE, &mut v);
            v
        };
        glActiveTexture(GL_TEXTURE1);
        glTexEnvi(GL_POINT_SPRITE, GL_COORD_REPLACE, GL_TRUE as i32);
        assert_eq!((coord_replace(0), coord_replace(1)), (0, 1));
        glTexEnvi(GL_POINT_SPRITE, GL_TEXTURE_ENV_MODE, GL_TRUE as i32);
        assert_eq!(error(), GL_INVALID_ENUM);

        glPushAttrib(GL_POINT_BIT);
        glEnable(GL_POINT_SPRITE);
        glActiveTexture(GL_TEXTURE1);
        glTexEnvi(GL_POINT_SPRITE, GL_COORD_REPLACE, GL_FALSE as i32);
        glPointParameterf(GL_POINT_SIZE_MIN, 4.0);
        assert_eq!(glIsEnabled(GL_POINT_SPRITE) as u32, GL_TRUE);
        glPopAttrib();
        assert_eq!(error(), GL_NO_ERROR);
        assert_eq!(glIsEnabled(GL_POINT_SPRITE) as u32, GL_FALSE);
        assert_eq!(coord_replace(1), 1);
        assert_eq!(get_float(GL_POINT_SIZE_MIN), 0.0);
    }
}
