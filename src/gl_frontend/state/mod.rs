//! Fixed-function state: what glEnable, glViewport, glBlendFunc and friends set. Each
//! setter marks its group dirty; the draw path rebuilds only dirty groups.

pub mod accumulation;
pub mod alpha_test;
pub mod attrib_stack;
pub mod blend;
pub mod clear;
pub mod clip_control;
pub mod clip_planes;
pub mod color_clamp;
pub mod color_index;
pub mod compat_uniforms;
pub mod current_values;
pub mod depth_stencil;
pub mod display_list;
pub mod display_list_draws;
pub mod dual_source_blend;
pub mod edge_flag;
pub mod enables;
pub mod evaluators;
pub mod fog;
pub mod legacy_enables;
pub mod legacy_queries;
pub mod lighting;
pub mod matrices;
pub mod multisample;
pub mod packed_current_values;
pub mod pixel_maps;
pub mod pixel_transfer;
pub mod points;
pub mod polygon_stipple;
pub mod raster;
pub mod raster_pos;
pub mod render_mode;
pub mod texgen;
pub mod texture_env;
pub mod viewport;

use crate::context::ContextState;
use crate::limits::Limits;
use crate::types::enums::*;
use crate::types::{GLenum, GLuint};

/// Groups of state changed since the last draw consumed them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Dirty(u32);

impl Dirty {
    pub const NONE: Dirty = Dirty(0);
    pub const VIEWPORT: Dirty = Dirty(1 << 0);
    pub const SCISSOR: Dirty = Dirty(1 << 1);
    pub const BLEND: Dirty = Dirty(1 << 2);
    pub const DEPTH_STENCIL: Dirty = Dirty(1 << 3);
    pub const RASTER: Dirty = Dirty(1 << 4);
    pub const VERTEX_INPUT: Dirty = Dirty(1 << 5);
    pub const PROGRAM: Dirty = Dirty(1 << 6);
    pub const FRAMEBUFFER: Dirty = Dirty(1 << 7);
    pub const TEXTURES: Dirty = Dirty(1 << 8);
    pub const UNIFORMS: Dirty = Dirty(1 << 9);
    /// The cached fixed-function key is stale. Never inserted by hand: any change to a
    /// group the key is read from (legacy state that selects a program, texture bindings
    /// and images, the shade model) sets it, and rebuilding the key takes it.
    pub const FIXED_FUNCTION_KEY: Dirty = Dirty(1 << 10);
    pub const ALL: Dirty = Dirty(u32::MAX);

    /// The groups the fixed-function key is computed from.
    const FIXED_FUNCTION_INPUTS: u32 = Dirty::PROGRAM.0 | Dirty::TEXTURES.0 | Dirty::RASTER.0;

    pub fn insert(&mut self, other: Dirty) {
        self.0 |= other.0;
        if other.0 & Dirty::FIXED_FUNCTION_INPUTS != 0 {
            self.0 |= Dirty::FIXED_FUNCTION_KEY.0;
        }
    }

    /// Whether any of `groups` is dirty; clears them.
    pub fn take(&mut self, groups: Dirty) -> bool {
        let was = self.0 & groups.0 != 0;
        self.0 &= !groups.0;
        was
    }
}

impl std::ops::BitOr for Dirty {
    type Output = Dirty;
    fn bitor(self, other: Dirty) -> Dirty {
        Dirty(self.0 | other.0)
    }
}

/// All fixed-function state of a context.
#[derive(Clone, Debug)]
pub struct GlState {
    pub enables: enables::Enables,
    pub viewport: viewport::ViewportState,
    pub blend: blend::BlendState,
    pub depth_stencil: depth_stencil::DepthStencilState,
    pub raster: raster::RasterState,
    /// glPointParameter and point sprites.
    pub points: points::PointState,
    pub clear: clear::ClearState,
    /// glClampColor's settings.
    pub color_clamp: color_clamp::ColorClamp,
    /// The compatibility profile's matrix stacks.
    pub matrices: matrices::MatrixState,
    /// glClipPlane's planes (compatibility profile).
    pub clip_planes: clip_planes::ClipPlanes,
    /// glSampleCoverage, glSampleMaski and glMinSampleShading.
    pub multisample: multisample::MultisampleState,
    /// glClipControl's origin and depth mode.
    pub clip_control: clip_control::ClipControl,
    /// Fixed-function texturing: enabled targets and glTexEnv per unit.
    pub texture_env: texture_env::TextureEnvState,
    /// glHint values by target.
    pub hints: Vec<(GLenum, GLenum)>,
    /// Fixed-function lighting, fog, alpha test and texture-coordinate generation.
    pub lighting: lighting::LightingState,
    pub fog: fog::FogState,
    pub alpha_test: alpha_test::AlphaTestState,
    pub texgen: texgen::TexGenState,
    pub legacy_enables: legacy_enables::LegacyEnables,
    /// glMap, glMapGrid and the evaluator enables (compatibility profile).
    pub evaluators: evaluators::EvaluatorState,
    /// glEdgeFlag (compatibility profile).
    pub edge_flag: edge_flag::EdgeFlagState,
    /// glIndex, glClearIndex and glIndexMask (compatibility profile).
    pub color_index: color_index::ColorIndexState,
    /// glRasterPos / glWindowPos (compatibility profile).
    pub raster_pos: raster_pos::RasterPosState,
    /// glPixelZoom and glPixelTransfer (compatibility profile).
    pub pixel_transfer: pixel_transfer::PixelTransferState,
    /// glPolygonStipple's pattern (compatibility profile).
    pub polygon_stipple: polygon_stipple::PolygonStipple,
    /// glPixelMap's tables (compatibility profile).
    pub pixel_maps: pixel_maps::PixelMaps,
    /// glRenderMode: selection and feedback (compatibility profile).
    pub render_mode: render_mode::RenderModeState,
    /// glPatchParameter state.
    pub patch: crate::draw_path::patches::PatchState,
    /// glPrimitiveRestartIndex.
    pub primitive_restart_index: GLuint,
    /// What glTexImage on the GL_PROXY_TEXTURE_* targets recorded.
    pub proxy_images: crate::objects::texture_proxy::ProxyImages,
    pub dirty: Dirty,
}

impl GlState {
    pub fn new(limits: &Limits) -> Self {
        GlState {
            enables: enables::Enables::default(),
            viewport: viewport::ViewportState::default(),
            blend: blend::BlendState::new(limits.max_draw_buffers as usize),
            depth_stencil: depth_stencil::DepthStencilState::default(),
            raster: raster::RasterState::default(),
            points: points::PointState::new(limits.point_size_range[1]),
            clear: clear::ClearState::default(),
            color_clamp: Default::default(),
            matrices: matrices::MatrixState::default(),
            clip_planes: clip_planes::ClipPlanes::default(),
            multisample: multisample::MultisampleState::default(),
            clip_control: clip_control::ClipControl::default(),
            texture_env: texture_env::TextureEnvState::default(),
            hints: Vec::new(),
            lighting: Default::default(),
            fog: Default::default(),
            alpha_test: Default::default(),
            texgen: Default::default(),
            legacy_enables: Default::default(),
            evaluators: Default::default(),
            edge_flag: Default::default(),
            color_index: Default::default(),
            raster_pos: Default::default(),
            pixel_transfer: Default::default(),
            polygon_stipple: Default::default(),
            pixel_maps: Default::default(),
            render_mode: Default::default(),
            patch: Default::default(),
            primitive_restart_index: 0,
            proxy_images: Default::default(),
            dirty: Dirty::ALL,
        }
    }
}

/// The targets glHint accepts in this kind of context: the fixed-function ones (fog,
/// perspective correction, point smoothing) only in compatibility contexts.
fn is_hint_target(target: GLenum, gles: bool, compatibility: bool) -> bool {
    match target {
        GL_GENERATE_MIPMAP_HINT | GL_FRAGMENT_SHADER_DERIVATIVE_HINT => true,
        GL_LINE_SMOOTH_HINT | GL_POLYGON_SMOOTH_HINT | GL_TEXTURE_COMPRESSION_HINT => !gles,
        GL_FOG_HINT | GL_PERSPECTIVE_CORRECTION_HINT | GL_POINT_SMOOTH_HINT => compatibility,
        _ => false,
    }
}

impl ContextState {
    /// glHint: recorded for glGet; galvan's quality does not depend on hints.
    pub(crate) fn gl_hint(&mut self, target: GLenum, mode: GLenum) {
        let valid = is_hint_target(target, self.is_gles(), self.is_compatibility_gl()) && matches!(mode, GL_FASTEST | GL_NICEST | GL_DONT_CARE);
        if !self.check(valid, GL_INVALID_ENUM) {
            return;
        }
        self.state.hints.retain(|(t, _)| *t != target);
        self.state.hints.push((target, mode));
    }

    /// The value glGet reports for hint `target`, if it is one.
    pub(crate) fn hint_value(&self, target: GLenum) -> Option<GLenum> {
        is_hint_target(target, self.is_gles(), self.is_compatibility_gl()).then(|| self.state.hints.iter().find(|(t, _)| *t == target).map_or(GL_DONT_CARE, |(_, m)| *m))
    }
}
