//! Sampler objects and the sampler state textures also carry: glGen/Delete/Bind/IsSampler,
//! glSamplerParameter*, glGetSamplerParameter*; `SamplerState::set` serves glTexParameter.

use crate::context::ContextState;
use crate::state::Dirty;
use crate::state::depth_stencil::is_compare_func;
use crate::types::enums::*;
use crate::types::*;

/// Filtering, wrapping, LOD and comparison state.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SamplerState {
    pub min_filter: GLenum,
    pub mag_filter: GLenum,
    pub wrap_s: GLenum,
    pub wrap_t: GLenum,
    pub wrap_r: GLenum,
    pub min_lod: f32,
    pub max_lod: f32,
    pub lod_bias: f32,
    pub compare_mode: GLenum,
    pub compare_func: GLenum,
    /// GL_TEXTURE_BORDER_COLOR as one value of four words, as GL keeps it: floats from
    /// glTexParameterf*/i*, integers from glTexParameterI*; the texture's format decides
    /// which the sampler reads.
    pub border_color: [u32; 4],
    pub max_anisotropy: f32,
}

impl SamplerState {
    /// GL's initial state; rectangle textures start with linear and clamp-to-edge.
    pub fn new(target: GLenum) -> Self {
        let rect = target == GL_TEXTURE_RECTANGLE;
        SamplerState {
            min_filter: if rect { GL_LINEAR } else { GL_NEAREST_MIPMAP_LINEAR },
            mag_filter: GL_LINEAR,
            wrap_s: if rect { GL_CLAMP_TO_EDGE } else { GL_REPEAT },
            wrap_t: if rect { GL_CLAMP_TO_EDGE } else { GL_REPEAT },
            wrap_r: if rect { GL_CLAMP_TO_EDGE } else { GL_REPEAT },
            min_lod: -1000.0,
            max_lod: 1000.0,
            lod_bias: 0.0,
            compare_mode: GL_NONE,
            compare_func: GL_LEQUAL,
            border_color: [0; 4],
            max_anisotropy: 1.0,
        }
    }

    /// Sets one parameter from its values; `Err` is the GL error and leaves state as is.
    /// `values` holds one value, or four for GL_TEXTURE_BORDER_COLOR.
    pub fn set(&mut self, pname: GLenum, values: &[f64], gles: bool) -> Result<(), GLenum> {
        let first = *values.first().ok_or(GL_INVALID_VALUE)?;
        let as_enum = first as GLenum;
        match pname {
            GL_TEXTURE_MIN_FILTER => {
                let ok = matches!(
                    as_enum,
                    GL_NEAREST | GL_LINEAR | GL_NEAREST_MIPMAP_NEAREST | GL_LINEAR_MIPMAP_NEAREST
                        | GL_NEAREST_MIPMAP_LINEAR | GL_LINEAR_MIPMAP_LINEAR
                );
                if !ok {
                    return Err(GL_INVALID_ENUM);
                }
                self.min_filter = as_enum;
            }
            GL_TEXTURE_MAG_FILTER => {
                if !matches!(as_enum, GL_NEAREST | GL_LINEAR) {
                    return Err(GL_INVALID_ENUM);
                }
                self.mag_filter = as_enum;
            }
            GL_TEXTURE_WRAP_S | GL_TEXTURE_WRAP_T | GL_TEXTURE_WRAP_R => {
                let ok = matches!(as_enum, GL_REPEAT | GL_CLAMP_TO_EDGE | GL_MIRRORED_REPEAT)
                    || (!gles && matches!(as_enum, GL_CLAMP_TO_BORDER | GL_CLAMP | GL_MIRROR_CLAMP_TO_EDGE));
                if !ok {
                    return Err(GL_INVALID_ENUM);
                }
                match pname {
                    GL_TEXTURE_WRAP_S => self.wrap_s = as_enum,
                    GL_TEXTURE_WRAP_T => self.wrap_t = as_enum,
                    _ => self.wrap_r = as_enum,
                }
            }
            GL_TEXTURE_MIN_LOD => self.min_lod = first as f32,
            GL_TEXTURE_MAX_LOD => self.max_lod = first as f32,
            GL_TEXTURE_LOD_BIAS if !gles => self.lod_bias = first as f32,
            GL_TEXTURE_COMPARE_MODE => {
                if !matches!(as_enum, GL_NONE | GL_COMPARE_REF_TO_TEXTURE) {
                    return Err(GL_INVALID_ENUM);
                }
                self.compare_mode = as_enum;
            }
            GL_TEXTURE_COMPARE_FUNC => {
                if !is_compare_func(as_enum) {
                    return Err(GL_INVALID_ENUM);
                }
                self.compare_func = as_enum;
            }
            GL_TEXTURE_BORDER_COLOR if values.len() >= 4 => {
                self.border_color = [0, 1, 2, 3].map(|i| (values[i] as f32).to_bits());
            }
            GL_TEXTURE_MAX_ANISOTROPY => {
                if first < 1.0 {
                    return Err(GL_INVALID_VALUE);
                }
                self.max_anisotropy = first as f32;
            }
            _ => return Err(GL_INVALID_ENUM),
        }
        Ok(())
    }

    /// glTexParameterI{i,ui}v and glSamplerParameterI{i,ui}v: the border colour's words as
    /// given (integers, for integer textures); every other pname as glTexParameteriv.
    pub fn set_integer(&mut self, pname: GLenum, words: &[u32; 4], signed: bool, gles: bool) -> Result<(), GLenum> {
        if pname == GL_TEXTURE_BORDER_COLOR {
            self.border_color = *words;
            return Ok(());
        }
        let first = if signed { words[0] as i32 as f64 } else { words[0] as f64 };
        self.set(pname, &[first], gles)
    }

    /// glGetTexParameterI{i,ui}v and glGetSamplerParameterI{i,ui}v: the border colour's
    /// words as stored, every other pname as glGetTexParameteriv (rounded to integers).
    pub fn get_integer(&self, pname: GLenum, signed: bool) -> Option<([u32; 4], usize)> {
        if pname == GL_TEXTURE_BORDER_COLOR {
            return Some((self.border_color, 4));
        }
        let (values, n) = self.get(pname)?;
        Some((values.map(|v| if signed { v.round() as i32 as u32 } else { v.round() as u32 }), n))
    }

    /// The value(s) of one parameter; `None` for a pname that is not sampler state.
    pub fn get(&self, pname: GLenum) -> Option<([f64; 4], usize)> {
        let one = |v: f64| Some(([v, 0.0, 0.0, 0.0], 1));
        match pname {
            GL_TEXTURE_MIN_FILTER => one(self.min_filter as f64),
            GL_TEXTURE_MAG_FILTER => one(self.mag_filter as f64),
            GL_TEXTURE_WRAP_S => one(self.wrap_s as f64),
            GL_TEXTURE_WRAP_T => one(self.wrap_t as f64),
            GL_TEXTURE_WRAP_R => one(self.wrap_r as f64),
            GL_TEXTURE_MIN_LOD => one(self.min_lod as f64),
            GL_TEXTURE_MAX_LOD => one(self.max_lod as f64),
            GL_TEXTURE_LOD_BIAS => one(self.lod_bias as f64),
            GL_TEXTURE_COMPARE_MODE => one(self.compare_mode as f64),
            GL_TEXTURE_COMPARE_FUNC => one(self.compare_func as f64),
            GL_TEXTURE_MAX_ANISOTROPY => one(self.max_anisotropy as f64),
            GL_TEXTURE_BORDER_COLOR => Some((self.border_color.map(|b| f32::from_bits(b) as f64), 4)),
            _ => None,
        }
    }
}

#[derive(Debug)]
pub struct Sampler {
    pub state: SamplerState,
}

impl ContextState {
    pub(crate) fn gl_gen_samplers(&mut self, n: GLsizei, samplers: *mut GLuint) {
        if !self.check(n >= 0, GL_INVALID_VALUE) || samplers.is_null() {
            return;
        }
        let mut objects = self.share.lock();
        for i in 0..n as usize {
            // Sampler names are objects from the start (glGenSamplers creates them).
            let name = objects.samplers.generate();
            objects.samplers.insert(name, Sampler { state: SamplerState::new(GL_TEXTURE_2D) });
            // SAFETY: GL requires `samplers` to hold n names.
            unsafe { *samplers.add(i) = name };
        }
    }

    pub(crate) fn gl_delete_samplers(&mut self, n: GLsizei, samplers: *const GLuint) {
        if !self.check(n >= 0, GL_INVALID_VALUE) || samplers.is_null() {
            return;
        }
        for i in 0..n as usize {
            // SAFETY: GL requires `samplers` to hold n names.
            let name = unsafe { *samplers.add(i) };
            if name != 0 && self.share.lock().samplers.remove(name).is_some() {
                for unit in &mut self.bindings.samplers {
                    if *unit == name {
                        *unit = 0;
                    }
                }
                self.state.dirty.insert(Dirty::TEXTURES);
            }
        }
    }

    pub(crate) fn gl_is_sampler(&mut self, sampler: GLuint) -> GLboolean {
        self.share.lock().samplers.exists(sampler) as GLboolean
    }

    pub(crate) fn gl_bind_sampler(&mut self, unit: GLuint, sampler: GLuint) {
        if !self.check((unit as usize) < self.bindings.samplers.len(), GL_INVALID_VALUE) {
            return;
        }
        let exists = sampler == 0 || self.share.lock().samplers.exists(sampler);
        if !self.check(exists, GL_INVALID_OPERATION) {
            return;
        }
        self.bindings.samplers[unit as usize] = sampler;
        self.state.dirty.insert(Dirty::TEXTURES);
    }

    pub(crate) fn gl_sampler_parameter(&mut self, sampler: GLuint, pname: GLenum, values: &[f64]) {
        let gles = self.is_gles();
        let result = match self.share.lock().samplers.get_mut(sampler) {
            Some(s) => s.state.set(pname, values, gles),
            None => Err(GL_INVALID_OPERATION),
        };
        match result {
            Ok(()) => self.texture_objects_changed(Dirty::NONE),
            Err(e) => self.record_error(e),
        }
    }

    /// glSamplerParameterI{i,ui}v.
    pub(crate) fn gl_sampler_parameter_integer(&mut self, sampler: GLuint, pname: GLenum, words: [u32; 4], signed: bool) {
        let gles = self.is_gles();
        let result = match self.share.lock().samplers.get_mut(sampler) {
            Some(s) => s.state.set_integer(pname, &words, signed, gles),
            None => Err(GL_INVALID_OPERATION),
        };
        match result {
            Ok(()) => self.texture_objects_changed(Dirty::NONE),
            Err(e) => self.record_error(e),
        }
    }

    /// glGetSamplerParameterI{i,ui}v.
    pub(crate) fn sampler_parameter_integer(&mut self, sampler: GLuint, pname: GLenum, signed: bool) -> Option<([u32; 4], usize)> {
        let value = match self.share.lock().samplers.get(sampler) {
            Some(s) => s.state.get_integer(pname, signed).ok_or(GL_INVALID_ENUM),
            None => Err(GL_INVALID_OPERATION),
        };
        value.map_err(|e| self.record_error(e)).ok()
    }

    pub(crate) fn sampler_parameter(&mut self, sampler: GLuint, pname: GLenum) -> Option<([f64; 4], usize)> {
        let value = match self.share.lock().samplers.get(sampler) {
            Some(s) => s.state.get(pname).ok_or(GL_INVALID_ENUM),
            None => Err(GL_INVALID_OPERATION),
        };
        value.map_err(|e| self.record_error(e)).ok()
    }
}
