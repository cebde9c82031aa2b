//! Pixel rectangles (glDrawPixels, glCopyPixels, glBitmap) drawn as one textured quad at the
//! raster position through the ordinary draw path, so every fragment operation applies
//! (texturing with the raster position's coordinates, fog with its distance, the alpha,
//! stencil and depth tests, blending, masks).
//!
//! The image goes to a Vulkan image of its own; the fixed-function program of the state,
//! built with a [`PixelKind`], samples it under the fragment. The quad covers the zoomed
//! rectangle exactly: the viewport is the rectangle itself, so nothing outside it is
//! touched and nothing in the window limits it but the scissor.

use vk_backend::{Aspect, Format, Image, ImageDesc, ImageRegion, ImageView, ImageViewDesc, Swizzle, ViewType};

use super::key::PixelKind;
use crate::context::ContextState;
use crate::objects::sampler::SamplerState;
use crate::objects::vertex_array::{COLOR, FOG_COORD, SECONDARY_COLOR, TEX_COORD0, VERTEX};
use crate::state::enables::Cap;
use crate::state::matrices::MAX_TEXTURE_COORDS;
use crate::state::Dirty;
use crate::types::enums::*;

/// The image a pixel rectangle's fragments read while it is drawn.
#[derive(Clone, Debug)]
pub struct PixelSource {
    pub kind: PixelKind,
    pub view: ImageView,
    /// `galvan_PixelRect`: the origin and the window-to-image factors.
    pub rect: [f32; 4],
}

impl PixelSource {
    /// The view and the sampling that reads one texel per image pixel.
    pub fn sample(&self) -> (ImageView, SamplerState) {
        let mut s = SamplerState::new(GL_TEXTURE_2D);
        (s.min_filter, s.mag_filter) = (GL_NEAREST, GL_NEAREST);
        (s.wrap_s, s.wrap_t) = (GL_CLAMP_TO_EDGE, GL_CLAMP_TO_EDGE);
        (self.view.clone(), s)
    }
}

/// A pixel rectangle's image: `width` x `height` RGBA floats, bottom row first. Colour
/// images hold colours, depth images the depth in red, bitmaps 1 or 0 in red.
pub struct PixelImage {
    pub width: u32,
    pub height: u32,
    pub texels: Vec<[f32; 4]>,
}

/// The window rectangle `size` pixels zoomed by `zoom` cover from `origin`: its lower-left
/// corner and its (positive) extent.
pub fn zoomed_rect(origin: [f32; 2], size: [u32; 2], zoom: [f32; 2]) -> ([f32; 2], [f32; 2]) {
    let mut low = [0.0; 2];
    let mut extent = [0.0; 2];
    for i in 0..2 {
        let far = origin[i] + zoom[i] * size[i] as f32;
        low[i] = origin[i].min(far);
        extent[i] = (far - origin[i]).abs();
    }
    (low, extent)
}

impl ContextState {
    /// Uploads `image` and draws it at the raster position, zoomed by `zoom`.
    pub(crate) fn draw_pixel_rectangle(&mut self, kind: PixelKind, image: &PixelImage, origin: [f32; 2], zoom: [f32; 2]) {
        if image.width == 0 || image.height == 0 || zoom[0] == 0.0 || zoom[1] == 0.0 {
            return;
        }
        let view = match self.pixel_image_view(image) {
            Ok(v) => v,
            Err(e) => return self.backend_failed(e),
        };
        let (low, extent) = zoomed_rect(origin, [image.width, image.height], zoom);
        let factors = [1.0 / (zoom[0] * image.width as f32), 1.0 / (zoom[1] * image.height as f32)];
        let rect = [origin[0], origin[1], factors[0], factors[1]];

        // The quad's corners in clip space; the viewport is the rectangle itself.
        let raster = self.state.raster_pos.clone();
        let slots = self.current_attribs.len();
        let mut vertices = Vec::with_capacity(slots * 4);
        for (x, y) in [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)] {
            let start = vertices.len();
            vertices.extend_from_slice(&self.current_attribs);
            let v = &mut vertices[start..];
            v[0] = [x, y, 0.0, 1.0];
            v[VERTEX] = [x, y, 0.0, 1.0];
            v[COLOR] = raster.color;
            v[SECONDARY_COLOR] = raster.secondary_color;
            v[FOG_COORD] = [raster.distance, 0.0, 0.0, 1.0];
            for unit in 0..MAX_TEXTURE_COORDS {
                if let Some(slot) = v.get_mut(TEX_COORD0 + unit) {
                    *slot = raster.tex_coords[unit];
                }
            }
        }

        // What pixel rectangles ignore: culling, polygon modes and offsets, clip planes;
        // the program is the fixed-function one of the state.
        let saved_viewport = self.state.viewport.clone();
        let saved_enables = self.state.enables.clone();
        let saved_raster = self.state.raster.clone();
        let saved_program = self.bindings.program;
        // Every index alike: the rectangle is drawn through viewport 0 alone.
        self.state.viewport.set_all(Some([low[0], low[1], extent[0], extent[1]]), Some([raster.position[2] as f64; 2]), None);
        for cap in [Cap::CullFace, Cap::PolygonOffsetFill, Cap::PolygonOffsetLine, Cap::PolygonOffsetPoint] {
            self.state.enables.set(cap, false);
        }
        self.state.enables.clip_distances = 0;
        self.state.raster.polygon_mode = GL_FILL;
        self.bindings.program = 0;
        self.pixel_rectangle = Some(PixelSource { kind, view, rect });
        self.state.dirty.insert(Dirty::ALL);

        self.gl_draw_immediate(GL_TRIANGLES, &vertices, slots, &[0, 1, 2, 0, 2, 3]);

        self.pixel_rectangle = None;
        self.bindings.program = saved_program;
        self.state.viewport = saved_viewport;
        self.state.enables = saved_enables;
        self.state.raster = saved_raster;
        self.state.dirty.insert(Dirty::ALL);
    }

    /// A sampled RGBA32F image holding `image`.
    fn pixel_image_view(&mut self, image: &PixelImage) -> Result<ImageView, vk_backend::Error> {
        let desc = ImageDesc::new_2d(Format::Rgba32Float, image.width, image.height);
        let gpu = Image::new(&self.device, &desc)?;
        let bytes: Vec<u8> = image.texels.iter().flatten().flat_map(|f| f.to_ne_bytes()).collect();
        self.stream.write_image(&gpu, &ImageRegion::rect(0, 0, image.width, image.height), &bytes)?;
        gpu.create_view(&ImageViewDesc {
            view_type: ViewType::D2,
            aspect: Aspect::Color,
            base_level: 0,
            level_count: 1,
            base_layer: 0,
            layer_count: 1,
            swizzle: [Swizzle::R, Swizzle::G, Swizzle::B, Swizzle::A],
            format: None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn negative_zoom_extends_down_and_left() {
        assert_eq!(zoomed_rect([10.0, 20.0], [4, 2], [2.0, 1.0]), ([10.0, 20.0], [8.0, 2.0]));
        assert_eq!(zoomed_rect([10.0, 20.0], [4, 2], [-1.0, -3.0]), ([6.0, 14.0], [4.0, 6.0]));
    }
}
