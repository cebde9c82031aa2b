//! Compressed texture images: glCompressedTexImage1D/2D/3D, glCompressedTexSubImage1D/2D/3D
//! and glGetCompressedTexImage. Blocks the device cannot sample are decoded on upload into
//! the uncompressed storage the format table falls back to (`gl_formats::decompress`); the
//! level keeps its blocks as well, for glGetCompressedTexImage and the size queries.

use gl_formats::{Extent, FormatInfo};

use crate::context::ContextState;
use crate::objects::texture::TexImage;
use crate::objects::texture_image::Region;
use crate::objects::texture_target::{self, face_index, texture_target_of, CUBE_FACES};
use crate::pixels::{self, TexelFormat};
use crate::types::enums::*;
use crate::types::*;

/// The block-compressed formats galvan takes: those whose blocks it can decode.
pub fn supported_compressed_formats() -> impl Iterator<Item = &'static FormatInfo> {
    FormatInfo::all().iter().filter(|f| f.block().is_some() && pixels::internal_texel_format(f.internal_format).is_some())
}

/// The formats S3TC, ETC1 and ETC2 list in GL_COMPRESSED_TEXTURE_FORMATS. RGTC, LATC,
/// 3DC, BPTC and ASTC stay out: the list holds only formats for general-purpose use, which
/// their specifications (or, for BPTC and ASTC, the other implementations) take to exclude them.
const S3TC_LISTED: &[GLenum] = &[GL_COMPRESSED_RGB_S3TC_DXT1_EXT, GL_COMPRESSED_RGBA_S3TC_DXT3_EXT, GL_COMPRESSED_RGBA_S3TC_DXT5_EXT];
const ETC2_LISTED: &[GLenum] = &[
    GL_COMPRESSED_RGB8_ETC2,
    GL_COMPRESSED_SRGB8_ETC2,
    GL_COMPRESSED_RGB8_PUNCHTHROUGH_ALPHA1_ETC2,
    GL_COMPRESSED_SRGB8_PUNCHTHROUGH_ALPHA1_ETC2,
    GL_COMPRESSED_RGBA8_ETC2_EAC,
    GL_COMPRESSED_SRGB8_ALPHA8_ETC2_EAC,
    GL_COMPRESSED_R11_EAC,
    GL_COMPRESSED_SIGNED_R11_EAC,
    GL_COMPRESSED_RG11_EAC,
    GL_COMPRESSED_SIGNED_RG11_EAC,
];

impl ContextState {
    /// GL_COMPRESSED_TEXTURE_FORMATS: the general-purpose compressed formats of the
    /// advertised extensions (ETC2 also with ES 3.0, where it is core).
    pub(crate) fn general_compressed_formats(&self) -> Vec<GLenum> {
        let has = |name: &str| self.strings.has_extension(name);
        let mut formats = Vec::new();
        if has("GL_EXT_texture_compression_s3tc") {
            formats.extend_from_slice(S3TC_LISTED);
        }
        if has("GL_OES_compressed_ETC1_RGB8_texture") {
            formats.push(GL_ETC1_RGB8_OES);
        }
        if has("GL_ARB_ES3_compatibility") || (self.is_gles() && self.version >= (3, 0)) {
            formats.extend_from_slice(ETC2_LISTED);
        }
        formats
    }
}

/// The targets glCompressedTexImage{dims}D takes.
fn is_compressed_target(dims: u32, target: GLenum) -> bool {
    match dims {
        1 => target == GL_TEXTURE_1D,
        2 => matches!(target, GL_TEXTURE_2D | GL_TEXTURE_1D_ARRAY) || CUBE_FACES.contains(&target),
        _ => matches!(target, GL_TEXTURE_3D | GL_TEXTURE_2D_ARRAY | GL_TEXTURE_CUBE_MAP_ARRAY),
    }
}

/// Whether blocks of `info` may form a 3D texture: only formats whose specifications
/// define 3D use: BPTC, and ASTC's 2D blocks slice by slice (KHR_texture_compression_astc_sliced_3d);
/// the others are 2D block formats.
fn allows_3d(info: &FormatInfo) -> bool {
    use gl_formats::StorageFormat::*;
    matches!(info.storage, Astc { .. } | Bc7Unorm | Bc7Srgb | Bc6hUfloat | Bc6hSfloat)
}

/// `region` grown to whole blocks, clipped to the level: what a change of `region`
/// recompresses.
pub(crate) fn widen_to_blocks(region: &Region, level_size: [u32; 3], block: gl_formats::Block) -> Region {
    let (bw, bh) = (block.width as u32, block.height as u32);
    let start = [region.offset[0] / bw * bw, region.offset[1] / bh * bh, region.offset[2]];
    let end = [
        (region.offset[0] + region.size[0]).next_multiple_of(bw).min(level_size[0]),
        (region.offset[1] + region.size[1]).next_multiple_of(bh).min(level_size[1]),
        region.offset[2] + region.size[2],
    ];
    Region { offset: start, size: [end[0] - start[0], end[1] - start[1], end[2] - start[2]] }
}

/// The byte ranges of the rows of blocks `region` (block-aligned) covers in a level's
/// blocks: (offset in the level, offset in the region's own blocks, length).
fn block_rows(level_size: [u32; 3], region: &Region, block: gl_formats::Block) -> impl Iterator<Item = (usize, usize, usize)> {
    let (bw, bh, bytes) = (block.width as u32, block.height as u32, block.bytes as usize);
    let level_row = level_size[0].div_ceil(bw) as usize * bytes;
    let level_plane = level_size[1].div_ceil(bh) as usize * level_row;
    let row = region.size[0].div_ceil(bw) as usize * bytes;
    let rows = region.size[1].div_ceil(bh) as usize;
    let (bx, by) = ((region.offset[0] / bw) as usize, (region.offset[1] / bh) as usize);
    let z0 = region.offset[2] as usize;
    (0..region.size[2] as usize).flat_map(move |z| (0..rows).map(move |r| ((z0 + z) * level_plane + (by + r) * level_row + bx * bytes, (z * rows + r) * row, row)))
}

/// The blocks of `region` (block-aligned) of a level's blocks, row after row.
pub(crate) fn read_blocks(level: &[u8], level_size: [u32; 3], region: &Region, block: gl_formats::Block) -> Vec<u8> {
    let mut out = Vec::new();
    for (at, _, len) in block_rows(level_size, region, block) {
        out.extend_from_slice(level.get(at..at + len).unwrap_or(&[]));
    }
    out
}

/// Copies the blocks of `region` (block-aligned) from `blocks` into a level's blocks.
pub(crate) fn write_blocks(level: &mut [u8], level_size: [u32; 3], region: &Region, blocks: &[u8], block: gl_formats::Block) {
    for (dst, src, len) in block_rows(level_size, region, block) {
        if let (Some(d), Some(s)) = (level.get_mut(dst..dst + len), blocks.get(src..src + len)) {
            d.copy_from_slice(s);
        }
    }
}

impl ContextState {
    /// The `len` bytes of compressed data at `data`: client memory or the unpack buffer.
    fn compressed_source(&mut self, data: *const c_void, len: usize) -> Result<Vec<u8>, GLenum> {
        if self.bindings.pixel_unpack_buffer == 0 && data.is_null() {
            return Ok(vec![0; len]);
        }
        self.unpack_source_bytes(data, len)
    }

    /// glCompressedTexImage1D/2D/3D: defines a level from compressed blocks.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn gl_compressed_tex_image(&mut self, dims: u32, target: GLenum, level: GLint, internal_format: GLenum, size: [GLsizei; 3], border: GLint, image_size: GLsizei, data: *const c_void) {
        if !self.check(is_compressed_target(dims, target), GL_INVALID_ENUM) {
            return;
        }
        let Some(texel) = supported_compressed_formats().find(|f| f.internal_format == internal_format).and_then(|f| pixels::internal_texel_format(f.internal_format)) else {
            return self.record_error(GL_INVALID_ENUM);
        };
        let texture_target = texture_target_of(target);
        // An immutable texture's levels are never defined again.
        let immutable = self.with_bound_texture(texture_target, |t| t.immutable) == Some(true);
        if !self.check(!immutable, GL_INVALID_OPERATION) {
            return;
        }
        let (max, max_layers) = texture_target::max_size(texture_target, &self.limits);
        let level_ok = level >= 0 && level <= texture_target::max_level(texture_target, &self.limits);
        let layered = matches!(texture_target, GL_TEXTURE_1D_ARRAY | GL_TEXTURE_2D_ARRAY | GL_TEXTURE_CUBE_MAP_ARRAY);
        let sizes_ok = (0..dims as usize).all(|a| size[a] >= 0 && size[a] as u32 <= if layered && a + 1 == dims as usize { max_layers } else { max });
        // Cube faces, and the faces of cube map arrays, are square.
        let square = !(CUBE_FACES.contains(&target) || target == GL_TEXTURE_CUBE_MAP_ARRAY) || size[0] == size[1];
        if !self.check(level_ok && sizes_ok && border == 0 && square, GL_INVALID_VALUE) {
            return;
        }
        if !self.check(texture_target != GL_TEXTURE_3D || allows_3d(texel.info), GL_INVALID_OPERATION) {
            return;
        }
        let extent = [size[0].max(0) as u32, if dims >= 2 { size[1].max(0) as u32 } else { 1 }, if dims == 3 { size[2].max(0) as u32 } else { 1 }];
        let expected = gl_formats::compressed_image_size(texel.info.block(), Extent::new(extent[0], extent[1], extent[2]));
        if !self.check(expected == Some(image_size.max(0) as usize) && image_size >= 0, GL_INVALID_VALUE) {
            return;
        }
        let blocks = match self.compressed_source(data, image_size as usize) {
            Ok(b) => b,
            Err(e) => return self.record_error(e),
        };
        let mut image = TexImage::new(extent, internal_format, texel);
        match gl_formats::decompress(texel, &blocks, Extent::new(extent[0], extent[1], extent[2])) {
            Ok(texels) if texels.len() == image.data.len() => image.data = texels,
            Ok(_) => return self.record_error(GL_INVALID_OPERATION),
            Err(e) => return self.record_error(e.code()),
        }
        image.compressed = Some(blocks);
        self.define_level(target, level as usize, image);
    }

    /// glCompressedTexSubImage1D/2D/3D: replaces a block-aligned region of a compressed level.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn gl_compressed_tex_sub_image(&mut self, dims: u32, target: GLenum, level: GLint, offset: [GLint; 3], size: [GLsizei; 3], format: GLenum, image_size: GLsizei, data: *const c_void) {
        if !self.check(is_compressed_target(dims, target), GL_INVALID_ENUM) {
            return;
        }
        if !self.check(supported_compressed_formats().any(|f| f.internal_format == format), GL_INVALID_ENUM) {
            return;
        }
        let texture_target = texture_target_of(target);
        let level_ok = level >= 0 && level <= texture_target::max_level(texture_target, &self.limits);
        if !self.check(level_ok && size.iter().all(|&s| s >= 0) && offset.iter().all(|&o| o >= 0), GL_INVALID_VALUE) {
            return;
        }
        let face = face_index(target);
        let Some(Some((level_size, texel, internal))) = self.with_bound_texture(texture_target, |t| t.face_level(face, level as usize).map(|i| (i.size(), i.format, i.internal_format))) else {
            return self.record_error(GL_INVALID_OPERATION);
        };
        let Some(block) = texel.info.block() else { return self.record_error(GL_INVALID_OPERATION) };
        if !self.check(internal == format, GL_INVALID_OPERATION) {
            return;
        }
        let fits = (0..3).all(|a| offset[a] as i64 + size[a] as i64 <= level_size[a] as i64);
        if !self.check(fits, GL_INVALID_VALUE) {
            return;
        }
        // Regions start on a block and end on one or at the level's edge.
        let (bw, bh) = (block.width as i32, block.height as i32);
        let aligned = |o: i32, s: i32, b: i32, edge: u32| o % b == 0 && (s % b == 0 || (o + s) as u32 == edge);
        if !self.check(aligned(offset[0], size[0], bw, level_size[0]) && aligned(offset[1], size[1], bh, level_size[1]), GL_INVALID_OPERATION) {
            return;
        }
        let region = Region { offset: offset.map(|o| o as u32), size: size.map(|s| s as u32) };
        let expected = gl_formats::compressed_image_size(Some(block), Extent::new(region.size[0], region.size[1], region.size[2]));
        if !self.check(expected == Some(image_size.max(0) as usize), GL_INVALID_VALUE) {
            return;
        }
        if region.texel_count() == 0 {
            return;
        }
        let blocks = match self.compressed_source(data, image_size as usize) {
            Ok(b) => b,
            Err(e) => return self.record_error(e),
        };
        let texels = match gl_formats::decompress(texel, &blocks, Extent::new(region.size[0], region.size[1], region.size[2])) {
            Ok(t) => t,
            Err(e) => return self.record_error(e.code()),
        };
        self.store_compressed_sub_image(texture_target, face, level as u32, &region, texel, &texels, &blocks);
    }

    /// glGetCompressedTexImage / glGetnCompressedTexImage: a compressed level's blocks.
    pub(crate) fn gl_get_compressed_tex_image(&mut self, target: GLenum, level: GLint, buf_size: Option<usize>, data: *mut c_void) {
        let texture_target = texture_target_of(target);
        if !self.check(is_compressed_target(2, target) || is_compressed_target(3, target) || target == GL_TEXTURE_1D, GL_INVALID_ENUM) {
            return;
        }
        if !self.check(level >= 0 && level <= texture_target::max_level(texture_target, &self.limits), GL_INVALID_VALUE) {
            return;
        }
        let face = face_index(target);
        let blocks = self.with_bound_texture(texture_target, |t| t.face_level(face, level as usize).map(|i| i.compressed.clone()));
        let Some(Some(Some(blocks))) = blocks else {
            return self.record_error(GL_INVALID_OPERATION);
        };
        if self.bindings.pixel_pack_buffer == 0 && buf_size.is_some_and(|n| blocks.len() > n) {
            return self.record_error(GL_INVALID_OPERATION);
        }
        self.pack_blocks(&blocks, data);
    }

    /// Writes compressed blocks where a pack goes: at offset `data` of the pixel pack
    /// buffer (GL_INVALID_OPERATION when it is mapped or too small), else into client
    /// memory at `data`, which GL requires to hold them.
    pub(crate) fn pack_blocks(&mut self, blocks: &[u8], data: *mut c_void) {
        let pack_buffer = self.bindings.pixel_pack_buffer;
        if pack_buffer != 0 {
            let mut objects = self.share.lock();
            let ok = match objects.buffers.get_mut(pack_buffer) {
                Some(b) if b.mapping.is_none() && (data as usize).checked_add(blocks.len()).is_some_and(|e| e <= b.data.len()) => {
                    b.data[data as usize..data as usize + blocks.len()].copy_from_slice(blocks);
                    b.touch();
                    true
                }
                _ => false,
            };
            drop(objects);
            self.check(ok, GL_INVALID_OPERATION);
        } else if !data.is_null() {
            // SAFETY: GL requires client memory to hold the blocks; callers checked bufSize.
            unsafe { std::ptr::copy_nonoverlapping(blocks.as_ptr(), data as *mut u8, blocks.len()) };
        }
    }
}

/// GL_TEXTURE_COMPRESSED and GL_TEXTURE_COMPRESSED_IMAGE_SIZE of a level.
/// Keeps a level of a specific compressed format that came as uncompressed texels (glTexImage,
/// mipmap generation) as blocks too, for glGetCompressedTexImage; its texels become what the
/// blocks decode to, so sampling and read-back agree with them. Formats galvan has no encoder
/// for keep their texels alone.
/// Returns whether the level has its blocks; one galvan cannot encode is left without any.
pub(crate) fn compress_level(image: &mut TexImage) -> bool {
    let format = image.format;
    if !format.needs_decompression() {
        return image.compressed.is_some();
    }
    let extent = Extent::new(image.width, image.height, image.depth);
    let encoded = gl_formats::compress(format, &image.data, extent).and_then(|blocks| {
        let texels = gl_formats::decompress(format, &blocks, extent).ok().filter(|t| t.len() == image.data.len())?;
        Some((blocks, texels))
    });
    match encoded {
        Some((blocks, texels)) => {
            image.data = texels;
            image.compressed = Some(blocks);
            true
        }
        None => {
            image.compressed = None;
            false
        }
    }
}

pub fn compressed_level_query(image: &TexImage, pname: GLenum, format: TexelFormat) -> i64 {
    let compressed = format.info.block().is_some();
    match pname {
        GL_TEXTURE_COMPRESSED => compressed as i64,
        _ => image.compressed.as_ref().map_or(0, |b| b.len() as i64),
    }
}
