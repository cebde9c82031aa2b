//! Compiles piglit's glslparser shaders (files with a `[config]` header) and reports,
//! per directory, how often the compiler agrees with `expect_result`.
//!
//! Usage: glsl-corpus [--verbose] [--list-disagreements] [DIR ...]
//! (default: the installed piglit's tests/spec and generated_tests/spec).

use glsl::{compile_shader, Stage};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Instant;


fn main() {
    let mut dirs: Vec<PathBuf> = Vec::new();
    let mut list = false;
    let mut ir = false;
    let mut mutate = false;
    let mut mutations = 0u32;
    let mut depth = 3usize;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--list-disagreements" | "-l" => list = true,
            "--ir" => ir = true,
            "--mutate" => mutate = true,
            "--depth" => depth = args.next().and_then(|d| d.parse().ok()).unwrap_or(3),
            _ => dirs.push(a.into()),
        }
    }
    if dirs.is_empty() {
        dirs = glsl::corpus::default_dirs();
    }
    let mut files = Vec::new();
    for d in &dirs {
        if d.is_file() {
            // One file: show the compiler's verdict and log.
            let text = std::fs::read_to_string(d).unwrap_or_default();
            let options = glsl::corpus::parse_case(&text, d).and_then(|c| c.options());
            match options {
                Some(o) => {
                    let case = glsl::corpus::parse_case(&text, d).expect("parsed above");
                    let (ok, log) = case.run(&text, &o);
                    println!("success={}\n{}", ok, log);
                }
                None => println!("no [config] header or unsupported requirements"),
            }
            return;
        }
        glsl::corpus::collect_shaders(d, &mut files);
    }
    files.sort();
    let mut per_dir: BTreeMap<String, (u32, u32)> = BTreeMap::new();
    let (mut agree, mut total, mut skipped) = (0u32, 0u32, 0u32);
    let start = Instant::now();
    let (mut ir_ok, mut ir_total) = (0u32, 0u32);
    let mut ir_errors: BTreeMap<String, u32> = BTreeMap::new();
    for f in &files {
        let Ok(text) = std::fs::read_to_string(f) else { continue };
        let Some(case) = glsl::corpus::parse_case(&text, f) else { continue };
        if mutate {
            // Robustness: prefixes and single-character deletions must never panic.
            let Some(options) = case.options() else { continue };
            let bytes = text.as_bytes();
            for k in 1..8 {
                let cut = bytes.len() * k / 8;
                let mut variants = vec![String::from_utf8_lossy(&bytes[..cut]).to_string()];
                let mut deleted = bytes.to_vec();
                deleted.remove(cut.min(bytes.len() - 1));
                variants.push(String::from_utf8_lossy(&deleted).to_string());
                for v in variants {
                    match std::panic::catch_unwind(|| case.run(&v, &options)) {
                        Err(_) => println!("PANIC on a mutation of {} (cut {})", f.display(), cut),
                        Ok((_, log)) if log.contains("internal compiler error") => {
                            println!("ICE on a mutation of {} (cut {})", f.display(), cut)
                        }
                        Ok(_) => mutations += 1,
                    }
                }
            }
            continue;
        }
        let Some(options) = case.options() else {
            skipped += 1;
            continue;
        };
        let result = std::panic::catch_unwind(|| compile_shader(&[&text], &options));
        let verdict = std::panic::catch_unwind(|| case.run(&text, &options));
        let ok = match &verdict {
            Ok((success, _)) => *success == case.expect_pass,
            Err(_) => false,
        };
        total += 1;
        agree += ok as u32;
        if ir {
            if let Ok(r) = &result {
                if r.success && matches!(case.stage, Stage::Vertex | Stage::Fragment) {
                    ir_total += 1;
                    let opts = glsl::LinkOptions { separable: true, ..Default::default() };
                    let linked = std::panic::catch_unwind(|| glsl::link_program(&[r], &opts));
                    match linked {
                        Ok(p) if p.success => match &p.stages[0].ir {
                            Ok(_) => ir_ok += 1,
                            Err(e) => { if std::env::var("SHOW").is_ok() { println!("IRERR {} {}", f.display(), e); } *ir_errors.entry(e.clone()).or_insert(0u32) += 1 }
                        },
                        Ok(p) => *ir_errors.entry(format!("link: {}", p.info_log.lines().next().unwrap_or(""))).or_insert(0) += 1,
                        Err(_) => *ir_errors.entry(format!("PANIC {}", f.display())).or_insert(0) += 1,
                    }
                }
            }
        }
        let key: String = f
            .to_string_lossy()
            .split('/')
            .skip_while(|c| *c != "spec")
            .skip(1)
            .take(depth)
            .collect::<Vec<_>>()
            .join("/");
        let key = key.rsplit_once('/').map(|(d, _)| d.to_string()).unwrap_or(key);
        let e = per_dir.entry(key).or_default();
        e.0 += ok as u32;
        e.1 += 1;
        if list && !ok {
            let log = match &verdict {
                Ok((_, log)) => log.lines().next().unwrap_or("").to_string(),
                Err(_) => "PANIC".into(),
            };
            println!("DISAGREE expect={} {} :: {}", if case.expect_pass { "pass" } else { "fail" }, f.display(), log);
        }
    }
    if mutate {
        println!("{} mutated shaders compiled without a panic", mutations);
    }
    for (d, (a, t)) in &per_dir {
        println!("{:6.1}% {:5}/{:<5} {}", 100.0 * *a as f64 / *t as f64, a, t, d);
    }
    if ir {
        let mut errs: Vec<_> = ir_errors.into_iter().collect();
        errs.sort_by(|a, b| b.1.cmp(&a.1));
        for (e, n) in errs.iter().take(40) {
            println!("IR {:5} {}", n, e);
        }
        println!("IR generated for {}/{} compiled vertex and fragment shaders", ir_ok, ir_total);
    }
    println!(
        "TOTAL {:.2}% agreement: {}/{} ({} skipped for unsupported requirements) in {:.2}s",
        100.0 * agree as f64 / total.max(1) as f64,
        agree,
        total,
        skipped,
        start.elapsed().as_secs_f64()
    );
}


