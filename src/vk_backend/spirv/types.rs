//! SPIR-V types: value types, memory types with or without explicit layout (Offset,
//! ArrayStride, MatrixStride belong only to buffer and push-constant storage), pointers,
//! images and function types. Non-aggregate types are emitted once each, as SPIR-V requires.

use nir_like::layout::{self, Layout};
use nir_like::{BaseType, Handle, ImageDim, ImageFormat, Type, ValueType, VariableMode};
use rspirv::dr::Operand;
use rspirv::spirv::{self, Capability, Decoration, Op, StorageClass, Word};

use crate::emitter::Emitter;
use crate::EmitError;

impl Emitter<'_> {
    pub(crate) fn value_type(&mut self, ty: ValueType) -> Word {
        if let Some(&id) = self.value_types.get(&ty) {
            return id;
        }
        let id = if ty.components > 1 {
            let scalar = self.value_type(ty.scalar());
            self.global(
                Op::TypeVector,
                None,
                vec![
                    Operand::IdRef(scalar),
                    Operand::LiteralBit32(ty.components as u32),
                ],
            )
        } else {
            match ty.base {
                BaseType::Bool => self.global(Op::TypeBool, None, vec![]),
                BaseType::Float => {
                    match ty.bits {
                        64 => self.cap(Capability::Float64),
                        16 => self.cap(Capability::Float16),
                        _ => {}
                    }
                    self.global(
                        Op::TypeFloat,
                        None,
                        vec![Operand::LiteralBit32(ty.bits as u32)],
                    )
                }
                BaseType::Int | BaseType::Uint => {
                    match ty.bits {
                        64 => self.cap(Capability::Int64),
                        16 => self.cap(Capability::Int16),
                        8 => self.cap(Capability::Int8),
                        _ => {}
                    }
                    let signed = (ty.base == BaseType::Int) as u32;
                    self.global(
                        Op::TypeInt,
                        None,
                        vec![
                            Operand::LiteralBit32(ty.bits as u32),
                            Operand::LiteralBit32(signed),
                        ],
                    )
                }
            }
        };
        self.value_types.insert(ty, id);
        id
    }

    /// The value type, rejecting vectors SPIR-V for Vulkan cannot hold (more than 4).
    pub(crate) fn checked_value_type(&mut self, ty: ValueType) -> Result<Word, EmitError> {
        if ty.components > 4 {
            return Err(EmitError::Unsupported(format!(
                "{}-component vector (lower wide vectors first)",
                ty.components
            )));
        }
        Ok(self.value_type(ty))
    }

    pub(crate) fn pointer_type(&mut self, class: StorageClass, pointee: Word) -> Word {
        if let Some(&id) = self.pointer_types.get(&(class as u32, pointee)) {
            return id;
        }
        let id = self.global(
            Op::TypePointer,
            None,
            vec![Operand::StorageClass(class), Operand::IdRef(pointee)],
        );
        self.pointer_types.insert((class as u32, pointee), id);
        id
    }

    pub(crate) fn function_type(&mut self, ret: Word, params: Vec<Word>) -> Word {
        let key = (ret, params.clone());
        if let Some(&id) = self.function_types.get(&key) {
            return id;
        }
        let mut operands = vec![Operand::IdRef(ret)];
        operands.extend(params.into_iter().map(Operand::IdRef));
        let id = self.global(Op::TypeFunction, None, operands);
        self.function_types.insert(key, id);
        id
    }

    /// A two-member struct of `member` (results of extended arithmetic and frexp).
    pub(crate) fn pair_struct(&mut self, a: Word, b: Word) -> Word {
        let key = vec![a, b];
        if let Some(&id) = self.struct_types.get(&key) {
            return id;
        }
        let id = self.global(
            Op::TypeStruct,
            None,
            vec![Operand::IdRef(a), Operand::IdRef(b)],
        );
        self.struct_types.insert(key, id);
        id
    }

    pub(crate) fn storage_class(&mut self, mode: VariableMode) -> Result<StorageClass, EmitError> {
        Ok(match mode {
            VariableMode::ShaderIn => StorageClass::Input,
            VariableMode::ShaderOut => StorageClass::Output,
            VariableMode::Ubo => StorageClass::Uniform,
            VariableMode::Ssbo => {
                // Core from SPIR-V 1.3; an extension every Vulkan 1.0 driver has before.
                if !self.version_at_least(3) {
                    self.ext("SPV_KHR_storage_buffer_storage_class");
                }
                StorageClass::StorageBuffer
            }
            VariableMode::Shared => StorageClass::Workgroup,
            VariableMode::PushConstant => StorageClass::PushConstant,
            VariableMode::GlobalPrivate => StorageClass::Private,
            VariableMode::Image => StorageClass::UniformConstant,
            VariableMode::FunctionLocal => StorageClass::Function,
            VariableMode::Uniform => {
                return Err(EmitError::Unsupported(
                    "default-block uniform variable (pack default uniforms into a UBO first)"
                        .into(),
                ))
            }
        })
    }

    /// The block layout memory of this mode is decorated with, if any.
    pub(crate) fn explicit_layout(mode: VariableMode) -> Option<Layout> {
        match mode {
            VariableMode::Ubo => Some(Layout::Std140),
            VariableMode::Ssbo | VariableMode::PushConstant => Some(Layout::Std430),
            _ => None,
        }
    }

    /// The SPIR-V type of memory of type `ty` in memory of `mode`.
    pub(crate) fn mem_type_for_mode(
        &mut self,
        ty: Handle<Type>,
        mode: VariableMode,
    ) -> Result<Word, EmitError> {
        self.mem_type(ty, Self::explicit_layout(mode))
    }

    /// Pointer to `ty` stored in `mode` memory.
    pub(crate) fn pointer_to(
        &mut self,
        ty: Handle<Type>,
        mode: VariableMode,
    ) -> Result<Word, EmitError> {
        let pointee = self.mem_type_for_mode(ty, mode)?;
        let class = self.storage_class(mode)?;
        Ok(self.pointer_type(class, pointee))
    }

    /// The SPIR-V type of `ty`; `layout` decides the Offset/ArrayStride/MatrixStride
    /// decorations where the type gives none (`None`: no layout decorations).
    pub(crate) fn mem_type(
        &mut self,
        ty: Handle<Type>,
        layout: Option<Layout>,
    ) -> Result<Word, EmitError> {
        // Only aggregates differ by layout; other types must be declared once.
        let layout = match self.shader.types[ty] {
            Type::Array { .. } | Type::Struct { .. } => layout,
            // Bools in buffers are 32-bit integers (SPIR-V has no size for OpTypeBool).
            Type::Vector(vt) if vt.is_bool() => layout,
            _ => None,
        };
        if let (Type::Vector(vt), Some(_)) = (&self.shader.types[ty], layout) {
            let id = self.value_type(vt.with_scalar(BaseType::Uint, 32));
            self.mem_types.insert((ty, layout), id);
            return Ok(id);
        }
        if let Some(&id) = self.mem_types.get(&(ty, layout)) {
            return Ok(id);
        }
        let shader = self.shader;
        let id = match &shader.types[ty] {
            Type::Vector(vt) => self.checked_value_type(*vt)?,
            Type::Matrix {
                columns,
                rows,
                bits,
            } => {
                let column =
                    self.checked_value_type(ValueType::new(BaseType::Float, *bits, *rows))?;
                self.global(
                    Op::TypeMatrix,
                    None,
                    vec![
                        Operand::IdRef(column),
                        Operand::LiteralBit32(*columns as u32),
                    ],
                )
            }
            Type::Array {
                element,
                length,
                stride,
            } => {
                let elem = self.mem_type(*element, layout)?;
                let id = match length {
                    Some(n) => {
                        let len = self.const_u32(*n);
                        self.global(
                            Op::TypeArray,
                            None,
                            vec![Operand::IdRef(elem), Operand::IdRef(len)],
                        )
                    }
                    None => self.global(Op::TypeRuntimeArray, None, vec![Operand::IdRef(elem)]),
                };
                if let (Some(l), false) = (layout, shader.types[*element].is_opaque()) {
                    let stride =
                        stride.unwrap_or_else(|| layout::array_stride(shader, *element, l, false));
                    self.decorate(id, Decoration::ArrayStride, &[stride]);
                }
                id
            }
            Type::Struct { name, members } => {
                let mut ids = Vec::new();
                for m in members {
                    ids.push(self.mem_type(m.ty, layout)?);
                }
                let id = self.global(
                    Op::TypeStruct,
                    None,
                    ids.into_iter().map(Operand::IdRef).collect(),
                );
                self.name(id, name);
                let offsets = layout
                    .map(|l| layout::member_offsets(shader, ty, l))
                    .unwrap_or_default();
                for (i, m) in members.iter().enumerate() {
                    if self.options.debug_names && !m.name.is_empty() {
                        self.b.member_name(id, i as u32, m.name.clone());
                    }
                    if let Some(l) = layout {
                        self.member_decorate(id, i as u32, Decoration::Offset, &[offsets[i]]);
                        if let Some((columns, rows, bits)) = matrix_shape(shader, m.ty) {
                            let stride = m.matrix_stride.unwrap_or_else(|| {
                                layout::matrix_stride(columns, rows, bits, l, m.row_major)
                            });
                            self.member_decorate(id, i as u32, Decoration::MatrixStride, &[stride]);
                            let major = if m.row_major {
                                Decoration::RowMajor
                            } else {
                                Decoration::ColMajor
                            };
                            self.member_decorate(id, i as u32, major, &[]);
                        }
                    }
                }
                id
            }
            Type::Sampler {
                dim,
                arrayed,
                shadow,
                multisampled,
                sampled,
            } => {
                let image = self.image_type(
                    *dim,
                    *arrayed,
                    *shadow,
                    *multisampled,
                    *sampled,
                    1,
                    ImageFormat::Unknown,
                )?;
                if *dim == ImageDim::Buffer {
                    // Texel buffers are bare sampled images (no sampler) in Vulkan.
                    image
                } else if let Some(&id) = self.sampled_image_types.get(&image) {
                    id
                } else {
                    let id = self.global(Op::TypeSampledImage, None, vec![Operand::IdRef(image)]);
                    self.sampled_image_types.insert(image, id);
                    id
                }
            }
            Type::Image {
                dim,
                arrayed,
                multisampled,
                sampled,
                format,
            } => self.image_type(*dim, *arrayed, false, *multisampled, *sampled, 2, *format)?,
        };
        self.mem_types.insert((ty, layout), id);
        Ok(id)
    }

    /// The OpTypeImage for a sampler (`usage` 1) or storage image (`usage` 2).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn image_type(
        &mut self,
        dim: ImageDim,
        arrayed: bool,
        shadow: bool,
        multisampled: bool,
        sampled: BaseType,
        usage: u32,
        format: ImageFormat,
    ) -> Result<Word, EmitError> {
        let sampled_ty = match sampled {
            BaseType::Float => ValueType::F32,
            BaseType::Int => ValueType::I32,
            BaseType::Uint => ValueType::U32,
            BaseType::Bool => return Err(EmitError::Unsupported("bool image".into())),
        };
        let sampled_id = self.value_type(sampled_ty);
        let storage = usage == 2;
        let spv_dim = match dim {
            ImageDim::D1 => {
                self.cap(if storage {
                    Capability::Image1D
                } else {
                    Capability::Sampled1D
                });
                spirv::Dim::Dim1D
            }
            // Rectangle textures are 2D images sampled with normalised coordinates.
            ImageDim::D2 | ImageDim::Rect => spirv::Dim::Dim2D,
            ImageDim::D3 => spirv::Dim::Dim3D,
            ImageDim::Cube => {
                if arrayed {
                    self.cap(if storage {
                        Capability::ImageCubeArray
                    } else {
                        Capability::SampledCubeArray
                    });
                }
                spirv::Dim::DimCube
            }
            ImageDim::Buffer => {
                self.cap(if storage {
                    Capability::ImageBuffer
                } else {
                    Capability::SampledBuffer
                });
                spirv::Dim::DimBuffer
            }
            ImageDim::SubpassData => {
                self.cap(Capability::InputAttachment);
                spirv::Dim::DimSubpassData
            }
        };
        if storage && multisampled {
            self.cap(Capability::StorageImageMultisample);
            if arrayed {
                self.cap(Capability::ImageMSArray);
            }
        }
        let spv_format = image_format(format);
        if storage && is_extended_format(format) {
            self.cap(Capability::StorageImageExtendedFormats);
        }
        let key = vec![
            sampled_id,
            spv_dim as u32,
            shadow as u32,
            arrayed as u32,
            multisampled as u32,
            usage,
            spv_format as u32,
        ];
        if let Some(&id) = self.image_types.get(&key) {
            return Ok(id);
        }
        let id = self.global(
            Op::TypeImage,
            None,
            vec![
                Operand::IdRef(sampled_id),
                Operand::Dim(spv_dim),
                Operand::LiteralBit32(shadow as u32),
                Operand::LiteralBit32(arrayed as u32),
                Operand::LiteralBit32(multisampled as u32),
                Operand::LiteralBit32(usage),
                Operand::ImageFormat(spv_format),
            ],
        );
        self.image_types.insert(key, id);
        Ok(id)
    }
}

/// (columns, rows, bits) of a matrix member, looking through arrays.
fn matrix_shape(shader: &nir_like::Shader, ty: Handle<Type>) -> Option<(u8, u8, u8)> {
    match &shader.types[ty] {
        Type::Matrix {
            columns,
            rows,
            bits,
        } => Some((*columns, *rows, *bits)),
        Type::Array { element, .. } => matrix_shape(shader, *element),
        _ => None,
    }
}

fn image_format(f: ImageFormat) -> spirv::ImageFormat {
    use spirv::ImageFormat as S;
    use ImageFormat::*;
    match f {
        Unknown => S::Unknown,
        Rgba32f => S::Rgba32f,
        Rgba16f => S::Rgba16f,
        Rg32f => S::Rg32f,
        Rg16f => S::Rg16f,
        R11fG11fB10f => S::R11fG11fB10f,
        R32f => S::R32f,
        R16f => S::R16f,
        Rgba16 => S::Rgba16,
        Rgb10A2 => S::Rgb10A2,
        Rgba8 => S::Rgba8,
        Rg16 => S::Rg16,
        Rg8 => S::Rg8,
        R16 => S::R16,
        R8 => S::R8,
        Rgba16Snorm => S::Rgba16Snorm,
        Rgba8Snorm => S::Rgba8Snorm,
        Rg16Snorm => S::Rg16Snorm,
        Rg8Snorm => S::Rg8Snorm,
        R16Snorm => S::R16Snorm,
        R8Snorm => S::R8Snorm,
        Rgba32i => S::Rgba32i,
        Rgba16i => S::Rgba16i,
        Rgba8i => S::Rgba8i,
        Rg32i => S::Rg32i,
        Rg16i => S::Rg16i,
        Rg8i => S::Rg8i,
        R32i => S::R32i,
        R16i => S::R16i,
        R8i => S::R8i,
        Rgba32ui => S::Rgba32ui,
        Rgba16ui => S::Rgba16ui,
        Rgb10A2ui => S::Rgb10a2ui,
        Rgba8ui => S::Rgba8ui,
        Rg32ui => S::Rg32ui,
        Rg16ui => S::Rg16ui,
        Rg8ui => S::Rg8ui,
        R32ui => S::R32ui,
        R16ui => S::R16ui,
        R8ui => S::R8ui,
    }
}

/// Formats outside the base Vulkan storage set need StorageImageExtendedFormats.
fn is_extended_format(f: ImageFormat) -> bool {
    use ImageFormat::*;
    !matches!(
        f,
        Unknown
            | Rgba32f
            | Rgba16f
            | R32f
            | Rgba8
            | Rgba8Snorm
            | Rgba32i
            | Rgba16i
            | Rgba8i
            | R32i
            | Rgba32ui
            | Rgba16ui
            | Rgba8ui
            | R32ui
    )
}
