//! IR generation: linked programs become nir_like shaders that the validator accepts,
//! with the locations and bindings of docs/conventions.md.

mod common;
use common::*;
use glsl::{link_program, LinkOptions, LinkedProgram, Stage};
use nir_like::{print_shader, validate, VariableMode};

fn link(vs: &str, fs: &str) -> LinkedProgram {
    let v = ok(Stage::Vertex, vs);
    let f = ok(Stage::Fragment, fs);
    let p = link_program(&[&v, &f], &LinkOptions::default());
    assert!(p.success, "{}", p.info_log);
    p
}

fn ir_text(p: &LinkedProgram, i: usize) -> String {
    let ir = p.stages[i].ir.as_ref().unwrap_or_else(|e| panic!("no IR: {}", e));
    validate(ir).expect("valid IR");
    print_shader(ir)
}

#[test]
fn textured_triangle_program() {
    let p = link(
        "#version 330 core
layout(location = 0) in vec3 pos;
layout(location = 1) in vec2 uv;
uniform mat4 mvp;
out vec2 v_uv;
void main() { v_uv = uv; gl_Position = mvp * vec4(pos, 1.0); }",
        "#version 330 core
uniform sampler2D tex;
uniform vec4 tint;
in vec2 v_uv;
out vec4 color;
void main() { color = texture(tex, v_uv) * tint; }",
    );
    let vs = p.stages[0].ir.as_ref().expect("vertex IR");
    let vars: Vec<_> = vs.variables.iter().map(|(_, v)| (v.name.clone(), v.mode, v.location, v.binding)).collect();
    assert!(vars.contains(&("pos".into(), VariableMode::ShaderIn, Some(0), None)), "{:?}", vars);
    assert!(vars.contains(&("uv".into(), VariableMode::ShaderIn, Some(1), None)), "{:?}", vars);
    assert!(vars.iter().any(|v| v.1 == VariableMode::Ubo && v.3 == Some(0)), "default block at binding 0: {:?}", vars);
    let fs = p.stages[1].ir.as_ref().expect("fragment IR");
    assert!(fs.variables.iter().any(|(_, v)| v.name == "tex" && v.binding == Some(128)));
    assert!(fs.variables.iter().any(|(_, v)| v.name == "color" && v.location == Some(0) && v.mode == VariableMode::ShaderOut));
    let text = ir_text(&p, 1);
    assert!(text.contains("tex"), "{}", text);
    // Both stages see `tint' at the offset the program chose.
    let tint = p.interface.uniforms.iter().find(|u| u.name == "tint").expect("tint").offset;
    assert_eq!(tint, 64);
    assert!(text.contains("f32x4 tint offset=64"), "{}", text);
    let text = ir_text(&p, 0);
    assert!(text.contains("fmul") && text.contains("fadd"), "matrix-vector product: {}", text);
}

#[test]
fn control_flow_functions_and_short_circuit() {
    let p = link(
        "#version 130
in vec4 p;
out float f;
float accumulate(in float start, out int steps, inout float scale) {
    float acc = start;
    steps = 0;
    for (int i = 0; i < 8; i++) {
        if (acc > 10.0) break;
        if (i == 2) continue;
        acc += scale;
        steps++;
    }
    scale *= 2.0;
    if (acc < 0.0) return -acc;
    return acc;
}
void main() {
    int n; float s = 1.5;
    float a = accumulate(p.x, n, s);
    bool ok = a > 1.0 && n != 0 || s == 3.0;
    f = ok ? a : float(n);
    switch (n) { case 1: f += 1.0; case 2: f += 2.0; break; default: f = 0.0; }
    int k = 0;
    do { k += 2; } while (k < 6);
    while (k > 0) k--;
    gl_Position = vec4(p.xyz, 1.0);
}",
        "#version 140
in float f;
uniform Block { vec4 c; } blk;
void main() { vec4 v = vec4(f); v.zx = vec2(1.0, 2.0); if (v.x < 0.5) discard; gl_FragColor = v * blk.c; }",
    );
    let text = ir_text(&p, 0);
    assert!(text.contains("loop") && text.contains("call"), "{}", text);
    let fs = p.stages[1].ir.as_ref().expect("fragment IR");
    assert!(fs.variables.iter().any(|(_, v)| v.mode == VariableMode::Ubo && v.binding == Some(1)), "block 0 at binding 1");
    let text = ir_text(&p, 1);
    assert!(text.contains("discard"), "{}", text);
}

#[test]
fn legacy_shaders_with_builtins() {
    let p = link(
        "#version 110
attribute vec4 vertex;
uniform mat3 nm;
varying vec3 n;
void main() { n = normalize(nm * vertex.xyz); gl_Position = vertex; }",
        "#version 110
varying vec3 n;
uniform sampler2D t;
vec4 bias = vec4(0.1);
vec4 biased(vec4 c) { return c + bias; }
void main() { float d = max(dot(n, vec3(0.0, 0.0, 1.0)), 0.0); gl_FragColor = biased(texture2D(t, n.xy) * clamp(d, 0.2, 1.0) + vec4(pow(d, 2.0))); }",
    );
    ir_text(&p, 0);
    ir_text(&p, 1);
}

#[test]
fn compatibility_state_becomes_inputs_and_default_block_members() {
    let p = link(
        "#version 110
void main() { gl_FrontColor = gl_Color; gl_TexCoord[0] = gl_MultiTexCoord0; gl_Position = gl_ModelViewProjectionMatrix * gl_Vertex; }",
        "#version 110
void main() { gl_FragColor = gl_Color * gl_TexCoord[0] * gl_DepthRange.far; }",
    );
    let i = &p.interface;
    assert!(i.builtin_attributes.contains(&("gl_Vertex".into(), 16)), "{:?}", i.builtin_attributes);
    assert!(i.builtin_uniforms.iter().any(|(n, _)| n == "gl_ModelViewProjectionMatrix"), "{:?}", i.builtin_uniforms);
    assert!(i.builtin_uniforms.iter().any(|(n, _)| n == "gl_DepthRange.far"), "{:?}", i.builtin_uniforms);
    assert!(i.uniforms.is_empty(), "built-in state is not an active uniform: {:?}", i.uniforms);
    let vs = p.stages[0].ir.as_ref().expect("vertex IR");
    let loc = |ir: &nir_like::Shader, name: &str| ir.variables.iter().find(|(_, v)| v.name == name).and_then(|(_, v)| v.location);
    let fs = p.stages[1].ir.as_ref().expect("fragment IR");
    assert_eq!(loc(vs, "gl_FrontColor"), loc(fs, "gl_Color"));
    assert_eq!(loc(vs, "gl_Vertex"), Some(16));
    ir_text(&p, 0);
    ir_text(&p, 1);
}

#[test]
fn interface_blocks_between_stages() {
    let p = link(
        "#version 150
in vec4 p;
out Data { vec3 normal; flat int id; } vout;
void main() { vout.normal = p.xyz; vout.id = 3; gl_Position = p; }",
        "#version 150
in Data { vec3 normal; flat int id; } fin;
out vec4 c;
void main() { c = vec4(fin.normal, float(fin.id)); }",
    );
    let loc = |i: usize| {
        let ir = p.stages[i].ir.as_ref().expect("IR");
        ir.variables.iter().find(|(_, v)| v.name == "Data").and_then(|(_, v)| v.location)
    };
    assert!(loc(0).is_some());
    assert_eq!(loc(0), loc(1), "the block is one varying at one location in both stages");
    ir_text(&p, 0);
    ir_text(&p, 1);
}

#[test]
fn bit_packing_and_out_parameter_builtins() {
    let p = link(
        "#version 400
in vec4 p;
void main() { gl_Position = p; }",
        "#version 400
#extension GL_AMD_shader_trinary_minmax : require
uniform uvec2 u;
uniform ivec2 i;
uniform vec3 v;
out vec4 color;
void main() {
    uint carry;
    uint sum = uaddCarry(u.x, u.y, carry);
    uint msb, lsb;
    umulExtended(u.x, u.y, msb, lsb);
    int e;
    float m = frexp(v.x, e);
    float whole;
    float fraction = modf(v.y, whole);
    int bits = bitfieldExtract(i.x, 3, 5) + findMSB(i.y) + bitCount(u.x);
    uint pk = packUnorm2x16(v.xy);
    float median = mid3(v.x, v.y, v.z) + max3(v.x, v.y, v.z);
    color = vec4(float(sum + carry + msb + lsb + pk) + m + fraction + whole,
                 float(e + bits) + median, unpackHalf2x16(u.x));
}",
    );
    let text = ir_text(&p, 1);
    for op in ["uadd_carry", "umul_high", "frexp_sig", "frexp_exp", "ftrunc", "ibitfield_extract", "ifind_msb", "bit_count", "pack_unorm_2x16", "unpack_half_2x16", "fmin", "fmax"] {
        assert!(text.contains(op), "no {op} in:\n{text}");
    }
}

#[test]
fn texture_gathers_and_queries() {
    let p = link(
        "#version 430
in vec4 p;
out vec2 uv;
void main() { uv = p.xy; gl_Position = p; }",
        "#version 430
uniform sampler2D s;
uniform sampler2DShadow d;
in vec2 uv;
out vec4 color;
void main() {
    vec4 blue = textureGather(s, uv, 2);
    vec4 shifted = textureGatherOffset(s, uv, ivec2(1, 0));
    vec4 depth = textureGather(d, uv, 0.5);
    vec2 lod = textureQueryLod(s, uv);
    color = blue + shifted + depth + vec4(lod, float(textureQueryLevels(s)), 0.0);
}",
    );
    let text = ir_text(&p, 1);
    assert_eq!(text.matches("tg4").count(), 3, "three gathers:\n{text}");
    assert!(text.contains("query_levels") || text.contains("levels"), "textureQueryLevels:\n{text}");
    let fs = p.stages[1].ir.as_ref().expect("fragment IR");
    let components: Vec<u8> = fs
        .functions
        .iter()
        .flat_map(|(_, f)| f.instrs.iter().filter_map(|(_, i)| match &i.kind {
            nir_like::instr::InstrKind::Tex(t) if t.op == nir_like::TexOp::Tg4 => Some(t.component),
            _ => None,
        }))
        .collect();
    assert_eq!(components, vec![2, 0, 0], "gathered components");
}

#[test]
fn gather_component_out_of_range_is_an_error_not_a_panic() {
    let v = ok(Stage::Vertex, "#version 400\nin vec4 p;\nvoid main() { gl_Position = p; }");
    let f = compile(Stage::Fragment, "#version 400\nuniform sampler2D s;\nout vec4 c;\nvoid main() { c = textureGather(s, vec2(0.5), 7); }");
    if f.success {
        let p = link_program(&[&v, &f], &LinkOptions::default());
        assert!(!p.success || p.stages.iter().any(|s| s.ir.is_err()), "component 7 accepted");
    }
}

#[test]
fn texture_gather_offsets_carry_their_four_constant_offsets() {
    let p = link(
        "#version 400
in vec4 p;
void main() { gl_Position = p; }",
        "#version 400
uniform sampler2DArray s;
uniform sampler2DShadow d;
const ivec2 o[4] = ivec2[4](ivec2(-8, 7), ivec2(7, -8), ivec2(3, 3), ivec2(-3, -3));
out vec4 color;
void main() {
    color = textureGatherOffsets(s, vec3(0.5), o, 1) + textureGatherOffsets(d, vec2(0.5), 0.5, o);
}",
    );
    let fs = p.stages[1].ir.as_ref().expect("fragment IR");
    let gathers: Vec<(u8, Option<[[i32; 2]; 4]>)> = fs
        .functions
        .iter()
        .flat_map(|(_, f)| f.instrs.iter().filter_map(|(_, i)| match &i.kind {
            nir_like::instr::InstrKind::Tex(t) if t.op == nir_like::TexOp::Tg4 => Some((t.component, t.gather_offsets)),
            _ => None,
        }))
        .collect();
    let offsets = Some([[-8, 7], [7, -8], [3, 3], [-3, -3]]);
    assert_eq!(gathers, vec![(1, offsets), (0, offsets)]);
}

#[test]
fn sampler_parameters_point_at_the_uniform_they_are_given() {
    let p = link(
        "#version 120
void main() { gl_Position = gl_Vertex; }",
        "#version 120
uniform sampler2D single;
uniform sampler2D pair[2];
vec4 one(sampler2D s, vec2 uv) { return texture2D(s, uv); }
vec4 both(in sampler2D s[2], vec2 uv) { return texture2D(s[0], uv) + texture2D(s[1], uv); }
void main() { gl_FragColor = one(single, vec2(0.5)) + one(pair[1], vec2(0.25)) + both(pair, vec2(0.0)); }",
    );
    let text = ir_text(&p, 1);
    // The callees take pointers to image variables: nothing copies a sampler.
    assert!(text.contains("image sampler2D<float>[2]"), "{text}");
    assert!(!text.lines().any(|l| l.trim_start().starts_with("local#") && l.contains("sampler")), "{text}");
    let fs = p.stages[1].ir.as_ref().expect("fragment IR");
    let images = fs.variables.iter().filter(|(_, v)| v.mode == VariableMode::Image).count();
    assert_eq!(images, 2);
}

#[test]
fn aggregate_return_values_go_through_a_hidden_parameter() {
    let p = link(
        "#version 130
in vec4 p;
struct S { float a; vec2 b; };
float[2] pair(float x) { float d[2]; d[0] = x; d[1] = -x; return d; }
mat2 flip() { return mat2(0.0, 1.0, 1.0, 0.0); }
S make(float x) { return S(x, vec2(x)); }
void nothing(void) { }
void main() {
    nothing();
    float d[2] = pair(p.x);
    vec2 v = flip() * p.xy;
    gl_Position = vec4(d[1], v, make(p.w).b.y);
}",
        "#version 130
void main() { gl_FragColor = vec4(1.0); }",
    );
    let vs = p.stages[0].ir.as_ref().expect("vertex IR");
    let text = ir_text(&p, 0);
    let params = |name: &str| vs.functions.iter().find(|(_, f)| f.name == name).map(|(_, f)| (f.params.len(), f.return_type.is_none())).unwrap_or_else(|| panic!("no {name}:\n{text}"));
    // The value goes through one extra parameter; the function itself returns nothing.
    assert_eq!(params("pair"), (2, true), "{text}");
    assert_eq!(params("flip"), (1, true), "{text}");
    assert_eq!(params("make"), (2, true), "{text}");
    // f(void) takes no parameter at all.
    assert_eq!(params("nothing"), (0, true), "{text}");
}

#[test]
fn initializer_lists_store_every_element_member_and_column() {
    let p = link(
        "#version 420
in vec4 p;
void main() { gl_Position = p; }",
        "#version 420
struct S { float f; vec2 v; int a[2]; };
uniform float u;
out vec4 color;
void main() {
    vec3 v = { u, 2.0, 3.0 };
    mat2 m = { { u, 5.0 }, vec2(6.0, 7.0) };
    float a[] = { 8.0, u };
    S s = { u, { 9.0, u }, { 10, 11 } };
    S list[2] = { { 1.0, vec2(u), { 1, 2 } }, s };
    color = vec4(v.z + m[1][0] + a[0] + s.v.x + float(list[1].a[1]));
}",
    );
    let text = ir_text(&p, 1);
    // Every literal of the lists reaches the IR (v.z, the column vec2(6, 7), a[0], s.v.x, 11).
    for value in ["3.0", "6.0", "7.0", "8.0", "9.0", "11"] {
        assert!(text.lines().any(|l| l.contains("const") && l.contains(value)), "no constant {value} in:\n{text}");
    }
}

#[test]
fn swizzled_interpolants_are_interpolated_whole_then_swizzled() {
    let p = link(
        "#version 440
in vec4 pos;
out vec3 a;
void main() { a = pos.xyz; gl_Position = pos; }",
        "#version 440
in vec3 a;
out vec4 c;
void main() { c = vec4(interpolateAtCentroid(a.zx), interpolateAtCentroid(a[1]), 1.0); }",
    );
    let text = ir_text(&p, 1);
    // Every interpolation reads the whole vec3; the selection comes after.
    let interps: Vec<&str> = text.lines().filter(|l| l.contains("interp_at_centroid")).collect();
    assert!(!interps.is_empty(), "{}", text);
    let whole = interps.iter().find(|l| l.trim_start().starts_with("f32x3 ")).unwrap_or_else(|| panic!("a vec3 interpolation: {}", text));
    let name = whole.split_whitespace().nth(1).expect("result name");
    assert!(text.contains(&format!("swizzle {name}.zx")), "the swizzle reads the interpolated value: {}", text);
}

#[test]
fn implicitly_sized_interface_block_members_take_their_size_from_the_indices() {
    let p = link(
        "#version 150
in vec4 pos;
out blk { float foo[]; } named;
out unnamed_blk { float bar[]; };
void main() { named.foo[0] = 1.0; named.foo[2] = 3.0; bar[1] = 2.0; gl_Position = pos; }",
        "#version 150
in blk { float foo[]; } named;
in unnamed_blk { float bar[]; };
void main() { gl_FragColor = vec4(named.foo[2], bar[1], 0.0, 1.0); }",
    );
    // The largest constant index plus one, the same on both sides of the interface.
    for (stage, mode) in [(0, "shader_out"), (1, "shader_in")] {
        let text = ir_text(&p, stage);
        assert!(text.contains(&format!("({mode} f32[3])")), "named.foo has 3 elements: {}", text);
        assert!(text.contains(&format!("({mode} f32[2])")), "bar has 2 elements: {}", text);
    }
}

#[test]
fn essl_100_second_blend_colours_become_the_index_1_output_of_location_0() {
    let vs = compile_es(Stage::Vertex, "#version 100\nattribute vec4 p;\nvoid main() { gl_Position = p; }");
    for (primary, secondary, len) in [("gl_FragColor", "gl_SecondaryFragColorEXT", None), ("gl_FragData[0]", "gl_SecondaryFragDataEXT[0]", Some(1))] {
        let fs = compile_es(
            Stage::Fragment,
            &format!("#version 100\n#extension GL_EXT_blend_func_extended : require\nprecision mediump float;\nvoid main() {{ {primary} = vec4(1.0); {secondary} = vec4(0.5); }}"),
        );
        assert!(vs.success && fs.success, "{}{}", vs.info_log, fs.info_log);
        let p = link_program(&[&vs, &fs], &LinkOptions::default());
        assert!(p.success, "{}", p.info_log);
        let ir = p.stages[1].ir.as_ref().expect("fragment IR");
        validate(ir).expect("valid IR");
        let name = secondary.split('[').next().expect("a name");
        let var = ir.variables.iter().map(|(_, v)| v).find(|v| v.name == name).unwrap_or_else(|| panic!("no {name}: {}", print_shader(ir)));
        assert_eq!((var.mode, var.location, var.index), (VariableMode::ShaderOut, Some(0), Some(1)), "{name}");
        let array_len = match &ir.types[var.ty] {
            nir_like::Type::Array { length, .. } => *length,
            _ => None,
        };
        assert_eq!(array_len, len, "{name}");
    }
}
