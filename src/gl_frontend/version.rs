//! Which GL version a context reports: the honest maximum galvan supports, a context's
//! request, and the GALVAN_*_OVERRIDE variables that raise it for testing.

use std::ffi::CString;

use crate::extensions;

/// Desktop GL or OpenGL ES.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Api {
    Gl,
    Gles,
}

/// The desktop GL profile (ignored for GLES).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Profile {
    Core,
    Compatibility,
}

/// What the window system asks for when it creates a context (EGL_KHR_create_context).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ContextConfig {
    pub api: Api,
    pub major: u32,
    pub minor: u32,
    pub profile: Profile,
    pub debug: bool,
    pub forward_compatible: bool,
    pub robust: bool,
    /// GL_LOSE_CONTEXT_ON_RESET was asked for as the reset notification strategy
    /// (otherwise GL_NO_RESET_NOTIFICATION).
    pub lose_context_on_reset: bool,
    /// Offer the requested version even where galvan does not advertise it yet, as
    /// GALVAN_GL_VERSION_OVERRIDE does for a whole process. For embedders and tests that
    /// create contexts from several threads: the environment is not safe to change while
    /// other threads (the Vulkan driver's among them) read it.
    pub offer_requested_version: bool,
    /// Features to emulate besides those GALVAN_EMULATE names (the same comma list), for
    /// the same reason: one context asks for emulation without changing the environment.
    pub emulate: Option<&'static str>,
}

impl Default for ContextConfig {
    fn default() -> Self {
        ContextConfig {
            api: Api::Gl,
            major: 1,
            minor: 0,
            profile: Profile::Compatibility,
            debug: false,
            forward_compatible: false,
            robust: false,
            lose_context_on_reset: false,
            offer_requested_version: false,
            emulate: None,
        }
    }
}

/// The highest desktop GL version whose required features all work today, on a device
/// with what GL 3.3 needs of it ([`device_ceiling`]).
pub const HONEST_GL_VERSION: (u32, u32) = (3, 3);
/// The highest GLES version whose required features all work today.
pub const HONEST_GLES_VERSION: (u32, u32) = (3, 0);

/// GL versions that exist, to reject requests such as 2.7 or 3.4.
const GL_VERSIONS: &[(u32, u32)] = &[
    (1, 0), (1, 1), (1, 2), (1, 3), (1, 4), (1, 5), (2, 0), (2, 1), (3, 0), (3, 1), (3, 2),
    (3, 3), (4, 0), (4, 1), (4, 2), (4, 3), (4, 4), (4, 5), (4, 6),
];
const GLES_VERSIONS: &[(u32, u32)] = &[(1, 0), (1, 1), (2, 0), (3, 0), (3, 1), (3, 2)];

/// Parses "4.6" (optionally followed by a profile suffix such as "COMPAT", ignored).
fn parse_version(text: &str) -> Option<(u32, u32)> {
    let digits: String = text.trim().chars().take_while(|c| c.is_ascii_digit() || *c == '.').collect();
    let (major, minor) = digits.split_once('.')?;
    Some((major.parse().ok()?, minor.parse().ok()?))
}

/// The highest version galvan offers for `api`, overrides included.
pub fn max_version(api: Api) -> (u32, u32) {
    let (honest, known) = match api {
        Api::Gl => (HONEST_GL_VERSION, GL_VERSIONS),
        Api::Gles => (HONEST_GLES_VERSION, GLES_VERSIONS),
    };
    std::env::var(override_variable(api))
        .ok()
        .and_then(|v| parse_version(&v))
        .filter(|v| known.contains(v))
        .unwrap_or(honest)
}

/// The highest GL version a device with `caps` offers without an override: GL 3.3's
/// dual-source blending (ARB_blend_func_extended) needs the device's dualSrcBlend, so
/// devices without it stop at 3.2.
pub fn device_ceiling(api: Api, caps: &nir_like::Caps) -> (u32, u32) {
    match api {
        Api::Gl if !caps.dual_source_blend => (3, 2),
        _ => (u32::MAX, 0),
    }
}

/// The variable that overrides the version offered for `api`.
fn override_variable(api: Api) -> &'static str {
    match api {
        Api::Gl => "GALVAN_GL_VERSION_OVERRIDE",
        Api::Gles => "GALVAN_GLES_VERSION_OVERRIDE",
    }
}

/// Whether GALVAN_GL_VERSION_OVERRIDE (or the GLES one) names a version.
fn overridden(api: Api) -> bool {
    std::env::var(override_variable(api)).ok().and_then(|v| parse_version(&v)).is_some()
}

/// The version a context gets on a device with `caps`: [`negotiate`]'s, lowered to the
/// device's ceiling unless overridden or offered on request; a request above the ceiling
/// is refused.
pub fn negotiate_on(config: &ContextConfig, caps: &nir_like::Caps) -> Result<(u32, u32), VersionError> {
    let version = negotiate(config)?;
    let ceiling = device_ceiling(config.api, caps);
    if version <= ceiling || config.offer_requested_version || overridden(config.api) {
        return Ok(version);
    }
    let requested = (config.major, config.minor);
    if requested > ceiling || config.profile == Profile::Core && ceiling < (3, 2) {
        return Err(VersionError::Unsupported { requested, max: ceiling });
    }
    Ok(ceiling)
}

/// The GLSL version (times 100) that goes with a GL or GLES version.
pub fn glsl_version(api: Api, version: (u32, u32)) -> u32 {
    match (api, version) {
        (Api::Gles, (3, m)) => 300 + 10 * m,
        (Api::Gles, _) => 100,
        (Api::Gl, (2, 0)) => 110,
        (Api::Gl, (2, 1)) => 120,
        (Api::Gl, (3, 0)) => 130,
        (Api::Gl, (3, 1)) => 140,
        (Api::Gl, (3, 2)) => 150,
        (Api::Gl, (major, minor)) if major >= 3 => major * 100 + minor * 10,
        (Api::Gl, _) => 110,
    }
}

/// Why a context cannot be created with the requested configuration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VersionError {
    /// The version does not exist (e.g. 3.4) or the profile does not exist for it.
    Invalid { major: u32, minor: u32 },
    /// The version exists but galvan does not offer it yet.
    Unsupported { requested: (u32, u32), max: (u32, u32) },
}

impl std::fmt::Display for VersionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            VersionError::Invalid { major, minor } => write!(f, "no such GL version {major}.{minor}"),
            VersionError::Unsupported { requested, max } => write!(
                f,
                "version {}.{} requested, galvan offers up to {}.{}",
                requested.0, requested.1, max.0, max.1
            ),
        }
    }
}

/// The version a context actually gets: the highest offered one that is compatible with
/// the request, as EGL_KHR_create_context allows.
pub fn negotiate(config: &ContextConfig) -> Result<(u32, u32), VersionError> {
    let requested = (config.major, config.minor);
    let known = match config.api {
        Api::Gl => GL_VERSIONS,
        Api::Gles => GLES_VERSIONS,
    };
    if !known.contains(&requested) {
        return Err(VersionError::Invalid { major: config.major, minor: config.minor });
    }
    let max = if config.offer_requested_version { requested.max(max_version(config.api)) } else { max_version(config.api) };
    if requested > max {
        return Err(VersionError::Unsupported { requested, max });
    }
    match config.api {
        // ES 1.x is a different API that galvan does not provide.
        Api::Gles if requested.0 < 2 => Err(VersionError::Unsupported { requested, max }),
        Api::Gles => Ok(max),
        Api::Gl if config.profile == Profile::Core && max < (3, 2) => {
            Err(VersionError::Unsupported { requested: (3, 2), max })
        }
        Api::Gl => Ok(max),
    }
}

/// The strings glGetString returns, kept alive with the context so the pointers stay valid.
pub struct ContextStrings {
    pub vendor: CString,
    pub renderer: CString,
    pub version: CString,
    pub shading_language_version: CString,
    /// The space-separated list, for glGetString(GL_EXTENSIONS).
    pub extensions: CString,
    /// One string per extension, for glGetStringi.
    pub extension_list: Vec<CString>,
}

impl ContextStrings {
    /// Takes `name` out of both extension lists.
    pub fn remove_extension(&mut self, name: &str) {
        self.extension_list.retain(|n| n.as_bytes() != name.as_bytes());
        let joined: Vec<&[u8]> = self.extension_list.iter().map(|n| n.as_bytes()).collect();
        self.extensions = CString::new(joined.join(&b' ')).unwrap_or_default();
    }

    pub fn new(api: Api, profile: Profile, version: (u32, u32), device_name: &str, caps: &nir_like::Caps) -> Self {
        let release = env!("CARGO_PKG_VERSION");
        let glsl = glsl_version(api, version);
        let (version_text, glsl_text) = match api {
            Api::Gl => {
                let profile_text = if version >= (3, 2) {
                    match profile {
                        Profile::Core => " (Core Profile)",
                        Profile::Compatibility => " (Compatibility Profile)",
                    }
                } else {
                    ""
                };
                (
                    format!("{}.{}{} galvan {}", version.0, version.1, profile_text, release),
                    format!("{}.{:02}", glsl / 100, glsl % 100),
                )
            }
            Api::Gles => (
                format!("OpenGL ES {}.{} galvan {}", version.0, version.1, release),
                format!("OpenGL ES GLSL ES {}.{:02}", glsl / 100, glsl % 100),
            ),
        };
        let names = extensions::enabled(api, profile, version, caps);
        let extension_list: Vec<CString> =
            names.iter().map(|n| CString::new(n.as_str()).unwrap_or_default()).collect();
        ContextStrings {
            vendor: CString::new("galvan").unwrap_or_default(),
            renderer: CString::new(format!("galvan ({})", device_name.replace('\0', ""))).unwrap_or_default(),
            version: CString::new(version_text).unwrap_or_default(),
            shading_language_version: CString::new(glsl_text).unwrap_or_default(),
            extensions: CString::new(names.join(" ")).unwrap_or_default(),
            extension_list,
        }
    }

    /// Whether the context advertises extension `name`.
    pub fn has_extension(&self, name: &str) -> bool {
        self.extension_list.iter().any(|e| e.as_bytes() == name.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glsl_versions_follow_gl_versions() {
        assert_eq!(glsl_version(Api::Gl, (2, 1)), 120);
        assert_eq!(glsl_version(Api::Gl, (3, 2)), 150);
        assert_eq!(glsl_version(Api::Gl, (3, 3)), 330);
        assert_eq!(glsl_version(Api::Gl, (4, 6)), 460);
        assert_eq!(glsl_version(Api::Gles, (2, 0)), 100);
        assert_eq!(glsl_version(Api::Gles, (3, 2)), 320);
    }

    #[test]
    fn version_text_parses_with_suffix() {
        assert_eq!(parse_version("4.6"), Some((4, 6)));
        assert_eq!(parse_version("3.3COMPAT"), Some((3, 3)));
        assert_eq!(parse_version("four"), None);
    }

    #[test]
    fn devices_without_dual_source_blending_stop_at_3_2() {
        let without = nir_like::Caps { dual_source_blend: false, ..nir_like::Caps::ALL };
        let compat = ContextConfig { major: 1, minor: 0, ..Default::default() };
        let core_33 = ContextConfig { major: 3, minor: 3, profile: Profile::Core, ..Default::default() };
        if !overridden(Api::Gl) {
            assert_eq!(negotiate_on(&compat, &without), Ok((3, 2)));
            assert_eq!(negotiate_on(&core_33, &without), Err(VersionError::Unsupported { requested: (3, 3), max: (3, 2) }));
            assert_eq!(negotiate_on(&core_33, &nir_like::Caps::ALL), Ok(HONEST_GL_VERSION));
        }
        // Offered on request, the version is the request's.
        let offered = ContextConfig { offer_requested_version: true, ..core_33 };
        assert_eq!(negotiate_on(&offered, &without), Ok((3, 3)));
    }

    #[test]
    fn nonexistent_versions_are_rejected() {
        let config = ContextConfig { major: 3, minor: 4, ..Default::default() };
        assert_eq!(negotiate(&config), Err(VersionError::Invalid { major: 3, minor: 4 }));
    }
}
