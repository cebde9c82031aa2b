//! Runs the installed piglit against galvan and its peers (zink, llvmpipe) without
//! piglit's Python framework, and judges the results against checked-in baselines.

/// `print!` that ignores a closed stdout (`piglit-runner ... | head`) instead of
/// panicking, so the results, the baseline update and the exit status still come.
#[macro_export]
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = write!(std::io::stdout().lock(), $($arg)*);
    }};
}

/// `eprintln!` that ignores a closed stderr, like `say!`.
#[macro_export]
macro_rules! warnln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr().lock(), $($arg)*);
    }};
}

/// `println!` that ignores a closed stdout, like `say!`.
#[macro_export]
macro_rules! sayln {
    () => { $crate::say!("\n") };
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout().lock(), $($arg)*);
    }};
}

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
