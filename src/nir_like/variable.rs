//! Variables: named storage with a mode (where it lives) and the interface decorations that
//! tie it to the pipeline (location, binding, built-in, interpolation, ...).

use crate::arena::Handle;
use crate::types::{Access, Type};

/// Where a variable lives; decides its SPIR-V storage class.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VariableMode {
    ShaderIn,
    ShaderOut,
    /// Plain uniforms of GL's default block before they are packed into a UBO.
    Uniform,
    Ubo,
    Ssbo,
    /// Compute shared memory.
    Shared,
    PushConstant,
    /// Per-invocation globals (GLSL globals without a qualifier).
    GlobalPrivate,
    /// Samplers and images (opaque handles).
    Image,
    /// Function-local variables; only [`Local`]s have this mode.
    FunctionLocal,
}

/// Interpolation of a fragment input (or the matching output).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Interpolation {
    #[default]
    Smooth,
    Flat,
    NoPerspective,
}

/// Built-in variables; the names follow GLSL, the meaning follows SPIR-V's BuiltIn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Builtin {
    Position,
    PointSize,
    ClipDistance,
    CullDistance,
    /// The compatibility profile's gl_ClipVertex: the position user clip planes are
    /// compared with. No backend has it; `lower_user_clip_planes` turns it into distances.
    ClipVertex,
    VertexIndex,
    InstanceIndex,
    BaseVertex,
    BaseInstance,
    DrawIndex,
    PrimitiveId,
    InvocationId,
    Layer,
    ViewportIndex,
    TessLevelOuter,
    TessLevelInner,
    TessCoord,
    PatchVertices,
    FragCoord,
    FrontFacing,
    PointCoord,
    FragDepth,
    /// GL's gl_FragColor: written once, meant for every draw buffer. No backend has it;
    /// `lower_frag_color_broadcast` turns it into one output per draw buffer.
    FragColor,
    SampleId,
    SamplePosition,
    SampleMask,
    HelperInvocation,
    FragStencilRef,
    NumWorkgroups,
    WorkgroupSize,
    WorkgroupId,
    LocalInvocationId,
    GlobalInvocationId,
    LocalInvocationIndex,
    SubgroupSize,
    SubgroupInvocationId,
}

/// A shader-level variable (inputs, outputs, uniforms, buffers, images, globals).
#[derive(Clone, Debug, PartialEq)]
pub struct Variable {
    pub name: String,
    pub ty: Handle<Type>,
    pub mode: VariableMode,
    pub location: Option<u32>,
    pub component: Option<u32>,
    /// Dual-source blending index of a fragment output.
    pub index: Option<u32>,
    pub binding: Option<u32>,
    pub descriptor_set: Option<u32>,
    pub builtin: Option<Builtin>,
    pub interpolation: Interpolation,
    pub centroid: bool,
    pub sample: bool,
    /// Per-patch tessellation varying.
    pub patch: bool,
    pub invariant: bool,
    pub precise: bool,
    pub access: Access,
    /// Constant initial value (globals and uniforms with initialisers), as component bits.
    pub initializer: Option<crate::instr::ConstValue>,
    /// Where transform feedback captures this output.
    pub xfb: Option<XfbLocation>,
    /// Vertex stream of a geometry shader output.
    pub stream: Option<u32>,
    /// For an input or output block: the location each member names for itself, by
    /// member index (empty when none does); the others follow the member before them.
    pub member_locations: Vec<Option<u32>>,
}

/// A transform feedback capture: buffer, the buffer's stride and the byte offset in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct XfbLocation {
    pub buffer: u32,
    pub stride: u32,
    pub offset: u32,
}

impl Variable {
    /// A variable with no decorations.
    pub fn new(name: impl Into<String>, ty: Handle<Type>, mode: VariableMode) -> Self {
        Variable {
            name: name.into(),
            ty,
            mode,
            location: None,
            component: None,
            index: None,
            binding: None,
            descriptor_set: None,
            builtin: None,
            interpolation: Interpolation::Smooth,
            centroid: false,
            sample: false,
            patch: false,
            invariant: false,
            precise: false,
            access: Access::default(),
            initializer: None,
            xfb: None,
            stream: None,
            member_locations: Vec::new(),
        }
    }
    pub fn with_location(mut self, location: u32) -> Self {
        self.location = Some(location);
        self
    }
    pub fn with_builtin(mut self, builtin: Builtin) -> Self {
        self.builtin = Some(builtin);
        self
    }
    pub fn with_binding(mut self, set: u32, binding: u32) -> Self {
        self.descriptor_set = Some(set);
        self.binding = Some(binding);
        self
    }
    pub fn with_interpolation(mut self, interpolation: Interpolation) -> Self {
        self.interpolation = interpolation;
        self
    }
}

/// A function-local variable (GLSL locals, temporaries, parameters' copies).
#[derive(Clone, Debug, PartialEq)]
pub struct Local {
    pub name: String,
    pub ty: Handle<Type>,
    pub precise: bool,
}
