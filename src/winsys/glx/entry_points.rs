//! The GLX functions galvan hands to glvnd's libGLX.
//!
//! GLX reports most errors as X protocol errors; galvan's entry points return the
//! failure value GLX names (NULL, None, False, or a GLX_BAD_* code) and log why.
#![allow(non_snake_case)] // named as GLX names them, for the lookup table

use super::consts::*;
use super::context::{self, AttribError, GlxContext};
use super::current::{self, Current};
use super::drawable::{self, GlxDrawable, Kind};
use super::fbconfig::{self, FbConfig};
use super::vendor::register_context;
use crate::winsys::x11::{self, XDisplay};
use crate::winsys::backend::{self, ContextRequest};
use std::ffi::{c_char, c_int, c_uint, c_ulong, c_void, CStr};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Arc, Mutex};
use x11_dl::xlib::XVisualInfo;

type Bool = c_int;
type GlxContextHandle = *mut c_void;
type GlxFbConfigHandle = *mut c_void;
type Drawable = c_ulong;

const TRUE: Bool = 1;
const FALSE: Bool = 0;
const NO_CONTEXT: GlxContextHandle = std::ptr::null_mut();

/// Runs a body so that no panic reaches C: a panic is logged and `failure` returned.
fn guard<T>(name: &str, failure: T, body: impl FnOnce() -> T) -> T {
    catch_unwind(AssertUnwindSafe(body)).unwrap_or_else(|_| {
        tracing::error!(target: "galvan::glx", "{name} panicked");
        failure
    })
}

/// Every core GLX function galvan implements, by name, for libGLX's getProcAddress.
pub fn lookup(name: &CStr) -> Option<*mut c_void> {
    macro_rules! table {
        ($($f:ident),* $(,)?) => {
            match name.to_bytes() {
                $(n if n == stringify!($f).as_bytes() => Some($f as *mut c_void),)*
                _ => lookup_extension(name),
            }
        };
    }
    table!(
        glXChooseVisual, glXCopyContext, glXCreateContext, glXCreateGLXPixmap, glXDestroyContext,
        glXDestroyGLXPixmap, glXGetConfig, glXIsDirect, glXMakeCurrent, glXSwapBuffers,
        glXUseXFont, glXWaitGL, glXWaitX, glXQueryServerString, glXGetClientString,
        glXQueryExtensionsString, glXChooseFBConfig, glXCreateNewContext, glXCreatePbuffer,
        glXCreatePixmap, glXCreateWindow, glXDestroyPbuffer, glXDestroyPixmap, glXDestroyWindow,
        glXGetFBConfigAttrib, glXGetFBConfigs, glXGetSelectedEvent, glXGetVisualFromFBConfig,
        glXMakeContextCurrent, glXQueryContext, glXQueryDrawable, glXSelectEvent,
    )
}

/// The GLX extension functions galvan implements.
pub fn lookup_extension(name: &CStr) -> Option<*mut c_void> {
    Some(match name.to_bytes() {
        b"glXCreateContextAttribsARB" => glXCreateContextAttribsARB as *mut c_void,
        b"glXSwapIntervalEXT" => glXSwapIntervalEXT as *mut c_void,
        b"glXSwapIntervalMESA" => glXSwapIntervalMESA as *mut c_void,
        b"glXGetSwapIntervalMESA" => glXGetSwapIntervalMESA as *mut c_void,
        b"glXSwapIntervalSGI" => glXSwapIntervalSGI as *mut c_void,
        _ => return None,
    })
}

const EXTENSIONS: &CStr = c"GLX_ARB_create_context GLX_ARB_create_context_profile GLX_ARB_create_context_robustness GLX_ARB_create_context_no_error GLX_EXT_create_context_es_profile GLX_EXT_create_context_es2_profile GLX_ARB_get_proc_address GLX_ARB_framebuffer_sRGB GLX_EXT_swap_control GLX_MESA_swap_control GLX_SGI_swap_control";

/// Reads a `None`-terminated GLX attribute list of pairs.
///
/// # Safety
/// `list` is null or a GLX attribute list.
unsafe fn pairs(list: *const c_int) -> Option<Vec<(i64, i64)>> {
    let mut out = Vec::new();
    if list.is_null() {
        return Some(out);
    }
    for i in 0..512 {
        // SAFETY: the list is valid up to its None terminator.
        let name = unsafe { *list.add(2 * i) } as i64;
        if name == 0 {
            return Some(out);
        }
        // SAFETY: a name is followed by its value.
        out.push((name, unsafe { *list.add(2 * i + 1) } as i64));
    }
    None
}

/// Reads glXChooseVisual's list, where booleans stand alone.
///
/// # Safety
/// `list` is null or a glXChooseVisual attribute list.
unsafe fn visual_list(list: *const c_int) -> Option<Vec<i64>> {
    let mut out = Vec::new();
    if list.is_null() {
        return Some(out);
    }
    for i in 0..1024 {
        // SAFETY: the list is valid up to its None terminator.
        let v = unsafe { *list.add(i) } as i64;
        if v == 0 {
            return Some(out);
        }
        out.push(v);
    }
    None
}

fn config_from(handle: GlxFbConfigHandle) -> Option<&'static FbConfig> {
    fbconfig::from_handle(handle as *const FbConfig)
}

fn config_for_visual(display: XDisplay, visual: *const XVisualInfo) -> Option<&'static FbConfig> {
    if visual.is_null() {
        return None;
    }
    // SAFETY: a visual from glXChooseVisual or XGetVisualInfo, as GLX requires.
    let visual = unsafe { &*visual };
    fbconfig::for_visual(display, visual.screen, visual.visualid)
}

/// Copies configs into an array the program frees with XFree.
fn configs_for_caller(configs: &[&'static FbConfig], count: *mut c_int) -> *mut GlxFbConfigHandle {
    if !count.is_null() {
        // SAFETY: the program's out-parameter.
        unsafe { *count = configs.len() as c_int };
    }
    if configs.is_empty() {
        return std::ptr::null_mut();
    }
    // SAFETY: malloc for XFree; each slot written below.
    unsafe {
        let array = libc::malloc(configs.len() * std::mem::size_of::<GlxFbConfigHandle>()) as *mut GlxFbConfigHandle;
        if array.is_null() {
            return array;
        }
        for (i, config) in configs.iter().enumerate() {
            *array.add(i) = *config as *const FbConfig as GlxFbConfigHandle;
        }
        array
    }
}

fn visual_for_config(display: XDisplay, config: &FbConfig) -> *mut XVisualInfo {
    match x11::true_color_visual(display, config.screen) {
        Some(info) if config.visual_id != 0 => x11::visual_info_for_caller(&info),
        _ => std::ptr::null_mut(),
    }
}

unsafe extern "C" fn glXChooseVisual(display: XDisplay, screen: c_int, list: *mut c_int) -> *mut XVisualInfo {
    guard("glXChooseVisual", std::ptr::null_mut(), || {
        // SAFETY: GLX's attribute list contract.
        let Some(list) = (unsafe { visual_list(list) }) else { return std::ptr::null_mut() };
        let configs = fbconfig::screen_configs(display, screen);
        match fbconfig::choose_visual(configs, &list) {
            Some(config) => visual_for_config(display, config),
            None => std::ptr::null_mut(),
        }
    })
}

unsafe extern "C" fn glXChooseFBConfig(display: XDisplay, screen: c_int, list: *const c_int, count: *mut c_int) -> *mut GlxFbConfigHandle {
    guard("glXChooseFBConfig", std::ptr::null_mut(), || {
        // SAFETY: GLX's attribute list contract.
        let requested = unsafe { pairs(list) }.unwrap_or_default();
        let configs = fbconfig::screen_configs(display, screen);
        match fbconfig::choose(configs, &requested) {
            Some(chosen) => configs_for_caller(&chosen, count),
            None => configs_for_caller(&[], count),
        }
    })
}

unsafe extern "C" fn glXGetFBConfigs(display: XDisplay, screen: c_int, count: *mut c_int) -> *mut GlxFbConfigHandle {
    guard("glXGetFBConfigs", std::ptr::null_mut(), || {
        let all: Vec<&'static FbConfig> = fbconfig::screen_configs(display, screen).iter().collect();
        configs_for_caller(&all, count)
    })
}

unsafe extern "C" fn glXGetFBConfigAttrib(_display: XDisplay, config: GlxFbConfigHandle, attribute: c_int, value: *mut c_int) -> c_int {
    guard("glXGetFBConfigAttrib", GLX_BAD_ATTRIBUTE as c_int, || {
        let Some(config) = config_from(config) else { return GLX_BAD_ATTRIBUTE as c_int };
        match (config.attrib(attribute as i64), value.is_null()) {
            (Some(v), false) => {
                // SAFETY: checked non-null.
                unsafe { *value = v };
                0
            }
            _ => GLX_BAD_ATTRIBUTE as c_int,
        }
    })
}

unsafe extern "C" fn glXGetVisualFromFBConfig(display: XDisplay, config: GlxFbConfigHandle) -> *mut XVisualInfo {
    guard("glXGetVisualFromFBConfig", std::ptr::null_mut(), || match config_from(config) {
        Some(config) => visual_for_config(display, config),
        None => std::ptr::null_mut(),
    })
}

unsafe extern "C" fn glXGetConfig(display: XDisplay, visual: *mut XVisualInfo, attribute: c_int, value: *mut c_int) -> c_int {
    guard("glXGetConfig", GLX_BAD_VISUAL as c_int, || {
        let Some(config) = config_for_visual(display, visual) else { return GLX_BAD_VISUAL as c_int };
        let v = match attribute as i64 {
            GLX_USE_GL | GLX_RGBA => 1,
            name => match config.attrib(name) {
                Some(v) => v,
                None => return GLX_BAD_ATTRIBUTE as c_int,
            },
        };
        if value.is_null() {
            return GLX_BAD_VALUE as c_int;
        }
        // SAFETY: checked non-null.
        unsafe { *value = v };
        0
    })
}

fn new_context(display: XDisplay, config: &'static FbConfig, request: ContextRequest, share: GlxContextHandle) -> GlxContextHandle {
    let share = if share.is_null() {
        None
    } else {
        match context::find(share as usize) {
            Some(share) if share.request.api == request.api => Some(share),
            _ => {
                tracing::debug!(target: "galvan::glx", "share context is not a galvan context of the same API");
                return NO_CONTEXT;
            }
        }
    };
    match backend::create_context(&request, share.as_ref().map(|s| &s.gl)) {
        Ok(gl) => {
            let handle = crate::winsys::egl::display::new_handle();
            context::insert(GlxContext { handle, config, request, gl, current_thread: Mutex::new(None) });
            let _ = display;
            handle as GlxContextHandle
        }
        Err(e) => {
            tracing::debug!(target: "galvan::glx", "context: {}", String::from(e));
            NO_CONTEXT
        }
    }
}

unsafe extern "C" fn glXCreateContext(display: XDisplay, visual: *mut XVisualInfo, share: GlxContextHandle, _direct: Bool) -> GlxContextHandle {
    guard("glXCreateContext", NO_CONTEXT, || match config_for_visual(display, visual) {
        Some(config) => new_context(display, config, context::legacy_request(), share),
        None => NO_CONTEXT,
    })
}

unsafe extern "C" fn glXCreateNewContext(display: XDisplay, config: GlxFbConfigHandle, render_type: c_int, share: GlxContextHandle, _direct: Bool) -> GlxContextHandle {
    guard("glXCreateNewContext", NO_CONTEXT, || match config_from(config) {
        Some(config) if render_type as i64 == GLX_RGBA_TYPE => {
            new_context(display, config, context::legacy_request(), share)
        }
        _ => NO_CONTEXT,
    })
}

unsafe extern "C" fn glXCreateContextAttribsARB(
    display: XDisplay,
    config: GlxFbConfigHandle,
    share: GlxContextHandle,
    _direct: Bool,
    list: *const c_int,
) -> GlxContextHandle {
    guard("glXCreateContextAttribsARB", NO_CONTEXT, || {
        let Some(config) = config_from(config) else { return NO_CONTEXT };
        // SAFETY: GLX's attribute list contract.
        let Some(attribs) = (unsafe { pairs(list) }) else { return NO_CONTEXT };
        match context::parse_request(&attribs) {
            Ok(request) => {
                let handle = new_context(display, config, request, share);
                if !handle.is_null() {
                    register_context(display as *mut c_void, handle);
                }
                handle
            }
            Err(e @ (AttribError::BadValue | AttribError::BadMatch | AttribError::BadProfile)) => {
                tracing::debug!(target: "galvan::glx", "glXCreateContextAttribsARB: {e:?}");
                NO_CONTEXT
            }
        }
    })
}

unsafe extern "C" fn glXDestroyContext(_display: XDisplay, ctx: GlxContextHandle) {
    guard("glXDestroyContext", (), || {
        // A context current somewhere lives on in that thread's record until released.
        context::remove(ctx as usize);
    })
}

unsafe extern "C" fn glXCopyContext(_display: XDisplay, _src: GlxContextHandle, _dst: GlxContextHandle, _mask: c_ulong) {
    tracing::warn!(target: "galvan::glx", "glXCopyContext is not supported");
}

unsafe extern "C" fn glXIsDirect(_display: XDisplay, ctx: GlxContextHandle) -> Bool {
    context::find(ctx as usize).is_some() as Bool
}

unsafe extern "C" fn glXQueryContext(_display: XDisplay, ctx: GlxContextHandle, attribute: c_int, value: *mut c_int) -> c_int {
    guard("glXQueryContext", GLX_BAD_CONTEXT as c_int, || {
        let Some(context) = context::find(ctx as usize) else { return GLX_BAD_CONTEXT as c_int };
        let v = match attribute as i64 {
            GLX_FBCONFIG_ID => context.config.id,
            GLX_RENDER_TYPE => GLX_RGBA_TYPE as c_int,
            GLX_SCREEN => context.config.screen,
            _ => return GLX_BAD_ATTRIBUTE as c_int,
        };
        if value.is_null() {
            return GLX_BAD_VALUE as c_int;
        }
        // SAFETY: checked non-null.
        unsafe { *value = v };
        0
    })
}

/// Finds or registers the drawable for a make-current: a pbuffer or GLXWindow galvan
/// made, or a plain X window seen for the first time.
fn drawable_for(display: XDisplay, xid: Drawable, config: &'static FbConfig) -> Option<Arc<GlxDrawable>> {
    if xid == 0 {
        return None;
    }
    drawable::find(display, xid).or_else(|| match drawable::window(display, xid, config) {
        Ok(d) => Some(d),
        Err(why) => {
            tracing::warn!(target: "galvan::glx", "drawable 0x{xid:x}: {why}");
            None
        }
    })
}

fn release_current() {
    let _ = backend::make_current(None, None, None);
    if let Some(previous) = current::replace(None) {
        *previous.context.current_thread.lock().unwrap_or_else(|e| e.into_inner()) = None;
    }
}

unsafe extern "C" fn glXMakeContextCurrent(display: XDisplay, draw: Drawable, read: Drawable, ctx: GlxContextHandle) -> Bool {
    guard("glXMakeContextCurrent", FALSE, || {
        if ctx.is_null() {
            release_current();
            return TRUE;
        }
        let Some(context) = context::find(ctx as usize) else { return FALSE };
        let this_thread = crate::winsys::thread_token::current();
        if context.current_thread.lock().unwrap_or_else(|e| e.into_inner()).is_some_and(|t| t != this_thread) {
            return FALSE; // BadAccess: current to another thread
        }
        let draw = drawable_for(display, draw, context.config);
        let read = if read == draw.as_ref().map_or(0, |d| d.xid) { draw.clone() } else { drawable_for(display, read, context.config) };
        let draw_fb = draw.as_ref().map(|d| d.framebuffer());
        let read_fb = read.as_ref().map(|d| d.framebuffer());
        if let Err(why) = backend::make_current(Some(&context.gl), draw_fb.as_ref(), read_fb.as_ref()) {
            tracing::debug!(target: "galvan::glx", "make current: {why}");
            return FALSE;
        }
        *context.current_thread.lock().unwrap_or_else(|e| e.into_inner()) = Some(this_thread);
        let previous = current::replace(Some(Current { display: display as usize, context: context.clone(), draw, read }));
        if let Some(previous) = previous {
            if !Arc::ptr_eq(&previous.context, &context) {
                *previous.context.current_thread.lock().unwrap_or_else(|e| e.into_inner()) = None;
            }
        }
        TRUE
    })
}

unsafe extern "C" fn glXMakeCurrent(display: XDisplay, drawable: Drawable, ctx: GlxContextHandle) -> Bool {
    // SAFETY: same contract.
    unsafe { glXMakeContextCurrent(display, drawable, drawable, ctx) }
}

unsafe extern "C" fn glXSwapBuffers(display: XDisplay, xid: Drawable) {
    guard("glXSwapBuffers", (), || {
        let Some(current) = current::get() else { return };
        let Some(drawable) = drawable::find(display, xid) else { return };
        if !current.draw.as_ref().is_some_and(|d| Arc::ptr_eq(d, &drawable)) {
            // GLX flushes the current context before swapping any drawable.
            backend::flush_current();
            return;
        }
        match drawable.swap(display) {
            Ok(true) => {
                let fb = drawable.framebuffer();
                if let Err(why) = backend::rebind_current(&fb, &fb) {
                    tracing::warn!(target: "galvan::glx", "after resize: {why}");
                }
            }
            Ok(false) => {}
            Err(why) => tracing::warn!(target: "galvan::glx", "glXSwapBuffers: {why}"),
        }
    })
}

unsafe extern "C" fn glXCreateWindow(display: XDisplay, config: GlxFbConfigHandle, window: Drawable, _attribs: *const c_int) -> Drawable {
    guard("glXCreateWindow", 0, || {
        let Some(config) = config_from(config) else { return 0 };
        match drawable::window(display, window, config) {
            Ok(d) => d.xid,
            Err(why) => {
                tracing::debug!(target: "galvan::glx", "glXCreateWindow: {why}");
                0
            }
        }
    })
}

unsafe extern "C" fn glXDestroyWindow(display: XDisplay, window: Drawable) {
    guard("glXDestroyWindow", (), || {
        drawable::remove(display, window);
    })
}

unsafe extern "C" fn glXCreatePbuffer(display: XDisplay, config: GlxFbConfigHandle, list: *const c_int) -> Drawable {
    guard("glXCreatePbuffer", 0, || {
        let Some(config) = config_from(config) else { return 0 };
        // SAFETY: GLX's attribute list contract.
        let Some(attribs) = (unsafe { pairs(list) }) else { return 0 };
        let (mut width, mut height, mut largest, mut preserved) = (0i64, 0i64, false, false);
        for (name, value) in attribs {
            match name {
                GLX_PBUFFER_WIDTH => width = value,
                GLX_PBUFFER_HEIGHT => height = value,
                GLX_LARGEST_PBUFFER => largest = value != 0,
                GLX_PRESERVED_CONTENTS => preserved = value != 0,
                _ => return 0,
            }
        }
        if width < 0 || height < 0 {
            return 0;
        }
        // The pbuffer's XID: a 1x1 pixmap keeps the id unique on the server.
        let Some(xid) = pixmap_id(display, config.screen) else { return 0 };
        match drawable::pbuffer(display, xid, config, width as u32, height as u32, largest, preserved) {
            Ok(d) => d.xid,
            Err(why) => {
                tracing::debug!(target: "galvan::glx", "glXCreatePbuffer: {why}");
                0
            }
        }
    })
}

fn pixmap_id(display: XDisplay, screen: c_int) -> Option<Drawable> {
    let x = x11::xlib()?;
    // SAFETY: calls on the program's open connection.
    unsafe {
        let root = (x.XRootWindow)(display, screen);
        let pixmap = (x.XCreatePixmap)(display, root, 1, 1, 24);
        (pixmap != 0).then_some(pixmap)
    }
}

unsafe extern "C" fn glXDestroyPbuffer(display: XDisplay, pbuffer: Drawable) {
    guard("glXDestroyPbuffer", (), || {
        if drawable::remove(display, pbuffer).is_some_and(|d| d.kind == Kind::Pbuffer) {
            if let Some(x) = x11::xlib() {
                // SAFETY: the pixmap galvan created for this pbuffer.
                unsafe { (x.XFreePixmap)(display, pbuffer) };
            }
        }
    })
}

unsafe extern "C" fn glXCreatePixmap(_display: XDisplay, _config: GlxFbConfigHandle, _pixmap: Drawable, _attribs: *const c_int) -> Drawable {
    tracing::warn!(target: "galvan::glx", "GLX pixmaps are not supported");
    0
}

unsafe extern "C" fn glXDestroyPixmap(_display: XDisplay, _pixmap: Drawable) {}

unsafe extern "C" fn glXCreateGLXPixmap(_display: XDisplay, _visual: *mut XVisualInfo, _pixmap: Drawable) -> Drawable {
    tracing::warn!(target: "galvan::glx", "GLX pixmaps are not supported");
    0
}

unsafe extern "C" fn glXDestroyGLXPixmap(_display: XDisplay, _pixmap: Drawable) {}

unsafe extern "C" fn glXQueryDrawable(display: XDisplay, xid: Drawable, attribute: c_int, value: *mut c_uint) {
    guard("glXQueryDrawable", (), || {
        let Some(drawable) = drawable::find(display, xid) else { return };
        let state = drawable.lock();
        let v = match attribute as i64 {
            GLX_WIDTH => state.width,
            GLX_HEIGHT => state.height,
            GLX_PRESERVED_CONTENTS => state.preserved_contents as u32,
            GLX_LARGEST_PBUFFER => state.largest_pbuffer as u32,
            GLX_FBCONFIG_ID => drawable.config.id as u32,
            GLX_SWAP_INTERVAL_EXT => state.swap_interval as u32,
            GLX_MAX_SWAP_INTERVAL_EXT => 1,
            _ => return,
        };
        if !value.is_null() {
            // SAFETY: checked non-null.
            unsafe { *value = v };
        }
    })
}

unsafe extern "C" fn glXSelectEvent(display: XDisplay, xid: Drawable, mask: c_ulong) {
    if let Some(d) = drawable::find(display, xid) {
        d.lock().event_mask = mask as u64;
    }
}

unsafe extern "C" fn glXGetSelectedEvent(display: XDisplay, xid: Drawable, mask: *mut c_ulong) {
    if let (Some(d), false) = (drawable::find(display, xid), mask.is_null()) {
        // SAFETY: checked non-null.
        unsafe { *mask = d.lock().event_mask as c_ulong };
    }
}

unsafe extern "C" fn glXUseXFont(_font: c_ulong, _first: c_int, _count: c_int, _list_base: c_int) {
    tracing::warn!(target: "galvan::glx", "glXUseXFont is not supported");
}

unsafe extern "C" fn glXWaitGL() {
    guard("glXWaitGL", (), backend::finish_current)
}

unsafe extern "C" fn glXWaitX() {
    guard("glXWaitX", (), || {
        if let Some(current) = current::get() {
            x11::sync(current.display as XDisplay);
        }
    })
}

fn string_for(name: c_int) -> *const c_char {
    match name as i64 {
        GLX_VENDOR => c"galvan".as_ptr(),
        GLX_VERSION => c"1.4".as_ptr(),
        GLX_EXTENSIONS => EXTENSIONS.as_ptr(),
        _ => std::ptr::null(),
    }
}

unsafe extern "C" fn glXQueryServerString(_display: XDisplay, _screen: c_int, name: c_int) -> *const c_char {
    string_for(name)
}

unsafe extern "C" fn glXGetClientString(_display: XDisplay, name: c_int) -> *const c_char {
    string_for(name)
}

unsafe extern "C" fn glXQueryExtensionsString(_display: XDisplay, _screen: c_int) -> *const c_char {
    EXTENSIONS.as_ptr()
}

fn set_swap_interval(drawable: Option<Arc<GlxDrawable>>, interval: c_int) -> c_int {
    match drawable {
        Some(d) if interval >= 0 => {
            d.lock().swap_interval = interval;
            0
        }
        _ => GLX_BAD_VALUE as c_int,
    }
}

unsafe extern "C" fn glXSwapIntervalEXT(display: XDisplay, xid: Drawable, interval: c_int) {
    guard("glXSwapIntervalEXT", (), || {
        set_swap_interval(drawable::find(display, xid), interval);
    })
}

unsafe extern "C" fn glXSwapIntervalMESA(interval: c_uint) -> c_int {
    guard("glXSwapIntervalMESA", GLX_BAD_CONTEXT as c_int, || {
        set_swap_interval(current::get().and_then(|c| c.draw), interval.min(i32::MAX as u32) as c_int)
    })
}

unsafe extern "C" fn glXSwapIntervalSGI(interval: c_int) -> c_int {
    guard("glXSwapIntervalSGI", GLX_BAD_CONTEXT as c_int, || {
        if interval <= 0 {
            return GLX_BAD_VALUE as c_int;
        }
        set_swap_interval(current::get().and_then(|c| c.draw), interval)
    })
}

unsafe extern "C" fn glXGetSwapIntervalMESA() -> c_int {
    current::get().and_then(|c| c.draw).map_or(0, |d| d.lock().swap_interval)
}
