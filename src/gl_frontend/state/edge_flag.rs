//! glEdgeFlag (compatibility profile): whether the edges a vertex starts are boundary
//! edges. Polygons drawn with glPolygonMode(GL_LINE) outline only those edges
//! (`draw_path/immediate.rs` draws them as lines).

use crate::context::ContextState;
use crate::queries::get::Value;
use crate::types::enums::*;
use crate::types::*;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EdgeFlagState {
    /// The current edge flag (GL_EDGE_FLAG), part of GL_CURRENT_BIT.
    pub current: bool,
}

impl Default for EdgeFlagState {
    fn default() -> Self {
        EdgeFlagState { current: true }
    }
}

impl ContextState {
    /// glEdgeFlag / glEdgeFlagv; allowed between glBegin and glEnd.
    pub(crate) fn gl_edge_flag(&mut self, flag: bool) {
        if !self.check(!self.is_core() && !self.is_gles(), GL_INVALID_OPERATION) {
            return;
        }
        self.state.edge_flag.current = flag;
    }

    pub(crate) fn edge_flag_value(&self, pname: GLenum) -> Option<Value> {
        match pname {
            GL_EDGE_FLAG => Some(Value::boolean(self.state.edge_flag.current)),
            _ => None,
        }
    }
}
