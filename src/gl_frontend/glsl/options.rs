//! What the GL front end tells the compiler about the context a shader is compiled for.

/// The shader stages of GL, in pipeline order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Stage {
    Vertex,
    TessControl,
    TessEval,
    Geometry,
    Fragment,
    Compute,
}

impl Stage {
    pub fn name(self) -> &'static str {
        match self {
            Stage::Vertex => "vertex",
            Stage::TessControl => "tessellation control",
            Stage::TessEval => "tessellation evaluation",
            Stage::Geometry => "geometry",
            Stage::Fragment => "fragment",
            Stage::Compute => "compute",
        }
    }
}

/// The API and profile of the context.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Api {
    GlCore,
    GlCompat,
    Gles,
}

/// How a shader is compiled: its stage and the context's API, version and extensions.
#[derive(Clone, Debug)]
pub struct CompileOptions {
    pub stage: Stage,
    pub api: Api,
    /// The context's version as major * 10 + minor: 46 for GL 4.6, 32 for ES 3.2.
    pub context_version: u32,
    /// GL extension names the context exposes (for example "GL_ARB_gpu_shader5");
    /// `#extension` may enable only these and the preprocessor defines a macro for each.
    pub extensions: Vec<String>,
    /// The context's binding limits, which explicit `binding` layouts must stay within.
    pub limits: BindingLimits,
}

/// The context's limits on binding points, checked at compile time: a `binding` layout
/// whose array would run past them is an error (GLSL 4.60 section 4.4.5 and 4.4.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BindingLimits {
    /// GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS: sampler bindings are texture units.
    pub texture_units: u32,
    /// GL_MAX_UNIFORM_BUFFER_BINDINGS.
    pub uniform_buffers: u32,
    /// GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS.
    pub storage_buffers: u32,
}

impl Default for BindingLimits {
    /// GL 4.6's minimum maxima.
    fn default() -> Self {
        BindingLimits { texture_units: 80, uniform_buffers: 72, storage_buffers: 8 }
    }
}

impl CompileOptions {
    /// The highest GLSL version (as 460, 320) the context accepts.
    pub fn max_glsl_version(&self) -> u32 {
        let v = self.context_version;
        match self.api {
            Api::Gles => match v {
                0..=29 => 100,
                _ => v * 10,
            },
            _ => match v {
                0..=20 => 110,
                21 => 120,
                30 => 130,
                31 => 140,
                32 => 150,
                _ => v * 10,
            },
        }
    }

    /// Whether a `#version` this shader declares is one the context accepts.
    pub fn accepts_version(&self, version: u32, es: bool) -> bool {
        let max = self.max_glsl_version();
        if es {
            match self.api {
                Api::Gles => [100, 300, 310, 320].contains(&version) && version <= max,
                // Desktop contexts take ESSL through ARB_ES2/3_compatibility.
                _ => match version {
                    100 => max >= 410 || self.has_extension("GL_ARB_ES2_compatibility"),
                    300 => max >= 430 || self.has_extension("GL_ARB_ES3_compatibility"),
                    310 => max >= 450 || self.has_extension("GL_ARB_ES3_1_compatibility"),
                    320 => self.has_extension("GL_ARB_ES3_2_compatibility"),
                    _ => false,
                },
            }
        } else {
            if self.api == Api::Gles {
                return false;
            }
            let known = [110, 120, 130, 140, 150, 330, 400, 410, 420, 430, 440, 450, 460];
            known.contains(&version) && version <= max
        }
    }

    pub fn has_extension(&self, name: &str) -> bool {
        self.extensions.iter().any(|e| e == name)
    }
}
