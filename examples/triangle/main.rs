//! One triangle through galvan and glow: `cargo run --release --example triangle`
//! opens a window; `-- --headless triangle.png` writes a PNG where there is no display.

#[path = "../common/app.rs"]
mod app;

use glow::HasContext;

struct Triangle {
    program: glow::Program,
    vao: Option<glow::VertexArray>,
}

const VS: &str = "#version 120\nattribute vec2 position;\nattribute vec3 color;\nvarying vec3 v_color;\n\
void main() { v_color = color; gl_Position = vec4(position, 0.0, 1.0); }\n";
const FS: &str = "#version 120\nvarying vec3 v_color;\nvoid main() { gl_FragColor = vec4(v_color, 1.0); }\n";

impl app::Demo for Triangle {
    unsafe fn new(gl: &glow::Context) -> Result<Self, String> {
        unsafe {
            let program = gl.create_program()?;
            for (kind, source) in [(glow::VERTEX_SHADER, VS), (glow::FRAGMENT_SHADER, FS)] {
                let shader = gl.create_shader(kind)?;
                gl.shader_source(shader, source);
                gl.compile_shader(shader);
                if !gl.get_shader_compile_status(shader) {
                    return Err(gl.get_shader_info_log(shader));
                }
                gl.attach_shader(program, shader);
            }
            gl.bind_attrib_location(program, 0, "position");
            gl.bind_attrib_location(program, 1, "color");
            gl.link_program(program);
            if !gl.get_program_link_status(program) {
                return Err(gl.get_program_info_log(program));
            }
            let vao = if gl.version().major >= 3 { Some(gl.create_vertex_array()?) } else { None };
            gl.bind_vertex_array(vao);
            let data: [f32; 15] = [-0.8, -0.8, 1.0, 0.0, 0.0, 0.8, -0.8, 0.0, 1.0, 0.0, 0.0, 0.8, 0.0, 0.0, 1.0];
            let bytes: Vec<u8> = data.iter().flat_map(|v| v.to_ne_bytes()).collect();
            let buffer = gl.create_buffer()?;
            gl.bind_buffer(glow::ARRAY_BUFFER, Some(buffer));
            gl.buffer_data_u8_slice(glow::ARRAY_BUFFER, &bytes, glow::STATIC_DRAW);
            gl.vertex_attrib_pointer_f32(0, 2, glow::FLOAT, false, 20, 0);
            gl.vertex_attrib_pointer_f32(1, 3, glow::FLOAT, false, 20, 8);
            gl.enable_vertex_attrib_array(0);
            gl.enable_vertex_attrib_array(1);
            Ok(Triangle { program, vao })
        }
    }

    unsafe fn draw(&mut self, gl: &glow::Context, width: i32, height: i32, _frame: u32) {
        unsafe {
            gl.viewport(0, 0, width, height);
            gl.clear_color(0.1, 0.1, 0.1, 1.0);
            gl.clear(glow::COLOR_BUFFER_BIT);
            gl.use_program(Some(self.program));
            gl.bind_vertex_array(self.vao);
            gl.draw_arrays(glow::TRIANGLES, 0, 3);
        }
    }
}

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().collect();
    match args.iter().position(|a| a == "--headless") {
        Some(i) => {
            let path = args.get(i + 1).ok_or("--headless needs FILE.png")?;
            app::run_headless::<Triangle>(std::path::Path::new(path), 256, 256, 1)
        }
        None if !app::has_display() => Err("no display: use --headless FILE.png".into()),
        None => app::run_window::<Triangle>("triangle (galvan)", 0),
    }
}
