//! glPixelZoom and glPixelTransfer (compatibility profile): how glDrawPixels and
//! glCopyPixels scale their rectangles, and the scale and bias applied to the components
//! of the pixels they draw.

use crate::context::ContextState;
use crate::queries::get::Value;
use crate::types::enums::*;
use crate::types::*;

/// GL_PIXEL_MODE_BIT's zoom and transfer state.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PixelTransferState {
    pub zoom: [f32; 2],
    /// GL_RED_SCALE .. GL_ALPHA_SCALE, and the biases.
    pub scale: [f32; 4],
    pub bias: [f32; 4],
    pub depth_scale: f32,
    pub depth_bias: f32,
    pub index_shift: i32,
    pub index_offset: i32,
    pub map_color: bool,
    pub map_stencil: bool,
}

impl Default for PixelTransferState {
    fn default() -> Self {
        PixelTransferState {
            zoom: [1.0, 1.0],
            scale: [1.0; 4],
            bias: [0.0; 4],
            depth_scale: 1.0,
            depth_bias: 0.0,
            index_shift: 0,
            index_offset: 0,
            map_color: false,
            map_stencil: false,
        }
    }
}

impl PixelTransferState {
    /// Whether colours pass through unchanged.
    pub fn is_identity_color(&self) -> bool {
        self.scale == [1.0; 4] && self.bias == [0.0; 4]
    }

    /// Scale and bias of one RGBA colour, clamped as GL clamps before the fragment stage.
    pub fn apply_color(&self, rgba: [f32; 4]) -> [f32; 4] {
        std::array::from_fn(|i| (rgba[i] * self.scale[i] + self.bias[i]).clamp(0.0, 1.0))
    }

    pub fn apply_depth(&self, depth: f32) -> f32 {
        (depth * self.depth_scale + self.depth_bias).clamp(0.0, 1.0)
    }

    /// GL_INDEX_SHIFT and GL_INDEX_OFFSET on a stencil index.
    pub fn apply_index(&self, index: u32) -> u32 {
        let shifted = if self.index_shift >= 0 { index.wrapping_shl(self.index_shift as u32) } else { index.wrapping_shr((-self.index_shift) as u32) };
        (shifted as i64 + self.index_offset as i64) as u32
    }
}

impl ContextState {
    fn legacy_only(&mut self) -> bool {
        self.check(!self.is_core() && !self.is_gles() && !self.in_begin_end(), GL_INVALID_OPERATION)
    }

    pub(crate) fn gl_pixel_zoom(&mut self, x: f32, y: f32) {
        if self.legacy_only() {
            self.state.pixel_transfer.zoom = [x, y];
        }
    }

    /// glPixelTransfer{f,i}.
    pub(crate) fn gl_pixel_transfer(&mut self, pname: GLenum, value: f64) {
        if !self.legacy_only() {
            return;
        }
        let p = &mut self.state.pixel_transfer;
        let v = value as f32;
        match pname {
            GL_RED_SCALE => p.scale[0] = v,
            GL_GREEN_SCALE => p.scale[1] = v,
            GL_BLUE_SCALE => p.scale[2] = v,
            GL_ALPHA_SCALE => p.scale[3] = v,
            GL_RED_BIAS => p.bias[0] = v,
            GL_GREEN_BIAS => p.bias[1] = v,
            GL_BLUE_BIAS => p.bias[2] = v,
            GL_ALPHA_BIAS => p.bias[3] = v,
            GL_DEPTH_SCALE => p.depth_scale = v,
            GL_DEPTH_BIAS => p.depth_bias = v,
            GL_INDEX_SHIFT => p.index_shift = value.round() as i32,
            GL_INDEX_OFFSET => p.index_offset = value.round() as i32,
            GL_MAP_COLOR => p.map_color = value != 0.0,
            GL_MAP_STENCIL => p.map_stencil = value != 0.0,
            _ => self.record_error(GL_INVALID_ENUM),
        }
    }

    /// glGet of the zoom and transfer state.
    pub(crate) fn pixel_transfer_value(&self, pname: GLenum) -> Option<Value> {
        let p = &self.state.pixel_transfer;
        let f = |v: f32| Value::float(v as f64);
        Some(match pname {
            GL_ZOOM_X => f(p.zoom[0]),
            GL_ZOOM_Y => f(p.zoom[1]),
            GL_RED_SCALE => f(p.scale[0]),
            GL_GREEN_SCALE => f(p.scale[1]),
            GL_BLUE_SCALE => f(p.scale[2]),
            GL_ALPHA_SCALE => f(p.scale[3]),
            GL_RED_BIAS => f(p.bias[0]),
            GL_GREEN_BIAS => f(p.bias[1]),
            GL_BLUE_BIAS => f(p.bias[2]),
            GL_ALPHA_BIAS => f(p.bias[3]),
            GL_DEPTH_SCALE => f(p.depth_scale),
            GL_DEPTH_BIAS => f(p.depth_bias),
            GL_INDEX_SHIFT => Value::int(p.index_shift),
            GL_INDEX_OFFSET => Value::int(p.index_offset),
            GL_MAP_COLOR => Value::boolean(p.map_color),
            GL_MAP_STENCIL => Value::boolean(p.map_stencil),
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scale_and_bias_clamp() {
        let p = PixelTransferState { scale: [2.0, 1.0, 0.5, 1.0], bias: [0.0, -0.5, 0.25, 0.0], ..Default::default() };
        assert_eq!(p.apply_color([0.75, 0.25, 0.5, 1.0]), [1.0, 0.0, 0.5, 1.0]);
        assert!(!p.is_identity_color());
    }

    #[test]
    fn index_shift_goes_both_ways() {
        let mut p = PixelTransferState { index_shift: 2, index_offset: 1, ..Default::default() };
        assert_eq!(p.apply_index(3), 13);
        p.index_shift = -1;
        assert_eq!(p.apply_index(6), 4);
    }
}
