//! `lower_double_round_even`: the floor-and-compare sequence, folded on the host, gives
//! exactly what IEEE round-half-to-even gives, ties and large magnitudes included.

use nir_like::passes::*;
use nir_like::*;

/// roundEven(x) on a double constant, lowered and then folded: the stored constant.
fn lowered_round_even(x: f64) -> f64 {
    let mut s = Shader::new(Stage::Fragment);
    let mut b = Builder::main(&mut s);
    let value = b.imm_f64(x);
    let rounded = b.fround_even(value);
    let out = b.output("o", ValueType::new(BaseType::Float, 64, 1), 0);
    b.store_var(out, rounded);
    assert!(lower_double_round_even(&mut s));
    validate(&s).unwrap();
    let text = print_shader(&s);
    assert!(!text.contains("fround_even"), "{text}");
    optimize(&mut s);
    let func = &s.functions[s.entry.unwrap()];
    let stored = func
        .blocks_in_order()
        .into_iter()
        .flat_map(|blk| func.blocks[blk].instrs.clone())
        .find_map(|v| match &func.instrs[v].kind {
            InstrKind::Intrinsic(i) if matches!(i.op, IntrinsicOp::StoreDeref { .. }) => {
                Some(i.srcs[1])
            }
            _ => None,
        })
        .expect("the output is stored");
    match &func.instrs[stored].kind {
        InstrKind::Const(c) => c.as_f64(0),
        other => panic!("not folded: {other:?}\n{}", print_shader(&s)),
    }
}

#[test]
fn ties_go_to_the_even_neighbour() {
    for x in [
        -2.5, -1.5, -0.5, 0.5, 1.5, 2.5, 3.5, -3.5, 1.25, -1.75, 1.6666666666666665,
        -1.8333333333333333, 0.49999999999999994, 4503599627370495.5, 4503599627370497.0,
        9007199254740993.0, -9007199254740991.0, 1e300, 0.0,
    ] {
        let got = lowered_round_even(x);
        assert_eq!(got, x.round_ties_even(), "roundEven({x})");
    }
}

#[test]
fn single_precision_round_even_is_left_alone() {
    let mut s = Shader::new(Stage::Fragment);
    let mut b = Builder::main(&mut s);
    let value = b.imm_f32(1.5);
    let rounded = b.fround_even(value);
    let out = b.output("o", ValueType::F32, 0);
    b.store_var(out, rounded);
    assert!(!lower_double_round_even(&mut s));
}
