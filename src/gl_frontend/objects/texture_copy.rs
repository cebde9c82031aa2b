//! Texture images copied from the read framebuffer: glCopyTexImage1D/2D and
//! glCopyTexSubImage1D/2D/3D. The framebuffer rectangle is read back, converted texel by
//! texel into the texture's format (GL's conversion through RGBA, or integer to integer),
//! and stored as glTexImage / glTexSubImage store client data.

use crate::context::ContextState;
use crate::draw_path::gpu_image::{read_host_texels, texel_format_of};
use crate::objects::texture::TexImage;
use crate::objects::copy_image::read_region;
use crate::objects::texture_compressed::{compress_level, read_blocks, widen_to_blocks, write_blocks};
use crate::objects::texture_image::{write_region, Region};
use crate::objects::texture_target::{self, face_index, texture_target_of, CUBE_FACES};
use crate::pixels::{self, HostTexels, TexelFormat};
use crate::state::Dirty;
use crate::types::enums::*;
use crate::types::*;

/// The image targets glCopyTexImage{dims}D and glCopyTexSubImage{dims}D take.
fn is_copy_target(dims: u32, target: GLenum, gles: bool) -> bool {
    match dims {
        1 => target == GL_TEXTURE_1D && !gles,
        2 => target == GL_TEXTURE_2D || CUBE_FACES.contains(&target) || (!gles && matches!(target, GL_TEXTURE_1D_ARRAY | GL_TEXTURE_RECTANGLE)),
        _ => matches!(target, GL_TEXTURE_3D | GL_TEXTURE_2D_ARRAY | GL_TEXTURE_CUBE_MAP_ARRAY),
    }
}

/// What a store writes into a texture's GPU image: texels, or the blocks of a level kept
/// compressed there.
enum LevelBytes {
    /// The texels the store was given, for its region.
    Given,
    Texels(Vec<u8>),
    Blocks(Vec<u8>),
}

impl ContextState {
    /// Reads `width` x `height` framebuffer pixels at (x, y) and converts them to `texel`;
    /// pixels outside the framebuffer read as zero (GL leaves them undefined). `Err` is the
    /// GL error already recorded.
    fn read_framebuffer_as(&mut self, texel: TexelFormat, x: i32, y: i32, width: u32, height: u32) -> Result<Vec<u8>, ()> {
        let format = if texel.has_stencil() { GL_DEPTH_STENCIL } else if texel.is_depth() { GL_DEPTH_COMPONENT } else { GL_RGBA };
        let source = match self.single_sample_read_source(format) {
            Ok(s) => s,
            Err(e) => {
                self.report_target_error(e);
                return Err(());
            }
        };
        let Some(source_texel) = texel_format_of(source.image.desc().format) else {
            tracing::warn!(target: "galvan", "copying from {:?} into a texture is not supported yet", source.image.desc().format);
            self.record_error(GL_INVALID_OPERATION);
            return Err(());
        };
        // Depth copies from depth, integer from integer, colour from colour.
        if source_texel.is_depth() != texel.is_depth() || source_texel.is_integer() != texel.is_integer() {
            self.record_error(GL_INVALID_OPERATION);
            return Err(());
        }
        let bpt = texel.bytes_per_texel();
        let mut out = vec![0u8; width as usize * height as usize * bpt];
        let (fw, fh) = (source.extent.0 as i64, source.extent.1 as i64);
        let (x0, y0) = ((x as i64).clamp(0, fw), (y as i64).clamp(0, fh));
        let (x1, y1) = ((x as i64 + width as i64).clamp(0, fw), (y as i64 + height as i64).clamp(0, fh));
        if x1 <= x0 || y1 <= y0 {
            return Ok(out);
        }
        let (cw, ch) = ((x1 - x0) as usize, (y1 - y0) as usize);
        let rect = source.region(x0 as i32, y0 as i32, cw as u32, ch as u32);
        let texels = match read_host_texels(&mut self.stream, &source.image, &rect, source_texel) {
            Ok(t) => t,
            Err(e) => {
                self.backend_failed(e);
                return Err(());
            }
        };
        let converted = match pixels::convert(&texels, source_texel, texel, cw * ch) {
            Ok(c) => c,
            Err(e) => {
                self.record_error(e);
                return Err(());
            }
        };
        let (ox, oy) = ((x0 - x as i64) as usize, (y0 - y as i64) as usize);
        let row_bytes = cw * bpt;
        for (row, src) in converted.chunks_exact(row_bytes).enumerate() {
            let dst = ((oy + row) * width as usize + ox) * bpt;
            out[dst..dst + row_bytes].copy_from_slice(src);
        }
        Ok(out)
    }

    /// glCopyTexImage1D/2D: defines a level from a framebuffer rectangle.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn gl_copy_tex_image(&mut self, dims: u32, target: GLenum, level: GLint, internal_format: GLenum, x: GLint, y: GLint, width: GLsizei, height: GLsizei, border: GLint) {
        if !self.check(is_copy_target(dims, target, self.is_gles()) && dims < 3, GL_INVALID_ENUM) {
            return;
        }
        let texture_target = texture_target_of(target);
        let (max, max_layers) = texture_target::max_size(texture_target, &self.limits);
        let height_limit = if texture_target == GL_TEXTURE_1D_ARRAY { max_layers } else { max };
        let sizes_ok = (0..=max as i64).contains(&(width as i64)) && (0..=height_limit as i64).contains(&(height as i64));
        let level_ok = level >= 0 && level <= texture_target::max_level(texture_target, &self.limits);
        let square = !CUBE_FACES.contains(&target) || width == height;
        if !self.check(sizes_ok && level_ok && border == 0 && square, GL_INVALID_VALUE) {
            return;
        }
        // Unlike glTexImage, glCopyTexImage takes no component count as internal format.
        if !self.check(!(1..=4).contains(&internal_format), GL_INVALID_ENUM) {
            return;
        }
        let Some(texel) = self.texel_format(internal_format) else {
            return self.record_error(GL_INVALID_VALUE);
        };
        if texel.info.blocks_only() || self.with_bound_texture(texture_target, |t| t.immutable) == Some(true) {
            return self.record_error(GL_INVALID_OPERATION);
        }
        let Ok(data) = self.read_framebuffer_as(texel, x, y, width as u32, height as u32) else { return };
        let image = TexImage { data, ..TexImage::new([width as u32, height as u32, 1], internal_format, texel) };
        self.with_bound_texture(texture_target, |t| t.set_image(face_index(target), level as usize, image));
        self.texture_objects_changed(Dirty::FRAMEBUFFER);
        self.generate_mipmap_if_asked(texture_target, face_index(target), level as usize);
    }

    /// glCopyTexSubImage1D/2D/3D: replaces a region of a level (one slice or layer for the
    /// 3D form) with a framebuffer rectangle.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn gl_copy_tex_sub_image(&mut self, dims: u32, target: GLenum, level: GLint, offset: [GLint; 3], x: GLint, y: GLint, width: GLsizei, height: GLsizei) {
        if !self.check(is_copy_target(dims, target, self.is_gles()), GL_INVALID_ENUM) {
            return;
        }
        let texture_target = texture_target_of(target);
        if !self.check(level >= 0 && level <= texture_target::max_level(texture_target, &self.limits) && width >= 0 && height >= 0, GL_INVALID_VALUE) {
            return;
        }
        let face = face_index(target);
        let Some(Some((level_size, texel))) = self.with_bound_texture(texture_target, |t| t.face_level(face, level as usize).map(|i| (i.size(), i.format))) else {
            return self.record_error(GL_INVALID_OPERATION);
        };
        if !self.check(!texel.info.blocks_only(), GL_INVALID_OPERATION) {
            return;
        }
        let size = [width, height, 1];
        let fits = (0..3).all(|a| offset[a] >= 0 && offset[a] as i64 + size[a] as i64 <= level_size[a] as i64);
        if !self.check(fits, GL_INVALID_VALUE) {
            return;
        }
        let region = Region { offset: offset.map(|o| o as u32), size: size.map(|s| s as u32) };
        if region.texel_count() == 0 {
            return;
        }
        let Ok(texels) = self.read_framebuffer_as(texel, x, y, width as u32, height as u32) else { return };
        self.store_sub_image(texture_target, face, level as u32, &region, texel, &texels);
    }

    /// Stores `texels` as `region` of a level: in the host copy, and in the GPU image when
    /// the GPU already holds the texture. A level of a compressed format is compressed
    /// again, so that its blocks and texels stay one image.
    pub(crate) fn store_sub_image(&mut self, texture_target: GLenum, face: usize, level: u32, region: &Region, texel: TexelFormat, texels: &[u8]) {
        self.store_level_region(texture_target, face, level, region, texel, texels, None);
    }

    /// [`Self::store_sub_image`] of a compressed level given as `blocks` (whole blocks of
    /// block-aligned `region`) and `texels`, what they decode to.
    pub(crate) fn store_compressed_sub_image(&mut self, texture_target: GLenum, face: usize, level: u32, region: &Region, texel: TexelFormat, texels: &[u8], blocks: &[u8]) {
        self.store_level_region(texture_target, face, level, region, texel, texels, Some(blocks));
    }

    #[allow(clippy::too_many_arguments)]
    fn store_level_region(&mut self, texture_target: GLenum, face: usize, level: u32, region: &Region, texel: TexelFormat, texels: &[u8], blocks: Option<&[u8]>) {
        let upload = self.with_bound_texture(texture_target, |t| {
            t.generation += 1;
            let gpu = t.gpu.clone().map(|g| (g, t.target));
            let Some(Some(image)) = t.faces.get_mut(face).and_then(|f| f.get_mut(level as usize)) else { return None };
            write_region(image, region, texels);
            let Some(block) = image.format.info.block() else { return gpu.map(|g| (g, *region, LevelBytes::Given)) };
            match blocks {
                Some(blocks) => {
                    let size = image.size();
                    if let Some(level_blocks) = image.compressed.as_mut() {
                        write_blocks(level_blocks, size, region, blocks, block);
                    }
                }
                None => {
                    if !compress_level(image) {
                        // No encoder for the format: the level is its texels alone.
                        t.discard_gpu_images();
                        return None;
                    }
                }
            }
            // Compressing again may change every texel of the blocks the region touches.
            let Some(Some(image)) = t.faces.get(face).and_then(|f| f.get(level as usize)) else { return None };
            let whole = widen_to_blocks(region, image.size(), block);
            let (gpu, target) = gpu?;
            let bytes = match image.compressed.as_ref().filter(|_| gpu.is_compressed()) {
                Some(level_blocks) => LevelBytes::Blocks(read_blocks(level_blocks, image.size(), &whole, block)),
                None => LevelBytes::Texels(read_region(image, &whole)),
            };
            Some(((gpu, target), whole, bytes))
        });
        if let Some(Some(((gpu, target), region, bytes))) = upload {
            let written = match bytes {
                LevelBytes::Given => self.write_texture_region(&gpu, target, face, level, &region, texel, texels),
                LevelBytes::Texels(texels) => self.write_texture_region(&gpu, target, face, level, &region, texel, &texels),
                LevelBytes::Blocks(blocks) => self.write_texture_blocks(&gpu, target, face, level, &region, &blocks),
            };
            if let Err(e) = written {
                return self.backend_failed(e);
            }
        }
        self.texture_objects_changed(Dirty::NONE);
        self.generate_mipmap_if_asked(texture_target, face, level as usize);
    }
}
