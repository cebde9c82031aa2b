//! Multisample rendering: sample counts of framebuffer objects, GL_SAMPLE_MASK and
//! GL_SAMPLE_COVERAGE removing samples (seen through a resolving blit), sample positions,
//! the multisample limits and their errors.

mod common;

use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::*;
use gl_frontend::{Context, Profile};

/// A 4.6 compatibility context, current with the window surface.
fn context() -> std::sync::Arc<Context> {
    current_context_with_override(4, 6, Profile::Compatibility)
}

/// A 16x16 renderbuffer of `samples` samples.
fn renderbuffer(format: GLenum, samples: i32) -> GLuint {
    let mut rb = 0;
    unsafe {
        glGenRenderbuffers(1, &mut rb);
        glBindRenderbuffer(GL_RENDERBUFFER, rb);
        glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, format, 16, 16);
    }
    rb
}

/// A framebuffer with a 4-sample RGBA8 colour renderbuffer, bound for drawing.
fn multisample_framebuffer() -> GLuint {
    let fbo = new_framebuffer();
    let color = renderbuffer(GL_RGBA8, 4);
    unsafe { glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color) };
    assert_eq!(unsafe { glCheckFramebufferStatus(GL_FRAMEBUFFER) }, GL_FRAMEBUFFER_COMPLETE);
    fbo
}

/// Clears `fbo` to black, draws a red quad over it with fixed-function colour, resolves it
/// into the window and returns the red channel of a resolved pixel.
fn resolved_red_of_red_quad(fbo: GLuint) -> u8 {
    unsafe {
        glBindFramebuffer(GL_FRAMEBUFFER, fbo);
        glViewport(0, 0, 16, 16);
        glClearColor(0.0, 0.0, 0.0, 1.0);
        glClear(GL_COLOR_BUFFER_BIT);
        glColor4f(1.0, 0.0, 0.0, 1.0);
        immediate_unit_square();
        glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
        glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
        glBlitFramebuffer(0, 0, 16, 16, 0, 0, 16, 16, GL_COLOR_BUFFER_BIT, GL_NEAREST);
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
        assert_eq!(error(), GL_NO_ERROR);
        pixel(8, 8)[0]
    }
}

#[test]
fn sample_mask_removes_samples() {
    let _ctx = context();
    let fbo = multisample_framebuffer();
    assert_eq!(get_int(GL_SAMPLES), 4);
    assert_eq!(get_int(GL_SAMPLE_BUFFERS), 1);
    assert_eq!(resolved_red_of_red_quad(fbo), 255);
    unsafe {
        glEnable(GL_SAMPLE_MASK);
        assert_eq!(glIsEnabled(GL_SAMPLE_MASK), 1);
        glSampleMaski(0, 0b0101);
    }
    // Two of four samples red: half red after the resolve.
    let half = resolved_red_of_red_quad(fbo);
    assert!((126..=129).contains(&half), "{half}");
    unsafe { glSampleMaski(0, 0) };
    assert_eq!(resolved_red_of_red_quad(fbo), 0);
    // The mask applies only while enabled.
    unsafe { glDisable(GL_SAMPLE_MASK) };
    assert_eq!(resolved_red_of_red_quad(fbo), 255);
}

#[test]
fn sample_coverage_removes_samples() {
    let _ctx = context();
    let fbo = multisample_framebuffer();
    unsafe {
        glEnable(GL_SAMPLE_COVERAGE);
        glSampleCoverage(0.25, GL_FALSE as GLboolean);
    }
    let quarter = resolved_red_of_red_quad(fbo);
    assert!((62..=66).contains(&quarter), "{quarter}");
    unsafe { glSampleCoverage(0.25, GL_TRUE as GLboolean) };
    let three_quarters = resolved_red_of_red_quad(fbo);
    assert!((189..=193).contains(&three_quarters), "{three_quarters}");
    assert_eq!(get_floats::<1>(GL_SAMPLE_COVERAGE_VALUE), [0.25]);
    let mut invert = 0;
    unsafe { glGetBooleanv(GL_SAMPLE_COVERAGE_INVERT, &mut invert) };
    assert_eq!(invert, 1);
    // Without GL_MULTISAMPLE the coverage operation is off.
    unsafe { glDisable(GL_MULTISAMPLE) };
    assert_eq!(resolved_red_of_red_quad(fbo), 255);
}

#[test]
fn sample_mask_queries_and_errors() {
    let _ctx = context();
    assert!(get_int(GL_MAX_SAMPLE_MASK_WORDS) >= 1);
    assert!(get_int(GL_MAX_COLOR_TEXTURE_SAMPLES) >= 1);
    assert!(get_int(GL_MAX_DEPTH_TEXTURE_SAMPLES) >= 1);
    assert!(get_int(GL_MAX_INTEGER_SAMPLES) >= 1);
    assert_eq!(error(), GL_NO_ERROR);
    let words = get_int(GL_MAX_SAMPLE_MASK_WORDS) as GLuint;
    let mut value = 0;
    unsafe {
        glGetIntegeri_v(GL_SAMPLE_MASK_VALUE, 0, &mut value);
        assert_eq!(value, -1, "all samples by default");
        glSampleMaski(0, 0x1234);
        glGetIntegeri_v(GL_SAMPLE_MASK_VALUE, 0, &mut value);
        assert_eq!(value, 0x1234);
        glSampleMaski(words, 1);
        assert_eq!(error(), GL_INVALID_VALUE);
        glGetIntegeri_v(GL_SAMPLE_MASK_VALUE, words, &mut value);
        assert_eq!(error(), GL_INVALID_VALUE);
        assert_eq!(glIsEnabled(GL_SAMPLE_MASK), 0);
        assert_eq!(error(), GL_NO_ERROR);
    }
}

#[test]
fn sample_positions_follow_the_draw_framebuffer() {
    let _ctx = context();
    let mut position = [f32::NAN; 2];
    unsafe {
        // The window is single-sampled: one sample in the pixel's centre.
        glGetMultisamplefv(GL_SAMPLE_POSITION, 0, position.as_mut_ptr());
        assert_eq!(position, [0.5, 0.5]);
        glGetMultisamplefv(GL_SAMPLE_POSITION, 1, position.as_mut_ptr());
        assert_eq!(error(), GL_INVALID_VALUE);
        glGetMultisamplefv(GL_SAMPLES, 0, position.as_mut_ptr());
        assert_eq!(error(), GL_INVALID_ENUM);
        multisample_framebuffer();
        let mut seen = Vec::new();
        for i in 0..4 {
            glGetMultisamplefv(GL_SAMPLE_POSITION, i, position.as_mut_ptr());
            assert!(position.iter().all(|p| (0.0..1.0).contains(p)), "{position:?}");
            seen.push(position);
        }
        assert_eq!(error(), GL_NO_ERROR);
        seen.dedup();
        assert_eq!(seen.len(), 4, "four distinct positions");
    }
}

#[test]
fn attachments_of_different_sample_counts_are_incomplete() {
    let _ctx = context();
    unsafe {
        new_framebuffer();
        let color = renderbuffer(GL_RGBA8, 4);
        let depth = renderbuffer(GL_DEPTH_COMPONENT24, 0);
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color);
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, depth);
        assert_eq!(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE);
        let depth = renderbuffer(GL_DEPTH_COMPONENT24, 4);
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, depth);
        assert_eq!(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
        // A count the device lacks is rounded up to one it has, and reported as such.
        let rounded = renderbuffer(GL_RGBA8, 3);
        let mut samples = 0;
        glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_SAMPLES, &mut samples);
        assert!(samples >= 3, "{samples}");
        let _ = rounded;
        // Multisample textures with and without fixed sample locations do not mix.
        let mut tex = [0; 2];
        glGenTextures(2, tex.as_mut_ptr());
        glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, tex[0]);
        glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, 16, 16, GL_TRUE as GLboolean);
        glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, tex[1]);
        glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, 16, 16, GL_FALSE as GLboolean);
        new_framebuffer();
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D_MULTISAMPLE, tex[0], 0);
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D_MULTISAMPLE, tex[1], 0);
        assert_eq!(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE);
        assert_eq!(error(), GL_NO_ERROR);
    }
}

#[test]
fn resolving_blit_is_clipped_to_the_source() {
    resolve_half_outside([-8, 0, 8, 16], [0, 0, 16, 16]);
}

#[test]
fn resolving_blit_with_both_rectangles_reversed_is_clipped_alike() {
    // Reversed alike in both rectangles: no mirror, the same pixels.
    resolve_half_outside([8, 16, -8, 0], [16, 16, 0, 0]);
}

/// Resolves a red 16x16 multisample image through `src` (half of it left of the image)
/// onto `dst` of the blue window.
fn resolve_half_outside(src: [GLint; 4], dst: [GLint; 4]) {
    let _ctx = context();
    let fbo = multisample_framebuffer();
    unsafe {
        glBindFramebuffer(GL_FRAMEBUFFER, fbo);
        glClearColor(1.0, 0.0, 0.0, 1.0);
        glClear(GL_COLOR_BUFFER_BIT);
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
        glClearColor(0.0, 0.0, 1.0, 1.0);
        glClear(GL_COLOR_BUFFER_BIT);
        // The source rectangle starts 8 pixels left of the 16x16 image: only its right half
        // exists, and only the window pixels it maps to are written.
        glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
        glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
        glBlitFramebuffer(src[0], src[1], src[2], src[3], dst[0], dst[1], dst[2], dst[3], GL_COLOR_BUFFER_BIT, GL_NEAREST);
        assert_eq!(error(), GL_NO_ERROR);
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
    }
    assert_eq!(pixel(4, 4), [0, 0, 255, 255], "outside the source: untouched");
    assert_eq!(pixel(12, 4), [255, 0, 0, 255], "inside the source: resolved");
}

/// A framebuffer of a 16x16 RGBA8 colour and a DEPTH24_STENCIL8 renderbuffer of `samples`
/// samples each, bound.
fn color_depth_framebuffer(samples: i32) -> GLuint {
    let fbo = new_framebuffer();
    let color = renderbuffer(GL_RGBA8, samples);
    let depth = renderbuffer(GL_DEPTH24_STENCIL8, samples);
    unsafe {
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color);
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, depth);
        assert_eq!(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
    }
    fbo
}

#[test]
fn depth_and_stencil_resolve_through_a_blit() {
    let _ctx = context();
    let multi = color_depth_framebuffer(4);
    let single = color_depth_framebuffer(0);
    unsafe {
        glBindFramebuffer(GL_FRAMEBUFFER, single);
        glClearDepth(1.0);
        glClearStencil(0);
        glClear(GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
        // Depth 0.25 everywhere, then a quad at depth 0.5 (z = 0) over the right half with
        // stencil 7 there.
        glBindFramebuffer(GL_FRAMEBUFFER, multi);
        glViewport(0, 0, 16, 16);
        glClearDepth(0.25);
        glClearStencil(3);
        glClear(GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
        glEnable(GL_DEPTH_TEST);
        glDepthFunc(GL_ALWAYS);
        glEnable(GL_STENCIL_TEST);
        glStencilFunc(GL_ALWAYS, 7, 0xff);
        glStencilOp(GL_KEEP, GL_KEEP, GL_REPLACE);
        glBegin(GL_QUADS);
        glVertex2f(0.0, -1.0);
        glVertex2f(1.0, -1.0);
        glVertex2f(1.0, 1.0);
        glVertex2f(0.0, 1.0);
        glEnd();
        glDisable(GL_DEPTH_TEST);
        glDisable(GL_STENCIL_TEST);
        glBindFramebuffer(GL_READ_FRAMEBUFFER, multi);
        glBindFramebuffer(GL_DRAW_FRAMEBUFFER, single);
        glBlitFramebuffer(0, 0, 16, 16, 0, 0, 16, 16, GL_DEPTH_BUFFER_BIT, GL_NEAREST);
        assert_eq!(error(), GL_NO_ERROR);
        glBindFramebuffer(GL_FRAMEBUFFER, single);
        let mut depth = [0.0f32; 2];
        glReadPixels(4, 8, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, depth.as_mut_ptr().cast());
        glReadPixels(12, 8, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, depth[1..].as_mut_ptr().cast());
        assert!((depth[0] - 0.25).abs() < 1e-3 && (depth[1] - 0.5).abs() < 1e-3, "{depth:?}");
        // Only depth was asked for: stencil is still the cleared 0.
        let mut stencil = [0xffu8; 2];
        glReadPixels(12, 8, 1, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, stencil.as_mut_ptr().cast());
        assert_eq!(stencil[0], 0);
        // Stencil alone, mirrored in x: the quad's 7s land on the left half.
        glBindFramebuffer(GL_READ_FRAMEBUFFER, multi);
        glBindFramebuffer(GL_DRAW_FRAMEBUFFER, single);
        glBlitFramebuffer(0, 0, 16, 16, 16, 0, 0, 16, GL_STENCIL_BUFFER_BIT, GL_NEAREST);
        assert_eq!(error(), GL_NO_ERROR);
        glBindFramebuffer(GL_FRAMEBUFFER, single);
        glReadPixels(4, 8, 1, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, stencil.as_mut_ptr().cast());
        glReadPixels(12, 8, 1, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, stencil[1..].as_mut_ptr().cast());
        assert_eq!(stencil, [7, 3]);
        // A multisample source blits at one size only.
        glBindFramebuffer(GL_READ_FRAMEBUFFER, multi);
        glBindFramebuffer(GL_DRAW_FRAMEBUFFER, single);
        glBlitFramebuffer(0, 0, 16, 16, 0, 0, 8, 8, GL_DEPTH_BUFFER_BIT, GL_NEAREST);
        assert_eq!(error(), GL_INVALID_OPERATION);
    }
}

const QUAD_VS: &str = "#version 400\nlayout(location = 0) in vec2 p;\nvoid main() { gl_Position = vec4(p, 0.0, 1.0); }\n";

/// Draws the full-viewport quad with `fragment` into `fbo` (16x16), resolves it into the
/// window when it is multisampled, and returns the window's pixel (8, 8).
fn draw_and_read(fbo: GLuint, multisampled: bool, fragment: &str) -> [u8; 4] {
    let program = linked_program(&[(GL_VERTEX_SHADER, QUAD_VS), (GL_FRAGMENT_SHADER, fragment)]);
    unsafe {
        glUseProgram(program);
        glBindFramebuffer(GL_FRAMEBUFFER, fbo);
        glViewport(0, 0, 16, 16);
        draw_full_window_quad();
        glUseProgram(0);
        if multisampled {
            glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
            glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
            glBlitFramebuffer(0, 0, 16, 16, 0, 0, 16, 16, GL_COLOR_BUFFER_BIT, GL_NEAREST);
        }
        glBindFramebuffer(GL_FRAMEBUFFER, if multisampled { 0 } else { fbo });
        assert_eq!(error(), GL_NO_ERROR);
    }
    pixel(8, 8)
}

#[test]
fn num_samples_counts_the_draw_framebuffers_samples() {
    let _ctx = context();
    let shader = "#version 400\nout vec4 c;\nvoid main() { c = vec4(float(gl_NumSamples) / 8.0, 0.0, 0.0, 1.0); }\n";
    let four = draw_and_read(multisample_framebuffer(), true, shader);
    assert!((126..=129).contains(&four[0]), "4 of 8: {four:?}");
    let one = draw_and_read(color_depth_framebuffer(0), false, shader);
    assert!((31..=33).contains(&one[0]), "1 of 8: {one:?}");
}

#[test]
fn sample_mask_written_on_single_sample_draws_is_ignored() {
    let _ctx = context();
    let shader = "#version 400\nout vec4 c;\nvoid main() { gl_SampleMask[0] = 0; c = vec4(1.0, 0.0, 0.0, 1.0); }\n";
    // One sample: the mask is ignored and the quad is drawn.
    assert_eq!(draw_and_read(color_depth_framebuffer(0), false, shader), [255, 0, 0, 255]);
    // Four samples: it removes every sample, leaving the blue clear.
    assert_eq!(draw_and_read(multisample_framebuffer(), true, shader), [0, 0, 255, 255]);
    // Two of four samples kept: half red.
    let half = "#version 400\nout vec4 c;\nvoid main() { gl_SampleMask[0] = 5; c = vec4(1.0, 0.0, 0.0, 1.0); }\n";
    let resolved = draw_and_read(multisample_framebuffer(), true, half);
    assert!((126..=129).contains(&resolved[0]), "{resolved:?}");
    // GL_MULTISAMPLE off: no multisample rasterisation, so the mask is ignored there too.
    unsafe { glDisable(GL_MULTISAMPLE) };
    assert_eq!(draw_and_read(multisample_framebuffer(), true, shader), [255, 0, 0, 255]);
    unsafe { glEnable(GL_MULTISAMPLE) };
}

#[test]
fn single_aspect_blits_leave_the_other_aspect_alone() {
    let _ctx = context();
    let source = color_depth_framebuffer(0);
    let dest = color_depth_framebuffer(0);
    let read = |x: i32| unsafe {
        let (mut stencil, mut depth) = ([0xffu8; 1], [0f32; 1]);
        glReadPixels(x, 4, 1, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, stencil.as_mut_ptr().cast());
        glReadPixels(x, 4, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, depth.as_mut_ptr().cast());
        (stencil[0], depth[0])
    };
    unsafe {
        glBindFramebuffer(GL_FRAMEBUFFER, dest);
        glClearDepth(1.0);
        glClearStencil(0);
        glClear(GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
        glBindFramebuffer(GL_FRAMEBUFFER, source);
        glClearDepth(0.25);
        glClearStencil(7);
        glClear(GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
        // Depth into the left half, scaled down; stencil into the right half, mirrored.
        glBindFramebuffer(GL_READ_FRAMEBUFFER, source);
        glBindFramebuffer(GL_DRAW_FRAMEBUFFER, dest);
        glBlitFramebuffer(0, 0, 16, 16, 0, 0, 8, 16, GL_DEPTH_BUFFER_BIT, GL_NEAREST);
        glBlitFramebuffer(0, 0, 16, 16, 16, 0, 8, 16, GL_STENCIL_BUFFER_BIT, GL_NEAREST);
        assert_eq!(glGetError(), GL_NO_ERROR);
        glBindFramebuffer(GL_FRAMEBUFFER, dest);
    }
    let (stencil, depth) = read(4);
    assert_eq!(stencil, 0, "the depth blit left stencil alone");
    assert!((depth - 0.25).abs() < 1e-3, "depth {depth}");
    let (stencil, depth) = read(12);
    assert_eq!(stencil, 7, "the stencil blit");
    assert!((depth - 1.0).abs() < 1e-3, "the stencil blit left depth alone: {depth}");
}

#[test]
fn single_sample_reads_and_scaled_blits_of_multisample_framebuffers_are_errors() {
    let _ctx = context();
    let fbo = multisample_framebuffer();
    let mut p = [0u8; 4];
    let mut tex = 0;
    unsafe {
        glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
        glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, p.as_mut_ptr().cast());
        assert_eq!(error(), GL_INVALID_OPERATION, "glReadPixels of a multisample framebuffer");
        glGenTextures(1, &mut tex);
        glBindTexture(GL_TEXTURE_2D, tex);
        glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 0, 0, 4, 4, 0);
        assert_eq!(error(), GL_INVALID_OPERATION, "glCopyTexImage2D from a multisample framebuffer");
        // Resolving keeps the size; a scaled one, out of or into multisample, is refused.
        glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
        glBlitFramebuffer(0, 0, 16, 16, 0, 0, 16, 16, GL_COLOR_BUFFER_BIT, GL_NEAREST);
        assert_eq!(error(), GL_NO_ERROR);
        glBlitFramebuffer(0, 0, 16, 16, 0, 0, 8, 8, GL_COLOR_BUFFER_BIT, GL_NEAREST);
        assert_eq!(error(), GL_INVALID_OPERATION, "a scaled resolve");
        glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
        glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo);
        glBlitFramebuffer(0, 0, 8, 8, 0, 0, 16, 16, GL_COLOR_BUFFER_BIT, GL_NEAREST);
        assert_eq!(error(), GL_INVALID_OPERATION, "a scaled blit into multisample");
    }
}
