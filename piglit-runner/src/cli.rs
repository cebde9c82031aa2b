//! The command line: `run` (the default), `merge` and `list`.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

pub const DEFAULT_PIGLIT_DIR: &str = "/usr/lib/x86_64-linux-gnu/piglit";

#[derive(Parser, Debug)]
#[command(name = "piglit-runner", version, about = "Runs piglit against galvan, zink and llvmpipe, with baselines")]
pub struct Cli {
    #[command(subcommand)]
    pub command: Cmd,
}

#[derive(Subcommand, Debug)]
pub enum Cmd {
    /// Run tests (the default when no subcommand is named).
    Run(Box<RunArgs>),
    /// Merge the output folders of shards into one, and judge it against a baseline.
    Merge(MergeArgs),
    /// Print the names of the selected tests, one a line.
    List(SelectArgs),
}

#[derive(Args, Debug, Clone)]
pub struct SelectArgs {
    /// Where piglit is installed.
    #[arg(long, default_value = DEFAULT_PIGLIT_DIR)]
    pub piglit_dir: PathBuf,
    /// Profile name (`quick`, `sanity`, `gpu`, `glslparser`, ...) or file; repeatable.
    #[arg(long, default_value = "quick")]
    pub profile: Vec<String>,
    /// Run only tests whose name matches (case-insensitive search); repeatable.
    #[arg(short = 't', long = "include")]
    pub include: Vec<String>,
    /// Leave out tests whose name matches; repeatable.
    #[arg(short = 'x', long = "exclude")]
    pub exclude: Vec<String>,
    /// Run only the tests named in this file, one a line.
    #[arg(long)]
    pub include_list: Option<PathBuf>,
    /// Split the selection into N shards ...
    #[arg(long, default_value_t = 1)]
    pub fraction: usize,
    /// ... and take shard K (1-based).
    #[arg(long, default_value_t = 1)]
    pub fraction_start: usize,
}

#[derive(Args, Debug)]
pub struct RunArgs {
    #[command(flatten)]
    pub select: SelectArgs,
    /// galvan, zink, llvmpipe or custom.
    #[arg(long, default_value = "galvan", conflicts_with = "compare")]
    pub driver: String,
    /// Run every test on each of these drivers, the first compared with the others.
    #[arg(long, value_delimiter = ',')]
    pub compare: Vec<String>,
    /// Extra environment for the driver(s), K=V; repeatable.
    #[arg(long = "driver-env")]
    pub driver_env: Vec<String>,
    /// The galvan launcher (default: target/release/galvan of the workspace).
    #[arg(long)]
    pub galvan: Option<PathBuf>,
    /// surfaceless_egl, x11_egl or glx (the last two on an Xvfb of the runner's own).
    #[arg(short = 'p', long, default_value = "surfaceless_egl")]
    pub platform: String,
    /// Tests run at once (default: the number of cores).
    #[arg(short = 'j', long)]
    pub jobs: Option<usize>,
    /// Seconds before a test's process group is killed.
    #[arg(long, default_value_t = 60)]
    pub timeout: u64,
    /// Folder for results.csv, results.json, junit.xml and summary.md.
    #[arg(short = 'o', long)]
    pub output: PathBuf,
    /// Folder of <driver>-fails.txt, <driver>-flakes.txt, <driver>-skips.txt.
    #[arg(long)]
    pub baseline: Option<PathBuf>,
    /// Rewrite the baseline files to accept this run.
    #[arg(long, requires = "baseline")]
    pub update_baseline: bool,
    /// How often an unexpected result is run again to tell a flake.
    #[arg(long, default_value_t = 2)]
    pub flake_retries: usize,
    /// Hide the progress bar.
    #[arg(long)]
    pub no_progress: bool,
}

#[derive(Args, Debug)]
pub struct MergeArgs {
    /// Folder for the merged results.
    #[arg(short = 'o', long)]
    pub output: PathBuf,
    /// Judge the merged results against this baseline folder.
    #[arg(long)]
    pub baseline: Option<PathBuf>,
    /// Output folders of the shards.
    #[arg(required = true)]
    pub inputs: Vec<PathBuf>,
}

/// Inserts `run` when the first argument names no subcommand, so `piglit-runner --profile
/// sanity ...` works as well.
pub fn with_default_subcommand(args: Vec<String>) -> Vec<String> {
    let known = ["run", "merge", "list", "help", "-h", "--help", "-V", "--version"];
    match args.get(1) {
        Some(first) if known.contains(&first.as_str()) => args,
        _ => {
            let mut out = args;
            out.insert(1.min(out.len()), "run".to_owned());
            out
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    fn args(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn run_is_the_default_subcommand() {
        let cli = Cli::parse_from(with_default_subcommand(args(&["piglit-runner", "--driver", "zink", "-o", "out"])));
        match cli.command {
            Cmd::Run(run) => {
                assert_eq!(run.driver, "zink");
                assert_eq!(run.select.profile, vec!["quick"]);
            }
            other => panic!("parsed as {other:?}"),
        }
        let cli = Cli::parse_from(with_default_subcommand(args(&["piglit-runner", "list", "--profile", "sanity"])));
        assert!(matches!(cli.command, Cmd::List(_)));
    }

    #[test]
    fn compare_takes_a_comma_list_and_excludes_driver() {
        let cli = Cli::parse_from(args(&["piglit-runner", "run", "--compare", "galvan,zink,llvmpipe", "-o", "o"]));
        let Cmd::Run(run) = cli.command else { panic!("not a run") };
        assert_eq!(run.compare, vec!["galvan", "zink", "llvmpipe"]);
        let both = Cli::try_parse_from(args(&["piglit-runner", "run", "--compare", "a,b", "--driver", "zink", "-o", "o"]));
        assert!(both.is_err());
    }
}
