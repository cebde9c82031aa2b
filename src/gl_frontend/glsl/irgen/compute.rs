//! Compute shaders and memory shared between invocations: the work-group built-in inputs,
//! `shared` variables, shader storage blocks, barriers, the memory barrier family, atomic
//! built-ins on buffer and shared variables, and `.length()` of runtime-sized arrays.

use super::types::nir_type;
use super::{Binding, GResult, Gen, Place, Rv};
use crate::ast::{Expr, Storage};
use crate::link::ProgramInterface;
use crate::options::Stage as GlStage;
use crate::sema::builtins::Signature;
use crate::sema::types::{Scalar, Type as SType};
use crate::sema::GlobalVar;
use nir_like::{AtomicOp, Builtin, IntrinsicOp, MemorySemantics, Scope, Variable, VariableMode};

/// The built-in input behind a compute shader's `gl_*` name, with its GLSL type.
pub(super) fn compute_builtin(name: &str) -> Option<(Builtin, SType)> {
    let uvec3 = SType::Vector(Scalar::Uint, 3);
    Some(match name {
        "gl_NumWorkGroups" => (Builtin::NumWorkgroups, uvec3),
        "gl_WorkGroupID" => (Builtin::WorkgroupId, uvec3),
        "gl_LocalInvocationID" => (Builtin::LocalInvocationId, uvec3),
        "gl_GlobalInvocationID" => (Builtin::GlobalInvocationId, uvec3),
        "gl_LocalInvocationIndex" => (Builtin::LocalInvocationIndex, SType::UINT),
        "gl_WorkGroupSize" => (Builtin::WorkgroupSize, uvec3),
        _ => return None,
    })
}

/// The atomic operation of a GLSL atomic built-in on memory, by name and operand type.
fn atomic_op(name: &str, unsigned: bool) -> Option<AtomicOp> {
    Some(match name {
        "atomicAdd" => AtomicOp::Add,
        "atomicMin" if unsigned => AtomicOp::Umin,
        "atomicMin" => AtomicOp::Imin,
        "atomicMax" if unsigned => AtomicOp::Umax,
        "atomicMax" => AtomicOp::Imax,
        "atomicAnd" => AtomicOp::And,
        "atomicOr" => AtomicOp::Or,
        "atomicXor" => AtomicOp::Xor,
        "atomicExchange" => AtomicOp::Exchange,
        "atomicCompSwap" => AtomicOp::CompSwap,
        _ => return None,
    })
}

impl Gen<'_, '_> {
    /// Whether `name` is the built-in gl_LocalGroupSizeARB of a compute shader.
    pub(super) fn is_local_group_size(&self, name: &str) -> bool {
        self.stage == GlStage::Compute && name == "gl_LocalGroupSizeARB" && self.lookup_local_or_global(name).is_none()
    }

    /// gl_LocalGroupSizeARB: the declared size as a constant, or for a variable size
    /// (ARB_compute_variable_group_size) the size the dispatch specialised the shader with.
    pub(super) fn local_group_size(&mut self) -> nir_like::Value {
        let uvec3 = nir_like::ValueType::U32.with_components(3);
        match self.program.compute_local_size {
            Some(size) if !self.program.compute_variable_local_size => self.b.constant(nir_like::ConstValue::u32s(&size)),
            _ => self.b.intrinsic(IntrinsicOp::LoadWorkgroupSize, &[], Some(uvec3)),
        }
    }

    /// Declares `shared` variables and shader storage blocks; false for any other global.
    pub(super) fn declare_memory_global(&mut self, g: &GlobalVar, globals: &[GlobalVar], program: &ProgramInterface) -> GResult<bool> {
        match (g.storage, &g.block) {
            (Storage::Shared, None) => {
                let ty = nir_type(&mut self.b, &g.ty, None)?;
                let h = self.b.variable(Variable::new(g.name.clone(), ty, VariableMode::Shared));
                self.globals.insert(g.name.clone(), (Binding::Var(h), g.ty.clone()));
                Ok(true)
            }
            (Storage::Buffer, Some(block)) => {
                let Some(sb) = program.storage_blocks.iter().find(|b| b.name == *block || b.name.starts_with(&format!("{}[", block))) else {
                    return Ok(true);
                };
                let binding = sb.binding();
                let layout = crate::link_storage::block_layout(&g.qual);
                let instance = matches!(g.ty, SType::Block(_)) || matches!(&g.ty, SType::Array(e, _) if matches!(**e, SType::Block(_)));
                if instance {
                    let ty = nir_type(&mut self.b, &g.ty, Some(layout))?;
                    let h = self.b.variable(Variable::new(g.name.clone(), ty, VariableMode::Ssbo).with_binding(0, binding));
                    self.globals.insert(g.name.clone(), (Binding::Var(h), g.ty.clone()));
                    return Ok(true);
                }
                // Members of a block without an instance name share one variable.
                let key = format!("#buffer {}", block);
                let var = match self.globals.get(&key) {
                    Some((Binding::Var(v), _)) => *v,
                    _ => {
                        let st = crate::sema::unnamed_block_type(block, Storage::Buffer, globals);
                        let ty = nir_type(&mut self.b, &st, Some(layout))?;
                        let v = self.b.variable(Variable::new(block.clone(), ty, VariableMode::Ssbo).with_binding(0, binding));
                        self.globals.insert(key, (Binding::Var(v), st));
                        v
                    }
                };
                let index = globals.iter().filter(|x| x.block.as_deref() == Some(block)).position(|x| x.name == g.name).unwrap_or(0);
                self.globals.insert(g.name.clone(), (Binding::Member(var, index as u32), g.ty.clone()));
                Ok(true)
            }
            _ => Ok(false),
        }
    }

    /// barrier(), the memory barriers and the atomic built-ins on memory; `None` for any
    /// other built-in.
    pub(super) fn memory_call(&mut self, name: &str, sig: &Signature, args: &[Expr]) -> GResult<Option<Rv>> {
        let all = MemorySemantics::ALL;
        let none = MemorySemantics { acquire: true, release: true, ..Default::default() };
        match name {
            "barrier" => {
                let semantics = if self.stage == GlStage::TessControl {
                    MemorySemantics { output: true, ..none }
                } else {
                    MemorySemantics { shared: true, ..none }
                };
                self.b.control_barrier(semantics);
                return Ok(Some(Rv::None));
            }
            "memoryBarrier" => self.b.memory_barrier(Scope::Device, all),
            "memoryBarrierBuffer" | "memoryBarrierAtomicCounter" => self.b.memory_barrier(Scope::Device, MemorySemantics { buffer: true, ..none }),
            "memoryBarrierImage" => self.b.memory_barrier(Scope::Device, MemorySemantics { image: true, ..none }),
            "memoryBarrierShared" => self.b.memory_barrier(Scope::Workgroup, MemorySemantics { shared: true, ..none }),
            "groupMemoryBarrier" => self.b.memory_barrier(Scope::Workgroup, all),
            _ => {
                let unsigned = sig.params.first().and_then(|p| p.0.scalar()) == Some(Scalar::Uint);
                let Some(op) = atomic_op(name, unsigned) else { return Ok(None) };
                if args.len() != sig.params.len() || args.is_empty() {
                    return Ok(None);
                }
                let place = self.place(&args[0])?;
                let deref = self.scalar_deref(place)?;
                let mut data = Vec::new();
                for ((pt, _), a) in sig.params.iter().zip(args).skip(1) {
                    let v = self.rvalue(a)?;
                    match self.convert_rv(v, &self.ty_of(a), pt)? {
                        Rv::V(v) => data.push(v),
                        _ => return self.unsupported("this atomic operand"),
                    }
                }
                return Ok(Some(Rv::V(self.b.deref_atomic(op, deref, &data))));
            }
        }
        Ok(Some(Rv::None))
    }

    /// A deref of one scalar: a one-component swizzle becomes an index into the vector.
    fn scalar_deref(&mut self, place: Place) -> GResult<nir_like::Value> {
        match place.swizzle.as_deref() {
            None => Ok(place.deref),
            Some([c]) => Ok(self.b.deref_array_imm(place.deref, u32::from(*c))),
            Some(_) => self.unsupported("an atomic on several components"),
        }
    }

    /// `.length()` of a runtime-sized array: the last member of a storage block.
    pub(super) fn runtime_array_length(&mut self, array: &Expr) -> GResult<Rv> {
        let block = match &array.kind {
            crate::ast::ExprKind::Field(base, _) => self.place(base)?.deref,
            crate::ast::ExprKind::Ident(name) => match self.lookup(name)? {
                (Binding::Member(v, _), _) => self.b.deref_var(v),
                _ => return self.unsupported("length() of this array"),
            },
            _ => return self.unsupported("length() of this array"),
        };
        let len = self.b.intrinsic(IntrinsicOp::ArrayLength, &[block], Some(nir_like::ValueType::I32));
        Ok(Rv::V(len))
    }
}
