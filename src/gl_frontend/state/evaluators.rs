//! Evaluators (GL 2.1 section 5.1, compatibility profile): glMap1 / glMap2 define Bézier
//! curves and patches, glEvalCoord evaluates the enabled ones and issues the vertex they
//! give, and glMapGrid / glEvalMesh / glEvalPoint step a grid through them as the spec's
//! equivalent glBegin / glEvalCoord / glEnd sequences.
//!
//! Evaluation runs on the CPU (de Casteljau in f64); the vertex goes through the
//! immediate-mode path. The evaluated colour, normal and texture coordinates serve that one
//! vertex: GL says evaluators leave the current values as they were.

use std::sync::Arc;

use crate::context::ContextState;
use crate::objects::vertex_array::{COLOR, NORMAL, TEX_COORD0};
use crate::queries::get::Value;
use crate::state::display_list::{ListCommand, Recorded};
use crate::types::enums::*;
use crate::types::*;

/// GL_MAX_EVAL_ORDER: the highest order a map may have (Mesa's value).
pub const MAX_EVAL_ORDER: usize = 30;

/// What a map produces. The discriminant is the target's offset from GL_MAP1_COLOR_4 (or
/// GL_MAP2_COLOR_4), as gl.xml numbers the targets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum MapKind {
    Color4 = 0,
    Index = 1,
    Normal = 2,
    TexCoord1 = 3,
    TexCoord2 = 4,
    TexCoord3 = 5,
    TexCoord4 = 6,
    Vertex3 = 7,
    Vertex4 = 8,
}

const KINDS: [MapKind; 9] = [
    MapKind::Color4,
    MapKind::Index,
    MapKind::Normal,
    MapKind::TexCoord1,
    MapKind::TexCoord2,
    MapKind::TexCoord3,
    MapKind::TexCoord4,
    MapKind::Vertex3,
    MapKind::Vertex4,
];

impl MapKind {
    /// k: the components of each control point.
    pub(crate) fn components(self) -> usize {
        match self {
            MapKind::Index | MapKind::TexCoord1 => 1,
            MapKind::TexCoord2 => 2,
            MapKind::Normal | MapKind::TexCoord3 | MapKind::Vertex3 => 3,
            MapKind::Color4 | MapKind::TexCoord4 | MapKind::Vertex4 => 4,
        }
    }

    /// The one control point of the initial map (GL 2.1 table 6.28).
    fn initial_point(self) -> [f64; 4] {
        match self {
            MapKind::Color4 => [1.0; 4],
            MapKind::Index => [1.0, 0.0, 0.0, 0.0],
            MapKind::Normal => [0.0, 0.0, 1.0, 0.0],
            MapKind::Vertex4 | MapKind::TexCoord4 => [0.0, 0.0, 0.0, 1.0],
            _ => [0.0; 4],
        }
    }

    fn is_tex_coord(self) -> bool {
        matches!(self, MapKind::TexCoord1 | MapKind::TexCoord2 | MapKind::TexCoord3 | MapKind::TexCoord4)
    }
}

/// Which of glMap1 / glMap2 a target belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Dimension {
    One = 0,
    Two = 1,
}

/// The dimension and kind of a GL_MAP1_* / GL_MAP2_* target.
pub(crate) fn map_target(target: GLenum) -> Option<(Dimension, MapKind)> {
    match target {
        GL_MAP1_COLOR_4..=GL_MAP1_VERTEX_4 => Some((Dimension::One, KINDS[(target - GL_MAP1_COLOR_4) as usize])),
        GL_MAP2_COLOR_4..=GL_MAP2_VERTEX_4 => Some((Dimension::Two, KINDS[(target - GL_MAP2_COLOR_4) as usize])),
        _ => None,
    }
}

/// One map: its orders, domain and control points.
#[derive(Clone, Debug, PartialEq)]
pub struct Map {
    /// uorder and vorder (1 for a glMap1 map).
    pub order: [usize; 2],
    /// [u1, u2] and [v1, v2] ([0, 1] for a glMap1 map).
    pub domain: [[f64; 2]; 2],
    /// order[0] * order[1] points of k components, u outer, as glGetMap(GL_COEFF) returns
    /// them. Shared so that glPushAttrib's copy of the state does not copy them.
    pub points: Arc<[f64]>,
}

impl Map {
    fn initial(kind: MapKind) -> Map {
        let k = kind.components();
        Map { order: [1, 1], domain: [[0.0, 1.0], [0.0, 1.0]], points: kind.initial_point()[..k].into() }
    }

    fn point(&self, k: usize, i: usize, j: usize) -> [f64; 4] {
        let start = (i * self.order[1] + j) * k;
        let mut p = [0.0; 4];
        p[..k].copy_from_slice(&self.points[start..start + k]);
        p
    }

    /// The curve's value at `u`.
    pub(crate) fn eval1(&self, k: usize, u: f64) -> [f64; 4] {
        let t = normalized(u, self.domain[0]);
        let mut points = [[0.0; 4]; MAX_EVAL_ORDER];
        for (i, p) in points.iter_mut().enumerate().take(self.order[0]) {
            *p = self.point(k, i, 0);
        }
        de_casteljau(&points[..self.order[0]], t).0
    }

    /// The patch's value at (`u`, `v`) and its partial derivatives in u and v.
    pub(crate) fn eval2(&self, k: usize, u: f64, v: f64) -> [[f64; 4]; 3] {
        let [uorder, vorder] = self.order;
        let (tu, tv) = (normalized(u, self.domain[0]), normalized(v, self.domain[1]));
        // Each row of constant i evaluated in v gives a point and its v derivative; the
        // curve of those points in u gives the value and the u derivative, the curve of
        // the derivatives the v derivative.
        let mut values = [[0.0; 4]; MAX_EVAL_ORDER];
        let mut v_derivatives = [[0.0; 4]; MAX_EVAL_ORDER];
        let mut row = [[0.0; 4]; MAX_EVAL_ORDER];
        for i in 0..uorder {
            for (j, p) in row.iter_mut().enumerate().take(vorder) {
                *p = self.point(k, i, j);
            }
            (values[i], v_derivatives[i]) = de_casteljau(&row[..vorder], tv);
        }
        let (value, du) = de_casteljau(&values[..uorder], tu);
        let (dv, _) = de_casteljau(&v_derivatives[..uorder], tu);
        let [u1, u2] = self.domain[0];
        let [v1, v2] = self.domain[1];
        [value, du.map(|c| c / (u2 - u1)), dv.map(|c| c / (v2 - v1))]
    }
}

/// (u - u1) / (u2 - u1): the parameter of the Bernstein polynomials.
fn normalized(u: f64, [u1, u2]: [f64; 2]) -> f64 {
    (u - u1) / (u2 - u1)
}

fn lerp(a: [f64; 4], b: [f64; 4], t: f64) -> [f64; 4] {
    std::array::from_fn(|c| a[c] + (b[c] - a[c]) * t)
}

/// The Bernstein polynomial of `points` (its coefficients, n + 1 of them) at `t`, and its
/// derivative in t, by de Casteljau's construction.
pub(crate) fn de_casteljau(points: &[[f64; 4]], t: f64) -> ([f64; 4], [f64; 4]) {
    let n = points.len();
    if n <= 1 {
        return (points.first().copied().unwrap_or([0.0; 4]), [0.0; 4]);
    }
    let mut p = [[0.0; 4]; MAX_EVAL_ORDER];
    p[..n].copy_from_slice(points);
    // After n - 2 rounds two points remain: the value lies between them and the derivative
    // is n - 1 times their difference.
    for round in 1..n - 1 {
        for i in 0..n - round {
            p[i] = lerp(p[i], p[i + 1], t);
        }
    }
    let degree = (n - 1) as f64;
    (lerp(p[0], p[1], t), std::array::from_fn(|c| (p[1][c] - p[0][c]) * degree))
}

/// The normal GL_AUTO_NORMAL gives a patch point of GL_MAP2_VERTEX_3 or _4: the cross
/// product of the partial derivatives (of x/w, y/w, z/w for _4), normalized.
pub(crate) fn auto_normal(kind: MapKind, [p, du, dv]: [[f64; 4]; 3]) -> [f64; 3] {
    let (du, dv) = if kind == MapKind::Vertex4 {
        // d(x/w) = (dx w - x dw) / w^2: the common positive factor leaves the direction.
        let rational = |d: [f64; 4]| -> [f64; 3] { std::array::from_fn(|c| d[c] * p[3] - p[c] * d[3]) };
        (rational(du), rational(dv))
    } else {
        ([du[0], du[1], du[2]], [dv[0], dv[1], dv[2]])
    };
    let n = [du[1] * dv[2] - du[2] * dv[1], du[2] * dv[0] - du[0] * dv[2], du[0] * dv[1] - du[1] * dv[0]];
    let length = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt();
    if length > 0.0 {
        n.map(|c| c / length)
    } else {
        n
    }
}

/// glMapGrid's state of one dimension: n segments over [u1, u2] per direction.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Grid {
    pub segments: [i32; 2],
    pub domain: [[f64; 2]; 2],
}

impl Grid {
    /// The parameter of grid point `i` in direction `d`: exactly u1 at 0 and u2 at n.
    fn coordinate(&self, d: usize, i: i32) -> f64 {
        let [u1, u2] = self.domain[d];
        let n = self.segments[d];
        if i == n {
            u2
        } else {
            u1 + i as f64 * (u2 - u1) / n as f64
        }
    }
}

impl Default for Grid {
    fn default() -> Grid {
        Grid { segments: [1, 1], domain: [[0.0, 1.0], [0.0, 1.0]] }
    }
}

/// A context's evaluator state.
#[derive(Clone, Debug, PartialEq)]
pub struct EvaluatorState {
    /// The maps of each dimension, by `MapKind`.
    pub maps: [[Map; 9]; 2],
    /// GL_MAP1_* and GL_MAP2_* enables, one bit per `MapKind`.
    pub enabled: [u16; 2],
    /// GL_AUTO_NORMAL.
    pub auto_normal: bool,
    /// glMapGrid1 and glMapGrid2.
    pub grids: [Grid; 2],
}

impl Default for EvaluatorState {
    fn default() -> Self {
        let maps = KINDS.map(Map::initial);
        EvaluatorState { maps: [maps.clone(), maps], enabled: [0; 2], auto_normal: false, grids: [Grid::default(); 2] }
    }
}

impl EvaluatorState {
    fn is_enabled(&self, d: Dimension, kind: MapKind) -> bool {
        self.enabled[d as usize] & (1 << kind as u16) != 0
    }

    /// glPopAttrib of GL_ENABLE_BIT: the map enables and GL_AUTO_NORMAL.
    pub(crate) fn restore_enables(&mut self, saved: &EvaluatorState) {
        self.enabled = saved.enabled;
        self.auto_normal = saved.auto_normal;
    }

    /// glPopAttrib of GL_EVAL_BIT: the enables and the grids (the maps themselves are not
    /// attribute state).
    pub(crate) fn restore_eval_group(&mut self, saved: &EvaluatorState) {
        self.restore_enables(saved);
        self.grids = saved.grids;
    }
}

/// Whether `cap` is a glEnable capability of the evaluators.
pub(crate) fn is_evaluator_capability(cap: GLenum) -> bool {
    cap == GL_AUTO_NORMAL || map_target(cap).is_some()
}

/// Reads a map's control points into the packed layout `Map::points` keeps.
///
/// # Safety
/// `points` holds the points the strides and orders reach, as GL requires of the caller.
unsafe fn read_points<T: Copy + Into<f64>>(points: *const T, k: usize, order: [usize; 2], stride: [usize; 2]) -> Vec<f64> {
    let mut out = Vec::with_capacity(order[0] * order[1] * k);
    for i in 0..order[0] {
        for j in 0..order[1] {
            for c in 0..k {
                // SAFETY: as the caller promises.
                out.push(unsafe { *points.add(i * stride[0] + j * stride[1] + c) }.into());
            }
        }
    }
    out
}

/// A map's arguments as glMap1 / glMap2 take them (glMap1: orders [order, 1], strides
/// [stride, 0], domain [[u1, u2], [0, 1]]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct MapArgs {
    pub target: GLenum,
    pub domain: [[f64; 2]; 2],
    pub stride: [GLint; 2],
    pub order: [GLint; 2],
}

impl MapArgs {
    /// The error glMap gives these arguments in `dimension`, if any.
    fn error(&self, dimension: Dimension, active_texture: u32) -> Option<GLenum> {
        let Some((d, kind)) = map_target(self.target).filter(|(d, _)| *d == dimension) else {
            return Some(GL_INVALID_ENUM);
        };
        let k = kind.components() as GLint;
        let axes = if d == Dimension::One { 1 } else { 2 };
        for axis in 0..axes {
            let [a, b] = self.domain[axis];
            if a == b || !(1..=MAX_EVAL_ORDER as GLint).contains(&self.order[axis]) || self.stride[axis] < k {
                return Some(GL_INVALID_VALUE);
            }
        }
        // ARB_multitexture: the texture coordinate maps feed unit 0 only.
        if kind.is_tex_coord() && active_texture != 0 {
            return Some(GL_INVALID_OPERATION);
        }
        None
    }

    /// Whether the points these arguments describe can be read (valid target, orders and
    /// strides; the domain and the active unit do not matter for reading).
    fn readable(&self, dimension: Dimension) -> Option<(usize, [usize; 2], [usize; 2])> {
        let (_, kind) = map_target(self.target).filter(|(d, _)| *d == dimension)?;
        let k = kind.components();
        let axes = if dimension == Dimension::One { 1 } else { 2 };
        let mut order = [1, 1];
        let mut stride = [0, 0];
        for axis in 0..axes {
            if !(1..=MAX_EVAL_ORDER as GLint).contains(&self.order[axis]) || self.stride[axis] < k as GLint {
                return None;
            }
            order[axis] = self.order[axis] as usize;
            stride[axis] = self.stride[axis] as usize;
        }
        Some((k, order, stride))
    }
}

/// glMap1 / glMap2 recorded in a display list: the control points copied when the list was
/// compiled, packed (strides of the packed layout), or the arguments as given when they
/// are in error, so that the list reports the error when it runs.
pub struct RecordedMap {
    dimension: Dimension,
    args: MapArgs,
    points: Option<Box<[f64]>>,
}

impl RecordedMap {
    pub(crate) fn replay(&self, ctx: &mut ContextState) {
        let points = self.points.as_ref().map_or(std::ptr::null(), |p| p.as_ptr());
        // SAFETY: packed points match the packed strides recorded with them.
        unsafe { ctx.gl_map(self.dimension, self.args, points) }
    }
}

/// Records glMap1 / glMap2 with their control points copied.
///
/// # Safety
/// As glMap1 / glMap2: `points` holds the points the strides and orders reach.
unsafe fn record_map<T: Copy + Into<f64>>(dimension: Dimension, mut args: MapArgs, points: *const T) -> ListCommand {
    let mut copied = None;
    if let Some((k, order, stride)) = args.readable(dimension).filter(|_| !points.is_null()) {
        // SAFETY: as the caller promises.
        copied = Some(unsafe { read_points(points, k, order, stride) }.into_boxed_slice());
        args.stride = [(order[1] * k) as GLint, if dimension == Dimension::Two { k as GLint } else { 0 }];
    }
    ListCommand::Recorded(Recorded::Map(RecordedMap { dimension, args, points: copied }))
}

/// glMap1f while a list is compiled.
///
/// # Safety
/// As glMap1f.
pub unsafe fn record_map1f(_ctx: &mut ContextState, target: GLenum, u1: f32, u2: f32, stride: GLint, order: GLint, points: *const f32) -> ListCommand {
    let args = MapArgs { target, domain: [[u1 as f64, u2 as f64], [0.0, 1.0]], stride: [stride, 0], order: [order, 1] };
    unsafe { record_map(Dimension::One, args, points) }
}

/// glMap1d while a list is compiled.
///
/// # Safety
/// As glMap1d.
pub unsafe fn record_map1d(_ctx: &mut ContextState, target: GLenum, u1: f64, u2: f64, stride: GLint, order: GLint, points: *const f64) -> ListCommand {
    let args = MapArgs { target, domain: [[u1, u2], [0.0, 1.0]], stride: [stride, 0], order: [order, 1] };
    unsafe { record_map(Dimension::One, args, points) }
}

/// glMap2f while a list is compiled.
///
/// # Safety
/// As glMap2f.
#[allow(clippy::too_many_arguments)]
pub unsafe fn record_map2f(
    _ctx: &mut ContextState,
    target: GLenum,
    u1: f32,
    u2: f32,
    ustride: GLint,
    uorder: GLint,
    v1: f32,
    v2: f32,
    vstride: GLint,
    vorder: GLint,
    points: *const f32,
) -> ListCommand {
    let args = MapArgs { target, domain: [[u1 as f64, u2 as f64], [v1 as f64, v2 as f64]], stride: [ustride, vstride], order: [uorder, vorder] };
    unsafe { record_map(Dimension::Two, args, points) }
}

/// glMap2d while a list is compiled.
///
/// # Safety
/// As glMap2d.
#[allow(clippy::too_many_arguments)]
pub unsafe fn record_map2d(
    _ctx: &mut ContextState,
    target: GLenum,
    u1: f64,
    u2: f64,
    ustride: GLint,
    uorder: GLint,
    v1: f64,
    v2: f64,
    vstride: GLint,
    vorder: GLint,
    points: *const f64,
) -> ListCommand {
    let args = MapArgs { target, domain: [[u1, u2], [v1, v2]], stride: [ustride, vstride], order: [uorder, vorder] };
    unsafe { record_map(Dimension::Two, args, points) }
}

impl ContextState {
    fn is_compatibility(&self) -> bool {
        !self.is_core() && !self.is_gles()
    }

    /// glMap1{f,d} (`dimension` One) and glMap2{f,d} (Two).
    ///
    /// # Safety
    /// `points` is null or holds the points the strides and orders reach.
    pub(crate) unsafe fn gl_map<T: Copy + Into<f64>>(&mut self, dimension: Dimension, args: MapArgs, points: *const T) {
        if !self.check(self.is_compatibility(), GL_INVALID_OPERATION) {
            return;
        }
        if let Some(error) = args.error(dimension, self.bindings.active_texture) {
            return self.record_error(error);
        }
        if !self.check(!points.is_null(), GL_INVALID_VALUE) {
            return;
        }
        let Some((k, order, stride)) = args.readable(dimension) else {
            return self.record_error(GL_INVALID_VALUE);
        };
        let Some((_, kind)) = map_target(args.target) else { return };
        // SAFETY: as the caller promises.
        let points = unsafe { read_points(points, k, order, stride) };
        let domain = if dimension == Dimension::One { [args.domain[0], [0.0, 1.0]] } else { args.domain };
        self.state.evaluators.maps[dimension as usize][kind as usize] = Map { order, domain, points: points.into() };
    }

    /// glGetMap{f,d,i}v and glGetnMap{f,d,i}v (`buf_size` in values): the values of
    /// `query` for `target`, or `None` after recording the error.
    pub(crate) fn gl_get_map(&mut self, target: GLenum, query: GLenum, buf_size: Option<usize>) -> Option<Vec<f64>> {
        if !self.check(self.is_compatibility(), GL_INVALID_OPERATION) {
            return None;
        }
        let Some((d, kind)) = map_target(target) else {
            self.record_error(GL_INVALID_ENUM);
            return None;
        };
        let map = &self.state.evaluators.maps[d as usize][kind as usize];
        let values: Vec<f64> = match (query, d) {
            (GL_COEFF, _) => map.points.to_vec(),
            (GL_ORDER, Dimension::One) => vec![map.order[0] as f64],
            (GL_ORDER, Dimension::Two) => map.order.iter().map(|&o| o as f64).collect(),
            (GL_DOMAIN, Dimension::One) => map.domain[0].to_vec(),
            (GL_DOMAIN, Dimension::Two) => map.domain.iter().flatten().copied().collect(),
            _ => {
                self.record_error(GL_INVALID_ENUM);
                return None;
            }
        };
        // KHR_robustness: a buffer too small for the answer gets nothing.
        if buf_size.is_some_and(|n| n < values.len()) {
            self.record_error(GL_INVALID_OPERATION);
            return None;
        }
        Some(values)
    }

    /// glMapGrid1 (`dimension` One: the v arguments unused) and glMapGrid2.
    pub(crate) fn gl_map_grid(&mut self, dimension: Dimension, segments: [GLint; 2], domain: [[f64; 2]; 2]) {
        if !self.check(self.is_compatibility(), GL_INVALID_OPERATION) {
            return;
        }
        let axes = if dimension == Dimension::One { 1 } else { 2 };
        if !self.check(segments[..axes].iter().all(|&n| n >= 1), GL_INVALID_VALUE) {
            return;
        }
        let grid = &mut self.state.evaluators.grids[dimension as usize];
        grid.segments[..axes].copy_from_slice(&segments[..axes]);
        grid.domain[..axes].copy_from_slice(&domain[..axes]);
    }

    /// glEvalCoord1 / glEvalCoord2: evaluates the enabled maps of `dimension` at (u, v)
    /// and issues the vertex, with the evaluated values in place of the current ones for
    /// this vertex only. Without an enabled vertex map no vertex is issued.
    pub(crate) fn gl_eval_coord(&mut self, dimension: Dimension, u: f64, v: f64) {
        if !self.check(self.is_compatibility(), GL_INVALID_OPERATION) {
            return;
        }
        let e = &self.state.evaluators;
        let enabled = |kind| e.is_enabled(dimension, kind);
        let Some(vertex_kind) = [MapKind::Vertex4, MapKind::Vertex3].into_iter().find(|&k| enabled(k)) else {
            return;
        };
        let eval = |kind: MapKind| -> [[f64; 4]; 3] {
            let map = &e.maps[dimension as usize][kind as usize];
            match dimension {
                Dimension::One => [map.eval1(kind.components(), u), [0.0; 4], [0.0; 4]],
                Dimension::Two => map.eval2(kind.components(), u, v),
            }
        };
        let to_f32 = |p: [f64; 4]| p.map(|c| c as f32);
        let mut overrides: Vec<(usize, [f32; 4])> = Vec::with_capacity(3);
        if enabled(MapKind::Color4) {
            overrides.push((COLOR, to_f32(eval(MapKind::Color4)[0])));
        }
        // Only the texture coordinate map of the most components is used.
        let tex = [MapKind::TexCoord4, MapKind::TexCoord3, MapKind::TexCoord2, MapKind::TexCoord1].into_iter().find(|&k| enabled(k));
        if let Some(kind) = tex {
            let mut s = eval(kind)[0];
            s[kind.components()..].copy_from_slice(&[0.0, 0.0, 0.0, 1.0][kind.components()..]);
            overrides.push((TEX_COORD0, to_f32(s)));
        }
        let vertex = eval(vertex_kind);
        let normal = if dimension == Dimension::Two && e.auto_normal {
            let [x, y, z] = auto_normal(vertex_kind, vertex);
            Some([x, y, z, 1.0])
        } else if enabled(MapKind::Normal) {
            let [x, y, z, _] = eval(MapKind::Normal)[0];
            Some([x, y, z, 1.0])
        } else {
            None
        };
        if let Some(n) = normal {
            overrides.push((NORMAL, to_f32(n)));
        }
        let mut position = vertex[0];
        if vertex_kind == MapKind::Vertex3 {
            position[3] = 1.0;
        }
        let saved: Vec<(usize, [f32; 4])> = overrides.iter().filter_map(|&(slot, _)| Some((slot, *self.current_attribs.get(slot)?))).collect();
        for &(slot, value) in &overrides {
            if let Some(current) = self.current_attribs.get_mut(slot) {
                *current = value;
            }
        }
        self.gl_vertex(to_f32(position));
        for (slot, value) in saved {
            self.current_attribs[slot] = value;
        }
    }

    /// glEvalPoint1 / glEvalPoint2: glEvalCoord at grid point (i, j).
    pub(crate) fn gl_eval_point(&mut self, dimension: Dimension, i: GLint, j: GLint) {
        let grid = self.state.evaluators.grids[dimension as usize];
        self.gl_eval_coord(dimension, grid.coordinate(0, i), grid.coordinate(1, j));
    }

    /// glEvalMesh1: the grid points i1..=i2 as points or one line strip.
    pub(crate) fn gl_eval_mesh1(&mut self, mode: GLenum, i1: GLint, i2: GLint) {
        if !self.check(self.is_compatibility(), GL_INVALID_OPERATION) {
            return;
        }
        let primitive = match mode {
            GL_POINT => GL_POINTS,
            GL_LINE => GL_LINE_STRIP,
            _ => return self.record_error(GL_INVALID_ENUM),
        };
        self.gl_begin(primitive);
        for i in i1..=i2 {
            self.gl_eval_point(Dimension::One, i, 0);
        }
        self.gl_end();
    }

    /// glEvalMesh2: the grid points (i1..=i2, j1..=j2) as points, as line strips along
    /// both directions, or as one quad strip per row, in the order GL 2.1 section 5.1
    /// gives.
    pub(crate) fn gl_eval_mesh2(&mut self, mode: GLenum, i1: GLint, i2: GLint, j1: GLint, j2: GLint) {
        if !self.check(self.is_compatibility(), GL_INVALID_OPERATION) {
            return;
        }
        let point = |ctx: &mut ContextState, i, j| ctx.gl_eval_point(Dimension::Two, i, j);
        match mode {
            GL_POINT => {
                self.gl_begin(GL_POINTS);
                for j in j1..=j2 {
                    for i in i1..=i2 {
                        point(self, i, j);
                    }
                }
                self.gl_end();
            }
            GL_LINE => {
                for j in j1..=j2 {
                    self.gl_begin(GL_LINE_STRIP);
                    for i in i1..=i2 {
                        point(self, i, j);
                    }
                    self.gl_end();
                }
                for i in i1..=i2 {
                    self.gl_begin(GL_LINE_STRIP);
                    for j in j1..=j2 {
                        point(self, i, j);
                    }
                    self.gl_end();
                }
            }
            GL_FILL => {
                for j in j1..j2 {
                    self.gl_begin(GL_QUAD_STRIP);
                    for i in i1..=i2 {
                        point(self, i, j);
                        point(self, i, j + 1);
                    }
                    self.gl_end();
                }
            }
            _ => self.record_error(GL_INVALID_ENUM),
        }
    }

    /// glEnable / glDisable of a map or GL_AUTO_NORMAL; false when `cap` is neither.
    pub(crate) fn set_evaluator_capability(&mut self, cap: GLenum, on: bool) -> bool {
        let e = &mut self.state.evaluators;
        if cap == GL_AUTO_NORMAL {
            e.auto_normal = on;
            return true;
        }
        let Some((d, kind)) = map_target(cap) else { return false };
        let bit = 1 << kind as u16;
        if on {
            e.enabled[d as usize] |= bit;
        } else {
            e.enabled[d as usize] &= !bit;
        }
        true
    }

    /// glIsEnabled of a map or GL_AUTO_NORMAL.
    pub(crate) fn evaluator_capability(&self, cap: GLenum) -> Option<bool> {
        let e = &self.state.evaluators;
        if cap == GL_AUTO_NORMAL {
            return Some(e.auto_normal);
        }
        let (d, kind) = map_target(cap)?;
        Some(e.is_enabled(d, kind))
    }

    /// glGet of GL_MAX_EVAL_ORDER and the grids.
    pub(crate) fn evaluator_value(&self, pname: GLenum) -> Option<Value> {
        let [grid1, grid2] = &self.state.evaluators.grids;
        Some(match pname {
            GL_MAX_EVAL_ORDER => Value::int(MAX_EVAL_ORDER as i64),
            GL_MAP1_GRID_DOMAIN => Value::floats(grid1.domain[0], false),
            GL_MAP1_GRID_SEGMENTS => Value::int(grid1.segments[0]),
            GL_MAP2_GRID_DOMAIN => {
                let [[u1, u2], [v1, v2]] = grid2.domain;
                Value::floats([u1, u2, v1, v2], false)
            }
            GL_MAP2_GRID_SEGMENTS => Value::ints(grid2.segments.map(i64::from)),
            _ => return None,
        })
    }
}

/// Writes glGetMap's `values` through `out`, converted by `convert`.
///
/// # Safety
/// `out` is null or has room for every value.
pub(crate) unsafe fn write_map_values<T>(values: Option<Vec<f64>>, out: *mut T, convert: impl Fn(f64) -> T) {
    let Some(values) = values else { return };
    if out.is_null() {
        return;
    }
    for (i, v) in values.into_iter().enumerate() {
        // SAFETY: as the caller promises.
        unsafe { out.add(i).write(convert(v)) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scalars(values: &[f64]) -> Vec<[f64; 4]> {
        values.iter().map(|&v| [v, 0.0, 0.0, 0.0]).collect()
    }

    #[test]
    fn cubic_bernstein_matches_the_hand_computed_sum() {
        // p(t) = (1-t)^3 P0 + 3t(1-t)^2 P1 + 3t^2(1-t) P2 + t^3 P3 with P = 0, 1, 3, 2 at
        // t = 1/2: 1/8 * 0 + 3/8 * 1 + 3/8 * 3 + 1/8 * 2 = 14/8.
        let (value, derivative) = de_casteljau(&scalars(&[0.0, 1.0, 3.0, 2.0]), 0.5);
        assert_eq!(value[0], 1.75);
        // p'(t) = 3[(1-t)^2 (P1-P0) + 2t(1-t)(P2-P1) + t^2 (P3-P2)] = 3[1/4 + 1 - 1/4] = 3.
        assert_eq!(derivative[0], 3.0);
        // At t = 1/4: (27 * 0 + 27 * 1 + 9 * 3 + 1 * 2) / 64 = 56 / 64.
        assert_eq!(de_casteljau(&scalars(&[0.0, 1.0, 3.0, 2.0]), 0.25).0[0], 0.875);
    }

    #[test]
    fn curves_pass_through_their_end_points_and_constants_have_no_slope() {
        let points = scalars(&[2.0, -1.0, 5.0]);
        assert_eq!(de_casteljau(&points, 0.0).0[0], 2.0);
        assert_eq!(de_casteljau(&points, 1.0).0[0], 5.0);
        assert_eq!(de_casteljau(&scalars(&[4.0]), 0.3), ([4.0, 0.0, 0.0, 0.0], [0.0; 4]));
        // A line: p(t) = 1 + 2t.
        assert_eq!(de_casteljau(&scalars(&[1.0, 3.0]), 0.75), ([2.5, 0.0, 0.0, 0.0], [2.0, 0.0, 0.0, 0.0]));
    }

    #[test]
    fn map1_evaluates_over_its_domain() {
        // The quadratic 0, 4, 0 over u in [2, 4]: at u = 3 (t = 1/2) it is 2.
        let map = Map { order: [3, 1], domain: [[2.0, 4.0], [0.0, 1.0]], points: vec![0.0, 4.0, 0.0].into() };
        assert_eq!(map.eval1(1, 3.0)[0], 2.0);
        assert_eq!(map.eval1(1, 2.0)[0], 0.0);
    }

    #[test]
    fn bilinear_patch_has_its_corners_and_derivatives() {
        // The patch x = u, y = v, z = u v over [0, 2] x [0, 1] as corner points (order 2 x 2).
        let points: Vec<f64> = [[0.0, 0.0, 0.0], [0.0, 1.0, 0.0], [2.0, 0.0, 0.0], [2.0, 1.0, 2.0]].concat();
        let map = Map { order: [2, 2], domain: [[0.0, 2.0], [0.0, 1.0]], points: points.into() };
        let [value, du, dv] = map.eval2(3, 1.0, 0.5);
        assert_eq!(value, [1.0, 0.5, 0.5, 0.0]);
        // d/du (u, v, uv) = (1, 0, v); d/dv = (0, 1, u).
        assert_eq!(du, [1.0, 0.0, 0.5, 0.0]);
        assert_eq!(dv, [0.0, 1.0, 1.0, 0.0]);
        // (1, 0, 1/2) x (0, 1, 1) = (-1/2, -1, 1), of length 3/2.
        let n = auto_normal(MapKind::Vertex3, [value, du, dv]);
        let expected = [-1.0 / 3.0, -2.0 / 3.0, 2.0 / 3.0];
        for c in 0..3 {
            assert!((n[c] - expected[c]).abs() < 1e-12, "{n:?}");
        }
    }

    #[test]
    fn targets_name_their_dimension_and_components() {
        assert_eq!(map_target(GL_MAP1_VERTEX_3), Some((Dimension::One, MapKind::Vertex3)));
        assert_eq!(map_target(GL_MAP2_TEXTURE_COORD_2), Some((Dimension::Two, MapKind::TexCoord2)));
        assert_eq!(map_target(GL_MAP2_INDEX).map(|(_, k)| k.components()), Some(1));
        assert_eq!(map_target(GL_MAP1_GRID_DOMAIN), None);
    }

    #[test]
    fn map_arguments_are_checked_as_gl_says() {
        let args = |target, domain: [f64; 2], stride, order| MapArgs { target, domain: [domain, [0.0, 1.0]], stride: [stride, 0], order: [order, 1] };
        assert_eq!(args(GL_MAP1_VERTEX_3, [0.0, 1.0], 3, 4).error(Dimension::One, 0), None);
        assert_eq!(args(GL_MAP2_VERTEX_3, [0.0, 1.0], 3, 4).error(Dimension::One, 0), Some(GL_INVALID_ENUM));
        assert_eq!(args(GL_MAP1_VERTEX_3, [1.0, 1.0], 3, 4).error(Dimension::One, 0), Some(GL_INVALID_VALUE));
        assert_eq!(args(GL_MAP1_VERTEX_3, [0.0, 1.0], 2, 4).error(Dimension::One, 0), Some(GL_INVALID_VALUE));
        assert_eq!(args(GL_MAP1_VERTEX_3, [0.0, 1.0], 3, 0).error(Dimension::One, 0), Some(GL_INVALID_VALUE));
        assert_eq!(args(GL_MAP1_VERTEX_3, [0.0, 1.0], 3, MAX_EVAL_ORDER as GLint + 1).error(Dimension::One, 0), Some(GL_INVALID_VALUE));
        assert_eq!(args(GL_MAP1_TEXTURE_COORD_2, [0.0, 1.0], 2, 2).error(Dimension::One, 1), Some(GL_INVALID_OPERATION));
    }

    #[test]
    fn grid_points_end_exactly_on_the_domain() {
        let grid = Grid { segments: [3, 1], domain: [[0.1, 0.7], [0.0, 1.0]] };
        assert_eq!(grid.coordinate(0, 0), 0.1);
        assert_eq!(grid.coordinate(0, 3), 0.7);
        assert!((grid.coordinate(0, 1) - 0.3).abs() < 1e-15);
    }
}
