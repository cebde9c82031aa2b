//! GL's fixed-function vertex processing: the position through the modelview and
//! projection matrices, colours passed through unlit, texture coordinates through the
//! texture matrices, the fog coordinate as the eye-space distance, the eye-space vertex
//! as gl_ClipVertex for user clip planes.
//!
//! Not generated yet: lighting (GL_LIGHTING, glLight, glMaterial), texture-coordinate
//! generation (glTexGen) and point size attenuation.

use super::key::{FixedFunctionKey, TEXTURE_UNITS};

/// GLSL for the fixed-function vertex stage of `key`.
pub fn source(key: &FixedFunctionKey) -> String {
    let _ = key;
    let mut s = String::from(
        "#version 110
void main()
{
    gl_Position = gl_ModelViewProjectionMatrix * gl_Vertex;
    gl_FrontColor = gl_Color;
    gl_BackColor = gl_Color;
    gl_FrontSecondaryColor = gl_SecondaryColor;
    gl_BackSecondaryColor = gl_SecondaryColor;
    gl_FogFragCoord = abs((gl_ModelViewMatrix * gl_Vertex).z);
    // Fixed-function user clip planes clip in eye space.
    gl_ClipVertex = gl_ModelViewMatrix * gl_Vertex;
",
    );
    // Every set a fragment shader may read: a user fragment shader may read any of them.
    for unit in 0..TEXTURE_UNITS {
        s.push_str(&format!("    gl_TexCoord[{unit}] = gl_TextureMatrix[{unit}] * gl_MultiTexCoord{unit};\n"));
    }
    s.push_str("}\n");
    s
}

/// Compiles the fixed-function vertex stage that joins a fragment-only program.
pub fn compile(api: glsl::Api, context_version: u32) -> Option<glsl::CompiledShader> {
    let source = source(&FixedFunctionKey::default());
    let options = glsl::CompileOptions { stage: glsl::Stage::Vertex, api, context_version, extensions: Vec::new(), limits: Default::default() };
    let compiled = glsl::compile_shader(&[source.as_str()], &options);
    if !compiled.success {
        tracing::error!(target: "galvan", "fixed-function vertex shader: {}", compiled.info_log);
        return None;
    }
    Some(compiled)
}
