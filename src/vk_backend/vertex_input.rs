//! Vertex input layout: which attribute locations read which buffer slots, in what format.
//! Fixed capacity so a layout is compared and hashed without touching the heap.

/// The scalar type of each component of a vertex attribute as stored in the buffer, and how
/// the shader sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VertexScalar {
    F32,
    F16,
    F64,
    /// Integer read as float in [0, 1] / [-1, 1].
    U8Norm,
    I8Norm,
    U16Norm,
    I16Norm,
    /// Integer converted to float without normalisation.
    U8Scaled,
    I8Scaled,
    U16Scaled,
    I16Scaled,
    U32Scaled,
    I32Scaled,
    /// Integer seen as integer by the shader (glVertexAttribIPointer).
    U8,
    I8,
    U16,
    I16,
    U32,
    I32,
    /// Packed 2_10_10_10 types: always 4 components.
    A2B10G10R10UNorm,
    A2B10G10R10SNorm,
    A2B10G10R10UScaled,
    A2B10G10R10SScaled,
    /// GL_UNSIGNED_INT_10F_11F_11F_REV: always 3 components.
    B10G11R11UFloat,
}

/// A vertex attribute format: scalar kind and component count (1 to 4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct VertexFormat {
    pub scalar: VertexScalar,
    pub components: u8,
    /// GL_BGRA size: the four components are stored B, G, R, A (unsigned byte normalised only).
    pub bgra: bool,
}

impl VertexFormat {
    /// `components` of `scalar`, in RGBA order.
    pub const fn new(scalar: VertexScalar, components: u8) -> Self {
        VertexFormat { scalar, components, bgra: false }
    }
}

impl Default for VertexFormat {
    fn default() -> Self {
        VertexFormat::new(VertexScalar::F32, 4)
    }
}

/// How often a vertex buffer slot advances.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum InputRate {
    #[default]
    Vertex,
    /// Once every `divisor` instances (glVertexAttribDivisor; divisor >= 1).
    Instance(u32),
}

/// One enabled vertex attribute.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct VertexAttribute {
    /// Shader input location (the GL generic attribute index).
    pub location: u8,
    /// Vertex buffer slot it reads.
    pub binding: u8,
    pub format: VertexFormat,
    /// Byte offset within each element of the slot.
    pub offset: u32,
}

/// Layout of one vertex buffer slot.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct VertexBindingLayout {
    pub binding: u8,
    pub stride: u32,
    pub rate: InputRate,
}

/// Most attributes and buffer slots a layout holds (the largest count Vulkan devices offer).
pub const MAX_VERTEX_ATTRIBUTES: usize = 32;

/// A complete vertex input layout.
#[derive(Clone, Copy, Debug)]
pub struct VertexInput {
    attributes: [VertexAttribute; MAX_VERTEX_ATTRIBUTES],
    bindings: [VertexBindingLayout; MAX_VERTEX_ATTRIBUTES],
    attribute_count: u8,
    binding_count: u8,
}

impl Default for VertexInput {
    fn default() -> Self {
        VertexInput {
            attributes: [VertexAttribute::default(); MAX_VERTEX_ATTRIBUTES],
            bindings: [VertexBindingLayout::default(); MAX_VERTEX_ATTRIBUTES],
            attribute_count: 0,
            binding_count: 0,
        }
    }
}

impl VertexInput {
    /// An empty layout: a draw with no vertex attributes.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds an attribute; returns false when the layout is full.
    pub fn push_attribute(&mut self, attribute: VertexAttribute) -> bool {
        if usize::from(self.attribute_count) == MAX_VERTEX_ATTRIBUTES {
            return false;
        }
        self.attributes[usize::from(self.attribute_count)] = attribute;
        self.attribute_count += 1;
        true
    }

    /// Adds a buffer slot layout; returns false when the layout is full.
    pub fn push_binding(&mut self, binding: VertexBindingLayout) -> bool {
        if usize::from(self.binding_count) == MAX_VERTEX_ATTRIBUTES {
            return false;
        }
        self.bindings[usize::from(self.binding_count)] = binding;
        self.binding_count += 1;
        true
    }

    /// The attributes added so far.
    pub fn attributes(&self) -> &[VertexAttribute] {
        &self.attributes[..usize::from(self.attribute_count)]
    }

    /// The buffer slot layouts added so far.
    pub fn bindings(&self) -> &[VertexBindingLayout] {
        &self.bindings[..usize::from(self.binding_count)]
    }
}

impl PartialEq for VertexInput {
    fn eq(&self, other: &Self) -> bool {
        self.attributes() == other.attributes() && self.bindings() == other.bindings()
    }
}

impl Eq for VertexInput {}

impl std::hash::Hash for VertexInput {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.attributes().hash(state);
        self.bindings().hash(state);
    }
}
