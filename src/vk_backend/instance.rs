//! The Vulkan instance: loader, window-system extensions, optional validation layer.

use crate::error::{vk_err, Error, Result};
use ash::vk;
use std::ffi::{c_char, CStr};

const VALIDATION_LAYER: &CStr = c"VK_LAYER_KHRONOS_validation";

/// Instance-level objects kept for the device's lifetime.
pub(crate) struct InstanceBundle {
    pub entry: ash::Entry,
    pub instance: ash::Instance,
    /// Present when the instance was created with VK_KHR_surface.
    pub surface: Option<ash::khr::surface::Instance>,
    pub debug: Option<(ash::ext::debug_utils::Instance, vk::DebugUtilsMessengerEXT)>,
}

/// Whether `GALVAN_DEBUG` (a comma list) names `what`.
pub(crate) fn debug_flag(what: &str) -> bool {
    std::env::var("GALVAN_DEBUG").map(|v| v.split(',').any(|w| w.trim() == what)).unwrap_or(false)
}

/// Validation errors reported since the process started (with `GALVAN_DEBUG=validation`).
pub(crate) static VALIDATION_ERRORS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// How many errors the validation layer reported so far; 0 when it is not enabled.
pub fn validation_error_count() -> u64 {
    VALIDATION_ERRORS.load(std::sync::atomic::Ordering::Relaxed)
}

unsafe extern "system" fn debug_callback(
    severity: vk::DebugUtilsMessageSeverityFlagsEXT,
    _types: vk::DebugUtilsMessageTypeFlagsEXT,
    data: *const vk::DebugUtilsMessengerCallbackDataEXT<'_>,
    _user: *mut std::ffi::c_void,
) -> vk::Bool32 {
    // SAFETY: the loader passes a valid callback-data struct whose message, when non-null, is
    // a NUL-terminated string alive for the duration of this call.
    let message = unsafe {
        data.as_ref()
            .and_then(|d| (!d.p_message.is_null()).then(|| CStr::from_ptr(d.p_message)))
            .map(|m| m.to_string_lossy().into_owned())
            .unwrap_or_default()
    };
    if severity.contains(vk::DebugUtilsMessageSeverityFlagsEXT::ERROR) {
        VALIDATION_ERRORS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        tracing::error!(target: "galvan::vulkan", "{message}");
    } else {
        tracing::warn!(target: "galvan::vulkan", "{message}");
    }
    vk::FALSE
}

impl InstanceBundle {
    /// Creates the instance; `with_surface` asks for every window-system surface extension the
    /// loader offers (none is required), `GALVAN_DEBUG=validation` adds the validation layer
    /// when it is installed.
    pub fn new(with_surface: bool) -> Result<Self> {
        // SAFETY: loading the Vulkan loader library runs its initialisers; the loader is a
        // well-behaved shared library and is kept alive by `entry` for the instance's life.
        let entry = unsafe { ash::Entry::load() }.map_err(|e| Error::LoaderMissing(e.to_string()))?;
        // SAFETY: entry is a loaded Vulkan loader.
        let version = unsafe { entry.try_enumerate_instance_version() }
            .map_err(vk_err("vkEnumerateInstanceVersion"))?
            .unwrap_or(vk::API_VERSION_1_0);
        if version < vk::API_VERSION_1_3 {
            return Err(Error::NoDevice("the Vulkan loader is older than 1.3".into()));
        }
        // SAFETY: entry is a loaded Vulkan loader.
        let available = unsafe { entry.enumerate_instance_extension_properties(None) }
            .map_err(vk_err("vkEnumerateInstanceExtensionProperties"))?;
        let has = |name: &CStr| available.iter().any(|e| e.extension_name_as_c_str() == Ok(name));

        let mut extensions: Vec<*const c_char> = Vec::new();
        let mut surface = false;
        if with_surface && has(ash::khr::surface::NAME) {
            surface = true;
            extensions.push(ash::khr::surface::NAME.as_ptr());
            // Mesa's Wayland WSI connects to the compositor when the instance is created and
            // complains on stderr where there is none: ask for it only in a Wayland session.
            let wayland_session = std::env::var_os("WAYLAND_DISPLAY").is_some();
            for (name, wanted) in [
                (ash::khr::xlib_surface::NAME, true),
                (ash::khr::xcb_surface::NAME, true),
                (ash::khr::wayland_surface::NAME, wayland_session),
            ] {
                if wanted && has(name) {
                    extensions.push(name.as_ptr());
                }
            }
        }
        let mut layers: Vec<*const c_char> = Vec::new();
        let mut debug_utils = false;
        if debug_flag("validation") {
            // SAFETY: entry is a loaded Vulkan loader.
            let layer_props = unsafe { entry.enumerate_instance_layer_properties() }.unwrap_or_default();
            if layer_props.iter().any(|l| l.layer_name_as_c_str() == Ok(VALIDATION_LAYER)) {
                layers.push(VALIDATION_LAYER.as_ptr());
            } else {
                tracing::warn!("GALVAN_DEBUG=validation: {VALIDATION_LAYER:?} is not installed");
            }
            if has(ash::ext::debug_utils::NAME) {
                debug_utils = true;
                extensions.push(ash::ext::debug_utils::NAME.as_ptr());
            }
        }

        let app = vk::ApplicationInfo::default()
            .application_name(c"galvan")
            .engine_name(c"galvan")
            .api_version(vk::API_VERSION_1_3);
        let create = vk::InstanceCreateInfo::default()
            .application_info(&app)
            .enabled_extension_names(&extensions)
            .enabled_layer_names(&layers);
        // SAFETY: every name pointer refers to a 'static CStr; create info outlives the call.
        let instance = unsafe { entry.create_instance(&create, None) }.map_err(vk_err("vkCreateInstance"))?;

        let debug = if debug_utils {
            let loader = ash::ext::debug_utils::Instance::new(&entry, &instance);
            let info = vk::DebugUtilsMessengerCreateInfoEXT::default()
                .message_severity(
                    vk::DebugUtilsMessageSeverityFlagsEXT::WARNING | vk::DebugUtilsMessageSeverityFlagsEXT::ERROR,
                )
                .message_type(
                    vk::DebugUtilsMessageTypeFlagsEXT::VALIDATION | vk::DebugUtilsMessageTypeFlagsEXT::PERFORMANCE,
                )
                .pfn_user_callback(Some(debug_callback));
            // SAFETY: the instance was created with VK_EXT_debug_utils enabled.
            unsafe { loader.create_debug_utils_messenger(&info, None) }.ok().map(|m| (loader, m))
        } else {
            None
        };
        let surface = surface.then(|| ash::khr::surface::Instance::new(&entry, &instance));
        Ok(InstanceBundle { entry, instance, surface, debug })
    }
}

impl Drop for InstanceBundle {
    fn drop(&mut self) {
        // SAFETY: the device and every child object were destroyed before the bundle (the
        // Device drops it last); the messenger belongs to this instance.
        unsafe {
            if let Some((loader, messenger)) = self.debug.take() {
                loader.destroy_debug_utils_messenger(messenger, None);
            }
            self.instance.destroy_instance(None);
        }
    }
}
