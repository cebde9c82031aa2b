//! The glvnd side: `__egl_Main` and the functions libEGL asks a vendor for.

use super::attrib_list;
use super::consts::*;
use super::display::{Display, Platform};
use super::entry_points;
use super::error::{guard, EglError};
use crate::winsys::glvnd_abi::*;
use std::ffi::{c_char, c_int, c_void, CStr};
use std::sync::atomic::{AtomicPtr, Ordering};

/// libEGL's exports, kept for eglGetCurrentApi (glvnd owns eglBindAPI).
static EXPORTS: AtomicPtr<EglApiExports> = AtomicPtr::new(std::ptr::null_mut());

/// The client API bound on this thread: EGL_OPENGL_ES_API until eglBindAPI says
/// otherwise, as EGL specifies.
pub fn current_api() -> u32 {
    let exports = EXPORTS.load(Ordering::Acquire);
    if !exports.is_null() {
        // SAFETY: glvnd's export table outlives every vendor it loaded.
        if let Some(get) = unsafe { (*exports).get_current_api } {
            // SAFETY: a plain query of libEGL's per-thread state.
            return unsafe { get() };
        }
    }
    EGL_OPENGL_ES_API as u32
}

/// `__egl_Main`: checks the ABI version and fills in the vendor's imports.
///
/// # Safety
/// Called by glvnd with valid export and import tables.
pub unsafe fn egl_main(
    version: u32,
    exports: *const EglApiExports,
    _vendor: *mut c_void,
    imports: *mut EglApiImports,
) -> EglBoolean {
    if version >> 16 != EGL_VENDOR_ABI_MAJOR_VERSION || imports.is_null() {
        return 0;
    }
    EXPORTS.store(exports as *mut EglApiExports, Ordering::Release);
    // SAFETY: glvnd passes a zeroed imports table for the vendor to fill.
    let imports = unsafe { &mut *imports };
    imports.get_platform_display = Some(get_platform_display);
    imports.get_supports_api = Some(get_supports_api);
    imports.get_vendor_string = Some(get_vendor_string);
    imports.get_proc_address = Some(get_proc_address);
    imports.get_dispatch_address = Some(get_dispatch_address);
    imports.set_dispatch_index = Some(set_dispatch_index);
    1
}

/// glvnd's eglGetPlatformDisplay and eglGetDisplay both land here: for
/// eglGetDisplay(native) glvnd guesses the platform itself and, for an X display,
/// passes EGL_PLATFORM_X11_KHR since galvan lists EGL_KHR_platform_x11.
unsafe extern "C" fn get_platform_display(
    platform: EglEnum,
    native: *mut c_void,
    attribs: *const EglAttrib,
) -> Handle {
    guard("getPlatformDisplay", std::ptr::null_mut(), || {
        // SAFETY: glvnd passes the caller's EGL_NONE-terminated list, or null.
        let attribs = unsafe { attrib_list::read(attribs) }?;
        match platform as i64 {
            // EGL_NONE is eglGetDisplay(EGL_DEFAULT_DISPLAY): the X server `$DISPLAY`
            // names where there is one (windows and pbuffers), else surfaceless.
            EGL_NONE if native.is_null() => {
                if !attribs.is_empty() {
                    return Err(EglError::BAD_ATTRIBUTE);
                }
                let default_x11 = Platform::X11 { native: 0, screen: None };
                let display = match std::env::var_os("DISPLAY").filter(|d| !d.is_empty()) {
                    Some(_) => Display::get(default_x11).or_else(|_| Display::get(Platform::Surfaceless))?,
                    None => Display::get(Platform::Surfaceless)?,
                };
                Ok(display.handle())
            }
            EGL_PLATFORM_SURFACELESS_MESA if native.is_null() => {
                if !attribs.is_empty() {
                    return Err(EglError::BAD_ATTRIBUTE);
                }
                Ok(Display::get(Platform::Surfaceless)?.handle())
            }
            EGL_PLATFORM_X11_KHR => {
                let mut screen = None;
                for (name, value) in attribs {
                    match name {
                        EGL_PLATFORM_X11_SCREEN_KHR => screen = Some(value as i32),
                        _ => return Err(EglError::BAD_ATTRIBUTE),
                    }
                }
                Ok(Display::get(Platform::X11 { native: native as usize, screen })?.handle())
            }
            // glvnd reads the error to tell "not mine" from a bad argument.
            _ => Err(EglError::BAD_PARAMETER),
        }
    })
}

unsafe extern "C" fn get_supports_api(api: EglEnum) -> EglBoolean {
    (api as i64 == EGL_OPENGL_API || api as i64 == EGL_OPENGL_ES_API) as EglBoolean
}

unsafe extern "C" fn get_vendor_string(name: c_int) -> *const c_char {
    if name == VENDOR_STRING_PLATFORM_EXTENSIONS {
        c"EGL_MESA_platform_surfaceless EGL_KHR_platform_x11 EGL_EXT_platform_x11".as_ptr()
    } else {
        std::ptr::null()
    }
}

/// EGL functions by name first, then every GL function of gl_frontend.
unsafe extern "C" fn get_proc_address(name: *const c_char) -> *mut c_void {
    if name.is_null() {
        return std::ptr::null_mut();
    }
    // SAFETY: glvnd passes a NUL-terminated function name.
    let name = unsafe { CStr::from_ptr(name) };
    if let Some(f) = entry_points::lookup(name) {
        return f;
    }
    gl_frontend::get_proc_address(name).map_or(std::ptr::null_mut(), |f| f as *mut c_void)
}

/// galvan adds no EGL extension functions of its own that need glvnd dispatch stubs.
unsafe extern "C" fn get_dispatch_address(_name: *const c_char) -> *mut c_void {
    std::ptr::null_mut()
}

unsafe extern "C" fn set_dispatch_index(_name: *const c_char, _index: c_int) {}
