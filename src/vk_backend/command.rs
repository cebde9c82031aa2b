//! The per-context command stream: records work into batches, derives barriers from each
//! resource's history, keeps rendering open across draws, and submits on flush, finish,
//! read-back and present.

use crate::batch::Batch;
use crate::buffer::RawBuffer;
use crate::conv;
use crate::device::Device;
use crate::error::{vk_err, Error, Result};
use crate::format::FormatClass;
use crate::image::{ImageView, RawImage};
use crate::record_draw::DynamicCache;
use crate::render_targets::{ClearColor, ClearRequest, RenderTargets};
use crate::staging::StagingRing;
use crate::state::{Rect, MAX_COLOR_ATTACHMENTS};
use crate::sync::Barrier;
use ash::vk;
use std::collections::VecDeque;
use std::sync::Arc;

/// Clears waiting to become the load operations of the next rendering.
#[derive(Clone, Copy, Default)]
struct PendingClears {
    colors: [Option<vk::ClearColorValue>; MAX_COLOR_ATTACHMENTS],
    depth: Option<f32>,
    stencil: Option<u32>,
}

impl PendingClears {
    fn any(&self) -> bool {
        self.depth.is_some() || self.stencil.is_some() || self.colors.iter().any(Option::is_some)
    }
}

/// Records one GL context's work. Not shared between threads; each context owns one.
pub struct CommandStream {
    pub(crate) device: Arc<Device>,
    batch: Option<Batch>,
    in_flight: VecDeque<Batch>,
    free: Vec<Batch>,
    staging: StagingRing,
    pub(crate) upload_ring: crate::upload_ring::UploadRing,
    /// Pipeline lookups and creations made by this stream's draws.
    pub(crate) pipeline_stats: crate::PipelineCacheStats,
    pub(crate) readback: Option<Arc<RawBuffer>>,
    pub(crate) targets: RenderTargets,
    rendering: bool,
    /// Attachments of the current rendering that its draws also sample (a feedback loop,
    /// as GL_ARB_texture_barrier allows): kept in GENERAL, the one layout both uses share.
    pub(crate) feedback: Vec<vk::Image>,
    pending: PendingClears,
    image_barriers: Vec<vk::ImageMemoryBarrier2<'static>>,
    memory_barrier: Option<Barrier>,
    pub(crate) dynamic: DynamicCache,
    /// Scratch vectors reused by every draw so the hot path does not allocate.
    pub(crate) scratch: crate::record_draw::Scratch,
    /// Active queries and the pools of their slots.
    pub(crate) queries: crate::query::QueryState,
}

impl Device {
    /// A command stream for one context.
    pub fn create_command_stream(self: &Arc<Self>) -> CommandStream {
        CommandStream {
            device: self.clone(),
            batch: None,
            in_flight: VecDeque::new(),
            free: Vec::new(),
            staging: StagingRing::default(),
            upload_ring: Default::default(),
            pipeline_stats: Default::default(),
            readback: None,
            targets: RenderTargets::default(),
            rendering: false,
            feedback: Vec::new(),
            pending: PendingClears::default(),
            image_barriers: Vec::new(),
            memory_barrier: None,
            dynamic: DynamicCache::default(),
            scratch: Default::default(),
            queries: Default::default(),
        }
    }
}

impl CommandStream {
    /// Pipeline hash lookups and creations this stream's draws caused (a draw whose key
    /// equals the previous draw's does no lookup at all).
    pub fn pipeline_stats(&self) -> crate::PipelineCacheStats {
        self.pipeline_stats
    }

    /// The device the stream records for.
    pub fn device(&self) -> &Arc<Device> {
        &self.device
    }

    /// The batch being recorded, started on first use.
    pub(crate) fn batch(&mut self) -> Result<&mut Batch> {
        if self.batch.is_none() {
            self.retire_completed()?;
            let mut batch = match self.free.pop() {
                Some(b) => b,
                None => Batch::new(&self.device)?,
            };
            batch.begin(&self.device)?;
            self.dynamic.invalidate();
            self.batch = Some(batch);
        }
        Ok(self.batch.as_mut().expect("batch was just started"))
    }

    /// The id of the batch being recorded, if one is.
    pub(crate) fn batch_id(&self) -> Option<u64> {
        self.batch.as_ref().map(|b| b.id)
    }

    /// The command buffer being recorded.
    pub(crate) fn cmd(&mut self) -> Result<vk::CommandBuffer> {
        Ok(self.batch()?.cmd)
    }

    /// Copies `data` into the staging ring for a copy recorded into the current batch.
    pub(crate) fn stage(&mut self, data: &[u8]) -> Result<(Arc<RawBuffer>, u64)> {
        self.batch()?;
        let batch = self.batch.as_mut().expect("batch was just started");
        self.staging.upload(&self.device, batch, data, 16)
    }

    fn retire_completed(&mut self) -> Result<()> {
        while self.in_flight.front().is_some_and(|b| b.is_complete(&self.device)) {
            let mut batch = self.in_flight.pop_front().expect("front exists");
            let chunks = batch.retire(&self.device)?;
            self.staging.recycle(chunks);
            self.free.push(batch);
        }
        Ok(())
    }

    // ---- barriers ------------------------------------------------------------------------

    /// Notes that `buffer` is read at `stages`/`access` by the next command.
    pub(crate) fn use_buffer_read(&mut self, buffer: &Arc<RawBuffer>, stages: vk::PipelineStageFlags2, access: vk::AccessFlags2) -> Result<()> {
        self.batch()?.use_buffer(buffer);
        let barrier = buffer.sync.lock().map_err(|_| Error::DeviceLost)?.read(stages, access, vk::ImageLayout::UNDEFINED);
        if let Some(b) = barrier {
            self.add_memory_barrier(b);
        }
        Ok(())
    }

    /// Notes that `buffer` is written at `stages`/`access` by the next command.
    pub(crate) fn use_buffer_write(&mut self, buffer: &Arc<RawBuffer>, stages: vk::PipelineStageFlags2, access: vk::AccessFlags2) -> Result<()> {
        self.batch()?.use_buffer(buffer);
        let barrier =
            buffer.sync.lock().map_err(|_| Error::DeviceLost)?.write(stages, access, vk::ImageLayout::UNDEFINED, false);
        if let Some(b) = barrier {
            self.add_memory_barrier(b);
        }
        Ok(())
    }

    /// Notes that `image` is read in `layout` by the next command.
    pub(crate) fn use_image_read(
        &mut self,
        image: &Arc<RawImage>,
        stages: vk::PipelineStageFlags2,
        access: vk::AccessFlags2,
        layout: vk::ImageLayout,
    ) -> Result<()> {
        self.batch()?.use_image(image);
        let barrier = image.sync.lock().map_err(|_| Error::DeviceLost)?.read(stages, access, layout);
        if let Some(b) = barrier {
            self.add_image_barrier(image, b);
        }
        Ok(())
    }

    /// Notes that `image` is written in `layout` by the next command; `discard` when its old
    /// contents do not matter.
    pub(crate) fn use_image_write(
        &mut self,
        image: &Arc<RawImage>,
        stages: vk::PipelineStageFlags2,
        access: vk::AccessFlags2,
        layout: vk::ImageLayout,
        discard: bool,
    ) -> Result<()> {
        self.batch()?.use_image(image);
        let barrier = image.sync.lock().map_err(|_| Error::DeviceLost)?.write(stages, access, layout, discard);
        if let Some(b) = barrier {
            self.add_image_barrier(image, b);
        }
        Ok(())
    }

    fn add_memory_barrier(&mut self, b: Barrier) {
        let merged = match self.memory_barrier.take() {
            None => b,
            Some(m) => Barrier {
                src_stages: m.src_stages | b.src_stages,
                src_access: m.src_access | b.src_access,
                dst_stages: m.dst_stages | b.dst_stages,
                dst_access: m.dst_access | b.dst_access,
                ..m
            },
        };
        self.memory_barrier = Some(merged);
    }

    fn add_image_barrier(&mut self, image: &RawImage, b: Barrier) {
        let src_stages = if b.src_stages.is_empty() { vk::PipelineStageFlags2::NONE } else { b.src_stages };
        self.image_barriers.push(
            vk::ImageMemoryBarrier2::default()
                .src_stage_mask(src_stages)
                .src_access_mask(b.src_access)
                .dst_stage_mask(b.dst_stages)
                .dst_access_mask(b.dst_access)
                .old_layout(b.old_layout)
                .new_layout(b.new_layout)
                .src_queue_family_index(vk::QUEUE_FAMILY_IGNORED)
                .dst_queue_family_index(vk::QUEUE_FAMILY_IGNORED)
                .image(image.raw)
                .subresource_range(vk::ImageSubresourceRange {
                    aspect_mask: conv::full_aspect(image.desc.format),
                    base_mip_level: 0,
                    level_count: vk::REMAINING_MIP_LEVELS,
                    base_array_layer: 0,
                    layer_count: vk::REMAINING_ARRAY_LAYERS,
                }),
        );
    }

    /// Whether barriers are waiting to be recorded.
    pub(crate) fn has_pending_barriers(&self) -> bool {
        self.memory_barrier.is_some() || !self.image_barriers.is_empty()
    }

    /// Records the collected barriers; must be called outside rendering.
    pub(crate) fn emit_barriers(&mut self) -> Result<()> {
        if !self.has_pending_barriers() {
            return Ok(());
        }
        debug_assert!(!self.rendering, "barriers are recorded outside rendering");
        let cmd = self.cmd()?;
        let memory: Vec<vk::MemoryBarrier2> = self
            .memory_barrier
            .take()
            .map(|b| {
                vk::MemoryBarrier2::default()
                    .src_stage_mask(b.src_stages)
                    .src_access_mask(b.src_access)
                    .dst_stage_mask(b.dst_stages)
                    .dst_access_mask(b.dst_access)
            })
            .into_iter()
            .collect();
        let info = vk::DependencyInfo::default().memory_barriers(&memory).image_memory_barriers(&self.image_barriers);
        // SAFETY: cmd is recording outside a render pass instance; each image barrier names a
        // live image held by the batch and a layout the image's tracker says it is in.
        unsafe { self.device.raw.cmd_pipeline_barrier2(cmd, &info) };
        self.image_barriers.clear();
        Ok(())
    }

    // ---- render targets, rendering, clears -----------------------------------------------

    /// Makes `targets` the attachments of following draws and clears. Rendering into the
    /// previous targets ends only if they differ.
    pub fn set_render_targets(&mut self, targets: &RenderTargets) -> Result<()> {
        if targets.same(&self.targets) {
            return Ok(());
        }
        let (w, h) = targets.extent;
        let views = targets.colors.iter().flatten().chain(targets.depth_stencil.iter());
        for v in views {
            let (vw, vh) = v.extent();
            if vw < w || vh < h {
                return Err(Error::InvalidArgument(format!("render area {w}x{h} exceeds an attachment of {vw}x{vh}")));
            }
        }
        if let Some(ds) = &targets.depth_stencil {
            if !ds.format().is_depth_stencil() {
                return Err(Error::InvalidArgument("depth/stencil attachment of a colour format".into()));
            }
        }
        if targets.colors.iter().flatten().any(|v| v.format().is_depth_stencil()) {
            return Err(Error::InvalidArgument("colour attachment of a depth format".into()));
        }
        self.end_rendering()?;
        self.feedback.clear();
        self.targets = targets.clone();
        Ok(())
    }

    /// The current render targets.
    pub fn render_targets(&self) -> &RenderTargets {
        &self.targets
    }

    /// Begins rendering into the current targets if not already inside it.
    pub(crate) fn ensure_rendering(&mut self) -> Result<()> {
        if self.rendering {
            return Ok(());
        }
        let targets = self.targets.clone();
        let pending = std::mem::take(&mut self.pending);
        // Attachments are written; a pending clear makes the old contents irrelevant.
        let color_layout = |v: &ImageView, feedback: &[vk::Image]| {
            if feedback.contains(&v.0.image.0.raw) { vk::ImageLayout::GENERAL } else { vk::ImageLayout::COLOR_ATTACHMENT_OPTIMAL }
        };
        let ds_layout = |v: &ImageView, feedback: &[vk::Image]| {
            if feedback.contains(&v.0.image.0.raw) { vk::ImageLayout::GENERAL } else { vk::ImageLayout::DEPTH_STENCIL_ATTACHMENT_OPTIMAL }
        };
        for (i, view) in targets.colors.iter().enumerate() {
            if let Some(v) = view {
                self.batch()?.keep(v.0.id, || v.0.clone());
                let layout = color_layout(v, &self.feedback);
                self.use_image_write(
                    &v.0.image.0,
                    vk::PipelineStageFlags2::COLOR_ATTACHMENT_OUTPUT,
                    vk::AccessFlags2::COLOR_ATTACHMENT_READ | vk::AccessFlags2::COLOR_ATTACHMENT_WRITE,
                    layout,
                    pending.colors[i].is_some() && covers_image(v),
                )?;
            }
        }
        if let Some(v) = &targets.depth_stencil {
            self.batch()?.keep(v.0.id, || v.0.clone());
            let f = v.format();
            let discard = covers_image(v) && (!f.has_depth() || pending.depth.is_some()) && (!f.has_stencil() || pending.stencil.is_some());
            let layout = ds_layout(v, &self.feedback);
            self.use_image_write(
                &v.0.image.0,
                vk::PipelineStageFlags2::EARLY_FRAGMENT_TESTS | vk::PipelineStageFlags2::LATE_FRAGMENT_TESTS,
                vk::AccessFlags2::DEPTH_STENCIL_ATTACHMENT_READ | vk::AccessFlags2::DEPTH_STENCIL_ATTACHMENT_WRITE,
                layout,
                discard,
            )?;
        }
        self.emit_barriers()?;

        let color_count = targets.colors.iter().rposition(Option::is_some).map_or(0, |i| i + 1);
        let mut colors = [vk::RenderingAttachmentInfo::default(); MAX_COLOR_ATTACHMENTS];
        for i in 0..color_count {
            if let Some(v) = &targets.colors[i] {
                let (load, clear) = match pending.colors[i] {
                    Some(c) => (vk::AttachmentLoadOp::CLEAR, c),
                    None => (vk::AttachmentLoadOp::LOAD, vk::ClearColorValue::default()),
                };
                colors[i] = vk::RenderingAttachmentInfo::default()
                    .image_view(v.0.raw)
                    .image_layout(color_layout(v, &self.feedback))
                    .load_op(load)
                    .store_op(vk::AttachmentStoreOp::STORE)
                    .clear_value(vk::ClearValue { color: clear });
            }
        }
        let feedback = &self.feedback;
        let ds_attachment = |clear: Option<vk::ClearDepthStencilValue>| {
            let view = targets.depth_stencil.as_ref().expect("checked by caller");
            vk::RenderingAttachmentInfo::default()
                .image_view(view.0.raw)
                .image_layout(ds_layout(view, feedback))
                .load_op(if clear.is_some() { vk::AttachmentLoadOp::CLEAR } else { vk::AttachmentLoadOp::LOAD })
                .store_op(vk::AttachmentStoreOp::STORE)
                .clear_value(vk::ClearValue { depth_stencil: clear.unwrap_or_default() })
        };
        let depth = targets.depth_stencil.as_ref().filter(|v| v.format().has_depth()).map(|_| {
            ds_attachment(pending.depth.map(|d| vk::ClearDepthStencilValue { depth: d, stencil: 0 }))
        });
        let stencil = targets.depth_stencil.as_ref().filter(|v| v.format().has_stencil()).map(|_| {
            ds_attachment(pending.stencil.map(|s| vk::ClearDepthStencilValue { depth: 0.0, stencil: s }))
        });
        let (w, h) = targets.extent;
        let mut info = vk::RenderingInfo::default()
            .render_area(vk::Rect2D { offset: vk::Offset2D::default(), extent: vk::Extent2D { width: w.max(1), height: h.max(1) } })
            .layer_count(targets.layers.max(1))
            .color_attachments(&colors[..color_count]);
        if let Some(d) = depth.as_ref() {
            info = info.depth_attachment(d);
        }
        if let Some(s) = stencil.as_ref() {
            info = info.stencil_attachment(s);
        }
        // Active counting queries count this rendering.
        self.open_queries()?;
        let cmd = self.cmd()?;
        // SAFETY: every attachment view is alive (kept by the batch) and in the layout named,
        // per the barriers just recorded; the render area lies inside every attachment
        // (checked by set_render_targets).
        unsafe { self.device.raw.cmd_begin_rendering(cmd, &info) };
        self.rendering = true;
        Ok(())
    }

    /// glTextureBarrier: what attachments were written so far becomes visible to the
    /// texture fetches of later draws. Draws that sample their own attachments are already
    /// ordered after earlier writes by the resource tracker; this orders every later read.
    pub fn texture_barrier(&mut self) -> Result<()> {
        self.end_rendering()?;
        let attachment_writes = vk::AccessFlags2::COLOR_ATTACHMENT_WRITE | vk::AccessFlags2::DEPTH_STENCIL_ATTACHMENT_WRITE;
        self.add_memory_barrier(Barrier {
            src_stages: vk::PipelineStageFlags2::COLOR_ATTACHMENT_OUTPUT | vk::PipelineStageFlags2::LATE_FRAGMENT_TESTS,
            src_access: attachment_writes,
            dst_stages: vk::PipelineStageFlags2::ALL_GRAPHICS,
            dst_access: vk::AccessFlags2::SHADER_SAMPLED_READ | vk::AccessFlags2::SHADER_READ | attachment_writes,
            old_layout: vk::ImageLayout::UNDEFINED,
            new_layout: vk::ImageLayout::UNDEFINED,
        });
        self.emit_barriers()
    }

    /// Ends rendering, first running clears still waiting for a rendering to fold into.
    pub(crate) fn end_rendering(&mut self) -> Result<()> {
        if !self.rendering && self.pending.any() {
            self.ensure_rendering()?;
        }
        if self.rendering {
            let cmd = self.cmd()?;
            // SAFETY: a rendering begun by ensure_rendering is active on cmd.
            unsafe { self.device.raw.cmd_end_rendering(cmd) };
            self.rendering = false;
        }
        Ok(())
    }

    /// Clears attachments of the current targets. Before anything was drawn into them this
    /// becomes the next rendering's load operation; afterwards a clear inside rendering.
    pub fn clear(&mut self, request: &ClearRequest<'_>) -> Result<()> {
        let (w, h) = self.targets.extent;
        let rect = match request.rect {
            None => Rect { x: 0, y: 0, width: w, height: h },
            Some(r) => clip_rect(r, w, h),
        };
        if rect.width == 0 || rect.height == 0 {
            return Ok(());
        }
        let mut colors: [Option<vk::ClearColorValue>; MAX_COLOR_ATTACHMENTS] = [None; MAX_COLOR_ATTACHMENTS];
        for (slot, value) in request.colors {
            let slot = *slot as usize;
            let Some(Some(view)) = self.targets.colors.get(slot) else {
                continue; // GL ignores clears of GL_NONE draw buffers.
            };
            // Padding alpha stays 1 (RenderTargets::alpha_padding).
            let value = if self.targets.alpha_padding & (1 << slot) != 0 { value.with_alpha_one() } else { *value };
            colors[slot] = Some(clear_value_for(view.format().class(), value));
        }
        let ds_format = self.targets.depth_stencil.as_ref().map(|v| v.format());
        let depth = request.depth.filter(|_| ds_format.is_some_and(|f| f.has_depth()));
        let stencil = request.stencil.filter(|_| ds_format.is_some_and(|f| f.has_stencil()));
        let full = rect.x == 0 && rect.y == 0 && rect.width == w && rect.height == h;
        if !self.rendering && full {
            for (i, c) in colors.iter().enumerate() {
                if c.is_some() {
                    self.pending.colors[i] = *c;
                }
            }
            if depth.is_some() {
                self.pending.depth = depth.map(|d| d.clamp(0.0, 1.0));
            }
            if stencil.is_some() {
                self.pending.stencil = stencil;
            }
            return Ok(());
        }
        self.ensure_rendering()?;
        let mut attachments: Vec<vk::ClearAttachment> = Vec::with_capacity(MAX_COLOR_ATTACHMENTS + 1);
        for (i, c) in colors.iter().enumerate() {
            if let Some(c) = c {
                attachments.push(vk::ClearAttachment {
                    aspect_mask: vk::ImageAspectFlags::COLOR,
                    color_attachment: i as u32,
                    clear_value: vk::ClearValue { color: *c },
                });
            }
        }
        let mut aspect = vk::ImageAspectFlags::empty();
        if depth.is_some() {
            aspect |= vk::ImageAspectFlags::DEPTH;
        }
        if stencil.is_some() {
            aspect |= vk::ImageAspectFlags::STENCIL;
        }
        if !aspect.is_empty() {
            attachments.push(vk::ClearAttachment {
                aspect_mask: aspect,
                color_attachment: 0,
                clear_value: vk::ClearValue {
                    depth_stencil: vk::ClearDepthStencilValue {
                        depth: depth.unwrap_or(0.0).clamp(0.0, 1.0),
                        stencil: stencil.unwrap_or(0),
                    },
                },
            });
        }
        if attachments.is_empty() {
            return Ok(());
        }
        // A layered framebuffer clears every layer (GL 4.6 section 9.8).
        let rects = [vk::ClearRect { rect: conv::map_rect(rect), base_array_layer: 0, layer_count: self.targets.layers.max(1) }];
        let cmd = self.cmd()?;
        // SAFETY: rendering is active; each attachment index names a bound attachment and the
        // rectangle lies inside the render area (clipped above).
        unsafe { self.device.raw.cmd_clear_attachments(cmd, &attachments, &rects) };
        Ok(())
    }

    // ---- submission ----------------------------------------------------------------------

    /// Ends the batch and submits it (glFlush). Nothing happens when nothing was recorded,
    /// nor once the process is exiting: the work then stays recorded and is discarded with
    /// the stream, as nothing can read its results.
    pub fn flush(&mut self) -> Result<()> {
        if self.device.is_exiting() {
            return Ok(());
        }
        self.submit(&[], &[])
    }

    /// Submits what is recorded and reports, without waiting, whether every batch of this
    /// stream has completed (a fence wait with a zero timeout).
    pub fn submit_and_poll(&mut self) -> Result<bool> {
        self.submit(&[], &[])?;
        self.retire_completed()?;
        Ok(self.in_flight.is_empty())
    }

    /// Submits and waits until every batch of this stream has completed (glFinish).
    pub fn finish(&mut self) -> Result<()> {
        self.submit(&[], &[])?;
        while let Some(batch) = self.in_flight.front() {
            batch.wait(&self.device)?;
            self.retire_completed()?;
        }
        Ok(())
    }

    /// Submits the current batch, waiting on `wait` semaphores (at colour output) and
    /// signalling `signal`.
    pub(crate) fn submit(&mut self, wait: &[vk::Semaphore], signal: &[vk::Semaphore]) -> Result<()> {
        self.end_rendering()?;
        self.emit_barriers()?;
        if self.batch.is_some() {
            // Queries cannot span command buffers: their slots close here and reopen in the next.
            self.close_queries(None)?;
        }
        let Some(mut batch) = self.batch.take() else {
            if wait.is_empty() && signal.is_empty() {
                return Ok(());
            }
            self.batch()?;
            return self.submit(wait, signal);
        };
        self.staging.seal(&mut batch);
        // SAFETY: the command buffer is recording and no rendering is open.
        unsafe { self.device.raw.end_command_buffer(batch.cmd) }.map_err(vk_err("vkEndCommandBuffer"))?;
        let cmds = [batch.cmd];
        let stages = vec![vk::PipelineStageFlags::ALL_COMMANDS; wait.len()];
        let submit = vk::SubmitInfo::default()
            .command_buffers(&cmds)
            .wait_semaphores(wait)
            .wait_dst_stage_mask(&stages)
            .signal_semaphores(signal);
        let result = {
            let queue = self.device.queue.lock().map_err(|_| Error::DeviceLost)?;
            // SAFETY: the queue is externally synchronised by its mutex; the command buffer
            // is executable and the fence unsignalled (reset when the batch retired).
            unsafe { self.device.raw.queue_submit(*queue, &[submit], batch.fence) }
        };
        self.in_flight.push_back(batch);
        result.map_err(vk_err("vkQueueSubmit"))
    }

    /// Submits and waits for this stream's work: read-backs need their results now.
    pub(crate) fn submit_and_wait(&mut self) -> Result<()> {
        self.finish()
    }
}

impl Drop for CommandStream {
    fn drop(&mut self) {
        // Unflushed work of a context destroyed while the process exits is dropped unrun.
        if !self.device.is_exiting() {
            let _ = self.finish();
        }
        for batch in self.in_flight.drain(..) {
            let _ = batch.wait(&self.device);
            batch.destroy(&self.device);
        }
        // Free batches were reset when they retired; a batch still recording never ran.
        for batch in self.free.drain(..).chain(self.batch.take()) {
            batch.destroy(&self.device);
        }
    }
}

/// Whether an attachment view covers its whole image (so a clear may discard old contents).
fn covers_image(view: &crate::image::ImageView) -> bool {
    let d = view.image().desc();
    d.levels == 1 && d.layers == 1 && d.depth == 1
}

/// Intersects a rectangle with the render area.
fn clip_rect(r: Rect, w: u32, h: u32) -> Rect {
    let x0 = r.x.clamp(0, w as i32);
    let y0 = r.y.clamp(0, h as i32);
    let x1 = (r.x as i64 + r.width as i64).clamp(0, w as i64) as i32;
    let y1 = (r.y as i64 + r.height as i64).clamp(0, h as i64) as i32;
    Rect { x: x0, y: y0, width: (x1 - x0).max(0) as u32, height: (y1 - y0).max(0) as u32 }
}

/// A clear value of the kind the attachment's format reads: GL converts the value given to
/// glClearBuffer*v by the buffer's type.
fn clear_value_for(class: FormatClass, value: ClearColor) -> vk::ClearColorValue {
    match (class, value) {
        (FormatClass::Uint, ClearColor::Float(v)) => vk::ClearColorValue { uint32: v.map(|x| x as u32) },
        (FormatClass::Sint, ClearColor::Float(v)) => vk::ClearColorValue { int32: v.map(|x| x as i32) },
        (FormatClass::Float, ClearColor::Uint(v)) => vk::ClearColorValue { float32: v.map(|x| x as f32) },
        (FormatClass::Float, ClearColor::Sint(v)) => vk::ClearColorValue { float32: v.map(|x| x as f32) },
        (_, v) => conv::map_clear_color(v),
    }
}
