//! Types: `ValueType` for SSA values (a vector of 1-16 components of one scalar kind) and
//! `Type` for what variables hold in memory (matrices, arrays, structs with explicit
//! layout, samplers, images), kept in the shader's unique type table.

use crate::arena::Handle;

/// The kind of a scalar, independent of its width.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BaseType {
    Float,
    Int,
    Uint,
    Bool,
}

/// The type of an SSA value: `components` scalars of `bits` bits each.
///
/// Valid widths: bool 1; int/uint 8, 16, 32, 64; float 16, 32, 64.
/// Valid component counts: 1, 2, 3, 4, 8, 16.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ValueType {
    pub base: BaseType,
    pub bits: u8,
    pub components: u8,
}

impl ValueType {
    pub const fn new(base: BaseType, bits: u8, components: u8) -> Self {
        ValueType {
            base,
            bits,
            components,
        }
    }
    pub const fn float(components: u8) -> Self {
        Self::new(BaseType::Float, 32, components)
    }
    pub const fn double(components: u8) -> Self {
        Self::new(BaseType::Float, 64, components)
    }
    pub const fn int(components: u8) -> Self {
        Self::new(BaseType::Int, 32, components)
    }
    pub const fn uint(components: u8) -> Self {
        Self::new(BaseType::Uint, 32, components)
    }
    pub const fn bool(components: u8) -> Self {
        Self::new(BaseType::Bool, 1, components)
    }
    pub const F32: Self = Self::float(1);
    pub const I32: Self = Self::int(1);
    pub const U32: Self = Self::uint(1);
    pub const BOOL: Self = Self::bool(1);
    pub const VEC2: Self = Self::float(2);
    pub const VEC3: Self = Self::float(3);
    pub const VEC4: Self = Self::float(4);

    /// The same kind and width with another component count.
    pub const fn with_components(self, components: u8) -> Self {
        Self::new(self.base, self.bits, components)
    }
    /// The same shape with another scalar kind and width.
    pub const fn with_scalar(self, base: BaseType, bits: u8) -> Self {
        Self::new(base, bits, self.components)
    }
    pub const fn scalar(self) -> Self {
        self.with_components(1)
    }
    pub fn is_float(self) -> bool {
        self.base == BaseType::Float
    }
    pub fn is_integer(self) -> bool {
        matches!(self.base, BaseType::Int | BaseType::Uint)
    }
    pub fn is_bool(self) -> bool {
        self.base == BaseType::Bool
    }
    /// Whether the kind/width/count combination is one the IR allows.
    pub fn is_valid(self) -> bool {
        let bits_ok = match self.base {
            BaseType::Bool => self.bits == 1,
            BaseType::Int | BaseType::Uint => matches!(self.bits, 8 | 16 | 32 | 64),
            BaseType::Float => matches!(self.bits, 16 | 32 | 64),
        };
        bits_ok && matches!(self.components, 1 | 2 | 3 | 4 | 8 | 16)
    }
}

/// Dimensionality of a sampler or image.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ImageDim {
    D1,
    D2,
    D3,
    Cube,
    Rect,
    Buffer,
    /// Framebuffer fetch / subpass input.
    SubpassData,
}

impl ImageDim {
    /// Components of a non-arrayed coordinate.
    pub fn coord_components(self) -> u8 {
        match self {
            ImageDim::D1 | ImageDim::Buffer => 1,
            ImageDim::D2 | ImageDim::Rect | ImageDim::SubpassData => 2,
            ImageDim::D3 | ImageDim::Cube => 3,
        }
    }
    /// Components of a size query result (cube: width and height).
    pub fn size_components(self) -> u8 {
        match self {
            ImageDim::D1 | ImageDim::Buffer => 1,
            ImageDim::D2 | ImageDim::Rect | ImageDim::SubpassData | ImageDim::Cube => 2,
            ImageDim::D3 => 3,
        }
    }
}

/// Storage image formats from GL's image format layout qualifiers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ImageFormat {
    Unknown,
    Rgba32f,
    Rgba16f,
    Rg32f,
    Rg16f,
    R11fG11fB10f,
    R32f,
    R16f,
    Rgba16,
    Rgb10A2,
    Rgba8,
    Rg16,
    Rg8,
    R16,
    R8,
    Rgba16Snorm,
    Rgba8Snorm,
    Rg16Snorm,
    Rg8Snorm,
    R16Snorm,
    R8Snorm,
    Rgba32i,
    Rgba16i,
    Rgba8i,
    Rg32i,
    Rg16i,
    Rg8i,
    R32i,
    R16i,
    R8i,
    Rgba32ui,
    Rgba16ui,
    Rgb10A2ui,
    Rgba8ui,
    Rg32ui,
    Rg16ui,
    Rg8ui,
    R32ui,
    R16ui,
    R8ui,
}

/// Memory access qualifiers of buffers and images.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Access {
    pub readonly: bool,
    pub writeonly: bool,
    pub coherent: bool,
    pub volatile: bool,
    pub restrict: bool,
}

/// One member of a struct type; offsets and strides are set for std140/std430 blocks.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct StructMember {
    pub name: String,
    pub ty: Handle<Type>,
    /// Byte offset inside the struct (explicitly laid out blocks only).
    pub offset: Option<u32>,
    /// Byte stride between columns (or rows when row-major) of a matrix member.
    pub matrix_stride: Option<u32>,
    pub row_major: bool,
}

/// What a variable holds in memory.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    /// A scalar or vector (1-4 components in memory).
    Vector(ValueType),
    /// `columns` float vectors of `rows` components of `bits` bits each.
    Matrix { columns: u8, rows: u8, bits: u8 },
    /// `length: None` is a runtime-sized array (last member of a storage block).
    Array {
        element: Handle<Type>,
        length: Option<u32>,
        stride: Option<u32>,
    },
    Struct {
        name: String,
        members: Vec<StructMember>,
    },
    /// A combined image and sampler (GL's `sampler*` types).
    Sampler {
        dim: ImageDim,
        arrayed: bool,
        shadow: bool,
        multisampled: bool,
        sampled: BaseType,
    },
    /// A storage image (GL's `image*` types).
    Image {
        dim: ImageDim,
        arrayed: bool,
        multisampled: bool,
        sampled: BaseType,
        format: ImageFormat,
    },
}

impl Type {
    pub fn scalar(vt: ValueType) -> Type {
        Type::Vector(vt.scalar())
    }
    /// The SSA type a load of this type produces, if it is loadable as one value.
    pub fn as_value(&self) -> Option<ValueType> {
        match self {
            Type::Vector(vt) => Some(*vt),
            _ => None,
        }
    }
    pub fn is_opaque(&self) -> bool {
        matches!(self, Type::Sampler { .. } | Type::Image { .. })
    }
}
