//! Helpers: emit a shader for several SPIR-V versions and run spirv-val on each.
#![allow(dead_code)]

pub mod gpu;
pub mod shaders;

use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

use nir_like::Shader;
use spirv_out::{emit, EmitOptions};

static COUNTER: AtomicUsize = AtomicUsize::new(0);

/// The (SPIR-V version, spirv-val environment) pairs every test module is checked against.
pub const TARGETS: &[((u8, u8), &str)] = &[
    ((1, 0), "vulkan1.0"),
    ((1, 3), "vulkan1.1"),
    ((1, 5), "vulkan1.2"),
    ((1, 6), "vulkan1.3"),
];

pub use spirv_out::spirv_val;

/// Emits `shader` for the given targets and asserts spirv-val accepts each module.
pub fn assert_valid_for(shader: &Shader, targets: &[((u8, u8), &str)]) {
    for &(version, env) in targets {
        let options = EmitOptions {
            spirv_version: version,
            debug_names: true,
        };
        let words = emit(shader, &options)
            .unwrap_or_else(|e| panic!("emit for SPIR-V {version:?} failed: {e}"));
        if let Err(msg) = spirv_val(&words, env) {
            panic!(
                "spirv-val --target-env {env} rejected the module:\n{msg}\nIR:\n{}",
                nir_like::print_shader(shader)
            );
        }
    }
}

/// Emits for every target and validates.
pub fn assert_valid(shader: &Shader) {
    assert_valid_for(shader, TARGETS)
}

/// Disassembly of the module for SPIR-V 1.3, for assertions on its text.
pub fn disassemble(shader: &Shader) -> String {
    let words = emit(
        shader,
        &EmitOptions {
            spirv_version: (1, 3),
            debug_names: true,
        },
    )
    .expect("emit");
    let n = COUNTER.fetch_add(1, Ordering::SeqCst);
    let path =
        std::env::temp_dir().join(format!("galvan-spirv-dis-{}-{n}.spv", std::process::id()));
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    std::fs::write(&path, bytes).unwrap();
    let out = Command::new("spirv-dis")
        .arg("--raw-id")
        .arg(&path)
        .output()
        .expect("spirv-dis");
    let _ = std::fs::remove_file(&path);
    String::from_utf8_lossy(&out.stdout).into_owned()
}
