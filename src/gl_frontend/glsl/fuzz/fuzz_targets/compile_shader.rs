//! Feeds arbitrary bytes through the preprocessor, parser, semantic analysis and linker
//! (see `glsl::fuzz_input` for how the bytes are read). Any panic, hang or runaway
//! allocation is a bug: bad shaders must end in an info log.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    glsl::fuzz_input::run(data);
});
