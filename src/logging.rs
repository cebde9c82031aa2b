//! `GALVAN_LOG`: a tracing filter (`galvan=debug`, `warn`, ...) for everything galvan logs.

use std::sync::Once;

/// Installs the subscriber once per process; a program that installed its own keeps it.
pub fn init() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let filter = std::env::var("GALVAN_LOG").unwrap_or_else(|_| "warn".into());
        let filter = tracing_subscriber::EnvFilter::try_new(&filter)
            .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn"));
        let _ = tracing_subscriber::fmt()
            .with_env_filter(filter)
            .with_writer(std::io::stderr)
            .try_init();
    });
}
