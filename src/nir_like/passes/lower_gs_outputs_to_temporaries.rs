//! Geometry shader outputs keep their values across EmitVertex. GLSL leaves them undefined
//! after each emit, but GL drivers keep them and programs (piglit's among them) write
//! gl_ViewportIndex or gl_Layer once before a loop of emits. SPIR-V drivers may drop them:
//! each output becomes a private global that the shader writes and reads, copied to the
//! real output before every EmitVertex.

use crate::arena::Handle;
use crate::shader::{Shader, Stage};
use crate::validate::debug_validate;
use crate::variable::{Variable, VariableMode};

/// Moves every output of a geometry shader behind a private copy. Returns whether the
/// shader changed (other stages never do).
pub fn lower_gs_outputs_to_temporaries(shader: &mut Shader) -> bool {
    if shader.stage != Stage::Geometry || shader.entry.is_none() {
        return false;
    }
    let outputs: Vec<Handle<Variable>> =
        shader.variables.iter().filter(|(_, v)| v.mode == VariableMode::ShaderOut).map(|(h, _)| h).collect();
    if outputs.is_empty() {
        return false;
    }
    let pairs: Vec<_> = outputs.into_iter().map(|var| (var, super::output_behind_private(shader, var, "written"))).collect();
    super::at_vertex_ends(shader, |b| {
        for &(private, output) in &pairs {
            let (from, to) = (b.deref_var(private), b.deref_var(output));
            b.copy_deref(to, from);
        }
    });
    debug_validate(shader, "lower_gs_outputs_to_temporaries");
    true
}
