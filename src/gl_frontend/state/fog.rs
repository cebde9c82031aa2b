//! Fog (compatibility profile): glFog and its queries.

use crate::context::ContextState;
use crate::queries::get::Value;
use crate::state::Dirty;
use crate::types::enums::*;
use crate::types::*;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FogState {
    /// GL_FOG.
    pub enabled: bool,
    /// GL_LINEAR, GL_EXP or GL_EXP2.
    pub mode: GLenum,
    pub density: f32,
    pub start: f32,
    pub end: f32,
    pub color: [f32; 4],
    pub index: f32,
    /// GL_FOG_COORD_SRC: GL_FRAGMENT_DEPTH or GL_FOG_COORD.
    pub coord_src: GLenum,
}

impl Default for FogState {
    fn default() -> Self {
        FogState { enabled: false, mode: GL_EXP, density: 1.0, start: 0.0, end: 1.0, color: [0.0; 4], index: 0.0, coord_src: GL_FRAGMENT_DEPTH }
    }
}

impl ContextState {
    /// glFog{f,i}{,v}; integer colours were already converted by the caller.
    pub(crate) fn gl_fog(&mut self, pname: GLenum, values: &[f32], vector: bool) {
        if !self.check(!self.is_core() && !self.is_gles(), GL_INVALID_OPERATION) || values.is_empty() {
            return;
        }
        let v = values[0];
        let f = &mut self.state.fog;
        match pname {
            GL_FOG_MODE => {
                let mode = v as GLenum;
                if !matches!(mode, GL_LINEAR | GL_EXP | GL_EXP2) {
                    return self.record_error(GL_INVALID_ENUM);
                }
                f.mode = mode;
            }
            GL_FOG_DENSITY => {
                if v < 0.0 {
                    return self.record_error(GL_INVALID_VALUE);
                }
                f.density = v;
            }
            GL_FOG_START => f.start = v,
            GL_FOG_END => f.end = v,
            GL_FOG_INDEX => f.index = v,
            GL_FOG_COLOR if vector && values.len() >= 4 => f.color = [values[0], values[1], values[2], values[3]],
            GL_FOG_COORD_SRC => {
                let src = v as GLenum;
                if !matches!(src, GL_FRAGMENT_DEPTH | GL_FOG_COORD) {
                    return self.record_error(GL_INVALID_ENUM);
                }
                f.coord_src = src;
            }
            _ => return self.record_error(GL_INVALID_ENUM),
        }
        // The mode and coordinate source select the program; the rest are uniforms.
        let selects_program = matches!(pname, GL_FOG_MODE | GL_FOG_COORD_SRC);
        self.state.dirty.insert(if selects_program { Dirty::PROGRAM | Dirty::UNIFORMS } else { Dirty::UNIFORMS });
    }

    /// glGet of the fog state.
    pub(crate) fn fog_value(&self, pname: GLenum) -> Option<Value> {
        let f = &self.state.fog;
        Some(match pname {
            GL_FOG => Value::boolean(f.enabled),
            GL_FOG_MODE => Value::int(f.mode as i64),
            GL_FOG_DENSITY => Value::float(f.density as f64),
            GL_FOG_START => Value::float(f.start as f64),
            GL_FOG_END => Value::float(f.end as f64),
            GL_FOG_INDEX => Value::float(f.index as f64),
            GL_FOG_COLOR => Value::floats(f.color.map(f64::from), true),
            GL_FOG_COORD_SRC => Value::int(f.coord_src as i64),
            _ => return None,
        })
    }
}
