//! `galvan info`: what eglinfo and glxinfo print, for galvan on this machine.

use glow::HasContext;

/// The limits printed for every context kind.
const LIMITS: &[(&str, u32)] = &[
    ("GL_MAX_TEXTURE_SIZE", glow::MAX_TEXTURE_SIZE),
    ("GL_MAX_3D_TEXTURE_SIZE", glow::MAX_3D_TEXTURE_SIZE),
    ("GL_MAX_CUBE_MAP_TEXTURE_SIZE", glow::MAX_CUBE_MAP_TEXTURE_SIZE),
    ("GL_MAX_ARRAY_TEXTURE_LAYERS", glow::MAX_ARRAY_TEXTURE_LAYERS),
    ("GL_MAX_RENDERBUFFER_SIZE", glow::MAX_RENDERBUFFER_SIZE),
    ("GL_MAX_VERTEX_ATTRIBS", glow::MAX_VERTEX_ATTRIBS),
    ("GL_MAX_TEXTURE_IMAGE_UNITS", glow::MAX_TEXTURE_IMAGE_UNITS),
    ("GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS", glow::MAX_COMBINED_TEXTURE_IMAGE_UNITS),
    ("GL_MAX_VERTEX_UNIFORM_COMPONENTS", glow::MAX_VERTEX_UNIFORM_COMPONENTS),
    ("GL_MAX_FRAGMENT_UNIFORM_COMPONENTS", glow::MAX_FRAGMENT_UNIFORM_COMPONENTS),
    ("GL_MAX_UNIFORM_BLOCK_SIZE", glow::MAX_UNIFORM_BLOCK_SIZE),
    ("GL_MAX_UNIFORM_BUFFER_BINDINGS", glow::MAX_UNIFORM_BUFFER_BINDINGS),
    ("GL_MAX_DRAW_BUFFERS", glow::MAX_DRAW_BUFFERS),
    ("GL_MAX_COLOR_ATTACHMENTS", glow::MAX_COLOR_ATTACHMENTS),
    ("GL_MAX_SAMPLES", glow::MAX_SAMPLES),
    ("GL_MAX_VARYING_COMPONENTS", glow::MAX_VARYING_COMPONENTS),
    ("GL_MAX_VIEWPORTS", glow::MAX_VIEWPORTS),
];

struct Kind {
    title: &'static str,
    options: galvan::ContextOptions,
}

pub fn print() -> Result<(), String> {
    let device = galvan::device_summary().map_err(|e| e.to_string())?;
    println!("Vulkan device: {device}");
    println!("EGL: 1.5, platforms: surfaceless");
    let kinds = [
        Kind { title: "OpenGL core profile", options: galvan::ContextOptions::core() },
        Kind { title: "OpenGL compatibility profile", options: galvan::ContextOptions::compatibility() },
        Kind { title: "OpenGL ES", options: galvan::ContextOptions::gles() },
    ];
    for kind in kinds {
        println!();
        let context = match galvan::Context::new(&kind.options, None) {
            Ok(context) => context,
            Err(e) => {
                println!("{}: not available ({e})", kind.title);
                continue;
            }
        };
        context.make_current(None).map_err(|e| e.to_string())?;
        // SAFETY: galvan's loader, for the context just made current.
        let gl = unsafe { glow::Context::from_loader_function(|name| galvan::get_proc_address(name)) };
        // SAFETY: queries on the current context.
        unsafe {
            println!("{}:", kind.title);
            println!("  vendor:   {}", gl.get_parameter_string(glow::VENDOR));
            println!("  renderer: {}", gl.get_parameter_string(glow::RENDERER));
            println!("  version:  {}", gl.get_parameter_string(glow::VERSION));
            println!("  GLSL:     {}", gl.get_parameter_string(glow::SHADING_LANGUAGE_VERSION));
            let count = gl.get_parameter_i32(glow::NUM_EXTENSIONS).max(0) as u32;
            let mut extensions: Vec<String> =
                (0..count).map(|i| gl.get_parameter_indexed_string(glow::EXTENSIONS, i)).collect();
            if count == 0 {
                // Before GL 3.0 the list is one string.
                extensions = gl
                    .get_parameter_string(glow::EXTENSIONS)
                    .split_whitespace()
                    .map(str::to_string)
                    .collect();
            }
            println!("  extensions ({}):", extensions.len());
            for line in extensions.chunks(3) {
                println!("    {}", line.join(" "));
            }
            println!("  limits:");
            for (name, pname) in LIMITS {
                let value = gl.get_parameter_i32(*pname);
                if gl.get_error() == glow::NO_ERROR {
                    println!("    {name:<40} {value}");
                }
            }
        }
        galvan::Context::release_current();
    }
    Ok(())
}
