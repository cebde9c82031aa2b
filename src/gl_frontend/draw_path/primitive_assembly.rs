//! GL's primitive assembly on the host, for the emulations whose vertex stage stores one
//! record per vertex (transform feedback, geometry shaders): which vertices of a direct
//! draw make which primitives, with strips, fans, loops, adjacency, indices and primitive
//! restart, as lists of record slots. The draw path holds every direct draw's counts and
//! (host copies of) its indices, so nothing is read back from the device.

use vk_backend::Topology;

use crate::context::ContextState;
use crate::draw_path::draw::Indices;
use crate::draw_path::primitive_restart::largest_index;
use crate::draw_path::record_error::RecordError;
use crate::types::enums::*;
use crate::types::*;

/// Vertices of one primitive of the captured kind a topology produces (adjacency dropped).
pub(crate) fn vertices_per_primitive(topology: Topology) -> Option<usize> {
    match topology {
        Topology::PointList => Some(1),
        Topology::LineList | Topology::LineStrip | Topology::LineListWithAdjacency | Topology::LineStripWithAdjacency => Some(2),
        Topology::TriangleList | Topology::TriangleStrip | Topology::TriangleFan | Topology::TriangleListWithAdjacency => Some(3),
        Topology::TriangleStripWithAdjacency | Topology::PatchList(_) => None,
    }
}

/// Vertices of one input primitive a geometry shader gets from a topology (adjacency kept).
pub(crate) fn geometry_input_vertices(topology: Topology) -> Option<usize> {
    match topology {
        Topology::PointList => Some(1),
        Topology::LineList | Topology::LineStrip => Some(2),
        Topology::TriangleList | Topology::TriangleStrip | Topology::TriangleFan => Some(3),
        Topology::LineListWithAdjacency | Topology::LineStripWithAdjacency => Some(4),
        Topology::TriangleListWithAdjacency | Topology::TriangleStripWithAdjacency => Some(6),
        Topology::PatchList(_) => None,
    }
}

/// The positions (into one run of the draw's vertices, `0..n`) of every primitive's
/// vertices, in the order the device's own capture writes them: strip and fan triangles
/// start at their provoking vertex in first-vertex mode and end at it in last-vertex mode.
fn primitive_positions(topology: Topology, n: usize, last_provoking: bool, out: &mut Vec<usize>) {
    match topology {
        Topology::PointList => out.extend(0..n),
        Topology::LineList => out.extend(0..n / 2 * 2),
        Topology::LineStrip => (0..n.saturating_sub(1)).for_each(|i| out.extend([i, i + 1])),
        Topology::TriangleList => out.extend(0..n / 3 * 3),
        // Odd triangles keep the winding.
        Topology::TriangleStrip => (0..n.saturating_sub(2)).for_each(|i| {
            out.extend(match (i % 2 == 0, last_provoking) {
                (true, _) => [i, i + 1, i + 2],
                (false, false) => [i, i + 2, i + 1],
                (false, true) => [i + 1, i, i + 2],
            })
        }),
        Topology::TriangleFan => (0..n.saturating_sub(2)).for_each(|i| out.extend(if last_provoking { [0, i + 1, i + 2] } else { [i + 1, i + 2, 0] })),
        Topology::LineListWithAdjacency => (0..n / 4).for_each(|i| out.extend([4 * i + 1, 4 * i + 2])),
        Topology::LineStripWithAdjacency => (0..n.saturating_sub(3)).for_each(|i| out.extend([i + 1, i + 2])),
        Topology::TriangleListWithAdjacency => (0..n / 6).for_each(|i| out.extend([6 * i, 6 * i + 2, 6 * i + 4])),
        Topology::TriangleStripWithAdjacency | Topology::PatchList(_) => {}
    }
}

/// The positions of every geometry-shader input primitive's vertices, adjacent ones
/// included, in gl_in[] order.
fn geometry_input_positions(topology: Topology, n: usize, last_provoking: bool, out: &mut Vec<usize>) {
    match topology {
        Topology::LineListWithAdjacency => out.extend(0..n / 4 * 4),
        Topology::LineStripWithAdjacency => (0..n.saturating_sub(3)).for_each(|i| out.extend([i, i + 1, i + 2, i + 3])),
        Topology::TriangleListWithAdjacency => out.extend(0..n / 6 * 6),
        Topology::TriangleStripWithAdjacency => triangle_strip_adjacency_positions(n, out),
        Topology::PatchList(_) => {}
        _ => primitive_positions(topology, n, last_provoking, out),
    }
}

/// GL's triangles of a triangle strip with adjacency (`n` vertices: `(n - 4) / 2`
/// triangles), each as gl_in[] sees it: vertex, adjacent, vertex, adjacent, vertex,
/// adjacent. Odd triangles swap their first two vertices to keep the winding; the edge
/// shared with the previous (next) triangle has that triangle's far vertex across it,
/// except at the strip's ends.
fn triangle_strip_adjacency_positions(n: usize, out: &mut Vec<usize>) {
    if n < 6 {
        return;
    }
    let triangles = (n - 4) / 2;
    for i in 0..triangles {
        let previous = if i == 0 { 1 } else { 2 * i - 2 };
        let next = if i + 1 == triangles { 2 * i + 5 } else { 2 * i + 6 };
        let outer = 2 * i + 3;
        if i % 2 == 0 {
            out.extend([2 * i, previous, 2 * i + 2, next, 2 * i + 4, outer]);
        } else {
            out.extend([2 * i + 2, previous, 2 * i, outer, 2 * i + 4, next]);
        }
    }
}

/// The record slot of every captured vertex of one instance, in output order. `slots`
/// holds each drawn vertex's slot, `None` for a primitive restart.
pub(crate) fn captured_slots(topology: Topology, slots: &[Option<u32>], last_provoking: bool) -> Vec<u32> {
    assemble(slots, |n, out| primitive_positions(topology, n, last_provoking, out))
}

/// The record slots of every geometry-shader input primitive of one instance, each
/// primitive's vertices in gl_in[] order.
pub(crate) fn geometry_input_slots(topology: Topology, slots: &[Option<u32>], last_provoking: bool) -> Vec<u32> {
    assemble(slots, |n, out| geometry_input_positions(topology, n, last_provoking, out))
}

fn assemble(slots: &[Option<u32>], positions_of: impl Fn(usize, &mut Vec<usize>)) -> Vec<u32> {
    let mut out = Vec::new();
    let mut positions = Vec::new();
    for run in slots.split(|s| s.is_none()) {
        positions.clear();
        positions_of(run.len(), &mut positions);
        out.extend(positions.iter().filter_map(|&p| run[p]));
    }
    out
}

/// The vertices of one instance of a direct draw, as record slots.
pub(crate) struct DrawnVertices {
    /// Each drawn vertex's record slot, `None` at a primitive restart.
    pub slots: Vec<Option<u32>>,
    /// gl_VertexIndex of slot 0.
    pub first_vertex: u32,
    /// Record slots one instance takes.
    pub per_instance: u32,
}

impl ContextState {
    /// The vertices a direct draw runs its vertex stage for, as record slots: the index
    /// range it reads from its lowest to its highest vertex.
    pub(crate) fn drawn_vertices(&self, first: GLint, count: GLsizei, base_vertex: GLint, indices: Option<Indices>, element_buffer: GLuint, restart: bool) -> Result<DrawnVertices, RecordError> {
        // Each drawn vertex's gl_VertexIndex, or None at a restart.
        let drawn: Vec<Option<u64>> = match self.element_indices(count, indices, element_buffer).map_err(RecordError::Gl)? {
            Some(list) => {
                // `restart` is the draw's decision: by now an application restart index
                // has been rewritten to the type's largest value.
                let restart_index = largest_index(indices.map_or(GL_UNSIGNED_INT, |i| i.ty));
                list.into_iter().map(|i| (!(restart && i == restart_index)).then(|| (i64::from(i) + i64::from(base_vertex)).max(0) as u64)).collect()
            }
            None => (0..count as u64).map(|i| Some(first as u64 + i)).collect(),
        };
        let lowest = drawn.iter().flatten().copied().min().unwrap_or(0);
        let highest = drawn.iter().flatten().copied().max().unwrap_or(0);
        let per_instance = u32::try_from(highest - lowest + 1).map_err(|_| RecordError::Gl(GL_OUT_OF_MEMORY))?;
        let slots = drawn.iter().map(|v| v.map(|v| (v - lowest) as u32)).collect();
        Ok(DrawnVertices { slots, first_vertex: lowest as u32, per_instance })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(topology: Topology, slots: &[Option<u32>]) -> Vec<u32> {
        captured_slots(topology, slots, false)
    }

    fn plain(n: u32) -> Vec<Option<u32>> {
        (0..n).map(Some).collect()
    }

    #[test]
    fn lists_drop_an_incomplete_last_primitive() {
        assert_eq!(run(Topology::PointList, &plain(3)), [0, 1, 2]);
        assert_eq!(run(Topology::LineList, &plain(5)), [0, 1, 2, 3]);
        assert_eq!(run(Topology::TriangleList, &plain(7)), [0, 1, 2, 3, 4, 5]);
    }

    #[test]
    fn strips_and_fans_are_taken_apart() {
        assert_eq!(run(Topology::LineStrip, &plain(3)), [0, 1, 1, 2]);
        assert_eq!(run(Topology::TriangleStrip, &plain(5)), [0, 1, 2, 1, 3, 2, 2, 3, 4]);
        assert_eq!(run(Topology::TriangleFan, &plain(5)), [1, 2, 0, 2, 3, 0, 3, 4, 0]);
    }

    #[test]
    fn last_vertex_convention_ends_strip_and_fan_triangles_at_their_provoking_vertex() {
        assert_eq!(captured_slots(Topology::TriangleStrip, &plain(4), true), [0, 1, 2, 2, 1, 3]);
        assert_eq!(captured_slots(Topology::TriangleFan, &plain(4), true), [0, 1, 2, 0, 2, 3]);
    }

    #[test]
    fn a_restart_begins_a_new_strip() {
        let slots = [Some(4), Some(5), Some(6), None, Some(7), Some(8), Some(9), Some(1)];
        assert_eq!(run(Topology::TriangleStrip, &slots), [4, 5, 6, 7, 8, 9, 8, 1, 9]);
    }

    #[test]
    fn geometry_inputs_keep_adjacent_vertices() {
        let gs = |t, n| geometry_input_slots(t, &plain(n), true);
        assert_eq!(gs(Topology::LineListWithAdjacency, 9), [0, 1, 2, 3, 4, 5, 6, 7]);
        assert_eq!(gs(Topology::LineStripWithAdjacency, 5), [0, 1, 2, 3, 1, 2, 3, 4]);
        assert_eq!(gs(Topology::TriangleListWithAdjacency, 6), [0, 1, 2, 3, 4, 5]);
        assert_eq!(gs(Topology::TriangleStrip, 4), [0, 1, 2, 2, 1, 3]);
        // One triangle of a strip with adjacency: 0 2 4 with 1, 5 and 3 across its edges.
        assert_eq!(gs(Topology::TriangleStripWithAdjacency, 6), [0, 1, 2, 5, 4, 3]);
        // Two: the second is odd, its first two vertices swapped.
        assert_eq!(gs(Topology::TriangleStripWithAdjacency, 8), [0, 1, 2, 6, 4, 3, 4, 0, 2, 5, 6, 7]);
    }
}
