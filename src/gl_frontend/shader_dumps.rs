//! `GALVAN_DEBUG=glsl,ir,spirv`: every shader galvan compiles, written to stderr at each step
//! (the source as the application gave it, the IR after GLSL and after lowering, the SPIR-V
//! handed to Vulkan), the way Mesa's `MESA_GLSL`/`NIR_DEBUG` dumps help find where a shader
//! goes wrong.

use std::sync::OnceLock;

/// Which dumps `GALVAN_DEBUG` asks for, read once per process.
#[derive(Clone, Copy, Default)]
struct Wanted {
    glsl: bool,
    ir: bool,
    spirv: bool,
}

fn wanted() -> Wanted {
    static WANTED: OnceLock<Wanted> = OnceLock::new();
    *WANTED.get_or_init(|| {
        let list = std::env::var("GALVAN_DEBUG").unwrap_or_default();
        let has = |what: &str| list.split(',').any(|w| w.trim() == what);
        Wanted { glsl: has("glsl"), ir: has("ir"), spirv: has("spirv") }
    })
}

/// The GLSL source of shader object `name` as glCompileShader sees it.
pub(crate) fn glsl(name: u32, stage: &str, source: &str) {
    if wanted().glsl {
        eprintln!("GLSL {stage} shader {name}:\n{source}\n");
    }
}

/// The IR of one stage; `step` says when (`"from GLSL"`, `"lowered"`).
pub(crate) fn ir(stage: &str, step: &str, shader: &nir_like::Shader) {
    if wanted().ir {
        eprintln!("IR {stage} shader, {step}:\n{}", nir_like::print_shader(shader));
    }
}

/// The SPIR-V module of one stage, disassembled.
pub(crate) fn spirv(stage: &str, words: &[u32]) {
    if wanted().spirv {
        eprintln!("SPIR-V {stage} shader:\n{}", spirv_out::disassemble(words));
    }
}
