//! What each GL texture target is made of: how many of glTexImage's width, height and depth
//! are texel dimensions and how many count array layers, whether it has six faces, its
//! largest size, and the Vulkan image and view shapes that hold it.

use vk_backend::{ImageDimension, ViewType};

use crate::limits::Limits;
use crate::types::enums::*;
use crate::types::*;

/// Texture targets a unit has bindings for, in this order.
pub const TARGETS: [GLenum; 11] = [
    GL_TEXTURE_1D,
    GL_TEXTURE_2D,
    GL_TEXTURE_3D,
    GL_TEXTURE_CUBE_MAP,
    GL_TEXTURE_1D_ARRAY,
    GL_TEXTURE_2D_ARRAY,
    GL_TEXTURE_RECTANGLE,
    GL_TEXTURE_2D_MULTISAMPLE,
    GL_TEXTURE_CUBE_MAP_ARRAY,
    GL_TEXTURE_2D_MULTISAMPLE_ARRAY,
    GL_TEXTURE_BUFFER,
];
pub const TARGET_COUNT: usize = TARGETS.len();

pub fn target_index(target: GLenum) -> Option<usize> {
    TARGETS.iter().position(|&t| t == target)
}

/// The six cube-map face targets, in layer order.
pub const CUBE_FACES: [GLenum; 6] = [
    GL_TEXTURE_CUBE_MAP_POSITIVE_X,
    GL_TEXTURE_CUBE_MAP_NEGATIVE_X,
    GL_TEXTURE_CUBE_MAP_POSITIVE_Y,
    GL_TEXTURE_CUBE_MAP_NEGATIVE_Y,
    GL_TEXTURE_CUBE_MAP_POSITIVE_Z,
    GL_TEXTURE_CUBE_MAP_NEGATIVE_Z,
];

/// The face index of a cube-face target (0 for every other target).
pub fn face_index(image_target: GLenum) -> usize {
    CUBE_FACES.iter().position(|&f| f == image_target).unwrap_or(0)
}

/// The texture target an image target belongs to: a cube face's is the cube map.
pub fn texture_target_of(image_target: GLenum) -> GLenum {
    if CUBE_FACES.contains(&image_target) {
        GL_TEXTURE_CUBE_MAP
    } else {
        image_target
    }
}

/// How glTexImage's sizes map onto a target's texels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TargetShape {
    /// Texel dimensions: 1, 2 or 3.
    pub dims: u32,
    /// Whether the last size of glTexImage counts layers (1D and 2D arrays, cube arrays).
    pub array: bool,
    /// Six faces of equal square size (cube maps and cube map arrays).
    pub cube: bool,
    /// Whether the target has mip levels beyond level 0.
    pub mipmapped: bool,
}

impl TargetShape {
    pub fn of(target: GLenum) -> Option<TargetShape> {
        let shape = |dims, array, cube, mipmapped| Some(TargetShape { dims, array, cube, mipmapped });
        match target {
            GL_TEXTURE_1D => shape(1, false, false, true),
            GL_TEXTURE_2D => shape(2, false, false, true),
            GL_TEXTURE_3D => shape(3, false, false, true),
            GL_TEXTURE_CUBE_MAP => shape(2, false, true, true),
            GL_TEXTURE_1D_ARRAY => shape(1, true, false, true),
            GL_TEXTURE_2D_ARRAY => shape(2, true, false, true),
            GL_TEXTURE_CUBE_MAP_ARRAY => shape(2, true, true, true),
            GL_TEXTURE_RECTANGLE => shape(2, false, false, false),
            GL_TEXTURE_2D_MULTISAMPLE => shape(2, false, false, false),
            GL_TEXTURE_2D_MULTISAMPLE_ARRAY => shape(2, true, false, false),
            _ => None,
        }
    }

    /// How many of (width, height, depth) glTexImage takes for this target.
    pub fn image_dims(self) -> u32 {
        self.dims + self.array as u32
    }

    /// Whether `level` of a mip chain halves `axis` (0 = width): layers never shrink.
    pub fn axis_shrinks(self, axis: usize) -> bool {
        (axis as u32) < self.dims
    }

    /// The size of `level` when the level `anchor` has size `size`.
    pub fn level_size(self, size: [u32; 3], levels_down: u32) -> [u32; 3] {
        let mut out = size;
        for (axis, v) in out.iter_mut().enumerate() {
            if self.axis_shrinks(axis) {
                *v = (*v >> levels_down).max(1);
            }
        }
        out
    }

    /// How many levels a full mip chain from a base of `size` has.
    pub fn full_chain_levels(self, size: [u32; 3]) -> u32 {
        let largest = (0..3).filter(|&a| self.axis_shrinks(a)).map(|a| size[a]).max().unwrap_or(1).max(1);
        32 - largest.leading_zeros()
    }
}

/// The largest width/height (and depth for 3D) `target` allows, and the most layers.
pub fn max_size(target: GLenum, limits: &Limits) -> (u32, u32) {
    let size = match target {
        GL_TEXTURE_3D => limits.max_3d_texture_size,
        GL_TEXTURE_CUBE_MAP | GL_TEXTURE_CUBE_MAP_ARRAY => limits.max_cube_map_texture_size,
        _ => limits.max_texture_size,
    };
    (size, limits.max_array_texture_layers)
}

/// The highest mip level `target` can have.
pub fn max_level(target: GLenum, limits: &Limits) -> i32 {
    let shape = TargetShape::of(target);
    if shape.is_some_and(|s| !s.mipmapped) {
        return 0;
    }
    let (size, _) = max_size(texture_target_of(target), limits);
    31 - size.max(1).leading_zeros() as i32
}

/// The Vulkan image shape of a target.
pub fn image_dimension(target: GLenum) -> ImageDimension {
    match target {
        GL_TEXTURE_1D | GL_TEXTURE_1D_ARRAY => ImageDimension::D1,
        GL_TEXTURE_3D => ImageDimension::D3,
        GL_TEXTURE_CUBE_MAP | GL_TEXTURE_CUBE_MAP_ARRAY => ImageDimension::Cube,
        _ => ImageDimension::D2,
    }
}

/// The view type shaders sample a target through.
pub fn view_type(target: GLenum) -> ViewType {
    match target {
        GL_TEXTURE_1D => ViewType::D1,
        GL_TEXTURE_1D_ARRAY => ViewType::D1Array,
        GL_TEXTURE_3D => ViewType::D3,
        GL_TEXTURE_CUBE_MAP => ViewType::Cube,
        GL_TEXTURE_CUBE_MAP_ARRAY => ViewType::CubeArray,
        GL_TEXTURE_2D_ARRAY | GL_TEXTURE_2D_MULTISAMPLE_ARRAY => ViewType::D2Array,
        _ => ViewType::D2,
    }
}

/// What a sampler type returns: floats, signed or unsigned integers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SampleKind {
    Float,
    Sint,
    Uint,
}

/// The texture target a GLSL sampler type samples and the kind of values it returns.
pub fn sampler_type_target(gl_type: GLenum) -> (GLenum, SampleKind) {
    use SampleKind::*;
    match gl_type {
        GL_SAMPLER_1D | GL_SAMPLER_1D_SHADOW => (GL_TEXTURE_1D, Float),
        GL_INT_SAMPLER_1D => (GL_TEXTURE_1D, Sint),
        GL_UNSIGNED_INT_SAMPLER_1D => (GL_TEXTURE_1D, Uint),
        GL_SAMPLER_2D | GL_SAMPLER_2D_SHADOW => (GL_TEXTURE_2D, Float),
        GL_INT_SAMPLER_2D => (GL_TEXTURE_2D, Sint),
        GL_UNSIGNED_INT_SAMPLER_2D => (GL_TEXTURE_2D, Uint),
        GL_SAMPLER_3D => (GL_TEXTURE_3D, Float),
        GL_INT_SAMPLER_3D => (GL_TEXTURE_3D, Sint),
        GL_UNSIGNED_INT_SAMPLER_3D => (GL_TEXTURE_3D, Uint),
        GL_SAMPLER_CUBE | GL_SAMPLER_CUBE_SHADOW => (GL_TEXTURE_CUBE_MAP, Float),
        GL_INT_SAMPLER_CUBE => (GL_TEXTURE_CUBE_MAP, Sint),
        GL_UNSIGNED_INT_SAMPLER_CUBE => (GL_TEXTURE_CUBE_MAP, Uint),
        GL_SAMPLER_1D_ARRAY | GL_SAMPLER_1D_ARRAY_SHADOW => (GL_TEXTURE_1D_ARRAY, Float),
        GL_INT_SAMPLER_1D_ARRAY => (GL_TEXTURE_1D_ARRAY, Sint),
        GL_UNSIGNED_INT_SAMPLER_1D_ARRAY => (GL_TEXTURE_1D_ARRAY, Uint),
        GL_SAMPLER_2D_ARRAY | GL_SAMPLER_2D_ARRAY_SHADOW => (GL_TEXTURE_2D_ARRAY, Float),
        GL_INT_SAMPLER_2D_ARRAY => (GL_TEXTURE_2D_ARRAY, Sint),
        GL_UNSIGNED_INT_SAMPLER_2D_ARRAY => (GL_TEXTURE_2D_ARRAY, Uint),
        GL_SAMPLER_CUBE_MAP_ARRAY | GL_SAMPLER_CUBE_MAP_ARRAY_SHADOW => (GL_TEXTURE_CUBE_MAP_ARRAY, Float),
        GL_INT_SAMPLER_CUBE_MAP_ARRAY => (GL_TEXTURE_CUBE_MAP_ARRAY, Sint),
        GL_UNSIGNED_INT_SAMPLER_CUBE_MAP_ARRAY => (GL_TEXTURE_CUBE_MAP_ARRAY, Uint),
        GL_SAMPLER_2D_RECT | GL_SAMPLER_2D_RECT_SHADOW => (GL_TEXTURE_RECTANGLE, Float),
        GL_INT_SAMPLER_2D_RECT => (GL_TEXTURE_RECTANGLE, Sint),
        GL_UNSIGNED_INT_SAMPLER_2D_RECT => (GL_TEXTURE_RECTANGLE, Uint),
        GL_SAMPLER_2D_MULTISAMPLE => (GL_TEXTURE_2D_MULTISAMPLE, Float),
        GL_INT_SAMPLER_2D_MULTISAMPLE => (GL_TEXTURE_2D_MULTISAMPLE, Sint),
        GL_UNSIGNED_INT_SAMPLER_2D_MULTISAMPLE => (GL_TEXTURE_2D_MULTISAMPLE, Uint),
        GL_SAMPLER_2D_MULTISAMPLE_ARRAY => (GL_TEXTURE_2D_MULTISAMPLE_ARRAY, Float),
        GL_INT_SAMPLER_2D_MULTISAMPLE_ARRAY => (GL_TEXTURE_2D_MULTISAMPLE_ARRAY, Sint),
        GL_UNSIGNED_INT_SAMPLER_2D_MULTISAMPLE_ARRAY => (GL_TEXTURE_2D_MULTISAMPLE_ARRAY, Uint),
        GL_SAMPLER_BUFFER => (GL_TEXTURE_BUFFER, Float),
        GL_INT_SAMPLER_BUFFER => (GL_TEXTURE_BUFFER, Sint),
        GL_UNSIGNED_INT_SAMPLER_BUFFER => (GL_TEXTURE_BUFFER, Uint),
        _ => (GL_TEXTURE_2D, Float),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn array_layers_do_not_shrink_down_the_mip_chain() {
        let array = TargetShape::of(GL_TEXTURE_2D_ARRAY).unwrap();
        assert_eq!(array.level_size([64, 16, 5], 3), [8, 2, 5]);
        assert_eq!(array.full_chain_levels([64, 16, 5]), 7);
        let one_d_array = TargetShape::of(GL_TEXTURE_1D_ARRAY).unwrap();
        assert_eq!(one_d_array.level_size([8, 7, 1], 2), [2, 7, 1]);
        let volume = TargetShape::of(GL_TEXTURE_3D).unwrap();
        assert_eq!(volume.level_size([8, 4, 32], 3), [1, 1, 4]);
        assert_eq!(volume.full_chain_levels([8, 4, 32]), 6);
    }

    #[test]
    fn cube_faces_belong_to_the_cube_map() {
        assert_eq!(texture_target_of(GL_TEXTURE_CUBE_MAP_NEGATIVE_Y), GL_TEXTURE_CUBE_MAP);
        assert_eq!(face_index(GL_TEXTURE_CUBE_MAP_NEGATIVE_Y), 3);
        assert_eq!(texture_target_of(GL_TEXTURE_2D), GL_TEXTURE_2D);
    }
}
