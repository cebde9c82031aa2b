//! What the device can do with each image format (vkGetPhysicalDeviceFormatProperties,
//! optimal tiling), in the terms the front end chooses GL storage by: a GL format is stored
//! in the first of its candidate formats that does everything GL asks of it.

use ash::vk;

use crate::conv::map_format;
use crate::device::Device;
use crate::format::Format;

/// The optimal-tiling features of one format that GL textures and renderbuffers need.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FormatSupport {
    /// Sampled by shaders.
    pub sampled: bool,
    /// Sampled with linear filtering.
    pub filtered: bool,
    /// A colour attachment.
    pub color_attachment: bool,
    /// A colour attachment that blends.
    pub blended: bool,
    /// A depth/stencil attachment.
    pub depth_stencil_attachment: bool,
    /// A storage image.
    pub storage: bool,
    /// Copied to and from buffers and images (uploads, read-back, blits).
    pub transfer: bool,
}

impl FormatSupport {
    fn from_features(f: vk::FormatFeatureFlags) -> FormatSupport {
        use vk::FormatFeatureFlags as F;
        FormatSupport {
            sampled: f.contains(F::SAMPLED_IMAGE),
            filtered: f.contains(F::SAMPLED_IMAGE | F::SAMPLED_IMAGE_FILTER_LINEAR),
            color_attachment: f.contains(F::COLOR_ATTACHMENT),
            blended: f.contains(F::COLOR_ATTACHMENT | F::COLOR_ATTACHMENT_BLEND),
            depth_stencil_attachment: f.contains(F::DEPTH_STENCIL_ATTACHMENT),
            storage: f.contains(F::STORAGE_IMAGE),
            transfer: f.contains(F::TRANSFER_SRC | F::TRANSFER_DST),
        }
    }
}

impl Device {
    /// What the device does with images of `format` (as [`map_format`] backs it here):
    /// nothing for the formats this device's options hide, to exercise the fallbacks.
    pub fn format_support(&self, format: Format) -> FormatSupport {
        if self.hidden_formats.contains(&format) {
            return FormatSupport::default();
        }
        let vk_format = map_format(format, &self.info().features);
        // SAFETY: physical is the device's physical device; the instance outlives the device.
        let props = unsafe { self.instance.instance.get_physical_device_format_properties(self.physical, vk_format) };
        FormatSupport::from_features(props.optimal_tiling_features)
    }
}
