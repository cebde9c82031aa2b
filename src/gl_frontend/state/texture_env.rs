//! Per-unit fixed-function texturing state (compatibility profile): which targets
//! glEnable(GL_TEXTURE_2D) and friends switched on, and glTexEnv's mode and colour.
//! Only a draw without a program reads it (through the fixed-function key).

use crate::context::ContextState;
use crate::state::matrices::MAX_TEXTURE_COORDS;
use crate::state::Dirty;
use crate::types::enums::*;
use crate::types::*;

/// Targets in the order GL gives them priority when several are enabled on one unit.
const TARGETS: [GLenum; 5] = [GL_TEXTURE_CUBE_MAP, GL_TEXTURE_3D, GL_TEXTURE_RECTANGLE, GL_TEXTURE_2D, GL_TEXTURE_1D];

#[derive(Clone, Copy, Debug)]
pub struct TexUnitEnv {
    /// Bit i: TARGETS[i] is enabled.
    pub enabled: u8,
    /// GL_TEXTURE_ENV_MODE.
    pub mode: GLenum,
    /// GL_TEXTURE_ENV_COLOR.
    pub color: [f32; 4],
}

impl Default for TexUnitEnv {
    fn default() -> Self {
        TexUnitEnv { enabled: 0, mode: GL_MODULATE, color: [0.0; 4] }
    }
}

#[derive(Clone, Debug)]
pub struct TextureEnvState {
    pub units: Vec<TexUnitEnv>,
}

impl Default for TextureEnvState {
    fn default() -> Self {
        TextureEnvState { units: vec![TexUnitEnv::default(); MAX_TEXTURE_COORDS] }
    }
}

impl TextureEnvState {
    /// The enabled target of highest priority on `unit`.
    pub fn enabled_target(&self, unit: usize) -> Option<GLenum> {
        let enabled = self.units.get(unit)?.enabled;
        TARGETS.iter().enumerate().find(|(i, _)| enabled & (1 << i) != 0).map(|(_, t)| *t)
    }
}

/// Whether `cap` is a texture target glEnable switches in compatibility contexts.
pub fn is_texture_enable(cap: GLenum) -> bool {
    TARGETS.contains(&cap)
}

impl ContextState {
    /// glEnable/glDisable of a texture target on the active unit.
    pub(crate) fn set_texture_enable(&mut self, cap: GLenum, on: bool) {
        let unit = self.bindings.active_texture as usize;
        let bit = 1u8 << TARGETS.iter().position(|t| *t == cap).unwrap_or(0);
        let Some(u) = self.state.texture_env.units.get_mut(unit) else { return self.record_error(GL_INVALID_OPERATION) };
        if on {
            u.enabled |= bit;
        } else {
            u.enabled &= !bit;
        }
        self.state.dirty.insert(Dirty::PROGRAM | Dirty::TEXTURES);
    }

    pub(crate) fn texture_enabled(&self, cap: GLenum) -> bool {
        let unit = self.bindings.active_texture as usize;
        let bit = 1u8 << TARGETS.iter().position(|t| *t == cap).unwrap_or(0);
        self.state.texture_env.units.get(unit).is_some_and(|u| u.enabled & bit != 0)
    }

    /// glTexEnv{i,f}{,v} for GL_TEXTURE_ENV's mode and colour.
    pub(crate) fn gl_tex_env(&mut self, target: GLenum, pname: GLenum, values: &[f64]) {
        if !self.check(!self.is_core() && !self.is_gles() && !self.in_begin_end(), GL_INVALID_OPERATION) {
            return;
        }
        if !self.check(target == GL_TEXTURE_ENV, GL_INVALID_ENUM) {
            return;
        }
        let unit = self.bindings.active_texture as usize;
        let Some(u) = self.state.texture_env.units.get_mut(unit) else { return self.record_error(GL_INVALID_OPERATION) };
        match pname {
            GL_TEXTURE_ENV_MODE => {
                let mode = values.first().copied().unwrap_or(0.0) as GLenum;
                if !matches!(mode, GL_MODULATE | GL_REPLACE | GL_DECAL | GL_BLEND | GL_ADD | GL_COMBINE) {
                    return self.record_error(GL_INVALID_ENUM);
                }
                u.mode = mode;
            }
            GL_TEXTURE_ENV_COLOR if values.len() >= 4 => {
                for (c, v) in u.color.iter_mut().zip(values) {
                    *c = v.clamp(0.0, 1.0) as f32;
                }
            }
            _ => return self.record_error(GL_INVALID_ENUM),
        }
        self.state.dirty.insert(Dirty::PROGRAM);
    }

    /// glGetTexEnv{i,f}v: the values of `pname`, `None` after recording an error.
    pub(crate) fn tex_env_values(&mut self, target: GLenum, pname: GLenum) -> Option<Vec<f64>> {
        if !self.check(!self.is_core() && !self.is_gles(), GL_INVALID_OPERATION) {
            return None;
        }
        if !self.check(target == GL_TEXTURE_ENV, GL_INVALID_ENUM) {
            return None;
        }
        let unit = self.bindings.active_texture as usize;
        let u = self.state.texture_env.units.get(unit).copied().unwrap_or_default();
        match pname {
            GL_TEXTURE_ENV_MODE => Some(vec![u.mode as f64]),
            GL_TEXTURE_ENV_COLOR => Some(u.color.iter().map(|c| *c as f64).collect()),
            _ => {
                self.record_error(GL_INVALID_ENUM);
                None
            }
        }
    }
}
