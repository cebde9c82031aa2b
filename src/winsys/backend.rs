//! Where the window systems (EGL, the Rust API) meet the rest of galvan: the Vulkan
//! device, GL contexts, and the images behind default framebuffers.

use super::device::device;
use gl_frontend::{Api, ContextConfig, ContextError, Profile};
use std::sync::Arc;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClientApi {
    Gl,
    Gles,
}

/// A context as eglCreateContext's attributes (or the Rust API) describe it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ContextRequest {
    pub api: ClientApi,
    pub major: i32,
    pub minor: i32,
    pub core_profile: bool,
    pub debug: bool,
    pub forward_compatible: bool,
    pub robust_access: bool,
    pub lose_context_on_reset: bool,
    pub no_error: bool,
}

/// Why a context request breaks GL's rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RequestError {
    /// No such version, an impossible profile, or more than galvan offers.
    BadMatch,
    /// A flag or value that means nothing for this API.
    BadAttribute,
}

const GL_VERSIONS: &[(i32, i32)] = &[
    (1, 0), (1, 1), (1, 2), (1, 3), (1, 4), (1, 5), (2, 0), (2, 1),
    (3, 0), (3, 1), (3, 2), (3, 3), (4, 0), (4, 1), (4, 2), (4, 3), (4, 4), (4, 5), (4, 6),
];
const GLES_VERSIONS: &[(i32, i32)] = &[(1, 0), (1, 1), (2, 0), (3, 0), (3, 1), (3, 2)];

/// The profile mask bits EGL_KHR_create_context and GLX_ARB_create_context_profile share.
pub const PROFILE_CORE_BIT: i64 = 1;
pub const PROFILE_COMPATIBILITY_BIT: i64 = 2;

impl ContextRequest {
    /// A request for version `major.minor` of `api` with every flag off: the defaults
    /// the attribute lists of eglCreateContext and glXCreateContextAttribsARB start from.
    pub fn plain(api: ClientApi, major: i32, minor: i32, core_profile: bool) -> Self {
        ContextRequest {
            api,
            major,
            minor,
            core_profile,
            debug: false,
            forward_compatible: false,
            robust_access: false,
            lose_context_on_reset: false,
            no_error: false,
        }
    }

    /// Applies GL's rules to a parsed request: the version must exist, the profile
    /// mask names one profile from 3.2 on (before, every context is compatibility),
    /// forward-compatible needs 3.0, and galvan must offer the version.
    pub fn resolve(&mut self, profile_mask: i64) -> Result<(), RequestError> {
        let valid = match self.api {
            ClientApi::Gl => GL_VERSIONS,
            ClientApi::Gles => GLES_VERSIONS,
        };
        if !valid.contains(&(self.major, self.minor)) {
            return Err(RequestError::BadMatch);
        }
        match self.api {
            ClientApi::Gl => {
                if (self.major, self.minor) >= (3, 2) {
                    let known = PROFILE_CORE_BIT | PROFILE_COMPATIBILITY_BIT;
                    if profile_mask & known == 0 || profile_mask & !known != 0 {
                        return Err(RequestError::BadMatch);
                    }
                    self.core_profile = profile_mask & PROFILE_CORE_BIT != 0;
                } else {
                    self.core_profile = false;
                }
                if self.forward_compatible && self.major < 3 {
                    return Err(RequestError::BadMatch);
                }
            }
            ClientApi::Gles => {
                self.core_profile = false;
                if self.forward_compatible {
                    return Err(RequestError::BadAttribute);
                }
            }
        }
        if (self.major, self.minor) > max_version(self.api, self.core_profile) {
            return Err(RequestError::BadMatch);
        }
        Ok(())
    }
}

pub type GlContext = Arc<gl_frontend::Context>;
pub type Framebuffer = gl_frontend::DefaultFramebuffer;

/// Why a context could not be made, in the window system's terms.
#[derive(Debug)]
pub enum CreateError {
    /// No such version or profile here (EGL_BAD_MATCH).
    Unsupported(String),
    /// No Vulkan device or no memory (EGL_BAD_ALLOC).
    Resources(String),
}

impl From<CreateError> for String {
    fn from(e: CreateError) -> String {
        match e {
            CreateError::Unsupported(m) | CreateError::Resources(m) => m,
        }
    }
}

impl From<CreateError> for crate::Error {
    fn from(e: CreateError) -> Self {
        crate::Error(e.into())
    }
}

fn gl_api(api: ClientApi) -> Api {
    match api {
        ClientApi::Gl => Api::Gl,
        ClientApi::Gles => Api::Gles,
    }
}

/// The highest version offered for an API, overrides included. A core profile starts
/// at 3.2; below that only compatibility contexts exist.
pub fn max_version(api: ClientApi, _core_profile: bool) -> (i32, i32) {
    let (major, minor) = gl_frontend::max_version(gl_api(api));
    (major as i32, minor as i32)
}

pub fn create_context(request: &ContextRequest, share: Option<&GlContext>) -> Result<GlContext, CreateError> {
    let device = device().map_err(CreateError::Resources)?;
    let config = ContextConfig {
        api: gl_api(request.api),
        major: request.major as u32,
        minor: request.minor as u32,
        profile: if request.core_profile { Profile::Core } else { Profile::Compatibility },
        debug: request.debug,
        forward_compatible: request.forward_compatible,
        robust: request.robust_access,
        lose_context_on_reset: request.lose_context_on_reset,
        offer_requested_version: false,
        emulate: None,
    };
    gl_frontend::Context::new(device, &config, share.map(|s| s.as_ref())).map_err(|e| match e {
        ContextError::Version(v) => CreateError::Unsupported(v.to_string()),
        other => CreateError::Unsupported(other.to_string()),
    })
}

/// A headless default framebuffer: RGBA8 (sRGB-encoded when asked) colour and the
/// requested depth/stencil, in Vulkan images galvan owns.
pub fn create_framebuffer(width: u32, height: u32, srgb: bool, depth_bits: u32, stencil_bits: u32) -> Result<Framebuffer, String> {
    use vk_backend::{Format, Image, ImageDesc};
    let device = device()?;
    let (width, height) = (width.max(1), height.max(1));
    let color_format = if srgb { Format::Rgba8Srgb } else { Format::Rgba8Unorm };
    let color = Image::new(&device, &ImageDesc::new_2d(color_format, width, height)).map_err(|e| e.to_string())?;
    // Depth-only and depth/stencil configs share one packed image; the config's bits
    // are what GL reports.
    let depth_stencil = if depth_bits > 0 || stencil_bits > 0 {
        let desc = ImageDesc::new_2d(Format::D24UnormS8Uint, width, height);
        Some(Image::new(&device, &desc).map_err(|e| e.to_string())?)
    } else {
        None
    };
    Framebuffer::new(color, depth_stencil).map_err(|e| e.to_string())
}

pub fn make_current(ctx: Option<&GlContext>, draw: Option<&Framebuffer>, read: Option<&Framebuffer>) -> Result<(), String> {
    match ctx {
        Some(ctx) => gl_frontend::make_current(ctx, draw.cloned(), read.cloned()).map_err(|e| e.to_string()),
        None => {
            gl_frontend::release_current();
            Ok(())
        }
    }
}

/// Submits the work of the context current on this thread.
pub fn flush_current() {
    gl_frontend::flush();
}

/// Waits for the work of the context current on this thread.
pub fn finish_current() {
    gl_frontend::finish();
}

pub fn device_summary() -> Result<String, String> {
    let device = device()?;
    let info = device.info();
    let (major, minor, patch) = info.api_version;
    Ok(format!("{} ({}, Vulkan {major}.{minor}.{patch})", info.name, info.driver_info))
}

/// A window's swapchain, fed from a default framebuffer's colour image by a command
/// stream of its own: the blit waits on the context's rendering through the image's
/// tracked state, whichever context drew it.
pub struct WindowTarget {
    swapchain: vk_backend::Swapchain,
    stream: vk_backend::CommandStream,
}

pub fn create_window_target(
    display: raw_window_handle::RawDisplayHandle,
    window: raw_window_handle::RawWindowHandle,
    width: u32,
    height: u32,
) -> Result<WindowTarget, String> {
    let device = device()?;
    // SAFETY: the window system keeps the window and its display open while the surface
    // that owns this target lives (the Rust API's and GLX's contracts).
    let swapchain = unsafe { vk_backend::Swapchain::new(&device, display, window, width, height, false) }
        .map_err(|e| e.to_string())?;
    Ok(WindowTarget { swapchain, stream: device.create_command_stream() })
}

/// Makes the context current on this thread current again with new framebuffers
/// (after a window's framebuffer was replaced to follow its size).
pub fn rebind_current(draw: &Framebuffer, read: &Framebuffer) -> Result<(), String> {
    match gl_frontend::current_context() {
        Some(ctx) => make_current(Some(&ctx), Some(draw), Some(read)),
        None => Ok(()),
    }
}

/// Submits the current context's work and shows the colour image in the window.
pub fn present(target: &mut WindowTarget, framebuffer: &Framebuffer) -> Result<(), String> {
    gl_frontend::flush();
    target.stream.present(&mut target.swapchain, framebuffer.color_image()).map_err(|e| e.to_string())
}

pub fn resize(target: &mut WindowTarget, width: u32, height: u32) -> Result<(), String> {
    target.swapchain.resize(width, height).map_err(|e| e.to_string())
}

/// A command stream of its own that reads a default framebuffer's colour back to the
/// CPU (for X pixmaps, which no swapchain reaches); like [`WindowTarget`]'s blit, the
/// read waits on the rendering through the image's tracked state.
pub struct ColorReader {
    stream: vk_backend::CommandStream,
}

pub fn create_color_reader() -> Result<ColorReader, String> {
    Ok(ColorReader { stream: device()?.create_command_stream() })
}

impl ColorReader {
    /// Submits the current context's work and reads the colour buffer: RGBA8, GL row
    /// order, with its width and height.
    pub fn read_rgba8(&mut self, framebuffer: &Framebuffer) -> Result<(Vec<u8>, u32, u32), String> {
        gl_frontend::flush();
        let image = framebuffer.color_image();
        let (width, height) = (image.desc().width, image.desc().height);
        let region = vk_backend::ImageRegion::rect(0, 0, width, height);
        let pixels = self.stream.read_image(image, &region).map_err(|e| e.to_string())?;
        Ok((pixels, width, height))
    }
}
