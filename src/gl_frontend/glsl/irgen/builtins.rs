//! Built-in functions lowered to nir_like ALU and texture instructions.

use super::{Gen, GResult, Place, Rv};
use crate::ast::Expr;
use crate::sema::builtins::Signature;
use crate::sema::types::{Scalar, Type as SType};
use nir_like::{AluOp as A, TexOp, TexSrcKind, Value, ValueType};

/// Component-wise float ops of one, two or three operands, by GLSL name.
fn float_op(name: &str) -> Option<A> {
    Some(match name {
        "radians" => A::Fradians,
        "degrees" => A::Fdegrees,
        "sin" => A::Fsin,
        "cos" => A::Fcos,
        "tan" => A::Ftan,
        "asin" => A::Fasin,
        "acos" => A::Facos,
        "sinh" => A::Fsinh,
        "cosh" => A::Fcosh,
        "tanh" => A::Ftanh,
        "asinh" => A::Fasinh,
        "acosh" => A::Facosh,
        "atanh" => A::Fatanh,
        "pow" => A::Fpow,
        "exp" => A::Fexp,
        "log" => A::Flog,
        "exp2" => A::Fexp2,
        "log2" => A::Flog2,
        "sqrt" => A::Fsqrt,
        "inversesqrt" => A::Frsq,
        "abs" => A::Fabs,
        "sign" => A::Fsign,
        "floor" => A::Ffloor,
        "trunc" => A::Ftrunc,
        "round" => A::Fround,
        "roundEven" => A::FroundEven,
        "ceil" => A::Fceil,
        "fract" => A::Ffract,
        "mod" => A::Fmod,
        "min" => A::Fmin,
        "max" => A::Fmax,
        "clamp" => A::Fclamp,
        "mix" => A::Fmix,
        "step" => A::Fstep,
        "smoothstep" => A::Fsmoothstep,
        "fma" => A::Ffma,
        "dFdx" => A::Fddx,
        "dFdy" => A::Fddy,
        "fwidth" => A::Fwidth,
        "dFdxFine" => A::FddxFine,
        "dFdyFine" => A::FddyFine,
        "dFdxCoarse" => A::FddxCoarse,
        "dFdyCoarse" => A::FddyCoarse,
        "normalize" => A::Fnormalize,
        "faceforward" => A::Ffaceforward,
        "reflect" => A::Freflect,
        "cross" => A::Fcross,
        "ldexp" => A::Ldexp,
        _ => return None,
    })
}

impl Gen<'_, '_> {
    fn arg_values(&mut self, sig: &Signature, args: &[Expr]) -> GResult<Vec<Rv>> {
        let mut out = Vec::new();
        for ((pt, _), a) in sig.params.iter().zip(args) {
            let v = self.rvalue(a)?;
            out.push(self.convert_rv(v, &self.ty_of(a), pt)?);
        }
        Ok(out)
    }

    fn values(&mut self, rvs: &[Rv]) -> GResult<Vec<Value>> {
        rvs.iter()
            .map(|r| match r {
                Rv::V(v) => Ok(*v),
                _ => self.unsupported("this built-in on matrices"),
            })
            .collect()
    }

    /// Splats scalar operands to the component count of the result.
    pub(super) fn widen(&mut self, vals: &[Value], n: u8) -> Vec<Value> {
        vals.iter().map(|v| if self.b.type_of(*v).components == 1 && n > 1 { self.b.splat(*v, n) } else { *v }).collect()
    }

    pub(super) fn builtin_call(&mut self, name: &str, sig: &Signature, args: &[Expr]) -> GResult<Rv> {
        if name == "ftransform" {
            // The fixed-function transform: gl_ModelViewProjectionMatrix * gl_Vertex.
            let (matrix, matrix_ty) = self.load_global("gl_ModelViewProjectionMatrix")?;
            let (vertex, vertex_ty) = self.load_global("gl_Vertex")?;
            return self.arith(crate::ast::BinaryOp::Mul, matrix, &matrix_ty, vertex, &vertex_ty, &sig.ret);
        }
        if name.starts_with("texture") || name.starts_with("shadow") || name.starts_with("texelFetch") {
            return self.texture_call(name, sig, args);
        }
        if let Some(rv) = self.geometry_call(name, args)? {
            return Ok(rv);
        }
        if let Some(rv) = self.interpolation_call(name, args)? {
            return Ok(rv);
        }
        if let Some(rv) = self.atomic_counter_call(name, args)? {
            return Ok(rv);
        }
        if let Some(rv) = self.memory_call(name, sig, args)? {
            return Ok(rv);
        }
        if let Some(rv) = self.image_call(name, sig, args)? {
            return Ok(rv);
        }
        let rvs = self.arg_values(sig, args)?;
        if let Some(rv) = self.matrix_call(name, &rvs)? {
            return Ok(rv);
        }
        let vals = self.values(&rvs)?;
        if let Some(rv) = self.bits_builtin(name, sig, args, &vals)? {
            return Ok(rv);
        }
        let ret_n = sig.ret.vector_size().max(1);
        let first = sig.params.first().and_then(|p| p.0.scalar());
        let int = first.is_some_and(|s| s.is_integer());
        let unsigned = matches!(first, Some(Scalar::Uint | Scalar::Uint64));
        let v = match name {
            "helperInvocationEXT" => self.b.intrinsic(nir_like::IntrinsicOp::IsHelperInvocation, &[], Some(ValueType::BOOL)),
            "atan" if vals.len() == 2 => self.b.alu(A::Fatan2, &vals),
            "atan" => self.b.alu(A::Fatan, &vals),
            "abs" if int => self.b.alu(A::Iabs, &vals),
            "sign" if int => self.b.alu(A::Isign, &vals),
            "min" | "max" | "clamp" if int => {
                let w = self.widen(&vals, ret_n);
                let op = match (name, unsigned) {
                    ("min", false) => A::Imin,
                    ("min", true) => A::Umin,
                    ("max", false) => A::Imax,
                    ("max", true) => A::Umax,
                    ("clamp", false) => A::Iclamp,
                    _ => A::Uclamp,
                };
                self.b.alu(op, &w)
            }
            "mix" if sig.params.get(2).is_some_and(|p| p.0.scalar() == Some(Scalar::Bool)) => {
                let w = self.widen(&vals, ret_n);
                self.b.alu(A::Bcsel, &[w[2], w[1], w[0]])
            }
            "step" => {
                let w = self.widen(&vals, ret_n);
                self.b.alu(A::Fstep, &w)
            }
            "smoothstep" => {
                let w = self.widen(&vals, ret_n);
                self.b.alu(A::Fsmoothstep, &w)
            }
            "dot" => self.b.fdot(vals[0], vals[1]),
            "length" => self.b.flength(vals[0]),
            "distance" => self.b.alu(A::Fdistance, &vals),
            "refract" => self.b.alu(A::Frefract, &vals),
            "lessThan" | "lessThanEqual" | "greaterThan" | "greaterThanEqual" | "equal" | "notEqual" => {
                let op = match name {
                    "lessThan" => crate::ast::BinaryOp::Less,
                    "lessThanEqual" => crate::ast::BinaryOp::LessEq,
                    "greaterThan" => crate::ast::BinaryOp::Greater,
                    "greaterThanEqual" => crate::ast::BinaryOp::GreaterEq,
                    "equal" => crate::ast::BinaryOp::Equal,
                    _ => crate::ast::BinaryOp::NotEqual,
                };
                self.compare(op, vals[0], vals[1])
            }
            "any" => self.b.bany(vals[0]),
            "all" => self.b.ball(vals[0]),
            "not" => self.b.bnot(vals[0]),
            "isnan" => self.b.alu(A::Fisnan, &vals),
            "truncate" => self.b.alu(A::Ftrunc, &vals),
            "floatBitsToInt" | "floatBitsToUint" | "intBitsToFloat" | "uintBitsToFloat" => {
                let vt = super::types::value_type(&sig.ret).ok_or("bitcast")?;
                self.b.bitcast(vals[0], vt)
            }
            _ => match float_op(name) {
                Some(op) => {
                    let w = if matches!(name, "normalize" | "faceforward" | "reflect" | "cross") { vals.clone() } else { self.widen(&vals, ret_n) };
                    self.b.alu(op, &w)
                }
                None => return self.unsupported(&format!("the built-in function `{}'", name)),
            },
        };
        Ok(if sig.ret == SType::Void { Rv::None } else { Rv::V(v) })
    }

    /// Built-ins taking or returning matrices, column by column; `None` for the others.
    fn matrix_call(&mut self, name: &str, rvs: &[Rv]) -> GResult<Option<Rv>> {
        Ok(Some(match (name, rvs) {
            ("matrixCompMult", [Rv::M(a), Rv::M(b)]) => {
                Rv::M(a.iter().zip(b).map(|(x, y)| self.b.alu(A::Fmul, &[*x, *y])).collect())
            }
            ("outerProduct", [Rv::V(c), Rv::V(r)]) => {
                // Column j is c scaled by r[j].
                let n = self.b.type_of(*c).components;
                let m = self.b.type_of(*r).components;
                Rv::M((0..m).map(|j| {
                    let rj = self.b.channel(*r, j);
                    let rj = self.b.splat(rj, n);
                    self.b.alu(A::Fmul, &[*c, rj])
                }).collect())
            }
            ("transpose", [Rv::M(a)]) => {
                let rows = self.b.type_of(a[0]).components;
                Rv::M((0..rows).map(|r| {
                    let parts: Vec<Value> = a.iter().map(|col| self.b.channel(*col, r)).collect();
                    self.b.compose(&parts)
                }).collect())
            }
            ("determinant", [Rv::M(a)]) => Rv::V(self.determinant(a)),
            ("inverse", [Rv::M(a)]) => Rv::M(self.inverse(a)),
            _ => return Ok(None),
        }))
    }

    /// The adjugate divided by the determinant: element (column c, row r) of the inverse
    /// is the cofactor of (column r, row c) over det.
    fn inverse(&mut self, cols: &[Value]) -> Vec<Value> {
        let n = cols.len();
        let det = self.determinant(cols);
        let elem_ty = self.b.type_of(det);
        let one = self.b.imm_splat(elem_ty, 1.0);
        let inv_det = self.b.alu(A::Fdiv, &[one, det]);
        if n == 1 {
            return vec![inv_det];
        }
        let mut out = Vec::new();
        for c in 0..n {
            let mut parts = Vec::new();
            for r in 0..n {
                // Minor without column r and row c.
                let minor: Vec<Value> = (0..n)
                    .filter(|x| *x != r)
                    .map(|mc| {
                        let rows: Vec<Value> = (0..n).filter(|x| *x != c).map(|mr| self.b.channel(cols[mc], mr as u8)).collect();
                        if rows.len() == 1 { rows[0] } else { self.b.compose(&rows) }
                    })
                    .collect();
                let m = self.determinant(&minor);
                let m = if (r + c) % 2 == 1 { self.b.alu(A::Fneg, &[m]) } else { m };
                parts.push(self.b.alu(A::Fmul, &[m, inv_det]));
            }
            out.push(self.b.compose(&parts));
        }
        out
    }

    /// Cofactor expansion along the first column (matrices are at most 4x4).
    fn determinant(&mut self, cols: &[Value]) -> Value {
        let n = cols.len();
        let at = |g: &mut Self, c: usize, r: usize| g.b.channel(cols[c], r as u8);
        if n == 1 {
            return if self.b.type_of(cols[0]).components == 1 { cols[0] } else { at(self, 0, 0) };
        }
        if n == 2 {
            let (a, b, c, d) = (at(self, 0, 0), at(self, 0, 1), at(self, 1, 0), at(self, 1, 1));
            let ad = self.b.alu(A::Fmul, &[a, d]);
            let bc = self.b.alu(A::Fmul, &[c, b]);
            return self.b.alu(A::Fsub, &[ad, bc]);
        }
        let mut acc: Option<Value> = None;
        for r in 0..n {
            // The minor without column 0 and row r.
            let minor: Vec<Value> = (1..n)
                .map(|c| {
                    let parts: Vec<Value> = (0..n).filter(|x| *x != r).map(|x| at(self, c, x)).collect();
                    self.b.compose(&parts)
                })
                .collect();
            let m = self.determinant(&minor);
            let e = at(self, 0, r);
            let t = self.b.alu(A::Fmul, &[e, m]);
            acc = Some(match acc {
                None => t,
                Some(a) if r % 2 == 1 => self.b.alu(A::Fsub, &[a, t]),
                Some(a) => self.b.alu(A::Fadd, &[a, t]),
            });
        }
        acc.expect("at least one row")
    }

    fn texture_call(&mut self, name: &str, sig: &Signature, args: &[Expr]) -> GResult<Rv> {
        let sampler_name = match sig.params.first().map(|p| &p.0) {
            Some(SType::Opaque(n)) => n.to_string(),
            _ => return self.unsupported(&format!("`{}'", name)),
        };
        let p = self.place(&args[0])?;
        let Place { deref: tex, .. } = p;
        let mut vals = Vec::new();
        for ((pt, _), a) in sig.params.iter().zip(args).skip(1) {
            // textureGatherOffsets' offset array is a constant expression, read where it is used.
            if matches!(pt, SType::Array(..)) {
                continue;
            }
            let v = self.rvalue(a)?;
            match self.convert_rv(v, &self.ty_of(a), pt)? {
                Rv::V(v) => vals.push(v),
                _ => return self.unsupported("texture arguments of this type"),
            }
        }
        let shadow = sampler_name.ends_with("Shadow");
        let arrayed = sampler_name.contains("Array");
        let result_ty = super::types::value_type(&sig.ret).unwrap_or(ValueType::VEC4);
        let proj = name.contains("Proj");
        let lod = name.contains("Lod");
        let grad = name.contains("Grad");
        let offset = name.contains("Offset");
        let fetch = name.starts_with("texelFetch");
        let size = name.starts_with("textureSize");
        if let Some(rv) = self.texture_query_or_gather(name, args, tex, &vals, shadow, result_ty)? {
            return Ok(rv);
        }
        if size {
            let lod = match vals.first() {
                Some(l) => *l,
                None => self.b.imm_i32(0),
            };
            let v = self.b.tex(TexOp::Txs, tex, &[(TexSrcKind::Lod, lod)], result_ty);
            return Ok(Rv::V(v));
        }
        let Some(&first) = vals.first() else {
            return self.unsupported(&format!("`{}' without coordinates", name));
        };
        let mut coord = first;
        let coord_n = self.b.type_of(coord).components;
        let dim_n = match sampler_name.trim_start_matches(['i', 'u']).trim_start_matches("sampler") {
            d if d.starts_with("1D") => 1,
            d if d.starts_with("3D") || d.starts_with("Cube") => 3,
            d if d.starts_with("Buffer") => 1,
            _ => 2,
        } + arrayed as u8;
        // Arguments after the coordinate, in GLSL's order.
        let mut rest = vals[1..].iter().copied();
        if fetch {
            let mut srcs = vec![(TexSrcKind::Coord, coord)];
            let multisampled = sampler_name.contains("MS");
            if !sampler_name.contains("Rect") && !sampler_name.contains("Buffer") {
                if let Some(l) = rest.next() {
                    srcs.push((if multisampled { TexSrcKind::MsIndex } else { TexSrcKind::Lod }, l));
                }
            }
            if offset {
                if let Some(o) = rest.next() {
                    srcs.push((TexSrcKind::Offset, o));
                }
            }
            let op = if multisampled { TexOp::TxfMs } else { TexOp::Txf };
            return Ok(Rv::V(self.b.tex(op, tex, &srcs, result_ty)));
        }
        let mut comparator = None;
        if proj {
            // Divide by the last component; shadow lookups keep the reference in z.
            let q = self.b.channel(coord, coord_n - 1);
            let q = self.b.splat(q, coord_n);
            let divided = self.b.fdiv(coord, q);
            let take: Vec<u8> = (0..dim_n).collect();
            if shadow {
                comparator = Some(self.b.channel(divided, 2));
            }
            coord = if take.len() == 1 { self.b.channel(divided, 0) } else { self.b.swizzle(divided, &take) };
        } else if shadow && coord_n > dim_n {
            comparator = Some(self.b.channel(coord, dim_n));
            let take: Vec<u8> = (0..dim_n).collect();
            coord = if take.len() == 1 { self.b.channel(coord, 0) } else { self.b.swizzle(coord, &take) };
        } else if shadow {
            comparator = rest.next();
        }
        let mut srcs = vec![(TexSrcKind::Coord, coord)];
        if let Some(c) = comparator {
            srcs.push((TexSrcKind::Comparator, c));
        }
        let mut op = TexOp::Tex;
        if lod {
            srcs.push((TexSrcKind::Lod, rest.next().ok_or("lod argument")?));
            op = TexOp::Txl;
        }
        if grad {
            srcs.push((TexSrcKind::Ddx, rest.next().ok_or("gradient argument")?));
            srcs.push((TexSrcKind::Ddy, rest.next().ok_or("gradient argument")?));
            op = TexOp::Txd;
        }
        if offset {
            srcs.push((TexSrcKind::Offset, rest.next().ok_or("offset argument")?));
        }
        if let Some(b) = rest.next() {
            srcs.push((TexSrcKind::Bias, b));
            op = TexOp::Txb;
        }
        // Only fragment shaders have implicit derivatives: elsewhere sample level 0.
        if op == TexOp::Tex && self.stage != crate::options::Stage::Fragment {
            let zero = self.b.imm_f32(0.0);
            srcs.push((TexSrcKind::Lod, zero));
            op = TexOp::Txl;
        }
        let ty = if shadow { ValueType::F32 } else { result_ty };
        let v = self.b.tex(op, tex, &srcs, ty);
        // Legacy shadow functions return vec4.
        let v = if shadow && result_ty.components == 4 { self.b.splat(v, 4) } else { v };
        Ok(Rv::V(v))
    }
}

impl Gen<'_, '_> {
    /// The value of a global variable the shader did not name itself (ftransform's inputs).
    fn load_global(&mut self, name: &str) -> GResult<(Rv, SType)> {
        let (binding, ty) = self.lookup(name)?;
        let deref = match binding {
            super::Binding::Var(v) => self.b.deref_var(v),
            super::Binding::Member(v, i) => {
                let d = self.b.deref_var(v);
                self.b.deref_struct(d, i)
            }
            _ => return self.unsupported(&format!("`{name}' as a local")),
        };
        let rv = self.load(&Place { deref, ty: ty.clone(), swizzle: None })?;
        Ok((rv, ty))
    }
}
