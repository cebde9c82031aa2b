//! Programs compiled, linked and lowered as the draw path does, then checked by spirv-val.

use super::device;

/// spirv-val's verdict on `words` for Vulkan 1.3, naming `name` in a complaint.
pub fn spirv_val(words: &[u32], name: &str) -> Result<(), String> {
    spirv_out::spirv_val(words, "vulkan1.3").map_err(|e| format!("{name}: {e}"))
}

/// One shader compiled for a 4.6 compatibility context with every known extension usable.
pub fn compile(stage: glsl::Stage, src: &str) -> glsl::CompiledShader {
    let options = glsl::CompileOptions {
        stage,
        api: glsl::Api::GlCompat,
        context_version: 46,
        extensions: glsl::extensions::known().filter(|e| glsl::extensions::available(e, 0, false)).map(str::to_string).collect(),
        limits: Default::default(),
    };
    let s = glsl::compile_shader(&[src], &options);
    assert!(s.success, "{}\n{}", s.info_log, src);
    s
}

/// Every stage of the program, lowered as the draw path lowers it, passes spirv-val.
pub fn assert_program_valid(stages: &[(glsl::Stage, &str)]) {
    let shaders: Vec<glsl::CompiledShader> = stages.iter().map(|(stage, src)| compile(*stage, src)).collect();
    let refs: Vec<&glsl::CompiledShader> = shaders.iter().collect();
    let p = glsl::link_program(&refs, &glsl::LinkOptions::default());
    assert!(p.success, "{}", p.info_log);
    let last_pre_raster = p.stages.iter().map(|s| s.stage).filter(|s| *s != glsl::Stage::Fragment).last();
    for s in &p.stages {
        let mut ir = s.ir.clone().unwrap_or_else(|e| panic!("{}: {}", s.stage.name(), e));
        let lower = nir_like::passes::LowerOptions {
            last_pre_rasterization: Some(s.stage) == last_pre_raster,
            draw_buffers: 8,
            uniform_offsets: p.interface.default_block_members.iter().cloned().collect(),
            point_coord_upper_left: true,
            point_size: p.interface.builtin_uniforms.iter().find(|(n, _)| n == glsl::link::POINT_SIZE_STATE).map(|(_, offset)| {
                nir_like::passes::PointSizeState { set: 0, binding: 0, offset: *offset }
            }),
            ..Default::default()
        };
        nir_like::passes::lower_for_caps(&mut ir, &device().caps(), &lower);
        let words = spirv_out::emit(&ir, &spirv_out::EmitOptions { spirv_version: (1, 3), debug_names: true })
            .unwrap_or_else(|e| panic!("{}: {}", s.stage.name(), e));
        if let Err(msg) = spirv_val(&words, s.stage.name()) {
            panic!("spirv-val rejected the {} shader:\n{}\n{}", s.stage.name(), msg, nir_like::print_shader(&ir));
        }
    }
}
