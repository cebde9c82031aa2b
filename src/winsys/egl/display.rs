//! EGLDisplay: one per (platform, native display), living for the whole process as
//! EGL requires, with the contexts and surfaces created on it.

use super::config::{self, Config};
use super::consts::*;
use super::context::EglContext;
use super::error::{EglError, EglResult};
use super::surface::EglSurface;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

/// The window systems an EGLDisplay can sit on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Platform {
    /// EGL_MESA_platform_surfaceless, and the default display: pbuffers only.
    Surfaceless,
}

pub struct Display {
    pub platform: Platform,
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
    pub fn get(platform: Platform) -> &'static Display {
        let mut all = displays().lock().unwrap_or_else(|e| e.into_inner());
        if let Some(found) = all.iter().find(|d| d.platform == platform) {
            return found;
        }
        let display: &'static Display =
            Box::leak(Box::new(Display { platform, state: Mutex::default() }));
        all.push(display);
        display
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

    pub fn surface_type(&self) -> i32 {
        match self.platform {
            Platform::Surfaceless => EGL_PBUFFER_BIT as i32,
        }
    }

    pub fn configs(&self) -> Vec<Config> {
        config::table(self.surface_type())
    }

    pub fn config(&self, handle: *mut std::ffi::c_void) -> EglResult<Config> {
        let id = handle as usize;
        self.configs().into_iter().find(|c| c.id as usize == id).ok_or(EglError::BAD_CONFIG)
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
