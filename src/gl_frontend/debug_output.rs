//! KHR_debug: messages to the application's callback (or the message log) and to
//! tracing, message filtering, debug groups and object labels. GL errors are reported as
//! messages of type GL_DEBUG_TYPE_ERROR.

use std::collections::{HashMap, VecDeque};

use crate::context::ContextState;
use crate::state::enables::Cap;
use crate::types::enums::*;
use crate::types::*;

/// Messages kept for glGetDebugMessageLog when no callback is set.
const MAX_LOGGED_MESSAGES: usize = 64;
/// Deepest glPushDebugGroup nesting.
const MAX_GROUP_DEPTH: usize = 64;
/// Longest message or label, NUL included.
const MAX_MESSAGE_LENGTH: usize = 1024;

#[derive(Clone, Debug)]
pub struct Message {
    pub source: GLenum,
    pub ty: GLenum,
    pub id: GLuint,
    pub severity: GLenum,
    pub text: String,
}

/// One glDebugMessageControl call; later rules override earlier ones.
#[derive(Clone, Debug)]
struct Rule {
    source: GLenum,
    ty: GLenum,
    severity: GLenum,
    ids: Vec<GLuint>,
    enabled: bool,
}

struct DebugGroup {
    source: GLenum,
    id: GLuint,
    text: String,
    outer_rules: Vec<Rule>,
}

#[derive(Default)]
pub struct DebugState {
    callback: GLDEBUGPROC,
    user_param: usize,
    log: VecDeque<Message>,
    rules: Vec<Rule>,
    /// The group stack: each glPushDebugGroup's source, id and message, and the filter
    /// rules of the group it entered, back in force once it is popped.
    groups: Vec<DebugGroup>,
    labels: HashMap<(GLenum, GLuint), String>,
}

fn is_source(s: GLenum) -> bool {
    matches!(
        s,
        GL_DEBUG_SOURCE_API | GL_DEBUG_SOURCE_WINDOW_SYSTEM | GL_DEBUG_SOURCE_SHADER_COMPILER | GL_DEBUG_SOURCE_THIRD_PARTY
            | GL_DEBUG_SOURCE_APPLICATION | GL_DEBUG_SOURCE_OTHER
    )
}

fn is_type(t: GLenum) -> bool {
    matches!(
        t,
        GL_DEBUG_TYPE_ERROR | GL_DEBUG_TYPE_DEPRECATED_BEHAVIOR | GL_DEBUG_TYPE_UNDEFINED_BEHAVIOR | GL_DEBUG_TYPE_PORTABILITY
            | GL_DEBUG_TYPE_PERFORMANCE | GL_DEBUG_TYPE_OTHER | GL_DEBUG_TYPE_MARKER | GL_DEBUG_TYPE_PUSH_GROUP
            | GL_DEBUG_TYPE_POP_GROUP
    )
}

fn is_severity(s: GLenum) -> bool {
    matches!(s, GL_DEBUG_SEVERITY_HIGH | GL_DEBUG_SEVERITY_MEDIUM | GL_DEBUG_SEVERITY_LOW | GL_DEBUG_SEVERITY_NOTIFICATION)
}

/// Reads a GL string given with an explicit length (negative: NUL-terminated).
///
/// # Safety
/// `text` must be valid for `length` bytes, or NUL-terminated when `length` is negative.
unsafe fn read_text(text: *const GLchar, length: GLsizei) -> String {
    if text.is_null() {
        return String::new();
    }
    let bytes = if length < 0 { std::ffi::CStr::from_ptr(text).to_bytes() } else { std::slice::from_raw_parts(text as *const u8, length as usize) };
    String::from_utf8_lossy(bytes).into_owned()
}

impl DebugState {
    fn allows(&self, m: &Message) -> bool {
        // Low-severity-and-above messages start enabled, notifications too (KHR_debug).
        let mut enabled = true;
        for r in &self.rules {
            let matches = (r.source == GL_DONT_CARE || r.source == m.source)
                && (r.ty == GL_DONT_CARE || r.ty == m.ty)
                && (r.severity == GL_DONT_CARE || r.severity == m.severity)
                && (r.ids.is_empty() || r.ids.contains(&m.id));
            if matches {
                enabled = r.enabled;
            }
        }
        enabled
    }
}

impl ContextState {
    fn debug_output_enabled(&self) -> bool {
        self.state.enables.is(Cap::DebugOutput) || self.config.debug
    }

    /// Delivers a message to the callback, or keeps it for glGetDebugMessageLog.
    pub(crate) fn debug_message(&mut self, message: Message) {
        if !self.debug_output_enabled() || !self.debug.allows(&message) {
            return;
        }
        tracing::debug!(target: "galvan", "GL debug message {}: {}", message.id, message.text);
        match self.debug.callback {
            Some(callback) => {
                let text = std::ffi::CString::new(message.text.replace('\0', "")).unwrap_or_default();
                // SAFETY: the application registered this callback for exactly this call.
                unsafe {
                    callback(
                        message.source,
                        message.ty,
                        message.id,
                        message.severity,
                        text.as_bytes().len() as GLsizei,
                        text.as_ptr(),
                        self.debug.user_param as *const c_void,
                    )
                };
            }
            None => {
                if self.debug.log.len() < MAX_LOGGED_MESSAGES {
                    self.debug.log.push_back(message);
                }
            }
        }
    }

    /// A GL error as a debug message.
    pub(crate) fn debug_error(&mut self, error: GLenum) {
        if self.debug_output_enabled() {
            let text = format!("GL error 0x{error:04X}");
            self.debug_message(Message { source: GL_DEBUG_SOURCE_API, ty: GL_DEBUG_TYPE_ERROR, id: error, severity: GL_DEBUG_SEVERITY_HIGH, text });
        }
    }

    pub(crate) fn gl_debug_message_callback(&mut self, callback: GLDEBUGPROC, user_param: *const c_void) {
        self.debug.callback = callback;
        self.debug.user_param = user_param as usize;
    }

    pub(crate) fn gl_debug_message_control(&mut self, source: GLenum, ty: GLenum, severity: GLenum, count: GLsizei, ids: *const GLuint, enabled: GLboolean) {
        let enums_ok = (source == GL_DONT_CARE || is_source(source))
            && (ty == GL_DONT_CARE || is_type(ty))
            && (severity == GL_DONT_CARE || is_severity(severity));
        if !self.check(enums_ok, GL_INVALID_ENUM) || !self.check(count >= 0, GL_INVALID_VALUE) {
            return;
        }
        // Ids name messages of one source and type only.
        if !self.check(count == 0 || (source != GL_DONT_CARE && ty != GL_DONT_CARE && severity == GL_DONT_CARE), GL_INVALID_OPERATION) {
            return;
        }
        let ids = if count > 0 && !ids.is_null() {
            // SAFETY: GL requires `ids` to hold `count` ids.
            unsafe { std::slice::from_raw_parts(ids, count as usize) }.to_vec()
        } else {
            Vec::new()
        };
        self.debug.rules.push(Rule { source, ty, severity, ids, enabled: enabled != 0 });
    }

    pub(crate) fn gl_debug_message_insert(&mut self, source: GLenum, ty: GLenum, id: GLuint, severity: GLenum, length: GLsizei, buf: *const GLchar) {
        let valid = matches!(source, GL_DEBUG_SOURCE_APPLICATION | GL_DEBUG_SOURCE_THIRD_PARTY) && is_type(ty) && is_severity(severity);
        if !self.check(valid, GL_INVALID_ENUM) {
            return;
        }
        // SAFETY: GL requires `buf` to hold `length` bytes or a NUL-terminated string.
        let text = unsafe { read_text(buf, length) };
        if !self.check(text.len() < MAX_MESSAGE_LENGTH, GL_INVALID_VALUE) {
            return;
        }
        self.debug_message(Message { source, ty, id, severity, text });
    }

    /// glGetDebugMessageLog: moves up to `count` messages out; returns how many.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn gl_get_debug_message_log(
        &mut self,
        count: GLuint,
        buf_size: GLsizei,
        sources: *mut GLenum,
        types: *mut GLenum,
        ids: *mut GLuint,
        severities: *mut GLenum,
        lengths: *mut GLsizei,
        log: *mut GLchar,
    ) -> GLuint {
        if !self.check(buf_size >= 0 || log.is_null(), GL_INVALID_VALUE) {
            return 0;
        }
        let mut written = 0usize;
        let mut returned = 0;
        while returned < count {
            let Some(m) = self.debug.log.front() else { break };
            let needed = m.text.len() + 1;
            if !log.is_null() && written + needed > buf_size as usize {
                break;
            }
            let m = self.debug.log.pop_front().expect("checked above");
            let i = returned as usize;
            // SAFETY: GL requires the arrays to hold `count` entries and `log` `buf_size` bytes.
            unsafe {
                for (array, value) in [(sources, m.source), (types, m.ty), (severities, m.severity)] {
                    if !array.is_null() {
                        *array.add(i) = value;
                    }
                }
                if !ids.is_null() {
                    *ids.add(i) = m.id;
                }
                if !lengths.is_null() {
                    *lengths.add(i) = needed as GLsizei;
                }
                if !log.is_null() {
                    std::ptr::copy_nonoverlapping(m.text.as_ptr() as *const GLchar, log.add(written), m.text.len());
                    *log.add(written + m.text.len()) = 0;
                }
            }
            written += needed;
            returned += 1;
        }
        returned
    }

    pub(crate) fn gl_push_debug_group(&mut self, source: GLenum, id: GLuint, length: GLsizei, message: *const GLchar) {
        if !self.check(matches!(source, GL_DEBUG_SOURCE_APPLICATION | GL_DEBUG_SOURCE_THIRD_PARTY), GL_INVALID_ENUM) {
            return;
        }
        if self.debug.groups.len() >= MAX_GROUP_DEPTH - 1 {
            return self.record_error(GL_STACK_OVERFLOW);
        }
        // SAFETY: GL requires `message` to hold `length` bytes or a NUL-terminated string.
        let text = unsafe { read_text(message, length) };
        // The new group starts with a copy of the outer group's filter (KHR_debug).
        let outer_rules = self.debug.rules.clone();
        self.debug.groups.push(DebugGroup { source, id, text: text.clone(), outer_rules });
        self.debug_message(Message { source, ty: GL_DEBUG_TYPE_PUSH_GROUP, id, severity: GL_DEBUG_SEVERITY_NOTIFICATION, text });
    }

    pub(crate) fn gl_pop_debug_group(&mut self) {
        let Some(group) = self.debug.groups.pop() else {
            return self.record_error(GL_STACK_UNDERFLOW);
        };
        let DebugGroup { source, id, text, outer_rules } = group;
        // The pop message is filtered by the outer group, whose rules are back.
        self.debug.rules = outer_rules;
        self.debug_message(Message { source, ty: GL_DEBUG_TYPE_POP_GROUP, id, severity: GL_DEBUG_SEVERITY_NOTIFICATION, text });
    }

    pub(crate) fn debug_group_depth(&self) -> usize {
        self.debug.groups.len() + 1
    }

    pub(crate) fn debug_logged_messages(&self) -> usize {
        self.debug.log.len()
    }

    /// Whether `name` is an object of kind `identifier`: INVALID_ENUM for an unknown kind,
    /// INVALID_VALUE for an unknown name (both glObjectLabel and glGetObjectLabel).
    fn check_label_target(&mut self, identifier: GLenum, name: GLuint) -> bool {
        let known = match identifier {
            GL_BUFFER => self.share.lock().buffers.exists(name),
            GL_TEXTURE => self.share.lock().textures.exists(name),
            GL_SAMPLER => self.share.lock().samplers.exists(name),
            GL_RENDERBUFFER => self.share.lock().renderbuffers.exists(name),
            GL_SHADER | GL_PROGRAM => self.share.lock().shader_objects.exists(name),
            GL_VERTEX_ARRAY => self.vertex_arrays.exists(name),
            GL_FRAMEBUFFER => self.framebuffers.exists(name),
            GL_QUERY => self.queries.names.exists(name),
            GL_PROGRAM_PIPELINE => self.program_pipelines.exists(name),
            GL_TRANSFORM_FEEDBACK => self.transform_feedback.objects.exists(name),
            GL_DISPLAY_LIST if !self.is_core() && !self.is_gles() => self.share.lock_lists().lists.contains_key(&name),
            _ => return self.check(false, GL_INVALID_ENUM),
        };
        self.check(known, GL_INVALID_VALUE)
    }

    pub(crate) fn gl_object_label(&mut self, identifier: GLenum, name: GLuint, length: GLsizei, label: *const GLchar) {
        if self.check_label_target(identifier, name) {
            self.set_label((identifier, name), length, label);
        }
    }

    pub(crate) fn gl_get_object_label(&mut self, identifier: GLenum, name: GLuint, buf_size: GLsizei, length: *mut GLsizei, label: *mut GLchar) {
        if self.check(buf_size >= 0, GL_INVALID_VALUE) && self.check_label_target(identifier, name) {
            // SAFETY: GL requires `label` to hold `buf_size` bytes and `length` one GLsizei.
            unsafe { self.write_label((identifier, name), buf_size, length, label) };
        }
    }

    /// glObjectPtrLabel: sync objects are the only pointer-named objects.
    pub(crate) fn gl_object_ptr_label(&mut self, sync: *const c_void, length: GLsizei, label: *const GLchar) {
        if let Some(name) = self.fence_name(sync) {
            self.set_label((GL_SYNC_FENCE, name), length, label);
        }
    }

    pub(crate) fn gl_get_object_ptr_label(&mut self, sync: *const c_void, buf_size: GLsizei, length: *mut GLsizei, label: *mut GLchar) {
        if !self.check(buf_size >= 0, GL_INVALID_VALUE) {
            return;
        }
        if let Some(name) = self.fence_name(sync) {
            // SAFETY: GL requires `label` to hold `buf_size` bytes and `length` one GLsizei.
            unsafe { self.write_label((GL_SYNC_FENCE, name), buf_size, length, label) };
        }
    }

    fn set_label(&mut self, key: (GLenum, GLuint), length: GLsizei, label: *const GLchar) {
        if label.is_null() {
            self.debug.labels.remove(&key);
            return;
        }
        // SAFETY: GL requires `label` to hold `length` bytes or a NUL-terminated string.
        let text = unsafe { read_text(label, length) };
        if !self.check(text.len() < MAX_MESSAGE_LENGTH, GL_INVALID_VALUE) {
            return;
        }
        self.debug.labels.insert(key, text);
    }

    /// Writes a label back; with no buffer, `length` gets the label's whole length.
    ///
    /// # Safety
    /// `label` must hold `buf_size` bytes (or be null) and `length` one GLsizei (or be null).
    unsafe fn write_label(&self, key: (GLenum, GLuint), buf_size: GLsizei, length: *mut GLsizei, label: *mut GLchar) {
        let text = self.debug.labels.get(&key).map(String::as_str).unwrap_or_default();
        if label.is_null() {
            if !length.is_null() {
                *length = text.len() as GLsizei;
            }
            return;
        }
        crate::objects::shader::write_gl_string(text, buf_size, length, label);
    }
}
