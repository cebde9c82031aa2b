//! Functions and structured control flow. Each IR block starts a SPIR-V block; an `if`
//! becomes OpSelectionMerge + OpBranchConditional with the block after it as the merge;
//! a loop gets a header block (its phis and OpLoopMerge), its body, its continue construct
//! (the continue target) and the block after it as the merge. Phis are written with IR
//! predecessors and rewritten once the function is done against the real SPIR-V
//! predecessors, which a discard or a loop header may have split.

use std::collections::HashMap;

use nir_like::cfg;
use nir_like::{
    Block, CfNode, Function, Handle, InstrKind, IntrinsicOp, Jump, ParamKind, Stage, Value,
    VariableMode,
};
use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::{FunctionControl, LoopControl, Op, SelectionControl, Word};

use crate::emitter::{build_error, Emitter};
use crate::EmitError;

/// Per-function emission state.
pub(crate) struct FnState<'f> {
    pub func: &'f Function,
    pub values: HashMap<Value, Word>,
    /// Ids handed out for values used before their definition (phi sources), to be
    /// replaced by the id the definition turned out to have.
    reserved: HashMap<Value, Word>,
    pub locals: Vec<Word>,
    pub params: Vec<Word>,
    block_entry: HashMap<Handle<Block>, Word>,
    block_exit: HashMap<Handle<Block>, Word>,
    /// (merge label, continue label) of the enclosing loops.
    loops: Vec<(Word, Word)>,
    pub is_entry: bool,
}

impl<'f> FnState<'f> {
    /// The id of an already defined value.
    pub fn get(&self, v: Value) -> Result<Word, EmitError> {
        self.values.get(&v).copied().ok_or_else(|| {
            EmitError::Unsupported(format!("value %{} used before definition", v.index()))
        })
    }

    pub fn bind(&mut self, v: Value, id: Word) {
        self.values.insert(v, id);
    }
}

impl<'s> Emitter<'s> {
    pub(crate) fn emit_function(
        &mut self,
        h: Handle<Function>,
        func: &'s Function,
    ) -> Result<(), EmitError> {
        let ret = match func.return_type {
            Some(t) => self.checked_value_type(t)?,
            None => self.void_type,
        };
        let mut param_types = Vec::new();
        for p in &func.params {
            param_types.push(match &p.kind {
                ParamKind::Value(t) => self.checked_value_type(*t)?,
                ParamKind::Deref { ty, mode } => self.pointer_to(*ty, *mode)?,
            });
        }
        let fn_type = self.function_type(ret, param_types.clone());
        let fn_id = self.function_ids[h.index()];
        self.b
            .begin_function(ret, Some(fn_id), FunctionControl::NONE, fn_type)
            .map_err(build_error)?;
        self.name(fn_id, &func.name);
        let mut st = FnState {
            func,
            values: HashMap::new(),
            reserved: HashMap::new(),
            locals: Vec::new(),
            params: Vec::new(),
            block_entry: HashMap::new(),
            block_exit: HashMap::new(),
            loops: Vec::new(),
            is_entry: self.shader.entry == Some(h),
        };
        for (p, t) in func.params.iter().zip(param_types) {
            let id = self.b.function_parameter(t).map_err(build_error)?;
            self.name(id, &p.name);
            st.params.push(id);
        }
        let first = cfg::first_block(&func.body)
            .ok_or_else(|| EmitError::Unsupported("empty function body".into()))?;
        let label = self.entry_label(&mut st, first);
        self.b.begin_block(Some(label)).map_err(build_error)?;
        for (_, local) in func.locals.iter() {
            if self.has_runtime_array(local.ty) {
                return Err(EmitError::Unsupported(format!(
                    "local `{}`: a runtime-sized array (size implicit arrays first)",
                    local.name
                )));
            }
            let ptr = self.pointer_to(local.ty, VariableMode::FunctionLocal)?;
            let id = self.op(
                Op::Variable,
                ptr,
                vec![Operand::StorageClass(rspirv::spirv::StorageClass::Function)],
            )?;
            self.name(id, &local.name);
            st.locals.push(id);
        }
        let falls_through = self.emit_body(&mut st, &func.body, false)?;
        if falls_through {
            if func.return_type.is_none() {
                self.terminate(Op::Return, vec![])?;
            } else {
                self.terminate(Op::Unreachable, vec![])?;
            }
        }
        self.b.end_function().map_err(build_error)?;
        self.patch_phis(&st)?;
        Ok(())
    }

    fn entry_label(&mut self, st: &mut FnState, b: Handle<Block>) -> Word {
        if let Some(&l) = st.block_entry.get(&b) {
            return l;
        }
        let l = self.b.id();
        st.block_entry.insert(b, l);
        l
    }

    fn current_label(&self) -> Word {
        let m = self.b.module_ref();
        let f = self.b.selected_function().and_then(|f| m.functions.get(f));
        let block = self
            .b
            .selected_block()
            .and_then(|b| f.and_then(|f| f.blocks.get(b)));
        block
            .and_then(|b| b.label.as_ref())
            .and_then(|l| l.result_id)
            .unwrap_or(0)
    }

    /// Starts a new SPIR-V block.
    pub(crate) fn begin(&mut self, label: Word) -> Result<(), EmitError> {
        self.b.begin_block(Some(label)).map_err(build_error)?;
        Ok(())
    }

    /// Emits a body whose first block's label is already open; returns whether control
    /// falls off its end (the current block is then still open).
    fn emit_body(
        &mut self,
        st: &mut FnState<'s>,
        body: &'s [CfNode],
        skip_first_phis: bool,
    ) -> Result<bool, EmitError> {
        for (i, node) in body.iter().enumerate() {
            let next_block = body.get(i + 1).and_then(CfNode::as_block);
            match node {
                CfNode::Block(b) => {
                    if !self.emit_block(st, *b, skip_first_phis && i == 0)? {
                        return Ok(false);
                    }
                }
                CfNode::If(n) => {
                    let next = next_block.ok_or_else(|| {
                        EmitError::Unsupported("if without a following block".into())
                    })?;
                    let merge = self.entry_label(st, next);
                    let cond = st.get(n.condition)?;
                    let then_first = cfg::first_block(&n.then_body).ok_or_else(malformed)?;
                    let else_first = cfg::first_block(&n.else_body).ok_or_else(malformed)?;
                    let then_label = self.entry_label(st, then_first);
                    let else_label = self.entry_label(st, else_first);
                    self.op_void(
                        Op::SelectionMerge,
                        vec![
                            Operand::IdRef(merge),
                            Operand::SelectionControl(SelectionControl::NONE),
                        ],
                    )?;
                    self.terminate(
                        Op::BranchConditional,
                        vec![
                            Operand::IdRef(cond),
                            Operand::IdRef(then_label),
                            Operand::IdRef(else_label),
                        ],
                    )?;
                    self.begin(then_label)?;
                    let then_ft = self.emit_body(st, &n.then_body, false)?;
                    if then_ft {
                        self.terminate(Op::Branch, vec![Operand::IdRef(merge)])?;
                    }
                    self.begin(else_label)?;
                    let else_ft = self.emit_body(st, &n.else_body, false)?;
                    if else_ft {
                        self.terminate(Op::Branch, vec![Operand::IdRef(merge)])?;
                    }
                    self.begin(merge)?;
                    if !then_ft && !else_ft {
                        self.terminate(Op::Unreachable, vec![])?;
                        return Ok(false);
                    }
                }
                CfNode::Loop(n) => {
                    let next = next_block.ok_or_else(|| {
                        EmitError::Unsupported("loop without a following block".into())
                    })?;
                    let merge = self.entry_label(st, next);
                    let body_first = cfg::first_block(&n.body).ok_or_else(malformed)?;
                    let cont_first = cfg::first_block(&n.continue_body).ok_or_else(malformed)?;
                    let header = self.entry_label(st, body_first);
                    let cont = self.entry_label(st, cont_first);
                    self.terminate(Op::Branch, vec![Operand::IdRef(header)])?;
                    self.begin(header)?;
                    self.emit_phis(st, body_first)?;
                    self.op_void(
                        Op::LoopMerge,
                        vec![
                            Operand::IdRef(merge),
                            Operand::IdRef(cont),
                            Operand::LoopControl(LoopControl::NONE),
                        ],
                    )?;
                    let body_start = self.b.id();
                    self.terminate(Op::Branch, vec![Operand::IdRef(body_start)])?;
                    self.begin(body_start)?;
                    st.loops.push((merge, cont));
                    let body_ft = self.emit_body(st, &n.body, true)?;
                    if body_ft {
                        self.terminate(Op::Branch, vec![Operand::IdRef(cont)])?;
                    }
                    self.begin(cont)?;
                    let mut continues = Vec::new();
                    cfg::collect_jumps(st.func, &n.body, Jump::Continue, &mut continues);
                    if body_ft || !continues.is_empty() {
                        // SPIR-V leaves a continue construct only through its back-edge
                        // block, so a final `if (c) break;` becomes that block's branch.
                        let exit = conditional_exit(st.func, &n.continue_body);
                        let prefix = match &exit {
                            Some(e) => &n.continue_body[..e.prefix_len],
                            None => &n.continue_body[..],
                        };
                        let mut stray_breaks = Vec::new();
                        cfg::collect_jumps(st.func, prefix, Jump::Break, &mut stray_breaks);
                        if !stray_breaks.is_empty() {
                            return Err(EmitError::Unsupported(
                                "break inside a loop's continue construct other than a final `if (c) break;`".into(),
                            ));
                        }
                        if self.emit_body(st, prefix, false)? {
                            match exit {
                                Some(e) => {
                                    let here = self.current_label();
                                    for b in [e.then_block, e.else_block, e.trailing_block] {
                                        st.block_exit.insert(b, here);
                                    }
                                    let cond = st.get(e.condition)?;
                                    let (on_true, on_false) = if e.break_when_true {
                                        (merge, header)
                                    } else {
                                        (header, merge)
                                    };
                                    self.terminate(
                                        Op::BranchConditional,
                                        vec![
                                            Operand::IdRef(cond),
                                            Operand::IdRef(on_true),
                                            Operand::IdRef(on_false),
                                        ],
                                    )?;
                                }
                                None => self.terminate(Op::Branch, vec![Operand::IdRef(header)])?,
                            }
                        }
                    } else {
                        // Unreachable continue construct: SPIR-V still wants the back edge.
                        self.terminate(Op::Branch, vec![Operand::IdRef(header)])?;
                    }
                    st.loops.pop();
                    self.begin(merge)?;
                    if !cfg::node_falls_through(st.func, node) {
                        self.terminate(Op::Unreachable, vec![])?;
                        return Ok(false);
                    }
                }
            }
        }
        Ok(true)
    }

    fn emit_phis(&mut self, st: &mut FnState<'s>, b: Handle<Block>) -> Result<(), EmitError> {
        for &v in &st.func.blocks[b].instrs {
            if matches!(st.func.kind(v), InstrKind::Phi(_)) {
                self.emit_instr(st, v)?;
            }
        }
        Ok(())
    }

    /// Emits one block into the open SPIR-V block; returns false when it ended in a jump.
    fn emit_block(
        &mut self,
        st: &mut FnState<'s>,
        b: Handle<Block>,
        skip_phis: bool,
    ) -> Result<bool, EmitError> {
        let func = st.func;
        for &v in &func.blocks[b].instrs {
            let kind = func.kind(v);
            if skip_phis && matches!(kind, InstrKind::Phi(_)) {
                continue;
            }
            if let InstrKind::Jump(j) = kind {
                st.block_exit.insert(b, self.current_label());
                self.emit_jump(st, *j)?;
                return Ok(false);
            }
            if let InstrKind::Intrinsic(i) = kind {
                if i.op == IntrinsicOp::Discard {
                    self.emit_discard()?;
                    continue;
                }
            }
            self.emit_instr(st, v)?;
        }
        st.block_exit.insert(b, self.current_label());
        Ok(true)
    }

    fn emit_jump(&mut self, st: &mut FnState<'s>, j: Jump) -> Result<(), EmitError> {
        match j {
            Jump::Break => {
                let (merge, _) = *st.loops.last().ok_or_else(malformed)?;
                self.terminate(Op::Branch, vec![Operand::IdRef(merge)])
            }
            Jump::Continue => {
                let (_, cont) = *st.loops.last().ok_or_else(malformed)?;
                self.terminate(Op::Branch, vec![Operand::IdRef(cont)])
            }
            Jump::Return(None) => self.terminate(Op::Return, vec![]),
            Jump::Return(Some(v)) => {
                let id = st.get(v)?;
                self.terminate(Op::ReturnValue, vec![Operand::IdRef(id)])
            }
            Jump::Halt => {
                if self.shader.stage == Stage::Fragment {
                    self.terminate(Op::Kill, vec![])
                } else if st.is_entry && st.func.return_type.is_none() {
                    self.terminate(Op::Return, vec![])
                } else {
                    Err(EmitError::Unsupported(
                        "halt outside the fragment stage's entry point".into(),
                    ))
                }
            }
        }
    }

    /// GLSL discard: OpKill must end a block, so it sits in a selection on `true` and the
    /// rest of the IR block continues in the merge.
    pub(crate) fn emit_discard(&mut self) -> Result<(), EmitError> {
        let t = self.constant(nir_like::ValueType::BOOL, &[1]);
        let kill = self.b.id();
        let after = self.b.id();
        self.op_void(
            Op::SelectionMerge,
            vec![
                Operand::IdRef(after),
                Operand::SelectionControl(SelectionControl::NONE),
            ],
        )?;
        self.terminate(
            Op::BranchConditional,
            vec![
                Operand::IdRef(t),
                Operand::IdRef(kill),
                Operand::IdRef(after),
            ],
        )?;
        self.begin(kill)?;
        self.terminate(Op::Kill, vec![])?;
        self.begin(after)
    }

    /// The id to use for `v` at a use that may precede its definition (phi sources).
    pub(crate) fn forward_ref(&mut self, st: &mut FnState, v: Value) -> Word {
        if let Some(&id) = st.values.get(&v) {
            return id;
        }
        if let Some(&id) = st.reserved.get(&v) {
            return id;
        }
        let id = self.b.id();
        st.reserved.insert(v, id);
        id
    }

    /// Emits a placeholder OpPhi: pairs of (value, IR predecessor's entry label).
    pub(crate) fn emit_phi(
        &mut self,
        st: &mut FnState<'s>,
        srcs: &[nir_like::PhiSrc],
        ty: Word,
    ) -> Result<Word, EmitError> {
        let mut operands = Vec::new();
        for s in srcs {
            let value = self.forward_ref(st, s.value);
            let pred = self.entry_label(st, s.pred);
            operands.push(Operand::IdRef(value));
            operands.push(Operand::IdRef(pred));
        }
        self.op(Op::Phi, ty, operands)
    }

    /// Rewrites the phis of the function just finished against its real predecessors, and
    /// forward references against the ids their definitions got.
    fn patch_phis(&mut self, st: &FnState) -> Result<(), EmitError> {
        let mut forward: HashMap<Word, Word> = HashMap::new();
        for (v, reserved) in &st.reserved {
            let actual = st.values.get(v).copied();
            forward.insert(*reserved, actual.unwrap_or(0));
        }
        // IR entry label -> SPIR-V label that ends that IR block.
        let mut exit_of_entry: HashMap<Word, Word> = HashMap::new();
        for (b, entry) in &st.block_entry {
            if let Some(exit) = st.block_exit.get(b) {
                exit_of_entry.insert(*entry, *exit);
            }
        }
        let func_index = self.b.module_ref().functions.len() - 1;
        // Predecessors in the emitted SPIR-V.
        let mut preds: HashMap<Word, Vec<Word>> = HashMap::new();
        for block in &self.b.module_ref().functions[func_index].blocks {
            let label = block.label.as_ref().and_then(|l| l.result_id).unwrap_or(0);
            if let Some(term) = block.instructions.last() {
                let targets: Vec<Word> = match term.class.opcode {
                    Op::Branch => vec![id_operand(&term.operands[0])],
                    Op::BranchConditional => {
                        vec![id_operand(&term.operands[1]), id_operand(&term.operands[2])]
                    }
                    _ => vec![],
                };
                for t in targets {
                    let list = preds.entry(t).or_default();
                    if !list.contains(&label) {
                        list.push(label);
                    }
                }
            }
        }
        let mut undefs: Vec<(Word, Word)> = Vec::new();
        let mut new_undefs = Vec::new();
        // Collect the rewrite first (ids for undefs are allocated as needed).
        let blocks_snapshot: Vec<(Word, Vec<PhiSnapshot>)> = {
            let f = &self.b.module_ref().functions[func_index];
            f.blocks
                .iter()
                .map(|blk| {
                    let label = blk.label.as_ref().and_then(|l| l.result_id).unwrap_or(0);
                    let phis = blk
                        .instructions
                        .iter()
                        .enumerate()
                        .filter(|(_, i)| i.class.opcode == Op::Phi)
                        .map(|(idx, i)| {
                            let pairs = i
                                .operands
                                .chunks(2)
                                .map(|c| (id_operand(&c[0]), id_operand(&c[1])))
                                .collect();
                            (idx, i.result_type.unwrap_or(0), pairs)
                        })
                        .collect();
                    (label, phis)
                })
                .collect()
        };
        let mut rewrites: Vec<(usize, usize, Vec<Operand>)> = Vec::new();
        for (block_index, (label, phis)) in blocks_snapshot.into_iter().enumerate() {
            let block_preds = preds.get(&label).cloned().unwrap_or_default();
            for (instr_index, ty, pairs) in phis {
                let mut operands = Vec::new();
                for p in &block_preds {
                    let value = pairs
                        .iter()
                        .find(|(_, pred)| exit_of_entry.get(pred) == Some(p))
                        .map(|(val, _)| {
                            forward
                                .get(val)
                                .copied()
                                .filter(|&x| x != 0)
                                .unwrap_or(*val)
                        });
                    let value = match value {
                        Some(v) => v,
                        None => match undefs.iter().find(|(t, _)| *t == ty) {
                            Some((_, u)) => *u,
                            None => {
                                let u = self.b.id();
                                undefs.push((ty, u));
                                new_undefs.push(Instruction::new(
                                    Op::Undef,
                                    Some(ty),
                                    Some(u),
                                    vec![],
                                ));
                                u
                            }
                        },
                    };
                    operands.push(Operand::IdRef(value));
                    operands.push(Operand::IdRef(*p));
                }
                rewrites.push((block_index, instr_index, operands));
            }
        }
        let module = self.b.module_mut();
        module.types_global_values.extend(new_undefs);
        let f = &mut module.functions[func_index];
        for (bi, ii, operands) in rewrites {
            f.blocks[bi].instructions[ii].operands = operands;
        }
        Ok(())
    }
}

/// A continue construct ending in `if (c) break;` (or `if (c) {} else break;`).
struct ConditionalExit {
    /// The nodes before the if (they end with the back-edge block).
    prefix_len: usize,
    condition: Value,
    break_when_true: bool,
    then_block: Handle<Block>,
    else_block: Handle<Block>,
    trailing_block: Handle<Block>,
}

fn conditional_exit(func: &Function, body: &[CfNode]) -> Option<ConditionalExit> {
    let n = body.len();
    if n < 3 {
        return None;
    }
    let trailing_block = body[n - 1].as_block()?;
    let CfNode::If(node) = &body[n - 2] else {
        return None;
    };
    if !func.blocks[trailing_block].instrs.is_empty()
        || node.then_body.len() != 1
        || node.else_body.len() != 1
    {
        return None;
    }
    let then_block = node.then_body[0].as_block()?;
    let else_block = node.else_body[0].as_block()?;
    let is_break = |b: Handle<Block>| {
        let instrs = &func.blocks[b].instrs;
        instrs.len() == 1 && matches!(func.kind(instrs[0]), InstrKind::Jump(Jump::Break))
    };
    let is_empty = |b: Handle<Block>| func.blocks[b].instrs.is_empty();
    let break_when_true = if is_break(then_block) && is_empty(else_block) {
        true
    } else if is_empty(then_block) && is_break(else_block) {
        false
    } else {
        return None;
    };
    Some(ConditionalExit {
        prefix_len: n - 2,
        condition: node.condition,
        break_when_true,
        then_block,
        else_block,
        trailing_block,
    })
}

/// A phi as emitted: its index in the block, its type, and its (value, parent) pairs.
type PhiSnapshot = (usize, Word, Vec<(Word, Word)>);

fn id_operand(o: &Operand) -> Word {
    match o {
        Operand::IdRef(id) => *id,
        _ => 0,
    }
}

fn malformed() -> EmitError {
    EmitError::Unsupported("malformed control flow".into())
}
