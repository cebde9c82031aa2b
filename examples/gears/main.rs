//! Core-profile gears through galvan and glow: `cargo run --release --example gears`
//! opens a window; `-- --headless gears.png` writes a PNG where there is no display.
//! `examples/gears_compat` draws them as glxgears does, in compatibility-profile GL through EGL.

#[path = "../common/app.rs"]
mod app;
mod scene;

struct Gears(scene::Scene);

impl app::Demo for Gears {
    unsafe fn new(gl: &glow::Context) -> Result<Self, String> {
        unsafe { scene::Scene::new(gl).map(Gears) }
    }
    unsafe fn draw(&mut self, gl: &glow::Context, width: i32, height: i32, frame: u32) {
        // Two degrees a frame, as the classic demo turns at 70 degrees a second.
        unsafe { self.0.draw(gl, width, height, frame as f32 * 2.0) }
    }
}

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().collect();
    match args.iter().position(|a| a == "--headless") {
        Some(i) => {
            let path = args.get(i + 1).ok_or("--headless needs FILE.png")?;
            app::run_headless::<Gears>(std::path::Path::new(path), 300, 300, 1)
        }
        None if !app::has_display() => Err("no display: use --headless FILE.png".into()),
        None => app::run_window::<Gears>("gears (galvan)", 0),
    }
}
