//! glRenderMode and what selection and feedback keep (compatibility profile): the
//! application's select and feedback buffers, the name stack, and the hit being gathered.
//! Primitives reach them from `fixed_function::select_feedback`, which transforms and
//! clips on the CPU instead of rasterising.

use crate::context::ContextState;
use crate::queries::get::Value;
use crate::types::enums::*;
use crate::types::*;

/// GL_MAX_NAME_STACK_DEPTH.
pub const MAX_NAME_STACK_DEPTH: usize = 64;

/// The selection and feedback state of a context.
#[derive(Clone, Debug)]
pub struct RenderModeState {
    /// GL_RENDER, GL_SELECT or GL_FEEDBACK.
    pub mode: GLenum,
    /// glSelectBuffer's array (an address, as contexts move between threads) and size.
    select_buffer: usize,
    select_size: usize,
    /// Values stored (or that would have been) since selection began.
    select_count: usize,
    /// Hit records written since selection began.
    hits: i32,
    pub names: Vec<GLuint>,
    /// Whether a primitive hit since the name stack last changed, and its depth range.
    hit: bool,
    hit_min_z: f32,
    hit_max_z: f32,
    /// glFeedbackBuffer's array, size and type.
    feedback_buffer: usize,
    feedback_size: usize,
    pub feedback_type: GLenum,
    /// Values stored (or that would have been) since feedback began.
    feedback_count: usize,
}

impl Default for RenderModeState {
    fn default() -> Self {
        RenderModeState {
            mode: GL_RENDER,
            select_buffer: 0,
            select_size: 0,
            select_count: 0,
            hits: 0,
            names: Vec::new(),
            hit: false,
            hit_min_z: 1.0,
            hit_max_z: 0.0,
            feedback_buffer: 0,
            feedback_size: 0,
            feedback_type: GL_2D,
            feedback_count: 0,
        }
    }
}

/// A window depth in [0, 1] as a hit record stores it: scaled to 2^32 - 1.
fn depth_as_uint(z: f32) -> GLuint {
    (z.clamp(0.0, 1.0) as f64 * 4294967295.0).round() as GLuint
}

impl RenderModeState {
    /// Appends one value to the select buffer; past its end only the count grows.
    fn write_select(&mut self, value: GLuint) {
        if self.select_count < self.select_size {
            // SAFETY: glSelectBuffer's array holds `select_size` values and stays valid
            // until selection ends, as GL requires of the application.
            unsafe { (self.select_buffer as *mut GLuint).add(self.select_count).write(value) };
        }
        self.select_count += 1;
    }

    /// Appends one value to the feedback buffer; past its end only the count grows.
    pub(crate) fn write_feedback(&mut self, value: f32) {
        if self.feedback_count < self.feedback_size {
            // SAFETY: glFeedbackBuffer's array holds `feedback_size` values and stays
            // valid until feedback ends, as GL requires of the application.
            unsafe { (self.feedback_buffer as *mut GLfloat).add(self.feedback_count).write(value) };
        }
        self.feedback_count += 1;
    }

    /// Widens the pending hit by a primitive vertex at window depth `z`.
    pub(crate) fn record_hit(&mut self, z: f32) {
        self.hit = true;
        self.hit_min_z = self.hit_min_z.min(z);
        self.hit_max_z = self.hit_max_z.max(z);
    }

    /// Writes the pending hit record (names, minimum and maximum depth, the name stack),
    /// if a primitive hit since the name stack last changed.
    fn flush_hit(&mut self) {
        if !self.hit {
            return;
        }
        let (min, max) = (depth_as_uint(self.hit_min_z), depth_as_uint(self.hit_max_z));
        self.write_select(self.names.len() as GLuint);
        self.write_select(min);
        self.write_select(max);
        for i in 0..self.names.len() {
            self.write_select(self.names[i]);
        }
        self.hits += 1;
        self.hit = false;
        self.hit_min_z = 1.0;
        self.hit_max_z = 0.0;
    }
}

impl ContextState {
    /// glRenderMode: ends the current mode, returning its hit records (selection) or
    /// values (feedback) stored, or -1 where the buffer overflowed; then enters `mode`.
    pub(crate) fn gl_render_mode(&mut self, mode: GLenum) -> GLint {
        if !self.check(!self.is_core() && !self.is_gles(), GL_INVALID_OPERATION) {
            return 0;
        }
        if !self.check(matches!(mode, GL_RENDER | GL_SELECT | GL_FEEDBACK), GL_INVALID_ENUM) {
            return 0;
        }
        let r = &self.state.render_mode;
        let ready = match mode {
            GL_SELECT => r.select_buffer != 0,
            GL_FEEDBACK => r.feedback_buffer != 0,
            _ => true,
        };
        if !self.check(ready, GL_INVALID_OPERATION) {
            return 0;
        }
        let r = &mut self.state.render_mode;
        let result = match r.mode {
            GL_SELECT => {
                r.flush_hit();
                if r.select_count > r.select_size { -1 } else { r.hits }
            }
            GL_FEEDBACK if r.feedback_count > r.feedback_size => -1,
            GL_FEEDBACK => r.feedback_count as GLint,
            _ => 0,
        };
        match mode {
            GL_SELECT => {
                r.select_count = 0;
                r.hits = 0;
                r.names.clear();
                r.hit = false;
                r.hit_min_z = 1.0;
                r.hit_max_z = 0.0;
            }
            GL_FEEDBACK => r.feedback_count = 0,
            _ => {}
        }
        r.mode = mode;
        result
    }

    /// glSelectBuffer: where the next selection stores its hit records.
    pub(crate) fn gl_select_buffer(&mut self, size: GLsizei, buffer: *mut GLuint) {
        if !self.check(!self.is_core() && !self.is_gles() && self.state.render_mode.mode != GL_SELECT, GL_INVALID_OPERATION) {
            return;
        }
        if !self.check(size >= 0, GL_INVALID_VALUE) {
            return;
        }
        let r = &mut self.state.render_mode;
        r.select_buffer = buffer as usize;
        r.select_size = if buffer.is_null() { 0 } else { size as usize };
    }

    /// glFeedbackBuffer: where the next feedback stores its tokens, and which vertex
    /// values each carries.
    pub(crate) fn gl_feedback_buffer(&mut self, size: GLsizei, ty: GLenum, buffer: *mut GLfloat) {
        if !self.check(!self.is_core() && !self.is_gles() && self.state.render_mode.mode != GL_FEEDBACK, GL_INVALID_OPERATION) {
            return;
        }
        if !self.check(matches!(ty, GL_2D | GL_3D | GL_3D_COLOR | GL_3D_COLOR_TEXTURE | GL_4D_COLOR_TEXTURE), GL_INVALID_ENUM) {
            return;
        }
        if !self.check(size >= 0 && !(buffer.is_null() && size > 0), GL_INVALID_VALUE) {
            return;
        }
        let r = &mut self.state.render_mode;
        r.feedback_buffer = buffer as usize;
        r.feedback_size = size as usize;
        r.feedback_type = ty;
    }

    /// Whether a name-stack command acts: outside selection they are ignored.
    fn name_stack_applies(&mut self) -> bool {
        self.check(!self.is_core() && !self.is_gles(), GL_INVALID_OPERATION) && self.state.render_mode.mode == GL_SELECT
    }

    /// glInitNames: empties the name stack.
    pub(crate) fn gl_init_names(&mut self) {
        if self.name_stack_applies() {
            let r = &mut self.state.render_mode;
            r.flush_hit();
            r.names.clear();
        }
    }

    /// glPushName.
    pub(crate) fn gl_push_name(&mut self, name: GLuint) {
        if !self.name_stack_applies() {
            return;
        }
        self.state.render_mode.flush_hit();
        if !self.check(self.state.render_mode.names.len() < MAX_NAME_STACK_DEPTH, GL_STACK_OVERFLOW) {
            return;
        }
        self.state.render_mode.names.push(name);
    }

    /// glPopName.
    pub(crate) fn gl_pop_name(&mut self) {
        if !self.name_stack_applies() {
            return;
        }
        self.state.render_mode.flush_hit();
        if !self.check(!self.state.render_mode.names.is_empty(), GL_STACK_UNDERFLOW) {
            return;
        }
        self.state.render_mode.names.pop();
    }

    /// glLoadName: replaces the top of the name stack, which must not be empty.
    pub(crate) fn gl_load_name(&mut self, name: GLuint) {
        if !self.name_stack_applies() {
            return;
        }
        if !self.check(!self.state.render_mode.names.is_empty(), GL_INVALID_OPERATION) {
            return;
        }
        let r = &mut self.state.render_mode;
        r.flush_hit();
        if let Some(top) = r.names.last_mut() {
            *top = name;
        }
    }

    /// glPassThrough: a marker token in the feedback buffer.
    pub(crate) fn gl_pass_through(&mut self, token: GLfloat) {
        if !self.check(!self.is_core() && !self.is_gles(), GL_INVALID_OPERATION) {
            return;
        }
        let r = &mut self.state.render_mode;
        if r.mode == GL_FEEDBACK {
            r.write_feedback(GL_PASS_THROUGH_TOKEN as f32);
            r.write_feedback(token);
        }
    }

    /// glGetPointerv of GL_SELECTION_BUFFER_POINTER / GL_FEEDBACK_BUFFER_POINTER.
    pub(crate) fn render_mode_pointer(&self, pname: GLenum) -> Option<usize> {
        let r = &self.state.render_mode;
        match pname {
            GL_SELECTION_BUFFER_POINTER => Some(r.select_buffer),
            GL_FEEDBACK_BUFFER_POINTER => Some(r.feedback_buffer),
            _ => None,
        }
    }

    /// glGet of GL_RENDER_MODE, the name stack and the buffers' sizes and type.
    pub(crate) fn render_mode_value(&self, pname: GLenum) -> Option<Value> {
        let r = &self.state.render_mode;
        Some(match pname {
            GL_RENDER_MODE => Value::int(r.mode as i64),
            GL_NAME_STACK_DEPTH => Value::int(r.names.len() as i64),
            GL_MAX_NAME_STACK_DEPTH => Value::int(MAX_NAME_STACK_DEPTH as i64),
            GL_SELECTION_BUFFER_SIZE => Value::int(r.select_size as i64),
            GL_FEEDBACK_BUFFER_SIZE => Value::int(r.feedback_size as i64),
            GL_FEEDBACK_BUFFER_TYPE => Value::int(r.feedback_type as i64),
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depths_scale_to_the_full_unsigned_range() {
        assert_eq!(depth_as_uint(0.0), 0);
        assert_eq!(depth_as_uint(1.0), u32::MAX);
        assert_eq!(depth_as_uint(0.5), 2147483648);
    }

    #[test]
    fn a_full_select_buffer_counts_what_did_not_fit() {
        let mut storage = [0u32; 4];
        let mut r = RenderModeState { mode: GL_SELECT, select_buffer: storage.as_mut_ptr() as usize, select_size: 4, ..Default::default() };
        r.names = vec![7, 8];
        r.record_hit(0.25);
        r.record_hit(0.75);
        r.flush_hit();
        assert_eq!(r.select_count, 5);
        assert_eq!(storage, [2, depth_as_uint(0.25), depth_as_uint(0.75), 7]);
        assert_eq!(r.hits, 1);
    }
}
