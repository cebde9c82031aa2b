//! GL 1.x evaluators on a compatibility context: patches drawn by glEvalMesh2, curve points
//! read back through feedback, glGetMap, the attribute stack, display lists and the errors
//! of bad maps. glow has no compatibility-profile commands; they are loaded by name.

use std::ffi::c_void;

use crate::harness::*;
use galvan::ContextOptions;
use glow::HasContext;

macro_rules! legacy_gl {
    ($($name:ident($($arg:ty),*) $(-> $ret:ty)?;)*) => {
        /// The compatibility commands these tests call, from galvan's loader.
        #[allow(non_snake_case)]
        struct Legacy {
            $($name: unsafe extern "system" fn($($arg),*) $(-> $ret)?,)*
        }

        impl Legacy {
            fn load() -> Legacy {
                Legacy {
                    $($name: {
                        let name = concat!("gl", stringify!($name));
                        let p = galvan::get_proc_address(name);
                        assert!(!p.is_null(), "{name} resolves");
                        // SAFETY: galvan's entry point for `name` has the GL signature.
                        unsafe { std::mem::transmute::<*const c_void, unsafe extern "system" fn($($arg),*) $(-> $ret)?>(p) }
                    },)*
                }
            }
        }
    };
}

legacy_gl! {
    Begin(u32);
    End();
    Color4f(f32, f32, f32, f32);
    TexCoord4f(f32, f32, f32, f32);
    Normal3f(f32, f32, f32);
    Map1f(u32, f32, f32, i32, i32, *const f32);
    Map1d(u32, f64, f64, i32, i32, *const f64);
    Map2f(u32, f32, f32, i32, i32, f32, f32, i32, i32, *const f32);
    MapGrid1f(i32, f32, f32);
    MapGrid2f(i32, f32, f32, i32, f32, f32);
    EvalCoord1f(f32);
    EvalMesh1(u32, i32, i32);
    EvalMesh2(u32, i32, i32, i32, i32);
    GetMapfv(u32, u32, *mut f32);
    GetMapdv(u32, u32, *mut f64);
    GetMapiv(u32, u32, *mut i32);
    GetnMapfv(u32, u32, i32, *mut f32);
    FeedbackBuffer(i32, u32, *mut f32);
    RenderMode(u32) -> i32;
    NewList(u32, u32);
    EndList();
    CallList(u32);
    PushAttrib(u32);
    PopAttrib();
}

const MAP1_VERTEX_3: u32 = 0x0D97;
const MAP1_COLOR_4: u32 = 0x0D90;
const MAP2_COLOR_4: u32 = 0x0DB0;
const MAP2_VERTEX_3: u32 = 0x0DB7;
const MAP2_TEXTURE_COORD_2: u32 = 0x0DB4;
const AUTO_NORMAL: u32 = 0x0D80;
const COEFF: u32 = 0x0A00;
const ORDER: u32 = 0x0A01;
const DOMAIN: u32 = 0x0A02;
const MAX_EVAL_ORDER: u32 = 0x0D30;
const MAP1_GRID_DOMAIN: u32 = 0x0DD0;
const MAP1_GRID_SEGMENTS: u32 = 0x0DD1;
const MAP2_GRID_DOMAIN: u32 = 0x0DD2;
const MAP2_GRID_SEGMENTS: u32 = 0x0DD3;
const CURRENT_COLOR: u32 = 0x0B00;
const CURRENT_NORMAL: u32 = 0x0B02;
const LIGHTING: u32 = 0x0B50;
const LIGHT0: u32 = 0x4000;
const EVAL_BIT: u32 = 0x0001_0000;
const FEEDBACK: u32 = 0x1C01;
const RENDER: u32 = 0x1C00;
const FEEDBACK_3D: u32 = 0x0601;
const FEEDBACK_3D_COLOR_TEXTURE: u32 = 0x0603;
const CURRENT_TEXTURE_COORDS: u32 = 0x0B03;
const MAP1_TEXTURE_COORD_1: u32 = 0x0D93;
const MAP1_TEXTURE_COORD_2: u32 = 0x0D94;
const POINT_TOKEN: f32 = 0x0701 as f32;
const COMPILE: u32 = 0x1300;
const POINT: u32 = 0x1B00;

fn compatibility(width: i32, height: i32) -> (Gl, Legacy) {
    let t = headless_with(&ContextOptions::compatibility(), width, height);
    (t, Legacy::load())
}

fn error(gl: &glow::Context) -> u32 {
    // SAFETY: the context is current on this thread.
    unsafe { gl.get_error() }
}

#[test]
fn eval_mesh2_fills_a_patch_with_its_evaluated_colour() {
    let (t, l) = compatibility(32, 32);
    let gl = &t.gl;
    // A flat bilinear patch over the middle half of the window, each corner blue.
    let corners: [f32; 12] = [-0.5, -0.5, 0.0, -0.5, 0.5, 0.0, 0.5, -0.5, 0.0, 0.5, 0.5, 0.0];
    let blue: [f32; 16] = [0.0, 0.0, 1.0, 1.0].repeat(4).try_into().unwrap();
    unsafe {
        gl.clear_color(0.0, 0.0, 0.0, 1.0);
        gl.clear(glow::COLOR_BUFFER_BIT);
        (l.Map2f)(MAP2_VERTEX_3, 0.0, 1.0, 6, 2, 0.0, 1.0, 3, 2, corners.as_ptr());
        (l.Map2f)(MAP2_COLOR_4, 0.0, 1.0, 8, 2, 0.0, 1.0, 4, 2, blue.as_ptr());
        gl.enable(MAP2_VERTEX_3);
        gl.enable(MAP2_COLOR_4);
        (l.Color4f)(1.0, 0.0, 0.0, 1.0);
        (l.MapGrid2f)(4, 0.0, 1.0, 4, 0.0, 1.0);
        (l.EvalMesh2)(glow::FILL, 0, 4, 0, 4);
    }
    no_error(gl);
    // The patch covers pixels 8..24 in both directions.
    for (x, y) in [(16, 16), (9, 9), (22, 22), (9, 22), (22, 9)] {
        assert_rgba8(pixel(gl, x, y), [0, 0, 255, 255], &format!("patch pixel ({x}, {y})"));
    }
    for (x, y) in [(4, 4), (28, 28), (4, 16), (16, 28)] {
        assert_rgba8(pixel(gl, x, y), [0, 0, 0, 255], &format!("outside pixel ({x}, {y})"));
    }
    // The evaluated colour served the patch's vertices only.
    let mut color = [0.0f32; 4];
    unsafe { gl.get_parameter_f32_slice(CURRENT_COLOR, &mut color) };
    assert_eq!(color, [1.0, 0.0, 0.0, 1.0], "GL_CURRENT_COLOR after glEvalMesh2");
}

/// The cubic Bézier curve through control points (-1/2, -1/2), (-1/2, 1/2), (1/2, 1/2),
/// (1/2, -1/2) at t = 0, 1/4, 1/2, 3/4, 1: the Bernstein weights are (1, 0, 0, 0),
/// (27, 27, 9, 1)/64, (1, 3, 3, 1)/8, (1, 9, 27, 27)/64 and (0, 0, 0, 1).
const CURVE: [f32; 12] = [-0.5, -0.5, 0.0, -0.5, 0.5, 0.0, 0.5, 0.5, 0.0, 0.5, -0.5, 0.0];
const CURVE_POINTS: [[f32; 2]; 5] = [[-0.5, -0.5], [-0.34375, 0.0625], [0.0, 0.25], [0.34375, 0.0625], [0.5, -0.5]];

/// What feedback of `ty` records while `draw` runs.
fn feedback(gl: &glow::Context, l: &Legacy, ty: u32, draw: impl FnOnce()) -> Vec<f32> {
    let mut buffer = vec![0.0f32; 256];
    let n = unsafe {
        (l.FeedbackBuffer)(buffer.len() as i32, ty, buffer.as_mut_ptr());
        (l.RenderMode)(FEEDBACK);
        draw();
        (l.RenderMode)(RENDER)
    };
    no_error(gl);
    assert!(n >= 0, "feedback buffer overflowed");
    buffer.truncate(n as usize);
    buffer
}

/// The window coordinates of the points that feedback records while `draw` runs, on a
/// 32 x 32 viewport.
fn feedback_points(gl: &glow::Context, l: &Legacy, draw: impl FnOnce()) -> Vec<[f32; 3]> {
    let values = feedback(gl, l, FEEDBACK_3D, draw);
    assert_eq!(values.len() % 4, 0, "point records only: {values:?}");
    values
        .chunks_exact(4)
        .map(|r| {
            assert_eq!(r[0], POINT_TOKEN, "{values:?}");
            [r[1], r[2], r[3]]
        })
        .collect()
}

fn assert_window_points(points: &[[f32; 3]], expected_ndc: &[[f32; 2]]) {
    assert_eq!(points.len(), expected_ndc.len(), "{points:?}");
    for (p, e) in points.iter().zip(expected_ndc) {
        let window = [(e[0] + 1.0) * 16.0, (e[1] + 1.0) * 16.0, 0.5];
        // The expected values are exact in binary; the slack is f32 rounding of the
        // evaluation and the viewport transform.
        let close = p.iter().zip(window).all(|(a, b)| (a - b).abs() < 1e-4);
        assert!(close, "feedback {p:?}, expected {window:?}");
    }
}

#[test]
fn map1_curve_points_come_back_through_feedback() {
    let (t, l) = compatibility(32, 32);
    let gl = &t.gl;
    unsafe {
        (l.Map1f)(MAP1_VERTEX_3, 0.0, 1.0, 3, 4, CURVE.as_ptr());
        gl.enable(MAP1_VERTEX_3);
        (l.MapGrid1f)(4, 0.0, 1.0);
    }
    let mesh = feedback_points(gl, &l, || unsafe { (l.EvalMesh1)(POINT, 0, 4) });
    assert_window_points(&mesh, &CURVE_POINTS);

    // glEvalCoord1 inside glBegin / glEnd gives the same points, over another domain.
    let doubles: Vec<f64> = CURVE.iter().map(|&c| c as f64).collect();
    unsafe { (l.Map1d)(MAP1_VERTEX_3, 2.0, 6.0, 3, 4, doubles.as_ptr()) };
    let coords = feedback_points(gl, &l, || unsafe {
        (l.Begin)(glow::POINTS);
        for u in [2.0, 3.0, 4.0, 5.0, 6.0] {
            (l.EvalCoord1f)(u);
        }
        (l.End)();
    });
    assert_window_points(&coords, &CURVE_POINTS);

    // Without an enabled vertex map no vertex is issued.
    unsafe { gl.disable(MAP1_VERTEX_3) };
    let none = feedback_points(gl, &l, || unsafe { (l.EvalMesh1)(POINT, 0, 4) });
    assert!(none.is_empty(), "{none:?}");
}

#[test]
fn get_map_returns_the_defined_map_packed() {
    let (t, l) = compatibility(8, 8);
    let gl = &t.gl;
    unsafe {
        // The initial maps: one control point, the domain [0, 1].
        let mut initial = [0.0f32; 4];
        (l.GetMapfv)(MAP1_COLOR_4, COEFF, initial.as_mut_ptr());
        assert_eq!(initial, [1.0, 1.0, 1.0, 1.0], "initial GL_MAP1_COLOR_4 point");
        let mut order = [0i32; 2];
        (l.GetMapiv)(MAP1_COLOR_4, ORDER, order.as_mut_ptr());
        assert_eq!(order[0], 1, "initial order");

        // uorder 2 x vorder 3 points of (s, t), each row padded to 8 floats and each point
        // to 3: GL returns them packed, u outer.
        let mut points = [0.0f32; 16];
        for i in 0..2 {
            for j in 0..3 {
                points[i * 8 + j * 3] = (10 * i + j) as f32;
                points[i * 8 + j * 3 + 1] = -((10 * i + j) as f32);
            }
        }
        (l.Map2f)(MAP2_TEXTURE_COORD_2, 1.0, 3.0, 8, 2, -1.0, 0.5, 3, 3, points.as_ptr());
        no_error(gl);
        let mut coeff = [0.0f32; 12];
        (l.GetMapfv)(MAP2_TEXTURE_COORD_2, COEFF, coeff.as_mut_ptr());
        assert_eq!(coeff, [0.0, -0.0, 1.0, -1.0, 2.0, -2.0, 10.0, -10.0, 11.0, -11.0, 12.0, -12.0]);
        (l.GetMapiv)(MAP2_TEXTURE_COORD_2, ORDER, order.as_mut_ptr());
        assert_eq!(order, [2, 3]);
        let mut domain = [0.0f64; 4];
        (l.GetMapdv)(MAP2_TEXTURE_COORD_2, DOMAIN, domain.as_mut_ptr());
        assert_eq!(domain, [1.0, 3.0, -1.0, 0.5]);

        assert!(gl.get_parameter_i32(MAX_EVAL_ORDER) >= 8, "GL_MAX_EVAL_ORDER");
        (l.MapGrid2f)(3, 0.25, 0.75, 5, -1.0, 1.0);
        let mut segments = [0i32; 2];
        gl.get_parameter_i32_slice(MAP2_GRID_SEGMENTS, &mut segments);
        assert_eq!(segments, [3, 5]);
        let mut grid = [0.0f32; 4];
        gl.get_parameter_f32_slice(MAP2_GRID_DOMAIN, &mut grid);
        assert_eq!(grid, [0.25, 0.75, -1.0, 1.0]);
        assert!(!gl.is_enabled(AUTO_NORMAL), "GL_AUTO_NORMAL starts disabled");
        gl.enable(AUTO_NORMAL);
        assert!(gl.is_enabled(AUTO_NORMAL));
    }
    no_error(gl);
}

#[test]
fn bad_maps_give_the_errors_gl_names_and_change_nothing() {
    let (t, l) = compatibility(8, 8);
    let gl = &t.gl;
    let points = [0.0f32; 3 * 40];
    let order = |target| {
        let mut o = [0i32; 2];
        unsafe { (l.GetMapiv)(target, ORDER, o.as_mut_ptr()) };
        o[0]
    };
    unsafe {
        (l.Map1f)(MAP1_VERTEX_3, 0.0, 1.0, 3, 2, points.as_ptr());
        no_error(gl);
        let max = gl.get_parameter_i32(MAX_EVAL_ORDER);
        (l.Map1f)(MAP1_VERTEX_3, 0.0, 1.0, 3, 0, points.as_ptr());
        assert_eq!(error(gl), glow::INVALID_VALUE, "order 0");
        (l.Map1f)(MAP1_VERTEX_3, 0.0, 1.0, 3, max + 1, points.as_ptr());
        assert_eq!(error(gl), glow::INVALID_VALUE, "order above GL_MAX_EVAL_ORDER");
        (l.Map1f)(MAP1_VERTEX_3, 0.0, 1.0, 2, 3, points.as_ptr());
        assert_eq!(error(gl), glow::INVALID_VALUE, "stride below the 3 components");
        (l.Map1f)(MAP1_VERTEX_3, 0.5, 0.5, 3, 3, points.as_ptr());
        assert_eq!(error(gl), glow::INVALID_VALUE, "u1 == u2");
        (l.Map2f)(MAP2_VERTEX_3, 0.0, 1.0, 9, 3, 0.0, 1.0, 2, 3, points.as_ptr());
        assert_eq!(error(gl), glow::INVALID_VALUE, "vstride below the 3 components");
        (l.Map1f)(MAP2_VERTEX_3, 0.0, 1.0, 3, 3, points.as_ptr());
        assert_eq!(error(gl), glow::INVALID_ENUM, "glMap1 of a glMap2 target");
        assert_eq!(order(MAP1_VERTEX_3), 2, "the map is unchanged");

        let mut v = [0.0f32; 4];
        (l.GetMapfv)(MAP1_VERTEX_3, glow::TEXTURE_2D, v.as_mut_ptr());
        assert_eq!(error(gl), glow::INVALID_ENUM, "glGetMap of a bad query");
        // glGetnMap's buffer size is in bytes; a buffer too small for the answer gets nothing.
        let mut coeff = [-1.0f32; 6];
        (l.GetnMapfv)(MAP1_VERTEX_3, COEFF, 20, coeff.as_mut_ptr());
        assert_eq!(error(gl), glow::INVALID_OPERATION, "glGetnMapfv into 20 bytes of 24");
        assert_eq!(coeff, [-1.0; 6], "nothing written");
        (l.GetnMapfv)(MAP1_VERTEX_3, COEFF, 24, coeff.as_mut_ptr());
        assert_eq!(error(gl), glow::NO_ERROR, "glGetnMapfv into 24 bytes");
        assert_eq!(coeff, [0.0; 6]);
        (l.MapGrid1f)(0, 0.0, 1.0);
        assert_eq!(error(gl), glow::INVALID_VALUE, "glMapGrid1 of no segments");
        (l.EvalMesh1)(glow::FILL, 0, 1);
        assert_eq!(error(gl), glow::INVALID_ENUM, "glEvalMesh1(GL_FILL)");

        (l.Begin)(glow::POINTS);
        (l.Map1f)(MAP1_VERTEX_3, 0.0, 1.0, 3, 3, points.as_ptr());
        (l.End)();
        assert_eq!(error(gl), glow::INVALID_OPERATION, "glMap1 between glBegin and glEnd");
        assert_eq!(order(MAP1_VERTEX_3), 2, "the map is unchanged");
    }
    no_error(gl);
}

#[test]
fn display_lists_copy_control_points_and_replay_meshes() {
    let (t, l) = compatibility(32, 32);
    let gl = &t.gl;
    let mut points = CURVE;
    unsafe {
        (l.NewList)(1, COMPILE);
        (l.Map1f)(MAP1_VERTEX_3, 0.0, 1.0, 3, 4, points.as_ptr());
        (l.MapGrid1f)(4, 0.0, 1.0);
        (l.EvalMesh1)(POINT, 0, 4);
        (l.EndList)();
        no_error(gl);
        // Compiling executed nothing: the map is still the initial one.
        let mut order = [0i32; 2];
        (l.GetMapiv)(MAP1_VERTEX_3, ORDER, order.as_mut_ptr());
        assert_eq!(order[0], 1, "glMap1 compiled, not executed");
        points.fill(9.0);
        gl.enable(MAP1_VERTEX_3);
    }
    let replayed = feedback_points(gl, &l, || unsafe { (l.CallList)(1) });
    assert_window_points(&replayed, &CURVE_POINTS);
    let mut coeff = [0.0f32; 12];
    unsafe { (l.GetMapfv)(MAP1_VERTEX_3, COEFF, coeff.as_mut_ptr()) };
    assert_eq!(coeff, CURVE, "the points as they were when the list was compiled");
}

#[test]
fn eval_bit_saves_enables_and_grids() {
    let (t, l) = compatibility(8, 8);
    let gl = &t.gl;
    unsafe {
        gl.enable(MAP1_VERTEX_3);
        (l.MapGrid1f)(5, 0.5, 2.0);
        (l.PushAttrib)(EVAL_BIT);
        gl.disable(MAP1_VERTEX_3);
        gl.enable(AUTO_NORMAL);
        (l.MapGrid1f)(2, 0.0, 1.0);
        (l.PopAttrib)();
        assert!(gl.is_enabled(MAP1_VERTEX_3), "GL_MAP1_VERTEX_3 restored");
        assert!(!gl.is_enabled(AUTO_NORMAL), "GL_AUTO_NORMAL restored");
        assert_eq!(gl.get_parameter_i32(MAP1_GRID_SEGMENTS), 5);
        let mut domain = [0.0f32; 2];
        gl.get_parameter_f32_slice(MAP1_GRID_DOMAIN, &mut domain);
        assert_eq!(domain, [0.5, 2.0]);
    }
    no_error(gl);
}

#[test]
fn evaluated_colours_and_texture_coordinates_serve_their_vertex_only() {
    let (t, l) = compatibility(32, 32);
    let gl = &t.gl;
    // Straight lines (order 2) over u in [0, 1]: the position from (-1/2, 0) to (1/2, 0),
    // the colour from red to blue, (s, t) from (0, 1) to (1, 0).
    let line: [f32; 6] = [-0.5, 0.0, 0.0, 0.5, 0.0, 0.0];
    let colors: [f32; 8] = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0, 1.0, 1.0];
    let st: [f32; 4] = [0.0, 1.0, 1.0, 0.0];
    let sevens = [7.0f32; 2];
    unsafe {
        (l.Map1f)(MAP1_VERTEX_3, 0.0, 1.0, 3, 2, line.as_ptr());
        (l.Map1f)(MAP1_COLOR_4, 0.0, 1.0, 4, 2, colors.as_ptr());
        (l.Map1f)(MAP1_TEXTURE_COORD_2, 0.0, 1.0, 2, 2, st.as_ptr());
        // With several texture coordinate maps enabled only the one of most components is used.
        (l.Map1f)(MAP1_TEXTURE_COORD_1, 0.0, 1.0, 1, 2, sevens.as_ptr());
        for map in [MAP1_VERTEX_3, MAP1_COLOR_4, MAP1_TEXTURE_COORD_2, MAP1_TEXTURE_COORD_1] {
            gl.enable(map);
        }
        (l.Color4f)(0.0, 1.0, 0.0, 1.0);
        (l.TexCoord4f)(0.25, 0.25, 0.25, 1.0);
        (l.MapGrid1f)(2, 0.0, 1.0);
    }
    let values = feedback(gl, &l, FEEDBACK_3D_COLOR_TEXTURE, || unsafe { (l.EvalMesh1)(POINT, 0, 2) });
    // Each point: the token, x y z, r g b a, s t r q.
    let expected: [[f32; 12]; 3] = [
        [POINT_TOKEN, 8.0, 16.0, 0.5, 1.0, 0.0, 0.0, 1.0, 0.0, 1.0, 0.0, 1.0],
        [POINT_TOKEN, 16.0, 16.0, 0.5, 0.5, 0.0, 0.5, 1.0, 0.5, 0.5, 0.0, 1.0],
        [POINT_TOKEN, 24.0, 16.0, 0.5, 0.0, 0.0, 1.0, 1.0, 1.0, 0.0, 0.0, 1.0],
    ];
    assert_eq!(values.len(), 36, "{values:?}");
    for (record, e) in values.chunks_exact(12).zip(expected) {
        // Exact values in binary; the slack is f32 rounding.
        assert!(record.iter().zip(e).all(|(a, b)| (a - b).abs() < 1e-4), "feedback {record:?}, expected {e:?}");
    }
    let mut color = [0.0f32; 4];
    let mut tex = [0.0f32; 4];
    unsafe {
        gl.get_parameter_f32_slice(CURRENT_COLOR, &mut color);
        gl.get_parameter_f32_slice(CURRENT_TEXTURE_COORDS, &mut tex);
    }
    assert_eq!(color, [0.0, 1.0, 0.0, 1.0], "GL_CURRENT_COLOR after glEvalMesh1");
    assert_eq!(tex, [0.25, 0.25, 0.25, 1.0], "GL_CURRENT_TEXTURE_COORDS after glEvalMesh1");
}

#[test]
fn auto_normal_lights_a_patch_by_its_derivatives() {
    let (t, l) = compatibility(32, 32);
    let gl = &t.gl;
    // x = u, y = v over the middle half of the window: du x dv points to +z, at light 0
    // (the default light, shining along -z); the current normal points away from it.
    let corners: [f32; 12] = [-0.5, -0.5, 0.0, -0.5, 0.5, 0.0, 0.5, -0.5, 0.0, 0.5, 0.5, 0.0];
    let draw = |auto_normal: bool| unsafe {
        gl.clear_color(0.0, 0.0, 0.0, 1.0);
        gl.clear(glow::COLOR_BUFFER_BIT);
        if auto_normal {
            gl.enable(AUTO_NORMAL);
        } else {
            gl.disable(AUTO_NORMAL);
        }
        (l.EvalMesh2)(glow::FILL, 0, 2, 0, 2);
        pixel(gl, 16, 16)
    };
    unsafe {
        (l.Map2f)(MAP2_VERTEX_3, 0.0, 1.0, 6, 2, 0.0, 1.0, 3, 2, corners.as_ptr());
        gl.enable(MAP2_VERTEX_3);
        (l.MapGrid2f)(2, 0.0, 1.0, 2, 0.0, 1.0);
        (l.Normal3f)(0.0, 0.0, -1.0);
        gl.enable(LIGHTING);
        gl.enable(LIGHT0);
    }
    // Default material and light model: 0.2 * 0.2 ambient, plus 0.8 diffuse facing the light.
    assert_rgba8(draw(true), [214, 214, 214, 255], "lit by the generated normal");
    assert_rgba8(draw(false), [10, 10, 10, 255], "lit by the current normal, facing away");
    let mut normal = [0.0f32; 3];
    unsafe { gl.get_parameter_f32_slice(CURRENT_NORMAL, &mut normal) };
    assert_eq!(normal, [0.0, 0.0, -1.0], "GL_CURRENT_NORMAL after glEvalMesh2");
    no_error(gl);
}
