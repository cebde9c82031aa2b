//! The emitter's shared state: the rspirv builder, caches of types and constants, the ids
//! of variables and functions, and the capabilities and extensions the module needs.

use std::collections::{BTreeSet, HashMap};

use nir_like::{Handle, Shader, Type, ValueType};
use rspirv::dr::{Builder, Instruction, Operand};
use rspirv::spirv::{self, Capability, Op, Word};

use crate::{EmitError, EmitOptions};

pub struct Emitter<'s> {
    pub(crate) shader: &'s Shader,
    pub(crate) options: &'s EmitOptions,
    pub(crate) b: Builder,
    pub(crate) capabilities: BTreeSet<u32>,
    pub(crate) extensions: BTreeSet<String>,
    pub(crate) glsl_std: Word,
    pub(crate) void_type: Word,
    pub(crate) value_types: HashMap<ValueType, Word>,
    /// Memory types by (type, block layout of the memory holding it).
    pub(crate) mem_types: HashMap<(Handle<Type>, Option<nir_like::Layout>), Word>,
    pub(crate) pointer_types: HashMap<(u32, Word), Word>,
    pub(crate) function_types: HashMap<(Word, Vec<Word>), Word>,
    pub(crate) struct_types: HashMap<Vec<Word>, Word>,
    pub(crate) constants: HashMap<(ValueType, Vec<u64>), Word>,
    /// Structs already decorated Block / BufferBlock.
    pub(crate) block_decorated: BTreeSet<Word>,
    pub(crate) image_types: HashMap<Vec<u32>, Word>,
    pub(crate) sampled_image_types: HashMap<Word, Word>,
    /// OpVariable id of each shader variable.
    pub(crate) variable_ids: Vec<Word>,
    pub(crate) function_ids: Vec<Word>,
    /// Whether a FragDepth output exists (needs the DepthReplacing mode).
    pub(crate) writes_frag_depth: bool,
    /// Whether an output is captured by transform feedback (needs the Xfb mode).
    pub(crate) uses_xfb: bool,
    /// The compute work-group size as a uvec3 constant, once something needs it.
    pub(crate) workgroup_size: Option<Word>,
}

impl<'s> Emitter<'s> {
    pub fn new(shader: &'s Shader, options: &'s EmitOptions) -> Self {
        let mut b = Builder::new();
        b.set_version(options.spirv_version.0, options.spirv_version.1);
        let glsl_std = b.ext_inst_import("GLSL.std.450");
        b.memory_model(spirv::AddressingModel::Logical, spirv::MemoryModel::GLSL450);
        let void_type = b.type_void();
        Emitter {
            shader,
            options,
            b,
            capabilities: BTreeSet::from([Capability::Shader as u32]),
            extensions: BTreeSet::new(),
            glsl_std,
            void_type,
            value_types: HashMap::new(),
            mem_types: HashMap::new(),
            pointer_types: HashMap::new(),
            function_types: HashMap::new(),
            struct_types: HashMap::new(),
            constants: HashMap::new(),
            block_decorated: BTreeSet::new(),
            image_types: HashMap::new(),
            sampled_image_types: HashMap::new(),
            variable_ids: Vec::new(),
            function_ids: Vec::new(),
            writes_frag_depth: false,
            uses_xfb: false,
            workgroup_size: None,
        }
    }

    /// Emits the whole module.
    pub fn run(mut self) -> Result<Vec<u32>, EmitError> {
        self.emit_variables()?;
        for _ in self.shader.functions.iter() {
            let id = self.b.id();
            self.function_ids.push(id);
        }
        for (h, func) in self.shader.functions.iter() {
            self.emit_function(h, func)?;
        }
        self.emit_entry_point()?;
        let caps: Vec<u32> = self.capabilities.iter().copied().collect();
        for c in caps {
            if let Some(cap) = capability_from_u32(c) {
                self.b.capability(cap);
            }
        }
        let exts: Vec<String> = self.extensions.iter().cloned().collect();
        for e in exts {
            self.b.extension(e);
        }
        use rspirv::binary::Assemble;
        // Capabilities were pushed after the memory model and imports; the module's
        // sections are assembled in order regardless of insertion time.
        Ok(self.b.module().assemble())
    }

    pub(crate) fn version_at_least(&self, minor: u8) -> bool {
        self.options.spirv_version.1 >= minor
    }

    pub(crate) fn cap(&mut self, cap: Capability) {
        self.capabilities.insert(cap as u32);
    }

    pub(crate) fn ext(&mut self, name: &str) {
        self.extensions.insert(name.to_string());
    }

    /// Appends an instruction to the current block.
    pub(crate) fn push(&mut self, inst: Instruction) -> Result<(), EmitError> {
        self.b
            .insert_into_block(rspirv::dr::InsertPoint::End, inst)
            .map_err(build_error)
    }

    /// Appends `op` with a fresh result id (or `result` when given) and returns the id.
    pub(crate) fn op_with_id(
        &mut self,
        op: Op,
        ty: Word,
        result: Option<Word>,
        operands: Vec<Operand>,
    ) -> Result<Word, EmitError> {
        let id = result.unwrap_or_else(|| self.b.id());
        self.push(Instruction::new(op, Some(ty), Some(id), operands))?;
        Ok(id)
    }

    pub(crate) fn op(
        &mut self,
        op: Op,
        ty: Word,
        operands: Vec<Operand>,
    ) -> Result<Word, EmitError> {
        self.op_with_id(op, ty, None, operands)
    }

    /// Appends an instruction that defines nothing.
    pub(crate) fn op_void(&mut self, op: Op, operands: Vec<Operand>) -> Result<(), EmitError> {
        self.push(Instruction::new(op, None, None, operands))
    }

    /// Appends a terminator and closes the current block.
    pub(crate) fn terminate(&mut self, op: Op, operands: Vec<Operand>) -> Result<(), EmitError> {
        self.push(Instruction::new(op, None, None, operands))?;
        self.b.select_block(None).map_err(build_error)
    }

    /// A GLSL.std.450 extended instruction.
    pub(crate) fn glsl(
        &mut self,
        inst: spirv::GlslStd450Op,
        ty: Word,
        args: &[Word],
    ) -> Result<Word, EmitError> {
        let mut operands = vec![
            Operand::IdRef(self.glsl_std),
            Operand::LiteralExtInstInteger(inst as u32),
        ];
        operands.extend(args.iter().map(|a| Operand::IdRef(*a)));
        self.op(Op::ExtInst, ty, operands)
    }

    pub(crate) fn decorate(&mut self, target: Word, decoration: spirv::Decoration, extra: &[u32]) {
        let mut operands = vec![Operand::Decoration(decoration)];
        operands.extend(extra.iter().map(|v| Operand::LiteralBit32(*v)));
        self.b
            .module_mut()
            .annotations
            .push(Instruction::new(Op::Decorate, None, None, {
                let mut o = vec![Operand::IdRef(target)];
                o.extend(operands);
                o
            }));
    }

    pub(crate) fn decorate_builtin(&mut self, target: Word, builtin: spirv::BuiltIn) {
        self.b.module_mut().annotations.push(Instruction::new(
            Op::Decorate,
            None,
            None,
            vec![
                Operand::IdRef(target),
                Operand::Decoration(spirv::Decoration::BuiltIn),
                Operand::BuiltIn(builtin),
            ],
        ));
    }

    pub(crate) fn member_decorate(
        &mut self,
        target: Word,
        member: u32,
        decoration: spirv::Decoration,
        extra: &[u32],
    ) {
        let mut operands = vec![
            Operand::IdRef(target),
            Operand::LiteralBit32(member),
            Operand::Decoration(decoration),
        ];
        operands.extend(extra.iter().map(|v| Operand::LiteralBit32(*v)));
        self.b.module_mut().annotations.push(Instruction::new(
            Op::MemberDecorate,
            None,
            None,
            operands,
        ));
    }

    pub(crate) fn name(&mut self, target: Word, name: &str) {
        if self.options.debug_names && !name.is_empty() {
            self.b.name(target, name);
        }
    }

    /// Adds a module-level instruction (types, constants, global variables).
    pub(crate) fn global(&mut self, op: Op, ty: Option<Word>, operands: Vec<Operand>) -> Word {
        let id = self.b.id();
        self.b
            .module_mut()
            .types_global_values
            .push(Instruction::new(op, ty, Some(id), operands));
        id
    }

    /// A constant of `ty` with these per-component bits.
    pub(crate) fn constant(&mut self, ty: ValueType, bits: &[u64]) -> Word {
        let key = (ty, bits.to_vec());
        if let Some(&id) = self.constants.get(&key) {
            return id;
        }
        let type_id = self.value_type(ty);
        let id = if ty.components == 1 {
            let bits = bits.first().copied().unwrap_or(0);
            match ty.base {
                nir_like::BaseType::Bool => {
                    let op = if bits != 0 {
                        Op::ConstantTrue
                    } else {
                        Op::ConstantFalse
                    };
                    self.global(op, Some(type_id), vec![])
                }
                _ if ty.bits == 64 => self.global(
                    Op::Constant,
                    Some(type_id),
                    vec![Operand::LiteralBit64(bits)],
                ),
                _ => {
                    // Narrow integers are sign-extended in the literal word for signed types.
                    let word = match (ty.base, ty.bits) {
                        (nir_like::BaseType::Int, b) if b < 32 => {
                            nir_like::instr::sign_extend(bits, b) as u32
                        }
                        _ => bits as u32,
                    };
                    self.global(
                        Op::Constant,
                        Some(type_id),
                        vec![Operand::LiteralBit32(word)],
                    )
                }
            }
        } else {
            let parts: Vec<Word> = bits
                .iter()
                .map(|b| self.constant(ty.scalar(), &[*b]))
                .collect();
            self.global(
                Op::ConstantComposite,
                Some(type_id),
                parts.into_iter().map(Operand::IdRef).collect(),
            )
        };
        self.constants.insert(key, id);
        id
    }

    pub(crate) fn const_u32(&mut self, v: u32) -> Word {
        self.constant(ValueType::U32, &[v as u64])
    }

    pub(crate) fn const_i32(&mut self, v: i32) -> Word {
        self.constant(ValueType::I32, &[v as u32 as u64])
    }

    /// A constant of shape `ty` with every component `v` (converted to the kind of `ty`).
    pub(crate) fn const_splat(&mut self, ty: ValueType, v: f64) -> Word {
        let c = nir_like::ConstValue::splat_f64(ty, v);
        self.constant(ty, &c.bits)
    }
}

pub(crate) fn build_error(e: rspirv::dr::Error) -> EmitError {
    EmitError::Unsupported(format!("SPIR-V builder: {e:?}"))
}

fn capability_from_u32(v: u32) -> Option<Capability> {
    Capability::from_u32(v)
}
