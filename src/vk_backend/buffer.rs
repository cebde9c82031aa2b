//! Buffers: GL buffer objects, staging and read-back memory. A `Buffer` is a handle to
//! replaceable storage so a write to a busy buffer can give it fresh storage (orphaning).

use crate::device::Device;
use crate::error::{vk_err, Error, Result};
use crate::sync::{ResourceSync, UseTracker};
use ash::vk;
use gpu_allocator::vulkan::Allocation;
use gpu_allocator::MemoryLocation;
use std::ptr::NonNull;
use std::sync::{Arc, Mutex};

/// Where a buffer's memory lives.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum MemoryHint {
    /// Device memory: fastest for the GPU, written through staging copies (GL_STATIC_*).
    DeviceLocal,
    /// Host-visible memory the CPU writes directly when the GPU is not using it
    /// (GL_DYNAMIC_*, GL_STREAM_*, persistent maps).
    #[default]
    HostVisible,
    /// Host-cached memory for data the CPU reads back (GL_*_READ, pixel pack buffers).
    Readback,
}

/// How to create a buffer. Every buffer can be used for any GL binding point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BufferDesc {
    pub size: u64,
    pub memory: MemoryHint,
}

/// A mapped host pointer; Send/Sync because the mapping is fixed for the allocation's life and
/// access to the bytes is ordered by the use tracking of the owning buffer.
#[derive(Clone, Copy)]
pub(crate) struct HostPtr(pub NonNull<u8>);
// SAFETY: see the type's comment: the pointer never changes and the memory is only touched
// when the use tracker says no GPU work refers to it, or through the stream that owns it.
unsafe impl Send for HostPtr {}
// SAFETY: as above.
unsafe impl Sync for HostPtr {}

/// One VkBuffer with its memory.
pub(crate) struct RawBuffer {
    pub device: Arc<Device>,
    pub raw: vk::Buffer,
    pub size: u64,
    pub host: Option<HostPtr>,
    allocation: Mutex<Option<Allocation>>,
    pub sync: Mutex<ResourceSync>,
    pub uses: UseTracker,
}

impl RawBuffer {
    pub fn new(device: &Arc<Device>, size: u64, memory: MemoryHint, usage: vk::BufferUsageFlags) -> Result<Arc<RawBuffer>> {
        if size == 0 {
            return Err(Error::InvalidArgument("buffer size 0".into()));
        }
        let info = vk::BufferCreateInfo::default().size(size).usage(usage).sharing_mode(vk::SharingMode::EXCLUSIVE);
        // SAFETY: the create info is valid (non-zero size, exclusive sharing).
        let raw = unsafe { device.raw.create_buffer(&info, None) }.map_err(vk_err("vkCreateBuffer"))?;
        // SAFETY: raw was just created on this device.
        let requirements = unsafe { device.raw.get_buffer_memory_requirements(raw) };
        let location = match memory {
            MemoryHint::DeviceLocal => MemoryLocation::GpuOnly,
            MemoryHint::HostVisible => MemoryLocation::CpuToGpu,
            MemoryHint::Readback => MemoryLocation::GpuToCpu,
        };
        let allocation = match device.allocate_memory("buffer", requirements, location, true) {
            Ok(a) => a,
            Err(e) => {
                // SAFETY: raw is unused and unbound.
                unsafe { device.raw.destroy_buffer(raw, None) };
                return Err(e);
            }
        };
        // SAFETY: the allocation satisfies raw's requirements and is bound once.
        unsafe { device.raw.bind_buffer_memory(raw, allocation.memory(), allocation.offset()) }
            .map_err(vk_err("vkBindBufferMemory"))?;
        let host = allocation.mapped_ptr().map(|p| HostPtr(p.cast()));
        Ok(Arc::new(RawBuffer {
            device: device.clone(),
            raw,
            size,
            host,
            allocation: Mutex::new(Some(allocation)),
            sync: Mutex::new(ResourceSync::new(vk::ImageLayout::UNDEFINED)),
            uses: UseTracker::default(),
        }))
    }

    /// Copies `data` into host-visible memory at `offset`; caller ensures no GPU use overlaps.
    pub fn host_write(&self, offset: u64, data: &[u8]) -> bool {
        let Some(ptr) = self.host else { return false };
        if offset.checked_add(data.len() as u64).is_none_or(|end| end > self.size) {
            return false;
        }
        // SAFETY: the range lies inside the mapped allocation (checked just above) and no GPU
        // work uses it (the caller checked the use tracker).
        unsafe { std::ptr::copy_nonoverlapping(data.as_ptr(), ptr.0.as_ptr().add(offset as usize), data.len()) };
        true
    }

    /// Copies out of host-visible memory; caller ensures the GPU finished writing it.
    pub fn host_read(&self, offset: u64, out: &mut [u8]) -> bool {
        let Some(ptr) = self.host else { return false };
        if offset.checked_add(out.len() as u64).is_none_or(|end| end > self.size) {
            return false;
        }
        // SAFETY: the range lies inside the mapped allocation (checked just above) and all GPU
        // writes to it have completed (the caller waited on their fence).
        unsafe { std::ptr::copy_nonoverlapping(ptr.0.as_ptr().add(offset as usize), out.as_mut_ptr(), out.len()) };
        true
    }
}

impl Drop for RawBuffer {
    fn drop(&mut self) {
        // SAFETY: the last reference is gone; batches hold references while they run, so no
        // GPU work uses the buffer.
        unsafe { self.device.raw.destroy_buffer(self.raw, None) };
        if let (Ok(mut alloc), Ok(mut allocator)) = (self.allocation.lock(), self.device.allocator.lock()) {
            if let (Some(a), Some(allocator)) = (alloc.take(), allocator.as_mut()) {
                let _ = allocator.free(a);
            }
        }
    }
}

/// Usage flags of every GL buffer: GL lets any buffer bind to any target (transform
/// feedback buffers and their counters too, where the device captures).
pub(crate) fn gl_buffer_usage(device: &Device) -> vk::BufferUsageFlags {
    let xfb = if device.ext.transform_feedback.is_some() {
        vk::BufferUsageFlags::TRANSFORM_FEEDBACK_BUFFER_EXT | vk::BufferUsageFlags::TRANSFORM_FEEDBACK_COUNTER_BUFFER_EXT
    } else {
        vk::BufferUsageFlags::empty()
    };
    xfb | vk::BufferUsageFlags::TRANSFER_SRC
        | vk::BufferUsageFlags::TRANSFER_DST
        | vk::BufferUsageFlags::VERTEX_BUFFER
        | vk::BufferUsageFlags::INDEX_BUFFER
        | vk::BufferUsageFlags::UNIFORM_BUFFER
        | vk::BufferUsageFlags::STORAGE_BUFFER
        | vk::BufferUsageFlags::INDIRECT_BUFFER
        | vk::BufferUsageFlags::UNIFORM_TEXEL_BUFFER
        | vk::BufferUsageFlags::STORAGE_TEXEL_BUFFER
}

pub(crate) struct BufferShared {
    pub desc: BufferDesc,
    pub storage: Mutex<Arc<RawBuffer>>,
}

/// A GL buffer's storage. Cloning gives another handle to the same buffer.
#[derive(Clone)]
pub struct Buffer(pub(crate) Arc<BufferShared>);

impl Buffer {
    /// Creates a buffer of `desc.size` bytes (contents undefined until written).
    pub fn new(device: &Arc<Device>, desc: &BufferDesc) -> Result<Buffer> {
        let raw = RawBuffer::new(device, desc.size, desc.memory, gl_buffer_usage(device))?;
        Ok(Buffer(Arc::new(BufferShared { desc: *desc, storage: Mutex::new(raw) })))
    }

    /// Size in bytes.
    pub fn size(&self) -> u64 {
        self.0.desc.size
    }

    /// The memory hint it was created with.
    pub fn memory(&self) -> MemoryHint {
        self.0.desc.memory
    }

    /// Whether two handles name the same buffer.
    pub fn same(&self, other: &Buffer) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }

    /// Whether GPU work recorded or submitted still uses the current storage.
    pub fn is_busy(&self) -> bool {
        self.storage().uses.busy()
    }

    pub(crate) fn storage(&self) -> Arc<RawBuffer> {
        match self.0.storage.lock() {
            Ok(s) => s.clone(),
            Err(poisoned) => poisoned.into_inner().clone(),
        }
    }

    /// Gives the buffer fresh storage; work already recorded keeps the old one alive.
    pub(crate) fn orphan(&self) -> Result<Arc<RawBuffer>> {
        let old = self.storage();
        let fresh = RawBuffer::new(&old.device, self.0.desc.size, self.0.desc.memory, gl_buffer_usage(&old.device))?;
        let mut slot = self.0.storage.lock().map_err(|_| Error::DeviceLost)?;
        *slot = fresh.clone();
        Ok(fresh)
    }
}

impl std::fmt::Debug for Buffer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Buffer").field("size", &self.size()).field("memory", &self.memory()).finish()
    }
}
