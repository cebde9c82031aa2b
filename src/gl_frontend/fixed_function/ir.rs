//! Shared helpers of the fixed-function IR generators: the default uniform block of a
//! generated program and the vector arithmetic GL's formulas are written in.

use std::collections::HashMap;

use nir_like::{AluOp, Builder, Handle, Interpolation, Shader, StructMember, Type, Value, ValueType, Variable, VariableMode};

/// A builder for one generated stage with the program's uniform block declared.
pub struct Gen<'a> {
    pub b: Builder<'a>,
    ubo: Handle<Variable>,
    members: HashMap<String, u32>,
}

impl<'a> Gen<'a> {
    /// Starts `main` of `shader` with the uniform block `uniforms` (name, vec4 count) at
    /// `offsets`, set 0 binding 0 as docs/conventions.md has it.
    pub fn new(shader: &'a mut Shader, uniforms: &[(String, u32)], offsets: &[u32]) -> Self {
        let mut b = Builder::main(shader);
        let vec4 = b.value_type_handle(ValueType::VEC4);
        let mut members = Vec::new();
        let mut index = HashMap::new();
        for (i, ((name, count), offset)) in uniforms.iter().zip(offsets).enumerate() {
            let ty = b.array_type(vec4, Some(*count), Some(16));
            members.push(StructMember { name: name.clone(), ty, offset: Some(*offset), matrix_stride: None, row_major: false });
            index.insert(name.clone(), i as u32);
        }
        let block = b.ty(Type::Struct { name: "gl_DefaultUniformBlock".into(), members });
        let ubo = b.variable(Variable::new("gl_DefaultUniformBlock", block, VariableMode::Ubo).with_binding(0, 0));
        Gen { b, ubo, members: index }
    }

    /// Whether the block has uniform `name`: the generators read what the key asked for
    /// from the block's list.
    pub fn has_uniform(&self, name: &str) -> bool {
        self.members.contains_key(name)
    }

    /// vec4 `i` of uniform `name` (zero when the program has no such uniform).
    pub fn uniform(&mut self, name: &str, i: u32) -> Value {
        let Some(&member) = self.members.get(name) else { return self.vec4([0.0; 4]) };
        let block = self.b.deref_var(self.ubo);
        let m = self.b.deref_struct(block, member);
        let e = self.b.deref_array_imm(m, i);
        self.b.load_deref(e)
    }

    /// vec4 `index` (an int value) of uniform `name`, for programs that index arrays at
    /// run time; the caller keeps `index` in range.
    pub fn uniform_indexed(&mut self, name: &str, index: Value) -> Value {
        let Some(&member) = self.members.get(name) else { return self.vec4([0.0; 4]) };
        let block = self.b.deref_var(self.ubo);
        let m = self.b.deref_struct(block, member);
        let e = self.b.deref_array(m, index);
        self.b.load_deref(e)
    }

    /// `matrix * v` for a matrix uniform of `columns` vec4 columns starting at vec4 `first`;
    /// `v` has `columns` components.
    pub fn mat_mul(&mut self, name: &str, first: u32, columns: u32, v: Value) -> Value {
        let mut acc: Option<Value> = None;
        for c in 0..columns {
            let col = self.uniform(name, first + c);
            let col = if columns == 3 { self.b.swizzle(col, &[0, 1, 2]) } else { col };
            let s = self.b.channel(v, c as u8);
            let s = self.b.splat(s, columns as u8);
            acc = Some(match acc {
                None => self.mul(col, s),
                Some(a) => self.b.alu(AluOp::Ffma, &[col, s, a]),
            });
        }
        acc.expect("a matrix has columns")
    }

    /// A vertex input at `location`, read as vec4.
    pub fn input(&mut self, name: &str, location: u32, interpolation: Interpolation) -> Value {
        let ty = self.b.value_type_handle(ValueType::VEC4);
        let var = self.b.variable(Variable::new(name, ty, VariableMode::ShaderIn).with_location(location).with_interpolation(interpolation));
        self.b.load_var(var)
    }

    /// Writes a vec4 output at `location`.
    pub fn output(&mut self, name: &str, location: u32, interpolation: Interpolation, value: Value) {
        let ty = self.b.value_type_handle(ValueType::VEC4);
        let var = self.b.variable(Variable::new(name, ty, VariableMode::ShaderOut).with_location(location).with_interpolation(interpolation));
        self.b.store_var(var, value);
    }

    pub fn f(&mut self, v: f32) -> Value {
        self.b.imm_f32(v)
    }
    pub fn vec4(&mut self, v: [f32; 4]) -> Value {
        self.b.imm_vec(&v)
    }
    pub fn vec3(&mut self, v: [f32; 3]) -> Value {
        self.b.imm_vec(&v)
    }
    pub fn add(&mut self, a: Value, b: Value) -> Value {
        self.b.alu(AluOp::Fadd, &[a, b])
    }
    pub fn sub(&mut self, a: Value, b: Value) -> Value {
        self.b.alu(AluOp::Fsub, &[a, b])
    }
    pub fn mul(&mut self, a: Value, b: Value) -> Value {
        self.b.alu(AluOp::Fmul, &[a, b])
    }
    pub fn div(&mut self, a: Value, b: Value) -> Value {
        self.b.alu(AluOp::Fdiv, &[a, b])
    }
    pub fn max(&mut self, a: Value, b: Value) -> Value {
        self.b.alu(AluOp::Fmax, &[a, b])
    }
    pub fn dot(&mut self, a: Value, b: Value) -> Value {
        self.b.alu(AluOp::Fdot, &[a, b])
    }
    pub fn normalize(&mut self, a: Value) -> Value {
        self.b.alu(AluOp::Fnormalize, &[a])
    }
    pub fn sat(&mut self, a: Value) -> Value {
        self.b.alu(AluOp::Fsat, &[a])
    }
    /// `a * s` for a vector `a` and a scalar `s`.
    pub fn scale(&mut self, a: Value, s: Value) -> Value {
        let n = self.b.type_of(a).components;
        let s = self.b.splat(s, n);
        self.mul(a, s)
    }
    pub fn xyz(&mut self, a: Value) -> Value {
        self.b.swizzle(a, &[0, 1, 2])
    }
    pub fn x(&mut self, a: Value) -> Value {
        self.b.channel(a, 0)
    }
    pub fn w(&mut self, a: Value) -> Value {
        self.b.channel(a, 3)
    }
    /// vec4(rgb, a).
    pub fn rgb_a(&mut self, rgb: Value, a: Value) -> Value {
        let r = self.b.channel(rgb, 0);
        let g = self.b.channel(rgb, 1);
        let bl = self.b.channel(rgb, 2);
        self.b.compose(&[r, g, bl, a])
    }
    /// `cond ? t : f` with a scalar condition, for scalars and vectors alike.
    pub fn select(&mut self, cond: Value, t: Value, f: Value) -> Value {
        let n = self.b.type_of(t).components;
        let cond = if n > 1 { self.b.splat(cond, n) } else { cond };
        self.b.select(cond, t, f)
    }
    pub fn lt(&mut self, a: Value, b: Value) -> Value {
        self.b.alu(AluOp::Flt, &[a, b])
    }
    pub fn ge(&mut self, a: Value, b: Value) -> Value {
        self.b.alu(AluOp::Fge, &[a, b])
    }
    pub fn eq(&mut self, a: Value, b: Value) -> Value {
        self.b.alu(AluOp::Feq, &[a, b])
    }
    /// `x^y` for `x >= 0`, with GL's 0^0 = 1.
    pub fn pow(&mut self, x: Value, y: Value) -> Value {
        let tiny = self.f(1e-30);
        let safe = self.max(x, tiny);
        let p = self.b.alu(AluOp::Fpow, &[safe, y]);
        let zero = self.f(0.0);
        let one = self.f(1.0);
        let y_zero = self.eq(y, zero);
        self.select(y_zero, one, p)
    }
}
