//! A GL context: its creation, making it current on a thread, and the state it owns.
//!
//! A `Context` is shared (`Arc`) with the window system, but its state is touched only by
//! the thread it is current on: `make_current` binds it to one thread at a time, so the
//! entry points reach the state without a lock.

use std::cell::{RefCell, UnsafeCell};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use vk_backend::{CommandStream, Device};

use crate::dispatch;
use crate::framebuffer_default::DefaultFramebuffer;
use crate::limits::Limits;
use crate::objects::bindings::Bindings;
use crate::objects::framebuffer::Framebuffer;
use crate::objects::names::NameTable;
use crate::objects::texture::{Texture, TARGET_COUNT};
use crate::objects::vertex_array::VertexArray;
use crate::share_group::ShareGroup;
use crate::state::GlState;
use crate::types::enums::*;
use crate::types::GLenum;
use crate::version::{self, Api, ContextConfig, ContextStrings, Profile, VersionError};

/// Why a context could not be created.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ContextError {
    /// The requested version or profile is not offered (EGL_BAD_MATCH).
    Version(VersionError),
    /// A shared context of the other API (desktop GL and GLES cannot share).
    IncompatibleShare,
}

impl std::fmt::Display for ContextError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ContextError::Version(e) => e.fmt(f),
            ContextError::IncompatibleShare => write!(f, "cannot share objects between GL and GLES contexts"),
        }
    }
}

impl std::error::Error for ContextError {}

/// Why a context could not be made current.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MakeCurrentError {
    /// The context is current on another thread (EGL_BAD_ACCESS).
    CurrentElsewhere,
}

impl std::fmt::Display for MakeCurrentError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the context is current on another thread")
    }
}

impl std::error::Error for MakeCurrentError {}

/// A GL or GLES context.
pub struct Context {
    state: UnsafeCell<ContextState>,
    /// The id of the thread it is current on, 0 when it is not current.
    bound_thread: AtomicU64,
    config: ContextConfig,
    version: (u32, u32),
}

// SAFETY: the state is reached only through the thread the context is bound to
// (`bound_thread`), or by its creator before any thread binds it.
unsafe impl Sync for Context {}
unsafe impl Send for Context {}

/// Everything a context owns; the generated entry points call its `GlCommands` methods.
pub struct ContextState {
    pub(crate) device: Arc<Device>,
    /// This context's command recording; work is submitted on flush, finish and read-back.
    pub(crate) stream: CommandStream,
    pub(crate) api: Api,
    pub(crate) profile: Profile,
    pub(crate) version: (u32, u32),
    pub(crate) config: ContextConfig,
    pub(crate) strings: ContextStrings,
    pub(crate) limits: Limits,
    /// The first error recorded since the last glGetError.
    pub(crate) error: GLenum,
    pub(crate) share: Arc<ShareGroup>,
    pub(crate) state: GlState,
    pub(crate) bindings: Bindings,
    /// Vertex arrays stay per context (name 0 is the default array).
    pub(crate) vertex_arrays: NameTable<VertexArray>,
    /// Program pipelines are container objects: per context.
    pub(crate) program_pipelines: NameTable<crate::objects::program_pipeline::ProgramPipeline>,
    /// Framebuffer objects stay per context (name 0 is the window's).
    pub(crate) framebuffers: NameTable<Framebuffer>,
    /// glDrawBuffers and glReadBuffer of the default framebuffer.
    pub(crate) default_buffers: crate::objects::framebuffer::DefaultBuffers,
    /// Texture 0 of each target: per context, created on first use.
    pub(crate) default_textures: [Option<Texture>; TARGET_COUNT],
    pub(crate) draw_surface: Option<DefaultFramebuffer>,
    pub(crate) read_surface: Option<DefaultFramebuffer>,
    /// Set once the first make-current sized the viewport and scissor.
    pub(crate) surface_seen: bool,
    /// The current generic vertex attributes (glVertexAttrib*), then the conventional ones,
    /// read by disabled arrays.
    pub(crate) current_attribs: Vec<[f32; 4]>,
    /// The current generic vertex attributes set by glVertexAttribL*: double inputs read
    /// these from disabled arrays.
    pub(crate) current_attribs_double: Vec<[f64; 4]>,
    /// Vertices gathered between glBegin and glEnd.
    pub(crate) immediate: crate::draw_path::immediate::ImmediateState,
    /// The image of the pixel rectangle being drawn (glDrawPixels, glBitmap, glCopyPixels).
    pub(crate) pixel_rectangle: Option<crate::fixed_function::pixel_rectangle::PixelSource>,
    /// Programs generated for drawing without one, by their fixed-function state key.
    pub(crate) fixed_function_programs: crate::fixed_function::ProgramCache,
    /// ARB assembly program objects, bindings, enables and parameters.
    pub(crate) arb_programs: crate::arb_program::objects::ArbProgramState,
    /// glNewList / glCallList state (compatibility profile).
    pub(crate) display_lists: crate::state::display_list::DisplayListState,
    /// glPushAttrib / glPushClientAttrib stacks (compatibility profile).
    pub(crate) attrib_stacks: crate::state::attrib_stack::AttribStacks,
    /// glClientActiveTexture: the texture-coordinate array glTexCoordPointer sets.
    pub(crate) client_active_texture: u32,
    /// The device maps GL's [-1, 1] clip depth itself (no lower_clip_control pass).
    pub(crate) clip_control_native: bool,
    /// What shaders are lowered for: the device's capabilities less what `GALVAN_EMULATE`
    /// asks to emulate.
    pub(crate) caps: nir_like::Caps,
    /// KHR_debug: callback, message log, groups, labels.
    pub(crate) debug: crate::debug_output::DebugState,
    /// What samplers without a complete texture sample.
    pub(crate) fallback_texture: Vec<(crate::draw_path::gpu_image::FallbackKey, vk_backend::ImageView)>,
    /// The GL_CLAMP key of the last draw's program (by GPU program id), worked out again
    /// only after texture or sampler state changed.
    pub(crate) tex_clamp_key: Option<(u64, crate::draw_path::texture_sampler::ClampKey)>,
    /// The share group's texture generation this context's derived keys were last marked
    /// stale at (see `note_shared_texture_changes`).
    pub(crate) seen_texture_generation: u64,
    /// Query objects (not shared between contexts) and the active ones.
    pub(crate) queries: crate::objects::query::QueryObjects,
    /// glBeginConditionalRender's query and mode, while rendering is conditional.
    pub(crate) conditional_render: Option<crate::draw_path::conditional_render::ConditionalRender>,
    /// Fences this context made that no wait or finish has signalled yet.
    pub(crate) unsignaled_fences: Vec<crate::types::GLuint>,
    /// Transform feedback objects (per context) and the bound one.
    pub(crate) transform_feedback: crate::objects::transform_feedback::TransformFeedbackState,
    /// The programs of clears that write masks let through only in part.
    pub(crate) masked_clear_programs: crate::draw_path::masked_clear::MaskedClearPrograms,
    /// The programs of blits drawn into multisample images.
    pub(crate) blit_draw_programs: crate::draw_path::blit_draw::BlitDrawPrograms,
    /// Buffers of emulated draws (records, emitted vertices, patches), reused once idle.
    pub(crate) scratch_buffers: crate::draw_path::scratch_buffers::ScratchBuffers,
    /// The Vulkan device was lost: glGetGraphicsResetStatus reports a reset.
    pub(crate) device_lost: bool,
}

static NEXT_THREAD_ID: AtomicU64 = AtomicU64::new(1);

/// Keeps the current context alive while `dispatch` holds a raw pointer to it. When the
/// thread exits, the context is released so another thread may make it current.
struct CurrentOwner(Option<Arc<Context>>);

impl Drop for CurrentOwner {
    fn drop(&mut self) {
        if let Some(ctx) = self.0.take() {
            dispatch::set_current_ptr(std::ptr::null());
            ctx.bound_thread.store(0, Ordering::Release);
        }
    }
}

thread_local! {
    static THREAD_ID: u64 = NEXT_THREAD_ID.fetch_add(1, Ordering::Relaxed);
    static CURRENT_OWNER: RefCell<CurrentOwner> = const { RefCell::new(CurrentOwner(None)) };
}

fn thread_id() -> u64 {
    // During thread teardown: an id no live thread has.
    THREAD_ID.try_with(|id| *id).unwrap_or(u64::MAX)
}

impl Context {
    /// Creates a context. `share` gives it the buffers, textures, samplers, programs,
    /// syncs and renderbuffers of another context.
    pub fn new(device: Arc<Device>, config: &ContextConfig, share: Option<&Context>) -> Result<Arc<Context>, ContextError> {
        let limits = Limits::from_device(device.info());
        let mut device_caps = device.caps();
        let emulated = device_caps.apply_emulate_from_environment().and_then(|()| config.emulate.map_or(Ok(()), |names| device_caps.apply_emulate_env(names)));
        if let Err(e) = emulated {
            tracing::warn!(target: "galvan", "{e}");
        }
        let device_name = device.info().name.clone();
        let version = version::negotiate_on(config, &device_caps).map_err(ContextError::Version)?;
        let share = match share {
            Some(other) if other.config.api != config.api => return Err(ContextError::IncompatibleShare),
            Some(other) => other.share_group(),
            None => Arc::new(ShareGroup::default()),
        };
        let profile = match config.api {
            Api::Gl if version >= (3, 2) => config.profile,
            _ => Profile::Compatibility,
        };
        let mut strings = ContextStrings::new(config.api, profile, version, &device_name, &device_caps);
        if config.forward_compatible {
            // A forward-compatible context has none of the deprecated features.
            strings.remove_extension("GL_ARB_compatibility");
        }
        let attrib_count = limits.max_vertex_attribs as usize;
        let mut vertex_arrays = NameTable::default();
        vertex_arrays.insert(0, VertexArray::new(limits.max_vertex_attribs as usize));
        let state = ContextState {
            stream: device.create_command_stream(),
            device,
            api: config.api,
            profile,
            version,
            config: *config,
            strings,
            state: GlState::new(&limits),
            bindings: Bindings::new(&limits),
            limits,
            error: GL_NO_ERROR,
            share,
            vertex_arrays,
            program_pipelines: NameTable::default(),
            framebuffers: NameTable::default(),
            default_buffers: Default::default(),
            default_textures: Default::default(),
            draw_surface: None,
            read_surface: None,
            surface_seen: false,
            current_attribs: (0..attrib_count.max(16) + crate::objects::vertex_array::CONVENTIONAL_COUNT)
                .map(|i| if i < 16 { [0.0, 0.0, 0.0, 1.0] } else { crate::objects::vertex_array::conventional_default(i) })
                .collect(),
            current_attribs_double: vec![[0.0, 0.0, 0.0, 1.0]; attrib_count],
            client_active_texture: 0,
            immediate: Default::default(),
            pixel_rectangle: None,
            fixed_function_programs: Default::default(),
            arb_programs: Default::default(),
            display_lists: Default::default(),
            attrib_stacks: Default::default(),
            fallback_texture: Vec::new(),
            tex_clamp_key: None,
            seen_texture_generation: 0,
            debug: Default::default(),
            clip_control_native: device_caps.depth_clip_control,
            caps: device_caps,
            queries: Default::default(),
            conditional_render: None,
            unsignaled_fences: Vec::new(),
            transform_feedback: Default::default(),
            masked_clear_programs: Default::default(),
            blit_draw_programs: Default::default(),
            scratch_buffers: Default::default(),
            device_lost: false,
        };
        Ok(Arc::new(Context {
            state: UnsafeCell::new(state),
            bound_thread: AtomicU64::new(0),
            config: *config,
            version,
        }))
    }

    /// The configuration the context was created with.
    pub fn config(&self) -> &ContextConfig {
        &self.config
    }

    /// The version the context reports (its GL_MAJOR_VERSION and GL_MINOR_VERSION).
    pub fn version(&self) -> (u32, u32) {
        self.version
    }

    fn share_group(&self) -> Arc<ShareGroup> {
        // SAFETY: the share group pointer is set at creation and never changes.
        unsafe { (*self.state.get()).share.clone() }
    }

    /// The state, for the thread the context is bound to.
    ///
    /// # Safety
    /// Only the thread the context is current on may call this, and never while another
    /// reference from this function is alive.
    #[allow(clippy::mut_from_ref)]
    pub(crate) unsafe fn state_mut(&self) -> &mut ContextState {
        &mut *self.state.get()
    }
}

/// Makes `ctx` current on the calling thread with the window system's framebuffers (or
/// none, for a surfaceless context). The context previously current on this thread is
/// flushed and released. A context current on another thread cannot be made current here.
pub fn make_current(
    ctx: &Arc<Context>,
    draw: Option<DefaultFramebuffer>,
    read: Option<DefaultFramebuffer>,
) -> Result<(), MakeCurrentError> {
    let me = thread_id();
    let previous = dispatch::current_ptr();
    if previous != Arc::as_ptr(ctx) {
        match ctx.bound_thread.compare_exchange(0, me, Ordering::AcqRel, Ordering::Acquire) {
            Ok(_) => {}
            Err(owner) if owner == me => {}
            Err(_) => return Err(MakeCurrentError::CurrentElsewhere),
        }
        release_current();
        // During thread teardown the thread-locals are gone: nothing can be made current.
        let stored = CURRENT_OWNER.try_with(|owner| owner.borrow_mut().0 = Some(ctx.clone())).is_ok();
        if !stored {
            ctx.bound_thread.store(0, Ordering::Release);
            return Err(MakeCurrentError::CurrentElsewhere);
        }
        ctx.bound_thread.store(me, Ordering::Release);
        dispatch::set_current_ptr(Arc::as_ptr(ctx));
    }
    // SAFETY: the context is now bound to this thread.
    let state = unsafe { ctx.state_mut() };
    state.attach_surfaces(draw, read);
    Ok(())
}

/// Releases the context current on the calling thread, after flushing its work.
pub fn release_current() {
    let ctx = dispatch::current_ptr();
    if ctx.is_null() {
        return;
    }
    // SAFETY: the current context is bound to this thread and kept alive by CURRENT_OWNER.
    unsafe {
        (*ctx).state_mut().flush();
        (*ctx).bound_thread.store(0, Ordering::Release);
    }
    dispatch::set_current_ptr(std::ptr::null());
    // Dropping the owner last: the context may be freed here.
    let owner = CURRENT_OWNER.try_with(|owner| owner.borrow_mut().0.take());
    drop(owner);
}

/// The context current on the calling thread.
pub fn current_context() -> Option<Arc<Context>> {
    CURRENT_OWNER.try_with(|owner| owner.borrow().0.clone()).ok().flatten()
}

/// Submits the current context's recorded work (eglSwapBuffers, glFlush).
pub fn flush() {
    dispatch::call(|state| state.flush());
}

/// Waits until the current context's work is done (eglWaitClient, glFinish).
pub fn finish() {
    dispatch::call(|state| state.finish());
}

/// eglSwapBuffers on a window: shows the current context's draw surface in `swapchain`
/// (flipped upright by the backend) after the context's recorded work.
pub fn present(swapchain: &mut vk_backend::Swapchain) -> Result<(), PresentError> {
    let ctx = dispatch::current_ptr();
    if ctx.is_null() {
        return Err(PresentError::NoCurrentContext);
    }
    // SAFETY: the current context is bound to this thread and kept alive while current.
    let state = unsafe { (*ctx).state_mut() };
    let Some(surface) = state.draw_surface.clone() else { return Err(PresentError::NoSurface) };
    state.stream.present(swapchain, surface.color_image()).map_err(PresentError::Backend)
}

/// Why `present` failed.
#[derive(Debug)]
pub enum PresentError {
    NoCurrentContext,
    /// The current context has no draw surface (surfaceless).
    NoSurface,
    Backend(vk_backend::Error),
}

impl std::fmt::Display for PresentError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PresentError::NoCurrentContext => write!(f, "no current context"),
            PresentError::NoSurface => write!(f, "the current context has no draw surface"),
            PresentError::Backend(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for PresentError {}

impl ContextState {
    /// Records a GL error; GL keeps the first one until glGetError reads it.
    pub(crate) fn record_error(&mut self, error: GLenum) {
        if self.error == GL_NO_ERROR {
            self.error = error;
        }
        tracing::debug!(target: "galvan", "GL error 0x{error:04X}");
        self.debug_error(error);
    }

    /// Records `error` and returns false when `ok` is false, so validation reads as
    /// `if !self.check(cond, GL_INVALID_ENUM) { return; }`.
    pub(crate) fn check(&mut self, ok: bool, error: GLenum) -> bool {
        if !ok {
            self.record_error(error);
        }
        ok
    }

    pub(crate) fn is_core(&self) -> bool {
        self.api == Api::Gl && self.profile == Profile::Core
    }

    pub(crate) fn is_gles(&self) -> bool {
        self.api == Api::Gles
    }

    /// The API and version the format table checks legality against.
    pub(crate) fn format_api(&self) -> gl_formats::Api {
        crate::pixels::format_api(self.is_gles(), self.is_core(), self.version)
    }

    fn attach_surfaces(&mut self, draw: Option<DefaultFramebuffer>, read: Option<DefaultFramebuffer>) {
        if let (false, Some(surface)) = (self.surface_seen, draw.as_ref()) {
            let (w, h) = (surface.width() as i32, surface.height() as i32);
            self.state.viewport.set_all(Some([0.0, 0.0, w as f32, h as f32]), None, Some([0, 0, w, h]));
            self.state.dirty.insert(crate::state::Dirty::VIEWPORT | crate::state::Dirty::SCISSOR);
            self.surface_seen = true;
        }
        self.draw_surface = draw;
        self.read_surface = read;
        self.state.dirty.insert(crate::state::Dirty::FRAMEBUFFER);
    }

    /// Submits recorded work.
    pub(crate) fn flush(&mut self) {
        if let Err(e) = self.stream.flush() {
            self.backend_failed(e);
        }
    }

    /// Submits recorded work and waits for it.
    pub(crate) fn finish(&mut self) {
        if let Err(e) = self.stream.finish() {
            return self.backend_failed(e);
        }
        self.signal_finished_fences();
        self.read_back_persistent_maps();
    }

    /// A Vulkan failure: logged, reported to the application as GL_OUT_OF_MEMORY (the
    /// only GL error for a command that could not be carried out for lack of resources).
    pub(crate) fn backend_failed(&mut self, error: vk_backend::Error) {
        tracing::error!(target: "galvan", "Vulkan backend: {error}");
        if error == vk_backend::Error::DeviceLost {
            self.device_lost = true;
        }
        self.record_error(GL_OUT_OF_MEMORY);
    }
}
