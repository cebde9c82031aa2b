//! Where a fixed-function program's own two stages pass the compatibility varyings: only
//! those the fragment stage of its key reads, packed from location 0, so eight texture
//! units fit the device's locations beside the colours and the fog coordinate.

use glsl::link_compat_varyings::{CompatVarying, CompatVaryingLocations};

use super::key::FixedFunctionKey;

/// The locations the generated vertex stage of `key` writes and its fragment stage reads.
pub fn varying_locations(key: &FixedFunctionKey) -> CompatVaryingLocations {
    let mut used = vec![CompatVarying::Color, CompatVarying::SecondaryColor];
    if key.lighting.is_some_and(|l| l.two_side) {
        used.extend([CompatVarying::BackColor, CompatVarying::BackSecondaryColor]);
    }
    if key.fog.is_some() {
        used.push(CompatVarying::FogFragCoord);
    }
    used.push(CompatVarying::TexCoord);
    // Sets up to the last textured unit: units between keep their place.
    let sets = key.textures.iter().rposition(Option::is_some).map_or(0, |u| u as u32 + 1);
    CompatVaryingLocations::packed(0, &used, sets)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixed_function::key::{LightingKey, TexTarget, TexUnitKey, TEXTURE_UNITS};
    use crate::types::enums::*;

    #[test]
    fn eight_units_and_back_colours_fit_without_overlap() {
        let mut key = FixedFunctionKey::default();
        for slot in key.textures.iter_mut() {
            *slot = Some(TexUnitKey { target: TexTarget::T2D, env_mode: GL_MODULATE, base_format: GL_RGBA });
        }
        key.lighting = Some(LightingKey { lights: 1, two_side: true, ..Default::default() });
        let l = varying_locations(&key);
        let mut taken: Vec<u32> = [CompatVarying::Color, CompatVarying::SecondaryColor, CompatVarying::BackColor, CompatVarying::BackSecondaryColor].iter().map(|v| l.location(*v).unwrap()).collect();
        taken.extend((0..TEXTURE_UNITS as u32).map(|u| l.tex_coord(u).unwrap()));
        let mut sorted = taken.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), taken.len());
        assert_eq!(l.end(), Some(12));
        assert_eq!(l.location(CompatVarying::FogFragCoord), None);
    }

    #[test]
    fn untextured_key_passes_colours_only() {
        let l = varying_locations(&FixedFunctionKey::default());
        assert_eq!(l.location(CompatVarying::Color), Some(0));
        assert_eq!(l.tex_coord(0), None);
        assert_eq!(l.end(), Some(2));
    }
}
