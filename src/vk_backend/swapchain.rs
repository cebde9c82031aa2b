//! Presentation: a swapchain on a raw-window-handle window, and `present`, which blits a
//! GL-row-order image upside down into the swapchain image so the picture comes out upright.

use crate::command::CommandStream;
use crate::device::Device;
use crate::error::{vk_err, Error, Result};
use crate::format::Format;
use crate::image::{Image, ImageDesc, ImageDimension};
use ash::vk;
use raw_window_handle::{RawDisplayHandle, RawWindowHandle};
use std::sync::Arc;

/// A window's swapchain.
pub struct Swapchain {
    device: Arc<Device>,
    surface: vk::SurfaceKHR,
    raw: vk::SwapchainKHR,
    images: Vec<Image>,
    format: vk::SurfaceFormatKHR,
    extent: (u32, u32),
    vsync: bool,
    acquire_semaphores: Vec<vk::Semaphore>,
    present_semaphores: Vec<vk::Semaphore>,
    next_semaphore: usize,
}

/// What galvan draws into and copies onto a window's images.
const SWAPCHAIN_IMAGE_USAGE: vk::ImageUsageFlags = vk::ImageUsageFlags::from_raw(vk::ImageUsageFlags::TRANSFER_DST.as_raw() | vk::ImageUsageFlags::COLOR_ATTACHMENT.as_raw());

impl Swapchain {
    /// Creates a swapchain for a window. The device must have been created with
    /// presentation enabled (`Device::from_env`).
    ///
    /// # Safety
    /// The handles must name a live window and display that outlive the swapchain.
    pub unsafe fn new(device: &Arc<Device>, display: RawDisplayHandle, window: RawWindowHandle, width: u32, height: u32, vsync: bool) -> Result<Swapchain> {
        if device.instance.surface.is_none() || device.ext.swapchain.is_none() {
            return Err(Error::MissingFeature("presentation (VK_KHR_surface / VK_KHR_swapchain)"));
        }
        // SAFETY: the caller guarantees the handles are live; the instance has the surface
        // extensions the loader offered.
        let surface = unsafe { ash_window::create_surface(&device.instance.entry, &device.instance.instance, display, window, None) }
            .map_err(vk_err("vkCreate*SurfaceKHR"))?;
        let mut swapchain = Swapchain {
            device: device.clone(),
            surface,
            raw: vk::SwapchainKHR::null(),
            images: Vec::new(),
            format: vk::SurfaceFormatKHR::default(),
            extent: (width, height),
            vsync,
            acquire_semaphores: Vec::new(),
            present_semaphores: Vec::new(),
            next_semaphore: 0,
        };
        swapchain.recreate(width, height)?;
        Ok(swapchain)
    }

    /// The size of the swapchain images.
    pub fn extent(&self) -> (u32, u32) {
        self.extent
    }

    /// Recreates the images for a new window size.
    pub fn resize(&mut self, width: u32, height: u32) -> Result<()> {
        self.recreate(width, height)
    }

    fn recreate(&mut self, width: u32, height: u32) -> Result<()> {
        let device = self.device.clone();
        let surface_fn = device.instance.surface.as_ref().ok_or(Error::MissingFeature("VK_KHR_surface"))?;
        let swapchain_fn = device.ext.swapchain.as_ref().ok_or(Error::MissingFeature("VK_KHR_swapchain"))?;
        device.wait_idle()?;
        // SAFETY (queries): surface and physical device are live objects of this instance.
        let supported = unsafe { surface_fn.get_physical_device_surface_support(device.physical, device.queue_family, self.surface) }
            .map_err(vk_err("vkGetPhysicalDeviceSurfaceSupportKHR"))?;
        if !supported {
            return Err(Error::MissingFeature("presentation from the graphics queue"));
        }
        let caps = unsafe { surface_fn.get_physical_device_surface_capabilities(device.physical, self.surface) }
            .map_err(vk_err("vkGetPhysicalDeviceSurfaceCapabilitiesKHR"))?;
        let formats = unsafe { surface_fn.get_physical_device_surface_formats(device.physical, self.surface) }
            .map_err(vk_err("vkGetPhysicalDeviceSurfaceFormatsKHR"))?;
        let modes = unsafe { surface_fn.get_physical_device_surface_present_modes(device.physical, self.surface) }
            .map_err(vk_err("vkGetPhysicalDeviceSurfacePresentModesKHR"))?;
        let format = formats
            .iter()
            .copied()
            .find(|f| f.format == vk::Format::B8G8R8A8_UNORM || f.format == vk::Format::R8G8B8A8_UNORM)
            .or_else(|| formats.first().copied())
            .ok_or(Error::MissingFeature("a surface format"))?;
        let galvan_format = match format.format {
            vk::Format::R8G8B8A8_UNORM => Format::Rgba8Unorm,
            vk::Format::R8G8B8A8_SRGB => Format::Rgba8Srgb,
            vk::Format::B8G8R8A8_SRGB => Format::Bgra8Srgb,
            _ => Format::Bgra8Unorm,
        };
        let mode = if self.vsync || !modes.contains(&vk::PresentModeKHR::MAILBOX) {
            if self.vsync { vk::PresentModeKHR::FIFO } else if modes.contains(&vk::PresentModeKHR::IMMEDIATE) { vk::PresentModeKHR::IMMEDIATE } else { vk::PresentModeKHR::FIFO }
        } else {
            vk::PresentModeKHR::MAILBOX
        };
        let extent = if caps.current_extent.width != u32::MAX {
            caps.current_extent
        } else {
            vk::Extent2D {
                width: width.clamp(caps.min_image_extent.width, caps.max_image_extent.width),
                height: height.clamp(caps.min_image_extent.height, caps.max_image_extent.height),
            }
        };
        let mut count = caps.min_image_count + 1;
        if caps.max_image_count != 0 {
            count = count.min(caps.max_image_count);
        }
        let old = self.raw;
        let info = vk::SwapchainCreateInfoKHR::default()
            .surface(self.surface)
            .min_image_count(count)
            .image_format(format.format)
            .image_color_space(format.color_space)
            .image_extent(extent)
            .image_array_layers(1)
            .image_usage(SWAPCHAIN_IMAGE_USAGE)
            .image_sharing_mode(vk::SharingMode::EXCLUSIVE)
            .pre_transform(vk::SurfaceTransformFlagsKHR::IDENTITY)
            .composite_alpha(vk::CompositeAlphaFlagsKHR::OPAQUE)
            .present_mode(mode)
            .clipped(true)
            .old_swapchain(old);
        let info = if caps.supported_transforms.contains(vk::SurfaceTransformFlagsKHR::IDENTITY) { info } else { info.pre_transform(caps.current_transform) };
        // SAFETY: the device is idle; the surface supports presenting from our queue family and
        // every parameter comes from the surface's capabilities.
        let raw = unsafe { swapchain_fn.create_swapchain(&info, None) }.map_err(vk_err("vkCreateSwapchainKHR"))?;
        self.destroy_parts(old);
        self.raw = raw;
        self.format = format;
        self.extent = (extent.width, extent.height);
        // SAFETY: raw was just created.
        let images = unsafe { swapchain_fn.get_swapchain_images(raw) }.map_err(vk_err("vkGetSwapchainImagesKHR"))?;
        let desc = ImageDesc { dimension: ImageDimension::D2, format: galvan_format, width: extent.width, height: extent.height, depth: 1, layers: 1, levels: 1, samples: 1 };
        self.images = images.into_iter().map(|i| Image::from_swapchain(&device, i, desc, format.format, SWAPCHAIN_IMAGE_USAGE)).collect();
        for _ in 0..=self.images.len() {
            // SAFETY: a default semaphore create info is valid.
            let s = unsafe { device.raw.create_semaphore(&vk::SemaphoreCreateInfo::default(), None) }.map_err(vk_err("vkCreateSemaphore"))?;
            self.acquire_semaphores.push(s);
        }
        for _ in 0..self.images.len() {
            // SAFETY: as above.
            let s = unsafe { device.raw.create_semaphore(&vk::SemaphoreCreateInfo::default(), None) }.map_err(vk_err("vkCreateSemaphore"))?;
            self.present_semaphores.push(s);
        }
        Ok(())
    }

    /// Destroys the swapchain `old` and the semaphores; the device is idle.
    fn destroy_parts(&mut self, old: vk::SwapchainKHR) {
        let device = &self.device;
        // SAFETY: callers made the device idle, so no semaphore or swapchain image is in use.
        unsafe {
            for s in self.acquire_semaphores.drain(..).chain(self.present_semaphores.drain(..)) {
                device.raw.destroy_semaphore(s, None);
            }
            if old != vk::SwapchainKHR::null() {
                if let Some(f) = &device.ext.swapchain {
                    f.destroy_swapchain(old, None);
                }
            }
        }
        self.images.clear();
        self.next_semaphore = 0;
    }
}

impl Drop for Swapchain {
    fn drop(&mut self) {
        let _ = self.device.wait_idle();
        let raw = std::mem::replace(&mut self.raw, vk::SwapchainKHR::null());
        self.destroy_parts(raw);
        if let Some(surface_fn) = &self.device.instance.surface {
            // SAFETY: the swapchain made on the surface is destroyed and the device idle.
            unsafe { surface_fn.destroy_surface(self.surface, None) };
        }
    }
}

impl CommandStream {
    /// Shows `image` (GL row order) in the window: blits it flipped and scaled into the next
    /// swapchain image and presents it. Submits the stream's batch.
    pub fn present(&mut self, swapchain: &mut Swapchain, image: &Image) -> Result<()> {
        let swapchain_fn = self.device.ext.swapchain.clone().ok_or(Error::MissingFeature("VK_KHR_swapchain"))?;
        let acquire = swapchain.acquire_semaphores[swapchain.next_semaphore];
        swapchain.next_semaphore = (swapchain.next_semaphore + 1) % swapchain.acquire_semaphores.len();
        // SAFETY: the swapchain is live; the semaphore is unsignalled (each is reused only
        // after a full ring of presents, by which time its wait has executed).
        let index = match unsafe { swapchain_fn.acquire_next_image(swapchain.raw, u64::MAX, acquire, vk::Fence::null()) } {
            Ok((i, _suboptimal)) => i,
            Err(vk::Result::ERROR_OUT_OF_DATE_KHR) => {
                let (w, h) = swapchain.extent;
                swapchain.recreate(w, h)?;
                return Err(Error::SurfaceLost);
            }
            Err(e) => return Err(vk_err("vkAcquireNextImageKHR")(e)),
        };
        let target = swapchain.images[index as usize].clone();
        let (sw, sh) = swapchain.extent;
        let src = image.desc();
        let filter = if (src.width, src.height) == (sw, sh) { crate::BlitFilter::Nearest } else { crate::BlitFilter::Linear };
        // Row 0 of a galvan image is the bottom row; swapchain row 0 is the top.
        self.blit(
            image,
            &crate::BlitRect { level: 0, layer: 0, x0: 0, y0: 0, x1: src.width as i32, y1: src.height as i32 },
            &target,
            &crate::BlitRect { level: 0, layer: 0, x0: 0, y0: sh as i32, x1: sw as i32, y1: 0 },
            crate::Aspect::Color,
            filter,
        )?;
        self.use_image_read(&target.0, vk::PipelineStageFlags2::ALL_COMMANDS, vk::AccessFlags2::NONE, vk::ImageLayout::PRESENT_SRC_KHR)?;
        self.emit_barriers()?;
        // The next frame overwrites the whole image: let its tracker forget the present layout.
        let present_sem = swapchain.present_semaphores[index as usize];
        self.submit(&[acquire], &[present_sem])?;
        if let Ok(mut sync) = target.0.sync.lock() {
            *sync = crate::sync::ResourceSync::new(vk::ImageLayout::UNDEFINED);
        }
        let waits = [present_sem];
        let swapchains = [swapchain.raw];
        let indices = [index];
        let info = vk::PresentInfoKHR::default().wait_semaphores(&waits).swapchains(&swapchains).image_indices(&indices);
        let result = {
            let queue = self.device.queue.lock().map_err(|_| Error::DeviceLost)?;
            // SAFETY: the queue is externally synchronised by its mutex; the image was acquired
            // and the submit just made signals present_sem after moving it to PRESENT_SRC.
            unsafe { swapchain_fn.queue_present(*queue, &info) }
        };
        match result {
            Ok(_) => Ok(()),
            Err(vk::Result::ERROR_OUT_OF_DATE_KHR) => {
                let (w, h) = swapchain.extent;
                swapchain.recreate(w, h)
            }
            Err(e) => Err(vk_err("vkQueuePresentKHR")(e)),
        }
    }
}
