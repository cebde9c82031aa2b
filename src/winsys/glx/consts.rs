//! GLX's enums, generated from the Khronos registry by build.rs.
#![allow(dead_code, non_upper_case_globals)]
include!(concat!(env!("OUT_DIR"), "/glx_enums.rs"));
