//! Graphics pipelines: a compact key of what the device cannot make dynamic, one hash lookup
//! per draw, and a VkPipelineCache behind creation.

use crate::conv;
use crate::error::{vk_err, Error, Result};
use crate::format::{Format, FormatClass};
use crate::hasher::FastHashMap;
use crate::info::Features;
use crate::program::ProgramShared;
use crate::state::*;
use crate::vertex_input::VertexInput;
use ash::vk;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

/// Which state this device sets dynamically; the rest goes into [`PipelineKey`].
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct DynamicSupport {
    pub vertex_input: bool,
    pub blend_enable: bool,
    pub blend_equation: bool,
    pub write_mask: bool,
    pub polygon_mode: bool,
    pub depth_clamp: bool,
    pub clip_negative_one_to_one: bool,
    pub provoking_vertex: bool,
    pub alpha_to_coverage: bool,
    pub alpha_to_one: bool,
    pub sample_mask: bool,
    /// Both the logic op enable (EDS3) and the op (EDS2) are dynamic.
    pub logic_op: bool,
    pub patch_control_points: bool,
    pub depth_bounds: bool,
    pub wide_lines: bool,
    pub depth_bias_clamp: bool,
}

impl DynamicSupport {
    pub fn new(f: &Features) -> Self {
        DynamicSupport {
            vertex_input: f.vertex_input_dynamic_state,
            blend_enable: f.eds3_color_blend_enable,
            blend_equation: f.eds3_color_blend_equation,
            write_mask: f.eds3_color_write_mask,
            polygon_mode: f.eds3_polygon_mode,
            depth_clamp: f.eds3_depth_clamp_enable && f.depth_clamp,
            clip_negative_one_to_one: f.eds3_depth_clip_negative_one_to_one && f.depth_clip_control,
            provoking_vertex: f.eds3_provoking_vertex_mode && f.provoking_vertex_last,
            alpha_to_coverage: f.eds3_alpha_to_coverage_enable,
            alpha_to_one: f.eds3_alpha_to_one_enable,
            sample_mask: f.eds3_sample_mask,
            logic_op: f.eds3_logic_op_enable && f.extended_dynamic_state2_logic_op && f.logic_op,
            patch_control_points: f.extended_dynamic_state2_patch_control_points,
            depth_bounds: f.depth_bounds,
            wide_lines: f.wide_lines,
            depth_bias_clamp: f.depth_bias_clamp,
        }
    }
}

/// Everything a graphics pipeline is made from that this device cannot set dynamically.
/// Fields the device makes dynamic hold their defaults, so they never split the cache.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PipelineKey {
    pub program: u64,
    pub topology_class: u8,
    pub patch_control_points: u8,
    pub samples: u8,
    /// Colour attachment formats by slot (`None` for an unused slot below the highest used).
    pub color_formats: [Option<Format>; MAX_COLOR_ATTACHMENTS],
    pub color_count: u8,
    pub depth_stencil_format: Option<Format>,
    pub blend: [BlendAttachment; MAX_COLOR_ATTACHMENTS],
    pub polygon_mode: PolygonMode,
    /// Bits: 0 depth clamp, 1 clip z in [-w, w], 2 last-vertex provoking, 3 alpha to
    /// coverage, 4 alpha to one.
    pub flags: u8,
    pub logic_op: Option<LogicOp>,
    pub sample_mask: u32,
    /// The minimum sample shading fraction's bits; 0 when sample shading is off.
    pub min_sample_shading: u32,
    pub vertex_input: VertexInput,
}

pub(crate) const FLAG_DEPTH_CLAMP: u8 = 1;
pub(crate) const FLAG_CLIP_NEG_ONE: u8 = 2;
pub(crate) const FLAG_PROVOKING_LAST: u8 = 4;
pub(crate) const FLAG_ALPHA_TO_COVERAGE: u8 = 8;
pub(crate) const FLAG_ALPHA_TO_ONE: u8 = 16;

/// Blending applies only to float-class attachments; GL ignores it for integer ones. An
/// attachment whose alpha is padding (`RenderTargets::alpha_padding`) never has it written,
/// and blends as GL's buffers without alpha do, with a destination alpha of 1 whatever the
/// padding holds.
pub(crate) fn effective_blend(b: &BlendAttachment, format: Option<Format>, alpha_padding: bool) -> BlendAttachment {
    let mut b = *b;
    if format.is_none_or(|f| f.class() != FormatClass::Float) {
        b.enabled = false;
    }
    if alpha_padding {
        b.write_mask &= !8;
        for factor in [&mut b.src_color, &mut b.dst_color, &mut b.src_alpha, &mut b.dst_alpha] {
            *factor = with_opaque_destination(*factor);
        }
    }
    b
}

/// `factor` with the destination alpha read as 1.
fn with_opaque_destination(factor: BlendFactor) -> BlendFactor {
    match factor {
        BlendFactor::DstAlpha => BlendFactor::One,
        // min(As, 1 - Ad) is 0 once Ad is 1.
        BlendFactor::OneMinusDstAlpha | BlendFactor::SrcAlphaSaturate => BlendFactor::Zero,
        other => other,
    }
}

impl PipelineKey {
    /// The key for drawing `program` with `state` and `vertex_input` into attachments of these
    /// formats, with dynamic parts left at their defaults.
    #[allow(clippy::too_many_arguments)] // each argument is one independent part of the key
    pub(crate) fn new(
        dynamic: &DynamicSupport,
        program: u64,
        state: &RenderState,
        vertex_input: &VertexInput,
        color_formats: &[Option<Format>; MAX_COLOR_ATTACHMENTS],
        color_count: u8,
        alpha_padding: u8,
        depth_stencil_format: Option<Format>,
        samples: u8,
    ) -> Self {
        let mut blend = [BlendAttachment::default(); MAX_COLOR_ATTACHMENTS];
        let neutral = BlendAttachment::default();
        for i in 0..usize::from(color_count) {
            let b = effective_blend(&state.blend.attachments[i], color_formats[i], alpha_padding & (1 << i) != 0);
            let out = &mut blend[i];
            if !dynamic.blend_enable {
                out.enabled = b.enabled;
            }
            if !dynamic.blend_equation && b.enabled {
                out.src_color = b.src_color;
                out.dst_color = b.dst_color;
                out.color_op = b.color_op;
                out.src_alpha = b.src_alpha;
                out.dst_alpha = b.dst_alpha;
                out.alpha_op = b.alpha_op;
            }
            out.write_mask = match color_formats[i] {
                None => 0, // a hole in the attachment list: nothing to write
                Some(_) if dynamic.write_mask => neutral.write_mask,
                Some(_) => b.write_mask,
            };
        }
        let r = &state.raster;
        let mut flags = 0;
        if !dynamic.depth_clamp && r.depth_clamp {
            flags |= FLAG_DEPTH_CLAMP;
        }
        if !dynamic.clip_negative_one_to_one && r.clip_negative_one_to_one {
            flags |= FLAG_CLIP_NEG_ONE;
        }
        if !dynamic.provoking_vertex && r.provoking_vertex_last {
            flags |= FLAG_PROVOKING_LAST;
        }
        if !dynamic.alpha_to_coverage && state.blend.alpha_to_coverage {
            flags |= FLAG_ALPHA_TO_COVERAGE;
        }
        if !dynamic.alpha_to_one && state.blend.alpha_to_one {
            flags |= FLAG_ALPHA_TO_ONE;
        }
        let patch_control_points = match state.topology {
            Topology::PatchList(n) if !dynamic.patch_control_points => n,
            _ => 0,
        };
        PipelineKey {
            program,
            topology_class: conv::topology_class(state.topology),
            patch_control_points,
            samples,
            color_formats: *color_formats,
            color_count,
            depth_stencil_format,
            blend,
            polygon_mode: if dynamic.polygon_mode { PolygonMode::Fill } else { r.polygon_mode },
            flags,
            logic_op: if dynamic.logic_op { None } else { state.blend.logic_op },
            sample_mask: if dynamic.sample_mask { !0 } else { state.blend.sample_mask },
            // Sample shading only changes anything with more than one sample.
            min_sample_shading: state.blend.min_sample_shading.filter(|_| samples > 1).map_or(0, |f| f.max(f32::MIN_POSITIVE).to_bits()),
            vertex_input: if dynamic.vertex_input { VertexInput::new() } else { *vertex_input },
        }
    }
}

/// How often pipelines were looked up and created, for tests and `GALVAN_DEBUG=pipelines`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PipelineCacheStats {
    pub lookups: u64,
    pub created: u64,
}

/// The device's pipelines by key.
pub(crate) struct PipelineStore {
    cache: vk::PipelineCache,
    map: Mutex<FastHashMap<PipelineKey, vk::Pipeline>>,
    pub dynamic: DynamicSupport,
    lookups: AtomicU64,
    created: AtomicU64,
}

impl PipelineStore {
    pub fn new(device: &ash::Device, features: &Features) -> Result<Self> {
        // SAFETY: an empty pipeline cache create info is always valid.
        let cache = unsafe { device.create_pipeline_cache(&vk::PipelineCacheCreateInfo::default(), None) }
            .map_err(vk_err("vkCreatePipelineCache"))?;
        Ok(PipelineStore {
            cache,
            map: Mutex::new(FastHashMap::default()),
            dynamic: DynamicSupport::new(features),
            lookups: AtomicU64::new(0),
            created: AtomicU64::new(0),
        })
    }

    /// The VkPipelineCache every pipeline of the device is made through.
    pub fn cache(&self) -> vk::PipelineCache {
        self.cache
    }

    pub fn stats(&self) -> PipelineCacheStats {
        PipelineCacheStats { lookups: self.lookups.load(Ordering::Relaxed), created: self.created.load(Ordering::Relaxed) }
    }

    /// The pipeline for `key`, created on first use; the flag says whether it was created now.
    pub fn get(&self, device: &ash::Device, key: &PipelineKey, program: &ProgramShared) -> Result<(vk::Pipeline, bool)> {
        self.lookups.fetch_add(1, Ordering::Relaxed);
        let mut map = self.map.lock().map_err(|_| Error::DeviceLost)?;
        if let Some(p) = map.get(key) {
            return Ok((*p, false));
        }
        let pipeline = create_pipeline(device, self.cache, &self.dynamic, key, program)?;
        self.created.fetch_add(1, Ordering::Relaxed);
        if crate::instance::debug_flag("pipelines") {
            tracing::info!(?key, "created pipeline");
        }
        map.insert(*key, pipeline);
        Ok((pipeline, true))
    }

    /// Destroys the pipelines of a program being destroyed.
    pub fn forget_program(&self, device: &ash::Device, program: u64) {
        if let Ok(mut map) = self.map.lock() {
            map.retain(|k, p| {
                if k.program == program {
                    // SAFETY: the program is being dropped, and batches hold programs while
                    // they run, so no pending work uses its pipelines.
                    unsafe { device.destroy_pipeline(*p, None) };
                    false
                } else {
                    true
                }
            });
        }
    }

    /// Destroys every pipeline and the cache; only at device teardown.
    pub unsafe fn destroy(&self, device: &ash::Device) {
        if let Ok(mut map) = self.map.lock() {
            for (_, p) in map.drain() {
                // SAFETY: the caller guarantees the device is idle.
                unsafe { device.destroy_pipeline(p, None) };
            }
        }
        // SAFETY: as above.
        unsafe { device.destroy_pipeline_cache(self.cache, None) };
    }
}

/// The dynamic states every pipeline of this device declares.
pub(crate) fn dynamic_states(d: &DynamicSupport) -> Vec<vk::DynamicState> {
    use vk::DynamicState as D;
    let mut s = vec![
        D::VIEWPORT_WITH_COUNT,
        D::SCISSOR_WITH_COUNT,
        D::LINE_WIDTH,
        D::DEPTH_BIAS,
        D::BLEND_CONSTANTS,
        D::STENCIL_COMPARE_MASK,
        D::STENCIL_WRITE_MASK,
        D::STENCIL_REFERENCE,
        D::CULL_MODE,
        D::FRONT_FACE,
        D::PRIMITIVE_TOPOLOGY,
        D::DEPTH_TEST_ENABLE,
        D::DEPTH_WRITE_ENABLE,
        D::DEPTH_COMPARE_OP,
        D::DEPTH_BOUNDS_TEST_ENABLE,
        D::STENCIL_TEST_ENABLE,
        D::STENCIL_OP,
        D::RASTERIZER_DISCARD_ENABLE,
        D::DEPTH_BIAS_ENABLE,
        D::PRIMITIVE_RESTART_ENABLE,
    ];
    let optional = [
        (d.depth_bounds, D::DEPTH_BOUNDS),
        (d.vertex_input, D::VERTEX_INPUT_EXT),
        (d.blend_enable, D::COLOR_BLEND_ENABLE_EXT),
        (d.blend_equation, D::COLOR_BLEND_EQUATION_EXT),
        (d.write_mask, D::COLOR_WRITE_MASK_EXT),
        (d.polygon_mode, D::POLYGON_MODE_EXT),
        (d.depth_clamp, D::DEPTH_CLAMP_ENABLE_EXT),
        (d.clip_negative_one_to_one, D::DEPTH_CLIP_NEGATIVE_ONE_TO_ONE_EXT),
        (d.provoking_vertex, D::PROVOKING_VERTEX_MODE_EXT),
        (d.alpha_to_coverage, D::ALPHA_TO_COVERAGE_ENABLE_EXT),
        (d.alpha_to_one, D::ALPHA_TO_ONE_ENABLE_EXT),
        (d.sample_mask, D::SAMPLE_MASK_EXT),
        (d.logic_op, D::LOGIC_OP_ENABLE_EXT),
        (d.logic_op, D::LOGIC_OP_EXT),
        (d.patch_control_points, D::PATCH_CONTROL_POINTS_EXT),
    ];
    s.extend(optional.iter().filter(|(on, _)| *on).map(|(_, st)| *st));
    s
}

fn create_pipeline(
    device: &ash::Device,
    cache: vk::PipelineCache,
    dynamic: &DynamicSupport,
    key: &PipelineKey,
    program: &ProgramShared,
) -> Result<vk::Pipeline> {
    let stages: Vec<vk::PipelineShaderStageCreateInfo> = program
        .modules
        .iter()
        .map(|m| {
            vk::PipelineShaderStageCreateInfo::default()
                .stage(conv::map_shader_stage(m.0.stage))
                .module(m.0.raw)
                .name(&m.0.entry)
        })
        .collect();

    let mut vk_bindings = Vec::new();
    let mut vk_attributes = Vec::new();
    let mut divisors = Vec::new();
    for b in key.vertex_input.bindings() {
        let (rate, divisor) = match b.rate {
            crate::vertex_input::InputRate::Vertex => (vk::VertexInputRate::VERTEX, 1),
            crate::vertex_input::InputRate::Instance(d) => (vk::VertexInputRate::INSTANCE, d),
        };
        vk_bindings.push(vk::VertexInputBindingDescription { binding: u32::from(b.binding), stride: b.stride, input_rate: rate });
        if divisor != 1 {
            divisors.push(vk::VertexInputBindingDivisorDescriptionKHR { binding: u32::from(b.binding), divisor });
        }
    }
    for a in key.vertex_input.attributes() {
        let format = conv::map_vertex_format(a.format)
            .ok_or_else(|| Error::InvalidArgument(format!("vertex format {:?}", a.format)))?;
        vk_attributes.push(vk::VertexInputAttributeDescription {
            location: u32::from(a.location),
            binding: u32::from(a.binding),
            format,
            offset: a.offset,
        });
    }
    let mut divisor_info = vk::PipelineVertexInputDivisorStateCreateInfoKHR::default().vertex_binding_divisors(&divisors);
    let mut vertex_input = vk::PipelineVertexInputStateCreateInfo::default()
        .vertex_binding_descriptions(&vk_bindings)
        .vertex_attribute_descriptions(&vk_attributes);
    if !divisors.is_empty() {
        vertex_input = vertex_input.push_next(&mut divisor_info);
    }

    let topology = match key.topology_class {
        0 => vk::PrimitiveTopology::POINT_LIST,
        1 => vk::PrimitiveTopology::LINE_LIST,
        2 => vk::PrimitiveTopology::TRIANGLE_LIST,
        _ => vk::PrimitiveTopology::PATCH_LIST,
    };
    let input_assembly = vk::PipelineInputAssemblyStateCreateInfo::default().topology(topology);
    // GL's tessellation domain has its origin at the lower left: the vertex order
    // (cw/ccw) of the generated primitives is relative to it.
    let mut domain_origin =
        vk::PipelineTessellationDomainOriginStateCreateInfo::default().domain_origin(vk::TessellationDomainOrigin::LOWER_LEFT);
    let tessellation = vk::PipelineTessellationStateCreateInfo::default()
        .patch_control_points(u32::from(key.patch_control_points.max(1)))
        .push_next(&mut domain_origin);
    let mut clip_control =
        vk::PipelineViewportDepthClipControlCreateInfoEXT::default().negative_one_to_one(key.flags & FLAG_CLIP_NEG_ONE != 0);
    let mut viewport = vk::PipelineViewportStateCreateInfo::default();
    if !dynamic.clip_negative_one_to_one && key.flags & FLAG_CLIP_NEG_ONE != 0 {
        viewport = viewport.push_next(&mut clip_control);
    }
    let mut provoking = vk::PipelineRasterizationProvokingVertexStateCreateInfoEXT::default()
        .provoking_vertex_mode(vk::ProvokingVertexModeEXT::LAST_VERTEX);
    let mut raster = vk::PipelineRasterizationStateCreateInfo::default()
        .polygon_mode(conv::map_polygon_mode(key.polygon_mode))
        .depth_clamp_enable(key.flags & FLAG_DEPTH_CLAMP != 0)
        .line_width(1.0);
    if !dynamic.provoking_vertex && key.flags & FLAG_PROVOKING_LAST != 0 {
        raster = raster.push_next(&mut provoking);
    }
    let sample_mask = [key.sample_mask];
    let multisample = vk::PipelineMultisampleStateCreateInfo::default()
        .rasterization_samples(conv::map_samples(u32::from(key.samples)))
        .sample_mask(&sample_mask)
        .alpha_to_coverage_enable(key.flags & FLAG_ALPHA_TO_COVERAGE != 0)
        .alpha_to_one_enable(key.flags & FLAG_ALPHA_TO_ONE != 0);
    let multisample = if key.min_sample_shading != 0 && program.device.info().features.sample_rate_shading {
        multisample.sample_shading_enable(true).min_sample_shading(f32::from_bits(key.min_sample_shading))
    } else {
        multisample
    };
    let depth_stencil = vk::PipelineDepthStencilStateCreateInfo::default();
    let attachments: Vec<vk::PipelineColorBlendAttachmentState> =
        key.blend[..usize::from(key.color_count)].iter().map(conv::map_blend_attachment).collect();
    let mut blend = vk::PipelineColorBlendStateCreateInfo::default().attachments(&attachments);
    if let Some(op) = key.logic_op {
        blend = blend.logic_op_enable(true).logic_op(conv::map_logic_op(op));
    }
    let dynamic_list = dynamic_states(dynamic);
    let dynamic_info = vk::PipelineDynamicStateCreateInfo::default().dynamic_states(&dynamic_list);

    let color_formats: Vec<vk::Format> = key.color_formats[..usize::from(key.color_count)]
        .iter()
        .map(|f| f.map_or(vk::Format::UNDEFINED, |f| conv::map_format(f, &program.device.info().features)))
        .collect();
    let ds = key.depth_stencil_format;
    let ds_vk = ds.map(|f| conv::map_format(f, &program.device.info().features));
    let mut rendering = vk::PipelineRenderingCreateInfo::default()
        .color_attachment_formats(&color_formats)
        .depth_attachment_format(ds_vk.filter(|_| ds.is_some_and(|f| f.has_depth())).unwrap_or(vk::Format::UNDEFINED))
        .stencil_attachment_format(ds_vk.filter(|_| ds.is_some_and(|f| f.has_stencil())).unwrap_or(vk::Format::UNDEFINED));

    let mut info = vk::GraphicsPipelineCreateInfo::default()
        .stages(&stages)
        .vertex_input_state(&vertex_input)
        .input_assembly_state(&input_assembly)
        .viewport_state(&viewport)
        .rasterization_state(&raster)
        .multisample_state(&multisample)
        .depth_stencil_state(&depth_stencil)
        .color_blend_state(&blend)
        .dynamic_state(&dynamic_info)
        .layout(program.layout)
        .push_next(&mut rendering);
    if key.topology_class == 3 {
        info = info.tessellation_state(&tessellation);
    }
    // SAFETY: every struct the create info points to lives until the call returns; the
    // program's modules and layout are alive (we borrow the program); each dynamic state is
    // one the device's features allow.
    let result = unsafe { device.create_graphics_pipelines(cache, std::slice::from_ref(&info), None) };
    match result {
        Ok(p) => Ok(p[0]),
        Err((_, e)) => Err(Error::Shader(format!("vkCreateGraphicsPipelines failed: {e:?}"))),
    }
}
