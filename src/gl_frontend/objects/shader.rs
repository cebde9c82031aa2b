//! Shader objects: glCreateShader, glShaderSource, glCompileShader (through the glsl
//! crate), glGetShaderiv, glGetShaderInfoLog, glGetShaderSource, glDeleteShader, glIsShader.

use crate::context::ContextState;
use crate::objects::program::ShaderOrProgram;
use crate::types::enums::*;
use crate::types::*;
use crate::version::{Api, Profile};

#[derive(Debug)]
pub struct Shader {
    pub stage: GLenum,
    pub source: String,
    pub compiled: bool,
    pub info_log: String,
    /// glDeleteShader on an attached shader: deleted once no program holds it.
    pub delete_pending: bool,
    /// The last successful compilation, for the linker.
    pub compiled_shader: Option<glsl::CompiledShader>,
    /// The SPIR-V module glShaderBinary gave it (GL_SPIR_V_BINARY), in place of source.
    pub spirv: Option<crate::objects::shader_spirv::SpirvModule>,
}

impl Shader {
    pub fn stage_name(&self) -> &'static str {
        glsl_stage(self.stage).map_or("unknown", |s| s.name())
    }
}

fn glsl_stage(stage: GLenum) -> Option<glsl::Stage> {
    Some(match stage {
        GL_VERTEX_SHADER => glsl::Stage::Vertex,
        GL_FRAGMENT_SHADER => glsl::Stage::Fragment,
        GL_GEOMETRY_SHADER => glsl::Stage::Geometry,
        GL_TESS_CONTROL_SHADER => glsl::Stage::TessControl,
        GL_TESS_EVALUATION_SHADER => glsl::Stage::TessEval,
        GL_COMPUTE_SHADER => glsl::Stage::Compute,
        _ => return None,
    })
}

/// Copies `text` into a GL string buffer of `buf_size` bytes, NUL-terminated, and
/// stores the length written (without the NUL) in `length`.
///
/// # Safety
/// `out` must have room for `buf_size` bytes; `length` must be null or valid.
pub(crate) unsafe fn write_gl_string(text: &str, buf_size: GLsizei, length: *mut GLsizei, out: *mut GLchar) {
    let n = if buf_size > 0 && !out.is_null() {
        let n = text.len().min(buf_size as usize - 1);
        std::ptr::copy_nonoverlapping(text.as_ptr() as *const GLchar, out, n);
        *out.add(n) = 0;
        n
    } else {
        0
    };
    if !length.is_null() {
        *length = n as GLsizei;
    }
}

impl ContextState {
    /// The shader named `name`: INVALID_VALUE for an unknown name, INVALID_OPERATION for a
    /// program's name.
    pub(crate) fn with_shader<R>(&mut self, name: GLuint, f: impl FnOnce(&mut Shader) -> R) -> Option<R> {
        let result = match self.share.lock().shader_objects.get_mut(name) {
            Some(ShaderOrProgram::Shader(s)) => Ok(f(s)),
            Some(ShaderOrProgram::Program(_)) => Err(GL_INVALID_OPERATION),
            None => Err(GL_INVALID_VALUE),
        };
        result.map_err(|e| self.record_error(e)).ok()
    }

    /// Whether glCreateShader accepts `stage`: the version that made it core, or the
    /// extension that brings it to an older context.
    pub(crate) fn glsl_stage(stage: GLenum) -> Option<glsl::Stage> {
        glsl_stage(stage)
    }

    pub(crate) fn stage_supported(&self, stage: GLenum) -> bool {
        let gl = |v: (u32, u32), ext: &str| self.api == Api::Gl && (self.version >= v || self.strings.has_extension(ext));
        match stage {
            GL_VERTEX_SHADER | GL_FRAGMENT_SHADER => true,
            GL_GEOMETRY_SHADER => (self.api == Api::Gl && self.version >= (3, 2)) || (self.is_gles() && self.version >= (3, 2)),
            GL_TESS_CONTROL_SHADER | GL_TESS_EVALUATION_SHADER => {
                gl((4, 0), "GL_ARB_tessellation_shader") || (self.is_gles() && self.version >= (3, 2))
            }
            GL_COMPUTE_SHADER => gl((4, 3), "GL_ARB_compute_shader") || (self.is_gles() && self.version >= (3, 1)),
            _ => false,
        }
    }

    pub(crate) fn gl_create_shader(&mut self, stage: GLenum) -> GLuint {
        if !self.check(self.stage_supported(stage), GL_INVALID_ENUM) {
            return 0;
        }
        let mut objects = self.share.lock();
        let name = objects.shader_objects.generate();
        let shader = Shader { stage, source: String::new(), compiled: false, info_log: String::new(), delete_pending: false, compiled_shader: None, spirv: None };
        objects.shader_objects.insert(name, ShaderOrProgram::Shader(shader));
        name
    }

    pub(crate) fn gl_shader_source(&mut self, shader: GLuint, count: GLsizei, strings: *const *const GLchar, lengths: *const GLint) {
        // The name is checked before any string is read: a call that fails reads nothing.
        if !self.check(count >= 0, GL_INVALID_VALUE) || self.with_shader(shader, |_| ()).is_none() {
            return;
        }
        let mut source = String::new();
        if !strings.is_null() {
            for i in 0..count as usize {
                // SAFETY: GL requires `strings` to hold `count` strings, each NUL-terminated
                // or as long as `lengths` says.
                unsafe {
                    let s = *strings.add(i);
                    if s.is_null() {
                        continue;
                    }
                    let len = if lengths.is_null() { -1 } else { *lengths.add(i) };
                    let bytes = if len < 0 {
                        std::ffi::CStr::from_ptr(s).to_bytes()
                    } else {
                        std::slice::from_raw_parts(s as *const u8, len as usize)
                    };
                    source.push_str(&String::from_utf8_lossy(bytes));
                }
            }
        }
        // New source replaces a SPIR-V module (GL_SPIR_V_BINARY becomes false).
        self.with_shader(shader, |s| {
            s.source = source;
            s.spirv = None;
        });
    }

    /// How this context compiles a shader of `stage`: its API, version and extensions.
    pub(crate) fn compile_options(&self, stage: glsl::Stage) -> glsl::CompileOptions {
        let api = match (self.api, self.profile) {
            (Api::Gles, _) => glsl::Api::Gles,
            (Api::Gl, Profile::Core) => glsl::Api::GlCore,
            (Api::Gl, Profile::Compatibility) => glsl::Api::GlCompat,
        };
        let context_version = self.version.0 * 10 + self.version.1;
        let extensions: Vec<String> = self.strings.extension_list.iter().map(|e| e.to_string_lossy().into_owned()).collect();
        let l = &self.limits;
        let limits = glsl::BindingLimits {
            texture_units: l.max_combined_texture_image_units,
            uniform_buffers: l.max_uniform_buffer_bindings,
            storage_buffers: crate::draw_path::dispatch::MAX_SHADER_STORAGE_BUFFER_BINDINGS,
        };
        glsl::CompileOptions { stage, api, context_version, extensions, limits }
    }

    pub(crate) fn gl_compile_shader(&mut self, shader: GLuint) {
        let Some((stage, source, spirv)) = self.with_shader(shader, |s| (s.stage, s.source.clone(), s.spirv.is_some())) else { return };
        if spirv {
            // A SPIR-V shader is specialized, not compiled.
            self.with_shader(shader, |s| {
                s.compiled = false;
                s.info_log = "error: a SPIR-V shader is made ready by glSpecializeShader, not glCompileShader\n".into();
            });
            return;
        }
        let Some(stage) = glsl_stage(stage) else { return };
        crate::shader_dumps::glsl(shader, stage.name(), &source);
        let options = self.compile_options(stage);
        let compiled = glsl::compile_shader(&[source.as_str()], &options);
        self.with_shader(shader, |s| {
            s.compiled = compiled.success;
            s.info_log = compiled.info_log.clone();
            s.compiled_shader = compiled.success.then_some(compiled);
        });
    }

    pub(crate) fn shader_parameter(&mut self, shader: GLuint, pname: GLenum) -> Option<GLint> {
        let spirv_queries = self.spirv_supported();
        let value = self.with_shader(shader, |s| match pname {
            GL_SHADER_TYPE => Some(s.stage as GLint),
            GL_DELETE_STATUS => Some(s.delete_pending as GLint),
            GL_COMPILE_STATUS => Some(s.compiled as GLint),
            GL_SPIR_V_BINARY if spirv_queries => Some(s.spirv.is_some() as GLint),
            GL_INFO_LOG_LENGTH => Some(if s.info_log.is_empty() { 0 } else { s.info_log.len() as GLint + 1 }),
            GL_SHADER_SOURCE_LENGTH => Some(if s.source.is_empty() { 0 } else { s.source.len() as GLint + 1 }),
            _ => None,
        })?;
        if value.is_none() {
            self.record_error(GL_INVALID_ENUM);
        }
        value
    }

    pub(crate) fn gl_get_shader_text(&mut self, shader: GLuint, source: bool, buf_size: GLsizei, length: *mut GLsizei, out: *mut GLchar) {
        if !self.check(buf_size >= 0, GL_INVALID_VALUE) {
            return;
        }
        if let Some(text) = self.with_shader(shader, |s| if source { s.source.clone() } else { s.info_log.clone() }) {
            // SAFETY: GL requires `out` to hold `buf_size` bytes.
            unsafe { write_gl_string(&text, buf_size, length, out) };
        }
    }

    pub(crate) fn gl_delete_shader(&mut self, shader: GLuint) {
        if shader == 0 {
            return;
        }
        let attached = {
            let objects = self.share.lock();
            let attached = objects.shader_objects_iter_programs().any(|p| p.shaders.contains(&shader));
            attached
        };
        let Some(()) = self.with_shader(shader, |s| s.delete_pending = true) else { return };
        if !attached {
            self.share.lock().shader_objects.remove(shader);
        }
    }

    pub(crate) fn gl_is_shader(&mut self, name: GLuint) -> GLboolean {
        matches!(self.share.lock().shader_objects.get(name), Some(ShaderOrProgram::Shader(_))) as GLboolean
    }
}
