//! GL workloads with fixed amounts of work, timed on whichever GL implementation glvnd
//! hands this process. `gl-workloads WORKLOAD [--robust=on|off]` prints one measurement a
//! line; a result that reads back wrong ends it with an error instead of a number.

mod egl;
mod gl_util;
mod workloads;

use galvan_benches::measurement::Measurement;

fn usage() -> String {
    format!(
        "usage: gl-workloads WORKLOAD [--robust=on|off]\nworkloads: {}",
        galvan_benches::plan::WORKLOADS.join(", ")
    )
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(workload) = args.first() else {
        eprintln!("{}", usage());
        std::process::exit(2);
    };
    let mut robust = false;
    for option in &args[1..] {
        match option.as_str() {
            "--robust=on" => robust = true,
            "--robust=off" => robust = false,
            other => {
                eprintln!("unknown option `{other}`\n{}", usage());
                std::process::exit(2);
            }
        }
    }
    let result = match workload.as_str() {
        "draw-overhead" => workloads::draw_overhead::run(),
        "robustness" => workloads::robustness::run(robust),
        "fixed-function" => workloads::fixed_function::run(),
        "pixel-transfer" => workloads::pixel_transfer::run(),
        "geometry-tessellation" => workloads::geometry_tessellation::run(),
        other => Err(format!("unknown workload `{other}`\n{}", usage())),
    };
    match result {
        Ok(measurements) => {
            for m in measurements {
                println!("{}", Measurement { workload: workload.clone(), ..m });
            }
        }
        Err(message) => {
            eprintln!("gl-workloads {workload}: {message}");
            std::process::exit(1);
        }
    }
}
