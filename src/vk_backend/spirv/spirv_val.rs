//! Debian's spirv-val (spirv-tools) on a module, as the tests of every room check what the
//! emitter writes: the validator's complaint, with a disassembly, when it refuses one.

use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Runs `spirv-val --target-env target_env` on `words`; the complaint on failure.
pub fn spirv_val(words: &[u32], target_env: &str) -> Result<(), String> {
    static COUNTER: AtomicUsize = AtomicUsize::new(0);
    let n = COUNTER.fetch_add(1, Ordering::SeqCst);
    let path = std::env::temp_dir().join(format!("galvan-spirv-val-{}-{n}.spv", std::process::id()));
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    std::fs::write(&path, bytes).map_err(|e| e.to_string())?;
    let out = Command::new("spirv-val").arg("--target-env").arg(target_env).arg(&path).output().map_err(|e| format!("spirv-val: {e}"));
    let result = match out {
        Ok(out) if out.status.success() => Ok(()),
        Ok(out) => {
            let dis = Command::new("spirv-dis").arg(&path).output().map(|o| String::from_utf8_lossy(&o.stdout).into_owned()).unwrap_or_default();
            Err(format!("{}{}\n{dis}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr)))
        }
        Err(e) => Err(e),
    };
    let _ = std::fs::remove_file(&path);
    result
}
