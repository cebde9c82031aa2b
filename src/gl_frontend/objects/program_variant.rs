//! Builds of one compatibility program for the draw state it cannot meet as linked: its
//! colour varyings flat while glShadeModel is GL_FLAT (`fixed_function::flat_colors`),
//! texture coordinates clamped for GL_CLAMP on filtered textures (`lower_tex_clamp`), and
//! colours clamped or not by glClampColor (`lower_clamp_color_outputs`), and the alpha test
//! (`lower_alpha_test`, with the reference built in). One key names them
//! all, so a flat draw that samples with GL_CLAMP gets a build with both; each build is made
//! on first use and kept with the program.
//!
//! GL_CLAMP_VERTEX_COLOR is on by default, so the plain build of a compatibility program
//! clamps its colour varyings and the variant is the unclamped one; fragment colours are
//! clamped only in a variant, since the device already clamps what it writes to
//! unsigned-normalised buffers.

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
    /// GL_CLAMP_VERTEX_COLOR is off for the draw: the colour varyings keep their range.
    pub unclamped_vertex_colors: bool,
    /// GL_CLAMP_FRAGMENT_COLOR is on for a colour buffer the device does not clamp itself.
    pub clamped_fragment_colors: bool,
    /// GL_ALPHA_TEST is on with a function other than GL_ALWAYS: the comparison and the
    /// reference's bits.
    pub alpha_test: Option<(nir_like::passes::AlphaCompare, u32)>,
}

impl VariantKey {
    /// Whether the plain build serves the draw.
    pub fn is_plain(&self) -> bool {
        !self.flat_colors && self.tex_clamp.is_empty() && !self.unclamped_vertex_colors && !self.clamped_fragment_colors && self.alpha_test.is_none()
    }
}

/// The linked stages a program's variants are built from, and the variants built so far.
/// Empty for programs of core and ES contexts, which have neither GL_CLAMP, a shade model
/// nor colour clamping.
#[derive(Default)]
pub struct ProgramVariants {
    /// The stages as linked (compatibility programs).
    smooth: Option<Arc<glsl::LinkedProgram>>,
    /// The stages with the colour varyings flat, when the program has such varyings.
    flat: Option<Arc<glsl::LinkedProgram>>,
    separable: bool,
    /// The last pre-rasterisation stage writes compatibility colour varyings.
    color_varyings: bool,
    built: Vec<(VariantKey, GpuProgram)>,
}

impl ProgramVariants {
    pub fn new(smooth: Option<glsl::LinkedProgram>, flat: Option<glsl::LinkedProgram>, separable: bool) -> ProgramVariants {
        let color_varyings = smooth.as_ref().is_some_and(writes_color_varyings);
        ProgramVariants { smooth: smooth.map(Arc::new), flat: flat.map(Arc::new), separable, color_varyings, built: Vec::new() }
    }

    /// Whether GL_CLAMP on the program's textures needs a variant.
    pub fn may_clamp(&self) -> bool {
        self.smooth.as_ref().is_some_and(|linked| linked.interface.sampler_count > 0)
    }

    /// Whether glClampColor decides the values of some of the program's outputs: its
    /// fragment colours, or the colour varyings of its last pre-rasterisation stage.
    pub fn has_clamped_colors(&self) -> bool {
        self.smooth.is_some()
    }

    /// Whether GL_CLAMP_VERTEX_COLOR applies to some of the program's varyings.
    pub fn writes_color_varyings(&self) -> bool {
        self.color_varyings
    }

    /// What the plain build is built from: `linked` with its colour varyings clamped, as
    /// GL_CLAMP_VERTEX_COLOR's default asks, where it has them.
    pub(crate) fn plain_source<'a>(&self, linked: &'a glsl::LinkedProgram) -> std::borrow::Cow<'a, glsl::LinkedProgram> {
        if self.color_varyings {
            std::borrow::Cow::Owned(with_clamped_colors(linked, true, false))
        } else {
            std::borrow::Cow::Borrowed(linked)
        }
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
        let mut source = with_clamped_colors(&source, !key.unclamped_vertex_colors, key.clamped_fragment_colors);
        if let Some((compare, reference)) = key.alpha_test {
            for stage in source.stages.iter_mut().filter(|s| s.stage == glsl::Stage::Fragment) {
                if let Ok(ir) = &mut stage.ir {
                    nir_like::passes::lower_alpha_test(ir, compare, f32::from_bits(reference));
                }
            }
        }
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

/// The locations `ir` writes the compatibility colours GL_CLAMP_VERTEX_COLOR clamps at
/// (gl_FrontColor, gl_BackColor and their secondary colours, wherever the linker placed them).
fn color_varying_locations(ir: &nir_like::Shader) -> Vec<u32> {
    ir.variables
        .iter()
        .filter(|(_, v)| v.mode == nir_like::VariableMode::ShaderOut && v.builtin.is_none() && glsl::link_compat_varyings::is_color_varying_name(&v.name))
        .filter_map(|(_, v)| v.location)
        .collect()
}

/// The last stage before the fragment stage, whose outputs are rasterised.
fn last_pre_rasterization(linked: &glsl::LinkedProgram) -> Option<glsl::Stage> {
    linked.stages.iter().map(|s| s.stage).filter(|&s| s != glsl::Stage::Fragment && s != glsl::Stage::Compute).max()
}

fn writes_color_varyings(linked: &glsl::LinkedProgram) -> bool {
    let last = last_pre_rasterization(linked);
    linked.stages.iter().filter(|s| Some(s.stage) == last).filter_map(|s| s.ir.as_ref().ok()).any(|ir| !color_varying_locations(ir).is_empty())
}

/// `linked` with its colour varyings (`vertex`) and fragment colour outputs (`fragment`)
/// clamped to [0, 1].
pub(crate) fn with_clamped_colors(linked: &glsl::LinkedProgram, vertex: bool, fragment: bool) -> glsl::LinkedProgram {
    let mut clamped = linked.clone();
    let last = last_pre_rasterization(linked);
    for stage in &mut clamped.stages {
        let wanted = if stage.stage == glsl::Stage::Fragment { fragment } else { vertex && Some(stage.stage) == last };
        if let (true, Ok(ir)) = (wanted, &mut stage.ir) {
            let locations = if stage.stage == glsl::Stage::Fragment { Vec::new() } else { color_varying_locations(ir) };
            nir_like::passes::lower_clamp_color_outputs(ir, &locations);
        }
    }
    clamped
}
