//! Texture objects: glGen/Delete/Bind/IsTexture, glActiveTexture, glTexParameter*,
//! glGetTexParameter*, and the completeness rules that decide what sampling sees.
//! Image specification is `texture_image.rs`; what each target is made of,
//! `texture_target.rs`.
//!
//! Level images are kept in host memory in a galvan texel format (`TexelFormat`), rows
//! in GL order (row 0 = t 0); the draw path uploads a texture's images when it changed.

use crate::context::ContextState;
use crate::draw_path::gpu_image::GpuImage;
use crate::objects::sampler::SamplerState;
use crate::objects::texture_target::TargetShape;
use crate::pixels::{HostTexels, TexelFormat};
use crate::state::Dirty;
use crate::types::enums::*;
use crate::types::*;

pub use crate::objects::texture_target::{target_index, TARGETS, TARGET_COUNT};

/// One mip level's image (of one cube face): `depth` slices of `height` rows of `width`
/// texels, tightly packed, rows in GL order. Sizes are glTexImage's: a 1D array's height
/// and a 2D or cube-map array's depth count layers.
#[derive(Clone, Debug, PartialEq)]
pub struct TexImage {
    pub width: u32,
    pub height: u32,
    pub depth: u32,
    /// The internal format the application asked for (what GL_TEXTURE_INTERNAL_FORMAT reports).
    pub internal_format: GLenum,
    pub format: TexelFormat,
    pub data: Vec<u8>,
    /// Samples per texel of a multisample image; 0 for every other image.
    pub samples: u32,
    /// The blocks a compressed level was given (`data` holds them decoded).
    pub compressed: Option<Vec<u8>>,
}

impl TexImage {
    /// A zero-filled image; one of a compressed format has zero-filled blocks too.
    pub fn new(size: [u32; 3], internal_format: GLenum, format: TexelFormat) -> Self {
        let bytes = size.iter().map(|&s| s as usize).product::<usize>() * format.bytes_per_texel();
        let compressed = gl_formats::compressed_image_size(format.info.block(), gl_formats::Extent::new(size[0], size[1], size[2])).map(|n| vec![0; n]);
        TexImage { width: size[0], height: size[1], depth: size[2], internal_format, format, data: vec![0; bytes], samples: 0, compressed }
    }

    pub fn size(&self) -> [u32; 3] {
        [self.width, self.height, self.depth]
    }

    pub fn is_empty(&self) -> bool {
        self.width == 0 || self.height == 0 || self.depth == 0
    }
}

/// A texture's GPU image after glTexImage redefined one of its levels: the levels it holds
/// that were not redefined since (`redefined` lists (face, level)) are the texture's current
/// contents, which rendering may have changed without the host copy knowing.
#[derive(Clone, Debug)]
pub struct RetiredImage {
    pub gpu: GpuImage,
    pub redefined: Vec<(usize, usize)>,
}

#[derive(Clone, Debug)]
pub struct Texture {
    pub target: GLenum,
    /// Images by face (one face, or six for a cube map) and level.
    pub faces: Vec<Vec<Option<TexImage>>>,
    pub sampler: SamplerState,
    pub base_level: i32,
    pub max_level: i32,
    /// GL_TEXTURE_SWIZZLE_R/G/B/A: GL_RED, GL_GREEN, GL_BLUE, GL_ALPHA, GL_ZERO or GL_ONE each.
    pub swizzle: [GLenum; 4],
    /// GL_DEPTH_STENCIL_TEXTURE_MODE: which aspect a depth-stencil texture samples.
    pub depth_stencil_mode: GLenum,
    /// GL_DEPTH_TEXTURE_MODE (compatibility profile): what a depth texel reads as,
    /// (D, D, D, 1) for GL_LUMINANCE, (D, D, D, D), (0, 0, 0, D) or (D, 0, 0, 1).
    pub depth_texture_mode: GLenum,
    /// GL_GENERATE_MIPMAP (compatibility profile): every change to the base level rebuilds
    /// the levels below it.
    pub generate_mipmap: bool,
    /// Bumped on every change of images, so the draw path knows to upload again.
    pub generation: u64,
    /// The GPU image once the GPU used the texture; it then holds the contents.
    pub gpu: Option<GpuImage>,
    /// The GPU image a level's redefinition replaced, until the next one is made.
    pub retired: Option<RetiredImage>,
    /// Set by glTexStorage: the levels can no longer be redefined.
    pub immutable: bool,
    /// The levels glTexStorage made (GL_TEXTURE_IMMUTABLE_LEVELS).
    pub immutable_levels: u32,
    /// GL_TEXTURE_FIXED_SAMPLE_LOCATIONS of a multisample texture.
    pub fixed_sample_locations: bool,
    /// The data store of a buffer texture (glTexBuffer).
    pub buffer: Option<crate::objects::texture_buffer::TextureBuffer>,
    /// The internal format glTexBuffer last gave, kept when it detached the buffer
    /// (GL_TEXTURE_BUFFER_FORMAT_ARB); GL_R8 before any.
    pub buffer_format: GLenum,
    /// Set on a texture view (glTextureView): what it sees of the storage it shares.
    pub view: Option<crate::objects::texture_view::ViewRange>,
    /// Set once a view shares this texture's storage.
    pub viewed: bool,
}

impl Texture {
    pub fn new(target: GLenum) -> Self {
        let faces = if target == GL_TEXTURE_CUBE_MAP { 6 } else { 1 };
        Texture {
            target,
            faces: vec![Vec::new(); faces],
            sampler: SamplerState::new(target),
            base_level: 0,
            max_level: 1000,
            swizzle: [GL_RED, GL_GREEN, GL_BLUE, GL_ALPHA],
            depth_stencil_mode: GL_DEPTH_COMPONENT,
            depth_texture_mode: GL_LUMINANCE,
            generate_mipmap: false,
            generation: 0,
            gpu: None,
            retired: None,
            immutable: false,
            immutable_levels: 0,
            fixed_sample_locations: true,
            buffer: None,
            buffer_format: GL_R8,
            view: None,
            viewed: false,
        }
    }

    /// Level `level` of the first (or only) face.
    pub fn level(&self, level: usize) -> Option<&TexImage> {
        self.face_level(0, level)
    }

    pub fn face_level(&self, face: usize, level: usize) -> Option<&TexImage> {
        self.faces.get(face)?.get(level).and_then(Option::as_ref)
    }

    /// Stores `image` as `level` of `face`. The GPU image is made again; the old one is
    /// retired, so the levels nobody redefined keep what the GPU rendered into them.
    pub fn set_image(&mut self, face: usize, level: usize, image: TexImage) {
        let Some(levels) = self.faces.get_mut(face) else { return };
        if levels.len() <= level {
            levels.resize(level + 1, None);
        }
        levels[level] = Some(image);
        self.generation += 1;
        if let Some(gpu) = self.gpu.take() {
            self.retired = Some(RetiredImage { gpu, redefined: Vec::new() });
        }
        if let Some(retired) = self.retired.as_mut() {
            retired.redefined.push((face, level));
        }
    }

    /// The GPU image holding the current contents of `level` of `face`: the texture's image,
    /// or a retired one for a level nobody redefined since; `None` when the host copy has them.
    pub fn gpu_holding(&self, face: usize, level: u32) -> Option<&GpuImage> {
        match (&self.gpu, &self.retired) {
            (Some(gpu), _) => Some(gpu).filter(|g| g.holds_level(level)),
            (None, Some(r)) => Some(&r.gpu).filter(|g| g.holds_level(level) && !r.redefined.contains(&(face, level as usize))),
            (None, None) => None,
        }
    }

    /// Drops the GPU image and any retired one: every level's contents are the host copy's.
    /// Storage shared with texture views stays: it alone holds their contents.
    pub fn discard_gpu_images(&mut self) {
        if self.shares_storage() {
            return;
        }
        self.gpu = None;
        self.retired = None;
    }

    /// GL_TEXTURE_BASE_LEVEL as sampling uses it: immutable textures clamp it to their levels.
    pub fn effective_base_level(&self) -> u32 {
        let base = self.base_level.max(0) as u32;
        if self.immutable {
            base.min(self.storage_levels().saturating_sub(1))
        } else {
            base
        }
    }

    /// GL_TEXTURE_MAX_LEVEL as sampling uses it.
    pub fn effective_max_level(&self) -> u32 {
        let max = self.max_level.max(0) as u32;
        if self.immutable {
            max.clamp(self.effective_base_level(), self.storage_levels().saturating_sub(1))
        } else {
            max
        }
    }

    /// The levels from `anchor` on whose size follows from `anchor`'s and whose format
    /// matches it, on every face: what one Vulkan image can hold.
    pub fn chain_from(&self, anchor: usize) -> usize {
        let shape = TargetShape::of(self.target).unwrap_or(TargetShape { dims: 2, array: false, cube: false, mipmapped: true });
        let Some(base) = self.level(anchor) else { return 0 };
        if base.is_empty() {
            return 0;
        }
        let full = if shape.mipmapped { shape.full_chain_levels(base.size()) as usize } else { 1 };
        let mut count = 0;
        'levels: for step in 0..full {
            let expected = shape.level_size(base.size(), step as u32);
            for face in 0..self.faces.len() {
                match self.face_level(face, anchor + step) {
                    Some(image) if image.size() == expected && image.format == base.format => {}
                    _ => break 'levels,
                }
            }
            count += 1;
        }
        count
    }

    /// Whether GL may sample the texture (the specification's texture completeness for the
    /// levels base..max and the filters `sampler` asks for).
    pub fn is_complete(&self, sampler: &SamplerState) -> bool {
        let base = self.effective_base_level() as usize;
        let Some(image) = self.level(base) else { return false };
        let chain = self.chain_from(base);
        if chain == 0 {
            return false;
        }
        // Cube maps need square faces of one size and format.
        if self.target == GL_TEXTURE_CUBE_MAP && image.width != image.height {
            return false;
        }
        // Multisample textures are fetched, never filtered.
        if matches!(self.target, GL_TEXTURE_2D_MULTISAMPLE | GL_TEXTURE_2D_MULTISAMPLE_ARRAY) {
            return true;
        }
        let mipmapped = !matches!(sampler.min_filter, GL_NEAREST | GL_LINEAR);
        if image.format.is_integer() {
            let nearest = matches!(sampler.min_filter, GL_NEAREST | GL_NEAREST_MIPMAP_NEAREST) && sampler.mag_filter == GL_NEAREST;
            if !nearest {
                return false;
            }
        }
        if !mipmapped || !TargetShape::of(self.target).is_some_and(|s| s.mipmapped) {
            return true;
        }
        let max = self.effective_max_level() as usize;
        if max < base {
            return false;
        }
        let needed = (max - base + 1).min(TargetShape::of(self.target).map_or(1, |s| s.full_chain_levels(image.size()) as usize));
        chain >= needed
    }
}

/// Where the texture bound to a target lives: a shared object or this context's
/// default texture (name 0).
pub(crate) enum Bound {
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

    /// glAreTexturesResident: every texture of galvan is resident (memory residency is
    /// the Vulkan driver's business), so the answer is GL_TRUE and `residences` is left
    /// alone, as GL says for that answer; a name that is no texture is GL_INVALID_VALUE.
    pub(crate) fn gl_are_textures_resident(&mut self, names: &[GLuint]) -> GLboolean {
        let all_textures = names.iter().all(|&n| n != 0 && self.share.lock().textures.exists(n));
        self.check(all_textures, GL_INVALID_VALUE) as GLboolean
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

    pub(crate) fn bound_texture(&mut self, target: GLenum) -> Option<Bound> {
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
    pub(crate) fn with_bound_texture<R>(&mut self, target: GLenum, f: impl FnOnce(&mut Texture) -> R) -> Option<R> {
        match self.bound_texture(target)? {
            Bound::Default(index) => {
                let texture = self.default_textures[index].get_or_insert_with(|| Texture::new(target));
                Some(f(texture))
            }
            Bound::Named(name) => self.share.lock().textures.get_mut(name).map(f),
        }
    }

    pub(crate) fn gl_tex_parameter(&mut self, target: GLenum, pname: GLenum, values: &[f64]) {
        let gles = self.is_gles();
        let compat = !gles && !self.is_core();
        let result = self.with_bound_texture(target, |t| match pname {
            GL_TEXTURE_BASE_LEVEL | GL_TEXTURE_MAX_LEVEL => {
                let v = values.first().copied().unwrap_or(-1.0);
                if v < 0.0 {
                    return Err(GL_INVALID_VALUE);
                }
                // Rectangle and multisample textures have level 0 only.
                if pname == GL_TEXTURE_BASE_LEVEL && v != 0.0 && matches!(t.target, GL_TEXTURE_RECTANGLE | GL_TEXTURE_2D_MULTISAMPLE | GL_TEXTURE_2D_MULTISAMPLE_ARRAY) {
                    return Err(GL_INVALID_OPERATION);
                }
                if pname == GL_TEXTURE_BASE_LEVEL {
                    t.base_level = v as i32
                } else {
                    t.max_level = v as i32
                }
                t.generation += 1;
                Ok(())
            }
            GL_TEXTURE_SWIZZLE_R | GL_TEXTURE_SWIZZLE_G | GL_TEXTURE_SWIZZLE_B | GL_TEXTURE_SWIZZLE_A | GL_TEXTURE_SWIZZLE_RGBA => {
                let sources: Vec<GLenum> = values.iter().map(|&v| v as GLenum).collect();
                if sources.is_empty() || !sources.iter().all(|&s| matches!(s, GL_RED | GL_GREEN | GL_BLUE | GL_ALPHA | GL_ZERO | GL_ONE)) {
                    return Err(GL_INVALID_ENUM);
                }
                match pname {
                    GL_TEXTURE_SWIZZLE_RGBA if sources.len() >= 4 => t.swizzle.copy_from_slice(&sources[..4]),
                    GL_TEXTURE_SWIZZLE_RGBA => return Err(GL_INVALID_ENUM),
                    _ => t.swizzle[(pname - GL_TEXTURE_SWIZZLE_R) as usize] = sources[0],
                }
                Ok(())
            }
            GL_DEPTH_STENCIL_TEXTURE_MODE => {
                let mode = values.first().copied().unwrap_or(0.0) as GLenum;
                if !matches!(mode, GL_DEPTH_COMPONENT | GL_STENCIL_INDEX) {
                    return Err(GL_INVALID_ENUM);
                }
                t.depth_stencil_mode = mode;
                Ok(())
            }
            GL_DEPTH_TEXTURE_MODE if compat => {
                let mode = values.first().copied().unwrap_or(0.0) as GLenum;
                if !matches!(mode, GL_LUMINANCE | GL_INTENSITY | GL_ALPHA | GL_RED) {
                    return Err(GL_INVALID_ENUM);
                }
                t.depth_texture_mode = mode;
                Ok(())
            }
            _ if matches!(t.target, GL_TEXTURE_2D_MULTISAMPLE | GL_TEXTURE_2D_MULTISAMPLE_ARRAY) => Err(GL_INVALID_ENUM),
            GL_GENERATE_MIPMAP if compat => {
                t.generate_mipmap = values.first().is_some_and(|&v| v != 0.0);
                Ok(())
            }
            // Rectangle textures cannot repeat or mipmap.
            GL_TEXTURE_WRAP_S | GL_TEXTURE_WRAP_T | GL_TEXTURE_WRAP_R
                if t.target == GL_TEXTURE_RECTANGLE && !matches!(values.first().map(|&v| v as GLenum), Some(GL_CLAMP | GL_CLAMP_TO_EDGE | GL_CLAMP_TO_BORDER)) =>
            {
                Err(GL_INVALID_ENUM)
            }
            GL_TEXTURE_MIN_FILTER if t.target == GL_TEXTURE_RECTANGLE && !matches!(values.first().map(|&v| v as GLenum), Some(GL_NEAREST | GL_LINEAR)) => Err(GL_INVALID_ENUM),
            _ => t.sampler.set(pname, values, gles),
        });
        match result {
            Some(Ok(())) => self.texture_objects_changed(Dirty::NONE),
            Some(Err(e)) => self.record_error(e),
            None => {}
        }
    }

    /// glTexParameterI{i,ui}v: the border colour as integer words; any other pname as
    /// glTexParameteriv.
    pub(crate) fn gl_tex_parameter_integer(&mut self, target: GLenum, pname: GLenum, words: [u32; 4], signed: bool) {
        if pname != GL_TEXTURE_BORDER_COLOR {
            let first = if signed { words[0] as i32 as f64 } else { words[0] as f64 };
            return self.gl_tex_parameter(target, pname, &[first]);
        }
        let gles = self.is_gles();
        let result = self.with_bound_texture(target, |t| {
            if matches!(t.target, GL_TEXTURE_2D_MULTISAMPLE | GL_TEXTURE_2D_MULTISAMPLE_ARRAY) {
                return Err(GL_INVALID_ENUM);
            }
            t.sampler.set_integer(pname, &words, signed, gles)
        });
        match result {
            Some(Ok(())) => self.texture_objects_changed(Dirty::NONE),
            Some(Err(e)) => self.record_error(e),
            None => {}
        }
    }

    /// glGetTexParameterI{i,ui}v: the border colour's words as stored; any other pname as
    /// glGetTexParameteriv.
    pub(crate) fn tex_parameter_integer(&mut self, target: GLenum, pname: GLenum, signed: bool) -> Option<([u32; 4], usize)> {
        if pname == GL_TEXTURE_BORDER_COLOR {
            return self.with_bound_texture(target, |t| (t.sampler.border_color, 4));
        }
        let (values, n) = self.tex_parameter(target, pname)?;
        Some((values.map(|v| if signed { v.round() as i32 as u32 } else { v.round() as u32 }), n))
    }

    pub(crate) fn tex_parameter(&mut self, target: GLenum, pname: GLenum) -> Option<([f64; 4], usize)> {
        let compat = !self.is_gles() && !self.is_core();
        let result = self.with_bound_texture(target, |t| match pname {
            GL_DEPTH_TEXTURE_MODE if compat => Some(([t.depth_texture_mode as f64, 0.0, 0.0, 0.0], 1)),
            GL_GENERATE_MIPMAP if compat => Some(([t.generate_mipmap as u8 as f64, 0.0, 0.0, 0.0], 1)),
            GL_TEXTURE_BASE_LEVEL => Some(([t.base_level as f64, 0.0, 0.0, 0.0], 1)),
            GL_TEXTURE_MAX_LEVEL => Some(([t.max_level as f64, 0.0, 0.0, 0.0], 1)),
            GL_TEXTURE_SWIZZLE_R | GL_TEXTURE_SWIZZLE_G | GL_TEXTURE_SWIZZLE_B | GL_TEXTURE_SWIZZLE_A => {
                Some(([t.swizzle[(pname - GL_TEXTURE_SWIZZLE_R) as usize] as f64, 0.0, 0.0, 0.0], 1))
            }
            GL_TEXTURE_SWIZZLE_RGBA => Some((t.swizzle.map(|s| s as f64), 4)),
            GL_DEPTH_STENCIL_TEXTURE_MODE => Some(([t.depth_stencil_mode as f64, 0.0, 0.0, 0.0], 1)),
            GL_TEXTURE_IMMUTABLE_FORMAT => Some(([t.immutable as u8 as f64, 0.0, 0.0, 0.0], 1)),
            GL_TEXTURE_IMMUTABLE_LEVELS => Some(([t.immutable_levels as f64, 0.0, 0.0, 0.0], 1)),
            GL_TEXTURE_TARGET => Some(([t.target as f64, 0.0, 0.0, 0.0], 1)),
            GL_TEXTURE_VIEW_MIN_LEVEL => Some(([t.view_range().min_level as f64, 0.0, 0.0, 0.0], 1)),
            GL_TEXTURE_VIEW_NUM_LEVELS => Some(([t.view_range().num_levels as f64, 0.0, 0.0, 0.0], 1)),
            GL_TEXTURE_VIEW_MIN_LAYER => Some(([t.view_range().min_layer as f64, 0.0, 0.0, 0.0], 1)),
            GL_TEXTURE_VIEW_NUM_LAYERS => Some(([t.view_range().num_layers as f64, 0.0, 0.0, 0.0], 1)),
            _ => t.sampler.get(pname),
        })?;
        if result.is_none() {
            self.record_error(GL_INVALID_ENUM);
        }
        // Clamped fragment colours clamp the queried border colour too (ARB_color_buffer_float).
        if pname == GL_TEXTURE_BORDER_COLOR && !self.is_gles() && self.fragment_color_clamped() {
            return result.map(|(v, n)| (v.map(|c| c.clamp(0.0, 1.0)), n));
        }
        result
    }

}
