//! Selection and feedback (compatibility profile): in GL_SELECT and GL_FEEDBACK render
//! modes primitives are not rasterised. Their vertices go through the modelview and
//! projection matrices on the CPU, are clipped against the view volume and the enabled
//! clip planes, culled, and mapped to the window; selection then widens the pending hit by
//! their depths, feedback stores tokens and vertex values in the application's buffer.

use crate::context::ContextState;
use crate::draw_path::draw::Indices;
use crate::objects::vertex_array::{COLOR, TEX_COORD0, VERTEX};
use crate::state::clip_planes::MAX_CLIP_PLANES;
use crate::state::enables::Cap;
use crate::state::matrices::Mat4;
use crate::types::enums::*;
use crate::types::*;

/// A vertex on its way to the window: what clipping interpolates.
#[derive(Clone, Copy, Debug, PartialEq)]
struct CpuVertex {
    eye: [f64; 4],
    clip: [f64; 4],
    color: [f64; 4],
    tex: [f64; 4],
}

impl CpuVertex {
    fn lerp(&self, other: &CpuVertex, t: f64) -> CpuVertex {
        let mix = |a: [f64; 4], b: [f64; 4]| std::array::from_fn(|i| a[i] + (b[i] - a[i]) * t);
        CpuVertex { eye: mix(self.eye, other.eye), clip: mix(self.clip, other.clip), color: mix(self.color, other.color), tex: mix(self.tex, other.tex) }
    }
}

/// A primitive of a draw, by vertex position in the draw.
#[derive(Clone, Debug, PartialEq)]
enum Primitive {
    Point(usize),
    /// A line segment; `reset` marks the first segment of a strip (GL_LINE_RESET_TOKEN).
    Line(usize, usize, bool),
    /// A polygon, its vertices in winding order.
    Polygon(Vec<usize>),
}

/// The primitives `n` vertices of `mode` make; incomplete ones are dropped.
fn primitives(mode: GLenum, n: usize) -> Vec<Primitive> {
    use Primitive::*;
    match mode {
        GL_POINTS => (0..n).map(Point).collect(),
        GL_LINES => (0..n / 2).map(|i| Line(2 * i, 2 * i + 1, true)).collect(),
        GL_LINE_STRIP | GL_LINE_LOOP if n >= 2 => {
            let mut lines: Vec<Primitive> = (0..n - 1).map(|i| Line(i, i + 1, i == 0)).collect();
            if mode == GL_LINE_LOOP {
                lines.push(Line(n - 1, 0, false));
            }
            lines
        }
        GL_TRIANGLES => (0..n / 3).map(|i| Polygon(vec![3 * i, 3 * i + 1, 3 * i + 2])).collect(),
        // Every other strip triangle is wound the other way round.
        GL_TRIANGLE_STRIP => (0..n.saturating_sub(2)).map(|i| Polygon(if i % 2 == 0 { vec![i, i + 1, i + 2] } else { vec![i + 1, i, i + 2] })).collect(),
        GL_TRIANGLE_FAN => (1..n.saturating_sub(1)).map(|i| Polygon(vec![0, i, i + 1])).collect(),
        GL_QUADS => (0..n / 4).map(|i| Polygon((4 * i..4 * i + 4).collect())).collect(),
        GL_QUAD_STRIP => (0..(n / 2).saturating_sub(1)).map(|i| Polygon(vec![2 * i, 2 * i + 1, 2 * i + 3, 2 * i + 2])).collect(),
        GL_POLYGON if n >= 3 => vec![Polygon((0..n).collect())],
        _ => Vec::new(),
    }
}

/// `m * v` for a column-major matrix.
fn transform(m: &Mat4, v: [f64; 4]) -> [f64; 4] {
    std::array::from_fn(|r| (0..4).map(|c| m[c * 4 + r] * v[c]).sum())
}

/// What clips: the view volume's six planes, then the enabled eye-space clip planes.
struct Clipper {
    user_planes: Vec<[f64; 4]>,
}

impl Clipper {
    /// Signed distances of `v` from every plane; a vertex is inside where all are >= 0.
    fn distances(&self, v: &CpuVertex) -> Vec<f64> {
        let [x, y, z, w] = v.clip;
        let mut d = vec![w + x, w - x, w + y, w - y, w + z, w - z];
        d.extend(self.user_planes.iter().map(|p| (0..4).map(|i| p[i] * v.eye[i]).sum::<f64>()));
        d
    }

    fn point(&self, v: &CpuVertex) -> bool {
        self.distances(v).iter().all(|d| *d >= 0.0)
    }

    /// The part of segment `a`-`b` inside every plane.
    fn line(&self, a: &CpuVertex, b: &CpuVertex) -> Option<(CpuVertex, CpuVertex)> {
        let (da, db) = (self.distances(a), self.distances(b));
        let (mut t0, mut t1) = (0.0f64, 1.0f64);
        for (p, q) in da.iter().zip(&db) {
            match (*p >= 0.0, *q >= 0.0) {
                (true, true) => {}
                (false, false) => return None,
                (true, false) => t1 = t1.min(p / (p - q)),
                (false, true) => t0 = t0.max(p / (p - q)),
            }
        }
        (t0 <= t1).then(|| (a.lerp(b, t0), a.lerp(b, t1)))
    }

    /// The polygon cut by every plane in turn (Sutherland-Hodgman).
    fn polygon(&self, vertices: Vec<CpuVertex>) -> Vec<CpuVertex> {
        let planes = self.distances(&vertices[0]).len();
        let mut poly = vertices;
        for plane in 0..planes {
            if poly.is_empty() {
                break;
            }
            let d: Vec<f64> = poly.iter().map(|v| self.distances(v)[plane]).collect();
            let mut out = Vec::with_capacity(poly.len() + 2);
            for i in 0..poly.len() {
                let j = (i + 1) % poly.len();
                if d[i] >= 0.0 {
                    out.push(poly[i]);
                }
                if (d[i] >= 0.0) != (d[j] >= 0.0) {
                    out.push(poly[i].lerp(&poly[j], d[i] / (d[i] - d[j])));
                }
            }
            poly = out;
        }
        poly
    }
}

/// A clipped vertex in window coordinates, with the values feedback reports.
struct WindowVertex {
    position: [f64; 4],
    color: [f64; 4],
    tex: [f64; 4],
}

impl ContextState {
    /// The vertex `slots` (one vec4 per attribute location) as selection and feedback see
    /// it: transformed to eye and clip space, its colour clamped, its texture coordinates
    /// through the texture matrix.
    fn cpu_vertex(&self, slots: &[[f32; 4]]) -> CpuVertex {
        let m = &self.state.matrices;
        let position = slots[VERTEX].map(f64::from);
        let eye = transform(m.modelview.top(), position);
        let clip = transform(m.projection.top(), eye);
        let color = slots[COLOR].map(|c| f64::from(c).clamp(0.0, 1.0));
        let tex = transform(m.texture[0].top(), slots[TEX_COORD0].map(f64::from));
        CpuVertex { eye, clip, color, tex }
    }

    fn window_vertex(&self, v: &CpuVertex) -> WindowVertex {
        let [vx, vy, vw, vh] = self.state.viewport.viewport().map(f64::from);
        let [near, far] = self.state.viewport.depth_range();
        let w = v.clip[3];
        let ndc = [v.clip[0] / w, v.clip[1] / w, v.clip[2] / w];
        let position = [vx + (ndc[0] + 1.0) * vw / 2.0, vy + (ndc[1] + 1.0) * vh / 2.0, near + (ndc[2] + 1.0) * (far - near) / 2.0, w];
        WindowVertex { position, color: v.color, tex: v.tex }
    }

    /// Whether face culling discards the window-space polygon `poly`.
    fn culled(&self, poly: &[WindowVertex]) -> bool {
        if !self.state.enables.is(Cap::CullFace) {
            return false;
        }
        let twice_area: f64 = (0..poly.len())
            .map(|i| {
                let (a, b) = (&poly[i].position, &poly[(i + 1) % poly.len()].position);
                a[0] * b[1] - b[0] * a[1]
            })
            .sum();
        let front = (twice_area > 0.0) == (self.state.raster.front_face == GL_CCW);
        match self.state.raster.cull_face {
            GL_FRONT => front,
            GL_BACK => !front,
            _ => true,
        }
    }

    /// Stores one vertex's feedback values, as many as the feedback type asks for.
    fn feedback_vertex(&mut self, v: &WindowVertex) {
        let ty = self.state.render_mode.feedback_type;
        let position = if ty == GL_2D { 2 } else if ty == GL_4D_COLOR_TEXTURE { 4 } else { 3 };
        let r = &mut self.state.render_mode;
        for c in &v.position[..position] {
            r.write_feedback(*c as f32);
        }
        if matches!(ty, GL_3D_COLOR | GL_3D_COLOR_TEXTURE | GL_4D_COLOR_TEXTURE) {
            for c in v.color {
                r.write_feedback(c as f32);
            }
        }
        if matches!(ty, GL_3D_COLOR_TEXTURE | GL_4D_COLOR_TEXTURE) {
            for c in v.tex {
                r.write_feedback(c as f32);
            }
        }
    }

    /// Hands a clipped primitive to selection (a hit at its depths) or feedback (`token`,
    /// the vertex count for polygons, then each vertex's values).
    fn emit_primitive(&mut self, token: GLenum, vertices: &[WindowVertex]) {
        if self.state.render_mode.mode == GL_SELECT {
            for v in vertices {
                self.state.render_mode.record_hit(v.position[2] as f32);
            }
            return;
        }
        self.state.render_mode.write_feedback(token as f32);
        if token == GL_POLYGON_TOKEN {
            self.state.render_mode.write_feedback(vertices.len() as f32);
        }
        for v in vertices {
            self.feedback_vertex(v);
        }
    }

    /// Selection or feedback of the primitives of `mode` over `vertices`, each given as
    /// its attribute slots.
    pub(crate) fn select_or_feedback_primitives(&mut self, mode: GLenum, vertices: &[Vec<[f32; 4]>]) {
        let cpu: Vec<CpuVertex> = vertices.iter().map(|v| self.cpu_vertex(v)).collect();
        let planes = self.state.enables.clip_distances;
        let clipper = Clipper { user_planes: (0..MAX_CLIP_PLANES).filter(|i| planes & (1 << i) != 0).map(|i| self.state.clip_planes.eye[i]).collect() };
        for primitive in primitives(mode, cpu.len()) {
            match primitive {
                Primitive::Point(i) => {
                    if clipper.point(&cpu[i]) {
                        let v = self.window_vertex(&cpu[i]);
                        self.emit_primitive(GL_POINT_TOKEN, &[v]);
                    }
                }
                Primitive::Line(a, b, reset) => {
                    if let Some((a, b)) = clipper.line(&cpu[a], &cpu[b]) {
                        let ends = [self.window_vertex(&a), self.window_vertex(&b)];
                        self.emit_primitive(if reset { GL_LINE_RESET_TOKEN } else { GL_LINE_TOKEN }, &ends);
                    }
                }
                Primitive::Polygon(indices) => {
                    let clipped = clipper.polygon(indices.iter().map(|&i| cpu[i]).collect());
                    if clipped.len() < 3 {
                        continue;
                    }
                    let window: Vec<WindowVertex> = clipped.iter().map(|v| self.window_vertex(v)).collect();
                    if !self.culled(&window) {
                        self.emit_primitive(GL_POLYGON_TOKEN, &window);
                    }
                }
            }
        }
    }

    /// A glDrawArrays / glDrawElements in selection or feedback mode: its vertices read
    /// from the arrays on the CPU.
    pub(crate) fn select_or_feedback_draw(&mut self, mode: GLenum, first: GLint, count: GLsizei, base_vertex: GLint, indices: Option<Indices>) {
        let element_buffer = self.vertex_arrays.get(self.bindings.vertex_array).map_or(0, |v| v.element_buffer);
        let order: Vec<i64> = match self.element_indices(count, indices, element_buffer) {
            Ok(Some(list)) => list.iter().map(|&i| i as i64 + base_vertex as i64).collect(),
            Ok(None) => (0..count as i64).map(|i| first as i64 + i).collect(),
            Err(e) => return self.record_error(e),
        };
        let vertices: Vec<Vec<[f32; 4]>> = order.iter().map(|&i| self.fetch_array_vertex(i.max(0) as usize)).collect();
        self.select_or_feedback_primitives(mode, &vertices);
    }

    /// glBitmap, glDrawPixels and glCopyPixels in selection or feedback mode: the raster
    /// position, if valid, is a hit or a `token` with its vertex.
    pub(crate) fn select_or_feedback_raster_pos(&mut self, token: GLenum) {
        let r = &self.state.raster_pos;
        if !r.valid {
            return;
        }
        let v = WindowVertex { position: r.position.map(f64::from), color: r.color.map(f64::from), tex: r.tex_coords[0].map(f64::from) };
        self.emit_primitive(token, &[v]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vertex(x: f64, y: f64) -> CpuVertex {
        CpuVertex { eye: [x, y, 0.0, 1.0], clip: [x, y, 0.0, 1.0], color: [x, 0.0, 0.0, 1.0], tex: [0.0; 4] }
    }

    #[test]
    fn strips_alternate_their_winding_and_loops_close() {
        assert_eq!(primitives(GL_TRIANGLE_STRIP, 4), vec![Primitive::Polygon(vec![0, 1, 2]), Primitive::Polygon(vec![2, 1, 3])]);
        assert_eq!(primitives(GL_LINE_LOOP, 3), vec![Primitive::Line(0, 1, true), Primitive::Line(1, 2, false), Primitive::Line(2, 0, false)]);
        assert_eq!(primitives(GL_TRIANGLES, 4).len(), 1);
        assert_eq!(primitives(GL_QUAD_STRIP, 4), vec![Primitive::Polygon(vec![0, 1, 3, 2])]);
    }

    #[test]
    fn a_line_leaving_the_view_volume_ends_on_its_face() {
        let clipper = Clipper { user_planes: Vec::new() };
        let (a, b) = clipper.line(&vertex(0.0, 0.0), &vertex(3.0, 0.0)).expect("a visible part");
        assert_eq!(a.clip[0], 0.0);
        assert!((b.clip[0] - 1.0).abs() < 1e-12);
        assert!((b.color[0] - 1.0).abs() < 1e-12, "attributes are interpolated too");
        assert!(clipper.line(&vertex(2.0, 0.0), &vertex(3.0, 0.0)).is_none());
    }

    #[test]
    fn a_triangle_over_a_corner_gains_vertices() {
        let clipper = Clipper { user_planes: Vec::new() };
        let clipped = clipper.polygon(vec![vertex(0.0, 0.0), vertex(4.0, 0.0), vertex(0.0, 4.0)]);
        // The triangle cut by x <= 1 and y <= 1 is the unit square.
        assert_eq!(clipped.len(), 4);
        assert!(clipped.iter().all(|v| v.clip[0] <= 1.0 + 1e-12 && v.clip[1] <= 1.0 + 1e-12));
        let user = Clipper { user_planes: vec![[-1.0, 0.0, 0.0, -5.0]] };
        assert!(user.polygon(vec![vertex(0.0, 0.0), vertex(0.5, 0.0), vertex(0.0, 0.5)]).is_empty());
    }
}
