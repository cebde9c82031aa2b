//! The fixed-function state a generated program depends on: small, hashable, compared on
//! every draw without a program. Values that only change numbers (colours, planes, light
//! positions) are uniforms instead, so changing them never builds a new program.

use crate::context::ContextState;
use crate::types::enums::*;
use crate::types::*;

/// Texture units whose fixed-function texturing is generated, which GL_MAX_TEXTURE_UNITS
/// reports: one per texture-coordinate set (GL_MAX_TEXTURE_COORDS).
pub const TEXTURE_UNITS: usize = crate::state::matrices::MAX_TEXTURE_COORDS;

/// The texture target a unit's fixed-function texturing samples.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TexTarget {
    T1D,
    T2D,
    T3D,
    Cube,
}

/// One texture unit's part of the key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TexUnitKey {
    pub target: TexTarget,
    /// GL_TEXTURE_ENV_MODE. GL_COMBINE's settings are uniforms (`combine_stage`), not key.
    pub env_mode: GLenum,
    /// The bound texture's base internal format (GL_RGBA, GL_RGB, GL_ALPHA, GL_LUMINANCE,
    /// GL_LUMINANCE_ALPHA, GL_INTENSITY): the environment functions depend on it, except
    /// GL_COMBINE's, whose key holds GL_RGBA so a format change keeps its program.
    pub base_format: GLenum,
}

/// GL_LIGHTING's part of the key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct LightingKey {
    /// Bit i: GL_LIGHTi is enabled.
    pub lights: u8,
    pub two_side: bool,
    pub local_viewer: bool,
    /// GL_SEPARATE_SPECULAR_COLOR: specular goes to the secondary colour.
    pub separate_specular: bool,
    /// GL_COLOR_MATERIAL's (face, mode) when enabled.
    pub color_material: Option<(GLenum, GLenum)>,
}

/// GL_FOG's part of the key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FogKey {
    /// GL_LINEAR, GL_EXP or GL_EXP2.
    pub mode: GLenum,
    /// GL_FOG_COORD_SRC is GL_FOG_COORD (else the fragment's eye distance).
    pub from_coord: bool,
}

/// What a pixel rectangle (glDrawPixels, glCopyPixels, glBitmap) puts in its fragments.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PixelKind {
    /// The image's colour replaces the primary colour.
    Color,
    /// The image's depth replaces the fragment's depth; the colour is the raster colour.
    Depth,
    /// A bitmap: fragments where the bit is 0 are discarded, the rest take the raster colour.
    Bitmap,
}

/// A point sprite's part of the key: set only while points are drawn with GL_POINT_SPRITE.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PointSpriteKey {
    /// Bit i: unit i's texture coordinates are replaced by the sprite's (GL_COORD_REPLACE).
    pub coord_replace: u8,
    /// GL_POINT_SPRITE_COORD_ORIGIN is GL_LOWER_LEFT: t grows upwards.
    pub lower_left: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct FixedFunctionKey {
    /// Per unit: its enabled texture target, `None` when texturing is off.
    pub textures: [Option<TexUnitKey>; TEXTURE_UNITS],
    /// Per unit and coordinate (S, T, R, Q): the GL_TEXTURE_GEN_MODE when generation is on.
    pub texgen: [[Option<GLenum>; 4]; TEXTURE_UNITS],
    pub lighting: Option<LightingKey>,
    /// GL_NORMALIZE or GL_RESCALE_NORMAL: normals are made unit length.
    pub normalize: bool,
    pub fog: Option<FogKey>,
    /// GL_ALPHA_TEST's function when enabled.
    pub alpha_test: Option<GLenum>,
    /// GL_COLOR_SUM: the secondary colour is added.
    pub color_sum: bool,
    /// GL_FLAT: colours are not interpolated.
    pub flat: bool,
    /// GL_POINT_DISTANCE_ATTENUATION is not (1, 0, 0): point sizes depend on the distance.
    pub point_attenuation: bool,
    pub point_sprite: Option<PointSpriteKey>,
    /// Some GL_CLIP_PLANEi is enabled: the vertex stage hands its eye-space position to
    /// the user clip planes (which planes clip is read at run time).
    pub user_clip_planes: bool,
    /// Set while a pixel rectangle is drawn: the vertices are in clip space already and
    /// carry the raster position's values; fragments read the rectangle's image.
    pub pixel_rectangle: Option<PixelKind>,
}

impl ContextState {
    /// The base internal format of the base level of the texture bound to `target` on
    /// `unit` (GL_RGBA when there is none or it has no colour base format).
    fn bound_texture_base_format(&self, unit: usize, target: GLenum) -> GLenum {
        let Some(index) = crate::objects::texture_target::target_index(target) else { return GL_RGBA };
        let name = self.bindings.textures.get(unit).map_or(0, |t| t[index]);
        if name == 0 {
            return GL_RGBA;
        }
        let objects = self.share.lock();
        let texture = objects.textures.get(name);
        let internal = texture.and_then(|t| t.face_level(0, t.effective_base_level() as usize).map(|i| i.internal_format));
        internal.and_then(crate::pixels::base_internal_format).unwrap_or(GL_RGBA)
    }

    /// Whether the texture bound to `target` on `unit` can be sampled (texture complete
    /// with the sampler state it is sampled with): fixed-function texturing skips a unit
    /// whose texture cannot, as if its target were disabled.
    fn bound_texture_complete(&self, unit: usize, target: GLenum) -> bool {
        let Some(index) = crate::objects::texture_target::target_index(target) else { return false };
        let name = self.bindings.textures.get(unit).map_or(0, |t| t[index]);
        let objects = self.share.lock();
        let sampler = objects.samplers.get(self.bindings.samplers.get(unit).copied().unwrap_or(0)).map(|s| s.state);
        let texture = if name == 0 { self.default_textures[index].as_ref() } else { objects.textures.get(name) };
        texture.is_some_and(|t| t.is_complete(&sampler.unwrap_or(t.sampler)))
    }

    /// The key of the current fixed-function state.
    pub(crate) fn fixed_function_key(&self) -> FixedFunctionKey {
        let mut key = FixedFunctionKey::default();
        let s = &self.state;
        for (unit, slot) in key.textures.iter_mut().enumerate() {
            let env = &s.texture_env;
            let Some(target) = env.enabled_target(unit) else { continue };
            if !self.bound_texture_complete(unit, target) {
                continue;
            }
            let target = match target {
                GL_TEXTURE_CUBE_MAP => TexTarget::Cube,
                GL_TEXTURE_3D => TexTarget::T3D,
                GL_TEXTURE_1D => TexTarget::T1D,
                // Rectangle textures need unnormalised coordinates: not generated yet.
                GL_TEXTURE_RECTANGLE => continue,
                _ => TexTarget::T2D,
            };
            let u = &env.units[unit];
            let base_format = if super::combine_stage::is_combine_mode(u.mode) { GL_RGBA } else { self.bound_texture_base_format(unit, env.enabled_target(unit).unwrap_or(GL_TEXTURE_2D)) };
            *slot = Some(TexUnitKey { target, env_mode: u.mode, base_format });
        }
        for (unit, coords) in key.texgen.iter_mut().enumerate() {
            if let Some(gen) = s.texgen.units.get(unit) {
                for (c, slot) in coords.iter_mut().enumerate() {
                    *slot = gen[c].enabled.then_some(gen[c].mode);
                }
            }
        }
        let l = &s.lighting;
        if l.enabled {
            let lights = l.lights.iter().enumerate().filter(|(_, light)| light.enabled).fold(0u8, |m, (i, _)| m | 1 << i);
            key.lighting = Some(LightingKey {
                lights,
                two_side: l.two_side,
                local_viewer: l.local_viewer,
                separate_specular: l.color_control == GL_SEPARATE_SPECULAR_COLOR,
                color_material: l.color_material.then_some((l.color_material_face, l.color_material_mode)),
            });
        }
        key.normalize = l.normalize || l.rescale_normal;
        if s.fog.enabled {
            key.fog = Some(FogKey { mode: s.fog.mode, from_coord: s.fog.coord_src == GL_FOG_COORD });
        }
        if s.alpha_test.enabled {
            key.alpha_test = Some(s.alpha_test.func);
        }
        key.color_sum = s.legacy_enables.color_sum;
        key.flat = s.raster.shade_model == GL_FLAT;
        key.point_attenuation = !s.points.attenuation_is_identity();
        let replaced = (s.points.coord_replace & ((1 << TEXTURE_UNITS) - 1)) as u8;
        if s.points.sprite && replaced != 0 && self.fixed_function_programs.drawing_points {
            key.point_sprite = Some(PointSpriteKey { coord_replace: replaced, lower_left: s.points.sprite_coord_origin == GL_LOWER_LEFT });
        }
        key.user_clip_planes = s.enables.clip_distances != 0;
        if let Some(source) = &self.pixel_rectangle {
            // The raster position was lit and its texture coordinates generated already;
            // its distance arrives as the fog coordinate.
            key.pixel_rectangle = Some(source.kind);
            key.lighting = None;
            key.texgen = Default::default();
            key.flat = true;
            key.point_attenuation = false;
            key.point_sprite = None;
            // The raster position was clipped already; the corners are in clip space.
            key.user_clip_planes = false;
            if let Some(fog) = &mut key.fog {
                fog.from_coord = true;
            }
        }
        key
    }
}
