//! One module per workload; each runs a fixed amount of work and checks what it drew.

pub mod draw_overhead;
pub mod fixed_function;
pub mod geometry_tessellation;
pub mod pixel_transfer;
pub mod robustness;

use galvan_benches::measurement::{Measurement, Unit};

/// A measurement whose workload name `main` fills in.
pub fn measured(name: &str, value: f64, unit: Unit) -> Measurement {
    Measurement { workload: String::new(), name: name.to_owned(), value, unit }
}
