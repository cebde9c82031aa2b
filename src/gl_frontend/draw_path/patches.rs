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

    /// glGetProgramiv of the tessellation layout: GL_TESS_CONTROL_OUTPUT_VERTICES and the
    /// GL_TESS_GEN_* values. `None` for other names; GL_INVALID_OPERATION (and `Some(None)`)
    /// when the program is not linked or lacks the stage that declares the value.
    pub(crate) fn tessellation_program_parameter(&mut self, program: GLuint, pname: GLenum) -> Option<Option<GLint>> {
        use nir_like::{Primitive, TessSpacing};
        if !matches!(pname, GL_TESS_CONTROL_OUTPUT_VERTICES | GL_TESS_GEN_MODE | GL_TESS_GEN_SPACING | GL_TESS_GEN_VERTEX_ORDER | GL_TESS_GEN_POINT_MODE) {
            return None;
        }
        let Some(exe) = self.with_program(program, |p| p.executable.clone()) else { return Some(None) };
        let value = exe.and_then(|exe| {
            let exe = exe.lock().unwrap_or_else(|p| p.into_inner());
            let tes = exe.tess_eval.as_ref();
            match pname {
                GL_TESS_CONTROL_OUTPUT_VERTICES => exe.tess_control_vertices.map(|n| n as GLint),
                GL_TESS_GEN_MODE => tes.map(|t| match t.primitive_mode {
                    Primitive::Quads => GL_QUADS,
                    Primitive::Isolines | Primitive::Lines => GL_ISOLINES,
                    _ => GL_TRIANGLES,
                } as GLint),
                GL_TESS_GEN_SPACING => tes.map(|t| match t.spacing {
                    TessSpacing::Equal => GL_EQUAL,
                    TessSpacing::FractionalEven => GL_FRACTIONAL_EVEN,
                    TessSpacing::FractionalOdd => GL_FRACTIONAL_ODD,
                } as GLint),
                GL_TESS_GEN_VERTEX_ORDER => tes.map(|t| if t.ccw { GL_CCW } else { GL_CW } as GLint),
                _ => tes.map(|t| GLint::from(t.point_mode)),
            }
        });
        if value.is_none() {
            self.record_error(GL_INVALID_OPERATION);
        }
        Some(value)
    }

    /// The topology of a GL_PATCHES draw; `None` for other modes.
    pub(crate) fn patch_topology(&self, mode: GLenum) -> Option<Topology> {
        (mode == GL_PATCHES).then(|| Topology::PatchList(self.state.patch.vertices.clamp(1, MAX_PATCH_VERTICES) as u8))
    }

}
