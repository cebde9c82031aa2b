//! Clears that the write masks let through only in part (glColorMask of some channels, a
//! glStencilMask of some bits). Vulkan's clears write whole attachments, so such a clear is
//! a draw: one triangle over the render area, inside the scissor box, whose fragment shader
//! writes each cleared slot's value with GL's masks as the write masks and whose stencil
//! test replaces the masked bits. Depth is left to the ordinary clear.
//!
//! The shaders depend only on which slots are cleared and on their class (float, signed or
//! unsigned integer), so each context keeps one program per combination.

use std::collections::HashMap;

use nir_like::{Builtin, Shader, Stage, StructMember, Type, ValueType, Variable, VariableMode};
use vk_backend::{
    BindingDesc, BindingKind, BlendState, BoundResource, ClearColor, ColorMask, CompareFunc, DrawCounts, DrawRecord, Program as GpuProgram, ProgramDesc, RasterState,
    Rect, RenderState, RenderTargets, ResourceBinding, ShaderModule, ShaderStage, StageMask, StencilFace, StencilOp, StencilState, Topology, VertexInput, Viewport,
    MAX_COLOR_ATTACHMENTS,
};

use crate::context::ContextState;

/// The uniform block binding holding the clear values: one 16-byte value per colour slot.
const VALUES_BINDING: u32 = 0;

/// What a clear's shader writes to one colour slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum SlotClass {
    Float,
    Uint,
    Sint,
}

fn class_of(value: ClearColor) -> SlotClass {
    match value {
        ClearColor::Float(_) => SlotClass::Float,
        ClearColor::Uint(_) => SlotClass::Uint,
        ClearColor::Sint(_) => SlotClass::Sint,
    }
}

fn value_bits(value: ClearColor) -> [u32; 4] {
    match value {
        ClearColor::Float(v) => v.map(f32::to_bits),
        ClearColor::Uint(v) => v,
        ClearColor::Sint(v) => v.map(|c| c as u32),
    }
}

/// Which slots a masked-clear program writes, and as what.
type ProgramKey = [Option<SlotClass>; MAX_COLOR_ATTACHMENTS];

/// The masked-clear programs a context made so far.
#[derive(Default)]
pub(crate) struct MaskedClearPrograms(HashMap<ProgramKey, GpuProgram>);

/// One masked clear: per colour slot the value and GL's write mask for it, and the stencil
/// value with its write mask.
pub(crate) struct MaskedClear {
    pub colors: [Option<(ClearColor, ColorMask)>; MAX_COLOR_ATTACHMENTS],
    pub stencil: Option<(u32, u32)>,
    /// The scissor box, or `None` for the whole render area.
    pub rect: Option<Rect>,
}

impl MaskedClear {
    pub fn is_empty(&self) -> bool {
        self.colors.iter().all(Option::is_none) && self.stencil.is_none()
    }
}

/// The vertex stage: a triangle whose corners (-1, -1), (3, -1) and (-1, 3) cover the
/// viewport, from gl_VertexIndex alone (blit draws use it too).
pub(crate) fn vertex_shader() -> Shader {
    let mut s = Shader::new(Stage::Vertex);
    s.name = "masked_clear_vs".into();
    let mut b = nir_like::Builder::main(&mut s);
    let int = b.value_type_handle(ValueType::int(1));
    let vec4 = b.value_type_handle(ValueType::float(4));
    let index = b.builtin("gl_VertexIndex", int, VariableMode::ShaderIn, Builtin::VertexIndex);
    let position = b.builtin("gl_Position", vec4, VariableMode::ShaderOut, Builtin::Position);
    let i = b.load_var(index);
    let corner = |b: &mut nir_like::Builder, bit: i32, scale: i32| {
        let mask = b.imm_i32(bit);
        let picked = b.iand(i, mask);
        let scale = b.imm_i32(scale);
        let offset = b.imul(picked, scale);
        let as_float = b.convert(offset, nir_like::BaseType::Float, 32);
        let one = b.imm_f32(1.0);
        b.fsub(as_float, one)
    };
    let x = corner(&mut b, 1, 4);
    let y = corner(&mut b, 2, 2);
    let z = b.imm_f32(0.0);
    let w = b.imm_f32(1.0);
    let pos = b.compose(&[x, y, z, w]);
    b.store_var(position, pos);
    nir_like::validate::debug_validate(&s, "masked_clear_vs");
    s
}

/// The fragment stage: output location i writes value i of the uniform block, read as the
/// slot's class.
fn fragment_shader(key: &ProgramKey) -> Shader {
    let mut s = Shader::new(Stage::Fragment);
    s.name = "masked_clear_fs".into();
    let mut b = nir_like::Builder::main(&mut s);
    let uvec4 = b.value_type_handle(ValueType::uint(4));
    let values_ty = b.array_type(uvec4, Some(MAX_COLOR_ATTACHMENTS as u32), Some(16));
    let block_ty = b.ty(Type::Struct {
        name: "MaskedClearValues".into(),
        members: vec![StructMember { name: "values".into(), ty: values_ty, offset: Some(0), matrix_stride: None, row_major: false }],
    });
    let block = b.variable(Variable::new("clear_values", block_ty, VariableMode::Ubo).with_binding(0, VALUES_BINDING));
    for (slot, class) in key.iter().enumerate() {
        let Some(class) = class else { continue };
        let ty = match class {
            SlotClass::Float => ValueType::float(4),
            SlotClass::Uint => ValueType::uint(4),
            SlotClass::Sint => ValueType::int(4),
        };
        let output = b.output(&format!("clear_value{slot}"), ty, slot as u32);
        let root = b.deref_var(block);
        let values = b.deref_struct(root, 0);
        let element = b.deref_array_imm(values, slot as u32);
        let bits = b.load_deref(element);
        let value = if *class == SlotClass::Uint { bits } else { b.bitcast(bits, ty) };
        b.store_var(output, value);
    }
    nir_like::validate::debug_validate(&s, "masked_clear_fs");
    s
}

impl ContextState {
    /// The program of `key`, made on first use.
    fn masked_clear_program(&mut self, key: ProgramKey) -> Result<GpuProgram, vk_backend::Error> {
        if let Some(p) = self.masked_clear_programs.0.get(&key) {
            return Ok(p.clone());
        }
        let vs = internal_module(&self.device, ShaderStage::Vertex, &vertex_shader())?;
        let fs = internal_module(&self.device, ShaderStage::Fragment, &fragment_shader(&key))?;
        let bindings = [BindingDesc { binding: VALUES_BINDING, kind: BindingKind::UniformBuffer, count: 1, stages: StageMask::FRAGMENT }];
        let program = GpuProgram::new(&self.device, &ProgramDesc { modules: &[&vs, &fs], bindings: &bindings })?;
        self.masked_clear_programs.0.insert(key, program.clone());
        Ok(program)
    }

    /// Records `clear` as a draw into `targets` (already the stream's render targets).
    pub(crate) fn record_masked_clear(&mut self, targets: &RenderTargets, clear: &MaskedClear) -> Result<(), vk_backend::Error> {
        let (width, height) = targets.extent;
        let area = Rect { x: 0, y: 0, width, height };
        let rect = clear.rect.map_or(area, |r| intersect(r, area));
        if rect.width == 0 || rect.height == 0 || clear.is_empty() {
            return Ok(());
        }
        let mut key: ProgramKey = [None; MAX_COLOR_ATTACHMENTS];
        let mut values = [0u32; 4 * MAX_COLOR_ATTACHMENTS];
        let mut blend = BlendState::default();
        for (slot, target) in targets.colors.iter().enumerate() {
            let cleared = clear.colors[slot].filter(|_| target.is_some());
            blend.attachments[slot].write_mask = cleared.map_or(0, |(_, mask)| mask);
            if let Some((value, _)) = cleared {
                key[slot] = Some(class_of(value));
                values[4 * slot..4 * slot + 4].copy_from_slice(&value_bits(value));
            }
        }
        let has_stencil = targets.depth_stencil.as_ref().is_some_and(|v| v.format().has_stencil());
        let stencil = match clear.stencil.filter(|_| has_stencil) {
            Some((value, write_mask)) => {
                let face = StencilFace { pass: StencilOp::Replace, compare: CompareFunc::Always, write_mask, reference: value, ..StencilFace::default() };
                StencilState { test: true, front: face, back: face }
            }
            None => StencilState::default(),
        };
        if key.iter().all(Option::is_none) && !stencil.test {
            return Ok(());
        }
        let program = self.masked_clear_program(key)?;
        let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_ne_bytes()).collect();
        let (buffer, offset) = self.stream.stream_upload(&bytes)?;
        let resources = [ResourceBinding {
            binding: VALUES_BINDING,
            array_index: 0,
            resource: BoundResource::UniformBuffer { buffer: &buffer, offset, size: bytes.len() as u64 },
        }];
        let state = RenderState { stencil, blend, ..RenderState::default() };
        self.draw_over_rect(&program, &state, &resources, rect)
    }

    /// Draws the full-screen triangle of [`vertex_shader`] through `program` over `rect` of
    /// the stream's render targets (masked clears, blit draws). Viewport and scissor are both
    /// the rectangle, so that clipping ends the triangle at its edges: with a scissor alone,
    /// lavapipe has shaded samples of the pixels beside a multisample rectangle.
    pub(crate) fn draw_over_rect(&mut self, program: &GpuProgram, state: &RenderState, resources: &[ResourceBinding], rect: Rect) -> Result<(), vk_backend::Error> {
        let state = RenderState { topology: Topology::TriangleList, raster: RasterState::default(), ..*state };
        let viewport = Viewport { x: rect.x as f32, y: rect.y as f32, width: rect.width as f32, height: rect.height as f32, min_depth: 0.0, max_depth: 1.0 };
        let record = DrawRecord {
            program,
            vertex_input: &VertexInput::default(),
            state: &state,
            viewports: &[viewport],
            scissors: &[rect],
            vertex_buffers: &[],
            index_buffer: None,
            resources,
            counts: DrawCounts { count: 3, instance_count: 1, ..DrawCounts::default() },
            xfb: None,
            captured_count: None,
        };
        self.stream.draw(&record)
    }
}

/// The SPIR-V of one of galvan's own draw shaders (masked clears, blit draws).
fn internal_spirv(shader: &Shader) -> Result<Vec<u32>, String> {
    spirv_out::emit(shader, &spirv_out::EmitOptions { spirv_version: (1, 3), debug_names: false }).map_err(|e| e.to_string())
}

/// A shader module of one of galvan's own draw shaders.
pub(crate) fn internal_module(device: &std::sync::Arc<vk_backend::Device>, stage: ShaderStage, shader: &Shader) -> Result<ShaderModule, vk_backend::Error> {
    let words = internal_spirv(shader).map_err(vk_backend::Error::InvalidArgument)?;
    ShaderModule::new(device, stage, &words, "main")
}

/// spirv-val's verdict on one of galvan's own draw shaders, for Vulkan 1.3.
#[cfg(test)]
pub(crate) fn internal_spirv_val(shader: &Shader) -> Result<(), String> {
    spirv_out::spirv_val(&internal_spirv(shader)?, "vulkan1.3")
}

/// The part of `r` inside `area` (whose origin is 0, 0).
fn intersect(r: Rect, area: Rect) -> Rect {
    let x0 = r.x.clamp(0, area.width as i32);
    let y0 = r.y.clamp(0, area.height as i32);
    let x1 = (r.x.saturating_add(r.width as i32)).clamp(0, area.width as i32);
    let y1 = (r.y.saturating_add(r.height as i32)).clamp(0, area.height as i32);
    Rect { x: x0, y: y0, width: (x1 - x0).max(0) as u32, height: (y1 - y0).max(0) as u32 }
}

#[cfg(test)]
mod tests {
    use super::*;

    use super::internal_spirv_val as spirv_val;

    #[test]
    fn both_stages_are_valid_spirv_for_every_slot_class() {
        spirv_val(&vertex_shader()).unwrap();
        let mut key: ProgramKey = [None; MAX_COLOR_ATTACHMENTS];
        key[0] = Some(SlotClass::Float);
        key[2] = Some(SlotClass::Uint);
        key[7] = Some(SlotClass::Sint);
        let fs = fragment_shader(&key);
        let outputs: Vec<_> = fs.variables.iter().filter(|(_, v)| v.mode == VariableMode::ShaderOut).map(|(_, v)| v.location).collect();
        assert_eq!(outputs, [Some(0), Some(2), Some(7)]);
        spirv_val(&fs).unwrap();
    }
}
