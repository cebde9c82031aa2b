//! The storage a GL format gets on this context's device. The format table names a
//! preferred storage and its fallbacks (`gl_formats::texel_format`); the device's format
//! features decide among them: the first that samples, filters, renders and copies as GL
//! requires of the format wins. Where none does all of it, the first the backend has is
//! used anyway, so the format still works in what the device does offer.

use gl_formats::{Api, FormatInfo, StorageFormat};
use vk_backend::{Device, FormatSupport};

use crate::context::ContextState;
use crate::draw_path::gpu_image::storage_vk_format;
use crate::pixels::{internal_texel_format, table_name, TexelFormat};
use crate::types::*;

/// What GL asks of the storage of one format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StorageNeeds {
    /// Linear filtering: every colour format that is not integer.
    pub filtered: bool,
    pub color_attachment: bool,
    pub depth_stencil_attachment: bool,
}

impl StorageNeeds {
    /// The needs of `info` on `api`: textures are sampled and copied, colour-renderable
    /// formats are colour attachments, depth and stencil ones depth/stencil attachments.
    pub fn of(info: &FormatInfo, api: Api) -> StorageNeeds {
        let color = info.base.is_color();
        StorageNeeds {
            filtered: color && !info.kind.is_integer(),
            color_attachment: info.is_color_renderable(api),
            depth_stencil_attachment: info.is_depth_renderable() || info.is_stencil_renderable(),
        }
    }

    /// Whether a storage of `support` meets them.
    pub fn met_by(self, support: FormatSupport) -> bool {
        support.sampled
            && support.transfer
            && (!self.filtered || support.filtered)
            && (!self.color_attachment || support.color_attachment)
            && (!self.depth_stencil_attachment || support.depth_stencil_attachment)
    }
}

/// How `internal_format` is stored where `support` tells what each backend format can do:
/// the first storage candidate meeting GL's needs on `api`, else the first the backend
/// has. `None` for what is no internal format.
pub fn choose_texel_format(internal_format: GLenum, api: Api, support: &dyn Fn(vk_backend::Format) -> FormatSupport) -> Option<TexelFormat> {
    let info = FormatInfo::lookup(table_name(internal_format))?;
    let needs = StorageNeeds::of(info, api);
    let usable = |storage: StorageFormat| storage_vk_format(storage).is_some_and(|format| needs.met_by(support(format)));
    TexelFormat::choose(info, &usable).or_else(|| internal_texel_format(internal_format))
}

/// [`choose_texel_format`] on `device`.
pub fn device_texel_format(internal_format: GLenum, api: Api, device: &Device) -> Option<TexelFormat> {
    choose_texel_format(internal_format, api, &|format| device.format_support(format))
}

impl ContextState {
    /// How this context's device stores `internal_format`.
    pub(crate) fn texel_format(&self, internal_format: GLenum) -> Option<TexelFormat> {
        device_texel_format(internal_format, self.format_api(), &self.device)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::enums::*;

    const CORE: Api = Api::Core { major: 4, minor: 6 };

    fn everything() -> FormatSupport {
        FormatSupport { sampled: true, filtered: true, color_attachment: true, blended: true, depth_stencil_attachment: true, storage: true, transfer: true }
    }

    fn storage(internal_format: GLenum, support: &dyn Fn(vk_backend::Format) -> FormatSupport) -> Option<StorageFormat> {
        choose_texel_format(internal_format, CORE, support).map(|t| t.storage)
    }

    #[test]
    fn a_device_with_everything_keeps_the_preferred_storage() {
        assert_eq!(storage(GL_R16, &|_| everything()), Some(StorageFormat::R16Unorm));
        assert_eq!(storage(GL_RGB565, &|_| everything()), Some(StorageFormat::R5G6B5Unorm));
    }

    #[test]
    fn a_missing_feature_moves_the_format_to_its_fallback() {
        use vk_backend::Format;
        // R16 is colour-renderable in desktop GL: a device that samples but cannot render to
        // R16_UNORM stores it as R32F, which keeps every bit.
        let no_r16_attachment = |f: Format| if f == Format::R16Unorm { FormatSupport { color_attachment: false, ..everything() } } else { everything() };
        assert_eq!(storage(GL_R16, &no_r16_attachment), Some(StorageFormat::R32Float));
        // RGB565 without linear filtering goes to RGBA8.
        let no_565_filter = |f: Format| if f == Format::R5G6B5Unorm { FormatSupport { filtered: false, ..everything() } } else { everything() };
        assert_eq!(storage(GL_RGB565, &no_565_filter), Some(StorageFormat::Rgba8Unorm));
        // Integer formats are never filtered, so that feature does not matter to them.
        let no_filter = |_| FormatSupport { filtered: false, ..everything() };
        assert_eq!(storage(GL_RGBA8UI, &no_filter), Some(StorageFormat::Rgba8Uint));
    }

    #[test]
    fn without_any_candidate_the_backend_format_is_kept() {
        // Nothing meets the needs: the preferred storage is used for what the device offers.
        assert_eq!(storage(GL_RGBA8, &|_| FormatSupport::default()), Some(StorageFormat::Rgba8Unorm));
        assert_eq!(storage(0x1234, &|_| everything()), None);
    }

    #[test]
    fn depth_formats_need_a_depth_attachment() {
        let needs = StorageNeeds::of(FormatInfo::lookup(GL_DEPTH_COMPONENT32F).unwrap(), CORE);
        assert!(needs.depth_stencil_attachment && !needs.color_attachment && !needs.filtered);
        assert!(!needs.met_by(FormatSupport { depth_stencil_attachment: false, ..everything() }));
    }
}
