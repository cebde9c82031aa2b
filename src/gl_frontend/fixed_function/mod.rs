//! Shaders built from legacy (compatibility-profile) state.

pub mod vertex_shader;
