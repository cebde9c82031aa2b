//! glEnable / glDisable / glIsEnabled and their indexed forms.

use crate::context::ContextState;
use crate::state::Dirty;
use crate::types::enums::*;
use crate::types::*;

/// A capability glEnable can switch, and the state group it dirties.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Cap {
    Blend,
    CullFace,
    DepthTest,
    StencilTest,
    ScissorTest,
    PolygonOffsetFill,
    PolygonOffsetLine,
    PolygonOffsetPoint,
    Dither,
    Multisample,
    SampleAlphaToCoverage,
    SampleAlphaToOne,
    SampleCoverage,
    SampleShading,
    SampleMask,
    RasterizerDiscard,
    PrimitiveRestart,
    PrimitiveRestartFixedIndex,
    FramebufferSrgb,
    ProgramPointSize,
    DepthClamp,
    TextureCubeMapSeamless,
    LineSmooth,
    PolygonSmooth,
    ColorLogicOp,
    DebugOutput,
    DebugOutputSynchronous,
    ClipDistance0,
}

impl Cap {
    /// The capability `cap` names in this kind of context; `None` is GL_INVALID_ENUM.
    fn from_gl(cap: GLenum, gles: bool, core: bool) -> Option<Cap> {
        let both = match cap {
            GL_BLEND => Cap::Blend,
            GL_CULL_FACE => Cap::CullFace,
            GL_DEPTH_TEST => Cap::DepthTest,
            GL_STENCIL_TEST => Cap::StencilTest,
            GL_SCISSOR_TEST => Cap::ScissorTest,
            GL_POLYGON_OFFSET_FILL => Cap::PolygonOffsetFill,
            GL_DITHER => Cap::Dither,
            GL_SAMPLE_ALPHA_TO_COVERAGE => Cap::SampleAlphaToCoverage,
            GL_SAMPLE_COVERAGE => Cap::SampleCoverage,
            GL_RASTERIZER_DISCARD => Cap::RasterizerDiscard,
            GL_PRIMITIVE_RESTART_FIXED_INDEX => Cap::PrimitiveRestartFixedIndex,
            GL_SAMPLE_SHADING => Cap::SampleShading,
            GL_SAMPLE_MASK => Cap::SampleMask,
            GL_DEBUG_OUTPUT => Cap::DebugOutput,
            GL_DEBUG_OUTPUT_SYNCHRONOUS => Cap::DebugOutputSynchronous,
            _ if gles => return None,
            GL_POLYGON_OFFSET_LINE => Cap::PolygonOffsetLine,
            GL_POLYGON_OFFSET_POINT => Cap::PolygonOffsetPoint,
            GL_MULTISAMPLE => Cap::Multisample,
            GL_SAMPLE_ALPHA_TO_ONE => Cap::SampleAlphaToOne,
            GL_PRIMITIVE_RESTART => Cap::PrimitiveRestart,
            GL_FRAMEBUFFER_SRGB => Cap::FramebufferSrgb,
            GL_PROGRAM_POINT_SIZE => Cap::ProgramPointSize,
            GL_DEPTH_CLAMP => Cap::DepthClamp,
            GL_TEXTURE_CUBE_MAP_SEAMLESS => Cap::TextureCubeMapSeamless,
            GL_LINE_SMOOTH => Cap::LineSmooth,
            GL_POLYGON_SMOOTH => Cap::PolygonSmooth,
            GL_COLOR_LOGIC_OP => Cap::ColorLogicOp,
            GL_CLIP_DISTANCE0..=GL_CLIP_DISTANCE7 => Cap::ClipDistance0,
            _ => return None,
        };
        let _ = core;
        Some(both)
    }

    fn dirty(self) -> Dirty {
        match self {
            Cap::Blend | Cap::ColorLogicOp | Cap::FramebufferSrgb => Dirty::BLEND,
            Cap::DepthTest | Cap::StencilTest | Cap::DepthClamp => Dirty::DEPTH_STENCIL,
            Cap::ScissorTest => Dirty::SCISSOR,
            _ => Dirty::RASTER,
        }
    }
}

/// Enabled capabilities. Blend is per draw buffer (glEnablei); the rest are one bit each,
/// clip distances one bit per plane.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Enables {
    bits: u64,
    /// Bit i: blending on draw buffer i.
    pub blend: u32,
    /// Bit i: gl_ClipDistance[i] enabled.
    pub clip_distances: u32,
    /// Bit i: the scissor test of viewport index i (glEnablei(GL_SCISSOR_TEST, i)).
    pub scissor_tests: u32,
}

impl Default for Enables {
    fn default() -> Self {
        // Dither and multisample start enabled, as GL specifies.
        Enables { bits: (1 << Cap::Dither as u64) | (1 << Cap::Multisample as u64), blend: 0, clip_distances: 0, scissor_tests: 0 }
    }
}

impl Enables {
    pub fn is(&self, cap: Cap) -> bool {
        match cap {
            Cap::Blend => self.blend & 1 != 0,
            Cap::ScissorTest => self.scissor_tests & 1 != 0,
            _ => self.bits & (1 << cap as u64) != 0,
        }
    }

    pub(crate) fn set(&mut self, cap: Cap, on: bool) {
        if cap == Cap::ScissorTest {
            // glEnable(GL_SCISSOR_TEST) enables it for every viewport index.
            self.scissor_tests = if on { u32::MAX } else { 0 };
            return;
        }
        let bit = 1u64 << cap as u64;
        if on {
            self.bits |= bit;
        } else {
            self.bits &= !bit;
        }
    }
}

impl ContextState {
    fn set_capability(&mut self, cap: GLenum, on: bool) {
        if self.set_legacy_capability(cap, on) || self.set_arb_program_enable(cap, on) {
            return;
        }
        if crate::state::texture_env::is_texture_enable(cap) && !self.is_core() && !self.is_gles() {
            return self.set_texture_enable(cap, on);
        }
        let Some(c) = Cap::from_gl(cap, self.is_gles(), self.is_core()) else {
            return self.record_error(GL_INVALID_ENUM);
        };
        let enables = &mut self.state.enables;
        match c {
            Cap::Blend => enables.blend = if on { u32::MAX } else { 0 },
            Cap::ClipDistance0 => {
                let bit = 1 << (cap - GL_CLIP_DISTANCE0);
                if on {
                    enables.clip_distances |= bit
                } else {
                    enables.clip_distances &= !bit
                }
            }
            _ => enables.set(c, on),
        }
        self.state.dirty.insert(c.dirty());
    }

    pub(crate) fn gl_enable(&mut self, cap: GLenum) {
        self.set_capability(cap, true)
    }

    pub(crate) fn gl_disable(&mut self, cap: GLenum) {
        self.set_capability(cap, false)
    }

    pub(crate) fn gl_is_enabled(&mut self, cap: GLenum) -> GLboolean {
        if let Some(on) = self.legacy_capability(cap).or_else(|| self.arb_program_enabled(cap)) {
            return on as GLboolean;
        }
        if crate::state::texture_env::is_texture_enable(cap) && !self.is_core() && !self.is_gles() {
            return self.texture_enabled(cap) as GLboolean;
        }
        let Some(c) = Cap::from_gl(cap, self.is_gles(), self.is_core()) else {
            self.record_error(GL_INVALID_ENUM);
            return 0;
        };
        let enables = &self.state.enables;
        let on = match c {
            Cap::ClipDistance0 => enables.clip_distances & (1 << (cap - GL_CLIP_DISTANCE0)) != 0,
            _ => enables.is(c),
        };
        on as GLboolean
    }

    /// An indexed capability (blend per draw buffer, the scissor test per viewport): its
    /// bits, how many indices it has and what a change dirties.
    fn indexed_capability(&self, cap: GLenum) -> Option<(fn(&mut Enables) -> &mut u32, u32, Dirty)> {
        match cap {
            GL_BLEND => Some((|e| &mut e.blend, self.limits.max_draw_buffers, Dirty::BLEND)),
            GL_SCISSOR_TEST if !self.is_gles() => Some((|e| &mut e.scissor_tests, self.limits.max_viewports, Dirty::SCISSOR)),
            _ => None,
        }
    }

    fn set_capability_indexed(&mut self, cap: GLenum, index: GLuint, on: bool) {
        let Some((bits, count, dirty)) = self.indexed_capability(cap) else {
            return self.record_error(GL_INVALID_ENUM);
        };
        if !self.check(index < count, GL_INVALID_VALUE) {
            return;
        }
        let bits = bits(&mut self.state.enables);
        if on {
            *bits |= 1 << index
        } else {
            *bits &= !(1 << index)
        }
        self.state.dirty.insert(dirty);
    }

    pub(crate) fn gl_enablei(&mut self, cap: GLenum, index: GLuint) {
        self.set_capability_indexed(cap, index, true)
    }

    pub(crate) fn gl_disablei(&mut self, cap: GLenum, index: GLuint) {
        self.set_capability_indexed(cap, index, false)
    }

    pub(crate) fn gl_is_enabledi(&mut self, cap: GLenum, index: GLuint) -> GLboolean {
        let Some((bits, count, _)) = self.indexed_capability(cap) else {
            self.record_error(GL_INVALID_ENUM);
            return 0;
        };
        if !self.check(index < count, GL_INVALID_VALUE) {
            return 0;
        }
        (*bits(&mut self.state.enables) & (1 << index) != 0) as GLboolean
    }
}
