//! The control-flow graph the structured tree implies: which blocks reach which, and which
//! bodies fall through to what follows them. Phis, the validator and backends use it.

use std::collections::HashMap;

use crate::arena::Handle;
use crate::control_flow::{Block, CfNode};
use crate::function::Function;
use crate::instr::{InstrKind, Jump};

/// The jump that ends `block`, if any.
pub fn block_jump(func: &Function, block: Handle<Block>) -> Option<Jump> {
    let last = *func.blocks.try_get(block)?.instrs.last()?;
    match func.instrs.try_get(last).map(|i| &i.kind) {
        Some(InstrKind::Jump(j)) => Some(*j),
        _ => None,
    }
}

/// Whether control can run off the end of `body` (it is reached and does not jump away).
pub fn body_falls_through(func: &Function, body: &[CfNode]) -> bool {
    let mut reachable = true;
    for node in body {
        reachable = reachable && node_falls_through(func, node);
    }
    reachable
}

/// Whether control can leave `node` at its end, assuming it is entered.
pub fn node_falls_through(func: &Function, node: &CfNode) -> bool {
    match node {
        CfNode::Block(b) => block_jump(func, *b).is_none(),
        CfNode::If(n) => {
            body_falls_through(func, &n.then_body) || body_falls_through(func, &n.else_body)
        }
        CfNode::Loop(n) => loop_has_break(func, &n.body) || loop_has_break(func, &n.continue_body),
    }
}

/// Whether a reachable `break` leaves the loop whose body is `body`.
pub fn loop_has_break(func: &Function, body: &[CfNode]) -> bool {
    let mut found = Vec::new();
    collect_jumps(func, body, Jump::Break, &mut found);
    !found.is_empty()
}

/// The reachable blocks of `body` (not inside nested loops) that end with `kind`
/// (break or continue, which target the enclosing loop).
pub fn collect_jumps(func: &Function, body: &[CfNode], kind: Jump, out: &mut Vec<Handle<Block>>) {
    let mut reachable = true;
    for node in body {
        if !reachable {
            break;
        }
        match node {
            CfNode::Block(b) => {
                if let Some(j) = block_jump(func, *b) {
                    if j == kind {
                        out.push(*b);
                    }
                }
            }
            CfNode::If(n) => {
                collect_jumps(func, &n.then_body, kind, out);
                collect_jumps(func, &n.else_body, kind, out);
            }
            CfNode::Loop(_) => {}
        }
        reachable = node_falls_through(func, node);
    }
}

/// The first block of a body (bodies start with a block).
pub fn first_block(body: &[CfNode]) -> Option<Handle<Block>> {
    body.first().and_then(CfNode::as_block)
}

/// The last block of a body (bodies end with a block).
pub fn last_block(body: &[CfNode]) -> Option<Handle<Block>> {
    body.last().and_then(CfNode::as_block)
}

/// Predecessors of every reachable block.
pub fn predecessors(func: &Function) -> HashMap<Handle<Block>, Vec<Handle<Block>>> {
    let mut preds = HashMap::new();
    body_preds(func, &func.body, Vec::new(), &mut preds);
    preds
}

/// Records the predecessors inside `body`, whose first block is entered from `entry`;
/// returns the blocks that fall off its end.
fn body_preds(
    func: &Function,
    body: &[CfNode],
    entry: Vec<Handle<Block>>,
    preds: &mut HashMap<Handle<Block>, Vec<Handle<Block>>>,
) -> Vec<Handle<Block>> {
    // `incoming` holds the blocks that flow into the next node.
    let mut incoming = entry;
    let mut reachable = true;
    for node in body {
        if !reachable {
            break;
        }
        match node {
            CfNode::Block(b) => {
                preds.entry(*b).or_default().append(&mut incoming);
                incoming = if block_jump(func, *b).is_none() {
                    vec![*b]
                } else {
                    Vec::new()
                };
            }
            CfNode::If(n) => {
                let mut out = body_preds(func, &n.then_body, incoming.clone(), preds);
                out.extend(body_preds(func, &n.else_body, incoming, preds));
                incoming = out;
            }
            CfNode::Loop(n) => {
                let header = first_block(&n.body);
                let body_out = body_preds(func, &n.body, incoming, preds);
                let mut to_continue = body_out;
                collect_jumps(func, &n.body, Jump::Continue, &mut to_continue);
                let cont_out = body_preds(func, &n.continue_body, to_continue, preds);
                if let Some(h) = header {
                    preds.entry(h).or_default().extend(cont_out);
                }
                let mut breaks = Vec::new();
                collect_jumps(func, &n.body, Jump::Break, &mut breaks);
                collect_jumps(func, &n.continue_body, Jump::Break, &mut breaks);
                incoming = breaks;
            }
        }
        reachable = !incoming.is_empty();
    }
    incoming
}
