//! Structured control flow: a body is a list of nodes (blocks, ifs, loops) that starts and
//! ends with a block and never has two blocks side by side, as in NIR. Phis and the
//! backends rely on that shape: the block after an `if` is its merge, the first block of a
//! loop body is its header.

use crate::instr::Value;

/// A straight-line run of instructions; a jump may only be last.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Block {
    pub instrs: Vec<Value>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum CfNode {
    Block(crate::arena::Handle<Block>),
    If(Box<IfNode>),
    Loop(Box<LoopNode>),
}

#[derive(Clone, Debug, PartialEq)]
pub struct IfNode {
    /// A scalar bool.
    pub condition: Value,
    pub then_body: Vec<CfNode>,
    pub else_body: Vec<CfNode>,
}

/// A loop runs `body`, then `continue_body`, then starts over; it ends only by a break
/// (or return/halt). `continue` jumps to the start of `continue_body`.
#[derive(Clone, Debug, PartialEq)]
pub struct LoopNode {
    pub body: Vec<CfNode>,
    pub continue_body: Vec<CfNode>,
}

impl CfNode {
    pub fn as_block(&self) -> Option<crate::arena::Handle<Block>> {
        match self {
            CfNode::Block(b) => Some(*b),
            _ => None,
        }
    }
}
