//! `cargo bench -p galvan-benches [-- WORKLOAD...]`: every workload of `gl-workloads`, and
//! piglit's drawoverhead, under galvan and under Mesa's zink in the same run, as a table.
//! Needs `cargo build --release -p galvan` first (the launcher and libgalvan.so).

use std::time::Duration;

use galvan_benches::drawoverhead;
use galvan_benches::measurement::Measurement;
use galvan_benches::measurement::Unit;
use galvan_benches::peer_run::{drivers, measure_under, run_under};
use galvan_benches::plan::{variants, Variant, DRAWOVERHEAD, WORKLOADS};
use galvan_benches::table::{render, Row};
use piglit_runner::driver::Driver;

const RUN_LIMIT: Duration = Duration::from_secs(180);

/// What galvan gets on top of its launcher: the version every workload's context asks for,
/// as the piglit comparisons run it.
const GALVAN_ENV: [&str; 1] = ["GALVAN_GL_VERSION_OVERRIDE=4.6"];

struct Outcome {
    variant: Variant,
    galvan: Result<Vec<Measurement>, String>,
    zink: Option<Result<Vec<Measurement>, String>>,
}

fn main() {
    // cargo passes `--bench`; anything else without dashes names a workload.
    let mut selected: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with("--")).collect();
    if selected.is_empty() {
        selected = WORKLOADS.iter().map(|w| w.to_string()).chain([DRAWOVERHEAD.to_owned()]).collect();
    }
    for name in &selected {
        if name != DRAWOVERHEAD && variants(name).is_none() {
            eprintln!("unknown workload `{name}`: choose from {}, {DRAWOVERHEAD}", WORKLOADS.join(", "));
            std::process::exit(2);
        }
    }
    let galvan_env: Vec<String> = GALVAN_ENV.iter().map(|s| s.to_string()).collect();
    let (galvan, zink) = match drivers(&galvan_env) {
        Ok(pair) => pair,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    let program = env!("CARGO_BIN_EXE_gl-workloads").to_owned();
    let load_at_start = load_average();

    let mut rows = Vec::new();
    let mut failures = Vec::new();
    for name in selected.iter().filter(|n| *n != DRAWOVERHEAD) {
        let mut outcomes: Vec<Outcome> = Vec::new();
        for variant in variants(name).expect("checked above") {
            let argv: Vec<String> = std::iter::once(program.clone()).chain(variant.args.iter().cloned()).collect();
            let on = |driver: &Driver, env: &[(String, String)]| {
                eprintln!("{} {} on {}", variant.workload, variant.label, driver.name);
                measure_under(driver, env, &argv, RUN_LIMIT)
            };
            let galvan_result = on(&galvan, &variant.galvan_env);
            let zink_result = variant.on_zink.then(|| on(&zink, &[]));
            outcomes.push(Outcome { variant, galvan: galvan_result, zink: zink_result });
        }
        rows.extend(rows_of(&outcomes, &mut failures));
        if *name == "robustness" {
            print_robustness_costs(&outcomes);
        }
    }
    if selected.iter().any(|n| n == DRAWOVERHEAD) {
        match drawoverhead_rows(&galvan, &zink) {
            Ok((found, failed)) => {
                rows.extend(found);
                failures.extend(failed);
            }
            Err(e) => failures.push(e),
        }
    }

    println!("\n{}", render(&rows));
    println!("galvan speed vs zink: above 1 means galvan is faster (rates divided, or times inverted).");
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!(
        "load average {} at the start, {} at the end, on {cores} cores: other work on the machine moves the numbers.",
        load_at_start, load_average()
    );
    if !failures.is_empty() {
        eprintln!("\n{} run(s) failed:", failures.len());
        for failure in &failures {
            eprintln!("  {failure}");
        }
        std::process::exit(1);
    }
}

/// The one-minute load average, as the kernel reports it.
fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|text| text.split_whitespace().next().map(str::to_owned))
        .unwrap_or_else(|| "unknown".to_owned())
}

/// Table rows for one workload: each measurement with galvan's and zink's numbers; a
/// galvan-only variant takes zink's number from the variant it names.
fn rows_of(outcomes: &[Outcome], failures: &mut Vec<String>) -> Vec<Row> {
    let mut rows = Vec::new();
    for outcome in outcomes {
        let variant = &outcome.variant;
        let zink = match &outcome.zink {
            Some(result) => Some(result),
            None => variant
                .zink_as
                .and_then(|label| outcomes.iter().find(|o| o.variant.label == label))
                .and_then(|o| o.zink.as_ref()),
        };
        for result in [Some(&outcome.galvan), outcome.zink.as_ref()].into_iter().flatten() {
            if let Err(e) = result {
                failures.push(e.clone());
            }
        }
        let galvan_ok = outcome.galvan.as_ref().ok();
        let zink_ok = zink.and_then(|r| r.as_ref().ok());
        // Names from whichever side measured; a side that failed shows "failed".
        let names: Vec<(String, Unit)> = galvan_ok
            .or(zink_ok)
            .map(|ms| ms.iter().map(|m| (m.name.clone(), m.unit)).collect())
            .unwrap_or_default();
        let value_of = |side: Option<&Vec<Measurement>>, name: &str| side?.iter().find(|m| m.name == name).map(|m| m.value);
        for (name, unit) in names {
            let shown = if variant.label.is_empty() { name.clone() } else { format!("{name}, {}", variant.label) };
            rows.push(Row {
                workload: variant.workload.to_owned(),
                name: shown,
                unit,
                galvan: value_of(galvan_ok, &name),
                zink: value_of(zink_ok, &name),
            });
        }
    }
    rows
}

/// Within one driver: what a robust context costs over a plain one, and what galvan's
/// forced emulation costs over its native robust access.
fn print_robustness_costs(outcomes: &[Outcome]) {
    let first = |label: &str, zink: bool| -> Option<f64> {
        let outcome = outcomes.iter().find(|o| o.variant.label == label)?;
        let result = if zink { outcome.zink.as_ref()? } else { &outcome.galvan };
        result.as_ref().ok()?.first().map(|m| m.value)
    };
    let ratio = |a: Option<f64>, b: Option<f64>| a.zip(b).map_or("n/a".to_owned(), |(a, b)| format!("{:.2}x", a / b));
    println!(
        "robustness: robust/plain frame time: galvan {}, zink {}; galvan emulated/native robust: {}",
        ratio(first("robust context", false), first("plain context", false)),
        ratio(first("robust context", true), first("plain context", true)),
        ratio(first("robust context, GALVAN_EMULATE=robustness", false), first("robust context", false)),
    );
}

/// piglit's drawoverhead cases on a private X server, each under both drivers.
fn drawoverhead_rows(galvan: &Driver, zink: &Driver) -> Result<(Vec<Row>, Vec<String>), String> {
    let Some(program) = drawoverhead::program() else {
        eprintln!("piglit's drawoverhead is not installed: skipped");
        return Ok((Vec::new(), Vec::new()));
    };
    let server = piglit_runner::xvfb::Xvfb::start().map_err(|e| e.to_string())?;
    let env = [("PIGLIT_PLATFORM".to_owned(), "glx".to_owned()), ("DISPLAY".to_owned(), server.display.clone())];
    let mut rows = Vec::new();
    let mut failures = Vec::new();
    for case in drawoverhead::CASES {
        let argv = [
            program.display().to_string(),
            "-nocolor".to_owned(),
            "-test".to_owned(),
            case.to_string(),
            "-duration".to_owned(),
            drawoverhead::SECONDS.to_string(),
        ];
        let mut measure = |driver: &Driver| {
            eprintln!("drawoverhead -test {case} on {}", driver.name);
            let found = run_under(driver, &env, &argv, RUN_LIMIT)
                .map(|out| drawoverhead::parse(&out).into_iter().find(|c| c.number == case))
                .and_then(|c| c.ok_or_else(|| format!("drawoverhead -test {case} on {} printed no result", driver.name)));
            found.map_err(|e| failures.push(e)).ok()
        };
        let (mut g, mut z) = (measure(galvan), measure(zink));
        // The case list depends on what the context offers: compare like with like only.
        if let (Some(a), Some(b)) = (&g, &z) {
            if a.name != b.name {
                failures.push(format!("drawoverhead -test {case} is `{}` on galvan but `{}` on zink", a.name, b.name));
                (g, z) = (None, None);
            }
        }
        let Some(name) = g.as_ref().or(z.as_ref()).map(|c| c.name.clone()) else { continue };
        rows.push(Row {
            workload: "piglit drawoverhead".to_owned(),
            name: format!("{case}: {name}"),
            unit: Unit::DrawsPerSecond,
            galvan: g.map(|c| c.kilodraws_per_second * 1000.0),
            zink: z.map(|c| c.kilodraws_per_second * 1000.0),
        });
    }
    Ok((rows, failures))
}
