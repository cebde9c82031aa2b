//! Starts a program under one GL driver, chosen the way piglit-runner chooses it, and
//! collects the measurements it prints.

use std::process::Command;
use std::time::Duration;

use piglit_runner::driver::Driver;
use wait_timeout::ChildExt;

use crate::measurement::Measurement;

/// Drivers a bench compares: galvan through its launcher, zink on the same Vulkan driver.
pub fn drivers(extra_galvan_env: &[String]) -> Result<(Driver, Driver), String> {
    let galvan = Driver::named("galvan", None)
        .and_then(|d| d.with_env(extra_galvan_env))
        .map_err(|e| e.to_string())?;
    let zink = Driver::named("zink", None).map_err(|e| e.to_string())?;
    Ok((galvan, zink))
}

/// Runs `argv` under `driver` with `env` added; the measurements it printed, or the reason
/// there are none (a failed result check exits non-zero and says why on stderr).
pub fn measure_under(driver: &Driver, env: &[(String, String)], argv: &[String], limit: Duration) -> Result<Vec<Measurement>, String> {
    Ok(run_under(driver, env, argv, limit)?.lines().filter_map(Measurement::parse).collect())
}

/// Runs `argv` under `driver` with `env` added: its standard output, or why it failed.
pub fn run_under(driver: &Driver, env: &[(String, String)], argv: &[String], limit: Duration) -> Result<String, String> {
    let full = driver.wrap(argv);
    let mut child = Command::new(&full[0])
        .args(&full[1..])
        .envs(driver.env.iter().chain(env).map(|(k, v)| (k, v)))
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", full[0]))?;
    // Read both pipes on threads so a chatty program cannot fill one and stall.
    let mut stdout = child.stdout.take().expect("piped");
    let mut stderr = child.stderr.take().expect("piped");
    let out = std::thread::spawn(move || read_all(&mut stdout));
    let err = std::thread::spawn(move || read_all(&mut stderr));
    let status = match child.wait_timeout(limit).map_err(|e| e.to_string())? {
        Some(status) => status,
        None => {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("{} ran past {} s", argv.join(" "), limit.as_secs()));
        }
    };
    let stdout = out.join().unwrap_or_default();
    let stderr = err.join().unwrap_or_default();
    if !status.success() {
        let tail: Vec<&str> = stderr.lines().filter(|l| !l.contains("XDG_RUNTIME_DIR")).collect();
        let tail = tail[tail.len().saturating_sub(8)..].join("\n    ");
        return Err(format!("{} on {} failed ({status}):\n    {tail}", argv.join(" "), driver.name));
    }
    Ok(stdout)
}

fn read_all(reader: &mut impl std::io::Read) -> String {
    let mut bytes = Vec::new();
    let _ = reader.read_to_end(&mut bytes);
    String::from_utf8_lossy(&bytes).into_owned()
}
