//! Texture-coordinate generation (compatibility profile): glTexGen per texture unit and
//! coordinate (S, T, R, Q).
//!
//! Eye planes are kept in eye coordinates: GL multiplies them by the inverse of the
//! modelview matrix current when glTexGen is called.

use crate::context::ContextState;
use crate::state::matrices::{inverse, MAX_TEXTURE_COORDS};
use crate::state::Dirty;
use crate::types::enums::*;
use crate::types::*;

/// One coordinate's generation.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CoordGen {
    /// GL_TEXTURE_GEN_S/T/R/Q.
    pub enabled: bool,
    /// GL_OBJECT_LINEAR, GL_EYE_LINEAR, GL_SPHERE_MAP, GL_NORMAL_MAP or GL_REFLECTION_MAP.
    pub mode: GLenum,
    pub object_plane: [f32; 4],
    pub eye_plane: [f32; 4],
}

#[derive(Clone, Debug, PartialEq)]
pub struct TexGenState {
    /// Per unit, S, T, R, Q.
    pub units: Vec<[CoordGen; 4]>,
}

impl Default for TexGenState {
    fn default() -> Self {
        let plane = |i: usize| {
            let mut p = [0.0; 4];
            if i < 2 {
                p[i] = 1.0;
            }
            p
        };
        let coords = std::array::from_fn(|i| CoordGen { enabled: false, mode: GL_EYE_LINEAR, object_plane: plane(i), eye_plane: plane(i) });
        TexGenState { units: vec![coords; MAX_TEXTURE_COORDS] }
    }
}

/// The coordinate a GL_TEXTURE_GEN_* capability or glTexGen `coord` names.
pub fn coord_index(coord: GLenum) -> Option<usize> {
    match coord {
        GL_S | GL_TEXTURE_GEN_S => Some(0),
        GL_T | GL_TEXTURE_GEN_T => Some(1),
        GL_R | GL_TEXTURE_GEN_R => Some(2),
        GL_Q | GL_TEXTURE_GEN_Q => Some(3),
        _ => None,
    }
}

impl ContextState {
    /// glTexGen{i,f,d}{,v}.
    pub(crate) fn gl_tex_gen(&mut self, coord: GLenum, pname: GLenum, values: &[f64], vector: bool) {
        if !self.check(!self.is_core() && !self.is_gles(), GL_INVALID_OPERATION) || values.is_empty() {
            return;
        }
        let Some(c) = coord_index(coord).filter(|_| coord < GL_TEXTURE_GEN_S || coord > GL_TEXTURE_GEN_Q) else {
            return self.record_error(GL_INVALID_ENUM);
        };
        let unit = self.bindings.active_texture as usize;
        if !self.check(unit < MAX_TEXTURE_COORDS, GL_INVALID_OPERATION) {
            return;
        }
        match pname {
            GL_TEXTURE_GEN_MODE => {
                let mode = values[0] as GLenum;
                let ok = match mode {
                    GL_OBJECT_LINEAR | GL_EYE_LINEAR => true,
                    GL_SPHERE_MAP => c < 2,
                    GL_NORMAL_MAP | GL_REFLECTION_MAP => c < 3,
                    _ => false,
                };
                if !self.check(ok, GL_INVALID_ENUM) {
                    return;
                }
                self.state.texgen.units[unit][c].mode = mode;
            }
            GL_OBJECT_PLANE if vector && values.len() >= 4 => {
                self.state.texgen.units[unit][c].object_plane = [values[0] as f32, values[1] as f32, values[2] as f32, values[3] as f32];
            }
            GL_EYE_PLANE if vector && values.len() >= 4 => {
                // p_eye = p * inverse(modelview), a row vector times the matrix.
                let m = inverse(self.state.matrices.modelview.top());
                let plane: [f32; 4] = std::array::from_fn(|col| (0..4).map(|k| values[k] * m[col * 4 + k]).sum::<f64>() as f32);
                self.state.texgen.units[unit][c].eye_plane = plane;
            }
            _ => return self.record_error(GL_INVALID_ENUM),
        }
        self.state.dirty.insert(Dirty::PROGRAM | Dirty::UNIFORMS);
    }

    /// glGetTexGen{i,f,d}v: the values, or the error.
    pub(crate) fn tex_gen_parameter(&self, coord: GLenum, pname: GLenum) -> Result<Vec<f64>, GLenum> {
        let c = coord_index(coord).filter(|_| coord < GL_TEXTURE_GEN_S || coord > GL_TEXTURE_GEN_Q).ok_or(GL_INVALID_ENUM)?;
        let unit = self.bindings.active_texture as usize;
        let g = self.state.texgen.units.get(unit).ok_or(GL_INVALID_OPERATION)?[c];
        Ok(match pname {
            GL_TEXTURE_GEN_MODE => vec![g.mode as f64],
            GL_OBJECT_PLANE => g.object_plane.map(f64::from).to_vec(),
            GL_EYE_PLANE => g.eye_plane.map(f64::from).to_vec(),
            _ => return Err(GL_INVALID_ENUM),
        })
    }
}

impl ContextState {
    /// glTexGen{i,f,d}v.
    pub(crate) unsafe fn gl_tex_gen_ptr<T: Copy + Into<f64>>(&mut self, coord: GLenum, pname: GLenum, p: *const T) {
        let count = if pname == GL_TEXTURE_GEN_MODE { 1 } else { 4 };
        if let Some(v) = unsafe { crate::state::legacy_queries::read_values(p, count) } {
            self.gl_tex_gen(coord, pname, &v, true)
        }
    }

    /// glGetTexGen{i,f,d}v.
    pub(crate) unsafe fn get_tex_gen_into<T>(&mut self, coord: GLenum, pname: GLenum, out: *mut T, convert: impl Fn(f64) -> T) {
        match self.tex_gen_parameter(coord, pname) {
            Ok(values) => unsafe { crate::state::legacy_queries::write_values(out, &values, convert) },
            Err(e) => self.record_error(e),
        }
    }
}
