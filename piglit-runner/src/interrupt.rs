//! Ctrl-C and SIGTERM: the runner stops starting tests, kills the process groups of the
//! running ones, stops its Xvfb and exits, instead of leaving tests running behind it.

use std::sync::atomic::{AtomicBool, Ordering};

static INTERRUPTED: AtomicBool = AtomicBool::new(false);

extern "C" fn on_signal(_: libc::c_int) {
    // Only an atomic store: all that is safe inside a signal handler.
    INTERRUPTED.store(true, Ordering::SeqCst);
}

/// Installs the handler for SIGINT and SIGTERM.
pub fn install() {
    let handler = on_signal as extern "C" fn(libc::c_int) as libc::sighandler_t;
    // SAFETY: the handler only stores to an atomic, which is async-signal-safe.
    unsafe {
        libc::signal(libc::SIGINT, handler);
        libc::signal(libc::SIGTERM, handler);
    }
}

pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::SeqCst)
}
