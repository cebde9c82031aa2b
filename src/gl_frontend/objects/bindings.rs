//! What is bound where in one context: buffer targets, indexed buffer bindings, texture
//! units, the program, the vertex array, framebuffers and pixel-store parameters.

use crate::limits::Limits;
use crate::types::*;

/// A buffer bound to an indexed target (glBindBufferBase / glBindBufferRange). `size` 0
/// means the whole buffer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct IndexedBuffer {
    pub buffer: GLuint,
    pub offset: i64,
    pub size: i64,
}

/// glPixelStore state for one direction (pack or unpack).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PixelStore {
    pub alignment: i32,
    pub row_length: i32,
    pub skip_rows: i32,
    pub skip_pixels: i32,
    pub image_height: i32,
    pub skip_images: i32,
    pub swap_bytes: bool,
    pub lsb_first: bool,
}

impl Default for PixelStore {
    fn default() -> Self {
        PixelStore { alignment: 4, row_length: 0, skip_rows: 0, skip_pixels: 0, image_height: 0, skip_images: 0, swap_bytes: false, lsb_first: false }
    }
}

#[derive(Clone, Debug)]
pub struct Bindings {
    pub array_buffer: GLuint,
    pub copy_read_buffer: GLuint,
    pub copy_write_buffer: GLuint,
    pub pixel_pack_buffer: GLuint,
    pub pixel_unpack_buffer: GLuint,
    pub uniform_buffer: GLuint,
    pub texture_buffer: GLuint,
    pub transform_feedback_buffer: GLuint,
    pub shader_storage_buffer: GLuint,
    pub draw_indirect_buffer: GLuint,
    pub dispatch_indirect_buffer: GLuint,
    /// GL_PARAMETER_BUFFER: where glMultiDraw*IndirectCount read their draw count.
    pub parameter_buffer: GLuint,
    pub atomic_counter_buffer: GLuint,
    pub query_buffer: GLuint,
    pub uniform_buffers: Vec<IndexedBuffer>,
    /// Indexed GL_SHADER_STORAGE_BUFFER binding points (glBindBufferBase/Range).
    pub shader_storage_buffers: Vec<IndexedBuffer>,
    /// Indexed GL_ATOMIC_COUNTER_BUFFER binding points.
    pub atomic_counter_buffers: Vec<IndexedBuffer>,
    /// Image units (glBindImageTexture).
    pub image_units: Vec<crate::draw_path::images::ImageUnit>,
    pub vertex_array: GLuint,
    pub program: GLuint,
    /// glBindProgramPipeline: draws use it while no program is current.
    pub program_pipeline: GLuint,
    /// Index of the active texture unit (glActiveTexture minus GL_TEXTURE0).
    pub active_texture: u32,
    /// Per unit: the texture bound to each target, indexed by `texture::TargetIndex`.
    pub textures: Vec<[GLuint; crate::objects::texture::TARGET_COUNT]>,
    pub samplers: Vec<GLuint>,
    pub draw_framebuffer: GLuint,
    pub read_framebuffer: GLuint,
    pub renderbuffer: GLuint,
    pub pack: PixelStore,
    pub unpack: PixelStore,
}

impl Bindings {
    pub fn new(limits: &Limits) -> Self {
        let units = limits.max_combined_texture_image_units as usize;
        Bindings {
            array_buffer: 0,
            copy_read_buffer: 0,
            copy_write_buffer: 0,
            pixel_pack_buffer: 0,
            pixel_unpack_buffer: 0,
            uniform_buffer: 0,
            texture_buffer: 0,
            transform_feedback_buffer: 0,
            shader_storage_buffer: 0,
            draw_indirect_buffer: 0,
            dispatch_indirect_buffer: 0,
            parameter_buffer: 0,
            atomic_counter_buffer: 0,
            query_buffer: 0,
            uniform_buffers: vec![IndexedBuffer::default(); limits.max_uniform_buffer_bindings as usize],
            image_units: vec![Default::default(); crate::draw_path::images::MAX_IMAGE_UNITS as usize],
            atomic_counter_buffers: vec![IndexedBuffer::default(); crate::draw_path::atomic_counters::MAX_ATOMIC_COUNTER_BUFFER_BINDINGS as usize],
            shader_storage_buffers: vec![IndexedBuffer::default(); crate::draw_path::dispatch::MAX_SHADER_STORAGE_BUFFER_BINDINGS as usize],
            vertex_array: 0,
            program: 0,
            program_pipeline: 0,
            active_texture: 0,
            textures: vec![[0; crate::objects::texture::TARGET_COUNT]; units],
            samplers: vec![0; units],
            draw_framebuffer: 0,
            read_framebuffer: 0,
            renderbuffer: 0,
            pack: PixelStore::default(),
            unpack: PixelStore::default(),
        }
    }
}

impl crate::context::ContextState {
    pub(crate) fn gl_pixel_storei(&mut self, pname: GLenum, param: GLint) {
        use crate::types::enums::*;
        let (store, field) = match pname {
            GL_PACK_ALIGNMENT | GL_PACK_ROW_LENGTH | GL_PACK_SKIP_ROWS | GL_PACK_SKIP_PIXELS | GL_PACK_IMAGE_HEIGHT
            | GL_PACK_SKIP_IMAGES | GL_PACK_SWAP_BYTES | GL_PACK_LSB_FIRST => (&mut self.bindings.pack, pname),
            GL_UNPACK_ALIGNMENT | GL_UNPACK_ROW_LENGTH | GL_UNPACK_SKIP_ROWS | GL_UNPACK_SKIP_PIXELS
            | GL_UNPACK_IMAGE_HEIGHT | GL_UNPACK_SKIP_IMAGES | GL_UNPACK_SWAP_BYTES | GL_UNPACK_LSB_FIRST => {
                (&mut self.bindings.unpack, pname)
            }
            _ => return self.record_error(GL_INVALID_ENUM),
        };
        let is_alignment = matches!(field, GL_PACK_ALIGNMENT | GL_UNPACK_ALIGNMENT);
        let valid = if is_alignment { matches!(param, 1 | 2 | 4 | 8) } else { param >= 0 };
        if !valid {
            return self.record_error(GL_INVALID_VALUE);
        }
        match field {
            GL_PACK_ALIGNMENT | GL_UNPACK_ALIGNMENT => store.alignment = param,
            GL_PACK_ROW_LENGTH | GL_UNPACK_ROW_LENGTH => store.row_length = param,
            GL_PACK_SKIP_ROWS | GL_UNPACK_SKIP_ROWS => store.skip_rows = param,
            GL_PACK_SKIP_PIXELS | GL_UNPACK_SKIP_PIXELS => store.skip_pixels = param,
            GL_PACK_IMAGE_HEIGHT | GL_UNPACK_IMAGE_HEIGHT => store.image_height = param,
            GL_PACK_SKIP_IMAGES | GL_UNPACK_SKIP_IMAGES => store.skip_images = param,
            GL_PACK_SWAP_BYTES | GL_UNPACK_SWAP_BYTES => store.swap_bytes = param != 0,
            _ => store.lsb_first = param != 0,
        }
    }
}
