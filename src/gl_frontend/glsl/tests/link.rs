//! The linker: locations, active resources and block layouts as GL's queries report them.

mod common;
use common::*;
use glsl::{link_program, LinkOptions, Stage};

const GL_FLOAT_VEC4: u32 = 0x8B52;
const GL_FLOAT_MAT4: u32 = 0x8B5C;
const GL_FLOAT: u32 = 0x1406;
const GL_SAMPLER_2D: u32 = 0x8B5E;
const GL_FLOAT_VEC3: u32 = 0x8B51;

#[test]
fn attributes_uniforms_and_outputs_get_gl_locations_and_offsets() {
    let vs = ok(
        Stage::Vertex,
        "#version 330
layout(location = 3) in vec4 pos;
in vec3 normal;
in vec4 unused_attr;
uniform mat4 mvp;
uniform float scale[3];
struct S { vec3 a; float b; };
uniform S s;
out vec3 n;
void main() { n = normal * s.a * s.b; gl_Position = mvp * pos * scale[2]; }",
    );
    let fs = ok(
        Stage::Fragment,
        "#version 330
uniform sampler2D tex;
in vec3 n;
out vec4 color;
void main() { color = texture(tex, n.xy); }",
    );
    let p = link_program(&[&vs, &fs], &LinkOptions { attrib_bindings: vec![("normal".into(), 5)], ..Default::default() });
    assert!(p.success, "{}", p.info_log);
    let i = &p.interface;
    let attr = |n: &str| i.attributes.iter().find(|a| a.name == n).cloned();
    assert_eq!(attr("pos").map(|a| (a.location, a.gl_type)), Some((3, GL_FLOAT_VEC4)));
    assert_eq!(attr("normal").map(|a| a.location), Some(5));
    assert!(attr("unused_attr").is_none(), "inactive attributes are not listed");
    let u = |n: &str| i.uniforms.iter().find(|u| u.name == n).cloned().unwrap_or_else(|| panic!("no uniform {} in {:?}", n, i.uniforms));
    assert_eq!(u("mvp").gl_type, GL_FLOAT_MAT4);
    assert_eq!((u("mvp").offset, u("mvp").matrix_stride), (0, 16));
    assert_eq!((u("scale[0]").array_size, u("scale[0]").offset, u("scale[0]").array_stride, u("scale[0]").gl_type), (3, 64, 16, GL_FLOAT));
    assert_eq!((u("s.a").offset, u("s.a").gl_type), (112, GL_FLOAT_VEC3));
    assert_eq!(u("s.b").offset, 124);
    // The point size state of the vertex stage follows the application's uniforms.
    let point_size_state = i.builtin_uniforms.iter().find(|(n, _)| n == glsl::link::POINT_SIZE_STATE).map(|(_, o)| *o);
    assert_eq!(point_size_state, Some(128));
    // No glClipControl depth mode unless the target maps depth in the shader.
    let clip_control_state = |i: &glsl::ProgramInterface| i.builtin_uniforms.iter().find(|(n, _)| n == glsl::link::CLIP_CONTROL_STATE).map(|(_, o)| *o);
    assert_eq!(clip_control_state(i), None);
    assert_eq!(i.default_block_size, 144);
    // Asked for, it follows the rest of the block.
    let emulated = link_program(&[&vs, &fs], &LinkOptions { attrib_bindings: vec![("normal".into(), 5)], clip_control_state: true, ..Default::default() });
    assert_eq!(clip_control_state(&emulated.interface), Some(144));
    assert_eq!(emulated.interface.default_block_size, 160);
    assert_eq!((u("tex").gl_type, u("tex").sampler_index), (GL_SAMPLER_2D, Some(0)));
    let locs: Vec<i32> = ["mvp", "scale[0]", "s.a", "s.b", "tex"].iter().map(|n| u(n).location).collect();
    assert_eq!(locs, vec![0, 1, 4, 5, 6]);
    assert_eq!(i.fragment_outputs.len(), 1);
    assert_eq!(i.fragment_outputs[0].location, 0);
    assert_eq!(i.varyings.len(), 1);
}

#[test]
fn double_attributes_take_one_gl_location_a_column_and_two_vulkan_locations_when_wide() {
    const GL_DOUBLE_VEC4: u32 = 0x8FFE;
    const GL_DOUBLE_MAT3: u32 = 0x8F47;
    let vs = ok(
        Stage::Vertex,
        "#version 150
#extension GL_ARB_gpu_shader_fp64 : require
#extension GL_ARB_vertex_attrib_64bit : require
in dvec4 a;
in dmat3 m;
in dvec2 b[2];
in vec4 pos;
void main() { gl_Position = pos + vec4(a + dvec4(m[2], 1.0) + dvec4(b[1], 0.0, 0.0)); }",
    );
    let p = link_program(&[&vs], &LinkOptions { attrib_bindings: vec![("a".into(), 1), ("m".into(), 2), ("b".into(), 5)], ..Default::default() });
    assert!(p.success, "{}", p.info_log);
    let i = &p.interface;
    let attr = |n: &str| i.attributes.iter().find(|a| a.name == n).cloned().unwrap();
    // GL counts one location for a dvec4 and one a column for a dmat3.
    assert_eq!((attr("a").location, attr("a").gl_type), (1, GL_DOUBLE_VEC4));
    assert_eq!((attr("m").location, attr("m").gl_type), (2, GL_DOUBLE_MAT3));
    assert_eq!((attr("b").location, attr("b").array_size), (5, 2));
    // pos takes the first free location.
    assert_eq!(attr("pos").location, 0);
    assert_eq!(i.vertex_input_dual_slots, 0b11110);
    // Vulkan: a at 1-2, m's columns at 3-4, 5-6, 7-8, b at 9 and 10.
    let vk: Vec<u32> = (0..7).map(|l| i.vertex_input_location(l)).collect();
    assert_eq!(vk, vec![0, 1, 3, 5, 7, 9, 10]);
}

#[test]
fn uniform_blocks_use_std140() {
    let vs = ok(
        Stage::Vertex,
        "#version 140
uniform Transform { mat4 m; vec3 v; float f; vec2 arr[2]; } xf;
layout(std140) uniform Colors { vec4 c; };
void main() { gl_Position = xf.m * vec4(xf.v, xf.f) + c; }",
    );
    let fs = ok(Stage::Fragment, "#version 140\nout vec4 o;\nvoid main() { o = vec4(1.0); }");
    let p = link_program(&[&vs, &fs], &LinkOptions::default());
    assert!(p.success, "{}", p.info_log);
    let b = &p.interface.uniform_blocks;
    assert_eq!(b.len(), 2);
    assert_eq!((b[0].name.as_str(), b[0].index, b[0].data_size), ("Transform", 0, 112));
    let members: Vec<(String, u32, u32)> = b[0].active_uniforms.iter().map(|k| {
        let u = &p.interface.uniforms[*k as usize];
        (u.name.clone(), u.offset, u.array_stride)
    }).collect();
    assert_eq!(members, vec![("Transform.m".into(), 0, 0), ("Transform.v".into(), 64, 0), ("Transform.f".into(), 76, 0), ("Transform.arr[0]".into(), 80, 16)]);
    assert_eq!((b[1].name.as_str(), b[1].data_size), ("Colors", 16));
    assert_eq!(p.interface.uniforms[b[1].active_uniforms[0] as usize].name, "c");
}

#[test]
fn link_errors() {
    let vs = ok(Stage::Vertex, "#version 130\nout vec3 a;\nvoid main() { a = vec3(1.0); gl_Position = vec4(0.0); }");
    let fs = ok(Stage::Fragment, "#version 130\nin vec4 a;\nin float missing;\nvoid main() { gl_FragColor = a * missing; }");
    let p = link_program(&[&vs, &fs], &LinkOptions::default());
    assert!(!p.success);
    assert!(p.info_log.contains("type"), "{}", p.info_log);
    assert!(p.info_log.contains("not written"), "{}", p.info_log);
    let no_main = ok(Stage::Fragment, "void f() {}");
    let p = link_program(&[&vs, &no_main], &LinkOptions::default());
    assert!(!p.success && p.info_log.contains("main"), "{}", p.info_log);
    let bad = compile(Stage::Fragment, "void main() { nope; }");
    assert!(!link_program(&[&vs, &bad], &LinkOptions::default()).success);
}

#[test]
fn uniform_initializers_and_sampler_bindings_give_starting_values() {
    let vs = ok(Stage::Vertex, "#version 420\nin vec4 p;\nvoid main() { gl_Position = p; }");
    let fs = ok(
        Stage::Fragment,
        "#version 420
uniform int count = 37;
uniform vec2 scale[2] = vec2[2](vec2(1.5, -2.0), vec2(0.25, 4.0));
uniform mat2 m = mat2(1.0, 2.0, 3.0, 4.0);
layout(binding = 5) uniform sampler2D tex[2];
out vec4 c;
void main() { c = texture(tex[1], scale[1]) * float(count) + vec4(m[1], scale[0]); }",
    );
    let p = link_program(&[&vs, &fs], &LinkOptions::default());
    assert!(p.success, "{}", p.info_log);
    let i = &p.interface;
    let word_at = |name: &str, extra: u32| {
        let u = i.uniforms.iter().find(|u| u.name == name).unwrap_or_else(|| panic!("no {name}"));
        i.initial_uniform_words.iter().find(|(o, _)| *o == u.offset + extra).map(|(_, w)| *w)
    };
    assert_eq!(word_at("count", 0), Some(37));
    // std140: vec2 array elements are 16 bytes apart.
    assert_eq!(word_at("scale[0]", 4).map(f32::from_bits), Some(-2.0));
    assert_eq!(word_at("scale[0]", 16).map(f32::from_bits), Some(0.25));
    // std140: mat2 columns are 16 bytes apart.
    assert_eq!(word_at("m", 16).map(f32::from_bits), Some(3.0));
    let tex = i.uniforms.iter().find(|u| u.name.starts_with("tex")).expect("tex");
    let first = tex.sampler_index.expect("a sampler");
    assert_eq!(i.initial_sampler_units, vec![(first, 5), (first + 1, 6)]);
}

#[test]
fn an_unused_uniform_with_an_initializer_stays_active() {
    let vs = ok(Stage::Vertex, "#version 120\nvoid main() { gl_Position = gl_Vertex; }");
    let fs = ok(Stage::Fragment, "#version 120\nuniform int unused_set = 28;\nuniform int unused_plain;\nuniform ivec2 read = ivec2(1, 2);\nvoid main() { gl_FragColor = vec4(read, 0.0, 1.0); }");
    let p = link_program(&[&vs, &fs], &LinkOptions::default());
    assert!(p.success, "{}", p.info_log);
    let names: Vec<&str> = p.interface.uniforms.iter().map(|u| u.name.as_str()).collect();
    assert!(names.contains(&"unused_set") && names.contains(&"read"), "{names:?}");
    assert!(!names.contains(&"unused_plain"), "{names:?}");
    let u = p.interface.uniforms.iter().find(|u| u.name == "unused_set").unwrap();
    assert!(u.location >= 0);
    assert_eq!(p.interface.initial_uniform_words.iter().find(|(o, _)| *o == u.offset).map(|(_, w)| *w), Some(28));
    // Read in one stage, initialized in another: the program starts with the value.
    let vs = ok(Stage::Vertex, "#version 120\nuniform int shared;\nvarying float v;\nvoid main() { v = float(shared); gl_Position = gl_Vertex; }");
    let fs = ok(Stage::Fragment, "#version 120\nuniform int shared = 41;\nvarying float v;\nvoid main() { gl_FragColor = vec4(v); }");
    let p = link_program(&[&vs, &fs], &LinkOptions::default());
    assert!(p.success, "{}", p.info_log);
    let u = p.interface.uniforms.iter().find(|u| u.name == "shared").expect("shared is active");
    assert_eq!(p.interface.initial_uniform_words.iter().find(|(o, _)| *o == u.offset).map(|(_, w)| *w), Some(41));
}

#[test]
fn tessellation_stages_need_their_layouts() {
    use glsl::{compile_shader, link_program, Api, LinkOptions, Stage};
    let opts = |s| common::options(s, Api::GlCore);
    let tes = compile_shader(&["#version 400\nvoid main() { gl_Position = vec4(0.0); }"], &opts(Stage::TessEval));
    assert!(tes.success, "{}", tes.info_log);
    let p = link_program(&[&tes], &LinkOptions { separable: true, ..Default::default() });
    assert!(!p.success && p.info_log.contains("primitive mode"), "{}", p.info_log);
    let tcs = compile_shader(&["#version 400\nvoid main() {}"], &opts(Stage::TessControl));
    let p = link_program(&[&tcs], &LinkOptions { separable: true, ..Default::default() });
    assert!(!p.success && p.info_log.contains("output patch size"), "{}", p.info_log);
}

#[test]
fn patch_varying_arrays_take_a_location_per_element_in_their_own_space() {
    use glsl::{compile_shader, Api};
    let opts = |s| common::options(s, Api::GlCore);
    let tcs = compile_shader(
        &["#version 400\nlayout(vertices = 4) out;\nout vec4 pv[];\npatch out vec3 m1[16];\npatch out vec3 m2[14];\nvoid main() { pv[gl_InvocationID] = vec4(0.5); m1[3] = vec3(1.0); m2[2] = vec3(2.0); }"],
        &opts(Stage::TessControl),
    );
    assert!(tcs.success, "{}", tcs.info_log);
    let tes = compile_shader(
        &["#version 400\nlayout(quads) in;\nin vec4 pv[];\npatch in vec3 m1[16];\npatch in vec3 m2[14];\nvoid main() { gl_Position = vec4(m1[3] + m2[2], 1.0) + pv[1]; }"],
        &opts(Stage::TessEval),
    );
    assert!(tes.success, "{}", tes.info_log);
    let p = link_program(&[&tcs, &tes], &LinkOptions { separable: true, ..Default::default() });
    assert!(p.success, "{}", p.info_log);
    let location = |n: &str| p.interface.varyings.iter().find(|v| v.name == n).map(|v| v.location);
    // m1 fills locations 0-15, so m2 starts after it rather than overlapping it; patch
    // varyings have a location space apart from the per-vertex ones.
    assert_eq!(location("pv"), Some(0));
    assert_eq!(location("m1"), Some(0));
    assert_eq!(location("m2"), Some(16));
}

#[test]
fn unread_control_shader_outputs_follow_the_read_ones_without_counting_the_patch_vertices() {
    use glsl::{compile_shader, Api};
    let opts = |s| common::options(s, Api::GlCore);
    // `color` is read by the evaluation shader, the block only by other invocations: 1 + 30
    // locations fit the 32 a device offers for control shader outputs only when the
    // per-vertex array over the 4 vertices takes no locations of its own.
    let tcs = compile_shader(
        &["#version 400\nlayout(vertices = 4) out;\nout block { float m1[16]; float m2[14]; } var[];\nout vec4 color[];\nvoid main() { var[gl_InvocationID].m1[0] = 1.0; var[gl_InvocationID].m2[0] = 1.0; color[gl_InvocationID] = vec4(var[0].m2[13]); }"],
        &opts(Stage::TessControl),
    );
    assert!(tcs.success, "{}", tcs.info_log);
    let tes = compile_shader(&["#version 400\nlayout(quads) in;\nin vec4 color[];\nvoid main() { gl_Position = color[0]; }"], &opts(Stage::TessEval));
    assert!(tes.success, "{}", tes.info_log);
    let p = link_program(&[&tcs, &tes], &LinkOptions { separable: true, ..Default::default() });
    assert!(p.success, "{}", p.info_log);
    let ir = p.stages.iter().find(|s| s.stage == Stage::TessControl).and_then(|s| s.ir.as_ref().ok()).expect("control shader IR");
    let location = |n: &str| ir.variables.iter().find(|(_, v)| v.name == n).and_then(|(_, v)| v.location);
    assert_eq!(location("color"), Some(0));
    assert_eq!(location("block"), Some(1));
}

#[test]
fn tessellation_shader_objects_agree_on_their_layouts() {
    use glsl::{compile_shader, Api};
    let opts = |s| common::options(s, Api::GlCore);
    let object = |stage, src: &str| {
        let s = compile_shader(&[src], &opts(stage));
        assert!(s.success, "{}", s.info_log);
        s
    };
    let main_tcs = object(Stage::TessControl, "#version 400\nlayout(vertices = 3) out;\nvoid main() {}");
    let other_tcs = |n| object(Stage::TessControl, &format!("#version 400\nlayout(vertices = {n}) out;\nvoid helper() {{}}"));
    let link = |objects: &[&glsl::CompiledShader]| link_program(objects, &LinkOptions { separable: true, ..Default::default() });
    assert!(link(&[&main_tcs, &other_tcs(3)]).success);
    let p = link(&[&main_tcs, &other_tcs(4)]);
    assert!(!p.success && p.info_log.contains("output patch sizes"), "{}", p.info_log);

    let main_tes = object(Stage::TessEval, "#version 400\nlayout(triangles, equal_spacing, cw) in;\nvoid main() { gl_Position = vec4(0.0); }");
    let other_tes = |l: &str| object(Stage::TessEval, &format!("#version 400\nlayout({l}) in;\nvoid helper() {{}}"));
    assert!(link(&[&main_tes, &other_tes("triangles, cw")]).success);
    for (layout, group) in [("quads", "primitive mode"), ("fractional_odd_spacing", "spacing"), ("ccw", "vertex order")] {
        let p = link(&[&main_tes, &other_tes(layout)]);
        assert!(!p.success && p.info_log.contains(group), "{layout}: {}", p.info_log);
    }
}

#[test]
fn shader_objects_of_one_stage_agree_on_auxiliary_qualifiers() {
    let a = ok(Stage::Vertex, "#version 120\ncentroid varying float var;\nvoid main() { gl_Position = gl_Vertex; }");
    let b = ok(Stage::Vertex, "#version 120\nvarying float var;\nvoid helper() {}");
    let p = link_program(&[&a, &b], &LinkOptions::default());
    assert!(!p.success, "centroid in one object and not the other must not link");
    assert!(p.info_log.contains("different qualifiers"), "{}", p.info_log);
    let c = ok(Stage::Vertex, "#version 120\ncentroid varying float var;\nvoid helper() {}");
    let p = link_program(&[&a, &c], &LinkOptions::default());
    assert!(p.success, "{}", p.info_log);
}

#[test]
fn varyings_beyond_the_last_location_are_a_link_error() {
    // dvec3 takes two locations: 16 of them fill all 32; 17 do not fit.
    let program = |n: u32| {
        let vs = ok(Stage::Vertex, &format!("#version 400\nflat out dvec3 v[{n}];\nvoid main() {{ for (int i = 0; i < {n}; i++) v[i] = dvec3(i); gl_Position = vec4(0.0); }}"));
        let fs = ok(Stage::Fragment, &format!("#version 400\nflat in dvec3 v[{n}];\nout vec4 c;\nvoid main() {{ c = vec4(v[{n} - 1], 1.0); }}"));
        link_program(&[&vs, &fs], &LinkOptions::default())
    };
    let fits = program(16);
    assert!(fits.success, "{}", fits.info_log);
    let too_many = program(17);
    assert!(!too_many.success, "34 locations must not link");
    assert!(too_many.info_log.contains("too many varyings"), "{}", too_many.info_log);
}

/// Two compute shader objects of one program that declare different local sizes do not link,
/// even though they form one stage.
#[test]
fn compute_shader_objects_must_agree_on_the_local_size() {
    let head = "#version 330\n#extension GL_ARB_compute_shader : enable\n";
    let main = ok(Stage::Compute, &format!("{head}layout(local_size_x = 2) in;\nvoid foo();\nvoid main() {{ foo(); }}"));
    let other = ok(Stage::Compute, &format!("{head}layout(local_size_y = 2) in;\nvoid foo() {{}}"));
    let p = link_program(&[&main, &other], &LinkOptions::default());
    assert!(!p.success, "mismatched local sizes linked");
    assert!(p.info_log.contains("different local sizes"), "{}", p.info_log);
    let same = ok(Stage::Compute, &format!("{head}layout(local_size_x = 2) in;\nvoid foo() {{}}"));
    let p = link_program(&[&main, &same], &LinkOptions::default());
    assert!(p.success, "{}", p.info_log);
    assert_eq!(p.interface.compute_local_size, Some([2, 1, 1]));
}

/// A variable local size (ARB_compute_variable_group_size) counts as a declared size, and
/// cannot be mixed with a fixed one across the shader objects of a program.
#[test]
fn a_variable_local_size_links_alone_but_not_beside_a_fixed_one() {
    let head = "#version 330\n#extension GL_ARB_compute_shader : enable\n#extension GL_ARB_compute_variable_group_size : enable\n";
    let variable = ok(Stage::Compute, &format!("{head}layout(local_size_variable) in;\nvoid foo() {{}}"));
    let plain = ok(Stage::Compute, &format!("{head}void foo();\nvoid main() {{ foo(); }}"));
    let p = link_program(&[&plain, &variable], &LinkOptions::default());
    assert!(p.success, "{}", p.info_log);
    assert_eq!(p.interface.compute_local_size, None);
    assert!(p.interface.compute_variable_local_size);
    // The size comes from the dispatch even when another unit holds main.
    let ir = p.stages[0].ir.as_ref().expect("IR");
    assert!(ir.info.compute.variable_local_size);
    let reader_main = ok(Stage::Compute, &format!("{head}#extension GL_ARB_shader_storage_buffer_object : enable\nlayout(local_size_variable) in;\nlayout(std430) buffer B {{ uvec3 s; }};\nvoid main() {{ s = gl_LocalGroupSizeARB; }}"));
    let p = link_program(&[&reader_main], &LinkOptions::default());
    assert!(p.success, "{}", p.info_log);
    let printed = nir_like::print_shader(p.stages[0].ir.as_ref().expect("IR"));
    assert!(printed.contains("load_workgroup_size"), "{printed}");
    assert!(printed.contains("local_size=variable"), "{printed}");
    let fixed = ok(Stage::Compute, &format!("{head}layout(local_size_x = 2) in;\nvoid foo();\nvoid main() {{ foo(); }}"));
    let p = link_program(&[&fixed, &variable], &LinkOptions::default());
    assert!(!p.success, "a fixed and a variable local size linked");
    assert!(p.info_log.contains("both a fixed and a variable"), "{}", p.info_log);
}

/// The outer length of the IR variable `name` of the linked stage `stage`.
fn ir_array_length(p: &glsl::LinkedProgram, stage: Stage, name: &str) -> Option<u32> {
    let ir = p.stages.iter().find(|s| s.stage == stage)?.ir.as_ref().ok()?;
    let (_, var) = ir.variables.iter().find(|(_, v)| v.name == name)?;
    match &ir.types[var.ty] {
        nir_like::Type::Array { length, .. } => *length,
        _ => None,
    }
}

#[test]
fn implicitly_sized_arrays_take_the_size_of_another_declaration_of_the_stage() {
    let f = ok(Stage::Vertex, "#version 120\nvarying vec4 color[];\nvoid f() { color[2] = vec4(1.0); }");
    let main = ok(Stage::Vertex, "#version 120\nvarying vec4 color[3];\nvoid f();\nvoid main() { f(); color[1] = vec4(0.0); gl_Position = gl_Vertex; }");
    let fs = ok(Stage::Fragment, "#version 120\nvarying vec4 color[3];\nvoid main() { gl_FragColor = color[2]; }");
    let p = link_program(&[&f, &main, &fs], &LinkOptions::default());
    assert!(p.success, "{}", p.info_log);
    assert_eq!(ir_array_length(&p, Stage::Vertex, "color"), Some(3));
}

#[test]
fn implicitly_sized_arrays_take_the_largest_constant_index_of_the_stage() {
    let f = ok(Stage::Fragment, "#version 110\nfloat a[];\nvoid f() { a[5] = 0.5; gl_FragColor = vec4(a[5]); }");
    let main = ok(Stage::Fragment, "#version 110\nfloat a[];\nvoid f();\nvoid main() { a[2] = 0.0; f(); }");
    let vs = ok(Stage::Vertex, "#version 110\nvarying vec4 v[];\nvoid main() { v[1] = gl_Vertex; gl_Position = gl_Vertex; }");
    let p = link_program(&[&vs, &f, &main], &LinkOptions::default());
    assert!(p.success, "{}", p.info_log);
    assert_eq!(ir_array_length(&p, Stage::Fragment, "a"), Some(6));
    assert_eq!(ir_array_length(&p, Stage::Vertex, "v"), Some(2));
}

#[test]
fn an_index_past_the_declared_size_of_another_object_fails_to_link() {
    let f = ok(Stage::Vertex, "#version 120\nvarying vec4 color[];\nvoid f() { color[3] = vec4(1.0); }");
    let main = ok(Stage::Vertex, "#version 120\nvarying vec4 color[3];\nvoid f();\nvoid main() { f(); gl_Position = gl_Vertex; }");
    let p = link_program(&[&f, &main], &LinkOptions::default());
    assert!(!p.success, "color[3] does not fit color[3]");
}

#[test]
fn capture_copies_past_the_last_output_location_fail_to_link() {
    // A separable vertex stage keeps every output (another program may read them), so the
    // copy capturing one element needs a 33rd location.
    let vs = ok(Stage::Vertex, "#version 150\nout float a[32];\nvoid main() { for (int i = 0; i < 32; i++) a[i] = float(i); gl_Position = vec4(0.0); }");
    let options = |separable| LinkOptions { separable, transform_feedback_varyings: vec!["a[3]".into()], ..Default::default() };
    let p = link_program(&[&vs], &options(true));
    assert!(!p.success, "a capture copy at location 32 linked");
    assert!(p.info_log.contains("output locations"), "{}", p.info_log);
    // Without a later stage nothing reads `a`: the copy takes its place and the program links.
    let p = link_program(&[&vs], &options(false));
    assert!(p.success, "{}", p.info_log);
}

#[test]
fn explicit_uniform_locations_are_held_by_unused_uniforms_and_never_shared() {
    let head = "#version 130\n#extension GL_ARB_explicit_uniform_location : require\n";
    let vs_with = |decl: &str| ok(Stage::Vertex, &format!("{head}{decl}\nvoid main() {{ gl_Position = vec4(0.0); }}"));
    let fs_with = |decl: &str, use_: &str| ok(Stage::Fragment, &format!("{head}{decl}\nvoid main() {{ gl_FragColor = {use_}; }}"));
    let link = |vs: &glsl::CompiledShader, fs: &glsl::CompiledShader| link_program(&[vs, fs], &LinkOptions::default());

    // An unused array still holds its 128 locations.
    let p = link(&vs_with("layout(location = 0) uniform float array[128];"), &fs_with("layout(location = 127) uniform vec4 color;", "color"));
    assert!(!p.success, "an unused array's locations were given away");
    assert!(p.info_log.contains("overlap"), "{}", p.info_log);
    // One stage: an array's elements overlap a later uniform.
    let p = link(&vs_with(""), &fs_with("layout(location = 0) uniform float a[16];\nlayout(location = 2) uniform float r;", "vec4(r, a[15], 0.0, 1.0)"));
    assert!(!p.success, "overlapping locations in one stage linked");
    // One name, two locations.
    let p = link(&vs_with("layout(location = 0) uniform vec4 foo;"), &fs_with("layout(location = 1) uniform vec4 foo;", "foo"));
    assert!(!p.success, "one uniform with two locations linked");
    assert!(p.info_log.contains("foo"), "{}", p.info_log);
    // One name at one location in both stages, and neighbours that only touch, are fine.
    let p = link(&vs_with("layout(location = 3) uniform vec4 foo;\nlayout(location = 0) uniform float b[3];"), &fs_with("layout(location = 3) uniform vec4 foo;", "foo"));
    assert!(p.success, "{}", p.info_log);
    let foo = p.interface.uniforms.iter().find(|u| u.name == "foo").expect("foo is active");
    assert_eq!(foo.location, 3);
}

#[test]
fn storage_blocks_agree_between_stages_and_fit_the_size_limit() {
    let head = "#version 150\n#extension GL_ARB_shader_storage_buffer_object : require\n";
    let vs = |block: &str| ok(Stage::Vertex, &format!("{head}{block}\nvoid main() {{ gl_Position = vec4(0.0); }}"));
    let fs = |block: &str| ok(Stage::Fragment, &format!("{head}{block}\nvoid main() {{ gl_FragColor = vec4(1.0); }}"));
    let links = |v: &str, f: &str| {
        let p = link_program(&[&vs(v), &fs(f)], &LinkOptions::default());
        (p.success, p.info_log)
    };
    let (success, log) = links("layout(std140) buffer a { float s[3]; };", "layout(std430) buffer a { float s[3]; };");
    assert!(!success && log.contains("differs"), "std140 against std430 linked: {log}");
    assert!(!links("layout(row_major, std430) buffer a { mat4 s; };", "layout(column_major, std430) buffer a { mat4 s; };").0, "row_major against column_major linked");
    assert!(!links("buffer a { vec4 s; } b[2];", "buffer a { vec4 s; } b[3];").0, "arrays of two and three blocks linked");
    let (success, log) = links("layout(std430) buffer a { float s[3]; };", "layout(std430) buffer a { float s[3]; };");
    assert!(success, "{log}");

    let limit = glsl::link_storage::MAX_SHADER_STORAGE_BLOCK_SIZE / 16;
    let fits = format!("layout(std140) buffer big {{ vec4 v[{limit}]; }};");
    let (success, log) = links(&fits, "");
    assert!(success, "{log}");
    let exceeds = format!("layout(std140) buffer big {{ vec4 v[{}]; }};", limit + 1);
    let (success, log) = links(&exceeds, "");
    assert!(!success && log.contains("GL_MAX_SHADER_STORAGE_BLOCK_SIZE"), "{log}");
}

#[test]
fn implicitly_sized_local_arrays_take_their_largest_constant_index() {
    let head = "#version 330\n#extension GL_ARB_shader_storage_buffer_object : require\nout vec4 c;\n";
    let fs = ok(Stage::Fragment, &format!("{head}void main() {{ float a[]; int n = a.length(); a[4] = 3.0; c = vec4(float(n), a[4], 0.0, 1.0); }}"));
    let sized = fs.interface.as_ref().unwrap().declared_types.iter().find(|(k, _)| k.2 == "a").map(|(_, t)| t.clone());
    assert_eq!(sized, Some(glsl::sema::types::Type::Array(Box::new(glsl::sema::types::Type::FLOAT), Some(5))));
    let vs = ok(Stage::Vertex, "#version 330\nvoid main() { gl_Position = vec4(0.0); }");
    let p = link_program(&[&vs, &fs], &LinkOptions::default());
    assert!(p.success, "{}", p.info_log);
}

#[test]
fn only_the_last_storage_block_member_is_sized_at_run_time() {
    // Desktop GLSL (4.30 section 4.1.9) sizes other unsized arrays by link time: a member
    // that never got a size fails the link, not the compile.
    let src = "#version 430\nbuffer a { vec4 s[]; vec4 last[]; } b;\nout vec4 c;\nvoid main() { c = b.last[0]; }";
    let fs = ok(Stage::Fragment, src);
    let p = link_program(&[&fs], &LinkOptions::default());
    assert!(!p.success);
    assert!(p.info_log.contains("member `s' of shader storage block `a'"), "{}", p.info_log);
    let unnamed = ok(Stage::Fragment, "#version 430\nbuffer a { vec4 s[]; vec4 last[]; };\nout vec4 c;\nvoid main() { c = last[0]; }");
    assert!(!link_program(&[&unnamed], &LinkOptions::default()).success);
    // The last member alone links.
    let last = ok(Stage::Fragment, "#version 430\nbuffer a { vec4 s[2]; vec4 last[]; } b;\nout vec4 c;\nvoid main() { c = b.last[0] + b.s[1]; }");
    let p = link_program(&[&last], &LinkOptions::default());
    assert!(p.success, "{}", p.info_log);
    // ESSL 3.10 section 4.1.9 sizes every other array at compile time.
    let es = compile_es(Stage::Compute, "#version 310 es\nlayout(local_size_x = 1) in;\nbuffer ssbo { int c[]; vec4 d; };\nvoid main() { }");
    assert!(!es.success);
    assert!(es.info_log.contains("only the last member"), "{}", es.info_log);
}

#[test]
fn invariance_of_a_varying_matches_between_stages_before_glsl_420() {
    let link_vs_fs = |version: u32, fs_in: &str| {
        let vs = ok(Stage::Vertex, &format!("#version {version}\nin vec4 p;\ninvariant out vec4 v;\nvoid main() {{ v = p; gl_Position = p; }}"));
        let fs = ok(Stage::Fragment, &format!("#version {version}\n{fs_in} vec4 v;\nout vec4 c;\nvoid main() {{ c = v; }}"));
        link_program(&[&vs, &fs], &LinkOptions::default())
    };
    let p = link_vs_fs(150, "in");
    assert!(!p.success && p.info_log.contains("invariant"), "{}", p.info_log);
    let p = link_vs_fs(410, "in");
    assert!(!p.success && p.info_log.contains("invariant"), "{}", p.info_log);
    let p = link_vs_fs(150, "invariant in");
    assert!(p.success, "{}", p.info_log);
    // So does `#pragma STDGL invariant(all)` in the producer.
    let vs = ok(Stage::Vertex, "#version 120\n#pragma STDGL invariant(all)\nvarying float v;\nvoid main() { v = 1.0; gl_Position = vec4(0.0); }");
    let fs = ok(Stage::Fragment, "#version 120\ninvariant varying float v;\nvoid main() { gl_FragColor = vec4(v); }");
    let p = link_program(&[&vs, &fs], &LinkOptions::default());
    assert!(p.success, "{}", p.info_log);
    // GLSL 4.20 lets the input leave it out.
    let p = link_vs_fs(420, "in");
    assert!(p.success, "{}", p.info_log);
    // A later `invariant v;` counts like the qualifier in the declaration.
    let vs = ok(Stage::Vertex, "#version 150\nin vec4 p;\nout vec4 v;\ninvariant v;\nvoid main() { v = p; gl_Position = p; }");
    let fs = ok(Stage::Fragment, "#version 150\ninvariant in vec4 v;\nout vec4 c;\nvoid main() { c = v; }");
    let p = link_program(&[&vs, &fs], &LinkOptions::default());
    assert!(p.success, "{}", p.info_log);
}

#[test]
fn geometry_objects_may_leave_the_per_vertex_array_size_to_another() {
    let vs = ok(Stage::Vertex, "#version 150\nout B { vec4 a; } i;\nvoid main() { i.a = vec4(1.0); gl_Position = vec4(1.0); }");
    let gs_sized = |n: &str| ok(Stage::Geometry, &format!("#version 150\nlayout(lines_adjacency) in;\nlayout(triangle_strip, max_vertices = 3) out;\nin B {{ vec4 a; }} i[{n}];\nvec4 f() {{ return i[1].a; }}"));
    let gs_main = ok(Stage::Geometry, "#version 150\nin B { vec4 a; } i[];\nvec4 f();\nvoid main() { gl_Position = i[3].a + f(); EmitVertex(); }");
    let p = link_program(&[&vs, &gs_sized("4"), &gs_main], &LinkOptions::default());
    assert!(p.success, "{}", p.info_log);
    // Two sizes that differ still disagree.
    let gs_other = ok(Stage::Geometry, "#version 150\nin B { vec4 a; } i[3];\nvec4 f();\nvoid main() { gl_Position = f(); EmitVertex(); }");
    let p = link_program(&[&vs, &gs_sized("4"), &gs_other], &LinkOptions::default());
    assert!(!p.success && p.info_log.contains("different types"), "{}", p.info_log);
}

#[test]
fn an_array_of_vertex_blocks_needs_an_array_of_them_per_geometry_vertex() {
    let vs = |decl: &str| ok(Stage::Vertex, &format!("#version 150\nout B {{ vec4 a; }} b{decl};\nvoid main() {{ gl_Position = vec4(1.0); }}"));
    let gs = |decl: &str| {
        ok(Stage::Geometry, &format!("#version 150\nlayout(triangles) in;\nlayout(points, max_vertices = 1) out;\nin B {{ vec4 a; }} b{decl};\nvoid main() {{ gl_Position = vec4(1.0); EmitVertex(); }}"))
    };
    for (v, g) in [("[3]", "[3]"), ("[3]", "[]")] {
        let (v, g) = (vs(v), gs(g));
        let p = link_program(&[&v, &g], &LinkOptions::default());
        assert!(!p.success && p.info_log.contains("has type"), "{}", p.info_log);
    }
    let (v, g) = (vs(""), gs("[]"));
    let p = link_program(&[&v, &g], &LinkOptions::default());
    assert!(p.success, "{}", p.info_log);
}

#[test]
fn an_unsized_geometry_input_indexed_past_the_primitive_of_another_object_fails() {
    let vs = ok(Stage::Vertex, "#version 150\nin vec4 p;\nout vec4 v;\nvoid main() { v = p; }");
    let gs_layout = |prim: &str| ok(Stage::Geometry, &format!("#version 150\nlayout({prim}) in;\nlayout(points, max_vertices = 3) out;\nvoid emit();\nvoid main() {{ emit(); }}"));
    let gs_body = ok(Stage::Geometry, "#version 150\nin vec4 v[];\nvoid emit() { gl_Position = v[2]; EmitVertex(); }");
    let p = link_program(&[&vs, &gs_layout("lines"), &gs_body], &LinkOptions::default());
    assert!(!p.success && p.info_log.contains("indexed past"), "{}", p.info_log);
    let p = link_program(&[&vs, &gs_layout("triangles"), &gs_body], &LinkOptions::default());
    assert!(p.success, "{}", p.info_log);
}

#[test]
fn a_second_blend_colour_lives_only_in_the_dual_source_draw_buffers() {
    let vs = ok(Stage::Vertex, "#version 150\nin vec4 v;\nvoid main() { gl_Position = v; }");
    let fs = |location: u32| {
        ok(
            Stage::Fragment,
            &format!(
                "#version 150\n#extension GL_ARB_explicit_attrib_location : require\nlayout(location = 0, index = 0) out vec4 a;\nlayout(location = {location}, index = 1) out vec4 b;\nvoid main() {{ a = vec4(0.0); b = vec4(1.0); }}"
            ),
        )
    };
    let p = link_program(&[&vs, &fs(0)], &LinkOptions::default());
    assert!(p.success, "{}", p.info_log);
    let b = p.interface.fragment_outputs.iter().find(|o| o.name == "b").expect("output b");
    assert_eq!((b.location, b.index), (0, 1));
    let p = link_program(&[&vs, &fs(glsl::link::MAX_DUAL_SOURCE_DRAW_BUFFERS)], &LinkOptions::default());
    assert!(!p.success, "an index-1 output beyond MAX_DUAL_SOURCE_DRAW_BUFFERS linked");
    assert!(p.info_log.contains("dual-source"), "{}", p.info_log);
}
