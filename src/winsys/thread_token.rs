//! A number for the calling thread that stays usable while the process exits.
//!
//! Programs call EGL and GLX from atexit handlers (piglit releases its context there),
//! after Rust's thread-locals with destructors, `std::thread::current()` among them,
//! are gone. A plain `Cell` has no destructor, so it answers to the end.

use std::cell::Cell;
use std::sync::atomic::{AtomicU64, Ordering};

static NEXT: AtomicU64 = AtomicU64::new(1);

thread_local! {
    static TOKEN: Cell<u64> = const { Cell::new(0) };
}

/// This thread's token; never 0, never shared with another live thread.
pub fn current() -> u64 {
    TOKEN
        .try_with(|token| {
            if token.get() == 0 {
                token.set(NEXT.fetch_add(1, Ordering::Relaxed));
            }
            token.get()
        })
        .unwrap_or(u64::MAX)
}
