//! The builder: appends instructions and control flow to a function so that a front end
//! or a pass reads like the code it emits (`b.fadd(x, y)`, `b.push_if(c)` ... `b.pop_if()`).
//!
//! It never panics on ill-typed input: a value with no usable type gets a placeholder type
//! and the validator reports the mistake.

use crate::alu_op::AluOp;
use crate::arena::Handle;
use crate::control_flow::{Block, CfNode, IfNode, LoopNode};
use crate::function::{Function, Param, ParamKind};
use crate::instr::{ConstValue, Deref, DerefKind, Instr, InstrKind, Jump, PhiSrc, Value};
use crate::intrinsic::{AtomicOp, Intrinsic, IntrinsicOp, MemorySemantics, Scope};
use crate::shader::Shader;
use crate::texture::{Tex, TexOp, TexSrc, TexSrcKind};
use crate::types::{BaseType, Type, ValueType};
use crate::variable::{Builtin, Local, Variable, VariableMode};

/// Which sub-body of a control-flow node a path step enters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Branch {
    Then,
    Else,
    LoopBody,
    Continue,
}

/// Where new instructions go.
#[derive(Clone, Debug, PartialEq)]
pub enum InsertPoint {
    /// At the end of the function's body (and inside any if/loop opened with `push_*`).
    End,
    /// Before the instruction at `index` of `block`; advances as instructions are inserted.
    InBlock { block: Handle<Block>, index: usize },
}

pub struct Builder<'a> {
    pub shader: &'a mut Shader,
    pub func: Handle<Function>,
    /// Path from the function body to the body being appended to.
    path: Vec<(usize, Branch)>,
    point: InsertPoint,
}

/// The placeholder type given to a value whose real type cannot be worked out.
const UNKNOWN: ValueType = ValueType::F32;

impl<'a> Builder<'a> {
    /// Appends to the end of `func`.
    pub fn new(shader: &'a mut Shader, func: Handle<Function>) -> Self {
        Builder {
            shader,
            func,
            path: Vec::new(),
            point: InsertPoint::End,
        }
    }

    /// Inserts before `index` in `block` of `func` (passes).
    pub fn at(
        shader: &'a mut Shader,
        func: Handle<Function>,
        block: Handle<Block>,
        index: usize,
    ) -> Self {
        Builder {
            shader,
            func,
            path: Vec::new(),
            point: InsertPoint::InBlock { block, index },
        }
    }

    /// Appends to the entry point, creating `main` if the shader has none.
    pub fn main(shader: &'a mut Shader) -> Self {
        let func = match shader.entry {
            Some(f) => f,
            None => {
                let f = shader
                    .functions
                    .append(Function::new("main", Vec::new(), None));
                shader.entry = Some(f);
                f
            }
        };
        Builder::new(shader, func)
    }

    /// Creates another function; build its body with [`Builder::set_function`].
    pub fn function(
        &mut self,
        name: &str,
        params: Vec<Param>,
        return_type: Option<ValueType>,
    ) -> Handle<Function> {
        self.shader
            .functions
            .append(Function::new(name, params, return_type))
    }

    /// Continues at the end of `func`.
    pub fn set_function(&mut self, func: Handle<Function>) {
        self.func = func;
        self.path.clear();
        self.point = InsertPoint::End;
    }

    /// Moves the insertion point to before `index` of `block` in the current function.
    pub fn set_insert_point(&mut self, block: Handle<Block>, index: usize) {
        self.path.clear();
        self.point = InsertPoint::InBlock { block, index };
    }

    pub fn function_mut(&mut self) -> &mut Function {
        &mut self.shader.functions[self.func]
    }

    pub fn function_ref(&self) -> &Function {
        &self.shader.functions[self.func]
    }

    // ---- types and variables -------------------------------------------------------

    pub fn ty(&mut self, ty: Type) -> Handle<Type> {
        self.shader.add_type(ty)
    }

    /// The memory type of a scalar or vector value type.
    pub fn value_type_handle(&mut self, vt: ValueType) -> Handle<Type> {
        self.shader.add_type(Type::Vector(vt))
    }

    pub fn array_type(
        &mut self,
        element: Handle<Type>,
        length: Option<u32>,
        stride: Option<u32>,
    ) -> Handle<Type> {
        self.shader.add_type(Type::Array {
            element,
            length,
            stride,
        })
    }

    pub fn variable(&mut self, var: Variable) -> Handle<Variable> {
        self.shader.add_variable(var)
    }

    /// A user input at `location`.
    pub fn input(&mut self, name: &str, vt: ValueType, location: u32) -> Handle<Variable> {
        let ty = self.value_type_handle(vt);
        self.variable(Variable::new(name, ty, VariableMode::ShaderIn).with_location(location))
    }

    /// A user output at `location`.
    pub fn output(&mut self, name: &str, vt: ValueType, location: u32) -> Handle<Variable> {
        let ty = self.value_type_handle(vt);
        self.variable(Variable::new(name, ty, VariableMode::ShaderOut).with_location(location))
    }

    /// A built-in input or output of memory type `ty`.
    pub fn builtin(
        &mut self,
        name: &str,
        ty: Handle<Type>,
        mode: VariableMode,
        builtin: Builtin,
    ) -> Handle<Variable> {
        self.variable(Variable::new(name, ty, mode).with_builtin(builtin))
    }

    pub fn local(&mut self, name: &str, ty: Handle<Type>) -> Handle<Local> {
        self.function_mut().locals.append(Local {
            name: name.into(),
            ty,
            precise: false,
        })
    }

    // ---- raw instructions ----------------------------------------------------------

    /// Appends an instruction at the insertion point.
    pub fn instr(&mut self, kind: InstrKind, ty: Option<ValueType>) -> Value {
        let func = &mut self.shader.functions[self.func];
        let value = func.instrs.append(Instr { kind, ty });
        match &mut self.point {
            InsertPoint::End => {
                let block = current_block(func, &self.path);
                func.blocks[block].instrs.push(value);
            }
            InsertPoint::InBlock { block, index } => {
                let instrs = &mut func.blocks[*block].instrs;
                let at = (*index).min(instrs.len());
                instrs.insert(at, value);
                *index = at + 1;
            }
        }
        value
    }

    /// The type of `value`, or the placeholder when it has none.
    pub fn type_of(&self, value: Value) -> ValueType {
        self.function_ref().value_type(value).unwrap_or(UNKNOWN)
    }

    /// The block instructions currently go to.
    pub fn current_block(&self) -> Handle<Block> {
        match &self.point {
            InsertPoint::End => current_block(self.function_ref(), &self.path),
            InsertPoint::InBlock { block, .. } => *block,
        }
    }

    // ---- constants -----------------------------------------------------------------

    pub fn constant(&mut self, value: ConstValue) -> Value {
        let ty = value.ty;
        self.instr(InstrKind::Const(value), Some(ty))
    }
    pub fn imm_f32(&mut self, v: f32) -> Value {
        self.constant(ConstValue::f32s(&[v]))
    }
    pub fn imm_f64(&mut self, v: f64) -> Value {
        self.constant(ConstValue::f64s(&[v]))
    }
    pub fn imm_vec(&mut self, v: &[f32]) -> Value {
        self.constant(ConstValue::f32s(v))
    }
    pub fn imm_i32(&mut self, v: i32) -> Value {
        self.constant(ConstValue::i32s(&[v]))
    }
    pub fn imm_u32(&mut self, v: u32) -> Value {
        self.constant(ConstValue::u32s(&[v]))
    }
    pub fn imm_bool(&mut self, v: bool) -> Value {
        self.constant(ConstValue::bools(&[v]))
    }
    /// Every component of `ty` equal to `v` converted to its kind.
    pub fn imm_splat(&mut self, ty: ValueType, v: f64) -> Value {
        self.constant(ConstValue::splat_f64(ty, v))
    }
    pub fn undef(&mut self, ty: ValueType) -> Value {
        self.instr(InstrKind::Undef, Some(ty))
    }

    // ---- ALU -----------------------------------------------------------------------

    /// An ALU op whose result type follows from its sources.
    pub fn alu(&mut self, op: AluOp, srcs: &[Value]) -> Value {
        let types: Vec<ValueType> = srcs.iter().map(|s| self.type_of(*s)).collect();
        let ty = op.infer_output(&types).unwrap_or(UNKNOWN);
        self.instr(
            InstrKind::Alu {
                op,
                srcs: srcs.to_vec(),
            },
            Some(ty),
        )
    }

    /// An ALU op with an explicit result type (conversions, bitcasts).
    pub fn alu_typed(&mut self, op: AluOp, srcs: &[Value], ty: ValueType) -> Value {
        self.instr(
            InstrKind::Alu {
                op,
                srcs: srcs.to_vec(),
            },
            Some(ty),
        )
    }

    /// Converts `src` to the kind and width `base`/`bits`, keeping its component count;
    /// picks the conversion op from the two kinds. Returns `src` when nothing changes.
    pub fn convert(&mut self, src: Value, base: BaseType, bits: u8) -> Value {
        let from = self.type_of(src);
        let to = from.with_scalar(base, if base == BaseType::Bool { 1 } else { bits });
        if from == to {
            return src;
        }
        use BaseType::*;
        let op = match (from.base, base) {
            (Float, Float) => AluOp::F2f,
            (Float, Int) => AluOp::F2i,
            (Float, Uint) => AluOp::F2u,
            (Float, Bool) => AluOp::F2b,
            (Int, Float) => AluOp::I2f,
            (Uint, Float) => AluOp::U2f,
            (Int, Int | Uint) => AluOp::I2i,
            (Uint, Int | Uint) => AluOp::U2u,
            (Int | Uint, Bool) => AluOp::I2b,
            (Bool, Float) => AluOp::B2f,
            (Bool, Int | Uint) => AluOp::B2i,
            (Bool, Bool) => return src,
        };
        self.alu_typed(op, &[src], to)
    }

    /// Reinterprets the bits of `src` as `ty`.
    pub fn bitcast(&mut self, src: Value, ty: ValueType) -> Value {
        self.alu_typed(AluOp::Bitcast, &[src], ty)
    }

    /// Concatenates scalars and vectors into one vector.
    pub fn compose(&mut self, srcs: &[Value]) -> Value {
        let first = srcs.first().map(|s| self.type_of(*s)).unwrap_or(UNKNOWN);
        let count: u32 = srcs
            .iter()
            .map(|s| self.type_of(*s).components as u32)
            .sum();
        let ty = first.with_components(count.min(255) as u8);
        self.instr(InstrKind::Compose(srcs.to_vec()), Some(ty))
    }

    /// `src` with the components `components` (e.g. `[0, 0, 2]` for `.xxz`).
    pub fn swizzle(&mut self, src: Value, components: &[u8]) -> Value {
        let ty = self.type_of(src).with_components(components.len() as u8);
        self.instr(
            InstrKind::Swizzle {
                src,
                components: components.to_vec(),
            },
            Some(ty),
        )
    }

    /// Component `i` of `src`.
    pub fn channel(&mut self, src: Value, i: u8) -> Value {
        self.swizzle(src, &[i])
    }

    /// A vector of `n` copies of the scalar `src`.
    pub fn splat(&mut self, src: Value, n: u8) -> Value {
        if n == 1 {
            return src;
        }
        self.compose(&vec![src; n as usize])
    }

    /// Component `index` of `v` for an index known only at run time (`v[i]` on a value).
    pub fn vector_extract(&mut self, v: Value, index: Value) -> Value {
        let n = self.type_of(v).components;
        let mut result = self.channel(v, 0);
        for c in 1..n {
            let k = self.imm_u32(c as u32);
            let ki = self.convert(k, self.type_of(index).base, self.type_of(index).bits);
            let hit = self.ieq(index, ki);
            let comp = self.channel(v, c);
            result = self.select(hit, comp, result);
        }
        result
    }

    /// `v` with component `index` (known only at run time) replaced by the scalar `value`.
    pub fn vector_insert(&mut self, v: Value, value: Value, index: Value) -> Value {
        let n = self.type_of(v).components;
        let parts: Vec<Value> = (0..n)
            .map(|c| {
                let k = self.imm_u32(c as u32);
                let ki = self.convert(k, self.type_of(index).base, self.type_of(index).bits);
                let hit = self.ieq(index, ki);
                let comp = self.channel(v, c);
                self.select(hit, value, comp)
            })
            .collect();
        self.compose(&parts)
    }

    pub fn select(&mut self, cond: Value, if_true: Value, if_false: Value) -> Value {
        self.alu(AluOp::Bcsel, &[cond, if_true, if_false])
    }

    // ---- derefs, loads and stores --------------------------------------------------

    fn deref(&mut self, kind: DerefKind, ty: Handle<Type>, mode: VariableMode) -> Value {
        self.instr(InstrKind::Deref(Deref { kind, ty, mode }), None)
    }

    /// The deref a value is, if it is one.
    pub fn deref_info(&self, value: Value) -> Option<&Deref> {
        match self.function_ref().instrs.try_get(value).map(|i| &i.kind) {
            Some(InstrKind::Deref(d)) => Some(d),
            _ => None,
        }
    }

    pub fn deref_var(&mut self, var: Handle<Variable>) -> Value {
        let (ty, mode) = (
            self.shader.variables[var].ty,
            self.shader.variables[var].mode,
        );
        self.deref(DerefKind::Var(var), ty, mode)
    }

    pub fn deref_local(&mut self, local: Handle<Local>) -> Value {
        let ty = self.function_ref().locals[local].ty;
        self.deref(DerefKind::Local(local), ty, VariableMode::FunctionLocal)
    }

    /// Deref of parameter `index`, which must be declared `ParamKind::Deref`.
    pub fn deref_param(&mut self, index: u32) -> Value {
        let (ty, mode) = match self
            .function_ref()
            .params
            .get(index as usize)
            .map(|p| &p.kind)
        {
            Some(ParamKind::Deref { ty, mode }) => (*ty, *mode),
            _ => (self.value_type_handle(UNKNOWN), VariableMode::FunctionLocal),
        };
        self.deref(DerefKind::Param(index), ty, mode)
    }

    /// Element `index` of an array, column of a matrix or component of a vector.
    pub fn deref_array(&mut self, parent: Value, index: Value) -> Value {
        let (pty, mode) = self.parent_info(parent);
        let ty = match self.shader.types[pty].clone() {
            Type::Array { element, .. } => element,
            Type::Matrix { rows, bits, .. } => {
                self.value_type_handle(ValueType::new(BaseType::Float, bits, rows))
            }
            Type::Vector(vt) => self.value_type_handle(vt.scalar()),
            _ => pty,
        };
        self.deref(DerefKind::Array { parent, index }, ty, mode)
    }

    pub fn deref_array_imm(&mut self, parent: Value, index: u32) -> Value {
        let i = self.imm_u32(index);
        self.deref_array(parent, i)
    }

    pub fn deref_struct(&mut self, parent: Value, member: u32) -> Value {
        let (pty, mode) = self.parent_info(parent);
        let ty = match &self.shader.types[pty] {
            Type::Struct { members, .. } => {
                members.get(member as usize).map(|m| m.ty).unwrap_or(pty)
            }
            _ => pty,
        };
        self.deref(DerefKind::Struct { parent, member }, ty, mode)
    }

    pub fn deref_cast(&mut self, parent: Value, ty: Handle<Type>) -> Value {
        let (_, mode) = self.parent_info(parent);
        self.deref(DerefKind::Cast { parent }, ty, mode)
    }

    fn parent_info(&mut self, parent: Value) -> (Handle<Type>, VariableMode) {
        match self.deref_info(parent) {
            Some(d) => (d.ty, d.mode),
            None => (self.value_type_handle(UNKNOWN), VariableMode::FunctionLocal),
        }
    }

    /// Loads a scalar or vector through `deref`.
    pub fn load_deref(&mut self, deref: Value) -> Value {
        let ty = self
            .deref_info(deref)
            .and_then(|d| self.shader.types[d.ty].as_value());
        self.intrinsic(
            IntrinsicOp::LoadDeref,
            &[deref],
            Some(ty.unwrap_or(UNKNOWN)),
        )
    }

    /// Stores every component of `value` through `deref`.
    pub fn store_deref(&mut self, deref: Value, value: Value) {
        let mask = ((1u32 << self.type_of(value).components) - 1) as u16;
        self.store_deref_masked(deref, value, mask);
    }

    /// Stores the components of `value` selected by `write_mask`.
    pub fn store_deref_masked(&mut self, deref: Value, value: Value, write_mask: u16) {
        self.intrinsic(
            IntrinsicOp::StoreDeref { write_mask },
            &[deref, value],
            None,
        );
    }

    /// Copies a whole aggregate (struct, array, matrix) from `src` to `dst`.
    pub fn copy_deref(&mut self, dst: Value, src: Value) {
        self.intrinsic(IntrinsicOp::CopyDeref, &[dst, src], None);
    }

    pub fn load_var(&mut self, var: Handle<Variable>) -> Value {
        let d = self.deref_var(var);
        self.load_deref(d)
    }

    pub fn store_var(&mut self, var: Handle<Variable>, value: Value) {
        let d = self.deref_var(var);
        self.store_deref(d, value)
    }

    pub fn load_local(&mut self, local: Handle<Local>) -> Value {
        let d = self.deref_local(local);
        self.load_deref(d)
    }

    pub fn store_local(&mut self, local: Handle<Local>, value: Value) {
        let d = self.deref_local(local);
        self.store_deref(d, value)
    }

    // ---- intrinsics ----------------------------------------------------------------

    pub fn intrinsic(&mut self, op: IntrinsicOp, srcs: &[Value], ty: Option<ValueType>) -> Value {
        self.instr(
            InstrKind::Intrinsic(Intrinsic {
                op,
                srcs: srcs.to_vec(),
            }),
            ty,
        )
    }

    /// The value of value parameter `index`.
    pub fn load_param(&mut self, index: u32) -> Value {
        let ty = match self
            .function_ref()
            .params
            .get(index as usize)
            .map(|p| &p.kind)
        {
            Some(ParamKind::Value(vt)) => *vt,
            _ => UNKNOWN,
        };
        self.intrinsic(IntrinsicOp::LoadParam { index }, &[], Some(ty))
    }

    /// GLSL's barrier(): workgroup execution and memory barrier.
    pub fn control_barrier(&mut self, semantics: MemorySemantics) {
        self.intrinsic(
            IntrinsicOp::Barrier {
                execution: Some(Scope::Workgroup),
                memory: Scope::Workgroup,
                semantics,
            },
            &[],
            None,
        );
    }

    /// GLSL's memoryBarrier*() family.
    pub fn memory_barrier(&mut self, memory: Scope, semantics: MemorySemantics) {
        self.intrinsic(
            IntrinsicOp::Barrier {
                execution: None,
                memory,
                semantics,
            },
            &[],
            None,
        );
    }

    pub fn discard(&mut self) {
        self.intrinsic(IntrinsicOp::Discard, &[], None);
    }

    pub fn emit_vertex(&mut self, stream: u32) {
        self.intrinsic(IntrinsicOp::EmitVertex { stream }, &[], None);
    }

    pub fn end_primitive(&mut self, stream: u32) {
        self.intrinsic(IntrinsicOp::EndPrimitive { stream }, &[], None);
    }

    /// An atomic on a buffer or shared deref; returns the previous value.
    pub fn deref_atomic(&mut self, op: AtomicOp, deref: Value, data: &[Value]) -> Value {
        let ty = data.last().map(|d| self.type_of(*d)).unwrap_or(UNKNOWN);
        let mut srcs = vec![deref];
        srcs.extend_from_slice(data);
        self.intrinsic(IntrinsicOp::DerefAtomic { op }, &srcs, Some(ty))
    }

    // ---- textures ------------------------------------------------------------------

    /// A texture instruction with result type `ty`.
    pub fn tex(
        &mut self,
        op: TexOp,
        texture: Value,
        srcs: &[(TexSrcKind, Value)],
        ty: ValueType,
    ) -> Value {
        self.tex_instr(op, texture, srcs, 0, None, ty)
    }

    /// A gather (tg4) of one `component`, or with four constant offsets
    /// (textureGatherOffsets); the result is four texels' worth of that component.
    pub fn tex_gather(
        &mut self,
        texture: Value,
        srcs: &[(TexSrcKind, Value)],
        component: u8,
        gather_offsets: Option<[[i32; 2]; 4]>,
        ty: ValueType,
    ) -> Value {
        self.tex_instr(TexOp::Tg4, texture, srcs, component, gather_offsets, ty)
    }

    fn tex_instr(
        &mut self,
        op: TexOp,
        texture: Value,
        srcs: &[(TexSrcKind, Value)],
        component: u8,
        gather_offsets: Option<[[i32; 2]; 4]>,
        ty: ValueType,
    ) -> Value {
        let srcs = srcs
            .iter()
            .map(|&(kind, value)| TexSrc { kind, value })
            .collect();
        self.instr(
            InstrKind::Tex(Tex {
                op,
                texture,
                srcs,
                component,
                gather_offsets,
            }),
            Some(ty),
        )
    }

    /// GLSL's texture(sampler, coord) on a colour sampler: a 4-component texel.
    pub fn texture(&mut self, texture: Value, coord: Value) -> Value {
        let ty = self.sampled_result_type(texture);
        self.tex(TexOp::Tex, texture, &[(TexSrcKind::Coord, coord)], ty)
    }

    /// GLSL's texture(samplerShadow, coord, ref): one float.
    pub fn texture_shadow(&mut self, texture: Value, coord: Value, comparator: Value) -> Value {
        self.tex(
            TexOp::Tex,
            texture,
            &[
                (TexSrcKind::Coord, coord),
                (TexSrcKind::Comparator, comparator),
            ],
            ValueType::F32,
        )
    }

    /// The 4-component result type of sampling the sampler `texture` refers to.
    pub fn sampled_result_type(&self, texture: Value) -> ValueType {
        let base = self
            .deref_info(texture)
            .and_then(|d| match &self.shader.types[d.ty] {
                Type::Sampler { sampled, .. } | Type::Image { sampled, .. } => Some(*sampled),
                _ => None,
            })
            .unwrap_or(BaseType::Float);
        ValueType::new(base, 32, 4)
    }

    // ---- phis, jumps and calls -----------------------------------------------------

    pub fn phi(&mut self, srcs: &[(Handle<Block>, Value)], ty: ValueType) -> Value {
        let srcs = srcs
            .iter()
            .map(|&(pred, value)| PhiSrc { pred, value })
            .collect();
        self.instr(InstrKind::Phi(srcs), Some(ty))
    }

    pub fn jump(&mut self, jump: Jump) {
        self.instr(InstrKind::Jump(jump), None);
    }
    pub fn break_(&mut self) {
        self.jump(Jump::Break)
    }
    pub fn continue_(&mut self) {
        self.jump(Jump::Continue)
    }
    pub fn return_(&mut self, value: Option<Value>) {
        self.jump(Jump::Return(value))
    }

    /// Calls `function`; the value is its result (typeless for void functions).
    /// Deref parameters take derefs of variables (not of their elements).
    pub fn call(&mut self, function: Handle<Function>, args: &[Value]) -> Value {
        let ty = self
            .shader
            .functions
            .try_get(function)
            .and_then(|f| f.return_type);
        self.instr(
            InstrKind::Call {
                function,
                args: args.to_vec(),
            },
            ty,
        )
    }

    // ---- structured control flow ---------------------------------------------------

    /// Opens `if (cond)`; what follows goes to the then-branch.
    pub fn push_if(&mut self, cond: Value) {
        let node = CfNode::If(Box::new(IfNode {
            condition: cond,
            then_body: Vec::new(),
            else_body: Vec::new(),
        }));
        let index = self.open_node(node);
        let func = &mut self.shader.functions[self.func];
        let (then_block, else_block) = (
            func.blocks.append(Block::default()),
            func.blocks.append(Block::default()),
        );
        if let CfNode::If(n) = &mut body_mut(func, &self.path)[index] {
            n.then_body.push(CfNode::Block(then_block));
            n.else_body.push(CfNode::Block(else_block));
        }
        self.path.push((index, Branch::Then));
    }

    /// Switches from the then-branch to the else-branch of the innermost open if.
    pub fn push_else(&mut self) {
        if let Some(last) = self.path.last_mut() {
            if last.1 == Branch::Then {
                last.1 = Branch::Else;
            }
        }
    }

    /// Closes the innermost open if; what follows goes after it.
    pub fn pop_if(&mut self) {
        self.close_node(&[Branch::Then, Branch::Else]);
    }

    /// Opens a loop; what follows goes to its body.
    pub fn push_loop(&mut self) {
        let node = CfNode::Loop(Box::new(LoopNode {
            body: Vec::new(),
            continue_body: Vec::new(),
        }));
        let index = self.open_node(node);
        let func = &mut self.shader.functions[self.func];
        let (body_block, cont_block) = (
            func.blocks.append(Block::default()),
            func.blocks.append(Block::default()),
        );
        if let CfNode::Loop(n) = &mut body_mut(func, &self.path)[index] {
            n.body.push(CfNode::Block(body_block));
            n.continue_body.push(CfNode::Block(cont_block));
        }
        self.path.push((index, Branch::LoopBody));
    }

    /// Switches to the continue construct of the innermost open loop (a for-loop's
    /// increment expression).
    pub fn push_continue(&mut self) {
        if let Some(last) = self.path.last_mut() {
            if last.1 == Branch::LoopBody {
                last.1 = Branch::Continue;
            }
        }
    }

    /// Closes the innermost open loop.
    pub fn pop_loop(&mut self) {
        self.close_node(&[Branch::LoopBody, Branch::Continue]);
    }

    /// `if (cond) { then_fn } else { else_fn }`.
    pub fn if_else(
        &mut self,
        cond: Value,
        then_fn: impl FnOnce(&mut Self),
        else_fn: impl FnOnce(&mut Self),
    ) {
        self.push_if(cond);
        then_fn(self);
        self.push_else();
        else_fn(self);
        self.pop_if();
    }

    /// `if (cond) { then_fn }`.
    pub fn if_then(&mut self, cond: Value, then_fn: impl FnOnce(&mut Self)) {
        self.if_else(cond, then_fn, |_| {})
    }

    /// `loop { body_fn } continue { continue_fn }`.
    pub fn loop_(&mut self, body_fn: impl FnOnce(&mut Self), continue_fn: impl FnOnce(&mut Self)) {
        self.push_loop();
        body_fn(self);
        self.push_continue();
        continue_fn(self);
        self.pop_loop();
    }

    /// Appends a control-flow node to the current body; returns its index there.
    fn open_node(&mut self, node: CfNode) -> usize {
        let func = &mut self.shader.functions[self.func];
        let body = body_mut(func, &self.path);
        body.push(node);
        body.len() - 1
    }

    fn close_node(&mut self, branches: &[Branch]) {
        if matches!(self.path.last(), Some((_, b)) if branches.contains(b)) {
            self.path.pop();
            let func = &mut self.shader.functions[self.func];
            let block = func.blocks.append(Block::default());
            body_mut(func, &self.path).push(CfNode::Block(block));
        }
    }
}

/// The body at `path` inside `func`.
fn body_mut<'f>(func: &'f mut Function, path: &[(usize, Branch)]) -> &'f mut Vec<CfNode> {
    let mut body = &mut func.body;
    for &(index, branch) in path {
        body = match (&mut body[index], branch) {
            (CfNode::If(n), Branch::Then) => &mut n.then_body,
            (CfNode::If(n), _) => &mut n.else_body,
            (CfNode::Loop(n), Branch::Continue) => &mut n.continue_body,
            (CfNode::Loop(n), _) => &mut n.body,
            (CfNode::Block(_), _) => unreachable!("builder paths only enter control-flow nodes"),
        };
    }
    body
}

fn body_ref<'f>(func: &'f Function, path: &[(usize, Branch)]) -> &'f Vec<CfNode> {
    let mut body = &func.body;
    for &(index, branch) in path {
        body = match (&body[index], branch) {
            (CfNode::If(n), Branch::Then) => &n.then_body,
            (CfNode::If(n), _) => &n.else_body,
            (CfNode::Loop(n), Branch::Continue) => &n.continue_body,
            (CfNode::Loop(n), _) => &n.body,
            (CfNode::Block(_), _) => unreachable!("builder paths only enter control-flow nodes"),
        };
    }
    body
}

/// The last block of the body at `path`; bodies always end with a block.
fn current_block(func: &Function, path: &[(usize, Branch)]) -> Handle<Block> {
    body_ref(func, path)
        .last()
        .and_then(CfNode::as_block)
        .unwrap_or_else(|| Handle::from_index(0))
}

macro_rules! alu_methods {
    ($($method:ident => $op:ident ($($arg:ident),*);)*) => {
        impl<'a> Builder<'a> {
            $(
                #[doc = concat!("`", stringify!($method), "` (see [`AluOp::", stringify!($op), "`]).")]
                pub fn $method(&mut self, $($arg: Value),*) -> Value {
                    self.alu(AluOp::$op, &[$($arg),*])
                }
            )*
        }
    };
}

alu_methods! {
    fneg => Fneg(a); fabs => Fabs(a); fsign => Fsign(a); ffloor => Ffloor(a); fceil => Fceil(a);
    ftrunc => Ftrunc(a); fround_even => FroundEven(a); ffract => Ffract(a); fsat => Fsat(a);
    fadd => Fadd(a, b); fsub => Fsub(a, b); fmul => Fmul(a, b); fdiv => Fdiv(a, b);
    fmod => Fmod(a, b); fmin => Fmin(a, b); fmax => Fmax(a, b); fclamp => Fclamp(x, lo, hi);
    ffma => Ffma(a, b, c); fmix => Fmix(x, y, a); fstep => Fstep(edge, x);
    fsmoothstep => Fsmoothstep(e0, e1, x);
    fsqrt => Fsqrt(a); frsq => Frsq(a); frcp => Frcp(a); fpow => Fpow(a, b); fexp2 => Fexp2(a);
    flog2 => Flog2(a); fsin => Fsin(a); fcos => Fcos(a);
    fdot => Fdot(a, b); flength => Flength(a); fnormalize => Fnormalize(a); fcross => Fcross(a, b);
    fddx => Fddx(a); fddy => Fddy(a);
    ineg => Ineg(a); iadd => Iadd(a, b); isub => Isub(a, b); imul => Imul(a, b);
    idiv => Idiv(a, b); udiv => Udiv(a, b); imin => Imin(a, b); imax => Imax(a, b);
    umin => Umin(a, b); umax => Umax(a, b);
    inot => Inot(a); iand => Iand(a, b); ior => Ior(a, b); ixor => Ixor(a, b);
    ishl => Ishl(a, b); ishr => Ishr(a, b); ushr => Ushr(a, b);
    flt => Flt(a, b); fge => Fge(a, b); feq => Feq(a, b); fneu => Fneu(a, b);
    ilt => Ilt(a, b); ige => Ige(a, b); ult => Ult(a, b); uge => Uge(a, b);
    ieq => Ieq(a, b); ine => Ine(a, b);
    bnot => Bnot(a); band => Band(a, b); bor => Bor(a, b); bany => Bany(a); ball => Ball(a);
}
