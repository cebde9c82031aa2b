//! A parsed ARB program: names resolved, every operand pointing at a register file.
//! This is what the IR generation and the draw path read.

/// Which kind of program the text is (`!!ARBvp1.0` or `!!ARBfp1.0`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    Vertex,
    Fragment,
}

/// A vertex attribute a vertex program reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VertexInput {
    Position,
    Weight(u32),
    Normal,
    /// Primary (0) or secondary (1) colour.
    Color(u32),
    FogCoord,
    TexCoord(u32),
    MatrixIndex(u32),
    Generic(u32),
}

impl VertexInput {
    /// The generic attribute this conventional attribute shares a slot with, where the
    /// specification makes them alias.
    pub fn aliased_generic(self) -> Option<u32> {
        match self {
            VertexInput::Position => Some(0),
            VertexInput::Weight(0) => Some(1),
            VertexInput::Normal => Some(2),
            VertexInput::Color(c) => Some(3 + c),
            VertexInput::FogCoord => Some(5),
            VertexInput::TexCoord(n) => Some(8 + n),
            _ => None,
        }
    }
}

/// A fragment attribute a fragment program reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FragmentInput {
    /// Primary (0) or secondary (1) colour.
    Color(u32),
    TexCoord(u32),
    FogCoord,
    Position,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Input {
    Vertex(VertexInput),
    Fragment(FragmentInput),
}

/// A result a program writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Output {
    Position,
    /// A vertex colour: back face or front, secondary or primary.
    VertexColor { back: bool, secondary: bool },
    FogCoord,
    PointSize,
    TexCoord(u32),
    /// A fragment program's colour for draw buffer n.
    FragColor(u32),
    Depth,
}

/// The properties of a light, a material and a light product.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LightProperty {
    Ambient,
    Diffuse,
    Specular,
    Emission,
    Shininess,
    Position,
    Attenuation,
    SpotDirection,
    Half,
}

/// The matrices `state.matrix.*` names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Matrix {
    ModelView(u32),
    Projection,
    Mvp,
    Texture(u32),
    Palette(u32),
    Program(u32),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MatrixModifier {
    None,
    Inverse,
    Transpose,
    InverseTranspose,
}

/// One four-component item of GL state a program binds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StateItem {
    Material { back: bool, property: LightProperty },
    Light { light: u32, property: LightProperty },
    LightModelAmbient,
    LightModelSceneColor { back: bool },
    LightProduct { light: u32, back: bool, property: LightProperty },
    /// Texture coordinate generation plane: unit, eye (or object) plane, coordinate s..q.
    TexGen { unit: u32, eye: bool, coord: u32 },
    TexEnvColor(u32),
    FogColor,
    FogParams,
    ClipPlane(u32),
    PointSize,
    PointAttenuation,
    DepthRange,
    MatrixRow { matrix: Matrix, modifier: MatrixModifier, row: u32 },
}

/// Where one program parameter (a vec4) comes from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ParamSource {
    Constant([f32; 4]),
    Env(u32),
    Local(u32),
    State(StateItem),
}

/// A register an operand names.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Register {
    Temp(u32),
    Input(Input),
    Output(Output),
    /// Parameter slot n of [`Program::params`].
    Param(u32),
    /// `array[A.x + offset]`: slot `base + A.x + offset`, read as zero outside `base..base + len`.
    ParamRelative { base: u32, len: u32, address: u32, offset: i32 },
    Address(u32),
}

/// One component an extended swizzle (SWZ) selects.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SwizzleSource {
    Component(u8),
    Zero,
    One,
}

/// A source operand: register, swizzle (component per channel) and negation.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Source {
    pub register: Register,
    pub swizzle: [u8; 4],
    pub negate: bool,
    /// SWZ's extended swizzle, with a negation per channel.
    pub extended: Option<[(SwizzleSource, bool); 4]>,
}

/// A destination register and its write mask (bit 0 is x).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Destination {
    pub register: Register,
    pub mask: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Opcode {
    Abs, Add, Arl, Cmp, Cos, Dp3, Dp4, Dph, Dst, Ex2, Exp, Flr, Frc, Kil, Lg2, Lit, Log, Lrp, Mad, Max, Min, Mov, Mul,
    Pow, Rcp, Rsq, Scs, Sge, Sin, Slt, Sub, Swz, Tex, Txb, Txp, Xpd,
}

/// The texture target a texture instruction samples.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TextureTarget {
    T1D,
    T2D,
    T3D,
    Cube,
    Rect,
    Shadow1D,
    Shadow2D,
    ShadowRect,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Instruction {
    pub opcode: Opcode,
    /// `_SAT`: results are clamped to [0, 1].
    pub saturate: bool,
    pub dst: Option<Destination>,
    pub src: Vec<Source>,
    /// Texture unit and target of TEX, TXP and TXB.
    pub texture: Option<(u32, TextureTarget)>,
}

/// Fog a fragment program asks to be applied after it (`OPTION ARB_fog_*`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FogOption {
    Linear,
    Exp,
    Exp2,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Options {
    pub position_invariant: bool,
    pub fog: Option<FogOption>,
    /// Some(true) for nicest, Some(false) for fastest.
    pub precision_nicest: Option<bool>,
    pub fragment_program_shadow: bool,
    pub draw_buffers: bool,
    /// `OPTION ARB_fragment_coord_origin_upper_left`: fragment.position.y counts down.
    pub origin_upper_left: bool,
    /// `OPTION ARB_fragment_coord_pixel_center_integer`: fragment.position.xy at integers.
    pub pixel_center_integer: bool,
}

/// A program that parsed and passed every rule.
#[derive(Clone, Debug, PartialEq)]
pub struct Program {
    pub target: Target,
    pub options: Options,
    pub temporaries: u32,
    pub address_registers: u32,
    pub params: Vec<ParamSource>,
    pub instructions: Vec<Instruction>,
    /// Distinct attributes the program reads.
    pub inputs: Vec<Input>,
    /// Distinct results the program writes.
    pub outputs: Vec<Output>,
}

impl Program {
    /// Instructions that sample a texture.
    pub fn texture_instructions(&self) -> usize {
        self.instructions.iter().filter(|i| matches!(i.opcode, Opcode::Tex | Opcode::Txb | Opcode::Txp | Opcode::Kil)).count()
    }
}
