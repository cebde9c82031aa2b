//! The SPIR-V reader: modules handed over through GL_ARB_gl_spirv (glShaderBinary with
//! GL_SHADER_BINARY_FORMAT_SPIR_V, then glSpecializeShader) into nir_like.
//!
//! Why a reader of galvan's own on rspirv's data representation, not naga's `spv-in`:
//! GL-flavoured SPIR-V carries what Vulkan SPIR-V never does — default-block uniforms as
//! non-opaque `UniformConstant` variables with `Location`, atomic counters
//! (`AtomicStorage`), `BufferBlock` storage blocks, transform feedback decorations — and
//! naga's front end maps `UniformConstant` to handles only and rejects those
//! capabilities; its IR would then have to be translated into nir_like a second time.
//! rspirv is already the workspace's SPIR-V crate (the Vulkan back end builds with it),
//! `rspirv::dr::load_words` parses and checks the binary, and the structured control flow
//! glslang emits (`OpSelectionMerge`, `OpLoopMerge`) maps straight onto nir_like's if and
//! loop nodes.
//!
//! [`read_module`] specializes and translates one entry point; the interface it reports
//! ([`SpirvInterface`]) is by location and binding, as ARB_gl_spirv links: names are
//! optional and never matched.

mod body;
mod interface;
mod module;
mod xfb;

pub use interface::{AtomicCounterInfo, BufferBlockInfo, DeclaredXfbOutput, InterfaceVariable, SamplerInfo, SpirvInterface, UniformInfo};
pub use module::{ReadError, Specialization};

/// A translated entry point: its IR and what linking needs from it.
#[derive(Clone, Debug)]
pub struct SpirvShader {
    pub ir: nir_like::Shader,
    pub interface: SpirvInterface,
}

/// Parses `words`, applies `spec` to the specialization constants and translates the
/// entry point named `entry` of `stage`.
pub fn read_module(words: &[u32], stage: nir_like::Stage, entry: &str, spec: &Specialization) -> Result<SpirvShader, ReadError> {
    let module = module::Module::parse(words, spec)?;
    body::translate(&module, stage, entry)
}

/// Whether `words` parse as a SPIR-V module at all (glShaderBinary's check).
pub fn parses(words: &[u32]) -> bool {
    rspirv::dr::load_words(words).is_ok()
}

/// The names of the entry points of `stage` in `words`.
pub fn entry_points(words: &[u32], stage: nir_like::Stage) -> Vec<String> {
    let Ok(m) = rspirv::dr::load_words(words) else { return Vec::new() };
    m.entry_points
        .iter()
        .filter(|e| matches!(e.operands.first(), Some(rspirv::dr::Operand::ExecutionModel(model)) if module::stage_of(*model) == Some(stage)))
        .filter_map(|e| match e.operands.get(2) {
            Some(rspirv::dr::Operand::LiteralString(s)) => Some(s.clone()),
            _ => None,
        })
        .collect()
}
