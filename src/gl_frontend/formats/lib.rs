//! galvan's GL format table and pixel-transfer engine, in pure Rust: no GL binding, no Vulkan.
//! GL enums are `u32` constants of [`gl`]; storage formats are [`StorageFormat`], whose names
//! match `vk_backend::Format` so the backend maps them one to one.
//!
//! The API other rooms use:
//! - [`FormatInfo::lookup`]`(internal_format)`: the table entry of a GL internal format (base
//!   format, component kinds and bits for glGetTexLevelParameter / glGetInternalformativ,
//!   storage format, sample swizzle, renderability, filterability, availability).
//! - [`TexelFormat::choose`]`(info, supported)`: the storage to use on a device, falling back
//!   where the preferred one is missing ([`fallbacks`]).
//! - [`validate_upload`]`(internal_format, format, type, api)`, [`validate_pack`],
//!   [`validate_sized_format`]: the GL error a combination earns.
//! - [`unpack`]`(&PixelStore, format, type, extent, src, texel_format)`: client memory to
//!   tightly packed storage texels; [`pack`]: the way back into client memory.
//! - [`image_size`]`(&PixelStore, format, type, extent)`: bytes a transfer touches, to
//!   bounds-check a PBO or pointer first; [`compressed_image_size`] for compressed data.
//! - [`decompress()`]`(texel_format, data, extent)`: compressed data to the uncompressed fallback
//!   storage, where `TexelFormat::needs_decompression`.
//! - [`effective_internal_format`]: the sized format an unsized one becomes for an upload.
//! - [`view_compatible`]`(original, view)`: whether a texture view may reinterpret one
//!   internal format as another (GL_ARB_texture_view's classes).
//!
//! Storage texels are what a Vulkan buffer-to-image copy of the chosen storage format takes,
//! tightly packed, rows in GL order (row 0 = GL's bottom row, never flipped). Depth and
//! stencil travel per aspect, as `vk_backend`'s image transfers take them: depth as f32,
//! stencil as u8, and a depth-stencil transfer as a depth plane followed by a stencil plane.
//! Identical layouts are copied row by row and same-type layouts shuffled element by element;
//! everything else goes through GL's conversion formulas value by value, with the same result.

pub mod api;
mod astc_endpoints;
mod astc_integer_sequence;
mod client_layout;
pub mod compress;
mod compress_bptc;
pub mod decompress;
mod decompress_astc;
pub mod effective_format;
pub mod error;
pub mod gl;
pub mod info;
mod layout;
pub mod pixel_store;
mod shuffle;
pub mod small_float;
pub mod storage;
mod table;
pub mod texel_format;
pub mod transfer;
pub mod validate;
pub mod view_class;

pub use api::Api;
pub use compress::compress;
pub use decompress::decompress;
pub use effective_format::effective_internal_format;
pub use error::GlError;
pub use info::{Availability, BaseFormat, Comp, ComponentBits, ComponentKind, FormatInfo, Swizzle};
pub use pixel_store::{client_geometry, client_pixel_bytes, Geometry, compressed_image_size, image_size, unpack_bitmap, Extent, PixelStore};
pub use storage::{Block, StorageFormat};
pub use texel_format::{fallbacks, TexelFormat};
pub use transfer::{pack, pack_clamped, pack_from, storage_bytes, unpack, PackSource};
pub use validate::{read_format_and_type, validate_pack, validate_sized_format, validate_upload};
pub use view_class::{view_class, view_compatible, ViewClass};
