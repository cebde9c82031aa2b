//! Picking a physical device and reading what it can do, once.

use crate::error::{vk_err, Error, Result};
use crate::info::{DeviceInfo, DeviceType, Features, Limits};
use ash::vk;
use std::ffi::{c_char, CStr};

/// A chosen physical device with everything read from it.
pub(crate) struct Adapter {
    pub physical: vk::PhysicalDevice,
    pub queue_family: u32,
    pub info: DeviceInfo,
    /// Device extensions galvan enables (a subset of what the device offers).
    pub extensions: Vec<&'static CStr>,
    /// The feature structs to enable, as queried with the unwanted bits cleared.
    pub chain: FeatureStructs,
}

/// Device extensions galvan uses when present; none is required beyond Vulkan 1.3.
const WANTED_EXTENSIONS: &[&CStr] = &[
    ash::khr::swapchain::NAME,
    ash::khr::push_descriptor::NAME,
    ash::ext::extended_dynamic_state3::NAME,
    ash::ext::vertex_input_dynamic_state::NAME,
    ash::ext::depth_clip_control::NAME,
    ash::ext::depth_clip_enable::NAME,
    ash::ext::robustness2::NAME,
    ash::ext::transform_feedback::NAME,
    ash::ext::provoking_vertex::NAME,
    ash::ext::custom_border_color::NAME,
    ash::ext::border_color_swizzle::NAME,
    ash::ext::line_rasterization::NAME,
    ash::ext::index_type_uint8::NAME,
    ash::ext::color_write_enable::NAME,
    ash::ext::primitive_topology_list_restart::NAME,
    ash::ext::vertex_attribute_divisor::NAME,
    ash::ext::non_seamless_cube_map::NAME,
    ash::ext::shader_stencil_export::NAME,
    ash::ext::shader_viewport_index_layer::NAME,
    ash::ext::conditional_rendering::NAME,
    ash::ext::primitives_generated_query::NAME,
    ash::ext::depth_range_unrestricted::NAME,
    ash::khr::draw_indirect_count::NAME,
    ash::khr::sampler_mirror_clamp_to_edge::NAME,
];

/// Every feature struct galvan reads, held together so one pNext chain can be built over them
/// for the query and again for device creation.
#[derive(Default)]
pub(crate) struct FeatureStructs {
    pub core: vk::PhysicalDeviceFeatures,
    pub v11: vk::PhysicalDeviceVulkan11Features<'static>,
    pub v12: vk::PhysicalDeviceVulkan12Features<'static>,
    pub v13: vk::PhysicalDeviceVulkan13Features<'static>,
    pub eds3: vk::PhysicalDeviceExtendedDynamicState3FeaturesEXT<'static>,
    pub eds2: vk::PhysicalDeviceExtendedDynamicState2FeaturesEXT<'static>,
    pub vids: vk::PhysicalDeviceVertexInputDynamicStateFeaturesEXT<'static>,
    pub clip_control: vk::PhysicalDeviceDepthClipControlFeaturesEXT<'static>,
    pub clip_enable: vk::PhysicalDeviceDepthClipEnableFeaturesEXT<'static>,
    pub robustness2: vk::PhysicalDeviceRobustness2FeaturesEXT<'static>,
    pub xfb: vk::PhysicalDeviceTransformFeedbackFeaturesEXT<'static>,
    pub provoking: vk::PhysicalDeviceProvokingVertexFeaturesEXT<'static>,
    pub border: vk::PhysicalDeviceCustomBorderColorFeaturesEXT<'static>,
    pub border_swizzle: vk::PhysicalDeviceBorderColorSwizzleFeaturesEXT<'static>,
    pub lines: vk::PhysicalDeviceLineRasterizationFeaturesKHR<'static>,
    pub uint8: vk::PhysicalDeviceIndexTypeUint8FeaturesKHR<'static>,
    pub color_write: vk::PhysicalDeviceColorWriteEnableFeaturesEXT<'static>,
    pub list_restart: vk::PhysicalDevicePrimitiveTopologyListRestartFeaturesEXT<'static>,
    pub divisor: vk::PhysicalDeviceVertexAttributeDivisorFeaturesKHR<'static>,
    pub non_seamless: vk::PhysicalDeviceNonSeamlessCubeMapFeaturesEXT<'static>,
    pub conditional: vk::PhysicalDeviceConditionalRenderingFeaturesEXT<'static>,
    pub prims_generated: vk::PhysicalDevicePrimitivesGeneratedQueryFeaturesEXT<'static>,
}

impl FeatureStructs {
    /// Links the structs of the enabled extensions into a chain under a fresh
    /// `PhysicalDeviceFeatures2` and hands it to `f`.
    pub fn with_chain<R>(&mut self, has: &dyn Fn(&CStr) -> bool, f: impl FnOnce(&mut vk::PhysicalDeviceFeatures2) -> R) -> R {
        macro_rules! reset {
            ($($field:ident),*) => { $( self.$field.p_next = std::ptr::null_mut(); )* };
        }
        // A stale p_next from an earlier chain would make push_next walk into a loop.
        reset!(v11, v12, v13, eds3, eds2, vids, clip_control, clip_enable, robustness2, xfb, provoking, border,
            border_swizzle, lines, uint8, color_write, list_restart, divisor, non_seamless, conditional,
            prims_generated);
        let mut root = vk::PhysicalDeviceFeatures2::default().features(self.core);
        root = root.push_next(&mut self.v11).push_next(&mut self.v12).push_next(&mut self.v13);
        macro_rules! link {
            ($($ext:expr => $field:ident),* $(,)?) => { $( if has($ext) { root = root.push_next(&mut self.$field); } )* };
        }
        link!(
            ash::ext::extended_dynamic_state3::NAME => eds3,
            ash::ext::extended_dynamic_state2::NAME => eds2,
            ash::ext::vertex_input_dynamic_state::NAME => vids,
            ash::ext::depth_clip_control::NAME => clip_control,
            ash::ext::depth_clip_enable::NAME => clip_enable,
            ash::ext::robustness2::NAME => robustness2,
            ash::ext::transform_feedback::NAME => xfb,
            ash::ext::provoking_vertex::NAME => provoking,
            ash::ext::custom_border_color::NAME => border,
            ash::ext::border_color_swizzle::NAME => border_swizzle,
            ash::ext::line_rasterization::NAME => lines,
            ash::ext::index_type_uint8::NAME => uint8,
            ash::ext::color_write_enable::NAME => color_write,
            ash::ext::primitive_topology_list_restart::NAME => list_restart,
            ash::ext::vertex_attribute_divisor::NAME => divisor,
            ash::ext::non_seamless_cube_map::NAME => non_seamless,
            ash::ext::conditional_rendering::NAME => conditional,
            ash::ext::primitives_generated_query::NAME => prims_generated,
        );
        let result = f(&mut root);
        self.core = root.features;
        result
    }
}

/// Lists (index, name, type) of every physical device supporting Vulkan 1.3.
pub(crate) fn enumerate(instance: &ash::Instance) -> Result<Vec<(vk::PhysicalDevice, String, vk::PhysicalDeviceType)>> {
    // SAFETY: instance is a live instance.
    let devices = unsafe { instance.enumerate_physical_devices() }.map_err(vk_err("vkEnumeratePhysicalDevices"))?;
    Ok(devices
        .into_iter()
        .filter_map(|pd| {
            // SAFETY: pd was just enumerated from this instance.
            let props = unsafe { instance.get_physical_device_properties(pd) };
            (props.api_version >= vk::API_VERSION_1_3).then(|| {
                let name = props.device_name_as_c_str().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
                (pd, name, props.device_type)
            })
        })
        .collect())
}

/// Picks the device `GALVAN_DEVICE` names (index or name substring), else the first discrete
/// GPU, else the first device.
pub(crate) fn select(instance: &ash::Instance, selector: Option<&str>) -> Result<Adapter> {
    let devices = enumerate(instance)?;
    if devices.is_empty() {
        return Err(Error::NoDevice("no Vulkan 1.3 device".into()));
    }
    let chosen = match selector.map(str::trim).filter(|s| !s.is_empty()) {
        Some(sel) => match sel.parse::<usize>() {
            Ok(index) => devices.get(index),
            Err(_) => {
                let lower = sel.to_lowercase();
                devices.iter().find(|d| d.1.to_lowercase().contains(&lower))
            }
        }
        .ok_or_else(|| Error::NoDevice(format!("GALVAN_DEVICE={sel} matches none of {:?}", names(&devices))))?,
        None => devices
            .iter()
            .find(|d| d.2 == vk::PhysicalDeviceType::DISCRETE_GPU)
            .unwrap_or(&devices[0]),
    };
    read(instance, chosen.0)
}

fn names(devices: &[(vk::PhysicalDevice, String, vk::PhysicalDeviceType)]) -> Vec<&str> {
    devices.iter().map(|d| d.1.as_str()).collect()
}

fn cstr_field(field: std::result::Result<&CStr, std::ffi::FromBytesUntilNulError>) -> String {
    field.map(|n| n.to_string_lossy().into_owned()).unwrap_or_default()
}

fn read(instance: &ash::Instance, pd: vk::PhysicalDevice) -> Result<Adapter> {
    // SAFETY (for every query below): pd is a physical device of this live instance, and each
    // output struct chain is built from structs alive for the call.
    let available = unsafe { instance.enumerate_device_extension_properties(pd) }
        .map_err(vk_err("vkEnumerateDeviceExtensionProperties"))?;
    let offered = |name: &CStr| available.iter().any(|e| e.extension_name_as_c_str() == Ok(name));
    let extensions: Vec<&'static CStr> = WANTED_EXTENSIONS.iter().copied().filter(|n| offered(n)).collect();
    // Extended dynamic state 2 is core in 1.3 but its optional bits live in the EXT struct.
    let has_ext = |name: &CStr| extensions.contains(&name) || (name == ash::ext::extended_dynamic_state2::NAME && offered(name));
    let mut extensions = extensions.clone();
    if offered(ash::ext::extended_dynamic_state2::NAME) {
        extensions.push(ash::ext::extended_dynamic_state2::NAME);
    }

    let queue_family = unsafe { instance.get_physical_device_queue_family_properties(pd) }
        .iter()
        .position(|q| q.queue_flags.contains(vk::QueueFlags::GRAPHICS | vk::QueueFlags::COMPUTE))
        .ok_or(Error::MissingFeature("a graphics and compute queue"))? as u32;

    let mut chain = FeatureStructs::default();
    chain.with_chain(&has_ext, |root| unsafe { instance.get_physical_device_features2(pd, root) });
    let s = &chain;
    if s.v13.dynamic_rendering == 0 || s.v13.synchronization2 == 0 {
        return Err(Error::MissingFeature("dynamic rendering and synchronization2"));
    }

    let mut push = vk::PhysicalDevicePushDescriptorPropertiesKHR::default();
    let mut xfb = vk::PhysicalDeviceTransformFeedbackPropertiesEXT::default();
    let mut divisor = vk::PhysicalDeviceVertexAttributeDivisorPropertiesEXT::default();
    let mut v12p = vk::PhysicalDeviceVulkan12Properties::default();
    let mut props2 = vk::PhysicalDeviceProperties2::default().push_next(&mut v12p);
    if has_ext(ash::khr::push_descriptor::NAME) {
        props2 = props2.push_next(&mut push);
    }
    if has_ext(ash::ext::transform_feedback::NAME) {
        props2 = props2.push_next(&mut xfb);
    }
    if has_ext(ash::ext::vertex_attribute_divisor::NAME) {
        props2 = props2.push_next(&mut divisor);
    }
    unsafe { instance.get_physical_device_properties2(pd, &mut props2) };
    let props = props2.properties;
    let l = &props.limits;

    let depth_ok = |format: vk::Format| {
        let p = unsafe { instance.get_physical_device_format_properties(pd, format) };
        p.optimal_tiling_features.contains(
            vk::FormatFeatureFlags::DEPTH_STENCIL_ATTACHMENT | vk::FormatFeatureFlags::SAMPLED_IMAGE,
        )
    };
    let sample_counts = (l.framebuffer_color_sample_counts
        & l.framebuffer_depth_sample_counts
        & l.framebuffer_stencil_sample_counts
        & l.sampled_image_color_sample_counts
        & l.sampled_image_depth_sample_counts)
        .as_raw();
    let max_samples = if sample_counts == 0 { 1 } else { 1 << (31 - sample_counts.leading_zeros()) };

    let limits = Limits {
        max_image_dimension_1d: l.max_image_dimension1_d,
        max_image_dimension_2d: l.max_image_dimension2_d,
        max_image_dimension_3d: l.max_image_dimension3_d,
        max_image_dimension_cube: l.max_image_dimension_cube,
        max_image_array_layers: l.max_image_array_layers,
        max_texel_buffer_elements: l.max_texel_buffer_elements,
        max_uniform_buffer_range: l.max_uniform_buffer_range,
        max_storage_buffer_range: l.max_storage_buffer_range,
        min_uniform_buffer_offset_alignment: l.min_uniform_buffer_offset_alignment,
        min_storage_buffer_offset_alignment: l.min_storage_buffer_offset_alignment,
        min_texel_buffer_offset_alignment: l.min_texel_buffer_offset_alignment,
        max_push_constants_size: l.max_push_constants_size,
        max_per_stage_uniform_buffers: l.max_per_stage_descriptor_uniform_buffers,
        max_per_stage_storage_buffers: l.max_per_stage_descriptor_storage_buffers,
        max_per_stage_samplers: l.max_per_stage_descriptor_samplers,
        max_per_stage_sampled_images: l.max_per_stage_descriptor_sampled_images,
        max_per_stage_storage_images: l.max_per_stage_descriptor_storage_images,
        max_per_stage_resources: l.max_per_stage_resources,
        max_combined_uniform_buffers: l.max_descriptor_set_uniform_buffers,
        max_combined_storage_buffers: l.max_descriptor_set_storage_buffers,
        max_combined_sampled_images: l.max_descriptor_set_sampled_images,
        max_combined_storage_images: l.max_descriptor_set_storage_images,
        max_vertex_input_attributes: l.max_vertex_input_attributes,
        max_vertex_input_bindings: l.max_vertex_input_bindings,
        max_vertex_input_attribute_offset: l.max_vertex_input_attribute_offset,
        max_vertex_input_binding_stride: l.max_vertex_input_binding_stride,
        max_vertex_output_components: l.max_vertex_output_components,
        max_tessellation_generation_level: l.max_tessellation_generation_level,
        max_tessellation_patch_size: l.max_tessellation_patch_size,
        max_geometry_output_vertices: l.max_geometry_output_vertices,
        max_geometry_total_output_components: l.max_geometry_total_output_components,
        max_geometry_shader_invocations: l.max_geometry_shader_invocations,
        max_fragment_input_components: l.max_fragment_input_components,
        max_fragment_output_attachments: l.max_fragment_output_attachments,
        max_fragment_dual_src_attachments: l.max_fragment_dual_src_attachments,
        max_compute_shared_memory_size: l.max_compute_shared_memory_size,
        max_compute_work_group_count: l.max_compute_work_group_count,
        max_compute_work_group_size: l.max_compute_work_group_size,
        max_compute_work_group_invocations: l.max_compute_work_group_invocations,
        sub_pixel_precision_bits: l.sub_pixel_precision_bits,
        sub_texel_precision_bits: l.sub_texel_precision_bits,
        mipmap_precision_bits: l.mipmap_precision_bits,
        max_draw_indexed_index_value: l.max_draw_indexed_index_value,
        max_sampler_lod_bias: l.max_sampler_lod_bias,
        max_sampler_anisotropy: if s.core.sampler_anisotropy != 0 { l.max_sampler_anisotropy } else { 1.0 },
        max_viewports: if s.core.multi_viewport != 0 { l.max_viewports } else { 1 },
        max_viewport_dimensions: l.max_viewport_dimensions,
        viewport_bounds_range: l.viewport_bounds_range,
        viewport_sub_pixel_bits: l.viewport_sub_pixel_bits,
        min_texel_offset: l.min_texel_offset,
        max_texel_offset: l.max_texel_offset,
        min_texel_gather_offset: l.min_texel_gather_offset,
        max_texel_gather_offset: l.max_texel_gather_offset,
        min_interpolation_offset: l.min_interpolation_offset,
        max_interpolation_offset: l.max_interpolation_offset,
        sub_pixel_interpolation_offset_bits: l.sub_pixel_interpolation_offset_bits,
        max_framebuffer_width: l.max_framebuffer_width,
        max_framebuffer_height: l.max_framebuffer_height,
        max_framebuffer_layers: l.max_framebuffer_layers,
        max_color_attachments: l.max_color_attachments.min(crate::state::MAX_COLOR_ATTACHMENTS as u32),
        max_samples,
        sample_counts,
        no_attachment_sample_counts: l.framebuffer_no_attachments_sample_counts.as_raw(),
        max_sample_mask_words: l.max_sample_mask_words,
        timestamp_period_ns: l.timestamp_period,
        max_clip_distances: l.max_clip_distances,
        max_cull_distances: l.max_cull_distances,
        max_combined_clip_and_cull_distances: l.max_combined_clip_and_cull_distances,
        point_size_range: l.point_size_range,
        line_width_range: if s.core.wide_lines != 0 { l.line_width_range } else { [1.0, 1.0] },
        point_size_granularity: l.point_size_granularity,
        line_width_granularity: l.line_width_granularity,
        non_coherent_atom_size: l.non_coherent_atom_size,
        max_push_descriptors: push.max_push_descriptors,
        max_transform_feedback_streams: xfb.max_transform_feedback_streams,
        max_transform_feedback_buffers: xfb.max_transform_feedback_buffers,
        max_transform_feedback_buffer_size: xfb.max_transform_feedback_buffer_size,
        max_transform_feedback_buffer_data_size: xfb.max_transform_feedback_buffer_data_size,
        max_transform_feedback_buffer_data_stride: xfb.max_transform_feedback_buffer_data_stride,
        max_vertex_attrib_divisor: divisor.max_vertex_attrib_divisor,
    };

    let b = |v: vk::Bool32| v != 0;
    let e = |name: &CStr| has_ext(name);
    let c = &s.core;
    let features = Features {
        geometry_shader: b(c.geometry_shader),
        tessellation_shader: b(c.tessellation_shader),
        shader_float64: b(c.shader_float64),
        shader_int64: b(c.shader_int64),
        shader_int16: b(c.shader_int16),
        shader_float16: b(s.v12.shader_float16),
        shader_draw_parameters: b(s.v11.shader_draw_parameters),
        shader_demote_to_helper: b(s.v13.shader_demote_to_helper_invocation),
        vertex_attrib_64bit: unsafe { instance.get_physical_device_format_properties(pd, vk::Format::R64G64B64A64_SFLOAT) }
            .buffer_features
            .contains(vk::FormatFeatureFlags::VERTEX_BUFFER),
        packed_vertex_formats: PACKED_VERTEX_FORMATS.iter().all(|&f| {
            unsafe { instance.get_physical_device_format_properties(pd, f) }.buffer_features.contains(vk::FormatFeatureFlags::VERTEX_BUFFER)
        }),
        shader_clip_distance: b(c.shader_clip_distance),
        shader_cull_distance: b(c.shader_cull_distance),
        sampler_anisotropy: b(c.sampler_anisotropy),
        dual_src_blend: b(c.dual_src_blend),
        logic_op: b(c.logic_op),
        independent_blend: b(c.independent_blend),
        multi_viewport: b(c.multi_viewport),
        depth_clamp: b(c.depth_clamp),
        depth_bias_clamp: b(c.depth_bias_clamp),
        depth_bounds: b(c.depth_bounds),
        fill_mode_non_solid: b(c.fill_mode_non_solid),
        wide_lines: b(c.wide_lines),
        large_points: b(c.large_points),
        sample_rate_shading: b(c.sample_rate_shading),
        image_cube_array: b(c.image_cube_array),
        multi_draw_indirect: b(c.multi_draw_indirect),
        draw_indirect_first_instance: b(c.draw_indirect_first_instance),
        occlusion_query_precise: b(c.occlusion_query_precise),
        pipeline_statistics_query: b(c.pipeline_statistics_query),
        fragment_stores_and_atomics: b(c.fragment_stores_and_atomics),
        vertex_pipeline_stores_and_atomics: b(c.vertex_pipeline_stores_and_atomics),
        shader_image_gather_extended: b(c.shader_image_gather_extended),
        shader_storage_image_multisample: b(c.shader_storage_image_multisample),
        texture_compression_bc: b(c.texture_compression_bc),
        texture_compression_etc2: b(c.texture_compression_etc2),
        texture_compression_astc_ldr: b(c.texture_compression_astc_ldr),
        sampler_mirror_clamp_to_edge: b(s.v12.sampler_mirror_clamp_to_edge),
        shader_output_viewport_index: b(s.v12.shader_output_viewport_index),
        shader_output_layer: b(s.v12.shader_output_layer),
        draw_indirect_count: b(s.v12.draw_indirect_count),
        depth_clip_control: e(ash::ext::depth_clip_control::NAME) && b(s.clip_control.depth_clip_control),
        depth_clip_enable: e(ash::ext::depth_clip_enable::NAME) && b(s.clip_enable.depth_clip_enable),
        vertex_input_dynamic_state: e(ash::ext::vertex_input_dynamic_state::NAME)
            && b(s.vids.vertex_input_dynamic_state),
        extended_dynamic_state: true,
        extended_dynamic_state2: true,
        extended_dynamic_state2_logic_op: e(ash::ext::extended_dynamic_state2::NAME)
            && b(s.eds2.extended_dynamic_state2_logic_op),
        extended_dynamic_state2_patch_control_points: e(ash::ext::extended_dynamic_state2::NAME)
            && b(s.eds2.extended_dynamic_state2_patch_control_points),
        eds3_polygon_mode: b(s.eds3.extended_dynamic_state3_polygon_mode),
        eds3_depth_clamp_enable: b(s.eds3.extended_dynamic_state3_depth_clamp_enable),
        eds3_depth_clip_enable: b(s.eds3.extended_dynamic_state3_depth_clip_enable),
        eds3_depth_clip_negative_one_to_one: b(s.eds3.extended_dynamic_state3_depth_clip_negative_one_to_one),
        eds3_color_blend_enable: b(s.eds3.extended_dynamic_state3_color_blend_enable),
        eds3_color_blend_equation: b(s.eds3.extended_dynamic_state3_color_blend_equation),
        eds3_color_write_mask: b(s.eds3.extended_dynamic_state3_color_write_mask),
        eds3_logic_op_enable: b(s.eds3.extended_dynamic_state3_logic_op_enable),
        eds3_alpha_to_coverage_enable: b(s.eds3.extended_dynamic_state3_alpha_to_coverage_enable),
        eds3_alpha_to_one_enable: b(s.eds3.extended_dynamic_state3_alpha_to_one_enable),
        eds3_sample_mask: b(s.eds3.extended_dynamic_state3_sample_mask),
        eds3_rasterization_samples: b(s.eds3.extended_dynamic_state3_rasterization_samples),
        eds3_provoking_vertex_mode: b(s.eds3.extended_dynamic_state3_provoking_vertex_mode),
        eds3_line_rasterization_mode: b(s.eds3.extended_dynamic_state3_line_rasterization_mode),
        eds3_line_stipple_enable: b(s.eds3.extended_dynamic_state3_line_stipple_enable),
        robust_buffer_access2: b(s.robustness2.robust_buffer_access2),
        robust_image_access2: b(s.robustness2.robust_image_access2),
        null_descriptor: b(s.robustness2.null_descriptor),
        transform_feedback: b(s.xfb.transform_feedback),
        geometry_streams: b(s.xfb.geometry_streams),
        provoking_vertex_last: b(s.provoking.provoking_vertex_last),
        custom_border_color: b(s.border.custom_border_colors),
        custom_border_color_without_format: b(s.border.custom_border_color_without_format),
        border_color_swizzle: b(s.border_swizzle.border_color_swizzle),
        push_descriptor: e(ash::khr::push_descriptor::NAME) && push.max_push_descriptors > 0,
        line_rasterization: e(ash::ext::line_rasterization::NAME),
        stippled_lines: b(s.lines.stippled_rectangular_lines) || b(s.lines.stippled_bresenham_lines),
        index_type_uint8: b(s.uint8.index_type_uint8),
        color_write_enable: b(s.color_write.color_write_enable),
        primitive_topology_list_restart: b(s.list_restart.primitive_topology_list_restart),
        primitive_topology_patch_list_restart: b(s.list_restart.primitive_topology_patch_list_restart),
        vertex_attribute_divisor: b(s.divisor.vertex_attribute_instance_rate_divisor),
        vertex_attribute_instance_rate_zero_divisor: b(s.divisor.vertex_attribute_instance_rate_zero_divisor),
        non_seamless_cube_map: b(s.non_seamless.non_seamless_cube_map),
        shader_stencil_export: e(ash::ext::shader_stencil_export::NAME),
        shader_viewport_index_layer: e(ash::ext::shader_viewport_index_layer::NAME),
        conditional_rendering: b(s.conditional.conditional_rendering),
        primitives_generated_query: b(s.prims_generated.primitives_generated_query),
        depth_range_unrestricted: e(ash::ext::depth_range_unrestricted::NAME),
        swapchain: e(ash::khr::swapchain::NAME),
        d24s8: depth_ok(vk::Format::D24_UNORM_S8_UINT),
        x8d24: depth_ok(vk::Format::X8_D24_UNORM_PACK32),
    };

    let (major, minor, patch) = (
        vk::api_version_major(props.api_version),
        vk::api_version_minor(props.api_version),
        vk::api_version_patch(props.api_version),
    );
    let info = DeviceInfo {
        name: cstr_field(props.device_name_as_c_str()),
        driver_name: cstr_field(v12p.driver_name_as_c_str()),
        driver_info: cstr_field(v12p.driver_info_as_c_str()),
        api_version: (major, minor, patch),
        vendor_id: props.vendor_id,
        device_id: props.device_id,
        device_type: match props.device_type {
            vk::PhysicalDeviceType::DISCRETE_GPU => DeviceType::DiscreteGpu,
            vk::PhysicalDeviceType::INTEGRATED_GPU => DeviceType::IntegratedGpu,
            vk::PhysicalDeviceType::VIRTUAL_GPU => DeviceType::VirtualGpu,
            vk::PhysicalDeviceType::CPU => DeviceType::Cpu,
            _ => DeviceType::Other,
        },
        limits,
        features,
    };

    // Enable what was found, minus what only costs: robustBufferAccess slows every access and
    // GL only asks for it in robust contexts (robustness2 covers those).
    chain.core.robust_buffer_access = 0;
    chain.robustness2.robust_buffer_access2 = 0; // requires robustBufferAccess
    let mut info = info;
    info.features.robust_buffer_access2 = false;
    chain.core.inherited_queries = 0;
    chain.eds3.extended_dynamic_state3_rasterization_stream = 0;
    Ok(Adapter { physical: pd, queue_family, info, extensions, chain })
}

/// The formats GL's 2_10_10_10 vertex attribute types fetch through: RGBA order
/// normalized or not, BGRA order normalized only.
const PACKED_VERTEX_FORMATS: [vk::Format; 6] = [
    vk::Format::A2B10G10R10_UNORM_PACK32,
    vk::Format::A2B10G10R10_SNORM_PACK32,
    vk::Format::A2B10G10R10_USCALED_PACK32,
    vk::Format::A2B10G10R10_SSCALED_PACK32,
    vk::Format::A2R10G10B10_UNORM_PACK32,
    vk::Format::A2R10G10B10_SNORM_PACK32,
];

/// Extension name pointers for VkDeviceCreateInfo.
pub(crate) fn extension_ptrs(extensions: &[&'static CStr]) -> Vec<*const c_char> {
    extensions.iter().map(|n| n.as_ptr()).collect()
}
