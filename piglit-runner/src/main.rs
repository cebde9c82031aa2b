//! piglit-runner: runs the installed piglit against galvan, zink and llvmpipe.

use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;

use piglit_runner::baseline::Baseline;
use piglit_runner::cli::{Cli, Cmd, SelectArgs};
use piglit_runner::error::Result;
use piglit_runner::run::{self, RunOptions};
use piglit_runner::selection::Selection;
use piglit_runner::{merge, profile, say, sayln, summary, warnln};

fn list(select: &SelectArgs) -> Result<i32> {
    run::check_piglit(&select.piglit_dir)?;
    let selection = Selection::new(&select.include, &select.exclude, select.include_list.as_deref(), select.fraction, select.fraction_start)?;
    let tests = selection.apply(profile::load_profiles(&select.piglit_dir, &select.profile)?);
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    // A reader that stops early (`| head`) ends the listing; that is not an error.
    for test in tests {
        if writeln!(out, "{}", test.name).is_err() {
            return Ok(0);
        }
    }
    let _ = out.flush();
    Ok(0)
}

fn merge_command(args: &piglit_runner::cli::MergeArgs) -> Result<i32> {
    let runs = merge::merge_dirs(&args.inputs)?;
    // Bad baseline files are reported before anything is written.
    let baselines = match &args.baseline {
        Some(dir) => runs.iter().map(|r| Baseline::load(dir, &r.driver)).collect::<Result<Vec<_>>>()?,
        None => Vec::new(),
    };
    run::write_outputs(&args.output, &runs)?;
    say!("{}", summary::totals(&runs));
    let mut code = 0;
    if !baselines.is_empty() {
        for (r, baseline) in runs.iter().zip(&baselines) {
            let unexpected = baseline.unexpected(&r.tests);
            sayln!("{}: {} unexpected results", r.driver, unexpected.len());
            for u in &unexpected {
                sayln!("  {}: expected {}, got {} ({})", u.name, u.expected, u.actual, u.kind());
            }
            if !unexpected.is_empty() {
                code = 1;
            }
        }
    }
    Ok(code)
}

fn run_command(args: Box<piglit_runner::cli::RunArgs>) -> Result<i32> {
    let drivers = if args.compare.is_empty() { vec![args.driver.clone()] } else { args.compare.clone() };
    let jobs = args.jobs.unwrap_or_else(|| std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1));
    let opts = RunOptions {
        piglit_dir: args.select.piglit_dir,
        profiles: args.select.profile,
        include: args.select.include,
        exclude: args.select.exclude,
        include_list: args.select.include_list,
        fraction: args.select.fraction,
        fraction_start: args.select.fraction_start,
        drivers,
        driver_env: args.driver_env,
        galvan: args.galvan,
        platform: args.platform,
        jobs: jobs.max(1),
        timeout: Duration::from_secs(args.timeout.max(1)),
        output: args.output,
        baseline: args.baseline,
        update_baseline: args.update_baseline,
        flake_retries: args.flake_retries,
        progress: !args.no_progress,
    };
    Ok(run::run(&opts)?.exit_code())
}

fn main() -> ExitCode {
    let cli = Cli::parse_from(piglit_runner::cli::with_default_subcommand(std::env::args().collect()));
    piglit_runner::interrupt::install();
    let result = match cli.command {
        Cmd::Run(args) => run_command(args),
        Cmd::Merge(args) => merge_command(&args),
        Cmd::List(select) => list(&select),
    };
    match result {
        Ok(code) => ExitCode::from(code as u8),
        Err(e) => {
            warnln!("piglit-runner: {e}");
            ExitCode::from(2)
        }
    }
}
