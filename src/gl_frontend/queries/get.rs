//! glGet{Boolean,Integer,Integer64,Float,Double}v and their indexed forms: each pname's
//! value is looked up once as a `Value`, then converted to the type asked for by GL's rules.

use crate::pixels::HostTexels;
use crate::context::ContextState;
use crate::state::enables::Cap;
use crate::types::enums::*;
use crate::types::*;
use crate::version::{Api, Profile};

/// A queried value of up to four components.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Value {
    Int([i64; 4], usize),
    /// Floats; `normalized` ones (colours, depth values) map to the full integer range
    /// when queried as integers.
    Float { v: [f64; 4], n: usize, normalized: bool },
    Bool([bool; 4], usize),
    /// A 4x4 matrix, column-major (the matrix-stack queries).
    Matrix([f64; 16]),
    /// A list of up to 16 enums (GL_COMPRESSED_TEXTURE_FORMATS).
    Enums([i64; 16], usize),
}

impl Value {
    pub(crate) fn int(v: impl Into<i64>) -> Value {
        Value::Int([v.into(), 0, 0, 0], 1)
    }
    pub(crate) fn ints<const N: usize>(v: [i64; N]) -> Value {
        let mut out = [0; 4];
        out[..N].copy_from_slice(&v);
        Value::Int(out, N)
    }
    pub(crate) fn float(v: f64) -> Value {
        Value::Float { v: [v, 0.0, 0.0, 0.0], n: 1, normalized: false }
    }
    pub(crate) fn floats<const N: usize>(v: [f64; N], normalized: bool) -> Value {
        let mut out = [0.0; 4];
        out[..N].copy_from_slice(&v);
        Value::Float { v: out, n: N, normalized }
    }
    pub(crate) fn boolean(b: bool) -> Value {
        Value::Bool([b, false, false, false], 1)
    }

    pub(crate) fn len(&self) -> usize {
        match *self {
            Value::Int(_, n) | Value::Float { n, .. } | Value::Bool(_, n) => n,
            Value::Matrix(_) => 16,
            Value::Enums(_, n) => n,
        }
    }

    pub(crate) fn as_i64(&self, i: usize) -> i64 {
        match *self {
            Value::Int(v, _) => v[i],
            Value::Bool(v, _) => v[i] as i64,
            // GL maps [-1, 1] linearly onto the integer range for normalized values.
            Value::Float { v, normalized: true, .. } => {
                let max = i32::MAX as f64;
                (v[i].clamp(-1.0, 1.0) * max).round() as i64
            }
            Value::Float { v, .. } => v[i].round() as i64,
            Value::Matrix(m) => m[i].round() as i64,
            Value::Enums(v, _) => v[i],
        }
    }

    pub(crate) fn as_i32(&self, i: usize) -> i32 {
        self.as_i64(i).clamp(i32::MIN as i64, i32::MAX as i64) as i32
    }

    pub(crate) fn as_f64(&self, i: usize) -> f64 {
        match *self {
            Value::Int(v, _) => v[i] as f64,
            Value::Bool(v, _) => v[i] as u8 as f64,
            Value::Float { v, .. } => v[i],
            Value::Matrix(m) => m[i],
            Value::Enums(v, _) => v[i] as f64,
        }
    }

    pub(crate) fn as_bool(&self, i: usize) -> bool {
        match *self {
            Value::Int(v, _) => v[i] != 0,
            Value::Bool(v, _) => v[i],
            Value::Float { v, .. } => v[i] != 0.0,
            Value::Matrix(m) => m[i] != 0.0,
            Value::Enums(v, _) => v[i] != 0,
        }
    }
}

impl ContextState {
    /// The value of a non-indexed pname; `None` is GL_INVALID_ENUM.
    pub(crate) fn get_value(&self, pname: GLenum) -> Option<Value> {
        if let Some(v) = self.compute_value(pname) {
            return Some(v);
        }
        if let Some(v) = self.multisample_value(pname) {
            return Some(v);
        }
        if let Some(v) = self.atomic_counter_value(pname) {
            return Some(v);
        }
        if let Some(v) = self.arb_program_value(pname) {
            return Some(v);
        }
        if let Some(v) = self.transform_feedback_value(pname) {
            return Some(Value::int(v));
        }
        if let Some(clamp) = self.color_clamp_value(pname) {
            return Some(Value::int(clamp));
        }
        if let Some(v) = self.clamped_color_query(pname) {
            return Some(v);
        }
        let s = &self.state;
        let l = &self.limits;
        let b = &self.bindings;
        let blend0 = s.blend.targets[0];
        let ds = &s.depth_stencil;
        let r = &s.raster;
        let v = match pname {
            // Viewport, scissor, depth range.
            GL_VIEWPORT => {
                let [x, y, w, h] = s.viewport.viewport();
                Value::floats([x as f64, y as f64, w as f64, h as f64], false)
            }
            GL_SCISSOR_BOX => {
                let [x, y, w, h] = s.viewport.scissor();
                Value::ints([x as i64, y as i64, w as i64, h as i64])
            }
            GL_DEPTH_RANGE => Value::floats(s.viewport.depth_range(), true),
            GL_CLIP_ORIGIN if !self.is_gles() => Value::int(s.clip_control.origin),
            GL_CLIP_DEPTH_MODE if !self.is_gles() => Value::int(s.clip_control.depth_mode),
            // Clear values.
            GL_COLOR_CLEAR_VALUE => Value::floats(s.clear.color.map(f64::from), true),
            GL_DEPTH_CLEAR_VALUE => Value::Float { v: [s.clear.depth, 0.0, 0.0, 0.0], n: 1, normalized: true },
            GL_STENCIL_CLEAR_VALUE => Value::int(s.clear.stencil),
            // Blending.
            GL_BLEND_SRC_RGB => Value::int(blend0.src_rgb),
            GL_BLEND_DST_RGB => Value::int(blend0.dst_rgb),
            GL_BLEND_SRC_ALPHA => Value::int(blend0.src_alpha),
            GL_BLEND_DST_ALPHA => Value::int(blend0.dst_alpha),
            GL_BLEND_EQUATION_RGB => Value::int(blend0.equation_rgb),
            GL_BLEND_EQUATION_ALPHA => Value::int(blend0.equation_alpha),
            GL_BLEND_COLOR => Value::floats(s.blend.color.map(f64::from), true),
            GL_COLOR_WRITEMASK => {
                let m = blend0.color_mask;
                Value::Bool([m & 1 != 0, m & 2 != 0, m & 4 != 0, m & 8 != 0], 4)
            }
            // Depth and stencil.
            GL_DEPTH_FUNC => Value::int(ds.depth_func),
            GL_DEPTH_WRITEMASK => Value::boolean(ds.depth_write),
            GL_STENCIL_FUNC => Value::int(ds.front.func),
            GL_STENCIL_REF => Value::int(ds.front.reference),
            GL_STENCIL_VALUE_MASK => Value::int(ds.front.value_mask as i32),
            GL_STENCIL_WRITEMASK => Value::int(ds.front.write_mask as i32),
            GL_STENCIL_FAIL => Value::int(ds.front.fail),
            GL_STENCIL_PASS_DEPTH_FAIL => Value::int(ds.front.depth_fail),
            GL_STENCIL_PASS_DEPTH_PASS => Value::int(ds.front.pass),
            GL_STENCIL_BACK_FUNC => Value::int(ds.back.func),
            GL_STENCIL_BACK_REF => Value::int(ds.back.reference),
            GL_STENCIL_BACK_VALUE_MASK => Value::int(ds.back.value_mask as i32),
            GL_STENCIL_BACK_WRITEMASK => Value::int(ds.back.write_mask as i32),
            GL_STENCIL_BACK_FAIL => Value::int(ds.back.fail),
            GL_STENCIL_BACK_PASS_DEPTH_FAIL => Value::int(ds.back.depth_fail),
            GL_STENCIL_BACK_PASS_DEPTH_PASS => Value::int(ds.back.pass),
            // Rasterisation.
            GL_CULL_FACE_MODE => Value::int(r.cull_face),
            GL_FRONT_FACE => Value::int(r.front_face),
            GL_POLYGON_OFFSET_FACTOR => Value::float(r.polygon_offset_factor as f64),
            GL_POLYGON_OFFSET_UNITS => Value::float(r.polygon_offset_units as f64),
            GL_POLYGON_OFFSET_CLAMP => Value::float(r.polygon_offset_clamp as f64),
            GL_LINE_WIDTH => Value::float(r.line_width as f64),
            GL_POINT_SIZE => Value::float(r.point_size as f64),
            GL_LOGIC_OP_MODE if !self.is_gles() => Value::int(s.blend.logic_op),
            GL_PROVOKING_VERTEX if !self.is_gles() => Value::int(r.provoking_vertex),
            // Quads (compatibility only) take their provoking vertex by the convention
            // (draw_path/provoking_vertex.rs).
            GL_QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION if !self.is_gles() && !self.is_core() => Value::boolean(true),
            GL_POLYGON_MODE if !self.is_gles() => Value::ints([r.polygon_mode as i64, r.polygon_mode as i64]),
            // Bindings.
            GL_ARRAY_BUFFER_BINDING => Value::int(b.array_buffer),
            GL_ELEMENT_ARRAY_BUFFER_BINDING => {
                Value::int(self.vertex_arrays.get(b.vertex_array).map_or(0, |v| v.element_buffer))
            }
            GL_COPY_READ_BUFFER_BINDING => Value::int(b.copy_read_buffer),
            GL_COPY_WRITE_BUFFER_BINDING => Value::int(b.copy_write_buffer),
            GL_PIXEL_PACK_BUFFER_BINDING => Value::int(b.pixel_pack_buffer),
            GL_QUERY_BUFFER_BINDING => Value::int(b.query_buffer),
            GL_DRAW_INDIRECT_BUFFER_BINDING => Value::int(b.draw_indirect_buffer),
            GL_TEXTURE_BUFFER_BINDING => Value::int(b.texture_buffer),
            GL_PRIMITIVE_RESTART_INDEX if !self.is_gles() => Value::int(self.state.primitive_restart_index),
            GL_PARAMETER_BUFFER_BINDING if !self.is_gles() => Value::int(b.parameter_buffer),
            GL_PIXEL_UNPACK_BUFFER_BINDING => Value::int(b.pixel_unpack_buffer),
            GL_UNIFORM_BUFFER_BINDING => Value::int(b.uniform_buffer),
            GL_VERTEX_ARRAY_BINDING => Value::int(b.vertex_array),
            GL_CURRENT_PROGRAM => Value::int(b.program),
            GL_PROGRAM_PIPELINE_BINDING => Value::int(b.program_pipeline),
            GL_ACTIVE_TEXTURE => Value::int(GL_TEXTURE0 + b.active_texture),
            GL_SAMPLER_BINDING => Value::int(b.samplers[b.active_texture as usize]),
            GL_DRAW_FRAMEBUFFER_BINDING => Value::int(b.draw_framebuffer),
            GL_READ_FRAMEBUFFER_BINDING => Value::int(b.read_framebuffer),
            GL_READ_BUFFER => Value::int(self.read_buffer()),
            GL_DRAW_BUFFER if !self.is_gles() => Value::int(self.draw_buffer(0)),
            p if (GL_DRAW_BUFFER0..GL_DRAW_BUFFER0 + self.limits.max_draw_buffers).contains(&p) => Value::int(self.draw_buffer((p - GL_DRAW_BUFFER0) as usize)),
            GL_RENDERBUFFER_BINDING => Value::int(b.renderbuffer),
            p if crate::objects::texture::TARGETS.iter().any(|&t| texture_binding_pname(t) == p) => {
                let i = crate::objects::texture::TARGETS.iter().position(|&t| texture_binding_pname(t) == p)?;
                Value::int(b.textures[b.active_texture as usize][i])
            }
            // Pixel store.
            GL_PACK_ALIGNMENT => Value::int(b.pack.alignment),
            GL_PACK_ROW_LENGTH => Value::int(b.pack.row_length),
            GL_PACK_SKIP_ROWS => Value::int(b.pack.skip_rows),
            GL_PACK_SKIP_PIXELS => Value::int(b.pack.skip_pixels),
            GL_UNPACK_ALIGNMENT => Value::int(b.unpack.alignment),
            GL_UNPACK_ROW_LENGTH => Value::int(b.unpack.row_length),
            GL_UNPACK_SKIP_ROWS => Value::int(b.unpack.skip_rows),
            GL_UNPACK_SKIP_PIXELS => Value::int(b.unpack.skip_pixels),
            GL_UNPACK_IMAGE_HEIGHT => Value::int(b.unpack.image_height),
            GL_UNPACK_SKIP_IMAGES => Value::int(b.unpack.skip_images),
            // Context.
            GL_MAJOR_VERSION => Value::int(self.version.0),
            GL_MINOR_VERSION => Value::int(self.version.1),
            GL_NUM_EXTENSIONS => Value::int(self.strings.extension_list.len() as i64),
            GL_CONTEXT_FLAGS => {
                let mut flags = 0;
                if self.config.forward_compatible && self.api == Api::Gl {
                    flags |= GL_CONTEXT_FLAG_FORWARD_COMPATIBLE_BIT;
                }
                if self.config.debug {
                    flags |= GL_CONTEXT_FLAG_DEBUG_BIT;
                }
                if self.config.robust {
                    flags |= GL_CONTEXT_FLAG_ROBUST_ACCESS_BIT;
                }
                Value::int(flags)
            }
            GL_RESET_NOTIFICATION_STRATEGY => Value::int(if self.config.lose_context_on_reset {
                GL_LOSE_CONTEXT_ON_RESET
            } else {
                GL_NO_RESET_NOTIFICATION
            }),
            GL_CONTEXT_PROFILE_MASK if self.api == Api::Gl => Value::int(match self.profile {
                Profile::Core => GL_CONTEXT_CORE_PROFILE_BIT,
                Profile::Compatibility => GL_CONTEXT_COMPATIBILITY_PROFILE_BIT,
            }),
            GL_DOUBLEBUFFER => Value::boolean(false),
            GL_SHADER_COMPILER => Value::boolean(true),
            // SPIR-V (GL 4.6, GL_ARB_gl_spirv) is the one shader binary format.
            GL_NUM_SHADER_BINARY_FORMATS if self.spirv_supported() => Value::int(1),
            GL_SHADER_BINARY_FORMATS if self.spirv_supported() => Value::int(GL_SHADER_BINARY_FORMAT_SPIR_V),
            // No SPIR-V extension is accepted in modules (GL_ARB_spirv_extensions' list).
            GL_NUM_SPIR_V_EXTENSIONS if self.spirv_supported() => Value::int(0),
            GL_NUM_COMPRESSED_TEXTURE_FORMATS => Value::int(self.general_compressed_formats().len() as i64),
            GL_COMPRESSED_TEXTURE_FORMATS => {
                let formats = self.general_compressed_formats();
                let mut list = [0i64; 16];
                for (slot, &f) in list.iter_mut().zip(&formats) {
                    *slot = f as i64;
                }
                Value::Enums(list, formats.len().min(16))
            }
            GL_NUM_SHADER_BINARY_FORMATS | GL_NUM_PROGRAM_BINARY_FORMATS => Value::int(0),
            // The lists those counts count: empty, so a query writes nothing.
            GL_SHADER_BINARY_FORMATS | GL_PROGRAM_BINARY_FORMATS => Value::ints([]),
            GL_IMPLEMENTATION_COLOR_READ_FORMAT => Value::int(GL_RGBA),
            GL_IMPLEMENTATION_COLOR_READ_TYPE => Value::int(GL_UNSIGNED_BYTE),
            // Limits.
            GL_MAX_TEXTURE_SIZE => Value::int(l.max_texture_size),
            GL_MAX_3D_TEXTURE_SIZE => Value::int(l.max_3d_texture_size),
            GL_MAX_CUBE_MAP_TEXTURE_SIZE => Value::int(l.max_cube_map_texture_size),
            GL_MAX_RECTANGLE_TEXTURE_SIZE => Value::int(l.max_texture_size),
            GL_MAX_ARRAY_TEXTURE_LAYERS => Value::int(l.max_array_texture_layers),
            GL_MAX_RENDERBUFFER_SIZE => Value::int(l.max_renderbuffer_size),
            GL_MAX_VIEWPORT_DIMS => Value::ints(l.max_viewport_dims.map(i64::from)),
            GL_MAX_VIEWPORTS if !self.is_gles() => Value::int(l.max_viewports),
            GL_VIEWPORT_BOUNDS_RANGE if !self.is_gles() => Value::floats(l.viewport_bounds_range.map(f64::from), false),
            GL_VIEWPORT_SUBPIXEL_BITS if !self.is_gles() => Value::int(l.viewport_subpixel_bits),
            // Which vertex's gl_Layer and gl_ViewportIndex a primitive takes is not promised.
            GL_LAYER_PROVOKING_VERTEX | GL_VIEWPORT_INDEX_PROVOKING_VERTEX if !self.is_gles() => Value::int(GL_UNDEFINED_VERTEX),
            GL_MAX_VERTEX_ATTRIBS => Value::int(l.max_vertex_attribs),
            GL_MAX_VERTEX_ATTRIB_STRIDE => Value::int(l.max_vertex_attrib_stride),
            GL_MAX_VERTEX_ATTRIB_RELATIVE_OFFSET => Value::int(l.max_vertex_attrib_relative_offset),
            GL_MAX_VERTEX_ATTRIB_BINDINGS => Value::int(l.max_vertex_attrib_bindings),
            GL_MAX_TEXTURE_IMAGE_UNITS => Value::int(l.max_texture_image_units),
            GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS => Value::int(l.max_combined_texture_image_units),
            GL_MAX_VERTEX_TEXTURE_IMAGE_UNITS => Value::int(l.max_vertex_texture_image_units),
            GL_MAX_UNIFORM_BUFFER_BINDINGS => Value::int(l.max_uniform_buffer_bindings),
            GL_MAX_UNIFORM_BLOCK_SIZE => Value::int(l.max_uniform_block_size),
            GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT => Value::int(l.uniform_buffer_offset_alignment),
            GL_MAX_VERTEX_UNIFORM_BLOCKS => Value::int(l.max_vertex_uniform_blocks),
            GL_MAX_FRAGMENT_UNIFORM_BLOCKS => Value::int(l.max_fragment_uniform_blocks),
            GL_MAX_COMBINED_UNIFORM_BLOCKS => Value::int(l.max_combined_uniform_blocks),
            GL_MAX_SUBROUTINES => Value::int(glsl::link_subroutine::MAX_SUBROUTINES as i64),
            GL_MAX_SUBROUTINE_UNIFORM_LOCATIONS => Value::int(glsl::link_subroutine::MAX_SUBROUTINE_UNIFORM_LOCATIONS as i64),
            GL_MAX_VERTEX_UNIFORM_COMPONENTS => Value::int(l.max_vertex_uniform_components),
            GL_MAX_FRAGMENT_UNIFORM_COMPONENTS => Value::int(l.max_fragment_uniform_components),
            // A stage's default block and every uniform block it may use, in components.
            GL_MAX_COMBINED_VERTEX_UNIFORM_COMPONENTS => {
                Value::int(l.max_vertex_uniform_components as i64 + l.max_vertex_uniform_blocks as i64 * l.max_uniform_block_size as i64 / 4)
            }
            GL_MAX_COMBINED_FRAGMENT_UNIFORM_COMPONENTS => {
                Value::int(l.max_fragment_uniform_components as i64 + l.max_fragment_uniform_blocks as i64 * l.max_uniform_block_size as i64 / 4)
            }
            GL_MAX_VERTEX_UNIFORM_VECTORS => Value::int(l.max_vertex_uniform_components / 4),
            GL_MAX_FRAGMENT_UNIFORM_VECTORS => Value::int(l.max_fragment_uniform_components / 4),
            GL_MAX_VARYING_COMPONENTS => Value::int(l.max_varying_components),
            GL_MAX_VARYING_VECTORS => Value::int(l.max_varying_components / 4),
            GL_MAX_VERTEX_OUTPUT_COMPONENTS => Value::int(l.max_vertex_output_components),
            GL_MAX_FRAGMENT_INPUT_COMPONENTS => Value::int(l.max_fragment_input_components),
            // Geometry shader limits: GL's minimums, which the GLSL built-in constants
            // (gl_MaxGeometry*) report too.
            GL_MAX_GEOMETRY_INPUT_COMPONENTS => Value::int(64),
            GL_MAX_GEOMETRY_OUTPUT_COMPONENTS => Value::int(128),
            GL_MAX_GEOMETRY_OUTPUT_VERTICES => Value::int(256),
            GL_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS => Value::int(1024),
            GL_MAX_GEOMETRY_TEXTURE_IMAGE_UNITS => Value::int(16),
            GL_MAX_GEOMETRY_UNIFORM_COMPONENTS => Value::int(1024),
            GL_MAX_GEOMETRY_UNIFORM_BLOCKS => Value::int(l.max_vertex_uniform_blocks),
            GL_MAX_COMBINED_GEOMETRY_UNIFORM_COMPONENTS => Value::int(1024 + l.max_vertex_uniform_blocks as i64 * l.max_uniform_block_size as i64 / 4),
            GL_MAX_GEOMETRY_SHADER_INVOCATIONS => Value::int(32),
            GL_MAX_VERTEX_STREAMS => Value::int(4),
            GL_MAX_DRAW_BUFFERS => Value::int(l.max_draw_buffers),
            GL_MAX_DUAL_SOURCE_DRAW_BUFFERS if self.dual_source_blend_offered() => Value::int(crate::limits::MAX_DUAL_SOURCE_DRAW_BUFFERS),
            GL_MAX_COLOR_ATTACHMENTS => Value::int(l.max_color_attachments),
            GL_MAX_SAMPLES => Value::int(l.max_samples),
            GL_MAX_FRAMEBUFFER_WIDTH => Value::int(l.max_framebuffer_width),
            GL_MAX_FRAMEBUFFER_HEIGHT => Value::int(l.max_framebuffer_height),
            GL_MAX_FRAMEBUFFER_LAYERS if !self.is_gles() || self.version >= (3, 2) => Value::int(l.max_framebuffer_layers),
            GL_MAX_FRAMEBUFFER_SAMPLES => Value::int(l.max_framebuffer_samples),
            GL_MAX_CLIP_DISTANCES => Value::int(l.max_clip_distances),
            // ARB_cull_distance: eight of each, eight together (the GLSL constants agree).
            GL_MAX_CULL_DISTANCES | GL_MAX_COMBINED_CLIP_AND_CULL_DISTANCES if !self.is_gles() => Value::int(8),
            GL_MAX_TEXTURE_LOD_BIAS => Value::float(l.max_texture_lod_bias as f64),
            GL_MAX_TEXTURE_MAX_ANISOTROPY => Value::float(l.max_texture_max_anisotropy as f64),
            GL_MIN_PROGRAM_TEXEL_OFFSET => Value::int(l.min_program_texel_offset),
            GL_MAX_PROGRAM_TEXEL_OFFSET => Value::int(l.max_program_texel_offset),
            GL_MIN_PROGRAM_TEXTURE_GATHER_OFFSET => Value::int(l.min_program_texture_gather_offset),
            GL_MAX_PROGRAM_TEXTURE_GATHER_OFFSET => Value::int(l.max_program_texture_gather_offset),
            GL_MAX_PROGRAM_TEXTURE_GATHER_COMPONENTS_ARB if !self.is_gles() => Value::int(l.max_program_texture_gather_components),
            GL_MAX_TEXTURE_BUFFER_SIZE => Value::int(l.max_texture_buffer_size.min(i32::MAX as u32) as i32),
            GL_TEXTURE_BUFFER_OFFSET_ALIGNMENT => Value::int(crate::objects::texture_buffer::TEXTURE_BUFFER_OFFSET_ALIGNMENT as i32),
            GL_ALIASED_LINE_WIDTH_RANGE => Value::floats(l.aliased_line_width_range.map(f64::from), false),
            GL_SMOOTH_LINE_WIDTH_RANGE if !self.is_gles() => Value::floats(l.smooth_line_width_range.map(f64::from), false),
            GL_POINT_SIZE_RANGE | GL_ALIASED_POINT_SIZE_RANGE => Value::floats(l.point_size_range.map(f64::from), false),
            GL_MAX_ELEMENTS_VERTICES => Value::int(l.max_elements_vertices),
            GL_MAX_ELEMENTS_INDICES => Value::int(l.max_elements_indices),
            GL_MAX_ELEMENT_INDEX => Value::int(l.max_element_index),
            GL_SUBPIXEL_BITS => Value::int(l.subpixel_bits),
            GL_MAX_SERVER_WAIT_TIMEOUT => Value::int(l.max_server_wait_timeout as i64),
            GL_DEBUG_GROUP_STACK_DEPTH => Value::int(self.debug_group_depth() as i64),
            GL_DEBUG_LOGGED_MESSAGES => Value::int(self.debug_logged_messages() as i64),
            GL_MAX_DEBUG_MESSAGE_LENGTH | GL_MAX_LABEL_LENGTH => Value::int(1024),
            GL_MAX_DEBUG_LOGGED_MESSAGES | GL_MAX_DEBUG_GROUP_STACK_DEPTH => Value::int(64),
            GL_RED_BITS | GL_GREEN_BITS | GL_BLUE_BITS | GL_ALPHA_BITS | GL_DEPTH_BITS | GL_STENCIL_BITS => {
                Value::int(self.framebuffer_bits(pname))
            }
            GL_RGBA_SIGNED_COMPONENTS_EXT if !self.is_gles() => Value::ints(self.signed_components().map(i64::from)),
            GL_FRAMEBUFFER_SRGB_CAPABLE_EXT if !self.is_gles() => Value::boolean(self.draw_framebuffer_srgb_capable()),
            point if self.point_value(point).is_some() => return self.point_value(point),
            compat if !self.is_core() && !self.is_gles() && self.compatibility_value(compat).is_some() => {
                return self.compatibility_value(compat);
            }
            hint if self.hint_value(hint).is_some() => Value::int(self.hint_value(hint).unwrap_or(GL_DONT_CARE)),
            // Capabilities are queryable through glGet too.
            cap => return self.enabled_value(cap),
        };
        Some(v)
    }

    /// The compatibility profile's matrix stacks, current values and texture enables.
    fn compatibility_value(&self, pname: GLenum) -> Option<Value> {
        use crate::state::current_values::Current;
        use crate::state::matrices::{self as m, MatrixMode};
        let matrix = |mode: MatrixMode, transposed: bool| {
            let top = self.stack_of(mode).top();
            Value::Matrix(if transposed { m::transpose(top) } else { *top })
        };
        let current = |which: Current, n: usize, normalized: bool| {
            let v = self.current_value(which).map(f64::from);
            Value::Float { v, n, normalized }
        };
        let active_unit = GL_TEXTURE0 + self.bindings.active_texture;
        Some(match pname {
            GL_SHADE_MODEL => Value::int(self.state.raster.shade_model as i64),
            GL_MATRIX_MODE => Value::int(self.state.matrices.mode.to_gl() as i64),
            GL_MODELVIEW_MATRIX => matrix(MatrixMode::Modelview, false),
            GL_PROJECTION_MATRIX => matrix(MatrixMode::Projection, false),
            GL_TEXTURE_MATRIX => matrix(MatrixMode::Texture, false),
            GL_COLOR_MATRIX => matrix(MatrixMode::Color, false),
            GL_TRANSPOSE_MODELVIEW_MATRIX => matrix(MatrixMode::Modelview, true),
            GL_TRANSPOSE_PROJECTION_MATRIX => matrix(MatrixMode::Projection, true),
            GL_TRANSPOSE_TEXTURE_MATRIX => matrix(MatrixMode::Texture, true),
            GL_TRANSPOSE_COLOR_MATRIX => matrix(MatrixMode::Color, true),
            GL_MODELVIEW_STACK_DEPTH => Value::int(self.stack_of(MatrixMode::Modelview).depth() as i64),
            GL_PROJECTION_STACK_DEPTH => Value::int(self.stack_of(MatrixMode::Projection).depth() as i64),
            GL_TEXTURE_STACK_DEPTH => Value::int(self.stack_of(MatrixMode::Texture).depth() as i64),
            GL_COLOR_MATRIX_STACK_DEPTH => Value::int(self.stack_of(MatrixMode::Color).depth() as i64),
            GL_MAX_MODELVIEW_STACK_DEPTH => Value::int(m::MAX_MODELVIEW_DEPTH as i64),
            GL_MAX_PROJECTION_STACK_DEPTH => Value::int(m::MAX_PROJECTION_DEPTH as i64),
            GL_MAX_TEXTURE_STACK_DEPTH => Value::int(m::MAX_TEXTURE_DEPTH as i64),
            GL_MAX_COLOR_MATRIX_STACK_DEPTH => Value::int(m::MAX_COLOR_DEPTH as i64),
            GL_MAX_TEXTURE_COORDS => Value::int(m::MAX_TEXTURE_COORDS as i64),
            // The units fixed-function texturing combines (ARB_texture_env_crossbar names them).
            GL_MAX_TEXTURE_UNITS => Value::int(crate::fixed_function::key::TEXTURE_UNITS as i64),
            GL_CURRENT_COLOR => current(Current::Color, 4, true),
            GL_CURRENT_SECONDARY_COLOR => current(Current::SecondaryColor, 4, true),
            GL_CURRENT_NORMAL => current(Current::Normal, 3, true),
            GL_CURRENT_FOG_COORD => current(Current::FogCoord, 1, false),
            GL_CURRENT_TEXTURE_COORDS => current(Current::TexCoord(active_unit), 4, false),
            GL_TEXTURE_BUFFER_DATA_STORE_BINDING | GL_TEXTURE_BUFFER_FORMAT_ARB => Value::int(self.texture_buffer_state(pname)?),
            GL_CLIENT_ACTIVE_TEXTURE => Value::int(GL_TEXTURE0 as i64 + self.client_active_texture as i64),
            cap if crate::state::texture_env::is_texture_enable(cap) => Value::boolean(self.texture_enabled(cap)),
            _ => return self.legacy_value(pname),
        })
    }

    fn enabled_value(&self, cap: GLenum) -> Option<Value> {
        let c = match cap {
            GL_BLEND => Cap::Blend,
            GL_CULL_FACE => Cap::CullFace,
            GL_DEPTH_TEST => Cap::DepthTest,
            GL_STENCIL_TEST => Cap::StencilTest,
            GL_SCISSOR_TEST => Cap::ScissorTest,
            GL_POLYGON_OFFSET_FILL => Cap::PolygonOffsetFill,
            GL_DITHER => Cap::Dither,
            GL_RASTERIZER_DISCARD => Cap::RasterizerDiscard,
            GL_SAMPLE_ALPHA_TO_COVERAGE => Cap::SampleAlphaToCoverage,
            GL_SAMPLE_COVERAGE => Cap::SampleCoverage,
            GL_PRIMITIVE_RESTART_FIXED_INDEX => Cap::PrimitiveRestartFixedIndex,
            GL_MULTISAMPLE if !self.is_gles() => Cap::Multisample,
            GL_PRIMITIVE_RESTART if !self.is_gles() => Cap::PrimitiveRestart,
            GL_FRAMEBUFFER_SRGB if !self.is_gles() => Cap::FramebufferSrgb,
            GL_PROGRAM_POINT_SIZE if !self.is_gles() => Cap::ProgramPointSize,
            GL_DEPTH_CLAMP if !self.is_gles() => Cap::DepthClamp,
            GL_COLOR_LOGIC_OP if !self.is_gles() => Cap::ColorLogicOp,
            GL_DEBUG_OUTPUT => Cap::DebugOutput,
            GL_CLIP_DISTANCE0..=GL_CLIP_DISTANCE7 if cap - GL_CLIP_DISTANCE0 < self.limits.max_clip_distances.min(8) => {
                return Some(Value::boolean(self.state.enables.clip_distances & (1 << (cap - GL_CLIP_DISTANCE0)) != 0));
            }
            _ => return None,
        };
        Some(Value::boolean(self.state.enables.is(c)))
    }

    /// The value of an indexed pname (glGetIntegeri_v and friends); `Err` is the error.
    pub(crate) fn get_indexed_value(&self, pname: GLenum, index: GLuint) -> Result<Value, GLenum> {
        if let Some(v) = self.compute_indexed_value(pname, index) {
            return v;
        }
        if let Some(v) = self.atomic_counter_indexed_value(pname, index) {
            return v;
        }
        if let Some(v) = self.transform_feedback_indexed_value(pname, index) {
            return v.map(Value::int);
        }
        if let Some(v) = self.vertex_binding_indexed_value(pname, index) {
            return v;
        }
        if let Some(v) = self.viewport_indexed_value(pname, index) {
            return v;
        }
        if let Some(v) = self.multisample_indexed_value(pname, index) {
            return v;
        }
        let i = index as usize;
        match pname {
            GL_UNIFORM_BUFFER_BINDING | GL_UNIFORM_BUFFER_START | GL_UNIFORM_BUFFER_SIZE => {
                let binding = self.bindings.uniform_buffers.get(i).ok_or(GL_INVALID_VALUE)?;
                Ok(Value::int(match pname {
                    GL_UNIFORM_BUFFER_BINDING => binding.buffer as i64,
                    GL_UNIFORM_BUFFER_START => binding.offset,
                    _ => binding.size,
                }))
            }
            GL_COLOR_WRITEMASK | GL_BLEND_SRC_RGB | GL_BLEND_DST_RGB | GL_BLEND_SRC_ALPHA | GL_BLEND_DST_ALPHA
            | GL_BLEND_EQUATION_RGB | GL_BLEND_EQUATION_ALPHA => {
                let t = self.state.blend.targets.get(i).ok_or(GL_INVALID_VALUE)?;
                Ok(match pname {
                    GL_COLOR_WRITEMASK => {
                        let m = t.color_mask;
                        Value::Bool([m & 1 != 0, m & 2 != 0, m & 4 != 0, m & 8 != 0], 4)
                    }
                    GL_BLEND_SRC_RGB => Value::int(t.src_rgb),
                    GL_BLEND_DST_RGB => Value::int(t.dst_rgb),
                    GL_BLEND_SRC_ALPHA => Value::int(t.src_alpha),
                    GL_BLEND_DST_ALPHA => Value::int(t.dst_alpha),
                    GL_BLEND_EQUATION_RGB => Value::int(t.equation_rgb),
                    _ => Value::int(t.equation_alpha),
                })
            }
            GL_BLEND => {
                if index >= self.limits.max_draw_buffers {
                    return Err(GL_INVALID_VALUE);
                }
                Ok(Value::boolean(self.state.enables.blend & (1 << index) != 0))
            }
            _ => Err(GL_INVALID_ENUM),
        }
    }

    /// Writes the value of `pname` through `write(i, value)`, or records INVALID_ENUM.
    pub(crate) fn get_into(&mut self, pname: GLenum, mut write: impl FnMut(usize, &Value)) {
        if pname == GL_TIMESTAMP {
            // The device's clock, read after the work so far: it is what glQueryCounter records.
            let now = self.stream.timestamp_now().unwrap_or_else(|e| {
                self.backend_failed(e);
                0
            });
            return write(0, &Value::int(now.min(i64::MAX as u64) as i64));
        }
        if pname == GL_GPU_DISJOINT_EXT && self.is_gles() {
            // One device clock that never jumps: no timer result is ever invalidated.
            return write(0, &Value::boolean(false));
        }
        // Texture coordinate sets end at GL_MAX_TEXTURE_COORDS, below the image units.
        let coord_unit_ok = (self.bindings.active_texture as usize) < crate::state::matrices::MAX_TEXTURE_COORDS;
        if !self.is_core() && !self.is_gles() && is_texture_coordinate_state(pname) && !coord_unit_ok {
            return self.record_error(GL_INVALID_OPERATION);
        }
        match self.get_value(pname) {
            Some(v) => (0..v.len()).for_each(|i| write(i, &v)),
            None => self.record_error(GL_INVALID_ENUM),
        }
    }

    /// Indexed form of `get_into`.
    pub(crate) fn get_indexed_into(&mut self, pname: GLenum, index: GLuint, mut write: impl FnMut(usize, &Value)) {
        match self.get_indexed_value(pname, index) {
            Ok(v) => (0..v.len()).for_each(|i| write(i, &v)),
            Err(e) => self.record_error(e),
        }
    }
}

/// Compatibility state kept per texture coordinate set, which the active texture unit
/// selects (GL_INVALID_OPERATION beyond the last set).
fn is_texture_coordinate_state(pname: GLenum) -> bool {
    matches!(
        pname,
        GL_CURRENT_TEXTURE_COORDS | GL_CURRENT_RASTER_TEXTURE_COORDS | GL_TEXTURE_MATRIX | GL_TRANSPOSE_TEXTURE_MATRIX | GL_TEXTURE_STACK_DEPTH
    )
}

impl ContextState {
    /// Which channels of the draw framebuffer's first draw buffer are signed
    /// (EXT_packed_float's GL_RGBA_SIGNED_COMPONENTS_EXT); the window's are unsigned.
    fn signed_components(&self) -> [bool; 4] {
        let fb = self.bindings.draw_framebuffer;
        let Some(framebuffer) = self.framebuffers.get(fb).filter(|_| fb != 0) else { return [false; 4] };
        let index = framebuffer.draw_buffers[0].wrapping_sub(GL_COLOR_ATTACHMENT0) as usize;
        let Some(&attachment) = framebuffer.colors.get(index) else { return [false; 4] };
        self.attached_image(attachment).map_or([false; 4], |i| i.format.info.signed_components())
    }

    /// EXT_framebuffer_sRGB's GL_FRAMEBUFFER_SRGB_CAPABLE_EXT: whether the draw
    /// framebuffer's first draw buffer is sRGB, so GL_FRAMEBUFFER_SRGB changes what is written.
    fn draw_framebuffer_srgb_capable(&self) -> bool {
        let fb = self.bindings.draw_framebuffer;
        if fb == 0 {
            return self.draw_surface.as_ref().is_some_and(|s| crate::draw_path::gpu_image::linear_twin(s.color_image().desc().format).is_some());
        }
        let Some(framebuffer) = self.framebuffers.get(fb) else { return false };
        let index = framebuffer.draw_buffers[0].wrapping_sub(GL_COLOR_ATTACHMENT0) as usize;
        let Some(&attachment) = framebuffer.colors.get(index) else { return false };
        self.attached_image(attachment).is_some_and(|i| i.format.info.srgb)
    }

    /// Bits of a channel of the draw framebuffer (GL_RED_BITS and friends).
    fn framebuffer_bits(&self, pname: GLenum) -> u32 {
        let fb = self.bindings.draw_framebuffer;
        if fb == 0 {
            let Some(surface) = &self.draw_surface else { return 0 };
            let (depth, stencil) = surface.depth_stencil_bits();
            return match pname {
                GL_DEPTH_BITS => depth,
                GL_STENCIL_BITS => stencil,
                _ => 8,
            };
        }
        let Some(framebuffer) = self.framebuffers.get(fb) else { return 0 };
        let (attachment, texture_pname) = match pname {
            GL_RED_BITS => (framebuffer.colors[0], GL_TEXTURE_RED_SIZE),
            GL_GREEN_BITS => (framebuffer.colors[0], GL_TEXTURE_GREEN_SIZE),
            GL_BLUE_BITS => (framebuffer.colors[0], GL_TEXTURE_BLUE_SIZE),
            GL_ALPHA_BITS => (framebuffer.colors[0], GL_TEXTURE_ALPHA_SIZE),
            GL_DEPTH_BITS => (framebuffer.depth, GL_TEXTURE_DEPTH_SIZE),
            _ => (framebuffer.stencil, GL_TEXTURE_STENCIL_SIZE),
        };
        self.attached_image(attachment).map_or(0, |i| i.format.component_bits(texture_pname))
    }
}

fn texture_binding_pname(target: GLenum) -> GLenum {
    match target {
        GL_TEXTURE_1D => GL_TEXTURE_BINDING_1D,
        GL_TEXTURE_2D => GL_TEXTURE_BINDING_2D,
        GL_TEXTURE_3D => GL_TEXTURE_BINDING_3D,
        GL_TEXTURE_CUBE_MAP => GL_TEXTURE_BINDING_CUBE_MAP,
        GL_TEXTURE_1D_ARRAY => GL_TEXTURE_BINDING_1D_ARRAY,
        GL_TEXTURE_2D_ARRAY => GL_TEXTURE_BINDING_2D_ARRAY,
        GL_TEXTURE_RECTANGLE => GL_TEXTURE_BINDING_RECTANGLE,
        GL_TEXTURE_2D_MULTISAMPLE => GL_TEXTURE_BINDING_2D_MULTISAMPLE,
        GL_TEXTURE_CUBE_MAP_ARRAY => GL_TEXTURE_BINDING_CUBE_MAP_ARRAY,
        GL_TEXTURE_2D_MULTISAMPLE_ARRAY => GL_TEXTURE_BINDING_2D_MULTISAMPLE_ARRAY,
        GL_TEXTURE_BUFFER => GL_TEXTURE_BINDING_BUFFER,
        _ => 0,
    }
}
