//! The current raster position (compatibility profile): glRasterPos transforms a point
//! through the modelview and projection matrices, clips it and maps it to the window, as a
//! vertex would be; glWindowPos sets window coordinates directly. glDrawPixels, glBitmap and
//! glCopyPixels start at it and take its colour, texture coordinates and distance.

use crate::context::ContextState;
use crate::objects::vertex_array::{COLOR, FOG_COORD, SECONDARY_COLOR, TEX_COORD0};
use crate::queries::get::Value;
use crate::state::clip_planes::MAX_CLIP_PLANES;
use crate::state::matrices::{Mat4, MAX_TEXTURE_COORDS};
use crate::types::enums::*;
use crate::types::*;

/// GL_CURRENT_RASTER_*: where the next pixel rectangle goes, and what it carries.
#[derive(Clone, Debug, PartialEq)]
pub struct RasterPosState {
    /// Window x, y, z (z in the depth range) and the clip-space w.
    pub position: [f32; 4],
    /// False once a glRasterPos fell outside the view volume (or a clip plane).
    pub valid: bool,
    pub color: [f32; 4],
    pub secondary_color: [f32; 4],
    /// Per texture unit, after the texture matrix.
    pub tex_coords: [[f32; 4]; MAX_TEXTURE_COORDS],
    /// The eye distance (or the fog coordinate) fog uses for the rectangle's fragments.
    pub distance: f32,
    /// The current colour index when the position was set (GL_CURRENT_RASTER_INDEX).
    pub index: f32,
}

impl Default for RasterPosState {
    fn default() -> Self {
        RasterPosState {
            position: [0.0, 0.0, 0.0, 1.0],
            valid: true,
            color: [1.0; 4],
            secondary_color: [0.0, 0.0, 0.0, 1.0],
            tex_coords: [[0.0, 0.0, 0.0, 1.0]; MAX_TEXTURE_COORDS],
            distance: 0.0,
            index: 1.0,
        }
    }
}

/// The `n` components of a glRasterPos*v / glWindowPos*v argument; `None` for null.
///
/// # Safety
/// `v` is null or points at `n` values, as GL requires.
pub(crate) unsafe fn read_components<T: Copy>(v: *const T, n: usize) -> Option<Vec<T>> {
    // SAFETY: as the caller promises.
    (!v.is_null()).then(|| unsafe { std::slice::from_raw_parts(v, n) }.to_vec())
}

/// `m * v` for a column-major matrix.
fn transform(m: &Mat4, v: [f64; 4]) -> [f64; 4] {
    let mut out = [0.0; 4];
    for (r, o) in out.iter_mut().enumerate() {
        *o = (0..4).map(|c| m[c * 4 + r] * v[c]).sum();
    }
    out
}

/// Whether clip-space `c` lies inside GL's view volume (-w <= x, y, z <= w); under
/// GL_DEPTH_CLAMP (`clip_z` false) the near and far planes do not clip.
fn in_view_volume(c: [f64; 4], clip_z: bool) -> bool {
    let axes = if clip_z { 3 } else { 2 };
    c[..axes].iter().all(|v| -c[3] <= *v && *v <= c[3])
}

impl ContextState {
    fn current_slot(&self, slot: usize) -> [f32; 4] {
        self.current_attribs.get(slot).copied().unwrap_or([0.0, 0.0, 0.0, 1.0])
    }

    /// The colours and texture coordinates a raster position takes from current values.
    fn raster_attributes(&mut self, transform_tex_coords: bool) {
        let color = self.current_slot(COLOR);
        let secondary = self.current_slot(SECONDARY_COLOR);
        let mut tex_coords = [[0.0, 0.0, 0.0, 1.0]; MAX_TEXTURE_COORDS];
        for (unit, tc) in tex_coords.iter_mut().enumerate() {
            let current = self.current_slot(TEX_COORD0 + unit);
            *tc = if transform_tex_coords {
                let m = self.state.matrices.texture[unit].top();
                transform(m, current.map(f64::from)).map(|v| v as f32)
            } else {
                current
            };
        }
        let index = self.state.color_index.current;
        let r = &mut self.state.raster_pos;
        r.index = index;
        r.color = color.map(|c| c.clamp(0.0, 1.0));
        r.secondary_color = secondary.map(|c| c.clamp(0.0, 1.0));
        r.tex_coords = tex_coords;
    }

    /// glRasterPos*: `object` through the modelview and projection matrices, clipped
    /// against the view volume and the enabled clip planes, then to window coordinates.
    pub(crate) fn gl_raster_pos(&mut self, object: [f64; 4]) {
        if !self.check(!self.is_core() && !self.is_gles() && !self.in_begin_end(), GL_INVALID_OPERATION) {
            return;
        }
        let eye = transform(self.state.matrices.modelview.top(), object);
        let clip = transform(self.state.matrices.projection.top(), eye);
        let planes = self.state.enables.clip_distances;
        let clipped = (0..MAX_CLIP_PLANES).filter(|i| planes & (1 << i) != 0).any(|i| {
            let p = self.state.clip_planes.eye[i];
            p[0] * eye[0] + p[1] * eye[1] + p[2] * eye[2] + p[3] * eye[3] < 0.0
        });
        let depth_clamp = self.state.enables.is(crate::state::enables::Cap::DepthClamp);
        if clipped || !in_view_volume(clip, !depth_clamp) || clip[3] == 0.0 {
            self.state.raster_pos.valid = false;
            return;
        }
        let [vx, vy, vw, vh] = self.state.viewport.viewport().map(f64::from);
        let [near, far] = self.state.viewport.depth_range();
        let ndc = [clip[0] / clip[3], clip[1] / clip[3], clip[2] / clip[3]];
        let mut window = [vx + (ndc[0] + 1.0) * vw / 2.0, vy + (ndc[1] + 1.0) * vh / 2.0, near + (ndc[2] + 1.0) * (far - near) / 2.0];
        if depth_clamp {
            window[2] = window[2].clamp(near.min(far), near.max(far));
        }
        let fog_coord = self.state.fog.coord_src == GL_FOG_COORD;
        let distance = if fog_coord {
            self.current_slot(FOG_COORD)[0]
        } else {
            (eye[0] * eye[0] + eye[1] * eye[1] + eye[2] * eye[2]).sqrt() as f32
        };
        self.raster_attributes(true);
        let r = &mut self.state.raster_pos;
        r.position = [window[0] as f32, window[1] as f32, window[2] as f32, clip[3] as f32];
        r.valid = true;
        r.distance = distance;
    }

    /// glWindowPos*: window coordinates directly; z is mapped into the depth range.
    pub(crate) fn gl_window_pos(&mut self, x: f64, y: f64, z: f64) {
        if !self.check(!self.is_core() && !self.is_gles() && !self.in_begin_end(), GL_INVALID_OPERATION) {
            return;
        }
        let [near, far] = self.state.viewport.depth_range();
        let depth = near + z.clamp(0.0, 1.0) * (far - near);
        let distance = if self.state.fog.coord_src == GL_FOG_COORD { self.current_slot(FOG_COORD)[0] } else { 0.0 };
        self.raster_attributes(false);
        let r = &mut self.state.raster_pos;
        r.position = [x as f32, y as f32, depth as f32, 1.0];
        r.valid = true;
        r.distance = distance;
    }

    /// Moves the raster position by a glBitmap's advance.
    pub(crate) fn advance_raster_pos(&mut self, dx: f32, dy: f32) {
        let r = &mut self.state.raster_pos;
        r.position[0] += dx;
        r.position[1] += dy;
    }

    /// glGet of GL_CURRENT_RASTER_*.
    pub(crate) fn raster_pos_value(&self, pname: GLenum) -> Option<Value> {
        let r = &self.state.raster_pos;
        let unit = (self.bindings.active_texture as usize).min(MAX_TEXTURE_COORDS - 1);
        Some(match pname {
            GL_CURRENT_RASTER_POSITION => Value::floats(r.position.map(f64::from), false),
            GL_CURRENT_RASTER_POSITION_VALID => Value::boolean(r.valid),
            GL_CURRENT_RASTER_COLOR => Value::floats(r.color.map(f64::from), true),
            GL_CURRENT_RASTER_SECONDARY_COLOR => Value::floats(r.secondary_color.map(f64::from), true),
            GL_CURRENT_RASTER_TEXTURE_COORDS => Value::floats(r.tex_coords[unit].map(f64::from), false),
            GL_CURRENT_RASTER_DISTANCE => Value::float(r.distance as f64),
            GL_CURRENT_RASTER_INDEX => Value::float(r.index as f64),
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::matrices::{scaling, translation};

    #[test]
    fn transform_applies_columns() {
        let m = translation(1.0, 2.0, 3.0);
        assert_eq!(transform(&m, [1.0, 1.0, 1.0, 1.0]), [2.0, 3.0, 4.0, 1.0]);
        let s = scaling(2.0, 3.0, 4.0);
        assert_eq!(transform(&s, [1.0, 1.0, 1.0, 1.0]), [2.0, 3.0, 4.0, 1.0]);
    }

    #[test]
    fn view_volume_includes_its_faces() {
        assert!(in_view_volume([1.0, -1.0, 0.5, 1.0], true));
        assert!(!in_view_volume([1.01, 0.0, 0.0, 1.0], true));
        assert!(!in_view_volume([0.0, 0.0, 0.0, -1.0], true));
        // Depth clamping keeps a position beyond the near or far plane, not one beside x or y.
        assert!(!in_view_volume([0.0, 0.0, 2.0, 1.0], true));
        assert!(in_view_volume([0.0, 0.0, 2.0, 1.0], false));
        assert!(!in_view_volume([0.0, 1.5, 2.0, 1.0], false));
    }
}
