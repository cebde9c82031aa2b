//! Where GL state becomes Vulkan work: GPU images behind textures and renderbuffers, render
//! targets of the bound framebuffer, clears and read-backs.

pub mod atomic_counters;
pub mod blit;
pub mod blit_draw;
pub mod buffer_textures;
pub mod builtin_uniforms;
pub mod clear;
pub mod conditional_render;
pub mod dispatch;
pub mod edge_flag_arrays;
pub mod gs_emulation;
pub mod host_converted_fetch;
pub mod record_error;
pub mod draw;
pub mod gpu_image;
pub mod images;
pub mod indirect_draw;
pub mod masked_clear;
pub mod immediate;
pub mod immediate_materials;
pub mod multi_draw;
pub mod descriptor_arrays;
pub mod patches;
pub mod primitive_assembly;
pub mod primitive_restart;
pub mod provoking_vertex;
pub mod read_pixels;
pub mod render_state;
pub mod robust_vertex_fetch;
pub mod scratch_buffers;
pub mod targets;
pub mod tess_emulation;
pub mod tessellator;
pub mod texture_sampler;
pub mod xfb_emulation;
