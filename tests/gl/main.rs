//! GL programs drawn through galvan's Rust API and glow on the machine's Vulkan
//! device (lavapipe without a GPU), checked the way a GL programmer would check
//! them: pixels read back, values queried, errors returned.

mod harness;

mod blending;
mod depth;
mod errors;
mod evaluators;
mod framebuffer_object;
mod scissor;
mod texture;
mod texture_view;
mod threads;
mod triangle;
