//! glEnable / glDisable / glIsEnabled of the compatibility profile's capabilities:
//! lighting, lights, fog, the alpha test, colour material, normalisation, texture
//! generation, the colour sum, the evaluators' maps (`evaluators.rs`), and the
//! capabilities galvan accepts and reports without drawing differently yet (stipples,
//! smoothing of points).

use crate::context::ContextState;
use crate::state::evaluators::is_evaluator_capability;
use crate::state::texgen::coord_index;
use crate::state::Dirty;
use crate::types::enums::*;
use crate::types::*;

/// Capabilities remembered for glIsEnabled and glPushAttrib (GL_VERTEX_PROGRAM_TWO_SIDE is
/// also read by the draw path).
const REMEMBERED: &[GLenum] = &[
    GL_POINT_SMOOTH, GL_LINE_STIPPLE, GL_POLYGON_STIPPLE, GL_INDEX_LOGIC_OP, GL_VERTEX_PROGRAM_TWO_SIDE,
];

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LegacyEnables {
    /// GL_COLOR_SUM: the secondary colour is added even without lighting.
    pub color_sum: bool,
    /// One bit per entry of `REMEMBERED`.
    remembered: u32,
}

impl LegacyEnables {
    /// GL_VERTEX_PROGRAM_TWO_SIDE: back faces of programs take the back colours.
    pub fn vertex_program_two_side(&self) -> bool {
        let i = REMEMBERED.iter().position(|c| *c == GL_VERTEX_PROGRAM_TWO_SIDE).expect("remembered");
        self.remembered & (1 << i) != 0
    }
}

impl ContextState {
    /// glEnable/glDisable of a compatibility capability; false when `cap` is not one.
    pub(crate) fn set_legacy_capability(&mut self, cap: GLenum, on: bool) -> bool {
        if self.is_core() || self.is_gles() {
            return false;
        }
        // Client arrays: glEnable(GL_VERTEX_ARRAY) is glEnableClientState, as Mesa has it.
        if self.client_state_slot(cap).is_some() || matches!(cap, GL_EDGE_FLAG_ARRAY | GL_INDEX_ARRAY) {
            self.gl_client_state(cap, on);
            return true;
        }
        if is_evaluator_capability(cap) {
            return self.set_evaluator_capability(cap, on);
        }
        let s = &mut self.state;
        match cap {
            GL_LIGHTING => s.lighting.enabled = on,
            GL_LIGHT0..=GL_LIGHT7 => s.lighting.lights[(cap - GL_LIGHT0) as usize].enabled = on,
            GL_COLOR_MATERIAL => {
                s.lighting.color_material = on;
                self.track_color_material();
            }
            GL_NORMALIZE => s.lighting.normalize = on,
            GL_RESCALE_NORMAL => s.lighting.rescale_normal = on,
            GL_FOG => s.fog.enabled = on,
            GL_ALPHA_TEST => s.alpha_test.enabled = on,
            GL_COLOR_SUM => s.legacy_enables.color_sum = on,
            GL_POINT_SPRITE => s.points.sprite = on,
            GL_TEXTURE_GEN_S..=GL_TEXTURE_GEN_Q => {
                let unit = self.bindings.active_texture as usize;
                let c = coord_index(cap).unwrap_or(0);
                match s.texgen.units.get_mut(unit) {
                    Some(u) => u[c].enabled = on,
                    None => {
                        self.record_error(GL_INVALID_OPERATION);
                        return true;
                    }
                }
            }
            _ => {
                let Some(i) = REMEMBERED.iter().position(|c| *c == cap) else { return false };
                if on {
                    s.legacy_enables.remembered |= 1 << i;
                } else {
                    s.legacy_enables.remembered &= !(1 << i);
                }
            }
        }
        self.state.dirty.insert(Dirty::PROGRAM | Dirty::UNIFORMS);
        true
    }

    /// glIsEnabled of a compatibility capability; `None` when `cap` is not one.
    pub(crate) fn legacy_capability(&self, cap: GLenum) -> Option<bool> {
        if self.is_core() || self.is_gles() {
            return None;
        }
        if let Some(slot) = self.client_state_slot(cap) {
            return Some(self.vertex_arrays.get(self.bindings.vertex_array).is_some_and(|v| v.attribs.get(slot).is_some_and(|a| a.enabled)));
        }
        if let Some(on) = self.state_only_array_enabled(cap) {
            return Some(on);
        }
        if let Some(on) = self.evaluator_capability(cap) {
            return Some(on);
        }
        let s = &self.state;
        Some(match cap {
            GL_LIGHTING => s.lighting.enabled,
            GL_LIGHT0..=GL_LIGHT7 => s.lighting.lights[(cap - GL_LIGHT0) as usize].enabled,
            GL_COLOR_MATERIAL => s.lighting.color_material,
            GL_NORMALIZE => s.lighting.normalize,
            GL_RESCALE_NORMAL => s.lighting.rescale_normal,
            GL_FOG => s.fog.enabled,
            GL_ALPHA_TEST => s.alpha_test.enabled,
            GL_COLOR_SUM => s.legacy_enables.color_sum,
            GL_POINT_SPRITE => s.points.sprite,
            GL_TEXTURE_GEN_S..=GL_TEXTURE_GEN_Q => {
                let unit = self.bindings.active_texture as usize;
                s.texgen.units.get(unit).is_some_and(|u| u[coord_index(cap).unwrap_or(0)].enabled)
            }
            _ => {
                let i = REMEMBERED.iter().position(|c| *c == cap)?;
                s.legacy_enables.remembered & (1 << i) != 0
            }
        })
    }
}
