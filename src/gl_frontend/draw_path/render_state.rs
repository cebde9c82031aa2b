//! GL's fixed-function state as the backend's `RenderState`: one `map_*` function per
//! translation, GL_CCW to Vulkan clockwise per docs/conventions.md.

use vk_backend::{
    BlendAttachment, BlendFactor, BlendOp, CompareFunc, LogicOp, CullMode, DepthBias, DepthState, FrontFace, PolygonMode,
    RasterState, RenderState, StencilFace, StencilOp, StencilState, Topology,
};

use crate::context::ContextState;
use crate::state::depth_stencil::StencilFace as GlStencilFace;
use crate::state::enables::Cap;
use crate::types::enums::*;
use crate::types::*;

/// The topology a GL primitive mode draws; `None` for modes Vulkan lacks (line loops,
/// quads, polygons) and for invalid ones.
pub fn map_topology(mode: GLenum) -> Option<Topology> {
    Some(match mode {
        GL_POINTS => Topology::PointList,
        GL_LINES => Topology::LineList,
        GL_LINE_STRIP => Topology::LineStrip,
        GL_TRIANGLES => Topology::TriangleList,
        GL_TRIANGLE_STRIP => Topology::TriangleStrip,
        GL_TRIANGLE_FAN => Topology::TriangleFan,
        GL_LINES_ADJACENCY => Topology::LineListWithAdjacency,
        GL_LINE_STRIP_ADJACENCY => Topology::LineStripWithAdjacency,
        GL_TRIANGLES_ADJACENCY => Topology::TriangleListWithAdjacency,
        GL_TRIANGLE_STRIP_ADJACENCY => Topology::TriangleStripWithAdjacency,
        _ => return None,
    })
}

/// Whether `mode` is a GL primitive mode at all (else GL_INVALID_ENUM).
pub fn is_primitive_mode(mode: GLenum, gles: bool) -> bool {
    match mode {
        GL_POINTS | GL_LINES | GL_LINE_LOOP | GL_LINE_STRIP | GL_TRIANGLES | GL_TRIANGLE_STRIP | GL_TRIANGLE_FAN => true,
        GL_LINES_ADJACENCY | GL_LINE_STRIP_ADJACENCY | GL_TRIANGLES_ADJACENCY | GL_TRIANGLE_STRIP_ADJACENCY | GL_PATCHES => true,
        GL_QUADS | GL_QUAD_STRIP | GL_POLYGON => !gles,
        _ => false,
    }
}

pub fn map_compare(func: GLenum) -> CompareFunc {
    match func {
        GL_NEVER => CompareFunc::Never,
        GL_LESS => CompareFunc::Less,
        GL_EQUAL => CompareFunc::Equal,
        GL_LEQUAL => CompareFunc::LessOrEqual,
        GL_GREATER => CompareFunc::Greater,
        GL_NOTEQUAL => CompareFunc::NotEqual,
        GL_GEQUAL => CompareFunc::GreaterOrEqual,
        _ => CompareFunc::Always,
    }
}

fn map_stencil_op(op: GLenum) -> StencilOp {
    match op {
        GL_ZERO => StencilOp::Zero,
        GL_REPLACE => StencilOp::Replace,
        GL_INCR => StencilOp::IncrementClamp,
        GL_DECR => StencilOp::DecrementClamp,
        GL_INVERT => StencilOp::Invert,
        GL_INCR_WRAP => StencilOp::IncrementWrap,
        GL_DECR_WRAP => StencilOp::DecrementWrap,
        _ => StencilOp::Keep,
    }
}

fn map_stencil_face(f: &GlStencilFace) -> StencilFace {
    StencilFace {
        fail: map_stencil_op(f.fail),
        depth_fail: map_stencil_op(f.depth_fail),
        pass: map_stencil_op(f.pass),
        compare: map_compare(f.func),
        compare_mask: f.value_mask,
        write_mask: f.write_mask,
        // GL clamps the reference to the stencil range.
        reference: f.reference.clamp(0, 255) as u32,
    }
}

fn map_blend_factor(f: GLenum) -> BlendFactor {
    match f {
        GL_ZERO => BlendFactor::Zero,
        GL_SRC_COLOR => BlendFactor::SrcColor,
        GL_ONE_MINUS_SRC_COLOR => BlendFactor::OneMinusSrcColor,
        GL_DST_COLOR => BlendFactor::DstColor,
        GL_ONE_MINUS_DST_COLOR => BlendFactor::OneMinusDstColor,
        GL_SRC_ALPHA => BlendFactor::SrcAlpha,
        GL_ONE_MINUS_SRC_ALPHA => BlendFactor::OneMinusSrcAlpha,
        GL_DST_ALPHA => BlendFactor::DstAlpha,
        GL_ONE_MINUS_DST_ALPHA => BlendFactor::OneMinusDstAlpha,
        GL_CONSTANT_COLOR => BlendFactor::ConstantColor,
        GL_ONE_MINUS_CONSTANT_COLOR => BlendFactor::OneMinusConstantColor,
        GL_CONSTANT_ALPHA => BlendFactor::ConstantAlpha,
        GL_ONE_MINUS_CONSTANT_ALPHA => BlendFactor::OneMinusConstantAlpha,
        GL_SRC_ALPHA_SATURATE => BlendFactor::SrcAlphaSaturate,
        GL_SRC1_COLOR => BlendFactor::Src1Color,
        GL_ONE_MINUS_SRC1_COLOR => BlendFactor::OneMinusSrc1Color,
        GL_SRC1_ALPHA => BlendFactor::Src1Alpha,
        GL_ONE_MINUS_SRC1_ALPHA => BlendFactor::OneMinusSrc1Alpha,
        _ => BlendFactor::One,
    }
}

fn map_blend_op(e: GLenum) -> BlendOp {
    match e {
        GL_FUNC_SUBTRACT => BlendOp::Subtract,
        GL_FUNC_REVERSE_SUBTRACT => BlendOp::ReverseSubtract,
        GL_MIN => BlendOp::Min,
        GL_MAX => BlendOp::Max,
        _ => BlendOp::Add,
    }
}

fn map_logic_op(op: GLenum) -> LogicOp {
    match op {
        GL_CLEAR => LogicOp::Clear,
        GL_AND => LogicOp::And,
        GL_AND_REVERSE => LogicOp::AndReverse,
        GL_AND_INVERTED => LogicOp::AndInverted,
        GL_NOOP => LogicOp::NoOp,
        GL_XOR => LogicOp::Xor,
        GL_OR => LogicOp::Or,
        GL_NOR => LogicOp::Nor,
        GL_EQUIV => LogicOp::Equivalent,
        GL_INVERT => LogicOp::Invert,
        GL_OR_REVERSE => LogicOp::OrReverse,
        GL_COPY_INVERTED => LogicOp::CopyInverted,
        GL_OR_INVERTED => LogicOp::OrInverted,
        GL_NAND => LogicOp::Nand,
        GL_SET => LogicOp::Set,
        _ => LogicOp::Copy,
    }
}

impl ContextState {
    /// The render state of a draw of `topology` into targets of `samples` samples per
    /// pixel, from the current GL state.
    pub(crate) fn render_state(&self, topology: Topology, has_depth: bool, has_stencil: bool, primitive_restart: bool, samples: u32) -> RenderState {
        let s = &self.state;
        let e = &s.enables;
        let r = &s.raster;
        let is_line = matches!(topology, Topology::LineList | Topology::LineStrip | Topology::LineListWithAdjacency | Topology::LineStripWithAdjacency);
        let is_point = topology == Topology::PointList;
        let offset_enabled = if is_point {
            e.is(Cap::PolygonOffsetPoint)
        } else if is_line {
            e.is(Cap::PolygonOffsetLine)
        } else {
            match r.polygon_mode {
                GL_POINT => e.is(Cap::PolygonOffsetPoint),
                GL_LINE => e.is(Cap::PolygonOffsetLine),
                _ => e.is(Cap::PolygonOffsetFill),
            }
        };
        let raster = RasterState {
            cull_mode: if e.is(Cap::CullFace) {
                match r.cull_face {
                    GL_FRONT => CullMode::Front,
                    GL_BACK => CullMode::Back,
                    _ => CullMode::FrontAndBack,
                }
            } else {
                CullMode::None
            },
            // The backend maps GL's winding with the sign flip of docs/conventions.md.
            // An upper-left clip origin flips the viewport; the winding flips with it so
            // a primitive keeps its facing.
            front_face: if (r.front_face == GL_CCW) != s.clip_control.upper_left() { FrontFace::CounterClockwise } else { FrontFace::Clockwise },
            polygon_mode: match r.polygon_mode {
                GL_POINT => PolygonMode::Point,
                GL_LINE => PolygonMode::Line,
                _ => PolygonMode::Fill,
            },
            depth_bias: offset_enabled.then_some(DepthBias {
                constant: r.polygon_offset_units,
                slope: r.polygon_offset_factor,
                clamp: r.polygon_offset_clamp,
            }),
            line_width: r.line_width,
            depth_clamp: e.is(Cap::DepthClamp),
            rasterizer_discard: e.is(Cap::RasterizerDiscard),
            // Without the device's last-vertex mode, draws are reordered instead (provoking_vertex.rs).
            provoking_vertex_last: r.provoking_vertex == GL_LAST_VERTEX_CONVENTION && self.caps.provoking_vertex,
            // Without depth clip control the lower_clip_control pass already produced [0, w].
            clip_negative_one_to_one: self.clip_control_native && s.clip_control.negative_one_to_one(),
            primitive_restart,
        };
        let ds = &s.depth_stencil;
        let depth = DepthState {
            test: has_depth && e.is(Cap::DepthTest),
            write: ds.depth_write,
            compare: map_compare(ds.depth_func),
            bounds: None,
        };
        let stencil = StencilState {
            test: has_stencil && e.is(Cap::StencilTest),
            front: map_stencil_face(&ds.front),
            back: map_stencil_face(&ds.back),
        };
        let mut blend = vk_backend::BlendState { constant: s.blend.color, ..Default::default() };
        for (i, t) in s.blend.targets.iter().enumerate().take(blend.attachments.len()) {
            blend.attachments[i] = BlendAttachment {
                enabled: e.blend & (1 << i) != 0,
                src_color: map_blend_factor(t.src_rgb),
                dst_color: map_blend_factor(t.dst_rgb),
                color_op: map_blend_op(t.equation_rgb),
                src_alpha: map_blend_factor(t.src_alpha),
                dst_alpha: map_blend_factor(t.dst_alpha),
                alpha_op: map_blend_op(t.equation_alpha),
                write_mask: t.color_mask,
            };
        }
        // GL_MULTISAMPLE off turns the multisample fragment operations off with it.
        let multisample = samples > 1 && e.is(Cap::Multisample);
        blend.alpha_to_coverage = multisample && e.is(Cap::SampleAlphaToCoverage);
        blend.alpha_to_one = multisample && e.is(Cap::SampleAlphaToOne);
        blend.sample_mask = self.draw_sample_mask(samples);
        blend.min_sample_shading = self.draw_min_sample_shading(samples);
        blend.logic_op = e.is(Cap::ColorLogicOp).then(|| map_logic_op(s.blend.logic_op));
        RenderState { topology, raster, depth, stencil, blend }
    }
}
