//! What is current on this thread, as galvan's EGL sees it.
//!
//! glvnd keeps its own record for eglGetCurrent*; this one keeps the objects
//! alive while current (a context or surface destroyed while current lives on
//! until released, as EGL requires) and enforces one thread per context.

use super::context::EglContext;
use super::surface::EglSurface;
use std::cell::RefCell;
use std::sync::Arc;

#[derive(Clone)]
pub struct Current {
    pub context: Arc<EglContext>,
    pub draw: Option<Arc<EglSurface>>,
    /// Held so that a read surface destroyed while current lives until released.
    pub read: Option<Arc<EglSurface>>,
}

thread_local! {
    static CURRENT: RefCell<Option<Current>> = const { RefCell::new(None) };
}

/// What is current here; nothing once the thread's locals are gone (process exit).
pub fn get() -> Option<Current> {
    CURRENT.try_with(|c| c.borrow().clone()).ok().flatten()
}

/// Replaces this thread's current binding, returning the previous one.
pub fn replace(new: Option<Current>) -> Option<Current> {
    CURRENT.try_with(|c| c.replace(new)).ok().flatten()
}
