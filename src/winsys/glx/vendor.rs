//! The glvnd side of GLX: `__glx_Main` and the lookups libGLX makes.

use super::entry_points;
use std::ffi::{c_char, c_int, c_uchar, c_ulong, c_void, CStr};
use std::sync::atomic::{AtomicPtr, Ordering};

/// The ABI major version galvan was written against (glvnd/libglxabi.h).
const GLX_VENDOR_ABI_MAJOR_VERSION: u32 = 1;

/// libGLX's exports (glvnd/libglxabi.h), as C lays them out.
#[repr(C)]
pub struct GlxApiExports {
    pub get_dyn_dispatch: Option<unsafe extern "C" fn(*mut c_void, c_int) -> *mut c_void>,
    pub get_current_dyn_dispatch: Option<unsafe extern "C" fn() -> *mut c_void>,
    pub fetch_dispatch_entry: Option<unsafe extern "C" fn(*mut c_void, c_int) -> *mut c_void>,
    pub get_current_context: Option<unsafe extern "C" fn() -> *mut c_void>,
    pub add_vendor_context_mapping: Option<unsafe extern "C" fn(*mut c_void, *mut c_void, *mut c_void) -> c_int>,
    pub remove_vendor_context_mapping: Option<unsafe extern "C" fn(*mut c_void, *mut c_void)>,
    pub vendor_from_context: Option<unsafe extern "C" fn(*mut c_void) -> *mut c_void>,
    pub add_vendor_fbconfig_mapping: Option<unsafe extern "C" fn(*mut c_void, *mut c_void, *mut c_void) -> c_int>,
    pub remove_vendor_fbconfig_mapping: Option<unsafe extern "C" fn(*mut c_void, *mut c_void)>,
    pub vendor_from_fbconfig: Option<unsafe extern "C" fn(*mut c_void, *mut c_void) -> *mut c_void>,
    pub add_vendor_drawable_mapping: Option<unsafe extern "C" fn(*mut c_void, c_ulong, *mut c_void) -> c_int>,
    pub remove_vendor_drawable_mapping: Option<unsafe extern "C" fn(*mut c_void, c_ulong)>,
    pub vendor_from_drawable: Option<unsafe extern "C" fn(*mut c_void, c_ulong) -> *mut c_void>,
}

/// What galvan hands to libGLX.
#[repr(C)]
pub struct GlxApiImports {
    pub is_screen_supported: Option<unsafe extern "C" fn(*mut c_void, c_int) -> c_int>,
    pub get_proc_address: Option<unsafe extern "C" fn(*const c_uchar) -> *mut c_void>,
    pub get_dispatch_address: Option<unsafe extern "C" fn(*const c_uchar) -> *mut c_void>,
    pub set_dispatch_index: Option<unsafe extern "C" fn(*const c_uchar, c_int)>,
    pub notify_error: Option<unsafe extern "C" fn(*mut c_void, c_uchar, c_ulong, c_uchar, c_int) -> c_int>,
    pub is_patch_supported: Option<unsafe extern "C" fn(c_int, c_int) -> u8>,
    pub initiate_patch: Option<unsafe extern "C" fn(c_int, c_int, *const c_void) -> u8>,
    pub release_patch: Option<unsafe extern "C" fn()>,
    pub patch_thread_attach: Option<unsafe extern "C" fn()>,
}

static EXPORTS: AtomicPtr<GlxApiExports> = AtomicPtr::new(std::ptr::null_mut());
static VENDOR: AtomicPtr<c_void> = AtomicPtr::new(std::ptr::null_mut());

/// Tells libGLX that a context made outside its own wrappers (glXCreateContextAttribsARB)
/// belongs to galvan.
pub fn register_context(display: *mut c_void, context: *mut c_void) {
    let exports = EXPORTS.load(Ordering::Acquire);
    if exports.is_null() {
        return;
    }
    // SAFETY: libGLX's export table lives as long as the vendors it loaded.
    if let Some(add) = unsafe { (*exports).add_vendor_context_mapping } {
        // SAFETY: the display is the program's, the context galvan's own handle.
        unsafe { add(display, context, VENDOR.load(Ordering::Acquire)) };
    }
}

/// `__glx_Main`: checks the ABI version and fills in the vendor's imports.
///
/// # Safety
/// Called by glvnd's libGLX with valid tables.
pub unsafe fn glx_main(
    version: u32,
    exports: *const GlxApiExports,
    vendor: *mut c_void,
    imports: *mut GlxApiImports,
) -> c_int {
    if version >> 16 != GLX_VENDOR_ABI_MAJOR_VERSION || imports.is_null() {
        return 0;
    }
    EXPORTS.store(exports as *mut GlxApiExports, Ordering::Release);
    VENDOR.store(vendor, Ordering::Release);
    // SAFETY: libGLX passes a zeroed imports table for the vendor to fill.
    let imports = unsafe { &mut *imports };
    imports.is_screen_supported = Some(is_screen_supported);
    imports.get_proc_address = Some(get_proc_address);
    imports.get_dispatch_address = Some(get_dispatch_address);
    imports.set_dispatch_index = Some(set_dispatch_index);
    1
}

unsafe extern "C" fn is_screen_supported(display: *mut c_void, screen: c_int) -> c_int {
    (screen >= 0 && screen < crate::winsys::x11::screen_count(display as _)) as c_int
}

/// GLX functions by name first, then every GL function of gl_frontend.
unsafe extern "C" fn get_proc_address(name: *const c_uchar) -> *mut c_void {
    if name.is_null() {
        return std::ptr::null_mut();
    }
    // SAFETY: libGLX passes a NUL-terminated name.
    let name = unsafe { CStr::from_ptr(name as *const c_char) };
    if let Some(f) = entry_points::lookup(name) {
        return f;
    }
    gl_frontend::get_proc_address(name).map_or(std::ptr::null_mut(), |f| f as *mut c_void)
}

/// libGLX asks for dispatch functions of the GLX extension functions it does not
/// know itself. galvan's take the vendor from their own arguments (its handles), so
/// the functions themselves serve.
unsafe extern "C" fn get_dispatch_address(name: *const c_uchar) -> *mut c_void {
    if name.is_null() {
        return std::ptr::null_mut();
    }
    // SAFETY: libGLX passes a NUL-terminated name.
    let name = unsafe { CStr::from_ptr(name as *const c_char) };
    entry_points::lookup_extension(name).unwrap_or(std::ptr::null_mut())
}

unsafe extern "C" fn set_dispatch_index(_name: *const c_uchar, _index: c_int) {}
