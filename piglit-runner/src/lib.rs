//! Runs the installed piglit against galvan and its peers (zink, llvmpipe) without
//! piglit's Python framework, and judges the results against checked-in baselines.

pub mod baseline;
pub mod cli;
pub mod command_line;
pub mod driver;
pub mod error;
pub mod execute;
pub mod gl_info;
pub mod interrupt;
pub mod merge;
pub mod outcome;
pub mod profile;
pub mod progress;
pub mod py_literal;
pub mod record;
pub mod report;
pub mod run;
pub mod scheduler;
pub mod selection;
pub mod status;
pub mod summary;
pub mod xvfb;
