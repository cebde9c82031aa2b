//! Reading EGL attribute lists (`EGL_NONE`-terminated key/value pairs).

use super::consts::EGL_NONE;
use super::error::{EglError, EglResult};

/// More pairs than any real list holds: a list without its `EGL_NONE` is an
/// error, not a walk through the caller's memory.
const MAX_PAIRS: usize = 512;

/// The two element types of EGL's lists: EGLint (EGL 1.4 functions) and EGLAttrib
/// (pointer-sized: EGL 1.5's eglGetPlatformDisplay, eglCreatePlatform*Surface).
pub trait Element: Copy {
    fn widen(self) -> i64;
}

impl Element for i32 {
    fn widen(self) -> i64 {
        self.into()
    }
}

impl Element for isize {
    fn widen(self) -> i64 {
        self as i64
    }
}

/// Copies a C attribute list into pairs.
///
/// # Safety
/// `list` is null or points to key/value pairs ending in `EGL_NONE`, as EGL requires.
pub unsafe fn read<T: Element>(list: *const T) -> EglResult<Vec<(i64, i64)>> {
    let mut pairs = Vec::new();
    if list.is_null() {
        return Ok(pairs);
    }
    for i in 0..MAX_PAIRS {
        // SAFETY: the caller's list is valid up to its EGL_NONE; we stop there.
        let key = unsafe { *list.add(2 * i) }.widen();
        if key == EGL_NONE {
            return Ok(pairs);
        }
        // SAFETY: a key other than EGL_NONE is followed by its value.
        let value = unsafe { *list.add(2 * i + 1) }.widen();
        pairs.push((key, value));
    }
    Err(EglError::BAD_ATTRIBUTE)
}
