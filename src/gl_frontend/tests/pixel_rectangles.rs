//! The raster position and pixel rectangles (compatibility profile): glRasterPos and
//! glWindowPos with their queries, glDrawPixels, glBitmap and glCopyPixels read back with
//! glReadPixels, in display lists too; and the compatibility state uniforms GLSL reads.

mod common;

use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;

fn stencil(x: i32, y: i32) -> u8 {
    let mut s = 0u8;
    unsafe { glReadPixels(x, y, 1, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, (&mut s as *mut u8).cast()) };
    s
}

fn assert_near(actual: [u8; 4], expected: [u8; 4]) {
    for (a, e) in actual.iter().zip(expected) {
        assert!((*a as i32 - e as i32).abs() <= 2, "{actual:?} != {expected:?}");
    }
}

/// Clears colour and stencil; client rows are tightly packed from here on.
unsafe fn clear_black() {
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glClearColor(0.0, 0.0, 0.0, 0.0);
    glClear(GL_COLOR_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
}

const RED: [u8; 4] = [255, 0, 0, 255];
const GREEN: [u8; 4] = [0, 255, 0, 255];
const BLUE: [u8; 4] = [0, 0, 255, 255];
const WHITE: [u8; 4] = [255, 255, 255, 255];
const BLACK: [u8; 4] = [0, 0, 0, 0];

#[test]
fn raster_position_is_transformed_clipped_and_queried() {
    let _ctx = current_compat_context();
    window_ortho();
    unsafe {
        glColor4f(0.0, 1.0, 0.0, 1.0);
        glTexCoord2f(0.5, 0.25);
        glRasterPos2f(10.0, 5.0);
        assert_eq!(get_floats::<4>(GL_CURRENT_RASTER_POSITION), [10.0, 5.0, 0.5, 1.0]);
        assert_eq!(get_int(GL_CURRENT_RASTER_POSITION_VALID), 1);
        assert_eq!(get_floats::<4>(GL_CURRENT_RASTER_COLOR), [0.0, 1.0, 0.0, 1.0]);
        assert_eq!(get_floats::<4>(GL_CURRENT_RASTER_TEXTURE_COORDS), [0.5, 0.25, 0.0, 1.0]);
        // Outside the view volume: invalid, and the position keeps its last value.
        glRasterPos2f(100.0, 5.0);
        assert_eq!(get_int(GL_CURRENT_RASTER_POSITION_VALID), 0);
        // A clip plane clips it too.
        glClipPlane(GL_CLIP_PLANE0, [-1.0f64, 0.0, 0.0, 5.0].as_ptr());
        glEnable(GL_CLIP_PLANE0);
        glRasterPos2f(10.0, 5.0);
        assert_eq!(get_int(GL_CURRENT_RASTER_POSITION_VALID), 0);
        glDisable(GL_CLIP_PLANE0);
        // glWindowPos takes window coordinates and makes the position valid again.
        glWindowPos3f(3.0, 4.0, 0.25);
        assert_eq!(get_floats::<4>(GL_CURRENT_RASTER_POSITION), [3.0, 4.0, 0.25, 1.0]);
        assert_eq!(get_int(GL_CURRENT_RASTER_POSITION_VALID), 1);
        // glPushAttrib(GL_CURRENT_BIT) saves it.
        glPushAttrib(GL_CURRENT_BIT);
        glWindowPos2i(7, 8);
        glPopAttrib();
        assert_eq!(get_floats::<4>(GL_CURRENT_RASTER_POSITION), [3.0, 4.0, 0.25, 1.0]);
        assert_eq!(error(), GL_NO_ERROR);
        glBegin(GL_POINTS);
        glRasterPos2f(0.0, 0.0);
        glEnd();
        assert_eq!(error(), GL_INVALID_OPERATION);
    }
}

#[test]
fn draw_pixels_draws_at_the_raster_position_with_zoom() {
    let _ctx = current_compat_context();
    unsafe {
        clear_black();
        let image: [[u8; 4]; 4] = [RED, GREEN, BLUE, WHITE];
        glWindowPos2i(4, 4);
        glDrawPixels(2, 2, GL_RGBA, GL_UNSIGNED_BYTE, image.as_ptr().cast());
        assert_eq!(error(), GL_NO_ERROR);
        assert_near(pixel(4, 4), RED);
        assert_near(pixel(5, 4), GREEN);
        assert_near(pixel(4, 5), BLUE);
        assert_near(pixel(5, 5), WHITE);
        assert_near(pixel(6, 4), BLACK);
        assert_near(pixel(3, 4), BLACK);
        // Zoomed by 2: each pixel covers a 2x2 square.
        glPixelZoom(2.0, 2.0);
        glWindowPos2i(20, 10);
        glDrawPixels(2, 2, GL_RGBA, GL_UNSIGNED_BYTE, image.as_ptr().cast());
        assert_near(pixel(21, 11), RED);
        assert_near(pixel(22, 10), GREEN);
        assert_near(pixel(23, 13), WHITE);
        assert_near(pixel(24, 10), BLACK);
        glPixelZoom(1.0, 1.0);
        // Luminance and the pixel-transfer scale.
        let gray = [128u8];
        glPixelTransferf(GL_RED_SCALE, 0.0);
        glWindowPos2i(40, 2);
        glDrawPixels(1, 1, GL_LUMINANCE, GL_UNSIGNED_BYTE, gray.as_ptr().cast());
        assert_near(pixel(40, 2), [0, 128, 128, 255]);
        glPixelTransferf(GL_RED_SCALE, 1.0);
        // An invalid raster position draws nothing.
        glRasterPos4f(0.0, 0.0, 0.0, 0.0);
        glDrawPixels(1, 1, GL_LUMINANCE, GL_UNSIGNED_BYTE, gray.as_ptr().cast());
        assert_eq!(error(), GL_NO_ERROR);
        glDrawPixels(-1, 1, GL_RGBA, GL_UNSIGNED_BYTE, image.as_ptr().cast());
        assert_eq!(error(), GL_INVALID_VALUE);
        glDrawPixels(1, 1, GL_RGBA, GL_BITMAP, image.as_ptr().cast());
        assert_eq!(error(), GL_INVALID_ENUM);
    }
}

#[test]
fn draw_pixels_goes_through_the_fragment_pipeline() {
    let _ctx = current_compat_context();
    unsafe {
        clear_black();
        let image = [[255u8, 255, 255, 255]; 4];
        // Alpha test rejects a transparent image; blending mixes the raster rectangle in.
        glEnable(GL_ALPHA_TEST);
        glAlphaFunc(GL_GREATER, 0.5);
        let clear = [[255u8, 0, 0, 0]; 4];
        glWindowPos2i(0, 0);
        glDrawPixels(2, 2, GL_RGBA, GL_UNSIGNED_BYTE, clear.as_ptr().cast());
        assert_near(pixel(0, 0), BLACK);
        glDisable(GL_ALPHA_TEST);
        // The depth test against a cleared depth buffer at the raster position's depth.
        glClearDepth(0.25);
        glClear(GL_DEPTH_BUFFER_BIT);
        glEnable(GL_DEPTH_TEST);
        glDepthFunc(GL_LESS);
        glWindowPos3f(8.0, 0.0, 0.5);
        glDrawPixels(2, 2, GL_RGBA, GL_UNSIGNED_BYTE, image.as_ptr().cast());
        assert_near(pixel(8, 0), BLACK);
        glWindowPos3f(8.0, 0.0, 0.0);
        glDrawPixels(2, 2, GL_RGBA, GL_UNSIGNED_BYTE, image.as_ptr().cast());
        assert_near(pixel(8, 0), WHITE);
        // Depth images write depth: a later draw at depth 0.5 fails where they wrote 0.1.
        glDepthFunc(GL_ALWAYS);
        let depths = [0.1f32; 4];
        glWindowPos2i(16, 0);
        glDrawPixels(2, 2, GL_DEPTH_COMPONENT, GL_FLOAT, depths.as_ptr().cast());
        let mut d = 0f32;
        glReadPixels(16, 0, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, (&mut d as *mut f32).cast());
        assert!((d - 0.1).abs() < 1e-3, "{d}");
        glDisable(GL_DEPTH_TEST);
        // Stencil indices go straight to the stencil buffer, through the write mask.
        let indices = [5u8, 6, 7, 0xff];
        glStencilMask(0x0f);
        glWindowPos2i(24, 0);
        glDrawPixels(2, 2, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, indices.as_ptr().cast());
        glStencilMask(0xff);
        assert_eq!([stencil(24, 0), stencil(25, 0), stencil(24, 1), stencil(25, 1)], [5, 6, 7, 0x0f]);
        assert_eq!(error(), GL_NO_ERROR);
    }
}

#[test]
fn draw_pixels_swaps_stencil_bytes_and_refuses_packed_type_mismatches() {
    let _ctx = current_compat_context();
    unsafe {
        clear_black();
        // 0x1234 swapped is 0x3412, whose low byte the 8-bit stencil buffer keeps.
        let indices = [0x1234u16; 4];
        glPixelStorei(GL_UNPACK_SWAP_BYTES, GL_TRUE as i32);
        glWindowPos2i(0, 0);
        glDrawPixels(2, 2, GL_STENCIL_INDEX, GL_UNSIGNED_SHORT, indices.as_ptr().cast());
        glPixelStorei(GL_UNPACK_SWAP_BYTES, GL_FALSE as i32);
        assert_eq!(stencil(1, 1), 0x12);
        glDrawPixels(2, 2, GL_STENCIL_INDEX, GL_UNSIGNED_SHORT, indices.as_ptr().cast());
        assert_eq!(stencil(1, 1), 0x34);
        assert_eq!(error(), GL_NO_ERROR);
        // Packed types need a format of their component count, with or without data.
        for (format, ty) in [(GL_BGR, GL_UNSIGNED_SHORT_5_6_5), (GL_STENCIL_INDEX, GL_UNSIGNED_BYTE_3_3_2), (GL_RGB, GL_UNSIGNED_INT_8_8_8_8), (GL_LUMINANCE, GL_UNSIGNED_SHORT_4_4_4_4)] {
            glDrawPixels(2, 2, format, ty, std::ptr::null());
            assert_eq!(error(), GL_INVALID_OPERATION, "format 0x{format:04X}, type 0x{ty:04X}");
        }
        glDrawPixels(2, 2, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, std::ptr::null());
        assert_eq!(error(), GL_NO_ERROR);
    }
}

#[test]
fn bitmaps_draw_their_set_bits_and_advance() {
    let _ctx = current_compat_context();
    unsafe {
        clear_black();
        glColor3f(1.0, 0.0, 0.0);
        glWindowPos2i(2, 3);
        assert_eq!(get_floats::<4>(GL_CURRENT_RASTER_COLOR), [1.0, 0.0, 0.0, 1.0]);
        // The colour is the raster colour, not the current colour after glWindowPos.
        glColor3f(0.0, 0.0, 1.0);
        glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
        let bits = [0b1010_0000u8, 0, 0, 0, 0b0100_0000, 0, 0, 0];
        glBitmap(3, 2, 0.0, 0.0, 10.0, 1.0, bits.as_ptr());
        assert_near(pixel(2, 3), RED);
        assert_near(pixel(3, 3), BLACK);
        assert_near(pixel(4, 3), RED);
        assert_near(pixel(3, 4), RED);
        assert_near(pixel(2, 4), BLACK);
        assert_eq!(get_floats::<4>(GL_CURRENT_RASTER_POSITION)[..2], [12.0, 4.0]);
        // A null bitmap only moves the raster position.
        glBitmap(0, 0, 0.0, 0.0, -2.0, 0.0, std::ptr::null());
        assert_eq!(get_floats::<4>(GL_CURRENT_RASTER_POSITION)[..2], [10.0, 4.0]);
        assert_eq!(error(), GL_NO_ERROR);
    }
}

#[test]
fn copy_pixels_copies_colour_and_stencil() {
    let _ctx = current_compat_context();
    unsafe {
        clear_black();
        let image: [[u8; 4]; 4] = [RED, GREEN, BLUE, WHITE];
        glWindowPos2i(0, 0);
        glDrawPixels(2, 2, GL_RGBA, GL_UNSIGNED_BYTE, image.as_ptr().cast());
        glWindowPos2i(30, 10);
        glCopyPixels(0, 0, 2, 2, GL_COLOR);
        assert_near(pixel(30, 10), RED);
        assert_near(pixel(31, 11), WHITE);
        let indices = [9u8; 4];
        glWindowPos2i(0, 20);
        glDrawPixels(2, 2, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, indices.as_ptr().cast());
        glWindowPos2i(40, 20);
        glCopyPixels(0, 20, 2, 2, GL_STENCIL);
        assert_eq!(stencil(41, 21), 9);
        assert_eq!(stencil(42, 21), 0);
        glCopyPixels(0, 0, 1, 1, GL_RGBA);
        assert_eq!(error(), GL_INVALID_ENUM);
    }
}

#[test]
fn display_lists_keep_the_pixels_of_draw_pixels_and_bitmap() {
    let _ctx = current_compat_context();
    unsafe {
        clear_black();
        let list = glGenLists(1);
        glNewList(list, GL_COMPILE);
        {
            let image = vec![[0u8, 255, 0, 255]; 4];
            glWindowPos2i(50, 20);
            glDrawPixels(2, 2, GL_RGBA, GL_UNSIGNED_BYTE, image.as_ptr().cast());
            let bits = vec![0xffu8; 4];
            glBitmap(4, 1, 0.0, 0.0, 0.0, 0.0, bits.as_ptr());
        }
        glEndList();
        assert_near(pixel(50, 20), BLACK);
        glColor3f(0.0, 0.0, 1.0);
        glCallList(list);
        assert_near(pixel(51, 21), GREEN);
        // The bitmap takes the raster colour of the glWindowPos in the list.
        assert_near(pixel(53, 20), BLUE);
        assert_eq!(error(), GL_NO_ERROR);
    }
}

#[test]
fn glsl_programs_read_lights_materials_and_fog() {
    let _ctx = current_compat_context();
    let vs = "void main() { gl_Position = ftransform(); }";
    let fs = "void main() {\n\
        gl_FragColor = vec4(gl_LightSource[1].diffuse.rgb * gl_FrontMaterial.diffuse.rgb + gl_Fog.color.rgb, gl_ClipPlane[2].w);\n\
    }";
    let program = linked_program(&[(GL_VERTEX_SHADER, vs), (GL_FRAGMENT_SHADER, fs)]);
    unsafe {
        clear_black();
        glUseProgram(program);
        glLightfv(GL_LIGHT1, GL_DIFFUSE, [1.0f32, 0.5, 0.0, 1.0].as_ptr());
        glMaterialfv(GL_FRONT, GL_DIFFUSE, [0.5f32, 1.0, 1.0, 1.0].as_ptr());
        glFogfv(GL_FOG_COLOR, [0.0f32, 0.0, 0.25, 0.0].as_ptr());
        glClipPlane(GL_CLIP_PLANE2, [0.0f64, 0.0, 0.0, 1.0].as_ptr());
        glBegin(GL_QUADS);
        glVertex2f(-1.0, -1.0);
        glVertex2f(1.0, -1.0);
        glVertex2f(1.0, 1.0);
        glVertex2f(-1.0, 1.0);
        glEnd();
        assert_near(pixel(10, 10), [128, 128, 64, 255]);
        assert_eq!(error(), GL_NO_ERROR);
    }
}
