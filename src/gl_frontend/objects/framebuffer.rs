//! Framebuffer objects: glGen/Delete/Bind/IsFramebuffer, glFramebufferRenderbuffer
//! (texture attachments are `framebuffer_texture.rs`), glCheckFramebufferStatus,
//! glGetFramebufferAttachmentParameteriv, glDrawBuffer(s), glReadBuffer. The parameters of
//! framebuffers without attachments are `framebuffer_parameters.rs`.

use crate::context::ContextState;
use crate::draw_path::gpu_image::attachment_layers;
use crate::objects::framebuffer_parameters::FramebufferDefaults;
use crate::objects::framebuffer_texture::is_layered_target;
use crate::objects::texture_target::CUBE_FACES;
use crate::pixels::{HostTexels, TexelFormat};
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
    /// One level of a texture: layer `layer` (array layer, cube face, 3D slice), or every
    /// layer when `layered` (glFramebufferTexture of a texture with layers).
    Texture { name: GLuint, level: u32, layer: u32, layered: bool },
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
    /// What the framebuffer renders into while nothing is attached.
    pub defaults: FramebufferDefaults,
}

impl Framebuffer {
    /// Whether any attachment point names an image (with storage or not).
    pub fn has_attachments(&self) -> bool {
        self.colors.iter().chain([&self.depth, &self.stencil]).any(|&a| a != Attachment::None)
    }
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
            defaults: FramebufferDefaults::default(),
        }
    }
}

/// The draw and read buffers of the default framebuffer, which has no object to hold them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DefaultBuffers {
    pub draw: [GLenum; MAX_COLOR_ATTACHMENTS],
    pub read: GLenum,
}

impl Default for DefaultBuffers {
    fn default() -> Self {
        let mut draw = [GL_NONE; MAX_COLOR_ATTACHMENTS];
        draw[0] = GL_BACK;
        DefaultBuffers { draw, read: GL_BACK }
    }
}

/// Size and format of an attached image.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AttachedImage {
    pub width: u32,
    pub height: u32,
    pub format: TexelFormat,
    /// Whether the attachment is layered, and how many layers it then spans.
    pub layered: bool,
    pub layers: u32,
    /// Whether the named layer exists (a layer beyond a level's depth makes the attachment
    /// incomplete).
    pub layer_exists: bool,
    /// The texture's target (renderbuffers: GL_RENDERBUFFER).
    pub target: GLenum,
    /// Samples per pixel; 0 for a single-sample image.
    pub samples: u32,
    /// GL_TEXTURE_FIXED_SAMPLE_LOCATIONS (renderbuffers: true).
    pub fixed_sample_locations: bool,
}

/// The attachment points an `attachment` enum names.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Point {
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
        // Compatibility contexts create framebuffers on first bind, as GL 2.1 did.
        let allow_unreserved = !self.is_core() && !self.is_gles();
        self.bind_framebuffer(target, name, allow_unreserved)
    }

    /// glBindFramebufferEXT: EXT_framebuffer_object binds (and creates) any name, generated
    /// or not, in every context.
    pub(crate) fn gl_bind_framebuffer_ext(&mut self, target: GLenum, name: GLuint) {
        self.bind_framebuffer(target, name, true)
    }

    fn bind_framebuffer(&mut self, target: GLenum, name: GLuint, allow_unreserved: bool) {
        let (draw, read) = match target {
            GL_FRAMEBUFFER => (true, true),
            GL_DRAW_FRAMEBUFFER => (true, false),
            GL_READ_FRAMEBUFFER => (false, true),
            _ => return self.record_error(GL_INVALID_ENUM),
        };
        if name != 0 {
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

    /// The framebuffer bound to `target` (0 for the default one); records INVALID_ENUM for
    /// a bad target.
    pub(crate) fn framebuffer_bound_to(&mut self, target: GLenum) -> Option<GLuint> {
        match target {
            GL_FRAMEBUFFER | GL_DRAW_FRAMEBUFFER => Some(self.bindings.draw_framebuffer),
            GL_READ_FRAMEBUFFER => Some(self.bindings.read_framebuffer),
            _ => {
                self.record_error(GL_INVALID_ENUM);
                None
            }
        }
    }

    /// The framebuffer object bound to `target`; records INVALID_ENUM for a bad target and
    /// INVALID_OPERATION when framebuffer 0 is bound.
    pub(crate) fn bound_framebuffer_name(&mut self, target: GLenum) -> Option<GLuint> {
        let name = self.framebuffer_bound_to(target)?;
        if !self.check(name != 0, GL_INVALID_OPERATION) {
            return None;
        }
        Some(name)
    }

    pub(crate) fn attachment_point(&mut self, attachment: GLenum) -> Option<Point> {
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

    pub(crate) fn attach(&mut self, framebuffer: GLuint, point: Point, value: Attachment) {
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
            Attachment::Texture { name, level, layer, layered } => {
                let objects = self.share.lock();
                let texture = objects.textures.get(name)?;
                let face = if texture.target == GL_TEXTURE_CUBE_MAP && !layered { layer as usize } else { 0 };
                let image = texture.face_level(face, level as usize)?;
                let layers = attachment_layers(texture, level);
                // Layered cube maps need all six faces.
                let faces_ok = !(layered && texture.target == GL_TEXTURE_CUBE_MAP) || (0..6).all(|f| texture.face_level(f, level as usize).is_some());
                Some(AttachedImage {
                    width: image.width,
                    height: image.height,
                    format: image.format,
                    layered,
                    layers,
                    layer_exists: faces_ok && (layered || layer < layers),
                    target: texture.target,
                    samples: image.samples,
                    fixed_sample_locations: texture.fixed_sample_locations || image.samples == 0,
                })
            }
            Attachment::Renderbuffer { name } => {
                let objects = self.share.lock();
                let rb = objects.renderbuffers.get(name)?;
                Some(AttachedImage { width: rb.width, height: rb.height, format: rb.format?, layered: false, layers: 1, layer_exists: true, target: GL_RENDERBUFFER, samples: rb.samples, fixed_sample_locations: true })
            }
        }
    }

    /// GL_FRAMEBUFFER_COMPLETE or the reason the framebuffer object is incomplete.
    pub(crate) fn framebuffer_status(&self, name: GLuint) -> GLenum {
        let Some(fb) = self.framebuffers.get(name) else { return GL_FRAMEBUFFER_COMPLETE };
        let mut any = false;
        // Every attachment layered or none (FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS), layered ones
        // of one texture target.
        let mut layering: Option<(bool, GLenum)> = None;
        for &a in fb.colors.iter().chain([&fb.depth, &fb.stencil]) {
            if let Some(img) = self.attached_image(a) {
                if !img.layer_exists {
                    return GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT;
                }
                let this = (img.layered, if img.layered { img.target } else { 0 });
                match layering {
                    None => layering = Some(this),
                    Some(l) if l != this => return GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS,
                    _ => {}
                }
            }
        }
        for (i, &a) in fb.colors.iter().enumerate() {
            if a == Attachment::None {
                continue;
            }
            any = true;
            match self.attached_image(a) {
                Some(img) if is_color_attachable(img.format) && img.width > 0 && img.height > 0 => {}
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
                Some(img) if (if needs_stencil { img.format.has_stencil() } else { img.format.is_depth() }) && img.width > 0 && img.height > 0 => {}
                _ => return GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT,
            }
        }
        if !any {
            // Without attachments, the default size is what is rendered into (GL 4.6
            // section 9.4.2).
            let sized = fb.defaults.width > 0 && fb.defaults.height > 0;
            return if sized { GL_FRAMEBUFFER_COMPLETE } else { GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT };
        }
        // Every attachment of one sample count and, with a multisample texture among them,
        // of one GL_TEXTURE_FIXED_SAMPLE_LOCATIONS.
        let attached: Vec<AttachedImage> = fb.colors.iter().chain([&fb.depth, &fb.stencil]).filter_map(|&a| self.attached_image(a)).collect();
        if let Some(first) = attached.first() {
            let fixed_mixed = attached.iter().any(|i| i.fixed_sample_locations != first.fixed_sample_locations);
            if attached.iter().any(|i| i.samples != first.samples) || fixed_mixed {
                return GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE;
            }
        }
        // A Vulkan render pass takes depth and stencil from one image: separate depth and
        // stencil images are a combination galvan does not support.
        if fb.depth != Attachment::None && fb.stencil != Attachment::None && fb.depth != fb.stencil {
            return GL_FRAMEBUFFER_UNSUPPORTED;
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
            (GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_CUBE_MAP_FACE, Attachment::Texture { layer, layered, .. }) => {
                match image.map(|i| i.target) {
                    Some(GL_TEXTURE_CUBE_MAP) if !layered => CUBE_FACES[layer.min(5) as usize] as i64,
                    _ => 0,
                }
            }
            (GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER, Attachment::Texture { layer, layered, .. }) => {
                match image.map(|i| i.target) {
                    Some(t) if is_layered_target(t) && t != GL_TEXTURE_CUBE_MAP && !layered => layer as i64,
                    _ => 0,
                }
            }
            (GL_FRAMEBUFFER_ATTACHMENT_LAYERED, Attachment::Texture { layered, .. }) => layered as i64,
            (GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE, _) => image.map_or(0, |i| i.format.component_bits(GL_TEXTURE_RED_SIZE) as i64),
            (GL_FRAMEBUFFER_ATTACHMENT_GREEN_SIZE, _) => image.map_or(0, |i| i.format.component_bits(GL_TEXTURE_GREEN_SIZE) as i64),
            (GL_FRAMEBUFFER_ATTACHMENT_BLUE_SIZE, _) => image.map_or(0, |i| i.format.component_bits(GL_TEXTURE_BLUE_SIZE) as i64),
            (GL_FRAMEBUFFER_ATTACHMENT_ALPHA_SIZE, _) => image.map_or(0, |i| i.format.component_bits(GL_TEXTURE_ALPHA_SIZE) as i64),
            (GL_FRAMEBUFFER_ATTACHMENT_DEPTH_SIZE, _) => image.map_or(0, |i| i.format.component_bits(GL_TEXTURE_DEPTH_SIZE) as i64),
            (GL_FRAMEBUFFER_ATTACHMENT_STENCIL_SIZE, _) => image.map_or(0, |i| i.format.component_bits(GL_TEXTURE_STENCIL_SIZE) as i64),
            (GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE, _) => image.map_or(GL_NONE as i64, |i| i.format.info.kind.gl_enum() as i64),
            (GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING, _) => {
                if image.is_some_and(|i| i.format.info.srgb) { GL_SRGB as i64 } else { GL_LINEAR as i64 }
            }
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
        match self.framebuffers.get_mut(fb) {
            Some(f) => f.draw_buffers = values,
            None if fb == 0 => self.default_buffers.draw = values,
            None => {}
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
        match self.framebuffers.get_mut(fb) {
            Some(f) => f.read_buffer = mode,
            None if fb == 0 => self.default_buffers.read = mode,
            None => {}
        }
    }

    /// GL_DRAW_BUFFERi of the bound draw framebuffer.
    pub(crate) fn draw_buffer(&self, i: usize) -> GLenum {
        let fb = self.bindings.draw_framebuffer;
        let buffers = self.framebuffers.get(fb).map_or(&self.default_buffers.draw, |f| &f.draw_buffers);
        buffers.get(i).copied().unwrap_or(GL_NONE)
    }

    /// GL_READ_BUFFER of the bound read framebuffer.
    pub(crate) fn read_buffer(&self) -> GLenum {
        let fb = self.bindings.read_framebuffer;
        self.framebuffers.get(fb).map_or(self.default_buffers.read, |f| f.read_buffer)
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

/// Whether an image of `format` may be a colour attachment: not depth or stencil, not
/// compressed, not the shared-exponent RGB9_E5 (which GL allows as a renderbuffer format
/// yet never as a colour buffer).
fn is_color_attachable(format: TexelFormat) -> bool {
    !format.is_depth() && !format.has_stencil() && format.info.block().is_none() && format.info.internal_format != GL_RGB9_E5
}
