//! The translation of one entry point: interface variables, then the function body,
//! whose structured control flow (`OpSelectionMerge`, `OpLoopMerge`) becomes nir_like's
//! if and loop nodes. SPIR-V pointers stay symbolic (a root and an index chain) until a
//! load or store makes them derefs there; matrices, arrays and structs are held as lists
//! of their parts, so every SSA value the IR sees is a scalar or a vector. `OpPhi`
//! becomes a function-local variable its predecessors store to.

use std::collections::HashMap;

use nir_like::{AluOp, BaseType, Builder, Builtin, ConstValue, Handle, Interpolation, IntrinsicOp, Local, Shader, Stage, StructMember, Type, Value, ValueType, Variable, VariableMode};
use rspirv::dr::{self, Instruction, Operand};
use rspirv::spirv::{BuiltIn, Decoration, ExecutionMode, Op, StorageClass, Word};

use crate::interface::{BufferBlockInfo, InterfaceVariable, SpirvInterface, UniformInfo};
use crate::module::{id_operand, literal_operand, malformed, result_id, stage_of, unsupported, Constant, Module, ReadError, SpvType};
use crate::SpirvShader;

type R<T> = Result<T, ReadError>;

/// A SPIR-V value as the translator holds it.
#[derive(Clone, Debug)]
enum Val {
    /// A scalar or vector.
    V(Value),
    /// A matrix (its columns), array (its elements) or struct (its members).
    Agg(Vec<Val>),
    Ptr(Ptr),
}

/// A pointer: where it starts, the indices taken from there and what it points to.
#[derive(Clone, Debug)]
struct Ptr {
    root: Root,
    root_ty: Word,
    chain: Vec<Idx>,
    ty: Word,
}

#[derive(Clone, Copy, Debug)]
enum Root {
    Var(Handle<Variable>),
    Local(Handle<Local>),
    /// A built-in block (gl_PerVertex) whose members become variables of their own.
    Split(Word),
    /// Atomic counters: the one member of a storage-buffer variable over their buffer.
    Counter(Handle<Variable>),
    /// An array of arrays of blocks, held as one array of its elements in row-major order.
    FlatBlocks(Handle<Variable>),
}

#[derive(Clone, Copy, Debug)]
enum Idx {
    C(u32),
    D(Value),
}

/// Where a chain of blocks stops, and what leaving through a branch means there.
#[derive(Clone, Copy, Debug, Default)]
struct Ctx {
    /// The merge block of the innermost selection: reaching it ends the arm.
    merge: Option<Word>,
    /// The innermost loop's merge block: branching there is a break.
    brk: Option<Word>,
    /// The innermost loop's continue target: branching there is a continue.
    cont: Option<Word>,
    /// In a continue construct, the loop header: the back edge ends it.
    header: Option<Word>,
    nested: bool,
}

struct Tr<'m> {
    m: &'m Module,
    vals: HashMap<Word, Val>,
    blocks: HashMap<Word, &'m dr::Block>,
    /// Built-in block members made variables, by (block variable, member).
    split: HashMap<(Word, u32), Handle<Variable>>,
    split_class: HashMap<Word, StorageClass>,
    phis: HashMap<Word, Handle<Local>>,
    types: HashMap<(Word, bool), Handle<Type>>,
    interface: SpirvInterface,
    /// Guards against branches that never reach a merge (unstructured control flow).
    steps: usize,
    /// The entry point has the `Xfb` execution mode: outputs declare their captures.
    xfb: bool,
}

pub(crate) fn translate(m: &Module, stage: Stage, entry: &str) -> R<SpirvShader> {
    let ep = m
        .dr
        .entry_points
        .iter()
        .find(|e| {
            matches!(e.operands.first(), Some(Operand::ExecutionModel(model)) if stage_of(*model) == Some(stage))
                && matches!(e.operands.get(2), Some(Operand::LiteralString(s)) if s == entry)
        })
        .ok_or_else(|| ReadError::NoEntryPoint(entry.to_string()))?;
    if !matches!(stage, Stage::Vertex | Stage::Fragment | Stage::Compute) {
        return Err(unsupported(format!("{} shaders", stage.name())));
    }
    let func_id = id_operand(ep, 1)?;
    let func = m
        .dr
        .functions
        .iter()
        .find(|f| f.def.as_ref().and_then(|d| d.result_id) == Some(func_id))
        .ok_or_else(|| malformed("the entry point names no function"))?;
    if m.dr.functions.len() > 1 {
        return Err(unsupported("functions besides the entry point"));
    }
    let mut shader = Shader::new(stage);
    shader.name = entry.to_string();
    apply_execution_modes(m, func_id, &mut shader)?;
    let mut tr = Tr {
        m,
        vals: HashMap::new(),
        blocks: func.blocks.iter().filter_map(|b| Some((b.label.as_ref()?.result_id?, b))).collect(),
        split: HashMap::new(),
        split_class: HashMap::new(),
        phis: HashMap::new(),
        types: HashMap::new(),
        interface: SpirvInterface::default(),
        steps: 0,
        xfb: has_execution_mode(m, func_id, ExecutionMode::Xfb),
    };
    {
        let mut b = Builder::main(&mut shader);
        for g in &m.globals {
            tr.global(&mut b, g)?;
        }
        let first = func.blocks.first().and_then(|b| b.label.as_ref()?.result_id).ok_or_else(|| malformed("a function without blocks"))?;
        tr.emit_from(&mut b, first, Ctx::default())?;
    }
    Ok(SpirvShader { ir: shader, interface: tr.interface })
}

fn has_execution_mode(m: &Module, func: Word, wanted: ExecutionMode) -> bool {
    m.dr.execution_modes
        .iter()
        .any(|e| e.operands.first() == Some(&Operand::IdRef(func)) && e.operands.get(1) == Some(&Operand::ExecutionMode(wanted)))
}

fn apply_execution_modes(m: &Module, func: Word, shader: &mut Shader) -> R<()> {
    for e in &m.dr.execution_modes {
        if e.operands.first() != Some(&Operand::IdRef(func)) {
            continue;
        }
        let Some(Operand::ExecutionMode(mode)) = e.operands.get(1) else { continue };
        let fi = &mut shader.info.fragment;
        match mode {
            ExecutionMode::OriginLowerLeft => {}
            ExecutionMode::OriginUpperLeft => fi.origin_upper_left = true,
            ExecutionMode::PixelCenterInteger => fi.pixel_center_integer = true,
            ExecutionMode::EarlyFragmentTests => fi.early_fragment_tests = true,
            ExecutionMode::DepthReplacing => {}
            ExecutionMode::DepthGreater => fi.depth_layout = nir_like::DepthLayout::Greater,
            ExecutionMode::DepthLess => fi.depth_layout = nir_like::DepthLayout::Less,
            ExecutionMode::DepthUnchanged => fi.depth_layout = nir_like::DepthLayout::Unchanged,
            // The captures themselves are the outputs' decorations (`xfb`).
            ExecutionMode::Xfb => {}
            ExecutionMode::LocalSize => {
                let size = |i| literal_operand(e, i);
                shader.info.compute.local_size = [size(2)?, size(3)?, size(4)?];
            }
            other => return Err(unsupported(format!("execution mode {other:?}"))),
        }
    }
    Ok(())
}

fn builtin(b: BuiltIn) -> R<Builtin> {
    Ok(match b {
        BuiltIn::Position => Builtin::Position,
        BuiltIn::PointSize => Builtin::PointSize,
        BuiltIn::ClipDistance => Builtin::ClipDistance,
        BuiltIn::CullDistance => Builtin::CullDistance,
        // GL's gl_VertexID counts from the draw's first vertex, as Vulkan's index does.
        BuiltIn::VertexId | BuiltIn::VertexIndex => Builtin::VertexIndex,
        BuiltIn::InstanceId | BuiltIn::InstanceIndex => Builtin::InstanceIndex,
        BuiltIn::BaseVertex => Builtin::BaseVertex,
        BuiltIn::BaseInstance => Builtin::BaseInstance,
        BuiltIn::DrawIndex => Builtin::DrawIndex,
        BuiltIn::PrimitiveId => Builtin::PrimitiveId,
        BuiltIn::FragCoord => Builtin::FragCoord,
        BuiltIn::FrontFacing => Builtin::FrontFacing,
        BuiltIn::PointCoord => Builtin::PointCoord,
        BuiltIn::FragDepth => Builtin::FragDepth,
        BuiltIn::SampleId => Builtin::SampleId,
        BuiltIn::SamplePosition => Builtin::SamplePosition,
        BuiltIn::SampleMask => Builtin::SampleMask,
        BuiltIn::HelperInvocation => Builtin::HelperInvocation,
        BuiltIn::NumWorkgroups => Builtin::NumWorkgroups,
        BuiltIn::WorkgroupSize => Builtin::WorkgroupSize,
        BuiltIn::WorkgroupId => Builtin::WorkgroupId,
        BuiltIn::LocalInvocationId => Builtin::LocalInvocationId,
        BuiltIn::GlobalInvocationId => Builtin::GlobalInvocationId,
        BuiltIn::LocalInvocationIndex => Builtin::LocalInvocationIndex,
        other => return Err(unsupported(format!("built-in {other:?}"))),
    })
}

fn image_dim(dim: rspirv::spirv::Dim) -> R<nir_like::ImageDim> {
    use rspirv::spirv::Dim;
    Ok(match dim {
        Dim::Dim1D => nir_like::ImageDim::D1,
        Dim::Dim2D => nir_like::ImageDim::D2,
        Dim::Dim3D => nir_like::ImageDim::D3,
        Dim::DimCube => nir_like::ImageDim::Cube,
        Dim::DimRect => nir_like::ImageDim::Rect,
        Dim::DimBuffer => nir_like::ImageDim::Buffer,
        other => return Err(unsupported(format!("images of dimensionality {other:?}"))),
    })
}

/// Truncates a scalar's bits to its width, as `ConstValue` keeps them.
fn const_bits(vt: ValueType, bits: u64) -> u64 {
    if vt.bits >= 64 {
        bits
    } else {
        bits & ((1u64 << vt.bits) - 1)
    }
}

impl<'m> Tr<'m> {
    // ---- types ---------------------------------------------------------------------

    fn value_type(&self, ty: Word) -> R<Option<ValueType>> {
        Ok(match self.m.ty(ty)? {
            SpvType::Bool => Some(ValueType::BOOL),
            SpvType::Int { bits, signed } => Some(ValueType::new(if *signed { BaseType::Int } else { BaseType::Uint }, *bits, 1)),
            SpvType::Float { bits } => Some(ValueType::new(BaseType::Float, *bits, 1)),
            SpvType::Vector { elem, n } => self.value_type(*elem)?.map(|e| e.with_components(*n)),
            _ => None,
        })
    }

    fn scalar_type(&self, ty: Word) -> R<ValueType> {
        self.value_type(ty)?.ok_or_else(|| malformed(format!("%{ty} is no scalar or vector type")))
    }

    /// The IR type of SPIR-V type `ty`; `explicit` keeps Offset/ArrayStride/MatrixStride
    /// (buffer blocks), otherwise the IR's own layout applies.
    fn nir_type(&mut self, b: &mut Builder, ty: Word, explicit: bool) -> R<Handle<Type>> {
        if let Some(h) = self.types.get(&(ty, explicit)) {
            return Ok(*h);
        }
        let t = match self.m.ty(ty)?.clone() {
            SpvType::Bool | SpvType::Int { .. } | SpvType::Float { .. } | SpvType::Vector { .. } => Type::Vector(self.scalar_type(ty)?),
            SpvType::Matrix { column, n } => {
                let c = self.scalar_type(column)?;
                Type::Matrix { columns: n, rows: c.components, bits: c.bits }
            }
            SpvType::Array { elem, len } => Type::Array {
                element: self.nir_type(b, elem, explicit)?,
                length: Some(len),
                stride: if explicit { self.m.decoration_literal(ty, Decoration::ArrayStride) } else { None },
            },
            SpvType::RuntimeArray { elem } => Type::Array {
                element: self.nir_type(b, elem, explicit)?,
                length: None,
                stride: if explicit { self.m.decoration_literal(ty, Decoration::ArrayStride) } else { None },
            },
            SpvType::Struct { members } => {
                let mut out = Vec::new();
                for (k, member) in members.iter().enumerate() {
                    let k = k as u32;
                    out.push(StructMember {
                        name: self.m.member_names.get(&(ty, k)).cloned().unwrap_or_else(|| format!("m{k}")),
                        ty: self.nir_type(b, *member, explicit)?,
                        offset: if explicit { self.m.member_literal(ty, k, Decoration::Offset) } else { None },
                        matrix_stride: if explicit { self.m.member_literal(ty, k, Decoration::MatrixStride) } else { None },
                        row_major: explicit && self.m.member_decoration(ty, k, Decoration::RowMajor).is_some(),
                    });
                }
                Type::Struct { name: self.m.names.get(&ty).cloned().unwrap_or_else(|| format!("struct{ty}")), members: out }
            }
            SpvType::SampledImage { image } => match self.m.ty(image)?.clone() {
                SpvType::Image { sampled, dim, depth, arrayed, multisampled } => Type::Sampler {
                    dim: image_dim(dim)?,
                    arrayed,
                    shadow: depth,
                    multisampled,
                    sampled: self.scalar_type(sampled)?.base,
                },
                _ => return Err(malformed("a sampled image of a non-image type")),
            },
            SpvType::Image { .. } => return Err(unsupported("storage images")),
            SpvType::Opaque(what) => return Err(unsupported(format!("{what} types"))),
            other => return Err(malformed(format!("%{ty} ({other:?}) is no data type"))),
        };
        let h = b.ty(t);
        self.types.insert((ty, explicit), h);
        Ok(h)
    }

    // ---- interface variables -------------------------------------------------------

    fn global(&mut self, b: &mut Builder, g: &crate::module::GlobalVar) -> R<()> {
        let m = self.m;
        let name = m.names.get(&g.id).cloned();
        let ptr = |root| Val::Ptr(Ptr { root, root_ty: g.pointee, chain: Vec::new(), ty: g.pointee });
        let member_builtins = matches!(m.ty(g.pointee)?, SpvType::Struct { .. }) && m.member_builtin(g.pointee, 0).is_some();
        let var = match g.class {
            StorageClass::Input | StorageClass::Output if member_builtins => {
                let captured = (0..self.m.member_count(g.pointee)).any(|k| m.member_decoration(g.pointee, k, Decoration::Offset).is_some());
                if self.xfb && captured {
                    return Err(unsupported("transform feedback of built-in block members"));
                }
                self.split_class.insert(g.id, g.class);
                self.vals.insert(g.id, ptr(Root::Split(g.id)));
                return Ok(());
            }
            StorageClass::Input | StorageClass::Output => {
                let mode = if g.class == StorageClass::Input { VariableMode::ShaderIn } else { VariableMode::ShaderOut };
                let ty = self.nir_type(b, g.pointee, false)?;
                let label = name.clone().unwrap_or_else(|| format!("_{}", g.id));
                let mut v = Variable::new(label, ty, mode);
                if let Some(bi) = m.builtin(g.id) {
                    v.builtin = Some(builtin(bi)?);
                } else {
                    let location = m
                        .decoration_literal(g.id, Decoration::Location)
                        .ok_or_else(|| malformed("an input or output without Location or BuiltIn"))?;
                    v.location = Some(location);
                    v.component = m.decoration_literal(g.id, Decoration::Component);
                    v.index = m.decoration_literal(g.id, Decoration::Index);
                    let iv = InterfaceVariable { location, name: name.clone(), ty };
                    if mode == VariableMode::ShaderIn {
                        self.interface.inputs.push(iv);
                    } else {
                        self.interface.outputs.push(iv);
                    }
                }
                if m.has_decoration(g.id, Decoration::Flat) {
                    v.interpolation = Interpolation::Flat;
                } else if m.has_decoration(g.id, Decoration::NoPerspective) {
                    v.interpolation = Interpolation::NoPerspective;
                }
                v.centroid = m.has_decoration(g.id, Decoration::Centroid);
                v.sample = m.has_decoration(g.id, Decoration::Sample);
                v.invariant = m.has_decoration(g.id, Decoration::Invariant);
                v.member_locations = self.member_locations(g.pointee)?;
                let h = b.variable(v);
                if self.xfb && mode == VariableMode::ShaderOut {
                    crate::xfb::declared_captures(m, g, h, &mut self.interface.xfb_outputs)?;
                }
                h
            }
            StorageClass::Uniform | StorageClass::StorageBuffer => {
                let (block_ty, array_dims) = self.block_array(g.pointee)?;
                let array_size = (!array_dims.is_empty()).then(|| array_dims.iter().product());
                let storage = g.class == StorageClass::StorageBuffer || m.has_decoration(block_ty, Decoration::BufferBlock);
                let ty = self.nir_type(b, block_ty, true)?;
                // An array of arrays of blocks is one descriptor array of all its elements.
                let var_ty = match array_size {
                    Some(n) if array_dims.len() > 1 => b.array_type(ty, Some(n), None),
                    _ => self.nir_type(b, g.pointee, true)?,
                };
                let block_name = m.names.get(&block_ty).cloned();
                let label = block_name.clone().unwrap_or_else(|| format!("block{}", g.id));
                let binding = m.decoration_literal(g.id, Decoration::Binding).unwrap_or(0);
                let mode = if storage { VariableMode::Ssbo } else { VariableMode::Ubo };
                let mut v = Variable::new(label, var_ty, mode).with_binding(0, binding);
                v.access.readonly = m.has_decoration(g.id, Decoration::NonWritable);
                v.access.writeonly = m.has_decoration(g.id, Decoration::NonReadable);
                v.access.coherent = m.has_decoration(g.id, Decoration::Coherent);
                v.access.volatile = m.has_decoration(g.id, Decoration::Volatile);
                let h = b.variable(v);
                let member_names = (0..m.member_count(block_ty)).map(|k| m.member_names.get(&(block_ty, k)).cloned()).collect();
                self.interface.blocks.push(BufferBlockInfo { storage, binding, name: block_name, var: h, ty, member_names, array_size, array_dims: array_dims.clone() });
                if array_dims.len() > 1 {
                    self.vals.insert(g.id, ptr(Root::FlatBlocks(h)));
                    return Ok(());
                }
                h
            }
            StorageClass::UniformConstant if self.sampler_array(g.pointee)?.is_some() => {
                let (element, count) = self.sampler_array(g.pointee)?.unwrap_or((g.pointee, 1));
                let ty = self.nir_type(b, g.pointee, false)?;
                let element_ty = self.nir_type(b, element, false)?;
                let location = m
                    .decoration_literal(g.id, Decoration::Location)
                    .ok_or_else(|| malformed("a sampler uniform without Location (ARB_gl_spirv requires one)"))?;
                let label = name.clone().unwrap_or_else(|| format!("gl_spirv_sampler{location}"));
                let h = b.variable(Variable::new(label, ty, VariableMode::Image).with_binding(0, 0));
                let binding = m.decoration_literal(g.id, Decoration::Binding);
                self.interface.samplers.push(crate::interface::SamplerInfo { location, binding, name, var: h, ty: element_ty, count });
                h
            }
            StorageClass::UniformConstant => {
                let ty = self.nir_type(b, g.pointee, false)?;
                let location = m
                    .decoration_literal(g.id, Decoration::Location)
                    .ok_or_else(|| malformed("a default-block uniform without Location (ARB_gl_spirv requires one)"))?;
                let h = b.variable(Variable::new(format!("gl_spirv_uniform{location}"), ty, VariableMode::Uniform));
                let member_names = match m.ty(g.pointee)? {
                    SpvType::Struct { members } => (0..members.len() as u32).map(|k| m.member_names.get(&(g.pointee, k)).cloned()).collect(),
                    _ => Vec::new(),
                };
                let mut initial_components = Vec::new();
                if let Some(init) = g.initializer {
                    self.flatten_constant(init, &mut initial_components)?;
                }
                self.interface.uniforms.push(UniformInfo { location, name, var: h, ty, member_names, initial_components });
                h
            }
            StorageClass::Private | StorageClass::Workgroup => {
                let ty = self.nir_type(b, g.pointee, false)?;
                let mode = if g.class == StorageClass::Private { VariableMode::GlobalPrivate } else { VariableMode::Shared };
                let h = b.variable(Variable::new(name.unwrap_or_else(|| format!("_{}", g.id)), ty, mode));
                if let Some(init) = g.initializer {
                    let value = self.val(b, init)?;
                    let p = Ptr { root: Root::Var(h), root_ty: g.pointee, chain: Vec::new(), ty: g.pointee };
                    self.store(b, &p, &value)?;
                }
                h
            }
            StorageClass::AtomicCounter => {
                let (member_ty, dims) = self.counter_type(b, g.pointee)?;
                let offset = m.decoration_literal(g.id, Decoration::Offset).unwrap_or(0);
                let binding = m.decoration_literal(g.id, Decoration::Binding).unwrap_or(0);
                let label = name.clone().unwrap_or_else(|| format!("counter{}", g.id));
                let ty = b.ty(Type::Struct {
                    name: format!("gl_AtomicCounter_{label}"),
                    members: vec![StructMember { name: label.clone(), ty: member_ty, offset: Some(offset), matrix_stride: None, row_major: false }],
                });
                let h = b.variable(Variable::new(format!("{label}_buffer"), ty, VariableMode::Ssbo).with_binding(0, 0));
                self.interface.atomic_counters.push(crate::interface::AtomicCounterInfo { binding, offset, name, dims, var: h });
                self.vals.insert(g.id, ptr(Root::Counter(h)));
                return Ok(());
            }
            other => return Err(unsupported(format!("storage class {other:?}"))),
        };
        self.vals.insert(g.id, ptr(Root::Var(var)));
        Ok(())
    }

    /// The locations the members of an input or output block (or array of blocks) of
    /// type `ty` give themselves; empty when none does.
    fn member_locations(&self, ty: Word) -> R<Vec<Option<u32>>> {
        let block = match self.m.ty(ty)? {
            SpvType::Array { elem, .. } => *elem,
            _ => ty,
        };
        let locations: Vec<Option<u32>> = (0..self.m.member_count(block)).map(|k| self.m.member_literal(block, k, Decoration::Location)).collect();
        Ok(if locations.iter().any(Option::is_some) { locations } else { Vec::new() })
    }

    /// For a sampler or an array of them: the sampler type and the element count.
    fn sampler_array(&self, ty: Word) -> R<Option<(Word, u32)>> {
        Ok(match self.m.ty(ty)? {
            SpvType::SampledImage { .. } => Some((ty, 1)),
            SpvType::Array { elem, len } if matches!(self.m.ty(*elem)?, SpvType::SampledImage { .. }) => Some((*elem, *len)),
            _ => None,
        })
    }

    /// The block type of a block variable of type `ty` and its array dimensions, outermost
    /// first (none for one block).
    fn block_array(&self, ty: Word) -> R<(Word, Vec<u32>)> {
        match self.m.ty(ty)? {
            SpvType::Struct { .. } => Ok((ty, Vec::new())),
            SpvType::Array { elem, len } => {
                let (block, mut dims) = self.block_array(*elem)?;
                dims.insert(0, *len);
                Ok((block, dims))
            }
            _ => Err(malformed("a uniform or storage block that is no struct")),
        }
    }

    /// Element `indices` (one per dimension of `dims`) of the flattened array of blocks `d`.
    fn flat_element(&self, b: &mut Builder, d: Value, dims: &[u32], indices: &[Idx]) -> Value {
        let mut constant = Some(0u32);
        let mut dynamic: Option<Value> = None;
        let uint = ValueType::new(BaseType::Uint, 32, 1);
        for (&dim, &idx) in dims.iter().zip(indices) {
            let scaled = |b: &mut Builder, v: Value| {
                let dim = b.imm_u32(dim);
                b.alu(AluOp::Imul, &[v, dim])
            };
            match (idx, constant) {
                (Idx::C(k), Some(c)) => constant = Some(c * dim + k),
                _ => {
                    let acc = match (dynamic, constant) {
                        (Some(v), _) => scaled(b, v),
                        (None, c) => b.imm_u32(c.unwrap_or(0) * dim),
                    };
                    let term = match idx {
                        Idx::C(k) => b.imm_u32(k),
                        Idx::D(v) => self.retype(b, v, uint),
                    };
                    dynamic = Some(b.alu(AluOp::Iadd, &[acc, term]));
                    constant = None;
                }
            }
        }
        match (dynamic, constant) {
            (Some(v), _) => b.deref_array(d, v),
            (None, c) => b.deref_array_imm(d, c.unwrap_or(0)),
        }
    }

    /// The IR type of an atomic counter variable's counters (a uint, or arrays of them 4
    /// bytes apart) and its array dimensions, outermost first.
    fn counter_type(&mut self, b: &mut Builder, ty: Word) -> R<(Handle<Type>, Vec<u32>)> {
        match self.m.ty(ty)?.clone() {
            SpvType::Int { bits: 32, signed: false } => Ok((self.nir_type(b, ty, false)?, Vec::new())),
            SpvType::Array { elem, len } => {
                let (element, mut dims) = self.counter_type(b, elem)?;
                let stride = 4 * dims.iter().product::<u32>();
                dims.insert(0, len);
                Ok((b.array_type(element, Some(len), Some(stride)), dims))
            }
            _ => Err(malformed("an atomic counter that is no uint")),
        }
    }

    /// The variable member `k` of built-in block `block` becomes, made on first use.
    fn split_member(&mut self, b: &mut Builder, block: Word, root_ty: Word, k: u32) -> R<Handle<Variable>> {
        if let Some(v) = self.split.get(&(block, k)) {
            return Ok(*v);
        }
        let member_ty = match self.m.ty(root_ty)? {
            SpvType::Struct { members } => *members.get(k as usize).ok_or_else(|| malformed("member index out of range"))?,
            _ => return Err(malformed("a built-in block that is no struct")),
        };
        let bi = self.m.member_builtin(root_ty, k).ok_or_else(|| malformed("a built-in block member without BuiltIn"))?;
        let ty = self.nir_type(b, member_ty, false)?;
        let mode = if self.split_class.get(&block) == Some(&StorageClass::Input) { VariableMode::ShaderIn } else { VariableMode::ShaderOut };
        let name = self.m.member_names.get(&(root_ty, k)).cloned().unwrap_or_else(|| format!("{bi:?}"));
        let v = b.variable(Variable::new(name, ty, mode).with_builtin(builtin(bi)?));
        self.split.insert((block, k), v);
        Ok(v)
    }

    // ---- values --------------------------------------------------------------------

    fn val(&mut self, b: &mut Builder, id: Word) -> R<Val> {
        if let Some(v) = self.vals.get(&id) {
            return Ok(v.clone());
        }
        match self.m.constants.get(&id) {
            Some(c) => self.constant(b, c.clone()),
            None => Err(malformed(format!("%{id} is used before it is defined"))),
        }
    }

    fn value(&mut self, b: &mut Builder, id: Word) -> R<Value> {
        match self.val(b, id)? {
            Val::V(v) => Ok(v),
            _ => Err(malformed(format!("%{id} is no scalar or vector"))),
        }
    }

    fn constant(&mut self, b: &mut Builder, c: Constant) -> R<Val> {
        match c {
            Constant::Scalar { ty, bits } => {
                let vt = self.scalar_type(ty)?;
                Ok(Val::V(b.constant(ConstValue { ty: vt, bits: vec![const_bits(vt, bits)] })))
            }
            Constant::Null { ty } => self.zero(b, ty),
            Constant::Composite { ty, parts } => {
                if let Some(vt) = self.value_type(ty)? {
                    let mut bits = Vec::new();
                    for p in &parts {
                        match self.m.constants.get(p) {
                            Some(Constant::Scalar { bits: v, .. }) => bits.push(const_bits(vt, *v)),
                            Some(Constant::Null { .. }) => bits.push(0),
                            _ => return Err(malformed("a vector constant of non-scalars")),
                        }
                    }
                    return Ok(Val::V(b.constant(ConstValue { ty: vt, bits })));
                }
                let mut out = Vec::new();
                for p in parts {
                    out.push(self.val(b, p)?);
                }
                Ok(Val::Agg(out))
            }
        }
    }

    /// The scalar components of constant `id`, in declaration order.
    fn flatten_constant(&self, id: Word, out: &mut Vec<u64>) -> R<()> {
        match self.m.constants.get(&id) {
            Some(Constant::Scalar { bits, .. }) => out.push(*bits),
            Some(Constant::Composite { parts, .. }) => {
                for p in parts {
                    self.flatten_constant(*p, out)?;
                }
            }
            Some(Constant::Null { ty }) => out.extend(std::iter::repeat(0).take(self.scalar_count(*ty)? as usize)),
            None => return Err(malformed("an initializer that is no constant")),
        }
        Ok(())
    }

    fn scalar_count(&self, ty: Word) -> R<u32> {
        Ok(match self.m.ty(ty)? {
            SpvType::Vector { n, .. } => *n as u32,
            SpvType::Matrix { column, n } => self.scalar_count(*column)? * *n as u32,
            SpvType::Array { elem, len } => self.scalar_count(*elem)? * len,
            SpvType::Struct { members } => members.iter().map(|m| self.scalar_count(*m)).sum::<R<u32>>()?,
            _ => 1,
        })
    }

    /// Zero (or false) of type `ty`: OpConstantNull, OpUndef.
    fn zero(&mut self, b: &mut Builder, ty: Word) -> R<Val> {
        if let Some(vt) = self.value_type(ty)? {
            return Ok(Val::V(b.constant(ConstValue { ty: vt, bits: vec![0; vt.components as usize] })));
        }
        let parts: Vec<Word> = match self.m.ty(ty)?.clone() {
            SpvType::Matrix { column, n } => vec![column; n as usize],
            SpvType::Array { elem, len } => vec![elem; len as usize],
            SpvType::Struct { members } => members,
            _ => return Err(unsupported("a null value of this type")),
        };
        let mut out = Vec::new();
        for p in parts {
            out.push(self.zero(b, p)?);
        }
        Ok(Val::Agg(out))
    }

    // ---- memory --------------------------------------------------------------------

    /// The type one index further into `ty`.
    fn element_type(&self, ty: Word, idx: Idx) -> R<Word> {
        Ok(match (self.m.ty(ty)?, idx) {
            (SpvType::Struct { members }, Idx::C(k)) => *members.get(k as usize).ok_or_else(|| malformed("member index out of range"))?,
            (SpvType::Struct { .. }, Idx::D(_)) => return Err(malformed("a struct indexed by a non-constant")),
            (SpvType::Array { elem, .. } | SpvType::RuntimeArray { elem } | SpvType::Vector { elem, .. }, _) => *elem,
            (SpvType::Matrix { column, .. }, _) => *column,
            _ => return Err(malformed("an index into a scalar")),
        })
    }

    fn deref(&mut self, b: &mut Builder, p: &Ptr) -> R<Value> {
        let (mut d, mut ty, chain) = match p.root {
            Root::Var(v) => (b.deref_var(v), p.root_ty, &p.chain[..]),
            Root::Local(l) => (b.deref_local(l), p.root_ty, &p.chain[..]),
            Root::Counter(v) => {
                let d = b.deref_var(v);
                (b.deref_struct(d, 0), p.root_ty, &p.chain[..])
            }
            Root::FlatBlocks(v) => {
                let (block, dims) = self.block_array(p.root_ty)?;
                if p.chain.len() < dims.len() {
                    return Err(unsupported("an array of arrays of blocks used by less than a whole block"));
                }
                let d = b.deref_var(v);
                (self.flat_element(b, d, &dims, &p.chain[..dims.len()]), block, &p.chain[dims.len()..])
            }
            Root::Split(block) => {
                let Some(Idx::C(k)) = p.chain.first() else { return Err(malformed("a built-in block used whole")) };
                let v = self.split_member(b, block, p.root_ty, *k)?;
                (b.deref_var(v), self.element_type(p.root_ty, Idx::C(*k))?, &p.chain[1..])
            }
        };
        for &idx in chain {
            d = match (self.m.ty(ty)?, idx) {
                (SpvType::Struct { .. }, Idx::C(k)) => b.deref_struct(d, k),
                (_, Idx::C(k)) => b.deref_array_imm(d, k),
                (_, Idx::D(i)) => b.deref_array(d, i),
            };
            ty = self.element_type(ty, idx)?;
        }
        Ok(d)
    }

    fn sub_ptr(&self, p: &Ptr, k: u32) -> R<Ptr> {
        let mut q = p.clone();
        q.chain.push(Idx::C(k));
        q.ty = self.element_type(p.ty, Idx::C(k))?;
        Ok(q)
    }

    fn parts(&self, ty: Word) -> R<Option<u32>> {
        Ok(match self.m.ty(ty)? {
            SpvType::Matrix { n, .. } => Some(*n as u32),
            SpvType::Array { len, .. } => Some(*len),
            SpvType::Struct { members } => Some(members.len() as u32),
            SpvType::RuntimeArray { .. } => return Err(unsupported("loading a runtime-sized array whole")),
            _ => None,
        })
    }

    fn load(&mut self, b: &mut Builder, p: &Ptr) -> R<Val> {
        match self.parts(p.ty)? {
            None => {
                let d = self.deref(b, p)?;
                Ok(Val::V(b.load_deref(d)))
            }
            Some(n) => {
                let mut out = Vec::new();
                for k in 0..n {
                    let q = self.sub_ptr(p, k)?;
                    out.push(self.load(b, &q)?);
                }
                Ok(Val::Agg(out))
            }
        }
    }

    fn store(&mut self, b: &mut Builder, p: &Ptr, value: &Val) -> R<()> {
        match (self.parts(p.ty)?, value) {
            (None, Val::V(v)) => {
                let d = self.deref(b, p)?;
                b.store_deref(d, *v);
                Ok(())
            }
            (Some(n), Val::Agg(parts)) if parts.len() == n as usize => {
                for (k, part) in parts.iter().enumerate() {
                    let q = self.sub_ptr(p, k as u32)?;
                    self.store(b, &q, part)?;
                }
                Ok(())
            }
            _ => Err(malformed("a store of a value whose type is not the pointer's")),
        }
    }

    fn phi_local(&mut self, b: &mut Builder, phi: &Instruction) -> R<Handle<Local>> {
        let id = result_id(phi)?;
        if let Some(l) = self.phis.get(&id) {
            return Ok(*l);
        }
        let ty = self.nir_type(b, phi.result_type.unwrap_or(0), false)?;
        let l = b.local(&format!("phi{id}"), ty);
        self.phis.insert(id, l);
        Ok(l)
    }

    /// Before leaving block `from` for `to`: the values `to`'s phis take from `from`.
    fn store_phis(&mut self, b: &mut Builder, from: Word, to: Word) -> R<()> {
        let Some(target) = self.blocks.get(&to).copied() else { return Ok(()) };
        for phi in target.instructions.iter().take_while(|i| i.class.opcode == Op::Phi) {
            for pair in phi.operands.chunks(2) {
                if let [Operand::IdRef(value), Operand::IdRef(parent)] = pair {
                    if *parent == from {
                        let v = self.val(b, *value)?;
                        let local = self.phi_local(b, phi)?;
                        let ty = phi.result_type.unwrap_or(0);
                        self.store(b, &Ptr { root: Root::Local(local), root_ty: ty, chain: Vec::new(), ty }, &v)?;
                    }
                }
            }
        }
        Ok(())
    }

    // ---- control flow --------------------------------------------------------------

    fn emit_from(&mut self, b: &mut Builder, start: Word, ctx: Ctx) -> R<()> {
        let mut label = start;
        loop {
            self.steps += 1;
            if self.steps > 1_000_000 {
                return Err(malformed("control flow that never reaches its merge block"));
            }
            if Some(label) == ctx.merge || Some(label) == ctx.header {
                return Ok(());
            }
            if Some(label) == ctx.brk {
                b.break_();
                return Ok(());
            }
            if Some(label) == ctx.cont {
                b.continue_();
                return Ok(());
            }
            let block = *self.blocks.get(&label).ok_or_else(|| malformed(format!("branch to %{label}, which is no block")))?;
            let loop_merge = block.instructions.iter().rev().nth(1).filter(|i| i.class.opcode == Op::LoopMerge);
            if let Some(lm) = loop_merge {
                let (merge, cont) = (id_operand(lm, 0)?, id_operand(lm, 1)?);
                b.push_loop();
                let body = Ctx { merge: None, brk: Some(merge), cont: Some(cont), header: None, nested: true };
                if let Some(next) = self.emit_block(b, label, block, body)? {
                    self.emit_from(b, next, body)?;
                }
                b.push_continue();
                if cont != label {
                    self.emit_from(b, cont, Ctx { merge: None, brk: Some(merge), cont: None, header: Some(label), nested: true })?;
                }
                b.pop_loop();
                label = merge;
                continue;
            }
            match self.emit_block(b, label, block, ctx)? {
                Some(next) => label = next,
                None => return Ok(()),
            }
        }
    }

    /// Emits `block`'s instructions and its terminator; returns the block the chain goes
    /// on with, or `None` when it ended (a jump, or both arms of a branch ended).
    fn emit_block(&mut self, b: &mut Builder, label: Word, block: &dr::Block, ctx: Ctx) -> R<Option<Word>> {
        let mut merge = None;
        for inst in &block.instructions {
            match inst.class.opcode {
                Op::Phi => {
                    let local = self.phi_local(b, inst)?;
                    let ty = inst.result_type.unwrap_or(0);
                    let v = self.load(b, &Ptr { root: Root::Local(local), root_ty: ty, chain: Vec::new(), ty })?;
                    self.vals.insert(result_id(inst)?, v);
                }
                Op::SelectionMerge => merge = Some(id_operand(inst, 0)?),
                Op::LoopMerge => {}
                Op::Branch => {
                    let target = id_operand(inst, 0)?;
                    self.store_phis(b, label, target)?;
                    return Ok(Some(target));
                }
                Op::BranchConditional => {
                    let cond = self.value(b, id_operand(inst, 0)?)?;
                    let (t, f) = (id_operand(inst, 1)?, id_operand(inst, 2)?);
                    self.store_phis(b, label, t)?;
                    if f != t {
                        self.store_phis(b, label, f)?;
                    }
                    let arms = Ctx { merge: merge.or(ctx.merge), nested: true, ..ctx };
                    b.push_if(cond);
                    self.emit_from(b, t, arms)?;
                    b.push_else();
                    self.emit_from(b, f, arms)?;
                    b.pop_if();
                    return Ok(merge);
                }
                Op::Return => {
                    if ctx.nested {
                        b.return_(None);
                    }
                    return Ok(None);
                }
                Op::ReturnValue => return Err(unsupported("functions returning values")),
                Op::Kill | Op::TerminateInvocation => {
                    b.discard();
                    return Ok(None);
                }
                Op::Unreachable => return Ok(None),
                Op::Switch => return Err(unsupported("OpSwitch")),
                _ => self.instruction(b, inst)?,
            }
        }
        Err(malformed(format!("block %{label} has no terminator")))
    }

    // ---- instructions --------------------------------------------------------------

    fn instruction(&mut self, b: &mut Builder, inst: &Instruction) -> R<()> {
        use Op::*;
        let op = inst.class.opcode;
        let rt = inst.result_type.unwrap_or(0);
        let arg = |i: usize| id_operand(inst, i);
        let result = match op {
            Nop | Line | NoLine => return Ok(()),
            Op::Variable => {
                let ty = match self.m.ty(rt)? {
                    SpvType::Pointer { pointee, .. } => *pointee,
                    _ => return Err(malformed("OpVariable whose type is no pointer")),
                };
                let nty = self.nir_type(b, ty, false)?;
                let id = result_id(inst)?;
                let l = b.local(&self.m.names.get(&id).cloned().unwrap_or_else(|| format!("_{id}")), nty);
                let p = Ptr { root: Root::Local(l), root_ty: ty, chain: Vec::new(), ty };
                if let Some(Operand::IdRef(init)) = inst.operands.get(1) {
                    let v = self.val(b, *init)?;
                    self.store(b, &p, &v)?;
                }
                Val::Ptr(p)
            }
            Load => match self.val(b, arg(0)?)? {
                // A sampler is used through its deref, as texture instructions take it.
                Val::Ptr(p) if matches!(self.m.ty(p.ty)?, SpvType::SampledImage { .. }) => Val::V(self.deref(b, &p)?),
                Val::Ptr(p) => self.load(b, &p)?,
                _ => return Err(malformed("OpLoad from a non-pointer")),
            },
            Store => {
                let value = self.val(b, arg(1)?)?;
                match self.val(b, arg(0)?)? {
                    Val::Ptr(p) => self.store(b, &p, &value)?,
                    _ => return Err(malformed("OpStore to a non-pointer")),
                }
                return Ok(());
            }
            CopyMemory => {
                let (Val::Ptr(dst), Val::Ptr(src)) = (self.val(b, arg(0)?)?, self.val(b, arg(1)?)?) else {
                    return Err(malformed("OpCopyMemory between non-pointers"));
                };
                let v = self.load(b, &src)?;
                self.store(b, &dst, &v)?;
                return Ok(());
            }
            AccessChain | InBoundsAccessChain => {
                let Val::Ptr(mut p) = self.val(b, arg(0)?)? else { return Err(malformed("an access chain on a non-pointer")) };
                for i in 1..inst.operands.len() {
                    let id = arg(i)?;
                    let idx = match self.m.constants.get(&id) {
                        Some(crate::module::Constant::Scalar { bits, .. }) => Idx::C(*bits as u32),
                        _ => Idx::D(self.value(b, id)?),
                    };
                    p.ty = self.element_type(p.ty, idx)?;
                    p.chain.push(idx);
                }
                Val::Ptr(p)
            }
            ArrayLength => {
                let Val::Ptr(p) = self.val(b, arg(0)?)? else { return Err(malformed("OpArrayLength on a non-pointer")) };
                let d = self.deref(b, &p)?;
                let len = b.intrinsic(IntrinsicOp::ArrayLength, &[d], Some(ValueType::I32));
                Val::V(self.retype(b, len, self.scalar_type(rt)?))
            }
            CopyObject | CopyLogical => self.val(b, arg(0)?)?,
            Undef => self.zero(b, rt)?,
            CompositeConstruct => {
                let mut parts = Vec::new();
                for i in 0..inst.operands.len() {
                    parts.push(self.val(b, arg(i)?)?);
                }
                if self.value_type(rt)?.is_some() {
                    let values: Vec<Value> = parts.iter().map(|p| match p {
                        Val::V(v) => Ok(*v),
                        _ => Err(malformed("a vector built from non-vectors")),
                    }).collect::<R<_>>()?;
                    Val::V(b.compose(&values))
                } else {
                    Val::Agg(parts)
                }
            }
            CompositeExtract => {
                let mut v = self.val(b, arg(0)?)?;
                for i in 1..inst.operands.len() {
                    let k = literal_operand(inst, i)?;
                    v = match v {
                        Val::Agg(parts) => parts.get(k as usize).cloned().ok_or_else(|| malformed("extract index out of range"))?,
                        Val::V(x) => Val::V(b.channel(x, k as u8)),
                        Val::Ptr(_) => return Err(malformed("OpCompositeExtract on a pointer")),
                    };
                }
                v
            }
            CompositeInsert => {
                let object = self.val(b, arg(0)?)?;
                let composite = self.val(b, arg(1)?)?;
                let path: Vec<u32> = (2..inst.operands.len()).map(|i| literal_operand(inst, i)).collect::<R<_>>()?;
                insert(b, composite, &path, object)?
            }
            VectorShuffle => {
                let (v1, v2) = (self.value(b, arg(0)?)?, self.value(b, arg(1)?)?);
                let n1 = b.type_of(v1).components as u32;
                let mut comps = Vec::new();
                for i in 2..inst.operands.len() {
                    let c = literal_operand(inst, i)?;
                    comps.push(match c {
                        0xffff_ffff => b.channel(v1, 0),
                        c if c < n1 => b.channel(v1, c as u8),
                        c => b.channel(v2, (c - n1) as u8),
                    });
                }
                Val::V(b.compose(&comps))
            }
            VectorExtractDynamic => {
                let (v, i) = (self.value(b, arg(0)?)?, self.value(b, arg(1)?)?);
                Val::V(b.vector_extract(v, i))
            }
            VectorInsertDynamic => {
                let (v, c, i) = (self.value(b, arg(0)?)?, self.value(b, arg(1)?)?, self.value(b, arg(2)?)?);
                Val::V(b.vector_insert(v, c, i))
            }
            Select => {
                let cond = self.value(b, arg(0)?)?;
                let (t, f) = (self.val(b, arg(1)?)?, self.val(b, arg(2)?)?);
                select(b, cond, t, f)?
            }
            ConvertFToS | ConvertFToU | ConvertSToF | ConvertUToF | FConvert | SConvert | UConvert | Bitcast => {
                let v = self.value(b, arg(0)?)?;
                let to = self.scalar_type(rt)?;
                let from = b.type_of(v);
                let src_kind = match op {
                    ConvertSToF | SConvert => Some(BaseType::Int),
                    ConvertUToF | UConvert => Some(BaseType::Uint),
                    _ => None,
                };
                let v = match src_kind {
                    Some(k) => self.retype(b, v, from.with_scalar(k, from.bits)),
                    None => v,
                };
                Val::V(if op == Bitcast { b.bitcast(v, to) } else { b.convert(v, to.base, to.bits) })
            }
            SNegate | Not | FNegate | LogicalNot | Any | All | IsNan | IsInf | BitReverse | BitCount => {
                let a = self.value(b, arg(0)?)?;
                let alu = match op {
                    SNegate => AluOp::Ineg,
                    Not => AluOp::Inot,
                    FNegate => AluOp::Fneg,
                    LogicalNot => AluOp::Bnot,
                    Any => AluOp::Bany,
                    All => AluOp::Ball,
                    IsNan => AluOp::Fisnan,
                    IsInf => AluOp::Fisinf,
                    BitReverse => AluOp::BitfieldReverse,
                    _ => AluOp::BitCount,
                };
                Val::V(self.alu(b, alu, &[a], rt)?)
            }
            FAdd | FSub | FMul | FDiv | FMod | FRem | IAdd | ISub | IMul | SDiv | UDiv | SRem | SMod | UMod | BitwiseAnd
            | BitwiseOr | BitwiseXor | ShiftLeftLogical | ShiftRightLogical | ShiftRightArithmetic | LogicalAnd | LogicalOr
            | LogicalEqual | LogicalNotEqual | IEqual | INotEqual | SLessThan | SGreaterThan | SLessThanEqual
            | SGreaterThanEqual | ULessThan | UGreaterThan | ULessThanEqual | UGreaterThanEqual | FOrdEqual | FUnordEqual
            | FOrdNotEqual | FUnordNotEqual | FOrdLessThan | FUnordLessThan | FOrdGreaterThan | FUnordGreaterThan
            | FOrdLessThanEqual | FUnordLessThanEqual | FOrdGreaterThanEqual | FUnordGreaterThanEqual | Dot => {
                let (x, y) = (self.value(b, arg(0)?)?, self.value(b, arg(1)?)?);
                Val::V(self.binary(b, op, x, y, rt)?)
            }
            VectorTimesScalar => {
                let (v, s) = (self.value(b, arg(0)?)?, self.value(b, arg(1)?)?);
                let n = b.type_of(v).components;
                let s = b.splat(s, n);
                Val::V(b.fmul(v, s))
            }
            MatrixTimesScalar => {
                let (m, s) = (self.val(b, arg(0)?)?, self.value(b, arg(1)?)?);
                let cols = columns(&m)?;
                let out = cols
                    .iter()
                    .map(|c| {
                        let n = b.type_of(*c).components;
                        let s = b.splat(s, n);
                        Val::V(b.fmul(*c, s))
                    })
                    .collect();
                Val::Agg(out)
            }
            MatrixTimesVector => {
                let (m, v) = (self.val(b, arg(0)?)?, self.value(b, arg(1)?)?);
                Val::V(matrix_times_vector(b, &columns(&m)?, v))
            }
            VectorTimesMatrix => {
                let (v, m) = (self.value(b, arg(0)?)?, self.val(b, arg(1)?)?);
                let dots: Vec<Value> = columns(&m)?.iter().map(|c| b.fdot(v, *c)).collect();
                Val::V(b.compose(&dots))
            }
            MatrixTimesMatrix => {
                let (l, r) = (self.val(b, arg(0)?)?, self.val(b, arg(1)?)?);
                let lc = columns(&l)?;
                Val::Agg(columns(&r)?.iter().map(|c| Val::V(matrix_times_vector(b, &lc, *c))).collect())
            }
            OuterProduct => {
                let (x, y) = (self.value(b, arg(0)?)?, self.value(b, arg(1)?)?);
                let (n, m) = (b.type_of(x).components, b.type_of(y).components);
                let cols = (0..m)
                    .map(|j| {
                        let yj = b.channel(y, j);
                        let s = b.splat(yj, n);
                        Val::V(b.fmul(x, s))
                    })
                    .collect();
                Val::Agg(cols)
            }
            Transpose => {
                let cols = columns(&self.val(b, arg(0)?)?)?;
                let rows = cols.first().map_or(0, |c| b.type_of(*c).components);
                let out = (0..rows)
                    .map(|r| {
                        let parts: Vec<Value> = cols.iter().map(|c| b.channel(*c, r)).collect();
                        Val::V(b.compose(&parts))
                    })
                    .collect();
                Val::Agg(out)
            }
            AtomicLoad | AtomicStore | AtomicExchange | AtomicCompareExchange | AtomicIIncrement | AtomicIDecrement | AtomicIAdd
            | AtomicISub | AtomicSMin | AtomicUMin | AtomicSMax | AtomicUMax | AtomicAnd | AtomicOr | AtomicXor => {
                match self.atomic(b, inst)? {
                    Some(v) => v,
                    None => return Ok(()),
                }
            }
            ImageSampleImplicitLod => {
                if inst.operands.len() > 2 {
                    return Err(unsupported("image operands on OpImageSampleImplicitLod"));
                }
                let (texture, coord) = (self.value(b, arg(0)?)?, self.value(b, arg(1)?)?);
                let texel = b.texture(texture, coord);
                let rvt = self.scalar_type(rt)?;
                Val::V(self.retype(b, texel, rvt))
            }
            ExtInst => self.ext_inst(b, inst, rt)?,
            FunctionCall => return Err(unsupported("function calls")),
            op => return Err(unsupported(format!("instruction {op:?}"))),
        };
        self.vals.insert(result_id(inst)?, result);
        Ok(())
    }

    /// An atomic instruction on a storage buffer, shared memory or atomic counter; the
    /// value it results in (`None` for OpAtomicStore). Scopes and semantics are dropped:
    /// every IR atomic is device-scoped and relaxed, as GL's are.
    fn atomic(&mut self, b: &mut Builder, inst: &Instruction) -> R<Option<Val>> {
        use Op::*;
        let op = inst.class.opcode;
        let Val::Ptr(p) = self.val(b, id_operand(inst, 0)?)? else { return Err(malformed("an atomic on a non-pointer")) };
        let vt = self.scalar_type(p.ty)?;
        let d = self.deref(b, &p)?;
        if op == AtomicLoad {
            return Ok(Some(Val::V(b.load_deref(d))));
        }
        // Operands after the pointer, scope and semantics (two semantics for compare-exchange).
        let data_at = if op == AtomicCompareExchange { 5 } else { 3 };
        let mut data = |b: &mut Builder, i: usize| -> R<Value> {
            let v = self.value(b, id_operand(inst, data_at + i)?)?;
            Ok(self.retype(b, v, vt))
        };
        let constant = |b: &mut Builder, bits: u64| b.constant(ConstValue { ty: vt, bits: vec![const_bits(vt, bits)] });
        let (atomic, srcs) = match op {
            AtomicStore => {
                let v = data(b, 0)?;
                b.store_deref(d, v);
                return Ok(None);
            }
            AtomicIIncrement => (nir_like::AtomicOp::Add, vec![constant(b, 1)]),
            AtomicIDecrement => (nir_like::AtomicOp::Add, vec![constant(b, u64::MAX)]),
            AtomicISub => {
                let v = data(b, 0)?;
                let zero = constant(b, 0);
                (nir_like::AtomicOp::Add, vec![b.alu(AluOp::Isub, &[zero, v])])
            }
            AtomicCompareExchange => {
                let (value, comparator) = (data(b, 0)?, data(b, 1)?);
                (nir_like::AtomicOp::CompSwap, vec![comparator, value])
            }
            _ => {
                let atomic = match op {
                    AtomicExchange => nir_like::AtomicOp::Exchange,
                    AtomicIAdd => nir_like::AtomicOp::Add,
                    AtomicSMin => nir_like::AtomicOp::Imin,
                    AtomicUMin => nir_like::AtomicOp::Umin,
                    AtomicSMax => nir_like::AtomicOp::Imax,
                    AtomicUMax => nir_like::AtomicOp::Umax,
                    AtomicAnd => nir_like::AtomicOp::And,
                    AtomicOr => nir_like::AtomicOp::Or,
                    _ => nir_like::AtomicOp::Xor,
                };
                (atomic, vec![data(b, 0)?])
            }
        };
        let result = b.deref_atomic(atomic, d, &srcs);
        let rvt = self.scalar_type(inst.result_type.unwrap_or(0))?;
        Ok(Some(Val::V(self.retype(b, result, rvt))))
    }

    /// `v` reinterpreted as `to` where only the signedness of an integer differs.
    fn retype(&self, b: &mut Builder, v: Value, to: ValueType) -> Value {
        let from = b.type_of(v);
        if from != to && from.is_integer() && to.is_integer() && from.bits == to.bits && from.components == to.components {
            b.bitcast(v, to)
        } else {
            v
        }
    }

    /// An ALU op on SSA values whose result has SPIR-V type `rt`; integer sources take
    /// the signedness the op reads them with.
    fn alu(&self, b: &mut Builder, op: AluOp, srcs: &[Value], rt: Word) -> R<Value> {
        let rvt = self.scalar_type(rt)?;
        let kind = match op {
            AluOp::Idiv | AluOp::Irem | AluOp::Imod | AluOp::Ishr | AluOp::Ilt | AluOp::Ige | AluOp::Imin | AluOp::Imax | AluOp::Iclamp
            | AluOp::Iabs | AluOp::Isign | AluOp::IfindMsb => Some(BaseType::Int),
            AluOp::Udiv | AluOp::Umod | AluOp::Ushr | AluOp::Ult | AluOp::Uge | AluOp::Umin | AluOp::Umax | AluOp::Uclamp
            | AluOp::UfindMsb => Some(BaseType::Uint),
            _ if rvt.is_integer() => Some(rvt.base),
            _ => None,
        };
        let srcs: Vec<Value> = srcs
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let t = b.type_of(*s);
                // Shift counts and bitfield offsets keep their own type.
                let own = matches!(op, AluOp::Ishl | AluOp::Ishr | AluOp::Ushr) && i == 1;
                match kind {
                    Some(k) if t.is_integer() && !own => self.retype(b, *s, t.with_scalar(k, t.bits)),
                    _ => *s,
                }
            })
            .collect();
        let srcs = match op {
            AluOp::Ieq | AluOp::Ine if srcs.len() == 2 => {
                let t = b.type_of(srcs[0]);
                vec![srcs[0], self.retype(b, srcs[1], t)]
            }
            _ => srcs,
        };
        let v = b.alu(op, &srcs);
        Ok(self.retype(b, v, rvt))
    }

    fn binary(&self, b: &mut Builder, op: Op, x: Value, y: Value, rt: Word) -> R<Value> {
        use Op::*;
        let (alu, swap) = match op {
            FAdd => (AluOp::Fadd, false),
            FSub => (AluOp::Fsub, false),
            FMul => (AluOp::Fmul, false),
            FDiv => (AluOp::Fdiv, false),
            FMod => (AluOp::Fmod, false),
            FRem => (AluOp::Frem, false),
            IAdd => (AluOp::Iadd, false),
            ISub => (AluOp::Isub, false),
            IMul => (AluOp::Imul, false),
            SDiv => (AluOp::Idiv, false),
            UDiv => (AluOp::Udiv, false),
            SRem => (AluOp::Irem, false),
            SMod => (AluOp::Imod, false),
            UMod => (AluOp::Umod, false),
            BitwiseAnd => (AluOp::Iand, false),
            BitwiseOr => (AluOp::Ior, false),
            BitwiseXor => (AluOp::Ixor, false),
            ShiftLeftLogical => (AluOp::Ishl, false),
            ShiftRightLogical => (AluOp::Ushr, false),
            ShiftRightArithmetic => (AluOp::Ishr, false),
            LogicalAnd => (AluOp::Band, false),
            LogicalOr => (AluOp::Bor, false),
            LogicalEqual => (AluOp::Beq, false),
            LogicalNotEqual => (AluOp::Bxor, false),
            IEqual => (AluOp::Ieq, false),
            INotEqual => (AluOp::Ine, false),
            SLessThan => (AluOp::Ilt, false),
            SGreaterThan => (AluOp::Ilt, true),
            SLessThanEqual => (AluOp::Ige, true),
            SGreaterThanEqual => (AluOp::Ige, false),
            ULessThan => (AluOp::Ult, false),
            UGreaterThan => (AluOp::Ult, true),
            ULessThanEqual => (AluOp::Uge, true),
            UGreaterThanEqual => (AluOp::Uge, false),
            FOrdEqual | FUnordEqual => (AluOp::Feq, false),
            FOrdNotEqual | FUnordNotEqual => (AluOp::Fneu, false),
            FOrdLessThan | FUnordLessThan => (AluOp::Flt, false),
            FOrdGreaterThan | FUnordGreaterThan => (AluOp::Flt, true),
            FOrdLessThanEqual | FUnordLessThanEqual => (AluOp::Fge, true),
            FOrdGreaterThanEqual | FUnordGreaterThanEqual => (AluOp::Fge, false),
            Dot => (AluOp::Fdot, false),
            _ => return Err(unsupported(format!("instruction {op:?}"))),
        };
        let (x, y) = if swap { (y, x) } else { (x, y) };
        self.alu(b, alu, &[x, y], rt)
    }

    fn ext_inst(&mut self, b: &mut Builder, inst: &Instruction, rt: Word) -> R<Val> {
        if Some(id_operand(inst, 0)?) != self.m.glsl_std {
            return Err(unsupported("extended instructions outside GLSL.std.450"));
        }
        let number = literal_operand(inst, 1)?;
        let mut args = Vec::new();
        for i in 2..inst.operands.len() {
            args.push(self.value(b, id_operand(inst, i)?)?);
        }
        // GLSL.std.450's instruction numbers.
        let op = match number {
            1 => AluOp::Fround,
            2 => AluOp::FroundEven,
            3 => AluOp::Ftrunc,
            4 => AluOp::Fabs,
            5 => AluOp::Iabs,
            6 => AluOp::Fsign,
            7 => AluOp::Isign,
            8 => AluOp::Ffloor,
            9 => AluOp::Fceil,
            10 => AluOp::Ffract,
            11 => AluOp::Fradians,
            12 => AluOp::Fdegrees,
            13 => AluOp::Fsin,
            14 => AluOp::Fcos,
            15 => AluOp::Ftan,
            16 => AluOp::Fasin,
            17 => AluOp::Facos,
            18 => AluOp::Fatan,
            19 => AluOp::Fsinh,
            20 => AluOp::Fcosh,
            21 => AluOp::Ftanh,
            22 => AluOp::Fasinh,
            23 => AluOp::Facosh,
            24 => AluOp::Fatanh,
            25 => AluOp::Fatan2,
            26 => AluOp::Fpow,
            27 => AluOp::Fexp,
            28 => AluOp::Flog,
            29 => AluOp::Fexp2,
            30 => AluOp::Flog2,
            31 => AluOp::Fsqrt,
            32 => AluOp::Frsq,
            37 | 79 => AluOp::Fmin,
            38 => AluOp::Umin,
            39 => AluOp::Imin,
            40 | 80 => AluOp::Fmax,
            41 => AluOp::Umax,
            42 => AluOp::Imax,
            43 | 81 => AluOp::Fclamp,
            44 => AluOp::Uclamp,
            45 => AluOp::Iclamp,
            46 => AluOp::Fmix,
            48 => AluOp::Fstep,
            49 => AluOp::Fsmoothstep,
            50 => AluOp::Ffma,
            53 => AluOp::Ldexp,
            54 => AluOp::PackSnorm4x8,
            55 => AluOp::PackUnorm4x8,
            56 => AluOp::PackSnorm2x16,
            57 => AluOp::PackUnorm2x16,
            58 => AluOp::PackHalf2x16,
            60 => AluOp::UnpackSnorm2x16,
            61 => AluOp::UnpackUnorm2x16,
            62 => AluOp::UnpackHalf2x16,
            63 => AluOp::UnpackSnorm4x8,
            64 => AluOp::UnpackUnorm4x8,
            66 => AluOp::Flength,
            67 => AluOp::Fdistance,
            68 => AluOp::Fcross,
            69 => AluOp::Fnormalize,
            70 => AluOp::Ffaceforward,
            71 => AluOp::Freflect,
            72 => AluOp::Frefract,
            73 => AluOp::FindLsb,
            74 => AluOp::IfindMsb,
            75 => AluOp::UfindMsb,
            n => return Err(unsupported(format!("GLSL.std.450 instruction {n}"))),
        };
        if args.len() != op.num_srcs() {
            return Err(malformed(format!("GLSL.std.450 instruction {number} with {} operands", args.len())));
        }
        Ok(Val::V(self.alu(b, op, &args, rt)?))
    }
}

fn columns(m: &Val) -> R<Vec<Value>> {
    match m {
        Val::Agg(cols) => cols
            .iter()
            .map(|c| match c {
                Val::V(v) => Ok(*v),
                _ => Err(malformed("a matrix column that is no vector")),
            })
            .collect(),
        _ => Err(malformed("a matrix operand that is no matrix")),
    }
}

/// `m * v` for a matrix given by its columns: the columns weighted by v's components.
fn matrix_times_vector(b: &mut Builder, cols: &[Value], v: Value) -> Value {
    let mut sum: Option<Value> = None;
    for (i, c) in cols.iter().enumerate() {
        let n = b.type_of(*c).components;
        let vi = b.channel(v, i as u8);
        let s = b.splat(vi, n);
        let term = b.fmul(*c, s);
        sum = Some(match sum {
            Some(acc) => b.fadd(acc, term),
            None => term,
        });
    }
    sum.unwrap_or(v)
}

fn insert(b: &mut Builder, composite: Val, path: &[u32], object: Val) -> R<Val> {
    let Some((&k, rest)) = path.split_first() else { return Ok(object) };
    match composite {
        Val::Agg(mut parts) => {
            let part = parts.get(k as usize).cloned().ok_or_else(|| malformed("insert index out of range"))?;
            parts[k as usize] = insert(b, part, rest, object)?;
            Ok(Val::Agg(parts))
        }
        Val::V(v) => {
            let Val::V(x) = object else { return Err(malformed("a vector component that is no scalar")) };
            let n = b.type_of(v).components;
            let comps: Vec<Value> = (0..n).map(|c| if c as u32 == k { x } else { b.channel(v, c) }).collect();
            Ok(Val::V(b.compose(&comps)))
        }
        Val::Ptr(_) => Err(malformed("OpCompositeInsert into a pointer")),
    }
}

fn select(b: &mut Builder, cond: Value, t: Val, f: Val) -> R<Val> {
    match (t, f) {
        (Val::V(t), Val::V(f)) => {
            let n = b.type_of(t).components;
            let cond = if b.type_of(cond).components == 1 && n > 1 { b.splat(cond, n) } else { cond };
            Ok(Val::V(b.select(cond, t, f)))
        }
        (Val::Agg(t), Val::Agg(f)) if t.len() == f.len() => {
            Ok(Val::Agg(t.into_iter().zip(f).map(|(t, f)| select(b, cond, t, f)).collect::<R<_>>()?))
        }
        _ => Err(malformed("OpSelect between values of different types")),
    }
}
