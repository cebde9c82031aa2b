//! nir_like IR to SPIR-V words for Vulkan, built with rspirv.
//!
//! ```ignore
//! let words = spirv_out::emit(&shader, &spirv_out::EmitOptions::default())?;
//! ```
//!
//! What the emitter relies on (a front end or pass must have done it):
//! - default-block uniforms (`VariableMode::Uniform`) are packed into a UBO
//!   (`passes::lower_uniforms_to_ubo`), gl_FragColor is broadcast
//!   (`passes::lower_frag_color_broadcast`);
//! - rectangle textures are sampled with normalised coordinates (`passes::lower_tex_rect`;
//!   they become 2D images); buffer textures are uniform texel buffers (no sampler);
//! - arguments for deref parameters are derefs of whole variables;
//! - vectors have at most 4 components.
//!
//! What it does on its own: integer and double fragment inputs get `Flat`; block members
//! without explicit offsets get std140 (UBO) or std430 (SSBO, push constants) layout;
//! partial stores become per-component stores; copies between differently laid out
//! aggregates go member by member; `discard` becomes `OpKill` in a selection so the rest
//! of its block still has a block to live in.
//!
//! Function-local variables become `OpVariable Function`; structured control flow becomes
//! `OpSelectionMerge`/`OpLoopMerge`; samplers are combined image samplers; capabilities and
//! extensions follow from what the module uses.

mod alu;
mod control_flow;
mod disassemble;
mod emitter;
mod instructions;
mod interface;
mod intrinsics;
mod spirv_val;
mod texture;
mod types;

use std::fmt;

pub use disassemble::disassemble;
pub use emitter::Emitter;
pub use spirv_val::spirv_val;

/// What the consumer of the module accepts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EmitOptions {
    /// SPIR-V version (major, minor), 1.0 to 1.6. Vulkan 1.1 takes up to 1.3, 1.2 up to
    /// 1.5, 1.3 up to 1.6.
    pub spirv_version: (u8, u8),
    /// Emit OpName/OpMemberName for variables, functions and struct members.
    pub debug_names: bool,
}

impl Default for EmitOptions {
    fn default() -> Self {
        EmitOptions {
            spirv_version: (1, 3),
            debug_names: true,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum EmitError {
    /// The IR failed validation.
    InvalidIr(Vec<nir_like::ValidationError>),
    /// The IR uses something SPIR-V for Vulkan cannot express, or that a lowering pass
    /// should have removed.
    Unsupported(String),
    UnsupportedVersion((u8, u8)),
}

impl fmt::Display for EmitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EmitError::InvalidIr(errors) => {
                writeln!(f, "invalid IR:")?;
                for e in errors {
                    writeln!(f, "  {e}")?;
                }
                Ok(())
            }
            EmitError::Unsupported(what) => write!(f, "cannot emit SPIR-V: {what}"),
            EmitError::UnsupportedVersion((ma, mi)) => {
                write!(f, "unsupported SPIR-V version {ma}.{mi}")
            }
        }
    }
}

impl std::error::Error for EmitError {}

/// Translates a validated shader to SPIR-V words.
pub fn emit(shader: &nir_like::Shader, options: &EmitOptions) -> Result<Vec<u32>, EmitError> {
    let (major, minor) = options.spirv_version;
    if major != 1 || minor > 6 {
        return Err(EmitError::UnsupportedVersion(options.spirv_version));
    }
    nir_like::validate(shader).map_err(EmitError::InvalidIr)?;
    Emitter::new(shader, options).run()
}
