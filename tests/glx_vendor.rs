//! galvan as glvnd's libGLX loads it (`libGLX_galvan.so.0`), on an X server of its
//! own (Xvfb): what glxinfo reports, and a window that shows what was drawn.

use std::ffi::{c_char, c_int, c_uint, c_ulong, c_void};
use std::process::{Child, Command};
use std::time::{Duration, Instant};

/// An Xvfb on a display number of its own, stopped when dropped.
struct Xvfb {
    child: Child,
    display: String,
}

impl Xvfb {
    fn start() -> Xvfb {
        // A display number no other server (or other test of this process) holds.
        static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        let number = loop {
            let candidate = 200 + (std::process::id() % 300) * 4 + NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed) % 1000;
            if !std::path::Path::new(&format!("/tmp/.X{candidate}-lock")).exists() {
                break candidate;
            }
        };
        let display = format!(":{number}");
        let child = Command::new("Xvfb")
            .args([display.as_str(), "-screen", "0", "320x240x24", "-nolisten", "tcp"])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("Xvfb (Debian's xvfb) runs");
        let socket = format!("/tmp/.X11-unix/X{number}");
        let start = Instant::now();
        while !std::path::Path::new(&socket).exists() {
            assert!(start.elapsed() < Duration::from_secs(20), "Xvfb did not start");
            std::thread::sleep(Duration::from_millis(50));
        }
        Xvfb { child, display }
    }
}

impl Drop for Xvfb {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn galvan_run() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_galvan"));
    command.arg("run").arg("--");
    command
}

#[test]
fn glxinfo_reports_galvan() {
    let x = Xvfb::start();
    let out = galvan_run().args(["glxinfo", "-B"]).env("DISPLAY", &x.display).output().expect("glxinfo (mesa-utils)");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}{}", String::from_utf8_lossy(&out.stderr));
    assert!(text.contains("direct rendering: Yes"), "{text}");
    assert!(text.contains("OpenGL vendor string: galvan"), "{text}");
}

#[test]
fn window_shows_what_was_cleared() {
    let x = Xvfb::start();
    // glvnd finds libGLX_galvan.so.0 on the library path the launcher sets, which the
    // loader reads at process start: the GLX client runs as a child under the launcher.
    let out = galvan_run()
        .arg(std::env::current_exe().unwrap())
        .args(["--exact", "glx_client", "--ignored", "--nocapture", "--test-threads=1"])
        .env("DISPLAY", &x.display)
        .env("GALVAN_GLX_CLIENT", "1")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}{}", String::from_utf8_lossy(&out.stderr));
    assert!(text.contains("1 passed"), "the client ran: {text}");
}

/// The GLX client of `window_shows_what_was_cleared`; runs only as its child.
#[test]
#[ignore = "run by window_shows_what_was_cleared under the launcher and an X server"]
fn glx_client() {
    assert_eq!(std::env::var("GALVAN_GLX_CLIENT").as_deref(), Ok("1"), "run through window_shows_what_was_cleared");
    use x11_dl::xlib;
    const GLX_RGBA: c_int = 4;
    const GLX_DOUBLEBUFFER: c_int = 5;
    const GL_COLOR_BUFFER_BIT: c_uint = 0x4000;
    let x = xlib::Xlib::open().expect("libX11");
    unsafe {
        let lib = libloading::Library::new("libGL.so.1").expect("glvnd's libGL.so.1");
        let choose_visual: libloading::Symbol<unsafe extern "C" fn(*mut xlib::Display, c_int, *mut c_int) -> *mut xlib::XVisualInfo> =
            lib.get(b"glXChooseVisual").unwrap();
        let create_context: libloading::Symbol<unsafe extern "C" fn(*mut xlib::Display, *mut xlib::XVisualInfo, *mut c_void, c_int) -> *mut c_void> =
            lib.get(b"glXCreateContext").unwrap();
        let make_current: libloading::Symbol<unsafe extern "C" fn(*mut xlib::Display, c_ulong, *mut c_void) -> c_int> =
            lib.get(b"glXMakeCurrent").unwrap();
        let swap_buffers: libloading::Symbol<unsafe extern "C" fn(*mut xlib::Display, c_ulong)> = lib.get(b"glXSwapBuffers").unwrap();
        let get_proc: libloading::Symbol<unsafe extern "C" fn(*const c_char) -> *mut c_void> = lib.get(b"glXGetProcAddressARB").unwrap();
        let clear_color: unsafe extern "system" fn(f32, f32, f32, f32) = std::mem::transmute(get_proc(c"glClearColor".as_ptr()));
        let clear: unsafe extern "system" fn(c_uint) = std::mem::transmute(get_proc(c"glClear".as_ptr()));
        let finish: unsafe extern "system" fn() = std::mem::transmute(get_proc(c"glFinish".as_ptr()));

        let display = (x.XOpenDisplay)(std::ptr::null());
        assert!(!display.is_null(), "X display");
        let screen = (x.XDefaultScreen)(display);
        let mut attribs = [GLX_RGBA, GLX_DOUBLEBUFFER, 0];
        let visual = choose_visual(display, screen, attribs.as_mut_ptr());
        assert!(!visual.is_null(), "a double-buffered RGBA visual");
        let root = (x.XRootWindow)(display, screen);
        let mut set: xlib::XSetWindowAttributes = std::mem::zeroed();
        set.colormap = (x.XCreateColormap)(display, root, (*visual).visual, xlib::AllocNone);
        let window = (x.XCreateWindow)(
            display, root, 0, 0, 64, 48, 0, (*visual).depth, xlib::InputOutput as c_uint, (*visual).visual,
            xlib::CWColormap, &mut set,
        );
        (x.XMapWindow)(display, window);
        (x.XSync)(display, 0);
        let context = create_context(display, visual, std::ptr::null_mut(), 1);
        assert!(!context.is_null(), "glXCreateContext");
        assert_eq!(make_current(display, window, context), 1, "glXMakeCurrent");
        for (rgb, pixel) in [((1.0, 0.0, 0.0), 0xff0000u64), ((0.0, 0.0, 1.0), 0x0000ff)] {
            clear_color(rgb.0, rgb.1, rgb.2, 1.0);
            clear(GL_COLOR_BUFFER_BIT);
            swap_buffers(display, window);
            finish();
            (x.XSync)(display, 0);
            let image = (x.XGetImage)(display, window, 0, 0, 64, 48, !0, xlib::ZPixmap);
            assert!(!image.is_null(), "XGetImage");
            for (px, py) in [(0, 0), (63, 47), (32, 24)] {
                let got = (x.XGetPixel)(image, px, py) & 0xffffff;
                assert_eq!(got, pixel, "window pixel ({px}, {py})");
            }
            (x.XDestroyImage)(image);
        }
        make_current(display, 0, std::ptr::null_mut());
        (x.XCloseDisplay)(display);
    }
}
