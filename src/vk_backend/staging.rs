//! The staging ring: host-visible chunks that uploads are written into and copied from.
//! A chunk is filled front to back, travels with the batch that used it, and comes back when
//! that batch completes.

use crate::batch::Batch;
use crate::buffer::{MemoryHint, RawBuffer};
use crate::device::Device;
use crate::error::Result;
use ash::vk;
use std::sync::Arc;

const CHUNK_SIZE: u64 = 4 << 20;

#[derive(Default)]
pub(crate) struct StagingRing {
    current: Option<(Arc<RawBuffer>, u64)>,
    free: Vec<Arc<RawBuffer>>,
}

impl StagingRing {
    /// Space for `data` in a chunk the current batch keeps; returns the chunk and offset.
    pub fn upload(&mut self, device: &Arc<Device>, batch: &mut Batch, data: &[u8], align: u64) -> Result<(Arc<RawBuffer>, u64)> {
        let size = data.len() as u64;
        let align = align.max(16);
        let fits = |(chunk, used): &(Arc<RawBuffer>, u64)| used.next_multiple_of(align) + size <= chunk.size;
        if !self.current.as_ref().is_some_and(fits) {
            if let Some((old, _)) = self.current.take() {
                batch.staging.push(old);
            }
            let chunk = if size <= CHUNK_SIZE {
                match self.free.pop() {
                    Some(c) => c,
                    None => RawBuffer::new(device, CHUNK_SIZE, MemoryHint::HostVisible, vk::BufferUsageFlags::TRANSFER_SRC)?,
                }
            } else {
                RawBuffer::new(device, size, MemoryHint::HostVisible, vk::BufferUsageFlags::TRANSFER_SRC)?
            };
            self.current = Some((chunk, 0));
        }
        let (chunk, used) = self.current.as_mut().expect("a chunk was just ensured");
        let offset = used.next_multiple_of(align);
        chunk.host_write(offset, data);
        *used = offset + size;
        batch.use_buffer(chunk);
        Ok((chunk.clone(), offset))
    }

    /// The batch is being submitted: the current chunk goes with it.
    pub fn seal(&mut self, batch: &mut Batch) {
        if let Some((chunk, _)) = self.current.take() {
            batch.staging.push(chunk);
        }
    }

    /// Chunks of a completed batch come back; oversized ones are dropped.
    pub fn recycle(&mut self, chunks: Vec<Arc<RawBuffer>>) {
        self.free.extend(chunks.into_iter().filter(|c| c.size == CHUNK_SIZE).take(8));
    }
}
