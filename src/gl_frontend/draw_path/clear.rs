//! glClear and glClearBuffer*: clears of the draw framebuffer, honouring the scissor
//! test and write masks. The backend folds a clear into the next rendering's load
//! operations where it can.

use vk_backend::{ClearColor, ClearRequest, Rect};

use crate::context::ContextState;
use crate::draw_path::masked_clear::MaskedClear;
use crate::state::enables::Cap;
use crate::types::enums::*;
use crate::types::*;

/// What one clear writes, with the write masks that apply.
struct ClearValues {
    /// Per colour slot: the value and its colour write mask, if that slot is cleared.
    colors: [Option<(ClearColor, u8)>; 8],
    depth: Option<f32>,
    /// The value and the stencil write mask.
    stencil: Option<(u32, u32)>,
}

impl ContextState {
    fn scissor_rect(&self) -> Option<Rect> {
        if !self.state.enables.is(Cap::ScissorTest) {
            return None;
        }
        let [x, y, w, h] = self.state.viewport.scissor();
        Some(Rect { x, y, width: w.max(0) as u32, height: h.max(0) as u32 })
    }

    /// The colour value for slot `slot` with the write mask that lets it through, if any.
    fn masked_color(&self, slot: usize, value: ClearColor) -> Option<(ClearColor, u8)> {
        self.state.blend.targets.get(slot).map(|t| t.color_mask & 0xF).filter(|&m| m != 0).map(|m| (value, m))
    }

    /// The stencil value with the front write mask (which clears use), if it lets any bit through.
    fn masked_stencil(&self, value: i32) -> Option<(u32, u32)> {
        let mask = self.state.depth_stencil.front.write_mask & 0xFF;
        (mask != 0).then_some((value as u32 & 0xFF, mask))
    }

    /// Clears what the masks let through whole with the backend's clear, and the rest with
    /// a draw (masked_clear.rs).
    fn run_clear(&mut self, values: ClearValues) {
        if self.state.enables.is(Cap::RasterizerDiscard) {
            return;
        }
        let targets = match self.draw_targets() {
            Ok(t) => t,
            Err(e) => return self.report_target_error(e),
        };
        if !self.conditional_render_passes() {
            return;
        }
        let rect = self.scissor_rect();
        let mut masked = MaskedClear { colors: [None; 8], stencil: None, rect };
        let mut colors = [(0u32, ClearColor::Float([0.0; 4])); 8];
        let mut count = 0;
        for (slot, value) in values.colors.iter().enumerate() {
            match (value, &targets.colors[slot]) {
                (Some((v, 0xF)), Some(_)) => {
                    colors[count] = (slot as u32, *v);
                    count += 1;
                }
                (Some(partial), Some(_)) => masked.colors[slot] = Some(*partial),
                _ => {}
            }
        }
        let stencil = match values.stencil {
            Some((v, 0xFF)) => Some(v),
            partial => {
                masked.stencil = partial;
                None
            }
        };
        let request = ClearRequest { colors: &colors[..count], depth: values.depth, stencil, rect };
        let mut result = self.stream.set_render_targets(&targets).and_then(|()| self.stream.clear(&request));
        if result.is_ok() && !masked.is_empty() {
            result = self.record_masked_clear(&targets, &masked);
        }
        if let Err(e) = result {
            self.backend_failed(e);
        }
    }

    pub(crate) fn gl_clear(&mut self, mask: GLbitfield) {
        let allowed = GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT;
        // Compatibility contexts accept the accumulation buffer bit (galvan has none).
        let allowed = if self.is_core() || self.is_gles() { allowed } else { allowed | GL_ACCUM_BUFFER_BIT };
        if !self.check(mask & !allowed == 0, GL_INVALID_VALUE) {
            return;
        }
        let mut values = ClearValues { colors: [None; 8], depth: None, stencil: None };
        if mask & GL_COLOR_BUFFER_BIT != 0 {
            let color = self.state.clear.color_integer.unwrap_or(ClearColor::Float(self.state.clear.color));
            for slot in 0..8 {
                values.colors[slot] = self.masked_color(slot, color);
            }
        }
        if mask & GL_DEPTH_BUFFER_BIT != 0 && self.state.depth_stencil.depth_write {
            values.depth = Some(self.state.clear.depth as f32);
        }
        if mask & GL_STENCIL_BUFFER_BIT != 0 {
            values.stencil = self.masked_stencil(self.state.clear.stencil);
        }
        self.run_clear(values);
    }

    /// glClearBuffer{iv,uiv,fv}: one colour draw buffer, the depth or the stencil buffer.
    pub(crate) fn gl_clear_buffer(&mut self, buffer: GLenum, draw_buffer: GLint, color: Option<ClearColor>, depth: Option<f32>, stencil: Option<i32>) {
        let mut values = ClearValues { colors: [None; 8], depth: None, stencil: None };
        match buffer {
            GL_COLOR => {
                let Some(value) = color else { return self.record_error(GL_INVALID_ENUM) };
                if !self.check(draw_buffer >= 0 && (draw_buffer as u32) < self.limits.max_draw_buffers, GL_INVALID_VALUE) {
                    return;
                }
                values.colors[draw_buffer as usize] = self.masked_color(draw_buffer as usize, value);
            }
            GL_DEPTH | GL_STENCIL | GL_DEPTH_STENCIL => {
                let valid = match buffer {
                    GL_DEPTH => depth.is_some() && stencil.is_none(),
                    GL_STENCIL => stencil.is_some() && depth.is_none(),
                    _ => depth.is_some() && stencil.is_some(),
                };
                if !self.check(valid, GL_INVALID_ENUM) || !self.check(draw_buffer == 0, GL_INVALID_VALUE) {
                    return;
                }
                if self.state.depth_stencil.depth_write {
                    values.depth = depth;
                }
                values.stencil = stencil.and_then(|s| self.masked_stencil(s));
            }
            _ => return self.record_error(GL_INVALID_ENUM),
        }
        self.run_clear(values);
    }
}
