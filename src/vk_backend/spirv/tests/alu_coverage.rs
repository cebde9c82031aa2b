//! Every ALU opcode, emitted in a fragment shader and accepted by spirv-val.

mod common;

use common::assert_valid;
use nir_like::*;

/// Inputs the ops draw their sources from.
struct Inputs {
    f4: Value,
    f4b: Value,
    f3: Value,
    f2: Value,
    f1: Value,
    i4: Value,
    u4: Value,
    i1: Value,
    u1: Value,
    b4: Value,
}

fn inputs(b: &mut Builder) -> Inputs {
    let fa = b.input("fa", ValueType::VEC4, 0);
    let fb = b.input("fb", ValueType::VEC4, 1);
    let ia = b.input("ia", ValueType::int(4), 2);
    let ua = b.input("ua", ValueType::uint(4), 3);
    let f4 = b.load_var(fa);
    let f4b = b.load_var(fb);
    let f3 = b.swizzle(f4, &[0, 1, 2]);
    let f2 = b.swizzle(f4, &[2, 3]);
    let f1 = b.channel(f4b, 1);
    let i4 = b.load_var(ia);
    let u4 = b.load_var(ua);
    let i1 = b.channel(i4, 0);
    let u1 = b.channel(u4, 3);
    let b4 = b.flt(f4, f4b);
    Inputs {
        f4,
        f4b,
        f3,
        f2,
        f1,
        i4,
        u4,
        i1,
        u1,
        b4,
    }
}

/// Sources and (for conversions) the result type for `op`.
fn operands(op: AluOp, x: &Inputs) -> (Vec<Value>, Option<ValueType>) {
    use AluOp::*;
    let explicit = |srcs: Vec<Value>, t: ValueType| (srcs, Some(t));
    match op {
        Fcross => (vec![x.f3, x.f3], None),
        Frefract => (vec![x.f4, x.f4b, x.f1], None),
        Ldexp => (vec![x.f4, x.i4], None),
        IbitfieldExtract | UbitfieldExtract => (vec![x.i4, x.i1, x.i1], None),
        BitfieldInsert => (vec![x.u4, x.u4, x.i1, x.i1], None),
        Bcsel => (vec![x.b4, x.f4, x.f4b], None),
        PackUnorm4x8 | PackSnorm4x8 => (vec![x.f4], None),
        PackUnorm2x16 | PackSnorm2x16 | PackHalf2x16 => (vec![x.f2], None),
        UnpackUnorm4x8 | UnpackSnorm4x8 | UnpackUnorm2x16 | UnpackSnorm2x16 | UnpackHalf2x16 => {
            (vec![x.u1], None)
        }
        F2f => explicit(vec![x.f4], ValueType::double(4)),
        F2i => explicit(vec![x.f4], ValueType::int(4)),
        F2u => explicit(vec![x.f4], ValueType::uint(4)),
        I2f => explicit(vec![x.i4], ValueType::VEC4),
        U2f => explicit(vec![x.u4], ValueType::VEC4),
        I2i => explicit(vec![x.i4], ValueType::new(BaseType::Int, 64, 4)),
        U2u => explicit(vec![x.u4], ValueType::new(BaseType::Int, 64, 4)),
        B2f => explicit(vec![x.b4], ValueType::VEC4),
        B2i => explicit(vec![x.b4], ValueType::uint(4)),
        F2b => explicit(vec![x.f4], ValueType::bool(4)),
        I2b => explicit(vec![x.i4], ValueType::bool(4)),
        Bitcast => explicit(vec![x.u4], ValueType::double(2)),
        _ => {
            let src = |k: SrcKind| match k {
                SrcKind::Float | SrcKind::ScalarFloat => x.f4,
                SrcKind::Integer | SrcKind::ScalarInteger => x.i4,
                SrcKind::Bool => x.b4,
                SrcKind::Any => x.f4,
            };
            (op.src_kinds().iter().map(|k| src(*k)).collect(), None)
        }
    }
}

#[test]
fn every_alu_op_emits_valid_spirv() {
    let mut shader = Shader::new(Stage::Fragment);
    let mut b = Builder::main(&mut shader);
    let x = inputs(&mut b);
    for (i, &op) in AluOp::ALL.iter().enumerate() {
        let (srcs, ty) = operands(op, &x);
        let r = match ty {
            Some(t) => b.alu_typed(op, &srcs, t),
            None => b.alu(op, &srcs),
        };
        // Keep every result alive in a private global of its type.
        let rt = b.type_of(r);
        let t = b.value_type_handle(rt);
        let var = b.variable(Variable::new(
            format!("r{i}_{}", op.name()),
            t,
            VariableMode::GlobalPrivate,
        ));
        b.store_var(var, r);
    }
    if let Err(e) = validate(&shader) {
        panic!("{e:?}\n{}", print_shader(&shader));
    }
    assert_valid(&shader);
}

#[test]
fn unsigned_ops_on_signed_values_and_scalars_emit_valid_spirv() {
    // Extended arithmetic on ints (bitcast around the unsigned-only SPIR-V forms) and
    // scalar forms of vector-only SPIR-V instructions (dot, any).
    let mut shader = Shader::new(Stage::Fragment);
    let mut b = Builder::main(&mut shader);
    let x = inputs(&mut b);
    let out = b.output("o", ValueType::VEC4, 0);
    let carry = b.alu(AluOp::UaddCarry, &[x.i4, x.i4]);
    let borrow = b.alu(AluOp::UsubBorrow, &[x.u4, x.u4]);
    let hi = b.alu(AluOp::UmulHigh, &[x.u1, x.u1]);
    let dot = b.fdot(x.f1, x.f1);
    let b1 = b.channel(x.b4, 0);
    let any = b.bany(b1);
    let sel = b.select(b1, x.f4, x.f4b);
    let c = b.convert(carry, BaseType::Float, 32);
    let d = b.convert(borrow, BaseType::Float, 32);
    let h = b.convert(hi, BaseType::Float, 32);
    let a = b.convert(any, BaseType::Float, 32);
    let s1 = b.fadd(c, d);
    let hv = b.splat(h, 4);
    let s2 = b.fadd(s1, hv);
    let dv = b.splat(dot, 4);
    let s3 = b.fmul(s2, dv);
    let av = b.splat(a, 4);
    let s4 = b.fadd(s3, av);
    let s5 = b.fadd(s4, sel);
    b.store_var(out, s5);
    assert_valid(&shader);
}
