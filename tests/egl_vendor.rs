//! galvan as glvnd loads it: libEGL.so.1 (glvnd) with galvan's vendor manifest, the
//! path every unmodified EGL program and piglit's surfaceless platform take.

use std::ffi::{c_char, c_void, CStr};
use std::sync::OnceLock;

type Display = *mut c_void;
type Config = *mut c_void;
type Handle = *mut c_void;

const EGL_PLATFORM_SURFACELESS_MESA: u32 = 0x31DD;
const EGL_NONE: i32 = 0x3038;
const EGL_VENDOR: i32 = 0x3053;
const EGL_EXTENSIONS: i32 = 0x3055;
const EGL_SURFACE_TYPE: i32 = 0x3033;
const EGL_PBUFFER_BIT: i32 = 0x0001;
const EGL_RENDERABLE_TYPE: i32 = 0x3040;
const EGL_OPENGL_BIT: i32 = 0x0008;
const EGL_RED_SIZE: i32 = 0x3024;
const EGL_DEPTH_SIZE: i32 = 0x3025;
const EGL_STENCIL_SIZE: i32 = 0x3026;
const EGL_WIDTH: i32 = 0x3057;
const EGL_HEIGHT: i32 = 0x3056;
const EGL_OPENGL_API: u32 = 0x30A2;
const EGL_SUCCESS: i32 = 0x3000;
const EGL_BAD_ACCESS: i32 = 0x3002;
const EGL_BAD_ATTRIBUTE: i32 = 0x3004;
const EGL_BAD_SURFACE: i32 = 0x300D;
const EGL_BAD_MATCH: i32 = 0x3009;
const EGL_CONTEXT_MAJOR_VERSION: i32 = 0x3098;
const GL_RGBA: u32 = 0x1908;
const GL_UNSIGNED_BYTE: u32 = 0x1401;
const GL_COLOR_BUFFER_BIT: u32 = 0x4000;
const GL_VENDOR: u32 = 0x1F00;

struct Egl {
    _lib: libloading::Library,
    get_platform_display: unsafe extern "C" fn(u32, *mut c_void, *const isize) -> Display,
    initialize: unsafe extern "C" fn(Display, *mut i32, *mut i32) -> u32,
    query_string: unsafe extern "C" fn(Display, i32) -> *const c_char,
    choose_config: unsafe extern "C" fn(Display, *const i32, *mut Config, i32, *mut i32) -> u32,
    bind_api: unsafe extern "C" fn(u32) -> u32,
    create_context: unsafe extern "C" fn(Display, Config, Handle, *const i32) -> Handle,
    create_pbuffer_surface: unsafe extern "C" fn(Display, Config, *const i32) -> Handle,
    make_current: unsafe extern "C" fn(Display, Handle, Handle, Handle) -> u32,
    get_error: unsafe extern "C" fn() -> i32,
    get_proc_address: unsafe extern "C" fn(*const c_char) -> *mut c_void,
}

// SAFETY: the function pointers are plain C functions, callable from any thread.
unsafe impl Sync for Egl {}
unsafe impl Send for Egl {}

/// The folder with libgalvan.so and the manifest: target/<profile>/, above deps/.
fn library_dir() -> std::path::PathBuf {
    let exe = std::env::current_exe().unwrap();
    exe.parent().unwrap().parent().unwrap().to_path_buf()
}

fn egl() -> &'static Egl {
    static EGL: OnceLock<Egl> = OnceLock::new();
    EGL.get_or_init(|| {
        let dir = library_dir();
        let manifest = dir.join("galvan_egl_vendor.json");
        assert!(
            dir.join("libgalvan.so").exists() && manifest.exists(),
            "build galvan first (cargo build): no libgalvan.so or manifest in {}",
            dir.display()
        );
        // The vendor list the launcher gives programs (galvan's manifest, and NVIDIA's after
        // it where NVIDIA's Vulkan driver needs it), set before libEGL is loaded: glvnd reads
        // it once, at load.
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_galvan"))
            .args(["run", "--", "sh", "-c", "printf %s \"$__EGL_VENDOR_LIBRARY_FILENAMES\""])
            .output()
            .expect("the launcher runs");
        let vendors = String::from_utf8(out.stdout).expect("UTF-8 paths");
        assert!(vendors.starts_with(manifest.to_str().unwrap()), "galvan's manifest first: {vendors}");
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
                get_platform_display: sym!(b"eglGetPlatformDisplay"),
                initialize: sym!(b"eglInitialize"),
                query_string: sym!(b"eglQueryString"),
                choose_config: sym!(b"eglChooseConfig"),
                bind_api: sym!(b"eglBindAPI"),
                create_context: sym!(b"eglCreateContext"),
                create_pbuffer_surface: sym!(b"eglCreatePbufferSurface"),
                make_current: sym!(b"eglMakeCurrent"),
                get_error: sym!(b"eglGetError"),
                get_proc_address: sym!(b"eglGetProcAddress"),
                _lib: lib,
            }
        }
    })
}

/// The surfaceless display, initialised, and an RGBA8 + depth/stencil pbuffer config.
unsafe fn display_and_config(egl: &Egl) -> (Display, Config) {
    let display = (egl.get_platform_display)(EGL_PLATFORM_SURFACELESS_MESA, std::ptr::null_mut(), std::ptr::null());
    assert!(!display.is_null(), "surfaceless display");
    let (mut major, mut minor) = (0, 0);
    assert_eq!((egl.initialize)(display, &mut major, &mut minor), 1, "eglInitialize");
    assert_eq!((major, minor), (1, 5));
    let attribs = [
        EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
        EGL_RED_SIZE, 8, EGL_DEPTH_SIZE, 24, EGL_STENCIL_SIZE, 8, EGL_NONE,
    ];
    let mut config: Config = std::ptr::null_mut();
    let mut count = 0;
    assert_eq!((egl.choose_config)(display, attribs.as_ptr(), &mut config, 1, &mut count), 1);
    assert_eq!(count, 1, "a pbuffer config with depth and stencil");
    (display, config)
}

unsafe fn gl_fn<T: Copy>(egl: &Egl, name: &CStr) -> T {
    let f = (egl.get_proc_address)(name.as_ptr());
    assert!(!f.is_null(), "{name:?} resolves");
    std::mem::transmute_copy(&f)
}

#[test]
fn vendor_strings_and_platform() {
    let egl = egl();
    unsafe {
        let client = CStr::from_ptr((egl.query_string)(std::ptr::null_mut(), EGL_EXTENSIONS));
        assert!(client.to_str().unwrap().contains("EGL_MESA_platform_surfaceless"), "{client:?}");
        let (display, _) = display_and_config(egl);
        let vendor = CStr::from_ptr((egl.query_string)(display, EGL_VENDOR));
        assert_eq!(vendor.to_str().unwrap(), "galvan");
        let extensions = CStr::from_ptr((egl.query_string)(display, EGL_EXTENSIONS)).to_str().unwrap();
        for needed in ["EGL_KHR_create_context", "EGL_KHR_surfaceless_context", "EGL_KHR_no_config_context"] {
            assert!(extensions.split(' ').any(|e| e == needed), "{needed} in {extensions}");
        }
    }
}

#[test]
fn clear_a_pbuffer_and_read_it_back() {
    let egl = egl();
    unsafe {
        let (display, config) = display_and_config(egl);
        assert_eq!((egl.bind_api)(EGL_OPENGL_API), 1);
        let context = (egl.create_context)(display, config, std::ptr::null_mut(), [EGL_NONE].as_ptr());
        assert!(!context.is_null(), "context: 0x{:x}", (egl.get_error)());
        let surface = (egl.create_pbuffer_surface)(display, config, [EGL_WIDTH, 16, EGL_HEIGHT, 8, EGL_NONE].as_ptr());
        assert!(!surface.is_null(), "pbuffer: 0x{:x}", (egl.get_error)());
        assert_eq!((egl.make_current)(display, surface, surface, context), 1);

        let clear_color: unsafe extern "system" fn(f32, f32, f32, f32) = gl_fn(egl, c"glClearColor");
        let clear: unsafe extern "system" fn(u32) = gl_fn(egl, c"glClear");
        let read_pixels: unsafe extern "system" fn(i32, i32, i32, i32, u32, u32, *mut c_void) =
            gl_fn(egl, c"glReadPixels");
        let get_string: unsafe extern "system" fn(u32) -> *const u8 = gl_fn(egl, c"glGetString");
        assert_eq!(CStr::from_ptr(get_string(GL_VENDOR).cast()).to_str().unwrap(), "galvan");
        clear_color(0.0, 1.0, 0.0, 1.0);
        clear(GL_COLOR_BUFFER_BIT);
        let mut pixels = [0u8; 16 * 8 * 4];
        read_pixels(0, 0, 16, 8, GL_RGBA, GL_UNSIGNED_BYTE, pixels.as_mut_ptr().cast());
        assert!(pixels.chunks(4).all(|p| p == [0, 255, 0, 255]), "every pixel green");

        // The context is current here; another thread may not take it.
        let (d, s, c) = (display as usize, surface as usize, context as usize);
        let refused = std::thread::spawn(move || {
            let egl = self::egl();
            let ok = (egl.make_current)(d as Display, s as Handle, s as Handle, c as Handle);
            (ok, (egl.get_error)())
        })
        .join()
        .unwrap();
        assert_eq!(refused, (0, EGL_BAD_ACCESS));
        assert_eq!((egl.make_current)(display, std::ptr::null_mut(), std::ptr::null_mut(), std::ptr::null_mut()), 1);
    }
}

#[test]
fn bad_input_gets_egl_errors() {
    let egl = egl();
    unsafe {
        let (display, config) = display_and_config(egl);
        assert_eq!((egl.bind_api)(EGL_OPENGL_API), 1);
        let bad = (egl.create_context)(display, config, std::ptr::null_mut(), [0x7777, 1, EGL_NONE].as_ptr());
        assert!(bad.is_null());
        assert_eq!((egl.get_error)(), EGL_BAD_ATTRIBUTE);
        let bad = (egl.create_context)(display, config, std::ptr::null_mut(), [EGL_CONTEXT_MAJOR_VERSION, 9, EGL_NONE].as_ptr());
        assert!(bad.is_null());
        assert_eq!((egl.get_error)(), EGL_BAD_MATCH);
        assert_eq!((egl.get_error)(), EGL_SUCCESS, "eglGetError resets");
        let context = (egl.create_context)(display, config, std::ptr::null_mut(), [EGL_NONE].as_ptr());
        assert!(!context.is_null());
        let forged = 0xdead_beef_usize as Handle;
        assert_eq!((egl.make_current)(display, forged, forged, context), 0);
        assert_eq!((egl.get_error)(), EGL_BAD_SURFACE);
    }
}
