//! Drawing with ARB programs: the enabled programs joined with generated fixed-function
//! stages for the other stage, linked once per combination and cached, and the values of
//! their parameters at draw time.

use std::sync::{Arc, Mutex};

use super::ast::*;
use super::ir;
use super::objects::slot;
use crate::context::ContextState;
use crate::fixed_function::key::{FixedFunctionKey, FogKey, TexTarget, TexUnitKey};
use crate::fixed_function::generated_program::{generated_program, GeneratedSampler};
use crate::fixed_function::{fixed_samplers, fragment_ir, uniforms, vertex_ir};
use crate::objects::program_link::LinkedProgram;
use crate::state::matrices::{inverse, multiply, transpose, Mat4, IDENTITY};
use crate::types::enums::*;

/// What a linked ARB draw program is made of: the loads of the programs in use (by their
/// generation) and the fixed-function state that builds the other stage.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ArbDrawKey {
    pub vertex: Option<u64>,
    pub fragment: Option<u64>,
    pub fixed_function: FixedFunctionKey,
    /// Vertex attribute array 0 is enabled (see [`ir::build`]).
    pub generic0_array: bool,
}

/// Linked ARB draw programs of one context.
#[derive(Default)]
pub struct ArbDrawCache {
    programs: Vec<(ArbDrawKey, Arc<Mutex<LinkedProgram>>)>,
}

/// Most combinations a context keeps; older ones are dropped first.
const CACHE_LIMIT: usize = 64;

/// The linked form of the given stages, the missing one generated from `key`.
pub fn linked_program(vertex: Option<&Program>, fragment: Option<&Program>, key: &FixedFunctionKey, generic0_array: bool) -> (glsl::LinkedProgram, Vec<GeneratedSampler>) {
    let mut list = uniforms::uniforms_of(key);
    // Fixed-function stages read a prefix of the block; the programs' parameters follow.
    for program in [vertex, fragment].into_iter().flatten() {
        if !program.params.is_empty() {
            list.push((ir::params_uniform(program.target).to_string(), program.params.len() as u32));
        }
        if program.options.fog.is_some() && !list.iter().any(|(n, _)| n == "galvan_Fog") {
            list.push(("galvan_Fog".to_string(), 2));
        }
    }
    // The framebuffer height an upper-left fragment.position is measured from.
    if fragment.is_some_and(|p| p.options.origin_upper_left) {
        list.push((glsl::link::FRAG_COORD_STATE.to_string(), 1));
    }
    let (offsets, size) = uniforms::offsets(&list);
    let vs = match vertex {
        Some(p) => ir::build(p, &list, &offsets, generic0_array).0,
        None => vertex_ir::build(key, &ir::varying_locations()),
    };
    let (fs, samplers) = match fragment {
        Some(p) => {
            let (fs, used) = ir::build(p, &list, &offsets, false);
            let samplers = used
                .iter()
                .map(|&(unit, index, target)| GeneratedSampler { unit, index, gl_type: ir::sampler_target(target).1, name: ir::sampler_name(unit, target) })
                .collect();
            (fs, samplers)
        }
        None => {
            let (fs, used) = fragment_ir::build(key, &ir::varying_locations());
            (fs, fixed_samplers(&used))
        }
    };
    let members: Vec<(String, u32)> = list.iter().zip(&offsets).map(|((n, _), o)| (n.clone(), *o)).collect();
    (generated_program(vs, fs, members, size, &samplers), samplers)
}

/// Row `row` of `m` (column-major) as a vec4.
fn row_of(m: &Mat4, row: u32) -> Vec<f32> {
    (0..4).map(|c| m[c * 4 + row as usize] as f32).collect()
}

fn product(a: [f32; 4], b: [f32; 4]) -> [f32; 4] {
    [a[0] * b[0], a[1] * b[1], a[2] * b[2], a[3] * b[3]]
}

impl ContextState {
    /// The program of `target` when it is enabled: `Some(None)` when it is enabled without
    /// a valid program (draws fail), `None` when disabled.
    fn enabled_arb_program(&self, target: Target) -> Option<Option<(Arc<Program>, u64)>> {
        if !self.arb_programs.enabled[slot(target)] {
            return None;
        }
        let object = self.arb_programs.current(target);
        Some(object.program.clone().map(|p| (p, object.generation)))
    }

    /// Whether the generated fixed-function vertex stage draws: no GLSL program or
    /// pipeline supplies a vertex shader and no ARB vertex program is enabled.
    pub(crate) fn vertex_stage_is_fixed_function(&self) -> bool {
        if self.enabled_arb_program(Target::Vertex).is_some() {
            return false;
        }
        match self.current_executable() {
            Some(e) => e.lock().unwrap_or_else(|p| p.into_inner()).link_options.fixed_function_vertex,
            None => self.bindings.program_pipeline == 0 && (self.bindings.program == 0 || self.current_program_is_empty()),
        }
    }

    /// Whether an enabled ARB program that failed to load stands where a GLSL program has
    /// no shader of its own (the stage fixed function would run): drawing then is
    /// GL_INVALID_OPERATION, as with the invalid program alone. The program's lock is
    /// taken only when an enabled ARB program is invalid, never on an ordinary draw.
    pub(crate) fn invalid_arb_program_stands_in(&self, executable: &Mutex<LinkedProgram>) -> bool {
        let invalid = |target| matches!(self.enabled_arb_program(target), Some(None));
        let (vertex, fragment) = (invalid(Target::Vertex), invalid(Target::Fragment));
        if !vertex && !fragment {
            return false;
        }
        let options = &executable.lock().unwrap_or_else(|p| p.into_inner()).link_options;
        (options.fixed_function_vertex && vertex) || (options.fixed_function_fragment && fragment)
    }

    /// The program that draws with the enabled ARB programs: `None` when neither is
    /// enabled, `Some(None)` when an enabled one has no valid program.
    pub(crate) fn arb_program_executable(&mut self) -> Option<Option<Arc<Mutex<LinkedProgram>>>> {
        let mut stages = [None, None];
        let mut any = false;
        for target in [Target::Vertex, Target::Fragment] {
            match self.enabled_arb_program(target) {
                None => {}
                Some(None) => return Some(None),
                Some(Some(p)) => {
                    any = true;
                    stages[slot(target)] = Some(p);
                }
            }
        }
        if !any {
            return None;
        }
        let [vertex, fragment] = stages;
        let mut fixed_function = self.current_fixed_function_key();
        if fragment.is_some() && vertex.is_none() {
            // fragment.fogcoord is the fog coordinate whether or not GL_FOG is on.
            let fog = &self.state.fog;
            fixed_function.fog = Some(FogKey { mode: fog.mode, from_coord: fog.coord_src == GL_FOG_COORD });
        }
        if let (Some(fp), None) = (&fragment, &vertex) {
            // The generated vertex stage passes the coordinate sets of enabled units on:
            // make it pass every set the program reads.
            for input in &fp.0.inputs {
                if let Input::Fragment(FragmentInput::TexCoord(n)) = input {
                    if let Some(unit) = fixed_function.textures.get_mut(*n as usize) {
                        unit.get_or_insert(TexUnitKey { target: TexTarget::T2D, env_mode: GL_MODULATE, base_format: GL_RGBA });
                    }
                }
            }
        }
        let generic0_array = self.vertex_arrays.get(self.bindings.vertex_array).and_then(|v| v.attribs.first()).is_some_and(|a| a.enabled);
        let key = ArbDrawKey { vertex: vertex.as_ref().map(|v| v.1), fragment: fragment.as_ref().map(|f| f.1), fixed_function, generic0_array };
        if let Some((_, exe)) = self.arb_programs.draw_cache.programs.iter().find(|(k, _)| *k == key) {
            return Some(Some(exe.clone()));
        }
        let (linked, samplers) = linked_program(vertex.as_ref().map(|v| &*v.0), fragment.as_ref().map(|f| &*f.0), &key.fixed_function, key.generic0_array);
        let exe = match self.executable_from_generated(linked, &samplers) {
            Ok(exe) => exe,
            Err(log) => {
                tracing::error!(target: "galvan", "ARB program: {log}");
                return Some(None);
            }
        };
        if self.arb_programs.draw_cache.programs.len() >= CACHE_LIMIT {
            self.arb_programs.draw_cache.programs.remove(0);
        }
        self.arb_programs.draw_cache.programs.push((key, exe.clone()));
        Some(Some(exe))
    }

    /// The values of the parameter uniform `name` (see [`ir::params_uniform`]); `None` for
    /// other names.
    pub(crate) fn arb_parameter_values(&self, name: &str) -> Option<Vec<f32>> {
        let target = [Target::Vertex, Target::Fragment].into_iter().find(|t| ir::params_uniform(*t) == name)?;
        let object = self.arb_programs.current(target);
        let program = object.program.as_ref()?;
        let env = &self.arb_programs.env[slot(target)];
        let mut out = Vec::with_capacity(program.params.len() * 4);
        for p in &program.params {
            match *p {
                ParamSource::Constant(c) => out.extend(c),
                ParamSource::Env(i) => out.extend(env.get(i as usize).copied().unwrap_or_default()),
                ParamSource::Local(i) => out.extend(object.locals.get(i as usize).copied().unwrap_or_default()),
                ParamSource::State(item) => out.extend(self.arb_state_value(item)),
            }
        }
        Some(out)
    }

    /// One `state.*` item's vec4.
    fn arb_state_value(&self, item: StateItem) -> Vec<f32> {
        let s = &self.state;
        let l = &s.lighting;
        let face = |back: bool| &l.materials[back as usize];
        match item {
            StateItem::Material { back, property } => {
                let m = face(back);
                match property {
                    LightProperty::Ambient => m.ambient.to_vec(),
                    LightProperty::Diffuse => m.diffuse.to_vec(),
                    LightProperty::Specular => m.specular.to_vec(),
                    LightProperty::Emission => m.emission.to_vec(),
                    _ => vec![m.shininess, 0.0, 0.0, 1.0],
                }
            }
            StateItem::Light { light, property } => {
                let Some(li) = l.lights.get(light as usize) else { return vec![0.0; 4] };
                match property {
                    LightProperty::Ambient => li.ambient.to_vec(),
                    LightProperty::Diffuse => li.diffuse.to_vec(),
                    LightProperty::Specular => li.specular.to_vec(),
                    LightProperty::Position => li.position.to_vec(),
                    LightProperty::Attenuation => vec![li.attenuation[0], li.attenuation[1], li.attenuation[2], li.spot_exponent],
                    LightProperty::SpotDirection => {
                        let d = li.spot_direction;
                        vec![d[0], d[1], d[2], li.spot_cutoff.to_radians().cos()]
                    }
                    _ => {
                        // The half vector of an infinite viewer: normalize(direction + (0, 0, 1)).
                        let p = li.position;
                        let len = (p[0] * p[0] + p[1] * p[1] + p[2] * p[2]).sqrt().max(f32::MIN_POSITIVE);
                        let h = [p[0] / len, p[1] / len, p[2] / len + 1.0];
                        let hl = (h[0] * h[0] + h[1] * h[1] + h[2] * h[2]).sqrt().max(f32::MIN_POSITIVE);
                        vec![h[0] / hl, h[1] / hl, h[2] / hl, 1.0]
                    }
                }
            }
            StateItem::LightModelAmbient => l.model_ambient.to_vec(),
            StateItem::LightModelSceneColor { back } => {
                let m = face(back);
                let a = product(l.model_ambient, m.ambient);
                vec![m.emission[0] + a[0], m.emission[1] + a[1], m.emission[2] + a[2], m.diffuse[3]]
            }
            StateItem::LightProduct { light, back, property } => {
                let m = face(back);
                let Some(li) = l.lights.get(light as usize) else { return vec![0.0; 4] };
                let mut v = match property {
                    LightProperty::Ambient => product(m.ambient, li.ambient),
                    LightProperty::Diffuse => product(m.diffuse, li.diffuse),
                    _ => product(m.specular, li.specular),
                };
                if property == LightProperty::Diffuse {
                    v[3] = m.diffuse[3];
                }
                v.to_vec()
            }
            StateItem::TexGen { unit, eye, coord } => match s.texgen.units.get(unit as usize) {
                Some(g) => {
                    let c = &g[coord as usize];
                    if eye { c.eye_plane.to_vec() } else { c.object_plane.to_vec() }
                }
                None => vec![0.0; 4],
            },
            StateItem::TexEnvColor(unit) => s.texture_env.units.get(unit as usize).map_or(vec![0.0; 4], |u| u.color.to_vec()),
            StateItem::FogColor => s.fog.color.to_vec(),
            StateItem::FogParams => {
                let f = &s.fog;
                let range = f.end - f.start;
                vec![f.density, f.start, f.end, if range != 0.0 { 1.0 / range } else { 0.0 }]
            }
            StateItem::ClipPlane(i) => s.clip_planes.eye.get(i as usize).map_or(vec![0.0; 4], |p| p.iter().map(|v| *v as f32).collect()),
            StateItem::PointSize => vec![s.raster.point_size, s.points.size_min, s.points.size_max, s.points.fade_threshold],
            StateItem::PointAttenuation => {
                let [a, b, c] = s.points.attenuation;
                vec![a, b, c, 1.0]
            }
            StateItem::DepthRange => {
                let [n, f] = s.viewport.depth_range();
                vec![n as f32, f as f32, (f - n) as f32, 1.0]
            }
            StateItem::MatrixRow { matrix, modifier, row } => {
                let m = &s.matrices;
                let base = match matrix {
                    Matrix::ModelView(0) => *m.modelview.top(),
                    Matrix::Projection => *m.projection.top(),
                    Matrix::Mvp => multiply(m.projection.top(), m.modelview.top()),
                    Matrix::Texture(t) => m.texture.get(t as usize).map_or(IDENTITY, |s| *s.top()),
                    _ => IDENTITY,
                };
                let m = match modifier {
                    MatrixModifier::None => base,
                    MatrixModifier::Inverse => inverse(&base),
                    MatrixModifier::Transpose => transpose(&base),
                    MatrixModifier::InverseTranspose => transpose(&inverse(&base)),
                };
                row_of(&m, row)
            }
        }
    }
}
