//! Blits into multisample framebuffers: from a single-sample source every sample gets the
//! source pixel, and between multisample images of one sample count each sample its own,
//! mirrored or converted where asked; seen through a resolving blit, a depth test or a
//! stencil test. Depth/stencil buffers of matching GL formats blit into each other
//! whatever their storage; buffers missing on a side are left out.

mod common;

use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::*;
use gl_frontend::{Context, Profile};

const SIZE: i32 = 32;

/// A 4.6 compatibility context, current with the window surface.
fn context() -> std::sync::Arc<Context> {
    current_context_with_override(4, 6, Profile::Compatibility)
}

/// A SIZE x SIZE renderbuffer of `samples` samples.
fn renderbuffer(format: GLenum, samples: i32) -> GLuint {
    let mut rb = 0;
    unsafe {
        glGenRenderbuffers(1, &mut rb);
        glBindRenderbuffer(GL_RENDERBUFFER, rb);
        glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, format, SIZE, SIZE);
    }
    rb
}

/// A framebuffer with a `color` renderbuffer (if any) and a DEPTH24_STENCIL8 one of
/// `samples` samples, bound.
fn framebuffer(color: Option<GLenum>, samples: i32) -> GLuint {
    let fbo = new_framebuffer();
    unsafe {
        if let Some(format) = color {
            glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, renderbuffer(format, samples));
        }
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, renderbuffer(GL_DEPTH24_STENCIL8, samples));
        assert_eq!(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
    }
    fbo
}

/// The colour of source pixel (x, y): different in every pixel.
fn pattern(x: i32, y: i32) -> [u8; 4] {
    [(x * 8) as u8, (y * 8) as u8, ((x + y) * 4) as u8, 255]
}

/// A single-sample RGBA8 texture framebuffer holding `pattern`, bound.
fn pattern_framebuffer() -> GLuint {
    let texels: Vec<u8> = (0..SIZE).flat_map(|y| (0..SIZE).flat_map(move |x| pattern(x, y))).collect();
    let mut tex = 0;
    unsafe {
        glGenTextures(1, &mut tex);
        glBindTexture(GL_TEXTURE_2D, tex);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8 as GLint, SIZE, SIZE, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.as_ptr().cast());
        let fbo = new_framebuffer();
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
        assert_eq!(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
        fbo
    }
}

fn blit(read: GLuint, draw: GLuint, src: [GLint; 4], dst: [GLint; 4], mask: GLbitfield) {
    unsafe {
        glBindFramebuffer(GL_READ_FRAMEBUFFER, read);
        glBindFramebuffer(GL_DRAW_FRAMEBUFFER, draw);
        glBlitFramebuffer(src[0], src[1], src[2], src[3], dst[0], dst[1], dst[2], dst[3], mask, GL_NEAREST);
    }
}

/// Resolves the colour of `fbo` into the window and reads it all back, row by row.
fn resolved(fbo: GLuint) -> Vec<[u8; 4]> {
    blit(fbo, 0, [0, 0, SIZE, SIZE], [0, 0, SIZE, SIZE], GL_COLOR_BUFFER_BIT);
    let mut texels = vec![[0u8; 4]; (SIZE * SIZE) as usize];
    unsafe {
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
        glReadPixels(0, 0, SIZE, SIZE, GL_RGBA, GL_UNSIGNED_BYTE, texels.as_mut_ptr().cast());
    }
    assert_eq!(error(), GL_NO_ERROR);
    texels
}

/// Tile i of `tiles` x `tiles` over the image, as blit corners.
fn tile(i: i32, tiles: i32) -> [GLint; 4] {
    let size = SIZE / tiles;
    let (x, y) = ((i % tiles) * size, (i / tiles) * size);
    [x, y, x + size, y + size]
}

#[test]
fn upsampled_colour_resolves_to_the_source() {
    let _ctx = context();
    let source = pattern_framebuffer();
    let multi = framebuffer(Some(GL_RGBA8), 4);
    blit(source, multi, [0, 0, SIZE, SIZE], [0, 0, SIZE, SIZE], GL_COLOR_BUFFER_BIT);
    assert_eq!(error(), GL_NO_ERROR);
    let texels = resolved(multi);
    for (y, x) in (0..SIZE).flat_map(|y| (0..SIZE).map(move |x| (y, x))) {
        assert_eq!(texels[(y * SIZE + x) as usize], pattern(x, y), "pixel ({x}, {y})");
    }
}

#[test]
fn upsampled_tiles_land_where_asked() {
    let _ctx = context();
    let source = pattern_framebuffer();
    let multi = framebuffer(Some(GL_RGBA8), 4);
    // Sixteen 8x8 tiles, each into the place of another (a rotation by 5 tiles).
    for i in 0..16 {
        blit(source, multi, tile(i, 4), tile((i + 5) % 16, 4), GL_COLOR_BUFFER_BIT);
    }
    assert_eq!(error(), GL_NO_ERROR);
    let texels = resolved(multi);
    for i in 0..16 {
        let [sx, sy, ..] = tile(i, 4);
        let [dx, dy, ..] = tile((i + 5) % 16, 4);
        for (y, x) in (0..8).flat_map(|y| (0..8).map(move |x| (y, x))) {
            assert_eq!(texels[((dy + y) * SIZE + dx + x) as usize], pattern(sx + x, sy + y), "tile {i}, pixel ({x}, {y})");
        }
    }
}

#[test]
fn upsampling_honours_mirroring_and_the_scissor() {
    let _ctx = context();
    let source = pattern_framebuffer();
    let multi = framebuffer(Some(GL_RGBA8), 4);
    unsafe {
        glClearColor(0.0, 0.0, 1.0, 1.0);
        glClear(GL_COLOR_BUFFER_BIT);
        glEnable(GL_SCISSOR_TEST);
        glScissor(0, 0, SIZE, SIZE / 2);
    }
    // Mirrored in x; only the bottom half passes the scissor.
    blit(source, multi, [0, 0, SIZE, SIZE], [SIZE, 0, 0, SIZE], GL_COLOR_BUFFER_BIT);
    unsafe { glDisable(GL_SCISSOR_TEST) };
    let texels = resolved(multi);
    assert_eq!(texels[(4 * SIZE + 3) as usize], pattern(SIZE - 1 - 3, 4), "mirrored");
    assert_eq!(texels[(20 * SIZE + 3) as usize], [0, 0, 255, 255], "scissored away");
}

#[test]
fn multisample_copies_mirror_and_convert_sample_by_sample() {
    let _ctx = context();
    let source = pattern_framebuffer();
    let first = framebuffer(Some(GL_RGBA8), 4);
    blit(source, first, [0, 0, SIZE, SIZE], [0, 0, SIZE, SIZE], GL_COLOR_BUFFER_BIT);
    // Same sample count: mirrored in y (a draw), and into another format (a draw).
    let mirrored = framebuffer(Some(GL_RGBA8), 4);
    blit(first, mirrored, [0, 0, SIZE, SIZE], [0, SIZE, SIZE, 0], GL_COLOR_BUFFER_BIT);
    let converted = framebuffer(Some(GL_RGBA16F), 4);
    blit(first, converted, [0, 0, SIZE, SIZE], [0, 0, SIZE, SIZE], GL_COLOR_BUFFER_BIT);
    assert_eq!(error(), GL_NO_ERROR);
    let flipped = resolved(mirrored);
    assert_eq!(flipped[(3 * SIZE + 5) as usize], pattern(5, SIZE - 1 - 3));
    let same = resolved(converted);
    assert_eq!(same[(7 * SIZE + 9) as usize], pattern(9, 7));
}

#[test]
fn integer_colour_upsamples_exactly() {
    let _ctx = context();
    let texels: Vec<u32> = (0..SIZE * SIZE).flat_map(|i| [i as u32 * 1000, 7, 0, 1]).collect();
    unsafe {
        let mut tex = 0;
        glGenTextures(1, &mut tex);
        glBindTexture(GL_TEXTURE_2D, tex);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32UI as GLint, SIZE, SIZE, 0, GL_RGBA_INTEGER, GL_UNSIGNED_INT, texels.as_ptr().cast());
        let source = new_framebuffer();
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
        let multi = framebuffer(Some(GL_RGBA32UI), 4);
        blit(source, multi, [0, 0, SIZE, SIZE], [0, 0, SIZE, SIZE], GL_COLOR_BUFFER_BIT);
        // Resolving an integer image takes one sample; all of them hold the source value.
        let single = new_framebuffer();
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, renderbuffer(GL_RGBA32UI, 0));
        blit(multi, single, [0, 0, SIZE, SIZE], [0, 0, SIZE, SIZE], GL_COLOR_BUFFER_BIT);
        assert_eq!(error(), GL_NO_ERROR);
        glBindFramebuffer(GL_FRAMEBUFFER, single);
        let mut value = [0u32; 4];
        glReadPixels(5, 3, 1, 1, GL_RGBA_INTEGER, GL_UNSIGNED_INT, value.as_mut_ptr().cast());
        assert_eq!(value, [(3 * SIZE as u32 + 5) * 1000, 7, 0, 1]);
        // Integer to float colour is an error, as is filtering integers.
        blit(source, framebuffer(Some(GL_RGBA8), 4), [0, 0, SIZE, SIZE], [0, 0, SIZE, SIZE], GL_COLOR_BUFFER_BIT);
        assert_eq!(error(), GL_INVALID_OPERATION);
        glBindFramebuffer(GL_READ_FRAMEBUFFER, source);
        glBindFramebuffer(GL_DRAW_FRAMEBUFFER, single);
        glBlitFramebuffer(0, 0, SIZE, SIZE, 0, 0, SIZE, SIZE, GL_COLOR_BUFFER_BIT, GL_LINEAR);
        assert_eq!(error(), GL_INVALID_OPERATION);
    }
}

/// Draws a full-window red quad at depth `z` (window depth (z + 1) / 2) into `fbo` with
/// the depth test GL_LESS, or the stencil test passing where stencil is `stencil`.
fn red_quad(fbo: GLuint, z: f32, stencil: Option<GLint>) {
    unsafe {
        glBindFramebuffer(GL_FRAMEBUFFER, fbo);
        glViewport(0, 0, SIZE, SIZE);
        glClearColor(0.0, 0.0, 0.0, 1.0);
        glClear(GL_COLOR_BUFFER_BIT);
        match stencil {
            None => {
                glEnable(GL_DEPTH_TEST);
                glDepthFunc(GL_LESS);
            }
            Some(value) => {
                glEnable(GL_STENCIL_TEST);
                glStencilFunc(GL_EQUAL, value, 0xff);
                glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
            }
        }
        glColor4f(1.0, 0.0, 0.0, 1.0);
        glBegin(GL_QUADS);
        for (x, y) in [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)] {
            glVertex3f(x, y, z);
        }
        glEnd();
        glDisable(GL_DEPTH_TEST);
        glDisable(GL_STENCIL_TEST);
    }
}

/// A single-sample framebuffer whose depth is 0.25 on the left half and 0.75 on the
/// right, and stencil 5 on the left and 9 on the right.
fn depth_stencil_source() -> GLuint {
    let source = framebuffer(Some(GL_RGBA8), 0);
    unsafe {
        glEnable(GL_SCISSOR_TEST);
        for (x, depth, stencil) in [(0, 0.25, 5), (SIZE / 2, 0.75, 9)] {
            glScissor(x, 0, SIZE / 2, SIZE);
            glClearDepth(depth);
            glClearStencil(stencil);
            glClear(GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
        }
        glDisable(GL_SCISSOR_TEST);
    }
    source
}

#[test]
fn upsampled_depth_feeds_the_depth_test() {
    let _ctx = context();
    let source = depth_stencil_source();
    let multi = framebuffer(Some(GL_RGBA8), 4);
    unsafe {
        glClearStencil(1);
        glClear(GL_STENCIL_BUFFER_BIT);
    }
    blit(source, multi, [0, 0, SIZE, SIZE], [0, 0, SIZE, SIZE], GL_DEPTH_BUFFER_BIT);
    assert_eq!(error(), GL_NO_ERROR);
    // Window depth 0.5 passes GL_LESS only where the blit wrote 0.75.
    red_quad(multi, 0.0, None);
    let texels = resolved(multi);
    assert_eq!(texels[(8 * SIZE + 4) as usize], [0, 0, 0, 255], "depth 0.25 is nearer");
    assert_eq!(texels[(8 * SIZE + 28) as usize], [255, 0, 0, 255], "depth 0.75 is farther");
    // The depth blit left stencil as it was cleared.
    red_quad(multi, 0.0, Some(1));
    assert_eq!(resolved(multi)[(8 * SIZE + 4) as usize], [255, 0, 0, 255]);
}

#[test]
fn upsampled_stencil_feeds_the_stencil_test() {
    let _ctx = context();
    let source = depth_stencil_source();
    let multi = framebuffer(Some(GL_RGBA8), 4);
    // Mirrored in x: the 9s land on the left half.
    blit(source, multi, [0, 0, SIZE, SIZE], [SIZE, 0, 0, SIZE], GL_STENCIL_BUFFER_BIT);
    assert_eq!(error(), GL_NO_ERROR);
    red_quad(multi, 0.0, Some(9));
    let texels = resolved(multi);
    assert_eq!(texels[(8 * SIZE + 4) as usize], [255, 0, 0, 255], "stencil 9");
    assert_eq!(texels[(8 * SIZE + 28) as usize], [0, 0, 0, 255], "stencil 5");
}

/// A framebuffer of one `format` renderbuffer of `samples` samples at `point`, with
/// depth 0.25 or stencil 5 on the left half, 0.75 or 9 on the right, bound.
fn lone_depth_or_stencil(point: GLenum, format: GLenum, samples: i32) -> GLuint {
    let fbo = new_framebuffer();
    unsafe {
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, point, GL_RENDERBUFFER, renderbuffer(format, samples));
        glDrawBuffer(GL_NONE);
        glReadBuffer(GL_NONE);
        assert_eq!(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
        glEnable(GL_SCISSOR_TEST);
        for (x, depth, stencil) in [(0, 0.25, 5), (SIZE / 2, 0.75, 9)] {
            glScissor(x, 0, SIZE / 2, SIZE);
            glClearDepth(depth);
            glClearStencil(stencil);
            glClear(GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
        }
        glDisable(GL_SCISSOR_TEST);
    }
    fbo
}

#[test]
fn depth_only_and_stencil_only_buffers_blit_into_combined_ones() {
    let _ctx = context();
    for samples in [0, 4] {
        let depth = lone_depth_or_stencil(GL_DEPTH_ATTACHMENT, GL_DEPTH_COMPONENT24, samples);
        let combined = framebuffer(Some(GL_RGBA8), samples);
        // All three bits: the source has no stencil, so only depth is blitted.
        blit(depth, combined, [0, 0, SIZE, SIZE], [0, 0, SIZE, SIZE], GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT | GL_COLOR_BUFFER_BIT);
        assert_eq!(error(), GL_NO_ERROR, "{samples} samples");
        red_quad(combined, 0.0, None);
        let texels = resolved(combined);
        assert_eq!(texels[(8 * SIZE + 4) as usize], [0, 0, 0, 255], "{samples} samples: depth 0.25 is nearer");
        assert_eq!(texels[(8 * SIZE + 28) as usize], [255, 0, 0, 255], "{samples} samples: depth 0.75 is farther");

        let stencil = lone_depth_or_stencil(GL_STENCIL_ATTACHMENT, GL_STENCIL_INDEX8, samples);
        let combined = framebuffer(Some(GL_RGBA8), samples);
        blit(stencil, combined, [0, 0, SIZE, SIZE], [0, 0, SIZE, SIZE], GL_STENCIL_BUFFER_BIT);
        assert_eq!(error(), GL_NO_ERROR, "{samples} samples");
        red_quad(combined, 0.0, Some(9));
        let texels = resolved(combined);
        assert_eq!(texels[(8 * SIZE + 4) as usize], [0, 0, 0, 255], "{samples} samples: stencil 5");
        assert_eq!(texels[(8 * SIZE + 28) as usize], [255, 0, 0, 255], "{samples} samples: stencil 9");
    }
    // Depth of other bits or type does not match.
    let combined = framebuffer(Some(GL_RGBA8), 4);
    for format in [GL_DEPTH_COMPONENT16, GL_DEPTH_COMPONENT32F] {
        let other = lone_depth_or_stencil(GL_DEPTH_ATTACHMENT, format, 4);
        blit(other, combined, [0, 0, SIZE, SIZE], [0, 0, SIZE, SIZE], GL_DEPTH_BUFFER_BIT);
        assert_eq!(error(), GL_INVALID_OPERATION, "0x{format:04X}");
    }
}

#[test]
fn colour_blits_from_a_read_buffer_without_an_image_are_ignored() {
    let _ctx = context();
    let multi = framebuffer(Some(GL_RGBA8), 4);
    unsafe {
        glClearColor(0.0, 1.0, 0.0, 1.0);
        glClear(GL_COLOR_BUFFER_BIT);
    }
    // Colour attachment 1 only, read through attachment 0.
    let source = new_framebuffer();
    unsafe {
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_RENDERBUFFER, renderbuffer(GL_RGBA8, 4));
        glClearColor(1.0, 0.0, 0.0, 1.0);
        glDrawBuffer(GL_COLOR_ATTACHMENT1);
        glClear(GL_COLOR_BUFFER_BIT);
        glReadBuffer(GL_COLOR_ATTACHMENT0);
    }
    blit(source, multi, [0, 0, SIZE, SIZE], [0, 0, SIZE, SIZE], GL_COLOR_BUFFER_BIT);
    assert_eq!(error(), GL_NO_ERROR);
    assert_eq!(resolved(multi)[0], [0, 255, 0, 255]);
}

#[test]
fn scaled_resolves_fill_the_destination_rectangle_and_only_resolve() {
    let _ctx = context();
    let multi = framebuffer(Some(GL_RGBA8), 4);
    unsafe {
        glClearColor(0.0, 1.0, 0.0, 1.0);
        glClear(GL_COLOR_BUFFER_BIT);
    }
    let single = pattern_framebuffer();
    // The left half doubled in width, reaching past the right edge, which is cut.
    unsafe {
        glBindFramebuffer(GL_READ_FRAMEBUFFER, multi);
        glBindFramebuffer(GL_DRAW_FRAMEBUFFER, single);
        glBlitFramebuffer(0, 0, SIZE / 2, SIZE / 2, 8, 0, 8 + SIZE, SIZE, GL_COLOR_BUFFER_BIT, GL_SCALED_RESOLVE_FASTEST_EXT);
    }
    assert_eq!(error(), GL_NO_ERROR);
    let mut texels = vec![[0u8; 4]; (SIZE * SIZE) as usize];
    unsafe {
        glBindFramebuffer(GL_READ_FRAMEBUFFER, single);
        glReadPixels(0, 0, SIZE, SIZE, GL_RGBA, GL_UNSIGNED_BYTE, texels.as_mut_ptr().cast());
    }
    assert_eq!(texels[(4 * SIZE + 4) as usize], pattern(4, 4), "left of the rectangle");
    assert_eq!(texels[(4 * SIZE + 8) as usize], [0, 255, 0, 255]);
    assert_eq!(texels[(30 * SIZE + 31) as usize], [0, 255, 0, 255]);
    // Scaled resolves need a multisample source and a single-sample destination.
    blit(single, single, [0, 0, 4, 4], [0, 0, 8, 8], 0);
    unsafe { glBlitFramebuffer(0, 0, 4, 4, 0, 0, 8, 8, GL_COLOR_BUFFER_BIT, GL_SCALED_RESOLVE_NICEST_EXT) };
    assert_eq!(error(), GL_INVALID_OPERATION);
    let other = framebuffer(Some(GL_RGBA8), 4);
    blit(multi, other, [0, 0, 4, 4], [0, 0, 4, 4], 0);
    unsafe { glBlitFramebuffer(0, 0, 4, 4, 0, 0, 8, 8, GL_COLOR_BUFFER_BIT, GL_SCALED_RESOLVE_NICEST_EXT) };
    assert_eq!(error(), GL_INVALID_OPERATION);
}

#[test]
fn multisample_blit_errors() {
    let _ctx = context();
    let four = framebuffer(Some(GL_RGBA8), 4);
    // One sample asks for a multisample image: the fewest samples above one.
    let one = framebuffer(Some(GL_RGBA8), 1);
    let fewest = get_int(GL_SAMPLES);
    assert!(fewest > 1, "{fewest}");
    blit(one, four, [0, 0, SIZE, SIZE], [0, 0, SIZE, SIZE], GL_COLOR_BUFFER_BIT);
    let expected = if fewest == 4 { GL_NO_ERROR } else { GL_INVALID_OPERATION };
    assert_eq!(error(), expected, "different sample counts");
    // Nothing scales into or out of multisample.
    blit(one, four, [0, 0, SIZE, SIZE], [0, 0, SIZE / 2, SIZE], GL_COLOR_BUFFER_BIT);
    assert_eq!(error(), GL_INVALID_OPERATION);
}

#[test]
fn copy_pixels_from_a_multisample_framebuffer_is_refused() {
    let _ctx = context();
    let multi = framebuffer(Some(GL_RGBA8), 4);
    let single = framebuffer(Some(GL_RGBA8), 0);
    unsafe {
        glBindFramebuffer(GL_DRAW_FRAMEBUFFER, single);
        glBindFramebuffer(GL_READ_FRAMEBUFFER, multi);
        glRasterPos2i(0, 0);
        glCopyPixels(0, 0, 4, 4, GL_COLOR);
        assert_eq!(glGetError(), GL_INVALID_OPERATION);
        // From a single-sample one it copies.
        glBindFramebuffer(GL_READ_FRAMEBUFFER, single);
        glCopyPixels(0, 0, 4, 4, GL_COLOR);
    }
    assert_eq!(error(), GL_NO_ERROR);
}
