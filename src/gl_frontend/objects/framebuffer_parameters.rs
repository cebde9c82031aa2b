//! Framebuffer parameters (ARB_framebuffer_no_attachments; GL 4.6 sections 9.2.1 and
//! 9.2.3): glFramebufferParameteri, glGetFramebufferParameteriv and their named forms. A
//! framebuffer object without attachments takes its size, layers and samples from them.

use crate::context::ContextState;
use crate::state::multisample::supported_sample_count;
use crate::state::Dirty;
use crate::types::enums::*;
use crate::types::*;

/// GL_FRAMEBUFFER_DEFAULT_*: what a framebuffer object without attachments renders into.
/// Attachments, once there, decide instead.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FramebufferDefaults {
    pub width: u32,
    pub height: u32,
    /// 0: not layered.
    pub layers: u32,
    /// As asked for; draws round it up to a count the device renders
    /// ([`ContextState::no_attachment_samples`]).
    pub samples: u32,
    pub fixed_sample_locations: bool,
}

impl ContextState {
    /// glFramebufferParameteri.
    pub(crate) fn gl_framebuffer_parameteri(&mut self, target: GLenum, pname: GLenum, param: GLint) {
        let Some(name) = self.bound_framebuffer_name(target) else { return };
        self.set_framebuffer_parameter(name, pname, param)
    }

    /// glNamedFramebufferParameteri.
    pub(crate) fn gl_named_framebuffer_parameteri(&mut self, framebuffer: GLuint, pname: GLenum, param: GLint) {
        if !self.check(self.is_framebuffer_object(framebuffer), GL_INVALID_OPERATION) {
            return;
        }
        self.set_framebuffer_parameter(framebuffer, pname, param)
    }

    /// glGetFramebufferParameteriv: the framebuffer bound to `target`, which may be the
    /// default one for the pnames both kinds answer.
    pub(crate) fn framebuffer_parameter(&mut self, target: GLenum, pname: GLenum) -> Option<GLint> {
        let name = self.framebuffer_bound_to(target)?;
        self.framebuffer_parameter_of(name, pname)
    }

    /// glGetNamedFramebufferParameteriv: framebuffer 0 is the default framebuffer.
    pub(crate) fn named_framebuffer_parameter(&mut self, framebuffer: GLuint, pname: GLenum) -> Option<GLint> {
        if !self.check(framebuffer == 0 || self.is_framebuffer_object(framebuffer), GL_INVALID_OPERATION) {
            return None;
        }
        self.framebuffer_parameter_of(framebuffer, pname)
    }

    /// Whether `name` is a framebuffer object that exists (was bound or created).
    fn is_framebuffer_object(&self, name: GLuint) -> bool {
        name != 0 && self.framebuffers.get(name).is_some()
    }

    /// Whether GL_FRAMEBUFFER_DEFAULT_LAYERS is a pname: ES has layered framebuffers only
    /// from ES 3.2 or with geometry shaders.
    fn default_layers_known(&self) -> bool {
        !self.is_gles()
            || self.version >= (3, 2)
            || self.strings.has_extension("GL_OES_geometry_shader")
            || self.strings.has_extension("GL_EXT_geometry_shader")
    }

    fn set_framebuffer_parameter(&mut self, name: GLuint, pname: GLenum, param: GLint) {
        if !self.check(self.is_default_parameter(pname), GL_INVALID_ENUM) {
            return;
        }
        let l = &self.limits;
        // GL_FRAMEBUFFER_DEFAULT_FIXED_SAMPLE_LOCATIONS is a boolean: any value is one.
        let limit = match pname {
            GL_FRAMEBUFFER_DEFAULT_WIDTH => Some(l.max_framebuffer_width),
            GL_FRAMEBUFFER_DEFAULT_HEIGHT => Some(l.max_framebuffer_height),
            GL_FRAMEBUFFER_DEFAULT_LAYERS => Some(l.max_framebuffer_layers),
            GL_FRAMEBUFFER_DEFAULT_SAMPLES => Some(l.max_framebuffer_samples),
            _ => None,
        };
        if let Some(limit) = limit {
            if !self.check(param >= 0 && param as u32 <= limit, GL_INVALID_VALUE) {
                return;
            }
        }
        let value = param as u32;
        let Some(fb) = self.framebuffers.get_mut(name) else { return };
        let d = &mut fb.defaults;
        match pname {
            GL_FRAMEBUFFER_DEFAULT_WIDTH => d.width = value,
            GL_FRAMEBUFFER_DEFAULT_HEIGHT => d.height = value,
            GL_FRAMEBUFFER_DEFAULT_LAYERS => d.layers = value,
            GL_FRAMEBUFFER_DEFAULT_SAMPLES => d.samples = value,
            _ => d.fixed_sample_locations = param != 0,
        }
        if name == self.bindings.draw_framebuffer {
            self.state.dirty.insert(Dirty::FRAMEBUFFER);
        }
    }

    /// Whether `pname` is one of GL_FRAMEBUFFER_DEFAULT_*, which only framebuffer objects have.
    fn is_default_parameter(&self, pname: GLenum) -> bool {
        match pname {
            GL_FRAMEBUFFER_DEFAULT_WIDTH | GL_FRAMEBUFFER_DEFAULT_HEIGHT | GL_FRAMEBUFFER_DEFAULT_SAMPLES => true,
            GL_FRAMEBUFFER_DEFAULT_FIXED_SAMPLE_LOCATIONS => true,
            GL_FRAMEBUFFER_DEFAULT_LAYERS => self.default_layers_known(),
            _ => false,
        }
    }

    /// A parameter of framebuffer `name` (0: the default framebuffer, which answers only
    /// the framebuffer-dependent values of GL 4.6 table 23.73).
    fn framebuffer_parameter_of(&mut self, name: GLuint, pname: GLenum) -> Option<GLint> {
        if self.is_default_parameter(pname) {
            let Some(d) = self.framebuffers.get(name).filter(|_| name != 0).map(|fb| fb.defaults) else {
                self.record_error(GL_INVALID_OPERATION);
                return None;
            };
            return Some(match pname {
                GL_FRAMEBUFFER_DEFAULT_WIDTH => d.width as GLint,
                GL_FRAMEBUFFER_DEFAULT_HEIGHT => d.height as GLint,
                GL_FRAMEBUFFER_DEFAULT_LAYERS => d.layers as GLint,
                GL_FRAMEBUFFER_DEFAULT_SAMPLES => d.samples as GLint,
                _ => d.fixed_sample_locations as GLint,
            });
        }
        let value = match pname {
            // galvan's buffers are neither double-buffered as GL sees them nor stereo.
            GL_DOUBLEBUFFER | GL_STEREO => GL_FALSE as GLint,
            GL_SAMPLES => self.framebuffer_samples(name) as GLint,
            GL_SAMPLE_BUFFERS => (self.framebuffer_samples(name) > 0) as GLint,
            GL_IMPLEMENTATION_COLOR_READ_FORMAT => GL_RGBA as GLint,
            GL_IMPLEMENTATION_COLOR_READ_TYPE => GL_UNSIGNED_BYTE as GLint,
            _ => {
                self.record_error(GL_INVALID_ENUM);
                return None;
            }
        };
        Some(value)
    }

    /// The samples a draw into framebuffer object `name` rasterises with: its attachments'
    /// count, or without attachments its default samples rounded up to a count the device
    /// renders; 0 when single-sampled.
    pub(crate) fn framebuffer_samples(&self, name: GLuint) -> u32 {
        let Some(fb) = self.framebuffers.get(name).filter(|_| name != 0) else { return 0 };
        let attached = fb.colors.iter().chain([&fb.depth, &fb.stencil]).find_map(|&a| self.attached_image(a));
        match attached {
            Some(image) => image.samples,
            None if fb.has_attachments() => 0,
            None => self.no_attachment_samples(fb.defaults.samples),
        }
    }

    /// The sample count rendering without attachments takes for GL_FRAMEBUFFER_DEFAULT_SAMPLES
    /// `requested`.
    pub(crate) fn no_attachment_samples(&self, requested: u32) -> u32 {
        supported_sample_count(requested, self.limits.no_attachment_sample_counts)
    }
}
