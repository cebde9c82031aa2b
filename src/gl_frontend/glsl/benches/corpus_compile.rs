//! Compile time of galvan's GLSL compiler over piglit's glslparser corpus: every file with
//! a `[config]` header, compiled for the context glslparsertest would create, timed one
//! shader at a time (best of `--reps` runs, so a busy machine disturbs it less).
//!
//! `cargo bench -p galvan-glsl --bench corpus_compile -- [--reps N] [--csv FILE] [DIR ...]`
//!
//! The CSV (`path,stage,compiled,nanos`) has the same columns as the one
//! `scripts/glsl-compile-bench` writes for Mesa's compiler, which joins the two by path
//! and reports the ratio.

use glsl::corpus::parse_case;
use glsl::{compile_shader, Stage};
use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};


struct Timed {
    path: PathBuf,
    stage: Stage,
    compiled: bool,
    best: Duration,
}

fn main() {
    let mut reps = 3u32;
    let mut csv: Option<PathBuf> = None;
    let mut dirs: Vec<PathBuf> = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--reps" => reps = args.next().and_then(|n| n.parse().ok()).unwrap_or(reps).max(1),
            "--csv" => csv = args.next().map(PathBuf::from),
            // cargo bench passes `--bench`; libtest's other flags mean nothing here.
            s if s.starts_with("--") => {}
            _ => dirs.push(a.into()),
        }
    }
    if dirs.is_empty() {
        dirs = glsl::corpus::default_dirs();
    }
    let mut files = Vec::new();
    for d in &dirs {
        glsl::corpus::collect_shaders(d, &mut files);
    }
    files.sort();
    if files.is_empty() {
        eprintln!("no shaders under {:?} (is piglit installed?)", dirs);
        std::process::exit(2);
    }

    let mut timed = Vec::new();
    for path in files {
        let Ok(text) = std::fs::read_to_string(&path) else { continue };
        let Some(case) = parse_case(&text, &path) else { continue };
        let Some(options) = case.options() else { continue };
        let mut best = Duration::MAX;
        let mut compiled = false;
        for _ in 0..reps {
            let start = Instant::now();
            let result = compile_shader(&[&text], &options);
            best = best.min(start.elapsed());
            compiled = result.success;
        }
        timed.push(Timed { path, stage: case.stage, compiled, best });
    }

    if let Some(csv) = &csv {
        let mut out = std::fs::File::create(csv).unwrap_or_else(|e| {
            eprintln!("cannot write {}: {e}", csv.display());
            std::process::exit(2);
        });
        let _ = writeln!(out, "path,stage,compiled,nanos");
        for t in &timed {
            let _ = writeln!(
                out,
                "{},{},{},{}",
                t.path.display(),
                t.stage.name(),
                t.compiled as u8,
                t.best.as_nanos()
            );
        }
    }
    report("all shaders", timed.iter());
    report("compiled", timed.iter().filter(|t| t.compiled));
    report("rejected", timed.iter().filter(|t| !t.compiled));
}

/// Prints the count, total, mean and median of a set of timings.
fn report<'a>(what: &str, timed: impl Iterator<Item = &'a Timed>) {
    let mut nanos: Vec<u128> = timed.map(|t| t.best.as_nanos()).collect();
    if nanos.is_empty() {
        return;
    }
    nanos.sort_unstable();
    let total: u128 = nanos.iter().sum();
    println!(
        "{what:12} {:6} shaders  total {:9.3} ms  mean {:8.1} us  median {:8.1} us  p95 {:8.1} us",
        nanos.len(),
        total as f64 / 1e6,
        total as f64 / nanos.len() as f64 / 1e3,
        nanos[nanos.len() / 2] as f64 / 1e3,
        nanos[nanos.len() * 95 / 100] as f64 / 1e3,
    );
}

