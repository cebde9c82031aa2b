//! Builds of one compatibility program for the draw state it cannot meet as linked: its
//! colour varyings flat while glShadeModel is GL_FLAT (`fixed_function::flat_colors`), and
//! texture coordinates clamped for GL_CLAMP on filtered textures (`lower_tex_clamp`). One
//! key names both, so a flat draw that samples with GL_CLAMP gets a build with both; each
//! build is made on first use and kept with the program.

use std::sync::Arc;

use crate::context::ContextState;
use crate::draw_path::texture_sampler::ClampKey;
use vk_backend::Program as GpuProgram;

/// What a draw asks of a program beyond its plain build.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct VariantKey {
    /// The compatibility colour varyings take the provoking vertex's value.
    pub flat_colors: bool,
    /// Per sampler binding, the coordinates the shaders clamp for GL_CLAMP.
    pub tex_clamp: ClampKey,
}

impl VariantKey {
    /// Whether the plain build serves the draw.
    pub fn is_plain(&self) -> bool {
        !self.flat_colors && self.tex_clamp.is_empty()
    }
}

/// The linked stages a program's variants are built from, and the variants built so far.
/// Empty for programs of core and ES contexts, which have neither GL_CLAMP nor a shade model.
#[derive(Default)]
pub struct ProgramVariants {
    /// The stages as linked, kept when the program samples textures and so may meet GL_CLAMP.
    smooth: Option<Arc<glsl::LinkedProgram>>,
    /// The stages with the colour varyings flat, when the program has such varyings.
    flat: Option<Arc<glsl::LinkedProgram>>,
    separable: bool,
    built: Vec<(VariantKey, GpuProgram)>,
}

impl ProgramVariants {
    pub fn new(smooth: Option<glsl::LinkedProgram>, flat: Option<glsl::LinkedProgram>, separable: bool) -> ProgramVariants {
        ProgramVariants { smooth: smooth.map(Arc::new), flat: flat.map(Arc::new), separable, built: Vec::new() }
    }

    /// Whether GL_CLAMP on the program's textures needs a variant.
    pub fn may_clamp(&self) -> bool {
        self.smooth.is_some()
    }

    /// Whether the shade model decides the interpolation of some of the program's varyings.
    pub fn has_flat_colors(&self) -> bool {
        self.flat.is_some()
    }
}

impl ContextState {
    /// The GPU program of `key`: `plain` for the plain key, else the variant, built on first
    /// use. A variant that cannot be built falls back to `plain`, which the log says.
    pub(crate) fn program_variant(&self, variants: &mut ProgramVariants, plain: &GpuProgram, key: &VariantKey) -> GpuProgram {
        if key.is_plain() {
            return plain.clone();
        }
        if let Some((_, program)) = variants.built.iter().find(|(k, _)| k == key) {
            return program.clone();
        }
        let source = if key.flat_colors { variants.flat.clone() } else { variants.smooth.clone() };
        let Some(source) = source else { return plain.clone() };
        match self.build_gpu_program(&source, variants.separable, &key.tex_clamp) {
            Ok(program) => {
                variants.built.push((key.clone(), program.clone()));
                program
            }
            Err(why) => {
                tracing::warn!(target: "galvan", "program variant {key:?} not built: {why}");
                plain.clone()
            }
        }
    }
}
