//! Compute, geometry and tessellation shaders, buffers, shared memory, barriers, atomics
//! and built-ins, emitted and checked by spirv-val.

mod common;

use common::{assert_valid, disassemble};
use nir_like::*;

#[test]
fn compute_with_ssbo_shared_memory_barriers_and_atomics_is_valid() {
    let mut shader = Shader::new(Stage::Compute);
    shader.info.compute.local_size = [64, 1, 1];
    let mut b = Builder::main(&mut shader);
    let u32_ty = b.value_type_handle(ValueType::U32);
    let vec4 = b.value_type_handle(ValueType::VEC4);
    let data = b.array_type(vec4, None, Some(16));
    let block = b.ty(Type::Struct {
        name: "Data".into(),
        members: vec![
            StructMember {
                name: "counter".into(),
                ty: u32_ty,
                offset: Some(0),
                matrix_stride: None,
                row_major: false,
            },
            StructMember {
                name: "items".into(),
                ty: data,
                offset: Some(16),
                matrix_stride: None,
                row_major: false,
            },
        ],
    });
    let ssbo = b.variable(Variable::new("Data", block, VariableMode::Ssbo).with_binding(0, 256));
    let shared_arr = b.array_type(u32_ty, Some(64), None);
    let shared = b.variable(Variable::new("scratch", shared_arr, VariableMode::Shared));
    let lid_ty = b.value_type_handle(ValueType::U32);
    let lid = b.builtin(
        "gl_LocalInvocationIndex",
        lid_ty,
        VariableMode::ShaderIn,
        Builtin::LocalInvocationIndex,
    );
    let l = b.load_var(lid);
    let sref = b.deref_var(shared);
    let slot = b.deref_array(sref, l);
    b.store_deref(slot, l);
    b.control_barrier(MemorySemantics {
        acquire: true,
        release: true,
        shared: true,
        ..Default::default()
    });
    b.memory_barrier(Scope::Device, MemorySemantics::ALL);
    let root = b.deref_var(ssbo);
    let counter = b.deref_struct(root, 0);
    let one = b.imm_u32(1);
    let old = b.deref_atomic(AtomicOp::Add, counter, &[one]);
    let shared_old = b.deref_atomic(AtomicOp::Umax, slot, &[old]);
    let counter2 = b.deref_struct(root, 0);
    let _ = b.deref_atomic(AtomicOp::CompSwap, counter2, &[shared_old, one]);
    let len = b.intrinsic(IntrinsicOp::ArrayLength, &[root], Some(ValueType::U32));
    let in_range = b.ult(l, len);
    b.push_if(in_range);
    let items = b.deref_struct(root, 1);
    let item = b.deref_array(items, l);
    let v = b.load_deref(item);
    let two = b.imm_splat(ValueType::VEC4, 2.0);
    let v2 = b.fmul(v, two);
    b.store_deref_masked(item, v2, 0b0101);
    b.pop_if();
    assert_valid(&shader);
    let dis = disassemble(&shader);
    assert!(dis.contains("LocalSize 64 1 1"), "{dis}");
    assert!(dis.contains("OpControlBarrier"), "{dis}");
    assert!(dis.contains("OpAtomicIAdd"), "{dis}");
    assert!(dis.contains("OpAtomicCompareExchange"), "{dis}");
    assert!(dis.contains("OpArrayLength"), "{dis}");
}

/// ARB_compute_variable_group_size: the size is three specialisation constants whose
/// composite is the BuiltIn WorkgroupSize, with no LocalSize mode; shared memory keeps its
/// compile-time size.
#[test]
fn variable_size_compute_takes_its_size_from_spec_constants() {
    let mut shader = Shader::new(Stage::Compute);
    shader.info.compute.variable_local_size = true;
    let mut b = Builder::main(&mut shader);
    let u32_ty = b.value_type_handle(ValueType::U32);
    let uvec3 = b.value_type_handle(ValueType::U32.with_components(3));
    let items = b.array_type(uvec3, None, Some(16));
    let block = b.ty(Type::Struct {
        name: "Out".into(),
        members: vec![StructMember {
            name: "items".into(),
            ty: items,
            offset: Some(0),
            matrix_stride: None,
            row_major: false,
        }],
    });
    let ssbo = b.variable(Variable::new("Out", block, VariableMode::Ssbo).with_binding(0, 256));
    let shared_arr = b.array_type(u32_ty, Some(32), None);
    let shared = b.variable(Variable::new("scratch", shared_arr, VariableMode::Shared));
    let index = b.builtin(
        "gl_LocalInvocationIndex",
        u32_ty,
        VariableMode::ShaderIn,
        Builtin::LocalInvocationIndex,
    );
    let l = b.load_var(index);
    let size = b.intrinsic(
        IntrinsicOp::LoadWorkgroupSize,
        &[],
        Some(ValueType::U32.with_components(3)),
    );
    let x = b.channel(size, 0);
    let sref = b.deref_var(shared);
    let slot = b.deref_array(sref, l);
    b.store_deref(slot, x);
    let root = b.deref_var(ssbo);
    let arr = b.deref_struct(root, 0);
    let item = b.deref_array(arr, l);
    b.store_deref(item, size);
    assert_valid(&shader);
    let dis = disassemble(&shader);
    assert!(!dis.contains("LocalSize"), "{dis}");
    for id in 0..3 {
        assert!(dis.contains(&format!("SpecId {id}")), "{dis}");
    }
    assert!(dis.contains("BuiltIn WorkgroupSize"), "{dis}");
    assert!(dis.contains("OpSpecConstantComposite"), "{dis}");
}

/// A fixed-size shader reading its size gets the declared size as a plain constant.
#[test]
fn fixed_size_compute_reads_its_size_as_a_constant() {
    let mut shader = Shader::new(Stage::Compute);
    shader.info.compute.local_size = [8, 4, 2];
    let mut b = Builder::main(&mut shader);
    let uvec3 = b.value_type_handle(ValueType::U32.with_components(3));
    let block = b.ty(Type::Struct {
        name: "Out".into(),
        members: vec![StructMember {
            name: "size".into(),
            ty: uvec3,
            offset: Some(0),
            matrix_stride: None,
            row_major: false,
        }],
    });
    let ssbo = b.variable(Variable::new("Out", block, VariableMode::Ssbo).with_binding(0, 256));
    let size = b.intrinsic(
        IntrinsicOp::LoadWorkgroupSize,
        &[],
        Some(ValueType::U32.with_components(3)),
    );
    let root = b.deref_var(ssbo);
    let member = b.deref_struct(root, 0);
    b.store_deref(member, size);
    assert_valid(&shader);
    let dis = disassemble(&shader);
    assert!(dis.contains("LocalSize 8 4 2"), "{dis}");
    assert!(!dis.contains("OpSpecConstant"), "{dis}");
}

#[test]
fn geometry_shader_with_streams_of_vertices_is_valid() {
    let mut shader = Shader::new(Stage::Geometry);
    shader.info.geometry = GeometryInfo {
        input_primitive: Primitive::Triangles,
        output_primitive: Primitive::TriangleStrip,
        vertices_out: 3,
        invocations: 1,
    };
    let mut b = Builder::main(&mut shader);
    let vec4 = b.value_type_handle(ValueType::VEC4);
    let in_arr = b.array_type(vec4, Some(3), None);
    let in_pos = b.builtin(
        "gl_in_Position",
        in_arr,
        VariableMode::ShaderIn,
        Builtin::Position,
    );
    let color_in_ty = b.array_type(vec4, Some(3), None);
    let color_in =
        b.variable(Variable::new("color_in", color_in_ty, VariableMode::ShaderIn).with_location(0));
    let out_pos = b.builtin(
        "gl_Position",
        vec4,
        VariableMode::ShaderOut,
        Builtin::Position,
    );
    let color_out = b.output("color", ValueType::VEC4, 0);
    let int_ty = b.value_type_handle(ValueType::I32);
    let layer = b.builtin("gl_Layer", int_ty, VariableMode::ShaderOut, Builtin::Layer);
    let prim = b.builtin(
        "gl_PrimitiveIDIn",
        int_ty,
        VariableMode::ShaderIn,
        Builtin::PrimitiveId,
    );
    for i in 0..3 {
        let pr = b.deref_var(in_pos);
        let p = b.deref_array_imm(pr, i);
        let pv = b.load_deref(p);
        b.store_var(out_pos, pv);
        let cr = b.deref_var(color_in);
        let c = b.deref_array_imm(cr, i);
        let cv = b.load_deref(c);
        b.store_var(color_out, cv);
        let id = b.load_var(prim);
        b.store_var(layer, id);
        b.emit_vertex(0);
    }
    b.end_primitive(0);
    assert_valid(&shader);
    let dis = disassemble(&shader);
    assert!(dis.contains("OutputVertices 3"), "{dis}");
    assert!(dis.contains("OpEmitVertex"), "{dis}");
}

#[test]
fn tessellation_control_and_evaluation_shaders_are_valid() {
    let mut tcs = Shader::new(Stage::TessCtrl);
    tcs.info.tess.vertices_out = 3;
    {
        let mut b = Builder::main(&mut tcs);
        let vec4 = b.value_type_handle(ValueType::VEC4);
        let f32_ty = b.value_type_handle(ValueType::F32);
        let arr32 = b.array_type(vec4, Some(32), None);
        let arr3 = b.array_type(vec4, Some(3), None);
        let outer_ty = b.array_type(f32_ty, Some(4), None);
        let inner_ty = b.array_type(f32_ty, Some(2), None);
        let int_ty = b.value_type_handle(ValueType::I32);
        let in_pos = b.builtin(
            "gl_in_Position",
            arr32,
            VariableMode::ShaderIn,
            Builtin::Position,
        );
        let out_pos = b.builtin(
            "gl_out_Position",
            arr3,
            VariableMode::ShaderOut,
            Builtin::Position,
        );
        let outer = b.builtin(
            "gl_TessLevelOuter",
            outer_ty,
            VariableMode::ShaderOut,
            Builtin::TessLevelOuter,
        );
        let inner = b.builtin(
            "gl_TessLevelInner",
            inner_ty,
            VariableMode::ShaderOut,
            Builtin::TessLevelInner,
        );
        outer_patch(&mut b, outer);
        let patch_ty = b.value_type_handle(ValueType::VEC4);
        let mut patch_var =
            Variable::new("patch_data", patch_ty, VariableMode::ShaderOut).with_location(0);
        patch_var.patch = true;
        let patch_out = b.variable(patch_var);
        let invocation = b.builtin(
            "gl_InvocationID",
            int_ty,
            VariableMode::ShaderIn,
            Builtin::InvocationId,
        );
        let id = b.load_var(invocation);
        let ir = b.deref_var(in_pos);
        let src = b.deref_array(ir, id);
        let p = b.load_deref(src);
        let or = b.deref_var(out_pos);
        let dst = b.deref_array(or, id);
        b.store_deref(dst, p);
        b.intrinsic(
            IntrinsicOp::Barrier {
                execution: Some(Scope::Workgroup),
                memory: Scope::Invocation,
                semantics: MemorySemantics::default(),
            },
            &[],
            None,
        );
        let zero = b.imm_i32(0);
        let first = b.ieq(id, zero);
        b.push_if(first);
        let two = b.imm_f32(2.0);
        for i in 0..2 {
            let r = b.deref_var(inner);
            let e = b.deref_array_imm(r, i);
            b.store_deref(e, two);
        }
        b.store_var(patch_out, p);
        b.pop_if();
    }
    assert_valid(&tcs);

    let mut tes = Shader::new(Stage::TessEval);
    tes.info.tess = TessInfo {
        vertices_out: 0,
        primitive_mode: Primitive::Triangles,
        spacing: TessSpacing::FractionalOdd,
        ccw: true,
        point_mode: false,
    };
    {
        let mut b = Builder::main(&mut tes);
        let vec4 = b.value_type_handle(ValueType::VEC4);
        let vec3 = b.value_type_handle(ValueType::VEC3);
        let arr32 = b.array_type(vec4, Some(32), None);
        let in_pos = b.builtin(
            "gl_in_Position",
            arr32,
            VariableMode::ShaderIn,
            Builtin::Position,
        );
        let coord = b.builtin(
            "gl_TessCoord",
            vec3,
            VariableMode::ShaderIn,
            Builtin::TessCoord,
        );
        let out_pos = b.builtin(
            "gl_Position",
            vec4,
            VariableMode::ShaderOut,
            Builtin::Position,
        );
        let tc = b.load_var(coord);
        let mut acc = None;
        for i in 0..3 {
            let r = b.deref_var(in_pos);
            let e = b.deref_array_imm(r, i);
            let p = b.load_deref(e);
            let w = b.channel(tc, i as u8);
            let w4 = b.splat(w, 4);
            let t = b.fmul(p, w4);
            acc = Some(match acc {
                None => t,
                Some(a) => b.fadd(a, t),
            });
        }
        b.store_var(out_pos, acc.unwrap());
    }
    assert_valid(&tes);
    let dis = disassemble(&tes);
    assert!(
        dis.contains("SpacingFractionalOdd") && dis.contains("VertexOrderCcw"),
        "{dis}"
    );
}

fn outer_patch(b: &mut Builder, outer: Handle<Variable>) {
    let one = b.imm_f32(1.0);
    for i in 0..4 {
        let r = b.deref_var(outer);
        let e = b.deref_array_imm(r, i);
        b.store_deref(e, one);
    }
}

#[test]
fn vertex_builtins_clip_distance_and_layer_are_valid() {
    let mut shader = Shader::new(Stage::Vertex);
    let mut b = Builder::main(&mut shader);
    let f32_ty = b.value_type_handle(ValueType::F32);
    let int_ty = b.value_type_handle(ValueType::I32);
    let vec4 = b.value_type_handle(ValueType::VEC4);
    let clip_ty = b.array_type(f32_ty, Some(2), None);
    let clip = b.builtin(
        "gl_ClipDistance",
        clip_ty,
        VariableMode::ShaderOut,
        Builtin::ClipDistance,
    );
    let cull = b.builtin(
        "gl_CullDistance",
        clip_ty,
        VariableMode::ShaderOut,
        Builtin::CullDistance,
    );
    let pos = b.builtin(
        "gl_Position",
        vec4,
        VariableMode::ShaderOut,
        Builtin::Position,
    );
    let psize = b.builtin(
        "gl_PointSize",
        f32_ty,
        VariableMode::ShaderOut,
        Builtin::PointSize,
    );
    let layer = b.builtin("gl_Layer", int_ty, VariableMode::ShaderOut, Builtin::Layer);
    let vid = b.builtin(
        "gl_VertexIndex",
        int_ty,
        VariableMode::ShaderIn,
        Builtin::VertexIndex,
    );
    let iid = b.builtin(
        "gl_InstanceIndex",
        int_ty,
        VariableMode::ShaderIn,
        Builtin::InstanceIndex,
    );
    let bv = b.builtin(
        "gl_BaseVertex",
        int_ty,
        VariableMode::ShaderIn,
        Builtin::BaseVertex,
    );
    let bi = b.builtin(
        "gl_BaseInstance",
        int_ty,
        VariableMode::ShaderIn,
        Builtin::BaseInstance,
    );
    let dvec = b.input("dpos", ValueType::double(4), 0);
    let mut flat_out = Variable::new("flat_out", int_ty, VariableMode::ShaderOut).with_location(0);
    flat_out.interpolation = Interpolation::Flat;
    let flat_out = b.variable(flat_out);
    let mut np_out = Variable::new("np_out", vec4, VariableMode::ShaderOut).with_location(1);
    np_out.interpolation = Interpolation::NoPerspective;
    np_out.centroid = true;
    np_out.invariant = true;
    let np_out = b.variable(np_out);
    let v = b.load_var(vid);
    let i = b.load_var(iid);
    let base_v = b.load_var(bv);
    let base_i = b.load_var(bi);
    let s1 = b.iadd(v, i);
    let s2 = b.isub(s1, base_v);
    let s3 = b.isub(s2, base_i);
    b.store_var(flat_out, s3);
    b.store_var(layer, s3);
    let d = b.load_var(dvec);
    let p = b.convert(d, BaseType::Float, 32);
    b.store_var(pos, p);
    b.store_var(np_out, p);
    let one = b.imm_f32(1.0);
    b.store_var(psize, one);
    for var in [clip, cull] {
        for k in 0..2 {
            let r = b.deref_var(var);
            let e = b.deref_array_imm(r, k);
            b.store_deref(e, one);
        }
    }
    assert_valid(&shader);
    let dis = disassemble(&shader);
    assert!(
        dis.contains("BuiltIn BaseInstance") && dis.contains("DrawParameters"),
        "{dis}"
    );
    assert!(
        dis.contains("NoPerspective") && dis.contains("Invariant") && dis.contains("Flat"),
        "{dis}"
    );
}

#[test]
fn fragment_builtins_depth_demote_and_interpolation_are_valid() {
    let mut shader = Shader::new(Stage::Fragment);
    shader.info.fragment.early_fragment_tests = false;
    shader.info.fragment.depth_layout = DepthLayout::Greater;
    let mut b = Builder::main(&mut shader);
    let f32_ty = b.value_type_handle(ValueType::F32);
    let vec4 = b.value_type_handle(ValueType::VEC4);
    let bool_ty = b.value_type_handle(ValueType::BOOL);
    let int_ty = b.value_type_handle(ValueType::I32);
    let coord = b.builtin(
        "gl_FragCoord",
        vec4,
        VariableMode::ShaderIn,
        Builtin::FragCoord,
    );
    let facing = b.builtin(
        "gl_FrontFacing",
        bool_ty,
        VariableMode::ShaderIn,
        Builtin::FrontFacing,
    );
    let depth = b.builtin(
        "gl_FragDepth",
        f32_ty,
        VariableMode::ShaderOut,
        Builtin::FragDepth,
    );
    let sample = b.builtin(
        "gl_SampleID",
        int_ty,
        VariableMode::ShaderIn,
        Builtin::SampleId,
    );
    let color = b.input("color", ValueType::VEC4, 0);
    let ivary = b.input("ivary", ValueType::int(2), 1);
    let out = b.output("o", ValueType::VEC4, 0);
    let out_i = b.output("o_int", ValueType::int(2), 1);
    let fc = b.load_var(coord);
    let z = b.channel(fc, 2);
    b.store_var(depth, z);
    let cref = b.deref_var(color);
    let centroid = b.intrinsic(
        IntrinsicOp::InterpolateAtCentroid,
        &[cref],
        Some(ValueType::VEC4),
    );
    let s = b.load_var(sample);
    let cref2 = b.deref_var(color);
    let at_sample = b.intrinsic(
        IntrinsicOp::InterpolateAtSample,
        &[cref2, s],
        Some(ValueType::VEC4),
    );
    let off = b.imm_vec(&[0.25, -0.25]);
    let cref3 = b.deref_var(color);
    let at_offset = b.intrinsic(
        IntrinsicOp::InterpolateAtOffset,
        &[cref3, off],
        Some(ValueType::VEC4),
    );
    let sum = b.fadd(centroid, at_sample);
    let sum = b.fadd(sum, at_offset);
    let dx = b.alu(AluOp::FddxFine, &[sum]);
    let f = b.load_var(facing);
    let sel = b.select(f, sum, dx);
    b.store_var(out, sel);
    let iv = b.load_var(ivary);
    b.store_var(out_i, iv);
    let helper = b.intrinsic(IntrinsicOp::IsHelperInvocation, &[], Some(ValueType::BOOL));
    let not_facing = b.bnot(f);
    let both = b.band(helper, not_facing);
    b.push_if(both);
    b.intrinsic(IntrinsicOp::Demote, &[], None);
    b.pop_if();
    assert_valid(&shader);
    let dis = disassemble(&shader);
    assert!(
        dis.contains("DepthReplacing") && dis.contains("DepthGreater"),
        "{dis}"
    );
    assert!(dis.contains("OpDemoteToHelperInvocation"), "{dis}");
    // The integer input gets Flat even though the IR did not ask.
    assert!(
        dis.contains("OpDecorate %ivary Flat") || dis.matches("Flat").count() >= 1,
        "{dis}"
    );
}

#[test]
fn lowered_frag_color_and_clip_control_emit_valid_spirv() {
    let mut fs = Shader::new(Stage::Fragment);
    {
        let mut b = Builder::main(&mut fs);
        let vec4 = b.value_type_handle(ValueType::VEC4);
        let color = b.builtin(
            "gl_FragColor",
            vec4,
            VariableMode::ShaderOut,
            Builtin::FragColor,
        );
        let c = b.imm_vec(&[0.0, 1.0, 0.0, 1.0]);
        b.store_var(color, c);
    }
    assert!(
        spirv_out::emit(&fs, &Default::default()).is_err(),
        "gl_FragColor must be lowered first"
    );
    assert!(passes::lower_frag_color_broadcast(&mut fs, 4));
    assert_valid(&fs);
    assert_eq!(disassemble(&fs).matches("Location").count(), 4);

    let mut vs = common::shaders::passthrough_vertex();
    assert!(passes::lower_clip_control(&mut vs));
    passes::optimize(&mut vs);
    assert_valid(&vs);
}

#[test]
fn a_second_blend_colour_is_the_index_1_output_of_location_0() {
    // What ESSL 1.00's gl_FragColor and gl_SecondaryFragColorEXT become: the primary
    // broadcast to the one dual-source draw buffer, the secondary at Location 0 Index 1.
    let mut fs = Shader::new(Stage::Fragment);
    {
        let mut b = Builder::main(&mut fs);
        let vec4 = b.value_type_handle(ValueType::VEC4);
        let color = b.builtin("gl_FragColor", vec4, VariableMode::ShaderOut, Builtin::FragColor);
        let mut second = Variable::new("gl_SecondaryFragColorEXT", vec4, VariableMode::ShaderOut).with_location(0);
        second.index = Some(1);
        let second = b.variable(second);
        let c = b.imm_vec(&[0.0, 1.0, 0.0, 1.0]);
        b.store_var(color, c);
        b.store_var(second, c);
    }
    assert!(passes::lower_frag_color_broadcast(&mut fs, 1));
    assert_valid(&fs);
    let dis = disassemble(&fs);
    let id = dis
        .lines()
        .find_map(|l| l.trim().strip_prefix("OpName ")?.strip_suffix(" \"gl_SecondaryFragColorEXT\""))
        .unwrap_or_else(|| panic!("no name for the second colour: {dis}"));
    assert!(dis.contains(&format!("OpDecorate {id} Index 1")), "{dis}");
    assert!(dis.contains(&format!("OpDecorate {id} Location 0")), "{dis}");
    assert_eq!(dis.matches("Location 0").count(), 2, "{dis}");
}

#[test]
fn transform_feedback_outputs_are_valid() {
    let mut vs = common::shaders::passthrough_vertex();
    for (_, var) in vs.variables.iter_mut() {
        if var.name == "v_color" {
            var.xfb = Some(XfbLocation {
                buffer: 0,
                stride: 32,
                offset: 16,
            });
        }
    }
    assert_valid(&vs);
    let dis = disassemble(&vs);
    assert!(
        dis.contains("OpExecutionMode %main Xfb") || dis.contains("Xfb"),
        "{dis}"
    );
    assert!(
        dis.contains("XfbStride 32") && dis.contains("Offset 16"),
        "{dis}"
    );
}

#[test]
fn blocks_without_explicit_offsets_get_std140_and_std430_layouts() {
    // A UBO and an SSBO whose types carry no offsets or strides: the emitter lays them out
    // by the GL rules, which spirv-val's block layout checks accept.
    let mut shader = Shader::new(Stage::Fragment);
    let mut b = Builder::main(&mut shader);
    let f = b.value_type_handle(ValueType::F32);
    let v3 = b.value_type_handle(ValueType::VEC3);
    let m3 = b.ty(Type::Matrix {
        columns: 3,
        rows: 3,
        bits: 32,
    });
    let farr = b.array_type(f, Some(4), None);
    let member = |name: &str, ty| StructMember {
        name: name.into(),
        ty,
        offset: None,
        matrix_stride: None,
        row_major: false,
    };
    let ubo_ty = b.ty(Type::Struct {
        name: "U".into(),
        members: vec![
            member("a", f),
            member("b", v3),
            member("c", farr),
            member("m", m3),
        ],
    });
    let ssbo_ty = b.ty(Type::Struct {
        name: "S".into(),
        members: vec![
            member("a", f),
            member("b", v3),
            member("c", farr),
            member("m", m3),
        ],
    });
    let ubo = b.variable(Variable::new("u", ubo_ty, VariableMode::Ubo).with_binding(0, 1));
    let ssbo = b.variable(Variable::new("s", ssbo_ty, VariableMode::Ssbo).with_binding(0, 256));
    let out = b.output("o", ValueType::F32, 0);
    let u = b.deref_var(ubo);
    let c = b.deref_struct(u, 2);
    let e = b.deref_array_imm(c, 3);
    let x = b.load_deref(e);
    let s = b.deref_var(ssbo);
    let sc = b.deref_struct(s, 2);
    let se = b.deref_array_imm(sc, 1);
    b.store_deref(se, x);
    b.store_var(out, x);
    assert_valid(&shader);
    let dis = disassemble(&shader);
    assert!(
        dis.contains("ArrayStride 16") && dis.contains("ArrayStride 4"),
        "{dis}"
    );
    assert!(
        dis.contains(" 2 Offset 32\n") && dis.contains(" 2 Offset 28\n"),
        "{dis}"
    );
}

#[test]
fn default_uniforms_packed_into_a_ubo_emit_valid_spirv() {
    let mut shader = Shader::new(Stage::Fragment);
    let mut b = Builder::main(&mut shader);
    let vec4 = b.value_type_handle(ValueType::VEC4);
    let f = b.value_type_handle(ValueType::F32);
    let farr = b.array_type(f, Some(2), None);
    let tint = b.variable(Variable::new("tint", vec4, VariableMode::Uniform));
    let scale = b.variable(Variable::new("scale", farr, VariableMode::Uniform));
    let out = b.output("o", ValueType::VEC4, 0);
    let t = b.load_var(tint);
    let sref = b.deref_var(scale);
    let s1 = b.deref_array_imm(sref, 1);
    let sv = b.load_deref(s1);
    let sv4 = b.splat(sv, 4);
    let r = b.fmul(t, sv4);
    b.store_var(out, r);
    assert!(
        spirv_out::emit(&shader, &Default::default()).is_err(),
        "loose uniforms cannot be emitted"
    );
    assert!(passes::lower_uniforms_to_ubo(&mut shader, 0, 0, |_| None));
    assert_valid(&shader);
    let dis = disassemble(&shader);
    assert!(
        dis.contains("Binding 0") && dis.contains(" 1 Offset 16\n"),
        "{dis}"
    );
}

#[test]
fn double_inputs_lowered_to_word_pairs_emit_valid_spirv() {
    let mut vs = Shader::new(Stage::Vertex);
    {
        let mut b = Builder::main(&mut vs);
        let d4 = b.input("d4", ValueType::double(4), 0);
        let vec4 = b.value_type_handle(ValueType::VEC4);
        let pos = b.builtin(
            "gl_Position",
            vec4,
            VariableMode::ShaderOut,
            Builtin::Position,
        );
        let v = b.load_var(d4);
        let f = b.convert(v, BaseType::Float, 32);
        b.store_var(pos, f);
    }
    assert_valid(&vs);
    assert!(passes::lower_vertex_attrib_64bit(&mut vs));
    assert_valid(&vs);
    let dis = disassemble(&vs);
    assert!(
        dis.contains("Location 0") && dis.contains("Location 1") && dis.contains("OpBitcast"),
        "{dis}"
    );
}

#[test]
fn double_matrix_and_array_inputs_lowered_to_words_emit_valid_spirv() {
    let mut vs = Shader::new(Stage::Vertex);
    {
        let mut b = Builder::main(&mut vs);
        let dmat4x3 = b.ty(Type::Matrix { columns: 4, rows: 3, bits: 64 });
        let m = b.variable(Variable::new("m", dmat4x3, VariableMode::ShaderIn).with_location(0));
        let dvec2 = b.value_type_handle(ValueType::double(2));
        let arr_ty = b.array_type(dvec2, Some(3), None);
        let arr = b.variable(Variable::new("arr", arr_ty, VariableMode::ShaderIn).with_location(8));
        let i = b.input("i", ValueType::I32, 11);
        let vec4 = b.value_type_handle(ValueType::VEC4);
        let pos = b.builtin(
            "gl_Position",
            vec4,
            VariableMode::ShaderOut,
            Builtin::Position,
        );
        let index = b.load_var(i);
        let md = b.deref_var(m);
        let col = b.deref_array(md, index);
        let c = b.load_deref(col);
        let ad = b.deref_var(arr);
        let elem = b.deref_array(ad, index);
        let e = b.load_deref(elem);
        let x = b.channel(e, 1);
        let xs = b.splat(x, 3);
        let sum = b.fadd(c, xs);
        let f = b.convert(sum, BaseType::Float, 32);
        let one = b.imm_f32(1.0);
        let p = b.compose(&[f, one]);
        b.store_var(pos, p);
    }
    assert_valid(&vs);
    assert!(passes::lower_vertex_attrib_64bit(&mut vs));
    assert_valid(&vs);
    let dis = disassemble(&vs);
    // m's four dvec3 columns take locations 0-7, arr's dvec2 elements 8-10.
    for location in 0..=11 {
        assert!(dis.contains(&format!("Location {location}\n")), "no location {location}:\n{dis}");
    }
    assert!(dis.contains("Private"), "{dis}");
}

#[test]
fn rectangle_textures_lowered_emit_valid_spirv() {
    let mut fs = Shader::new(Stage::Fragment);
    {
        let mut b = Builder::main(&mut fs);
        let ty = b.ty(Type::Sampler {
            dim: ImageDim::Rect,
            arrayed: false,
            shadow: true,
            multisampled: false,
            sampled: BaseType::Float,
        });
        let tex = b.variable(Variable::new("rect", ty, VariableMode::Image).with_binding(0, 128));
        let out = b.output("o", ValueType::F32, 0);
        let t = b.deref_var(tex);
        let uv = b.imm_vec(&[16.0, 8.0]);
        let r = b.imm_f32(0.5);
        let v = b.texture_shadow(t, uv, r);
        b.store_var(out, v);
    }
    assert!(passes::lower_tex_rect(&mut fs));
    assert_valid(&fs);
}

#[test]
fn struct_varyings_sampler_parameters_push_constants_and_initialisers_are_valid() {
    let mut fs = Shader::new(Stage::Fragment);
    let mut b = Builder::main(&mut fs);
    let vec4 = b.value_type_handle(ValueType::VEC4);
    let f32_ty = b.value_type_handle(ValueType::F32);
    let varying = b.ty(Type::Struct {
        name: "V".into(),
        members: vec![
            StructMember {
                name: "color".into(),
                ty: vec4,
                offset: None,
                matrix_stride: None,
                row_major: false,
            },
            StructMember {
                name: "w".into(),
                ty: f32_ty,
                offset: None,
                matrix_stride: None,
                row_major: false,
            },
        ],
    });
    let vin = b.variable(Variable::new("vin", varying, VariableMode::ShaderIn).with_location(0));
    let arr = b.array_type(vec4, Some(3), None);
    let arr_in = b.variable(Variable::new("arr", arr, VariableMode::ShaderIn).with_location(2));
    let pc_ty = b.ty(Type::Struct {
        name: "PC".into(),
        members: vec![StructMember {
            name: "scale".into(),
            ty: f32_ty,
            offset: None,
            matrix_stride: None,
            row_major: false,
        }],
    });
    let pc = b.variable(Variable::new("pc", pc_ty, VariableMode::PushConstant));
    let mut g = Variable::new("g", f32_ty, VariableMode::GlobalPrivate);
    g.initializer = Some(ConstValue::f32s(&[0.25]));
    let g = b.variable(g);
    let sampler_ty = b.ty(Type::Sampler {
        dim: ImageDim::D2,
        arrayed: false,
        shadow: false,
        multisampled: false,
        sampled: BaseType::Float,
    });
    let tex =
        b.variable(Variable::new("tex", sampler_ty, VariableMode::Image).with_binding(0, 128));
    let out = b.output("o", ValueType::VEC4, 0);
    let sample_fn = b.function(
        "sample_at",
        vec![
            Param {
                name: "t".into(),
                kind: ParamKind::Deref {
                    ty: sampler_ty,
                    mode: VariableMode::Image,
                },
            },
            Param {
                name: "uv".into(),
                kind: ParamKind::Value(ValueType::VEC2),
            },
        ],
        Some(ValueType::VEC4),
    );
    let main_fn = b.func;
    b.set_function(sample_fn);
    let t = b.deref_param(0);
    let uv = b.load_param(1);
    let texel = b.texture(t, uv);
    b.return_(Some(texel));
    b.set_function(main_fn);
    let vd = b.deref_var(vin);
    let cd = b.deref_struct(vd, 0);
    let c = b.load_deref(cd);
    let ad = b.deref_var(arr_in);
    let a2 = b.deref_array_imm(ad, 2);
    let a = b.load_deref(a2);
    let pcd = b.deref_var(pc);
    let sd = b.deref_struct(pcd, 0);
    let scale = b.load_deref(sd);
    let gv = b.load_var(g);
    let k = b.fmul(scale, gv);
    let k4 = b.splat(k, 4);
    let tref = b.deref_var(tex);
    let uv = b.swizzle(c, &[0, 1]);
    let texel = b.call(sample_fn, &[tref, uv]);
    let u = b.undef(ValueType::VEC4);
    let m = b.fmul(c, a);
    let m = b.fmul(m, k4);
    let m = b.fadd(m, texel);
    let pick = b.imm_bool(true);
    let r = b.select(pick, m, u);
    b.store_var(out, r);
    assert_valid(&fs);

    let mut gs = Shader::new(Stage::Geometry);
    gs.info.geometry = GeometryInfo {
        input_primitive: Primitive::Points,
        output_primitive: Primitive::Points,
        vertices_out: 2,
        invocations: 2,
    };
    let mut b = Builder::main(&mut gs);
    let vec4 = b.value_type_handle(ValueType::VEC4);
    let pos = b.builtin(
        "gl_Position",
        vec4,
        VariableMode::ShaderOut,
        Builtin::Position,
    );
    let mut s1 = Variable::new("on_stream1", vec4, VariableMode::ShaderOut).with_location(0);
    s1.stream = Some(1);
    let s1 = b.variable(s1);
    let zero = b.imm_vec(&[0.0; 4]);
    b.store_var(pos, zero);
    b.emit_vertex(0);
    b.store_var(s1, zero);
    b.emit_vertex(1);
    b.end_primitive(1);
    assert_valid(&gs);
}

#[test]
fn vectors_wider_than_four_are_an_error_not_invalid_spirv() {
    let mut fs = Shader::new(Stage::Fragment);
    let mut b = Builder::main(&mut fs);
    let ty = b.value_type_handle(ValueType::float(8));
    let l = b.local("wide", ty);
    let v = b.imm_splat(ValueType::float(8), 1.0);
    b.store_local(l, v);
    let err = spirv_out::emit(&fs, &Default::default()).unwrap_err();
    assert!(matches!(err, spirv_out::EmitError::Unsupported(_)), "{err}");
    assert!(matches!(
        spirv_out::emit(
            &fs,
            &spirv_out::EmitOptions {
                spirv_version: (1, 9),
                debug_names: false
            }
        ),
        Err(spirv_out::EmitError::UnsupportedVersion(_))
    ));
}

#[test]
fn shapes_vulkan_cannot_hold_are_errors_not_invalid_modules() {
    // A uniform struct with a sampler member, and a runtime-sized array outside an SSBO.
    let mut fs = Shader::new(Stage::Fragment);
    {
        let mut b = Builder::main(&mut fs);
        let sampler = b.ty(Type::Sampler {
            dim: ImageDim::D2,
            arrayed: false,
            shadow: false,
            multisampled: false,
            sampled: BaseType::Float,
        });
        let f = b.value_type_handle(ValueType::F32);
        let st = b.ty(Type::Struct {
            name: "S".into(),
            members: vec![
                StructMember {
                    name: "tex".into(),
                    ty: sampler,
                    offset: None,
                    matrix_stride: None,
                    row_major: false,
                },
                StructMember {
                    name: "k".into(),
                    ty: f,
                    offset: None,
                    matrix_stride: None,
                    row_major: false,
                },
            ],
        });
        b.variable(Variable::new("s", st, VariableMode::Image).with_binding(0, 128));
    }
    let err = spirv_out::emit(&fs, &Default::default()).unwrap_err();
    assert!(err.to_string().contains("struct with sampler"), "{err}");

    let mut fs = Shader::new(Stage::Fragment);
    {
        let mut b = Builder::main(&mut fs);
        let f = b.value_type_handle(ValueType::F32);
        let arr = b.array_type(f, None, None);
        b.variable(Variable::new("a", arr, VariableMode::GlobalPrivate));
    }
    let err = spirv_out::emit(&fs, &Default::default()).unwrap_err();
    assert!(err.to_string().contains("runtime-sized"), "{err}");
}
