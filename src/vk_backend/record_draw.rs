//! Recording a draw: barriers for what it reads, rendering, the pipeline by key, only the
//! dynamic state that changed, descriptors, vertex and index buffers.

use crate::command::CommandStream;
use crate::conv;
use crate::draw::{BoundResource, DrawRecord, IndexType};
use crate::error::{vk_err, Error, Result};
use crate::format::Format;
use crate::pipeline::{effective_blend, PipelineKey};
use crate::program::{BindingKind, ProgramShared};
use crate::state::*;
use crate::vertex_input::{InputRate, VertexInput};
use ash::vk;

/// The dynamic state last recorded into the current command buffer, so a draw sets only what
/// changed. Invalidated when a new command buffer starts.
#[derive(Default)]
pub(crate) struct DynamicCache {
    valid: bool,
    pipeline: vk::Pipeline,
    state: RenderState,
    color_count: u8,
    viewports: Vec<Viewport>,
    scissors: Vec<Rect>,
    /// The render area the scissors were cut to.
    scissor_area: (u32, u32),
    vertex_input: Option<VertexInput>,
    /// The key of the last pipeline looked up and its pipeline (valid while its program is:
    /// program ids are never reused).
    last_key: Option<(PipelineKey, vk::Pipeline)>,
    /// Per bind point (graphics, compute): the layout and resources whose descriptors the
    /// command buffer last received, so an unchanged set is not pushed again.
    descriptors: [Option<(vk::PipelineLayout, Vec<u64>)>; 2],
    /// By binding: the buffer and offset last bound, so unchanged vertex buffers are not
    /// bound again (a rebind makes some drivers revalidate their vertex fetch).
    vertex_buffers: Vec<Option<(vk::Buffer, u64)>>,
    /// The index buffer, offset and type last bound.
    index_buffer: Option<(vk::Buffer, u64, vk::IndexType)>,
}

impl DynamicCache {
    pub fn invalidate(&mut self) {
        self.valid = false;
        self.pipeline = vk::Pipeline::null();
        self.vertex_input = None;
        self.descriptors = [None, None];
        self.vertex_buffers.clear();
        self.index_buffer = None;
    }
}

/// What identifies one bound resource in the descriptor cache: its binding, element, kind
/// and the Vulkan handles and range it binds. Handles stay unique within a command buffer
/// because its batch keeps every resource it refers to alive.
/// The layout a draw samples `view` in: GENERAL when it is also an attachment of the
/// rendering (`feedback`), read-only otherwise.
fn sampled_layout(feedback: &[vk::Image], view: &crate::image::ImageView) -> vk::ImageLayout {
    if feedback.contains(&view.0.image.0.raw) {
        vk::ImageLayout::GENERAL
    } else {
        vk::ImageLayout::SHADER_READ_ONLY_OPTIMAL
    }
}

fn push_descriptor_signature(signature: &mut Vec<u64>, r: &crate::draw::ResourceBinding<'_>, feedback: &[vk::Image]) {
    signature.push(u64::from(r.binding) << 32 | u64::from(r.array_index));
    match r.resource {
        BoundResource::UniformBuffer { buffer, offset, size } => {
            signature.extend([1, vk::Handle::as_raw(buffer.storage().raw), offset, size]);
        }
        BoundResource::StorageBuffer { buffer, offset, size } => {
            signature.extend([2, vk::Handle::as_raw(buffer.storage().raw), offset, size]);
        }
        BoundResource::CombinedImageSampler { view, sampler } => {
            let layout = sampled_layout(feedback, view);
            signature.extend([3, vk::Handle::as_raw(view.0.raw), vk::Handle::as_raw(sampler.0.raw), layout.as_raw() as u64]);
        }
        BoundResource::StorageImage { view } => signature.extend([4, vk::Handle::as_raw(view.0.raw)]),
        BoundResource::UniformTexelBuffer { view } => signature.extend([5, vk::Handle::as_raw(view.0.raw)]),
        BoundResource::StorageTexelBuffer { view } => signature.extend([6, vk::Handle::as_raw(view.0.raw)]),
    }
}

/// Vectors every draw reuses so the hot path does not allocate once warm.
#[derive(Default)]
pub(crate) struct Scratch {
    buffer_infos: Vec<vk::DescriptorBufferInfo>,
    image_infos: Vec<vk::DescriptorImageInfo>,
    writes: Vec<vk::WriteDescriptorSet<'static>>,
    viewports: Vec<vk::Viewport>,
    scissors: Vec<vk::Rect2D>,
    vertex_bindings: Vec<vk::VertexInputBindingDescription2EXT<'static>>,
    vertex_attributes: Vec<vk::VertexInputAttributeDescription2EXT<'static>>,
    descriptor_signature: Vec<u64>,
}

const SHADER_STAGES: vk::PipelineStageFlags2 = vk::PipelineStageFlags2::from_raw(
    vk::PipelineStageFlags2::PRE_RASTERIZATION_SHADERS.as_raw() | vk::PipelineStageFlags2::FRAGMENT_SHADER.as_raw(),
);

pub(crate) fn find_binding(program: &ProgramShared, binding: u32) -> Option<&crate::program::BindingDesc> {
    program.bindings.iter().find(|b| b.binding == binding)
}

impl CommandStream {
    /// Finds the attachments of the current targets that `resources` also sample. When the
    /// set changes, the rendering ends, so that the next one begins with those attachments
    /// in GENERAL (the layout a sampled image and an attachment can share); the resource
    /// tracker then orders each such draw after the writes before it.
    fn note_feedback_loops(&mut self, resources: &[crate::draw::ResourceBinding<'_>]) -> Result<()> {
        let targets = &self.targets;
        let attachments = || targets.colors.iter().flatten().chain(targets.depth_stencil.iter());
        let mut now: Vec<vk::Image> = Vec::new();
        for r in resources {
            if let BoundResource::CombinedImageSampler { view, .. } = r.resource {
                let image = view.0.image.0.raw;
                if !now.contains(&image) && attachments().any(|a| a.0.image.0.raw == image) {
                    now.push(image);
                }
            }
        }
        if now != self.feedback {
            self.end_rendering()?;
            self.feedback = now;
        }
        Ok(())
    }

    /// Records one draw into the current render targets.
    pub fn draw(&mut self, draw: &DrawRecord<'_>) -> Result<()> {
        let program = &draw.program.0;
        if draw.viewports.is_empty() || draw.viewports.len() != draw.scissors.len() {
            return Err(Error::InvalidArgument("one scissor per viewport, at least one".into()));
        }
        if draw.viewports.len() as u32 > self.device.info().limits.max_viewports {
            return Err(Error::InvalidArgument("more viewports than the device has".into()));
        }
        if (draw.counts.count == 0 && draw.captured_count.is_none()) || draw.counts.instance_count == 0 {
            return Ok(());
        }
        if let Some(a) = draw.vertex_input.attributes().iter().find(|a| conv::map_vertex_format(a.format).is_none()) {
            return Err(Error::InvalidArgument(format!("vertex format {:?}", a.format)));
        }
        if let Some(ib) = &draw.index_buffer {
            let end = ib.offset + (u64::from(draw.counts.first) + u64::from(draw.counts.count)) * conv::index_size(ib.index_type);
            if end > ib.buffer.size() || ib.offset % conv::index_size(ib.index_type) != 0 {
                return Err(Error::InvalidArgument("index range outside the index buffer or misaligned".into()));
            }
        }
        if let Some(ib) = draw.index_buffer.filter(|ib| ib.index_type == IndexType::U8) {
            if !self.device.info().features.index_type_uint8 {
                return self.draw_widened_u8(draw, &ib);
            }
        }

        // What the draw reads and writes, and the barriers that follow from it.
        self.batch()?.keep(program.id, || program.clone());
        self.note_feedback_loops(draw.resources)?;
        for vb in draw.vertex_buffers {
            let raw = vb.buffer.storage();
            self.use_buffer_read(&raw, vk::PipelineStageFlags2::VERTEX_ATTRIBUTE_INPUT, vk::AccessFlags2::VERTEX_ATTRIBUTE_READ)?;
        }
        if let Some(ib) = &draw.index_buffer {
            let raw = ib.buffer.storage();
            self.use_buffer_read(&raw, vk::PipelineStageFlags2::INDEX_INPUT, vk::AccessFlags2::INDEX_READ)?;
        }
        for r in draw.resources {
            let desc = find_binding(program, r.binding)
                .filter(|d| r.array_index < d.count)
                .ok_or_else(|| Error::InvalidArgument(format!("program has no binding {}[{}]", r.binding, r.array_index)))?;
            match (r.resource, desc.kind) {
                (BoundResource::UniformBuffer { buffer, .. }, BindingKind::UniformBuffer) => {
                    let raw = buffer.storage();
                    self.use_buffer_read(&raw, SHADER_STAGES, vk::AccessFlags2::UNIFORM_READ)?;
                }
                (BoundResource::StorageBuffer { buffer, .. }, BindingKind::StorageBuffer) => {
                    let raw = buffer.storage();
                    self.use_buffer_write(&raw, SHADER_STAGES, vk::AccessFlags2::SHADER_STORAGE_READ | vk::AccessFlags2::SHADER_STORAGE_WRITE)?;
                }
                (BoundResource::CombinedImageSampler { view, .. }, BindingKind::CombinedImageSampler) => {
                    let v = view.0.clone();
                    self.batch()?.keep(view.0.id, || v);
                    let layout = sampled_layout(&self.feedback, view);
                    self.use_image_read(&view.0.image.0, SHADER_STAGES, vk::AccessFlags2::SHADER_SAMPLED_READ, layout)?;
                }
                (BoundResource::UniformTexelBuffer { view }, BindingKind::UniformTexelBuffer) => {
                    let v = view.0.clone();
                    self.batch()?.keep(view.0.id, || v);
                    self.use_buffer_read(&view.0.storage, SHADER_STAGES, vk::AccessFlags2::SHADER_SAMPLED_READ)?;
                }
                (BoundResource::StorageTexelBuffer { view }, BindingKind::StorageTexelBuffer) => {
                    let v = view.0.clone();
                    self.batch()?.keep(view.0.id, || v);
                    self.use_buffer_write(&view.0.storage, SHADER_STAGES, vk::AccessFlags2::SHADER_STORAGE_READ | vk::AccessFlags2::SHADER_STORAGE_WRITE)?;
                }
                (BoundResource::StorageImage { view }, BindingKind::StorageImage) => {
                    let v = view.0.clone();
                    self.batch()?.keep(view.0.id, || v);
                    self.use_image_write(
                        &view.0.image.0,
                        SHADER_STAGES,
                        vk::AccessFlags2::SHADER_STORAGE_READ | vk::AccessFlags2::SHADER_STORAGE_WRITE,
                        vk::ImageLayout::GENERAL,
                        false,
                    )?;
                }
                (_, kind) => return Err(Error::InvalidArgument(format!("binding {} is a {kind:?}", r.binding))),
            }
        }
        if let Some(xfb) = &draw.xfb {
            self.xfb_uses(xfb)?;
        }
        if let Some(count) = &draw.captured_count {
            self.captured_count_uses(count)?;
        }
        if self.has_pending_barriers() {
            // Barriers cannot go inside rendering: pause it; the next begin loads the contents.
            self.end_rendering()?;
            self.emit_barriers()?;
        }
        self.ensure_rendering()?;

        // Pipeline by key.
        let mut color_formats: [Option<Format>; MAX_COLOR_ATTACHMENTS] = [None; MAX_COLOR_ATTACHMENTS];
        for (i, v) in self.targets.colors.iter().enumerate() {
            color_formats[i] = v.as_ref().map(|v| v.format());
        }
        let color_count = self.targets.colors.iter().rposition(Option::is_some).map_or(0, |i| i + 1) as u8;
        let ds_format = self.targets.depth_stencil.as_ref().map(|v| v.format());
        let samples = self.targets.samples() as u8;
        let dynamic = self.device.pipelines.dynamic;
        let key = PipelineKey::new(&dynamic, program.id, draw.state, draw.vertex_input, &color_formats, color_count, self.targets.alpha_padding, ds_format, samples);
        // Consecutive draws usually share a key: compare before hashing.
        let pipeline = match &self.dynamic.last_key {
            Some((last, pipeline)) if *last == key => *pipeline,
            _ => {
                let (pipeline, created) = self.device.pipelines.get(&self.device.raw, &key, program)?;
                self.pipeline_stats.lookups += 1;
                self.pipeline_stats.created += u64::from(created);
                self.dynamic.last_key = Some((key, pipeline));
                pipeline
            }
        };
        let cmd = self.cmd()?;
        let dev = &self.device.raw;
        if self.dynamic.pipeline != pipeline {
            // SAFETY: cmd is recording inside a rendering whose formats match the key's.
            unsafe { dev.cmd_bind_pipeline(cmd, vk::PipelineBindPoint::GRAPHICS, pipeline) };
            self.dynamic.pipeline = pipeline;
        }

        let recorded = self
            .apply_dynamic_state(cmd, draw, &color_formats, color_count)
            .and_then(|()| self.write_descriptors(cmd, draw.resources, program, vk::PipelineBindPoint::GRAPHICS));
        if recorded.is_err() {
            // Part of the state may have been set: forget what the cache believes.
            self.dynamic.invalidate();
        }
        recorded?;

        let dev = &self.device.raw;
        for vb in draw.vertex_buffers {
            let raw = vb.buffer.storage();
            if vb.offset > raw.size {
                return Err(Error::InvalidArgument("vertex buffer offset past its end".into()));
            }
            let slot = vb.binding as usize;
            if self.dynamic.vertex_buffers.get(slot).copied().flatten() == Some((raw.raw, vb.offset)) {
                continue;
            }
            // SAFETY: the buffer is alive (the batch holds it) and has vertex usage.
            unsafe { dev.cmd_bind_vertex_buffers(cmd, vb.binding, &[raw.raw], &[vb.offset]) };
            if self.dynamic.vertex_buffers.len() <= slot {
                self.dynamic.vertex_buffers.resize(slot + 1, None);
            }
            self.dynamic.vertex_buffers[slot] = Some((raw.raw, vb.offset));
        }
        let c = draw.counts;
        if let Some(xfb) = &draw.xfb {
            self.xfb_begin(cmd, xfb)?;
        }
        if let Some(count) = &draw.captured_count {
            self.draw_captured_count(cmd, count, c.instance_count, c.base_instance)?;
        } else {
            self.record_draw_call(cmd, draw)?;
        }
        if let Some(xfb) = &draw.xfb {
            self.xfb_end(cmd, xfb)?;
        }
        Ok(())
    }

    /// The draw command itself, indexed or not.
    fn record_draw_call(&mut self, cmd: vk::CommandBuffer, draw: &DrawRecord<'_>) -> Result<()> {
        let dev = &self.device.raw;
        let c = draw.counts;
        match &draw.index_buffer {
            Some(ib) => {
                let raw = ib.buffer.storage();
                let binding = (raw.raw, ib.offset, conv::map_index_type(ib.index_type));
                // SAFETY: range checked above; 8-bit indices only with the extension enabled.
                unsafe {
                    if self.dynamic.index_buffer != Some(binding) {
                        dev.cmd_bind_index_buffer(cmd, binding.0, binding.1, binding.2);
                        self.dynamic.index_buffer = Some(binding);
                    }
                    dev.cmd_draw_indexed(cmd, c.count, c.instance_count, c.first, c.base_vertex, c.base_instance);
                }
            }
            // SAFETY: a pipeline, all its dynamic state and its descriptors are bound.
            None => unsafe { dev.cmd_draw(cmd, c.count, c.instance_count, c.first, c.base_instance) },
        }
        Ok(())
    }

    /// Draws with 8-bit indices on a device without them: the indices are read back and
    /// streamed again as 16-bit (restart index 0xff becomes 0xffff). Slow, and rare.
    fn draw_widened_u8(&mut self, draw: &DrawRecord<'_>, ib: &crate::draw::IndexBinding<'_>) -> Result<()> {
        let first = u64::from(draw.counts.first);
        let bytes = self.read_buffer(ib.buffer, ib.offset + first, u64::from(draw.counts.count))?;
        let wide: Vec<u8> = bytes.iter().flat_map(|b| if *b == 0xff { 0xffff } else { u16::from(*b) }.to_le_bytes()).collect();
        let (buffer, offset) = self.stream_upload(&wide)?;
        let mut widened = *draw;
        widened.index_buffer = Some(crate::draw::IndexBinding { buffer: &buffer, offset, index_type: IndexType::U16 });
        widened.counts.first = 0;
        self.draw(&widened)
    }

    /// Sets the dynamic state that differs from what the command buffer last had.
    fn apply_dynamic_state(
        &mut self,
        cmd: vk::CommandBuffer,
        draw: &DrawRecord<'_>,
        color_formats: &[Option<Format>; MAX_COLOR_ATTACHMENTS],
        color_count: u8,
    ) -> Result<()> {
        let dev = &self.device.raw;
        let info = self.device.info();
        let f = &info.features;
        let dynamic = self.device.pipelines.dynamic;
        let cache = &mut self.dynamic;
        let all = !cache.valid;
        let old = cache.state;
        let new = draw.state;

        let area = self.targets.extent;
        if all || cache.viewports.as_slice() != draw.viewports || cache.scissors.as_slice() != draw.scissors || cache.scissor_area != area {
            let s = &mut self.scratch;
            s.viewports.clear();
            s.viewports.extend(draw.viewports.iter().map(conv::map_viewport));
            s.scissors.clear();
            s.scissors.extend(draw.scissors.iter().map(|r| conv::map_rect(clamp_scissor(*r, area))));
            // SAFETY: counts match and are within maxViewports (checked by draw).
            unsafe {
                dev.cmd_set_viewport_with_count(cmd, &s.viewports);
                dev.cmd_set_scissor_with_count(cmd, &s.scissors);
            }
            cache.viewports.clear();
            cache.viewports.extend_from_slice(draw.viewports);
            cache.scissors.clear();
            cache.scissors.extend_from_slice(draw.scissors);
            cache.scissor_area = area;
        }

        // SAFETY (every call below): cmd is recording, each state set is in the bound
        // pipeline's dynamic state list (pipeline::dynamic_states, same DynamicSupport), and
        // extension calls are made only when their loader exists.
        unsafe {
            let (r, o) = (&new.raster, &old.raster);
            if all || new.topology != old.topology {
                dev.cmd_set_primitive_topology(cmd, conv::map_topology(new.topology));
                if let (true, Some(eds2)) = (dynamic.patch_control_points, &self.device.ext.eds2) {
                    // Every pipeline declares it dynamic, so it must be set even for non-patches.
                    let n = if let Topology::PatchList(n) = new.topology { n.max(1) } else { 1 };
                    eds2.cmd_set_patch_control_points(cmd, u32::from(n));
                }
            }
            let restart = r.primitive_restart
                && (!conv::is_list(new.topology) || f.primitive_topology_list_restart)
                && draw.index_buffer.is_some();
            if all || restart != cache_restart(&old, cache.valid) {
                dev.cmd_set_primitive_restart_enable(cmd, restart);
            }
            if all || r.cull_mode != o.cull_mode {
                dev.cmd_set_cull_mode(cmd, conv::map_cull_mode(r.cull_mode));
            }
            if all || r.front_face != o.front_face {
                dev.cmd_set_front_face(cmd, conv::map_front_face(r.front_face));
            }
            if all || r.rasterizer_discard != o.rasterizer_discard {
                dev.cmd_set_rasterizer_discard_enable(cmd, r.rasterizer_discard);
            }
            if all || r.depth_bias != o.depth_bias {
                dev.cmd_set_depth_bias_enable(cmd, r.depth_bias.is_some());
                if let Some(b) = r.depth_bias {
                    let clamp = if dynamic.depth_bias_clamp { b.clamp } else { 0.0 };
                    dev.cmd_set_depth_bias(cmd, b.constant, clamp, b.slope);
                }
            }
            if all || r.line_width != o.line_width {
                let width = if dynamic.wide_lines {
                    r.line_width.clamp(info.limits.line_width_range[0], info.limits.line_width_range[1])
                } else {
                    1.0
                };
                dev.cmd_set_line_width(cmd, width);
            }
            let (d, od) = (&new.depth, &old.depth);
            if all || d.test != od.test || d.write != od.write || d.compare != od.compare {
                dev.cmd_set_depth_test_enable(cmd, d.test);
                dev.cmd_set_depth_write_enable(cmd, d.test && d.write);
                dev.cmd_set_depth_compare_op(cmd, conv::map_compare(d.compare));
            }
            if all || d.bounds != od.bounds {
                let bounds = d.bounds.filter(|_| dynamic.depth_bounds);
                dev.cmd_set_depth_bounds_test_enable(cmd, bounds.is_some());
                if let Some((min, max)) = bounds {
                    dev.cmd_set_depth_bounds(cmd, min, max);
                }
            }
            let (s, os) = (&new.stencil, &old.stencil);
            if all || s != os {
                dev.cmd_set_stencil_test_enable(cmd, s.test);
                for (face, st) in [(vk::StencilFaceFlags::FRONT, &s.front), (vk::StencilFaceFlags::BACK, &s.back)] {
                    dev.cmd_set_stencil_op(
                        cmd,
                        face,
                        conv::map_stencil_op(st.fail),
                        conv::map_stencil_op(st.pass),
                        conv::map_stencil_op(st.depth_fail),
                        conv::map_compare(st.compare),
                    );
                    dev.cmd_set_stencil_compare_mask(cmd, face, st.compare_mask);
                    dev.cmd_set_stencil_write_mask(cmd, face, st.write_mask);
                    dev.cmd_set_stencil_reference(cmd, face, st.reference);
                }
            }
            let (b, ob) = (&new.blend, &old.blend);
            if all || b.constant != ob.constant {
                dev.cmd_set_blend_constants(cmd, &b.constant);
            }
            if let Some(eds3) = &self.device.ext.eds3 {
                let n = usize::from(color_count);
                let blend_changed = all || color_count != cache.color_count || b.attachments[..n] != ob.attachments[..n];
                if n > 0 && blend_changed {
                    let effective: [BlendAttachment; MAX_COLOR_ATTACHMENTS] =
                        std::array::from_fn(|i| effective_blend(&b.attachments[i], color_formats[i], self.targets.alpha_padding & (1 << i) != 0));
                    if dynamic.blend_enable {
                        let enables: [vk::Bool32; MAX_COLOR_ATTACHMENTS] = std::array::from_fn(|i| effective[i].enabled.into());
                        eds3.cmd_set_color_blend_enable(cmd, 0, &enables[..n]);
                    }
                    if dynamic.blend_equation {
                        let eqs: [vk::ColorBlendEquationEXT; MAX_COLOR_ATTACHMENTS] =
                            std::array::from_fn(|i| conv::map_blend_equation(&effective[i]));
                        eds3.cmd_set_color_blend_equation(cmd, 0, &eqs[..n]);
                    }
                    if dynamic.write_mask {
                        let masks: [vk::ColorComponentFlags; MAX_COLOR_ATTACHMENTS] = std::array::from_fn(|i| {
                            conv::map_color_mask(if color_formats[i].is_some() { effective[i].write_mask } else { 0 })
                        });
                        eds3.cmd_set_color_write_mask(cmd, 0, &masks[..n]);
                    }
                }
                if dynamic.polygon_mode && (all || r.polygon_mode != o.polygon_mode) {
                    eds3.cmd_set_polygon_mode(cmd, conv::map_polygon_mode(r.polygon_mode));
                }
                if dynamic.depth_clamp && (all || r.depth_clamp != o.depth_clamp) {
                    eds3.cmd_set_depth_clamp_enable(cmd, r.depth_clamp);
                }
                if dynamic.clip_negative_one_to_one && (all || r.clip_negative_one_to_one != o.clip_negative_one_to_one) {
                    eds3.cmd_set_depth_clip_negative_one_to_one(cmd, r.clip_negative_one_to_one);
                }
                if dynamic.provoking_vertex && (all || r.provoking_vertex_last != o.provoking_vertex_last) {
                    let mode = if r.provoking_vertex_last {
                        vk::ProvokingVertexModeEXT::LAST_VERTEX
                    } else {
                        vk::ProvokingVertexModeEXT::FIRST_VERTEX
                    };
                    eds3.cmd_set_provoking_vertex_mode(cmd, mode);
                }
                if dynamic.alpha_to_coverage && (all || b.alpha_to_coverage != ob.alpha_to_coverage) {
                    eds3.cmd_set_alpha_to_coverage_enable(cmd, b.alpha_to_coverage);
                }
                if dynamic.alpha_to_one && (all || b.alpha_to_one != ob.alpha_to_one) {
                    eds3.cmd_set_alpha_to_one_enable(cmd, b.alpha_to_one);
                }
                if dynamic.sample_mask && (all || b.sample_mask != ob.sample_mask) {
                    eds3.cmd_set_sample_mask(cmd, conv::map_samples(self.targets.samples()), &[b.sample_mask]);
                }
                if dynamic.logic_op && (all || b.logic_op != ob.logic_op) {
                    eds3.cmd_set_logic_op_enable(cmd, b.logic_op.is_some());
                    if let Some(eds2) = &self.device.ext.eds2 {
                        eds2.cmd_set_logic_op(cmd, conv::map_logic_op(b.logic_op.unwrap_or(LogicOp::Copy)));
                    }
                }
            }
            if let Some(vi) = &self.device.ext.vertex_input {
                if cache.vertex_input.as_ref() != Some(draw.vertex_input) {
                    let s = &mut self.scratch;
                    s.vertex_bindings.clear();
                    s.vertex_bindings.extend(draw.vertex_input.bindings().iter().map(|b| {
                            let (rate, divisor) = match b.rate {
                                InputRate::Vertex => (vk::VertexInputRate::VERTEX, 1),
                                InputRate::Instance(d) => (vk::VertexInputRate::INSTANCE, d),
                            };
                            vk::VertexInputBindingDescription2EXT::default()
                                .binding(u32::from(b.binding))
                                .stride(b.stride)
                                .input_rate(rate)
                                .divisor(divisor)
                    }));
                    s.vertex_attributes.clear();
                    for a in draw.vertex_input.attributes() {
                        let format = conv::map_vertex_format(a.format)
                            .ok_or_else(|| Error::InvalidArgument(format!("vertex format {:?}", a.format)))?;
                        s.vertex_attributes.push(
                            vk::VertexInputAttributeDescription2EXT::default()
                                .location(u32::from(a.location))
                                .binding(u32::from(a.binding))
                                .format(format)
                                .offset(a.offset),
                        );
                    }
                    vi.cmd_set_vertex_input(cmd, &s.vertex_bindings, &s.vertex_attributes);
                    cache.vertex_input = Some(*draw.vertex_input);
                }
            }
        }
        cache.state = *new;
        cache.state.raster.primitive_restart = new.raster.primitive_restart
            && (!conv::is_list(new.topology) || f.primitive_topology_list_restart)
            && draw.index_buffer.is_some();
        cache.color_count = color_count;
        cache.valid = true;
        Ok(())
    }

    /// Writes the descriptors of a draw or dispatch: pushed when the program allows, else
    /// from a pool.
    pub(crate) fn write_descriptors(
        &mut self,
        cmd: vk::CommandBuffer,
        resources: &[crate::draw::ResourceBinding<'_>],
        program: &ProgramShared,
        bind_point: vk::PipelineBindPoint,
    ) -> Result<()> {
        if resources.is_empty() {
            return Ok(());
        }
        let limits = &self.device.info().limits;
        let s = &mut self.scratch;
        // Descriptors equal to those the command buffer already holds for this layout stay.
        s.descriptor_signature.clear();
        for r in resources {
            push_descriptor_signature(&mut s.descriptor_signature, r, &self.feedback);
        }
        let slot = usize::from(bind_point == vk::PipelineBindPoint::COMPUTE);
        if self.dynamic.descriptors[slot].as_ref().is_some_and(|(layout, signature)| *layout == program.layout && *signature == s.descriptor_signature) {
            return Ok(());
        }
        // Until the writes below are recorded, nothing is known about the bound set.
        let previous = self.dynamic.descriptors[slot].take();
        s.buffer_infos.clear();
        s.image_infos.clear();
        s.writes.clear();
        // Texel buffer views, filled before any write points into them.
        let texel_views: Vec<vk::BufferView> = resources
            .iter()
            .filter_map(|r| match r.resource {
                BoundResource::UniformTexelBuffer { view } | BoundResource::StorageTexelBuffer { view } => Some(view.0.raw),
                _ => None,
            })
            .collect();
        for r in resources {
            match r.resource {
                BoundResource::UniformBuffer { buffer, offset, size } | BoundResource::StorageBuffer { buffer, offset, size } => {
                    let (max, align) = if matches!(r.resource, BoundResource::UniformBuffer { .. }) {
                        (u64::from(limits.max_uniform_buffer_range), limits.min_uniform_buffer_offset_alignment)
                    } else {
                        (u64::from(limits.max_storage_buffer_range), limits.min_storage_buffer_offset_alignment)
                    };
                    if size == 0 || size > max || offset % align != 0 || offset + size > buffer.size() {
                        return Err(Error::InvalidArgument(format!("buffer range {offset}+{size} for binding {}", r.binding)));
                    }
                    s.buffer_infos.push(vk::DescriptorBufferInfo { buffer: buffer.storage().raw, offset, range: size });
                }
                BoundResource::CombinedImageSampler { view, sampler } => s.image_infos.push(vk::DescriptorImageInfo {
                    sampler: sampler.0.raw,
                    image_view: view.0.raw,
                    image_layout: sampled_layout(&self.feedback, view),
                }),
                BoundResource::StorageImage { view } => s.image_infos.push(vk::DescriptorImageInfo {
                    sampler: vk::Sampler::null(),
                    image_view: view.0.raw,
                    image_layout: vk::ImageLayout::GENERAL,
                }),
                BoundResource::UniformTexelBuffer { .. } | BoundResource::StorageTexelBuffer { .. } => {}
            }
        }
        let (mut bi, mut ii, mut ti) = (0, 0, 0);
        for r in resources {
            let mut w = vk::WriteDescriptorSet::default().dst_binding(r.binding).dst_array_element(r.array_index);
            w.descriptor_count = 1;
            match r.resource {
                BoundResource::UniformBuffer { .. } => {
                    w.descriptor_type = vk::DescriptorType::UNIFORM_BUFFER;
                    w.p_buffer_info = &s.buffer_infos[bi];
                    bi += 1;
                }
                BoundResource::StorageBuffer { .. } => {
                    w.descriptor_type = vk::DescriptorType::STORAGE_BUFFER;
                    w.p_buffer_info = &s.buffer_infos[bi];
                    bi += 1;
                }
                BoundResource::CombinedImageSampler { .. } => {
                    w.descriptor_type = vk::DescriptorType::COMBINED_IMAGE_SAMPLER;
                    w.p_image_info = &s.image_infos[ii];
                    ii += 1;
                }
                BoundResource::StorageImage { .. } => {
                    w.descriptor_type = vk::DescriptorType::STORAGE_IMAGE;
                    w.p_image_info = &s.image_infos[ii];
                    ii += 1;
                }
                BoundResource::UniformTexelBuffer { .. } => {
                    w.descriptor_type = vk::DescriptorType::UNIFORM_TEXEL_BUFFER;
                    w.p_texel_buffer_view = &texel_views[ti];
                    ti += 1;
                }
                BoundResource::StorageTexelBuffer { .. } => {
                    w.descriptor_type = vk::DescriptorType::STORAGE_TEXEL_BUFFER;
                    w.p_texel_buffer_view = &texel_views[ti];
                    ti += 1;
                }
            }
            // The next element of the previous write's array, its info right after the
            // previous one's, joins that write: one write per array (lavapipe's push
            // descriptors ignore dstArrayElement).
            match s.writes.last_mut() {
                Some(prev)
                    if prev.dst_binding == w.dst_binding
                        && prev.descriptor_type == w.descriptor_type
                        && prev.dst_array_element + prev.descriptor_count == w.dst_array_element =>
                {
                    prev.descriptor_count += 1;
                }
                _ => s.writes.push(w),
            }
        }
        if program.push_descriptors {
            let push = self.device.ext.push_descriptor.as_ref().ok_or(Error::MissingFeature("push descriptors"))?;
            // SAFETY: the writes point into scratch vectors not modified until after the call;
            // each names a binding of the program's push layout with a matching type
            // (checked in draw), and every resource is alive (held by the batch).
            unsafe { push.cmd_push_descriptor_set(cmd, bind_point, program.layout, 0, &s.writes) };
            self.remember_descriptors(slot, program.layout, previous);
            return Ok(());
        }
        let set = self.allocate_set(program)?;
        let s = &mut self.scratch;
        for w in &mut s.writes {
            w.dst_set = set;
        }
        // SAFETY: set was allocated from a live pool with the program's layout; the writes
        // point into scratch vectors alive for the call.
        unsafe {
            self.device.raw.update_descriptor_sets(&s.writes, &[]);
            self.device.raw.cmd_bind_descriptor_sets(cmd, bind_point, program.layout, 0, &[set], &[]);
        }
        self.remember_descriptors(slot, program.layout, previous);
        Ok(())
    }

    /// Notes the descriptors just recorded at bind point `slot`, reusing the storage of the
    /// previous entry.
    fn remember_descriptors(&mut self, slot: usize, layout: vk::PipelineLayout, previous: Option<(vk::PipelineLayout, Vec<u64>)>) {
        let mut signature = previous.map(|(_, v)| v).unwrap_or_default();
        std::mem::swap(&mut signature, &mut self.scratch.descriptor_signature);
        self.dynamic.descriptors[slot] = Some((layout, signature));
    }

    /// A descriptor set of the program's layout from the batch's pools.
    fn allocate_set(&mut self, program: &ProgramShared) -> Result<vk::DescriptorSet> {
        let device = self.device.clone();
        let batch = self.batch()?;
        loop {
            if batch.descriptor_pool_used == batch.descriptor_pools.len() {
                let sizes = [
                    vk::DescriptorPoolSize { ty: vk::DescriptorType::UNIFORM_BUFFER, descriptor_count: 1024 },
                    vk::DescriptorPoolSize { ty: vk::DescriptorType::STORAGE_BUFFER, descriptor_count: 256 },
                    vk::DescriptorPoolSize { ty: vk::DescriptorType::COMBINED_IMAGE_SAMPLER, descriptor_count: 1024 },
                    vk::DescriptorPoolSize { ty: vk::DescriptorType::STORAGE_IMAGE, descriptor_count: 128 },
                    vk::DescriptorPoolSize { ty: vk::DescriptorType::UNIFORM_TEXEL_BUFFER, descriptor_count: 64 },
                    vk::DescriptorPoolSize { ty: vk::DescriptorType::STORAGE_TEXEL_BUFFER, descriptor_count: 64 },
                ];
                let info = vk::DescriptorPoolCreateInfo::default().max_sets(256).pool_sizes(&sizes);
                // SAFETY: a valid pool description.
                let pool = unsafe { device.raw.create_descriptor_pool(&info, None) }.map_err(vk_err("vkCreateDescriptorPool"))?;
                batch.descriptor_pools.push(pool);
            }
            let pool = batch.descriptor_pools[batch.descriptor_pool_used];
            let layouts = [program.set_layout];
            let info = vk::DescriptorSetAllocateInfo::default().descriptor_pool(pool).set_layouts(&layouts);
            // SAFETY: pool and layout are live objects of this device.
            match unsafe { device.raw.allocate_descriptor_sets(&info) } {
                Ok(sets) => return Ok(sets[0]),
                Err(vk::Result::ERROR_OUT_OF_POOL_MEMORY) | Err(vk::Result::ERROR_FRAGMENTED_POOL) => {
                    batch.descriptor_pool_used += 1;
                }
                Err(e) => return Err(vk_err("vkAllocateDescriptorSets")(e)),
            }
        }
    }
}

fn cache_restart(old: &RenderState, valid: bool) -> bool {
    valid && old.raster.primitive_restart
}

/// A GL scissor box cut to the render area `(width, height)`: Vulkan forbids negative
/// scissor offsets, which GL allows, and leaves what lands outside the render area
/// undefined, which a rendering without attachments has nothing else to bound.
fn clamp_scissor(r: Rect, (area_width, area_height): (u32, u32)) -> Rect {
    let x0 = i64::from(r.x).max(0);
    let y0 = i64::from(r.y).max(0);
    let x1 = (i64::from(r.x) + i64::from(r.width)).min(i64::from(area_width.max(1))).max(x0);
    let y1 = (i64::from(r.y) + i64::from(r.height)).min(i64::from(area_height.max(1))).max(y0);
    Rect { x: x0.min(i32::MAX as i64) as i32, y: y0.min(i32::MAX as i64) as i32, width: (x1 - x0) as u32, height: (y1 - y0) as u32 }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scissors_are_cut_to_the_render_area() {
        let rect = |x, y, width, height| Rect { x, y, width, height };
        assert_eq!(clamp_scissor(rect(-4, -2, 10, 10), (64, 32)), rect(0, 0, 6, 8));
        assert_eq!(clamp_scissor(rect(0, 0, 64, 32), (24, 10)), rect(0, 0, 24, 10));
        assert_eq!(clamp_scissor(rect(20, 8, 10, 10), (24, 10)), rect(20, 8, 4, 2));
        // Wholly outside: empty, never negative.
        assert_eq!(clamp_scissor(rect(30, 0, 5, 5), (24, 10)), rect(30, 0, 0, 5));
        assert_eq!(clamp_scissor(rect(-10, 0, 5, 5), (24, 10)).width, 0);
    }
}
