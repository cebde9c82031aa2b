//! The glxgears scene in the GL of its day: each gear is immediate-mode quads and
//! quad strips compiled once into a display list, lit by fixed-function lighting, and
//! placed with the matrix stacks. The drawing mirrors the classic demo's, so its
//! image can be set against any driver's rendering of the same calls.

use crate::legacy_gl::{self as gl, LegacyGl};
use std::f32::consts::PI;

/// One gear as the classic demo shapes it.
struct GearShape {
    inner_radius: f32,
    outer_radius: f32,
    width: f32,
    teeth: u32,
    tooth_depth: f32,
}

/// Where a gear sits and how it turns against the first one.
struct Placement {
    x: f32,
    y: f32,
    /// Degrees turned per degree of the first gear, and the offset that meshes the teeth.
    ratio: f32,
    phase: f32,
    color: [f32; 4],
}

const GEARS: [(GearShape, Placement); 3] = [
    (
        GearShape { inner_radius: 1.0, outer_radius: 4.0, width: 1.0, teeth: 20, tooth_depth: 0.7 },
        Placement { x: -3.0, y: -2.0, ratio: 1.0, phase: 0.0, color: [0.8, 0.1, 0.0, 1.0] },
    ),
    (
        GearShape { inner_radius: 0.5, outer_radius: 2.0, width: 2.0, teeth: 10, tooth_depth: 0.7 },
        Placement { x: 3.1, y: -2.0, ratio: -2.0, phase: -9.0, color: [0.0, 0.8, 0.2, 1.0] },
    ),
    (
        GearShape { inner_radius: 1.3, outer_radius: 2.0, width: 0.5, teeth: 10, tooth_depth: 0.7 },
        Placement { x: -3.1, y: 4.2, ratio: -2.0, phase: -25.0, color: [0.2, 0.2, 1.0, 1.0] },
    ),
];

/// The view's tilt, in degrees about x and y, as glxgears starts.
const VIEW_ROTATION: (f32, f32) = (20.0, 30.0);

/// The three compiled gears.
pub struct Scene {
    lists: [u32; 3],
}

impl Scene {
    /// Sets up the light and compiles each gear, with its material, into a display list.
    ///
    /// # Safety
    /// The context that loaded `gl` is current.
    pub unsafe fn new(gl: &LegacyGl) -> Result<Scene, String> {
        // w = 0: a directional light, from up, right and in front.
        (gl.lightfv)(gl::LIGHT0, gl::POSITION, [5.0f32, 5.0, 10.0, 0.0].as_ptr());
        (gl.enable)(gl::CULL_FACE);
        (gl.enable)(gl::LIGHTING);
        (gl.enable)(gl::LIGHT0);
        (gl.enable)(gl::DEPTH_TEST);
        let mut lists = [0; 3];
        for (list, (shape, place)) in lists.iter_mut().zip(&GEARS) {
            *list = (gl.gen_lists)(1);
            (gl.new_list)(*list, gl::COMPILE);
            (gl.materialfv)(gl::FRONT, gl::AMBIENT_AND_DIFFUSE, place.color.as_ptr());
            shape.emit(gl);
            (gl.end_list)();
        }
        // The rotations are orthonormal, but GL_NORMALIZE is what the demo leans on.
        (gl.enable)(gl::NORMALIZE);
        gl.check("compiling the gears")?;
        Ok(Scene { lists })
    }

    /// Draws one frame with the first gear turned by `angle` degrees.
    ///
    /// # Safety
    /// The context that loaded `gl` is current.
    pub unsafe fn draw(&self, gl: &LegacyGl, width: i32, height: i32, angle: f32) -> Result<(), String> {
        (gl.viewport)(0, 0, width, height);
        (gl.matrix_mode)(gl::PROJECTION);
        (gl.load_identity)();
        let aspect = height as f64 / width.max(1) as f64;
        (gl.frustum)(-1.0, 1.0, -aspect, aspect, 5.0, 60.0);
        (gl.matrix_mode)(gl::MODELVIEW);
        (gl.load_identity)();
        (gl.translatef)(0.0, 0.0, -40.0);

        // Opaque black, so the image reads the same with or without its alpha.
        (gl.clear_color)(0.0, 0.0, 0.0, 1.0);
        (gl.clear)(gl::COLOR_BUFFER_BIT | gl::DEPTH_BUFFER_BIT);
        (gl.push_matrix)();
        (gl.rotatef)(VIEW_ROTATION.0, 1.0, 0.0, 0.0);
        (gl.rotatef)(VIEW_ROTATION.1, 0.0, 1.0, 0.0);
        for (&list, (_, place)) in self.lists.iter().zip(&GEARS) {
            (gl.push_matrix)();
            (gl.translatef)(place.x, place.y, 0.0);
            (gl.rotatef)(place.ratio * angle + place.phase, 0.0, 0.0, 1.0);
            (gl.call_list)(list);
            (gl.pop_matrix)();
        }
        (gl.pop_matrix)();
        gl.check("drawing the gears")
    }
}

impl GearShape {
    /// Emits the gear's faces between glBegin/glEnd pairs: flat-shaded faces and tooth
    /// flanks, then the smooth-shaded bore.
    unsafe fn emit(&self, gl: &LegacyGl) {
        let r0 = self.inner_radius;
        let r1 = self.outer_radius - self.tooth_depth / 2.0;
        let r2 = self.outer_radius + self.tooth_depth / 2.0;
        // A tooth spans four steps: rise, top, fall, gap.
        let step = 2.0 * PI / self.teeth as f32 / 4.0;
        let half = self.width * 0.5;
        let angle = |i: u32| i as f32 * 2.0 * PI / self.teeth as f32;
        let vertex = |r: f32, a: f32, z: f32| (gl.vertex3f)(r * a.cos(), r * a.sin(), z);

        (gl.shade_model)(gl::FLAT);

        // Front and back faces: the ring between bore and tooth roots, as a strip that
        // also fills each tooth's base, then the teeth themselves. The back winds the
        // other way, so each face is front-facing from its own side.
        for z in [half, -half] {
            (gl.normal3f)(0.0, 0.0, z.signum());
            (gl.begin)(gl::QUAD_STRIP);
            for i in 0..=self.teeth {
                let a = angle(i);
                let (first, second) = if z > 0.0 { (r0, r1) } else { (r1, r0) };
                vertex(first, a, z);
                vertex(second, a, z);
                if i < self.teeth {
                    if z > 0.0 {
                        vertex(r0, a, z);
                        vertex(r1, a + 3.0 * step, z);
                    } else {
                        vertex(r1, a + 3.0 * step, z);
                        vertex(r0, a, z);
                    }
                }
            }
            (gl.end)();

            (gl.begin)(gl::QUADS);
            for i in 0..self.teeth {
                let a = angle(i);
                let mut corners = [(r1, a), (r2, a + step), (r2, a + 2.0 * step), (r1, a + 3.0 * step)];
                if z < 0.0 {
                    corners.reverse();
                }
                for (r, b) in corners {
                    vertex(r, b, z);
                }
            }
            (gl.end)();
        }

        // The outward faces: each tooth's rising flank, top, falling flank and the gap
        // after it, one flat normal each (flat shading takes a quad's last normal).
        (gl.begin)(gl::QUAD_STRIP);
        for i in 0..self.teeth {
            let a = angle(i);
            let edge = |r: f32, b: f32| {
                vertex(r, b, half);
                vertex(r, b, -half);
            };
            let flank_normal = |(ra, a): (f32, f32), (rb, b): (f32, f32)| {
                let (u, v) = (rb * b.cos() - ra * a.cos(), rb * b.sin() - ra * a.sin());
                let len = (u * u + v * v).sqrt();
                (gl.normal3f)(v / len, -u / len, 0.0);
            };
            edge(r1, a);
            flank_normal((r1, a), (r2, a + step));
            edge(r2, a + step);
            (gl.normal3f)(a.cos(), a.sin(), 0.0);
            edge(r2, a + 2.0 * step);
            flank_normal((r2, a + 2.0 * step), (r1, a + 3.0 * step));
            edge(r1, a + 3.0 * step);
            (gl.normal3f)(a.cos(), a.sin(), 0.0);
        }
        vertex(r1, 0.0, half);
        vertex(r1, 0.0, -half);
        (gl.end)();

        // The bore, facing its axis, with normals smoothed around it.
        (gl.shade_model)(gl::SMOOTH);
        (gl.begin)(gl::QUAD_STRIP);
        for i in 0..=self.teeth {
            let a = angle(i);
            (gl.normal3f)(-a.cos(), -a.sin(), 0.0);
            vertex(r0, a, -half);
            vertex(r0, a, half);
        }
        (gl.end)();
    }
}
