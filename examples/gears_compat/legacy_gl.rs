//! The GL 1.x entry points the gears draw with, loaded through `eglGetProcAddress`:
//! glow covers modern GL only, and going through EGL keeps this program driver-neutral
//! (glvnd hands back its dispatch stubs, whichever vendor serves the context).

use std::ffi::c_void;

pub const COLOR_BUFFER_BIT: u32 = 0x4000;
pub const DEPTH_BUFFER_BIT: u32 = 0x0100;
pub const QUADS: u32 = 0x0007;
pub const QUAD_STRIP: u32 = 0x0008;
pub const FLAT: u32 = 0x1D00;
pub const SMOOTH: u32 = 0x1D01;
pub const CULL_FACE: u32 = 0x0B44;
pub const DEPTH_TEST: u32 = 0x0B71;
pub const LIGHTING: u32 = 0x0B50;
pub const LIGHT0: u32 = 0x4000;
pub const NORMALIZE: u32 = 0x0BA1;
pub const POSITION: u32 = 0x1203;
pub const FRONT: u32 = 0x0404;
pub const AMBIENT_AND_DIFFUSE: u32 = 0x1602;
pub const COMPILE: u32 = 0x1300;
pub const MODELVIEW: u32 = 0x1700;
pub const PROJECTION: u32 = 0x1701;
pub const RGBA: u32 = 0x1908;
pub const UNSIGNED_BYTE: u32 = 0x1401;
pub const PACK_ALIGNMENT: u32 = 0x0D05;
pub const VENDOR: u32 = 0x1F00;
pub const RENDERER: u32 = 0x1F01;
pub const VERSION: u32 = 0x1F02;

/// Declares the table and its loader from one list, so a name and its signature
/// cannot drift apart.
macro_rules! entry_points {
    ($($field:ident = $name:literal: fn($($arg:ty),*) $(-> $ret:ty)?;)*) => {
        /// Typed pointers to the legacy GL functions, valid while the context that
        /// resolved them is current.
        pub struct LegacyGl {
            $(pub $field: unsafe extern "system" fn($($arg),*) $(-> $ret)?,)*
        }

        impl LegacyGl {
            /// Resolves every entry point through `resolve` (eglGetProcAddress); names
            /// the first one missing.
            pub fn load(resolve: impl Fn(&str) -> Option<extern "system" fn()>) -> Result<Self, String> {
                Ok(LegacyGl {
                    $($field: {
                        let f = resolve($name).ok_or(concat!("no ", $name))?;
                        // SAFETY: the GL registry gives the function this signature.
                        unsafe { std::mem::transmute::<extern "system" fn(), _>(f) }
                    },)*
                })
            }
        }
    };
}

entry_points! {
    get_string = "glGetString": fn(u32) -> *const u8;
    get_error = "glGetError": fn() -> u32;
    viewport = "glViewport": fn(i32, i32, i32, i32);
    clear_color = "glClearColor": fn(f32, f32, f32, f32);
    clear = "glClear": fn(u32);
    enable = "glEnable": fn(u32);
    shade_model = "glShadeModel": fn(u32);
    lightfv = "glLightfv": fn(u32, u32, *const f32);
    materialfv = "glMaterialfv": fn(u32, u32, *const f32);
    matrix_mode = "glMatrixMode": fn(u32);
    load_identity = "glLoadIdentity": fn();
    frustum = "glFrustum": fn(f64, f64, f64, f64, f64, f64);
    translatef = "glTranslatef": fn(f32, f32, f32);
    rotatef = "glRotatef": fn(f32, f32, f32, f32);
    push_matrix = "glPushMatrix": fn();
    pop_matrix = "glPopMatrix": fn();
    gen_lists = "glGenLists": fn(i32) -> u32;
    new_list = "glNewList": fn(u32, u32);
    end_list = "glEndList": fn();
    call_list = "glCallList": fn(u32);
    begin = "glBegin": fn(u32);
    end = "glEnd": fn();
    vertex3f = "glVertex3f": fn(f32, f32, f32);
    normal3f = "glNormal3f": fn(f32, f32, f32);
    pixel_storei = "glPixelStorei": fn(u32, i32);
    read_pixels = "glReadPixels": fn(i32, i32, i32, i32, u32, u32, *mut c_void);
}

impl LegacyGl {
    /// A glGetString answer as text ("" where the driver gives none).
    pub fn string(&self, name: u32) -> String {
        // SAFETY: glGetString returns null or a NUL-terminated string the driver owns.
        unsafe {
            let s = (self.get_string)(name);
            if s.is_null() {
                String::new()
            } else {
                std::ffi::CStr::from_ptr(s.cast()).to_string_lossy().into_owned()
            }
        }
    }

    /// Fails with the pending GL error, if any, naming what was being done.
    pub fn check(&self, doing: &str) -> Result<(), String> {
        // SAFETY: a plain query on the current context.
        match unsafe { (self.get_error)() } {
            0 => Ok(()),
            e => Err(format!("GL error 0x{e:04x} while {doing}")),
        }
    }
}
