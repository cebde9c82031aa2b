//! Tessellation patches: glPatchParameteri/fv state, and the rules tying GL_PATCHES draws
//! to programs with tessellation stages.

use vk_backend::Topology;

use crate::context::ContextState;
use crate::types::enums::*;
use crate::types::*;

/// GL_MAX_PATCH_VERTICES.
pub const MAX_PATCH_VERTICES: i32 = 32;
/// GL_MAX_TESS_GEN_LEVEL.
pub const MAX_TESS_GEN_LEVEL: i32 = 64;

/// glPatchParameter state.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PatchState {
    /// GL_PATCH_VERTICES: control points per patch.
    pub vertices: i32,
    /// The levels tessellation uses when the program has no control shader.
    pub default_outer: [f32; 4],
    pub default_inner: [f32; 2],
}

impl Default for PatchState {
    fn default() -> Self {
        PatchState { vertices: 3, default_outer: [1.0; 4], default_inner: [1.0; 2] }
    }
}

impl ContextState {
    pub(crate) fn gl_patch_parameteri(&mut self, pname: GLenum, value: GLint) {
        if !self.check(pname == GL_PATCH_VERTICES, GL_INVALID_ENUM) {
            return;
        }
        if self.check(value > 0 && value <= MAX_PATCH_VERTICES, GL_INVALID_VALUE) {
            self.state.patch.vertices = value;
        }
    }

    pub(crate) fn gl_patch_parameterfv(&mut self, pname: GLenum, values: *const GLfloat) {
        let n = match pname {
            GL_PATCH_DEFAULT_OUTER_LEVEL => 4,
            GL_PATCH_DEFAULT_INNER_LEVEL => 2,
            _ => return self.record_error(GL_INVALID_ENUM),
        };
        if values.is_null() {
            return;
        }
        // SAFETY: GL requires `values` to hold the parameter's 4 or 2 floats.
        let v = unsafe { std::slice::from_raw_parts(values, n) };
        if n == 4 {
            self.state.patch.default_outer.copy_from_slice(v);
        } else {
            self.state.patch.default_inner.copy_from_slice(v);
        }
    }

    /// The topology of a GL_PATCHES draw; `None` for other modes.
    pub(crate) fn patch_topology(&self, mode: GLenum) -> Option<Topology> {
        (mode == GL_PATCHES).then(|| Topology::PatchList(self.state.patch.vertices.clamp(1, MAX_PATCH_VERTICES) as u8))
    }

}
