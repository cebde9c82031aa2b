//! Which vertex of a primitive gives flat-shaded values (GL's provoking vertex, ARB_provoking_vertex's
//! table) when the device can only take the first: a draw becomes an indexed list whose
//! primitives each start with their provoking vertex. Used for GL's last-vertex convention
//! on devices without VK_EXT_provoking_vertex (or under `GALVAN_EMULATE=provoking_vertex`),
//! and for quads, quad strips and polygons under the first-vertex convention.

use crate::context::ContextState;
use crate::types::enums::*;
use crate::types::GLenum;

impl ContextState {
    /// The list mode and vertex order a draw of `n` vertices in `mode` must take so the
    /// device flat-shades with GL's provoking vertex; `None` when the draw goes as it is.
    /// Without the device's last-vertex mode every primitive is reordered, except where a
    /// geometry or tessellation stage makes the primitives (`shaders_make_primitives`), or
    /// capture must see GL's order.
    pub(crate) fn provoking_vertex_order(&self, mode: GLenum, n: usize, shaders_make_primitives: bool) -> Option<(GLenum, Vec<usize>)> {
        let last = self.state.raster.provoking_vertex == GL_LAST_VERTEX_CONVENTION;
        let emulate = last && !self.caps.provoking_vertex && !shaders_make_primitives && !self.transform_feedback.capturing();
        let assembled = matches!(mode, GL_LINE_LOOP | GL_QUADS | GL_QUAD_STRIP | GL_POLYGON);
        if emulate || (assembled && (!last || !self.caps.provoking_vertex)) {
            provoking_first_order(mode, n, last)
        } else {
            None
        }
    }
}

/// For a draw of `n` vertices in `mode`, the list mode and the order of source vertices in
/// which every primitive starts with its provoking vertex under the `last` (GL's default)
/// or the first-vertex convention; quads follow the convention
/// (GL_QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION is true). Triangles are rotated, never
/// reflected, so their winding stays. `None` for modes with no choice to make (points,
/// patches, adjacency primitives, which a geometry shader consumes).
pub(crate) fn provoking_first_order(mode: GLenum, n: usize, last: bool) -> Option<(GLenum, Vec<usize>)> {
    // A triangle (a, b, c) whose provoking vertex is at `p` (0, 1 or 2), rotated to lead.
    let rotate = |t: [usize; 3], p: usize| [t[p], t[(p + 1) % 3], t[(p + 2) % 3]];
    let tri_p = if last { 2 } else { 0 };
    let order: Vec<usize> = match mode {
        GL_LINES => (0..n / 2).flat_map(|i| if last { [2 * i + 1, 2 * i] } else { [2 * i, 2 * i + 1] }).collect(),
        GL_LINE_STRIP => (0..n.saturating_sub(1)).flat_map(|i| if last { [i + 1, i] } else { [i, i + 1] }).collect(),
        GL_LINE_LOOP if n >= 2 => (0..n).flat_map(|i| {
            let next = (i + 1) % n;
            if last { [next, i] } else { [i, next] }
        }).collect(),
        GL_LINE_LOOP => Vec::new(),
        GL_TRIANGLES => (0..n / 3).flat_map(|i| rotate([3 * i, 3 * i + 1, 3 * i + 2], tri_p)).collect(),
        // Odd triangles of a strip wind (i, i + 2, i + 1); the provoking vertex is i or i + 2.
        GL_TRIANGLE_STRIP => (0..n.saturating_sub(2)).flat_map(|i| {
            let t = if i % 2 == 0 { [i, i + 1, i + 2] } else { [i, i + 2, i + 1] };
            let p = match (last, i % 2 == 0) {
                (false, _) => 0,
                (true, true) => 2,
                (true, false) => 1,
            };
            rotate(t, p)
        }).collect(),
        // Triangle i of a fan is (0, i + 1, i + 2); its provoking vertex is i + 1 or i + 2.
        GL_TRIANGLE_FAN => (0..n.saturating_sub(2)).flat_map(|i| rotate([0, i + 1, i + 2], if last { 2 } else { 1 })).collect(),
        // A quad's provoking vertex is its last or its first; both triangles share it.
        GL_QUADS => (0..n / 4).flat_map(|q| {
            let v = 4 * q;
            if last { [v + 3, v, v + 1, v + 3, v + 1, v + 2] } else { [v, v + 1, v + 2, v, v + 2, v + 3] }
        }).collect(),
        // Quad i of a strip is (2i, 2i + 1, 2i + 3, 2i + 2) in drawing order; its provoking
        // vertex is 2i + 3 or 2i.
        GL_QUAD_STRIP => (0..(n / 2).saturating_sub(1)).flat_map(|q| {
            let v = 2 * q;
            if last { [v + 3, v + 2, v, v + 3, v, v + 1] } else { [v, v + 1, v + 3, v, v + 3, v + 2] }
        }).collect(),
        // A polygon is flat-shaded with its first vertex under either convention.
        GL_POLYGON if n >= 3 => (1..n - 1).flat_map(|i| [0, i, i + 1]).collect(),
        GL_POLYGON => Vec::new(),
        _ => return None,
    };
    let list = match mode {
        GL_LINES | GL_LINE_STRIP | GL_LINE_LOOP => GL_LINES,
        _ => GL_TRIANGLES,
    };
    Some((list, order))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Twice the signed area of triangle `t` with vertex i at `at(i)`: its sign is the winding.
    fn area(t: &[usize], at: impl Fn(usize) -> (f64, f64)) -> f64 {
        let (a, b, c) = (at(t[0]), at(t[1]), at(t[2]));
        (b.0 - a.0) * (c.1 - a.1) - (b.1 - a.1) * (c.0 - a.0)
    }

    /// Vertices on a convex curve, as triangles, fans, quads and polygons are drawn.
    fn winding(t: &[usize]) -> f64 {
        area(t, |i| ((i as f64 * 0.3).cos(), (i as f64 * 0.3).sin()))
    }

    /// Vertices zigzagging along two rows, as strips are drawn: positive for every triangle
    /// that winds like the first.
    fn strip_winding(t: &[usize]) -> f64 {
        -area(t, |i| ((i / 2) as f64, (i % 2) as f64))
    }

    #[test]
    fn triangles_lead_with_their_provoking_vertex_and_keep_winding() {
        let (mode, order) = provoking_first_order(GL_TRIANGLES, 6, true).unwrap();
        assert_eq!(mode, GL_TRIANGLES);
        assert_eq!(order, vec![2, 0, 1, 5, 3, 4]);
        let (_, first) = provoking_first_order(GL_TRIANGLES, 3, false).unwrap();
        assert_eq!(first, vec![0, 1, 2]);
    }

    #[test]
    fn strips_keep_the_winding_of_every_triangle() {
        for last in [true, false] {
            let (_, order) = provoking_first_order(GL_TRIANGLE_STRIP, 6, last).unwrap();
            let leads: Vec<usize> = order.chunks(3).map(|t| t[0]).collect();
            assert_eq!(leads, if last { vec![2, 3, 4, 5] } else { vec![0, 1, 2, 3] });
            // A strip's triangles all wind the way its first one does.
            for t in order.chunks(3) {
                assert!(strip_winding(t) > 0.0, "{order:?}");
            }
        }
    }

    #[test]
    fn fans_and_polygons() {
        let (_, fan) = provoking_first_order(GL_TRIANGLE_FAN, 4, true).unwrap();
        assert_eq!(fan, vec![2, 0, 1, 3, 0, 2]);
        let (_, fan_first) = provoking_first_order(GL_TRIANGLE_FAN, 4, false).unwrap();
        assert_eq!(fan_first, vec![1, 2, 0, 2, 3, 0]);
        for last in [true, false] {
            let (_, poly) = provoking_first_order(GL_POLYGON, 5, last).unwrap();
            assert!(poly.chunks(3).all(|t| t[0] == 0 && winding(t) > 0.0), "{poly:?}");
        }
    }

    #[test]
    fn quads_share_their_provoking_vertex() {
        let (mode, order) = provoking_first_order(GL_QUADS, 8, true).unwrap();
        assert_eq!(mode, GL_TRIANGLES);
        let leads: Vec<usize> = order.chunks(3).map(|t| t[0]).collect();
        assert_eq!(leads, vec![3, 3, 7, 7]);
        assert!(order.chunks(3).all(|t| winding(t) > 0.0));
        for (last, expected) in [(true, vec![3, 3, 5, 5]), (false, vec![0, 0, 2, 2])] {
            let (_, strip) = provoking_first_order(GL_QUAD_STRIP, 6, last).unwrap();
            let leads: Vec<usize> = strip.chunks(3).map(|t| t[0]).collect();
            assert_eq!(leads, expected);
            assert!(strip.chunks(3).all(|t| strip_winding(t) > 0.0), "{strip:?}");
        }
    }

    #[test]
    fn lines_lead_with_the_provoking_end() {
        assert_eq!(provoking_first_order(GL_LINE_STRIP, 3, true).unwrap(), (GL_LINES, vec![1, 0, 2, 1]));
        assert_eq!(provoking_first_order(GL_LINE_LOOP, 3, true).unwrap(), (GL_LINES, vec![1, 0, 2, 1, 0, 2]));
        assert_eq!(provoking_first_order(GL_LINES, 4, false).unwrap(), (GL_LINES, vec![0, 1, 2, 3]));
    }

    #[test]
    fn points_have_nothing_to_reorder() {
        assert!(provoking_first_order(GL_POINTS, 4, true).is_none());
    }
}
