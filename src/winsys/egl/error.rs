//! EGL's per-thread error, and the guard every entry point runs under.

use super::consts::*;
use std::cell::Cell;
use std::panic::{catch_unwind, AssertUnwindSafe};

thread_local! {
    static LAST_ERROR: Cell<i32> = const { Cell::new(EGL_SUCCESS as i32) };
}

/// An EGL error code (`EGL_BAD_*`), carried through `Result`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EglError(pub i32);

impl EglError {
    pub const NOT_INITIALIZED: Self = Self(EGL_NOT_INITIALIZED as i32);
    pub const BAD_ACCESS: Self = Self(EGL_BAD_ACCESS as i32);
    pub const BAD_ALLOC: Self = Self(EGL_BAD_ALLOC as i32);
    pub const BAD_ATTRIBUTE: Self = Self(EGL_BAD_ATTRIBUTE as i32);
    pub const BAD_CONFIG: Self = Self(EGL_BAD_CONFIG as i32);
    pub const BAD_CONTEXT: Self = Self(EGL_BAD_CONTEXT as i32);
    pub const BAD_DISPLAY: Self = Self(EGL_BAD_DISPLAY as i32);
    pub const BAD_MATCH: Self = Self(EGL_BAD_MATCH as i32);
    pub const BAD_NATIVE_PIXMAP: Self = Self(EGL_BAD_NATIVE_PIXMAP as i32);
    pub const BAD_NATIVE_WINDOW: Self = Self(EGL_BAD_NATIVE_WINDOW as i32);
    pub const BAD_PARAMETER: Self = Self(EGL_BAD_PARAMETER as i32);
    pub const BAD_SURFACE: Self = Self(EGL_BAD_SURFACE as i32);
}

pub type EglResult<T> = Result<T, EglError>;

/// Takes the calling thread's error and resets it, as eglGetError does.
pub fn take_error() -> i32 {
    LAST_ERROR.with(|e| e.replace(EGL_SUCCESS as i32))
}

fn set_error(code: i32) {
    LAST_ERROR.with(|e| e.set(code));
}

/// Runs an entry point's body: success clears the thread's error, an error is
/// recorded and `failure` returned, and a panic never unwinds into C.
pub fn guard<T: Copy>(name: &str, failure: T, body: impl FnOnce() -> EglResult<T>) -> T {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(value)) => {
            set_error(EGL_SUCCESS as i32);
            value
        }
        Ok(Err(EglError(code))) => {
            tracing::debug!(target: "galvan::egl", "{name} failed with 0x{code:04x}");
            set_error(code);
            failure
        }
        Err(panic) => {
            let what = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            tracing::error!(target: "galvan::egl", "{name} panicked: {what}");
            set_error(EGL_BAD_ACCESS as i32);
            failure
        }
    }
}
