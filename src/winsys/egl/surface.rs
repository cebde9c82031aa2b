//! EGLSurface: pbuffers (a default framebuffer of Vulkan images that galvan owns),
//! X11 windows (the same images, shown through the window's swapchain) and X11
//! pixmaps (the same images, copied into the pixmap), their attributes and queries.

use crate::winsys::backend::{self, Framebuffer};
use crate::winsys::x11::{self, XDisplay};
use crate::winsys::x11_pixmap::XPixmapFramebuffer;
use crate::winsys::x11_window::XWindowFramebuffer;
use super::config::Config;
use super::consts::*;
use super::error::{EglError, EglResult};
use std::sync::{Mutex, MutexGuard};

pub struct EglSurface {
    pub handle: usize,
    pub config: Config,
    pub largest_pbuffer: bool,
    pub colorspace_srgb: bool,
    /// The X window or pixmap the surface shows in: (connection, XID).
    pub native: Option<(usize, u64)>,
    buffers: Mutex<Buffers>,
    pub mutable: Mutex<MutableAttributes>,
}

/// What a surface renders into; a window's buffers follow the window's size.
enum Buffers {
    Pbuffer { framebuffer: Framebuffer, width: i32, height: i32 },
    Window(XWindowFramebuffer),
    Pixmap(XPixmapFramebuffer),
}

/// What eglSurfaceAttrib and eglSwapInterval may change after creation.
#[derive(Clone, Copy, Debug)]
pub struct MutableAttributes {
    pub swap_behavior: i64,
    pub swap_interval: i32,
    pub mipmap_level: i32,
}

/// The largest pbuffer side galvan creates (Vulkan's guaranteed 2D image size is larger).
pub const MAX_PBUFFER_SIDE: i64 = 16384;

pub fn create_pbuffer(handle: usize, config: Config, attribs: &[(i64, i64)]) -> EglResult<EglSurface> {
    let (mut width, mut height) = (0i64, 0i64);
    let mut largest_pbuffer = false;
    let mut colorspace_srgb = false;
    for &(name, value) in attribs {
        match name {
            EGL_WIDTH => width = value,
            EGL_HEIGHT => height = value,
            EGL_LARGEST_PBUFFER => largest_pbuffer = value != 0,
            EGL_TEXTURE_FORMAT | EGL_TEXTURE_TARGET => {
                // galvan's configs do not bind to textures (EGL_BIND_TO_TEXTURE_* is false).
                if value != EGL_NO_TEXTURE {
                    return Err(EglError::BAD_MATCH);
                }
            }
            EGL_MIPMAP_TEXTURE => {}
            EGL_GL_COLORSPACE => {
                colorspace_srgb = match value {
                    EGL_GL_COLORSPACE_LINEAR => false,
                    EGL_GL_COLORSPACE_SRGB => true,
                    _ => return Err(EglError::BAD_ATTRIBUTE),
                }
            }
            EGL_VG_ALPHA_FORMAT | EGL_VG_COLORSPACE => {}
            _ => return Err(EglError::BAD_ATTRIBUTE),
        }
    }
    if width < 0 || height < 0 {
        return Err(EglError::BAD_PARAMETER);
    }
    if width > MAX_PBUFFER_SIDE || height > MAX_PBUFFER_SIDE {
        if !largest_pbuffer {
            return Err(EglError::BAD_ALLOC);
        }
        width = width.min(MAX_PBUFFER_SIDE);
        height = height.min(MAX_PBUFFER_SIDE);
    }
    let framebuffer = backend::create_framebuffer(
        width as u32,
        height as u32,
        colorspace_srgb,
        config.depth as u32,
        config.stencil as u32,
    )
    .map_err(|why| {
        tracing::error!(target: "galvan::egl", "pbuffer images: {why}");
        EglError::BAD_ALLOC
    })?;
    Ok(EglSurface {
        handle,
        config,
        largest_pbuffer,
        colorspace_srgb,
        native: None,
        buffers: Mutex::new(Buffers::Pbuffer { framebuffer, width: width as i32, height: height as i32 }),
        mutable: Mutex::new(initial_attributes()),
    })
}

fn initial_attributes() -> MutableAttributes {
    MutableAttributes { swap_behavior: EGL_BUFFER_DESTROYED, swap_interval: 1, mipmap_level: 0 }
}

/// eglCreateWindowSurface's and eglCreatePixmapSurface's attributes.
fn parse_native_attributes(attribs: &[(i64, i64)]) -> EglResult<bool> {
    let mut colorspace_srgb = false;
    for &(name, value) in attribs {
        match name {
            // Rendering goes to galvan's back buffer either way; a request for the front
            // buffer is ignored, as EGL allows, and queries say EGL_BACK_BUFFER.
            EGL_RENDER_BUFFER => {
                if value != EGL_BACK_BUFFER && value != EGL_SINGLE_BUFFER {
                    return Err(EglError::BAD_ATTRIBUTE);
                }
            }
            EGL_GL_COLORSPACE => {
                colorspace_srgb = match value {
                    EGL_GL_COLORSPACE_LINEAR => false,
                    EGL_GL_COLORSPACE_SRGB => true,
                    _ => return Err(EglError::BAD_ATTRIBUTE),
                }
            }
            EGL_VG_ALPHA_FORMAT | EGL_VG_COLORSPACE => {}
            _ => return Err(EglError::BAD_ATTRIBUTE),
        }
    }
    Ok(colorspace_srgb)
}

/// A window surface on the X window `window` of `connection`'s `screen`.
/// EGL_BAD_NATIVE_WINDOW where `window` is no window; EGL_BAD_MATCH where its visual
/// cannot show the config's colour buffer.
pub fn create_window(
    handle: usize,
    config: Config,
    connection: usize,
    screen: i32,
    window: u64,
    attribs: &[(i64, i64)],
) -> EglResult<EglSurface> {
    let colorspace_srgb = parse_native_attributes(attribs)?;
    let display = connection as XDisplay;
    let attributes = x11::window_attributes(display, window).ok_or(EglError::BAD_NATIVE_WINDOW)?;
    // galvan's swapchains take 8-bit RGB(A) images; other depths have no such format.
    if attributes.depth != 24 && attributes.depth != 32 {
        return Err(EglError::BAD_MATCH);
    }
    let (width, height) = (attributes.width.max(1) as u32, attributes.height.max(1) as u32);
    let buffers = XWindowFramebuffer::new(
        display,
        screen,
        window,
        width,
        height,
        colorspace_srgb,
        config.depth as u32,
        config.stencil as u32,
    )
    .map_err(|why| {
        tracing::error!(target: "galvan::egl", "window surface: {why}");
        EglError::BAD_ALLOC
    })?;
    Ok(native_surface(handle, config, colorspace_srgb, (connection, window), Buffers::Window(buffers)))
}

/// A window or pixmap surface on the X drawable `native` (connection, drawable).
fn native_surface(handle: usize, config: Config, colorspace_srgb: bool, native: (usize, u64), buffers: Buffers) -> EglSurface {
    EglSurface {
        handle,
        config,
        largest_pbuffer: false,
        colorspace_srgb,
        native: Some(native),
        buffers: Mutex::new(buffers),
        mutable: Mutex::new(initial_attributes()),
    }
}

/// A pixmap surface on the X pixmap `pixmap`: EGL_BAD_NATIVE_PIXMAP where it is no
/// pixmap, EGL_BAD_MATCH where its depth cannot hold the config's colour buffer.
pub fn create_pixmap(
    handle: usize,
    config: Config,
    connection: usize,
    screen: i32,
    pixmap: u64,
    attribs: &[(i64, i64)],
) -> EglResult<EglSurface> {
    let colorspace_srgb = parse_native_attributes(attribs)?;
    let display = connection as XDisplay;
    let geometry = x11::drawable_geometry(display, pixmap).ok_or(EglError::BAD_NATIVE_PIXMAP)?;
    if x11::window_attributes(display, pixmap).is_some() {
        return Err(EglError::BAD_NATIVE_PIXMAP);
    }
    if geometry.2 != 24 && geometry.2 != 32 {
        return Err(EglError::BAD_MATCH);
    }
    let buffers = XPixmapFramebuffer::new(
        display,
        screen,
        pixmap,
        geometry,
        colorspace_srgb,
        config.depth as u32,
        config.stencil as u32,
    )
    .map_err(|why| {
        tracing::error!(target: "galvan::egl", "pixmap surface: {why}");
        EglError::BAD_ALLOC
    })?;
    Ok(native_surface(handle, config, colorspace_srgb, (connection, pixmap), Buffers::Pixmap(buffers)))
}

impl EglSurface {
    fn buffers(&self) -> MutexGuard<'_, Buffers> {
        self.buffers.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The default framebuffer a context current on this surface renders into.
    pub fn framebuffer(&self) -> Framebuffer {
        match &*self.buffers() {
            Buffers::Pbuffer { framebuffer, .. } => framebuffer.clone(),
            Buffers::Window(window) => window.framebuffer.clone(),
            Buffers::Pixmap(pixmap) => pixmap.framebuffer.clone(),
        }
    }

    /// Makes what was rendered visible to X where X cannot see galvan's images (a
    /// pixmap): at eglWaitClient, eglSwapBuffers and when the surface stops being current.
    pub fn update_native(&self) {
        if let Buffers::Pixmap(pixmap) = &mut *self.buffers() {
            if let Err(why) = pixmap.update() {
                tracing::warn!(target: "galvan::egl", "pixmap update: {why}");
            }
        }
    }

    fn is_pixmap(&self) -> bool {
        matches!(&*self.buffers(), Buffers::Pixmap(_))
    }

    /// The size as EGL reports it: a window's as the X server knows it now (so a
    /// resize shows before the next swap), a pbuffer's as created.
    fn size(&self) -> (i32, i32) {
        let (width, height) = match &*self.buffers() {
            Buffers::Pbuffer { width, height, .. } => return (*width, *height),
            Buffers::Pixmap(pixmap) => return (pixmap.width as i32, pixmap.height as i32),
            Buffers::Window(window) => (window.width as i32, window.height as i32),
        };
        self.native
            .and_then(|(connection, xid)| x11::window_attributes(connection as XDisplay, xid))
            .map_or((width, height), |a| (a.width, a.height))
    }

    /// eglSwapBuffers: a window shows its back buffer, then follows the window's size;
    /// a pbuffer only submits its work. Returns whether the framebuffer was replaced
    /// (so the caller binds the new one to the current context).
    pub fn swap(&self) -> EglResult<bool> {
        let mut buffers = self.buffers();
        let window = match &mut *buffers {
            Buffers::Window(window) => window,
            Buffers::Pixmap(pixmap) => {
                if let Err(why) = pixmap.update() {
                    tracing::warn!(target: "galvan::egl", "pixmap update: {why}");
                }
                return Ok(false);
            }
            Buffers::Pbuffer { .. } => {
                backend::flush_current();
                return Ok(false);
            }
        };
        let Some((connection, xid)) = self.native else { return Ok(false) };
        let presented = window.present();
        let Some(attributes) = x11::window_attributes(connection as XDisplay, xid) else {
            return Err(EglError::BAD_NATIVE_WINDOW);
        };
        if let Err(why) = presented {
            // A window that changed size under the swapchain: the next swap shows.
            tracing::debug!(target: "galvan::egl", "eglSwapBuffers: {why}");
        }
        window.resize_to(attributes.width as u32, attributes.height as u32).map_err(|why| {
            tracing::error!(target: "galvan::egl", "window resize: {why}");
            EglError::BAD_ALLOC
        })
    }

    pub fn query(&self, name: i64) -> EglResult<i32> {
        let mutable = *self.mutable.lock().unwrap_or_else(|e| e.into_inner());
        Ok(match name {
            EGL_WIDTH => self.size().0,
            EGL_HEIGHT => self.size().1,
            EGL_CONFIG_ID => self.config.id,
            EGL_LARGEST_PBUFFER => self.largest_pbuffer as i32,
            EGL_TEXTURE_FORMAT | EGL_TEXTURE_TARGET => EGL_NO_TEXTURE as i32,
            EGL_MIPMAP_TEXTURE => 0,
            EGL_MIPMAP_LEVEL => mutable.mipmap_level,
            EGL_RENDER_BUFFER if self.is_pixmap() => EGL_SINGLE_BUFFER as i32,
            EGL_RENDER_BUFFER => EGL_BACK_BUFFER as i32,
            EGL_SWAP_BEHAVIOR => mutable.swap_behavior as i32,
            EGL_MULTISAMPLE_RESOLVE => EGL_MULTISAMPLE_RESOLVE_DEFAULT as i32,
            EGL_HORIZONTAL_RESOLUTION | EGL_VERTICAL_RESOLUTION | EGL_PIXEL_ASPECT_RATIO => {
                EGL_UNKNOWN as i32
            }
            EGL_GL_COLORSPACE => {
                if self.colorspace_srgb {
                    EGL_GL_COLORSPACE_SRGB as i32
                } else {
                    EGL_GL_COLORSPACE_LINEAR as i32
                }
            }
            EGL_VG_ALPHA_FORMAT => EGL_VG_ALPHA_FORMAT_NONPRE as i32,
            EGL_VG_COLORSPACE => EGL_VG_COLORSPACE_sRGB as i32,
            _ => return Err(EglError::BAD_ATTRIBUTE),
        })
    }

    pub fn set_attribute(&self, name: i64, value: i64) -> EglResult<()> {
        let mut mutable = self.mutable.lock().unwrap_or_else(|e| e.into_inner());
        match name {
            EGL_SWAP_BEHAVIOR => match value {
                EGL_BUFFER_DESTROYED => mutable.swap_behavior = value,
                // Preserving needs EGL_SWAP_BEHAVIOR_PRESERVED_BIT in the config.
                EGL_BUFFER_PRESERVED => return Err(EglError::BAD_MATCH),
                _ => return Err(EglError::BAD_PARAMETER),
            },
            EGL_MIPMAP_LEVEL => mutable.mipmap_level = value as i32,
            EGL_MULTISAMPLE_RESOLVE => {
                if value != EGL_MULTISAMPLE_RESOLVE_DEFAULT {
                    return Err(EglError::BAD_MATCH);
                }
            }
            _ => return Err(EglError::BAD_ATTRIBUTE),
        }
        Ok(())
    }
}
