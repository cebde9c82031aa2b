//! The uniforms of a generated fixed-function program: which ones a key needs, where they
//! sit in the default uniform block, and their values from GL state.
//!
//! The matrices use the names of GLSL's built-in uniforms, so `write_builtin_uniforms`
//! fills them as it does for GLSL programs; the rest are `galvan_*` uniforms packed as
//! vec4s (light i: ambient, diffuse, specular, position, spot direction and cosine of
//! the cutoff, attenuation and spot exponent).

use super::combine_stage::{combine_uniform, is_combine_mode, COMBINE_PREFIX, COMBINE_VEC4S};
use super::key::{FixedFunctionKey, TEXTURE_UNITS};
use crate::context::ContextState;
use crate::state::clip_planes::MAX_CLIP_PLANES;

/// vec4s per light, per material face, per unit's texture-generation planes.
pub const LIGHT_VEC4S: u32 = 6;
pub const MATERIAL_VEC4S: u32 = 5;
pub const TEXGEN_VEC4S: u32 = 8;

/// A pixel rectangle's origin in the window and the factors from window offsets to image
/// coordinates: (x, y, 1 / (zoom x * width), 1 / (zoom y * height)).
pub const PIXEL_RECT: &str = "galvan_PixelRect";

/// The uniforms `key`'s program reads, as (name, vec4 count), in block order.
pub fn uniforms_of(key: &FixedFunctionKey) -> Vec<(String, u32)> {
    let mut out: Vec<(String, u32)> = vec![
        ("gl_ModelViewMatrix".into(), 4),
        ("gl_ModelViewProjectionMatrix".into(), 4),
        ("gl_NormalMatrix".into(), 3),
        // Every texture matrix (8 mat4): the built-in filler writes them all.
        ("gl_TextureMatrix".into(), 32),
        ("galvan_TexEnvColor".into(), TEXTURE_UNITS as u32),
        // (size, min, max, fade threshold), (distance attenuation a, b, c, 0).
        ("galvan_PointSize".into(), 2),
        // The glClipControl depth mode, for devices without depth clip control.
        (glsl::link::CLIP_CONTROL_STATE.into(), 1),
    ];
    if let Some(l) = &key.lighting {
        out.push(("galvan_LightModelAmbient".into(), 1));
        out.push(("galvan_Material0".into(), MATERIAL_VEC4S));
        out.push(("galvan_Material1".into(), MATERIAL_VEC4S));
        for i in 0..8 {
            if l.lights & (1 << i) != 0 {
                out.push((format!("galvan_Light{i}"), LIGHT_VEC4S));
            }
        }
    }
    for (unit, tex) in key.textures.iter().enumerate() {
        if tex.is_some_and(|t| is_combine_mode(t.env_mode)) {
            out.push((format!("{COMBINE_PREFIX}{unit}"), COMBINE_VEC4S));
        }
    }
    for (unit, coords) in key.texgen.iter().enumerate() {
        if coords.iter().any(Option::is_some) {
            out.push((format!("galvan_TexGen{unit}"), TEXGEN_VEC4S));
        }
    }
    if key.fog.is_some() {
        out.push(("galvan_Fog".into(), 2));
    }
    if key.alpha_test.is_some() {
        out.push(("galvan_AlphaRef".into(), 1));
    }
    if key.pixel_rectangle.is_some() {
        out.push((PIXEL_RECT.into(), 1));
    }
    if key.user_clip_planes {
        // The mask of enabled planes and the eye-space planes, which the draw path fills
        // and nir_like's `lower_user_clip_planes` compares gl_ClipVertex with.
        out.push((glsl::link::CLIP_PLANE_ENABLES.into(), 1));
        out.push((glsl::link::CLIP_PLANES_EYE.into(), MAX_CLIP_PLANES as u32));
    }
    out
}

/// Byte offsets of `uniforms` packed one after another, and the block size.
pub fn offsets(uniforms: &[(String, u32)]) -> (Vec<u32>, u32) {
    let mut offset = 0;
    let offsets = uniforms
        .iter()
        .map(|(_, n)| {
            let at = offset;
            offset += n * 16;
            at
        })
        .collect();
    (offsets, offset)
}

impl ContextState {
    /// The value of a `galvan_*` fixed-function uniform, as floats; `None` for other names.
    pub(crate) fn fixed_function_uniform(&self, name: &str) -> Option<Vec<f32>> {
        let s = &self.state;
        let l = &s.lighting;
        let vec4 = |v: [f32; 4]| v.to_vec();
        if let Some(i) = name.strip_prefix("galvan_Light").filter(|i| i.bytes().all(|b| b.is_ascii_digit())) {
            let light = l.lights.get(i.parse::<usize>().ok()?)?;
            let d = light.spot_direction;
            let len = (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt().max(f32::MIN_POSITIVE);
            // A cutoff of 180 degrees turns the spot off: a cosine no dot product reaches.
            let cos_cutoff = if light.spot_cutoff == 180.0 { -2.0 } else { light.spot_cutoff.to_radians().cos() };
            let mut v = Vec::with_capacity(24);
            v.extend(light.ambient);
            v.extend(light.diffuse);
            v.extend(light.specular);
            v.extend(light.position);
            v.extend([d[0] / len, d[1] / len, d[2] / len, cos_cutoff]);
            v.extend([light.attenuation[0], light.attenuation[1], light.attenuation[2], light.spot_exponent]);
            return Some(v);
        }
        if let Some(face) = name.strip_prefix("galvan_Material") {
            let m = l.materials.get(face.parse::<usize>().ok()?)?;
            let mut v = Vec::with_capacity(20);
            v.extend(m.emission);
            v.extend(m.ambient);
            v.extend(m.diffuse);
            v.extend(m.specular);
            v.extend([m.shininess, 0.0, 0.0, 0.0]);
            return Some(v);
        }
        if let Some(unit) = name.strip_prefix(COMBINE_PREFIX) {
            let unit = unit.parse::<usize>().ok()?;
            return Some(combine_uniform(s.texture_env.units.get(unit)?, unit));
        }
        if let Some(unit) = name.strip_prefix("galvan_TexGen") {
            let g = s.texgen.units.get(unit.parse::<usize>().ok()?)?;
            let mut v = Vec::with_capacity(32);
            g.iter().for_each(|c| v.extend(c.object_plane));
            g.iter().for_each(|c| v.extend(c.eye_plane));
            return Some(v);
        }
        Some(match name {
            "galvan_LightModelAmbient" => vec4(l.model_ambient),
            "galvan_TexEnvColor" => s.texture_env.units.iter().take(TEXTURE_UNITS).flat_map(|u| u.color).collect(),
            "galvan_Fog" => {
                let f = &s.fog;
                let range = f.end - f.start;
                let scale = if range != 0.0 { 1.0 / range } else { 0.0 };
                let mut v = f.color.to_vec();
                v.extend([f.density, f.start, f.end, scale]);
                v
            }
            "galvan_AlphaRef" => vec![s.alpha_test.reference, 0.0, 0.0, 0.0],
            "galvan_PointSize" => {
                let p = &s.points;
                let [a, b, c] = p.attenuation;
                vec![s.raster.point_size, p.size_min, p.size_max, p.fade_threshold, a, b, c, 0.0]
            }
            PIXEL_RECT => self.pixel_rectangle.as_ref()?.rect.to_vec(),
            _ => return None,
        })
    }
}
