//! SPIR-V shaders (GL_ARB_gl_spirv, GL 4.6): glShaderBinary with
//! GL_SHADER_BINARY_FORMAT_SPIR_V stores a module in a shader object, and
//! glSpecializeShader picks its entry point and constants and translates it (the
//! `spirv_in` crate); the linker then takes the IR instead of compiling source.

use std::sync::Arc;

use crate::context::ContextState;
use crate::types::enums::*;
use crate::types::*;

/// A shader object's SPIR-V module and, once specialized, its translation.
#[derive(Clone, Debug)]
pub struct SpirvModule {
    pub words: Arc<Vec<u32>>,
    pub specialized: Option<spirv_in::SpirvShader>,
}

/// The IR stage of a GL shader stage.
pub(crate) fn nir_stage(stage: glsl::Stage) -> nir_like::Stage {
    match stage {
        glsl::Stage::Vertex => nir_like::Stage::Vertex,
        glsl::Stage::TessControl => nir_like::Stage::TessCtrl,
        glsl::Stage::TessEval => nir_like::Stage::TessEval,
        glsl::Stage::Geometry => nir_like::Stage::Geometry,
        glsl::Stage::Fragment => nir_like::Stage::Fragment,
        glsl::Stage::Compute => nir_like::Stage::Compute,
    }
}

impl ContextState {
    /// Whether this context takes SPIR-V shaders: GL 4.6 or GL_ARB_gl_spirv.
    pub(crate) fn spirv_supported(&self) -> bool {
        (self.api == crate::version::Api::Gl && self.version >= (4, 6)) || self.strings.has_extension("GL_ARB_gl_spirv")
    }

    /// glShaderBinary: SPIR-V is the one format taken, where GL_ARB_gl_spirv is offered.
    ///
    /// # Safety
    /// `shaders` must hold `count` names and `binary` `length` bytes, as GL requires.
    pub(crate) unsafe fn gl_shader_binary(&mut self, count: GLsizei, shaders: *const GLuint, format: GLenum, binary: *const std::ffi::c_void, length: GLsizei) {
        if !self.check(count >= 0 && length >= 0, GL_INVALID_VALUE) {
            return;
        }
        if !self.check(format == GL_SHADER_BINARY_FORMAT_SPIR_V && self.spirv_supported(), GL_INVALID_ENUM) {
            return;
        }
        let names: Vec<GLuint> = if shaders.is_null() { Vec::new() } else { std::slice::from_raw_parts(shaders, count as usize).to_vec() };
        for &name in &names {
            if self.with_shader(name, |_| ()).is_none() {
                return;
            }
        }
        // The module is whole 32-bit words that parse as SPIR-V.
        if !self.check(!binary.is_null() && length % 4 == 0, GL_INVALID_VALUE) {
            return;
        }
        let bytes = std::slice::from_raw_parts(binary as *const u8, length as usize);
        let words: Vec<u32> = bytes.chunks_exact(4).map(|c| u32::from_ne_bytes([c[0], c[1], c[2], c[3]])).collect();
        let parses = std::panic::catch_unwind(|| spirv_in::parses(&words)).unwrap_or(false);
        if !self.check(parses, GL_INVALID_VALUE) {
            return;
        }
        let words = Arc::new(words);
        for &name in &names {
            self.with_shader(name, |s| {
                s.spirv = Some(SpirvModule { words: words.clone(), specialized: None });
                s.source.clear();
                s.compiled = false;
                s.compiled_shader = None;
                s.info_log.clear();
            });
        }
    }

    /// glSpecializeShader: translates the entry point with the given constants; a module
    /// galvan cannot translate fails to compile, with the reason in the info log.
    ///
    /// # Safety
    /// `entry` must be a NUL-terminated string; `indices` and `values` must hold `count`
    /// words each.
    pub(crate) unsafe fn gl_specialize_shader(&mut self, shader: GLuint, entry: *const GLchar, count: GLuint, indices: *const GLuint, values: *const GLuint) {
        let Some(state) = self.with_shader(shader, |s| (s.stage, s.spirv.clone())) else { return };
        let (stage, Some(module)) = state else {
            self.record_error(GL_INVALID_OPERATION);
            return;
        };
        if !self.check(module.specialized.is_none(), GL_INVALID_OPERATION) {
            return;
        }
        let Some(stage) = ContextState::glsl_stage(stage) else { return };
        let entry = if entry.is_null() { String::new() } else { std::ffi::CStr::from_ptr(entry).to_string_lossy().into_owned() };
        let read = |slice: *const GLuint| if slice.is_null() || count == 0 { Vec::new() } else { std::slice::from_raw_parts(slice, count as usize).to_vec() };
        let spec = spirv_in::Specialization { constants: read(indices).into_iter().zip(read(values)).collect() };
        let words = module.words.clone();
        let nir = nir_stage(stage);
        let result = std::panic::catch_unwind(move || spirv_in::read_module(&words, nir, &entry, &spec))
            .unwrap_or_else(|_| Err(spirv_in::ReadError::Malformed("the reader failed on this module".into())));
        match result {
            Err(spirv_in::ReadError::NoEntryPoint(_) | spirv_in::ReadError::UnknownSpecId(_)) => self.record_error(GL_INVALID_VALUE),
            Err(why) => {
                self.with_shader(shader, |s| {
                    s.compiled = false;
                    s.info_log = format!("error: {why}\n");
                });
            }
            Ok(translated) => {
                crate::shader_dumps::ir(&format!("spirv {}", stage.name()), "read", &translated.ir);
                self.with_shader(shader, |s| {
                    s.compiled = true;
                    s.info_log.clear();
                    if let Some(m) = &mut s.spirv {
                        m.specialized = Some(translated);
                    }
                });
            }
        }
    }
}
