//! SPIR-V words back to text, for `GALVAN_DEBUG=spirv` and for test failure messages.

use rspirv::binary::Disassemble;

/// The module as SPIR-V assembly, or a line saying why the words do not parse.
pub fn disassemble(words: &[u32]) -> String {
    match rspirv::dr::load_words(words) {
        Ok(module) => module.disassemble(),
        Err(e) => format!("; not a SPIR-V module: {e}"),
    }
}
