//! A program that exits with drawing neither flushed nor finished, and destroys its context
//! from an exit handler it registered before creating it, as piglit does. On lavapipe the
//! static destructors of LLVM run among the exit handlers before that one; a context that
//! then submitted its last work made lavapipe compile a shader with a torn-down LLVM, and
//! the program crashed after its last output. The work must be dropped instead.
//!
//! Its own `main` (no test harness): the exit has to come from the main thread, as a
//! program's does. Run without arguments it starts itself through `galvan run` as the
//! program and checks how that ended.

use std::ffi::{c_char, c_void, CStr};
use std::process::Command;
use std::sync::OnceLock;

type Handle = *mut c_void;

const CHILD: &str = "GALVAN_TEST_EXIT_CHILD";
const DESTROYED: &str = "context destroyed in the exit handler";

const EGL_PLATFORM_SURFACELESS_MESA: u32 = 0x31DD;
const EGL_NONE: i32 = 0x3038;
const EGL_SURFACE_TYPE: i32 = 0x3033;
const EGL_PBUFFER_BIT: i32 = 0x0001;
const EGL_RENDERABLE_TYPE: i32 = 0x3040;
const EGL_OPENGL_BIT: i32 = 0x0008;
const EGL_RED_SIZE: i32 = 0x3024;
const EGL_WIDTH: i32 = 0x3057;
const EGL_HEIGHT: i32 = 0x3056;
const EGL_OPENGL_API: u32 = 0x30A2;
const GL_COLOR_BUFFER_BIT: u32 = 0x4000;
const GL_TRIANGLES: u32 = 0x0004;
const GL_FOG: u32 = 0x0B60;
const GL_RGBA: u32 = 0x1908;
const GL_UNSIGNED_BYTE: u32 = 0x1401;

/// The EGL objects the exit handler destroys.
struct Egl {
    display: Handle,
    context: Handle,
    surface: Handle,
    make_current: unsafe extern "C" fn(Handle, Handle, Handle, Handle) -> u32,
    destroy_context: unsafe extern "C" fn(Handle, Handle) -> u32,
    destroy_surface: unsafe extern "C" fn(Handle, Handle) -> u32,
    _lib: libloading::Library,
}

// SAFETY: plain handles and C function pointers, used by the main thread only.
unsafe impl Send for Egl {}
unsafe impl Sync for Egl {}

static EGL: OnceLock<Egl> = OnceLock::new();

extern "C" fn destroy_at_exit() {
    if let Some(egl) = EGL.get() {
        // SAFETY: the handles were created by this EGL and are destroyed once, here.
        unsafe {
            (egl.make_current)(egl.display, std::ptr::null_mut(), std::ptr::null_mut(), std::ptr::null_mut());
            (egl.destroy_surface)(egl.display, egl.surface);
            assert_eq!((egl.destroy_context)(egl.display, egl.context), 1, "eglDestroyContext");
        }
        println!("{DESTROYED}");
    }
}

/// The program: draws, reads one result back, draws again with a new fixed-function
/// shader (one the driver compiles only when that draw runs) and exits without a flush.
fn child() {
    // SAFETY: glvnd's libEGL (galvan as its vendor through the launcher), called as EGL
    // specifies; atexit only records the handler.
    unsafe {
        assert_eq!(libc::atexit(destroy_at_exit), 0);
        let lib = libloading::Library::new("libEGL.so.1").expect("glvnd's libEGL.so.1");
        let get_platform_display: unsafe extern "C" fn(u32, Handle, *const isize) -> Handle =
            *lib.get(b"eglGetPlatformDisplay").unwrap();
        let initialize: unsafe extern "C" fn(Handle, *mut i32, *mut i32) -> u32 = *lib.get(b"eglInitialize").unwrap();
        let choose_config: unsafe extern "C" fn(Handle, *const i32, *mut Handle, i32, *mut i32) -> u32 =
            *lib.get(b"eglChooseConfig").unwrap();
        let bind_api: unsafe extern "C" fn(u32) -> u32 = *lib.get(b"eglBindAPI").unwrap();
        let create_context: unsafe extern "C" fn(Handle, Handle, Handle, *const i32) -> Handle =
            *lib.get(b"eglCreateContext").unwrap();
        let create_pbuffer: unsafe extern "C" fn(Handle, Handle, *const i32) -> Handle =
            *lib.get(b"eglCreatePbufferSurface").unwrap();
        let get_proc_address: unsafe extern "C" fn(*const c_char) -> *mut c_void = *lib.get(b"eglGetProcAddress").unwrap();
        let make_current: unsafe extern "C" fn(Handle, Handle, Handle, Handle) -> u32 = *lib.get(b"eglMakeCurrent").unwrap();

        let display = get_platform_display(EGL_PLATFORM_SURFACELESS_MESA, std::ptr::null_mut(), std::ptr::null());
        assert_eq!(initialize(display, std::ptr::null_mut(), std::ptr::null_mut()), 1, "eglInitialize");
        let attribs = [EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_RED_SIZE, 8, EGL_NONE];
        let (mut config, mut count) = (std::ptr::null_mut(), 0);
        assert_eq!(choose_config(display, attribs.as_ptr(), &mut config, 1, &mut count), 1);
        assert_eq!(bind_api(EGL_OPENGL_API), 1);
        let context = create_context(display, config, std::ptr::null_mut(), [EGL_NONE].as_ptr());
        let surface = create_pbuffer(display, config, [EGL_WIDTH, 8, EGL_HEIGHT, 8, EGL_NONE].as_ptr());
        assert!(!context.is_null() && !surface.is_null());
        assert_eq!(make_current(display, surface, surface, context), 1);
        let _ = EGL.set(Egl {
            display,
            context,
            surface,
            make_current,
            destroy_context: *lib.get(b"eglDestroyContext").unwrap(),
            destroy_surface: *lib.get(b"eglDestroySurface").unwrap(),
            _lib: lib,
        });

        let gl = |name: &CStr| {
            let f = get_proc_address(name.as_ptr());
            assert!(!f.is_null(), "{name:?}");
            f
        };
        let clear: unsafe extern "system" fn(u32) = std::mem::transmute(gl(c"glClear"));
        let begin: unsafe extern "system" fn(u32) = std::mem::transmute(gl(c"glBegin"));
        let end: unsafe extern "system" fn() = std::mem::transmute(gl(c"glEnd"));
        let vertex: unsafe extern "system" fn(f32, f32) = std::mem::transmute(gl(c"glVertex2f"));
        let color: unsafe extern "system" fn(f32, f32, f32) = std::mem::transmute(gl(c"glColor3f"));
        let enable: unsafe extern "system" fn(u32) = std::mem::transmute(gl(c"glEnable"));
        let read_pixels: unsafe extern "system" fn(i32, i32, i32, i32, u32, u32, *mut c_void) =
            std::mem::transmute(gl(c"glReadPixels"));
        let triangle = || {
            begin(GL_TRIANGLES);
            vertex(-1.0, -1.0);
            vertex(3.0, -1.0);
            vertex(-1.0, 3.0);
            end();
        };

        // The driver compiles (and LLVM registers its exit-time destructors) here.
        clear(GL_COLOR_BUFFER_BIT);
        color(0.0, 1.0, 0.0);
        triangle();
        let mut rgba = [0u8; 4];
        read_pixels(4, 4, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, rgba.as_mut_ptr().cast());
        assert_eq!(rgba, [0, 255, 0, 255], "the first triangle is drawn");

        enable(GL_FOG);
        color(1.0, 0.0, 1.0);
        triangle();
    }
    std::process::exit(0);
}

fn main() {
    if std::env::var_os(CHILD).is_some() {
        return child();
    }
    let out = Command::new(env!("CARGO_BIN_EXE_galvan"))
        .args(["run", "--"])
        .arg(std::env::current_exe().expect("this test's path"))
        .env(CHILD, "1")
        // Every shader compiles in this process, none comes from an earlier run's cache.
        .env("MESA_SHADER_CACHE_DISABLE", "true")
        .output()
        .expect("the launcher runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && stdout.contains(DESTROYED),
        "the program exits cleanly after its exit handler destroyed the context: {:?}\n{stdout}{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    println!("test exit_with_unflushed_work ... ok");
}
