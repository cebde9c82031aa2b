//! Presentation on a real X server (Xvfb): the picture reaches the window upright.

mod common;
use common::*;
use std::ffi::{c_char, c_int, c_uint, c_ulong, c_void};
use std::process::{Child, Command};
use vk_backend::*;

#[link(name = "X11")]
extern "C" {
    fn XInitThreads() -> c_int;
    fn XOpenDisplay(name: *const c_char) -> *mut c_void;
    fn XCloseDisplay(display: *mut c_void) -> c_int;
    fn XDefaultRootWindow(display: *mut c_void) -> c_ulong;
    #[allow(clippy::too_many_arguments)]
    fn XCreateSimpleWindow(
        display: *mut c_void,
        parent: c_ulong,
        x: c_int,
        y: c_int,
        width: c_uint,
        height: c_uint,
        border_width: c_uint,
        border: c_ulong,
        background: c_ulong,
    ) -> c_ulong;
    fn XMapWindow(display: *mut c_void, window: c_ulong) -> c_int;
    fn XSync(display: *mut c_void, discard: c_int) -> c_int;
    fn XGetImage(display: *mut c_void, d: c_ulong, x: c_int, y: c_int, w: c_uint, h: c_uint, planes: c_ulong, format: c_int) -> *mut c_void;
    fn XGetPixel(image: *mut c_void, x: c_int, y: c_int) -> c_ulong;
    fn XDestroyImage(image: *mut c_void) -> c_int;
}

const Z_PIXMAP: c_int = 2;

/// An Xvfb server for the test's lifetime.
struct Xvfb {
    child: Child,
    display: String,
}

impl Xvfb {
    fn start() -> Xvfb {
        let number = 90 + std::process::id() % 400;
        let display = format!(":{number}");
        let child = Command::new("Xvfb")
            .args([display.as_str(), "-screen", "0", "320x240x24", "-nolisten", "tcp"])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("Xvfb (Debian xvfb) must be installed");
        Xvfb { child, display }
    }
}

impl Drop for Xvfb {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn present_shows_the_image_upright_in_an_x_window() {
    let xvfb = Xvfb::start();
    let name = std::ffi::CString::new(xvfb.display.clone()).unwrap();
    // SAFETY: plain Xlib calls on a display this test opens and closes; the window outlives
    // the swapchain (dropped first).
    unsafe {
        XInitThreads();
        let mut display = std::ptr::null_mut();
        for _ in 0..100 {
            display = XOpenDisplay(name.as_ptr());
            if !display.is_null() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        assert!(!display.is_null(), "Xvfb did not start");
        let (w, h) = (64u32, 48u32);
        let window = XCreateSimpleWindow(display, XDefaultRootWindow(display), 0, 0, w, h, 0, 0, 0);
        XMapWindow(display, window);
        XSync(display, 0);

        let device = Device::from_env().unwrap();
        let display_handle = raw_window_handle::RawDisplayHandle::Xlib(raw_window_handle::XlibDisplayHandle::new(
            std::ptr::NonNull::new(display),
            0,
        ));
        let window_handle = raw_window_handle::RawWindowHandle::Xlib(raw_window_handle::XlibWindowHandle::new(window));
        let mut swapchain = Swapchain::new(&device, display_handle, window_handle, w, h, true).unwrap();
        assert_eq!(swapchain.extent(), (w, h));

        // GL's bottom half red, top half blue, drawn in GL row order.
        let mut stream = device.create_command_stream();
        let (image, view) = target(&device, Format::Rgba8Unorm, w, h);
        stream.set_render_targets(&color_targets(&view, None)).unwrap();
        let blue = ClearColor::Float([0.0, 0.0, 1.0, 1.0]);
        let red = ClearColor::Float([1.0, 0.0, 0.0, 1.0]);
        stream.clear(&ClearRequest { colors: &[(0, blue)], depth: None, stencil: None, rect: None }).unwrap();
        stream
            .clear(&ClearRequest { colors: &[(0, red)], depth: None, stencil: None, rect: Some(Rect { x: 0, y: 0, width: w, height: h / 2 }) })
            .unwrap();
        for _ in 0..3 {
            stream.present(&mut swapchain, &image).unwrap();
        }
        stream.finish().unwrap();
        device.wait_idle().unwrap();
        XSync(display, 0);

        let ximage = XGetImage(display, window, 0, 0, w, h, !0, Z_PIXMAP);
        assert!(!ximage.is_null());
        let top = XGetPixel(ximage, 5, 2) & 0xff_ffff;
        let bottom = XGetPixel(ximage, 5, h as c_int - 3) & 0xff_ffff;
        XDestroyImage(ximage);
        drop(swapchain);
        drop(stream);
        XCloseDisplay(display);
        assert_eq!(top, 0x0000ff, "X row 0 is the picture's top: blue");
        assert_eq!(bottom, 0xff0000, "the bottom rows are red");
    }
}
