//! Intrinsics: memory access through derefs, barriers, fragment and geometry control,
//! atomics, image access and interpolation functions.

use crate::instr::Value;

#[derive(Clone, Debug, PartialEq)]
pub struct Intrinsic {
    pub op: IntrinsicOp,
    /// Sources in the order [`IntrinsicOp::src_names`] gives.
    pub srcs: Vec<Value>,
}

/// The set of invocations a barrier or atomic is ordered with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scope {
    Invocation,
    Subgroup,
    Workgroup,
    QueueFamily,
    Device,
}

/// Which memory a barrier orders, and how.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct MemorySemantics {
    pub acquire: bool,
    pub release: bool,
    /// UBO/SSBO memory.
    pub buffer: bool,
    /// Compute shared memory.
    pub shared: bool,
    pub image: bool,
    /// Tessellation control outputs.
    pub output: bool,
}

impl MemorySemantics {
    /// Acquire-release over every kind of memory (GLSL's memoryBarrier()).
    pub const ALL: MemorySemantics = MemorySemantics {
        acquire: true,
        release: true,
        buffer: true,
        shared: true,
        image: true,
        output: false,
    };
    pub fn is_empty(self) -> bool {
        !(self.buffer || self.shared || self.image || self.output)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AtomicOp {
    Add,
    Imin,
    Umin,
    Imax,
    Umax,
    And,
    Or,
    Xor,
    Exchange,
    /// Compare-and-swap; takes a comparand before the data.
    CompSwap,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IntrinsicOp {
    /// srcs: deref. Defines the loaded value.
    LoadDeref,
    /// srcs: deref, value. `write_mask` picks the vector components written.
    StoreDeref {
        write_mask: u16,
    },
    /// srcs: destination deref, source deref (same shape; any layouts).
    CopyDeref,
    /// A control and/or memory barrier. `execution: None` is a memory barrier only.
    Barrier {
        execution: Option<Scope>,
        memory: Scope,
        semantics: MemorySemantics,
    },
    /// Ends the invocation (GLSL discard). Need not end the block.
    Discard,
    /// Turns the invocation into a helper: no more side effects, derivatives still work.
    Demote,
    /// Defines a bool: whether this is a helper invocation.
    IsHelperInvocation,
    EmitVertex {
        stream: u32,
    },
    EndPrimitive {
        stream: u32,
    },
    /// srcs: deref, data (compswap: deref, comparand, data). Defines the old value.
    DerefAtomic {
        op: AtomicOp,
    },
    /// srcs: image deref, coord, sample index. Defines a 4-component texel.
    ImageLoad,
    /// srcs: image deref, coord, sample index, texel (4 components).
    ImageStore,
    /// srcs: image deref, coord, sample index, data (compswap: comparand, data).
    ImageAtomic {
        op: AtomicOp,
    },
    /// srcs: image deref, lod. Defines the size (plus layers when arrayed).
    ImageSize,
    /// srcs: image deref. Defines the sample count.
    ImageSamples,
    /// srcs: input deref.
    InterpolateAtCentroid,
    /// srcs: input deref, sample index.
    InterpolateAtSample,
    /// srcs: input deref, offset (vec2).
    InterpolateAtOffset,
    /// Defines the value of the function's value parameter `index`.
    LoadParam {
        index: u32,
    },
    /// srcs: deref of a storage block. Defines the length of its runtime-sized last member.
    ArrayLength,
    /// Defines a uvec3: the compute work-group size, which a variable-size shader
    /// (`ComputeInfo::variable_local_size`) only learns from its dispatch.
    LoadWorkgroupSize,
}

impl IntrinsicOp {
    /// The printed name.
    pub fn name(self) -> &'static str {
        use IntrinsicOp::*;
        match self {
            LoadDeref => "load_deref",
            StoreDeref { .. } => "store_deref",
            CopyDeref => "copy_deref",
            Barrier { .. } => "barrier",
            Discard => "discard",
            Demote => "demote",
            IsHelperInvocation => "is_helper_invocation",
            EmitVertex { .. } => "emit_vertex",
            EndPrimitive { .. } => "end_primitive",
            DerefAtomic { .. } => "deref_atomic",
            ImageLoad => "image_load",
            ImageStore => "image_store",
            ImageAtomic { .. } => "image_atomic",
            ImageSize => "image_size",
            ImageSamples => "image_samples",
            InterpolateAtCentroid => "interp_at_centroid",
            InterpolateAtSample => "interp_at_sample",
            InterpolateAtOffset => "interp_at_offset",
            LoadParam { .. } => "load_param",
            ArrayLength => "array_length",
            LoadWorkgroupSize => "load_workgroup_size",
        }
    }

    /// How many sources the intrinsic takes.
    pub fn num_srcs(self) -> usize {
        use IntrinsicOp::*;
        match self {
            Barrier { .. }
            | Discard
            | Demote
            | IsHelperInvocation
            | EmitVertex { .. }
            | EndPrimitive { .. }
            | LoadParam { .. }
            | LoadWorkgroupSize => 0,
            LoadDeref | ImageSamples | InterpolateAtCentroid | ArrayLength => 1,
            StoreDeref { .. }
            | CopyDeref
            | InterpolateAtSample
            | InterpolateAtOffset
            | ImageSize => 2,
            DerefAtomic {
                op: AtomicOp::CompSwap,
            } => 3,
            DerefAtomic { .. } => 2,
            ImageLoad => 3,
            ImageStore => 4,
            ImageAtomic {
                op: AtomicOp::CompSwap,
            } => 5,
            ImageAtomic { .. } => 4,
        }
    }

    /// Whether the first source must be a deref.
    pub fn first_src_is_deref(self) -> bool {
        self.num_srcs() > 0
    }

    /// Whether the intrinsic has effects beyond its value (never removed as dead).
    pub fn has_side_effects(self) -> bool {
        use IntrinsicOp::*;
        !matches!(
            self,
            LoadDeref
                | IsHelperInvocation
                | ImageLoad
                | ImageSize
                | ImageSamples
                | InterpolateAtCentroid
                | InterpolateAtSample
                | InterpolateAtOffset
                | LoadParam { .. }
                | ArrayLength
                | LoadWorkgroupSize
        )
    }
}
