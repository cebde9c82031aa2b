//! The runner against a small piglit of shell scripts whose behaviour is known: passes,
//! failures, crashes by signal, silent exits, hangs, missing binaries, shards, merging
//! and baselines. Runs anywhere, needs no GL.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

const RUNNER: &str = env!("CARGO_BIN_EXE_piglit-runner");

struct FakePiglit {
    root: PathBuf,
}

impl FakePiglit {
    fn new(tag: &str) -> Self {
        let root = std::env::temp_dir().join(format!("piglit-runner-fake-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(root.join("bin")).unwrap();
        std::fs::create_dir_all(root.join("tests")).unwrap();
        let scripts = [
            ("pass", "echo 'PIGLIT: {\"result\": \"pass\" }'"),
            ("fail", "echo 'Probe color at (0,0)'; echo 'PIGLIT: {\"result\": \"fail\" }'"),
            ("segv", "echo 'about to crash'; kill -SEGV $$"),
            ("silent", "exit 0"),
            ("hang", "sleep 30 & wait"),
            ("warn", "echo 'PIGLIT: {\"result\": \"pass\" }'; exit 3"),
            (
                "subtests",
                "echo 'PIGLIT: {\"enumerate subtests\": [\"a\", \"b\"]}'; \
                 echo 'PIGLIT: {\"subtest\": {\"a\" : \"pass\"}}'; \
                 echo 'PIGLIT: {\"subtest\": {\"b\" : \"fail\"}}'; \
                 echo 'PIGLIT: {\"result\": \"fail\" }'",
            ),
            ("alone", "echo \"$@\" | grep -q -- -fbo && exit 5; echo 'PIGLIT: {\"result\": \"pass\" }'"),
            ("env", "[ \"$GALLIUM_DRIVER\" = llvmpipe ] && [ \"$MY_VAR\" = 1 ] && echo 'PIGLIT: {\"result\": \"pass\" }'"),
        ];
        for (name, body) in scripts {
            let path = root.join("bin").join(name);
            std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        }
        let test = |name: &str, program: &str, concurrent: bool| {
            format!(
                r#"<Test type="gl" name="{name}"><option name="command" value="['{program}']" /><option name="run_concurrent" value="{}" /></Test>"#,
                if concurrent { "True" } else { "False" }
            )
        };
        let tests = [
            test("group@pass", "pass", true),
            test("group@fail", "fail", true),
            test("group@segv", "segv", true),
            test("group@silent", "silent", true),
            test("group@hang", "hang", true),
            test("group@warn", "warn", true),
            test("group@subtests", "subtests", true),
            test("group@alone", "alone", false),
            test("group@env", "env", true),
            test("other@missing", "not-installed", true),
            r#"<Test type="gl" name="other@glx-only"><option name="require_platforms" value="['glx']" /><option name="command" value="['pass']" /></Test>"#.to_owned(),
        ];
        std::fs::write(
            root.join("tests/fake.xml.gz"),
            format!(r#"<PiglitTestList count="{}" name="fake">{}</PiglitTestList>"#, tests.len(), tests.join("")),
        )
        .unwrap();
        FakePiglit { root }
    }

    fn run(&self, args: &[&str]) -> (i32, String, String) {
        let out = Command::new(RUNNER)
            .arg("--piglit-dir")
            .arg(&self.root)
            .args(["--profile", "fake", "--driver", "llvmpipe", "--driver-env", "MY_VAR=1", "--no-progress"])
            .args(args)
            .output()
            .unwrap();
        (
            out.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    }

    fn out(&self, name: &str) -> PathBuf {
        self.root.join(name)
    }
}

impl Drop for FakePiglit {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.root);
    }
}

fn statuses(dir: &Path) -> Vec<(String, String)> {
    std::fs::read_to_string(dir.join("results.csv"))
        .unwrap()
        .lines()
        .map(|l| {
            let mut parts = l.rsplitn(3, ',');
            let _seconds = parts.next().unwrap();
            let status = parts.next().unwrap().to_owned();
            (parts.next().unwrap().to_owned(), status)
        })
        .collect()
}

#[test]
fn verdicts_follow_piglit_rules_and_timeouts_kill_the_group() {
    let piglit = FakePiglit::new("verdicts");
    let out = piglit.out("out");
    let started = Instant::now();
    let (code, stdout, stderr) = piglit.run(&["-j", "2", "--timeout", "2", "-o", out.to_str().unwrap()]);
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    // The hanging test's background sleep dies with its group: no 30 s wait.
    assert!(started.elapsed().as_secs() < 15, "took {:?}", started.elapsed());
    let expected = [
        ("group@alone", "Pass"),
        ("group@env", "Pass"),
        ("group@fail", "Fail"),
        ("group@hang", "Timeout"),
        ("group@pass", "Pass"),
        ("group@segv", "Crash"),
        ("group@silent", "Crash"),
        ("group@subtests", "Fail"),
        ("group@warn", "Warn"),
        ("other@glx-only", "Skip"),
        ("other@missing", "Missing"),
    ];
    let expected: Vec<(String, String)> = expected.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect();
    assert_eq!(statuses(&out), expected);

    let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(out.join("results.json")).unwrap()).unwrap();
    let tests = json["tests"].as_array().unwrap();
    let find = |name: &str| tests.iter().find(|t| t["name"] == name).unwrap();
    assert_eq!(find("group@subtests")["subtests"][1]["status"], "fail");
    let tail = find("group@fail")["output_tail"].as_array().unwrap();
    assert!(tail.iter().any(|l| l == "Probe color at (0,0)"), "{tail:?}");
    assert!(find("group@segv")["note"].as_str().unwrap().contains("signal 11"));
    roxmltree::Document::parse(&std::fs::read_to_string(out.join("junit.xml")).unwrap()).unwrap();
    assert!(stdout.contains("| group "), "summary by group missing: {stdout}");
}

#[test]
fn shards_cover_the_selection_and_merge_back() {
    let piglit = FakePiglit::new("shards");
    let filter = ["-x", "hang", "-t", "group@"];
    for k in ["1", "2"] {
        let dir = piglit.out(&format!("shard{k}"));
        let mut args = vec!["--fraction", "2", "--fraction-start", k, "-o", dir.to_str().unwrap()];
        args.extend(filter);
        let (code, stdout, stderr) = piglit.run(&args);
        assert_eq!(code, 0, "{stdout}{stderr}");
    }
    let (s1, s2) = (statuses(&piglit.out("shard1")), statuses(&piglit.out("shard2")));
    assert_eq!(s1.len() + s2.len(), 8);
    let merged = piglit.out("merged");
    let status = Command::new(RUNNER)
        .args(["merge", "-o", merged.to_str().unwrap()])
        .arg(piglit.out("shard1"))
        .arg(piglit.out("shard2"))
        .output()
        .unwrap();
    assert!(status.status.success());
    let all = statuses(&merged);
    assert_eq!(all.len(), 8);
    assert!(all.windows(2).all(|w| w[0].0 < w[1].0), "merged results are sorted");
}

#[test]
fn baseline_catches_regressions_and_new_passes_and_can_be_updated() {
    let piglit = FakePiglit::new("baseline");
    let baseline = piglit.out("baseline");
    std::fs::create_dir_all(&baseline).unwrap();
    // pass is wrongly expected to fail (a new pass); fail is missing (a regression).
    std::fs::write(baseline.join("llvmpipe-fails.txt"), "group@pass,Fail\n").unwrap();
    let out = piglit.out("out");
    let base = ["-t", "group@(pass|fail)$", "--baseline", baseline.to_str().unwrap(), "-o", out.to_str().unwrap()];
    let (code, stdout, _) = piglit.run(&base);
    assert_eq!(code, 1, "{stdout}");
    assert!(stdout.contains("group@pass: expected Fail, got Pass (new pass)"), "{stdout}");
    assert!(stdout.contains("group@fail: expected Pass, got Fail (regression)"), "{stdout}");

    let mut update = base.to_vec();
    update.push("--update-baseline");
    let (code, _, _) = piglit.run(&update);
    assert_eq!(code, 0);
    assert_eq!(std::fs::read_to_string(baseline.join("llvmpipe-fails.txt")).unwrap(), "group@fail,Fail\n");
    let (code, stdout, _) = piglit.run(&base);
    assert_eq!(code, 0, "{stdout}");
}

#[test]
fn bad_input_gives_one_clear_error() {
    let piglit = FakePiglit::new("bad");
    let (code, _, stderr) = piglit.run(&["-t", "(", "-o", "/tmp/unused"]);
    assert_eq!(code, 2);
    assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
    assert!(stderr.contains("--include regex `(`"), "{stderr}");
    let (code, _, stderr) = piglit.run(&["--include-list", "/nonexistent/list", "-o", "/tmp/unused"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("/nonexistent/list"), "{stderr}");
    let (code, _, stderr) = piglit.run(&["--profile", "nosuch", "-o", "/tmp/unused"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("nosuch"), "{stderr}");

    let out = Command::new(RUNNER).args(["--piglit-dir", "/nonexistent/piglit", "--driver", "llvmpipe", "-o", "/tmp/unused"]).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
    assert!(stderr.contains("apt-get install piglit"), "{stderr}");
}

#[test]
fn unreadable_profiles_and_unusable_folders_are_named_before_any_test_runs() {
    let piglit = FakePiglit::new("unreadable");
    let corrupt = piglit.out("corrupt.xml.gz");
    std::fs::write(&corrupt, b"\x1f\x8b\x08\x00not really gzip").unwrap();
    let garbage = piglit.out("garbage.xml");
    std::fs::write(&garbage, "this is no XML").unwrap();
    for (profile, says) in [(&corrupt, "decompress"), (&garbage, "parse"), (&piglit.root, "is not a file")] {
        let (code, _, stderr) = piglit.run(&["--profile", profile.to_str().unwrap(), "-o", "/tmp/unused"]);
        assert_eq!(code, 2, "{stderr}");
        assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
        assert!(stderr.contains(profile.to_str().unwrap()) && stderr.contains(says), "{stderr}");
    }

    // An output path that cannot be a folder, and a baseline folder that does not exist,
    // fail at once: the hanging test would otherwise hold the run for its timeout.
    let file = piglit.out("a-file");
    std::fs::write(&file, "").unwrap();
    let started = Instant::now();
    let (code, _, stderr) = piglit.run(&["--timeout", "20", "-o", file.join("out").to_str().unwrap()]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("a-file"), "{stderr}");
    let (code, _, stderr) =
        piglit.run(&["--timeout", "20", "--baseline", "/nonexistent/baseline", "-o", piglit.out("o").to_str().unwrap()]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("/nonexistent/baseline"), "{stderr}");
    assert!(started.elapsed().as_secs() < 10, "took {:?}", started.elapsed());
}

/// Runs the runner with its stdout a pipe whose reader is already gone, as under `| head`.
fn run_with_closed_stdout(piglit: &FakePiglit, args: &[&str]) -> (i32, String) {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let out = Command::new(RUNNER)
        .arg("--piglit-dir")
        .arg(&piglit.root)
        .args(["--profile", "fake", "--driver", "llvmpipe", "--driver-env", "MY_VAR=1", "--no-progress"])
        .args(args)
        .stdout(writer)
        .output()
        .unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn a_closed_stdout_loses_neither_exit_status_nor_baseline() {
    let piglit = FakePiglit::new("pipe");
    let list = Command::new(RUNNER)
        .args(["list", "--profile", "fake", "--piglit-dir"])
        .arg(&piglit.root)
        .stdout({
            let (reader, writer) = std::io::pipe().unwrap();
            drop(reader);
            writer
        })
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&list.stderr);
    assert_eq!(list.status.code(), Some(0), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");

    let baseline = piglit.out("baseline");
    let out = piglit.out("out");
    let args = ["-t", "group@(pass|fail)$", "--baseline", baseline.to_str().unwrap(), "-o", out.to_str().unwrap()];
    let mut update = args.to_vec();
    update.push("--update-baseline");
    // The baseline folder is new: --update-baseline creates it.
    let (code, stderr) = run_with_closed_stdout(&piglit, &update);
    assert_eq!(code, 0, "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(std::fs::read_to_string(baseline.join("llvmpipe-fails.txt")).unwrap(), "group@fail,Fail\n");
    std::fs::write(baseline.join("llvmpipe-fails.txt"), "").unwrap();
    let (code, stderr) = run_with_closed_stdout(&piglit, &args);
    assert_eq!(code, 1, "the regression still fails the run: {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}
