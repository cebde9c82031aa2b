//! Depth and stencil tests: glDepthFunc, glDepthMask, glStencilFunc(Separate),
//! glStencilOp(Separate), glStencilMask(Separate).

use crate::context::ContextState;
use crate::state::Dirty;
use crate::types::enums::*;
use crate::types::*;

/// The stencil state of one face.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StencilFace {
    pub func: GLenum,
    pub reference: GLint,
    pub value_mask: GLuint,
    pub write_mask: GLuint,
    pub fail: GLenum,
    pub depth_fail: GLenum,
    pub pass: GLenum,
}

impl Default for StencilFace {
    fn default() -> Self {
        StencilFace {
            func: GL_ALWAYS,
            reference: 0,
            value_mask: u32::MAX,
            write_mask: u32::MAX,
            fail: GL_KEEP,
            depth_fail: GL_KEEP,
            pass: GL_KEEP,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct DepthStencilState {
    pub depth_func: GLenum,
    pub depth_write: bool,
    pub front: StencilFace,
    pub back: StencilFace,
}

impl Default for DepthStencilState {
    fn default() -> Self {
        DepthStencilState { depth_func: GL_LESS, depth_write: true, front: StencilFace::default(), back: StencilFace::default() }
    }
}

pub(crate) fn is_compare_func(f: GLenum) -> bool {
    (GL_NEVER..=GL_ALWAYS).contains(&f)
}

fn is_stencil_op(op: GLenum) -> bool {
    matches!(op, GL_KEEP | GL_ZERO | GL_REPLACE | GL_INCR | GL_DECR | GL_INVERT | GL_INCR_WRAP | GL_DECR_WRAP)
}

fn is_face(face: GLenum) -> bool {
    matches!(face, GL_FRONT | GL_BACK | GL_FRONT_AND_BACK)
}

impl ContextState {
    fn stencil_faces(&mut self, face: GLenum) -> impl Iterator<Item = &mut StencilFace> {
        let ds = &mut self.state.depth_stencil;
        let front = matches!(face, GL_FRONT | GL_FRONT_AND_BACK).then_some(&mut ds.front);
        let back = matches!(face, GL_BACK | GL_FRONT_AND_BACK).then_some(&mut ds.back);
        front.into_iter().chain(back)
    }

    pub(crate) fn gl_depth_func(&mut self, func: GLenum) {
        if !self.check(is_compare_func(func), GL_INVALID_ENUM) {
            return;
        }
        self.state.depth_stencil.depth_func = func;
        self.state.dirty.insert(Dirty::DEPTH_STENCIL);
    }

    pub(crate) fn gl_depth_mask(&mut self, flag: GLboolean) {
        self.state.depth_stencil.depth_write = flag != 0;
        self.state.dirty.insert(Dirty::DEPTH_STENCIL);
    }

    pub(crate) fn gl_stencil_func_separate(&mut self, face: GLenum, func: GLenum, reference: GLint, mask: GLuint) {
        if !self.check(is_face(face) && is_compare_func(func), GL_INVALID_ENUM) {
            return;
        }
        for f in self.stencil_faces(face) {
            (f.func, f.reference, f.value_mask) = (func, reference, mask);
        }
        self.state.dirty.insert(Dirty::DEPTH_STENCIL);
    }

    pub(crate) fn gl_stencil_op_separate(&mut self, face: GLenum, fail: GLenum, depth_fail: GLenum, pass: GLenum) {
        let valid = is_face(face) && is_stencil_op(fail) && is_stencil_op(depth_fail) && is_stencil_op(pass);
        if !self.check(valid, GL_INVALID_ENUM) {
            return;
        }
        for f in self.stencil_faces(face) {
            (f.fail, f.depth_fail, f.pass) = (fail, depth_fail, pass);
        }
        self.state.dirty.insert(Dirty::DEPTH_STENCIL);
    }

    pub(crate) fn gl_stencil_mask_separate(&mut self, face: GLenum, mask: GLuint) {
        if !self.check(is_face(face), GL_INVALID_ENUM) {
            return;
        }
        for f in self.stencil_faces(face) {
            f.write_mask = mask;
        }
        self.state.dirty.insert(Dirty::DEPTH_STENCIL);
    }
}
