//! The vertex stage of a compatibility program that has only a fragment shader: GL's
//! fixed-function vertex processing. The matrix stacks are not implemented, so every
//! matrix is the identity and the transform is gl_Vertex itself; colours and texture
//! coordinates pass through unlit.

/// GLSL for the fixed-function vertex stage as far as galvan implements it.
pub const SOURCE: &str = "#version 110
void main()
{
    gl_Position = gl_Vertex;
    gl_FrontColor = gl_Color;
    gl_BackColor = gl_Color;
    gl_FrontSecondaryColor = gl_SecondaryColor;
    gl_BackSecondaryColor = gl_SecondaryColor;
    gl_TexCoord[0] = gl_MultiTexCoord0;
    gl_TexCoord[1] = gl_MultiTexCoord1;
    gl_TexCoord[2] = gl_MultiTexCoord2;
    gl_TexCoord[3] = gl_MultiTexCoord3;
    gl_FogFragCoord = 0.0;
}
";

/// Compiles the fixed-function vertex stage for a context of `api` and version.
pub fn compile(api: glsl::Api, context_version: u32) -> Option<glsl::CompiledShader> {
    let options = glsl::CompileOptions { stage: glsl::Stage::Vertex, api, context_version, extensions: Vec::new() };
    let compiled = glsl::compile_shader(&[SOURCE], &options);
    if !compiled.success {
        tracing::error!(target: "galvan", "fixed-function vertex shader: {}", compiled.info_log);
        return None;
    }
    Some(compiled)
}
