//! Agreement with piglit's glslparser expectations over a fixed sample of the installed
//! corpus must not fall below the figure reached so far.

use std::path::{Path, PathBuf};

const PIGLIT: &str = "/usr/lib/x86_64-linux-gnu/piglit";
/// Every STEP-th test file (sorted by path) is in the sample.
const STEP: usize = 5;
/// The agreement the compiler has reached on the sample, in percent.
const FLOOR_PERCENT: f64 = 97.2;

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else { return };
    for e in rd.flatten() {
        let p = e.path();
        if p.is_dir() {
            collect(&p, out);
        } else if glsl::corpus::stage_of(&p).is_some() {
            out.push(p);
        }
    }
}

#[test]
fn glslparser_sample_agreement() {
    let mut files = Vec::new();
    collect(&Path::new(PIGLIT).join("tests/spec"), &mut files);
    collect(&Path::new(PIGLIT).join("generated_tests/spec"), &mut files);
    if files.is_empty() {
        eprintln!("piglit is not installed; skipping");
        return;
    }
    files.sort();
    let (mut agree, mut total) = (0u32, 0u32);
    for f in files.iter().step_by(STEP) {
        let Ok(text) = std::fs::read_to_string(f) else { continue };
        let Some(case) = glsl::corpus::parse_case(&text, f) else { continue };
        let Some(options) = case.options() else { continue };
        let (success, _) = case.run(&text, &options);
        total += 1;
        agree += (success == case.expect_pass) as u32;
    }
    let percent = 100.0 * agree as f64 / total as f64;
    eprintln!("glslparser sample: {}/{} = {:.2}%", agree, total, percent);
    assert!(total > 2000, "sample unexpectedly small: {}", total);
    assert!(percent >= FLOOR_PERCENT, "agreement fell to {:.2}% (floor {}%)", percent, FLOOR_PERCENT);
}
