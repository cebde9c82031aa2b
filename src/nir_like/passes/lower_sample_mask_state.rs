//! gl_SampleMask acts only on multisample rasterisation: GL ignores it when the draw
//! framebuffer has one sample or GL_MULTISAMPLE is off. Vulkan applies a written
//! SampleMask to every draw, so a mask whose bit 0 is clear would drop single-sample
//! fragments. The draw path keeps a word in a uniform buffer that is all ones while GL
//! ignores the mask and zero while it applies (one pipeline serves both); the shader
//! writes its own mask to a private copy and each exit hands on that copy OR the word.

use crate::shader::{Shader, Stage};
use crate::types::ValueType;
use crate::validate::debug_validate;
use crate::variable::{Builtin, VariableMode};

/// Where the word lives: a 32-bit integer at `offset` of the buffer at (`set`, `binding`),
/// all bits set while GL ignores gl_SampleMask, zero while it applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SampleMaskState {
    pub set: u32,
    pub binding: u32,
    pub offset: u32,
}

/// Routes the fragment shader's gl_SampleMask through the state word; returns whether the
/// shader changed (it does only for fragment shaders that write the mask).
pub fn lower_sample_mask_state(shader: &mut Shader, state: &SampleMaskState) -> bool {
    if shader.stage != Stage::Fragment {
        return false;
    }
    let Some(entry) = shader.entry else { return false };
    let Some(written) = super::find_builtin(shader, Builtin::SampleMask, VariableMode::ShaderOut) else { return false };
    let words = match &shader.types[shader.variables[written].ty] {
        crate::types::Type::Array { length: Some(length), .. } => (*length).max(1),
        _ => return false,
    };
    let output = super::output_behind_private(shader, written, "written");
    let block = super::state_block(shader, "gl_SampleMaskState", "ignored", ValueType::I32, state.set, state.binding, state.offset);
    super::at_function_exits(shader, entry, |b| {
        let root = b.deref_var(block);
        let member = b.deref_struct(root, 0);
        let ignored = b.load_deref(member);
        for word in 0..words {
            let from = b.deref_var(written);
            let from = b.deref_array_imm(from, word);
            let mask = b.load_deref(from);
            let mask = b.ior(mask, ignored);
            let to = b.deref_var(output);
            let to = b.deref_array_imm(to, word);
            b.store_deref(to, mask);
        }
    });
    debug_validate(shader, "lower_sample_mask_state");
    true
}
