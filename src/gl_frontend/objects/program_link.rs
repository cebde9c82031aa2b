//! glLinkProgram and glUseProgram: the glsl crate links the attached shaders; each stage's
//! IR becomes SPIR-V and a Vulkan program with the bindings of docs/conventions.md.

use std::sync::Arc;

use crate::objects::program_variant::ProgramVariants;
use vk_backend::{BindingDesc, BindingKind, Program as GpuProgram, ProgramDesc, ShaderModule, ShaderStage, StageMask};

use crate::context::ContextState;
use crate::objects::program::ShaderOrProgram;
use crate::state::Dirty;
use crate::types::enums::*;
use crate::types::*;

/// What a successful link produced: the program interface, the GPU program, and the
/// state GL lets applications change after linking.
pub struct LinkedProgram {
    pub interface: glsl::ProgramInterface,
    pub gpu: GpuProgram,
    /// Contents of the default uniform block (binding 0).
    pub uniform_data: Vec<u8>,
    /// Bumped on every glUniform*, so the draw path uploads the block again.
    pub uniform_generation: u64,
    /// Where the default block was last uploaded, and the generation it holds.
    pub uniform_gpu: Option<crate::draw_path::draw::UploadedUniforms>,
    /// Per uniform block index: the GL binding point (glUniformBlockBinding).
    pub block_bindings: Vec<u32>,
    /// Per shader storage block index: the GL binding point (glShaderStorageBlockBinding).
    pub storage_block_bindings: Vec<u32>,
    /// Whether the program has a tessellation evaluation stage (it then draws GL_PATCHES).
    pub has_tessellation: bool,
    /// The output patch size of the control shader, if the program has one.
    pub tess_control_vertices: Option<u32>,
    /// The primitive mode, spacing, vertex order and point mode of the evaluation shader.
    pub tess_eval: Option<nir_like::TessInfo>,
    /// The input primitive of the geometry shader, if the program has one.
    pub geometry_input: Option<nir_like::Primitive>,
    /// Per sampler index: the texture unit (glUniform1i on a sampler).
    pub sampler_units: Vec<u32>,
    /// Per sampler index: its GLSL type (GL_SAMPLER_2D, GL_INT_SAMPLER_3D, ...), which
    /// says the texture target and the kind of view it samples.
    pub sampler_types: Vec<GLenum>,
    /// The matrix-stack generation the built-in matrix uniforms were last filled from.
    pub builtin_matrices_generation: u64,
    /// The compiled shaders and options it was linked from: a program pipeline links the
    /// stages it takes from separable programs again, together, to match their interfaces.
    pub sources: Vec<glsl::CompiledShader>,
    /// The GLSL text of each of `sources` (empty where there was none).
    pub source_texts: Vec<String>,
    pub link_options: glsl::LinkOptions,
    /// The stages it has executables for.
    pub stages: Vec<glsl::Stage>,
    /// Builds for flat shading and GL_CLAMP (compatibility contexts only).
    pub variants: ProgramVariants,
    /// The programs that run an emulated geometry shader before `gpu` draws what it
    /// emitted (`draw_path/gs_emulation.rs`); `None` when the shader runs natively.
    pub gs_emulation: Option<crate::draw_path::gs_emulation::GsEmulation>,
    /// The stages before the final draw, when tessellation is emulated.
    pub tess_emulation: Option<Arc<crate::draw_path::tess_emulation::TessEmulation>>,
}

impl LinkedProgram {
    /// Whether a geometry or tessellation stage makes the primitives the rasteriser sees,
    /// so the draw's own primitives never reach it in their order.
    pub fn shaders_make_primitives(&self) -> bool {
        self.stages.iter().any(|s| matches!(s, glsl::Stage::Geometry | glsl::Stage::TessEval))
    }

    /// Whether primitives of draw `mode` may feed the program's geometry shader: its input
    /// primitive must be the draw's kind (with tessellation, the evaluation stage's output
    /// feeds it instead, checked at link time).
    pub fn geometry_input_accepts(&self, mode: GLenum) -> bool {
        use nir_like::Primitive;
        let Some(input) = self.geometry_input.filter(|_| !self.has_tessellation) else { return true };
        match input {
            Primitive::Points => mode == GL_POINTS,
            Primitive::Lines => matches!(mode, GL_LINES | GL_LINE_STRIP | GL_LINE_LOOP),
            Primitive::LinesAdjacency => matches!(mode, GL_LINES_ADJACENCY | GL_LINE_STRIP_ADJACENCY),
            Primitive::Triangles => matches!(mode, GL_TRIANGLES | GL_TRIANGLE_STRIP | GL_TRIANGLE_FAN),
            Primitive::TrianglesAdjacency => matches!(mode, GL_TRIANGLES_ADJACENCY | GL_TRIANGLE_STRIP_ADJACENCY),
            _ => true,
        }
    }
}

impl std::fmt::Debug for LinkedProgram {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "LinkedProgram(gpu {})", self.gpu.id())
    }
}

fn glsl_stage_of(stage: GLenum) -> Option<glsl::Stage> {
    ContextState::glsl_stage(stage)
}

/// The Vulkan stage a lowered shader runs as (an emulated stage may now be compute or
/// vertex).
fn gpu_stage_of(stage: nir_like::Stage) -> ShaderStage {
    match stage {
        nir_like::Stage::Vertex => ShaderStage::Vertex,
        nir_like::Stage::TessCtrl => ShaderStage::TessControl,
        nir_like::Stage::TessEval => ShaderStage::TessEvaluation,
        nir_like::Stage::Geometry => ShaderStage::Geometry,
        nir_like::Stage::Fragment => ShaderStage::Fragment,
        nir_like::Stage::Compute => ShaderStage::Compute,
    }
}

/// The descriptor bindings of a program's own resources (docs/conventions.md), visible to
/// `all_stages`; samplers and images to the stages `opaque_stages` names for their
/// binding where it names any.
pub(crate) fn program_bindings_by_stage(interface: &glsl::ProgramInterface, all_stages: StageMask, opaque_stages: &[(u32, StageMask)]) -> Vec<BindingDesc> {
    let mut bindings = Vec::new();
    if interface.default_block_size > 0 {
        bindings.push(BindingDesc { binding: 0, kind: BindingKind::UniformBuffer, count: 1, stages: all_stages });
    }
    for (binding, count) in crate::draw_path::descriptor_arrays::uniform_block_bindings(interface) {
        bindings.push(BindingDesc { binding, kind: BindingKind::UniformBuffer, count, stages: all_stages });
    }
    use crate::draw_path::descriptor_arrays::opaque_bindings;
    // A binding no stage declares (its uniform unused everywhere) stays visible to all.
    let stages_of = |binding: u32| opaque_stages.iter().find(|(b, _)| *b == binding).map_or(all_stages, |(_, mask)| *mask);
    for b in opaque_bindings(interface, true) {
        // imageBuffer reads and writes a texel buffer, every other image type an image.
        let kind = if crate::draw_path::images::is_buffer_image(b.gl_type) { BindingKind::StorageTexelBuffer } else { BindingKind::StorageImage };
        bindings.push(BindingDesc { binding: b.binding, kind, count: b.count, stages: stages_of(b.binding) });
    }
    for b in opaque_bindings(interface, false) {
        // samplerBuffer reads a texel buffer, every other sampler an image.
        let kind = if crate::draw_path::buffer_textures::is_buffer_sampler(b.gl_type) {
            BindingKind::UniformTexelBuffer
        } else {
            BindingKind::CombinedImageSampler
        };
        bindings.push(BindingDesc { binding: b.binding, kind, count: b.count, stages: stages_of(b.binding) });
    }
    for k in 0..interface.atomic_counter_buffers.len() as u32 {
        let binding = glsl::link_atomic::AtomicCounterBuffer::descriptor_binding(k);
        bindings.push(BindingDesc { binding, kind: BindingKind::StorageBuffer, count: 1, stages: all_stages });
    }
    for block in interface.storage_blocks.iter().filter(|b| b.array_index == 0) {
        bindings.push(BindingDesc { binding: block.binding(), kind: BindingKind::StorageBuffer, count: block.array_size, stages: all_stages });
    }
    bindings
}

/// [`program_bindings_by_stage`] with every binding visible to `all_stages`.
pub(crate) fn program_bindings(interface: &glsl::ProgramInterface, all_stages: StageMask) -> Vec<BindingDesc> {
    program_bindings_by_stage(interface, all_stages, &[])
}

/// Whether a GL type enum names a sampler type.
pub(crate) fn is_sampler_type(gl_type: GLenum) -> bool {
    matches!(
        gl_type,
        GL_SAMPLER_1D | GL_SAMPLER_2D | GL_SAMPLER_3D | GL_SAMPLER_CUBE | GL_SAMPLER_1D_SHADOW | GL_SAMPLER_2D_SHADOW
            | GL_SAMPLER_CUBE_SHADOW | GL_SAMPLER_1D_ARRAY | GL_SAMPLER_2D_ARRAY | GL_SAMPLER_1D_ARRAY_SHADOW
            | GL_SAMPLER_2D_ARRAY_SHADOW | GL_SAMPLER_2D_RECT | GL_SAMPLER_2D_RECT_SHADOW | GL_SAMPLER_BUFFER
            | GL_SAMPLER_2D_MULTISAMPLE | GL_SAMPLER_2D_MULTISAMPLE_ARRAY | GL_SAMPLER_CUBE_MAP_ARRAY
            | GL_SAMPLER_CUBE_MAP_ARRAY_SHADOW | GL_INT_SAMPLER_1D | GL_INT_SAMPLER_2D | GL_INT_SAMPLER_3D
            | GL_INT_SAMPLER_CUBE | GL_INT_SAMPLER_1D_ARRAY | GL_INT_SAMPLER_2D_ARRAY | GL_INT_SAMPLER_2D_RECT
            | GL_INT_SAMPLER_BUFFER | GL_UNSIGNED_INT_SAMPLER_1D | GL_UNSIGNED_INT_SAMPLER_2D | GL_UNSIGNED_INT_SAMPLER_3D
            | GL_UNSIGNED_INT_SAMPLER_CUBE | GL_UNSIGNED_INT_SAMPLER_1D_ARRAY | GL_UNSIGNED_INT_SAMPLER_2D_ARRAY
            | GL_UNSIGNED_INT_SAMPLER_2D_RECT | GL_UNSIGNED_INT_SAMPLER_BUFFER | GL_INT_SAMPLER_CUBE_MAP_ARRAY
            | GL_UNSIGNED_INT_SAMPLER_CUBE_MAP_ARRAY | GL_INT_SAMPLER_2D_MULTISAMPLE | GL_UNSIGNED_INT_SAMPLER_2D_MULTISAMPLE
            | GL_INT_SAMPLER_2D_MULTISAMPLE_ARRAY | GL_UNSIGNED_INT_SAMPLER_2D_MULTISAMPLE_ARRAY
    )
}

/// Locations a varying of type `ty` takes.
fn varying_slots(ir: &nir_like::Shader, ty: nir_like::Handle<nir_like::Type>) -> u32 {
    match &ir.types[ty] {
        nir_like::Type::Vector(vt) => if vt.bits == 64 && vt.components > 2 { 2 } else { 1 },
        nir_like::Type::Matrix { columns, rows, bits } => *columns as u32 * if *bits == 64 && *rows > 2 { 2 } else { 1 },
        nir_like::Type::Array { element, length, .. } => length.unwrap_or(1) * varying_slots(ir, *element),
        nir_like::Type::Struct { members, .. } => members.iter().map(|m| varying_slots(ir, m.ty)).sum(),
        _ => 1,
    }
}

/// The varying locations `[start, start + count)` the program's own varyings (user and
/// compatibility ones, not built-ins) take in any stage's interface.
fn used_varying_locations(linked: &glsl::LinkedProgram) -> impl Iterator<Item = (u32, u32)> + '_ {
    linked.stages.iter().filter_map(|stage| Some((stage.stage, stage.ir.as_ref().ok()?))).flat_map(|(stage, ir)| {
        let varying = move |v: &nir_like::Variable| match v.mode {
            nir_like::VariableMode::ShaderIn => stage != glsl::Stage::Vertex,
            nir_like::VariableMode::ShaderOut => stage != glsl::Stage::Fragment,
            _ => false,
        };
        ir.variables.iter().filter(move |(_, v)| v.builtin.is_none() && varying(v)).filter_map(move |(_, v)| {
            let l = v.location?;
            let per_vertex = matches!(stage, glsl::Stage::Geometry | glsl::Stage::TessControl | glsl::Stage::TessEval) && v.mode == nir_like::VariableMode::ShaderIn && !v.patch;
            let ty = match (&ir.types[v.ty], per_vertex) {
                (nir_like::Type::Array { element, .. }, true) => *element,
                _ => v.ty,
            };
            Some((l, varying_slots(ir, ty)))
        })
    })
}

/// The location gl_ClipVertex takes as a varying between pre-rasterisation stages, when a
/// stage before the last writes it or a stage reads `gl_in[].gl_ClipVertex`: the lowest
/// one no varying of the program takes.
fn clip_vertex_location(linked: &glsl::LinkedProgram, last_pre_raster: Option<glsl::Stage>, max_locations: u32) -> Result<Option<u32>, String> {
    let handed_on = linked.stages.iter().any(|stage| {
        let Ok(ir) = stage.ir.as_ref() else { return false };
        ir.variables.iter().any(|(_, v)| {
            v.builtin == Some(nir_like::Builtin::ClipVertex)
                && (v.mode == nir_like::VariableMode::ShaderIn || (v.mode == nir_like::VariableMode::ShaderOut && Some(stage.stage) != last_pre_raster))
        })
    });
    if !handed_on {
        return Ok(None);
    }
    let used: Vec<(u32, u32)> = used_varying_locations(linked).collect();
    (0..max_locations)
        .find(|l| !used.iter().any(|(start, count)| (*start..start + count).contains(l)))
        .map(Some)
        .ok_or_else(|| "gl_ClipVertex finds no free varying location between the pre-rasterisation stages".to_string())
}

/// Cull-distance emulation's varyings: after every location the program's stages use,
/// sized by the cull distances the last pre-rasterisation stage writes.
fn cull_emulation(linked: &glsl::LinkedProgram, last_pre_raster: Option<glsl::Stage>) -> Option<nir_like::passes::CullEmulation> {
    let last = linked.stages.iter().find(|s| Some(s.stage) == last_pre_raster)?.ir.as_ref().ok()?;
    let count = last.variables.iter().find_map(|(_, v)| {
        (v.builtin == Some(nir_like::Builtin::CullDistance) && v.mode == nir_like::VariableMode::ShaderOut).then(|| match last.types[v.ty] {
            nir_like::Type::Array { length: Some(n), .. } => n,
            _ => 1,
        })
    })?;
    let location = used_varying_locations(linked).map(|(start, count)| start + count).max().unwrap_or(0);
    Some(nir_like::passes::CullEmulation { location, count })
}

/// Where the linker placed the default tessellation levels (outer, inner), if it did.
fn patch_default_levels(interface: &glsl::ProgramInterface) -> Option<(u32, u32)> {
    let find = |name: &str| interface.builtin_uniforms.iter().find(|(n, _)| n == name).map(|(_, o)| *o);
    Some((find(glsl::link::PATCH_DEFAULT_OUTER)?, find(glsl::link::PATCH_DEFAULT_INNER)?))
}

/// Where the linker placed the clip-plane state in the default block, if the program has it.
fn clip_plane_state(interface: &glsl::ProgramInterface) -> Option<nir_like::passes::ClipPlaneState> {
    let find = |name: &str| interface.builtin_uniforms.iter().find(|(n, _)| n == name).map(|(_, o)| *o);
    let enables_offset = find(glsl::link::CLIP_PLANE_ENABLES)?;
    let for_position = find(glsl::link::CLIP_PLANES_FOR_POSITION);
    let planes_offset = for_position.or_else(|| find(glsl::link::CLIP_PLANES_EYE))?;
    Some(nir_like::passes::ClipPlaneState { set: 0, binding: 0, enables_offset, planes_offset, clip_position: for_position.is_some() })
}

/// Where the linker placed the glClipControl depth mode, if the program has it.
fn clip_control_state(interface: &glsl::ProgramInterface) -> Option<nir_like::passes::ClipControlState> {
    let offset = interface.builtin_uniforms.iter().find(|(n, _)| n == glsl::link::CLIP_CONTROL_STATE)?.1;
    Some(nir_like::passes::ClipControlState { set: 0, binding: 0, offset })
}

/// Where the linker placed the point-size state in the default block, if the program has it.
fn point_size_state(interface: &glsl::ProgramInterface) -> Option<nir_like::passes::PointSizeState> {
    let offset = interface.builtin_uniforms.iter().find(|(n, _)| n == glsl::link::POINT_SIZE_STATE)?.1;
    Some(nir_like::passes::PointSizeState { set: 0, binding: 0, offset })
}

/// Where the linker placed the framebuffer height, if the fragment stage needs it.
fn frag_coord_state(interface: &glsl::ProgramInterface) -> Option<nir_like::passes::FragCoordState> {
    let offset = interface.builtin_uniforms.iter().find(|(n, _)| n == glsl::link::FRAG_COORD_STATE)?.1;
    Some(nir_like::passes::FragCoordState { set: 0, binding: 0, offset })
}

/// Where the linker placed the word saying whether GL ignores gl_SampleMask, if the
/// fragment stage writes the mask.
fn sample_mask_state(interface: &glsl::ProgramInterface) -> Option<nir_like::passes::SampleMaskState> {
    let offset = interface.builtin_uniforms.iter().find(|(n, _)| n == glsl::link::SAMPLE_MASK_STATE)?.1;
    Some(nir_like::passes::SampleMaskState { set: 0, binding: 0, offset })
}

/// Where the linker placed the two-sided colour enable, and which back colours (location
/// pairs of front input and back output) the last pre-rasterisation stage writes.
fn two_sided_color_state(linked: &glsl::LinkedProgram, last_pre_raster: Option<glsl::Stage>) -> Option<nir_like::passes::TwoSidedColorState> {
    let offset = linked.interface.builtin_uniforms.iter().find(|(n, _)| n == glsl::link::TWO_SIDE_STATE)?.1;
    let stage = linked.stages.iter().find(|s| Some(s.stage) == last_pre_raster)?;
    let ir = stage.ir.as_ref().ok()?;
    // Front and back colours sit where the linker placed them between the two stages.
    let placed = linked.interface.compat_varyings_read(glsl::Stage::Fragment);
    let writes = |name: &str| ir.variables.iter().any(|(_, v)| v.mode == nir_like::VariableMode::ShaderOut && v.builtin.is_none() && v.name == name);
    use glsl::link_compat_varyings::CompatVarying;
    let colors: Vec<(u32, u32)> = [(CompatVarying::Color, CompatVarying::BackColor), (CompatVarying::SecondaryColor, CompatVarying::BackSecondaryColor)]
        .iter()
        .filter(|(_, back)| writes(back.producer_name()))
        .filter_map(|(front, back)| Some((placed.location(*front)?, placed.location(*back)?)))
        .collect();
    (!colors.is_empty()).then_some(nir_like::passes::TwoSidedColorState { set: 0, binding: 0, offset, colors })
}

/// The modules of a program whose geometry shader is emulated, as they are built.
#[derive(Default)]
struct EmulatedGsModules {
    record_layout: nir_like::passes::RecordLayout,
    vertex: Option<ShaderModule>,
    passthrough_vertex: Option<ShaderModule>,
    compute: Option<ShaderModule>,
    shape: Option<crate::draw_path::gs_emulation::GsShape>,
}

/// Why a program's geometry shader cannot be emulated, if it cannot.
fn emulated_gs_supported(linked: &glsl::LinkedProgram, tess_emulated: bool, capture_emulated: bool) -> Result<(), String> {
    let has = |stage| linked.stages.iter().any(|s| s.stage == stage);
    // Emulated tessellation's evaluation shader runs as a vertex shader, which stores the
    // records the geometry shader reads; the device's own tessellation stage cannot.
    let tessellated = has(glsl::Stage::TessEval) || has(glsl::Stage::TessControl);
    if tessellated && !tess_emulated {
        return Err("this device runs geometry shaders emulated, which is not supported together with its own tessellation".into());
    }
    if !has(glsl::Stage::Vertex) {
        return Err("an emulated geometry shader needs a vertex shader in the same program".into());
    }
    // The pass-through vertex shader draws, and so natively captures, stream 0 only;
    // emulated capture takes streams 1 to 3 from the compute shader's own stores.
    let xfb = &linked.interface.transform_feedback;
    let gs = linked.stages.iter().find(|s| s.stage == glsl::Stage::Geometry).and_then(|s| s.ir.as_ref().ok());
    let other_stream = gs.is_some_and(|ir| ir.variables.iter().any(|(_, v)| v.mode == nir_like::VariableMode::ShaderOut && v.xfb.is_some() && v.stream.unwrap_or(0) != 0));
    if !capture_emulated && !xfb.varyings.is_empty() && xfb.capture_stage == Some(glsl::Stage::Geometry) && other_stream {
        return Err("transform feedback of vertex streams other than 0 from an emulated geometry shader is not supported".into());
    }
    Ok(())
}

/// Where the vertex shader's outputs live in its records: every output, gl_ClipVertex at
/// the varying location it is handed on at.
fn vertex_record_layout(ir: &nir_like::Shader, clip_vertex_location: Option<u32>) -> nir_like::passes::RecordLayout {
    let mut layout = nir_like::passes::RecordLayout::of_outputs(ir);
    for e in &mut layout.entries {
        if let (nir_like::passes::RecordKey::Builtin(nir_like::Builtin::ClipVertex), Some(location)) = (e.key, clip_vertex_location) {
            e.key = nir_like::passes::RecordKey::Varying { location, component: 0 };
        }
    }
    layout
}

/// The varying location gl_PrimitiveID takes behind an emulated geometry shader, when the
/// fragment shader reads it: after every location the program's varyings and the
/// cull-distance emulation take.
fn emulated_primitive_id_location(linked: &glsl::LinkedProgram, cull: Option<nir_like::passes::CullEmulation>) -> Option<u32> {
    let fragment = linked.stages.iter().find(|s| s.stage == glsl::Stage::Fragment)?.ir.as_ref().ok()?;
    if !nir_like::passes::reads_primitive_id(fragment) {
        return None;
    }
    let used = used_varying_locations(linked).map(|(start, count)| start + count).max().unwrap_or(0);
    let culled = cull.map_or(0, |c| c.location + 2 * c.count.div_ceil(4));
    Some(used.max(culled))
}

impl ContextState {
    /// Turns linked stages into a Vulkan program; `Err` is the info-log line saying why not.
    pub(crate) fn build_gpu_program(&self, linked: &glsl::LinkedProgram, separable: bool, tex_clamp: &[(u32, nir_like::passes::ClampMask)]) -> Result<GpuProgram, String> {
        self.build_gpu_programs(linked, separable, tex_clamp).map(|(gpu, _)| gpu)
    }

    /// The Vulkan program drawing `linked` and, when its geometry shader is emulated, the
    /// emulation's other programs (the drawing program is then the pass-through vertex
    /// shader with the fragment shader).
    pub(crate) fn build_gpu_programs(
        &self,
        linked: &glsl::LinkedProgram,
        separable: bool,
        tex_clamp: &[(u32, nir_like::passes::ClampMask)],
    ) -> Result<(GpuProgram, Option<crate::draw_path::gs_emulation::GsEmulation>), String> {
        let has = |stage| linked.stages.iter().any(|s| s.stage == stage);
        // A separable program may hold any stages: a pipeline supplies the rest.
        let es = self.api == crate::version::Api::Gles;
        let graphics = !has(glsl::Stage::Compute);
        if es && graphics && !separable && !(has(glsl::Stage::Vertex) && has(glsl::Stage::Fragment)) {
            return Err("an OpenGL ES program needs both a vertex and a fragment shader unless it is separable".into());
        }
        // Desktop GL links a fragment shader alone (compatibility contexts have added the
        // fixed-function vertex stage by now); Vulkan gets a placeholder vertex stage.
        let placeholder_vertex = graphics && !has(glsl::Stage::Vertex) && !separable;
        if placeholder_vertex && linked.stages.first().map(|s| s.stage) != Some(glsl::Stage::Fragment) {
            return Err("programs with tessellation or geometry shaders but no vertex shader are not supported".into());
        }
        let caps = self.caps;
        // A separable geometry shader without a vertex shader is emulated once a pipeline
        // links it with one; alone it is kept as its compute module, which never draws.
        let gs_apart = has(glsl::Stage::Geometry) && caps.geometry_shader_emulated() && separable && !has(glsl::Stage::Vertex);
        let emulate_gs = has(glsl::Stage::Geometry) && caps.geometry_shader_emulated() && !gs_apart;
        let tess_emulated = !separable && crate::draw_path::tess_emulation::is_emulated(&caps, linked);
        if emulate_gs {
            emulated_gs_supported(linked, tess_emulated, caps.transform_feedback_emulated())?;
        }
        let mut modules = Vec::new();
        let mut all_stages = StageMask(0);
        // The stages whose shaders declare each sampler or image binding: a device's
        // per-stage limits count only those.
        let mut opaque_stages: Vec<(u32, StageMask)> = Vec::new();
        let last_pre_raster = linked.stages.iter().filter(|s| s.stage != glsl::Stage::Fragment).map(|s| s.stage).max().or(placeholder_vertex.then_some(glsl::Stage::Vertex));
        let cull_emulation = cull_emulation(linked, last_pre_raster);
        let clip_vertex_location = clip_vertex_location(linked, last_pre_raster, self.limits.max_varying_components / 4)?;
        let xfb_storage = crate::draw_path::xfb_emulation::xfb_storage(&caps, &linked.interface.transform_feedback);
        let capture_stage = linked.interface.transform_feedback.capture_stage;
        // Behind an emulated geometry shader, its pass-through vertex shader is captured.
        let gs_capture = xfb_storage.clone().filter(|_| emulate_gs && capture_stage == Some(glsl::Stage::Geometry));
        let mut stages = Vec::new();
        if placeholder_vertex {
            let fragment = linked.stages[0].ir.as_ref().map_err(|e| format!("fragment shader: {e}"))?;
            stages.push((glsl::Stage::Vertex, glsl::placeholder_vertex::placeholder_vertex_shader(fragment)));
        }
        for stage in &linked.stages {
            let mut ir = stage.ir.as_ref().map_err(|e| format!("{} shader: {e}", stage.stage.name()))?.clone();
            if stage.stage == glsl::Stage::TessEval && !has(glsl::Stage::TessControl) {
                let levels = patch_default_levels(&linked.interface).ok_or("the default tessellation levels have no place")?;
                let tcs = glsl::passthrough_tcs::passthrough_control_shader(&mut ir, levels.0, levels.1);
                stages.push((glsl::Stage::TessControl, tcs));
            }
            stages.push((stage.stage, ir));
        }
        // Emulated tessellation draws with the evaluation shader as its vertex shader; the
        // vertex and control stages run before, as programs of their own.
        if tess_emulated {
            stages = crate::draw_path::tess_emulation::final_draw_stages(stages)?;
        }
        // GL's implicit rules made explicit, and emulations of what the device lacks.
        let lower_options = |gl_stage: glsl::Stage| nir_like::passes::LowerOptions {
            last_pre_rasterization: Some(gl_stage) == last_pre_raster,
            clip_vertex_location,
            cull_emulation,
            two_sided_color: two_sided_color_state(linked, last_pre_raster),
            tex_clamp: tex_clamp.to_vec(),
            xfb_storage: xfb_storage.clone().filter(|_| gl_stage == glsl::Stage::Vertex && capture_stage == Some(glsl::Stage::Vertex)),
            ..self.lower_options(linked)
        };
        let emit = |gl_stage: glsl::Stage, ir: &nir_like::Shader| self.shader_module(gl_stage, ir);
        let mut emulation: Option<EmulatedGsModules> = None;
        for (gl_stage, mut ir) in stages {
            crate::shader_dumps::ir(gl_stage.name(), "from GLSL", &ir);
            if emulate_gs {
                let modules = emulation.get_or_insert_with(EmulatedGsModules::default);
                match gl_stage {
                    // With tessellation emulated, the evaluation shader is the vertex stage.
                    glsl::Stage::Vertex | glsl::Stage::TessEval => {
                        modules.record_layout = vertex_record_layout(&ir, clip_vertex_location);
                        let storage = nir_like::passes::RecordStorage {
                            set: 0,
                            records_binding: crate::draw_path::gs_emulation::RECORDS_BINDING,
                            params_binding: crate::draw_path::gs_emulation::RECORD_PARAMS_BINDING,
                            layout: modules.record_layout.clone(),
                        };
                        let lower = nir_like::passes::LowerOptions { output_records: Some(storage), ..lower_options(gl_stage) };
                        nir_like::passes::lower_for_caps(&mut ir, &caps, &lower);
                        modules.vertex = Some(emit(gl_stage, &ir)?);
                        continue;
                    }
                    glsl::Stage::Geometry => {
                        let (passthrough, compute, shape) = self.emulated_geometry_stage(linked, ir, &modules.record_layout, &caps, &lower_options, cull_emulation, gs_capture.clone())?;
                        modules.shape = Some(shape);
                        modules.passthrough_vertex = Some(passthrough);
                        modules.compute = Some(compute);
                        continue;
                    }
                    glsl::Stage::Fragment => {
                        if let Some(location) = emulated_primitive_id_location(linked, cull_emulation) {
                            nir_like::passes::lower_primitive_id_to_varying(&mut ir, location);
                        }
                    }
                    _ => {}
                }
            }
            if gs_apart && gl_stage == glsl::Stage::Geometry {
                if linked.stages.len() == 1 {
                    let (_, compute, _) = self.emulated_geometry_stage(linked, ir, &Default::default(), &caps, &lower_options, cull_emulation, None)?;
                    modules.push(compute);
                }
                continue;
            }
            nir_like::passes::lower_for_caps(&mut ir, &caps, &lower_options(gl_stage));
            let module = emit(gl_stage, &ir)?;
            let gpu_stage = gpu_stage_of(ir.stage);
            all_stages.0 |= 1 << gpu_stage as u8;
            for binding in ir.variables.iter().filter(|(_, v)| v.mode == nir_like::VariableMode::Image).filter_map(|(_, v)| v.binding) {
                match opaque_stages.iter_mut().find(|(b, _)| *b == binding) {
                    Some((_, mask)) => mask.0 |= 1 << gpu_stage as u8,
                    None => opaque_stages.push((binding, StageMask(1 << gpu_stage as u8))),
                }
            }
            modules.push(module);
        }
        if emulation.is_some() {
            // One set layout for the three programs: every binding seen by every stage.
            all_stages = crate::draw_path::gs_emulation::EMULATED_GS_STAGES;
            opaque_stages.clear();
        }
        let mut bindings = program_bindings_by_stage(&linked.interface, all_stages, &opaque_stages);
        if let Some(storage) = &xfb_storage {
            bindings.extend(crate::draw_path::xfb_emulation::xfb_storage_bindings(storage));
        }
        if tess_emulated {
            bindings.extend(crate::draw_path::tess_emulation::final_draw_bindings());
        }
        let Some(emulation) = emulation else {
            let refs: Vec<&ShaderModule> = modules.iter().collect();
            let gpu = GpuProgram::new(&self.device, &ProgramDesc { modules: &refs, bindings: &bindings }).map_err(|e| e.to_string())?;
            return Ok((gpu, None));
        };
        bindings.extend(crate::draw_path::gs_emulation::gs_emulation_bindings());
        let (Some(vertex), Some(passthrough), Some(compute), Some(shape)) = (emulation.vertex, emulation.passthrough_vertex, emulation.compute, emulation.shape) else {
            return Err("an emulated geometry shader needs a vertex shader".into());
        };
        let program = |modules: &[&ShaderModule]| GpuProgram::new(&self.device, &ProgramDesc { modules, bindings: &bindings }).map_err(|e| e.to_string());
        let mut raster_modules = vec![&passthrough];
        raster_modules.extend(modules.iter());
        let gpu = program(&raster_modules)?;
        let capture = gs_capture.map(|storage| storage.layout);
        let gs = crate::draw_path::gs_emulation::GsEmulation { vertex: program(&[&vertex])?, geometry: program(&[&compute])?, shape, capture };
        Ok((gpu, Some(gs)))
    }

    /// The geometry stage of a program whose geometry shader is emulated: the
    /// pass-through vertex module drawing what it emits (storing its captures where
    /// `capture` says, when capture is emulated), its compute module, and the numbers the
    /// draw path sizes its buffers by.
    #[allow(clippy::type_complexity)]
    fn emulated_geometry_stage(
        &self,
        linked: &glsl::LinkedProgram,
        mut ir: nir_like::Shader,
        record_layout: &nir_like::passes::RecordLayout,
        caps: &nir_like::Caps,
        lower_options: &dyn Fn(glsl::Stage) -> nir_like::passes::LowerOptions,
        cull_emulation: Option<nir_like::passes::CullEmulation>,
        capture: Option<nir_like::passes::XfbStorage>,
    ) -> Result<(ShaderModule, ShaderModule, crate::draw_path::gs_emulation::GsShape), String> {
        use crate::draw_path::gs_emulation as gs;
        // The geometry shader hands its outputs on through memory: the epilogues of the
        // last pre-rasterisation stage belong to the pass-through vertex shader.
        let gs_lower = nir_like::passes::LowerOptions {
            last_pre_rasterization: false,
            clip_planes: None,
            cull_emulation: None,
            point_size: None,
            clip_control: None,
            xfb_storage: None,
            ..lower_options(glsl::Stage::Geometry)
        };
        nir_like::passes::lower_for_caps(&mut ir, caps, &gs_lower);
        let geometry = ir.info.geometry.clone();
        let other_streams = nir_like::passes::gs_emits_to_other_streams(&ir);
        let output_layout = nir_like::passes::RecordLayout::of_outputs(&ir);
        let points = geometry.output_primitive == nir_like::Primitive::Points;
        let passthrough_options = nir_like::passes::GsPassthrough {
            set: 0,
            vertices_binding: gs::VERTICES_BINDING,
            layout: output_layout.clone(),
            primitive_id_location: emulated_primitive_id_location(linked, cull_emulation),
            points,
        };
        let mut passthrough = nir_like::passes::build_gs_passthrough_vertex(&ir, &passthrough_options);
        // Emulated capture of the geometry shader's outputs stores them from here.
        let vertex_lower = nir_like::passes::LowerOptions { last_pre_rasterization: true, xfb_storage: capture, ..lower_options(glsl::Stage::Geometry) };
        nir_like::passes::lower_for_caps(&mut passthrough, caps, &vertex_lower);
        let storage = nir_like::passes::GsComputeStorage {
            set: 0,
            records_binding: gs::RECORDS_BINDING,
            input_layout: record_layout.clone(),
            slots_binding: gs::SLOTS_BINDING,
            vertices_binding: gs::VERTICES_BINDING,
            output_layout: output_layout.clone(),
            indices_binding: gs::INDICES_BINDING,
            params_binding: gs::PARAMS_BINDING,
            other_streams: other_streams.then(|| nir_like::passes::GsOtherStreams {
                counts_binding: gs::STREAM_COUNTS_BINDING,
                records_binding: gs::STREAM_RECORDS_BINDING,
                capture: capture.map(|c| c.layout).unwrap_or_default(),
            }),
        };
        nir_like::passes::lower_gs_to_compute(&mut ir, &storage);
        nir_like::passes::optimize(&mut ir);
        let passthrough_module = self.named_shader_module("geometry pass-through vertex", &passthrough)?;
        let compute_module = self.named_shader_module("geometry as compute", &ir)?;
        let shape = gs::GsShape {
            input_vertices: nir_like::passes::gs_input_vertices(geometry.input_primitive),
            invocations: geometry.invocations.max(1),
            max_vertices: geometry.vertices_out.max(1),
            output: geometry.output_primitive,
            record_words: record_layout.words_per_vertex,
            output_words: output_layout.words_per_vertex,
            other_streams,
        };
        Ok((passthrough_module, compute_module, shape))
    }

    /// The lowering options every stage of `linked` shares; stage-specific ones are left
    /// at their defaults.
    pub(crate) fn lower_options(&self, linked: &glsl::LinkedProgram) -> nir_like::passes::LowerOptions {
        nir_like::passes::LowerOptions {
            draw_buffers: self.limits.max_draw_buffers,
            uniform_offsets: linked.interface.default_block_members.iter().cloned().collect(),
            default_block_binding: (0, 0),
            robust_access: self.config.robust,
            point_coord_upper_left: true,
            // Samplers inside uniform structs ("s.tex", "s[i].tex"): one binding each.
            opaque_member_bindings: linked
                .interface
                .uniforms
                .iter()
                .filter(|u| u.name.contains('.'))
                .filter_map(|u| {
                    let (binding, _) = crate::draw_path::descriptor_arrays::descriptor_of(&linked.interface, u)?;
                    Some((crate::draw_path::descriptor_arrays::unindexed_name(&u.name), binding))
                })
                .collect(),
            clip_planes: clip_plane_state(&linked.interface),
            point_size: point_size_state(&linked.interface),
            clip_control: clip_control_state(&linked.interface),
            frag_coord: frag_coord_state(&linked.interface),
            sample_mask: sample_mask_state(&linked.interface),
            ..Default::default()
        }
    }

    /// A lowered stage as a Vulkan shader module, of the stage its IR now is; `name`
    /// labels the dumps and errors.
    pub(crate) fn named_shader_module(&self, name: &str, ir: &nir_like::Shader) -> Result<ShaderModule, String> {
        crate::shader_dumps::ir(name, "lowered", ir);
        let options = spirv_out::EmitOptions { spirv_version: (1, 3), debug_names: false };
        let words = spirv_out::emit(ir, &options).map_err(|e| format!("{name} shader: {e}"))?;
        crate::shader_dumps::spirv(name, &words);
        ShaderModule::new(&self.device, gpu_stage_of(ir.stage), &words, "main").map_err(|e| e.to_string())
    }

    /// [`Self::named_shader_module`] for a stage of GL's.
    pub(crate) fn shader_module(&self, gl_stage: glsl::Stage, ir: &nir_like::Shader) -> Result<ShaderModule, String> {
        self.named_shader_module(gl_stage.name(), ir)
    }

    pub(crate) fn gl_link_program(&mut self, program: GLuint) {
        let Some(attached) = self.with_program(program, |p| p.shaders.clone()) else { return };
        if !self.check(self.program_relink_allowed(program), GL_INVALID_OPERATION) {
            return;
        }
        let share = self.share.clone();
        let mut objects = share.lock();
        // Every attached shader must have compiled.
        let mut compiled = Vec::new();
        let mut texts = Vec::new();
        let mut log = String::new();
        let mut spirv = Vec::new();
        for name in &attached {
            match objects.shader_objects.get(*name) {
                Some(ShaderOrProgram::Shader(s)) if s.spirv.is_some() => match s.spirv.as_ref().and_then(|m| m.specialized.clone()) {
                    Some(m) => spirv.extend(glsl_stage_of(s.stage).map(|stage| (stage, m))),
                    None => log.push_str(&format!("error: attached {} shader {name} is not specialized\n", s.stage_name())),
                },
                Some(ShaderOrProgram::Shader(s)) => match &s.compiled_shader {
                    Some(c) => {
                        compiled.push(c.clone());
                        texts.push(s.source.clone());
                    }
                    None => log.push_str(&format!("error: attached {} shader {name} is not compiled\n", s.stage_name())),
                },
                _ => {}
            }
        }
        let Some(ShaderOrProgram::Program(p)) = objects.shader_objects.get_mut(program) else { return };
        let mut options = glsl::LinkOptions {
            attrib_bindings: p.attrib_bindings.iter().map(|(k, v)| (k.clone(), *v)).collect(),
            frag_data_bindings: p.frag_data_bindings.iter().map(|(k, v)| (k.clone(), *v)).collect(),
            frag_data_index: p.frag_data_index.iter().map(|(k, v)| (k.clone(), *v)).collect(),
            transform_feedback_varyings: p.transform_feedback.names.clone(),
            transform_feedback_separate: p.transform_feedback.separate,
            separable: p.separable,
            pipeline_stages: false,
            clip_control_state: false,
            fixed_function_vertex: false,
            fixed_function_fragment: false,
        };
        drop(objects);
        if !spirv.is_empty() {
            return self.link_spirv_program(program, spirv, !compiled.is_empty(), log);
        }
        // A compatibility program without a vertex shader gets the fixed-function one.
        let has_vertex = compiled.iter().any(|c| c.stage == glsl::Stage::Vertex);
        let only_fragment = !has_vertex && compiled.iter().all(|c| c.stage == glsl::Stage::Fragment);
        if only_fragment && !options.separable && !compiled.is_empty() && self.is_compatibility_gl() {
            let version = self.version.0 * 10 + self.version.1;
            if let Some(vs) = crate::fixed_function::vertex_shader::compile(glsl::Api::GlCompat, version) {
                compiled.push(vs);
                options.fixed_function_vertex = true;
            }
        }
        // And one without a fragment shader colours fragments as fixed function does
        // without texturing. A separable program has no executable for the stages it
        // lacks: a pipeline adds the fixed-function fragment stage when it draws.
        let has_fragment = compiled.iter().any(|c| c.stage == glsl::Stage::Fragment);
        if has_vertex && !has_fragment && !options.separable {
            let generated = self.fixed_function_fragment_shader();
            options.fixed_function_fragment = generated.is_some();
            compiled.extend(generated);
        }
        // A forward-compatible context has no fixed-function stages to stand in for missing
        // shaders (GL 3.1 without ARB_compatibility).
        let fixed_function = self.is_compatibility_gl() && !self.config.forward_compatible;
        let linked = if log.is_empty() && !compiled.is_empty() {
            let (linked, link_log) = self.link_executable(&compiled, &options);
            log.push_str(&link_log);
            linked
        } else {
            if compiled.is_empty() && log.is_empty() && !fixed_function {
                log.push_str("error: no shaders attached\n");
            }
            None
        };
        // A compatibility program without shaders links: drawing with it is fixed function
        // for both stages (GL 2.1, sections 2.15 and 3.11).
        let empty_compatibility = compiled.is_empty() && log.is_empty() && fixed_function;
        if let Some(exe) = &linked {
            exe.lock().unwrap_or_else(|p| p.into_inner()).source_texts = texts;
        }
        // A failed relink of the program in use leaves its last executable drawing until
        // glUseProgram replaces it (GL 4.6, section 7.3).
        let in_use = self.bindings.program == program;
        self.with_program(program, |p| {
            p.linked = linked.is_some() || empty_compatibility;
            p.info_log = log;
            if linked.is_some() || empty_compatibility || !in_use {
                p.executable = linked;
            }
        });
        if self.bindings.program == program {
            self.state.dirty.insert(Dirty::PROGRAM | Dirty::VERTEX_INPUT | Dirty::UNIFORMS | Dirty::TEXTURES);
        }
    }

    /// glLinkProgram for SPIR-V shaders (`program_link_spirv`); GLSL shaders beside them
    /// fail the link.
    fn link_spirv_program(&mut self, program: GLuint, stages: Vec<(glsl::Stage, spirv_in::SpirvShader)>, mixed: bool, mut log: String) {
        if mixed {
            log.push_str("error: a program cannot link SPIR-V shaders with GLSL ones\n");
        }
        let linked = if log.is_empty() {
            let (exe, link_log) = self.executable_from_linked(crate::objects::program_link_spirv::link_spirv(stages));
            log.push_str(&link_log);
            exe
        } else {
            None
        };
        let in_use = self.bindings.program == program;
        self.with_program(program, |p| {
            p.linked = linked.is_some();
            p.info_log = log;
            if linked.is_some() || !in_use {
                p.executable = linked;
            }
        });
        if in_use {
            self.state.dirty.insert(Dirty::PROGRAM | Dirty::VERTEX_INPUT | Dirty::UNIFORMS | Dirty::TEXTURES);
        }
    }

    /// In a compatibility context, the fragment shader that stands in where a program (or
    /// pipeline) has none: fixed function without texturing, the interpolated primary colour.
    pub(crate) fn fixed_function_fragment_shader(&self) -> Option<glsl::CompiledShader> {
        if self.api != crate::version::Api::Gl || self.profile != crate::version::Profile::Compatibility {
            return None;
        }
        let options = glsl::CompileOptions { stage: glsl::Stage::Fragment, api: glsl::Api::GlCompat, context_version: self.version.0 * 10 + self.version.1, extensions: Vec::new(), limits: Default::default() };
        let fs = glsl::compile_shader(&["#version 110\nvoid main() { gl_FragColor = gl_Color; }\n"], &options);
        fs.success.then_some(fs)
    }

    /// Links compiled shaders into an executable; the info log either way.
    pub(crate) fn link_executable(&self, compiled: &[glsl::CompiledShader], options: &glsl::LinkOptions) -> (Option<Arc<std::sync::Mutex<LinkedProgram>>>, String) {
        let refs: Vec<&glsl::CompiledShader> = compiled.iter().collect();
        // Native depth clip control needs no depth mode in the shader.
        let options = &glsl::LinkOptions { clip_control_state: !self.caps.depth_clip_control, ..options.clone() };
        let linked = glsl::link_program(&refs, options);
        let compatibility = self.api == crate::version::Api::Gl && self.profile == crate::version::Profile::Compatibility;
        let flat = if compatibility && linked.success { crate::fixed_function::flat_colors::with_flat_colors(&linked) } else { None };
        let (exe, log) = self.executable(linked, options.separable, flat);
        if let Some(exe) = &exe {
            let mut exe = exe.lock().unwrap_or_else(|p| p.into_inner());
            exe.sources = compiled.to_vec();
            exe.link_options = options.clone();
        }
        (exe, log)
    }

    /// The executable of a linked program (from the GLSL linker or built directly as IR,
    /// as the fixed-function programs are); the info log either way.
    pub(crate) fn executable_from_linked(&self, linked: glsl::LinkedProgram) -> (Option<Arc<std::sync::Mutex<LinkedProgram>>>, String) {
        self.executable(linked, false, None)
    }

    /// The executable of `linked`, and of `flat`, its build for flat shading, if any.
    fn executable(&self, linked: glsl::LinkedProgram, separable: bool, flat: Option<glsl::LinkedProgram>) -> (Option<Arc<std::sync::Mutex<LinkedProgram>>>, String) {
        let mut log = linked.info_log.clone();
        if !linked.success {
            return (None, log);
        }
        let stages: Vec<glsl::Stage> = linked.stages.iter().map(|s| s.stage).collect();
        if let Err(why) = self.check_program_resource_limits(&linked.interface, &stages) {
            log.push_str(&format!("error: {why}\n"));
            return (None, log);
        }
        // GL_CLAMP, the shade model and colour clamping exist only in compatibility contexts.
        let compatibility = !self.is_core() && !self.is_gles();
        let variants = ProgramVariants::new(compatibility.then(|| linked.clone()), flat, separable);
        let (gpu, gs_emulation) = match self.build_gpu_programs(&variants.plain_source(&linked), separable, &[]) {
            Ok(built) => built,
            Err(why) => {
                log.push_str(&format!("error: {why}\n"));
                return (None, log);
            }
        };
        let tess_emulation = if crate::draw_path::tess_emulation::is_emulated(&self.caps, &linked) && !separable {
            match self.build_tess_emulation(&variants.plain_source(&linked)) {
                Ok(t) => Some(Arc::new(t)),
                Err(why) => {
                    log.push_str(&format!("error: {why}\n"));
                    return (None, log);
                }
            }
        } else {
            None
        };
        let has_tessellation = linked.stages.iter().any(|s| s.stage == glsl::Stage::TessEval);
        let stage_ir = |stage| linked.stages.iter().find(|s| s.stage == stage).and_then(|s| s.ir.as_ref().ok());
        let tess_control_vertices = stage_ir(glsl::Stage::TessControl).map(|ir| ir.info.tess.vertices_out);
        let tess_eval = stage_ir(glsl::Stage::TessEval).map(|ir| ir.info.tess.clone());
        let geometry_input = stage_ir(glsl::Stage::Geometry).map(|ir| ir.info.geometry.input_primitive);
        let interface = linked.interface;
        let sampler_types = (0..interface.sampler_count)
            .map(|s| interface.uniforms.iter().find(|u| u.sampler_index.is_some_and(|i| s >= i && s < i + u.array_size.max(1))).map_or(GL_SAMPLER_2D, |u| u.gl_type))
            .collect();
        // Uniforms start at their initializers (else zero), samplers at their
        // layout(binding) units (else unit 0).
        let mut uniform_data = vec![0u8; interface.default_block_size as usize];
        for &(offset, word) in &interface.initial_uniform_words {
            if let Some(slot) = uniform_data.get_mut(offset as usize..offset as usize + 4) {
                slot.copy_from_slice(&word.to_ne_bytes());
            }
        }
        let mut sampler_units = vec![0; interface.sampler_count as usize];
        for &(sampler, unit) in &interface.initial_sampler_units {
            if let Some(slot) = sampler_units.get_mut(sampler as usize) {
                *slot = unit;
            }
        }
        let exe = LinkedProgram {
            uniform_data,
            uniform_generation: 1,
            uniform_gpu: None,
            block_bindings: interface.uniform_blocks.iter().map(|b| b.initial_binding).collect(),
            storage_block_bindings: interface.storage_blocks.iter().map(|b| b.initial_binding).collect(),
            has_tessellation,
            tess_control_vertices,
            tess_eval,
            geometry_input,
            sampler_units,
            sampler_types,
            builtin_matrices_generation: 0,
            sources: Vec::new(),
            source_texts: Vec::new(),
            link_options: glsl::LinkOptions::default(),
            stages,
            interface,
            gpu,
            variants,
            gs_emulation,
            tess_emulation,
        };
        (Some(Arc::new(std::sync::Mutex::new(exe))), log)
    }

    pub(crate) fn gl_use_program(&mut self, program: GLuint) {
        // The program of an active, unpaused capture stays.
        if !self.check(!self.transform_feedback.capturing(), GL_INVALID_OPERATION) {
            return;
        }
        if program != 0 {
            let Some(linked) = self.with_program(program, |p| p.linked) else { return };
            if !self.check(linked, GL_INVALID_OPERATION) {
                return;
            }
        }
        let previous = std::mem::replace(&mut self.bindings.program, program);
        self.reset_subroutine_indices(program);
        if previous != 0 && previous != program {
            // A program deleted while in use goes once it is no longer used.
            let pending = self.share.lock().shader_objects.get(previous).is_some_and(|o| matches!(o, ShaderOrProgram::Program(p) if p.delete_pending));
            if pending {
                self.gl_delete_program(previous);
            }
        }
        self.state.dirty.insert(Dirty::PROGRAM | Dirty::VERTEX_INPUT | Dirty::UNIFORMS | Dirty::TEXTURES);
    }

    /// Whether this is a desktop compatibility-profile context.
    pub(crate) fn is_compatibility_gl(&self) -> bool {
        self.api == crate::version::Api::Gl && self.profile == crate::version::Profile::Compatibility
    }

    /// Whether the current program linked without shaders (compatibility contexts), so
    /// draws take the fixed-function stages.
    pub(crate) fn current_program_is_empty(&self) -> bool {
        self.bindings.program != 0
            && matches!(self.share.lock().shader_objects.get(self.bindings.program), Some(ShaderOrProgram::Program(p)) if p.linked && p.executable.is_none())
    }

    /// The executable of the current program.
    pub(crate) fn current_executable(&self) -> Option<Arc<std::sync::Mutex<LinkedProgram>>> {
        if self.bindings.program == 0 {
            return None;
        }
        match self.share.lock().shader_objects.get(self.bindings.program) {
            Some(ShaderOrProgram::Program(p)) => p.executable.clone(),
            _ => None,
        }
    }
}
