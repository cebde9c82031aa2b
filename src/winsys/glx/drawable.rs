//! GLX drawables: X windows (through a Vulkan swapchain) and pbuffers (images galvan
//! owns), each with the default framebuffer a context renders to.

use super::fbconfig::FbConfig;
use crate::winsys::x11::{self, XDisplay};
use crate::winsys::backend::{self, Framebuffer};
use crate::winsys::x11_window::XWindowFramebuffer;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// An X window, used directly or through glXCreateWindow.
    Window,
    /// A glXCreatePbuffer surface; its XID names a 1x1 pixmap galvan holds for it.
    Pbuffer,
}

pub struct GlxDrawable {
    pub xid: u64,
    pub kind: Kind,
    pub config: &'static FbConfig,
    pub display: usize,
    pub state: Mutex<DrawableState>,
}

pub struct DrawableState {
    pub framebuffer: Framebuffer,
    pub window: Option<XWindowFramebuffer>,
    pub width: u32,
    pub height: u32,
    pub swap_interval: i32,
    pub event_mask: u64,
    pub largest_pbuffer: bool,
    pub preserved_contents: bool,
}

type Key = (usize, u64);

fn drawables() -> &'static Mutex<HashMap<Key, Arc<GlxDrawable>>> {
    static DRAWABLES: OnceLock<Mutex<HashMap<Key, Arc<GlxDrawable>>>> = OnceLock::new();
    DRAWABLES.get_or_init(Default::default)
}

pub fn find(display: XDisplay, xid: u64) -> Option<Arc<GlxDrawable>> {
    drawables().lock().unwrap_or_else(|e| e.into_inner()).get(&(display as usize, xid)).cloned()
}

pub fn remove(display: XDisplay, xid: u64) -> Option<Arc<GlxDrawable>> {
    drawables().lock().unwrap_or_else(|e| e.into_inner()).remove(&(display as usize, xid))
}

fn insert(drawable: GlxDrawable) -> Arc<GlxDrawable> {
    let drawable = Arc::new(drawable);
    drawables()
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .insert((drawable.display, drawable.xid), drawable.clone());
    drawable
}

fn framebuffer_for(config: &FbConfig, width: u32, height: u32) -> Result<Framebuffer, String> {
    backend::create_framebuffer(width, height, false, config.depth as u32, config.stencil as u32)
}

/// The drawable for an X window: registered on first use, with a swapchain sized to
/// the window as it is now.
pub fn window(display: XDisplay, window: u64, config: &'static FbConfig) -> Result<Arc<GlxDrawable>, String> {
    if let Some(found) = find(display, window) {
        return Ok(found);
    }
    let (width, height) = x11::drawable_size(display, window).ok_or("not a window")?;
    let target = XWindowFramebuffer::new(
        display,
        config.screen,
        window,
        width,
        height,
        false,
        config.depth as u32,
        config.stencil as u32,
    )?;
    let framebuffer = target.framebuffer.clone();
    Ok(insert(GlxDrawable {
        xid: window,
        kind: Kind::Window,
        config,
        display: display as usize,
        state: Mutex::new(DrawableState {
            framebuffer,
            window: Some(target),
            width,
            height,
            swap_interval: 1,
            event_mask: 0,
            largest_pbuffer: false,
            preserved_contents: false,
        }),
    }))
}

/// A pbuffer of `width` x `height`, named by `xid`.
pub fn pbuffer(
    display: XDisplay,
    xid: u64,
    config: &'static FbConfig,
    width: u32,
    height: u32,
    largest_pbuffer: bool,
    preserved_contents: bool,
) -> Result<Arc<GlxDrawable>, String> {
    let framebuffer = framebuffer_for(config, width.max(1), height.max(1))?;
    Ok(insert(GlxDrawable {
        xid,
        kind: Kind::Pbuffer,
        config,
        display: display as usize,
        state: Mutex::new(DrawableState {
            framebuffer,
            window: None,
            width,
            height,
            swap_interval: 0,
            event_mask: 0,
            largest_pbuffer,
            preserved_contents,
        }),
    }))
}

impl GlxDrawable {
    pub fn lock(&self) -> std::sync::MutexGuard<'_, DrawableState> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn framebuffer(&self) -> Framebuffer {
        self.lock().framebuffer.clone()
    }

    /// glXSwapBuffers: shows the back buffer, then follows the window's size.
    /// Returns whether the framebuffer was replaced (so the caller rebinds it).
    pub fn swap(&self, display: XDisplay) -> Result<bool, String> {
        let mut state = self.lock();
        let state = &mut *state;
        let Some(target) = state.window.as_mut() else {
            backend::flush_current();
            return Ok(false);
        };
        target.present()?;
        let Some((width, height)) = x11::drawable_size(display, self.xid) else { return Ok(false) };
        if !target.resize_to(width, height)? {
            return Ok(false);
        }
        state.framebuffer = target.framebuffer.clone();
        state.width = width;
        state.height = height;
        Ok(true)
    }
}
