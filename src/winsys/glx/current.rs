//! What is current on this thread, as galvan's GLX sees it: keeps the context and
//! drawables alive while current and enforces one thread per context.

use super::context::GlxContext;
use super::drawable::GlxDrawable;
use std::cell::RefCell;
use std::sync::Arc;

#[derive(Clone)]
pub struct Current {
    pub display: usize,
    pub context: Arc<GlxContext>,
    pub draw: Option<Arc<GlxDrawable>>,
    /// Held, not read: a read drawable destroyed while current lives until released.
    #[allow(dead_code)]
    pub read: Option<Arc<GlxDrawable>>,
}

thread_local! {
    static CURRENT: RefCell<Option<Current>> = const { RefCell::new(None) };
}

/// What is current here; nothing once the thread's locals are gone (process exit).
pub fn get() -> Option<Current> {
    CURRENT.try_with(|c| c.borrow().clone()).ok().flatten()
}

pub fn replace(new: Option<Current>) -> Option<Current> {
    CURRENT.try_with(|c| c.replace(new)).ok().flatten()
}
