//! Texture views (glTextureView): a view samples, renders into and uploads into the
//! storage of the texture it was made of, through its own levels, layers and format.

use crate::harness::*;
use glow::HasContext;

type TextureViewFn = unsafe extern "system" fn(u32, u32, u32, u32, u32, u32, u32, u32);

/// glTextureView, which glow does not wrap.
fn texture_view(view: glow::Texture, target: u32, original: glow::Texture, format: u32, levels: (u32, u32), layers: (u32, u32)) {
    raw_texture_view(view.0.get(), target, original.0.get(), format, levels, layers)
}

fn raw_texture_view(view: u32, target: u32, original: u32, format: u32, levels: (u32, u32), layers: (u32, u32)) {
    let address = galvan::get_proc_address("glTextureView");
    assert!(!address.is_null(), "glTextureView is exported");
    // SAFETY: galvan's glTextureView has GL's signature; the context is current.
    unsafe {
        let f: TextureViewFn = std::mem::transmute(address);
        f(view, target, original, format, levels.0, levels.1, layers.0, layers.1);
    }
}

/// Fills `level` of the bound 2D texture (`size` x `size`) with one RGBA8 colour.
fn fill_level(gl: &glow::Context, target: u32, level: i32, size: i32, layer: Option<i32>, rgba: [u8; 4]) {
    let texels: Vec<u8> = (0..size * size).flat_map(|_| rgba).collect();
    // SAFETY: the context is current; `texels` holds size x size RGBA8 texels.
    unsafe {
        match layer {
            None => gl.tex_sub_image_2d(target, level, 0, 0, size, size, glow::RGBA, glow::UNSIGNED_BYTE, glow::PixelUnpackData::Slice(Some(&texels))),
            Some(z) => gl.tex_sub_image_3d(target, level, 0, 0, z, size, size, 1, glow::RGBA, glow::UNSIGNED_BYTE, glow::PixelUnpackData::Slice(Some(&texels))),
        }
    }
}

/// Draws the 2D texture bound to unit 0 over the whole surface, nearest filtered.
fn draw_texture(gl: &glow::Context, texture: glow::Texture) {
    let program = program(gl, TEXTURED_VS, TEXTURED_FS);
    vertices(gl, &rect(-1.0, -1.0, 1.0, 1.0, 0.0));
    // SAFETY: the context is current on this thread.
    unsafe {
        gl.bind_texture(glow::TEXTURE_2D, Some(texture));
        gl.tex_parameter_i32(glow::TEXTURE_2D, glow::TEXTURE_MIN_FILTER, glow::NEAREST as i32);
        gl.tex_parameter_i32(glow::TEXTURE_2D, glow::TEXTURE_MAG_FILTER, glow::NEAREST as i32);
        gl.use_program(Some(program));
        gl.uniform_1_i32(gl.get_uniform_location(program, "tex").as_ref(), 0);
        gl.draw_arrays(glow::TRIANGLES, 0, 6);
    }
}

fn tex_parameter(gl: &glow::Context, target: u32, pname: u32) -> i32 {
    // SAFETY: the context is current on this thread.
    unsafe { gl.get_tex_parameter_i32(target, pname) }
}

/// An immutable 2D RGBA8 texture of `levels` levels, 4x4 at level 0.
fn storage_2d(gl: &glow::Context, levels: i32) -> glow::Texture {
    // SAFETY: the context is current on this thread.
    unsafe {
        let texture = gl.create_texture().expect("texture");
        gl.bind_texture(glow::TEXTURE_2D, Some(texture));
        gl.tex_storage_2d(glow::TEXTURE_2D, levels, glow::RGBA8, 4, 4);
        texture
    }
}

fn new_name(gl: &glow::Context) -> glow::Texture {
    // SAFETY: the context is current on this thread.
    unsafe { gl.create_texture().expect("texture") }
}

#[test]
fn view_from_a_min_level_samples_that_level_as_its_base() {
    let t = headless(8, 8);
    let gl = &t.gl;
    let texture = storage_2d(gl, 3);
    fill_level(gl, glow::TEXTURE_2D, 0, 4, None, [255, 0, 0, 255]);
    fill_level(gl, glow::TEXTURE_2D, 1, 2, None, [0, 255, 0, 255]);
    fill_level(gl, glow::TEXTURE_2D, 2, 1, None, [0, 0, 255, 255]);
    let view = new_name(gl);
    texture_view(view, glow::TEXTURE_2D, texture, glow::RGBA8, (1, 2), (0, 1));
    no_error(gl);
    draw_texture(gl, view);
    assert_eq!(pixel(gl, 4, 4), [0, 255, 0, 255]);
    assert_eq!(tex_parameter(gl, glow::TEXTURE_2D, glow::TEXTURE_VIEW_MIN_LEVEL), 1);
    assert_eq!(tex_parameter(gl, glow::TEXTURE_2D, glow::TEXTURE_VIEW_NUM_LEVELS), 2);
    assert_eq!(tex_parameter(gl, glow::TEXTURE_2D, glow::TEXTURE_IMMUTABLE_FORMAT), 1);
    // A view of the view counts its levels from the view's.
    let inner = new_name(gl);
    texture_view(inner, glow::TEXTURE_2D, view, glow::RGBA8, (1, 5), (0, 1));
    no_error(gl);
    draw_texture(gl, inner);
    assert_eq!(pixel(gl, 4, 4), [0, 0, 255, 255]);
    assert_eq!(tex_parameter(gl, glow::TEXTURE_2D, glow::TEXTURE_VIEW_MIN_LEVEL), 2);
    assert_eq!(tex_parameter(gl, glow::TEXTURE_2D, glow::TEXTURE_VIEW_NUM_LEVELS), 1);
}

#[test]
fn array_layer_viewed_as_2d() {
    let t = headless(8, 8);
    let gl = &t.gl;
    // SAFETY: the context is current on this thread.
    let texture = unsafe {
        let texture = gl.create_texture().expect("texture");
        gl.bind_texture(glow::TEXTURE_2D_ARRAY, Some(texture));
        gl.tex_storage_3d(glow::TEXTURE_2D_ARRAY, 1, glow::RGBA8, 4, 4, 3);
        texture
    };
    for (layer, rgba) in [[255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 255]].into_iter().enumerate() {
        fill_level(gl, glow::TEXTURE_2D_ARRAY, 0, 4, Some(layer as i32), rgba);
    }
    let view = new_name(gl);
    texture_view(view, glow::TEXTURE_2D, texture, glow::RGBA8, (0, 1), (2, 1));
    no_error(gl);
    draw_texture(gl, view);
    assert_eq!(pixel(gl, 4, 4), [0, 0, 255, 255]);
    assert_eq!(tex_parameter(gl, glow::TEXTURE_2D, glow::TEXTURE_VIEW_MIN_LAYER), 2);
    assert_eq!(tex_parameter(gl, glow::TEXTURE_2D, glow::TEXTURE_VIEW_NUM_LAYERS), 1);
}

#[test]
fn uploads_through_a_view_of_another_format_land_in_the_shared_storage() {
    let t = headless(8, 8);
    let gl = &t.gl;
    let texture = storage_2d(gl, 1);
    let view = new_name(gl);
    texture_view(view, glow::TEXTURE_2D, texture, glow::R32UI, (0, 1), (0, 1));
    no_error(gl);
    // One 32-bit word per texel whose bytes, in memory order, are red, green, blue, alpha.
    let word = u32::from_ne_bytes([255, 128, 0, 255]);
    let words: Vec<u8> = (0..16).flat_map(|_| word.to_ne_bytes()).collect();
    // SAFETY: the context is current; `words` holds 4x4 R32UI texels.
    unsafe {
        gl.bind_texture(glow::TEXTURE_2D, Some(view));
        gl.tex_sub_image_2d(glow::TEXTURE_2D, 0, 0, 0, 4, 4, glow::RED_INTEGER, glow::UNSIGNED_INT, glow::PixelUnpackData::Slice(Some(&words)));
    }
    no_error(gl);
    draw_texture(gl, texture);
    assert_eq!(pixel(gl, 4, 4), [255, 128, 0, 255]);
    // The original's texels read back through the view as the words written.
    let mut back = [0u8; 64];
    // SAFETY: the context is current; `back` holds 4x4 R32UI texels.
    unsafe {
        gl.bind_texture(glow::TEXTURE_2D, Some(view));
        gl.get_tex_image(glow::TEXTURE_2D, 0, glow::RED_INTEGER, glow::UNSIGNED_INT, glow::PixelPackData::Slice(Some(&mut back)));
    }
    no_error(gl);
    assert_eq!(u32::from_ne_bytes(back[..4].try_into().unwrap()), word);
}

#[test]
fn rendering_into_a_view_of_another_format_writes_the_original() {
    let t = headless(8, 8);
    let gl = &t.gl;
    // SAFETY: the context is current on this thread.
    let texture = unsafe {
        let texture = gl.create_texture().expect("texture");
        gl.bind_texture(glow::TEXTURE_2D, Some(texture));
        gl.tex_storage_2d(glow::TEXTURE_2D, 1, glow::RGBA8, 8, 8);
        texture
    };
    let view = new_name(gl);
    texture_view(view, glow::TEXTURE_2D, texture, glow::SRGB8_ALPHA8, (0, 1), (0, 1));
    no_error(gl);
    // SAFETY: the context is current on this thread.
    unsafe {
        let fbo = gl.create_framebuffer().expect("framebuffer");
        gl.bind_framebuffer(glow::FRAMEBUFFER, Some(fbo));
        gl.framebuffer_texture_2d(glow::FRAMEBUFFER, glow::COLOR_ATTACHMENT0, glow::TEXTURE_2D, Some(view), 0);
        assert_eq!(gl.check_framebuffer_status(glow::FRAMEBUFFER), glow::FRAMEBUFFER_COMPLETE);
        gl.clear_color(0.0, 1.0, 0.0, 1.0);
        gl.clear(glow::COLOR_BUFFER_BIT);
        gl.bind_framebuffer(glow::FRAMEBUFFER, None);
    }
    no_error(gl);
    draw_texture(gl, texture);
    assert_eq!(pixel(gl, 4, 4), [0, 255, 0, 255]);
    // Sampled through the sRGB view, the stored linear bits are decoded: 188 is about 0.5.
    fill_level(gl, glow::TEXTURE_2D, 0, 8, None, [188, 188, 188, 255]);
    draw_texture(gl, view);
    assert_rgba8(pixel(gl, 4, 4), [128, 128, 128, 255], "sRGB view of linear bits");
}

#[test]
fn bad_views_are_errors() {
    let t = headless(8, 8);
    let gl = &t.gl;
    let error = || unsafe { gl.get_error() };
    let texture = storage_2d(gl, 2);
    let fresh = new_name(gl);
    let raw = |v: glow::Texture| v.0.get();
    // Only an immutable texture has views.
    // SAFETY: the context is current on this thread.
    let mutable = unsafe {
        let mutable = gl.create_texture().expect("texture");
        gl.bind_texture(glow::TEXTURE_2D, Some(mutable));
        gl.tex_image_2d(glow::TEXTURE_2D, 0, glow::RGBA8 as i32, 4, 4, 0, glow::RGBA, glow::UNSIGNED_BYTE, glow::PixelUnpackData::Slice(None));
        mutable
    };
    texture_view(fresh, glow::TEXTURE_2D, mutable, glow::RGBA8, (0, 1), (0, 1));
    assert_eq!(error(), glow::INVALID_OPERATION, "view of a mutable texture");
    raw_texture_view(raw(fresh), glow::TEXTURE_2D, 0, glow::RGBA8, (0, 1), (0, 1));
    assert_eq!(error(), glow::INVALID_VALUE, "original 0");
    raw_texture_view(0, glow::TEXTURE_2D, raw(texture), glow::RGBA8, (0, 1), (0, 1));
    assert_eq!(error(), glow::INVALID_VALUE, "view name 0");
    // A name already bound has a target: it cannot become a view.
    texture_view(mutable, glow::TEXTURE_2D, texture, glow::RGBA8, (0, 1), (0, 1));
    assert_eq!(error(), glow::INVALID_OPERATION, "bound name");
    texture_view(fresh, glow::TEXTURE_3D, texture, glow::RGBA8, (0, 1), (0, 1));
    assert_eq!(error(), glow::INVALID_OPERATION, "3D view of a 2D texture");
    texture_view(fresh, glow::TEXTURE_2D, texture, glow::RGB8, (0, 1), (0, 1));
    assert_eq!(error(), glow::INVALID_OPERATION, "format of another class");
    texture_view(fresh, glow::TEXTURE_2D, texture, glow::RGBA8, (2, 1), (0, 1));
    assert_eq!(error(), glow::INVALID_VALUE, "min level past the last");
    texture_view(fresh, glow::TEXTURE_2D, texture, glow::RGBA8, (0, 1), (1, 1));
    assert_eq!(error(), glow::INVALID_VALUE, "min layer past the last");
    texture_view(fresh, glow::TEXTURE_2D, texture, glow::RGBA8, (0, 1), (0, 2));
    assert_eq!(error(), glow::INVALID_VALUE, "two layers for a 2D view");
    // None of the failures made `fresh` a texture; a good call still can.
    texture_view(fresh, glow::TEXTURE_2D_ARRAY, texture, glow::R32F, (0, 9), (0, 9));
    assert_eq!(error(), glow::NO_ERROR);
    // SAFETY: the context is current on this thread.
    unsafe { gl.bind_texture(glow::TEXTURE_2D_ARRAY, Some(fresh)) };
    assert_eq!(tex_parameter(gl, glow::TEXTURE_2D_ARRAY, glow::TEXTURE_VIEW_NUM_LEVELS), 2, "levels clamped to the original's");
    assert_eq!(tex_parameter(gl, glow::TEXTURE_2D_ARRAY, glow::TEXTURE_VIEW_NUM_LAYERS), 1, "layers clamped to the original's");
}

#[test]
fn framebuffer_of_a_view_reads_and_blits_in_the_views_format() {
    let t = headless(8, 8);
    let gl = &t.gl;
    // SAFETY: the context is current on this thread.
    let texture = unsafe {
        let texture = gl.create_texture().expect("texture");
        gl.bind_texture(glow::TEXTURE_2D, Some(texture));
        gl.tex_storage_2d(glow::TEXTURE_2D, 1, glow::R32F, 8, 8);
        texture
    };
    let view = new_name(gl);
    texture_view(view, glow::TEXTURE_2D, texture, glow::RGBA8, (0, 1), (0, 1));
    no_error(gl);
    // SAFETY: the context is current on this thread.
    unsafe {
        let fbo = gl.create_framebuffer().expect("framebuffer");
        gl.bind_framebuffer(glow::FRAMEBUFFER, Some(fbo));
        gl.framebuffer_texture_2d(glow::FRAMEBUFFER, glow::COLOR_ATTACHMENT0, glow::TEXTURE_2D, Some(view), 0);
        assert_eq!(gl.check_framebuffer_status(glow::FRAMEBUFFER), glow::FRAMEBUFFER_COMPLETE);
        gl.clear_color(1.0, 0.0, 1.0, 1.0);
        gl.clear(glow::COLOR_BUFFER_BIT);
        assert_eq!(pixel(gl, 2, 2), [255, 0, 255, 255]);
        gl.bind_framebuffer(glow::READ_FRAMEBUFFER, Some(fbo));
        gl.bind_framebuffer(glow::DRAW_FRAMEBUFFER, None);
        gl.blit_framebuffer(0, 0, 8, 8, 0, 0, 8, 8, glow::COLOR_BUFFER_BIT, glow::NEAREST);
        gl.bind_framebuffer(glow::FRAMEBUFFER, None);
    }
    no_error(gl);
    assert_eq!(pixel(gl, 2, 2), [255, 0, 255, 255]);
}
