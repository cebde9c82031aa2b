//! The compatibility profile's matrix stacks (modelview, projection, one texture stack per
//! texture-coordinate set, colour) and the commands that edit the top of the current one:
//! glMatrixMode, glLoad/Mult(Transpose)Matrix, glPush/PopMatrix, glRotate, glTranslate,
//! glScale, glOrtho, glFrustum. Matrices are kept in doubles, column-major as GL hands them
//! over, so glGetDoublev returns what was loaded; shaders receive them as floats.

use std::sync::atomic::{AtomicU64, Ordering};

use crate::context::ContextState;
use crate::state::Dirty;
use crate::types::enums::*;
use crate::types::*;

/// A 4x4 matrix in GL's column-major order: element (row r, column c) is `m[c * 4 + r]`.
pub type Mat4 = [f64; 16];

pub const IDENTITY: Mat4 = [1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0];

/// GL_MAX_MODELVIEW_STACK_DEPTH (GL asks for at least 32).
pub const MAX_MODELVIEW_DEPTH: usize = 32;
/// GL_MAX_PROJECTION_STACK_DEPTH (GL asks for at least 2).
pub const MAX_PROJECTION_DEPTH: usize = 32;
/// GL_MAX_TEXTURE_STACK_DEPTH (GL asks for at least 2).
pub const MAX_TEXTURE_DEPTH: usize = 10;
/// GL_MAX_COLOR_MATRIX_STACK_DEPTH (ARB_imaging asks for at least 2).
pub const MAX_COLOR_DEPTH: usize = 10;
/// GL_MAX_TEXTURE_COORDS: texture-coordinate sets, each with its texture matrix stack.
pub const MAX_TEXTURE_COORDS: usize = 8;

/// `a * b`.
pub fn multiply(a: &Mat4, b: &Mat4) -> Mat4 {
    let mut out = [0.0; 16];
    for c in 0..4 {
        for r in 0..4 {
            out[c * 4 + r] = (0..4).map(|k| a[k * 4 + r] * b[c * 4 + k]).sum();
        }
    }
    out
}

pub fn transpose(m: &Mat4) -> Mat4 {
    let mut out = [0.0; 16];
    for c in 0..4 {
        for r in 0..4 {
            out[r * 4 + c] = m[c * 4 + r];
        }
    }
    out
}

/// The inverse by cofactors; a singular matrix gives all zeros (GL leaves the built-in
/// inverse of a singular matrix undefined).
pub fn inverse(m: &Mat4) -> Mat4 {
    let at = |r: usize, c: usize| m[c * 4 + r];
    let minor = |r0: usize, c0: usize| -> f64 {
        let rows: Vec<usize> = (0..4).filter(|&r| r != r0).collect();
        let cols: Vec<usize> = (0..4).filter(|&c| c != c0).collect();
        let e = |i: usize, j: usize| at(rows[i], cols[j]);
        e(0, 0) * (e(1, 1) * e(2, 2) - e(1, 2) * e(2, 1)) - e(0, 1) * (e(1, 0) * e(2, 2) - e(1, 2) * e(2, 0))
            + e(0, 2) * (e(1, 0) * e(2, 1) - e(1, 1) * e(2, 0))
    };
    let mut cof = [0.0; 16];
    for r in 0..4 {
        for c in 0..4 {
            let sign = if (r + c) % 2 == 0 { 1.0 } else { -1.0 };
            cof[c * 4 + r] = sign * minor(r, c);
        }
    }
    let det: f64 = (0..4).map(|c| at(0, c) * cof[c * 4]).sum();
    if det == 0.0 || !det.is_finite() {
        return [0.0; 16];
    }
    // inverse = adjugate / det, the adjugate being the transposed cofactor matrix.
    let mut out = [0.0; 16];
    for r in 0..4 {
        for c in 0..4 {
            out[c * 4 + r] = cof[r * 4 + c] / det;
        }
    }
    out
}

/// glRotate's matrix: `angle` degrees about the axis (x, y, z), normalised first.
pub fn rotation(angle: f64, x: f64, y: f64, z: f64) -> Mat4 {
    let len = (x * x + y * y + z * z).sqrt();
    if len == 0.0 || !len.is_finite() {
        return IDENTITY;
    }
    let (x, y, z) = (x / len, y / len, z / len);
    let (s, c) = angle.to_radians().sin_cos();
    let t = 1.0 - c;
    [
        x * x * t + c, y * x * t + z * s, x * z * t - y * s, 0.0,
        x * y * t - z * s, y * y * t + c, y * z * t + x * s, 0.0,
        x * z * t + y * s, y * z * t - x * s, z * z * t + c, 0.0,
        0.0, 0.0, 0.0, 1.0,
    ]
}

pub fn translation(x: f64, y: f64, z: f64) -> Mat4 {
    let mut m = IDENTITY;
    m[12] = x;
    m[13] = y;
    m[14] = z;
    m
}

pub fn scaling(x: f64, y: f64, z: f64) -> Mat4 {
    let mut m = IDENTITY;
    m[0] = x;
    m[5] = y;
    m[10] = z;
    m
}

pub fn ortho(l: f64, r: f64, b: f64, t: f64, n: f64, f: f64) -> Mat4 {
    let mut m = IDENTITY;
    m[0] = 2.0 / (r - l);
    m[5] = 2.0 / (t - b);
    m[10] = -2.0 / (f - n);
    m[12] = -(r + l) / (r - l);
    m[13] = -(t + b) / (t - b);
    m[14] = -(f + n) / (f - n);
    m
}

pub fn frustum(l: f64, r: f64, b: f64, t: f64, n: f64, f: f64) -> Mat4 {
    let mut m = [0.0; 16];
    m[0] = 2.0 * n / (r - l);
    m[5] = 2.0 * n / (t - b);
    m[8] = (r + l) / (r - l);
    m[9] = (t + b) / (t - b);
    m[10] = -(f + n) / (f - n);
    m[11] = -1.0;
    m[14] = -2.0 * f * n / (f - n);
    m
}

/// One matrix stack; the last element is the current matrix.
#[derive(Clone, Debug)]
pub struct MatrixStack {
    stack: Vec<Mat4>,
    max_depth: usize,
}

impl MatrixStack {
    fn new(max_depth: usize) -> Self {
        MatrixStack { stack: vec![IDENTITY], max_depth }
    }

    pub fn top(&self) -> &Mat4 {
        self.stack.last().expect("a matrix stack is never empty")
    }

    fn top_mut(&mut self) -> &mut Mat4 {
        self.stack.last_mut().expect("a matrix stack is never empty")
    }

    pub fn depth(&self) -> usize {
        self.stack.len()
    }
}

/// Which stack glMatrixMode selected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatrixMode {
    Modelview,
    Projection,
    Texture,
    Color,
}

/// Every matrix stack of a context.
#[derive(Clone, Debug)]
pub struct MatrixState {
    pub mode: MatrixMode,
    pub modelview: MatrixStack,
    pub projection: MatrixStack,
    pub texture: Vec<MatrixStack>,
    pub color: MatrixStack,
    /// Changes on every edit; unique across contexts, so a program shared by two contexts
    /// refills its built-in matrix uniforms when it moves between them.
    pub generation: u64,
}

static GENERATIONS: AtomicU64 = AtomicU64::new(1);

fn next_generation() -> u64 {
    GENERATIONS.fetch_add(1, Ordering::Relaxed)
}

impl Default for MatrixState {
    fn default() -> Self {
        MatrixState {
            mode: MatrixMode::Modelview,
            modelview: MatrixStack::new(MAX_MODELVIEW_DEPTH),
            projection: MatrixStack::new(MAX_PROJECTION_DEPTH),
            texture: vec![MatrixStack::new(MAX_TEXTURE_DEPTH); MAX_TEXTURE_COORDS],
            color: MatrixStack::new(MAX_COLOR_DEPTH),
            generation: next_generation(),
        }
    }
}

impl MatrixMode {
    pub fn to_gl(self) -> GLenum {
        match self {
            MatrixMode::Modelview => GL_MODELVIEW,
            MatrixMode::Projection => GL_PROJECTION,
            MatrixMode::Texture => GL_TEXTURE,
            MatrixMode::Color => GL_COLOR,
        }
    }
}

impl ContextState {
    /// Matrix commands exist only in desktop compatibility contexts.
    fn matrices_available(&mut self) -> bool {
        self.check(!self.is_core() && !self.is_gles(), GL_INVALID_OPERATION) && self.check(!self.in_begin_end(), GL_INVALID_OPERATION)
    }

    /// The stack the current matrix mode (and, for GL_TEXTURE, the active unit) selects;
    /// `None` after recording GL_INVALID_OPERATION for a unit without texture coordinates.
    fn current_stack(&mut self) -> Option<&mut MatrixStack> {
        if !self.matrices_available() {
            return None;
        }
        let unit = self.bindings.active_texture as usize;
        if self.state.matrices.mode == MatrixMode::Texture && unit >= MAX_TEXTURE_COORDS {
            self.record_error(GL_INVALID_OPERATION);
            return None;
        }
        self.state.matrices.generation = next_generation();
        self.state.dirty.insert(Dirty::UNIFORMS);
        let m = &mut self.state.matrices;
        Some(match m.mode {
            MatrixMode::Modelview => &mut m.modelview,
            MatrixMode::Projection => &mut m.projection,
            MatrixMode::Texture => &mut m.texture[unit],
            MatrixMode::Color => &mut m.color,
        })
    }

    /// The stack glGet names with `pname`'s matrix mode.
    pub(crate) fn stack_of(&self, mode: MatrixMode) -> &MatrixStack {
        let m = &self.state.matrices;
        match mode {
            MatrixMode::Modelview => &m.modelview,
            MatrixMode::Projection => &m.projection,
            MatrixMode::Texture => &m.texture[(self.bindings.active_texture as usize).min(MAX_TEXTURE_COORDS - 1)],
            MatrixMode::Color => &m.color,
        }
    }

    pub(crate) fn gl_matrix_mode(&mut self, mode: GLenum) {
        if !self.matrices_available() {
            return;
        }
        let mode = match mode {
            GL_MODELVIEW => MatrixMode::Modelview,
            GL_PROJECTION => MatrixMode::Projection,
            GL_TEXTURE => MatrixMode::Texture,
            GL_COLOR => MatrixMode::Color,
            _ => return self.record_error(GL_INVALID_ENUM),
        };
        self.state.matrices.mode = mode;
    }

    pub(crate) fn gl_load_matrix(&mut self, m: Mat4) {
        if let Some(stack) = self.current_stack() {
            *stack.top_mut() = m;
        }
    }

    /// Multiplies the current matrix on the right by `m`, as every GL transform does.
    pub(crate) fn gl_mult_matrix(&mut self, m: Mat4) {
        if let Some(stack) = self.current_stack() {
            let top = stack.top_mut();
            *top = multiply(top, &m);
        }
    }

    pub(crate) fn gl_push_matrix(&mut self) {
        let Some(stack) = self.current_stack() else { return };
        if stack.stack.len() >= stack.max_depth {
            return self.record_error(GL_STACK_OVERFLOW);
        }
        let top = *stack.top();
        stack.stack.push(top);
    }

    pub(crate) fn gl_pop_matrix(&mut self) {
        let Some(stack) = self.current_stack() else { return };
        if stack.stack.len() <= 1 {
            return self.record_error(GL_STACK_UNDERFLOW);
        }
        stack.stack.pop();
    }

    pub(crate) fn gl_ortho(&mut self, l: f64, r: f64, b: f64, t: f64, n: f64, f: f64) {
        if !self.matrices_available() || !self.check(l != r && b != t && n != f, GL_INVALID_VALUE) {
            return;
        }
        self.gl_mult_matrix(ortho(l, r, b, t, n, f))
    }

    pub(crate) fn gl_frustum(&mut self, l: f64, r: f64, b: f64, t: f64, n: f64, f: f64) {
        if !self.matrices_available() || !self.check(n > 0.0 && f > 0.0 && l != r && b != t && n != f, GL_INVALID_VALUE) {
            return;
        }
        self.gl_mult_matrix(frustum(l, r, b, t, n, f))
    }
}

/// Reads the 16 values of a glLoadMatrix/glMultMatrix argument.
///
/// # Safety
/// `m` must point to 16 values, as GL requires.
pub(crate) unsafe fn read_matrix<T: Copy + Into<f64>>(m: *const T) -> Option<Mat4> {
    if m.is_null() {
        return None;
    }
    let mut out = [0.0; 16];
    for (i, v) in out.iter_mut().enumerate() {
        *v = (*m.add(i)).into();
    }
    Some(out)
}
