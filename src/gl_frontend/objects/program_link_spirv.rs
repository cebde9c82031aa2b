//! Linking SPIR-V shaders (GL_ARB_gl_spirv): stages meet by location and binding, never
//! by name. Default-block uniforms, placed by `Location`, share one default block laid
//! out std140-like, as GLSL programs' do (docs/conventions.md, binding 0), so glUniform*
//! by location and the draw path's upload work unchanged; uniform and storage blocks are
//! numbered by binding point and take the program-relative bindings 1 + k and 256 + k.
//! The result is the GLSL linker's output type, so reflection and drawing need nothing new.

use std::collections::BTreeMap;

use nir_like::layout::{self, Layout};
use nir_like::{BaseType, Handle, Shader, Type};

use crate::types::enums::*;

/// A leaf of a uniform or block member: one entry GL's reflection reports.
struct Leaf {
    name: String,
    gl_type: u32,
    array_size: u32,
    offset: u32,
    array_stride: u32,
    matrix_stride: u32,
    row_major: bool,
    /// For default-block uniforms: the location it takes first and how many.
    locations: u32,
    top_level: (u32, u32),
}

/// The GL type enum of a scalar, vector or matrix type.
fn gl_type(shader: &Shader, ty: Handle<Type>) -> Option<u32> {
    Some(match &shader.types[ty] {
        Type::Vector(vt) => {
            let table: [u32; 4] = match (vt.base, vt.bits) {
                (BaseType::Float, 32) => [GL_FLOAT, GL_FLOAT_VEC2, GL_FLOAT_VEC3, GL_FLOAT_VEC4],
                (BaseType::Float, 64) => [GL_DOUBLE, GL_DOUBLE_VEC2, GL_DOUBLE_VEC3, GL_DOUBLE_VEC4],
                (BaseType::Int, 32) => [GL_INT, GL_INT_VEC2, GL_INT_VEC3, GL_INT_VEC4],
                (BaseType::Uint, 32) => [GL_UNSIGNED_INT, GL_UNSIGNED_INT_VEC2, GL_UNSIGNED_INT_VEC3, GL_UNSIGNED_INT_VEC4],
                (BaseType::Bool, _) => [GL_BOOL, GL_BOOL_VEC2, GL_BOOL_VEC3, GL_BOOL_VEC4],
                (BaseType::Int, 64) => [GL_INT64_ARB, GL_INT64_VEC2_ARB, GL_INT64_VEC3_ARB, GL_INT64_VEC4_ARB],
                (BaseType::Uint, 64) => [GL_UNSIGNED_INT64_ARB, GL_UNSIGNED_INT64_VEC2_ARB, GL_UNSIGNED_INT64_VEC3_ARB, GL_UNSIGNED_INT64_VEC4_ARB],
                _ => return None,
            };
            *table.get(vt.components as usize - 1)?
        }
        Type::Matrix { columns, rows, bits } => {
            let f = [[GL_FLOAT_MAT2, GL_FLOAT_MAT2x3, GL_FLOAT_MAT2x4], [GL_FLOAT_MAT3x2, GL_FLOAT_MAT3, GL_FLOAT_MAT3x4], [GL_FLOAT_MAT4x2, GL_FLOAT_MAT4x3, GL_FLOAT_MAT4]];
            let d = [[GL_DOUBLE_MAT2, GL_DOUBLE_MAT2x3, GL_DOUBLE_MAT2x4], [GL_DOUBLE_MAT3x2, GL_DOUBLE_MAT3, GL_DOUBLE_MAT3x4], [GL_DOUBLE_MAT4x2, GL_DOUBLE_MAT4x3, GL_DOUBLE_MAT4]];
            let (c, r) = (*columns as usize - 2, *rows as usize - 2);
            if *bits == 64 {
                d.get(c)?.get(r).copied()?
            } else {
                f.get(c)?.get(r).copied()?
            }
        }
        _ => return None,
    })
}

fn join(prefix: &str, member: &str) -> String {
    if prefix.is_empty() || member.is_empty() {
        String::new()
    } else {
        format!("{prefix}.{member}")
    }
}

/// Flattens `ty` at `offset` into GL's leaves; `explicit` reads the block's own offsets
/// and strides, otherwise the std140 placement of the default block applies.
fn flatten(shader: &Shader, ty: Handle<Type>, name: &str, offset: u32, explicit: Option<Layout>, member: (Option<u32>, bool), top: (u32, u32), out: &mut Vec<Leaf>) -> Result<(), String> {
    let layout_kind = explicit.unwrap_or(Layout::Std140);
    let (member_matrix_stride, row_major) = member;
    match &shader.types[ty] {
        Type::Vector(_) | Type::Matrix { .. } => {
            let matrix_stride = match &shader.types[ty] {
                Type::Matrix { columns, rows, bits } => member_matrix_stride.unwrap_or_else(|| layout::matrix_stride(*columns, *rows, *bits, layout_kind, row_major)),
                _ => 0,
            };
            let gl_type = gl_type(shader, ty).ok_or("a uniform of a type GL has no enum for")?;
            out.push(Leaf { name: name.to_string(), gl_type, array_size: 1, offset, array_stride: 0, matrix_stride, row_major, locations: 1, top_level: top });
        }
        Type::Array { element, length, stride } => {
            let stride = stride.unwrap_or_else(|| layout::array_stride(shader, *element, layout_kind, row_major));
            let length = length.unwrap_or(0);
            let top = if top == (1, 0) { (length, stride) } else { top };
            if matches!(shader.types[*element], Type::Vector(_) | Type::Matrix { .. }) {
                let mut leaf = Vec::new();
                flatten(shader, *element, &indexed(name, 0), offset, explicit, member, top, &mut leaf)?;
                let mut l = leaf.pop().ok_or("an empty array")?;
                l.array_size = length;
                l.array_stride = stride;
                l.locations = length.max(1);
                out.push(l);
            } else {
                for i in 0..length {
                    flatten(shader, *element, &indexed(name, i), offset + i * stride, explicit, member, top, out)?;
                }
            }
        }
        Type::Struct { members, .. } => {
            let offsets = layout::member_offsets(shader, ty, layout_kind);
            for (m, off) in members.iter().zip(offsets) {
                let member = (m.matrix_stride, m.row_major);
                flatten(shader, m.ty, &join(name, &m.name), offset + off, explicit, member, top, out)?;
            }
        }
        Type::Sampler { .. } | Type::Image { .. } => return Err("sampler and image uniforms are not supported yet in SPIR-V programs".into()),
    }
    Ok(())
}

/// Places the initializer components `comps` of a default-block uniform of type `ty` at
/// `offset` as (byte offset, word) pairs, std140 as the block is laid out.
fn place_initializer(shader: &Shader, ty: Handle<Type>, offset: u32, comps: &mut impl Iterator<Item = u64>, out: &mut Vec<(u32, u32)>) {
    match &shader.types[ty] {
        Type::Vector(vt) => {
            for c in 0..vt.components as u32 {
                let bits = comps.next().unwrap_or(0);
                if vt.bits == 64 {
                    out.push((offset + 8 * c, bits as u32));
                    out.push((offset + 8 * c + 4, (bits >> 32) as u32));
                } else {
                    out.push((offset + 4 * c, bits as u32));
                }
            }
        }
        Type::Matrix { columns, rows, bits } => {
            let stride = layout::matrix_stride(*columns, *rows, *bits, Layout::Std140, false);
            for c in 0..*columns as u32 {
                for r in 0..*rows as u32 {
                    let v = comps.next().unwrap_or(0);
                    let at = offset + c * stride + r * (*bits as u32 / 8);
                    out.push((at, v as u32));
                    if *bits == 64 {
                        out.push((at + 4, (v >> 32) as u32));
                    }
                }
            }
        }
        Type::Array { element, length, .. } => {
            let stride = layout::array_stride(shader, *element, Layout::Std140, false);
            for i in 0..length.unwrap_or(0) {
                place_initializer(shader, *element, offset + i * stride, comps, out);
            }
        }
        Type::Struct { members, .. } => {
            for (m, off) in members.iter().zip(layout::member_offsets(shader, ty, Layout::Std140)) {
                place_initializer(shader, m.ty, offset + off, comps, out);
            }
        }
        Type::Sampler { .. } | Type::Image { .. } => {}
    }
}

/// Bytes a block member of type `ty` covers with its explicit offsets and strides: up to
/// the end of its last element, as GL_BUFFER_DATA_SIZE counts.
fn explicit_size(shader: &Shader, ty: Handle<Type>, matrix_stride: Option<u32>, row_major: bool, kind: Layout) -> u32 {
    match &shader.types[ty] {
        Type::Vector(vt) => (vt.bits as u32 / 8).max(4) * vt.components as u32,
        Type::Matrix { columns, rows, bits } => {
            let (count, len) = if row_major { (*rows, *columns) } else { (*columns, *rows) };
            let stride = matrix_stride.unwrap_or_else(|| layout::matrix_stride(*columns, *rows, *bits, kind, row_major));
            stride * (count as u32 - 1) + len as u32 * (*bits as u32 / 8)
        }
        Type::Array { element, length: Some(n), stride } if *n > 0 => {
            let stride = stride.unwrap_or_else(|| layout::array_stride(shader, *element, kind, row_major));
            stride * (n - 1) + explicit_size(shader, *element, matrix_stride, row_major, kind)
        }
        Type::Array { .. } => 0,
        Type::Struct { members, .. } => members
            .iter()
            .zip(layout::member_offsets(shader, ty, kind))
            .map(|(m, off)| off + explicit_size(shader, m.ty, m.matrix_stride, m.row_major, kind))
            .max()
            .unwrap_or(0),
        Type::Sampler { .. } | Type::Image { .. } => 0,
    }
}

fn indexed(name: &str, i: u32) -> String {
    if name.is_empty() {
        String::new()
    } else {
        format!("{name}[{i}]")
    }
}

fn round_up(v: u32, a: u32) -> u32 {
    v.div_ceil(a.max(1)) * a.max(1)
}

/// The GLSL name of a sampler type (`sampler2D`, `isampler2DArray`, ...), from which the
/// GL type enum follows as for GLSL programs.
fn sampler_type_name(shader: &Shader, ty: Handle<Type>) -> Option<String> {
    let Type::Sampler { dim, arrayed, shadow, multisampled, sampled } = &shader.types[ty] else { return None };
    let prefix = match sampled {
        BaseType::Int => "i",
        BaseType::Uint => "u",
        _ => "",
    };
    let dim = match dim {
        nir_like::ImageDim::D1 => "1D",
        nir_like::ImageDim::D2 => "2D",
        nir_like::ImageDim::D3 => "3D",
        nir_like::ImageDim::Cube => "Cube",
        nir_like::ImageDim::Rect => "2DRect",
        nir_like::ImageDim::Buffer => "Buffer",
        nir_like::ImageDim::SubpassData => return None,
    };
    let ms = if *multisampled { "MS" } else { "" };
    let array = if *arrayed { "Array" } else { "" };
    let shadow = if *shadow { "Shadow" } else { "" };
    Some(format!("{prefix}sampler{dim}{ms}{array}{shadow}"))
}

/// Sampler uniforms: each location once, whichever stages use it, takes the next sampler
/// indices (descriptor binding 128 + index, as GLSL programs' samplers) and starts at the
/// texture units its `Binding` names.
fn link_samplers(stages: &mut [(glsl::Stage, spirv_in::SpirvShader)], interface: &mut glsl::ProgramInterface) -> Result<(), String> {
    let mut by_location: BTreeMap<u32, u32> = BTreeMap::new();
    let mut next_index = 0u32;
    for (_, s) in stages.iter_mut() {
        for info in &s.interface.samplers {
            let index = match by_location.get(&info.location) {
                Some(i) => *i,
                None => {
                    let index = next_index;
                    next_index += info.count.max(1);
                    by_location.insert(info.location, index);
                    let type_name = sampler_type_name(&s.ir, info.ty).ok_or("a sampler of a type GL has no enum for")?;
                    let gl_type = glsl::gl_types::gl_type_enum(&glsl::sema::types::Type::Opaque(type_name.as_str().into()));
                    let array = matches!(s.ir.types[s.ir.variables[info.var].ty], Type::Array { .. });
                    let name = info.name.clone().map(|n| if array { format!("{n}[0]") } else { n }).unwrap_or_default();
                    interface.uniforms.push(glsl::ActiveUniform {
                        name,
                        gl_type,
                        array_size: info.count,
                        location: info.location as i32,
                        offset: 0,
                        array_stride: 0,
                        matrix_stride: 0,
                        block_index: -1,
                        sampler_index: Some(index),
                        row_major: false,
                    });
                    interface.explicit_uniform_locations.push((info.location as i32, (info.location + info.count.max(1)) as i32));
                    if let Some(unit) = info.binding {
                        interface.initial_sampler_units.extend((0..info.count.max(1)).map(|e| (index + e, unit + e)));
                    }
                    interface.sampler_uniforms.push((s.ir.variables[info.var].name.clone(), index));
                    index
                }
            };
            s.ir.variables[info.var].binding = Some(crate::draw_path::descriptor_arrays::SAMPLER_BINDING_BASE + index);
            s.ir.variables[info.var].descriptor_set = Some(0);
        }
    }
    interface.sampler_count = next_index;
    Ok(())
}

/// The `[i][j]...` that names element `flat` (counted in row-major order) of an array of
/// dimensions `dims`, outermost first; empty for no dimensions.
fn element_suffix(dims: &[u32], flat: u32) -> String {
    let mut rest = flat;
    let mut indices = Vec::new();
    for d in dims.iter().rev() {
        indices.push(rest % d.max(&1));
        rest /= d.max(&1);
    }
    indices.iter().rev().map(|i| format!("[{i}]")).collect()
}

/// Atomic counters, grouped by binding point into the program's counter buffers (buffer k
/// at descriptor binding 448 + k, as GLSL programs have them); an array of arrays of counters
/// is reported by its innermost arrays. A counter several stages declare is one counter.
fn link_atomic_counters(stages: &mut [(glsl::Stage, spirv_in::SpirvShader)], interface: &mut glsl::ProgramInterface) -> Result<(), String> {
    use glsl::link_atomic::{AtomicCounter, AtomicCounterBuffer, MAX_ATOMIC_COUNTER_BUFFER_BINDINGS};
    for (stage, s) in stages.iter_mut() {
        for c in &s.interface.atomic_counters {
            if c.binding >= MAX_ATOMIC_COUNTER_BUFFER_BINDINGS {
                return Err(format!("atomic counter binding {} is not below {MAX_ATOMIC_COUNTER_BUFFER_BINDINGS}", c.binding));
            }
            let buffer = match interface.atomic_counter_buffers.iter().position(|b| b.binding == c.binding) {
                Some(i) => i,
                None => {
                    interface.atomic_counter_buffers.push(AtomicCounterBuffer { binding: c.binding, data_size: 0, active_uniforms: Vec::new(), stages: Vec::new() });
                    interface.atomic_counter_buffers.len() - 1
                }
            };
            let count = c.dims.iter().try_fold(1u32, |n, d| n.checked_mul(*d)).filter(|n| *n <= 1 << 16).ok_or("an atomic counter array larger than a counter buffer")?;
            let inner = c.dims.last().copied();
            if !interface.atomic_counters.iter().any(|k| k.buffer == buffer as u32 && k.offset == c.offset) {
                let outer: u32 = c.dims[..c.dims.len().saturating_sub(1)].iter().product();
                for o in 0..outer {
                    let name = match &c.name {
                        Some(n) => format!("{n}{}{}", element_suffix(&c.dims[..c.dims.len().saturating_sub(1)], o), if inner.is_some() { "[0]" } else { "" }),
                        None => String::new(),
                    };
                    let index = interface.uniforms.len() as u32;
                    interface.uniforms.push(glsl::ActiveUniform {
                        name,
                        gl_type: GL_UNSIGNED_INT_ATOMIC_COUNTER,
                        array_size: inner.unwrap_or(1),
                        location: -1,
                        offset: c.offset.saturating_add(4 * o * inner.unwrap_or(1)),
                        array_stride: if inner.is_some() { 4 } else { 0 },
                        matrix_stride: 0,
                        block_index: -1,
                        sampler_index: None,
                        row_major: false,
                    });
                    interface.atomic_counter_buffers[buffer].active_uniforms.push(index);
                }
                let name = c.name.clone().unwrap_or_default();
                interface.atomic_counters.push(AtomicCounter { name, buffer: buffer as u32, offset: c.offset, array_size: inner.map(|_| count) });
            }
            let b = &mut interface.atomic_counter_buffers[buffer];
            b.data_size = b.data_size.max(c.offset.saturating_add(4 * count));
            if !b.stages.contains(stage) {
                b.stages.push(*stage);
            }
            s.ir.variables[c.var].binding = Some(AtomicCounterBuffer::descriptor_binding(buffer as u32));
            s.ir.variables[c.var].descriptor_set = Some(0);
        }
    }
    Ok(())
}

/// Links specialized SPIR-V stages into the linker's output form; failures are the
/// program's link log.
pub(crate) fn link_spirv(stages: Vec<(glsl::Stage, spirv_in::SpirvShader)>) -> glsl::LinkedProgram {
    match link(stages) {
        Ok(p) => p,
        Err(why) => glsl::LinkedProgram { success: false, info_log: format!("error: {why}\n"), stages: Vec::new(), interface: Default::default() },
    }
}

fn link(mut stages: Vec<(glsl::Stage, spirv_in::SpirvShader)>) -> Result<glsl::LinkedProgram, String> {
    stages.sort_by_key(|(s, _)| *s as u32);
    for pair in stages.windows(2) {
        if pair[0].0 == pair[1].0 {
            return Err(format!("more than one {} shader", pair[0].0.name()));
        }
    }
    if stages.iter().any(|(s, _)| *s == glsl::Stage::Compute) && stages.len() > 1 {
        return Err("a compute shader with other stages".into());
    }
    let mut interface = glsl::ProgramInterface::default();

    // The default block: each location once, in location order, whichever stages use it.
    let mut by_location: BTreeMap<u32, (usize, usize)> = BTreeMap::new();
    for (si, (_, s)) in stages.iter().enumerate() {
        for (ui, u) in s.interface.uniforms.iter().enumerate() {
            by_location.entry(u.location).or_insert((si, ui));
        }
    }
    let mut end = 0;
    for (&location, &(si, ui)) in &by_location {
        let shader = &stages[si].1;
        let u = &shader.interface.uniforms[ui];
        let ir = &shader.ir;
        let (size, align) = layout::size_align(ir, u.ty, Layout::Std140, false);
        let offset = round_up(end, align);
        end = offset + size;
        if matches!(ir.types[u.ty], Type::Struct { .. } | Type::Array { .. }) {
            end = round_up(end, 16);
        }
        place_initializer(ir, u.ty, offset, &mut u.initial_components.iter().copied(), &mut interface.initial_uniform_words);
        let var_name = ir.variables[u.var].name.clone();
        interface.default_block_members.push((var_name, offset));
        let mut leaves = Vec::new();
        let name = u.name.clone().unwrap_or_default();
        flatten(ir, u.ty, &name, offset, None, (None, false), (1, 0), &mut leaves)?;
        let mut next = location as i32;
        for l in leaves {
            interface.uniforms.push(glsl::ActiveUniform {
                name: l.name,
                gl_type: l.gl_type,
                array_size: l.array_size,
                location: next,
                offset: l.offset,
                array_stride: l.array_stride,
                matrix_stride: l.matrix_stride,
                block_index: -1,
                sampler_index: None,
                row_major: false,
            });
            next += l.locations as i32;
        }
        interface.explicit_uniform_locations.push((location as i32, next));
    }
    link_samplers(&mut stages, &mut interface)?;
    interface.explicit_uniform_locations.sort_unstable();
    for w in interface.explicit_uniform_locations.windows(2) {
        if w[0].1 > w[1].0 {
            return Err(format!("uniforms at locations {} and {} overlap", w[0].0, w[1].0));
        }
    }
    interface.default_block_size = round_up(end, 16);

    // Blocks, numbered by binding point; element i of an array of blocks is the block at
    // its binding + i.
    let mut ubo_bindings: Vec<u32> = Vec::new();
    let mut ssbo_bindings: Vec<u32> = Vec::new();
    for (_, s) in &stages {
        for b in &s.interface.blocks {
            let list = if b.storage { &mut ssbo_bindings } else { &mut ubo_bindings };
            for i in 0..b.array_size.unwrap_or(1) {
                if !list.contains(&(b.binding + i)) {
                    list.push(b.binding + i);
                }
            }
        }
    }
    ubo_bindings.sort_unstable();
    ssbo_bindings.sort_unstable();
    for storage in [false, true] {
        let bindings = if storage { &ssbo_bindings } else { &ubo_bindings };
        // The active uniforms of element 0 of an array of blocks, which the others share.
        let mut shared_members: Vec<u32> = Vec::new();
        for (k, &binding) in bindings.iter().enumerate() {
            let covers = |b: &spirv_in::BufferBlockInfo| b.storage == storage && (b.binding..b.binding + b.array_size.unwrap_or(1)).contains(&binding);
            let users: Vec<(glsl::Stage, &spirv_in::SpirvShader, &spirv_in::BufferBlockInfo)> =
                stages.iter().flat_map(|(st, s)| s.interface.blocks.iter().filter(|b| covers(b)).map(move |b| (*st, s, b))).collect();
            let (_, first, info) = users[0];
            let element = binding - info.binding;
            let prefix = info.name.clone().unwrap_or_default();
            let name = format!("{prefix}{}", element_suffix(&info.array_dims, element));
            let block_stages = users.iter().map(|(st, _, _)| *st).collect();
            let kind = if storage { Layout::Std430 } else { Layout::Std140 };
            let size = explicit_size(&first.ir, info.ty, None, false, kind);
            let mut leaves = Vec::new();
            // Every storage block lists its own buffer variables.
            if element == 0 || storage {
                flatten(&first.ir, info.ty, &prefix, 0, Some(kind), (None, false), (1, 0), &mut leaves)?;
            }
            if !storage {
                if element == 0 {
                    let start = interface.uniforms.len() as u32;
                    for l in &leaves {
                        interface.uniforms.push(glsl::ActiveUniform {
                            name: l.name.clone(),
                            gl_type: l.gl_type,
                            array_size: l.array_size,
                            location: -1,
                            offset: l.offset,
                            array_stride: l.array_stride,
                            matrix_stride: l.matrix_stride,
                            block_index: k as i32,
                            sampler_index: None,
                            row_major: l.row_major,
                        });
                    }
                    shared_members = (start..interface.uniforms.len() as u32).collect();
                }
                interface.uniform_blocks.push(glsl::UniformBlock {
                    name,
                    index: k as u32,
                    initial_binding: binding,
                    data_size: round_up(size, 16),
                    active_uniforms: shared_members.clone(),
                    stages: block_stages,
                });
            } else {
                let align = layout::size_align(&first.ir, info.ty, Layout::Std430, false).1;
                interface.storage_blocks.push(glsl::StorageBlock {
                    name,
                    index: k as u32,
                    initial_binding: binding,
                    data_size: round_up(size, align),
                    stages: block_stages,
                    array_index: element,
                    array_size: info.array_size.unwrap_or(1),
                    members: leaves
                        .into_iter()
                        .map(|l| glsl::link_storage::BufferVariable {
                            name: l.name,
                            gl_type: l.gl_type,
                            array_size: l.array_size,
                            offset: l.offset,
                            array_stride: l.array_stride,
                            matrix_stride: l.matrix_stride,
                            row_major: l.row_major,
                            top_level_array_size: l.top_level.0,
                            top_level_array_stride: l.top_level.1,
                        })
                        .collect(),
                });
            }
        }
    }
    // Each stage's block variables take their program-relative bindings (an array of
    // blocks, one descriptor array at its element 0's).
    for (_, s) in &mut stages {
        for b in &s.interface.blocks {
            let list = if b.storage { &ssbo_bindings } else { &ubo_bindings };
            let k = list.iter().position(|x| *x == b.binding).unwrap_or(0) as u32;
            s.ir.variables[b.var].binding = Some(if b.storage { 256 + k } else { 1 + k });
            s.ir.variables[b.var].descriptor_set = Some(0);
        }
    }

    link_atomic_counters(&mut stages, &mut interface)?;

    // Transform feedback the vertex stage (the last one before rasterisation a SPIR-V
    // program has) declares; the fragment stage's inputs keep their locations.
    let next_stage = match stages.iter().find(|(st, _)| *st == glsl::Stage::Fragment) {
        Some((_, fs)) => glsl::link_xfb::stage_reads(&fs.ir),
        None => nir_like::passes::NextStageReads::Locations(Vec::new()),
    };
    if let Some((stage, vs)) = stages.iter_mut().find(|(st, _)| *st == glsl::Stage::Vertex) {
        let captures: Vec<_> = vs.interface.xfb_outputs.iter().map(|o| (o.capture.clone(), o.name.clone())).collect();
        glsl::link_xfb::link_declared_transform_feedback(&mut vs.ir, *stage, &captures, &next_stage, &mut interface.transform_feedback)?;
    }

    // Vertex inputs and fragment outputs, by location.
    for (stage, s) in &stages {
        let list = match stage {
            glsl::Stage::Vertex => &s.interface.inputs,
            glsl::Stage::Fragment => &s.interface.outputs,
            _ => continue,
        };
        for v in list {
            let (ty, array_size) = match &s.ir.types[v.ty] {
                Type::Array { element, length, .. } => (*element, length.unwrap_or(1)),
                _ => (v.ty, 1),
            };
            let gl_type = gl_type(&s.ir, ty).ok_or("a vertex input or fragment output of a type GL has no enum for")?;
            if matches!(&s.ir.types[ty], Type::Vector(vt) if vt.bits == 64) || matches!(&s.ir.types[ty], Type::Matrix { bits: 64, .. }) {
                return Err("64-bit vertex inputs are not supported yet in SPIR-V programs".into());
            }
            let var = glsl::ActiveVariable { name: v.name.clone().unwrap_or_default(), gl_type, array_size, location: v.location as i32, index: 0 };
            if *stage == glsl::Stage::Vertex {
                interface.attributes.push(var);
            } else {
                interface.fragment_outputs.push(var);
            }
        }
    }
    interface.compute_local_size = stages.iter().find(|(s, _)| *s == glsl::Stage::Compute).map(|(_, s)| s.ir.info.compute.local_size);

    let stages = stages
        .into_iter()
        .map(|(stage, s)| {
            let shader = glsl::CompiledShader { success: true, info_log: String::new(), stage, settings: None, ast: None, interface: None };
            glsl::LinkedStage { stage, shader, ir: Ok(s.ir) }
        })
        .collect();
    Ok(glsl::LinkedProgram { success: true, info_log: String::new(), stages, interface })
}
