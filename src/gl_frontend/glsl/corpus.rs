//! Reads the `[config]` header of piglit's glslparser tests, so the corpus harness and
//! the regression test judge the compiler the way piglit's glslparsertest does.

use crate::options::{Api, CompileOptions, Stage};
use std::path::{Path, PathBuf};

/// Where Debian's piglit package keeps its tests.
pub const PIGLIT_DIR: &str = "/usr/lib/x86_64-linux-gnu/piglit";

/// The folders the corpus tools read when given none: piglit's spec tests and the
/// generated ones.
pub fn default_dirs() -> Vec<PathBuf> {
    vec![Path::new(PIGLIT_DIR).join("tests/spec"), Path::new(PIGLIT_DIR).join("generated_tests/spec")]
}

/// Appends every shader file (a name `stage_of` knows) under `dir` to `out`; `dir` itself
/// when it is a file.
pub fn collect_shaders(dir: &Path, out: &mut Vec<PathBuf>) {
    if dir.is_file() {
        out.push(dir.to_path_buf());
        return;
    }
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let p = entry.path();
        if p.is_dir() {
            collect_shaders(&p, out);
        } else if stage_of(&p).is_some() {
            out.push(p);
        }
    }
}

pub struct CorpusCase {
    pub expect_pass: bool,
    /// As written: "1.10", "3.00 es", "1.50compatibility".
    pub glsl_version: String,
    pub require_extensions: Vec<String>,
    pub check_link: bool,
    pub stage: Stage,
}

/// The stage a test file compiles for, from its extension.
pub fn stage_of(path: &Path) -> Option<Stage> {
    Some(match path.extension()?.to_str()? {
        "vert" => Stage::Vertex,
        "frag" => Stage::Fragment,
        "geom" => Stage::Geometry,
        "tesc" => Stage::TessControl,
        "tese" => Stage::TessEval,
        "comp" => Stage::Compute,
        _ => return None,
    })
}

/// Parses the header; `None` when the file has none.
pub fn parse_case(text: &str, path: &Path) -> Option<CorpusCase> {
    let stage = stage_of(path)?;
    let start = text.find("[config]")?;
    let end = text[start..].find("[end config]")? + start;
    let mut case = CorpusCase {
        expect_pass: true,
        glsl_version: String::new(),
        require_extensions: Vec::new(),
        check_link: false,
        stage,
    };
    let mut have_expect = false;
    for line in text[start..end].lines() {
        let line = line.trim_start_matches([' ', '\t', '/', '*']).trim();
        let Some((key, value)) = line.split_once(':') else { continue };
        let value = value.trim();
        match key.trim() {
            "expect_result" => {
                have_expect = true;
                case.expect_pass = value == "pass";
            }
            "glsl_version" => case.glsl_version = value.to_string(),
            "require_extensions" => {
                case.require_extensions = value.split_whitespace().map(str::to_string).collect()
            }
            "check_link" => case.check_link = value == "true",
            _ => {}
        }
    }
    have_expect.then_some(case)
}

impl CorpusCase {
    pub fn is_es(&self) -> bool {
        let v = self.glsl_version.as_str();
        v.ends_with("es") || matches!(v, "1.00" | "3.00" | "3.10" | "3.20")
    }

    /// The context piglit would create for this test, with every extension the compiler
    /// knows; `None` when the test needs something the compiler lacks.
    pub fn options(&self) -> Option<CompileOptions> {
        let es = self.is_es();
        let known: Vec<String> = crate::extensions::known().map(str::to_string).collect();
        for r in &self.require_extensions {
            if let Some(absent) = r.strip_prefix('!') {
                if known.iter().any(|k| k == absent) {
                    return None;
                }
            } else if r.starts_with("GL_") && !known.iter().any(|k| k == r) {
                return None;
            }
        }
        let numeric: f32 = self.glsl_version.split(|c: char| !(c.is_ascii_digit() || c == '.')).next()?.parse().ok()?;
        let api = if es {
            Api::Gles
        } else if self.glsl_version.contains("compatibility") || numeric < 1.4 {
            Api::GlCompat
        } else {
            Api::GlCore
        };
        Some(CompileOptions {
            stage: self.stage,
            api,
            context_version: if es { 32 } else { 46 },
            extensions: known
                .into_iter()
                .filter(|e| crate::extensions::available(e, 0, es))
                .collect(),
            limits: Default::default(),
        })
    }
}

impl CorpusCase {
    /// What piglit's glslparsertest reports: the compile status, or with `check_link`
    /// the status of linking a program made of this shader alone.
    pub fn run(&self, text: &str, options: &CompileOptions) -> (bool, String) {
        let r = crate::compile::compile_shader(&[text], options);
        if !r.success || !self.check_link {
            return (r.success, r.info_log);
        }
        let link = crate::link::LinkOptions { separable: self.is_es(), ..Default::default() };
        let p = crate::link::link_program(&[&r], &link);
        (p.success, format!("{}{}", r.info_log, p.info_log))
    }
}
