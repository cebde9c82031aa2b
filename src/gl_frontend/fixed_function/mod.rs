//! Shaders built from legacy (compatibility-profile) state: both stages when no program is
//! bound, and the vertex stage of a program that has only a fragment shader.
//!
//! A program without shaders is built as nir_like IR straight from a small state key
//! ([`key::FixedFunctionKey`]) and cached per key; numbers that change often (matrices,
//! lights, materials, fog, planes) are uniforms, and so are GL_COMBINE's functions, sources,
//! operands and scales (`combine_stage`): programs sweep them by the thousand. The vertex stage joined to a user fragment
//! shader still goes through GLSL text (`vertex_shader`), as the GLSL linker matches it
//! with the user's stage.

pub mod array_fetch;
pub mod bitmap;
pub mod combine_stage;
pub mod copy_pixels;
pub mod draw_pixels;
pub mod flat_colors;
pub mod fragment_ir;
pub mod generated_program;
pub mod ir;
pub mod key;
pub mod pixel_rectangle;
pub mod select_feedback;
pub mod uniforms;
pub mod varyings;
pub mod vertex_ir;
pub mod vertex_shader;

use std::sync::{Arc, Mutex};

use crate::context::ContextState;
use crate::objects::program_link::LinkedProgram;
use crate::types::GLenum;
use generated_program::{generated_program, sampler_type, GeneratedSampler};
use key::FixedFunctionKey;

/// Fixed-function programs of one context, by key.
#[derive(Default)]
pub struct ProgramCache {
    programs: Vec<(FixedFunctionKey, Arc<Mutex<LinkedProgram>>)>,
    /// The key of the current state and, once a draw needed it, its program; valid while
    /// `Dirty::FIXED_FUNCTION_KEY` is clear, so a draw with unchanged state neither
    /// recomputes the key (which locks the share group per enabled texture unit) nor
    /// searches the programs.
    current: Option<(FixedFunctionKey, Option<Arc<Mutex<LinkedProgram>>>)>,
    /// The draw in progress draws points: point sprites replace texture coordinates.
    pub drawing_points: bool,
}

/// The linked form of `key`'s program: both stages and the interface the draw path reads
/// (uniform offsets, vertex inputs, samplers).
pub fn linked_program(key: &FixedFunctionKey) -> (glsl::LinkedProgram, Vec<GeneratedSampler>) {
    let locations = varyings::varying_locations(key);
    let vs = vertex_ir::build(key, &locations);
    let (fs, used) = fragment_ir::build(key, &locations);
    let samplers = fixed_samplers(&used);
    let uniforms = uniforms::uniforms_of(key);
    let (offsets, size) = uniforms::offsets(&uniforms);
    let members = uniforms.iter().zip(&offsets).map(|((n, _), o)| (n.clone(), *o)).collect();
    (generated_program(vs, fs, members, size, &samplers), samplers)
}

/// The samplers `fragment_ir::build` reports as (unit, index, texture target).
pub fn fixed_samplers(used: &[(u32, u32, GLenum)]) -> Vec<GeneratedSampler> {
    used.iter()
        .map(|&(unit, index, target)| GeneratedSampler { unit, index, gl_type: sampler_type(target), name: format!("{}{unit}", fragment_ir::SAMPLER_PREFIX) })
        .collect()
}

impl ContextState {
    /// The program that draws with the current fixed-function state, built on first use.
    pub(crate) fn fixed_function_executable(&mut self) -> Option<Arc<Mutex<LinkedProgram>>> {
        let key = self.current_fixed_function_key();
        if let Some((_, Some(exe))) = &self.fixed_function_programs.current {
            return Some(exe.clone());
        }
        let found = self.fixed_function_programs.programs.iter().find(|(k, _)| *k == key).map(|(_, exe)| exe.clone());
        let exe = found.or_else(|| self.build_fixed_function_executable(key))?;
        self.fixed_function_programs.current = Some((key, Some(exe.clone())));
        Some(exe)
    }

    /// Tells the fixed-function key which primitive the next draw makes: GL_COORD_REPLACE
    /// applies to points only, so with sprites enabled a change between points and other
    /// primitives selects another program.
    pub(crate) fn note_fixed_function_primitive(&mut self, mode: GLenum) {
        use crate::types::enums::*;
        // Polygons drawn as their vertices (glPolygonMode GL_POINT) are points too.
        let polygon = matches!(mode, GL_TRIANGLES | GL_TRIANGLE_STRIP | GL_TRIANGLE_FAN | GL_QUADS | GL_QUAD_STRIP | GL_POLYGON);
        let points = mode == GL_POINTS || (polygon && self.state.raster.polygon_mode == GL_POINT);
        let sprites = self.state.points.sprite && self.state.points.coord_replace != 0;
        if points != self.fixed_function_programs.drawing_points {
            self.fixed_function_programs.drawing_points = points;
            if sprites {
                self.state.dirty.insert(crate::state::Dirty::PROGRAM);
            }
        }
    }

    /// The key of the current fixed-function state, recomputed only when a group it is
    /// read from changed since the last call.
    pub(crate) fn current_fixed_function_key(&mut self) -> FixedFunctionKey {
        let stale = self.state.dirty.take(crate::state::Dirty::FIXED_FUNCTION_KEY);
        match &self.fixed_function_programs.current {
            Some((key, _)) if !stale => *key,
            _ => {
                let key = self.fixed_function_key();
                self.fixed_function_programs.current = Some((key, None));
                key
            }
        }
    }

    /// Builds, links and caches `key`'s program.
    fn build_fixed_function_executable(&mut self, key: FixedFunctionKey) -> Option<Arc<Mutex<LinkedProgram>>> {
        let (linked, samplers) = linked_program(&key);
        let exe = match self.executable_from_generated(linked, &samplers) {
            Ok(exe) => exe,
            Err(log) => {
                tracing::error!(target: "galvan", "fixed-function program: {log}");
                return None;
            }
        };
        self.fixed_function_programs.programs.push((key, exe.clone()));
        Some(exe)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::enums::*;
    use key::{FogKey, LightingKey, TexTarget, TexUnitKey};

    /// Every stage a key can make passes the IR validator.
    fn assert_valid(key: &FixedFunctionKey) {
        let (linked, _) = linked_program(key);
        for stage in &linked.stages {
            let ir = stage.ir.as_ref().expect("built");
            if let Err(errors) = nir_like::validate(ir) {
                panic!("{:?} stage of {key:?}: {errors:?}\n{}", stage.stage, nir_like::print_shader(ir));
            }
        }
    }

    #[test]
    fn generated_stages_validate() {
        let mut key = FixedFunctionKey::default();
        assert_valid(&key);
        key.textures[0] = Some(TexUnitKey { target: TexTarget::T2D, env_mode: GL_MODULATE, base_format: GL_RGBA });
        key.textures[1] = Some(TexUnitKey { target: TexTarget::Cube, env_mode: GL_BLEND, base_format: GL_RGBA });
        key.textures[2] = Some(TexUnitKey { target: TexTarget::T1D, env_mode: GL_DECAL, base_format: GL_RGBA });
        key.textures[3] = Some(TexUnitKey { target: TexTarget::T2D, env_mode: GL_COMBINE, base_format: GL_RGBA });
        key.texgen[0] = [Some(GL_SPHERE_MAP), Some(GL_SPHERE_MAP), Some(GL_OBJECT_LINEAR), Some(GL_EYE_LINEAR)];
        key.texgen[1] = [Some(GL_REFLECTION_MAP), Some(GL_NORMAL_MAP), Some(GL_REFLECTION_MAP), None];
        key.lighting = Some(LightingKey { lights: 0b101, two_side: true, local_viewer: true, separate_specular: true, color_material: Some((GL_FRONT, GL_AMBIENT_AND_DIFFUSE)) });
        key.normalize = true;
        key.fog = Some(FogKey { mode: GL_EXP2, from_coord: true });
        key.alpha_test = Some(GL_GEQUAL);
        key.flat = true;
        assert_valid(&key);
        key.fog = Some(FogKey { mode: GL_LINEAR, from_coord: false });
        key.lighting = Some(LightingKey { lights: 1, ..Default::default() });
        assert_valid(&key);
    }

    #[test]
    fn uniforms_follow_the_key() {
        let mut key = FixedFunctionKey::default();
        assert!(!uniforms::uniforms_of(&key).iter().any(|(n, _)| n.starts_with("galvan_Light")));
        key.lighting = Some(LightingKey { lights: 0b1001, ..Default::default() });
        let names: Vec<String> = uniforms::uniforms_of(&key).into_iter().map(|(n, _)| n).collect();
        assert!(names.contains(&"galvan_Light0".to_string()) && names.contains(&"galvan_Light3".to_string()));
        assert!(!names.contains(&"galvan_Light1".to_string()));
    }
}
