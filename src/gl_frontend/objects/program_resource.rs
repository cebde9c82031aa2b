//! Program interface queries (ARB_program_interface_query, GL 4.3): glGetProgramInterfaceiv,
//! glGetProgramResourceIndex, glGetProgramResourceName, glGetProgramResourceiv,
//! glGetProgramResourceLocation and glGetProgramResourceLocationIndex. Each interface is
//! a list of resources built from what the linker reported; a resource's index is its
//! position in that list, the same index the older per-kind queries use.

#![allow(non_upper_case_globals)]

use crate::context::ContextState;
use crate::objects::program_link::LinkedProgram;
use crate::objects::program_pipeline::{stage_slot, PIPELINE_STAGES};
use crate::objects::shader::write_gl_string;
use crate::types::enums::*;
use crate::types::*;

/// One resource of a program interface and every property GL may ask of it.
#[derive(Clone, Debug, Default)]
struct Resource {
    name: String,
    gl_type: GLenum,
    array_size: i32,
    location: i32,
    location_index: i32,
    offset: i32,
    block_index: i32,
    array_stride: i32,
    matrix_stride: i32,
    row_major: bool,
    /// Bit `stage_slot(stage)` per stage that references it.
    referenced: u32,
    per_patch: bool,
    buffer_binding: i32,
    data_size: i32,
    active_variables: Vec<i32>,
    top_level_array_size: i32,
    top_level_array_stride: i32,
    /// A subroutine uniform's compatible subroutine indices.
    compatible: Vec<i32>,
}

/// The interfaces this file lists, and whether `interface` is one GL defines at all.
fn known_interface(interface: GLenum) -> bool {
    matches!(
        interface,
        GL_UNIFORM | GL_UNIFORM_BLOCK | GL_PROGRAM_INPUT | GL_PROGRAM_OUTPUT | GL_BUFFER_VARIABLE | GL_SHADER_STORAGE_BLOCK
            | GL_ATOMIC_COUNTER_BUFFER | GL_TRANSFORM_FEEDBACK_VARYING | GL_TRANSFORM_FEEDBACK_BUFFER | GL_VERTEX_SUBROUTINE
            | GL_TESS_CONTROL_SUBROUTINE | GL_TESS_EVALUATION_SUBROUTINE | GL_GEOMETRY_SUBROUTINE | GL_FRAGMENT_SUBROUTINE
            | GL_COMPUTE_SUBROUTINE | GL_VERTEX_SUBROUTINE_UNIFORM | GL_TESS_CONTROL_SUBROUTINE_UNIFORM
            | GL_TESS_EVALUATION_SUBROUTINE_UNIFORM | GL_GEOMETRY_SUBROUTINE_UNIFORM | GL_FRAGMENT_SUBROUTINE_UNIFORM
            | GL_COMPUTE_SUBROUTINE_UNIFORM
    )
}

fn stage_bits(stages: &[glsl::Stage]) -> u32 {
    stages.iter().fold(0, |bits, s| bits | 1 << stage_slot(*s))
}

/// "a" of "a[0]" and of "a.b" : the global a uniform or varying name starts with.
fn top_name(name: &str) -> &str {
    let end = name.find(['[', '.']).unwrap_or(name.len());
    &name[..end]
}

/// The stages whose shaders use the global `name`.
fn stages_using(exe: &LinkedProgram, name: &str) -> u32 {
    exe.sources.iter().filter(|s| s.interface.as_ref().is_some_and(|i| i.static_uses.contains(name))).fold(0, |bits, s| bits | 1 << stage_slot(s.stage))
}

/// The user-declared inputs (`first`) or outputs of a stage that is not at the program's
/// vertex-input or fragment-output end: they face another program's stage.
fn stage_interface_variables(exe: &LinkedProgram, stage: glsl::Stage, inputs: bool) -> Vec<Resource> {
    use glsl::ast::Storage;
    let mut out: Vec<Resource> = Vec::new();
    for s in exe.sources.iter().filter(|s| s.stage == stage) {
        let Some(info) = &s.interface else { continue };
        for g in &info.globals {
            let wanted = if inputs { matches!(g.storage, Storage::In | Storage::Varying) } else { matches!(g.storage, Storage::Out | Storage::Varying) };
            if !wanted || g.block.as_deref() == Some("gl_PerVertex") || g.name.starts_with("gl_") || out.iter().any(|r| r.name == g.name) {
                continue;
            }
            let per_vertex = inputs && matches!(stage, glsl::Stage::TessControl | glsl::Stage::TessEval | glsl::Stage::Geometry)
                || !inputs && stage == glsl::Stage::TessControl;
            let per_patch = g.qual.has(|q| matches!(q, glsl::ast::QualItem::Patch));
            let ty = match (&g.ty, per_vertex && !per_patch) {
                (glsl::sema::types::Type::Array(e, _), true) => (**e).clone(),
                (t, _) => t.clone(),
            };
            let (element, array_size) = match &ty {
                glsl::sema::types::Type::Array(e, n) => ((**e).clone(), n.unwrap_or(1) as i32),
                t => (t.clone(), 1),
            };
            let name = match (&g.block, array_size > 1 || matches!(ty, glsl::sema::types::Type::Array(..))) {
                (Some(block), _) if g.name != *block => format!("{block}.{}", g.name),
                (_, true) => format!("{}[0]", g.name),
                _ => g.name.clone(),
            };
            let location = glsl::link::explicit_int(&g.qual, "location").map_or(-1, |l| l as i32);
            out.push(Resource {
                name,
                gl_type: glsl::gl_types::gl_type_enum(&element),
                array_size,
                location,
                referenced: 1 << stage_slot(stage),
                per_patch,
                ..Default::default()
            });
        }
    }
    out
}

/// The resources of `interface` in `exe`, in index order.
fn resources(exe: &LinkedProgram, interface: GLenum) -> Vec<Resource> {
    let i = &exe.interface;
    let first = exe.stages.iter().copied().min();
    let last = exe.stages.iter().copied().filter(|s| *s != glsl::Stage::Compute).max();
    match interface {
        GL_UNIFORM => i
            .uniforms
            .iter()
            .map(|u| {
                let in_block = u.block_index >= 0;
                let referenced = if in_block {
                    i.uniform_blocks.get(u.block_index as usize).map_or(0, |b| stage_bits(&b.stages))
                } else {
                    stages_using(exe, top_name(&u.name))
                };
                Resource {
                    name: u.name.clone(),
                    gl_type: u.gl_type,
                    array_size: u.array_size.max(1) as i32,
                    location: u.location,
                    offset: if in_block { u.offset as i32 } else { -1 },
                    block_index: u.block_index,
                    array_stride: if in_block { u.array_stride as i32 } else { -1 },
                    matrix_stride: if in_block { u.matrix_stride as i32 } else { -1 },
                    row_major: u.row_major,
                    referenced,
                    ..Default::default()
                }
            })
            .collect(),
        GL_UNIFORM_BLOCK => i
            .uniform_blocks
            .iter()
            .enumerate()
            .map(|(k, b)| Resource {
                name: b.name.clone(),
                buffer_binding: exe.block_bindings.get(k).copied().unwrap_or(0) as i32,
                data_size: b.data_size as i32,
                active_variables: b.active_uniforms.iter().map(|&u| u as i32).collect(),
                referenced: stage_bits(&b.stages),
                ..Default::default()
            })
            .collect(),
        GL_PROGRAM_INPUT if first == Some(glsl::Stage::Vertex) => i
            .attributes
            .iter()
            .map(|a| Resource {
                name: if a.array_size > 1 { format!("{}[0]", a.name) } else { a.name.clone() },
                gl_type: a.gl_type,
                array_size: a.array_size.max(1) as i32,
                location: a.location,
                referenced: 1 << stage_slot(glsl::Stage::Vertex),
                ..Default::default()
            })
            .collect(),
        GL_PROGRAM_INPUT => first.map_or_else(Vec::new, |s| stage_interface_variables(exe, s, true)),
        GL_PROGRAM_OUTPUT if last == Some(glsl::Stage::Fragment) => i
            .fragment_outputs
            .iter()
            .map(|o| Resource {
                name: if o.array_size > 1 { format!("{}[0]", o.name) } else { o.name.clone() },
                gl_type: o.gl_type,
                array_size: o.array_size.max(1) as i32,
                location: o.location,
                location_index: if o.location >= 0 { o.index as i32 } else { -1 },
                referenced: 1 << stage_slot(glsl::Stage::Fragment),
                ..Default::default()
            })
            .collect(),
        GL_PROGRAM_OUTPUT => last.map_or_else(Vec::new, |s| stage_interface_variables(exe, s, false)),
        GL_SHADER_STORAGE_BLOCK => i
            .storage_blocks
            .iter()
            .enumerate()
            .map(|(k, b)| {
                let first_variable: usize = i.storage_blocks[..k].iter().map(|x| x.members.len()).sum();
                Resource {
                    name: b.name.clone(),
                    buffer_binding: exe.storage_block_bindings.get(k).copied().unwrap_or(0) as i32,
                    data_size: b.data_size as i32,
                    active_variables: (first_variable..first_variable + b.members.len()).map(|v| v as i32).collect(),
                    referenced: stage_bits(&b.stages),
                    ..Default::default()
                }
            })
            .collect(),
        GL_BUFFER_VARIABLE => i
            .storage_blocks
            .iter()
            .enumerate()
            .flat_map(|(k, b)| {
                b.members.iter().map(move |m| Resource {
                    name: m.name.clone(),
                    gl_type: m.gl_type,
                    array_size: m.array_size as i32,
                    offset: m.offset as i32,
                    block_index: k as i32,
                    array_stride: m.array_stride as i32,
                    matrix_stride: m.matrix_stride as i32,
                    row_major: m.row_major,
                    referenced: stage_bits(&b.stages),
                    top_level_array_size: m.top_level_array_size as i32,
                    top_level_array_stride: m.top_level_array_stride as i32,
                    ..Default::default()
                })
            })
            .collect(),
        _ => match crate::objects::subroutines::subroutine_interface(interface) {
            Some((stage, uniforms)) => subroutine_resources(exe, stage, uniforms),
            None => Vec::new(),
        },
    }
}

/// A stage's subroutines (in index order) or subroutine uniforms.
fn subroutine_resources(exe: &LinkedProgram, stage: glsl::Stage, uniforms: bool) -> Vec<Resource> {
    let s = crate::objects::subroutines::stage_of(exe, stage);
    if uniforms {
        s.uniforms
            .iter()
            .map(|u| Resource {
                name: crate::objects::subroutines::subroutine_uniform_name(u),
                array_size: u.array_size as i32,
                location: u.location as i32,
                compatible: u.compatible.iter().map(|&c| c as i32).collect(),
                ..Default::default()
            })
            .collect()
    } else {
        let mut list: Vec<&glsl::link_subroutine::Subroutine> = s.subroutines.iter().collect();
        list.sort_by_key(|f| f.index);
        list.into_iter().map(|f| Resource { name: f.name.clone(), ..Default::default() }).collect()
    }
}

/// The value(s) of property `prop` of `r` in `interface`: INVALID_OPERATION for a property
/// the interface does not have, INVALID_ENUM for one GL does not define.
fn property(r: &Resource, interface: GLenum, prop: GLenum) -> Result<Vec<GLint>, GLenum> {
    let subroutine = crate::objects::subroutines::subroutine_interface(interface);
    let subroutine_uniform = matches!(subroutine, Some((_, true)));
    let variable = matches!(interface, GL_UNIFORM | GL_BUFFER_VARIABLE | GL_PROGRAM_INPUT | GL_PROGRAM_OUTPUT | GL_TRANSFORM_FEEDBACK_VARYING);
    let block = matches!(interface, GL_UNIFORM_BLOCK | GL_SHADER_STORAGE_BLOCK);
    let member = matches!(interface, GL_UNIFORM | GL_BUFFER_VARIABLE);
    let located = matches!(interface, GL_UNIFORM | GL_PROGRAM_INPUT | GL_PROGRAM_OUTPUT) || subroutine_uniform;
    let referenced = !matches!(interface, GL_TRANSFORM_FEEDBACK_VARYING | GL_TRANSFORM_FEEDBACK_BUFFER) && subroutine.is_none();
    let one = |ok: bool, v: i32| if ok { Ok(vec![v]) } else { Err(GL_INVALID_OPERATION) };
    match prop {
        GL_NAME_LENGTH => one(interface != GL_ATOMIC_COUNTER_BUFFER, r.name.len() as i32 + 1),
        GL_TYPE => one(variable, r.gl_type as i32),
        GL_ARRAY_SIZE => one(variable || subroutine_uniform, r.array_size),
        GL_NUM_COMPATIBLE_SUBROUTINES => one(subroutine_uniform, r.compatible.len() as i32),
        GL_COMPATIBLE_SUBROUTINES if subroutine_uniform => Ok(r.compatible.clone()),
        GL_COMPATIBLE_SUBROUTINES => Err(GL_INVALID_OPERATION),
        GL_OFFSET => one(member || interface == GL_TRANSFORM_FEEDBACK_VARYING, r.offset),
        GL_BLOCK_INDEX => one(member, r.block_index),
        GL_ARRAY_STRIDE => one(member, r.array_stride),
        GL_MATRIX_STRIDE => one(member, r.matrix_stride),
        GL_IS_ROW_MAJOR => one(member, r.row_major as i32),
        GL_ATOMIC_COUNTER_BUFFER_INDEX => one(interface == GL_UNIFORM, -1),
        GL_BUFFER_BINDING => one(block, r.buffer_binding),
        GL_BUFFER_DATA_SIZE => one(block, r.data_size),
        GL_NUM_ACTIVE_VARIABLES => one(block, r.active_variables.len() as i32),
        GL_ACTIVE_VARIABLES if block => Ok(r.active_variables.clone()),
        GL_ACTIVE_VARIABLES => Err(GL_INVALID_OPERATION),
        GL_LOCATION => one(located, r.location),
        GL_LOCATION_INDEX => one(interface == GL_PROGRAM_OUTPUT, r.location_index),
        GL_LOCATION_COMPONENT => one(matches!(interface, GL_PROGRAM_INPUT | GL_PROGRAM_OUTPUT), 0),
        GL_IS_PER_PATCH => one(matches!(interface, GL_PROGRAM_INPUT | GL_PROGRAM_OUTPUT), r.per_patch as i32),
        GL_TOP_LEVEL_ARRAY_SIZE => one(interface == GL_BUFFER_VARIABLE, r.top_level_array_size),
        GL_TOP_LEVEL_ARRAY_STRIDE => one(interface == GL_BUFFER_VARIABLE, r.top_level_array_stride),
        _ => match PIPELINE_STAGES.iter().position(|(_, ty, _)| referenced_by(*ty) == Some(prop)) {
            Some(slot) => one(referenced, (r.referenced >> slot & 1) as i32),
            None => Err(GL_INVALID_ENUM),
        },
    }
}

/// GL_REFERENCED_BY_*_SHADER of a shader type.
fn referenced_by(shader_type: GLenum) -> Option<GLenum> {
    Some(match shader_type {
        GL_VERTEX_SHADER => GL_REFERENCED_BY_VERTEX_SHADER,
        GL_TESS_CONTROL_SHADER => GL_REFERENCED_BY_TESS_CONTROL_SHADER,
        GL_TESS_EVALUATION_SHADER => GL_REFERENCED_BY_TESS_EVALUATION_SHADER,
        GL_GEOMETRY_SHADER => GL_REFERENCED_BY_GEOMETRY_SHADER,
        GL_FRAGMENT_SHADER => GL_REFERENCED_BY_FRAGMENT_SHADER,
        GL_COMPUTE_SHADER => GL_REFERENCED_BY_COMPUTE_SHADER,
        _ => return None,
    })
}

/// Whether `query` names resource `r`: its own name, or for an array ("a[0]") the bare
/// name or any element in range. Returns the element named.
fn names_resource(r: &Resource, query: &str) -> Option<i32> {
    if r.name == query {
        return Some(0);
    }
    let base = r.name.strip_suffix("[0]")?;
    let rest = query.strip_prefix(base)?;
    if rest.is_empty() {
        return Some(0);
    }
    // Plain decimal digits only: "a[+1]", "a[01]" and "a[ 0]" name nothing.
    let digits = rest.strip_prefix('[')?.strip_suffix(']')?;
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || (digits.len() > 1 && digits.starts_with('0')) {
        return None;
    }
    let index: i32 = digits.parse().ok()?;
    (index >= 0 && (r.array_size == 0 || index < r.array_size)).then_some(index)
}

impl ContextState {
    /// The resources of `interface` in `program`, after the checks every query makes:
    /// INVALID_ENUM for an unknown interface, INVALID_VALUE / INVALID_OPERATION for a bad
    /// name or a program that is not linked.
    fn program_resources(&mut self, program: GLuint, interface: GLenum) -> Option<Vec<Resource>> {
        let exe = self.with_program(program, |p| p.executable.clone())?;
        if !self.check(known_interface(interface), GL_INVALID_ENUM) {
            return None;
        }
        let Some(exe) = exe else {
            self.record_error(GL_INVALID_OPERATION);
            return None;
        };
        let exe = exe.lock().unwrap_or_else(|p| p.into_inner());
        Some(resources(&exe, interface))
    }

    pub(crate) fn program_interface_value(&mut self, program: GLuint, interface: GLenum, pname: GLenum) -> Option<GLint> {
        let exe = self.with_program(program, |p| p.executable.clone())?;
        if !self.check(known_interface(interface), GL_INVALID_ENUM) {
            return None;
        }
        // An unlinked program has no resources.
        let list = exe.map(|e| resources(&e.lock().unwrap_or_else(|p| p.into_inner()), interface)).unwrap_or_default();
        let blocks = matches!(interface, GL_UNIFORM_BLOCK | GL_SHADER_STORAGE_BLOCK | GL_ATOMIC_COUNTER_BUFFER | GL_TRANSFORM_FEEDBACK_BUFFER);
        let subroutine_uniforms = matches!(
            interface,
            GL_VERTEX_SUBROUTINE_UNIFORM | GL_TESS_CONTROL_SUBROUTINE_UNIFORM | GL_TESS_EVALUATION_SUBROUTINE_UNIFORM
                | GL_GEOMETRY_SUBROUTINE_UNIFORM | GL_FRAGMENT_SUBROUTINE_UNIFORM | GL_COMPUTE_SUBROUTINE_UNIFORM
        );
        let value = match pname {
            GL_ACTIVE_RESOURCES => Ok(list.len() as GLint),
            GL_MAX_NAME_LENGTH if interface != GL_ATOMIC_COUNTER_BUFFER => Ok(list.iter().map(|r| r.name.len() as GLint + 1).max().unwrap_or(0)),
            GL_MAX_NUM_ACTIVE_VARIABLES if blocks => Ok(list.iter().map(|r| r.active_variables.len() as GLint).max().unwrap_or(0)),
            GL_MAX_NUM_COMPATIBLE_SUBROUTINES if subroutine_uniforms => Ok(list.iter().map(|r| r.compatible.len() as GLint).max().unwrap_or(0)),
            GL_MAX_NAME_LENGTH | GL_MAX_NUM_ACTIVE_VARIABLES | GL_MAX_NUM_COMPATIBLE_SUBROUTINES => Err(GL_INVALID_OPERATION),
            _ => Err(GL_INVALID_ENUM),
        };
        value.map_err(|e| self.record_error(e)).ok()
    }

    pub(crate) fn gl_get_program_resource_index(&mut self, program: GLuint, interface: GLenum, name: &str) -> GLuint {
        if matches!(interface, GL_ATOMIC_COUNTER_BUFFER | GL_TRANSFORM_FEEDBACK_BUFFER) {
            self.record_error(GL_INVALID_ENUM);
            return GL_INVALID_INDEX;
        }
        let Some(list) = self.program_resources(program, interface) else { return GL_INVALID_INDEX };
        list.iter().position(|r| names_resource(r, name).is_some()).map_or(GL_INVALID_INDEX, |i| i as GLuint)
    }

    pub(crate) fn gl_get_program_resource_name(&mut self, program: GLuint, interface: GLenum, index: GLuint, buf_size: GLsizei, length: *mut GLsizei, name: *mut GLchar) {
        if matches!(interface, GL_ATOMIC_COUNTER_BUFFER | GL_TRANSFORM_FEEDBACK_BUFFER) {
            return self.record_error(GL_INVALID_ENUM);
        }
        let Some(list) = self.program_resources(program, interface) else { return };
        let Some(r) = list.get(index as usize) else { return self.record_error(GL_INVALID_VALUE) };
        if !self.check(buf_size >= 0, GL_INVALID_VALUE) {
            return;
        }
        // SAFETY: GL requires `name` to hold `buf_size` bytes.
        unsafe { write_gl_string(&r.name, buf_size, length, name) };
    }

    /// glGetProgramResourceiv: the values of `props` for resource `index`, at most
    /// `buf_size` of them.
    pub(crate) fn gl_get_program_resourceiv(&mut self, program: GLuint, interface: GLenum, index: GLuint, props: &[GLenum], buf_size: GLsizei, length: *mut GLsizei, params: *mut GLint) {
        let Some(list) = self.program_resources(program, interface) else { return };
        let Some(r) = list.get(index as usize) else { return self.record_error(GL_INVALID_VALUE) };
        if !self.check(!props.is_empty() && buf_size >= 0, GL_INVALID_VALUE) {
            return;
        }
        let mut values = Vec::new();
        for &prop in props {
            match property(r, interface, prop) {
                Ok(v) => values.extend(v),
                Err(e) => return self.record_error(e),
            }
        }
        let n = values.len().min(buf_size as usize);
        // SAFETY: GL requires `params` to hold `buf_size` values and `length` to be null or valid.
        unsafe {
            if !params.is_null() {
                std::ptr::copy_nonoverlapping(values.as_ptr(), params, n);
            }
            if !length.is_null() {
                *length = n as GLsizei;
            }
        }
    }

    /// glGetProgramResourceLocation (`index` false) and glGetProgramResourceLocationIndex.
    pub(crate) fn gl_get_program_resource_location(&mut self, program: GLuint, interface: GLenum, name: &str, index: bool) -> GLint {
        let allowed = if index {
            interface == GL_PROGRAM_OUTPUT
        } else {
            matches!(
                interface,
                GL_UNIFORM | GL_PROGRAM_INPUT | GL_PROGRAM_OUTPUT | GL_VERTEX_SUBROUTINE_UNIFORM | GL_TESS_CONTROL_SUBROUTINE_UNIFORM
                    | GL_TESS_EVALUATION_SUBROUTINE_UNIFORM | GL_GEOMETRY_SUBROUTINE_UNIFORM | GL_FRAGMENT_SUBROUTINE_UNIFORM
                    | GL_COMPUTE_SUBROUTINE_UNIFORM
            )
        };
        let Some(list) = self.program_resources(program, interface) else { return -1 };
        if !self.check(allowed, GL_INVALID_ENUM) {
            return -1;
        }
        // Block members and built-ins have no location.
        list.iter()
            .find_map(|r| names_resource(r, name).filter(|_| r.location >= 0).map(|element| if index { r.location_index } else { r.location + element }))
            .unwrap_or(-1)
    }
}
