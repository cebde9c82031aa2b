//! Control flow, calls, phis and memory operations run on the Vulkan device; the words the
//! shader writes are checked against what the program means.

mod common;

use nir_like::*;
use spirv_out::{emit, EmitOptions};

/// A compute shader over `buf.w[]` (u32 words at set 0, binding 0).
fn compute() -> (Shader, Handle<Variable>) {
    let mut s = Shader::new(Stage::Compute);
    let mut b = Builder::main(&mut s);
    let u32_ty = b.value_type_handle(ValueType::U32);
    let words = b.array_type(u32_ty, None, Some(4));
    let block = b.ty(Type::Struct {
        name: "Words".into(),
        members: vec![StructMember {
            name: "w".into(),
            ty: words,
            offset: Some(0),
            matrix_stride: None,
            row_major: false,
        }],
    });
    let ssbo = b.variable(Variable::new("buf", block, VariableMode::Ssbo).with_binding(0, 0));
    (s, ssbo)
}

fn word(b: &mut Builder, ssbo: Handle<Variable>, i: u32) -> Value {
    let root = b.deref_var(ssbo);
    let arr = b.deref_struct(root, 0);
    b.deref_array_imm(arr, i)
}

fn run(shader: &Shader, buffer: &[u32]) -> Vec<u32> {
    validate(shader).unwrap_or_else(|e| panic!("{e:?}\n{}", print_shader(shader)));
    let words = emit(
        shader,
        &EmitOptions {
            spirv_version: (1, 3),
            debug_names: true,
        },
    )
    .unwrap();
    common::spirv_val(&words, "vulkan1.1").unwrap();
    common::gpu::run_compute(&words, buffer)
}

#[test]
fn loop_with_break_continue_and_a_call_computes_the_right_sum() {
    // uint sum = 0; for (uint i = 0; i < n; i++) { if (i == 7) break; if (i % 2 == 1) continue; sum += sq(i); }
    let (mut s, ssbo) = compute();
    let mut b = Builder::main(&mut s);
    let sq = b.function(
        "sq",
        vec![Param {
            name: "x".into(),
            kind: ParamKind::Value(ValueType::U32),
        }],
        Some(ValueType::U32),
    );
    let main_fn = b.func;
    b.set_function(sq);
    let x = b.load_param(0);
    let x2 = b.imul(x, x);
    b.return_(Some(x2));
    b.set_function(main_fn);
    let u32_ty = b.value_type_handle(ValueType::U32);
    let sum = b.local("sum", u32_ty);
    let i = b.local("i", u32_ty);
    let zero = b.imm_u32(0);
    b.store_local(sum, zero);
    b.store_local(i, zero);
    let n_ref = word(&mut b, ssbo, 0);
    let n = b.load_deref(n_ref);
    b.push_loop();
    {
        let iv = b.load_local(i);
        let in_range = b.ult(iv, n);
        let out = b.bnot(in_range);
        b.push_if(out);
        b.break_();
        b.pop_if();
        let seven = b.imm_u32(7);
        let is7 = b.ieq(iv, seven);
        b.push_if(is7);
        b.break_();
        b.pop_if();
        let one = b.imm_u32(1);
        let odd_bit = b.iand(iv, one);
        let odd = b.ieq(odd_bit, one);
        b.push_if(odd);
        b.continue_();
        b.pop_if();
        let s2 = b.call(sq, &[iv]);
        let cur = b.load_local(sum);
        let next = b.iadd(cur, s2);
        b.store_local(sum, next);
    }
    b.push_continue();
    {
        let iv = b.load_local(i);
        let one = b.imm_u32(1);
        let n1 = b.iadd(iv, one);
        b.store_local(i, n1);
    }
    b.pop_loop();
    let total = b.load_local(sum);
    let out = word(&mut b, ssbo, 1);
    b.store_deref(out, total);
    // n = 100: 0 + 4 + 16 + 36 (stops at 7)
    assert_eq!(run(&s, &[100, 0])[1], 56);
    // n = 5: 0 + 4 + 16
    assert_eq!(run(&s, &[5, 0])[1], 20);
}

#[test]
fn phi_loop_counts_and_if_merge_phi_selects() {
    // i = phi(0, i + 1), acc = phi(1, acc * 3) until i == n; then r = n > 3 ? acc : 0 via phi.
    let (mut s, ssbo) = compute();
    let mut b = Builder::main(&mut s);
    let n_ref = word(&mut b, ssbo, 0);
    let n = b.load_deref(n_ref);
    let zero = b.imm_u32(0);
    let one = b.imm_u32(1);
    let pre = b.current_block();
    b.push_loop();
    let i = b.phi(&[(pre, zero)], ValueType::U32);
    let acc = b.phi(&[(pre, one)], ValueType::U32);
    let done = b.ieq(i, n);
    b.push_if(done);
    b.break_();
    b.pop_if();
    b.push_continue();
    let i1 = b.iadd(i, one);
    let three = b.imm_u32(3);
    let acc3 = b.imul(acc, three);
    let latch = b.current_block();
    b.pop_loop();
    for (phi, next) in [(i, i1), (acc, acc3)] {
        if let InstrKind::Phi(srcs) = &mut b.function_mut().instrs[phi].kind {
            srcs.push(PhiSrc {
                pred: latch,
                value: next,
            });
        }
    }
    // `acc` comes from the loop's first block, so it is visible after the loop.
    let three = b.imm_u32(3);
    let big = b.ult(three, n);
    b.push_if(big);
    let then_end = b.current_block();
    b.push_else();
    let else_end = b.current_block();
    b.pop_if();
    let r = b.phi(&[(then_end, acc), (else_end, zero)], ValueType::U32);
    let out = word(&mut b, ssbo, 1);
    b.store_deref(out, r);
    assert_eq!(run(&s, &[5, 0])[1], 243);
    assert_eq!(run(&s, &[2, 0])[1], 0);
}

#[test]
fn partial_stores_dynamic_indexing_and_aggregate_copies() {
    let (mut s, ssbo) = compute();
    let mut b = Builder::main(&mut s);
    let uvec4 = b.value_type_handle(ValueType::uint(4));
    let arr_ty = b.array_type(uvec4, Some(2), None);
    let local = b.local("pair", arr_ty);
    let copy = b.local("copy", arr_ty);
    // pair[0] = (w0, w1, w2, w3); pair[1] = (0, 0, 0, 0) then .yw = (7, 9)
    let words: Vec<Value> = (0..4)
        .map(|k| {
            let r = word(&mut b, ssbo, k);
            b.load_deref(r)
        })
        .collect();
    let v = b.compose(&words);
    let d = b.deref_local(local);
    let e0 = b.deref_array_imm(d, 0);
    b.store_deref(e0, v);
    let zeros = b.constant(ConstValue::u32s(&[0, 0, 0, 0]));
    let e1 = b.deref_array_imm(d, 1);
    b.store_deref(e1, zeros);
    let sevens = b.constant(ConstValue::u32s(&[5, 7, 5, 9]));
    b.store_deref_masked(e1, sevens, 0b1010);
    // copy = pair (aggregate copy), then read copy[w4][w5] through a dynamic index.
    let dc = b.deref_local(copy);
    b.copy_deref(dc, d);
    let idx_ref = word(&mut b, ssbo, 4);
    let idx = b.load_deref(idx_ref);
    let comp_ref = word(&mut b, ssbo, 5);
    let comp = b.load_deref(comp_ref);
    let elem = b.deref_array(dc, idx);
    let vec = b.load_deref(elem);
    let picked = b.vector_extract(vec, comp);
    let out = word(&mut b, ssbo, 6);
    b.store_deref(out, picked);
    let whole = b.deref_array_imm(dc, 1);
    let second = b.load_deref(whole);
    for k in 0..4 {
        let c = b.channel(second, k);
        let o = word(&mut b, ssbo, 7 + k as u32);
        b.store_deref(o, c);
    }
    let out = run(&s, &[10, 11, 12, 13, 0, 2, 0, 0, 0, 0, 0]);
    assert_eq!(out[6], 12, "copy[0].z");
    assert_eq!(
        &out[7..11],
        &[0, 7, 0, 9],
        "masked store wrote only y and w"
    );
    let out = run(&s, &[10, 11, 12, 13, 1, 3, 0, 0, 0, 0, 0]);
    assert_eq!(out[6], 9, "copy[1].w");
}

#[test]
fn robust_access_lowering_clamps_out_of_bounds_reads_on_the_device() {
    // w[1] = w[w[0]] with w[0] = 1000 on an 8-word buffer: clamped to w[7].
    let (mut s, ssbo) = compute();
    let mut b = Builder::main(&mut s);
    let idx_ref = word(&mut b, ssbo, 0);
    let idx = b.load_deref(idx_ref);
    let root = b.deref_var(ssbo);
    let arr = b.deref_struct(root, 0);
    let far = b.deref_array(arr, idx);
    let v = b.load_deref(far);
    let out = word(&mut b, ssbo, 1);
    b.store_deref(out, v);
    assert!(passes::lower_robust_buffer_access(&mut s));
    let out = run(&s, &[1000, 0, 0, 0, 0, 0, 0, 77]);
    assert_eq!(out[1], 77);
    let out = run(&s, &[3, 0, 0, 55, 0, 0, 0, 77]);
    assert_eq!(out[1], 55, "in-bounds reads are unchanged");
}

#[test]
fn bools_in_buffers_are_stored_as_32_bit_integers() {
    // buffer { bool flags[4]; uint out[]; }: out[0] = flags[1] ? 10 : 20; flags[3] = !flags[2];
    // and a whole-array copy of the flags into a local and back into out[1..5].
    let mut s = Shader::new(Stage::Compute);
    let mut b = Builder::main(&mut s);
    let bool_ty = b.value_type_handle(ValueType::BOOL);
    let u32_ty = b.value_type_handle(ValueType::U32);
    let flags = b.array_type(bool_ty, Some(4), None);
    let outs = b.array_type(u32_ty, None, None);
    let member = |name: &str, ty| StructMember {
        name: name.into(),
        ty,
        offset: None,
        matrix_stride: None,
        row_major: false,
    };
    let block = b.ty(Type::Struct {
        name: "B".into(),
        members: vec![member("flags", flags), member("out", outs)],
    });
    let ssbo = b.variable(Variable::new("buf", block, VariableMode::Ssbo).with_binding(0, 0));
    let root = b.deref_var(ssbo);
    let fl = b.deref_struct(root, 0);
    let f1 = b.deref_array_imm(fl, 1);
    let flag = b.load_deref(f1);
    let ten = b.imm_u32(10);
    let twenty = b.imm_u32(20);
    let v = b.select(flag, ten, twenty);
    let out = b.deref_struct(root, 1);
    let o0 = b.deref_array_imm(out, 0);
    b.store_deref(o0, v);
    let f2 = b.deref_array_imm(fl, 2);
    let x = b.load_deref(f2);
    let nx = b.bnot(x);
    let f3 = b.deref_array_imm(fl, 3);
    b.store_deref(f3, nx);
    let local = b.local("copy", flags);
    let l = b.deref_local(local);
    b.copy_deref(l, fl);
    for k in 0..4 {
        let e = b.deref_array_imm(l, k);
        let bv = b.load_deref(e);
        let w = b.convert(bv, BaseType::Uint, 32);
        let o = b.deref_array_imm(out, 1 + k);
        b.store_deref(o, w);
    }
    common::assert_valid(&s);
    let result = run(&s, &[0, 5, 0, 0, 0, 0, 0, 0, 0]);
    assert_eq!(result[4], 10, "flags[1] (5) reads as true");
    assert_eq!(result[3], 1, "flags[3] = !flags[2] stored as 1");
    assert_eq!(&result[5..9], &[0, 1, 0, 1], "copied flags");
}

#[test]
fn do_while_with_the_condition_in_the_continue_construct() {
    // uint s = 0; do { s += 3; if (s == w[2]) continue; s += 1; } while (s < w[0]); w[1] = s;
    let (mut s, ssbo) = compute();
    let mut b = Builder::main(&mut s);
    let u32_ty = b.value_type_handle(ValueType::U32);
    let acc = b.local("s", u32_ty);
    let zero = b.imm_u32(0);
    b.store_local(acc, zero);
    b.push_loop();
    {
        let v = b.load_local(acc);
        let three = b.imm_u32(3);
        let v3 = b.iadd(v, three);
        b.store_local(acc, v3);
        let skip_ref = word(&mut b, ssbo, 2);
        let skip = b.load_deref(skip_ref);
        let eq = b.ieq(v3, skip);
        b.push_if(eq);
        b.continue_();
        b.pop_if();
        let one = b.imm_u32(1);
        let v4 = b.iadd(v3, one);
        b.store_local(acc, v4);
    }
    b.push_continue();
    {
        let v = b.load_local(acc);
        let n_ref = word(&mut b, ssbo, 0);
        let n = b.load_deref(n_ref);
        let again = b.ult(v, n);
        let stop = b.bnot(again);
        b.push_if(stop);
        b.break_();
        b.pop_if();
    }
    b.pop_loop();
    let v = b.load_local(acc);
    let out = word(&mut b, ssbo, 1);
    b.store_deref(out, v);
    // 0 -> 4 -> 8 -> 12 (>= 10): 12
    assert_eq!(run(&s, &[10, 0, 99])[1], 12);
    // skip at 7: 0 -> 4 -> 7 (continue) -> 10 -> 11
    assert_eq!(run(&s, &[11, 0, 7])[1], 11);
    // the body runs once even when the condition is false from the start
    assert_eq!(run(&s, &[0, 0, 99])[1], 4);
}

#[test]
fn breaks_elsewhere_in_a_continue_construct_are_refused_not_emitted_invalid() {
    let (mut s, ssbo) = compute();
    let mut b = Builder::main(&mut s);
    b.push_loop();
    b.push_continue();
    let n_ref = word(&mut b, ssbo, 0);
    let n = b.load_deref(n_ref);
    let zero = b.imm_u32(0);
    let c = b.ieq(n, zero);
    b.push_if(c);
    b.break_();
    b.pop_if();
    let _ = b.iadd(n, n);
    b.pop_loop();
    validate(&s).unwrap();
    let err = emit(&s, &EmitOptions::default()).unwrap_err();
    assert!(err.to_string().contains("continue construct"), "{err}");
}
