//! Invariant built-ins of an ESSL 1.00 program (section 4.6.1, "Invariance and linkage"):
//! gl_FragCoord may be declared invariant only if gl_Position is, gl_PointCoord only if
//! gl_PointSize is, and gl_FrontFacing never. A vertex shader under `#pragma STDGL
//! invariant(all)` has every output invariant, these two included.

use crate::compile::CompiledShader;
use crate::options::Stage;
use crate::diagnostics::{Diagnostics, SourceLoc};

/// Whether `shader` declares built-in `name` invariant.
fn invariant(shader: &CompiledShader, name: &str) -> bool {
    let all = shader.stage == Stage::Vertex && shader.settings.as_ref().is_some_and(|s| s.invariant_all);
    all || shader.interface.as_ref().is_some_and(|i| i.invariant_builtins.contains(name))
}

/// Reports the invariant fragment-stage built-ins whose vertex-stage partners are not
/// invariant, in programs of ESSL 1.00.
pub fn check_invariant_builtins(shaders: &[&CompiledShader], diags: &mut Diagnostics) {
    if !shaders.iter().any(|s| s.settings.as_ref().is_some_and(|x| x.is_es() && x.version == 100)) {
        return;
    }
    let vertex: Vec<&CompiledShader> = shaders.iter().copied().filter(|s| s.stage == Stage::Vertex).collect();
    let in_vertex = |name: &str| vertex.iter().any(|s| invariant(s, name));
    for fs in shaders.iter().filter(|s| s.stage == Stage::Fragment) {
        for (input, output) in [("gl_FragCoord", "gl_Position"), ("gl_PointCoord", "gl_PointSize")] {
            if invariant(fs, input) && !in_vertex(output) {
                diags.error(SourceLoc::default(), format!("`{input}' is invariant but `{output}' is not"));
            }
        }
        if invariant(fs, "gl_FrontFacing") {
            diags.error(SourceLoc::default(), "`gl_FrontFacing' cannot be invariant");
        }
    }
}
