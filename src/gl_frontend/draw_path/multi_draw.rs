//! glMultiDrawArrays, glMultiDrawElements and glMultiDrawElementsBaseVertex: a list of
//! draws made one by one. Every count is checked before any draw, as an erroneous command
//! has no effect at all.

use crate::context::ContextState;
use crate::draw_path::draw::Indices;
use crate::types::enums::*;
use crate::types::*;

/// `n` elements of an application array; empty for null.
///
/// # Safety
/// `p` is null or points at `n` elements.
unsafe fn elements<'a, T>(p: *const T, n: usize) -> &'a [T] {
    if p.is_null() || n == 0 {
        &[]
    } else {
        // SAFETY: as the caller promises.
        unsafe { std::slice::from_raw_parts(p, n) }
    }
}

impl ContextState {
    /// Whether `drawcount` and every count are non-negative (GL_INVALID_VALUE if not).
    fn multi_draw_counts_valid(&mut self, counts: &[GLsizei], drawcount: GLsizei) -> bool {
        self.check(drawcount >= 0 && counts.iter().all(|c| *c >= 0), GL_INVALID_VALUE)
    }

    /// glMultiDrawArrays.
    ///
    /// # Safety
    /// `first` and `count` are null or hold `drawcount` values.
    pub(crate) unsafe fn gl_multi_draw_arrays(&mut self, mode: GLenum, first: *const GLint, count: *const GLsizei, drawcount: GLsizei) {
        let n = drawcount.max(0) as usize;
        // SAFETY: as the caller promises.
        let (firsts, counts) = unsafe { (elements(first, n), elements(count, n)) };
        if !self.multi_draw_counts_valid(counts, drawcount) {
            return;
        }
        for (f, c) in firsts.iter().zip(counts) {
            self.gl_draw(mode, *f, *c, 1, 0, 0, None);
        }
    }

    /// glMultiDrawElements and glMultiDrawElementsBaseVertex (`base_vertex` null: none).
    ///
    /// # Safety
    /// `count`, `indices` and `base_vertex` are null or hold `drawcount` values.
    pub(crate) unsafe fn gl_multi_draw_elements(&mut self, mode: GLenum, count: *const GLsizei, ty: GLenum, indices: *const *const c_void, drawcount: GLsizei, base_vertex: *const GLint) {
        let n = drawcount.max(0) as usize;
        // SAFETY: as the caller promises.
        let (counts, offsets, bases) = unsafe { (elements(count, n), elements(indices, n), elements(base_vertex, n)) };
        if !self.multi_draw_counts_valid(counts, drawcount) {
            return;
        }
        for (i, (c, offset)) in counts.iter().zip(offsets).enumerate() {
            let base = bases.get(i).copied().unwrap_or(0);
            self.gl_draw(mode, 0, *c, 1, base, 0, Some(Indices { ty, offset: *offset as usize }));
        }
    }
}
