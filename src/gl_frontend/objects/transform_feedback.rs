//! Transform feedback objects and capture state: glGen/Create/Delete/Bind/
//! IsTransformFeedback, the GL_TRANSFORM_FEEDBACK_BUFFER indexed bindings
//! (glBindBufferBase/Range/OffsetEXT, glTransformFeedbackBufferBase/Range),
//! glBegin/End/Pause/ResumeTransformFeedback with the errors GL lists, and the object
//! queries (glGetTransformFeedbackiv/i_v/i64_v, the indexed glGet values).
//!
//! Objects stay per context (not shared). Name 0 is the default object.

use crate::context::ContextState;
use crate::objects::bindings::IndexedBuffer;
use crate::objects::names::NameTable;
use crate::types::enums::*;
use crate::types::*;

/// GL_MAX_TRANSFORM_FEEDBACK_BUFFERS.
pub const MAX_BUFFERS: usize = glsl::link_xfb::MAX_BUFFERS as usize;

/// What the last capture of an object wrote, for glDrawTransformFeedback: per vertex
/// stream, the first buffer that stream wrote and its bytes per vertex.
pub type CapturedStreams = [Option<(u32, u32)>; 4];

/// One transform feedback object.
#[derive(Default)]
pub struct TransformFeedback {
    pub buffers: [IndexedBuffer; MAX_BUFFERS],
    pub active: bool,
    pub paused: bool,
    /// glBeginTransformFeedback's primitive mode.
    pub primitive_mode: GLenum,
    /// The program capture began with (its link and replacement are refused meanwhile).
    pub program: GLuint,
    /// That program's capture layout.
    pub layout: glsl::link_xfb::TransformFeedbackLayout,
    /// Where each buffer's capture stopped, on the GPU (4 bytes per buffer index).
    pub counters: Option<vk_backend::Buffer>,
    /// The counters hold a position: a capturing draw ran since glBeginTransformFeedback.
    pub resume: bool,
    /// Set by glEndTransformFeedback; what glDrawTransformFeedback draws.
    pub captured: Option<CapturedStreams>,
    /// Emulated capture (`draw_path::xfb_emulation`): bytes written to each buffer since
    /// glBeginTransformFeedback, and the primitives written and generated.
    pub emulated_written: [u64; MAX_BUFFERS],
    pub emulated_primitives_written: u64,
    pub emulated_primitives_generated: u64,
}

/// The context's transform feedback objects and the bound one.
#[derive(Default)]
pub struct TransformFeedbackState {
    pub objects: NameTable<TransformFeedback>,
    pub default_object: TransformFeedback,
    pub bound: GLuint,
    /// Set while glDrawTransformFeedback records its draw: the counter it draws from.
    pub draw_source: Option<(vk_backend::Buffer, u32, u32)>,
    /// The compute program of emulated capture, made on first use.
    pub copy_program: Option<vk_backend::Program>,
}

impl TransformFeedbackState {
    /// The bound object.
    pub fn current(&self) -> &TransformFeedback {
        if self.bound == 0 {
            return &self.default_object;
        }
        self.objects.get(self.bound).unwrap_or(&self.default_object)
    }

    pub fn current_mut(&mut self) -> &mut TransformFeedback {
        if self.bound == 0 {
            return &mut self.default_object;
        }
        match self.objects.get_mut(self.bound) {
            Some(o) => o,
            None => &mut self.default_object,
        }
    }

    /// The object `name` (0 is the default object); `None` if it does not exist.
    pub fn object(&self, name: GLuint) -> Option<&TransformFeedback> {
        if name == 0 {
            Some(&self.default_object)
        } else {
            self.objects.get(name)
        }
    }

    fn object_mut(&mut self, name: GLuint) -> Option<&mut TransformFeedback> {
        if name == 0 {
            Some(&mut self.default_object)
        } else {
            self.objects.get_mut(name)
        }
    }

    /// Capture is active and not paused on the bound object.
    pub fn capturing(&self) -> bool {
        let c = self.current();
        c.active && !c.paused
    }

    /// A deleted buffer leaves the bound object's bindings (GL unbinds it only there).
    pub fn unbind_buffer(&mut self, name: GLuint) {
        for b in self.current_mut().buffers.iter_mut().filter(|b| b.buffer == name) {
            *b = IndexedBuffer::default();
        }
    }

    /// Whether any object's active capture uses `program`.
    pub fn uses_program(&self, program: GLuint) -> bool {
        std::iter::once(&self.default_object).chain(self.objects.values()).any(|o| o.active && o.program == program)
    }
}

/// The capture primitive a draw mode produces; `None` for modes capture cannot take.
pub(crate) fn capture_primitive(mode: GLenum) -> Option<GLenum> {
    match mode {
        GL_POINTS => Some(GL_POINTS),
        GL_LINES | GL_LINE_LOOP | GL_LINE_STRIP | GL_LINES_ADJACENCY | GL_LINE_STRIP_ADJACENCY => Some(GL_LINES),
        GL_TRIANGLES | GL_TRIANGLE_STRIP | GL_TRIANGLE_FAN | GL_QUADS | GL_QUAD_STRIP | GL_POLYGON | GL_TRIANGLES_ADJACENCY
        | GL_TRIANGLE_STRIP_ADJACENCY => Some(GL_TRIANGLES),
        _ => None,
    }
}

impl ContextState {
    pub(crate) fn gl_gen_transform_feedbacks(&mut self, n: GLsizei, ids: *mut GLuint, create: bool) {
        if !self.check(n >= 0, GL_INVALID_VALUE) {
            return;
        }
        for i in 0..n as usize {
            let t = &mut self.transform_feedback.objects;
            let name = t.generate();
            if create {
                t.insert(name, TransformFeedback::default());
            }
            // SAFETY: GL requires `ids` to hold `n` names.
            unsafe {
                if !ids.is_null() {
                    *ids.add(i) = name;
                }
            }
        }
    }

    pub(crate) fn gl_delete_transform_feedbacks(&mut self, n: GLsizei, ids: *const GLuint) {
        if !self.check(n >= 0, GL_INVALID_VALUE) || ids.is_null() {
            return;
        }
        // SAFETY: GL requires `ids` to hold `n` names.
        let names = unsafe { std::slice::from_raw_parts(ids, n as usize) }.to_vec();
        // Deleting an active object is refused before anything is deleted.
        let active = names.iter().any(|&name| name != 0 && self.transform_feedback.objects.get(name).is_some_and(|o| o.active));
        if !self.check(!active, GL_INVALID_OPERATION) {
            return;
        }
        for name in names.into_iter().filter(|&n| n != 0) {
            self.transform_feedback.objects.remove(name);
            if self.transform_feedback.bound == name {
                self.transform_feedback.bound = 0;
            }
        }
    }

    pub(crate) fn gl_is_transform_feedback(&mut self, id: GLuint) -> GLboolean {
        (id != 0 && self.transform_feedback.objects.exists(id)) as GLboolean
    }

    pub(crate) fn gl_bind_transform_feedback(&mut self, target: GLenum, id: GLuint) {
        if !self.check(target == GL_TRANSFORM_FEEDBACK, GL_INVALID_ENUM) {
            return;
        }
        if !self.check(!self.transform_feedback.capturing(), GL_INVALID_OPERATION) {
            return;
        }
        if id != 0 {
            let known = self.transform_feedback.objects.get_or_create(id, false, TransformFeedback::default).is_some();
            if !self.check(known, GL_INVALID_OPERATION) {
                return;
            }
        }
        self.transform_feedback.bound = id;
    }

    /// glBindBufferBase/Range/OffsetEXT on GL_TRANSFORM_FEEDBACK_BUFFER: `size` `None` binds
    /// from `offset` to the end of the buffer.
    pub(crate) fn gl_bind_transform_feedback_buffer(&mut self, index: GLuint, buffer: GLuint, offset: isize, size: Option<isize>) {
        if !self.check(!self.transform_feedback.current().active, GL_INVALID_OPERATION) {
            return;
        }
        if !self.check((index as usize) < MAX_BUFFERS, GL_INVALID_VALUE) {
            return;
        }
        if !self.check(buffer == 0 || capture_range_is_valid(offset, size), GL_INVALID_VALUE) {
            return;
        }
        if !self.ensure_buffer(buffer) {
            return;
        }
        let binding = if buffer == 0 { IndexedBuffer::default() } else { IndexedBuffer { buffer, offset: offset as i64, size: size.unwrap_or(0) as i64 } };
        self.transform_feedback.current_mut().buffers[index as usize] = binding;
        self.bindings.transform_feedback_buffer = buffer;
    }

    /// glTransformFeedbackBufferBase/Range (direct state access).
    pub(crate) fn gl_transform_feedback_buffer(&mut self, xfb: GLuint, index: GLuint, buffer: GLuint, offset: isize, size: Option<isize>) {
        let Some(object) = self.transform_feedback.object(xfb) else { return self.record_error(GL_INVALID_OPERATION) };
        if !self.check(!object.active, GL_INVALID_OPERATION) {
            return;
        }
        if !self.check(buffer == 0 || self.share.lock().buffers.exists(buffer), GL_INVALID_OPERATION) {
            return;
        }
        if !self.check((index as usize) < MAX_BUFFERS, GL_INVALID_VALUE) {
            return;
        }
        if !self.check(buffer == 0 || capture_range_is_valid(offset, size), GL_INVALID_VALUE) {
            return;
        }
        let binding = if buffer == 0 { IndexedBuffer::default() } else { IndexedBuffer { buffer, offset: offset as i64, size: size.unwrap_or(0) as i64 } };
        if let Some(o) = self.transform_feedback.object_mut(xfb) {
            o.buffers[index as usize] = binding;
        }
    }

    pub(crate) fn gl_begin_transform_feedback(&mut self, mode: GLenum) {
        if !self.check(matches!(mode, GL_POINTS | GL_LINES | GL_TRIANGLES), GL_INVALID_ENUM) {
            return;
        }
        if !self.check(!self.transform_feedback.current().active, GL_INVALID_OPERATION) {
            return;
        }
        // Without a current program, the bound pipeline's last vertex-processing stage.
        let executable = match self.bindings.program {
            0 => self.pipeline_last_vertex_stage_executable(),
            _ => self.current_executable(),
        };
        let layout = executable.map(|e| e.lock().unwrap_or_else(|p| p.into_inner()).interface.transform_feedback.clone());
        let Some(layout) = layout.filter(|l| !l.varyings.is_empty()) else { return self.record_error(GL_INVALID_OPERATION) };
        // Every buffer the program writes needs a buffer bound.
        let buffers = self.transform_feedback.current().buffers;
        let used = (0..layout.buffer_count() as usize).filter(|&b| layout.varyings.iter().any(|v| v.buffer as usize == b && v.gl_type != 0));
        if !self.check(used.clone().all(|b| buffers[b].buffer != 0), GL_INVALID_OPERATION) {
            return;
        }
        let counters = match self.transform_feedback.current_mut().counters.take() {
            Some(c) => Ok(c),
            None => vk_backend::Buffer::new(&self.device, &vk_backend::BufferDesc { size: 4 * MAX_BUFFERS as u64, memory: vk_backend::MemoryHint::DeviceLocal }),
        };
        let counters = match counters {
            Ok(c) => c,
            Err(e) => return self.backend_failed(e),
        };
        let program = self.bindings.program;
        let o = self.transform_feedback.current_mut();
        *o = TransformFeedback { buffers, active: true, paused: false, primitive_mode: mode, program, layout, counters: Some(counters), resume: false, captured: o.captured, ..Default::default() };
    }

    pub(crate) fn gl_end_transform_feedback(&mut self) {
        if !self.check(self.transform_feedback.current().active, GL_INVALID_OPERATION) {
            return;
        }
        let o = self.transform_feedback.current_mut();
        o.active = false;
        o.paused = false;
        let mut captured: CapturedStreams = [None; 4];
        for (b, &stride) in o.layout.strides.iter().enumerate() {
            let stream = o.layout.streams.get(b).copied().unwrap_or(0) as usize;
            if stride > 0 && stream < captured.len() && captured[stream].is_none() {
                captured[stream] = Some((b as u32, stride));
            }
        }
        // A capture that never drew wrote nothing: its counters were never written.
        if !o.resume {
            captured = [None; 4];
            o.captured = Some(captured);
            return;
        }
        o.captured = Some(captured);
    }

    pub(crate) fn gl_pause_transform_feedback(&mut self) {
        if !self.check(self.transform_feedback.capturing(), GL_INVALID_OPERATION) {
            return;
        }
        self.transform_feedback.current_mut().paused = true;
    }

    pub(crate) fn gl_resume_transform_feedback(&mut self) {
        let c = self.transform_feedback.current();
        let ok = c.active && c.paused && c.program == self.bindings.program;
        if !self.check(ok, GL_INVALID_OPERATION) {
            return;
        }
        self.transform_feedback.current_mut().paused = false;
    }

    /// glGetTransformFeedbackiv / i_v / i64_v; `Err` is the GL error.
    pub(crate) fn transform_feedback_parameter(&self, xfb: GLuint, pname: GLenum, index: Option<GLuint>) -> Result<i64, GLenum> {
        let o = self.transform_feedback.object(xfb).ok_or(GL_INVALID_OPERATION)?;
        match (pname, index) {
            (GL_TRANSFORM_FEEDBACK_PAUSED, None) => Ok(o.paused as i64),
            (GL_TRANSFORM_FEEDBACK_ACTIVE, None) => Ok(o.active as i64),
            (GL_TRANSFORM_FEEDBACK_BUFFER_BINDING | GL_TRANSFORM_FEEDBACK_BUFFER_START | GL_TRANSFORM_FEEDBACK_BUFFER_SIZE, Some(i)) => {
                let b = o.buffers.get(i as usize).ok_or(GL_INVALID_VALUE)?;
                Ok(match pname {
                    GL_TRANSFORM_FEEDBACK_BUFFER_BINDING => b.buffer as i64,
                    GL_TRANSFORM_FEEDBACK_BUFFER_START => b.offset,
                    _ => b.size,
                })
            }
            _ => Err(GL_INVALID_ENUM),
        }
    }

    /// The glGet value of a transform feedback pname; `None` for any other.
    pub(crate) fn transform_feedback_value(&self, pname: GLenum) -> Option<i64> {
        let c = self.transform_feedback.current();
        Some(match pname {
            GL_TRANSFORM_FEEDBACK_BUFFER_BINDING => self.bindings.transform_feedback_buffer as i64,
            GL_TRANSFORM_FEEDBACK_BINDING => self.transform_feedback.bound as i64,
            GL_TRANSFORM_FEEDBACK_ACTIVE => c.active as i64,
            GL_TRANSFORM_FEEDBACK_PAUSED => c.paused as i64,
            GL_MAX_TRANSFORM_FEEDBACK_BUFFERS => MAX_BUFFERS as i64,
            GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_ATTRIBS => glsl::link_xfb::MAX_SEPARATE_ATTRIBS as i64,
            GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_COMPONENTS => glsl::link_xfb::MAX_SEPARATE_COMPONENTS as i64,
            GL_MAX_TRANSFORM_FEEDBACK_INTERLEAVED_COMPONENTS => glsl::link_xfb::MAX_INTERLEAVED_COMPONENTS as i64,
            _ => return None,
        })
    }

    /// The indexed glGet value of a transform feedback pname; `None` for any other.
    pub(crate) fn transform_feedback_indexed_value(&self, pname: GLenum, index: GLuint) -> Option<Result<i64, GLenum>> {
        match pname {
            GL_TRANSFORM_FEEDBACK_BUFFER_BINDING | GL_TRANSFORM_FEEDBACK_BUFFER_START | GL_TRANSFORM_FEEDBACK_BUFFER_SIZE => {
                Some(self.transform_feedback_parameter(self.transform_feedback.bound, pname, Some(index)))
            }
            _ => None,
        }
    }
}

/// GL's rule for a transform feedback buffer range: offset and size are multiples of four
/// and the size, when given, is positive.
fn capture_range_is_valid(offset: isize, size: Option<isize>) -> bool {
    offset >= 0 && offset % 4 == 0 && size.is_none_or(|s| s > 0 && s % 4 == 0)
}
