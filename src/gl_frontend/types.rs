//! GL's C types as Rust types (Linux LP64 ABI), and the GL enum constants from the registry.
#![allow(non_camel_case_types, clippy::upper_case_acronyms)]

pub use std::ffi::c_void;
use std::os::raw::c_char;

pub type GLenum = u32;
pub type GLboolean = u8;
pub type GLbitfield = u32;
pub type GLbyte = i8;
pub type GLubyte = u8;
pub type GLshort = i16;
pub type GLushort = u16;
pub type GLint = i32;
pub type GLuint = u32;
pub type GLclampx = i32;
pub type GLsizei = i32;
pub type GLfloat = f32;
pub type GLclampf = f32;
pub type GLdouble = f64;
pub type GLclampd = f64;
pub type GLchar = c_char;
pub type GLcharARB = c_char;
pub type GLhandleARB = u32;
pub type GLhalf = u16;
pub type GLhalfARB = u16;
pub type GLhalfNV = u16;
pub type GLfixed = i32;
pub type GLintptr = isize;
pub type GLintptrARB = isize;
pub type GLsizeiptr = isize;
pub type GLsizeiptrARB = isize;
pub type GLint64 = i64;
pub type GLint64EXT = i64;
pub type GLuint64 = u64;
pub type GLuint64EXT = u64;
pub type GLvdpauSurfaceNV = isize;
/// The KHR_debug message callback.
pub type GLDEBUGPROC = Option<
    unsafe extern "system" fn(
        source: GLenum,
        ty: GLenum,
        id: GLuint,
        severity: GLenum,
        length: GLsizei,
        message: *const GLchar,
        user_param: *const c_void,
    ),
>;

/// Every `GL_*` constant of the registry (desktop GL and GLES 2/3).
pub mod enums {
    #![allow(missing_docs, non_upper_case_globals)]
    use super::GLenum;
    include!(concat!(env!("OUT_DIR"), "/gl_enums.rs"));
}
