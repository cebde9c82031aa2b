//! Renderbuffer objects: glGen/Delete/Bind/IsRenderbuffer, glRenderbufferStorage
//! (Multisample), glGetRenderbufferParameteriv.

use crate::context::ContextState;
use crate::draw_path::gpu_image::GpuImage;
use crate::pixels::{HostTexels, TexelFormat};
use crate::state::Dirty;
use crate::types::enums::*;
use crate::types::*;

#[derive(Clone, Debug, Default)]
pub struct Renderbuffer {
    pub width: u32,
    pub height: u32,
    pub internal_format: GLenum,
    /// `None` until storage is allocated.
    pub format: Option<TexelFormat>,
    pub samples: u32,
    /// Bumped when storage is reallocated.
    pub generation: u64,
    /// The GPU image, made when first rendered to.
    pub gpu: Option<GpuImage>,
}

impl ContextState {
    pub(crate) fn gl_gen_renderbuffers(&mut self, n: GLsizei, names: *mut GLuint, create: bool) {
        if !self.check(n >= 0, GL_INVALID_VALUE) || names.is_null() {
            return;
        }
        let mut objects = self.share.lock();
        for i in 0..n as usize {
            let name = objects.renderbuffers.generate();
            if create {
                objects.renderbuffers.insert(name, Renderbuffer { internal_format: GL_RGBA4, ..Default::default() });
            }
            // SAFETY: GL requires `names` to hold n names.
            unsafe { *names.add(i) = name };
        }
    }

    pub(crate) fn gl_delete_renderbuffers(&mut self, n: GLsizei, names: *const GLuint) {
        if !self.check(n >= 0, GL_INVALID_VALUE) || names.is_null() {
            return;
        }
        for i in 0..n as usize {
            // SAFETY: GL requires `names` to hold n names.
            let name = unsafe { *names.add(i) };
            if name == 0 {
                continue;
            }
            self.share.lock().renderbuffers.remove(name);
            if self.bindings.renderbuffer == name {
                self.bindings.renderbuffer = 0;
            }
            self.detach_renderbuffer_from_framebuffers(name);
        }
    }

    pub(crate) fn gl_is_renderbuffer(&mut self, name: GLuint) -> GLboolean {
        self.share.lock().renderbuffers.exists(name) as GLboolean
    }

    pub(crate) fn gl_bind_renderbuffer(&mut self, target: GLenum, name: GLuint) {
        let allow_unreserved = !self.is_core() && !self.is_gles();
        self.bind_renderbuffer(target, name, allow_unreserved)
    }

    /// glBindRenderbufferEXT: EXT_framebuffer_object binds (and creates) any name.
    pub(crate) fn gl_bind_renderbuffer_ext(&mut self, target: GLenum, name: GLuint) {
        self.bind_renderbuffer(target, name, true)
    }

    fn bind_renderbuffer(&mut self, target: GLenum, name: GLuint, allow_unreserved: bool) {
        if !self.check(target == GL_RENDERBUFFER, GL_INVALID_ENUM) {
            return;
        }
        if name != 0 {
            let created = self
                .share
                .lock()
                .renderbuffers
                .get_or_create(name, allow_unreserved, || Renderbuffer { internal_format: GL_RGBA4, ..Default::default() })
                .is_some();
            if !self.check(created, GL_INVALID_OPERATION) {
                return;
            }
        }
        self.bindings.renderbuffer = name;
    }

    pub(crate) fn gl_renderbuffer_storage(&mut self, target: GLenum, samples: GLsizei, internal_format: GLenum, width: GLsizei, height: GLsizei) {
        if !self.check(target == GL_RENDERBUFFER, GL_INVALID_ENUM) {
            return;
        }
        let api = self.format_api();
        // RGB9_E5 is a renderbuffer format though no framebuffer with it is complete;
        // compressed ones, generic GL_COMPRESSED_* included, are none.
        let renderable = |f: &TexelFormat| {
            !f.info.is_compressed() && (f.info.is_color_renderable(api) || f.info.is_depth_renderable() || f.info.is_stencil_renderable() || f.info.internal_format == GL_RGB9_E5)
        };
        let Some(format) = self.texel_format(internal_format).filter(|f| renderable(f) && (f.info.sized || !self.is_core())) else {
            return self.record_error(GL_INVALID_ENUM);
        };
        let max = self.limits.max_renderbuffer_size as i32;
        if !self.check((0..=max).contains(&width) && (0..=max).contains(&height) && samples >= 0, GL_INVALID_VALUE) {
            return;
        }
        if !self.check(samples as u32 <= self.limits.max_samples, GL_INVALID_OPERATION) {
            return;
        }
        let name = self.bindings.renderbuffer;
        if !self.check(name != 0, GL_INVALID_OPERATION) {
            return;
        }
        if let Some(rb) = self.share.lock().renderbuffers.get_mut(name) {
            rb.width = width as u32;
            rb.height = height as u32;
            rb.internal_format = internal_format;
            rb.format = Some(format);
            rb.samples = crate::state::multisample::supported_sample_count(samples as u32, self.limits.sample_counts);
            rb.generation += 1;
            rb.gpu = None;
        }
        self.state.dirty.insert(Dirty::FRAMEBUFFER);
    }

    pub(crate) fn renderbuffer_parameter(&mut self, target: GLenum, pname: GLenum) -> Option<i64> {
        if !self.check(target == GL_RENDERBUFFER, GL_INVALID_ENUM) {
            return None;
        }
        let name = self.bindings.renderbuffer;
        if !self.check(name != 0, GL_INVALID_OPERATION) {
            return None;
        }
        let rb = self.share.lock().renderbuffers.get(name).cloned()?;
        let bits = |pname| rb.format.map_or(0, |f| f.component_bits(pname) as i64);
        let value = match pname {
            GL_RENDERBUFFER_WIDTH => rb.width as i64,
            GL_RENDERBUFFER_HEIGHT => rb.height as i64,
            GL_RENDERBUFFER_INTERNAL_FORMAT => rb.internal_format as i64,
            GL_RENDERBUFFER_SAMPLES => rb.samples as i64,
            GL_RENDERBUFFER_RED_SIZE | GL_RENDERBUFFER_GREEN_SIZE | GL_RENDERBUFFER_BLUE_SIZE | GL_RENDERBUFFER_ALPHA_SIZE
            | GL_RENDERBUFFER_DEPTH_SIZE | GL_RENDERBUFFER_STENCIL_SIZE => bits(pname),
            _ => {
                self.record_error(GL_INVALID_ENUM);
                return None;
            }
        };
        Some(value)
    }
}
