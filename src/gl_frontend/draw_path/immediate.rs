//! glBegin / glEnd and glVertex (compatibility profile): each vertex snapshots every
//! current attribute on the CPU; glEnd turns the primitive into one Vulkan topology
//! (quads, quad strips and polygons into triangles, a line loop closed into a strip) and
//! draws it through the ordinary draw path, whose per-draw upload carries the attributes
//! the program reads.

use crate::context::ContextState;
use crate::draw_path::immediate_materials::VertexMaterials;
use crate::draw_path::render_state::is_primitive_mode;
use crate::objects::vertex_array::VERTEX;
use crate::types::enums::*;
use crate::types::*;

/// The vertices gathered since glBegin.
#[derive(Clone, Debug, Default)]
pub struct ImmediateState {
    /// The glBegin mode while between glBegin and glEnd.
    pub mode: Option<GLenum>,
    /// Every vertex: one vec4 per attribute slot (generic 0-15, then the conventional ones).
    pub vertices: Vec<[f32; 4]>,
    /// Every vertex's edge flag (glEdgeFlag when it was provoked).
    pub edge_flags: Vec<bool>,
    /// Every vertex's material, once glMaterial is called between glBegin and glEnd.
    pub materials: Option<VertexMaterials>,
}

/// The vertices of each independent triangle, quad or polygon among `n` vertices of
/// `mode` in boundary order (quad strips by their quads' sides); `None` for the modes
/// whose edges are all boundary edges, left to Vulkan's polygon mode.
fn polygon_loops(mode: GLenum, n: usize) -> Option<Vec<Vec<usize>>> {
    Some(match mode {
        GL_TRIANGLES => (0..n / 3).map(|t| (t * 3..t * 3 + 3).collect()).collect(),
        GL_QUADS => (0..n / 4).map(|q| (q * 4..q * 4 + 4).collect()).collect(),
        GL_POLYGON if n >= 3 => vec![(0..n).collect()],
        GL_POLYGON => Vec::new(),
        GL_QUAD_STRIP => (0..(n / 2).saturating_sub(1)).map(|q| vec![2 * q, 2 * q + 1, 2 * q + 3, 2 * q + 2]).collect(),
        _ => return None,
    })
}

/// The GL_LINES vertex order that outlines `n` vertices of polygon primitive `mode` as
/// glPolygonMode(GL_LINE) does: each independent triangle, quad or polygon by its boundary
/// edges whose first vertex has its edge flag set (quad strips by their quads' sides);
/// `None` for modes that fill as Vulkan's line polygon mode draws them.
pub(crate) fn outline(mode: GLenum, n: usize, edge_flags: &[bool]) -> Option<Vec<usize>> {
    let flag = |v: usize| edge_flags.get(v).copied().unwrap_or(true);
    let loops = polygon_loops(mode, n)?;
    let strip = mode == GL_QUAD_STRIP;
    Some(
        loops
            .iter()
            .flat_map(|l| (0..l.len()).filter(|&i| strip || flag(l[i])).flat_map(move |i| [l[i], l[(i + 1) % l.len()]]))
            .collect(),
    )
}

/// The GL_POINTS vertex order of glPolygonMode(GL_POINT): each independent triangle,
/// quad or polygon's vertices that start a boundary edge (their edge flag set); `None`
/// for the modes Vulkan's point polygon mode draws (strips and fans, whose flags GL
/// ignores).
pub(crate) fn flagged_vertices(mode: GLenum, n: usize, edge_flags: &[bool]) -> Option<Vec<usize>> {
    let flag = |v: usize| edge_flags.get(v).copied().unwrap_or(true);
    let loops = polygon_loops(mode, n).filter(|_| mode != GL_QUAD_STRIP)?;
    Some(loops.iter().flatten().copied().filter(|&v| flag(v)).collect())
}

/// The vertex order and list mode that draw `n` vertices of `mode` with per-vertex edge
/// flags in `polygon_mode` (GL_LINE or GL_POINT); `None` where the flags change nothing.
pub(crate) fn edge_flagged(mode: GLenum, polygon_mode: GLenum, n: usize, edge_flags: &[bool]) -> Option<(GLenum, Vec<usize>)> {
    match polygon_mode {
        GL_LINE => outline(mode, n, edge_flags).map(|o| (GL_LINES, o)),
        GL_POINT => flagged_vertices(mode, n, edge_flags).map(|o| (GL_POINTS, o)),
        _ => None,
    }
}

/// The vertex order that draws `n` vertices of GL primitive `mode` with a Vulkan topology,
/// and that topology's GL mode. Vertices of an incomplete final primitive are dropped.
pub(crate) fn assemble(mode: GLenum, n: usize) -> (GLenum, Vec<usize>) {
    match mode {
        // Flat shading takes a quad's colour from its last vertex: both triangles end on it.
        GL_QUADS => (GL_TRIANGLES, (0..n / 4).flat_map(|q| {
            let v = q * 4;
            [v, v + 1, v + 3, v + 1, v + 2, v + 3]
        }).collect()),
        GL_QUAD_STRIP => (GL_TRIANGLES, (0..(n / 2).saturating_sub(1)).flat_map(|q| {
            let v = q * 2;
            [v, v + 1, v + 3, v + 2, v, v + 3]
        }).collect()),
        // A polygon is flat-shaded with its first vertex: every triangle ends on it.
        GL_POLYGON if n >= 3 => (GL_TRIANGLES, (1..n - 1).flat_map(|i| [i, i + 1, 0]).collect()),
        GL_POLYGON => (GL_TRIANGLES, Vec::new()),
        GL_LINE_LOOP if n >= 2 => (GL_LINE_STRIP, (0..n).chain(std::iter::once(0)).collect()),
        GL_LINE_LOOP => (GL_LINE_STRIP, Vec::new()),
        other => (other, (0..n).collect()),
    }
}

impl ContextState {
    /// Whether the context is between glBegin and glEnd.
    pub(crate) fn in_begin_end(&self) -> bool {
        self.immediate.mode.is_some()
    }

    pub(crate) fn gl_begin(&mut self, mode: GLenum) {
        if !self.check(!self.is_core() && !self.is_gles() && !self.in_begin_end(), GL_INVALID_OPERATION) {
            return;
        }
        let legacy = matches!(mode, GL_POINTS | GL_LINES | GL_LINE_LOOP | GL_LINE_STRIP | GL_TRIANGLES | GL_TRIANGLE_STRIP | GL_TRIANGLE_FAN | GL_QUADS | GL_QUAD_STRIP | GL_POLYGON);
        if !self.check(legacy || is_primitive_mode(mode, false), GL_INVALID_ENUM) {
            return;
        }
        if !self.check(!self.dual_source_draw_buffers_exceeded(), GL_INVALID_OPERATION) {
            return;
        }
        self.immediate.mode = Some(mode);
        self.immediate.vertices.clear();
        self.immediate.edge_flags.clear();
        self.immediate.materials = None;
    }

    pub(crate) fn gl_end(&mut self) {
        let Some(mode) = self.immediate.mode.take() else {
            return self.record_error(GL_INVALID_OPERATION);
        };
        let slots = self.current_attribs.len();
        let mut vertices = std::mem::take(&mut self.immediate.vertices);
        let materials = self.immediate.materials.take();
        let n = vertices.len() / slots;
        if self.state.render_mode.mode != GL_RENDER {
            let split: Vec<Vec<[f32; 4]>> = vertices.chunks_exact(slots).map(|v| v.to_vec()).collect();
            self.select_or_feedback_primitives(mode, &split);
            self.immediate.vertices = vertices;
            self.immediate.vertices.clear();
            return;
        }
        let shaders_make_primitives = self.current_executable().is_some_and(|e| e.lock().unwrap_or_else(|p| p.into_inner()).shaders_make_primitives());
        // Shaders that make primitives come before polygon rasterisation: their output is outlined by Vulkan.
        let outlined = self.edge_flagged_polygon_mode().filter(|_| !shaders_make_primitives).and_then(|p| edge_flagged(mode, p, n, &self.immediate.edge_flags));
        let (topology_mode, order) = outlined.or_else(|| self.provoking_vertex_order(mode, n, shaders_make_primitives)).unwrap_or_else(|| assemble(mode, n));
        if !order.is_empty() {
            self.draw_with_vertex_materials(materials, &mut vertices, slots, |ctx, vertices| ctx.gl_draw_immediate(topology_mode, vertices, slots, &order));
        }
        // Keep the allocation for the next glBegin.
        self.immediate.vertices = vertices;
        self.immediate.vertices.clear();
    }

    /// glVertex* and glVertexAttrib*(0, ...): the position, which provokes a vertex between
    /// glBegin and glEnd. Outside them glVertex has no effect.
    pub(crate) fn gl_vertex(&mut self, position: [f32; 4]) {
        if !self.in_begin_end() {
            return;
        }
        let start = self.immediate.vertices.len();
        self.immediate.vertices.extend_from_slice(&self.current_attribs);
        // Generic attribute 0 and gl_Vertex are the same attribute in compatibility contexts.
        self.immediate.vertices[start] = position;
        self.immediate.vertices[start + VERTEX] = position;
        self.immediate.edge_flags.push(self.state.edge_flag.current);
        self.note_vertex_material();
    }

    /// The polygon mode (GL_LINE or GL_POINT) whose edges or vertices the CPU picks by
    /// their edge flags, if polygons are drawn in one: both faces in it, no culling (it
    /// needs the facing) and no polygon offset for the mode (lines and points take none).
    pub(crate) fn edge_flagged_polygon_mode(&self) -> Option<GLenum> {
        use crate::state::enables::Cap;
        let e = &self.state.enables;
        let offset = match self.state.raster.polygon_mode {
            GL_LINE => Cap::PolygonOffsetLine,
            GL_POINT => Cap::PolygonOffsetPoint,
            _ => return None,
        };
        (!e.is(Cap::CullFace) && !e.is(offset)).then_some(self.state.raster.polygon_mode)
    }

    /// glRect*: a polygon of the rectangle's four corners at z = 0.
    pub(crate) fn gl_rect(&mut self, x1: f32, y1: f32, x2: f32, y2: f32) {
        if !self.check(!self.is_core() && !self.is_gles(), GL_INVALID_OPERATION) {
            return;
        }
        self.gl_begin(GL_POLYGON);
        for (x, y) in [(x1, y1), (x2, y1), (x2, y2), (x1, y2)] {
            self.gl_vertex([x, y, 0.0, 1.0]);
        }
        self.gl_end();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quads_become_two_triangles_ending_on_the_last_vertex() {
        assert_eq!(assemble(GL_QUADS, 9), (GL_TRIANGLES, vec![0, 1, 3, 1, 2, 3, 4, 5, 7, 5, 6, 7]));
    }

    #[test]
    fn outlines_skip_edges_whose_first_vertex_has_no_edge_flag() {
        // A quad outlines its four sides, never the diagonal of its triangles.
        assert_eq!(outline(GL_QUADS, 4, &[true; 4]), Some(vec![0, 1, 1, 2, 2, 3, 3, 0]));
        assert_eq!(outline(GL_POLYGON, 4, &[true, false, true, false]), Some(vec![0, 1, 2, 3]));
        assert_eq!(outline(GL_TRIANGLES, 7, &[false, true, true, true, true, true, true]), Some(vec![1, 2, 2, 0, 3, 4, 4, 5, 5, 3]));
        // Quad strips ignore the flags; strips and fans are left to the rasteriser.
        assert_eq!(outline(GL_QUAD_STRIP, 4, &[false; 4]), Some(vec![0, 1, 1, 3, 3, 2, 2, 0]));
        assert_eq!(outline(GL_TRIANGLE_STRIP, 4, &[true; 4]), None);
    }

    #[test]
    fn point_mode_draws_only_vertices_with_the_edge_flag() {
        assert_eq!(edge_flagged(GL_TRIANGLES, GL_POINT, 6, &[true, false, true, true, true, false]), Some((GL_POINTS, vec![0, 2, 3, 4])));
        assert_eq!(edge_flagged(GL_QUADS, GL_LINE, 4, &[true, true, false, true]), Some((GL_LINES, vec![0, 1, 1, 2, 3, 0])));
        // Strips and fans have no interior edges: their flags change nothing.
        assert_eq!(edge_flagged(GL_QUAD_STRIP, GL_POINT, 4, &[false; 4]), None);
        assert_eq!(edge_flagged(GL_TRIANGLE_FAN, GL_POINT, 4, &[false; 4]), None);
        assert_eq!(edge_flagged(GL_TRIANGLES, GL_FILL, 3, &[false; 3]), None);
    }

    #[test]
    fn polygons_fan_and_line_loops_close() {
        assert_eq!(assemble(GL_POLYGON, 5), (GL_TRIANGLES, vec![1, 2, 0, 2, 3, 0, 3, 4, 0]));
        assert_eq!(assemble(GL_LINE_LOOP, 3), (GL_LINE_STRIP, vec![0, 1, 2, 0]));
        assert_eq!(assemble(GL_QUAD_STRIP, 6), (GL_TRIANGLES, vec![0, 1, 3, 2, 0, 3, 2, 3, 5, 4, 2, 5]));
    }
}
