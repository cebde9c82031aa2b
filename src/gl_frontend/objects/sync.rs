//! Sync objects: glFenceSync, glClientWaitSync, glWaitSync, glGetSynciv, glIsSync,
//! glDeleteSync. A fence covers the work its context recorded before it; waiting on it
//! submits that work and waits for the context's queue to drain.

use crate::context::ContextState;
use crate::types::enums::*;
use crate::types::*;

/// One fence. `GLsync` handles are the fence's name as a pointer value.
#[derive(Debug, Default, Clone, Copy)]
pub struct Fence {
    pub signaled: bool,
}

impl ContextState {
    /// The name of the sync object `sync` points at: INVALID_VALUE for anything else.
    pub(crate) fn fence_name(&mut self, sync: *const c_void) -> Option<GLuint> {
        let name = sync as usize;
        let exists = name != 0 && name <= u32::MAX as usize && self.share.lock().syncs.exists(name as GLuint);
        if !self.check(exists, GL_INVALID_VALUE) {
            return None;
        }
        Some(name as GLuint)
    }

    pub(crate) fn gl_fence_sync(&mut self, condition: GLenum, flags: GLbitfield) -> *const c_void {
        if !self.check(condition == GL_SYNC_GPU_COMMANDS_COMPLETE, GL_INVALID_ENUM) || !self.check(flags == 0, GL_INVALID_VALUE) {
            return std::ptr::null();
        }
        let mut objects = self.share.lock();
        let name = objects.syncs.generate();
        objects.syncs.insert(name, Fence::default());
        drop(objects);
        self.unsignaled_fences.push(name);
        name as usize as *const c_void
    }

    /// Once this context's queue has drained, every fence it made is signalled: a later
    /// wait, even with a zero timeout, finds it GL_ALREADY_SIGNALED.
    pub(crate) fn signal_finished_fences(&mut self) {
        if self.unsignaled_fences.is_empty() {
            return;
        }
        let mut objects = self.share.lock();
        for name in self.unsignaled_fences.drain(..) {
            if let Some(f) = objects.syncs.get_mut(name) {
                f.signaled = true;
            }
        }
    }

    pub(crate) fn gl_client_wait_sync(&mut self, sync: *const c_void, flags: GLbitfield, timeout: u64) -> GLenum {
        let Some(name) = self.fence_name(sync) else { return GL_WAIT_FAILED };
        if !self.check(flags & !GL_SYNC_FLUSH_COMMANDS_BIT == 0, GL_INVALID_VALUE) {
            return GL_WAIT_FAILED;
        }
        if self.share.lock().syncs.get(name).is_some_and(|f| f.signaled) {
            return GL_ALREADY_SIGNALED;
        }
        if timeout == 0 {
            // A zero timeout polls: the fence is signalled only if the queue has drained.
            return match self.stream.submit_and_poll() {
                Ok(true) => {
                    self.signal_finished_fences();
                    self.read_back_persistent_maps();
                    GL_ALREADY_SIGNALED
                }
                Ok(false) => GL_TIMEOUT_EXPIRED,
                Err(e) => {
                    self.backend_failed(e);
                    GL_WAIT_FAILED
                }
            };
        }
        // Waits for the work before the fence: this context's whole queue.
        self.finish();
        GL_CONDITION_SATISFIED
    }

    pub(crate) fn gl_wait_sync(&mut self, sync: *const c_void, flags: GLbitfield, timeout: u64) {
        let Some(_) = self.fence_name(sync) else { return };
        // The server-side wait orders this context after the fence: one queue, so
        // submission order already does.
        self.check(flags == 0 && timeout == GL_TIMEOUT_IGNORED, GL_INVALID_VALUE);
    }

    pub(crate) fn gl_delete_sync(&mut self, sync: *const c_void) {
        if sync.is_null() {
            return;
        }
        if let Some(name) = self.fence_name(sync) {
            self.share.lock().syncs.remove(name);
        }
    }

    pub(crate) fn gl_is_sync(&mut self, sync: *const c_void) -> GLboolean {
        let name = sync as usize;
        (name != 0 && name <= u32::MAX as usize && self.share.lock().syncs.exists(name as GLuint)) as GLboolean
    }

    pub(crate) fn sync_parameter(&mut self, sync: *const c_void, pname: GLenum) -> Option<GLint> {
        self.fence_name(sync)?;
        Some(match pname {
            GL_OBJECT_TYPE => GL_SYNC_FENCE as GLint,
            GL_SYNC_CONDITION => GL_SYNC_GPU_COMMANDS_COMPLETE as GLint,
            GL_SYNC_FLAGS => 0,
            GL_SYNC_STATUS => {
                // Status is known exactly once the context's work is done.
                self.finish();
                GL_SIGNALED as GLint
            }
            _ => {
                self.record_error(GL_INVALID_ENUM);
                return None;
            }
        })
    }
}
