//! Command batches: one command buffer, its fence, and every resource its work refers to, kept
//! alive and marked busy until the fence signals. Batches are reused once complete.

use crate::buffer::RawBuffer;
use crate::device::Device;
use crate::error::{vk_err, Result};
use crate::hasher::FastHashMap;
use crate::image::RawImage;
use ash::vk;
use std::any::Any;
use std::sync::Arc;

pub(crate) struct Batch {
    pub id: u64,
    pool: vk::CommandPool,
    pub cmd: vk::CommandBuffer,
    pub fence: vk::Fence,
    buffers: Vec<Arc<RawBuffer>>,
    images: Vec<Arc<RawImage>>,
    /// Programs and views kept alive by id, so each is held once per batch.
    keep: FastHashMap<u64, Arc<dyn Any + Send + Sync>>,
    /// Staging chunks the batch's copies read from; returned to the ring on retirement.
    pub staging: Vec<Arc<RawBuffer>>,
    /// Descriptor pools for programs without push descriptors.
    pub descriptor_pools: Vec<vk::DescriptorPool>,
    pub descriptor_pool_used: usize,
}

impl Batch {
    pub fn new(device: &Device) -> Result<Batch> {
        let info = vk::CommandPoolCreateInfo::default()
            .queue_family_index(device.queue_family)
            .flags(vk::CommandPoolCreateFlags::TRANSIENT);
        // SAFETY: queue_family is the device's graphics queue family.
        let pool = unsafe { device.raw.create_command_pool(&info, None) }.map_err(vk_err("vkCreateCommandPool"))?;
        let alloc = vk::CommandBufferAllocateInfo::default()
            .command_pool(pool)
            .level(vk::CommandBufferLevel::PRIMARY)
            .command_buffer_count(1);
        // SAFETY: pool was just created on this device.
        let cmd = unsafe { device.raw.allocate_command_buffers(&alloc) }.map_err(vk_err("vkAllocateCommandBuffers"))?[0];
        // SAFETY: a default fence create info is valid.
        let fence = unsafe { device.raw.create_fence(&vk::FenceCreateInfo::default(), None) }.map_err(vk_err("vkCreateFence"))?;
        Ok(Batch {
            id: device.next_id(),
            pool,
            cmd,
            fence,
            buffers: Vec::new(),
            images: Vec::new(),
            keep: FastHashMap::default(),
            staging: Vec::new(),
            descriptor_pools: Vec::new(),
            descriptor_pool_used: 0,
        })
    }

    /// Starts recording.
    pub fn begin(&mut self, device: &Device) -> Result<()> {
        let info = vk::CommandBufferBeginInfo::default().flags(vk::CommandBufferUsageFlags::ONE_TIME_SUBMIT);
        // SAFETY: the command buffer is in the initial state (new, or its pool was reset when the
        // batch retired).
        unsafe { device.raw.begin_command_buffer(self.cmd, &info) }.map_err(vk_err("vkBeginCommandBuffer"))
    }

    /// Records that the batch's work uses `buffer`.
    #[inline]
    pub fn use_buffer(&mut self, buffer: &Arc<RawBuffer>) {
        if buffer.uses.mark(self.id) {
            self.buffers.push(buffer.clone());
        }
    }

    /// Records that the batch's work uses `image`.
    #[inline]
    pub fn use_image(&mut self, image: &Arc<RawImage>) {
        if image.uses.mark(self.id) {
            self.images.push(image.clone());
        }
    }

    /// Keeps an object alive until the batch completes.
    #[inline]
    pub fn keep(&mut self, id: u64, object: impl FnOnce() -> Arc<dyn Any + Send + Sync>) {
        self.keep.entry(id).or_insert_with(object);
    }

    /// Whether the submitted work has completed.
    pub fn is_complete(&self, device: &Device) -> bool {
        // SAFETY: the fence belongs to this device.
        unsafe { device.raw.get_fence_status(self.fence) }.unwrap_or(false)
    }

    /// Waits for the submitted work.
    pub fn wait(&self, device: &Device) -> Result<()> {
        // SAFETY: the fence belongs to this device and was submitted with the batch.
        unsafe { device.raw.wait_for_fences(&[self.fence], true, u64::MAX) }.map_err(vk_err("vkWaitForFences"))
    }

    /// After completion: releases resources and readies the batch for reuse under a new id.
    /// Returns the staging chunks to recycle.
    pub fn retire(&mut self, device: &Device) -> Result<Vec<Arc<RawBuffer>>> {
        for b in self.buffers.drain(..) {
            b.uses.release();
        }
        for i in self.images.drain(..) {
            i.uses.release();
        }
        self.keep.clear();
        // SAFETY: the fence signalled, so the command buffer and descriptor sets are no longer
        // in use; the fence is not in any pending submission.
        unsafe {
            device.raw.reset_fences(&[self.fence]).map_err(vk_err("vkResetFences"))?;
            device
                .raw
                .reset_command_pool(self.pool, vk::CommandPoolResetFlags::empty())
                .map_err(vk_err("vkResetCommandPool"))?;
            for pool in &self.descriptor_pools {
                device
                    .raw
                    .reset_descriptor_pool(*pool, vk::DescriptorPoolResetFlags::empty())
                    .map_err(vk_err("vkResetDescriptorPool"))?;
            }
        }
        self.descriptor_pool_used = 0;
        self.id = device.next_id();
        Ok(std::mem::take(&mut self.staging))
    }

    /// Destroys the batch's Vulkan objects; the batch must be complete or never submitted.
    pub fn destroy(mut self, device: &Device) {
        for b in self.buffers.drain(..) {
            b.uses.release();
        }
        for i in self.images.drain(..) {
            i.uses.release();
        }
        // SAFETY: the caller guarantees no pending work uses these objects.
        unsafe {
            for pool in self.descriptor_pools.drain(..) {
                device.raw.destroy_descriptor_pool(pool, None);
            }
            device.raw.destroy_fence(self.fence, None);
            device.raw.destroy_command_pool(self.pool, None);
        }
    }
}
