//! Pixel transfer between GL client memory and galvan's texel storage. The format table,
//! the GL error of each format/type pair and the conversions are `gl_formats`'; this file
//! picks a table entry's storage for the Vulkan backend and keeps galvan's host layout.
//!
//! Host layout: texels tightly packed as the storage format lays them out, rows never
//! flipped (row 0 is GL's bottom row, docs/conventions.md). Depth is an f32 per texel,
//! stencil a byte; a depth-stencil texel is the f32 depth, the stencil byte and three bytes
//! of padding (8 bytes), so every texel of a level has one size. `gl_formats` carries depth
//! and stencil as separate planes; [`to_planes`] and [`from_planes`] convert.

use std::borrow::Cow;

use gl_formats::{Extent, FormatInfo, GlError};

use crate::objects::bindings::PixelStore;
use crate::types::enums::*;
use crate::types::*;

pub use gl_formats::TexelFormat;

/// What galvan needs of a texel format besides the table: its host layout and queries.
pub trait HostTexels: Copy {
    /// Bytes of one texel in galvan's host layout.
    fn bytes_per_texel(self) -> usize;
    /// Whether shaders read the format through integer samplers (GL_RGBA8UI, GL_R32I, ...).
    fn is_integer(self) -> bool;
    /// Whether the format has depth (depth or depth-stencil).
    fn is_depth(self) -> bool;
    fn has_stencil(self) -> bool;
    /// The bits GL_TEXTURE_*_SIZE / GL_RENDERBUFFER_*_SIZE report for `pname`.
    fn component_bits(self, pname: GLenum) -> u32;
}

impl HostTexels for TexelFormat {
    fn bytes_per_texel(self) -> usize {
        match (self.storage.has_depth(), self.storage.has_stencil()) {
            (true, true) => 8,
            (true, false) => 4,
            (false, true) => 1,
            (false, false) => self.storage.texel_bytes().unwrap_or(4),
        }
    }

    fn is_integer(self) -> bool {
        self.info.is_integer()
    }

    fn is_depth(self) -> bool {
        self.info.has_depth()
    }

    fn has_stencil(self) -> bool {
        self.info.has_stencil()
    }

    fn component_bits(self, pname: GLenum) -> u32 {
        self.info.component_size(pname).unwrap_or(0)
    }
}

/// The legacy internal formats 1 to 4 (component counts) as the table names them.
pub(crate) fn table_name(internal_format: GLenum) -> GLenum {
    match internal_format {
        1 => GL_LUMINANCE,
        2 => GL_LUMINANCE_ALPHA,
        3 => GL_RGB,
        4 => GL_RGBA,
        other => other,
    }
}

/// How galvan stores `internal_format`: its table entry in the preferred storage, or a
/// fallback where the Vulkan backend lacks it. `None` for what is no internal format.
pub fn internal_texel_format(internal_format: GLenum) -> Option<TexelFormat> {
    let info = FormatInfo::lookup(table_name(internal_format))?;
    TexelFormat::choose(info, &|s| crate::draw_path::gpu_image::storage_vk_format(s).is_some())
}

/// A format of the table that galvan uses for its own conversions (GL_RGBA32F for pixel
/// rectangles, GL_DEPTH_COMPONENT32F for depth, ...).
pub fn table_format(internal_format: GLenum) -> TexelFormat {
    internal_texel_format(internal_format).unwrap_or_else(|| panic!("format 0x{internal_format:04X} is in the format table"))
}

/// The format API of a context, as `gl_formats` checks legality against it. Desktop
/// contexts of every version take every desktop format of their profile (older versions
/// through the extensions that added them, ARB_texture_float, ARB_texture_rg, ...); ES
/// versions differ in their rules and keep their own.
pub fn format_api(gles: bool, core: bool, version: (u32, u32)) -> gl_formats::Api {
    let (major, minor) = (version.0 as u8, version.1 as u8);
    if gles {
        gl_formats::Api::Es { major, minor }
    } else if core {
        gl_formats::Api::Core { major: 4, minor: 6 }
    } else {
        gl_formats::Api::Compat { major: 4, minor: 6 }
    }
}

fn gl_error(e: GlError) -> GLenum {
    e.code()
}

/// glPixelStore state as `gl_formats` takes it (negative values are refused when set).
fn store_of(store: &PixelStore) -> gl_formats::PixelStore {
    let u = |v: i32| v.max(0) as u32;
    gl_formats::PixelStore {
        alignment: u(store.alignment),
        row_length: u(store.row_length),
        image_height: u(store.image_height),
        skip_pixels: u(store.skip_pixels),
        skip_rows: u(store.skip_rows),
        skip_images: u(store.skip_images),
        swap_bytes: store.swap_bytes,
        lsb_first: store.lsb_first,
    }
}

/// Whether a client format carries unnormalized integers (GL_RGBA_INTEGER, ...).
pub fn is_integer_format(format: GLenum) -> bool {
    matches!(
        format,
        GL_RED_INTEGER
            | GL_GREEN_INTEGER
            | GL_BLUE_INTEGER
            | GL_ALPHA_INTEGER
            | GL_RG_INTEGER
            | GL_RGB_INTEGER
            | GL_RGBA_INTEGER
            | GL_BGR_INTEGER
            | GL_BGRA_INTEGER
            | GL_LUMINANCE_INTEGER_EXT
            | GL_LUMINANCE_ALPHA_INTEGER_EXT
    )
}

/// Bytes of one pixel in client memory, or the GL error of the combination.
pub(crate) fn client_pixel_bytes(format: GLenum, ty: GLenum) -> Result<usize, GLenum> {
    gl_formats::client_pixel_bytes(format, ty).map_err(gl_error)
}

/// How a transfer of a block of `size` pixels reads `store`: the image rules
/// (GL_*_SKIP_IMAGES, GL_*_IMAGE_HEIGHT) apply to the 3D calls (`volume`) alone, whatever
/// their depth.
fn store_for(store: &PixelStore, size: [u32; 3], volume: bool) -> gl_formats::PixelStore {
    if volume || size[2] > 1 {
        store_of(store)
    } else {
        store_of(store).without_images()
    }
}

/// Bytes from the start of client memory to the end of the last pixel a `size` transfer
/// touches under `store`, or the GL error of the format/type pair.
pub fn client_image_bytes(store: &PixelStore, size: [u32; 3], format: GLenum, ty: GLenum) -> Result<usize, GLenum> {
    client_transfer_bytes(store, size, false, format, ty)
}

/// [`client_image_bytes`] of a 3D call (`volume`) or another.
pub fn client_transfer_bytes(store: &PixelStore, size: [u32; 3], volume: bool, format: GLenum, ty: GLenum) -> Result<usize, GLenum> {
    client_pixel_bytes(format, ty)?;
    gl_formats::image_size(&store_for(store, size, volume), format, ty, Extent::new(size[0], size[1], size[2])).ok_or(GL_INVALID_VALUE)
}

/// The texel format glTexImage's (internalformat, format, type) makes on `api`, stored as
/// `choose` picks (`ContextState::texel_format`: by the device's format features), or the
/// GL error of the combination.
pub fn texel_format_for(internal_format: GLenum, format: GLenum, ty: GLenum, api: gl_formats::Api, choose: &dyn Fn(GLenum) -> Option<TexelFormat>) -> Result<TexelFormat, GLenum> {
    check_upload(internal_format, format, ty, api)?;
    let effective = gl_formats::effective_internal_format(table_name(internal_format), ty, api);
    choose(effective).ok_or(GL_INVALID_VALUE)
}

/// The base internal format (GL_RGBA, GL_LUMINANCE, GL_INTENSITY, ...) of an internal format.
pub fn base_internal_format(internal_format: GLenum) -> Option<GLenum> {
    FormatInfo::lookup(table_name(internal_format)).map(|f| f.base.gl_enum())
}

/// Whether `ty` is a packed pixel type (GL_UNSIGNED_SHORT_5_6_5, GL_UNSIGNED_INT_2_10_10_10_REV, ...).
pub fn is_packed_type(ty: GLenum) -> bool {
    matches!(
        ty,
        GL_UNSIGNED_BYTE_3_3_2
            | GL_UNSIGNED_BYTE_2_3_3_REV
            | GL_UNSIGNED_SHORT_5_6_5
            | GL_UNSIGNED_SHORT_5_6_5_REV
            | GL_UNSIGNED_SHORT_4_4_4_4
            | GL_UNSIGNED_SHORT_4_4_4_4_REV
            | GL_UNSIGNED_SHORT_5_5_5_1
            | GL_UNSIGNED_SHORT_1_5_5_5_REV
            | GL_UNSIGNED_INT_8_8_8_8
            | GL_UNSIGNED_INT_8_8_8_8_REV
            | GL_UNSIGNED_INT_10_10_10_2
            | GL_UNSIGNED_INT_2_10_10_10_REV
            | GL_UNSIGNED_INT_10F_11F_11F_REV
            | GL_UNSIGNED_INT_5_9_9_9_REV
    )
}

/// Where each pixel of a 2D client image lies (stencil indices and other formats galvan
/// reads value by value), or the GL error of the format/type pair.
pub fn client_geometry(store: &PixelStore, width: u32, height: u32, format: GLenum, ty: GLenum) -> Result<gl_formats::Geometry, GLenum> {
    client_pixel_bytes(format, ty)?;
    gl_formats::client_geometry(&store_of(store).without_images(), format, ty, Extent::new(width, height, 1)).ok_or(GL_INVALID_VALUE)
}

/// Checks an upload of client `format`/`ty` into a texture of `internal_format` (as
/// glTexImage names it, or the texture's format for glTexSubImage).
pub fn check_upload(internal_format: GLenum, format: GLenum, ty: GLenum, api: gl_formats::Api) -> Result<(), GLenum> {
    gl_formats::validate_upload(table_name(internal_format), format, ty, api).map_err(gl_error)
}

/// Checks a read of `texel` into client `format`/`ty` (glReadPixels, glGetTexImage).
pub fn check_pack(texel: TexelFormat, format: GLenum, ty: GLenum, api: gl_formats::Api) -> Result<(), GLenum> {
    gl_formats::validate_pack(texel.info, format, ty, api).map_err(gl_error)
}

/// Which planes of a depth/stencil texel a transfer of client `format` moves.
fn moved_planes(texel: TexelFormat, format: GLenum) -> (bool, bool) {
    match format {
        GL_DEPTH_COMPONENT => (true, false),
        GL_STENCIL_INDEX => (false, true),
        GL_DEPTH_STENCIL => (true, true),
        _ => (texel.is_depth(), texel.has_stencil() && !texel.is_depth()),
    }
}

/// Host texels as `gl_formats` exchanges them for a transfer of client `format`: colour as
/// is; depth and stencil as the planes the format moves.
pub fn to_planes(texel: TexelFormat, format: GLenum, host: &[u8]) -> Cow<'_, [u8]> {
    if texel.bytes_per_texel() != 8 || !(texel.is_depth() && texel.has_stencil()) {
        return Cow::Borrowed(host);
    }
    let (depth, stencil) = moved_planes(texel, format);
    let mut out = Vec::with_capacity(host.len() / 8 * 5);
    if depth {
        out.extend(host.chunks_exact(8).flat_map(|t| [t[0], t[1], t[2], t[3]]));
    }
    if stencil {
        out.extend(host.chunks_exact(8).map(|t| t[4]));
    }
    Cow::Owned(out)
}

/// The inverse of [`to_planes`] for a whole transfer: planes back into host texels, with
/// planes the format does not carry left zero.
pub fn from_planes(texel: TexelFormat, format: GLenum, planes: Vec<u8>, texels: usize) -> Vec<u8> {
    if !(texel.is_depth() && texel.has_stencil()) {
        return planes;
    }
    let (depth, stencil) = moved_planes(texel, format);
    let mut out = vec![0u8; texels * 8];
    let stencil_at = if depth { texels * 4 } else { 0 };
    for (i, t) in out.chunks_exact_mut(8).enumerate() {
        if depth {
            t[..4].copy_from_slice(&planes[i * 4..i * 4 + 4]);
        }
        if stencil {
            t[4] = planes[stencil_at + i];
        }
    }
    out
}

/// Converts a client image (`source` from the start of client memory or the PBO offset) of
/// `size` pixels into host texels of `texel`.
pub fn unpack(store: &PixelStore, size: [u32; 3], format: GLenum, ty: GLenum, source: &[u8], texel: TexelFormat) -> Result<Vec<u8>, GLenum> {
    unpack_transfer(store, size, false, format, ty, source, texel)
}

/// [`unpack`] for a 3D call (`volume`) or another.
pub fn unpack_transfer(store: &PixelStore, size: [u32; 3], volume: bool, format: GLenum, ty: GLenum, source: &[u8], texel: TexelFormat) -> Result<Vec<u8>, GLenum> {
    let store = store_for(store, size, volume);
    let extent = Extent::new(size[0], size[1], size[2]);
    let planes = gl_formats::unpack(&store, format, ty, extent, source, texel).map_err(gl_error)?;
    Ok(from_planes(texel, format, planes, extent.texels().unwrap_or(0)))
}

/// Converts a `size` block of host texels into the client image `out` (client memory or the
/// pack buffer from its offset), at pixel `origin` of an image `full_width` pixels wide (a
/// read-back clipped to the framebuffer writes only the pixels inside it). `source` says
/// whether a framebuffer (with GL_CLAMP_READ_COLOR) or a texture is read.
#[allow(clippy::too_many_arguments)]
pub fn pack(
    store: &PixelStore,
    full_width: u32,
    origin: (u32, u32),
    size: [u32; 3],
    format: GLenum,
    ty: GLenum,
    host: &[u8],
    texel: TexelFormat,
    source: gl_formats::PackSource,
    out: &mut [u8],
) -> Result<(), GLenum> {
    let mut store = if size[2] > 1 { store_of(store) } else { store_of(store).without_images() };
    // A clipped block keeps the rows of the whole image, whatever its origin.
    if store.row_length == 0 {
        store.row_length = full_width;
    }
    store.skip_pixels += origin.0;
    store.skip_rows += origin.1;
    let extent = Extent::new(size[0], size[1], size[2]);
    let planes = to_planes(texel, format, host);
    gl_formats::pack_from(&store, format, ty, extent, &planes, texel, out, source).map_err(gl_error)
}

/// Converts a tightly packed `size` block of host texels into the client image `out`, as
/// a 3D call (`volume`: GL_PACK_SKIP_IMAGES and GL_PACK_IMAGE_HEIGHT apply whatever the
/// depth) or another does.
#[allow(clippy::too_many_arguments)]
pub fn pack_transfer(store: &PixelStore, size: [u32; 3], volume: bool, format: GLenum, ty: GLenum, host: &[u8], texel: TexelFormat, out: &mut [u8]) -> Result<(), GLenum> {
    let store = store_for(store, size, volume);
    let extent = Extent::new(size[0], size[1], size[2]);
    let planes = to_planes(texel, format, host);
    gl_formats::pack_from(&store, format, ty, extent, &planes, texel, out, gl_formats::PackSource::Texture).map_err(gl_error)
}

/// Texels of `from` converted to `to` through GL's conversion to RGBA (or to integers for
/// integer formats, and depth and stencil as they are): what a copy between two texel
/// formats (glCopyTexImage, mipmap filtering) does.
pub fn convert(host: &[u8], from: TexelFormat, to: TexelFormat, texels: usize) -> Result<Vec<u8>, GLenum> {
    if from == to {
        return Ok(host.to_vec());
    }
    let (format, ty) = intermediate(from, to);
    let packed = store_of(&PixelStore { alignment: 1, ..PixelStore::default() });
    let extent = Extent::new(texels as u32, 1, 1);
    let bytes = client_pixel_bytes(format, ty)?;
    let mut client = vec![0u8; texels * bytes];
    gl_formats::pack(&packed, format, ty, extent, &to_planes(from, format, host), from, &mut client).map_err(gl_error)?;
    let planes = gl_formats::unpack(&packed, format, ty, extent, &client, to).map_err(gl_error)?;
    Ok(from_planes(to, format, planes, texels))
}

/// The client format and type that carry every value `from` and `to` share unchanged
/// (depth alone from a depth-stencil source into a depth format, ...).
fn intermediate(from: TexelFormat, to: TexelFormat) -> (GLenum, GLenum) {
    let texel = from;
    match (from.is_depth() && to.is_depth(), from.has_stencil() && to.has_stencil()) {
        (true, true) => (GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV),
        (true, false) => (GL_DEPTH_COMPONENT, GL_FLOAT),
        (false, true) => (GL_STENCIL_INDEX, GL_UNSIGNED_BYTE),
        _ if texel.is_integer() => (GL_RGBA_INTEGER, if texel.info.kind == gl_formats::ComponentKind::Sint { GL_INT } else { GL_UNSIGNED_INT }),
        _ => (GL_RGBA, GL_FLOAT),
    }
}

/// Host texels as RGBA floats (GL's conversion to RGBA; depth in red).
pub fn to_rgba_f32(host: &[u8], texel: TexelFormat, texels: usize) -> Result<Vec<[f32; 4]>, GLenum> {
    // Only the conversion that applies: depth sources have no RGBA32F conversion.
    let (floats, stride) = if texel.is_depth() {
        (convert(host, texel, table_format(GL_DEPTH_COMPONENT32F), texels)?, 4)
    } else {
        (convert(host, texel, table_format(GL_RGBA32F), texels)?, 16)
    };
    Ok(floats
        .chunks_exact(stride)
        .map(|t| {
            let f = |i: usize| t.get(4 * i..4 * i + 4).map_or(0.0, |b| f32::from_ne_bytes([b[0], b[1], b[2], b[3]]));
            if texel.is_depth() {
                [f(0), 0.0, 0.0, 1.0]
            } else {
                [f(0), f(1), f(2), f(3)]
            }
        })
        .collect())
}

/// RGBA floats stored as host texels of `texel` (a colour format).
pub fn from_rgba_f32(rgba: &[[f32; 4]], texel: TexelFormat) -> Result<Vec<u8>, GLenum> {
    let bytes: Vec<u8> = rgba.iter().flat_map(|p| p.iter().flat_map(|c| c.to_ne_bytes())).collect();
    convert(&bytes, table_format(GL_RGBA32F), texel, rgba.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rgba8() -> TexelFormat {
        table_format(GL_RGBA8)
    }

    #[test]
    fn formats_galvan_converts_through_are_in_the_table() {
        for f in [GL_RGBA8, GL_RGBA32F, GL_DEPTH_COMPONENT32F, GL_DEPTH32F_STENCIL8, GL_DEPTH24_STENCIL8, GL_LUMINANCE8, GL_ALPHA8, GL_RGB565] {
            assert!(internal_texel_format(f).is_some(), "0x{f:04X}");
        }
        assert_eq!(internal_texel_format(1).map(|t| t.info.internal_format), Some(GL_LUMINANCE));
        assert!(internal_texel_format(0x1234).is_none());
    }

    #[test]
    fn rgb_bytes_become_opaque_rgba8_and_back_as_floats() {
        let store = PixelStore { alignment: 1, ..Default::default() };
        let texels = unpack(&store, [2, 1, 1], GL_RGB, GL_UNSIGNED_BYTE, &[255, 0, 10, 1, 2, 3], rgba8()).unwrap();
        assert_eq!(texels, [255, 0, 10, 255, 1, 2, 3, 255]);
        let mut floats = [0u8; 32];
        pack(&PixelStore::default(), 2, (0, 0), [2, 1, 1], GL_RGBA, GL_FLOAT, &texels, rgba8(), gl_formats::PackSource::Framebuffer { clamp_color: false }, &mut floats).unwrap();
        let first = f32::from_ne_bytes(floats[..4].try_into().unwrap());
        let third = f32::from_ne_bytes(floats[8..12].try_into().unwrap());
        assert_eq!(first, 1.0);
        assert_eq!(third, 10.0 / 255.0);
    }

    #[test]
    fn luminance_is_stored_in_one_channel_and_read_back_as_red() {
        let luminance = table_format(GL_LUMINANCE8);
        assert_eq!(luminance.bytes_per_texel(), 1);
        let store = PixelStore { alignment: 1, ..Default::default() };
        let texels = unpack(&store, [1, 1, 1], GL_LUMINANCE, GL_UNSIGNED_BYTE, &[200], luminance).unwrap();
        assert_eq!(texels, [200]);
        let mut rgba = [0u8; 4];
        pack(&store, 1, (0, 0), [1, 1, 1], GL_RGBA, GL_UNSIGNED_BYTE, &texels, luminance, gl_formats::PackSource::Framebuffer { clamp_color: false }, &mut rgba).unwrap();
        assert_eq!(rgba, [200, 0, 0, 255]);
    }

    #[test]
    fn packed_depth_stencil_round_trips_through_the_host_layout() {
        let format = table_format(GL_DEPTH24_STENCIL8);
        let client = (((0.5f64 * 16777215.0).round() as u32) << 8 | 0x7F).to_ne_bytes();
        let texel = unpack(&PixelStore::default(), [1, 1, 1], GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, &client, format).unwrap();
        assert_eq!(texel.len(), 8);
        assert!((f32::from_ne_bytes(texel[..4].try_into().unwrap()) - 0.5).abs() < 1e-6);
        assert_eq!(texel[4], 0x7F);
        let mut back = [0u8; 4];
        pack(&PixelStore::default(), 1, (0, 0), [1, 1, 1], GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, &texel, format, gl_formats::PackSource::Framebuffer { clamp_color: false }, &mut back).unwrap();
        assert_eq!(back, client);
    }

    #[test]
    fn a_clipped_read_lands_at_its_origin_in_the_client_image() {
        let store = PixelStore { alignment: 1, ..Default::default() };
        let mut out = [9u8; 3 * 2 * 4];
        pack(&store, 3, (1, 1), [2, 1, 1], GL_RGBA, GL_UNSIGNED_BYTE, &[1, 2, 3, 4, 5, 6, 7, 8], rgba8(), gl_formats::PackSource::Framebuffer { clamp_color: false }, &mut out).unwrap();
        assert_eq!(&out[..16], &[9; 16]);
        assert_eq!(&out[16..], &[1, 2, 3, 4, 5, 6, 7, 8]);
    }

    #[test]
    fn depth_formats_reject_colour_transfers() {
        let api = format_api(false, true, (4, 6));
        assert_eq!(check_upload(GL_DEPTH_COMPONENT32F, GL_RGBA, GL_UNSIGNED_BYTE, api), Err(GL_INVALID_OPERATION));
        assert_eq!(check_upload(GL_RGBA8, GL_DEPTH_COMPONENT, GL_FLOAT, api), Err(GL_INVALID_OPERATION));
        assert_eq!(check_upload(GL_RGBA8, GL_RGBA, GL_UNSIGNED_INT_24_8, api), Err(GL_INVALID_OPERATION));
        assert_eq!(check_upload(GL_RGBA8, 0x1234, GL_UNSIGNED_BYTE, api), Err(GL_INVALID_ENUM));
    }

    #[test]
    fn depth_converts_out_of_a_depth_stencil_format() {
        let host = [0.25f32.to_ne_bytes().as_slice(), &[7, 0, 0, 0]].concat();
        let depth = convert(&host, table_format(GL_DEPTH24_STENCIL8), table_format(GL_DEPTH_COMPONENT32F), 1).unwrap();
        assert_eq!(depth, 0.25f32.to_ne_bytes());
    }

    #[test]
    fn conversion_through_rgba_fills_missing_alpha() {
        let floats = to_rgba_f32(&[51], table_format(GL_R8), 1).unwrap();
        assert_eq!(floats, vec![[0.2, 0.0, 0.0, 1.0]]);
        assert_eq!(from_rgba_f32(&floats, rgba8()).unwrap(), vec![51, 0, 0, 255]);
    }

    #[test]
    fn depth_sources_read_as_depth_in_red() {
        let half = 0.5f32.to_ne_bytes();
        let floats = to_rgba_f32(&half, table_format(GL_DEPTH_COMPONENT32F), 1).unwrap();
        assert_eq!(floats, vec![[0.5, 0.0, 0.0, 1.0]]);
    }
}
