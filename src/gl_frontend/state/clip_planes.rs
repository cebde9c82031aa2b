//! The compatibility profile's user clip planes (glClipPlane): each plane is stored in eye
//! space, transformed by the inverse of the modelview matrix current when it was given.
//! Which planes clip is the GL_CLIP_DISTANCEi / GL_CLIP_PLANEi enable (`enables.rs`).

use crate::context::ContextState;
use crate::state::matrices::{inverse, Mat4};
use crate::types::enums::*;
use crate::types::GLenum;

/// GL_MAX_CLIP_PLANES (and GL_MAX_CLIP_DISTANCES: the two share enables).
pub const MAX_CLIP_PLANES: usize = 8;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct ClipPlanes {
    /// Plane equations in eye space.
    pub eye: [[f64; 4]; MAX_CLIP_PLANES],
}

/// The plane `p` (a row vector) seen through the inverse of `m`: p * m^-1.
pub fn plane_through_inverse(p: &[f64; 4], m: &Mat4) -> [f64; 4] {
    let inv = inverse(m);
    let mut out = [0.0; 4];
    for (c, o) in out.iter_mut().enumerate() {
        *o = (0..4).map(|r| p[r] * inv[c * 4 + r]).sum();
    }
    out
}

impl ContextState {
    fn clip_plane_index(&mut self, plane: GLenum) -> Option<usize> {
        if !self.check(!self.is_core() && !self.is_gles(), GL_INVALID_OPERATION) || !self.check(!self.in_begin_end(), GL_INVALID_OPERATION) {
            return None;
        }
        let index = plane.wrapping_sub(GL_CLIP_PLANE0) as usize;
        self.check(index < MAX_CLIP_PLANES, GL_INVALID_ENUM).then_some(index)
    }

    /// glClipPlane: the equation, taken to eye space by the current modelview matrix.
    pub(crate) fn gl_clip_plane(&mut self, plane: GLenum, equation: [f64; 4]) {
        let Some(index) = self.clip_plane_index(plane) else { return };
        let eye = plane_through_inverse(&equation, self.state.matrices.modelview.top());
        self.state.clip_planes.eye[index] = eye;
    }

    /// glGetClipPlane: the eye-space equation.
    pub(crate) fn gl_get_clip_plane(&mut self, plane: GLenum) -> Option<[f64; 4]> {
        let index = self.clip_plane_index(plane)?;
        Some(self.state.clip_planes.eye[index])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::matrices::{translation, IDENTITY};

    #[test]
    fn a_plane_through_the_identity_is_unchanged() {
        assert_eq!(plane_through_inverse(&[1.0, 2.0, 3.0, 4.0], &IDENTITY), [1.0, 2.0, 3.0, 4.0]);
    }

    #[test]
    fn a_translated_plane_moves_with_the_translation() {
        // x >= 0 given under a translation by 2 in x becomes x >= 2 in eye space.
        let p = plane_through_inverse(&[1.0, 0.0, 0.0, 0.0], &translation(2.0, 0.0, 0.0));
        assert_eq!(p, [1.0, 0.0, 0.0, -2.0]);
    }
}
