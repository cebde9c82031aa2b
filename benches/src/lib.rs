//! Times GL workloads under galvan and under Mesa's zink on the same Vulkan driver, in one
//! run, and quotes galvan as a ratio against zink.
//!
//! `gl-workloads` (this crate's binary) does the GL work and prints one [`Measurement`] a
//! line; the `against_zink` bench starts it once per driver through piglit-runner's driver
//! selection and prints the table.

pub mod drawoverhead;
pub mod measurement;
pub mod peer_run;
pub mod plan;
pub mod table;
