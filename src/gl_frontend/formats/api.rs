//! Which GL API and version a context speaks: format legality depends on it.

/// The API of a context, with its version.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Api {
    /// Desktop GL core profile (also forward-compatible contexts).
    Core { major: u8, minor: u8 },
    /// Desktop GL compatibility profile (legacy formats such as LUMINANCE are legal).
    Compat { major: u8, minor: u8 },
    /// OpenGL ES.
    Es { major: u8, minor: u8 },
}

impl Api {
    /// Whether this is OpenGL ES.
    pub fn is_es(self) -> bool {
        matches!(self, Api::Es { .. })
    }

    /// Whether this is the desktop compatibility profile.
    pub fn is_compat(self) -> bool {
        matches!(self, Api::Compat { .. })
    }

    /// The version as (major, minor).
    pub fn version(self) -> (u8, u8) {
        match self {
            Api::Core { major, minor } | Api::Compat { major, minor } | Api::Es { major, minor } => (major, minor),
        }
    }

    /// Whether the version is at least `major.minor`.
    pub fn at_least(self, major: u8, minor: u8) -> bool {
        self.version() >= (major, minor)
    }
}
