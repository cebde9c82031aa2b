//! The GLSL extensions the compiler understands, and for which APIs each exists.

/// Which language family an extension belongs to.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Family {
    Desktop,
    Es,
    Both,
}

/// (name, family). An extension not listed is unknown to the compiler, whatever the
/// context exposes.
const KNOWN: &[(&str, Family)] = &[
    ("GL_ARB_ES3_1_compatibility", Family::Desktop),
    ("GL_ARB_arrays_of_arrays", Family::Desktop),
    ("GL_ARB_compatibility", Family::Desktop),
    ("GL_ARB_compute_shader", Family::Desktop),
    ("GL_ARB_compute_variable_group_size", Family::Desktop),
    ("GL_ARB_conservative_depth", Family::Desktop),
    ("GL_ARB_cull_distance", Family::Desktop),
    ("GL_ARB_derivative_control", Family::Desktop),
    ("GL_ARB_draw_buffers", Family::Desktop),
    ("GL_ARB_draw_instanced", Family::Desktop),
    ("GL_ARB_enhanced_layouts", Family::Desktop),
    ("GL_ARB_explicit_attrib_location", Family::Desktop),
    ("GL_ARB_explicit_uniform_location", Family::Desktop),
    ("GL_ARB_fragment_coord_conventions", Family::Desktop),
    ("GL_ARB_fragment_layer_viewport", Family::Desktop),
    ("GL_ARB_gpu_shader5", Family::Desktop),
    ("GL_ARB_gpu_shader_fp64", Family::Desktop),
    ("GL_ARB_gpu_shader_int64", Family::Desktop),
    ("GL_ARB_sample_shading", Family::Desktop),
    ("GL_ARB_separate_shader_objects", Family::Desktop),
    ("GL_ARB_shader_atomic_counters", Family::Desktop),
    ("GL_ARB_shader_atomic_counter_ops", Family::Desktop),
    ("GL_ARB_shader_bit_encoding", Family::Desktop),
    ("GL_ARB_shader_clock", Family::Desktop),
    ("GL_ARB_shader_draw_parameters", Family::Desktop),
    ("GL_ARB_shader_group_vote", Family::Desktop),
    ("GL_ARB_shader_image_load_store", Family::Desktop),
    ("GL_ARB_shader_image_size", Family::Desktop),
    ("GL_ARB_shader_precision", Family::Desktop),
    ("GL_ARB_shader_stencil_export", Family::Desktop),
    ("GL_ARB_shader_storage_buffer_object", Family::Desktop),
    ("GL_ARB_shader_subroutine", Family::Desktop),
    ("GL_ARB_shader_texture_image_samples", Family::Desktop),
    ("GL_ARB_shader_texture_lod", Family::Desktop),
    ("GL_ARB_shading_language_420pack", Family::Desktop),
    ("GL_ARB_shading_language_packing", Family::Desktop),
    ("GL_ARB_tessellation_shader", Family::Desktop),
    ("GL_ARB_texture_cube_map_array", Family::Desktop),
    ("GL_ARB_texture_gather", Family::Desktop),
    ("GL_ARB_texture_multisample", Family::Desktop),
    ("GL_ARB_texture_query_levels", Family::Desktop),
    ("GL_ARB_texture_query_lod", Family::Desktop),
    ("GL_ARB_texture_rectangle", Family::Desktop),
    ("GL_ARB_uniform_buffer_object", Family::Desktop),
    ("GL_ARB_vertex_attrib_64bit", Family::Desktop),
    ("GL_ARB_viewport_array", Family::Desktop),
    ("GL_ARB_geometry_shader4", Family::Desktop),
    ("GL_EXT_gpu_shader4", Family::Desktop),
    ("GL_EXT_texture_array", Family::Desktop),
    ("GL_EXT_separate_shader_objects", Family::Both),
    ("GL_EXT_shader_integer_mix", Family::Both),
    ("GL_AMD_conservative_depth", Family::Desktop),
    ("GL_AMD_shader_stencil_export", Family::Desktop),
    ("GL_AMD_shader_trinary_minmax", Family::Desktop),
    ("GL_AMD_vertex_shader_layer", Family::Desktop),
    ("GL_AMD_vertex_shader_viewport_index", Family::Desktop),
    ("GL_EXT_demote_to_helper_invocation", Family::Both),
    ("GL_NV_shader_atomic_float", Family::Desktop),
    ("GL_MESA_shader_integer_functions", Family::Desktop),
    ("GL_NV_image_formats", Family::Es),
    ("GL_OES_standard_derivatives", Family::Es),
    ("GL_OES_shader_image_atomic", Family::Es),
    ("GL_OES_geometry_point_size", Family::Es),
    ("GL_EXT_geometry_point_size", Family::Es),
    ("GL_OES_texture_3D", Family::Es),
    ("GL_OES_EGL_image_external", Family::Es),
    ("GL_OES_sample_variables", Family::Es),
    ("GL_OES_shader_multisample_interpolation", Family::Es),
    ("GL_OES_texture_storage_multisample_2d_array", Family::Es),
    ("GL_OES_shader_io_blocks", Family::Es),
    ("GL_OES_geometry_shader", Family::Es),
    ("GL_OES_tessellation_shader", Family::Es),
    ("GL_OES_gpu_shader5", Family::Es),
    ("GL_OES_texture_buffer", Family::Es),
    ("GL_OES_texture_cube_map_array", Family::Es),
    ("GL_EXT_shader_io_blocks", Family::Es),
    ("GL_EXT_geometry_shader", Family::Es),
    ("GL_EXT_tessellation_shader", Family::Es),
    ("GL_EXT_gpu_shader5", Family::Es),
    ("GL_EXT_texture_buffer", Family::Es),
    ("GL_EXT_texture_cube_map_array", Family::Es),
    ("GL_EXT_draw_buffers", Family::Es),
    ("GL_EXT_frag_depth", Family::Es),
    ("GL_EXT_shader_texture_lod", Family::Es),
    ("GL_EXT_blend_func_extended", Family::Es),
    ("GL_EXT_clip_cull_distance", Family::Es),
    ("GL_EXT_draw_instanced", Family::Es),
];

/// Every extension name the compiler implements.
pub fn known() -> impl Iterator<Item = &'static str> {
    KNOWN.iter().map(|(n, _)| *n)
}

/// Whether `name` exists for shaders of this language family.
pub fn available(name: &str, _version: u32, es: bool) -> bool {
    KNOWN.iter().any(|(n, f)| {
        *n == name
            && match f {
                Family::Both => true,
                Family::Desktop => !es,
                Family::Es => es,
            }
    })
}

/// Extensions that enabling `name` brings along (their built-ins and keywords).
pub fn implied_by(name: &str) -> &'static [&'static str] {
    match name {
        "GL_ARB_gpu_shader5" => &["GL_ARB_texture_gather"],
        "GL_OES_geometry_shader" | "GL_EXT_geometry_shader" => &["GL_OES_shader_io_blocks", "GL_EXT_shader_io_blocks"],
        "GL_OES_tessellation_shader" | "GL_EXT_tessellation_shader" => {
            &["GL_OES_shader_io_blocks", "GL_EXT_shader_io_blocks"]
        }
        _ => &[],
    }
}
