//! Blits as draws, for what Vulkan's transfer commands cannot do: write a multisample
//! destination. vkCmdBlitImage takes single-sample images only and vkCmdResolveImage goes
//! from many samples to one, so a blit into a multisample image from a single-sample one
//! (every sample gets the source pixel) or from one of its sample count that mirrors or
//! converts formats (each sample gets its own source sample) is one triangle over the
//! destination rectangle (the scissor), like a masked clear (masked_clear.rs), whose
//! fragment shader fetches the source texel the fragment maps to: colour to output 0,
//! depth to gl_FragDepth, stencil to the stencil reference (VK_EXT_shader_stencil_export).
//! Without stencil export, stencil is cleared to 0 and each bit set by a draw of its own
//! that discards where the source bit is clear and replaces only that bit elsewhere.
//!
//! The programs depend only on what is written and whether the source is multisampled, so
//! each context keeps one per combination.

use std::collections::HashMap;

use nir_like::{BaseType, Builtin, ImageDim, Shader, Stage, StructMember, TexOp, TexSrcKind, Type, ValueType, Variable, VariableMode};
use vk_backend::{
    Aspect, BindingDesc, BindingKind, BlendState, BlitRect, BoundResource, ClearRequest, ColorMask, CompareFunc, DepthState, Filter, Format,
    FormatClass, Image, ImageView, ImageViewDesc, MipFilter, Program as GpuProgram, ProgramDesc, Rect, RenderState, RenderTargets, ResourceBinding, Sampler,
    SamplerDesc, ShaderStage, StageMask, StencilFace, StencilOp, StencilState, Swizzle, ViewType, WrapMode,
};

use crate::context::ContextState;
use crate::draw_path::masked_clear::internal_module;

/// The uniform block: the mapping from destination to source pixels, and a stencil bit.
const PARAMS_BINDING: u32 = 0;
/// The source image.
const SOURCE_BINDING: u32 = 1;

/// What a blit draw writes into its destination.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum BlitOutput {
    /// A colour attachment of this class (Float, Uint or Sint); `alpha_padding` when the
    /// image has an alpha channel its GL format lacks, which stays as it is.
    Color { class: FormatClass, alpha_padding: bool },
    Depth,
    Stencil,
}

/// What one program's fragment shader writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Written {
    Color(FormatClass),
    Depth,
    /// The stencil reference, exported.
    Stencil,
    /// Nothing: fragments whose source lacks the uniform block's bit are discarded.
    StencilBit,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct ProgramKey {
    written: Written,
    multisampled_source: bool,
}

/// The blit-draw programs a context made so far.
#[derive(Default)]
pub(crate) struct BlitDrawPrograms(HashMap<ProgramKey, GpuProgram>);

/// The scalar kind a source of `written` is sampled as.
fn sampled_base(written: Written) -> BaseType {
    match written {
        Written::Color(FormatClass::Uint) | Written::Stencil | Written::StencilBit => BaseType::Uint,
        Written::Color(FormatClass::Sint) => BaseType::Int,
        _ => BaseType::Float,
    }
}

/// The fragment stage: the source texel at `floor((floor(frag) + 0.5) * scale + offset)`
/// (the destination pixel's centre mapped into the source), of the fragment's own sample
/// when the source is multisampled, written as `key` says.
fn fragment_shader(key: ProgramKey) -> Shader {
    let mut s = Shader::new(Stage::Fragment);
    s.name = "blit_draw_fs".into();
    let mut b = nir_like::Builder::main(&mut s);
    let vec4 = b.value_type_handle(ValueType::float(4));
    let uvec4 = b.value_type_handle(ValueType::uint(4));
    let member = |name: &str, ty, offset| StructMember { name: name.into(), ty, offset: Some(offset), matrix_stride: None, row_major: false };
    let block_ty = b.ty(Type::Struct { name: "BlitDrawParams".into(), members: vec![member("mapping", vec4, 0), member("stencil_bit", uvec4, 16)] });
    let params = b.variable(Variable::new("blit_params", block_ty, VariableMode::Ubo).with_binding(0, PARAMS_BINDING));
    let base = sampled_base(key.written);
    let sampler_ty = b.ty(Type::Sampler { dim: ImageDim::D2, arrayed: false, shadow: false, multisampled: key.multisampled_source, sampled: base });
    let source = b.variable(Variable::new("blit_source", sampler_ty, VariableMode::Image).with_binding(0, SOURCE_BINDING));
    let frag_coord = b.builtin("gl_FragCoord", vec4, VariableMode::ShaderIn, Builtin::FragCoord);

    let position = b.load_var(frag_coord);
    let xy = b.swizzle(position, &[0, 1]);
    // The pixel's centre, wherever in the pixel a per-sample invocation sits.
    let pixel = b.ffloor(xy);
    let half = b.imm_vec(&[0.5, 0.5]);
    let centre = b.fadd(pixel, half);
    let root = b.deref_var(params);
    let mapping_ref = b.deref_struct(root, 0);
    let mapping = b.load_deref(mapping_ref);
    let scale = b.swizzle(mapping, &[0, 1]);
    let offset = b.swizzle(mapping, &[2, 3]);
    let mapped = b.ffma(centre, scale, offset);
    let texel_corner = b.ffloor(mapped);
    let coord = b.convert(texel_corner, BaseType::Int, 32);
    let texture = b.deref_var(source);
    let result_ty = ValueType::new(base, 32, 4);
    let texel = if key.multisampled_source {
        let int = b.value_type_handle(ValueType::int(1));
        let sample_id = b.builtin("gl_SampleID", int, VariableMode::ShaderIn, Builtin::SampleId);
        let sample = b.load_var(sample_id);
        b.tex(TexOp::TxfMs, texture, &[(TexSrcKind::Coord, coord), (TexSrcKind::MsIndex, sample)], result_ty)
    } else {
        let lod = b.imm_i32(0);
        b.tex(TexOp::Txf, texture, &[(TexSrcKind::Coord, coord), (TexSrcKind::Lod, lod)], result_ty)
    };
    match key.written {
        Written::Color(_) => {
            let output = b.output("blit_color", result_ty, 0);
            b.store_var(output, texel);
        }
        Written::Depth => {
            let float = b.value_type_handle(ValueType::F32);
            let depth = b.builtin("gl_FragDepth", float, VariableMode::ShaderOut, Builtin::FragDepth);
            let value = b.channel(texel, 0);
            b.store_var(depth, value);
        }
        Written::Stencil => {
            let int = b.value_type_handle(ValueType::int(1));
            let reference = b.builtin("gl_FragStencilRefARB", int, VariableMode::ShaderOut, Builtin::FragStencilRef);
            let value = b.channel(texel, 0);
            let value = b.bitcast(value, ValueType::I32);
            b.store_var(reference, value);
        }
        Written::StencilBit => {
            let bit_ref = b.deref_struct(root, 1);
            let bits = b.load_deref(bit_ref);
            let bit = b.channel(bits, 0);
            let value = b.channel(texel, 0);
            let masked = b.iand(value, bit);
            let zero = b.imm_u32(0);
            let clear = b.ieq(masked, zero);
            b.if_then(clear, |b| b.discard());
        }
    }
    nir_like::validate::debug_validate(&s, "blit_draw_fs");
    s
}

/// A view for sampling one level and layer (or 3D slice) of `image` as a 2D image, of
/// `aspect` and read as `format`.
pub(crate) fn source_view(image: &Image, level: u32, layer: u32, aspect: Aspect, format: Format) -> Result<ImageView, vk_backend::Error> {
    image.create_view(&ImageViewDesc {
        view_type: ViewType::D2,
        aspect,
        base_level: level,
        level_count: 1,
        base_layer: layer,
        layer_count: 1,
        swizzle: [Swizzle::R, Swizzle::G, Swizzle::B, Swizzle::A],
        format: (format != image.desc().format).then_some(format),
    })
}

/// `view` itself, or a 2D view of its first layer where it shows several (a layered
/// attachment): a blit writes layer 0 only.
pub(crate) fn first_layer(view: &ImageView) -> Result<ImageView, vk_backend::Error> {
    if view.desc().layer_count == 1 {
        return Ok(view.clone());
    }
    view.image().create_view(&ImageViewDesc { view_type: ViewType::D2, layer_count: 1, ..*view.desc() })
}

impl ContextState {
    /// The program of `key`, made on first use.
    fn blit_draw_program(&mut self, key: ProgramKey) -> Result<GpuProgram, vk_backend::Error> {
        if let Some(p) = self.blit_draw_programs.0.get(&key) {
            return Ok(p.clone());
        }
        let vs = internal_module(&self.device, ShaderStage::Vertex, &super::masked_clear::vertex_shader())?;
        let fs = internal_module(&self.device, ShaderStage::Fragment, &fragment_shader(key))?;
        let bindings = [
            BindingDesc { binding: PARAMS_BINDING, kind: BindingKind::UniformBuffer, count: 1, stages: StageMask::FRAGMENT },
            BindingDesc { binding: SOURCE_BINDING, kind: BindingKind::CombinedImageSampler, count: 1, stages: StageMask::FRAGMENT },
        ];
        let program = GpuProgram::new(&self.device, &ProgramDesc { modules: &[&vs, &fs], bindings: &bindings })?;
        self.blit_draw_programs.0.insert(key, program.clone());
        Ok(program)
    }

    /// Blits `from` of `source` (a view of one level and layer) to `to` of `dest` (an
    /// attachment view of one layer) by drawing, writing `output`. Rectangles are clipped
    /// to both images already; corner order mirrors as in any blit.
    pub(crate) fn blit_by_draw(&mut self, source: &ImageView, from: &BlitRect, dest: &ImageView, to: &BlitRect, output: BlitOutput) -> Result<(), vk_backend::Error> {
        let (width, height) = dest.extent();
        let (x0, y0) = (to.x0.min(to.x1).max(0), to.y0.min(to.y1).max(0));
        let (x1, y1) = (to.x0.max(to.x1).min(width as i32), to.y0.max(to.y1).min(height as i32));
        if x1 <= x0 || y1 <= y0 || from.x0 == from.x1 || from.y0 == from.y1 {
            return Ok(());
        }
        let rect = Rect { x: x0, y: y0, width: (x1 - x0) as u32, height: (y1 - y0) as u32 };
        let mut targets = RenderTargets { extent: (width, height), ..RenderTargets::default() };
        match output {
            BlitOutput::Color { alpha_padding, .. } => {
                targets.colors[0] = Some(dest.clone());
                targets.alpha_padding = u8::from(alpha_padding);
            }
            BlitOutput::Depth | BlitOutput::Stencil => targets.depth_stencil = Some(dest.clone()),
        }
        self.stream.set_render_targets(&targets)?;
        let multisampled_source = source.image().desc().samples > 1;
        // Source pixel coordinate = destination coordinate * scale + offset, per axis.
        let axis = |s0: i32, s1: i32, d0: i32, d1: i32| {
            let scale = (s1 as f64 - s0 as f64) / (d1 as f64 - d0 as f64);
            (scale as f32, (s0 as f64 - d0 as f64 * scale) as f32)
        };
        let (scale_x, offset_x) = axis(from.x0, from.x1, to.x0, to.x1);
        let (scale_y, offset_y) = axis(from.y0, from.y1, to.y0, to.y1);
        let mapping = [scale_x, scale_y, offset_x, offset_y];
        let sampler = Sampler::new(
            &self.device,
            &SamplerDesc { min_filter: Filter::Nearest, mag_filter: Filter::Nearest, mip_filter: MipFilter::None, wrap: [WrapMode::ClampToEdge; 3], ..SamplerDesc::default() },
        )?;
        let no_blend = BlendState::default();
        match output {
            BlitOutput::Color { class, alpha_padding } => {
                let mut blend = no_blend;
                blend.attachments[0].write_mask = if alpha_padding { 0x7 } else { 0xF } as ColorMask;
                let state = RenderState { blend, ..RenderState::default() };
                self.record_blit_draw(ProgramKey { written: Written::Color(class), multisampled_source }, &state, source, &sampler, mapping, 0, rect)
            }
            BlitOutput::Depth => {
                let depth = DepthState { test: true, write: true, compare: CompareFunc::Always, bounds: None };
                let state = RenderState { depth, ..RenderState::default() };
                self.record_blit_draw(ProgramKey { written: Written::Depth, multisampled_source }, &state, source, &sampler, mapping, 0, rect)
            }
            BlitOutput::Stencil if self.device.info().features.shader_stencil_export => {
                let face = StencilFace { pass: StencilOp::Replace, compare: CompareFunc::Always, write_mask: 0xFF, compare_mask: 0xFF, reference: 0, ..StencilFace::default() };
                let state = RenderState { stencil: StencilState { test: true, front: face, back: face }, ..RenderState::default() };
                self.record_blit_draw(ProgramKey { written: Written::Stencil, multisampled_source }, &state, source, &sampler, mapping, 0, rect)
            }
            BlitOutput::Stencil => {
                self.stream.clear(&ClearRequest { colors: &[], depth: None, stencil: Some(0), rect: Some(rect) })?;
                for bit in (0..8).map(|i| 1u32 << i) {
                    let face = StencilFace { pass: StencilOp::Replace, compare: CompareFunc::Always, write_mask: bit, compare_mask: 0xFF, reference: 0xFF, ..StencilFace::default() };
                    let state = RenderState { stencil: StencilState { test: true, front: face, back: face }, ..RenderState::default() };
                    self.record_blit_draw(ProgramKey { written: Written::StencilBit, multisampled_source }, &state, source, &sampler, mapping, bit, rect)?;
                }
                Ok(())
            }
        }
    }

    /// Records one blit draw into the stream's render targets.
    #[allow(clippy::too_many_arguments)]
    fn record_blit_draw(&mut self, key: ProgramKey, state: &RenderState, source: &ImageView, sampler: &Sampler, mapping: [f32; 4], stencil_bit: u32, rect: Rect) -> Result<(), vk_backend::Error> {
        let program = self.blit_draw_program(key)?;
        let mut bytes: Vec<u8> = mapping.iter().flat_map(|v| v.to_ne_bytes()).collect();
        bytes.extend([stencil_bit, 0, 0, 0].iter().flat_map(|v| v.to_ne_bytes()));
        let (buffer, offset) = self.stream.stream_upload(&bytes)?;
        let resources = [
            ResourceBinding { binding: PARAMS_BINDING, array_index: 0, resource: BoundResource::UniformBuffer { buffer: &buffer, offset, size: bytes.len() as u64 } },
            ResourceBinding { binding: SOURCE_BINDING, array_index: 0, resource: BoundResource::CombinedImageSampler { view: source, sampler } },
        ];
        self.draw_over_rect(&program, state, &resources, rect)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::draw_path::masked_clear::internal_spirv_val as spirv_val;

    #[test]
    fn every_fragment_stage_is_valid_spirv() {
        let written = [
            Written::Color(FormatClass::Float),
            Written::Color(FormatClass::Uint),
            Written::Color(FormatClass::Sint),
            Written::Depth,
            Written::Stencil,
            Written::StencilBit,
        ];
        for written in written {
            for multisampled_source in [false, true] {
                let key = ProgramKey { written, multisampled_source };
                spirv_val(&fragment_shader(key)).unwrap_or_else(|e| panic!("{key:?}: {e}"));
            }
        }
    }
}
