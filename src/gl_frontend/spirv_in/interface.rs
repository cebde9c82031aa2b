//! What a translated entry point declares, for the link: ARB_gl_spirv matches and reports
//! by location and binding; a name is only what OpName said, when it said anything.

use nir_like::{Handle, Type, Variable};

/// A default-block uniform (a non-opaque `UniformConstant` variable).
#[derive(Clone, Debug, PartialEq)]
pub struct UniformInfo {
    /// Its `Location`; the members and elements of an aggregate take the ones after it.
    pub location: u32,
    pub name: Option<String>,
    /// The IR variable (mode `Uniform`) that holds it.
    pub var: Handle<Variable>,
    pub ty: Handle<Type>,
    /// Names of the members of a struct uniform, by member index.
    pub member_names: Vec<Option<String>>,
    /// The initializer's scalar components (their bits) in declaration order: matrices by
    /// column, arrays by element, structs by member. Empty without an initializer.
    pub initial_components: Vec<u64>,
}

/// A sampler uniform (or array of them): a `UniformConstant` variable of a sampled image
/// type, at its `Location`, starting at texture unit `Binding`.
#[derive(Clone, Debug, PartialEq)]
pub struct SamplerInfo {
    pub location: u32,
    pub binding: Option<u32>,
    pub name: Option<String>,
    /// The IR variable (mode `Image`); its descriptor binding is set at link time.
    pub var: Handle<Variable>,
    /// The sampler type (of each element, for an array).
    pub ty: Handle<Type>,
    /// Elements of an array of samplers; 1 for one sampler.
    pub count: u32,
}

/// A uniform or shader storage block.
#[derive(Clone, Debug, PartialEq)]
pub struct BufferBlockInfo {
    pub storage: bool,
    /// The GL binding point it names (`Binding`, 0 without one).
    pub binding: u32,
    /// The block type's name.
    pub name: Option<String>,
    /// The IR variable (mode `Ubo` or `Ssbo`); its descriptor binding is set at link time.
    pub var: Handle<Variable>,
    /// The explicitly laid out struct type (of each element, for an array of blocks).
    pub ty: Handle<Type>,
    pub member_names: Vec<Option<String>>,
    /// For an array (of arrays) of blocks: its element count. Element i, counted in row-major
    /// order, is the block at `binding + i`.
    pub array_size: Option<u32>,
    /// The array dimensions, outermost first; empty for one block.
    pub array_dims: Vec<u32>,
}

/// An atomic counter, or an array (of arrays) of them (`AtomicCounter` storage class).
#[derive(Clone, Debug, PartialEq)]
pub struct AtomicCounterInfo {
    /// The GL atomic counter binding point (`Binding`).
    pub binding: u32,
    /// Its first counter's byte offset in the buffer (`Offset`).
    pub offset: u32,
    pub name: Option<String>,
    /// The array dimensions, outermost first; empty for one counter.
    pub dims: Vec<u32>,
    /// The IR variable (mode `Ssbo`, the counters its one member); its descriptor binding
    /// is set at link time.
    pub var: Handle<Variable>,
}

/// A user input or output by location.
#[derive(Clone, Debug, PartialEq)]
pub struct InterfaceVariable {
    pub location: u32,
    pub name: Option<String>,
    pub ty: Handle<Type>,
}

/// An output (or a part of one) the module captures with transform feedback; the stride
/// is the buffer's `XfbStride`.
#[derive(Clone, Debug, PartialEq)]
pub struct DeclaredXfbOutput {
    pub capture: nir_like::passes::XfbCapture,
    /// The varying's name, where OpName and OpMemberName give one.
    pub name: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct SpirvInterface {
    pub uniforms: Vec<UniformInfo>,
    pub blocks: Vec<BufferBlockInfo>,
    pub atomic_counters: Vec<AtomicCounterInfo>,
    pub samplers: Vec<SamplerInfo>,
    pub inputs: Vec<InterfaceVariable>,
    pub outputs: Vec<InterfaceVariable>,
    /// Transform feedback captures, in declaration order (only with the `Xfb` execution mode).
    pub xfb_outputs: Vec<DeclaredXfbOutput>,
}
