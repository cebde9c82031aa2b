//! glxgears as a compatibility-profile GL program: immediate mode, display lists,
//! fixed-function lighting and the matrix stacks, drawn once into a pbuffer and written
//! as a PNG. It does not link galvan: it takes GL from glvnd's libEGL on the surfaceless
//! platform, so the same binary runs on any driver and their images can be compared:
//!
//! ```sh
//! target/release/galvan run -- target/release/examples/gears_compat --headless galvan.png
//! LIBGL_ALWAYS_SOFTWARE=1 target/release/examples/gears_compat --headless llvmpipe.png
//! ```

mod egl_context;
mod gears;
mod legacy_gl;
mod snapshot;

const USAGE: &str = "usage: gears_compat --headless FILE.png [--size WxH] [--angle DEGREES]";

struct Options {
    path: std::path::PathBuf,
    width: i32,
    height: i32,
    angle: f32,
}

fn options() -> Result<Options, String> {
    let mut args = std::env::args().skip(1);
    let (mut path, mut width, mut height, mut angle) = (None, 300, 300, 0.0);
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or(format!("{arg} needs a value\n{USAGE}"));
        match arg.as_str() {
            "--headless" => path = Some(value()?.into()),
            "--size" => {
                let v = value()?;
                let (w, h) = v.split_once('x').ok_or(format!("--size {v}: want WxH"))?;
                width = w.parse().map_err(|_| format!("--size {v}: bad width"))?;
                height = h.parse().map_err(|_| format!("--size {v}: bad height"))?;
            }
            "--angle" => {
                let v = value()?;
                angle = v.parse().map_err(|_| format!("--angle {v}: want degrees"))?;
            }
            _ => return Err(format!("unknown argument {arg}\n{USAGE}")),
        }
    }
    // Surfaceless EGL has no windows; a PNG is the only output.
    let path = path.ok_or(USAGE)?;
    Ok(Options { path, width, height, angle })
}

fn main() -> Result<(), String> {
    let options = options()?;
    let context = egl_context::EglContext::new(options.width, options.height)?;
    let gl = legacy_gl::LegacyGl::load(|name| context.proc_address(name))?;
    eprintln!(
        "{} / {} / {}",
        gl.string(legacy_gl::VENDOR),
        gl.string(legacy_gl::RENDERER),
        gl.string(legacy_gl::VERSION)
    );
    // SAFETY: `context` is current on this thread and outlives every call below.
    unsafe {
        let scene = gears::Scene::new(&gl)?;
        scene.draw(&gl, options.width, options.height, options.angle)?;
        snapshot::write_png(&gl, options.width, options.height, &options.path)?;
    }
    Ok(())
}
