//! Tessellation and atomic counters on the machine's Vulkan device: patches tessellated
//! with and without a control shader, drawn and read back; the tessellation layout queries;
//! fragments counted by an atomic counter and the counter buffer queries.
//! The version is offered through `ContextConfig::offer_requested_version`.

mod common;

use common::patches::{draw_patches, FS, QUAD_TES as TES, VS, WINDOW_QUAD};
use common::*;
use gl_frontend::entry::*;
use gl_frontend::types::enums::*;
use gl_frontend::types::*;
use gl_frontend::{make_current, Api, Context, ContextConfig, Profile};

fn context() -> std::sync::Arc<Context> {
    let config = ContextConfig { api: Api::Gl, major: 4, minor: 3, profile: Profile::Core, offer_requested_version: true, ..Default::default() };
    let ctx = Context::new(device(), &config, None).expect("4.3 offered on request");
    let window = surface();
    make_current(&ctx, Some(window.clone()), Some(window)).unwrap();
    ctx
}

/// Four control points, levels 2 everywhere; the evaluation shader colours by gl_TessCoord
/// only to prove it ran, and places the quad's corners from the control points.
const TCS: &str = "#version 400
layout(vertices = 4) out;
in vec2 v_pos[];
out vec2 c_pos[];
void main() {
    c_pos[gl_InvocationID] = v_pos[gl_InvocationID];
    gl_TessLevelOuter = float[4](2.0, 2.0, 2.0, 2.0);
    gl_TessLevelInner = float[2](2.0, 2.0);
}";

/// Draws one 4-vertex patch covering the window with `program`, after a blue clear.
fn draw_patch(program: GLuint) {
    draw_patches(program, &WINDOW_QUAD, 4)
}

fn program_int(program: GLuint, pname: GLenum) -> GLint {
    let mut v = -7;
    unsafe { glGetProgramiv(program, pname, &mut v) };
    v
}

#[test]
fn a_tessellated_patch_covers_the_window() {
    let _ctx = context();
    let program = linked_program(&[(GL_VERTEX_SHADER, VS), (GL_TESS_CONTROL_SHADER, TCS), (GL_TESS_EVALUATION_SHADER, TES), (GL_FRAGMENT_SHADER, FS)]);
    draw_patch(program);
    assert_eq!(error(), GL_NO_ERROR);
    for (x, y) in [(1, 1), (62, 1), (1, 30), (62, 30), (32, 16)] {
        assert_eq!(pixel(x, y), [0, 255, 255, 255], "pixel ({x}, {y})");
    }
    assert_eq!(program_int(program, GL_TESS_CONTROL_OUTPUT_VERTICES), 4);
    assert_eq!(program_int(program, GL_TESS_GEN_MODE), GL_QUADS as GLint);
    assert_eq!(program_int(program, GL_TESS_GEN_SPACING), GL_EQUAL as GLint);
    assert_eq!(program_int(program, GL_TESS_GEN_VERTEX_ORDER), GL_CCW as GLint);
    assert_eq!(program_int(program, GL_TESS_GEN_POINT_MODE), 0);
    assert_eq!(error(), GL_NO_ERROR);
}

#[test]
fn without_a_control_shader_the_default_levels_tessellate() {
    let _ctx = context();
    let tes = TES.replace("c_pos", "v_pos");
    let program = linked_program(&[(GL_VERTEX_SHADER, VS), (GL_TESS_EVALUATION_SHADER, &tes), (GL_FRAGMENT_SHADER, FS)]);
    unsafe {
        glPatchParameterfv(GL_PATCH_DEFAULT_OUTER_LEVEL, [3.0f32, 3.0, 3.0, 3.0].as_ptr());
        glPatchParameterfv(GL_PATCH_DEFAULT_INNER_LEVEL, [3.0f32, 3.0].as_ptr());
    }
    draw_patch(program);
    assert_eq!(error(), GL_NO_ERROR);
    // gl_PatchVerticesIn is the real patch size (4), not the generated output patch's.
    for (x, y) in [(1, 1), (62, 30), (32, 16)] {
        assert_eq!(pixel(x, y), [0, 255, 255, 255], "pixel ({x}, {y})");
    }
    // No control shader: its layout cannot be queried.
    assert_eq!(program_int(program, GL_TESS_CONTROL_OUTPUT_VERTICES), -7);
    assert_eq!(error(), GL_INVALID_OPERATION);
    assert_eq!(program_int(program, GL_TESS_GEN_MODE), GL_QUADS as GLint);
}

/// The evaluation shader places the quad domain's (u, v) straight onto x and y, so GL's
/// lower-left domain origin makes `ccw` primitives counter-clockwise on the window
/// (front faces) and `cw` ones clockwise (back faces).
#[test]
fn the_vertex_order_decides_which_tessellated_faces_are_culled() {
    let _ctx = context();
    let cyan = [0, 255, 255, 255];
    let blue = [0, 0, 255, 255];
    for (order, culled_face, expected) in [
        ("ccw", GL_BACK, cyan),
        ("ccw", GL_FRONT, blue),
        ("cw", GL_BACK, blue),
        ("cw", GL_FRONT, cyan),
    ] {
        let tes = TES.replace("ccw", order);
        let program = linked_program(&[(GL_VERTEX_SHADER, VS), (GL_TESS_CONTROL_SHADER, TCS), (GL_TESS_EVALUATION_SHADER, &tes), (GL_FRAGMENT_SHADER, FS)]);
        unsafe {
            glEnable(GL_CULL_FACE);
            glCullFace(culled_face);
        }
        draw_patch(program);
        unsafe { glDisable(GL_CULL_FACE) };
        assert_eq!(error(), GL_NO_ERROR);
        for (x, y) in [(1, 1), (62, 30), (32, 16)] {
            assert_eq!(pixel(x, y), expected, "{order}, culling {culled_face:#x}: pixel ({x}, {y})");
        }
    }
}

/// The tessellation limits glGet reports are the values of the GLSL built-in constants:
/// a control shader compiled against them sizes its arrays by them.
#[test]
fn tessellation_limits_agree_with_the_glsl_constants() {
    let _ctx = context();
    let limits = [
        (GL_MAX_TESS_CONTROL_INPUT_COMPONENTS, "gl_MaxTessControlInputComponents"),
        (GL_MAX_TESS_CONTROL_OUTPUT_COMPONENTS, "gl_MaxTessControlOutputComponents"),
        (GL_MAX_TESS_CONTROL_TOTAL_OUTPUT_COMPONENTS, "gl_MaxTessControlTotalOutputComponents"),
        (GL_MAX_TESS_CONTROL_UNIFORM_COMPONENTS, "gl_MaxTessControlUniformComponents"),
        (GL_MAX_TESS_CONTROL_TEXTURE_IMAGE_UNITS, "gl_MaxTessControlTextureImageUnits"),
        (GL_MAX_TESS_EVALUATION_INPUT_COMPONENTS, "gl_MaxTessEvaluationInputComponents"),
        (GL_MAX_TESS_EVALUATION_OUTPUT_COMPONENTS, "gl_MaxTessEvaluationOutputComponents"),
        (GL_MAX_TESS_EVALUATION_UNIFORM_COMPONENTS, "gl_MaxTessEvaluationUniformComponents"),
        (GL_MAX_TESS_EVALUATION_TEXTURE_IMAGE_UNITS, "gl_MaxTessEvaluationTextureImageUnits"),
        (GL_MAX_TESS_PATCH_COMPONENTS, "gl_MaxTessPatchComponents"),
        (GL_MAX_PATCH_VERTICES, "gl_MaxPatchVertices"),
        (GL_MAX_TESS_GEN_LEVEL, "gl_MaxTessGenLevel"),
    ];
    for (pname, constant) in limits {
        let value = get_int(pname);
        assert_eq!(error(), GL_NO_ERROR, "{constant}");
        assert!(value > 0, "{constant}: {value}");
        // Compiles (else compiled_shader panics) only where the constant equals the value.
        let tcs = format!("#version 400\nlayout(vertices = 1) out;\nconst int same[{constant} == {value} ? 1 : -1] = int[1](1);\nvoid main() {{ gl_TessLevelOuter[0] = float(same[0]); }}");
        compiled_shader(GL_TESS_CONTROL_SHADER, &tcs);
    }
    assert!(get_int(GL_MAX_COMBINED_TESS_CONTROL_UNIFORM_COMPONENTS) >= get_int(GL_MAX_TESS_CONTROL_UNIFORM_COMPONENTS));
    assert!(get_int(GL_MAX_TESS_EVALUATION_UNIFORM_BLOCKS) >= 12);
}

#[test]
fn an_atomic_counter_counts_fragments() {
    let _ctx = context();
    let fs = "#version 420
layout(binding = 0, offset = 4) uniform atomic_uint fragments;
layout(binding = 0) uniform atomic_uint decremented;
out vec4 frag;
void main() {
    atomicCounterIncrement(fragments);
    atomicCounterDecrement(decremented);
    frag = vec4(1.0);
}";
    let vs = "#version 420
layout(location = 0) in vec2 pos;
void main() { gl_Position = vec4(pos, 0.0, 1.0); }";
    let program = linked_program(&[(GL_VERTEX_SHADER, vs), (GL_FRAGMENT_SHADER, fs)]);
    let initial: [u32; 4] = [0, 0, 5000, 0];
    let mut buffer = 0;
    unsafe {
        glGenBuffers(1, &mut buffer);
        glBindBuffer(GL_ATOMIC_COUNTER_BUFFER, buffer);
        glBufferData(GL_ATOMIC_COUNTER_BUFFER, 16, initial.as_ptr().cast(), GL_DYNAMIC_COPY);
        glBindBufferBase(GL_ATOMIC_COUNTER_BUFFER, 0, buffer);
        glUseProgram(program);
    }
    draw_full_window_quad();
    assert_eq!(error(), GL_NO_ERROR);
    let mut words = [0u32; 4];
    unsafe { glGetBufferSubData(GL_ATOMIC_COUNTER_BUFFER, 0, 16, words.as_mut_ptr().cast()) };
    // `decremented` follows `fragments` at offset 8 (offsets continue per binding).
    assert_eq!(words, [0, 64 * 32, 5000 - 64 * 32, 0]);

    assert_eq!(program_int(program, GL_ACTIVE_ATOMIC_COUNTER_BUFFERS), 1);
    let mut size = 0;
    let mut counters = 0;
    let mut fragment = 0;
    let mut vertex = -1;
    unsafe {
        glGetActiveAtomicCounterBufferiv(program, 0, GL_ATOMIC_COUNTER_BUFFER_DATA_SIZE, &mut size);
        glGetActiveAtomicCounterBufferiv(program, 0, GL_ATOMIC_COUNTER_BUFFER_ACTIVE_ATOMIC_COUNTERS, &mut counters);
        glGetActiveAtomicCounterBufferiv(program, 0, GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_FRAGMENT_SHADER, &mut fragment);
        glGetActiveAtomicCounterBufferiv(program, 0, GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_VERTEX_SHADER, &mut vertex);
    }
    assert_eq!((size, counters, fragment, vertex), (12, 2, 1, 0));
    unsafe { glGetActiveAtomicCounterBufferiv(program, 1, GL_ATOMIC_COUNTER_BUFFER_DATA_SIZE, &mut size) };
    assert_eq!(error(), GL_INVALID_VALUE);
    let mut bound = 0;
    unsafe { glGetIntegeri_v(GL_ATOMIC_COUNTER_BUFFER_BINDING, 0, &mut bound) };
    assert_eq!(bound as GLuint, buffer);
}
