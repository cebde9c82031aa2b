//! EGLDisplay: one per (platform, native display), living for the whole process as
//! EGL requires, with the contexts and surfaces created on it.

use super::config::{self, Config, NativeVisual};
use super::consts::*;
use super::context::EglContext;
use super::error::{EglError, EglResult};
use super::surface::EglSurface;
use crate::winsys::x11::{self, XDisplay};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

/// The window systems an EGLDisplay can sit on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Platform {
    /// EGL_MESA_platform_surfaceless, and the default display without an X server:
    /// pbuffers only.
    Surfaceless,
    /// EGL_KHR_platform_x11: the program's Xlib `Display*` (0: the one `$DISPLAY`
    /// names, which galvan opens) and a screen of it (`None`: its default screen).
    /// Windows, pixmaps and pbuffers.
    X11 { native: usize, screen: Option<i32> },
}

pub struct Display {
    pub platform: Platform,
    /// The X connection window surfaces are made on: the program's, or galvan's own
    /// for a display made from no native display. 0 off X11.
    pub x_connection: usize,
    /// The X screen its configs' visuals belong to.
    pub x_screen: i32,
    configs: Vec<Config>,
    state: Mutex<DisplayState>,
}

#[derive(Default)]
pub struct DisplayState {
    pub initialized: bool,
    pub contexts: HashMap<usize, Arc<EglContext>>,
    pub surfaces: HashMap<usize, Arc<EglSurface>>,
}

/// Handles of contexts and surfaces are ids, never reused: a stale handle fails
/// the lookup instead of reaching freed memory.
static NEXT_HANDLE: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(1);

pub fn new_handle() -> usize {
    NEXT_HANDLE.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

fn displays() -> &'static Mutex<Vec<&'static Display>> {
    static DISPLAYS: OnceLock<Mutex<Vec<&'static Display>>> = OnceLock::new();
    DISPLAYS.get_or_init(Default::default)
}

impl Display {
    /// eglGetPlatformDisplay: the same display for the same arguments, every time.
    /// EGL_BAD_PARAMETER where an X display cannot be opened or has no such screen.
    pub fn get(platform: Platform) -> EglResult<&'static Display> {
        let mut all = displays().lock().unwrap_or_else(|e| e.into_inner());
        if let Some(found) = all.iter().find(|d| d.platform == platform) {
            return Ok(found);
        }
        let (x_connection, x_screen, configs) = match platform {
            Platform::Surfaceless => (0, 0, config::table(EGL_PBUFFER_BIT as i32, None)),
            Platform::X11 { native, screen } => {
                let connection = match native {
                    0 => x11::open_default_display().ok_or(EglError::BAD_PARAMETER)?,
                    native => native as XDisplay,
                };
                let screen = screen.unwrap_or_else(|| x11::default_screen(connection));
                if screen < 0 || screen >= x11::screen_count(connection) {
                    return Err(EglError::BAD_PARAMETER);
                }
                let visual = x11::true_color_visual(connection, screen)
                    .map(|v| NativeVisual { id: v.visualid as i32, class: v.class });
                // Without a depth-24 TrueColor visual no window or pixmap can show
                // galvan's images.
                let surface_type = match visual {
                    Some(_) => (EGL_WINDOW_BIT | EGL_PIXMAP_BIT | EGL_PBUFFER_BIT) as i32,
                    None => EGL_PBUFFER_BIT as i32,
                };
                (connection as usize, screen, config::table(surface_type, visual))
            }
        };
        let display: &'static Display =
            Box::leak(Box::new(Display { platform, x_connection, x_screen, configs, state: Mutex::default() }));
        all.push(display);
        Ok(display)
    }

    /// Maps an EGLDisplay handle back to a display, refusing anything galvan did
    /// not hand out.
    pub fn from_handle(handle: *mut std::ffi::c_void) -> EglResult<&'static Display> {
        let all = displays().lock().unwrap_or_else(|e| e.into_inner());
        all.iter()
            .find(|d| std::ptr::eq(**d as *const Display as *const std::ffi::c_void, handle))
            .copied()
            .ok_or(EglError::BAD_DISPLAY)
    }

    pub fn handle(&'static self) -> *mut std::ffi::c_void {
        self as *const Display as *mut std::ffi::c_void
    }

    pub fn lock(&self) -> MutexGuard<'_, DisplayState> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The display's state, or EGL_NOT_INITIALIZED.
    pub fn initialized(&self) -> EglResult<MutexGuard<'_, DisplayState>> {
        let state = self.lock();
        if state.initialized {
            Ok(state)
        } else {
            Err(EglError::NOT_INITIALIZED)
        }
    }

    pub fn check_initialized(&self) -> EglResult<()> {
        self.initialized().map(drop)
    }

    pub fn configs(&self) -> &[Config] {
        &self.configs
    }

    pub fn config(&self, handle: *mut std::ffi::c_void) -> EglResult<Config> {
        let id = handle as usize;
        self.configs.iter().find(|c| c.id as usize == id).copied().ok_or(EglError::BAD_CONFIG)
    }


    pub fn extensions(&self) -> &'static str {
        concat!(
            "EGL_KHR_create_context EGL_KHR_create_context_no_error ",
            "EGL_EXT_create_context_robustness EGL_KHR_surfaceless_context ",
            "EGL_KHR_no_config_context EGL_MESA_configless_context ",
            "EGL_KHR_get_all_proc_addresses EGL_KHR_config_attribs"
        )
    }
}
