//! Texel views of buffers: what a buffer texture (samplerBuffer) reads through a uniform
//! texel buffer descriptor. A view is made on the buffer's current storage, so one is made
//! per draw rather than kept: orphaning gives a buffer new storage.

use crate::buffer::{Buffer, RawBuffer};
use crate::conv;
use crate::device::Device;
use crate::error::{vk_err, Error, Result};
use crate::format::Format;
use ash::vk;
use std::sync::Arc;

pub(crate) struct BufferViewShared {
    pub device: Arc<Device>,
    pub raw: vk::BufferView,
    /// The storage viewed, kept alive with the view.
    pub storage: Arc<RawBuffer>,
    pub id: u64,
}

impl Drop for BufferViewShared {
    fn drop(&mut self) {
        // SAFETY: the last reference is gone; batches keep views alive while they run.
        unsafe { self.device.raw.destroy_buffer_view(self.raw, None) };
    }
}

/// A view of `size` bytes of a buffer from `offset` as texels of one format.
#[derive(Clone)]
pub struct BufferView(pub(crate) Arc<BufferViewShared>);

impl std::fmt::Debug for BufferView {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("BufferView").field(&self.0.id).finish()
    }
}

impl BufferView {
    /// Views `size` bytes of `buffer` from `offset` as `format` texels. The range is cut to
    /// the buffer's size and the device's texel limit; `offset` must meet the device's
    /// texel-buffer alignment.
    pub fn new(buffer: &Buffer, format: Format, offset: u64, size: u64) -> Result<BufferView> {
        let storage = buffer.storage();
        let device = storage.device.clone();
        let limits = &device.info().limits;
        let texel = u64::from(format.texel_size(crate::format::Aspect::Color));
        if texel == 0 || offset % limits.min_texel_buffer_offset_alignment.max(1) != 0 || offset >= buffer.size() {
            return Err(Error::InvalidArgument(format!("texel buffer view at {offset} of a {}-byte buffer", buffer.size())));
        }
        let texels = (size.min(buffer.size() - offset) / texel).min(u64::from(limits.max_texel_buffer_elements));
        if texels == 0 {
            return Err(Error::InvalidArgument("empty texel buffer view".into()));
        }
        let info = vk::BufferViewCreateInfo::default()
            .buffer(storage.raw)
            .format(conv::map_format(format, &device.info().features))
            .offset(offset)
            .range(texels * texel);
        // SAFETY: the buffer was made with UNIFORM_TEXEL_BUFFER usage (every GL buffer is)
        // and the range lies inside it, aligned as the device requires.
        let raw = unsafe { device.raw.create_buffer_view(&info, None) }.map_err(vk_err("vkCreateBufferView"))?;
        let id = device.next_id();
        Ok(BufferView(Arc::new(BufferViewShared { device, raw, storage, id })))
    }
}
