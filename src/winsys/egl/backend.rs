//! Where EGL meets the rest of galvan: the Vulkan device, GL contexts and the
//! images behind surfaces.

use super::config::Config;
use super::error::{EglError, EglResult};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClientApi {
    Gl,
    Gles,
}

/// A context as eglCreateContext's attributes describe it.
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

pub type GlContext = std::sync::Arc<()>;
pub type Framebuffer = ();

pub fn device() -> Result<(), String> {
    Err("not wired yet".into())
}

pub fn max_version(api: ClientApi, _core: bool) -> (i32, i32) {
    match api {
        ClientApi::Gl => (4, 6),
        ClientApi::Gles => (3, 2),
    }
}

pub fn create_context(_request: &ContextRequest, _share: Option<&GlContext>) -> EglResult<GlContext> {
    Err(EglError::BAD_ALLOC)
}

pub fn create_framebuffer(_config: &Config, _width: u32, _height: u32, _srgb: bool) -> EglResult<Framebuffer> {
    Err(EglError::BAD_ALLOC)
}

pub fn make_current(_ctx: Option<&GlContext>, _draw: Option<&Framebuffer>, _read: Option<&Framebuffer>) {}
pub fn flush(_ctx: &GlContext) {}
pub fn finish(_ctx: &GlContext) {}
