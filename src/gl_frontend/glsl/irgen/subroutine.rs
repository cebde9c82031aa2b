//! Calls through subroutine uniforms, lowered to a chain of ifs on the subroutine index
//! the front end keeps in the stage's index array of the default uniform block (one
//! uint per subroutine uniform location, placed by `link_subroutine`). The array is read
//! through a block variable of its own that aliases the default block's binding.

use super::{Binding, GResult, Gen, Rv};
use crate::ast::{Expr, ExprKind};
use crate::sema::types::Type as SType;
use nir_like::{BaseType, StructMember, Type, ValueType, Variable, VariableMode};

/// The globals key of the index array's block variable.
const INDICES_KEY: &str = "#subroutine indices";

impl<'s, 'i> Gen<'s, 'i> {
    /// Declares the stage's subroutine index array, if the stage has subroutine uniforms.
    pub(super) fn declare_subroutine_indices(&mut self) {
        let Some(s) = self.program.subroutines.iter().find(|s| s.stage == self.stage) else { return };
        if s.location_count == 0 {
            return;
        }
        let uint = self.b.ty(Type::Vector(ValueType::U32));
        let array = self.b.ty(Type::Array { element: uint, length: Some(s.location_count), stride: Some(crate::link_subroutine::INDEX_STRIDE) });
        let member = StructMember { name: "indices".into(), ty: array, offset: Some(s.indices_offset), matrix_stride: None, row_major: false };
        let ty = self.b.ty(Type::Struct { name: "gl_SubroutineIndices".into(), members: vec![member] });
        let var = self.b.variable(Variable::new("gl_SubroutineIndices", ty, VariableMode::Ubo).with_binding(0, 0));
        self.globals.insert(INDICES_KEY.into(), (Binding::Var(var), SType::UINT));
    }

    /// `u(args)` or `u[i](args)` where `u` is a subroutine uniform of type `subroutine_type`.
    pub(super) fn subroutine_call(&mut self, callee: &Expr, subroutine_type: &str, args: &[Expr]) -> GResult<Rv> {
        let (name, element) = match &callee.kind {
            ExprKind::Ident(n) => (n.clone(), None),
            ExprKind::Index(a, i) => match &a.kind {
                ExprKind::Ident(n) => (n.clone(), Some(&**i)),
                _ => return self.unsupported("calls through this subroutine uniform expression"),
            },
            _ => return self.unsupported("calls through this subroutine uniform expression"),
        };
        let program = self.program;
        let Some(stage) = program.subroutines.iter().find(|s| s.stage == self.stage) else {
            return self.unsupported("subroutine calls in a stage without subroutine uniforms");
        };
        let Some(uniform) = stage.uniforms.iter().find(|u| u.name == name) else {
            return self.unsupported(&format!("the subroutine uniform `{}'", name));
        };
        let Some(sig) = self.all_units.iter().find_map(|u| u.subroutines.types.iter().find(|(t, _)| t == subroutine_type)).map(|(_, s)| s.clone()) else {
            return self.unsupported(&format!("the subroutine type `{}'", subroutine_type));
        };
        let Some((Binding::Var(var), _)) = self.globals.get(INDICES_KEY).cloned() else {
            return self.unsupported("subroutine calls without subroutine index storage");
        };
        // The location read: the uniform's first plus the element.
        let base = self.b.imm_u32(uniform.location);
        let location = match element {
            Some(i) => {
                let v = self.scalar_rvalue(i)?;
                let v = self.b.convert(v, BaseType::Uint, 32);
                self.b.iadd(base, v)
            }
            None => base,
        };
        let d = self.b.deref_var(var);
        let d = self.b.deref_struct(d, 0);
        let d = self.b.deref_array(d, location);
        let index = self.b.load_deref(d);
        let targets: Vec<(String, u32)> = stage.subroutines.iter().filter(|s| s.types.iter().any(|t| t == subroutine_type)).map(|s| (s.name.clone(), s.index)).collect();
        let result = if sig.ret == SType::Void { None } else { Some(self.temp(&sig.ret)?.1) };
        // if (index == k0) r = f0(...); else if (index == k1) ... else r = fn(...);
        let mut open = 0;
        for (n, (function, k)) in targets.iter().enumerate() {
            let last = n + 1 == targets.len();
            if !last {
                let kv = self.b.imm_u32(*k);
                let c = self.b.ieq(index, kv);
                self.b.push_if(c);
                open += 1;
            }
            let r = self.user_call(function, &sig, args)?;
            if let (Some(d), Rv::V(v)) = (result, r) {
                self.b.store_deref(d, v);
            }
            if !last {
                self.b.push_else();
            }
        }
        for _ in 0..open {
            self.b.pop_if();
        }
        Ok(match result {
            Some(d) => Rv::V(self.b.load_deref(d)),
            None => Rv::None,
        })
    }
}
