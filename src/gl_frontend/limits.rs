//! The implementation limits glGet reports, in GL's terms.

/// GL_MAX_DUAL_SOURCE_DRAW_BUFFERS, as the linker enforces it.
pub const MAX_DUAL_SOURCE_DRAW_BUFFERS: u32 = glsl::link::MAX_DUAL_SOURCE_DRAW_BUFFERS;

/// GL implementation limits. `Limits::default()` holds GL's minimum maxima; the device's
/// own limits raise them where it can do more.
#[derive(Clone, Debug, PartialEq)]
pub struct Limits {
    pub max_texture_size: u32,
    pub max_3d_texture_size: u32,
    pub max_cube_map_texture_size: u32,
    pub max_array_texture_layers: u32,
    pub max_renderbuffer_size: u32,
    /// GL_MAX_FRAMEBUFFER_WIDTH/HEIGHT/LAYERS/SAMPLES: the most a framebuffer without
    /// attachments may render into (ARB_framebuffer_no_attachments).
    pub max_framebuffer_width: u32,
    pub max_framebuffer_height: u32,
    pub max_framebuffer_layers: u32,
    pub max_framebuffer_samples: u32,
    /// The sample counts rendering without attachments supports (bit n: 2^n samples).
    pub no_attachment_sample_counts: u32,
    pub max_viewport_dims: [u32; 2],
    /// GL_MAX_VIEWPORTS: viewports, depth ranges and scissor boxes a draw selects among
    /// with gl_ViewportIndex (at most `state::viewport::MAX_VIEWPORTS`).
    pub max_viewports: u32,
    /// GL_VIEWPORT_BOUNDS_RANGE: where a viewport's corner may lie.
    pub viewport_bounds_range: [f32; 2],
    pub viewport_subpixel_bits: u32,
    pub max_vertex_attribs: u32,
    pub max_vertex_attrib_stride: u32,
    pub max_vertex_attrib_relative_offset: u32,
    pub max_vertex_attrib_bindings: u32,
    pub max_texture_image_units: u32,
    pub max_combined_texture_image_units: u32,
    pub max_vertex_texture_image_units: u32,
    pub max_uniform_buffer_bindings: u32,
    pub max_uniform_block_size: u32,
    pub uniform_buffer_offset_alignment: u32,
    pub max_vertex_uniform_blocks: u32,
    pub max_fragment_uniform_blocks: u32,
    pub max_combined_uniform_blocks: u32,
    pub max_vertex_uniform_components: u32,
    pub max_fragment_uniform_components: u32,
    pub max_varying_components: u32,
    pub max_vertex_output_components: u32,
    pub max_fragment_input_components: u32,
    pub max_draw_buffers: u32,
    pub max_color_attachments: u32,
    pub max_samples: u32,
    /// The sample counts every attachment kind supports (bit n: 2^n samples).
    pub sample_counts: u32,
    pub max_clip_distances: u32,
    pub max_texture_lod_bias: f32,
    pub max_texture_max_anisotropy: f32,
    pub min_program_texel_offset: i32,
    pub max_program_texel_offset: i32,
    /// textureGatherOffset's range (ARB_texture_gather, GL 4.0).
    pub min_program_texture_gather_offset: i32,
    pub max_program_texture_gather_offset: i32,
    /// Components textureGather can read: 4 (every format), as ARB_texture_gather allows.
    pub max_program_texture_gather_components: u32,
    /// Texels a buffer texture reads (GL_MAX_TEXTURE_BUFFER_SIZE, at least 65536).
    pub max_texture_buffer_size: u32,
    pub aliased_line_width_range: [f32; 2],
    pub smooth_line_width_range: [f32; 2],
    pub point_size_range: [f32; 2],
    /// GL_POINT_SIZE_GRANULARITY: the step between supported point sizes.
    pub point_size_granularity: f32,
    pub max_elements_vertices: u32,
    pub max_elements_indices: u32,
    pub max_element_index: u32,
    pub subpixel_bits: u32,
    pub max_server_wait_timeout: u64,
    /// GL_MAX_COMPUTE_VARIABLE_GROUP_SIZE_ARB: the largest size per dimension
    /// glDispatchComputeGroupSizeARB accepts.
    pub max_compute_variable_group_size: [u32; 3],
    /// GL_MAX_COMPUTE_VARIABLE_GROUP_INVOCATIONS_ARB: the most invocations such a group has.
    pub max_compute_variable_group_invocations: u32,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_texture_size: 16384,
            max_3d_texture_size: 2048,
            max_cube_map_texture_size: 16384,
            max_array_texture_layers: 2048,
            max_renderbuffer_size: 16384,
            max_framebuffer_width: 16384,
            max_framebuffer_height: 16384,
            max_framebuffer_layers: 2048,
            max_framebuffer_samples: 4,
            no_attachment_sample_counts: 0b101,
            max_viewport_dims: [16384, 16384],
            max_viewports: 16,
            viewport_bounds_range: [-32768.0, 32767.0],
            viewport_subpixel_bits: 0,
            max_vertex_attribs: 16,
            max_vertex_attrib_stride: 2048,
            max_vertex_attrib_relative_offset: 2047,
            max_vertex_attrib_bindings: 16,
            max_texture_image_units: 16,
            max_combined_texture_image_units: 80,
            max_vertex_texture_image_units: 16,
            max_uniform_buffer_bindings: 72,
            max_uniform_block_size: 16384,
            uniform_buffer_offset_alignment: 256,
            max_vertex_uniform_blocks: 12,
            max_fragment_uniform_blocks: 12,
            max_combined_uniform_blocks: 24,
            max_vertex_uniform_components: 1024,
            max_fragment_uniform_components: 1024,
            max_varying_components: 60,
            max_vertex_output_components: 64,
            max_fragment_input_components: 128,
            max_draw_buffers: 8,
            max_color_attachments: 8,
            max_samples: 4,
            sample_counts: 0b101,
            max_clip_distances: 8,
            max_texture_lod_bias: 2.0,
            max_texture_max_anisotropy: 16.0,
            min_program_texel_offset: -8,
            max_program_texel_offset: 7,
            min_program_texture_gather_offset: -8,
            max_program_texture_gather_offset: 7,
            max_program_texture_gather_components: 4,
            max_texture_buffer_size: 65536,
            aliased_line_width_range: [1.0, 1.0],
            smooth_line_width_range: [1.0, 1.0],
            point_size_range: [1.0, 64.0],
            point_size_granularity: 1.0,
            max_elements_vertices: 3000,
            max_elements_indices: 3000,
            max_element_index: u32::MAX,
            subpixel_bits: 4,
            max_server_wait_timeout: 0,
            max_compute_variable_group_size: [512, 512, 64],
            max_compute_variable_group_invocations: 512,
        }
    }
}

/// The largest count of a sample-count mask (bit n: 2^n samples); 1 for an empty mask.
fn highest_sample_count(counts: u32) -> u32 {
    if counts == 0 { 1 } else { 1 << (31 - counts.leading_zeros()) }
}

impl Limits {
    /// GL limits of a Vulkan device: GL's minimum maxima, raised to what the device offers.
    pub fn from_device(info: &vk_backend::DeviceInfo) -> Self {
        let d = &info.limits;
        let base = Limits::default();
        let at_least = |device: u32, minimum: u32| device.max(minimum);
        let per_stage_samplers = d.max_per_stage_samplers.min(d.max_per_stage_sampled_images);
        Limits {
            max_texture_size: d.max_image_dimension_2d.max(1024),
            max_3d_texture_size: d.max_image_dimension_3d.max(256),
            max_cube_map_texture_size: d.max_image_dimension_cube.max(1024),
            max_array_texture_layers: d.max_image_array_layers.max(256),
            max_renderbuffer_size: d.max_framebuffer_width.min(d.max_framebuffer_height).max(1024),
            max_framebuffer_width: d.max_framebuffer_width.max(1),
            max_framebuffer_height: d.max_framebuffer_height.max(1),
            max_framebuffer_layers: d.max_framebuffer_layers.max(1),
            max_framebuffer_samples: highest_sample_count(d.no_attachment_sample_counts),
            no_attachment_sample_counts: d.no_attachment_sample_counts | 1,
            max_viewport_dims: [d.max_viewport_dimensions[0].max(1024), d.max_viewport_dimensions[1].max(1024)],
            max_viewports: d.max_viewports.clamp(1, crate::state::viewport::MAX_VIEWPORTS as u32),
            viewport_bounds_range: d.viewport_bounds_range,
            viewport_subpixel_bits: d.viewport_sub_pixel_bits,
            // 16 generic attributes: the conventional ones (gl_Vertex, ...) use the next locations.
            max_vertex_attribs: 16,
            max_vertex_attrib_stride: d.max_vertex_input_binding_stride.max(2048),
            max_vertex_attrib_relative_offset: d.max_vertex_input_attribute_offset.max(2047),
            max_vertex_attrib_bindings: d.max_vertex_input_bindings.clamp(16, 32),
            max_texture_image_units: per_stage_samplers.clamp(16, 32),
            max_combined_texture_image_units: at_least(d.max_combined_sampled_images.min(192), 80),
            max_vertex_texture_image_units: per_stage_samplers.clamp(16, 32),
            max_uniform_buffer_bindings: d.max_combined_uniform_buffers.clamp(36, 84),
            max_uniform_block_size: d.max_uniform_buffer_range.clamp(16384, 65536),
            uniform_buffer_offset_alignment: (d.min_uniform_buffer_offset_alignment as u32).clamp(1, 256),
            max_vertex_uniform_blocks: d.max_per_stage_uniform_buffers.saturating_sub(1).clamp(12, 14),
            max_fragment_uniform_blocks: d.max_per_stage_uniform_buffers.saturating_sub(1).clamp(12, 14),
            max_combined_uniform_blocks: (d.max_combined_uniform_buffers.saturating_sub(5)).clamp(24, 70),
            max_vertex_output_components: d.max_vertex_output_components.max(64),
            max_fragment_input_components: d.max_fragment_input_components.max(60),
            max_varying_components: d.max_vertex_output_components.min(d.max_fragment_input_components).max(60),
            max_draw_buffers: d.max_fragment_output_attachments.min(d.max_color_attachments).clamp(4, 8),
            max_color_attachments: d.max_color_attachments.clamp(4, 8),
            max_samples: d.max_samples.max(1),
            sample_counts: d.sample_counts | 1,
            max_clip_distances: d.max_clip_distances.max(8),
            max_texture_lod_bias: d.max_sampler_lod_bias.max(2.0),
            max_texture_max_anisotropy: if info.features.sampler_anisotropy { d.max_sampler_anisotropy.max(1.0) } else { 1.0 },
            min_program_texel_offset: d.min_texel_offset.min(-8),
            max_program_texel_offset: (d.max_texel_offset as i32).max(7),
            min_program_texture_gather_offset: d.min_texel_gather_offset.min(-8),
            max_program_texture_gather_offset: (d.max_texel_gather_offset as i32).max(7),
            max_texture_buffer_size: d.max_texel_buffer_elements.max(65536),
            aliased_line_width_range: if info.features.wide_lines { d.line_width_range } else { [1.0, 1.0] },
            smooth_line_width_range: [1.0, 1.0],
            point_size_range: if info.features.large_points { d.point_size_range } else { [1.0, 1.0] },
            point_size_granularity: d.point_size_granularity,
            max_element_index: d.max_draw_indexed_index_value,
            // The extension's minimums, as Mesa offers; the device's own limits cap them.
            max_compute_variable_group_size: [0, 1, 2].map(|i| base.max_compute_variable_group_size[i].min(d.max_compute_work_group_size[i]).max(1)),
            max_compute_variable_group_invocations: base.max_compute_variable_group_invocations.min(d.max_compute_work_group_invocations).max(1),
            ..base
        }
    }
}
