//! Removes instructions whose values nobody uses and that have no other effect. A removed
//! instruction's sources lose a use, so chains of dead code go in one pass (worklist).

use std::collections::HashSet;

use crate::instr::{InstrKind, Value};
use crate::shader::Shader;
use crate::validate::debug_validate;

pub fn opt_dce(shader: &mut Shader) -> bool {
    let mut progress = false;
    for (_, func) in shader.functions.iter_mut() {
        let mut uses = super::use_counts(func);
        let live_in_body: Vec<Value> = func.instrs_in_order();
        let mut dead: HashSet<Value> = HashSet::new();
        let mut worklist: Vec<Value> = live_in_body
            .iter()
            .copied()
            .filter(|v| !uses.contains_key(v) && !has_effect(&func.instrs[*v].kind))
            .collect();
        while let Some(v) = worklist.pop() {
            if !dead.insert(v) {
                continue;
            }
            for src in func.instrs[v].kind.sources() {
                if let Some(n) = uses.get_mut(&src) {
                    *n -= 1;
                    if *n == 0 {
                        uses.remove(&src);
                        if !has_effect(&func.instrs[src].kind) && !dead.contains(&src) {
                            worklist.push(src);
                        }
                    }
                }
            }
        }
        if dead.is_empty() {
            continue;
        }
        progress = true;
        for b in func.blocks_in_order() {
            func.blocks[b].instrs.retain(|v| !dead.contains(v));
        }
    }
    if progress {
        debug_validate(shader, "opt_dce");
    }
    progress
}

/// Whether an instruction matters even when its value is unused.
fn has_effect(kind: &InstrKind) -> bool {
    match kind {
        InstrKind::Alu { .. }
        | InstrKind::Compose(_)
        | InstrKind::Swizzle { .. }
        | InstrKind::Const(_)
        | InstrKind::Undef
        | InstrKind::Deref(_)
        | InstrKind::Tex(_)
        | InstrKind::Phi(_) => false,
        InstrKind::Intrinsic(i) => i.op.has_side_effects(),
        InstrKind::Jump(_) | InstrKind::Call { .. } => true,
    }
}
