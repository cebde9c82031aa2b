//! Transform feedback around a draw (VK_EXT_transform_feedback).
//!
//! Each capturing draw is its own capture: its buffers are bound, capture begins, the draw
//! runs and capture ends, all inside the draw's rendering. The byte counters the end
//! writes are what the next begin reads, so consecutive draws (and draws after a pause)
//! append where the last one stopped, and glDrawTransformFeedback draws what was captured
//! (vkCmdDrawIndirectByteCountEXT). Rendering may end between draws (for barriers or a new
//! framebuffer) without losing the position.

use crate::buffer::Buffer;
use crate::command::CommandStream;
use crate::error::{Error, Result};
use ash::vk;

/// Buffers one capture can write (GL_MAX_TRANSFORM_FEEDBACK_BUFFERS).
pub const MAX_XFB_BUFFERS: usize = 4;

/// A buffer range capture writes into.
#[derive(Clone, Copy, Debug)]
pub struct XfbTarget<'a> {
    pub buffer: &'a Buffer,
    pub offset: u64,
    pub size: u64,
}

/// The transform feedback of one draw.
#[derive(Clone, Copy, Debug)]
pub struct XfbDraw<'a> {
    /// By buffer index; the program writes the `Some` ones.
    pub targets: [Option<XfbTarget<'a>>; MAX_XFB_BUFFERS],
    /// Four bytes per buffer index: the byte position capture reached.
    pub counters: &'a Buffer,
    /// The counters hold where the previous capture stopped; `false` starts every buffer
    /// at its beginning (the first draw after glBeginTransformFeedback).
    pub resume: bool,
}

/// The vertex count of a draw taken from a capture (glDrawTransformFeedback).
#[derive(Clone, Copy, Debug)]
pub struct CapturedVertexCount<'a> {
    pub counters: &'a Buffer,
    /// Which counter (buffer index) to read.
    pub index: u32,
    /// Bytes per captured vertex in that buffer.
    pub stride: u32,
}

const XFB_STAGE: vk::PipelineStageFlags2 = vk::PipelineStageFlags2::TRANSFORM_FEEDBACK_EXT;
const COUNTER_STAGES: vk::PipelineStageFlags2 =
    vk::PipelineStageFlags2::from_raw(vk::PipelineStageFlags2::TRANSFORM_FEEDBACK_EXT.as_raw() | vk::PipelineStageFlags2::DRAW_INDIRECT.as_raw());

impl CommandStream {
    fn xfb_loader(&self) -> Result<&ash::ext::transform_feedback::Device> {
        self.device.ext.transform_feedback.as_ref().ok_or(Error::MissingFeature("transform feedback"))
    }

    /// Registers what a capture writes and reads, so barriers before it are derived.
    pub(crate) fn xfb_uses(&mut self, xfb: &XfbDraw<'_>) -> Result<()> {
        self.xfb_loader()?;
        for t in xfb.targets.iter().flatten() {
            if t.offset % 4 != 0 || t.offset.checked_add(t.size).is_none_or(|end| end > t.buffer.size()) {
                return Err(Error::InvalidArgument("transform feedback range outside its buffer".into()));
            }
            let raw = t.buffer.storage();
            self.use_buffer_write(&raw, XFB_STAGE, vk::AccessFlags2::TRANSFORM_FEEDBACK_WRITE_EXT)?;
        }
        if xfb.counters.size() < (4 * MAX_XFB_BUFFERS) as u64 {
            return Err(Error::InvalidArgument("transform feedback counters too small".into()));
        }
        let raw = xfb.counters.storage();
        self.use_buffer_write(
            &raw,
            COUNTER_STAGES,
            vk::AccessFlags2::TRANSFORM_FEEDBACK_COUNTER_READ_EXT | vk::AccessFlags2::TRANSFORM_FEEDBACK_COUNTER_WRITE_EXT,
        )
    }

    /// Registers the counter a captured-count draw reads.
    pub(crate) fn captured_count_uses(&mut self, count: &CapturedVertexCount<'_>) -> Result<()> {
        self.xfb_loader()?;
        if count.index as usize >= MAX_XFB_BUFFERS || count.stride == 0 {
            return Err(Error::InvalidArgument("captured vertex count of no buffer".into()));
        }
        let raw = count.counters.storage();
        self.use_buffer_read(&raw, vk::PipelineStageFlags2::DRAW_INDIRECT, vk::AccessFlags2::TRANSFORM_FEEDBACK_COUNTER_READ_EXT)
    }

    /// Binds the capture's buffers and begins capturing (inside rendering).
    pub(crate) fn xfb_begin(&mut self, cmd: vk::CommandBuffer, xfb: &XfbDraw<'_>) -> Result<()> {
        let loader = self.xfb_loader()?.clone();
        let counters = xfb.counters.storage();
        let mut counter_buffers = [vk::Buffer::null(); MAX_XFB_BUFFERS];
        let mut counter_offsets = [0u64; MAX_XFB_BUFFERS];
        for (i, t) in xfb.targets.iter().enumerate() {
            let Some(t) = t else { continue };
            let raw = t.buffer.storage();
            // SAFETY: cmd is recording; the buffer has transform feedback usage (every GL buffer
            // has it on a device with the extension) and the range was checked by xfb_uses.
            unsafe { (loader.fp().cmd_bind_transform_feedback_buffers_ext)(cmd, i as u32, 1, &raw.raw, &t.offset, &t.size) };
            if xfb.resume {
                counter_buffers[i] = counters.raw;
                counter_offsets[i] = 4 * i as u64;
            }
        }
        // SAFETY: inside rendering with a pipeline whose last pre-rasterisation stage
        // captures; null counters start those buffers at offset 0.
        unsafe {
            (loader.fp().cmd_begin_transform_feedback_ext)(cmd, 0, MAX_XFB_BUFFERS as u32, counter_buffers.as_ptr(), counter_offsets.as_ptr())
        };
        Ok(())
    }

    /// Ends capturing, writing where each buffer stopped into the counters.
    pub(crate) fn xfb_end(&mut self, cmd: vk::CommandBuffer, xfb: &XfbDraw<'_>) -> Result<()> {
        let loader = self.xfb_loader()?.clone();
        let counters = xfb.counters.storage();
        let mut counter_buffers = [vk::Buffer::null(); MAX_XFB_BUFFERS];
        let mut counter_offsets = [0u64; MAX_XFB_BUFFERS];
        for (i, t) in xfb.targets.iter().enumerate() {
            if t.is_some() {
                counter_buffers[i] = counters.raw;
                counter_offsets[i] = 4 * i as u64;
            }
        }
        // SAFETY: capture is active in this command buffer (xfb_begin).
        unsafe {
            (loader.fp().cmd_end_transform_feedback_ext)(cmd, 0, MAX_XFB_BUFFERS as u32, counter_buffers.as_ptr(), counter_offsets.as_ptr())
        };
        Ok(())
    }

    /// Draws as many vertices as a capture wrote (per instance).
    pub(crate) fn draw_captured_count(&mut self, cmd: vk::CommandBuffer, count: &CapturedVertexCount<'_>, instances: u32, first_instance: u32) -> Result<()> {
        let loader = self.xfb_loader()?.clone();
        let counters = count.counters.storage();
        // SAFETY: a pipeline and its state are bound; the counter buffer has counter usage.
        unsafe {
            (loader.fp().cmd_draw_indirect_byte_count_ext)(cmd, instances, first_instance, counters.raw, 4 * u64::from(count.index), 0, count.stride)
        };
        Ok(())
    }
}
