//! piglit's test profiles (`tests/*.xml.gz` and the `tests/*.meta.xml` that include them),
//! read into test entries carrying exactly what piglit's XML holds.

use std::collections::HashSet;
use std::io::Read;
use std::path::{Path, PathBuf};

use crate::error::{Error, Result};
use crate::py_literal::{self, PyValue};

/// What piglit needs from the GL implementation before it runs a test at all
/// (its "fast skip": api, extensions, api_version, shader_version).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Requirements {
    /// `core`, `compat`, `gles1`, `gles2`, `gles3`, or none (compat is checked then).
    pub api: Option<String>,
    pub extensions: Vec<String>,
    pub api_version: Option<f64>,
    pub shader_version: Option<f64>,
}

/// The kind of test, which decides its command line and whether requirements apply.
#[derive(Clone, Debug, PartialEq)]
pub enum TestKind {
    /// A native GL test binary (`type="gl"`).
    Gl { require_platforms: Vec<String>, exclude_platforms: Vec<String> },
    /// `type="gl_builtin"`: built-in constants, the second argument is under `tests/`.
    GlBuiltin,
    /// A `.shader_test` file run by shader_runner.
    Shader(Requirements),
    /// A GLSL file run by glslparsertest.
    GlslParser(Requirements),
    /// `type="asm_parser"`: an ARB assembly program.
    AsmParser { program_type: String, filename: String },
    /// `type="vkrunner"`.
    VkRunner { filename: String },
    /// `type="cl"` and `type="cl_prog"` (OpenCL; only run as native binaries).
    Cl,
    ClProgram { filename: String },
    /// A type this runner does not run (multi_shader from no_isolation profiles, xts, ...).
    Unsupported(String),
}

/// One test of a profile.
#[derive(Clone, Debug, PartialEq)]
pub struct TestEntry {
    /// piglit's name, `@`-separated groups (`spec@glsl-1.10@execution@...`).
    pub name: String,
    pub kind: TestKind,
    /// The command as the XML stores it (program name first, paths relative to piglit).
    pub command: Vec<String>,
    /// False for tests that must have the machine to themselves.
    pub run_concurrent: bool,
    /// Extra environment the profile sets for this test.
    pub env: Vec<(String, String)>,
}

/// Finds a profile by name (`quick`, `sanity`, `quick_gl`) or path.
pub fn resolve(piglit_dir: &Path, profile: &str) -> Result<PathBuf> {
    let as_path = Path::new(profile);
    if profile.contains('/') || profile.ends_with(".xml") || profile.ends_with(".xml.gz") {
        if as_path.is_file() {
            return Ok(as_path.to_path_buf());
        }
        let why = if as_path.exists() { "is not a file" } else { "does not exist" };
        return Err(Error::new(format!("profile {} {why}", as_path.display())));
    }
    let tests = piglit_dir.join("tests");
    for candidate in [format!("{profile}.meta.xml"), format!("{profile}.xml.gz")] {
        let path = tests.join(candidate);
        if path.is_file() {
            return Ok(path);
        }
    }
    Err(Error::new(format!(
        "no profile `{profile}`: neither {0}/{profile}.meta.xml nor {0}/{profile}.xml.gz exists",
        tests.display()
    )))
}

/// Loads the named profiles in order; a test named twice keeps its first entry.
pub fn load_profiles(piglit_dir: &Path, profiles: &[String]) -> Result<Vec<TestEntry>> {
    let mut tests = Vec::new();
    for profile in profiles {
        let path = resolve(piglit_dir, profile)?;
        load_file(piglit_dir, &path, &mut tests, 0)?;
    }
    let mut seen = HashSet::new();
    tests.retain(|t: &TestEntry| seen.insert(t.name.clone()));
    Ok(tests)
}

fn load_file(piglit_dir: &Path, path: &Path, out: &mut Vec<TestEntry>, depth: u32) -> Result<()> {
    if depth > 8 {
        return Err(Error::new(format!("profile {} includes itself", path.display())));
    }
    let text = read_profile_text(path)?;
    let doc = roxmltree::Document::parse(&text)
        .map_err(|e| Error::new(format!("cannot parse profile {}: {e}", path.display())))?;
    let root = doc.root_element();
    match root.tag_name().name() {
        "PiglitMetaProfile" => {
            for child in root.descendants().filter(|n| n.has_tag_name("Profile")) {
                let name = child.text().unwrap_or("").trim();
                let included = resolve(piglit_dir, name)
                    .map_err(|e| Error::new(format!("in {}: {e}", path.display())))?;
                load_file(piglit_dir, &included, out, depth + 1)?;
            }
            Ok(())
        }
        "PiglitTestList" => {
            for node in root.children().filter(|n| n.has_tag_name("Test")) {
                out.push(parse_test(node).map_err(|e| {
                    Error::new(format!("in profile {}: {e}", path.display()))
                })?);
            }
            Ok(())
        }
        other => Err(Error::new(format!(
            "{} is not a piglit profile (root element `{other}`)",
            path.display()
        ))),
    }
}

fn read_profile_text(path: &Path) -> Result<String> {
    let bytes = std::fs::read(path).map_err(|e| Error::io("read profile", path, e))?;
    if bytes.starts_with(&[0x1f, 0x8b]) {
        let mut text = String::new();
        flate2::read::GzDecoder::new(&bytes[..])
            .read_to_string(&mut text)
            .map_err(|e| Error::io("decompress profile", path, e))?;
        Ok(text)
    } else {
        String::from_utf8(bytes)
            .map_err(|_| Error::new(format!("profile {} is not UTF-8", path.display())))
    }
}

/// Builds one entry from a `<Test>` element.
pub fn parse_test(node: roxmltree::Node) -> Result<TestEntry> {
    let name = node.attribute("name").ok_or("a <Test> has no name").map_err(Error::new)?;
    let type_ = node.attribute("type").unwrap_or("");
    let mut options: Vec<(String, PyValue)> = Vec::new();
    for option in node.children().filter(|n| n.has_tag_name("option")) {
        let key = option.attribute("name").unwrap_or("").to_owned();
        options.push((key, py_literal::parse_or_raw(option.attribute("value").unwrap_or(""))));
    }
    let get = |key: &str| options.iter().find(|(k, _)| k == key).map(|(_, v)| v);
    let strings = |key: &str| get(key).and_then(PyValue::as_str_list).unwrap_or_default();
    let string = |key: &str| get(key).and_then(PyValue::as_str).map(str::to_owned);

    let env = node
        .descendants()
        .filter(|n| n.has_tag_name("env"))
        .map(|n| {
            (n.attribute("name").unwrap_or("").to_owned(), n.attribute("value").unwrap_or("").to_owned())
        })
        .collect();

    let requirements = |with_api_version: bool| {
        let mut extensions = strings("extensions");
        extensions.sort();
        Requirements {
            api: string("api"),
            extensions,
            api_version: if with_api_version { get("api_version").and_then(PyValue::as_f64) } else { None },
            shader_version: get("shader_version").and_then(PyValue::as_f64),
        }
    };
    let filename = || {
        string("filename").ok_or_else(|| Error::new(format!("test `{name}` has no filename option")))
    };
    // Defaults follow piglit's classes: native GL tests are concurrent unless told otherwise,
    // shader and parser tests always are.
    let declared_concurrent = get("run_concurrent").map(PyValue::truthy);
    let (kind, run_concurrent) = match type_ {
        "gl" => (
            TestKind::Gl {
                require_platforms: strings("require_platforms"),
                exclude_platforms: strings("exclude_platforms"),
            },
            declared_concurrent.unwrap_or(true),
        ),
        "gl_builtin" => (TestKind::GlBuiltin, declared_concurrent.unwrap_or(true)),
        "shader" => (TestKind::Shader(requirements(true)), true),
        "glsl_parser" => (TestKind::GlslParser(requirements(false)), true),
        "asm_parser" => (
            TestKind::AsmParser {
                program_type: string("type_").unwrap_or_default(),
                filename: filename()?,
            },
            true,
        ),
        "vkrunner" => (TestKind::VkRunner { filename: filename()? }, true),
        "cl" => (TestKind::Cl, declared_concurrent.unwrap_or(false)),
        "cl_prog" => (TestKind::ClProgram { filename: filename()? }, declared_concurrent.unwrap_or(false)),
        other => (TestKind::Unsupported(other.to_owned()), true),
    };
    let command = match &kind {
        TestKind::AsmParser { .. } => vec!["asmparsertest".to_owned()],
        TestKind::VkRunner { .. } => vec!["vkrunner".to_owned()],
        TestKind::ClProgram { .. } => vec!["cl-program-tester".to_owned()],
        TestKind::Unsupported(_) => strings("command"),
        _ => {
            let command = strings("command");
            if command.is_empty() {
                return Err(Error::new(format!("test `{name}` has no command")));
            }
            command
        }
    };
    Ok(TestEntry { name: name.to_owned(), kind, command, run_concurrent, env })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_one(xml: &str) -> Result<TestEntry> {
        let doc = roxmltree::Document::parse(xml).unwrap();
        parse_test(doc.root_element())
    }

    #[test]
    fn shader_test_keeps_its_requirements() {
        let t = parse_one(
            r#"<Test type="shader" name="spec@a@b"><option name="shader_version" value="1.5" /><option name="api" value="'core'" /><option name="api_version" value="3.2" /><option name="extensions" value="{'GL_B', 'GL_A'}" /><option name="command" value="['shader_runner', 'tests/b.shader_test']" /><option name="run_concurrent" value="False" /></Test>"#,
        )
        .unwrap();
        assert_eq!(t.name, "spec@a@b");
        assert_eq!(t.command, vec!["shader_runner", "tests/b.shader_test"]);
        // shader tests are always concurrent in piglit, whatever the XML says.
        assert!(t.run_concurrent);
        assert_eq!(
            t.kind,
            TestKind::Shader(Requirements {
                api: Some("core".into()),
                extensions: vec!["GL_A".into(), "GL_B".into()],
                api_version: Some(3.2),
                shader_version: Some(1.5),
            })
        );
    }

    #[test]
    fn gl_test_keeps_platforms_concurrency_and_env() {
        let t = parse_one(
            r#"<Test type="gl" name="glx@x"><option name="require_platforms" value="['glx', 'mixed_glx_egl']" /><option name="command" value="['glx-x', '-x']" /><option name="run_concurrent" value="False" /><environment><env name="vblank_mode" value="0" /></environment></Test>"#,
        )
        .unwrap();
        assert!(!t.run_concurrent);
        assert_eq!(t.env, vec![("vblank_mode".to_owned(), "0".to_owned())]);
        assert_eq!(
            t.kind,
            TestKind::Gl {
                require_platforms: vec!["glx".into(), "mixed_glx_egl".into()],
                exclude_platforms: vec![]
            }
        );
    }

    #[test]
    fn parser_tests_ignore_api_version_like_piglit() {
        let t = parse_one(
            r#"<Test type="glsl_parser" name="p"><option name="api" value="'gles2'" /><option name="api_version" value="3.0" /><option name="shader_version" value="1.0" /><option name="command" value="['glslparsertest_gles2', 'tests/x.vert', 'pass', '1.00']" /></Test>"#,
        )
        .unwrap();
        match t.kind {
            TestKind::GlslParser(r) => {
                assert_eq!(r.api_version, None);
                assert_eq!(r.shader_version, Some(1.0));
            }
            other => panic!("wrong kind {other:?}"),
        }
    }

    #[test]
    fn test_without_command_is_an_error() {
        let err = parse_one(r#"<Test type="gl" name="broken"></Test>"#).unwrap_err();
        assert!(err.0.contains("broken"), "{err}");
    }

    #[test]
    fn meta_profiles_include_their_parts_in_order() {
        let dir = std::env::temp_dir().join(format!("piglit-runner-profile-{}", std::process::id()));
        let tests = dir.join("tests");
        std::fs::create_dir_all(&tests).unwrap();
        let list = |name: &str, tests: &[&str]| {
            let body: String = tests
                .iter()
                .map(|t| format!(r#"<Test type="gl" name="{t}"><option name="command" value="['{t}']" /></Test>"#))
                .collect();
            format!(r#"<PiglitTestList count="{}" name="{name}">{body}</PiglitTestList>"#, tests.len())
        };
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        std::io::Write::write_all(&mut gz, list("one", &["b", "a"]).as_bytes()).unwrap();
        std::fs::write(tests.join("one.xml.gz"), gz.finish().unwrap()).unwrap();
        std::fs::write(tests.join("two.xml.gz"), list("two", &["c", "a"])).unwrap();
        std::fs::write(
            tests.join("both.meta.xml"),
            "<PiglitMetaProfile><Profile>one</Profile><Profile>two</Profile></PiglitMetaProfile>",
        )
        .unwrap();
        let names: Vec<String> =
            load_profiles(&dir, &["both".to_owned()]).unwrap().into_iter().map(|t| t.name).collect();
        assert_eq!(names, vec!["b", "a", "c"]);
        let err = load_profiles(&dir, &["three".to_owned()]).unwrap_err();
        assert!(err.0.contains("three"), "{err}");
        let err = load_profiles(&dir, &[tests.display().to_string()]).unwrap_err();
        assert!(err.0.contains("is not a file"), "{err}");
        std::fs::write(tests.join("bad.xml.gz"), "<PiglitTestList><Test").unwrap();
        let err = load_profiles(&dir, &["bad".to_owned()]).unwrap_err();
        assert!(err.0.contains("bad.xml.gz"), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
