//! Every translation from galvan's types to Vulkan's, one small `map_*` function each.
//! Fallbacks for what the device lacks are decided here and only here.

use crate::device::Device;
use crate::draw::IndexType;
use crate::error::{Error, Result};
use crate::format::{Aspect, Format};
use crate::image::{ImageDimension, Swizzle, ViewType};
use crate::info::Features;
use crate::program::{BindingKind, ShaderStage, StageMask};
use crate::render_targets::{BlitFilter, ClearColor};
use crate::sampler::{BorderColor, Filter, MipFilter, WrapMode};
use crate::state::*;
use crate::vertex_input::{VertexFormat, VertexScalar};
use ash::vk;

/// The Vulkan format backing `format` on this device. D24 formats fall back to D32F ones
/// where the device cannot render to or sample them.
pub(crate) fn map_format(format: Format, features: &Features) -> vk::Format {
    use vk::Format as F;
    use Format::*;
    match format {
        R8Unorm => F::R8_UNORM,
        R8Snorm => F::R8_SNORM,
        R8Uint => F::R8_UINT,
        R8Sint => F::R8_SINT,
        Rg8Unorm => F::R8G8_UNORM,
        Rg8Snorm => F::R8G8_SNORM,
        Rg8Uint => F::R8G8_UINT,
        Rg8Sint => F::R8G8_SINT,
        Rgba8Unorm => F::R8G8B8A8_UNORM,
        Rgba8Snorm => F::R8G8B8A8_SNORM,
        Rgba8Srgb => F::R8G8B8A8_SRGB,
        Rgba8Uint => F::R8G8B8A8_UINT,
        Rgba8Sint => F::R8G8B8A8_SINT,
        Bgra8Unorm => F::B8G8R8A8_UNORM,
        Bgra8Srgb => F::B8G8R8A8_SRGB,
        R5G6B5Unorm => F::R5G6B5_UNORM_PACK16,
        // A1R5G5B5 rather than R5G5B5A1: Vulkan requires it of every device.
        Rgb5A1Unorm => F::A1R5G5B5_UNORM_PACK16,
        Rgb10A2Unorm => F::A2B10G10R10_UNORM_PACK32,
        Rgb10A2Uint => F::A2B10G10R10_UINT_PACK32,
        Rg11B10Float => F::B10G11R11_UFLOAT_PACK32,
        Rgb9E5Float => F::E5B9G9R9_UFLOAT_PACK32,
        R16Unorm => F::R16_UNORM,
        R16Snorm => F::R16_SNORM,
        R16Float => F::R16_SFLOAT,
        R16Uint => F::R16_UINT,
        R16Sint => F::R16_SINT,
        Rg16Unorm => F::R16G16_UNORM,
        Rg16Snorm => F::R16G16_SNORM,
        Rg16Float => F::R16G16_SFLOAT,
        Rg16Uint => F::R16G16_UINT,
        Rg16Sint => F::R16G16_SINT,
        Rgba16Unorm => F::R16G16B16A16_UNORM,
        Rgba16Snorm => F::R16G16B16A16_SNORM,
        Rgba16Float => F::R16G16B16A16_SFLOAT,
        Rgba16Uint => F::R16G16B16A16_UINT,
        Rgba16Sint => F::R16G16B16A16_SINT,
        R32Float => F::R32_SFLOAT,
        R32Uint => F::R32_UINT,
        R32Sint => F::R32_SINT,
        Rg32Float => F::R32G32_SFLOAT,
        Rg32Uint => F::R32G32_UINT,
        Rg32Sint => F::R32G32_SINT,
        Rgba32Float => F::R32G32B32A32_SFLOAT,
        Rgba32Uint => F::R32G32B32A32_UINT,
        Rgba32Sint => F::R32G32B32A32_SINT,
        D16Unorm => F::D16_UNORM,
        D24Unorm if features.x8d24 => F::X8_D24_UNORM_PACK32,
        D24Unorm => F::D32_SFLOAT,
        D24UnormS8Uint if features.d24s8 => F::D24_UNORM_S8_UINT,
        D24UnormS8Uint => F::D32_SFLOAT_S8_UINT,
        D32Float => F::D32_SFLOAT,
        D32FloatS8Uint => F::D32_SFLOAT_S8_UINT,
        S8Uint => F::S8_UINT,
        Bc1RgbUnorm => F::BC1_RGB_UNORM_BLOCK,
        Bc1RgbSrgb => F::BC1_RGB_SRGB_BLOCK,
        Bc1RgbaUnorm => F::BC1_RGBA_UNORM_BLOCK,
        Bc1RgbaSrgb => F::BC1_RGBA_SRGB_BLOCK,
        Bc2Unorm => F::BC2_UNORM_BLOCK,
        Bc2Srgb => F::BC2_SRGB_BLOCK,
        Bc3Unorm => F::BC3_UNORM_BLOCK,
        Bc3Srgb => F::BC3_SRGB_BLOCK,
        Bc4Unorm => F::BC4_UNORM_BLOCK,
        Bc4Snorm => F::BC4_SNORM_BLOCK,
        Bc5Unorm => F::BC5_UNORM_BLOCK,
        Bc5Snorm => F::BC5_SNORM_BLOCK,
        Bc6hUfloat => F::BC6H_UFLOAT_BLOCK,
        Bc6hSfloat => F::BC6H_SFLOAT_BLOCK,
        Bc7Unorm => F::BC7_UNORM_BLOCK,
        Bc7Srgb => F::BC7_SRGB_BLOCK,
        Etc2Rgb8Unorm => F::ETC2_R8G8B8_UNORM_BLOCK,
        Etc2Rgb8Srgb => F::ETC2_R8G8B8_SRGB_BLOCK,
        Etc2Rgb8A1Unorm => F::ETC2_R8G8B8A1_UNORM_BLOCK,
        Etc2Rgb8A1Srgb => F::ETC2_R8G8B8A1_SRGB_BLOCK,
        Etc2Rgba8Unorm => F::ETC2_R8G8B8A8_UNORM_BLOCK,
        Etc2Rgba8Srgb => F::ETC2_R8G8B8A8_SRGB_BLOCK,
        EacR11Unorm => F::EAC_R11_UNORM_BLOCK,
        EacR11Snorm => F::EAC_R11_SNORM_BLOCK,
        EacRg11Unorm => F::EAC_R11G11_UNORM_BLOCK,
        EacRg11Snorm => F::EAC_R11G11_SNORM_BLOCK,
        Astc { width, height, srgb } => astc_format(width, height, srgb),
    }
}

/// The Vulkan ASTC format of a block size; block sizes ASTC does not have map to
/// VK_FORMAT_UNDEFINED, which no device supports.
fn astc_format(width: u8, height: u8, srgb: bool) -> vk::Format {
    use vk::Format as F;
    let (unorm, srgb_format) = match (width, height) {
        (4, 4) => (F::ASTC_4X4_UNORM_BLOCK, F::ASTC_4X4_SRGB_BLOCK),
        (5, 4) => (F::ASTC_5X4_UNORM_BLOCK, F::ASTC_5X4_SRGB_BLOCK),
        (5, 5) => (F::ASTC_5X5_UNORM_BLOCK, F::ASTC_5X5_SRGB_BLOCK),
        (6, 5) => (F::ASTC_6X5_UNORM_BLOCK, F::ASTC_6X5_SRGB_BLOCK),
        (6, 6) => (F::ASTC_6X6_UNORM_BLOCK, F::ASTC_6X6_SRGB_BLOCK),
        (8, 5) => (F::ASTC_8X5_UNORM_BLOCK, F::ASTC_8X5_SRGB_BLOCK),
        (8, 6) => (F::ASTC_8X6_UNORM_BLOCK, F::ASTC_8X6_SRGB_BLOCK),
        (8, 8) => (F::ASTC_8X8_UNORM_BLOCK, F::ASTC_8X8_SRGB_BLOCK),
        (10, 5) => (F::ASTC_10X5_UNORM_BLOCK, F::ASTC_10X5_SRGB_BLOCK),
        (10, 6) => (F::ASTC_10X6_UNORM_BLOCK, F::ASTC_10X6_SRGB_BLOCK),
        (10, 8) => (F::ASTC_10X8_UNORM_BLOCK, F::ASTC_10X8_SRGB_BLOCK),
        (10, 10) => (F::ASTC_10X10_UNORM_BLOCK, F::ASTC_10X10_SRGB_BLOCK),
        (12, 10) => (F::ASTC_12X10_UNORM_BLOCK, F::ASTC_12X10_SRGB_BLOCK),
        (12, 12) => (F::ASTC_12X12_UNORM_BLOCK, F::ASTC_12X12_SRGB_BLOCK),
        _ => return F::UNDEFINED,
    };
    if srgb { srgb_format } else { unorm }
}

/// Usage flags for an image of `format`: everything the format supports among sampling,
/// attachments, storage and transfers.
pub(crate) fn image_usage(device: &Device, format: Format, vk_format: vk::Format, samples: u32) -> Result<vk::ImageUsageFlags> {
    // A hidden format is one the device lacks (DeviceOptions::hidden_formats).
    if device.hidden_formats.contains(&format) {
        return Err(Error::UnsupportedFormat(format));
    }
    // SAFETY: physical is the device's physical device; the instance outlives the device.
    let props = unsafe { device.instance.instance.get_physical_device_format_properties(device.physical, vk_format) };
    let f = props.optimal_tiling_features;
    let mut usage = vk::ImageUsageFlags::empty();
    if f.contains(vk::FormatFeatureFlags::TRANSFER_SRC) {
        usage |= vk::ImageUsageFlags::TRANSFER_SRC;
    }
    if f.contains(vk::FormatFeatureFlags::TRANSFER_DST) {
        usage |= vk::ImageUsageFlags::TRANSFER_DST;
    }
    if f.contains(vk::FormatFeatureFlags::SAMPLED_IMAGE) {
        usage |= vk::ImageUsageFlags::SAMPLED;
    }
    if format.is_depth_stencil() {
        if f.contains(vk::FormatFeatureFlags::DEPTH_STENCIL_ATTACHMENT) {
            usage |= vk::ImageUsageFlags::DEPTH_STENCIL_ATTACHMENT;
        }
    } else if f.contains(vk::FormatFeatureFlags::COLOR_ATTACHMENT) {
        usage |= vk::ImageUsageFlags::COLOR_ATTACHMENT;
    }
    if samples == 1 && f.contains(vk::FormatFeatureFlags::STORAGE_IMAGE) {
        usage |= vk::ImageUsageFlags::STORAGE;
    }
    if !usage.intersects(vk::ImageUsageFlags::SAMPLED | vk::ImageUsageFlags::COLOR_ATTACHMENT | vk::ImageUsageFlags::DEPTH_STENCIL_ATTACHMENT)
        || samples > 1 && !usage.intersects(vk::ImageUsageFlags::COLOR_ATTACHMENT | vk::ImageUsageFlags::DEPTH_STENCIL_ATTACHMENT)
    {
        return Err(Error::UnsupportedFormat(format));
    }
    Ok(usage)
}

pub(crate) fn map_image_type(d: ImageDimension) -> vk::ImageType {
    match d {
        ImageDimension::D1 => vk::ImageType::TYPE_1D,
        ImageDimension::D2 | ImageDimension::Cube => vk::ImageType::TYPE_2D,
        ImageDimension::D3 => vk::ImageType::TYPE_3D,
    }
}

pub(crate) fn map_view_type(v: ViewType) -> vk::ImageViewType {
    match v {
        ViewType::D1 => vk::ImageViewType::TYPE_1D,
        ViewType::D1Array => vk::ImageViewType::TYPE_1D_ARRAY,
        ViewType::D2 => vk::ImageViewType::TYPE_2D,
        ViewType::D2Array => vk::ImageViewType::TYPE_2D_ARRAY,
        ViewType::D3 => vk::ImageViewType::TYPE_3D,
        ViewType::Cube => vk::ImageViewType::CUBE,
        ViewType::CubeArray => vk::ImageViewType::CUBE_ARRAY,
    }
}

pub(crate) fn map_samples(samples: u32) -> vk::SampleCountFlags {
    vk::SampleCountFlags::from_raw(samples.max(1))
}

/// The aspect mask of `aspect` for an image of `format`.
pub(crate) fn map_aspect(aspect: Aspect, format: Format) -> vk::ImageAspectFlags {
    match aspect {
        Aspect::Color => vk::ImageAspectFlags::COLOR,
        Aspect::Depth => vk::ImageAspectFlags::DEPTH,
        Aspect::Stencil => vk::ImageAspectFlags::STENCIL,
        Aspect::DepthStencil => full_aspect(format),
    }
}

/// Every aspect an image of `format` has.
pub(crate) fn full_aspect(format: Format) -> vk::ImageAspectFlags {
    let mut a = vk::ImageAspectFlags::empty();
    if format.has_depth() {
        a |= vk::ImageAspectFlags::DEPTH;
    }
    if format.has_stencil() {
        a |= vk::ImageAspectFlags::STENCIL;
    }
    if a.is_empty() {
        vk::ImageAspectFlags::COLOR
    } else {
        a
    }
}

fn map_component(s: Swizzle) -> vk::ComponentSwizzle {
    match s {
        Swizzle::R => vk::ComponentSwizzle::R,
        Swizzle::G => vk::ComponentSwizzle::G,
        Swizzle::B => vk::ComponentSwizzle::B,
        Swizzle::A => vk::ComponentSwizzle::A,
        Swizzle::Zero => vk::ComponentSwizzle::ZERO,
        Swizzle::One => vk::ComponentSwizzle::ONE,
    }
}

pub(crate) fn map_swizzle(s: [Swizzle; 4]) -> vk::ComponentMapping {
    vk::ComponentMapping { r: map_component(s[0]), g: map_component(s[1]), b: map_component(s[2]), a: map_component(s[3]) }
}

pub(crate) fn map_filter(f: Filter) -> vk::Filter {
    match f {
        Filter::Nearest => vk::Filter::NEAREST,
        Filter::Linear => vk::Filter::LINEAR,
    }
}

pub(crate) fn map_blit_filter(f: BlitFilter) -> vk::Filter {
    match f {
        BlitFilter::Nearest => vk::Filter::NEAREST,
        BlitFilter::Linear => vk::Filter::LINEAR,
    }
}

pub(crate) fn map_mip_filter(f: MipFilter) -> vk::SamplerMipmapMode {
    match f {
        MipFilter::None | MipFilter::Nearest => vk::SamplerMipmapMode::NEAREST,
        MipFilter::Linear => vk::SamplerMipmapMode::LINEAR,
    }
}

/// Mirror-clamp-to-edge falls back to mirrored repeat where the device lacks it.
pub(crate) fn map_wrap(w: WrapMode, features: &Features) -> vk::SamplerAddressMode {
    match w {
        WrapMode::Repeat => vk::SamplerAddressMode::REPEAT,
        WrapMode::MirroredRepeat => vk::SamplerAddressMode::MIRRORED_REPEAT,
        WrapMode::ClampToEdge => vk::SamplerAddressMode::CLAMP_TO_EDGE,
        WrapMode::ClampToBorder => vk::SamplerAddressMode::CLAMP_TO_BORDER,
        WrapMode::MirrorClampToEdge if features.sampler_mirror_clamp_to_edge => {
            vk::SamplerAddressMode::MIRROR_CLAMP_TO_EDGE
        }
        WrapMode::MirrorClampToEdge => vk::SamplerAddressMode::MIRRORED_REPEAT,
    }
}

/// A standard border colour when the value is one, else a custom one (filling `custom`)
/// where supported, else the nearest standard colour.
pub(crate) fn map_border_color(
    border: BorderColor,
    custom_supported: bool,
    custom: &mut vk::SamplerCustomBorderColorCreateInfoEXT<'_>,
) -> vk::BorderColor {
    match border {
        BorderColor::Float(c) => match c {
            [0.0, 0.0, 0.0, 0.0] => vk::BorderColor::FLOAT_TRANSPARENT_BLACK,
            [0.0, 0.0, 0.0, 1.0] => vk::BorderColor::FLOAT_OPAQUE_BLACK,
            [1.0, 1.0, 1.0, 1.0] => vk::BorderColor::FLOAT_OPAQUE_WHITE,
            _ if custom_supported => {
                custom.custom_border_color = vk::ClearColorValue { float32: c };
                custom.format = vk::Format::UNDEFINED;
                vk::BorderColor::FLOAT_CUSTOM_EXT
            }
            _ if c[3] < 0.5 => vk::BorderColor::FLOAT_TRANSPARENT_BLACK,
            _ if c[0] + c[1] + c[2] < 1.5 => vk::BorderColor::FLOAT_OPAQUE_BLACK,
            _ => vk::BorderColor::FLOAT_OPAQUE_WHITE,
        },
        BorderColor::Int(c) => match c {
            [0, 0, 0, 0] => vk::BorderColor::INT_TRANSPARENT_BLACK,
            [0, 0, 0, 1] => vk::BorderColor::INT_OPAQUE_BLACK,
            [1, 1, 1, 1] => vk::BorderColor::INT_OPAQUE_WHITE,
            _ if custom_supported => {
                custom.custom_border_color = vk::ClearColorValue { int32: c };
                custom.format = vk::Format::UNDEFINED;
                vk::BorderColor::INT_CUSTOM_EXT
            }
            _ => vk::BorderColor::INT_TRANSPARENT_BLACK,
        },
    }
}

pub(crate) fn map_compare(c: CompareFunc) -> vk::CompareOp {
    match c {
        CompareFunc::Never => vk::CompareOp::NEVER,
        CompareFunc::Less => vk::CompareOp::LESS,
        CompareFunc::Equal => vk::CompareOp::EQUAL,
        CompareFunc::LessOrEqual => vk::CompareOp::LESS_OR_EQUAL,
        CompareFunc::Greater => vk::CompareOp::GREATER,
        CompareFunc::NotEqual => vk::CompareOp::NOT_EQUAL,
        CompareFunc::GreaterOrEqual => vk::CompareOp::GREATER_OR_EQUAL,
        CompareFunc::Always => vk::CompareOp::ALWAYS,
    }
}

pub(crate) fn map_stencil_op(op: StencilOp) -> vk::StencilOp {
    match op {
        StencilOp::Keep => vk::StencilOp::KEEP,
        StencilOp::Zero => vk::StencilOp::ZERO,
        StencilOp::Replace => vk::StencilOp::REPLACE,
        StencilOp::IncrementClamp => vk::StencilOp::INCREMENT_AND_CLAMP,
        StencilOp::DecrementClamp => vk::StencilOp::DECREMENT_AND_CLAMP,
        StencilOp::Invert => vk::StencilOp::INVERT,
        StencilOp::IncrementWrap => vk::StencilOp::INCREMENT_AND_WRAP,
        StencilOp::DecrementWrap => vk::StencilOp::DECREMENT_AND_WRAP,
    }
}

pub(crate) fn map_cull_mode(c: CullMode) -> vk::CullModeFlags {
    match c {
        CullMode::None => vk::CullModeFlags::NONE,
        CullMode::Front => vk::CullModeFlags::FRONT,
        CullMode::Back => vk::CullModeFlags::BACK,
        CullMode::FrontAndBack => vk::CullModeFlags::FRONT_AND_BACK,
    }
}

/// GL winding is computed with y up and images are stored in GL row order, so the sign flips
/// (docs/conventions.md): GL's CCW is Vulkan's CLOCKWISE.
pub(crate) fn map_front_face(f: FrontFace) -> vk::FrontFace {
    match f {
        FrontFace::CounterClockwise => vk::FrontFace::CLOCKWISE,
        FrontFace::Clockwise => vk::FrontFace::COUNTER_CLOCKWISE,
    }
}

pub(crate) fn map_polygon_mode(p: PolygonMode) -> vk::PolygonMode {
    match p {
        PolygonMode::Fill => vk::PolygonMode::FILL,
        PolygonMode::Line => vk::PolygonMode::LINE,
        PolygonMode::Point => vk::PolygonMode::POINT,
    }
}

pub(crate) fn map_topology(t: Topology) -> vk::PrimitiveTopology {
    match t {
        Topology::PointList => vk::PrimitiveTopology::POINT_LIST,
        Topology::LineList => vk::PrimitiveTopology::LINE_LIST,
        Topology::LineStrip => vk::PrimitiveTopology::LINE_STRIP,
        Topology::TriangleList => vk::PrimitiveTopology::TRIANGLE_LIST,
        Topology::TriangleStrip => vk::PrimitiveTopology::TRIANGLE_STRIP,
        Topology::TriangleFan => vk::PrimitiveTopology::TRIANGLE_FAN,
        Topology::LineListWithAdjacency => vk::PrimitiveTopology::LINE_LIST_WITH_ADJACENCY,
        Topology::LineStripWithAdjacency => vk::PrimitiveTopology::LINE_STRIP_WITH_ADJACENCY,
        Topology::TriangleListWithAdjacency => vk::PrimitiveTopology::TRIANGLE_LIST_WITH_ADJACENCY,
        Topology::TriangleStripWithAdjacency => vk::PrimitiveTopology::TRIANGLE_STRIP_WITH_ADJACENCY,
        Topology::PatchList(_) => vk::PrimitiveTopology::PATCH_LIST,
    }
}

/// The topology class a pipeline is made for; dynamic topology may change within a class.
pub(crate) fn topology_class(t: Topology) -> u8 {
    match t {
        Topology::PointList => 0,
        Topology::LineList | Topology::LineStrip | Topology::LineListWithAdjacency | Topology::LineStripWithAdjacency => 1,
        Topology::TriangleList
        | Topology::TriangleStrip
        | Topology::TriangleFan
        | Topology::TriangleListWithAdjacency
        | Topology::TriangleStripWithAdjacency => 2,
        Topology::PatchList(_) => 3,
    }
}

/// Whether the topology is a list, for which restart needs primitiveTopologyListRestart.
pub(crate) fn is_list(t: Topology) -> bool {
    matches!(
        t,
        Topology::PointList
            | Topology::LineList
            | Topology::TriangleList
            | Topology::LineListWithAdjacency
            | Topology::TriangleListWithAdjacency
            | Topology::PatchList(_)
    )
}

pub(crate) fn map_blend_factor(f: BlendFactor) -> vk::BlendFactor {
    match f {
        BlendFactor::Zero => vk::BlendFactor::ZERO,
        BlendFactor::One => vk::BlendFactor::ONE,
        BlendFactor::SrcColor => vk::BlendFactor::SRC_COLOR,
        BlendFactor::OneMinusSrcColor => vk::BlendFactor::ONE_MINUS_SRC_COLOR,
        BlendFactor::DstColor => vk::BlendFactor::DST_COLOR,
        BlendFactor::OneMinusDstColor => vk::BlendFactor::ONE_MINUS_DST_COLOR,
        BlendFactor::SrcAlpha => vk::BlendFactor::SRC_ALPHA,
        BlendFactor::OneMinusSrcAlpha => vk::BlendFactor::ONE_MINUS_SRC_ALPHA,
        BlendFactor::DstAlpha => vk::BlendFactor::DST_ALPHA,
        BlendFactor::OneMinusDstAlpha => vk::BlendFactor::ONE_MINUS_DST_ALPHA,
        BlendFactor::ConstantColor => vk::BlendFactor::CONSTANT_COLOR,
        BlendFactor::OneMinusConstantColor => vk::BlendFactor::ONE_MINUS_CONSTANT_COLOR,
        BlendFactor::ConstantAlpha => vk::BlendFactor::CONSTANT_ALPHA,
        BlendFactor::OneMinusConstantAlpha => vk::BlendFactor::ONE_MINUS_CONSTANT_ALPHA,
        BlendFactor::SrcAlphaSaturate => vk::BlendFactor::SRC_ALPHA_SATURATE,
        BlendFactor::Src1Color => vk::BlendFactor::SRC1_COLOR,
        BlendFactor::OneMinusSrc1Color => vk::BlendFactor::ONE_MINUS_SRC1_COLOR,
        BlendFactor::Src1Alpha => vk::BlendFactor::SRC1_ALPHA,
        BlendFactor::OneMinusSrc1Alpha => vk::BlendFactor::ONE_MINUS_SRC1_ALPHA,
    }
}

pub(crate) fn map_blend_op(op: BlendOp) -> vk::BlendOp {
    match op {
        BlendOp::Add => vk::BlendOp::ADD,
        BlendOp::Subtract => vk::BlendOp::SUBTRACT,
        BlendOp::ReverseSubtract => vk::BlendOp::REVERSE_SUBTRACT,
        BlendOp::Min => vk::BlendOp::MIN,
        BlendOp::Max => vk::BlendOp::MAX,
    }
}

pub(crate) fn map_color_mask(m: ColorMask) -> vk::ColorComponentFlags {
    vk::ColorComponentFlags::from_raw(u32::from(m & 0xf))
}

pub(crate) fn map_blend_equation(b: &BlendAttachment) -> vk::ColorBlendEquationEXT {
    vk::ColorBlendEquationEXT {
        src_color_blend_factor: map_blend_factor(b.src_color),
        dst_color_blend_factor: map_blend_factor(b.dst_color),
        color_blend_op: map_blend_op(b.color_op),
        src_alpha_blend_factor: map_blend_factor(b.src_alpha),
        dst_alpha_blend_factor: map_blend_factor(b.dst_alpha),
        alpha_blend_op: map_blend_op(b.alpha_op),
    }
}

pub(crate) fn map_blend_attachment(b: &BlendAttachment) -> vk::PipelineColorBlendAttachmentState {
    let e = map_blend_equation(b);
    vk::PipelineColorBlendAttachmentState {
        blend_enable: b.enabled.into(),
        src_color_blend_factor: e.src_color_blend_factor,
        dst_color_blend_factor: e.dst_color_blend_factor,
        color_blend_op: e.color_blend_op,
        src_alpha_blend_factor: e.src_alpha_blend_factor,
        dst_alpha_blend_factor: e.dst_alpha_blend_factor,
        alpha_blend_op: e.alpha_blend_op,
        color_write_mask: map_color_mask(b.write_mask),
    }
}

pub(crate) fn map_logic_op(op: LogicOp) -> vk::LogicOp {
    match op {
        LogicOp::Clear => vk::LogicOp::CLEAR,
        LogicOp::And => vk::LogicOp::AND,
        LogicOp::AndReverse => vk::LogicOp::AND_REVERSE,
        LogicOp::Copy => vk::LogicOp::COPY,
        LogicOp::AndInverted => vk::LogicOp::AND_INVERTED,
        LogicOp::NoOp => vk::LogicOp::NO_OP,
        LogicOp::Xor => vk::LogicOp::XOR,
        LogicOp::Or => vk::LogicOp::OR,
        LogicOp::Nor => vk::LogicOp::NOR,
        LogicOp::Equivalent => vk::LogicOp::EQUIVALENT,
        LogicOp::Invert => vk::LogicOp::INVERT,
        LogicOp::OrReverse => vk::LogicOp::OR_REVERSE,
        LogicOp::CopyInverted => vk::LogicOp::COPY_INVERTED,
        LogicOp::OrInverted => vk::LogicOp::OR_INVERTED,
        LogicOp::Nand => vk::LogicOp::NAND,
        LogicOp::Set => vk::LogicOp::SET,
    }
}

pub(crate) fn map_index_type(t: IndexType) -> vk::IndexType {
    match t {
        IndexType::U8 => vk::IndexType::UINT8_EXT,
        IndexType::U16 => vk::IndexType::UINT16,
        IndexType::U32 => vk::IndexType::UINT32,
    }
}

pub(crate) fn index_size(t: IndexType) -> u64 {
    match t {
        IndexType::U8 => 1,
        IndexType::U16 => 2,
        IndexType::U32 => 4,
    }
}

pub(crate) fn map_shader_stage(s: ShaderStage) -> vk::ShaderStageFlags {
    match s {
        ShaderStage::Vertex => vk::ShaderStageFlags::VERTEX,
        ShaderStage::TessControl => vk::ShaderStageFlags::TESSELLATION_CONTROL,
        ShaderStage::TessEvaluation => vk::ShaderStageFlags::TESSELLATION_EVALUATION,
        ShaderStage::Geometry => vk::ShaderStageFlags::GEOMETRY,
        ShaderStage::Fragment => vk::ShaderStageFlags::FRAGMENT,
        ShaderStage::Compute => vk::ShaderStageFlags::COMPUTE,
    }
}

pub(crate) fn map_stage_mask(m: StageMask) -> vk::ShaderStageFlags {
    [
        ShaderStage::Vertex,
        ShaderStage::TessControl,
        ShaderStage::TessEvaluation,
        ShaderStage::Geometry,
        ShaderStage::Fragment,
        ShaderStage::Compute,
    ]
    .into_iter()
    .filter(|s| m.contains(*s))
    .fold(vk::ShaderStageFlags::empty(), |acc, s| acc | map_shader_stage(s))
}

pub(crate) fn map_binding_kind(k: BindingKind) -> vk::DescriptorType {
    match k {
        BindingKind::UniformBuffer => vk::DescriptorType::UNIFORM_BUFFER,
        BindingKind::StorageBuffer => vk::DescriptorType::STORAGE_BUFFER,
        BindingKind::CombinedImageSampler => vk::DescriptorType::COMBINED_IMAGE_SAMPLER,
        BindingKind::StorageImage => vk::DescriptorType::STORAGE_IMAGE,
        BindingKind::UniformTexelBuffer => vk::DescriptorType::UNIFORM_TEXEL_BUFFER,
        BindingKind::StorageTexelBuffer => vk::DescriptorType::STORAGE_TEXEL_BUFFER,
    }
}

/// The Vulkan vertex format, or `None` for combinations Vulkan has no format for.
pub(crate) fn map_vertex_format(f: VertexFormat) -> Option<vk::Format> {
    use vk::Format as F;
    use VertexScalar::*;
    let n = f.components;
    if !(1..=4).contains(&n) {
        return None;
    }
    if f.bgra {
        // GL_BGRA arrays: normalized 8-bit and 2_10_10_10 only.
        return match (f.scalar, n) {
            (U8Norm, 4) => Some(F::B8G8R8A8_UNORM),
            (A2B10G10R10UNorm, 4) => Some(F::A2R10G10B10_UNORM_PACK32),
            (A2B10G10R10SNorm, 4) => Some(F::A2R10G10B10_SNORM_PACK32),
            _ => None,
        };
    }
    let pick = |formats: [F; 4]| Some(formats[usize::from(n) - 1]);
    match f.scalar {
        F32 => pick([F::R32_SFLOAT, F::R32G32_SFLOAT, F::R32G32B32_SFLOAT, F::R32G32B32A32_SFLOAT]),
        F16 => pick([F::R16_SFLOAT, F::R16G16_SFLOAT, F::R16G16B16_SFLOAT, F::R16G16B16A16_SFLOAT]),
        F64 => pick([F::R64_SFLOAT, F::R64G64_SFLOAT, F::R64G64B64_SFLOAT, F::R64G64B64A64_SFLOAT]),
        U8Norm => pick([F::R8_UNORM, F::R8G8_UNORM, F::R8G8B8_UNORM, F::R8G8B8A8_UNORM]),
        I8Norm => pick([F::R8_SNORM, F::R8G8_SNORM, F::R8G8B8_SNORM, F::R8G8B8A8_SNORM]),
        U16Norm => pick([F::R16_UNORM, F::R16G16_UNORM, F::R16G16B16_UNORM, F::R16G16B16A16_UNORM]),
        I16Norm => pick([F::R16_SNORM, F::R16G16_SNORM, F::R16G16B16_SNORM, F::R16G16B16A16_SNORM]),
        U8Scaled => pick([F::R8_USCALED, F::R8G8_USCALED, F::R8G8B8_USCALED, F::R8G8B8A8_USCALED]),
        I8Scaled => pick([F::R8_SSCALED, F::R8G8_SSCALED, F::R8G8B8_SSCALED, F::R8G8B8A8_SSCALED]),
        U16Scaled => pick([F::R16_USCALED, F::R16G16_USCALED, F::R16G16B16_USCALED, F::R16G16B16A16_USCALED]),
        I16Scaled => pick([F::R16_SSCALED, F::R16G16_SSCALED, F::R16G16B16_SSCALED, F::R16G16B16A16_SSCALED]),
        // No 32-bit scaled formats exist: the shader-side conversion is a lowering pass's job;
        // fetching the raw integers keeps the bits.
        U32Scaled => pick([F::R32_UINT, F::R32G32_UINT, F::R32G32B32_UINT, F::R32G32B32A32_UINT]),
        I32Scaled => pick([F::R32_SINT, F::R32G32_SINT, F::R32G32B32_SINT, F::R32G32B32A32_SINT]),
        U8 => pick([F::R8_UINT, F::R8G8_UINT, F::R8G8B8_UINT, F::R8G8B8A8_UINT]),
        I8 => pick([F::R8_SINT, F::R8G8_SINT, F::R8G8B8_SINT, F::R8G8B8A8_SINT]),
        U16 => pick([F::R16_UINT, F::R16G16_UINT, F::R16G16B16_UINT, F::R16G16B16A16_UINT]),
        I16 => pick([F::R16_SINT, F::R16G16_SINT, F::R16G16B16_SINT, F::R16G16B16A16_SINT]),
        U32 => pick([F::R32_UINT, F::R32G32_UINT, F::R32G32B32_UINT, F::R32G32B32A32_UINT]),
        I32 => pick([F::R32_SINT, F::R32G32_SINT, F::R32G32B32_SINT, F::R32G32B32A32_SINT]),
        A2B10G10R10UNorm => (n == 4).then_some(F::A2B10G10R10_UNORM_PACK32),
        A2B10G10R10SNorm => (n == 4).then_some(F::A2B10G10R10_SNORM_PACK32),
        A2B10G10R10UScaled => (n == 4).then_some(F::A2B10G10R10_USCALED_PACK32),
        A2B10G10R10SScaled => (n == 4).then_some(F::A2B10G10R10_SSCALED_PACK32),
        B10G11R11UFloat => (n == 3).then_some(F::B10G11R11_UFLOAT_PACK32),
    }
}

pub(crate) fn map_clear_color(c: ClearColor) -> vk::ClearColorValue {
    match c {
        ClearColor::Float(v) => vk::ClearColorValue { float32: v },
        ClearColor::Uint(v) => vk::ClearColorValue { uint32: v },
        ClearColor::Sint(v) => vk::ClearColorValue { int32: v },
    }
}

pub(crate) fn map_rect(r: Rect) -> vk::Rect2D {
    vk::Rect2D { offset: vk::Offset2D { x: r.x, y: r.y }, extent: vk::Extent2D { width: r.width, height: r.height } }
}

pub(crate) fn map_viewport(v: &Viewport) -> vk::Viewport {
    vk::Viewport { x: v.x, y: v.y, width: v.width, height: v.height, min_depth: v.min_depth, max_depth: v.max_depth }
}
