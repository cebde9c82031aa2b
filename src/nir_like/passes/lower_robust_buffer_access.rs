//! Robust buffer access without the device's help: every array index into a UBO or SSBO
//! is clamped to the last element (one `umin`), runtime-sized arrays against their length
//! at run time, so an out-of-bounds read sees the last element and a write lands there.

use crate::builder::Builder;
use crate::instr::{DerefKind, InstrKind, Value};
use crate::intrinsic::IntrinsicOp;
use crate::shader::Shader;
use crate::types::{BaseType, Type, ValueType};
use crate::validate::debug_validate;
use crate::variable::VariableMode;

pub fn lower_robust_buffer_access(shader: &mut Shader) -> bool {
    let sites = super::find_instrs(shader, |f, v| match &f.instrs[v].kind {
        InstrKind::Deref(d) => {
            matches!(d.mode, VariableMode::Ubo | VariableMode::Ssbo)
                && matches!(d.kind, DerefKind::Array { .. })
        }
        _ => false,
    });
    let mut progress = false;
    for &(func, block, index) in sites.iter().rev() {
        let deref = shader.functions[func].blocks[block].instrs[index];
        let f = &shader.functions[func];
        let InstrKind::Deref(d) = &f.instrs[deref].kind else {
            continue;
        };
        let DerefKind::Array { parent, index: idx } = d.kind else {
            continue;
        };
        let InstrKind::Deref(pd) = &f.instrs[parent].kind else {
            continue;
        };
        // The largest valid index: a constant, or the run-time length minus one.
        enum Bound {
            Const(u32),
            RuntimeOf(Value),
        }
        let bound = match &shader.types[pd.ty] {
            Type::Array {
                length: Some(n), ..
            } => Bound::Const(n.saturating_sub(1)),
            Type::Matrix { columns, .. } => Bound::Const(*columns as u32 - 1),
            Type::Vector(vt) => Bound::Const(vt.components as u32 - 1),
            Type::Array { length: None, .. } => match &f.instrs[parent].kind {
                InstrKind::Deref(p) => match p.kind {
                    DerefKind::Struct {
                        parent: block_deref,
                        ..
                    } => Bound::RuntimeOf(block_deref),
                    _ => continue,
                },
                _ => continue,
            },
            _ => continue,
        };
        let index_ty = f.value_type(idx).unwrap_or(ValueType::U32);
        if let InstrKind::Const(c) = &f.instrs[idx].kind {
            if let Bound::Const(max) = bound {
                if c.bits[0] <= max as u64 && !(index_ty.base == BaseType::Int && c.as_i64(0) < 0) {
                    continue;
                }
            }
        }
        let mut b = Builder::at(shader, func, block, index);
        let as_u32 = b.convert(idx, BaseType::Uint, 32);
        let max = match bound {
            Bound::Const(m) => b.imm_u32(m),
            Bound::RuntimeOf(block_deref) => {
                let len = b.intrinsic(
                    IntrinsicOp::ArrayLength,
                    &[block_deref],
                    Some(ValueType::U32),
                );
                let one = b.imm_u32(1);
                // An empty array clamps to 0 (and reads whatever robustness gives 0).
                let has = b.umax(len, one);
                b.isub(has, one)
            }
        };
        let clamped = b.umin(as_u32, max);
        if let InstrKind::Deref(d) = &mut shader.functions[func].instrs[deref].kind {
            d.kind = DerefKind::Array {
                parent,
                index: clamped,
            };
        }
        progress = true;
    }
    if progress {
        debug_validate(shader, "lower_robust_buffer_access");
    }
    progress
}
