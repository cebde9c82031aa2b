//! galvan's EGL on X11 (EGL_KHR_platform_x11) as glvnd's libEGL loads it, on an X
//! server of its own (Xvfb): a window surface shows what was drawn, upright, follows
//! the window's size, and bad native windows get EGL errors.
//!
//! One test in its own binary: galvan's Vulkan device enables presentation only when
//! `$DISPLAY` is set at its creation, so the X server comes first, for the whole process.

use std::ffi::{c_char, c_int, c_uint, c_ulong, c_void, CStr};
use std::process::{Child, Command};
use std::time::{Duration, Instant};
use x11_dl::xlib;

type Display = *mut c_void;
type Config = *mut c_void;
type Handle = *mut c_void;

const EGL_PLATFORM_X11_KHR: u32 = 0x31D5;
const EGL_PLATFORM_X11_SCREEN_KHR: isize = 0x31D6;
const EGL_NONE: i32 = 0x3038;
const EGL_EXTENSIONS: i32 = 0x3055;
const EGL_SURFACE_TYPE: i32 = 0x3033;
const EGL_WINDOW_BIT: i32 = 0x0004;
const EGL_RENDERABLE_TYPE: i32 = 0x3040;
const EGL_OPENGL_BIT: i32 = 0x0008;
const EGL_RED_SIZE: i32 = 0x3024;
const EGL_NATIVE_VISUAL_ID: i32 = 0x302E;
const EGL_NATIVE_VISUAL_TYPE: i32 = 0x302F;
const EGL_WIDTH: i32 = 0x3057;
const EGL_HEIGHT: i32 = 0x3056;
const EGL_OPENGL_API: u32 = 0x30A2;
const EGL_SUCCESS: i32 = 0x3000;
const EGL_BAD_ALLOC: i32 = 0x3003;
const EGL_BAD_MATCH: i32 = 0x3009;
const EGL_BAD_NATIVE_WINDOW: i32 = 0x300B;
const EGL_BAD_NATIVE_PIXMAP: i32 = 0x300A;
const EGL_PIXMAP_BIT: i32 = 0x0002;
const EGL_BAD_SURFACE: i32 = 0x300D;
const EGL_BAD_PARAMETER: i32 = 0x300C;
const GL_RGBA: u32 = 0x1908;
const GL_UNSIGNED_BYTE: u32 = 0x1401;
const GL_COLOR_BUFFER_BIT: u32 = 0x4000;
const GL_SCISSOR_TEST: u32 = 0x0C11;

/// An Xvfb on a display number of its own, stopped when dropped.
struct Xvfb {
    child: Child,
    display: String,
}

impl Xvfb {
    fn start() -> Xvfb {
        let number = (0..1000)
            .map(|i| 700 + (std::process::id() % 200) * 3 + i)
            .find(|n| !std::path::Path::new(&format!("/tmp/.X{n}-lock")).exists())
            .expect("a free X display number");
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

struct Egl {
    _lib: libloading::Library,
    get_display: unsafe extern "C" fn(*mut c_void) -> Display,
    get_platform_display: unsafe extern "C" fn(u32, *mut c_void, *const isize) -> Display,
    initialize: unsafe extern "C" fn(Display, *mut i32, *mut i32) -> u32,
    terminate: unsafe extern "C" fn(Display) -> u32,
    query_string: unsafe extern "C" fn(Display, i32) -> *const c_char,
    choose_config: unsafe extern "C" fn(Display, *const i32, *mut Config, i32, *mut i32) -> u32,
    get_config_attrib: unsafe extern "C" fn(Display, Config, i32, *mut i32) -> u32,
    bind_api: unsafe extern "C" fn(u32) -> u32,
    create_context: unsafe extern "C" fn(Display, Config, Handle, *const i32) -> Handle,
    create_window_surface: unsafe extern "C" fn(Display, Config, c_ulong, *const i32) -> Handle,
    create_platform_window_surface: unsafe extern "C" fn(Display, Config, *mut c_void, *const isize) -> Handle,
    create_pixmap_surface: unsafe extern "C" fn(Display, Config, c_ulong, *const i32) -> Handle,
    destroy_surface: unsafe extern "C" fn(Display, Handle) -> u32,
    query_surface: unsafe extern "C" fn(Display, Handle, i32, *mut i32) -> u32,
    make_current: unsafe extern "C" fn(Display, Handle, Handle, Handle) -> u32,
    copy_buffers: unsafe extern "C" fn(Display, Handle, c_ulong) -> u32,
    wait_client: unsafe extern "C" fn() -> u32,
    swap_buffers: unsafe extern "C" fn(Display, Handle) -> u32,
    swap_interval: unsafe extern "C" fn(Display, i32) -> u32,
    get_error: unsafe extern "C" fn() -> i32,
    get_proc_address: unsafe extern "C" fn(*const c_char) -> *mut c_void,
}

/// glvnd's libEGL with galvan's manifest first, as the launcher sets it for programs.
fn load_egl() -> Egl {
    let out = Command::new(env!("CARGO_BIN_EXE_galvan"))
        .args(["run", "--", "sh", "-c", "printf %s \"$__EGL_VENDOR_LIBRARY_FILENAMES\""])
        .output()
        .expect("the launcher runs");
    let vendors = String::from_utf8(out.stdout).expect("UTF-8 paths");
    assert!(vendors.contains("galvan_egl_vendor.json"), "galvan's manifest: {vendors}");
    std::env::set_var("__EGL_VENDOR_LIBRARY_FILENAMES", &vendors);
    // SAFETY: loading glvnd's libEGL, a well-behaved C library.
    unsafe {
        let lib = libloading::Library::new("libEGL.so.1").expect("glvnd's libEGL.so.1 (libegl1)");
        macro_rules! sym {
            ($name:literal) => {
                *lib.get($name).expect(std::str::from_utf8($name).unwrap())
            };
        }
        Egl {
            get_display: sym!(b"eglGetDisplay"),
            get_platform_display: sym!(b"eglGetPlatformDisplay"),
            initialize: sym!(b"eglInitialize"),
            terminate: sym!(b"eglTerminate"),
            query_string: sym!(b"eglQueryString"),
            choose_config: sym!(b"eglChooseConfig"),
            get_config_attrib: sym!(b"eglGetConfigAttrib"),
            bind_api: sym!(b"eglBindAPI"),
            create_context: sym!(b"eglCreateContext"),
            create_window_surface: sym!(b"eglCreateWindowSurface"),
            create_platform_window_surface: sym!(b"eglCreatePlatformWindowSurface"),
            create_pixmap_surface: sym!(b"eglCreatePixmapSurface"),
            destroy_surface: sym!(b"eglDestroySurface"),
            query_surface: sym!(b"eglQuerySurface"),
            make_current: sym!(b"eglMakeCurrent"),
            copy_buffers: sym!(b"eglCopyBuffers"),
            wait_client: sym!(b"eglWaitClient"),
            swap_buffers: sym!(b"eglSwapBuffers"),
            swap_interval: sym!(b"eglSwapInterval"),
            get_error: sym!(b"eglGetError"),
            get_proc_address: sym!(b"eglGetProcAddress"),
            _lib: lib,
        }
    }
}

unsafe fn gl_fn<T: Copy>(egl: &Egl, name: &CStr) -> T {
    let f = (egl.get_proc_address)(name.as_ptr());
    assert!(!f.is_null(), "{name:?} resolves");
    std::mem::transmute_copy(&f)
}

/// Every pixel of the window's `w` x `h` picture as 0xRRGGBB, top row first.
unsafe fn window_pixels(x: &xlib::Xlib, display: *mut xlib::Display, window: c_ulong, w: u32, h: u32) -> Vec<u64> {
    (x.XSync)(display, 0);
    let image = (x.XGetImage)(display, window, 0, 0, w, h, !0, xlib::ZPixmap);
    assert!(!image.is_null(), "XGetImage");
    let mut pixels = Vec::new();
    for py in 0..h as c_int {
        for px in 0..w as c_int {
            pixels.push((x.XGetPixel)(image, px, py) & 0xff_ffff);
        }
    }
    (x.XDestroyImage)(image);
    pixels
}

#[test]
fn window_surface_shows_what_was_drawn() {
    let xvfb = Xvfb::start();
    std::env::set_var("DISPLAY", &xvfb.display);
    let x = xlib::Xlib::open().expect("libX11");
    let egl = load_egl();
    unsafe {
        (x.XInitThreads)();
        let client = CStr::from_ptr((egl.query_string)(std::ptr::null_mut(), EGL_EXTENSIONS)).to_str().unwrap();
        for needed in ["EGL_KHR_platform_x11", "EGL_EXT_platform_x11"] {
            assert!(client.split(' ').any(|e| e == needed), "{needed} in {client}");
        }
        let xdisplay = (x.XOpenDisplay)(std::ptr::null());
        assert!(!xdisplay.is_null(), "X display");

        // eglGetDisplay(Display*) reaches the same EGLDisplay through glvnd's platform guess.
        let display = (egl.get_platform_display)(EGL_PLATFORM_X11_KHR, xdisplay.cast(), std::ptr::null());
        assert!(!display.is_null(), "X11 display: 0x{:x}", (egl.get_error)());
        assert_eq!((egl.get_display)(xdisplay.cast()), display, "eglGetDisplay(Display*)");
        let screen0 = [EGL_PLATFORM_X11_SCREEN_KHR, 0, EGL_NONE as isize];
        assert!(!(egl.get_platform_display)(EGL_PLATFORM_X11_KHR, xdisplay.cast(), screen0.as_ptr()).is_null());
        let screen9 = [EGL_PLATFORM_X11_SCREEN_KHR, 9, EGL_NONE as isize];
        assert!((egl.get_platform_display)(EGL_PLATFORM_X11_KHR, xdisplay.cast(), screen9.as_ptr()).is_null());
        assert_eq!((egl.get_error)(), EGL_BAD_PARAMETER, "no screen 9");
        assert_eq!((egl.initialize)(display, std::ptr::null_mut(), std::ptr::null_mut()), 1, "eglInitialize");

        // With an X server, the default display is X11's too: it offers windows.
        let default = (egl.get_display)(std::ptr::null_mut());
        assert!(!default.is_null() && default != display, "a display of galvan's own connection");
        assert_eq!((egl.initialize)(default, std::ptr::null_mut(), std::ptr::null_mut()), 1);
        let window_configs = [EGL_SURFACE_TYPE, EGL_WINDOW_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_NONE];
        let mut count = 0;
        assert_eq!((egl.choose_config)(default, window_configs.as_ptr(), std::ptr::null_mut(), 0, &mut count), 1);
        assert!(count > 0, "window configs on the default display");
        assert_eq!((egl.terminate)(default), 1);

        let attribs = [EGL_SURFACE_TYPE, EGL_WINDOW_BIT | EGL_PIXMAP_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_RED_SIZE, 8, EGL_NONE];
        let mut config: Config = std::ptr::null_mut();
        let mut count = 0;
        assert_eq!((egl.choose_config)(display, attribs.as_ptr(), &mut config, 1, &mut count), 1);
        assert_eq!(count, 1, "a window config");
        let (mut visual_id, mut visual_type) = (0, 0);
        assert_eq!((egl.get_config_attrib)(display, config, EGL_NATIVE_VISUAL_ID, &mut visual_id), 1);
        assert_eq!((egl.get_config_attrib)(display, config, EGL_NATIVE_VISUAL_TYPE, &mut visual_type), 1);
        assert_eq!(visual_type, xlib::TrueColor, "TrueColor visual");

        // A window of the config's visual, as programs (and waffle) make them.
        let mut template: xlib::XVisualInfo = std::mem::zeroed();
        template.visualid = visual_id as c_ulong;
        let mut found = 0;
        let info = (x.XGetVisualInfo)(xdisplay, xlib::VisualIDMask, &mut template, &mut found);
        assert!(!info.is_null() && found == 1, "visual 0x{visual_id:x} exists");
        let root = (x.XDefaultRootWindow)(xdisplay);
        let mut set: xlib::XSetWindowAttributes = std::mem::zeroed();
        set.colormap = (x.XCreateColormap)(xdisplay, root, (*info).visual, xlib::AllocNone);
        let (w, h) = (64u32, 48u32);
        let window = (x.XCreateWindow)(
            xdisplay, root, 0, 0, w, h, 0, (*info).depth, xlib::InputOutput as c_uint, (*info).visual,
            xlib::CWColormap, &mut set,
        );
        let info_depth = (*info).depth;
        (x.XFree)(info.cast());
        (x.XMapWindow)(xdisplay, window);
        (x.XSync)(xdisplay, 0);

        // Bad native windows and pixmaps are EGL errors, not X errors that end the program.
        assert!((egl.create_window_surface)(display, config, 0x7f_fff0, [EGL_NONE].as_ptr()).is_null());
        assert_eq!((egl.get_error)(), EGL_BAD_NATIVE_WINDOW);
        assert!((egl.create_platform_window_surface)(display, config, std::ptr::null_mut(), std::ptr::null()).is_null());
        assert_eq!((egl.get_error)(), EGL_BAD_NATIVE_WINDOW);
        assert!((egl.create_pixmap_surface)(display, config, window, [EGL_NONE].as_ptr()).is_null());
        assert_eq!((egl.get_error)(), EGL_BAD_NATIVE_PIXMAP, "a window is no pixmap");

        let mut native_window = window;
        let surface = (egl.create_platform_window_surface)(display, config, (&mut native_window as *mut c_ulong).cast(), std::ptr::null());
        assert!(!surface.is_null(), "window surface: 0x{:x}", (egl.get_error)());
        assert!((egl.create_window_surface)(display, config, window, std::ptr::null()).is_null());
        assert_eq!((egl.get_error)(), EGL_BAD_ALLOC, "one surface per window");
        let query = |name| {
            let mut value = -1;
            assert_eq!((egl.query_surface)(display, surface, name, &mut value), 1);
            value
        };
        assert_eq!((query(EGL_WIDTH), query(EGL_HEIGHT)), (w as i32, h as i32));

        assert_eq!((egl.bind_api)(EGL_OPENGL_API), 1);
        let context = (egl.create_context)(display, config, std::ptr::null_mut(), [EGL_NONE].as_ptr());
        assert!(!context.is_null(), "context: 0x{:x}", (egl.get_error)());
        assert_eq!((egl.swap_buffers)(display, surface), 0, "not current yet");
        assert_eq!((egl.get_error)(), EGL_BAD_SURFACE);
        assert_eq!((egl.make_current)(display, surface, surface, context), 1, "eglMakeCurrent: 0x{:x}", (egl.get_error)());
        assert_eq!((egl.swap_interval)(display, 0), 1);

        let clear_color: unsafe extern "system" fn(f32, f32, f32, f32) = gl_fn(&egl, c"glClearColor");
        let clear: unsafe extern "system" fn(u32) = gl_fn(&egl, c"glClear");
        let enable: unsafe extern "system" fn(u32) = gl_fn(&egl, c"glEnable");
        let disable: unsafe extern "system" fn(u32) = gl_fn(&egl, c"glDisable");
        let scissor: unsafe extern "system" fn(i32, i32, i32, i32) = gl_fn(&egl, c"glScissor");
        let finish: unsafe extern "system" fn() = gl_fn(&egl, c"glFinish");
        let read_pixels: unsafe extern "system" fn(i32, i32, i32, i32, u32, u32, *mut c_void) = gl_fn(&egl, c"glReadPixels");
        let read_back = |w: u32, h: u32| {
            let mut pixels = vec![0u8; (w * h * 4) as usize];
            read_pixels(0, 0, w as i32, h as i32, GL_RGBA, GL_UNSIGNED_BYTE, pixels.as_mut_ptr().cast());
            pixels
        };

        // GL's bottom half red (lower-left origin), top half blue.
        clear_color(0.0, 0.0, 1.0, 1.0);
        clear(GL_COLOR_BUFFER_BIT);
        enable(GL_SCISSOR_TEST);
        scissor(0, 0, w as i32, h as i32 / 2);
        clear_color(1.0, 0.0, 0.0, 1.0);
        clear(GL_COLOR_BUFFER_BIT);
        disable(GL_SCISSOR_TEST);
        let gl_rows = read_back(w, h);
        assert_eq!(&gl_rows[..4], &[255, 0, 0, 255], "GL row 0 (the bottom) is red");
        assert_eq!(&gl_rows[gl_rows.len() - 4..], &[0, 0, 255, 255], "the top row is blue");
        assert_eq!((egl.swap_buffers)(display, surface), 1, "eglSwapBuffers: 0x{:x}", (egl.get_error)());
        finish();
        let shown = window_pixels(&x, xdisplay, window, w, h);
        assert_eq!(shown[0], 0x0000ff, "X row 0 is the picture's top: blue");
        assert_eq!(shown[shown.len() - 1], 0xff0000, "the bottom row is red");
        assert!(shown[..(w * h / 2) as usize].iter().all(|&p| p == 0x0000ff), "top half blue");
        assert!(shown[(w * h / 2) as usize..].iter().all(|&p| p == 0xff0000), "bottom half red");

        // A resized window: the query follows at once, the buffers after the next swap.
        let (w2, h2) = (80u32, 60u32);
        (x.XResizeWindow)(xdisplay, window, w2, h2);
        (x.XSync)(xdisplay, 0);
        assert_eq!((query(EGL_WIDTH), query(EGL_HEIGHT)), (w2 as i32, h2 as i32));
        clear_color(0.0, 1.0, 0.0, 1.0);
        clear(GL_COLOR_BUFFER_BIT);
        assert_eq!((egl.swap_buffers)(display, surface), 1);
        clear(GL_COLOR_BUFFER_BIT);
        assert!(read_back(w2, h2).chunks(4).all(|p| p == [0, 255, 0, 255]), "the new buffers are the window's size");
        assert_eq!((egl.swap_buffers)(display, surface), 1);
        finish();
        let shown = window_pixels(&x, xdisplay, window, w2, h2);
        assert!(shown.iter().all(|&p| p == 0x00ff00), "the whole resized window is green");

        // eglCopyBuffers puts the surface's picture into a pixmap, upright.
        let pixmap = (x.XCreatePixmap)(xdisplay, window, w2, h2, info_depth as c_uint);
        scissor(0, 0, w2 as i32, 1);
        enable(GL_SCISSOR_TEST);
        clear_color(1.0, 0.0, 0.0, 1.0);
        clear(GL_COLOR_BUFFER_BIT);
        disable(GL_SCISSOR_TEST);
        assert_eq!((egl.copy_buffers)(display, surface, pixmap), 1, "eglCopyBuffers: 0x{:x}", (egl.get_error)());
        let copied = window_pixels(&x, xdisplay, pixmap, w2, h2);
        assert_eq!((copied[0], copied[copied.len() - 1]), (0x00ff00, 0xff0000), "green above, the bottom row red");

        let bitmap = (x.XCreatePixmap)(xdisplay, window, 8, 8, 1);
        assert!((egl.create_pixmap_surface)(display, config, bitmap, [EGL_NONE].as_ptr()).is_null());
        assert_eq!((egl.get_error)(), EGL_BAD_MATCH, "a depth-1 pixmap cannot hold RGB");
        (x.XFreePixmap)(xdisplay, bitmap);

        // A pixmap surface: X sees GL's rendering after eglWaitClient.
        let target = (x.XCreatePixmap)(xdisplay, window, 16, 8, info_depth as c_uint);
        let pixmap_surface = (egl.create_pixmap_surface)(display, config, target, [EGL_NONE].as_ptr());
        assert!(!pixmap_surface.is_null(), "pixmap surface: 0x{:x}", (egl.get_error)());
        assert_eq!((egl.make_current)(display, pixmap_surface, pixmap_surface, context), 1);
        clear_color(1.0, 1.0, 0.0, 1.0);
        clear(GL_COLOR_BUFFER_BIT);
        assert_eq!((egl.wait_client)(), 1);
        assert!(window_pixels(&x, xdisplay, target, 16, 8).iter().all(|&p| p == 0xffff00), "the pixmap is yellow");
        assert_eq!((egl.make_current)(display, std::ptr::null_mut(), std::ptr::null_mut(), std::ptr::null_mut()), 1);
        assert_eq!((egl.destroy_surface)(display, pixmap_surface), 1);
        (x.XFreePixmap)(xdisplay, target);
        (x.XFreePixmap)(xdisplay, pixmap);

        assert_eq!((egl.destroy_surface)(display, surface), 1);
        assert_eq!((egl.get_error)(), EGL_SUCCESS);
        assert_eq!((egl.destroy_surface)(display, surface), 0);
        assert_eq!((egl.get_error)(), EGL_BAD_SURFACE);
        assert_eq!((egl.terminate)(display), 1);
        (x.XDestroyWindow)(xdisplay, window);
        (x.XCloseDisplay)(xdisplay);
    }
    drop(xvfb);
}
