//! glCopyImageSubData (GL_ARB_copy_image, core since GL 4.3): raw texel copies between
//! textures and renderbuffers of formats of one texel size, or between a compressed image's
//! blocks and texels of the block's size.
//!
//! Each side is addressed in GL's copy coordinates: x, y and z, where z counts the slices
//! of a 3D texture, the layers of an array (a one-dimensional array's too) and the faces of
//! a cube map. Single-sample images are copied slice by slice through galvan's host texel
//! layout (read from the GPU image where it holds the contents, written to both the host
//! copy and the GPU image); multisample images, which have no host copy, are copied on the
//! GPU.

use gl_formats::BaseFormat;
use vk_backend::{Aspect, Image, ImageRegion};

use crate::context::ContextState;
use crate::draw_path::gpu_image::{aspect_bytes, image_region, read_host_texels, upload_aspects};
use crate::objects::texture::TexImage;
use crate::objects::texture_image::{write_region, Region};
use crate::pixels::{HostTexels, TexelFormat};
use crate::state::Dirty;
use crate::types::enums::*;
use crate::types::*;

/// One side of a copy as the application names it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CopyEnd {
    pub name: GLuint,
    pub target: GLenum,
    pub level: GLint,
    pub offset: [GLint; 3],
}

/// What one side of a copy names, once checked.
#[derive(Clone, Copy, Debug)]
struct Resolved {
    renderbuffer: bool,
    format: TexelFormat,
    /// The level's size in copy coordinates (a cube map is six deep, a 1D array's layers
    /// are its depth).
    size: [u32; 3],
    /// 1 for single-sample images.
    samples: u32,
}

/// The targets glCopyImageSubData names objects by (cube faces and buffer textures are not).
fn is_copy_target(target: GLenum) -> bool {
    matches!(
        target,
        GL_RENDERBUFFER
            | GL_TEXTURE_1D
            | GL_TEXTURE_1D_ARRAY
            | GL_TEXTURE_2D
            | GL_TEXTURE_2D_ARRAY
            | GL_TEXTURE_3D
            | GL_TEXTURE_RECTANGLE
            | GL_TEXTURE_CUBE_MAP
            | GL_TEXTURE_CUBE_MAP_ARRAY
            | GL_TEXTURE_2D_MULTISAMPLE
            | GL_TEXTURE_2D_MULTISAMPLE_ARRAY
    )
}

/// The bits of one texel of an uncompressed format, for the view-compatibility classes of
/// GL's table of compatible internal formats; `None` for formats outside those classes.
fn view_class_bits(format: TexelFormat) -> Option<u32> {
    let info = format.info;
    if !info.sized || info.is_compressed() || info.base.is_legacy() || info.has_depth() || info.has_stencil() {
        return None;
    }
    let b = info.bits;
    let bits = [b.red, b.green, b.blue, b.alpha, b.shared].iter().map(|&c| u32::from(c)).sum::<u32>();
    // The 16-bit packed formats (RGB565, RGBA4, RGB5_A1) are in no class.
    let packed_16 = bits == 16 && matches!(info.base, BaseFormat::Rgb | BaseFormat::Rgba);
    (bits > 0 && !packed_16).then_some(bits)
}

/// Whether texels of `a` may be copied into `b` (and back): one format, one view class, or
/// a compressed block the size of the other's texel.
fn formats_compatible(a: TexelFormat, b: TexelFormat) -> bool {
    if a.info.internal_format == b.info.internal_format {
        return true;
    }
    match (a.info.block(), b.info.block()) {
        (Some(_), Some(_)) => false,
        (Some(block), None) | (None, Some(block)) => {
            let plain = if a.info.block().is_some() { b } else { a };
            view_class_bits(plain).is_some_and(|bits| bits == u32::from(block.bytes) * 8)
        }
        (None, None) => view_class_bits(a).is_some() && view_class_bits(a) == view_class_bits(b),
    }
}

/// The block size of a compressed format, (1, 1) for others.
fn block_extent(format: TexelFormat) -> [u32; 2] {
    format.info.block().map_or([1, 1], |b| [u32::from(b.width), u32::from(b.height)])
}

/// Where slice `z` of a copy lies in a texture of `target`: the face and the one-slice
/// region of that face's level image.
fn slice_region(target: GLenum, x: u32, y: u32, z: u32, width: u32, height: u32) -> (usize, Region) {
    match target {
        GL_TEXTURE_CUBE_MAP => (z as usize, Region { offset: [x, y, 0], size: [width, height, 1] }),
        GL_TEXTURE_1D_ARRAY => (0, Region { offset: [x, z, 0], size: [width, 1, 1] }),
        _ => (0, Region { offset: [x, y, z], size: [width, height, 1] }),
    }
}

/// The texels of `region` of a host level image, tightly packed.
pub(crate) fn read_region(image: &TexImage, region: &Region) -> Vec<u8> {
    let bpt = image.format.bytes_per_texel();
    let row_bytes = region.size[0] as usize * bpt;
    let mut out = Vec::with_capacity(region.texel_count() * bpt);
    for z in 0..region.size[2] as usize {
        for y in 0..region.size[1] as usize {
            let (sz, sy, sx) = (region.offset[2] as usize + z, region.offset[1] as usize + y, region.offset[0] as usize);
            let start = ((sz * image.height as usize + sy) * image.width as usize + sx) * bpt;
            out.extend_from_slice(&image.data[start..start + row_bytes]);
        }
    }
    out
}

impl ContextState {
    /// glCopyImageSubData. `size` is the source region's, in the source's texels.
    pub(crate) fn gl_copy_image_sub_data(&mut self, src: CopyEnd, dst: CopyEnd, size: [GLsizei; 3]) {
        let resolved = self.resolve_copy_end(&src).and_then(|s| Ok((s, self.resolve_copy_end(&dst)?)));
        let (s, d) = match resolved {
            Ok(r) => r,
            Err(e) => return self.record_error(e),
        };
        if !self.check(size.iter().all(|&v| v >= 0) && src.offset.iter().chain(&dst.offset).all(|&v| v >= 0), GL_INVALID_VALUE) {
            return;
        }
        let size = size.map(|v| v as u32);
        // The destination region in its own texels: a compressed side counts blocks
        // where the other counts texels.
        let (sb, db) = (block_extent(s.format), block_extent(d.format));
        let dst_size = [size[0].div_ceil(sb[0]) * db[0], size[1].div_ceil(sb[1]) * db[1], size[2]];
        let fits = |end: &CopyEnd, r: &Resolved, extent: [u32; 3]| {
            let block = block_extent(r.format);
            (0..3).all(|a| end.offset[a] as u64 + extent[a] as u64 <= r.size[a] as u64)
                && (0..2).all(|a| {
                    let o = end.offset[a] as u32;
                    o % block[a] == 0 && (extent[a] % block[a] == 0 || o + extent[a] == r.size[a])
                })
        };
        if !self.check(fits(&src, &s, size) && fits(&dst, &d, dst_size), GL_INVALID_VALUE) {
            return;
        }
        if !self.check(formats_compatible(s.format, d.format) && s.samples == d.samples, GL_INVALID_OPERATION) {
            return;
        }
        if size.contains(&0) {
            return;
        }
        let result = if s.samples > 1 {
            self.copy_multisample(&src, &s, &dst, &d, size)
        } else if s.format.info.block().is_some() || d.format.info.block().is_some() {
            // Compressed images keep their blocks on the host only; copies of them are not
            // carried out yet.
            tracing::warn!(target: "galvan", "glCopyImageSubData of compressed images is not implemented yet");
            return self.record_error(GL_INVALID_OPERATION);
        } else {
            self.copy_slices(&src, &s, &dst, &d, size)
        };
        match result {
            Ok(true) => self.texture_objects_changed(Dirty::NONE),
            Ok(false) => self.record_error(GL_INVALID_OPERATION),
            Err(e) => self.backend_failed(e),
        }
    }

    /// Checks one side: its target (GL_INVALID_ENUM, also when it is not the object's), its
    /// name (GL_INVALID_VALUE for a name never generated), its storage (GL_INVALID_OPERATION
    /// when it has none) and its level (GL_INVALID_VALUE).
    fn resolve_copy_end(&self, end: &CopyEnd) -> Result<Resolved, GLenum> {
        if !is_copy_target(end.target) {
            return Err(GL_INVALID_ENUM);
        }
        let objects = self.share.lock();
        if end.target == GL_RENDERBUFFER {
            let Some(rb) = objects.renderbuffers.get(end.name) else {
                return Err(if end.name != 0 && objects.renderbuffers.is_known(end.name) { GL_INVALID_OPERATION } else { GL_INVALID_VALUE });
            };
            let Some(format) = rb.format else { return Err(GL_INVALID_OPERATION) };
            if end.level != 0 {
                return Err(GL_INVALID_VALUE);
            }
            return Ok(Resolved { renderbuffer: true, format, size: [rb.width, rb.height, 1], samples: rb.samples.max(1) });
        }
        let Some(texture) = objects.textures.get(end.name).filter(|_| end.name != 0) else {
            return Err(if end.name != 0 && objects.textures.is_known(end.name) { GL_INVALID_OPERATION } else { GL_INVALID_VALUE });
        };
        if texture.target != end.target {
            return Err(GL_INVALID_ENUM);
        }
        if texture.faces.iter().all(|levels| levels.iter().all(|l| l.as_ref().is_none_or(|i| i.is_empty()))) {
            return Err(GL_INVALID_OPERATION);
        }
        let in_storage = !texture.immutable || (end.level as u32) < texture.immutable_levels;
        let Some(image) = texture.face_level(0, end.level.max(0) as usize).filter(|_| end.level >= 0 && in_storage) else {
            return Err(GL_INVALID_VALUE);
        };
        let faces_defined = (0..texture.faces.len()).all(|f| texture.face_level(f, end.level as usize).is_some_and(|i| i.size() == image.size() && i.format == image.format));
        if !faces_defined {
            return Err(GL_INVALID_OPERATION);
        }
        let size = match end.target {
            GL_TEXTURE_CUBE_MAP => [image.width, image.height, 6],
            GL_TEXTURE_1D_ARRAY => [image.width, 1, image.height],
            _ => image.size(),
        };
        Ok(Resolved { renderbuffer: false, format: image.format, size, samples: image.samples.max(1) })
    }

    /// The GPU image of a renderbuffer, made (with undefined contents) if it has none yet.
    fn renderbuffer_image(&mut self, name: GLuint) -> Result<Option<Image>, vk_backend::Error> {
        self.renderbuffer_attachment_view(name, true)?;
        Ok(self.share.lock().renderbuffers.get(name).and_then(|rb| rb.gpu.as_ref()).map(|g| g.image.clone()))
    }

    /// Copies single-sample texels slice by slice through the host layout. `Ok(false)` when
    /// the two storages differ in texel size (formats GL calls compatible that galvan
    /// stores differently).
    fn copy_slices(&mut self, src: &CopyEnd, s: &Resolved, dst: &CopyEnd, d: &Resolved, size: [u32; 3]) -> Result<bool, vk_backend::Error> {
        if s.format.bytes_per_texel() != d.format.bytes_per_texel() {
            tracing::warn!(target: "galvan", "glCopyImageSubData between {} and {}: their storages differ in size", s.format.info.name, d.format.info.name);
            return Ok(false);
        }
        let [sx, sy, sz] = src.offset.map(|o| o as u32);
        let [dx, dy, dz] = dst.offset.map(|o| o as u32);
        for i in 0..size[2] {
            let texels = if s.renderbuffer {
                let Some(image) = self.renderbuffer_image(src.name)? else { return Ok(false) };
                read_host_texels(&mut self.stream, &image, &ImageRegion::rect(sx as i32, sy as i32, size[0], size[1]), s.format)?
            } else {
                let (face, region) = slice_region(src.target, sx, sy, sz + i, size[0], size[1]);
                self.read_texture_region(src.name, face, src.level as u32, &region)?
            };
            if d.renderbuffer {
                let Some(image) = self.renderbuffer_image(dst.name)? else { return Ok(false) };
                for &aspect in upload_aspects(d.format) {
                    let region = ImageRegion { aspect, ..ImageRegion::rect(dx as i32, dy as i32, size[0], size[1]) };
                    self.stream.write_image(&image, &region, &aspect_bytes(d.format, &texels, aspect))?;
                }
            } else {
                let (face, region) = slice_region(dst.target, dx, dy, dz + i, size[0], size[1]);
                self.write_texture_texels(dst.name, face, dst.level as u32, &region, &texels)?;
            }
        }
        Ok(true)
    }

    /// `region` of GL level `level` of `face` of texture `name`, from the GPU image where it
    /// holds that level, else from the host copy.
    fn read_texture_region(&mut self, name: GLuint, face: usize, level: u32, region: &Region) -> Result<Vec<u8>, vk_backend::Error> {
        let share = self.share.clone();
        let objects = share.lock();
        let Some(texture) = objects.textures.get(name) else { return Ok(Vec::new()) };
        let Some(image) = texture.face_level(face, level as usize) else { return Ok(Vec::new()) };
        match texture.gpu.as_ref().filter(|g| g.holds_level(level)) {
            Some(gpu) => {
                let (gpu, target, format) = (gpu.clone(), texture.target, image.format);
                drop(objects);
                let r = gpu.region(target, face, level, region, Aspect::Color);
                read_host_texels(&mut self.stream, &gpu.image, &r, format)
            }
            None => Ok(read_region(image, region)),
        }
    }

    /// Writes tightly packed `texels` into `region` of GL level `level` of `face` of
    /// texture `name`: the host copy and, where it holds that level, the GPU image.
    fn write_texture_texels(&mut self, name: GLuint, face: usize, level: u32, region: &Region, texels: &[u8]) -> Result<(), vk_backend::Error> {
        let share = self.share.clone();
        let mut objects = share.lock();
        let Some(texture) = objects.textures.get_mut(name) else { return Ok(()) };
        let Some(Some(image)) = texture.faces.get_mut(face).and_then(|f| f.get_mut(level as usize)) else { return Ok(()) };
        write_region(image, region, texels);
        let format = image.format;
        texture.generation += 1;
        let gpu = texture.gpu.clone().map(|g| (g, texture.target));
        drop(objects);
        match gpu {
            Some((gpu, target)) => self.write_texture_region(&gpu, target, face, level, region, format, texels),
            None => Ok(()),
        }
    }

    /// Copies between multisample images of one sample count on the GPU (they have no host
    /// copy). `Ok(false)` when an image cannot be had or the storages differ in size.
    fn copy_multisample(&mut self, src: &CopyEnd, s: &Resolved, dst: &CopyEnd, d: &Resolved, size: [u32; 3]) -> Result<bool, vk_backend::Error> {
        if s.format.bytes_per_texel() != d.format.bytes_per_texel() || s.format.is_depth() != d.format.is_depth() || s.format.has_stencil() != d.format.has_stencil() {
            return Ok(false);
        }
        let (Some(src_image), Some(dst_image)) = (self.multisample_image(src)?, self.multisample_image(dst)?) else { return Ok(false) };
        let region = |end: &CopyEnd, aspect| {
            let [x, y, z] = end.offset.map(|o| o as u32);
            let (_, r) = slice_region(end.target, x, y, z, size[0], size[1]);
            let r = Region { size: [size[0], size[1], size[2]], ..r };
            image_region(end.target, 0, 0, &r, aspect)
        };
        for &aspect in upload_aspects(s.format) {
            self.stream.copy_image(&src_image, &region(src, aspect), &dst_image, &region(dst, aspect))?;
        }
        Ok(true)
    }

    /// The GPU image of a multisample texture or renderbuffer, made if it has none yet.
    fn multisample_image(&mut self, end: &CopyEnd) -> Result<Option<Image>, vk_backend::Error> {
        if end.target == GL_RENDERBUFFER {
            return self.renderbuffer_image(end.name);
        }
        self.texture_attachment_view(end.name, 0, 0, true, true)?;
        Ok(self.share.lock().textures.get(end.name).and_then(|t| t.gpu.as_ref()).map(|g| g.image.clone()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pixels::internal_texel_format;

    fn format(internal: GLenum) -> TexelFormat {
        internal_texel_format(internal).expect("a known format")
    }

    #[test]
    fn view_classes_match_by_texel_size() {
        assert!(formats_compatible(format(GL_RGBA8), format(GL_R32F)));
        assert!(formats_compatible(format(GL_RGBA8UI), format(GL_RGB10_A2)));
        assert!(formats_compatible(format(GL_RG16F), format(GL_R11F_G11F_B10F)));
        assert!(!formats_compatible(format(GL_RGBA8), format(GL_RGBA16F)));
        assert!(!formats_compatible(format(GL_RGB8), format(GL_RGBA8)));
        assert!(!formats_compatible(format(GL_DEPTH_COMPONENT32F), format(GL_R32F)));
        assert!(formats_compatible(format(GL_DEPTH24_STENCIL8), format(GL_DEPTH24_STENCIL8)));
    }

    #[test]
    fn compressed_blocks_match_texels_of_their_size() {
        // RGTC2 blocks are 16 bytes, RGTC1 blocks 8.
        assert!(formats_compatible(format(GL_COMPRESSED_RG_RGTC2), format(GL_RGBA32UI)));
        assert!(formats_compatible(format(GL_COMPRESSED_RED_RGTC1), format(GL_RG32F)));
        assert!(!formats_compatible(format(GL_COMPRESSED_RED_RGTC1), format(GL_RGBA32F)));
        assert!(!formats_compatible(format(GL_COMPRESSED_RED_RGTC1), format(GL_COMPRESSED_RG_RGTC2)));
    }

    #[test]
    fn slices_address_faces_and_layers() {
        let (face, r) = slice_region(GL_TEXTURE_CUBE_MAP, 1, 2, 4, 3, 3);
        assert_eq!((face, r.offset, r.size), (4, [1, 2, 0], [3, 3, 1]));
        let (face, r) = slice_region(GL_TEXTURE_1D_ARRAY, 5, 0, 7, 4, 1);
        assert_eq!((face, r.offset, r.size), (0, [5, 7, 0], [4, 1, 1]));
        let (face, r) = slice_region(GL_TEXTURE_2D_ARRAY, 0, 1, 3, 2, 2);
        assert_eq!((face, r.offset, r.size), (0, [0, 1, 3], [2, 2, 1]));
    }
}
