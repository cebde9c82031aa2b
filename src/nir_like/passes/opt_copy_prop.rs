//! Replaces uses of copies (identity swizzles, one-source vector constructions, same-type
//! bitcasts and conversions) with the value copied, leaving the copies to `opt_dce`.

use std::collections::HashMap;

use crate::alu_op::AluOp;
use crate::control_flow::CfNode;
use crate::function::Function;
use crate::instr::{InstrKind, Value};
use crate::shader::Shader;
use crate::validate::debug_validate;

pub fn opt_copy_prop(shader: &mut Shader) -> bool {
    let mut progress = false;
    for (_, func) in shader.functions.iter_mut() {
        let mut copy_of: HashMap<Value, Value> = HashMap::new();
        for v in func.instrs_in_order() {
            let instr = &func.instrs[v];
            let src = match &instr.kind {
                InstrKind::Swizzle { src, components }
                    if func.value_type(*src) == instr.ty
                        && components.iter().enumerate().all(|(i, &c)| i == c as usize) =>
                {
                    Some(*src)
                }
                InstrKind::Compose(srcs)
                    if srcs.len() == 1 && func.value_type(srcs[0]) == instr.ty =>
                {
                    Some(srcs[0])
                }
                InstrKind::Alu {
                    op: AluOp::Bitcast | AluOp::F2f | AluOp::I2i | AluOp::U2u,
                    srcs,
                } if func.value_type(srcs[0]) == instr.ty => Some(srcs[0]),
                _ => None,
            };
            if let Some(src) = src {
                let root = *copy_of.get(&src).unwrap_or(&src);
                copy_of.insert(v, root);
            }
        }
        if copy_of.is_empty() {
            continue;
        }
        let resolve = |v: Value| *copy_of.get(&v).unwrap_or(&v);
        for v in func.instrs_in_order() {
            let before = func.instrs[v].kind.sources();
            func.instrs[v].kind.map_sources(resolve);
            progress |= before != func.instrs[v].kind.sources();
        }
        progress |= rewrite_conditions(func, &copy_of);
    }
    if progress {
        debug_validate(shader, "opt_copy_prop");
    }
    progress
}

fn rewrite_conditions(func: &mut Function, copy_of: &HashMap<Value, Value>) -> bool {
    fn walk(body: &mut [CfNode], copy_of: &HashMap<Value, Value>) -> bool {
        let mut changed = false;
        for node in body {
            match node {
                CfNode::Block(_) => {}
                CfNode::If(n) => {
                    if let Some(&c) = copy_of.get(&n.condition) {
                        n.condition = c;
                        changed = true;
                    }
                    changed |= walk(&mut n.then_body, copy_of);
                    changed |= walk(&mut n.else_body, copy_of);
                }
                CfNode::Loop(n) => {
                    changed |= walk(&mut n.body, copy_of);
                    changed |= walk(&mut n.continue_body, copy_of);
                }
            }
        }
        changed
    }
    walk(&mut func.body, copy_of)
}
