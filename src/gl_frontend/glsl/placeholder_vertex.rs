//! The vertex stage of a desktop program linked without one.
//!
//! Desktop GL links a program that has a fragment shader and no vertex shader (its
//! rendering is undefined; ES and separable programs are other rules), and compatibility
//! contexts replace the missing stage with fixed-function vertex processing before
//! linking. What is left (a core-profile program) still needs a vertex stage in Vulkan.
//! The generated one places every vertex at the origin, so draws rasterise nothing, and
//! declares an output for each fragment input, so the two stages' interfaces match as
//! Vulkan requires.

use nir_like::{BaseType, Builtin, Shader, Stage, ValueType, Variable, VariableMode};

/// Builds the vertex stage that feeds `fragment` (the fragment shader's IR).
pub fn placeholder_vertex_shader(fragment: &Shader) -> Shader {
    let mut vs = Shader::new(Stage::Vertex);
    vs.name = "placeholder vertex".into();
    // The fragment shader's types, so its input types serve the outputs unchanged.
    vs.types = fragment.types.clone();
    let outputs: Vec<Variable> = fragment
        .variables
        .iter()
        .map(|(_, v)| v)
        .filter(|v| v.mode == VariableMode::ShaderIn && v.builtin.is_none() && v.location.is_some())
        .map(|v| {
            let mut out = v.clone();
            out.mode = VariableMode::ShaderOut;
            out
        })
        .collect();
    let mut b = nir_like::Builder::main(&mut vs);
    for output in outputs {
        // Left unwritten: what a fragment reads from them is undefined, as in GL.
        b.variable(output);
    }
    let vec4 = b.value_type_handle(ValueType::new(BaseType::Float, 32, 4));
    let position = b.builtin("gl_Position", vec4, VariableMode::ShaderOut, Builtin::Position);
    let origin = b.imm_vec(&[0.0, 0.0, 0.0, 1.0]);
    b.store_var(position, origin);
    drop(b);
    vs
}
