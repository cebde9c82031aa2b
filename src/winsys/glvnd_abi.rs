//! The structures of glvnd's vendor ABI (`glvnd/libeglabi.h`), as C lays them out.

use std::ffi::{c_char, c_int, c_void};

pub type EglBoolean = u32;
pub type EglInt = i32;
pub type EglEnum = u32;
pub type EglAttrib = isize;
pub type Handle = *mut c_void;

/// The ABI major version galvan was written against; glvnd refuses other majors.
pub const EGL_VENDOR_ABI_MAJOR_VERSION: u32 = 0;

/// `__EGL_VENDOR_STRING_PLATFORM_EXTENSIONS`: the only vendor string glvnd asks for.
pub const VENDOR_STRING_PLATFORM_EXTENSIONS: c_int = 0;

/// Functions libEGL offers its vendors.
#[repr(C)]
pub struct EglApiExports {
    pub thread_init: Option<unsafe extern "C" fn()>,
    pub get_current_api: Option<unsafe extern "C" fn() -> EglEnum>,
    pub get_current_vendor: Option<unsafe extern "C" fn() -> *mut c_void>,
    pub get_current_context: Option<unsafe extern "C" fn() -> Handle>,
    pub get_current_display: Option<unsafe extern "C" fn() -> Handle>,
    pub get_current_surface: Option<unsafe extern "C" fn(EglInt) -> Handle>,
    pub fetch_dispatch_entry: Option<unsafe extern "C" fn(*mut c_void, c_int) -> *const c_void>,
    pub set_egl_error: Option<unsafe extern "C" fn(EglInt)>,
    pub set_last_vendor: Option<unsafe extern "C" fn(*mut c_void) -> EglBoolean>,
    pub get_vendor_from_display: Option<unsafe extern "C" fn(Handle) -> *mut c_void>,
    pub get_vendor_from_device: Option<unsafe extern "C" fn(Handle) -> *mut c_void>,
    pub set_vendor_for_device: Option<unsafe extern "C" fn(Handle, *mut c_void) -> EglBoolean>,
}

/// Functions a vendor hands to libEGL.
#[repr(C)]
pub struct EglApiImports {
    pub get_platform_display:
        Option<unsafe extern "C" fn(EglEnum, *mut c_void, *const EglAttrib) -> Handle>,
    pub get_supports_api: Option<unsafe extern "C" fn(EglEnum) -> EglBoolean>,
    pub get_vendor_string: Option<unsafe extern "C" fn(c_int) -> *const c_char>,
    pub get_proc_address: Option<unsafe extern "C" fn(*const c_char) -> *mut c_void>,
    pub get_dispatch_address: Option<unsafe extern "C" fn(*const c_char) -> *mut c_void>,
    pub set_dispatch_index: Option<unsafe extern "C" fn(*const c_char, c_int)>,
    pub is_patch_supported: Option<unsafe extern "C" fn(c_int, c_int) -> u8>,
    pub initiate_patch: Option<unsafe extern "C" fn(c_int, c_int, *const c_void) -> u8>,
    pub release_patch: Option<unsafe extern "C" fn()>,
    pub patch_thread_attach: Option<unsafe extern "C" fn()>,
    pub find_native_display_platform: Option<unsafe extern "C" fn(*mut c_void) -> EglEnum>,
}
