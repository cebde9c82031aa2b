//! gl_FragColor goes to every draw buffer. The variable becomes a private global, and at
//! every exit of the entry point its value is copied to one output per draw buffer
//! (locations 0..n), so reads, partial writes and writes in called functions all work.
//! Beside a second blend colour (ESSL 1.00's gl_SecondaryFragColorEXT, an output of
//! index 1) it goes to the dual-source draw buffers only.

use crate::shader::{Shader, Stage};
use crate::validate::debug_validate;
use crate::variable::{Builtin, Variable, VariableMode};

/// Draw buffers a shader with a second blend colour may write: Vulkan's
/// maxFragmentDualSrcAttachments, 1 wherever a device offers dual-source blending.
/// Outputs at further locations are invalid there, and drivers blend wrongly with them.
const DUAL_SOURCE_DRAW_BUFFERS: u32 = 1;

/// Broadcasts gl_FragColor to `draw_buffers` outputs; returns whether the shader had it.
pub fn lower_frag_color_broadcast(shader: &mut Shader, draw_buffers: u32) -> bool {
    if shader.stage != Stage::Fragment {
        return false;
    }
    let Some(color) = super::find_builtin(shader, Builtin::FragColor, VariableMode::ShaderOut)
    else {
        return false;
    };
    let dual_source = shader.variables.iter().any(|(_, v)| v.mode == VariableMode::ShaderOut && v.index == Some(1));
    let draw_buffers = if dual_source { draw_buffers.min(DUAL_SOURCE_DRAW_BUFFERS) } else { draw_buffers };
    super::set_variable_mode(shader, color, VariableMode::GlobalPrivate);
    let var = &mut shader.variables[color];
    var.builtin = None;
    let ty = var.ty;
    let outputs: Vec<_> = (0..draw_buffers)
        .map(|i| {
            shader.add_variable(
                Variable::new(format!("gl_FragData_{i}"), ty, VariableMode::ShaderOut)
                    .with_location(i),
            )
        })
        .collect();
    let Some(entry) = shader.entry else {
        return true;
    };
    super::at_function_exits(shader, entry, |b| {
        if outputs.is_empty() {
            return;
        }
        let value = b.load_var(color);
        for &out in &outputs {
            b.store_var(out, value);
        }
    });
    debug_validate(shader, "lower_frag_color_broadcast");
    true
}
