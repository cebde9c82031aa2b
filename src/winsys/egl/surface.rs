//! EGLSurface: pbuffers (a default framebuffer of Vulkan images that galvan owns),
//! their attributes and queries.

use crate::winsys::backend::{self, Framebuffer};
use super::config::Config;
use super::consts::*;
use super::error::{EglError, EglResult};
use std::sync::Mutex;

pub struct EglSurface {
    pub handle: usize,
    pub config: Config,
    pub width: i32,
    pub height: i32,
    pub largest_pbuffer: bool,
    pub colorspace_srgb: bool,
    pub framebuffer: Framebuffer,
    pub mutable: Mutex<MutableAttributes>,
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
        width: width as i32,
        height: height as i32,
        largest_pbuffer,
        colorspace_srgb,
        framebuffer,
        mutable: Mutex::new(MutableAttributes {
            swap_behavior: EGL_BUFFER_DESTROYED,
            swap_interval: 1,
            mipmap_level: 0,
        }),
    })
}

impl EglSurface {
    pub fn query(&self, name: i64) -> EglResult<i32> {
        let mutable = *self.mutable.lock().unwrap_or_else(|e| e.into_inner());
        Ok(match name {
            EGL_WIDTH => self.width,
            EGL_HEIGHT => self.height,
            EGL_CONFIG_ID => self.config.id,
            EGL_LARGEST_PBUFFER => self.largest_pbuffer as i32,
            EGL_TEXTURE_FORMAT | EGL_TEXTURE_TARGET => EGL_NO_TEXTURE as i32,
            EGL_MIPMAP_TEXTURE => 0,
            EGL_MIPMAP_LEVEL => mutable.mipmap_level,
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
