//! Reading EGL attribute lists (`EGL_NONE`-terminated key/value pairs).

use super::consts::EGL_NONE;
use super::error::{EglError, EglResult};

/// More pairs than any real list holds: a list without its `EGL_NONE` is an
/// error, not a walk through the caller's memory.
const MAX_PAIRS: usize = 512;

/// Copies a C attribute list into pairs.
///
/// # Safety
/// `list` is null or points to key/value pairs ending in `EGL_NONE`, as EGL requires.
pub unsafe fn read<T: Copy + Into<i64>>(list: *const T) -> EglResult<Vec<(i64, i64)>> {
    let mut pairs = Vec::new();
    if list.is_null() {
        return Ok(pairs);
    }
    for i in 0..MAX_PAIRS {
        // SAFETY: the caller's list is valid up to its EGL_NONE; we stop there.
        let key: i64 = unsafe { *list.add(2 * i) }.into();
        if key == EGL_NONE {
            return Ok(pairs);
        }
        // SAFETY: a key other than EGL_NONE is followed by its value.
        let value: i64 = unsafe { *list.add(2 * i + 1) }.into();
        pairs.push((key, value));
    }
    Err(EglError::BAD_ATTRIBUTE)
}
