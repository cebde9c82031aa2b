//! Queries: glGet*, glGetString(i), glGetError.

pub mod compute;
pub mod get;
pub mod robustness;
pub mod shader_precision;
pub mod strings;
