//! Point parameters (glPointParameter, ARB_point_parameters, GL 1.4) and point sprites
//! (ARB_point_sprite, GL 2.0): the size clamp, the distance attenuation, the fade threshold,
//! the sprite's coordinate origin and each unit's GL_COORD_REPLACE.
//!
//! The fixed-function vertex stage applies the clamp and attenuation; the fixed-function
//! fragment stage replaces the texture coordinates of units with GL_COORD_REPLACE while a
//! sprite is drawn. GL_POINT_SPRITE_COORD_ORIGIN and the fade threshold are core state too.

use crate::context::ContextState;
use crate::queries::get::Value;
use crate::state::matrices::MAX_TEXTURE_COORDS;
use crate::state::Dirty;
use crate::types::enums::*;
use crate::types::*;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PointState {
    /// GL_POINT_SIZE_MIN and GL_POINT_SIZE_MAX: the derived size is clamped to them.
    pub size_min: f32,
    pub size_max: f32,
    /// GL_POINT_FADE_THRESHOLD_SIZE (only multisampled points fade).
    pub fade_threshold: f32,
    /// GL_POINT_DISTANCE_ATTENUATION: the size is divided by sqrt(a + b d + c d^2).
    pub attenuation: [f32; 3],
    /// GL_POINT_SPRITE_COORD_ORIGIN: GL_UPPER_LEFT or GL_LOWER_LEFT.
    pub sprite_coord_origin: GLenum,
    /// GL_POINT_SPRITE (compatibility profile; core sprites are always on).
    pub sprite: bool,
    /// Bit i: texture unit i has GL_COORD_REPLACE.
    pub coord_replace: u32,
}

impl PointState {
    pub fn new(max_size: f32) -> Self {
        PointState {
            size_min: 0.0,
            size_max: max_size,
            fade_threshold: 1.0,
            attenuation: [1.0, 0.0, 0.0],
            sprite_coord_origin: GL_UPPER_LEFT,
            sprite: false,
            coord_replace: 0,
        }
    }

    /// Whether the attenuation leaves every size as it is.
    pub fn attenuation_is_identity(&self) -> bool {
        self.attenuation == [1.0, 0.0, 0.0]
    }
}

/// The number of values glPointParameter's `pname` takes; `None` for an unknown name.
fn value_count(pname: GLenum) -> Option<usize> {
    match pname {
        GL_POINT_SIZE_MIN | GL_POINT_SIZE_MAX | GL_POINT_FADE_THRESHOLD_SIZE | GL_POINT_SPRITE_COORD_ORIGIN => Some(1),
        GL_POINT_DISTANCE_ATTENUATION => Some(3),
        _ => None,
    }
}

impl ContextState {
    /// Whether `pname` is a glPointParameter name of this kind of context: core contexts
    /// keep only the fade threshold and the sprite origin; ES has none.
    fn point_pname_allowed(&self, pname: GLenum) -> bool {
        if self.is_gles() {
            return false;
        }
        let core_ok = matches!(pname, GL_POINT_FADE_THRESHOLD_SIZE | GL_POINT_SPRITE_COORD_ORIGIN);
        value_count(pname).is_some() && (core_ok || !self.is_core())
    }

    /// glPointParameter{f,i}{,v}; `values` holds what the pointer or scalar gave.
    pub(crate) fn gl_point_parameter(&mut self, pname: GLenum, values: &[f64], vector: bool) {
        if !self.check(self.point_pname_allowed(pname), GL_INVALID_ENUM) {
            return;
        }
        // Only the vector forms take the three attenuation coefficients.
        let needed = value_count(pname).unwrap_or(1);
        if !self.check(needed == 1 || vector, GL_INVALID_ENUM) || values.len() < needed {
            return;
        }
        let v = values[0];
        let p = &mut self.state.points;
        match pname {
            GL_POINT_SIZE_MIN | GL_POINT_SIZE_MAX | GL_POINT_FADE_THRESHOLD_SIZE if v < 0.0 => {
                return self.record_error(GL_INVALID_VALUE);
            }
            GL_POINT_SIZE_MIN => p.size_min = v as f32,
            GL_POINT_SIZE_MAX => p.size_max = v as f32,
            GL_POINT_FADE_THRESHOLD_SIZE => p.fade_threshold = v as f32,
            GL_POINT_DISTANCE_ATTENUATION => p.attenuation = [values[0] as f32, values[1] as f32, values[2] as f32],
            _ => {
                let origin = v as GLenum;
                if !matches!(origin, GL_UPPER_LEFT | GL_LOWER_LEFT) {
                    return self.record_error(GL_INVALID_VALUE);
                }
                p.sprite_coord_origin = origin;
            }
        }
        // Whether attenuation applies and the sprite origin select the program.
        let selects_program = matches!(pname, GL_POINT_DISTANCE_ATTENUATION | GL_POINT_SPRITE_COORD_ORIGIN);
        self.state.dirty.insert(if selects_program { Dirty::PROGRAM | Dirty::UNIFORMS } else { Dirty::UNIFORMS });
    }

    /// glTexEnv(GL_POINT_SPRITE, GL_COORD_REPLACE, ...) on the active unit.
    pub(crate) fn gl_coord_replace(&mut self, pname: GLenum, values: &[f64]) {
        if !self.check(pname == GL_COORD_REPLACE, GL_INVALID_ENUM) {
            return;
        }
        let Some(&v) = values.first() else { return };
        if !self.check(v == 0.0 || v == 1.0, GL_INVALID_VALUE) {
            return;
        }
        let unit = self.bindings.active_texture as usize;
        if !self.check(unit < MAX_TEXTURE_COORDS, GL_INVALID_OPERATION) {
            return;
        }
        let p = &mut self.state.points;
        if v != 0.0 {
            p.coord_replace |= 1 << unit;
        } else {
            p.coord_replace &= !(1 << unit);
        }
        self.state.dirty.insert(Dirty::PROGRAM);
    }

    /// glGetTexEnv(GL_POINT_SPRITE, GL_COORD_REPLACE) of the active unit.
    pub(crate) fn coord_replace_value(&mut self, pname: GLenum) -> Option<Vec<f64>> {
        if !self.check(pname == GL_COORD_REPLACE, GL_INVALID_ENUM) {
            return None;
        }
        let unit = self.bindings.active_texture;
        Some(vec![if self.state.points.coord_replace & (1 << unit) != 0 { 1.0 } else { 0.0 }])
    }

    /// glGet of the point parameters.
    pub(crate) fn point_value(&self, pname: GLenum) -> Option<Value> {
        if pname == GL_POINT_SIZE_GRANULARITY && !self.is_gles() {
            return Some(Value::float(self.limits.point_size_granularity as f64));
        }
        if !self.point_pname_allowed(pname) && !(pname == GL_POINT_SPRITE && !self.is_core() && !self.is_gles()) {
            return None;
        }
        let p = &self.state.points;
        Some(match pname {
            GL_POINT_SIZE_MIN => Value::float(p.size_min as f64),
            GL_POINT_SIZE_MAX => Value::float(p.size_max as f64),
            GL_POINT_FADE_THRESHOLD_SIZE => Value::float(p.fade_threshold as f64),
            GL_POINT_DISTANCE_ATTENUATION => Value::floats(p.attenuation.map(f64::from), false),
            GL_POINT_SPRITE => Value::boolean(p.sprite),
            _ => Value::int(p.sprite_coord_origin as i64),
        })
    }
}
