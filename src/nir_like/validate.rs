//! The validator: checks control-flow shape, SSA dominance, the types of every source and
//! result, and deref chains. Passes run it after themselves in debug builds
//! ([`debug_validate`]), so a broken pass is caught where it broke.

use std::collections::{HashMap, HashSet};
use std::fmt;

use crate::alu_op::{AluOp, OutputRule};
use crate::arena::Handle;
use crate::cfg;
use crate::control_flow::{Block, CfNode};
use crate::function::{Function, ParamKind};
use crate::instr::{DerefKind, InstrKind, Jump, Value};
use crate::intrinsic::{AtomicOp, IntrinsicOp};
use crate::shader::{Shader, Stage};
use crate::texture::{TexOp, TexSrcKind};
use crate::types::{BaseType, Type, ValueType};
use crate::variable::VariableMode;

/// One problem, located by function and (program-order) value number where there is one.
#[derive(Clone, Debug, PartialEq)]
pub struct ValidationError {
    pub function: String,
    /// Arena index of the offending instruction.
    pub instr: Option<usize>,
    pub kind: ErrorKind,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ErrorKind {
    NoEntryPoint,
    /// The entry point takes parameters or returns a value.
    EntryPointSignature,
    BadHandle(&'static str),
    /// A body that is empty, does not start/end with a block, or has two blocks in a row.
    MalformedBody,
    BlockUsedTwice,
    InstrUsedTwice,
    JumpNotLast,
    JumpOutsideLoop(Jump),
    ReturnTypeMismatch,
    PhiNotAtBlockStart,
    PhiPredecessorMismatch,
    /// A source that is not defined before its use on every path.
    NotDominated,
    /// A source that should be a value but is a deref or defines nothing, or vice versa.
    ExpectedValue,
    ExpectedDeref,
    InvalidType(ValueType),
    WrongSourceCount {
        expected: usize,
        found: usize,
    },
    /// Source `index` has a type the instruction does not accept.
    SourceType {
        index: usize,
        found: Option<ValueType>,
    },
    /// The result type is not what the sources and opcode give.
    ResultType {
        expected: Option<ValueType>,
        found: Option<ValueType>,
    },
    SwizzleOutOfRange,
    ConstantShape,
    DerefTypeMismatch,
    DerefModeMismatch,
    DerefParent,
    NotLoadable,
    ConditionNotScalarBool,
    ArgumentMismatch(usize),
    StageMismatch(&'static str),
    BadTexture,
}

impl fmt::Display for ValidationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "in function `{}`", self.function)?;
        if let Some(i) = self.instr {
            write!(f, ", instruction #{i}")?;
        }
        write!(f, ": {:?}", self.kind)
    }
}

impl std::error::Error for ValidationError {}

/// Validates the whole shader; returns every problem found.
pub fn validate(shader: &Shader) -> Result<(), Vec<ValidationError>> {
    let mut errors = Vec::new();
    match shader.entry {
        None => errors.push(ValidationError {
            function: String::new(),
            instr: None,
            kind: ErrorKind::NoEntryPoint,
        }),
        Some(e) if shader.functions.try_get(e).is_none() => errors.push(ValidationError {
            function: String::new(),
            instr: None,
            kind: ErrorKind::BadHandle("entry"),
        }),
        Some(e)
            if !shader.functions[e].params.is_empty()
                || shader.functions[e].return_type.is_some() =>
        {
            errors.push(ValidationError {
                function: shader.functions[e].name.clone(),
                instr: None,
                kind: ErrorKind::EntryPointSignature,
            })
        }
        _ => {}
    }
    for (_, ty) in shader.types.iter() {
        let inner: Vec<Handle<Type>> = match ty {
            Type::Array { element, .. } => vec![*element],
            Type::Struct { members, .. } => members.iter().map(|m| m.ty).collect(),
            _ => Vec::new(),
        };
        if inner.iter().any(|h| shader.types.try_get(*h).is_none()) {
            errors.push(ValidationError {
                function: String::new(),
                instr: None,
                kind: ErrorKind::BadHandle("type"),
            });
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    for (_, var) in shader.variables.iter() {
        if shader.types.try_get(var.ty).is_none() {
            errors.push(ValidationError {
                function: String::new(),
                instr: None,
                kind: ErrorKind::BadHandle("variable type"),
            });
        }
    }
    for (_, func) in shader.functions.iter() {
        FunctionValidator::new(shader, func, &mut errors).run();
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// Runs the validator in debug builds and panics with the printed shader on failure: for
/// use right after a pass, where an invalid result is a bug in the pass.
pub fn debug_validate(shader: &Shader, after: &str) {
    if cfg!(debug_assertions) {
        if let Err(errors) = validate(shader) {
            let list: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
            panic!(
                "invalid IR after {after}:\n{}\n{}",
                list.join("\n"),
                crate::print::print_shader(shader)
            );
        }
    }
}

struct FunctionValidator<'a> {
    shader: &'a Shader,
    func: &'a Function,
    errors: &'a mut Vec<ValidationError>,
    /// Values visible at the current point, as a scope stack.
    visible: HashSet<Value>,
    scope: Vec<Value>,
    seen_blocks: HashSet<Handle<Block>>,
    seen_instrs: HashSet<Value>,
    preds: HashMap<Handle<Block>, Vec<Handle<Block>>>,
    /// Values visible at the end of each block (for phi sources).
    visible_at_end: HashMap<Handle<Block>, HashSet<Value>>,
    /// Blocks some phi names as a predecessor: only these need `visible_at_end`.
    phi_preds: HashSet<Handle<Block>>,
    pending_phis: Vec<(Value, Handle<Block>)>,
}

impl<'a> FunctionValidator<'a> {
    fn new(shader: &'a Shader, func: &'a Function, errors: &'a mut Vec<ValidationError>) -> Self {
        FunctionValidator {
            shader,
            func,
            errors,
            visible: HashSet::new(),
            scope: Vec::new(),
            seen_blocks: HashSet::new(),
            seen_instrs: HashSet::new(),
            preds: cfg::predecessors(func),
            visible_at_end: HashMap::new(),
            phi_preds: func
                .instrs
                .iter()
                .filter_map(|(_, i)| match &i.kind {
                    InstrKind::Phi(srcs) => Some(srcs.iter().map(|s| s.pred).collect::<Vec<_>>()),
                    _ => None,
                })
                .flatten()
                .collect(),
            pending_phis: Vec::new(),
        }
    }

    fn error(&mut self, instr: Option<Value>, kind: ErrorKind) {
        self.errors.push(ValidationError {
            function: self.func.name.clone(),
            instr: instr.map(|v| v.index()),
            kind,
        });
    }

    fn run(mut self) {
        self.body(&self.func.body, 0);
        for (phi, block) in std::mem::take(&mut self.pending_phis) {
            self.check_phi(phi, block);
        }
    }

    fn body(&mut self, body: &'a [CfNode], loop_depth: usize) {
        let well_formed = !body.is_empty()
            && matches!(body.first(), Some(CfNode::Block(_)))
            && matches!(body.last(), Some(CfNode::Block(_)))
            && body
                .windows(2)
                .all(|w| !(matches!(w[0], CfNode::Block(_)) && matches!(w[1], CfNode::Block(_))));
        if !well_formed {
            self.error(None, ErrorKind::MalformedBody);
        }
        let mark = self.scope.len();
        for node in body {
            match node {
                CfNode::Block(b) => self.block(*b, loop_depth),
                CfNode::If(n) => {
                    self.check_value_src(None, n.condition);
                    if self.func.value_type(n.condition) != Some(ValueType::BOOL) {
                        self.error(Some(n.condition), ErrorKind::ConditionNotScalarBool);
                    }
                    self.body(&n.then_body, loop_depth);
                    self.body(&n.else_body, loop_depth);
                }
                CfNode::Loop(n) => {
                    self.body(&n.body, loop_depth + 1);
                    // The loop's first block dominates its continue construct and the
                    // code after the loop.
                    let header_values: Vec<Value> = cfg::first_block(&n.body)
                        .and_then(|h| self.func.blocks.try_get(h))
                        .map(|h| h.instrs.clone())
                        .unwrap_or_default();
                    for v in header_values {
                        if self.visible.insert(v) {
                            self.scope.push(v);
                        }
                    }
                    self.body(&n.continue_body, loop_depth + 1);
                    // Every way out of the loop passes its first block too: its values
                    // stay visible after the loop (in the enclosing scope).
                }
            }
        }
        for v in self.scope.drain(mark..) {
            self.visible.remove(&v);
        }
    }

    fn block(&mut self, b: Handle<Block>, loop_depth: usize) {
        let Some(block) = self.func.blocks.try_get(b) else {
            self.error(None, ErrorKind::BadHandle("block"));
            return;
        };
        if !self.seen_blocks.insert(b) {
            self.error(None, ErrorKind::BlockUsedTwice);
        }
        let mut phis_allowed = true;
        for (i, &v) in block.instrs.iter().enumerate() {
            if !self.seen_instrs.insert(v) {
                self.error(Some(v), ErrorKind::InstrUsedTwice);
            }
            let Some(instr) = self.func.instrs.try_get(v) else {
                self.error(None, ErrorKind::BadHandle("instruction"));
                continue;
            };
            match &instr.kind {
                InstrKind::Phi(_) => {
                    if !phis_allowed {
                        self.error(Some(v), ErrorKind::PhiNotAtBlockStart);
                    }
                    self.pending_phis.push((v, b));
                }
                InstrKind::Jump(j) => {
                    phis_allowed = false;
                    if i + 1 != block.instrs.len() {
                        self.error(Some(v), ErrorKind::JumpNotLast);
                    }
                    if matches!(j, Jump::Break | Jump::Continue) && loop_depth == 0 {
                        self.error(Some(v), ErrorKind::JumpOutsideLoop(*j));
                    }
                    self.check_instr(v);
                }
                _ => {
                    phis_allowed = false;
                    self.check_instr(v);
                }
            }
            self.visible.insert(v);
            self.scope.push(v);
        }
        if self.phi_preds.contains(&b) {
            self.visible_at_end.insert(b, self.visible.clone());
        }
    }

    fn check_phi(&mut self, phi: Value, block: Handle<Block>) {
        let InstrKind::Phi(srcs) = &self.func.instrs[phi].kind else {
            return;
        };
        let ty = self.func.instrs[phi].ty;
        let mut preds: Vec<Handle<Block>> = self.preds.get(&block).cloned().unwrap_or_default();
        let mut got: Vec<Handle<Block>> = srcs.iter().map(|s| s.pred).collect();
        preds.sort();
        got.sort();
        if preds != got {
            self.error(Some(phi), ErrorKind::PhiPredecessorMismatch);
        }
        for s in srcs.clone() {
            let visible = self
                .visible_at_end
                .get(&s.pred)
                .map(|set| set.contains(&s.value))
                .unwrap_or(false);
            if !visible {
                self.error(Some(phi), ErrorKind::NotDominated);
            } else if self.func.value_type(s.value) != ty {
                self.error(
                    Some(phi),
                    ErrorKind::ResultType {
                        expected: ty,
                        found: self.func.value_type(s.value),
                    },
                );
            }
        }
    }

    /// Checks that `src` is visible here and is a value; returns its type.
    fn check_value_src(&mut self, user: Option<Value>, src: Value) -> Option<ValueType> {
        if !self.visible.contains(&src) {
            self.error(user.or(Some(src)), ErrorKind::NotDominated);
            return None;
        }
        match self.func.instrs.try_get(src) {
            Some(i) if i.ty.is_some() => i.ty,
            _ => {
                self.error(user, ErrorKind::ExpectedValue);
                None
            }
        }
    }

    /// Checks that `src` is visible here and is a deref; returns its type and mode.
    fn check_deref_src(&mut self, user: Value, src: Value) -> Option<(Handle<Type>, VariableMode)> {
        if !self.visible.contains(&src) {
            self.error(Some(user), ErrorKind::NotDominated);
            return None;
        }
        match self.func.instrs.try_get(src).map(|i| &i.kind) {
            Some(InstrKind::Deref(d)) if self.shader.types.try_get(d.ty).is_some() => {
                Some((d.ty, d.mode))
            }
            Some(InstrKind::Deref(_)) => None,
            _ => {
                self.error(Some(user), ErrorKind::ExpectedDeref);
                None
            }
        }
    }

    fn check_instr(&mut self, v: Value) {
        let instr = &self.func.instrs[v];
        if let Some(t) = instr.ty {
            if !t.is_valid() {
                self.error(Some(v), ErrorKind::InvalidType(t));
            }
        }
        match &instr.kind {
            InstrKind::Alu { op, srcs } => self.check_alu(v, *op, srcs),
            InstrKind::Compose(srcs) => {
                let types: Vec<Option<ValueType>> = srcs
                    .iter()
                    .map(|s| self.check_value_src(Some(v), *s))
                    .collect();
                let Some(ty) = instr.ty else {
                    return self.error(Some(v), ErrorKind::ExpectedValue);
                };
                let mut total = 0u32;
                for (i, t) in types.iter().enumerate() {
                    match t {
                        Some(t) if t.base == ty.base && t.bits == ty.bits => {
                            total += t.components as u32
                        }
                        _ => self.error(
                            Some(v),
                            ErrorKind::SourceType {
                                index: i,
                                found: *t,
                            },
                        ),
                    }
                }
                if total != ty.components as u32 {
                    self.error(
                        Some(v),
                        ErrorKind::ResultType {
                            expected: None,
                            found: Some(ty),
                        },
                    );
                }
            }
            InstrKind::Swizzle { src, components } => {
                let st = self.check_value_src(Some(v), *src);
                if let (Some(st), Some(ty)) = (st, instr.ty) {
                    if components.iter().any(|&c| c >= st.components) || components.is_empty() {
                        self.error(Some(v), ErrorKind::SwizzleOutOfRange);
                    }
                    if ty != st.with_components(components.len() as u8) {
                        self.error(
                            Some(v),
                            ErrorKind::ResultType {
                                expected: Some(st.with_components(components.len() as u8)),
                                found: Some(ty),
                            },
                        );
                    }
                }
            }
            InstrKind::Const(c) => {
                if Some(c.ty) != instr.ty || c.bits.len() != c.ty.components as usize {
                    self.error(Some(v), ErrorKind::ConstantShape);
                }
            }
            InstrKind::Undef => {
                if instr.ty.is_none() {
                    self.error(Some(v), ErrorKind::ExpectedValue);
                }
            }
            InstrKind::Deref(d) => self.check_deref(v, d),
            InstrKind::Intrinsic(intr) => self.check_intrinsic(v, intr.op, &intr.srcs, instr.ty),
            InstrKind::Tex(t) => self.check_tex(v, t, instr.ty),
            InstrKind::Phi(_) => {}
            InstrKind::Jump(j) => {
                if let Jump::Return(value) = j {
                    let t = value.and_then(|r| self.check_value_src(Some(v), r));
                    if t != self.func.return_type {
                        self.error(Some(v), ErrorKind::ReturnTypeMismatch);
                    }
                }
            }
            InstrKind::Call { function, args } => {
                let Some(callee) = self.shader.functions.try_get(*function) else {
                    return self.error(Some(v), ErrorKind::BadHandle("function"));
                };
                if callee.params.len() != args.len() {
                    self.error(
                        Some(v),
                        ErrorKind::WrongSourceCount {
                            expected: callee.params.len(),
                            found: args.len(),
                        },
                    );
                }
                for (i, (p, a)) in callee.params.iter().zip(args).enumerate() {
                    match &p.kind {
                        ParamKind::Value(t) => {
                            if self.check_value_src(Some(v), *a) != Some(*t) {
                                self.error(Some(v), ErrorKind::ArgumentMismatch(i));
                            }
                        }
                        ParamKind::Deref { ty, mode } => {
                            if self.check_deref_src(v, *a) != Some((*ty, *mode)) {
                                self.error(Some(v), ErrorKind::ArgumentMismatch(i));
                            }
                            // SPIR-V passes pointers to whole variables only (elements of
                            // sampler and image arrays excepted).
                            let whole = matches!(
                                self.func.instrs.try_get(*a).map(|x| &x.kind),
                                Some(InstrKind::Deref(d)) if matches!(d.kind, DerefKind::Var(_) | DerefKind::Local(_) | DerefKind::Param(_))
                            );
                            let opaque = self
                                .shader
                                .types
                                .try_get(*ty)
                                .map(Type::is_opaque)
                                .unwrap_or(false);
                            if !whole && !opaque {
                                self.error(Some(v), ErrorKind::ArgumentMismatch(i));
                            }
                        }
                    }
                }
                if instr.ty != callee.return_type {
                    self.error(
                        Some(v),
                        ErrorKind::ResultType {
                            expected: callee.return_type,
                            found: instr.ty,
                        },
                    );
                }
            }
        }
    }

    fn check_alu(&mut self, v: Value, op: AluOp, srcs: &[Value]) {
        let result = self.func.instrs[v].ty;
        if srcs.len() != op.num_srcs() {
            return self.error(
                Some(v),
                ErrorKind::WrongSourceCount {
                    expected: op.num_srcs(),
                    found: srcs.len(),
                },
            );
        }
        let types: Vec<Option<ValueType>> = srcs
            .iter()
            .map(|s| self.check_value_src(Some(v), *s))
            .collect();
        if types.iter().any(Option::is_none) {
            return;
        }
        let types: Vec<ValueType> = types.into_iter().flatten().collect();
        for (i, (kind, t)) in op.src_kinds().iter().zip(&types).enumerate() {
            if !kind.accepts(*t) {
                self.error(
                    Some(v),
                    ErrorKind::SourceType {
                        index: i,
                        found: Some(*t),
                    },
                );
            }
        }
        let Some(result) = result else {
            return self.error(Some(v), ErrorKind::ExpectedValue);
        };
        match op.output_rule() {
            OutputRule::Explicit => {
                let src = types[0];
                let ok = match op {
                    AluOp::Bitcast => {
                        src.bits as u32 * src.components as u32
                            == result.bits as u32 * result.components as u32
                            && !src.is_bool()
                            && !result.is_bool()
                    }
                    _ => {
                        let want = match op {
                            AluOp::F2f | AluOp::I2f | AluOp::U2f | AluOp::B2f => BaseType::Float,
                            AluOp::F2i => BaseType::Int,
                            AluOp::F2u => BaseType::Uint,
                            AluOp::I2i | AluOp::U2u | AluOp::B2i => result.base,
                            _ => BaseType::Bool,
                        };
                        result.components == src.components
                            && result.base == want
                            && result.base != BaseType::Bool
                            || (want == BaseType::Bool
                                && result.is_bool()
                                && result.components == src.components)
                    }
                };
                if !ok
                    || (matches!(op, AluOp::I2i | AluOp::U2u | AluOp::B2i) && !result.is_integer())
                {
                    self.error(
                        Some(v),
                        ErrorKind::ResultType {
                            expected: None,
                            found: Some(result),
                        },
                    );
                }
            }
            _ => {
                let expected = op.infer_output(&types);
                if expected != Some(result) {
                    self.error(
                        Some(v),
                        ErrorKind::ResultType {
                            expected,
                            found: Some(result),
                        },
                    );
                }
                self.check_alu_shapes(v, op, &types);
            }
        }
        if op.is_derivative() && self.shader.stage != Stage::Fragment {
            self.error(Some(v), ErrorKind::StageMismatch("derivative"));
        }
    }

    /// Sources of one op agree in width and component count, except where the table
    /// allows scalars (select's condition, bitfield offsets, refract's eta).
    fn check_alu_shapes(&mut self, v: Value, op: AluOp, types: &[ValueType]) {
        use crate::alu_op::SrcKind;
        let kinds = op.src_kinds();
        let data: Vec<(usize, ValueType)> = types
            .iter()
            .copied()
            .enumerate()
            .filter(|(i, _)| !matches!(kinds[*i], SrcKind::ScalarInteger | SrcKind::ScalarFloat))
            .filter(|(i, _)| !(op == AluOp::Bcsel && *i == 0))
            .collect();
        let reference = match op {
            AluOp::Bcsel => types[1],
            _ => types[0],
        };
        for (i, t) in data {
            let same_width = t.bits == reference.bits || op == AluOp::Ldexp;
            if t.components != reference.components || !same_width {
                self.error(
                    Some(v),
                    ErrorKind::SourceType {
                        index: i,
                        found: Some(t),
                    },
                );
            }
            if op == AluOp::Bcsel && i > 0 && t != reference {
                self.error(
                    Some(v),
                    ErrorKind::SourceType {
                        index: i,
                        found: Some(t),
                    },
                );
            }
        }
        if op == AluOp::Bcsel
            && types[0].components != 1
            && types[0].components != reference.components
        {
            self.error(
                Some(v),
                ErrorKind::SourceType {
                    index: 0,
                    found: Some(types[0]),
                },
            );
        }
        if op == AluOp::Fcross && reference.components != 3 {
            self.error(
                Some(v),
                ErrorKind::SourceType {
                    index: 0,
                    found: Some(reference),
                },
            );
        }
    }

    fn check_deref(&mut self, v: Value, d: &crate::instr::Deref) {
        if self.shader.types.try_get(d.ty).is_none() {
            return self.error(Some(v), ErrorKind::BadHandle("type"));
        }
        match &d.kind {
            DerefKind::Var(var) => match self.shader.variables.try_get(*var) {
                None => self.error(Some(v), ErrorKind::BadHandle("variable")),
                Some(var) => {
                    if var.ty != d.ty {
                        self.error(Some(v), ErrorKind::DerefTypeMismatch);
                    }
                    if var.mode != d.mode {
                        self.error(Some(v), ErrorKind::DerefModeMismatch);
                    }
                }
            },
            DerefKind::Local(l) => match self.func.locals.try_get(*l) {
                None => self.error(Some(v), ErrorKind::BadHandle("local")),
                Some(l) => {
                    if l.ty != d.ty {
                        self.error(Some(v), ErrorKind::DerefTypeMismatch);
                    }
                    if d.mode != VariableMode::FunctionLocal {
                        self.error(Some(v), ErrorKind::DerefModeMismatch);
                    }
                }
            },
            DerefKind::Param(i) => match self.func.params.get(*i as usize).map(|p| &p.kind) {
                Some(ParamKind::Deref { ty, mode }) => {
                    if *ty != d.ty || *mode != d.mode {
                        self.error(Some(v), ErrorKind::DerefTypeMismatch);
                    }
                }
                _ => self.error(Some(v), ErrorKind::DerefParent),
            },
            DerefKind::Array { parent, index } => {
                let it = self.check_value_src(Some(v), *index);
                if !matches!(it, Some(t) if t.is_integer() && t.components == 1) {
                    self.error(
                        Some(v),
                        ErrorKind::SourceType {
                            index: 1,
                            found: it,
                        },
                    );
                }
                if let Some((pty, pmode)) = self.check_deref_src(v, *parent) {
                    let ok = match &self.shader.types[pty] {
                        Type::Array { element, .. } => *element == d.ty,
                        Type::Matrix { rows, bits, .. } => {
                            self.shader.types[d.ty]
                                == Type::Vector(ValueType::new(BaseType::Float, *bits, *rows))
                        }
                        Type::Vector(vt) => self.shader.types[d.ty] == Type::Vector(vt.scalar()),
                        _ => false,
                    };
                    if !ok {
                        self.error(Some(v), ErrorKind::DerefTypeMismatch);
                    }
                    if pmode != d.mode {
                        self.error(Some(v), ErrorKind::DerefModeMismatch);
                    }
                }
            }
            DerefKind::Struct { parent, member } => {
                if let Some((pty, pmode)) = self.check_deref_src(v, *parent) {
                    let ok = match &self.shader.types[pty] {
                        Type::Struct { members, .. } => {
                            members.get(*member as usize).map(|m| m.ty) == Some(d.ty)
                        }
                        _ => false,
                    };
                    if !ok {
                        self.error(Some(v), ErrorKind::DerefTypeMismatch);
                    }
                    if pmode != d.mode {
                        self.error(Some(v), ErrorKind::DerefModeMismatch);
                    }
                }
            }
            DerefKind::Cast { parent } => {
                if let Some((_, pmode)) = self.check_deref_src(v, *parent) {
                    if pmode != d.mode {
                        self.error(Some(v), ErrorKind::DerefModeMismatch);
                    }
                }
            }
        }
    }

    fn check_intrinsic(
        &mut self,
        v: Value,
        op: IntrinsicOp,
        srcs: &[Value],
        ty: Option<ValueType>,
    ) {
        if srcs.len() != op.num_srcs() {
            return self.error(
                Some(v),
                ErrorKind::WrongSourceCount {
                    expected: op.num_srcs(),
                    found: srcs.len(),
                },
            );
        }
        let deref = if op.first_src_is_deref() {
            self.check_deref_src(v, srcs[0])
        } else {
            None
        };
        let value_srcs: Vec<Option<ValueType>> = match op {
            IntrinsicOp::CopyDeref => Vec::new(),
            _ => srcs
                .iter()
                .skip(op.first_src_is_deref() as usize)
                .map(|s| self.check_value_src(Some(v), *s))
                .collect(),
        };
        let deref_value_type = deref.and_then(|(t, _)| self.shader.types[t].as_value());
        let stage = self.shader.stage;
        match op {
            IntrinsicOp::LoadDeref => {
                if deref.is_some() && (deref_value_type.is_none() || deref_value_type != ty) {
                    self.error(Some(v), ErrorKind::NotLoadable);
                }
            }
            IntrinsicOp::StoreDeref { write_mask } => {
                if deref.is_some() {
                    let ok =
                        matches!((deref_value_type, value_srcs[0]), (Some(d), Some(s)) if d == s);
                    if !ok {
                        self.error(
                            Some(v),
                            ErrorKind::SourceType {
                                index: 1,
                                found: value_srcs[0],
                            },
                        );
                    }
                    if let Some(s) = value_srcs[0] {
                        if write_mask == 0 || (write_mask as u32) >> s.components != 0 {
                            self.error(
                                Some(v),
                                ErrorKind::SourceType {
                                    index: 1,
                                    found: value_srcs[0],
                                },
                            );
                        }
                    }
                    if matches!(
                        deref.map(|d| d.1),
                        Some(VariableMode::ShaderIn | VariableMode::Ubo | VariableMode::Uniform)
                    ) {
                        self.error(Some(v), ErrorKind::DerefModeMismatch);
                    }
                }
            }
            IntrinsicOp::CopyDeref => {
                let src = self.check_deref_src(v, srcs[1]);
                if let (Some((dt, _)), Some((st, _))) = (deref, src) {
                    if !self.same_shape(dt, st) {
                        self.error(Some(v), ErrorKind::DerefTypeMismatch);
                    }
                }
            }
            IntrinsicOp::Discard | IntrinsicOp::Demote | IntrinsicOp::IsHelperInvocation => {
                if stage != Stage::Fragment {
                    self.error(Some(v), ErrorKind::StageMismatch("fragment-only intrinsic"));
                }
            }
            IntrinsicOp::EmitVertex { .. } | IntrinsicOp::EndPrimitive { .. } => {
                if stage != Stage::Geometry {
                    self.error(Some(v), ErrorKind::StageMismatch("geometry-only intrinsic"));
                }
            }
            IntrinsicOp::DerefAtomic { op: aop } => {
                let data = *value_srcs.last().unwrap_or(&None);
                let ok = matches!((deref_value_type, data), (Some(d), Some(s)) if d == s && s.components == 1 && s.is_integer());
                if deref.is_some() && (!ok || ty != data) {
                    self.error(
                        Some(v),
                        ErrorKind::SourceType {
                            index: srcs.len() - 1,
                            found: data,
                        },
                    );
                }
                if aop == AtomicOp::CompSwap && value_srcs.first().copied().flatten() != data {
                    self.error(
                        Some(v),
                        ErrorKind::SourceType {
                            index: 1,
                            found: value_srcs[0],
                        },
                    );
                }
            }
            IntrinsicOp::InterpolateAtCentroid
            | IntrinsicOp::InterpolateAtSample
            | IntrinsicOp::InterpolateAtOffset => {
                if stage != Stage::Fragment {
                    self.error(Some(v), ErrorKind::StageMismatch("interpolateAt"));
                }
                if deref.is_some()
                    && (deref.map(|d| d.1) != Some(VariableMode::ShaderIn)
                        || deref_value_type != ty)
                {
                    self.error(Some(v), ErrorKind::NotLoadable);
                }
            }
            IntrinsicOp::LoadParam { index } => {
                match self.func.params.get(index as usize).map(|p| &p.kind) {
                    Some(ParamKind::Value(t)) if Some(*t) == ty => {}
                    _ => self.error(
                        Some(v),
                        ErrorKind::ResultType {
                            expected: None,
                            found: ty,
                        },
                    ),
                }
            }
            IntrinsicOp::ImageLoad
            | IntrinsicOp::ImageStore
            | IntrinsicOp::ImageAtomic { .. }
            | IntrinsicOp::ImageSize
            | IntrinsicOp::ImageSamples => {
                if let Some((t, _)) = deref {
                    if !matches!(self.shader.types[t], Type::Image { .. }) {
                        self.error(Some(v), ErrorKind::BadTexture);
                    }
                }
            }
            IntrinsicOp::ArrayLength => {
                if ty != Some(ValueType::U32) && ty != Some(ValueType::I32) {
                    self.error(
                        Some(v),
                        ErrorKind::ResultType {
                            expected: Some(ValueType::U32),
                            found: ty,
                        },
                    );
                }
            }
            IntrinsicOp::LoadWorkgroupSize => {
                let uvec3 = ValueType::U32.with_components(3);
                if ty != Some(uvec3) || self.shader.stage != Stage::Compute {
                    self.error(
                        Some(v),
                        ErrorKind::ResultType {
                            expected: Some(uvec3),
                            found: ty,
                        },
                    );
                }
            }
            IntrinsicOp::Barrier { .. } => {}
        }
    }

    /// Whether two memory types have the same logical shape (layouts may differ).
    fn same_shape(&self, a: Handle<Type>, b: Handle<Type>) -> bool {
        if a == b {
            return true;
        }
        match (&self.shader.types[a], &self.shader.types[b]) {
            (
                Type::Array {
                    element: ea,
                    length: la,
                    ..
                },
                Type::Array {
                    element: eb,
                    length: lb,
                    ..
                },
            ) => la == lb && self.same_shape(*ea, *eb),
            (Type::Struct { members: ma, .. }, Type::Struct { members: mb, .. }) => {
                ma.len() == mb.len() && ma.iter().zip(mb).all(|(x, y)| self.same_shape(x.ty, y.ty))
            }
            (x, y) => x == y,
        }
    }

    fn check_tex(&mut self, v: Value, t: &crate::texture::Tex, ty: Option<ValueType>) {
        let sampler = self.check_deref_src(v, t.texture);
        let sampler_ty = sampler.map(|(h, _)| self.shader.types[h].clone());
        let Some(Type::Sampler {
            dim,
            arrayed,
            shadow,
            multisampled,
            ..
        }) = sampler_ty
        else {
            return self.error(Some(v), ErrorKind::BadTexture);
        };
        for s in &t.srcs {
            self.check_value_src(Some(v), s.value);
        }
        let coord = t
            .src(TexSrcKind::Coord)
            .and_then(|c| self.func.value_type(c));
        let needs_coord = !matches!(
            t.op,
            TexOp::Txs | TexOp::QueryLevels | TexOp::TextureSamples
        );
        if needs_coord {
            // textureQueryLod takes no array layer.
            let want = dim.coord_components() + (arrayed && t.op != TexOp::Lod) as u8;
            match coord {
                Some(c) if c.components == want => {}
                found => self.error(Some(v), ErrorKind::SourceType { index: 0, found }),
            }
        }
        let implicit_lod = matches!(t.op, TexOp::Tex | TexOp::Txb | TexOp::Lod);
        // Vulkan computes implicit LODs only in fragment shaders.
        if implicit_lod && self.shader.stage != Stage::Fragment {
            self.error(Some(v), ErrorKind::StageMismatch("implicit-LOD texture op"));
        }
        if shadow
            && matches!(t.op, TexOp::Tex | TexOp::Txb | TexOp::Txl | TexOp::Txd)
            && t.src(TexSrcKind::Comparator).is_none()
        {
            self.error(Some(v), ErrorKind::BadTexture);
        }
        if (t.op == TexOp::TxfMs) != multisampled && matches!(t.op, TexOp::Txf | TexOp::TxfMs) {
            self.error(Some(v), ErrorKind::BadTexture);
        }
        if ty.is_none() {
            self.error(Some(v), ErrorKind::ExpectedValue);
        }
    }
}
