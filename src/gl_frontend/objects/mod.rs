//! GL objects, one file each, and the name tables and bindings that hold them.

pub mod bindings;
pub mod buffer;
pub mod framebuffer;
pub mod framebuffer_texture;
pub mod names;
pub mod program;
pub mod program_link;
pub mod program_pipeline;
pub mod program_pipeline_executable;
pub mod program_resource;
pub mod query;
pub mod renderbuffer;
pub mod sampler;
pub mod shader;
pub mod subroutines;
pub mod sync;
pub mod texture;
pub mod texture_buffer;
pub mod texture_copy;
pub mod texture_image;
pub mod texture_target;
pub mod transform_feedback;
pub mod transform_feedback_draw;
pub mod transform_feedback_varyings;
pub mod uniforms;
pub mod vertex_array;
