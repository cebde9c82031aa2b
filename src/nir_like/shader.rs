//! The shader: its stage, stage-specific execution information, type table, variables and
//! functions.

use crate::arena::{Arena, Handle, UniqueArena};
use crate::function::Function;
use crate::types::Type;
use crate::variable::Variable;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stage {
    Vertex,
    TessCtrl,
    TessEval,
    Geometry,
    Fragment,
    Compute,
}

impl Stage {
    pub fn name(self) -> &'static str {
        match self {
            Stage::Vertex => "vertex",
            Stage::TessCtrl => "tess_ctrl",
            Stage::TessEval => "tess_eval",
            Stage::Geometry => "geometry",
            Stage::Fragment => "fragment",
            Stage::Compute => "compute",
        }
    }
    /// Whether the stage can feed the rasteriser (vertex, tess eval, geometry).
    pub fn is_pre_rasterization(self) -> bool {
        matches!(self, Stage::Vertex | Stage::TessEval | Stage::Geometry)
    }
}

/// Primitive kinds of geometry and tessellation shaders.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Primitive {
    #[default]
    Points,
    Lines,
    LinesAdjacency,
    Triangles,
    TrianglesAdjacency,
    LineStrip,
    TriangleStrip,
    Quads,
    Isolines,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum TessSpacing {
    #[default]
    Equal,
    FractionalEven,
    FractionalOdd,
}

/// GL's depth layout qualifier on gl_FragDepth.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum DepthLayout {
    #[default]
    Any,
    Greater,
    Less,
    Unchanged,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct FragmentInfo {
    pub early_fragment_tests: bool,
    /// gl_FragCoord counts y down from the top of the framebuffer (GL's
    /// `origin_upper_left`; images are stored bottom row first, so this is no Vulkan default).
    pub origin_upper_left: bool,
    pub pixel_center_integer: bool,
    pub depth_layout: DepthLayout,
    pub uses_discard: bool,
    /// Whether the fragment shader runs per sample.
    pub sample_shading: bool,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct GeometryInfo {
    pub input_primitive: Primitive,
    pub output_primitive: Primitive,
    pub vertices_out: u32,
    pub invocations: u32,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct TessInfo {
    /// Output patch size of a tessellation control shader.
    pub vertices_out: u32,
    pub primitive_mode: Primitive,
    pub spacing: TessSpacing,
    pub ccw: bool,
    pub point_mode: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct ComputeInfo {
    pub local_size: [u32; 3],
    /// Bytes of shared memory the shader declares.
    pub shared_size: u32,
    /// ARB_compute_variable_group_size: `local_size` is meaningless and each dispatch gives
    /// the size, as the specialisation constants [`WORKGROUP_SIZE_SPEC_IDS`].
    pub variable_local_size: bool,
}

/// The specialisation constant ids a variable-size compute shader's work-group size is
/// made of (x, y, z): the SPIR-V emitter declares them, pipeline creation sets them.
pub const WORKGROUP_SIZE_SPEC_IDS: [u32; 3] = [0, 1, 2];

impl Default for ComputeInfo {
    fn default() -> Self {
        ComputeInfo {
            local_size: [1, 1, 1],
            shared_size: 0,
            variable_local_size: false,
        }
    }
}

/// Execution information; only the part for the shader's stage is meaningful.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct StageInfo {
    pub fragment: FragmentInfo,
    pub geometry: GeometryInfo,
    pub tess: TessInfo,
    pub compute: ComputeInfo,
}

#[derive(Clone, Debug)]
pub struct Shader {
    pub stage: Stage,
    pub info: StageInfo,
    pub name: String,
    pub types: UniqueArena<Type>,
    pub variables: Arena<Variable>,
    pub functions: Arena<Function>,
    /// The entry point; `None` until a front end creates it.
    pub entry: Option<Handle<Function>>,
}

impl Shader {
    pub fn new(stage: Stage) -> Self {
        Shader {
            stage,
            info: StageInfo::default(),
            name: String::new(),
            types: UniqueArena::new(),
            variables: Arena::new(),
            functions: Arena::new(),
            entry: None,
        }
    }

    /// The handle of `ty` in the type table, adding it if needed.
    pub fn add_type(&mut self, ty: Type) -> Handle<Type> {
        self.types.insert(ty)
    }

    pub fn add_variable(&mut self, var: Variable) -> Handle<Variable> {
        self.variables.append(var)
    }

    /// Removes the variables `remove` selects that no deref refers to, renumbering the
    /// rest; returns how many went.
    pub fn remove_unused_variables(&mut self, remove: impl Fn(&Variable) -> bool) -> usize {
        use crate::instr::{DerefKind, InstrKind};
        let mut used = vec![false; self.variables.len()];
        for (_, f) in self.functions.iter() {
            // Only instructions still in the body count: removed ones stay in the arena.
            for v in f.instrs_in_order() {
                if let InstrKind::Deref(d) = &f.instrs[v].kind {
                    if let DerefKind::Var(v) = d.kind {
                        used[v.index()] = true;
                    }
                }
            }
        }
        let mut kept = Arena::new();
        let mut remap = Vec::with_capacity(self.variables.len());
        let mut removed = 0;
        for (h, var) in self.variables.iter() {
            if !used[h.index()] && remove(var) {
                remap.push(None);
                removed += 1;
            } else {
                remap.push(Some(kept.append(var.clone())));
            }
        }
        if removed == 0 {
            return 0;
        }
        self.variables = kept;
        for (_, f) in self.functions.iter_mut() {
            for (_, i) in f.instrs.iter_mut() {
                if let InstrKind::Deref(d) = &mut i.kind {
                    if let DerefKind::Var(v) = &mut d.kind {
                        if let Some(new) = remap[v.index()] {
                            *v = new;
                        }
                    }
                }
            }
        }
        removed
    }

    /// The byte size of a type laid out with its explicit offsets and strides (std140/std430
    /// blocks), or with tight packing where none are given.
    pub fn type_size(&self, ty: Handle<Type>) -> u32 {
        match &self.types[ty] {
            Type::Vector(vt) => (vt.bits as u32 / 8).max(4) * vt.components as u32,
            Type::Matrix {
                columns,
                rows,
                bits,
            } => *columns as u32 * *rows as u32 * (*bits as u32 / 8),
            Type::Array {
                element,
                length,
                stride,
            } => {
                let stride = stride.unwrap_or_else(|| self.type_size(*element));
                stride * length.unwrap_or(0)
            }
            Type::Struct { members, .. } => {
                let mut end = 0;
                for m in members {
                    let off = m.offset.unwrap_or(end);
                    end = off + self.type_size(m.ty);
                }
                end
            }
            Type::Sampler { .. } | Type::Image { .. } => 0,
        }
    }
}
