//! The edge flag array (compatibility profile): array draws and glArrayElement in
//! glPolygonMode(GL_LINE) draw only the edges whose first vertex has its flag set, in
//! GL_POINT only the flagged vertices; its pointer, stride and enable are queried, pushed
//! with glPushClientAttrib and reset by glInterleavedArrays.

mod common;

use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::*;

const GREEN: [u8; 4] = [0, 255, 0, 255];
const BLACK: [u8; 4] = [0, 0, 0, 255];

/// A rectangle from (10.5, 10.5) to (30.5, 20.5), counter-clockwise from its bottom left.
const RECTANGLE: [f32; 8] = [10.5, 10.5, 30.5, 10.5, 30.5, 20.5, 10.5, 20.5];

/// The flags that leave out the left edge: it starts at the fourth vertex.
const NO_LEFT_EDGE: [GLboolean; 4] = [1, 1, 1, 0];

fn clear_black() {
    unsafe {
        glClearColor(0.0, 0.0, 0.0, 1.0);
        glClear(GL_COLOR_BUFFER_BIT);
    }
}

/// Points the vertex and edge flag arrays at `positions` and `flags`, both enabled, and
/// draws in green lines.
fn outline_arrays(positions: &[f32], flags: &[GLboolean]) {
    window_ortho();
    unsafe {
        glVertexPointer(2, GL_FLOAT, 0, positions.as_ptr().cast());
        glEnableClientState(GL_VERTEX_ARRAY);
        glEdgeFlagPointer(0, flags.as_ptr().cast());
        glEnableClientState(GL_EDGE_FLAG_ARRAY);
        glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
        glColor3f(0.0, 1.0, 0.0);
    }
    clear_black();
}

/// The rectangle's sides: which of bottom, right, top and left are drawn.
fn rectangle_sides() -> [bool; 4] {
    [pixel(20, 10), pixel(30, 15), pixel(20, 20), pixel(10, 15)].map(|p| p == GREEN)
}

#[test]
fn draw_arrays_skips_the_edge_after_a_false_flag() {
    let _ctx = current_compat_context();
    outline_arrays(&RECTANGLE, &NO_LEFT_EDGE);
    unsafe { glDrawArrays(GL_QUADS, 0, 4) };
    assert_eq!(error(), GL_NO_ERROR);
    assert_eq!(rectangle_sides(), [true, true, true, false]);
    assert_eq!(pixel(20, 15), BLACK, "no diagonal inside the quad");

    // With the array disabled the current edge flag (true) outlines every side.
    clear_black();
    unsafe {
        glDisableClientState(GL_EDGE_FLAG_ARRAY);
        glDrawArrays(GL_POLYGON, 0, 4);
    }
    assert_eq!(rectangle_sides(), [true; 4]);
}

#[test]
fn draw_elements_reads_the_flag_of_each_index() {
    let _ctx = current_compat_context();
    // Vertex 1, the bottom right, starts the right side; the indices list it last, so a
    // flag read by position instead of by vertex would drop another side.
    let flags: [GLboolean; 4] = [1, 0, 1, 1];
    outline_arrays(&RECTANGLE, &flags);
    let indices: [GLushort; 6] = [2, 3, 0, 2, 0, 1];
    unsafe { glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, indices.as_ptr().cast()) };
    assert_eq!(error(), GL_NO_ERROR);
    assert_eq!(rectangle_sides(), [true, false, true, true]);
}

#[test]
fn display_lists_keep_the_flags_a_draw_was_compiled_with() {
    let _ctx = current_compat_context();
    let mut flags = NO_LEFT_EDGE;
    outline_arrays(&RECTANGLE, &flags);
    unsafe {
        let list = glGenLists(1);
        glNewList(list, GL_COMPILE);
        glDrawArrays(GL_QUADS, 0, 4);
        glEndList();
        // The list read the flags at compile time: neither new flags nor a disabled
        // array change what it draws.
        flags = [1; 4];
        glEdgeFlagPointer(0, flags.as_ptr().cast());
        glDisableClientState(GL_EDGE_FLAG_ARRAY);
        glCallList(list);
        glDeleteLists(list, 1);
    }
    assert_eq!(error(), GL_NO_ERROR);
    assert_eq!(rectangle_sides(), [true, true, true, false]);
    assert_eq!(unsafe { glIsEnabled(GL_EDGE_FLAG_ARRAY) }, 0, "the replay puts the arrays back");
}

#[test]
fn point_mode_draws_only_flagged_vertices() {
    let _ctx = current_compat_context();
    let triangle: [f32; 6] = [10.5, 10.5, 30.5, 10.5, 10.5, 20.5];
    let flags: [GLboolean; 3] = [1, 0, 1];
    outline_arrays(&triangle, &flags);
    unsafe {
        glPolygonMode(GL_FRONT_AND_BACK, GL_POINT);
        glDrawArrays(GL_TRIANGLES, 0, 3);
    }
    assert_eq!(error(), GL_NO_ERROR);
    assert_eq!(pixel(10, 10), GREEN);
    assert_eq!(pixel(30, 10), BLACK, "its edge flag is false");
    assert_eq!(pixel(10, 20), GREEN);
    assert_eq!(pixel(15, 12), BLACK, "points, not a filled triangle");
}

#[test]
fn array_element_takes_the_flag_from_the_array() {
    let _ctx = current_compat_context();
    outline_arrays(&RECTANGLE, &NO_LEFT_EDGE);
    unsafe {
        glBegin(GL_POLYGON);
        for i in 0..4 {
            glArrayElement(i);
        }
        glEnd();
    }
    assert_eq!(error(), GL_NO_ERROR);
    assert_eq!(rectangle_sides(), [true, true, true, false]);
    // The last element's flag became the current edge flag.
    assert_eq!(get_int(GL_EDGE_FLAG), 0);
}

#[test]
fn edge_flag_array_state_is_queried_and_pushed() {
    let _ctx = current_compat_context();
    let flags: [GLboolean; 8] = [1; 8];
    let mut pointer: *mut std::ffi::c_void = std::ptr::null_mut();
    unsafe {
        assert_eq!(glIsEnabled(GL_EDGE_FLAG_ARRAY), 0);
        assert_eq!(get_int(GL_EDGE_FLAG_ARRAY_STRIDE), 0);
        glEdgeFlagPointer(2, flags.as_ptr().cast());
        glEnableClientState(GL_EDGE_FLAG_ARRAY);
        assert_eq!(glIsEnabled(GL_EDGE_FLAG_ARRAY), 1);
        assert_eq!(get_int(GL_EDGE_FLAG_ARRAY_STRIDE), 2);
        glGetPointerv(GL_EDGE_FLAG_ARRAY_POINTER, &mut pointer);
        assert_eq!(pointer as usize, flags.as_ptr() as usize);

        glPushClientAttrib(GL_CLIENT_VERTEX_ARRAY_BIT);
        glEdgeFlagPointer(0, flags[1..].as_ptr().cast());
        glDisableClientState(GL_EDGE_FLAG_ARRAY);
        glPopClientAttrib();
        assert_eq!(glIsEnabled(GL_EDGE_FLAG_ARRAY), 1);
        assert_eq!(get_int(GL_EDGE_FLAG_ARRAY_STRIDE), 2);
        glGetPointerv(GL_EDGE_FLAG_ARRAY_POINTER, &mut pointer);
        assert_eq!(pointer as usize, flags.as_ptr() as usize);

        glEdgeFlagPointer(-1, flags.as_ptr().cast());
        assert_eq!(error(), GL_INVALID_VALUE);
        assert_eq!(get_int(GL_EDGE_FLAG_ARRAY_STRIDE), 2, "a failed call changes nothing");
    }
}

#[test]
fn interleaved_arrays_point_into_one_block_and_disable_the_rest() {
    let _ctx = current_compat_context();
    let block = [0f32; 64];
    let base = block.as_ptr() as usize;
    let flags: [GLboolean; 4] = [1; 4];
    let array_pointer = |pname| {
        let mut p: *mut std::ffi::c_void = std::ptr::null_mut();
        unsafe { glGetPointerv(pname, &mut p) };
        p as usize
    };
    unsafe {
        glEdgeFlagPointer(0, flags.as_ptr().cast());
        glEnableClientState(GL_EDGE_FLAG_ARRAY);
        glEnableClientState(GL_INDEX_ARRAY);
        glEnableClientState(GL_FOG_COORD_ARRAY);
        glInterleavedArrays(GL_T2F_C4UB_V3F, 0, block.as_ptr().cast());
        assert_eq!(error(), GL_NO_ERROR);
    }
    // Two texture coordinates, four colour bytes (one float's room), three positions.
    let stride = 6 * 4;
    for (array, pointer, offset) in [(GL_TEXTURE_COORD_ARRAY, GL_TEXTURE_COORD_ARRAY_POINTER, 0), (GL_COLOR_ARRAY, GL_COLOR_ARRAY_POINTER, 8), (GL_VERTEX_ARRAY, GL_VERTEX_ARRAY_POINTER, 12)] {
        assert_eq!(unsafe { glIsEnabled(array) }, 1, "{array:#x}");
        assert_eq!(array_pointer(pointer), base + offset, "{pointer:#x}");
    }
    assert_eq!(get_int(GL_VERTEX_ARRAY_STRIDE), stride);
    assert_eq!(get_int(GL_COLOR_ARRAY_STRIDE), stride);
    assert_eq!(get_int(GL_COLOR_ARRAY_TYPE), GL_UNSIGNED_BYTE as i32);
    assert_eq!(get_int(GL_COLOR_ARRAY_SIZE), 4);
    assert_eq!(get_int(GL_TEXTURE_COORD_ARRAY_SIZE), 2);
    assert_eq!(get_int(GL_VERTEX_ARRAY_SIZE), 3);
    for array in [GL_EDGE_FLAG_ARRAY, GL_INDEX_ARRAY, GL_FOG_COORD_ARRAY, GL_NORMAL_ARRAY] {
        assert_eq!(unsafe { glIsEnabled(array) }, 0, "{array:#x}");
    }

    // A stride of its own is kept; a format without colours disables the colour array.
    unsafe { glInterleavedArrays(GL_N3F_V3F, 40, block.as_ptr().cast()) };
    assert_eq!(get_int(GL_NORMAL_ARRAY_STRIDE), 40);
    assert_eq!(array_pointer(GL_VERTEX_ARRAY_POINTER), base + 12);
    assert_eq!(unsafe { glIsEnabled(GL_COLOR_ARRAY) }, 0);
    assert_eq!(unsafe { glIsEnabled(GL_NORMAL_ARRAY) }, 1);

    unsafe {
        glInterleavedArrays(GL_RGBA, 0, block.as_ptr().cast());
        assert_eq!(error(), GL_INVALID_ENUM);
        glInterleavedArrays(GL_V2F, -4, block.as_ptr().cast());
        assert_eq!(error(), GL_INVALID_VALUE);
    }
    assert_eq!(get_int(GL_VERTEX_ARRAY_SIZE), 3, "failed calls change nothing");
}

#[test]
fn interleaved_arrays_draw_with_their_colours() {
    let _ctx = current_compat_context();
    window_ortho();
    // GL_C3F_V3F: a square over the window's left half, three red corners and a blue one.
    #[rustfmt::skip]
    let block: [f32; 24] = [
        1.0, 0.0, 0.0, 0.0, 0.0, 0.0,
        1.0, 0.0, 0.0, 32.0, 0.0, 0.0,
        1.0, 0.0, 0.0, 0.0, 32.0, 0.0,
        0.0, 0.0, 1.0, 32.0, 32.0, 0.0,
    ];
    clear_black();
    unsafe {
        glShadeModel(GL_FLAT);
        glInterleavedArrays(GL_C3F_V3F, 0, block.as_ptr().cast());
        glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
        glShadeModel(GL_SMOOTH);
    }
    assert_eq!(error(), GL_NO_ERROR);
    // Flat shading takes each triangle's last vertex: red below the diagonal, blue above.
    assert_eq!(pixel(20, 4), [255, 0, 0, 255]);
    assert_eq!(pixel(28, 28), [0, 0, 255, 255]);
    assert_eq!(pixel(48, 16), BLACK);
}
