//! Texture objects: glGen/Delete/Bind/IsTexture, glActiveTexture, glTexImage2D,
//! glTexSubImage2D, glTexParameter*, glGetTexParameter*, glGetTexLevelParameter*.
//!
//! Level images are kept in host memory in a galvan texel format (`TexelFormat`), rows
//! in GL order (row 0 = t 0); the draw path uploads a texture's images when it changed.

use crate::context::ContextState;
use crate::draw_path::gpu_image::{aspect_bytes, upload_aspects, GpuImage};
use vk_backend::ImageRegion;
use crate::objects::sampler::SamplerState;
use crate::pixels::{self, TexelFormat};
use crate::state::Dirty;
use crate::types::enums::*;
use crate::types::*;

/// Texture targets a unit has bindings for, in this order.
pub const TARGETS: [GLenum; 8] = [
    GL_TEXTURE_1D,
    GL_TEXTURE_2D,
    GL_TEXTURE_3D,
    GL_TEXTURE_CUBE_MAP,
    GL_TEXTURE_1D_ARRAY,
    GL_TEXTURE_2D_ARRAY,
    GL_TEXTURE_RECTANGLE,
    GL_TEXTURE_2D_MULTISAMPLE,
];
pub const TARGET_COUNT: usize = TARGETS.len();

pub fn target_index(target: GLenum) -> Option<usize> {
    TARGETS.iter().position(|&t| t == target)
}

/// One mip level's image.
#[derive(Clone, Debug, PartialEq)]
pub struct TexImage {
    pub width: u32,
    pub height: u32,
    /// The internal format the application asked for (what GL_TEXTURE_INTERNAL_FORMAT reports).
    pub internal_format: GLenum,
    pub format: TexelFormat,
    pub data: Vec<u8>,
}

#[derive(Clone, Debug)]
pub struct Texture {
    pub target: GLenum,
    pub levels: Vec<Option<TexImage>>,
    pub sampler: SamplerState,
    pub base_level: i32,
    pub max_level: i32,
    /// Bumped on every change of images, so the draw path knows to upload again.
    pub generation: u64,
    /// The GPU image once the GPU used the texture; it then holds the contents.
    pub gpu: Option<GpuImage>,
    /// Set by glTexStorage: the levels can no longer be redefined.
    pub immutable: bool,
}

impl Texture {
    pub fn new(target: GLenum) -> Self {
        Texture { target, levels: Vec::new(), sampler: SamplerState::new(target), base_level: 0, max_level: 1000, generation: 0, gpu: None, immutable: false }
    }

    /// Level 0 and the following levels whose size and format continue its mip chain.
    pub fn mip_chain(&self) -> Vec<&TexImage> {
        let Some(base) = self.level(0) else { return Vec::new() };
        let mut chain = vec![base];
        for level in 1..self.levels.len() {
            let expected = ((base.width >> level).max(1), (base.height >> level).max(1));
            match self.level(level) {
                Some(image) if (image.width, image.height) == expected && image.format == base.format => chain.push(image),
                _ => break,
            }
            if expected == (1, 1) {
                break;
            }
        }
        chain
    }

    pub fn level(&self, level: usize) -> Option<&TexImage> {
        self.levels.get(level).and_then(Option::as_ref)
    }
}

/// Where the texture bound to a target lives: a shared object or this context's
/// default texture (name 0).
enum Bound {
    Named(GLuint),
    Default(usize),
}

impl ContextState {
    pub(crate) fn gl_gen_textures(&mut self, n: GLsizei, textures: *mut GLuint) {
        if !self.check(n >= 0, GL_INVALID_VALUE) || textures.is_null() {
            return;
        }
        let mut objects = self.share.lock();
        for i in 0..n as usize {
            // SAFETY: GL requires `textures` to hold n names.
            unsafe { *textures.add(i) = objects.textures.generate() };
        }
    }

    pub(crate) fn gl_delete_textures(&mut self, n: GLsizei, textures: *const GLuint) {
        if !self.check(n >= 0, GL_INVALID_VALUE) || textures.is_null() {
            return;
        }
        for i in 0..n as usize {
            // SAFETY: GL requires `textures` to hold n names.
            let name = unsafe { *textures.add(i) };
            if name == 0 {
                continue;
            }
            self.share.lock().textures.remove(name);
            for unit in &mut self.bindings.textures {
                for bound in unit.iter_mut() {
                    if *bound == name {
                        *bound = 0;
                    }
                }
            }
            self.detach_texture_from_framebuffers(name);
            self.state.dirty.insert(Dirty::TEXTURES);
        }
    }

    pub(crate) fn gl_is_texture(&mut self, name: GLuint) -> GLboolean {
        self.share.lock().textures.exists(name) as GLboolean
    }

    pub(crate) fn gl_active_texture(&mut self, texture: GLenum) {
        let unit = texture.wrapping_sub(GL_TEXTURE0);
        if !self.check((unit as usize) < self.bindings.textures.len(), GL_INVALID_ENUM) {
            return;
        }
        self.bindings.active_texture = unit;
    }

    pub(crate) fn gl_bind_texture(&mut self, target: GLenum, name: GLuint) {
        let Some(index) = target_index(target) else {
            return self.record_error(GL_INVALID_ENUM);
        };
        if name != 0 {
            let allow_unreserved = !self.is_core() && !self.is_gles();
            let mut objects = self.share.lock();
            let result = match objects.textures.get_or_create(name, allow_unreserved, || Texture::new(target)) {
                None => Err(GL_INVALID_OPERATION),
                // A texture keeps the target of its first bind.
                Some(t) if t.target != target => Err(GL_INVALID_OPERATION),
                Some(_) => Ok(()),
            };
            drop(objects);
            if let Err(e) = result {
                return self.record_error(e);
            }
        }
        let unit = self.bindings.active_texture as usize;
        self.bindings.textures[unit][index] = name;
        self.state.dirty.insert(Dirty::TEXTURES);
    }

    fn bound_texture(&mut self, target: GLenum) -> Option<Bound> {
        let Some(index) = target_index(target) else {
            self.record_error(GL_INVALID_ENUM);
            return None;
        };
        let unit = self.bindings.active_texture as usize;
        Some(match self.bindings.textures[unit][index] {
            0 => Bound::Default(index),
            name => Bound::Named(name),
        })
    }

    /// Runs `f` on the texture bound to `target` on the active unit.
    fn with_bound_texture<R>(&mut self, target: GLenum, f: impl FnOnce(&mut Texture) -> R) -> Option<R> {
        match self.bound_texture(target)? {
            Bound::Default(index) => {
                let texture = self.default_textures[index].get_or_insert_with(|| Texture::new(target));
                Some(f(texture))
            }
            Bound::Named(name) => self.share.lock().textures.get_mut(name).map(f),
        }
    }

    fn max_level_for(&self, target: GLenum) -> i32 {
        let size = match target {
            GL_TEXTURE_3D => self.limits.max_3d_texture_size,
            GL_TEXTURE_CUBE_MAP => self.limits.max_cube_map_texture_size,
            _ => self.limits.max_texture_size,
        };
        31 - size.max(1).leading_zeros() as i32
    }

    #[allow(clippy::too_many_arguments)]
    pub(crate) fn gl_tex_image_2d(
        &mut self,
        target: GLenum,
        level: GLint,
        internal_format: GLint,
        width: GLsizei,
        height: GLsizei,
        border: GLint,
        format: GLenum,
        ty: GLenum,
        pixels: *const c_void,
    ) {
        if !self.check(matches!(target, GL_TEXTURE_2D | GL_TEXTURE_RECTANGLE), GL_INVALID_ENUM) {
            return;
        }
        let max = self.limits.max_texture_size as i32;
        let level_ok = level >= 0 && level <= self.max_level_for(target) && !(target == GL_TEXTURE_RECTANGLE && level != 0);
        if !self.check(level_ok && (0..=max).contains(&width) && (0..=max).contains(&height) && border == 0, GL_INVALID_VALUE) {
            return;
        }
        let texel = match pixels::texel_format_for(internal_format as GLenum, format, ty) {
            Ok(t) => t,
            Err(e) => return self.record_error(e),
        };
        let size = (width as usize) * (height as usize) * texel.bytes_per_texel();
        let mut data = vec![0u8; size];
        if let Err(e) = self.unpack_pixels(width as u32, height as u32, format, ty, texel, pixels, &mut data) {
            return self.record_error(e);
        }
        let image = TexImage { width: width as u32, height: height as u32, internal_format: internal_format as GLenum, format: texel, data };
        if self.with_bound_texture(target, |t| t.immutable) == Some(true) {
            return self.record_error(GL_INVALID_OPERATION);
        }
        self.with_bound_texture(target, |t| {
            let level = level as usize;
            if t.levels.len() <= level {
                t.levels.resize(level + 1, None);
            }
            t.levels[level] = Some(image);
            t.generation += 1;
            // The image's shape changed: a new GPU image is made from the host copy.
            t.gpu = None;
        });
        self.state.dirty.insert(Dirty::TEXTURES | Dirty::FRAMEBUFFER);
    }

    #[allow(clippy::too_many_arguments)]
    pub(crate) fn gl_tex_sub_image_2d(
        &mut self,
        target: GLenum,
        level: GLint,
        xoffset: GLint,
        yoffset: GLint,
        width: GLsizei,
        height: GLsizei,
        format: GLenum,
        ty: GLenum,
        pixels: *const c_void,
    ) {
        if !self.check(matches!(target, GL_TEXTURE_2D | GL_TEXTURE_RECTANGLE), GL_INVALID_ENUM) {
            return;
        }
        if !self.check(level >= 0 && width >= 0 && height >= 0, GL_INVALID_VALUE) {
            return;
        }
        let Some(Some(existing)) = self.with_bound_texture(target, |t| t.level(level as usize).map(|i| (i.width, i.height, i.format))) else {
            return self.record_error(GL_INVALID_OPERATION);
        };
        let (level_w, level_h, texel) = existing;
        let fits = xoffset >= 0
            && yoffset >= 0
            && xoffset as i64 + width as i64 <= level_w as i64
            && yoffset as i64 + height as i64 <= level_h as i64;
        if !self.check(fits, GL_INVALID_VALUE) {
            return;
        }
        if let Err(e) = pixels::check_transfer(texel, format, ty) {
            return self.record_error(e);
        }
        let mut region = vec![0u8; width as usize * height as usize * texel.bytes_per_texel()];
        if let Err(e) = self.unpack_pixels(width as u32, height as u32, format, ty, texel, pixels, &mut region) {
            return self.record_error(e);
        }
        let gpu_image = self.with_bound_texture(target, |t| {
            if let Some(Some(image)) = t.levels.get_mut(level as usize) {
                let bpt = texel.bytes_per_texel();
                let row_bytes = width as usize * bpt;
                for row in 0..height as usize {
                    let dst = ((yoffset as usize + row) * image.width as usize + xoffset as usize) * bpt;
                    image.data[dst..dst + row_bytes].copy_from_slice(&region[row * row_bytes..(row + 1) * row_bytes]);
                }
                t.generation += 1;
            }
            t.gpu.as_ref().map(|g| g.image.clone())
        });
        // Once on the GPU, the GPU image holds the contents: update it in stream order.
        if let (Some(Some(image)), true) = (gpu_image, width > 0 && height > 0) {
            for &aspect in upload_aspects(texel) {
                let rect = ImageRegion::rect(xoffset, yoffset, width as u32, height as u32);
                let region_desc = ImageRegion { aspect, level: level as u32, ..rect };
                if let Err(e) = self.stream.write_image(&image, &region_desc, &aspect_bytes(texel, &region, aspect)) {
                    return self.backend_failed(e);
                }
            }
        }
        self.state.dirty.insert(Dirty::TEXTURES);
    }

    /// Reads application pixels (client memory or the pixel unpack buffer) into texels.
    #[allow(clippy::too_many_arguments)]
    fn unpack_pixels(
        &mut self,
        width: u32,
        height: u32,
        format: GLenum,
        ty: GLenum,
        texel: TexelFormat,
        pixels: *const c_void,
        out: &mut [u8],
    ) -> Result<(), GLenum> {
        let layout = pixels::ClientLayout::new(&self.bindings.unpack, width, height, format, ty)?;
        let unpack_buffer = self.bindings.pixel_unpack_buffer;
        if unpack_buffer != 0 {
            let objects = self.share.lock();
            let buffer = objects.buffers.get(unpack_buffer).ok_or(GL_INVALID_OPERATION)?;
            let offset = pixels as usize;
            let end = offset.checked_add(layout.total_bytes).ok_or(GL_INVALID_OPERATION)?;
            if buffer.mapping.is_some() || end > buffer.data.len() {
                return Err(GL_INVALID_OPERATION);
            }
            pixels::unpack(&layout, &buffer.data[offset..end], format, ty, texel, out);
        } else if !pixels.is_null() {
            // SAFETY: GL requires client pixel memory to hold the image as the unpack
            // state describes it.
            let source = unsafe { std::slice::from_raw_parts(pixels as *const u8, layout.total_bytes) };
            pixels::unpack(&layout, source, format, ty, texel, out);
        }
        Ok(())
    }

    pub(crate) fn gl_tex_parameter(&mut self, target: GLenum, pname: GLenum, values: &[f64]) {
        let gles = self.is_gles();
        let result = self.with_bound_texture(target, |t| match pname {
            GL_TEXTURE_BASE_LEVEL | GL_TEXTURE_MAX_LEVEL => {
                let v = values.first().copied().unwrap_or(-1.0);
                if v < 0.0 {
                    return Err(GL_INVALID_VALUE);
                }
                if pname == GL_TEXTURE_BASE_LEVEL {
                    t.base_level = v as i32
                } else {
                    t.max_level = v as i32
                }
                t.generation += 1;
                Ok(())
            }
            _ => t.sampler.set(pname, values, gles),
        });
        match result {
            Some(Ok(())) => self.state.dirty.insert(Dirty::TEXTURES),
            Some(Err(e)) => self.record_error(e),
            None => {}
        }
    }

    pub(crate) fn tex_parameter(&mut self, target: GLenum, pname: GLenum) -> Option<([f64; 4], usize)> {
        let result = self.with_bound_texture(target, |t| match pname {
            GL_TEXTURE_BASE_LEVEL => Some(([t.base_level as f64, 0.0, 0.0, 0.0], 1)),
            GL_TEXTURE_MAX_LEVEL => Some(([t.max_level as f64, 0.0, 0.0, 0.0], 1)),
            _ => t.sampler.get(pname),
        })?;
        if result.is_none() {
            self.record_error(GL_INVALID_ENUM);
        }
        result
    }

    pub(crate) fn tex_level_parameter(&mut self, target: GLenum, level: GLint, pname: GLenum) -> Option<i64> {
        if !self.check(level >= 0 && level <= self.max_level_for(target), GL_INVALID_VALUE) {
            return None;
        }
        let image = self.with_bound_texture(target, |t| t.level(level as usize).cloned())?;
        let value = match (pname, &image) {
            (GL_TEXTURE_WIDTH, i) => i.as_ref().map_or(0, |i| i.width as i64),
            (GL_TEXTURE_HEIGHT, i) => i.as_ref().map_or(0, |i| i.height as i64),
            (GL_TEXTURE_DEPTH, i) => i.is_some() as i64,
            (GL_TEXTURE_INTERNAL_FORMAT, i) => i.as_ref().map_or(GL_RGBA as i64, |i| i.internal_format as i64),
            (GL_TEXTURE_RED_SIZE | GL_TEXTURE_GREEN_SIZE | GL_TEXTURE_BLUE_SIZE | GL_TEXTURE_ALPHA_SIZE | GL_TEXTURE_DEPTH_SIZE | GL_TEXTURE_STENCIL_SIZE, i) => {
                i.as_ref().map_or(0, |i| i.format.component_bits(pname) as i64)
            }
            _ => {
                self.record_error(GL_INVALID_ENUM);
                return None;
            }
        };
        Some(value)
    }

    pub(crate) fn gl_tex_storage_2d(&mut self, target: GLenum, levels: GLsizei, internal_format: GLenum, width: GLsizei, height: GLsizei) {
        if !self.check(matches!(target, GL_TEXTURE_2D | GL_TEXTURE_RECTANGLE), GL_INVALID_ENUM) {
            return;
        }
        // Only sized formats make immutable storage.
        let sized = !matches!(internal_format, GL_RGBA | GL_RGB | GL_RG | GL_RED | GL_DEPTH_COMPONENT | GL_DEPTH_STENCIL);
        let Some(format) = crate::pixels::internal_texel_format(internal_format).filter(|_| sized) else {
            return self.record_error(GL_INVALID_ENUM);
        };
        if !self.check(width >= 1 && height >= 1 && levels >= 1, GL_INVALID_VALUE) {
            return;
        }
        let max_levels = 32 - (width.max(height) as u32).leading_zeros() as i32;
        if !self.check(levels <= max_levels, GL_INVALID_OPERATION) {
            return;
        }
        let result = self.with_bound_texture(target, |t| {
            if t.immutable {
                return Err(GL_INVALID_OPERATION);
            }
            t.levels = (0..levels as u32)
                .map(|l| {
                    let (w, h) = ((width as u32 >> l).max(1), (height as u32 >> l).max(1));
                    Some(TexImage { width: w, height: h, internal_format, format, data: vec![0; (w * h) as usize * format.bytes_per_texel()] })
                })
                .collect();
            t.immutable = true;
            t.generation += 1;
            t.gpu = None;
            Ok(())
        });
        match result {
            Some(Err(e)) => self.record_error(e),
            Some(Ok(())) => self.state.dirty.insert(Dirty::TEXTURES | Dirty::FRAMEBUFFER),
            None => {}
        }
    }

    /// glGenerateMipmap: levels base+1.. from a 2x2 box filter of the level above, made on
    /// the host (the GPU image, if any, is read back first and then rebuilt).
    pub(crate) fn gl_generate_mipmap(&mut self, target: GLenum) {
        if !self.check(matches!(target, GL_TEXTURE_2D), GL_INVALID_ENUM) {
            return;
        }
        let gpu = self.with_bound_texture(target, |t| t.gpu.as_ref().map(|g| g.image.clone())).flatten();
        let base = self.with_bound_texture(target, |t| t.level(0).cloned()).flatten();
        let Some(mut base) = base else { return self.record_error(GL_INVALID_OPERATION) };
        if base.format.is_depth() {
            return self.record_error(GL_INVALID_OPERATION);
        }
        if let Some(image) = gpu {
            match self.stream.read_image(&image, &ImageRegion::rect(0, 0, base.width, base.height)) {
                Ok(data) => base.data = data,
                Err(e) => return self.backend_failed(e),
            }
        }
        let mut chain = vec![base];
        while let Some(last) = chain.last().filter(|l| l.width > 1 || l.height > 1) {
            chain.push(downsample(last));
        }
        self.with_bound_texture(target, |t| {
            t.levels = chain.into_iter().map(Some).collect();
            t.generation += 1;
            t.gpu = None;
        });
        self.state.dirty.insert(Dirty::TEXTURES);
    }
}

impl ContextState {
    /// glGetTexImage: a level's texels in the application's format and type, into client
    /// memory or the pixel pack buffer.
    pub(crate) fn gl_get_tex_image(&mut self, target: GLenum, level: GLint, format: GLenum, ty: GLenum, pixels: *mut c_void) {
        if !self.check(matches!(target, GL_TEXTURE_2D | GL_TEXTURE_RECTANGLE), GL_INVALID_ENUM) {
            return;
        }
        if !self.check(level >= 0 && level <= self.max_level_for(target), GL_INVALID_VALUE) {
            return;
        }
        let found = self.with_bound_texture(target, |t| (t.level(level as usize).cloned(), t.gpu.as_ref().map(|g| g.image.clone())));
        let Some((Some(mut image), gpu)) = found else { return };
        if let Err(e) = crate::pixels::check_transfer(image.format, format, ty) {
            return self.record_error(e);
        }
        // Once on the GPU, the GPU image holds the contents.
        if let Some(gpu) = gpu {
            let rect = ImageRegion { level: level as u32, ..ImageRegion::rect(0, 0, image.width, image.height) };
            let read = |stream: &mut vk_backend::CommandStream, aspect| stream.read_image(&gpu, &ImageRegion { aspect, ..rect });
            let data = match image.format {
                crate::pixels::TexelFormat::DepthStencil { .. } => read(&mut self.stream, vk_backend::Aspect::Depth)
                    .and_then(|d| read(&mut self.stream, vk_backend::Aspect::Stencil).map(|s| crate::draw_path::gpu_image::join_depth_stencil(&d, &s))),
                crate::pixels::TexelFormat::Depth { .. } => read(&mut self.stream, vk_backend::Aspect::Depth),
                _ => read(&mut self.stream, vk_backend::Aspect::Color),
            };
            match data {
                Ok(d) => image.data = d,
                Err(e) => return self.backend_failed(e),
            }
        }
        let layout = match crate::pixels::ClientLayout::new(&self.bindings.pack, image.width, image.height, format, ty) {
            Ok(l) => l,
            Err(e) => return self.record_error(e),
        };
        let size = (image.width as usize, image.height as usize);
        let pack_buffer = self.bindings.pixel_pack_buffer;
        if pack_buffer != 0 {
            let mut objects = self.share.lock();
            let ok = match objects.buffers.get_mut(pack_buffer) {
                Some(b) if b.mapping.is_none() && (pixels as usize).checked_add(layout.total_bytes).is_some_and(|e| e <= b.data.len()) => {
                    let out = &mut b.data[pixels as usize..pixels as usize + layout.total_bytes];
                    crate::pixels::pack_region(&layout, &image.data, image.format, size, (0, 0), format, ty, out);
                    b.touch();
                    true
                }
                _ => false,
            };
            drop(objects);
            self.check(ok, GL_INVALID_OPERATION);
        } else if !pixels.is_null() {
            // SAFETY: GL requires client memory to hold the image as the pack state lays it out.
            let out = unsafe { std::slice::from_raw_parts_mut(pixels as *mut u8, layout.total_bytes) };
            crate::pixels::pack_region(&layout, &image.data, image.format, size, (0, 0), format, ty, out);
        }
    }
}

/// The next mip level of `image`: each texel the average of up to 2x2 texels above.
fn downsample(image: &TexImage) -> TexImage {
    let (w, h) = ((image.width / 2).max(1), (image.height / 2).max(1));
    let bpt = image.format.bytes_per_texel();
    let mut data = vec![0u8; (w * h) as usize * bpt];
    for y in 0..h {
        for x in 0..w {
            let mut sum = [0f32; 4];
            let mut n = 0.0;
            for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                let (sx, sy) = ((2 * x + dx).min(image.width - 1), (2 * y + dy).min(image.height - 1));
                let at = (sy * image.width + sx) as usize * bpt;
                let p = crate::pixels::decode_texel(&image.data[at..at + bpt], image.format);
                for c in 0..4 {
                    sum[c] += p.rgba[c];
                }
                n += 1.0;
            }
            let p = crate::pixels::Pixel { rgba: sum.map(|s| s / n), ..Default::default() };
            let at = (y * w + x) as usize * bpt;
            crate::pixels::encode_texel(&p, &mut data[at..at + bpt], image.format);
        }
    }
    TexImage { width: w, height: h, internal_format: image.internal_format, format: image.format, data }
}

