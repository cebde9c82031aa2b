//! Framebuffer objects: glGen/Delete/Bind/IsFramebuffer, glFramebufferTexture(2D),
//! glFramebufferRenderbuffer, glCheckFramebufferStatus,
//! glGetFramebufferAttachmentParameteriv, glDrawBuffer(s), glReadBuffer.

use crate::context::ContextState;
use crate::pixels::TexelFormat;
use crate::state::Dirty;
use crate::types::enums::*;
use crate::types::*;

/// Most colour attachments a framebuffer object has.
pub const MAX_COLOR_ATTACHMENTS: usize = 8;

/// What an attachment point holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Attachment {
    #[default]
    None,
    Texture { name: GLuint, level: u32 },
    Renderbuffer { name: GLuint },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Framebuffer {
    pub colors: [Attachment; MAX_COLOR_ATTACHMENTS],
    pub depth: Attachment,
    pub stencil: Attachment,
    /// glDrawBuffers: per fragment output, GL_COLOR_ATTACHMENTi or GL_NONE.
    pub draw_buffers: [GLenum; MAX_COLOR_ATTACHMENTS],
    pub read_buffer: GLenum,
}

impl Default for Framebuffer {
    fn default() -> Self {
        let mut draw_buffers = [GL_NONE; MAX_COLOR_ATTACHMENTS];
        draw_buffers[0] = GL_COLOR_ATTACHMENT0;
        Framebuffer {
            colors: [Attachment::None; MAX_COLOR_ATTACHMENTS],
            depth: Attachment::None,
            stencil: Attachment::None,
            draw_buffers,
            read_buffer: GL_COLOR_ATTACHMENT0,
        }
    }
}

/// Size and format of an attached image.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AttachedImage {
    pub width: u32,
    pub height: u32,
    pub format: TexelFormat,
}

/// The attachment points an `attachment` enum names.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Point {
    Color(usize),
    Depth,
    Stencil,
    DepthStencil,
}

impl ContextState {
    pub(crate) fn gl_gen_framebuffers(&mut self, n: GLsizei, names: *mut GLuint, create: bool) {
        if !self.check(n >= 0, GL_INVALID_VALUE) || names.is_null() {
            return;
        }
        for i in 0..n as usize {
            let name = self.framebuffers.generate();
            if create {
                self.framebuffers.insert(name, Framebuffer::default());
            }
            // SAFETY: GL requires `names` to hold n names.
            unsafe { *names.add(i) = name };
        }
    }

    pub(crate) fn gl_delete_framebuffers(&mut self, n: GLsizei, names: *const GLuint) {
        if !self.check(n >= 0, GL_INVALID_VALUE) || names.is_null() {
            return;
        }
        for i in 0..n as usize {
            // SAFETY: GL requires `names` to hold n names.
            let name = unsafe { *names.add(i) };
            if name == 0 {
                continue;
            }
            self.framebuffers.remove(name);
            if self.bindings.draw_framebuffer == name {
                self.bindings.draw_framebuffer = 0;
                self.state.dirty.insert(Dirty::FRAMEBUFFER);
            }
            if self.bindings.read_framebuffer == name {
                self.bindings.read_framebuffer = 0;
            }
        }
    }

    pub(crate) fn gl_is_framebuffer(&mut self, name: GLuint) -> GLboolean {
        (name != 0 && self.framebuffers.exists(name)) as GLboolean
    }

    pub(crate) fn gl_bind_framebuffer(&mut self, target: GLenum, name: GLuint) {
        let (draw, read) = match target {
            GL_FRAMEBUFFER => (true, true),
            GL_DRAW_FRAMEBUFFER => (true, false),
            GL_READ_FRAMEBUFFER => (false, true),
            _ => return self.record_error(GL_INVALID_ENUM),
        };
        if name != 0 {
            let allow_unreserved = !self.is_core() && !self.is_gles();
            let exists = self.framebuffers.get_or_create(name, allow_unreserved, Framebuffer::default).is_some();
            if !self.check(exists, GL_INVALID_OPERATION) {
                return;
            }
        }
        if draw {
            self.bindings.draw_framebuffer = name;
            self.state.dirty.insert(Dirty::FRAMEBUFFER);
        }
        if read {
            self.bindings.read_framebuffer = name;
        }
    }

    /// The framebuffer object bound to `target`; records INVALID_ENUM for a bad target and
    /// INVALID_OPERATION when framebuffer 0 is bound.
    fn bound_framebuffer_name(&mut self, target: GLenum) -> Option<GLuint> {
        let name = match target {
            GL_FRAMEBUFFER | GL_DRAW_FRAMEBUFFER => self.bindings.draw_framebuffer,
            GL_READ_FRAMEBUFFER => self.bindings.read_framebuffer,
            _ => {
                self.record_error(GL_INVALID_ENUM);
                return None;
            }
        };
        if !self.check(name != 0, GL_INVALID_OPERATION) {
            return None;
        }
        Some(name)
    }

    fn attachment_point(&mut self, attachment: GLenum) -> Option<Point> {
        match attachment {
            GL_DEPTH_ATTACHMENT => Some(Point::Depth),
            GL_STENCIL_ATTACHMENT => Some(Point::Stencil),
            GL_DEPTH_STENCIL_ATTACHMENT => Some(Point::DepthStencil),
            a if (GL_COLOR_ATTACHMENT0..GL_COLOR_ATTACHMENT0 + 32).contains(&a) => {
                let i = (a - GL_COLOR_ATTACHMENT0) as usize;
                if !self.check(i < (self.limits.max_color_attachments as usize).min(MAX_COLOR_ATTACHMENTS), GL_INVALID_OPERATION) {
                    return None;
                }
                Some(Point::Color(i))
            }
            _ => {
                self.record_error(GL_INVALID_ENUM);
                None
            }
        }
    }

    fn attach(&mut self, framebuffer: GLuint, point: Point, value: Attachment) {
        if let Some(fb) = self.framebuffers.get_mut(framebuffer) {
            match point {
                Point::Color(i) => fb.colors[i] = value,
                Point::Depth => fb.depth = value,
                Point::Stencil => fb.stencil = value,
                Point::DepthStencil => {
                    fb.depth = value;
                    fb.stencil = value;
                }
            }
        }
        self.state.dirty.insert(Dirty::FRAMEBUFFER);
    }

    pub(crate) fn gl_framebuffer_texture_2d(&mut self, target: GLenum, attachment: GLenum, textarget: Option<GLenum>, texture: GLuint, level: GLint) {
        let Some(fb) = self.bound_framebuffer_name(target) else { return };
        let Some(point) = self.attachment_point(attachment) else { return };
        if texture == 0 {
            return self.attach(fb, point, Attachment::None);
        }
        if let Some(t) = textarget {
            if !self.check(matches!(t, GL_TEXTURE_2D | GL_TEXTURE_RECTANGLE | GL_TEXTURE_2D_MULTISAMPLE) || (GL_TEXTURE_CUBE_MAP_POSITIVE_X..=GL_TEXTURE_CUBE_MAP_NEGATIVE_Z).contains(&t), GL_INVALID_ENUM) {
                return;
            }
        }
        let texture_target = self.share.lock().textures.get(texture).map(|t| t.target);
        let Some(texture_target) = texture_target else {
            return self.record_error(GL_INVALID_OPERATION);
        };
        if let Some(t) = textarget {
            if !self.check(t == texture_target, GL_INVALID_OPERATION) {
                return;
            }
        }
        let max_level = 31 - self.limits.max_texture_size.max(1).leading_zeros() as i32;
        if !self.check(level >= 0 && level <= max_level, GL_INVALID_VALUE) {
            return;
        }
        self.attach(fb, point, Attachment::Texture { name: texture, level: level as u32 });
    }

    pub(crate) fn gl_framebuffer_renderbuffer(&mut self, target: GLenum, attachment: GLenum, rb_target: GLenum, renderbuffer: GLuint) {
        let Some(fb) = self.bound_framebuffer_name(target) else { return };
        let Some(point) = self.attachment_point(attachment) else { return };
        if !self.check(rb_target == GL_RENDERBUFFER, GL_INVALID_ENUM) {
            return;
        }
        if renderbuffer == 0 {
            return self.attach(fb, point, Attachment::None);
        }
        let exists = self.share.lock().renderbuffers.exists(renderbuffer);
        if !self.check(exists, GL_INVALID_OPERATION) {
            return;
        }
        self.attach(fb, point, Attachment::Renderbuffer { name: renderbuffer });
    }

    /// The image behind an attachment, if it has one with storage.
    pub(crate) fn attached_image(&self, attachment: Attachment) -> Option<AttachedImage> {
        match attachment {
            Attachment::None => None,
            Attachment::Texture { name, level } => {
                let objects = self.share.lock();
                let image = objects.textures.get(name)?.level(level as usize)?;
                Some(AttachedImage { width: image.width, height: image.height, format: image.format })
            }
            Attachment::Renderbuffer { name } => {
                let objects = self.share.lock();
                let rb = objects.renderbuffers.get(name)?;
                Some(AttachedImage { width: rb.width, height: rb.height, format: rb.format? })
            }
        }
    }

    /// GL_FRAMEBUFFER_COMPLETE or the reason the framebuffer object is incomplete.
    pub(crate) fn framebuffer_status(&self, name: GLuint) -> GLenum {
        let Some(fb) = self.framebuffers.get(name) else { return GL_FRAMEBUFFER_COMPLETE };
        let mut any = false;
        for (i, &a) in fb.colors.iter().enumerate() {
            if a == Attachment::None {
                continue;
            }
            any = true;
            match self.attached_image(a) {
                Some(img) if !img.format.is_depth() && img.width > 0 && img.height > 0 => {}
                _ => {
                    tracing::debug!(target: "galvan", "colour attachment {i} is incomplete");
                    return GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT;
                }
            }
        }
        for (a, needs_stencil) in [(fb.depth, false), (fb.stencil, true)] {
            if a == Attachment::None {
                continue;
            }
            any = true;
            match self.attached_image(a) {
                Some(img) if img.format.is_depth() && (!needs_stencil || img.format.has_stencil()) && img.width > 0 && img.height > 0 => {}
                _ => return GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT,
            }
        }
        if !any {
            return GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT;
        }
        GL_FRAMEBUFFER_COMPLETE
    }

    pub(crate) fn gl_check_framebuffer_status(&mut self, target: GLenum) -> GLenum {
        let name = match target {
            GL_FRAMEBUFFER | GL_DRAW_FRAMEBUFFER => self.bindings.draw_framebuffer,
            GL_READ_FRAMEBUFFER => self.bindings.read_framebuffer,
            _ => {
                self.record_error(GL_INVALID_ENUM);
                return 0;
            }
        };
        if name == 0 {
            return if self.draw_surface.is_some() { GL_FRAMEBUFFER_COMPLETE } else { GL_FRAMEBUFFER_UNDEFINED };
        }
        self.framebuffer_status(name)
    }

    pub(crate) fn framebuffer_attachment_parameter(&mut self, target: GLenum, attachment: GLenum, pname: GLenum) -> Option<i64> {
        let name = self.bound_framebuffer_name(target)?;
        let point = self.attachment_point(attachment)?;
        let fb = self.framebuffers.get(name)?;
        let a = match point {
            Point::Color(i) => fb.colors[i],
            Point::Depth => fb.depth,
            Point::Stencil => fb.stencil,
            Point::DepthStencil => {
                if fb.depth != fb.stencil {
                    self.record_error(GL_INVALID_OPERATION);
                    return None;
                }
                fb.depth
            }
        };
        let image = self.attached_image(a);
        let value = match (pname, a) {
            (GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, Attachment::None) => GL_NONE as i64,
            (GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, Attachment::Texture { .. }) => GL_TEXTURE as i64,
            (GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, Attachment::Renderbuffer { .. }) => GL_RENDERBUFFER as i64,
            (GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME, Attachment::None) => 0,
            (GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME, Attachment::Texture { name, .. } | Attachment::Renderbuffer { name }) => name as i64,
            (GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LEVEL, Attachment::Texture { level, .. }) => level as i64,
            (GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE, _) => image.map_or(0, |i| i.format.component_bits(GL_TEXTURE_RED_SIZE) as i64),
            (GL_FRAMEBUFFER_ATTACHMENT_GREEN_SIZE, _) => image.map_or(0, |i| i.format.component_bits(GL_TEXTURE_GREEN_SIZE) as i64),
            (GL_FRAMEBUFFER_ATTACHMENT_BLUE_SIZE, _) => image.map_or(0, |i| i.format.component_bits(GL_TEXTURE_BLUE_SIZE) as i64),
            (GL_FRAMEBUFFER_ATTACHMENT_ALPHA_SIZE, _) => image.map_or(0, |i| i.format.component_bits(GL_TEXTURE_ALPHA_SIZE) as i64),
            (GL_FRAMEBUFFER_ATTACHMENT_DEPTH_SIZE, _) => image.map_or(0, |i| i.format.component_bits(GL_TEXTURE_DEPTH_SIZE) as i64),
            (GL_FRAMEBUFFER_ATTACHMENT_STENCIL_SIZE, _) => image.map_or(0, |i| i.format.component_bits(GL_TEXTURE_STENCIL_SIZE) as i64),
            (GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE, _) => match image.map(|i| i.format) {
                Some(TexelFormat::Float32 { .. }) => GL_FLOAT as i64,
                Some(_) => GL_UNSIGNED_NORMALIZED as i64,
                None => GL_NONE as i64,
            },
            (GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING, _) => GL_LINEAR as i64,
            _ => {
                self.record_error(if a == Attachment::None { GL_INVALID_OPERATION } else { GL_INVALID_ENUM });
                return None;
            }
        };
        Some(value)
    }

    pub(crate) fn gl_draw_buffers(&mut self, n: GLsizei, buffers: *const GLenum) {
        let max = (self.limits.max_draw_buffers as usize).min(MAX_COLOR_ATTACHMENTS);
        if !self.check(n >= 0 && n as usize <= max, GL_INVALID_VALUE) || buffers.is_null() {
            return;
        }
        // SAFETY: GL requires `buffers` to hold n enums.
        let list = unsafe { std::slice::from_raw_parts(buffers, n as usize) };
        let fb = self.bindings.draw_framebuffer;
        let mut values = [GL_NONE; MAX_COLOR_ATTACHMENTS];
        for (i, &b) in list.iter().enumerate() {
            let valid = if fb == 0 {
                matches!(b, GL_NONE | GL_BACK | GL_BACK_LEFT | GL_FRONT_LEFT | GL_FRONT)
            } else {
                b == GL_NONE || (GL_COLOR_ATTACHMENT0..GL_COLOR_ATTACHMENT0 + max as u32).contains(&b)
            };
            if !valid {
                let is_color = (GL_COLOR_ATTACHMENT0..GL_COLOR_ATTACHMENT0 + 32).contains(&b);
                return self.record_error(if is_color || fb == 0 { GL_INVALID_OPERATION } else { GL_INVALID_ENUM });
            }
            // Each attachment may appear once.
            if b != GL_NONE && list[..i].contains(&b) {
                return self.record_error(GL_INVALID_OPERATION);
            }
            values[i] = b;
        }
        if let Some(f) = self.framebuffers.get_mut(fb) {
            f.draw_buffers = values;
        }
        self.state.dirty.insert(Dirty::FRAMEBUFFER | Dirty::BLEND);
    }

    pub(crate) fn gl_read_buffer(&mut self, mode: GLenum) {
        let fb = self.bindings.read_framebuffer;
        let max = (self.limits.max_color_attachments as usize).min(MAX_COLOR_ATTACHMENTS) as u32;
        let valid = if fb == 0 {
            matches!(mode, GL_NONE | GL_BACK | GL_FRONT | GL_BACK_LEFT | GL_FRONT_LEFT | GL_LEFT)
        } else {
            mode == GL_NONE || (GL_COLOR_ATTACHMENT0..GL_COLOR_ATTACHMENT0 + max).contains(&mode)
        };
        if !valid {
            let known = mode == GL_NONE || (GL_COLOR_ATTACHMENT0..GL_COLOR_ATTACHMENT0 + 32).contains(&mode)
                || matches!(mode, GL_BACK | GL_FRONT | GL_BACK_LEFT | GL_FRONT_LEFT | GL_LEFT | GL_RIGHT | GL_FRONT_AND_BACK);
            return self.record_error(if known { GL_INVALID_OPERATION } else { GL_INVALID_ENUM });
        }
        if let Some(f) = self.framebuffers.get_mut(fb) {
            f.read_buffer = mode;
        }
    }

    /// Deleting a texture detaches it from this context's framebuffers.
    pub(crate) fn detach_texture_from_framebuffers(&mut self, texture: GLuint) {
        self.detach_where(|a| matches!(a, Attachment::Texture { name, .. } if name == texture));
    }

    pub(crate) fn detach_renderbuffer_from_framebuffers(&mut self, renderbuffer: GLuint) {
        self.detach_where(|a| matches!(a, Attachment::Renderbuffer { name } if name == renderbuffer));
    }

    fn detach_where(&mut self, matches: impl Fn(Attachment) -> bool) {
        for name in [self.bindings.draw_framebuffer, self.bindings.read_framebuffer] {
            if let Some(fb) = self.framebuffers.get_mut(name) {
                for a in fb.colors.iter_mut().chain([&mut fb.depth, &mut fb.stencil]) {
                    if matches(*a) {
                        *a = Attachment::None;
                    }
                }
            }
        }
        self.state.dirty.insert(Dirty::FRAMEBUFFER);
    }
}
