//! Array draws with the edge flag array enabled (compatibility profile): in
//! glPolygonMode(GL_LINE) only the edges whose first vertex has its flag set are drawn,
//! in GL_POINT only the vertices with the flag. The CPU picks them from the array's
//! flags, as glEnd does from glEdgeFlag's (`immediate.rs`), and the draw takes the
//! picked vertices as lines or points through generated indices.

use crate::context::ContextState;
use crate::draw_path::draw::Indices;
use crate::draw_path::immediate::edge_flagged;
use crate::types::*;

impl ContextState {
    /// The list mode and the order (positions `0..count` of the draw's vertices) that
    /// draw `mode` with the edge flag array's flags; `None` when the array is disabled or
    /// the flags change nothing (filled polygons, strips and fans, culling, primitives
    /// made by shaders).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn edge_flag_array_order(
        &self,
        mode: GLenum,
        first: GLint,
        count: GLsizei,
        base_vertex: GLint,
        indices: Option<Indices>,
        element_buffer: GLuint,
        shaders_make_primitives: bool,
    ) -> Result<Option<(GLenum, Vec<usize>)>, GLenum> {
        // Filled polygons, the common case, settle it on one state read.
        let Some(polygon_mode) = self.edge_flagged_polygon_mode().filter(|_| !shaders_make_primitives) else { return Ok(None) };
        if !self.vertex_arrays.get(self.bindings.vertex_array).is_some_and(|v| v.edge_flag_array.enabled) {
            return Ok(None);
        }
        let n = count.max(0) as usize;
        let vertices: Vec<i64> = match self.element_indices(count, indices, element_buffer)? {
            Some(source) => source.iter().map(|&i| i as i64 + base_vertex as i64).collect(),
            None => (0..n as i64).map(|k| first as i64 + k).collect(),
        };
        // An element past the array's end (or a negative one) keeps its edge drawn.
        let flags: Vec<bool> = vertices.iter().map(|&v| usize::try_from(v).ok().and_then(|v| self.array_edge_flag(v)).unwrap_or(true)).collect();
        Ok(edge_flagged(mode, polygon_mode, n, &flags))
    }
}
