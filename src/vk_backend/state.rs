//! Fixed-function state of a draw, in galvan's own terms. Which parts become Vulkan dynamic
//! state and which go into the pipeline key is the backend's choice, per device.

/// A rectangle in framebuffer pixels (row 0 is GL's bottom row).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Rect {
    pub x: i32,
    pub y: i32,
    pub width: u32,
    pub height: u32,
}

/// A viewport: GL's glViewport and glDepthRange values, unflipped (see docs/conventions.md).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Viewport {
    pub x: f32,
    pub y: f32,
    pub width: f32,
    pub height: f32,
    pub min_depth: f32,
    pub max_depth: f32,
}

/// Primitive topology as drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Topology {
    PointList,
    LineList,
    LineStrip,
    #[default]
    TriangleList,
    TriangleStrip,
    TriangleFan,
    LineListWithAdjacency,
    LineStripWithAdjacency,
    TriangleListWithAdjacency,
    TriangleStripWithAdjacency,
    /// Tessellation patches with this many control points.
    PatchList(u8),
}

/// Comparison function for depth, stencil and shadow samplers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum CompareFunc {
    Never,
    #[default]
    Less,
    Equal,
    LessOrEqual,
    Greater,
    NotEqual,
    GreaterOrEqual,
    Always,
}

/// Which faces are culled.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum CullMode {
    #[default]
    None,
    Front,
    Back,
    FrontAndBack,
}

/// Winding of front faces, as GL names it (mapped with the sign flip of docs/conventions.md).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum FrontFace {
    #[default]
    CounterClockwise,
    Clockwise,
}

/// glPolygonMode.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum PolygonMode {
    #[default]
    Fill,
    Line,
    Point,
}

/// glPolygonOffset values, applied when enabled for the primitive class drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct DepthBias {
    pub constant: f32,
    pub slope: f32,
    pub clamp: f32,
}

/// Rasterisation state.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RasterState {
    pub cull_mode: CullMode,
    pub front_face: FrontFace,
    pub polygon_mode: PolygonMode,
    /// `Some` when polygon offset applies to this draw.
    pub depth_bias: Option<DepthBias>,
    pub line_width: f32,
    /// GL_DEPTH_CLAMP.
    pub depth_clamp: bool,
    /// GL_RASTERIZER_DISCARD.
    pub rasterizer_discard: bool,
    /// GL_LAST_VERTEX_CONVENTION (GL's default); false is GL_FIRST_VERTEX_CONVENTION.
    pub provoking_vertex_last: bool,
    /// Clip space z in [-w, w] (GL's default); false when clip control or its emulation
    /// already produces [0, w].
    pub clip_negative_one_to_one: bool,
    /// Primitive restart with the index type's all-ones value.
    pub primitive_restart: bool,
}

impl Default for RasterState {
    fn default() -> Self {
        RasterState {
            cull_mode: CullMode::None,
            front_face: FrontFace::CounterClockwise,
            polygon_mode: PolygonMode::Fill,
            depth_bias: None,
            line_width: 1.0,
            depth_clamp: false,
            rasterizer_discard: false,
            provoking_vertex_last: true,
            clip_negative_one_to_one: true,
            primitive_restart: false,
        }
    }
}

/// Depth test state; `test == false` means GL_DEPTH_TEST disabled (no test, no writes).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct DepthState {
    pub test: bool,
    pub write: bool,
    pub compare: CompareFunc,
    /// GL_EXT_depth_bounds_test range when enabled.
    pub bounds: Option<(f32, f32)>,
}

/// glStencilOp's operations.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum StencilOp {
    #[default]
    Keep,
    Zero,
    Replace,
    IncrementClamp,
    DecrementClamp,
    Invert,
    IncrementWrap,
    DecrementWrap,
}

/// Stencil state of one face.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StencilFace {
    pub fail: StencilOp,
    pub depth_fail: StencilOp,
    pub pass: StencilOp,
    pub compare: CompareFunc,
    pub compare_mask: u32,
    pub write_mask: u32,
    pub reference: u32,
}

impl Default for StencilFace {
    fn default() -> Self {
        StencilFace {
            fail: StencilOp::Keep,
            depth_fail: StencilOp::Keep,
            pass: StencilOp::Keep,
            compare: CompareFunc::Always,
            compare_mask: !0,
            write_mask: !0,
            reference: 0,
        }
    }
}

/// Stencil test state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct StencilState {
    pub test: bool,
    pub front: StencilFace,
    pub back: StencilFace,
}

/// Blend factors (glBlendFunc).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum BlendFactor {
    Zero,
    #[default]
    One,
    SrcColor,
    OneMinusSrcColor,
    DstColor,
    OneMinusDstColor,
    SrcAlpha,
    OneMinusSrcAlpha,
    DstAlpha,
    OneMinusDstAlpha,
    ConstantColor,
    OneMinusConstantColor,
    ConstantAlpha,
    OneMinusConstantAlpha,
    SrcAlphaSaturate,
    Src1Color,
    OneMinusSrc1Color,
    Src1Alpha,
    OneMinusSrc1Alpha,
}

/// Blend equations (glBlendEquation).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum BlendOp {
    #[default]
    Add,
    Subtract,
    ReverseSubtract,
    Min,
    Max,
}

/// Colour write mask bits, R = 1, G = 2, B = 4, A = 8.
pub type ColorMask = u8;
/// Every channel written.
pub const COLOR_MASK_ALL: ColorMask = 0xf;

/// Blend state of one colour attachment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BlendAttachment {
    pub enabled: bool,
    pub src_color: BlendFactor,
    pub dst_color: BlendFactor,
    pub color_op: BlendOp,
    pub src_alpha: BlendFactor,
    pub dst_alpha: BlendFactor,
    pub alpha_op: BlendOp,
    pub write_mask: ColorMask,
}

impl Default for BlendAttachment {
    fn default() -> Self {
        BlendAttachment {
            enabled: false,
            src_color: BlendFactor::One,
            dst_color: BlendFactor::Zero,
            color_op: BlendOp::Add,
            src_alpha: BlendFactor::One,
            dst_alpha: BlendFactor::Zero,
            alpha_op: BlendOp::Add,
            write_mask: COLOR_MASK_ALL,
        }
    }
}

/// glLogicOp operations.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum LogicOp {
    Clear,
    And,
    AndReverse,
    #[default]
    Copy,
    AndInverted,
    NoOp,
    Xor,
    Or,
    Nor,
    Equivalent,
    Invert,
    OrReverse,
    CopyInverted,
    OrInverted,
    Nand,
    Set,
}

/// The maximum number of colour attachments galvan renders to at once.
pub const MAX_COLOR_ATTACHMENTS: usize = 8;

/// Blending and multisample output state.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BlendState {
    /// Per colour attachment, indexed like the render targets' colour slots.
    pub attachments: [BlendAttachment; MAX_COLOR_ATTACHMENTS],
    pub constant: [f32; 4],
    /// GL_COLOR_LOGIC_OP when enabled.
    pub logic_op: Option<LogicOp>,
    pub alpha_to_coverage: bool,
    pub alpha_to_one: bool,
    /// GL_SAMPLE_MASK value (all ones when disabled).
    pub sample_mask: u32,
    /// The minimum fraction of samples shaded apart (sample shading), when on.
    pub min_sample_shading: Option<f32>,
}

impl Default for BlendState {
    fn default() -> Self {
        BlendState {
            attachments: [BlendAttachment::default(); MAX_COLOR_ATTACHMENTS],
            constant: [0.0; 4],
            logic_op: None,
            alpha_to_coverage: false,
            alpha_to_one: false,
            sample_mask: !0,
            min_sample_shading: None,
        }
    }
}

/// Everything fixed-function about one draw.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct RenderState {
    pub topology: Topology,
    pub raster: RasterState,
    pub depth: DepthState,
    pub stencil: StencilState,
    pub blend: BlendState,
}
