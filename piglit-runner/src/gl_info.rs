//! What a driver offers (versions and extensions per API), read from `wflinfo` the way
//! piglit does, and piglit's "fast skip" of tests whose requirements it cannot meet.

use std::collections::HashSet;

use crate::profile::Requirements;

/// What one API (core, compat, es1, es2) offers; zeros and no extensions when the driver
/// cannot create that kind of context.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ApiInfo {
    pub api_version: f64,
    pub shader_version: f64,
    pub extensions: HashSet<String>,
}

/// The driver's offer for every API piglit distinguishes.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GlInfo {
    pub core: ApiInfo,
    pub compat: ApiInfo,
    pub es1: ApiInfo,
    pub es2: ApiInfo,
}

/// The wflinfo invocations behind each API, in piglit's terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Query {
    Core,
    Compat,
    /// Used when a compatibility context cannot be had.
    NoProfile,
    Es1,
    Es2,
}

impl Query {
    /// wflinfo arguments after `--platform P`.
    pub fn args(self) -> &'static [&'static str] {
        match self {
            Query::Core => &["--verbose", "--api", "gl", "--profile", "core"],
            Query::Compat => &["--verbose", "--api", "gl", "--profile", "compat"],
            Query::NoProfile => &["--verbose", "--api", "gl", "--profile", "none"],
            Query::Es1 => &["--verbose", "--api", "gles1"],
            Query::Es2 => &["--verbose", "--api", "gles2"],
        }
    }

    fn is_es(self) -> bool {
        matches!(self, Query::Es1 | Query::Es2)
    }
}

fn python_float_prefix(text: &str, len: usize) -> f64 {
    let prefix: String = text.chars().take(len).collect();
    prefix.trim().parse().unwrap_or(0.0)
}

/// Reads one wflinfo report (`None` when wflinfo failed) with piglit's parsing rules.
pub fn parse_wflinfo(query: Query, output: Option<&str>) -> ApiInfo {
    let Some(output) = output else { return ApiInfo::default() };
    let line = |prefix: &str| output.lines().find(|l| l.starts_with(prefix));
    let api_version = line("OpenGL version string")
        .and_then(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            if query.is_es() {
                words.get(5).map(|w| w.parse().unwrap_or(0.0))
            } else {
                words.get(3).map(|w| python_float_prefix(w, 3))
            }
        })
        .unwrap_or(0.0);
    let shader_version = line("OpenGL shading language")
        .and_then(|l| {
            if query.is_es() {
                l.split_whitespace().last().map(|w| python_float_prefix(w, 3))
            } else {
                l.split(':').nth(1).map(|w| python_float_prefix(w, 5))
            }
        })
        .unwrap_or(0.0);
    let mut extensions: HashSet<String> = line("OpenGL extensions")
        .map(|l| l.get("OpenGL extensions: ".len()..).unwrap_or("").split_whitespace().map(str::to_owned).collect())
        .unwrap_or_default();
    if extensions.len() == 1 && extensions.contains("WFLINFO_GL_ERROR") {
        extensions.clear();
    }
    ApiInfo { api_version, shader_version, extensions }
}

impl GlInfo {
    /// Builds the offer from a function that runs wflinfo with the given arguments and
    /// returns its stdout when it succeeded.
    pub fn query(run: impl Fn(Query) -> Option<String> + Sync) -> GlInfo {
        let run = &run;
        let (core, compat, es1, es2) = std::thread::scope(|s| {
            let core = s.spawn(move || parse_wflinfo(Query::Core, run(Query::Core).as_deref()));
            let compat = s.spawn(move || {
                let compat = parse_wflinfo(Query::Compat, run(Query::Compat).as_deref());
                if compat.api_version == 0.0 {
                    parse_wflinfo(Query::NoProfile, run(Query::NoProfile).as_deref())
                } else {
                    compat
                }
            });
            let es1 = s.spawn(move || parse_wflinfo(Query::Es1, run(Query::Es1).as_deref()));
            let es2 = s.spawn(move || parse_wflinfo(Query::Es2, run(Query::Es2).as_deref()));
            let join = |h: std::thread::ScopedJoinHandle<'_, ApiInfo>| h.join().unwrap_or_default();
            (join(core), join(compat), join(es1), join(es2))
        });
        GlInfo { core, compat, es1, es2 }
    }

    /// Why piglit would skip a test with these requirements without running it.
    pub fn skip_reason(&self, req: &Requirements) -> Option<String> {
        let api = req.api.as_deref();
        let check = match api {
            Some("gles2") | Some("gles3") => &self.es2,
            Some("gles1") => &self.es1,
            Some("core") => &self.core,
            _ => &self.compat,
        };
        let api_name = api.unwrap_or("None");
        if !check.extensions.is_empty() {
            if let Some(missing) = req.extensions.iter().find(|e| !check.extensions.contains(*e)) {
                return Some(format!("Test requires extension {missing} which is not available"));
            }
        }
        if let Some(version) = req.api_version {
            if version > check.api_version {
                return Some(format!(
                    "Test requires OpenGL {api_name} version {version}, but only {} is available",
                    check.api_version
                ));
            }
        }
        if let Some(version) = req.shader_version {
            if version > check.shader_version {
                return Some(format!(
                    "Test requires OpenGL {api_name} Shader Language version {version}, but only {} is available",
                    check.shader_version
                ));
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CORE: &str = "Waffle platform: surfaceless_egl\nWaffle api: gl\n\
OpenGL vendor string: Mesa\nOpenGL renderer string: llvmpipe (LLVM 19.1.7, 256 bits)\n\
OpenGL version string: 4.5 (Core Profile) Mesa 25.0.7-2\nOpenGL context flags: 0x0\n\
OpenGL shading language version string: 4.50\nOpenGL extensions: GL_ARB_a GL_ARB_b\n";
    const ES: &str = "OpenGL version string: OpenGL ES 3.2 Mesa 25.0.7-2\n\
OpenGL shading language version string: OpenGL ES GLSL ES 3.20\nOpenGL extensions: GL_OES_x\n";

    #[test]
    fn parses_desktop_and_es_reports() {
        let core = parse_wflinfo(Query::Core, Some(CORE));
        assert_eq!(core.api_version, 4.5);
        assert_eq!(core.shader_version, 4.5);
        assert!(core.extensions.contains("GL_ARB_b"));
        let es = parse_wflinfo(Query::Es2, Some(ES));
        assert_eq!((es.api_version, es.shader_version), (3.2, 3.2));
        assert_eq!(parse_wflinfo(Query::Es1, None), ApiInfo::default());
    }

    #[test]
    fn skips_unmet_extension_and_versions() {
        let info = GlInfo::query(|q| match q {
            Query::Core | Query::Compat => Some(CORE.to_owned()),
            Query::Es2 => Some(ES.to_owned()),
            _ => None,
        });
        let req = |api: &str, ext: &[&str], api_version: Option<f64>, glsl: Option<f64>| Requirements {
            api: Some(api.to_owned()),
            extensions: ext.iter().map(|s| s.to_string()).collect(),
            api_version,
            shader_version: glsl,
        };
        assert_eq!(info.skip_reason(&req("core", &["GL_ARB_a"], Some(3.2), Some(1.5))), None);
        assert!(info.skip_reason(&req("core", &["GL_ARB_c"], None, None)).unwrap().contains("GL_ARB_c"));
        assert!(info.skip_reason(&req("core", &[], Some(4.6), None)).is_some());
        assert!(info.skip_reason(&req("gles3", &[], None, Some(3.3))).is_some());
        assert_eq!(info.skip_reason(&req("gles2", &["GL_OES_x"], None, Some(3.2))), None);
        // No ES1 context at all: any version requirement skips, as in piglit.
        assert!(info.skip_reason(&req("gles1", &[], Some(1.0), None)).is_some());
    }
}
