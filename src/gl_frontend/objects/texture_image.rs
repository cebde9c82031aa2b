//! Texture images of every target: glTexImage1D/2D/3D, glTexSubImage1D/2D/3D,
//! glTexStorage1D/2D/3D, glGetTexImage, glGetTexLevelParameter* and glGenerateMipmap.
//!
//! One code path serves the three dimensionalities: a call's sizes and offsets are padded
//! to three (`[width, height, depth]`) and the target's shape (`TargetShape`) says which
//! of them are texels and which count layers.

use gl_formats::FormatInfo;

use crate::context::ContextState;
use crate::objects::texture::{TexImage, Texture};
use crate::objects::texture_target::{self, face_index, texture_target_of, TargetShape, CUBE_FACES};
use crate::pixels::{self, HostTexels, TexelFormat};
use crate::state::Dirty;
use crate::types::enums::*;
use crate::types::*;

/// The image targets glTexImage{dims}D and glTexSubImage{dims}D take.
fn is_image_target(dims: u32, target: GLenum, gles: bool) -> bool {
    match dims {
        1 => target == GL_TEXTURE_1D && !gles,
        2 => matches!(target, GL_TEXTURE_2D) || CUBE_FACES.contains(&target) || (!gles && matches!(target, GL_TEXTURE_1D_ARRAY | GL_TEXTURE_RECTANGLE)),
        _ => matches!(target, GL_TEXTURE_3D | GL_TEXTURE_2D_ARRAY | GL_TEXTURE_CUBE_MAP_ARRAY),
    }
}

/// The texture targets glTexStorage{dims}D takes.
fn is_storage_target(dims: u32, target: GLenum, gles: bool) -> bool {
    match dims {
        1 => target == GL_TEXTURE_1D && !gles,
        2 => matches!(target, GL_TEXTURE_2D | GL_TEXTURE_CUBE_MAP) || (!gles && matches!(target, GL_TEXTURE_1D_ARRAY | GL_TEXTURE_RECTANGLE)),
        _ => matches!(target, GL_TEXTURE_3D | GL_TEXTURE_2D_ARRAY | GL_TEXTURE_CUBE_MAP_ARRAY),
    }
}

/// GL keeps depth and stencil formats out of 3D textures (GL_INVALID_OPERATION).
fn depth_stencil_target_ok(target: GLenum, format: TexelFormat) -> bool {
    target != GL_TEXTURE_3D || !(format.is_depth() || format.has_stencil())
}

/// Internal formats glTexStorage refuses: the unsized ones.
fn is_unsized(format: TexelFormat) -> bool {
    !format.info.sized
}

/// Where a sub-image lands in a level: texel offset and size, padded to three.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Region {
    pub offset: [u32; 3],
    pub size: [u32; 3],
}

impl Region {
    pub fn texel_count(&self) -> usize {
        self.size.iter().map(|&s| s as usize).product()
    }
}

/// Copies a tightly packed `region` of texels into `image`.
pub(crate) fn write_region(image: &mut TexImage, region: &Region, texels: &[u8]) {
    let bpt = image.format.bytes_per_texel();
    let row_bytes = region.size[0] as usize * bpt;
    for z in 0..region.size[2] as usize {
        for y in 0..region.size[1] as usize {
            let src = (z * region.size[1] as usize + y) * row_bytes;
            let (dz, dy, dx) = (region.offset[2] as usize + z, region.offset[1] as usize + y, region.offset[0] as usize);
            let dst = ((dz * image.height as usize + dy) * image.width as usize + dx) * bpt;
            image.data[dst..dst + row_bytes].copy_from_slice(&texels[src..src + row_bytes]);
        }
    }
}

impl ContextState {
    /// The size limit check shared by glTexImage and glTexStorage: `size` as glTexImage
    /// takes it for `target` (a texture or cube-face target).
    pub(crate) fn image_size_ok(&self, target: GLenum, size: [i32; 3]) -> bool {
        let texture_target = texture_target_of(target);
        let Some(shape) = TargetShape::of(texture_target) else { return false };
        let (max, max_layers) = texture_target::max_size(texture_target, &self.limits);
        (0..3).all(|axis| {
            let limit = if shape.array && axis as u32 == shape.dims { max_layers } else if (axis as u32) < shape.image_dims() { max } else { 1 };
            size[axis] >= 0 && size[axis] as u32 <= limit
        })
    }

    /// Whether `size` fits mipmap level `level` of `target`: a level's width, height and
    /// depth are at most the largest level-0 size halved `level` times.
    pub(crate) fn level_size_ok(&self, target: GLenum, level: GLint, size: [i32; 3]) -> bool {
        let texture_target = texture_target_of(target);
        let Some(shape) = TargetShape::of(texture_target) else { return false };
        let (max, _) = texture_target::max_size(texture_target, &self.limits);
        let limit = (max >> level.clamp(0, 31)).max(1);
        (0..shape.dims as usize).all(|axis| size[axis] as u32 <= limit)
    }

    /// glTexImage1D/2D/3D: defines one level of one face from client memory or the
    /// pixel unpack buffer.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn gl_tex_image(
        &mut self,
        dims: u32,
        target: GLenum,
        level: GLint,
        internal_format: GLint,
        size: [GLsizei; 3],
        border: GLint,
        format: GLenum,
        ty: GLenum,
        pixels: *const c_void,
    ) {
        let proxied = super::texture_proxy::proxied_image_target(target).filter(|_| !self.is_gles());
        if let Some(image_target) = proxied.filter(|&t| is_image_target(dims, t, false)) {
            return self.gl_proxy_tex_image(target, image_target, level, internal_format, size, border, format, ty);
        }
        if !self.check(is_image_target(dims, target, self.is_gles()), GL_INVALID_ENUM) {
            return;
        }
        // An image that cannot be made is an error here (a proxy target reports it as zero).
        if !self.check(self.image_shape_ok(target, level, size, border) == Ok(true), GL_INVALID_VALUE) {
            return;
        }
        let texel = match pixels::texel_format_for(internal_format as GLenum, format, ty, self.format_api(), &|f| self.texel_format(f)) {
            Ok(t) => t,
            Err(e) => return self.record_error(e),
        };
        if !self.check(depth_stencil_target_ok(target, texel) && !texel.info.blocks_only(), GL_INVALID_OPERATION) {
            return;
        }
        let extent = size.map(|s| s as u32);
        let mut image = TexImage::new(extent, internal_format as GLenum, texel);
        match self.unpack_texture_pixels(dims, extent, format, ty, texel, pixels) {
            Ok(Some(data)) => image.data = data,
            Ok(None) => {}
            Err(e) => return self.record_error(e),
        }
        crate::objects::texture_compressed::compress_level(&mut image);
        self.define_level(target, level as usize, image);
    }

    /// glTexImage's checks of level, size and border, shared with proxy targets: `Err` for
    /// arguments no image may have (GL_INVALID_VALUE for a proxy too), `Ok(false)` for an
    /// image too large for the level or target (or a cube face that is not square), which
    /// glTexImage refuses and a proxy records as all zero.
    pub(crate) fn image_shape_ok(&self, target: GLenum, level: GLint, size: [GLsizei; 3], border: GLint) -> Result<bool, GLenum> {
        let texture_target = texture_target_of(target);
        let level_ok = level >= 0 && level <= texture_target::max_level(texture_target, &self.limits);
        if !level_ok || size.iter().any(|&s| s < 0) || border != 0 {
            return Err(GL_INVALID_VALUE);
        }
        let square = !CUBE_FACES.contains(&target) && texture_target != GL_TEXTURE_CUBE_MAP_ARRAY || size[0] == size[1];
        let whole_cubes = texture_target != GL_TEXTURE_CUBE_MAP_ARRAY || size[2] % 6 == 0;
        Ok(square && whole_cubes && self.image_size_ok(target, size) && self.level_size_ok(target, level, size))
    }

    /// Makes `image` level `level` of the face `target` names of the bound texture
    /// (GL_INVALID_OPERATION on an immutable texture).
    pub(crate) fn define_level(&mut self, target: GLenum, level: usize, image: TexImage) {
        let stored = self.with_bound_texture(texture_target_of(target), |t| {
            if t.immutable {
                return Err(GL_INVALID_OPERATION);
            }
            t.set_image(face_index(target), level, image);
            Ok(())
        });
        match stored {
            Some(Ok(())) => {
                self.texture_objects_changed(Dirty::FRAMEBUFFER);
                self.generate_mipmap_if_asked(texture_target_of(target), face_index(target), level);
            }
            Some(Err(e)) => self.record_error(e),
            None => {}
        }
    }

    /// GL_GENERATE_MIPMAP: after `level` of `face` changed, rebuilds the levels below it
    /// when it is the base level of a texture that asks for it (every face, as the GPU image
    /// is made again; a cube map waits for its last face).
    pub(crate) fn generate_mipmap_if_asked(&mut self, texture_target: GLenum, face: usize, level: usize) {
        let asked = self.with_bound_texture(texture_target, |t| {
            let base = t.effective_base_level() as usize;
            t.generate_mipmap && level == base && t.face_level(face, base).is_some_and(|i| i.samples == 0)
        });
        if asked == Some(true) && TargetShape::of(texture_target).is_some_and(|s| s.mipmapped) {
            // Formats glGenerateMipmap refuses (depth, integer) keep their levels.
            let _ = self.build_mipmaps(texture_target);
        }
    }

    /// glTexSubImage1D/2D/3D: replaces a region of an existing level.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn gl_tex_sub_image(
        &mut self,
        dims: u32,
        target: GLenum,
        level: GLint,
        offset: [GLint; 3],
        size: [GLsizei; 3],
        format: GLenum,
        ty: GLenum,
        pixels: *const c_void,
    ) {
        if !self.check(is_image_target(dims, target, self.is_gles()), GL_INVALID_ENUM) {
            return;
        }
        let texture_target = texture_target_of(target);
        if !self.check(level >= 0 && level <= texture_target::max_level(texture_target, &self.limits) && size.iter().all(|&s| s >= 0), GL_INVALID_VALUE) {
            return;
        }
        let face = face_index(target);
        let Some(Some(existing)) = self.with_bound_texture(texture_target, |t| t.face_level(face, level as usize).map(|i| (i.size(), i.format))) else {
            return self.record_error(GL_INVALID_OPERATION);
        };
        let (level_size, texel) = existing;
        if !self.check(!texel.info.blocks_only(), GL_INVALID_OPERATION) {
            return;
        }
        let fits = (0..3).all(|a| offset[a] >= 0 && offset[a] as i64 + size[a] as i64 <= level_size[a] as i64);
        if !self.check(fits, GL_INVALID_VALUE) {
            return;
        }
        // A level of a specific compressed format changes by whole blocks, as with
        // glCompressedTexSubImage (GL 4.6 section 8.7).
        if let Some(block) = texel.info.block() {
            let aligned = |a: usize, b: u32| offset[a] as u32 % b == 0 && (size[a] as u32 % b == 0 || (offset[a] + size[a]) as u32 == level_size[a]);
            if !self.check(aligned(0, block.width as u32) && aligned(1, block.height as u32), GL_INVALID_OPERATION) {
                return;
            }
        }
        if let Err(e) = pixels::check_upload(texel.info.internal_format, format, ty, self.format_api()) {
            return self.record_error(e);
        }
        let region = Region { offset: offset.map(|o| o as u32), size: size.map(|s| s as u32) };
        let texels = match self.unpack_texture_pixels(dims, region.size, format, ty, texel, pixels) {
            Ok(t) => t.unwrap_or_else(|| vec![0u8; region.texel_count() * texel.bytes_per_texel()]),
            Err(e) => return self.record_error(e),
        };
        if region.texel_count() == 0 {
            return;
        }
        self.store_sub_image(texture_target, face, level as u32, &region, texel, &texels);
    }

    /// [`Self::unpack_pixels`] for glTexImage and glTexSubImage: colour passes through the
    /// compatibility profile's pixel transfer (glPixelTransfer's scale and bias, then the
    /// colour maps with GL_MAP_COLOR) on its way into the texture.
    fn unpack_texture_pixels(&mut self, dims: u32, size: [u32; 3], format: GLenum, ty: GLenum, texel: TexelFormat, pixels: *const c_void) -> Result<Option<Vec<u8>>, GLenum> {
        let volume = dims == 3;
        let transfer = self.state.pixel_transfer;
        let color = !texel.is_depth() && !texel.has_stencil() && !texel.is_integer() && texel.storage.block().is_none() && !pixels::is_integer_format(format);
        if self.is_core() || self.is_gles() || !color || (transfer.is_identity_color() && !transfer.map_color) {
            return self.unpack_transfer(size, volume, format, ty, texel, pixels);
        }
        let floats = pixels::table_format(GL_RGBA32F);
        let Some(data) = self.unpack_transfer(size, volume, format, ty, floats, pixels)? else { return Ok(None) };
        let count = size.iter().map(|&s| s as usize).product();
        let mut rgba = pixels::to_rgba_f32(&data, floats, count)?;
        for t in rgba.iter_mut() {
            *t = std::array::from_fn(|c| t[c] * transfer.scale[c] + transfer.bias[c]);
            if transfer.map_color {
                *t = self.state.pixel_maps.map_rgba(*t);
            }
        }
        pixels::from_rgba_f32(&rgba, texel).map(Some)
    }

    /// Reads application pixels (client memory or the pixel unpack buffer) into host
    /// texels; `None` when there are none (a null pointer and no unpack buffer).
    pub(crate) fn unpack_pixels(&mut self, size: [u32; 3], format: GLenum, ty: GLenum, texel: TexelFormat, pixels: *const c_void) -> Result<Option<Vec<u8>>, GLenum> {
        self.unpack_transfer(size, false, format, ty, texel, pixels)
    }

    /// [`Self::unpack_pixels`] for a 3D call (`volume`: GL_UNPACK_SKIP_IMAGES and
    /// GL_UNPACK_IMAGE_HEIGHT apply) or another.
    fn unpack_transfer(&mut self, size: [u32; 3], volume: bool, format: GLenum, ty: GLenum, texel: TexelFormat, pixels: *const c_void) -> Result<Option<Vec<u8>>, GLenum> {
        let store = self.bindings.unpack;
        let total_bytes = pixels::client_transfer_bytes(&store, size, volume, format, ty)?;
        let unpack_buffer = self.bindings.pixel_unpack_buffer;
        if unpack_buffer != 0 {
            let objects = self.share.lock();
            let buffer = objects.buffers.get(unpack_buffer).ok_or(GL_INVALID_OPERATION)?;
            let offset = pixels as usize;
            let end = offset.checked_add(total_bytes).ok_or(GL_INVALID_OPERATION)?;
            if buffer.mapping.is_some() || end > buffer.data.len() {
                return Err(GL_INVALID_OPERATION);
            }
            pixels::unpack_transfer(&store, size, volume, format, ty, &buffer.data[offset..end], texel).map(Some)
        } else if !pixels.is_null() {
            // SAFETY: GL requires client pixel memory to hold the image as the unpack
            // state describes it.
            let source = unsafe { std::slice::from_raw_parts(pixels as *const u8, total_bytes) };
            pixels::unpack_transfer(&store, size, volume, format, ty, source, texel).map(Some)
        } else {
            Ok(None)
        }
    }

    /// glTexStorage1D/2D/3D: every level of every face at once, immutable from then on.
    pub(crate) fn gl_tex_storage(&mut self, dims: u32, target: GLenum, levels: GLsizei, internal_format: GLenum, size: [GLsizei; 3]) {
        if !self.check(is_storage_target(dims, target, self.is_gles()), GL_INVALID_ENUM) {
            return;
        }
        let Some(format) = self.texel_format(internal_format).filter(|f| !is_unsized(*f)) else {
            return self.record_error(GL_INVALID_ENUM);
        };
        if !self.check(depth_stencil_target_ok(target, format), GL_INVALID_OPERATION) {
            return;
        }
        let Some(shape) = TargetShape::of(target) else { return self.record_error(GL_INVALID_ENUM) };
        let used = shape.image_dims() as usize;
        let positive = size[..used].iter().all(|&s| s >= 1);
        if !self.check(positive && levels >= 1 && self.image_size_ok(target, size), GL_INVALID_VALUE) {
            return;
        }
        let extent = size.map(|s| s.max(1) as u32);
        let square = !shape.cube || extent[0] == extent[1];
        let whole_cubes = target != GL_TEXTURE_CUBE_MAP_ARRAY || extent[2] % 6 == 0;
        if !self.check(square && whole_cubes, GL_INVALID_VALUE) {
            return;
        }
        let max_levels = if shape.mipmapped { shape.full_chain_levels(extent) } else { 1 };
        if !self.check(levels as u32 <= max_levels, GL_INVALID_OPERATION) {
            return;
        }
        let result = self.with_bound_texture(target, |t| {
            if t.immutable {
                return Err(GL_INVALID_OPERATION);
            }
            for face in 0..t.faces.len() {
                t.faces[face] = (0..levels as u32).map(|l| Some(TexImage::new(shape.level_size(extent, l), internal_format, format))).collect();
            }
            t.immutable = true;
            t.immutable_levels = levels as u32;
            t.generation += 1;
            t.discard_gpu_images();
            Ok(())
        });
        match result {
            Some(Err(e)) => self.record_error(e),
            Some(Ok(())) => self.texture_objects_changed(Dirty::FRAMEBUFFER),
            None => {}
        }
    }

    /// glTexImage2DMultisample / glTexImage3DMultisample and glTexStorage2DMultisample /
    /// glTexStorage3DMultisample: one level of `samples` samples per texel, whose contents
    /// only rendering defines.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn gl_tex_image_multisample(&mut self, dims: u32, target: GLenum, samples: GLsizei, internal_format: GLenum, size: [GLsizei; 3], fixed_locations: GLboolean, storage: bool) {
        let (expected, proxy) = if dims == 2 {
            (GL_TEXTURE_2D_MULTISAMPLE, GL_PROXY_TEXTURE_2D_MULTISAMPLE)
        } else {
            (GL_TEXTURE_2D_MULTISAMPLE_ARRAY, GL_PROXY_TEXTURE_2D_MULTISAMPLE_ARRAY)
        };
        if !self.check(target == expected || target == proxy, GL_INVALID_ENUM) {
            return;
        }
        // A proxy target is checked like the real one and changes no texture.
        let is_proxy = target == proxy;
        let target = expected;
        let Some(format) = self.texel_format(internal_format).filter(|f| !storage || !is_unsized(*f)) else {
            return self.record_error(GL_INVALID_ENUM);
        };
        let positive = size[..dims as usize].iter().all(|&s| s >= 1);
        if !self.check(samples >= 1 && positive && self.image_size_ok(target, size), GL_INVALID_VALUE) {
            return;
        }
        if !self.check(samples as u32 <= self.limits.max_samples, GL_INVALID_OPERATION) {
            return;
        }
        // GL lets the implementation round the count up to one the device supports.
        let samples = crate::state::multisample::supported_sample_count(samples as u32, self.limits.sample_counts);
        if is_proxy {
            return;
        }
        let extent = size.map(|s| s.max(1) as u32);
        let result = self.with_bound_texture(target, |t| {
            if t.immutable {
                return Err(GL_INVALID_OPERATION);
            }
            t.set_image(0, 0, TexImage { samples, ..TexImage::new(extent, internal_format, format) });
            t.faces[0].truncate(1);
            t.fixed_sample_locations = fixed_locations != 0;
            if storage {
                t.immutable = true;
                t.immutable_levels = 1;
            }
            Ok(())
        });
        match result {
            Some(Err(e)) => self.record_error(e),
            Some(Ok(())) => self.texture_objects_changed(Dirty::FRAMEBUFFER),
            None => {}
        }
    }

    /// The current contents of `level` of `face`: the host copy, or what the GPU image holds
    /// once the GPU has it.
    fn current_level(&mut self, texture_target: GLenum, face: usize, level: usize) -> Result<Option<TexImage>, vk_backend::Error> {
        let found = self.with_bound_texture(texture_target, |t| (t.face_level(face, level).cloned(), t.gpu_holding(face, level as u32).cloned(), t.target)).flatten_level();
        let Some((mut image, gpu, target)) = found else { return Ok(None) };
        if let Some(gpu) = gpu {
            if let Some(data) = self.read_texture_level(&gpu, target, face, level as u32, &image)? {
                image.data = data;
            }
        }
        Ok(Some(image))
    }

    /// glGetTexImage: a level's texels in the application's format and type, into client
    /// memory or the pixel pack buffer. glGetnTexImage passes the client memory's size in
    /// `buf_size`.
    pub(crate) fn gl_get_tex_image(&mut self, target: GLenum, level: GLint, format: GLenum, ty: GLenum, buf_size: Option<usize>, pixels: *mut c_void) {
        let texture_target = texture_target_of(target);
        let valid_target = texture_target != GL_TEXTURE_CUBE_MAP || target != GL_TEXTURE_CUBE_MAP;
        let gettable = valid_target && TargetShape::of(texture_target).is_some_and(|s| s.mipmapped || texture_target == GL_TEXTURE_RECTANGLE);
        if !self.check(gettable, GL_INVALID_ENUM) {
            return;
        }
        if !self.check(level >= 0 && level <= texture_target::max_level(texture_target, &self.limits), GL_INVALID_VALUE) {
            return;
        }
        let image = match self.current_level(texture_target, face_index(target), level as usize) {
            Ok(Some(image)) => image,
            Ok(None) => return,
            Err(e) => return self.backend_failed(e),
        };
        if let Err(e) = pixels::check_pack(image.format, format, ty, self.format_api()) {
            return self.record_error(e);
        }
        let store = self.bindings.pack;
        let size = image.size();
        let total_bytes = match pixels::client_image_bytes(&store, size, format, ty) {
            Ok(n) => n,
            Err(e) => return self.record_error(e),
        };
        if self.bindings.pixel_pack_buffer == 0 && buf_size.is_some_and(|n| total_bytes > n) {
            return self.record_error(GL_INVALID_OPERATION);
        }
        let pack_all = |out: &mut [u8]| pixels::pack(&store, size[0], (0, 0), size, format, ty, &image.data, image.format, gl_formats::PackSource::Texture, out);
        let pack_buffer = self.bindings.pixel_pack_buffer;
        let packed = if pack_buffer != 0 {
            let mut objects = self.share.lock();
            match objects.buffers.get_mut(pack_buffer) {
                Some(b) if b.mapping.is_none() && (pixels as usize).checked_add(total_bytes).is_some_and(|e| e <= b.data.len()) => {
                    b.touch();
                    pack_all(&mut b.data[pixels as usize..pixels as usize + total_bytes])
                }
                _ => Err(GL_INVALID_OPERATION),
            }
        } else if !pixels.is_null() {
            // SAFETY: GL requires client memory to hold the image as the pack state lays it out.
            pack_all(unsafe { std::slice::from_raw_parts_mut(pixels as *mut u8, total_bytes) })
        } else {
            Ok(())
        };
        if let Err(e) = packed {
            self.record_error(e);
        }
    }

    /// glGetTexLevelParameter*: one property of one level's image.
    pub(crate) fn tex_level_parameter(&mut self, target: GLenum, level: GLint, pname: GLenum) -> Option<i64> {
        if target == GL_TEXTURE_BUFFER && level == 0 {
            if let Some(v) = self.texture_buffer_parameter(pname) {
                return Some(v);
            }
        }
        if super::texture_proxy::proxied_image_target(target).is_some() && !self.is_gles() {
            return self.proxy_level_parameter(target, level, pname);
        }
        let texture_target = texture_target_of(target);
        if !self.check(target != GL_TEXTURE_CUBE_MAP && TargetShape::of(texture_target).is_some(), GL_INVALID_ENUM) {
            return None;
        }
        if !self.check(level >= 0 && level <= texture_target::max_level(texture_target, &self.limits), GL_INVALID_VALUE) {
            return None;
        }
        let face = face_index(target);
        let image = self.with_bound_texture(texture_target, |t| t.face_level(face, level as usize).cloned())?;
        let value = match (pname, &image) {
            (GL_TEXTURE_WIDTH, i) => i.as_ref().map_or(0, |i| i.width as i64),
            (GL_TEXTURE_HEIGHT, i) => i.as_ref().map_or(0, |i| i.height as i64),
            (GL_TEXTURE_DEPTH, i) => i.as_ref().map_or(0, |i| i.depth as i64),
            (GL_TEXTURE_INTERNAL_FORMAT, i) => i.as_ref().map_or(if self.is_core() { GL_RGBA as i64 } else { 1 }, |i| reported_internal_format(i) as i64),
            (GL_TEXTURE_RED_SIZE | GL_TEXTURE_GREEN_SIZE | GL_TEXTURE_BLUE_SIZE | GL_TEXTURE_ALPHA_SIZE | GL_TEXTURE_DEPTH_SIZE | GL_TEXTURE_STENCIL_SIZE, i) => {
                i.as_ref().map_or(0, |i| i.format.component_bits(pname) as i64)
            }
            (GL_TEXTURE_RED_TYPE | GL_TEXTURE_GREEN_TYPE | GL_TEXTURE_BLUE_TYPE | GL_TEXTURE_ALPHA_TYPE | GL_TEXTURE_DEPTH_TYPE, i) => {
                i.as_ref().and_then(|i| i.format.info.component_type(pname)).map_or(GL_NONE as i64, |t| t as i64)
            }
            (GL_TEXTURE_LUMINANCE_TYPE | GL_TEXTURE_INTENSITY_TYPE, i) if !self.is_core() => {
                i.as_ref().and_then(|i| i.format.info.component_type(pname)).map_or(GL_NONE as i64, |t| t as i64)
            }
            (GL_TEXTURE_SHARED_SIZE | GL_TEXTURE_LUMINANCE_SIZE | GL_TEXTURE_INTENSITY_SIZE, i) => i.as_ref().map_or(0, |i| i.format.component_bits(pname) as i64),
            (GL_TEXTURE_COMPRESSED | GL_TEXTURE_COMPRESSED_IMAGE_SIZE, i) => i.as_ref().map_or(0, |i| crate::objects::texture_compressed::compressed_level_query(i, pname, i.format)),
            (GL_TEXTURE_SAMPLES, i) => i.as_ref().map_or(0, |i| i.samples as i64),
            (GL_TEXTURE_FIXED_SAMPLE_LOCATIONS, _) => {
                self.with_bound_texture(texture_target, |t| t.fixed_sample_locations).unwrap_or(true) as i64
            }
            (GL_TEXTURE_BORDER, _) if !self.is_core() => 0,
            _ => {
                self.record_error(GL_INVALID_ENUM);
                return None;
            }
        };
        Some(value)
    }

    /// glGenerateMipmap: levels base+1..=max from a box filter of the level above, made on
    /// the host for every face (the GPU image, if any, is read back first and then rebuilt).
    pub(crate) fn gl_generate_mipmap(&mut self, target: GLenum) {
        let mipmappable = TargetShape::of(target).is_some_and(|s| s.mipmapped) && !(self.is_gles() && matches!(target, GL_TEXTURE_1D | GL_TEXTURE_1D_ARRAY));
        if !self.check(mipmappable, GL_INVALID_ENUM) {
            return;
        }
        if let Err(e) = self.build_mipmaps(target) {
            self.record_error(e);
        }
    }

    /// Rebuilds levels base+1..=max of every face from its base level; `Err` is the GL error
    /// of a base level that cannot be filtered (depth, integer, cube faces that differ).
    fn build_mipmaps(&mut self, target: GLenum) -> Result<(), GLenum> {
        let Some(shape) = TargetShape::of(target) else { return Ok(()) };
        let Some((base, max, faces, immutable_levels)) = self.with_bound_texture(target, |t| (t.effective_base_level() as usize, t.effective_max_level() as usize, t.faces.len(), t.immutable.then_some(t.immutable_levels)))
        else {
            return Ok(());
        };
        let mut bases = Vec::new();
        for face in 0..faces {
            match self.current_level(target, face, base) {
                Ok(Some(image)) => bases.push(image),
                // Nothing to make levels from (a cube missing a face is not cube complete).
                Ok(None) if face == 0 => return Ok(()),
                Ok(None) => return Err(GL_INVALID_OPERATION),
                Err(e) => {
                    self.backend_failed(e);
                    return Ok(());
                }
            }
        }
        // The base level must be colour and filterable, and a cube map's faces alike.
        let first = &bases[0];
        let alike = bases.iter().all(|b| b.size() == first.size() && b.format == first.format);
        let filterable = !first.format.is_depth() && !first.format.is_integer() && !first.format.info.blocks_only();
        if !(alike && filterable && (!shape.cube || first.width == first.height)) {
            return Err(GL_INVALID_OPERATION);
        }
        let last = base + shape.full_chain_levels(first.size()) as usize - 1;
        let last = last.min(max).min(immutable_levels.map_or(usize::MAX, |n| n as usize - 1));
        let shared = self.with_bound_texture(target, |t: &mut Texture| {
            for (face, image) in bases.into_iter().enumerate() {
                let mut above = image;
                let levels = &mut t.faces[face];
                if levels.len() <= last {
                    levels.resize(last + 1, None);
                }
                levels[base] = Some(above.clone());
                for level in base + 1..=last {
                    // Each level filters the one above before that is compressed (as the
                    // texels it came from), so block losses do not add up down the chain.
                    above = downsample(&above, shape);
                    let mut stored = above.clone();
                    crate::objects::texture_compressed::compress_level(&mut stored);
                    levels[level] = Some(stored);
                }
            }
            t.generation += 1;
            t.discard_gpu_images();
            // Storage shared with views keeps its GPU image, which takes the new levels.
            let new_levels = |face: &Vec<Option<TexImage>>| face[base + 1..=last].to_vec();
            t.gpu.clone().filter(|_| t.shares_storage()).map(|gpu| (gpu, t.target, t.faces.iter().map(new_levels).collect::<Vec<_>>()))
        });
        if let Some(Some((gpu, texture_target, faces))) = shared {
            for (face, levels) in faces.iter().enumerate() {
                for (level, image) in (base + 1..).zip(levels.iter().flatten()) {
                    if let Err(e) = self.write_texture_level(&gpu, texture_target, face, level as u32, image) {
                        self.backend_failed(e);
                        return Ok(());
                    }
                }
            }
        }
        self.texture_objects_changed(Dirty::NONE);
        Ok(())
    }
}

/// GL_TEXTURE_INTERNAL_FORMAT of a level: what the application asked for, except that a
/// generic compressed format galvan keeps uncompressed reads as its base format (GL 4.6
/// section 8.7: such a format is replaced by the base internal format it stands for).
fn reported_internal_format(image: &TexImage) -> GLenum {
    let info = FormatInfo::lookup(image.internal_format);
    match info.filter(|f| f.is_generic_compressed()) {
        Some(f) => f.base.gl_enum(),
        None => image.internal_format,
    }
}

/// Option<(Option<T>, ..)> to Option<(T, ..)>: a bound texture that has the level.
trait FlattenLevel<T, G> {
    fn flatten_level(self) -> Option<(T, G, GLenum)>;
}

impl<T, G> FlattenLevel<T, G> for Option<(Option<T>, G, GLenum)> {
    fn flatten_level(self) -> Option<(T, G, GLenum)> {
        let (image, gpu, target) = self?;
        Some((image?, gpu, target))
    }
}

/// The next mip level of `image`: each texel the average of the up to 2x2(x2) texels
/// above it, in RGBA floats; layers are filtered apart. A compressed level's texels are
/// left uncompressed.
fn downsample(image: &TexImage, shape: TargetShape) -> TexImage {
    let size = shape.level_size(image.size(), 1);
    let mut out = TexImage::new(size, image.internal_format, image.format);
    let texels = image.width as usize * image.height as usize * image.depth as usize;
    let Ok(above) = pixels::to_rgba_f32(&image.data, image.format, texels) else { return out };
    let at = |x: u32, y: u32, z: u32| ((z * image.height + y) * image.width + x) as usize;
    let span = |axis: usize| if shape.axis_shrinks(axis) { 2 } else { 1 };
    let pick = |v: u32, d: u32, axis: usize, extent: u32| if shape.axis_shrinks(axis) { (2 * v + d).min(extent - 1) } else { v };
    let mut below = Vec::with_capacity(size.iter().map(|&s| s as usize).product());
    for z in 0..size[2] {
        for y in 0..size[1] {
            for x in 0..size[0] {
                let mut sum = [0f32; 4];
                let mut n = 0.0;
                for dz in 0..span(2) {
                    for dy in 0..span(1) {
                        for dx in 0..span(0) {
                            let p = above[at(pick(x, dx, 0, image.width), pick(y, dy, 1, image.height), pick(z, dz, 2, image.depth))];
                            sum.iter_mut().zip(p).for_each(|(s, c)| *s += c);
                            n += 1.0;
                        }
                    }
                }
                below.push(sum.map(|s| s / n));
            }
        }
    }
    if let Ok(data) = pixels::from_rgba_f32(&below, image.format) {
        out.data = data;
    }
    out
}
