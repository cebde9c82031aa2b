//! `galvan demo`: the gears of `examples/gears`, in a window or into a PNG.

#[path = "../../../examples/common/app.rs"]
mod app;
#[path = "../../../examples/gears/scene.rs"]
mod scene;

use std::path::PathBuf;

struct Gears(scene::Scene);

impl app::Demo for Gears {
    unsafe fn new(gl: &glow::Context) -> Result<Self, String> {
        unsafe { scene::Scene::new(gl).map(Gears) }
    }
    unsafe fn draw(&mut self, gl: &glow::Context, width: i32, height: i32, frame: u32) {
        unsafe { self.0.draw(gl, width, height, frame as f32 * 2.0) }
    }
}

pub fn run(headless: Option<PathBuf>, frames: u32) -> Result<(), String> {
    match headless {
        Some(path) => app::run_headless::<Gears>(&path, 300, 300, frames),
        None if app::has_display() => app::run_window::<Gears>("gears (galvan)", frames),
        None => {
            let path = PathBuf::from("gears.png");
            app::run_headless::<Gears>(&path, 300, 300, frames)?;
            println!("no display: wrote {}", path.display());
            Ok(())
        }
    }
}
