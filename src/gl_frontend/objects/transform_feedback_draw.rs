//! Transform feedback at draw time: the draw-mode check against
//! glBeginTransformFeedback's mode, the buffers a capturing draw writes, and
//! glDrawTransformFeedback(Stream)(Instanced), which draws what a capture wrote (from the
//! device's counters, or a count on the host where capture or the drawing program's
//! stages are emulated).

use vk_backend::{Buffer as GpuBuffer, CapturedVertexCount, XfbDraw, XfbTarget, MAX_XFB_BUFFERS};

use crate::context::ContextState;
use crate::draw_path::record_error::RecordError;
use crate::objects::transform_feedback::capture_primitive;
use crate::types::enums::*;
use crate::types::*;

/// The GPU side of one capturing draw, owned while the draw records.
pub(crate) struct DrawCapture {
    targets: [Option<(GpuBuffer, u64, u64)>; MAX_XFB_BUFFERS],
    counters: GpuBuffer,
    resume: bool,
}

impl DrawCapture {
    pub fn as_draw(&self) -> XfbDraw<'_> {
        let mut targets = [None; MAX_XFB_BUFFERS];
        for (t, owned) in targets.iter_mut().zip(&self.targets) {
            *t = owned.as_ref().map(|(buffer, offset, size)| XfbTarget { buffer, offset: *offset, size: *size });
        }
        XfbDraw { targets, counters: &self.counters, resume: self.resume }
    }
}

impl ContextState {
    /// GL_INVALID_OPERATION when capture is active and a draw in `mode` would not produce
    /// glBeginTransformFeedback's primitives (checked where the vertex shader's primitives
    /// are the captured ones).
    pub(crate) fn capture_mode_allowed(&self, mode: GLenum) -> bool {
        let o = self.transform_feedback.current();
        if !o.active || o.paused || o.layout.capture_stage != Some(glsl::Stage::Vertex) {
            return true;
        }
        capture_primitive(mode) == Some(o.primitive_mode)
    }

    /// The buffers and counters of a draw while capture is active and not paused.
    pub(crate) fn capture_for_draw(&mut self) -> Result<Option<DrawCapture>, RecordError> {
        // Emulated capture writes through the records of `draw_path::xfb_emulation`.
        if !self.transform_feedback.capturing() || self.caps.transform_feedback_emulated() {
            return Ok(None);
        }
        let o = self.transform_feedback.current();
        let (bindings, strides, resume) = (o.buffers, o.layout.strides.clone(), o.resume);
        let counters = o.counters.clone().ok_or(RecordError::Gl(GL_INVALID_OPERATION))?;
        let mut targets: [Option<(GpuBuffer, u64, u64)>; MAX_XFB_BUFFERS] = Default::default();
        for (b, &stride) in strides.iter().enumerate().take(MAX_XFB_BUFFERS) {
            let binding = bindings[b];
            if stride == 0 || binding.buffer == 0 {
                continue;
            }
            let (buffer, offset, size) = self.bound_range(binding)?;
            if size == 0 {
                // Nothing fits: the capture writes nothing to this buffer.
                continue;
            }
            if let Some(b) = self.share.lock().buffers.get_mut(binding.buffer) {
                b.gpu_written = true;
            }
            targets[b] = Some((buffer, offset, size));
        }
        Ok(Some(DrawCapture { targets, counters, resume }))
    }

    /// After a capturing draw recorded: the next one continues where it stopped.
    pub(crate) fn capture_recorded(&mut self) {
        self.transform_feedback.current_mut().resume = true;
    }

    /// The captured vertex count glDrawTransformFeedback draws from, while it records.
    pub(crate) fn captured_count_source(&self) -> Option<(GpuBuffer, u32, u32)> {
        self.transform_feedback.draw_source.clone()
    }

    pub(crate) fn gl_draw_transform_feedback(&mut self, mode: GLenum, id: GLuint, stream: GLuint, instances: GLsizei) {
        if !self.check(stream < 4 && instances >= 0, GL_INVALID_VALUE) {
            return;
        }
        let Some(o) = self.transform_feedback.object(id).filter(|_| id == 0 || self.transform_feedback.objects.exists(id)) else {
            return self.record_error(GL_INVALID_VALUE);
        };
        let Some(captured) = o.captured else { return self.record_error(GL_INVALID_OPERATION) };
        if self.caps.transform_feedback_emulated() {
            // The host knows how much each buffer holds.
            let vertices = captured[stream as usize].map_or(0, |(buffer, stride)| o.emulated_written[buffer as usize] / u64::from(stride.max(1)));
            return self.gl_draw(mode, 0, vertices.min(i32::MAX as u64) as GLsizei, instances, 0, 0, None);
        }
        let source = captured[stream as usize].zip(o.counters.clone());
        // A program whose geometry shader or tessellation is emulated plans its draws on
        // the host, which then needs the count the device's capture wrote: it is read back
        // (the draw waits for the GPU).
        let emulated = self.current_executable().is_some_and(|e| {
            let e = e.lock().unwrap_or_else(|p| p.into_inner());
            e.gs_emulation.is_some() || e.tess_emulation.is_some()
        });
        match source {
            Some(((buffer, stride), counters)) if emulated => {
                let bytes = match self.stream.read_buffer(&counters, 4 * u64::from(buffer), 4) {
                    Ok(b) => u32::from_ne_bytes([b[0], b[1], b[2], b[3]]),
                    Err(e) => return self.backend_failed(e),
                };
                let vertices = bytes / stride.max(1);
                self.gl_draw(mode, 0, vertices.min(i32::MAX as u32) as GLsizei, instances, 0, 0, None);
            }
            Some(((buffer, stride), counters)) => {
                self.transform_feedback.draw_source = Some((counters, buffer, stride));
                self.gl_draw(mode, 0, 1, instances, 0, 0, None);
                self.transform_feedback.draw_source = None;
            }
            // Nothing was captured: the draw is checked and draws nothing.
            None => self.gl_draw(mode, 0, 0, instances, 0, 0, None),
        }
    }
}

/// The backend form of a captured-count source.
pub(crate) fn captured_count(source: &Option<(GpuBuffer, u32, u32)>) -> Option<CapturedVertexCount<'_>> {
    source.as_ref().map(|(counters, index, stride)| CapturedVertexCount { counters, index: *index, stride: *stride })
}
