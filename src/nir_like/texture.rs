//! Texture instructions: sampling, fetching, gathering and queries through a sampler deref.

use crate::instr::Value;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TexOp {
    /// Implicit-LOD sample (fragment shaders; elsewhere LOD 0).
    Tex,
    /// Sample with LOD bias.
    Txb,
    /// Sample at an explicit LOD.
    Txl,
    /// Sample with explicit gradients.
    Txd,
    /// texelFetch.
    Txf,
    /// texelFetch of a multisampled texture.
    TxfMs,
    /// textureSize.
    Txs,
    /// textureQueryLod.
    Lod,
    /// textureGather.
    Tg4,
    /// textureQueryLevels.
    QueryLevels,
    /// textureSamples.
    TextureSamples,
}

impl TexOp {
    pub fn name(self) -> &'static str {
        match self {
            TexOp::Tex => "tex",
            TexOp::Txb => "txb",
            TexOp::Txl => "txl",
            TexOp::Txd => "txd",
            TexOp::Txf => "txf",
            TexOp::TxfMs => "txf_ms",
            TexOp::Txs => "txs",
            TexOp::Lod => "lod",
            TexOp::Tg4 => "tg4",
            TexOp::QueryLevels => "query_levels",
            TexOp::TextureSamples => "texture_samples",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TexSrcKind {
    /// Coordinates, with the array layer last for arrayed textures.
    Coord,
    Bias,
    Lod,
    Ddx,
    Ddy,
    /// Texel offset (ivecN); constant for every op except gather.
    Offset,
    /// Depth reference of shadow samplers.
    Comparator,
    MsIndex,
    MinLod,
}

impl TexSrcKind {
    pub fn name(self) -> &'static str {
        match self {
            TexSrcKind::Coord => "coord",
            TexSrcKind::Bias => "bias",
            TexSrcKind::Lod => "lod",
            TexSrcKind::Ddx => "ddx",
            TexSrcKind::Ddy => "ddy",
            TexSrcKind::Offset => "offset",
            TexSrcKind::Comparator => "comparator",
            TexSrcKind::MsIndex => "ms_index",
            TexSrcKind::MinLod => "min_lod",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TexSrc {
    pub kind: TexSrcKind,
    pub value: Value,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Tex {
    pub op: TexOp,
    /// Deref of the sampler variable (or an element of a sampler array).
    pub texture: Value,
    pub srcs: Vec<TexSrc>,
    /// Component gathered by tg4 (0-3).
    pub component: u8,
    /// textureGatherOffsets' four constant offsets.
    pub gather_offsets: Option<[[i32; 2]; 4]>,
}

impl Tex {
    pub fn src(&self, kind: TexSrcKind) -> Option<Value> {
        self.srcs.iter().find(|s| s.kind == kind).map(|s| s.value)
    }
}
