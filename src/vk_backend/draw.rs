//! What one draw call hands the backend.

use crate::buffer::Buffer;
use crate::image::ImageView;
use crate::program::Program;
use crate::sampler::Sampler;
use crate::state::{Rect, RenderState, Viewport};
use crate::vertex_input::VertexInput;

/// Index element type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IndexType {
    /// Needs VK_EXT_index_type_uint8, else the backend widens the indices itself.
    U8,
    U16,
    U32,
}

/// A vertex buffer bound to slot `binding` of the vertex input layout.
#[derive(Clone, Copy, Debug)]
pub struct VertexBufferBinding<'a> {
    pub binding: u32,
    pub buffer: &'a Buffer,
    pub offset: u64,
}

/// The index buffer of an indexed draw.
#[derive(Clone, Copy, Debug)]
pub struct IndexBinding<'a> {
    pub buffer: &'a Buffer,
    pub offset: u64,
    pub index_type: IndexType,
}

/// The resource behind one descriptor.
#[derive(Clone, Copy, Debug)]
pub enum BoundResource<'a> {
    UniformBuffer { buffer: &'a Buffer, offset: u64, size: u64 },
    StorageBuffer { buffer: &'a Buffer, offset: u64, size: u64 },
    CombinedImageSampler { view: &'a ImageView, sampler: &'a Sampler },
    StorageImage { view: &'a ImageView },
    /// A buffer texture (samplerBuffer): a uniform texel buffer.
    UniformTexelBuffer { view: &'a crate::buffer_view::BufferView },
    /// A buffer image (imageBuffer): a storage texel buffer.
    StorageTexelBuffer { view: &'a crate::buffer_view::BufferView },
}

/// One descriptor: element `array_index` of program binding `binding`.
#[derive(Clone, Copy, Debug)]
pub struct ResourceBinding<'a> {
    pub binding: u32,
    pub array_index: u32,
    pub resource: BoundResource<'a>,
}

/// How many vertices and instances; `indexed` draws read `count` indices.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DrawCounts {
    pub count: u32,
    pub instance_count: u32,
    /// First vertex, or first index of an indexed draw.
    pub first: u32,
    /// Added to each index (glDrawElementsBaseVertex); indexed draws only.
    pub base_vertex: i32,
    pub base_instance: u32,
}

/// A complete draw: everything the backend needs, nothing it must remember from before.
#[derive(Clone, Copy)]
pub struct DrawRecord<'a> {
    pub program: &'a Program,
    pub vertex_input: &'a VertexInput,
    pub state: &'a RenderState,
    /// One per viewport index; at least one.
    pub viewports: &'a [Viewport],
    /// One per viewport; a disabled scissor is the whole render area.
    pub scissors: &'a [Rect],
    pub vertex_buffers: &'a [VertexBufferBinding<'a>],
    pub index_buffer: Option<IndexBinding<'a>>,
    pub resources: &'a [ResourceBinding<'a>],
    pub counts: DrawCounts,
    /// Transform feedback capture around the draw.
    pub xfb: Option<crate::transform_feedback::XfbDraw<'a>>,
    /// Take the vertex count from a capture instead of `counts.count` (non-indexed only).
    pub captured_count: Option<crate::transform_feedback::CapturedVertexCount<'a>>,
}
