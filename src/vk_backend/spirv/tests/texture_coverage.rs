//! Texture ops on every sampler kind, storage image ops, emitted and checked by spirv-val.

mod common;

use common::{assert_valid, disassemble};
use nir_like::*;

#[allow(clippy::too_many_arguments)]
fn sampler(
    b: &mut Builder,
    name: &str,
    binding: u32,
    dim: ImageDim,
    arrayed: bool,
    shadow: bool,
    ms: bool,
    sampled: BaseType,
) -> Value {
    let ty = b.ty(Type::Sampler {
        dim,
        arrayed,
        shadow,
        multisampled: ms,
        sampled,
    });
    let var = b.variable(Variable::new(name, ty, VariableMode::Image).with_binding(0, binding));
    b.deref_var(var)
}

fn vec_of(b: &mut Builder, src: Value, n: u8) -> Value {
    let comps: Vec<u8> = (0..n).collect();
    b.swizzle(src, &comps)
}

/// Stores `v` to a fresh private global so nothing is dead.
fn keep(b: &mut Builder, name: &str, v: Value) {
    let t = b.type_of(v);
    let ty = b.value_type_handle(t);
    let var = b.variable(Variable::new(name, ty, VariableMode::GlobalPrivate));
    b.store_var(var, v);
}

#[test]
fn sampling_fetching_gathering_and_queries_emit_valid_spirv() {
    let mut shader = Shader::new(Stage::Fragment);
    let mut b = Builder::main(&mut shader);
    let fin = b.input("f", ValueType::VEC4, 0);
    let iin = b.input("i", ValueType::int(4), 1);
    let f = b.load_var(fin);
    let i = b.load_var(iin);
    let lod = b.channel(f, 3);
    let ilod = b.channel(i, 3);
    let zero_off = b.constant(ConstValue::i32s(&[1, -1]));
    let v4 = ValueType::VEC4;

    let kinds = [
        (ImageDim::D1, false, 1u8),
        (ImageDim::D2, false, 2),
        (ImageDim::D3, false, 3),
        (ImageDim::Cube, false, 3),
        (ImageDim::D1, true, 2),
        (ImageDim::D2, true, 3),
        (ImageDim::Cube, true, 4),
        (ImageDim::Rect, false, 2),
    ];
    for (k, &(dim, arrayed, n)) in kinds.iter().enumerate() {
        let s = sampler(
            &mut b,
            &format!("s{k}"),
            128 + k as u32,
            dim,
            arrayed,
            false,
            false,
            BaseType::Float,
        );
        let coord = vec_of(&mut b, f, n);
        let r = b.tex(TexOp::Tex, s, &[(TexSrcKind::Coord, coord)], v4);
        keep(&mut b, &format!("tex{k}"), r);
        let r = b.tex(
            TexOp::Txb,
            s,
            &[(TexSrcKind::Coord, coord), (TexSrcKind::Bias, lod)],
            v4,
        );
        keep(&mut b, &format!("txb{k}"), r);
        let r = b.tex(
            TexOp::Txl,
            s,
            &[(TexSrcKind::Coord, coord), (TexSrcKind::Lod, lod)],
            v4,
        );
        keep(&mut b, &format!("txl{k}"), r);
        let grad_n = dim.coord_components();
        let grad = vec_of(&mut b, f, grad_n);
        let r = b.tex(
            TexOp::Txd,
            s,
            &[
                (TexSrcKind::Coord, coord),
                (TexSrcKind::Ddx, grad),
                (TexSrcKind::Ddy, grad),
            ],
            v4,
        );
        keep(&mut b, &format!("txd{k}"), r);
        let size_n = dim.size_components() + arrayed as u8;
        let r = b.tex(
            TexOp::Txs,
            s,
            &[(TexSrcKind::Lod, ilod)],
            ValueType::int(size_n),
        );
        keep(&mut b, &format!("txs{k}"), r);
        let r = b.tex(TexOp::QueryLevels, s, &[], ValueType::I32);
        keep(&mut b, &format!("levels{k}"), r);
        let lod_coord = vec_of(&mut b, f, dim.coord_components());
        let r = b.tex(
            TexOp::Lod,
            s,
            &[(TexSrcKind::Coord, lod_coord)],
            ValueType::VEC2,
        );
        keep(&mut b, &format!("lod{k}"), r);
        if dim != ImageDim::Cube {
            let icoord = vec_of(&mut b, i, n);
            let r = b.tex(
                TexOp::Txf,
                s,
                &[(TexSrcKind::Coord, icoord), (TexSrcKind::Lod, ilod)],
                v4,
            );
            keep(&mut b, &format!("txf{k}"), r);
        }
        if matches!(dim, ImageDim::D2 | ImageDim::Cube) {
            let r = b.tex(TexOp::Tg4, s, &[(TexSrcKind::Coord, coord)], v4);
            keep(&mut b, &format!("tg4_{k}"), r);
        }
        if dim == ImageDim::D2 && !arrayed {
            let r = b.tex(
                TexOp::Tex,
                s,
                &[(TexSrcKind::Coord, coord), (TexSrcKind::Offset, zero_off)],
                v4,
            );
            keep(&mut b, &format!("tex_offset{k}"), r);
            let dyn_off = vec_of_i2(&mut b, i);
            let r = b.tex(
                TexOp::Tg4,
                s,
                &[(TexSrcKind::Coord, coord), (TexSrcKind::Offset, dyn_off)],
                v4,
            );
            keep(&mut b, &format!("tg4_dyn_offset{k}"), r);
            let r = b.tex(
                TexOp::Tex,
                s,
                &[(TexSrcKind::Coord, coord), (TexSrcKind::MinLod, lod)],
                v4,
            );
            keep(&mut b, &format!("tex_minlod{k}"), r);
        }
    }

    // Shadow samplers: depth comparison returns one float.
    let shadow = sampler(
        &mut b,
        "shadow",
        140,
        ImageDim::D2,
        false,
        true,
        false,
        BaseType::Float,
    );
    let c2 = vec_of(&mut b, f, 2);
    let dref = b.channel(f, 2);
    let r = b.texture_shadow(shadow, c2, dref);
    keep(&mut b, "shadow_tex", r);
    let r = b.tex(
        TexOp::Txl,
        shadow,
        &[
            (TexSrcKind::Coord, c2),
            (TexSrcKind::Comparator, dref),
            (TexSrcKind::Lod, lod),
        ],
        ValueType::F32,
    );
    keep(&mut b, "shadow_txl", r);
    let r = b.tex(
        TexOp::Tg4,
        shadow,
        &[(TexSrcKind::Coord, c2), (TexSrcKind::Comparator, dref)],
        v4,
    );
    keep(&mut b, "shadow_tg4", r);

    // Integer samplers, multisampled fetch, buffer textures, gather with four offsets.
    let isamp = sampler(
        &mut b,
        "isamp",
        141,
        ImageDim::D2,
        false,
        false,
        false,
        BaseType::Int,
    );
    let r = b.tex(
        TexOp::Tex,
        isamp,
        &[(TexSrcKind::Coord, c2)],
        ValueType::int(4),
    );
    keep(&mut b, "itex", r);
    let usamp = sampler(
        &mut b,
        "usamp",
        142,
        ImageDim::D2,
        false,
        false,
        false,
        BaseType::Uint,
    );
    let mut gather = nir_like::Tex {
        op: TexOp::Tg4,
        texture: usamp,
        srcs: vec![TexSrc {
            kind: TexSrcKind::Coord,
            value: c2,
        }],
        component: 2,
        gather_offsets: Some([[0, 0], [1, 0], [0, 1], [1, 1]]),
    };
    let r = b.instr(InstrKind::Tex(gather.clone()), Some(ValueType::uint(4)));
    keep(&mut b, "utg4", r);
    gather.gather_offsets = None;
    let ms = sampler(
        &mut b,
        "ms",
        143,
        ImageDim::D2,
        false,
        false,
        true,
        BaseType::Float,
    );
    let i2 = vec_of(&mut b, i, 2);
    let sample = b.channel(i, 2);
    let r = b.tex(
        TexOp::TxfMs,
        ms,
        &[(TexSrcKind::Coord, i2), (TexSrcKind::MsIndex, sample)],
        v4,
    );
    keep(&mut b, "txf_ms", r);
    let r = b.tex(TexOp::TextureSamples, ms, &[], ValueType::I32);
    keep(&mut b, "samples", r);
    let r = b.tex(TexOp::Txs, ms, &[], ValueType::int(2));
    keep(&mut b, "ms_size", r);
    let buf = sampler(
        &mut b,
        "buf",
        144,
        ImageDim::Buffer,
        false,
        false,
        false,
        BaseType::Float,
    );
    let i1 = b.channel(i, 0);
    let r = b.tex(TexOp::Txf, buf, &[(TexSrcKind::Coord, i1)], v4);
    keep(&mut b, "buffer_fetch", r);
    let r = b.tex(TexOp::Txs, buf, &[], ValueType::I32);
    keep(&mut b, "buffer_size", r);

    // An array of samplers indexed dynamically.
    let elem = b.ty(Type::Sampler {
        dim: ImageDim::D2,
        arrayed: false,
        shadow: false,
        multisampled: false,
        sampled: BaseType::Float,
    });
    let arr = b.array_type(elem, Some(4), None);
    let arr_var = b.variable(Variable::new("arr", arr, VariableMode::Image).with_binding(0, 145));
    let arr_ref = b.deref_var(arr_var);
    let index = b.channel(i, 1);
    let elem_ref = b.deref_array(arr_ref, index);
    let r = b.texture(elem_ref, c2);
    keep(&mut b, "array_tex", r);

    if let Err(e) = validate(&shader) {
        panic!("{e:?}\n{}", print_shader(&shader));
    }
    assert_valid(&shader);
    let dis = disassemble(&shader);
    for op in [
        "OpImageSampleImplicitLod",
        "OpImageSampleExplicitLod",
        "OpImageSampleDrefImplicitLod",
        "OpImageSampleDrefExplicitLod",
        "OpImageFetch",
        "OpImageGather",
        "OpImageDrefGather",
        "OpImageQuerySizeLod",
        "OpImageQuerySize ",
        "OpImageQueryLevels",
        "OpImageQueryLod",
        "OpImageQuerySamples",
        "ConstOffsets",
        "MinLod",
    ] {
        assert!(dis.contains(op), "missing {op}");
    }
}

fn vec_of_i2(b: &mut Builder, i: Value) -> Value {
    b.swizzle(i, &[0, 1])
}

#[test]
fn storage_images_and_atomics_emit_valid_spirv() {
    let mut shader = Shader::new(Stage::Compute);
    shader.info.compute.local_size = [8, 8, 1];
    let mut b = Builder::main(&mut shader);
    let img_ty = b.ty(Type::Image {
        dim: ImageDim::D2,
        arrayed: false,
        multisampled: false,
        sampled: BaseType::Float,
        format: ImageFormat::Rgba8,
    });
    let img = b.variable(Variable::new("img", img_ty, VariableMode::Image).with_binding(0, 384));
    let uimg_ty = b.ty(Type::Image {
        dim: ImageDim::D2,
        arrayed: false,
        multisampled: false,
        sampled: BaseType::Uint,
        format: ImageFormat::R32ui,
    });
    let uimg =
        b.variable(Variable::new("counters", uimg_ty, VariableMode::Image).with_binding(0, 385));
    let gid_ty = b.value_type_handle(ValueType::uint(3));
    let gid = b.builtin(
        "gl_GlobalInvocationID",
        gid_ty,
        VariableMode::ShaderIn,
        Builtin::GlobalInvocationId,
    );
    let g = b.load_var(gid);
    let g2 = b.swizzle(g, &[0, 1]);
    let coord = b.convert(g2, BaseType::Int, 32);
    let zero = b.imm_i32(0);
    let r = b.deref_var(img);
    let texel = b.intrinsic(
        IntrinsicOp::ImageLoad,
        &[r, coord, zero],
        Some(ValueType::VEC4),
    );
    let r2 = b.deref_var(img);
    b.intrinsic(IntrinsicOp::ImageStore, &[r2, coord, zero, texel], None);
    let u = b.deref_var(uimg);
    let one = b.imm_u32(1);
    let old = b.intrinsic(
        IntrinsicOp::ImageAtomic { op: AtomicOp::Add },
        &[u, coord, zero, one],
        Some(ValueType::U32),
    );
    let u2 = b.deref_var(uimg);
    let _ = b.intrinsic(
        IntrinsicOp::ImageAtomic {
            op: AtomicOp::CompSwap,
        },
        &[u2, coord, zero, old, one],
        Some(ValueType::U32),
    );
    let u3 = b.deref_var(img);
    let lod0 = b.imm_i32(0);
    let size = b.intrinsic(IntrinsicOp::ImageSize, &[u3, lod0], Some(ValueType::int(2)));
    let sz_ty = b.value_type_handle(ValueType::int(2));
    let keep = b.variable(Variable::new("size", sz_ty, VariableMode::GlobalPrivate));
    b.store_var(keep, size);
    if let Err(e) = validate(&shader) {
        panic!("{e:?}\n{}", print_shader(&shader));
    }
    assert_valid(&shader);
}

#[test]
fn arrays_of_arrays_of_samplers_are_refused_until_flattened() {
    let mut shader = Shader::new(Stage::Fragment);
    let mut b = Builder::main(&mut shader);
    let s2d = b.ty(Type::Sampler {
        dim: ImageDim::D2,
        arrayed: false,
        shadow: false,
        multisampled: false,
        sampled: BaseType::Float,
    });
    let inner = b.array_type(s2d, Some(2), None);
    let outer = b.array_type(inner, Some(2), None);
    let tex = b.variable(Variable::new("tex", outer, VariableMode::Image).with_binding(0, 128));
    let out = b.output("o", ValueType::VEC4, 0);
    let t = b.deref_var(tex);
    let row = b.deref_array_imm(t, 1);
    let cell = b.deref_array_imm(row, 1);
    let uv = b.imm_vec(&[0.5, 0.5]);
    let texel = b.texture(cell, uv);
    b.store_var(out, texel);
    // Vulkan wants one-dimensional descriptor arrays: an error, not an invalid module.
    assert!(matches!(
        spirv_out::emit(&shader, &Default::default()),
        Err(spirv_out::EmitError::Unsupported(_))
    ));
    assert!(passes::lower_opaque_arrays_of_arrays(&mut shader));
    assert_valid(&shader);
}

#[test]
fn struct_sampler_members_split_out_emit_valid_spirv() {
    let mut shader = Shader::new(Stage::Fragment);
    let mut b = Builder::main(&mut shader);
    let sampler = b.ty(Type::Sampler {
        dim: ImageDim::D2,
        arrayed: false,
        shadow: false,
        multisampled: false,
        sampled: BaseType::Float,
    });
    let f = b.value_type_handle(ValueType::F32);
    let member = |name: &str, ty| StructMember {
        name: name.into(),
        ty,
        offset: None,
        matrix_stride: None,
        row_major: false,
    };
    let st = b.ty(Type::Struct {
        name: "S".into(),
        members: vec![member("k", f), member("tex", sampler)],
    });
    let arr_ty = b.array_type(st, Some(3), None);
    let arr = b.variable(Variable::new("arr", arr_ty, VariableMode::Uniform));
    let input = b.input("i", ValueType::I32, 0);
    let out = b.output("o", ValueType::VEC4, 0);
    let i = b.load_var(input);
    let ad = b.deref_var(arr);
    let elem = b.deref_array(ad, i);
    let tex = b.deref_struct(elem, 1);
    let uv = b.imm_vec(&[0.5, 0.5]);
    let t = b.texture(tex, uv);
    let kd = b.deref_struct(elem, 0);
    let k = b.load_deref(kd);
    let kv = b.splat(k, 4);
    let r = b.fmul(t, kv);
    b.store_var(out, r);
    assert!(passes::split_opaque_struct_members(&mut shader, |_| Some(
        130
    )));
    assert!(passes::lower_uniforms_to_ubo(&mut shader, 0, 0, |_| None));
    assert_valid(&shader);
}
