//! The process's one Vulkan device, made on first use and shared by every display,
//! context and surface.

use std::sync::{Arc, OnceLock};
use vk_backend::{Device, DeviceOptions};

/// Window-system surfaces only where there is a window system: enabling them on a
/// headless machine makes some Vulkan drivers probe for a compositor that is not there.
fn has_window_system() -> bool {
    ["DISPLAY", "WAYLAND_DISPLAY"]
        .iter()
        .any(|v| std::env::var_os(v).is_some_and(|d| !d.is_empty()))
}

/// The device `GALVAN_DEVICE` picks (see vk_backend), or why there is none.
pub fn device() -> Result<Arc<Device>, String> {
    static DEVICE: OnceLock<Result<Arc<Device>, String>> = OnceLock::new();
    DEVICE
        .get_or_init(|| {
            crate::logging::init();
            let options = DeviceOptions { presentation: has_window_system(), ..DeviceOptions::default() };
            Device::new(&options).map_err(|e| e.to_string())
        })
        .clone()
}
