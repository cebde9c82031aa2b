//! The few Xlib calls GLX and EGL's X11 platform need, through libX11 loaded at run
//! time (a program that speaks GLX or hands EGL an X display has it loaded already).

use std::ffi::c_void;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock};
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

pub fn default_screen(display: XDisplay) -> i32 {
    match xlib() {
        // SAFETY: a query on the program's open connection.
        Some(x) => unsafe { (x.XDefaultScreen)(display) },
        None => 0,
    }
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

/// XOpenDisplay(NULL): the connection `$DISPLAY` names, for an EGL display made
/// from no native display. Stays open for the process, as the EGLDisplay does.
pub fn open_default_display() -> Option<XDisplay> {
    let x = xlib()?;
    // SAFETY: a null name makes Xlib read $DISPLAY.
    let display = unsafe { (x.XOpenDisplay)(std::ptr::null()) };
    (!display.is_null()).then_some(display)
}

/// X errors seen while [`window_attributes`] had its handler installed.
static TRAPPED_ERROR: AtomicBool = AtomicBool::new(false);

unsafe extern "C" fn record_error(_display: XDisplay, _event: *mut xlib::XErrorEvent) -> std::ffi::c_int {
    TRAPPED_ERROR.store(true, Ordering::Relaxed);
    0
}

/// Runs `request` (Xlib calls on `display`) with X errors caught: `None` when one was
/// raised. EGL answers a bad native window or pixmap with an error code, where the
/// program's own handler (whose default ends the process) would otherwise see it.
fn trapping_errors<T>(display: XDisplay, request: impl FnOnce(&Xlib) -> T) -> Option<T> {
    let x = xlib()?;
    // The error handler is process-wide: one trap at a time.
    static TRAP: Mutex<()> = Mutex::new(());
    let _trap = TRAP.lock().unwrap_or_else(|e| e.into_inner());
    // SAFETY: `display` is the program's open connection. The first XSync hands errors of
    // earlier requests to the program's own handler; the second makes sure the replies (or
    // errors) of ours have arrived before that handler is back.
    unsafe {
        (x.XSync)(display, 0);
        TRAPPED_ERROR.store(false, Ordering::Relaxed);
        let previous = (x.XSetErrorHandler)(Some(record_error));
        let result = request(x);
        (x.XSync)(display, 0);
        (x.XSetErrorHandler)(previous);
        (!TRAPPED_ERROR.load(Ordering::Relaxed)).then_some(result)
    }
}

/// A window's attributes, or `None` when `window` names no window (a pixmap, a
/// destroyed window, a made-up XID).
pub fn window_attributes(display: XDisplay, window: u64) -> Option<xlib::XWindowAttributes> {
    if window == 0 {
        return None;
    }
    trapping_errors(display, |x| {
        // SAFETY: XWindowAttributes is plain data that XGetWindowAttributes fills on success.
        let mut attributes: xlib::XWindowAttributes = unsafe { std::mem::zeroed() };
        // SAFETY: a query on the program's connection, with a valid out-pointer.
        let ok = unsafe { (x.XGetWindowAttributes)(display, window, &mut attributes) };
        (ok != 0).then_some(attributes)
    })
    .flatten()
}

/// A drawable's (window's or pixmap's) width, height and depth, or `None` when
/// `drawable` names neither.
pub fn drawable_geometry(display: XDisplay, drawable: u64) -> Option<(u32, u32, u32)> {
    if drawable == 0 {
        return None;
    }
    trapping_errors(display, |x| {
        let (mut root, mut px, mut py, mut w, mut h, mut border, mut depth) = (0, 0, 0, 0, 0, 0, 0);
        // SAFETY: all out-parameters are valid locals.
        let ok = unsafe {
            (x.XGetGeometry)(display, drawable, &mut root, &mut px, &mut py, &mut w, &mut h, &mut border, &mut depth)
        };
        (ok != 0).then_some((w, h, depth))
    })
    .flatten()
}

/// Draws GL-row-order RGBA8 pixels (bottom row first) into a TrueColor drawable of
/// depth 24 or 32 at its top-left corner, upright. Returns false on any X error.
pub fn put_rgba_bottom_up(display: XDisplay, screen: i32, drawable: u64, depth: u32, width: u32, height: u32, rgba: &[u8]) -> bool {
    if rgba.len() < (width as usize) * (height as usize) * 4 || width == 0 || height == 0 {
        return false;
    }
    trapping_errors(display, |x| {
        // SAFETY: XCreateImage with no data only computes the layout; the data is then a
        // malloc'd block of bytes_per_line * height (XDestroyImage frees it with free()).
        // Every XPutPixel is inside the image; the GC is made for and freed after this put.
        unsafe {
            let visual = (x.XDefaultVisual)(display, screen);
            let image = (x.XCreateImage)(display, visual, depth, xlib::ZPixmap, 0, std::ptr::null_mut(), width, height, 32, 0);
            if image.is_null() {
                return false;
            }
            let data = libc::malloc((*image).bytes_per_line as usize * height as usize) as *mut std::ffi::c_char;
            if data.is_null() {
                (x.XDestroyImage)(image);
                return false;
            }
            (*image).data = data;
            for row in 0..height as usize {
                // X row 0 is the top; GL row 0 the bottom.
                let source = &rgba[(height as usize - 1 - row) * width as usize * 4..][..width as usize * 4];
                for (column, p) in source.chunks_exact(4).enumerate() {
                    let pixel = (u64::from(p[3]) << 24) | (u64::from(p[0]) << 16) | (u64::from(p[1]) << 8) | u64::from(p[2]);
                    let pixel = if depth == 32 { pixel } else { pixel & 0xff_ffff };
                    (x.XPutPixel)(image, column as i32, row as i32, pixel as std::ffi::c_ulong);
                }
            }
            let gc = (x.XCreateGC)(display, drawable, 0, std::ptr::null_mut());
            (x.XPutImage)(display, drawable, gc, image, 0, 0, 0, 0, width, height);
            (x.XFreeGC)(display, gc);
            (x.XDestroyImage)(image);
            true
        }
    })
    .unwrap_or(false)
}
