//! Render targets, clears and blits: the framebuffer side of the command stream.

use crate::image::ImageView;
use crate::state::{Rect, MAX_COLOR_ATTACHMENTS};

/// The attachments draws render into. All views share `extent` (GL's framebuffer size: the
/// smallest attachment's).
#[derive(Clone, Default, Debug)]
pub struct RenderTargets {
    pub colors: [Option<ImageView>; MAX_COLOR_ATTACHMENTS],
    pub depth_stencil: Option<ImageView>,
    /// Render area width and height.
    pub extent: (u32, u32),
    /// Layers rendered (gl_Layer's range): more than one only when every attachment is a
    /// layered view; 0 counts as 1.
    pub layers: u32,
    /// Colour slots (bit i = slot i) whose image has an alpha channel the GL format lacks
    /// (RGB8 stored as RGBA8): draws leave that alpha alone and clears write 1 there, so it
    /// stays 1 and blending reads the destination alpha of 1 GL gives such buffers.
    pub alpha_padding: u8,
    /// Samples per pixel of a rendering without attachments (GL's framebuffer without
    /// attachments rasterises at its default sample count); 0 counts as 1. Attached images
    /// carry their own count, which wins.
    pub no_attachment_samples: u32,
}

impl RenderTargets {
    /// Whether both name the same views and extent (so switching is a no-op).
    pub fn same(&self, other: &RenderTargets) -> bool {
        let same_view = |a: &Option<ImageView>, b: &Option<ImageView>| match (a, b) {
            (None, None) => true,
            (Some(a), Some(b)) => a.same(b),
            _ => false,
        };
        self.extent == other.extent
            && self.layers.max(1) == other.layers.max(1)
            && self.samples() == other.samples()
            && same_view(&self.depth_stencil, &other.depth_stencil)
            && self.colors.iter().zip(other.colors.iter()).all(|(a, b)| same_view(a, b))
    }

    /// Samples per pixel draws rasterise with: the attachments' count, or without any
    /// attachment `no_attachment_samples`.
    pub fn samples(&self) -> u32 {
        match self.colors.iter().flatten().chain(self.depth_stencil.iter()).next() {
            Some(view) => view.image().desc().samples,
            None => self.no_attachment_samples.max(1),
        }
    }
}

/// A clear value for a colour attachment, matched to its format class.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ClearColor {
    Float([f32; 4]),
    Uint([u32; 4]),
    Sint([i32; 4]),
}

impl ClearColor {
    /// The same value with alpha 1.
    pub fn with_alpha_one(self) -> ClearColor {
        match self {
            ClearColor::Float([r, g, b, _]) => ClearColor::Float([r, g, b, 1.0]),
            ClearColor::Uint([r, g, b, _]) => ClearColor::Uint([r, g, b, 1]),
            ClearColor::Sint([r, g, b, _]) => ClearColor::Sint([r, g, b, 1]),
        }
    }
}

/// One clear of the current render targets (glClear / glClearBuffer*). Colour and stencil
/// write masks are the front end's to honour (a masked clear is a draw).
#[derive(Clone, Copy, Debug)]
pub struct ClearRequest<'a> {
    /// (colour slot, value) for each colour attachment to clear.
    pub colors: &'a [(u32, ClearColor)],
    pub depth: Option<f32>,
    pub stencil: Option<u32>,
    /// The scissor rectangle, or `None` for the whole render area.
    pub rect: Option<Rect>,
}

/// Filtering of a scaled blit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum BlitFilter {
    #[default]
    Nearest,
    Linear,
}

/// A rectangle of one level and layer for `CommandStream::blit`: corners (x0, y0) and
/// (x1, y1); reversed corners mirror the picture.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BlitRect {
    pub level: u32,
    pub layer: u32,
    pub x0: i32,
    pub y0: i32,
    pub x1: i32,
    pub y1: i32,
}
