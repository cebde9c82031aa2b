//! Running a demo through galvan: in a winit window presenting through a Vulkan
//! swapchain, or headless into a PNG. Shared by the examples and `galvan demo`.

use glow::HasContext;
use std::path::Path;

/// Something drawn frame after frame on a current galvan context.
pub trait Demo: Sized {
    /// # Safety
    /// `gl` is current on this thread.
    unsafe fn new(gl: &glow::Context) -> Result<Self, String>;
    /// # Safety
    /// `gl` is current on this thread, the one `new` ran on.
    unsafe fn draw(&mut self, gl: &glow::Context, width: i32, height: i32, frame: u32);
}

fn load_gl() -> glow::Context {
    // SAFETY: galvan's loader returns GL functions of the context current on this thread.
    unsafe { glow::Context::from_loader_function(|name| galvan::get_proc_address(name)) }
}

/// Draws `frames` frames (at least one) into a `width` x `height` surface and writes
/// the last one to `path` as an RGBA PNG, upright.
pub fn run_headless<D: Demo>(path: &Path, width: u32, height: u32, frames: u32) -> Result<(), String> {
    let context = galvan::Context::new(&galvan::ContextOptions::default(), None).map_err(|e| e.to_string())?;
    let surface = galvan::Surface::headless(width, height, true).map_err(|e| e.to_string())?;
    context.make_current(Some(&surface)).map_err(|e| e.to_string())?;
    let gl = load_gl();
    let mut pixels = vec![0u8; (width * height * 4) as usize];
    // SAFETY: the context is current on this thread.
    unsafe {
        let mut demo = D::new(&gl)?;
        for frame in 0..frames.max(1) {
            demo.draw(&gl, width as i32, height as i32, frame);
        }
        gl.read_pixels(
            0, 0, width as i32, height as i32, glow::RGBA, glow::UNSIGNED_BYTE,
            glow::PixelPackData::Slice(Some(&mut pixels)),
        );
        let error = gl.get_error();
        if error != glow::NO_ERROR {
            return Err(format!("GL error 0x{error:04x} while drawing"));
        }
    }
    galvan::Context::release_current();
    // GL's rows run bottom-up; a PNG's top-down.
    let row = (width * 4) as usize;
    let upright: Vec<u8> = pixels.chunks_exact(row).rev().flatten().copied().collect();
    let file = std::fs::File::create(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut encoder = png::Encoder::new(std::io::BufWriter::new(file), width, height);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().map_err(|e| e.to_string())?;
    writer.write_image_data(&upright).map_err(|e| e.to_string())?;
    Ok(())
}

/// Opens a window and draws into it until it is closed, or for `frames` frames
/// when that is not zero.
pub fn run_window<D: Demo + 'static>(title: &str, frames: u32) -> Result<(), String> {
    use winit::application::ApplicationHandler;
    use winit::event::WindowEvent;
    use winit::event_loop::{ActiveEventLoop, EventLoop};
    use winit::raw_window_handle::{HasDisplayHandle, HasWindowHandle};
    use winit::window::{Window, WindowId};

    struct Running<D> {
        window: Window,
        surface: galvan::Surface,
        _context: galvan::Context,
        gl: glow::Context,
        demo: D,
        frame: u32,
    }

    struct App<D> {
        title: String,
        frames: u32,
        running: Option<Running<D>>,
        error: Option<String>,
    }

    impl<D: Demo> App<D> {
        fn start(&mut self, event_loop: &ActiveEventLoop) -> Result<Running<D>, String> {
            let attributes = Window::default_attributes()
                .with_title(self.title.clone())
                .with_inner_size(winit::dpi::LogicalSize::new(640.0, 480.0));
            let window = event_loop.create_window(attributes).map_err(|e| e.to_string())?;
            let size = window.inner_size();
            let display = window.display_handle().map_err(|e| e.to_string())?.as_raw();
            let handle = window.window_handle().map_err(|e| e.to_string())?.as_raw();
            let surface = galvan::Surface::window(display, handle, size.width, size.height)
                .map_err(|e| e.to_string())?;
            let context = galvan::Context::new(&galvan::ContextOptions::default(), None)
                .map_err(|e| e.to_string())?;
            context.make_current(Some(&surface)).map_err(|e| e.to_string())?;
            let gl = load_gl();
            // SAFETY: the context was just made current on this thread.
            let demo = unsafe { D::new(&gl)? };
            Ok(Running { window, surface, _context: context, gl, demo, frame: 0 })
        }
    }

    impl<D: Demo> ApplicationHandler for App<D> {
        fn resumed(&mut self, event_loop: &ActiveEventLoop) {
            if self.running.is_none() {
                match self.start(event_loop) {
                    Ok(running) => {
                        running.window.request_redraw();
                        self.running = Some(running);
                    }
                    Err(e) => {
                        self.error = Some(e);
                        event_loop.exit();
                    }
                }
            }
        }

        fn window_event(&mut self, event_loop: &ActiveEventLoop, _id: WindowId, event: WindowEvent) {
            let Some(running) = self.running.as_mut() else { return };
            match event {
                WindowEvent::CloseRequested => event_loop.exit(),
                WindowEvent::Resized(size) => {
                    if let Err(e) = running.surface.resize(size.width, size.height) {
                        self.error = Some(e.to_string());
                        event_loop.exit();
                    }
                }
                WindowEvent::RedrawRequested => {
                    let size = running.window.inner_size();
                    // SAFETY: the context is current on this, the event loop's, thread.
                    unsafe {
                        running.demo.draw(&running.gl, size.width as i32, size.height as i32, running.frame)
                    };
                    if let Err(e) = running.surface.swap_buffers() {
                        self.error = Some(e.to_string());
                        event_loop.exit();
                        return;
                    }
                    running.frame += 1;
                    if self.frames != 0 && running.frame >= self.frames {
                        event_loop.exit();
                    } else {
                        running.window.request_redraw();
                    }
                }
                _ => {}
            }
        }
    }

    let event_loop = EventLoop::new().map_err(|e| e.to_string())?;
    let mut app: App<D> = App { title: title.into(), frames, running: None, error: None };
    event_loop.run_app(&mut app).map_err(|e| e.to_string())?;
    galvan::Context::release_current();
    app.error.map_or(Ok(()), Err)
}

/// Whether a window can be opened here.
pub fn has_display() -> bool {
    std::env::var_os("DISPLAY").is_some_and(|d| !d.is_empty())
        || std::env::var_os("WAYLAND_DISPLAY").is_some_and(|d| !d.is_empty())
}
