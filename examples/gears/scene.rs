//! The gears scene, drawn through glow: three interlocking gears, lit per vertex,
//! the classic GL demo reshaped for core-profile GL (buffers, VAOs, GLSL).
//!
//! Shared by `examples/gears` and `galvan demo`.

use glow::HasContext;

/// One gear's triangles: position (xyz) and normal (xyz) per vertex.
struct Mesh {
    vertices: Vec<f32>,
}

impl Mesh {
    fn push(&mut self, p: [f32; 3], n: [f32; 3]) {
        self.vertices.extend_from_slice(&p);
        self.vertices.extend_from_slice(&n);
    }

    fn quad(&mut self, a: [f32; 3], b: [f32; 3], c: [f32; 3], d: [f32; 3], n: [f32; 3]) {
        for p in [a, b, c, a, c, d] {
            self.push(p, n);
        }
    }

    fn vertex_count(&self) -> i32 {
        (self.vertices.len() / 6) as i32
    }
}

/// A gear with a hole of `inner` radius, teeth reaching `outer`, `width` thick.
fn gear(inner: f32, outer: f32, width: f32, teeth: u32, tooth_depth: f32) -> Mesh {
    let r0 = inner;
    let r1 = outer - tooth_depth / 2.0;
    let r2 = outer + tooth_depth / 2.0;
    let step = std::f32::consts::TAU / teeth as f32 / 4.0;
    let z = width / 2.0;
    let at = |r: f32, angle: f32, z: f32| [r * angle.cos(), r * angle.sin(), z];
    let mut mesh = Mesh { vertices: Vec::new() };
    for i in 0..teeth {
        let a = i as f32 * 4.0 * step;
        // Front and back faces: the ring, then the tooth.
        for (zz, nz) in [(z, 1.0), (-z, -1.0)] {
            let n = [0.0, 0.0, nz];
            let ring = [at(r0, a, zz), at(r1, a, zz), at(r1, a + 4.0 * step, zz), at(r0, a + 4.0 * step, zz)];
            let tooth = [at(r1, a, zz), at(r2, a + step, zz), at(r2, a + 2.0 * step, zz), at(r1, a + 3.0 * step, zz)];
            for [p, q, r, s] in [ring, tooth] {
                if nz > 0.0 {
                    mesh.quad(p, q, r, s, n);
                } else {
                    mesh.quad(s, r, q, p, n);
                }
            }
        }
        // The outline of the tooth, extruded between the faces.
        let outline = [(r1, a), (r2, a + step), (r2, a + 2.0 * step), (r1, a + 3.0 * step), (r1, a + 4.0 * step)];
        for edge in outline.windows(2) {
            let (ra, aa) = edge[0];
            let (rb, ab) = edge[1];
            let (p, q) = (at(ra, aa, 0.0), at(rb, ab, 0.0));
            let (dx, dy) = (q[0] - p[0], q[1] - p[1]);
            let len = (dx * dx + dy * dy).sqrt().max(1e-6);
            let n = [dy / len, -dx / len, 0.0];
            mesh.quad(at(ra, aa, z), at(ra, aa, -z), at(rb, ab, -z), at(rb, ab, z), n);
        }
        // The hole, facing inwards.
        let (b, c) = (a, a + 4.0 * step);
        let n = [-(b + 2.0 * step).cos(), -(b + 2.0 * step).sin(), 0.0];
        mesh.quad(at(r0, b, -z), at(r0, b, z), at(r0, c, z), at(r0, c, -z), n);
    }
    mesh
}

type Mat4 = [f32; 16];

fn multiply(a: &Mat4, b: &Mat4) -> Mat4 {
    let mut m = [0.0; 16];
    for col in 0..4 {
        for row in 0..4 {
            m[col * 4 + row] = (0..4).map(|k| a[k * 4 + row] * b[col * 4 + k]).sum();
        }
    }
    m
}

fn identity() -> Mat4 {
    let mut m = [0.0; 16];
    for i in 0..4 {
        m[i * 5] = 1.0;
    }
    m
}

fn translate(x: f32, y: f32, z: f32) -> Mat4 {
    let mut m = identity();
    m[12] = x;
    m[13] = y;
    m[14] = z;
    m
}

/// Rotation by `degrees` about the unit axis (x, y, z), as glRotatef builds it.
fn rotate(degrees: f32, x: f32, y: f32, z: f32) -> Mat4 {
    let (s, c) = degrees.to_radians().sin_cos();
    let t = 1.0 - c;
    [
        t * x * x + c, t * x * y + s * z, t * x * z - s * y, 0.0,
        t * x * y - s * z, t * y * y + c, t * y * z + s * x, 0.0,
        t * x * z + s * y, t * y * z - s * x, t * z * z + c, 0.0,
        0.0, 0.0, 0.0, 1.0,
    ]
}

/// glFrustum's matrix.
fn frustum(l: f32, r: f32, b: f32, t: f32, n: f32, f: f32) -> Mat4 {
    [
        2.0 * n / (r - l), 0.0, 0.0, 0.0,
        0.0, 2.0 * n / (t - b), 0.0, 0.0,
        (r + l) / (r - l), (t + b) / (t - b), -(f + n) / (f - n), -1.0,
        0.0, 0.0, -2.0 * f * n / (f - n), 0.0,
    ]
}

const VERTEX_SHADER: &str = r#"
in vec3 position;
in vec3 normal;
uniform mat4 modelview;
uniform mat4 projection;
uniform vec4 color;
out vec4 lit_color;
void main() {
    // Rotations and translations only: the modelview's 3x3 part transforms normals.
    vec3 n = normalize(mat3(modelview) * normal);
    vec3 light = normalize(vec3(5.0, 5.0, 10.0));
    lit_color = vec4(color.rgb * (0.2 + 0.8 * max(dot(n, light), 0.0)), color.a);
    gl_Position = projection * modelview * vec4(position, 1.0);
}
"#;

const FRAGMENT_SHADER: &str = r#"
in vec4 lit_color;
out vec4 frag_color;
void main() {
    frag_color = lit_color;
}
"#;

struct Gear {
    buffer: glow::Buffer,
    count: i32,
    x: f32,
    y: f32,
    color: [f32; 4],
    /// Turns per turn of the first gear, and the phase that meshes its teeth.
    ratio: f32,
    phase: f32,
}

pub struct Scene {
    program: glow::Program,
    /// Core profiles have no default vertex array; older contexts may lack them.
    vao: Option<glow::VertexArray>,
    gears: Vec<Gear>,
    modelview: Option<glow::UniformLocation>,
    projection: Option<glow::UniformLocation>,
    color: Option<glow::UniformLocation>,
}

/// The GLSL version of the context, as (major, minor).
fn glsl_version(gl: &glow::Context) -> (u32, u32) {
    // SAFETY: a plain query on the current context.
    let version = unsafe { gl.get_parameter_string(glow::SHADING_LANGUAGE_VERSION) };
    let mut parts = version.split(|c: char| !c.is_ascii_digit()).filter(|s| !s.is_empty());
    let major = parts.next().and_then(|s| s.parse().ok()).unwrap_or(1);
    let minor = parts.next().and_then(|s| s.parse().ok()).unwrap_or(10);
    (major, minor)
}

/// The shaders in the dialect of the context: GLSL 1.40 where it has it, 1.30, or
/// 1.20's attribute/varying/gl_FragColor.
fn shader_sources(version: (u32, u32)) -> [(u32, String); 2] {
    let (vs, fs) = if version >= (1, 40) {
        (format!("#version 140\n{VERTEX_SHADER}"), format!("#version 140\n{FRAGMENT_SHADER}"))
    } else if version >= (1, 30) {
        (format!("#version 130\n{VERTEX_SHADER}"), format!("#version 130\n{FRAGMENT_SHADER}"))
    } else {
        let vs = VERTEX_SHADER.replace("\nin ", "\nattribute ").replace("\nout ", "\nvarying ");
        let fs = FRAGMENT_SHADER
            .replace("\nin ", "\nvarying ")
            .replace("out vec4 frag_color;\n", "")
            .replace("frag_color =", "gl_FragColor =");
        (format!("#version 120\n{vs}"), format!("#version 120\n{fs}"))
    };
    [(glow::VERTEX_SHADER, vs), (glow::FRAGMENT_SHADER, fs)]
}

impl Scene {
    /// Compiles the program and uploads the three gears.
    ///
    /// # Safety
    /// `gl` is current on this thread.
    pub unsafe fn new(gl: &glow::Context) -> Result<Scene, String> {
        let program = gl.create_program()?;
        for (kind, source) in shader_sources(glsl_version(gl)) {
            let shader = gl.create_shader(kind)?;
            gl.shader_source(shader, &source);
            gl.compile_shader(shader);
            if !gl.get_shader_compile_status(shader) {
                return Err(format!("shader: {}", gl.get_shader_info_log(shader)));
            }
            gl.attach_shader(program, shader);
            gl.delete_shader(shader);
        }
        gl.bind_attrib_location(program, 0, "position");
        gl.bind_attrib_location(program, 1, "normal");
        gl.link_program(program);
        if !gl.get_program_link_status(program) {
            return Err(format!("program: {}", gl.get_program_info_log(program)));
        }
        let specs = [
            (1.0, 4.0, 1.0, 20, 0.7, -3.0, -2.0, [0.8, 0.1, 0.0, 1.0], 1.0, 0.0),
            (0.5, 2.0, 2.0, 10, 0.7, 3.1, -2.0, [0.0, 0.8, 0.2, 1.0], -2.0, -9.0),
            (1.3, 2.0, 0.5, 10, 0.7, -3.1, 4.2, [0.2, 0.2, 1.0, 1.0], -2.0, -25.0),
        ];
        let mut gears = Vec::new();
        for (inner, outer, width, teeth, depth, x, y, color, ratio, phase) in specs {
            let mesh = gear(inner, outer, width, teeth, depth);
            let buffer = gl.create_buffer()?;
            gl.bind_buffer(glow::ARRAY_BUFFER, Some(buffer));
            let bytes: Vec<u8> = mesh.vertices.iter().flat_map(|v| v.to_ne_bytes()).collect();
            gl.buffer_data_u8_slice(glow::ARRAY_BUFFER, &bytes, glow::STATIC_DRAW);
            gears.push(Gear { buffer, count: mesh.vertex_count(), x, y, color, ratio, phase });
        }
        let has_vertex_arrays = gl.version().major >= 3;
        let vao = if has_vertex_arrays { Some(gl.create_vertex_array()?) } else { None };
        Ok(Scene {
            vao,
            modelview: gl.get_uniform_location(program, "modelview"),
            projection: gl.get_uniform_location(program, "projection"),
            color: gl.get_uniform_location(program, "color"),
            program,
            gears,
        })
    }

    /// Draws one frame with the first gear turned by `angle` degrees.
    ///
    /// # Safety
    /// `gl` is current on this thread, the one `new` ran on.
    pub unsafe fn draw(&self, gl: &glow::Context, width: i32, height: i32, angle: f32) {
        gl.viewport(0, 0, width, height);
        gl.enable(glow::DEPTH_TEST);
        gl.enable(glow::CULL_FACE);
        gl.clear_color(0.0, 0.0, 0.0, 1.0);
        gl.clear(glow::COLOR_BUFFER_BIT | glow::DEPTH_BUFFER_BIT);
        gl.use_program(Some(self.program));
        gl.bind_vertex_array(self.vao);
        gl.enable_vertex_attrib_array(0);
        gl.enable_vertex_attrib_array(1);
        let aspect = height as f32 / width.max(1) as f32;
        let projection = frustum(-1.0, 1.0, -aspect, aspect, 5.0, 60.0);
        gl.uniform_matrix_4_f32_slice(self.projection.as_ref(), false, &projection);
        let view = multiply(
            &translate(0.0, 0.0, -40.0),
            &multiply(&rotate(20.0, 1.0, 0.0, 0.0), &rotate(30.0, 0.0, 1.0, 0.0)),
        );
        for gear in &self.gears {
            let model = multiply(
                &translate(gear.x, gear.y, 0.0),
                &rotate(gear.ratio * angle + gear.phase, 0.0, 0.0, 1.0),
            );
            gl.uniform_matrix_4_f32_slice(self.modelview.as_ref(), false, &multiply(&view, &model));
            gl.uniform_4_f32_slice(self.color.as_ref(), &gear.color);
            gl.bind_buffer(glow::ARRAY_BUFFER, Some(gear.buffer));
            gl.vertex_attrib_pointer_f32(0, 3, glow::FLOAT, false, 24, 0);
            gl.vertex_attrib_pointer_f32(1, 3, glow::FLOAT, false, 24, 12);
            gl.draw_arrays(glow::TRIANGLES, 0, gear.count);
        }
    }
}
