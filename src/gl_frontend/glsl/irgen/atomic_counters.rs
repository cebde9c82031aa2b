//! Atomic counters: each active `atomic_uint` uniform becomes a storage-buffer variable
//! over the words of its counter buffer (binding 448 + buffer, see `link_atomic`), and the
//! counter built-ins become atomics on those words.

use super::{Binding, GResult, Gen, Rv};
use crate::ast::Expr;
use crate::link::ProgramInterface;
use crate::link_atomic::AtomicCounterBuffer;
use crate::sema::types::Type as SType;
use nir_like::{AluOp, AtomicOp, BaseType, Builder, Handle, StructMember, Type, ValueType, Variable, VariableMode};

/// The uint array type of an (array of arrays of) `atomic_uint` uniform of type `t`, with
/// a stride of 4 bytes between counters; `None` where `t` is not an array.
fn counter_array_type(b: &mut Builder, t: &SType, uint: Handle<Type>) -> Handle<Type> {
    match t {
        SType::Array(e, n) => {
            let element = counter_array_type(b, e, uint);
            let stride = 4 * counters_in(e);
            b.array_type(element, Some(n.unwrap_or(1)), Some(stride))
        }
        _ => uint,
    }
}

/// How many counters one value of type `t` holds.
fn counters_in(t: &SType) -> u32 {
    match t {
        SType::Array(e, n) => n.unwrap_or(1) * counters_in(e),
        _ => 1,
    }
}

impl Gen<'_, '_> {
    /// One storage-buffer variable per active counter: a struct whose one member (a uint or
    /// an array of them) sits at the counter's offset. Several variables may share a
    /// buffer's binding.
    pub(super) fn declare_atomic_counters(&mut self, program: &ProgramInterface) -> GResult<()> {
        for c in &program.atomic_counters {
            let Some(g) = self.all_units.iter().find_map(|u| u.globals.iter().find(|g| g.name == c.name && g.block.is_none())) else { continue };
            let uint = self.b.value_type_handle(ValueType::new(BaseType::Uint, 32, 1));
            // An array of arrays of counters keeps its dimensions, so each index of
            // `a[i][j]` steps through its own dimension; the counters lie 4 bytes apart.
            let member_ty = match c.array_size {
                Some(_) => counter_array_type(&mut self.b, &g.ty, uint),
                None => uint,
            };
            let ty = self.b.ty(Type::Struct {
                name: format!("gl_AtomicCounter_{}", c.name),
                members: vec![StructMember { name: c.name.clone(), ty: member_ty, offset: Some(c.offset), matrix_stride: None, row_major: false }],
            });
            let binding = AtomicCounterBuffer::descriptor_binding(c.buffer);
            let var = self.b.variable(Variable::new(format!("{}_buffer", c.name), ty, VariableMode::Ssbo).with_binding(0, binding));
            self.globals.insert(c.name.clone(), (Binding::Member(var, 0), g.ty.clone()));
        }
        Ok(())
    }

    /// atomicCounter, atomicCounterIncrement/Decrement and the GL_ARB_shader_atomic_counter_ops
    /// built-ins; `None` for any other built-in.
    pub(super) fn atomic_counter_call(&mut self, name: &str, args: &[Expr]) -> GResult<Option<Rv>> {
        if !name.starts_with("atomicCounter") || args.is_empty() {
            return Ok(None);
        }
        let deref = self.place(&args[0])?.deref;
        let mut data = Vec::new();
        for a in &args[1..] {
            match self.rvalue(a)? {
                Rv::V(v) => data.push(v),
                _ => return self.unsupported("this atomic counter operand"),
            }
        }
        let one = self.b.imm_u32(1);
        let value = match (name, data.as_slice()) {
            ("atomicCounter", []) => self.b.load_deref(deref),
            // Increment returns the value before, decrement the value after.
            ("atomicCounterIncrement", []) => self.b.deref_atomic(AtomicOp::Add, deref, &[one]),
            ("atomicCounterDecrement", []) => {
                let minus_one = self.b.imm_u32(u32::MAX);
                let before = self.b.deref_atomic(AtomicOp::Add, deref, &[minus_one]);
                self.b.alu(AluOp::Isub, &[before, one])
            }
            ("atomicCounterAddARB", [v]) => self.b.deref_atomic(AtomicOp::Add, deref, &[*v]),
            ("atomicCounterSubtractARB", [v]) => {
                let zero = self.b.imm_u32(0);
                let negated = self.b.alu(AluOp::Isub, &[zero, *v]);
                self.b.deref_atomic(AtomicOp::Add, deref, &[negated])
            }
            ("atomicCounterMinARB", [v]) => self.b.deref_atomic(AtomicOp::Umin, deref, &[*v]),
            ("atomicCounterMaxARB", [v]) => self.b.deref_atomic(AtomicOp::Umax, deref, &[*v]),
            ("atomicCounterAndARB", [v]) => self.b.deref_atomic(AtomicOp::And, deref, &[*v]),
            ("atomicCounterOrARB", [v]) => self.b.deref_atomic(AtomicOp::Or, deref, &[*v]),
            ("atomicCounterXorARB", [v]) => self.b.deref_atomic(AtomicOp::Xor, deref, &[*v]),
            ("atomicCounterExchangeARB", [v]) => self.b.deref_atomic(AtomicOp::Exchange, deref, &[*v]),
            ("atomicCounterCompSwapARB", [compare, v]) => self.b.deref_atomic(AtomicOp::CompSwap, deref, &[*compare, *v]),
            _ => return Ok(None),
        };
        Ok(Some(Rv::V(value)))
    }
}
