//! Global variables with their interface decorations, built-ins, and the entry point with
//! the execution modes of its stage.

use nir_like::{
    Builtin, DepthLayout, Interpolation, Primitive, Stage, TessSpacing, Type, ValueType,
    VariableMode,
};
use rspirv::dr::Operand;
use rspirv::spirv::{self, BuiltIn, Capability, Decoration, ExecutionMode, Op, StorageClass, Word};

use crate::emitter::Emitter;
use crate::EmitError;

impl Emitter<'_> {
    pub(crate) fn emit_variables(&mut self) -> Result<(), EmitError> {
        let shader = self.shader;
        for (_, var) in shader.variables.iter() {
            if let Type::Array { element, .. } = &shader.types[var.ty] {
                if matches!(&shader.types[*element], Type::Array { element: inner, .. } if self.leaf_type(*inner).is_opaque())
                {
                    return Err(EmitError::Unsupported(format!(
                        "array of arrays of samplers or images `{}` (run lower_opaque_arrays_of_arrays first)",
                        var.name
                    )));
                }
            }
            if self.struct_holds_opaque(var.ty) {
                return Err(EmitError::Unsupported(format!(
                    "`{}`: a struct with sampler or image members (split them into variables of their own)",
                    var.name
                )));
            }
            if var.mode != VariableMode::Ssbo && self.has_runtime_array(var.ty) {
                return Err(EmitError::Unsupported(format!(
                    "`{}`: a runtime-sized array outside a storage block (size implicit arrays at link time)",
                    var.name
                )));
            }
            let class = self.storage_class(var.mode)?;
            let pointee = self.mem_type_for_mode(var.ty, var.mode)?;
            let ptr = self.pointer_type(class, pointee);
            let mut operands = vec![Operand::StorageClass(class)];
            if let Some(init) = &var.initializer {
                if matches!(
                    var.mode,
                    VariableMode::GlobalPrivate | VariableMode::ShaderOut
                ) {
                    let c = self.constant(init.ty, &init.bits);
                    operands.push(Operand::IdRef(c));
                }
            }
            let id = self.global(Op::Variable, Some(ptr), operands);
            self.variable_ids.push(id);
            self.name(id, &var.name);

            if matches!(
                var.mode,
                VariableMode::Ubo | VariableMode::Ssbo | VariableMode::PushConstant
            ) {
                let block = self.block_struct(var.ty).ok_or_else(|| {
                    EmitError::Unsupported(format!(
                        "block variable `{}` is not a struct (or array of structs)",
                        var.name
                    ))
                })?;
                let block_id = self.mem_type(block, Self::explicit_layout(var.mode))?;
                if self.block_decorated.insert(block_id) {
                    self.decorate(block_id, Decoration::Block, &[]);
                }
            }
            if let Some(l) = var.location {
                self.decorate(id, Decoration::Location, &[l]);
            }
            if var.member_locations.iter().any(Option::is_some) {
                self.decorate_member_locations(var.ty, &var.member_locations)?;
            }
            if let Some(c) = var.component {
                self.decorate(id, Decoration::Component, &[c]);
            }
            if let Some(i) = var.index {
                self.decorate(id, Decoration::Index, &[i]);
            }
            if var.binding.is_some() || var.descriptor_set.is_some() {
                self.decorate(
                    id,
                    Decoration::DescriptorSet,
                    &[var.descriptor_set.unwrap_or(0)],
                );
                self.decorate(id, Decoration::Binding, &[var.binding.unwrap_or(0)]);
            }
            if let Some(b) = var.builtin {
                let builtin = self.map_builtin(b, var.mode)?;
                self.decorate_builtin(id, builtin);
                if b == Builtin::FragDepth && var.mode == VariableMode::ShaderOut {
                    self.writes_frag_depth = true;
                }
            }
            let interface = matches!(var.mode, VariableMode::ShaderIn | VariableMode::ShaderOut);
            // Vulkan wants integer and double fragment inputs flat, built-ins included.
            let integer_input = var.mode == VariableMode::ShaderIn
                && shader.stage == Stage::Fragment
                && self.needs_flat(var.ty);
            if integer_input && var.builtin.is_some() {
                self.decorate(id, Decoration::Flat, &[]);
            }
            if interface && var.builtin.is_none() {
                match var.interpolation {
                    Interpolation::Flat => self.decorate(id, Decoration::Flat, &[]),
                    Interpolation::NoPerspective => {
                        self.decorate(id, Decoration::NoPerspective, &[])
                    }
                    Interpolation::Smooth if integer_input => {
                        self.decorate(id, Decoration::Flat, &[])
                    }
                    Interpolation::Smooth => {}
                }
                if var.centroid {
                    self.decorate(id, Decoration::Centroid, &[]);
                }
                if var.sample {
                    self.cap(Capability::SampleRateShading);
                    self.decorate(id, Decoration::Sample, &[]);
                }
            }
            if let Some(x) = var.xfb {
                self.cap(Capability::TransformFeedback);
                self.uses_xfb = true;
                self.decorate(id, Decoration::XfbBuffer, &[x.buffer]);
                self.decorate(id, Decoration::XfbStride, &[x.stride]);
                self.decorate(id, Decoration::Offset, &[x.offset]);
            }
            if let Some(stream) = var.stream {
                self.cap(Capability::GeometryStreams);
                self.decorate(id, Decoration::Stream, &[stream]);
            }
            if var.patch {
                self.decorate(id, Decoration::Patch, &[]);
            }
            if var.invariant && var.mode == VariableMode::ShaderOut {
                self.decorate(id, Decoration::Invariant, &[]);
            }
            if matches!(var.mode, VariableMode::Ssbo | VariableMode::Image) {
                let a = var.access;
                if a.readonly {
                    self.decorate(id, Decoration::NonWritable, &[]);
                }
                if a.writeonly {
                    self.decorate(id, Decoration::NonReadable, &[]);
                }
                if a.coherent {
                    self.decorate(id, Decoration::Coherent, &[]);
                }
                if a.volatile {
                    self.decorate(id, Decoration::Volatile, &[]);
                }
                if a.restrict {
                    self.decorate(id, Decoration::Restrict, &[]);
                }
                if let Type::Image {
                    format: nir_like::ImageFormat::Unknown,
                    ..
                } = self.leaf_type(var.ty)
                {
                    if !a.writeonly {
                        self.cap(Capability::StorageImageReadWithoutFormat);
                    }
                    if !a.readonly {
                        self.cap(Capability::StorageImageWriteWithoutFormat);
                    }
                }
            }
        }
        Ok(())
    }

    /// Decorates the members of an input or output block that name their own location
    /// (the others follow the member before them), and the struct as a Block, which
    /// member locations need.
    fn decorate_member_locations(&mut self, ty: nir_like::Handle<Type>, locations: &[Option<u32>]) -> Result<(), EmitError> {
        let Some(block) = self.block_struct(ty) else { return Ok(()) };
        let id = self.mem_type(block, None)?;
        if self.block_decorated.insert(id) {
            self.decorate(id, Decoration::Block, &[]);
            for (i, l) in locations.iter().enumerate() {
                if let Some(l) = l {
                    self.member_decorate(id, i as u32, Decoration::Location, &[*l]);
                }
            }
        }
        Ok(())
    }

    /// The struct a block variable's type is (looking through arrays of blocks).
    fn block_struct(&self, ty: nir_like::Handle<Type>) -> Option<nir_like::Handle<Type>> {
        match &self.shader.types[ty] {
            Type::Struct { .. } => Some(ty),
            Type::Array { element, .. } => self.block_struct(*element),
            _ => None,
        }
    }

    /// Whether a struct anywhere inside `ty` has a sampler or image member.
    fn struct_holds_opaque(&self, ty: nir_like::Handle<Type>) -> bool {
        match &self.shader.types[ty] {
            Type::Array { element, .. } => self.struct_holds_opaque(*element),
            Type::Struct { members, .. } => members
                .iter()
                .any(|m| self.leaf_type(m.ty).is_opaque() || self.struct_holds_opaque(m.ty)),
            _ => false,
        }
    }

    /// Whether `ty` holds a runtime-sized array anywhere.
    pub(crate) fn has_runtime_array(&self, ty: nir_like::Handle<Type>) -> bool {
        match &self.shader.types[ty] {
            Type::Array { length: None, .. } => true,
            Type::Array { element, .. } => self.has_runtime_array(*element),
            Type::Struct { members, .. } => members.iter().any(|m| self.has_runtime_array(m.ty)),
            _ => false,
        }
    }

    /// The innermost non-array type.
    fn leaf_type(&self, ty: nir_like::Handle<Type>) -> Type {
        match &self.shader.types[ty] {
            Type::Array { element, .. } => self.leaf_type(*element),
            t => t.clone(),
        }
    }

    /// Whether a fragment input of this type must be flat (integers and doubles).
    fn needs_flat(&self, ty: nir_like::Handle<Type>) -> bool {
        match &self.shader.types[ty] {
            Type::Vector(vt) => vt.is_integer() || (vt.is_float() && vt.bits == 64),
            Type::Matrix { bits, .. } => *bits == 64,
            Type::Array { element, .. } => self.needs_flat(*element),
            Type::Struct { members, .. } => members.iter().any(|m| self.needs_flat(m.ty)),
            _ => false,
        }
    }

    fn map_builtin(&mut self, b: Builtin, mode: VariableMode) -> Result<BuiltIn, EmitError> {
        let stage = self.shader.stage;
        Ok(match b {
            Builtin::Position => BuiltIn::Position,
            Builtin::PointSize => BuiltIn::PointSize,
            Builtin::ClipDistance => {
                self.cap(Capability::ClipDistance);
                BuiltIn::ClipDistance
            }
            Builtin::CullDistance => {
                self.cap(Capability::CullDistance);
                BuiltIn::CullDistance
            }
            Builtin::VertexIndex => BuiltIn::VertexIndex,
            Builtin::InstanceIndex => BuiltIn::InstanceIndex,
            Builtin::BaseVertex | Builtin::BaseInstance | Builtin::DrawIndex => {
                self.cap(Capability::DrawParameters);
                if !self.version_at_least(3) {
                    self.ext("SPV_KHR_shader_draw_parameters");
                }
                match b {
                    Builtin::BaseVertex => BuiltIn::BaseVertex,
                    Builtin::BaseInstance => BuiltIn::BaseInstance,
                    _ => BuiltIn::DrawIndex,
                }
            }
            Builtin::PrimitiveId => {
                if stage == Stage::Fragment {
                    self.cap(Capability::Geometry);
                }
                BuiltIn::PrimitiveId
            }
            Builtin::InvocationId => BuiltIn::InvocationId,
            Builtin::Layer | Builtin::ViewportIndex => {
                let is_layer = b == Builtin::Layer;
                match stage {
                    Stage::Geometry | Stage::Fragment => self.cap(if is_layer {
                        Capability::Geometry
                    } else {
                        Capability::MultiViewport
                    }),
                    _ if mode == VariableMode::ShaderOut => {
                        if !is_layer {
                            self.cap(Capability::MultiViewport);
                        }
                        if self.version_at_least(5) {
                            self.cap(if is_layer {
                                Capability::ShaderLayer
                            } else {
                                Capability::ShaderViewportIndex
                            });
                        } else {
                            self.cap(Capability::ShaderViewportIndexLayerEXT);
                            self.ext("SPV_EXT_shader_viewport_index_layer");
                        }
                    }
                    _ => {}
                }
                if is_layer {
                    BuiltIn::Layer
                } else {
                    BuiltIn::ViewportIndex
                }
            }
            Builtin::TessLevelOuter => BuiltIn::TessLevelOuter,
            Builtin::TessLevelInner => BuiltIn::TessLevelInner,
            Builtin::TessCoord => BuiltIn::TessCoord,
            Builtin::PatchVertices => BuiltIn::PatchVertices,
            Builtin::FragCoord => BuiltIn::FragCoord,
            Builtin::FrontFacing => BuiltIn::FrontFacing,
            Builtin::PointCoord => BuiltIn::PointCoord,
            Builtin::FragDepth => BuiltIn::FragDepth,
            Builtin::FragColor => {
                return Err(EmitError::Unsupported(
                    "gl_FragColor (run lower_frag_color_broadcast first)".into(),
                ))
            }
            Builtin::ClipVertex => {
                return Err(EmitError::Unsupported(
                    "gl_ClipVertex (run lower_user_clip_planes first)".into(),
                ))
            }
            Builtin::SampleId | Builtin::SamplePosition => {
                self.cap(Capability::SampleRateShading);
                if b == Builtin::SampleId {
                    BuiltIn::SampleId
                } else {
                    BuiltIn::SamplePosition
                }
            }
            Builtin::SampleMask => BuiltIn::SampleMask,
            Builtin::HelperInvocation => BuiltIn::HelperInvocation,
            Builtin::FragStencilRef => {
                self.cap(Capability::StencilExportEXT);
                self.ext("SPV_EXT_shader_stencil_export");
                BuiltIn::FragStencilRefEXT
            }
            Builtin::NumWorkgroups => BuiltIn::NumWorkgroups,
            Builtin::WorkgroupSize => {
                return Err(EmitError::Unsupported(
                    "WorkgroupSize variable (SPIR-V makes it a constant: use load_workgroup_size)"
                        .into(),
                ))
            }
            Builtin::WorkgroupId => BuiltIn::WorkgroupId,
            Builtin::LocalInvocationId => BuiltIn::LocalInvocationId,
            Builtin::GlobalInvocationId => BuiltIn::GlobalInvocationId,
            Builtin::LocalInvocationIndex => BuiltIn::LocalInvocationIndex,
            Builtin::SubgroupSize | Builtin::SubgroupInvocationId => {
                if !self.version_at_least(3) {
                    return Err(EmitError::Unsupported(
                        "subgroup built-ins need SPIR-V 1.3".into(),
                    ));
                }
                self.cap(Capability::GroupNonUniform);
                if b == Builtin::SubgroupSize {
                    BuiltIn::SubgroupSize
                } else {
                    BuiltIn::SubgroupLocalInvocationId
                }
            }
        })
    }

    pub(crate) fn emit_entry_point(&mut self) -> Result<(), EmitError> {
        let shader = self.shader;
        let entry = shader
            .entry
            .ok_or_else(|| EmitError::Unsupported("no entry point".into()))?;
        let entry_id = self.function_ids[entry.index()];
        let model = match shader.stage {
            Stage::Vertex => spirv::ExecutionModel::Vertex,
            Stage::TessCtrl => spirv::ExecutionModel::TessellationControl,
            Stage::TessEval => spirv::ExecutionModel::TessellationEvaluation,
            Stage::Geometry => spirv::ExecutionModel::Geometry,
            Stage::Fragment => spirv::ExecutionModel::Fragment,
            Stage::Compute => spirv::ExecutionModel::GLCompute,
        };
        match shader.stage {
            Stage::TessCtrl | Stage::TessEval => self.cap(Capability::Tessellation),
            Stage::Geometry => self.cap(Capability::Geometry),
            _ => {}
        }
        let all_globals = self.version_at_least(4);
        let mut interface = Vec::new();
        for (h, var) in shader.variables.iter() {
            let class = self.storage_class(var.mode)?;
            if all_globals || matches!(class, StorageClass::Input | StorageClass::Output) {
                interface.push(self.variable_ids[h.index()]);
            }
        }
        self.b.entry_point(model, entry_id, "main", interface);
        let info = &shader.info;
        if self.uses_xfb {
            self.b.execution_mode(entry_id, ExecutionMode::Xfb, []);
        }
        let mode =
            |e: &mut Self, m: ExecutionMode, args: &[u32]| e.b.execution_mode(entry_id, m, args);
        match shader.stage {
            Stage::Fragment => {
                let f = &info.fragment;
                mode(self, ExecutionMode::OriginUpperLeft, &[]);
                if f.early_fragment_tests {
                    mode(self, ExecutionMode::EarlyFragmentTests, &[]);
                }
                if self.writes_frag_depth {
                    mode(self, ExecutionMode::DepthReplacing, &[]);
                    match f.depth_layout {
                        DepthLayout::Any => {}
                        DepthLayout::Greater => mode(self, ExecutionMode::DepthGreater, &[]),
                        DepthLayout::Less => mode(self, ExecutionMode::DepthLess, &[]),
                        DepthLayout::Unchanged => mode(self, ExecutionMode::DepthUnchanged, &[]),
                    }
                }
            }
            Stage::Geometry => {
                let g = &info.geometry;
                let input = match g.input_primitive {
                    Primitive::Points => ExecutionMode::InputPoints,
                    Primitive::Lines | Primitive::LineStrip => ExecutionMode::InputLines,
                    Primitive::LinesAdjacency => ExecutionMode::InputLinesAdjacency,
                    Primitive::TrianglesAdjacency => ExecutionMode::InputTrianglesAdjacency,
                    _ => ExecutionMode::Triangles,
                };
                mode(self, input, &[]);
                mode(self, ExecutionMode::Invocations, &[g.invocations.max(1)]);
                mode(self, ExecutionMode::OutputVertices, &[g.vertices_out]);
                let output = match g.output_primitive {
                    Primitive::Points => ExecutionMode::OutputPoints,
                    Primitive::Lines | Primitive::LineStrip => ExecutionMode::OutputLineStrip,
                    _ => ExecutionMode::OutputTriangleStrip,
                };
                mode(self, output, &[]);
            }
            Stage::TessCtrl => {
                mode(
                    self,
                    ExecutionMode::OutputVertices,
                    &[info.tess.vertices_out],
                );
            }
            Stage::TessEval => {
                let t = &info.tess;
                let prim = match t.primitive_mode {
                    Primitive::Quads => ExecutionMode::Quads,
                    Primitive::Isolines | Primitive::Lines => ExecutionMode::Isolines,
                    _ => ExecutionMode::Triangles,
                };
                mode(self, prim, &[]);
                let spacing = match t.spacing {
                    TessSpacing::Equal => ExecutionMode::SpacingEqual,
                    TessSpacing::FractionalEven => ExecutionMode::SpacingFractionalEven,
                    TessSpacing::FractionalOdd => ExecutionMode::SpacingFractionalOdd,
                };
                mode(self, spacing, &[]);
                mode(
                    self,
                    if t.ccw {
                        ExecutionMode::VertexOrderCcw
                    } else {
                        ExecutionMode::VertexOrderCw
                    },
                    &[],
                );
                if t.point_mode {
                    mode(self, ExecutionMode::PointMode, &[]);
                }
            }
            // A variable size has no LocalSize: the BuiltIn WorkgroupSize composite of
            // specialisation constants gives it.
            Stage::Compute if info.compute.variable_local_size => {
                self.workgroup_size_id();
            }
            Stage::Compute => {
                let s = info.compute.local_size;
                mode(
                    self,
                    ExecutionMode::LocalSize,
                    &[s[0].max(1), s[1].max(1), s[2].max(1)],
                );
            }
            Stage::Vertex => {}
        }
        Ok(())
    }

    /// The work-group size as a uvec3 constant: the declared size, or for a variable-size
    /// shader an OpSpecConstantComposite of the spec constants `WORKGROUP_SIZE_SPEC_IDS`
    /// decorated BuiltIn WorkgroupSize, which overrides any LocalSize. Only the size's
    /// readers depend on it; shared memory is sized at compile time.
    pub(crate) fn workgroup_size_id(&mut self) -> Word {
        if let Some(id) = self.workgroup_size {
            return id;
        }
        let uvec3 = ValueType::U32.with_components(3);
        let shader = self.shader;
        let info = &shader.info.compute;
        let id = if info.variable_local_size {
            let u32_ty = self.value_type(ValueType::U32);
            let parts: Vec<Operand> = nir_like::WORKGROUP_SIZE_SPEC_IDS
                .iter()
                .map(|&spec_id| {
                    let c = self.global(
                        Op::SpecConstant,
                        Some(u32_ty),
                        vec![Operand::LiteralBit32(1)],
                    );
                    self.decorate(c, Decoration::SpecId, &[spec_id]);
                    Operand::IdRef(c)
                })
                .collect();
            let ty = self.value_type(uvec3);
            let id = self.global(Op::SpecConstantComposite, Some(ty), parts);
            self.decorate_builtin(id, BuiltIn::WorkgroupSize);
            id
        } else {
            let s = info.local_size.map(|c| u64::from(c.max(1)));
            self.constant(uvec3, &s)
        };
        self.workgroup_size = Some(id);
        id
    }
}
