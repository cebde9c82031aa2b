//! ALU ops run on the Vulkan device (lavapipe in CI) from a compute shader, compared with
//! the values GLSL defines and with what opt_constant_fold computes for the same inputs:
//! the emitter and the folder must agree with the hardware.

mod common;

use nir_like::passes::opt_constant_fold;
use nir_like::*;
use spirv_out::{emit, EmitOptions};

/// One op applied to constant scalar sources; `exact` asks for bit equality.
struct Case {
    op: AluOp,
    srcs: Vec<ConstValue>,
    result: Option<ValueType>,
    expected: ConstValue,
    exact: bool,
}

fn f(v: f32) -> ConstValue {
    ConstValue::f32s(&[v])
}
fn i(v: i32) -> ConstValue {
    ConstValue::i32s(&[v])
}
fn u(v: u32) -> ConstValue {
    ConstValue::u32s(&[v])
}
fn b(v: bool) -> ConstValue {
    ConstValue::bools(&[v])
}

fn case(op: AluOp, srcs: Vec<ConstValue>, expected: ConstValue) -> Case {
    Case {
        op,
        srcs,
        result: None,
        expected,
        exact: true,
    }
}
fn approx(op: AluOp, srcs: Vec<ConstValue>, expected: ConstValue) -> Case {
    Case {
        op,
        srcs,
        result: None,
        expected,
        exact: false,
    }
}
fn convert(op: AluOp, src: ConstValue, expected: ConstValue) -> Case {
    let ty = expected.ty;
    Case {
        op,
        srcs: vec![src],
        result: Some(ty),
        expected,
        exact: true,
    }
}

fn cases() -> Vec<Case> {
    use AluOp::*;
    vec![
        case(Fadd, vec![f(1.5), f(2.25)], f(3.75)),
        case(Fsub, vec![f(1.0), f(2.5)], f(-1.5)),
        case(Fmul, vec![f(3.0), f(-0.5)], f(-1.5)),
        approx(Fdiv, vec![f(1.0), f(3.0)], f(1.0 / 3.0)),
        case(Ffloor, vec![f(-1.5)], f(-2.0)),
        case(Fceil, vec![f(-1.5)], f(-1.0)),
        case(Ftrunc, vec![f(-1.7)], f(-1.0)),
        case(FroundEven, vec![f(2.5)], f(2.0)),
        case(Ffract, vec![f(-1.25)], f(0.75)),
        case(Fmod, vec![f(-7.5), f(2.0)], f(0.5)),
        case(Fmin, vec![f(-1.0), f(2.0)], f(-1.0)),
        case(Fmax, vec![f(-1.0), f(2.0)], f(2.0)),
        case(Fsign, vec![f(-3.0)], f(-1.0)),
        case(Fabs, vec![f(-2.0)], f(2.0)),
        case(Fsat, vec![f(1.5)], f(1.0)),
        case(Fstep, vec![f(0.5), f(0.2)], f(0.0)),
        case(Fclamp, vec![f(5.0), f(0.0), f(1.0)], f(1.0)),
        case(Ffma, vec![f(2.0), f(3.0), f(4.0)], f(10.0)),
        case(Fmix, vec![f(0.0), f(10.0), f(0.25)], f(2.5)),
        case(Fsqrt, vec![f(16.0)], f(4.0)),
        approx(Frsq, vec![f(4.0)], f(0.5)),
        approx(Frcp, vec![f(4.0)], f(0.25)),
        approx(Fexp2, vec![f(3.0)], f(8.0)),
        approx(Flog2, vec![f(8.0)], f(3.0)),
        approx(Fpow, vec![f(2.0), f(10.0)], f(1024.0)),
        approx(Fsin, vec![f(0.5)], f(0.5f32.sin())),
        approx(Fcos, vec![f(0.5)], f(0.5f32.cos())),
        case(Iadd, vec![i(i32::MAX), i(1)], i(i32::MIN)),
        case(Isub, vec![i(3), i(5)], i(-2)),
        case(Imul, vec![i(-7), i(3)], i(-21)),
        case(Idiv, vec![i(-7), i(2)], i(-3)),
        case(Irem, vec![i(-7), i(2)], i(-1)),
        case(Imod, vec![i(-7), i(2)], i(1)),
        case(Imod, vec![i(7), i(-2)], i(-1)),
        case(Udiv, vec![u(7), u(2)], u(3)),
        case(Umod, vec![u(7), u(3)], u(1)),
        case(Imin, vec![i(-7), i(3)], i(-7)),
        case(Imax, vec![i(-7), i(3)], i(3)),
        case(Umin, vec![u(u32::MAX), u(1)], u(1)),
        case(Umax, vec![u(u32::MAX), u(1)], u(u32::MAX)),
        case(Ineg, vec![i(5)], i(-5)),
        case(Iabs, vec![i(-5)], i(5)),
        case(Inot, vec![u(0)], u(u32::MAX)),
        case(Iand, vec![u(0b1100), u(0b1010)], u(0b1000)),
        case(Ior, vec![u(0b1100), u(0b1010)], u(0b1110)),
        case(Ixor, vec![u(0b1100), u(0b1010)], u(0b0110)),
        case(Ishl, vec![i(1), i(31)], i(i32::MIN)),
        case(Ishr, vec![i(-8), i(1)], i(-4)),
        case(Ushr, vec![u(0x8000_0000), u(4)], u(0x0800_0000)),
        case(Flt, vec![f(1.0), f(2.0)], b(true)),
        case(Fge, vec![f(1.0), f(2.0)], b(false)),
        case(Feq, vec![f(2.0), f(2.0)], b(true)),
        case(Fneu, vec![f(2.0), f(2.0)], b(false)),
        case(Ilt, vec![i(-1), i(0)], b(true)),
        case(Ult, vec![u(u32::MAX), u(0)], b(false)),
        case(Uge, vec![u(u32::MAX), u(0)], b(true)),
        case(Ieq, vec![i(4), i(4)], b(true)),
        case(Ine, vec![i(4), i(4)], b(false)),
        case(Band, vec![b(true), b(false)], b(false)),
        case(Bor, vec![b(true), b(false)], b(true)),
        case(Bxor, vec![b(true), b(true)], b(false)),
        case(Beq, vec![b(false), b(false)], b(true)),
        case(Bnot, vec![b(false)], b(true)),
        case(Bcsel, vec![b(false), f(1.0), f(2.0)], f(2.0)),
        convert(F2i, f(-2.7), i(-2)),
        convert(F2u, f(3.9), u(3)),
        convert(I2f, i(-3), f(-3.0)),
        convert(U2f, u(4_000_000_000), f(4.0e9)),
        convert(B2f, b(true), f(1.0)),
        convert(B2i, b(true), i(1)),
        convert(F2b, f(0.0), b(false)),
        convert(I2b, i(5), b(true)),
        convert(Bitcast, f(1.0), u(0x3f80_0000)),
    ]
}

/// The word a constant travels in, and back.
fn to_word(c: &ConstValue) -> u32 {
    c.bits[0] as u32
}

/// Builds the compute shader: sources come from the buffer (so nothing folds before the
/// device sees it), results go after them as words.
fn build(cases: &[Case]) -> (Shader, usize) {
    let mut s = Shader::new(Stage::Compute);
    let mut bld = Builder::main(&mut s);
    let u32_ty = bld.value_type_handle(ValueType::U32);
    let words = bld.array_type(u32_ty, None, Some(4));
    let block = bld.ty(Type::Struct {
        name: "Words".into(),
        members: vec![StructMember {
            name: "w".into(),
            ty: words,
            offset: Some(0),
            matrix_stride: None,
            row_major: false,
        }],
    });
    let ssbo = bld.variable(Variable::new("buf", block, VariableMode::Ssbo).with_binding(0, 0));
    let inputs: usize = cases.iter().map(|c| c.srcs.len()).sum();
    let mut next = 0u32;
    for (k, c) in cases.iter().enumerate() {
        let mut srcs = Vec::new();
        for src in &c.srcs {
            let root = bld.deref_var(ssbo);
            let arr = bld.deref_struct(root, 0);
            let slot = bld.deref_array_imm(arr, next);
            next += 1;
            let w = bld.load_deref(slot);
            let v = match src.ty.base {
                BaseType::Bool => bld.convert(w, BaseType::Bool, 1),
                BaseType::Uint => w,
                _ => bld.bitcast(w, src.ty),
            };
            srcs.push(v);
        }
        let r = match c.result {
            Some(t) => bld.alu_typed(c.op, &srcs, t),
            None => bld.alu(c.op, &srcs),
        };
        let rt = bld.type_of(r);
        let w = match rt.base {
            BaseType::Bool => bld.convert(r, BaseType::Uint, 32),
            BaseType::Uint => r,
            _ => bld.bitcast(r, ValueType::U32),
        };
        let root = bld.deref_var(ssbo);
        let arr = bld.deref_struct(root, 0);
        let slot = bld.deref_array_imm(arr, (inputs + k) as u32);
        bld.store_deref(slot, w);
    }
    (s, inputs)
}

/// What opt_constant_fold makes of each case.
fn folded(c: &Case) -> Option<ConstValue> {
    let mut s = Shader::new(Stage::Compute);
    let mut bld = Builder::main(&mut s);
    let srcs: Vec<Value> = c.srcs.iter().map(|k| bld.constant(k.clone())).collect();
    let r = match c.result {
        Some(t) => bld.alu_typed(c.op, &srcs, t),
        None => bld.alu(c.op, &srcs),
    };
    opt_constant_fold(&mut s);
    match &s.functions[s.entry.unwrap()].instrs[r].kind {
        InstrKind::Const(k) => Some(k.clone()),
        _ => None,
    }
}

fn agrees(expected: &ConstValue, got_word: u32, exact: bool) -> bool {
    if exact || expected.ty.base != BaseType::Float {
        return to_word(expected) == got_word;
    }
    let e = f32::from_bits(to_word(expected));
    let g = f32::from_bits(got_word);
    (e - g).abs() <= 1e-5 * e.abs().max(1.0)
}

#[test]
fn alu_ops_on_the_device_match_glsl_and_the_constant_folder() {
    let cases = cases();
    let (shader, inputs) = build(&cases);
    validate(&shader).unwrap_or_else(|e| panic!("{e:?}"));
    let words = emit(
        &shader,
        &EmitOptions {
            spirv_version: (1, 3),
            debug_names: true,
        },
    )
    .unwrap();
    common::spirv_val(&words, "vulkan1.1").unwrap();
    let mut buffer: Vec<u32> = cases
        .iter()
        .flat_map(|c| c.srcs.iter().map(to_word))
        .collect();
    buffer.resize(inputs + cases.len(), 0xdead_beef);
    let out = common::gpu::run_compute(&words, &buffer);
    let mut failures = Vec::new();
    for (k, c) in cases.iter().enumerate() {
        let got = out[inputs + k];
        if !agrees(&c.expected, got, c.exact) {
            failures.push(format!(
                "device: {} {:?} = {got:#x}, expected {:?}",
                c.op.name(),
                c.srcs,
                c.expected
            ));
        }
        match folded(c) {
            Some(k) if agrees(&c.expected, to_word(&k), c.exact) => {}
            other => failures.push(format!(
                "folder: {} {:?} = {other:?}, expected {:?}",
                c.op.name(),
                c.srcs,
                c.expected
            )),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
