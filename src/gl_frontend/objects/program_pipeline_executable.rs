//! What a draw or dispatch runs when no program is current and a program pipeline is
//! bound: the stages' separable programs linked again, together, so that each varying
//! meets its partner by location or by name as the stages actually paired at draw time
//! require. Each program keeps its own uniforms: a default-block uniform whose name an
//! earlier program of the pipeline also declares is renamed in the later program's
//! shaders before they are compiled again. The result is cached on the pipeline until one
//! of its programs is relinked; before every use the uniform values, texture units and
//! block bindings the application set on the stage programs are copied into it.

use std::sync::{Arc, Mutex};

use crate::context::ContextState;
use crate::objects::program_link::LinkedProgram;
use crate::objects::program_pipeline::{PipelineExecutable, PIPELINE_STAGES};
use crate::types::enums::*;
use crate::types::*;

impl ContextState {
    /// The bound pipeline's executable for a draw, or with `compute` for a dispatch;
    /// INVALID_OPERATION when the pipeline fails validation, a dispatch finds no compute
    /// stage, or the stages do not link together (the pipeline's info log says why).
    /// `None`: a draw without a vertex stage, whose results GL leaves undefined: nothing
    /// is drawn (Vulkan has no pipeline without one).
    pub(crate) fn pipeline_executable(&mut self, compute: bool) -> Result<Option<Arc<Mutex<LinkedProgram>>>, GLenum> {
        let pipeline = self.bindings.program_pipeline;
        if let Err(log) = self.pipeline_validation(pipeline) {
            if let Some(p) = self.program_pipelines.get_mut(pipeline) {
                p.info_log = log;
            }
            return Err(GL_INVALID_OPERATION);
        }
        let executables = self.pipeline_stage_executables(pipeline);
        let chosen: Vec<(glsl::Stage, Arc<Mutex<LinkedProgram>>)> = PIPELINE_STAGES
            .iter()
            .zip(executables)
            .filter_map(|((_, _, stage), exe)| exe.filter(|_| (*stage == glsl::Stage::Compute) == compute).map(|e| (*stage, e)))
            .collect();
        let needed = if compute { glsl::Stage::Compute } else { glsl::Stage::Vertex };
        if !chosen.iter().any(|(s, _)| *s == needed) {
            return if compute { Err(GL_INVALID_OPERATION) } else { Ok(None) };
        }
        let sources: Vec<Arc<Mutex<LinkedProgram>>> = chosen.iter().map(|(_, e)| e.clone()).collect();
        let cached = self.program_pipelines.get(pipeline).and_then(|p| {
            let slot = if compute { &p.compute_executable } else { &p.draw_executable };
            slot.as_ref()
                .filter(|c| c.sources.len() == sources.len() && c.sources.iter().zip(&sources).all(|(a, b)| Arc::ptr_eq(a, b)))
                .map(|c| c.executable.clone())
        });
        let executable = match cached {
            Some(e) => e,
            None => {
                let renames = uniform_renames(&chosen);
                let (compiled, options) = match self.relink_inputs(&chosen, &renames) {
                    Ok(inputs) => inputs,
                    Err(log) => {
                        if let Some(p) = self.program_pipelines.get_mut(pipeline) {
                            p.info_log = log;
                        }
                        return Err(GL_INVALID_OPERATION);
                    }
                };
                let (linked, log) = self.link_executable(&compiled, &options);
                let Some(p) = self.program_pipelines.get_mut(pipeline) else { return Err(GL_INVALID_OPERATION) };
                let Some(linked) = linked else {
                    p.info_log = log;
                    return Err(GL_INVALID_OPERATION);
                };
                let slot = if compute { &mut p.compute_executable } else { &mut p.draw_executable };
                *slot = Some(PipelineExecutable { sources: sources.clone(), executable: linked.clone(), renames });
                linked
            }
        };
        let renames = self.program_pipelines.get(pipeline).and_then(|p| if compute { &p.compute_executable } else { &p.draw_executable }.as_ref().map(|c| c.renames.clone())).unwrap_or_default();
        copy_program_state(&executable, &chosen, &renames);
        Ok(Some(executable))
    }
}

/// The prefix a renamed uniform of the `k`-th distinct program of a pipeline gets.
fn rename_prefix(k: usize) -> String {
    format!("sso{k}_")
}

/// Per chosen stage: the default-block uniform names (the declared identifiers) its
/// program shares with an earlier program of the pipeline, and the prefix they get.
/// Stages of one program rename alike.
fn uniform_renames(chosen: &[(glsl::Stage, Arc<Mutex<LinkedProgram>>)]) -> Vec<(String, Vec<String>)> {
    let mut programs: Vec<&Arc<Mutex<LinkedProgram>>> = Vec::new();
    let mut seen: Vec<String> = Vec::new();
    let mut by_program: Vec<Vec<String>> = Vec::new();
    for (_, exe) in chosen {
        if programs.iter().any(|p| Arc::ptr_eq(p, exe)) {
            continue;
        }
        let names: Vec<String> = {
            let e = exe.lock().unwrap_or_else(|p| p.into_inner());
            let mut names: Vec<String> = e.interface.uniforms.iter().filter(|u| u.block_index < 0).map(|u| top_name(&u.name).to_string()).filter(|n| !n.starts_with("gl_")).collect();
            names.sort();
            names.dedup();
            names
        };
        by_program.push(names.iter().filter(|n| seen.contains(n)).cloned().collect());
        seen.extend(names);
        programs.push(exe);
    }
    chosen
        .iter()
        .map(|(_, exe)| {
            let k = programs.iter().position(|p| Arc::ptr_eq(p, exe)).unwrap_or(0);
            (rename_prefix(k), by_program[k].clone())
        })
        .collect()
}

/// "a" of "a[0]" and of "a.b": the identifier a uniform's GL name starts with.
fn top_name(name: &str) -> &str {
    &name[..name.find(['[', '.']).unwrap_or(name.len())]
}

/// `text` with each of `names` renamed to `prefix` + name by macros placed after the
/// `#version` line.
fn renamed_source(text: &str, prefix: &str, names: &[String]) -> String {
    let defines: String = names.iter().map(|n| format!("#define {n} {prefix}{n}\n")).collect();
    let mut out = String::with_capacity(text.len() + defines.len());
    let mut placed = false;
    for line in text.split_inclusive('\n') {
        out.push_str(line);
        if !placed && line.trim_start().starts_with("#version") {
            if !line.ends_with('\n') {
                out.push('\n');
            }
            out.push_str(&defines);
            placed = true;
        }
    }
    if !placed {
        return defines + text;
    }
    out
}

impl ContextState {
    /// The compiled shaders of each chosen stage (from the program that runs it, compiled
    /// again where uniforms are renamed) and the link options: attribute locations from
    /// the vertex program, fragment outputs from the fragment program. `Err` is the log
    /// of a shader that did not compile again.
    fn relink_inputs(&self, chosen: &[(glsl::Stage, Arc<Mutex<LinkedProgram>>)], renames: &[(String, Vec<String>)]) -> Result<(Vec<glsl::CompiledShader>, glsl::LinkOptions), String> {
        let mut compiled = Vec::new();
        let mut options = glsl::LinkOptions { separable: true, pipeline_stages: true, ..Default::default() };
        for ((stage, exe), (prefix, names)) in chosen.iter().zip(renames) {
            let exe = exe.lock().unwrap_or_else(|p| p.into_inner());
            for (i, shader) in exe.sources.iter().enumerate().filter(|(_, s)| s.stage == *stage) {
                let text = exe.source_texts.get(i).filter(|t| !t.is_empty());
                match text {
                    Some(text) if !names.is_empty() => {
                        let source = renamed_source(text, prefix, names);
                        let again = glsl::compile_shader(&[source.as_str()], &self.compile_options(*stage));
                        if !again.success {
                            return Err(again.info_log);
                        }
                        compiled.push(again);
                    }
                    _ => compiled.push(shader.clone()),
                }
            }
            // Transform feedback captures what the last vertex-processing stage's program names.
            if *stage != glsl::Stage::Fragment {
                options.transform_feedback_varyings = exe.link_options.transform_feedback_varyings.clone();
                options.transform_feedback_separate = exe.link_options.transform_feedback_separate;
            }
            match stage {
                glsl::Stage::Vertex => options.attrib_bindings = exe.link_options.attrib_bindings.clone(),
                glsl::Stage::Fragment => {
                    options.frag_data_bindings = exe.link_options.frag_data_bindings.clone();
                    options.frag_data_index = exe.link_options.frag_data_index.clone();
                }
                _ => {}
            }
        }
        // A compatibility pipeline without a fragment stage colours fragments as fixed
        // function does.
        let draws = chosen.iter().any(|(s, _)| *s == glsl::Stage::Vertex);
        if draws && !chosen.iter().any(|(s, _)| *s == glsl::Stage::Fragment) {
            compiled.extend(self.fixed_function_fragment_shader());
        }
        Ok((compiled, options))
    }
}

/// Copies what the application set on the stage programs into the pipeline's executable:
/// default-block values and sampler units (by name, renamed as the pipeline renamed
/// them), uniform and storage block bindings (by block name).
fn copy_program_state(executable: &Arc<Mutex<LinkedProgram>>, chosen: &[(glsl::Stage, Arc<Mutex<LinkedProgram>>)], renames: &[(String, Vec<String>)]) {
    let mut target = executable.lock().unwrap_or_else(|p| p.into_inner());
    let target = &mut *target;
    let mut changed = false;
    let mut done: Vec<&Arc<Mutex<LinkedProgram>>> = Vec::new();
    for ((_, source), (prefix, names)) in chosen.iter().zip(renames) {
        if done.iter().any(|d| Arc::ptr_eq(d, source)) {
            continue;
        }
        done.push(source);
        let source = source.lock().unwrap_or_else(|p| p.into_inner());
        for su in source.interface.uniforms.iter().filter(|u| u.block_index < 0) {
            let renamed = if names.iter().any(|n| n == top_name(&su.name)) { format!("{prefix}{}", su.name) } else { su.name.clone() };
            let Some(u) = target.interface.uniforms.iter().find(|u| u.block_index < 0 && u.name == renamed && u.gl_type == su.gl_type) else { continue };
            let elements = u.array_size.max(1).min(su.array_size.max(1));
            if let (Some(to), Some(from)) = (u.sampler_index, su.sampler_index) {
                for e in 0..elements {
                    if let (Some(unit), Some(slot)) = (source.sampler_units.get((from + e) as usize), target.sampler_units.get_mut((to + e) as usize)) {
                        *slot = *unit;
                    }
                }
                continue;
            }
            let (scalar, columns, rows) = crate::objects::uniforms::type_shape(u.gl_type);
            let column_bytes = rows * scalar.words() * 4;
            for e in 0..elements {
                for c in 0..columns as u32 {
                    let to = (u.offset + e * u.array_stride + c * u.matrix_stride) as usize;
                    let from = (su.offset + e * su.array_stride + c * su.matrix_stride) as usize;
                    let (Some(bytes), Some(slot)) = (source.uniform_data.get(from..from + column_bytes), target.uniform_data.get_mut(to..to + column_bytes)) else { continue };
                    if slot != bytes {
                        slot.copy_from_slice(bytes);
                        changed = true;
                    }
                }
            }
        }
        for (k, block) in target.interface.uniform_blocks.iter().enumerate() {
            let binding = source.interface.uniform_blocks.iter().position(|b| b.name == block.name).and_then(|i| source.block_bindings.get(i).copied());
            if let (Some(binding), Some(slot)) = (binding, target.block_bindings.get_mut(k)) {
                *slot = binding;
            }
        }
        for (k, block) in target.interface.storage_blocks.iter().enumerate() {
            let binding = source.interface.storage_blocks.iter().position(|b| b.name == block.name).and_then(|i| source.storage_block_bindings.get(i).copied());
            if let (Some(binding), Some(slot)) = (binding, target.storage_block_bindings.get_mut(k)) {
                *slot = binding;
            }
        }
    }
    if changed {
        target.uniform_generation += 1;
    }
}
