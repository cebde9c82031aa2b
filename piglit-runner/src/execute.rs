//! Running one test process: its own process group, a timeout that kills the whole
//! group, output captured to files (a child that leaves grandchildren behind cannot hang
//! the runner), and the verdict read from what it printed.

use std::fs::File;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use wait_timeout::ChildExt;

use crate::command_line;
use crate::driver::Driver;
use crate::gl_info::GlInfo;
use crate::interrupt;
use crate::outcome::{self, Exit};
use crate::profile::{TestEntry, TestKind};
use crate::record::{Subtest, TestRecord};
use crate::status::Status;

/// How many trailing output lines a test that did not pass keeps.
pub const TAIL_LINES: usize = 25;

/// What every test of a run shares.
#[derive(Clone, Debug)]
pub struct RunContext {
    pub piglit_dir: PathBuf,
    /// piglit's platform name (`surfaceless_egl`, `x11_egl`, `glx`).
    pub platform: String,
    pub timeout: Duration,
    /// Folder for the captured output of running tests.
    pub scratch: PathBuf,
    /// Environment every test gets (DISPLAY of the runner's Xvfb, ...).
    pub env: Vec<(String, String)>,
}

/// Why piglit would not run this test here at all.
pub fn skip_reason(test: &TestEntry, platform: &str, gl_info: Option<&GlInfo>) -> Option<String> {
    match &test.kind {
        TestKind::Gl { require_platforms, exclude_platforms } => {
            if !require_platforms.is_empty() && !require_platforms.iter().any(|p| p == platform) {
                return Some(format!("Test requires one of the platforms {require_platforms:?} but the platform is \"{platform}\""));
            }
            if exclude_platforms.iter().any(|p| p == platform) {
                return Some(format!("Test cannot be run on the platforms {exclude_platforms:?} and the platform is \"{platform}\""));
            }
            None
        }
        TestKind::Shader(req) | TestKind::GlslParser(req) => gl_info.and_then(|info| info.skip_reason(req)),
        TestKind::Unsupported(kind) => Some(format!("tests of type `{kind}` are not run by this runner")),
        _ => None,
    }
}

/// Runs `test` on `driver`; `slot` names the scratch files so parallel tests never share them.
pub fn run_test(test: &TestEntry, driver: &Driver, gl_info: Option<&GlInfo>, ctx: &RunContext, slot: usize) -> TestRecord {
    if let Some(reason) = skip_reason(test, &ctx.platform, gl_info) {
        return TestRecord::decided(&test.name, Status::Skip, reason);
    }
    let Some(argv) = command_line::argv(test, &ctx.piglit_dir) else {
        return TestRecord::decided(&test.name, Status::Skip, "no command to run".to_owned());
    };
    if !Path::new(&argv[0]).is_file() {
        return TestRecord::decided(&test.name, Status::Missing, format!("{} is not installed", argv[0]));
    }
    let full = driver.wrap(&argv);
    let mut record = TestRecord::decided(&test.name, Status::Crash, String::new());
    record.note = None;
    record.command = full.join(" ");

    let out_path = ctx.scratch.join(format!("{slot}.out"));
    let err_path = ctx.scratch.join(format!("{slot}.err"));
    let started = Instant::now();
    let spawned = (|| -> std::io::Result<std::process::Child> {
        let mut command = Command::new(&full[0]);
        command
            .args(&full[1..])
            .stdin(Stdio::null())
            .stdout(File::create(&out_path)?)
            .stderr(File::create(&err_path)?)
            .envs(driver.env.iter().map(|(k, v)| (k, v)))
            .envs(ctx.env.iter().map(|(k, v)| (k, v)))
            .env("PIGLIT_PLATFORM", &ctx.platform)
            .envs(test.env.iter().map(|(k, v)| (k, v)))
            .process_group(0);
        command.spawn()
    })();
    let mut child = match spawned {
        Ok(child) => child,
        Err(e) => {
            record.note = Some(format!("cannot start {}: {e}", full[0]));
            record.status = if e.kind() == std::io::ErrorKind::NotFound { Status::Missing } else { Status::Crash };
            return record;
        }
    };
    let group = child.id() as libc::pid_t;
    // Waits in short slices so an interrupt of the runner is noticed; an exit is seen at once.
    let exit = loop {
        let left = ctx.timeout.saturating_sub(started.elapsed());
        if left.is_zero() || interrupt::interrupted() {
            break None;
        }
        match child.wait_timeout(left.min(Duration::from_millis(250))) {
            Ok(Some(status)) => break Some(status),
            Ok(None) => continue,
            Err(_) => break None,
        }
    };
    // The leader is not reaped yet when it timed out, so its group id cannot be reused.
    if exit.is_none() {
        // SAFETY: kill() with a negative pid signals the test's own process group only.
        unsafe { libc::kill(-group, libc::SIGKILL) };
        let _ = child.wait();
    }
    record.seconds = started.elapsed().as_secs_f64();
    let stdout = String::from_utf8_lossy(&std::fs::read(&out_path).unwrap_or_default()).into_owned();
    let stderr = String::from_utf8_lossy(&std::fs::read(&err_path).unwrap_or_default()).into_owned();

    match exit {
        None if interrupt::interrupted() => {
            record.status = Status::Crash;
            record.note = Some("killed: the run was interrupted".to_owned());
        }
        None => {
            record.status = Status::Timeout;
            record.note = Some(format!("killed after the {} s timeout", ctx.timeout.as_secs()));
        }
        Some(status) => {
            let exit = match (status.code(), status.signal()) {
                // A launcher that waits for the test reports its death by signal N as
                // exit status 128+N, the way shells do.
                (Some(code), _) if !driver.launcher.is_empty() && (129..=192).contains(&code) => Exit::Signal(code - 128),
                (Some(code), _) => Exit::Code(code),
                (None, Some(signal)) => Exit::Signal(signal),
                (None, None) => Exit::Code(-1),
            };
            let outcome = outcome::interpret(&stdout, exit);
            record.status = outcome.status;
            record.note = outcome.note;
            record.subtests = outcome
                .subtests
                .into_iter()
                .map(|(name, s)| Subtest { name, status: s.name().to_owned() })
                .collect();
        }
    }
    if record.status != Status::Pass {
        record.output_tail = tail(&stdout, &stderr, TAIL_LINES);
    }
    let _ = std::fs::remove_file(&out_path);
    let _ = std::fs::remove_file(&err_path);
    record
}

/// The last `n` lines of stdout followed by stderr.
pub fn tail(stdout: &str, stderr: &str, n: usize) -> Vec<String> {
    let lines: Vec<&str> = stdout.lines().chain(stderr.lines()).collect();
    lines[lines.len().saturating_sub(n)..].iter().map(|l| l.to_string()).collect()
}
