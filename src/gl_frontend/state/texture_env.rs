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

/// GL_COMBINE's settings for the colour or the alpha part (ARB_texture_env_combine); the
/// fourth source and operand are NV_texture_env_combine4's, read in GL_COMBINE4_NV mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Combine {
    /// GL_COMBINE_RGB / GL_COMBINE_ALPHA.
    pub function: GLenum,
    /// GL_SRCn_RGB / GL_SRCn_ALPHA.
    pub sources: [GLenum; 4],
    /// GL_OPERANDn_RGB / GL_OPERANDn_ALPHA.
    pub operands: [GLenum; 4],
    /// GL_RGB_SCALE / GL_ALPHA_SCALE: 1, 2 or 4.
    pub scale: u8,
}

impl Combine {
    fn new(alpha: bool) -> Self {
        let (operand, inverted) = if alpha { (GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA) } else { (GL_SRC_COLOR, GL_ONE_MINUS_SRC_COLOR) };
        Combine {
            function: GL_MODULATE,
            sources: [GL_TEXTURE, GL_PREVIOUS, GL_CONSTANT, GL_ZERO],
            operands: [operand, operand, GL_SRC_ALPHA, inverted],
            scale: 1,
        }
    }
}

#[derive(Clone, Copy, Debug)]
pub struct TexUnitEnv {
    /// Bit i: TARGETS[i] is enabled.
    pub enabled: u8,
    /// GL_TEXTURE_ENV_MODE.
    pub mode: GLenum,
    /// GL_TEXTURE_ENV_COLOR, clamped to [0, 1] as texturing uses it.
    pub color: [f32; 4],
    /// GL_TEXTURE_ENV_COLOR as given, which queries return while fragment colours are not
    /// clamped (ARB_color_buffer_float).
    pub color_unclamped: [f32; 4],
    pub combine_rgb: Combine,
    pub combine_alpha: Combine,
}

impl Default for TexUnitEnv {
    fn default() -> Self {
        TexUnitEnv { enabled: 0, mode: GL_MODULATE, color: [0.0; 4], color_unclamped: [0.0; 4], combine_rgb: Combine::new(false), combine_alpha: Combine::new(true) }
    }
}

/// Whether `source` names a GL_SRCn value (texture units up to `units`).
fn is_combine_source(source: GLenum, units: usize) -> bool {
    // GL_ZERO is NV_texture_env_combine4's.
    matches!(source, GL_TEXTURE | GL_CONSTANT | GL_PRIMARY_COLOR | GL_PREVIOUS | GL_ZERO)
        || (GL_TEXTURE0..GL_TEXTURE0 + units as GLenum).contains(&source)
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
        if target == GL_POINT_SPRITE {
            return self.gl_coord_replace(pname, values);
        }
        if !self.check(target == GL_TEXTURE_ENV, GL_INVALID_ENUM) {
            return;
        }
        let unit = self.bindings.active_texture as usize;
        let Some(u) = self.state.texture_env.units.get_mut(unit) else { return self.record_error(GL_INVALID_OPERATION) };
        match pname {
            GL_TEXTURE_ENV_MODE => {
                let mode = values.first().copied().unwrap_or(0.0) as GLenum;
                if !matches!(mode, GL_MODULATE | GL_REPLACE | GL_DECAL | GL_BLEND | GL_ADD | GL_COMBINE | GL_COMBINE4_NV) {
                    return self.record_error(GL_INVALID_ENUM);
                }
                u.mode = mode;
            }
            GL_TEXTURE_ENV_COLOR if values.len() >= 4 => {
                for (c, v) in u.color.iter_mut().zip(values) {
                    *c = v.clamp(0.0, 1.0) as f32;
                }
                for (c, v) in u.color_unclamped.iter_mut().zip(values) {
                    *c = *v as f32;
                }
            }
            GL_COMBINE_RGB | GL_COMBINE_ALPHA => {
                let f = values.first().copied().unwrap_or(0.0) as GLenum;
                let common = matches!(f, GL_REPLACE | GL_MODULATE | GL_ADD | GL_ADD_SIGNED | GL_INTERPOLATE | GL_SUBTRACT);
                let dot3 = matches!(f, GL_DOT3_RGB | GL_DOT3_RGBA | GL_DOT3_RGB_EXT | GL_DOT3_RGBA_EXT);
                let ok = common || (pname == GL_COMBINE_RGB && dot3);
                if !ok {
                    return self.record_error(GL_INVALID_ENUM);
                }
                if pname == GL_COMBINE_RGB { u.combine_rgb.function = f } else { u.combine_alpha.function = f }
            }
            GL_SRC0_RGB | GL_SRC1_RGB | GL_SRC2_RGB | GL_SOURCE3_RGB_NV | GL_SRC0_ALPHA | GL_SRC1_ALPHA | GL_SRC2_ALPHA | GL_SOURCE3_ALPHA_NV => {
                let source = values.first().copied().unwrap_or(0.0) as GLenum;
                if !is_combine_source(source, MAX_TEXTURE_COORDS) {
                    return self.record_error(GL_INVALID_ENUM);
                }
                let (c, i) = if pname >= GL_SRC0_ALPHA { (&mut u.combine_alpha, pname - GL_SRC0_ALPHA) } else { (&mut u.combine_rgb, pname - GL_SRC0_RGB) };
                c.sources[i as usize] = source;
            }
            GL_OPERAND0_RGB | GL_OPERAND1_RGB | GL_OPERAND2_RGB | GL_OPERAND3_RGB_NV | GL_OPERAND0_ALPHA | GL_OPERAND1_ALPHA | GL_OPERAND2_ALPHA | GL_OPERAND3_ALPHA_NV => {
                let operand = values.first().copied().unwrap_or(0.0) as GLenum;
                let alpha = pname >= GL_OPERAND0_ALPHA;
                let ok = matches!(operand, GL_SRC_ALPHA | GL_ONE_MINUS_SRC_ALPHA) || (!alpha && matches!(operand, GL_SRC_COLOR | GL_ONE_MINUS_SRC_COLOR));
                if !ok {
                    return self.record_error(GL_INVALID_ENUM);
                }
                let (c, i) = if alpha { (&mut u.combine_alpha, pname - GL_OPERAND0_ALPHA) } else { (&mut u.combine_rgb, pname - GL_OPERAND0_RGB) };
                c.operands[i as usize] = operand;
            }
            GL_RGB_SCALE | GL_ALPHA_SCALE => {
                let scale = values.first().copied().unwrap_or(0.0);
                if ![1.0, 2.0, 4.0].contains(&scale) {
                    return self.record_error(GL_INVALID_VALUE);
                }
                if pname == GL_RGB_SCALE { u.combine_rgb.scale = scale as u8 } else { u.combine_alpha.scale = scale as u8 }
            }
            _ => return self.record_error(GL_INVALID_ENUM),
        }
        // The mode selects the program; the colour and GL_COMBINE's settings are uniforms.
        self.state.dirty.insert(if pname == GL_TEXTURE_ENV_MODE { Dirty::PROGRAM | Dirty::UNIFORMS } else { Dirty::UNIFORMS });
    }

    /// glGetTexEnv{i,f}v: the values of `pname`, `None` after recording an error.
    pub(crate) fn tex_env_values(&mut self, target: GLenum, pname: GLenum) -> Option<Vec<f64>> {
        if !self.check(!self.is_core() && !self.is_gles(), GL_INVALID_OPERATION) {
            return None;
        }
        if target == GL_POINT_SPRITE {
            return self.coord_replace_value(pname);
        }
        if !self.check(target == GL_TEXTURE_ENV, GL_INVALID_ENUM) {
            return None;
        }
        let unit = self.bindings.active_texture as usize;
        let u = self.state.texture_env.units.get(unit).copied().unwrap_or_default();
        match pname {
            GL_TEXTURE_ENV_MODE => Some(vec![u.mode as f64]),
            GL_TEXTURE_ENV_COLOR if self.fragment_color_clamped() => Some(u.color.iter().map(|c| *c as f64).collect()),
            GL_TEXTURE_ENV_COLOR => Some(u.color_unclamped.iter().map(|c| *c as f64).collect()),
            GL_COMBINE_RGB => Some(vec![u.combine_rgb.function as f64]),
            GL_COMBINE_ALPHA => Some(vec![u.combine_alpha.function as f64]),
            GL_SRC0_RGB | GL_SRC1_RGB | GL_SRC2_RGB | GL_SOURCE3_RGB_NV => Some(vec![u.combine_rgb.sources[(pname - GL_SRC0_RGB) as usize] as f64]),
            GL_SRC0_ALPHA | GL_SRC1_ALPHA | GL_SRC2_ALPHA | GL_SOURCE3_ALPHA_NV => Some(vec![u.combine_alpha.sources[(pname - GL_SRC0_ALPHA) as usize] as f64]),
            GL_OPERAND0_RGB | GL_OPERAND1_RGB | GL_OPERAND2_RGB | GL_OPERAND3_RGB_NV => Some(vec![u.combine_rgb.operands[(pname - GL_OPERAND0_RGB) as usize] as f64]),
            GL_OPERAND0_ALPHA | GL_OPERAND1_ALPHA | GL_OPERAND2_ALPHA | GL_OPERAND3_ALPHA_NV => Some(vec![u.combine_alpha.operands[(pname - GL_OPERAND0_ALPHA) as usize] as f64]),
            GL_RGB_SCALE => Some(vec![u.combine_rgb.scale as f64]),
            GL_ALPHA_SCALE => Some(vec![u.combine_alpha.scale as f64]),
            _ => {
                self.record_error(GL_INVALID_ENUM);
                None
            }
        }
    }
}
