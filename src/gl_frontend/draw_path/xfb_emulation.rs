//! Transform feedback on devices without VK_EXT_transform_feedback's capture (and with
//! `GALVAN_EMULATE=xfb`): the vertex shader stores one record per vertex of the draw
//! (`nir_like::passes::lower_xfb_to_storage`, records at binding 480, the draw's numbers
//! at 481), and after the draw a compute copy (`build_xfb_copy`) writes the records of GL's
//! primitives to the bound buffers.
//!
//! Which records go where is worked out here, on the host, rather than in the copy shader:
//! the draw path already holds every direct draw's counts and (host copies of) its indices,
//! so strips, fans, loops, restarts and the whole-primitives-that-fit rule become a list
//! of record slots, and the position in each buffer is a host number too. That keeps the
//! shader a gather, and glDrawTransformFeedback and the primitive queries exact without
//! reading anything back. None of this runs on a device with native capture.
//!
//! Behind an emulated geometry shader the captured stage is the pass-through vertex shader
//! drawing what the geometry shader emitted (`draw_path/gs_emulation.rs`): its records are
//! slots of emitted vertices, and the primitives are the emitted strips, which only the GPU
//! knows; that path reads the emitted index list back (a wait for the GPU) before it plans
//! the copy here.

use nir_like::passes::{build_xfb_copy, xfb_copy_binding, XfbCopyParams, XfbDrawParams, XfbRecordLayout, XfbStorage};
use vk_backend::{BindingDesc, BindingKind, Buffer as GpuBuffer, DispatchRecord, DispatchSize, MemoryHint, Program as GpuProgram, ProgramDesc, ShaderModule, ShaderStage, StageMask, Topology};

use crate::context::ContextState;
use crate::draw_path::dispatch::OwnedResource;
use crate::draw_path::draw::Indices;
use crate::draw_path::record_error::RecordError;
use crate::objects::transform_feedback::MAX_BUFFERS;
use crate::draw_path::primitive_assembly::{captured_slots, vertices_per_primitive};
use crate::types::enums::*;
use crate::types::*;

/// The storage buffer the vertex stage stores its records into (docs/conventions.md).
pub const RECORDS_BINDING: u32 = 480;
/// The uniform block with the draw's [`XfbDrawParams`].
pub const PARAMS_BINDING: u32 = 481;

/// Where a program's captured vertex stage stores its captures, when the device's capture
/// is emulated: the program's vertex shader, or, when the geometry shader is captured and
/// emulated too, the pass-through vertex shader drawing what it emitted.
pub(crate) fn xfb_storage(caps: &nir_like::Caps, layout: &glsl::link_xfb::TransformFeedbackLayout) -> Option<XfbStorage> {
    let stage_emulated = match layout.capture_stage {
        Some(glsl::Stage::Vertex) => true,
        Some(glsl::Stage::Geometry) => caps.geometry_shader_emulated(),
        _ => false,
    };
    let emulated = caps.transform_feedback_emulated() && !layout.varyings.is_empty() && stage_emulated;
    emulated.then(|| XfbStorage { set: 0, records_binding: RECORDS_BINDING, params_binding: PARAMS_BINDING, layout: XfbRecordLayout::from_strides(&layout.strides) })
}

/// The descriptor bindings a program with emulated capture adds.
pub(crate) fn xfb_storage_bindings(storage: &XfbStorage) -> [BindingDesc; 2] {
    [
        BindingDesc { binding: storage.records_binding, kind: BindingKind::StorageBuffer, count: 1, stages: StageMask::VERTEX },
        BindingDesc { binding: storage.params_binding, kind: BindingKind::UniformBuffer, count: 1, stages: StageMask::VERTEX },
    ]
}

/// One GL buffer a capture writes: its range, stride and where the draw starts in it.
struct CopyTarget {
    index: usize,
    buffer: GpuBuffer,
    /// Byte offset of the binding plus what earlier draws wrote.
    start: u64,
    stride: u32,
    /// The words of a vertex the buffer's varyings cover (not gl_SkipComponents' holes).
    words: Vec<u32>,
}

/// The words of a vertex in buffer `buffer` that `layout`'s varyings write, ascending:
/// what the copy stores, so the holes of gl_SkipComponents (and of declared offsets)
/// keep the buffer's contents.
fn captured_words(layout: &glsl::link_xfb::TransformFeedbackLayout, buffer: u32) -> Vec<u32> {
    let mut words: Vec<u32> = layout
        .varyings
        .iter()
        .filter(|v| v.buffer == buffer && v.gl_type != 0)
        .flat_map(|v| {
            let (scalar, columns, rows) = crate::objects::uniforms::type_shape(v.gl_type);
            let count = (scalar.words() * columns * rows) as u32 * v.size.max(1);
            (v.offset / 4..v.offset / 4 + count).collect::<Vec<_>>()
        })
        .collect();
    words.sort_unstable();
    words.dedup();
    words
}

/// The work after an emulated capturing draw.
pub(crate) struct EmulatedCopy {
    records: GpuBuffer,
    layout: XfbRecordLayout,
    /// Record slots to write, in output order (whole primitives that fit).
    slots: Vec<u32>,
    targets: Vec<CopyTarget>,
    pub(crate) primitives_generated: u64,
    primitives_written: u64,
    /// The vertex stream whose buffers this copy writes (its query counts).
    stream: u32,
    /// Whether finishing the copy keeps `records` for reuse (a buffer several copies
    /// read is kept once, by its owner).
    pub(crate) keep_records: bool,
}

/// What a draw of a program with emulated capture binds, and the copy after it.
pub(crate) struct EmulatedCapture {
    pub resources: Vec<OwnedResource>,
    pub copy: Option<EmulatedCopy>,
}

impl ContextState {
    /// The records and draw numbers a draw of `exe` binds when its capture is emulated;
    /// `None` for programs that store nothing. Capture that is inactive or paused binds a
    /// scratch record buffer no vertex fits in.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn emulated_capture_for_draw(
        &mut self,
        exe: &crate::objects::program_link::LinkedProgram,
        topology: Topology,
        first: GLint,
        count: GLsizei,
        instances: GLsizei,
        base_vertex: GLint,
        base_instance: GLuint,
        indices: Option<Indices>,
        element_buffer: GLuint,
        restart: bool,
    ) -> Result<Option<EmulatedCapture>, RecordError> {
        let Some(storage) = xfb_storage(&self.caps, &exe.interface.transform_feedback) else { return Ok(None) };
        let layout = storage.layout;
        if !self.transform_feedback.capturing() {
            // Zero slots: the vertex stage stores nothing, and the binding only has to exist.
            let records = self.scratch_buffers.never_written(&self.device)?;
            let params = self.upload_draw_params(XfbDrawParams::default())?;
            let resources = vec![OwnedResource::Storage { binding: RECORDS_BINDING, element: 0, buffer: records, offset: 0, size: 16 }, params];
            return Ok(Some(EmulatedCapture { resources, copy: None }));
        }
        let per_primitive = vertices_per_primitive(topology).ok_or(RecordError::Gl(GL_INVALID_OPERATION))?;
        let drawn = self.drawn_vertices(first, count, base_vertex, indices, element_buffer, restart)?;
        let per_instance = drawn.per_instance as usize;
        let slot_count = per_instance.checked_mul(instances as usize).filter(|&n| n <= u32::MAX as usize).ok_or(RecordError::Gl(GL_OUT_OF_MEMORY))?;
        let last_provoking = self.state.raster.provoking_vertex == GL_LAST_VERTEX_CONVENTION;
        let instance_slots = captured_slots(topology, &drawn.slots, last_provoking);

        let record_bytes = (slot_count as u64 * u64::from(layout.words_per_vertex) * 4).max(16);
        let records = self.scratch_buffers.take(&self.device, record_bytes, MemoryHint::DeviceLocal)?;
        let first_vertex = drawn.first_vertex;
        let params = self.upload_draw_params(XfbDrawParams { first_vertex, first_instance: base_instance, vertices_per_instance: per_instance as u32, slot_count: slot_count as u32 })?;
        let resources = vec![OwnedResource::Storage { binding: RECORDS_BINDING, element: 0, buffer: records.clone(), offset: 0, size: record_bytes }, params];
        let copy = self.plan_emulated_copy(layout, records, &instance_slots, per_primitive, instances as u32, per_instance as u32, 0)?;
        Ok(Some(EmulatedCapture { resources, copy: Some(copy) }))
    }

    /// The copy of a capturing draw: the record slots of the whole primitives that fit in
    /// every buffer the program writes for vertex stream `stream` (`instance_slots` one
    /// instance's captured vertices, `per_primitive` to a primitive, each instance's slots
    /// `per_instance` further on), and where in each buffer they go.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn plan_emulated_copy(
        &mut self,
        layout: XfbRecordLayout,
        records: GpuBuffer,
        instance_slots: &[u32],
        per_primitive: usize,
        instances: u32,
        per_instance: u32,
        stream: u32,
    ) -> Result<EmulatedCopy, RecordError> {
        let o = self.transform_feedback.current();
        let (bindings, strides, written) = (o.buffers, o.layout.strides.clone(), o.emulated_written);
        let streams = o.layout.streams.clone();
        let words: Vec<Vec<u32>> = (0..strides.len() as u32).map(|b| captured_words(&o.layout, b)).collect();
        let mut targets = Vec::new();
        let mut fit = u64::MAX;
        for (b, &stride) in strides.iter().enumerate().take(MAX_BUFFERS) {
            if stride == 0 || bindings[b].buffer == 0 || streams.get(b).copied().unwrap_or(0) != stream {
                continue;
            }
            let (buffer, offset, size) = self.bound_range(bindings[b])?;
            let free = size.saturating_sub(written[b]);
            fit = fit.min(free / u64::from(stride) / per_primitive as u64);
            if let Some(g) = self.share.lock().buffers.get_mut(bindings[b].buffer) {
                g.gpu_written = true;
            }
            targets.push(CopyTarget { index: b, buffer, start: offset + written[b], stride, words: words[b].clone() });
        }
        let generated = (instance_slots.len() / per_primitive) as u64 * u64::from(instances);
        let primitives = generated.min(fit);
        let mut slots = Vec::with_capacity(primitives as usize * per_primitive);
        'instances: for instance in 0..instances {
            for &s in instance_slots {
                if slots.len() >= primitives as usize * per_primitive {
                    break 'instances;
                }
                slots.push(s + instance * per_instance);
            }
        }
        Ok(EmulatedCopy { records, layout, slots, targets, primitives_generated: generated, primitives_written: primitives, stream, keep_records: true })
    }

    /// The draw's numbers for the capturing stage's record slots, through the upload ring.
    pub(crate) fn upload_draw_params(&mut self, params: XfbDrawParams) -> Result<OwnedResource, vk_backend::Error> {
        let bytes: Vec<u8> = params.to_words().iter().flat_map(|w| w.to_ne_bytes()).collect();
        let (buffer, offset) = self.stream.stream_upload(&bytes)?;
        Ok(OwnedResource::Uniform { binding: PARAMS_BINDING, element: 0, buffer, offset, size: bytes.len() as u64 })
    }

    /// After the draw: copies the captured primitives' records to their buffers and moves
    /// each buffer's position on.
    pub(crate) fn finish_emulated_capture(&mut self, copy: EmulatedCopy) -> Result<(), RecordError> {
        let vertices = copy.slots.len() as u64;
        if vertices > 0 {
            let program = self.xfb_copy_program()?;
            let slot_bytes: Vec<u8> = copy.slots.iter().flat_map(|s| s.to_ne_bytes()).collect();
            let (slots, slots_offset) = self.stream.stream_upload(&slot_bytes)?;
            for t in &copy.targets {
                let Some((section_word, stride_words)) = copy.layout.sections[t.index] else { continue };
                // Words past the record's section would read another buffer's.
                let captured: Vec<u8> = t.words.iter().filter(|&&w| w < stride_words).flat_map(|w| w.to_ne_bytes()).collect();
                if captured.is_empty() {
                    continue;
                }
                let (words_buffer, words_offset) = self.stream.stream_upload(&captured)?;
                let params = XfbCopyParams {
                    vertex_count: vertices as u32,
                    record_words: copy.layout.words_per_vertex,
                    section_word,
                    stride_words,
                    destination_word: (t.start / 4) as u32,
                    word_count: (captured.len() / 4) as u32,
                };
                let bytes: Vec<u8> = params.to_words().iter().flat_map(|w| w.to_ne_bytes()).collect();
                let (params_buffer, params_offset) = self.stream.stream_upload(&bytes)?;
                let resources = [
                    OwnedResource::Storage { binding: xfb_copy_binding::RECORDS, element: 0, buffer: copy.records.clone(), offset: 0, size: copy.records.size() },
                    OwnedResource::Storage { binding: xfb_copy_binding::SLOTS, element: 0, buffer: slots.clone(), offset: slots_offset, size: slot_bytes.len() as u64 },
                    OwnedResource::Storage { binding: xfb_copy_binding::DESTINATION, element: 0, buffer: t.buffer.clone(), offset: 0, size: t.buffer.size() },
                    OwnedResource::Uniform { binding: xfb_copy_binding::PARAMS, element: 0, buffer: params_buffer, offset: params_offset, size: bytes.len() as u64 },
                    OwnedResource::Storage { binding: xfb_copy_binding::WORDS, element: 0, buffer: words_buffer, offset: words_offset, size: captured.len() as u64 },
                ];
                let bound: Vec<_> = resources.iter().map(OwnedResource::binding).collect();
                self.stream.dispatch(&DispatchRecord { program: &program, resources: &bound, size: DispatchSize::Direct([params.workgroups(), 1, 1]), group_size: None })?;
            }
        }
        let o = self.transform_feedback.current_mut();
        // glEndTransformFeedback keeps what was captured for glDrawTransformFeedback.
        o.resume = true;
        for t in &copy.targets {
            o.emulated_written[t.index] += vertices * u64::from(t.stride);
        }
        o.emulated_primitives_written += copy.primitives_written;
        o.emulated_primitives_generated += copy.primitives_generated;
        self.count_host_primitives(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, copy.stream, copy.primitives_written);
        if copy.keep_records {
            self.scratch_buffers.keep([copy.records]);
        }
        Ok(())
    }

    /// The copy shader's program, made on first use and kept by the context.
    fn xfb_copy_program(&mut self) -> Result<GpuProgram, RecordError> {
        if let Some(p) = &self.transform_feedback.copy_program {
            return Ok(p.clone());
        }
        let shader = build_xfb_copy();
        let options = spirv_out::EmitOptions { spirv_version: (1, 3), debug_names: false };
        let words = spirv_out::emit(&shader, &options).map_err(|e| RecordError::Backend(vk_backend::Error::InvalidArgument(e.to_string())))?;
        let module = ShaderModule::new(&self.device, ShaderStage::Compute, &words, "main")?;
        let storage = |binding| BindingDesc { binding, kind: BindingKind::StorageBuffer, count: 1, stages: StageMask::COMPUTE };
        let bindings = [
            storage(xfb_copy_binding::RECORDS),
            storage(xfb_copy_binding::SLOTS),
            storage(xfb_copy_binding::DESTINATION),
            storage(xfb_copy_binding::WORDS),
            BindingDesc { binding: xfb_copy_binding::PARAMS, kind: BindingKind::UniformBuffer, count: 1, stages: StageMask::COMPUTE },
        ];
        let program = GpuProgram::new(&self.device, &ProgramDesc { modules: &[&module], bindings: &bindings })?;
        self.transform_feedback.copy_program = Some(program.clone());
        Ok(program)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vertex_and_emulated_geometry_captures_are_emulated() {
        let caps = nir_like::Caps { transform_feedback: false, ..nir_like::Caps::ALL };
        let mut layout = glsl::link_xfb::TransformFeedbackLayout { strides: vec![16, 0, 8], capture_stage: Some(glsl::Stage::Vertex), ..Default::default() };
        assert!(xfb_storage(&caps, &layout).is_none(), "nothing captured");
        layout.varyings.push(glsl::link_xfb::XfbVarying { name: "v".into(), gl_type: GL_FLOAT_VEC4, size: 1, buffer: 0, offset: 0 });
        let storage = xfb_storage(&caps, &layout).unwrap();
        assert_eq!(storage.layout.sections, [Some((0, 4)), None, Some((4, 2)), None]);
        assert!(xfb_storage(&nir_like::Caps::ALL, &layout).is_none(), "native capture");
        layout.capture_stage = Some(glsl::Stage::Geometry);
        assert!(xfb_storage(&caps, &layout).is_none(), "a native geometry shader");
        let no_gs = nir_like::Caps { geometry_shader: false, ..caps };
        assert_eq!(xfb_storage(&no_gs, &layout).unwrap().layout, storage.layout, "the pass-through vertex shader of an emulated one");
        layout.capture_stage = Some(glsl::Stage::TessEval);
        assert!(xfb_storage(&no_gs, &layout).is_none());
    }
}
