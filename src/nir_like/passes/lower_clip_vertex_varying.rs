//! gl_ClipVertex is no Vulkan built-in: only the last pre-rasterisation stage turns it into
//! clip distances (`lower_user_clip_planes`). A stage before it (a vertex shader followed by
//! a geometry shader) hands it on as an ordinary varying, and the next stage reads
//! `gl_in[i].gl_ClipVertex` from that varying. Both sides take the same location, which
//! the linker chooses among the ones the program's own varyings leave free.

use crate::shader::Shader;
use crate::validate::debug_validate;
use crate::variable::{Builtin, VariableMode};

/// Makes gl_ClipVertex inputs, and outputs of a stage that is not the last before
/// rasterisation, plain varyings at `location`; returns whether the shader changed.
pub fn lower_clip_vertex_varying(shader: &mut Shader, location: u32, last_pre_rasterization: bool) -> bool {
    let mut progress = false;
    for (_, v) in shader.variables.iter_mut() {
        let handed_on = match v.mode {
            VariableMode::ShaderIn => true,
            VariableMode::ShaderOut => !last_pre_rasterization,
            _ => false,
        };
        if v.builtin == Some(Builtin::ClipVertex) && handed_on {
            v.builtin = None;
            v.location = Some(location);
            progress = true;
        }
    }
    if progress {
        debug_validate(shader, "lower_clip_vertex_varying");
    }
    progress
}
