//! Type checking and constant folding of expressions.

use super::builtins::{ParamDir, Signature};
use super::constant::{ConstValue, Lit};
use super::types::{Scalar, Type};
use super::Checker;
use crate::ast::*;
use crate::diagnostics::SourceLoc;

/// What checking an expression yields.
pub struct Typed {
    pub ty: Type,
    pub constant: Option<ConstValue>,
    /// `Ok` when assignable; otherwise why not.
    pub lvalue: Result<(), String>,
}

impl Typed {
    fn rvalue(ty: Type, constant: Option<ConstValue>) -> Typed {
        Typed { ty, constant, lvalue: Err("not an l-value".into()) }
    }

    fn error() -> Typed {
        Typed { ty: Type::Error, constant: None, lvalue: Ok(()) }
    }
}

/// Converts a constant to the scalar type of `ty` (component-wise).
pub fn convert_const(c: ConstValue, ty: &Type) -> ConstValue {
    match ty.scalar() {
        Some(s) if c.ty.scalar().is_some() => ConstValue { ty: ty.clone(), comps: c.comps.into_iter().map(|v| v.convert(s)).collect() },
        _ => c,
    }
}


impl Checker<'_> {
    pub(crate) fn expr(&mut self, e: &Expr) -> Typed {
        let t = self.expr_inner(e);
        if let Some(slot) = self.interface.expr_types.get_mut(e.id as usize) {
            *slot = t.ty.clone();
        }
        if let Some(c) = &t.constant {
            self.interface.expr_constants.insert(e.id, c.clone());
        }
        t
    }

    fn expr_inner(&mut self, e: &Expr) -> Typed {
        let not_read = std::mem::take(&mut self.not_read);
        match &e.kind {
            ExprKind::Int(v) => Typed::rvalue(Type::INT, Some(ConstValue::scalar(Type::INT, Lit::I(*v as u32 as i32 as i64)))),
            ExprKind::Uint(v) => Typed::rvalue(Type::UINT, Some(ConstValue::scalar(Type::UINT, Lit::U(*v)))),
            ExprKind::Int64(v) => {
                let t = Type::Scalar(Scalar::Int64);
                Typed::rvalue(t.clone(), Some(ConstValue::scalar(t, Lit::I(*v as i64))))
            }
            ExprKind::Uint64(v) => {
                let t = Type::Scalar(Scalar::Uint64);
                Typed::rvalue(t.clone(), Some(ConstValue::scalar(t, Lit::U(*v))))
            }
            ExprKind::Float(v) => Typed::rvalue(Type::FLOAT, Some(ConstValue::scalar(Type::FLOAT, Lit::F(*v as f32 as f64)))),
            ExprKind::Double(v) => {
                let t = Type::Scalar(Scalar::Double);
                Typed::rvalue(t.clone(), Some(ConstValue::scalar(t, Lit::F(*v))))
            }
            ExprKind::Bool(b) => Typed::rvalue(Type::BOOL, Some(ConstValue::scalar(Type::BOOL, Lit::B(*b)))),
            ExprKind::Ident(name) => match self.lookup_var(name) {
                Some(v) if v.builtin && name == "gl_WorkGroupSize" && self.local_size.is_none() => {
                    // Its value is the declared local size: using it before (or without)
                    // `layout(local_size_*) in;` is an error.
                    let t = Typed::rvalue(v.ty.clone(), None);
                    self.error(e.loc, "gl_WorkGroupSize used before the local size is declared");
                    t
                }
                Some(v) if self.is_global(name) => {
                    let lvalue = if v.read_only { Err(format!("`{}' is read-only", name)) } else { Ok(()) };
                    let t = Typed { ty: v.ty.clone(), constant: v.constant.clone(), lvalue };
                    if !not_read && self.writeonly_globals.contains(name) {
                        self.error(e.loc, format!("`{}' is writeonly and cannot be read", name));
                    }
                    self.interface.static_uses.insert(name.clone());
                    t
                }
                Some(v) => {
                    let lvalue = if v.read_only { Err(format!("`{}' is read-only", name)) } else { Ok(()) };
                    Typed { ty: v.ty.clone(), constant: v.constant.clone(), lvalue }
                }
                None => {
                    if self.lookup_struct(name).is_some() {
                        self.error(e.loc, format!("`{}' is a type, not a variable", name));
                    } else {
                        self.error(e.loc, format!("`{}' undeclared", name));
                    }
                    Typed::error()
                }
            },
            ExprKind::Unary(op, a) => self.unary(*op, a, e.loc),
            ExprKind::Binary(op, a, b) => {
                let l = self.expr(a);
                let r = self.expr(b);
                self.binary(*op, l, r, e.loc)
            }
            ExprKind::Assign(op, a, b) => {
                // `x = v` only stores to x; `x += v` reads it too.
                self.not_read = op.is_none();
                let l = self.expr(a);
                let r = self.expr(b);
                self.check_tcs_output_write(a);
                if l.ty.is_error() || r.ty.is_error() {
                    return Typed::error();
                }
                if let Err(why) = &l.lvalue {
                    self.error(a.loc, format!("assignment to a non-l-value: {}", why));
                    return Typed::error();
                }
                if l.ty.is_array() && ((self.is_es() && self.version() < 300) || (!self.is_es() && self.version() < 120)) {
                    self.error(a.loc, "arrays cannot be assigned in this version");
                    return Typed::error();
                }
                if l.ty.contains_opaque() {
                    self.error(a.loc, "opaque variables cannot be assigned");
                    return Typed::error();
                }
                let lty = l.ty.clone();
                let value_ty = match op {
                    None => r.ty.clone(),
                    Some(bop) => {
                        let res = self.binary(*bop, Typed::rvalue(l.ty.clone(), None), r, e.loc);
                        if res.ty.is_error() {
                            return Typed::error();
                        }
                        res.ty
                    }
                };
                if matches!(&lty, Type::Array(_, None)) {
                    self.error(e.loc, "unsized arrays cannot be assigned");
                }
                if !self.converts(&value_ty, &lty) {
                    self.error(e.loc, format!("cannot assign a value of type {} to a variable of type {}", value_ty, lty));
                    return Typed::error();
                }
                if lty.is_array() && !self.is_es() && self.version() < 120 {
                    self.error(e.loc, "arrays cannot be assigned in GLSL 1.10");
                }
                Typed::rvalue(lty, None)
            }
            ExprKind::Ternary(c, a, b) => {
                let ct = self.expr(c);
                if !ct.ty.is_error() && ct.ty != Type::BOOL {
                    self.error(c.loc, "the condition of `?:' must be a scalar boolean");
                }
                let at = self.expr(a);
                let bt = self.expr(b);
                if at.ty.is_error() || bt.ty.is_error() {
                    return Typed::error();
                }
                if at.ty.contains_opaque() || bt.ty.contains_opaque() {
                    self.error(e.loc, "`?:' cannot select opaque values");
                    return Typed::error();
                }
                let ty = if self.converts(&bt.ty, &at.ty) {
                    at.ty.clone()
                } else if self.converts(&at.ty, &bt.ty) {
                    bt.ty.clone()
                } else {
                    self.error(e.loc, format!("the operands of `?:' have different types {} and {}", at.ty, bt.ty));
                    return Typed::error();
                };
                if ty.is_array() && !self.is_es() && self.version() < 120 {
                    self.error(e.loc, "`?:' cannot select arrays in GLSL 1.10");
                    return Typed::error();
                }
                if ty.is_array() && self.is_es() && self.version() < 300 {
                    self.error(e.loc, "`?:' cannot select arrays in GLSL ES 1.00");
                }
                let constant = match (&ct.constant, at.constant, bt.constant) {
                    (Some(c), Some(x), Some(y)) => Some(convert_const(if c.comps[0].as_bool() { x } else { y }, &ty)),
                    _ => None,
                };
                Typed::rvalue(ty, constant)
            }
            ExprKind::Comma(a, b) => {
                self.expr(a);
                let r = self.expr(b);
                // ESSL 3.00 and later do not count the sequence operator as constant.
                let c = if self.es_at_least(300) { None } else { r.constant };
                Typed::rvalue(r.ty, c)
            }
            // The array or structure itself is read only where the whole expression is.
            ExprKind::Index(a, i) => {
                self.not_read = not_read;
                self.index(a, i, e.loc)
            }
            ExprKind::Field(a, name) => {
                self.not_read = not_read;
                let t = self.field(a, name, e.loc);
                if !not_read {
                    self.check_writeonly_member_read(a, name, e.loc);
                }
                t
            }
            ExprKind::Call { callee, args } => self.call(callee, args, e.loc, e.id),
        }
    }

    fn unary(&mut self, op: UnaryOp, a: &Expr, loc: SourceLoc) -> Typed {
        let t = self.expr(a);
        if t.ty.is_error() {
            return Typed::error();
        }
        match op {
            UnaryOp::Plus | UnaryOp::Neg => {
                if !t.ty.is_numeric() {
                    self.error(loc, format!("operand of unary `{}' must be numeric", if op == UnaryOp::Neg { "-" } else { "+" }));
                    return Typed::error();
                }
                let c = t.constant.map(|c| {
                    if op == UnaryOp::Plus {
                        return c;
                    }
                    let wide = matches!(c.ty.scalar(), Some(Scalar::Int64 | Scalar::Uint64));
                    ConstValue {
                        ty: c.ty,
                        comps: c
                            .comps
                            .into_iter()
                            .map(|v| match v {
                                Lit::I(i) if wide => Lit::I(i.wrapping_neg()),
                                Lit::I(i) => Lit::I((i as i32).wrapping_neg() as i64),
                                Lit::U(u) if wide => Lit::U(u.wrapping_neg()),
                                Lit::U(u) => Lit::U((u as u32).wrapping_neg() as u64),
                                Lit::F(f) => Lit::F(-f),
                                b => b,
                            })
                            .collect(),
                    }
                });
                Typed::rvalue(t.ty, c)
            }
            UnaryOp::Not => {
                if t.ty != Type::BOOL {
                    self.error(loc, "operand of `!' must be a scalar boolean");
                    return Typed::error();
                }
                let c = t.constant.map(|c| ConstValue::scalar(Type::BOOL, Lit::B(!c.comps[0].as_bool())));
                Typed::rvalue(Type::BOOL, c)
            }
            UnaryOp::BitNot => {
                if !self.desktop_at_least(130) && !self.es_at_least(300) && !self.ext("GL_EXT_gpu_shader4") {
                    self.error(loc, "operator `~' needs GLSL 1.30 or GLSL ES 3.00");
                    return Typed::error();
                }
                if !t.ty.scalar().is_some_and(|s| s.is_integer()) || t.ty.is_matrix() {
                    self.error(loc, "operand of `~' must be an integer");
                    return Typed::error();
                }
                let c = t.constant.map(|c| ConstValue {
                    ty: c.ty,
                    comps: c.comps.into_iter().map(|v| match v { Lit::I(i) => Lit::I(!i), Lit::U(u) => Lit::U(!(u as u32) as u64), x => x }).collect(),
                });
                Typed::rvalue(t.ty, c)
            }
            UnaryOp::PreInc | UnaryOp::PreDec | UnaryOp::PostInc | UnaryOp::PostDec => {
                if !t.ty.is_numeric() {
                    self.error(loc, "operand of `++'/`--' must be numeric");
                    return Typed::error();
                }
                if let Err(why) = &t.lvalue {
                    self.error(loc, format!("operand of `++'/`--' must be an l-value: {}", why));
                    return Typed::error();
                }
                Typed::rvalue(t.ty, None)
            }
        }
    }

    /// The type arithmetic on `l` and `r` yields, after implicit conversion.
    fn arithmetic_result(&mut self, op: BinaryOp, l: &Type, r: &Type) -> Option<Type> {
        let (ls, rs) = (l.scalar()?, r.scalar()?);
        if ls == Scalar::Bool || rs == Scalar::Bool {
            return None;
        }
        let s = if ls == rs {
            ls
        } else if self.scalar_converts(ls, rs) {
            rs
        } else if self.scalar_converts(rs, ls) {
            ls
        } else {
            return None;
        };
        let l = l.with_scalar(s);
        let r = r.with_scalar(s);
        match (&l, &r) {
            (Type::Scalar(_), _) => Some(r.clone()),
            (_, Type::Scalar(_)) => Some(l.clone()),
            (Type::Vector(_, a), Type::Vector(_, b)) => (a == b).then(|| l.clone()),
            (Type::Matrix { cols, rows, double }, Type::Vector(_, n)) if op == BinaryOp::Mul => {
                (*cols == *n).then(|| Type::Vector(if *double { Scalar::Double } else { Scalar::Float }, *rows))
            }
            (Type::Vector(_, n), Type::Matrix { cols, rows, double }) if op == BinaryOp::Mul => {
                (*rows == *n).then(|| Type::Vector(if *double { Scalar::Double } else { Scalar::Float }, *cols))
            }
            (Type::Matrix { cols: c1, rows: r1, double }, Type::Matrix { cols: c2, rows: r2, .. }) => {
                if op == BinaryOp::Mul {
                    (c1 == r2).then(|| Type::Matrix { cols: *c2, rows: *r1, double: *double })
                } else {
                    (c1 == c2 && r1 == r2).then(|| l.clone())
                }
            }
            _ => None,
        }
    }

    pub(crate) fn binary(&mut self, op: BinaryOp, l: Typed, r: Typed, loc: SourceLoc) -> Typed {
        if l.ty.is_error() || r.ty.is_error() {
            return Typed::error();
        }
        use BinaryOp::*;
        let fail = |c: &mut Self| {
            c.error(loc, format!("operands of `{}' have incompatible types {} and {}", op.symbol(), l.ty, r.ty));
            Typed::error()
        };
        let integer_ops = self.desktop_at_least(130) || self.es_at_least(300) || self.ext("GL_EXT_gpu_shader4");
        match op {
            Add | Sub | Mul | Div => {
                let Some(ty) = self.arithmetic_result(op, &l.ty, &r.ty) else { return fail(self) };
                let c = fold_arith(op, &l.constant, &r.constant, &ty);
                if op == Div && c.is_none() {
                    if let (Some(_), Some(rc)) = (&l.constant, &r.constant) {
                        if ty.scalar().is_some_and(|s| s.is_integer()) && rc.comps.iter().any(|v| v.as_i64() == 0) {
                            self.diags.warning(loc, "division by zero");
                        }
                    }
                }
                Typed::rvalue(ty, c)
            }
            Mod | BitAnd | BitOr | BitXor => {
                if !integer_ops {
                    self.error(loc, format!("operator `{}' needs GLSL 1.30 or GLSL ES 3.00", op.symbol()));
                    return Typed::error();
                }
                if !l.ty.scalar().is_some_and(|s| s.is_integer()) || !r.ty.scalar().is_some_and(|s| s.is_integer()) || l.ty.is_matrix() || r.ty.is_matrix() {
                    return fail(self);
                }
                let Some(ty) = self.arithmetic_result(op, &l.ty, &r.ty) else { return fail(self) };
                let c = fold_arith(op, &l.constant, &r.constant, &ty);
                Typed::rvalue(ty, c)
            }
            Shl | Shr => {
                if !integer_ops {
                    self.error(loc, format!("operator `{}' needs GLSL 1.30 or GLSL ES 3.00", op.symbol()));
                    return Typed::error();
                }
                let ok = l.ty.scalar().is_some_and(|s| s.is_integer())
                    && r.ty.scalar().is_some_and(|s| s.is_integer())
                    && !l.ty.is_matrix()
                    && !r.ty.is_matrix()
                    && (r.ty.is_scalar() || r.ty.vector_size() == l.ty.vector_size());
                if !ok {
                    return fail(self);
                }
                let c = match (&l.constant, &r.constant) {
                    (Some(a), Some(b)) => {
                        let wide = matches!(l.ty.scalar(), Some(Scalar::Int64 | Scalar::Uint64));
                        let comps = (0..a.comps.len())
                            .map(|i| {
                                let sh = b.comps[i.min(b.comps.len() - 1)].as_i64() as u32;
                                match a.comps[i] {
                                    Lit::I(v) if wide => Lit::I(if op == Shl { v.wrapping_shl(sh) } else { v.wrapping_shr(sh) }),
                                    Lit::U(v) if wide => Lit::U(if op == Shl { v.wrapping_shl(sh) } else { v.wrapping_shr(sh) }),
                                    Lit::I(v) => Lit::I(if op == Shl { (v as i32).wrapping_shl(sh) as i64 } else { (v as i32).wrapping_shr(sh) as i64 }),
                                    Lit::U(v) => Lit::U(if op == Shl { (v as u32).wrapping_shl(sh) as u64 } else { (v as u32).wrapping_shr(sh) as u64 }),
                                    x => x,
                                }
                            })
                            .collect();
                        Some(ConstValue { ty: l.ty.clone(), comps })
                    }
                    _ => None,
                };
                Typed::rvalue(l.ty.clone(), c)
            }
            Less | Greater | LessEq | GreaterEq => {
                if !l.ty.is_scalar() || !r.ty.is_scalar() || !l.ty.is_numeric() || !r.ty.is_numeric() {
                    return fail(self);
                }
                if self.arithmetic_result(op, &l.ty, &r.ty).is_none() {
                    return fail(self);
                }
                let c = match (&l.constant, &r.constant) {
                    (Some(a), Some(b)) => {
                        let (x, y) = (a.comps[0].as_f64(), b.comps[0].as_f64());
                        let v = match op { Less => x < y, Greater => x > y, LessEq => x <= y, _ => x >= y };
                        Some(ConstValue::scalar(Type::BOOL, Lit::B(v)))
                    }
                    _ => None,
                };
                Typed::rvalue(Type::BOOL, c)
            }
            Equal | NotEqual => {
                let same = l.ty == r.ty || self.converts(&l.ty, &r.ty) || self.converts(&r.ty, &l.ty);
                if !same || l.ty.contains_opaque() || l.ty == Type::Void {
                    return fail(self);
                }
                if l.ty.contains_array() && (self.is_es() && self.version() < 300 || !self.is_es() && self.version() < 120) {
                    self.error(loc, "arrays cannot be compared in this version");
                    return Typed::error();
                }
                let c = match (&l.constant, &r.constant) {
                    (Some(a), Some(b)) if a.comps.len() == b.comps.len() => {
                        let eq = a.comps.iter().zip(&b.comps).all(|(x, y)| x.as_f64() == y.as_f64());
                        Some(ConstValue::scalar(Type::BOOL, Lit::B(if op == Equal { eq } else { !eq })))
                    }
                    _ => None,
                };
                Typed::rvalue(Type::BOOL, c)
            }
            LogicalAnd | LogicalOr | LogicalXor => {
                if l.ty != Type::BOOL || r.ty != Type::BOOL {
                    self.error(loc, format!("operands of `{}' must be scalar booleans", op.symbol()));
                    return Typed::error();
                }
                let c = match (&l.constant, &r.constant) {
                    (Some(a), Some(b)) => {
                        let (x, y) = (a.comps[0].as_bool(), b.comps[0].as_bool());
                        let v = match op { LogicalAnd => x && y, LogicalOr => x || y, _ => x != y };
                        Some(ConstValue::scalar(Type::BOOL, Lit::B(v)))
                    }
                    _ => None,
                };
                Typed::rvalue(Type::BOOL, c)
            }
        }
    }

    fn index(&mut self, a: &Expr, i: &Expr, loc: SourceLoc) -> Typed {
        let base = self.expr(a);
        let idx = self.expr(i);
        if base.ty.is_error() {
            return Typed::error();
        }
        if !idx.ty.is_error() && !matches!(idx.ty, Type::Scalar(Scalar::Int | Scalar::Uint)) {
            self.error(i.loc, "array index must be a scalar integer");
            return Typed::error();
        }
        let cidx = idx.constant.as_ref().and_then(|c| c.as_int());
        if let Some(n) = cidx {
            if n < 0 {
                self.error(i.loc, "array index out of bounds");
                return Typed::error();
            }
        }
        if let Type::Array(_, None) = &base.ty {
            // An implicitly sized array: constant indices size it, others are errors.
            if cidx.is_none() && !idx.ty.is_error() && !matches!(base.ty, Type::Array(ref e, _) if e.is_error()) && !self.per_vertex_input(a) && !self.in_storage_block(a) {
                self.error(i.loc, "unsized arrays can only be indexed with constant expressions");
                return Typed::error();
            }
            if let (Some(n), ExprKind::Field(inst, member)) = (cidx, &a.kind) {
                if let Some(Type::Block(st)) = self.interface.expr_types.get(inst.id as usize) {
                    let size = self.interface.implicit_member_sizes.entry((st.name.clone(), member.clone())).or_insert(0);
                    *size = (*size).max(n.min(i64::from(u32::MAX) - 1) as u32 + 1);
                }
            }
            if let (Some(n), ExprKind::Ident(name)) = (cidx, &a.kind) {
                if self.is_gs_user_input(name) {
                    self.gs_unsized_indices.push((n, i.loc));
                }
                if let Some(depth) = self.scope_depth_of(name) {
                    let e = self.unsized_indices.entry((depth, name.clone())).or_insert(n);
                    *e = (*e).max(n);
                }
                if name == "gl_TexCoord" && n >= 8 {
                    self.error(i.loc, "gl_TexCoord index exceeds gl_MaxTextureCoords");
                    return Typed::error();
                }
                if name == "gl_ClipDistance" && n >= 8 {
                    self.error(i.loc, "gl_ClipDistance index exceeds gl_MaxClipDistances");
                    return Typed::error();
                }
            }
        }
        let (elem, len) = match &base.ty {
            Type::Array(e, n) => ((**e).clone(), *n),
            Type::Vector(s, n) => (Type::Scalar(*s), Some(*n as u32)),
            Type::Matrix { cols, .. } => (base.ty.column().expect("matrix"), Some(*cols as u32)),
            _ => {
                self.error(loc, format!("cannot index a value of type {}", base.ty));
                return Typed::error();
            }
        };
        if let (Some(n), Some(len)) = (cidx, len) {
            if n as u64 >= len as u64 {
                self.error(i.loc, format!("index {} out of bounds (size {})", n, len));
                return Typed::error();
            }
        }
        // Arrays of atomic counters take any dynamically uniform index.
        let counters = crate::link_atomic::is_atomic_counter_type(&base.ty);
        // So do arrays of subroutine uniforms.
        let counters = counters || matches!(&base.ty, Type::Array(e, _) if matches!(&**e, Type::Opaque(t) if self.subroutine_types.contains_key(&**t)));
        if base.ty.is_opaque() && !counters && cidx.is_none() && (self.is_es() && self.version() < 320 && self.version() >= 300 || !self.is_es() && self.version() < 400 && !self.ext("GL_ARB_gpu_shader5")) {
            if self.is_es() || self.version() >= 130 {
                self.error(i.loc, "sampler arrays indexed with non-constant expressions are not allowed in this version");
            }
        }
        if cidx.is_none() && !idx.ty.is_error() && matches!(elem, Type::Block(_)) && self.is_uniform_block_array(a) {
            // GLSL 1.50 section 4.3.7 and ESSL 3.00 section 4.3.7; GLSL 4.00 and
            // ESSL 3.20 allow dynamically uniform indices.
            let dynamic = if self.is_es() {
                self.version() >= 320 || self.ext("GL_EXT_gpu_shader5") || self.ext("GL_OES_gpu_shader5")
            } else {
                self.version() >= 400 || self.ext("GL_ARB_gpu_shader5")
            };
            if !dynamic {
                self.error(i.loc, "uniform block arrays can only be indexed with constant integral expressions in this version");
                return Typed::error();
            }
        }
        let constant = match (&base.constant, cidx) {
            (Some(c), Some(n)) => {
                let w = elem.components().max(1) as usize;
                let start = n as usize * w;
                c.comps.get(start..start + w).map(|s| ConstValue { ty: elem.clone(), comps: s.to_vec() })
            }
            _ => None,
        };
        Typed { ty: elem, constant, lvalue: base.lvalue }
    }

    /// The type of a built-in member of an element of `gl_in[]` or `gl_out[]` while the
    /// shader has not redeclared gl_PerVertex (the elements are then typed loosely), so
    /// built-in calls and conversions see `gl_in[i].gl_Position` as the vec4 it is.
    fn per_vertex_member(&self, element: &Expr, member: &str) -> Option<Type> {
        let ExprKind::Index(array, _) = &element.kind else { return None };
        let ExprKind::Ident(array) = &array.kind else { return None };
        if !matches!(array.as_str(), "gl_in" | "gl_out") || !self.lookup_var(array).is_some_and(|v| v.builtin) {
            return None;
        }
        let float = || Type::Scalar(Scalar::Float);
        match member {
            "gl_Position" | "gl_ClipVertex" | "gl_FrontColor" | "gl_BackColor" | "gl_FrontSecondaryColor" | "gl_BackSecondaryColor" => Some(Type::Vector(Scalar::Float, 4)),
            "gl_PointSize" | "gl_FogFragCoord" => Some(float()),
            _ => None,
        }
    }

    /// Whether `e` names an array of uniform block instances.
    fn is_uniform_block_array(&self, e: &Expr) -> bool {
        let ExprKind::Ident(name) = &e.kind else { return false };
        self.lookup_var(name).is_some_and(|v| v.storage == Some(Storage::Uniform))
    }

    fn field(&mut self, a: &Expr, name: &str, loc: SourceLoc) -> Typed {
        let base = self.expr(a);
        match &base.ty {
            Type::Error => match self.per_vertex_member(a, name) {
                Some(ty) => Typed { ty, constant: None, lvalue: base.lvalue },
                None => Typed::error(),
            },
            Type::Struct(s) | Type::Block(s) => match s.members.iter().position(|(n, _)| n == name) {
                Some(i) => {
                    let ty = s.members[i].1.clone();
                    let constant = base.constant.as_ref().and_then(|c| {
                        let start: u32 = s.members[..i].iter().map(|(_, t)| t.components()).sum();
                        c.comps.get(start as usize..(start + ty.components()) as usize).map(|v| ConstValue { ty: ty.clone(), comps: v.to_vec() })
                    });
                    let readonly_member = matches!(base.ty, Type::Block(_)) && self.readonly_buffer_members.iter().any(|(b, m)| *b == s.name && m == name);
                    let lvalue = match base.lvalue {
                        Ok(()) if readonly_member => Err(format!("`{}' is a readonly member of `{}'", name, s.name)),
                        l => l,
                    };
                    Typed { ty, constant, lvalue }
                }
                None => {
                    self.error(loc, format!("`{}' has no member `{}'", s.name, name));
                    Typed::error()
                }
            },
            Type::Scalar(s) | Type::Vector(s, _) => {
                let s = *s;
                let size = base.ty.vector_size() as usize;
                let sets = ["xyzw", "rgba", "stpq"];
                let chars: Vec<char> = name.chars().collect();
                let set = sets.iter().find(|set| chars.iter().all(|c| set.contains(*c)));
                let Some(set) = set else {
                    self.error(loc, format!("invalid swizzle `{}'", name));
                    return Typed::error();
                };
                if chars.len() > 4 {
                    self.error(loc, format!("swizzle `{}' is too long", name));
                    return Typed::error();
                }
                let idx: Vec<usize> = chars.iter().map(|c| set.find(*c).expect("member of set")).collect();
                if idx.iter().any(|i| *i >= size) {
                    self.error(loc, format!("swizzle `{}' selects a component beyond the vector", name));
                    return Typed::error();
                }
                if base.ty.is_scalar() && !self.desktop_at_least(420) && !self.ext("GL_ARB_shading_language_420pack") {
                    self.error(loc, "swizzling a scalar needs GLSL 4.20");
                    return Typed::error();
                }
                let repeated = (0..idx.len()).any(|i| idx[..i].contains(&idx[i]));
                let lvalue = match base.lvalue {
                    Ok(()) if repeated => Err("swizzle with repeated components".to_string()),
                    l => l,
                };
                let ty = Type::vector(s, idx.len() as u8);
                let constant = base.constant.map(|c| ConstValue { ty: ty.clone(), comps: idx.iter().map(|i| c.comps[*i]).collect() });
                Typed { ty, constant, lvalue }
            }
            t => {
                self.error(loc, format!("cannot select `{}' from a value of type {}", name, t));
                Typed::error()
            }
        }
    }

    fn call(&mut self, callee: &Callee, args: &[Expr], loc: SourceLoc, id: u32) -> Typed {
        match callee {
            Callee::Method(obj, name) => {
                // length() reads no element.
                self.not_read = true;
                let o = self.expr(obj);
                if name != "length" {
                    self.error(loc, format!("unknown method `{}'", name));
                    return Typed::error();
                }
                if !args.is_empty() {
                    self.error(loc, "length() takes no arguments");
                }
                match &o.ty {
                    Type::Error => Typed::error(),
                    Type::Array(_, Some(n)) => {
                        if !self.is_es() && self.version() < 120 {
                            self.error(loc, "length() needs GLSL 1.20");
                        }
                        Typed::rvalue(Type::INT, Some(ConstValue::scalar(Type::INT, Lit::I(*n as i64))))
                    }
                    Type::Array(_, None) if matches!(&obj.kind, ExprKind::Ident(n) if self.is_gs_user_input(n)) => {
                        self.error(loc, "length() of a geometry shader input before the input layout gives its size");
                        Typed::error()
                    }
                    // GLSL 4.30 and ARB_shader_storage_buffer_object: the linker gives an
                    // implicitly sized array its size, so its length is known then.
                    Type::Array(_, None) if self.desktop_at_least(430) || self.ext("GL_ARB_shader_storage_buffer_object") => {
                        Typed::rvalue(Type::INT, None)
                    }
                    Type::Array(e, None) if !e.is_error() && self.plain_unsized(obj) => {
                        self.error(loc, "length() called on an unsized array");
                        Typed::error()
                    }
                    Type::Array(_, None) => Typed::rvalue(Type::INT, None),
                    Type::Vector(_, n) if self.desktop_at_least(420) || self.ext("GL_ARB_shading_language_420pack") => {
                        Typed::rvalue(Type::INT, Some(ConstValue::scalar(Type::INT, Lit::I(*n as i64))))
                    }
                    Type::Matrix { cols, .. } if self.desktop_at_least(420) || self.ext("GL_ARB_shading_language_420pack") => {
                        Typed::rvalue(Type::INT, Some(ConstValue::scalar(Type::INT, Lit::I(*cols as i64))))
                    }
                    t => {
                        self.error(loc, format!("length() called on a value of type {}", t));
                        Typed::error()
                    }
                }
            }
            Callee::Type(ts) => {
                let ty = self.resolve_type(ts);
                let arg_types: Vec<Typed> = args.iter().map(|a| self.expr(a)).collect();
                self.constructor(&ty, &arg_types, loc)
            }
            Callee::Indexed(e) => {
                let t = self.expr(e);
                let arg_types: Vec<Typed> = args.iter().map(|a| self.expr(a)).collect();
                match &t.ty {
                    Type::Error => Typed::error(),
                    Type::Opaque(st) if self.subroutine_types.contains_key(&**st) => {
                        let st = st.to_string();
                        self.subroutine_call(&st, &arg_types, loc, id)
                    }
                    other => {
                        self.error(loc, format!("a value of type {} cannot be called", other));
                        Typed::error()
                    }
                }
            }
            Callee::Name(name) => {
                // From GLSL 1.20 (and in ESSL) variables and functions share one namespace,
                // so a variable in an inner scope hides the function.
                let hides = self.lookup_var(name).is_some_and(|v| !matches!(v.ty, Type::Opaque(_)))
                    && self.functions.contains_key(name)
                    && (self.is_es() || self.version() >= 120);
                if hides {
                    self.error(loc, format!("`{}' is a variable here, not a function", name));
                    return Typed::error();
                }
                if self.lookup_var(name).is_some() && !self.functions.contains_key(name) {
                    let v = self.lookup_var(name).expect("checked");
                    if !matches!(v.ty, Type::Opaque(_)) {
                        self.error(loc, format!("`{}' is not a function", name));
                        return Typed::error();
                    }
                }
                let arg_types: Vec<Typed> = args.iter().map(|a| self.expr(a)).collect();
                if name == "ftransform" && !self.functions.contains_key(name) {
                    // ftransform() reads these two: the linker must keep them.
                    self.interface.static_uses.insert("gl_ModelViewProjectionMatrix".into());
                    self.interface.static_uses.insert("gl_Vertex".into());
                }
                if arg_types.iter().any(|a| a.ty.is_error()) {
                    return Typed::error();
                }
                let user: Vec<Signature> = self.functions.get(name.as_str()).map(|l| l.iter().map(|f| f.sig.clone()).collect()).unwrap_or_default();
                let is_user = !user.is_empty();
                let candidates = if is_user { user } else { self.builtins.get(name.as_str()).cloned().unwrap_or_default() };
                if candidates.is_empty() {
                    // A subroutine uniform called like a function.
                    if let Some(v) = self.lookup_var(name) {
                        if let Type::Opaque(t) = &v.ty {
                            let t = t.to_string();
                            if self.subroutine_types.contains_key(&t) {
                                return self.subroutine_call(&t, &arg_types, loc, id);
                            }
                            if let Some(f) = self.functions.get(&*t).and_then(|l| l.first()) {
                                return Typed::rvalue(f.sig.ret.clone(), None);
                            }
                        }
                    }
                    self.error(loc, format!("no function with name `{}'", name));
                    return Typed::error();
                }
                // Before GLSL 4.00 (and ARB_gpu_shader5) two user overloads that both
                // match through conversions make the call ambiguous.
                let resolved = match self.resolve_overload(&candidates, &arg_types) {
                    Ok(_) if is_user
                        && !self.is_es()
                        && !self.desktop_at_least(400)
                        && !self.ext("GL_ARB_gpu_shader5")
                        && !self.ext("GL_MESA_shader_integer_functions")
                        && self.conversion_matches(&candidates, &arg_types) > 1 =>
                    {
                        Err(true)
                    }
                    r => r,
                };
                match resolved {
                    Ok(sig) => {
                        if !is_user && name == "barrier" && self.options.stage == crate::options::Stage::TessControl && (!self.in_main || self.control_depth > 0 || self.main_returned) {
                            self.error(loc, "barrier() in a tessellation control shader must be in main, outside control flow and before any return");
                        }
                        if !is_user && name.starts_with("image") && name != "imageSize" && name != "imageSamples" {
                            self.check_image_access(name, &args[0], loc);
                        }
                        if !is_user && name.starts_with("interpolateAt") {
                            self.check_interpolant(&args[0], loc);
                        }
                        if !is_user {
                            self.check_constant_texel_offsets(name, &sig, &arg_types, loc);
                            self.check_stream_argument(name, &arg_types, loc);
                        }
                        if is_user {
                            self.check_memory_arguments(name, &sig, args);
                        }
                        let target = if is_user { super::CallTarget::User(sig.clone()) } else { super::CallTarget::Builtin(sig.clone()) };
                        self.interface.calls.insert(id, target);
                        if is_user {
                            let caller = self.current_function.clone();
                            self.interface.subroutines.record_call(&caller, name);
                        }
                        for ((_, dir), (a, e)) in sig.params.iter().zip(arg_types.iter().zip(args)) {
                            if *dir != ParamDir::In {
                                if let Err(why) = &a.lvalue {
                                    self.error(e.loc, format!("`out' or `inout' argument must be an l-value: {}", why));
                                }
                            }
                        }
                        let constant = if !is_user && !self.is_es() && self.version() < 120 { None } else { self.fold_builtin(name, &sig, &arg_types) };
                        Typed::rvalue(sig.ret.clone(), constant)
                    }
                    Err(ambiguous) => {
                        let list: Vec<String> = arg_types.iter().map(|a| a.ty.to_string()).collect();
                        if ambiguous {
                            self.error(loc, format!("call to `{}({})' is ambiguous", name, list.join(", ")));
                        } else {
                            self.error(loc, format!("no matching function for call to `{}({})'", name, list.join(", ")));
                        }
                        Typed::error()
                    }
                }
            }
        }
    }

    /// Picks the signature for the arguments: an exact match, else the unique one
    /// reachable by implicit conversions. `Err(true)` means ambiguous.
    /// The interpolant of interpolateAt*: a shader input (or an element or member of one),
    /// not a temporary, uniform or output. Component selection is allowed from GLSL 4.40
    /// (section 8.13.2), ESSL 3.20 and OES_shader_multisample_interpolation, but not
    /// under GLSL 4.00 to 4.30 or ARB_gpu_shader5.
    fn check_interpolant(&mut self, interpolant: &Expr, loc: SourceLoc) {
        let swizzles_allowed = self.desktop_at_least(440)
            || (self.is_es() && self.version() >= 320)
            || self.ext("GL_OES_shader_multisample_interpolation");
        let mut root = interpolant;
        loop {
            match &root.kind {
                ExprKind::Index(a, _) => root = a,
                ExprKind::Field(a, _) => {
                    let base_ty = self.interface.expr_types.get(a.id as usize);
                    if !swizzles_allowed && base_ty.is_some_and(|t| t.is_vector() || t.is_scalar()) {
                        self.error(loc, "component selection may not be used to specify an interpolant");
                        return;
                    }
                    root = a;
                }
                _ => break,
            }
        }
        let is_input = match &root.kind {
            ExprKind::Ident(var) => self.lookup_var(var).is_some_and(|v| matches!(v.storage, Some(Storage::In | Storage::Varying))),
            _ => false,
        };
        if !is_input {
            self.error(loc, "the interpolant of an interpolateAt function must be a shader input");
        }
    }

    /// Texel offsets and gather components are constant expressions (GLSL 1.30 section
    /// 8.7 onward); only textureGatherOffset's offset may vary, from GLSL 4.00, ESSL 3.20
    /// and the gpu_shader5 extensions.
    fn check_constant_texel_offsets(&mut self, name: &str, sig: &Signature, args: &[Typed], loc: SourceLoc) {
        let offsets = name.starts_with("texture") && (name.ends_with("Offset") || name.ends_with("Offsets"));
        if !(offsets || name.starts_with("textureGather") || name == "texelFetchOffset") {
            return;
        }
        let variable_gather_offset = self.desktop_at_least(400)
            || (self.is_es() && self.version() >= 320)
            || self.ext("GL_ARB_gpu_shader5")
            || self.ext("GL_EXT_gpu_shader5")
            || self.ext("GL_OES_gpu_shader5");
        // Parameters 0 and 1 are the sampler and the coordinate.
        for (i, ((ty, _), arg)) in sig.params.iter().zip(args).enumerate().skip(2) {
            let integral = match ty {
                Type::Scalar(s) | Type::Vector(s, _) => s.is_integer(),
                Type::Array(e, _) => matches!(**e, Type::Vector(s, _) if s.is_integer()),
                _ => false,
            };
            // texelFetchOffset's level of detail.
            let lod = name == "texelFetchOffset" && i == 2 && sig.params.len() == 4;
            if !integral || lod || arg.constant.is_some() {
                continue;
            }
            let is_gather_offset = name == "textureGatherOffset" && !matches!(ty, Type::Scalar(_));
            if is_gather_offset && variable_gather_offset {
                continue;
            }
            let what = if matches!(ty, Type::Scalar(_)) && name.starts_with("textureGather") { "component" } else { "offset" };
            self.error(loc, format!("the {} argument of `{}' must be a constant expression", what, name));
        }
    }

    /// ARB_gpu_shader5: the stream of EmitStreamVertex and EndStreamPrimitive is a
    /// constant below GL_MAX_VERTEX_STREAMS (4).
    fn check_stream_argument(&mut self, name: &str, args: &[Typed], loc: SourceLoc) {
        if !matches!(name, "EmitStreamVertex" | "EndStreamPrimitive") {
            return;
        }
        match args.first().map(|a| a.constant.as_ref().and_then(|c| c.as_int())) {
            Some(None) => self.error(loc, format!("the stream argument of `{}' must be a constant expression", name)),
            Some(Some(v)) if !(0..4).contains(&v) => self.error(loc, format!("stream {} of `{}' is not below GL_MAX_VERTEX_STREAMS (4)", v, name)),
            _ => {}
        }
    }

    /// readonly images cannot be written, writeonly images cannot be read, and atomics
    /// need both.
    fn check_image_access(&mut self, name: &str, image: &Expr, loc: SourceLoc) {
        let mut root = image;
        loop {
            match &root.kind {
                ExprKind::Index(a, _) | ExprKind::Field(a, _) => root = a,
                _ => break,
            }
        }
        let ExprKind::Ident(var) = &root.kind else { return };
        let Some(v) = self.lookup_var(var) else { return };
        let has = |m: &str| v.qual.has(|q| matches!(q, QualItem::Memory(x) if x == m));
        let (readonly, writeonly) = (has("readonly"), has("writeonly"));
        let writes = name == "imageStore" || name.starts_with("imageAtomic");
        let reads = name == "imageLoad" || name.starts_with("imageAtomic");
        if (readonly && writes) || (writeonly && reads) {
            self.error(loc, format!("`{}' is not allowed on a {} image", name, if readonly { "readonly" } else { "writeonly" }));
        }
    }

    /// GLSL 4.30 section 4.10: a member of a shader storage block declared `writeonly`
    /// cannot be read.
    fn check_writeonly_member_read(&mut self, base: &Expr, member: &str, loc: SourceLoc) {
        let Some(Type::Block(s)) = self.interface.expr_types.get(base.id as usize) else { return };
        if self.writeonly_buffer_members.iter().any(|(b, m)| *b == s.name && m == member) {
            self.error(loc, format!("`{}' is a writeonly member of `{}' and cannot be read", member, s.name));
        }
    }

    /// Whether `e` names a variable whose unsized array can never be sized later
    /// (storage blocks and per-vertex arrays can).
    /// A tessellation control shader writes its per-vertex outputs only through
    /// `[gl_InvocationID]` (ARB_tessellation_shader, GLSL 4.00 section 4.3.6).
    fn check_tcs_output_write(&mut self, target: &Expr) {
        if self.options.stage != crate::options::Stage::TessControl {
            return;
        }
        let mut e = target;
        let mut first_index = None;
        loop {
            match &e.kind {
                ExprKind::Index(b, i) => {
                    first_index = Some(i);
                    e = b;
                }
                ExprKind::Field(b, _) => {
                    first_index = None;
                    e = b;
                }
                _ => break,
            }
        }
        let ExprKind::Ident(name) = &e.kind else { return };
        let per_vertex = match self.lookup_var(name) {
            Some(v) => v.storage == Some(crate::ast::Storage::Out) && self.is_global(name) && (name == "gl_out" || (!v.builtin && !v.qual.has(|q| matches!(q, QualItem::Patch)))),
            None => false,
        };
        if !per_vertex {
            return;
        }
        let ok = matches!(first_index.map(|i| &i.kind), Some(ExprKind::Ident(n)) if n == "gl_InvocationID");
        if !ok {
            self.error(target.loc, format!("per-vertex output `{}' of a tessellation control shader can only be written at [gl_InvocationID]", name));
        }
    }

    /// The scope depth (as `scopes.len()` when it was declared) of a variable.
    fn scope_depth_of(&self, name: &str) -> Option<usize> {
        (0..self.scopes_len()).rev().find(|i| self.scope_has(*i, name)).map(|i| i + 1)
    }

    /// A user-declared input of a geometry shader (an array sized by the input layout).
    fn is_gs_user_input(&self, name: &str) -> bool {
        self.options.stage == crate::options::Stage::Geometry
            && self.lookup_var(name).is_some_and(|v| !v.builtin && v.storage == Some(crate::ast::Storage::In))
    }

    fn plain_unsized(&self, e: &Expr) -> bool {
        let ExprKind::Ident(name) = &e.kind else { return false };
        let Some(v) = self.lookup_var(name) else { return false };
        let per_vertex = matches!(self.options.stage, crate::options::Stage::Geometry | crate::options::Stage::TessControl | crate::options::Stage::TessEval);
        match v.storage {
            None | Some(crate::ast::Storage::Uniform) => true,
            Some(crate::ast::Storage::In | crate::ast::Storage::Out) => !per_vertex,
            _ => false,
        }
    }

    /// Whether `e` names a per-vertex input array, which the input primitive (perhaps in
    /// another shader of the stage) sizes at link time.
    /// Whether `e` lies in a shader storage block, whose last member may be a runtime-sized
    /// array indexed by any expression.
    fn in_storage_block(&self, e: &Expr) -> bool {
        let mut root = e;
        while let ExprKind::Index(b, _) | ExprKind::Field(b, _) = &root.kind {
            root = b;
        }
        let ExprKind::Ident(name) = &root.kind else { return false };
        self.lookup_var(name).is_some_and(|v| v.storage == Some(crate::ast::Storage::Buffer))
    }

    fn per_vertex_input(&self, e: &Expr) -> bool {
        let ExprKind::Ident(name) = &e.kind else { return false };
        let per_vertex = matches!(self.options.stage, crate::options::Stage::Geometry | crate::options::Stage::TessControl | crate::options::Stage::TessEval);
        // A control shader's per-vertex outputs are sized by the output patch, not by indices.
        let tcs_output = |v: &super::Variable| {
            self.options.stage == crate::options::Stage::TessControl
                && v.storage == Some(crate::ast::Storage::Out)
                && !v.qual.has(|q| matches!(q, crate::ast::QualItem::Patch))
        };
        per_vertex && self.lookup_var(name).is_some_and(|v| v.storage == Some(crate::ast::Storage::In) || tcs_output(v))
    }

    /// An image argument declared coherent, volatile, readonly or writeonly needs a
    /// parameter with the same qualifiers (restrict may be added or dropped).
    fn check_memory_arguments(&mut self, name: &str, sig: &Signature, args: &[Expr]) {
        let Some(f) = self.functions.get(name).and_then(|l| l.iter().find(|f| f.sig.params == sig.params)) else { return };
        let param_memory = f.param_memory.clone();
        for (a, pm) in args.iter().zip(param_memory) {
            let mut root = a;
            while let ExprKind::Index(b, _) | ExprKind::Field(b, _) = &root.kind {
                root = b;
            }
            let ExprKind::Ident(v) = &root.kind else { continue };
            let Some(var) = self.lookup_var(v) else { continue };
            let missing = var.qual.items.iter().find_map(|(q, _)| match q {
                QualItem::Memory(m) if m != "restrict" && !pm.contains(m) => Some(m.clone()),
                _ => None,
            });
            if let Some(m) = missing {
                self.error(a.loc, format!("argument `{}' is `{}' but the parameter of `{}' is not", v, m, name));
            }
        }
    }

    /// A call through a subroutine uniform of type `ty`: the arguments must match the
    /// subroutine type's parameters.
    fn subroutine_call(&mut self, ty: &str, args: &[Typed], loc: SourceLoc, id: u32) -> Typed {
        let sig = self.subroutine_types.get(ty).cloned().expect("checked by the caller");
        if args.iter().any(|a| a.ty.is_error()) {
            return Typed::error();
        }
        if self.resolve_overload(std::slice::from_ref(&sig), args).is_err() {
            self.error(loc, format!("arguments do not match subroutine type `{}'", ty));
            return Typed::error();
        }
        let caller = self.current_function.clone();
        self.interface.subroutines.record_subroutine_call(&caller, id, ty);
        Typed::rvalue(sig.ret.clone(), None)
    }

    /// How many candidates match the arguments when there is no exact match (0 with one).
    fn conversion_matches(&self, candidates: &[Signature], args: &[Typed]) -> usize {
        let arity: Vec<&Signature> = candidates.iter().filter(|s| s.params.len() == args.len()).collect();
        if arity.iter().any(|s| s.params.iter().zip(args).all(|((t, _), a)| *t == a.ty)) {
            return 0;
        }
        arity.into_iter().filter(|s| self.matches_by_conversion(s, args)).count()
    }

    /// Whether every argument converts to its parameter in the parameter's direction.
    fn matches_by_conversion(&self, s: &Signature, args: &[Typed]) -> bool {
        s.params.iter().zip(args).all(|((t, dir), a)| match dir {
            ParamDir::In => self.converts(&a.ty, t),
            ParamDir::Out => self.converts(t, &a.ty),
            ParamDir::InOut => self.converts(&a.ty, t) && self.converts(t, &a.ty),
        })
    }

    fn resolve_overload(&self, candidates: &[Signature], args: &[Typed]) -> Result<Signature, bool> {
        let arity: Vec<&Signature> = candidates.iter().filter(|s| s.params.len() == args.len()).collect();
        if let Some(s) = arity.iter().find(|s| s.params.iter().zip(args).all(|((t, _), a)| *t == a.ty)) {
            return Ok((*s).clone());
        }
        let viable: Vec<&&Signature> = arity.iter().filter(|s| self.matches_by_conversion(s, args)).collect();
        match viable.len() {
            0 => Err(false),
            1 => Ok((**viable[0]).clone()),
            _ => {
                // Prefer the candidate whose conversions are all to float over double
                // (GLSL 4.00's rules, simplified): fewest conversions wins.
                let score = |s: &Signature| {
                    s.params
                        .iter()
                        .zip(args)
                        .map(|((t, _), a)| if *t == a.ty { 0 } else if t.scalar() == Some(Scalar::Double) { 2 } else { 1 })
                        .sum::<u32>()
                };
                let best = viable.iter().map(|s| score(s)).min().expect("non-empty");
                let winners: Vec<_> = viable.iter().filter(|s| score(s) == best).collect();
                if winners.len() == 1 {
                    Ok((***winners[0]).clone())
                } else {
                    Err(true)
                }
            }
        }
    }

    fn fold_builtin(&self, name: &str, sig: &Signature, args: &[Typed]) -> Option<ConstValue> {
        let consts: Option<Vec<&ConstValue>> = args.iter().map(|a| a.constant.as_ref()).collect();
        super::fold::fold(name, sig, &consts?)
    }

    pub(crate) fn constructor(&mut self, ty: &Type, args: &[Typed], loc: SourceLoc) -> Typed {
        if ty.is_error() || args.iter().any(|a| a.ty.is_error()) {
            return Typed::error();
        }
        if args.is_empty() {
            self.error(loc, format!("constructor for `{}' needs arguments", ty));
            return Typed::error();
        }
        if ty.contains_opaque() || args.iter().any(|a| a.ty.contains_opaque()) {
            self.error(loc, "opaque types cannot be constructed or used as constructor arguments");
            return Typed::error();
        }
        let all_const = args.iter().all(|a| a.constant.is_some());
        match ty {
            Type::Void => {
                self.error(loc, "cannot construct void");
                Typed::error()
            }
            Type::Array(elem, n) => {
                if !self.desktop_at_least(120) && !self.es_at_least(300) {
                    self.error(loc, "array constructors need GLSL 1.20 or GLSL ES 3.00");
                    return Typed::error();
                }
                if let Some(n) = n {
                    if *n as usize != args.len() {
                        self.error(loc, format!("array constructor has {} arguments, expected {}", args.len(), n));
                        return Typed::error();
                    }
                }
                for a in args {
                    let ok = match (&**elem, &a.ty) {
                        (Type::Array(e1, None), Type::Array(e2, Some(_))) => e1 == e2,
                        _ => self.converts(&a.ty, elem),
                    };
                    if !ok {
                        self.error(loc, format!("array constructor argument of type {} does not match {}", a.ty, elem));
                        return Typed::error();
                    }
                }
                let elem_ty = match &**elem {
                    Type::Array(e, None) => Type::Array(e.clone(), args.first().and_then(|a| if let Type::Array(_, n) = a.ty { n } else { None })),
                    t => t.clone(),
                };
                let rty = Type::Array(Box::new(elem_ty.clone()), Some(args.len() as u32));
                let c = if all_const {
                    Some(ConstValue {
                        ty: rty.clone(),
                        comps: args.iter().flat_map(|a| convert_const(a.constant.clone().expect("all const"), &elem_ty).comps).collect(),
                    })
                } else {
                    None
                };
                Typed::rvalue(rty, c)
            }
            Type::Struct(st) => {
                if st.members.len() != args.len() {
                    self.error(loc, format!("constructor for `{}' has {} arguments, expected {}", st.name, args.len(), st.members.len()));
                    return Typed::error();
                }
                for ((_, mt), a) in st.members.iter().zip(args) {
                    if !self.converts(&a.ty, mt) {
                        self.error(loc, format!("constructor argument of type {} does not match member type {}", a.ty, mt));
                        return Typed::error();
                    }
                }
                let c = if all_const {
                    Some(ConstValue {
                        ty: ty.clone(),
                        comps: st.members.iter().zip(args).flat_map(|((_, mt), a)| convert_const(a.constant.clone().expect("all const"), mt).comps).collect(),
                    })
                } else {
                    None
                };
                Typed::rvalue(ty.clone(), c)
            }
            Type::Scalar(_) | Type::Vector(..) | Type::Matrix { .. } => {
                for a in args {
                    if a.ty.scalar().is_none() || a.ty.is_array() {
                        self.error(loc, format!("cannot construct {} from a value of type {}", ty, a.ty));
                        return Typed::error();
                    }
                }
                let target = ty.components() as usize;
                if ty.is_matrix() && args.len() == 1 && args[0].ty.is_matrix() && !self.is_es() && self.version() < 120 {
                    self.error(loc, "constructing a matrix from a matrix needs GLSL 1.20");
                    return Typed::error();
                }
                if args.len() == 1 && (args[0].ty.is_scalar() || (ty.is_matrix() && args[0].ty.is_matrix())) {
                    // Scalar broadcast / diagonal, or matrix from matrix.
                    let c = args[0].constant.as_ref().and_then(|c| {
                        let s = ty.scalar()?;
                        if ty.is_matrix() {
                            let (cols, rows) = match ty { Type::Matrix { cols, rows, .. } => (*cols as usize, *rows as usize), _ => return None };
                            if args[0].ty.is_scalar() {
                                let v = c.comps[0].convert(s);
                                let comps = (0..cols * rows).map(|i| if i / rows == i % rows { v } else { Lit::F(0.0).convert(s) }).collect();
                                return Some(ConstValue { ty: ty.clone(), comps });
                            }
                            // Matrix from matrix: shared elements copied, the rest from
                            // the identity.
                            let (scols, srows) = match &args[0].ty { Type::Matrix { cols, rows, .. } => (*cols as usize, *rows as usize), _ => return None };
                            let comps = (0..cols * rows)
                                .map(|i| {
                                    let (col, row) = (i / rows, i % rows);
                                    if col < scols && row < srows {
                                        c.comps[col * srows + row].convert(s)
                                    } else {
                                        Lit::F(if col == row { 1.0 } else { 0.0 }).convert(s)
                                    }
                                })
                                .collect();
                            return Some(ConstValue { ty: ty.clone(), comps });
                        }
                        Some(ConstValue { ty: ty.clone(), comps: vec![c.comps[0].convert(s); target] })
                    });
                    return Typed::rvalue(ty.clone(), c);
                }
                if ty.is_matrix() && args.iter().any(|a| a.ty.is_matrix()) {
                    self.error(loc, "a matrix argument to a matrix constructor must be the only argument");
                    return Typed::error();
                }
                let mut total = 0usize;
                for (i, a) in args.iter().enumerate() {
                    if total >= target {
                        self.error(loc, format!("too many arguments to constructor of {}", ty));
                        return Typed::error();
                    }
                    let _ = i;
                    total += a.ty.components() as usize;
                }
                if total < target {
                    self.error(loc, format!("not enough data provided to constructor of {}", ty));
                    return Typed::error();
                }
                let c = if all_const {
                    let s = ty.scalar().expect("numeric");
                    let comps: Vec<Lit> = args.iter().flat_map(|a| a.constant.clone().expect("all const").comps).take(target).map(|v| v.convert(s)).collect();
                    Some(ConstValue { ty: ty.clone(), comps })
                } else {
                    None
                };
                Typed::rvalue(ty.clone(), c)
            }
            _ => {
                self.error(loc, format!("cannot construct {}", ty));
                Typed::error()
            }
        }
    }
}

fn fold_arith(op: BinaryOp, a: &Option<ConstValue>, b: &Option<ConstValue>, ty: &Type) -> Option<ConstValue> {
    let (a, b) = (a.as_ref()?, b.as_ref()?);
    let s = ty.scalar()?;
    let linear = op == BinaryOp::Mul && (a.ty.is_matrix() || b.ty.is_matrix()) && !a.ty.is_scalar() && !b.ty.is_scalar();
    if linear {
        // Column-major matrix products: (rows x k) * (k x cols).
        let shape = |t: &Type, left: bool| match t {
            Type::Matrix { cols, rows, .. } => (*rows as usize, *cols as usize),
            Type::Vector(_, n) => if left { (1, *n as usize) } else { (*n as usize, 1) },
            _ => (1, 1),
        };
        let (ar, ak) = shape(&a.ty, true);
        let (_, bc) = shape(&b.ty, false);
        let av: Vec<f64> = a.comps.iter().map(|v| v.as_f64()).collect();
        let bv: Vec<f64> = b.comps.iter().map(|v| v.as_f64()).collect();
        let mut out = Vec::with_capacity(ar * bc);
        for c in 0..bc {
            for r in 0..ar {
                let sum: f64 = (0..ak).map(|k| av[k * ar + r] * bv[c * ak + k]).sum();
                out.push(Lit::F(sum).convert(s));
            }
        }
        return Some(ConstValue { ty: ty.clone(), comps: out });
    }
    let wide = matches!(s, Scalar::Int64 | Scalar::Uint64);
    let n = ty.components() as usize;
    let get = |c: &ConstValue, i: usize| c.comps[if c.comps.len() == 1 { 0 } else { i }].convert(s);
    let mut comps = Vec::with_capacity(n);
    for i in 0..n {
        let (x, y) = (get(a, i), get(b, i));
        let v = match (x, y) {
            (Lit::F(x), Lit::F(y)) => Lit::F(match op {
                BinaryOp::Add => x + y,
                BinaryOp::Sub => x - y,
                BinaryOp::Mul => x * y,
                BinaryOp::Div => x / y,
                _ => return None,
            }),
            (Lit::I(x), Lit::I(y)) if wide => Lit::I(match op {
                BinaryOp::Add => x.wrapping_add(y),
                BinaryOp::Sub => x.wrapping_sub(y),
                BinaryOp::Mul => x.wrapping_mul(y),
                BinaryOp::Div => x.checked_div(y)?,
                BinaryOp::Mod => x.checked_rem(y)?,
                BinaryOp::BitAnd => x & y,
                BinaryOp::BitOr => x | y,
                BinaryOp::BitXor => x ^ y,
                _ => return None,
            }),
            (Lit::U(x), Lit::U(y)) if wide => Lit::U(match op {
                BinaryOp::Add => x.wrapping_add(y),
                BinaryOp::Sub => x.wrapping_sub(y),
                BinaryOp::Mul => x.wrapping_mul(y),
                BinaryOp::Div => x.checked_div(y)?,
                BinaryOp::Mod => x.checked_rem(y)?,
                BinaryOp::BitAnd => x & y,
                BinaryOp::BitOr => x | y,
                BinaryOp::BitXor => x ^ y,
                _ => return None,
            }),
            (Lit::I(x), Lit::I(y)) => {
                let (x, y) = (x as i32, y as i32);
                Lit::I(match op {
                    BinaryOp::Add => x.wrapping_add(y),
                    BinaryOp::Sub => x.wrapping_sub(y),
                    BinaryOp::Mul => x.wrapping_mul(y),
                    BinaryOp::Div => x.checked_div(y)?,
                    BinaryOp::Mod => x.checked_rem(y)?,
                    BinaryOp::BitAnd => x & y,
                    BinaryOp::BitOr => x | y,
                    BinaryOp::BitXor => x ^ y,
                    _ => return None,
                } as i64)
            }
            (Lit::U(x), Lit::U(y)) => {
                let (x, y) = (x as u32, y as u32);
                Lit::U(match op {
                    BinaryOp::Add => x.wrapping_add(y),
                    BinaryOp::Sub => x.wrapping_sub(y),
                    BinaryOp::Mul => x.wrapping_mul(y),
                    BinaryOp::Div => x.checked_div(y)?,
                    BinaryOp::Mod => x.checked_rem(y)?,
                    BinaryOp::BitAnd => x & y,
                    BinaryOp::BitOr => x | y,
                    BinaryOp::BitXor => x ^ y,
                    _ => return None,
                } as u64)
            }
            _ => return None,
        };
        comps.push(v);
    }
    Some(ConstValue { ty: ty.clone(), comps })
}
