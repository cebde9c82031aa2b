//! galvan for Rust programs: contexts and surfaces without EGL, and a proc-address
//! loader, so `glow` (or any loader-based GL binding) drives galvan as it drives
//! any other GL.
//!
//! ```no_run
//! let context = galvan::Context::new(&galvan::ContextOptions::default(), None)?;
//! let surface = galvan::Surface::headless(640, 480, true)?;
//! context.make_current(Some(&surface))?;
//! let gl = unsafe { glow::Context::from_loader_function(|n| galvan::get_proc_address(n)) };
//! # Ok::<(), galvan::Error>(())
//! ```

use crate::winsys::backend::{self, ClientApi, ContextRequest, Framebuffer, GlContext, WindowTarget};
use std::ffi::{c_void, CString};
use std::sync::Mutex;

/// Why a context or surface could not be made or used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error(pub String);

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

impl From<String> for Error {
    fn from(message: String) -> Self {
        Error(message)
    }
}

/// Desktop OpenGL or OpenGL ES.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Api {
    Gl,
    Gles,
}

/// What kind of context to make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ContextOptions {
    pub api: Api,
    /// `None`: the highest version galvan offers for this API and profile.
    pub version: Option<(u32, u32)>,
    /// Core profile (desktop GL 3.2 and later); otherwise compatibility.
    pub core_profile: bool,
    pub debug: bool,
    pub robust: bool,
}

impl Default for ContextOptions {
    /// The highest desktop GL galvan offers: a core profile where it reaches 3.2,
    /// else a compatibility one.
    fn default() -> Self {
        let (major, minor) = backend::max_version(ClientApi::Gl, true);
        if (major, minor) >= (3, 2) {
            Self::core()
        } else {
            Self::compatibility()
        }
    }
}

impl ContextOptions {
    pub fn core() -> Self {
        ContextOptions { api: Api::Gl, version: None, core_profile: true, debug: false, robust: false }
    }

    pub fn compatibility() -> Self {
        ContextOptions { core_profile: false, ..Self::core() }
    }

    pub fn gles() -> Self {
        ContextOptions { api: Api::Gles, core_profile: false, ..Self::core() }
    }

    fn request(&self) -> ContextRequest {
        let api = match self.api {
            Api::Gl => ClientApi::Gl,
            Api::Gles => ClientApi::Gles,
        };
        let (major, minor) = match self.version {
            Some((major, minor)) => (major as i32, minor as i32),
            None => backend::max_version(api, self.core_profile),
        };
        let core_profile = self.core_profile && api == ClientApi::Gl && (major, minor) >= (3, 2);
        ContextRequest { debug: self.debug, robust_access: self.robust, ..ContextRequest::plain(api, major, minor, core_profile) }
    }
}

/// A GL or GLES context.
pub struct Context {
    gl: GlContext,
}

impl Context {
    /// Makes a context; `share` gives it another context's buffers, textures and programs.
    pub fn new(options: &ContextOptions, share: Option<&Context>) -> Result<Context, Error> {
        let request = options.request();
        if options.api == Api::Gl && options.core_profile && !request.core_profile {
            let (major, minor) = (request.major, request.minor);
            return Err(Error(format!("core profiles start at GL 3.2; galvan offers {major}.{minor}")));
        }
        let gl = backend::create_context(&request, share.map(|s| &s.gl))?;
        Ok(Context { gl })
    }

    /// Makes the context current on this thread, drawing to `surface` (or to no
    /// default framebuffer at all). Fails if it is current on another thread.
    pub fn make_current(&self, surface: Option<&Surface>) -> Result<(), Error> {
        let framebuffer = surface.map(|s| s.framebuffer());
        backend::make_current(Some(&self.gl), framebuffer.as_ref(), framebuffer.as_ref())?;
        Ok(())
    }

    /// Releases whatever context is current on this thread, after submitting its work.
    pub fn release_current() {
        let _ = backend::make_current(None, None, None);
    }
}

/// A default framebuffer: headless images, or a window's swapchain.
pub struct Surface {
    /// Replaced when a window's size changes.
    framebuffer: Mutex<Framebuffer>,
    window: Option<Mutex<WindowTarget>>,
    depth_stencil: bool,
}

impl Surface {
    /// An RGBA8 surface, with depth24/stencil8 when `depth_stencil`.
    pub fn headless(width: u32, height: u32, depth_stencil: bool) -> Result<Surface, Error> {
        let (depth, stencil) = if depth_stencil { (24, 8) } else { (0, 0) };
        let framebuffer = backend::create_framebuffer(width, height, false, depth, stencil)?;
        Ok(Surface { framebuffer: Mutex::new(framebuffer), window: None, depth_stencil })
    }

    /// A surface presenting to a window through a Vulkan swapchain.
    pub fn window(
        display: raw_window_handle::RawDisplayHandle,
        window: raw_window_handle::RawWindowHandle,
        width: u32,
        height: u32,
    ) -> Result<Surface, Error> {
        let target = backend::create_window_target(display, window, width, height)?;
        let framebuffer = backend::create_framebuffer(width, height, false, 24, 8)?;
        Ok(Surface {
            framebuffer: Mutex::new(framebuffer),
            window: Some(Mutex::new(target)),
            depth_stencil: true,
        })
    }

    /// Presents what the current context drew (a flush for a headless surface).
    pub fn swap_buffers(&self) -> Result<(), Error> {
        match &self.window {
            Some(target) => {
                let mut target = target.lock().unwrap_or_else(|e| e.into_inner());
                backend::present(&mut target, &self.framebuffer())?;
            }
            None => backend::flush_current(),
        }
        Ok(())
    }

    /// Follows a window's new size.
    pub fn resize(&self, width: u32, height: u32) -> Result<(), Error> {
        if let Some(target) = &self.window {
            let mut target = target.lock().unwrap_or_else(|e| e.into_inner());
            backend::resize(&mut target, width, height)?;
            let (depth, stencil) = if self.depth_stencil { (24, 8) } else { (0, 0) };
            let framebuffer = backend::create_framebuffer(width, height, false, depth, stencil)?;
            backend::rebind_current(&framebuffer, &framebuffer)?;
            *self.framebuffer.lock().unwrap_or_else(|e| e.into_inner()) = framebuffer;
        }
        Ok(())
    }

    fn framebuffer(&self) -> Framebuffer {
        self.framebuffer.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }
}

/// Any GL function by name, for the context current on the calling thread.
pub fn get_proc_address(name: &str) -> *const c_void {
    CString::new(name)
        .ok()
        .and_then(|name| gl_frontend::get_proc_address(&name))
        .unwrap_or(std::ptr::null())
}

/// One line naming the Vulkan device galvan uses here.
pub fn device_summary() -> Result<String, Error> {
    Ok(backend::device_summary()?)
}
