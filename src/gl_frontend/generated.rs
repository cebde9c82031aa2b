//! The code build.rs generates from gl.xml: the `GlCommands` trait, the entry points and the
//! proc-address table.
use crate::dispatch::{self, GlReturn, ProcEntry};
use crate::types::*;

include!(concat!(env!("OUT_DIR"), "/gl_commands.rs"));
