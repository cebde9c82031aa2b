//! glBlitFramebuffer: scaled copies from the read framebuffer to every draw buffer of the
//! draw framebuffer, and of depth/stencil between their attachments.

use vk_backend::{Aspect, BlitFilter, BlitRect};

use crate::context::ContextState;
use crate::types::enums::*;
use crate::types::*;

impl ContextState {
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn gl_blit_framebuffer(&mut self, src: [GLint; 4], dst: [GLint; 4], mask: GLbitfield, filter: GLenum) {
        let all = GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT;
        if !self.check(mask & !all == 0, GL_INVALID_VALUE) || !self.check(matches!(filter, GL_NEAREST | GL_LINEAR), GL_INVALID_ENUM) {
            return;
        }
        if !self.check(filter == GL_NEAREST || mask & (GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT) == 0, GL_INVALID_OPERATION) {
            return;
        }
        let targets = match self.draw_targets() {
            Ok(t) => t,
            Err(e) => return self.report_target_error(e),
        };
        if !self.conditional_render_passes() {
            return;
        }
        let blit_filter = if filter == GL_LINEAR { BlitFilter::Linear } else { BlitFilter::Nearest };
        let rect = |r: [GLint; 4], level: u32, layer: u32| BlitRect { level, layer, x0: r[0], y0: r[1], x1: r[2], y1: r[3] };
        // The array layer or cube face an attachment shows (3D slices are not layers).
        let layer_of = |image: &vk_backend::Image, layer: u32| if image.desc().dimension == vk_backend::ImageDimension::D3 { 0 } else { layer };
        if mask & GL_COLOR_BUFFER_BIT != 0 {
            let source = match self.read_source(GL_RGBA) {
                Ok(s) => s,
                Err(e) => return self.report_target_error(e),
            };
            for view in targets.colors.iter().flatten() {
                let (level, layer) = (view.desc().base_level, layer_of(view.image(), view.desc().base_layer));
                let from = rect(src, source.level, layer_of(&source.image, source.layer));
                let result = self.stream.blit(&source.image, &from, view.image(), &rect(dst, level, layer), Aspect::Color, blit_filter);
                if let Err(e) = result {
                    return self.backend_failed(e);
                }
            }
        }
        let depth_stencil = mask & (GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
        if depth_stencil != 0 {
            let Some(view) = targets.depth_stencil.clone() else { return };
            let format = if mask & GL_DEPTH_BUFFER_BIT != 0 { GL_DEPTH_COMPONENT } else { GL_STENCIL_INDEX };
            let source = match self.read_source(format) {
                Ok(s) => s,
                Err(e) => return self.report_target_error(e),
            };
            // GL requires matching depth/stencil formats for these blits.
            if !self.check(source.image.desc().format == view.image().desc().format, GL_INVALID_OPERATION) {
                return;
            }
            let aspect = match depth_stencil {
                GL_DEPTH_BUFFER_BIT => Aspect::Depth,
                GL_STENCIL_BUFFER_BIT => Aspect::Stencil,
                _ => Aspect::DepthStencil,
            };
            let (level, layer) = (view.desc().base_level, view.desc().base_layer);
            if let Err(e) = self.stream.blit(&source.image, &rect(src, source.level, source.layer), view.image(), &rect(dst, level, layer), aspect, BlitFilter::Nearest) {
                self.backend_failed(e);
            }
        }
    }
}
