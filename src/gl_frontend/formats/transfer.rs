//! Pixel transfer between client memory and storage texels: unpack for glTexImage* and
//! glTexSubImage*, pack for glGetTexImage and glReadPixels. Each pixel is decoded into
//! RGBA/depth/stencil values and encoded again by GL's conversion rules; rows are never
//! flipped (row 0 is GL's bottom row on both sides).
//!
//! Storage texels are tightly packed in the layout `StorageFormat::texel_bytes` describes.
//! Depth travels as f32 and stencil as u8; a depth-stencil transfer carries a depth plane
//! (all texels' f32 depth) followed by a stencil plane (all texels' u8 stencil), and a
//! DEPTH_COMPONENT or STENCIL_INDEX transfer carries only its own plane.

use crate::client_layout::{client_layout, format_slots};
use crate::error::GlError;
use crate::info::{BaseFormat, Comp, ComponentKind};
use crate::layout::{snorm, unorm, Layout, Pixel, Slot};
use crate::pixel_store::{geometry, Extent, PixelStore};
use crate::shuffle::{pack_plan, unpack_plan};
use crate::texel_format::TexelFormat;

/// Which planes a transfer of client `format` moves for a texel format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Planes {
    color: bool,
    depth: bool,
    stencil: bool,
}

/// Checks that client `format` fits the texel format and says which planes move.
fn planes(format: u32, texels: TexelFormat) -> Result<Planes, GlError> {
    let (slots, integer) = format_slots(format).ok_or(GlError::InvalidEnum)?;
    let depth = slots.contains(&Slot::Depth);
    let info = texels.info;
    // Depth-stencil client data fills a depth-only format with its depth alone.
    let stencil = slots.contains(&Slot::Stencil) && !(depth && info.has_depth() && !info.has_stencil());
    let color = !depth && !stencil;
    let fits = if color {
        info.base.is_color() && integer == info.is_integer()
    } else {
        (!depth || info.has_depth()) && (!stencil || info.has_stencil())
    };
    if !fits || texels.storage.block().is_some() {
        return Err(GlError::InvalidOperation);
    }
    Ok(Planes { color, depth, stencil })
}

/// Bytes of storage texels a transfer of `extent` in client `format` reads or writes.
pub fn storage_bytes(format: u32, texels: TexelFormat, extent: Extent) -> Result<usize, GlError> {
    let p = planes(format, texels)?;
    let per_texel = if p.color {
        texels.storage.color_layout().ok_or(GlError::InvalidOperation)?.pixel_bytes()
    } else {
        4 * p.depth as usize + p.stencil as usize
    };
    extent.texels().and_then(|n| n.checked_mul(per_texel)).ok_or(GlError::InvalidValue)
}

/// Whether client pixels of `client` are byte for byte the stored texels, so a transfer is
/// a copy of rows: the same encoding, each stored channel holding the component the client
/// element carries, and no byte swapping.
fn is_plain_copy(client: &Layout, storage: &Layout, store: &[Comp; 4], swap_bytes: bool) -> bool {
    let as_gl = storage.relabel(|channel| {
        let c = match channel {
            Slot::R => store[0],
            Slot::G => store[1],
            Slot::B => store[2],
            Slot::A => store[3],
            _ => return None,
        };
        match c {
            Comp::R => Some(Slot::R),
            Comp::G => Some(Slot::G),
            Comp::B => Some(Slot::B),
            Comp::A => Some(Slot::A),
            _ => None,
        }
    });
    !swap_bytes && as_gl == Some(*client) && !client.is_lossy_to_itself()
}

/// Reverses each `element` bytes of `bytes` in place (GL_*_SWAP_BYTES).
fn swap_elements(bytes: &mut [u8], element: usize) {
    if element > 1 {
        for chunk in bytes.chunks_exact_mut(element) {
            chunk.reverse();
        }
    }
}

/// Converts client pixels of `format`/`ty` at `src` (the pointer or PBO contents from the
/// given offset) into tightly packed storage texels of `dst`. Errors: the format/type pair's
/// own error (see `validate_upload`), INVALID_OPERATION when the format does not fit `dst`
/// or `src` is shorter than the image `store` describes.
pub fn unpack(
    store: &PixelStore,
    format: u32,
    ty: u32,
    extent: Extent,
    src: &[u8],
    dst: TexelFormat,
) -> Result<Vec<u8>, GlError> {
    let client = client_layout(format, ty)?;
    let p = planes(format, dst)?;
    let geo = geometry(store, &client, extent).ok_or(GlError::InvalidValue)?;
    if src.len() < geo.end {
        return Err(GlError::InvalidOperation);
    }
    let n = extent.texels().ok_or(GlError::InvalidValue)?;
    let storage = dst.storage.color_layout();
    let texel_bytes = storage.map_or(0, |l| l.pixel_bytes());
    let out_len = storage_bytes(format, dst, extent)?;
    let mut out = vec![0u8; out_len];
    let narrowed = dst.narrowed_bits();
    if let (true, Some(layout), None) = (p.color, storage, narrowed) {
        if is_plain_copy(&client, &layout, &dst.info.store, store.swap_bytes) {
            let row = extent.width as usize * texel_bytes;
            for (r, chunk) in
                out.chunks_exact_mut(row.max(1)).enumerate().take(extent.height as usize * extent.depth as usize)
            {
                let at = geo.offset(0, r % extent.height as usize, r / extent.height as usize);
                chunk.copy_from_slice(&src[at..at + row]);
            }
            return Ok(out);
        }
        if let (false, Some(plan)) = (store.swap_bytes, unpack_plan(&client, &layout, &dst.info.store)) {
            // Constants come from converting an all-zero client pixel the exact way.
            let mut px: Pixel = [0.0, 0.0, 0.0, 1.0, 0.0, 0.0];
            client.decode(&[0u8; 16][..geo.pixel_bytes], &mut px);
            let mut template = [0u8; 16];
            layout.encode(&to_storage_channels(&px, &dst.info.store), &mut template[..texel_bytes]);
            let mut texels = out.chunks_exact_mut(texel_bytes);
            for z in 0..extent.depth as usize {
                for y in 0..extent.height as usize {
                    for x in 0..extent.width as usize {
                        let at = geo.offset(x, y, z);
                        if let Some(texel) = texels.next() {
                            plan.apply(&src[at..at + geo.pixel_bytes], &template[..texel_bytes], texel);
                        }
                    }
                }
            }
            return Ok(out);
        }
    }
    let stencil_plane = if p.depth { n * 4 } else { 0 };
    let depth_clamped = dst.info.kind != ComponentKind::Float;
    let mut scratch = [0u8; 16];
    let mut i = 0;
    for z in 0..extent.depth as usize {
        for y in 0..extent.height as usize {
            for x in 0..extent.width as usize {
                let at = geo.offset(x, y, z);
                let pixel = &mut scratch[..geo.pixel_bytes];
                pixel.copy_from_slice(&src[at..at + geo.pixel_bytes]);
                if store.swap_bytes {
                    swap_elements(pixel, client.element_bytes());
                }
                let mut px: Pixel = [0.0, 0.0, 0.0, 1.0, 0.0, 0.0];
                client.decode(pixel, &mut px);
                if let (true, Some(layout)) = (p.color, storage) {
                    let mut stored = to_storage_channels(&px, &dst.info.store);
                    if let Some(bits) = narrowed {
                        round_to_bits(&mut stored, bits, dst.info.kind);
                    }
                    layout.encode(&stored, &mut out[i * texel_bytes..(i + 1) * texel_bytes]);
                }
                if p.depth {
                    let d = if depth_clamped { px[4].clamp(0.0, 1.0) } else { px[4] };
                    out[i * 4..i * 4 + 4].copy_from_slice(&(d as f32).to_ne_bytes());
                }
                if p.stencil {
                    out[stencil_plane + i] = (px[5] as i64 & 0xff) as u8;
                }
                i += 1;
            }
        }
    }
    Ok(out)
}

/// Rounds each stored channel value to a normalised number of `bits` (0: left as is), the
/// conversion of GL 4.6 section 2.3.5 to the format's own precision.
fn round_to_bits(stored: &mut Pixel, bits: [u8; 4], kind: ComponentKind) {
    for (v, b) in stored.iter_mut().zip(bits) {
        match (b, kind) {
            (0, _) | (33.., _) => {}
            (b, ComponentKind::Snorm) => {
                let max = (1i64 << (b - 1)) - 1;
                *v = snorm(*v, max) as f64 / max as f64;
            }
            (b, _) => {
                let max = (1u64 << b) - 1;
                *v = unorm(*v, max) as f64 / max as f64;
            }
        }
    }
}

/// What each stored channel receives from a client pixel (luminance and intensity take red,
/// as GL's base-format conversion does).
fn to_storage_channels(px: &Pixel, store: &[Comp; 4]) -> Pixel {
    let mut stored: Pixel = [0.0; 6];
    for (c, comp) in store.iter().enumerate() {
        stored[c] = match comp {
            Comp::R | Comp::L | Comp::I => px[0],
            Comp::G => px[1],
            Comp::B => px[2],
            Comp::A => px[3],
            Comp::Zero => 0.0,
            Comp::One => 1.0,
        };
    }
    stored
}

/// The RGBA a stored texel reads back as through glGetTexImage / glReadPixels: luminance and
/// intensity go to red with green and blue 0, missing alpha is 1 (GL 4.6 compatibility
/// table 8.30's component mapping).
fn from_storage_channels(stored: &Pixel, store: &[Comp; 4], base: BaseFormat) -> Pixel {
    let mut have = [None::<f64>; 6]; // R, G, B, A, L, I
    for (c, comp) in store.iter().enumerate() {
        let slot = match comp {
            Comp::R => 0,
            Comp::G => 1,
            Comp::B => 2,
            Comp::A => 3,
            Comp::L => 4,
            Comp::I => 5,
            Comp::Zero | Comp::One => continue,
        };
        have[slot] = Some(stored[c]);
    }
    let v = |i: usize| have[i].unwrap_or(0.0);
    let a = have[3].unwrap_or(1.0);
    let rgba = match base {
        BaseFormat::Alpha => [0.0, 0.0, 0.0, a],
        BaseFormat::Luminance => [v(4), 0.0, 0.0, 1.0],
        BaseFormat::LuminanceAlpha => [v(4), 0.0, 0.0, a],
        BaseFormat::Intensity => [v(5), 0.0, 0.0, 1.0],
        BaseFormat::Red => [v(0), 0.0, 0.0, 1.0],
        BaseFormat::Rg => [v(0), v(1), 0.0, 1.0],
        BaseFormat::Rgb => [v(0), v(1), v(2), 1.0],
        _ => [v(0), v(1), v(2), a],
    };
    [rgba[0], rgba[1], rgba[2], rgba[3], 0.0, 0.0]
}

/// Where packed pixels come from, which decides how a LUMINANCE destination is formed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PackSource {
    /// glReadPixels: L is R + G + B, clamped for normalised sources. With `clamp_color`
    /// (GL_CLAMP_READ_COLOR), colour values of float and signed-normalised sources are
    /// clamped to [0, 1] before conversion (unsigned-normalised sources are in range already;
    /// integer ones are never clamped).
    Framebuffer { clamp_color: bool },
    /// glGetTexImage: L is the texel's R alone.
    Texture,
}

/// Converts tightly packed storage texels of `src_format` into client pixels of
/// `format`/`ty`, written into `dst` (the pointer or PBO contents from the given offset) at
/// the places `store` names; bytes between pixels are left as they were. A LUMINANCE
/// destination receives R + G + B, clamped for normalised sources. Errors as for [`unpack`],
/// with INVALID_OPERATION when `dst` or `src` is too short.
pub fn pack(
    store: &PixelStore,
    format: u32,
    ty: u32,
    extent: Extent,
    src: &[u8],
    src_format: TexelFormat,
    dst: &mut [u8],
) -> Result<(), GlError> {
    pack_from(store, format, ty, extent, src, src_format, dst, PackSource::Framebuffer { clamp_color: false })
}

/// [`pack`] for glReadPixels with GL_CLAMP_READ_COLOR in effect.
#[allow(clippy::too_many_arguments)]
pub fn pack_clamped(
    store: &PixelStore,
    format: u32,
    ty: u32,
    extent: Extent,
    src: &[u8],
    src_format: TexelFormat,
    dst: &mut [u8],
    clamp_color: bool,
) -> Result<(), GlError> {
    pack_from(store, format, ty, extent, src, src_format, dst, PackSource::Framebuffer { clamp_color })
}

/// [`pack`] with the rules of the read-back `source`.
#[allow(clippy::too_many_arguments)]
pub fn pack_from(
    store: &PixelStore,
    format: u32,
    ty: u32,
    extent: Extent,
    src: &[u8],
    src_format: TexelFormat,
    dst: &mut [u8],
    source: PackSource,
) -> Result<(), GlError> {
    let (clamp_color, sum_luminance) = match source {
        PackSource::Framebuffer { clamp_color } => (clamp_color, true),
        PackSource::Texture => (false, false),
    };
    let client = client_layout(format, ty)?;
    let p = planes(format, src_format)?;
    let geo = geometry(store, &client, extent).ok_or(GlError::InvalidValue)?;
    if dst.len() < geo.end || src.len() < storage_bytes(format, src_format, extent)? {
        return Err(GlError::InvalidOperation);
    }
    let n = extent.texels().ok_or(GlError::InvalidValue)?;
    let storage: Option<Layout> = src_format.storage.color_layout();
    let texel_bytes = storage.map_or(0, |l| l.pixel_bytes());
    if let (true, Some(layout)) = (p.color, storage) {
        let clamps = clamp_color && matches!(src_format.info.kind, ComponentKind::Float | ComponentKind::Snorm);
        if !clamps && is_plain_copy(&client, &layout, &src_format.info.store, store.swap_bytes) {
            let row = extent.width as usize * texel_bytes;
            for (r, chunk) in src[..n * texel_bytes].chunks_exact(row.max(1)).enumerate() {
                let at = geo.offset(0, r % extent.height as usize, r / extent.height as usize);
                dst[at..at + row].copy_from_slice(chunk);
            }
            return Ok(());
        }
        let info = src_format.info;
        if let (false, false, Some(plan)) =
            (clamps, store.swap_bytes, pack_plan(&client, &layout, &info.store, info.base))
        {
            // Constants come from reading an all-zero texel the exact way.
            let mut stored: Pixel = [0.0; 6];
            layout.decode(&[0u8; 16][..texel_bytes], &mut stored);
            let mut template = [0u8; 16];
            client.encode(&from_storage_channels(&stored, &info.store, info.base), &mut template[..geo.pixel_bytes]);
            let mut texels = src[..n * texel_bytes].chunks_exact(texel_bytes);
            for z in 0..extent.depth as usize {
                for y in 0..extent.height as usize {
                    for x in 0..extent.width as usize {
                        let at = geo.offset(x, y, z);
                        if let Some(texel) = texels.next() {
                            plan.apply(texel, &template[..geo.pixel_bytes], &mut dst[at..at + geo.pixel_bytes]);
                        }
                    }
                }
            }
            return Ok(());
        }
    }
    let stencil_plane = if p.depth { n * 4 } else { 0 };
    let luminance = format_slots(format).is_some_and(|(s, _)| s.contains(&Slot::L));
    let clamp_float = clamp_color && matches!(src_format.info.kind, ComponentKind::Float | ComponentKind::Snorm);
    let clamp_range = match src_format.info.kind {
        ComponentKind::Unorm => Some((0.0, 1.0)),
        ComponentKind::Snorm if clamp_float => Some((0.0, 1.0)),
        ComponentKind::Snorm => Some((-1.0, 1.0)),
        ComponentKind::Float if clamp_float => Some((0.0, 1.0)),
        _ => None,
    };
    let mut scratch = [0u8; 16];
    let mut i = 0;
    for z in 0..extent.depth as usize {
        for y in 0..extent.height as usize {
            for x in 0..extent.width as usize {
                let mut px: Pixel = [0.0, 0.0, 0.0, 1.0, 0.0, 0.0];
                if let (true, Some(layout)) = (p.color, storage) {
                    let mut stored: Pixel = [0.0; 6];
                    layout.decode(&src[i * texel_bytes..(i + 1) * texel_bytes], &mut stored);
                    px = from_storage_channels(&stored, &src_format.info.store, src_format.info.base);
                    if clamp_float {
                        px[..4].iter_mut().for_each(|v| *v = v.clamp(0.0, 1.0));
                    }
                    if luminance {
                        // The client layout writes L as px[0] + px[1] + px[2].
                        if sum_luminance {
                            let sum = px[0] + px[1] + px[2];
                            px[0] = clamp_range.map_or(sum, |(lo, hi)| sum.clamp(lo, hi));
                        }
                        px[1] = 0.0;
                        px[2] = 0.0;
                    }
                }
                if p.depth {
                    px[4] = f32::from_ne_bytes(src[i * 4..i * 4 + 4].try_into().unwrap_or([0; 4])) as f64;
                }
                if p.stencil {
                    px[5] = src[stencil_plane + i] as f64;
                }
                let pixel = &mut scratch[..geo.pixel_bytes];
                client.encode(&px, pixel);
                if store.swap_bytes {
                    swap_elements(pixel, client.element_bytes());
                }
                let at = geo.offset(x, y, z);
                dst[at..at + geo.pixel_bytes].copy_from_slice(pixel);
                i += 1;
            }
        }
    }
    Ok(())
}
