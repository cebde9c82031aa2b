//! The fixed-function state a generated program depends on: small, hashable, compared on
//! every draw without a program.

use crate::context::ContextState;
use crate::types::enums::*;
use crate::types::*;

/// Texture units whose fixed-function texturing is generated (gl_TexCoord[0..4]).
pub const TEXTURE_UNITS: usize = 4;

/// The texture target a unit's fixed-function texturing samples.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TexTarget {
    T1D,
    T2D,
    T3D,
    Cube,
}

/// One texture unit's part of the key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TexUnitKey {
    pub target: TexTarget,
    /// GL_TEXTURE_ENV_MODE.
    pub env_mode: GLenum,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct FixedFunctionKey {
    /// Per unit: its enabled texture target, `None` when texturing is off.
    pub textures: [Option<TexUnitKey>; TEXTURE_UNITS],
}

impl ContextState {
    /// The key of the current fixed-function state.
    pub(crate) fn fixed_function_key(&self) -> FixedFunctionKey {
        let mut key = FixedFunctionKey::default();
        for (unit, slot) in key.textures.iter_mut().enumerate() {
            let env = &self.state.texture_env;
            let Some(target) = env.enabled_target(unit) else { continue };
            let target = match target {
                GL_TEXTURE_CUBE_MAP => TexTarget::Cube,
                GL_TEXTURE_3D => TexTarget::T3D,
                GL_TEXTURE_1D => TexTarget::T1D,
                // Rectangle textures need unnormalised coordinates: not generated yet.
                GL_TEXTURE_RECTANGLE => continue,
                _ => TexTarget::T2D,
            };
            *slot = Some(TexUnitKey { target, env_mode: env.units[unit].mode });
        }
        key
    }
}
