//! The current values of the conventional vertex attributes (compatibility profile):
//! glColor, glSecondaryColor, glNormal, glTexCoord, glMultiTexCoord, glFogCoord. A disabled
//! array reads them, and every glVertex between glBegin and glEnd snapshots them.

use crate::context::ContextState;
use crate::objects::vertex_array::{COLOR, FOG_COORD, NORMAL, SECONDARY_COLOR, TEX_COORD0};
use crate::state::matrices::MAX_TEXTURE_COORDS;
use crate::state::Dirty;
use crate::types::enums::*;
use crate::types::*;

/// Which conventional attribute a current-value command sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Current {
    Color,
    SecondaryColor,
    Normal,
    FogCoord,
    /// glTexCoord (unit 0) or glMultiTexCoord (GL_TEXTUREi).
    TexCoord(GLenum),
}

/// Integer components that colours and normals map to [-1, 1] or [0, 1].
pub(crate) trait Normalize: Copy {
    fn normalized(self) -> f32;
}

macro_rules! signed_norm {
    ($($t:ty),*) => { $(impl Normalize for $t { fn normalized(self) -> f32 { (self as f64 / <$t>::MAX as f64).max(-1.0) as f32 } })* };
}
macro_rules! unsigned_norm {
    ($($t:ty),*) => { $(impl Normalize for $t { fn normalized(self) -> f32 { (self as f64 / <$t>::MAX as f64) as f32 } })* };
}
signed_norm!(i8, i16, i32);
unsigned_norm!(u8, u16, u32);
impl Normalize for f32 {
    fn normalized(self) -> f32 {
        self
    }
}
impl Normalize for f64 {
    fn normalized(self) -> f32 {
        self as f32
    }
}

impl ContextState {
    /// Sets a conventional attribute's current value; `value` is already expanded to four
    /// components (missing ones 0, w 1).
    pub(crate) fn gl_current(&mut self, which: Current, value: [f32; 4]) {
        if !self.check(!self.is_core() && !self.is_gles(), GL_INVALID_OPERATION) {
            return;
        }
        let slot = match which {
            Current::Color => COLOR,
            Current::SecondaryColor => SECONDARY_COLOR,
            Current::Normal => NORMAL,
            Current::FogCoord => FOG_COORD,
            Current::TexCoord(unit) => {
                let unit = unit.wrapping_sub(GL_TEXTURE0) as usize;
                if !self.check(unit < MAX_TEXTURE_COORDS, GL_INVALID_ENUM) {
                    return;
                }
                TEX_COORD0 + unit
            }
        };
        if let Some(v) = self.current_attribs.get_mut(slot) {
            *v = value;
        }
        if slot == COLOR {
            self.track_color_material();
        }
        self.state.dirty.insert(Dirty::VERTEX_INPUT);
    }

    /// The current value of a conventional attribute, for glGet.
    pub(crate) fn current_value(&self, which: Current) -> [f32; 4] {
        let slot = match which {
            Current::Color => COLOR,
            Current::SecondaryColor => SECONDARY_COLOR,
            Current::Normal => NORMAL,
            Current::FogCoord => FOG_COORD,
            Current::TexCoord(unit) => TEX_COORD0 + (unit.wrapping_sub(GL_TEXTURE0) as usize).min(MAX_TEXTURE_COORDS - 1),
        };
        self.current_attribs.get(slot).copied().unwrap_or([0.0, 0.0, 0.0, 1.0])
    }
}

/// Reads `n` values of a glColor3fv-style array, expanded to four with 0s and w = 1.
///
/// # Safety
/// `v` must point to `n` values, as GL requires.
pub(crate) unsafe fn read_vec<T: Copy + Into<f64>>(v: *const T, n: usize) -> Option<[f32; 4]> {
    if v.is_null() {
        return None;
    }
    let mut out = [0.0, 0.0, 0.0, 1.0];
    for (i, o) in out.iter_mut().enumerate().take(n) {
        *o = (*v.add(i)).into() as f32;
    }
    Some(out)
}

/// Like `read_vec` for normalized colour and normal components.
///
/// # Safety
/// `v` must point to `n` values, as GL requires.
pub(crate) unsafe fn read_norm<T: Normalize>(v: *const T, n: usize) -> Option<[f32; 4]> {
    if v.is_null() {
        return None;
    }
    let mut out = [0.0, 0.0, 0.0, 1.0];
    for (i, o) in out.iter_mut().enumerate().take(n) {
        *o = (*v.add(i)).normalized();
    }
    Some(out)
}
