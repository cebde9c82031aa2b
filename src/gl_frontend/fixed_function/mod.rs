//! Shaders built from legacy (compatibility-profile) state: the vertex stage of a program
//! that has only a fragment shader, and both stages when no program is bound at all.
//!
//! Each shader is generated from a small state key ([`key::FixedFunctionKey`]) and cached
//! per key. For now the generator writes GLSL that galvan's own compiler turns into IR;
//! DESIGN.md wants nir_like IR built directly from the key, which is the next step.

pub mod fragment_shader;
pub mod key;
pub mod vertex_shader;

use std::sync::{Arc, Mutex};

use crate::context::ContextState;
use crate::objects::program_link::LinkedProgram;
use key::FixedFunctionKey;

/// Fixed-function programs of one context, by key.
#[derive(Default)]
pub struct ProgramCache {
    programs: Vec<(FixedFunctionKey, Arc<Mutex<LinkedProgram>>)>,
}

/// Compiles one generated stage for a compatibility context.
fn compile(stage: glsl::Stage, source: &str) -> Option<glsl::CompiledShader> {
    let options = glsl::CompileOptions { stage, api: glsl::Api::GlCompat, context_version: 21, extensions: Vec::new() };
    let compiled = glsl::compile_shader(&[source], &options);
    if !compiled.success {
        tracing::error!(target: "galvan", "fixed-function {} shader: {}\n{source}", stage.name(), compiled.info_log);
        return None;
    }
    Some(compiled)
}

impl ContextState {
    /// The program that draws with the current fixed-function state, built on first use.
    pub(crate) fn fixed_function_executable(&mut self) -> Option<Arc<Mutex<LinkedProgram>>> {
        let key = self.fixed_function_key();
        if let Some((_, exe)) = self.fixed_function_programs.programs.iter().find(|(k, _)| *k == key) {
            return Some(exe.clone());
        }
        let vs = compile(glsl::Stage::Vertex, &vertex_shader::source(&key))?;
        let fs = compile(glsl::Stage::Fragment, &fragment_shader::source(&key))?;
        let options = glsl::LinkOptions { attrib_bindings: Vec::new(), frag_data_bindings: Vec::new(), frag_data_index: Vec::new(), separable: false };
        let (exe, log) = self.link_executable(&[vs, fs], &options);
        let Some(exe) = exe else {
            tracing::error!(target: "galvan", "fixed-function program: {log}");
            return None;
        };
        {
            // Sampler uniform `galvan_texture{unit}` samples texture unit `unit`.
            let mut linked = exe.lock().unwrap_or_else(|p| p.into_inner());
            let samplers = linked.interface.sampler_uniforms.clone();
            for (name, index) in samplers {
                let unit = name.trim_start_matches(fragment_shader::SAMPLER_PREFIX).parse().unwrap_or(0);
                if let Some(slot) = linked.sampler_units.get_mut(index as usize) {
                    *slot = unit;
                }
            }
        }
        self.fixed_function_programs.programs.push((key, exe.clone()));
        Some(exe)
    }
}
