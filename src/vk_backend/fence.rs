//! GL sync objects: a fence signalled once all work submitted before it has completed
//! (glFenceSync, glClientWaitSync), usable from any context or thread.

use crate::command::CommandStream;
use crate::device::Device;
use crate::error::{vk_err, Error, Result};
use ash::vk;
use std::sync::Arc;

struct FenceShared {
    device: Arc<Device>,
    raw: vk::Fence,
}

impl Drop for FenceShared {
    fn drop(&mut self) {
        // SAFETY: a fence is destroyed only when no submission can still signal it: wait for
        // it first (it was submitted at creation, so it signals).
        unsafe {
            let _ = self.device.raw.wait_for_fences(&[self.raw], true, u64::MAX);
            self.device.raw.destroy_fence(self.raw, None);
        }
    }
}

/// A point in the device's queue; cloning gives another handle to the same point.
#[derive(Clone)]
pub struct Fence(Arc<FenceShared>);

impl Fence {
    /// Whether all work before the fence has completed.
    pub fn is_signaled(&self) -> Result<bool> {
        // SAFETY: the fence belongs to this device.
        unsafe { self.0.device.raw.get_fence_status(self.0.raw) }.map_err(vk_err("vkGetFenceStatus"))
    }

    /// Waits up to `timeout_ns` for the fence; returns whether it signalled.
    pub fn wait(&self, timeout_ns: u64) -> Result<bool> {
        // SAFETY: the fence belongs to this device and was submitted.
        match unsafe { self.0.device.raw.wait_for_fences(&[self.0.raw], true, timeout_ns) } {
            Ok(()) => Ok(true),
            Err(vk::Result::TIMEOUT) => Ok(false),
            Err(e) => Err(vk_err("vkWaitForFences")(e)),
        }
    }
}

impl std::fmt::Debug for Fence {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Fence").field("signaled", &self.is_signaled().ok()).finish()
    }
}

impl CommandStream {
    /// Submits the stream's work and returns a fence that signals once it, and everything
    /// any context submitted before it, has completed.
    pub fn insert_fence(&mut self) -> Result<Fence> {
        self.submit(&[], &[])?;
        // SAFETY: a default fence create info is valid.
        let raw = unsafe { self.device.raw.create_fence(&vk::FenceCreateInfo::default(), None) }.map_err(vk_err("vkCreateFence"))?;
        let fence = Fence(Arc::new(FenceShared { device: self.device.clone(), raw }));
        let queue = self.device.queue.lock().map_err(|_| Error::DeviceLost)?;
        // SAFETY: an empty submission signals its fence after all earlier submissions to the
        // queue complete; the queue is externally synchronised by its mutex.
        unsafe { self.device.raw.queue_submit(*queue, &[], raw) }.map_err(vk_err("vkQueueSubmit"))?;
        Ok(fence)
    }
}
