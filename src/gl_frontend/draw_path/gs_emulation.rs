//! Geometry shaders on devices without geometryShader (and with `GALVAN_EMULATE=gs`), as
//! three steps per draw:
//! 1. the draw itself, with rasteriser discard, through the program's vertex shader,
//!    which stores every output into a per-vertex record (`lower_outputs_to_records`,
//!    records at binding 482, the draw's numbers at 483);
//! 2. a compute dispatch of the geometry shader (`lower_gs_to_compute`), one invocation
//!    per (input primitive, GS invocation), reading the records of each primitive's
//!    vertices from a slot list worked out here (484) and storing the vertices it emits
//!    (485) and strip indices with restarts (486), with its numbers at 487;
//! 3. an indexed draw of those indices through a pass-through vertex shader
//!    (`build_gs_passthrough_vertex`) and the program's fragment shader.
//!
//! The barriers between the steps come from the backend's resource tracking. Which record
//! slots make each input primitive is GL's primitive assembly, done on the host
//! (`primitive_assembly`), as transform feedback emulation does.
//!
//! Transform feedback captures what the geometry shader emits. With native capture the
//! third draw captures it: the pass-through vertex shader's outputs carry the geometry
//! shader's capture decorations. With emulated capture that shader stores a record per
//! emitted vertex (`lower_xfb_to_storage`), and the copy after the draw needs the emitted
//! strips as GL's primitives, which only the GPU knows: a capturing draw reads the index
//! list back after the dispatch (the draw waits for the GPU, as tessellation emulation
//! waits for its levels) and assembles them on the host. Draws that capture nothing never
//! wait.
//!
//! Vertex streams 1 to 3 are never drawn: the compute shader stores their captured
//! outputs as capture records itself (488 the vertices each invocation emitted to each,
//! 489 the records), and the host reads the counts back, when a capture or a
//! GL_PRIMITIVES_GENERATED query of those streams needs them, to count their points and
//! copy them to each stream's own buffers.
//!
//! The pipeline-statistics queries count each GL counter in the step that stands for
//! it: the input vertices and vertex-shader invocations in the first draw, nothing in
//! the dispatch, the rest in the third draw, whose input-assembly primitives are the
//! geometry shader's emitted ones; its invocations are known here and counted on the
//! host.

use nir_like::passes::{GsComputeParams, XfbDrawParams, XfbRecordLayout, GS_COMPUTE_GROUP_SIZE, GS_OTHER_STREAMS, GS_RESTART_INDEX};
use nir_like::Primitive;
use vk_backend::{
    BindingDesc, BindingKind, Buffer as GpuBuffer, PipelineStatistic, QueryCounting, DispatchRecord, DispatchSize, DrawCounts, DrawRecord, IndexBinding, IndexType, MemoryHint,
    Program as GpuProgram, RenderState, RenderTargets, ResourceBinding, StageMask, Topology, VertexBufferBinding, VertexInput, Viewport, Rect,
};

use crate::context::ContextState;
use crate::draw_path::dispatch::OwnedResource;
use crate::draw_path::draw::Indices;
use crate::draw_path::primitive_assembly::{captured_slots, geometry_input_slots, geometry_input_vertices, vertices_per_primitive};
use crate::draw_path::xfb_emulation::EmulatedCopy;
use crate::draw_path::record_error::RecordError;
use crate::types::enums::*;
use crate::types::*;

/// The vertex stage's records (storage buffer).
pub const RECORDS_BINDING: u32 = 482;
/// The draw's numbers for the record slots ([`XfbDrawParams`], uniform block).
pub const RECORD_PARAMS_BINDING: u32 = 483;
/// The record slots of every input primitive's vertices (storage buffer).
pub const SLOTS_BINDING: u32 = 484;
/// The vertices the geometry shader emitted (storage buffer).
pub const VERTICES_BINDING: u32 = 485;
/// The indices of the emitted strips (storage buffer, then the index buffer).
pub const INDICES_BINDING: u32 = 486;
/// The geometry shader's numbers ([`GsComputeParams`], uniform block).
pub const PARAMS_BINDING: u32 = 487;
/// The vertices each invocation emitted to streams 1 to 3 (storage buffer, read back).
pub const STREAM_COUNTS_BINDING: u32 = 488;
/// Capture records of the vertices emitted to streams 1 to 3 (storage buffer).
pub const STREAM_RECORDS_BINDING: u32 = 489;

/// The pipeline-statistics counters of the GL draw's vertices, which its first step
/// counts; the draw of what the geometry shader emitted counts the rest.
const VERTEX_SIDE_COUNTERS: [PipelineStatistic; 5] = [
    PipelineStatistic::InputAssemblyVertices,
    PipelineStatistic::InputAssemblyPrimitives,
    PipelineStatistic::VertexShaderInvocations,
    PipelineStatistic::TessellationControlShaderPatches,
    PipelineStatistic::TessellationEvaluationShaderInvocations,
];

/// The stages every binding of a program with an emulated geometry shader is visible
/// to: its three GPU programs share one set layout.
pub(crate) const EMULATED_GS_STAGES: StageMask = StageMask(StageMask::VERTEX.0 | StageMask::FRAGMENT.0 | StageMask::COMPUTE.0);

/// The descriptor bindings the emulation adds to each of the program's GPU programs.
pub(crate) fn gs_emulation_bindings() -> [BindingDesc; 8] {
    let storage = |binding| BindingDesc { binding, kind: BindingKind::StorageBuffer, count: 1, stages: EMULATED_GS_STAGES };
    let uniform = |binding| BindingDesc { binding, kind: BindingKind::UniformBuffer, count: 1, stages: EMULATED_GS_STAGES };
    [
        storage(RECORDS_BINDING),
        uniform(RECORD_PARAMS_BINDING),
        storage(SLOTS_BINDING),
        storage(VERTICES_BINDING),
        storage(INDICES_BINDING),
        uniform(PARAMS_BINDING),
        storage(STREAM_COUNTS_BINDING),
        storage(STREAM_RECORDS_BINDING),
    ]
}

/// What a program with an emulated geometry shader runs besides its drawing program (the
/// pass-through vertex shader and the fragment shader, the executable's `gpu`).
#[derive(Clone)]
pub struct GsEmulation {
    /// The program's vertex shader storing records, alone.
    pub vertex: GpuProgram,
    /// The geometry shader as compute.
    pub geometry: GpuProgram,
    pub shape: GsShape,
    /// The record layout of the pass-through vertex shader's captures, when it stores them
    /// (the geometry shader is captured and the device's capture is emulated).
    pub capture: Option<XfbRecordLayout>,
}

/// The numbers of an emulated geometry shader the draw path sizes its buffers by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GsShape {
    pub input_vertices: u32,
    pub invocations: u32,
    pub max_vertices: u32,
    pub output: Primitive,
    /// Words of one vertex record and of one emitted vertex.
    pub record_words: u32,
    pub output_words: u32,
    /// The shader emits to vertex streams 1 to 3 (`EmitStreamVertex`).
    pub other_streams: bool,
}

impl GsShape {
    fn output_topology(&self) -> Topology {
        match self.output {
            Primitive::Points => Topology::PointList,
            Primitive::LineStrip | Primitive::Lines => Topology::LineStrip,
            _ => Topology::TriangleStrip,
        }
    }
}

/// The draw as record_draw assembled it, for the three steps.
pub(crate) struct EmulatedGsDraw<'a> {
    pub targets: &'a RenderTargets,
    pub topology: Topology,
    pub vertex_input: &'a VertexInput,
    pub vertex_buffers: &'a [VertexBufferBinding<'a>],
    pub index_buffer: Option<IndexBinding<'a>>,
    pub state: &'a RenderState,
    pub viewports: &'a [Viewport],
    pub scissors: &'a [Rect],
    /// The program's own resources (uniforms, textures, storage, images).
    pub resources: &'a [ResourceBinding<'a>],
    /// The program drawing the emitted vertices (the executable's `gpu` or its variant).
    pub raster_program: &'a GpuProgram,
    pub capture: Option<vk_backend::XfbDraw<'a>>,
    pub first: GLint,
    pub count: GLsizei,
    pub instances: GLsizei,
    pub base_vertex: GLint,
    pub base_instance: GLuint,
    pub indices: Option<Indices>,
    pub element_buffer: GLuint,
    pub restart: bool,
}

impl ContextState {
    /// Records the three steps of a draw through an emulated geometry shader; the queries
    /// count all work again afterwards, whatever the steps did.
    pub(crate) fn draw_emulated_geometry(&mut self, emulation: &GsEmulation, draw: &EmulatedGsDraw<'_>) -> Result<(), RecordError> {
        let drawn = self.record_emulated_geometry(emulation, draw);
        self.stream.set_query_counting(QueryCounting::ALL)?;
        drawn
    }

    fn record_emulated_geometry(&mut self, emulation: &GsEmulation, draw: &EmulatedGsDraw<'_>) -> Result<(), RecordError> {
        let gs = &emulation.shape;
        // The draw's mode must give the primitives the geometry shader takes.
        if geometry_input_vertices(draw.topology) != Some(gs.input_vertices as usize) {
            return Err(RecordError::Gl(GL_INVALID_OPERATION));
        }
        let drawn = self.drawn_vertices(draw.first, draw.count, draw.base_vertex, draw.indices, draw.element_buffer, draw.restart)?;
        let last_provoking = self.state.raster.provoking_vertex == GL_LAST_VERTEX_CONVENTION;
        let instance_slots = geometry_input_slots(draw.topology, &drawn.slots, last_provoking);
        let per_instance = instance_slots.len() as u64 / u64::from(gs.input_vertices);
        let instances = draw.instances.max(0) as u64;
        let primitives = per_instance * instances;
        let invocations = primitives * u64::from(gs.invocations);
        if primitives == 0 {
            return Ok(());
        }
        let too_big = RecordError::Gl(GL_OUT_OF_MEMORY);
        let slot_count = u64::from(drawn.per_instance) * instances;
        let index_count = invocations * 2 * u64::from(gs.max_vertices);
        if index_count > u64::from(u32::MAX) || slot_count > u64::from(u32::MAX) {
            return Err(too_big);
        }
        let mut slot_list = Vec::with_capacity(instance_slots.len() * instances as usize);
        for instance in 0..instances as u32 {
            slot_list.extend(instance_slots.iter().map(|s| s + instance * drawn.per_instance));
        }

        let records = self.scratch_buffers.take(&self.device, slot_count * u64::from(gs.record_words) * 4, MemoryHint::DeviceLocal)?;
        let vertices_bytes = invocations * u64::from(gs.max_vertices) * u64::from(gs.output_words) * 4;
        let vertices = self.scratch_buffers.take(&self.device, vertices_bytes, MemoryHint::DeviceLocal)?;
        let capturing = emulation.capture.is_some() && self.transform_feedback.capturing();
        let index_memory = if capturing { MemoryHint::HostVisible } else { MemoryHint::DeviceLocal };
        let indices = self.scratch_buffers.take(&self.device, index_count * 4, index_memory)?;
        let slot_bytes: Vec<u8> = slot_list.iter().flat_map(|s| s.to_ne_bytes()).collect();
        let (slots, slots_offset) = self.stream.stream_upload(&slot_bytes)?;
        let slots = OwnedResource::Storage { binding: SLOTS_BINDING, element: 0, buffer: slots, offset: slots_offset, size: slot_bytes.len() as u64 };
        let record_params = XfbDrawParams {
            first_vertex: drawn.first_vertex,
            first_instance: draw.base_instance,
            vertices_per_instance: drawn.per_instance,
            slot_count: slot_count as u32,
        };
        let record_params = self.upload_words(RECORD_PARAMS_BINDING, &record_params.to_words())?;
        let other = self.other_stream_buffers(emulation, invocations)?;
        let other_stream_slots = other.as_ref().map_or(0, |o| o.slots);
        let params = GsComputeParams { primitive_count: primitives as u32, primitives_per_instance: per_instance as u32, other_stream_slots };
        let params = self.upload_words(PARAMS_BINDING, &params.to_words())?;
        let storage = |binding, buffer: &GpuBuffer| OwnedResource::Storage { binding, element: 0, buffer: buffer.clone(), offset: 0, size: buffer.size() };

        // 1. The vertex stage stores its records.
        let mut discard = draw.state.clone();
        discard.raster.rasterizer_discard = true;
        let owned = [storage(RECORDS_BINDING, &records), record_params];
        let resources = with_resources(draw.resources, &owned);
        // Of the queries, only the vertex-side counters count this draw: the primitive
        // queries count what the geometry shader emits.
        self.stream.set_query_counting(QueryCounting { other_kinds: false, statistics: QueryCounting::bits(&VERTEX_SIDE_COUNTERS), emulated_geometry: false })?;
        self.stream.set_render_targets(draw.targets)?;
        let stored = self.stream.draw(&DrawRecord {
            program: &emulation.vertex,
            vertex_input: draw.vertex_input,
            state: &discard,
            viewports: draw.viewports,
            scissors: draw.scissors,
            vertex_buffers: draw.vertex_buffers,
            index_buffer: draw.index_buffer.as_ref().map(|i| IndexBinding { buffer: i.buffer, offset: i.offset, index_type: i.index_type }),
            resources: &resources,
            counts: DrawCounts { count: draw.count as u32, instance_count: draw.instances as u32, first: draw.first as u32, base_vertex: draw.base_vertex, base_instance: draw.base_instance },
            xfb: None,
            captured_count: None,
        });
        // The compute pass is no GL compute work.
        self.stream.set_queries_counting(false)?;
        stored?;

        // 2. The geometry shader runs over every input primitive.
        self.count_host_primitives(GL_GEOMETRY_SHADER_INVOCATIONS, 0, invocations);
        let mut owned = vec![storage(RECORDS_BINDING, &records), slots, storage(VERTICES_BINDING, &vertices), storage(INDICES_BINDING, &indices), params];
        if let Some(o) = &other {
            owned.extend([storage(STREAM_COUNTS_BINDING, &o.counts), storage(STREAM_RECORDS_BINDING, &o.records)]);
        }
        let resources = with_resources(draw.resources, &owned);
        let groups = invocations.div_ceil(u64::from(GS_COMPUTE_GROUP_SIZE)) as u32;
        self.stream.dispatch(&DispatchRecord { program: &emulation.geometry, resources: &resources, size: DispatchSize::Direct([groups, 1, 1]), group_size: None })?;
        drop(resources);
        let other_copies = match &other {
            Some(o) if o.read_back => self.other_stream_results(emulation, o, invocations)?,
            _ => Vec::new(),
        };
        let emitted = invocations * u64::from(gs.max_vertices);
        let (capture, copy) = match emulation.capture {
            Some(layout) if capturing => {
                let (capture, copy) = self.emulated_gs_capture(layout, &indices, index_count, emitted, gs.output_topology())?;
                (capture, Some(copy))
            }
            Some(_) => (self.no_emulated_capture()?, None),
            None => (Vec::new(), None),
        };

        // 3. What it emitted is drawn as strips; points restart too where the device
        // restarts lists, else the pass-through shader drops the restart indices, which
        // then still reach transform feedback and the primitive queries.
        let topology = gs.output_topology();
        let mut raster = draw.state.clone();
        raster.topology = topology;
        raster.raster.primitive_restart = topology != Topology::PointList || self.device.info().features.primitive_topology_list_restart;
        let mut owned = vec![storage(VERTICES_BINDING, &vertices)];
        owned.extend(capture);
        let resources = with_resources(draw.resources, &owned);
        // Everything but the vertex-side counters counts it, and the input-assembly
        // primitives of it are what the geometry shader emitted.
        let fragment_side = QueryCounting::ALL.statistics & !QueryCounting::bits(&VERTEX_SIDE_COUNTERS);
        self.stream.set_query_counting(QueryCounting { other_kinds: true, statistics: fragment_side, emulated_geometry: true })?;
        self.stream.set_render_targets(draw.targets)?;
        self.stream.draw(&DrawRecord {
            program: draw.raster_program,
            vertex_input: &VertexInput::new(),
            state: &raster,
            viewports: draw.viewports,
            scissors: draw.scissors,
            vertex_buffers: &[],
            index_buffer: Some(IndexBinding { buffer: &indices, offset: 0, index_type: IndexType::U32 }),
            resources: &resources,
            counts: DrawCounts { count: index_count as u32, instance_count: 1, first: 0, base_vertex: 0, base_instance: 0 },
            xfb: draw.capture.clone(),
            captured_count: None,
        })?;
        drop(resources);
        self.scratch_buffers.keep([records, vertices, indices]);
        if let Some(copy) = copy {
            self.finish_emulated_capture(copy)?;
        }
        for copy in other_copies {
            self.finish_emulated_capture(copy)?;
        }
        if let Some(o) = other {
            self.scratch_buffers.keep([o.counts]);
            if o.slots > 0 {
                self.scratch_buffers.keep([o.records]);
            }
        }
        Ok(())
    }

    /// The buffers of a draw whose geometry shader emits to streams 1 to 3: the counts
    /// always (host-visible when the host needs them), capture records while the program
    /// captures one of those streams through emulated capture.
    fn other_stream_buffers(&mut self, emulation: &GsEmulation, invocations: u64) -> Result<Option<OtherStreamBuffers>, RecordError> {
        let gs = &emulation.shape;
        if !gs.other_streams {
            return Ok(None);
        }
        let capturing = self.transform_feedback.capturing();
        let layout = emulation.capture.filter(|_| capturing);
        let counted = (1..=GS_OTHER_STREAMS).any(|stream| self.host_counts_stream(stream));
        let read_back = layout.is_some() || counted;
        let memory = if read_back { MemoryHint::HostVisible } else { MemoryHint::DeviceLocal };
        let counts = self.scratch_buffers.take(&self.device, invocations * u64::from(GS_OTHER_STREAMS) * 4, memory)?;
        let slots = invocations * u64::from(GS_OTHER_STREAMS) * u64::from(gs.max_vertices);
        let (records, slots) = match layout.filter(|l| l.words_per_vertex > 0) {
            Some(l) => {
                if slots > u64::from(u32::MAX) {
                    return Err(RecordError::Gl(GL_OUT_OF_MEMORY));
                }
                (self.scratch_buffers.take(&self.device, slots * u64::from(l.words_per_vertex) * 4, MemoryHint::DeviceLocal)?, slots as u32)
            }
            None => (self.scratch_buffers.never_written(&self.device)?, 0),
        };
        Ok(Some(OtherStreamBuffers { counts, records, slots, read_back, layout }))
    }

    /// After the geometry shader ran: reads back how many vertices (points) each
    /// invocation emitted to streams 1 to 3, counts them for the primitive queries and
    /// plans the copy of each captured stream's vertices to its buffers.
    fn other_stream_results(&mut self, emulation: &GsEmulation, o: &OtherStreamBuffers, invocations: u64) -> Result<Vec<EmulatedCopy>, RecordError> {
        let streams = GS_OTHER_STREAMS as usize;
        let max_vertices = emulation.shape.max_vertices;
        let bytes = self.stream.read_buffer(&o.counts, 0, invocations * streams as u64 * 4)?;
        let counts: Vec<u32> = bytes.chunks_exact(4).map(|c| u32::from_ne_bytes([c[0], c[1], c[2], c[3]]).min(max_vertices)).collect();
        let mut copies = Vec::new();
        for stream in 1..=GS_OTHER_STREAMS {
            let s = stream as usize - 1;
            let mut slots = Vec::new();
            for (g, per_invocation) in counts.chunks_exact(streams).enumerate() {
                let first = (g * streams + s) as u32 * max_vertices;
                slots.extend((0..per_invocation[s]).map(|n| first + n).filter(|&slot| slot < o.slots));
            }
            let emitted: u64 = counts.chunks_exact(streams).map(|c| u64::from(c[s])).sum();
            self.count_host_primitives(GL_PRIMITIVES_GENERATED, stream, emitted);
            if let Some(layout) = o.layout {
                let mut copy = self.plan_emulated_copy(layout, o.records.clone(), &slots, 1, 1, 0, stream)?;
                copy.primitives_generated = emitted;
                // The records buffer is kept once, by the draw.
                copy.keep_records = false;
                copies.push(copy);
            }
        }
        Ok(copies)
    }

    /// The records the pass-through vertex shader stores its captures into and the copy
    /// of GL's primitives after the draw: `indices` (`index_count` of them, host-visible)
    /// are read back once the geometry shader has run, their strips taken apart as the
    /// `topology` they are drawn as; `emitted` is the number of vertex slots.
    fn emulated_gs_capture(
        &mut self,
        layout: XfbRecordLayout,
        indices: &GpuBuffer,
        index_count: u64,
        emitted: u64,
        topology: Topology,
    ) -> Result<(Vec<OwnedResource>, EmulatedCopy), RecordError> {
        let bytes = self.stream.read_buffer(indices, 0, index_count * 4)?;
        let list: Vec<Option<u32>> = bytes.chunks_exact(4).map(|c| u32::from_ne_bytes([c[0], c[1], c[2], c[3]])).map(|i| (i != GS_RESTART_INDEX).then_some(i)).collect();
        let last_provoking = self.state.raster.provoking_vertex == GL_LAST_VERTEX_CONVENTION;
        let captured = captured_slots(topology, &list, last_provoking);
        let per_primitive = vertices_per_primitive(topology).ok_or(RecordError::Gl(GL_INVALID_OPERATION))?;
        let record_bytes = (emitted * u64::from(layout.words_per_vertex) * 4).max(16);
        let records = self.scratch_buffers.take(&self.device, record_bytes, MemoryHint::DeviceLocal)?;
        // One instance of `emitted` slots, slot = emitted vertex.
        let params = XfbDrawParams { first_vertex: 0, first_instance: 0, vertices_per_instance: emitted as u32, slot_count: emitted as u32 };
        let params = self.upload_draw_params(params)?;
        let resources = vec![
            OwnedResource::Storage { binding: crate::draw_path::xfb_emulation::RECORDS_BINDING, element: 0, buffer: records.clone(), offset: 0, size: record_bytes },
            params,
        ];
        let copy = self.plan_emulated_copy(layout, records, &captured, per_primitive, 1, 0, 0)?;
        Ok((resources, copy))
    }

    /// The capture bindings of a draw that captures nothing: no slot to store into.
    fn no_emulated_capture(&mut self) -> Result<Vec<OwnedResource>, RecordError> {
        let records = self.scratch_buffers.never_written(&self.device)?;
        let params = self.upload_draw_params(XfbDrawParams::default())?;
        Ok(vec![OwnedResource::Storage { binding: crate::draw_path::xfb_emulation::RECORDS_BINDING, element: 0, buffer: records, offset: 0, size: 16 }, params])
    }

    /// A small uniform block of `words` for one binding, through the upload ring.
    fn upload_words(&mut self, binding: u32, words: &[u32]) -> Result<OwnedResource, vk_backend::Error> {
        let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_ne_bytes()).collect();
        let (buffer, offset) = self.stream.stream_upload(&bytes)?;
        Ok(OwnedResource::Uniform { binding, element: 0, buffer, offset, size: bytes.len() as u64 })
    }
}

/// What a draw through a geometry shader emitting to streams 1 to 3 binds for them.
struct OtherStreamBuffers {
    counts: GpuBuffer,
    records: GpuBuffer,
    /// Capture record slots `records` holds (0: nothing is stored).
    slots: u32,
    /// The host reads the counts back after the dispatch.
    read_back: bool,
    /// The capture layout while the program captures through emulated capture.
    layout: Option<XfbRecordLayout>,
}

/// The program's resources followed by a step's own.
fn with_resources<'a>(program: &[ResourceBinding<'a>], owned: &'a [OwnedResource]) -> Vec<ResourceBinding<'a>> {
    program.iter().cloned().chain(owned.iter().map(OwnedResource::binding)).collect()
}
