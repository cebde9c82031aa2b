//! The descriptors a shader's resources need: what a backend's descriptor set layout and
//! a GL state tracker's binding tables are built from.

use crate::arena::Handle;
use crate::shader::Shader;
use crate::types::{ImageDim, Type};
use crate::variable::{Variable, VariableMode};

/// The kind of descriptor a resource variable takes (named after Vulkan's, but meant for
/// any backend).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DescriptorKind {
    UniformBuffer,
    StorageBuffer,
    /// A sampler with its image (GL sampler types other than buffer).
    CombinedImageSampler,
    /// GL's samplerBuffer: a texel buffer read with texelFetch.
    UniformTexelBuffer,
    StorageImage,
    /// GL's imageBuffer.
    StorageTexelBuffer,
    InputAttachment,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResourceBinding {
    pub variable: Handle<Variable>,
    pub name: String,
    pub set: u32,
    pub binding: u32,
    pub kind: DescriptorKind,
    /// Array elements (1 for a single resource).
    pub count: u32,
}

/// Every variable that needs a descriptor, in variable order.
pub fn resource_bindings(shader: &Shader) -> Vec<ResourceBinding> {
    let mut out = Vec::new();
    for (h, var) in shader.variables.iter() {
        let (leaf, count) = unwrap_arrays(shader, var.ty);
        let kind = match (var.mode, &shader.types[leaf]) {
            (VariableMode::Ubo, _) => DescriptorKind::UniformBuffer,
            (VariableMode::Ssbo, _) => DescriptorKind::StorageBuffer,
            (
                _,
                Type::Sampler {
                    dim: ImageDim::Buffer,
                    ..
                },
            ) => DescriptorKind::UniformTexelBuffer,
            (
                _,
                Type::Sampler {
                    dim: ImageDim::SubpassData,
                    ..
                },
            )
            | (
                _,
                Type::Image {
                    dim: ImageDim::SubpassData,
                    ..
                },
            ) => DescriptorKind::InputAttachment,
            (_, Type::Sampler { .. }) => DescriptorKind::CombinedImageSampler,
            (
                _,
                Type::Image {
                    dim: ImageDim::Buffer,
                    ..
                },
            ) => DescriptorKind::StorageTexelBuffer,
            (_, Type::Image { .. }) => DescriptorKind::StorageImage,
            _ => continue,
        };
        out.push(ResourceBinding {
            variable: h,
            name: var.name.clone(),
            set: var.descriptor_set.unwrap_or(0),
            binding: var.binding.unwrap_or(0),
            kind,
            count,
        });
    }
    out
}

/// The element type under any arrays, and how many elements the arrays hold in all.
fn unwrap_arrays(shader: &Shader, ty: Handle<Type>) -> (Handle<Type>, u32) {
    match &shader.types[ty] {
        Type::Array {
            element, length, ..
        } => {
            let (leaf, n) = unwrap_arrays(shader, *element);
            (leaf, n * length.unwrap_or(1))
        }
        _ => (ty, 1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builder::Builder;
    use crate::shader::Stage;
    use crate::types::{BaseType, ImageFormat, StructMember, ValueType};

    #[test]
    fn each_resource_gets_its_descriptor_kind_and_count() {
        let mut s = Shader::new(Stage::Fragment);
        let mut b = Builder::main(&mut s);
        let f = b.value_type_handle(ValueType::F32);
        let block = b.ty(Type::Struct {
            name: "B".into(),
            members: vec![StructMember {
                name: "x".into(),
                ty: f,
                offset: Some(0),
                matrix_stride: None,
                row_major: false,
            }],
        });
        let blocks = b.array_type(block, Some(3), None);
        b.variable(Variable::new("ubos", blocks, VariableMode::Ubo).with_binding(0, 1));
        b.variable(Variable::new("ssbo", block, VariableMode::Ssbo).with_binding(0, 256));
        let s2d = b.ty(Type::Sampler {
            dim: ImageDim::D2,
            arrayed: false,
            shadow: false,
            multisampled: false,
            sampled: BaseType::Float,
        });
        let s2d_arr = b.array_type(s2d, Some(4), None);
        b.variable(Variable::new("tex", s2d_arr, VariableMode::Image).with_binding(0, 128));
        let sbuf = b.ty(Type::Sampler {
            dim: ImageDim::Buffer,
            arrayed: false,
            shadow: false,
            multisampled: false,
            sampled: BaseType::Int,
        });
        b.variable(Variable::new("tbo", sbuf, VariableMode::Image).with_binding(0, 129));
        let img = b.ty(Type::Image {
            dim: ImageDim::D2,
            arrayed: false,
            multisampled: false,
            sampled: BaseType::Float,
            format: ImageFormat::Rgba8,
        });
        b.variable(Variable::new("img", img, VariableMode::Image).with_binding(0, 384));
        b.input("not_a_resource", ValueType::VEC4, 0);
        let got: Vec<(String, u32, DescriptorKind, u32)> = resource_bindings(&s)
            .into_iter()
            .map(|r| (r.name, r.binding, r.kind, r.count))
            .collect();
        assert_eq!(
            got,
            vec![
                ("ubos".to_string(), 1, DescriptorKind::UniformBuffer, 3),
                ("ssbo".to_string(), 256, DescriptorKind::StorageBuffer, 1),
                (
                    "tex".to_string(),
                    128,
                    DescriptorKind::CombinedImageSampler,
                    4
                ),
                (
                    "tbo".to_string(),
                    129,
                    DescriptorKind::UniformTexelBuffer,
                    1
                ),
                ("img".to_string(), 384, DescriptorKind::StorageImage, 1),
            ]
        );
    }
}
