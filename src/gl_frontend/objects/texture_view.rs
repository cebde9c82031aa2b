//! Texture views (glTextureView, GL 4.3 / GL_ARB_texture_view): a texture that shares an
//! immutable texture's storage, seeing some of its levels and layers through a target and
//! an internal format of its own. Both then hold the same GPU image, which from then on
//! holds the contents of either (`GpuImage::shared_window`).

use crate::context::ContextState;
use crate::draw_path::gpu_image::{compressed_vk_format, vk_format, ImageWindow};
use crate::objects::texture::{TexImage, Texture};
use crate::pixels::{self, HostTexels};
use crate::state::Dirty;
use crate::types::enums::*;
use crate::types::*;

/// The levels and layers of the storage a texture sees, counted from the storage's first
/// ones (a view of a view adds its offsets to its original's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ViewRange {
    pub min_level: u32,
    pub num_levels: u32,
    pub min_layer: u32,
    pub num_layers: u32,
}

/// The targets a view of a texture of `original` target may have.
fn target_compatible(original: GLenum, view: GLenum) -> bool {
    let layered_2d = [GL_TEXTURE_2D, GL_TEXTURE_2D_ARRAY, GL_TEXTURE_CUBE_MAP, GL_TEXTURE_CUBE_MAP_ARRAY];
    match original {
        GL_TEXTURE_1D | GL_TEXTURE_1D_ARRAY => matches!(view, GL_TEXTURE_1D | GL_TEXTURE_1D_ARRAY),
        GL_TEXTURE_2D => matches!(view, GL_TEXTURE_2D | GL_TEXTURE_2D_ARRAY),
        GL_TEXTURE_3D => view == GL_TEXTURE_3D,
        GL_TEXTURE_RECTANGLE => view == GL_TEXTURE_RECTANGLE,
        GL_TEXTURE_CUBE_MAP | GL_TEXTURE_2D_ARRAY | GL_TEXTURE_CUBE_MAP_ARRAY => layered_2d.contains(&view),
        GL_TEXTURE_2D_MULTISAMPLE | GL_TEXTURE_2D_MULTISAMPLE_ARRAY => matches!(view, GL_TEXTURE_2D_MULTISAMPLE | GL_TEXTURE_2D_MULTISAMPLE_ARRAY),
        _ => false,
    }
}

/// The size of a view's level made of an original level of `size` (glTexImage's sizes of
/// the original's target), `layers` layers of it.
fn view_level_size(view_target: GLenum, original_target: GLenum, size: [u32; 3], layers: u32) -> [u32; 3] {
    let [width, height, depth] = size;
    let height = if matches!(original_target, GL_TEXTURE_1D | GL_TEXTURE_1D_ARRAY) { 1 } else { height };
    match view_target {
        GL_TEXTURE_1D => [width, 1, 1],
        GL_TEXTURE_1D_ARRAY => [width, layers, 1],
        GL_TEXTURE_3D => [width, height, depth],
        GL_TEXTURE_2D_ARRAY | GL_TEXTURE_CUBE_MAP_ARRAY | GL_TEXTURE_2D_MULTISAMPLE_ARRAY => [width, height, layers],
        _ => [width, height, 1],
    }
}

impl Texture {
    /// The levels and layers of its storage an immutable texture sees: a view's own range,
    /// or all of a texture's storage; zeros for a texture without immutable storage
    /// (GL_TEXTURE_VIEW_* report these).
    pub fn view_range(&self) -> ViewRange {
        if let Some(range) = self.view {
            return range;
        }
        if !self.immutable {
            return ViewRange { min_level: 0, num_levels: 0, min_layer: 0, num_layers: 0 };
        }
        let level0 = self.level(0).map_or([0; 3], TexImage::size);
        let num_layers = match self.target {
            GL_TEXTURE_1D_ARRAY => level0[1],
            GL_TEXTURE_2D_ARRAY | GL_TEXTURE_CUBE_MAP_ARRAY | GL_TEXTURE_2D_MULTISAMPLE_ARRAY => level0[2],
            GL_TEXTURE_CUBE_MAP => 6,
            _ => 1,
        };
        ViewRange { min_level: 0, num_levels: self.immutable_levels, min_layer: 0, num_layers }
    }

    /// The levels a sampler may reach: a view's, or those glTexStorage made.
    pub fn storage_levels(&self) -> u32 {
        self.view.map_or(self.immutable_levels, |v| v.num_levels)
    }

    /// Whether the texture's GPU image is shared with views, so its contents live there
    /// only and must never be remade from the host copy.
    pub fn shares_storage(&self) -> bool {
        self.view.is_some() || self.viewed
    }
}

impl ContextState {
    /// glTextureView: makes `texture` (a name never bound) a view of `original`'s storage.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn gl_texture_view(&mut self, texture: GLuint, target: GLenum, original: GLuint, internal_format: GLenum, min_level: GLuint, num_levels: GLuint, min_layer: GLuint, num_layers: GLuint) {
        if let Err(e) = self.make_texture_view(texture, target, original, internal_format, [min_level, num_levels], [min_layer, num_layers]) {
            self.record_error(e);
        }
    }

    /// glTextureView's checks in the specification's order, then the view itself;
    /// `levels` and `layers` are (first, count) relative to `original`'s.
    fn make_texture_view(&mut self, texture: GLuint, target: GLenum, original: GLuint, internal_format: GLenum, levels: [u32; 2], layers: [u32; 2]) -> Result<(), GLenum> {
        let share = self.share.clone();
        let mut objects = share.lock();
        if original == 0 {
            return Err(GL_INVALID_VALUE);
        }
        let orig = objects.textures.get(original).ok_or(GL_INVALID_VALUE)?;
        if !orig.immutable {
            return Err(GL_INVALID_OPERATION);
        }
        if texture == 0 {
            return Err(GL_INVALID_VALUE);
        }
        // The name must come from glGenTextures and never have been bound (given a target).
        if !objects.textures.is_known(texture) || objects.textures.exists(texture) {
            return Err(GL_INVALID_OPERATION);
        }
        let orig = objects.textures.get(original).ok_or(GL_INVALID_VALUE)?;
        if !target_compatible(orig.target, target) {
            return Err(GL_INVALID_OPERATION);
        }
        let range = orig.view_range();
        let [min_level, asked_levels] = levels;
        let [min_layer, asked_layers] = layers;
        if min_level >= range.num_levels || min_layer >= range.num_layers {
            return Err(GL_INVALID_VALUE);
        }
        let orig_format = orig.level(0).ok_or(GL_INVALID_OPERATION)?.format;
        let view_format = pixels::internal_texel_format(internal_format).ok_or(GL_INVALID_OPERATION)?;
        if !gl_formats::view_compatible(orig_format.info.internal_format, view_format.info.internal_format) {
            return Err(GL_INVALID_OPERATION);
        }
        // galvan's storage of the two must be of one texel size for the bits to carry over.
        if view_format.bytes_per_texel() != orig_format.bytes_per_texel() {
            return Err(GL_INVALID_OPERATION);
        }
        let num_levels = asked_levels.min(range.num_levels - min_level);
        let num_layers = asked_layers.min(range.num_layers - min_layer);
        let layers_ok = match target {
            GL_TEXTURE_1D | GL_TEXTURE_2D | GL_TEXTURE_3D | GL_TEXTURE_RECTANGLE | GL_TEXTURE_2D_MULTISAMPLE => asked_layers == 1,
            GL_TEXTURE_CUBE_MAP => num_layers == 6,
            GL_TEXTURE_CUBE_MAP_ARRAY => num_layers.is_multiple_of(6),
            _ => true,
        };
        if !layers_ok {
            return Err(GL_INVALID_VALUE);
        }
        // The view's first level: the original's level `min_level` (of its first face).
        let base = orig.level(min_level as usize).ok_or(GL_INVALID_OPERATION)?.clone();
        let base_size = view_level_size(target, orig.target, base.size(), num_layers);
        let cube = matches!(target, GL_TEXTURE_CUBE_MAP | GL_TEXTURE_CUBE_MAP_ARRAY);
        if cube && base_size[0] != base_size[1] {
            return Err(GL_INVALID_OPERATION);
        }
        let mut view = Texture::new(target);
        for (face, images) in view.faces.iter_mut().enumerate() {
            *images = (0..num_levels)
                .filter_map(|l| orig.face_level(face.min(orig.faces.len() - 1), (min_level + l) as usize))
                .map(|level| TexImage { samples: level.samples, ..TexImage::new(view_level_size(target, orig.target, level.size(), num_layers), internal_format, view_format) })
                .map(Some)
                .collect();
        }
        view.immutable = true;
        view.immutable_levels = orig.immutable_levels;
        view.fixed_sample_locations = orig.fixed_sample_locations;
        view.view = Some(ViewRange { min_level: range.min_level + min_level, num_levels, min_layer: range.min_layer + min_layer, num_layers });
        // The original's storage moves to the GPU now, so that both see one image.
        let orig = objects.textures.get_mut(original).ok_or(GL_INVALID_VALUE)?;
        if let Err(e) = self.ensure_texture_image(orig, 0) {
            drop(objects);
            self.backend_failed(e);
            return Ok(());
        }
        let Some(gpu) = orig.gpu.as_ref().filter(|g| g.anchor == 0) else { return Err(GL_OUT_OF_MEMORY) };
        // A view of blocks the device samples reads them as the view's compressed format.
        let format = if gpu.is_compressed() { compressed_vk_format(view_format.info.storage).unwrap_or_else(|| vk_format(view_format)) } else { vk_format(view_format) };
        let window = ImageWindow { base_level: min_level, levels: num_levels, base_layer: min_layer, layers: num_layers, format };
        view.gpu = Some(gpu.shared_window(window));
        orig.viewed = true;
        objects.textures.insert(texture, view);
        drop(objects);
        self.texture_objects_changed(Dirty::FRAMEBUFFER);
        Ok(())
    }
}
