//! galvan: OpenGL 4.6 and OpenGL ES 3.2 on Vulkan.
//!
//! As a shared library (`libgalvan.so`, loaded by glvnd as `libEGL_galvan.so.0`)
//! it is an EGL vendor whose GL functions are galvan's. As a Rust library it
//! re-exports the rooms of the driver.

mod logging;
mod rust_api;
pub mod winsys;

pub use gl_frontend;
pub use rust_api::{device_summary, get_proc_address, Api, Context, ContextOptions, Error, Surface};
pub use vk_backend;

/// glvnd's entry into an EGL vendor library.
///
/// # Safety
/// Called by glvnd's libEGL with its export table and the vendor's import table.
#[no_mangle]
pub unsafe extern "C" fn __egl_Main(
    version: u32,
    exports: *const winsys::glvnd_abi::EglApiExports,
    vendor: *mut std::ffi::c_void,
    imports: *mut winsys::glvnd_abi::EglApiImports,
) -> u32 {
    // SAFETY: forwarded from glvnd unchanged.
    std::panic::catch_unwind(|| unsafe { winsys::egl::egl_main(version, exports, vendor, imports) })
        .unwrap_or(0)
}

/// glvnd's entry into a GLX vendor library (`libGLX_galvan.so.0`).
///
/// # Safety
/// Called by glvnd's libGLX with its export table and the vendor's import table.
#[no_mangle]
pub unsafe extern "C" fn __glx_Main(
    version: u32,
    exports: *const winsys::glx::GlxApiExports,
    vendor: *mut std::ffi::c_void,
    imports: *mut winsys::glx::GlxApiImports,
) -> std::ffi::c_int {
    // SAFETY: forwarded from glvnd unchanged.
    std::panic::catch_unwind(|| unsafe { winsys::glx::glx_main(version, exports, vendor, imports) })
        .unwrap_or(0)
}
