//! glDraw{Arrays,Elements}{,Instanced,BaseVertex,...}: validation, then the current state
//! as one backend `DrawRecord` — vertex input from the vertex array and the program's
//! attribute locations, uploaded buffers, the default uniform block, uniform blocks,
//! textures and samplers (bindings per docs/conventions.md).

use std::sync::atomic::{AtomicBool, Ordering};

use vk_backend::{
    BoundResource, Buffer as GpuBuffer, BufferDesc, DrawCounts, DrawRecord, ImageView, IndexBinding, IndexType, InputRate,
    MemoryHint, ResourceBinding, Sampler, VertexAttribute, VertexBindingLayout, VertexBufferBinding,
    VertexFormat, VertexInput, VertexScalar,
};

use crate::context::ContextState;
use crate::draw_path::host_converted_fetch::HostConversion;
use crate::state::packed_current_values::SnormRule;
use crate::draw_path::primitive_restart::{rewrite_restart_indices, Restart};
use crate::draw_path::record_error::RecordError;
use crate::draw_path::render_state::{is_primitive_mode, map_topology};
use crate::draw_path::robust_vertex_fetch::{robust_vertex_source, VertexSource};
use crate::draw_path::texture_sampler::{clamp_mask, map_sampler, ClampKey, SampledTexture};
use crate::objects::program_variant::VariantKey;
use crate::objects::sampler::SamplerState;
use crate::state::Dirty;
use crate::objects::vertex_array::{AttribClass, VertexAttrib, VERTEX};
use crate::types::enums::*;
use crate::types::*;

/// An indexed draw's index type and offset into the element array buffer.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Indices {
    pub ty: GLenum,
    pub offset: usize,
}

/// The index source of one draw as recorded: `None` indices draw without them.
#[derive(Clone, Copy, Debug)]
pub(crate) struct IndexedDraw {
    pub indices: Option<Indices>,
    pub element_buffer: GLuint,
    /// Whether the index type's largest value restarts primitives.
    pub restart: bool,
}

/// Why a draw is not carried out (beyond GL errors): logged once per kind.
fn log_unsupported(what: &str, flag: &AtomicBool) {
    if !flag.swap(true, Ordering::Relaxed) {
        tracing::warn!(target: "galvan", "draws with {what} are not implemented yet (GL_INVALID_OPERATION)");
    }
}

static FIXED_FUNCTION_LOGGED: AtomicBool = AtomicBool::new(false);
static TOPOLOGY_LOGGED: AtomicBool = AtomicBool::new(false);
static FORMAT_LOGGED: AtomicBool = AtomicBool::new(false);

/// The backend vertex format of a GL attribute array; `None` when Vulkan has none.
fn map_vertex_format(a: &VertexAttrib) -> Option<VertexFormat> {
    let bgra = a.size == GL_BGRA as GLint;
    let components = if bgra { 4 } else { a.size as u8 };
    let scalar = match (a.class, a.ty) {
        (AttribClass::Float { normalized }, ty) => match (ty, normalized) {
            (GL_FLOAT, _) => VertexScalar::F32,
            (GL_HALF_FLOAT, _) => VertexScalar::F16,
            (GL_BYTE, true) => VertexScalar::I8Norm,
            (GL_BYTE, false) => VertexScalar::I8Scaled,
            (GL_UNSIGNED_BYTE, true) => VertexScalar::U8Norm,
            (GL_UNSIGNED_BYTE, false) => VertexScalar::U8Scaled,
            (GL_SHORT, true) => VertexScalar::I16Norm,
            (GL_SHORT, false) => VertexScalar::I16Scaled,
            (GL_UNSIGNED_SHORT, true) => VertexScalar::U16Norm,
            (GL_UNSIGNED_SHORT, false) => VertexScalar::U16Scaled,
            (GL_INT_2_10_10_10_REV, true) => VertexScalar::A2B10G10R10SNorm,
            (GL_INT_2_10_10_10_REV, false) => VertexScalar::A2B10G10R10SScaled,
            (GL_UNSIGNED_INT_2_10_10_10_REV, true) => VertexScalar::A2B10G10R10UNorm,
            (GL_UNSIGNED_INT_2_10_10_10_REV, false) => VertexScalar::A2B10G10R10UScaled,
            (GL_UNSIGNED_INT_10F_11F_11F_REV, _) => VertexScalar::B10G11R11UFloat,
            _ => return None,
        },
        (AttribClass::Integer, GL_BYTE) => VertexScalar::I8,
        (AttribClass::Integer, GL_UNSIGNED_BYTE) => VertexScalar::U8,
        (AttribClass::Integer, GL_SHORT) => VertexScalar::I16,
        (AttribClass::Integer, GL_UNSIGNED_SHORT) => VertexScalar::U16,
        (AttribClass::Integer, GL_INT) => VertexScalar::I32,
        (AttribClass::Integer, GL_UNSIGNED_INT) => VertexScalar::U32,
        (AttribClass::Double, GL_DOUBLE) => VertexScalar::F64,
        _ => return None,
    };
    Some(VertexFormat { scalar, components, bgra })
}

/// One GL generic attribute location a program reads.
#[derive(Clone, Copy, Debug)]
struct InputSlot {
    /// The GL location: the vertex array's attribute index.
    gl: u32,
    /// The Vulkan input location the shader reads it at.
    vk: u32,
    /// A double-precision column (glVertexAttribL*).
    double: bool,
    /// A dvec3/dvec4 column: Vulkan locations `vk` and `vk + 1`.
    dual: bool,
    /// How a disabled array's current value is read: as floats, or as the words
    /// glVertexAttribI* stored for an integer input.
    current: VertexScalar,
}

/// Every GL location the program's vertex inputs take (each column of each element), then
/// the conventional attributes (gl_Vertex, gl_Color, ...).
fn vertex_input_slots(interface: &glsl::ProgramInterface) -> Vec<InputSlot> {
    let mut slots = Vec::new();
    for a in interface.attributes.iter().filter(|a| a.location >= 0) {
        let (columns, rows, double) = attribute_shape(a.gl_type);
        let current = match crate::objects::uniforms::type_shape(a.gl_type).0 {
            crate::objects::uniforms::Scalar::Int => VertexScalar::I32,
            crate::objects::uniforms::Scalar::Uint => VertexScalar::U32,
            _ => VertexScalar::F32,
        };
        for i in 0..columns * a.array_size.max(1) {
            let gl = a.location as u32 + i;
            // Aliased attributes (desktop GL allows them) read one array.
            if slots.iter().all(|s: &InputSlot| s.gl != gl) {
                slots.push(InputSlot { gl, vk: interface.vertex_input_location(gl), double, dual: double && rows > 2, current });
            }
        }
    }
    slots.extend(interface.builtin_attributes.iter().map(|&(_, location)| InputSlot { gl: location, vk: location, double: false, dual: false, current: VertexScalar::F32 }));
    slots
}

/// The array that feeds GL location `gl`: its own, unless that is disabled and the
/// attribute it aliases has an enabled array. In compatibility contexts generic attribute
/// 0 and gl_Vertex are one attribute: either array feeds a shader reading the other.
fn feeding_array(attribs: &[VertexAttrib], gl: usize, compatibility: bool) -> Option<VertexAttrib> {
    let own = attribs.get(gl).copied()?;
    let alias = match gl {
        _ if own.enabled || !compatibility => return Some(own),
        VERTEX => 0,
        0 => VERTEX,
        _ => return Some(own),
    };
    Some(attribs.get(alias).copied().filter(|a| a.enabled).unwrap_or(own))
}

/// (columns, rows, double precision) of a vertex input's GL type, from the uniform type
/// table: every column takes one GL location.
fn attribute_shape(gl_type: GLenum) -> (u32, u32, bool) {
    let (scalar, columns, rows) = crate::objects::uniforms::type_shape(gl_type);
    (columns as u32, rows as u32, scalar == crate::objects::uniforms::Scalar::Double)
}

/// The Vulkan attributes of a 64-bit `format` read at `slot`, from byte `offset` of binding
/// `slot.vk`: the format itself where the device fetches 64-bit formats, else its 32-bit
/// words as uints (four a location, the rest at the next), which
/// `lower_vertex_attrib_64bit` turns back into doubles.
fn double_attributes(slot: &InputSlot, format: VertexFormat, offset: u32, native: bool) -> Vec<VertexAttribute> {
    let binding = slot.vk as u8;
    if native {
        return vec![VertexAttribute { location: slot.vk as u8, binding, format, offset }];
    }
    let words = 2 * format.components;
    let mut attributes = vec![VertexAttribute { location: slot.vk as u8, binding, format: VertexFormat::new(VertexScalar::U32, words.min(4)), offset }];
    if words > 4 {
        attributes.push(VertexAttribute { location: slot.vk as u8 + 1, binding, format: VertexFormat::new(VertexScalar::U32, words - 4), offset: offset + 16 });
    }
    attributes
}

impl ContextState {
    /// The GPU buffer behind an indexed binding (uniform, storage, transform feedback) and
    /// the range it binds as (offset, size), clamped to the buffer; a binding without a
    /// size runs to the buffer's end.
    pub(crate) fn bound_range(&mut self, binding: crate::objects::bindings::IndexedBuffer) -> Result<(GpuBuffer, u64, u64), RecordError> {
        let buffer = self.gpu_buffer(binding.buffer)?.ok_or(RecordError::Gl(GL_INVALID_OPERATION))?;
        let offset = binding.offset.max(0) as u64;
        let available = buffer.size().saturating_sub(offset);
        let size = if binding.size > 0 { (binding.size as u64).min(available) } else { available };
        Ok((buffer, offset, size))
    }

    /// The GPU copy of buffer `name`, uploaded if the host copy changed.
    pub(crate) fn gpu_buffer(&mut self, name: GLuint) -> Result<Option<GpuBuffer>, vk_backend::Error> {
        let share = self.share.clone();
        // A persistently mapped buffer is uploaded again below: what shaders wrote into its
        // GPU copy comes back first, or the upload would overwrite it.
        if share.lock().buffers.get(name).is_some_and(|b| b.gpu_written && b.mapped_persistently()) {
            self.read_back_shader_writes(name);
        }
        let mut objects = share.lock();
        let Some(b) = objects.buffers.get_mut(name) else { return Ok(None) };
        // Persistent maps write behind GL's back: upload on every draw.
        let current = b.mapping.is_none() && b.gpu.as_ref().is_some_and(|(g, generation)| *generation == b.generation && g.size() as usize >= b.data.len());
        if !current {
            let size = b.data.len().max(4) as u64;
            let gpu = match b.gpu.take() {
                Some((g, _)) if g.size() == size => g,
                _ => GpuBuffer::new(&self.device, &BufferDesc { size, memory: MemoryHint::HostVisible })?,
            };
            if !b.data.is_empty() {
                self.stream.write_buffer(&gpu, 0, &b.data)?;
            }
            b.uploaded = b.mapped_persistently().then(|| b.data.clone());
            b.gpu = Some((gpu, b.generation));
        }
        Ok(b.gpu.as_ref().map(|(g, _)| g.clone()))
    }

    /// A buffer range holding `data` for one draw (client-side arrays and indices, current
    /// attribute values), taken from the stream's upload ring instead of a new allocation.
    fn temporary_buffer(&mut self, data: &[u8]) -> Result<(GpuBuffer, u64), vk_backend::Error> {
        if data.is_empty() {
            return self.stream.stream_upload(&[0; 4]);
        }
        self.stream.stream_upload(data)
    }

    /// How many vertices a draw reads from per-vertex arrays: `first + count`, or one past
    /// the largest index (plus the base vertex) of an indexed draw.
    fn vertices_read(&self, first: GLint, count: GLsizei, base_vertex: GLint, indices: Option<Indices>, element_buffer: GLuint) -> Result<u64, RecordError> {
        let Some(i) = indices else { return Ok(first as u64 + count as u64) };
        let size = index_size(i.ty);
        let bytes = count as usize * size;
        let max = |data: &[u8]| -> u64 {
            data.chunks_exact(size)
                .map(|c| match size {
                    1 => c[0] as u64,
                    2 => u16::from_ne_bytes([c[0], c[1]]) as u64,
                    _ => u32::from_ne_bytes([c[0], c[1], c[2], c[3]]) as u64,
                })
                .max()
                .unwrap_or(0)
        };
        let largest = if element_buffer == 0 {
            // SAFETY: GL requires client indices to hold `count` indices.
            max(unsafe { std::slice::from_raw_parts(i.offset as *const u8, bytes) })
        } else {
            let objects = self.share.lock();
            let data = objects.buffers.get(element_buffer).map(|b| &b.data[..]).unwrap_or(&[]);
            let end = i.offset.checked_add(bytes).filter(|&e| e <= data.len()).ok_or(RecordError::Gl(GL_INVALID_OPERATION))?;
            max(&data[i.offset..end])
        };
        Ok((largest as i64 + base_vertex as i64 + 1).max(0) as u64)
    }

    /// The `count` indices of an indexed draw as u32, read from client memory or the
    /// element array buffer; `None` for a non-indexed draw.
    pub(crate) fn element_indices(&self, count: GLsizei, indices: Option<Indices>, element_buffer: GLuint) -> Result<Option<Vec<u32>>, GLenum> {
        let Some(i) = indices else { return Ok(None) };
        let size = index_size(i.ty);
        let bytes = count as usize * size;
        let decode = |data: &[u8]| -> Vec<u32> {
            data.chunks_exact(size)
                .map(|c| match size {
                    1 => c[0] as u32,
                    2 => u16::from_ne_bytes([c[0], c[1]]) as u32,
                    _ => u32::from_ne_bytes([c[0], c[1], c[2], c[3]]),
                })
                .collect()
        };
        if element_buffer == 0 {
            if i.offset == 0 {
                return Err(GL_INVALID_OPERATION);
            }
            // SAFETY: GL requires client indices to hold `count` indices.
            return Ok(Some(decode(unsafe { std::slice::from_raw_parts(i.offset as *const u8, bytes) })));
        }
        let objects = self.share.lock();
        let data = objects.buffers.get(element_buffer).map(|b| &b.data[..]).unwrap_or(&[]);
        let end = i.offset.checked_add(bytes).filter(|&e| e <= data.len()).ok_or(GL_INVALID_OPERATION)?;
        Ok(Some(decode(&data[i.offset..end])))
    }

    /// Validates and records one draw.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn gl_draw(&mut self, mode: GLenum, first: GLint, count: GLsizei, instances: GLsizei, base_vertex: GLint, base_instance: GLuint, indices: Option<Indices>) {
        self.draw_from(mode, first, count, instances, base_vertex, base_instance, indices, None)
    }

    /// Draws vertices gathered by glBegin/glEnd: `vertices` holds `slots` vec4s per vertex,
    /// one per attribute location; `order` lists the vertices to draw.
    pub(crate) fn gl_draw_immediate(&mut self, mode: GLenum, vertices: &[[f32; 4]], slots: usize, order: &[usize]) {
        self.draw_from(mode, 0, order.len() as GLsizei, 1, 0, 0, None, Some(ImmediateVertices { vertices, slots, order }))
    }

    #[allow(clippy::too_many_arguments)]
    fn draw_from(&mut self, mode: GLenum, first: GLint, count: GLsizei, instances: GLsizei, base_vertex: GLint, base_instance: GLuint, indices: Option<Indices>, immediate: Option<ImmediateVertices>) {
        // Core profiles removed quads and polygons.
        let removed = self.is_core() && matches!(mode, GL_QUADS | GL_QUAD_STRIP | GL_POLYGON);
        if !self.check(is_primitive_mode(mode, self.is_gles()) && !removed, GL_INVALID_ENUM) {
            return;
        }
        if let Some(i) = indices {
            if !self.check(matches!(i.ty, GL_UNSIGNED_BYTE | GL_UNSIGNED_SHORT | GL_UNSIGNED_INT), GL_INVALID_ENUM) {
                return;
            }
        }
        if !self.check(count >= 0 && instances >= 0 && first >= 0, GL_INVALID_VALUE) {
            return;
        }
        if !self.check(!(self.is_core() && self.bindings.vertex_array == 0), GL_INVALID_OPERATION) {
            return;
        }
        if !self.check(!self.dual_source_draw_buffers_exceeded(), GL_INVALID_OPERATION) {
            return;
        }
        // Selection and feedback transform on the CPU; pixel rectangles report themselves.
        if self.state.render_mode.mode != GL_RENDER {
            if immediate.is_none() {
                self.select_or_feedback_draw(mode, first, count, base_vertex, indices);
            }
            return;
        }
        // Texture-derived keys (fixed function, GL_CLAMP) follow changes made in other contexts.
        self.note_shared_texture_changes();
        self.note_fixed_function_primitive(mode);
        let executable = match self.current_executable() {
            Some(e) if self.invalid_arb_program_stands_in(&e) => {
                return self.record_error(GL_INVALID_OPERATION);
            }
            Some(e) => Some(e),
            // Without a current program, the bound program pipeline's stages draw.
            None if self.bindings.program == 0 && self.bindings.program_pipeline != 0 => match self.pipeline_executable(false) {
                Ok(Some(e)) => Some(e),
                Ok(None) => return,
                Err(e) => return self.record_error(e),
            },
            // Compatibility contexts draw without a program through generated shaders.
            // Enabled ARB programs draw in place of the fixed-function stage they replace.
            None if (self.bindings.program == 0 || self.current_program_is_empty()) && !self.is_core() && !self.is_gles() => match self.arb_program_executable() {
                Some(e) => e,
                None => self.fixed_function_executable(),
            },
            None => None,
        };
        let Some(executable) = executable else {
            if self.bindings.program == 0 {
                log_unsupported("the fixed-function pipeline", &FIXED_FUNCTION_LOGGED);
            }
            return self.record_error(GL_INVALID_OPERATION);
        };
        let (patches_ok, shaders_make_primitives) = {
            let exe = executable.lock().unwrap_or_else(|p| p.into_inner());
            (exe.has_tessellation == (mode == GL_PATCHES) && exe.geometry_input_accepts(mode), exe.shaders_make_primitives())
        };
        if !self.check(patches_ok && self.capture_mode_allowed(mode), GL_INVALID_OPERATION) {
            return;
        }
        let element_buffer = self.vertex_arrays.get(self.bindings.vertex_array).map_or(0, |v| v.element_buffer);
        // A restart index Vulkan cannot restart at: the draw reads a rewritten copy.
        let restart = indices.map_or(Restart::Off, |i| self.restart_for(i.ty));
        let mut rewritten = Vec::new();
        let (indices, element_buffer) = match (restart, indices) {
            (Restart::Rewritten(value), Some(i)) if count > 0 => {
                rewritten = match self.element_indices(count, Some(i), element_buffer) {
                    Ok(v) => v.unwrap_or_default(),
                    Err(e) => return self.record_error(e),
                };
                rewrite_restart_indices(&mut rewritten, value);
                (Some(Indices { ty: GL_UNSIGNED_INT, offset: rewritten.as_ptr() as usize }), 0)
            }
            _ => (indices, element_buffer),
        };
        // Line loops, quads, quad strips and polygons draw through generated indices.
        let mut generated = Vec::new();
        // Primitives reordered for the provoking vertex, or polygons reduced to the edges
        // and vertices their edge flags keep, draw through generated indices too.
        let edge_flag_order = match (immediate.is_none(), restart) {
            (true, Restart::Off) => match self.edge_flag_array_order(mode, first, count, base_vertex, indices, element_buffer, shaders_make_primitives) {
                Ok(order) => order,
                Err(e) => return self.record_error(e),
            },
            _ => None,
        };
        let reordered = if immediate.is_none() { edge_flag_order.or_else(|| self.provoking_vertex_order(mode, count.max(0) as usize, shaders_make_primitives)) } else { None };
        let (topology, first, count, indices, element_buffer) = match self.patch_topology(mode).or_else(|| map_topology(mode)).filter(|_| reordered.is_none()) {
            Some(t) => (t, first, count, indices, element_buffer),
            None if immediate.is_none() && (mode == GL_LINE_LOOP || !self.is_gles() && matches!(mode, GL_QUADS | GL_QUAD_STRIP | GL_POLYGON) || reordered.is_some()) => {
                let (list_mode, order) = reordered.unwrap_or_else(|| crate::draw_path::immediate::assemble(mode, count as usize));
                generated = match self.element_indices(count, indices, element_buffer) {
                    Ok(Some(source)) => order.iter().map(|&o| source[o]).collect(),
                    Ok(None) => order.iter().map(|&o| first as u32 + o as u32).collect(),
                    Err(e) => return self.record_error(e),
                };
                let topology = map_topology(list_mode).expect("assembled modes have a topology");
                let client = Indices { ty: GL_UNSIGNED_INT, offset: generated.as_ptr() as usize };
                (topology, 0, generated.len() as GLsizei, Some(client), 0)
            }
            None => {
                log_unsupported("this primitive mode", &TOPOLOGY_LOGGED);
                return self.record_error(GL_INVALID_OPERATION);
            }
        };
        let targets = match self.draw_targets() {
            Ok(t) => t,
            Err(e) => return self.report_target_error(e),
        };
        if count == 0 || instances == 0 || !self.conditional_render_passes() {
            return;
        }
        let draw = IndexedDraw { indices, element_buffer, restart: restart != Restart::Off };
        let tess = executable.lock().unwrap_or_else(|p| p.into_inner()).tess_emulation.clone();
        let result = match tess {
            Some(tess) => self.draw_tessellated(&executable, &tess, targets, first, count, instances, base_vertex, base_instance, draw, immediate),
            None => self.record_draw(&executable, topology, targets, first, count, instances, base_vertex, base_instance, draw, immediate, None),
        };
        drop(generated);
        drop(rewritten);
        if let Err(e) = result {
            match e {
                RecordError::Gl(error) => self.record_error(error),
                RecordError::Backend(e) => self.backend_failed(e),
            }
        }
    }

    /// Records one draw of `executable`; `emulated` changes what an emulated stage's draw
    /// binds and runs (`tess_emulation.rs`).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn record_draw(
        &mut self,
        executable: &std::sync::Arc<std::sync::Mutex<crate::objects::program_link::LinkedProgram>>,
        topology: vk_backend::Topology,
        targets: vk_backend::RenderTargets,
        first: GLint,
        count: GLsizei,
        instances: GLsizei,
        base_vertex: GLint,
        base_instance: GLuint,
        draw: IndexedDraw,
        immediate: Option<ImmediateVertices>,
        emulated: Option<&crate::draw_path::tess_emulation::EmulatedDrawStage>,
    ) -> Result<(), RecordError> {
        let IndexedDraw { indices, element_buffer, restart } = draw;
        let vao = self.vertex_arrays.get(self.bindings.vertex_array).cloned().ok_or(RecordError::Gl(GL_INVALID_OPERATION))?;
        let mut exe = executable.lock().unwrap_or_else(|p| p.into_inner());
        let slots = if emulated.is_some_and(|e| !e.vertex_input) { Vec::new() } else { vertex_input_slots(&exe.interface) };
        let native_doubles = self.caps.vertex_attrib_64bit;

        // Vertex input: one binding per Vulkan location a GL location starts at.
        let mut input = VertexInput::new();
        let mut vertex_buffers: Vec<(u32, GpuBuffer, u64)> = Vec::new();
        // Disabled arrays: the bytes of the current values, and the attributes reading them.
        let mut constant_bytes: Vec<u8> = Vec::new();
        let mut constant_attributes: Vec<(u32, u64, Vec<VertexAttribute>)> = Vec::new();
        let mut vertices_needed: Option<u64> = None;
        if let Some(imm) = immediate {
            // Immediate-mode vertices: one upload of the slots the program reads, interleaved.
            let mut data = Vec::with_capacity(imm.order.len() * slots.len() * 16);
            for &v in imm.order {
                for slot in &slots {
                    let value = imm.vertices.get(v * imm.slots + slot.gl as usize).copied().unwrap_or([0.0, 0.0, 0.0, 1.0]);
                    data.extend(value.iter().flat_map(|f| f.to_ne_bytes()));
                }
            }
            let (buffer, base) = self.temporary_buffer(&data)?;
            let stride = slots.len() as u32 * 16;
            for (i, slot) in slots.iter().enumerate() {
                input.push_binding(VertexBindingLayout { binding: slot.vk as u8, stride, rate: InputRate::Vertex });
                input.push_attribute(VertexAttribute { location: slot.vk as u8, binding: slot.vk as u8, format: VertexFormat::new(VertexScalar::F32, 4), offset: 0 });
                vertex_buffers.push((slot.vk, buffer.clone(), base + 16 * i as u64));
            }
        }
        for slot in slots.iter().filter(|_| immediate.is_none()) {
            let compatibility = !self.is_core() && !self.is_gles();
            let Some(a) = feeding_array(&vao.attribs, slot.gl as usize, compatibility) else { continue };
            if !a.enabled {
                let offset = constant_bytes.len() as u64;
                let attributes = if slot.double {
                    let value = self.current_attribs_double.get(slot.gl as usize).copied().unwrap_or([0.0, 0.0, 0.0, 1.0]);
                    constant_bytes.extend(value.iter().flat_map(|d| d.to_ne_bytes()));
                    let format = VertexFormat::new(VertexScalar::F64, if slot.dual { 4 } else { 2 });
                    double_attributes(slot, format, 0, native_doubles)
                } else {
                    let value = self.current_attribs.get(slot.gl as usize).copied().unwrap_or([0.0, 0.0, 0.0, 1.0]);
                    constant_bytes.extend(value.iter().flat_map(|f| f.to_ne_bytes()));
                    vec![VertexAttribute { location: slot.vk as u8, binding: slot.vk as u8, format: VertexFormat::new(slot.current, 4), offset: 0 }]
                };
                constant_attributes.push((slot.vk, offset, attributes));
                continue;
            }
            let conversion = match a.class {
                AttribClass::Float { normalized } => HostConversion::for_float_array(a.ty, normalized).or_else(|| {
                    let rule = SnormRule::for_context(self.is_gles(), self.version);
                    HostConversion::for_packed_array(a.ty, normalized, a.size == GL_BGRA as GLint, self.caps.packed_vertex_formats, rule)
                }),
                _ => None,
            };
            if let Some(conversion) = conversion {
                // No Vulkan format: the elements the draw reads, converted to floats.
                let elements = if a.divisor == 0 {
                    self.vertices_read(first, count, base_vertex, indices, element_buffer)?
                } else {
                    (instances as u64).div_ceil(a.divisor as u64) + base_instance as u64
                };
                let components = a.size.clamp(1, 4) as usize;
                let (stride, element_size) = (a.effective_stride() as u64, a.element_size() as u64);
                let floats = if a.buffer != 0 {
                    let objects = self.share.lock();
                    let data = objects.buffers.get(a.buffer).map(|b| &b.data[..]).unwrap_or(&[]);
                    conversion.to_floats(data.get(a.pointer as usize..).unwrap_or(&[]), stride as usize, components, elements)
                } else {
                    if a.pointer == 0 {
                        return Err(RecordError::Gl(GL_INVALID_OPERATION));
                    }
                    let bytes = (elements.max(1) - 1) * stride + element_size;
                    // SAFETY: GL requires a client array to hold every element a draw reads.
                    let data = unsafe { std::slice::from_raw_parts(a.pointer as *const u8, bytes as usize) };
                    conversion.to_floats(data, stride as usize, components, elements)
                };
                let (buffer, offset) = self.temporary_buffer(&floats)?;
                let rate = if a.divisor == 0 { InputRate::Vertex } else { InputRate::Instance(a.divisor) };
                input.push_binding(VertexBindingLayout { binding: slot.vk as u8, stride: components as u32 * 4, rate });
                input.push_attribute(VertexAttribute { location: slot.vk as u8, binding: slot.vk as u8, format: VertexFormat::new(VertexScalar::F32, components as u8), offset: 0 });
                vertex_buffers.push((slot.vk, buffer, offset));
                continue;
            }
            let Some(mut format) = map_vertex_format(&a) else {
                log_unsupported("this vertex attribute format", &FORMAT_LOGGED);
                return Err(RecordError::Gl(GL_INVALID_OPERATION));
            };
            let rate = if a.divisor == 0 { InputRate::Vertex } else { InputRate::Instance(a.divisor) };
            let source = if a.buffer != 0 {
                // Robust contexts learn how many elements the draw reads (once per draw).
                let needed = if !self.config.robust {
                    None
                } else if a.divisor == 0 {
                    if vertices_needed.is_none() {
                        vertices_needed = Some(self.vertices_read(first, count, base_vertex, indices, element_buffer)?);
                    }
                    vertices_needed
                } else {
                    Some((instances as u64).div_ceil(a.divisor as u64) + base_instance as u64)
                };
                let element_size = a.element_size() as u64;
                let objects = self.share.lock();
                let data = objects.buffers.get(a.buffer).map(|b| &b.data[..]).unwrap_or(&[]);
                robust_vertex_source(data, a.pointer as u64, a.effective_stride() as u64, element_size, needed)
            } else {
                VertexSource::Bound
            };
            let stride = if matches!(source, VertexSource::Zero(_)) { 0 } else { a.effective_stride() };
            input.push_binding(VertexBindingLayout { binding: slot.vk as u8, stride, rate });
            if format.scalar == VertexScalar::F64 {
                // A dvec2 or narrower input takes one location: never read past it.
                if !slot.dual {
                    format.components = format.components.min(2);
                }
                for attribute in double_attributes(slot, format, 0, native_doubles) {
                    input.push_attribute(attribute);
                }
            } else {
                input.push_attribute(VertexAttribute { location: slot.vk as u8, binding: slot.vk as u8, format, offset: 0 });
            }
            if slot.dual && !(format.scalar == VertexScalar::F64 && format.components > 2) {
                // The second location of a dvec3/dvec4 the array does not reach: z = 0, w = 1.
                let offset = constant_bytes.len() as u64;
                constant_bytes.extend([0.0f64, 1.0].iter().flat_map(|d| d.to_ne_bytes()));
                let upper = InputSlot { vk: slot.vk + 1, dual: false, ..*slot };
                constant_attributes.push((slot.vk + 1, offset, double_attributes(&upper, VertexFormat::new(VertexScalar::F64, 2), 0, native_doubles)));
            }
            if a.buffer == 0 {
                // A client-side array: copy the elements this draw reads.
                if a.pointer == 0 {
                    return Err(RecordError::Gl(GL_INVALID_OPERATION));
                }
                let elements = if a.divisor == 0 {
                    self.vertices_read(first, count, base_vertex, indices, element_buffer)?
                } else {
                    (instances as u64).div_ceil(a.divisor as u64) + base_instance as u64
                };
                let element_size = a.element_size() as u64;
                let bytes = (elements.max(1) - 1) * a.effective_stride() as u64 + element_size;
                // SAFETY: GL requires a client array to hold every element a draw reads.
                let data = unsafe { std::slice::from_raw_parts(a.pointer as *const u8, bytes as usize) };
                let (buffer, offset) = self.temporary_buffer(data)?;
                vertex_buffers.push((slot.vk, buffer, offset));
                continue;
            }
            match source {
                VertexSource::Bound => {
                    let buffer = self.gpu_buffer(a.buffer)?.ok_or(RecordError::Gl(GL_INVALID_OPERATION))?;
                    vertex_buffers.push((slot.vk, buffer, a.pointer as u64));
                }
                VertexSource::Padded(data) | VertexSource::Zero(data) => {
                    let (buffer, offset) = self.temporary_buffer(&data)?;
                    vertex_buffers.push((slot.vk, buffer, offset));
                }
            }
        }
        // Disabled arrays read the current generic attribute: a stride-0 binding.
        if !constant_attributes.is_empty() {
            let (buffer, base) = self.temporary_buffer(&constant_bytes)?;
            for (binding, offset, attributes) in constant_attributes {
                input.push_binding(VertexBindingLayout { binding: binding as u8, stride: 0, rate: InputRate::Vertex });
                for attribute in attributes {
                    input.push_attribute(attribute);
                }
                vertex_buffers.push((binding, buffer.clone(), base + offset));
            }
        }

        // GL state the shaders read as built-in uniforms.
        let samples = targets.samples();
        self.write_builtin_uniforms(&mut exe, targets.extent.1, samples);
        // The default uniform block.
        let mut uniform_buffers: Vec<(u32, u32, GpuBuffer, u64, u64)> = Vec::new();
        if let Some((buffer, offset, size)) = self.default_uniform_buffer(&mut exe)? {
            uniform_buffers.push((0, 0, buffer, offset, size));
        }
        // Uniform blocks, from the GL binding points their index maps to.
        for block in &exe.interface.uniform_blocks {
            let point = exe.block_bindings.get(block.index as usize).copied().unwrap_or(0);
            let binding = self.bindings.uniform_buffers.get(point as usize).copied().unwrap_or_default();
            if binding.buffer == 0 {
                return Err(RecordError::Gl(GL_INVALID_OPERATION));
            }
            let (buffer, offset, size) = self.bound_range(binding)?;
            let (binding, element) = crate::draw_path::descriptor_arrays::uniform_block_descriptor(&exe.interface, block);
            uniform_buffers.push((binding, element, buffer, offset, size));
        }
        // Samplers: binding 128 + s, one descriptor per array element.
        let sampler_slots = sampler_slots(&exe);
        let images = self.image_resources(&exe)?;
        let storage = self.storage_buffer_resources(&exe)?;
        let emulated_capture = if emulated.is_some() || exe.gs_emulation.is_some() { None } else { self.emulated_capture_for_draw(&exe, topology, first, count, instances, base_vertex, base_instance, indices, element_buffer, restart)? };
        let program_id = exe.gpu.id();
        let may_clamp = exe.variants.may_clamp();
        // glShadeModel(GL_FLAT) applies to a compatibility program's colour varyings.
        let flat_colors = exe.variants.has_flat_colors() && self.state.raster.shade_model == GL_FLAT;
        let (writes_color_varyings, has_clamped_colors) = (exe.variants.writes_color_varyings(), exe.variants.has_clamped_colors());
        let plain = emulated.and_then(|e| e.program).unwrap_or(&exe.gpu).clone();
        let gs_emulation = exe.gs_emulation.clone();
        drop(exe);
        let (textures, tex_clamp) = self.draw_textures(&sampler_slots, program_id, may_clamp)?;
        // Draws that need no variant take the program as read under the lock above.
        // Only programs with colour outputs glClampColor acts on look at the buffers' formats.
        let clamp = (writes_color_varyings || has_clamped_colors).then(|| self.state.color_clamp.for_draw(targets.colors.iter().flatten().map(|v| v.format())));
        let key = VariantKey {
            flat_colors,
            tex_clamp,
            unclamped_vertex_colors: writes_color_varyings && clamp.is_some_and(|c| !c.vertex),
            clamped_fragment_colors: has_clamped_colors && clamp.is_some_and(|c| c.fragment_in_shader),
            // Compatibility programs (those glClampColor acts on) take the alpha test.
            alpha_test: self.alpha_test_for_programs().filter(|_| has_clamped_colors),
        };
        let gpu_program = if key.is_plain() || emulated.is_some_and(|e| e.program.is_some()) {
            plain
        } else {
            let mut exe = executable.lock().unwrap_or_else(|p| p.into_inner());
            self.program_variant(&mut exe.variants, &plain, &key)
        };
        let texel_buffers = self.buffer_textures(&sampler_slots)?;

        // Index buffer.
        let index_buffer = match indices {
            Some(i) => {
                let index_type = match i.ty {
                    GL_UNSIGNED_BYTE => IndexType::U8,
                    GL_UNSIGNED_SHORT => IndexType::U16,
                    _ => IndexType::U32,
                };
                let name = element_buffer;
                if name == 0 {
                    // Client-side indices (compatibility profiles and GLES).
                    if i.offset == 0 {
                        return Err(RecordError::Gl(GL_INVALID_OPERATION));
                    }
                    let bytes = count as usize * index_size(i.ty);
                    // SAFETY: GL requires client indices to hold `count` indices.
                    let data = unsafe { std::slice::from_raw_parts(i.offset as *const u8, bytes) };
                    let (buffer, offset) = self.temporary_buffer(data)?;
                    Some((buffer, offset, index_type))
                } else {
                    let buffer = self.gpu_buffer(name)?.ok_or(RecordError::Gl(GL_INVALID_OPERATION))?;
                    Some((buffer, i.offset as u64, index_type))
                }
            }
            None => None,
        };

        let has_depth = targets.depth_stencil.as_ref().is_some_and(|v| v.format().has_depth());
        let has_stencil = targets.depth_stencil.as_ref().is_some_and(|v| v.format().has_stencil());
        let mut state = self.render_state(topology, has_depth, has_stencil, restart, samples);
        let records_only = emulated.is_some_and(|e| e.records_only);
        state.raster.rasterizer_discard |= records_only;
        // GL skips alpha to coverage and alpha to one when draw buffer 0 is an integer one.
        let first_is_integer = targets.colors.first().and_then(Option::as_ref).is_some_and(|v| matches!(v.format().class(), vk_backend::FormatClass::Uint | vk_backend::FormatClass::Sint));
        if first_is_integer {
            state.blend.alpha_to_coverage = false;
            state.blend.alpha_to_one = false;
        }
        let (viewports, scissors, viewport_count) = self.draw_viewports(targets.extent);
        let (viewports, scissors) = (&viewports[..viewport_count], &scissors[..viewport_count]);
        let vb: Vec<VertexBufferBinding> =
            vertex_buffers.iter().map(|(binding, buffer, offset)| VertexBufferBinding { binding: *binding, buffer, offset: *offset }).collect();
        let mut resources: Vec<ResourceBinding> = uniform_buffers
            .iter()
            .map(|(binding, element, buffer, offset, size)| ResourceBinding {
                binding: *binding,
                array_index: *element,
                resource: BoundResource::UniformBuffer { buffer, offset: *offset, size: *size },
            })
            .collect();
        resources.extend(textures.iter().map(|(binding, element, view, sampler)| ResourceBinding {
            binding: *binding,
            array_index: *element,
            resource: BoundResource::CombinedImageSampler { view, sampler },
        }));
        resources.extend(texel_buffers.iter().map(|(binding, element, view)| ResourceBinding {
            binding: *binding,
            array_index: *element,
            resource: BoundResource::UniformTexelBuffer { view },
        }));
        resources.extend(storage.iter().map(crate::draw_path::dispatch::OwnedResource::binding));
        resources.extend(emulated_capture.iter().flat_map(|c| c.resources.iter().map(crate::draw_path::dispatch::OwnedResource::binding)));
        resources.extend(emulated.iter().flat_map(|e| e.resources.iter().map(crate::draw_path::dispatch::OwnedResource::binding)));
        resources.extend(images.iter().map(|(binding, element, resource)| ResourceBinding { binding: *binding, array_index: *element, resource: resource.bound() }));
        let capture = if records_only { None } else { self.capture_for_draw()? };
        let count_source = self.captured_count_source();
        // The records draw of emulated tessellation runs before any geometry shader.
        if let Some(emulation) = gs_emulation.as_ref().filter(|_| !records_only) {
            let draw = crate::draw_path::gs_emulation::EmulatedGsDraw {
                targets: &targets,
                topology,
                vertex_input: &input,
                vertex_buffers: &vb,
                index_buffer: index_buffer.as_ref().map(|(buffer, offset, index_type)| IndexBinding { buffer, offset: *offset, index_type: *index_type }),
                state: &state,
                viewports,
                scissors,
                resources: &resources,
                raster_program: &gpu_program,
                capture: capture.as_ref().map(|c| c.as_draw()),
                first,
                count,
                instances,
                base_vertex,
                base_instance,
                indices,
                element_buffer,
                restart,
            };
            self.draw_emulated_geometry(emulation, &draw)?;
            if capture.is_some() {
                self.capture_recorded();
            }
            return Ok(());
        }
        let record = DrawRecord {
            program: &gpu_program,
            vertex_input: &input,
            state: &state,
            viewports,
            scissors,
            vertex_buffers: &vb,
            index_buffer: index_buffer.as_ref().map(|(buffer, offset, index_type)| IndexBinding { buffer, offset: *offset, index_type: *index_type }),
            resources: &resources,
            counts: DrawCounts {
                count: count as u32,
                instance_count: instances as u32,
                first: first as u32,
                base_vertex,
                base_instance,
            },
            xfb: capture.as_ref().map(|c| c.as_draw()),
            captured_count: crate::objects::transform_feedback_draw::captured_count(&count_source),
        };
        self.stream.set_render_targets(&targets)?;
        self.stream.draw(&record)?;
        if capture.is_some() {
            self.capture_recorded();
        }
        drop(resources);
        if let Some(copy) = emulated_capture.and_then(|c| c.copy) {
            self.finish_emulated_capture(copy)?;
        }
        Ok(())
    }
}

fn index_size(ty: GLenum) -> usize {
    match ty {
        GL_UNSIGNED_BYTE => 1,
        GL_UNSIGNED_SHORT => 2,
        _ => 4,
    }
}

/// Vertices gathered by glBegin/glEnd: `slots` vec4s per vertex (one per attribute
/// location), drawn in `order`.
#[derive(Clone, Copy)]
pub(crate) struct ImmediateVertices<'a> {
    vertices: &'a [[f32; 4]],
    slots: usize,
    order: &'a [usize],
}

/// Where a program's default uniform block was last streamed: valid for further draws of
/// the same contents while the upload ring stays in `epoch`.
#[derive(Clone)]
pub struct UploadedUniforms {
    pub buffer: GpuBuffer,
    pub offset: u64,
    pub generation: u64,
    pub epoch: u64,
}

impl ContextState {
    /// The program's default uniform block on the GPU as (buffer, offset, size): streamed
    /// through the upload ring when a uniform changed since the last upload or the ring has
    /// moved on, otherwise the last upload again; `None` for a program without plain
    /// uniforms.
    pub(crate) fn default_uniform_buffer(&mut self, exe: &mut crate::objects::program_link::LinkedProgram) -> Result<Option<(GpuBuffer, u64, u64)>, vk_backend::Error> {
        if exe.uniform_data.is_empty() {
            return Ok(None);
        }
        let size = exe.uniform_data.len() as u64;
        let epoch = self.stream.upload_epoch();
        if let Some(u) = exe.uniform_gpu.as_ref().filter(|u| u.generation == exe.uniform_generation && u.epoch == epoch) {
            return Ok(Some((u.buffer.clone(), u.offset, size)));
        }
        let (buffer, offset) = self.stream.stream_upload(&exe.uniform_data)?;
        let epoch = self.stream.upload_epoch();
        exe.uniform_gpu = Some(UploadedUniforms { buffer: buffer.clone(), offset, generation: exe.uniform_generation, epoch });
        Ok(Some((buffer, offset, size)))
    }
}

/// A sampler uniform's array element: (binding, element, texture unit, sampler type).
pub(crate) type SamplerSlot = (u32, u32, u32, GLenum);

/// Every sampler element of the program, read while its lock is held.
pub(crate) fn sampler_slots(exe: &crate::objects::program_link::LinkedProgram) -> Vec<SamplerSlot> {
    let mut slots = Vec::new();
    for u in exe.interface.uniforms.iter().filter(|u| !crate::draw_path::images::is_image_type(u.gl_type)) {
        let Some(base) = u.sampler_index else { continue };
        let Some((binding, first)) = crate::draw_path::descriptor_arrays::descriptor_of(&exe.interface, u) else { continue };
        for element in 0..u.array_size.max(1) {
            let s = (base + element) as usize;
            let unit = exe.sampler_units.get(s).copied().unwrap_or(0);
            let sampler_type = exe.sampler_types.get(s).copied().unwrap_or(GL_SAMPLER_2D);
            slots.push((binding, first + element, unit, sampler_type));
        }
    }
    slots
}

impl ContextState {
    /// The view and sampler each sampler element reads, for draws and dispatches alike;
    /// `clamp_key` says which coordinates the program variant clamps for GL_CLAMP.
    pub(crate) fn sampled_textures(&mut self, slots: &[SamplerSlot], clamp_key: &ClampKey) -> Result<Vec<(u32, u32, ImageView, Sampler)>, vk_backend::Error> {
        let views = self.sample_views(slots)?;
        self.samplers_for(views, clamp_key)
    }

    /// The textures of a draw and the GL_CLAMP key of the program variant that reads them.
    /// The key is worked out again only after texture or sampler state changed
    /// (`Dirty::TEXTURES`) or the program did; programs that cannot meet GL_CLAMP (core and
    /// ES contexts reject it) have the empty key.
    pub(crate) fn draw_textures(&mut self, slots: &[SamplerSlot], program_id: u64, may_clamp: bool) -> Result<(Vec<(u32, u32, ImageView, Sampler)>, ClampKey), vk_backend::Error> {
        let views = self.sample_views(slots)?;
        let stale = self.state.dirty.take(Dirty::TEXTURES) || self.tex_clamp_key.as_ref().is_none_or(|(id, _)| *id != program_id);
        if stale {
            let key = if may_clamp { clamp_key(&views) } else { ClampKey::new() };
            self.tex_clamp_key = Some((program_id, key));
        }
        let key = self.tex_clamp_key.as_ref().map(|(_, k)| k.clone()).unwrap_or_default();
        Ok((self.samplers_for(views, &key)?, key))
    }

    fn sample_views(&mut self, slots: &[SamplerSlot]) -> Result<Vec<SampleView>, vk_backend::Error> {
        let mut views = Vec::with_capacity(slots.len());
        for &(binding, element, unit, sampler_type) in slots.iter().filter(|s| !crate::draw_path::buffer_textures::is_buffer_sampler(s.3)) {
            let (view, state, stored) = self.texture_sample_view(unit, sampler_type)?;
            let kind = crate::objects::texture_target::sampler_type_target(sampler_type).1;
            views.push(SampleView { binding, element, view, state, stored, kind });
        }
        Ok(views)
    }

    fn samplers_for(&mut self, views: Vec<SampleView>, clamp_key: &ClampKey) -> Result<Vec<(u32, u32, ImageView, Sampler)>, vk_backend::Error> {
        views
            .into_iter()
            .map(|v| {
                let shader_clamp = clamp_key.iter().find(|(b, _)| *b == v.binding).map_or(0, |(_, m)| *m);
                let texture = SampledTexture { stored: v.stored, kind: v.kind, shader_clamp };
                let sampler = Sampler::new(&self.device, &map_sampler(&v.state, &texture))?;
                Ok((v.binding, v.element, v.view, sampler))
            })
            .collect()
    }
}

/// One sampler element's view and the state it samples with.
struct SampleView {
    binding: u32,
    element: u32,
    view: ImageView,
    state: SamplerState,
    stored: [gl_formats::Swizzle; 4],
    kind: crate::objects::texture_target::SampleKind,
}

/// Per sampler binding, the coordinates the shader clamps for GL_CLAMP: what a program
/// variant is built for. An array binding clamps only where all its elements agree.
fn clamp_key(views: &[SampleView]) -> ClampKey {
    let mut key: ClampKey = Vec::new();
    for v in views {
        let mask = clamp_mask(&v.state);
        match key.iter_mut().find(|(b, _)| *b == v.binding) {
            Some((_, m)) => *m &= mask,
            None => key.push((v.binding, mask)),
        }
    }
    key.retain(|(_, m)| *m != 0);
    key
}
