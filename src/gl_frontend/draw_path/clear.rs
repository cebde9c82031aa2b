//! glClear and glClearBuffer*: clears of the draw framebuffer, honouring the scissor
//! test and write masks. The backend folds a clear into the next rendering's load
//! operations where it can.

use std::sync::atomic::{AtomicBool, Ordering};

use vk_backend::{ClearColor, ClearRequest, Rect};

use crate::context::ContextState;
use crate::state::enables::Cap;
use crate::types::enums::*;
use crate::types::*;

/// Logged once: partially masked clears need a draw, which is not implemented yet.
static PARTIAL_MASK_LOGGED: AtomicBool = AtomicBool::new(false);

fn log_partial_mask() {
    if !PARTIAL_MASK_LOGGED.swap(true, Ordering::Relaxed) {
        tracing::warn!(target: "galvan", "clears with partial colour or stencil write masks are not implemented yet; skipped");
    }
}

/// What one clear writes.
struct ClearValues {
    /// Per colour slot: the value, if that slot is cleared.
    colors: [Option<ClearColor>; 8],
    depth: Option<f32>,
    stencil: Option<u32>,
}

impl ContextState {
    fn scissor_rect(&self) -> Option<Rect> {
        if !self.state.enables.is(Cap::ScissorTest) {
            return None;
        }
        let [x, y, w, h] = self.state.viewport.scissor();
        Some(Rect { x, y, width: w.max(0) as u32, height: h.max(0) as u32 })
    }

    /// The colour value for slot `slot` if its write mask lets a clear through.
    fn masked_color(&self, slot: usize, value: ClearColor) -> Option<ClearColor> {
        match self.state.blend.targets.get(slot).map(|t| t.color_mask) {
            Some(0xF) => Some(value),
            Some(0) | None => None,
            Some(_) => {
                log_partial_mask();
                None
            }
        }
    }

    fn masked_stencil(&self, value: i32) -> Option<u32> {
        match self.state.depth_stencil.front.write_mask & 0xFF {
            0xFF => Some(value as u32 & 0xFF),
            0 => None,
            _ => {
                log_partial_mask();
                None
            }
        }
    }

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
        let mut colors = [(0u32, ClearColor::Float([0.0; 4])); 8];
        let mut count = 0;
        for (slot, value) in values.colors.iter().enumerate() {
            if let (Some(v), Some(_)) = (value, &targets.colors[slot]) {
                colors[count] = (slot as u32, *v);
                count += 1;
            }
        }
        let request = ClearRequest { colors: &colors[..count], depth: values.depth, stencil: values.stencil, rect: self.scissor_rect() };
        let result = self.stream.set_render_targets(&targets).and_then(|()| self.stream.clear(&request));
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
