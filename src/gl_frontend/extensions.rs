//! The extensions galvan advertises: those whose commands and behaviour work, then
//! GALVAN_EXTENSION_OVERRIDE (`+GL_ARB_foo -GL_ARB_bar`) applied on top.

use crate::version::{Api, Profile};

/// Where an extension is offered.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Offered {
    Desktop,
    Es,
    Both,
    /// Desktop compatibility-profile contexts only (legacy features).
    Compatibility,
}

/// Extensions whose functionality is implemented, sorted by name.
const IMPLEMENTED: &[(&str, Offered)] = &[
    ("GL_AMD_conservative_depth", Offered::Desktop),
    ("GL_AMD_shader_trinary_minmax", Offered::Desktop),
    ("GL_APPLE_packed_pixels", Offered::Compatibility),
    ("GL_ARB_ES2_compatibility", Offered::Desktop),
    ("GL_ARB_ES3_compatibility", Offered::Desktop),
    ("GL_ARB_arrays_of_arrays", Offered::Desktop),
    ("GL_ARB_base_instance", Offered::Desktop),
    ("GL_ARB_blend_func_extended", Offered::Desktop),
    ("GL_ARB_buffer_storage", Offered::Desktop),
    ("GL_ARB_clear_buffer_object", Offered::Desktop),
    ("GL_ARB_clip_control", Offered::Desktop),
    ("GL_ARB_color_buffer_float", Offered::Desktop),
    ("GL_ARB_compatibility", Offered::Compatibility),
    ("GL_ARB_compute_shader", Offered::Desktop),
    ("GL_ARB_compute_variable_group_size", Offered::Desktop),
    ("GL_ARB_conditional_render_inverted", Offered::Desktop),
    ("GL_ARB_conservative_depth", Offered::Desktop),
    ("GL_ARB_copy_buffer", Offered::Desktop),
    ("GL_ARB_copy_image", Offered::Desktop),
    ("GL_ARB_cull_distance", Offered::Desktop),
    ("GL_ARB_depth_buffer_float", Offered::Desktop),
    ("GL_ARB_depth_clamp", Offered::Desktop),
    ("GL_ARB_depth_texture", Offered::Desktop),
    ("GL_ARB_derivative_control", Offered::Desktop),
    ("GL_ARB_draw_buffers", Offered::Desktop),
    ("GL_ARB_draw_buffers_blend", Offered::Desktop),
    ("GL_ARB_draw_elements_base_vertex", Offered::Desktop),
    ("GL_ARB_draw_indirect", Offered::Desktop),
    ("GL_ARB_draw_instanced", Offered::Desktop),
    ("GL_ARB_enhanced_layouts", Offered::Desktop),
    ("GL_ARB_explicit_attrib_location", Offered::Desktop),
    ("GL_ARB_explicit_uniform_location", Offered::Desktop),
    ("GL_ARB_fragment_coord_conventions", Offered::Desktop),
    ("GL_ARB_fragment_program", Offered::Compatibility),
    ("GL_ARB_fragment_program_shadow", Offered::Compatibility),
    ("GL_ARB_fragment_shader", Offered::Compatibility),
    ("GL_ARB_framebuffer_no_attachments", Offered::Desktop),
    ("GL_ARB_framebuffer_object", Offered::Desktop),
    ("GL_ARB_framebuffer_sRGB", Offered::Desktop),
    ("GL_ARB_get_texture_sub_image", Offered::Desktop),
    ("GL_ARB_gl_spirv", Offered::Desktop),
    ("GL_ARB_gpu_shader5", Offered::Desktop),
    ("GL_ARB_gpu_shader_fp64", Offered::Desktop),
    ("GL_ARB_gpu_shader_int64", Offered::Desktop),
    ("GL_ARB_half_float_pixel", Offered::Desktop),
    ("GL_ARB_half_float_vertex", Offered::Desktop),
    ("GL_ARB_indirect_parameters", Offered::Desktop),
    ("GL_ARB_instanced_arrays", Offered::Desktop),
    ("GL_ARB_invalidate_subdata", Offered::Desktop),
    ("GL_ARB_map_buffer_range", Offered::Desktop),
    ("GL_ARB_multi_draw_indirect", Offered::Desktop),
    ("GL_ARB_multisample", Offered::Desktop),
    ("GL_ARB_multitexture", Offered::Compatibility),
    ("GL_ARB_occlusion_query", Offered::Desktop),
    ("GL_ARB_occlusion_query2", Offered::Desktop),
    ("GL_ARB_pipeline_statistics_query", Offered::Desktop),
    ("GL_ARB_pixel_buffer_object", Offered::Desktop),
    ("GL_ARB_point_parameters", Offered::Compatibility),
    ("GL_ARB_point_sprite", Offered::Compatibility),
    ("GL_ARB_program_interface_query", Offered::Desktop),
    ("GL_ARB_provoking_vertex", Offered::Desktop),
    ("GL_ARB_query_buffer_object", Offered::Desktop),
    ("GL_ARB_robustness", Offered::Desktop),
    ("GL_ARB_sample_shading", Offered::Desktop),
    ("GL_ARB_sampler_objects", Offered::Desktop),
    ("GL_ARB_seamless_cube_map", Offered::Desktop),
    ("GL_ARB_separate_shader_objects", Offered::Desktop),
    ("GL_ARB_shader_atomic_counters", Offered::Desktop),
    ("GL_ARB_shader_bit_encoding", Offered::Desktop),
    ("GL_ARB_shader_image_load_store", Offered::Desktop),
    ("GL_ARB_shader_image_size", Offered::Desktop),
    ("GL_ARB_shader_objects", Offered::Compatibility),
    ("GL_ARB_shader_precision", Offered::Desktop),
    ("GL_ARB_shader_storage_buffer_object", Offered::Desktop),
    ("GL_ARB_shader_subroutine", Offered::Desktop),
    ("GL_ARB_shader_texture_lod", Offered::Desktop),
    ("GL_ARB_shading_language_100", Offered::Compatibility),
    ("GL_ARB_shading_language_420pack", Offered::Desktop),
    ("GL_ARB_shading_language_packing", Offered::Desktop),
    ("GL_ARB_shadow", Offered::Compatibility),
    ("GL_ARB_spirv_extensions", Offered::Desktop),
    ("GL_ARB_stencil_texturing", Offered::Desktop),
    ("GL_ARB_sync", Offered::Desktop),
    ("GL_ARB_tessellation_shader", Offered::Desktop),
    ("GL_ARB_texture_barrier", Offered::Desktop),
    ("GL_ARB_texture_border_clamp", Offered::Desktop),
    ("GL_ARB_texture_buffer_object", Offered::Desktop),
    ("GL_ARB_texture_buffer_range", Offered::Desktop),
    ("GL_ARB_texture_compression", Offered::Desktop),
    ("GL_ARB_texture_compression_bptc", Offered::Desktop),
    ("GL_ARB_texture_compression_rgtc", Offered::Desktop),
    ("GL_ARB_texture_cube_map", Offered::Desktop),
    ("GL_ARB_texture_cube_map_array", Offered::Desktop),
    ("GL_ARB_texture_env_add", Offered::Compatibility),
    ("GL_ARB_texture_env_combine", Offered::Compatibility),
    ("GL_ARB_texture_env_crossbar", Offered::Compatibility),
    ("GL_ARB_texture_env_dot3", Offered::Compatibility),
    ("GL_ARB_texture_filter_anisotropic", Offered::Desktop),
    ("GL_ARB_texture_float", Offered::Desktop),
    ("GL_ARB_texture_gather", Offered::Desktop),
    ("GL_ARB_texture_mirror_clamp_to_edge", Offered::Desktop),
    ("GL_ARB_texture_mirrored_repeat", Offered::Desktop),
    ("GL_ARB_texture_multisample", Offered::Desktop),
    ("GL_ARB_texture_non_power_of_two", Offered::Desktop),
    ("GL_ARB_texture_query_levels", Offered::Desktop),
    ("GL_ARB_texture_query_lod", Offered::Desktop),
    ("GL_ARB_texture_rectangle", Offered::Desktop),
    ("GL_ARB_texture_rg", Offered::Desktop),
    ("GL_ARB_texture_rgb10_a2ui", Offered::Desktop),
    ("GL_ARB_texture_stencil8", Offered::Desktop),
    ("GL_ARB_texture_storage", Offered::Desktop),
    ("GL_ARB_texture_swizzle", Offered::Desktop),
    ("GL_ARB_texture_view", Offered::Desktop),
    ("GL_ARB_timer_query", Offered::Desktop),
    ("GL_ARB_transform_feedback2", Offered::Desktop),
    ("GL_ARB_transform_feedback3", Offered::Desktop),
    ("GL_ARB_transform_feedback_instanced", Offered::Desktop),
    ("GL_ARB_transpose_matrix", Offered::Compatibility),
    ("GL_ARB_uniform_buffer_object", Offered::Desktop),
    ("GL_ARB_vertex_array_bgra", Offered::Desktop),
    ("GL_ARB_vertex_array_object", Offered::Desktop),
    ("GL_ARB_vertex_attrib_64bit", Offered::Desktop),
    ("GL_ARB_vertex_attrib_binding", Offered::Desktop),
    ("GL_ARB_vertex_buffer_object", Offered::Desktop),
    ("GL_ARB_vertex_program", Offered::Compatibility),
    ("GL_ARB_vertex_shader", Offered::Compatibility),
    ("GL_ARB_vertex_type_2_10_10_10_rev", Offered::Desktop),
    ("GL_ARB_viewport_array", Offered::Desktop),
    ("GL_ARB_window_pos", Offered::Desktop),
    ("GL_ATI_texture_compression_3dc", Offered::Compatibility),
    ("GL_EXT_bgra", Offered::Compatibility),
    ("GL_EXT_blend_color", Offered::Desktop),
    ("GL_EXT_blend_equation_separate", Offered::Desktop),
    ("GL_EXT_blend_func_extended", Offered::Es),
    ("GL_EXT_blend_func_separate", Offered::Desktop),
    ("GL_EXT_blend_minmax", Offered::Both),
    ("GL_EXT_blend_subtract", Offered::Compatibility),
    ("GL_EXT_buffer_storage", Offered::Es),
    ("GL_EXT_copy_texture", Offered::Compatibility),
    ("GL_EXT_disjoint_timer_query", Offered::Es),
    ("GL_EXT_draw_instanced", Offered::Desktop),
    ("GL_EXT_draw_range_elements", Offered::Compatibility),
    ("GL_EXT_fog_coord", Offered::Compatibility),
    ("GL_EXT_framebuffer_blit", Offered::Desktop),
    ("GL_EXT_framebuffer_multisample", Offered::Desktop),
    ("GL_EXT_framebuffer_multisample_blit_scaled", Offered::Desktop),
    ("GL_EXT_framebuffer_object", Offered::Compatibility),
    ("GL_EXT_framebuffer_sRGB", Offered::Desktop),
    ("GL_EXT_geometry_shader", Offered::Es),
    ("GL_EXT_map_buffer_range", Offered::Es),
    ("GL_EXT_multi_draw_arrays", Offered::Compatibility),
    ("GL_EXT_occlusion_query_boolean", Offered::Es),
    ("GL_EXT_packed_depth_stencil", Offered::Desktop),
    ("GL_EXT_packed_float", Offered::Desktop),
    ("GL_EXT_packed_pixels", Offered::Compatibility),
    ("GL_EXT_pixel_buffer_object", Offered::Compatibility),
    ("GL_EXT_point_parameters", Offered::Compatibility),
    ("GL_EXT_provoking_vertex", Offered::Desktop),
    ("GL_EXT_rescale_normal", Offered::Compatibility),
    ("GL_EXT_robustness", Offered::Es),
    ("GL_EXT_secondary_color", Offered::Compatibility),
    ("GL_EXT_separate_specular_color", Offered::Compatibility),
    ("GL_EXT_shader_integer_mix", Offered::Both),
    ("GL_EXT_shader_io_blocks", Offered::Es),
    ("GL_EXT_shadow_funcs", Offered::Compatibility),
    ("GL_EXT_stencil_wrap", Offered::Compatibility),
    ("GL_EXT_subtexture", Offered::Compatibility),
    ("GL_EXT_texture", Offered::Compatibility),
    ("GL_EXT_texture3D", Offered::Desktop),
    ("GL_EXT_texture_array", Offered::Desktop),
    ("GL_EXT_texture_compression_bptc", Offered::Es),
    ("GL_EXT_texture_compression_latc", Offered::Compatibility),
    ("GL_EXT_texture_compression_rgtc", Offered::Both),
    ("GL_EXT_texture_compression_s3tc", Offered::Both),
    ("GL_EXT_texture_cube_map", Offered::Compatibility),
    ("GL_EXT_texture_edge_clamp", Offered::Desktop),
    ("GL_EXT_texture_env_add", Offered::Compatibility),
    ("GL_EXT_texture_env_combine", Offered::Compatibility),
    ("GL_EXT_texture_env_dot3", Offered::Compatibility),
    ("GL_EXT_texture_filter_anisotropic", Offered::Desktop),
    ("GL_EXT_texture_integer", Offered::Desktop),
    ("GL_EXT_texture_lod_bias", Offered::Compatibility),
    ("GL_EXT_texture_object", Offered::Compatibility),
    ("GL_EXT_texture_rectangle", Offered::Compatibility),
    ("GL_EXT_texture_sRGB", Offered::Desktop),
    ("GL_EXT_texture_shared_exponent", Offered::Desktop),
    ("GL_EXT_texture_snorm", Offered::Desktop),
    ("GL_EXT_texture_storage", Offered::Es),
    ("GL_EXT_texture_swizzle", Offered::Desktop),
    ("GL_EXT_timer_query", Offered::Desktop),
    ("GL_EXT_transform_feedback", Offered::Desktop),
    ("GL_EXT_vertex_array", Offered::Desktop),
    ("GL_EXT_vertex_array_bgra", Offered::Desktop),
    ("GL_IBM_texture_mirrored_repeat", Offered::Compatibility),
    ("GL_INGR_blend_func_separate", Offered::Compatibility),
    ("GL_KHR_debug", Offered::Both),
    ("GL_KHR_robustness", Offered::Both),
    ("GL_KHR_texture_compression_astc_ldr", Offered::Both),
    ("GL_KHR_texture_compression_astc_sliced_3d", Offered::Both),
    ("GL_MESA_shader_integer_functions", Offered::Desktop),
    ("GL_NV_blend_square", Offered::Compatibility),
    ("GL_NV_depth_clamp", Offered::Desktop),
    ("GL_NV_texture_barrier", Offered::Desktop),
    ("GL_NV_texture_rectangle", Offered::Compatibility),
    ("GL_OES_compressed_ETC1_RGB8_texture", Offered::Both),
    ("GL_OES_depth_texture", Offered::Es),
    ("GL_OES_element_index_uint", Offered::Es),
    ("GL_OES_geometry_shader", Offered::Es),
    ("GL_OES_mapbuffer", Offered::Es),
    ("GL_OES_rgb8_rgba8", Offered::Es),
    ("GL_OES_shader_io_blocks", Offered::Es),
    ("GL_OES_standard_derivatives", Offered::Es),
    ("GL_OES_vertex_array_object", Offered::Es),
    ("GL_SGIS_generate_mipmap", Offered::Compatibility),
    ("GL_SGIS_texture_border_clamp", Offered::Compatibility),
    ("GL_SGIS_texture_edge_clamp", Offered::Desktop),
    ("GL_SGIS_texture_lod", Offered::Compatibility),
];

/// Extensions galvan implements only on devices with a feature it does not emulate:
/// 64-bit arithmetic needs the device's shaderFloat64 / shaderInt64, capture its
/// transformFeedback, tessellation stages its tessellationShader; geometry shaders are
/// emulated by vertex-stage stores and compute where the device lacks geometryShader.
const DEVICE_FEATURE: &[(&str, fn(&nir_like::Caps) -> bool)] = &[
    ("GL_ARB_gpu_shader_fp64", |c| c.fp64),
    ("GL_ARB_gpu_shader_int64", |c| c.int64),
    // Double inputs are doubles in the shader; only their fetch is emulated.
    ("GL_ARB_vertex_attrib_64bit", |c| c.fp64),
    // Without transformFeedback, capture is emulated by vertex-stage stores.
    ("GL_ARB_transform_feedback2", |c| c.transform_feedback_available()),
    ("GL_ARB_transform_feedback_instanced", |c| c.transform_feedback_available()),
    // Emulated capture takes gl_SkipComponents holes, gl_NextBuffer and, from an emulated
    // geometry shader, streams 1 to 3 too.
    ("GL_ARB_transform_feedback3", |c| c.transform_feedback_available()),
    ("GL_EXT_transform_feedback", |c| c.transform_feedback_available()),
    // Without tessellationShader or geometryShader, both are emulated through vertex-stage stores.
    ("GL_ARB_tessellation_shader", |c| c.tessellation_available()),
    ("GL_EXT_geometry_shader", |c| c.geometry_shader_available()),
    ("GL_OES_geometry_shader", |c| c.geometry_shader_available()),
    // GL_MAX_VIEWPORTS must be at least 16.
    ("GL_ARB_viewport_array", |c| c.multi_viewport && c.geometry_shader),
    // The counters come from the device's pipeline-statistics queries.
    ("GL_ARB_pipeline_statistics_query", |c| c.pipeline_statistics),
    // A second source colour for blending is the device's dualSrcBlend.
    ("GL_ARB_blend_func_extended", |c| c.dual_source_blend),
    ("GL_EXT_blend_func_extended", |c| c.dual_source_blend),
];

/// ES extensions written against ES 3.1, which earlier ES contexts do not offer.
const ES_3_1_EXTENSIONS: &[&str] = &["GL_EXT_buffer_storage", "GL_EXT_geometry_shader", "GL_EXT_shader_io_blocks", "GL_OES_geometry_shader", "GL_OES_shader_io_blocks"];

/// Whether the device can run `name` (true for extensions that need nothing special).
fn device_has(name: &str, caps: &nir_like::Caps) -> bool {
    DEVICE_FEATURE.iter().find(|(n, _)| *n == name).map_or(true, |(_, has)| has(caps))
}

/// The extension names a context of this kind advertises on a device with `caps`,
/// override applied.
pub fn enabled(api: Api, profile: Profile, version: (u32, u32), caps: &nir_like::Caps) -> Vec<String> {
    let base = IMPLEMENTED
        .iter()
        .filter(|(_, offered)| match api {
            Api::Gl => *offered != Offered::Es && (*offered != Offered::Compatibility || profile == Profile::Compatibility),
            Api::Gles => !matches!(offered, Offered::Desktop | Offered::Compatibility),
        })
        .filter(|(name, _)| device_has(name, caps))
        .filter(|(name, _)| api != Api::Gles || version >= (3, 1) || !ES_3_1_EXTENSIONS.contains(name))
        // Before GL 3.1 every context is a compatibility one: the extension says nothing.
        .filter(|(name, _)| *name != "GL_ARB_compatibility" || version >= (3, 1))
        // ES 3.0 shaders and formats on desktop build on GL 3.3.
        .filter(|(name, _)| *name != "GL_ARB_ES3_compatibility" || version >= (3, 3))
        .map(|(name, _)| name.to_string());
    let overrides = std::env::var("GALVAN_EXTENSION_OVERRIDE").unwrap_or_default();
    apply_override(base.collect(), &overrides)
}

/// Applies `+NAME` (or a bare `NAME`) to add and `-NAME` to remove an extension.
pub fn apply_override(mut names: Vec<String>, overrides: &str) -> Vec<String> {
    for word in overrides.split_whitespace() {
        if let Some(removed) = word.strip_prefix('-') {
            names.retain(|n| n != removed);
        } else {
            let added = word.strip_prefix('+').unwrap_or(word);
            if !added.is_empty() && !names.iter().any(|n| n == added) {
                names.push(added.to_string());
            }
        }
    }
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn override_adds_and_removes() {
        let names = vec!["GL_A".to_string(), "GL_B".to_string()];
        let result = apply_override(names, "+GL_C -GL_A GL_D +GL_B");
        assert_eq!(result, vec!["GL_B", "GL_C", "GL_D"]);
    }

    #[test]
    fn device_features_decide_their_extensions() {
        let all = enabled(Api::Gl, Profile::Core, (4, 6), &nir_like::Caps::ALL);
        assert!(all.iter().any(|n| n == "GL_ARB_gpu_shader_fp64"));
        assert!(all.iter().any(|n| n == "GL_ARB_gpu_shader_int64"));
        let caps = nir_like::Caps { fp64: false, int64: false, transform_feedback: false, vertex_pipeline_stores: false, tessellation: false, multi_viewport: false, pipeline_statistics: false, dual_source_blend: false, ..nir_like::Caps::ALL };
        let without = enabled(Api::Gl, Profile::Core, (4, 6), &caps);
        assert!(!without.iter().any(|n| n.contains("64")), "{without:?}");
        assert!(!without.iter().any(|n| n.contains("transform_feedback")), "{without:?}");
        assert!(!without.iter().any(|n| n.contains("tessellation")), "{without:?}");
        assert!(!without.iter().any(|n| n.contains("viewport_array")), "{without:?}");
        let es_has_blend_func_extended = |caps: &nir_like::Caps| enabled(Api::Gles, Profile::Core, (3, 2), caps).iter().any(|n| n == "GL_EXT_blend_func_extended");
        assert!(es_has_blend_func_extended(&nir_like::Caps::ALL) && !es_has_blend_func_extended(&caps));
        let desktop_device_features = DEVICE_FEATURE.iter().filter(|(n, _)| IMPLEMENTED.iter().any(|(i, o)| i == n && *o != Offered::Es)).count();
        assert_eq!(all.len(), without.len() + desktop_device_features);
        // Capture without the device's transform feedback is emulated.
        let emulated = enabled(Api::Gl, Profile::Core, (4, 6), &nir_like::Caps { transform_feedback: false, ..nir_like::Caps::ALL });
        assert_eq!(emulated.iter().filter(|n| n.contains("transform_feedback")).count(), 4, "{emulated:?}");
        // Every device requirement names an extension of the table.
        assert!(DEVICE_FEATURE.iter().all(|(n, _)| IMPLEMENTED.iter().any(|(i, _)| i == n)));
    }

    #[test]
    fn es_3_1_extensions_wait_for_es_3_1_and_geometry_shaders() {
        let has = |names: &[String], n: &str| names.iter().any(|x| x == n);
        let es31 = enabled(Api::Gles, Profile::Core, (3, 1), &nir_like::Caps::ALL);
        assert!(has(&es31, "GL_OES_geometry_shader") && has(&es31, "GL_OES_shader_io_blocks"), "{es31:?}");
        let es30 = enabled(Api::Gles, Profile::Core, (3, 0), &nir_like::Caps::ALL);
        assert!(!has(&es30, "GL_OES_geometry_shader") && !has(&es30, "GL_EXT_shader_io_blocks"), "{es30:?}");
        let no_gs = enabled(Api::Gles, Profile::Core, (3, 2), &nir_like::Caps { geometry_shader: false, vertex_pipeline_stores: false, ..nir_like::Caps::ALL });
        assert!(!has(&no_gs, "GL_OES_geometry_shader") && !has(&no_gs, "GL_EXT_geometry_shader"), "{no_gs:?}");
        // Emulated as compute where the vertex stage can store.
        let emulated = enabled(Api::Gles, Profile::Core, (3, 2), &nir_like::Caps { geometry_shader: false, ..nir_like::Caps::ALL });
        assert!(has(&emulated, "GL_OES_geometry_shader") && has(&emulated, "GL_EXT_geometry_shader"), "{emulated:?}");
        assert!(!has(&enabled(Api::Gl, Profile::Core, (4, 6), &nir_like::Caps::ALL), "GL_OES_geometry_shader"));
    }

    #[test]
    fn table_is_sorted_and_unique() {
        assert!(IMPLEMENTED.windows(2).all(|w| w[0].0 < w[1].0));
    }
}
