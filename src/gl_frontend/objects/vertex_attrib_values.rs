//! Generic attributes' current values by type: glVertexAttribI* stores integer words,
//! which an integer input reads from a disabled array (the draw path fetches them as
//! integers), and glGetVertexAttrib{f,d,i,Ii,Iui}v answer GL_CURRENT_VERTEX_ATTRIB and the
//! array parameters.

use crate::context::ContextState;
use crate::types::enums::*;
use crate::types::*;

/// How glGetVertexAttrib*v returns the current value.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum CurrentAs {
    /// glGetVertexAttribfv/dv/iv: the value as floating point (iv truncates it, as Mesa does).
    Float,
    /// glGetVertexAttribIiv/Iuiv: the integer words glVertexAttribI* stored.
    Words,
}

impl ContextState {
    /// glVertexAttribI*: four integer words; missing components are 0 and w 1.
    pub(crate) fn set_current_attrib_words(&mut self, index: GLuint, words: [u32; 4]) {
        self.set_current_attrib(index, words.map(f32::from_bits));
    }

    /// glGetVertexAttrib*v: four values for GL_CURRENT_VERTEX_ATTRIB, else the array
    /// parameter. `None` after recording the error.
    pub(crate) fn vertex_attrib_values(&mut self, index: GLuint, pname: GLenum, how: CurrentAs) -> Option<Vec<f64>> {
        if pname != GL_CURRENT_VERTEX_ATTRIB {
            return match self.vertex_attrib_parameter(index, pname) {
                Some(v) => Some(vec![v as f64]),
                None => {
                    if index < self.limits.max_vertex_attribs {
                        self.record_error(GL_INVALID_ENUM);
                    }
                    None
                }
            };
        }
        // Attribute 0 is the position in compatibility contexts and has no current value.
        let aliases_vertex = index == 0 && !self.is_core() && !self.is_gles();
        if !self.check(index < self.limits.max_vertex_attribs, GL_INVALID_VALUE) || !self.check(!aliases_vertex, GL_INVALID_OPERATION) {
            return None;
        }
        let value = self.current_attribs.get(index as usize).copied().unwrap_or([0.0, 0.0, 0.0, 1.0]);
        Some(match how {
            CurrentAs::Float => value.iter().map(|&f| f as f64).collect(),
            CurrentAs::Words => value.iter().map(|f| f.to_bits() as f64).collect(),
        })
    }

    /// Writes glGetVertexAttrib*v's values through `params`.
    ///
    /// # Safety
    /// `params` is null or holds four values of `T`.
    pub(crate) unsafe fn get_vertex_attrib<T: Copy>(&mut self, index: GLuint, pname: GLenum, how: CurrentAs, params: *mut T, convert: impl Fn(f64) -> T) {
        if params.is_null() {
            return;
        }
        let Some(values) = self.vertex_attrib_values(index, pname, how) else { return };
        for (i, v) in values.into_iter().enumerate() {
            // SAFETY: as the caller promises.
            unsafe { *params.add(i) = convert(v) };
        }
    }
}
