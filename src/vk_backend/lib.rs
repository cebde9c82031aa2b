//! Everything that speaks Vulkan.
//!
//! The GL front end drives this crate through small types of galvan's own: a shared
//! [`Device`], resources ([`Buffer`], [`Image`], [`ImageView`], [`Sampler`]), compiled
//! [`Program`]s, and one [`CommandStream`] per GL context that records draws, clears, copies
//! and read-backs and submits them in batches. It never sees a GL enum; the front end never
//! sees ash.
//!
//! Images follow docs/conventions.md: row 0 is GL's bottom row, so nothing flips except
//! [`CommandStream::present`].
//!
//! How a context uses it:
//! 1. `Device::from_env()` once per process (`GALVAN_DEVICE`); `device.info()` answers
//!    glGet limits, `device.caps()` chooses lowering passes.
//! 2. Objects: [`Buffer::new`], [`Image::new`] + [`Image::create_view`], [`Sampler::new`]
//!    (shared by description), [`ShaderModule::new`] from SPIR-V words, [`Program::new`] with
//!    the set-0 bindings of docs/conventions.md.
//! 3. Per context, `device.create_command_stream()`; then, as GL calls arrive:
//!    `set_render_targets` (cheap when unchanged), `clear` (folds into load operations),
//!    `draw(&DrawRecord)`, `write_buffer` / `read_buffer` / `copy_buffer`, `write_image` /
//!    `read_image` / `copy_image` / `blit` / `resolve` / `generate_mipmaps`, and `flush`,
//!    `finish`, `present`. Barriers, layouts, batching and orphaning are handled inside.
//! 4. Errors are [`Error`] values; the front end maps `InvalidArgument` to the GL error the
//!    specification names after doing its own GL-level validation first.

mod adapter;
mod batch;
mod buffer;
mod buffer_view;
mod command;
mod conv;
mod device;
mod draw;
mod error;
mod fence;
mod format;
mod format_support;
mod hasher;
mod image;
mod info;
mod instance;
mod pipeline;
mod program;
mod query;
mod record_dispatch;
mod record_draw;
mod render_targets;
mod sampler;
mod staging;
mod state;
mod swapchain;
mod sync;
mod transfer;
mod transform_feedback;
mod upload_ring;
mod vertex_input;

pub use buffer::{Buffer, BufferDesc, MemoryHint};
pub use buffer_view::BufferView;
pub use command::CommandStream;
pub use device::{list_devices, Device, DeviceOptions};
pub use draw::{BoundResource, DrawCounts, DrawRecord, IndexBinding, IndexType, ResourceBinding, VertexBufferBinding};
pub use error::{Error, Result};
pub use fence::Fence;
pub use format::{Aspect, Format, FormatClass};
pub use format_support::FormatSupport;
pub use image::{Image, ImageDesc, ImageDimension, ImageRegion, ImageView, ImageViewDesc, Swizzle, ViewType};
pub use instance::validation_error_count;
pub use info::{DeviceInfo, DeviceType, Features, Limits};
pub use pipeline::{PipelineCacheStats, PipelineKey};
pub use query::{PipelineStatistic, Query, QueryCounting, QueryId, QueryKind};
pub use record_dispatch::{DispatchRecord, DispatchSize};
pub use program::{BindingDesc, BindingKind, Program, ProgramDesc, ShaderModule, ShaderStage, StageMask};
pub use render_targets::{BlitFilter, BlitRect, ClearColor, ClearRequest, RenderTargets};
pub use sampler::{BorderColor, Filter, MipFilter, Sampler, SamplerDesc, WrapMode};
pub use state::*;
pub use swapchain::Swapchain;
pub use transform_feedback::{CapturedVertexCount, XfbDraw, XfbTarget, MAX_XFB_BUFFERS};
pub use vertex_input::{
    InputRate, VertexAttribute, VertexBindingLayout, VertexFormat, VertexInput, VertexScalar, MAX_VERTEX_ATTRIBUTES,
};

/// Contexts move between threads (eglMakeCurrent) and share the device: these must hold.
#[allow(dead_code)]
fn assert_thread_safety() {
    fn send<T: Send>() {}
    fn send_sync<T: Send + Sync>() {}
    send::<CommandStream>();
    send::<Swapchain>();
    send_sync::<Device>();
    send_sync::<Buffer>();
    send_sync::<Image>();
    send_sync::<ImageView>();
    send_sync::<Sampler>();
    send_sync::<Program>();
    send_sync::<ShaderModule>();
    send_sync::<Fence>();
}
