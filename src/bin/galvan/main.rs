//! The galvan launcher: `run` a GL program on galvan, print `info` about the
//! device and the GL it gets, or draw the gears `demo`.

mod demo;
mod info;
mod run;

use clap::{Parser, Subcommand};
use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "galvan", version, about = "OpenGL 4.6 and OpenGL ES 3.2 on Vulkan")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run PROGRAM with galvan as its EGL and GL provider (through glvnd).
    Run {
        /// The program and its arguments, after `--`.
        #[arg(required = true, trailing_var_arg = true, allow_hyphen_values = true)]
        program: Vec<OsString>,
    },
    /// Print the Vulkan device, the GL and GLSL versions of each context kind,
    /// the extensions and the main limits.
    Info,
    /// Draw the gears: in a window where there is a display, else into a PNG.
    Demo {
        /// Write FILE.png instead of opening a window.
        #[arg(long, value_name = "FILE.png")]
        headless: Option<PathBuf>,
        /// Frames to draw before writing the PNG or closing the window (0: until closed).
        #[arg(long, default_value_t = 0)]
        frames: u32,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Run { program } => {
            let (program, args) = program.split_first().expect("clap requires a program");
            run::run(program, args).map(|never| match never {})
        }
        Command::Info => info::print(),
        Command::Demo { headless, frames } => demo::run(headless, frames),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("galvan: {message}");
            ExitCode::FAILURE
        }
    }
}
