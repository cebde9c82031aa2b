//! Conditional rendering (GL 3.0, NV_conditional_render, ARB_conditional_render_inverted):
//! between glBeginConditionalRender and glEndConditionalRender, rendering commands are
//! discarded when the occlusion query found no samples (or, inverted, when it found some).
//!
//! The condition is decided on the host at the first rendering command that needs it: the wait
//! modes wait for the query's result, the no-wait modes render when it is not known yet (as
//! GL allows). The decision then holds until glEndConditionalRender.

use crate::context::ContextState;
use crate::types::enums::*;
use crate::types::*;

/// Rendering made conditional on a query.
#[derive(Clone, Copy, Debug)]
pub struct ConditionalRender {
    pub query: GLuint,
    pub mode: GLenum,
    /// Whether rendering goes ahead, once known.
    pub decided: Option<bool>,
}

fn mode_waits(mode: GLenum) -> bool {
    matches!(mode, GL_QUERY_WAIT | GL_QUERY_BY_REGION_WAIT | GL_QUERY_WAIT_INVERTED | GL_QUERY_BY_REGION_WAIT_INVERTED)
}

fn mode_inverted(mode: GLenum) -> bool {
    matches!(
        mode,
        GL_QUERY_WAIT_INVERTED | GL_QUERY_NO_WAIT_INVERTED | GL_QUERY_BY_REGION_WAIT_INVERTED | GL_QUERY_BY_REGION_NO_WAIT_INVERTED
    )
}

fn is_mode(mode: GLenum) -> bool {
    mode_waits(mode) || matches!(mode, GL_QUERY_NO_WAIT | GL_QUERY_BY_REGION_NO_WAIT | GL_QUERY_NO_WAIT_INVERTED | GL_QUERY_BY_REGION_NO_WAIT_INVERTED)
}

impl ContextState {
    pub(crate) fn gl_begin_conditional_render(&mut self, id: GLuint, mode: GLenum) {
        if !self.check(is_mode(mode), GL_INVALID_ENUM) {
            return;
        }
        if !self.check(self.conditional_render.is_none(), GL_INVALID_OPERATION) {
            return;
        }
        let Some(query) = self.queries.names.get(id) else {
            return self.record_error(GL_INVALID_VALUE);
        };
        let usable = query.active.is_none()
            && matches!(query.target, GL_SAMPLES_PASSED | GL_ANY_SAMPLES_PASSED | GL_ANY_SAMPLES_PASSED_CONSERVATIVE);
        if !self.check(usable, GL_INVALID_OPERATION) {
            return;
        }
        self.conditional_render = Some(ConditionalRender { query: id, mode, decided: None });
    }

    pub(crate) fn gl_end_conditional_render(&mut self) {
        if self.check(self.conditional_render.is_some(), GL_INVALID_OPERATION) {
            self.conditional_render = None;
        }
    }

    /// Whether a rendering command may go ahead under the current conditional rendering.
    pub(crate) fn conditional_render_passes(&mut self) -> bool {
        let Some(c) = self.conditional_render else { return true };
        if let Some(decided) = c.decided {
            return decided;
        }
        let Some(samples) = self.query_result(c.query, mode_waits(c.mode)) else {
            // No-wait modes render while the result is unknown.
            return true;
        };
        let passes = (samples != 0) != mode_inverted(c.mode);
        if let Some(c) = self.conditional_render.as_mut() {
            c.decided = Some(passes);
        }
        passes
    }

    /// Decides the condition now, before its query goes away.
    pub(crate) fn freeze_conditional_render(&mut self) {
        if let Some(c) = self.conditional_render {
            if c.decided.is_none() {
                let samples = self.query_result(c.query, true).unwrap_or(1);
                let passes = (samples != 0) != mode_inverted(c.mode);
                if let Some(c) = self.conditional_render.as_mut() {
                    c.decided = Some(passes);
                }
            }
        }
    }
}
