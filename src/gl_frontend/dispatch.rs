//! From a generated entry point to the current context: the thread's current context, the
//! panic barrier of the C ABI, the once-only log of unimplemented commands, and
//! `get_proc_address`.

use std::cell::Cell;
use std::ffi::{c_void, CStr};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicU64, Ordering};

use crate::context::{Context, ContextState};
use crate::generated::{COMMAND_COUNT, PROC_TABLE};
use crate::types::enums::GL_INVALID_OPERATION;

thread_local! {
    /// The context current on this thread. The pointer stays valid while it is current:
    /// `make_current` keeps an `Arc` of it in `CURRENT_OWNER`.
    static CURRENT: Cell<*const Context> = const { Cell::new(std::ptr::null()) };
}

/// The value an entry point returns when it cannot run (no current context, a panic, an
/// unimplemented command): zero, false or null.
pub trait GlReturn {
    fn fallback() -> Self;
}

macro_rules! zero_return {
    ($($t:ty),*) => { $(impl GlReturn for $t { fn fallback() -> Self { Default::default() } })* };
}
zero_return!((), u8, i8, u16, i16, u32, i32, u64, i64, usize, isize, f32, f64);

impl<T> GlReturn for *const T {
    fn fallback() -> Self {
        std::ptr::null()
    }
}
impl<T> GlReturn for *mut T {
    fn fallback() -> Self {
        std::ptr::null_mut()
    }
}

/// The context current on this thread, if any.
pub(crate) fn current_ptr() -> *const Context {
    CURRENT.with(|c| c.get())
}

pub(crate) fn set_current_ptr(ctx: *const Context) {
    CURRENT.with(|c| c.set(ctx));
}

/// Runs a GL command on the current context. Without a current context the command is
/// ignored, as GL specifies. A panic is caught here so it never crosses the C ABI: it
/// becomes GL_INVALID_OPERATION and a tracing error.
#[inline]
pub(crate) fn call<R: GlReturn>(f: impl FnOnce(&mut ContextState) -> R) -> R {
    let ctx = current_ptr();
    if ctx.is_null() {
        return R::fallback();
    }
    // SAFETY: a current context is bound to this thread alone (make_current enforces it)
    // and stays alive while current; entry points never re-enter one another.
    let state = unsafe { (*ctx).state_mut() };
    match catch_unwind(AssertUnwindSafe(|| f(&mut *state))) {
        Ok(r) => r,
        Err(payload) => {
            let message = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".to_string());
            tracing::error!(target: "galvan", "panic in a GL command: {message}");
            // SAFETY: as above; the closure that held the borrow has unwound.
            unsafe { (*ctx).state_mut() }.record_error(GL_INVALID_OPERATION);
            R::fallback()
        }
    }
}

/// `call` for a command GL forbids between glBegin and glEnd: there it records
/// GL_INVALID_OPERATION and does nothing.
#[inline]
pub(crate) fn call_outside_begin_end<R: GlReturn>(f: impl FnOnce(&mut ContextState) -> R) -> R {
    call(|ctx| {
        if ctx.in_begin_end() {
            ctx.record_error(GL_INVALID_OPERATION);
            return R::fallback();
        }
        f(ctx)
    })
}

/// `call` for a command a display list records: while a list is compiled the command is
/// appended to it (`record` builds it), and executed only in GL_COMPILE_AND_EXECUTE.
#[inline]
pub(crate) fn call_listed(
    outside_begin_end: bool,
    record: impl FnOnce(&mut ContextState) -> crate::state::display_list::ListCommand,
    f: impl FnOnce(&mut ContextState),
) {
    call(|ctx| {
        if ctx.compiling_list() {
            let command = record(ctx);
            if !ctx.append_to_list(command) {
                return;
            }
        }
        if outside_begin_end && ctx.in_begin_end() {
            return ctx.record_error(GL_INVALID_OPERATION);
        }
        f(ctx)
    })
}

/// One bit per command: set once the command's missing implementation was logged.
static LOGGED_UNIMPLEMENTED: [AtomicU64; COMMAND_COUNT.div_ceil(64)] =
    [const { AtomicU64::new(0) }; COMMAND_COUNT.div_ceil(64)];

/// Logs the first call of an unimplemented command; returns true the first time.
pub(crate) fn log_unimplemented_once(id: usize, name: &str) -> bool {
    let bit = 1u64 << (id % 64);
    let previous = LOGGED_UNIMPLEMENTED[id / 64].fetch_or(bit, Ordering::Relaxed);
    if previous & bit == 0 {
        tracing::warn!(target: "galvan", "{name} is not implemented yet (GL_INVALID_OPERATION)");
        true
    } else {
        false
    }
}

/// One row of the sorted name table.
pub(crate) struct ProcEntry {
    pub name: &'static [u8],
    pub address: *const c_void,
}

// SAFETY: the table holds addresses of functions, which are immutable and valid for the
// program's lifetime.
unsafe impl Sync for ProcEntry {}

/// The address of the GL entry point `name` (e.g. `glDrawArrays`, `glBindBufferARB`), for
/// eglGetProcAddress and glow's loader. `None` for a name galvan does not know. No
/// allocation, one binary search.
pub fn get_proc_address(name: &CStr) -> Option<*const c_void> {
    let bytes = name.to_bytes();
    PROC_TABLE
        .binary_search_by(|entry| entry.name.cmp(bytes))
        .ok()
        .map(|i| PROC_TABLE[i].address)
}

/// Every name `get_proc_address` resolves, sorted.
pub fn proc_names() -> impl Iterator<Item = &'static str> {
    PROC_TABLE.iter().map(|e| std::str::from_utf8(e.name).unwrap_or(""))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::enums::GL_NO_ERROR;
    use crate::{make_current, release_current, Context, ContextConfig};

    #[test]
    fn a_panicking_command_becomes_invalid_operation() {
        let device = vk_backend::Device::new_headless().expect("a Vulkan device");
        let ctx = Context::new(device, &ContextConfig::default(), None).expect("context");
        make_current(&ctx, None, None).expect("make current");
        let value: u32 = call(|_| panic!("a bug inside a command"));
        assert_eq!(value, 0);
        // The context still works and reports the panic once.
        assert_eq!(call(|state| state.gl_get_error()), GL_INVALID_OPERATION);
        assert_eq!(call(|state| state.gl_get_error()), GL_NO_ERROR);
        release_current();
    }

    #[test]
    fn proc_table_resolves_by_exact_name() {
        assert!(get_proc_address(c"glClear").is_some());
        assert!(get_proc_address(c"glclear").is_none());
        assert!(get_proc_address(c"glClearX").is_none());
    }
}
