//! glBlitFramebuffer: scaled copies from the read framebuffer to every draw buffer of the
//! draw framebuffer, and of depth/stencil between their attachments.

use vk_backend::{Aspect, BlitFilter, BlitRect, Format, FormatClass, Image, ImageDesc, ImageRegion, ImageView, RenderTargets};

use super::blit_draw::{first_layer, source_view, BlitOutput};
use super::gpu_image::linear_twin;
use super::targets::ReadSource;
use crate::context::ContextState;
use crate::pixels::{HostTexels, TexelFormat};
use crate::state::enables::Cap;
use crate::types::enums::*;
use crate::types::*;

impl ContextState {
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn gl_blit_framebuffer(&mut self, src: [GLint; 4], dst: [GLint; 4], mask: GLbitfield, filter: GLenum) {
        let all = GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT;
        // EXT_framebuffer_multisample_blit_scaled: a resolve that scales, filtered linearly.
        let scaled_resolve = matches!(filter, GL_SCALED_RESOLVE_FASTEST_EXT | GL_SCALED_RESOLVE_NICEST_EXT)
            && self.strings.has_extension("GL_EXT_framebuffer_multisample_blit_scaled");
        if !self.check(mask & !all == 0, GL_INVALID_VALUE) || !self.check(matches!(filter, GL_NEAREST | GL_LINEAR) || scaled_resolve, GL_INVALID_ENUM) {
            return;
        }
        if !self.check(filter == GL_NEAREST || mask & (GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT) == 0, GL_INVALID_OPERATION) {
            return;
        }
        let targets = match self.draw_targets() {
            Ok(t) => t,
            Err(e) => return self.report_target_error(e),
        };
        if !self.conditional_render_passes() {
            return;
        }
        let blit_filter = if filter == GL_NEAREST { BlitFilter::Nearest } else { BlitFilter::Linear };
        // GL converts between sRGB and linear colour in a blit only while GL_FRAMEBUFFER_SRGB
        // is enabled.
        let srgb_convert = self.state.enables.is(Cap::FramebufferSrgb);
        // The scissor test cuts the destination rectangle, and with it the source it reads.
        let (src, dst) = if self.state.enables.is(Cap::ScissorTest) {
            let cut = |r: [GLint; 4]| BlitRect { level: 0, layer: 0, x0: r[0], y0: r[1], x1: r[2], y1: r[3] };
            match clip_to_scissor(&cut(src), &cut(dst), self.state.viewport.scissor()) {
                Some((from, to)) => ([from.x0, from.y0, from.x1, from.y1], [to.x0, to.y0, to.x1, to.y1]),
                None => return,
            }
        } else {
            (src, dst)
        };
        let rect = |r: [GLint; 4], level: u32, layer: u32| BlitRect { level, layer, x0: r[0], y0: r[1], x1: r[2], y1: r[3] };
        // The array layer or cube face an attachment shows (3D slices are not layers).
        let layer_of = |image: &vk_backend::Image, layer: u32| if image.desc().dimension == vk_backend::ImageDimension::D3 { 0 } else { layer };
        // Colour is blitted only where the read buffer and a draw buffer have images
        // (GL 4.6 section 18.3.1: the bit is ignored otherwise).
        let has_color = self.read_color_buffer_exists() && targets.colors.iter().any(Option::is_some);
        if mask & GL_COLOR_BUFFER_BIT != 0 && has_color {
            let source = match self.read_source(GL_RGBA) {
                Ok(s) => s,
                Err(e) => return self.report_target_error(e),
            };
            let source_samples = source.image.desc().samples;
            let same_size = (src[2] - src[0]).abs() == (dst[2] - dst[0]).abs() && (src[3] - src[1]).abs() == (dst[3] - dst[1]).abs();
            // A blit from or into a multisample framebuffer does not scale (GL 4.6 section 18.3.1).
            let dest_multisampled = targets.colors.iter().flatten().any(|v| v.image().desc().samples > 1);
            if !self.check(same_size || (source_samples == 1 && !dest_multisampled) || scaled_resolve, GL_INVALID_OPERATION) {
                return;
            }
            // Scaled resolves go from a multisample framebuffer into a single-sample one.
            if scaled_resolve && !self.check(source_samples > 1 && !dest_multisampled, GL_INVALID_OPERATION) {
                return;
            }
            if source_samples > 1 {
                // A multisample source resolves, and a multisample destination must have the
                // source's sample count.
                let samples_ok = targets.colors.iter().flatten().all(|v| matches!(v.image().desc().samples, 1) || v.image().desc().samples == source_samples);
                if !self.check(samples_ok, GL_INVALID_OPERATION) {
                    return;
                }
            }
            // Integer colour copies only to integer colour of the same signedness, and
            // is never filtered.
            let source_class = source.view_format.class();
            let classes_match = targets.colors.iter().flatten().all(|v| v.format().class() == source_class);
            if !self.check(classes_match && (filter == GL_NEAREST || source_class == FormatClass::Float), GL_INVALID_OPERATION) {
                return;
            }
            if self.is_gles() && !self.gles_multisample_blit_allowed(source_samples, dest_multisampled, src, dst, source.view_format, &targets) {
                return self.record_error(GL_INVALID_OPERATION);
            }
            for (slot, view) in targets.colors.iter().enumerate() {
                let Some(view) = view else { continue };
                let (level, layer) = (view.desc().base_level, layer_of(view.image(), view.desc().base_layer));
                let from = rect(src, source.level, layer_of(&source.image, source.layer));
                let to = rect(dst, level, layer);
                let dest_samples = view.image().desc().samples;
                let result = if source_samples > 1 && dest_samples == 1 {
                    self.resolve_blit(&source.image, &from, (view.image(), view.format()), &to, blit_filter, srgb_convert)
                } else if dest_samples > 1 {
                    let alpha_padding = targets.alpha_padding & (1 << slot) != 0;
                    self.blit_color_into_multisample(&source, &from, view, &to, srgb_convert, alpha_padding)
                } else {
                    match clip_unscaled(&from, &source.image, &to, view.image()) {
                        Some((from, to)) => self.blit_color((&source.image, source.view_format), &from, (view.image(), view.format()), &to, blit_filter, srgb_convert),
                        None => Ok(()),
                    }
                };
                if let Err(e) = result {
                    return self.backend_failed(e);
                }
            }
        }
        let depth_stencil = mask & (GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
        if depth_stencil != 0 {
            let Some(view) = targets.depth_stencil.clone() else { return };
            let format = if mask & GL_DEPTH_BUFFER_BIT != 0 { GL_DEPTH_COMPONENT } else { GL_STENCIL_INDEX };
            let source = match self.read_source(format) {
                Ok(s) => s,
                Err(e) => return self.report_target_error(e),
            };
            // A buffer that either side lacks is not blitted (GL 4.6 section 18.3.1).
            let (source_format, dest_format) = (source.image.desc().format, view.image().desc().format);
            let depth = depth_stencil & GL_DEPTH_BUFFER_BIT != 0 && source_format.has_depth() && dest_format.has_depth();
            let stencil = depth_stencil & GL_STENCIL_BUFFER_BIT != 0 && source_format.has_stencil() && dest_format.has_stencil();
            let aspect = match (depth, stencil) {
                (true, false) => Aspect::Depth,
                (false, true) => Aspect::Stencil,
                (true, true) => Aspect::DepthStencil,
                (false, false) => return,
            };
            // GL requires the buffers blitted to match in format.
            let (source_bits, dest_bits) = (self.read_depth_stencil_bits(source_format), self.draw_depth_stencil_bits(dest_format));
            let formats_match = (!depth || source_bits.depth == dest_bits.depth) && (!stencil || source_bits.stencil == dest_bits.stencil);
            if !self.check(formats_match, GL_INVALID_OPERATION) {
                return;
            }
            let (source_samples, dest_samples) = (source.image.desc().samples, view.image().desc().samples);
            // As for colour: a multisample source or destination keeps the size, and a
            // multisample source resolves or copies.
            let same_size = (src[2] - src[0]).abs() == (dst[2] - dst[0]).abs() && (src[3] - src[1]).abs() == (dst[3] - dst[1]).abs();
            if !self.check(same_size || (source_samples == 1 && dest_samples == 1), GL_INVALID_OPERATION) {
                return;
            }
            if source_samples > 1 && !self.check(dest_samples == 1 || dest_samples == source_samples, GL_INVALID_OPERATION) {
                return;
            }
            if self.is_gles() && !self.gles_multisample_blit_allowed(source_samples, dest_samples > 1, src, dst, source.image.desc().format, &RenderTargets::default()) {
                return self.record_error(GL_INVALID_OPERATION);
            }
            let (level, layer) = (view.desc().base_level, view.desc().base_layer);
            let (from, to) = (rect(src, source.level, source.layer), rect(dst, level, layer));
            let result = if source_format != dest_format {
                // Images of different Vulkan formats (DEPTH_COMPONENT24 beside
                // DEPTH24_STENCIL8) neither copy nor blit into each other: draw.
                self.blit_depth_stencil_by_draw(&source.image, &from, &view, &to, aspect)
            } else if dest_samples > 1 {
                self.blit_depth_stencil_into_multisample(&source.image, &from, &view, &to, aspect)
            } else if source_samples > 1 {
                self.resolve_depth_stencil_blit(&source.image, &from, view.image(), &to, aspect)
            } else {
                match clip_unscaled(&from, &source.image, &to, view.image()) {
                    Some((from, to)) => self.blit_depth_stencil(&source.image, &from, view.image(), &to, aspect),
                    None => Ok(()),
                }
            };
            if let Err(e) = result {
                self.backend_failed(e);
            }
        }
    }

    /// What the read framebuffer's depth/stencil buffer, of Vulkan format `format`, is as a
    /// depth/stencil blit compares it.
    fn read_depth_stencil_bits(&self, format: Format) -> DepthStencilBits {
        self.depth_stencil_bits(self.bindings.read_framebuffer, format)
    }

    fn draw_depth_stencil_bits(&self, format: Format) -> DepthStencilBits {
        self.depth_stencil_bits(self.bindings.draw_framebuffer, format)
    }

    /// A framebuffer object's attachments say what their GL formats hold (a Vulkan format
    /// may be a wider fallback); the window's buffers have their Vulkan formats only.
    fn depth_stencil_bits(&self, framebuffer: GLuint, format: Format) -> DepthStencilBits {
        let stored = DepthStencilBits::of_stored(format);
        let Some(fb) = self.framebuffers.get(framebuffer).filter(|_| framebuffer != 0) else { return stored };
        let depth = self.attached_image(fb.depth).map(|i| i.format);
        let stencil = self.attached_image(fb.stencil).map(|i| i.format);
        DepthStencilBits {
            depth: depth.map_or(stored.depth, DepthStencilBits::gl_depth),
            stencil: stencil.map_or(stored.stencil, |f| f.component_bits(GL_TEXTURE_STENCIL_SIZE)),
        }
    }

    /// OpenGL ES's extra rules for multisample blits: nothing is blitted into a
    /// multisample framebuffer, and a multisample source is only read at the same
    /// rectangle into a colour buffer of its own format.
    #[allow(clippy::too_many_arguments)]
    fn gles_multisample_blit_allowed(&self, source_samples: u32, dest_multisampled: bool, src: [GLint; 4], dst: [GLint; 4], source_format: Format, targets: &RenderTargets) -> bool {
        if dest_multisampled {
            return false;
        }
        source_samples == 1 || (src == dst && targets.colors.iter().flatten().all(|v| v.format() == source_format))
    }

    /// A colour blit into a multisample image (`to` of `dest`, an attachment view): an
    /// image copy when the source has as many samples and the same bits and nothing
    /// mirrors, else a draw (blit_draw.rs) that gives every sample its source pixel, or
    /// its own source sample.
    fn blit_color_into_multisample(&mut self, source: &ReadSource, from: &BlitRect, dest: &ImageView, to: &BlitRect, srgb_convert: bool, alpha_padding: bool) -> Result<(), vk_backend::Error> {
        let Some((from, to)) = clip_unscaled(from, &source.image, to, dest.image()) else { return Ok(()) };
        let image_format = dest.image().desc().format;
        let same_bits = source.image.desc().format == image_format
            && source.view_format == source.image.desc().format
            && (dest.format() == image_format || !srgb_convert);
        if source.image.desc().samples == dest.image().desc().samples && same_bits && !mirrored(&from, &to) {
            return self.copy_samples(&source.image, &from, dest.image(), &to, Aspect::Color);
        }
        // Without GL_FRAMEBUFFER_SRGB an sRGB source's bits pass undecoded.
        let format = if srgb_convert { source.view_format } else { linear_twin(source.view_format).unwrap_or(source.view_format) };
        let (image, from) = self.separate_source(&source.image, &from, dest.image(), Aspect::Color)?;
        let view = source_view(&image, from.level, from.layer, Aspect::Color, format)?;
        let output = BlitOutput::Color { class: dest.format().class(), alpha_padding };
        self.blit_by_draw(&view, &from, &first_layer(dest)?, &to, output)
    }

    /// A depth and/or stencil blit into a multisample image (`to` of `dest`, an attachment
    /// view) from one of the same format: an image copy from as many samples where nothing
    /// mirrors, else a draw per aspect (blit_draw.rs).
    fn blit_depth_stencil_into_multisample(&mut self, source: &Image, from: &BlitRect, dest: &ImageView, to: &BlitRect, aspect: Aspect) -> Result<(), vk_backend::Error> {
        let Some((from, to)) = clip_unscaled(from, source, to, dest.image()) else { return Ok(()) };
        if source.desc().samples == dest.image().desc().samples && !mirrored(&from, &to) {
            return self.copy_samples(source, &from, dest.image(), &to, aspect);
        }
        self.blit_depth_stencil_by_draw(source, &from, dest, &to, aspect)
    }

    /// A depth and/or stencil blit as draws (blit_draw.rs), one per aspect: into any sample
    /// count, between any formats with the aspect; a multisample source into one sample
    /// takes sample 0, as Vulkan's depth/stencil resolves do.
    fn blit_depth_stencil_by_draw(&mut self, source: &Image, from: &BlitRect, dest: &ImageView, to: &BlitRect, aspect: Aspect) -> Result<(), vk_backend::Error> {
        let Some((from, to)) = clip_unscaled(from, source, to, dest.image()) else { return Ok(()) };
        let (image, from) = self.separate_source(source, &from, dest.image(), Aspect::DepthStencil)?;
        let format = image.desc().format;
        let target = first_layer(dest)?;
        if matches!(aspect, Aspect::Depth | Aspect::DepthStencil) && format.has_depth() {
            let view = source_view(&image, from.level, from.layer, Aspect::Depth, format)?;
            self.blit_by_draw(&view, &from, &target, &to, BlitOutput::Depth)?;
        }
        if matches!(aspect, Aspect::Stencil | Aspect::DepthStencil) && format.has_stencil() {
            let view = source_view(&image, from.level, from.layer, Aspect::Stencil, format)?;
            self.blit_by_draw(&view, &from, &target, &to, BlitOutput::Stencil)?;
        }
        Ok(())
    }

    /// The image and rectangle a blit draw samples: `source` itself, or where it is also
    /// the destination (whose writes it must not read), a copy of `from` in a temporary of
    /// its format and sample count.
    fn separate_source(&mut self, source: &Image, from: &BlitRect, dest: &Image, aspect: Aspect) -> Result<(Image, BlitRect), vk_backend::Error> {
        if !source.same(dest) {
            return Ok((source.clone(), *from));
        }
        let (width, height) = (from.x0.abs_diff(from.x1), from.y0.abs_diff(from.y1));
        let desc = ImageDesc { samples: source.desc().samples, ..ImageDesc::new_2d(source.desc().format, width, height) };
        let copy = Image::new(&self.device, &desc)?;
        let format = source.desc().format;
        let aspects = match aspect {
            Aspect::Color => vec![Aspect::Color],
            _ => [(format.has_depth(), Aspect::Depth), (format.has_stencil(), Aspect::Stencil)].into_iter().filter(|(has, _)| *has).map(|(_, a)| a).collect(),
        };
        // Copies name one aspect at a time.
        for aspect in aspects {
            let region = |level, layer, x, y| ImageRegion { aspect, level, base_layer: layer, ..ImageRegion::rect(x, y, width, height) };
            self.stream.copy_image(source, &region(from.level, from.layer, from.x0.min(from.x1), from.y0.min(from.y1)), &copy, &region(0, 0, 0, 0))?;
        }
        Ok((copy, rect_from_origin(from)))
    }

    /// Resolves `from` of a multisample colour image into `to` of a single-sample one:
    /// straight through vkCmdResolveImage when formats and sizes match and nothing mirrors,
    /// else into a temporary image of the source's format and blitted from there with
    /// `filter` (format conversion, flips, scaled resolves).
    #[allow(clippy::too_many_arguments)]
    fn resolve_blit(&mut self, source: &Image, from: &BlitRect, (dest, dest_format): (&Image, Format), to: &BlitRect, filter: BlitFilter, srgb_convert: bool) -> Result<(), vk_backend::Error> {
        let Some((from, to)) = clip_unscaled(from, source, to, dest) else { return Ok(()) };
        let (from, to) = (&from, &to);
        let (sx, sy) = (from.x0.min(from.x1), from.y0.min(from.y1));
        let (width, height) = (from.x0.abs_diff(from.x1), from.y0.abs_diff(from.y1));
        if width == 0 || height == 0 {
            return Ok(());
        }
        // A scaled resolve's source rectangle is not clipped above: one reaching past the
        // image resolves nothing rather than reading outside it.
        let [level_width, level_height, _] = source.desc().level_extent(from.level);
        if sx < 0 || sy < 0 || sx as u32 + width > level_width || sy as u32 + height > level_height {
            return Ok(());
        }
        let scaled = width != to.x0.abs_diff(to.x1) || height != to.y0.abs_diff(to.y1);
        let src_region = ImageRegion { level: from.level, base_layer: from.layer, ..ImageRegion::rect(sx, sy, width, height) };
        let mirrored = (from.x1 < from.x0) != (to.x1 < to.x0) || (from.y1 < from.y0) != (to.y1 < to.y0);
        if source.desc().format == dest_format && dest_format == dest.desc().format && !mirrored && !scaled {
            let (dx, dy) = (to.x0.min(to.x1), to.y0.min(to.y1));
            let dst_region = ImageRegion { level: to.level, base_layer: to.layer, ..ImageRegion::rect(dx, dy, width, height) };
            return self.stream.resolve(source, &src_region, dest, &dst_region);
        }
        let resolved = Image::new(&self.device, &ImageDesc::new_2d(source.desc().format, width, height))?;
        self.stream.resolve(source, &src_region, &resolved, &ImageRegion::rect(0, 0, width, height))?;
        // The temporary holds the source rectangle from its low corner; the original corner
        // order carries over so the blit mirrors as GL asked.
        let (w, h) = (width as i32, height as i32);
        let (x0, x1) = if from.x1 < from.x0 { (w, 0) } else { (0, w) };
        let (y0, y1) = if from.y1 < from.y0 { (h, 0) } else { (0, h) };
        let temp = BlitRect { level: 0, layer: 0, x0, y0, x1, y1 };
        let [dest_width, dest_height, _] = dest.desc().level_extent(to.level);
        let (tx, ty) = (to.x0.min(to.x1), to.y0.min(to.y1));
        let (to_width, to_height) = (to.x0.abs_diff(to.x1), to.y0.abs_diff(to.y1));
        let inside = tx >= 0 && ty >= 0 && tx as u32 + to_width <= dest_width && ty as u32 + to_height <= dest_height;
        if inside {
            return self.blit_color((&resolved, resolved.desc().format), &temp, (dest, dest_format), to, filter, srgb_convert);
        }
        // A scaled resolve reaching past the destination: scaled whole into a temporary,
        // then the part inside the destination copied there.
        let (x0, y0) = (tx.max(0), ty.max(0));
        let x1 = (i64::from(tx) + i64::from(to_width)).min(i64::from(dest_width)) as i32;
        let y1 = (i64::from(ty) + i64::from(to_height)).min(i64::from(dest_height)) as i32;
        if x1 <= x0 || y1 <= y0 {
            return Ok(());
        }
        let staged = Image::new(&self.device, &ImageDesc::new_2d(dest_format, to_width, to_height))?;
        self.blit_color((&resolved, resolved.desc().format), &temp, (&staged, dest_format), &rect_from_origin(to), filter, srgb_convert)?;
        let (width, height) = ((x1 - x0) as u32, (y1 - y0) as u32);
        let part = ImageRegion::rect(x0 - tx, y0 - ty, width, height);
        let target = ImageRegion { level: to.level, base_layer: to.layer, ..ImageRegion::rect(x0, y0, width, height) };
        self.stream.copy_image(&staged, &part, dest, &target)
    }

    /// Resolves `from` of a multisample depth/stencil image into `to` of a single-sample
    /// one: every aspect resolves into a temporary image of the source's size (Vulkan
    /// resolves depth/stencil in place of the rendering's area), then the `aspect` GL asked
    /// for is blitted from there, mirrored as the rectangles say.
    fn resolve_depth_stencil_blit(&mut self, source: &Image, from: &BlitRect, dest: &Image, to: &BlitRect, aspect: Aspect) -> Result<(), vk_backend::Error> {
        let Some((from, to)) = clip_unscaled(from, source, to, dest) else { return Ok(()) };
        let (sx, sy) = (from.x0.min(from.x1), from.y0.min(from.y1));
        let (width, height) = (from.x0.abs_diff(from.x1), from.y0.abs_diff(from.y1));
        if width == 0 || height == 0 || sx < 0 || sy < 0 {
            return Ok(());
        }
        let [level_width, level_height, _] = source.desc().level_extent(from.level);
        if sx as u32 + width > level_width || sy as u32 + height > level_height {
            return Ok(());
        }
        let resolved = Image::new(&self.device, &ImageDesc::new_2d(source.desc().format, level_width, level_height))?;
        let region = ImageRegion::rect(sx, sy, width, height);
        let src_region = ImageRegion { level: from.level, base_layer: from.layer, ..region };
        self.stream.resolve_depth_stencil(source, &src_region, &resolved, &region)?;
        let temp = BlitRect { level: 0, layer: 0, ..from };
        self.blit_depth_stencil(&resolved, &temp, dest, &to, aspect)
    }

    /// A depth and/or stencil blit between single-sample images of one format. Blitting one
    /// aspect of an image that has both is left to the device only where it has one aspect:
    /// otherwise both are blitted into a temporary the size of the destination rectangle and
    /// the one GL asked for is read back and written into the destination, since some
    /// drivers (lavapipe) write both aspects of a one-aspect blit or image copy of a packed
    /// depth/stencil format. The round trip waits, but only these blits take it.
    fn blit_depth_stencil(&mut self, source: &Image, from: &BlitRect, dest: &Image, to: &BlitRect, aspect: Aspect) -> Result<(), vk_backend::Error> {
        let format = dest.desc().format;
        let (width, height) = (to.x0.abs_diff(to.x1), to.y0.abs_diff(to.y1));
        let (dx, dy) = (to.x0.min(to.x1), to.y0.min(to.y1));
        if aspect == Aspect::DepthStencil || !(format.has_depth() && format.has_stencil()) || width == 0 || height == 0 || dx < 0 || dy < 0 {
            return self.stream.blit(source, from, dest, to, aspect, BlitFilter::Nearest);
        }
        let temp = Image::new(&self.device, &ImageDesc::new_2d(format, width, height))?;
        // The destination rectangle moved to the temporary's origin, its corner order kept.
        let into = BlitRect { level: 0, layer: 0, x0: to.x0 - dx, y0: to.y0 - dy, x1: to.x1 - dx, y1: to.y1 - dy };
        self.stream.blit(source, from, &temp, &into, Aspect::DepthStencil, BlitFilter::Nearest)?;
        let texels = self.stream.read_image(&temp, &ImageRegion { aspect, ..ImageRegion::rect(0, 0, width, height) })?;
        let target = ImageRegion { aspect, level: to.level, base_layer: to.layer, ..ImageRegion::rect(dx, dy, width, height) };
        self.stream.write_image(dest, &target, &texels)
    }

    /// A colour blit between single-sample images, each side read or written as the given
    /// format (a texture view's, which may differ from its image's). A Vulkan blit works in
    /// the images' own formats and always decodes an sRGB source and encodes an sRGB
    /// destination, so a side in another format, or an sRGB side without `srgb_convert`
    /// (whose bits pass unconverted, in its linear twin), goes through a copy in that format.
    fn blit_color(&mut self, (source, source_format): (&Image, Format), from: &BlitRect, (dest, dest_format): (&Image, Format), to: &BlitRect, filter: BlitFilter, srgb_convert: bool) -> Result<(), vk_backend::Error> {
        let staging_format = |image: &Image, format: Format| linear_twin(format).filter(|_| !srgb_convert).or((format != image.desc().format).then_some(format));
        let source_twin = staging_format(source, source_format);
        let dest_twin = staging_format(dest, dest_format);
        if source_twin.is_none() && dest_twin.is_none() {
            return self.stream.blit(source, from, dest, to, Aspect::Color, filter);
        }
        if from.x0 == from.x1 || from.y0 == from.y1 || to.x0 == to.x1 || to.y0 == to.y1 {
            return Ok(());
        }
        let (source, from) = match source_twin {
            Some(format) => {
                let (copy, rect) = self.copy_to_twin(source, from, format)?;
                (copy, rect)
            }
            None => (source.clone(), *from),
        };
        let Some(format) = dest_twin else {
            return self.stream.blit(&source, &from, dest, to, Aspect::Color, filter);
        };
        let (width, height) = (to.x0.abs_diff(to.x1), to.y0.abs_diff(to.y1));
        let staged = Image::new(&self.device, &ImageDesc::new_2d(format, width, height))?;
        self.stream.blit(&source, &from, &staged, &rect_from_origin(to), Aspect::Color, filter)?;
        let region = ImageRegion { level: to.level, base_layer: to.layer, ..ImageRegion::rect(to.x0.min(to.x1), to.y0.min(to.y1), width, height) };
        self.stream.copy_image(&staged, &ImageRegion::rect(0, 0, width, height), dest, &region)
    }

    /// Copies the rectangle `from` of `source` into a new image of `format` (a format of the
    /// same texel size) and returns it with the rectangle there, corner order kept.
    fn copy_to_twin(&mut self, source: &Image, from: &BlitRect, format: vk_backend::Format) -> Result<(Image, BlitRect), vk_backend::Error> {
        let (width, height) = (from.x0.abs_diff(from.x1), from.y0.abs_diff(from.y1));
        let copy = Image::new(&self.device, &ImageDesc::new_2d(format, width, height))?;
        let region = ImageRegion { level: from.level, base_layer: from.layer, ..ImageRegion::rect(from.x0.min(from.x1), from.y0.min(from.y1), width, height) };
        self.stream.copy_image(source, &region, &copy, &ImageRegion::rect(0, 0, width, height))?;
        Ok((copy, rect_from_origin(from)))
    }

    /// Copies `from` to `to` between multisample images of one sample count, sample by
    /// sample (Vulkan cannot blit multisample images); mirrored rectangles are refused.
    fn copy_samples(&mut self, source: &Image, from: &BlitRect, dest: &Image, to: &BlitRect, aspect: Aspect) -> Result<(), vk_backend::Error> {
        let Some((from, to)) = clip_unscaled(from, source, to, dest) else { return Ok(()) };
        let (from, to) = (&from, &to);
        let (width, height) = (from.x0.abs_diff(from.x1), from.y0.abs_diff(from.y1));
        if width == 0 || height == 0 {
            return Ok(());
        }
        let mirrored = (from.x1 < from.x0) != (to.x1 < to.x0) || (from.y1 < from.y0) != (to.y1 < to.y0);
        if mirrored || source.desc().format != dest.desc().format {
            return Err(vk_backend::Error::InvalidArgument("multisample copies neither mirror nor convert".into()));
        }
        if aspect == Aspect::DepthStencil {
            // Copies name one aspect at a time.
            self.copy_samples(source, from, dest, to, Aspect::Depth)?;
            return self.copy_samples(source, from, dest, to, Aspect::Stencil);
        }
        let region = |r: &BlitRect| ImageRegion { aspect, level: r.level, base_layer: r.layer, ..ImageRegion::rect(r.x0.min(r.x1), r.y0.min(r.y1), width, height) };
        self.stream.copy_image(source, &region(from), dest, &region(to))
    }
}

/// Whether a blit of `from` to `to` flips an axis.
/// What GL compares of the depth/stencil buffers a blit copies between, which must match in
/// the buffers blitted (GL 4.6 section 18.3.1): depth bits and whether they are floats,
/// and stencil bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct DepthStencilBits {
    depth: (u32, bool),
    stencil: u32,
}

impl DepthStencilBits {
    fn gl_depth(format: TexelFormat) -> (u32, bool) {
        (format.component_bits(GL_TEXTURE_DEPTH_SIZE), format.info.kind.gl_enum() == GL_FLOAT)
    }

    fn of_stored(format: Format) -> DepthStencilBits {
        let depth = match format {
            Format::D16Unorm => (16, false),
            Format::D24Unorm | Format::D24UnormS8Uint => (24, false),
            Format::D32Float | Format::D32FloatS8Uint => (32, true),
            _ => (0, false),
        };
        DepthStencilBits { depth, stencil: if format.has_stencil() { 8 } else { 0 } }
    }
}

fn mirrored(from: &BlitRect, to: &BlitRect) -> bool {
    (from.x1 < from.x0) != (to.x1 < to.x0) || (from.y1 < from.y0) != (to.y1 < to.y0)
}

/// `r` moved to start at the origin of level 0, layer 0, its corner order (mirroring) kept.
fn rect_from_origin(r: &BlitRect) -> BlitRect {
    let (w, h) = (r.x0.abs_diff(r.x1) as i32, r.y0.abs_diff(r.y1) as i32);
    let (x0, x1) = if r.x1 < r.x0 { (w, 0) } else { (0, w) };
    let (y0, y1) = if r.y1 < r.y0 { (h, 0) } else { (0, h) };
    BlitRect { level: 0, layer: 0, x0, y0, x1, y1 }
}

/// Clips a blit of one size to both images' bounds: pixels read from outside the source are
/// not written, and none are written outside the destination, as GL specifies. Each axis is
/// clipped on its own and keeps its corner order, so mirrored blits stay mirrored. Scaled
/// blits come back as they are; `None` when nothing is left to copy.
fn clip_unscaled(from: &BlitRect, source: &Image, to: &BlitRect, dest: &Image) -> Option<(BlitRect, BlitRect)> {
    let same_size = from.x0.abs_diff(from.x1) == to.x0.abs_diff(to.x1) && from.y0.abs_diff(from.y1) == to.y0.abs_diff(to.y1);
    if !same_size {
        return Some((*from, *to));
    }
    let size = |image: &Image, level: u32| ((image.desc().width >> level).max(1) as i32, (image.desc().height >> level).max(1) as i32);
    let (sw, sh) = size(source, from.level);
    let (dw, dh) = size(dest, to.level);
    clip_rects(from, [0, 0, sw, sh], to, [0, 0, dw, dh])
}

/// Clips a blit of one size to the scissor box `[x, y, width, height]` of the destination
/// (GL scissors blits); scaled blits come back as they are.
fn clip_to_scissor(from: &BlitRect, to: &BlitRect, scissor: [i32; 4]) -> Option<(BlitRect, BlitRect)> {
    let same_size = from.x0.abs_diff(from.x1) == to.x0.abs_diff(to.x1) && from.y0.abs_diff(from.y1) == to.y0.abs_diff(to.y1);
    if !same_size {
        return Some((*from, *to));
    }
    let anywhere = [i32::MIN / 4, i32::MIN / 4, i32::MAX / 4, i32::MAX / 4];
    let [x, y, w, h] = scissor;
    clip_rects(from, anywhere, to, [x, y, x.saturating_add(w.max(0)), y.saturating_add(h.max(0))])
}

/// Clips rectangles of one size to the bounds `[x0, y0, x1, y1]` of each side.
fn clip_rects(from: &BlitRect, from_bounds: [i32; 4], to: &BlitRect, to_bounds: [i32; 4]) -> Option<(BlitRect, BlitRect)> {
    let x = clip_axis((from.x0, from.x1, from_bounds[0], from_bounds[2]), (to.x0, to.x1, to_bounds[0], to_bounds[2]))?;
    let y = clip_axis((from.y0, from.y1, from_bounds[1], from_bounds[3]), (to.y0, to.y1, to_bounds[1], to_bounds[3]))?;
    let from = BlitRect { x0: x.0, x1: x.1, y0: y.0, y1: y.1, ..*from };
    let to = BlitRect { x0: x.2, x1: x.3, y0: y.2, y1: y.3, ..*to };
    Some((from, to))
}

/// One axis of `clip_rects`: the source edges (s0, s1) within [low, high] of the source and
/// the destination edges (d0, d1), of the same length, within the destination's, both cut
/// by the same amount from the same end; `None` when nothing is left.
fn clip_axis((s0, s1, source_min, source_max): (i32, i32, i32, i32), (d0, d1, dest_min, dest_max): (i32, i32, i32, i32)) -> Option<(i32, i32, i32, i32)> {
    // In 64 bits: GL takes any 32-bit corners, whose differences need 33.
    let (ss, ds) = (if s1 < s0 { -1i64 } else { 1 }, if d1 < d0 { -1i64 } else { 1 });
    let length = s0.abs_diff(s1) as i64;
    // Positions t along the rectangle, 0 at the first corner, whose edges stay inside.
    let range = |start: i32, step: i64, min: i32, max: i32| {
        let (start, min, max) = (start as i64, min as i64, max as i64);
        if step > 0 { (min - start, max - start) } else { (start - max, start - min) }
    };
    let (source_low, source_high) = range(s0, ss, source_min, source_max);
    let (dest_low, dest_high) = range(d0, ds, dest_min, dest_max);
    let low = 0.max(source_low).max(dest_low);
    let high = length.min(source_high).min(dest_high);
    if high <= low {
        return None;
    }
    let at = |start: i32, step: i64, t: i64| (start as i64 + step * t) as i32;
    Some((at(s0, ss, low), at(s0, ss, high), at(d0, ds, low), at(d0, ds, high)))
}

#[cfg(test)]
mod tests {
    use super::{clip_axis, clip_to_scissor};
    use vk_backend::BlitRect;

    #[test]
    fn unscaled_axes_clip_to_both_images() {
        // Inside both: unchanged.
        assert_eq!(clip_axis((0, 10, 0, 20), (5, 15, 0, 20)), Some((0, 10, 5, 15)));
        // The destination runs 5 past its edge: both lose their last 5.
        assert_eq!(clip_axis((0, 10, 0, 20), (15, 25, 0, 20)), Some((0, 5, 15, 20)));
        // The source starts 3 before its edge: both lose their first 3.
        assert_eq!(clip_axis((-3, 7, 0, 20), (0, 10, 0, 20)), Some((0, 7, 3, 10)));
    }

    #[test]
    fn mirrored_axes_clip_from_the_matching_end() {
        // Destination reversed from 47 down to 27 in an image 40 high: the first 7 go, so the
        // source's first 7 (from 10) go too, and the mirroring stays.
        assert_eq!(clip_axis((10, 30, 0, 40), (47, 27, 0, 40)), Some((17, 30, 40, 27)));
        // Source reversed and partly below 0.
        assert_eq!(clip_axis((5, -5, 0, 40), (0, 10, 0, 40)), Some((5, 0, 0, 5)));
        // Entirely outside: nothing left.
        assert_eq!(clip_axis((0, 10, 0, 40), (50, 60, 0, 40)), None);
    }

    #[test]
    fn scissor_box_clips_the_destination_and_the_matching_source() {
        let rect = |x0, y0, x1, y1| BlitRect { level: 0, layer: 0, x0, y0, x1, y1 };
        // Scissor [10, 0, 20 wide, 5 high]; the destination mirrors x.
        let clipped = clip_to_scissor(&rect(0, 0, 40, 10), &rect(40, 0, 0, 10), [10, 0, 20, 5]);
        assert_eq!(clipped, Some((rect(10, 0, 30, 5), rect(30, 0, 10, 5))));
        // Scaled blits are left to the device.
        assert_eq!(clip_to_scissor(&rect(0, 0, 8, 8), &rect(0, 0, 16, 16), [0, 0, 4, 4]), Some((rect(0, 0, 8, 8), rect(0, 0, 16, 16))));
    }
}
