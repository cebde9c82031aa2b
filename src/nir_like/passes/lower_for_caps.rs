//! The lowering a target needs, chosen by its `Caps`: GL's implicit rules made explicit
//! (always), emulations of what the target lacks (per capability), then optimisation.

use std::collections::HashMap;

use crate::caps::Caps;
use crate::shader::Shader;

/// What the lowering needs to know beyond the target's capabilities.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LowerOptions {
    /// The shader is the last stage before rasterisation (clip-control epilogue).
    pub last_pre_rasterization: bool,
    /// Draw buffers gl_FragColor is broadcast to.
    pub draw_buffers: u32,
    /// Byte offset of each default-block uniform in the default UBO, by name.
    pub uniform_offsets: HashMap<String, u32>,
    /// Descriptor set and binding of the default uniform block.
    pub default_block_binding: (u32, u32),
    /// The context asked for robust buffer access (ARB_robustness).
    pub robust_access: bool,
    /// GL_POINT_SPRITE_COORD_ORIGIN is GL_UPPER_LEFT (GL's default).
    pub point_coord_upper_left: bool,
    /// Bindings of sampler and image members of uniform structs, by `struct.member` name.
    pub opaque_member_bindings: HashMap<String, u32>,
    /// Where the clip-plane enables and planes live, for the last pre-rasterisation stage
    /// (`lower_user_clip_planes`); `None` leaves clip distances as the shader wrote them.
    pub clip_planes: Option<super::ClipPlaneState>,
    /// The varying location gl_ClipVertex takes between pre-rasterisation stages
    /// (`lower_clip_vertex_varying`); `None` when no stage hands it on.
    pub clip_vertex_location: Option<u32>,
    /// Where cull-distance emulation puts its varyings, for programs whose last
    /// pre-rasterisation stage writes gl_CullDistance (used without `Caps::cull_distance`).
    pub cull_emulation: Option<super::CullEmulation>,
    /// Where the glPointSize state lives, for the last pre-rasterisation stage
    /// (`lower_point_size`); `None` leaves PointSize as the shader wrote it.
    pub point_size: Option<super::PointSizeState>,
    /// Where the glClipControl depth mode lives, for the last pre-rasterisation stage of a
    /// target without depth clip control; `None` always maps GL's [-1, 1] depth.
    pub clip_control: Option<super::ClipControlState>,
    /// Where the GL_VERTEX_PROGRAM_TWO_SIDE enable lives and which back colours the
    /// previous stage writes, for the fragment stage (`lower_two_sided_color`).
    pub two_sided_color: Option<super::TwoSidedColorState>,
    /// Where the framebuffer height lives, for a fragment stage that declared gl_FragCoord
    /// with `origin_upper_left` (`lower_frag_coord_conventions`).
    pub frag_coord: Option<super::FragCoordState>,
    /// Where the word that says whether GL ignores gl_SampleMask lives, for a fragment
    /// stage that writes it (`lower_sample_mask_state`).
    pub sample_mask: Option<super::SampleMaskState>,
    /// Per sampler binding, the coordinates GL_CLAMP clamps (`lower_tex_clamp`); empty for
    /// programs drawn without GL_CLAMP on a filtered texture.
    pub tex_clamp: Vec<(u32, super::ClampMask)>,
    /// Where a target without transform feedback stores captured vertices, for the last
    /// pre-rasterisation stage (`lower_xfb_to_storage`); `None` keeps the decorations.
    pub xfb_storage: Option<super::XfbStorage>,
    /// Where a vertex stage whose next stage is emulated in compute stores its outputs
    /// (`lower_outputs_to_records`); `None` hands them on through the pipeline only.
    pub output_records: Option<super::RecordStorage>,
}

/// Runs every lowering `caps` and `options` call for, then the optimisation loop.
/// Returns whether anything changed.
pub fn lower_for_caps(shader: &mut Shader, caps: &Caps, options: &LowerOptions) -> bool {
    let mut progress = false;
    let (set, binding) = options.default_block_binding;
    progress |= super::split_opaque_struct_members(shader, |name| {
        options.opaque_member_bindings.get(name).copied()
    });
    progress |= super::lower_uniforms_to_ubo(shader, set, binding, |v| {
        options.uniform_offsets.get(&v.name).copied()
    });
    progress |= super::lower_frag_color_broadcast(shader, options.draw_buffers);
    progress |= super::lower_instance_id_base(shader);
    progress |= super::lower_tex_rect(shader);
    if !options.tex_clamp.is_empty() {
        progress |= super::lower_tex_clamp(shader, |binding| {
            options.tex_clamp.iter().find(|(b, _)| *b == binding).map_or(0, |(_, m)| *m)
        });
    }
    progress |= super::lower_opaque_arrays_of_arrays(shader);
    progress |= super::lower_frag_coord_conventions(shader, options.frag_coord.as_ref());
    if let Some(state) = &options.sample_mask {
        progress |= super::lower_sample_mask_state(shader, state);
    }
    progress |= super::lower_double_round_even(shader);
    if options.point_coord_upper_left {
        progress |= super::lower_point_coord_flip(shader);
    }
    if !caps.vertex_attrib_64bit {
        progress |= super::lower_vertex_attrib_64bit(shader);
    }
    if !caps.robust_buffer_access && options.robust_access {
        progress |= super::lower_robust_buffer_access(shader);
    }
    if !caps.robust_image_access && options.robust_access {
        progress |= super::lower_robust_image_access(shader);
    }
    // First of the output passes: those below then read and write the real outputs right
    // before each EmitVertex, after the shader's values are copied there.
    progress |= super::lower_gs_outputs_to_temporaries(shader);
    // Before the epilogues below: capture sees what the shader wrote.
    if let Some(storage) = options.xfb_storage.as_ref().filter(|_| !caps.transform_feedback && options.last_pre_rasterization) {
        progress |= super::lower_xfb_to_storage(shader, storage);
    }
    if let Some(location) = options.clip_vertex_location {
        progress |= super::lower_clip_vertex_varying(shader, location, options.last_pre_rasterization);
    }
    // After gl_ClipVertex became a plain varying: the records hold what the next stage reads.
    if let Some(storage) = &options.output_records {
        progress |= super::lower_outputs_to_records(shader, storage);
    }
    if let Some(state) = options.clip_planes.as_ref().filter(|_| options.last_pre_rasterization) {
        progress |= super::lower_user_clip_planes(shader, state);
    }
    if let Some(emulation) = options.cull_emulation.as_ref().filter(|_| !caps.cull_distance) {
        progress |= super::lower_cull_distance(shader, emulation, options.last_pre_rasterization);
    }
    if let Some(state) = options.point_size.as_ref().filter(|_| options.last_pre_rasterization) {
        progress |= super::lower_point_size(shader, state);
    }
    if let Some(state) = &options.two_sided_color {
        progress |= super::lower_two_sided_color(shader, state);
    }
    if !caps.depth_clip_control && options.last_pre_rasterization {
        progress |= match options.clip_control.as_ref() {
            Some(state) => super::lower_clip_control_from_state(shader, state),
            None => super::lower_clip_control(shader),
        };
    }
    progress |= super::optimize(shader);
    progress
}
