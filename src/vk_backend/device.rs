//! The one Vulkan device of a process, shared by every GL context.

use crate::adapter::{self, Adapter};
use crate::error::{vk_err, Error, Result};
use crate::info::DeviceInfo;
use crate::instance::InstanceBundle;
use crate::pipeline::PipelineStore;
use crate::sampler::SamplerStore;
use ash::vk;
use gpu_allocator::vulkan::{Allocation, AllocationCreateDesc, AllocationScheme, Allocator, AllocatorCreateDesc};
use gpu_allocator::MemoryLocation;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// How to create a [`Device`].
#[derive(Clone, Debug, Default)]
pub struct DeviceOptions {
    /// Index or name substring of the physical device; `None` reads `GALVAN_DEVICE`.
    pub selector: Option<String>,
    /// Enable window-system surface extensions so swapchains can be made.
    pub presentation: bool,
    /// Take the paths devices without optional extensions take, even where they exist:
    /// pooled descriptor sets instead of push descriptors, 8-bit indices widened to 16-bit.
    /// For testing those paths on any device.
    pub force_fallbacks: bool,
    /// Formats the device is to lack: [`Device::format_support`] reports nothing for them
    /// and images of them are not made, so that the front end's fallback storage can be
    /// tested on any device.
    pub hidden_formats: Vec<crate::Format>,
}

/// Vulkan extension entry points loaded when the device has the extension.
pub(crate) struct ExtensionFns {
    pub push_descriptor: Option<ash::khr::push_descriptor::Device>,
    pub eds3: Option<ash::ext::extended_dynamic_state3::Device>,
    pub eds2: Option<ash::ext::extended_dynamic_state2::Device>,
    pub vertex_input: Option<ash::ext::vertex_input_dynamic_state::Device>,
    pub swapchain: Option<ash::khr::swapchain::Device>,
    pub transform_feedback: Option<ash::ext::transform_feedback::Device>,
}

/// The Vulkan device: one per process, shared through `Arc` by every context.
pub struct Device {
    pub(crate) raw: ash::Device,
    pub(crate) physical: vk::PhysicalDevice,
    pub(crate) queue: Mutex<vk::Queue>,
    pub(crate) queue_family: u32,
    /// `None` only while dropping, so the allocator is gone before the device.
    pub(crate) allocator: Mutex<Option<Allocator>>,
    pub(crate) ext: ExtensionFns,
    pub(crate) pipelines: PipelineStore,
    pub(crate) samplers: SamplerStore,
    next_id: AtomicU64,
    /// Set once the process has begun exiting (see [`Device::quiesce_for_process_exit`]).
    exiting: AtomicBool,
    info: DeviceInfo,
    pub(crate) instance: InstanceBundle,
    /// [`DeviceOptions::hidden_formats`].
    pub(crate) hidden_formats: Vec<crate::Format>,
}

/// Names of every Vulkan 1.3 device, in `GALVAN_DEVICE` index order.
pub fn list_devices() -> Result<Vec<String>> {
    let bundle = InstanceBundle::new(false)?;
    Ok(adapter::enumerate(&bundle.instance)?.into_iter().map(|d| d.1).collect())
}

impl Device {
    /// The device `GALVAN_DEVICE` picks, with window-system surface support when the loader
    /// has it.
    pub fn from_env() -> Result<Arc<Device>> {
        Device::new(&DeviceOptions { presentation: true, ..Default::default() })
    }

    /// A device that needs no window system at all (no surface extensions).
    pub fn new_headless() -> Result<Arc<Device>> {
        Device::new(&DeviceOptions::default())
    }

    /// Creates the device as `options` say.
    pub fn new(options: &DeviceOptions) -> Result<Arc<Device>> {
        let instance = InstanceBundle::new(options.presentation)?;
        let selector = options.selector.clone().or_else(|| std::env::var("GALVAN_DEVICE").ok());
        let Adapter { physical, queue_family, info, mut extensions, mut chain } =
            adapter::select(&instance.instance, selector.as_deref())?;
        if instance.surface.is_none() {
            extensions.retain(|e| *e != ash::khr::swapchain::NAME);
        }
        let ext_ptrs = adapter::extension_ptrs(&extensions);
        let has = |name: &std::ffi::CStr| extensions.contains(&name);
        let priorities = [1.0f32];
        let queues = [vk::DeviceQueueCreateInfo::default().queue_family_index(queue_family).queue_priorities(&priorities)];
        let raw = chain.with_chain(&has, |features| {
            let create = vk::DeviceCreateInfo::default()
                .queue_create_infos(&queues)
                .enabled_extension_names(&ext_ptrs)
                .push_next(features);
            // SAFETY: physical belongs to this instance; the feature chain only holds structs of
            // extensions being enabled, each reporting what the device supports.
            unsafe { instance.instance.create_device(physical, &create, None) }
        });
        let raw = raw.map_err(vk_err("vkCreateDevice"))?;
        // SAFETY: queue 0 of queue_family was requested at device creation.
        let queue = unsafe { raw.get_device_queue(queue_family, 0) };
        let allocator = Allocator::new(&AllocatorCreateDesc {
            instance: instance.instance.clone(),
            device: raw.clone(),
            physical_device: physical,
            debug_settings: Default::default(),
            buffer_device_address: false,
            allocation_sizes: Default::default(),
        })
        .map_err(|e| Error::OutOfMemory(e.to_string()))?;
        let ext = ExtensionFns {
            push_descriptor: (info.features.push_descriptor && !options.force_fallbacks)
                .then(|| ash::khr::push_descriptor::Device::new(&instance.instance, &raw)),
            eds3: has(ash::ext::extended_dynamic_state3::NAME)
                .then(|| ash::ext::extended_dynamic_state3::Device::new(&instance.instance, &raw)),
            eds2: has(ash::ext::extended_dynamic_state2::NAME)
                .then(|| ash::ext::extended_dynamic_state2::Device::new(&instance.instance, &raw)),
            vertex_input: info
                .features
                .vertex_input_dynamic_state
                .then(|| ash::ext::vertex_input_dynamic_state::Device::new(&instance.instance, &raw)),
            swapchain: has(ash::khr::swapchain::NAME).then(|| ash::khr::swapchain::Device::new(&instance.instance, &raw)),
            transform_feedback: has(ash::ext::transform_feedback::NAME)
                .then(|| ash::ext::transform_feedback::Device::new(&instance.instance, &raw)),
        };
        let mut info = info;
        info.features.swapchain = ext.swapchain.is_some();
        if options.force_fallbacks {
            info.features.push_descriptor = false;
            info.features.index_type_uint8 = false;
        }
        let pipelines = PipelineStore::new(&raw, &info.features)?;
        tracing::info!(device = %info.name, driver = %info.driver_info, "galvan Vulkan device");
        Ok(Arc::new(Device {
            raw,
            physical,
            queue: Mutex::new(queue),
            queue_family,
            allocator: Mutex::new(Some(allocator)),
            ext,
            pipelines,
            samplers: SamplerStore::default(),
            next_id: AtomicU64::new(1),
            exiting: AtomicBool::new(false),
            info,
            instance,
            hidden_formats: options.hidden_formats.clone(),
        }))
    }

    /// Identity, limits and features of the device.
    pub fn info(&self) -> &DeviceInfo {
        &self.info
    }

    /// What the device does natively, for choosing lowering passes. `GALVAN_EMULATE` is not
    /// applied here: the caller applies it (`Caps::apply_emulate_from_environment`), and a
    /// cleared `depth_clip_control` means draws pass `clip_negative_one_to_one: false`.
    pub fn caps(&self) -> nir_like::Caps {
        let f = &self.info.features;
        let mut caps = nir_like::Caps::ALL;
        caps.geometry_shader = f.geometry_shader;
        caps.tessellation = f.tessellation_shader;
        caps.transform_feedback = f.transform_feedback;
        caps.cull_distance = f.shader_cull_distance;
        caps.depth_clip_control = f.depth_clip_control;
        caps.robust_buffer_access = f.robust_buffer_access2;
        caps.robust_image_access = f.robust_image_access2;
        caps.vertex_attrib_64bit = f.vertex_attrib_64bit;
        caps.fp64 = f.shader_float64;
        caps.int64 = f.shader_int64;
        caps.fp16 = f.shader_float16;
        caps.int16 = f.shader_int16;
        caps.provoking_vertex = f.provoking_vertex_last;
        caps.depth_clamp = f.depth_clamp;
        caps.draw_parameters = f.shader_draw_parameters;
        caps.demote_to_helper = f.shader_demote_to_helper;
        caps.vertex_pipeline_stores = f.vertex_pipeline_stores_and_atomics;
        caps.multi_viewport = f.multi_viewport && self.info.limits.max_viewports >= 16;
        caps.pipeline_statistics = f.pipeline_statistics_query;
        caps.dual_source_blend = f.dual_src_blend && self.info.limits.max_fragment_dual_src_attachments >= 1;
        caps.packed_vertex_formats = f.packed_vertex_formats;
        caps
    }

    /// Memory for a buffer or image of `requirements`, from the shared allocator. The
    /// caller binds it; on failure it still owns (and destroys) its unbound object.
    pub(crate) fn allocate_memory(
        &self,
        name: &str,
        requirements: vk::MemoryRequirements,
        location: MemoryLocation,
        linear: bool,
    ) -> Result<Allocation> {
        self.allocator
            .lock()
            .map_err(|_| Error::DeviceLost)?
            .as_mut()
            .ok_or(Error::DeviceLost)?
            .allocate(&AllocationCreateDesc { name, requirements, location, linear, allocation_scheme: AllocationScheme::GpuAllocatorManaged })
            .map_err(|e| Error::OutOfMemory(e.to_string()))
    }

    /// How many pipeline lookups and creations happened so far.
    pub fn pipeline_stats(&self) -> crate::PipelineCacheStats {
        self.pipelines.stats()
    }

    /// A process-unique id for programs, views and other objects keys refer to.
    pub(crate) fn next_id(&self) -> u64 {
        self.next_id.fetch_add(1, Ordering::Relaxed)
    }

    /// Waits until the device has finished all submitted work.
    pub fn wait_idle(&self) -> Result<()> {
        let _queue = self.queue.lock().map_err(|_| Error::DeviceLost)?;
        // SAFETY: holding the queue lock keeps other threads from submitting meanwhile.
        unsafe { self.raw.device_wait_idle() }.map_err(vk_err("vkDeviceWaitIdle"))
    }
}

impl Device {
    /// For the process's exit: waits for the submitted work and from then on keeps work that
    /// is only flushed (glFlush, a context released or destroyed) from being submitted. Once
    /// exit has begun a driver may already have torn down its compiler (the static
    /// destructors of lavapipe's LLVM run among the exit handlers, and a later submission
    /// with a shader still to compile crashes inside it), and no one can see that work's
    /// results any more. Work that is waited for (glFinish, read-backs) is still submitted.
    pub fn quiesce_for_process_exit(&self) {
        self.exiting.store(true, Ordering::Release);
        if let Err(e) = self.wait_idle() {
            tracing::warn!(target: "galvan", "waiting for the device at exit: {e}");
        }
    }

    /// Whether the process has begun exiting (flushed work is no longer submitted).
    pub fn is_exiting(&self) -> bool {
        self.exiting.load(Ordering::Acquire)
    }
}

impl Drop for Device {
    fn drop(&mut self) {
        // SAFETY: the last Arc is gone, so no resource, stream or swapchain (each holds an
        // Arc<Device>) is alive; after the idle wait no work uses what is destroyed here.
        unsafe {
            let _ = self.raw.device_wait_idle();
            self.pipelines.destroy(&self.raw);
            self.samplers.destroy(&self.raw);
            if let Ok(mut a) = self.allocator.lock() {
                a.take();
            }
            self.raw.destroy_device(None);
        }
    }
}
