//! A few real piglit tests on Mesa's llvmpipe, through the installed piglit: a native GL
//! test, a shader_runner test, a GLSL parser test, and a parser test piglit skips before
//! running it because llvmpipe lacks its extension. Skipped when piglit is not installed.

use std::path::Path;
use std::process::Command;

const RUNNER: &str = env!("CARGO_BIN_EXE_piglit-runner");
const PIGLIT: &str = "/usr/lib/x86_64-linux-gnu/piglit";

#[test]
fn real_piglit_tests_on_llvmpipe() {
    if !Path::new(PIGLIT).join("bin/shader_runner").is_file() {
        eprintln!("piglit is not installed; nothing to check");
        return;
    }
    let out = std::env::temp_dir().join(format!("piglit-runner-llvmpipe-{}", std::process::id()));
    let tests = [
        "spec@glsl-1.50@transform-feedback-builtins",
        "spec@glsl-1.10@execution@glsl-vs-mat-mul-1",
        "glslparsertest@glsl2@bit-logic-03.frag",
        "spec@arb_geometry_shader4@compiler@ext_texture_array.geom",
    ];
    let list = out.with_extension("list");
    std::fs::write(&list, tests.join("\n")).unwrap();
    let result = Command::new(RUNNER)
        .args(["--driver", "llvmpipe", "--profile", "quick", "-j", "2", "--no-progress", "--include-list"])
        .arg(&list)
        .arg("-o")
        .arg(&out)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&result.stdout);
    assert_eq!(result.status.code(), Some(0), "{stdout}{}", String::from_utf8_lossy(&result.stderr));
    let csv = std::fs::read_to_string(out.join("results.csv")).unwrap();
    let status = |name: &str| {
        csv.lines()
            .find_map(|l| l.strip_prefix(&format!("{name},")))
            .and_then(|rest| rest.split(',').next())
            .unwrap_or("absent")
            .to_owned()
    };
    assert_eq!(status(tests[0]), "Pass", "{csv}");
    assert_eq!(status(tests[1]), "Pass", "{csv}");
    assert_eq!(status(tests[2]), "Pass", "{csv}");
    assert_eq!(status(tests[3]), "Skip", "{csv}");
    let json = std::fs::read_to_string(out.join("results.json")).unwrap();
    assert!(json.contains("Test requires extension GL_ARB_geometry_shader4"), "{json}");
    assert!(stdout.contains("| llvmpipe | 3      | 4     | 75.0%"), "{stdout}");
    std::fs::remove_dir_all(&out).unwrap();
    std::fs::remove_file(&list).unwrap();
}
