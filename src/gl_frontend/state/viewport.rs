//! Viewports, depth ranges and scissor boxes: glViewport, glScissor, glDepthRange and their
//! indexed forms (GL 4.1, ARB_viewport_array). The unindexed commands set every index; a
//! draw hands the backend every index only when they differ, so gl_ViewportIndex selects
//! among them, and one otherwise.

use crate::context::ContextState;
use crate::state::Dirty;
use crate::types::enums::*;
use crate::types::*;
use vk_backend::{Rect, Viewport};

/// Indices galvan keeps state for: GL 4.1's minimum of GL_MAX_VIEWPORTS.
pub const MAX_VIEWPORTS: usize = 16;

/// Viewport rectangles (x, y, width, height), depth ranges and scissor boxes per index, in
/// GL window coordinates (row 0 is the bottom row, as images are stored). The scissor
/// test's per-index enables live with the other capabilities (`Enables::scissor_tests`).
#[derive(Clone, Debug, PartialEq)]
pub struct ViewportState {
    pub viewports: [[f32; 4]; MAX_VIEWPORTS],
    pub depth_ranges: [[f64; 2]; MAX_VIEWPORTS],
    pub scissors: [[i32; 4]; MAX_VIEWPORTS],
}

impl Default for ViewportState {
    fn default() -> Self {
        ViewportState { viewports: [[0.0; 4]; MAX_VIEWPORTS], depth_ranges: [[0.0, 1.0]; MAX_VIEWPORTS], scissors: [[0; 4]; MAX_VIEWPORTS] }
    }
}

impl ViewportState {
    /// Viewport 0: what the unindexed queries, raster positions and pixel rectangles use.
    pub fn viewport(&self) -> [f32; 4] {
        self.viewports[0]
    }

    /// Depth range 0, which gl_DepthRange holds.
    pub fn depth_range(&self) -> [f64; 2] {
        self.depth_ranges[0]
    }

    /// Scissor box 0: what clears and pixel rectangles are scissored by.
    pub fn scissor(&self) -> [i32; 4] {
        self.scissors[0]
    }

    /// Sets every index's rectangle and depth range, as glViewport and glDepthRange do.
    pub fn set_all(&mut self, viewport: Option<[f32; 4]>, depth_range: Option<[f64; 2]>, scissor: Option<[i32; 4]>) {
        for i in 0..MAX_VIEWPORTS {
            if let Some(v) = viewport {
                self.viewports[i] = v;
            }
            if let Some(d) = depth_range {
                self.depth_ranges[i] = d;
            }
            if let Some(s) = scissor {
                self.scissors[i] = s;
            }
        }
    }

    /// How many indices a draw must hand the backend: one while every index holds the same
    /// state (any gl_ViewportIndex then reads the same), else `max`.
    pub fn distinct_count(&self, scissor_tests: u32, max: usize) -> usize {
        let same_enable = scissor_tests == 0 || scissor_tests & ((1 << max) - 1) == (1 << max) - 1;
        let same = same_enable
            && (1..max).all(|i| self.viewports[i] == self.viewports[0] && self.depth_ranges[i] == self.depth_ranges[0] && self.scissors[i] == self.scissors[0]);
        if same {
            1
        } else {
            max
        }
    }
}

/// Reads `count` groups of `N` values from an application array.
///
/// # Safety
/// `v` must hold `count * N` values, as GL requires of the array commands.
unsafe fn groups<T: Copy, const N: usize>(v: *const T, count: usize) -> Vec<[T; N]> {
    (0..count).map(|i| std::array::from_fn(|c| *v.add(i * N + c))).collect()
}

impl ContextState {
    /// `first..first + count` as indices, or GL_INVALID_VALUE beyond GL_MAX_VIEWPORTS (and
    /// for a negative count).
    fn viewport_indices(&mut self, first: GLuint, count: GLsizei) -> Option<std::ops::Range<usize>> {
        let max = self.limits.max_viewports as u64;
        let ok = count >= 0 && u64::from(first) + count.max(0) as u64 <= max;
        self.check(ok, GL_INVALID_VALUE).then(|| first as usize..first as usize + count as usize)
    }

    /// A viewport rectangle as GL keeps it: the size clamped to GL_MAX_VIEWPORT_DIMS and the
    /// corner to GL_VIEWPORT_BOUNDS_RANGE; `None` for a negative size (GL_INVALID_VALUE).
    fn clamped_viewport(&mut self, [x, y, w, h]: [f32; 4]) -> Option<[f32; 4]> {
        if !self.check(w >= 0.0 && h >= 0.0, GL_INVALID_VALUE) {
            return None;
        }
        let [max_w, max_h] = self.limits.max_viewport_dims;
        let [low, high] = self.limits.viewport_bounds_range;
        Some([x.clamp(low, high), y.clamp(low, high), w.min(max_w as f32), h.min(max_h as f32)])
    }

    pub(crate) fn gl_viewport(&mut self, x: GLint, y: GLint, width: GLsizei, height: GLsizei) {
        if let Some(v) = self.clamped_viewport([x as f32, y as f32, width as f32, height as f32]) {
            self.state.viewport.set_all(Some(v), None, None);
            self.state.dirty.insert(Dirty::VIEWPORT);
        }
    }

    /// glViewportArrayv, glViewportIndexedf and glViewportIndexedfv.
    pub(crate) fn gl_viewport_array(&mut self, first: GLuint, rects: &[[f32; 4]]) {
        let Some(indices) = self.viewport_indices(first, rects.len() as GLsizei) else { return };
        for (i, &rect) in indices.zip(rects) {
            let Some(v) = self.clamped_viewport(rect) else { return };
            self.state.viewport.viewports[i] = v;
        }
        self.state.dirty.insert(Dirty::VIEWPORT);
    }

    pub(crate) fn gl_scissor(&mut self, x: GLint, y: GLint, width: GLsizei, height: GLsizei) {
        if !self.check(width >= 0 && height >= 0, GL_INVALID_VALUE) {
            return;
        }
        self.state.viewport.set_all(None, None, Some([x, y, width, height]));
        self.state.dirty.insert(Dirty::SCISSOR);
    }

    /// glScissorArrayv, glScissorIndexed and glScissorIndexedv.
    pub(crate) fn gl_scissor_array(&mut self, first: GLuint, boxes: &[[GLint; 4]]) {
        let Some(indices) = self.viewport_indices(first, boxes.len() as GLsizei) else { return };
        for (i, &[x, y, w, h]) in indices.zip(boxes) {
            if !self.check(w >= 0 && h >= 0, GL_INVALID_VALUE) {
                return;
            }
            self.state.viewport.scissors[i] = [x, y, w, h];
        }
        self.state.dirty.insert(Dirty::SCISSOR);
    }

    pub(crate) fn gl_depth_range(&mut self, near: f64, far: f64) {
        // Values are clamped to [0, 1] (no GL_NV_depth_buffer_float unclamped ranges).
        self.state.viewport.set_all(None, Some([near.clamp(0.0, 1.0), far.clamp(0.0, 1.0)]), None);
        self.state.dirty.insert(Dirty::VIEWPORT);
    }

    /// glDepthRangeArrayv and glDepthRangeIndexed.
    pub(crate) fn gl_depth_range_array(&mut self, first: GLuint, ranges: &[[f64; 2]]) {
        let Some(indices) = self.viewport_indices(first, ranges.len() as GLsizei) else { return };
        for (i, &[near, far]) in indices.zip(ranges) {
            self.state.viewport.depth_ranges[i] = [near.clamp(0.0, 1.0), far.clamp(0.0, 1.0)];
        }
        self.state.dirty.insert(Dirty::VIEWPORT);
    }

    /// The array commands' arrays, read only when the count is valid.
    ///
    /// # Safety
    /// `v` must hold `count` groups of `N` values when `count` is not negative.
    pub(crate) unsafe fn viewport_groups<T: Copy, const N: usize>(&mut self, v: *const T, count: GLsizei) -> Option<Vec<[T; N]>> {
        if !self.check(count >= 0, GL_INVALID_VALUE) {
            return None;
        }
        if count > 0 && v.is_null() {
            return Some(Vec::new());
        }
        Some(groups(v, count as usize))
    }

    /// The viewports and scissor rectangles of a draw into a render area of `extent`, and
    /// how many of each it uses: one while every index is alike, else one per index.
    pub(crate) fn draw_viewports(&self, extent: (u32, u32)) -> ([Viewport; MAX_VIEWPORTS], [Rect; MAX_VIEWPORTS], usize) {
        let v = &self.state.viewport;
        let scissor_tests = self.state.enables.scissor_tests;
        let count = v.distinct_count(scissor_tests, self.limits.max_viewports as usize);
        let upper_left = self.state.clip_control.upper_left();
        let viewports = std::array::from_fn(|i| {
            let ([x, y, width, height], [near, far]) = (v.viewports[i], v.depth_ranges[i]);
            let (min_depth, max_depth) = (near as f32, far as f32);
            if upper_left {
                // glClipControl(GL_UPPER_LEFT): clip-space y = +1 lands on the window's row 0.
                Viewport { x, y: y + height, width, height: -height, min_depth, max_depth }
            } else {
                Viewport { x, y, width, height, min_depth, max_depth }
            }
        });
        let scissors = std::array::from_fn(|i| {
            if scissor_tests & (1 << i) != 0 {
                let [x, y, w, h] = v.scissors[i];
                Rect { x, y, width: w.max(0) as u32, height: h.max(0) as u32 }
            } else {
                Rect { x: 0, y: 0, width: extent.0, height: extent.1 }
            }
        });
        (viewports, scissors, count)
    }

    /// GL_VIEWPORT, GL_SCISSOR_BOX, GL_DEPTH_RANGE and GL_SCISSOR_TEST of index `i`
    /// (glGetFloati_v and friends); `None` for other names.
    pub(crate) fn viewport_indexed_value(&self, pname: GLenum, index: GLuint) -> Option<Result<crate::queries::get::Value, GLenum>> {
        use crate::queries::get::Value;
        if !matches!(pname, GL_VIEWPORT | GL_SCISSOR_BOX | GL_DEPTH_RANGE | GL_SCISSOR_TEST) {
            return None;
        }
        if index >= self.limits.max_viewports {
            return Some(Err(GL_INVALID_VALUE));
        }
        let (v, i) = (&self.state.viewport, index as usize);
        Some(Ok(match pname {
            GL_VIEWPORT => Value::floats(v.viewports[i].map(f64::from), false),
            GL_SCISSOR_BOX => Value::ints(v.scissors[i].map(i64::from)),
            // Integer forms round the range (as piglit and Mesa read the indexed query),
            // where glGetIntegerv(GL_DEPTH_RANGE) maps [0, 1] onto the integer range.
            GL_DEPTH_RANGE => Value::floats(v.depth_ranges[i], false),
            _ => Value::boolean(self.state.enables.scissor_tests & (1 << index) != 0),
        }))
    }
}
