//! Invalidating contents (ARB_invalidate_subdata, GL 4.3): glInvalidateBuffer{,Sub}Data,
//! glInvalidateTex{,Sub}Image and glInvalidate{,Sub}Framebuffer. Keeping the contents is a
//! conforming way to discard them, so these commands check their arguments and change
//! nothing.

use crate::context::ContextState;
use crate::types::enums::*;
use crate::types::*;

impl ContextState {
    /// glInvalidateBufferData (`range` None) and glInvalidateBufferSubData.
    pub(crate) fn gl_invalidate_buffer(&mut self, name: GLuint, range: Option<(GLintptr, GLsizeiptr)>) {
        let objects = self.share.lock();
        let Some(buffer) = objects.buffers.get(name).filter(|_| name != 0) else {
            drop(objects);
            return self.record_error(GL_INVALID_VALUE);
        };
        let len = buffer.data.len();
        let mapping = buffer.mapping;
        drop(objects);
        let (offset, length) = range.unwrap_or((0, len as GLsizeiptr));
        if !self.check(offset >= 0 && length >= 0 && (offset as usize).saturating_add(length as usize) <= len, GL_INVALID_VALUE) {
            return;
        }
        let (start, end) = (offset as usize, offset as usize + length as usize);
        // A mapping that overlaps the range forbids it, unless it is persistent.
        let overlaps = mapping.is_some_and(|m| {
            let whole = range.is_none();
            m.access & GL_MAP_PERSISTENT_BIT == 0 && (whole || (m.offset < end && start < m.offset + m.length))
        });
        self.check(!overlaps, GL_INVALID_OPERATION);
    }

    /// glInvalidateTexImage and glInvalidateTexSubImage (`region` is x, y, z, width,
    /// height, depth).
    pub(crate) fn gl_invalidate_tex_image(&mut self, texture: GLuint, level: GLint, region: Option<[GLint; 6]>) {
        let target = self.share.lock().textures.get(texture).filter(|_| texture != 0).map(|t| t.target);
        let Some(target) = target else { return self.record_error(GL_INVALID_VALUE) };
        let max_levels = 32 - self.limits.max_texture_size.max(1).leading_zeros() as GLint;
        if !self.check(level >= 0 && level < max_levels, GL_INVALID_VALUE) {
            return;
        }
        // Rectangle, buffer and multisample textures have level 0 only.
        let single_level = matches!(target, GL_TEXTURE_RECTANGLE | GL_TEXTURE_BUFFER | GL_TEXTURE_2D_MULTISAMPLE | GL_TEXTURE_2D_MULTISAMPLE_ARRAY);
        if !self.check(!(single_level && level != 0), GL_INVALID_VALUE) {
            return;
        }
        if let Some([_, _, _, width, height, depth]) = region {
            self.check(width >= 0 && height >= 0 && depth >= 0, GL_INVALID_VALUE);
        }
    }

    /// glInvalidateFramebuffer and glInvalidateSubFramebuffer (`area` is x, y, width, height).
    pub(crate) fn gl_invalidate_framebuffer(&mut self, target: GLenum, count: GLsizei, attachments: *const GLenum, area: Option<[GLint; 4]>) {
        let framebuffer = match target {
            GL_FRAMEBUFFER | GL_DRAW_FRAMEBUFFER => self.bindings.draw_framebuffer,
            GL_READ_FRAMEBUFFER => self.bindings.read_framebuffer,
            _ => return self.record_error(GL_INVALID_ENUM),
        };
        if !self.check(count >= 0, GL_INVALID_VALUE) {
            return;
        }
        if let Some([_, _, width, height]) = area {
            if !self.check(width >= 0 && height >= 0, GL_INVALID_VALUE) {
                return;
            }
        }
        if attachments.is_null() {
            return;
        }
        let max_color = self.limits.max_color_attachments;
        for i in 0..count as usize {
            // SAFETY: GL requires `attachments` to hold `count` enums.
            let attachment = unsafe { *attachments.add(i) };
            let error = if framebuffer == 0 {
                (!matches!(attachment, GL_COLOR | GL_DEPTH | GL_STENCIL)).then_some(GL_INVALID_ENUM)
            } else if matches!(attachment, GL_DEPTH_ATTACHMENT | GL_STENCIL_ATTACHMENT | GL_DEPTH_STENCIL_ATTACHMENT) {
                None
            } else {
                let color = attachment.wrapping_sub(GL_COLOR_ATTACHMENT0);
                if color < 32 {
                    (color >= max_color).then_some(GL_INVALID_OPERATION)
                } else {
                    Some(GL_INVALID_ENUM)
                }
            };
            if let Some(error) = error {
                return self.record_error(error);
            }
        }
    }
}
