//! The linker: checks that a program's stages fit together, assigns attribute,
//! fragment-output and varying locations, lays out the default uniform block and the
//! uniform blocks, and lists the active resources the GL queries report.

use crate::compile::CompiledShader;
use crate::diagnostics::{Diagnostics, SourceLoc};
use crate::gl_types::gl_type_enum;
use crate::layout::{self, BlockLayout};
use crate::link_components::ComponentMap;
use crate::options::Stage;
use crate::sema::constant::{ConstValue, Lit};
use crate::sema::types::{Scalar, Type};
use crate::sema::GlobalVar;
use crate::ast::{QualItem, Storage, TypeQualifier};
use std::collections::HashMap;

use crate::link_compat_varyings::{CompatVarying, CompatVaryingLocations};

/// glBindAttribLocation, glBindFragDataLocation(Indexed) state at link time.
#[derive(Clone, Debug, Default)]
pub struct LinkOptions {
    pub attrib_bindings: Vec<(String, u32)>,
    pub frag_data_bindings: Vec<(String, u32)>,
    pub frag_data_index: Vec<(String, u32)>,
    /// GL_PROGRAM_SEPARABLE: interfaces to absent stages stay as they are.
    pub separable: bool,
    /// glTransformFeedbackVaryings: the names to capture, and GL_SEPARATE_ATTRIBS.
    pub transform_feedback_varyings: Vec<String>,
    pub transform_feedback_separate: bool,
    /// The stages come from several separable programs of a program pipeline, each
    /// linked (and checked) alone before: a varying no name or location matches meets
    /// the one declared at the same place in the other stage, as each program would have
    /// placed it in declaration order.
    pub pipeline_stages: bool,
    /// The target maps depth in the shader (no depth clip control): pre-rasterisation
    /// programs get the glClipControl depth mode in their default block.
    pub clip_control_state: bool,
    /// The vertex stage is the generated fixed-function one (a compatibility program with
    /// a fragment shader alone): fragment inputs it does not write read undefined values
    /// instead of failing the link.
    pub fixed_function_vertex: bool,
    /// The fragment stage is the generated fixed-function one (a compatibility program
    /// without a fragment shader).
    pub fixed_function_fragment: bool,
}

/// An active vertex attribute or fragment output.
#[derive(Clone, Debug, PartialEq)]
pub struct ActiveVariable {
    pub name: String,
    pub gl_type: u32,
    /// 1 for non-arrays.
    pub array_size: u32,
    /// -1 for built-ins (gl_Vertex, gl_VertexID).
    pub location: i32,
    /// The dual-source blend index of a fragment output.
    pub index: u32,
}

/// One entry of glGetActiveUniform.
#[derive(Clone, Debug, PartialEq)]
pub struct ActiveUniform {
    /// As GL reports it: "a", "arr[0]", "s.m", "s[1].m", "Block.m".
    pub name: String,
    pub gl_type: u32,
    pub array_size: u32,
    /// First location (default block only; each array element takes the next one);
    /// -1 for block members.
    pub location: i32,
    /// Byte offset in the default block or in its uniform block.
    pub offset: u32,
    pub array_stride: u32,
    pub matrix_stride: u32,
    /// -1 in the default block.
    pub block_index: i32,
    /// For samplers: the program's sampler index s (descriptor binding 128 + s).
    pub sampler_index: Option<u32>,
    /// A matrix (or array of them) in a uniform block stored row by row.
    pub row_major: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct UniformBlock {
    pub name: String,
    pub index: u32,
    pub initial_binding: u32,
    pub data_size: u32,
    pub active_uniforms: Vec<u32>,
    /// Stages that reference the block.
    pub stages: Vec<Stage>,
}

/// A varying passed between two stages at `location`.
#[derive(Clone, Debug, PartialEq)]
pub struct LinkedVarying {
    /// The variable name, or the block name for a block with an instance name.
    pub name: String,
    /// The same for the producer's side: another name where the stages matched by
    /// `layout(location)`.
    pub producer_name: String,
    pub location: u32,
    pub producer: Stage,
    pub consumer: Stage,
}

#[derive(Clone, Debug, Default)]
pub struct ProgramInterface {
    pub attributes: Vec<ActiveVariable>,
    pub fragment_outputs: Vec<ActiveVariable>,
    /// Whether the fragment shader writes gl_FragColor (broadcast to every draw buffer).
    pub writes_frag_color: bool,
    pub uniforms: Vec<ActiveUniform>,
    /// Bytes of the default uniform block (descriptor binding 0).
    pub default_block_size: u32,
    pub uniform_blocks: Vec<UniformBlock>,
    pub varyings: Vec<LinkedVarying>,
    /// Number of sampler uniforms (descriptor bindings 128 + s).
    pub sampler_count: u32,
    /// Top-level default-block uniforms and their byte offsets, in block order.
    pub default_block_members: Vec<(String, u32)>,
    /// Sampler uniforms (top-level names) and their sampler index.
    pub sampler_uniforms: Vec<(String, u32)>,
    /// Compatibility-profile state the program reads (gl_ModelViewProjectionMatrix,
    /// gl_DepthRange.near, ...) and its byte offset in the default block: the front end
    /// fills these from GL state. They are not active uniforms.
    pub builtin_uniforms: Vec<(String, u32)>,
    /// GL generic attribute locations read as dvec3/dvec4 (one bit each): Vulkan gives
    /// each of them two input locations.
    pub vertex_input_dual_slots: u32,
    /// Conventional vertex attributes the vertex shader reads (gl_Vertex, gl_Color,
    /// gl_MultiTexCoord3, ...) and the Vulkan input location the IR gives each.
    pub builtin_attributes: Vec<(String, u32)>,
    /// What the default block holds before any glUniform: the uniform initializers, as
    /// (byte offset, 32-bit word).
    pub initial_uniform_words: Vec<(u32, u32)>,
    /// Texture units sampler uniforms start with (`layout(binding = N)`), as
    /// (sampler index, unit).
    pub initial_sampler_units: Vec<(u32, u32)>,
    /// Shader storage blocks; block k has binding 256 + k.
    pub storage_blocks: Vec<crate::link_storage::StorageBlock>,
    /// The compute stage's work-group size; None for a variable one.
    pub compute_local_size: Option<[u32; 3]>,
    /// Whether a compute shader declared `layout(local_size_variable) in;`
    /// (ARB_compute_variable_group_size): each glDispatchComputeGroupSizeARB gives the size.
    pub compute_variable_local_size: bool,
    /// Image uniforms by name. They share the sampler index space (glUniform1i sets their
    /// unit like a sampler's); image uniform s has binding 384 + s.
    pub image_uniforms: Vec<(String, u32)>,
    /// Active atomic counter buffers; buffer k has binding 448 + k.
    pub atomic_counter_buffers: Vec<crate::link_atomic::AtomicCounterBuffer>,
    /// Active atomic counters and where they live.
    pub atomic_counters: Vec<crate::link_atomic::AtomicCounter>,
    /// What transform feedback captures, resolved from glTransformFeedbackVaryings.
    pub transform_feedback: crate::link_xfb::TransformFeedbackLayout,
    /// Each stage's subroutines and subroutine uniforms (stages without any are absent).
    pub subroutines: Vec<crate::link_subroutine::StageSubroutines>,
    /// Locations `[start, end)` of every `layout(location)` default-block uniform, active
    /// or not: no other uniform takes them, and glUniform* on an inactive one is ignored.
    pub explicit_uniform_locations: Vec<(i32, i32)>,
    /// The compatibility varyings' locations on each interface between two of the
    /// program's stages, as (producer, consumer, locations).
    pub compat_varyings: Vec<(Stage, Stage, CompatVaryingLocations)>,
}

impl ProgramInterface {
    /// Where `stage` writes the compatibility varyings: the placement of its interface to
    /// the next stage, or the deterministic one where the program has no next stage.
    pub fn compat_varyings_written(&self, stage: Stage) -> CompatVaryingLocations {
        self.compat_varyings.iter().find(|(p, _, _)| *p == stage).map_or_else(CompatVaryingLocations::deterministic, |(_, _, l)| *l)
    }

    /// Where `stage` reads the compatibility varyings.
    pub fn compat_varyings_read(&self, stage: Stage) -> CompatVaryingLocations {
        self.compat_varyings.iter().find(|(_, c, _)| *c == stage).map_or_else(CompatVaryingLocations::deterministic, |(_, _, l)| *l)
    }

    /// The Vulkan input location of GL generic attribute location `gl_location`: every
    /// dvec3/dvec4 location below it takes two Vulkan locations.
    pub fn vertex_input_location(&self, gl_location: u32) -> u32 {
        let below = if gl_location >= 32 { u32::MAX } else { (1u32 << gl_location) - 1 };
        gl_location + (self.vertex_input_dual_slots & below).count_ones()
    }
}

/// Vulkan input locations of the conventional vertex attributes: after the 16 generic ones.
pub const BUILTIN_ATTRIBUTES: &[(&str, u32)] = &[
    ("gl_Vertex", 16),
    ("gl_Normal", 17),
    ("gl_Color", 18),
    ("gl_SecondaryColor", 19),
    ("gl_FogCoord", 20),
    ("gl_MultiTexCoord0", 21),
    ("gl_MultiTexCoord1", 22),
    ("gl_MultiTexCoord2", 23),
    ("gl_MultiTexCoord3", 24),
    ("gl_MultiTexCoord4", 25),
    ("gl_MultiTexCoord5", 26),
    ("gl_MultiTexCoord6", 27),
    ("gl_MultiTexCoord7", 28),
];


/// Compatibility uniforms a program may read, with their types.
pub const BUILTIN_UNIFORMS: &[(&str, &str)] = &[
    ("gl_ModelViewMatrix", "mat4"),
    ("gl_ProjectionMatrix", "mat4"),
    ("gl_ModelViewProjectionMatrix", "mat4"),
    ("gl_NormalMatrix", "mat3"),
    ("gl_ModelViewMatrixInverse", "mat4"),
    ("gl_ProjectionMatrixInverse", "mat4"),
    ("gl_ModelViewProjectionMatrixInverse", "mat4"),
    ("gl_ModelViewMatrixTranspose", "mat4"),
    ("gl_ProjectionMatrixTranspose", "mat4"),
    ("gl_ModelViewProjectionMatrixTranspose", "mat4"),
    ("gl_ModelViewMatrixInverseTranspose", "mat4"),
    ("gl_ProjectionMatrixInverseTranspose", "mat4"),
    ("gl_ModelViewProjectionMatrixInverseTranspose", "mat4"),
    ("gl_NormalScale", "float"),
    // The draw framebuffer's sample count: Vulkan has no such built-in.
    ("gl_NumSamples", "int"),
];

/// gl_TextureMatrix and its variants: one mat4 per texture-coordinate set
/// (gl_MaxTextureCoords), array stride 64 bytes.
pub const BUILTIN_TEXTURE_MATRICES: &[&str] =
    &["gl_TextureMatrix", "gl_TextureMatrixInverse", "gl_TextureMatrixTranspose", "gl_TextureMatrixInverseTranspose"];

/// The type of a gl_TextureMatrix uniform.
pub fn texture_matrix_type() -> Type {
    Type::Array(Box::new(Type::from_builtin_name("mat4").expect("valid")), Some(8))
}

/// One stage of a linked program. The checked syntax tree is kept so IR generation can
/// run with the locations the linker chose.
#[derive(Clone, Debug)]
pub struct LinkedStage {
    pub stage: Stage,
    pub shader: CompiledShader,
    /// The stage in nir_like, with the locations and bindings of docs/conventions.md;
    /// an error names a construct IR generation does not handle yet.
    pub ir: Result<nir_like::Shader, String>,
}

#[derive(Clone, Debug)]
pub struct LinkedProgram {
    pub success: bool,
    pub info_log: String,
    pub stages: Vec<LinkedStage>,
    pub interface: ProgramInterface,
}

pub fn explicit_int(qual: &TypeQualifier, name: &str) -> Option<i64> {
    qual.layouts().find(|l| l.name == name).and_then(|l| match l.value.as_deref().map(|e| &e.kind) {
        Some(crate::ast::ExprKind::Int(v)) | Some(crate::ast::ExprKind::Uint(v)) => Some(*v as i64),
        _ => None,
    })
}

/// Slots (vec4 locations) a vertex input or varying of type `t` takes.
pub(crate) fn slots(t: &Type) -> u32 {
    match t {
        Type::Array(e, n) => slots(e) * n.unwrap_or(1),
        Type::Matrix { cols, rows, double } => *cols as u32 * if *double && *rows > 2 { 2 } else { 1 },
        Type::Vector(s, n) if matches!(s, crate::sema::types::Scalar::Double | crate::sema::types::Scalar::Int64 | crate::sema::types::Scalar::Uint64) && *n > 2 => 2,
        Type::Struct(s) | Type::Block(s) => s.members.iter().map(|(_, m)| slots(m)).sum(),
        _ => 1,
    }
}

/// GL generic attribute locations a vertex input takes: one per column of each element.
/// A dvec3/dvec4 column is one GL location although Vulkan gives it two
/// ([`ProgramInterface::vertex_input_location`]).
pub(crate) fn attribute_locations(t: &Type) -> u32 {
    match t {
        Type::Array(e, n) => attribute_locations(e) * n.unwrap_or(1),
        Type::Matrix { cols, .. } => *cols as u32,
        _ => 1,
    }
}

/// Whether each column of a vertex input of this type is a dvec3/dvec4, which Vulkan
/// fetches over two locations.
fn attribute_is_dual_slot(t: &Type) -> bool {
    use crate::sema::types::Scalar;
    match t {
        Type::Array(e, _) => attribute_is_dual_slot(e),
        Type::Matrix { rows, double, .. } => *double && *rows > 2,
        Type::Vector(s, n) => matches!(s, Scalar::Double | Scalar::Int64 | Scalar::Uint64) && *n > 2,
        _ => false,
    }
}

fn array_len(t: &Type) -> (Type, u32) {
    match t {
        Type::Array(e, n) => ((**e).clone(), n.unwrap_or(1)),
        t => (t.clone(), 1),
    }
}

/// The element type under every array dimension of `t`, and the dimensions, outermost
/// first (an unsized dimension counts one).
fn array_dims(t: &Type) -> (Type, Vec<u32>) {
    let mut dims = Vec::new();
    let mut t = t.clone();
    while let Type::Array(e, n) = t {
        dims.push(n.unwrap_or(1));
        t = (*e).clone();
    }
    (t, dims)
}

/// `[i][j]...` of the row-major flat index `flat` over `dims`.
fn array_suffix(dims: &[u32], flat: u32) -> String {
    let mut rest = flat;
    let mut indices = Vec::with_capacity(dims.len());
    for &d in dims.iter().rev() {
        indices.push(rest % d.max(1));
        rest /= d.max(1);
    }
    indices.iter().rev().map(|i| format!("[{i}]")).collect()
}

/// Lowest `count` consecutive free slots.
fn allocate(used: &mut [bool], count: u32) -> Option<u32> {
    let count = count as usize;
    let mut start = 0;
    while start + count <= used.len() {
        if used[start..start + count].iter().all(|u| !u) {
            for u in &mut used[start..start + count] {
                *u = true;
            }
            return Some(start as u32);
        }
        start += 1;
    }
    None
}

fn mark(used: &mut [bool], at: u32, count: u32) -> bool {
    let (a, b) = (at as usize, (at + count) as usize);
    if b > used.len() || used[a..b].iter().any(|u| *u) {
        return false;
    }
    for u in &mut used[a..b] {
        *u = true;
    }
    true
}

const MAX_VERTEX_ATTRIBS: usize = 16;
const MAX_DRAW_BUFFERS: usize = 8;
/// Draw buffers that take a second, index-1 colour for dual-source blending: Vulkan's
/// maxFragmentDualSrcAttachments is 1 wherever dualSrcBlend is offered.
pub const MAX_DUAL_SOURCE_DRAW_BUFFERS: u32 = 1;
pub(crate) const MAX_VARYING_SLOTS: usize = 32;

/// Links compiled shaders into a program, on a thread with the compiler's stack (IR
/// generation recurses over the shaders' trees).
pub fn link_program(shaders: &[&CompiledShader], options: &LinkOptions) -> LinkedProgram {
    crate::compile::on_compiler_stack(|| link_on_this_thread(shaders, options)).unwrap_or_else(|_| LinkedProgram {
        success: false,
        info_log: "error: internal compiler error\n".into(),
        stages: Vec::new(),
        interface: ProgramInterface::default(),
    })
}

fn link_on_this_thread(shaders: &[&CompiledShader], options: &LinkOptions) -> LinkedProgram {
    let mut diags = Diagnostics::default();
    let loc = SourceLoc::default();
    let mut interface = ProgramInterface::default();
    let mut stages: Vec<LinkedStage> = Vec::new();
    if shaders.is_empty() {
        diags.error(loc, "no shaders attached to the program");
    }
    for s in shaders {
        if !s.success {
            diags.error(loc, "linking with an uncompiled or failed shader");
        }
    }
    if diags.has_errors() {
        return LinkedProgram { success: false, info_log: diags.to_log(), stages, interface };
    }
    let implicitly_sized = crate::link_implicit_sizes::size_implicit_arrays(shaders);
    let sized_refs: Vec<&CompiledShader> = implicitly_sized.iter().flatten().collect();
    let shaders: &[&CompiledShader] = if implicitly_sized.is_some() { &sized_refs } else { shaders };
    // Several shader objects of one stage form one stage: the linker sees their joined
    // interface, IR generation all their units.
    let mut units: Vec<Vec<&CompiledShader>> = Vec::new();
    let mut sorted: Vec<&CompiledShader> = shaders.to_vec();
    sorted.sort_by_key(|s| s.stage);
    for s in sorted {
        match units.last_mut() {
            Some(u) if u[0].stage == s.stage => u.push(s),
            _ => units.push(vec![s]),
        }
    }
    let joined: Vec<CompiledShader> = units.iter().map(|u| join_stage(u)).collect();
    let by_stage: Vec<&CompiledShader> = joined.iter().collect();
    for u in units.iter().filter(|u| u[0].stage == Stage::Geometry) {
        check_geometry_layouts(u, &mut diags);
    }
    for u in units.iter().filter(|u| matches!(u[0].stage, Stage::TessControl | Stage::TessEval)) {
        crate::link_tess_layouts::check_tessellation_layouts(u, &mut diags);
    }
    check_per_vertex_redeclarations(&units, &mut diags);
    if options.separable && !options.pipeline_stages {
        check_separable_per_vertex(&units, &mut diags);
    }
    for u in units.iter().filter(|u| u.len() > 1) {
        check_intrastage_globals(u, &mut diags);
    }
    for s in shaders {
        // gl_PerVertex may be redeclared once per direction.
        for storage in [Storage::In, Storage::Out] {
            if globals(s).iter().filter(|g| g.block.as_deref() == Some("gl_PerVertex") && g.storage == storage && is_block_instance(g)).count() > 1 {
                diags.error(loc, format!("{} shader redeclares gl_PerVertex more than once", s.stage.name()));
            }
        }
    }
    for u in &units {
        let mains = u.iter().filter(|s| s.interface.as_ref().is_some_and(|i| i.has_main)).count();
        if mains == 0 {
            diags.error(loc, format!("{} shader lacks `main'", u[0].stage.name()));
        } else if mains > 1 {
            diags.error(loc, format!("more than one {} shader defines `main'", u[0].stage.name()));
        }
        // Any shader object of the stage may declare its layouts.
        let interfaces = || u.iter().filter_map(|s| s.interface.as_ref());
        if u[0].stage == Stage::TessEval && !interfaces().any(|i| i.tess_primitive_mode) {
            diags.error(loc, "the tessellation evaluation shader declares no primitive mode (triangles, quads or isolines)");
        }
        if u[0].stage == Stage::TessControl && interfaces().all(|i| i.tcs_vertices.is_none()) {
            diags.error(loc, "the tessellation control shader declares no output patch size (layout(vertices = N) out)");
        }
    }
    let es = by_stage.iter().any(|s| s.settings.as_ref().is_some_and(|x| x.is_es()));
    if es && !options.separable {
        let has = |st: Stage| by_stage.iter().any(|s| s.stage == st);
        if !has(Stage::Compute) && (!has(Stage::Vertex) || !has(Stage::Fragment)) {
            diags.error(loc, "GLSL ES programs need both a vertex and a fragment shader");
        }
    }
    let versions: Vec<(u32, bool)> = by_stage.iter().filter_map(|s| s.settings.as_ref().map(|x| (x.version, x.is_es()))).collect();
    if versions.windows(2).any(|w| w[0].1 != w[1].1 || (w[0].1 && w[0].0 != w[1].0)) {
        diags.error(loc, "all shaders of an ES program must use the same version");
    }

    link_attributes(&by_stage, options, &mut interface, &mut diags);
    link_fragment_outputs(&by_stage, options, &mut interface, &mut diags);
    link_varyings(&by_stage, options, &mut interface, &mut diags);
    for s in &by_stage {
        crate::link_block_member_locations::check_block_member_locations(s, globals(s), &mut diags);
    }
    interface.explicit_uniform_locations = crate::link_uniform_locations::check_explicit_uniform_locations(shaders, &mut diags);
    crate::link_uniform_precision::check_uniform_precisions(shaders, &mut diags);
    crate::link_invariant_builtins::check_invariant_builtins(shaders, &mut diags);
    link_uniforms(&by_stage, &mut interface, &mut diags);
    if options.clip_control_state {
        place_clip_control_state(&by_stage, &mut interface);
    }
    crate::link_subroutine::link_subroutines(&units, &mut interface, &mut diags);
    crate::link_atomic::link_atomic_counters(&by_stage, &mut interface, &mut diags);
    interface.storage_blocks = crate::link_storage::link_storage_blocks(&by_stage, &mut diags);
    // Every compute shader object's own declaration counts, not only the joined stage's.
    interface.compute_local_size = crate::link_storage::link_local_size(shaders, &mut diags);
    interface.compute_variable_local_size = shaders.iter().any(|s| s.stage == Stage::Compute && s.interface.as_ref().is_some_and(|i| i.local_size_variable));
    if by_stage.iter().any(|s| s.stage == Stage::Compute) && by_stage.iter().any(|s| s.stage != Stage::Compute) {
        diags.error(loc, "a program with a compute shader cannot have other stages");
    }

    if !diags.has_errors() {
        for (s, u) in by_stage.iter().zip(&units) {
            let ir = crate::irgen::generate_units(u, &interface);
            stages.push(LinkedStage { stage: s.stage, shader: (*s).clone(), ir });
        }
        let names = &options.transform_feedback_varyings;
        crate::link_xfb::link_transform_feedback(
            &mut stages,
            names,
            options.transform_feedback_separate,
            options.separable,
            &mut interface.transform_feedback,
            &mut diags,
        );
    }
    LinkedProgram { success: !diags.has_errors(), info_log: diags.to_log(), stages, interface }
}

/// One stage's shader objects seen as one shader: globals declared by any of them (the
/// first declaration of a name wins), uses by any of them, `main' from whichever has it.
fn join_stage(units: &[&CompiledShader]) -> CompiledShader {
    let mut joined = units[0].clone();
    if units.len() == 1 {
        return joined;
    }
    if let Some(iface) = joined.interface.as_mut() {
        for other in &units[1..] {
            let Some(o) = &other.interface else { continue };
            for g in &o.globals {
                if !iface.globals.iter().any(|x| x.name == g.name) {
                    iface.globals.push(g.clone());
                }
            }
            iface.static_uses.extend(o.static_uses.iter().cloned());
            iface.has_main |= o.has_main;
        }
    }
    joined
}

/// A geometry stage needs its input primitive, output primitive and vertex count declared
/// in at least one of its shader objects, and the objects must agree on them.
fn check_geometry_layouts(units: &[&CompiledShader], diags: &mut Diagnostics) {
    let loc = SourceLoc::default();
    let mut seen: HashMap<&'static str, (String, Option<i64>)> = HashMap::new();
    for u in units {
        let (Some(tu), Some(info)) = (&u.ast, &u.interface) else { continue };
        for item in &tu.items {
            let crate::ast::ExternalDecl::Declaration(crate::ast::Declaration::Qualifiers { qual, .. }) = item else { continue };
            let is_in = qual.storage() == Some(Storage::In);
            // Within one declaration the last of a repeated layout wins (GLSL 4.20 section 4.7).
            let mut declared: Vec<(&'static str, (String, Option<i64>))> = Vec::new();
            for l in qual.layouts() {
                let key = match (is_in, l.name.as_str()) {
                    (true, "points" | "lines" | "lines_adjacency" | "triangles" | "triangles_adjacency") => "input primitive",
                    (false, "points" | "line_strip" | "triangle_strip") => "output primitive",
                    (false, "max_vertices") => "max_vertices",
                    (true, "invocations") => "invocations",
                    _ => continue,
                };
                let value = l.value.as_deref().and_then(|e| match &e.kind {
                    crate::ast::ExprKind::Int(v) | crate::ast::ExprKind::Uint(v) => Some(*v as i64),
                    _ => info.expr_constants.get(&e.id).and_then(|c| c.as_int()),
                });
                declared.retain(|(k, _)| *k != key);
                declared.push((key, (l.name.clone(), value)));
            }
            for (key, now) in declared {
                match seen.get(key) {
                    Some(prev) if *prev != now => diags.error(loc, format!("geometry shader objects declare different {} layouts", key)),
                    _ => {
                        seen.insert(key, now);
                    }
                }
            }
        }
    }
    for key in ["input primitive", "output primitive", "max_vertices"] {
        if !seen.contains_key(key) {
            diags.error(loc, format!("the geometry shader declares no {} layout", key));
        }
    }
    // Sized per-vertex inputs must have the input primitive's vertex count.
    let vertices = seen.get("input primitive").map(|(p, _)| match p.as_str() {
        "points" => 1,
        "lines" => 2,
        "lines_adjacency" => 4,
        "triangles_adjacency" => 6,
        _ => 3,
    });
    if let Some(n) = vertices {
        for u in units {
            for g in globals(u).iter().filter(|g| g.storage == Storage::In && g.block.as_deref() != Some("gl_PerVertex")) {
                if let Type::Array(_, Some(k)) = &g.ty {
                    if *k != n {
                        diags.error(g.loc, format!("geometry shader input `{}' has {} elements but the input primitive has {} vertices", g.name, k, n));
                    }
                }
                // An object without the layout may index an unsized input past it (GLSL 1.50
                // section 4.3.8.1: every size the objects give must agree).
                let indexed = u.interface.as_ref().and_then(|i| i.implicit_array_sizes.get(&g.name)).copied();
                if let (Type::Array(_, None), Some(k)) = (&g.ty, indexed) {
                    if k > n {
                        diags.error(g.loc, format!("geometry shader input `{}' is indexed past the {} vertices of the input primitive", g.name, n));
                    }
                }
            }
        }
    }
}

pub(crate) fn globals<'a>(s: &'a CompiledShader) -> &'a [GlobalVar] {
    s.interface.as_ref().map(|i| i.globals.as_slice()).unwrap_or(&[])
}

pub(crate) fn used(s: &CompiledShader, name: &str) -> bool {
    s.interface.as_ref().is_some_and(|i| i.static_uses.contains(name))
}

/// Clip-plane state for the last pre-rasterisation stage, after the uniforms: a mask of
/// enabled planes, then eight plane equations (nir_like's `lower_user_clip_planes` reads
/// them). A stage writing gl_ClipDistance needs the mask; one writing gl_ClipVertex the
/// eye-space planes; in the compatibility profile a stage writing neither compares
/// gl_Position with the same eye-space planes (GLSL 1.30 section 7.1).
fn place_clip_plane_state(shaders: &[&CompiledShader], offset: &mut u32, out: &mut ProgramInterface, diags: &mut Diagnostics) {
    let pre_raster = |s: &Stage| matches!(s, Stage::Vertex | Stage::TessEval | Stage::Geometry);
    for stage in [Stage::Vertex, Stage::TessControl, Stage::TessEval, Stage::Geometry, Stage::Fragment] {
        let uses = |name: &str| shaders.iter().any(|s| s.stage == stage && used(s, name));
        if uses("gl_ClipDistance") && uses("gl_ClipVertex") {
            diags.error(SourceLoc::default(), format!("the {} shader writes both gl_ClipDistance and gl_ClipVertex", stage.name()));
        }
        // gl_MaxCombinedClipAndCullDistances bounds the two arrays together.
        let size = |name: &str| shaders.iter().filter(|s| s.stage == stage).filter_map(|s| s.interface.as_ref()?.clip_cull_sizes.get(name).copied()).max().unwrap_or(0);
        if size("gl_ClipDistance") + size("gl_CullDistance") > 8 {
            diags.error(SourceLoc::default(), format!("the {} shader's gl_ClipDistance and gl_CullDistance together exceed gl_MaxCombinedClipAndCullDistances", stage.name()));
        }
    }
    let Some(last) = shaders.iter().map(|s| s.stage).filter(pre_raster).max() else { return };
    let stage: Vec<&CompiledShader> = shaders.iter().copied().filter(|s| s.stage == last).collect();
    let writes = |name: &str| stage.iter().any(|s| used(s, name));
    let compatibility = stage.iter().any(|s| s.settings.as_ref().is_some_and(|x| x.profile == crate::preprocessor::Profile::Compatibility));
    let planes = if writes("gl_ClipDistance") || writes("gl_ClipVertex") {
        CLIP_PLANES_EYE
    } else if compatibility {
        CLIP_PLANES_FOR_POSITION
    } else {
        return;
    };
    *offset = offset.div_ceil(16) * 16;
    out.builtin_uniforms.push((CLIP_PLANE_ENABLES.to_string(), *offset));
    out.builtin_uniforms.push((planes.to_string(), *offset + 16));
    *offset += 16 + 16 * 8;
}

/// The default tessellation levels (glPatchParameterfv) of a program with an evaluation
/// shader and no control shader: the generated control shader (`passthrough_tcs`) reads them.
fn place_patch_default_levels(shaders: &[&CompiledShader], offset: &mut u32, out: &mut ProgramInterface) {
    let has = |stage| shaders.iter().any(|s| s.stage == stage);
    if !has(Stage::TessEval) || has(Stage::TessControl) {
        return;
    }
    *offset = offset.div_ceil(16) * 16;
    out.builtin_uniforms.push((PATCH_DEFAULT_OUTER.to_string(), *offset));
    out.builtin_uniforms.push((PATCH_DEFAULT_INNER.to_string(), *offset + 16));
    *offset += 32;
}

/// glPointSize and GL_PROGRAM_POINT_SIZE for a program with a pre-rasterisation stage:
/// its last such stage writes the point size from them (nir_like's `lower_point_size`).
fn place_point_size_state(shaders: &[&CompiledShader], offset: &mut u32, out: &mut ProgramInterface) {
    if !shaders.iter().any(|s| matches!(s.stage, Stage::Vertex | Stage::TessEval | Stage::Geometry)) {
        return;
    }
    *offset = offset.div_ceil(16) * 16;
    out.builtin_uniforms.push((POINT_SIZE_STATE.to_string(), *offset));
    *offset += 16;
}

/// The glClipControl depth mode for a program with a pre-rasterisation stage, placed only
/// for devices without depth clip control: its last such stage maps depth from it
/// (nir_like's `lower_clip_control_from_state`).
fn place_clip_control_state(shaders: &[&CompiledShader], out: &mut ProgramInterface) {
    if !shaders.iter().any(|s| matches!(s.stage, Stage::Vertex | Stage::TessEval | Stage::Geometry)) {
        return;
    }
    // After the rest of the block, whose size is a multiple of 16.
    out.builtin_uniforms.push((CLIP_CONTROL_STATE.to_string(), out.default_block_size));
    out.default_block_size += 16;
}

/// Built-in uniform name of the depth mode: a vec2 (scale, bias) with clip z mapped to
/// z * scale + w * bias.
pub const CLIP_CONTROL_STATE: &str = "gl_ClipControlState";
/// GL_VERTEX_PROGRAM_TWO_SIDE for a program whose fragment stage reads a colour the last
/// pre-rasterisation stage also writes as a back colour (nir_like's `lower_two_sided_color`).
fn place_two_side_state(shaders: &[&CompiledShader], offset: &mut u32, out: &mut ProgramInterface) {
    let Some(last) = shaders.iter().map(|s| s.stage).filter(|s| matches!(s, Stage::Vertex | Stage::TessEval | Stage::Geometry)).max() else { return };
    let uses = |stage: Stage, name: &str| shaders.iter().any(|s| s.stage == stage && used(s, name));
    let pairs = [("gl_Color", "gl_BackColor"), ("gl_SecondaryColor", "gl_BackSecondaryColor")];
    if !pairs.iter().any(|(front, back)| uses(Stage::Fragment, front) && uses(last, back)) {
        return;
    }
    *offset = offset.div_ceil(16) * 16;
    out.builtin_uniforms.push((TWO_SIDE_STATE.to_string(), *offset));
    *offset += 16;
}

/// Built-in uniform name of the two-sided colour enable: a float, non-zero when enabled.
pub const TWO_SIDE_STATE: &str = "gl_TwoSideState";

/// The draw framebuffer's height for a program whose fragment stage redeclares
/// gl_FragCoord with `origin_upper_left` (nir_like's `lower_frag_coord_conventions`).
fn place_frag_coord_state(shaders: &[&CompiledShader], offset: &mut u32, out: &mut ProgramInterface) {
    let upper_left = shaders
        .iter()
        .filter(|s| s.stage == Stage::Fragment)
        .flat_map(|s| globals(s))
        .filter(|g| g.name == "gl_FragCoord")
        .any(|g| g.qual.layouts().any(|l| l.name == "origin_upper_left"));
    if !upper_left {
        return;
    }
    *offset = offset.div_ceil(16) * 16;
    out.builtin_uniforms.push((FRAG_COORD_STATE.to_string(), *offset));
    *offset += 16;
}

/// Built-in uniform name of the draw framebuffer's height, a float.
pub const FRAG_COORD_STATE: &str = "gl_FragCoordState";

/// Whether GL ignores gl_SampleMask, for a program whose fragment stage writes it
/// (nir_like's `lower_sample_mask_state`).
fn place_sample_mask_state(shaders: &[&CompiledShader], offset: &mut u32, out: &mut ProgramInterface) {
    if !shaders.iter().any(|s| s.stage == Stage::Fragment && used(s, "gl_SampleMask")) {
        return;
    }
    *offset = offset.div_ceil(16) * 16;
    out.builtin_uniforms.push((SAMPLE_MASK_STATE.to_string(), *offset));
    *offset += 16;
}

/// Built-in uniform name of the gl_SampleMask word: an int, all bits set while the draw
/// ignores the mask (one sample, or GL_MULTISAMPLE off), zero while it applies.
pub const SAMPLE_MASK_STATE: &str = "gl_SampleMaskState";

/// Built-in uniform name of the point-size state: a vec2 of (glPointSize, 1.0 when the
/// shader's gl_PointSize is used).
pub const POINT_SIZE_STATE: &str = "gl_PointSizeState";

/// Built-in uniform names of the default tessellation levels: a vec4 and a vec2.
pub const PATCH_DEFAULT_OUTER: &str = "gl_PatchDefaultLevels.outer";
pub const PATCH_DEFAULT_INNER: &str = "gl_PatchDefaultLevels.inner";

/// Built-in uniform names of the clip-plane state (never user-visible: they are not
/// active uniforms): the enable mask, and the eye-space planes, either for gl_ClipVertex
/// or, in a stage that writes no clip output, for gl_Position.
pub const CLIP_PLANE_ENABLES: &str = "gl_ClipPlaneState.enables";
pub const CLIP_PLANES_EYE: &str = "gl_ClipPlaneState.eye_planes";
pub const CLIP_PLANES_FOR_POSITION: &str = "gl_ClipPlaneState.position_planes";

fn link_attributes(shaders: &[&CompiledShader], options: &LinkOptions, out: &mut ProgramInterface, diags: &mut Diagnostics) {
    let Some(vs) = shaders.iter().find(|s| s.stage == Stage::Vertex) else { return };
    let mut taken = vec![false; MAX_VERTEX_ATTRIBS];
    let mut pending = Vec::new();
    // (name, GL locations, dvec3/dvec4 columns) of each user attribute.
    let mut spans = Vec::new();
    // Desktop GL and ESSL 1.00 let attributes alias one location; ESSL 3.00 forbids it.
    let aliasing_allowed = !vs.settings.as_ref().is_some_and(|s| s.is_es() && s.version >= 300);
    crate::link_attribute_aliasing::check_attribute_aliasing(vs, &options.attrib_bindings, diags);
    for g in globals(vs) {
        if !matches!(g.storage, Storage::In | Storage::Attribute) || g.block.is_some() {
            continue;
        }
        if !used(vs, &g.name) {
            continue;
        }
        let (elem, n) = array_len(&g.ty);
        let count = attribute_locations(&g.ty);
        spans.push((g.name.clone(), count, attribute_is_dual_slot(&g.ty)));
        let bound = options.attrib_bindings.iter().find(|(n, _)| *n == g.name).map(|(_, l)| *l as i64);
        let location = explicit_int(&g.qual, "location").or(bound);
        let var = ActiveVariable { name: g.name.clone(), gl_type: gl_type_enum(&elem), array_size: n, location: -1, index: 0 };
        // Variables with `component' share locations by design.
        let shares = explicit_int(&g.qual, "component").is_some();
        match location {
            Some(l) if l >= 0 && shares => out.attributes.push(ActiveVariable { location: l as i32, ..var }),
            Some(l) if l >= 0 && aliasing_allowed && (l as u32 + count) as usize <= MAX_VERTEX_ATTRIBS => {
                for t in &mut taken[l as usize..(l as u32 + count) as usize] {
                    *t = true;
                }
                out.attributes.push(ActiveVariable { location: l as i32, ..var })
            }
            Some(l) if l >= 0 && mark(&mut taken, l as u32, count) => out.attributes.push(ActiveVariable { location: l as i32, ..var }),
            Some(_) if explicit_int(&g.qual, "location").is_some() => {
                diags.error(g.loc, format!("vertex attribute `{}' has an invalid or overlapping location", g.name))
            }
            _ => pending.push((var, count)),
        }
    }
    // Generic attribute 0 is gl_Vertex's array (GL 4.6 compatibility, section 10.2): a
    // shader reading gl_Vertex leaves it to gl_Vertex rather than alias a user attribute.
    if used(vs, "gl_Vertex") {
        taken[0] = true;
    }
    for (var, count) in pending {
        match allocate(&mut taken, count) {
            Some(l) => out.attributes.push(ActiveVariable { location: l as i32, ..var }),
            None => diags.error(SourceLoc::default(), format!("too many vertex attributes to place `{}'", var.name)),
        }
    }
    let placed: Vec<(u32, u32, bool)> = spans
        .iter()
        .filter_map(|(name, count, dual)| Some((out.attributes.iter().find(|a| a.name == *name)?.location as u32, *count, *dual)))
        .collect();
    for &(first, count, dual) in &placed {
        if dual && first + count <= 32 {
            out.vertex_input_dual_slots |= (((1u64 << count) - 1) << first) as u32;
        }
    }
    // The last Vulkan location user attributes take.
    let generic_end = placed.iter().map(|&(first, count, dual)| out.vertex_input_location(first + count - 1) + dual as u32).max();
    let first_conventional = BUILTIN_ATTRIBUTES[0].1;
    // Built-in inputs the shader reads are active too, with location -1.
    for name in ["gl_Vertex", "gl_Normal", "gl_Color", "gl_SecondaryColor", "gl_FogCoord", "gl_VertexID", "gl_InstanceID"]
        .iter()
        .map(|s| s.to_string())
        .chain((0..8).map(|i| format!("gl_MultiTexCoord{}", i)))
    {
        if used(vs, &name) {
            if let Some((_, l)) = BUILTIN_ATTRIBUTES.iter().find(|(n, _)| *n == name) {
                if generic_end.is_some_and(|end| end >= first_conventional) {
                    diags.error(SourceLoc::default(), format!("double-precision vertex inputs leave no input location for `{name}'"));
                }
                out.builtin_attributes.push((name.clone(), *l));
            }
            let ty = match name.as_str() {
                "gl_Normal" => Type::Vector(crate::sema::types::Scalar::Float, 3),
                "gl_FogCoord" => Type::FLOAT,
                "gl_VertexID" | "gl_InstanceID" => Type::INT,
                _ => Type::Vector(crate::sema::types::Scalar::Float, 4),
            };
            out.attributes.push(ActiveVariable { name, gl_type: gl_type_enum(&ty), array_size: 1, location: -1, index: 0 });
        }
    }
}

fn link_fragment_outputs(shaders: &[&CompiledShader], options: &LinkOptions, out: &mut ProgramInterface, diags: &mut Diagnostics) {
    let Some(fs) = shaders.iter().find(|s| s.stage == Stage::Fragment) else { return };
    out.writes_frag_color = used(fs, "gl_FragColor");
    let user: Vec<&GlobalVar> = globals(fs).iter().filter(|g| g.storage == Storage::Out && g.block.is_none()).collect();
    if (used(fs, "gl_FragColor") || used(fs, "gl_FragData")) && user.iter().any(|g| used(fs, &g.name)) {
        diags.error(SourceLoc::default(), "fragment shader writes both gl_FragColor/gl_FragData and user outputs");
    }
    if used(fs, "gl_FragColor") && used(fs, "gl_FragData") {
        diags.error(SourceLoc::default(), "fragment shader writes both gl_FragColor and gl_FragData");
    }
    let mut taken = vec![false; MAX_DRAW_BUFFERS * 2];
    // Outputs packed by `component` share a draw buffer, never a component.
    let mut components = [ComponentMap::default(), ComponentMap::default()];
    let mut pending = Vec::new();
    for g in user {
        let (elem, n) = array_len(&g.ty);
        let index = explicit_int(&g.qual, "index")
            .or_else(|| options.frag_data_index.iter().find(|(x, _)| *x == g.name).map(|(_, i)| *i as i64))
            .unwrap_or(0)
            .clamp(0, 1) as u32;
        let bound = options.frag_data_bindings.iter().find(|(x, _)| *x == g.name).map(|(_, l)| *l as i64);
        let location = explicit_int(&g.qual, "location").or(bound);
        let var = ActiveVariable { name: g.name.clone(), gl_type: gl_type_enum(&elem), array_size: n, location: -1, index };
        let base = index * MAX_DRAW_BUFFERS as u32;
        let component = explicit_int(&g.qual, "component").unwrap_or(0).clamp(0, 3) as u32;
        match location {
            Some(l) if index == 1 && l >= 0 && l as u32 + n > MAX_DUAL_SOURCE_DRAW_BUFFERS => {
                diags.error(g.loc, format!("fragment output `{}' of index 1 is beyond the dual-source draw buffers", g.name))
            }
            Some(l) if l >= 0 && (l as u32 + n) <= MAX_DRAW_BUFFERS as u32 => {
                mark(&mut taken, base + l as u32, n);
                match components[index as usize].claim(&g.name, &g.ty, l as u32, component) {
                    Ok(()) => out.fragment_outputs.push(ActiveVariable { location: l as i32, ..var }),
                    Err(e) => diags.error(g.loc, format!("fragment output {e}")),
                }
            }
            Some(_) => diags.error(g.loc, format!("fragment output `{}' has an invalid or overlapping location", g.name)),
            None => pending.push((var, n)),
        }
    }
    for (var, n) in pending {
        match allocate(&mut taken[..MAX_DRAW_BUFFERS], n) {
            Some(l) => out.fragment_outputs.push(ActiveVariable { location: l as i32, ..var }),
            None => diags.error(SourceLoc::default(), format!("too many fragment outputs to place `{}'", var.name)),
        }
    }
}

/// The name two stages' interface variables match by: the block name for a block
/// instance, the variable name otherwise.
fn interface_key(g: &GlobalVar) -> &str {
    // Blocks match by block name, with or without an instance name on either side.
    match &g.block {
        Some(b) => b,
        _ => &g.name,
    }
}

fn is_block_instance(g: &GlobalVar) -> bool {
    matches!(g.ty, Type::Block(_)) || matches!(&g.ty, Type::Array(e, _) if matches!(**e, Type::Block(_)))
}

/// Varying slots of an interface variable; a block without an instance name counts all
/// its members, since the block is one varying; a `patch` varying's array is no
/// per-vertex array.
fn interface_slots(g: &GlobalVar, all: &[GlobalVar], stage: Stage) -> u32 {
    let patch = g.qual.has(|q| matches!(q, QualItem::Patch));
    let strip = |t: &Type| match (t, stage) {
        (Type::Array(e, _), Stage::Geometry | Stage::TessControl | Stage::TessEval) if !patch => (**e).clone(),
        _ => t.clone(),
    };
    match &g.block {
        Some(b) if !is_block_instance(g) => all.iter().filter(|x| x.block.as_ref() == Some(b) && x.storage == g.storage).map(|x| slots(&x.ty)).sum::<u32>().max(1),
        _ => slots(&strip(&g.ty)).max(1),
    }
}

fn link_varyings(shaders: &[&CompiledShader], options: &LinkOptions, out: &mut ProgramInterface, diags: &mut Diagnostics) {
    for pair in shaders.windows(2) {
        let (producer, consumer) = (pair[0], pair[1]);
        if consumer.stage == Stage::Compute {
            continue;
        }
        let outs: Vec<&GlobalVar> = globals(producer).iter().filter(|g| matches!(g.storage, Storage::Out | Storage::Varying)).collect();
        // Explicit locations first, then the lowest free slots in declaration order.
        // `patch` varyings have a location space of their own.
        let mut taken = vec![false; MAX_VARYING_SLOTS * 4];
        let mut taken_patch = vec![false; MAX_VARYING_SLOTS * 4];
        let is_patch = |q: &TypeQualifier| q.has(|x| matches!(x, QualItem::Patch));
        // Outputs packed by `component` may share a location, never a component.
        let component = |g: &GlobalVar| explicit_int(&g.qual, "component").unwrap_or(0).clamp(0, 3) as u32;
        let mut out_components = [ComponentMap::default(), ComponentMap::default()];
        for o in &outs {
            if let Some(l) = explicit_int(&o.qual, "location") {
                // A tessellation control output is an array of per-vertex values.
                let per_vertex = producer.stage == Stage::TessControl && !is_patch(&o.qual);
                let ty = match (&o.ty, per_vertex) {
                    (Type::Array(e, _), true) => (**e).clone(),
                    (t, _) => t.clone(),
                };
                let space = if is_patch(&o.qual) { &mut taken_patch } else { &mut taken };
                mark(space, l.max(0) as u32, slots(&ty).max(1));
                // Members of an output block share the block's location qualifier.
                if o.block.is_none() {
                    if let Err(e) = out_components[is_patch(&o.qual) as usize].claim(&o.name, &ty, l.max(0) as u32, component(o)) {
                        diags.error(o.loc, format!("{} shader output {}", producer.stage.name(), e));
                    }
                }
            }
        }
        let mut in_components = [ComponentMap::default(), ComponentMap::default()];
        for input in globals(consumer).iter().filter(|g| g.storage == Storage::In && g.block.is_none()) {
            let Some(l) = explicit_int(&input.qual, "location") else { continue };
            let per_vertex = matches!(consumer.stage, Stage::Geometry | Stage::TessControl | Stage::TessEval) && !is_patch(&input.qual);
            let ty = match (&input.ty, per_vertex) {
                (Type::Array(e, _), true) => (**e).clone(),
                (t, _) => t.clone(),
            };
            if let Err(e) = in_components[is_patch(&input.qual) as usize].claim(&input.name, &ty, l.max(0) as u32, component(input)) {
                diags.error(input.loc, format!("{} shader input {}", consumer.stage.name(), e));
            }
        }
        for input in globals(consumer).iter().filter(|g| matches!(g.storage, Storage::In | Storage::Varying)) {
            // Built-in blocks (gl_PerVertex) are matched by built-in decorations.
            if input.block.as_deref() == Some("gl_PerVertex") {
                continue;
            }
            // A block without an instance name is one varying, placed at its first member.
            if input.block.is_some() && out.varyings.iter().any(|v| v.name == interface_key(input) && v.consumer == consumer.stage) {
                continue;
            }
            let by_location = explicit_int(&input.qual, "location");
            // Varyings packed into one location by `component` match by both.
            let matched = outs.iter().find(|o| match (by_location, explicit_int(&o.qual, "location")) {
                (Some(a), Some(b)) => a == b && component(o) == component(input),
                _ => interface_key(o) == interface_key(input),
            });
            // Stages of different programs: else the output at the same place.
            let positional = |g: &GlobalVar| g.block.is_none() && !g.name.starts_with("gl_") && explicit_int(&g.qual, "location").is_none();
            let matched = matched.or_else(|| {
                if !options.pipeline_stages || !positional(input) {
                    return None;
                }
                let place = globals(consumer).iter().filter(|g| matches!(g.storage, Storage::In | Storage::Varying) && positional(g)).position(|g| std::ptr::eq(g, input))?;
                outs.iter().filter(|o| positional(o)).nth(place)
            });
            match matched {
                Some(o) => {
                    // Per-vertex arrays of the tessellation and geometry stages match by element;
                    // `patch` varyings are not per-vertex.
                    let strip = |t: &Type, stage: Stage, q: &TypeQualifier| match (t, stage) {
                        (Type::Array(e, _), Stage::Geometry | Stage::TessControl | Stage::TessEval) if !is_patch(q) => (**e).clone(),
                        _ => t.clone(),
                    };
                    let producer_per_vertex = if producer.stage == Stage::TessControl { Stage::TessControl } else { Stage::Vertex };
                    let (ot, it) = (strip(&o.ty, producer_per_vertex, &o.qual), strip(&input.ty, consumer.stage, &input.qual));
                    let type_ok = match (block_members(o, globals(producer)), block_members(input, globals(consumer))) {
                        // Blocks match member by member, in order.
                        // Past the per-vertex dimension, an array of blocks matches only an
                        // array of blocks of the same size (GLSL 1.50 section 4.3.7).
                        (Some(a), Some(b)) if matches!(consumer.stage, Stage::Geometry | Stage::TessControl | Stage::TessEval) => {
                            // (The member of a block without an instance name is no array of blocks.)
                            let blocks_in_array = |t: &Type| match t {
                                Type::Array(e, n) if matches!(**e, Type::Block(_)) => Some(n.unwrap_or(1)),
                                _ => None,
                            };
                            a == b && blocks_in_array(&ot) == blocks_in_array(&it)
                        }
                        (Some(a), Some(b)) => a == b && array_len(&o.ty).1 == array_len(&input.ty).1,
                        _ => same_varying_type(&ot, &it),
                    };
                    if !type_ok && !(consumer.stage != Stage::Fragment && matches!(&input.ty, Type::Array(e, _) if **e == o.ty)) {
                        diags.error(input.loc, format!("`{}' has type {} in the {} shader but {} in the {} shader", input.name, o.ty, producer.stage.name(), input.ty, consumer.stage.name()));
                    }
                    let flat = |q: &TypeQualifier| q.has(|x| matches!(x, QualItem::Interpolation(crate::ast::Interpolation::Flat)));
                    let es = consumer.settings.as_ref().is_some_and(|s| s.is_es());
                    if (es || producer.settings.as_ref().is_some_and(|s| s.version < 430)) && flat(&o.qual) != flat(&input.qual) && consumer.stage == Stage::Fragment {
                        diags.error(input.loc, format!("interpolation qualifiers of `{}' differ between stages", input.name));
                    }
                    // GLSL 4.10 section 4.6.1: invariance is declared in both stages, or neither
                    // (GLSL 4.20 lets an input leave it out).
                    let invariant = |q: &TypeQualifier| q.has(|x| matches!(x, QualItem::Invariant));
                    // `#pragma STDGL invariant(all)` makes every output invariant without a qualifier.
                    let desktop_before_420 = |u: &CompiledShader| u.settings.as_ref().is_some_and(|s| !s.is_es() && s.version < 420 && !s.invariant_all);
                    if desktop_before_420(producer) && desktop_before_420(consumer) && !input.name.starts_with("gl_") && invariant(&o.qual) != invariant(&input.qual) {
                        diags.error(input.loc, format!("`{}' is invariant in one of the {} and {} shaders but not in the other", input.name, producer.stage.name(), consumer.stage.name()));
                    }
                    let location = match explicit_int(&o.qual, "location") {
                        Some(l) => Some(l.max(0) as u32),
                        None => {
                            let space = if is_patch(&input.qual) { &mut taken_patch } else { &mut taken };
                            allocate(space, interface_slots(input, globals(consumer), consumer.stage))
                        }
                    };
                    // Varyings are not packed: each takes whole locations, and a shader
                    // reaching past the last one would not build on the device.
                    let end = location.map(|l| l + interface_slots(input, globals(consumer), consumer.stage));
                    match location {
                        Some(_) if end.is_some_and(|e| e > MAX_VARYING_SLOTS as u32) => diags.error(
                            input.loc,
                            format!("too many varyings: `{}' needs locations up to {}, beyond the {} there are", input.name, end.unwrap_or(0), MAX_VARYING_SLOTS),
                        ),
                        Some(location) => out.varyings.push(LinkedVarying {
                            name: interface_key(input).to_string(),
                            producer_name: interface_key(o).to_string(),
                            location,
                            producer: producer.stage,
                            consumer: consumer.stage,
                        }),
                        None => diags.error(input.loc, format!("too many varyings to place `{}'", input.name)),
                    }
                }
                None => {
                    check_builtin_color_interpolation(producer, consumer, &input.name, Some(input), diags);
                    // Redeclared built-in inputs (gl_FragCoord) need no producer.
                    let builtin = input.block.is_none() && input.name.starts_with("gl_") && !input.name.ends_with("Distance");
                    // A clip or cull distance written through a redeclared gl_PerVertex block
                    // has no output of its own to match.
                    let written_builtin = input.name.starts_with("gl_") && used(producer, &input.name);
                    let fixed_function_producer = options.fixed_function_vertex && producer.stage == Stage::Vertex;
                    if used(consumer, &input.name) && !options.separable && !builtin && !written_builtin && !fixed_function_producer {
                        diags.error(input.loc, format!("{} shader input `{}' is not written by the {} shader", consumer.stage.name(), input.name, producer.stage.name()));
                    }
                }
            }
        }
        // Colours read without a redeclaration are smooth: the written ones must be too.
        for name in ["gl_Color", "gl_SecondaryColor"] {
            if used(consumer, name) && !globals(consumer).iter().any(|g| g.name == name) {
                check_builtin_color_interpolation(producer, consumer, name, None, diags);
            }
        }
        let user_end = taken.iter().rposition(|t| *t).map_or(0, |l| l as u32 + 1);
        place_compat_varyings(producer, consumer, user_end, options, out, diags);
    }
}

/// Places the compatibility varyings of the interface from `producer` to `consumer`:
/// those either stage uses, after the `user_end` locations its user varyings take; for
/// stages linked apart, the deterministic placement above every user varying.
fn place_compat_varyings(producer: &CompiledShader, consumer: &CompiledShader, user_end: u32, options: &LinkOptions, out: &mut ProgramInterface, diags: &mut Diagnostics) {
    let used: Vec<CompatVarying> = CompatVarying::ALL
        .into_iter()
        .filter(|v| used(producer, v.producer_name()) || v.consumer_name().is_some_and(|n| used(consumer, n)))
        .collect();
    if used.is_empty() {
        return;
    }
    let apart = options.separable || options.pipeline_stages;
    let locations = if apart { CompatVaryingLocations::deterministic() } else { CompatVaryingLocations::packed(user_end, &used, crate::link_compat_varyings::TEX_COORD_SETS) };
    let start = locations.start().unwrap_or(0);
    let end = locations.end().unwrap_or(0);
    if user_end > start {
        diags.error(
            SourceLoc::default(),
            format!("too many varyings: the user varyings of a separable program need locations up to {user_end}, beyond the {start} that leave room for the compatibility varyings"),
        );
    } else if end > MAX_VARYING_SLOTS as u32 {
        diags.error(SourceLoc::default(), format!("too many varyings: with the compatibility varyings the {} shader needs {end} locations, beyond the {MAX_VARYING_SLOTS} there are", producer.stage.name()));
    }
    out.compat_varyings.push((producer.stage, consumer.stage, locations));
}

/// Whether two varying types match: structures by their members, whatever their names
/// (stages matched by location may name the structure differently).
fn same_varying_type(a: &Type, b: &Type) -> bool {
    match (a, b) {
        (Type::Struct(x), Type::Struct(y)) => {
            x.members.len() == y.members.len() && x.members.iter().zip(&y.members).all(|((n1, t1), (n2, t2))| n1 == n2 && same_varying_type(t1, t2))
        }
        (Type::Array(x, n), Type::Array(y, m)) => n == m && same_varying_type(x, y),
        _ => a == b,
    }
}

/// Whether a `storage` global of `stage` is a per-vertex array, sized by the primitive
/// or the patch rather than by its declarations.
fn per_vertex(stage: Stage, storage: Storage) -> bool {
    match storage {
        Storage::In => matches!(stage, Stage::Geometry | Stage::TessControl | Stage::TessEval),
        Storage::Out => stage == Stage::TessControl,
        _ => false,
    }
}

/// Whether two declarations of one per-vertex array in shader objects of a stage agree:
/// the same type, or one element type where one leaves its size to the other
/// (`in B { .. } i[];` beside `i[4]`).
fn same_or_implicitly_sized(a: &Type, b: &Type) -> bool {
    match (a, b) {
        (Type::Array(x, None), Type::Array(y, _)) | (Type::Array(x, _), Type::Array(y, None)) => x == y,
        _ => a == b,
    }
}

/// Shader objects of one stage must declare a shared global with one type, and redeclare
/// gl_FragCoord with the same layout.
/// The centroid, sample, patch, invariant, precise and interpolation qualifiers of a
/// declaration, in a fixed order: every shader object of a stage must agree on them.
fn auxiliary_qualifiers(q: &TypeQualifier) -> Vec<String> {
    let mut words: Vec<String> = q
        .items
        .iter()
        .filter(|(item, _)| matches!(item, QualItem::Centroid | QualItem::Sample | QualItem::Patch | QualItem::Invariant | QualItem::Precise | QualItem::Interpolation(_)))
        .map(|(item, _)| format!("{item:?}"))
        .collect();
    words.sort();
    words
}

fn check_intrastage_globals(units: &[&CompiledShader], diags: &mut Diagnostics) {
    let declares = |u: &CompiledShader| globals(u).iter().any(|g| g.name == "gl_FragCoord");
    if units.iter().any(|u| declares(u)) && units.iter().any(|u| !declares(u) && used(u, "gl_FragCoord")) {
        diags.error(SourceLoc::default(), "gl_FragCoord is redeclared in one fragment shader object but used without it in another");
    }
    let mut blocks: HashMap<(String, bool), (Vec<(String, Type)>, Vec<crate::sema::types::MemberLayout>)> = HashMap::new();
    for u in units {
        for g in globals(u).iter().filter(|g| g.block.is_some() && g.block.as_deref() != Some("gl_PerVertex")) {
            let Some(members) = block_members(g, globals(u)) else { continue };
            // Members match with their offsets, aligns, matrix orders and locations.
            let members = (members, block_member_layouts(g, globals(u)));
            let key = (g.block.clone().unwrap_or_default(), g.storage == Storage::In);
            match blocks.get(&key) {
                Some(prev) if *prev != members => diags.error(g.loc, format!("block `{}' has different members in two {} shader objects", key.0, u.stage.name())),
                Some(_) => {}
                None => {
                    blocks.insert(key, members);
                }
            }
        }
    }
    let mut seen: HashMap<&str, &GlobalVar> = HashMap::new();
    for u in units {
        for g in globals(u) {
            match seen.get(g.name.as_str()) {
                Some(prev) if prev.ty != g.ty && !(per_vertex(u.stage, g.storage) && same_or_implicitly_sized(&prev.ty, &g.ty)) => {
                    diags.error(g.loc, format!("`{}' is declared with different types in two {} shader objects", g.name, u.stage.name()))
                }
                Some(prev) if g.name == "gl_FragCoord" => {
                    let names = |q: &TypeQualifier| {
                        let mut v: Vec<String> = q.layouts().map(|l| l.name.clone()).collect();
                        v.sort();
                        v
                    };
                    if names(&prev.qual) != names(&g.qual) {
                        diags.error(g.loc, "gl_FragCoord is redeclared with different layouts");
                    }
                }
                Some(prev) if differently_placed(prev, g) => diags.error(
                    g.loc,
                    format!("`{}' is declared with different locations or components in two {} shader objects", g.name, u.stage.name()),
                ),
                Some(prev) if auxiliary_qualifiers(&prev.qual) != auxiliary_qualifiers(&g.qual) => diags.error(
                    g.loc,
                    format!("`{}' is declared with different qualifiers in two {} shader objects", g.name, u.stage.name()),
                ),
                Some(_) => {}
                None => {
                    seen.insert(&g.name, g);
                }
            }
        }
    }
}

/// The layouts the members of the block `g` belongs to name.
fn block_member_layouts(g: &GlobalVar, all: &[GlobalVar]) -> Vec<crate::sema::types::MemberLayout> {
    let Some(block) = g.block.as_deref() else { return Vec::new() };
    let mut t = if is_block_instance(g) { g.ty.clone() } else { crate::sema::unnamed_block_type(block, g.storage, all) };
    while let Type::Array(e, _) = t {
        t = *e;
    }
    match t {
        Type::Block(st) | Type::Struct(st) => st.member_layouts.clone(),
        _ => Vec::new(),
    }
}

/// Whether two declarations of one input or output, both with a location, name different
/// locations or components.
fn differently_placed(a: &GlobalVar, b: &GlobalVar) -> bool {
    let place = |g: &GlobalVar| explicit_int(&g.qual, "location").map(|l| (l, explicit_int(&g.qual, "component").unwrap_or(0)));
    matches!(a.storage, Storage::In | Storage::Out) && matches!((place(a), place(b)), (Some(x), Some(y)) if x != y)
}

/// The members (name and type) of the block an interface variable belongs to.
fn block_members(g: &GlobalVar, all: &[GlobalVar]) -> Option<Vec<(String, Type)>> {
    let block = g.block.as_ref()?;
    let inner = match &g.ty {
        Type::Array(e, _) => &**e,
        t => t,
    };
    Some(match inner {
        Type::Block(st) => st.members.clone(),
        _ => all.iter().filter(|x| x.block.as_ref() == Some(block) && x.storage == g.storage).map(|x| (x.name.clone(), x.ty.clone())).collect(),
    })
}

/// The members of a shader's redeclared gl_PerVertex block of `storage`, if it has one.
fn per_vertex_members(s: &CompiledShader, storage: Storage) -> Option<Vec<String>> {
    let tu = s.ast.as_ref()?;
    let mut found: Option<Vec<String>> = None;
    for item in &tu.items {
        if let crate::ast::ExternalDecl::Declaration(crate::ast::Declaration::Block(b)) = item {
            if b.name == "gl_PerVertex" && b.qual.storage() == Some(storage) {
                let members = found.get_or_insert_with(Vec::new);
                members.extend(b.members.iter().flat_map(|m| m.names.iter().map(|(n, _, _)| n.clone())));
            }
        }
    }
    found
}

/// A separable program's stages that pass built-in per-vertex values to each other must
/// both redeclare gl_PerVertex (GLSL 1.50 and later, desktop; OpenGL 4.6 section 7.4).
fn check_separable_per_vertex(units: &[Vec<&CompiledShader>], diags: &mut Diagnostics) {
    let redeclared = |u: &[&CompiledShader], storage: Storage| u.iter().any(|s| per_vertex_members(s, storage).is_some());
    let needs = |u: &[&CompiledShader]| u.iter().any(|s| s.settings.as_ref().is_some_and(|x| !x.is_es() && x.version >= 150));
    for pair in units.windows(2) {
        let (producer, consumer) = (&pair[0], &pair[1]);
        if !matches!(consumer[0].stage, Stage::Geometry | Stage::TessControl | Stage::TessEval) || !consumer.iter().any(|s| used(s, "gl_in")) {
            continue;
        }
        if (needs(producer) || needs(consumer)) && !(redeclared(producer, Storage::Out) && redeclared(consumer, Storage::In)) {
            diags.error(
                SourceLoc::default(),
                format!("the {} shader reads gl_in[] of a separable program whose {} and {} shaders do not both redeclare gl_PerVertex", consumer[0].stage.name(), producer[0].stage.name(), consumer[0].stage.name()),
            );
        }
    }
}

/// Once one shader object of a stage redeclares gl_PerVertex, every object of the stage
/// that uses the block must redeclare it the same way, and a redeclared output block needs
/// a redeclared input block in the geometry stage that reads it.
fn check_per_vertex_redeclarations(units: &[Vec<&CompiledShader>], diags: &mut Diagnostics) {
    let loc = SourceLoc::default();
    let outputs = ["gl_Position", "gl_PointSize", "gl_ClipDistance", "gl_CullDistance"];
    for u in units {
        for storage in [Storage::In, Storage::Out] {
            let declared: Vec<Vec<String>> = u.iter().filter_map(|s| per_vertex_members(s, storage)).collect();
            let Some(first) = declared.first() else { continue };
            if declared.iter().any(|m| m != first) {
                diags.error(loc, format!("{} shader objects redeclare gl_PerVertex differently", u[0].stage.name()));
            }
            let uses = |s: &CompiledShader| match storage {
                Storage::In => used(s, "gl_in"),
                _ => outputs.iter().any(|n| used(s, n)),
            };
            if u.iter().any(|s| per_vertex_members(s, storage).is_none() && uses(s)) {
                diags.error(loc, format!("a {} shader object uses gl_PerVertex without the redeclaration another object makes", u[0].stage.name()));
            }
        }
    }
    for pair in units.windows(2) {
        let (producer, consumer) = (&pair[0], &pair[1]);
        if consumer[0].stage != Stage::Geometry {
            continue;
        }
        let redeclared_out = producer.iter().any(|s| per_vertex_members(s, Storage::Out).is_some());
        let redeclared_in = consumer.iter().any(|s| per_vertex_members(s, Storage::In).is_some());
        if redeclared_out && !redeclared_in && consumer.iter().any(|s| used(s, "gl_in")) {
            diags.error(loc, "the geometry shader reads gl_in without redeclaring the gl_PerVertex the previous stage redeclares");
        }
    }
}

/// The interpolation qualifier of a variable (None: the default, smooth).
fn interpolation_of(q: &TypeQualifier) -> Option<crate::ast::Interpolation> {
    q.items.iter().find_map(|(i, _)| if let QualItem::Interpolation(x) = i { Some(*x) } else { None })
}

/// A redeclared gl_Color or gl_SecondaryColor must be interpolated as the front and back
/// colours the previous stage writes (before GLSL 4.30, where interpolation must match).
/// `input` is the fragment stage's redeclaration, `None` where it reads the colour
/// without one (the default, smooth).
fn check_builtin_color_interpolation(producer: &CompiledShader, consumer: &CompiledShader, name: &str, input: Option<&GlobalVar>, diags: &mut Diagnostics) {
    let sources: &[&str] = match name {
        "gl_Color" => &["gl_FrontColor", "gl_BackColor"],
        "gl_SecondaryColor" => &["gl_FrontSecondaryColor", "gl_BackSecondaryColor"],
        _ => return,
    };
    if consumer.stage != Stage::Fragment || producer.settings.as_ref().is_some_and(|s| s.version >= 430) {
        return;
    }
    let wanted = input.and_then(|i| interpolation_of(&i.qual));
    let loc = input.map(|i| i.loc).unwrap_or_default();
    for source in sources {
        if !used(producer, source) {
            continue;
        }
        let have = globals(producer).iter().find(|g| g.name == *source).and_then(|g| interpolation_of(&g.qual));
        if have != wanted {
            diags.error(loc, format!("interpolation qualifiers of `{source}' and `{name}' differ"));
        }
    }
}

/// gl_DepthRange's type: near, far and diff, as floats.
pub fn depth_range_type() -> Type {
    Type::Struct(std::sync::Arc::new(crate::sema::types::StructType {
        name: "gl_DepthRangeParameters".into(),
        members: vec![("near".into(), Type::FLOAT), ("far".into(), Type::FLOAT), ("diff".into(), Type::FLOAT)],
        id: u32::MAX,
        member_layouts: Vec::new(),
    }))
}

/// Flattens a uniform of type `t` into GL's active-uniform entries: (name, basic type,
/// array size, offset, array stride).
fn flatten(name: &str, t: &Type, base_offset: u32, layout_kind: BlockLayout, out: &mut Vec<(String, Type, u32, u32, u32)>) {
    let mut leaves = Vec::new();
    flatten_in(name, t, base_offset, layout_kind, false, &mut leaves);
    out.extend(leaves.into_iter().map(|l| (l.name, l.ty, l.array_size, l.offset, l.array_stride)));
}

/// One active-uniform entry of a uniform flattened to GL's basic types.
pub(crate) struct UniformLeaf {
    pub name: String,
    pub ty: Type,
    pub array_size: u32,
    pub offset: u32,
    pub array_stride: u32,
    /// Whether the matrices of the leaf are stored row by row.
    pub row_major: bool,
}

/// Flattens a uniform of type `t` stored in the matrix order `row_major` says.
pub(crate) fn flatten_in(name: &str, t: &Type, base_offset: u32, layout_kind: BlockLayout, row_major: bool, out: &mut Vec<UniformLeaf>) {
    match t {
        Type::Struct(s) => {
            let offsets = layout::member_offsets(s, layout_kind, row_major);
            for (i, (m, mt)) in s.members.iter().enumerate() {
                let rm = layout::member_row_major(s, i, row_major);
                flatten_in(&format!("{}.{}", name, m), mt, base_offset + offsets[i], layout_kind, rm, out);
            }
        }
        Type::Array(e, n) if matches!(**e, Type::Struct(_) | Type::Array(..)) => {
            let stride = layout::array_stride_in(e, layout_kind, row_major);
            for i in 0..n.unwrap_or(1) {
                flatten_in(&format!("{}[{}]", name, i), e, base_offset + i * stride, layout_kind, row_major, out);
            }
        }
        Type::Array(e, n) => out.push(UniformLeaf {
            name: format!("{}[0]", name),
            ty: (**e).clone(),
            array_size: n.unwrap_or(1),
            offset: base_offset,
            array_stride: layout::array_stride_in(e, layout_kind, row_major),
            row_major: row_major && matches!(**e, Type::Matrix { .. }),
        }),
        t => out.push(UniformLeaf {
            name: name.to_string(),
            ty: t.clone(),
            array_size: 1,
            offset: base_offset,
            array_stride: 0,
            row_major: row_major && matches!(t, Type::Matrix { .. }),
        }),
    }
}

/// Lays the components of a uniform initializer over one flattened leaf (`count`
/// elements of the basic type `t`) at the leaf's std140 offsets, as 32-bit words.
fn place_initializer(t: &Type, count: u32, offset: u32, stride: u32, matrix_stride: u32, comps: &mut impl Iterator<Item = Lit>, out: &mut Vec<(u32, u32)>) {
    let scalar = t.scalar();
    let (cols, rows) = match t {
        Type::Matrix { cols, rows, .. } => (*cols as u32, *rows as u32),
        _ => (1, t.components().max(1) as u32),
    };
    let wide = matches!(scalar, Some(Scalar::Double | Scalar::Int64 | Scalar::Uint64));
    for e in 0..count.max(1) {
        for c in 0..cols {
            for r in 0..rows {
                let Some(lit) = comps.next() else { return };
                let at = offset + e * stride + c * matrix_stride + r * if wide { 8 } else { 4 };
                let bits: u64 = match scalar {
                    Some(Scalar::Float) => (lit.as_f64() as f32).to_bits() as u64,
                    Some(Scalar::Double) => lit.as_f64().to_bits(),
                    Some(Scalar::Bool) => lit.as_bool() as u64,
                    _ => lit.as_i64() as u64,
                };
                out.push((at, bits as u32));
                if wide {
                    out.push((at + 4, (bits >> 32) as u32));
                }
            }
        }
    }
}

fn link_uniforms(shaders: &[&CompiledShader], out: &mut ProgramInterface, diags: &mut Diagnostics) {
    // Default block: every used uniform of every stage, merged by name.
    let mut seen: HashMap<String, Type> = HashMap::new();
    let mut default_vars: Vec<(String, Type)> = Vec::new();
    let mut initial: HashMap<String, (TypeQualifier, Option<ConstValue>)> = HashMap::new();
    let mut blocks: Vec<(String, Type, TypeQualifier, Vec<Stage>, bool)> = Vec::new();
    for s in shaders {
        for g in globals(s) {
            if g.storage != Storage::Uniform || crate::link_subroutine::is_subroutine_uniform(g) {
                continue;
            }
            if let Some(block) = &g.block {
                let ty = match (&g.ty, g.name == *block) {
                    _ if matches!(g.ty, Type::Block(_) | Type::Array(..)) && g.name != *block => g.ty.clone(),
                    _ => g.ty.clone(),
                };
                // A block with an instance name, or an array (of arrays) of them.
                let instance = matches!(array_dims(&ty).0, Type::Block(_));
                match blocks.iter_mut().find(|b| b.0 == *block) {
                    Some(b) => {
                        if !b.3.contains(&s.stage) {
                            b.3.push(s.stage);
                        }
                        // A block declared in several shaders is declared identically (GL 4.20
                        // section 2.11.7), its binding included.
                        if let (Some(x), Some(y)) = (explicit_int(&b.2, "binding"), explicit_int(&g.qual, "binding")) {
                            if x != y {
                                diags.error(g.loc, format!("uniform block `{}' has bindings {} and {} in different shaders", block, x, y));
                            }
                        }
                        // Members, their order and their layouts (offset, align, matrix order).
                        let here = if instance { ty.clone() } else { crate::sema::unnamed_block_type(block, Storage::Uniform, globals(s)) };
                        let first_member = globals(s).iter().find(|x| x.block.as_deref() == Some(block.as_str()) && x.storage == Storage::Uniform).is_some_and(|x| std::ptr::eq(x, g));
                        if b.1 != here && b.4 == instance && (instance || first_member) {
                            if let (Type::Block(x), Type::Block(y)) = (&b.1, &here) {
                                if x.members != y.members || x.member_layouts != y.member_layouts {
                                    diags.error(g.loc, format!("uniform block `{}' differs between stages", block));
                                }
                            }
                        }
                    }
                    None => {
                        if instance {
                            blocks.push((block.clone(), ty, g.qual.clone(), vec![s.stage], true));
                        } else {
                            // Members of a block without an instance name arrive one by one.
                            let block_ty = crate::sema::unnamed_block_type(block, Storage::Uniform, globals(s));
                            blocks.push((block.clone(), block_ty, g.qual.clone(), vec![s.stage], false));
                        }
                    }
                }
                continue;
            }
            // A uniform with an initializer stays active unused: its value is part of the
            // program, which glGetUniform and glUniform may still name (as Mesa keeps it).
            let initialized = s.interface.as_ref().is_some_and(|i| i.uniform_initializers.contains_key(&g.name));
            if !used(s, &g.name) && !initialized {
                continue;
            }
            match seen.get(&g.name) {
                Some(t) if *t != g.ty => diags.error(g.loc, format!("uniform `{}' has different types in different stages", g.name)),
                Some(_) => {
                    let first = initial.get(&g.name).and_then(|(q, _)| explicit_int(q, "binding"));
                    if let (Some(x), Some(y)) = (first, explicit_int(&g.qual, "binding")) {
                        if x != y {
                            diags.error(g.loc, format!("uniform `{}' has bindings {} and {} in different shaders", g.name, x, y));
                        }
                    }
                    // The initializer may be given in any stage that declares the uniform.
                    if let Some(entry) = initial.get_mut(&g.name).filter(|(_, c)| c.is_none()) {
                        entry.1 = s.interface.as_ref().and_then(|i| i.uniform_initializers.get(&g.name).cloned());
                    }
                }
                None => {
                    seen.insert(g.name.clone(), g.ty.clone());
                    default_vars.push((g.name.clone(), g.ty.clone()));
                    initial.insert(g.name.clone(), (g.qual.clone(), s.interface.as_ref().and_then(|i| i.uniform_initializers.get(&g.name).cloned())));
                }
            }
        }
    }
    let mut offset = 0u32;
    let mut sampler_index = 0u32;
    // layout(location = N) uniforms keep their locations; the others take the lowest free
    // ones, in declaration order.
    let locations_of = |name: &str, ty: &Type| {
        let mut flat = Vec::new();
        flatten(name, ty, 0, BlockLayout::Std140, &mut flat);
        flat.iter().map(|(_, _, count, _, _)| *count as i32).sum::<i32>()
    };
    let explicit_location = |name: &str| initial.get(name).and_then(|(q, _)| explicit_int(q, "location")).map(|l| l as i32);
    let mut taken: Vec<(i32, i32)> = default_vars.iter().filter_map(|(n, t)| explicit_location(n).map(|l| (l, l + locations_of(n, t)))).collect();
    taken.extend(out.explicit_uniform_locations.iter().copied());
    let mut cursor = 0i32;
    let mut first_location = |name: &str, ty: &Type| {
        if let Some(l) = explicit_location(name) {
            return l;
        }
        let n = locations_of(name, ty);
        while let Some(&(_, end)) = taken.iter().find(|&&(start, end)| cursor < end && start < cursor + n) {
            cursor = end;
        }
        cursor += n;
        cursor - n
    };
    for (name, ty) in &default_vars {
        // Atomic counters live in buffers of their own (link_atomic).
        if crate::link_atomic::is_atomic_counter_type(ty) {
            continue;
        }
        let mut location = first_location(name, ty);
        if ty.contains_opaque() {
            if crate::link_storage::is_image_type(ty) {
                out.image_uniforms.push((name.clone(), sampler_index));
            } else {
                out.sampler_uniforms.push((name.clone(), sampler_index));
            }
            let mut flat = Vec::new();
            flatten(name, ty, 0, BlockLayout::Std140, &mut flat);
            // layout(binding = N): consecutive units from N over the elements.
            let mut next_unit = initial.get(name).and_then(|(q, _)| explicit_int(q, "binding")).map(|b| b.max(0) as u32);
            for (n, t, count, _, _) in flat {
                if let Some(first) = next_unit {
                    out.initial_sampler_units.extend((0..count.max(1)).map(|e| (sampler_index + e, first + e)));
                    next_unit = Some(first + count.max(1));
                }
                out.uniforms.push(ActiveUniform { name: n, gl_type: gl_type_enum(&t), array_size: count, location, offset: 0, array_stride: 0, matrix_stride: 0, block_index: -1, sampler_index: Some(sampler_index), row_major: false });
                location += count as i32;
                // Each element keeps a texture unit of its own: the next uniform's
                // elements follow.
                sampler_index += count.max(1);
            }
            continue;
        }
        let a = layout::alignment(ty, BlockLayout::Std140);
        offset = offset.div_ceil(a) * a;
        out.default_block_members.push((name.clone(), offset));
        let mut flat = Vec::new();
        flatten(name, ty, offset, BlockLayout::Std140, &mut flat);
        let mut init_comps = initial.get(name).and_then(|(_, c)| c.as_ref()).map(|c| c.comps.clone().into_iter());
        for (n, t, count, off, stride) in flat {
            let ms = layout::matrix_stride(&t, BlockLayout::Std140);
            if let Some(comps) = init_comps.as_mut() {
                place_initializer(&t, count, off, stride, ms, comps, &mut out.initial_uniform_words);
            }
            out.uniforms.push(ActiveUniform { name: n, gl_type: gl_type_enum(&t), array_size: count, location, offset: off, array_stride: stride, matrix_stride: ms, block_index: -1, sampler_index: None, row_major: false });
            location += count as i32;
        }
        offset += layout::size(ty, BlockLayout::Std140);
    }
    // GL state the shaders read joins the default block after the user uniforms.
    for (name, ty) in BUILTIN_UNIFORMS.iter().map(|(n, t)| (n.to_string(), Type::from_builtin_name(t).expect("valid")))
        .chain(std::iter::once(("gl_DepthRange".to_string(), depth_range_type())))
        .chain(BUILTIN_TEXTURE_MATRICES.iter().map(|n| (n.to_string(), texture_matrix_type())))
        .chain(crate::sema::compat_state::STATE_UNIFORMS.iter().filter_map(|(n, _)| Some((n.to_string(), crate::sema::compat_state::uniform_type(n)?))))
    {
        if !shaders.iter().any(|s| used(s, &name)) {
            continue;
        }
        let a = layout::alignment(&ty, BlockLayout::Std140);
        offset = offset.div_ceil(a) * a;
        out.default_block_members.push((name.clone(), offset));
        match &ty {
            // Lights, materials, planes, fog: one entry per leaf member or array.
            _ if crate::sema::compat_state::uniform_type(&name).is_some() => {
                let mut flat = Vec::new();
                flatten(&name, &ty, offset, BlockLayout::Std140, &mut flat);
                out.builtin_uniforms.extend(flat.into_iter().map(|(n, _, _, off, _)| (n, off)));
            }
            Type::Struct(st) => {
                let mut off = offset;
                for (m, mt) in &st.members {
                    out.builtin_uniforms.push((format!("{}.{}", name, m), off));
                    off += layout::size(mt, BlockLayout::Std140);
                }
            }
            _ => out.builtin_uniforms.push((name.clone(), offset)),
        }
        offset += layout::size(&ty, BlockLayout::Std140);
    }
    place_clip_plane_state(shaders, &mut offset, out, diags);
    place_patch_default_levels(shaders, &mut offset, out);
    place_point_size_state(shaders, &mut offset, out);
    place_two_side_state(shaders, &mut offset, out);
    place_frag_coord_state(shaders, &mut offset, out);
    place_sample_mask_state(shaders, &mut offset, out);
    out.default_block_size = offset.div_ceil(16) * 16;
    out.sampler_count = sampler_index;
    for (index, (name, ty, qual, stages, instance)) in blocks.into_iter().enumerate() {
        // Arrays of arrays of blocks are named and bound element by element, row-major.
        let (block_ty, dims) = array_dims(&ty);
        let count: u32 = dims.iter().product();
        let Type::Block(st) = &block_ty else { continue };
        let layout_kind = if qual.layouts().any(|l| l.name == "std430") { BlockLayout::Std430 } else { BlockLayout::Std140 };
        let binding = explicit_int(&qual, "binding").unwrap_or(0).max(0) as u32;
        for i in 0..count {
            let block_name = format!("{}{}", name, array_suffix(&dims, i));
            let block_index = out.uniform_blocks.len() as u32;
            let mut indices = Vec::new();
            let offsets = layout::member_offsets(st, layout_kind, false);
            for (mi, (m, mt)) in st.members.iter().enumerate() {
                let prefix = if instance { format!("{}.{}", name, m) } else { m.clone() };
                let mut flat = Vec::new();
                flatten_in(&prefix, mt, offsets[mi], layout_kind, layout::member_row_major(st, mi, false), &mut flat);
                for leaf in flat {
                    indices.push(out.uniforms.len() as u32);
                    out.uniforms.push(ActiveUniform {
                        name: leaf.name,
                        gl_type: gl_type_enum(&leaf.ty),
                        array_size: leaf.array_size,
                        location: -1,
                        offset: leaf.offset,
                        array_stride: leaf.array_stride,
                        matrix_stride: layout::matrix_stride_in(&leaf.ty, layout_kind, leaf.row_major),
                        block_index: block_index as i32,
                        sampler_index: None,
                        row_major: leaf.row_major,
                    });
                }
            }
            let _ = index;
            out.uniform_blocks.push(UniformBlock {
                name: block_name,
                index: block_index,
                initial_binding: binding + i,
                data_size: layout::size(&block_ty, layout_kind),
                active_uniforms: indices,
                stages: stages.clone(),
            });
        }
    }
}
