//! What a target does natively. The Vulkan backend fills `Caps` from the device, the AGX
//! model from its hardware; lowering passes run for whatever is missing.
//! `GALVAN_EMULATE` forces emulation of chosen features on any target.

use std::fmt;

/// Clears the capability an emulation name stands for.
type ClearCap = fn(&mut Caps);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Caps {
    pub geometry_shader: bool,
    pub tessellation: bool,
    pub transform_feedback: bool,
    pub cull_distance: bool,
    /// GL's [-1, 1] clip-space depth (VK_EXT_depth_clip_control).
    pub depth_clip_control: bool,
    pub robust_buffer_access: bool,
    /// Out-of-bounds image access reads zero (robustImageAccess / robustness2).
    pub robust_image_access: bool,
    /// 64-bit vertex attribute formats (R64G64B64A64_SFLOAT and friends).
    pub vertex_attrib_64bit: bool,
    pub fp64: bool,
    pub int64: bool,
    pub fp16: bool,
    pub int16: bool,
    /// Choice of first or last provoking vertex (VK_EXT_provoking_vertex).
    pub provoking_vertex: bool,
    pub depth_clamp: bool,
    /// gl_BaseInstance and friends (shaderDrawParameters).
    pub draw_parameters: bool,
    /// OpDemoteToHelperInvocation.
    pub demote_to_helper: bool,
    /// Vertex, tessellation and geometry stages may write storage buffers
    /// (vertexPipelineStoresAndAtomics): what transform feedback emulation stores through.
    pub vertex_pipeline_stores: bool,
    /// Several viewports, one chosen per primitive by gl_ViewportIndex (multiViewport).
    pub multi_viewport: bool,
    /// Counters of vertices, primitives and shader invocations (pipelineStatisticsQuery).
    pub pipeline_statistics: bool,
    /// Blend factors that read a second fragment colour (dualSrcBlend).
    pub dual_source_blend: bool,
    /// Vertex fetch of the 2_10_10_10 packed formats (A2B10G10R10 and A2R10G10B10 as
    /// vertex buffer formats); without it such arrays are unpacked on the host.
    pub packed_vertex_formats: bool,
}

impl Caps {
    /// Transform feedback is captured by storing from the last vertex stage and copying
    /// with compute (`lower_xfb_to_storage`, `build_xfb_copy`) instead of natively.
    pub fn transform_feedback_emulated(&self) -> bool {
        !self.transform_feedback && self.vertex_pipeline_stores
    }

    /// Geometry shaders run as compute between a vertex stage that stores its outputs and
    /// a pass-through vertex stage (`lower_gs_to_compute`) instead of natively.
    pub fn geometry_shader_emulated(&self) -> bool {
        !self.geometry_shader && self.vertex_pipeline_stores
    }

    /// GL geometry shaders work, natively or emulated.
    pub fn geometry_shader_available(&self) -> bool {
        self.geometry_shader || self.vertex_pipeline_stores
    }

    /// GL transform feedback works, natively or emulated.
    pub fn transform_feedback_available(&self) -> bool {
        self.transform_feedback || self.vertex_pipeline_stores
    }

    /// Tessellation runs as a compute control stage, a host tessellator and the evaluation
    /// shader as a vertex shader (`lower_tcs_to_compute`, `lower_tes_to_vertex`), since the
    /// vertex stage stores its outputs to buffers for the control stage to read.
    pub fn tessellation_emulated(&self) -> bool {
        !self.tessellation && self.vertex_pipeline_stores
    }

    /// GL tessellation works, natively or emulated.
    pub fn tessellation_available(&self) -> bool {
        self.tessellation || self.vertex_pipeline_stores
    }

    /// A target that does everything natively.
    pub const ALL: Caps = Caps {
        geometry_shader: true,
        tessellation: true,
        transform_feedback: true,
        cull_distance: true,
        depth_clip_control: true,
        robust_buffer_access: true,
        robust_image_access: true,
        vertex_attrib_64bit: true,
        fp64: true,
        int64: true,
        fp16: true,
        int16: true,
        provoking_vertex: true,
        depth_clamp: true,
        draw_parameters: true,
        demote_to_helper: true,
        vertex_pipeline_stores: true,
        multi_viewport: true,
        pipeline_statistics: true,
        dual_source_blend: true,
        packed_vertex_formats: true,
    };

    /// A target that does nothing beyond the baseline (every emulation on).
    pub const NONE: Caps = Caps {
        geometry_shader: false,
        tessellation: false,
        transform_feedback: false,
        cull_distance: false,
        depth_clip_control: false,
        robust_buffer_access: false,
        robust_image_access: false,
        vertex_attrib_64bit: false,
        fp64: false,
        int64: false,
        fp16: false,
        int16: false,
        provoking_vertex: false,
        depth_clamp: false,
        draw_parameters: false,
        demote_to_helper: false,
        vertex_pipeline_stores: false,
        multi_viewport: false,
        pipeline_statistics: false,
        dual_source_blend: false,
        packed_vertex_formats: false,
    };

    /// The names `GALVAN_EMULATE` accepts, with the flag each one clears and whether
    /// galvan emulates what it clears. `gs` switches to geometry shaders run as compute
    /// ([`Caps::geometry_shader_emulated`]), `tess` to emulated tessellation
    /// ([`Caps::tessellation_emulated`]). `xfb` switches to emulated capture
    /// ([`Caps::transform_feedback_emulated`]), which covers the vertex stage only, so
    /// `all`, which forces every emulation, leaves it until geometry capture is emulated.
    const EMULATION_NAMES: &'static [(&'static str, ClearCap, bool)] = &[
        ("gs", |c| c.geometry_shader = false, true),
        ("tess", |c| c.tessellation = false, true),
        ("xfb", |c| c.transform_feedback = false, false),
        ("cull", |c| c.cull_distance = false, true),
        ("clip_control", |c| c.depth_clip_control = false, true),
        (
            "robustness",
            |c| {
                c.robust_buffer_access = false;
                c.robust_image_access = false
            },
            true,
        ),
        ("vertex_attrib_64bit", |c| c.vertex_attrib_64bit = false, true),
        ("provoking_vertex", |c| c.provoking_vertex = false, true),
        ("depth_clamp", |c| c.depth_clamp = false, true),
        ("draw_parameters", |c| c.draw_parameters = false, true),
        ("demote", |c| c.demote_to_helper = false, true),
        ("packed_vertex_formats", |c| c.packed_vertex_formats = false, true),
    ];

    /// Clears the capabilities named in a `GALVAN_EMULATE` value (comma list; `all` for
    /// every emulation galvan has). Unknown names are an error and change nothing.
    pub fn apply_emulate_env(&mut self, value: &str) -> Result<(), CapsError> {
        let mut result = *self;
        for name in value.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            if name == "all" {
                for (_, clear, _) in Self::EMULATION_NAMES.iter().filter(|(_, _, emulated)| *emulated) {
                    clear(&mut result);
                }
                continue;
            }
            match Self::EMULATION_NAMES.iter().find(|(n, _, _)| *n == name) {
                Some((_, clear, _)) => clear(&mut result),
                None => return Err(CapsError::UnknownEmulation(name.to_string())),
            }
        }
        *self = result;
        Ok(())
    }

    /// Applies `GALVAN_EMULATE` from the process environment, if set.
    pub fn apply_emulate_from_environment(&mut self) -> Result<(), CapsError> {
        match std::env::var("GALVAN_EMULATE") {
            Ok(value) => self.apply_emulate_env(&value),
            Err(_) => Ok(()),
        }
    }

    /// Every name `GALVAN_EMULATE` accepts besides `all`.
    pub fn emulation_names() -> impl Iterator<Item = &'static str> {
        Self::EMULATION_NAMES.iter().map(|(n, _, _)| *n)
    }
}

impl Default for Caps {
    /// Everything native: a target starts from here and clears what it lacks.
    fn default() -> Self {
        Caps::ALL
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CapsError {
    UnknownEmulation(String),
}

impl fmt::Display for CapsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CapsError::UnknownEmulation(name) => {
                write!(f, "GALVAN_EMULATE: unknown emulation `{name}` (known: ")?;
                for (i, n) in Caps::emulation_names().enumerate() {
                    write!(f, "{}{n}", if i > 0 { ", " } else { "" })?;
                }
                write!(f, ", all)")
            }
        }
    }
}

impl std::error::Error for CapsError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn emulate_list_clears_named_caps_only() {
        let mut caps = Caps::ALL;
        caps.apply_emulate_env("clip_control, cull").unwrap();
        assert!(!caps.depth_clip_control);
        assert!(!caps.cull_distance);
        assert!(caps.geometry_shader && caps.robust_buffer_access);
        assert!(!caps.geometry_shader_emulated());
    }

    #[test]
    fn emulate_all_clears_every_emulated_cap() {
        let mut caps = Caps::ALL;
        caps.apply_emulate_env("all").unwrap();
        // Features without an emulation stay: `all` forces emulations, it hides nothing.
        assert!(caps.transform_feedback);
        assert!(!caps.geometry_shader && caps.geometry_shader_emulated());
        assert!(!caps.tessellation && caps.tessellation_emulated());
        assert!(
            !caps.robust_buffer_access && !caps.vertex_attrib_64bit && !caps.depth_clip_control
        );
        // fp64 is a feature, not an emulation: `all` leaves it.
        assert!(caps.fp64);
    }

    #[test]
    fn naming_a_feature_without_emulation_withdraws_it() {
        let mut caps = Caps::ALL;
        caps.apply_emulate_env("all,gs,tess,xfb").unwrap();
        assert!(!caps.geometry_shader && !caps.tessellation && !caps.transform_feedback);
    }

    #[test]
    fn unknown_emulation_is_an_error_and_changes_nothing() {
        let mut caps = Caps::ALL;
        let err = caps.apply_emulate_env("cull,bogus").unwrap_err();
        assert_eq!(err, CapsError::UnknownEmulation("bogus".into()));
        assert!(err.to_string().contains("clip_control"));
        assert_eq!(caps, Caps::ALL);
    }

    #[test]
    fn empty_value_changes_nothing() {
        let mut caps = Caps::ALL;
        caps.apply_emulate_env("").unwrap();
        assert_eq!(caps, Caps::ALL);
    }
}
