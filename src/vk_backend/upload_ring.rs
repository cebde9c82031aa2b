//! The streaming ring for data that lives for one draw: default-block uniforms, client-side
//! vertex arrays, immediate-mode vertices. Chunks are ordinary buffers filled front to back by
//! the CPU; a chunk is refilled from the start only once no GPU work uses it.

use crate::buffer::{Buffer, BufferDesc, MemoryHint};
use crate::command::CommandStream;
use crate::error::{Error, Result};

const CHUNK_SIZE: u64 = 1 << 20;
/// Chunks kept for reuse; more than this are dropped when they fall idle.
const MAX_IDLE_CHUNKS: usize = 8;

#[derive(Default)]
pub(crate) struct UploadRing {
    current: Option<(Buffer, u64)>,
    spare: Vec<Buffer>,
    /// A device-wide unique id of the current chunk's fill, renewed whenever another chunk
    /// becomes current: data uploaded under an epoch stays intact while the epoch lasts.
    epoch: u64,
}

impl UploadRing {
    fn take_chunk(&mut self, device: &std::sync::Arc<crate::Device>, size: u64) -> Result<Buffer> {
        if size <= CHUNK_SIZE {
            if let Some(i) = self.spare.iter().position(|b| !b.is_busy()) {
                return Ok(self.spare.swap_remove(i));
            }
        }
        Buffer::new(device, &BufferDesc { size: size.max(CHUNK_SIZE), memory: MemoryHint::HostVisible })
    }
}

impl CommandStream {
    /// Copies `data` into the stream's upload ring and returns the buffer and offset that
    /// now hold it, aligned for use as a uniform, storage, vertex or index buffer. The bytes
    /// stay valid for draws recorded before the next `stream_upload` that needs a new chunk
    /// wraps around to this one, which happens only after the GPU is done with it.
    pub fn stream_upload(&mut self, data: &[u8]) -> Result<(Buffer, u64)> {
        if data.is_empty() {
            return Err(Error::InvalidArgument("stream_upload of nothing".into()));
        }
        let limits = &self.device.info().limits;
        let align = limits.min_uniform_buffer_offset_alignment.max(limits.min_storage_buffer_offset_alignment).max(16);
        let size = data.len() as u64;
        let ring = &mut self.upload_ring;
        let fits = ring.current.as_ref().is_some_and(|(b, used)| used.next_multiple_of(align) + size <= b.size());
        if !fits {
            let chunk = ring.take_chunk(&self.device, size)?;
            if let Some((old, _)) = ring.current.replace((chunk, 0)) {
                // The old chunk may hold data of the command being built that nothing
                // recorded marks busy yet: the current batch holds it, so it is not
                // refilled before that batch completes.
                let raw = old.storage();
                self.batch()?.use_buffer(&raw);
                let ring = &mut self.upload_ring;
                if old.size() == CHUNK_SIZE && ring.spare.len() < MAX_IDLE_CHUNKS {
                    ring.spare.push(old);
                }
            }
            self.upload_ring.epoch = self.device.next_id();
        }
        let ring = &mut self.upload_ring;
        let (chunk, used) = ring.current.as_mut().expect("a chunk was just ensured");
        let offset = used.next_multiple_of(align);
        // Bytes past `used` were never handed out since the chunk was last idle, so no GPU
        // work reads them: a direct write is safe even while the chunk is busy.
        if !chunk.storage().host_write(offset, data) {
            return Err(Error::OutOfMemory("upload ring memory is not host-visible".into()));
        }
        *used = offset + size;
        Ok((chunk.clone(), offset))
    }

    /// The upload ring's current epoch. Bytes `stream_upload` returned while the epoch was
    /// this value are still there (and may be bound again) as long as it stays unchanged:
    /// only then is their chunk still the one being filled front to back.
    pub fn upload_epoch(&self) -> u64 {
        self.upload_ring.epoch
    }
}
