//! Default-block uniforms and the program interface queries: glGetUniformLocation,
//! glUniform*, glUniformMatrix*, glGetUniform*, glGetAttribLocation,
//! glGetFragDataLocation, glGetUniformBlockIndex, glUniformBlockBinding.
//!
//! Values are written into the program's default uniform block at the offsets the linker
//! chose (binding 0, docs/conventions.md); sampler uniforms pick texture units instead.

#![allow(non_upper_case_globals)]

use crate::context::ContextState;
use crate::objects::program_link::LinkedProgram;
use crate::state::Dirty;
use crate::types::enums::*;
use crate::types::*;

/// The scalar kind of a uniform's components, or of the values a glUniform call passes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Scalar {
    Float,
    /// 64-bit: each component is two 32-bit words, low word first.
    Double,
    Int,
    Uint,
    /// 64-bit integers (ARB_gpu_shader_int64): two words, low word first, like doubles.
    Int64,
    Uint64,
    Bool,
    Sampler,
    Other,
}

impl Scalar {
    /// 32-bit words one component takes.
    pub(crate) fn words(self) -> usize {
        match self {
            Scalar::Double | Scalar::Int64 | Scalar::Uint64 => 2,
            _ => 1,
        }
    }
}

/// (scalar, columns, rows) of a GL type enum; vectors have one column.
pub(crate) fn type_shape(gl_type: GLenum) -> (Scalar, usize, usize) {
    match gl_type {
        GL_FLOAT => (Scalar::Float, 1, 1),
        GL_FLOAT_VEC2 => (Scalar::Float, 1, 2),
        GL_FLOAT_VEC3 => (Scalar::Float, 1, 3),
        GL_FLOAT_VEC4 => (Scalar::Float, 1, 4),
        GL_INT => (Scalar::Int, 1, 1),
        GL_INT_VEC2 => (Scalar::Int, 1, 2),
        GL_INT_VEC3 => (Scalar::Int, 1, 3),
        GL_INT_VEC4 => (Scalar::Int, 1, 4),
        GL_UNSIGNED_INT => (Scalar::Uint, 1, 1),
        GL_UNSIGNED_INT_VEC2 => (Scalar::Uint, 1, 2),
        GL_UNSIGNED_INT_VEC3 => (Scalar::Uint, 1, 3),
        GL_UNSIGNED_INT_VEC4 => (Scalar::Uint, 1, 4),
        GL_BOOL => (Scalar::Bool, 1, 1),
        GL_BOOL_VEC2 => (Scalar::Bool, 1, 2),
        GL_BOOL_VEC3 => (Scalar::Bool, 1, 3),
        GL_BOOL_VEC4 => (Scalar::Bool, 1, 4),
        GL_FLOAT_MAT2 => (Scalar::Float, 2, 2),
        GL_FLOAT_MAT3 => (Scalar::Float, 3, 3),
        GL_FLOAT_MAT4 => (Scalar::Float, 4, 4),
        GL_FLOAT_MAT2x3 => (Scalar::Float, 2, 3),
        GL_FLOAT_MAT2x4 => (Scalar::Float, 2, 4),
        GL_FLOAT_MAT3x2 => (Scalar::Float, 3, 2),
        GL_FLOAT_MAT3x4 => (Scalar::Float, 3, 4),
        GL_FLOAT_MAT4x2 => (Scalar::Float, 4, 2),
        GL_FLOAT_MAT4x3 => (Scalar::Float, 4, 3),
        GL_DOUBLE => (Scalar::Double, 1, 1),
        GL_DOUBLE_VEC2 => (Scalar::Double, 1, 2),
        GL_DOUBLE_VEC3 => (Scalar::Double, 1, 3),
        GL_DOUBLE_VEC4 => (Scalar::Double, 1, 4),
        GL_DOUBLE_MAT2 => (Scalar::Double, 2, 2),
        GL_DOUBLE_MAT3 => (Scalar::Double, 3, 3),
        GL_DOUBLE_MAT4 => (Scalar::Double, 4, 4),
        GL_DOUBLE_MAT2x3 => (Scalar::Double, 2, 3),
        GL_DOUBLE_MAT2x4 => (Scalar::Double, 2, 4),
        GL_DOUBLE_MAT3x2 => (Scalar::Double, 3, 2),
        GL_DOUBLE_MAT3x4 => (Scalar::Double, 3, 4),
        GL_DOUBLE_MAT4x2 => (Scalar::Double, 4, 2),
        GL_DOUBLE_MAT4x3 => (Scalar::Double, 4, 3),
        GL_INT64_ARB => (Scalar::Int64, 1, 1),
        GL_INT64_VEC2_ARB => (Scalar::Int64, 1, 2),
        GL_INT64_VEC3_ARB => (Scalar::Int64, 1, 3),
        GL_INT64_VEC4_ARB => (Scalar::Int64, 1, 4),
        GL_UNSIGNED_INT64_ARB => (Scalar::Uint64, 1, 1),
        GL_UNSIGNED_INT64_VEC2_ARB => (Scalar::Uint64, 1, 2),
        GL_UNSIGNED_INT64_VEC3_ARB => (Scalar::Uint64, 1, 3),
        GL_UNSIGNED_INT64_VEC4_ARB => (Scalar::Uint64, 1, 4),
        t if crate::objects::program_link::is_sampler_type(t) || crate::draw_path::images::is_image_type(t) => (Scalar::Sampler, 1, 1),
        _ => (Scalar::Other, 1, 1),
    }
}

/// Splits "name[3]" into ("name", 3); a plain name is element 0.
fn split_array_name(name: &str) -> (&str, Option<u32>) {
    if let Some(open) = name.rfind('[') {
        if let Some(index) = name[open + 1..].strip_suffix(']').and_then(|i| i.parse().ok()) {
            return (&name[..open], Some(index));
        }
    }
    (name, None)
}

/// The uniform `location` falls in, and the array element it names.
fn uniform_at(linked: &LinkedProgram, location: GLint) -> Option<(usize, u32)> {
    linked.interface.uniforms.iter().enumerate().find_map(|(i, u)| {
        let size = u.array_size.max(1) as i64;
        let start = u.location as i64;
        (u.location >= 0 && (start..start + size).contains(&(location as i64))).then(|| (i, (location as i64 - start) as u32))
    })
}

/// Whether `location` belongs to a `layout(location)` uniform the linker found inactive:
/// GL_ARB_explicit_uniform_location ignores glUniform* there without an error.
fn held_by_inactive_uniform(linked: &LinkedProgram, location: GLint) -> bool {
    linked.interface.explicit_uniform_locations.iter().any(|&(start, end)| (start..end).contains(&location))
}

impl ContextState {
    /// The executable of a linked program: INVALID_VALUE / INVALID_OPERATION for a bad
    /// name, INVALID_OPERATION when it is not linked.
    fn linked_program(&mut self, program: GLuint) -> Option<std::sync::Arc<std::sync::Mutex<LinkedProgram>>> {
        let executable = self.with_program(program, |p| p.executable.clone())?;
        if executable.is_none() {
            self.record_error(GL_INVALID_OPERATION);
        }
        executable
    }

    pub(crate) fn gl_get_uniform_location(&mut self, program: GLuint, name: *const GLchar) -> GLint {
        let Some(exe) = self.linked_program(program) else { return -1 };
        if name.is_null() {
            return -1;
        }
        // SAFETY: GL requires a NUL-terminated name.
        let name = unsafe { std::ffi::CStr::from_ptr(name) }.to_string_lossy().into_owned();
        let (base, element) = split_array_name(&name);
        let linked = exe.lock().unwrap_or_else(|p| p.into_inner());
        for u in &linked.interface.uniforms {
            if u.location < 0 {
                continue;
            }
            if u.name == name {
                return u.location;
            }
            // An array is listed as "a[0]"; "a" and "a[i]" name its elements.
            let (u_base, u_element) = split_array_name(&u.name);
            let e = element.unwrap_or(0);
            if u_element == Some(0) && u_base == base && e < u.array_size.max(1) {
                return u.location + e as GLint;
            }
        }
        -1
    }

    pub(crate) fn gl_get_attrib_location(&mut self, program: GLuint, name: *const GLchar, frag_data: bool) -> GLint {
        let Some(exe) = self.linked_program(program) else { return -1 };
        if name.is_null() {
            return -1;
        }
        // SAFETY: GL requires a NUL-terminated name.
        let name = unsafe { std::ffi::CStr::from_ptr(name) }.to_string_lossy().into_owned();
        let linked = exe.lock().unwrap_or_else(|p| p.into_inner());
        let list = if frag_data { &linked.interface.fragment_outputs } else { &linked.interface.attributes };
        list.iter().find(|v| v.name == name).map_or(-1, |v| v.location)
    }

    pub(crate) fn gl_get_uniform_block_index(&mut self, program: GLuint, name: *const GLchar) -> GLuint {
        let Some(exe) = self.linked_program(program) else { return GL_INVALID_INDEX };
        if name.is_null() {
            return GL_INVALID_INDEX;
        }
        // SAFETY: GL requires a NUL-terminated name.
        let name = unsafe { std::ffi::CStr::from_ptr(name) }.to_string_lossy().into_owned();
        let linked = exe.lock().unwrap_or_else(|p| p.into_inner());
        linked.interface.uniform_blocks.iter().find(|b| b.name == name).map_or(GL_INVALID_INDEX, |b| b.index)
    }

    pub(crate) fn gl_uniform_block_binding(&mut self, program: GLuint, index: GLuint, binding: GLuint) {
        let Some(exe) = self.linked_program(program) else { return };
        let max = self.limits.max_uniform_buffer_bindings;
        let mut linked = exe.lock().unwrap_or_else(|p| p.into_inner());
        let valid = (index as usize) < linked.block_bindings.len() && binding < max;
        if valid {
            linked.block_bindings[index as usize] = binding;
        }
        drop(linked);
        if self.check(valid, GL_INVALID_VALUE) {
            self.state.dirty.insert(Dirty::UNIFORMS);
        }
    }

    /// glUniform* on the current program, or without one on the bound pipeline's active
    /// program (glActiveShaderProgram). `values` holds `count` elements of `columns` x
    /// `rows` components.
    pub(crate) fn gl_uniform(&mut self, location: GLint, count: GLsizei, scalar: Scalar, columns: usize, rows: usize, transpose: bool, values: UniformValues) {
        if !self.check(count >= 0, GL_INVALID_VALUE) {
            return;
        }
        let mut program = self.bindings.program;
        if program == 0 {
            program = self.program_pipelines.get(self.bindings.program_pipeline).map_or(0, |p| p.active_program);
        }
        if !self.check(program != 0, GL_INVALID_OPERATION) || location == -1 {
            return;
        }
        self.gl_program_uniform(program, location, count, scalar, columns, rows, transpose, values)
    }

    /// glProgramUniform*: glUniform* on a named program, current or not. The program and
    /// the location are resolved once, under the one lock that also writes the values.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn gl_program_uniform(&mut self, program: GLuint, location: GLint, count: GLsizei, scalar: Scalar, columns: usize, rows: usize, transpose: bool, values: UniformValues) {
        if !self.check(count >= 0, GL_INVALID_VALUE) {
            return;
        }
        let Some(exe) = self.linked_program(program) else { return };
        if location == -1 {
            return;
        }
        let mut linked = exe.lock().unwrap_or_else(|p| p.into_inner());
        let target = uniform_at(&linked, location);
        if target.is_none() && held_by_inactive_uniform(&linked, location) {
            return;
        }
        let held;
        let words = match values {
            UniformValues::Held(words) => words,
            UniformValues::Application(value) => {
                if value.is_null() {
                    return;
                }
                // Only the elements the uniform holds from `location` on are read: a count
                // past the array's end never reads past what the application owns.
                let elements = target.map_or(0, |(index, element)| {
                    let size = linked.interface.uniforms[index].array_size.max(1);
                    (count as u32).min(size.saturating_sub(element)) as usize
                });
                // SAFETY: the application holds `count` elements of `columns` x `rows`
                // components; `elements` is at most `count`.
                held = unsafe { std::slice::from_raw_parts(value, elements * columns * rows * scalar.words()) };
                held
            }
        };
        let error = write_uniform(&mut linked, location, count as usize, scalar, columns, rows, transpose, words);
        drop(linked);
        match error {
            Some(e) => self.record_error(e),
            None => self.state.dirty.insert(Dirty::UNIFORMS | Dirty::TEXTURES),
        }
    }

    /// glGetUniform{f,i,ui}v: the raw 32-bit values and the uniform's scalar kind.
    pub(crate) fn get_uniform(&mut self, program: GLuint, location: GLint) -> Option<(Scalar, Vec<u32>)> {
        let exe = self.linked_program(program)?;
        let linked = exe.lock().unwrap_or_else(|p| p.into_inner());
        let Some((index, element)) = uniform_at(&linked, location) else {
            drop(linked);
            self.record_error(GL_INVALID_OPERATION);
            return None;
        };
        let u = &linked.interface.uniforms[index];
        let (scalar, columns, rows) = type_shape(u.gl_type);
        if scalar == Scalar::Sampler {
            let unit = u.sampler_index.and_then(|s| linked.sampler_units.get((s + element) as usize)).copied().unwrap_or(0);
            return Some((Scalar::Int, vec![unit]));
        }
        let words = scalar.words();
        let mut out = Vec::with_capacity(columns * rows * words);
        for c in 0..columns {
            for r in 0..rows {
                let at = (u.offset + element * u.array_stride + c as u32 * u.matrix_stride) as usize + 4 * words * r;
                for w in 0..words {
                    let bytes = linked.uniform_data.get(at + 4 * w..at + 4 * w + 4)?;
                    out.push(u32::from_ne_bytes(bytes.try_into().ok()?));
                }
            }
        }
        Some((scalar, out))
    }
}

/// The components of a glGetUniform* result as doubles, whatever the uniform's type:
/// the common ground of GetUniformdv and of reading a double uniform as float or int.
pub(crate) fn components_as_f64(scalar: Scalar, values: &[u32]) -> Vec<f64> {
    match scalar {
        Scalar::Double => pairs(values).map(f64::from_bits).collect(),
        Scalar::Int64 => pairs(values).map(|v| v as i64 as f64).collect(),
        Scalar::Uint64 => pairs(values).map(|v| v as f64).collect(),
        Scalar::Float => values.iter().map(|v| f32::from_bits(*v) as f64).collect(),
        Scalar::Int | Scalar::Sampler => values.iter().map(|v| *v as i32 as f64).collect(),
        _ => values.iter().map(|v| *v as f64).collect(),
    }
}

/// The components of a glGetUniform* result as 64-bit integers (glGetUniformi64v and
/// glGetUniformui64v), exact for 64-bit integer uniforms.
pub(crate) fn components_as_i64(scalar: Scalar, values: &[u32]) -> Vec<i64> {
    match scalar {
        Scalar::Int64 | Scalar::Uint64 => pairs(values).map(|v| v as i64).collect(),
        Scalar::Double => pairs(values).map(|v| f64::from_bits(v) as i64).collect(),
        Scalar::Float => values.iter().map(|v| f32::from_bits(*v) as i64).collect(),
        Scalar::Int | Scalar::Sampler => values.iter().map(|v| *v as i32 as i64).collect(),
        _ => values.iter().map(|v| *v as i64).collect(),
    }
}

/// 64-bit components from their (low, high) word pairs.
fn pairs(values: &[u32]) -> impl Iterator<Item = u64> + '_ {
    values.chunks_exact(2).map(|p| p[0] as u64 | (p[1] as u64) << 32)
}

/// Where the values of a glUniform* call come from.
#[derive(Clone, Copy)]
pub(crate) enum UniformValues<'a> {
    /// Components the scalar forms pass by value, as raw 32-bit words.
    Held(&'a [u32]),
    /// The application's array of a *v form (null, or `count` elements), read once the
    /// uniform at the location says how many elements the call writes.
    Application(*const u32),
}

/// Writes uniform values; returns the GL error of a mismatch.
#[allow(clippy::too_many_arguments)]
fn write_uniform(
    linked: &mut LinkedProgram,
    location: GLint,
    count: usize,
    scalar: Scalar,
    columns: usize,
    rows: usize,
    transpose: bool,
    values: &[u32],
) -> Option<GLenum> {
    let Some((index, element)) = uniform_at(linked, location) else { return Some(GL_INVALID_OPERATION) };
    let u = linked.interface.uniforms[index].clone();
    let (u_scalar, u_columns, u_rows) = type_shape(u.gl_type);
    let size = u.array_size.max(1);
    if count > 1 && !u.name.ends_with(']') {
        return Some(GL_INVALID_OPERATION);
    }
    let shape_ok = (u_columns, u_rows) == (columns, rows);
    let scalar_ok = match u_scalar {
        // Booleans take 32-bit values only: glUniform*d and *i64 on a bool are errors.
        Scalar::Bool => columns == 1 && scalar.words() == 1,
        Scalar::Sampler => scalar == Scalar::Int && rows == 1 && columns == 1,
        s => s == scalar,
    };
    if !shape_ok || !scalar_ok {
        return Some(GL_INVALID_OPERATION);
    }
    let n = count.min((size - element) as usize);
    let words = u_scalar.words();
    let per = columns * rows * words;
    if u_scalar == Scalar::Sampler {
        let base = u.sampler_index.unwrap_or(0) + element;
        for i in 0..n {
            if let Some(slot) = linked.sampler_units.get_mut(base as usize + i) {
                *slot = values[i];
            }
        }
        return None;
    }
    for i in 0..n {
        let e = element + i as u32;
        for c in 0..columns {
            for r in 0..rows {
                let source = words * if transpose { r * columns + c } else { c * rows + r };
                let at = (u.offset + e * u.array_stride + c as u32 * u.matrix_stride) as usize + 4 * words * r;
                for w in 0..words {
                    let mut v = values[i * per + source + w];
                    if u_scalar == Scalar::Bool {
                        v = match scalar {
                            Scalar::Float => (f32::from_bits(v) != 0.0) as u32,
                            _ => (v != 0) as u32,
                        };
                    }
                    if let Some(slot) = linked.uniform_data.get_mut(at + 4 * w..at + 4 * w + 4) {
                        slot.copy_from_slice(&v.to_ne_bytes());
                    }
                }
            }
        }
    }
    linked.uniform_generation += 1;
    None
}

impl ContextState {
    /// glGetProgramiv's interface values (active uniforms, attributes, blocks).
    pub(crate) fn program_interface_parameter(&mut self, program: GLuint, pname: GLenum) -> Option<GLint> {
        let exe = self.with_program(program, |p| p.executable.clone())?;
        let Some(exe) = exe else {
            // Before a successful link every interface count is zero.
            return Some(0);
        };
        let linked = exe.lock().unwrap_or_else(|p| p.into_inner());
        let i = &linked.interface;
        let longest = |names: &mut dyn Iterator<Item = &String>| names.map(|n| n.len() as GLint + 1).max().unwrap_or(0);
        Some(match pname {
            GL_ACTIVE_UNIFORMS => i.uniforms.len() as GLint,
            GL_ACTIVE_UNIFORM_MAX_LENGTH => longest(&mut i.uniforms.iter().map(|u| &u.name)),
            GL_ACTIVE_ATTRIBUTES => i.attributes.len() as GLint,
            GL_ACTIVE_ATTRIBUTE_MAX_LENGTH => longest(&mut i.attributes.iter().map(|a| &a.name)),
            GL_ACTIVE_UNIFORM_BLOCKS => i.uniform_blocks.len() as GLint,
            GL_ACTIVE_UNIFORM_BLOCK_MAX_NAME_LENGTH => longest(&mut i.uniform_blocks.iter().map(|b| &b.name)),
            GL_ACTIVE_ATOMIC_COUNTER_BUFFERS => i.atomic_counter_buffers.len() as GLint,
            _ => return None,
        })
    }

    /// glGetActiveUniform / glGetActiveAttrib: (name, size, type) of entry `index`.
    pub(crate) fn active_variable(&mut self, program: GLuint, index: GLuint, uniform: bool) -> Option<(String, GLint, GLenum)> {
        let exe = self.linked_program(program)?;
        let linked = exe.lock().unwrap_or_else(|p| p.into_inner());
        let entry = if uniform {
            linked.interface.uniforms.get(index as usize).map(|u| (u.name.clone(), u.array_size.max(1) as GLint, u.gl_type))
        } else {
            linked.interface.attributes.get(index as usize).map(|a| (a.name.clone(), a.array_size.max(1) as GLint, a.gl_type))
        };
        drop(linked);
        if entry.is_none() {
            self.record_error(GL_INVALID_VALUE);
        }
        entry
    }

    /// glGetActiveUniformsiv for one uniform index.
    pub(crate) fn active_uniform_parameter(&mut self, program: GLuint, index: GLuint, pname: GLenum) -> Result<GLint, GLenum> {
        let exe = self.linked_program(program).ok_or(GL_NO_ERROR)?;
        let linked = exe.lock().unwrap_or_else(|p| p.into_inner());
        let u = linked.interface.uniforms.get(index as usize).ok_or(GL_INVALID_VALUE)?;
        // Atomic counters report their offset and stride in their buffer.
        let in_block = u.block_index >= 0 || u.gl_type == GL_UNSIGNED_INT_ATOMIC_COUNTER;
        Ok(match pname {
            GL_UNIFORM_ATOMIC_COUNTER_BUFFER_INDEX => ContextState::atomic_counter_buffer_of(&linked, index),
            GL_UNIFORM_TYPE => u.gl_type as GLint,
            GL_UNIFORM_SIZE => u.array_size.max(1) as GLint,
            GL_UNIFORM_NAME_LENGTH => u.name.len() as GLint + 1,
            GL_UNIFORM_BLOCK_INDEX => u.block_index,
            GL_UNIFORM_OFFSET => if in_block { u.offset as GLint } else { -1 },
            GL_UNIFORM_ARRAY_STRIDE => if in_block { u.array_stride as GLint } else { -1 },
            GL_UNIFORM_MATRIX_STRIDE => if in_block { u.matrix_stride as GLint } else { -1 },
            GL_UNIFORM_IS_ROW_MAJOR => u.row_major as GLint,
            _ => return Err(GL_INVALID_ENUM),
        })
    }

    /// glGetActiveUniformBlockiv: the values of `pname` for block `index`.
    pub(crate) fn uniform_block_parameter(&mut self, program: GLuint, index: GLuint, pname: GLenum) -> Option<Vec<GLint>> {
        let exe = self.linked_program(program)?;
        let linked = exe.lock().unwrap_or_else(|p| p.into_inner());
        let Some(b) = linked.interface.uniform_blocks.get(index as usize) else {
            drop(linked);
            self.record_error(GL_INVALID_VALUE);
            return None;
        };
        let references = |stage: glsl::Stage| vec![b.stages.contains(&stage) as GLint];
        let value = match pname {
            GL_UNIFORM_BLOCK_BINDING => vec![linked.block_bindings[index as usize] as GLint],
            GL_UNIFORM_BLOCK_DATA_SIZE => vec![b.data_size as GLint],
            GL_UNIFORM_BLOCK_NAME_LENGTH => vec![b.name.len() as GLint + 1],
            GL_UNIFORM_BLOCK_ACTIVE_UNIFORMS => vec![b.active_uniforms.len() as GLint],
            GL_UNIFORM_BLOCK_ACTIVE_UNIFORM_INDICES => b.active_uniforms.iter().map(|&u| u as GLint).collect(),
            GL_UNIFORM_BLOCK_REFERENCED_BY_VERTEX_SHADER => references(glsl::Stage::Vertex),
            GL_UNIFORM_BLOCK_REFERENCED_BY_FRAGMENT_SHADER => references(glsl::Stage::Fragment),
            GL_UNIFORM_BLOCK_REFERENCED_BY_GEOMETRY_SHADER => references(glsl::Stage::Geometry),
            _ => {
                drop(linked);
                self.record_error(GL_INVALID_ENUM);
                return None;
            }
        };
        Some(value)
    }

    /// The name of uniform block `index`.
    pub(crate) fn uniform_block_name(&mut self, program: GLuint, index: GLuint) -> Option<String> {
        let exe = self.linked_program(program)?;
        let name = exe.lock().unwrap_or_else(|p| p.into_inner()).interface.uniform_blocks.get(index as usize).map(|b| b.name.clone());
        if name.is_none() {
            self.record_error(GL_INVALID_VALUE);
        }
        name
    }

    /// glGetUniformIndices: the index of each named uniform, or GL_INVALID_INDEX.
    pub(crate) fn uniform_index(&mut self, program: GLuint, name: &str) -> Option<GLuint> {
        let exe = self.linked_program(program)?;
        let linked = exe.lock().unwrap_or_else(|p| p.into_inner());
        let (base, _) = split_array_name(name);
        let found = linked.interface.uniforms.iter().position(|u| u.name == name || (split_array_name(&u.name) == (base, Some(0)) && !name.ends_with(']')));
        Some(found.map_or(GL_INVALID_INDEX, |i| i as GLuint))
    }
}

