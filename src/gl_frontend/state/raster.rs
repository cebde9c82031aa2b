//! Rasterisation: glCullFace, glFrontFace, glPolygonOffset(Clamp), glLineWidth,
//! glPointSize, glPolygonMode, glShadeModel.

use crate::context::ContextState;
use crate::state::Dirty;
use crate::types::enums::*;
use crate::types::*;

#[derive(Clone, Debug, PartialEq)]
pub struct RasterState {
    pub cull_face: GLenum,
    pub front_face: GLenum,
    pub polygon_offset_factor: f32,
    pub polygon_offset_units: f32,
    pub polygon_offset_clamp: f32,
    pub line_width: f32,
    pub point_size: f32,
    pub polygon_mode: GLenum,
    /// glProvokingVertex: GL_LAST_VERTEX_CONVENTION (GL's default) or the first.
    pub provoking_vertex: GLenum,
    /// glShadeModel (compatibility profile). Recorded for glGet; fixed-function colours are
    /// still interpolated smoothly.
    pub shade_model: GLenum,
}

impl Default for RasterState {
    fn default() -> Self {
        RasterState {
            cull_face: GL_BACK,
            front_face: GL_CCW,
            polygon_offset_factor: 0.0,
            polygon_offset_units: 0.0,
            polygon_offset_clamp: 0.0,
            line_width: 1.0,
            point_size: 1.0,
            polygon_mode: GL_FILL,
            provoking_vertex: GL_LAST_VERTEX_CONVENTION,
            shade_model: GL_SMOOTH,
        }
    }
}

impl ContextState {
    pub(crate) fn gl_shade_model(&mut self, mode: GLenum) {
        if !self.check(!self.is_core() && !self.is_gles(), GL_INVALID_OPERATION) || !self.check(matches!(mode, GL_FLAT | GL_SMOOTH), GL_INVALID_ENUM) {
            return;
        }
        self.state.raster.shade_model = mode;
        self.state.dirty.insert(Dirty::RASTER);
    }

    pub(crate) fn gl_cull_face(&mut self, mode: GLenum) {
        if !self.check(matches!(mode, GL_FRONT | GL_BACK | GL_FRONT_AND_BACK), GL_INVALID_ENUM) {
            return;
        }
        self.state.raster.cull_face = mode;
        self.state.dirty.insert(Dirty::RASTER);
    }

    pub(crate) fn gl_front_face(&mut self, mode: GLenum) {
        if !self.check(matches!(mode, GL_CW | GL_CCW), GL_INVALID_ENUM) {
            return;
        }
        self.state.raster.front_face = mode;
        self.state.dirty.insert(Dirty::RASTER);
    }

    pub(crate) fn gl_polygon_offset_clamp(&mut self, factor: GLfloat, units: GLfloat, clamp: GLfloat) {
        let r = &mut self.state.raster;
        (r.polygon_offset_factor, r.polygon_offset_units, r.polygon_offset_clamp) = (factor, units, clamp);
        self.state.dirty.insert(Dirty::RASTER);
    }

    pub(crate) fn gl_line_width(&mut self, width: GLfloat) {
        // Forward-compatible contexts reject wide lines (GL 3.2+ deprecation).
        let wide_forbidden = self.config.forward_compatible && self.is_core() && width > 1.0;
        if !self.check(width > 0.0 && !wide_forbidden, GL_INVALID_VALUE) {
            return;
        }
        self.state.raster.line_width = width;
        self.state.dirty.insert(Dirty::RASTER);
    }

    pub(crate) fn gl_point_size(&mut self, size: GLfloat) {
        if !self.check(size > 0.0, GL_INVALID_VALUE) {
            return;
        }
        self.state.raster.point_size = size;
        self.state.dirty.insert(Dirty::RASTER);
    }

    pub(crate) fn gl_polygon_mode(&mut self, face: GLenum, mode: GLenum) {
        let face_ok = if self.is_core() { face == GL_FRONT_AND_BACK } else { matches!(face, GL_FRONT | GL_BACK | GL_FRONT_AND_BACK) };
        if !self.check(face_ok && matches!(mode, GL_POINT | GL_LINE | GL_FILL), GL_INVALID_ENUM) {
            return;
        }
        self.state.raster.polygon_mode = mode;
        self.state.dirty.insert(Dirty::RASTER);
    }

    pub(crate) fn gl_provoking_vertex(&mut self, mode: GLenum) {
        if !self.check(matches!(mode, GL_FIRST_VERTEX_CONVENTION | GL_LAST_VERTEX_CONVENTION), GL_INVALID_ENUM) {
            return;
        }
        self.state.raster.provoking_vertex = mode;
        self.state.dirty.insert(Dirty::RASTER);
    }
}
