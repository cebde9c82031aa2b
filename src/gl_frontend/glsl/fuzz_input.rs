//! Turns arbitrary bytes into one compile (and, when it compiles, one link), so the
//! cargo-fuzz target and the in-crate mutation test drive the compiler the same way.
//!
//! Layout of an input: byte 0 picks the stage (low three bits) and the API (next two
//! bits); the rest is the shader source, decoded as lossy UTF-8. A seed made from a
//! piglit shader is its stage byte followed by the file.

use crate::{compile_shader, link_program, Api, CompileOptions, LinkOptions, Stage};

const STAGES: [Stage; 6] = [Stage::Vertex, Stage::TessControl, Stage::TessEval, Stage::Geometry, Stage::Fragment, Stage::Compute];

/// The stage byte that [`run`] decodes as `stage` with `api`.
pub fn header_byte(stage: Stage, api: Api) -> u8 {
    let s = STAGES.iter().position(|&x| x == stage).unwrap_or(0) as u8;
    let a = match api {
        Api::GlCore => 0,
        Api::GlCompat => 1,
        Api::Gles => 2,
    };
    s | (a << 3)
}

/// The options an input's first byte selects: the newest context of the API, with every
/// extension the compiler knows, so every feature path is reachable.
pub fn options_for(header: u8) -> CompileOptions {
    let stage = STAGES[(header & 7) as usize % STAGES.len()];
    let (api, context_version) = match (header >> 3) & 3 {
        1 => (Api::GlCompat, 46),
        2 | 3 => (Api::Gles, 32),
        _ => (Api::GlCore, 46),
    };
    CompileOptions { stage, api, context_version, extensions: crate::extensions::known().map(String::from).collect(), limits: Default::default() }
}

/// Compiles (and links, when the compile succeeds) the shader an input describes.
/// Returns whether it compiled; any panic or hang inside is a bug.
pub fn run(data: &[u8]) -> bool {
    let Some((&header, source)) = data.split_first() else { return false };
    let options = options_for(header);
    let text = String::from_utf8_lossy(source);
    let shader = compile_shader(&[&text], &options);
    if shader.success {
        let _ = link_program(&[&shader], &LinkOptions::default());
    }
    shader.success
}
