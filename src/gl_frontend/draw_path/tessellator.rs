//! The tessellation primitive generator (GL 4.6, section 11.2.2) on the host, for devices
//! whose tessellation is emulated (`tess_emulation.rs`).
//!
//! Given one patch's levels and the evaluation shader's layout, it makes the domain points
//! (gl_TessCoord values) and the list of triangles, lines or points over them. It knows
//! nothing of GL objects or Vulkan, so the rules can be tested against the specification
//! alone; the draw path feeds it the levels the control shader wrote.
//!
//! Where the specification leaves a choice to the implementation (where fractional
//! spacing's two short segments lie, how two rings are joined into triangles), this
//! generator puts the short segments at both ends of an edge and joins rings by walking
//! both edges in step; every edge with the same level is divided the same way, so patches
//! that share an edge meet without cracks.

/// The domain an evaluation shader tessellates (its `triangles`, `quads` or `isolines`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Domain {
    Triangles,
    Quads,
    Isolines,
}

/// How a level becomes a number of segments (`equal_spacing`, `fractional_*_spacing`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spacing {
    Equal,
    FractionalEven,
    FractionalOdd,
}

/// The evaluation shader's input layout, with the largest level the device allows.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TessLayout {
    pub domain: Domain,
    pub spacing: Spacing,
    /// `ccw`: triangles wind counter-clockwise in (u, v) with u right and v up.
    pub ccw: bool,
    pub point_mode: bool,
    /// GL_MAX_TESS_GEN_LEVEL.
    pub max_level: f32,
}

/// What a patch is drawn as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Primitives {
    Triangles,
    Lines,
    Points,
}

/// One patch's tessellation: domain points and the primitives over them (three, two or
/// one index each).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tessellation {
    /// gl_TessCoord of each point; the third component is 0 outside the triangle domain.
    pub coords: Vec<[f32; 3]>,
    pub indices: Vec<u32>,
}

impl TessLayout {
    /// The primitive kind every patch of this layout becomes.
    pub fn primitives(&self) -> Primitives {
        match (self.point_mode, self.domain) {
            (true, _) => Primitives::Points,
            (false, Domain::Isolines) => Primitives::Lines,
            (false, _) => Primitives::Triangles,
        }
    }
}

/// A level clamped and rounded by a spacing: the number of segments and the clamped value
/// that places fractional segments.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Level {
    segments: u32,
    value: f32,
}

/// Clamps and rounds one level as the spacing says (GL 4.6, 11.2.2). NaN clamps to the
/// smallest value.
fn round_level(level: f32, spacing: Spacing, max: f32) -> Level {
    let (low, high) = match spacing {
        Spacing::Equal => (1.0, max),
        Spacing::FractionalEven => (2.0, max),
        Spacing::FractionalOdd => (1.0, max - 1.0),
    };
    let value = if level.is_nan() { low } else { level.clamp(low, high) };
    let up = value.ceil() as u32;
    let segments = match spacing {
        Spacing::Equal => up,
        Spacing::FractionalEven => up + up % 2,
        Spacing::FractionalOdd => up + (1 - up % 2),
    };
    Level { segments, value }
}

/// The parameters (0 to 1) of the points that divide an edge into `level.segments`
/// segments; `shrink` segments fewer on each side for inner rings (the value shrinks
/// with them). Fractional spacing makes all but two segments equal and the two at the
/// ends shorter, both of the same length.
fn edge_points(level: Level, spacing: Spacing, shrink: u32) -> Vec<f32> {
    let n = level.segments.saturating_sub(2 * shrink);
    if n == 0 {
        return vec![0.5];
    }
    let f = level.value - 2.0 * shrink as f32;
    if spacing == Spacing::Equal || n < 2 || f >= n as f32 {
        return (0..=n).map(|i| i as f32 / n as f32).collect();
    }
    // n - 2 full segments and two short ones of length `short`; together `f` long.
    let short = ((f - (n - 2) as f32) / 2.0).max(0.0);
    let total = (n - 2) as f32 + 2.0 * short;
    let mut points = vec![0.0];
    points.extend((0..n - 1).map(|i| (short + i as f32) / total));
    points.push(1.0);
    points
}

/// Whether a patch with these outer levels is discarded: any outer level the domain uses
/// is zero or less, or NaN.
fn discarded(outer: &[f32]) -> bool {
    outer.iter().any(|&l| l.is_nan() || l <= 0.0)
}

/// Tessellates one patch.
pub fn tessellate(layout: &TessLayout, outer: [f32; 4], inner: [f32; 2]) -> Tessellation {
    let mut t = match layout.domain {
        Domain::Triangles => triangles(layout, outer, inner[0]),
        Domain::Quads => quads(layout, outer, inner),
        Domain::Isolines => isolines(layout, outer),
    };
    if layout.point_mode {
        t.indices = (0..t.coords.len() as u32).collect();
    } else if layout.domain != Domain::Isolines {
        orient(&mut t, layout.ccw);
    }
    t
}

/// Makes every triangle wind as the layout asks, measured in (u, v).
fn orient(t: &mut Tessellation, ccw: bool) {
    for tri in t.indices.chunks_exact_mut(3) {
        let [a, b, c] = [tri[0], tri[1], tri[2]].map(|i| t.coords[i as usize]);
        let area = (b[0] - a[0]) * (c[1] - a[1]) - (c[0] - a[0]) * (b[1] - a[1]);
        if (area < 0.0) == ccw {
            tri.swap(1, 2);
        }
    }
}

/// Adds points and remembers their indices.
struct Points<'a> {
    t: &'a mut Tessellation,
}

impl Points<'_> {
    fn add(&mut self, p: [f32; 3]) -> u32 {
        self.t.coords.push(p);
        self.t.coords.len() as u32 - 1
    }
    fn triangle(&mut self, a: u32, b: u32, c: u32) {
        self.t.indices.extend([a, b, c]);
    }
}

/// One side of a ring: its points from one corner to the next, with their parameters.
struct RingEdge {
    points: Vec<u32>,
    params: Vec<f32>,
}

/// Joins an outer ring edge to the inner ring edge facing it with triangles, advancing
/// the side whose next segment's middle lies further back (inner parameters are taken
/// over the outer edge's span, so both walk the same line). Comparing middles rather
/// than end points makes the joins mirror-symmetric, so each corner of the outer ring
/// takes the triangles nearest to it.
fn stitch(p: &mut Points, outer: &RingEdge, inner: &RingEdge, inner_start: f32, inner_end: f32) {
    let (mut i, mut j) = (0, 0);
    let inner_at = |j: usize| inner_start + inner.params[j] * (inner_end - inner_start);
    while i + 1 < outer.points.len() || j + 1 < inner.points.len() {
        let advance_outer = if i + 1 >= outer.points.len() {
            false
        } else if j + 1 >= inner.points.len() {
            true
        } else {
            (outer.params[i] + outer.params[i + 1]) <= inner_at(j) + inner_at(j + 1)
        };
        if advance_outer {
            p.triangle(outer.points[i], outer.points[i + 1], inner.points[j]);
            i += 1;
        } else {
            p.triangle(outer.points[i], inner.points[j + 1], inner.points[j]);
            j += 1;
        }
    }
}

/// The points of an edge from `from` to `to` at `params`, sharing corner points with the
/// edges before and after it: `first` is the corner already added, if any, and `last` the
/// one the next edge begins with.
fn edge(p: &mut Points, params: &[f32], from: [f32; 3], to: [f32; 3], first: Option<u32>, last: Option<u32>) -> RingEdge {
    let lerp = |s: f32| [0, 1, 2].map(|c| from[c] + s * (to[c] - from[c]));
    let count = params.len();
    let points = params
        .iter()
        .enumerate()
        .map(|(k, &s)| match (k, first, last) {
            (0, Some(f), _) => f,
            (k, _, Some(l)) if k + 1 == count && count > 1 => l,
            _ => p.add(lerp(s)),
        })
        .collect();
    RingEdge { points, params: params.to_vec() }
}

/// A closed ring of `corners.len()` edges, each divided at its own parameters.
fn ring(p: &mut Points, corners: &[[f32; 3]], divisions: &[Vec<f32>]) -> Vec<RingEdge> {
    let n = corners.len();
    let mut edges: Vec<RingEdge> = Vec::with_capacity(n);
    let mut first_corner = None;
    for e in 0..n {
        let start = edges.last().map(|prev: &RingEdge| *prev.points.last().unwrap_or(&0));
        let end = if e + 1 == n { first_corner } else { None };
        let built = edge(p, &divisions[e], corners[e], corners[(e + 1) % n], start, end);
        if e == 0 {
            first_corner = built.points.first().copied();
        }
        edges.push(built);
    }
    edges
}

fn triangles(layout: &TessLayout, outer: [f32; 4], inner: f32) -> Tessellation {
    let mut t = Tessellation::default();
    if discarded(&outer[..3]) {
        return t;
    }
    let (spacing, max) = (layout.spacing, layout.max_level);
    let outer: Vec<Level> = outer[..3].iter().map(|&l| round_level(l, spacing, max)).collect();
    let mut inner = round_level(inner, spacing, max);
    let mut p = Points { t: &mut t };
    let corners = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
    if inner.segments == 1 && outer.iter().all(|l| l.segments == 1) {
        let [a, b, c] = corners.map(|c| p.add(c));
        p.triangle(a, b, c);
        return t;
    }
    if inner.segments == 1 {
        // Inner level 1 with a finer outer edge: as if 1 + epsilon.
        inner = round_level(1.0 + f32::EPSILON * 4.0, spacing, max);
        inner.value = inner.value.min(inner.segments as f32);
    }
    // Corner (1,0,0) to (0,1,0) is the w = 0 edge (outer level 2), and so on.
    let edge_levels = [outer[2], outer[0], outer[1]];
    let divisions: Vec<Vec<f32>> = edge_levels.iter().map(|&l| edge_points(l, spacing, 0)).collect();
    let mut outer_ring = ring(&mut p, &corners, &divisions);
    let inner_params = edge_points(inner, spacing, 0);
    let center = [1.0 / 3.0; 3];
    let mut k = 1;
    loop {
        let segments = inner.segments as i64 - 2 * k as i64;
        if segments < 0 {
            break;
        }
        // Ring k is the outer triangle scaled towards the centre so that its corners lie
        // where perpendiculars through the k-th inner division points meet.
        let s = (2.0 * inner_params[k as usize]).min(1.0);
        let ring_corners: Vec<[f32; 3]> = corners.iter().map(|c| [0, 1, 2].map(|i| c[i] + s * (center[i] - c[i]))).collect();
        if segments == 0 {
            let mid = p.add(center);
            let point = RingEdge { points: vec![mid], params: vec![0.5] };
            for e in &outer_ring {
                stitch(&mut p, e, &point, 0.0, 1.0);
            }
            break;
        }
        let params = edge_points(inner, spacing, k);
        let inner_ring = ring(&mut p, &ring_corners, &[params.clone(), params.clone(), params]);
        // The inner edge covers the part of the outer edge between the perpendiculars.
        let (start, end) = ring_span(&inner_params, k);
        for (o, i) in outer_ring.iter().zip(&inner_ring) {
            stitch(&mut p, o, i, start, end);
        }
        if segments == 1 {
            let [a, b, c] = [0, 1, 2].map(|e| inner_ring[e].points[0]);
            p.triangle(a, b, c);
            break;
        }
        outer_ring = inner_ring;
        k += 1;
    }
    t
}

/// Where ring k's edge starts and ends on the parameter line of ring k - 1's edge.
fn ring_span(inner_params: &[f32], k: u32) -> (f32, f32) {
    let (prev, this) = (inner_params[k as usize - 1], inner_params[k as usize]);
    let width = 1.0 - 2.0 * prev;
    if width <= 0.0 {
        return (0.5, 0.5);
    }
    ((this - prev) / width, (1.0 - this - prev) / width)
}

fn quads(layout: &TessLayout, outer: [f32; 4], inner: [f32; 2]) -> Tessellation {
    let mut t = Tessellation::default();
    if discarded(&outer) {
        return t;
    }
    let (spacing, max) = (layout.spacing, layout.max_level);
    let outer: Vec<Level> = outer.iter().map(|&l| round_level(l, spacing, max)).collect();
    let mut inner: Vec<Level> = inner.iter().map(|&l| round_level(l, spacing, max)).collect();
    let mut p = Points { t: &mut t };
    if inner.iter().all(|l| l.segments == 1) && outer.iter().all(|l| l.segments == 1) {
        let [a, b, c, d] = [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [1.0, 1.0, 0.0], [0.0, 1.0, 0.0]].map(|c| p.add(c));
        p.triangle(a, b, c);
        p.triangle(a, c, d);
        return t;
    }
    for l in inner.iter_mut().filter(|l| l.segments == 1) {
        *l = round_level(1.0 + f32::EPSILON * 4.0, spacing, max);
        l.value = l.value.min(l.segments as f32);
    }
    // Corners counter-clockwise from (0,0): the v = 0 edge (outer 1), u = 1 (outer 2),
    // v = 1 (outer 3) and u = 0 (outer 0).
    let corners = [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [1.0, 1.0, 0.0], [0.0, 1.0, 0.0]];
    let edge_levels = [outer[1], outer[2], outer[3], outer[0]];
    let divisions: Vec<Vec<f32>> = edge_levels.iter().map(|&l| edge_points(l, spacing, 0)).collect();
    let mut outer_ring = ring(&mut p, &corners, &divisions);
    let (u_params, v_params) = (edge_points(inner[0], spacing, 0), edge_points(inner[1], spacing, 0));
    let mut k = 1u32;
    loop {
        let (m, n) = (inner[0].segments as i64 - 2 * k as i64, inner[1].segments as i64 - 2 * k as i64);
        if m < 0 || n < 0 {
            break;
        }
        let (u0, v0) = (u_params[k as usize], v_params[k as usize]);
        let (u1, v1) = (1.0 - u0, 1.0 - v0);
        let ring_corners = [[u0, v0, 0.0], [u1, v0, 0.0], [u1, v1, 0.0], [u0, v1, 0.0]];
        let (pu, pv) = (edge_points(inner[0], spacing, k), edge_points(inner[1], spacing, k));
        let inner_ring = degenerate_aware_ring(&mut p, &ring_corners, [&pu, &pv, &pu, &pv], m == 0, n == 0);
        let (su, sv) = (ring_span(&u_params, k), ring_span(&v_params, k));
        for (e, (o, i)) in outer_ring.iter().zip(&inner_ring).enumerate() {
            let (start, end) = if e % 2 == 0 { su } else { sv };
            stitch(&mut p, o, i, start, end);
        }
        if m == 0 || n == 0 {
            break;
        }
        if m == 1 || n == 1 {
            // The innermost ring is one row or column of quads: fill it.
            let (bottom, top) = (&inner_ring[0].points, &inner_ring[2].points);
            let (left, right) = (&inner_ring[3].points, &inner_ring[1].points);
            if m == 1 {
                // A column: left edge runs down, right edge up.
                for r in 0..n as usize {
                    let (a, b) = (right[r], right[r + 1]);
                    let (c, d) = (left[left.len() - 1 - r], left[left.len() - 2 - r]);
                    p.triangle(c, a, b);
                    p.triangle(c, b, d);
                }
            } else {
                for c in 0..m as usize {
                    let (a, b) = (bottom[c], bottom[c + 1]);
                    let (d, e) = (top[top.len() - 1 - c], top[top.len() - 2 - c]);
                    p.triangle(a, b, e);
                    p.triangle(a, e, d);
                }
            }
            break;
        }
        outer_ring = inner_ring;
        k += 1;
    }
    t
}

/// A quad ring that may have collapsed to a line (one pair of edges without segments) or
/// a point: the collapsed edges are single points and the two long sides share theirs.
fn degenerate_aware_ring(p: &mut Points, corners: &[[f32; 3]; 4], params: [&Vec<f32>; 4], no_width: bool, no_height: bool) -> Vec<RingEdge> {
    if !no_width && !no_height {
        return ring(p, corners, &params.map(|v| v.clone()));
    }
    let mid = |a: [f32; 3], b: [f32; 3]| [0, 1, 2].map(|c| (a[c] + b[c]) / 2.0);
    if no_width && no_height {
        let point = p.add(mid(corners[0], corners[2]));
        return (0..4).map(|_| RingEdge { points: vec![point], params: vec![0.5] }).collect();
    }
    if no_width {
        // A vertical line at u = 1/2: the right edge runs up it, the left edge down.
        let (bottom, top) = (mid(corners[0], corners[1]), mid(corners[2], corners[3]));
        let up = edge(p, params[1], bottom, top, None, None);
        let down = RingEdge { points: up.points.iter().rev().copied().collect(), params: params[3].clone() };
        let b = RingEdge { points: vec![up.points[0]], params: vec![0.5] };
        let t = RingEdge { points: vec![*up.points.last().unwrap_or(&0)], params: vec![0.5] };
        return vec![b, up, t, down];
    }
    // A horizontal line at v = 1/2.
    let (left, right) = (mid(corners[0], corners[3]), mid(corners[1], corners[2]));
    let along = edge(p, params[0], left, right, None, None);
    let back = RingEdge { points: along.points.iter().rev().copied().collect(), params: params[2].clone() };
    let r = RingEdge { points: vec![*along.points.last().unwrap_or(&0)], params: vec![0.5] };
    let l = RingEdge { points: vec![along.points[0]], params: vec![0.5] };
    vec![along, r, back, l]
}

fn isolines(layout: &TessLayout, outer: [f32; 4]) -> Tessellation {
    let mut t = Tessellation::default();
    if discarded(&outer[..2]) {
        return t;
    }
    // The number of lines always rounds as equal spacing does.
    let lines = round_level(outer[0], Spacing::Equal, layout.max_level).segments;
    let segments = round_level(outer[1], layout.spacing, layout.max_level);
    let params = edge_points(segments, layout.spacing, 0);
    let mut p = Points { t: &mut t };
    for line in 0..lines {
        let v = line as f32 / lines as f32;
        let first = p.t.coords.len() as u32;
        for &u in &params {
            p.add([u, v, 0.0]);
        }
        for s in 0..params.len() as u32 - 1 {
            p.t.indices.extend([first + s, first + s + 1]);
        }
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layout(domain: Domain, spacing: Spacing) -> TessLayout {
        TessLayout { domain, spacing, ccw: true, point_mode: false, max_level: 64.0 }
    }

    fn triangle_count(t: &Tessellation) -> usize {
        t.indices.len() / 3
    }

    /// Twice the signed area in (u, v) of every triangle, summed: the domain's area when
    /// the triangles cover it once (1 for the unit triangle doubled, 2 for the unit quad).
    fn doubled_area(t: &Tessellation) -> f32 {
        t.indices
            .chunks_exact(3)
            .map(|tri| {
                let [a, b, c] = [tri[0], tri[1], tri[2]].map(|i| t.coords[i as usize]);
                (b[0] - a[0]) * (c[1] - a[1]) - (c[0] - a[0]) * (b[1] - a[1])
            })
            .sum()
    }

    fn all_ccw(t: &Tessellation) -> bool {
        t.indices.chunks_exact(3).all(|tri| {
            let [a, b, c] = [tri[0], tri[1], tri[2]].map(|i| t.coords[i as usize]);
            (b[0] - a[0]) * (c[1] - a[1]) - (c[0] - a[0]) * (b[1] - a[1]) >= 0.0
        })
    }

    #[test]
    fn levels_round_per_spacing() {
        assert_eq!(round_level(2.3, Spacing::Equal, 64.0).segments, 3);
        assert_eq!(round_level(0.2, Spacing::Equal, 64.0).segments, 1);
        assert_eq!(round_level(2.3, Spacing::FractionalEven, 64.0).segments, 4);
        assert_eq!(round_level(1.0, Spacing::FractionalEven, 64.0).segments, 2);
        assert_eq!(round_level(2.3, Spacing::FractionalOdd, 64.0).segments, 3);
        assert_eq!(round_level(3.5, Spacing::FractionalOdd, 64.0).segments, 5);
        assert_eq!(round_level(100.0, Spacing::Equal, 64.0).segments, 64);
        assert_eq!(round_level(100.0, Spacing::FractionalOdd, 64.0).segments, 63);
        assert_eq!(round_level(f32::NAN, Spacing::Equal, 64.0).segments, 1);
    }

    #[test]
    fn fractional_edges_have_two_equal_short_segments() {
        let p = edge_points(round_level(3.5, Spacing::FractionalOdd, 64.0), Spacing::FractionalOdd, 0);
        assert_eq!(p.len(), 6);
        let lengths: Vec<f32> = p.windows(2).map(|w| w[1] - w[0]).collect();
        assert!((lengths[0] - lengths[4]).abs() < 1e-6);
        assert!((lengths[1] - lengths[2]).abs() < 1e-6 && (lengths[2] - lengths[3]).abs() < 1e-6);
        // Short segments are (3.5 - 3) / 2 long against full ones of 1.
        assert!((lengths[0] / lengths[1] - 0.25).abs() < 1e-5);
        // A whole level divides evenly.
        let even = edge_points(round_level(4.0, Spacing::FractionalEven, 64.0), Spacing::FractionalEven, 0);
        assert_eq!(even, [0.0, 0.25, 0.5, 0.75, 1.0]);
    }

    #[test]
    fn triangle_counts_follow_the_rings() {
        let l = layout(Domain::Triangles, Spacing::Equal);
        // All ones: the patch itself.
        assert_eq!(triangle_count(&tessellate(&l, [1.0; 4], [1.0; 2])), 1);
        // Level 2: a fan of the six outer segments around the centre.
        assert_eq!(triangle_count(&tessellate(&l, [2.0; 4], [2.0; 2])), 6);
        // Level 3: (3 + 1) per side between the rings, and the inner triangle.
        assert_eq!(triangle_count(&tessellate(&l, [3.0; 4], [3.0; 2])), 13);
        // Level 4: (4 + 2) * 3 + 2 * 3 = 24; level 5: 8 * 3 + 4 * 3 + 1 = 37.
        assert_eq!(triangle_count(&tessellate(&l, [4.0; 4], [4.0; 2])), 24);
        assert_eq!(triangle_count(&tessellate(&l, [5.0; 4], [5.0; 2])), 37);
        // Outer levels alone: 1 + 2 + 3 segments fanned to the centre (inner 1 acts as 2).
        assert_eq!(triangle_count(&tessellate(&l, [1.0, 2.0, 3.0, 0.0], [1.0, 0.0])), 6);
    }

    #[test]
    fn triangles_cover_the_domain_once_and_wind_as_asked() {
        for spacing in [Spacing::Equal, Spacing::FractionalEven, Spacing::FractionalOdd] {
            for (outer, inner) in [([1.0, 1.0, 1.0], 1.0), ([2.0, 3.0, 4.0], 5.0), ([7.3, 1.0, 2.2], 3.7), ([4.0; 3], 1.0), ([1.0; 3], 6.0)] {
                let t = tessellate(&layout(Domain::Triangles, spacing), [outer[0], outer[1], outer[2], 0.0], [inner, 0.0]);
                assert!((doubled_area(&t) - 1.0).abs() < 1e-4, "{spacing:?} {outer:?} {inner}: {}", doubled_area(&t));
                assert!(all_ccw(&t), "{spacing:?} {outer:?} {inner}");
                for c in &t.coords {
                    assert!((c[0] + c[1] + c[2] - 1.0).abs() < 1e-5 && c.iter().all(|&x| x >= -1e-6));
                }
            }
        }
        let mut cw = layout(Domain::Triangles, Spacing::Equal);
        cw.ccw = false;
        let t = tessellate(&cw, [3.0; 4], [3.0; 2]);
        assert!((doubled_area(&t) + 1.0).abs() < 1e-4);
    }

    /// Outer level 1 against an inner ring of two segments: each outer corner takes the
    /// inner point nearest to it and the middle inner point makes the third triangle.
    #[test]
    fn ring_joins_are_symmetric() {
        let mut t = Tessellation::default();
        let mut p = Points { t: &mut t };
        let outer = RingEdge { points: vec![p.add([0.0; 3]), p.add([1.0, 0.0, 0.0])], params: vec![0.0, 1.0] };
        let inner_points = [0.25, 0.5, 0.75].map(|u| p.add([u, 0.25, 0.0]));
        let inner = RingEdge { points: inner_points.to_vec(), params: vec![0.0, 0.5, 1.0] };
        stitch(&mut p, &outer, &inner, 0.25, 0.75);
        let [i0, i1, i2] = inner_points;
        assert_eq!(t.indices, [0, i1, i0, 0, 1, i1, 1, i2, i1]);
    }

    #[test]
    fn outer_edges_are_divided_by_their_own_levels() {
        let t = tessellate(&layout(Domain::Triangles, Spacing::Equal), [2.0, 3.0, 4.0, 0.0], [3.0, 0.0]);
        // The u = 0 edge has outer level 0's points, v = 0 level 1's, w = 0 level 2's.
        let on = |axis: usize| t.coords.iter().filter(|c| c[axis].abs() < 1e-6).count();
        assert_eq!((on(0), on(1), on(2)), (3, 4, 5));
    }

    #[test]
    fn quad_counts_follow_the_rings() {
        let l = layout(Domain::Quads, Spacing::Equal);
        assert_eq!(triangle_count(&tessellate(&l, [1.0; 4], [1.0; 2])), 2);
        // Uniform levels make a grid: two triangles per cell.
        for n in 2..7 {
            assert_eq!(triangle_count(&tessellate(&l, [n as f32; 4], [n as f32; 2])), 2 * n * n, "level {n}");
        }
        // 2 by 4 inner: the inner ring is a line of 2 segments.
        assert_eq!(triangle_count(&tessellate(&l, [4.0, 2.0, 4.0, 2.0], [2.0, 4.0])), 16);
    }

    #[test]
    fn quads_cover_the_domain_once() {
        for spacing in [Spacing::Equal, Spacing::FractionalEven, Spacing::FractionalOdd] {
            for (outer, inner) in [([1.0; 4], [1.0; 2]), ([2.0, 3.0, 4.0, 5.0], [3.0, 6.0]), ([1.0; 4], [5.0, 2.0]), ([3.3; 4], [1.0, 1.0]), ([6.5, 1.0, 2.0, 3.0], [7.2, 4.4])] {
                let t = tessellate(&layout(Domain::Quads, spacing), outer, inner);
                assert!((doubled_area(&t) - 2.0).abs() < 1e-4, "{spacing:?} {outer:?} {inner:?}: {}", doubled_area(&t));
                assert!(all_ccw(&t), "{spacing:?} {outer:?} {inner:?}");
            }
        }
    }

    #[test]
    fn isolines_make_lines_of_segments() {
        let t = tessellate(&layout(Domain::Isolines, Spacing::Equal), [3.0, 4.0, 0.0, 0.0], [0.0; 2]);
        assert_eq!(t.indices.len() / 2, 12);
        // Lines at v = 0, 1/3, 2/3: never at v = 1.
        assert!(t.coords.iter().all(|c| c[1] < 0.7));
        // The line count rounds as equal spacing even with fractional spacing.
        let t = tessellate(&layout(Domain::Isolines, Spacing::FractionalEven), [2.5, 1.0, 0.0, 0.0], [0.0; 2]);
        assert_eq!(t.indices.len() / 2, 3 * 2);
    }

    #[test]
    fn non_positive_or_nan_outer_levels_discard_the_patch() {
        let tri = layout(Domain::Triangles, Spacing::Equal);
        assert!(tessellate(&tri, [1.0, 0.0, 1.0, 5.0], [4.0; 2]).indices.is_empty());
        assert!(tessellate(&tri, [1.0, 1.0, f32::NAN, 1.0], [4.0; 2]).coords.is_empty());
        // The fourth outer level is not used by triangles.
        assert!(!tessellate(&tri, [1.0, 1.0, 1.0, -1.0], [1.0; 2]).indices.is_empty());
        let quad = layout(Domain::Quads, Spacing::Equal);
        assert!(tessellate(&quad, [1.0, 1.0, 1.0, -1.0], [4.0; 2]).indices.is_empty());
        let iso = layout(Domain::Isolines, Spacing::Equal);
        assert!(tessellate(&iso, [0.0, 4.0, 1.0, 1.0], [1.0; 2]).indices.is_empty());
    }

    #[test]
    fn point_mode_emits_each_point_once() {
        let mut l = layout(Domain::Triangles, Spacing::Equal);
        l.point_mode = true;
        let t = tessellate(&l, [3.0; 4], [3.0; 2]);
        // Outer ring 9 points, inner triangle 3.
        assert_eq!(t.coords.len(), 12);
        assert_eq!(t.indices, (0..12).collect::<Vec<u32>>());
        let mut q = layout(Domain::Quads, Spacing::Equal);
        q.point_mode = true;
        assert_eq!(tessellate(&q, [3.0; 4], [3.0; 2]).coords.len(), 16);
        assert_eq!(q.primitives(), Primitives::Points);
    }
}
