//! A headless GL context through glvnd's libEGL: the surfaceless platform and a small
//! pbuffer, so the same program runs on whichever vendor the environment selects.

use std::ffi::{c_char, c_void, CString};

type Display = *mut c_void;
type Config = *mut c_void;
type Handle = *mut c_void;

const EGL_PLATFORM_SURFACELESS_MESA: u32 = 0x31DD;
const EGL_NONE: i32 = 0x3038;
const EGL_SURFACE_TYPE: i32 = 0x3033;
const EGL_PBUFFER_BIT: i32 = 0x0001;
const EGL_RENDERABLE_TYPE: i32 = 0x3040;
const EGL_OPENGL_BIT: i32 = 0x0008;
const EGL_RED_SIZE: i32 = 0x3024;
const EGL_GREEN_SIZE: i32 = 0x3023;
const EGL_BLUE_SIZE: i32 = 0x3022;
const EGL_ALPHA_SIZE: i32 = 0x3021;
const EGL_WIDTH: i32 = 0x3057;
const EGL_HEIGHT: i32 = 0x3056;
const EGL_OPENGL_API: u32 = 0x30A2;
const EGL_CONTEXT_MAJOR_VERSION: i32 = 0x3098;
const EGL_CONTEXT_MINOR_VERSION: i32 = 0x30FB;
const EGL_CONTEXT_OPENGL_PROFILE_MASK: i32 = 0x30FD;
const EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT: i32 = 0x1;
const EGL_CONTEXT_OPENGL_COMPATIBILITY_PROFILE_BIT: i32 = 0x2;
const EGL_CONTEXT_OPENGL_ROBUST_ACCESS: i32 = 0x31B2;

/// What kind of context a workload needs.
#[derive(Clone, Copy, Debug)]
pub struct ContextRequest {
    pub major: i32,
    pub minor: i32,
    pub compatibility: bool,
    pub robust_access: bool,
}

impl ContextRequest {
    pub fn core(major: i32, minor: i32) -> Self {
        ContextRequest { major, minor, compatibility: false, robust_access: false }
    }

    pub fn compatibility(major: i32, minor: i32) -> Self {
        ContextRequest { major, minor, compatibility: true, robust_access: false }
    }
}

/// A current GL context; it stays current on this thread until the process exits.
pub struct GlContext {
    pub gl: glow::Context,
    get_proc_address: unsafe extern "C" fn(*const c_char) -> *mut c_void,
    // Kept loaded: every GL function pointer lives in libraries it opened.
    _lib: libloading::Library,
}

impl GlContext {
    /// Creates and binds a context as `request` asks, or says which EGL step failed.
    pub fn create(request: ContextRequest) -> Result<GlContext, String> {
        // SAFETY: glvnd's libEGL is a C library whose initialisers have no preconditions.
        let lib = unsafe { libloading::Library::new("libEGL.so.1") }
            .map_err(|e| format!("cannot load libEGL.so.1 (install libegl1): {e}"))?;
        // SAFETY: each symbol is looked up with the C signature the EGL 1.5 spec gives it.
        unsafe {
            let get_platform_display = *lib
                .get::<unsafe extern "C" fn(u32, *mut c_void, *const isize) -> Display>(b"eglGetPlatformDisplay\0")
                .map_err(|e| e.to_string())?;
            let initialize =
                *lib.get::<unsafe extern "C" fn(Display, *mut i32, *mut i32) -> u32>(b"eglInitialize\0").map_err(|e| e.to_string())?;
            let choose_config = *lib
                .get::<unsafe extern "C" fn(Display, *const i32, *mut Config, i32, *mut i32) -> u32>(b"eglChooseConfig\0")
                .map_err(|e| e.to_string())?;
            let bind_api = *lib.get::<unsafe extern "C" fn(u32) -> u32>(b"eglBindAPI\0").map_err(|e| e.to_string())?;
            let create_context = *lib
                .get::<unsafe extern "C" fn(Display, Config, Handle, *const i32) -> Handle>(b"eglCreateContext\0")
                .map_err(|e| e.to_string())?;
            let create_pbuffer_surface = *lib
                .get::<unsafe extern "C" fn(Display, Config, *const i32) -> Handle>(b"eglCreatePbufferSurface\0")
                .map_err(|e| e.to_string())?;
            let make_current = *lib
                .get::<unsafe extern "C" fn(Display, Handle, Handle, Handle) -> u32>(b"eglMakeCurrent\0")
                .map_err(|e| e.to_string())?;
            let get_error = *lib.get::<unsafe extern "C" fn() -> i32>(b"eglGetError\0").map_err(|e| e.to_string())?;
            let get_proc_address = *lib
                .get::<unsafe extern "C" fn(*const c_char) -> *mut c_void>(b"eglGetProcAddress\0")
                .map_err(|e| e.to_string())?;

            let fail = |step: &str| format!("{step} failed: EGL error {:#x}", get_error());
            let display = get_platform_display(EGL_PLATFORM_SURFACELESS_MESA, std::ptr::null_mut(), std::ptr::null());
            if display.is_null() {
                return Err(fail("eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA)"));
            }
            let (mut major, mut minor) = (0, 0);
            if initialize(display, &mut major, &mut minor) == 0 {
                return Err(fail("eglInitialize"));
            }
            let config_attribs = [
                EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
                EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8, EGL_NONE,
            ];
            let mut config: Config = std::ptr::null_mut();
            let mut count = 0;
            if choose_config(display, config_attribs.as_ptr(), &mut config, 1, &mut count) == 0 || count < 1 {
                return Err(fail("eglChooseConfig (RGBA8 pbuffer, OpenGL)"));
            }
            if bind_api(EGL_OPENGL_API) == 0 {
                return Err(fail("eglBindAPI(EGL_OPENGL_API)"));
            }
            let profile = if request.compatibility {
                EGL_CONTEXT_OPENGL_COMPATIBILITY_PROFILE_BIT
            } else {
                EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT
            };
            let context_attribs = [
                EGL_CONTEXT_MAJOR_VERSION, request.major,
                EGL_CONTEXT_MINOR_VERSION, request.minor,
                EGL_CONTEXT_OPENGL_PROFILE_MASK, profile,
                EGL_CONTEXT_OPENGL_ROBUST_ACCESS, request.robust_access as i32,
                EGL_NONE,
            ];
            let context = create_context(display, config, std::ptr::null_mut(), context_attribs.as_ptr());
            if context.is_null() {
                return Err(fail(&format!("eglCreateContext({request:?})")));
            }
            let surface_attribs = [EGL_WIDTH, 16, EGL_HEIGHT, 16, EGL_NONE];
            let surface = create_pbuffer_surface(display, config, surface_attribs.as_ptr());
            if surface.is_null() {
                return Err(fail("eglCreatePbufferSurface"));
            }
            if make_current(display, surface, surface, context) == 0 {
                return Err(fail("eglMakeCurrent"));
            }
            let gl = glow::Context::from_loader_function(|name| {
                let name = CString::new(name).expect("GL names have no NUL");
                get_proc_address(name.as_ptr()) as *const c_void
            });
            Ok(GlContext { gl, get_proc_address, _lib: lib })
        }
    }

    /// A GL command glow does not wrap (the fixed-function ones) as the function pointer
    /// type `F`, or an error naming it.
    ///
    /// # Safety
    /// `F` must be an `unsafe extern "C" fn` with the command's C signature.
    pub unsafe fn command<F: Copy>(&self, name: &str) -> Result<F, String> {
        const { assert!(std::mem::size_of::<F>() == std::mem::size_of::<*mut c_void>()) };
        let address = self.proc_address(name)?;
        // SAFETY: same size (checked above); the caller vouches for the signature.
        Ok(unsafe { std::mem::transmute_copy::<*mut c_void, F>(&address) })
    }

    fn proc_address(&self, name: &str) -> Result<*mut c_void, String> {
        let cname = CString::new(name).map_err(|e| e.to_string())?;
        // SAFETY: eglGetProcAddress takes any NUL-terminated name and returns null or a pointer.
        let ptr = unsafe { (self.get_proc_address)(cname.as_ptr()) };
        if ptr.is_null() {
            Err(format!("{name} is not exported by the GL implementation"))
        } else {
            Ok(ptr)
        }
    }
}
