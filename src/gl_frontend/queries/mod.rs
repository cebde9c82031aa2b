//! Queries: glGet*, glGetString(i), glGetError.

pub mod get;
pub mod strings;
