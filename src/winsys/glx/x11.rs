//! The few Xlib calls GLX needs, through libX11 loaded at run time (the program
//! that speaks GLX has it loaded already).

use std::ffi::c_void;
use std::sync::OnceLock;
use x11_dl::xlib::{self, Xlib};

pub type XDisplay = *mut xlib::Display;

/// libX11, or `None` where it cannot be loaded.
pub fn xlib() -> Option<&'static Xlib> {
    static XLIB: OnceLock<Option<Xlib>> = OnceLock::new();
    XLIB.get_or_init(|| Xlib::open().ok()).as_ref()
}

/// The depth-24 TrueColor visual of a screen, the one every galvan config renders for.
pub fn true_color_visual(display: XDisplay, screen: i32) -> Option<xlib::XVisualInfo> {
    let x = xlib()?;
    // SAFETY: XVisualInfo is plain data; XMatchVisualInfo fills it on success.
    let mut info: xlib::XVisualInfo = unsafe { std::mem::zeroed() };
    // SAFETY: `display` is the program's open connection, as GLX requires.
    let found = unsafe { (x.XMatchVisualInfo)(display, screen, 24, xlib::TrueColor, &mut info) };
    (found != 0).then_some(info)
}

/// A copy of `info` the program frees with XFree, as GLX's visual functions return.
pub fn visual_info_for_caller(info: &xlib::XVisualInfo) -> *mut xlib::XVisualInfo {
    // XFree is free(): the copy must come from malloc.
    // SAFETY: a plain allocation of the struct's size, checked for null.
    unsafe {
        let copy = libc::malloc(std::mem::size_of::<xlib::XVisualInfo>()) as *mut xlib::XVisualInfo;
        if !copy.is_null() {
            copy.write(*info);
        }
        copy
    }
}

/// The size of a window or pixmap, as the server knows it now.
pub fn drawable_size(display: XDisplay, drawable: u64) -> Option<(u32, u32)> {
    let x = xlib()?;
    let (mut root, mut px, mut py, mut w, mut h, mut border, mut depth) = (0, 0, 0, 0, 0, 0, 0);
    // SAFETY: all out-parameters are valid locals; a bad drawable makes Xlib report an
    // X error through the program's handler and return 0.
    let ok = unsafe {
        (x.XGetGeometry)(display, drawable, &mut root, &mut px, &mut py, &mut w, &mut h, &mut border, &mut depth)
    };
    (ok != 0).then_some((w, h))
}

pub fn screen_count(display: XDisplay) -> i32 {
    match xlib() {
        // SAFETY: a query on the program's open connection.
        Some(x) => unsafe { (x.XScreenCount)(display) },
        None => 0,
    }
}

/// XSync: waits until the server has handled every request (glXWaitX).
pub fn sync(display: XDisplay) {
    if let Some(x) = xlib() {
        // SAFETY: the program's open connection.
        unsafe { (x.XSync)(display, 0) };
    }
}

/// The window-system handles Vulkan's Xlib surface is made from.
pub fn raw_handles(
    display: XDisplay,
    screen: i32,
    window: u64,
) -> Option<(raw_window_handle::RawDisplayHandle, raw_window_handle::RawWindowHandle)> {
    let display = std::ptr::NonNull::new(display as *mut c_void)?;
    let display = raw_window_handle::XlibDisplayHandle::new(Some(display), screen);
    let window = raw_window_handle::XlibWindowHandle::new(window as _);
    Some((display.into(), window.into()))
}
