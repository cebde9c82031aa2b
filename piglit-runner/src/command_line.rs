//! The exact command line piglit runs for each kind of test.

use std::path::Path;

use crate::profile::{TestEntry, TestKind};

/// The program and arguments piglit would run, with absolute paths. `None` for kinds the
/// runner does not run.
pub fn argv(test: &TestEntry, piglit_dir: &Path) -> Option<Vec<String>> {
    let bin = piglit_dir.join("bin");
    let in_piglit = |relative: &str| piglit_dir.join(relative).display().to_string();
    let program = test.command.first()?;
    // piglit puts every argument equal to the program name under bin/.
    let mut args: Vec<String> = test
        .command
        .iter()
        .map(|c| if c == program { bin.join(c).display().to_string() } else { c.clone() })
        .collect();
    match &test.kind {
        TestKind::Gl { .. } => {
            args.push("-auto".to_owned());
            if test.run_concurrent {
                args.push("-fbo".to_owned());
            }
        }
        TestKind::GlBuiltin => {
            if let Some(file) = args.get_mut(1) {
                *file = piglit_dir.join("tests").join(&*file).display().to_string();
            }
        }
        TestKind::Shader(_) => {
            let file = in_piglit(args.get(1)?);
            args = vec![args[0].clone(), file, "-auto".to_owned(), "-fbo".to_owned()];
        }
        TestKind::GlslParser(_) => {
            let file = in_piglit(args.get(1)?);
            args[1] = file;
        }
        TestKind::AsmParser { program_type, filename } => {
            args = vec![args[0].clone(), program_type.clone(), in_piglit(filename)];
        }
        TestKind::VkRunner { filename } | TestKind::ClProgram { filename } => {
            args.push(in_piglit(filename));
        }
        TestKind::Cl => {}
        TestKind::Unsupported(_) => return None,
    }
    Some(args)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profile::Requirements;

    fn entry(kind: TestKind, command: &[&str], run_concurrent: bool) -> TestEntry {
        TestEntry {
            name: "t".into(),
            kind,
            command: command.iter().map(|s| s.to_string()).collect(),
            run_concurrent,
            env: vec![],
        }
    }

    #[test]
    fn gl_tests_get_auto_and_fbo_only_when_concurrent() {
        let gl = TestKind::Gl { require_platforms: vec![], exclude_platforms: vec![] };
        let dir = Path::new("/p");
        assert_eq!(
            argv(&entry(gl.clone(), &["fbo-x", "GL_RGBA"], true), dir).unwrap(),
            vec!["/p/bin/fbo-x", "GL_RGBA", "-auto", "-fbo"]
        );
        assert_eq!(argv(&entry(gl, &["fbo-x"], false), dir).unwrap(), vec!["/p/bin/fbo-x", "-auto"]);
    }

    #[test]
    fn shader_and_parser_tests_point_into_piglit() {
        let dir = Path::new("/p");
        let shader = entry(TestKind::Shader(Requirements::default()), &["shader_runner", "tests/a.shader_test"], true);
        assert_eq!(
            argv(&shader, dir).unwrap(),
            vec!["/p/bin/shader_runner", "/p/tests/a.shader_test", "-auto", "-fbo"]
        );
        let parser = entry(
            TestKind::GlslParser(Requirements::default()),
            &["glslparsertest", "tests/a.vert", "pass", "1.10", "GL_ARB_x"],
            true,
        );
        assert_eq!(
            argv(&parser, dir).unwrap(),
            vec!["/p/bin/glslparsertest", "/p/tests/a.vert", "pass", "1.10", "GL_ARB_x"]
        );
        let builtin = entry(TestKind::GlBuiltin, &["built-in-constants", "spec/a.test"], true);
        assert_eq!(argv(&builtin, dir).unwrap(), vec!["/p/bin/built-in-constants", "/p/tests/spec/a.test"]);
        let asm = entry(
            TestKind::AsmParser { program_type: "vert".into(), filename: "tests/asm/x.txt".into() },
            &["asmparsertest"],
            true,
        );
        assert_eq!(argv(&asm, dir).unwrap(), vec!["/p/bin/asmparsertest", "vert", "/p/tests/asm/x.txt"]);
    }
}
