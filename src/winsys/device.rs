//! The process's one Vulkan device, made on first use and shared by every display,
//! context and surface.

use std::sync::{Arc, OnceLock};
use vk_backend::Device;

/// The device `GALVAN_DEVICE` picks (see vk_backend), or why there is none.
pub fn device() -> Result<Arc<Device>, String> {
    static DEVICE: OnceLock<Result<Arc<Device>, String>> = OnceLock::new();
    DEVICE
        .get_or_init(|| {
            crate::logging::init();
            Device::from_env().map_err(|e| e.to_string())
        })
        .clone()
}
