//! Display lists (compatibility profile): glNewList / glEndList record commands, glCallList
//! replays them.
//!
//! A list is a `Vec<ListCommand>`: one enum value per command, array arguments copied, so
//! recording costs one push. The entry points build the value (code generated from gl.xml,
//! see `build_display_list.rs`) and `dispatch::call_listed` appends it while a list is
//! being compiled; replay calls the same `GlCommands` methods the entry points call. Lists
//! live in the share group, as GL's list names are shared. Commands that read images or
//! list names are recorded here by hand, glMap's control points by `evaluators.rs`: their
//! data is copied at compile time, as GL says.

use std::collections::BTreeMap;
use std::ffi::c_void;
use std::sync::Arc;

use crate::context::ContextState;
use crate::generated::GlCommands;
use crate::objects::bindings::PixelStore;
use crate::types::enums::*;
use crate::types::*;

#[allow(clippy::too_many_arguments, unused_unsafe)]
mod generated {
    use crate::context::ContextState;
    use crate::generated::GlCommands;
    use crate::types::*;
    include!(concat!(env!("OUT_DIR"), "/gl_list_commands.rs"));
}
pub use generated::ListCommand;
pub use crate::state::evaluators::{record_map1d, record_map1f, record_map2d, record_map2f};

/// GL_MAX_LIST_NESTING: how deep glCallList may nest during execution.
pub const MAX_LIST_NESTING: u32 = 64;

/// One compiled list.
pub type List = Arc<[ListCommand]>;

/// The share group's lists, by name. A name reserved by glGenLists but not yet defined maps
/// to an empty list.
#[derive(Default)]
pub struct DisplayLists {
    pub lists: BTreeMap<GLuint, List>,
}

/// The list being compiled.
pub struct Compiling {
    pub name: GLuint,
    pub mode: GLenum,
    pub commands: Vec<ListCommand>,
}

/// A context's display-list state.
#[derive(Default)]
pub struct DisplayListState {
    /// Set between glNewList and glEndList.
    pub compiling: Option<Compiling>,
    /// glListBase: added to every name of glCallLists.
    pub base: GLuint,
    /// How deep glCallList is nested now.
    pub depth: u32,
    /// Set by a command rejected while compiling, so it is not executed either.
    pub rejected: bool,
    /// Set by a command that cannot be recorded safely and runs at once instead.
    pub execute_instead: bool,
}

/// The number of values a glLight/glMaterial/glFog/glTexEnv/glTexGen/glTexParameter/
/// glLightModel/glPointParameter vector of `pname` holds. Unknown names read one value,
/// which the command then rejects.
pub fn pname_values(pname: GLenum) -> usize {
    match pname {
        GL_AMBIENT | GL_DIFFUSE | GL_SPECULAR | GL_POSITION | GL_EMISSION | GL_AMBIENT_AND_DIFFUSE
        | GL_FOG_COLOR | GL_LIGHT_MODEL_AMBIENT | GL_TEXTURE_ENV_COLOR | GL_TEXTURE_BORDER_COLOR
        | GL_OBJECT_PLANE | GL_EYE_PLANE | GL_TEXTURE_SWIZZLE_RGBA => 4,
        GL_SPOT_DIRECTION | GL_COLOR_INDEXES | GL_POINT_DISTANCE_ATTENUATION => 3,
        _ => 1,
    }
}

/// Copies `count` elements a command argument points at (none for a null pointer).
///
/// # Safety
/// `p` is null or points at `count` readable elements, as GL requires of the caller.
pub unsafe fn copy_array<T: Copy>(p: *const T, count: usize) -> Box<[T]> {
    if p.is_null() {
        return Box::new([]);
    }
    // SAFETY: as the caller promises.
    unsafe { std::slice::from_raw_parts(p, count) }.into()
}

/// The pointer a replayed array argument passes: null for one recorded from null.
pub fn array_ptr<T>(values: &[T]) -> *const T {
    if values.is_empty() {
        std::ptr::null()
    } else {
        values.as_ptr()
    }
}

/// A command recorded by the hand-written code of this file.
pub enum Recorded {
    /// glCallLists: the names as offsets from the list base at execution, or the error
    /// the command reports when executed.
    CallLists(Result<Box<[GLuint]>, GLenum>),
    /// glTexImage1D with the client image copied and the unpack state it was read with.
    TexImage1D { target: GLenum, level: GLint, internal_format: GLint, width: GLsizei, border: GLint, format: GLenum, ty: GLenum, image: ClientImage },
    /// glTexSubImage1D, likewise.
    TexSubImage1D { target: GLenum, level: GLint, x: GLint, width: GLsizei, format: GLenum, ty: GLenum, image: ClientImage },
    /// glPolygonStipple with the 32x32 pattern copied.
    PolygonStipple(ClientImage),
    /// glTexImage2D with the client image copied and the unpack state it was read with.
    TexImage2D { target: GLenum, level: GLint, internal_format: GLint, width: GLsizei, height: GLsizei, border: GLint, format: GLenum, ty: GLenum, image: ClientImage },
    /// Nothing to run: the command was rejected when the list was compiled.
    Nothing,
    /// glDrawArrays with every enabled array in a buffer object.
    DrawArrays { mode: GLenum, first: GLint, count: GLsizei },
    /// glDrawArrays / glDrawElements with the vertices and indices copied.
    CapturedDraw(crate::state::display_list_draws::CapturedDraw),
    /// glMultiDrawArrays / glMultiDrawElements with each draw's vertices and indices copied.
    MultiDraw(Vec<crate::state::display_list_draws::CapturedDraw>),
    /// glDrawElements / glDrawRangeElements with arrays and indices in buffer objects.
    DrawElements { mode: GLenum, count: GLsizei, ty: GLenum, offset: usize },
    /// glTexSubImage2D, likewise.
    TexSubImage2D { target: GLenum, level: GLint, x: GLint, y: GLint, width: GLsizei, height: GLsizei, format: GLenum, ty: GLenum, image: ClientImage },
    /// glDrawPixels with the client image copied.
    DrawPixels { width: GLsizei, height: GLsizei, format: GLenum, ty: GLenum, image: ClientImage },
    /// glMap1 / glMap2 with the control points copied.
    Map(crate::state::evaluators::RecordedMap),
    /// glBitmap with the bitmap copied.
    Bitmap { width: GLsizei, height: GLsizei, origin: [f32; 2], advance: [f32; 2], image: ClientImage },
}

/// Client pixels copied when a list was compiled, with the unpack state that describes
/// them; or an offset into the pixel-unpack buffer bound then.
pub enum ClientImage {
    Copied { bytes: Box<[u8]>, store: PixelStore },
    UnpackBuffer { buffer: GLuint, offset: usize, store: PixelStore },
    None,
}

impl ClientImage {
    /// Copies what a pixel-transfer command would read of `pixels`.
    ///
    /// # Safety
    /// `pixels` is null or holds the image the unpack state describes.
    unsafe fn capture(ctx: &ContextState, width: GLsizei, height: GLsizei, format: GLenum, ty: GLenum, pixels: *const c_void) -> ClientImage {
        let store = ctx.bindings.unpack.clone();
        if ctx.bindings.pixel_unpack_buffer != 0 {
            return ClientImage::UnpackBuffer { buffer: ctx.bindings.pixel_unpack_buffer, offset: pixels as usize, store };
        }
        if pixels.is_null() || width < 0 || height < 0 {
            return ClientImage::None;
        }
        let Ok(total_bytes) = crate::pixels::client_image_bytes(&store, [width as u32, height as u32, 1], format, ty) else {
            return ClientImage::None;
        };
        // SAFETY: as the caller promises.
        let bytes = unsafe { std::slice::from_raw_parts(pixels as *const u8, total_bytes) }.into();
        ClientImage::Copied { bytes, store }
    }

    /// Copies `len` bytes of `pixels` (an image whose size the caller computed).
    ///
    /// # Safety
    /// `pixels` is null or holds `len` bytes.
    unsafe fn capture_bytes(ctx: &ContextState, len: Option<usize>, pixels: *const c_void) -> ClientImage {
        let store = ctx.bindings.unpack.clone();
        if ctx.bindings.pixel_unpack_buffer != 0 {
            return ClientImage::UnpackBuffer { buffer: ctx.bindings.pixel_unpack_buffer, offset: pixels as usize, store };
        }
        match len {
            Some(len) if !pixels.is_null() => {
                // SAFETY: as the caller promises.
                let bytes = unsafe { std::slice::from_raw_parts(pixels as *const u8, len) }.into();
                ClientImage::Copied { bytes, store }
            }
            _ => ClientImage::None,
        }
    }

    /// Runs `f` with the pointer and unpack state the image was captured with.
    fn with(&self, ctx: &mut ContextState, f: impl FnOnce(&mut ContextState, *const c_void)) {
        let (store, buffer, pointer) = match self {
            ClientImage::Copied { bytes, store } => (store.clone(), 0, bytes.as_ptr() as *const c_void),
            ClientImage::UnpackBuffer { buffer, offset, store } => (store.clone(), *buffer, *offset as *const c_void),
            ClientImage::None => (ctx.bindings.unpack.clone(), 0, std::ptr::null()),
        };
        let saved_store = std::mem::replace(&mut ctx.bindings.unpack, store);
        let saved_buffer = std::mem::replace(&mut ctx.bindings.pixel_unpack_buffer, buffer);
        f(ctx, pointer);
        ctx.bindings.unpack = saved_store;
        ctx.bindings.pixel_unpack_buffer = saved_buffer;
    }
}

impl Recorded {
    pub fn replay(&self, ctx: &mut ContextState) {
        // glCallLists is allowed between glBegin and glEnd; image commands are not.
        if ctx.in_begin_end() && !matches!(self, Recorded::CallLists(_)) {
            return ctx.record_error(GL_INVALID_OPERATION);
        }
        match self {
            Recorded::Nothing => {}
            Recorded::Map(map) => map.replay(ctx),
            &Recorded::DrawArrays { mode, first, count } => unsafe { ctx.DrawArrays(mode, first, count) },
            Recorded::CapturedDraw(draw) => ctx.replay_captured_draw(draw),
            Recorded::MultiDraw(draws) => draws.iter().for_each(|d| ctx.replay_captured_draw(d)),
            &Recorded::DrawElements { mode, count, ty, offset } => unsafe { ctx.DrawElements(mode, count, ty, offset as *const c_void) },
            Recorded::CallLists(Err(e)) => ctx.record_error(*e),
            Recorded::CallLists(Ok(offsets)) => {
                let base = ctx.display_lists.base;
                for offset in offsets.iter() {
                    ctx.gl_call_list(base.wrapping_add(*offset));
                }
            }
            &Recorded::TexImage1D { target, level, internal_format, width, border, format, ty, ref image } => {
                image.with(ctx, |ctx, p| unsafe { ctx.TexImage1D(target, level, internal_format, width, border, format, ty, p) })
            }
            &Recorded::TexSubImage1D { target, level, x, width, format, ty, ref image } => {
                image.with(ctx, |ctx, p| unsafe { ctx.TexSubImage1D(target, level, x, width, format, ty, p) })
            }
            Recorded::PolygonStipple(image) => image.with(ctx, |ctx, p| ctx.gl_polygon_stipple(p as *const u8)),
            &Recorded::TexImage2D { target, level, internal_format, width, height, border, format, ty, ref image } => {
                image.with(ctx, |ctx, p| unsafe { ctx.TexImage2D(target, level, internal_format, width, height, border, format, ty, p) })
            }
            &Recorded::TexSubImage2D { target, level, x, y, width, height, format, ty, ref image } => {
                image.with(ctx, |ctx, p| unsafe { ctx.TexSubImage2D(target, level, x, y, width, height, format, ty, p) })
            }
            &Recorded::DrawPixels { width, height, format, ty, ref image } => image.with(ctx, |ctx, p| ctx.gl_draw_pixels(width, height, format, ty, p)),
            &Recorded::Bitmap { width, height, origin, advance, ref image } => {
                image.with(ctx, |ctx, p| ctx.gl_bitmap(width, height, origin[0], origin[1], advance[0], advance[1], p as *const u8))
            }
        }
    }
}

/// The names glCallLists reads from `lists`, as u32 offsets, or the command's error.
///
/// # Safety
/// `lists` holds `n` names of `ty`.
unsafe fn list_names(n: GLsizei, ty: GLenum, lists: *const c_void) -> Result<Box<[GLuint]>, GLenum> {
    if n < 0 {
        return Err(GL_INVALID_VALUE);
    }
    let bytes_per_name = match ty {
        GL_BYTE | GL_UNSIGNED_BYTE => 1,
        GL_SHORT | GL_UNSIGNED_SHORT | GL_2_BYTES => 2,
        GL_3_BYTES => 3,
        GL_INT | GL_UNSIGNED_INT | GL_FLOAT | GL_4_BYTES => 4,
        _ => return Err(GL_INVALID_ENUM),
    };
    if n == 0 || lists.is_null() {
        return Ok(Box::new([]));
    }
    // SAFETY: as the caller promises.
    let data = unsafe { std::slice::from_raw_parts(lists as *const u8, n as usize * bytes_per_name) };
    let names = data
        .chunks_exact(bytes_per_name)
        .map(|c| match ty {
            GL_BYTE => c[0] as i8 as i32 as u32,
            GL_UNSIGNED_BYTE => c[0] as u32,
            GL_SHORT => i16::from_ne_bytes([c[0], c[1]]) as i32 as u32,
            GL_UNSIGNED_SHORT => u16::from_ne_bytes([c[0], c[1]]) as u32,
            GL_INT => i32::from_ne_bytes([c[0], c[1], c[2], c[3]]) as u32,
            GL_UNSIGNED_INT => u32::from_ne_bytes([c[0], c[1], c[2], c[3]]),
            GL_FLOAT => f32::from_ne_bytes([c[0], c[1], c[2], c[3]]) as i64 as u32,
            // GL_n_BYTES: big-endian byte sequences, first byte most significant.
            _ => c.iter().fold(0u32, |acc, b| (acc << 8) | *b as u32),
        })
        .collect();
    Ok(names)
}

/// Records glCallLists.
///
/// # Safety
/// As glCallLists: `lists` holds `n` names of `ty`.
pub unsafe fn record_call_lists(_ctx: &mut ContextState, n: GLsizei, ty: GLenum, lists: *const c_void) -> ListCommand {
    ListCommand::Recorded(Recorded::CallLists(unsafe { list_names(n, ty, lists) }))
}

/// Records glTexImage1D, copying the client image.
///
/// # Safety
/// As glTexImage1D.
#[allow(clippy::too_many_arguments)]
pub unsafe fn record_tex_image1_d(ctx: &mut ContextState, target: GLenum, level: GLint, internal_format: GLint, width: GLsizei, border: GLint, format: GLenum, ty: GLenum, pixels: *const c_void) -> ListCommand {
    let image = unsafe { ClientImage::capture(ctx, width, 1, format, ty, pixels) };
    ListCommand::Recorded(Recorded::TexImage1D { target, level, internal_format, width, border, format, ty, image })
}

/// Records glTexSubImage1D, copying the client image.
///
/// # Safety
/// As glTexSubImage1D.
#[allow(clippy::too_many_arguments)]
pub unsafe fn record_tex_sub_image1_d(ctx: &mut ContextState, target: GLenum, level: GLint, x: GLint, width: GLsizei, format: GLenum, ty: GLenum, pixels: *const c_void) -> ListCommand {
    let image = unsafe { ClientImage::capture(ctx, width, 1, format, ty, pixels) };
    ListCommand::Recorded(Recorded::TexSubImage1D { target, level, x, width, format, ty, image })
}

/// Records glPolygonStipple, copying the pattern as the unpack state lays it out.
///
/// # Safety
/// As glPolygonStipple: `mask` is null or holds the 32x32 bitmap.
pub unsafe fn record_polygon_stipple(ctx: &mut ContextState, mask: *const GLubyte) -> ListCommand {
    let len = crate::state::polygon_stipple::packed_bytes(&ctx.bindings.unpack);
    ListCommand::Recorded(Recorded::PolygonStipple(unsafe { ClientImage::capture_bytes(ctx, Some(len), mask as *const c_void) }))
}

/// Records glTexImage2D, copying the client image.
///
/// # Safety
/// As glTexImage2D.
#[allow(clippy::too_many_arguments)]
pub unsafe fn record_tex_image2_d(
    ctx: &mut ContextState,
    target: GLenum,
    level: GLint,
    internal_format: GLint,
    width: GLsizei,
    height: GLsizei,
    border: GLint,
    format: GLenum,
    ty: GLenum,
    pixels: *const c_void,
) -> ListCommand {
    let image = unsafe { ClientImage::capture(ctx, width, height, format, ty, pixels) };
    ListCommand::Recorded(Recorded::TexImage2D { target, level, internal_format, width, height, border, format, ty, image })
}

/// Records glTexSubImage2D, copying the client image.
///
/// # Safety
/// As glTexSubImage2D.
#[allow(clippy::too_many_arguments)]
pub unsafe fn record_tex_sub_image2_d(
    ctx: &mut ContextState,
    target: GLenum,
    level: GLint,
    x: GLint,
    y: GLint,
    width: GLsizei,
    height: GLsizei,
    format: GLenum,
    ty: GLenum,
    pixels: *const c_void,
) -> ListCommand {
    let image = unsafe { ClientImage::capture(ctx, width, height, format, ty, pixels) };
    ListCommand::Recorded(Recorded::TexSubImage2D { target, level, x, y, width, height, format, ty, image })
}

/// Records glDrawPixels, copying the client image.
///
/// # Safety
/// As glDrawPixels.
pub unsafe fn record_draw_pixels(ctx: &mut ContextState, width: GLsizei, height: GLsizei, format: GLenum, ty: GLenum, pixels: *const c_void) -> ListCommand {
    let len = (width >= 0 && height >= 0).then(|| crate::fixed_function::draw_pixels::client_bytes(&ctx.bindings.unpack, width as u32, height as u32, format, ty)).flatten();
    let image = unsafe { ClientImage::capture_bytes(ctx, len, pixels) };
    ListCommand::Recorded(Recorded::DrawPixels { width, height, format, ty, image })
}

/// Records glBitmap, copying the bitmap.
///
/// # Safety
/// As glBitmap.
#[allow(clippy::too_many_arguments)]
pub unsafe fn record_bitmap(ctx: &mut ContextState, width: GLsizei, height: GLsizei, xorig: f32, yorig: f32, xmove: f32, ymove: f32, bitmap: *const u8) -> ListCommand {
    let len = (width >= 0 && height >= 0).then(|| crate::fixed_function::bitmap::bitmap_bytes(&ctx.bindings.unpack, width as u32, height as u32));
    let image = unsafe { ClientImage::capture_bytes(ctx, len, bitmap as *const c_void) };
    ListCommand::Recorded(Recorded::Bitmap { width, height, origin: [xorig, yorig], advance: [xmove, ymove], image })
}

/// glDrawArraysInstanced while a list is compiled: ARB_draw_instanced makes it
/// GL_INVALID_OPERATION, and nothing is recorded.
///
/// # Safety
/// Reads no memory; unsafe as every hand-recorded command is.
pub unsafe fn record_draw_arrays_instanced(ctx: &mut ContextState, _mode: GLenum, _first: GLint, _count: GLsizei, _instances: GLsizei) -> ListCommand {
    ctx.reject_in_list();
    ListCommand::Recorded(Recorded::Nothing)
}

/// glDispatchComputeIndirect while a list is compiled: GL_INVALID_OPERATION (its
/// parameters live in a buffer the list cannot capture), neither recorded nor executed.
///
/// # Safety
/// Reads no memory; unsafe as every hand-recorded command is.
pub unsafe fn record_dispatch_compute_indirect(ctx: &mut ContextState, _indirect: GLintptr) -> ListCommand {
    ctx.reject_in_list();
    ListCommand::Recorded(Recorded::Nothing)
}

/// glDrawElementsInstanced while a list is compiled, likewise.
///
/// # Safety
/// Reads no memory; unsafe as every hand-recorded command is.
pub unsafe fn record_draw_elements_instanced(ctx: &mut ContextState, _mode: GLenum, _count: GLsizei, _ty: GLenum, _indices: *const c_void, _instances: GLsizei) -> ListCommand {
    ctx.reject_in_list();
    ListCommand::Recorded(Recorded::Nothing)
}

/// glDrawArrays while a list is compiled: the vertices are copied into the list.
///
/// # Safety
/// As glDrawArrays: client arrays must hold the vertices drawn.
pub unsafe fn record_draw_arrays(ctx: &mut ContextState, mode: GLenum, first: GLint, count: GLsizei) -> ListCommand {
    if !ctx.list_inside_begin() {
        if let Some(draw) = unsafe { ctx.capture_draw_arrays(mode, first, count) } {
            return ListCommand::Recorded(Recorded::CapturedDraw(draw));
        }
    }
    if !ctx.arrays_in_buffers(false) {
        ctx.display_lists.execute_instead = true;
        return ListCommand::Recorded(Recorded::Nothing);
    }
    ListCommand::Recorded(Recorded::DrawArrays { mode, first, count })
}

/// glMultiDrawArrays while a list is compiled: every range's vertices are copied. Ranges
/// that cannot be copied (a negative count, an instanced array) run at once instead, so
/// the command reports its error.
///
/// # Safety
/// As glMultiDrawArrays: `first` and `count` hold `drawcount` values, and client arrays
/// the vertices drawn.
pub unsafe fn record_multi_draw_arrays(ctx: &mut ContextState, mode: GLenum, first: *const GLint, count: *const GLsizei, drawcount: GLsizei) -> ListCommand {
    if !ctx.list_inside_begin() && drawcount >= 0 && !first.is_null() && !count.is_null() {
        let n = drawcount as usize;
        // SAFETY: as the caller promises.
        let (firsts, counts) = unsafe { (std::slice::from_raw_parts(first, n), std::slice::from_raw_parts(count, n)) };
        let draws: Option<Vec<_>> = firsts.iter().zip(counts).map(|(&f, &c)| unsafe { ctx.capture_draw_arrays(mode, f, c) }).collect();
        if let Some(draws) = draws {
            return ListCommand::Recorded(Recorded::MultiDraw(draws));
        }
    }
    ctx.display_lists.execute_instead = true;
    ListCommand::Recorded(Recorded::Nothing)
}

/// glMultiDrawElements while a list is compiled: every draw's indices and the vertices
/// they reach are copied; as `record_multi_draw_arrays` otherwise.
///
/// # Safety
/// As glMultiDrawElements: `count` and `indices` hold `drawcount` values, and client
/// indices and arrays what the draws read.
pub unsafe fn record_multi_draw_elements(ctx: &mut ContextState, mode: GLenum, count: *const GLsizei, ty: GLenum, indices: *const *const c_void, drawcount: GLsizei) -> ListCommand {
    if !ctx.list_inside_begin() && drawcount >= 0 && !count.is_null() && !indices.is_null() {
        let n = drawcount as usize;
        // SAFETY: as the caller promises.
        let (counts, offsets) = unsafe { (std::slice::from_raw_parts(count, n), std::slice::from_raw_parts(indices, n)) };
        let draws: Option<Vec<_>> = counts.iter().zip(offsets).map(|(&c, &i)| unsafe { ctx.capture_draw_elements(mode, c, ty, i) }).collect();
        if let Some(draws) = draws {
            return ListCommand::Recorded(Recorded::MultiDraw(draws));
        }
    }
    ctx.display_lists.execute_instead = true;
    ListCommand::Recorded(Recorded::Nothing)
}

/// glDrawElements while a list is compiled: the indices and the vertices they reach are
/// copied into the list.
///
/// # Safety
/// As glDrawElements: client indices and arrays must hold what the draw reads.
pub unsafe fn record_draw_elements(ctx: &mut ContextState, mode: GLenum, count: GLsizei, ty: GLenum, indices: *const c_void) -> ListCommand {
    if !ctx.list_inside_begin() {
        if let Some(draw) = unsafe { ctx.capture_draw_elements(mode, count, ty, indices) } {
            return ListCommand::Recorded(Recorded::CapturedDraw(draw));
        }
    }
    if !ctx.arrays_in_buffers(true) {
        ctx.display_lists.execute_instead = true;
        return ListCommand::Recorded(Recorded::Nothing);
    }
    ListCommand::Recorded(Recorded::DrawElements { mode, count, ty, offset: indices as usize })
}

/// glDrawRangeElements while a list is compiled: the range is only a hint.
///
/// # Safety
/// As `record_draw_elements`.
#[allow(clippy::too_many_arguments)]
pub unsafe fn record_draw_range_elements(ctx: &mut ContextState, mode: GLenum, _start: GLuint, _end: GLuint, count: GLsizei, ty: GLenum, indices: *const c_void) -> ListCommand {
    unsafe { record_draw_elements(ctx, mode, count, ty, indices) }
}

impl ContextState {
    /// Whether every enabled array (and, with `indices`, the element array) of the bound
    /// vertex array is in a buffer object, so a recorded draw keeps no client pointer.
    fn arrays_in_buffers(&self, indices: bool) -> bool {
        // Inside a recorded glBegin the draw is an error when the list runs: nothing to read.
        if self.list_inside_begin() {
            return true;
        }
        let Some(vao) = self.vertex_arrays.get(self.bindings.vertex_array) else { return false };
        vao.attribs.iter().all(|a| !a.enabled || a.buffer != 0) && (!indices || vao.element_buffer != 0)
    }

    /// Whether the list being compiled has a glBegin not yet closed by glEnd.
    fn list_inside_begin(&self) -> bool {
        let Some(c) = &self.display_lists.compiling else { return false };
        c.commands.iter().rev().find_map(|command| match command {
            ListCommand::Begin(_) => Some(true),
            ListCommand::End() => Some(false),
            _ => None,
        }) == Some(true)
    }

    /// A command GL forbids in display lists: GL_INVALID_OPERATION, and not executed even
    /// in GL_COMPILE_AND_EXECUTE.
    fn reject_in_list(&mut self) {
        self.record_error(GL_INVALID_OPERATION);
        self.display_lists.rejected = true;
    }

    /// Whether commands are being recorded into a list now.
    #[inline]
    pub(crate) fn compiling_list(&self) -> bool {
        self.display_lists.compiling.is_some()
    }

    /// Appends a recorded command to the list being compiled; returns whether the command
    /// is also executed (GL_COMPILE_AND_EXECUTE).
    pub(crate) fn append_to_list(&mut self, command: ListCommand) -> bool {
        if std::mem::take(&mut self.display_lists.rejected) {
            return false;
        }
        if std::mem::take(&mut self.display_lists.execute_instead) {
            return true;
        }
        match &mut self.display_lists.compiling {
            Some(c) => {
                c.commands.push(command);
                c.mode == GL_COMPILE_AND_EXECUTE
            }
            None => true,
        }
    }

    pub(crate) fn gl_new_list(&mut self, list: GLuint, mode: GLenum) {
        if !self.check(!self.is_core() && !self.is_gles(), GL_INVALID_OPERATION) {
            return;
        }
        if !self.check(list != 0, GL_INVALID_VALUE) {
            return;
        }
        if !self.check(matches!(mode, GL_COMPILE | GL_COMPILE_AND_EXECUTE), GL_INVALID_ENUM) {
            return;
        }
        if !self.check(self.display_lists.compiling.is_none(), GL_INVALID_OPERATION) {
            return;
        }
        self.display_lists.compiling = Some(Compiling { name: list, mode, commands: Vec::new() });
    }

    pub(crate) fn gl_end_list(&mut self) {
        let Some(compiled) = self.display_lists.compiling.take() else {
            return self.record_error(GL_INVALID_OPERATION);
        };
        let list: List = compiled.commands.into();
        self.share.lock_lists().lists.insert(compiled.name, list);
    }

    pub(crate) fn gl_call_list(&mut self, list: GLuint) {
        if self.is_core() || self.is_gles() {
            return self.record_error(GL_INVALID_OPERATION);
        }
        if self.display_lists.depth >= MAX_LIST_NESTING {
            return;
        }
        let Some(commands) = self.share.lock_lists().lists.get(&list).cloned() else {
            // Calling an undefined list does nothing.
            return;
        };
        self.display_lists.depth += 1;
        for command in commands.iter() {
            command.replay(self);
        }
        self.display_lists.depth -= 1;
    }

    /// glCallLists outside list compilation.
    ///
    /// # Safety
    /// `lists` holds `n` names of `ty`.
    pub(crate) unsafe fn gl_call_lists(&mut self, n: GLsizei, ty: GLenum, lists: *const c_void) {
        if self.is_core() || self.is_gles() {
            return self.record_error(GL_INVALID_OPERATION);
        }
        Recorded::CallLists(unsafe { list_names(n, ty, lists) }).replay(self);
    }

    pub(crate) fn gl_list_base(&mut self, base: GLuint) {
        if !self.check(!self.is_core() && !self.is_gles(), GL_INVALID_OPERATION) {
            return;
        }
        self.display_lists.base = base;
    }

    /// glGenLists: `range` consecutive unused names, reserved; 0 when none are free.
    pub(crate) fn gl_gen_lists(&mut self, range: GLsizei) -> GLuint {
        if !self.check(!self.is_core() && !self.is_gles(), GL_INVALID_OPERATION) {
            return 0;
        }
        if !self.check(range >= 0, GL_INVALID_VALUE) {
            return 0;
        }
        if range == 0 {
            return 0;
        }
        let mut lists = self.share.lock_lists();
        let range = range as u64;
        // The first gap of `range` names after name 0.
        let mut start: u64 = 1;
        for &used in lists.lists.keys() {
            let used = used as u64;
            if used >= start + range {
                break;
            }
            if used >= start {
                start = used + 1;
            }
        }
        if start + range - 1 > u32::MAX as u64 {
            return 0;
        }
        for name in start..start + range {
            lists.lists.insert(name as GLuint, Arc::from(Vec::new()));
        }
        start as GLuint
    }

    pub(crate) fn gl_delete_lists(&mut self, list: GLuint, range: GLsizei) {
        if !self.check(!self.is_core() && !self.is_gles(), GL_INVALID_OPERATION) {
            return;
        }
        if !self.check(range >= 0, GL_INVALID_VALUE) {
            return;
        }
        let end = (list as u64 + range as u64).min(u32::MAX as u64 + 1);
        let mut lists = self.share.lock_lists();
        let doomed: Vec<GLuint> = lists.lists.range(list..).map(|(k, _)| *k).take_while(|k| (*k as u64) < end).collect();
        for name in doomed {
            lists.lists.remove(&name);
        }
    }

    pub(crate) fn gl_is_list(&mut self, list: GLuint) -> GLboolean {
        if !self.check(!self.is_core() && !self.is_gles(), GL_INVALID_OPERATION) {
            return 0;
        }
        self.share.lock_lists().lists.contains_key(&list) as GLboolean
    }

    /// GL_LIST_INDEX, GL_LIST_MODE, GL_LIST_BASE, GL_MAX_LIST_NESTING.
    pub(crate) fn display_list_value(&self, pname: GLenum) -> Option<i64> {
        let c = &self.display_lists.compiling;
        Some(match pname {
            GL_LIST_INDEX => c.as_ref().map_or(0, |c| c.name as i64),
            GL_LIST_MODE => c.as_ref().map_or(0, |c| c.mode as i64),
            GL_LIST_BASE => self.display_lists.base as i64,
            GL_MAX_LIST_NESTING => MAX_LIST_NESTING as i64,
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn call_lists_reads_every_name_type() {
        let bytes: [u8; 6] = [1, 2, 3, 4, 5, 6];
        let names = |ty| unsafe { list_names(2, ty, bytes.as_ptr() as *const c_void) }.unwrap();
        assert_eq!(&*names(GL_UNSIGNED_BYTE), &[1, 2]);
        assert_eq!(&*names(GL_2_BYTES), &[0x0102, 0x0304]);
        assert_eq!(&*names(GL_3_BYTES), &[0x010203, 0x040506]);
        let floats = [3.0f32, 7.0];
        assert_eq!(&*unsafe { list_names(2, GL_FLOAT, floats.as_ptr() as *const c_void) }.unwrap(), &[3, 7]);
        assert_eq!(unsafe { list_names(-1, GL_INT, std::ptr::null()) }.unwrap_err(), GL_INVALID_VALUE);
        assert_eq!(unsafe { list_names(1, GL_RGBA, bytes.as_ptr() as *const c_void) }.unwrap_err(), GL_INVALID_ENUM);
    }

    #[test]
    fn vector_parameters_have_their_gl_sizes() {
        assert_eq!(pname_values(GL_SPOT_DIRECTION), 3);
        assert_eq!(pname_values(GL_AMBIENT), 4);
        assert_eq!(pname_values(GL_SHININESS), 1);
    }
}
