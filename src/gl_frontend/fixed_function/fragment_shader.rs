//! GL's fixed-function fragment processing when no program is bound: the primary colour,
//! then each enabled texture unit combined by its GL_TEXTURE_ENV_MODE.
//!
//! Not generated yet: GL_COMBINE, GL_BLEND's environment colour, the colour sum
//! (GL_COLOR_SUM), fog and the alpha test.

use super::key::{FixedFunctionKey, TexTarget};
use crate::types::enums::*;

/// Sampler uniforms are named this plus their texture unit.
pub const SAMPLER_PREFIX: &str = "galvan_texture";

/// GLSL for the fixed-function fragment stage of `key`.
pub fn source(key: &FixedFunctionKey) -> String {
    let mut decls = String::new();
    let mut body = String::from("    vec4 c = gl_Color;\n");
    for (unit, tex) in key.textures.iter().enumerate() {
        let Some(tex) = tex else { continue };
        let (sampler, lookup) = match tex.target {
            TexTarget::T1D => ("sampler1D", format!("texture1DProj({SAMPLER_PREFIX}{unit}, gl_TexCoord[{unit}].sq)")),
            TexTarget::T2D => ("sampler2D", format!("texture2DProj({SAMPLER_PREFIX}{unit}, gl_TexCoord[{unit}])")),
            TexTarget::T3D => ("sampler3D", format!("texture3DProj({SAMPLER_PREFIX}{unit}, gl_TexCoord[{unit}])")),
            TexTarget::Cube => ("samplerCube", format!("textureCube({SAMPLER_PREFIX}{unit}, gl_TexCoord[{unit}].stp)")),
        };
        decls.push_str(&format!("uniform {sampler} {SAMPLER_PREFIX}{unit};\n"));
        body.push_str(&format!("    vec4 t{unit} = {lookup};\n"));
        let combine = match tex.env_mode {
            GL_REPLACE => format!("t{unit}"),
            GL_DECAL => format!("vec4(mix(c.rgb, t{unit}.rgb, t{unit}.a), c.a)"),
            GL_ADD => format!("vec4(c.rgb + t{unit}.rgb, c.a * t{unit}.a)"),
            _ => format!("c * t{unit}"),
        };
        body.push_str(&format!("    c = {combine};\n"));
    }
    format!("#version 110\n{decls}void main()\n{{\n{body}    gl_FragColor = c;\n}}\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixed_function::key::TexUnitKey;

    #[test]
    fn modulate_on_unit_zero() {
        let mut key = FixedFunctionKey::default();
        key.textures[0] = Some(TexUnitKey { target: TexTarget::T2D, env_mode: GL_MODULATE });
        let s = source(&key);
        assert!(s.contains("uniform sampler2D galvan_texture0;"));
        assert!(s.contains("c = c * t0;"));
    }
}
