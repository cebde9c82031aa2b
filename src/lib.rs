//! galvan: OpenGL 4.6 and OpenGL ES 3.2 on Vulkan.
pub mod winsys;
pub use gl_frontend;
pub use vk_backend;
