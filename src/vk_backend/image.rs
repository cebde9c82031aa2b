//! Images (GL textures and renderbuffers) and views of them.

use crate::conv;
use crate::device::Device;
use crate::error::{vk_err, Error, Result};
use crate::format::{Aspect, Format};
use crate::sync::{ResourceSync, UseTracker};
use ash::vk;
use gpu_allocator::vulkan::Allocation;
use gpu_allocator::MemoryLocation;
use std::sync::{Arc, Mutex};

/// The shape of an image.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ImageDimension {
    D1,
    #[default]
    D2,
    D3,
    /// Cube or cube array: `layers` is a multiple of 6.
    Cube,
}

/// How to create an image.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ImageDesc {
    pub dimension: ImageDimension,
    pub format: Format,
    pub width: u32,
    pub height: u32,
    /// Depth of a 3D image, 1 otherwise.
    pub depth: u32,
    /// Array layers (6 per cube); 1 for 3D images.
    pub layers: u32,
    pub levels: u32,
    pub samples: u32,
}

impl ImageDesc {
    /// A single-level, single-sample 2D image.
    pub fn new_2d(format: Format, width: u32, height: u32) -> Self {
        ImageDesc { dimension: ImageDimension::D2, format, width, height, depth: 1, layers: 1, levels: 1, samples: 1 }
    }

    /// Width, height and depth of mip level `level`.
    pub fn level_extent(&self, level: u32) -> [u32; 3] {
        [(self.width >> level).max(1), (self.height >> level).max(1), (self.depth >> level).max(1)]
    }
}

/// A sub-region of one mip level: texels `offset .. offset + extent` of layers
/// `base_layer .. base_layer + layer_count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ImageRegion {
    pub aspect: Aspect,
    pub level: u32,
    pub base_layer: u32,
    pub layer_count: u32,
    pub offset: [i32; 3],
    pub extent: [u32; 3],
}

impl ImageRegion {
    /// A 2D rectangle of layer 0, level 0, colour aspect.
    pub fn rect(x: i32, y: i32, width: u32, height: u32) -> Self {
        ImageRegion { aspect: Aspect::Color, level: 0, base_layer: 0, layer_count: 1, offset: [x, y, 0], extent: [width, height, 1] }
    }

    /// Whole level `level` of `desc`, every layer.
    pub fn whole_level(desc: &ImageDesc, aspect: Aspect, level: u32) -> Self {
        ImageRegion { aspect, level, base_layer: 0, layer_count: desc.layers, offset: [0; 3], extent: desc.level_extent(level) }
    }

    /// Number of texels the region covers.
    pub fn texel_count(&self) -> u64 {
        u64::from(self.extent[0]) * u64::from(self.extent[1]) * u64::from(self.extent[2]) * u64::from(self.layer_count)
    }
}

/// One VkImage with its memory and access history.
pub(crate) struct RawImage {
    pub device: Arc<Device>,
    pub raw: vk::Image,
    pub desc: ImageDesc,
    pub vk_format: vk::Format,
    /// What the image was created to be used for; views of another format narrow it.
    usage: vk::ImageUsageFlags,
    /// `None` for swapchain images, which the swapchain owns.
    allocation: Mutex<Option<Allocation>>,
    owned: bool,
    pub sync: Mutex<ResourceSync>,
    pub uses: UseTracker,
}

impl Drop for RawImage {
    fn drop(&mut self) {
        if !self.owned {
            return;
        }
        // SAFETY: the last reference is gone; batches keep images alive while they run.
        unsafe { self.device.raw.destroy_image(self.raw, None) };
        if let (Ok(mut alloc), Ok(mut allocator)) = (self.allocation.lock(), self.device.allocator.lock()) {
            if let (Some(a), Some(allocator)) = (alloc.take(), allocator.as_mut()) {
                let _ = allocator.free(a);
            }
        }
    }
}

/// A texture or renderbuffer's storage. Cloning gives another handle to the same image.
#[derive(Clone)]
pub struct Image(pub(crate) Arc<RawImage>);

impl Image {
    /// Creates an image; its contents are undefined until written or cleared.
    pub fn new(device: &Arc<Device>, desc: &ImageDesc) -> Result<Image> {
        let limits = &device.info().limits;
        let bad = desc.width == 0
            || desc.height == 0
            || desc.depth == 0
            || desc.layers == 0
            || desc.levels == 0
            || desc.levels > 32 - desc.width.max(desc.height).max(desc.depth).leading_zeros()
            || !desc.samples.is_power_of_two()
            || desc.samples > limits.max_samples
            || (desc.dimension == ImageDimension::Cube && (!desc.layers.is_multiple_of(6) || desc.width != desc.height));
        if bad {
            return Err(Error::InvalidArgument(format!("image {desc:?}")));
        }
        let vk_format = conv::map_format(desc.format, &device.info().features);
        let usage = conv::image_usage(device, desc.format, vk_format, desc.samples)?;
        // Colour images may be read and written in another format of their texel size (GL
        // texture views, an sRGB image's linear twin); depth and stencil images never are,
        // and keep whatever compression the device gives formats that cannot change.
        let mut flags = if desc.format.is_depth_stencil() { vk::ImageCreateFlags::empty() } else { vk::ImageCreateFlags::MUTABLE_FORMAT };
        // A square 2D array of six layers or more may be viewed as cube maps (texture views).
        let cube_viewable = desc.dimension == ImageDimension::D2 && desc.width == desc.height && desc.layers >= 6 && desc.samples == 1;
        if desc.dimension == ImageDimension::Cube || cube_viewable {
            flags |= vk::ImageCreateFlags::CUBE_COMPATIBLE;
        }
        if desc.dimension == ImageDimension::D3 {
            flags |= vk::ImageCreateFlags::TYPE_2D_ARRAY_COMPATIBLE;
        }
        let info = vk::ImageCreateInfo::default()
            .flags(flags)
            .image_type(conv::map_image_type(desc.dimension))
            .format(vk_format)
            .extent(vk::Extent3D { width: desc.width, height: desc.height, depth: desc.depth })
            .mip_levels(desc.levels)
            .array_layers(desc.layers)
            .samples(conv::map_samples(desc.samples))
            .tiling(vk::ImageTiling::OPTIMAL)
            .usage(usage)
            .sharing_mode(vk::SharingMode::EXCLUSIVE)
            .initial_layout(vk::ImageLayout::UNDEFINED);
        // SAFETY: the create info was validated above against the device's limits and the
        // usage against the format's features.
        let raw = unsafe { device.raw.create_image(&info, None) }.map_err(vk_err("vkCreateImage"))?;
        // SAFETY: raw was just created on this device.
        let requirements = unsafe { device.raw.get_image_memory_requirements(raw) };
        let allocation = match device.allocate_memory("image", requirements, MemoryLocation::GpuOnly, false) {
            Ok(a) => a,
            Err(e) => {
                // SAFETY: raw is unused and unbound.
                unsafe { device.raw.destroy_image(raw, None) };
                return Err(e);
            }
        };
        // SAFETY: the allocation satisfies raw's requirements and is bound once.
        unsafe { device.raw.bind_image_memory(raw, allocation.memory(), allocation.offset()) }
            .map_err(vk_err("vkBindImageMemory"))?;
        Ok(Image(Arc::new(RawImage {
            device: device.clone(),
            raw,
            desc: *desc,
            vk_format,
            usage,
            allocation: Mutex::new(Some(allocation)),
            owned: true,
            sync: Mutex::new(ResourceSync::new(vk::ImageLayout::UNDEFINED)),
            uses: UseTracker::default(),
        })))
    }

    /// Wraps an image the swapchain owns.
    pub(crate) fn from_swapchain(device: &Arc<Device>, raw: vk::Image, desc: ImageDesc, vk_format: vk::Format, usage: vk::ImageUsageFlags) -> Image {
        Image(Arc::new(RawImage {
            device: device.clone(),
            raw,
            desc,
            vk_format,
            usage,
            allocation: Mutex::new(None),
            owned: false,
            sync: Mutex::new(ResourceSync::new(vk::ImageLayout::UNDEFINED)),
            uses: UseTracker::default(),
        }))
    }

    /// What the image was created with.
    pub fn desc(&self) -> &ImageDesc {
        &self.0.desc
    }

    /// Whether two handles name the same image.
    pub fn same(&self, other: &Image) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }

    /// Creates a view: what a sampler reads or an attachment writes.
    pub fn create_view(&self, desc: &ImageViewDesc) -> Result<ImageView> {
        let image = &self.0;
        let d = &image.desc;
        if desc.level_count == 0
            || desc.base_level + desc.level_count > d.levels
            || desc.layer_count == 0
            || desc.base_layer + desc.layer_count > d.layers.max(if desc.view_type == ViewType::D2 || desc.view_type == ViewType::D2Array { d.depth } else { 1 })
        {
            return Err(Error::InvalidArgument(format!("view {desc:?} of image {d:?}")));
        }
        let format = desc.format.unwrap_or(d.format);
        let vk_format = if desc.format.is_some() { conv::map_format(format, &image.device.info().features) } else { image.vk_format };
        // A view in another format may only be used as that format's features allow.
        let mut usage = vk::ImageViewUsageCreateInfo::default().usage(image.usage);
        if vk_format != image.vk_format {
            let allowed = conv::image_usage(&image.device, format, vk_format, d.samples).unwrap_or(vk::ImageUsageFlags::empty()) & image.usage;
            if allowed.is_empty() {
                return Err(Error::UnsupportedFormat(format));
            }
            usage = usage.usage(allowed);
        }
        let info = vk::ImageViewCreateInfo::default()
            .push_next(&mut usage)
            .image(image.raw)
            .view_type(conv::map_view_type(desc.view_type))
            .format(vk_format)
            .components(conv::map_swizzle(desc.swizzle))
            .subresource_range(vk::ImageSubresourceRange {
                aspect_mask: conv::map_aspect(desc.aspect, format),
                base_mip_level: desc.base_level,
                level_count: desc.level_count,
                base_array_layer: desc.base_layer,
                layer_count: desc.layer_count,
            });
        // SAFETY: the range was checked against the image above; image is alive (we hold it).
        let raw = unsafe { image.device.raw.create_image_view(&info, None) }.map_err(vk_err("vkCreateImageView"))?;
        Ok(ImageView(Arc::new(ViewShared { image: self.clone(), raw, desc: *desc, format, id: image.device.next_id() })))
    }

    /// A view of the whole image for sampling: every level and layer, identity swizzle.
    pub fn create_default_view(&self) -> Result<ImageView> {
        let d = self.0.desc;
        let view_type = match (d.dimension, d.layers) {
            (ImageDimension::D1, 1) => ViewType::D1,
            (ImageDimension::D1, _) => ViewType::D1Array,
            (ImageDimension::D2, 1) => ViewType::D2,
            (ImageDimension::D2, _) => ViewType::D2Array,
            (ImageDimension::D3, _) => ViewType::D3,
            (ImageDimension::Cube, 6) => ViewType::Cube,
            (ImageDimension::Cube, _) => ViewType::CubeArray,
        };
        let aspect = if d.format.has_depth() { Aspect::Depth } else if d.format.has_stencil() { Aspect::Stencil } else { Aspect::Color };
        self.create_view(&ImageViewDesc {
            view_type,
            aspect,
            base_level: 0,
            level_count: d.levels,
            base_layer: 0,
            layer_count: d.layers,
            swizzle: [Swizzle::R, Swizzle::G, Swizzle::B, Swizzle::A],
            format: None,
        })
    }

    /// A view of one level and layer, as a render target attachment (all aspects).
    pub fn create_attachment_view(&self, level: u32, layer: u32) -> Result<ImageView> {
        self.create_layers_attachment_view(level, layer, 1)
    }

    /// A view of `count` layers of one level from `first`, as a render target attachment:
    /// one layer is a 2D view, several a 2D array view (layered rendering). The layers of a
    /// 3D image are its depth slices (the image is made 2D-array compatible).
    pub fn create_layers_attachment_view(&self, level: u32, first: u32, count: u32) -> Result<ImageView> {
        let d = self.0.desc;
        let view_type = match (d.dimension, count) {
            (ImageDimension::D1, 1) => ViewType::D1,
            (ImageDimension::D1, _) => ViewType::D1Array,
            (_, 1) => ViewType::D2,
            _ => ViewType::D2Array,
        };
        self.create_view(&ImageViewDesc {
            view_type,
            aspect: d.format.attachment_aspect(),
            base_level: level,
            level_count: 1,
            base_layer: first,
            layer_count: count,
            swizzle: [Swizzle::R, Swizzle::G, Swizzle::B, Swizzle::A],
            format: None,
        })
    }
}

impl std::fmt::Debug for Image {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Image").field(&self.0.desc).finish()
    }
}

/// How a view interprets its image.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ViewType {
    D1,
    D1Array,
    #[default]
    D2,
    D2Array,
    D3,
    Cube,
    CubeArray,
}

/// A texture swizzle source (GL_TEXTURE_SWIZZLE_*).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Swizzle {
    #[default]
    R,
    G,
    B,
    A,
    Zero,
    One,
}

/// How to create a view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ImageViewDesc {
    pub view_type: ViewType,
    /// Colour, Depth or Stencil for sampling; DepthStencil for an attachment of both.
    pub aspect: Aspect,
    pub base_level: u32,
    pub level_count: u32,
    pub base_layer: u32,
    pub layer_count: u32,
    pub swizzle: [Swizzle; 4],
    /// A compatible format to reinterpret the image as (texture views, sRGB decode);
    /// `None` keeps the image's.
    pub format: Option<Format>,
}

pub(crate) struct ViewShared {
    pub image: Image,
    pub raw: vk::ImageView,
    pub desc: ImageViewDesc,
    pub format: Format,
    pub id: u64,
}

impl Drop for ViewShared {
    fn drop(&mut self) {
        // SAFETY: the last reference is gone; batches keep views alive while they run.
        unsafe { self.image.0.device.raw.destroy_image_view(self.raw, None) };
    }
}

/// A view of an image. Cloning gives another handle to the same view.
#[derive(Clone)]
pub struct ImageView(pub(crate) Arc<ViewShared>);

impl ImageView {
    /// The image viewed.
    pub fn image(&self) -> &Image {
        &self.0.image
    }

    /// What the view was created with.
    pub fn desc(&self) -> &ImageViewDesc {
        &self.0.desc
    }

    /// The format the view reads and writes.
    pub fn format(&self) -> Format {
        self.0.format
    }

    /// Width and height of the view's base level.
    pub fn extent(&self) -> (u32, u32) {
        let e = self.0.image.0.desc.level_extent(self.0.desc.base_level);
        (e[0], e[1])
    }

    /// Whether two handles name the same view.
    pub fn same(&self, other: &ImageView) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl std::fmt::Debug for ImageView {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ImageView").field("image", &self.0.image).field("desc", &self.0.desc).finish()
    }
}
