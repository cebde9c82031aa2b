//! Shared helpers for the compiler's tests.
#![allow(dead_code)]

use glsl::{compile_shader, Api, CompileOptions, CompiledShader, Stage};

pub fn options(stage: Stage, api: Api) -> CompileOptions {
    let es = api == Api::Gles;
    CompileOptions {
        stage,
        api,
        context_version: if es { 32 } else { 46 },
        extensions: glsl::extensions::known().filter(|e| glsl::extensions::available(e, 0, es)).map(str::to_string).collect(),
        limits: Default::default(),
    }
}

pub fn compile(stage: Stage, src: &str) -> CompiledShader {
    compile_shader(&[src], &options(stage, Api::GlCompat))
}

pub fn compile_es(stage: Stage, src: &str) -> CompiledShader {
    compile_shader(&[src], &options(stage, Api::Gles))
}

/// Asserts success, showing the log otherwise.
pub fn ok(stage: Stage, src: &str) -> CompiledShader {
    let r = compile(stage, src);
    assert!(r.success, "expected success, log:\n{}\nsource:\n{}", r.info_log, src);
    r
}

/// Asserts failure with a log line containing `needle`.
pub fn fails_with(stage: Stage, src: &str, needle: &str) -> CompiledShader {
    let r = compile(stage, src);
    assert!(!r.success, "expected failure for:\n{}", src);
    assert!(r.info_log.contains(needle), "log lacks `{}':\n{}", needle, r.info_log);
    r
}
