//! The GL commands galvan implements: each `GlCommands` method the context overrides,
//! delegating to the file that owns the concept. Everything not listed here keeps the
//! generated default (GL_INVALID_OPERATION, logged once).

use crate::context::ContextState;
use crate::dispatch;
use crate::generated::GlCommands;
use crate::draw_path::draw::Indices;
use crate::objects::framebuffer_texture::TextureAttach;
use crate::objects::query::ResultType;
use crate::objects::shader::write_gl_string;
use crate::objects::uniforms::{components_as_f64, components_as_i64, Scalar, UniformValues};
use crate::objects::vertex_array::PointerKind;
use crate::objects::vertex_attrib_binding::VaoTarget;
use crate::objects::buffer_clear::ClearedBuffer;
use crate::objects::copy_image::CopyEnd;
use crate::objects::vertex_attrib_values::CurrentAs;
use crate::state::current_values::{read_norm, read_vec, Current, Normalize};
use crate::state::packed_current_values::PackedTarget;
use crate::state::evaluators::{write_map_values, Dimension, MapArgs};
use crate::state::pixel_maps::MapValues;
use crate::state::matrices::{read_matrix, rotation, scaling, translation, transpose, IDENTITY};
use crate::types::enums::*;
use crate::types::*;
use vk_backend::ClearColor;

/// Writes `value` to the `i`-th element of an application array.
///
/// # Safety
/// `data` must have room for `i + 1` elements, as GL requires of query arrays.
unsafe fn store<T>(data: *mut T, i: usize, value: T) {
    if !data.is_null() {
        *data.add(i) = value;
    }
}

/// glGetnUniform{f,i,ui,d}v and their ARB_robustness names: the unbounded getter, once
/// `bufSize` bytes are known to hold the whole uniform (GL_INVALID_OPERATION otherwise).
macro_rules! bounded_uniform_getters {
    ($($name:ident, $arb:ident => $getter:ident: $ty:ty;)*) => {$(
        unsafe fn $name(&mut self, program: GLuint, location: GLint, buf_size: GLsizei, params: *mut $ty) {
            if self.uniform_fits(program, location, std::mem::size_of::<$ty>(), buf_size) {
                self.$getter(program, location, params)
            }
        }
        unsafe fn $arb(&mut self, program: GLuint, location: GLint, buf_size: GLsizei, params: *mut $ty) {
            self.$name(program, location, buf_size, params)
        }
    )*};
}

/// glProgramUniform{1,2,3,4}{f,i,ui,d,i64ARB,ui64ARB}: the components as the words the
/// default block stores.
macro_rules! program_uniform_values {
    ($($name:ident: $scalar:ident, $ty:ty, ($($c:ident),+);)*) => {$(
        unsafe fn $name(&mut self, program: GLuint, location: GLint, $($c: $ty),+) {
            let mut words = Vec::new();
            $(UniformComponent::push_words($c, &mut words);)+
            let components = [$(stringify!($c)),+].len();
            self.gl_program_uniform(program, location, 1, Scalar::$scalar, 1, components, false, UniformValues::Held(&words))
        }
    )*};
}

/// glProgramUniform*v: `count` elements of columns x rows components each.
macro_rules! program_uniform_arrays {
    ($($name:ident: $scalar:ident, $ty:ty, $columns:literal x $rows:literal;)*) => {$(
        unsafe fn $name(&mut self, program: GLuint, location: GLint, count: GLsizei, value: *const $ty) {
            self.gl_program_uniform(program, location, count, Scalar::$scalar, $columns, $rows, false, UniformValues::Application(value as *const u32))
        }
    )*};
}

/// glProgramUniformMatrix*{f,d}v.
macro_rules! program_uniform_matrices {
    ($($name:ident: $scalar:ident, $ty:ty, $columns:literal x $rows:literal;)*) => {$(
        unsafe fn $name(&mut self, program: GLuint, location: GLint, count: GLsizei, transpose: GLboolean, value: *const $ty) {
            self.gl_program_uniform(program, location, count, Scalar::$scalar, $columns, $rows, transpose != 0, UniformValues::Application(value as *const u32))
        }
    )*};
}

/// glUniform{1,2,3,4}{i64,ui64}{,v}ARB: the scalar forms pass their components as word
/// pairs, the vector forms read `count` elements of N components from the application.
macro_rules! int64_uniform_commands {
    ($($scalar:ident, $ty:ty: $s1:ident $s2:ident $s3:ident $s4:ident, $v1:ident $v2:ident $v3:ident $v4:ident;)*) => {$(
        unsafe fn $s1(&mut self, location: GLint, x: $ty) {
            self.gl_uniform(location, 1, Scalar::$scalar, 1, 1, false, UniformValues::Held(&int64_words(&[x as u64])))
        }
        unsafe fn $s2(&mut self, location: GLint, x: $ty, y: $ty) {
            self.gl_uniform(location, 1, Scalar::$scalar, 1, 2, false, UniformValues::Held(&int64_words(&[x as u64, y as u64])))
        }
        unsafe fn $s3(&mut self, location: GLint, x: $ty, y: $ty, z: $ty) {
            self.gl_uniform(location, 1, Scalar::$scalar, 1, 3, false, UniformValues::Held(&int64_words(&[x as u64, y as u64, z as u64])))
        }
        unsafe fn $s4(&mut self, location: GLint, x: $ty, y: $ty, z: $ty, w: $ty) {
            self.gl_uniform(location, 1, Scalar::$scalar, 1, 4, false, UniformValues::Held(&int64_words(&[x as u64, y as u64, z as u64, w as u64])))
        }
        unsafe fn $v1(&mut self, location: GLint, count: GLsizei, value: *const $ty) {
            self.gl_uniform(location, count, Scalar::$scalar, 1, 1, false, UniformValues::Application(value as *const u32))
        }
        unsafe fn $v2(&mut self, location: GLint, count: GLsizei, value: *const $ty) {
            self.gl_uniform(location, count, Scalar::$scalar, 1, 2, false, UniformValues::Application(value as *const u32))
        }
        unsafe fn $v3(&mut self, location: GLint, count: GLsizei, value: *const $ty) {
            self.gl_uniform(location, count, Scalar::$scalar, 1, 3, false, UniformValues::Application(value as *const u32))
        }
        unsafe fn $v4(&mut self, location: GLint, count: GLsizei, value: *const $ty) {
            self.gl_uniform(location, count, Scalar::$scalar, 1, 4, false, UniformValues::Application(value as *const u32))
        }
    )*};
}

#[allow(non_snake_case)]
impl GlCommands for ContextState {
    fn unimplemented_command(&mut self, id: usize, name: &'static str) {
        dispatch::log_unimplemented_once(id, name);
        self.record_error(GL_INVALID_OPERATION);
    }

    // Errors, strings, synchronisation.
    unsafe fn GetError(&mut self) -> GLenum {
        self.gl_get_error()
    }
    unsafe fn GetString(&mut self, name: GLenum) -> *const GLubyte {
        self.gl_get_string(name)
    }
    unsafe fn GetStringi(&mut self, name: GLenum, index: GLuint) -> *const GLubyte {
        self.gl_get_stringi(name, index)
    }
    unsafe fn Flush(&mut self) {
        self.flush()
    }
    unsafe fn Finish(&mut self) {
        self.finish()
    }

    // glGet.
    unsafe fn GetBooleanv(&mut self, pname: GLenum, data: *mut GLboolean) {
        self.get_into(pname, |i, v| store(data, i, v.as_bool(i) as GLboolean))
    }
    unsafe fn GetIntegerv(&mut self, pname: GLenum, data: *mut GLint) {
        self.get_into(pname, |i, v| store(data, i, v.as_i32(i)))
    }
    unsafe fn GetInteger64v(&mut self, pname: GLenum, data: *mut GLint64) {
        self.get_into(pname, |i, v| store(data, i, v.as_i64(i)))
    }
    unsafe fn GetFloatv(&mut self, pname: GLenum, data: *mut GLfloat) {
        self.get_into(pname, |i, v| store(data, i, v.as_f64(i) as f32))
    }
    unsafe fn GetDoublev(&mut self, pname: GLenum, data: *mut GLdouble) {
        self.get_into(pname, |i, v| store(data, i, v.as_f64(i)))
    }
    unsafe fn GetBooleani_v(&mut self, target: GLenum, index: GLuint, data: *mut GLboolean) {
        self.get_indexed_into(target, index, |i, v| store(data, i, v.as_bool(i) as GLboolean))
    }
    unsafe fn GetIntegeri_v(&mut self, target: GLenum, index: GLuint, data: *mut GLint) {
        self.get_indexed_into(target, index, |i, v| store(data, i, v.as_i32(i)))
    }
    unsafe fn GetInteger64i_v(&mut self, target: GLenum, index: GLuint, data: *mut GLint64) {
        self.get_indexed_into(target, index, |i, v| store(data, i, v.as_i64(i)))
    }
    unsafe fn GetFloati_v(&mut self, target: GLenum, index: GLuint, data: *mut GLfloat) {
        self.get_indexed_into(target, index, |i, v| store(data, i, v.as_f64(i) as f32))
    }
    unsafe fn GetDoublei_v(&mut self, target: GLenum, index: GLuint, data: *mut GLdouble) {
        self.get_indexed_into(target, index, |i, v| store(data, i, v.as_f64(i)))
    }

    // Capabilities.
    unsafe fn Enable(&mut self, cap: GLenum) {
        self.gl_enable(cap)
    }
    unsafe fn Disable(&mut self, cap: GLenum) {
        self.gl_disable(cap)
    }
    unsafe fn IsEnabled(&mut self, cap: GLenum) -> GLboolean {
        self.gl_is_enabled(cap)
    }
    unsafe fn Enablei(&mut self, target: GLenum, index: GLuint) {
        self.gl_enablei(target, index)
    }
    unsafe fn Disablei(&mut self, target: GLenum, index: GLuint) {
        self.gl_disablei(target, index)
    }
    unsafe fn IsEnabledi(&mut self, target: GLenum, index: GLuint) -> GLboolean {
        self.gl_is_enabledi(target, index)
    }

    // Multisample rasterisation.
    unsafe fn SampleCoverage(&mut self, value: GLfloat, invert: GLboolean) {
        self.gl_sample_coverage(value, invert)
    }
    unsafe fn SampleMaski(&mut self, word: GLuint, mask: GLbitfield) {
        self.gl_sample_maski(word, mask)
    }
    unsafe fn MinSampleShading(&mut self, value: GLfloat) {
        self.gl_min_sample_shading(value)
    }
    unsafe fn GetMultisamplefv(&mut self, pname: GLenum, index: GLuint, val: *mut GLfloat) {
        if let Some([x, y]) = self.gl_get_multisamplefv(pname, index) {
            store(val, 0, x);
            store(val, 1, y);
        }
    }

    // Viewport and clear values.
    unsafe fn Viewport(&mut self, x: GLint, y: GLint, width: GLsizei, height: GLsizei) {
        self.gl_viewport(x, y, width, height)
    }
    unsafe fn Scissor(&mut self, x: GLint, y: GLint, width: GLsizei, height: GLsizei) {
        self.gl_scissor(x, y, width, height)
    }
    unsafe fn DepthRange(&mut self, n: GLdouble, f: GLdouble) {
        self.gl_depth_range(n, f)
    }
    unsafe fn DepthRangef(&mut self, n: GLfloat, f: GLfloat) {
        self.gl_depth_range(n as f64, f as f64)
    }
    unsafe fn ViewportArrayv(&mut self, first: GLuint, count: GLsizei, v: *const GLfloat) {
        if let Some(rects) = self.viewport_groups::<_, 4>(v, count) {
            self.gl_viewport_array(first, &rects)
        }
    }
    unsafe fn ViewportIndexedf(&mut self, index: GLuint, x: GLfloat, y: GLfloat, w: GLfloat, h: GLfloat) {
        self.gl_viewport_array(index, &[[x, y, w, h]])
    }
    unsafe fn ViewportIndexedfv(&mut self, index: GLuint, v: *const GLfloat) {
        self.ViewportArrayv(index, 1, v)
    }
    unsafe fn ScissorArrayv(&mut self, first: GLuint, count: GLsizei, v: *const GLint) {
        if let Some(boxes) = self.viewport_groups::<_, 4>(v, count) {
            self.gl_scissor_array(first, &boxes)
        }
    }
    unsafe fn ScissorIndexed(&mut self, index: GLuint, left: GLint, bottom: GLint, width: GLsizei, height: GLsizei) {
        self.gl_scissor_array(index, &[[left, bottom, width, height]])
    }
    unsafe fn ScissorIndexedv(&mut self, index: GLuint, v: *const GLint) {
        self.ScissorArrayv(index, 1, v)
    }
    unsafe fn DepthRangeArrayv(&mut self, first: GLuint, count: GLsizei, v: *const GLdouble) {
        if let Some(ranges) = self.viewport_groups::<_, 2>(v, count) {
            self.gl_depth_range_array(first, &ranges)
        }
    }
    unsafe fn DepthRangeIndexed(&mut self, index: GLuint, n: GLdouble, f: GLdouble) {
        self.gl_depth_range_array(index, &[[n, f]])
    }
    unsafe fn ClearColor(&mut self, red: GLfloat, green: GLfloat, blue: GLfloat, alpha: GLfloat) {
        self.gl_clear_color(red, green, blue, alpha)
    }
    unsafe fn ClearColorIiEXT(&mut self, red: GLint, green: GLint, blue: GLint, alpha: GLint) {
        self.gl_clear_color_integer(ClearColor::Sint([red, green, blue, alpha]))
    }
    unsafe fn ClearColorIuiEXT(&mut self, red: GLuint, green: GLuint, blue: GLuint, alpha: GLuint) {
        self.gl_clear_color_integer(ClearColor::Uint([red, green, blue, alpha]))
    }
    unsafe fn ClearAccum(&mut self, red: GLfloat, green: GLfloat, blue: GLfloat, alpha: GLfloat) {
        self.gl_clear_accum([red, green, blue, alpha])
    }
    unsafe fn Accum(&mut self, op: GLenum, value: GLfloat) {
        self.gl_accum(op, value)
    }
    unsafe fn ClearDepth(&mut self, depth: GLdouble) {
        self.gl_clear_depth(depth)
    }
    unsafe fn ClearDepthf(&mut self, d: GLfloat) {
        self.gl_clear_depth(d as f64)
    }
    unsafe fn ClearStencil(&mut self, s: GLint) {
        self.gl_clear_stencil(s)
    }

    // Blending and colour masks.
    unsafe fn BlendFunc(&mut self, sfactor: GLenum, dfactor: GLenum) {
        self.gl_blend_func_separate(None, sfactor, dfactor, sfactor, dfactor)
    }
    unsafe fn BlendFuncSeparate(&mut self, src_rgb: GLenum, dst_rgb: GLenum, src_alpha: GLenum, dst_alpha: GLenum) {
        self.gl_blend_func_separate(None, src_rgb, dst_rgb, src_alpha, dst_alpha)
    }
    unsafe fn BlendEquation(&mut self, mode: GLenum) {
        self.gl_blend_equation_separate(None, mode, mode)
    }
    unsafe fn BlendEquationSeparate(&mut self, rgb: GLenum, alpha: GLenum) {
        self.gl_blend_equation_separate(None, rgb, alpha)
    }
    unsafe fn BlendFunci(&mut self, buf: GLuint, src: GLenum, dst: GLenum) {
        self.gl_blend_func_separate(Some(buf), src, dst, src, dst)
    }
    unsafe fn BlendFuncSeparatei(&mut self, buf: GLuint, src_rgb: GLenum, dst_rgb: GLenum, src_alpha: GLenum, dst_alpha: GLenum) {
        self.gl_blend_func_separate(Some(buf), src_rgb, dst_rgb, src_alpha, dst_alpha)
    }
    unsafe fn BlendEquationi(&mut self, buf: GLuint, mode: GLenum) {
        self.gl_blend_equation_separate(Some(buf), mode, mode)
    }
    unsafe fn BlendEquationSeparatei(&mut self, buf: GLuint, rgb: GLenum, alpha: GLenum) {
        self.gl_blend_equation_separate(Some(buf), rgb, alpha)
    }
    unsafe fn LogicOp(&mut self, op: GLenum) {
        self.gl_logic_op(op)
    }
    unsafe fn ProvokingVertex(&mut self, mode: GLenum) {
        self.gl_provoking_vertex(mode)
    }
    unsafe fn PixelStoref(&mut self, pname: GLenum, param: GLfloat) {
        let value = if matches!(pname, GL_PACK_SWAP_BYTES | GL_UNPACK_SWAP_BYTES | GL_PACK_LSB_FIRST | GL_UNPACK_LSB_FIRST) {
            (param != 0.0) as GLint
        } else {
            param.round() as GLint
        };
        self.gl_pixel_storei(pname, value)
    }
    unsafe fn ClampColor(&mut self, target: GLenum, clamp: GLenum) {
        self.gl_clamp_color(target, clamp)
    }
    unsafe fn BlendColor(&mut self, red: GLfloat, green: GLfloat, blue: GLfloat, alpha: GLfloat) {
        self.gl_blend_color(red, green, blue, alpha)
    }
    unsafe fn ColorMask(&mut self, red: GLboolean, green: GLboolean, blue: GLboolean, alpha: GLboolean) {
        self.gl_color_mask(red, green, blue, alpha)
    }
    unsafe fn ColorMaski(&mut self, index: GLuint, r: GLboolean, g: GLboolean, b: GLboolean, a: GLboolean) {
        self.gl_color_maski(index, r, g, b, a)
    }

    // Depth and stencil.
    unsafe fn DepthFunc(&mut self, func: GLenum) {
        self.gl_depth_func(func)
    }
    unsafe fn DepthMask(&mut self, flag: GLboolean) {
        self.gl_depth_mask(flag)
    }
    unsafe fn StencilFunc(&mut self, func: GLenum, reference: GLint, mask: GLuint) {
        self.gl_stencil_func_separate(GL_FRONT_AND_BACK, func, reference, mask)
    }
    unsafe fn StencilFuncSeparate(&mut self, face: GLenum, func: GLenum, reference: GLint, mask: GLuint) {
        self.gl_stencil_func_separate(face, func, reference, mask)
    }
    unsafe fn StencilOp(&mut self, fail: GLenum, zfail: GLenum, zpass: GLenum) {
        self.gl_stencil_op_separate(GL_FRONT_AND_BACK, fail, zfail, zpass)
    }
    unsafe fn StencilOpSeparate(&mut self, face: GLenum, sfail: GLenum, dpfail: GLenum, dppass: GLenum) {
        self.gl_stencil_op_separate(face, sfail, dpfail, dppass)
    }
    unsafe fn StencilMask(&mut self, mask: GLuint) {
        self.gl_stencil_mask_separate(GL_FRONT_AND_BACK, mask)
    }
    unsafe fn StencilMaskSeparate(&mut self, face: GLenum, mask: GLuint) {
        self.gl_stencil_mask_separate(face, mask)
    }

    // Rasterisation.
    unsafe fn ShadeModel(&mut self, mode: GLenum) {
        self.gl_shade_model(mode)
    }
    unsafe fn EdgeFlag(&mut self, flag: GLboolean) {
        self.gl_edge_flag(flag != 0)
    }
    unsafe fn EdgeFlagv(&mut self, flag: *const GLboolean) {
        if !flag.is_null() {
            self.gl_edge_flag(*flag != 0)
        }
    }
    unsafe fn Indexd(&mut self, c: GLdouble) {
        self.gl_index(c as f32)
    }
    unsafe fn Indexdv(&mut self, c: *const GLdouble) {
        self.gl_index_v(c)
    }
    unsafe fn Indexf(&mut self, c: GLfloat) {
        self.gl_index(c)
    }
    unsafe fn Indexfv(&mut self, c: *const GLfloat) {
        self.gl_index_v(c)
    }
    unsafe fn Indexi(&mut self, c: GLint) {
        self.gl_index(c as f32)
    }
    unsafe fn Indexiv(&mut self, c: *const GLint) {
        self.gl_index_v(c)
    }
    unsafe fn Indexs(&mut self, c: GLshort) {
        self.gl_index(c as f32)
    }
    unsafe fn Indexsv(&mut self, c: *const GLshort) {
        self.gl_index_v(c)
    }
    unsafe fn Indexub(&mut self, c: GLubyte) {
        self.gl_index(c as f32)
    }
    unsafe fn Indexubv(&mut self, c: *const GLubyte) {
        self.gl_index_v(c)
    }
    unsafe fn ClearIndex(&mut self, c: GLfloat) {
        self.gl_clear_index(c)
    }
    unsafe fn IndexMask(&mut self, mask: GLuint) {
        self.gl_index_mask(mask)
    }
    unsafe fn CullFace(&mut self, mode: GLenum) {
        self.gl_cull_face(mode)
    }
    unsafe fn FrontFace(&mut self, mode: GLenum) {
        self.gl_front_face(mode)
    }
    unsafe fn PolygonOffset(&mut self, factor: GLfloat, units: GLfloat) {
        self.gl_polygon_offset_clamp(factor, units, 0.0)
    }
    unsafe fn PolygonOffsetClamp(&mut self, factor: GLfloat, units: GLfloat, clamp: GLfloat) {
        self.gl_polygon_offset_clamp(factor, units, clamp)
    }
    unsafe fn LineWidth(&mut self, width: GLfloat) {
        self.gl_line_width(width)
    }
    unsafe fn PointSize(&mut self, size: GLfloat) {
        self.gl_point_size(size)
    }
    unsafe fn PointParameterf(&mut self, pname: GLenum, param: GLfloat) {
        self.gl_point_parameter(pname, &[param as f64], false)
    }
    unsafe fn PointParameteri(&mut self, pname: GLenum, param: GLint) {
        self.gl_point_parameter(pname, &[param as f64], false)
    }
    unsafe fn PointParameterfv(&mut self, pname: GLenum, params: *const GLfloat) {
        let n = crate::state::display_list::pname_values(pname);
        if let Some(values) = crate::state::legacy_queries::read_values(params, n) {
            self.gl_point_parameter(pname, &values, true)
        }
    }
    unsafe fn PointParameteriv(&mut self, pname: GLenum, params: *const GLint) {
        let n = crate::state::display_list::pname_values(pname);
        if let Some(values) = crate::state::legacy_queries::read_values(params, n) {
            self.gl_point_parameter(pname, &values, true)
        }
    }
    unsafe fn PolygonMode(&mut self, face: GLenum, mode: GLenum) {
        self.gl_polygon_mode(face, mode)
    }
    unsafe fn PixelStorei(&mut self, pname: GLenum, param: GLint) {
        self.gl_pixel_storei(pname, param)
    }

    // Buffers.
    unsafe fn GenBuffers(&mut self, n: GLsizei, buffers: *mut GLuint) {
        self.gl_gen_buffers(n, buffers, false)
    }
    unsafe fn CreateBuffers(&mut self, n: GLsizei, buffers: *mut GLuint) {
        self.gl_gen_buffers(n, buffers, true)
    }
    unsafe fn DeleteBuffers(&mut self, n: GLsizei, buffers: *const GLuint) {
        self.gl_delete_buffers(n, buffers)
    }
    unsafe fn IsBuffer(&mut self, buffer: GLuint) -> GLboolean {
        self.gl_is_buffer(buffer)
    }
    unsafe fn BindBuffer(&mut self, target: GLenum, buffer: GLuint) {
        self.gl_bind_buffer(target, buffer)
    }
    unsafe fn BindBufferBase(&mut self, target: GLenum, index: GLuint, buffer: GLuint) {
        if target == GL_TRANSFORM_FEEDBACK_BUFFER {
            return self.gl_bind_transform_feedback_buffer(index, buffer, 0, None);
        }
        self.gl_bind_buffer_range(target, index, buffer, 0, 0, true)
    }
    unsafe fn BindBufferRange(&mut self, target: GLenum, index: GLuint, buffer: GLuint, offset: GLintptr, size: GLsizeiptr) {
        if target == GL_TRANSFORM_FEEDBACK_BUFFER {
            return self.gl_bind_transform_feedback_buffer(index, buffer, offset, Some(size));
        }
        self.gl_bind_buffer_range(target, index, buffer, offset, size, false)
    }
    unsafe fn BufferData(&mut self, target: GLenum, size: GLsizeiptr, data: *const c_void, usage: GLenum) {
        self.gl_buffer_data(target, size, data, usage)
    }
    unsafe fn BufferStorage(&mut self, target: GLenum, size: GLsizeiptr, data: *const c_void, flags: GLbitfield) {
        self.gl_buffer_storage(target, size, data, flags)
    }
    unsafe fn BufferSubData(&mut self, target: GLenum, offset: GLintptr, size: GLsizeiptr, data: *const c_void) {
        self.gl_buffer_sub_data(target, offset, size, data)
    }
    unsafe fn GetBufferSubData(&mut self, target: GLenum, offset: GLintptr, size: GLsizeiptr, data: *mut c_void) {
        self.gl_get_buffer_sub_data(target, offset, size, data)
    }
    unsafe fn MapBuffer(&mut self, target: GLenum, access: GLenum) -> *mut c_void {
        self.gl_map_buffer(target, access)
    }
    unsafe fn MapBufferRange(&mut self, target: GLenum, offset: GLintptr, length: GLsizeiptr, access: GLbitfield) -> *mut c_void {
        self.gl_map_buffer_range(target, offset, length, access)
    }
    unsafe fn UnmapBuffer(&mut self, target: GLenum) -> GLboolean {
        self.gl_unmap_buffer(target)
    }
    unsafe fn FlushMappedBufferRange(&mut self, target: GLenum, offset: GLintptr, length: GLsizeiptr) {
        self.gl_flush_mapped_buffer_range(target, offset, length)
    }
    unsafe fn CopyBufferSubData(&mut self, read: GLenum, write: GLenum, read_offset: GLintptr, write_offset: GLintptr, size: GLsizeiptr) {
        self.gl_copy_buffer_sub_data(read, write, read_offset, write_offset, size)
    }
    unsafe fn ClearBufferData(&mut self, target: GLenum, internalformat: GLenum, format: GLenum, ty: GLenum, data: *const c_void) {
        self.gl_clear_buffer_data(ClearedBuffer::Bound(target), internalformat, None, format, ty, data)
    }
    unsafe fn ClearBufferSubData(&mut self, target: GLenum, internalformat: GLenum, offset: GLintptr, size: GLsizeiptr, format: GLenum, ty: GLenum, data: *const c_void) {
        self.gl_clear_buffer_data(ClearedBuffer::Bound(target), internalformat, Some((offset, size)), format, ty, data)
    }
    unsafe fn ClearNamedBufferData(&mut self, buffer: GLuint, internalformat: GLenum, format: GLenum, ty: GLenum, data: *const c_void) {
        self.gl_clear_buffer_data(ClearedBuffer::Named(buffer), internalformat, None, format, ty, data)
    }
    unsafe fn ClearNamedBufferSubData(&mut self, buffer: GLuint, internalformat: GLenum, offset: GLintptr, size: GLsizeiptr, format: GLenum, ty: GLenum, data: *const c_void) {
        self.gl_clear_buffer_data(ClearedBuffer::Named(buffer), internalformat, Some((offset, size)), format, ty, data)
    }

    // Invalidation: checked, contents kept.
    unsafe fn InvalidateBufferData(&mut self, buffer: GLuint) {
        self.gl_invalidate_buffer(buffer, None)
    }
    unsafe fn InvalidateBufferSubData(&mut self, buffer: GLuint, offset: GLintptr, length: GLsizeiptr) {
        self.gl_invalidate_buffer(buffer, Some((offset, length)))
    }
    unsafe fn ClearTexImage(&mut self, texture: GLuint, level: GLint, format: GLenum, ty: GLenum, data: *const c_void) {
        self.gl_clear_tex_image(texture, level, None, format, ty, data)
    }
    #[allow(clippy::too_many_arguments)]
    unsafe fn ClearTexSubImage(&mut self, texture: GLuint, level: GLint, x: GLint, y: GLint, z: GLint, width: GLsizei, height: GLsizei, depth: GLsizei, format: GLenum, ty: GLenum, data: *const c_void) {
        self.gl_clear_tex_image(texture, level, Some([x, y, z, width, height, depth]), format, ty, data)
    }
    unsafe fn InvalidateTexImage(&mut self, texture: GLuint, level: GLint) {
        self.gl_invalidate_tex_image(texture, level, None)
    }
    unsafe fn InvalidateTexSubImage(&mut self, texture: GLuint, level: GLint, x: GLint, y: GLint, z: GLint, width: GLsizei, height: GLsizei, depth: GLsizei) {
        self.gl_invalidate_tex_image(texture, level, Some([x, y, z, width, height, depth]))
    }
    unsafe fn InvalidateFramebuffer(&mut self, target: GLenum, count: GLsizei, attachments: *const GLenum) {
        self.gl_invalidate_framebuffer(target, count, attachments, None)
    }
    unsafe fn InvalidateSubFramebuffer(&mut self, target: GLenum, count: GLsizei, attachments: *const GLenum, x: GLint, y: GLint, width: GLsizei, height: GLsizei) {
        self.gl_invalidate_framebuffer(target, count, attachments, Some([x, y, width, height]))
    }
    unsafe fn GetBufferParameteriv(&mut self, target: GLenum, pname: GLenum, params: *mut GLint) {
        if let Some(v) = self.buffer_parameter(target, pname) {
            store(params, 0, v.clamp(i32::MIN as i64, i32::MAX as i64) as GLint);
        }
    }
    unsafe fn GetBufferParameteri64v(&mut self, target: GLenum, pname: GLenum, params: *mut GLint64) {
        if let Some(v) = self.buffer_parameter(target, pname) {
            store(params, 0, v);
        }
    }
    unsafe fn GetBufferPointerv(&mut self, target: GLenum, pname: GLenum, params: *mut *mut c_void) {
        self.gl_get_buffer_pointerv(target, pname, params)
    }

    // Vertex arrays.
    unsafe fn GenVertexArrays(&mut self, n: GLsizei, arrays: *mut GLuint) {
        self.gl_gen_vertex_arrays(n, arrays, false)
    }
    unsafe fn CreateVertexArrays(&mut self, n: GLsizei, arrays: *mut GLuint) {
        self.gl_gen_vertex_arrays(n, arrays, true)
    }
    unsafe fn DeleteVertexArrays(&mut self, n: GLsizei, arrays: *const GLuint) {
        self.gl_delete_vertex_arrays(n, arrays)
    }
    unsafe fn BindVertexArray(&mut self, array: GLuint) {
        self.gl_bind_vertex_array(array)
    }
    unsafe fn IsVertexArray(&mut self, array: GLuint) -> GLboolean {
        self.gl_is_vertex_array(array)
    }
    unsafe fn EnableVertexAttribArray(&mut self, index: GLuint) {
        self.gl_enable_vertex_attrib_array(index, true)
    }
    unsafe fn DisableVertexAttribArray(&mut self, index: GLuint) {
        self.gl_enable_vertex_attrib_array(index, false)
    }
    unsafe fn VertexAttribPointer(&mut self, index: GLuint, size: GLint, ty: GLenum, normalized: GLboolean, stride: GLsizei, pointer: *const c_void) {
        self.gl_vertex_attrib_pointer(PointerKind::Float, index, size, ty, normalized, stride, pointer)
    }
    unsafe fn VertexAttribIPointer(&mut self, index: GLuint, size: GLint, ty: GLenum, stride: GLsizei, pointer: *const c_void) {
        self.gl_vertex_attrib_pointer(PointerKind::Integer, index, size, ty, 0, stride, pointer)
    }
    unsafe fn VertexAttribLPointer(&mut self, index: GLuint, size: GLint, ty: GLenum, stride: GLsizei, pointer: *const c_void) {
        self.gl_vertex_attrib_pointer(PointerKind::Double, index, size, ty, 0, stride, pointer)
    }
    unsafe fn VertexAttribDivisor(&mut self, index: GLuint, divisor: GLuint) {
        self.gl_vertex_attrib_divisor(index, divisor)
    }
    unsafe fn GetVertexAttribiv(&mut self, index: GLuint, pname: GLenum, params: *mut GLint) {
        self.get_vertex_attrib(index, pname, CurrentAs::Float, params, |v| v as GLint)
    }
    unsafe fn GetVertexAttribfv(&mut self, index: GLuint, pname: GLenum, params: *mut GLfloat) {
        self.get_vertex_attrib(index, pname, CurrentAs::Float, params, |v| v as GLfloat)
    }
    unsafe fn GetVertexAttribdv(&mut self, index: GLuint, pname: GLenum, params: *mut GLdouble) {
        self.get_vertex_attrib(index, pname, CurrentAs::Float, params, |v| v)
    }
    unsafe fn GetVertexAttribIiv(&mut self, index: GLuint, pname: GLenum, params: *mut GLint) {
        self.get_vertex_attrib(index, pname, CurrentAs::Words, params, |v| v as u32 as GLint)
    }
    unsafe fn GetVertexAttribIuiv(&mut self, index: GLuint, pname: GLenum, params: *mut GLuint) {
        self.get_vertex_attrib(index, pname, CurrentAs::Words, params, |v| v as u32)
    }
    unsafe fn GetVertexAttribPointerv(&mut self, index: GLuint, pname: GLenum, pointer: *mut *mut c_void) {
        self.gl_get_vertex_attrib_pointerv(index, pname, pointer)
    }

    // Vertex attribute formats and buffer bindings (GL 4.3), and their named forms (GL 4.5).
    unsafe fn BindVertexBuffer(&mut self, bindingindex: GLuint, buffer: GLuint, offset: GLintptr, stride: GLsizei) {
        self.gl_bind_vertex_buffer(VaoTarget::Bound, bindingindex, buffer, offset, stride)
    }
    unsafe fn VertexArrayVertexBuffer(&mut self, vaobj: GLuint, bindingindex: GLuint, buffer: GLuint, offset: GLintptr, stride: GLsizei) {
        self.gl_bind_vertex_buffer(VaoTarget::Named(vaobj), bindingindex, buffer, offset, stride)
    }
    unsafe fn BindVertexBuffers(&mut self, first: GLuint, count: GLsizei, buffers: *const GLuint, offsets: *const GLintptr, strides: *const GLsizei) {
        self.gl_bind_vertex_buffers(VaoTarget::Bound, first, count, buffers, offsets, strides)
    }
    unsafe fn VertexArrayVertexBuffers(&mut self, vaobj: GLuint, first: GLuint, count: GLsizei, buffers: *const GLuint, offsets: *const GLintptr, strides: *const GLsizei) {
        self.gl_bind_vertex_buffers(VaoTarget::Named(vaobj), first, count, buffers, offsets, strides)
    }
    unsafe fn VertexAttribFormat(&mut self, attribindex: GLuint, size: GLint, ty: GLenum, normalized: GLboolean, relativeoffset: GLuint) {
        self.gl_vertex_attrib_format(VaoTarget::Bound, PointerKind::Float, attribindex, size, ty, normalized, relativeoffset)
    }
    unsafe fn VertexAttribIFormat(&mut self, attribindex: GLuint, size: GLint, ty: GLenum, relativeoffset: GLuint) {
        self.gl_vertex_attrib_format(VaoTarget::Bound, PointerKind::Integer, attribindex, size, ty, 0, relativeoffset)
    }
    unsafe fn VertexAttribLFormat(&mut self, attribindex: GLuint, size: GLint, ty: GLenum, relativeoffset: GLuint) {
        self.gl_vertex_attrib_format(VaoTarget::Bound, PointerKind::Double, attribindex, size, ty, 0, relativeoffset)
    }
    unsafe fn VertexArrayAttribFormat(&mut self, vaobj: GLuint, attribindex: GLuint, size: GLint, ty: GLenum, normalized: GLboolean, relativeoffset: GLuint) {
        self.gl_vertex_attrib_format(VaoTarget::Named(vaobj), PointerKind::Float, attribindex, size, ty, normalized, relativeoffset)
    }
    unsafe fn VertexArrayAttribIFormat(&mut self, vaobj: GLuint, attribindex: GLuint, size: GLint, ty: GLenum, relativeoffset: GLuint) {
        self.gl_vertex_attrib_format(VaoTarget::Named(vaobj), PointerKind::Integer, attribindex, size, ty, 0, relativeoffset)
    }
    unsafe fn VertexArrayAttribLFormat(&mut self, vaobj: GLuint, attribindex: GLuint, size: GLint, ty: GLenum, relativeoffset: GLuint) {
        self.gl_vertex_attrib_format(VaoTarget::Named(vaobj), PointerKind::Double, attribindex, size, ty, 0, relativeoffset)
    }
    unsafe fn VertexAttribBinding(&mut self, attribindex: GLuint, bindingindex: GLuint) {
        self.gl_vertex_attrib_binding(VaoTarget::Bound, attribindex, bindingindex)
    }
    unsafe fn VertexArrayAttribBinding(&mut self, vaobj: GLuint, attribindex: GLuint, bindingindex: GLuint) {
        self.gl_vertex_attrib_binding(VaoTarget::Named(vaobj), attribindex, bindingindex)
    }
    unsafe fn VertexBindingDivisor(&mut self, bindingindex: GLuint, divisor: GLuint) {
        self.gl_vertex_binding_divisor(VaoTarget::Bound, bindingindex, divisor)
    }
    unsafe fn VertexArrayBindingDivisor(&mut self, vaobj: GLuint, bindingindex: GLuint, divisor: GLuint) {
        self.gl_vertex_binding_divisor(VaoTarget::Named(vaobj), bindingindex, divisor)
    }
    unsafe fn EnableVertexArrayAttrib(&mut self, vaobj: GLuint, index: GLuint) {
        self.gl_enable_vertex_array_attrib(vaobj, index, true)
    }
    unsafe fn DisableVertexArrayAttrib(&mut self, vaobj: GLuint, index: GLuint) {
        self.gl_enable_vertex_array_attrib(vaobj, index, false)
    }
    unsafe fn VertexArrayElementBuffer(&mut self, vaobj: GLuint, buffer: GLuint) {
        self.gl_vertex_array_element_buffer(vaobj, buffer)
    }
    unsafe fn GetVertexArrayiv(&mut self, vaobj: GLuint, pname: GLenum, param: *mut GLint) {
        self.gl_get_vertex_array_iv(vaobj, pname, param)
    }
    unsafe fn GetVertexArrayIndexediv(&mut self, vaobj: GLuint, index: GLuint, pname: GLenum, param: *mut GLint) {
        if let Some(v) = self.vertex_array_indexed_value(vaobj, index, pname, false) {
            store(param, 0, v as GLint)
        }
    }
    unsafe fn GetVertexArrayIndexed64iv(&mut self, vaobj: GLuint, index: GLuint, pname: GLenum, param: *mut GLint64) {
        if let Some(v) = self.vertex_array_indexed_value(vaobj, index, pname, true) {
            store(param, 0, v)
        }
    }

    // Textures.
    unsafe fn GenTextures(&mut self, n: GLsizei, textures: *mut GLuint) {
        self.gl_gen_textures(n, textures)
    }
    unsafe fn DeleteTextures(&mut self, n: GLsizei, textures: *const GLuint) {
        self.gl_delete_textures(n, textures)
    }
    unsafe fn IsTexture(&mut self, texture: GLuint) -> GLboolean {
        self.gl_is_texture(texture)
    }
    unsafe fn BindTexture(&mut self, target: GLenum, texture: GLuint) {
        self.gl_bind_texture(target, texture)
    }
    unsafe fn ActiveTexture(&mut self, texture: GLenum) {
        self.gl_active_texture(texture)
    }
    unsafe fn TexImage2D(&mut self, target: GLenum, level: GLint, internal_format: GLint, width: GLsizei, height: GLsizei, border: GLint, format: GLenum, ty: GLenum, pixels: *const c_void) {
        self.gl_tex_image(2, target, level, internal_format, [width, height, 1], border, format, ty, pixels)
    }
    unsafe fn TexSubImage2D(&mut self, target: GLenum, level: GLint, x: GLint, y: GLint, width: GLsizei, height: GLsizei, format: GLenum, ty: GLenum, pixels: *const c_void) {
        self.gl_tex_sub_image(2, target, level, [x, y, 0], [width, height, 1], format, ty, pixels)
    }
    unsafe fn TexParameteri(&mut self, target: GLenum, pname: GLenum, param: GLint) {
        self.gl_tex_parameter(target, pname, &[param as f64])
    }
    unsafe fn TexParameterf(&mut self, target: GLenum, pname: GLenum, param: GLfloat) {
        self.gl_tex_parameter(target, pname, &[param as f64])
    }
    unsafe fn TexParameteriv(&mut self, target: GLenum, pname: GLenum, params: *const GLint) {
        if let Some(values) = int_parameter_values(pname, params) {
            self.gl_tex_parameter(target, pname, &values[..parameter_count(pname)])
        }
    }
    unsafe fn TexParameterfv(&mut self, target: GLenum, pname: GLenum, params: *const GLfloat) {
        if let Some(values) = float_parameter_values(pname, params) {
            self.gl_tex_parameter(target, pname, &values[..parameter_count(pname)])
        }
    }
    unsafe fn GetTexParameteriv(&mut self, target: GLenum, pname: GLenum, params: *mut GLint) {
        if let Some((v, n)) = self.tex_parameter(target, pname) {
            (0..n).for_each(|i| store(params, i, int_parameter(pname, v[i])));
        }
    }
    unsafe fn GetTexParameterfv(&mut self, target: GLenum, pname: GLenum, params: *mut GLfloat) {
        if let Some((v, n)) = self.tex_parameter(target, pname) {
            (0..n).for_each(|i| store(params, i, v[i] as f32));
        }
    }
    unsafe fn TexParameterIiv(&mut self, target: GLenum, pname: GLenum, params: *const GLint) {
        if let Some(words) = integer_parameter_words(pname, params as *const u32) {
            self.gl_tex_parameter_integer(target, pname, words, true)
        }
    }
    unsafe fn TexParameterIuiv(&mut self, target: GLenum, pname: GLenum, params: *const GLuint) {
        if let Some(words) = integer_parameter_words(pname, params) {
            self.gl_tex_parameter_integer(target, pname, words, false)
        }
    }
    unsafe fn GetTexParameterIiv(&mut self, target: GLenum, pname: GLenum, params: *mut GLint) {
        if let Some((v, n)) = self.tex_parameter_integer(target, pname, true) {
            (0..n).for_each(|i| store(params, i, v[i] as GLint));
        }
    }
    unsafe fn GetTexParameterIuiv(&mut self, target: GLenum, pname: GLenum, params: *mut GLuint) {
        if let Some((v, n)) = self.tex_parameter_integer(target, pname, false) {
            (0..n).for_each(|i| store(params, i, v[i]));
        }
    }
    unsafe fn GetTexLevelParameteriv(&mut self, target: GLenum, level: GLint, pname: GLenum, params: *mut GLint) {
        if let Some(v) = self.tex_level_parameter(target, level, pname) {
            store(params, 0, v as GLint);
        }
    }
    unsafe fn GetTexLevelParameterfv(&mut self, target: GLenum, level: GLint, pname: GLenum, params: *mut GLfloat) {
        if let Some(v) = self.tex_level_parameter(target, level, pname) {
            store(params, 0, v as GLfloat);
        }
    }

    // Samplers.
    unsafe fn GenSamplers(&mut self, count: GLsizei, samplers: *mut GLuint) {
        self.gl_gen_samplers(count, samplers)
    }
    unsafe fn CreateSamplers(&mut self, n: GLsizei, samplers: *mut GLuint) {
        self.gl_gen_samplers(n, samplers)
    }
    unsafe fn DeleteSamplers(&mut self, count: GLsizei, samplers: *const GLuint) {
        self.gl_delete_samplers(count, samplers)
    }
    unsafe fn IsSampler(&mut self, sampler: GLuint) -> GLboolean {
        self.gl_is_sampler(sampler)
    }
    unsafe fn BindSampler(&mut self, unit: GLuint, sampler: GLuint) {
        self.gl_bind_sampler(unit, sampler)
    }
    unsafe fn SamplerParameteri(&mut self, sampler: GLuint, pname: GLenum, param: GLint) {
        self.gl_sampler_parameter(sampler, pname, &[param as f64])
    }
    unsafe fn SamplerParameterf(&mut self, sampler: GLuint, pname: GLenum, param: GLfloat) {
        self.gl_sampler_parameter(sampler, pname, &[param as f64])
    }
    unsafe fn SamplerParameteriv(&mut self, sampler: GLuint, pname: GLenum, params: *const GLint) {
        if let Some(values) = int_parameter_values(pname, params) {
            self.gl_sampler_parameter(sampler, pname, &values[..parameter_count(pname)])
        }
    }
    unsafe fn SamplerParameterfv(&mut self, sampler: GLuint, pname: GLenum, params: *const GLfloat) {
        if let Some(values) = float_parameter_values(pname, params) {
            self.gl_sampler_parameter(sampler, pname, &values[..parameter_count(pname)])
        }
    }
    unsafe fn GetSamplerParameteriv(&mut self, sampler: GLuint, pname: GLenum, params: *mut GLint) {
        if let Some((v, n)) = self.sampler_parameter(sampler, pname) {
            (0..n).for_each(|i| store(params, i, int_parameter(pname, v[i])));
        }
    }
    unsafe fn SamplerParameterIiv(&mut self, sampler: GLuint, pname: GLenum, params: *const GLint) {
        if let Some(words) = integer_parameter_words(pname, params as *const u32) {
            self.gl_sampler_parameter_integer(sampler, pname, words, true)
        }
    }
    unsafe fn SamplerParameterIuiv(&mut self, sampler: GLuint, pname: GLenum, params: *const GLuint) {
        if let Some(words) = integer_parameter_words(pname, params) {
            self.gl_sampler_parameter_integer(sampler, pname, words, false)
        }
    }
    unsafe fn GetSamplerParameterIiv(&mut self, sampler: GLuint, pname: GLenum, params: *mut GLint) {
        if let Some((v, n)) = self.sampler_parameter_integer(sampler, pname, true) {
            (0..n).for_each(|i| store(params, i, v[i] as GLint));
        }
    }
    unsafe fn GetSamplerParameterIuiv(&mut self, sampler: GLuint, pname: GLenum, params: *mut GLuint) {
        if let Some((v, n)) = self.sampler_parameter_integer(sampler, pname, false) {
            (0..n).for_each(|i| store(params, i, v[i]));
        }
    }
    unsafe fn GetSamplerParameterfv(&mut self, sampler: GLuint, pname: GLenum, params: *mut GLfloat) {
        if let Some((v, n)) = self.sampler_parameter(sampler, pname) {
            (0..n).for_each(|i| store(params, i, v[i] as f32));
        }
    }

    // Renderbuffers.
    unsafe fn GenRenderbuffers(&mut self, n: GLsizei, names: *mut GLuint) {
        self.gl_gen_renderbuffers(n, names, false)
    }
    unsafe fn CreateRenderbuffers(&mut self, n: GLsizei, names: *mut GLuint) {
        self.gl_gen_renderbuffers(n, names, true)
    }
    unsafe fn DeleteRenderbuffers(&mut self, n: GLsizei, names: *const GLuint) {
        self.gl_delete_renderbuffers(n, names)
    }
    unsafe fn IsRenderbuffer(&mut self, renderbuffer: GLuint) -> GLboolean {
        self.gl_is_renderbuffer(renderbuffer)
    }
    unsafe fn BindRenderbuffer(&mut self, target: GLenum, renderbuffer: GLuint) {
        self.gl_bind_renderbuffer(target, renderbuffer)
    }
    unsafe fn RenderbufferStorage(&mut self, target: GLenum, internal_format: GLenum, width: GLsizei, height: GLsizei) {
        self.gl_renderbuffer_storage(target, 0, internal_format, width, height)
    }
    unsafe fn RenderbufferStorageMultisample(&mut self, target: GLenum, samples: GLsizei, internal_format: GLenum, width: GLsizei, height: GLsizei) {
        self.gl_renderbuffer_storage(target, samples, internal_format, width, height)
    }
    unsafe fn GetRenderbufferParameteriv(&mut self, target: GLenum, pname: GLenum, params: *mut GLint) {
        if let Some(v) = self.renderbuffer_parameter(target, pname) {
            store(params, 0, v as GLint);
        }
    }

    // Framebuffers.
    unsafe fn GenFramebuffers(&mut self, n: GLsizei, names: *mut GLuint) {
        self.gl_gen_framebuffers(n, names, false)
    }
    unsafe fn CreateFramebuffers(&mut self, n: GLsizei, names: *mut GLuint) {
        self.gl_gen_framebuffers(n, names, true)
    }
    unsafe fn DeleteFramebuffers(&mut self, n: GLsizei, names: *const GLuint) {
        self.gl_delete_framebuffers(n, names)
    }
    unsafe fn IsFramebuffer(&mut self, framebuffer: GLuint) -> GLboolean {
        self.gl_is_framebuffer(framebuffer)
    }
    unsafe fn BindFramebuffer(&mut self, target: GLenum, framebuffer: GLuint) {
        self.gl_bind_framebuffer(target, framebuffer)
    }
    unsafe fn FramebufferTexture1D(&mut self, target: GLenum, attachment: GLenum, textarget: GLenum, texture: GLuint, level: GLint) {
        self.gl_framebuffer_texture(target, attachment, texture, level, TextureAttach::Dims { dims: 1, textarget, zoffset: 0 })
    }
    unsafe fn FramebufferTexture2D(&mut self, target: GLenum, attachment: GLenum, textarget: GLenum, texture: GLuint, level: GLint) {
        self.gl_framebuffer_texture(target, attachment, texture, level, TextureAttach::Dims { dims: 2, textarget, zoffset: 0 })
    }
    unsafe fn FramebufferTexture3D(&mut self, target: GLenum, attachment: GLenum, textarget: GLenum, texture: GLuint, level: GLint, zoffset: GLint) {
        self.gl_framebuffer_texture(target, attachment, texture, level, TextureAttach::Dims { dims: 3, textarget, zoffset })
    }
    unsafe fn FramebufferTextureLayer(&mut self, target: GLenum, attachment: GLenum, texture: GLuint, level: GLint, layer: GLint) {
        self.gl_framebuffer_texture(target, attachment, texture, level, TextureAttach::Layer { layer })
    }
    unsafe fn FramebufferTexture(&mut self, target: GLenum, attachment: GLenum, texture: GLuint, level: GLint) {
        self.gl_framebuffer_texture(target, attachment, texture, level, TextureAttach::Whole)
    }
    // EXT_framebuffer_object's binds: GL 3.0's, except that they make objects of names
    // never generated in every context, as the extension does.
    unsafe fn BindFramebufferEXT(&mut self, target: GLenum, framebuffer: GLuint) {
        self.gl_bind_framebuffer_ext(target, framebuffer)
    }
    unsafe fn BindRenderbufferEXT(&mut self, target: GLenum, renderbuffer: GLuint) {
        self.gl_bind_renderbuffer_ext(target, renderbuffer)
    }
    unsafe fn TexBuffer(&mut self, target: GLenum, internalformat: GLenum, buffer: GLuint) {
        self.gl_tex_buffer(target, internalformat, buffer, None)
    }
    unsafe fn TexBufferRange(&mut self, target: GLenum, internalformat: GLenum, buffer: GLuint, offset: GLintptr, size: GLsizeiptr) {
        self.gl_tex_buffer(target, internalformat, buffer, Some((offset, size)))
    }
    unsafe fn FramebufferRenderbuffer(&mut self, target: GLenum, attachment: GLenum, rb_target: GLenum, renderbuffer: GLuint) {
        self.gl_framebuffer_renderbuffer(target, attachment, rb_target, renderbuffer)
    }
    unsafe fn CheckFramebufferStatus(&mut self, target: GLenum) -> GLenum {
        self.gl_check_framebuffer_status(target)
    }
    unsafe fn GetFramebufferAttachmentParameteriv(&mut self, target: GLenum, attachment: GLenum, pname: GLenum, params: *mut GLint) {
        if let Some(v) = self.framebuffer_attachment_parameter(target, attachment, pname) {
            store(params, 0, v as GLint);
        }
    }
    unsafe fn FramebufferParameteri(&mut self, target: GLenum, pname: GLenum, param: GLint) {
        self.gl_framebuffer_parameteri(target, pname, param)
    }
    unsafe fn NamedFramebufferParameteri(&mut self, framebuffer: GLuint, pname: GLenum, param: GLint) {
        self.gl_named_framebuffer_parameteri(framebuffer, pname, param)
    }
    unsafe fn GetFramebufferParameteriv(&mut self, target: GLenum, pname: GLenum, params: *mut GLint) {
        if let Some(v) = self.framebuffer_parameter(target, pname) {
            store(params, 0, v);
        }
    }
    unsafe fn GetNamedFramebufferParameteriv(&mut self, framebuffer: GLuint, pname: GLenum, params: *mut GLint) {
        if let Some(v) = self.named_framebuffer_parameter(framebuffer, pname) {
            store(params, 0, v);
        }
    }
    unsafe fn DrawBuffers(&mut self, n: GLsizei, bufs: *const GLenum) {
        self.gl_draw_buffers(n, bufs)
    }
    unsafe fn DrawBuffer(&mut self, buf: GLenum) {
        self.gl_draw_buffers(1, &buf)
    }
    unsafe fn ReadBuffer(&mut self, src: GLenum) {
        self.gl_read_buffer(src)
    }

    // Shaders and programs.
    unsafe fn GetShaderPrecisionFormat(&mut self, shadertype: GLenum, precisiontype: GLenum, range: *mut GLint, precision: *mut GLint) {
        self.gl_get_shader_precision_format(shadertype, precisiontype, range, precision)
    }
    unsafe fn ShaderBinary(&mut self, count: GLsizei, shaders: *const GLuint, binaryformat: GLenum, binary: *const c_void, length: GLsizei) {
        self.gl_shader_binary(count, shaders, binaryformat, binary, length)
    }
    unsafe fn SpecializeShader(&mut self, shader: GLuint, entry: *const GLchar, count: GLuint, indices: *const GLuint, values: *const GLuint) {
        self.gl_specialize_shader(shader, entry, count, indices, values)
    }
    /// The compiler holds nothing worth releasing; GL allows it to do nothing.
    unsafe fn ReleaseShaderCompiler(&mut self) {}
    unsafe fn CreateShader(&mut self, ty: GLenum) -> GLuint {
        self.gl_create_shader(ty)
    }
    unsafe fn ShaderSource(&mut self, shader: GLuint, count: GLsizei, strings: *const *const GLchar, lengths: *const GLint) {
        self.gl_shader_source(shader, count, strings, lengths)
    }
    unsafe fn CompileShader(&mut self, shader: GLuint) {
        self.gl_compile_shader(shader)
    }
    unsafe fn GetShaderiv(&mut self, shader: GLuint, pname: GLenum, params: *mut GLint) {
        if let Some(v) = self.shader_parameter(shader, pname) {
            store(params, 0, v);
        }
    }
    unsafe fn GetShaderInfoLog(&mut self, shader: GLuint, buf_size: GLsizei, length: *mut GLsizei, log: *mut GLchar) {
        self.gl_get_shader_text(shader, false, buf_size, length, log)
    }
    unsafe fn GetShaderSource(&mut self, shader: GLuint, buf_size: GLsizei, length: *mut GLsizei, source: *mut GLchar) {
        self.gl_get_shader_text(shader, true, buf_size, length, source)
    }
    unsafe fn DeleteShader(&mut self, shader: GLuint) {
        self.gl_delete_shader(shader)
    }
    unsafe fn IsShader(&mut self, shader: GLuint) -> GLboolean {
        self.gl_is_shader(shader)
    }
    unsafe fn CreateProgram(&mut self) -> GLuint {
        self.gl_create_program()
    }
    unsafe fn AttachShader(&mut self, program: GLuint, shader: GLuint) {
        self.gl_attach_shader(program, shader)
    }
    unsafe fn DetachShader(&mut self, program: GLuint, shader: GLuint) {
        self.gl_detach_shader(program, shader)
    }
    unsafe fn GetAttachedShaders(&mut self, program: GLuint, max_count: GLsizei, count: *mut GLsizei, shaders: *mut GLuint) {
        self.gl_get_attached_shaders(program, max_count, count, shaders)
    }
    unsafe fn BindAttribLocation(&mut self, program: GLuint, index: GLuint, name: *const GLchar) {
        self.gl_bind_attrib_location(program, index, name)
    }
    unsafe fn BindFragDataLocation(&mut self, program: GLuint, color: GLuint, name: *const GLchar) {
        self.gl_bind_frag_data_location(program, color, 0, name)
    }
    unsafe fn BindFragDataLocationIndexed(&mut self, program: GLuint, color_number: GLuint, index: GLuint, name: *const GLchar) {
        self.gl_bind_frag_data_location(program, color_number, index, name)
    }
    unsafe fn GetProgramiv(&mut self, program: GLuint, pname: GLenum, params: *mut GLint) {
        if pname == GL_COMPUTE_WORK_GROUP_SIZE {
            if let Some(size) = self.compute_work_group_size(program) {
                (0..3).for_each(|i| store(params, i, size[i] as GLint));
            }
            return;
        }
        if let Some(v) = self.program_query(program, pname) {
            store(params, 0, v);
        }
    }
    unsafe fn GetActiveUniform(&mut self, program: GLuint, index: GLuint, buf_size: GLsizei, length: *mut GLsizei, size: *mut GLint, ty: *mut GLenum, name: *mut GLchar) {
        self.write_active_variable(program, index, true, buf_size, length, size, ty, name)
    }
    unsafe fn GetActiveAttrib(&mut self, program: GLuint, index: GLuint, buf_size: GLsizei, length: *mut GLsizei, size: *mut GLint, ty: *mut GLenum, name: *mut GLchar) {
        self.write_active_variable(program, index, false, buf_size, length, size, ty, name)
    }
    unsafe fn GetActiveUniformsiv(&mut self, program: GLuint, count: GLsizei, indices: *const GLuint, pname: GLenum, params: *mut GLint) {
        if !self.check(count >= 0, GL_INVALID_VALUE) || indices.is_null() {
            return;
        }
        let indices = std::slice::from_raw_parts(indices, count as usize);
        let mut values = Vec::with_capacity(indices.len());
        for &i in indices {
            match self.active_uniform_parameter(program, i, pname) {
                Ok(v) => values.push(v),
                Err(GL_NO_ERROR) => return,
                Err(e) => return self.record_error(e),
            }
        }
        for (i, v) in values.into_iter().enumerate() {
            store(params, i, v);
        }
    }
    unsafe fn GetActiveUniformBlockiv(&mut self, program: GLuint, index: GLuint, pname: GLenum, params: *mut GLint) {
        if let Some(values) = self.uniform_block_parameter(program, index, pname) {
            for (i, v) in values.into_iter().enumerate() {
                store(params, i, v);
            }
        }
    }
    unsafe fn GetActiveUniformBlockName(&mut self, program: GLuint, index: GLuint, buf_size: GLsizei, length: *mut GLsizei, name: *mut GLchar) {
        if !self.check(buf_size >= 0, GL_INVALID_VALUE) {
            return;
        }
        if let Some(text) = self.uniform_block_name(program, index) {
            write_gl_string(&text, buf_size, length, name);
        }
    }
    unsafe fn GetUniformIndices(&mut self, program: GLuint, count: GLsizei, names: *const *const GLchar, indices: *mut GLuint) {
        if !self.check(count >= 0, GL_INVALID_VALUE) || names.is_null() {
            return;
        }
        for i in 0..count as usize {
            // A null name names no uniform.
            let Some(name) = c_name(*names.add(i)) else {
                store(indices, i, GL_INVALID_INDEX);
                continue;
            };
            match self.uniform_index(program, &name) {
                Some(index) => store(indices, i, index),
                None => return,
            }
        }
    }
    unsafe fn GetProgramInfoLog(&mut self, program: GLuint, buf_size: GLsizei, length: *mut GLsizei, log: *mut GLchar) {
        self.gl_get_program_info_log(program, buf_size, length, log)
    }
    unsafe fn AreTexturesResident(&mut self, n: GLsizei, textures: *const GLuint, _residences: *mut GLboolean) -> GLboolean {
        if !self.check(n >= 0, GL_INVALID_VALUE) {
            return 0;
        }
        let names = if textures.is_null() || n == 0 { &[][..] } else { std::slice::from_raw_parts(textures, n as usize) };
        self.gl_are_textures_resident(names)
    }
    /// Priorities are residency hints, which galvan has no use for (every texture stays
    /// resident); only the count is checked.
    unsafe fn PrioritizeTextures(&mut self, n: GLsizei, _textures: *const GLuint, _priorities: *const GLfloat) {
        self.check(n >= 0, GL_INVALID_VALUE);
    }
    unsafe fn AreTexturesResidentEXT(&mut self, n: GLsizei, textures: *const GLuint, residences: *mut GLboolean) -> GLboolean {
        self.AreTexturesResident(n, textures, residences)
    }
    unsafe fn PrioritizeTexturesEXT(&mut self, n: GLsizei, textures: *const GLuint, priorities: *const GLclampf) {
        self.PrioritizeTextures(n, textures, priorities)
    }
    unsafe fn DeleteObjectARB(&mut self, obj: GLhandleARB) {
        self.gl_delete_object(obj)
    }
    unsafe fn GetHandleARB(&mut self, pname: GLenum) -> GLhandleARB {
        self.gl_get_handle(pname)
    }
    unsafe fn GetObjectParameterivARB(&mut self, obj: GLhandleARB, pname: GLenum, params: *mut GLint) {
        if let Some(v) = self.object_parameter(obj, pname) {
            store(params, 0, v);
        }
    }
    unsafe fn GetObjectParameterfvARB(&mut self, obj: GLhandleARB, pname: GLenum, params: *mut GLfloat) {
        if let Some(v) = self.object_parameter(obj, pname) {
            store(params, 0, v as GLfloat);
        }
    }
    unsafe fn GetInfoLogARB(&mut self, obj: GLhandleARB, max_length: GLsizei, length: *mut GLsizei, info_log: *mut GLcharARB) {
        self.gl_get_info_log(obj, max_length, length, info_log)
    }
    unsafe fn GetAttachedObjectsARB(&mut self, container: GLhandleARB, max_count: GLsizei, count: *mut GLsizei, objects: *mut GLhandleARB) {
        self.gl_get_attached_shaders(container, max_count, count, objects)
    }
    unsafe fn DeleteProgram(&mut self, program: GLuint) {
        self.gl_delete_program(program)
    }
    unsafe fn IsProgram(&mut self, program: GLuint) -> GLboolean {
        self.gl_is_program(program)
    }

    // Clears and read-backs.
    unsafe fn Clear(&mut self, mask: GLbitfield) {
        self.gl_clear(mask)
    }
    unsafe fn ClearBufferiv(&mut self, buffer: GLenum, draw_buffer: GLint, value: *const GLint) {
        if value.is_null() {
            return;
        }
        let v = std::slice::from_raw_parts(value, if buffer == GL_COLOR { 4 } else { 1 });
        match buffer {
            GL_COLOR => self.gl_clear_buffer(buffer, draw_buffer, Some(ClearColor::Sint([v[0], v[1], v[2], v[3]])), None, None),
            GL_STENCIL => self.gl_clear_buffer(buffer, draw_buffer, None, None, Some(v[0])),
            _ => self.record_error(GL_INVALID_ENUM),
        }
    }
    unsafe fn ClearBufferuiv(&mut self, buffer: GLenum, draw_buffer: GLint, value: *const GLuint) {
        if value.is_null() {
            return;
        }
        match buffer {
            GL_COLOR => {
                let v = std::slice::from_raw_parts(value, 4);
                self.gl_clear_buffer(buffer, draw_buffer, Some(ClearColor::Uint([v[0], v[1], v[2], v[3]])), None, None)
            }
            _ => self.record_error(GL_INVALID_ENUM),
        }
    }
    unsafe fn ClearBufferfv(&mut self, buffer: GLenum, draw_buffer: GLint, value: *const GLfloat) {
        if value.is_null() {
            return;
        }
        match buffer {
            GL_COLOR => {
                let v = std::slice::from_raw_parts(value, 4);
                self.gl_clear_buffer(buffer, draw_buffer, Some(ClearColor::Float([v[0], v[1], v[2], v[3]])), None, None)
            }
            GL_DEPTH => self.gl_clear_buffer(buffer, draw_buffer, None, Some(*value), None),
            _ => self.record_error(GL_INVALID_ENUM),
        }
    }
    unsafe fn ClearBufferfi(&mut self, buffer: GLenum, draw_buffer: GLint, depth: GLfloat, stencil: GLint) {
        if !self.check(buffer == GL_DEPTH_STENCIL, GL_INVALID_ENUM) {
            return;
        }
        self.gl_clear_buffer(buffer, draw_buffer, None, Some(depth), Some(stencil))
    }
    unsafe fn ReadPixels(&mut self, x: GLint, y: GLint, width: GLsizei, height: GLsizei, format: GLenum, ty: GLenum, pixels: *mut c_void) {
        self.gl_read_pixels(x, y, width, height, format, ty, pixels)
    }
    unsafe fn ReadnPixels(&mut self, x: GLint, y: GLint, width: GLsizei, height: GLsizei, format: GLenum, ty: GLenum, buf_size: GLsizei, data: *mut c_void) {
        if self.read_pixels_fit(width, height, format, ty, buf_size) {
            self.gl_read_pixels(x, y, width, height, format, ty, data)
        }
    }

    // ARB_robustness / KHR_robustness: the reset status and the bounded read-backs.
    unsafe fn GetGraphicsResetStatus(&mut self) -> GLenum {
        self.gl_get_graphics_reset_status()
    }
    unsafe fn GetGraphicsResetStatusARB(&mut self) -> GLenum {
        self.gl_get_graphics_reset_status()
    }
    bounded_uniform_getters! {
        GetnUniformfv, GetnUniformfvARB => GetUniformfv: GLfloat;
        GetnUniformiv, GetnUniformivARB => GetUniformiv: GLint;
        GetnUniformuiv, GetnUniformuivARB => GetUniformuiv: GLuint;
        GetnUniformdv, GetnUniformdvARB => GetUniformdv: GLdouble;
    }
    unsafe fn GetnTexImage(&mut self, target: GLenum, level: GLint, format: GLenum, ty: GLenum, buf_size: GLsizei, pixels: *mut c_void) {
        self.gl_get_tex_image(target, level, format, ty, Some(buf_size.max(0) as usize), pixels)
    }
    unsafe fn GetnTexImageARB(&mut self, target: GLenum, level: GLint, format: GLenum, ty: GLenum, buf_size: GLsizei, pixels: *mut c_void) {
        self.GetnTexImage(target, level, format, ty, buf_size, pixels)
    }
    unsafe fn PolygonStipple(&mut self, mask: *const GLubyte) {
        self.gl_polygon_stipple(mask)
    }
    unsafe fn GetPolygonStipple(&mut self, mask: *mut GLubyte) {
        self.gl_get_polygon_stipple(None, mask)
    }
    unsafe fn GetnPolygonStipple(&mut self, buf_size: GLsizei, mask: *mut GLubyte) {
        self.gl_get_polygon_stipple(Some(buf_size.max(0) as usize), mask)
    }
    unsafe fn GetnPolygonStippleARB(&mut self, buf_size: GLsizei, mask: *mut GLubyte) {
        self.GetnPolygonStipple(buf_size, mask)
    }

    // Linking, uniforms and the program interface.
    unsafe fn LinkProgram(&mut self, program: GLuint) {
        self.gl_link_program(program)
    }
    unsafe fn UseProgram(&mut self, program: GLuint) {
        self.gl_use_program(program)
    }
    unsafe fn GetUniformLocation(&mut self, program: GLuint, name: *const GLchar) -> GLint {
        self.gl_get_uniform_location(program, name)
    }
    unsafe fn GetAttribLocation(&mut self, program: GLuint, name: *const GLchar) -> GLint {
        self.gl_get_attrib_location(program, name, false)
    }
    unsafe fn GetFragDataLocation(&mut self, program: GLuint, name: *const GLchar) -> GLint {
        self.gl_get_attrib_location(program, name, true)
    }
    unsafe fn GetFragDataIndex(&mut self, program: GLuint, name: *const GLchar) -> GLint {
        match c_name(name) {
            Some(name) => self.gl_get_program_resource_location(program, GL_PROGRAM_OUTPUT, &name, true),
            None => -1,
        }
    }
    unsafe fn GetUniformBlockIndex(&mut self, program: GLuint, name: *const GLchar) -> GLuint {
        self.gl_get_uniform_block_index(program, name)
    }
    unsafe fn UniformBlockBinding(&mut self, program: GLuint, index: GLuint, binding: GLuint) {
        self.gl_uniform_block_binding(program, index, binding)
    }
    unsafe fn GetUniformdv(&mut self, program: GLuint, location: GLint, params: *mut GLdouble) {
        if let Some((scalar, values)) = self.get_uniform(program, location) {
            for (i, v) in components_as_f64(scalar, &values).into_iter().enumerate() {
                store(params, i, v);
            }
        }
    }
    unsafe fn GetUniformfv(&mut self, program: GLuint, location: GLint, params: *mut GLfloat) {
        if let Some((scalar, values)) = self.get_uniform(program, location) {
            if scalar.words() == 2 {
                for (i, v) in components_as_f64(scalar, &values).into_iter().enumerate() {
                    store(params, i, v as f32);
                }
                return;
            }
            for (i, v) in values.into_iter().enumerate() {
                let f = match scalar {
                    Scalar::Float => f32::from_bits(v),
                    Scalar::Int => v as i32 as f32,
                    _ => v as f32,
                };
                store(params, i, f);
            }
        }
    }
    unsafe fn GetUniformiv(&mut self, program: GLuint, location: GLint, params: *mut GLint) {
        if let Some((scalar, values)) = self.get_uniform(program, location) {
            if scalar.words() == 2 {
                for (i, v) in components_as_f64(scalar, &values).into_iter().enumerate() {
                    store(params, i, v as GLint);
                }
                return;
            }
            for (i, v) in values.into_iter().enumerate() {
                let x = if scalar == Scalar::Float { f32::from_bits(v) as GLint } else { v as GLint };
                store(params, i, x);
            }
        }
    }
    unsafe fn GetUniformuiv(&mut self, program: GLuint, location: GLint, params: *mut GLuint) {
        if let Some((scalar, values)) = self.get_uniform(program, location) {
            if scalar.words() == 2 {
                for (i, v) in components_as_f64(scalar, &values).into_iter().enumerate() {
                    store(params, i, v as GLuint);
                }
                return;
            }
            for (i, v) in values.into_iter().enumerate() {
                let x = if scalar == Scalar::Float { f32::from_bits(v) as GLuint } else { v };
                store(params, i, x);
            }
        }
    }
    // 64-bit integer uniforms (ARB_gpu_shader_int64): each component two words.
    int64_uniform_commands! {
        Int64, GLint64:
            Uniform1i64ARB Uniform2i64ARB Uniform3i64ARB Uniform4i64ARB,
            Uniform1i64vARB Uniform2i64vARB Uniform3i64vARB Uniform4i64vARB;
        Uint64, GLuint64:
            Uniform1ui64ARB Uniform2ui64ARB Uniform3ui64ARB Uniform4ui64ARB,
            Uniform1ui64vARB Uniform2ui64vARB Uniform3ui64vARB Uniform4ui64vARB;
    }
    unsafe fn GetUniformi64vARB(&mut self, program: GLuint, location: GLint, params: *mut GLint64) {
        if let Some((scalar, values)) = self.get_uniform(program, location) {
            for (i, v) in components_as_i64(scalar, &values).into_iter().enumerate() {
                store(params, i, v);
            }
        }
    }
    unsafe fn GetUniformui64vARB(&mut self, program: GLuint, location: GLint, params: *mut GLuint64) {
        if let Some((scalar, values)) = self.get_uniform(program, location) {
            for (i, v) in components_as_i64(scalar, &values).into_iter().enumerate() {
                store(params, i, v as GLuint64);
            }
        }
    }
    // Double-precision uniforms (ARB_gpu_shader_fp64): each component two words.
    unsafe fn Uniform1d(&mut self, location: GLint, x: GLdouble) {
        self.gl_uniform(location, 1, Scalar::Double, 1, 1, false, UniformValues::Held(&double_words(&[x])))
    }
    unsafe fn Uniform2d(&mut self, location: GLint, x: GLdouble, y: GLdouble) {
        self.gl_uniform(location, 1, Scalar::Double, 1, 2, false, UniformValues::Held(&double_words(&[x, y])))
    }
    unsafe fn Uniform3d(&mut self, location: GLint, x: GLdouble, y: GLdouble, z: GLdouble) {
        self.gl_uniform(location, 1, Scalar::Double, 1, 3, false, UniformValues::Held(&double_words(&[x, y, z])))
    }
    unsafe fn Uniform4d(&mut self, location: GLint, x: GLdouble, y: GLdouble, z: GLdouble, w: GLdouble) {
        self.gl_uniform(location, 1, Scalar::Double, 1, 4, false, UniformValues::Held(&double_words(&[x, y, z, w])))
    }
    unsafe fn Uniform1dv(&mut self, location: GLint, count: GLsizei, value: *const GLdouble) {
        self.gl_uniform(location, count, Scalar::Double, 1, 1, false, UniformValues::Application(value as *const u32))
    }
    unsafe fn Uniform2dv(&mut self, location: GLint, count: GLsizei, value: *const GLdouble) {
        self.gl_uniform(location, count, Scalar::Double, 1, 2, false, UniformValues::Application(value as *const u32))
    }
    unsafe fn Uniform3dv(&mut self, location: GLint, count: GLsizei, value: *const GLdouble) {
        self.gl_uniform(location, count, Scalar::Double, 1, 3, false, UniformValues::Application(value as *const u32))
    }
    unsafe fn Uniform4dv(&mut self, location: GLint, count: GLsizei, value: *const GLdouble) {
        self.gl_uniform(location, count, Scalar::Double, 1, 4, false, UniformValues::Application(value as *const u32))
    }
    unsafe fn UniformMatrix2dv(&mut self, location: GLint, count: GLsizei, transpose: GLboolean, value: *const GLdouble) {
        self.gl_uniform(location, count, Scalar::Double, 2, 2, transpose != 0, UniformValues::Application(value as *const u32))
    }
    unsafe fn UniformMatrix3dv(&mut self, location: GLint, count: GLsizei, transpose: GLboolean, value: *const GLdouble) {
        self.gl_uniform(location, count, Scalar::Double, 3, 3, transpose != 0, UniformValues::Application(value as *const u32))
    }
    unsafe fn UniformMatrix4dv(&mut self, location: GLint, count: GLsizei, transpose: GLboolean, value: *const GLdouble) {
        self.gl_uniform(location, count, Scalar::Double, 4, 4, transpose != 0, UniformValues::Application(value as *const u32))
    }
    unsafe fn UniformMatrix2x3dv(&mut self, location: GLint, count: GLsizei, transpose: GLboolean, value: *const GLdouble) {
        self.gl_uniform(location, count, Scalar::Double, 2, 3, transpose != 0, UniformValues::Application(value as *const u32))
    }
    unsafe fn UniformMatrix2x4dv(&mut self, location: GLint, count: GLsizei, transpose: GLboolean, value: *const GLdouble) {
        self.gl_uniform(location, count, Scalar::Double, 2, 4, transpose != 0, UniformValues::Application(value as *const u32))
    }
    unsafe fn UniformMatrix3x2dv(&mut self, location: GLint, count: GLsizei, transpose: GLboolean, value: *const GLdouble) {
        self.gl_uniform(location, count, Scalar::Double, 3, 2, transpose != 0, UniformValues::Application(value as *const u32))
    }
    unsafe fn UniformMatrix3x4dv(&mut self, location: GLint, count: GLsizei, transpose: GLboolean, value: *const GLdouble) {
        self.gl_uniform(location, count, Scalar::Double, 3, 4, transpose != 0, UniformValues::Application(value as *const u32))
    }
    unsafe fn UniformMatrix4x2dv(&mut self, location: GLint, count: GLsizei, transpose: GLboolean, value: *const GLdouble) {
        self.gl_uniform(location, count, Scalar::Double, 4, 2, transpose != 0, UniformValues::Application(value as *const u32))
    }
    unsafe fn UniformMatrix4x3dv(&mut self, location: GLint, count: GLsizei, transpose: GLboolean, value: *const GLdouble) {
        self.gl_uniform(location, count, Scalar::Double, 4, 3, transpose != 0, UniformValues::Application(value as *const u32))
    }
    unsafe fn Uniform1f(&mut self, location: GLint, v0: GLfloat) {
        self.gl_uniform(location, 1, Scalar::Float, 1, 1, false, UniformValues::Held(&[v0.to_bits()]))
    }
    unsafe fn Uniform1fv(&mut self, location: GLint, count: GLsizei, value: *const GLfloat) {
        self.gl_uniform(location, count, Scalar::Float, 1, 1, false, UniformValues::Application(value as *const u32))
    }
    unsafe fn Uniform1i(&mut self, location: GLint, v0: GLint) {
        self.gl_uniform(location, 1, Scalar::Int, 1, 1, false, UniformValues::Held(&[v0 as u32]))
    }
    unsafe fn Uniform1iv(&mut self, location: GLint, count: GLsizei, value: *const GLint) {
        self.gl_uniform(location, count, Scalar::Int, 1, 1, false, UniformValues::Application(value as *const u32))
    }
    unsafe fn Uniform1ui(&mut self, location: GLint, v0: GLuint) {
        self.gl_uniform(location, 1, Scalar::Uint, 1, 1, false, UniformValues::Held(&[v0]))
    }
    unsafe fn Uniform1uiv(&mut self, location: GLint, count: GLsizei, value: *const GLuint) {
        self.gl_uniform(location, count, Scalar::Uint, 1, 1, false, UniformValues::Application(value as *const u32))
    }
    unsafe fn Uniform2f(&mut self, location: GLint, v0: GLfloat, v1: GLfloat) {
        self.gl_uniform(location, 1, Scalar::Float, 1, 2, false, UniformValues::Held(&[v0.to_bits(), v1.to_bits()]))
    }
    unsafe fn Uniform2fv(&mut self, location: GLint, count: GLsizei, value: *const GLfloat) {
        self.gl_uniform(location, count, Scalar::Float, 1, 2, false, UniformValues::Application(value as *const u32))
    }
    unsafe fn Uniform2i(&mut self, location: GLint, v0: GLint, v1: GLint) {
        self.gl_uniform(location, 1, Scalar::Int, 1, 2, false, UniformValues::Held(&[v0 as u32, v1 as u32]))
    }
    unsafe fn Uniform2iv(&mut self, location: GLint, count: GLsizei, value: *const GLint) {
        self.gl_uniform(location, count, Scalar::Int, 1, 2, false, UniformValues::Application(value as *const u32))
    }
    unsafe fn Uniform2ui(&mut self, location: GLint, v0: GLuint, v1: GLuint) {
        self.gl_uniform(location, 1, Scalar::Uint, 1, 2, false, UniformValues::Held(&[v0, v1]))
    }
    unsafe fn Uniform2uiv(&mut self, location: GLint, count: GLsizei, value: *const GLuint) {
        self.gl_uniform(location, count, Scalar::Uint, 1, 2, false, UniformValues::Application(value as *const u32))
    }
    unsafe fn Uniform3f(&mut self, location: GLint, v0: GLfloat, v1: GLfloat, v2: GLfloat) {
        self.gl_uniform(location, 1, Scalar::Float, 1, 3, false, UniformValues::Held(&[v0.to_bits(), v1.to_bits(), v2.to_bits()]))
    }
    unsafe fn Uniform3fv(&mut self, location: GLint, count: GLsizei, value: *const GLfloat) {
        self.gl_uniform(location, count, Scalar::Float, 1, 3, false, UniformValues::Application(value as *const u32))
    }
    unsafe fn Uniform3i(&mut self, location: GLint, v0: GLint, v1: GLint, v2: GLint) {
        self.gl_uniform(location, 1, Scalar::Int, 1, 3, false, UniformValues::Held(&[v0 as u32, v1 as u32, v2 as u32]))
    }
    unsafe fn Uniform3iv(&mut self, location: GLint, count: GLsizei, value: *const GLint) {
        self.gl_uniform(location, count, Scalar::Int, 1, 3, false, UniformValues::Application(value as *const u32))
    }
    unsafe fn Uniform3ui(&mut self, location: GLint, v0: GLuint, v1: GLuint, v2: GLuint) {
        self.gl_uniform(location, 1, Scalar::Uint, 1, 3, false, UniformValues::Held(&[v0, v1, v2]))
    }
    unsafe fn Uniform3uiv(&mut self, location: GLint, count: GLsizei, value: *const GLuint) {
        self.gl_uniform(location, count, Scalar::Uint, 1, 3, false, UniformValues::Application(value as *const u32))
    }
    unsafe fn Uniform4f(&mut self, location: GLint, v0: GLfloat, v1: GLfloat, v2: GLfloat, v3: GLfloat) {
        self.gl_uniform(location, 1, Scalar::Float, 1, 4, false, UniformValues::Held(&[v0.to_bits(), v1.to_bits(), v2.to_bits(), v3.to_bits()]))
    }
    unsafe fn Uniform4fv(&mut self, location: GLint, count: GLsizei, value: *const GLfloat) {
        self.gl_uniform(location, count, Scalar::Float, 1, 4, false, UniformValues::Application(value as *const u32))
    }
    unsafe fn Uniform4i(&mut self, location: GLint, v0: GLint, v1: GLint, v2: GLint, v3: GLint) {
        self.gl_uniform(location, 1, Scalar::Int, 1, 4, false, UniformValues::Held(&[v0 as u32, v1 as u32, v2 as u32, v3 as u32]))
    }
    unsafe fn Uniform4iv(&mut self, location: GLint, count: GLsizei, value: *const GLint) {
        self.gl_uniform(location, count, Scalar::Int, 1, 4, false, UniformValues::Application(value as *const u32))
    }
    unsafe fn Uniform4ui(&mut self, location: GLint, v0: GLuint, v1: GLuint, v2: GLuint, v3: GLuint) {
        self.gl_uniform(location, 1, Scalar::Uint, 1, 4, false, UniformValues::Held(&[v0, v1, v2, v3]))
    }
    unsafe fn Uniform4uiv(&mut self, location: GLint, count: GLsizei, value: *const GLuint) {
        self.gl_uniform(location, count, Scalar::Uint, 1, 4, false, UniformValues::Application(value as *const u32))
    }
    unsafe fn UniformMatrix2fv(&mut self, location: GLint, count: GLsizei, transpose: GLboolean, value: *const GLfloat) {
        self.gl_uniform(location, count, Scalar::Float, 2, 2, transpose != 0, UniformValues::Application(value as *const u32))
    }
    unsafe fn UniformMatrix3fv(&mut self, location: GLint, count: GLsizei, transpose: GLboolean, value: *const GLfloat) {
        self.gl_uniform(location, count, Scalar::Float, 3, 3, transpose != 0, UniformValues::Application(value as *const u32))
    }
    unsafe fn UniformMatrix4fv(&mut self, location: GLint, count: GLsizei, transpose: GLboolean, value: *const GLfloat) {
        self.gl_uniform(location, count, Scalar::Float, 4, 4, transpose != 0, UniformValues::Application(value as *const u32))
    }
    unsafe fn UniformMatrix2x3fv(&mut self, location: GLint, count: GLsizei, transpose: GLboolean, value: *const GLfloat) {
        self.gl_uniform(location, count, Scalar::Float, 2, 3, transpose != 0, UniformValues::Application(value as *const u32))
    }
    unsafe fn UniformMatrix3x2fv(&mut self, location: GLint, count: GLsizei, transpose: GLboolean, value: *const GLfloat) {
        self.gl_uniform(location, count, Scalar::Float, 3, 2, transpose != 0, UniformValues::Application(value as *const u32))
    }
    unsafe fn UniformMatrix2x4fv(&mut self, location: GLint, count: GLsizei, transpose: GLboolean, value: *const GLfloat) {
        self.gl_uniform(location, count, Scalar::Float, 2, 4, transpose != 0, UniformValues::Application(value as *const u32))
    }
    unsafe fn UniformMatrix4x2fv(&mut self, location: GLint, count: GLsizei, transpose: GLboolean, value: *const GLfloat) {
        self.gl_uniform(location, count, Scalar::Float, 4, 2, transpose != 0, UniformValues::Application(value as *const u32))
    }
    unsafe fn UniformMatrix3x4fv(&mut self, location: GLint, count: GLsizei, transpose: GLboolean, value: *const GLfloat) {
        self.gl_uniform(location, count, Scalar::Float, 3, 4, transpose != 0, UniformValues::Application(value as *const u32))
    }
    unsafe fn UniformMatrix4x3fv(&mut self, location: GLint, count: GLsizei, transpose: GLboolean, value: *const GLfloat) {
        self.gl_uniform(location, count, Scalar::Float, 4, 3, transpose != 0, UniformValues::Application(value as *const u32))
    }

    // Draws.
    unsafe fn DrawArrays(&mut self, mode: GLenum, first: GLint, count: GLsizei) {
        self.gl_draw(mode, first, count, 1, 0, 0, None)
    }
    unsafe fn DrawArraysInstanced(&mut self, mode: GLenum, first: GLint, count: GLsizei, instances: GLsizei) {
        self.gl_draw(mode, first, count, instances, 0, 0, None)
    }
    unsafe fn DrawArraysInstancedBaseInstance(&mut self, mode: GLenum, first: GLint, count: GLsizei, instances: GLsizei, base_instance: GLuint) {
        self.gl_draw(mode, first, count, instances, 0, base_instance, None)
    }
    unsafe fn DrawElements(&mut self, mode: GLenum, count: GLsizei, ty: GLenum, indices: *const c_void) {
        self.gl_draw(mode, 0, count, 1, 0, 0, Some(Indices { ty, offset: indices as usize }))
    }
    unsafe fn DrawElementsInstanced(&mut self, mode: GLenum, count: GLsizei, ty: GLenum, indices: *const c_void, instances: GLsizei) {
        self.gl_draw(mode, 0, count, instances, 0, 0, Some(Indices { ty, offset: indices as usize }))
    }
    unsafe fn DrawElementsBaseVertex(&mut self, mode: GLenum, count: GLsizei, ty: GLenum, indices: *const c_void, base_vertex: GLint) {
        self.gl_draw(mode, 0, count, 1, base_vertex, 0, Some(Indices { ty, offset: indices as usize }))
    }
    unsafe fn DrawElementsInstancedBaseVertex(&mut self, mode: GLenum, count: GLsizei, ty: GLenum, indices: *const c_void, instances: GLsizei, base_vertex: GLint) {
        self.gl_draw(mode, 0, count, instances, base_vertex, 0, Some(Indices { ty, offset: indices as usize }))
    }
    unsafe fn DrawElementsInstancedBaseVertexBaseInstance(&mut self, mode: GLenum, count: GLsizei, ty: GLenum, indices: *const c_void, instances: GLsizei, base_vertex: GLint, base_instance: GLuint) {
        self.gl_draw(mode, 0, count, instances, base_vertex, base_instance, Some(Indices { ty, offset: indices as usize }))
    }
    unsafe fn DrawElementsInstancedBaseInstance(&mut self, mode: GLenum, count: GLsizei, ty: GLenum, indices: *const c_void, instances: GLsizei, base_instance: GLuint) {
        self.gl_draw(mode, 0, count, instances, 0, base_instance, Some(Indices { ty, offset: indices as usize }))
    }
    unsafe fn PrimitiveRestartIndex(&mut self, index: GLuint) {
        self.gl_primitive_restart_index(index)
    }
    unsafe fn DrawArraysIndirect(&mut self, mode: GLenum, indirect: *const c_void) {
        self.gl_draw_indirect(mode, None, indirect)
    }
    unsafe fn DrawElementsIndirect(&mut self, mode: GLenum, ty: GLenum, indirect: *const c_void) {
        self.gl_draw_indirect(mode, Some(ty), indirect)
    }
    unsafe fn MultiDrawArraysIndirect(&mut self, mode: GLenum, indirect: *const c_void, drawcount: GLsizei, stride: GLsizei) {
        self.gl_multi_draw_indirect(mode, None, indirect, drawcount, stride)
    }
    unsafe fn MultiDrawElementsIndirect(&mut self, mode: GLenum, ty: GLenum, indirect: *const c_void, drawcount: GLsizei, stride: GLsizei) {
        self.gl_multi_draw_indirect(mode, Some(ty), indirect, drawcount, stride)
    }
    unsafe fn MultiDrawArraysIndirectCount(&mut self, mode: GLenum, indirect: *const c_void, drawcount: GLintptr, maxdrawcount: GLsizei, stride: GLsizei) {
        self.gl_multi_draw_indirect_count(mode, None, indirect, drawcount, maxdrawcount, stride)
    }
    unsafe fn MultiDrawElementsIndirectCount(&mut self, mode: GLenum, ty: GLenum, indirect: *const c_void, drawcount: GLintptr, maxdrawcount: GLsizei, stride: GLsizei) {
        self.gl_multi_draw_indirect_count(mode, Some(ty), indirect, drawcount, maxdrawcount, stride)
    }
    unsafe fn MultiDrawArrays(&mut self, mode: GLenum, first: *const GLint, count: *const GLsizei, drawcount: GLsizei) {
        self.gl_multi_draw_arrays(mode, first, count, drawcount)
    }
    unsafe fn MultiDrawElements(&mut self, mode: GLenum, count: *const GLsizei, ty: GLenum, indices: *const *const c_void, drawcount: GLsizei) {
        self.gl_multi_draw_elements(mode, count, ty, indices, drawcount, std::ptr::null())
    }
    unsafe fn MultiDrawElementsBaseVertex(&mut self, mode: GLenum, count: *const GLsizei, ty: GLenum, indices: *const *const c_void, drawcount: GLsizei, base_vertex: *const GLint) {
        self.gl_multi_draw_elements(mode, count, ty, indices, drawcount, base_vertex)
    }
    unsafe fn DrawRangeElements(&mut self, mode: GLenum, start: GLuint, end: GLuint, count: GLsizei, ty: GLenum, indices: *const c_void) {
        if !self.check(end >= start, GL_INVALID_VALUE) {
            return;
        }
        self.gl_draw(mode, 0, count, 1, 0, 0, Some(Indices { ty, offset: indices as usize }))
    }
    unsafe fn DrawRangeElementsBaseVertex(&mut self, mode: GLenum, start: GLuint, end: GLuint, count: GLsizei, ty: GLenum, indices: *const c_void, base_vertex: GLint) {
        if !self.check(end >= start, GL_INVALID_VALUE) {
            return;
        }
        self.gl_draw(mode, 0, count, 1, base_vertex, 0, Some(Indices { ty, offset: indices as usize }))
    }
    unsafe fn VertexAttribI1i(&mut self, index: GLuint, x: GLint) {
        self.set_current_attrib_words(index, [x as u32, 0, 0, 1])
    }
    unsafe fn VertexAttribI1iv(&mut self, index: GLuint, v: *const GLint) {
        if let Some(w) = integer_vector(v, 1) {
            self.set_current_attrib_words(index, w)
        }
    }
    unsafe fn VertexAttribI1ui(&mut self, index: GLuint, x: GLuint) {
        self.set_current_attrib_words(index, [x, 0, 0, 1])
    }
    unsafe fn VertexAttribI1uiv(&mut self, index: GLuint, v: *const GLuint) {
        if let Some(w) = integer_vector(v, 1) {
            self.set_current_attrib_words(index, w)
        }
    }
    unsafe fn VertexAttribI2i(&mut self, index: GLuint, x: GLint, y: GLint) {
        self.set_current_attrib_words(index, [x as u32, y as u32, 0, 1])
    }
    unsafe fn VertexAttribI2iv(&mut self, index: GLuint, v: *const GLint) {
        if let Some(w) = integer_vector(v, 2) {
            self.set_current_attrib_words(index, w)
        }
    }
    unsafe fn VertexAttribI2ui(&mut self, index: GLuint, x: GLuint, y: GLuint) {
        self.set_current_attrib_words(index, [x, y, 0, 1])
    }
    unsafe fn VertexAttribI2uiv(&mut self, index: GLuint, v: *const GLuint) {
        if let Some(w) = integer_vector(v, 2) {
            self.set_current_attrib_words(index, w)
        }
    }
    unsafe fn VertexAttribI3i(&mut self, index: GLuint, x: GLint, y: GLint, z: GLint) {
        self.set_current_attrib_words(index, [x as u32, y as u32, z as u32, 1])
    }
    unsafe fn VertexAttribI3iv(&mut self, index: GLuint, v: *const GLint) {
        if let Some(w) = integer_vector(v, 3) {
            self.set_current_attrib_words(index, w)
        }
    }
    unsafe fn VertexAttribI3ui(&mut self, index: GLuint, x: GLuint, y: GLuint, z: GLuint) {
        self.set_current_attrib_words(index, [x, y, z, 1])
    }
    unsafe fn VertexAttribI3uiv(&mut self, index: GLuint, v: *const GLuint) {
        if let Some(w) = integer_vector(v, 3) {
            self.set_current_attrib_words(index, w)
        }
    }
    unsafe fn VertexAttribI4i(&mut self, index: GLuint, x: GLint, y: GLint, z: GLint, w: GLint) {
        self.set_current_attrib_words(index, [x as u32, y as u32, z as u32, w as u32])
    }
    unsafe fn VertexAttribI4iv(&mut self, index: GLuint, v: *const GLint) {
        if let Some(w) = integer_vector(v, 4) {
            self.set_current_attrib_words(index, w)
        }
    }
    unsafe fn VertexAttribI4ui(&mut self, index: GLuint, x: GLuint, y: GLuint, z: GLuint, w: GLuint) {
        self.set_current_attrib_words(index, [x, y, z, w])
    }
    unsafe fn VertexAttribI4uiv(&mut self, index: GLuint, v: *const GLuint) {
        if let Some(w) = integer_vector(v, 4) {
            self.set_current_attrib_words(index, w)
        }
    }
    unsafe fn VertexAttribI4bv(&mut self, index: GLuint, v: *const GLbyte) {
        if let Some(w) = integer_vector(v, 4) {
            self.set_current_attrib_words(index, w)
        }
    }
    unsafe fn VertexAttribI4sv(&mut self, index: GLuint, v: *const GLshort) {
        if let Some(w) = integer_vector(v, 4) {
            self.set_current_attrib_words(index, w)
        }
    }
    unsafe fn VertexAttribI4ubv(&mut self, index: GLuint, v: *const GLubyte) {
        if let Some(w) = integer_vector(v, 4) {
            self.set_current_attrib_words(index, w)
        }
    }
    unsafe fn VertexAttribI4usv(&mut self, index: GLuint, v: *const GLushort) {
        if let Some(w) = integer_vector(v, 4) {
            self.set_current_attrib_words(index, w)
        }
    }
    unsafe fn VertexAttrib1f(&mut self, index: GLuint, x: GLfloat) {
        self.set_current_attrib(index, [x, 0.0, 0.0, 1.0])
    }
    unsafe fn VertexAttrib2f(&mut self, index: GLuint, x: GLfloat, y: GLfloat) {
        self.set_current_attrib(index, [x, y, 0.0, 1.0])
    }
    unsafe fn VertexAttrib3f(&mut self, index: GLuint, x: GLfloat, y: GLfloat, z: GLfloat) {
        self.set_current_attrib(index, [x, y, z, 1.0])
    }
    unsafe fn VertexAttrib4f(&mut self, index: GLuint, x: GLfloat, y: GLfloat, z: GLfloat, w: GLfloat) {
        self.set_current_attrib(index, [x, y, z, w])
    }
    unsafe fn VertexAttrib4fv(&mut self, index: GLuint, v: *const GLfloat) {
        if !v.is_null() {
            let v = std::slice::from_raw_parts(v, 4);
            self.set_current_attrib(index, [v[0], v[1], v[2], v[3]])
        }
    }

    // Hints, syncs, blits, texture storage and mipmaps.
    unsafe fn Hint(&mut self, target: GLenum, mode: GLenum) {
        self.gl_hint(target, mode)
    }
    unsafe fn FenceSync(&mut self, condition: GLenum, flags: GLbitfield) -> *const c_void {
        self.gl_fence_sync(condition, flags)
    }
    unsafe fn ClientWaitSync(&mut self, sync: *const c_void, flags: GLbitfield, timeout: GLuint64) -> GLenum {
        self.gl_client_wait_sync(sync, flags, timeout)
    }
    unsafe fn WaitSync(&mut self, sync: *const c_void, flags: GLbitfield, timeout: GLuint64) {
        self.gl_wait_sync(sync, flags, timeout)
    }
    unsafe fn DeleteSync(&mut self, sync: *const c_void) {
        self.gl_delete_sync(sync)
    }
    unsafe fn IsSync(&mut self, sync: *const c_void) -> GLboolean {
        self.gl_is_sync(sync)
    }
    unsafe fn GetSynciv(&mut self, sync: *const c_void, pname: GLenum, buf_size: GLsizei, length: *mut GLsizei, values: *mut GLint) {
        if !self.check(buf_size >= 0, GL_INVALID_VALUE) {
            return;
        }
        if let Some(v) = self.sync_parameter(sync, pname) {
            if buf_size > 0 {
                store(values, 0, v);
            }
            store(length, 0, buf_size.min(1));
        }
    }
    unsafe fn BlitFramebuffer(&mut self, sx0: GLint, sy0: GLint, sx1: GLint, sy1: GLint, dx0: GLint, dy0: GLint, dx1: GLint, dy1: GLint, mask: GLbitfield, filter: GLenum) {
        self.gl_blit_framebuffer([sx0, sy0, sx1, sy1], [dx0, dy0, dx1, dy1], mask, filter)
    }
    unsafe fn TexStorage2D(&mut self, target: GLenum, levels: GLsizei, internal_format: GLenum, width: GLsizei, height: GLsizei) {
        self.gl_tex_storage(2, target, levels, internal_format, [width, height, 1])
    }
    unsafe fn GenerateMipmap(&mut self, target: GLenum) {
        self.gl_generate_mipmap(target)
    }
    unsafe fn ValidateProgram(&mut self, program: GLuint) {
        self.with_program(program, |p| p.validated = p.linked);
    }
    unsafe fn GetTexImage(&mut self, target: GLenum, level: GLint, format: GLenum, ty: GLenum, pixels: *mut c_void) {
        self.gl_get_tex_image(target, level, format, ty, None, pixels)
    }
    unsafe fn CompressedTexImage1D(&mut self, target: GLenum, level: GLint, internal_format: GLenum, width: GLsizei, border: GLint, image_size: GLsizei, data: *const c_void) {
        self.gl_compressed_tex_image(1, target, level, internal_format, [width, 1, 1], border, image_size, data)
    }
    unsafe fn CompressedTexImage2D(&mut self, target: GLenum, level: GLint, internal_format: GLenum, width: GLsizei, height: GLsizei, border: GLint, image_size: GLsizei, data: *const c_void) {
        self.gl_compressed_tex_image(2, target, level, internal_format, [width, height, 1], border, image_size, data)
    }
    #[allow(clippy::too_many_arguments)]
    unsafe fn CompressedTexImage3D(&mut self, target: GLenum, level: GLint, internal_format: GLenum, width: GLsizei, height: GLsizei, depth: GLsizei, border: GLint, image_size: GLsizei, data: *const c_void) {
        self.gl_compressed_tex_image(3, target, level, internal_format, [width, height, depth], border, image_size, data)
    }
    unsafe fn CompressedTexSubImage1D(&mut self, target: GLenum, level: GLint, x: GLint, width: GLsizei, format: GLenum, image_size: GLsizei, data: *const c_void) {
        self.gl_compressed_tex_sub_image(1, target, level, [x, 0, 0], [width, 1, 1], format, image_size, data)
    }
    #[allow(clippy::too_many_arguments)]
    unsafe fn CompressedTexSubImage2D(&mut self, target: GLenum, level: GLint, x: GLint, y: GLint, width: GLsizei, height: GLsizei, format: GLenum, image_size: GLsizei, data: *const c_void) {
        self.gl_compressed_tex_sub_image(2, target, level, [x, y, 0], [width, height, 1], format, image_size, data)
    }
    #[allow(clippy::too_many_arguments)]
    unsafe fn CompressedTexSubImage3D(&mut self, target: GLenum, level: GLint, x: GLint, y: GLint, z: GLint, width: GLsizei, height: GLsizei, depth: GLsizei, format: GLenum, image_size: GLsizei, data: *const c_void) {
        self.gl_compressed_tex_sub_image(3, target, level, [x, y, z], [width, height, depth], format, image_size, data)
    }
    unsafe fn GetCompressedTexImage(&mut self, target: GLenum, level: GLint, img: *mut c_void) {
        self.gl_get_compressed_tex_image(target, level, None, img)
    }
    unsafe fn GetnCompressedTexImage(&mut self, target: GLenum, level: GLint, buf_size: GLsizei, img: *mut c_void) {
        self.gl_get_compressed_tex_image(target, level, Some(buf_size.max(0) as usize), img)
    }
    // ARB_get_texture_sub_image: a box of a level of a texture named directly.
    #[allow(clippy::too_many_arguments)]
    unsafe fn GetTextureSubImage(&mut self, texture: GLuint, level: GLint, x: GLint, y: GLint, z: GLint, width: GLsizei, height: GLsizei, depth: GLsizei, format: GLenum, ty: GLenum, buf_size: GLsizei, pixels: *mut c_void) {
        self.gl_get_texture_sub_image(texture, level, [x, y, z], [width, height, depth], format, ty, buf_size, pixels)
    }
    #[allow(clippy::too_many_arguments)]
    unsafe fn GetCompressedTextureSubImage(&mut self, texture: GLuint, level: GLint, x: GLint, y: GLint, z: GLint, width: GLsizei, height: GLsizei, depth: GLsizei, buf_size: GLsizei, pixels: *mut c_void) {
        self.gl_get_compressed_texture_sub_image(texture, level, [x, y, z], [width, height, depth], buf_size, pixels)
    }
    unsafe fn GetnCompressedTexImageARB(&mut self, target: GLenum, level: GLint, buf_size: GLsizei, img: *mut c_void) {
        self.GetnCompressedTexImage(target, level, buf_size, img)
    }

    // Texture images of one and three dimensions, and copies from the framebuffer.
    unsafe fn TexImage1D(&mut self, target: GLenum, level: GLint, internal_format: GLint, width: GLsizei, border: GLint, format: GLenum, ty: GLenum, pixels: *const c_void) {
        self.gl_tex_image(1, target, level, internal_format, [width, 1, 1], border, format, ty, pixels)
    }
    unsafe fn TexImage3D(&mut self, target: GLenum, level: GLint, internal_format: GLint, width: GLsizei, height: GLsizei, depth: GLsizei, border: GLint, format: GLenum, ty: GLenum, pixels: *const c_void) {
        self.gl_tex_image(3, target, level, internal_format, [width, height, depth], border, format, ty, pixels)
    }
    unsafe fn TexSubImage1D(&mut self, target: GLenum, level: GLint, x: GLint, width: GLsizei, format: GLenum, ty: GLenum, pixels: *const c_void) {
        self.gl_tex_sub_image(1, target, level, [x, 0, 0], [width, 1, 1], format, ty, pixels)
    }
    unsafe fn TexSubImage3D(&mut self, target: GLenum, level: GLint, x: GLint, y: GLint, z: GLint, width: GLsizei, height: GLsizei, depth: GLsizei, format: GLenum, ty: GLenum, pixels: *const c_void) {
        self.gl_tex_sub_image(3, target, level, [x, y, z], [width, height, depth], format, ty, pixels)
    }
    #[allow(clippy::too_many_arguments)]
    unsafe fn TextureView(&mut self, texture: GLuint, target: GLenum, original: GLuint, internal_format: GLenum, min_level: GLuint, num_levels: GLuint, min_layer: GLuint, num_layers: GLuint) {
        self.gl_texture_view(texture, target, original, internal_format, min_level, num_levels, min_layer, num_layers)
    }
    unsafe fn TexStorage1D(&mut self, target: GLenum, levels: GLsizei, internal_format: GLenum, width: GLsizei) {
        self.gl_tex_storage(1, target, levels, internal_format, [width, 1, 1])
    }
    unsafe fn TexStorage3D(&mut self, target: GLenum, levels: GLsizei, internal_format: GLenum, width: GLsizei, height: GLsizei, depth: GLsizei) {
        self.gl_tex_storage(3, target, levels, internal_format, [width, height, depth])
    }
    unsafe fn TexImage2DMultisample(&mut self, target: GLenum, samples: GLsizei, internal_format: GLenum, width: GLsizei, height: GLsizei, fixed: GLboolean) {
        self.gl_tex_image_multisample(2, target, samples, internal_format, [width, height, 1], fixed, false)
    }
    unsafe fn TexImage3DMultisample(&mut self, target: GLenum, samples: GLsizei, internal_format: GLenum, width: GLsizei, height: GLsizei, depth: GLsizei, fixed: GLboolean) {
        self.gl_tex_image_multisample(3, target, samples, internal_format, [width, height, depth], fixed, false)
    }
    unsafe fn TexStorage2DMultisample(&mut self, target: GLenum, samples: GLsizei, internal_format: GLenum, width: GLsizei, height: GLsizei, fixed: GLboolean) {
        self.gl_tex_image_multisample(2, target, samples, internal_format, [width, height, 1], fixed, true)
    }
    unsafe fn TexStorage3DMultisample(&mut self, target: GLenum, samples: GLsizei, internal_format: GLenum, width: GLsizei, height: GLsizei, depth: GLsizei, fixed: GLboolean) {
        self.gl_tex_image_multisample(3, target, samples, internal_format, [width, height, depth], fixed, true)
    }
    unsafe fn CopyTexImage1D(&mut self, target: GLenum, level: GLint, internal_format: GLenum, x: GLint, y: GLint, width: GLsizei, border: GLint) {
        self.gl_copy_tex_image(1, target, level, internal_format, x, y, width, 1, border)
    }
    unsafe fn CopyTexImage2D(&mut self, target: GLenum, level: GLint, internal_format: GLenum, x: GLint, y: GLint, width: GLsizei, height: GLsizei, border: GLint) {
        self.gl_copy_tex_image(2, target, level, internal_format, x, y, width, height, border)
    }
    #[allow(clippy::too_many_arguments)]
    unsafe fn CopyImageSubData(&mut self, srcName: GLuint, srcTarget: GLenum, srcLevel: GLint, srcX: GLint, srcY: GLint, srcZ: GLint, dstName: GLuint, dstTarget: GLenum, dstLevel: GLint, dstX: GLint, dstY: GLint, dstZ: GLint, srcWidth: GLsizei, srcHeight: GLsizei, srcDepth: GLsizei) {
        let src = CopyEnd { name: srcName, target: srcTarget, level: srcLevel, offset: [srcX, srcY, srcZ] };
        let dst = CopyEnd { name: dstName, target: dstTarget, level: dstLevel, offset: [dstX, dstY, dstZ] };
        self.gl_copy_image_sub_data(src, dst, [srcWidth, srcHeight, srcDepth])
    }
    unsafe fn CopyTexSubImage1D(&mut self, target: GLenum, level: GLint, xoffset: GLint, x: GLint, y: GLint, width: GLsizei) {
        self.gl_copy_tex_sub_image(1, target, level, [xoffset, 0, 0], x, y, width, 1)
    }
    unsafe fn CopyTexSubImage2D(&mut self, target: GLenum, level: GLint, xoffset: GLint, yoffset: GLint, x: GLint, y: GLint, width: GLsizei, height: GLsizei) {
        self.gl_copy_tex_sub_image(2, target, level, [xoffset, yoffset, 0], x, y, width, height)
    }
    unsafe fn CopyTexSubImage3D(&mut self, target: GLenum, level: GLint, xoffset: GLint, yoffset: GLint, zoffset: GLint, x: GLint, y: GLint, width: GLsizei, height: GLsizei) {
        self.gl_copy_tex_sub_image(3, target, level, [xoffset, yoffset, zoffset], x, y, width, height)
    }

    // KHR_debug.
    unsafe fn DebugMessageCallback(&mut self, callback: GLDEBUGPROC, user_param: *const c_void) {
        self.gl_debug_message_callback(callback, user_param)
    }
    unsafe fn DebugMessageControl(&mut self, source: GLenum, ty: GLenum, severity: GLenum, count: GLsizei, ids: *const GLuint, enabled: GLboolean) {
        self.gl_debug_message_control(source, ty, severity, count, ids, enabled)
    }
    unsafe fn DebugMessageInsert(&mut self, source: GLenum, ty: GLenum, id: GLuint, severity: GLenum, length: GLsizei, buf: *const GLchar) {
        self.gl_debug_message_insert(source, ty, id, severity, length, buf)
    }
    unsafe fn GetDebugMessageLog(&mut self, count: GLuint, buf_size: GLsizei, sources: *mut GLenum, types: *mut GLenum, ids: *mut GLuint, severities: *mut GLenum, lengths: *mut GLsizei, log: *mut GLchar) -> GLuint {
        self.gl_get_debug_message_log(count, buf_size, sources, types, ids, severities, lengths, log)
    }
    unsafe fn PushDebugGroup(&mut self, source: GLenum, id: GLuint, length: GLsizei, message: *const GLchar) {
        self.gl_push_debug_group(source, id, length, message)
    }
    unsafe fn PopDebugGroup(&mut self) {
        self.gl_pop_debug_group()
    }
    unsafe fn ObjectLabel(&mut self, identifier: GLenum, name: GLuint, length: GLsizei, label: *const GLchar) {
        self.gl_object_label(identifier, name, length, label)
    }
    unsafe fn GetObjectLabel(&mut self, identifier: GLenum, name: GLuint, buf_size: GLsizei, length: *mut GLsizei, label: *mut GLchar) {
        self.gl_get_object_label(identifier, name, buf_size, length, label)
    }
    unsafe fn ObjectPtrLabel(&mut self, ptr: *const c_void, length: GLsizei, label: *const GLchar) {
        self.gl_object_ptr_label(ptr, length, label)
    }
    unsafe fn GetObjectPtrLabel(&mut self, ptr: *const c_void, buf_size: GLsizei, length: *mut GLsizei, label: *mut GLchar) {
        self.gl_get_object_ptr_label(ptr, buf_size, length, label)
    }

    // Matrix stacks (compatibility profile).
    unsafe fn MatrixMode(&mut self, mode: GLenum) {
        self.gl_matrix_mode(mode)
    }
    unsafe fn LoadIdentity(&mut self) {
        self.gl_load_matrix(IDENTITY)
    }
    unsafe fn LoadMatrixf(&mut self, m: *const GLfloat) {
        if let Some(m) = read_matrix(m) {
            self.gl_load_matrix(m)
        }
    }
    unsafe fn LoadMatrixd(&mut self, m: *const GLdouble) {
        if let Some(m) = read_matrix(m) {
            self.gl_load_matrix(m)
        }
    }
    unsafe fn MultMatrixf(&mut self, m: *const GLfloat) {
        if let Some(m) = read_matrix(m) {
            self.gl_mult_matrix(m)
        }
    }
    unsafe fn MultMatrixd(&mut self, m: *const GLdouble) {
        if let Some(m) = read_matrix(m) {
            self.gl_mult_matrix(m)
        }
    }
    unsafe fn LoadTransposeMatrixf(&mut self, m: *const GLfloat) {
        if let Some(m) = read_matrix(m) {
            self.gl_load_matrix(transpose(&m))
        }
    }
    unsafe fn LoadTransposeMatrixd(&mut self, m: *const GLdouble) {
        if let Some(m) = read_matrix(m) {
            self.gl_load_matrix(transpose(&m))
        }
    }
    unsafe fn MultTransposeMatrixf(&mut self, m: *const GLfloat) {
        if let Some(m) = read_matrix(m) {
            self.gl_mult_matrix(transpose(&m))
        }
    }
    unsafe fn MultTransposeMatrixd(&mut self, m: *const GLdouble) {
        if let Some(m) = read_matrix(m) {
            self.gl_mult_matrix(transpose(&m))
        }
    }
    unsafe fn PushMatrix(&mut self) {
        self.gl_push_matrix()
    }
    unsafe fn PopMatrix(&mut self) {
        self.gl_pop_matrix()
    }
    unsafe fn Rotatef(&mut self, angle: GLfloat, x: GLfloat, y: GLfloat, z: GLfloat) {
        self.gl_mult_matrix(rotation(angle as f64, x as f64, y as f64, z as f64))
    }
    unsafe fn Rotated(&mut self, angle: GLdouble, x: GLdouble, y: GLdouble, z: GLdouble) {
        self.gl_mult_matrix(rotation(angle, x, y, z))
    }
    unsafe fn Translatef(&mut self, x: GLfloat, y: GLfloat, z: GLfloat) {
        self.gl_mult_matrix(translation(x as f64, y as f64, z as f64))
    }
    unsafe fn Translated(&mut self, x: GLdouble, y: GLdouble, z: GLdouble) {
        self.gl_mult_matrix(translation(x, y, z))
    }
    unsafe fn Scalef(&mut self, x: GLfloat, y: GLfloat, z: GLfloat) {
        self.gl_mult_matrix(scaling(x as f64, y as f64, z as f64))
    }
    unsafe fn Scaled(&mut self, x: GLdouble, y: GLdouble, z: GLdouble) {
        self.gl_mult_matrix(scaling(x, y, z))
    }
    unsafe fn Ortho(&mut self, left: GLdouble, right: GLdouble, bottom: GLdouble, top: GLdouble, z_near: GLdouble, z_far: GLdouble) {
        self.gl_ortho(left, right, bottom, top, z_near, z_far)
    }
    unsafe fn Frustum(&mut self, left: GLdouble, right: GLdouble, bottom: GLdouble, top: GLdouble, z_near: GLdouble, z_far: GLdouble) {
        self.gl_frustum(left, right, bottom, top, z_near, z_far)
    }

    // Immediate mode and current values (compatibility profile).
    unsafe fn Begin(&mut self, mode: GLenum) {
        self.gl_begin(mode)
    }
    unsafe fn End(&mut self) {
        self.gl_end()
    }

    // Evaluators (compatibility profile).
    unsafe fn Map1f(&mut self, target: GLenum, u1: GLfloat, u2: GLfloat, stride: GLint, order: GLint, points: *const GLfloat) {
        let args = MapArgs { target, domain: [[u1 as f64, u2 as f64], [0.0, 1.0]], stride: [stride, 0], order: [order, 1] };
        self.gl_map(Dimension::One, args, points)
    }
    unsafe fn Map1d(&mut self, target: GLenum, u1: GLdouble, u2: GLdouble, stride: GLint, order: GLint, points: *const GLdouble) {
        let args = MapArgs { target, domain: [[u1, u2], [0.0, 1.0]], stride: [stride, 0], order: [order, 1] };
        self.gl_map(Dimension::One, args, points)
    }
    unsafe fn Map2f(&mut self, target: GLenum, u1: GLfloat, u2: GLfloat, ustride: GLint, uorder: GLint, v1: GLfloat, v2: GLfloat, vstride: GLint, vorder: GLint, points: *const GLfloat) {
        let domain = [[u1 as f64, u2 as f64], [v1 as f64, v2 as f64]];
        self.gl_map(Dimension::Two, MapArgs { target, domain, stride: [ustride, vstride], order: [uorder, vorder] }, points)
    }
    unsafe fn Map2d(&mut self, target: GLenum, u1: GLdouble, u2: GLdouble, ustride: GLint, uorder: GLint, v1: GLdouble, v2: GLdouble, vstride: GLint, vorder: GLint, points: *const GLdouble) {
        self.gl_map(Dimension::Two, MapArgs { target, domain: [[u1, u2], [v1, v2]], stride: [ustride, vstride], order: [uorder, vorder] }, points)
    }
    unsafe fn GetMapfv(&mut self, target: GLenum, query: GLenum, v: *mut GLfloat) {
        write_map_values(self.gl_get_map(target, query, None), v, |x| x as GLfloat)
    }
    unsafe fn GetMapdv(&mut self, target: GLenum, query: GLenum, v: *mut GLdouble) {
        write_map_values(self.gl_get_map(target, query, None), v, |x| x)
    }
    unsafe fn GetMapiv(&mut self, target: GLenum, query: GLenum, v: *mut GLint) {
        write_map_values(self.gl_get_map(target, query, None), v, |x| x.round() as GLint)
    }
    unsafe fn GetnMapfv(&mut self, target: GLenum, query: GLenum, buf_size: GLsizei, v: *mut GLfloat) {
        write_map_values(self.gl_get_map(target, query, Some(values_in_bytes::<GLfloat>(buf_size))), v, |x| x as GLfloat)
    }
    unsafe fn GetnMapdv(&mut self, target: GLenum, query: GLenum, buf_size: GLsizei, v: *mut GLdouble) {
        write_map_values(self.gl_get_map(target, query, Some(values_in_bytes::<GLdouble>(buf_size))), v, |x| x)
    }
    unsafe fn GetnMapiv(&mut self, target: GLenum, query: GLenum, buf_size: GLsizei, v: *mut GLint) {
        write_map_values(self.gl_get_map(target, query, Some(values_in_bytes::<GLint>(buf_size))), v, |x| x.round() as GLint)
    }
    unsafe fn GetnMapfvARB(&mut self, target: GLenum, query: GLenum, buf_size: GLsizei, v: *mut GLfloat) {
        self.GetnMapfv(target, query, buf_size, v)
    }
    unsafe fn GetnMapdvARB(&mut self, target: GLenum, query: GLenum, buf_size: GLsizei, v: *mut GLdouble) {
        self.GetnMapdv(target, query, buf_size, v)
    }
    unsafe fn GetnMapivARB(&mut self, target: GLenum, query: GLenum, buf_size: GLsizei, v: *mut GLint) {
        self.GetnMapiv(target, query, buf_size, v)
    }
    unsafe fn MapGrid1f(&mut self, un: GLint, u1: GLfloat, u2: GLfloat) {
        self.gl_map_grid(Dimension::One, [un, 1], [[u1 as f64, u2 as f64], [0.0, 1.0]])
    }
    unsafe fn MapGrid1d(&mut self, un: GLint, u1: GLdouble, u2: GLdouble) {
        self.gl_map_grid(Dimension::One, [un, 1], [[u1, u2], [0.0, 1.0]])
    }
    unsafe fn MapGrid2f(&mut self, un: GLint, u1: GLfloat, u2: GLfloat, vn: GLint, v1: GLfloat, v2: GLfloat) {
        self.gl_map_grid(Dimension::Two, [un, vn], [[u1 as f64, u2 as f64], [v1 as f64, v2 as f64]])
    }
    unsafe fn MapGrid2d(&mut self, un: GLint, u1: GLdouble, u2: GLdouble, vn: GLint, v1: GLdouble, v2: GLdouble) {
        self.gl_map_grid(Dimension::Two, [un, vn], [[u1, u2], [v1, v2]])
    }
    unsafe fn EvalCoord1f(&mut self, u: GLfloat) {
        self.gl_eval_coord(Dimension::One, u as f64, 0.0)
    }
    unsafe fn EvalCoord1d(&mut self, u: GLdouble) {
        self.gl_eval_coord(Dimension::One, u, 0.0)
    }
    unsafe fn EvalCoord1fv(&mut self, u: *const GLfloat) {
        if let Some(u) = read_vec(u, 1) {
            self.gl_eval_coord(Dimension::One, u[0] as f64, 0.0)
        }
    }
    unsafe fn EvalCoord1dv(&mut self, u: *const GLdouble) {
        if !u.is_null() {
            self.gl_eval_coord(Dimension::One, *u, 0.0)
        }
    }
    unsafe fn EvalCoord2f(&mut self, u: GLfloat, v: GLfloat) {
        self.gl_eval_coord(Dimension::Two, u as f64, v as f64)
    }
    unsafe fn EvalCoord2d(&mut self, u: GLdouble, v: GLdouble) {
        self.gl_eval_coord(Dimension::Two, u, v)
    }
    unsafe fn EvalCoord2fv(&mut self, u: *const GLfloat) {
        if let Some(u) = read_vec(u, 2) {
            self.gl_eval_coord(Dimension::Two, u[0] as f64, u[1] as f64)
        }
    }
    unsafe fn EvalCoord2dv(&mut self, u: *const GLdouble) {
        if !u.is_null() {
            self.gl_eval_coord(Dimension::Two, *u, *u.add(1))
        }
    }
    unsafe fn EvalPoint1(&mut self, i: GLint) {
        self.gl_eval_point(Dimension::One, i, 0)
    }
    unsafe fn EvalPoint2(&mut self, i: GLint, j: GLint) {
        self.gl_eval_point(Dimension::Two, i, j)
    }
    unsafe fn EvalMesh1(&mut self, mode: GLenum, i1: GLint, i2: GLint) {
        self.gl_eval_mesh1(mode, i1, i2)
    }
    unsafe fn EvalMesh2(&mut self, mode: GLenum, i1: GLint, i2: GLint, j1: GLint, j2: GLint) {
        self.gl_eval_mesh2(mode, i1, i2, j1, j2)
    }

    // Fixed-function texturing (compatibility profile).
    unsafe fn TexEnvi(&mut self, target: GLenum, pname: GLenum, param: GLint) {
        self.gl_tex_env(target, pname, &[param as f64])
    }
    unsafe fn TexEnvf(&mut self, target: GLenum, pname: GLenum, param: GLfloat) {
        self.gl_tex_env(target, pname, &[param as f64])
    }
    unsafe fn TexEnviv(&mut self, target: GLenum, pname: GLenum, params: *const GLint) {
        if params.is_null() {
            return;
        }
        let n = if pname == GL_TEXTURE_ENV_COLOR { 4 } else { 1 };
        let values: Vec<f64> = (0..n).map(|i| {
            let v = *params.add(i) as f64;
            if pname == GL_TEXTURE_ENV_COLOR { v / i32::MAX as f64 } else { v }
        }).collect();
        self.gl_tex_env(target, pname, &values)
    }
    unsafe fn TexEnvfv(&mut self, target: GLenum, pname: GLenum, params: *const GLfloat) {
        if params.is_null() {
            return;
        }
        let n = if pname == GL_TEXTURE_ENV_COLOR { 4 } else { 1 };
        let values: Vec<f64> = (0..n).map(|i| *params.add(i) as f64).collect();
        self.gl_tex_env(target, pname, &values)
    }
    unsafe fn GetTexEnviv(&mut self, target: GLenum, pname: GLenum, params: *mut GLint) {
        if let Some(values) = self.tex_env_values(target, pname) {
            for (i, v) in values.iter().enumerate() {
                let v = if pname == GL_TEXTURE_ENV_COLOR { (v * i32::MAX as f64).round() } else { *v };
                store(params, i, v as GLint);
            }
        }
    }
    unsafe fn GetTexEnvfv(&mut self, target: GLenum, pname: GLenum, params: *mut GLfloat) {
        if let Some(values) = self.tex_env_values(target, pname) {
            for (i, v) in values.iter().enumerate() {
                store(params, i, *v as GLfloat);
            }
        }
    }
    unsafe fn Vertex2s(&mut self, x: GLshort, y: GLshort) {
        self.gl_vertex([x as f32, y as f32, 0.0, 1.0])
    }
    unsafe fn Vertex2sv(&mut self, v: *const GLshort) {
        if let Some(v) = read_vec(v, 2) {
            self.gl_vertex(v)
        }
    }
    unsafe fn Vertex2i(&mut self, x: GLint, y: GLint) {
        self.gl_vertex([x as f32, y as f32, 0.0, 1.0])
    }
    unsafe fn Vertex2iv(&mut self, v: *const GLint) {
        if let Some(v) = read_vec(v, 2) {
            self.gl_vertex(v)
        }
    }
    unsafe fn Vertex2f(&mut self, x: GLfloat, y: GLfloat) {
        self.gl_vertex([x as f32, y as f32, 0.0, 1.0])
    }
    unsafe fn Vertex2fv(&mut self, v: *const GLfloat) {
        if let Some(v) = read_vec(v, 2) {
            self.gl_vertex(v)
        }
    }
    unsafe fn Vertex2d(&mut self, x: GLdouble, y: GLdouble) {
        self.gl_vertex([x as f32, y as f32, 0.0, 1.0])
    }
    unsafe fn Vertex2dv(&mut self, v: *const GLdouble) {
        if let Some(v) = read_vec(v, 2) {
            self.gl_vertex(v)
        }
    }
    unsafe fn Vertex3s(&mut self, x: GLshort, y: GLshort, z: GLshort) {
        self.gl_vertex([x as f32, y as f32, z as f32, 1.0])
    }
    unsafe fn Vertex3sv(&mut self, v: *const GLshort) {
        if let Some(v) = read_vec(v, 3) {
            self.gl_vertex(v)
        }
    }
    unsafe fn Vertex3i(&mut self, x: GLint, y: GLint, z: GLint) {
        self.gl_vertex([x as f32, y as f32, z as f32, 1.0])
    }
    unsafe fn Vertex3iv(&mut self, v: *const GLint) {
        if let Some(v) = read_vec(v, 3) {
            self.gl_vertex(v)
        }
    }
    unsafe fn Vertex3f(&mut self, x: GLfloat, y: GLfloat, z: GLfloat) {
        self.gl_vertex([x as f32, y as f32, z as f32, 1.0])
    }
    unsafe fn Vertex3fv(&mut self, v: *const GLfloat) {
        if let Some(v) = read_vec(v, 3) {
            self.gl_vertex(v)
        }
    }
    unsafe fn Vertex3d(&mut self, x: GLdouble, y: GLdouble, z: GLdouble) {
        self.gl_vertex([x as f32, y as f32, z as f32, 1.0])
    }
    unsafe fn Vertex3dv(&mut self, v: *const GLdouble) {
        if let Some(v) = read_vec(v, 3) {
            self.gl_vertex(v)
        }
    }
    unsafe fn Vertex4s(&mut self, x: GLshort, y: GLshort, z: GLshort, w: GLshort) {
        self.gl_vertex([x as f32, y as f32, z as f32, w as f32])
    }
    unsafe fn Vertex4sv(&mut self, v: *const GLshort) {
        if let Some(v) = read_vec(v, 4) {
            self.gl_vertex(v)
        }
    }
    unsafe fn Vertex4i(&mut self, x: GLint, y: GLint, z: GLint, w: GLint) {
        self.gl_vertex([x as f32, y as f32, z as f32, w as f32])
    }
    unsafe fn Vertex4iv(&mut self, v: *const GLint) {
        if let Some(v) = read_vec(v, 4) {
            self.gl_vertex(v)
        }
    }
    unsafe fn Vertex4f(&mut self, x: GLfloat, y: GLfloat, z: GLfloat, w: GLfloat) {
        self.gl_vertex([x as f32, y as f32, z as f32, w as f32])
    }
    unsafe fn Vertex4fv(&mut self, v: *const GLfloat) {
        if let Some(v) = read_vec(v, 4) {
            self.gl_vertex(v)
        }
    }
    unsafe fn Vertex4d(&mut self, x: GLdouble, y: GLdouble, z: GLdouble, w: GLdouble) {
        self.gl_vertex([x as f32, y as f32, z as f32, w as f32])
    }
    unsafe fn Vertex4dv(&mut self, v: *const GLdouble) {
        if let Some(v) = read_vec(v, 4) {
            self.gl_vertex(v)
        }
    }
    unsafe fn Color3b(&mut self, x: GLbyte, y: GLbyte, z: GLbyte) {
        self.gl_current(Current::Color, [x.normalized(), y.normalized(), z.normalized(), 1.0])
    }
    unsafe fn Color3bv(&mut self, v: *const GLbyte) {
        if let Some(v) = read_norm(v, 3) {
            self.gl_current(Current::Color, v)
        }
    }
    unsafe fn Color3s(&mut self, x: GLshort, y: GLshort, z: GLshort) {
        self.gl_current(Current::Color, [x.normalized(), y.normalized(), z.normalized(), 1.0])
    }
    unsafe fn Color3sv(&mut self, v: *const GLshort) {
        if let Some(v) = read_norm(v, 3) {
            self.gl_current(Current::Color, v)
        }
    }
    unsafe fn Color3i(&mut self, x: GLint, y: GLint, z: GLint) {
        self.gl_current(Current::Color, [x.normalized(), y.normalized(), z.normalized(), 1.0])
    }
    unsafe fn Color3iv(&mut self, v: *const GLint) {
        if let Some(v) = read_norm(v, 3) {
            self.gl_current(Current::Color, v)
        }
    }
    unsafe fn Color3f(&mut self, x: GLfloat, y: GLfloat, z: GLfloat) {
        self.gl_current(Current::Color, [x.normalized(), y.normalized(), z.normalized(), 1.0])
    }
    unsafe fn Color3fv(&mut self, v: *const GLfloat) {
        if let Some(v) = read_norm(v, 3) {
            self.gl_current(Current::Color, v)
        }
    }
    unsafe fn Color3d(&mut self, x: GLdouble, y: GLdouble, z: GLdouble) {
        self.gl_current(Current::Color, [x.normalized(), y.normalized(), z.normalized(), 1.0])
    }
    unsafe fn Color3dv(&mut self, v: *const GLdouble) {
        if let Some(v) = read_norm(v, 3) {
            self.gl_current(Current::Color, v)
        }
    }
    unsafe fn Color3ub(&mut self, x: GLubyte, y: GLubyte, z: GLubyte) {
        self.gl_current(Current::Color, [x.normalized(), y.normalized(), z.normalized(), 1.0])
    }
    unsafe fn Color3ubv(&mut self, v: *const GLubyte) {
        if let Some(v) = read_norm(v, 3) {
            self.gl_current(Current::Color, v)
        }
    }
    unsafe fn Color3us(&mut self, x: GLushort, y: GLushort, z: GLushort) {
        self.gl_current(Current::Color, [x.normalized(), y.normalized(), z.normalized(), 1.0])
    }
    unsafe fn Color3usv(&mut self, v: *const GLushort) {
        if let Some(v) = read_norm(v, 3) {
            self.gl_current(Current::Color, v)
        }
    }
    unsafe fn Color3ui(&mut self, x: GLuint, y: GLuint, z: GLuint) {
        self.gl_current(Current::Color, [x.normalized(), y.normalized(), z.normalized(), 1.0])
    }
    unsafe fn Color3uiv(&mut self, v: *const GLuint) {
        if let Some(v) = read_norm(v, 3) {
            self.gl_current(Current::Color, v)
        }
    }
    unsafe fn Color4b(&mut self, x: GLbyte, y: GLbyte, z: GLbyte, w: GLbyte) {
        self.gl_current(Current::Color, [x.normalized(), y.normalized(), z.normalized(), w.normalized()])
    }
    unsafe fn Color4bv(&mut self, v: *const GLbyte) {
        if let Some(v) = read_norm(v, 4) {
            self.gl_current(Current::Color, v)
        }
    }
    unsafe fn Color4s(&mut self, x: GLshort, y: GLshort, z: GLshort, w: GLshort) {
        self.gl_current(Current::Color, [x.normalized(), y.normalized(), z.normalized(), w.normalized()])
    }
    unsafe fn Color4sv(&mut self, v: *const GLshort) {
        if let Some(v) = read_norm(v, 4) {
            self.gl_current(Current::Color, v)
        }
    }
    unsafe fn Color4i(&mut self, x: GLint, y: GLint, z: GLint, w: GLint) {
        self.gl_current(Current::Color, [x.normalized(), y.normalized(), z.normalized(), w.normalized()])
    }
    unsafe fn Color4iv(&mut self, v: *const GLint) {
        if let Some(v) = read_norm(v, 4) {
            self.gl_current(Current::Color, v)
        }
    }
    unsafe fn Color4f(&mut self, x: GLfloat, y: GLfloat, z: GLfloat, w: GLfloat) {
        self.gl_current(Current::Color, [x.normalized(), y.normalized(), z.normalized(), w.normalized()])
    }
    unsafe fn Color4fv(&mut self, v: *const GLfloat) {
        if let Some(v) = read_norm(v, 4) {
            self.gl_current(Current::Color, v)
        }
    }
    unsafe fn Color4d(&mut self, x: GLdouble, y: GLdouble, z: GLdouble, w: GLdouble) {
        self.gl_current(Current::Color, [x.normalized(), y.normalized(), z.normalized(), w.normalized()])
    }
    unsafe fn Color4dv(&mut self, v: *const GLdouble) {
        if let Some(v) = read_norm(v, 4) {
            self.gl_current(Current::Color, v)
        }
    }
    unsafe fn Color4ub(&mut self, x: GLubyte, y: GLubyte, z: GLubyte, w: GLubyte) {
        self.gl_current(Current::Color, [x.normalized(), y.normalized(), z.normalized(), w.normalized()])
    }
    unsafe fn Color4ubv(&mut self, v: *const GLubyte) {
        if let Some(v) = read_norm(v, 4) {
            self.gl_current(Current::Color, v)
        }
    }
    unsafe fn Color4us(&mut self, x: GLushort, y: GLushort, z: GLushort, w: GLushort) {
        self.gl_current(Current::Color, [x.normalized(), y.normalized(), z.normalized(), w.normalized()])
    }
    unsafe fn Color4usv(&mut self, v: *const GLushort) {
        if let Some(v) = read_norm(v, 4) {
            self.gl_current(Current::Color, v)
        }
    }
    unsafe fn Color4ui(&mut self, x: GLuint, y: GLuint, z: GLuint, w: GLuint) {
        self.gl_current(Current::Color, [x.normalized(), y.normalized(), z.normalized(), w.normalized()])
    }
    unsafe fn Color4uiv(&mut self, v: *const GLuint) {
        if let Some(v) = read_norm(v, 4) {
            self.gl_current(Current::Color, v)
        }
    }
    unsafe fn SecondaryColor3b(&mut self, x: GLbyte, y: GLbyte, z: GLbyte) {
        self.gl_current(Current::SecondaryColor, [x.normalized(), y.normalized(), z.normalized(), 1.0])
    }
    unsafe fn SecondaryColor3bv(&mut self, v: *const GLbyte) {
        if let Some(v) = read_norm(v, 3) {
            self.gl_current(Current::SecondaryColor, v)
        }
    }
    unsafe fn SecondaryColor3s(&mut self, x: GLshort, y: GLshort, z: GLshort) {
        self.gl_current(Current::SecondaryColor, [x.normalized(), y.normalized(), z.normalized(), 1.0])
    }
    unsafe fn SecondaryColor3sv(&mut self, v: *const GLshort) {
        if let Some(v) = read_norm(v, 3) {
            self.gl_current(Current::SecondaryColor, v)
        }
    }
    unsafe fn SecondaryColor3i(&mut self, x: GLint, y: GLint, z: GLint) {
        self.gl_current(Current::SecondaryColor, [x.normalized(), y.normalized(), z.normalized(), 1.0])
    }
    unsafe fn SecondaryColor3iv(&mut self, v: *const GLint) {
        if let Some(v) = read_norm(v, 3) {
            self.gl_current(Current::SecondaryColor, v)
        }
    }
    unsafe fn SecondaryColor3f(&mut self, x: GLfloat, y: GLfloat, z: GLfloat) {
        self.gl_current(Current::SecondaryColor, [x.normalized(), y.normalized(), z.normalized(), 1.0])
    }
    unsafe fn SecondaryColor3fv(&mut self, v: *const GLfloat) {
        if let Some(v) = read_norm(v, 3) {
            self.gl_current(Current::SecondaryColor, v)
        }
    }
    unsafe fn SecondaryColor3d(&mut self, x: GLdouble, y: GLdouble, z: GLdouble) {
        self.gl_current(Current::SecondaryColor, [x.normalized(), y.normalized(), z.normalized(), 1.0])
    }
    unsafe fn SecondaryColor3dv(&mut self, v: *const GLdouble) {
        if let Some(v) = read_norm(v, 3) {
            self.gl_current(Current::SecondaryColor, v)
        }
    }
    unsafe fn SecondaryColor3ub(&mut self, x: GLubyte, y: GLubyte, z: GLubyte) {
        self.gl_current(Current::SecondaryColor, [x.normalized(), y.normalized(), z.normalized(), 1.0])
    }
    unsafe fn SecondaryColor3ubv(&mut self, v: *const GLubyte) {
        if let Some(v) = read_norm(v, 3) {
            self.gl_current(Current::SecondaryColor, v)
        }
    }
    unsafe fn SecondaryColor3us(&mut self, x: GLushort, y: GLushort, z: GLushort) {
        self.gl_current(Current::SecondaryColor, [x.normalized(), y.normalized(), z.normalized(), 1.0])
    }
    unsafe fn SecondaryColor3usv(&mut self, v: *const GLushort) {
        if let Some(v) = read_norm(v, 3) {
            self.gl_current(Current::SecondaryColor, v)
        }
    }
    unsafe fn SecondaryColor3ui(&mut self, x: GLuint, y: GLuint, z: GLuint) {
        self.gl_current(Current::SecondaryColor, [x.normalized(), y.normalized(), z.normalized(), 1.0])
    }
    unsafe fn SecondaryColor3uiv(&mut self, v: *const GLuint) {
        if let Some(v) = read_norm(v, 3) {
            self.gl_current(Current::SecondaryColor, v)
        }
    }
    unsafe fn Normal3b(&mut self, x: GLbyte, y: GLbyte, z: GLbyte) {
        self.gl_current(Current::Normal, [x.normalized(), y.normalized(), z.normalized(), 1.0])
    }
    unsafe fn Normal3bv(&mut self, v: *const GLbyte) {
        if let Some(v) = read_norm(v, 3) {
            self.gl_current(Current::Normal, v)
        }
    }
    unsafe fn Normal3s(&mut self, x: GLshort, y: GLshort, z: GLshort) {
        self.gl_current(Current::Normal, [x.normalized(), y.normalized(), z.normalized(), 1.0])
    }
    unsafe fn Normal3sv(&mut self, v: *const GLshort) {
        if let Some(v) = read_norm(v, 3) {
            self.gl_current(Current::Normal, v)
        }
    }
    unsafe fn Normal3i(&mut self, x: GLint, y: GLint, z: GLint) {
        self.gl_current(Current::Normal, [x.normalized(), y.normalized(), z.normalized(), 1.0])
    }
    unsafe fn Normal3iv(&mut self, v: *const GLint) {
        if let Some(v) = read_norm(v, 3) {
            self.gl_current(Current::Normal, v)
        }
    }
    unsafe fn Normal3f(&mut self, x: GLfloat, y: GLfloat, z: GLfloat) {
        self.gl_current(Current::Normal, [x.normalized(), y.normalized(), z.normalized(), 1.0])
    }
    unsafe fn Normal3fv(&mut self, v: *const GLfloat) {
        if let Some(v) = read_norm(v, 3) {
            self.gl_current(Current::Normal, v)
        }
    }
    unsafe fn Normal3d(&mut self, x: GLdouble, y: GLdouble, z: GLdouble) {
        self.gl_current(Current::Normal, [x.normalized(), y.normalized(), z.normalized(), 1.0])
    }
    unsafe fn Normal3dv(&mut self, v: *const GLdouble) {
        if let Some(v) = read_norm(v, 3) {
            self.gl_current(Current::Normal, v)
        }
    }
    unsafe fn TexCoord1s(&mut self, x: GLshort) {
        self.gl_current(Current::TexCoord(GL_TEXTURE0), [x as f32, 0.0, 0.0, 1.0])
    }
    unsafe fn TexCoord1sv(&mut self, v: *const GLshort) {
        if let Some(v) = read_vec(v, 1) {
            self.gl_current(Current::TexCoord(GL_TEXTURE0), v)
        }
    }
    unsafe fn MultiTexCoord1s(&mut self, target: GLenum, x: GLshort) {
        self.gl_current(Current::TexCoord(target), [x as f32, 0.0, 0.0, 1.0])
    }
    unsafe fn MultiTexCoord1sv(&mut self, target: GLenum, v: *const GLshort) {
        if let Some(v) = read_vec(v, 1) {
            self.gl_current(Current::TexCoord(target), v)
        }
    }
    unsafe fn TexCoord1i(&mut self, x: GLint) {
        self.gl_current(Current::TexCoord(GL_TEXTURE0), [x as f32, 0.0, 0.0, 1.0])
    }
    unsafe fn TexCoord1iv(&mut self, v: *const GLint) {
        if let Some(v) = read_vec(v, 1) {
            self.gl_current(Current::TexCoord(GL_TEXTURE0), v)
        }
    }
    unsafe fn MultiTexCoord1i(&mut self, target: GLenum, x: GLint) {
        self.gl_current(Current::TexCoord(target), [x as f32, 0.0, 0.0, 1.0])
    }
    unsafe fn MultiTexCoord1iv(&mut self, target: GLenum, v: *const GLint) {
        if let Some(v) = read_vec(v, 1) {
            self.gl_current(Current::TexCoord(target), v)
        }
    }
    unsafe fn TexCoord1f(&mut self, x: GLfloat) {
        self.gl_current(Current::TexCoord(GL_TEXTURE0), [x as f32, 0.0, 0.0, 1.0])
    }
    unsafe fn TexCoord1fv(&mut self, v: *const GLfloat) {
        if let Some(v) = read_vec(v, 1) {
            self.gl_current(Current::TexCoord(GL_TEXTURE0), v)
        }
    }
    unsafe fn MultiTexCoord1f(&mut self, target: GLenum, x: GLfloat) {
        self.gl_current(Current::TexCoord(target), [x as f32, 0.0, 0.0, 1.0])
    }
    unsafe fn MultiTexCoord1fv(&mut self, target: GLenum, v: *const GLfloat) {
        if let Some(v) = read_vec(v, 1) {
            self.gl_current(Current::TexCoord(target), v)
        }
    }
    unsafe fn TexCoord1d(&mut self, x: GLdouble) {
        self.gl_current(Current::TexCoord(GL_TEXTURE0), [x as f32, 0.0, 0.0, 1.0])
    }
    unsafe fn TexCoord1dv(&mut self, v: *const GLdouble) {
        if let Some(v) = read_vec(v, 1) {
            self.gl_current(Current::TexCoord(GL_TEXTURE0), v)
        }
    }
    unsafe fn MultiTexCoord1d(&mut self, target: GLenum, x: GLdouble) {
        self.gl_current(Current::TexCoord(target), [x as f32, 0.0, 0.0, 1.0])
    }
    unsafe fn MultiTexCoord1dv(&mut self, target: GLenum, v: *const GLdouble) {
        if let Some(v) = read_vec(v, 1) {
            self.gl_current(Current::TexCoord(target), v)
        }
    }
    unsafe fn TexCoord2s(&mut self, x: GLshort, y: GLshort) {
        self.gl_current(Current::TexCoord(GL_TEXTURE0), [x as f32, y as f32, 0.0, 1.0])
    }
    unsafe fn TexCoord2sv(&mut self, v: *const GLshort) {
        if let Some(v) = read_vec(v, 2) {
            self.gl_current(Current::TexCoord(GL_TEXTURE0), v)
        }
    }
    unsafe fn MultiTexCoord2s(&mut self, target: GLenum, x: GLshort, y: GLshort) {
        self.gl_current(Current::TexCoord(target), [x as f32, y as f32, 0.0, 1.0])
    }
    unsafe fn MultiTexCoord2sv(&mut self, target: GLenum, v: *const GLshort) {
        if let Some(v) = read_vec(v, 2) {
            self.gl_current(Current::TexCoord(target), v)
        }
    }
    unsafe fn TexCoord2i(&mut self, x: GLint, y: GLint) {
        self.gl_current(Current::TexCoord(GL_TEXTURE0), [x as f32, y as f32, 0.0, 1.0])
    }
    unsafe fn TexCoord2iv(&mut self, v: *const GLint) {
        if let Some(v) = read_vec(v, 2) {
            self.gl_current(Current::TexCoord(GL_TEXTURE0), v)
        }
    }
    unsafe fn MultiTexCoord2i(&mut self, target: GLenum, x: GLint, y: GLint) {
        self.gl_current(Current::TexCoord(target), [x as f32, y as f32, 0.0, 1.0])
    }
    unsafe fn MultiTexCoord2iv(&mut self, target: GLenum, v: *const GLint) {
        if let Some(v) = read_vec(v, 2) {
            self.gl_current(Current::TexCoord(target), v)
        }
    }
    unsafe fn TexCoord2f(&mut self, x: GLfloat, y: GLfloat) {
        self.gl_current(Current::TexCoord(GL_TEXTURE0), [x as f32, y as f32, 0.0, 1.0])
    }
    unsafe fn TexCoord2fv(&mut self, v: *const GLfloat) {
        if let Some(v) = read_vec(v, 2) {
            self.gl_current(Current::TexCoord(GL_TEXTURE0), v)
        }
    }
    unsafe fn MultiTexCoord2f(&mut self, target: GLenum, x: GLfloat, y: GLfloat) {
        self.gl_current(Current::TexCoord(target), [x as f32, y as f32, 0.0, 1.0])
    }
    unsafe fn MultiTexCoord2fv(&mut self, target: GLenum, v: *const GLfloat) {
        if let Some(v) = read_vec(v, 2) {
            self.gl_current(Current::TexCoord(target), v)
        }
    }
    unsafe fn TexCoord2d(&mut self, x: GLdouble, y: GLdouble) {
        self.gl_current(Current::TexCoord(GL_TEXTURE0), [x as f32, y as f32, 0.0, 1.0])
    }
    unsafe fn TexCoord2dv(&mut self, v: *const GLdouble) {
        if let Some(v) = read_vec(v, 2) {
            self.gl_current(Current::TexCoord(GL_TEXTURE0), v)
        }
    }
    unsafe fn MultiTexCoord2d(&mut self, target: GLenum, x: GLdouble, y: GLdouble) {
        self.gl_current(Current::TexCoord(target), [x as f32, y as f32, 0.0, 1.0])
    }
    unsafe fn MultiTexCoord2dv(&mut self, target: GLenum, v: *const GLdouble) {
        if let Some(v) = read_vec(v, 2) {
            self.gl_current(Current::TexCoord(target), v)
        }
    }
    unsafe fn TexCoord3s(&mut self, x: GLshort, y: GLshort, z: GLshort) {
        self.gl_current(Current::TexCoord(GL_TEXTURE0), [x as f32, y as f32, z as f32, 1.0])
    }
    unsafe fn TexCoord3sv(&mut self, v: *const GLshort) {
        if let Some(v) = read_vec(v, 3) {
            self.gl_current(Current::TexCoord(GL_TEXTURE0), v)
        }
    }
    unsafe fn MultiTexCoord3s(&mut self, target: GLenum, x: GLshort, y: GLshort, z: GLshort) {
        self.gl_current(Current::TexCoord(target), [x as f32, y as f32, z as f32, 1.0])
    }
    unsafe fn MultiTexCoord3sv(&mut self, target: GLenum, v: *const GLshort) {
        if let Some(v) = read_vec(v, 3) {
            self.gl_current(Current::TexCoord(target), v)
        }
    }
    unsafe fn TexCoord3i(&mut self, x: GLint, y: GLint, z: GLint) {
        self.gl_current(Current::TexCoord(GL_TEXTURE0), [x as f32, y as f32, z as f32, 1.0])
    }
    unsafe fn TexCoord3iv(&mut self, v: *const GLint) {
        if let Some(v) = read_vec(v, 3) {
            self.gl_current(Current::TexCoord(GL_TEXTURE0), v)
        }
    }
    unsafe fn MultiTexCoord3i(&mut self, target: GLenum, x: GLint, y: GLint, z: GLint) {
        self.gl_current(Current::TexCoord(target), [x as f32, y as f32, z as f32, 1.0])
    }
    unsafe fn MultiTexCoord3iv(&mut self, target: GLenum, v: *const GLint) {
        if let Some(v) = read_vec(v, 3) {
            self.gl_current(Current::TexCoord(target), v)
        }
    }
    unsafe fn TexCoord3f(&mut self, x: GLfloat, y: GLfloat, z: GLfloat) {
        self.gl_current(Current::TexCoord(GL_TEXTURE0), [x as f32, y as f32, z as f32, 1.0])
    }
    unsafe fn TexCoord3fv(&mut self, v: *const GLfloat) {
        if let Some(v) = read_vec(v, 3) {
            self.gl_current(Current::TexCoord(GL_TEXTURE0), v)
        }
    }
    unsafe fn MultiTexCoord3f(&mut self, target: GLenum, x: GLfloat, y: GLfloat, z: GLfloat) {
        self.gl_current(Current::TexCoord(target), [x as f32, y as f32, z as f32, 1.0])
    }
    unsafe fn MultiTexCoord3fv(&mut self, target: GLenum, v: *const GLfloat) {
        if let Some(v) = read_vec(v, 3) {
            self.gl_current(Current::TexCoord(target), v)
        }
    }
    unsafe fn TexCoord3d(&mut self, x: GLdouble, y: GLdouble, z: GLdouble) {
        self.gl_current(Current::TexCoord(GL_TEXTURE0), [x as f32, y as f32, z as f32, 1.0])
    }
    unsafe fn TexCoord3dv(&mut self, v: *const GLdouble) {
        if let Some(v) = read_vec(v, 3) {
            self.gl_current(Current::TexCoord(GL_TEXTURE0), v)
        }
    }
    unsafe fn MultiTexCoord3d(&mut self, target: GLenum, x: GLdouble, y: GLdouble, z: GLdouble) {
        self.gl_current(Current::TexCoord(target), [x as f32, y as f32, z as f32, 1.0])
    }
    unsafe fn MultiTexCoord3dv(&mut self, target: GLenum, v: *const GLdouble) {
        if let Some(v) = read_vec(v, 3) {
            self.gl_current(Current::TexCoord(target), v)
        }
    }
    unsafe fn TexCoord4s(&mut self, x: GLshort, y: GLshort, z: GLshort, w: GLshort) {
        self.gl_current(Current::TexCoord(GL_TEXTURE0), [x as f32, y as f32, z as f32, w as f32])
    }
    unsafe fn TexCoord4sv(&mut self, v: *const GLshort) {
        if let Some(v) = read_vec(v, 4) {
            self.gl_current(Current::TexCoord(GL_TEXTURE0), v)
        }
    }
    unsafe fn MultiTexCoord4s(&mut self, target: GLenum, x: GLshort, y: GLshort, z: GLshort, w: GLshort) {
        self.gl_current(Current::TexCoord(target), [x as f32, y as f32, z as f32, w as f32])
    }
    unsafe fn MultiTexCoord4sv(&mut self, target: GLenum, v: *const GLshort) {
        if let Some(v) = read_vec(v, 4) {
            self.gl_current(Current::TexCoord(target), v)
        }
    }
    unsafe fn TexCoord4i(&mut self, x: GLint, y: GLint, z: GLint, w: GLint) {
        self.gl_current(Current::TexCoord(GL_TEXTURE0), [x as f32, y as f32, z as f32, w as f32])
    }
    unsafe fn TexCoord4iv(&mut self, v: *const GLint) {
        if let Some(v) = read_vec(v, 4) {
            self.gl_current(Current::TexCoord(GL_TEXTURE0), v)
        }
    }
    unsafe fn MultiTexCoord4i(&mut self, target: GLenum, x: GLint, y: GLint, z: GLint, w: GLint) {
        self.gl_current(Current::TexCoord(target), [x as f32, y as f32, z as f32, w as f32])
    }
    unsafe fn MultiTexCoord4iv(&mut self, target: GLenum, v: *const GLint) {
        if let Some(v) = read_vec(v, 4) {
            self.gl_current(Current::TexCoord(target), v)
        }
    }
    unsafe fn TexCoord4f(&mut self, x: GLfloat, y: GLfloat, z: GLfloat, w: GLfloat) {
        self.gl_current(Current::TexCoord(GL_TEXTURE0), [x as f32, y as f32, z as f32, w as f32])
    }
    unsafe fn TexCoord4fv(&mut self, v: *const GLfloat) {
        if let Some(v) = read_vec(v, 4) {
            self.gl_current(Current::TexCoord(GL_TEXTURE0), v)
        }
    }
    unsafe fn MultiTexCoord4f(&mut self, target: GLenum, x: GLfloat, y: GLfloat, z: GLfloat, w: GLfloat) {
        self.gl_current(Current::TexCoord(target), [x as f32, y as f32, z as f32, w as f32])
    }
    unsafe fn MultiTexCoord4fv(&mut self, target: GLenum, v: *const GLfloat) {
        if let Some(v) = read_vec(v, 4) {
            self.gl_current(Current::TexCoord(target), v)
        }
    }
    unsafe fn TexCoord4d(&mut self, x: GLdouble, y: GLdouble, z: GLdouble, w: GLdouble) {
        self.gl_current(Current::TexCoord(GL_TEXTURE0), [x as f32, y as f32, z as f32, w as f32])
    }
    unsafe fn TexCoord4dv(&mut self, v: *const GLdouble) {
        if let Some(v) = read_vec(v, 4) {
            self.gl_current(Current::TexCoord(GL_TEXTURE0), v)
        }
    }
    unsafe fn MultiTexCoord4d(&mut self, target: GLenum, x: GLdouble, y: GLdouble, z: GLdouble, w: GLdouble) {
        self.gl_current(Current::TexCoord(target), [x as f32, y as f32, z as f32, w as f32])
    }
    unsafe fn MultiTexCoord4dv(&mut self, target: GLenum, v: *const GLdouble) {
        if let Some(v) = read_vec(v, 4) {
            self.gl_current(Current::TexCoord(target), v)
        }
    }
    unsafe fn FogCoordf(&mut self, coord: GLfloat) {
        self.gl_current(Current::FogCoord, [coord as f32, 0.0, 0.0, 1.0])
    }
    unsafe fn FogCoordfv(&mut self, coord: *const GLfloat) {
        if let Some(v) = read_vec(coord, 1) {
            self.gl_current(Current::FogCoord, v)
        }
    }
    unsafe fn FogCoordd(&mut self, coord: GLdouble) {
        self.gl_current(Current::FogCoord, [coord as f32, 0.0, 0.0, 1.0])
    }
    unsafe fn FogCoorddv(&mut self, coord: *const GLdouble) {
        if let Some(v) = read_vec(coord, 1) {
            self.gl_current(Current::FogCoord, v)
        }
    }
    unsafe fn Rects(&mut self, x1: GLshort, y1: GLshort, x2: GLshort, y2: GLshort) {
        self.gl_rect(x1 as f32, y1 as f32, x2 as f32, y2 as f32)
    }
    unsafe fn Rectsv(&mut self, v1: *const GLshort, v2: *const GLshort) {
        if let (Some(a), Some(b)) = (read_vec(v1, 2), read_vec(v2, 2)) {
            self.gl_rect(a[0], a[1], b[0], b[1])
        }
    }
    unsafe fn Recti(&mut self, x1: GLint, y1: GLint, x2: GLint, y2: GLint) {
        self.gl_rect(x1 as f32, y1 as f32, x2 as f32, y2 as f32)
    }
    unsafe fn Rectiv(&mut self, v1: *const GLint, v2: *const GLint) {
        if let (Some(a), Some(b)) = (read_vec(v1, 2), read_vec(v2, 2)) {
            self.gl_rect(a[0], a[1], b[0], b[1])
        }
    }
    unsafe fn Rectf(&mut self, x1: GLfloat, y1: GLfloat, x2: GLfloat, y2: GLfloat) {
        self.gl_rect(x1 as f32, y1 as f32, x2 as f32, y2 as f32)
    }
    unsafe fn Rectfv(&mut self, v1: *const GLfloat, v2: *const GLfloat) {
        if let (Some(a), Some(b)) = (read_vec(v1, 2), read_vec(v2, 2)) {
            self.gl_rect(a[0], a[1], b[0], b[1])
        }
    }
    unsafe fn Rectd(&mut self, x1: GLdouble, y1: GLdouble, x2: GLdouble, y2: GLdouble) {
        self.gl_rect(x1 as f32, y1 as f32, x2 as f32, y2 as f32)
    }
    unsafe fn Rectdv(&mut self, v1: *const GLdouble, v2: *const GLdouble) {
        if let (Some(a), Some(b)) = (read_vec(v1, 2), read_vec(v2, 2)) {
            self.gl_rect(a[0], a[1], b[0], b[1])
        }
    }
    unsafe fn VertexAttrib1s(&mut self, index: GLuint, x: GLshort) {
        self.set_current_attrib(index, [x as f32, 0.0, 0.0, 1.0])
    }
    unsafe fn VertexAttrib1sv(&mut self, index: GLuint, v: *const GLshort) {
        if let Some(v) = read_vec(v, 1) {
            self.set_current_attrib(index, v)
        }
    }
    unsafe fn VertexAttrib1fv(&mut self, index: GLuint, v: *const GLfloat) {
        if let Some(v) = read_vec(v, 1) {
            self.set_current_attrib(index, v)
        }
    }
    unsafe fn VertexAttrib1d(&mut self, index: GLuint, x: GLdouble) {
        self.set_current_attrib(index, [x as f32, 0.0, 0.0, 1.0])
    }
    unsafe fn VertexAttrib1dv(&mut self, index: GLuint, v: *const GLdouble) {
        if let Some(v) = read_vec(v, 1) {
            self.set_current_attrib(index, v)
        }
    }
    unsafe fn VertexAttrib2s(&mut self, index: GLuint, x: GLshort, y: GLshort) {
        self.set_current_attrib(index, [x as f32, y as f32, 0.0, 1.0])
    }
    unsafe fn VertexAttrib2sv(&mut self, index: GLuint, v: *const GLshort) {
        if let Some(v) = read_vec(v, 2) {
            self.set_current_attrib(index, v)
        }
    }
    unsafe fn VertexAttrib2fv(&mut self, index: GLuint, v: *const GLfloat) {
        if let Some(v) = read_vec(v, 2) {
            self.set_current_attrib(index, v)
        }
    }
    unsafe fn VertexAttrib2d(&mut self, index: GLuint, x: GLdouble, y: GLdouble) {
        self.set_current_attrib(index, [x as f32, y as f32, 0.0, 1.0])
    }
    unsafe fn VertexAttrib2dv(&mut self, index: GLuint, v: *const GLdouble) {
        if let Some(v) = read_vec(v, 2) {
            self.set_current_attrib(index, v)
        }
    }
    unsafe fn VertexAttrib3s(&mut self, index: GLuint, x: GLshort, y: GLshort, z: GLshort) {
        self.set_current_attrib(index, [x as f32, y as f32, z as f32, 1.0])
    }
    unsafe fn VertexAttrib3sv(&mut self, index: GLuint, v: *const GLshort) {
        if let Some(v) = read_vec(v, 3) {
            self.set_current_attrib(index, v)
        }
    }
    unsafe fn VertexAttrib3fv(&mut self, index: GLuint, v: *const GLfloat) {
        if let Some(v) = read_vec(v, 3) {
            self.set_current_attrib(index, v)
        }
    }
    unsafe fn VertexAttrib3d(&mut self, index: GLuint, x: GLdouble, y: GLdouble, z: GLdouble) {
        self.set_current_attrib(index, [x as f32, y as f32, z as f32, 1.0])
    }
    unsafe fn VertexAttrib3dv(&mut self, index: GLuint, v: *const GLdouble) {
        if let Some(v) = read_vec(v, 3) {
            self.set_current_attrib(index, v)
        }
    }
    unsafe fn VertexAttrib4s(&mut self, index: GLuint, x: GLshort, y: GLshort, z: GLshort, w: GLshort) {
        self.set_current_attrib(index, [x as f32, y as f32, z as f32, w as f32])
    }
    unsafe fn VertexAttrib4sv(&mut self, index: GLuint, v: *const GLshort) {
        if let Some(v) = read_vec(v, 4) {
            self.set_current_attrib(index, v)
        }
    }
    unsafe fn VertexAttrib4d(&mut self, index: GLuint, x: GLdouble, y: GLdouble, z: GLdouble, w: GLdouble) {
        self.set_current_attrib(index, [x as f32, y as f32, z as f32, w as f32])
    }
    unsafe fn VertexAttrib4dv(&mut self, index: GLuint, v: *const GLdouble) {
        if let Some(v) = read_vec(v, 4) {
            self.set_current_attrib(index, v)
        }
    }
    unsafe fn VertexAttrib4bv(&mut self, index: GLuint, v: *const GLbyte) {
        if let Some(v) = read_vec(v, 4) {
            self.set_current_attrib(index, v)
        }
    }
    unsafe fn VertexAttrib4iv(&mut self, index: GLuint, v: *const GLint) {
        if let Some(v) = read_vec(v, 4) {
            self.set_current_attrib(index, v)
        }
    }
    unsafe fn VertexAttrib4ubv(&mut self, index: GLuint, v: *const GLubyte) {
        if let Some(v) = read_vec(v, 4) {
            self.set_current_attrib(index, v)
        }
    }
    unsafe fn VertexAttrib4usv(&mut self, index: GLuint, v: *const GLushort) {
        if let Some(v) = read_vec(v, 4) {
            self.set_current_attrib(index, v)
        }
    }
    unsafe fn VertexAttrib4uiv(&mut self, index: GLuint, v: *const GLuint) {
        if let Some(v) = read_vec(v, 4) {
            self.set_current_attrib(index, v)
        }
    }
    unsafe fn VertexAttrib4Nbv(&mut self, index: GLuint, v: *const GLbyte) {
        if let Some(v) = read_norm(v, 4) {
            self.set_current_attrib(index, v)
        }
    }
    unsafe fn VertexAttrib4Nsv(&mut self, index: GLuint, v: *const GLshort) {
        if let Some(v) = read_norm(v, 4) {
            self.set_current_attrib(index, v)
        }
    }
    unsafe fn VertexAttrib4Niv(&mut self, index: GLuint, v: *const GLint) {
        if let Some(v) = read_norm(v, 4) {
            self.set_current_attrib(index, v)
        }
    }
    unsafe fn VertexAttrib4Nubv(&mut self, index: GLuint, v: *const GLubyte) {
        if let Some(v) = read_norm(v, 4) {
            self.set_current_attrib(index, v)
        }
    }
    unsafe fn VertexAttrib4Nusv(&mut self, index: GLuint, v: *const GLushort) {
        if let Some(v) = read_norm(v, 4) {
            self.set_current_attrib(index, v)
        }
    }
    unsafe fn VertexAttrib4Nuiv(&mut self, index: GLuint, v: *const GLuint) {
        if let Some(v) = read_norm(v, 4) {
            self.set_current_attrib(index, v)
        }
    }
    unsafe fn VertexAttrib4Nub(&mut self, index: GLuint, x: GLubyte, y: GLubyte, z: GLubyte, w: GLubyte) {
        self.set_current_attrib(index, [x.normalized(), y.normalized(), z.normalized(), w.normalized()])
    }

    // Compute dispatch, shader storage, image units and tessellation patches.
    unsafe fn DispatchCompute(&mut self, num_groups_x: GLuint, num_groups_y: GLuint, num_groups_z: GLuint) {
        self.gl_dispatch_compute(num_groups_x, num_groups_y, num_groups_z)
    }
    unsafe fn DispatchComputeIndirect(&mut self, indirect: GLintptr) {
        self.gl_dispatch_compute_indirect(indirect)
    }
    unsafe fn VertexAttribP1ui(&mut self, index: GLuint, ty: GLenum, normalized: GLboolean, value: GLuint) {
        self.gl_vertex_attrib_packed(index, 1, ty, normalized, value)
    }
    unsafe fn VertexAttribP1uiv(&mut self, index: GLuint, ty: GLenum, normalized: GLboolean, value: *const GLuint) {
        if let Some(&word) = value.as_ref() {
            self.gl_vertex_attrib_packed(index, 1, ty, normalized, word)
        }
    }
    unsafe fn VertexAttribP2ui(&mut self, index: GLuint, ty: GLenum, normalized: GLboolean, value: GLuint) {
        self.gl_vertex_attrib_packed(index, 2, ty, normalized, value)
    }
    unsafe fn VertexAttribP2uiv(&mut self, index: GLuint, ty: GLenum, normalized: GLboolean, value: *const GLuint) {
        if let Some(&word) = value.as_ref() {
            self.gl_vertex_attrib_packed(index, 2, ty, normalized, word)
        }
    }
    unsafe fn VertexAttribP3ui(&mut self, index: GLuint, ty: GLenum, normalized: GLboolean, value: GLuint) {
        self.gl_vertex_attrib_packed(index, 3, ty, normalized, value)
    }
    unsafe fn VertexAttribP3uiv(&mut self, index: GLuint, ty: GLenum, normalized: GLboolean, value: *const GLuint) {
        if let Some(&word) = value.as_ref() {
            self.gl_vertex_attrib_packed(index, 3, ty, normalized, word)
        }
    }
    unsafe fn VertexAttribP4ui(&mut self, index: GLuint, ty: GLenum, normalized: GLboolean, value: GLuint) {
        self.gl_vertex_attrib_packed(index, 4, ty, normalized, value)
    }
    unsafe fn VertexAttribP4uiv(&mut self, index: GLuint, ty: GLenum, normalized: GLboolean, value: *const GLuint) {
        if let Some(&word) = value.as_ref() {
            self.gl_vertex_attrib_packed(index, 4, ty, normalized, word)
        }
    }
    unsafe fn VertexP2ui(&mut self, ty: GLenum, word: GLuint) {
        self.gl_legacy_packed(PackedTarget::Vertex, 2, ty, word)
    }
    unsafe fn VertexP2uiv(&mut self, ty: GLenum, words: *const GLuint) {
        if let Some(&word) = words.as_ref() {
            self.gl_legacy_packed(PackedTarget::Vertex, 2, ty, word)
        }
    }
    unsafe fn VertexP3ui(&mut self, ty: GLenum, word: GLuint) {
        self.gl_legacy_packed(PackedTarget::Vertex, 3, ty, word)
    }
    unsafe fn VertexP3uiv(&mut self, ty: GLenum, words: *const GLuint) {
        if let Some(&word) = words.as_ref() {
            self.gl_legacy_packed(PackedTarget::Vertex, 3, ty, word)
        }
    }
    unsafe fn VertexP4ui(&mut self, ty: GLenum, word: GLuint) {
        self.gl_legacy_packed(PackedTarget::Vertex, 4, ty, word)
    }
    unsafe fn VertexP4uiv(&mut self, ty: GLenum, words: *const GLuint) {
        if let Some(&word) = words.as_ref() {
            self.gl_legacy_packed(PackedTarget::Vertex, 4, ty, word)
        }
    }
    unsafe fn NormalP3ui(&mut self, ty: GLenum, word: GLuint) {
        self.gl_legacy_packed(PackedTarget::Current(Current::Normal), 3, ty, word)
    }
    unsafe fn NormalP3uiv(&mut self, ty: GLenum, words: *const GLuint) {
        if let Some(&word) = words.as_ref() {
            self.gl_legacy_packed(PackedTarget::Current(Current::Normal), 3, ty, word)
        }
    }
    unsafe fn ColorP3ui(&mut self, ty: GLenum, word: GLuint) {
        self.gl_legacy_packed(PackedTarget::Current(Current::Color), 3, ty, word)
    }
    unsafe fn ColorP3uiv(&mut self, ty: GLenum, words: *const GLuint) {
        if let Some(&word) = words.as_ref() {
            self.gl_legacy_packed(PackedTarget::Current(Current::Color), 3, ty, word)
        }
    }
    unsafe fn ColorP4ui(&mut self, ty: GLenum, word: GLuint) {
        self.gl_legacy_packed(PackedTarget::Current(Current::Color), 4, ty, word)
    }
    unsafe fn ColorP4uiv(&mut self, ty: GLenum, words: *const GLuint) {
        if let Some(&word) = words.as_ref() {
            self.gl_legacy_packed(PackedTarget::Current(Current::Color), 4, ty, word)
        }
    }
    unsafe fn SecondaryColorP3ui(&mut self, ty: GLenum, word: GLuint) {
        self.gl_legacy_packed(PackedTarget::Current(Current::SecondaryColor), 3, ty, word)
    }
    unsafe fn SecondaryColorP3uiv(&mut self, ty: GLenum, words: *const GLuint) {
        if let Some(&word) = words.as_ref() {
            self.gl_legacy_packed(PackedTarget::Current(Current::SecondaryColor), 3, ty, word)
        }
    }
    unsafe fn TexCoordP1ui(&mut self, ty: GLenum, word: GLuint) {
        self.gl_legacy_packed(PackedTarget::Current(Current::TexCoord(GL_TEXTURE0)), 1, ty, word)
    }
    unsafe fn TexCoordP1uiv(&mut self, ty: GLenum, words: *const GLuint) {
        if let Some(&word) = words.as_ref() {
            self.gl_legacy_packed(PackedTarget::Current(Current::TexCoord(GL_TEXTURE0)), 1, ty, word)
        }
    }
    unsafe fn TexCoordP2ui(&mut self, ty: GLenum, word: GLuint) {
        self.gl_legacy_packed(PackedTarget::Current(Current::TexCoord(GL_TEXTURE0)), 2, ty, word)
    }
    unsafe fn TexCoordP2uiv(&mut self, ty: GLenum, words: *const GLuint) {
        if let Some(&word) = words.as_ref() {
            self.gl_legacy_packed(PackedTarget::Current(Current::TexCoord(GL_TEXTURE0)), 2, ty, word)
        }
    }
    unsafe fn TexCoordP3ui(&mut self, ty: GLenum, word: GLuint) {
        self.gl_legacy_packed(PackedTarget::Current(Current::TexCoord(GL_TEXTURE0)), 3, ty, word)
    }
    unsafe fn TexCoordP3uiv(&mut self, ty: GLenum, words: *const GLuint) {
        if let Some(&word) = words.as_ref() {
            self.gl_legacy_packed(PackedTarget::Current(Current::TexCoord(GL_TEXTURE0)), 3, ty, word)
        }
    }
    unsafe fn TexCoordP4ui(&mut self, ty: GLenum, word: GLuint) {
        self.gl_legacy_packed(PackedTarget::Current(Current::TexCoord(GL_TEXTURE0)), 4, ty, word)
    }
    unsafe fn TexCoordP4uiv(&mut self, ty: GLenum, words: *const GLuint) {
        if let Some(&word) = words.as_ref() {
            self.gl_legacy_packed(PackedTarget::Current(Current::TexCoord(GL_TEXTURE0)), 4, ty, word)
        }
    }
    unsafe fn MultiTexCoordP1ui(&mut self, texture: GLenum, ty: GLenum, word: GLuint) {
        self.gl_legacy_packed(PackedTarget::Current(Current::TexCoord(texture)), 1, ty, word)
    }
    unsafe fn MultiTexCoordP1uiv(&mut self, texture: GLenum, ty: GLenum, words: *const GLuint) {
        if let Some(&word) = words.as_ref() {
            self.gl_legacy_packed(PackedTarget::Current(Current::TexCoord(texture)), 1, ty, word)
        }
    }
    unsafe fn MultiTexCoordP2ui(&mut self, texture: GLenum, ty: GLenum, word: GLuint) {
        self.gl_legacy_packed(PackedTarget::Current(Current::TexCoord(texture)), 2, ty, word)
    }
    unsafe fn MultiTexCoordP2uiv(&mut self, texture: GLenum, ty: GLenum, words: *const GLuint) {
        if let Some(&word) = words.as_ref() {
            self.gl_legacy_packed(PackedTarget::Current(Current::TexCoord(texture)), 2, ty, word)
        }
    }
    unsafe fn MultiTexCoordP3ui(&mut self, texture: GLenum, ty: GLenum, word: GLuint) {
        self.gl_legacy_packed(PackedTarget::Current(Current::TexCoord(texture)), 3, ty, word)
    }
    unsafe fn MultiTexCoordP3uiv(&mut self, texture: GLenum, ty: GLenum, words: *const GLuint) {
        if let Some(&word) = words.as_ref() {
            self.gl_legacy_packed(PackedTarget::Current(Current::TexCoord(texture)), 3, ty, word)
        }
    }
    unsafe fn MultiTexCoordP4ui(&mut self, texture: GLenum, ty: GLenum, word: GLuint) {
        self.gl_legacy_packed(PackedTarget::Current(Current::TexCoord(texture)), 4, ty, word)
    }
    unsafe fn MultiTexCoordP4uiv(&mut self, texture: GLenum, ty: GLenum, words: *const GLuint) {
        if let Some(&word) = words.as_ref() {
            self.gl_legacy_packed(PackedTarget::Current(Current::TexCoord(texture)), 4, ty, word)
        }
    }
    unsafe fn DispatchComputeGroupSizeARB(&mut self, num_groups_x: GLuint, num_groups_y: GLuint, num_groups_z: GLuint, group_size_x: GLuint, group_size_y: GLuint, group_size_z: GLuint) {
        self.gl_dispatch_compute_group_size([num_groups_x, num_groups_y, num_groups_z], [group_size_x, group_size_y, group_size_z])
    }
    unsafe fn MemoryBarrier(&mut self, barriers: GLbitfield) {
        self.gl_memory_barrier(barriers, false)
    }
    unsafe fn MemoryBarrierByRegion(&mut self, barriers: GLbitfield) {
        self.gl_memory_barrier(barriers, true)
    }
    unsafe fn TextureBarrier(&mut self) {
        self.gl_texture_barrier()
    }
    unsafe fn TextureBarrierNV(&mut self) {
        self.gl_texture_barrier()
    }
    unsafe fn BindImageTexture(&mut self, unit: GLuint, texture: GLuint, level: GLint, layered: GLboolean, layer: GLint, access: GLenum, format: GLenum) {
        self.gl_bind_image_texture(unit, texture, level, layered, layer, access, format)
    }
    unsafe fn PatchParameteri(&mut self, pname: GLenum, value: GLint) {
        self.gl_patch_parameteri(pname, value)
    }
    unsafe fn PatchParameterfv(&mut self, pname: GLenum, values: *const GLfloat) {
        self.gl_patch_parameterfv(pname, values)
    }
    unsafe fn ShaderStorageBlockBinding(&mut self, program: GLuint, storage_block_index: GLuint, storage_block_binding: GLuint) {
        self.gl_shader_storage_block_binding(program, storage_block_index, storage_block_binding)
    }

    // Atomic counters.
    unsafe fn GetActiveAtomicCounterBufferiv(&mut self, program: GLuint, buffer_index: GLuint, pname: GLenum, params: *mut GLint) {
        if let Some(values) = self.atomic_counter_buffer_parameter(program, buffer_index, pname) {
            for (i, v) in values.into_iter().enumerate() {
                store(params, i, v);
            }
        }
    }

    // Conventional vertex arrays (compatibility profile).
    unsafe fn VertexPointer(&mut self, size: GLint, ty: GLenum, stride: GLsizei, pointer: *const c_void) {
        self.gl_conventional_pointer(GL_VERTEX_ARRAY, size, ty, stride, pointer)
    }
    unsafe fn NormalPointer(&mut self, ty: GLenum, stride: GLsizei, pointer: *const c_void) {
        self.gl_conventional_pointer(GL_NORMAL_ARRAY, 3, ty, stride, pointer)
    }
    unsafe fn ColorPointer(&mut self, size: GLint, ty: GLenum, stride: GLsizei, pointer: *const c_void) {
        self.gl_conventional_pointer(GL_COLOR_ARRAY, size, ty, stride, pointer)
    }
    unsafe fn TexCoordPointer(&mut self, size: GLint, ty: GLenum, stride: GLsizei, pointer: *const c_void) {
        self.gl_conventional_pointer(GL_TEXTURE_COORD_ARRAY, size, ty, stride, pointer)
    }
    unsafe fn SecondaryColorPointer(&mut self, size: GLint, ty: GLenum, stride: GLsizei, pointer: *const c_void) {
        self.gl_conventional_pointer(GL_SECONDARY_COLOR_ARRAY, size, ty, stride, pointer)
    }
    unsafe fn FogCoordPointer(&mut self, ty: GLenum, stride: GLsizei, pointer: *const c_void) {
        self.gl_conventional_pointer(GL_FOG_COORD_ARRAY, 1, ty, stride, pointer)
    }
    unsafe fn EdgeFlagPointer(&mut self, stride: GLsizei, pointer: *const c_void) {
        self.gl_edge_flag_pointer(stride, pointer)
    }
    unsafe fn IndexPointer(&mut self, ty: GLenum, stride: GLsizei, pointer: *const c_void) {
        self.gl_index_pointer(ty, stride, pointer)
    }
    unsafe fn EnableClientState(&mut self, array: GLenum) {
        self.gl_client_state(array, true)
    }
    unsafe fn DisableClientState(&mut self, array: GLenum) {
        self.gl_client_state(array, false)
    }
    unsafe fn ClientActiveTexture(&mut self, texture: GLenum) {
        self.gl_client_active_texture(texture)
    }

    // EXT_vertex_array's forms: `count` (elements the application promises) is only checked.
    unsafe fn VertexPointerEXT(&mut self, size: GLint, ty: GLenum, stride: GLsizei, count: GLsizei, pointer: *const c_void) {
        if self.check(count >= 0, GL_INVALID_VALUE) {
            self.gl_conventional_pointer(GL_VERTEX_ARRAY, size, ty, stride, pointer)
        }
    }
    unsafe fn NormalPointerEXT(&mut self, ty: GLenum, stride: GLsizei, count: GLsizei, pointer: *const c_void) {
        if self.check(count >= 0, GL_INVALID_VALUE) {
            self.gl_conventional_pointer(GL_NORMAL_ARRAY, 3, ty, stride, pointer)
        }
    }
    unsafe fn ColorPointerEXT(&mut self, size: GLint, ty: GLenum, stride: GLsizei, count: GLsizei, pointer: *const c_void) {
        if self.check(count >= 0, GL_INVALID_VALUE) {
            self.gl_conventional_pointer(GL_COLOR_ARRAY, size, ty, stride, pointer)
        }
    }
    unsafe fn TexCoordPointerEXT(&mut self, size: GLint, ty: GLenum, stride: GLsizei, count: GLsizei, pointer: *const c_void) {
        if self.check(count >= 0, GL_INVALID_VALUE) {
            self.gl_conventional_pointer(GL_TEXTURE_COORD_ARRAY, size, ty, stride, pointer)
        }
    }
    unsafe fn EdgeFlagPointerEXT(&mut self, stride: GLsizei, count: GLsizei, pointer: *const GLboolean) {
        if self.check(count >= 0, GL_INVALID_VALUE) {
            self.gl_edge_flag_pointer(stride, pointer.cast())
        }
    }
    unsafe fn IndexPointerEXT(&mut self, ty: GLenum, stride: GLsizei, count: GLsizei, pointer: *const c_void) {
        if self.check(count >= 0, GL_INVALID_VALUE) {
            self.gl_index_pointer(ty, stride, pointer)
        }
    }
    unsafe fn InterleavedArrays(&mut self, format: GLenum, stride: GLsizei, pointer: *const c_void) {
        self.gl_interleaved_arrays(format, stride, pointer)
    }
    unsafe fn ArrayElement(&mut self, i: GLint) {
        self.gl_array_element(i)
    }
    unsafe fn GetPointerv(&mut self, pname: GLenum, params: *mut *mut c_void) {
        self.gl_get_pointerv(pname, params)
    }

    // Selection and feedback (compatibility profile).
    unsafe fn RenderMode(&mut self, mode: GLenum) -> GLint {
        self.gl_render_mode(mode)
    }
    unsafe fn SelectBuffer(&mut self, size: GLsizei, buffer: *mut GLuint) {
        self.gl_select_buffer(size, buffer)
    }
    unsafe fn FeedbackBuffer(&mut self, size: GLsizei, ty: GLenum, buffer: *mut GLfloat) {
        self.gl_feedback_buffer(size, ty, buffer)
    }
    unsafe fn InitNames(&mut self) {
        self.gl_init_names()
    }
    unsafe fn PushName(&mut self, name: GLuint) {
        self.gl_push_name(name)
    }
    unsafe fn PopName(&mut self) {
        self.gl_pop_name()
    }
    unsafe fn LoadName(&mut self, name: GLuint) {
        self.gl_load_name(name)
    }
    unsafe fn PassThrough(&mut self, token: GLfloat) {
        self.gl_pass_through(token)
    }

    // Display lists (compatibility profile).
    unsafe fn NewList(&mut self, list: GLuint, mode: GLenum) {
        self.gl_new_list(list, mode)
    }
    unsafe fn EndList(&mut self) {
        self.gl_end_list()
    }
    unsafe fn CallList(&mut self, list: GLuint) {
        self.gl_call_list(list)
    }
    unsafe fn CallLists(&mut self, n: GLsizei, ty: GLenum, lists: *const c_void) {
        self.gl_call_lists(n, ty, lists)
    }
    unsafe fn ListBase(&mut self, base: GLuint) {
        self.gl_list_base(base)
    }
    unsafe fn GenLists(&mut self, range: GLsizei) -> GLuint {
        self.gl_gen_lists(range)
    }
    unsafe fn DeleteLists(&mut self, list: GLuint, range: GLsizei) {
        self.gl_delete_lists(list, range)
    }
    unsafe fn IsList(&mut self, list: GLuint) -> GLboolean {
        self.gl_is_list(list)
    }

    // Attribute stacks (compatibility profile).
    unsafe fn PushAttrib(&mut self, mask: GLbitfield) {
        self.gl_push_attrib(mask)
    }
    unsafe fn PopAttrib(&mut self) {
        self.gl_pop_attrib()
    }
    unsafe fn PushClientAttrib(&mut self, mask: GLbitfield) {
        self.gl_push_client_attrib(mask)
    }
    unsafe fn PopClientAttrib(&mut self) {
        self.gl_pop_client_attrib()
    }

    // Lighting, fog, alpha test, texture-coordinate generation (compatibility profile).
    unsafe fn Lightf(&mut self, light: GLenum, pname: GLenum, param: GLfloat) {
        self.gl_light(light, pname, &[param], false)
    }
    unsafe fn Lighti(&mut self, light: GLenum, pname: GLenum, param: GLint) {
        self.gl_light(light, pname, &[param as f32], false)
    }
    unsafe fn Lightfv(&mut self, light: GLenum, pname: GLenum, params: *const GLfloat) {
        self.gl_light_ptr(light, pname, params, false)
    }
    unsafe fn Lightiv(&mut self, light: GLenum, pname: GLenum, params: *const GLint) {
        self.gl_light_ptr(light, pname, params, true)
    }
    unsafe fn GetLightfv(&mut self, light: GLenum, pname: GLenum, params: *mut GLfloat) {
        let r = self.light_parameter(light, pname);
        self.write_legacy_parameter(r, pname, params, |v, _| v as GLfloat)
    }
    unsafe fn GetLightiv(&mut self, light: GLenum, pname: GLenum, params: *mut GLint) {
        let r = self.light_parameter(light, pname);
        self.write_legacy_parameter(r, pname, params, crate::state::lighting::legacy_int)
    }
    unsafe fn LightModelf(&mut self, pname: GLenum, param: GLfloat) {
        self.gl_light_model(pname, &[param], false)
    }
    unsafe fn LightModeli(&mut self, pname: GLenum, param: GLint) {
        self.gl_light_model(pname, &[param as f32], false)
    }
    unsafe fn LightModelfv(&mut self, pname: GLenum, params: *const GLfloat) {
        self.gl_light_model_ptr(pname, params, false)
    }
    unsafe fn LightModeliv(&mut self, pname: GLenum, params: *const GLint) {
        self.gl_light_model_ptr(pname, params, true)
    }
    unsafe fn Materialf(&mut self, face: GLenum, pname: GLenum, param: GLfloat) {
        self.gl_material(face, pname, &[param], false)
    }
    unsafe fn Materiali(&mut self, face: GLenum, pname: GLenum, param: GLint) {
        self.gl_material(face, pname, &[param as f32], false)
    }
    unsafe fn Materialfv(&mut self, face: GLenum, pname: GLenum, params: *const GLfloat) {
        self.gl_material_ptr(face, pname, params, false)
    }
    unsafe fn Materialiv(&mut self, face: GLenum, pname: GLenum, params: *const GLint) {
        self.gl_material_ptr(face, pname, params, true)
    }
    unsafe fn GetMaterialfv(&mut self, face: GLenum, pname: GLenum, params: *mut GLfloat) {
        let r = self.material_parameter(face, pname);
        self.write_legacy_parameter(r, pname, params, |v, _| v as GLfloat)
    }
    unsafe fn GetMaterialiv(&mut self, face: GLenum, pname: GLenum, params: *mut GLint) {
        let r = self.material_parameter(face, pname);
        self.write_legacy_parameter(r, pname, params, crate::state::lighting::legacy_int)
    }
    unsafe fn ColorMaterial(&mut self, face: GLenum, mode: GLenum) {
        self.gl_color_material(face, mode)
    }
    unsafe fn Fogf(&mut self, pname: GLenum, param: GLfloat) {
        self.gl_fog(pname, &[param], false)
    }
    unsafe fn Fogi(&mut self, pname: GLenum, param: GLint) {
        self.gl_fog(pname, &[param as f32], false)
    }
    unsafe fn Fogfv(&mut self, pname: GLenum, params: *const GLfloat) {
        self.gl_fog_ptr(pname, params, false)
    }
    unsafe fn Fogiv(&mut self, pname: GLenum, params: *const GLint) {
        self.gl_fog_ptr(pname, params, true)
    }
    unsafe fn AlphaFunc(&mut self, func: GLenum, reference: GLfloat) {
        self.gl_alpha_func(func, reference)
    }
    unsafe fn TexGeni(&mut self, coord: GLenum, pname: GLenum, param: GLint) {
        self.gl_tex_gen(coord, pname, &[param as f64], false)
    }
    unsafe fn TexGenf(&mut self, coord: GLenum, pname: GLenum, param: GLfloat) {
        self.gl_tex_gen(coord, pname, &[param as f64], false)
    }
    unsafe fn TexGend(&mut self, coord: GLenum, pname: GLenum, param: GLdouble) {
        self.gl_tex_gen(coord, pname, &[param], false)
    }
    unsafe fn TexGeniv(&mut self, coord: GLenum, pname: GLenum, params: *const GLint) {
        self.gl_tex_gen_ptr(coord, pname, params)
    }
    unsafe fn TexGenfv(&mut self, coord: GLenum, pname: GLenum, params: *const GLfloat) {
        self.gl_tex_gen_ptr(coord, pname, params)
    }
    unsafe fn TexGendv(&mut self, coord: GLenum, pname: GLenum, params: *const GLdouble) {
        self.gl_tex_gen_ptr(coord, pname, params)
    }
    unsafe fn GetTexGeniv(&mut self, coord: GLenum, pname: GLenum, params: *mut GLint) {
        self.get_tex_gen_into(coord, pname, params, |v| v.round() as GLint)
    }
    unsafe fn GetTexGenfv(&mut self, coord: GLenum, pname: GLenum, params: *mut GLfloat) {
        self.get_tex_gen_into(coord, pname, params, |v| v as GLfloat)
    }
    unsafe fn GetTexGendv(&mut self, coord: GLenum, pname: GLenum, params: *mut GLdouble) {
        self.get_tex_gen_into(coord, pname, params, |v| v)
    }

    // Clipping: user clip planes and clip control.
    unsafe fn ClipControl(&mut self, origin: GLenum, depth: GLenum) {
        self.gl_clip_control(origin, depth)
    }
    unsafe fn ClipPlane(&mut self, plane: GLenum, equation: *const GLdouble) {
        if equation.is_null() {
            return;
        }
        // SAFETY: GL requires four doubles.
        let e = unsafe { std::slice::from_raw_parts(equation, 4) };
        self.gl_clip_plane(plane, [e[0], e[1], e[2], e[3]])
    }
    unsafe fn GetClipPlane(&mut self, plane: GLenum, equation: *mut GLdouble) {
        if let Some(p) = self.gl_get_clip_plane(plane) {
            for (i, v) in p.iter().enumerate() {
                store(equation, i, *v);
            }
        }
    }
    // Raster position and pixel rectangles (compatibility profile).
    unsafe fn RasterPos2s(&mut self, x: GLshort, y: GLshort) {
        self.gl_raster_pos([x as f64, y as f64, 0.0, 1.0])
    }
    unsafe fn RasterPos2sv(&mut self, v: *const GLshort) {
        if let Some(v) = crate::state::raster_pos::read_components(v, 2) {
            self.gl_raster_pos([v[0] as f64, v[1] as f64, 0.0, 1.0])
        }
    }
    unsafe fn RasterPos2i(&mut self, x: GLint, y: GLint) {
        self.gl_raster_pos([x as f64, y as f64, 0.0, 1.0])
    }
    unsafe fn RasterPos2iv(&mut self, v: *const GLint) {
        if let Some(v) = crate::state::raster_pos::read_components(v, 2) {
            self.gl_raster_pos([v[0] as f64, v[1] as f64, 0.0, 1.0])
        }
    }
    unsafe fn RasterPos2f(&mut self, x: GLfloat, y: GLfloat) {
        self.gl_raster_pos([x as f64, y as f64, 0.0, 1.0])
    }
    unsafe fn RasterPos2fv(&mut self, v: *const GLfloat) {
        if let Some(v) = crate::state::raster_pos::read_components(v, 2) {
            self.gl_raster_pos([v[0] as f64, v[1] as f64, 0.0, 1.0])
        }
    }
    unsafe fn RasterPos2d(&mut self, x: GLdouble, y: GLdouble) {
        self.gl_raster_pos([x as f64, y as f64, 0.0, 1.0])
    }
    unsafe fn RasterPos2dv(&mut self, v: *const GLdouble) {
        if let Some(v) = crate::state::raster_pos::read_components(v, 2) {
            self.gl_raster_pos([v[0] as f64, v[1] as f64, 0.0, 1.0])
        }
    }
    unsafe fn RasterPos3s(&mut self, x: GLshort, y: GLshort, z: GLshort) {
        self.gl_raster_pos([x as f64, y as f64, z as f64, 1.0])
    }
    unsafe fn RasterPos3sv(&mut self, v: *const GLshort) {
        if let Some(v) = crate::state::raster_pos::read_components(v, 3) {
            self.gl_raster_pos([v[0] as f64, v[1] as f64, v[2] as f64, 1.0])
        }
    }
    unsafe fn RasterPos3i(&mut self, x: GLint, y: GLint, z: GLint) {
        self.gl_raster_pos([x as f64, y as f64, z as f64, 1.0])
    }
    unsafe fn RasterPos3iv(&mut self, v: *const GLint) {
        if let Some(v) = crate::state::raster_pos::read_components(v, 3) {
            self.gl_raster_pos([v[0] as f64, v[1] as f64, v[2] as f64, 1.0])
        }
    }
    unsafe fn RasterPos3f(&mut self, x: GLfloat, y: GLfloat, z: GLfloat) {
        self.gl_raster_pos([x as f64, y as f64, z as f64, 1.0])
    }
    unsafe fn RasterPos3fv(&mut self, v: *const GLfloat) {
        if let Some(v) = crate::state::raster_pos::read_components(v, 3) {
            self.gl_raster_pos([v[0] as f64, v[1] as f64, v[2] as f64, 1.0])
        }
    }
    unsafe fn RasterPos3d(&mut self, x: GLdouble, y: GLdouble, z: GLdouble) {
        self.gl_raster_pos([x as f64, y as f64, z as f64, 1.0])
    }
    unsafe fn RasterPos3dv(&mut self, v: *const GLdouble) {
        if let Some(v) = crate::state::raster_pos::read_components(v, 3) {
            self.gl_raster_pos([v[0] as f64, v[1] as f64, v[2] as f64, 1.0])
        }
    }
    unsafe fn RasterPos4s(&mut self, x: GLshort, y: GLshort, z: GLshort, w: GLshort) {
        self.gl_raster_pos([x as f64, y as f64, z as f64, w as f64])
    }
    unsafe fn RasterPos4sv(&mut self, v: *const GLshort) {
        if let Some(v) = crate::state::raster_pos::read_components(v, 4) {
            self.gl_raster_pos([v[0] as f64, v[1] as f64, v[2] as f64, v[3] as f64])
        }
    }
    unsafe fn RasterPos4i(&mut self, x: GLint, y: GLint, z: GLint, w: GLint) {
        self.gl_raster_pos([x as f64, y as f64, z as f64, w as f64])
    }
    unsafe fn RasterPos4iv(&mut self, v: *const GLint) {
        if let Some(v) = crate::state::raster_pos::read_components(v, 4) {
            self.gl_raster_pos([v[0] as f64, v[1] as f64, v[2] as f64, v[3] as f64])
        }
    }
    unsafe fn RasterPos4f(&mut self, x: GLfloat, y: GLfloat, z: GLfloat, w: GLfloat) {
        self.gl_raster_pos([x as f64, y as f64, z as f64, w as f64])
    }
    unsafe fn RasterPos4fv(&mut self, v: *const GLfloat) {
        if let Some(v) = crate::state::raster_pos::read_components(v, 4) {
            self.gl_raster_pos([v[0] as f64, v[1] as f64, v[2] as f64, v[3] as f64])
        }
    }
    unsafe fn RasterPos4d(&mut self, x: GLdouble, y: GLdouble, z: GLdouble, w: GLdouble) {
        self.gl_raster_pos([x as f64, y as f64, z as f64, w as f64])
    }
    unsafe fn RasterPos4dv(&mut self, v: *const GLdouble) {
        if let Some(v) = crate::state::raster_pos::read_components(v, 4) {
            self.gl_raster_pos([v[0] as f64, v[1] as f64, v[2] as f64, v[3] as f64])
        }
    }
    unsafe fn WindowPos2s(&mut self, x: GLshort, y: GLshort) {
        self.gl_window_pos(x as f64, y as f64, 0.0)
    }
    unsafe fn WindowPos2sv(&mut self, v: *const GLshort) {
        if let Some(v) = crate::state::raster_pos::read_components(v, 2) {
            self.gl_window_pos(v[0] as f64, v[1] as f64, 0.0)
        }
    }
    unsafe fn WindowPos2i(&mut self, x: GLint, y: GLint) {
        self.gl_window_pos(x as f64, y as f64, 0.0)
    }
    unsafe fn WindowPos2iv(&mut self, v: *const GLint) {
        if let Some(v) = crate::state::raster_pos::read_components(v, 2) {
            self.gl_window_pos(v[0] as f64, v[1] as f64, 0.0)
        }
    }
    unsafe fn WindowPos2f(&mut self, x: GLfloat, y: GLfloat) {
        self.gl_window_pos(x as f64, y as f64, 0.0)
    }
    unsafe fn WindowPos2fv(&mut self, v: *const GLfloat) {
        if let Some(v) = crate::state::raster_pos::read_components(v, 2) {
            self.gl_window_pos(v[0] as f64, v[1] as f64, 0.0)
        }
    }
    unsafe fn WindowPos2d(&mut self, x: GLdouble, y: GLdouble) {
        self.gl_window_pos(x as f64, y as f64, 0.0)
    }
    unsafe fn WindowPos2dv(&mut self, v: *const GLdouble) {
        if let Some(v) = crate::state::raster_pos::read_components(v, 2) {
            self.gl_window_pos(v[0] as f64, v[1] as f64, 0.0)
        }
    }
    unsafe fn WindowPos3s(&mut self, x: GLshort, y: GLshort, z: GLshort) {
        self.gl_window_pos(x as f64, y as f64, z as f64)
    }
    unsafe fn WindowPos3sv(&mut self, v: *const GLshort) {
        if let Some(v) = crate::state::raster_pos::read_components(v, 3) {
            self.gl_window_pos(v[0] as f64, v[1] as f64, v[2] as f64)
        }
    }
    unsafe fn WindowPos3i(&mut self, x: GLint, y: GLint, z: GLint) {
        self.gl_window_pos(x as f64, y as f64, z as f64)
    }
    unsafe fn WindowPos3iv(&mut self, v: *const GLint) {
        if let Some(v) = crate::state::raster_pos::read_components(v, 3) {
            self.gl_window_pos(v[0] as f64, v[1] as f64, v[2] as f64)
        }
    }
    unsafe fn WindowPos3f(&mut self, x: GLfloat, y: GLfloat, z: GLfloat) {
        self.gl_window_pos(x as f64, y as f64, z as f64)
    }
    unsafe fn WindowPos3fv(&mut self, v: *const GLfloat) {
        if let Some(v) = crate::state::raster_pos::read_components(v, 3) {
            self.gl_window_pos(v[0] as f64, v[1] as f64, v[2] as f64)
        }
    }
    unsafe fn WindowPos3d(&mut self, x: GLdouble, y: GLdouble, z: GLdouble) {
        self.gl_window_pos(x as f64, y as f64, z as f64)
    }
    unsafe fn WindowPos3dv(&mut self, v: *const GLdouble) {
        if let Some(v) = crate::state::raster_pos::read_components(v, 3) {
            self.gl_window_pos(v[0] as f64, v[1] as f64, v[2] as f64)
        }
    }
    unsafe fn DrawPixels(&mut self, width: GLsizei, height: GLsizei, format: GLenum, ty: GLenum, pixels: *const c_void) {
        self.gl_draw_pixels(width, height, format, ty, pixels)
    }
    unsafe fn Bitmap(&mut self, width: GLsizei, height: GLsizei, xorig: GLfloat, yorig: GLfloat, xmove: GLfloat, ymove: GLfloat, bitmap: *const GLubyte) {
        self.gl_bitmap(width, height, xorig, yorig, xmove, ymove, bitmap)
    }
    unsafe fn CopyPixels(&mut self, x: GLint, y: GLint, width: GLsizei, height: GLsizei, ty: GLenum) {
        self.gl_copy_pixels(x, y, width, height, ty)
    }
    unsafe fn PixelZoom(&mut self, xfactor: GLfloat, yfactor: GLfloat) {
        self.gl_pixel_zoom(xfactor, yfactor)
    }
    unsafe fn PixelMapfv(&mut self, map: GLenum, mapsize: GLsizei, values: *const GLfloat) {
        if let Some(v) = self.pixel_map_source(mapsize, values) {
            self.gl_pixel_map(map, &v, MapValues::Float)
        }
    }
    unsafe fn PixelMapuiv(&mut self, map: GLenum, mapsize: GLsizei, values: *const GLuint) {
        if let Some(v) = self.pixel_map_source(mapsize, values) {
            self.gl_pixel_map(map, &v, MapValues::Uint)
        }
    }
    unsafe fn PixelMapusv(&mut self, map: GLenum, mapsize: GLsizei, values: *const GLushort) {
        if let Some(v) = self.pixel_map_source(mapsize, values) {
            self.gl_pixel_map(map, &v, MapValues::Ushort)
        }
    }
    unsafe fn GetPixelMapfv(&mut self, map: GLenum, values: *mut GLfloat) {
        if let Some(v) = self.get_pixel_map(map, MapValues::Float, None) {
            self.store_pixel_map(&v, |x| x as GLfloat, values)
        }
    }
    unsafe fn GetPixelMapuiv(&mut self, map: GLenum, values: *mut GLuint) {
        if let Some(v) = self.get_pixel_map(map, MapValues::Uint, None) {
            self.store_pixel_map(&v, |x| x.clamp(0.0, u32::MAX as f64) as GLuint, values)
        }
    }
    unsafe fn GetPixelMapusv(&mut self, map: GLenum, values: *mut GLushort) {
        if let Some(v) = self.get_pixel_map(map, MapValues::Ushort, None) {
            self.store_pixel_map(&v, |x| x.clamp(0.0, u16::MAX as f64) as GLushort, values)
        }
    }
    unsafe fn GetnPixelMapfv(&mut self, map: GLenum, buf_size: GLsizei, values: *mut GLfloat) {
        if let Some(v) = self.get_pixel_map(map, MapValues::Float, Some(values_in_bytes::<GLfloat>(buf_size))) {
            self.store_pixel_map(&v, |x| x as GLfloat, values)
        }
    }
    unsafe fn GetnPixelMapfvARB(&mut self, map: GLenum, buf_size: GLsizei, values: *mut GLfloat) {
        self.GetnPixelMapfv(map, buf_size, values)
    }
    unsafe fn GetnPixelMapuiv(&mut self, map: GLenum, buf_size: GLsizei, values: *mut GLuint) {
        if let Some(v) = self.get_pixel_map(map, MapValues::Uint, Some(values_in_bytes::<GLuint>(buf_size))) {
            self.store_pixel_map(&v, |x| x.clamp(0.0, u32::MAX as f64) as GLuint, values)
        }
    }
    unsafe fn GetnPixelMapuivARB(&mut self, map: GLenum, buf_size: GLsizei, values: *mut GLuint) {
        self.GetnPixelMapuiv(map, buf_size, values)
    }
    unsafe fn GetnPixelMapusv(&mut self, map: GLenum, buf_size: GLsizei, values: *mut GLushort) {
        if let Some(v) = self.get_pixel_map(map, MapValues::Ushort, Some(values_in_bytes::<GLushort>(buf_size))) {
            self.store_pixel_map(&v, |x| x.clamp(0.0, u16::MAX as f64) as GLushort, values)
        }
    }
    unsafe fn GetnPixelMapusvARB(&mut self, map: GLenum, buf_size: GLsizei, values: *mut GLushort) {
        self.GetnPixelMapusv(map, buf_size, values)
    }
    unsafe fn PixelTransferf(&mut self, pname: GLenum, param: GLfloat) {
        self.gl_pixel_transfer(pname, param as f64)
    }
    unsafe fn PixelTransferi(&mut self, pname: GLenum, param: GLint) {
        self.gl_pixel_transfer(pname, param as f64)
    }

    // Queries and conditional rendering.
    unsafe fn GenQueries(&mut self, n: GLsizei, ids: *mut GLuint) {
        self.gl_gen_queries(n, ids)
    }
    unsafe fn CreateQueries(&mut self, target: GLenum, n: GLsizei, ids: *mut GLuint) {
        self.gl_create_queries(target, n, ids)
    }
    unsafe fn DeleteQueries(&mut self, n: GLsizei, ids: *const GLuint) {
        self.gl_delete_queries(n, ids)
    }
    unsafe fn IsQuery(&mut self, id: GLuint) -> GLboolean {
        self.gl_is_query(id)
    }
    unsafe fn BeginQuery(&mut self, target: GLenum, id: GLuint) {
        self.gl_begin_query_indexed(target, 0, id)
    }
    unsafe fn BeginQueryIndexed(&mut self, target: GLenum, index: GLuint, id: GLuint) {
        self.gl_begin_query_indexed(target, index, id)
    }
    unsafe fn EndQuery(&mut self, target: GLenum) {
        self.gl_end_query_indexed(target, 0)
    }
    unsafe fn EndQueryIndexed(&mut self, target: GLenum, index: GLuint) {
        self.gl_end_query_indexed(target, index)
    }
    unsafe fn QueryCounter(&mut self, id: GLuint, target: GLenum) {
        self.gl_query_counter(id, target)
    }
    unsafe fn GetQueryiv(&mut self, target: GLenum, pname: GLenum, params: *mut GLint) {
        if let Some(v) = self.query_target_parameter(target, 0, pname) {
            store(params, 0, v)
        }
    }
    unsafe fn GetQueryIndexediv(&mut self, target: GLenum, index: GLuint, pname: GLenum, params: *mut GLint) {
        if let Some(v) = self.query_target_parameter(target, index, pname) {
            store(params, 0, v)
        }
    }
    unsafe fn GetQueryObjectiv(&mut self, id: GLuint, pname: GLenum, params: *mut GLint) {
        self.gl_get_query_object(id, pname, ResultType::I32, params.cast())
    }
    unsafe fn GetQueryObjectuiv(&mut self, id: GLuint, pname: GLenum, params: *mut GLuint) {
        self.gl_get_query_object(id, pname, ResultType::U32, params.cast())
    }
    unsafe fn GetQueryObjecti64v(&mut self, id: GLuint, pname: GLenum, params: *mut GLint64) {
        self.gl_get_query_object(id, pname, ResultType::I64, params.cast())
    }
    unsafe fn GetQueryObjectui64v(&mut self, id: GLuint, pname: GLenum, params: *mut GLuint64) {
        self.gl_get_query_object(id, pname, ResultType::U64, params.cast())
    }
    unsafe fn GetQueryBufferObjectiv(&mut self, id: GLuint, buffer: GLuint, pname: GLenum, offset: GLintptr) {
        self.gl_get_query_buffer_object(id, buffer, pname, offset, ResultType::I32)
    }
    unsafe fn GetQueryBufferObjectuiv(&mut self, id: GLuint, buffer: GLuint, pname: GLenum, offset: GLintptr) {
        self.gl_get_query_buffer_object(id, buffer, pname, offset, ResultType::U32)
    }
    unsafe fn GetQueryBufferObjecti64v(&mut self, id: GLuint, buffer: GLuint, pname: GLenum, offset: GLintptr) {
        self.gl_get_query_buffer_object(id, buffer, pname, offset, ResultType::I64)
    }
    unsafe fn GetQueryBufferObjectui64v(&mut self, id: GLuint, buffer: GLuint, pname: GLenum, offset: GLintptr) {
        self.gl_get_query_buffer_object(id, buffer, pname, offset, ResultType::U64)
    }
    // OpenGL ES's EXT_occlusion_query_boolean and EXT_disjoint_timer_query names.
    unsafe fn GenQueriesEXT(&mut self, n: GLsizei, ids: *mut GLuint) {
        self.gl_gen_queries(n, ids)
    }
    unsafe fn DeleteQueriesEXT(&mut self, n: GLsizei, ids: *const GLuint) {
        self.gl_delete_queries(n, ids)
    }
    unsafe fn IsQueryEXT(&mut self, id: GLuint) -> GLboolean {
        self.gl_is_query(id)
    }
    unsafe fn BeginQueryEXT(&mut self, target: GLenum, id: GLuint) {
        self.gl_begin_query_indexed(target, 0, id)
    }
    unsafe fn EndQueryEXT(&mut self, target: GLenum) {
        self.gl_end_query_indexed(target, 0)
    }
    unsafe fn GetQueryivEXT(&mut self, target: GLenum, pname: GLenum, params: *mut GLint) {
        if let Some(v) = self.query_target_parameter(target, 0, pname) {
            store(params, 0, v)
        }
    }
    unsafe fn GetQueryObjectuivEXT(&mut self, id: GLuint, pname: GLenum, params: *mut GLuint) {
        self.gl_get_query_object(id, pname, ResultType::U32, params.cast())
    }
    unsafe fn BeginConditionalRender(&mut self, id: GLuint, mode: GLenum) {
        self.gl_begin_conditional_render(id, mode)
    }
    unsafe fn EndConditionalRender(&mut self) {
        self.gl_end_conditional_render()
    }

    // 64-bit vertex attributes (ARB_vertex_attrib_64bit).
    unsafe fn VertexAttribL1d(&mut self, index: GLuint, x: GLdouble) {
        self.set_current_attrib_double(index, [x, 0.0, 0.0, 1.0])
    }
    unsafe fn VertexAttribL2d(&mut self, index: GLuint, x: GLdouble, y: GLdouble) {
        self.set_current_attrib_double(index, [x, y, 0.0, 1.0])
    }
    unsafe fn VertexAttribL3d(&mut self, index: GLuint, x: GLdouble, y: GLdouble, z: GLdouble) {
        self.set_current_attrib_double(index, [x, y, z, 1.0])
    }
    unsafe fn VertexAttribL4d(&mut self, index: GLuint, x: GLdouble, y: GLdouble, z: GLdouble, w: GLdouble) {
        self.set_current_attrib_double(index, [x, y, z, w])
    }
    unsafe fn VertexAttribL1dv(&mut self, index: GLuint, v: *const GLdouble) {
        if let Some(v) = read_doubles(v, 1) {
            self.set_current_attrib_double(index, v)
        }
    }
    unsafe fn VertexAttribL2dv(&mut self, index: GLuint, v: *const GLdouble) {
        if let Some(v) = read_doubles(v, 2) {
            self.set_current_attrib_double(index, v)
        }
    }
    unsafe fn VertexAttribL3dv(&mut self, index: GLuint, v: *const GLdouble) {
        if let Some(v) = read_doubles(v, 3) {
            self.set_current_attrib_double(index, v)
        }
    }
    unsafe fn VertexAttribL4dv(&mut self, index: GLuint, v: *const GLdouble) {
        if let Some(v) = read_doubles(v, 4) {
            self.set_current_attrib_double(index, v)
        }
    }
    unsafe fn GetVertexAttribLdv(&mut self, index: GLuint, pname: GLenum, params: *mut GLdouble) {
        self.gl_get_vertex_attrib_ldv(index, pname, params)
    }
    // Transform feedback.
    unsafe fn TransformFeedbackVaryings(&mut self, program: GLuint, count: GLsizei, varyings: *const *const GLchar, mode: GLenum) {
        self.gl_transform_feedback_varyings(program, count, varyings, mode)
    }
    unsafe fn GetTransformFeedbackVarying(&mut self, program: GLuint, index: GLuint, buf_size: GLsizei, length: *mut GLsizei, size: *mut GLsizei, ty: *mut GLenum, name: *mut GLchar) {
        self.gl_get_transform_feedback_varying(program, index, buf_size, length, size, ty, name)
    }
    unsafe fn BindBufferOffsetEXT(&mut self, target: GLenum, index: GLuint, buffer: GLuint, offset: GLintptr) {
        if !self.check(target == GL_TRANSFORM_FEEDBACK_BUFFER, GL_INVALID_ENUM) {
            return;
        }
        self.gl_bind_transform_feedback_buffer(index, buffer, offset, None)
    }
    unsafe fn GenTransformFeedbacks(&mut self, n: GLsizei, ids: *mut GLuint) {
        self.gl_gen_transform_feedbacks(n, ids, false)
    }
    unsafe fn CreateTransformFeedbacks(&mut self, n: GLsizei, ids: *mut GLuint) {
        self.gl_gen_transform_feedbacks(n, ids, true)
    }
    unsafe fn DeleteTransformFeedbacks(&mut self, n: GLsizei, ids: *const GLuint) {
        self.gl_delete_transform_feedbacks(n, ids)
    }
    unsafe fn IsTransformFeedback(&mut self, id: GLuint) -> GLboolean {
        self.gl_is_transform_feedback(id)
    }
    unsafe fn BindTransformFeedback(&mut self, target: GLenum, id: GLuint) {
        self.gl_bind_transform_feedback(target, id)
    }
    unsafe fn TransformFeedbackBufferBase(&mut self, xfb: GLuint, index: GLuint, buffer: GLuint) {
        self.gl_transform_feedback_buffer(xfb, index, buffer, 0, None)
    }
    unsafe fn TransformFeedbackBufferRange(&mut self, xfb: GLuint, index: GLuint, buffer: GLuint, offset: GLintptr, size: GLsizeiptr) {
        self.gl_transform_feedback_buffer(xfb, index, buffer, offset, Some(size))
    }
    unsafe fn BeginTransformFeedback(&mut self, mode: GLenum) {
        self.gl_begin_transform_feedback(mode)
    }
    unsafe fn EndTransformFeedback(&mut self) {
        self.gl_end_transform_feedback()
    }
    unsafe fn PauseTransformFeedback(&mut self) {
        self.gl_pause_transform_feedback()
    }
    unsafe fn ResumeTransformFeedback(&mut self) {
        self.gl_resume_transform_feedback()
    }
    unsafe fn GetTransformFeedbackiv(&mut self, xfb: GLuint, pname: GLenum, param: *mut GLint) {
        match self.transform_feedback_parameter(xfb, pname, None) {
            Ok(v) => store(param, 0, v as GLint),
            Err(e) => self.record_error(e),
        }
    }
    unsafe fn GetTransformFeedbacki_v(&mut self, xfb: GLuint, pname: GLenum, index: GLuint, param: *mut GLint) {
        let result = if pname == GL_TRANSFORM_FEEDBACK_BUFFER_BINDING { self.transform_feedback_parameter(xfb, pname, Some(index)) } else { Err(GL_INVALID_ENUM) };
        match result {
            Ok(v) => store(param, 0, v as GLint),
            Err(e) => self.record_error(e),
        }
    }
    unsafe fn GetTransformFeedbacki64_v(&mut self, xfb: GLuint, pname: GLenum, index: GLuint, param: *mut GLint64) {
        let sized = matches!(pname, GL_TRANSFORM_FEEDBACK_BUFFER_START | GL_TRANSFORM_FEEDBACK_BUFFER_SIZE);
        let result = if sized { self.transform_feedback_parameter(xfb, pname, Some(index)) } else { Err(GL_INVALID_ENUM) };
        match result {
            Ok(v) => store(param, 0, v),
            Err(e) => self.record_error(e),
        }
    }
    unsafe fn DrawTransformFeedback(&mut self, mode: GLenum, id: GLuint) {
        self.gl_draw_transform_feedback(mode, id, 0, 1)
    }
    unsafe fn DrawTransformFeedbackInstanced(&mut self, mode: GLenum, id: GLuint, instances: GLsizei) {
        self.gl_draw_transform_feedback(mode, id, 0, instances)
    }
    unsafe fn DrawTransformFeedbackStream(&mut self, mode: GLenum, id: GLuint, stream: GLuint) {
        self.gl_draw_transform_feedback(mode, id, stream, 1)
    }
    unsafe fn DrawTransformFeedbackStreamInstanced(&mut self, mode: GLenum, id: GLuint, stream: GLuint, instances: GLsizei) {
        self.gl_draw_transform_feedback(mode, id, stream, instances)
    }
    // Separate shader objects: program pipelines, glProgramParameteri, glProgramUniform*.
    unsafe fn ProgramParameteri(&mut self, program: GLuint, pname: GLenum, value: GLint) {
        self.gl_program_parameteri(program, pname, value)
    }
    unsafe fn CreateShaderProgramv(&mut self, ty: GLenum, count: GLsizei, strings: *const *const GLchar) -> GLuint {
        self.gl_create_shader_program(ty, count, strings)
    }
    unsafe fn GenProgramPipelines(&mut self, n: GLsizei, pipelines: *mut GLuint) {
        self.gl_gen_program_pipelines(n, pipelines, false)
    }
    unsafe fn CreateProgramPipelines(&mut self, n: GLsizei, pipelines: *mut GLuint) {
        self.gl_gen_program_pipelines(n, pipelines, true)
    }
    unsafe fn DeleteProgramPipelines(&mut self, n: GLsizei, pipelines: *const GLuint) {
        self.gl_delete_program_pipelines(n, pipelines)
    }
    unsafe fn IsProgramPipeline(&mut self, pipeline: GLuint) -> GLboolean {
        self.gl_is_program_pipeline(pipeline)
    }
    unsafe fn BindProgramPipeline(&mut self, pipeline: GLuint) {
        self.gl_bind_program_pipeline(pipeline)
    }
    unsafe fn UseProgramStages(&mut self, pipeline: GLuint, stages: GLbitfield, program: GLuint) {
        self.gl_use_program_stages(pipeline, stages, program)
    }
    unsafe fn ActiveShaderProgram(&mut self, pipeline: GLuint, program: GLuint) {
        self.gl_active_shader_program(pipeline, program)
    }
    unsafe fn GetProgramPipelineiv(&mut self, pipeline: GLuint, pname: GLenum, params: *mut GLint) {
        if let Some(v) = self.program_pipeline_parameter(pipeline, pname) {
            store(params, 0, v);
        }
    }
    unsafe fn ValidateProgramPipeline(&mut self, pipeline: GLuint) {
        self.gl_validate_program_pipeline(pipeline)
    }
    unsafe fn GetProgramPipelineInfoLog(&mut self, pipeline: GLuint, buf_size: GLsizei, length: *mut GLsizei, log: *mut GLchar) {
        self.gl_get_program_pipeline_info_log(pipeline, buf_size, length, log)
    }
    program_uniform_values! {
        ProgramUniform1f: Float, GLfloat, (x); ProgramUniform2f: Float, GLfloat, (x, y);
        ProgramUniform3f: Float, GLfloat, (x, y, z); ProgramUniform4f: Float, GLfloat, (x, y, z, w);
        ProgramUniform1i: Int, GLint, (x); ProgramUniform2i: Int, GLint, (x, y);
        ProgramUniform3i: Int, GLint, (x, y, z); ProgramUniform4i: Int, GLint, (x, y, z, w);
        ProgramUniform1ui: Uint, GLuint, (x); ProgramUniform2ui: Uint, GLuint, (x, y);
        ProgramUniform3ui: Uint, GLuint, (x, y, z); ProgramUniform4ui: Uint, GLuint, (x, y, z, w);
        ProgramUniform1d: Double, GLdouble, (x); ProgramUniform2d: Double, GLdouble, (x, y);
        ProgramUniform3d: Double, GLdouble, (x, y, z); ProgramUniform4d: Double, GLdouble, (x, y, z, w);
        ProgramUniform1i64ARB: Int64, GLint64, (x); ProgramUniform2i64ARB: Int64, GLint64, (x, y);
        ProgramUniform3i64ARB: Int64, GLint64, (x, y, z); ProgramUniform4i64ARB: Int64, GLint64, (x, y, z, w);
        ProgramUniform1ui64ARB: Uint64, GLuint64, (x); ProgramUniform2ui64ARB: Uint64, GLuint64, (x, y);
        ProgramUniform3ui64ARB: Uint64, GLuint64, (x, y, z); ProgramUniform4ui64ARB: Uint64, GLuint64, (x, y, z, w);
    }
    program_uniform_arrays! {
        ProgramUniform1fv: Float, GLfloat, 1 x 1; ProgramUniform2fv: Float, GLfloat, 1 x 2;
        ProgramUniform3fv: Float, GLfloat, 1 x 3; ProgramUniform4fv: Float, GLfloat, 1 x 4;
        ProgramUniform1iv: Int, GLint, 1 x 1; ProgramUniform2iv: Int, GLint, 1 x 2;
        ProgramUniform3iv: Int, GLint, 1 x 3; ProgramUniform4iv: Int, GLint, 1 x 4;
        ProgramUniform1uiv: Uint, GLuint, 1 x 1; ProgramUniform2uiv: Uint, GLuint, 1 x 2;
        ProgramUniform3uiv: Uint, GLuint, 1 x 3; ProgramUniform4uiv: Uint, GLuint, 1 x 4;
        ProgramUniform1dv: Double, GLdouble, 1 x 1; ProgramUniform2dv: Double, GLdouble, 1 x 2;
        ProgramUniform3dv: Double, GLdouble, 1 x 3; ProgramUniform4dv: Double, GLdouble, 1 x 4;
        ProgramUniform1i64vARB: Int64, GLint64, 1 x 1; ProgramUniform2i64vARB: Int64, GLint64, 1 x 2;
        ProgramUniform3i64vARB: Int64, GLint64, 1 x 3; ProgramUniform4i64vARB: Int64, GLint64, 1 x 4;
        ProgramUniform1ui64vARB: Uint64, GLuint64, 1 x 1; ProgramUniform2ui64vARB: Uint64, GLuint64, 1 x 2;
        ProgramUniform3ui64vARB: Uint64, GLuint64, 1 x 3; ProgramUniform4ui64vARB: Uint64, GLuint64, 1 x 4;
    }
    program_uniform_matrices! {
        ProgramUniformMatrix2fv: Float, GLfloat, 2 x 2; ProgramUniformMatrix3fv: Float, GLfloat, 3 x 3;
        ProgramUniformMatrix4fv: Float, GLfloat, 4 x 4; ProgramUniformMatrix2x3fv: Float, GLfloat, 2 x 3;
        ProgramUniformMatrix3x2fv: Float, GLfloat, 3 x 2; ProgramUniformMatrix2x4fv: Float, GLfloat, 2 x 4;
        ProgramUniformMatrix4x2fv: Float, GLfloat, 4 x 2; ProgramUniformMatrix3x4fv: Float, GLfloat, 3 x 4;
        ProgramUniformMatrix4x3fv: Float, GLfloat, 4 x 3;
        ProgramUniformMatrix2dv: Double, GLdouble, 2 x 2; ProgramUniformMatrix3dv: Double, GLdouble, 3 x 3;
        ProgramUniformMatrix4dv: Double, GLdouble, 4 x 4; ProgramUniformMatrix2x3dv: Double, GLdouble, 2 x 3;
        ProgramUniformMatrix3x2dv: Double, GLdouble, 3 x 2; ProgramUniformMatrix2x4dv: Double, GLdouble, 2 x 4;
        ProgramUniformMatrix4x2dv: Double, GLdouble, 4 x 2; ProgramUniformMatrix3x4dv: Double, GLdouble, 3 x 4;
        ProgramUniformMatrix4x3dv: Double, GLdouble, 4 x 3;
    }
    // Program interface queries (ARB_program_interface_query).
    unsafe fn GetProgramInterfaceiv(&mut self, program: GLuint, interface: GLenum, pname: GLenum, params: *mut GLint) {
        if let Some(v) = self.program_interface_value(program, interface, pname) {
            store(params, 0, v);
        }
    }
    // ARB_shader_subroutine.
    unsafe fn GetSubroutineUniformLocation(&mut self, program: GLuint, shadertype: GLenum, name: *const GLchar) -> GLint {
        let name = c_name(name).unwrap_or_default();
        self.gl_get_subroutine_uniform_location(program, shadertype, &name)
    }
    unsafe fn GetSubroutineIndex(&mut self, program: GLuint, shadertype: GLenum, name: *const GLchar) -> GLuint {
        let name = c_name(name).unwrap_or_default();
        self.gl_get_subroutine_index(program, shadertype, &name)
    }
    unsafe fn GetActiveSubroutineUniformiv(&mut self, program: GLuint, shadertype: GLenum, index: GLuint, pname: GLenum, values: *mut GLint) {
        if let Some(v) = self.gl_get_active_subroutine_uniformiv(program, shadertype, index, pname) {
            for (i, x) in v.into_iter().enumerate() {
                store(values, i, x);
            }
        }
    }
    unsafe fn GetActiveSubroutineUniformName(&mut self, program: GLuint, shadertype: GLenum, index: GLuint, bufsize: GLsizei, length: *mut GLsizei, name: *mut GLchar) {
        self.gl_get_active_subroutine_name(program, shadertype, index, bufsize, length, name, true)
    }
    unsafe fn GetActiveSubroutineName(&mut self, program: GLuint, shadertype: GLenum, index: GLuint, bufsize: GLsizei, length: *mut GLsizei, name: *mut GLchar) {
        self.gl_get_active_subroutine_name(program, shadertype, index, bufsize, length, name, false)
    }
    unsafe fn GetProgramStageiv(&mut self, program: GLuint, shadertype: GLenum, pname: GLenum, values: *mut GLint) {
        if let Some(v) = self.gl_get_program_stageiv(program, shadertype, pname) {
            store(values, 0, v);
        }
    }
    unsafe fn UniformSubroutinesuiv(&mut self, shadertype: GLenum, count: GLsizei, indices: *const GLuint) {
        if !self.check(count >= 0 && (count == 0 || !indices.is_null()), GL_INVALID_VALUE) {
            return;
        }
        let list = if count == 0 { &[][..] } else { std::slice::from_raw_parts(indices, count as usize) };
        self.gl_uniform_subroutinesuiv(shadertype, list)
    }
    unsafe fn GetUniformSubroutineuiv(&mut self, shadertype: GLenum, location: GLint, params: *mut GLuint) {
        if let Some(v) = self.gl_get_uniform_subroutineuiv(shadertype, location) {
            store(params, 0, v);
        }
    }
    unsafe fn GetProgramResourceIndex(&mut self, program: GLuint, interface: GLenum, name: *const GLchar) -> GLuint {
        match c_name(name) {
            Some(name) => self.gl_get_program_resource_index(program, interface, &name),
            None => GL_INVALID_INDEX,
        }
    }
    unsafe fn GetProgramResourceName(&mut self, program: GLuint, interface: GLenum, index: GLuint, buf_size: GLsizei, length: *mut GLsizei, name: *mut GLchar) {
        self.gl_get_program_resource_name(program, interface, index, buf_size, length, name)
    }
    unsafe fn GetProgramResourceiv(&mut self, program: GLuint, interface: GLenum, index: GLuint, prop_count: GLsizei, props: *const GLenum, buf_size: GLsizei, length: *mut GLsizei, params: *mut GLint) {
        if !self.check(prop_count > 0 && !props.is_null(), GL_INVALID_VALUE) {
            return;
        }
        let props = std::slice::from_raw_parts(props, prop_count as usize);
        self.gl_get_program_resourceiv(program, interface, index, props, buf_size, length, params)
    }
    unsafe fn GetProgramResourceLocation(&mut self, program: GLuint, interface: GLenum, name: *const GLchar) -> GLint {
        match c_name(name) {
            Some(name) => self.gl_get_program_resource_location(program, interface, &name, false),
            None => -1,
        }
    }
    unsafe fn GetProgramResourceLocationIndex(&mut self, program: GLuint, interface: GLenum, name: *const GLchar) -> GLint {
        match c_name(name) {
            Some(name) => self.gl_get_program_resource_location(program, interface, &name, true),
            None => -1,
        }
    }
    /// EXT_blend_func_extended's ES spelling; the registry does not declare it an alias.
    unsafe fn GetProgramResourceLocationIndexEXT(&mut self, program: GLuint, interface: GLenum, name: *const GLchar) -> GLint {
        self.GetProgramResourceLocationIndex(program, interface, name)
    }

    // ARB assembly programs (ARB_vertex_program, ARB_fragment_program).
    unsafe fn GenProgramsARB(&mut self, n: GLsizei, programs: *mut GLuint) {
        if let Some(names) = self.gl_gen_programs_arb(n) {
            names.into_iter().enumerate().for_each(|(i, name)| store(programs, i, name));
        }
    }
    unsafe fn DeleteProgramsARB(&mut self, n: GLsizei, programs: *const GLuint) {
        if !self.check(n >= 0, GL_INVALID_VALUE) || programs.is_null() {
            return;
        }
        let names = std::slice::from_raw_parts(programs, n as usize).to_vec();
        self.gl_delete_programs_arb(&names)
    }
    unsafe fn IsProgramARB(&mut self, program: GLuint) -> GLboolean {
        self.gl_is_program_arb(program)
    }
    unsafe fn BindProgramARB(&mut self, target: GLenum, program: GLuint) {
        self.gl_bind_program_arb(target, program)
    }
    unsafe fn ProgramStringARB(&mut self, target: GLenum, format: GLenum, len: GLsizei, string_: *const c_void) {
        if !self.check(len >= 0, GL_INVALID_VALUE) {
            return;
        }
        let text = if string_.is_null() { Vec::new() } else { std::slice::from_raw_parts(string_ as *const u8, len as usize).to_vec() };
        self.gl_program_string_arb(target, format, &text)
    }
    unsafe fn GetProgramivARB(&mut self, target: GLenum, pname: GLenum, params: *mut GLint) {
        if let Some(v) = self.gl_get_program_arb(target, pname) {
            store(params, 0, v);
        }
    }
    unsafe fn GetProgramStringARB(&mut self, target: GLenum, pname: GLenum, string_: *mut c_void) {
        if let (Some(text), false) = (self.gl_get_program_string_arb(target, pname), string_.is_null()) {
            std::ptr::copy_nonoverlapping(text.as_ptr(), string_ as *mut u8, text.len());
        }
    }
    unsafe fn ProgramEnvParameter4fARB(&mut self, target: GLenum, index: GLuint, x: GLfloat, y: GLfloat, z: GLfloat, w: GLfloat) {
        self.gl_program_parameters_arb(target, false, index, &[[x, y, z, w]])
    }
    unsafe fn ProgramEnvParameter4dARB(&mut self, target: GLenum, index: GLuint, x: GLdouble, y: GLdouble, z: GLdouble, w: GLdouble) {
        self.gl_program_parameters_arb(target, false, index, &[[x as f32, y as f32, z as f32, w as f32]])
    }
    unsafe fn ProgramEnvParameter4fvARB(&mut self, target: GLenum, index: GLuint, params: *const GLfloat) {
        if let Some(v) = arb_vectors(params, 1) {
            self.gl_program_parameters_arb(target, false, index, &v)
        }
    }
    unsafe fn ProgramEnvParameter4dvARB(&mut self, target: GLenum, index: GLuint, params: *const GLdouble) {
        if let Some(v) = arb_vectors(params, 1) {
            self.gl_program_parameters_arb(target, false, index, &v)
        }
    }
    unsafe fn ProgramEnvParameters4fvEXT(&mut self, target: GLenum, index: GLuint, count: GLsizei, params: *const GLfloat) {
        if !self.check(count >= 0, GL_INVALID_VALUE) {
            return;
        }
        if let Some(v) = arb_vectors(params, count as usize) {
            self.gl_program_parameters_arb(target, false, index, &v)
        }
    }
    unsafe fn ProgramLocalParameter4fARB(&mut self, target: GLenum, index: GLuint, x: GLfloat, y: GLfloat, z: GLfloat, w: GLfloat) {
        self.gl_program_parameters_arb(target, true, index, &[[x, y, z, w]])
    }
    unsafe fn ProgramLocalParameter4dARB(&mut self, target: GLenum, index: GLuint, x: GLdouble, y: GLdouble, z: GLdouble, w: GLdouble) {
        self.gl_program_parameters_arb(target, true, index, &[[x as f32, y as f32, z as f32, w as f32]])
    }
    unsafe fn ProgramLocalParameter4fvARB(&mut self, target: GLenum, index: GLuint, params: *const GLfloat) {
        if let Some(v) = arb_vectors(params, 1) {
            self.gl_program_parameters_arb(target, true, index, &v)
        }
    }
    unsafe fn ProgramLocalParameter4dvARB(&mut self, target: GLenum, index: GLuint, params: *const GLdouble) {
        if let Some(v) = arb_vectors(params, 1) {
            self.gl_program_parameters_arb(target, true, index, &v)
        }
    }
    unsafe fn ProgramLocalParameters4fvEXT(&mut self, target: GLenum, index: GLuint, count: GLsizei, params: *const GLfloat) {
        if !self.check(count >= 0, GL_INVALID_VALUE) {
            return;
        }
        if let Some(v) = arb_vectors(params, count as usize) {
            self.gl_program_parameters_arb(target, true, index, &v)
        }
    }
    unsafe fn GetProgramEnvParameterfvARB(&mut self, target: GLenum, index: GLuint, params: *mut GLfloat) {
        if let Some(v) = self.gl_get_program_parameter_arb(target, false, index) {
            (0..4).for_each(|i| store(params, i, v[i]));
        }
    }
    unsafe fn GetProgramEnvParameterdvARB(&mut self, target: GLenum, index: GLuint, params: *mut GLdouble) {
        if let Some(v) = self.gl_get_program_parameter_arb(target, false, index) {
            (0..4).for_each(|i| store(params, i, v[i] as f64));
        }
    }
    unsafe fn GetProgramLocalParameterfvARB(&mut self, target: GLenum, index: GLuint, params: *mut GLfloat) {
        if let Some(v) = self.gl_get_program_parameter_arb(target, true, index) {
            (0..4).for_each(|i| store(params, i, v[i]));
        }
    }
    unsafe fn GetProgramLocalParameterdvARB(&mut self, target: GLenum, index: GLuint, params: *mut GLdouble) {
        if let Some(v) = self.gl_get_program_parameter_arb(target, true, index) {
            (0..4).for_each(|i| store(params, i, v[i] as f64));
        }
    }
}

impl ContextState {
    /// Writes glGetActiveUniform / glGetActiveAttrib results.
    #[allow(clippy::too_many_arguments)]
    unsafe fn write_active_variable(&mut self, program: GLuint, index: GLuint, uniform: bool, buf_size: GLsizei, length: *mut GLsizei, size: *mut GLint, ty: *mut GLenum, name: *mut GLchar) {
        if !self.check(buf_size >= 0, GL_INVALID_VALUE) {
            return;
        }
        if let Some((text, count, gl_type)) = self.active_variable(program, index, uniform) {
            write_gl_string(&text, buf_size, length, name);
            store(size, 0, count);
            store(ty, 0, gl_type);
        }
    }
}

/// Reads `count` elements of `per` 32-bit values from a glUniform*v array.
///
/// # Safety
/// `value` must hold `count * per` values, as GL requires.
/// Doubles as the 32-bit words glUniform* passes around, low word first.
/// `count` four-component vectors of a glProgram*Parameter*v array, as floats.
///
/// # Safety
/// `params` must be null or hold `count * 4` values, as GL requires.
unsafe fn arb_vectors<T: Copy + Into<f64>>(params: *const T, count: usize) -> Option<Vec<[f32; 4]>> {
    if params.is_null() {
        return None;
    }
    let values = std::slice::from_raw_parts(params, count * 4);
    Some(values.chunks(4).map(|c| [c[0].into() as f32, c[1].into() as f32, c[2].into() as f32, c[3].into() as f32]).collect())
}

/// A NUL-terminated name from the application, or None for a null pointer.
///
/// # Safety
/// `name` must be null or point to a NUL-terminated string, as GL requires.
unsafe fn c_name(name: *const GLchar) -> Option<String> {
    (!name.is_null()).then(|| std::ffi::CStr::from_ptr(name).to_string_lossy().into_owned())
}

/// One glProgramUniform component as the 32-bit words the default block stores (64-bit
/// ones low word first).
trait UniformComponent: Copy {
    fn push_words(self, out: &mut Vec<u32>);
}

impl UniformComponent for GLfloat {
    fn push_words(self, out: &mut Vec<u32>) {
        out.push(self.to_bits())
    }
}

impl UniformComponent for GLint {
    fn push_words(self, out: &mut Vec<u32>) {
        out.push(self as u32)
    }
}

impl UniformComponent for GLuint {
    fn push_words(self, out: &mut Vec<u32>) {
        out.push(self)
    }
}

impl UniformComponent for GLdouble {
    fn push_words(self, out: &mut Vec<u32>) {
        out.extend(double_words(&[self]))
    }
}

impl UniformComponent for GLint64 {
    fn push_words(self, out: &mut Vec<u32>) {
        out.extend(int64_words(&[self as u64]))
    }
}

impl UniformComponent for GLuint64 {
    fn push_words(self, out: &mut Vec<u32>) {
        out.extend(int64_words(&[self]))
    }
}

/// 64-bit integer components as (low, high) word pairs.
fn int64_words(values: &[u64]) -> Vec<u32> {
    values.iter().flat_map(|v| [*v as u32, (*v >> 32) as u32]).collect()
}

fn double_words(values: &[f64]) -> Vec<u32> {
    values.iter().flat_map(|v| {
        let bits = v.to_bits();
        [bits as u32, (bits >> 32) as u32]
    }).collect()
}

/// How many values a texture or sampler parameter takes.
fn parameter_count(pname: GLenum) -> usize {
    if matches!(pname, GL_TEXTURE_BORDER_COLOR | GL_TEXTURE_SWIZZLE_RGBA) {
        4
    } else {
        1
    }
}

/// Reads the values of an integer-vector parameter call (border colours are normalized).
///
/// # Safety
/// `params` must hold as many values as the parameter takes.
unsafe fn int_parameter_values(pname: GLenum, params: *const GLint) -> Option<[f64; 4]> {
    if params.is_null() {
        return None;
    }
    let mut values = [0.0; 4];
    for (i, v) in values.iter_mut().enumerate().take(parameter_count(pname)) {
        let raw = *params.add(i) as f64;
        *v = if pname == GL_TEXTURE_BORDER_COLOR { raw / i32::MAX as f64 } else { raw };
    }
    Some(values)
}

/// The words of a glTexParameterI*v / glSamplerParameterI*v call (four for the border
/// colour, one otherwise; unused words zero).
///
/// # Safety
/// `params` must hold as many values as the parameter takes.
unsafe fn integer_parameter_words(pname: GLenum, params: *const u32) -> Option<[u32; 4]> {
    if params.is_null() {
        return None;
    }
    let mut words = [0; 4];
    for (i, w) in words.iter_mut().enumerate().take(parameter_count(pname)) {
        *w = *params.add(i);
    }
    Some(words)
}

/// Reads the values of a float-vector parameter call.
///
/// # Safety
/// `params` must hold as many values as the parameter takes.
unsafe fn float_parameter_values(pname: GLenum, params: *const GLfloat) -> Option<[f64; 4]> {
    if params.is_null() {
        return None;
    }
    let mut values = [0.0; 4];
    for (i, v) in values.iter_mut().enumerate().take(parameter_count(pname)) {
        *v = *params.add(i) as f64;
    }
    Some(values)
}

/// A parameter value as glGet*Parameteriv returns it.
fn int_parameter(pname: GLenum, v: f64) -> GLint {
    if pname == GL_TEXTURE_BORDER_COLOR {
        (v.clamp(-1.0, 1.0) * i32::MAX as f64).round() as GLint
    } else {
        v.round() as GLint
    }
}


/// The first `n` of a glVertexAttribL*dv array, with GL's defaults (0, 0, 1) after them.
///
/// # Safety
/// `v` must be null or hold `n` doubles.
unsafe fn read_doubles(v: *const GLdouble, n: usize) -> Option<[f64; 4]> {
    if v.is_null() {
        return None;
    }
    let mut out = [0.0, 0.0, 0.0, 1.0];
    for (i, o) in out.iter_mut().enumerate().take(n) {
        *o = *v.add(i);
    }
    Some(out)
}

/// How many values of `T` fit in a glGetn* buffer of `buf_size` bytes (none when negative).
fn values_in_bytes<T>(buf_size: GLsizei) -> usize {
    buf_size.max(0) as usize / std::mem::size_of::<T>()
}

/// Reads `n` integer components for glVertexAttribI*v, sign- or zero-extended to words,
/// with missing components 0 and w 1.
///
/// # Safety
/// `v` is null or points at `n` values, as GL requires.
unsafe fn integer_vector<T: Copy + Into<i64>>(v: *const T, n: usize) -> Option<[u32; 4]> {
    if v.is_null() {
        return None;
    }
    let mut words = [0, 0, 0, 1];
    for (i, w) in words.iter_mut().enumerate().take(n) {
        // SAFETY: as the caller promises.
        *w = unsafe { *v.add(i) }.into() as u32;
    }
    Some(words)
}
