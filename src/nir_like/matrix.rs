//! Matrix arithmetic for front ends. SSA values are vectors, so a matrix is the slice of
//! its column vectors (GLSL's column-major view); these helpers emit the vector ALU code
//! for GLSL's matrix operators and built-ins.

use crate::alu_op::AluOp;
use crate::builder::Builder;
use crate::instr::Value;

impl Builder<'_> {
    /// Loads every column of the matrix `deref` names.
    pub fn load_matrix(&mut self, deref: Value, columns: u32) -> Vec<Value> {
        (0..columns)
            .map(|c| {
                let col = self.deref_array_imm(deref, c);
                self.load_deref(col)
            })
            .collect()
    }

    /// Stores `columns` into the matrix `deref` names.
    pub fn store_matrix(&mut self, deref: Value, columns: &[Value]) {
        for (c, &v) in columns.iter().enumerate() {
            let col = self.deref_array_imm(deref, c as u32);
            self.store_deref(col, v);
        }
    }

    /// `m * v`: the sum of each column scaled by the matching component of `v`.
    pub fn mat_times_vec(&mut self, m: &[Value], v: Value) -> Value {
        let rows = self.type_of(m[0]).components;
        let mut acc: Option<Value> = None;
        for (i, &col) in m.iter().enumerate() {
            let s = self.channel(v, i as u8);
            let s = self.splat(s, rows);
            acc = Some(match acc {
                None => self.fmul(col, s),
                Some(a) => self.ffma(col, s, a),
            });
        }
        acc.expect("a matrix has at least one column")
    }

    /// `v * m`: component j is dot(v, column j).
    pub fn vec_times_mat(&mut self, v: Value, m: &[Value]) -> Value {
        let parts: Vec<Value> = m.iter().map(|&col| self.fdot(v, col)).collect();
        self.compose(&parts)
    }

    /// `a * b`: column j is a * (column j of b).
    pub fn mat_times_mat(&mut self, a: &[Value], b: &[Value]) -> Vec<Value> {
        b.iter().map(|&col| self.mat_times_vec(a, col)).collect()
    }

    /// Applies a component-wise op to matching columns (matrixCompMult, +, - of matrices).
    pub fn mat_componentwise(&mut self, op: AluOp, a: &[Value], b: &[Value]) -> Vec<Value> {
        a.iter()
            .zip(b)
            .map(|(&x, &y)| self.alu(op, &[x, y]))
            .collect()
    }

    /// Each column with a scalar op applied against `s` (matrix * float and friends).
    pub fn mat_scalar(&mut self, op: AluOp, m: &[Value], s: Value) -> Vec<Value> {
        let rows = self.type_of(m[0]).components;
        let s = self.splat(s, rows);
        m.iter().map(|&col| self.alu(op, &[col, s])).collect()
    }

    /// outerProduct(c, r): column j is c * r[j].
    pub fn outer_product(&mut self, c: Value, r: Value) -> Vec<Value> {
        let rows = self.type_of(c).components;
        let cols = self.type_of(r).components;
        (0..cols)
            .map(|j| {
                let s = self.channel(r, j);
                let s = self.splat(s, rows);
                self.fmul(c, s)
            })
            .collect()
    }

    pub fn transpose(&mut self, m: &[Value]) -> Vec<Value> {
        let rows = self.type_of(m[0]).components;
        (0..rows)
            .map(|r| {
                let parts: Vec<Value> = m.iter().map(|&col| self.channel(col, r)).collect();
                self.compose(&parts)
            })
            .collect()
    }

    /// determinant() of a square matrix of 2 to 4 columns.
    pub fn determinant(&mut self, m: &[Value]) -> Value {
        let e = self.elements(m);
        self.det_of(&e)
    }

    /// inverse() of a square matrix: the adjugate divided by the determinant.
    pub fn inverse(&mut self, m: &[Value]) -> Vec<Value> {
        let e = self.elements(m);
        let n = e.len();
        let det = self.det_of(&e);
        let one = {
            let t = self.type_of(det);
            self.imm_splat(t, 1.0)
        };
        let inv_det = self.fdiv(one, det);
        (0..n)
            .map(|col| {
                let parts: Vec<Value> = (0..n)
                    .map(|row| {
                        // inverse(row, col) = cofactor(col, row) / det
                        let c = self.cofactor(&e, col, row);
                        self.fmul(c, inv_det)
                    })
                    .collect();
                self.compose(&parts)
            })
            .collect()
    }

    /// The scalar elements, indexed [row][col].
    fn elements(&mut self, m: &[Value]) -> Vec<Vec<Value>> {
        let rows = self.type_of(m[0]).components as usize;
        (0..rows)
            .map(|r| m.iter().map(|&col| self.channel(col, r as u8)).collect())
            .collect()
    }

    fn det_of(&mut self, e: &[Vec<Value>]) -> Value {
        let n = e.len();
        if n == 1 {
            return e[0][0];
        }
        if n == 2 {
            let ad = self.fmul(e[0][0], e[1][1]);
            let bc = self.fmul(e[0][1], e[1][0]);
            return self.fsub(ad, bc);
        }
        let mut acc: Option<Value> = None;
        for col in 0..n {
            let c = self.cofactor(e, 0, col);
            let term = self.fmul(e[0][col], c);
            acc = Some(match acc {
                None => term,
                Some(a) => self.fadd(a, term),
            });
        }
        acc.expect("non-empty matrix")
    }

    /// (-1)^(row+col) times the determinant of the minor without `row` and `col`.
    fn cofactor(&mut self, e: &[Vec<Value>], row: usize, col: usize) -> Value {
        let minor: Vec<Vec<Value>> = e
            .iter()
            .enumerate()
            .filter(|(r, _)| *r != row)
            .map(|(_, r)| {
                r.iter()
                    .enumerate()
                    .filter(|(c, _)| *c != col)
                    .map(|(_, v)| *v)
                    .collect()
            })
            .collect();
        let d = self.det_of(&minor);
        if (row + col) % 2 == 1 {
            self.fneg(d)
        } else {
            d
        }
    }
}
