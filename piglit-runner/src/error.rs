//! The runner's error: one message that names what went wrong and where.

use std::fmt;

#[derive(Debug, Clone, PartialEq)]
pub struct Error(pub String);

pub type Result<T> = std::result::Result<T, Error>;

impl Error {
    pub fn new(message: impl Into<String>) -> Self {
        Error(message.into())
    }

    /// An I/O failure on `path`, with what was being done.
    pub fn io(action: &str, path: &std::path::Path, err: std::io::Error) -> Self {
        Error(format!("cannot {action} {}: {err}", path.display()))
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}
