//! Samplers, made once per distinct description and shared: GL programs create many sampler
//! states that are equal, and devices allow only a few thousand VkSamplers.

use crate::conv;
use crate::device::Device;
use crate::error::{vk_err, Error, Result};
use crate::state::CompareFunc;
use ash::vk;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// Minification / magnification filter.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Filter {
    Nearest,
    #[default]
    Linear,
}

/// How mip levels are chosen (`None` samples the base level only).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum MipFilter {
    #[default]
    None,
    Nearest,
    Linear,
}

/// Texture coordinate wrapping (GL_TEXTURE_WRAP_*).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum WrapMode {
    #[default]
    Repeat,
    MirroredRepeat,
    ClampToEdge,
    ClampToBorder,
    MirrorClampToEdge,
}

/// GL_TEXTURE_BORDER_COLOR: float or integer, chosen by the texture's format class.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum BorderColor {
    Float([f32; 4]),
    Int([i32; 4]),
}

impl Default for BorderColor {
    fn default() -> Self {
        BorderColor::Float([0.0; 4])
    }
}

/// Everything about a sampler.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SamplerDesc {
    pub min_filter: Filter,
    pub mag_filter: Filter,
    pub mip_filter: MipFilter,
    pub wrap: [WrapMode; 3],
    pub min_lod: f32,
    pub max_lod: f32,
    pub lod_bias: f32,
    /// Depth comparison (GL_TEXTURE_COMPARE_MODE = GL_COMPARE_REF_TO_TEXTURE).
    pub compare: Option<CompareFunc>,
    pub border: BorderColor,
    /// 1.0 disables anisotropic filtering.
    pub max_anisotropy: f32,
    /// Sample cube maps without seams (GL_TEXTURE_CUBE_MAP_SEAMLESS); false needs
    /// VK_EXT_non_seamless_cube_map.
    pub seamless_cube: bool,
}

impl Default for SamplerDesc {
    /// GL's default sampler state, without mipmapping so incomplete mip chains still sample.
    fn default() -> Self {
        SamplerDesc {
            min_filter: Filter::Linear,
            mag_filter: Filter::Linear,
            mip_filter: MipFilter::None,
            wrap: [WrapMode::Repeat; 3],
            min_lod: -1000.0,
            max_lod: 1000.0,
            lod_bias: 0.0,
            compare: None,
            border: BorderColor::default(),
            max_anisotropy: 1.0,
            seamless_cube: true,
        }
    }
}

/// Bit-exact key of a description (floats compared by bits, so the map is well-defined).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct SamplerKey([u32; 16]);

impl SamplerKey {
    fn new(d: &SamplerDesc) -> Self {
        let (border_kind, border) = match d.border {
            BorderColor::Float(c) => (0, c.map(f32::to_bits)),
            BorderColor::Int(c) => (1, c.map(|v| v as u32)),
        };
        SamplerKey([
            d.min_filter as u32 | (d.mag_filter as u32) << 4 | (d.mip_filter as u32) << 8 | border_kind << 12
                | (d.seamless_cube as u32) << 16,
            d.wrap[0] as u32 | (d.wrap[1] as u32) << 8 | (d.wrap[2] as u32) << 16,
            d.min_lod.to_bits(),
            d.max_lod.to_bits(),
            d.lod_bias.to_bits(),
            d.compare.map_or(0, |c| c as u32 + 1),
            border[0],
            border[1],
            border[2],
            border[3],
            d.max_anisotropy.to_bits(),
            0,
            0,
            0,
            0,
            0,
        ])
    }
}

pub(crate) struct SamplerShared {
    pub raw: vk::Sampler,
    pub desc: SamplerDesc,
}

/// A sampler. Equal descriptions share one.
#[derive(Clone)]
pub struct Sampler(pub(crate) Arc<SamplerShared>);

impl Sampler {
    /// The sampler for `desc`, made on first use.
    pub fn new(device: &Arc<Device>, desc: &SamplerDesc) -> Result<Sampler> {
        device.samplers.get(device, desc)
    }

    /// What the sampler was created with.
    pub fn desc(&self) -> &SamplerDesc {
        &self.0.desc
    }
}

impl std::fmt::Debug for Sampler {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Sampler").field(&self.0.desc).finish()
    }
}

/// The device's samplers by description; they live as long as the device.
#[derive(Default)]
pub(crate) struct SamplerStore {
    map: Mutex<HashMap<SamplerKey, Sampler>>,
}

impl SamplerStore {
    fn get(&self, device: &Device, desc: &SamplerDesc) -> Result<Sampler> {
        let key = SamplerKey::new(desc);
        let mut map = self.map.lock().map_err(|_| Error::DeviceLost)?;
        if let Some(s) = map.get(&key) {
            return Ok(s.clone());
        }
        let features = &device.info().features;
        let anisotropy = desc.max_anisotropy.clamp(1.0, device.info().limits.max_sampler_anisotropy);
        let limits = &device.info().limits;
        let mut custom = vk::SamplerCustomBorderColorCreateInfoEXT::default();
        let border_color = conv::map_border_color(desc.border, features.custom_border_color, &mut custom);
        let mut info = vk::SamplerCreateInfo::default()
            .mag_filter(conv::map_filter(desc.mag_filter))
            .min_filter(conv::map_filter(desc.min_filter))
            .mipmap_mode(conv::map_mip_filter(desc.mip_filter))
            .address_mode_u(conv::map_wrap(desc.wrap[0], features))
            .address_mode_v(conv::map_wrap(desc.wrap[1], features))
            .address_mode_w(conv::map_wrap(desc.wrap[2], features))
            .mip_lod_bias(desc.lod_bias.clamp(-limits.max_sampler_lod_bias, limits.max_sampler_lod_bias))
            .anisotropy_enable(anisotropy > 1.0 && features.sampler_anisotropy)
            .max_anisotropy(anisotropy)
            .compare_enable(desc.compare.is_some())
            .compare_op(conv::map_compare(desc.compare.unwrap_or(CompareFunc::Never)))
            // Without mipmapping only the base level is read: minLod must not pass maxLod.
            .min_lod(if desc.mip_filter == MipFilter::None { 0.0 } else { desc.min_lod.max(0.0) })
            .max_lod(if desc.mip_filter == MipFilter::None { 0.25 } else { desc.max_lod.max(desc.min_lod.max(0.0)) })
            .border_color(border_color);
        if border_color == vk::BorderColor::FLOAT_CUSTOM_EXT || border_color == vk::BorderColor::INT_CUSTOM_EXT {
            info = info.push_next(&mut custom);
        }
        if !desc.seamless_cube && features.non_seamless_cube_map {
            info = info.flags(vk::SamplerCreateFlags::NON_SEAMLESS_CUBE_MAP_EXT);
        }
        // SAFETY: every enum in info is valid for the device: anisotropy and custom borders
        // only when their features are enabled, mirror-clamp only when supported (map_wrap).
        let raw = unsafe { device.raw.create_sampler(&info, None) }.map_err(vk_err("vkCreateSampler"))?;
        let sampler = Sampler(Arc::new(SamplerShared { raw, desc: *desc }));
        map.insert(key, sampler.clone());
        Ok(sampler)
    }

    /// Destroys every sampler; only at device teardown, when no work is pending.
    pub unsafe fn destroy(&self, device: &ash::Device) {
        if let Ok(mut map) = self.map.lock() {
            for (_, s) in map.drain() {
                // SAFETY: the caller guarantees the device is idle and being torn down.
                unsafe { device.destroy_sampler(s.0.raw, None) };
            }
        }
    }
}
