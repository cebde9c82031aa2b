//! Matrix helpers checked by value: built on constants, folded by opt_constant_fold, and
//! compared with the results computed here.

use nir_like::passes::optimize;
use nir_like::*;

/// Builds `f` on constant matrices in a fragment shader, stores the result columns to
/// outputs, folds everything, and returns the constant columns.
fn fold(columns: &[&[f32]], f: impl FnOnce(&mut Builder, &[Value]) -> Vec<Value>) -> Vec<Vec<f32>> {
    let mut s = Shader::new(Stage::Fragment);
    let mut b = Builder::main(&mut s);
    let m: Vec<Value> = columns.iter().map(|c| b.imm_vec(c)).collect();
    let result = f(&mut b, &m);
    for (i, &r) in result.iter().enumerate() {
        let t = b.type_of(r);
        let out = b.output(&format!("o{i}"), t, i as u32);
        b.store_var(out, r);
    }
    validate(&s).unwrap();
    optimize(&mut s);
    let func = &s.functions[s.entry.unwrap()];
    result
        .iter()
        .map(|r| match &func.instrs[*r].kind {
            InstrKind::Const(c) => (0..c.bits.len()).map(|i| c.as_f64(i) as f32).collect(),
            other => panic!("not folded: {other:?}"),
        })
        .collect()
}

fn close(a: &[Vec<f32>], b: &[&[f32]]) {
    for (x, y) in a.iter().zip(b) {
        for (p, q) in x.iter().zip(y.iter()) {
            assert!((p - q).abs() < 1e-5, "{a:?} != {b:?}");
        }
    }
}

const M: [&[f32]; 3] = [&[2.0, 0.0, 1.0], &[1.0, 3.0, 0.0], &[0.0, 1.0, 4.0]];

#[test]
fn matrix_times_vector_and_vector_times_matrix() {
    // m * (1, 2, 3) = col0 + 2 col1 + 3 col2
    let r = fold(&M, |b, m| {
        let v = b.imm_vec(&[1.0, 2.0, 3.0]);
        vec![b.mat_times_vec(m, v), b.vec_times_mat(v, m)]
    });
    close(&r, &[&[4.0, 9.0, 13.0], &[5.0, 7.0, 14.0]]);
}

#[test]
fn determinant_and_inverse_of_3x3() {
    let r = fold(&M, |b, m| vec![b.determinant(m)]);
    // det = 2(12 - 0) - 1(0 - 1) + 0 = 25, computed on rows [2 1 0; 0 3 1; 1 0 4]
    close(&r, &[&[25.0]]);
    let inv = fold(&M, |b, m| b.inverse(m));
    // inverse * m must be the identity.
    let prod = fold(&M, |b, m| {
        let i = b.inverse(m);
        b.mat_times_mat(&i, m)
    });
    close(
        &prod,
        &[&[1.0, 0.0, 0.0], &[0.0, 1.0, 0.0], &[0.0, 0.0, 1.0]],
    );
    assert_eq!(inv.len(), 3);
}

#[test]
fn inverse_of_4x4_and_2x2() {
    let m4: [&[f32]; 4] = [
        &[4.0, 0.0, 0.0, 1.0],
        &[0.0, 2.0, 1.0, 0.0],
        &[0.0, 1.0, 3.0, 0.0],
        &[1.0, 0.0, 0.0, 5.0],
    ];
    let prod = fold(&m4, |b, m| {
        let i = b.inverse(m);
        b.mat_times_mat(m, &i)
    });
    close(
        &prod,
        &[
            &[1.0, 0.0, 0.0, 0.0],
            &[0.0, 1.0, 0.0, 0.0],
            &[0.0, 0.0, 1.0, 0.0],
            &[0.0, 0.0, 0.0, 1.0],
        ],
    );
    let m2: [&[f32]; 2] = [&[1.0, 3.0], &[2.0, 4.0]];
    let r = fold(&m2, |b, m| b.inverse(m));
    // [1 2; 3 4]^-1 = [-2 1; 1.5 -0.5], columns (-2, 1.5) and (1, -0.5)
    close(&r, &[&[-2.0, 1.5], &[1.0, -0.5]]);
}

#[test]
fn transpose_and_outer_product() {
    let r = fold(&M, |b, m| b.transpose(m));
    close(&r, &[&[2.0, 1.0, 0.0], &[0.0, 3.0, 1.0], &[1.0, 0.0, 4.0]]);
    let r = fold(&[], |b, _| {
        let c = b.imm_vec(&[1.0, 2.0]);
        let r = b.imm_vec(&[3.0, 4.0, 5.0]);
        b.outer_product(c, r)
    });
    close(&r, &[&[3.0, 6.0], &[4.0, 8.0], &[5.0, 10.0]]);
}

#[test]
fn dynamic_vector_extract_and_insert_pick_the_indexed_component() {
    for index in 0..3 {
        let r = fold(&[], |b, _| {
            let v = b.imm_vec(&[10.0, 20.0, 30.0]);
            let i = b.imm_i32(index);
            let x = b.vector_extract(v, i);
            let seven = b.imm_f32(7.0);
            let w = b.vector_insert(v, seven, i);
            vec![x, w]
        });
        let mut expected = [10.0, 20.0, 30.0];
        let picked = [expected[index as usize]];
        expected[index as usize] = 7.0;
        close(&r, &[&picked, &expected]);
    }
}
