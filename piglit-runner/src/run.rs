//! One run from start to end: load and select tests, bring up the platform, ask each
//! driver what it offers, run everything, retry unexpected results, write the reports,
//! print the tables, and judge against the baseline.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use wait_timeout::ChildExt;

use crate::baseline::{Baseline, Unexpected};
use crate::driver::Driver;
use crate::error::{Error, Result};
use crate::execute::RunContext;
use crate::gl_info::{GlInfo, Query};
use crate::profile::{self, TestKind};
use crate::progress::Progress;
use crate::record::TestRecord;
use crate::report::{self, DriverResults};
use crate::scheduler::{self, DriverRun, Job};
use crate::selection::Selection;
use crate::status::Status;
use crate::summary;
use crate::xvfb::Xvfb;

pub const PLATFORMS: [&str; 3] = ["surfaceless_egl", "x11_egl", "glx"];

/// Everything a run is told on the command line.
#[derive(Clone, Debug)]
pub struct RunOptions {
    pub piglit_dir: PathBuf,
    pub profiles: Vec<String>,
    pub include: Vec<String>,
    pub exclude: Vec<String>,
    pub include_list: Option<PathBuf>,
    pub fraction: usize,
    pub fraction_start: usize,
    /// Driver names; the first is the one the others are compared with.
    pub drivers: Vec<String>,
    pub driver_env: Vec<String>,
    pub galvan: Option<PathBuf>,
    pub platform: String,
    pub jobs: usize,
    pub timeout: Duration,
    pub output: PathBuf,
    pub baseline: Option<PathBuf>,
    pub update_baseline: bool,
    pub flake_retries: usize,
    pub progress: bool,
}

/// Checks that piglit is installed where we look, in one line that says how to fix it.
pub fn check_piglit(dir: &Path) -> Result<()> {
    if dir.join("bin").is_dir() && dir.join("tests").is_dir() {
        Ok(())
    } else {
        Err(Error::new(format!(
            "piglit not found in {}: install it with `sudo apt-get install piglit` or pass --piglit-dir DIR",
            dir.display()
        )))
    }
}

/// Makes sure the results can be written before any test runs, not after an hour of them.
pub fn prepare_output(output: &Path) -> Result<()> {
    std::fs::create_dir_all(output).map_err(|e| Error::io("create output folder", output, e))?;
    let probe = output.join(".piglit-runner-write-check");
    std::fs::write(&probe, b"").map_err(|e| Error::io("write into output folder", output, e))?;
    let _ = std::fs::remove_file(&probe);
    Ok(())
}

/// Runs wflinfo on `driver` and returns its report when it succeeded.
fn wflinfo(driver: &Driver, ctx: &RunContext, query: Query) -> Option<String> {
    let mut argv = vec!["wflinfo".to_owned(), "--platform".to_owned(), ctx.platform.clone()];
    argv.extend(query.args().iter().map(|s| s.to_string()));
    let full = driver.wrap(&argv);
    let out_path = ctx.scratch.join(format!("wflinfo-{}-{query:?}.out", driver.name));
    let mut child = Command::new(&full[0])
        .args(&full[1..])
        .envs(driver.env.iter().map(|(k, v)| (k, v)))
        .envs(ctx.env.iter().map(|(k, v)| (k, v)))
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&out_path).ok()?)
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    let status = match child.wait_timeout(Duration::from_secs(60)) {
        Ok(Some(status)) => status,
        _ => {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
    };
    let text = std::fs::read_to_string(&out_path).ok();
    let _ = std::fs::remove_file(&out_path);
    if status.success() {
        text
    } else {
        None
    }
}

fn wflinfo_installed() -> bool {
    Command::new("wflinfo").arg("--help").stdout(Stdio::null()).stderr(Stdio::null()).status().is_ok()
}

/// The outcome of a run, for the exit status.
pub struct RunSummary {
    pub runs: Vec<DriverResults>,
    /// Per driver, results the baseline did not allow.
    pub unexpected: Vec<(String, Vec<Unexpected>)>,
}

impl RunSummary {
    pub fn exit_code(&self) -> i32 {
        if self.unexpected.iter().any(|(_, u)| !u.is_empty()) {
            1
        } else {
            0
        }
    }
}

pub fn run(opts: &RunOptions) -> Result<RunSummary> {
    check_piglit(&opts.piglit_dir)?;
    if !PLATFORMS.contains(&opts.platform.as_str()) {
        return Err(Error::new(format!("unknown platform `{}`: use one of {}", opts.platform, PLATFORMS.join(", "))));
    }
    let selection = Selection::new(&opts.include, &opts.exclude, opts.include_list.as_deref(), opts.fraction, opts.fraction_start)?;
    let drivers: Vec<Driver> = opts
        .drivers
        .iter()
        .map(|name| Driver::named(name, opts.galvan.as_deref())?.with_env(&opts.driver_env))
        .collect::<Result<_>>()?;
    if drivers.is_empty() {
        return Err(Error::new("no driver given"));
    }
    let baselines: Vec<Baseline> = match &opts.baseline {
        // --update-baseline may start a baseline in a new folder.
        Some(dir) if opts.update_baseline && !dir.exists() => vec![Baseline::default(); drivers.len()],
        Some(dir) => drivers.iter().map(|d| Baseline::load(dir, &d.name)).collect::<Result<_>>()?,
        None => vec![Baseline::default(); drivers.len()],
    };
    prepare_output(&opts.output)?;

    let all = profile::load_profiles(&opts.piglit_dir, &opts.profiles)?;
    let unknown = selection.unknown_names(&all);
    if !unknown.is_empty() {
        crate::warnln!("warning: {} names of the test list are in no selected profile, e.g. `{}`", unknown.len(), unknown[0]);
    }
    let tests = selection.apply(all);
    if tests.is_empty() {
        crate::warnln!("warning: the selection holds no test");
    }

    let scratch = std::env::temp_dir().join(format!("piglit-runner-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).map_err(|e| Error::io("create scratch folder", &scratch, e))?;
    let xvfb = if opts.platform == "surfaceless_egl" { None } else { Some(Xvfb::start()?) };
    let mut env = vec![("PIGLIT_SOURCE_DIR".to_owned(), opts.piglit_dir.display().to_string())];
    if let Some(x) = &xvfb {
        env.push(("DISPLAY".to_owned(), x.display.clone()));
    }
    let ctx = RunContext {
        piglit_dir: opts.piglit_dir.clone(),
        platform: opts.platform.clone(),
        timeout: opts.timeout,
        scratch: scratch.clone(),
        env,
    };

    let needs_info = tests.iter().any(|t| matches!(t.kind, TestKind::Shader(_) | TestKind::GlslParser(_)));
    let can_query = needs_info && wflinfo_installed();
    if needs_info && !can_query {
        crate::warnln!("warning: wflinfo not found (`sudo apt-get install waffle-utils`): tests run without requirement checks");
    }
    let driver_runs: Vec<DriverRun> = drivers
        .into_iter()
        .map(|driver| {
            let gl_info = can_query.then(|| GlInfo::query(|q| wflinfo(&driver, &ctx, q)));
            DriverRun { driver, gl_info }
        })
        .collect();

    let started = Instant::now();
    let jobs: Vec<Job> = (0..tests.len())
        .flat_map(|test| (0..driver_runs.len()).map(move |driver| Job { test, driver }))
        .collect();
    let mut progress = Progress::new(jobs.len(), opts.progress);
    let mut records = scheduler::run_jobs(&jobs, &tests, &driver_runs, &ctx, opts.jobs, &mut progress);

    // Unexpected results get more runs; one that changes its mind is a flake.
    if opts.baseline.is_some() {
        for _ in 0..opts.flake_retries {
            let retry: Vec<usize> = (0..jobs.len())
                .filter(|&i| records[i].status != Status::Flake && !baselines[jobs[i].driver].accepts(&records[i].name, records[i].status))
                .collect();
            if retry.is_empty() {
                break;
            }
            progress.add_work(retry.len());
            let retry_jobs: Vec<Job> = retry.iter().map(|&i| jobs[i]).collect();
            let again = scheduler::run_jobs(&retry_jobs, &tests, &driver_runs, &ctx, opts.jobs, &mut progress);
            for (&i, second) in retry.iter().zip(again) {
                if second.status != records[i].status {
                    let first = records[i].status;
                    records[i].status = Status::Flake;
                    records[i].note = Some(format!("{first} first, then {}", second.status));
                }
            }
        }
    }
    progress.finish();
    drop(xvfb);
    let _ = std::fs::remove_dir_all(&scratch);
    if crate::interrupt::interrupted() {
        return Err(Error::new("interrupted; no results written"));
    }
    let elapsed = started.elapsed();

    let mut runs: Vec<DriverResults> = driver_runs
        .iter()
        .map(|d| DriverResults { driver: d.driver.name.clone(), platform: opts.platform.clone(), tests: Vec::new() })
        .collect();
    for (job, record) in jobs.iter().zip(records) {
        runs[job.driver].tests.push(record);
    }
    for run in &mut runs {
        run.sort();
    }
    write_outputs(&opts.output, &runs)?;
    crate::say!("{}", summary::by_group(&runs));
    crate::sayln!();
    crate::say!("{}", summary::totals(&runs));
    crate::sayln!("{} tests on {} driver(s) in {:.1} s", tests.len(), runs.len(), elapsed.as_secs_f64());
    if runs.len() > 1 {
        print_disagreements(&runs, &opts.output);
    }

    let mut unexpected = Vec::new();
    if let Some(dir) = &opts.baseline {
        for (run, baseline) in runs.iter().zip(&baselines) {
            if opts.update_baseline {
                baseline.updated(&run.tests).write(dir, &run.driver)?;
                crate::sayln!("baseline for {} written to {}", run.driver, dir.display());
                continue;
            }
            let found = baseline.unexpected(&run.tests);
            print_unexpected(run, &found);
            unexpected.push((run.driver.clone(), found));
        }
    }
    Ok(RunSummary { runs, unexpected })
}

/// How many lines of each disagreement list the terminal gets; summary.md has them all.
const LISTED: usize = 40;

fn print_disagreements(runs: &[DriverResults], output: &Path) {
    let (peer_only, subject_only) = summary::disagreements(runs);
    let subject = &runs[0].driver;
    for (title, list) in [
        (format!("pass on a peer, not on {subject}"), peer_only),
        (format!("pass on {subject}, not on a peer"), subject_only),
    ] {
        crate::sayln!("\n{} tests {title}:", list.len());
        for line in list.iter().take(LISTED) {
            crate::sayln!("  {line}");
        }
        if list.len() > LISTED {
            crate::sayln!("  ... all of them in {}", output.join("summary.md").display());
        }
    }
}

fn print_unexpected(run: &DriverResults, found: &[Unexpected]) {
    let flakes: Vec<&TestRecord> = run.tests.iter().filter(|t| t.status == Status::Flake).collect();
    for f in &flakes {
        crate::sayln!("flake on {}: {} ({})", run.driver, f.name, f.note.as_deref().unwrap_or(""));
    }
    if found.is_empty() {
        crate::sayln!("{}: all results as the baseline expects", run.driver);
        return;
    }
    crate::sayln!("{}: {} unexpected results", run.driver, found.len());
    for u in found {
        crate::sayln!("  {}: expected {}, got {} ({})", u.name, u.expected, u.actual, u.kind());
    }
}

/// Writes each driver's files (into `output` for one driver, `output/<driver>` for
/// several), and the markdown summary and side-by-side CSV.
pub fn write_outputs(output: &Path, runs: &[DriverResults]) -> Result<()> {
    if runs.len() == 1 {
        report::write(output, &runs[0])?;
    } else {
        for run in runs {
            report::write(&output.join(&run.driver), run)?;
        }
        let path = output.join("compare.csv");
        std::fs::write(&path, summary::compare_csv(runs)).map_err(|e| Error::io("write", &path, e))?;
    }
    let path = output.join("summary.md");
    std::fs::write(&path, summary::markdown(runs)).map_err(|e| Error::io("write", &path, e))?;
    Ok(())
}
