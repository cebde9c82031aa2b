//! Awkward structured control flow: nested loops with breaks at several depths, loops
//! left only by return, ifs whose branches both leave, phis at if merges, discard inside
//! loops, values returned from inside loops. Each must give valid SPIR-V.

mod common;

use common::assert_valid;
use nir_like::*;

fn fragment_with_input() -> (Shader, Handle<Variable>, Handle<Variable>) {
    let mut s = Shader::new(Stage::Fragment);
    let mut b = Builder::main(&mut s);
    let input = b.input("v", ValueType::VEC4, 0);
    let out = b.output("o", ValueType::VEC4, 0);
    (s, input, out)
}

#[test]
fn nested_loops_with_breaks_and_continues_at_every_depth() {
    let (mut s, input, out) = fragment_with_input();
    let mut b = Builder::main(&mut s);
    let v = b.load_var(input);
    let x = b.channel(v, 0);
    let zero = b.imm_f32(0.0);
    b.push_loop();
    {
        let c1 = b.flt(x, zero);
        b.push_if(c1);
        b.break_();
        b.pop_if();
        b.push_loop();
        {
            let c2 = b.fge(x, zero);
            b.push_if(c2);
            {
                b.push_if(c1);
                b.continue_();
                b.push_else();
                b.break_();
                b.pop_if();
            }
            b.push_else();
            b.continue_();
            b.pop_if();
        }
        b.push_continue();
        b.pop_loop();
        b.push_if(c1);
        b.continue_();
        b.pop_if();
        b.break_();
    }
    b.push_continue();
    b.pop_loop();
    b.store_var(out, v);
    validate(&s).unwrap();
    assert_valid(&s);
}

#[test]
fn loop_left_only_by_return_and_if_whose_branches_both_leave() {
    let (mut s, input, out) = fragment_with_input();
    let mut b = Builder::main(&mut s);
    let v = b.load_var(input);
    let x = b.channel(v, 0);
    let zero = b.imm_f32(0.0);
    let c = b.flt(x, zero);
    b.push_if(c);
    {
        b.push_loop();
        b.store_var(out, v);
        b.push_if(c);
        b.return_(None);
        b.pop_if();
        b.pop_loop();
        // Unreachable: the loop has no break.
    }
    b.push_else();
    {
        b.push_if(c);
        b.return_(None);
        b.push_else();
        b.jump(Jump::Halt);
        b.pop_if();
    }
    b.pop_if();
    validate(&s).unwrap();
    assert_valid(&s);
}

#[test]
fn phis_at_if_merges_and_discard_inside_a_loop() {
    let (mut s, input, out) = fragment_with_input();
    let mut b = Builder::main(&mut s);
    let v = b.load_var(input);
    let x = b.channel(v, 0);
    let zero = b.imm_f32(0.0);
    let c = b.flt(x, zero);
    b.push_if(c);
    let a = b.imm_f32(1.0);
    let then_end = b.current_block();
    b.push_else();
    let bb = b.fneg(x);
    let else_end = b.current_block();
    b.pop_if();
    let merged = b.phi(&[(then_end, a), (else_end, bb)], ValueType::F32);
    b.push_loop();
    {
        b.push_if(c);
        b.discard();
        let after_discard = b.fadd(merged, merged);
        let r = b.splat(after_discard, 4);
        b.store_var(out, r);
        b.pop_if();
        b.break_();
    }
    b.pop_loop();
    validate(&s).unwrap();
    assert_valid(&s);
}

#[test]
fn non_void_function_returning_from_inside_a_loop() {
    let (mut s, input, out) = fragment_with_input();
    let mut b = Builder::main(&mut s);
    let f = b.function(
        "first_positive",
        vec![Param {
            name: "v".into(),
            kind: ParamKind::Value(ValueType::VEC4),
        }],
        Some(ValueType::F32),
    );
    let main_fn = b.func;
    b.set_function(f);
    let vv = b.load_param(0);
    let int_ty = b.value_type_handle(ValueType::I32);
    let i = b.local("i", int_ty);
    let zero_i = b.imm_i32(0);
    b.store_local(i, zero_i);
    b.push_loop();
    {
        let iv = b.load_local(i);
        let four = b.imm_i32(4);
        let done = b.ige(iv, four);
        b.push_if(done);
        let minus = b.imm_f32(-1.0);
        b.return_(Some(minus));
        b.pop_if();
        let local_vec_ty = b.value_type_handle(ValueType::VEC4);
        let tmp = b.local("tmp", local_vec_ty);
        b.store_local(tmp, vv);
        let tref = b.deref_local(tmp);
        let elem = b.deref_array(tref, iv);
        let e = b.load_deref(elem);
        let zero = b.imm_f32(0.0);
        let pos = b.flt(zero, e);
        b.push_if(pos);
        b.return_(Some(e));
        b.pop_if();
    }
    b.push_continue();
    {
        let iv = b.load_local(i);
        let one = b.imm_i32(1);
        let n = b.iadd(iv, one);
        b.store_local(i, n);
    }
    b.pop_loop();
    b.set_function(main_fn);
    let v = b.load_var(input);
    let r = b.call(f, &[v]);
    let r4 = b.splat(r, 4);
    b.store_var(out, r4);
    validate(&s).unwrap_or_else(|e| panic!("{e:?}\n{}", print_shader(&s)));
    assert_valid(&s);
}

#[test]
fn loop_header_values_are_used_in_the_continue_construct_and_after_the_loop() {
    let (mut s, input, out) = fragment_with_input();
    let mut b = Builder::main(&mut s);
    let v = b.load_var(input);
    let vec4 = b.value_type_handle(ValueType::VEC4);
    let acc = b.local("acc", vec4);
    b.store_local(acc, v);
    b.push_loop();
    let a = b.load_local(acc);
    let x = b.channel(a, 0);
    let ten = b.imm_f32(10.0);
    let done = b.fge(x, ten);
    b.push_if(done);
    b.break_();
    b.pop_if();
    b.push_continue();
    let one = b.imm_splat(ValueType::VEC4, 1.0);
    let next = b.fadd(a, one);
    b.store_local(acc, next);
    b.pop_loop();
    // `a` was defined in the loop's first block: it dominates the code after the loop.
    b.store_var(out, a);
    validate(&s).unwrap_or_else(|e| panic!("{e:?}\n{}", print_shader(&s)));
    assert_valid(&s);
}

#[test]
fn large_shaders_validate_and_emit_in_linear_time() {
    // 400 sequential ifs and loops with 50 ALU ops each: about 40,000 instructions.
    let (mut s, input, out) = fragment_with_input();
    let mut b = Builder::main(&mut s);
    let mut v = b.load_var(input);
    let vec4 = b.value_type_handle(ValueType::VEC4);
    let acc = b.local("acc", vec4);
    b.store_local(acc, v);
    for k in 0..400 {
        let x = b.channel(v, 0);
        let zero = b.imm_f32(0.0);
        let c = b.flt(x, zero);
        if k % 2 == 0 {
            b.push_if(c);
        } else {
            b.push_loop();
            b.push_if(c);
            b.break_();
            b.pop_if();
        }
        let mut w = b.load_local(acc);
        for _ in 0..50 {
            w = b.fadd(w, v);
        }
        b.store_local(acc, w);
        if k % 2 == 0 {
            b.pop_if();
        } else {
            b.break_();
            b.pop_loop();
        }
        v = b.load_local(acc);
    }
    b.store_var(out, v);
    let start = std::time::Instant::now();
    let words = spirv_out::emit(&s, &Default::default()).unwrap();
    let elapsed = start.elapsed();
    assert!(
        elapsed.as_secs_f64() < 5.0,
        "validate + emit took {elapsed:?}"
    );
    common::spirv_val(&words, "vulkan1.1").unwrap();
}
