//! glGetTextureSubImage and glGetCompressedTextureSubImage (GL 4.5,
//! GL_ARB_get_texture_sub_image): a box of one level of a texture named directly, read back
//! in the application's format and type, or as the level's compressed blocks. A cube map
//! counts its faces as six layers (GL 4.6 section 8.11.4).

use std::ffi::c_void;

use crate::context::ContextState;
use crate::objects::texture::TexImage;
use crate::objects::texture_target;
use crate::pixels::{self, HostTexels};
use crate::types::enums::*;
use crate::types::*;

/// A checked box of a level: offsets and sizes in texels (layers or faces for the last one
/// of arrays and cube maps).
#[derive(Clone, Copy, Debug)]
struct SubBox {
    offset: [u32; 3],
    size: [u32; 3],
}

impl SubBox {
    fn is_empty(&self) -> bool {
        self.size.contains(&0)
    }
}

/// The images a box reads: one per layer of the box for a cube map (its faces), else the
/// level's one image.
struct Source {
    target: GLenum,
    images: Vec<TexImage>,
    cube: bool,
}

/// Whether GL_PACK_SKIP_IMAGES and GL_PACK_IMAGE_HEIGHT apply to a read of `target`.
fn is_volume(target: GLenum) -> bool {
    matches!(target, GL_TEXTURE_3D | GL_TEXTURE_2D_ARRAY | GL_TEXTURE_CUBE_MAP | GL_TEXTURE_CUBE_MAP_ARRAY)
}

/// The texels of `source` inside `b`, tightly packed, rows in GL order; for a cube map
/// `b`'s layer `z` is the face image `z` of `source`, which has one slice.
fn crop(source: &Source, b: &SubBox) -> Vec<u8> {
    let Some(first) = source.images.first() else { return Vec::new() };
    let bpt = first.format.bytes_per_texel();
    let row = b.size[0] as usize * bpt;
    let mut out = Vec::with_capacity(row * b.size[1] as usize * b.size[2] as usize);
    for z in 0..b.size[2] {
        let (image, slice) = if source.cube { (&source.images[z as usize], 0) } else { (first, b.offset[2] + z) };
        let (w, h) = (image.width as usize, image.height as usize);
        for y in 0..b.size[1] {
            let start = ((slice as usize * h + (b.offset[1] + y) as usize) * w + b.offset[0] as usize) * bpt;
            match image.data.get(start..start + row) {
                Some(texels) => out.extend_from_slice(texels),
                None => out.resize(out.len() + row, 0),
            }
        }
    }
    out
}

/// Appends to `out` the blocks of `b`'s rows and columns in `slices` of a compressed
/// level's `blocks` (of `image_size` texels), tightly packed, as GL lays out compressed
/// images without GL_ARB_compressed_texture_pixel_storage.
fn crop_blocks(blocks: &[u8], image_size: [u32; 3], b: &SubBox, slices: std::ops::Range<u32>, block: gl_formats::Block, out: &mut Vec<u8>) {
    let (bw, bh, bytes) = (block.width as u32, block.height as u32, block.bytes as usize);
    let level_row = image_size[0].div_ceil(bw) as usize * bytes;
    let level_plane = image_size[1].div_ceil(bh) as usize * level_row;
    let row = b.size[0].div_ceil(bw) as usize * bytes;
    let rows = b.size[1].div_ceil(bh) as usize;
    let (bx, by) = ((b.offset[0] / bw) as usize, (b.offset[1] / bh) as usize);
    for slice in slices {
        for r in 0..rows {
            let start = slice as usize * level_plane + (by + r) * level_row + bx * bytes;
            match blocks.get(start..start + row) {
                Some(s) => out.extend_from_slice(s),
                None => out.resize(out.len() + row, 0),
            }
        }
    }
}

impl ContextState {
    /// glGetTextureSubImage.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn gl_get_texture_sub_image(&mut self, texture: GLuint, level: GLint, offset: [GLint; 3], size: [GLsizei; 3], format: GLenum, ty: GLenum, buf_size: GLsizei, pixels: *mut c_void) {
        let (source, b) = match self.sub_image_source(texture, level, offset, size) {
            Ok(Some(found)) => found,
            Ok(None) => return,
            Err(e) => return self.record_error(e),
        };
        let Some(first) = source.images.first() else { return };
        let texel = first.format;
        if let Err(e) = pixels::check_pack(texel, format, ty, self.format_api()) {
            return self.record_error(e);
        }
        let store = self.bindings.pack;
        let volume = is_volume(source.target);
        let total_bytes = match pixels::client_transfer_bytes(&store, b.size, volume, format, ty) {
            Ok(n) => n,
            Err(e) => return self.record_error(e),
        };
        let pack_buffer = self.bindings.pixel_pack_buffer;
        if pack_buffer == 0 && total_bytes > buf_size.max(0) as usize {
            return self.record_error(GL_INVALID_OPERATION);
        }
        if b.is_empty() {
            return;
        }
        let host = crop(&source, &b);
        let pack = |out: &mut [u8]| pixels::pack_transfer(&store, b.size, volume, format, ty, &host, texel, out);
        let packed = if pack_buffer != 0 {
            let mut objects = self.share.lock();
            match objects.buffers.get_mut(pack_buffer) {
                Some(buf) if buf.mapping.is_none() && (pixels as usize).checked_add(total_bytes).is_some_and(|e| e <= buf.data.len()) => {
                    buf.touch();
                    pack(&mut buf.data[pixels as usize..pixels as usize + total_bytes])
                }
                _ => Err(GL_INVALID_OPERATION),
            }
        } else if !pixels.is_null() {
            // SAFETY: GL requires client memory of `buf_size` bytes, which hold `total_bytes`.
            pack(unsafe { std::slice::from_raw_parts_mut(pixels as *mut u8, total_bytes) })
        } else {
            Ok(())
        };
        if let Err(e) = packed {
            self.record_error(e);
        }
    }

    /// glGetCompressedTextureSubImage: the blocks of a block-aligned box of a compressed level.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn gl_get_compressed_texture_sub_image(&mut self, texture: GLuint, level: GLint, offset: [GLint; 3], size: [GLsizei; 3], buf_size: GLsizei, data: *mut c_void) {
        let (source, b) = match self.sub_image_source(texture, level, offset, size) {
            Ok(Some(found)) => found,
            Ok(None) => return,
            Err(e) => return self.record_error(e),
        };
        let Some(first) = source.images.first() else { return };
        let block = first.format.info.block().filter(|_| source.images.iter().all(|i| i.compressed.is_some()));
        let Some(block) = block else { return self.record_error(GL_INVALID_OPERATION) };
        // A box starts on a block and ends on one or at the level's edge.
        let level_size = first.size();
        let aligned = |a: usize, block_size: u8| {
            let block_size = block_size as u32;
            b.offset[a] % block_size == 0 && (b.size[a] % block_size == 0 || b.offset[a] + b.size[a] == level_size[a])
        };
        if !self.check(aligned(0, block.width) && aligned(1, block.height), GL_INVALID_OPERATION) {
            return;
        }
        let blocks_per_layer = b.size[0].div_ceil(block.width as u32) as usize * b.size[1].div_ceil(block.height as u32) as usize;
        let total_bytes = blocks_per_layer * b.size[2] as usize * block.bytes as usize;
        let pack_buffer = self.bindings.pixel_pack_buffer;
        if pack_buffer == 0 && total_bytes > buf_size.max(0) as usize {
            return self.record_error(GL_INVALID_OPERATION);
        }
        if b.is_empty() {
            return;
        }
        let mut out = Vec::with_capacity(total_bytes);
        if source.cube {
            for image in &source.images {
                crop_blocks(image.compressed.as_deref().unwrap_or(&[]), image.size(), &b, 0..1, block, &mut out);
            }
        } else {
            crop_blocks(first.compressed.as_deref().unwrap_or(&[]), level_size, &b, b.offset[2]..b.offset[2] + b.size[2], block, &mut out);
        }
        self.pack_blocks(&out, data);
    }

    /// The checks both commands share, in the specification's order, and the current
    /// contents of the images the box reads (read back from the GPU where it holds them);
    /// `None` once a read-back failed (the failure is recorded).
    fn sub_image_source(&mut self, texture: GLuint, level: GLint, offset: [GLint; 3], size: [GLsizei; 3]) -> Result<Option<(Source, SubBox)>, GLenum> {
        let found = {
            let objects = self.share.lock();
            objects.textures.get(texture).map(|t| (t.target, t.faces.len()))
        };
        let (target, faces) = found.ok_or(GL_INVALID_OPERATION)?;
        if matches!(target, GL_TEXTURE_BUFFER | GL_TEXTURE_2D_MULTISAMPLE | GL_TEXTURE_2D_MULTISAMPLE_ARRAY) {
            return Err(GL_INVALID_OPERATION);
        }
        if level < 0 || level > texture_target::max_level(target, &self.limits) {
            return Err(GL_INVALID_VALUE);
        }
        if offset.iter().any(|&o| o < 0) || size.iter().any(|&s| s < 0) {
            return Err(GL_INVALID_VALUE);
        }
        let b = SubBox { offset: offset.map(|o| o as u32), size: size.map(|s| s as u32) };
        let cube = faces == 6;
        let level = level as usize;
        // A level never defined (past immutable storage's levels too) reads as a 0x0x0
        // image: only an empty box at the origin fits.
        let probe_face = if cube { (b.offset[2] as usize).min(5) } else { 0 };
        let probe = self.share.lock().textures.get(texture).and_then(|t| t.face_level(probe_face, level).map(TexImage::size));
        let mut extent = probe.unwrap_or([0; 3]);
        if cube {
            extent[2] = 6;
        }
        let fits = (0..3).all(|a| b.offset[a] as u64 + b.size[a] as u64 <= extent[a] as u64);
        if !fits {
            return Err(GL_INVALID_VALUE);
        }
        // A cube map is read only when cube complete at the level: six faces alike.
        if cube {
            let complete = self.share.lock().textures.get(texture).is_some_and(|t| {
                let first = t.face_level(0, level).map(|i| (i.size(), i.format));
                first.is_some() && (1..6).all(|f| t.face_level(f, level).map(|i| (i.size(), i.format)) == first)
            });
            if !complete {
                return Err(GL_INVALID_OPERATION);
            }
        }
        let faces_read: Vec<usize> = if cube { (b.offset[2]..b.offset[2] + b.size[2]).map(|z| z as usize).collect() } else { vec![0] };
        let mut images = Vec::with_capacity(faces_read.len());
        for face in faces_read {
            match self.named_level_contents(texture, face, level) {
                Ok(Some(image)) => images.push(image),
                Ok(None) if cube || !b.is_empty() => return Err(GL_INVALID_OPERATION),
                Ok(None) => {}
                Err(e) => {
                    self.backend_failed(e);
                    return Ok(None);
                }
            }
        }
        Ok(Some((Source { target, images, cube }, b)))
    }

    /// The current contents of `level` of `face` of texture `name`: the host copy, or what
    /// the GPU image holds once the GPU has it.
    fn named_level_contents(&mut self, name: GLuint, face: usize, level: usize) -> Result<Option<TexImage>, vk_backend::Error> {
        let found = {
            let objects = self.share.lock();
            objects.textures.get(name).and_then(|t| Some((t.face_level(face, level)?.clone(), t.gpu_holding(face, level as u32).cloned(), t.target)))
        };
        let Some((mut image, gpu, target)) = found else { return Ok(None) };
        if let Some(gpu) = gpu {
            if let Some(data) = self.read_texture_level(&gpu, target, face, level as u32, &image)? {
                image.data = data;
            }
        }
        Ok(Some(image))
    }
}
