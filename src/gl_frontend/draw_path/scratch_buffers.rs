//! Buffers that live for one emulated draw: the vertex stage's records, emitted vertices
//! and their indices, patch outputs and levels. Each context keeps the ones it made and
//! hands them out again once no GPU work uses them, so an emulated draw in a steady frame
//! allocates nothing.

use vk_backend::{Buffer as GpuBuffer, BufferDesc, Device, MemoryHint};

/// Buffers kept for reuse; more are dropped once the draw that took them is recorded.
const MAX_KEPT: usize = 32;
/// Bytes kept for reuse, so one huge draw does not pin its buffers for the context's life.
const MAX_KEPT_BYTES: u64 = 256 << 20;
/// The smallest size handed out: sizes are rounded up to powers of two from here, so
/// draws of a similar size share buffers.
const MIN_SIZE: u64 = 256;

#[derive(Default)]
pub(crate) struct ScratchBuffers {
    kept: Vec<GpuBuffer>,
    never_written: Option<GpuBuffer>,
}

impl ScratchBuffers {
    /// A buffer of at least `size` bytes of `memory` that no GPU work uses, with undefined
    /// contents. Hand it back with [`ScratchBuffers::keep`] once the draw is recorded.
    pub(crate) fn take(&mut self, device: &std::sync::Arc<Device>, size: u64, memory: MemoryHint) -> Result<GpuBuffer, vk_backend::Error> {
        let size = size.max(MIN_SIZE).next_power_of_two();
        if let Some(i) = self.kept.iter().position(|b| b.size() == size && b.memory() == memory && !b.is_busy()) {
            return Ok(self.kept.swap_remove(i));
        }
        GpuBuffer::new(device, &BufferDesc { size, memory })
    }

    /// A 16-byte storage buffer for a binding that must exist but that the draw's numbers
    /// keep every shader from writing (no captured slot): one per context, shared by all.
    pub(crate) fn never_written(&mut self, device: &std::sync::Arc<Device>) -> Result<GpuBuffer, vk_backend::Error> {
        if let Some(buffer) = &self.never_written {
            return Ok(buffer.clone());
        }
        let buffer = GpuBuffer::new(device, &BufferDesc { size: 16, memory: MemoryHint::DeviceLocal })?;
        Ok(self.never_written.insert(buffer).clone())
    }

    /// Keeps `buffers`, which the recorded draw still uses, for a later draw: [`take`]
    /// passes over them until the GPU is done with them.
    ///
    /// [`take`]: ScratchBuffers::take
    pub(crate) fn keep(&mut self, buffers: impl IntoIterator<Item = GpuBuffer>) {
        for buffer in buffers {
            let kept_bytes: u64 = self.kept.iter().map(GpuBuffer::size).sum();
            if self.kept.len() < MAX_KEPT && kept_bytes + buffer.size() <= MAX_KEPT_BYTES {
                self.kept.push(buffer);
            }
        }
    }
}
