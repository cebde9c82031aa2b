//! Tessellation emulated by a records-storing vertex shader, the control shader as compute,
//! the host tessellator and the evaluation shader as a vertex shader (every context of
//! this binary asks for `tess` emulation, some for more), read back from the window: the
//! quad, triangle and isoline domains, point mode, a control shader using barrier() and
//! patch outputs, the default levels without a control shader, gl_PrimitiveID, discarded
//! patches and the vertex order; and a geometry shader after the tessellation, emulated
//! too (`tess,gs`, `tess,gs,xfb`), drawn and captured. The SPIR-V the emulation's passes
//! emit passes spirv-val.

mod common;

use common::patches::{draw_patches, FS, QUAD_TES, VS, WINDOW_QUAD};
use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::*;
use gl_frontend::{ContextConfig, Profile};

/// A 4.6 core context with tessellation emulated.
fn emulated_context() -> std::sync::Arc<gl_frontend::Context> {
    current_context_offered(ContextConfig { major: 4, minor: 6, profile: Profile::Core, emulate: Some("tess"), ..Default::default() })
}

/// Four control points handed on, levels from the uniforms `outer` and `inner`.
const TCS: &str = "#version 400
layout(vertices = 4) out;
uniform vec4 outer;
uniform vec2 inner;
in vec2 v_pos[];
out vec2 c_pos[];
void main() {
    c_pos[gl_InvocationID] = v_pos[gl_InvocationID];
    gl_TessLevelOuter = float[4](outer.x, outer.y, outer.z, outer.w);
    gl_TessLevelInner = float[2](inner.x, inner.y);
}";

const CYAN: [u8; 4] = [0, 255, 255, 255];
const BLUE: [u8; 4] = [0, 0, 255, 255];

fn set_levels(program: GLuint, outer: [f32; 4], inner: [f32; 2]) {
    unsafe {
        glUseProgram(program);
        glUniform4f(uniform_location(program, "outer"), outer[0], outer[1], outer[2], outer[3]);
        glUniform2f(uniform_location(program, "inner"), inner[0], inner[1]);
    }
}

fn quad_program(tes: &str) -> GLuint {
    linked_program(&[(GL_VERTEX_SHADER, VS), (GL_TESS_CONTROL_SHADER, TCS), (GL_TESS_EVALUATION_SHADER, tes), (GL_FRAGMENT_SHADER, FS)])
}

#[test]
fn the_emulated_context_offers_tessellation() {
    let _ctx = emulated_context();
    let names: Vec<String> = unsafe {
        let mut n = 0;
        glGetIntegerv(GL_NUM_EXTENSIONS, &mut n);
        (0..n as GLuint).map(|i| std::ffi::CStr::from_ptr(glGetStringi(GL_EXTENSIONS, i).cast()).to_string_lossy().into_owned()).collect()
    };
    assert!(names.iter().any(|n| n == "GL_ARB_tessellation_shader"), "{names:?}");
}

#[test]
fn a_quad_patch_covers_the_window_at_several_levels() {
    let _ctx = emulated_context();
    let program = quad_program(QUAD_TES);
    for (outer, inner) in [([1.0; 4], [1.0; 2]), ([2.0; 4], [2.0; 2]), ([3.0, 1.0, 5.0, 2.0], [4.0, 7.0]), ([64.0; 4], [64.0; 2])] {
        set_levels(program, outer, inner);
        draw_patches(program, &WINDOW_QUAD, 4);
        assert_eq!(error(), GL_NO_ERROR);
        for (x, y) in [(1, 1), (62, 1), (1, 30), (62, 30), (32, 16), (17, 9)] {
            assert_eq!(pixel(x, y), CYAN, "levels {outer:?} {inner:?}: pixel ({x}, {y})");
        }
    }
}

/// The triangle domain over three control points covers their triangle, the lower left
/// half of the window, and nothing else.
#[test]
fn a_triangle_patch_covers_its_triangle() {
    let _ctx = emulated_context();
    let tcs = TCS.replace("vertices = 4", "vertices = 3");
    let tes = "#version 400
layout(triangles, fractional_odd_spacing, ccw) in;
in vec2 c_pos[];
out vec4 color;
void main() {
    vec2 p = gl_TessCoord.x * c_pos[0] + gl_TessCoord.y * c_pos[1] + gl_TessCoord.z * c_pos[2];
    gl_Position = vec4(p, 0.0, 1.0);
    color = vec4(0.0, 1.0, 1.0, 1.0);
}";
    let program = linked_program(&[(GL_VERTEX_SHADER, VS), (GL_TESS_CONTROL_SHADER, &tcs), (GL_TESS_EVALUATION_SHADER, tes), (GL_FRAGMENT_SHADER, FS)]);
    for (outer, inner) in [([1.0; 4], [1.0; 2]), ([2.5, 4.0, 7.0, 0.0], [3.3, 0.0]), ([9.0; 4], [1.0; 2])] {
        set_levels(program, outer, inner);
        draw_patches(program, &[-1.0, -1.0, 1.0, -1.0, -1.0, 1.0], 3);
        assert_eq!(error(), GL_NO_ERROR);
        for (x, y) in [(2, 2), (40, 3), (3, 26), (20, 10)] {
            assert_eq!(pixel(x, y), CYAN, "levels {outer:?} {inner:?}: pixel ({x}, {y}) inside");
        }
        for (x, y) in [(62, 30), (50, 25), (40, 20)] {
            assert_eq!(pixel(x, y), BLUE, "levels {outer:?} {inner:?}: pixel ({x}, {y}) outside");
        }
    }
}

/// Isolines at v = 0, 1/4, 2/4, 3/4 of the window's height: rows of lines, never at the top.
#[test]
fn isolines_draw_rows_of_lines() {
    let _ctx = emulated_context();
    let tes = "#version 400
layout(isolines, equal_spacing) in;
in vec2 c_pos[];
out vec4 color;
void main() {
    // Lines on pixel rows 4, 12, 20 and 28 of the 32-pixel window.
    float y = (gl_TessCoord.y * 32.0 + 4.5) / 16.0 - 1.0;
    gl_Position = vec4(gl_TessCoord.x * 2.0 - 1.0, y, 0.0, 1.0);
    color = vec4(0.0, 1.0, 1.0, 1.0);
}";
    let program = quad_program(tes);
    set_levels(program, [4.0, 3.0, 0.0, 0.0], [0.0; 2]);
    draw_patches(program, &WINDOW_QUAD, 4);
    assert_eq!(error(), GL_NO_ERROR);
    for y in [4, 12, 20, 28] {
        assert_eq!(pixel(32, y), CYAN, "line at row {y}");
    }
    for y in [0, 8, 16, 24, 31] {
        assert_eq!(pixel(32, y), BLUE, "no line at row {y}");
    }
}

/// Point mode at quad levels 2: a 3 by 3 grid of points, where the window's corners,
/// edge middles and centre fall, and nothing between them.
#[test]
fn point_mode_draws_the_domain_points() {
    let _ctx = emulated_context();
    let tes = "#version 400
layout(quads, equal_spacing, point_mode) in;
in vec2 c_pos[];
out vec4 color;
void main() {
    // Pixel centres of columns 4, 32, 60 and rows 4, 16, 28.
    gl_Position = vec4((4.5 + gl_TessCoord.x * 56.0) / 32.0 - 1.0, (4.5 + gl_TessCoord.y * 24.0) / 16.0 - 1.0, 0.0, 1.0);
    gl_PointSize = 3.0;
    color = vec4(0.0, 1.0, 1.0, 1.0);
}";
    let program = quad_program(tes);
    set_levels(program, [2.0; 4], [2.0; 2]);
    unsafe { glEnable(GL_PROGRAM_POINT_SIZE) };
    draw_patches(program, &WINDOW_QUAD, 4);
    assert_eq!(error(), GL_NO_ERROR);
    for (x, y) in [(4, 4), (32, 4), (60, 4), (4, 16), (32, 16), (60, 16), (4, 28), (32, 28), (60, 28)] {
        assert_eq!(pixel(x, y), CYAN, "point at ({x}, {y})");
    }
    for (x, y) in [(18, 10), (46, 22), (18, 4), (32, 10)] {
        assert_eq!(pixel(x, y), BLUE, "no point at ({x}, {y})");
    }
}

/// Each invocation writes its own control point and a per-invocation value into a patch
/// array; after barrier() invocation 0 reads the others' outputs into a patch output.
#[test]
fn a_control_shader_reads_other_invocations_outputs_after_barrier() {
    let _ctx = emulated_context();
    let tcs = "#version 400
layout(vertices = 4) out;
in vec2 v_pos[];
out vec2 c_pos[];
out float weight[];
patch out vec4 patch_color;
void main() {
    c_pos[gl_InvocationID] = v_pos[gl_InvocationID];
    weight[gl_InvocationID] = float(gl_InvocationID + 1);
    barrier();
    if (gl_InvocationID == 0) {
        float sum = weight[0] + weight[1] + weight[2] + weight[3];
        patch_color = vec4(0.0, sum / 10.0, 0.5, 1.0);
        gl_TessLevelOuter = float[4](2.0, 2.0, 2.0, 2.0);
        gl_TessLevelInner = float[2](2.0, 2.0);
    }
}";
    let tes = "#version 400
layout(quads, equal_spacing, ccw) in;
in vec2 c_pos[];
in float weight[];
patch in vec4 patch_color;
out vec4 color;
void main() {
    vec2 bottom = mix(c_pos[0], c_pos[1], gl_TessCoord.x);
    vec2 top = mix(c_pos[2], c_pos[3], gl_TessCoord.x);
    gl_Position = vec4(mix(bottom, top, gl_TessCoord.y), 0.0, 1.0);
    color = vec4(weight[3] / 4.0, patch_color.yzw);
}";
    let program = linked_program(&[(GL_VERTEX_SHADER, VS), (GL_TESS_CONTROL_SHADER, tcs), (GL_TESS_EVALUATION_SHADER, tes), (GL_FRAGMENT_SHADER, FS)]);
    draw_patches(program, &WINDOW_QUAD, 4);
    assert_eq!(error(), GL_NO_ERROR);
    for (x, y) in [(1, 1), (62, 30), (32, 16)] {
        let p = pixel(x, y);
        assert_eq!([p[0], p[1], p[3]], [255, 255, 255], "pixel ({x}, {y}): {p:?}");
        assert!((p[2] as i32 - 128).abs() <= 1, "pixel ({x}, {y}): {p:?}");
    }
}

/// No control shader: glPatchParameterfv's default levels tessellate; gl_PatchVerticesIn
/// of the evaluation shader is the draw's patch size.
#[test]
fn without_a_control_shader_the_default_levels_tessellate() {
    let _ctx = emulated_context();
    let tes = QUAD_TES.replace("c_pos", "v_pos");
    let program = linked_program(&[(GL_VERTEX_SHADER, VS), (GL_TESS_EVALUATION_SHADER, &tes), (GL_FRAGMENT_SHADER, FS)]);
    unsafe {
        glPatchParameterfv(GL_PATCH_DEFAULT_OUTER_LEVEL, [3.0f32, 3.0, 3.0, 3.0].as_ptr());
        glPatchParameterfv(GL_PATCH_DEFAULT_INNER_LEVEL, [3.0f32, 3.0].as_ptr());
    }
    draw_patches(program, &WINDOW_QUAD, 4);
    assert_eq!(error(), GL_NO_ERROR);
    for (x, y) in [(1, 1), (62, 30), (32, 16)] {
        assert_eq!(pixel(x, y), CYAN, "pixel ({x}, {y})");
    }
    // An outer level of zero discards the patch.
    unsafe { glPatchParameterfv(GL_PATCH_DEFAULT_OUTER_LEVEL, [3.0f32, 0.0, 3.0, 3.0].as_ptr()) };
    draw_patches(program, &WINDOW_QUAD, 4);
    assert_eq!(error(), GL_NO_ERROR);
    assert_eq!(pixel(32, 16), BLUE);
}

/// Two patches, the left and right halves of the window, coloured by gl_PrimitiveID in
/// both shaders; an instanced draw starts gl_PrimitiveID again at every instance.
#[test]
fn primitive_ids_count_patches() {
    let _ctx = emulated_context();
    let tcs = "#version 400
layout(vertices = 4) out;
in vec2 v_pos[];
out vec2 c_pos[];
patch out float control_id;
void main() {
    c_pos[gl_InvocationID] = v_pos[gl_InvocationID];
    control_id = float(gl_PrimitiveID);
    gl_TessLevelOuter = float[4](1.0, 1.0, 1.0, 1.0);
    gl_TessLevelInner = float[2](1.0, 1.0);
}";
    let tes = "#version 400
layout(quads, equal_spacing, ccw) in;
in vec2 c_pos[];
patch in float control_id;
out vec4 color;
void main() {
    vec2 bottom = mix(c_pos[0], c_pos[1], gl_TessCoord.x);
    vec2 top = mix(c_pos[2], c_pos[3], gl_TessCoord.x);
    gl_Position = vec4(mix(bottom, top, gl_TessCoord.y), 0.0, 1.0);
    color = vec4(float(gl_PrimitiveID), control_id, 0.0, 1.0);
}";
    let program = linked_program(&[(GL_VERTEX_SHADER, VS), (GL_TESS_CONTROL_SHADER, tcs), (GL_TESS_EVALUATION_SHADER, tes), (GL_FRAGMENT_SHADER, FS)]);
    let halves = [-1.0, -1.0, 0.0, -1.0, -1.0, 1.0, 0.0, 1.0, 0.0, -1.0, 1.0, -1.0, 0.0, 1.0, 1.0, 1.0];
    draw_patches(program, &halves, 4);
    assert_eq!(error(), GL_NO_ERROR);
    assert_eq!(pixel(10, 16), [0, 0, 0, 255], "patch 0");
    assert_eq!(pixel(54, 16), [255, 255, 0, 255], "patch 1");
    // Two instances of the left patch alone: both are primitive 0.
    unsafe {
        glClear(GL_COLOR_BUFFER_BIT);
        glDrawArraysInstanced(GL_PATCHES, 0, 4, 2);
    }
    assert_eq!(error(), GL_NO_ERROR);
    assert_eq!(pixel(10, 16), [0, 0, 0, 255]);
    assert_eq!(pixel(54, 16), BLUE);
}

/// The quad domain's (u, v) placed on x and y: `ccw` makes front faces, `cw` back ones.
#[test]
fn the_vertex_order_decides_which_faces_are_culled() {
    let _ctx = emulated_context();
    for (order, culled_face, expected) in [("ccw", GL_BACK, CYAN), ("ccw", GL_FRONT, BLUE), ("cw", GL_BACK, BLUE), ("cw", GL_FRONT, CYAN)] {
        let program = quad_program(&QUAD_TES.replace("ccw", order));
        set_levels(program, [3.0; 4], [2.0; 2]);
        unsafe {
            glEnable(GL_CULL_FACE);
            glCullFace(culled_face);
        }
        draw_patches(program, &WINDOW_QUAD, 4);
        unsafe { glDisable(GL_CULL_FACE) };
        assert_eq!(error(), GL_NO_ERROR);
        for (x, y) in [(1, 1), (62, 30), (32, 16)] {
            assert_eq!(pixel(x, y), expected, "{order}, culling {culled_face:#x}: pixel ({x}, {y})");
        }
    }
}

/// The vertex, control and evaluation stages as the emulation lowers them pass spirv-val.
#[test]
fn the_emulation_passes_emit_valid_spirv() {
    use common::spirv::{compile, spirv_val};
    use nir_like::passes::*;
    let tcs = "#version 400
layout(vertices = 3) out;
in vec2 v_pos[];
in vec4 extra[];
out vec2 c_pos[];
out dvec2 wide[];
patch out vec4 patch_color;
patch out int flags[2];
void main() {
    c_pos[gl_InvocationID] = v_pos[gl_InvocationID] + gl_in[gl_InvocationID].gl_Position.xy;
    wide[gl_InvocationID] = dvec2(extra[gl_InvocationID].xy);
    barrier();
    patch_color = vec4(c_pos[(gl_InvocationID + 1) % 3], float(gl_PrimitiveID), float(gl_PatchVerticesIn));
    flags[0] = 1; flags[1] = gl_PrimitiveID;
    gl_TessLevelOuter[0] = 2.0; gl_TessLevelOuter[1] = 3.0; gl_TessLevelOuter[2] = 4.0;
    gl_TessLevelInner[0] = 5.0;
}";
    let vs = "#version 400
in vec2 pos;
out vec2 v_pos;
out vec4 extra;
void main() { v_pos = pos; extra = pos.xyxy; gl_Position = vec4(pos, 0.0, 1.0); gl_PointSize = 2.0; }";
    let tes = "#version 400
layout(triangles, fractional_even_spacing, cw) in;
in vec2 c_pos[];
in dvec2 wide[];
patch in vec4 patch_color;
patch in int flags[2];
out vec4 color;
void main() {
    vec2 p = gl_TessCoord.x * c_pos[0] + gl_TessCoord.y * c_pos[1] + gl_TessCoord.z * c_pos[2];
    gl_Position = vec4(p, float(wide[1].x), 1.0) + gl_in[2].gl_Position;
    color = patch_color * gl_TessLevelOuter[1] + vec4(float(gl_PrimitiveID + gl_PatchVerticesIn + flags[1]), gl_TessLevelInner[0], 0.0, 0.0);
}";
    let stages = [compile(glsl::Stage::Vertex, vs), compile(glsl::Stage::TessControl, tcs), compile(glsl::Stage::TessEval, tes), compile(glsl::Stage::Fragment, FS)];
    let refs: Vec<&glsl::CompiledShader> = stages.iter().collect();
    let p = glsl::link_program(&refs, &glsl::LinkOptions::default());
    assert!(p.success, "{}", p.info_log);
    let ir = |stage| p.stages.iter().find(|s| s.stage == stage).unwrap().ir.clone().unwrap();
    let bindings = TessBindings { set: 0, vertex_records: 490, control: 492, patches: 493, levels: 494, coords: 495 };
    let lower = LowerOptions { uniform_offsets: p.interface.default_block_members.iter().cloned().collect(), ..Default::default() };
    let caps = device().caps();
    let emit = |ir: &nir_like::Shader, name: &str| {
        let words = spirv_out::emit(ir, &spirv_out::EmitOptions { spirv_version: (1, 3), debug_names: true }).unwrap_or_else(|e| panic!("{name}: {e}"));
        if let Err(msg) = spirv_val(&words, name) {
            panic!("spirv-val rejected the {name} shader:\n{msg}\n{}", nir_like::print_shader(ir));
        }
    };

    let mut vertex = ir(glsl::Stage::Vertex);
    lower_for_caps(&mut vertex, &caps, &lower);
    let records = RecordLayout::of_outputs(&vertex);
    assert!(lower_outputs_to_records(&mut vertex, &RecordStorage { set: 0, records_binding: 490, params_binding: 491, layout: records.clone() }));
    emit(&vertex, "records vertex");

    let mut control = ir(glsl::Stage::TessControl);
    let layout = lower_tcs_to_compute(&mut control, &records, &bindings).unwrap();
    assert_eq!(control.stage, nir_like::Stage::Compute);
    assert_eq!(control.info.compute.local_size, [3, 1, 1]);
    // c_pos (2 words) and wide (4 words) per control point; patch_color and flags after.
    assert_eq!((layout.vertices, layout.vertex_words, layout.patch_words), (3, 6, 3 * 6 + 4 + 2));
    lower_for_caps(&mut control, &caps, &lower);
    emit(&control, "control as compute");

    let mut eval = ir(glsl::Stage::TessEval);
    lower_tes_to_vertex(&mut eval, &layout, &bindings).unwrap();
    assert_eq!(eval.stage, nir_like::Stage::Vertex);
    lower_for_caps(&mut eval, &caps, &LowerOptions { last_pre_rasterization: true, ..lower.clone() });
    emit(&eval, "evaluation as vertex");

    // The generated control shader of a program without one lowers too.
    let mut eval = ir(glsl::Stage::TessEval);
    let mut passthrough = glsl::passthrough_tcs::passthrough_control_shader(&mut eval, 0, 16);
    let layout = lower_tcs_to_compute(&mut passthrough, &records, &bindings).unwrap();
    lower_for_caps(&mut passthrough, &caps, &lower);
    emit(&passthrough, "generated control as compute");
    lower_tes_to_vertex(&mut eval, &layout, &bindings).unwrap();
    lower_for_caps(&mut eval, &caps, &lower);
    emit(&eval, "evaluation after a generated control shader");
}

/// A geometry shader after emulated tessellation, emulated too (the evaluation shader,
/// run as a vertex shader, stores the records it reads), with the device's capture and
/// with capture emulated: it sees the two triangles of a quad patch at level 1, recolours
/// them, and what it emits is drawn, captured and counted.
#[test]
fn an_emulated_geometry_shader_follows_emulated_tessellation() {
    let gs = "#version 400
layout(triangles) in;
layout(triangle_strip, max_vertices = 3) out;
out vec4 g_color;
out float primitive;
void main() {
    for (int i = 0; i < 3; i++) {
        gl_Position = gl_in[i].gl_Position;
        g_color = vec4(1.0, 1.0, 0.0, 1.0);
        primitive = float(gl_PrimitiveIDIn);
        EmitVertex();
    }
}";
    let fs = "#version 400
in vec4 g_color;
out vec4 frag;
void main() { frag = g_color; }";
    for emulate in ["tess,gs", "tess,gs,xfb"] {
        let _ctx = current_context_offered(ContextConfig { major: 4, minor: 6, profile: Profile::Core, emulate: Some(emulate), ..Default::default() });
        let program = unsafe {
            let p = glCreateProgram();
            for (stage, source) in [(GL_VERTEX_SHADER, VS), (GL_TESS_CONTROL_SHADER, TCS), (GL_TESS_EVALUATION_SHADER, QUAD_TES), (GL_GEOMETRY_SHADER, gs), (GL_FRAGMENT_SHADER, fs)] {
                glAttachShader(p, compiled_shader(stage, source));
            }
            let names = [c"primitive".as_ptr()];
            glTransformFeedbackVaryings(p, 1, names.as_ptr(), GL_INTERLEAVED_ATTRIBS);
            glLinkProgram(p);
            let mut linked = 0;
            glGetProgramiv(p, GL_LINK_STATUS, &mut linked);
            let mut log = vec![0u8; 1024];
            let mut len = 0;
            glGetProgramInfoLog(p, 1024, &mut len, log.as_mut_ptr().cast());
            assert_eq!(linked, 1, "{emulate}: {}", String::from_utf8_lossy(&log[..len as usize]));
            p
        };
        set_levels(program, [1.0; 4], [1.0; 2]);
        draw_patches(program, &WINDOW_QUAD, 4);
        assert_eq!(error(), GL_NO_ERROR, "{emulate}");
        for (x, y) in [(1, 1), (62, 30), (32, 16)] {
            assert_eq!(pixel(x, y), [255, 255, 0, 255], "{emulate}: pixel ({x}, {y})");
        }
        // The same patch again, captured.
        let buffer = common::capture::capture_buffer(0, 7);
        let mut generated = 0;
        unsafe {
            glGenQueries(1, &mut generated);
            glBeginQuery(GL_PRIMITIVES_GENERATED, generated);
            glBeginTransformFeedback(GL_TRIANGLES);
            glDrawArrays(GL_PATCHES, 0, 4);
            glEndTransformFeedback();
            glEndQuery(GL_PRIMITIVES_GENERATED);
        }
        assert_eq!(error(), GL_NO_ERROR, "{emulate}");
        assert_eq!(common::capture::read_words(buffer, 7), [0.0, 0.0, 0.0, 1.0, 1.0, 1.0, -1.0], "{emulate}: gl_PrimitiveIDIn captured");
        let mut count = 0u32;
        unsafe { glGetQueryObjectuiv(generated, GL_QUERY_RESULT, &mut count) };
        assert_eq!(count, 2, "{emulate}: primitives generated");
    }
}
