//! Functions: parameters, a return type, and the arenas of their instructions, blocks and
//! local variables.

use crate::arena::{Arena, Handle};
use crate::control_flow::{Block, CfNode};
use crate::instr::{Instr, InstrKind, Value};
use crate::types::{Type, ValueType};
use crate::variable::{Local, VariableMode};

/// How a parameter is passed.
#[derive(Clone, Debug, PartialEq)]
pub enum ParamKind {
    /// By value; read with the `load_param` intrinsic.
    Value(ValueType),
    /// By reference (GLSL out/inout through a local copy, samplers, images); used as the
    /// root of derefs (`DerefKind::Param`).
    Deref {
        ty: Handle<Type>,
        mode: VariableMode,
    },
}

#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    pub name: String,
    pub kind: ParamKind,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Function {
    pub name: String,
    pub params: Vec<Param>,
    pub return_type: Option<ValueType>,
    pub instrs: Arena<Instr>,
    pub blocks: Arena<Block>,
    pub locals: Arena<Local>,
    pub body: Vec<CfNode>,
}

impl Function {
    /// An empty function whose body is one empty block.
    pub fn new(
        name: impl Into<String>,
        params: Vec<Param>,
        return_type: Option<ValueType>,
    ) -> Self {
        let mut blocks = Arena::new();
        let first = blocks.append(Block::default());
        Function {
            name: name.into(),
            params,
            return_type,
            instrs: Arena::new(),
            blocks,
            locals: Arena::new(),
            body: vec![CfNode::Block(first)],
        }
    }

    /// The type of an SSA value, if it has one.
    pub fn value_type(&self, value: Value) -> Option<ValueType> {
        self.instrs.try_get(value).and_then(|i| i.ty)
    }

    pub fn kind(&self, value: Value) -> &InstrKind {
        &self.instrs[value].kind
    }

    /// Every block of the body, in program order.
    pub fn blocks_in_order(&self) -> Vec<Handle<Block>> {
        let mut out = Vec::new();
        collect_blocks(&self.body, &mut out);
        out
    }

    /// Every instruction of the body, in program order.
    pub fn instrs_in_order(&self) -> Vec<Value> {
        self.blocks_in_order()
            .into_iter()
            .flat_map(|b| self.blocks[b].instrs.clone())
            .collect()
    }
}

fn collect_blocks(body: &[CfNode], out: &mut Vec<Handle<Block>>) {
    for node in body {
        match node {
            CfNode::Block(b) => out.push(*b),
            CfNode::If(n) => {
                collect_blocks(&n.then_body, out);
                collect_blocks(&n.else_body, out);
            }
            CfNode::Loop(n) => {
                collect_blocks(&n.body, out);
                collect_blocks(&n.continue_body, out);
            }
        }
    }
}
