//! The Vulkan image behind a texture or renderbuffer, created (and filled from the host
//! copy) the first time the GPU needs it. From then on the GPU image holds the contents.

use vk_backend::{Aspect, Format, Image, ImageDesc, ImageRegion, ImageView, ImageViewDesc, Swizzle, ViewType};

use crate::context::ContextState;
use crate::objects::sampler::SamplerState;
use crate::objects::texture::{TexImage, Texture};
use crate::objects::texture_image::Region;
use crate::objects::texture_target::{self, SampleKind};
use crate::pixels::{HostTexels, TexelFormat};
use gl_formats::{BaseFormat, FormatInfo, StorageFormat};
use crate::types::enums::*;
use crate::types::*;

/// An attachment view and the GL format of the image it shows, which the draw path needs
/// beside the view (RGB stored as RGBA has padding alpha, `RenderTargets::alpha_padding`).
pub(crate) struct AttachedView {
    pub view: ImageView,
    pub format: TexelFormat,
}

/// The part of a Vulkan image one texture sees: all of it for a texture's own image; for a
/// texture view, its levels and layers of the image it shares, read in its own format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ImageWindow {
    pub base_level: u32,
    pub levels: u32,
    pub base_layer: u32,
    pub layers: u32,
    pub format: Format,
}

impl ImageWindow {
    /// The whole of an image, in its own format.
    fn whole(image: &Image) -> Self {
        let d = image.desc();
        ImageWindow { base_level: 0, levels: d.levels, base_layer: 0, layers: d.layers, format: d.format }
    }
}

/// A GPU image and the views made of it so far.
#[derive(Clone, Debug)]
pub struct GpuImage {
    pub image: Image,
    /// The GL level the window's first level holds (a texture defined from a base level
    /// above 0 starts its image there).
    pub anchor: u32,
    window: ImageWindow,
    /// Attachment views made so far, by (image level, first layer, layer count, whether an
    /// sRGB image is written through its sRGB format).
    attachment_views: Vec<((u32, u32, u32, bool), ImageView)>,
    /// Sampling views made so far, by what they were made with (base and max level, swizzle).
    sample_views: Vec<ImageView>,
}

impl GpuImage {
    fn new(image: Image, anchor: u32) -> Self {
        let window = ImageWindow::whole(&image);
        GpuImage { image, anchor, window, attachment_views: Vec::new(), sample_views: Vec::new() }
    }

    /// Another texture's look at the same image: `window`'s levels, layers and format,
    /// counted within this one's (a view of a view).
    pub fn shared_window(&self, window: ImageWindow) -> Self {
        let within = ImageWindow { base_level: self.window.base_level + window.base_level, base_layer: self.window.base_layer + window.base_layer, ..window };
        GpuImage { image: self.image.clone(), anchor: 0, window: within, attachment_views: Vec::new(), sample_views: Vec::new() }
    }

    /// The levels, layers and format this texture sees of the image.
    pub fn window(&self) -> &ImageWindow {
        &self.window
    }

    /// Whether the image keeps compressed blocks, which the device samples itself. The GPU
    /// never writes such an image, so the host copy stays its contents.
    pub fn is_compressed(&self) -> bool {
        self.image.desc().format.is_compressed()
    }

    /// Whether the image holds GL level `level`.
    pub fn holds_level(&self, level: u32) -> bool {
        level >= self.anchor && level - self.anchor < self.window.levels
    }

    /// The image level holding GL level `level` (one the image holds).
    pub fn image_level(&self, level: u32) -> u32 {
        level - self.anchor + self.window.base_level
    }

    /// Where `region` of GL level `level` of `face` lies in the image, for a texture of `target`.
    pub fn region(&self, target: GLenum, face: usize, level: u32, region: &Region, aspect: Aspect) -> ImageRegion {
        let r = image_region(target, face, self.image_level(level), region, aspect);
        ImageRegion { base_layer: r.base_layer + self.window.base_layer, ..r }
    }

    /// A view for sampling, made once per description (levels and layers within the window).
    pub fn sample_view(&mut self, desc: &ImageViewDesc) -> vk_backend::Result<ImageView> {
        let desc = self.in_image(desc);
        if let Some(v) = self.sample_views.iter().find(|v| *v.desc() == desc) {
            return Ok(v.clone());
        }
        let view = self.image.create_view(&desc)?;
        self.sample_views.push(view.clone());
        Ok(view)
    }

    /// `desc` (levels and layers counted within the window) as the image counts them, in the
    /// window's format.
    fn in_image(&self, desc: &ImageViewDesc) -> ImageViewDesc {
        let format = desc.format.or((self.window.format != self.image.desc().format).then_some(self.window.format));
        ImageViewDesc { base_level: desc.base_level + self.window.base_level, base_layer: desc.base_layer + self.window.base_layer, format, ..*desc }
    }

    /// The attachment view of `count` layers from `first` of window level `level`, made once.
    /// Without `srgb_encode` an sRGB image is viewed as its linear twin, so what is
    /// written lands unconverted (GL_FRAMEBUFFER_SRGB disabled).
    pub fn attachment_view(&mut self, level: u32, first: u32, count: u32, srgb_encode: bool) -> vk_backend::Result<ImageView> {
        let linear = linear_twin(self.window.format).filter(|_| !srgb_encode);
        let key = (level, first, count, linear.is_none());
        if let Some((_, v)) = self.attachment_views.iter().find(|(k, _)| *k == key) {
            return Ok(v.clone());
        }
        let mut view = self.image.create_layers_attachment_view(level + self.window.base_level, first + self.window.base_layer, count)?;
        let format = linear.unwrap_or(self.window.format);
        if format != view.format() {
            view = self.image.create_view(&ImageViewDesc { format: Some(format), ..*view.desc() })?;
        }
        self.attachment_views.push((key, view.clone()));
        Ok(view)
    }
}

/// The linear format with an sRGB format's bits, `None` for formats that are not sRGB.
pub fn linear_twin(format: Format) -> Option<Format> {
    match format {
        Format::Rgba8Srgb => Some(Format::Rgba8Unorm),
        Format::Bgra8Srgb => Some(Format::Bgra8Unorm),
        _ => None,
    }
}

/// The layers an attachment of GL level `level` of `texture` can name: array layers, cube
/// faces (six a cube), or the level's depth slices for a 3D texture.
pub fn attachment_layers(texture: &Texture, level: u32) -> u32 {
    let Some(image) = texture.face_level(0, level as usize) else { return 0 };
    match texture.target {
        GL_TEXTURE_1D_ARRAY => image.height,
        GL_TEXTURE_2D_ARRAY | GL_TEXTURE_CUBE_MAP_ARRAY | GL_TEXTURE_2D_MULTISAMPLE_ARRAY | GL_TEXTURE_3D => image.depth,
        GL_TEXTURE_CUBE_MAP => 6,
        _ => 1,
    }
}

/// The image region of a GL sub-image: where `region` of `level` of `face` lies in an
/// image made for `target` (array layers are Vulkan layers, cube faces too).
pub fn image_region(target: GLenum, face: usize, image_level: u32, region: &Region, aspect: Aspect) -> ImageRegion {
    let [x, y, z] = region.offset;
    let [w, h, d] = region.size;
    let (offset, extent, base_layer, layer_count) = match target {
        GL_TEXTURE_1D_ARRAY => ([x, 0, 0], [w, 1, 1], y, h),
        GL_TEXTURE_2D_ARRAY | GL_TEXTURE_CUBE_MAP_ARRAY | GL_TEXTURE_2D_MULTISAMPLE_ARRAY => ([x, y, 0], [w, h, 1], z, d),
        GL_TEXTURE_CUBE_MAP => ([x, y, 0], [w, h, 1], face as u32, 1),
        _ => ([x, y, z], [w, h, d], 0, 1),
    };
    ImageRegion { aspect, level: image_level, base_layer, layer_count, offset: offset.map(|o| o as i32), extent }
}

/// The bytes of a compressed level's blocks; `None` for an uncompressed format.
fn level_blocks_size(image: &TexImage) -> Option<usize> {
    gl_formats::compressed_image_size(image.format.info.block(), gl_formats::Extent::new(image.width, image.height, image.depth))
}

/// Storage formats and the Vulkan formats of the same name, both ways.
macro_rules! storage_vk_pairs {
    ($($name:ident),* $(,)?) => {
        /// The Vulkan format of a storage format; `None` where the backend has none (the
        /// format table then picks a fallback storage).
        pub fn storage_vk_format(storage: StorageFormat) -> Option<Format> {
            match storage {
                $(StorageFormat::$name => Some(Format::$name),)*
                _ => None,
            }
        }

        fn vk_storage_format(format: Format) -> StorageFormat {
            match format {
                $(Format::$name => StorageFormat::$name,)*
                compressed => compressed_storage_format(compressed).expect("every Vulkan format galvan has is a storage format"),
            }
        }
    };
}

storage_vk_pairs!(
    R8Unorm, R8Snorm, R8Uint, R8Sint, Rg8Unorm, Rg8Snorm, Rg8Uint, Rg8Sint, Rgba8Unorm, Rgba8Snorm, Rgba8Srgb,
    Rgba8Uint, Rgba8Sint, Bgra8Unorm, Bgra8Srgb, R5G6B5Unorm, Rgb5A1Unorm, Rgb10A2Unorm, Rgb10A2Uint, Rg11B10Float, Rgb9E5Float, R16Unorm,
    R16Snorm, R16Float, R16Uint, R16Sint, Rg16Unorm, Rg16Snorm, Rg16Float, Rg16Uint, Rg16Sint, Rgba16Unorm, Rgba16Snorm, Rgba16Float, Rgba16Uint,
    Rgba16Sint, R32Float, R32Uint, R32Sint, Rg32Float, Rg32Uint, Rg32Sint, Rgba32Float, Rgba32Uint, Rgba32Sint,
    D16Unorm, D24Unorm, D24UnormS8Uint, D32Float, D32FloatS8Uint, S8Uint,
);

/// Compressed storage formats and the Vulkan formats of the same name, both ways.
macro_rules! compressed_vk_pairs {
    ($($name:ident),* $(,)?) => {
        /// The Vulkan format a compressed storage format's blocks are sampled in, for devices
        /// that decode it themselves; `None` for uncompressed storage.
        pub fn compressed_vk_format(storage: StorageFormat) -> Option<Format> {
            match storage {
                $(StorageFormat::$name => Some(Format::$name),)*
                StorageFormat::Astc { block_width, block_height, srgb } => Some(Format::Astc { width: block_width, height: block_height, srgb }),
                _ => None,
            }
        }

        /// The storage format of a compressed Vulkan format; `None` for uncompressed ones.
        fn compressed_storage_format(format: Format) -> Option<StorageFormat> {
            match format {
                $(Format::$name => Some(StorageFormat::$name),)*
                Format::Astc { width, height, srgb } => Some(StorageFormat::Astc { block_width: width, block_height: height, srgb }),
                _ => None,
            }
        }
    };
}

compressed_vk_pairs!(
    Bc1RgbUnorm, Bc1RgbSrgb, Bc1RgbaUnorm, Bc1RgbaSrgb, Bc2Unorm, Bc2Srgb, Bc3Unorm, Bc3Srgb, Bc4Unorm, Bc4Snorm, Bc5Unorm, Bc5Snorm,
    Bc6hUfloat, Bc6hSfloat, Bc7Unorm, Bc7Srgb, Etc2Rgb8Unorm, Etc2Rgb8Srgb, Etc2Rgb8A1Unorm, Etc2Rgb8A1Srgb, Etc2Rgba8Unorm,
    Etc2Rgba8Srgb, EacR11Unorm, EacR11Snorm, EacRg11Unorm, EacRg11Snorm,
);

/// The Vulkan format backing a texel format (the table only picks storage the backend has).
pub fn vk_format(format: TexelFormat) -> Format {
    storage_vk_format(format.storage).unwrap_or(Format::Rgba8Unorm)
}

/// How galvan reads back an image of a Vulkan format it made without a GL format at hand
/// (framebuffer attachments, window surfaces): as the sized GL format stored that way.
pub fn texel_format_of(format: Format) -> Option<TexelFormat> {
    let storage = vk_storage_format(format);
    let internal = match format {
        Format::Bgra8Unorm => GL_RGBA8,
        Format::Bgra8Srgb => GL_SRGB8_ALPHA8,
        Format::Rgb9E5Float => GL_RGB9_E5,
        Format::S8Uint => GL_STENCIL_INDEX8,
        // RGB formats are stored with four channels, so RGBA ones come first; an RGB-only
        // storage (R11F_G11F_B10F) is read as its RGB format.
        _ => {
            let stored_as = |f: &&FormatInfo| f.sized && f.storage == storage && !f.base.is_legacy();
            let all = FormatInfo::all().iter();
            all.clone().filter(stored_as).find(|f| f.base != BaseFormat::Rgb).or_else(|| all.filter(stored_as).next())?.internal_format
        }
    };
    Some(TexelFormat { info: FormatInfo::lookup(internal)?, storage })
}

/// A texture's view swizzle: GL's GL_TEXTURE_SWIZZLE_* applied to what the format reads
/// as, which is itself a swizzle of the stored channels (LUMINANCE8 in R8 reads RRR1).
/// A depth texel reads through `depth_mode` (GL_DEPTH_TEXTURE_MODE) in compatibility
/// contexts; `None` reads it as core GL does, (D, 0, 0, 1).
fn view_swizzle(gl_swizzle: [GLenum; 4], format: TexelFormat, depth_mode: Option<GLenum>) -> [Swizzle; 4] {
    let depth = matches!(format.info.base, BaseFormat::DepthComponent | BaseFormat::DepthStencil);
    let stored = match depth_mode.filter(|_| depth) {
        Some(GL_LUMINANCE) => [Swizzle::R, Swizzle::R, Swizzle::R, Swizzle::One],
        Some(GL_INTENSITY) => [Swizzle::R; 4],
        Some(GL_ALPHA) => [Swizzle::Zero, Swizzle::Zero, Swizzle::Zero, Swizzle::R],
        _ => format.info.sample_swizzle().map(|s| match s {
        gl_formats::Swizzle::R => Swizzle::R,
        gl_formats::Swizzle::G => Swizzle::G,
        gl_formats::Swizzle::B => Swizzle::B,
        gl_formats::Swizzle::A => Swizzle::A,
        gl_formats::Swizzle::Zero => Swizzle::Zero,
        gl_formats::Swizzle::One => Swizzle::One,
        }),
    };
    gl_swizzle.map(|source| match source {
        GL_RED => stored[0],
        GL_GREEN => stored[1],
        GL_BLUE => stored[2],
        GL_ALPHA => stored[3],
        GL_ZERO => Swizzle::Zero,
        _ => Swizzle::One,
    })
}

/// Splits galvan's host texels into what `write_image` takes per aspect: colour as is,
/// depth as f32, stencil as bytes.
pub fn aspect_bytes(format: TexelFormat, data: &[u8], aspect: Aspect) -> Vec<u8> {
    match aspect {
        Aspect::Depth if format.has_stencil() => data.chunks_exact(8).flat_map(|t| [t[0], t[1], t[2], t[3]]).collect(),
        Aspect::Stencil if format.is_depth() => data.chunks_exact(8).map(|t| t[4]).collect(),
        _ => data.to_vec(),
    }
}

/// Joins read-back aspects into galvan's host texel layout.
pub fn join_depth_stencil(depth: &[u8], stencil: &[u8]) -> Vec<u8> {
    depth.chunks_exact(4).zip(stencil).flat_map(|(d, &s)| [d[0], d[1], d[2], d[3], s, 0, 0, 0]).collect()
}

/// The aspects an upload of `format` writes.
pub fn upload_aspects(format: TexelFormat) -> &'static [Aspect] {
    match (format.is_depth(), format.has_stencil()) {
        (true, true) => &[Aspect::Depth, Aspect::Stencil],
        (true, false) => &[Aspect::Depth],
        (false, true) => &[Aspect::Stencil],
        _ => &[Aspect::Color],
    }
}

/// Reads `region`'s texels of `image` in galvan's host layout for `format`.
pub fn read_host_texels(stream: &mut vk_backend::CommandStream, image: &Image, region: &ImageRegion, format: TexelFormat) -> Result<Vec<u8>, vk_backend::Error> {
    let mut read = |aspect| stream.read_image(image, &ImageRegion { aspect, ..*region });
    match upload_aspects(format) {
        [Aspect::Depth, Aspect::Stencil] => {
            let depth = read(Aspect::Depth)?;
            Ok(join_depth_stencil(&depth, &read(Aspect::Stencil)?))
        }
        [aspect] => read(*aspect),
        _ => read(Aspect::Color),
    }
}

impl ContextState {
    /// Makes the GPU image of `texture` holding its levels from `anchor` on (every face and
    /// layer), uploaded from the host copy, except levels its retired image still holds
    /// unchanged: those are copied from it on the GPU, rendered contents included.
    fn create_texture_image(&mut self, texture: &Texture, anchor: usize) -> Result<Option<GpuImage>, vk_backend::Error> {
        let Some(base) = texture.level(anchor).filter(|b| !b.is_empty()) else { return Ok(None) };
        // A cube map whose faces disagree has no consistent chain, yet each face of the
        // first face's size may still be rendered to: such a texture gets one level.
        let levels = texture.chain_from(anchor).max(1);
        let target = texture.target;
        let (width, height, depth, layers) = match target {
            GL_TEXTURE_1D => (base.width, 1, 1, 1),
            GL_TEXTURE_1D_ARRAY => (base.width, 1, 1, base.height),
            GL_TEXTURE_3D => (base.width, base.height, base.depth, 1),
            GL_TEXTURE_2D_ARRAY | GL_TEXTURE_CUBE_MAP_ARRAY | GL_TEXTURE_2D_MULTISAMPLE_ARRAY => (base.width, base.height, 1, base.depth),
            GL_TEXTURE_CUBE_MAP => (base.width, base.height, 1, 6),
            _ => (base.width, base.height, 1, 1),
        };
        let dimension = texture_target::image_dimension(target);
        // Blocks go to the GPU as they are where the device samples them and every level
        // has them; else the host's decoded texels do.
        let host_images = if base.samples > 1 { &[][..] } else { &texture.faces[..] };
        let has_blocks = |tex: &TexImage| tex.compressed.as_ref().is_some_and(|b| Some(b.len()) == level_blocks_size(tex));
        let native = self
            .native_block_format(base.format, dimension)
            .filter(|_| host_images.iter().all(|images| images.iter().skip(anchor).take(levels).all(|t| t.as_ref().is_none_or(has_blocks))));
        let desc = ImageDesc {
            dimension,
            format: native.unwrap_or_else(|| vk_format(base.format)),
            width,
            height,
            depth,
            layers,
            levels: levels as u32,
            samples: base.samples.max(1),
        };
        if native.is_some() {
            tracing::debug!(target: "galvan", "texture image of {:?} blocks, {width}x{height}x{depth}, {layers} layers, {levels} levels", desc.format);
        }
        let image = Image::new(&self.device, &desc)?;
        let retired = texture.retired.as_ref().filter(|r| {
            let old = r.gpu.image.desc();
            (old.format, old.layers, old.samples, old.dimension) == (desc.format, desc.layers, desc.samples, desc.dimension)
        });
        // Multisample images have no host contents to upload.
        for (face, images) in host_images.iter().enumerate() {
            for (image_level, tex) in images.iter().skip(anchor).take(levels).enumerate() {
                let Some(tex) = tex.as_ref().filter(|t| t.size() == base.size() && t.format == base.format || image_level > 0) else { continue };
                let region = Region { offset: [0; 3], size: tex.size() };
                let level = (anchor + image_level) as u32;
                for &aspect in upload_aspects(tex.format) {
                    let r = image_region(target, face, image_level as u32, &region, aspect);
                    let kept = retired.filter(|old| old.gpu.holds_level(level) && !old.redefined.contains(&(face, level as usize))).and_then(|old| {
                        let from = old.gpu.region(target, face, level, &region, aspect);
                        (from.extent == old.gpu.image.desc().level_extent(from.level)).then_some((old, from))
                    });
                    match (kept, tex.compressed.as_ref().filter(|_| native.is_some())) {
                        (Some((old, from)), _) => self.stream.copy_image(&old.gpu.image, &from, &image, &r)?,
                        (None, Some(blocks)) => self.stream.write_image(&image, &r, blocks)?,
                        (None, None) => self.stream.write_image(&image, &r, &aspect_bytes(tex.format, &tex.data, aspect))?,
                    }
                }
            }
        }
        Ok(Some(GpuImage::new(image, anchor as u32)))
    }

    /// The format the GPU image of a compressed `format` keeps its blocks in, where the
    /// device samples and filters them for an image of `dimension` (2D and cube images: 1D
    /// and 3D ones of block formats are not ones every device makes); `None` where the
    /// blocks are decoded on upload.
    fn native_block_format(&self, format: TexelFormat, dimension: vk_backend::ImageDimension) -> Option<Format> {
        use vk_backend::ImageDimension as D;
        let block_format = compressed_vk_format(format.info.storage).filter(|_| matches!(dimension, D::D2 | D::Cube))?;
        let support = self.device.format_support(block_format);
        (support.sampled && support.filtered && support.transfer).then_some(block_format)
    }

    /// Makes sure `texture` has a GPU image holding level `level` when it can: the image
    /// starts at level 0 when the levels from there reach `level`, else at `level` itself.
    pub(crate) fn ensure_texture_image(&mut self, texture: &mut Texture, level: usize) -> Result<(), vk_backend::Error> {
        if texture.gpu.as_ref().is_some_and(|g| g.holds_level(level as u32)) {
            return Ok(());
        }
        let anchor = if texture.chain_from(0) > level { 0 } else { level };
        if let Some(gpu) = self.create_texture_image(texture, anchor)? {
            texture.gpu = Some(gpu);
            texture.retired = None;
        }
        Ok(())
    }

    /// Writes `texels` (tightly packed, galvan's host layout) into `region` of GL level
    /// `level` of `face` in a texture's GPU image, in stream order.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn write_texture_region(&mut self, gpu: &GpuImage, target: GLenum, face: usize, level: u32, region: &Region, texel: TexelFormat, texels: &[u8]) -> Result<(), vk_backend::Error> {
        if !gpu.holds_level(level) {
            return Ok(());
        }
        if gpu.is_compressed() {
            return Err(vk_backend::Error::InvalidArgument("texels written into an image of compressed blocks".into()));
        }
        for &aspect in upload_aspects(texel) {
            let r = gpu.region(target, face, level, region, aspect);
            self.stream.write_image(&gpu.image, &r, &aspect_bytes(texel, texels, aspect))?;
        }
        Ok(())
    }

    /// Writes `blocks` (whole blocks, in rows of blocks) into block-aligned `region` of GL
    /// level `level` of `face` in a texture's GPU image of compressed blocks.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn write_texture_blocks(&mut self, gpu: &GpuImage, target: GLenum, face: usize, level: u32, region: &Region, blocks: &[u8]) -> Result<(), vk_backend::Error> {
        if !gpu.holds_level(level) {
            return Ok(());
        }
        let r = gpu.region(target, face, level, region, Aspect::Color);
        self.stream.write_image(&gpu.image, &r, blocks)
    }

    /// Writes a whole level from its host copy into a texture's GPU image: its blocks where
    /// the image keeps blocks, else its texels.
    pub(crate) fn write_texture_level(&mut self, gpu: &GpuImage, target: GLenum, face: usize, level: u32, image: &TexImage) -> Result<(), vk_backend::Error> {
        let region = Region { offset: [0; 3], size: image.size() };
        match image.compressed.as_ref().filter(|_| gpu.is_compressed()) {
            Some(blocks) => self.write_texture_blocks(gpu, target, face, level, &region, blocks),
            None => self.write_texture_region(gpu, target, face, level, &region, image.format, &image.data),
        }
    }

    /// Reads GL level `level` of `face` back from a texture's GPU image, in galvan's host
    /// layout; `None` when the image does not hold that level.
    pub(crate) fn read_texture_level(&mut self, gpu: &GpuImage, target: GLenum, face: usize, level: u32, like: &TexImage) -> Result<Option<Vec<u8>>, vk_backend::Error> {
        if !gpu.holds_level(level) || like.is_empty() || gpu.is_compressed() {
            return Ok(None);
        }
        let region = Region { offset: [0; 3], size: like.size() };
        let r = gpu.region(target, face, level, &region, Aspect::Color);
        read_host_texels(&mut self.stream, &gpu.image, &r, like.format).map(Some)
    }

    /// The attachment view of a texture level: one layer (an array layer, a cube face, a 3D
    /// slice) or, for a layered attachment, all of them; creates the texture's image if needed.
    pub(crate) fn texture_attachment_view(&mut self, name: GLuint, level: u32, layer: u32, layered: bool, srgb_encode: bool) -> Result<Option<AttachedView>, vk_backend::Error> {
        let share = self.share.clone();
        let mut objects = share.lock();
        let Some(texture) = objects.textures.get_mut(name) else { return Ok(None) };
        self.ensure_texture_image(texture, level as usize)?;
        let layers = attachment_layers(texture, level);
        let Some(gpu) = texture.gpu.as_mut().filter(|g| g.holds_level(level)) else { return Ok(None) };
        let window_level = level - gpu.anchor;
        let image_level = gpu.image_level(level);
        // A cube face defined with another size than the rest has no place in the image.
        if texture.target == GL_TEXTURE_CUBE_MAP && !layered {
            let desc = gpu.image.desc();
            let fits = texture.faces.get(layer as usize).and_then(|f| f.get(level as usize)).and_then(Option::as_ref).is_some_and(|f| f.width == (desc.width >> image_level).max(1) && f.height == (desc.height >> image_level).max(1));
            if !fits {
                return Ok(None);
            }
        }
        let (first, count) = if layered { (0, layers) } else { (layer, 1) };
        if count == 0 || first + count > layers {
            return Ok(None);
        }
        let face = if texture.target == GL_TEXTURE_CUBE_MAP && !layered { layer as usize } else { 0 };
        let Some(format) = texture.face_level(face, level as usize).map(|image| image.format) else { return Ok(None) };
        let Some(gpu) = texture.gpu.as_mut() else { return Ok(None) };
        gpu.attachment_view(window_level, first, count, srgb_encode).map(|view| Some(AttachedView { view, format }))
    }

    /// The view, sampler state and stored-channel swizzle sampling `texture` as `target`
    /// reads, `None` when it cannot be sampled (not complete, or no GPU image of its base).
    fn complete_texture_view(&mut self, texture: &mut Texture, target: GLenum, sampler_override: Option<SamplerState>, compat: bool) -> Result<Option<(ImageView, SamplerState, [gl_formats::Swizzle; 4])>, vk_backend::Error> {
        use gl_formats::Swizzle as S;
        const AS_STORED: [S; 4] = [S::R, S::G, S::B, S::A];
        let state = sampler_override.unwrap_or(texture.sampler);
        if texture.is_complete(&state) {
            let base = texture.effective_base_level();
            self.ensure_texture_image(texture, base as usize)?;
            let max = texture.effective_max_level();
            let stencil = texture.depth_stencil_mode == GL_STENCIL_INDEX;
            let depth_mode = (compat && !stencil).then_some(texture.depth_texture_mode);
            let swizzle = texture.level(base as usize).map_or([Swizzle::R, Swizzle::G, Swizzle::B, Swizzle::A], |l| view_swizzle(texture.swizzle, l.format, depth_mode));
            let stored = texture.level(base as usize).map_or(AS_STORED, |l| l.format.info.sample_swizzle());
            if let Some(gpu) = texture.gpu.as_mut().filter(|g| g.holds_level(base)) {
                let w = *gpu.window();
                let last = (gpu.anchor + w.levels - 1).min(max.max(base));
                let aspect = if w.format.has_depth() && !(stencil && w.format.has_stencil()) {
                    Aspect::Depth
                } else if w.format.has_stencil() {
                    Aspect::Stencil
                } else {
                    Aspect::Color
                };
                let desc = ImageViewDesc {
                    view_type: texture_target::view_type(target),
                    aspect,
                    base_level: base - gpu.anchor,
                    level_count: last - base + 1,
                    base_layer: 0,
                    layer_count: w.layers,
                    swizzle,
                    format: None,
                };
                return Ok(Some((gpu.sample_view(&desc)?, state, stored)));
            }
        }
        Ok(None)
    }

    /// The view and sampler state a sampler of GLSL type `sampler_type` reads on texture
    /// `unit`: the bound texture's levels base..max with its swizzle, or an incomplete
    /// texture's (0, 0, 0, 1) when it cannot be sampled.
    /// Also returns what each GL component of the texture reads from its stored channels.
    pub(crate) fn texture_sample_view(&mut self, unit: u32, sampler_type: GLenum) -> Result<(ImageView, SamplerState, [gl_formats::Swizzle; 4]), vk_backend::Error> {
        use gl_formats::Swizzle as S;
        const AS_STORED: [S; 4] = [S::R, S::G, S::B, S::A];
        if let Some(pixels) = self.pixel_rectangle.as_ref().filter(|_| unit == crate::fixed_function::fragment_ir::PIXEL_RECTANGLE_UNIT) {
            let (view, state) = pixels.sample();
            return Ok((view, state, AS_STORED));
        }
        let (target, kind) = texture_target::sampler_type_target(sampler_type);
        let index = texture_target::target_index(target);
        let name = index.and_then(|i| self.bindings.textures.get(unit as usize).map(|t| t[i])).unwrap_or(0);
        let sampler_name = self.bindings.samplers.get(unit as usize).copied().unwrap_or(0);
        let compat = !self.is_core() && !self.is_gles();
        let share = self.share.clone();
        let mut objects = share.lock();
        let sampler_override = objects.samplers.get(sampler_name).map(|s| s.state);
        // Texture 0 is this context's default texture of the target, taken out while it is
        // sampled and put back whatever happens.
        let mut default = if name == 0 { index.and_then(|i| self.default_textures[i].take()) } else { None };
        let texture = if name == 0 { default.as_mut() } else { objects.textures.get_mut(name) };
        let found = match texture {
            Some(texture) => self.complete_texture_view(texture, target, sampler_override, compat),
            None => Ok(None),
        };
        if let (Some(i), Some(t)) = (index, default) {
            self.default_textures[i] = Some(t);
        }
        let found = found?;
        drop(objects);
        match found {
            Some(f) => Ok(f),
            None => {
                let mut state = sampler_override.unwrap_or_else(|| SamplerState::new(target));
                // Integer formats are never filtered.
                if kind != SampleKind::Float {
                    (state.min_filter, state.mag_filter) = (GL_NEAREST, GL_NEAREST);
                }
                Ok((self.fallback_texture_view(target, kind)?, state, AS_STORED))
            }
        }
    }

    /// What sampling an incomplete texture returns, (0, 0, 0, 1), as a 1x1 view of the type
    /// and kind the shader declares, made once per type and kind.
    fn fallback_texture_view(&mut self, target: GLenum, kind: SampleKind) -> Result<ImageView, vk_backend::Error> {
        let view_type = texture_target::view_type(target);
        if let Some((_, view)) = self.fallback_texture.iter().find(|(key, _)| *key == (view_type, kind)) {
            return Ok(view.clone());
        }
        let format = match kind {
            SampleKind::Float => Format::Rgba8Unorm,
            SampleKind::Sint => Format::Rgba8Sint,
            SampleKind::Uint => Format::Rgba8Uint,
        };
        let layers = if matches!(view_type, ViewType::Cube | ViewType::CubeArray) { 6 } else { 1 };
        let mut desc = ImageDesc::new_2d(format, 1, 1);
        desc.dimension = texture_target::image_dimension(target);
        desc.layers = layers;
        let image = Image::new(&self.device, &desc)?;
        let texels: Vec<u8> = (0..layers).flat_map(|_| [0, 0, 0, 1]).map(|v| if kind == SampleKind::Float { v * 255 } else { v }).collect();
        let region = ImageRegion { layer_count: layers, ..ImageRegion::rect(0, 0, 1, 1) };
        self.stream.write_image(&image, &region, &texels)?;
        let view = image.create_view(&ImageViewDesc {
            view_type,
            aspect: Aspect::Color,
            base_level: 0,
            level_count: 1,
            base_layer: 0,
            layer_count: layers,
            swizzle: [Swizzle::R, Swizzle::G, Swizzle::B, Swizzle::A],
            format: None,
        })?;
        self.fallback_texture.push(((view_type, kind), view.clone()));
        Ok(view)
    }

    /// The attachment view of a renderbuffer, creating its image if needed.
    pub(crate) fn renderbuffer_attachment_view(&mut self, name: GLuint, srgb_encode: bool) -> Result<Option<AttachedView>, vk_backend::Error> {
        let share = self.share.clone();
        let mut objects = share.lock();
        let Some(rb) = objects.renderbuffers.get_mut(name) else { return Ok(None) };
        let Some(format) = rb.format else { return Ok(None) };
        if rb.gpu.is_none() {
            let mut desc = ImageDesc::new_2d(vk_format(format), rb.width.max(1), rb.height.max(1));
            desc.samples = rb.samples.max(1);
            rb.gpu = Some(GpuImage::new(Image::new(&self.device, &desc)?, 0));
        }
        rb.gpu.as_mut().expect("created above").attachment_view(0, 0, 1, srgb_encode).map(|view| Some(AttachedView { view, format }))
    }
}

/// The shape used to key fallback views.
pub type FallbackKey = (ViewType, SampleKind);
