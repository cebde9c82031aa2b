//! Copies between buffers and images, uploads through the staging ring, and read-backs that
//! submit and wait.

use crate::buffer::{Buffer, MemoryHint, RawBuffer};
use crate::command::CommandStream;
use crate::conv;
use crate::error::{Error, Result};
use crate::format::Aspect;
use crate::image::{Image, ImageRegion, RawImage};
use crate::render_targets::{BlitFilter, BlitRect};
use ash::vk;
use std::sync::Arc;

const COPY: vk::PipelineStageFlags2 = vk::PipelineStageFlags2::COPY;
const BLIT: vk::PipelineStageFlags2 = vk::PipelineStageFlags2::BLIT;

fn check_range(what: &str, offset: u64, len: u64, size: u64) -> Result<()> {
    match offset.checked_add(len) {
        Some(end) if end <= size => Ok(()),
        _ => Err(Error::InvalidArgument(format!("{what}: range {offset}+{len} outside {size} bytes"))),
    }
}

/// Checks a region against an image: level, layers, bounds and aspect.
fn check_region(image: &RawImage, r: &ImageRegion) -> Result<()> {
    let d = &image.desc;
    let aspect_ok = match r.aspect {
        Aspect::Color => !d.format.is_depth_stencil(),
        Aspect::Depth => d.format.has_depth(),
        Aspect::Stencil => d.format.has_stencil(),
        Aspect::DepthStencil => false,
    };
    if !aspect_ok || r.level >= d.levels {
        return Err(Error::InvalidArgument(format!("region {r:?} of image {d:?}")));
    }
    let e = d.level_extent(r.level);
    let inside = (0..3).all(|i| r.offset[i] >= 0 && (r.offset[i] as u64 + u64::from(r.extent[i])) <= u64::from(e[i]))
        && r.layer_count >= 1
        && u64::from(r.base_layer) + u64::from(r.layer_count) <= u64::from(d.layers);
    if !inside || r.extent.contains(&0) {
        return Err(Error::InvalidArgument(format!("region {r:?} outside image {d:?}")));
    }
    // A compressed image is copied by whole blocks: a region starts on a block and ends on
    // one or at the level's edge.
    if let Some((bw, bh)) = d.format.block_extent() {
        let aligned = |axis: usize, b: u32| r.offset[axis] as u32 % b == 0 && (r.extent[axis] % b == 0 || r.offset[axis] as u32 + r.extent[axis] == e[axis]);
        if !aligned(0, bw) || !aligned(1, bh) {
            return Err(Error::InvalidArgument(format!("region {r:?} not block-aligned in image {d:?}")));
        }
    }
    Ok(())
}

fn subresource_layers(image: &RawImage, r: &ImageRegion) -> vk::ImageSubresourceLayers {
    vk::ImageSubresourceLayers {
        aspect_mask: conv::map_aspect(r.aspect, image.desc.format),
        mip_level: r.level,
        base_array_layer: r.base_layer,
        layer_count: r.layer_count,
    }
}

fn buffer_image_copy(image: &RawImage, buffer_offset: u64, row_length: u32, image_height: u32, r: &ImageRegion) -> vk::BufferImageCopy {
    vk::BufferImageCopy {
        buffer_offset,
        buffer_row_length: row_length,
        buffer_image_height: image_height,
        image_subresource: subresource_layers(image, r),
        image_offset: vk::Offset3D { x: r.offset[0], y: r.offset[1], z: r.offset[2] },
        image_extent: vk::Extent3D { width: r.extent[0], height: r.extent[1], depth: r.extent[2] },
    }
}

/// Bytes per texel of the aspect as Vulkan copies it to or from a buffer.
fn vk_copy_texel_size(image: &RawImage, aspect: Aspect) -> u32 {
    match (aspect, image.vk_format) {
        (Aspect::Depth, vk::Format::D16_UNORM) => 2,
        (Aspect::Depth, _) => 4,
        (Aspect::Stencil, _) => 1,
        _ => image.desc.format.texel_size(Aspect::Color),
    }
}

/// Depth values as f32 to the Vulkan copy layout of the image's depth format.
fn pack_depth(vk_format: vk::Format, data: &[u8]) -> Vec<u8> {
    let values = data.chunks_exact(4).map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]).clamp(0.0, 1.0));
    match vk_format {
        vk::Format::D16_UNORM => values.flat_map(|v| ((v * 65535.0).round() as u16).to_le_bytes()).collect(),
        vk::Format::X8_D24_UNORM_PACK32 | vk::Format::D24_UNORM_S8_UINT => {
            values.flat_map(|v| ((v * 16_777_215.0).round() as u32).to_le_bytes()).collect()
        }
        _ => values.flat_map(f32::to_le_bytes).collect(),
    }
}

/// The Vulkan copy layout of depth values back to f32.
fn unpack_depth(vk_format: vk::Format, data: &[u8]) -> Vec<u8> {
    match vk_format {
        vk::Format::D16_UNORM => data
            .chunks_exact(2)
            .flat_map(|c| (f32::from(u16::from_le_bytes([c[0], c[1]])) / 65535.0).to_le_bytes())
            .collect(),
        vk::Format::X8_D24_UNORM_PACK32 | vk::Format::D24_UNORM_S8_UINT => data
            .chunks_exact(4)
            .flat_map(|c| (((u32::from_le_bytes([c[0], c[1], c[2], c[3]]) & 0xff_ffff) as f64 / 16_777_215.0) as f32).to_le_bytes())
            .collect(),
        _ => data.to_vec(),
    }
}

impl CommandStream {
    /// Writes `data` into `buffer` at `offset` (glBufferSubData), in order with the stream's
    /// work. An idle host-visible buffer is written directly; a busy one written whole gets
    /// fresh storage; anything else goes through a staging copy.
    pub fn write_buffer(&mut self, buffer: &Buffer, offset: u64, data: &[u8]) -> Result<()> {
        check_range("write_buffer", offset, data.len() as u64, buffer.size())?;
        if data.is_empty() {
            return Ok(());
        }
        let raw = buffer.storage();
        if raw.host.is_some() && !raw.uses.busy() {
            raw.host_write(offset, data);
            return Ok(());
        }
        if raw.host.is_some() && offset == 0 && data.len() as u64 == buffer.size() {
            let fresh = buffer.orphan()?;
            fresh.host_write(0, data);
            return Ok(());
        }
        let (chunk, src_offset) = self.stage(data)?;
        self.copy_raw_buffer(&chunk, src_offset, &raw, offset, data.len() as u64)
    }

    /// Gives `buffer` fresh, undefined storage if the GPU still uses it (glBufferData with
    /// new data, GL_MAP_INVALIDATE_BUFFER_BIT); returns whether it did.
    pub fn invalidate_buffer(&mut self, buffer: &Buffer) -> Result<bool> {
        if buffer.is_busy() {
            buffer.orphan()?;
            return Ok(true);
        }
        Ok(false)
    }

    fn copy_raw_buffer(&mut self, src: &Arc<RawBuffer>, src_offset: u64, dst: &Arc<RawBuffer>, dst_offset: u64, size: u64) -> Result<()> {
        self.end_rendering()?;
        self.use_buffer_read(src, COPY, vk::AccessFlags2::TRANSFER_READ)?;
        self.use_buffer_write(dst, COPY, vk::AccessFlags2::TRANSFER_WRITE)?;
        self.emit_barriers()?;
        let cmd = self.cmd()?;
        let region = vk::BufferCopy { src_offset, dst_offset, size };
        // SAFETY: both ranges were checked against the buffers' sizes; both are alive (held by
        // the batch) and have transfer usage; barriers for both were just recorded.
        unsafe { self.device.raw.cmd_copy_buffer(cmd, src.raw, dst.raw, &[region]) };
        Ok(())
    }

    /// Copies `size` bytes between buffers (glCopyBufferSubData). Overlapping ranges of one
    /// buffer are an error.
    pub fn copy_buffer(&mut self, src: &Buffer, src_offset: u64, dst: &Buffer, dst_offset: u64, size: u64) -> Result<()> {
        check_range("copy_buffer source", src_offset, size, src.size())?;
        check_range("copy_buffer destination", dst_offset, size, dst.size())?;
        if src.same(dst) && src_offset < dst_offset + size && dst_offset < src_offset + size {
            return Err(Error::InvalidArgument("copy_buffer ranges overlap".into()));
        }
        if size == 0 {
            return Ok(());
        }
        let (s, d) = (src.storage(), dst.storage());
        self.copy_raw_buffer(&s, src_offset, &d, dst_offset, size)
    }

    /// A read-back buffer of at least `size` bytes.
    fn readback_buffer(&mut self, size: u64) -> Result<Arc<RawBuffer>> {
        if let Some(rb) = &self.readback {
            if rb.size >= size {
                return Ok(rb.clone());
            }
        }
        let rb = RawBuffer::new(&self.device, size.next_power_of_two().max(1 << 16), MemoryHint::Readback, vk::BufferUsageFlags::TRANSFER_DST)?;
        self.readback = Some(rb.clone());
        Ok(rb)
    }

    /// Makes GPU writes to `buffer` visible to the host, waits for them, and copies out.
    fn finish_readback(&mut self, buffer: &Arc<RawBuffer>, offset: u64, out: &mut [u8]) -> Result<()> {
        self.use_buffer_read(buffer, vk::PipelineStageFlags2::HOST, vk::AccessFlags2::HOST_READ)?;
        self.emit_barriers()?;
        self.submit_and_wait()?;
        if !buffer.host_read(offset, out) {
            return Err(Error::InvalidArgument("read-back memory is not mapped".into()));
        }
        Ok(())
    }

    /// Reads `len` bytes of `buffer` at `offset` (glGetBufferSubData), after all recorded work
    /// that writes it.
    pub fn read_buffer(&mut self, buffer: &Buffer, offset: u64, len: u64) -> Result<Vec<u8>> {
        check_range("read_buffer", offset, len, buffer.size())?;
        let mut out = vec![0u8; len as usize];
        if len == 0 {
            return Ok(out);
        }
        let raw = buffer.storage();
        if raw.host.is_some() {
            if !raw.uses.busy() {
                let needs_barrier = raw
                    .sync
                    .lock()
                    .map_err(|_| Error::DeviceLost)?
                    .clone()
                    .read(vk::PipelineStageFlags2::HOST, vk::AccessFlags2::HOST_READ, vk::ImageLayout::UNDEFINED)
                    .is_some();
                if !needs_barrier {
                    raw.host_read(offset, &mut out);
                    return Ok(out);
                }
            }
            self.end_rendering()?;
            self.finish_readback(&raw, offset, &mut out)?;
            return Ok(out);
        }
        let rb = self.readback_buffer(len)?;
        self.copy_raw_buffer(&raw, offset, &rb, 0, len)?;
        self.finish_readback(&rb, 0, &mut out)?;
        Ok(out)
    }

    /// Uploads tightly packed texels into a region of `image` (glTexSubImage). Colour data is
    /// in the format's own layout; depth is `f32` per texel (converted to the image's depth
    /// format, whatever fallback backs it); stencil is one byte per texel.
    pub fn write_image(&mut self, image: &Image, region: &ImageRegion, data: &[u8]) -> Result<()> {
        let raw = image.0.clone();
        check_region(&raw, region)?;
        let texel = u64::from(raw.desc.format.texel_size(region.aspect));
        if data.len() as u64 != raw.desc.format.units_in(region.extent, region.layer_count) * texel {
            return Err(Error::InvalidArgument(format!("write_image: {} bytes for {} texels", data.len(), region.texel_count())));
        }
        let packed;
        let bytes = if region.aspect == Aspect::Depth {
            packed = pack_depth(raw.vk_format, data);
            &packed[..]
        } else {
            data
        };
        let (chunk, offset) = self.stage(bytes)?;
        self.end_rendering()?;
        let d = raw.desc;
        let whole = d.levels == 1 && d.layers == 1 && region.offset == [0; 3] && region.extent == d.level_extent(0) && !d.format.is_depth_stencil();
        self.use_image_write(&raw, COPY, vk::AccessFlags2::TRANSFER_WRITE, vk::ImageLayout::TRANSFER_DST_OPTIMAL, whole)?;
        self.emit_barriers()?;
        let cmd = self.cmd()?;
        let copy = buffer_image_copy(&raw, offset, 0, 0, region);
        // SAFETY: the region was checked against the image; the staging range holds exactly
        // the region's texels; the image is in TRANSFER_DST_OPTIMAL per the barrier above.
        unsafe {
            self.device.raw.cmd_copy_buffer_to_image(cmd, chunk.raw, raw.raw, vk::ImageLayout::TRANSFER_DST_OPTIMAL, &[copy])
        };
        Ok(())
    }

    /// Reads a region of `image` as tightly packed texels, layout as for `write_image`
    /// (glReadPixels, glGetTexImage). Submits and waits.
    pub fn read_image(&mut self, image: &Image, region: &ImageRegion) -> Result<Vec<u8>> {
        let raw = image.0.clone();
        check_region(&raw, region)?;
        if raw.desc.samples != 1 {
            return Err(Error::InvalidArgument("read_image of a multisampled image: resolve it first".into()));
        }
        let size = raw.desc.format.units_in(region.extent, region.layer_count) * u64::from(vk_copy_texel_size(&raw, region.aspect));
        let rb = self.readback_buffer(size)?;
        self.end_rendering()?;
        self.use_image_read(&raw, COPY, vk::AccessFlags2::TRANSFER_READ, vk::ImageLayout::TRANSFER_SRC_OPTIMAL)?;
        self.use_buffer_write(&rb, COPY, vk::AccessFlags2::TRANSFER_WRITE)?;
        self.emit_barriers()?;
        let cmd = self.cmd()?;
        let copy = buffer_image_copy(&raw, 0, 0, 0, region);
        // SAFETY: region checked; the read-back buffer holds `size` bytes; the image is in
        // TRANSFER_SRC_OPTIMAL per the barrier above.
        unsafe { self.device.raw.cmd_copy_image_to_buffer(cmd, raw.raw, vk::ImageLayout::TRANSFER_SRC_OPTIMAL, rb.raw, &[copy]) };
        let mut out = vec![0u8; size as usize];
        self.finish_readback(&rb, 0, &mut out)?;
        Ok(if region.aspect == Aspect::Depth { unpack_depth(raw.vk_format, &out) } else { out })
    }

    /// Copies texels from a buffer into an image region (pixel unpack buffers). The buffer
    /// holds the format's layout with rows of `row_length` texels (0: tight) and images of
    /// `image_height` rows (0: tight). Colour aspects only.
    pub fn copy_buffer_to_image(&mut self, buffer: &Buffer, offset: u64, row_length: u32, image_height: u32, image: &Image, region: &ImageRegion) -> Result<()> {
        let raw = image.0.clone();
        check_region(&raw, region)?;
        let (len, align) = self.buffer_image_span(&raw, region, row_length, image_height)?;
        if !offset.is_multiple_of(align) {
            return Err(Error::InvalidArgument("buffer offset not a multiple of the texel size".into()));
        }
        check_range("copy_buffer_to_image", offset, len, buffer.size())?;
        let b = buffer.storage();
        self.end_rendering()?;
        self.use_buffer_read(&b, COPY, vk::AccessFlags2::TRANSFER_READ)?;
        self.use_image_write(&raw, COPY, vk::AccessFlags2::TRANSFER_WRITE, vk::ImageLayout::TRANSFER_DST_OPTIMAL, false)?;
        self.emit_barriers()?;
        let cmd = self.cmd()?;
        let copy = buffer_image_copy(&raw, offset, row_length, image_height, region);
        // SAFETY: region and buffer range checked; layouts per the barriers above.
        unsafe { self.device.raw.cmd_copy_buffer_to_image(cmd, b.raw, raw.raw, vk::ImageLayout::TRANSFER_DST_OPTIMAL, &[copy]) };
        Ok(())
    }

    /// Copies an image region into a buffer (pixel pack buffers), layout as for
    /// `copy_buffer_to_image`.
    pub fn copy_image_to_buffer(&mut self, image: &Image, region: &ImageRegion, buffer: &Buffer, offset: u64, row_length: u32, image_height: u32) -> Result<()> {
        let raw = image.0.clone();
        check_region(&raw, region)?;
        let (len, align) = self.buffer_image_span(&raw, region, row_length, image_height)?;
        if !offset.is_multiple_of(align) {
            return Err(Error::InvalidArgument("buffer offset not a multiple of the texel size".into()));
        }
        check_range("copy_image_to_buffer", offset, len, buffer.size())?;
        let b = buffer.storage();
        self.end_rendering()?;
        self.use_image_read(&raw, COPY, vk::AccessFlags2::TRANSFER_READ, vk::ImageLayout::TRANSFER_SRC_OPTIMAL)?;
        self.use_buffer_write(&b, COPY, vk::AccessFlags2::TRANSFER_WRITE)?;
        self.emit_barriers()?;
        let cmd = self.cmd()?;
        let copy = buffer_image_copy(&raw, offset, row_length, image_height, region);
        // SAFETY: region and buffer range checked; layouts per the barriers above.
        unsafe { self.device.raw.cmd_copy_image_to_buffer(cmd, raw.raw, vk::ImageLayout::TRANSFER_SRC_OPTIMAL, b.raw, &[copy]) };
        Ok(())
    }

    /// Bytes a buffer<->image copy spans, and the offset alignment it needs.
    fn buffer_image_span(&self, image: &RawImage, r: &ImageRegion, row_length: u32, image_height: u32) -> Result<(u64, u64)> {
        if r.aspect != Aspect::Color {
            return Err(Error::InvalidArgument("buffer/image copies of depth or stencil go through write_image/read_image".into()));
        }
        let format = image.desc.format;
        let texel = u64::from(format.texel_size(Aspect::Color));
        // Rows and images are counted in blocks for a compressed format (Vulkan takes the
        // buffer's row length and image height in texels, whole blocks of them).
        let (bw, bh) = format.block_extent().unwrap_or((1, 1));
        if !row_length.is_multiple_of(bw) || !image_height.is_multiple_of(bh) {
            return Err(Error::InvalidArgument("buffer row length or image height not a whole number of blocks".into()));
        }
        let (width, height) = (u64::from(r.extent[0].div_ceil(bw)), u64::from(r.extent[1].div_ceil(bh)));
        let row = if row_length == 0 { width } else { u64::from(row_length / bw).max(width) };
        let rows = if image_height == 0 { height } else { u64::from(image_height / bh).max(height) };
        let slices = u64::from(r.extent[2]) * u64::from(r.layer_count);
        let len = ((slices - 1) * rows * row + (height - 1) * row + width) * texel;
        Ok((len, texel))
    }

    /// Copies texels between images of compatible formats (glCopyImageSubData); both regions
    /// have the same extent.
    pub fn copy_image(&mut self, src: &Image, src_region: &ImageRegion, dst: &Image, dst_region: &ImageRegion) -> Result<()> {
        let (s, d) = (src.0.clone(), dst.0.clone());
        check_region(&s, src_region)?;
        check_region(&d, dst_region)?;
        if src_region.extent != dst_region.extent || src_region.layer_count != dst_region.layer_count || s.desc.samples != d.desc.samples {
            return Err(Error::InvalidArgument("copy_image regions differ in size or samples".into()));
        }
        self.end_rendering()?;
        let (src_layout, dst_layout) = self.transfer_pair(&s, &d, COPY)?;
        let cmd = self.cmd()?;
        let copy = vk::ImageCopy {
            src_subresource: subresource_layers(&s, src_region),
            src_offset: vk::Offset3D { x: src_region.offset[0], y: src_region.offset[1], z: src_region.offset[2] },
            dst_subresource: subresource_layers(&d, dst_region),
            dst_offset: vk::Offset3D { x: dst_region.offset[0], y: dst_region.offset[1], z: dst_region.offset[2] },
            extent: vk::Extent3D { width: src_region.extent[0], height: src_region.extent[1], depth: src_region.extent[2] },
        };
        // SAFETY: regions checked against both images; layouts per the barriers recorded.
        unsafe { self.device.raw.cmd_copy_image(cmd, s.raw, src_layout, d.raw, dst_layout, &[copy]) };
        Ok(())
    }

    /// Barriers for a transfer from `s` to `d`; one image used both ways is kept in GENERAL.
    fn transfer_pair(&mut self, s: &Arc<RawImage>, d: &Arc<RawImage>, stage: vk::PipelineStageFlags2) -> Result<(vk::ImageLayout, vk::ImageLayout)> {
        if Arc::ptr_eq(s, d) {
            self.use_image_write(s, stage, vk::AccessFlags2::TRANSFER_READ | vk::AccessFlags2::TRANSFER_WRITE, vk::ImageLayout::GENERAL, false)?;
            self.emit_barriers()?;
            return Ok((vk::ImageLayout::GENERAL, vk::ImageLayout::GENERAL));
        }
        self.use_image_read(s, stage, vk::AccessFlags2::TRANSFER_READ, vk::ImageLayout::TRANSFER_SRC_OPTIMAL)?;
        self.use_image_write(d, stage, vk::AccessFlags2::TRANSFER_WRITE, vk::ImageLayout::TRANSFER_DST_OPTIMAL, false)?;
        self.emit_barriers()?;
        Ok((vk::ImageLayout::TRANSFER_SRC_OPTIMAL, vk::ImageLayout::TRANSFER_DST_OPTIMAL))
    }

    /// Scaled copy between rectangles (glBlitFramebuffer); reversed corners mirror. `aspect`
    /// is Color, Depth, Stencil or DepthStencil (depth/stencil need Nearest).
    pub fn blit(&mut self, src: &Image, src_rect: &BlitRect, dst: &Image, dst_rect: &BlitRect, aspect: Aspect, filter: BlitFilter) -> Result<()> {
        let (s, d) = (src.0.clone(), dst.0.clone());
        for (img, r) in [(&s, src_rect), (&d, dst_rect)] {
            let e = img.desc.level_extent(r.level);
            let ok = r.level < img.desc.levels
                && r.layer < img.desc.layers
                && [r.x0, r.x1].iter().all(|x| (0..=e[0] as i32).contains(x))
                && [r.y0, r.y1].iter().all(|y| (0..=e[1] as i32).contains(y));
            if !ok {
                return Err(Error::InvalidArgument(format!("blit rectangle {r:?} outside image {:?}", img.desc)));
            }
        }
        if aspect != Aspect::Color && filter != BlitFilter::Nearest {
            return Err(Error::InvalidArgument("depth/stencil blits filter with Nearest only".into()));
        }
        if (aspect == Aspect::Color) == s.desc.format.is_depth_stencil() || s.desc.format.is_depth_stencil() != d.desc.format.is_depth_stencil() {
            return Err(Error::InvalidArgument("blit aspect does not match the formats".into()));
        }
        if src_rect.x0 == src_rect.x1 || src_rect.y0 == src_rect.y1 || dst_rect.x0 == dst_rect.x1 || dst_rect.y0 == dst_rect.y1 {
            return Ok(());
        }
        self.end_rendering()?;
        let (src_layout, dst_layout) = self.transfer_pair(&s, &d, BLIT)?;
        let cmd = self.cmd()?;
        let layers = |img: &RawImage, r: &BlitRect| vk::ImageSubresourceLayers {
            aspect_mask: conv::map_aspect(aspect, img.desc.format),
            mip_level: r.level,
            base_array_layer: r.layer,
            layer_count: 1,
        };
        let blit = vk::ImageBlit {
            src_subresource: layers(&s, src_rect),
            src_offsets: [vk::Offset3D { x: src_rect.x0, y: src_rect.y0, z: 0 }, vk::Offset3D { x: src_rect.x1, y: src_rect.y1, z: 1 }],
            dst_subresource: layers(&d, dst_rect),
            dst_offsets: [vk::Offset3D { x: dst_rect.x0, y: dst_rect.y0, z: 0 }, vk::Offset3D { x: dst_rect.x1, y: dst_rect.y1, z: 1 }],
        };
        let samples_ok = s.desc.samples == 1 && d.desc.samples == 1;
        if !samples_ok {
            return Err(Error::InvalidArgument("blit of multisampled images: resolve instead".into()));
        }
        // SAFETY: rectangles checked against both images; layouts per the barriers recorded;
        // the filter is Nearest for depth/stencil.
        unsafe { self.device.raw.cmd_blit_image(cmd, s.raw, src_layout, d.raw, dst_layout, &[blit], conv::map_blit_filter(filter)) };
        Ok(())
    }

    /// Fills levels 1.. of `image` by successive linear halving of level 0
    /// (glGenerateMipmap), every layer at once.
    pub fn generate_mipmaps(&mut self, image: &Image) -> Result<()> {
        let raw = image.0.clone();
        let d = raw.desc;
        if d.levels < 2 {
            return Ok(());
        }
        if d.format.is_depth_stencil() || d.samples != 1 || d.dimension == crate::image::ImageDimension::D3 {
            return Err(Error::InvalidArgument(format!("cannot generate mipmaps of {d:?}")));
        }
        // Integer formats cannot be filtered linearly.
        let filter = if d.format.class() == crate::format::FormatClass::Float { vk::Filter::LINEAR } else { vk::Filter::NEAREST };
        self.end_rendering()?;
        // Everything to TRANSFER_DST first, keeping level 0's contents.
        self.use_image_write(&raw, BLIT, vk::AccessFlags2::TRANSFER_WRITE, vk::ImageLayout::TRANSFER_DST_OPTIMAL, false)?;
        self.emit_barriers()?;
        let cmd = self.cmd()?;
        let level_barrier = |level: u32| {
            vk::ImageMemoryBarrier2::default()
                .src_stage_mask(BLIT)
                .src_access_mask(vk::AccessFlags2::TRANSFER_WRITE)
                .dst_stage_mask(BLIT)
                .dst_access_mask(vk::AccessFlags2::TRANSFER_READ)
                .old_layout(vk::ImageLayout::TRANSFER_DST_OPTIMAL)
                .new_layout(vk::ImageLayout::TRANSFER_SRC_OPTIMAL)
                .src_queue_family_index(vk::QUEUE_FAMILY_IGNORED)
                .dst_queue_family_index(vk::QUEUE_FAMILY_IGNORED)
                .image(raw.raw)
                .subresource_range(vk::ImageSubresourceRange {
                    aspect_mask: vk::ImageAspectFlags::COLOR,
                    base_mip_level: level,
                    level_count: 1,
                    base_array_layer: 0,
                    layer_count: d.layers,
                })
        };
        for level in 1..d.levels {
            let barriers = [level_barrier(level - 1)];
            let (s, t) = (d.level_extent(level - 1), d.level_extent(level));
            let layers = |l: u32| vk::ImageSubresourceLayers { aspect_mask: vk::ImageAspectFlags::COLOR, mip_level: l, base_array_layer: 0, layer_count: d.layers };
            let blit = vk::ImageBlit {
                src_subresource: layers(level - 1),
                src_offsets: [vk::Offset3D::default(), vk::Offset3D { x: s[0] as i32, y: s[1] as i32, z: 1 }],
                dst_subresource: layers(level),
                dst_offsets: [vk::Offset3D::default(), vk::Offset3D { x: t[0] as i32, y: t[1] as i32, z: 1 }],
            };
            // SAFETY: level - 1 was written by the previous step (or is level 0) and moves to
            // TRANSFER_SRC here; level is in TRANSFER_DST from the whole-image barrier above.
            unsafe {
                self.device.raw.cmd_pipeline_barrier2(cmd, &vk::DependencyInfo::default().image_memory_barriers(&barriers));
                self.device.raw.cmd_blit_image(
                    cmd,
                    raw.raw,
                    vk::ImageLayout::TRANSFER_SRC_OPTIMAL,
                    raw.raw,
                    vk::ImageLayout::TRANSFER_DST_OPTIMAL,
                    &[blit],
                    filter,
                );
            }
        }
        // The last level joins the others in TRANSFER_SRC so the tracker sees one layout.
        let barriers = [level_barrier(d.levels - 1)];
        // SAFETY: the last level was just written by a blit and is in TRANSFER_DST.
        unsafe { self.device.raw.cmd_pipeline_barrier2(cmd, &vk::DependencyInfo::default().image_memory_barriers(&barriers)) };
        raw.sync
            .lock()
            .map_err(|_| Error::DeviceLost)?
            .set_written(BLIT, vk::AccessFlags2::TRANSFER_WRITE, vk::ImageLayout::TRANSFER_SRC_OPTIMAL);
        Ok(())
    }

    /// Averages the samples of a multisampled colour image into a single-sampled one of the
    /// same format (glBlitFramebuffer from a multisampled framebuffer); same-size regions.
    pub fn resolve(&mut self, src: &Image, src_region: &ImageRegion, dst: &Image, dst_region: &ImageRegion) -> Result<()> {
        let (s, d) = (src.0.clone(), dst.0.clone());
        check_region(&s, src_region)?;
        check_region(&d, dst_region)?;
        if s.desc.samples < 2 || d.desc.samples != 1 || s.desc.format != d.desc.format || src_region.aspect != Aspect::Color {
            return Err(Error::InvalidArgument("resolve needs a multisampled colour source and a single-sampled destination of its format".into()));
        }
        if src_region.extent != dst_region.extent || src_region.layer_count != dst_region.layer_count {
            return Err(Error::InvalidArgument("resolve regions differ in size".into()));
        }
        self.end_rendering()?;
        let (src_layout, dst_layout) = self.transfer_pair(&s, &d, vk::PipelineStageFlags2::RESOLVE)?;
        let cmd = self.cmd()?;
        let region = vk::ImageResolve {
            src_subresource: subresource_layers(&s, src_region),
            src_offset: vk::Offset3D { x: src_region.offset[0], y: src_region.offset[1], z: src_region.offset[2] },
            dst_subresource: subresource_layers(&d, dst_region),
            dst_offset: vk::Offset3D { x: dst_region.offset[0], y: dst_region.offset[1], z: dst_region.offset[2] },
            extent: vk::Extent3D { width: src_region.extent[0], height: src_region.extent[1], depth: src_region.extent[2] },
        };
        // SAFETY: regions checked against both images; layouts per the barriers recorded.
        unsafe { self.device.raw.cmd_resolve_image(cmd, s.raw, src_layout, d.raw, dst_layout, &[region]) };
        Ok(())
    }
}

impl CommandStream {
    /// Resolves every aspect of a multisampled depth/stencil image into a single-sampled
    /// one of the same format by taking sample 0 (GL leaves the choice of sample to the
    /// implementation). Vulkan resolves depth/stencil only at the end of a rendering, over
    /// its render area, so both regions lie at the same offset of one level and layer each;
    /// both aspects resolve alike, which every device can (no independent resolve needed).
    pub fn resolve_depth_stencil(&mut self, src: &Image, src_region: &ImageRegion, dst: &Image, dst_region: &ImageRegion) -> Result<()> {
        let (s, d) = (src.0.clone(), dst.0.clone());
        let format = s.desc.format;
        if s.desc.samples < 2 || d.desc.samples != 1 || format != d.desc.format || !format.is_depth_stencil() {
            return Err(Error::InvalidArgument("depth/stencil resolve needs a multisampled source and a single-sampled destination of its format".into()));
        }
        let one_aspect = if format.has_depth() { Aspect::Depth } else { Aspect::Stencil };
        check_region(&s, &ImageRegion { aspect: one_aspect, ..*src_region })?;
        check_region(&d, &ImageRegion { aspect: one_aspect, ..*dst_region })?;
        if src_region.offset != dst_region.offset || src_region.extent != dst_region.extent || src_region.layer_count != 1 || dst_region.layer_count != 1 {
            return Err(Error::InvalidArgument("depth/stencil resolve regions differ or span layers".into()));
        }
        self.end_rendering()?;
        let src_view = src.create_attachment_view(src_region.level, src_region.base_layer)?;
        let dst_view = dst.create_attachment_view(dst_region.level, dst_region.base_layer)?;
        self.batch()?.keep(src_view.0.id, || src_view.0.clone());
        self.batch()?.keep(dst_view.0.id, || dst_view.0.clone());
        let layout = vk::ImageLayout::DEPTH_STENCIL_ATTACHMENT_OPTIMAL;
        let tests = vk::PipelineStageFlags2::EARLY_FRAGMENT_TESTS | vk::PipelineStageFlags2::LATE_FRAGMENT_TESTS;
        let attachment = vk::AccessFlags2::DEPTH_STENCIL_ATTACHMENT_READ | vk::AccessFlags2::DEPTH_STENCIL_ATTACHMENT_WRITE;
        self.use_image_write(&s, tests, attachment, layout, false)?;
        // Resolves write in the colour-output stage whatever the aspect.
        let resolve_stages = tests | vk::PipelineStageFlags2::COLOR_ATTACHMENT_OUTPUT;
        let resolve_access = vk::AccessFlags2::DEPTH_STENCIL_ATTACHMENT_WRITE | vk::AccessFlags2::COLOR_ATTACHMENT_WRITE;
        self.use_image_write(&d, resolve_stages, resolve_access, layout, false)?;
        self.emit_barriers()?;
        let attachment_info = vk::RenderingAttachmentInfo::default()
            .image_view(src_view.0.raw)
            .image_layout(layout)
            .load_op(vk::AttachmentLoadOp::LOAD)
            .store_op(vk::AttachmentStoreOp::STORE)
            .resolve_mode(vk::ResolveModeFlags::SAMPLE_ZERO)
            .resolve_image_view(dst_view.0.raw)
            .resolve_image_layout(layout);
        let area = vk::Rect2D {
            offset: vk::Offset2D { x: src_region.offset[0], y: src_region.offset[1] },
            extent: vk::Extent2D { width: src_region.extent[0], height: src_region.extent[1] },
        };
        let mut info = vk::RenderingInfo::default().render_area(area).layer_count(1);
        if format.has_depth() {
            info = info.depth_attachment(&attachment_info);
        }
        if format.has_stencil() {
            info = info.stencil_attachment(&attachment_info);
        }
        let cmd = self.cmd()?;
        // SAFETY: both views are alive (kept by the batch) and in the layout named, per the
        // barriers just recorded; the render area was checked against both images; every
        // device offers the sample-zero resolve of depth and stencil (Vulkan 1.2).
        unsafe {
            self.device.raw.cmd_begin_rendering(cmd, &info);
            self.device.raw.cmd_end_rendering(cmd);
        }
        Ok(())
    }
}
