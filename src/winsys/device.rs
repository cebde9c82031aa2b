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

static DEVICE: OnceLock<Result<Arc<Device>, String>> = OnceLock::new();

/// The device `GALVAN_DEVICE` picks (see vk_backend), or why there is none.
pub fn device() -> Result<Arc<Device>, String> {
    watch_for_process_exit();
    DEVICE
        .get_or_init(|| {
            crate::logging::init();
            let options = DeviceOptions { presentation: has_window_system(), ..DeviceOptions::default() };
            Device::new(&options).map_err(|e| e.to_string())
        })
        .clone()
}

/// Dropped with the main thread's thread-locals, which exit() destroys before it runs any
/// exit handler: the first moment galvan can tell that the process is ending.
struct ProcessExitWatch;

impl Drop for ProcessExitWatch {
    fn drop(&mut self) {
        // Exit handlers registered later than the device (a program's own, which often
        // destroy contexts, and the static destructors of lavapipe's LLVM, registered at its
        // first compile) run last-registered first, so an exit handler of galvan's would run
        // too late. Nothing must reach the driver once its teardown may have begun.
        if let Some(Ok(device)) = DEVICE.get() {
            device.quiesce_for_process_exit();
        }
    }
}

thread_local! {
    static PROCESS_EXIT_WATCH: ProcessExitWatch = const { ProcessExitWatch };
}

/// Arms [`ProcessExitWatch`] when called on the main thread: its thread-locals are destroyed
/// only when the process ends (exit(), or returning from main), while other threads' are
/// destroyed whenever such a thread finishes.
fn watch_for_process_exit() {
    // SAFETY: getpid and the gettid system call take no arguments and cannot fail.
    let is_main = unsafe { libc::syscall(libc::SYS_gettid) == libc::getpid() as libc::c_long };
    if is_main {
        // Accessing the thread-local registers its destructor; during thread teardown
        // there is nothing left to arm.
        let _ = PROCESS_EXIT_WATCH.try_with(|_| ());
    }
}
