//! The EGL functions galvan hands to glvnd, each run under [`guard`].
#![allow(non_snake_case)] // named as EGL names them, for the lookup table

use super::attrib_list;
use crate::winsys::backend::{self, ClientApi};
use super::config::{self, Config};
use super::consts::*;
use super::context::{self, EglContext};
use super::current::{self, Current};
use super::display::{new_handle, Display};
use super::error::{guard, take_error, EglError, EglResult};
use super::surface::{self, EglSurface};
use super::vendor::current_api;
use crate::winsys::glvnd_abi::{EglAttrib, EglBoolean, EglEnum, EglInt, Handle};
use std::ffi::{c_char, c_void, CStr};
use std::sync::{Arc, Mutex};

const TRUE: EglBoolean = 1;
const FALSE: EglBoolean = 0;
const NO_HANDLE: Handle = std::ptr::null_mut();

/// Every EGL function galvan implements, by name, for glvnd's getProcAddress.
pub fn lookup(name: &CStr) -> Option<*mut c_void> {
    macro_rules! table {
        ($($f:ident),* $(,)?) => {
            match name.to_bytes() {
                $(n if n == stringify!($f).as_bytes() => Some($f as *mut c_void),)*
                _ => None,
            }
        };
    }
    table!(
        eglInitialize, eglTerminate, eglQueryString, eglGetConfigs, eglChooseConfig,
        eglGetConfigAttrib, eglCreateContext, eglDestroyContext, eglQueryContext,
        eglMakeCurrent, eglCreatePbufferSurface, eglCreateWindowSurface,
        eglCreatePlatformWindowSurface, eglCreatePlatformWindowSurfaceEXT,
        eglCreatePixmapSurface, eglCreatePlatformPixmapSurface, eglCreatePlatformPixmapSurfaceEXT,
        eglCreatePbufferFromClientBuffer, eglDestroySurface,
        eglQuerySurface, eglSurfaceAttrib, eglSwapBuffers, eglSwapInterval, eglCopyBuffers,
        eglBindTexImage, eglReleaseTexImage, eglWaitGL, eglWaitClient, eglWaitNative,
        eglReleaseThread, eglGetError, eglBindAPI,
    )
}

fn display(dpy: Handle) -> EglResult<&'static Display> {
    Display::from_handle(dpy)
}

/// Writes through an optional out-pointer.
///
/// # Safety
/// `ptr` is null or valid for a write of `T`.
unsafe fn write<T>(ptr: *mut T, value: T) {
    if !ptr.is_null() {
        // SAFETY: the caller's out-pointer is valid when non-null.
        unsafe { ptr.write(value) };
    }
}

unsafe extern "C" fn eglInitialize(dpy: Handle, major: *mut EglInt, minor: *mut EglInt) -> EglBoolean {
    guard("eglInitialize", FALSE, || {
        let display = display(dpy)?;
        crate::winsys::device::device().map_err(|why| {
            tracing::error!(target: "galvan::egl", "no Vulkan device: {why}");
            EglError::NOT_INITIALIZED
        })?;
        display.lock().initialized = true;
        // SAFETY: EGL's out-parameters are null or valid.
        unsafe {
            write(major, 1);
            write(minor, 5);
        }
        Ok(TRUE)
    })
}

unsafe extern "C" fn eglTerminate(dpy: Handle) -> EglBoolean {
    guard("eglTerminate", FALSE, || {
        let display = display(dpy)?;
        let mut state = display.lock();
        // Objects current on some thread live on in that thread's record until released.
        state.contexts.clear();
        state.surfaces.clear();
        state.initialized = false;
        Ok(TRUE)
    })
}

unsafe extern "C" fn eglQueryString(dpy: Handle, name: EglInt) -> *const c_char {
    guard("eglQueryString", std::ptr::null(), || {
        let name = name as i64;
        if dpy.is_null() {
            // Client queries (EGL_EXT_client_extensions): no display needed.
            return match name {
                EGL_EXTENSIONS => Ok(c"EGL_EXT_client_extensions EGL_EXT_platform_base EGL_KHR_client_get_all_proc_addresses EGL_MESA_platform_surfaceless EGL_KHR_platform_x11 EGL_EXT_platform_x11".as_ptr()),
                EGL_VERSION => Ok(c"1.5 galvan".as_ptr()),
                _ => Err(EglError::BAD_DISPLAY),
            };
        }
        let display = display(dpy)?;
        display.check_initialized()?;
        Ok(match name {
            EGL_VENDOR => c"galvan".as_ptr(),
            EGL_VERSION => c"1.5 galvan".as_ptr(),
            EGL_CLIENT_APIS => c"OpenGL OpenGL_ES".as_ptr(),
            EGL_EXTENSIONS => display_extensions(display),
            _ => return Err(EglError::BAD_PARAMETER),
        })
    })
}

fn display_extensions(display: &Display) -> *const c_char {
    static EXTENSIONS: std::sync::OnceLock<std::ffi::CString> = std::sync::OnceLock::new();
    EXTENSIONS
        .get_or_init(|| std::ffi::CString::new(display.extensions()).unwrap_or_default())
        .as_ptr()
}

/// Copies configs into the caller's array, as eglGetConfigs and eglChooseConfig do.
///
/// # Safety
/// `out` is null or holds `size` config handles.
unsafe fn return_configs(configs: &[Config], out: *mut Handle, size: EglInt, count: *mut EglInt) -> EglResult<EglBoolean> {
    if count.is_null() {
        return Err(EglError::BAD_PARAMETER);
    }
    let n = if out.is_null() { configs.len() } else { configs.len().min(size.max(0) as usize) };
    for (i, config) in configs.iter().take(n).enumerate() {
        if !out.is_null() {
            // SAFETY: i < size, within the caller's array.
            unsafe { *out.add(i) = config.id as usize as Handle };
        }
    }
    // SAFETY: checked non-null above.
    unsafe { *count = n as EglInt };
    Ok(TRUE)
}

unsafe extern "C" fn eglGetConfigs(dpy: Handle, configs: *mut Handle, size: EglInt, count: *mut EglInt) -> EglBoolean {
    guard("eglGetConfigs", FALSE, || {
        let display = display(dpy)?;
        display.check_initialized()?;
        // SAFETY: EGL's contract for the output array.
        unsafe { return_configs(display.configs(), configs, size, count) }
    })
}

unsafe extern "C" fn eglChooseConfig(
    dpy: Handle,
    attribs: *const EglInt,
    configs: *mut Handle,
    size: EglInt,
    count: *mut EglInt,
) -> EglBoolean {
    guard("eglChooseConfig", FALSE, || {
        let display = display(dpy)?;
        display.check_initialized()?;
        // SAFETY: EGL's attribute list contract.
        let requested = unsafe { attrib_list::read(attribs) }?;
        let chosen = config::choose(display.configs(), &requested)?;
        // SAFETY: EGL's contract for the output array.
        unsafe { return_configs(&chosen, configs, size, count) }
    })
}

unsafe extern "C" fn eglGetConfigAttrib(dpy: Handle, config: Handle, attribute: EglInt, value: *mut EglInt) -> EglBoolean {
    guard("eglGetConfigAttrib", FALSE, || {
        let display = display(dpy)?;
        display.check_initialized()?;
        let config = display.config(config)?;
        let v = config.attrib(attribute as i64).ok_or(EglError::BAD_ATTRIBUTE)?;
        if value.is_null() {
            return Err(EglError::BAD_PARAMETER);
        }
        // SAFETY: checked non-null.
        unsafe { *value = v };
        Ok(TRUE)
    })
}

fn bound_api() -> EglResult<ClientApi> {
    match current_api() as i64 {
        EGL_OPENGL_API => Ok(ClientApi::Gl),
        EGL_OPENGL_ES_API => Ok(ClientApi::Gles),
        _ => Err(EglError::BAD_MATCH),
    }
}

unsafe extern "C" fn eglCreateContext(dpy: Handle, config: Handle, share: Handle, attribs: *const EglInt) -> Handle {
    guard("eglCreateContext", NO_HANDLE, || {
        let display = display(dpy)?;
        let config = if config.is_null() { None } else { Some(display.config(config)?) };
        // SAFETY: EGL's attribute list contract.
        let attribs = unsafe { attrib_list::read(attribs) }?;
        let request = context::parse_request(bound_api()?, &attribs)?;
        let share = if share.is_null() {
            None
        } else {
            let state = display.initialized()?;
            let share = state.contexts.get(&(share as usize)).cloned().ok_or(EglError::BAD_CONTEXT)?;
            context::check_share(&request, &share)?;
            Some(share)
        };
        display.check_initialized()?;
        let gl = backend::create_context(&request, share.as_ref().map(|s| &s.gl)).map_err(|e| match e {
            backend::CreateError::Unsupported(why) => {
                tracing::debug!(target: "galvan::egl", "eglCreateContext: {why}");
                EglError::BAD_MATCH
            }
            backend::CreateError::Resources(why) => {
                tracing::error!(target: "galvan::egl", "eglCreateContext: {why}");
                EglError::BAD_ALLOC
            }
        })?;
        let handle = new_handle();
        let context = Arc::new(EglContext { handle, config, request, gl, current_thread: Mutex::new(None) });
        display.initialized()?.contexts.insert(handle, context);
        Ok(handle as Handle)
    })
}

unsafe extern "C" fn eglDestroyContext(dpy: Handle, ctx: Handle) -> EglBoolean {
    guard("eglDestroyContext", FALSE, || {
        let display = display(dpy)?;
        display.initialized()?.contexts.remove(&(ctx as usize)).ok_or(EglError::BAD_CONTEXT)?;
        Ok(TRUE)
    })
}

unsafe extern "C" fn eglQueryContext(dpy: Handle, ctx: Handle, attribute: EglInt, value: *mut EglInt) -> EglBoolean {
    guard("eglQueryContext", FALSE, || {
        let display = display(dpy)?;
        let context = display.initialized()?.contexts.get(&(ctx as usize)).cloned().ok_or(EglError::BAD_CONTEXT)?;
        let v = match attribute as i64 {
            EGL_CONFIG_ID => context.config.map_or(0, |c| c.id),
            EGL_CONTEXT_CLIENT_TYPE => match context.request.api {
                ClientApi::Gl => EGL_OPENGL_API as i32,
                ClientApi::Gles => EGL_OPENGL_ES_API as i32,
            },
            EGL_CONTEXT_CLIENT_VERSION => context.request.major,
            EGL_RENDER_BUFFER => {
                let current = current::get().filter(|c| Arc::ptr_eq(&c.context, &context));
                match current.and_then(|c| c.draw) {
                    Some(_) => EGL_BACK_BUFFER as i32,
                    None => EGL_NONE as i32,
                }
            }
            _ => return Err(EglError::BAD_ATTRIBUTE),
        };
        if value.is_null() {
            return Err(EglError::BAD_PARAMETER);
        }
        // SAFETY: checked non-null.
        unsafe { *value = v };
        Ok(TRUE)
    })
}

unsafe extern "C" fn eglMakeCurrent(dpy: Handle, draw: Handle, read: Handle, ctx: Handle) -> EglBoolean {
    guard("eglMakeCurrent", FALSE, || {
        let display = display(dpy)?;
        let this_thread = crate::winsys::thread_token::current();
        // A pixmap that stops being drawn into shows what was drawn (its context is
        // still current here, so its work is what gets submitted).
        if let Some(previous) = current::get().and_then(|c| c.draw) {
            if previous.handle != draw as usize {
                previous.update_native();
            }
        }
        if ctx.is_null() {
            if !draw.is_null() || !read.is_null() {
                return Err(EglError::BAD_MATCH);
            }
            release_current(this_thread);
            return Ok(TRUE);
        }
        let (context, draw, read) = {
            let state = display.initialized()?;
            let context = state.contexts.get(&(ctx as usize)).cloned().ok_or(EglError::BAD_CONTEXT)?;
            let surface = |h: Handle| -> EglResult<Option<Arc<EglSurface>>> {
                if h.is_null() {
                    Ok(None)
                } else {
                    state.surfaces.get(&(h as usize)).cloned().map(Some).ok_or(EglError::BAD_SURFACE)
                }
            };
            (context, surface(draw)?, surface(read)?)
        };
        // Both surfaces or neither (EGL_KHR_surfaceless_context).
        if draw.is_some() != read.is_some() {
            return Err(EglError::BAD_MATCH);
        }
        if let (Some(config), Some(surface)) = (context.config, draw.as_ref()) {
            if !compatible(&config, &surface.config) {
                return Err(EglError::BAD_MATCH);
            }
        }
        // A configless context still needs draw and read surfaces that agree.
        if let (Some(d), Some(r)) = (draw.as_ref(), read.as_ref()) {
            if !compatible(&d.config, &r.config) {
                return Err(EglError::BAD_MATCH);
            }
        }
        {
            let owner = context.current_thread.lock().unwrap_or_else(|e| e.into_inner());
            if owner.is_some_and(|t| t != this_thread) {
                return Err(EglError::BAD_ACCESS);
            }
        }
        backend::make_current(
            Some(&context.gl),
            draw.as_ref().map(|s| s.framebuffer()).as_ref(),
            read.as_ref().map(|s| s.framebuffer()).as_ref(),
        )
        .map_err(|why| {
            tracing::debug!(target: "galvan::egl", "eglMakeCurrent: {why}");
            EglError::BAD_ACCESS
        })?;
        *context.current_thread.lock().unwrap_or_else(|e| e.into_inner()) = Some(this_thread);
        let previous = current::replace(Some(Current { context: context.clone(), draw, read }));
        if let Some(previous) = previous {
            if !Arc::ptr_eq(&previous.context, &context) {
                *previous.context.current_thread.lock().unwrap_or_else(|e| e.into_inner()) = None;
            }
        }
        Ok(TRUE)
    })
}

/// Configs are compatible when their colour and ancillary buffers match.
fn compatible(a: &Config, b: &Config) -> bool {
    (a.red, a.green, a.blue, a.alpha, a.depth, a.stencil, a.samples)
        == (b.red, b.green, b.blue, b.alpha, b.depth, b.stencil, b.samples)
}

fn release_current(this_thread: u64) {
    // Releasing flushes the context's work (gl_frontend does it).
    let _ = backend::make_current(None, None, None);
    if let Some(previous) = current::replace(None) {
        let mut owner = previous.context.current_thread.lock().unwrap_or_else(|e| e.into_inner());
        if *owner == Some(this_thread) {
            *owner = None;
        }
    }
}

unsafe extern "C" fn eglCreatePbufferSurface(dpy: Handle, config: Handle, attribs: *const EglInt) -> Handle {
    guard("eglCreatePbufferSurface", NO_HANDLE, || {
        let display = display(dpy)?;
        display.check_initialized()?;
        let config = display.config(config)?;
        if config.surface_type & EGL_PBUFFER_BIT as i32 == 0 {
            return Err(EglError::BAD_MATCH);
        }
        // SAFETY: EGL's attribute list contract.
        let attribs = unsafe { attrib_list::read(attribs) }?;
        let handle = new_handle();
        let surface = surface::create_pbuffer(handle, config, &attribs)?;
        display.initialized()?.surfaces.insert(handle, Arc::new(surface));
        Ok(handle as Handle)
    })
}

/// The window surface functions' shared body; `window` is the X window's XID.
fn create_window_surface(dpy: Handle, config: Handle, window: EglResult<u64>, attribs: EglResult<Vec<(i64, i64)>>) -> EglResult<Handle> {
    let display = display(dpy)?;
    display.check_initialized()?;
    // EGL_MESA_platform_surfaceless: no window belongs to a surfaceless display.
    if display.x_connection == 0 {
        return Err(EglError::BAD_NATIVE_WINDOW);
    }
    let config = display.config(config)?;
    if config.surface_type & EGL_WINDOW_BIT as i32 == 0 {
        return Err(EglError::BAD_MATCH);
    }
    let (window, attribs) = (window?, attribs?);
    // One EGLSurface per window, as EGL requires.
    let taken = display.initialized()?.surfaces.values().any(|s| s.native == Some((display.x_connection, window)));
    if taken {
        return Err(EglError::BAD_ALLOC);
    }
    let handle = new_handle();
    let surface = surface::create_window(handle, config, display.x_connection, display.x_screen, window, &attribs)?;
    display.initialized()?.surfaces.insert(handle, Arc::new(surface));
    Ok(handle as Handle)
}

/// The XID a platform entry point's native window points to.
///
/// # Safety
/// `native` is null or points to an X `Window`, as EGL_KHR_platform_x11 requires.
unsafe fn window_behind(native: *mut c_void) -> EglResult<u64> {
    if native.is_null() {
        return Err(EglError::BAD_NATIVE_WINDOW);
    }
    // SAFETY: the caller's pointer to a Window (an unsigned long).
    Ok(unsafe { *(native as *const std::ffi::c_ulong) } as u64)
}

/// EGLNativeWindowType is an X `Window` on X11.
unsafe extern "C" fn eglCreateWindowSurface(dpy: Handle, config: Handle, win: usize, attribs: *const EglInt) -> Handle {
    guard("eglCreateWindowSurface", NO_HANDLE, || {
        // SAFETY: EGL's attribute list contract.
        create_window_surface(dpy, config, Ok(win as u64), unsafe { attrib_list::read(attribs) })
    })
}

unsafe extern "C" fn eglCreatePlatformWindowSurface(dpy: Handle, config: Handle, native: *mut c_void, attribs: *const EglAttrib) -> Handle {
    guard("eglCreatePlatformWindowSurface", NO_HANDLE, || {
        // SAFETY: EGL_KHR_platform_x11's native window and EGL's attribute list contracts.
        unsafe { create_window_surface(dpy, config, window_behind(native), attrib_list::read(attribs)) }
    })
}

unsafe extern "C" fn eglCreatePlatformWindowSurfaceEXT(dpy: Handle, config: Handle, native: *mut c_void, attribs: *const EglInt) -> Handle {
    guard("eglCreatePlatformWindowSurfaceEXT", NO_HANDLE, || {
        // SAFETY: as eglCreatePlatformWindowSurface, with EGLint attributes.
        unsafe { create_window_surface(dpy, config, window_behind(native), attrib_list::read(attribs)) }
    })
}

/// The pixmap surface functions' shared body; `pixmap` is the X pixmap's XID.
fn create_pixmap_surface(dpy: Handle, config: Handle, pixmap: EglResult<u64>, attribs: EglResult<Vec<(i64, i64)>>) -> EglResult<Handle> {
    let display = display(dpy)?;
    display.check_initialized()?;
    // EGL_MESA_platform_surfaceless: no pixmap belongs to a surfaceless display.
    if display.x_connection == 0 {
        return Err(EglError::BAD_NATIVE_PIXMAP);
    }
    let config = display.config(config)?;
    if config.surface_type & EGL_PIXMAP_BIT as i32 == 0 {
        return Err(EglError::BAD_MATCH);
    }
    let (pixmap, attribs) = (pixmap?, attribs?);
    let taken = display.initialized()?.surfaces.values().any(|s| s.native == Some((display.x_connection, pixmap)));
    if taken {
        return Err(EglError::BAD_ALLOC);
    }
    let handle = new_handle();
    let surface = surface::create_pixmap(handle, config, display.x_connection, display.x_screen, pixmap, &attribs)?;
    display.initialized()?.surfaces.insert(handle, Arc::new(surface));
    Ok(handle as Handle)
}

/// The XID a platform entry point's native pixmap points to.
///
/// # Safety
/// `native` is null or points to an X `Pixmap`, as EGL_KHR_platform_x11 requires.
unsafe fn pixmap_behind(native: *mut c_void) -> EglResult<u64> {
    if native.is_null() {
        return Err(EglError::BAD_NATIVE_PIXMAP);
    }
    // SAFETY: the caller's pointer to a Pixmap (an unsigned long).
    Ok(unsafe { *(native as *const std::ffi::c_ulong) } as u64)
}

/// EGLNativePixmapType is an X `Pixmap` on X11.
unsafe extern "C" fn eglCreatePixmapSurface(dpy: Handle, config: Handle, pixmap: usize, attribs: *const EglInt) -> Handle {
    guard("eglCreatePixmapSurface", NO_HANDLE, || {
        // SAFETY: EGL's attribute list contract.
        create_pixmap_surface(dpy, config, Ok(pixmap as u64), unsafe { attrib_list::read(attribs) })
    })
}

unsafe extern "C" fn eglCreatePlatformPixmapSurface(dpy: Handle, config: Handle, native: *mut c_void, attribs: *const EglAttrib) -> Handle {
    guard("eglCreatePlatformPixmapSurface", NO_HANDLE, || {
        // SAFETY: EGL_KHR_platform_x11's native pixmap and EGL's attribute list contracts.
        unsafe { create_pixmap_surface(dpy, config, pixmap_behind(native), attrib_list::read(attribs)) }
    })
}

unsafe extern "C" fn eglCreatePlatformPixmapSurfaceEXT(dpy: Handle, config: Handle, native: *mut c_void, attribs: *const EglInt) -> Handle {
    guard("eglCreatePlatformPixmapSurfaceEXT", NO_HANDLE, || {
        // SAFETY: as eglCreatePlatformPixmapSurface, with EGLint attributes.
        unsafe { create_pixmap_surface(dpy, config, pixmap_behind(native), attrib_list::read(attribs)) }
    })
}

unsafe extern "C" fn eglCreatePbufferFromClientBuffer(
    dpy: Handle,
    _buftype: EglEnum,
    _buffer: Handle,
    config: Handle,
    _attribs: *const EglInt,
) -> Handle {
    guard("eglCreatePbufferFromClientBuffer", NO_HANDLE, || {
        let display = display(dpy)?;
        display.check_initialized()?;
        display.config(config)?;
        // No client buffer type (OpenVG images) exists in galvan.
        Err(EglError::BAD_PARAMETER)
    })
}

unsafe extern "C" fn eglDestroySurface(dpy: Handle, surface: Handle) -> EglBoolean {
    guard("eglDestroySurface", FALSE, || {
        let display = display(dpy)?;
        display.initialized()?.surfaces.remove(&(surface as usize)).ok_or(EglError::BAD_SURFACE)?;
        Ok(TRUE)
    })
}

fn find_surface(display: &Display, surface: Handle) -> EglResult<Arc<EglSurface>> {
    display.initialized()?.surfaces.get(&(surface as usize)).cloned().ok_or(EglError::BAD_SURFACE)
}

unsafe extern "C" fn eglQuerySurface(dpy: Handle, surface: Handle, attribute: EglInt, value: *mut EglInt) -> EglBoolean {
    guard("eglQuerySurface", FALSE, || {
        let surface = find_surface(display(dpy)?, surface)?;
        let v = surface.query(attribute as i64)?;
        if value.is_null() {
            return Err(EglError::BAD_PARAMETER);
        }
        // SAFETY: checked non-null.
        unsafe { *value = v };
        Ok(TRUE)
    })
}

unsafe extern "C" fn eglSurfaceAttrib(dpy: Handle, surface: Handle, attribute: EglInt, value: EglInt) -> EglBoolean {
    guard("eglSurfaceAttrib", FALSE, || {
        let surface = find_surface(display(dpy)?, surface)?;
        surface.set_attribute(attribute as i64, value as i64)?;
        Ok(TRUE)
    })
}

unsafe extern "C" fn eglSwapBuffers(dpy: Handle, surface: Handle) -> EglBoolean {
    guard("eglSwapBuffers", FALSE, || {
        let surface = find_surface(display(dpy)?, surface)?;
        let current = current::get().ok_or(EglError::BAD_SURFACE)?;
        if !current.draw.as_ref().is_some_and(|d| Arc::ptr_eq(d, &surface)) {
            return Err(EglError::BAD_SURFACE);
        }
        if surface.swap()? {
            // The window changed size: the context draws into the new buffers from now on.
            let draw = surface.framebuffer();
            let read = current.read.as_ref().map_or_else(|| draw.clone(), |r| r.framebuffer());
            backend::rebind_current(&draw, &read).map_err(|why| {
                tracing::warn!(target: "galvan::egl", "after resize: {why}");
                EglError::BAD_ALLOC
            })?;
        }
        Ok(TRUE)
    })
}

unsafe extern "C" fn eglSwapInterval(dpy: Handle, interval: EglInt) -> EglBoolean {
    guard("eglSwapInterval", FALSE, || {
        let display = display(dpy)?;
        display.check_initialized()?;
        let current = current::get().ok_or(EglError::BAD_CONTEXT)?;
        let draw = current.draw.ok_or(EglError::BAD_SURFACE)?;
        draw.mutable.lock().unwrap_or_else(|e| e.into_inner()).swap_interval = interval.clamp(0, 1);
        Ok(TRUE)
    })
}

/// Copies a surface's colour buffer into the X pixmap `target` (EGLNativePixmapType).
unsafe extern "C" fn eglCopyBuffers(dpy: Handle, surface: Handle, target: usize) -> EglBoolean {
    guard("eglCopyBuffers", FALSE, || {
        let display = display(dpy)?;
        let surface = find_surface(display, surface)?;
        if display.x_connection == 0 {
            return Err(EglError::BAD_NATIVE_PIXMAP);
        }
        let connection = display.x_connection as crate::winsys::x11::XDisplay;
        let (_, _, depth) = crate::winsys::x11::drawable_geometry(connection, target as u64)
            .filter(|_| crate::winsys::x11::window_attributes(connection, target as u64).is_none())
            .ok_or(EglError::BAD_NATIVE_PIXMAP)?;
        if depth != 24 && depth != 32 {
            return Err(EglError::BAD_MATCH);
        }
        let mut reader = backend::create_color_reader().map_err(|_| EglError::BAD_ALLOC)?;
        crate::winsys::x11_pixmap::copy_into(&mut reader, &surface.framebuffer(), connection, display.x_screen, target as u64, depth)
            .map_err(|why| {
                tracing::warn!(target: "galvan::egl", "eglCopyBuffers: {why}");
                EglError::BAD_NATIVE_PIXMAP
            })?;
        Ok(TRUE)
    })
}

unsafe extern "C" fn eglBindTexImage(dpy: Handle, surface: Handle, _buffer: EglInt) -> EglBoolean {
    guard("eglBindTexImage", FALSE, || {
        find_surface(display(dpy)?, surface)?;
        // No galvan surface has EGL_TEXTURE_FORMAT other than EGL_NO_TEXTURE.
        Err(EglError::BAD_MATCH)
    })
}

unsafe extern "C" fn eglReleaseTexImage(dpy: Handle, surface: Handle, _buffer: EglInt) -> EglBoolean {
    guard("eglReleaseTexImage", FALSE, || {
        find_surface(display(dpy)?, surface)?;
        Err(EglError::BAD_MATCH)
    })
}

unsafe extern "C" fn eglWaitClient() -> EglBoolean {
    guard("eglWaitClient", FALSE, || {
        if let Some(current) = current::get() {
            backend::finish_current();
            // X draws into a pixmap only after this: show it GL's rendering now.
            if let Some(draw) = current.draw {
                draw.update_native();
            }
        }
        Ok(TRUE)
    })
}

unsafe extern "C" fn eglWaitGL() -> EglBoolean {
    // SAFETY: same contract as eglWaitClient.
    unsafe { eglWaitClient() }
}

unsafe extern "C" fn eglWaitNative(_engine: EglInt) -> EglBoolean {
    guard("eglWaitNative", FALSE, || Ok(TRUE))
}

unsafe extern "C" fn eglReleaseThread() -> EglBoolean {
    guard("eglReleaseThread", FALSE, || {
        release_current(crate::winsys::thread_token::current());
        Ok(TRUE)
    })
}

unsafe extern "C" fn eglGetError() -> EglInt {
    take_error()
}

/// glvnd keeps the bound API itself; galvan accepts the two it implements.
unsafe extern "C" fn eglBindAPI(api: EglEnum) -> EglBoolean {
    guard("eglBindAPI", FALSE, || match api as i64 {
        EGL_OPENGL_API | EGL_OPENGL_ES_API => Ok(TRUE),
        _ => Err(EglError::BAD_PARAMETER),
    })
}
