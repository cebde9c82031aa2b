//! Tessellation on devices without tessellationShader (and with `GALVAN_EMULATE=tess`),
//! the way Asahi runs it on AGX: a GL_PATCHES draw becomes
//! 1. the vertex shader storing per-vertex records (`lower_outputs_to_records`), drawn as
//!    points with the rasteriser discarding them;
//! 2. the control shader as compute (`lower_tcs_to_compute`), one workgroup per patch,
//!    writing control points and patch outputs to a patch buffer and the levels to a
//!    buffer of their own;
//! 3. the host reading the levels back (a stall: the draw waits for the GPU) and making
//!    each patch's points and primitives (`tessellator.rs`);
//! 4. the evaluation shader as the vertex shader of an indexed draw of those points
//!    (`lower_tes_to_vertex`), which carries the program's fragment stage and state.
//!
//! Instances are flattened into patches: the control stage runs once per patch of every
//! instance, and the final draw has one instance. Which records feed which patch is worked
//! out here, as transform feedback emulation does, so the shaders stay gathers.

use std::sync::Arc;

use nir_like::passes::{lower_tcs_to_compute, lower_tes_to_vertex, PatchLayout, RecordLayout, RecordStorage, TessBindings, XfbDrawParams, TESS_CONTROL_HEADER_WORDS, TESS_COORD_WORDS, TESS_LEVEL_WORDS};
use vk_backend::{BindingDesc, BindingKind, DispatchRecord, DispatchSize, MemoryHint, Program as GpuProgram, ProgramDesc, RenderTargets, ShaderModule, StageMask, Topology};

use crate::context::ContextState;
use crate::draw_path::dispatch::OwnedResource;
use crate::draw_path::draw::{ImmediateVertices, IndexedDraw, Indices};
use crate::draw_path::record_error::RecordError;
use crate::draw_path::tessellator::{tessellate, Domain, Primitives, Spacing, TessLayout};
use crate::types::enums::*;
use crate::types::*;

/// The vertex stage's records (docs/conventions.md).
pub const VERTEX_RECORDS_BINDING: u32 = 490;
/// The records draw's numbers, laid out as [`XfbDrawParams`].
pub const VERTEX_PARAMS_BINDING: u32 = 491;
/// The control dispatch's header and record slots.
pub const CONTROL_BINDING: u32 = 492;
pub const PATCHES_BINDING: u32 = 493;
pub const LEVELS_BINDING: u32 = 494;
pub const COORDS_BINDING: u32 = 495;

const BINDINGS: TessBindings = TessBindings {
    set: 0,
    vertex_records: VERTEX_RECORDS_BINDING,
    control: CONTROL_BINDING,
    patches: PATCHES_BINDING,
    levels: LEVELS_BINDING,
    coords: COORDS_BINDING,
};

/// What a draw of a program with emulated tessellation needs besides its final program.
pub struct TessEmulation {
    /// The vertex shader storing records.
    vertex: GpuProgram,
    /// The control shader as compute.
    control: GpuProgram,
    record_words: u32,
    patch: PatchLayout,
    layout: TessLayout,
}

/// How one draw of the emulation differs from the program's own draw.
pub(crate) struct EmulatedDrawStage<'a> {
    /// The program to draw with instead of the linked one's.
    pub program: Option<&'a GpuProgram>,
    /// Bindings to add to the program's own.
    pub resources: &'a [OwnedResource],
    /// Whether the draw reads the vertex arrays (the final draw reads buffers instead).
    pub vertex_input: bool,
    /// The records draw makes no fragments and captures nothing.
    pub records_only: bool,
}

/// Whether `linked` draws through emulated tessellation on a target with `caps`.
pub(crate) fn is_emulated(caps: &nir_like::Caps, linked: &glsl::LinkedProgram) -> bool {
    caps.tessellation_emulated() && linked.stages.iter().any(|s| s.stage == glsl::Stage::TessEval)
}

/// The stages of the final draw: the evaluation shader as a vertex shader, then the
/// geometry and fragment stages. `stages` holds every stage (a generated control shader
/// included), in pipeline order.
pub(crate) fn final_draw_stages(stages: Vec<(glsl::Stage, nir_like::Shader)>) -> Result<Vec<(glsl::Stage, nir_like::Shader)>, String> {
    let control = stages.iter().find(|(s, _)| *s == glsl::Stage::TessControl).map(|(_, ir)| ir).ok_or("emulated tessellation needs a control stage")?;
    let patch = lower_tcs_to_compute(&mut control.clone(), &RecordLayout::default(), &BINDINGS)?;
    let mut out = Vec::new();
    for (stage, mut ir) in stages {
        match stage {
            glsl::Stage::Vertex | glsl::Stage::TessControl => {}
            glsl::Stage::TessEval => {
                lower_tes_to_vertex(&mut ir, &patch, &BINDINGS)?;
                out.push((stage, ir));
            }
            _ => out.push((stage, ir)),
        }
    }
    Ok(out)
}

/// The bindings the final draw's vertex stage reads: patches, levels and points.
pub(crate) fn final_draw_bindings() -> [BindingDesc; 3] {
    let storage = |binding| BindingDesc { binding, kind: BindingKind::StorageBuffer, count: 1, stages: StageMask::VERTEX };
    [storage(PATCHES_BINDING), storage(LEVELS_BINDING), storage(COORDS_BINDING)]
}

fn tess_layout(info: &nir_like::TessInfo) -> TessLayout {
    TessLayout {
        domain: match info.primitive_mode {
            nir_like::Primitive::Quads => Domain::Quads,
            nir_like::Primitive::Isolines => Domain::Isolines,
            _ => Domain::Triangles,
        },
        spacing: match info.spacing {
            nir_like::TessSpacing::Equal => Spacing::Equal,
            nir_like::TessSpacing::FractionalEven => Spacing::FractionalEven,
            nir_like::TessSpacing::FractionalOdd => Spacing::FractionalOdd,
        },
        ccw: info.ccw,
        point_mode: info.point_mode,
        max_level: crate::draw_path::patches::MAX_TESS_GEN_LEVEL as f32,
    }
}

fn topology_of(primitives: Primitives) -> Topology {
    match primitives {
        Primitives::Triangles => Topology::TriangleList,
        Primitives::Lines => Topology::LineList,
        Primitives::Points => Topology::PointList,
    }
}

fn words_to_bytes(words: impl IntoIterator<Item = u32>) -> Vec<u8> {
    words.into_iter().flat_map(u32::to_ne_bytes).collect()
}

impl ContextState {
    /// The records-storing vertex program and the control program of `linked`, whose
    /// tessellation is emulated; `Err` is the info-log line saying why it cannot be.
    pub(crate) fn build_tess_emulation(&self, linked: &glsl::LinkedProgram) -> Result<TessEmulation, String> {
        let stage_ir = |stage| linked.stages.iter().find(|s| s.stage == stage).map(|s| s.ir.as_ref().map_err(|e| format!("{} shader: {e}", stage.name())));
        let mut vertex = stage_ir(glsl::Stage::Vertex).ok_or("emulated tessellation needs a vertex shader")??.clone();
        let mut eval = stage_ir(glsl::Stage::TessEval).ok_or("no tessellation evaluation shader")??.clone();
        let mut control = match stage_ir(glsl::Stage::TessControl) {
            Some(ir) => ir?.clone(),
            None => {
                let find = |name: &str| linked.interface.builtin_uniforms.iter().find(|(n, _)| n == name).map(|(_, o)| *o);
                let (outer, inner) = find(glsl::link::PATCH_DEFAULT_OUTER).zip(find(glsl::link::PATCH_DEFAULT_INNER)).ok_or("the default tessellation levels have no place")?;
                glsl::passthrough_tcs::passthrough_control_shader(&mut eval, outer, inner)
            }
        };
        let layout = tess_layout(&eval.info.tess);
        let caps = self.caps;
        let options = self.lower_options(linked);

        let records = RecordLayout::of_outputs(&vertex);
        let storage = RecordStorage { set: 0, records_binding: VERTEX_RECORDS_BINDING, params_binding: VERTEX_PARAMS_BINDING, layout: records.clone() };
        nir_like::passes::lower_for_caps(&mut vertex, &caps, &nir_like::passes::LowerOptions { output_records: Some(storage), ..options.clone() });
        let vertex_module = self.shader_module(glsl::Stage::Vertex, &vertex)?;

        let patch = lower_tcs_to_compute(&mut control, &records, &BINDINGS)?;
        nir_like::passes::lower_for_caps(&mut control, &caps, &options);
        let control_module = self.shader_module(glsl::Stage::TessControl, &control)?;

        let storage_binding = |binding, stages| BindingDesc { binding, kind: BindingKind::StorageBuffer, count: 1, stages };
        let mut vertex_bindings = crate::objects::program_link::program_bindings(&linked.interface, StageMask::VERTEX);
        vertex_bindings.push(storage_binding(VERTEX_RECORDS_BINDING, StageMask::VERTEX));
        vertex_bindings.push(BindingDesc { binding: VERTEX_PARAMS_BINDING, kind: BindingKind::UniformBuffer, count: 1, stages: StageMask::VERTEX });
        let mut control_bindings = crate::objects::program_link::program_bindings(&linked.interface, StageMask::COMPUTE);
        for binding in [VERTEX_RECORDS_BINDING, CONTROL_BINDING, PATCHES_BINDING, LEVELS_BINDING] {
            control_bindings.push(storage_binding(binding, StageMask::COMPUTE));
        }
        let program = |module: &ShaderModule, bindings: &[BindingDesc]| GpuProgram::new(&self.device, &ProgramDesc { modules: &[module], bindings }).map_err(|e| e.to_string());
        Ok(TessEmulation {
            vertex: program(&vertex_module, &vertex_bindings)?,
            control: program(&control_module, &control_bindings)?,
            record_words: records.words_per_vertex,
            patch,
            layout,
        })
    }

    /// Draws GL_PATCHES through the emulation: records, control dispatch, host
    /// tessellation, final draw.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn draw_tessellated(
        &mut self,
        executable: &Arc<std::sync::Mutex<crate::objects::program_link::LinkedProgram>>,
        tess: &TessEmulation,
        targets: RenderTargets,
        first: GLint,
        count: GLsizei,
        instances: GLsizei,
        base_vertex: GLint,
        base_instance: GLuint,
        draw: IndexedDraw,
        immediate: Option<ImmediateVertices>,
    ) -> Result<(), RecordError> {
        let patch_vertices = self.state.patch.vertices.max(1) as usize;
        // Each drawn vertex's gl_VertexIndex (glBegin/glEnd vertices are drawn in order).
        let drawn: Vec<u64> = match self.element_indices(count, draw.indices, draw.element_buffer).map_err(RecordError::Gl)? {
            Some(list) => list.into_iter().map(|i| (i64::from(i) + i64::from(base_vertex)).max(0) as u64).collect(),
            None => (0..count as u64).map(|i| first as u64 + i).collect(),
        };
        let per_instance_patches = drawn.len() / patch_vertices;
        let total_patches = per_instance_patches * instances as usize;
        if total_patches == 0 {
            return Ok(());
        }
        let max_groups = self.device.info().limits.max_compute_work_group_count[0] as usize;
        if total_patches > max_groups {
            return Err(RecordError::Gl(GL_OUT_OF_MEMORY));
        }
        let lowest = drawn.iter().copied().min().unwrap_or(0);
        let highest = drawn.iter().copied().max().unwrap_or(0);
        let per_instance = (highest - lowest + 1) as usize;
        let slot_count = per_instance.checked_mul(instances as usize).filter(|&n| n <= u32::MAX as usize).ok_or(RecordError::Gl(GL_OUT_OF_MEMORY))?;

        // 1. The vertex stage's records.
        let record_bytes = (slot_count as u64 * u64::from(tess.record_words) * 4).max(16);
        let records = self.scratch_buffers.take(&self.device, record_bytes, MemoryHint::DeviceLocal)?;
        let params = XfbDrawParams { first_vertex: lowest as u32, first_instance: base_instance, vertices_per_instance: per_instance as u32, slot_count: slot_count as u32 };
        let params_bytes = words_to_bytes(params.to_words());
        let (params_buffer, params_offset) = self.stream.stream_upload(&params_bytes)?;
        let record_resources = [
            OwnedResource::Storage { binding: VERTEX_RECORDS_BINDING, element: 0, buffer: records.clone(), offset: 0, size: record_bytes },
            OwnedResource::Uniform { binding: VERTEX_PARAMS_BINDING, element: 0, buffer: params_buffer, offset: params_offset, size: params_bytes.len() as u64 },
        ];
        let stage = EmulatedDrawStage { program: Some(&tess.vertex), resources: &record_resources, vertex_input: true, records_only: true };
        // The queries count the tessellated primitives, not these points.
        self.stream.set_queries_counting(false)?;
        let stored = self.record_draw(executable, Topology::PointList, targets.clone(), first, count, instances, base_vertex, base_instance, draw, immediate, Some(&stage));
        self.stream.set_queries_counting(true)?;
        stored?;

        // 2. The control stage, one workgroup per patch.
        let mut control_words = vec![patch_vertices as u32, per_instance_patches as u32, 0, 0];
        debug_assert_eq!(control_words.len() as u32, TESS_CONTROL_HEADER_WORDS);
        for instance in 0..instances as u64 {
            for patch in 0..per_instance_patches {
                for v in &drawn[patch * patch_vertices..(patch + 1) * patch_vertices] {
                    control_words.push((v - lowest + instance * per_instance as u64) as u32);
                }
            }
        }
        let control_bytes = words_to_bytes(control_words);
        let (control, control_offset) = self.stream.stream_upload(&control_bytes)?;
        let patch_bytes = (total_patches as u64 * u64::from(tess.patch.patch_words) * 4).max(16);
        let patches = self.scratch_buffers.take(&self.device, patch_bytes, MemoryHint::DeviceLocal)?;
        let level_bytes = total_patches as u64 * u64::from(TESS_LEVEL_WORDS) * 4;
        let levels = self.scratch_buffers.take(&self.device, level_bytes, MemoryHint::HostVisible)?;
        let (_, mut resources) = self.compute_resources(executable)?;
        resources.extend([
            OwnedResource::Storage { binding: VERTEX_RECORDS_BINDING, element: 0, buffer: records.clone(), offset: 0, size: record_bytes },
            OwnedResource::Storage { binding: CONTROL_BINDING, element: 0, buffer: control, offset: control_offset, size: control_bytes.len() as u64 },
            OwnedResource::Storage { binding: PATCHES_BINDING, element: 0, buffer: patches.clone(), offset: 0, size: patch_bytes },
            OwnedResource::Storage { binding: LEVELS_BINDING, element: 0, buffer: levels.clone(), offset: 0, size: level_bytes },
        ]);
        let bound: Vec<_> = resources.iter().map(OwnedResource::binding).collect();
        self.stream.dispatch(&DispatchRecord { program: &tess.control, resources: &bound, size: DispatchSize::Direct([total_patches as u32, 1, 1]), group_size: None })?;
        drop(bound);
        drop(resources);

        // 3. The levels back on the host, and every patch tessellated.
        let level_data = self.stream.read_buffer(&levels, 0, level_bytes)?;
        let level_words: Vec<f32> = level_data.chunks_exact(4).map(|c| f32::from_ne_bytes([c[0], c[1], c[2], c[3]])).collect();
        let mut coords: Vec<u32> = Vec::new();
        let mut indices: Vec<u32> = Vec::new();
        for patch in 0..total_patches {
            let l = &level_words[patch * TESS_LEVEL_WORDS as usize..];
            let t = tessellate(&tess.layout, [l[0], l[1], l[2], l[3]], [l[4], l[5]]);
            let base = (coords.len() / TESS_COORD_WORDS as usize) as u32;
            let primitive_id = (patch % per_instance_patches) as u32;
            for c in &t.coords {
                coords.extend([c[0].to_bits(), c[1].to_bits(), c[2].to_bits(), patch as u32, primitive_id]);
            }
            indices.extend(t.indices.iter().map(|i| i + base));
        }
        if indices.is_empty() {
            self.scratch_buffers.keep([records, patches, levels]);
            return Ok(());
        }

        // 4. The evaluation shader over the points, into the program's fragment stage.
        let coord_bytes = words_to_bytes(coords);
        let (coord_buffer, coord_offset) = self.stream.stream_upload(&coord_bytes)?;
        let final_resources = [
            OwnedResource::Storage { binding: PATCHES_BINDING, element: 0, buffer: patches.clone(), offset: 0, size: patch_bytes },
            OwnedResource::Storage { binding: LEVELS_BINDING, element: 0, buffer: levels.clone(), offset: 0, size: level_bytes },
            OwnedResource::Storage { binding: COORDS_BINDING, element: 0, buffer: coord_buffer, offset: coord_offset, size: coord_bytes.len() as u64 },
        ];
        let stage = EmulatedDrawStage { program: None, resources: &final_resources, vertex_input: false, records_only: false };
        let client = IndexedDraw { indices: Some(Indices { ty: GL_UNSIGNED_INT, offset: indices.as_ptr() as usize }), element_buffer: 0, restart: false };
        let topology = topology_of(tess.layout.primitives());
        let result = self.record_draw(executable, topology, targets, 0, indices.len() as GLsizei, 1, 0, 0, client, None, Some(&stage));
        drop(indices);
        drop(final_resources);
        self.scratch_buffers.keep([records, patches, levels]);
        result
    }
}
